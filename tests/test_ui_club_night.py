"""Club night (issue 33): what newcomers tripped over on screen, each seen through the real scene.

- The table stays put when the log panel grows ("Log +") or shrinks: the same table point stays under the
  same screen pixel, the log only covers the table's lower part.
"""

from __future__ import annotations

import math

import pygame
import pytest
from ui_driver import click, need_default_scenario, screen_of, start_game

from game.ui.app import App


@pytest.fixture
def app(app: App) -> App:
    """The shared headless app (tests/conftest.py); these tests need the starter map."""
    need_default_scenario()
    return app


def test_the_table_stays_put_when_the_log_grows_and_shrinks(app: App) -> None:
    scene = start_game(app)
    cam = scene.view.camera
    top = (cam.offset[0] + 2.0, cam.offset[1] + 2.0)  # a table point near the view's top-left, never covered
    where = screen_of(scene, top)
    table_h = cam.viewport[3]
    click(app, scene.log_size_button.rect.center)  # "Log +"
    assert scene.log_panel.tall and scene.view.camera.viewport[3] < table_h  # the log took room from the table
    assert screen_of(scene, top) == where
    click(app, scene.log_size_button.rect.center)  # "Log -"
    assert not scene.log_panel.tall
    assert screen_of(scene, top) == where
    assert pygame.Rect(scene.view.camera.viewport).collidepoint(where)


# ---- an acted figure keeps his side's colour -----------------------------------------------------------


def rim_colours(view, token) -> set[tuple[int, int, int]]:
    """The colours painted on the rim of ``token``'s base, on its lower half (clear of the facing tick)."""
    from game.ui.table_view import shown_radius

    screen = pygame.Surface((400, 300))
    view.tokens = [token]
    view.overlays = []
    view.draw(screen)
    cx, cy = view.camera.to_screen(token.position)
    r = shown_radius(token.base_radius * view.camera.ppi)
    out = set()
    for deg in range(20, 160, 4):  # the rim's lower half, its ring's middle
        a = math.radians(deg)
        x, y = cx + math.cos(a) * (r - 1.5), cy + math.sin(a) * (r - 1.5)
        out.add(tuple(screen.get_at((round(x), round(y))))[:3])
    return out


@pytest.mark.parametrize(
    "side, player, sprite",
    [
        ("allies", 0, "tokens.soldier_american_rifleman"),  # Zombiekrieg's soldiers: the side's colour
        ("allies", 1, "tokens.marine_1"),  # Zombie 40,000's marines: their player's colour
        ("allies", 2, "tokens.marine_2"),
    ],
)
def test_a_soldier_who_has_acted_keeps_his_sides_colour_and_shows_a_done_mark(table, side, player, sprite) -> None:
    """Club night: once a marine had acted, his grey token looked like a zombie's. The acted token is
    greyed inside, but its rim stays the side's (or the hot-seat player's) colour, as a zombie's stays
    his, and a done tick tells it from a token that may still act."""
    from game.ui.tokens import PLAYER_COLOURS, SIDE_COLOURS, TokenView

    colour = PLAYER_COLOURS.get(player, SIDE_COLOURS[side])
    at = (12.0, 9.0)
    acted = TokenView(id="m1", sprite=sprite, position=at, side=side, player=player, state="acted")
    zombie = TokenView(id="z1", sprite="tokens.zombie_1", position=at, side="zombie")
    standing = TokenView(id="m1", sprite=sprite, position=at, side=side, player=player)
    assert colour in rim_colours(table, acted)
    assert SIDE_COLOURS["zombie"] in rim_colours(table, zombie)
    assert SIDE_COLOURS["zombie"] not in rim_colours(table, acted)
    assert colour in rim_colours(table, standing)
    from game.ui.table_view import DONE_COLOUR

    def painted(token) -> bool:
        screen = pygame.Surface((400, 300))
        table.tokens = [token]
        table.draw(screen)
        x, y = (round(v) for v in table.camera.to_screen(at))
        return any(screen.get_at((x + dx, y + dy))[:3] == DONE_COLOUR for dx in range(30) for dy in range(30))

    assert painted(acted) and not painted(standing)


