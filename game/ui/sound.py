"""Sound effects by manifest id, with a master volume and mute.

Where pygame.mixer cannot start (no audio device, a CI box) every call silently does nothing.

>>> sounds = Sounds(enabled=False)
>>> sounds.play("rifle")   # no device: nothing happens, nothing raises
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.assets import assets_dir
from game.ui.manifest import Entry, load_manifest

log = logging.getLogger(__name__)


def _sounds_dir() -> Path | None:
    try:
        return assets_dir("sounds")
    except FileNotFoundError:
        return None


class Sounds:
    """Plays sounds from ``sounds/manifest.toml`` at their default volume times the master volume."""

    def __init__(
        self, volume: float = 0.8, muted: bool = False, enabled: bool = True, sounds_dir: Path | None = None
    ) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.muted = muted
        self.dir = sounds_dir if sounds_dir is not None else _sounds_dir()
        raw = load_manifest(self.dir / "manifest.toml") if (enabled and self.dir) else {}
        # "rifle" and "sounds.rifle" name the same sound, whichever way the manifest is laid out
        self.entries: dict[str, Entry] = {k.removeprefix("sounds."): v for k, v in raw.items()}
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.available = enabled and self._start_mixer()
        self.last_played: str | None = None  # for tests and the log

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            pygame.mixer.set_num_channels(16)
            return True
        except pygame.error as exc:
            log.info("no audio device (%s): the game runs silently", exc)
            return False

    def set_volume(self, volume: float) -> None:
        self.volume = min(1.0, max(0.0, volume))

    def set_muted(self, muted: bool) -> None:
        self.muted = muted
        if muted and self.available:
            pygame.mixer.stop()

    def play(self, sound_id: str) -> None:
        """Play one sound once; unknown ids and missing files are logged once and skipped."""
        self.last_played = sound_id
        if not self.available or self.muted or self.volume <= 0:
            return
        sound = self._get(sound_id)
        if sound is None:
            return
        entry = self.entries[sound_id]
        default = entry.extras.get("volume", 1.0)
        default = float(default) if isinstance(default, (int, float)) else 1.0
        sound.set_volume(min(1.0, max(0.0, default * self.volume)))
        sound.play()

    def _get(self, sound_id: str) -> pygame.mixer.Sound | None:
        if sound_id in self._cache:
            return self._cache[sound_id]
        sound = None
        entry = self.entries.get(sound_id)
        if entry is None or self.dir is None:
            log.warning("sound %s is not in sounds/manifest.toml", sound_id)
        else:
            try:
                sound = pygame.mixer.Sound(str(self.dir / entry.file))
            except (pygame.error, FileNotFoundError, OSError) as exc:
                log.warning("cannot load sound %s (%s)", sound_id, exc)
        self._cache[sound_id] = sound
        return sound
