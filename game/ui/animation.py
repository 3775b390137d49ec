"""Event playback: the rules answer at once, the screen shows it one step after another.

Each event becomes a step through the rule set's :class:`~game.rules.contract.Animation`: moves
glide along their path, shots flash a tracer, state changes (falls, deaths, a figure leaving) change
the token, pauses let the dice be read. Moves of one group (a horde) glide together as one step, and so
do the moves the rules make one zombie after another between their dice, each starting as soon as its
way is clear of the others' (:func:`steps_of`, :mod:`game.ui.stagger`). The zombies' moves keep a pace a
spectator can follow at every speed setting: they shamble at :data:`game.ui.stagger.SECONDS_PER_INCH`, a
phase of them lasts :data:`ZOMBIES_MOST` seconds at most at speed 1 (quicker when it would last longer),
and however fast the animations are set, a step of theirs lasts at least :data:`ZOMBIE_STEP_LEAST`
seconds (Space skips them all, see :meth:`Playback.skip`).
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
from game.ui.stagger import Glide, along, earliest

Point = tuple[float, float]
Animator = Callable[[Any], Animation | None]
IsZombie = Callable[[str], bool]  # whether a figure (by id) is one of the zombies
Radius = Callable[[str], float]  # a figure's base radius in inches (by id)

# seconds at speed 1; the settings' animation speed divides them
SOLDIER_SECONDS_PER_INCH = 0.11  # one figure's move
GROUP_LEAST = 0.8  # a group's step, at speed 1 (each glide in it keeps the shamble's pace: stagger.pace)
# real seconds, whatever the speed: a zombie's step quicker than this reads as a jump (issue 33 item 13)
ZOMBIE_STEP_LEAST = 0.6
ZOMBIES_MOST = 3.5  # seconds at speed 1: the zombies' steps of one phase all told (Space skips them)
BASE_RADIUS = 0.5  # inches: a base when the screen does not say
OFF_TABLE = frozenset({"dead", "exited", "embarked"})  # state words of a figure off the table: no shot, no action
FASTEST_SETTING = 4.0  # the settings' fastest animation speed; beyond it (tests, benches) the least shrinks too


@dataclass
class Step:
    events: list[Any]
    duration: float
    glides: dict[str, tuple[tuple[Point, ...], float | None]] = field(default_factory=dict)  # fid -> path, facing
    tracer: tuple[str, str] | None = None  # shooter, target
    group: str = ""  # the group whose moves share this step
    instants: list[Animation] = field(default_factory=list)  # state, badge and facing changes at its start
    zombies: bool = False  # zombies glide in it: it keeps a followable pace at any speed
    clock: dict[str, Glide] = field(default_factory=dict)  # a group's glides: when each starts and its pace
    natural: float = 0.0  # a group's step: its seconds at speed 1 before a phase was shortened
    later: list[tuple[float, Any]] = field(default_factory=list)  # events shown as the glides reach them
    last: str = ""  # the figure of the group's last move so far
    hold: bool = False  # a pause before the rules' own steps go on: the player reads his result first

    def along(self, fid: str, t: float) -> float:
        """How far (0..1) along its path ``fid`` is, ``t`` (0..1) into the step: a group's glides each
        start when their way is clear and keep the shamble's pace; any other glide spans the step."""
        glide = self.clock.get(fid)
        return t if glide is None else glide.done(t * self.natural)

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


def steps_of(events: Sequence[Any], animate: Animator, radius: Radius | None = None) -> list[Step]:
    """Group events into steps. A group's moves glide together as one step, past events only the log shows
    (the dice of one zombie after another): the rules move a horde one zombie at a time, and on the screen
    each starts as soon as its base meets no other on the way (:mod:`game.ui.stagger`), so the horde
    streams across the table. ``radius``: a figure's base (inches)."""
    size = radius or (lambda fid: BASE_RADIUS)
    steps: list[Step] = []
    held: list[Any] = []  # log-only events after a group's step, which a later move of the group joins
    for ev in events:
        a = animate(ev)
        open_step = steps[-1] if steps and steps[-1].group else None
        if a is None and open_step is not None:
            held.append(ev)
        elif a is None:
            steps.append(Step([ev], 0.0))
        elif open_step is not None and _joins(open_step, a, bool(held)):
            _glide_later(open_step, held, ev, a, size(a.figure))
            held.clear()
        else:
            steps.extend(Step([e], 0.0) for e in held)
            held.clear()
            steps.append(_step_of(ev, a, size))
    steps.extend(Step([e], 0.0) for e in held)
    return steps


def _glide_later(step: Step, held: list[Any], ev: Any, a: Animation, radius: float) -> None:
    """A later move of the group's ``step`` glides in it, and it and the events told before it show in the rules'
    order as the screen reaches them: what the last move brought about (a zombie grabs the man it reached) when
    its glide ends, the rest (the next zombie's dice, his move) when his glide starts. The log and the roster
    never tell a grab before the zombie is there, nor a move before it starts."""
    last = step.last
    ended = step.clock[last].end if last in step.clock else 0.0
    _glide(step, ev, a, radius, told=False)
    starts = step.clock[a.figure].start
    brought = True  # (the events right after the last move, while they are about his figure)
    for e in held:
        brought = brought and _about(e, last)
        _tell_at(step, ended if brought else starts, e)
    _tell_at(step, starts, ev)


