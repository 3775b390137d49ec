"""The demo's camera operator: it zooms to the action (a shot, a fight, a grapple, a figure falling) and to a
move (a horde's too), holds there while the action goes on, then frames the figures standing (the whole
table once the game is over).

It reads only what the shared playback shows (:class:`~game.ui.animation.Step`: a tracer, a change of
state, a pause the rule set asks for) and which figures an event names, so it knows no rule set. Its
moves are eased in real seconds, whatever the animation speed. Pure arithmetic on a
:class:`~game.ui.camera.Camera`, no pygame.

>>> from game.ui.camera import Camera
>>> cam = Camera(viewport=(0, 0, 1000, 600)); cam.fit((72.0, 48.0))
>>> op = CameraOperator(cam, (72.0, 48.0))
>>> op.look_at([(34.0, 22.0), (38.0, 24.0)])
>>> op.target.centre, op.target.ppi > cam.ppi
((36.0, 23.0), True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from game.ui.animation import Step
from game.ui.camera import Camera

Point = tuple[float, float]

HOLD_SECONDS = 2.5  # the camera stays on an action this long after its last step, then pulls back
EASE_PER_SECOND = 2.2  # how fast the camera closes on its target (a fraction e^-k*t is left after t s)
CLOSE_SPAN = 18.0  # inches: the least stretch of table shown round an action
MOST_ZOOM = 3.0  # times the fit scale: close enough to read, far enough to see who is round about
MOVE_HOLD = 1.5  # the camera stays on a move (a horde's too) this long after it began, then frames the figures


@dataclass(frozen=True)
class Focus:
    """Where the camera goes: the table point at the view's centre, and the scale (pixels an inch)."""

    centre: Point
    ppi: float


def named_figures(event: Any, figures: Mapping[str, Any], units: Mapping[str, Sequence[str]] = {}) -> list[str]:
    """The figures ``event`` names (any field whose value is a figure's id, or a list of them); a unit it
    names (``units``: a unit's id to its figures' ids) names its figures.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Shot:
    ...     figure: str
    ...     target: str
    ...     hits: int
    >>> named_figures(Shot("a", "z3", 2), {"a": 0, "z3": 0})
    ['a', 'z3']
    """
    if not is_dataclass(event):
        return []
    out: list[str] = []
    for f in fields(event):
        value = getattr(event, f.name)
        values = value if isinstance(value, (tuple, list)) else (value,)
        for v in values:
            if not isinstance(v, str):
                continue
            who = [v] if v in figures else [fid for fid in units.get(v, ()) if fid in figures]
            out += [fid for fid in who if fid not in out]
    return out


def action_figures(
    step: Step, figures: Mapping[str, Any], units: Mapping[str, Sequence[str]] = {}
) -> list[str] | None:
    """The figures of an action worth a close look in ``step`` (a shot, a state change, a pause the rule set
    asks for), ``[]`` when it is one but names none, None when it is no action (a move, a horde)."""
    if step.tracer is not None:
        return [fid for fid in step.tracer if fid in figures]
    if step.glides:
        return None
    if step.instants and all(a.kind in ("badge", "face") for a in step.instants):
        return None  # a wound counter or a turn is no action of its own
    if step.instants or step.duration > 0:
        named: list[str] = [a.figure for a in step.instants if a.figure in figures]
        for ev in step.events:
            named += [fid for fid in named_figures(ev, figures, units) if fid not in named]
        return named
    return None


