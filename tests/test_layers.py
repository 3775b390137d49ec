"""DESIGN.md's layering, checked over every module of the package (imports read with ``ast``):

- nothing outside ``game/ui`` imports pygame;
- nothing below the screen imports ``game.ui`` (only ``game/ui``, ``game/cli.py``, ``game/__main__.py``
  and ``game/bench`` may reach up);
- above ``game/rules`` nothing names a rule set or imports from one: the screen, saves, replays, demo,
  simulator and report are written once against ``game.rules.core`` and ``game.rules.contract``
  (the issue "One game screen for every rule set"; ``game/ai``, ``game/data`` and ``game/bench``
  may name them);
- the table's navigation and its space do not import each other.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
RULESET_KEYS = ("zombiekrieg", "outbreak", "zombie40k")
NEUTRAL_RULES = {"game.rules", "game.rules.core", "game.rules.contract", "game.rules.drawing", "game.rules.builtin"}


def modules() -> list[tuple[str, Path]]:
    return [(p.relative_to(GAME.parent).as_posix(), p) for p in sorted(GAME.rglob("*.py"))]


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_only_the_screen_imports_pygame() -> None:
    bad = [rel for rel, p in modules() if not rel.startswith("game/ui/") and any(
        m == "pygame" or m.startswith(("pygame.", "pygame_gui")) for m in imports(p))]  # fmt: skip
    assert not bad, f"these import pygame outside game/ui: {bad}"


def test_nothing_below_the_screen_imports_it() -> None:
    allowed = ("game/ui/", "game/bench/", "game/cli.py", "game/__main__.py")
    bad = [rel for rel, p in modules() if not rel.startswith(allowed) and any(
        m == "game.ui" or m.startswith("game.ui.") for m in imports(p))]  # fmt: skip
    assert not bad, f"these import game.ui from below it: {bad}"


def _rule_set_module(name: str) -> bool:
    if not name.startswith("game.rules.") or name in NEUTRAL_RULES:
        return False
    return name.split(".")[2] not in ("core", "contract", "drawing", "builtin")


def test_nothing_above_the_rules_imports_a_rule_set() -> None:
    inside = ("game/rules/", "game/ai/", "game/bench/")
    bad = {
        rel: sorted(m for m in imports(p) if _rule_set_module(m))
        for rel, p in modules()
        if not rel.startswith(inside)
    }
    bad = {rel: ms for rel, ms in bad.items() if ms}
    assert not bad, f"these import a rule set's own modules: {bad}"


def test_nothing_above_the_rules_names_a_rule_set() -> None:
    inside = ("game/rules/", "game/ai/", "game/data/", "game/bench/")
    pattern = re.compile("|".join(RULESET_KEYS), re.IGNORECASE)
    named = {
        rel: sorted({m.group(0).lower() for m in pattern.finditer(p.read_text(encoding="utf-8"))})
        for rel, p in modules()
        if not rel.startswith(inside)
    }
    named = {rel: keys for rel, keys in named.items() if keys}
    assert not named, f"these name a rule set (docstrings included): {named}"


def test_the_rules_core_and_contract_import_no_rule_set() -> None:
    for rel in ("game/rules/core.py", "game/rules/contract.py", "game/rules/drawing.py"):
        assert not [m for m in imports(GAME.parent / rel) if _rule_set_module(m)], rel


def test_starting_the_game_imports_no_rule_set_until_one_is_asked_for() -> None:
    """Start-up (issue 12: under 0.5 s): the window, saves and scenario list need no rule set's own modules;
    the one a game plays is imported when asked for, and asking for every one still finds all three."""
    import subprocess
    import sys

    code = (
        "import sys, game.ui.app, game.saves\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.count('.') >= 2 and m.startswith('game.rules.')"
        " and m.split('.')[2] in ('zombiekrieg', 'outbreak', 'zombie40k')}))\n"
        "from game.rules.core import get_ruleset, known_rulesets\n"
        "get_ruleset('zombiekrieg')\n"
        "print(sorted({m.split('.')[2] for m in sys.modules if m.count('.') >= 2 and m.startswith('game.rules.')"
        " and m.split('.')[2] in ('zombiekrieg', 'outbreak', 'zombie40k')}))\n"
        "print(known_rulesets())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split("\n")[:3] == ["[]", "['zombiekrieg']", "['outbreak', 'zombie40k', 'zombiekrieg']"]
