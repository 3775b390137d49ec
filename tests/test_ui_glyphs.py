"""Every character the game writes on screen is one its font has: a missing glyph shows as an empty box
("Latest ▯" on the log's jump-to-newest control was one)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest

ROOT = Path(__file__).resolve().parent.parent
FONT = Path(pygame_gui.__file__).parent / "data" / "NotoSans-Regular.ttf"
# numerals.py reads other scripts' digits typed by a player; it never writes them
NOT_SHOWN = {"game/numerals.py"}


def shown_characters() -> dict[str, str]:
    """Each non-ASCII character in the game's code and data, with the first place it is written."""
    found: dict[str, str] = {}
    files = [*ROOT.glob("game/**/*.py"), *ROOT.glob("game/data/*.toml")]
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if rel in NOT_SHOWN:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            escaped = [chr(int(h, 16)) for h in re.findall(r"\\u([0-9a-fA-F]{4})", line)]
            for ch in [c for c in line if ord(c) > 127] + escaped:
                found.setdefault(ch, f"{rel}:{n}")
    return found


@pytest.fixture(scope="module")
def font() -> pygame.font.Font:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    return pygame.font.Font(str(FONT), 18)


def test_every_character_on_screen_is_in_the_font(font: pygame.font.Font) -> None:
    box = pygame.image.tobytes(font.render("\ue000", True, (255, 255, 255)), "RGBA")
    missing = {
        ch: where
        for ch, where in shown_characters().items()
        if pygame.image.tobytes(font.render(ch, True, (255, 255, 255)), "RGBA") == box
    }
    assert not missing, f"characters the font draws as an empty box: {missing}"
