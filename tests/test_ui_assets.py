"""Every sprite and sound in the manifests loads, and tokens come back sized and turned."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.assets import assets_dir  # noqa: E402
from game.ui.assets import Assets  # noqa: E402
from game.ui.sound import Sounds  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def window():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.quit()


def test_every_sprite_in_the_manifest_loads(caplog: pytest.LogCaptureFixture) -> None:
    assets = Assets()
    if not assets.entries:
        pytest.skip("sprites/manifest.toml not there yet")
    for needed in (
        "tokens.soldier_american_sergeant",
        "tokens.zombie_1",
        "tokens.zombie_down",
        "ui.title",
        "icons.fire",
        "dice.d6_6",
    ):
        assert assets.has(needed), needed
    with caplog.at_level(logging.WARNING):
        for sprite_id in assets.ids():
            assert assets.image(sprite_id).get_width() > 0
    assert "placeholder" not in caplog.text  # nothing fell back to a drawn stand-in


def test_every_sound_in_the_manifest_is_a_file() -> None:
    sounds = Sounds(enabled=True)  # SDL's dummy audio driver stands in for a device
    entries = sounds.entries
    if not entries:
        pytest.skip("sounds/manifest.toml not there yet")
    folder = assets_dir("sounds")
    for entry in entries.values():
        assert (folder / entry.file).is_file(), entry.id
    for needed in ("rifle", "hit", "death_zombie", "dice", "click"):
        assert needed in entries, needed
        sounds.play(needed)  # loads and plays without raising
    assert sounds.last_played == "click"


def test_tokens_are_scaled_turned_and_cached() -> None:
    assets = Assets()
    east = assets.token("tokens.zombie_1", 40, facing=0)
    assert east.get_size() == (40, 40)
    turned = assets.token("tokens.zombie_1", 40, facing=45)
    assert turned.get_width() > 40  # a square turned 45 degrees is wider
    assert assets.token("tokens.zombie_1", 40, facing=46) is turned  # same 5-degree step: the cached image


def test_a_missing_sprite_is_a_placeholder_and_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        image = Assets().image("tokens.no_such_thing")
    assert image.get_width() > 0 and "placeholder" in caplog.text


def test_sounds_without_a_device_do_nothing_quietly() -> None:
    sounds = Sounds(enabled=False)
    sounds.play("rifle")
    sounds.set_muted(True)
    sounds.set_volume(2.0)
    assert sounds.volume == 1.0 and not sounds.available
