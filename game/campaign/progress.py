"""A campaign being played: the campaign file (path and content hash), its seed, the players' first set-up,
and each chapter played as an ordinary game (map, options, seed, commands) with its outcome and the force
it left. The chapter in play is an ordinary game autosaved beside the game autosaves, its ``extra`` naming
the progress file (:func:`chapter_in_play`), so it resumes as a game does.

A progress file is written as a save is (atomically: a kill -9 leaves the last good file) and read as a
save is (hostile: bounded, checked, the file left untouched); :func:`verify_progress` replays every
chapter and checks what it came to.

>>> chapter_seed(7, 2)
702
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.campaign.graph import reachable
from game.campaign.model import (
    ENDINGS,
    MAX_CHAPTERS,
    Campaign,
    CampaignError,
    CampaignProblem,
    Chapter,
    load_campaign,
    problem,
)
from game.rules.contract import CampaignRules, Force
from game.rules.core import Command, Game, RuleSet, from_data, get_ruleset, known_rulesets, replay, to_data
from game.saves import MAX_COMMANDS, SaveError, default_folder, read_json, read_save, write_atomic
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Scenario
from game.simulate import outcome_of
from game.startcheck import start_options

FORMAT = "deadground-campaign"
VERSION = 1
FIELDS = frozenset({"format", "version", "campaign", "ruleset", "seed", "setup", "played", "next", "saved_at"})
CHAPTER_FIELDS = frozenset({"chapter", "map", "options", "seed", "commands", "outcome", "winner", "force"})


@dataclass(frozen=True)
class PlayedChapter:
    """One chapter as it was played: an ordinary game (its map, options, seed and commands), what it came
    to (``outcome`` "win", "lose" or "draw", and the rule set's ``winner`` key) and the force it left, as
    plain data (:meth:`Force.to_data`)."""

    chapter_id: str
    map: str
    map_hash: str
    options: dict[str, Any]
    seed: int
    commands: tuple[Command, ...]
    outcome: str
    winner: str
    force_after: dict[str, Any]

    @property
    def force(self) -> Force:
        return Force.from_data(self.force_after)


@dataclass(frozen=True)
class Progress:
    """A campaign run: the chapters played and ``next``, the chapter to play next (its id), or how the
    campaign ended ("victory" or "defeat")."""

    campaign_path: str
    campaign_hash: str
    ruleset: str
    seed: int
    setup: dict[str, Any] = field(default_factory=dict)  # the players' first set-up (names, sections, teams)
    played: tuple[PlayedChapter, ...] = ()
    next: str = ""
    saved_at: float = 0.0

    @property
    def over(self) -> bool:
        return self.next in ENDINGS

    @property
    def force(self) -> Force | None:
        """The force the last chapter played left (None before the first)."""
        return self.played[-1].force if self.played else None

    def to_json(self) -> bytes:
        return json.dumps(_progress_data(self), indent=1).encode("utf-8")


def new_progress(campaign: Campaign, seed: int, setup: dict[str, Any] | None = None) -> Progress:
    """A campaign about to begin with its first chapter; ``setup`` is the players' set-up (else the one
    the first chapter is played with is kept when it is finished)."""
    return Progress(str(campaign.path), campaign.content_hash, campaign.ruleset, int(seed), dict(setup or {}),
                    next=campaign.first)  # fmt: skip


def default_setup(campaign: Campaign) -> dict[str, Any]:
    """The players' set-up when they change nothing: what Begin plays on the first chapter's map, less what
    the chapter's own options set (those stay the chapter's, and do not follow the force into the next)."""
    first = campaign.chapters[campaign.first]
    defaults = start_options(get_ruleset(campaign.ruleset), load_scenario(str(first.map)))[0]
    return {k: v for k, v in defaults.items() if k not in first.options}


def chapter_seed(seed: int, number: int) -> int:
    """The dice's seed of a campaign's chapter ``number`` (0 the first): the campaign's seed and the chapter
    in one number a player can read (campaign 7's third chapter plays with seed 702)."""
    return seed * 100 + number


def next_chapter(campaign: Campaign, progress: Progress) -> Chapter | None:
    """The chapter to play next, or None once the campaign has ended."""
    if progress.over:
        return None
    chapter = campaign.chapters.get(progress.next)
    if chapter is None:
        raise CampaignError(campaign.path, [_gone(progress.next)])
    return chapter


def chapter_options(
    campaign: Campaign, progress: Progress, setup_options: dict[str, Any] | None = None
) -> tuple[Chapter, Scenario, dict[str, Any], int]:
    """The next chapter, its scenario, the options its game starts with and its seed.

    The first chapter plays the players' set-up (``setup_options``, else the progress's) over the chapter's
    options. A later one plays the set-up's defaults for its map, under the players' first set-up, under the
    chapter's options, with the carried force put in by the rule set (``RuleSet.campaign.options``, which
    raises ``CannotStart`` when the force cannot play it). Raises CampaignError once the campaign has ended,
    ScenarioError for a map that no longer loads.
    """
    chapter = next_chapter(campaign, progress)
    if chapter is None:
        raise CampaignError(campaign.path, [_ended(progress.next)])
    scenario = load_scenario(str(chapter.map))
    seed = chapter_seed(progress.seed, len(progress.played))
    rules = _campaign_rules(campaign.ruleset)
    force = progress.force
    if force is None:
        return chapter, scenario, {**chapter.options, **(setup_options or progress.setup)}, seed
    defaults = start_options(get_ruleset(campaign.ruleset), scenario)[0]
    options = {**defaults, **progress.setup, **chapter.options}
    return chapter, scenario, rules.options(scenario, options, force, campaign.carry), seed


def chapter_outcome(game: Game) -> tuple[str, str]:
    """A finished chapter's outcome ("win" when the humans won, "draw" when nobody did, else "lose") and
    the rule set's winner key ("" for none)."""
    o = outcome_of(game)
    winner = str(o.winner or "")
    return ("win" if o.human_win else "draw" if not winner else "lose"), winner


def finish_chapter(campaign: Campaign, progress: Progress, game: Game) -> Progress:
    """The progress once ``game``, the chapter in play, has ended: the chapter played, the force the rule
    set musters from it, and what follows (the chapter's ``next``; defeat when nobody of the force lives).
    Raises ValueError for a game not yet over or not the chapter in play."""
    chapter = next_chapter(campaign, progress)
    if chapter is None or not game.over:
        raise ValueError("only a finished game of the chapter in play finishes it")
    if Path(game.scenario.path).resolve() != chapter.map.resolve():
        raise ValueError(f"the game was played on {game.scenario.path}, not chapter {chapter.id!r}'s map")
    outcome, winner = chapter_outcome(game)
    force = _campaign_rules(campaign.ruleset).muster(game)
    following = chapter.after(outcome, winner) if force.living else "defeat"
    played = PlayedChapter(
        chapter.id, str(chapter.map), game.scenario.content_hash, json.loads(json.dumps(game.options)),
        int(game.seed), tuple(game.commands), outcome, winner, force.to_data(),
    )  # fmt: skip
    setup = progress.setup or _set_up_part(chapter, game.options)
    return replace(progress, setup=setup, played=(*progress.played, played), next=following)


def _set_up_part(chapter: Chapter, options: dict[str, Any]) -> dict[str, Any]:
    """What the players' set-up put into the first chapter's options (what its own options did not)."""
    plain = json.loads(json.dumps(options))
    return {k: v for k, v in plain.items() if k not in chapter.options or chapter.options[k] != v}


def status(campaign: Campaign, progress: Progress) -> list[tuple[Chapter, str]]:
    """Each chapter in the file's order with where it stands: "played", "next", "locked" (an outcome may still
    lead to it) or "not taken" (a branch passed it by, or the campaign is over: it read "locked" to the end)."""
    done = {p.chapter_id for p in progress.played}
    edges = {cid: [n for n in c.next.values() if n not in ENDINGS] for cid, c in campaign.chapters.items()}
    ahead = set(reachable(edges, progress.next)) if not progress.over else set()
    return [
        (
            c,
            "played"
            if c.id in done
            else "next"
            if c.id == progress.next
            else "locked"
            if c.id in ahead
            else "not taken",
        )
        for c in campaign.chapters.values()
    ]


def _campaign_rules(key: str) -> CampaignRules[Any]:
    rules = get_ruleset(key).campaign
    if rules is None:
        raise CampaignError(key, [_no_campaigns(get_ruleset(key))])
    return rules


def _no_campaigns(rules: RuleSet) -> CampaignProblem:
    return problem(f"the rule set {rules.name} has no campaigns yet", "play its maps one by one for now")


def _gone(cid: str) -> CampaignProblem:
    return problem(f"the next chapter {cid!r} is no longer in the file", "start the campaign again", cid)


def _ended(how: str) -> CampaignProblem:
    return problem(f"the campaign has ended in {how}", "start it again for another run")


# -- files ------------------------------------------------------------------------------------------


def progress_folder() -> Path:
    """Where campaign runs are kept: beside the game autosaves, one file per run."""
    return default_folder()


def new_progress_path(campaign: Campaign, folder: Path | None = None) -> Path:
    """A fresh file name for a new run of ``campaign``: ``campaign-<file>-<run>.json``."""
    return (folder or progress_folder()) / f"campaign-{campaign.path.stem[:40]}-{uuid.uuid4().hex[:12]}.json"


def progress_files(folder: Path | None = None) -> list[Path]:
    """The campaign runs kept in ``folder``, newest first (unreadable ones too: reading says why)."""
    folder = folder or progress_folder()
    try:
        found = [(p.lstat().st_mtime_ns, p.name, p) for p in folder.glob("campaign-*.json")]
    except OSError:
        return []
    return [p for *_, p in sorted(found, reverse=True)]


def resumable_runs(folder: Path | None = None) -> list[tuple[Path, Progress]]:
    """The campaign runs in ``folder`` not yet ended, newest first, each read (a damaged file is passed over,
    never deleted: reading it names what is wrong)."""
    runs = []
    for path in progress_files(folder):
        try:
            progress = read_progress(path)
        except SaveError:
            continue
        if not progress.over:
            runs.append((path, progress))
    return runs


def chapter_in_play(progress_path: Path, folder: Path | None = None) -> Path | None:
    """The newest unfinished game autosave of ``progress_path``'s chapter in play (its ``extra`` names the
    progress file: set ``Autosaves.extra = {"campaign": str(progress_path)}``), or None."""
    from game.saves import Autosaves

    autos = Autosaves.__new__(Autosaves)  # read only: no new game id, no cleaning
    autos.folder, autos.keep, autos.game_id = folder or progress_folder(), 1, ""
    for path in reversed(autos.files()):
        try:
            saved = read_save(path)
        except SaveError:
            continue
        if saved.extra.get("campaign") == str(progress_path):
            return None if saved.over else path
    return None


def save_progress(path: Path | str, progress: Progress) -> Path:
    """Write ``progress`` to ``path`` atomically (a crash leaves the old file whole); returns the path."""
    progress = replace(progress, saved_at=time.time())
    write_atomic(path, progress.to_json())
    return Path(path)


def _progress_data(p: Progress) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "campaign": {"path": p.campaign_path, "hash": p.campaign_hash},
        "ruleset": p.ruleset,
        "seed": p.seed,
        "setup": p.setup,
        "played": [
            {
                "chapter": c.chapter_id,
                "map": {"path": c.map, "hash": c.map_hash},
                "options": c.options,
                "seed": c.seed,
                "commands": [to_data(cmd) for cmd in c.commands],
                "outcome": c.outcome,
                "winner": c.winner,
                "force": c.force_after,
            }
            for c in p.played
        ],
        "next": p.next,
        "saved_at": p.saved_at,
    }


