"""``deadground kit DIR``: copy the designer's Tiled kit (project, object types, templates, tileset,
guide and reference) into a folder, for someone who installed the game without the repository.

Maps made in that folder find the templates and tileset beside them, as the shipped maps do. Nothing
already there is overwritten (a designer may have changed it), unless asked.

>>> KIT[:2]
('deadground.tiled-project', 'objecttypes.xml')
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import TextIO

from game.assets import assets_dir

KIT = ("deadground.tiled-project", "objecttypes.xml", "README.md", "REFERENCE.md", "templates", "tiles")
_SKIP = ("*.py", "__pycache__", "*.tiled-session")
_GUIDES = ("README.md", "REFERENCE.md")  # their links to the rules pages point into the repository's docs/
_RULES_LINK = ("](../docs/rules/", "](rules/")  # ... and in a kit the pages sit in its rules/ folder


def kit_guide(text: str) -> str:
    """A guide as the kit holds it: its links to the rules pages lead to the kit's own ``rules/`` folder.

    >>> kit_guide("[the rules](../docs/rules/page.md)")
    '[the rules](rules/page.md)'
    """
    return text.replace(*_RULES_LINK)


def copy_kit(
    target: Path,
    overwrite: bool = False,
    out: TextIO | None = None,
    menu_folder: Path | None = None,
    pages: dict[str, str] | None = None,
) -> int:
    """Copy the kit into ``target`` (made if missing); returns how many files were written.

    ``menu_folder`` is the user's own scenarios folder (which New game lists): the last line says how
    maps saved in ``target`` get into the menu, by being there or with ``--maps``. ``pages`` are more files
    to write, by their path in the kit (the rules reference, which the layers above make)."""
    out = out or sys.stdout
    source = assets_dir("maps")
    target.mkdir(parents=True, exist_ok=True)
    written = kept = 0
    for name in KIT:
        src = source / name
        files = [src] if src.is_file() else sorted(p for p in src.rglob("*") if p.is_file())
        for path in files:
            if any(path.match(pattern) for pattern in _SKIP):
                continue
            dst = target / path.relative_to(source)
            if dst.exists() and not overwrite:
                kept += 1
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            if path.name in _GUIDES and path.parent == source:
                dst.write_text(kit_guide(path.read_text(encoding="utf-8")), encoding="utf-8")
            else:
                shutil.copy2(path, dst)
            written += 1
    for name, text in (pages or {}).items():
        dst = target / name
        if dst.exists() and not overwrite:
            kept += 1
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text(text, encoding="utf-8")
        written += 1
    print(f"wrote {written} file(s) of the Tiled kit to {target}", file=out)
    if kept:
        print(f"kept {kept} file(s) already there (--force replaces them)", file=out)
    project = target / "deadground.tiled-project"
    if menu_folder is not None and target.resolve() == menu_folder.resolve():
        print(f"open {project} in Tiled; maps saved there appear in New game", file=out)
    else:
        shown = f" (or put the kit in {menu_folder}, which New game always lists)" if menu_folder else ""
        print(
            f"open {project} in Tiled; maps saved there appear in New game when you start "
            f"`deadground --maps {target}`{shown}",
            file=out,
        )
    return written
