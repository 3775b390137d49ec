"""Outbreak playtest: once a character had acted he looked like a bystander (both rims blue, the done
tick unnoticed). A bystander's rim is now a pale stone no player's colour is near, and an acted
character's done mark is a disc of his player's colour with a dark tick on it."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.ui.table_view import DONE_COLOUR, TableView, shown_radius
from game.ui.tokens import PLAYER_COLOURS, SIDE_COLOURS, TokenView

AT = (12.0, 9.0)


def drawn(view: TableView, token: TokenView) -> pygame.Surface:
    screen = pygame.Surface((400, 300))
    view.tokens, view.overlays = [token], []
    view.draw(screen)
    return screen


def rim(view: TableView, token: TokenView) -> set[tuple[int, int, int]]:
    """The colours on the rim's lower half, its ring's middle (clear of the player's mark and the facing tick)."""
    screen = drawn(view, token)
    cx, cy = view.camera.to_screen(token.position)
    r = shown_radius(token.base_radius * view.camera.ppi)
    out = set()
    for deg in range(100, 160, 4):  # the lower left, clear of the done mark on the lower right
        a = math.radians(deg)
        out.add(
            tuple(screen.get_at((round(cx + math.cos(a) * (r - 1.5)), round(cy + math.sin(a) * (r - 1.5)))))[:3]
        )
    return out


def saturation(colour: tuple[int, int, int]) -> float:
    """How much hue a colour has, 0 (a grey) to 100 (the colour itself)."""
    return pygame.Color(*colour).hsva[1]


@pytest.mark.parametrize("player", [1, 2, 3, 4])
def test_an_acted_character_does_not_look_like_a_bystander(table, player) -> None:
    character = TokenView(id="pc1", sprite="tokens.character_1", position=AT, side="allies", player=player)
    acted = TokenView(
        id="pc1", sprite="tokens.character_1", position=AT, side="allies", player=player, state="acted"
    )
    bystander = TokenView(id="npc1", sprite="tokens.npc", position=AT, side="npc")
    assert PLAYER_COLOURS[player] in rim(table, acted) and PLAYER_COLOURS[player] in rim(table, character)
    assert SIDE_COLOURS["npc"] in rim(table, bystander)
    assert saturation(PLAYER_COLOURS[player]) > 35 > 12 > saturation(SIDE_COLOURS["npc"])  # a hue against a grey


def test_the_done_mark_is_the_players_colour_with_a_dark_tick(table) -> None:
    acted = TokenView(id="pc1", sprite="tokens.character_1", position=AT, side="allies", player=1, state="acted")
    standing = TokenView(id="pc1", sprite="tokens.character_1", position=AT, side="allies", player=1)
    cx, cy = table.camera.to_screen(AT)
    r = shown_radius(0.5 * table.camera.ppi)
    mx, my = round(cx + r * 0.72), round(cy + r * 0.72)  # the done mark's centre, on the lower right rim

    def mark(token: TokenView) -> set[tuple[int, int, int]]:
        screen = drawn(table, token)
        return {tuple(screen.get_at((mx + dx, my + dy)))[:3] for dx in range(-6, 7) for dy in range(-6, 7)}

    assert {DONE_COLOUR, PLAYER_COLOURS[1]} <= mark(acted)
    assert DONE_COLOUR not in mark(standing)
