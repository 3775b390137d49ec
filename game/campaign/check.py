"""``deadground check CAMPAIGN.toml``: what is wrong with a campaign file, said as ``check`` says it of a map.

The file's own problems (its fields, chapter ids, map paths, outcomes, loops, unreachable chapters, the
rule set's campaign support and carry keys), then each chapter's map: of the campaign's rule set, and its
own ``check`` problems, each prefixed by the chapter and the map.

>>> [str(p) for p in campaign_problems("no/such.toml")]
['campaign: file not found — give the path of a campaign .toml file']
"""

from __future__ import annotations

import io
import json
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

from game.campaign.model import Campaign, CampaignProblem, Chapter, problem, read_campaign
from game.rules.core import get_ruleset, known_rulesets, start_error
from game.scenario.model import Scenario
from game.scenario.problems import ERROR, NOTE, WARNING, Problem
from game.scenario.review import Review, review_map
from game.scenario.tmx import read_tmx
from game.startcheck import start_options


def campaign_problems(path: str | Path) -> list[Problem]:
    """Every problem of the campaign in ``path`` and of its chapters' maps (an empty list: good to play)."""
    return check_campaign(path)[1]


def check_campaign(path: str | Path) -> tuple[Campaign | None, list[Problem]]:
    """The campaign as far as it reads, and every problem of it and of its chapters' maps."""
    campaign, problems = read_campaign(path)
    found: list[Problem] = list(problems)
    if campaign is not None:
        found += chapter_map_problems(campaign)
    return campaign, found


def chapter_map_problems(campaign: Campaign) -> list[CampaignProblem]:
    """Each chapter's map: of the campaign's rule set, and its own ``check`` problems with the chapter named."""
    reviews: dict[Path, Review] = {}
    out: list[CampaignProblem] = []
    for chapter in campaign.chapters.values():
        review = reviews.get(chapter.map) or reviews.setdefault(chapter.map, review_map(str(chapter.map)))
        name = _relative(campaign, chapter.map)
        theirs = _map_rules(review)
        if theirs is not None and campaign.ruleset and theirs != campaign.ruleset:
            theirs, ours = _rules_name(theirs), _rules_name(campaign.ruleset)
            out.append(CampaignProblem(None, "", f"map {name} is for {theirs}, not {ours}",
                                       f"use a map of {ours} (its ruleset property)", chapter=chapter.id))  # fmt: skip
        out += [CampaignProblem(**asdict(p), chapter=chapter.id, map=name) for p in review.problems]
        if review.scenario is not None and theirs == campaign.ruleset:
            out += options_problems(campaign, chapter, review.scenario)
    return out


def options_problems(campaign: Campaign, chapter: Chapter, scenario: Scenario) -> list[CampaignProblem]:
    """Whether the rule set sets a game up on the chapter's map with its options over the set-up's starting
    choices (no force carried: the options' names and values are what is asked)."""
    if not chapter.options:
        return []
    rules = get_ruleset(campaign.ruleset)
    try:
        rules.new_game(scenario, {**start_options(rules, scenario)[0], **chapter.options}, 1)
    except Exception as exc:  # the rules' refusal, or a fault the options reveal: said, never a traceback
        fix = f"correct them ({rules.options_help})" if rules.options_help else "correct them"
        return [problem(f"its options are refused: {start_error(exc)}", fix, chapter.id)]
    return []


def _map_rules(review: Review) -> str | None:
    """The rule set a map is for: its scenario's, or for a map that does not load its ``ruleset`` property."""
    if review.scenario is not None:
        return review.scenario.ruleset
    raw, _ = read_tmx(review.path)
    prop = raw.properties.get("ruleset") if raw is not None else None
    return str(prop.value).strip() if prop is not None else None


def _rules_name(key: str) -> str:
    """A rule set's name for a message (its key when this build does not have it)."""
    return get_ruleset(key).name if key in known_rulesets() else repr(key)


