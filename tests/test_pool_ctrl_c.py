"""Ctrl+C during a simulation run stops it, keeping the games played, even when the KeyboardInterrupt is
raised inside a callback that only prints it: the CI saw pymunk free a body as the signal came ("Exception
ignored from callback for ffi.gc ... KeyboardInterrupt"), and ``simulate`` played on to its last game and
exited 0 instead of 130."""

from __future__ import annotations

import signal

import pytest

from game.pool import RunStopped, Worker, play_seeds


def _nothing() -> None:
    return None


def _game(seed: int) -> int:
    if seed == 3:  # Ctrl+C arrives while a callback runs, which swallows the KeyboardInterrupt
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:
            pass
    return seed


def test_a_ctrl_c_that_a_callback_swallowed_still_stops_the_run_after_its_game() -> None:
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(RunStopped) as stopped:
        play_seeds(Worker(_nothing, (), _game), range(1, 50), jobs=1, seed_of=lambda r: r)
    assert stopped.value.results == [1, 2, 3]  # the games played, the one under way finished
    assert signal.getsignal(signal.SIGINT) is before  # the run's own handler is gone with it
