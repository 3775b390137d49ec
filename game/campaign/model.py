"""A campaign file (``maps/campaigns/<key>.toml``, see docs/CAMPAIGNS.md) read as hostile data into a
:class:`Campaign`: its chapters, each an ordinary map with its options, and what follows each outcome.

Every problem names the file and the place (``chapter 'farm': map 'x.tmx' does not exist — ...``); a file
that cannot be played raises :class:`CampaignError` with all of them, not only the first.

>>> print(CampaignProblem(None, "", "no 'title'", "add title = ..."))
campaign: no 'title' — add title = ...
>>> Chapter("farm", "The farm", Path("farm.tmx"), next={"win": "victory"}).after("win", "allies")
'victory'
"""

from __future__ import annotations

import hashlib
import math
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from game.campaign.graph import loops, unreachable
from game.rules.core import get_ruleset, known_rulesets
from game.safe_xml import Unreadable, read_bounded
from game.scenario.problems import ERROR, WARNING, Problem

MAX_BYTES = 64 * 1024  # [house] a campaign is a few pages of text: past this a file is damage or an attack
MAX_CHAPTERS = 32
MAX_TITLE = 200  # characters in a title
MAX_TEXT = 4000  # characters in an intro or briefing
MAX_OPTION_DEPTH = 8  # nesting of a chapter's options (a game's options are 2-3 deep)
ENDINGS = ("victory", "defeat")
OUTCOMES = ("win", "lose", "draw")
ID = re.compile(r"[a-z0-9_]{1,40}\Z")
CAMPAIGN_FIELDS = ("title", "ruleset", "intro", "first", "carry", "chapters")
CHAPTER_FIELDS = ("title", "map", "briefing", "options")


@dataclass(frozen=True)
class CampaignProblem(Problem):
    """A :class:`Problem` of a campaign file: of the file itself, of one chapter, or of a chapter's map
    (``map`` names it; the object and layer are the map's own)."""

    chapter: str = ""
    map: str = ""

    @property
    def where(self) -> str:
        if self.map:
            return f"chapter '{self.chapter}', map {self.map}, {super().where}"
        return f"chapter '{self.chapter}'" if self.chapter else "campaign"

    def to_data(self) -> dict[str, Any]:
        return {**super().to_data(), "chapter": self.chapter, "map": self.map}


def problem(message: str, fix: str, chapter: str = "", severity: str = ERROR) -> CampaignProblem:
    """A problem of the file (``chapter`` "") or of one chapter."""
    return CampaignProblem(None, "", message, fix, severity, chapter=chapter)


class CampaignError(ValueError):
    """A campaign file that cannot be played; ``problems`` are its errors, each in the message with the file.

    >>> str(CampaignError("x.toml", [problem("no chapters", "add [chapters.<id>]")]))
    'x.toml: campaign: no chapters — add [chapters.<id>]'
    """

    def __init__(self, path: str | Path, problems: Sequence[Problem]) -> None:
        self.path = str(path)
        self.problems = tuple(problems)
        super().__init__("\n".join(f"{self.path}: {p}" for p in self.problems))


@dataclass(frozen=True)
class Chapter:
    """One game of a campaign: its map (a path inside the campaign's folder), its options over the set-up's,
    and what follows each outcome (``next``: an outcome key to a chapter id, ``"victory"`` or ``"defeat"``)."""

    id: str
    title: str
    map: Path
    briefing: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    next: dict[str, str] = field(default_factory=dict)

    def after(self, outcome: str, winner: str = "") -> str:
        """What follows a chapter ended with ``outcome`` ("win", "lose", "draw") and ``winner`` (the rule
        set's key): the winner's entry first, then the outcome's; unlisted, a win is victory and anything
        else defeat.

        >>> Chapter("a", "A", Path("a.tmx"), next={"allies": "b", "lose": "c"}).after("win", "allies")
        'b'
        >>> Chapter("a", "A", Path("a.tmx")).after("draw")
        'defeat'
        """
        for key in (winner, outcome):
            if key and key in self.next:
                return self.next[key]
        return "victory" if outcome == "win" else "defeat"


