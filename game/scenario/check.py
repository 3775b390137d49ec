"""``deadground check MAP|FOLDER...``: validate scenario maps and print every problem with its fix.

Prints ``OK  maps/x.tmx  (<rule set>, "Title", 72x48")`` for a good map, then its warnings; else
``FAIL`` and each problem on its own line. Errors always fail; ``--strict`` makes warnings fail too.
``--json`` prints one JSON document for editors; ``--verbose`` adds the notes; ``--reference``
prints the scenario reference (maps/REFERENCE.md) generated from the schema.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from game.scenario.model import Scenario
from game.scenario.problems import ERROR, NOTE, WARNING, Problem
from game.scenario.refusals import MapChecks, inches_per_tile
from game.scenario.review import Review, as_problem, review_map
from game.scenario.schema import load_schema
from game.scenario.tmx import read_tmx

RuleWarnings = Callable[[Scenario], Sequence[str | Problem]]


def map_paths(paths: list[str]) -> list[str]:
    """The maps named: files as given, folders by their ``.tmx`` files (sub-folders too), sorted."""
    out: list[str] = []
    for path in paths:
        folder = Path(path)
        if path.strip() and _is_folder(folder):  # "" is no folder (Path("") would be this one)
            found = sorted(str(p) for p in folder.rglob("*.tmx"))
            out += found or [path]  # an empty folder is reported as "not a map" by the loader
        else:
            out.append(path)
    return out


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder; a name the system refuses (too long) is not: the loader says why."""
    try:
        return path.is_dir()
    except OSError:
        return False


def _with_rule_warnings(review: Review, rule_warnings: RuleWarnings | None) -> Review:
    """The review with what ``rule_warnings`` says of its scenario, less what the review already said."""
    if rule_warnings is None or review.scenario is None:
        return review
    known = {str(p) for p in review.problems}
    said = []
    for text in rule_warnings(review.scenario):
        problem = _placed(review, as_problem(review.scenario, text))  # placed on its layer, as check's own
        if str(problem) not in known:
            known.add(str(problem))
            said.append(problem)
    return replace(review, problems=(*review.problems, *said))


def _placed(review: Review, problem: Problem) -> Problem:
    """The problem with its object's layer and Tiled position, as check places its own."""
    raw, _ = read_tmx(review.path)
    return MapChecks(raw, load_schema(), review.scenario).place(problem) if raw is not None else problem


def _map_facts(review: Review) -> dict[str, Any]:
    """The map's rule set, title and size in inches: from the scenario, or for a map that does not load from
    what could be read of its file (None where nothing could)."""
    sc = review.scenario
    if sc is not None:
        return {"ruleset": sc.ruleset, "title": sc.title, "size": [sc.width, sc.height]}
    raw, _ = read_tmx(review.path)
    if raw is None:
        return {"ruleset": None, "title": None, "size": None}

    def text(name: str) -> str | None:
        prop = raw.properties.get(name)
        return str(prop.value).strip() if prop is not None and str(prop.value).strip() else None

    inches = inches_per_tile(raw)
    return {"ruleset": text("ruleset"), "title": text("title"), "size": [raw.width * inches, raw.height * inches]}


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _fails(review: Review, strict: bool) -> bool:
    return bool(review.errors) or (strict and bool(review.warnings))


def main(
    paths: list[str],
    out: TextIO | None = None,
    *,
    strict: bool = False,
    as_json: bool = False,
    verbose: bool = False,
    rule_warnings: RuleWarnings | None = None,
) -> int:
    """Check each map in ``paths`` (files or folders); the exit code is 0 only if every one passes.

    The review already holds what the map's rule set warns about (``RuleSet.scenario_warnings``);
    ``rule_warnings`` adds more of the kind (a rule set under test), each said once."""
    out = out or sys.stdout
    reviews = [_with_rule_warnings(review_map(path), rule_warnings) for path in map_paths(paths)]
    failed = sum(_fails(r, strict) for r in reviews)
    if as_json:
        json.dump(
            {
                "ok": not failed,
                "strict": strict,
                "maps": [
                    {
                        "path": r.path,
                        "ok": not _fails(r, strict),
                        **_map_facts(r),
                        "problems": [p.to_data() for p in r.problems],
                    }
                    for r in reviews
                ],
            },
            out,
            indent=2,
        )
        out.write("\n")
        return 1 if failed else 0
    for review in reviews:
        shown: list[Problem] = [p for p in review.problems if p.severity in (ERROR, WARNING) or verbose]
        sc = review.scenario
        if not _fails(review, strict) and sc is not None:
            print(f'OK  {review.path}  ({sc.ruleset}, "{sc.title}", {sc.width:g}x{sc.height:g}")', file=out)
        else:
            counts = [_count(len(review.errors), "problem")]
            if review.warnings:
                counts.append(_count(len(review.warnings), "warning"))
            print(f"FAIL  {review.path}  ({', '.join(counts)})", file=out)
        order = {ERROR: 0, WARNING: 1, NOTE: 2}
        for problem in sorted(shown, key=lambda p: order.get(p.severity, 3)):
            print(f"  {problem}", file=out)
    if len(reviews) > 1:
        print(f"{len(reviews) - failed} of {len(reviews)} map(s) OK", file=out)
    return 1 if failed else 0