def _relative(campaign: Campaign, path: Path) -> str:
    try:
        return path.relative_to(campaign.folder.resolve()).as_posix()
    except ValueError:
        return path.name


def _fails(problems: list[Problem], strict: bool) -> bool:
    return any(p.severity == ERROR or (strict and p.severity == WARNING) for p in problems)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


Checked = tuple[Campaign | None, list[Problem]]


def report_lines(path: str, checked: Checked, strict: bool, verbose: bool) -> list[str]:
    """``OK  x.toml  (rules, "Title", 3 chapters)`` or ``FAIL  x.toml  (2 problems)``, then each problem."""
    campaign, problems = checked
    errors = sum(p.severity == ERROR for p in problems)
    warnings = sum(p.severity == WARNING for p in problems)
    if not _fails(problems, strict) and campaign is not None:
        n = _count(len(campaign.chapters), "chapter")
        lines = [f'OK  {path}  ({campaign.ruleset}, "{campaign.title}", {n})']
    else:
        counts = [_count(errors, "problem")] + ([_count(warnings, "warning")] if warnings else [])
        lines = [f"FAIL  {path}  ({', '.join(counts)})"]
    order = {ERROR: 0, WARNING: 1, NOTE: 2}
    shown = [p for p in problems if p.severity in (ERROR, WARNING) or verbose]
    return lines + [f"  {p}" for p in sorted(shown, key=lambda p: order.get(p.severity, 3))]


def campaign_data(path: str, checked: Checked, strict: bool) -> dict[str, Any]:
    """One campaign's entry of ``check --json``."""
    campaign, problems = checked
    return {
        "path": path,
        "ok": not _fails(problems, strict),
        "ruleset": campaign.ruleset if campaign else None,
        "title": campaign.title if campaign else None,
        "chapters": list(campaign.chapters) if campaign else [],
        "problems": [p.to_data() for p in problems],
    }


def split_paths(paths: list[str]) -> tuple[list[str], list[str]]:
    """The campaign files (``.toml``, and those in the folders named) and the maps and folders left for the
    map check (a folder with no .tmx but campaigns is not handed on as a map)."""
    campaigns, maps = [], []
    for path in paths:
        folder = Path(path)
        if path.endswith(".toml"):
            campaigns.append(path)
        elif path.strip() and _is_folder(folder):
            found = sorted(str(p) for p in folder.rglob("*.toml"))
            campaigns += found
            if not found or any(folder.rglob("*.tmx")):
                maps.append(path)
        else:
            maps.append(path)
    return campaigns, maps


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def main(
    paths: list[str],
    out: TextIO | None = None,
    *,
    strict: bool = False,
    as_json: bool = False,
    verbose: bool = False,
) -> int:
    """``deadground check``: maps as :func:`game.scenario.check.main` checks them, campaigns here; the exit
    code is 0 only if every one passes. ``--json`` is one document: the maps' and ``campaigns``."""
    from game.scenario.check import main as check_maps

    out = out or sys.stdout
    campaigns, maps = split_paths(paths)
    if not campaigns:
        return check_maps(maps, out, strict=strict, as_json=as_json, verbose=verbose)
    checked = {path: check_campaign(path) for path in campaigns}
    failed = sum(_fails(problems, strict) for _, problems in checked.values())
    buffer = io.StringIO()
    code = (
        check_maps(maps, buffer if as_json else out, strict=strict, as_json=as_json, verbose=verbose)
        if maps
        else 0
    )
    if as_json:
        doc = json.loads(buffer.getvalue()) if maps else {"ok": True, "strict": strict, "maps": []}
        doc["campaigns"] = [campaign_data(path, found, strict) for path, found in checked.items()]
        doc["ok"] = doc["ok"] and not failed
        json.dump(doc, out, indent=2)
        out.write("\n")
    else:
        for path, found in checked.items():
            print("\n".join(report_lines(path, found, strict, verbose)), file=out)
        if len(checked) > 1:
            print(f"{len(checked) - failed} of {len(checked)} campaign(s) OK", file=out)
    return 1 if failed or code else 0
