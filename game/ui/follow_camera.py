"""The demo's camera that follows the action, for any match on screen (a spectator's big screen).

Each frame it hands the step the playback is showing to a :class:`~game.ui.demo_camera.CameraOperator`
with where the standing figures are shown (and each unit's figures, for a rule set whose events name units),
and pulls back to the whole table when the game is over. No pygame here.
"""

from __future__ import annotations

from typing import Any

from game.ui.animation import OFF_TABLE, units_of
from game.ui.camera import Camera
from game.ui.demo_camera import CameraOperator, Point


def standing(match: Any) -> dict[str, Point]:
    """Where each figure standing on the table is shown now (the dead and the gone are no action)."""
    return {fid: look.position for fid, look in match.looks.items() if look.state not in OFF_TABLE}


class ActionCamera:
    """Moves ``camera`` (over a table of ``table_size`` inches) to follow a match's playback."""

    def __init__(self, camera: Camera, table_size: Point, foot: int = 0) -> None:
        self.operator = CameraOperator(camera, table_size, foot)
        self._followed: object = None  # the playback step last looked at

    def update(self, match: Any, dt: float) -> None:
        step = match.playback.current
        if step is not None and step is not self._followed:
            self._followed = step
            self.operator.follow(step, standing(match), units_of(match.game))
        if match.game.over:
            self.operator.pull_back()
        self.operator.update(dt)
