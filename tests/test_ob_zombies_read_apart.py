"""Play-test (issue 33, Outbreak): at a low zoom a zombie and a bystander were the same ringed dot. A
zombie's base now wears a ring of teeth in fresh blood red, so its outline and colour differ from a
bystander's round pale base at every zoom. Through the real match's tokens and the real table view."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.assets import Assets
from game.ui.map_render import MapRenderer
from game.ui.match import Match
from game.ui.table_view import TableView, shown_radius

RS = get_ruleset("outbreak")


def blood_red_round(screen: pygame.Surface, at: tuple[float, float], r: float) -> int:
    """Bright red pixels just outside a token's base (``r`` pixels round) centred at ``at``."""
    count = 0
    for y in range(int(at[1] - r - 8), int(at[1] + r + 9)):
        for x in range(int(at[0] - r - 8), int(at[0] + r + 9)):
            d = math.dist((x, y), at)
            if r + 1.5 <= d <= r + 8:
                red, green, blue, *_ = screen.get_at((x, y))
                count += red > 160 and green < 70 and blue < 70
    return count


@pytest.mark.parametrize("zoom", [1.0, 2.0, 4.0])
def test_a_zombie_and_a_bystander_read_apart_at_every_zoom(zoom: float) -> None:
    pygame.init()
    pygame.display.set_mode((400, 300))
    game = rigged_game(pcs={"pc1": (20.0, 16.0)}, npcs={"npc1": (10.0, 9.0)}, zombies=[(12.5, 9.0)], dice=[])
    view = TableView(
        MapRenderer(pygame.Surface((240, 180), pygame.SRCALPHA), 10.0), Assets(), None, (0, 0, 400, 300)
    )
    view.camera.fit((24, 18))
    view.camera.zoom_at(view.camera.to_screen((11.0, 9.0)), zoom)
    view.tokens = Match(game, RS.view()).tokens()
    screen = pygame.Surface((400, 300))
    screen.fill((110, 110, 100))
    view.draw(screen)
    z, npc = (next(t for t in view.tokens if t.id == fid) for fid in ("z1", "npc1"))
    r = shown_radius(z.base_radius * view.camera.ppi)
    zombie_red = blood_red_round(screen, view.camera.to_screen(z.position), r)
    bystander_red = blood_red_round(screen, view.camera.to_screen(npc.position), r)
    assert zombie_red >= 20 and bystander_red == 0, (zombie_red, bystander_red)
