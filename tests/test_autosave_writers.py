"""Two windows autosaving into one folder (issue 37, item 8): a game that ends in one window clears its own
autosaves, never the other window's, which the title still offers to resume if that window closes. A
game resumed from an autosave carries that game on: once it has autosaved, the title offers it and no
longer the game it came from, and once it ends, neither.

The windows are real processes (multiprocessing) playing with the game's own Session and Autosaves (what
the screen uses), bots choosing the commands, both writing and pruning at once; the game that ends calls
``autosaves.clear()`` as the game screen does."""

from __future__ import annotations

import multiprocessing
from multiprocessing.synchronize import Event
from pathlib import Path

from fuzz_size import long_run

from game.saves import Autosaves, read_save
from game.session import Session

MAP = str(Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx")
TRIALS = 10 if long_run() else 2


def _session(folder: str, seed: int) -> Session:
    from game.rules.core import get_ruleset
    from game.scenario import load_scenario

    scenario = load_scenario(MAP)
    return Session(get_ruleset(scenario.ruleset).new_game(scenario, {}, seed), Autosaves(folder))


def window_playing_on(folder: str, seed: int, ending: Event, paused: Event, out: multiprocessing.Queue) -> None:
    """A window whose player plays game after game until the other window's game is ending, then stops
    (idle, the window open) and says which game it was in and how far it got."""
    from game.ai import bot_for

    session = _session(folder, seed)
    bot = bot_for(session.game.scenario.ruleset)
    # it stops mid-game: a game that ended on its last command is cleared and the next one begun first
    while not (ending.is_set() and session.game.commands and not session.game.over):
        if session.game.over:
            session.autosaves.clear()  # as the game screen does at the end
            seed += 1000
            session = _session(folder, seed)
        session.apply(bot(session.game))
    assert session.autosaves is not None
    out.put((session.autosaves.game_id, len(session.game.commands)))
    paused.set()


def window_ending_a_game(folder: str, seed: int, ending: Event, paused: Event) -> None:
    """A window whose game is played to its end; its screen clears the autosaves while the other window's
    player is still at his game."""
    from game.ai import bot_for

    session = _session(folder, seed)
    bot = bot_for(session.game.scenario.ruleset)
    while not session.game.over:
        session.apply(bot(session.game))
    ending.set()
    paused.wait(120)
    assert session.autosaves is not None
    session.autosaves.clear()


def test_a_game_ending_in_one_window_leaves_the_other_windows_game_resumable(tmp_path: Path) -> None:
    spawn = multiprocessing.get_context("spawn")
    for trial in range(TRIALS):
        folder = str(tmp_path / f"autosave-{trial}")
        ending, paused, out = spawn.Event(), spawn.Event(), spawn.Queue()
        playing = spawn.Process(target=window_playing_on, args=(folder, trial, ending, paused, out))
        finishing = spawn.Process(target=window_ending_a_game, args=(folder, 500 + trial, ending, paused))
        playing.start()
        finishing.start()
        game_id, commands = out.get(timeout=300)
        finishing.join(300)
        playing.join(60)  # the playing window closes without ending its game (a crash, the power)
        assert (playing.exitcode, finishing.exitcode) == (0, 0)
        found = Session.resumable(Autosaves(folder))
        assert found is not None, f"trial {trial}: the other window's game is no longer offered"
        path, line = found
        assert game_id in path.name and len(read_save(path).commands) == commands, line


def _play(session: Session, commands: int) -> None:
    from game.ai import bot_for

    bot = bot_for(session.game.scenario.ruleset)
    for _ in range(commands):
        session.apply(bot(session.game))


def test_a_resumed_game_replaces_the_game_it_carries_on_and_ends_it(tmp_path: Path) -> None:
    first = _session(str(tmp_path), 3)
    _play(first, 4)  # then the window closes
    resumed = Session.resume(Session.resumable(Autosaves(tmp_path))[0], Autosaves(tmp_path))
    assert first.autosaves is not None and resumed.autosaves is not None
    assert first.autosaves.files(first.autosaves.game_id), "kept until the resumed game autosaves"
    _play(resumed, 1)
    offered = Session.resumable(Autosaves(tmp_path))
    assert offered is not None and resumed.autosaves.game_id in offered[0].name
    assert not first.autosaves.files(first.autosaves.game_id), "offered once, as the game carried on"
    again = Session.resume(offered[0], Autosaves(tmp_path))  # closed again, resumed again, played out
    while not again.game.over:
        _play(again, 1)
    assert again.autosaves is not None
    again.autosaves.clear()
    assert Session.resumable(Autosaves(tmp_path)) is None, "a game played to its end is offered no more"


def test_a_game_resumed_while_its_window_plays_on_leaves_that_windows_newer_autosaves(tmp_path: Path) -> None:
    """Window B's title offers the game window A is still playing, and B resumes it: B's autosaves replace
    the files it resumed from, never the newer ones A writes as it plays on."""
    a = _session(str(tmp_path), 5)
    _play(a, 3)
    b = Session.resume(Session.resumable(Autosaves(tmp_path))[0], Autosaves(tmp_path))
    _play(a, 2)  # A plays on
    _play(b, 1)  # B's first autosave
    assert a.autosaves is not None
    kept = a.autosaves.files(a.autosaves.game_id)
    assert [len(read_save(p).commands) for p in kept] == [4, 5], "window A's newer autosaves are kept"