def is_progress(path: Path | str) -> bool:
    """Whether ``path`` is a campaign run's progress file (by its format; a file that cannot be read is not)."""
    try:
        data = read_json(path)
    except SaveError:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


def read_progress(path: Path | str) -> Progress:
    """A progress file read as hostile data. Raises :class:`SaveError` naming the file and the place; the
    file is left untouched."""
    path = Path(path)
    data = read_json(path)
    try:
        return _progress(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path.name[:80]} is damaged ({str(exc)[:200]}); the file was left untouched.") from None


def _progress(data: Any) -> Progress:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("it is not a Dead Ground campaign progress file")
    if data.get("version") != VERSION:
        raise ValueError(f"its format version {str(data.get('version'))[:20]} is not {VERSION}")
    if unknown := sorted(set(data) - FIELDS):
        raise ValueError(f"it has fields this game does not know: {', '.join(map(repr, unknown[:5]))}")
    key = _text(data["ruleset"], "ruleset")
    if key not in known_rulesets():
        raise ValueError(f"it is for the rule set {key[:40]!r}, which this Dead Ground does not have")
    played = data.get("played", [])
    if not isinstance(played, list) or len(played) > MAX_CHAPTERS:
        raise ValueError(f"'played' is not a list of at most {MAX_CHAPTERS} chapters")
    campaign, setup, saved_at = data["campaign"], data.get("setup", {}), data.get("saved_at", 0.0)
    if not isinstance(campaign, dict) or not isinstance(setup, dict) or not isinstance(saved_at, int | float):
        raise TypeError("'campaign' or 'setup' is not a table, or 'saved_at' not a number")
    chapters = tuple(_played(n, row, key) for n, row in enumerate(played, 1))
    path, digest = _text(campaign["path"], "the campaign's path"), _text(campaign["hash"], "the campaign's hash")
    seed, following = _whole(data["seed"], "seed"), _text(data["next"], "next")
    return Progress(path, digest, key, seed, setup, chapters, following, float(saved_at))