@dataclass(frozen=True)
class Campaign:
    """A campaign file, read and checked: its chapters in the file's order, ``first`` among them."""

    title: str
    ruleset: str
    intro: str
    first: str
    carry: frozenset[str]
    chapters: dict[str, Chapter]
    path: Path
    content_hash: str = ""  # sha256 of the file: a progress file names the campaign it was played on

    @property
    def folder(self) -> Path:
        return self.path.parent


def load_campaign(path: str | Path) -> Campaign:
    """The campaign in ``path``; raises :class:`CampaignError` listing every error (warnings are ``check``'s).

    >>> load_campaign("no/such.toml")
    Traceback (most recent call last):
    ...
    game.campaign.model.CampaignError: no/such.toml: campaign: file not found — give the path of a campaign .toml file
    """
    campaign, problems = read_campaign(path)
    errors = [p for p in problems if p.is_error]
    if errors or campaign is None:
        raise CampaignError(path, errors)
    return campaign


def read_campaign(path: str | Path) -> tuple[Campaign | None, list[CampaignProblem]]:
    """The campaign as far as it could be read (None when the file is not a TOML table; else its good
    chapters, for ``check`` to look at their maps) and every problem of the file itself and its rule set
    (its maps' own problems are ``check``'s). Only a campaign without errors may be played."""
    path = Path(path)
    data, problems = _toml(path)
    if data is None:
        return None, problems
    reader = _Reader(path, data[0], data[1])
    campaign = reader.campaign()
    problems = reader.problems
    # a chapter left out for its own errors would make others look unreachable: loops only, then
    problems += graph_problems(campaign, unreached=not problems)
    if campaign.ruleset:
        problems += rule_set_problems(campaign)
    return campaign, problems


def _toml(path: Path) -> tuple[tuple[dict[str, Any], str] | None, list[CampaignProblem]]:
    """The file's TOML as a table and the file's hash, read bounded; or the one problem why not."""
    try:
        raw = read_bounded(str(path), MAX_BYTES, f"a campaign file is at most {MAX_BYTES // 1024} KB")
    except Unreadable as exc:
        return None, [problem(f"file {exc}", "give the path of a campaign .toml file")]
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None, [problem("the file is not UTF-8 text", "save it as UTF-8 in your editor")]
    except tomllib.TOMLDecodeError as exc:
        return None, [problem(f"not valid TOML ({exc})", "correct the line named; see docs/CAMPAIGNS.md")]
    except RecursionError:
        return None, [problem("it is nested too deep to be a campaign", "a campaign's tables are 3 deep")]
    return (data, hashlib.sha256(raw).hexdigest()), []


