"""Terrain reads as terrain (issue "Club-night play", item 8), on the table the real game scene draws:
a building is a roof with a lit and a shaded slope, woods are tree canopies casting shadows, a hedge is a
leafy green band; all of it drawn by the game's own code over the map's tiles."""

from __future__ import annotations

import random

from ui_driver import start_game

from game.ui.app import App
from game.ui.terrain_art import ROOFS, roof_for


def brightness(surface, point: tuple[float, float], ppi: float) -> float:
    r, g, b = surface.get_at((round(point[0] * ppi), round(point[1] * ppi)))[:3]
    return 0.3 * r + 0.59 * g + 0.11 * b


def test_buildings_have_roofs_woods_have_canopies_and_hedges_are_hedges(app: App) -> None:
    random.seed(1)
    scene = start_game(app)
    view = scene.view
    native, ppi = view.renderer.native, view.renderer.native_ppi
    terrain = view.scenario.terrain

    square = [  # the pitched roofs (a flat one has no slopes; a vehicle keeps its picture)
        t
        for t in terrain
        if t.kind == "building" and len(t.area.points) == 4 and roof_for(t) not in (None, "concrete")
    ]
    assert square
    for house in square:
        x0, y0, x1, y1 = house.area.bounds
        my = (y0 + y1) / 2
        west = brightness(native, (x0 + (x1 - x0) * 0.2, my), ppi)  # the slope facing the light
        east = brightness(native, (x1 - (x1 - x0) * 0.2, my), ppi)
        assert west > east + 10, (house.name, west, east)
        mid = native.get_at((round((x0 + x1) / 2 * ppi), round(my * ppi)))[:3]
        roof = ROOFS[str(roof_for(house))]
        assert sum(abs(a - b) for a, b in zip(mid, roof)) < 150, (house.name, mid, roof)  # its roofing's colour

    woods = next(t for t in terrain if str(t.properties.get("terrain")) == "woods")
    x0, y0, x1, y1 = woods.area.bounds
    samples = [
        native.get_at((round((x0 + (x1 - x0) * i / 20) * ppi), round((y0 + (y1 - y0) * j / 20) * ppi)))[:3]
        for i in range(3, 18)
        for j in range(3, 18)
    ]
    greens = [p for p in samples if p[1] > p[0] and p[1] > p[2]]
    assert len(greens) > 0.8 * len(samples)  # leaves
    levels = sorted(0.3 * r + 0.59 * g + 0.11 * b for r, g, b in greens)
    assert levels[-len(levels) // 10] - levels[len(levels) // 10] > 35  # lit crowns and shadowed gaps, not flat

    hedge = next(t for t in terrain if str(t.properties.get("terrain")) == "hedge")
    r, g, b = native.get_at(tuple(round(v * ppi) for v in hedge.area.centre))[:3]
    assert g > r and g > b  # green