def _played(number: int, row: Any, ruleset: str) -> PlayedChapter:
    where = f"chapter {number}"
    if not isinstance(row, dict) or set(row) - CHAPTER_FIELDS:
        raise ValueError(f"{where} is not a table of {', '.join(sorted(CHAPTER_FIELDS))}")
    commands, options, place = row["commands"], row["options"], row["map"]
    if not isinstance(commands, list) or len(commands) > MAX_COMMANDS or not isinstance(options, dict):
        raise ValueError(f"{where}: its commands are not a list of at most {MAX_COMMANDS}, or options not a table")
    if not isinstance(place, dict):
        raise ValueError(f"{where}: its map is not a table of path and hash")
    registry = get_ruleset(ruleset).commands
    try:
        Force.from_data(row["force"])
        decoded = tuple(from_data(c, registry) for c in commands)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{where} ({str(row.get('chapter'))[:40]!r}): {str(exc)[:160]}") from None
    return PlayedChapter(
        _text(row["chapter"], f"{where}'s id"), _text(place["path"], f"{where}'s map"),
        _text(place["hash"], f"{where}'s map hash"), options, _whole(row["seed"], f"{where}'s seed"), decoded,
        _text(row["outcome"], f"{where}'s outcome"), _text(row["winner"], f"{where}'s winner"), row["force"],
    )  # fmt: skip


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} is not a text")
    return value


