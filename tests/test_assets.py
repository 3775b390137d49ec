"""The shipped art and sound files: every id the game asks for is there, loads, and looks and
sounds like a finished asset (square tokens with clear corners facing east, audible clean WAVs).

The files are made by ``sprites/make_sprites.py`` and ``sounds/make_sounds.py``; the last tests
rerun both generators in a scratch folder to show the committed files are what they make.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tomllib
import wave
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
pygame = pytest.importorskip("pygame")

from game.assets import assets_dir  # noqa: E402

SPRITES = assets_dir("sprites")
SOUNDS = assets_dir("sounds")
SPRITE_MANIFEST = tomllib.loads((SPRITES / "manifest.toml").read_text(encoding="utf-8"))
SOUND_MANIFEST = tomllib.loads((SOUNDS / "manifest.toml").read_text(encoding="utf-8"))

NATIONS = ("american", "british", "soviet")
ROLES = ("sergeant", "corporal", "rifleman", "smg", "lmg")
DOWN_TOKENS = [f"soldier_{n}_{r}_down" for n in NATIONS for r in ROLES]
SMALL_TOKENS = [f"soldier_{n}_{r}_small" for n in NATIONS for r in ROLES] + [
    f"zombie_{i}_small" for i in range(1, 5)
]
TOKENS = (
    [f"soldier_{n}_{r}" for n in NATIONS for r in ROLES]
    + DOWN_TOKENS
    + SMALL_TOKENS
    + [f"zombie_{i}" for i in range(1, 5)]
    + ["zombie_boss", "zombie_down", "dead_soldier", "dead_zombie"]
    + [f"character_{i}" for i in range(1, 5)]
    + ["npc"]
    + [f"marine_{i}" for i in range(1, 5)]
    + ["ork_boy"]
)
FACING_TOKENS = [t for t in TOKENS if not t.startswith("dead_")]
ICONS = (
    "move fire order end_turn measure undo save load settings sound_on sound_off skip los_clear "
    "los_obscured los_blocked clutter waypoint objective exit spawn guts knocked_down dead initiative "
    "victory defeat"
).split()
DICE = [f"d6_{n}" for n in range(1, 7)] + [f"d6_{n}_red" for n in range(1, 7)]
SOUND_IDS = (
    "rifle smg lmg hit knockdown death_soldier death_zombie groan_1 groan_2 groan_3 dice click "
    "whistle turn victory defeat footsteps shamble"
).split()


def sprite_entries() -> list[tuple[str, str, dict]]:
    return [(section, sid, entry) for section, table in SPRITE_MANIFEST.items() for sid, entry in table.items()]


@pytest.fixture(scope="module")
def display() -> None:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


def load(rel: str) -> pygame.Surface:
    return pygame.image.load(str(SPRITES / rel)).convert_alpha()


# --------------------------------------------------------------------------- sprites


def test_sprite_manifest_names_every_id_the_game_uses() -> None:
    assert sorted(SPRITE_MANIFEST["tokens"]) == sorted(TOKENS)
    assert sorted(SPRITE_MANIFEST["icons"]) == sorted(ICONS)
    assert sorted(SPRITE_MANIFEST["dice"]) == sorted(DICE)
    assert sorted(SPRITE_MANIFEST["ui"]) == ["icon", "title"]


@pytest.mark.parametrize("section,sid,entry", sprite_entries(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_sprite_file_exists_and_is_an_rgba_png(section: str, sid: str, entry: dict) -> None:
    path = SPRITES / entry["file"]
    assert path.is_file(), f"{sid}: {entry['file']} is missing"
    assert path.name == f"{sid}.png", "ids are the file names without the extension"
    head = path.read_bytes()[:33]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{sid} is not a PNG"
    width, height, _depth, colour_type = struct.unpack(">IIBB", head[16:26])
    if section != "ui" or sid == "icon":
        assert colour_type == 6, f"{sid} has no alpha channel"
    if "size" in entry:
        assert (width, height) == (entry["size"], entry["size"])


def test_token_sizes_and_bases(display: None) -> None:
    for sid in TOKENS:
        entry = SPRITE_MANIFEST["tokens"][sid]
        assert entry["size"] == 128 and entry["base"] > 0
        image = load(entry["file"])
        assert image.get_size() == (128, 128), sid
    assert SPRITE_MANIFEST["tokens"]["zombie_boss"]["base"] == 1.6
    assert SPRITE_MANIFEST["tokens"]["soldier_british_lmg"]["base"] == 1.0


@pytest.mark.parametrize("sid", TOKENS)
def test_tokens_have_clear_corners_and_a_solid_middle(sid: str, display: None) -> None:
    image = load(SPRITE_MANIFEST["tokens"][sid]["file"])
    w, h = image.get_size()
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (8, 8), (w - 9, h - 9)):
        assert image.get_at((x, y)).a == 0, f"{sid}: corner ({x}, {y}) is not transparent"
    assert image.get_at((w // 2, h // 2)).a == 255, f"{sid}: the middle is see-through"


def light_run(image: pygame.Surface, points: list[tuple[int, int]]) -> int:
    """The longest run of light pixels (r+g+b > 400) that follows a dark outline pixel along ``points``."""
    best, run, after_dark = 0, 0, False
    for x, y in points:
        c = image.get_at((x, y))
        v = c.r + c.g + c.b if c.a > 200 else 0
        if v > 400 and after_dark:
            run += 1
            best = max(best, run)
        else:
            run = 0
            after_dark = v < 120 and c.a > 200
    return best


@pytest.mark.parametrize("sid", FACING_TOKENS)
def test_tokens_face_east_with_a_notch(sid: str, display: None) -> None:
    """The facing notch, light inside a dark outline, cuts the rim at angle 0 (+x); at 90 and 270
    degrees the rim shows the dark ticks where the front arc ends instead."""
    image = load(SPRITE_MANIFEST["tokens"][sid]["file"])
    w, h = image.get_size()
    east = light_run(image, [(x, h // 2) for x in range(w - 20, w)])
    assert east >= 5, f"{sid}: no facing notch at the east edge"
    north = light_run(image, [(w // 2, y) for y in range(20, -1, -1)])
    south = light_run(image, [(w // 2, y) for y in range(h - 20, h)])
    assert north < 3 and south < 3, f"{sid}: the front-arc ticks are missing at 90/270 degrees"


def figure_extent(image: pygame.Surface) -> tuple[int, int]:
    """Width and height of the dark outlines drawn inside the base's ground (the figure, not the rim)."""
    w, h = image.get_size()
    xs, ys = [], []
    for y in range(h):
        for x in range(w):
            if (x - w / 2) ** 2 + (y - h / 2) ** 2 > (0.39 * w) ** 2:
                continue
            c = image.get_at((x, y))
            if c.a > 200 and c.r + c.g + c.b < 110:
                xs.append(x)
                ys.append(y)
    return max(xs) - min(xs), max(ys) - min(ys)