def _about(ev: Any, fid: str) -> bool:
    """Whether an event names the figure ``fid`` (a grab by the zombie, his dice)."""
    values = vars(ev).values() if hasattr(ev, "__dict__") else ()
    return bool(fid) and any(v == fid or isinstance(v, str) and fid in v.split() for v in values)


def _tell_at(step: Step, at: float, ev: Any) -> None:
    """Show ``ev`` ``at`` natural seconds into the step, never before an event told before it."""
    step.later.append((max(at, step.later[-1][0]) if step.later else at, ev))


def _step_of(ev: Any, a: Animation, size: Radius) -> Step:
    """The step one event makes on its own (a group's move opens its group's step)."""
    if a.kind == "move" and a.group:
        step = Step([], 0.0, group=a.group)
        _glide(step, ev, a, size(a.figure))
        return step
    if a.kind == "move":
        seconds = min(1.4, max(0.3, path_length(a.path) * SOLDIER_SECONDS_PER_INCH))
        return Step([ev], seconds, {a.figure: (tuple(a.path), a.facing)})
    if a.kind == "shot":
        return Step([ev], a.seconds, tracer=(a.figure, a.target))
    if a.kind in ("state", "badge", "face"):
        return Step([ev], a.seconds, instants=[a])
    return Step([ev], a.seconds)


def _joins(step: Step, a: Animation, bridged: bool) -> bool:
    """Whether the move ``a`` glides in the group's ``step``: any of the group's, except a figure's second
    move past other events (it waits for the next step)."""
    if a.kind != "move" or a.group != step.group:
        return False
    return not (bridged and a.figure in step.glides)


def _glide(step: Step, ev: Any, a: Animation, radius: float, told: bool = True) -> None:
    """``a``'s move glides in the group's ``step`` (on from the figure's earlier move in it, if any),
    starting as soon as its way is clear of the glides already in it: the rules moved it after them. ``told``:
    its event shows when the step begins (else the caller times it)."""
    if told:
        step.events.append(ev)
    step.last = a.figure
    earlier = step.clock.pop(a.figure, None)
    path = (*earlier.path, *a.path[1:]) if earlier is not None else a.path
    glide = Glide.of(path, radius)
    if len(glide.path) >= 2 and step.clock:
        glide = replace(glide, start=earliest(glide, list(step.clock.values())))
    step.glides[a.figure] = (glide.path, a.facing)
    step.clock[a.figure] = glide
    step.natural = step.duration = max(GROUP_LEAST, *(g.end for g in step.clock.values()))


def cap_zombies(steps: Sequence[Step], most: float = ZOMBIES_MOST) -> None:
    """The zombies' steps of one phase last ``most`` seconds at speed 1 all told: longer ones are
    shortened in proportion (they shamble quicker), none below :data:`ZOMBIE_STEP_LEAST`.

    >>> steps = [Step([], 2.4, zombies=True), Step([], 2.4, zombies=True), Step([], 0.5)]
    >>> cap_zombies(steps); [round(s.duration, 2) for s in steps]
    [1.75, 1.75, 0.5]
    """
    zombies = [s for s in steps if s.zombies and s.duration > 0]
    total = sum(s.duration for s in zombies)
    if total <= most:
        return
    k = most / total
    for s in zombies:
        s.duration = max(min(s.duration, ZOMBIE_STEP_LEAST), s.duration * k)


def units_of(game: Any) -> dict[str, list[str]]:
    """The figures of each unit, for a rule set whose events name units (a squad shoots at a horde)."""
    units: dict[str, list[str]] = {}
    for f in game.figures:
        unit = getattr(f, "unit", None)
        if isinstance(unit, str):
            units.setdefault(unit, []).append(f.id)
    return units


Units = Callable[[], dict[str, list[str]]]  # each unit's figures now (a rule set whose events name units)


