"""The table's modules import downward only (issue 9, item 5): the walking grid knows the table
through a protocol, so ``game.table.nav`` and ``game.table.space`` do not import each other."""

from __future__ import annotations

import ast
from pathlib import Path

import game.table

TABLE = Path(game.table.__file__).parent


def _imports(module: str) -> set[str]:
    tree = ast.parse((TABLE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):  # every import, TYPE_CHECKING blocks and function bodies included
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_nav_does_not_import_space():
    assert not {m for m in _imports("nav") if m.startswith("game.table.space")}


def test_space_and_nav_form_no_cycle():
    # space may use nav (it builds the walking grids); nav must not come back up
    assert "game.table.nav" in _imports("space")
    assert not any(m.startswith("game.table.space") for m in _imports("nav"))


def test_the_walking_grid_needs_only_the_walkable_protocol():
    from game.scenario.model import Area, Terrain
    from game.table import Table
    from game.table.nav import NavGrid, Walkable

    table = Table(12, 12, [Terrain(1, "Shed", "building", Area.rect(4, 4, 2, 2))])
    walkable: Walkable = table  # a Table is a Walkable
    grid = NavGrid(walkable, 0.5)
    assert grid.find_path((1.0, 5.0), (11.0, 5.0)) is not None
