"""Event playback: the rules answer at once, the screen shows it one step after another.

Each event becomes a step through the rule set's :class:`~game.rules.contract.Animation`: moves
glide along their path, shots flash a tracer, state changes (falls, deaths, a figure leaving) change
the token, pauses let the dice be read. Moves of one group (a horde) glide together as one step.
The zombies' moves keep a pace a spectator can follow at every speed setting: they shamble at
:data:`ZOMBIE_SECONDS_PER_INCH`, and however fast the animations are set, a step of theirs lasts
at least :data:`ZOMBIE_STEP_LEAST` seconds (Space skips them all, see :meth:`Playback.skip`).
Pure data (no pygame): the match reads ``looks`` and ``tracer`` each frame.

>>> from game.rules.contract import Animation, Look
>>> pb = Playback({"a": Look((0.0, 0.0), 0.0, "standing", "7")},
...               lambda ev: Animation("move", "a", ev, facing=0.0))
>>> started = pb.add([((0.0, 0.0), (4.0, 0.0))])
>>> _ = pb.update(10.0); pb.looks["a"].position, pb.busy
((4.0, 0.0), False)
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules.contract import Animation, Look
from game.table import path_length

Point = tuple[float, float]
Animator = Callable[[Any], Animation | None]
IsZombie = Callable[[str], bool]  # whether a figure (by id) is one of the zombies

# seconds at speed 1; the settings' animation speed divides them
SOLDIER_SECONDS_PER_INCH = 0.11  # one figure's move
ZOMBIE_SECONDS_PER_INCH = 0.2  # a group's moves (the horde) glide together, at a shamble: 6" in 1.2 s
GROUP_LEAST, GROUP_MOST = 0.8, 2.4  # a group's step, at speed 1
# real seconds, whatever the speed: a zombie's step quicker than this reads as a jump (issue 33 item 13)
ZOMBIE_STEP_LEAST = 0.6
FASTEST_SETTING = 4.0  # the settings' fastest animation speed; beyond it (tests, benches) the least shrinks too


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
    group: str = ""  # the group whose moves share this step
    instants: list[Animation] = field(default_factory=list)  # state, badge and facing changes at its start
    zombies: bool = False  # zombies glide in it: it keeps a followable pace at any speed

    def rate(self, speed: float) -> float:
        """How fast this step plays at the settings' ``speed``: a zombies' step never quicker than
        :data:`ZOMBIE_STEP_LEAST` real seconds at any speed the settings offer (a speed beyond their
        fastest, which only tests and benches use, shortens it in proportion).

        >>> Step([], 1.2, zombies=True).rate(4.0), Step([], 1.2).rate(4.0), Step([], 1.2, zombies=True).rate(8.0)
        (2.0, 4.0, 4.0)
        """
        if not self.zombies or self.duration <= 0:
            return speed
        least = ZOMBIE_STEP_LEAST * min(1.0, FASTEST_SETTING / speed)
        return min(speed, self.duration / least)


def steps_of(events: Sequence[Any], animate: Animator) -> list[Step]:
    """Group events into steps; consecutive moves of one group share one step."""
    steps: list[Step] = []
    for ev in events:
        a = animate(ev)
        if a is None:
            steps.append(Step([ev], 0.0))
        elif a.kind == "move" and a.group:
            last = steps[-1] if steps else None
            if last is not None and last.group == a.group:  # a group's step holds only its moves
                step = last
            else:
                step = Step([], 0.0, group=a.group)
                steps.append(step)
            step.events.append(ev)
            step.glides[a.figure] = (tuple(a.path), a.facing)
            seconds = min(GROUP_MOST, max(GROUP_LEAST, path_length(a.path) * ZOMBIE_SECONDS_PER_INCH))
            step.duration = max(step.duration, seconds)
        elif a.kind == "move":
            seconds = min(1.4, max(0.3, path_length(a.path) * SOLDIER_SECONDS_PER_INCH))
            steps.append(Step([ev], seconds, {a.figure: (tuple(a.path), a.facing)}))
        elif a.kind == "shot":
            steps.append(Step([ev], a.seconds, tracer=(a.figure, a.target)))
        elif a.kind in ("state", "badge", "face"):
            steps.append(Step([ev], a.seconds, instants=[a]))
        else:
            steps.append(Step([ev], a.seconds))
    return steps


class Playback:
    """Plays steps in order. ``looks`` is what the screen shows; ``update`` returns the events that
    began this frame (for the log, the dice tray and the sounds)."""

    def __init__(
        self, looks: dict[str, Look], animate: Animator, speed: float = 1.0, is_zombie: IsZombie | None = None
    ) -> None:
        self.looks = looks
        self.animate = animate
        self.is_zombie = is_zombie or (lambda fid: False)
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
        steps = steps_of(events, self.animate)
        for step in steps:
            step.zombies = any(self.is_zombie(fid) for fid in step.glides)
        self.queue.extend(steps)
        return self._advance() if self.current is None else []

    def update(self, dt: float) -> list[Any]:
        started: list[Any] = []
        step = self.current
        if step is None:
            return self._advance()
        self.elapsed += dt * step.rate(self.speed)
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
            shooter, target = (self.looks.get(fid) for fid in step.tracer)
            if shooter is not None and target is not None:
                self.tracer = (shooter.position, target.position, 1.0)
        for instant in step.instants:
            self._apply_instant(instant)

    def _finish(self, step: Step) -> None:
        for fid, (path, facing) in step.glides.items():
            if fid in self.looks and path:
                end_heading = _along(path, 1.0)[1] if len(path) >= 2 else self.looks[fid].facing
                end = (float(path[-1][0]), float(path[-1][1]))
                self.looks[fid] = replace(
                    self.looks[fid], position=end, facing=facing if facing is not None else end_heading
                )
        self.moving = set()
        self.tracer = None
        self.current = None

    def _apply_instant(self, a: Animation) -> None:
        look = self.looks.get(a.figure)
        if look is None:
            return
        if a.kind == "state":
            self.looks[a.figure] = replace(look, state=a.state)
        elif a.kind == "badge":
            self.looks[a.figure] = replace(look, badge=a.badge)
        elif a.kind == "face" and a.facing is not None:
            self.looks[a.figure] = replace(look, facing=a.facing)
