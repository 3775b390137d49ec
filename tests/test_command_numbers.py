"""A command whose numbers no table holds is refused before any rule runs, in every rule set (issue 37,
item 8): a save's move to (1e308, 1e308) raised OverflowError inside the rules. Now ``apply`` refuses it as
an IllegalCommand naming the command and the field, the game unchanged, and Load and ``replay`` say so.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.ai import bot_for
from game.replay import main as replay_main
from game.rules.core import IllegalCommand, get_ruleset, to_data
from game.saves import SaveError, load_game, save_game, state_hash
from game.scenario import load_scenario
from game.startcheck import start_options

MAPS = Path(__file__).resolve().parent.parent / "maps"
MAP = {"zombiekrieg": "normandy_village.tmx", "outbreak": "hollow_creek_farm.tmx", "zombie40k": "hive_street.tmx"}
ABSURD = [(1e308, 1e308), (float("inf"), 1.0), (float("nan"), 2.0), (-1e300, 3.0), (1e7, 1e7)]


def game_with_a_move(ruleset: str) -> tuple[Any, Any]:
    """A fresh game of ``ruleset`` on its shipped map and a legal move of one of its figures."""
    rules = get_ruleset(ruleset)
    scenario = load_scenario(str(MAPS / MAP[ruleset]))
    game = rules.new_game(scenario, start_options(rules, scenario)[0], 2)
    bot = bot_for(ruleset)
    for _ in range(20):
        move = next((c for c in game.legal_commands() if hasattr(c, "path") and c.path), None)
        if move is not None:
            return game, move
        game.apply(bot(game))
    pytest.fail(f"no move offered in {ruleset}")


@pytest.mark.parametrize("ruleset", sorted(MAP))
def test_a_move_to_an_absurd_place_is_refused_before_any_rule_runs(ruleset: str) -> None:
    game, move = game_with_a_move(ruleset)
    before = state_hash(game)
    for point in ABSURD:
        wild = dataclasses.replace(move, path=(*move.path[:-1], point))
        with pytest.raises(IllegalCommand, match=r"Move: field 'path': .* is not a number from"):
            game.apply(wild)
        assert state_hash(game) == before
    with pytest.raises(IllegalCommand, match="field 'path'"):
        game.apply(dataclasses.replace(move, path=((1.0, 2.0, 3.0),)))
    game.apply(move)  # the game goes on


@pytest.mark.parametrize("ruleset", sorted(MAP))
def test_load_and_replay_refuse_a_save_with_such_a_move(
    ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, move = game_with_a_move(ruleset)
    path = save_game(game, tmp_path / "wild.json")
    tree = json.loads(path.read_text())
    wild = to_data(move)
    wild["path"][-1] = [12345.5, 12345.5]
    tree["commands"].append(wild)
    path.write_text(json.dumps(tree).replace("12345.5", "1e308"))
    with pytest.raises(SaveError, match=r"wild.json does not replay: .*IllegalCommand: Move: field 'path'"):
        load_game(path)
    assert replay_main(str(path)) == 2
    err = capsys.readouterr().err
    assert "wild.json" in err and "OverflowError" not in err
