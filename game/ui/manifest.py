"""Read a sprites/ or sounds/ ``manifest.toml`` into ``{id: Entry}``.

The manifest names each asset by a dotted id (``tokens.zombie_1``, ``icons.fire``, ``rifle``).
Both shapes are read, so the artists' choice of layout does not matter:

    [tokens]
    zombie_1 = "tokens/zombie_1.png"          # a plain path

    [rifle]
    file = "rifle.ogg"                        # a table with a file (or path) and extras
    volume = 0.8

>>> import tomllib
>>> flatten(tomllib.loads('[tokens]\\nzombie_1 = "t/z1.png"'))["tokens.zombie_1"].file
't/z1.png'
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

FILE_KEYS = ("file", "path", "src")
ASSET_SUFFIXES = (".png", ".jpg", ".bmp", ".ogg", ".wav", ".mp3", ".flac")


@dataclass(frozen=True)
class Entry:
    """One asset: its file (relative to the manifest) and any extra values (volume, size...)."""

    id: str
    file: str
    extras: dict[str, Any] = field(default_factory=dict)


def flatten(data: dict[str, Any], prefix: str = "") -> dict[str, Entry]:
    """Every asset in a parsed manifest, by dotted id."""
    entries: dict[str, Entry] = {}
    for key, value in data.items():
        ident = f"{prefix}{key}"
        if isinstance(value, str) and value.lower().endswith(ASSET_SUFFIXES):
            entries[ident] = Entry(ident, value)
        elif isinstance(value, dict):
            file_key = next((k for k in FILE_KEYS if isinstance(value.get(k), str)), None)
            if file_key is not None:
                extras = {k: v for k, v in value.items() if k != file_key}
                entries[ident] = Entry(ident, value[file_key], extras)
            else:
                entries.update(flatten(value, f"{ident}."))
        elif isinstance(value, list) and key in ("assets", "sprites", "sounds", "entry", "entries"):
            # [[sprites]] id = "...", file = "..." (an array of tables)
            for item in value:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    file_key = next((k for k in FILE_KEYS if isinstance(item.get(k), str)), None)
                    if file_key:
                        extras = {k: v for k, v in item.items() if k not in (file_key, "id")}
                        entries[item["id"]] = Entry(item["id"], item[file_key], extras)
    return entries


def load_manifest(path: Path) -> dict[str, Entry]:
    """The manifest at ``path``; a missing or broken one gives an empty dict and a logged warning."""
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        log.warning("no manifest at %s: drawn placeholders will stand in", path)
        return {}
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.warning("cannot read manifest %s (%s): drawn placeholders will stand in", path, exc)
        return {}
    return flatten(data)
