"""Event playback: the rules answer at once, the screen shows it one step after another.

Moves glide along their path, shots flash a tracer, dice pause in the tray, knock-downs and
deaths change the token. A run of zombie moves glides together as one step. Pure data (no
pygame): the match reads ``looks`` and ``tracers`` each frame.

>>> from game.ui.figures import Look
>>> from game.rules.zombiekrieg.events import Moved
>>> pb = Playback({"a": Look((0.0, 0.0), 0.0, "standing", 7)})
>>> started = pb.add([Moved("a", ((0.0, 0.0), (4.0, 0.0)), 0.0, 4.0)])
>>> _ = pb.update(10.0); pb.looks["a"].position, pb.busy
((4.0, 0.0), False)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.table import path_length
from game.ui.figures import Look

Point = tuple[float, float]

# seconds at speed 1; the settings' animation speed divides them
SOLDIER_SECONDS_PER_INCH = 0.11
ZOMBIE_SECONDS_PER_INCH = 0.09
PAUSES = {
    "Fired": 0.35,
    "DiceRolled": 0.5,
    "KnockedDown": 0.3,
    "Killed": 0.35,
    "ReactionRolled": 0.6,
    "MeleeAttack": 0.3,
    "TurnStarted": 0.25,
    "StoodUp": 0.15,
    "Exited": 0.25,
    "GameOver": 0.5,
}


def _along(path: Sequence[Point], t: float) -> tuple[Point, float]:
    """The point a fraction ``t`` (0..1) along a path, and the heading there in degrees."""
    legs = [(a, b, math.dist(a, b)) for a, b in zip(path, path[1:])]
    total = sum(d for _, _, d in legs)
    if total <= 1e-9:
        return tuple(path[-1]), 0.0  # type: ignore[return-value]
    goal = t * total
    for a, b, d in legs:
        if goal <= d or (a, b, d) == legs[-1]:
            k = 0.0 if d <= 1e-9 else min(1.0, goal / d)
            heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
            return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), heading
        goal -= d
    return tuple(path[-1]), 0.0  # type: ignore[return-value]


@dataclass
class Step:
    events: list[Any]
    duration: float
    glides: dict[str, tuple[tuple[Point, ...], float | None]] = field(default_factory=dict)  # fid -> path, facing
    tracer: tuple[str, str] | None = None  # shooter, target


def steps_of(events: Sequence[Any]) -> list[Step]:
    """Group events into steps; consecutive zombie moves share one step."""
    steps: list[Step] = []
    for ev in events:
        kind = type(ev).__name__
        if kind == "ZombieMoved":
            if steps and steps[-1].glides and all(isinstance(e, type(ev)) for e in steps[-1].events):
                step = steps[-1]
            else:
                step = Step([], 0.0)
                steps.append(step)
            step.events.append(ev)
            step.glides[ev.figure] = (tuple(ev.path), None)
            step.duration = max(step.duration, min(1.6, max(0.35, path_length(ev.path) * ZOMBIE_SECONDS_PER_INCH)))
        elif kind == "Moved":
            steps.append(
                Step(
                    [ev],
                    min(1.4, max(0.3, path_length(ev.path) * SOLDIER_SECONDS_PER_INCH)),
                    {ev.figure: (tuple(ev.path), ev.facing)},
                )
            )
        elif kind == "Fired":
            steps.append(Step([ev], PAUSES["Fired"], tracer=(ev.figure, ev.target)))
        else:
            steps.append(Step([ev], PAUSES.get(kind, 0.0)))
    return steps


class Playback:
    """Plays steps in order. ``looks`` is what the screen shows; ``update`` returns the events that
    began this frame (for the log, the dice tray and the sounds)."""

    def __init__(self, looks: dict[str, Look], speed: float = 1.0) -> None:
        self.looks = looks
        self.speed = max(0.05, speed)
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.elapsed = 0.0
        self.tracer: tuple[Point, Point, float] | None = None  # from, to, fraction left
        self.moving: set[str] = set()

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, events: Sequence[Any]) -> list[Any]:
        """Queue events; the first step starts at once. Returns the events that began."""
        self.queue.extend(steps_of(events))
        return self._advance() if self.current is None else []

    def update(self, dt: float) -> list[Any]:
        started: list[Any] = []
        step = self.current
        if step is None:
            return self._advance()
        self.elapsed += dt * self.speed
        t = 1.0 if step.duration <= 0 else min(1.0, self.elapsed / step.duration)
        for fid, (path, _) in step.glides.items():
            if fid in self.looks and len(path) >= 2:
                p, heading = _along(path, t)
                self.looks[fid] = replace(self.looks[fid], position=p, facing=heading)
        if self.tracer is not None:
            a, b, _ = self.tracer
            self.tracer = (a, b, 1.0 - t)
        if t >= 1.0:
            self._finish(step)
            started.extend(self._advance())
        return started

    def skip(self) -> list[Any]:
        """Jump to the end: every queued event is applied now. Returns the events not yet begun."""
        started: list[Any] = []
        if self.current is not None:
            self._finish(self.current)
        while self.queue:
            step = self.queue.popleft()
            started.extend(step.events)
            self._begin(step)
            self._finish(step)
        self.current = None
        return started

    # -- internals
    def _advance(self) -> list[Any]:
        started: list[Any] = []
        while self.queue:
            step = self.queue.popleft()
            started.extend(step.events)
            self._begin(step)
            if step.duration > 0:
                self.current, self.elapsed = step, 0.0
                return started
            self._finish(step)
        self.current = None
        return started

    def _begin(self, step: Step) -> None:
        self.moving = set(step.glides)
        if step.tracer is not None:
            a, b = (self.looks.get(fid) for fid in step.tracer)
            if a is not None and b is not None:
                self.tracer = (a.position, b.position, 1.0)
        for ev in step.events:
            self._apply_instant(ev)

    def _finish(self, step: Step) -> None:
        for fid, (path, facing) in step.glides.items():
            if fid in self.looks and path:
                end_heading = _along(path, 1.0)[1] if len(path) >= 2 else self.looks[fid].facing
                self.looks[fid] = replace(
                    self.looks[fid], position=tuple(path[-1]), facing=facing if facing is not None else end_heading
                )
        self.moving = set()
        self.tracer = None
        self.current = None

    def _apply_instant(self, ev: Any) -> None:
        kind = type(ev).__name__
        fid = getattr(ev, "figure", None)
        look = self.looks.get(fid) if isinstance(fid, str) else None
        if look is None:
            return
        if kind == "KnockedDown":
            self.looks[fid] = replace(look, state="knocked_down")
        elif kind == "Killed":
            self.looks[fid] = replace(look, state="dead")
        elif kind == "StoodUp":
            self.looks[fid] = replace(look, state="standing")
        elif kind == "Exited":
            self.looks[fid] = replace(look, state="exited")
        elif kind == "GutsChanged":
            self.looks[fid] = replace(look, guts=ev.new)
        elif kind == "Turned":
            self.looks[fid] = replace(look, facing=ev.facing)
