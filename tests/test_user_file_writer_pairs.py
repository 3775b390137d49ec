"""Every pair of writers of one user file, at once, at random moments (issue 37: concurrency between every pair
of writers of one user file). The writers are what the game has: a terminal's ``roster import`` and the
set-up screen's Import catalogue... (the roster), any window's settings, the set-up's Save team (a team
file), Ctrl+S or F5 to one file (a save), a game autosaving and a game ending (the autosave folder). Each
pair, a writer with itself too, is two real processes (multiprocessing) let go together, each after its own
random delay of up to a few tens of milliseconds; then nothing either wrote is lost, and no file is half
one writer's and half the other's. Test names of the pairs first found losing work:
tests/test_user_file_writers.py, tests/test_autosave_writers.py.
A trial per pair by default; 20 with ``--fuzz-long`` or ``DEADGROUND_LONG=1``.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import os
import random
import time
import tomllib
from collections.abc import Callable
from multiprocessing.synchronize import Event
from pathlib import Path

import pytest
from fuzz_size import long_run
from test_z40k_battlescribe import catalogue

TRIALS = 20 if long_run() else 1
MAP = str(Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx")
ARMIES = ("Dark Angels", "Blood Angels")
SETTINGS = (("master_volume", 0.3), ("animation_speed", 2.0))
TEAMS = (("Mob", "unit:ork_boyz"), ("Guards", "unit:infantry_squad"))


def _let_go(go: Event, delay: float) -> None:
    assert go.wait(120), "the other writer never started"
    time.sleep(delay)


# -- the writers: (home folder, which of the two, go, delay) ---------------------------------------------------


def roster_from_a_terminal(home: Path, who: int, go: Event, delay: float) -> None:
    from game.cli import main

    _let_go(go, delay)
    assert main(["roster", "import", str(home / f"army-{who}.cat"), "--data", str(home / "data")]) == 0


def roster_from_the_set_up_screen(home: Path, who: int, go: Event, delay: float) -> None:
    from game.roster_import import import_roster
    from game.rules.core import get_ruleset

    _let_go(go, delay)
    import_roster(get_ruleset("zombie40k"), home / f"army-{who}.cat", home / "data")


def settings_of_a_window(home: Path, who: int, go: Event, delay: float) -> None:
    from game.ui.settings import Settings

    settings = Settings.load(home / "settings.json")  # the window opened before
    _let_go(go, delay)
    name, value = SETTINGS[who]
    setattr(settings, name, value)
    settings.save(home / "settings.json")


def team_saved_in_the_set_up(home: Path, who: int, go: Event, delay: float) -> None:
    from game.teams import save_team

    _let_go(go, delay)
    name, unit = TEAMS[who]
    save_team(home / "teams", "zombie40k", name, [unit])


def save_to_one_file(home: Path, who: int, go: Event, delay: float) -> None:
    from game.saves import save_game

    game = _game(1 + who, commands=3 * (1 + who))
    _let_go(go, delay)
    save_game(game, home / "quicksave.json")


def a_game_autosaving(home: Path, who: int, go: Event, delay: float) -> None:
    from game.ai import bot_for
    from game.saves import Autosaves
    from game.session import Session

    session = Session(_game(1 + who, commands=0), Autosaves(home / "autosave"))
    _let_go(go, delay)
    for _ in range(6):
        session.apply(bot_for(session.game.scenario.ruleset)(session.game))
    (home / f"game-{who}").write_text(session.autosaves.game_id if session.autosaves else "")


def a_game_ending(home: Path, who: int, go: Event, delay: float) -> None:
    from game.saves import Autosaves
    from game.session import Session

    session = Session(_game(1 + who, commands=0), Autosaves(home / "autosave"))
    session.autosave()
    _let_go(go, delay)
    assert session.autosaves is not None
    session.autosaves.clear()  # as the game screen does when the game is over
    (home / f"game-{who}").write_text(session.autosaves.game_id)


def _game(seed: int, commands: int):
    from game.ai import bot_for
    from game.rules.core import get_ruleset
    from game.scenario import load_scenario

    scenario = load_scenario(MAP)
    game = get_ruleset(scenario.ruleset).new_game(scenario, {}, seed)
    for _ in range(commands):
        game.apply(bot_for(scenario.ruleset)(game))
    return game


# -- what each file must hold after a pair -------------------------------------------------------------------


def roster_keeps_both_armies(home: Path, kinds: tuple[str, str]) -> None:
    from game.rules.zombie40k.battlescribe import roster_path

    units = tomllib.loads(roster_path(home / "data").read_text())["units"]
    assert {u["army"] for u in units.values()} == set(ARMIES)


def settings_keep_both_changes(home: Path, kinds: tuple[str, str]) -> None:
    saved = json.loads((home / "settings.json").read_text())
    assert {name: saved[name] for name, _ in SETTINGS} == dict(SETTINGS)


def both_teams_are_kept(home: Path, kinds: tuple[str, str]) -> None:
    from game.teams import load_teams

    teams, bad = load_teams(home / "teams", "zombie40k")
    assert not bad and {(t.name, t.items) for t in teams} == {(n, (u,)) for n, u in TEAMS}


def the_save_is_one_of_them_whole(home: Path, kinds: tuple[str, str]) -> None:
    from game.saves import read_save

    saved = read_save(home / "quicksave.json")  # whole: it reads, and replays to its own hash
    assert (saved.seed, len(saved.commands)) in {(1, 3), (2, 6)}


def each_running_game_stays_resumable(home: Path, kinds: tuple[str, str]) -> None:
    from game.saves import Autosaves

    reader = Autosaves(home / "autosave")
    for who, kind in enumerate(kinds):
        kept = reader.files((home / f"game-{who}").read_text())
        if kind == "a game autosaving":
            assert len(kept) == 5, f"the game of writer {who} lost autosaves"
        else:
            assert not kept, "an ended game's autosaves are cleared"


Writer = Callable[[Path, int, Event, float], None]
FILES: dict[str, tuple[dict[str, Writer], Callable[[Path, tuple[str, str]], None]]] = {
    "roster": (
        {"a terminal": roster_from_a_terminal, "the set-up screen": roster_from_the_set_up_screen},
        roster_keeps_both_armies,
    ),
    "settings": ({"a window": settings_of_a_window}, settings_keep_both_changes),
    "saved teams": ({"Save team": team_saved_in_the_set_up}, both_teams_are_kept),
    "a save": ({"Ctrl+S or F5": save_to_one_file}, the_save_is_one_of_them_whole),
    "autosaves": (
        {"a game autosaving": a_game_autosaving, "a game ending": a_game_ending},
        each_running_game_stays_resumable,
    ),
}
PAIRS = [
    (file, pair)
    for file, (writers, _) in FILES.items()
    for pair in itertools.combinations_with_replacement(writers, 2)
]


def _prepare(home: Path) -> None:
    for who, army in enumerate(ARMIES):
        (home / f"army-{who}.cat").write_bytes(catalogue(name=army))
    (home / "settings.json").write_text(json.dumps({"master_volume": 0.8, "animation_speed": 1.0}))


def _in_its_home(home: Path, writer: Writer, who: int, go: Event, delay: float) -> None:
    """A writer in its own process, the game's folders under ``home`` (as another window's would be)."""
    os.environ.update(XDG_DATA_HOME=str(home / "xdg-data"), XDG_CONFIG_HOME=str(home / "xdg-config"))
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    writer(home, who, go, delay)


@pytest.mark.parametrize(("file", "kinds"), PAIRS, ids=[f"{f}: {a} + {b}" for f, (a, b) in PAIRS])
def test_two_writers_of_one_file_at_once_lose_nothing(tmp_path: Path, file: str, kinds: tuple[str, str]) -> None:
    writers, check = FILES[file]
    spawn = multiprocessing.get_context("spawn")
    rng = random.Random(f"{file}{kinds}")
    for trial in range(TRIALS):
        home = tmp_path / f"trial-{trial}"
        home.mkdir()
        _prepare(home)
        go = spawn.Event()
        procs = [
            spawn.Process(target=_in_its_home, args=(home, writers[kind], who, go, rng.uniform(0, 0.05)))
            for who, kind in enumerate(kinds)
        ]
        for p in procs:
            p.start()
        go.set()
        for p in procs:
            p.join(300)
        assert [p.exitcode for p in procs] == [0, 0], f"trial {trial}: a writer failed"
        check(home, kinds)
        assert not list(home.rglob(".*.tmp")), "no temporary file left behind"
