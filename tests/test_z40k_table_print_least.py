"""Words on the whole-table view are big enough to read (a newcomer's Zombie 40,000 on Hive Street at 1600x900):
the squad's tag by its models ("Counter-Attack") was about 7 pixels tall, and the red coherency warning on its dark
plate was small and hard to read. A tag in words is printed at LEAST_PRINT or more (the zones' names no smaller),
and a warning plate's words read at LEAST_PRINT on its ground at AAA contrast."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_driver import headless_app, start_teams

from game.rules import drawing as d
from game.ui.previews import overlays_of
from game.ui.table_view import LEAST_PRINT, PLATE_BG, PLATE_CONTRAST, ZONE_PRINT, contrast

HIVE = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _scene(app, teams: list | None = None, size: tuple[int, int] = (1600, 900)):  # noqa: ANN001, ANN202
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(2)
    scene = start_teams(app, HIVE, teams or ["tactical_squad", "ork_boyz"], seed=1)
    scene.view.fit()
    app.run_frames(2)
    return scene


def test_the_tags_and_zone_names_are_printed_large_enough_at_the_whole_table(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        view = _scene(app, [{"unit": "tactical_squad", "usr": "Counter-Attack"}, "ork_boyz"]).view
        least = view.texts.render("Counter-Attack", LEAST_PRINT, (255, 255, 255)).get_height()
        zone = view.texts.render("SPAWN: West edge", max(ZONE_PRINT, LEAST_PRINT), (255, 255, 255)).get_height()
        tags = [r for kind, text, r in view.words if kind == "guts" and not text.isdigit()]
        names = [r for kind, text, r in view.words if kind == "zone"]
        assert names
        assert all(r.h >= least for r in tags), [r.h for r in tags]  # the squad's tag (its free rule)
        assert any("Counter-Attack" in text for kind, text, r in view.words if kind == "guts")
        assert all(r.h >= zone for r in names), [r.h for r in names]
        assert LEAST_PRINT >= 18


def test_a_coherency_warning_plate_reads_large_and_clear(tmp_path: Path) -> None:
    if not HIVE.exists():
        pytest.skip("Hive Street is not there")
    with headless_app(tmp_path / "settings.json") as app:
        scene = _scene(app)
        view = scene.view
        words = "Tactical Squad: out of coherency"
        (plate,) = overlays_of([d.Plate((20.0, 20.0), words, "bad", small=True)])  # as the rules warn
        view.overlays = [plate]
        view.draw(app.screen)
        (rect,) = view.plates
        assert rect.h >= view.texts.font(LEAST_PRINT).get_height() + 10, rect  # one line at LEAST_PRINT at least
        image = view.plate(words, LEAST_PRINT, plate.colour, None, 0)
        ground = PLATE_BG[:3]
        inks = {
            image.get_at((x, y))[:3]
            for x in range(8, image.get_width() - 8)
            for y in range(5, image.get_height() - 5)
        }
        assert max(contrast(c, ground) for c in inks) >= PLATE_CONTRAST, "the warning's words are hard to read"