class CameraOperator:
    """Moves ``camera`` over a table of ``table_size`` inches: :meth:`look_at` an action, :meth:`pull_back`,
    and :meth:`update` each frame."""

    def __init__(self, camera: Camera, table_size: Point, foot: int = 0) -> None:
        self.camera = camera
        self.table_size = table_size
        self.foot = foot  # pixels at the view's foot that the screen covers (the dice, the latest line)
        self.target = self.whole_table()
        self.hold = 0.0  # real seconds the camera stays on the action
        self.standing: dict[str, Point] = {}  # where the figures stand: framed between actions
        self.wide = False  # pulled back to the whole table (the game is over)
        self.on_action = False  # the hold is an action's (a roll or a pause after it keeps the camera there)

    def whole_table(self) -> Focus:
        """The fit view (Home) as a focus."""
        probe = Camera(viewport=self.camera.viewport)
        probe.fit(self.table_size)
        return Focus(self.centre_of(probe), probe.ppi)

    @staticmethod
    def centre_of(camera: Camera) -> Point:
        _, _, w, h = camera.viewport
        return (camera.offset[0] + w / 2 / camera.ppi, camera.offset[1] + h / 2 / camera.ppi)

    def look_at(self, points: Sequence[Point]) -> None:
        """Close in on ``points`` (the figures of an action) and stay there a while."""
        if points:
            self.target, self.hold, self.on_action = self.framing(points), HOLD_SECONDS, True

    def framing(self, points: Sequence[Point]) -> Focus:
        """The closest view (no closer than :data:`MOST_ZOOM` times the fit) that shows ``points`` with some
        table round them, above the covered foot."""
        fit = self.whole_table()
        _, _, w, h = self.camera.viewport
        clear = max(1, h - self.foot)  # the action goes above the covered foot
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        span_w = max(CLOSE_SPAN, max(xs) - min(xs) + CLOSE_SPAN / 2)
        span_h = max(CLOSE_SPAN * clear / max(w, 1), max(ys) - min(ys) + CLOSE_SPAN / 2)
        ppi = min(w / span_w, clear / span_h, fit.ppi * MOST_ZOOM)
        ppi = max(ppi, fit.ppi)
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2 + self.foot / 2 / ppi)
        return Focus(self._inside(centre, ppi), ppi)

    def rest(self) -> Focus:
        """Where the camera waits between actions: every standing figure in view, as close as that allows (the
        whole table made the figures dots); the whole table once pulled back or when no figure is known."""
        if self.wide or not self.standing:
            return self.whole_table()
        return self.framing(list(self.standing.values()))

    def pull_back(self) -> None:
        """Back to the whole table (the game is over: everyone should see the final position)."""
        self.target, self.hold, self.wide = self.whole_table(), 0.0, True

    def follow(self, step: Step, positions: Mapping[str, Point], units: Mapping[str, Sequence[str]] = {}) -> None:
        """A step begins on screen: frame a move (a horde's too) from where it starts to where it ends; look at
        an action (the figures it names, or the units' figures)."""
        self.standing, self.wide = dict(positions), False
        way = [p for path, _ in step.glides.values() for p in path]
        if way and step.tracer is None:
            self.target, self.hold, self.on_action = self.framing(way), max(self.hold, MOVE_HOLD), False
            return
        who = action_figures(step, positions, units)
        if who:
            self.look_at([positions[fid] for fid in who])
        elif who is not None and self.hold > 0 and self.on_action:
            self.hold = HOLD_SECONDS  # the same action goes on (a roll, a pause): stay

    def update(self, dt: float) -> None:
        """Ease the camera toward its target; once the hold runs out, toward the whole table."""
        self.hold -= dt
        if self.hold <= 0 and self.target != (rest := self.rest()):
            self.target = rest
        k = 1.0 - math.exp(-EASE_PER_SECOND * max(0.0, dt))
        cam = self.camera
        here = self.centre_of(cam)
        ppi = math.exp(math.log(cam.ppi) + (math.log(self.target.ppi) - math.log(cam.ppi)) * k)
        centre = (here[0] + (self.target.centre[0] - here[0]) * k, here[1] + (self.target.centre[1] - here[1]) * k)
        self._place(centre, ppi)

    def settled(self) -> bool:
        """Whether the camera is where it is going (tests, screenshots)."""
        here = self.centre_of(self.camera)
        return math.dist(here, self.target.centre) < 0.05 and abs(self.camera.ppi / self.target.ppi - 1) < 0.01

    def _place(self, centre: Point, ppi: float) -> None:
        _, _, w, h = self.camera.viewport
        self.camera.ppi = ppi
        self.camera.offset = (centre[0] - w / 2 / ppi, centre[1] - h / 2 / ppi)

    def _inside(self, centre: Point, ppi: float) -> Point:
        """``centre`` moved so the view at ``ppi`` shows no more beyond the table's edge than it must (below
        it, as much as the covered foot: the table's last inches can show above it)."""
        _, _, w, h = self.camera.viewport
        out: list[float] = []
        for c, size, half, below in zip(
            centre, self.table_size, (w / 2 / ppi, h / 2 / ppi), (0.0, self.foot / ppi)
        ):
            out.append(size / 2 if half * 2 >= size + below else min(max(c, half), size - half + below))
        return (out[0], out[1])