# ---- whole weapon names in the roster ----------------------------------------------------------------------


def test_the_roster_shows_whole_weapon_names_and_a_name_hovered_shows_his_whole_entry(app: App) -> None:
    """Club night: the roster read "Bolt…" for a Space Marine's weapons. At 1280 x 800 every weapon reads
    whole: a squad's shared weapon once under its heading ("each: Shuriken catapult"), a figure's own
    under his name; hovering his name shows his whole entry (each weapon with its profile)."""
    from pathlib import Path

    from ui_driver import link_rect, motion

    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    hive = Path(__file__).resolve().parents[1] / "maps" / "hive_street.tmx"
    setup = GameSetup(load_entry(hive))
    setup.use_options({"teams": ["tactical_squad", "guardian_defenders"]})
    app.start_game(setup)
    app.run_frames(5)
    scene = app.scene
    assert app.screen.get_size() == (1280, 800)
    rows = [
        "".join(getattr(chunk, "text", "") for chunk in row.items).strip()
        for row in scene.roster_box.text_box_layout.layout_rows
    ]
    assert "\u2026" not in scene.roster_html, rows
    assert "Boltgun, Bolt pistol" in rows and "Bolt pistol, Flamer" in rows, rows
    assert "each: Shuriken catapult" in rows, rows
    assert any(r.startswith("Space Marine Sergeant") and r.endswith(("ready", "done")) for r in rows), rows
    where = link_rect(scene.roster_box, "Space Marine Sergeant").center
    pygame.mouse.set_pos(where)  # (the dummy driver's pointer follows set_pos, not posted motion)
    motion(app, where)
    app.run_frames(2)
    tip = scene.roster_panel.tip
    assert tip is not None and scene.roster_panel.tip_for is not None
    words = tip.text_block.html_text
    assert "Space Marine Sergeant" in words and "Boltgun: " in words and "Bolt pistol: " in words, words
    # beside the roster, not over the names under the pointer (a newcomer's next click was on them)
    assert tip.rect.right <= scene.roster_box.rect.left, (tip.rect, scene.roster_box.rect)
    pygame.mouse.set_pos((5, 5))
    motion(app, (5, 5))
    app.run_frames(2)
    assert scene.roster_panel.tip is None


# ---- the end table's marks fit the panel -------------------------------------------------------------------


def test_the_end_tables_escape_mark_wraps_inside_the_panel() -> None:
    """Club night: the end table read "team escaped: 1 aboard," and ran off the report panel. A Zombie
    40,000 team boards the vehicle; its mark on the roll, drawn as the end screen draws it at 1280 x 800,
    keeps clear of the panel's right edge (it wraps under itself)."""
    from game.rules.zombie40k.commands import Move
    from game.rules.zombie40k.state import Phase
    from game.rules.zombie40k.testing import rigged_game
    from game.ui.scenes.end import ReportPanel, end_layout

    pygame.init()
    g = rigged_game(
        {1: [(24.0, 8.0), (25.5, 8.0)], 2: [(10, 40)]},
        teams=["guardian_defenders", "tactical_squad"],
        phase=Phase.MOVEMENT,
    )
    g.apply(Move("p1-1", ((24.0, 5.2),)))  # aboard: the team escapes
    from game.rules.core import get_ruleset

    report = get_ruleset("zombie40k").report(g)
    assert [r.mark for r in report.roll][0].startswith("escaped with 1 aboard")
    lay = end_layout((1280, 800))
    area = lay.report.inflate(-2 * lay.fs, -2 * round(lay.fs * 0.8))  # as the end screen draws it
    pic = pygame.Surface((1280, 800))
    ReportPanel(report, lay.fs).draw(pic, area)
    edge = [pic.get_at((x, y)) for x in range(area.right - 4, area.right) for y in range(area.top, area.bottom)]
    assert not [c for c in edge if sum(c[:3]) > 200]  # no words run into the edge (a rule line is dim)
