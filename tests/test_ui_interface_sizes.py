"""Every screen lays out whole at every interface size the settings offer (issue 33, club night): at 143% the
title's Resume button hid the tagline, campaign names were cut in the campaign list, and Rules help lost its
section buttons; at 125% Zombie 40,000's set-up note was cut. Each screen is laid out, through the real app,
at each offered size of a 1600x900 window, a 1280x800 one and the least window the game allows, and its
pygame_gui elements are checked: none off the screen, none cut (a label too small for its words, a button or
a list line whose words are wider than it), no two widgets on top of each other, the title's buttons under
its tagline, every rules section's button there."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalSlider,
    UILabel,
    UIScrollingContainer,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)
from ui_driver import SHOWING, end_turn, need_default_scenario, start_game

from game.ui.app import MIN_SIZE, App
from game.ui.interface_size import offered
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.title import TitleScene, tagline_foot

MAPS = Path(__file__).resolve().parent.parent / "maps"
WIDGETS = (UIButton, UILabel, UITextBox, UITextEntryLine, UIDropDownMenu, UISelectionList, UIHorizontalSlider)
WINDOWS = [(1600, 900), (1280, 800), MIN_SIZE]


def _scrolled(app: App) -> set[int]:
    """The scrolling containers' insides: what is in them may lie beyond the screen (it scrolls into view)."""
    group = app.manager.get_sprite_group().sprites()
    return {id(s.scrollable_container) for s in group if isinstance(s, UIScrollingContainer)}


def _cut(element) -> bool:
    return isinstance(element, UIButton) and element.font.size(element.text)[0] > element.rect.width - 6


def layout_problems(app: App) -> list[str]:
    """What a player would see amiss on the screen now: widgets off it, cut, or on top of each other."""
    screen = pygame.Rect((0, 0), app.screen.get_size())
    scrolled = _scrolled(app)
    out, laid = [], []
    for e in app.manager.get_sprite_group().sprites():
        if not isinstance(e, WIDGETS) or not e.visible or not e.alive():
            continue
        name = f"{type(e).__name__} {getattr(e, 'text', '')[:40]!r} at {tuple(e.rect)}"
        if _cut(e):  # a list's line or a drop-down's choice too: their words read whole (or end in …)
            out.append(f"cut: {name}")
        if e.parent_element is not None or id(e.ui_container) in scrolled:
            continue
        if not screen.contains(e.rect):
            out.append(f"off the screen {tuple(screen.size)}: {name}")
        laid.append((e, name))
    for i, (a, name_a) in enumerate(laid):
        for b, name_b in laid[i + 1 :]:
            clip = a.rect.clip(b.rect)
            if clip.width > 2 and clip.height > 2:
                out.append(f"overlap: {name_a} / {name_b}")
    return out


def _screens(app: App) -> dict[str, Callable[[], None]]:
    return {
        "title": lambda: app.push(TitleScene(app)),
        "new game": app.show_new_game,
        "Zombiekrieg set-up": lambda: app.push(SetupScene(app, load_entry(MAPS / "normandy_village.tmx"))),
        "Outbreak set-up": lambda: app.push(SetupScene(app, load_entry(MAPS / "small_town.tmx"))),
        "Zombie 40,000 set-up": lambda: app.push(SetupScene(app, load_entry(MAPS / "hive_street.tmx"))),
        "Zombiekrieg rules": lambda: app.show_rules("zombiekrieg"),
        "Zombie 40,000 rules": lambda: app.show_rules("zombie40k"),
        "how to play": lambda: app.show_how_to_play("outbreak"),
        "settings": app.show_settings,
        "load": app.show_load,
    }


def _own_checks(app: App) -> list[str]:
    """A screen's own: the title's buttons under its tagline; every rules section with its button."""
    scene = app.scene
    if scene.name == "title":
        foot = tagline_foot(app.screen.get_size(), app.assets.image("ui.title").get_size())
        return [
            f"over the tagline (foot {foot}): {k} {b.rect}" for k, b in scene.buttons.items() if b.rect.top < foot
        ]
    if hasattr(scene, "sections") and hasattr(scene, "help"):
        if len(scene.sections) != len(scene.help.titles):
            return [f"rules sections without a button: {len(scene.help.titles) - len(scene.sections)}"]
    return []


@pytest.mark.parametrize("window", WINDOWS, ids=[f"{w}x{h}" for w, h in WINDOWS])
def test_every_screen_lays_out_whole_at_every_offered_size(app: App, window: tuple[int, int]) -> None:
    need_default_scenario()
    scene = start_game(app, speed=50.0, seed=1)  # an interrupted game: the title offers Resume
    end_turn(app, scene)
    for _ in range(3000):
        if scene.match.controller.mode not in SHOWING and not scene.match.playback.busy:
            break
        app.run_frames(1)
    app.display = pygame.display.set_mode(window, pygame.RESIZABLE)
    found: list[str] = []
    for size in offered(window, MIN_SIZE):
        app.set_interface_size(size)
        for name, show in _screens(app).items():
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                show()
                app.run_frames(2)
            assert name != "title" or "resume" in app.scene.buttons
            problems = layout_problems(app) + _own_checks(app)
            problems += [f"cut: {w.message}" for w in caught if "too small" in str(w.message)]
            found += [f"{window} at {round(size * 100)}% ({name}): {p}" for p in problems]
    assert not found, "\n".join(found)