class _Reader:
    """Reads the file's table into a :class:`Campaign`, keeping every problem it meets."""

    def __init__(self, path: Path, data: dict[str, Any], digest: str) -> None:
        self.path, self.data, self.digest = path, data, digest
        self.problems: list[CampaignProblem] = []

    def say(self, message: str, fix: str, chapter: str = "") -> None:
        self.problems.append(problem(message, fix, chapter))

    def campaign(self) -> Campaign:
        d = self.data
        for key in sorted(set(d) - set(CAMPAIGN_FIELDS)):
            self.say(f"unknown key {_short(key)}", f"use one of: {', '.join(CAMPAIGN_FIELDS)}")
        title = self.text(d, "title", MAX_TITLE, required=True)
        ruleset = self.text(d, "ruleset", 40, required=True)
        first = self.text(d, "first", 40, required=True)
        intro = self.text(d, "intro", MAX_TEXT)
        carry = self.carry(d.get("carry"), ruleset)
        chapters = self.chapters(d.get("chapters"))
        if first and chapters and first not in chapters:
            self.say(f"first = {first!r} is not a chapter", f"use one of: {', '.join(chapters)}")
        return Campaign(title, ruleset, intro, first, carry, chapters, self.path, self.digest)

    def text(self, table: dict[str, Any], key: str, limit: int, chapter: str = "", required: bool = False) -> str:
        value = table.get(key)
        if value is None:
            if required:
                self.say(f"no {key!r}", f'add {key} = "..."', chapter)
            return ""
        if not isinstance(value, str) or not value.strip() or len(value) > limit or "\x00" in value:
            self.say(f"{key!r} is not a text of 1 to {limit} characters", f'write {key} = "..."', chapter)
            return ""
        return value.strip()

    def carry(self, value: Any, ruleset: str) -> frozenset[str]:
        if value is None:  # every carry rule of the rule set
            rules = get_ruleset(ruleset).campaign if ruleset in known_rulesets() else None
            return frozenset(c.key for c in rules.carries) if rules is not None else frozenset()
        if not isinstance(value, list) or not all(isinstance(v, str) and ID.match(v) for v in value):
            self.say("'carry' is not a list of carry keys", 'write carry = ["key", ...] or leave it out (all)')
            return frozenset()
        return frozenset(value)

    def chapters(self, value: Any) -> dict[str, Chapter]:
        if not isinstance(value, dict) or not value:
            self.say("no chapters", "add a [chapters.<id>] table for each chapter")
            return {}
        if len(value) > MAX_CHAPTERS:
            self.say(f"{len(value)} chapters (at most {MAX_CHAPTERS})", "split it into two campaigns")
            return {}
        out = {}
        for cid, table in value.items():
            if not ID.match(cid):
                self.say(f"chapter id {_short(cid)} is not 1-40 of a-z, 0-9, _", "rename [chapters.<id>]")
            elif not isinstance(table, dict):
                self.say("it is not a table", f"write [chapters.{cid}] with title and map", cid)
            elif (chapter := self.chapter(cid, table, [k for k in value if ID.match(k)])) is not None:
                out[cid] = chapter
        return out

    def chapter(self, cid: str, table: dict[str, Any], ids: list[str]) -> Chapter | None:
        before = len(self.problems)
        title = self.text(table, "title", MAX_TITLE, cid, required=True)
        briefing = self.text(table, "briefing", MAX_TEXT, cid)
        where = self.map(cid, table.get("map"))
        options = table.get("options", {})
        if not isinstance(options, dict) or (why := plain_problem(options)):
            self.say(f"'options' {why if isinstance(options, dict) else 'is not a table'}",
                     'write options = { key = value, ... } with texts, numbers, true/false and lists', cid)  # fmt: skip
        nexts = self.nexts(cid, {k: v for k, v in table.items() if k not in CHAPTER_FIELDS}, ids)
        if len(self.problems) > before or where is None:
            return None
        return Chapter(cid, title, where, briefing, dict(options), nexts)

    def map(self, cid: str, value: Any) -> Path | None:
        """The chapter's map: a .tmx file inside the campaign file's folder (sub-folders allowed)."""
        if not isinstance(value, str) or not value.strip():
            self.say("no 'map'", 'add map = "<folder>/<map>.tmx", relative to the campaign file', cid)
            return None
        folder = self.path.parent.resolve()
        text = value.strip()
        fix = f"give a .tmx path inside {self.path.parent}, relative to the campaign file"
        if len(text) > 300 or "\x00" in text or not text.endswith(".tmx"):
            self.say(f"map {text[:60]!r} is not a .tmx path", fix, cid)
            return None
        try:
            full = (folder / text).resolve()
            outside = Path(text).is_absolute() or ".." in Path(text).parts or not full.is_relative_to(folder)
            missing = not outside and not full.is_file()
        except (OSError, RuntimeError) as exc:  # a name the system refuses, a loop of links
            self.say(f"map {_short(text)} cannot be read ({getattr(exc, 'strerror', None) or exc})", fix, cid)
            return None
        if outside:
            self.say(f"map {text!r} is outside the campaign's folder", fix, cid)
        elif missing:
            self.say(f"map {text!r} does not exist", f"put the map at {self.path.parent / text}, or {fix}", cid)
        return None if outside or missing else full

    def nexts(self, cid: str, table: dict[str, Any], ids: list[str]) -> dict[str, str]:
        out = {}
        for key, value in table.items():
            if not isinstance(value, str):
                self.say(
                    f"unknown key {_short(key)}", f'use {", ".join(CHAPTER_FIELDS)}, or an outcome = "<next>"', cid
                )
            elif value not in ids and value not in ENDINGS:
                self.say(f"{_short(key)[1:-1]} = {_short(value)} is neither a chapter nor victory/defeat",
                         f"use one of: {', '.join([*ids, *ENDINGS])}", cid)  # fmt: skip
            else:
                out[key] = value
        return out


