"""The layering of docs/ARCHITECTURE.md ("The layers"), checked over every module of the package (imports
read with ``ast``):

- every module sits on a floor of the page's floor table and imports nothing from a floor above its own
  (every import counts: at the top, inside a function, under ``TYPE_CHECKING``);
- no import circle anywhere in ``game/`` (the strongly connected parts of the import graph);
- the rule sets, side by side on their floor, do not import each other;
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
import functools
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
ARCHITECTURE = ROOT / "docs" / "ARCHITECTURE.md"
RULESET_KEYS = ("zombiekrieg", "outbreak", "zombie40k")
NEUTRAL_RULES = {
    "game.rules",
    "game.rules.core",
    "game.rules.contract",
    "game.rules.drawing",
    "game.rules.builtin",
    "game.rules.plays",
}


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
        elif isinstance(node, ast.Call) and _dynamic(node):
            out.add(_dynamic(node))
    return out


def _dynamic(call: ast.Call) -> str:
    """The module an ``importlib.import_module`` / ``find_spec`` call names: its text, or the package an
    f-string starts with (``f"game.bench.{name}"``: game.bench); "" for anything else."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name not in ("import_module", "find_spec") or not call.args:
        return ""
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value).rstrip(".")
    return ""


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
    return name.split(".")[2] not in ("core", "contract", "drawing", "builtin", "plays")


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


# ---------------------------------------------------------------------- the floors and the circles


def floor_table() -> dict[str, int]:
    """Each name of the floor table in docs/ARCHITECTURE.md's "The layers" (its second column) -> its floor."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("\n## The layers\n", 1)[1].split("\n## ", 1)[0]
    floors: dict[str, int] = {}
    for row in re.finditer(r"^\| *(\d+) *\|([^|]*)\|", section, re.MULTILINE):
        for name in re.findall(r"`(game[\w.]*)`", row.group(2)):
            assert name not in floors, f"{name} is on two floors of the table"
            floors[name] = int(row.group(1))
    assert floors, "docs/ARCHITECTURE.md has no floor table under The layers"
    return floors


def floor_of(module: str, floors: dict[str, int]) -> int | None:
    """The floor of the table's longest name that is the module or a package holding it."""
    names = [n for n in floors if module == n or module.startswith(n + ".")]
    return floors[max(names, key=len)] if names else None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Every module of game/ -> the modules of game/ it imports, as /work/wt/import_graph.py reads them:
    every import statement counts (at the top, in a function, under TYPE_CHECKING); ``import a.b`` and
    ``from a import b`` (b a module) are an edge to a.b, ``from a import name`` an edge to a (its
    ``__init__``); the parent packages Python runs on the way are not edges."""
    mods = {module_name(p): p for p in GAME.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, p in mods.items():
        pkg = name if p.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Import):
                deps.update(a.name for a in n.names)
            elif isinstance(n, ast.ImportFrom):
                if n.level:
                    base = pkg.split(".")[: len(pkg.split(".")) - (n.level - 1)]
                    m = ".".join(base + ([n.module] if n.module else []))
                else:
                    m = n.module or ""
                for a in n.names:
                    deps.add(f"{m}.{a.name}" if f"{m}.{a.name}" in mods else m)
        graph[name] = {d for d in deps if d in mods and d != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: every strongly connected part of more than one module (Tarjan's search)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


# Issue #32 ("honest layering"): no circle is known; any circle fails the test.
KNOWN_CIRCLES: list[set[str]] = []


def test_every_module_sits_on_a_floor_of_the_architecture_page() -> None:
    floors = floor_table()
    homeless = sorted(m for m in import_graph() if floor_of(m, floors) is None)
    assert not homeless, f"put these on a floor of docs/ARCHITECTURE.md's table: {homeless}"
    graph = import_graph()
    unknown = sorted(n for n in floors if n not in graph)
    assert not unknown, f"the floor table names modules game/ does not have: {unknown}"


def test_no_module_imports_from_a_floor_above_its_own() -> None:
    floors = floor_table()
    graph = import_graph()
    upward = sorted(
        f"{m} (floor {floor_of(m, floors)}) imports {d} (floor {floor_of(d, floors)})"
        for m, deps in graph.items()
        for d in deps
        if (floor_of(d, floors) or 0) > (floor_of(m, floors) or 0)
    )
    assert not upward, "imports from a higher floor:\n" + "\n".join(upward)


def test_no_import_circle_in_the_game() -> None:
    found = circles(import_graph())
    new = [c for c in found if set(c) not in KNOWN_CIRCLES]
    assert not new, "import circles:\n" + "\n".join(" ".join(c) for c in new)
    gone = [sorted(c) for c in KNOWN_CIRCLES if sorted(c) not in found]
    assert not gone, f"these circles are broken now: remove them from KNOWN_CIRCLES: {gone}"


def test_the_floor_table_and_the_circle_search_see_what_they_should() -> None:
    """The checks above on a made-up graph: a circle of three is found whole, a chain is no circle, and a
    name's longest holder in the table gives its floor."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    floors = {"game.scenario": 1, "game.scenario.review": 6}
    assert floor_of("game.scenario.loader", floors) == 1
    assert floor_of("game.scenario.review", floors) == 6
    assert floor_of("game.scenarios", floors) is None
    assert floor_table()["game.ui"] > floor_table()["game.rules"]


def test_no_rule_set_imports_another() -> None:
    graph = import_graph()

    def key(m: str) -> str | None:
        parts = m.split(".")
        return parts[2] if len(parts) > 2 and parts[1] == "rules" and parts[2] in RULESET_KEYS else None

    crossing = sorted(
        f"{m} -> {d}" for m, deps in graph.items() for d in deps if key(m) and key(d) not in (None, key(m))
    )
    assert not crossing, f"rule sets importing each other: {crossing}"
