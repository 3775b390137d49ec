"""Zombie 40,000's shooting plate warns of Gets Hot: a newcomer's Guardsman 1 died of his own plasma gun's
first shot, and the plate had said nothing of it."""

from __future__ import annotations

from game.controller import Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")


def guards(n: int, weapons: list[str]) -> list[dict[str, object]]:
    return [{"unit": "infantry_squad", "models": n, "weapons": weapons}]


def _plate(weapons: list[str]) -> str:
    g = rigged_game({1: [(10, 30), (12, 30)]}, hordes=[[(10, 16)]], teams=guards(2, weapons=weapons))
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((10, 30)))
    ctl.handle(Button("shoot"))
    ctl.handle(Hover((10, 16)))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    return next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))


def test_the_shooting_plate_warns_that_a_plasma_gun_may_wound_its_firer() -> None:
    plate = _plate(["plasma_gun"])
    assert "Gets Hot: on a 1 to hit, Guardsman 1's Plasma gun may wound him" in plate, plate


def test_no_warning_without_a_gets_hot_weapon() -> None:
    assert "Gets Hot" not in _plate([])
