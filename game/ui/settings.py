"""The player's settings (volume, the demo's volume, mute, animation speed, fullscreen, interface size, the
address and name Join last used), kept in a JSON file.

A missing file gives the defaults; a broken one is ignored with a logged warning, never a crash.

>>> Settings().master_volume
0.8
"""

from __future__ import annotations

import json
import logging
import math
import os
import stat
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MAX_SETTINGS_BYTES = 64 * 1024  # the file is a few lines; a bigger one is not ours
MAX_TEXT = 200  # characters of a text setting (an address, a name)


def default_settings_path() -> Path:
    """``settings.json`` in the user's config folder for ``deadground``."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("deadground")) / "settings.json"


@dataclass
class Settings:
    master_volume: float = 0.8  # 0..1
    muted: bool = False
    animation_speed: float = 1.0  # 0.25 (slow) .. 4 (fast)
    fullscreen: bool = False
    demo_volume: float = 1.0  # 0..1: the demo plays at this level (a club room is loud), mute still mutes
    interface_size: float = 1.0  # 1..2: menus, panels and the table's labels drawn this much bigger
    join_address: str = ""  # the host Join last reached (HOST[:PORT]); never the room's password
    player_name: str = ""  # the name Join and Host last gave the other players
    # what this window last read from or wrote to the file (not a setting: saving writes only what changed)
    _read: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def load(cls, path: Path) -> Settings:
        """Settings from ``path``; unknown keys and bad values are dropped with a warning."""
        try:
            raw = json.loads(_read_small(path).decode("utf-8"))
        except FileNotFoundError:
            return cls()
        except (OSError, ValueError, RecursionError) as exc:  # deep nesting recurses in json
            log.warning("ignoring unreadable settings file %s: %s", path, exc)
            return cls()
        if not isinstance(raw, dict):
            log.warning("ignoring settings file %s: not a JSON object", path)
            return cls()
        settings = cls()
        for f in fields(cls):
            if f.name not in raw or f.name == "_read":
                continue
            value = raw[f.name]
            default = getattr(settings, f.name)
            if isinstance(default, str):
                ok = isinstance(value, str) and len(value) <= MAX_TEXT
            elif isinstance(default, bool):
                ok = isinstance(value, bool)
            else:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            if ok and not isinstance(default, (bool, str)):
                try:  # a huge int does not fit a float; inf and NaN are no setting
                    value = float(value)
                    ok = math.isfinite(value)
                except OverflowError:
                    ok = False
            if ok:
                setattr(settings, f.name, type(default)(value))
            else:
                log.warning("ignoring setting %s=%r in %s", f.name, value, path)
        settings.master_volume = min(1.0, max(0.0, settings.master_volume))
        settings.demo_volume = min(1.0, max(0.0, settings.demo_volume))
        settings.animation_speed = min(4.0, max(0.25, settings.animation_speed))
        settings.interface_size = min(2.0, max(1.0, settings.interface_size))
        settings._read = settings.values()
        return settings

    def values(self) -> dict[str, Any]:
        """The settings by name, as the file keeps them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "_read"}

    def save(self, path: Path) -> None:
        """Write the settings this window changed over what the file holds now (another window may have
        changed others since), one writer at a time; a read-only folder is logged, not fatal."""
        from game.filelock import held
        from game.saves import write_atomic  # a kill mid-write leaves the old file, never half a new one

        mine = self.values()
        read = self._read or Settings().values()
        try:
            with held(path):
                theirs = Settings.load(path).values() if os.path.lexists(path) else read
                merged = {k: v if v != read.get(k) else theirs[k] for k, v in mine.items()}
                write_atomic(path, json.dumps(merged, indent=2).encode("utf-8"))
        except OSError as exc:
            log.warning("could not save settings to %s: %s", path, exc)
            return
        self._read = mine


def _read_small(path: Path) -> bytes:
    """The file's bytes if it is an ordinary file of at most MAX_SETTINGS_BYTES (a FIFO would hang
    start-up, a device fill memory); OSError or ValueError otherwise."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise ValueError("not an ordinary file")
    if info.st_size > MAX_SETTINGS_BYTES:
        raise ValueError(f"larger than {MAX_SETTINGS_BYTES} bytes")
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        data = os.read(fd, MAX_SETTINGS_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_SETTINGS_BYTES:
        raise ValueError(f"larger than {MAX_SETTINGS_BYTES} bytes")
    return data
