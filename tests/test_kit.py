"""The rule-set kit (``game/rules/kit``): what every rule set's game inherits works the same for each.

- a fork is an independent copy that plays on exactly as the game it was taken from (replays take their
  checkpoints this way, for every rule set);
- a command the rules refuse changes nothing and rolls nothing, and a command of another rule set is
  refused in the rule set's own words;
- the kit imports only ``game.rules.core`` and the floors below it, never a rule set.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.ai import bot_for
from game.rules.core import Command, IllegalCommand, get_ruleset, to_data
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
MAPS = {"zombiekrieg": "normandy_village.tmx", "outbreak": "small_town.tmx", "zombie40k": "hive_street.tmx"}
TITLES = {"zombiekrieg": "Zombiekrieg 848", "outbreak": "Zombie Rules (Outbreak)", "zombie40k": "Zombie 40,000"}


def whole(game) -> str:  # type: ignore[no-untyped-def]
    return json.dumps(
        {"state": game.state_data(), "log": [to_data(e) for e in game.log]}, sort_keys=True, default=str
    )


def bot_game(key: str, seed: int, limit: int):  # type: ignore[no-untyped-def]
    scenario = load_scenario(ROOT / "maps" / MAPS[key])
    assert scenario.ruleset == key
    game = get_ruleset(key).new_game(scenario, {}, seed)
    bot = bot_for(key)
    while not game.over and len(game.commands) < limit:
        game.apply(bot(game))
    return game


@pytest.mark.parametrize("key", sorted(MAPS))
def test_a_fork_plays_on_exactly_as_the_game_it_was_taken_from(key: str) -> None:
    played = bot_game(key, seed=5, limit=60)
    half = len(played.commands) // 2
    game = get_ruleset(key).new_game(played.scenario, dict(played.options), played.seed)
    for cmd in played.commands[:half]:
        game.apply(cmd)
    before = whole(game)
    twin = game.fork()
    for cmd in played.commands[half:]:
        twin.apply(cmd)
    assert whole(twin) == whole(played)  # the fork played on as the game did
    assert whole(game) == before  # and the game it was taken from did not move


@dataclass(frozen=True)
class Wave(Command):
    figure: str


@pytest.mark.parametrize("key", sorted(MAPS))
def test_a_refused_command_changes_nothing_and_rolls_nothing(key: str) -> None:
    game = bot_game(key, seed=3, limit=4)
    before, rolls = whole(game), len(game.dice.log)
    with pytest.raises(IllegalCommand) as refused:
        game.apply(Wave("nobody"))
    assert refused.value.reason == f"{TITLES[key]} has no command Wave."
    for cmd in game.legal_commands()[:1]:  # a command of this rule set for nobody on the table
        fields = {f: "nobody" if f in ("figure", "unit") else getattr(cmd, f) for f in cmd.__dataclass_fields__}
        odd = type(cmd)(**fields)
        if odd != cmd:
            with pytest.raises(IllegalCommand):
                game.apply(odd)
    assert whole(game) == before and len(game.dice.log) == rolls


def test_the_kit_imports_no_rule_set() -> None:
    allowed = (
        "game.rules.core",
        "game.rules.contract",
        "game.rules.drawing",  # (the shared drawing primitives and the screen's routes: no rule set's)
        "game.rules.routing",
        "game.rules.kit",
        "game.dice",
        "game.table",
        "game.scenario",
    )
    for path in sorted((ROOT / "game" / "rules" / "kit").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("game"):
                    assert name.startswith(allowed), f"{path.name} imports {name}"
