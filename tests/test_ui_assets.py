"""Every sprite and sound in the manifests loads, and tokens come back sized and turned."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import logging  # noqa: E402
import math  # noqa: E402

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


def test_a_token_at_the_default_zoom_is_drawn_from_its_bold_small_art() -> None:
    assets = Assets()
    assert assets.small_art("tokens.soldier_british_lmg", 20) == "tokens.soldier_british_lmg_small"
    assert assets.small_art("tokens.soldier_british_lmg", 48) == "tokens.soldier_british_lmg"
    assert assets.small_art("tokens.zombie_boss", 20) == "tokens.zombie_boss"  # no small art: the detailed one
    small = assets.token("tokens.zombie_2", 20)
    expected = pygame.transform.smoothscale(assets.image("tokens.zombie_2_small"), (20, 20))
    assert small.get_at((10, 10)) == expected.get_at((10, 10))


def test_a_token_shadow_is_soft_and_dark_in_the_middle() -> None:
    assets = Assets()
    shadow = assets.shadow(40)
    w, h = shadow.get_size()
    assert w > 40 and h > 40  # the blur spreads past the base
    assert shadow.get_at((w // 2, h // 2)).a > 100  # dark under the figure
    assert shadow.get_at((0, 0)).a == 0
    edge = {shadow.get_at((x, h // 2)).a for x in range(w // 2)}
    assert len(edge) > 6  # it fades out over several pixels: soft, not a hard disc
    assert assets.shadow(40) is shadow  # made once per size


def test_the_table_draws_a_shadow_and_a_knocked_down_soldier_lying(app, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real game scene: a knocked-down American rifleman is drawn with his lying
    sprite, and every token darkens the table to its bottom right (its shadow)."""
    from ui_driver import need_default_scenario, screen_of, start_game, zoom_on

    need_default_scenario()
    scene = start_game(app)
    m = scene.match
    game = m.game
    man = next(f for f in game.figures if f.id == "us1-r1")
    game.world.knock_down(man)
    m._finish_playback()
    zoom_on(scene, man.position, ppi=48.0)
    app.run_frames(3)
    drawn = {call[0] for call in app.assets._token_calls}
    assert "tokens.soldier_american_rifleman_down" in drawn

    def patch_darkness() -> float:
        # a patch just outside the base, below and right of a standing neighbour, beyond his rings
        # and clear of the GUTS number under him
        other = next(f for f in game.figures if f.id == "us1-sgt")
        zoom_on(scene, other.position, ppi=48.0)
        app.run_frames(2)
        cx, cy = screen_of(scene, other.position)
        r = 24
        d = (r + 8) / math.sqrt(2)
        pts = [(round(cx + d + dx), round(cy + d + dy)) for dx in range(-2, 3) for dy in range(-2, 3)]
        return sum(sum(app.screen.get_at(p)[:3]) for p in pts) / len(pts)

    with_shadow = patch_darkness()
    empty = pygame.Surface((1, 1), pygame.SRCALPHA)
    monkeypatch.setattr(app.assets, "shadow", lambda pixels: empty)
    scene.view.forget_looks()  # the tokens painted with shadows are kept: paint them again without
    without = patch_darkness()
    assert with_shadow < without - 20, (with_shadow, without)