class Playback:
    """Plays steps in order. ``looks`` is what the screen shows; ``update`` returns the events that
    began this frame (for the log, the dice tray and the sounds)."""

    def __init__(
        self,
        looks: dict[str, Look],
        animate: Animator,
        speed: float = 1.0,
        is_zombie: IsZombie | None = None,
        radius: Radius | None = None,
        zombies_most: float = ZOMBIES_MOST,
        units: Units | None = None,
    ) -> None:
        self.looks = looks
        self.units = units or (lambda: {})
        self.zombies_most = zombies_most  # seconds at speed 1: a phase of the zombies' steps at most
        self.animate = animate
        self.is_zombie = is_zombie or (lambda fid: False)
        self.radius = radius
        self.speed = max(0.05, speed)
        self.queue: deque[Step] = deque()
        self.current: Step | None = None
        self.elapsed = 0.0
        self.tracer: tuple[Point, Point, float] | None = None  # from, to, fraction left
        self.moving: set[str] = set()
        self.waiting = 0.0  # real seconds the current step still waits for the camera (see :meth:`wait`)

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def add(self, events: Sequence[Any], hold_at: int | None = None, hold_seconds: float = 0.0) -> list[Any]:
        """Queue events; the first step starts at once. Returns the events that began. ``hold_at``: a pause of
        ``hold_seconds`` before that event (:meth:`release` ends it sooner).

        >>> pb = Playback({}, lambda ev: None)
        >>> pb.add(["shot", "zombies move"], hold_at=1, hold_seconds=3.0), pb.holding
        (['shot'], True)
        >>> pb.release(), pb.busy
        (['zombies move'], False)
        """
        if hold_at:
            steps = steps_of(events[:hold_at], self.animate, self.radius)
            steps.append(Step([], hold_seconds, hold=True))
            steps += steps_of(events[hold_at:], self.animate, self.radius)
        else:
            steps = steps_of(events, self.animate, self.radius)
        for step in steps:
            step.zombies = any(self.is_zombie(fid) for fid in step.glides)
        cap_zombies(steps, self.zombies_most)
        self.queue.extend(steps)
        return self._advance() if self.current is None else []

    @property
    def holding(self) -> bool:
        """Whether the pause before the rules' own steps is on (see :meth:`add`)."""
        return self.current is not None and self.current.hold

    def release(self) -> list[Any]:
        """End the pause now (Space, a click); returns the events that began."""
        if not self.holding:
            return []
        self.current = None
        return self._advance()

    def seconds_left(self) -> float:
        """Real seconds until the queued steps have all played at the current speed (the schedule)."""
        left = 0.0 if self.current is None else max(0.0, self.current.duration - self.elapsed)
        now = left / self.current.rate(self.speed) if self.current is not None and left else 0.0
        return now + sum(s.duration / s.rate(self.speed) for s in self.queue if s.duration > 0)

    def wait(self, seconds: float) -> None:
        """Keep the current step where it is for up to ``seconds`` (real), till :meth:`go_on`: the camera brings
        it into view first, so a short step off the view is not over before it is seen.

        >>> pb = Playback({}, lambda ev: None)
        >>> pb.wait(1.0); pb.waiting
        1.0
        >>> pb.go_on(); pb.waiting
        0.0
        """
        self.waiting = max(self.waiting, seconds)

    def go_on(self) -> None:
        """End a :meth:`wait` now."""
        self.waiting = 0.0

    def update(self, dt: float) -> list[Any]:
        started: list[Any] = []
        step = self.current
        if step is None:
            return self._advance()
        if self.waiting > 0.0:
            self.waiting = max(0.0, self.waiting - dt)
            return started
        self.elapsed += dt * step.rate(self.speed)
        t = 1.0 if step.duration <= 0 else min(1.0, self.elapsed / step.duration)
        for fid, (path, _) in step.glides.items():
            if fid in self.looks and len(path) >= 2:
                p, heading = along(path, step.along(fid, t))
                self.looks[fid] = replace(self.looks[fid], position=p, facing=heading)
        if self.tracer is not None:
            a, b, _ = self.tracer
            self.tracer = (a, b, 1.0 - t)
        started.extend(self._due(step, t * step.natural if t < 1.0 else math.inf))
        if t >= 1.0:
            self._finish(step)
            started.extend(self._advance())
        return started

    @staticmethod
    def _due(step: Step, now: float) -> list[Any]:
        """The step's held events whose glide has ended by ``now`` (natural seconds), taken off it."""
        due = [e for at, e in step.later if at <= now + 1e-9]
        step.later = [(at, e) for at, e in step.later if at > now + 1e-9]
        return due

    def skip(self) -> list[Any]:
        """Jump to the end: every queued event is applied now. Returns the events not yet begun."""
        started: list[Any] = []
        if self.current is not None:
            started.extend(self._due(self.current, math.inf))
            self._finish(self.current)
        while self.queue:
            step = self.queue.popleft()
            started.extend(step.events)
            started.extend(self._due(step, math.inf))
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
            started.extend(self._due(step, math.inf))
            self._finish(step)
        self.current = None
        return started

    def _begin(self, step: Step) -> None:
        self.moving = set(step.glides)
        if step.tracer is not None:
            shooter = self.looks.get(step.tracer[0])
            target = self._aimed_at(shooter, step.tracer[1]) if shooter is not None else None
            if shooter is not None and target is not None:
                self.tracer = (shooter.position, target.position, 1.0)
        for instant in step.instants:
            self._apply_instant(instant)

    def _aimed_at(self, shooter: Look, target: str) -> Look | None:
        """The look a shot at ``target`` goes to: the figure, or the unit's figure nearest the shooter still on
        the table."""
        if target in self.looks:
            return self.looks[target]
        members = self.units().get(target, [])
        squad = [k for fid in members if (k := self.looks.get(fid)) is not None and k.state not in OFF_TABLE]
        return min(squad, key=lambda k: path_length((shooter.position, k.position)), default=None)

    def _finish(self, step: Step) -> None:
        for fid, (path, facing) in step.glides.items():
            if fid in self.looks and path:
                end_heading = along(path, 1.0)[1] if len(path) >= 2 else self.looks[fid].facing
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
