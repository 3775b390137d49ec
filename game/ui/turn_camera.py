"""The player's camera in the game's own turn (the zombies'): when they act where the camera is not, it pans
gently to bring their action into view (a newcomer watched an empty corner while the zombies charged off
screen).

Gentle: it never zooms, pans only when none of the action is in view, as little as brings it in, eased over
a second, and at most once every :data:`PAUSE` seconds; and once the player pans or zooms himself in that
turn, the camera is his until the turn is over. It reads only the shared playback (:mod:`game.ui.animation`)
and the match's ``rules_acting`` (the rule set tells which events are its own side's action, whatever the
controller's mode: a step in which the zombies only grapple is theirs too), so every rule set gets it. Pure
arithmetic on a :class:`~game.ui.camera.Camera`, no pygame.

>>> from game.ui.camera import Camera
>>> cam = Camera(viewport=(0, 0, 400, 300), ppi=10.0)
>>> pan_to_show(cam, [(70.0, 10.0), (72.0, 12.0)], (96.0, 48.0))
(35.0, 0.0)
>>> pan_to_show(cam, [(20.0, 10.0)], (96.0, 48.0)) is None  # in view already
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from game.ui.animation import Step
from game.ui.camera import Camera
from game.ui.demo_camera import action_figures
from game.ui.follow_camera import standing

Point = tuple[float, float]

PAUSE = 2.5  # real seconds between the starts of two pans: never a jump every second
WAIT_MOST = 1.5  # real seconds an action off the view waits for the pan that brings it in (a grapple is short)
EASE_PER_SECOND = 3.0  # how fast a pan closes on its place (a fraction e^-k*t is left after t s)
MARGIN = 3.0  # inches: an action brought into view stands this far inside the view's edge


def action_points(step: Step, positions: Mapping[str, Point]) -> list[Point]:
    """Where ``step``'s action is: where its moves end, and the figures a shot, a fall or a pause names."""
    points = [path[-1] for path, _ in step.glides.values() if path]
    who = action_figures(step, positions)
    return points + [positions[fid] for fid in who or () if fid in positions]


def pan_to_show(camera: Camera, points: Sequence[Point], table_size: Point) -> Point | None:
    """The camera's offset that brings ``points`` into view with the least pan (their middle, if they are
    spread wider than the view), at the same zoom; None when one of them is in view already."""
    if not points:
        return None
    x0, y0, x1, y1 = camera.visible_table_rect()
    if any(x0 <= x <= x1 and y0 <= y <= y1 for x, y in points):
        return None
    _, _, w, h = camera.viewport
    offset = []
    for axis, (lo, hi), span in zip((0, 1), ((x0, x1), (y0, y1)), (w / camera.ppi, h / camera.ppi)):
        least, most = min(p[axis] for p in points), max(p[axis] for p in points)
        start = lo
        if most - least > span - 2 * MARGIN:
            start = (least + most) / 2 - span / 2  # wider than the view: its middle
        elif least < lo + MARGIN:
            start = least - MARGIN
        elif most > hi - MARGIN:
            start = most + MARGIN - span
        offset.append(start)
    return camera.clamped((offset[0], offset[1]), table_size)  # the camera's own clamp, as a Tab's


class TurnCamera:
    """Pans ``camera`` (over a table of ``table_size`` inches) to the game's own side's actions off the view, and
    back to where the player had it once his turn comes again."""

    def __init__(self, camera: Camera, table_size: Point) -> None:
        self.camera = camera
        self.table_size = table_size
        self.target: Point | None = None  # the offset a pan is easing toward
        self.since = PAUSE  # real seconds since the last pan began
        self.hands_off = False  # the player panned or zoomed in this turn: the camera is his
        self.home: Point | None = None  # where the player had the camera when the zombies' turn began
        self.panned = False  # this turn moved the camera
        self.playing = False  # the zombies' turn is on screen
        self._left: tuple[Point, float] | None = None  # (offset, ppi) as this last left the camera

    def update(self, match: Any, dt: float) -> None:
        cam = self.camera
        if self._left is not None and (cam.offset, cam.ppi) != self._left:
            self.hands_off, self.target = True, None  # he moved it himself
        self._turn(bool(match.rules_acting))
        self.since += dt
        if self.target is None and not self.hands_off and self.since >= PAUSE:
            self.target = self._next(match)
        if self.target is not None:
            k = 1.0 - math.exp(-EASE_PER_SECOND * max(0.0, dt))
            (ox, oy), (tx, ty) = cam.offset, self.target
            cam.offset = (ox + (tx - ox) * k, oy + (ty - oy) * k)
            if math.dist(cam.offset, self.target) < 0.02:
                cam.offset, self.target = self.target, None
        if match.playback.waiting and (self.target is None or self.hands_off or self._in_view(match)):
            match.playback.go_on()  # the action is in view (or the camera is the player's): it plays on
        self._left = (cam.offset, cam.ppi) if self.home is not None or self.target is not None else None

    def _next(self, match: Any) -> Point | None:
        """Where to pan next: to the zombies' action off the view; once their turn is over (and the last look
        at them has lasted), back where the player had the camera."""
        if self.home is None:
            return None
        if not self.playing:
            home, self.home = self.home, None
            return home if self.panned else None
        step = match.playback.current
        target = pan_to_show(self.camera, action_points(step, standing(match)), self.table_size) if step else None
        if target is not None:
            self.since, self.panned = 0.0, True
            match.playback.wait(WAIT_MOST)  # the step waits till the pan has brought it into view
        return target

    def _in_view(self, match: Any) -> bool:
        """Whether some of the current step's action is inside the view (not within its margin)."""
        step = match.playback.current
        return (
            step is not None
            and pan_to_show(self.camera, action_points(step, standing(match)), self.table_size) is None
        )

    def _turn(self, zombies: bool) -> None:
        """The zombies' turn begins (the player's camera is kept) or ends (back to it, if this moved it)."""
        if zombies and not self.playing:
            self.home, self.panned, self.hands_off, self.target = self.camera.offset, False, False, None
        elif not zombies and self.playing and self.hands_off:
            self.home, self.hands_off = None, False  # he took the camera: it stays where he put it
        self.playing = zombies
