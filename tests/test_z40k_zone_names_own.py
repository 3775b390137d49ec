"""Each zone's name on the whole-table view sits on or next to its own zone, never over another zone nor nearer
another's box (a newcomer's hot-seat game on Hive Street): "DEPLOY: Deployment zone (Player 2)" stood under
Player 1's blue box, and in a rematch "SPAWN: North edge (east)" was drawn on the escape zone. The rule is the
table view's ``reads_as_own``: over no other zone, and a line's height nearer its own than any other."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, start_teams

from game.ui.table_view import gap, reads_as_own
from game.ui.tokens import TokenView

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"
TEAMS = ["tactical_squad", "ork_boyz"]

# the zombies round Player 2's box at the newcomer's start (26_game.png), as fractions of the table
NEWCOMER_HORDES = [(0.583, 0.72), (0.601, 0.748), (0.621, 0.748), (0.601, 0.78), (0.601, 0.859), (0.601, 0.889)]
NEWCOMER_HORDES += [(0.621, 0.919), (0.601, 0.944)]


def _misread(view) -> list[tuple[str, str]]:  # noqa: ANN001  (the table view)
    """Each zone name that reads as another zone's, or stands on another's name: (name, the other)."""
    areas = {view.zone_label(z)[0]: r for z, r in zip(view.scenario.zones, view.zone_rects())}
    names = {text: rect for kind, text, rect in view.words if kind == "zone"}
    assert set(names) == set(areas), "a zone went unnamed"
    out = []
    for text, rect in names.items():
        for other, area in areas.items():
            if other != text and not reads_as_own(rect, areas[text], [area]):
                out.append((text, other))
            if other != text and rect.colliderect(names[other]):
                out.append((text, f"the name of {other}"))
    return out


def _game(app, size: tuple[int, int], seed: int):  # noqa: ANN001, ANN202
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(2)
    return start_teams(app, HIVE, TEAMS, seed=seed)


@pytest.mark.parametrize("size", [(1280, 800), (1600, 900)])
def test_every_zones_name_reads_as_its_own_at_the_opening_view(tmp_path: Path, size: tuple[int, int]) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        for seed in (1, 3, 4):  # (the hordes start in other places each game)
            scene = _game(app, size, seed)
            scene.view.fit()
            app.run_frames(2)
            assert not _misread(scene.view), (seed, _misread(scene.view))


def test_player_2s_deploy_name_stays_by_its_box_with_zombies_beside_it(tmp_path: Path) -> None:
    """The newcomer's opening: zombies to the right of Player 2's box and above it."""
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        view = _game(app, (1600, 900), 1).view
        w, h = view.table_size
        horde = [
            TokenView(f"z{i}", "tokens.zombie_1", (x * w, y * h), side="zombie")
            for i, (x, y) in enumerate(NEWCOMER_HORDES)
        ]
        view.tokens = [t for t in view.tokens if t.side != "zombie"] + horde
        view._set_up = ()  # (the names' homes are found round the figures as the game starts)
        view.fit()
        app.run_frames(2)
        assert not _misread(view), _misread(view)
        areas = {view.zone_label(z)[0]: r for z, r in zip(view.scenario.zones, view.zone_rects())}
        name = next(t for t in areas if "layer 2" in t)
        rect = next(r for k, t, r in view.words if t == name)
        assert gap(rect, areas[name]) <= rect.h, (rect, areas[name])  # next to its box
