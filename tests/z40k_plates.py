"""The Zombie 40,000 plates a player reads, through the real controller (shared by the plate tests)."""

from __future__ import annotations

from typing import Any

from game.controller import Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate

Point = tuple[float, float]


def shoot_plate(g: Any, gunner: Point, target: Point) -> str:
    """The SHOOT plate with the model at ``gunner`` selected and the pointer on ``target``: exactly one."""
    ctl = Controller(g, get_ruleset("zombie40k").view())
    ctl.handle(Click(gunner))
    ctl.handle(Hover(target))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    plates = [m.text for m in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(m, Plate)]
    shoot = [t for t in plates if t.startswith("SHOOT")]
    assert len(shoot) == 1, plates
    return shoot[0]