@pytest.mark.parametrize("sid", DOWN_TOKENS)
def test_a_knocked_down_soldier_lies_along_his_facing(sid: str, display: None) -> None:
    """Facing east, a man lying flat is much longer east-west than he is wide, and the token
    still differs from the standing man's: a player tells them apart by shape, not by a label."""
    entry = SPRITE_MANIFEST["tokens"][sid]
    assert entry["state"] == "knocked_down" and entry["side"] == "soldiers"
    lying = load(entry["file"])
    w, h = figure_extent(lying)
    assert w > 1.35 * h, (sid, w, h)
    standing = load(SPRITE_MANIFEST["tokens"][sid.removesuffix("_down")]["file"])
    differ = sum(
        1
        for x in range(32, 96, 2)
        for y in range(32, 96, 2)
        if sum(abs(a - b) for a, b in zip(lying.get_at((x, y))[:3], standing.get_at((x, y))[:3])) > 90
    )
    assert differ > 300, (sid, differ)  # of 1024 sampled pixels in the middle


@pytest.mark.parametrize("sid", SMALL_TOKENS)
def test_small_tokens_keep_more_contrast_than_the_detailed_art_at_20_px(sid: str, display: None) -> None:
    """At the default zoom (a base about 20 px across) the _small art keeps strong light and dark
    shapes where the detailed figure shrinks to mud: a wider spread of lightness inside the rim."""

    def spread(image: pygame.Surface) -> int:
        small = pygame.transform.smoothscale(image, (20, 20))
        values = sorted(
            sum(small.get_at((x, y))[:3])
            for x in range(20)
            for y in range(20)
            if (x - 9.5) ** 2 + (y - 9.5) ** 2 < 49
        )
        return values[9 * len(values) // 10] - values[len(values) // 10]

    entry = SPRITE_MANIFEST["tokens"][sid]
    detailed = SPRITE_MANIFEST["tokens"][entry["small_of"]]
    assert entry["side"] == detailed["side"] and entry["base"] == detailed["base"]
    bold, fine = spread(load(entry["file"])), spread(load(detailed["file"]))
    assert bold > 1.15 * fine and bold > 250, (sid, bold, fine)


def ground_colour(image: pygame.Surface) -> tuple[int, int, int]:
    """The base's ground just inside the rim, behind the figure (west of it)."""
    w, h = image.get_size()
    c = image.get_at((int(w * 0.17), int(h * 0.5) + 3))
    return c.r, c.g, c.b


def test_soldiers_and_zombies_stand_on_grounds_that_tell_the_sides_apart(display: None) -> None:
    """The figure shows against its base (a light ground), and the two sides' grounds differ."""
    soldier = ground_colour(load(SPRITE_MANIFEST["tokens"]["soldier_american_rifleman"]["file"]))
    zombie = ground_colour(load(SPRITE_MANIFEST["tokens"]["zombie_1"]["file"]))
    assert sum(soldier) > 330 and sum(zombie) > 260, (soldier, zombie)
    assert sum(abs(a - b) for a, b in zip(soldier, zombie)) > 50, (soldier, zombie)


def test_icons_dice_and_screens_have_their_sizes(display: None) -> None:
    for sid in ICONS:
        icon = load(SPRITE_MANIFEST["icons"][sid]["file"])
        assert icon.get_size() == (48, 48), sid
        assert icon.get_at((0, 0)).a == 0, f"icon {sid} should sit on any panel colour"
        assert any(icon.get_at((x, y)).a > 200 for x in range(48) for y in range(48)), f"icon {sid} is empty"
    for sid in DICE:
        assert load(SPRITE_MANIFEST["dice"][sid]["file"]).get_size() == (64, 64)
    assert load("ui/title.png").get_size() == (1280, 800)
    assert load("ui/icon.png").get_size() == (64, 64)


def test_dice_show_their_number_of_pips(display: None) -> None:
    """Count the dark pip blobs on the white dice (light ones on the red dice)."""
    for n in range(1, 7):
        for sid, dark in ((f"d6_{n}", True), (f"d6_{n}_red", False)):
            image = load(SPRITE_MANIFEST["dice"][sid]["file"])
            mask = pygame.mask.Mask((64, 64))
            for y in range(12, 52):
                for x in range(12, 52):
                    c = image.get_at((x, y))
                    if (c.r + c.g + c.b < 150) if dark else (c.g > 200 and c.b > 200):
                        mask.set_at((x, y))
            blobs = [r for r in mask.get_bounding_rects() if r.w * r.h > 9]
            assert len(blobs) == n, f"{sid} shows {len(blobs)} pips"


def test_icons_differ_by_shape_not_only_colour(display: None) -> None:
    """Colour-blind safe: no two icons have the same silhouette (alpha mask)."""
    masks = {}
    for sid in ICONS:
        icon = load(SPRITE_MANIFEST["icons"][sid]["file"])
        mask = pygame.mask.Mask((48, 48))
        for y in range(48):
            for x in range(48):
                c = icon.get_at((x, y))
                if c.a > 128 and c.r + c.g + c.b > 400:  # the light glyph, not its dark outline
                    mask.set_at((x, y))
        masks[sid] = mask
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            overlap = masks[a].overlap_area(masks[b], (0, 0))
            union = masks[a].count() + masks[b].count() - overlap
            assert overlap / union < 0.8, f"icons {a} and {b} have nearly the same shape"


# --------------------------------------------------------------------------- sounds


def samples(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, list(struct.unpack(f"<{len(frames) // 2}h", frames))


def test_sound_manifest_names_every_id_the_game_uses() -> None:
    assert sorted(SOUND_MANIFEST["sounds"]) == sorted(SOUND_IDS)
    for sid, entry in SOUND_MANIFEST["sounds"].items():
        assert 0 < entry["volume"] <= 1, sid
        assert entry["file"] == f"{sid}.wav"


@pytest.mark.parametrize("sid", SOUND_IDS)
def test_sounds_load_are_audible_and_clean(sid: str) -> None:
    path = SOUNDS / SOUND_MANIFEST["sounds"][sid]["file"]
    assert path.is_file(), f"{sid}: {path.name} is missing"
    params, data = samples(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    duration = params.nframes / params.framerate
    assert 0.05 < duration < 4.0, f"{sid} lasts {duration:.2f} s"
    peak = max(abs(v) for v in data)
    assert peak > 0.5 * 32767, f"{sid} is nearly silent (peak {peak})"
    assert sum(1 for v in data if abs(v) >= 32767) < 4, f"{sid} clips"
    # fades: no click at either end
    assert abs(data[0]) < 300 and abs(data[-1]) < 300, f"{sid} starts or ends with a jump"


def test_groans_and_stingers_have_the_asked_lengths() -> None:
    for sid in ("groan_1", "groan_2", "groan_3"):
        params, _ = samples(SOUNDS / f"{sid}.wav")
        assert 1.0 <= params.nframes / params.framerate <= 2.2, sid
    for sid in ("victory", "defeat"):
        params, _ = samples(SOUNDS / f"{sid}.wav")
        assert 2.0 <= params.nframes / params.framerate <= 3.2, sid


def test_pygame_mixer_can_play_every_sound() -> None:
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    try:
        for sid in SOUND_IDS:
            sound = pygame.mixer.Sound(str(SOUNDS / f"{sid}.wav"))
            assert sound.get_length() > 0.05
    finally:
        pygame.mixer.quit()


# --------------------------------------------------------------------------- generators


def run_generator(tmp_path: Path, folder: Path, script: str) -> Path:
    work = tmp_path / folder.name
    work.mkdir()
    shutil.copy(folder / script, work / script)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, str(work / script)], check=True, env=env, capture_output=True)
    return work


def test_sound_generator_makes_exactly_the_committed_files(tmp_path: Path) -> None:
    work = run_generator(tmp_path, SOUNDS, "make_sounds.py")
    assert (work / "manifest.toml").read_text() == (SOUNDS / "manifest.toml").read_text()
    for sid in SOUND_IDS:
        assert (work / f"{sid}.wav").read_bytes() == (SOUNDS / f"{sid}.wav").read_bytes(), sid


def test_sprite_generator_makes_every_committed_file(tmp_path: Path) -> None:
    work = run_generator(tmp_path, SPRITES, "make_sprites.py")
    assert (work / "manifest.toml").read_text() == (SPRITES / "manifest.toml").read_text()
    made = sorted(p.relative_to(work).as_posix() for p in work.rglob("*.png"))
    shipped = sorted(p.relative_to(SPRITES).as_posix() for p in SPRITES.rglob("*.png"))
    assert made == shipped


# --------------------------------------------------------------------------- the tileset


def tileset_tile(name: str) -> pygame.Surface:
    """A tile of the committed maps/tiles/deadground.png by its name in deadground.tsx."""
    tiles = Path(__file__).resolve().parents[1] / "maps" / "tiles"
    tsx = (tiles / "deadground.tsx").read_text(encoding="utf-8")
    names = [part.split('"')[0] for part in tsx.split('<property name="name" value="')[1:]]
    sheet = pygame.image.load(str(tiles / "deadground.png"))
    i, columns = names.index(name), sheet.get_width() // 32
    return sheet.subsurface(((i % columns) * 32, (i // columns) * 32, 32, 32))


def lightness(surface: pygame.Surface) -> list[int]:
    return [sum(surface.get_at((x, y))[:3]) for x in range(32) for y in range(32)]


def test_woods_read_as_a_canopy_of_tree_crowns_not_as_grass(display: None) -> None:
    """Seen from across the room a wood is darker than the fields round it, and its crowns are lit
    on one side and shaded on the other: a wide spread of light and dark, unlike flat grass."""
    grass, woods = lightness(tileset_tile("grass")), lightness(tileset_tile("woods"))
    assert sum(woods) / len(woods) < 0.85 * sum(grass) / len(grass)
    woods.sort()
    dark, light = woods[len(woods) // 10], woods[9 * len(woods) // 10]
    assert light - dark > 110, (dark, light)  # deep shade between bright crowns
    trunk = lightness(tileset_tile("woods_trunk"))
    assert sum(trunk) / len(trunk) < sum(grass) / len(grass)
