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
EASE_SECONDS = 0.7  # about how long the camera takes to a new shot: it starts and stops gently (no jerk)
MIN_SHOT = 3.0  # a shot of an action is held this long before the camera moves to another (it jumped every 1-2 s)
MIN_CUT = 2.0  # ... unless the new action is off the clear view (or the shot is no action's): then after this long
IN_VIEW = 0.08  # a share of the view at its edges: an action inside the rest of it is on the screen already
CLOSE_SPAN = 18.0  # inches: the least stretch of table shown round an action
MOST_ZOOM = 3.0  # times the fit scale: close enough to read, far enough to see who is round about
MOVE_HOLD = 1.5  # the camera stays on a move (a horde's too) this long after it began, then frames the figures
KEEP_ZOOM = 1.6  # a run of shots keeps its zoom while the action fits it, unless it could come this much closer
# a move keeps the run's zoom while it fits, however much closer it could come: the camera pans with the moves
# and zooms for the actions (a shot's wide frame and a move's close one, in turn, zoomed in and out all game)
MOVE_KEEP_ZOOM = 100.0


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
    if step.tracer is not None:  # the shooter and his mark, and every figure the shot's words name (its squad)
        shot: list[str] = [fid for fid in step.tracer if fid in figures]
        for ev in step.events:
            shot += [fid for fid in named_figures(ev, figures, units) if fid not in shot]
        return shot
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
        self.side = 0  # pixels at the view's right that the screen covers (the demo's title card while it is up)
        self.target = self.whole_table()
        self.hold = 0.0  # real seconds the camera stays on the action
        self.standing: dict[str, Point] = {}  # where the figures stand: framed between actions
        self.wide = False  # pulled back to the whole table (the game is over)
        self.on_action = False  # the hold is an action's (a roll or a pause after it keeps the camera there)
        self.shot_age = MIN_SHOT  # real seconds since the camera took its shot (its target)
        self.pending: tuple[Focus, bool] | None = None  # a shot asked for too soon (and whether it may come soon)
        self._speed = (0.0, 0.0, 0.0)  # the camera's pace: inches a second across, down, and log-scale a second
        self.zoom: float | None = None  # the run of shots' scale: kept while the action fits it (see framing)

    def whole_table(self) -> Focus:
        """The fit view (Home) as a focus: the whole table above the covered foot (none of it under the board)."""
        x, y, w, h = self.camera.viewport
        probe = Camera(viewport=(x, y, max(1, w - self.side), max(1, h - self.foot)))
        probe.fit(self.table_size)
        cx, cy = self.centre_of(probe)
        return Focus((cx + self.side / 2 / probe.ppi, cy + self.foot / 2 / probe.ppi), probe.ppi)

    def home(self) -> None:
        """Straight to the whole table, no easing (a new view)."""
        self.target, self._speed = self.whole_table(), (0.0, 0.0, 0.0)
        self._place(self.target.centre, self.target.ppi)

    @staticmethod
    def centre_of(camera: Camera) -> Point:
        _, _, w, h = camera.viewport
        return (camera.offset[0] + w / 2 / camera.ppi, camera.offset[1] + h / 2 / camera.ppi)

    def look_at(self, points: Sequence[Point]) -> None:
        """Close in on ``points`` (the figures of an action) and stay there a while: the shot on the screen is
        kept while it shows them close enough; a new one is taken once the last was held :data:`MIN_SHOT`
        (:data:`MIN_CUT` when they are off the screen)."""
        if points:
            self._aim(self.framing(points), points, action=True)
            self.hold, self.on_action = HOLD_SECONDS, True

    def _aim(self, focus: Focus, points: Sequence[Point], action: bool) -> None:
        """Ask for the shot ``focus`` of ``points``: kept off while the shot on the screen shows them well enough;
        taken at once after a move's or a waiting shot (an action is what the camera is for), else when the
        shot on the screen has been held long enough (see :meth:`update`)."""
        self.pending = None
        if self.shows(points) and self.target.ppi >= focus.ppi * 0.8:
            return  # on the screen already, near enough as close: no new shot
        soon = not self.shows(points, 0.0) or (
            action and not self.on_action
        )  # off the clear view, or after a move
        if self.shot_age >= (MIN_CUT if soon else MIN_SHOT):
            self._take(focus)
        else:
            self.pending = (focus, soon)

    def _take(self, focus: Focus) -> None:
        if focus != self.target:
            self.target, self.shot_age = focus, 0.0
        self.pending = None
        self.zoom = None if self.wide else focus.ppi

    def aims_at(self, points: Sequence[Point]) -> bool:
        """Whether the shot the camera is taking, or the one it waits to take, shows ``points`` (tests)."""
        if self.pending is not None:
            held, self.target = self.target, self.pending[0]
            try:
                return self.shows(points, 0.0)
            finally:
                self.target = held
        return self.shows(points, 0.0)

    def sees(self, points: Sequence[Point], edge: float = 0.0) -> bool:
        """Whether the camera, where it is now (not where it is going), shows ``points`` above the covered foot
        and left of the covered side (``edge``: a share of that clear view kept free at its edges)."""
        cam = self.camera
        _, _, w, h = cam.viewport
        x0, y0 = cam.offset
        x1, y1 = x0 + (w - self.side) / cam.ppi, y0 + (h - self.foot) / cam.ppi
        mx, my = (x1 - x0) * edge, (y1 - y0) * edge
        return all(x0 + mx <= x <= x1 - mx and y0 + my <= y <= y1 - my for x, y in points)

    def shows(self, points: Sequence[Point], edge: float = IN_VIEW) -> bool:
        """Whether the shot the camera is taking shows ``points`` clear of the view's edges (``edge``: a share of
        the view), the foot and the side."""
        _, _, w, h = self.camera.viewport
        ppi, (cx, cy) = self.target.ppi, self.target.centre
        x0, y0 = cx - w / 2 / ppi, cy - h / 2 / ppi
        x1, y1 = x0 + (w - self.side) / ppi, y0 + (h - self.foot) / ppi
        mx, my = (x1 - x0) * edge, (y1 - y0) * edge
        return all(x0 + mx <= x <= x1 - mx and y0 + my <= y <= y1 - my for x, y in points)

    def framing(self, points: Sequence[Point], keep: float = KEEP_ZOOM) -> Focus:
        """The closest view (no closer than :data:`MOST_ZOOM` times the fit) that shows ``points`` with some
        table round them, above the covered foot and left of the covered side."""
        fit = self.whole_table()
        _, _, view_w, h = self.camera.viewport
        w = max(1, view_w - self.side)
        clear = max(1, h - self.foot)  # the action goes above the covered foot
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        span_w = max(CLOSE_SPAN, max(xs) - min(xs) + CLOSE_SPAN / 2)
        span_h = max(CLOSE_SPAN * clear / max(w, 1), max(ys) - min(ys) + CLOSE_SPAN / 2)
        whole = Camera(viewport=self.camera.viewport)  # the closest zoom is the whole view's fit's, board or none
        whole.fit(self.table_size)
        ppi = min(w / span_w, clear / span_h, whole.ppi * MOST_ZOOM)
        ppi = max(ppi, fit.ppi)
        if self.zoom is not None and max(fit.ppi, ppi / keep) <= self.zoom <= ppi:
            ppi = self.zoom  # the run's zoom shows them too: the view pans, no zoom in and out on every shot
        centre = ((min(xs) + max(xs)) / 2 + self.side / 2 / ppi, (min(ys) + max(ys)) / 2 + self.foot / 2 / ppi)
        return Focus(self._inside(centre, ppi), ppi)

    def rest(self) -> Focus:
        """Where the camera waits between actions: every standing figure in view, as close as that allows (the
        whole table made the figures dots); the whole table once pulled back or when no figure is known."""
        if self.wide or not self.standing:
            return self.whole_table()
        return self.framing(list(self.standing.values()))

    def pull_back(self) -> None:
        """Back to the whole table (the game is over: everyone should see the final position)."""
        self._take(self.whole_table())
        self.hold, self.wide = 0.0, True

    def follow(self, step: Step, positions: Mapping[str, Point], units: Mapping[str, Sequence[str]] = {}) -> None:
        """A step begins on screen: frame a move (a horde's too) from where it starts to where it ends; look at
        an action (the figures it names, or the units' figures)."""
        self.standing, self.wide = dict(positions), False
        way = [p for path, _ in step.glides.values() for p in path]
        if way and step.tracer is None:
            self._aim(self.framing(way, MOVE_KEEP_ZOOM), way, action=False)
            self.hold, self.on_action = max(self.hold, MOVE_HOLD), False
            return
        who = action_figures(step, positions, units)
        if who:
            self.look_at([positions[fid] for fid in who])
        elif who is not None and self.hold > 0 and self.on_action:
            self.hold = HOLD_SECONDS  # the same action goes on (a roll, a pause): stay

    def update(self, dt: float) -> None:
        """Ease the camera toward its target (a shot asked for too soon is taken once it may be); once the hold
        runs out, toward the standing figures (or the whole table), if that is another shot."""
        self.hold -= dt
        self.shot_age += dt
        if self.pending is not None:
            focus, soon = self.pending
            if self.shot_age >= (MIN_CUT if soon else MIN_SHOT):
                self._take(focus)
        if self.hold <= 0 and self.pending is None and self.shot_age >= MIN_SHOT:
            rest = self.rest()
            if self.wide or not self.shows(list(self.standing.values())) or not _alike(rest, self.target):
                self._take(rest)
        self._ease(max(0.0, dt))

    def _ease(self, dt: float) -> None:
        """A step of a critically damped spring toward the target (across, down, and in log-scale): the camera
        gathers pace and slows to a stop, where the old ease leapt off at its fastest."""
        cam, omega = self.camera, 2.0 / EASE_SECONDS
        here = (*self.centre_of(cam), math.log(cam.ppi))
        goal = (*self.target.centre, math.log(self.target.ppi))
        x = omega * dt
        decay = 1.0 / (1.0 + x + 0.48 * x * x + 0.235 * x * x * x)
        now, speed = [], []
        for at, to, v in zip(here, goal, self._speed):
            change = at - to
            pull = (v + omega * change) * dt
            speed.append((v - omega * pull) * decay)
            now.append(to + (change + pull) * decay)
        self._speed = (speed[0], speed[1], speed[2])
        self._place((now[0], now[1]), math.exp(now[2]))

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
        it, as much as the covered foot: the table's last inches can show above it; right of it, as much as the
        covered side)."""
        _, _, w, h = self.camera.viewport
        out: list[float] = []
        for c, size, half, below in zip(
            centre, self.table_size, (w / 2 / ppi, h / 2 / ppi), (self.side / ppi, self.foot / ppi)
        ):
            out.append((size + below) / 2 if half * 2 >= size + below else min(max(c, half), size - half + below))
        return (out[0], out[1])


def _alike(one: Focus, other: Focus) -> bool:
    """Whether two shots are near enough the same (a tenth of a scale, a few inches): no move worth making."""
    near = math.dist(one.centre, other.centre) < 3.0
    return near and abs(math.log(one.ppi / other.ppi)) < 0.1