def _whole(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{what} is not a whole number")
    return value


# -- verifying --------------------------------------------------------------------------------------


def verify_progress(progress: Progress, campaign: Campaign | None = None) -> list[str]:
    """What does not hold in ``progress`` (an empty list when it all replays): each chapter replayed from its
    map, options, seed and commands must end as recorded, muster the force recorded, and that force must be
    the one put into the next chapter; with the campaign, each chapter must be the one its outcome led to.

    >>> verify_progress(Progress("x.toml", "", "no such rules", 1))
    ["no rule set 'no such rules'"]
    """
    if progress.ruleset not in known_rulesets():
        return [f"no rule set {progress.ruleset!r}"]
    rules = get_ruleset(progress.ruleset)
    if rules.campaign is None:
        return [f"the rule set {rules.name} has no campaigns"]
    said: list[str] = []
    before: PlayedChapter | None = None
    for number, played in enumerate(progress.played, 1):
        where = f"chapter {number} ({played.chapter_id!r})"
        said += [f"{where}: {line}" for line in _verify_chapter(rules, played, before)]
        if campaign is not None:
            said += [f"{where}: {line}" for line in _verify_route(campaign, played, before)]
        before = played
    if campaign is not None and before is not None and progress.next != _following(campaign, before):
        said.append(
            f"the campaign goes on to {progress.next!r}, but the last chapter led to {_following(campaign, before)!r}"
        )
    return said


def _verify_chapter(rules: RuleSet, played: PlayedChapter, before: PlayedChapter | None) -> list[str]:
    """Whether one chapter replays to what was recorded."""
    try:
        scenario = load_scenario(played.map)
    except (ScenarioError, OSError) as exc:
        return [f"its map {played.map} no longer loads ({str(exc).splitlines()[0]})"]
    if scenario.content_hash != played.map_hash:
        return [f"its map {Path(played.map).name} has changed since it was played"]
    said = []
    carried = played.options.get("campaign")
    if before is not None and (not isinstance(carried, dict) or carried.get("force") != before.force_after):
        said.append("the force put into it is not the force the chapter before left")
    try:
        game = replay(rules, scenario, dict(played.options), played.seed, list(played.commands))
    except Exception as exc:  # a progress file is data: a failure to replay it is a finding, not a crash
        return [*said, f"does not replay ({type(exc).__name__}: {str(exc)[:160]})"]
    if not game.over:
        return [*said, "its game does not end with its commands"]
    if (ended := chapter_outcome(game)) != (played.outcome, played.winner):
        said.append(f"it ends {_words(*ended)}, not {_words(played.outcome, played.winner)} as recorded")
    assert rules.campaign is not None
    if rules.campaign.muster(game).to_data() != played.force_after:
        said.append("the force it musters is not the force recorded")
    return said


def _words(outcome: str, winner: str) -> str:
    """``a win (humans)``: an outcome as the verifier says it."""
    return f"a {outcome} ({winner or 'no winner'})"


def _verify_route(campaign: Campaign, played: PlayedChapter, before: PlayedChapter | None) -> list[str]:
    expected = campaign.first if before is None else _following(campaign, before)
    return [] if played.chapter_id == expected else [f"the campaign led to {expected!r}, not here"]


def _following(campaign: Campaign, played: PlayedChapter) -> str:
    """What the campaign's file says follows ``played`` (defeat when nobody of its force lives)."""
    chapter = campaign.chapters.get(played.chapter_id)
    if chapter is None:
        return "?"
    return chapter.after(played.outcome, played.winner) if played.force.living else "defeat"


def load_progress_campaign(progress: Progress) -> Campaign:
    """The campaign ``progress`` was played on, refused (CampaignError) when its file has changed since."""
    campaign = load_campaign(progress.campaign_path)
    if campaign.content_hash != progress.campaign_hash:
        raise CampaignError(campaign.path, [problem("the campaign file has changed since this run began",
                                                    "start the campaign again, or put the old file back")])  # fmt: skip
    return campaign