def _short(text: str) -> str:
    """A name from the file as a message quotes it: a hostile key can be thousands of characters."""
    return repr(text if len(text) <= 50 else text[:47] + "...")


def plain_problem(value: Any, depth: int = 0) -> str:
    """What in a chapter's options a game's options cannot hold ("" when nothing): a date, a number past
    what JSON holds, nesting past :data:`MAX_OPTION_DEPTH`."""
    if depth > MAX_OPTION_DEPTH:
        return f"are nested more than {MAX_OPTION_DEPTH} deep"
    if isinstance(value, (datetime, date, time)):
        return f"hold a date or time ({value})"
    if isinstance(value, float) and not math.isfinite(value):
        return f"hold the number {value}"
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return next((why for v in items if (why := plain_problem(v, depth + 1))), "")


def graph_problems(campaign: Campaign, unreached: bool = True) -> list[CampaignProblem]:
    """Loops (a campaign must end) and, with ``unreached``, the chapters no outcome leads to."""
    edges = {cid: [n for n in c.next.values() if n not in ENDINGS] for cid, c in campaign.chapters.items()}
    out = [
        problem(
            f"it leads back to itself ({' -> '.join(loop)})",
            'a campaign must end: send one of these outcomes to another chapter, "victory" or "defeat"',
            loop[0],
        )  # fmt: skip
        for loop in loops(edges)
    ]
    out += [
        problem(
            f"no outcome leads to it from the first chapter {campaign.first!r}",
            "send an outcome of another chapter here, or remove it",
            cid,
            WARNING,
        )  # fmt: skip
        for cid in (unreachable(edges, campaign.first) if unreached else ())
    ]
    return out


def rule_set_problems(campaign: Campaign) -> list[CampaignProblem]:
    """The rule set named, that it plays campaigns, and the carry and outcome keys it knows."""
    if campaign.ruleset not in known_rulesets():
        return [problem(f"no rule set {campaign.ruleset!r}", f"use one of: {', '.join(known_rulesets())}")]
    rules = get_ruleset(campaign.ruleset)
    if rules.campaign is None:
        return [problem(f"the rule set {rules.name} has no campaigns yet", "play its maps one by one for now")]
    carries = [c.key for c in rules.campaign.carries]
    out = [
        problem(f"carry {key!r} is not something {rules.name} carries", f"use some of: {', '.join(carries)}")
        for key in sorted(campaign.carry - set(carries))
    ]
    keys = outcome_keys(campaign.ruleset)
    out += [
        problem(f"{key!r} is not an outcome of {rules.name}", f"use one of: {', '.join(keys)}", c.id)
        for c in campaign.chapters.values()
        for key in c.next
        if key not in keys
    ]
    return out


def outcome_keys(ruleset: str) -> list[str]:
    """What a chapter of ``ruleset`` may branch on: win, lose, draw and the rule set's winner keys."""
    labels = get_ruleset(ruleset).outcome_labels
    return [*OUTCOMES, *(k.removeprefix("wins.") for k in labels if k.startswith("wins."))]
