"""The demo's pace: a quiet step (figures only moving: no dice, no shot, no fight, no charge declared) plays
faster than the settings' speed, the action at it.

A Zombie 40,000 game in the demo spent most of its four minutes on "Ork Boy 8 moves 4.5"", one model a
command, and never reached a result before time was called. Only the demo's pace: the rules and the game on a
player's screen are as they were. It knows no rule set: a step is quiet when every event of it animates as a
move (a roll, a shot, a wound or a log line of its own makes it not quiet).

>>> from game.rules.contract import Animation
>>> animate = lambda ev: Animation("move", "a", ((0, 0), (1, 0))) if ev == "moved" else None
>>> quiet(["moved", "moved"], animate), quiet(["charge declared", "moved"], animate), quiet([], animate)
(True, False, False)
>>> pace(["moved"], animate, 1.0), pace(["shot"], animate, 1.0)
(3.0, 1.0)

A game of many sides gets a longer slot (:func:`slot`): a Zombie 40,000 game of three or four teams has a squad
more to move each turn, and even at the quiet pace ran out of four minutes one turn short of its end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.demo import Side
from game.rules.contract import Animation

QUIET_PACE = 3.0  # a quiet step plays this many times the settings' speed in the demo
SIDE_SECONDS = 60.0  # the demo's slot for a game grows by this for each living side past two


def quiet(events: Sequence[Any], animate: Callable[[Any], Animation | None]) -> bool:
    """Whether ``events`` (one command's) are figures moving and nothing else."""
    if not events:
        return False
    for ev in events:
        a = animate(ev)
        if a is None or a.kind != "move":
            return False
    return True


def pace(events: Sequence[Any], animate: Callable[[Any], Animation | None], speed: float) -> float:
    """The playback speed for ``events`` in the demo at the settings' ``speed``."""
    return speed * QUIET_PACE if quiet(events, animate) else speed


def slot(least: float, sides: Sequence[Side]) -> float:
    """A demo game's seconds of play before time is called: ``least`` for two living sides (the zombies are no
    side here: every game has them), :data:`SIDE_SECONDS` more for each one past two.

    >>> four = [Side("Ork Boyz", f"Player {p}", p, 10) for p in (1, 2, 3, 4)]
    >>> slot(240.0, four), slot(240.0, four[:2]), slot(240.0, [Side("Allies", "Allies", 0, 9)])
    (360.0, 240.0, 240.0)
    """
    living = [s for s in sides if "zombie" not in s.key.lower()]
    return least + SIDE_SECONDS * max(0, len(living) - 2)
