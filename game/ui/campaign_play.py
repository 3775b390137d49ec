"""A campaign being played on screen: the campaign file, its progress (:mod:`game.campaign.progress`) and the
progress file it is kept in (``<data dir>/campaigns``). Plain data and words, no widgets: the campaign
screen, the New game menu, the title and the App read it.

>>> play = CampaignPlay.begin(campaign, app.campaigns_dir)       # doctest: +SKIP
>>> play.next_chapter().title                                      # doctest: +SKIP
'The village'
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.campaign.model import Campaign, CampaignError, Chapter
from game.campaign.progress import (
    Progress,
    chapter_in_play,
    chapter_options,
    finish_chapter,
    load_progress_campaign,
    new_progress,
    new_progress_path,
    next_chapter,
    progress_files,
    read_progress,
    save_progress,
    status,
)
from game.rules.contract import Force
from game.rules.core import Game
from game.saves import SavedGame, SaveError
from game.scenario import ScenarioError
from game.session import progress
from game.ui.campaign_list import carry_words, force_notes
from game.ui.campaign_words import GOLD, MUTED, ending_line
from game.ui.scenario_list import ScenarioEntry, load_entry

PLAYED, NEXT, LOCKED, NOT_TAKEN = "played", "next", "locked", "not taken"
OUTCOME_WORDS = {"win": "won", "lose": "lost", "draw": "drawn"}


class CampaignRefused(ValueError):
    """A progress file (or the campaign it names) that cannot be played on; the message names the file."""


@dataclass(frozen=True)
class ChapterRow:
    """A chapter as the campaign screen lists it: its number in play (0: not reached), its state, the
    outcome's words."""

    chapter: Chapter
    number: int
    state: str  # PLAYED, NEXT, LOCKED or NOT_TAKEN
    words: str = ""


@dataclass
class CampaignPlay:
    """One campaign on screen: the campaign, where it stands, and the file that keeps it (beside the
    autosaves: a chapter in play is an autosaved game that names it)."""

    campaign: Campaign
    progress: Progress
    path: Path

    @classmethod
    def begin(cls, campaign: Campaign, folder: Path) -> CampaignPlay:
        """A new run of ``campaign``, kept in ``folder`` (written when its first chapter starts); its dice
        are new (each chapter's seed comes from the campaign's)."""
        progress = new_progress(campaign, random.randrange(1, 2**24))
        return cls(campaign, progress, new_progress_path(campaign, folder))

    @classmethod
    def open(cls, path: Path) -> CampaignPlay:
        """The campaign kept at ``path``; :class:`CampaignRefused` says what is wrong (file and place)."""
        try:
            progress = read_progress(path)
            campaign = load_progress_campaign(progress)
            next_chapter(campaign, progress)  # the next chapter is still in the file
        except SaveError as exc:
            raise CampaignRefused(str(exc)) from None
        except CampaignError as exc:
            raise CampaignRefused(f"{path.name}: its campaign cannot go on:\n{exc}") from None
        return cls(campaign, progress, Path(path))

    # ---- where it stands ---------------------------------------------------------------------------

    @property
    def force(self) -> Force:
        """The force as the last chapter left it (nobody before the first)."""
        return self.progress.force or Force()

    def next_chapter(self) -> Chapter | None:
        """The chapter to play next (None: the campaign is over)."""
        return next_chapter(self.campaign, self.progress)

    @property
    def ending(self) -> str:
        """ "victory" or "defeat" once the campaign is over, else ""."""
        return self.progress.next if self.progress.over else ""

    @property
    def played(self) -> int:
        return len(self.progress.played)

    def number(self, chapter: Chapter) -> int:
        """The next chapter's number in play (the first is 1)."""
        return self.played + 1

    def rows(self) -> list[ChapterRow]:
        """The chapters played (in order, with their outcome), the next, then the others, locked."""
        rows = [
            ChapterRow(self.campaign.chapters[p.chapter_id], n, PLAYED, OUTCOME_WORDS.get(p.outcome, p.outcome))
            for n, p in enumerate(self.progress.played, 1)
            if p.chapter_id in self.campaign.chapters
        ]
        states = status(self.campaign, self.progress)
        rows += [ChapterRow(c, self.played + 1, NEXT) for c, state in states if state == NEXT]
        return rows + [ChapterRow(c, 0, state) for c, state in states if state in (LOCKED, NOT_TAKEN)]

    def subtitle(self) -> str:
        """The campaign in a line: rule set, chapters, where it stands."""
        from game.ui.rules_help import ruleset_title

        total = len(self.campaign.chapters)
        where = f"chapter {self.played + 1} next" if not self.ending else f"ended in {self.ending}"
        return f"{ruleset_title(self.campaign.ruleset)} - {total} chapters - {self.played} played, {where}"

    def outlook(self) -> str:
        """What follows now, in a sentence: the next chapter, or how the campaign ended."""
        chapter = self.next_chapter()
        if chapter is None:
            return ending_line(self.ending)
        return f"Next: chapter {self.played + 1}, {chapter.title}."

    def chapter_words(self) -> str:
        """The chapter in play, for the table's log: ``The Duel Road, chapter 2 of 3: At the mill``."""
        chapter = self.next_chapter()
        title = chapter.title if chapter is not None else "?"
        return f"Campaign {self.campaign.title}, chapter {self.played + 1}: {title}"

    def carry_rules(self) -> list[str]:
        """What this campaign carries from chapter to chapter, in the rule set's words."""
        return carry_words(self.campaign)

    def notes(self) -> list[str]:
        """What the force holds for the next chapter besides its figures (bystanders who will join)."""
        return force_notes(self.campaign, self.force) if not self.ending else []

    def player_names(self) -> list[str]:
        """The players' names (none kept by the campaign: the screen says "Player N")."""
        return []

    # ---- playing a chapter ---------------------------------------------------------------------------

    def in_play(self) -> Path | None:
        """The newest autosave of this campaign's chapter when its game was interrupted (None: no chapter is
        in play; a finished one is the progress file's)."""
        return chapter_in_play(self.path, self.path.parent)

    def chapter_entry(self) -> ScenarioEntry:
        """The next chapter's map as the menus judge it (a broken map keeps its error)."""
        chapter = self.next_chapter()
        if chapter is None:
            raise CampaignRefused(f"the campaign has ended in {self.ending}: there is no chapter to play")
        return load_entry(chapter.map)

    def game_options(self, setup: dict[str, Any]) -> tuple[dict[str, Any], int]:
        """The next chapter's game options and seed: the players' set-up (the first chapter's), the chapter's
        own options, and the force carried over. Raises :class:`CampaignRefused`, or the rules'
        :class:`~game.rules.core.CannotStart` when the force cannot play it."""
        try:
            _, _, options, seed = chapter_options(self.campaign, self.progress, setup if not self.played else None)
        except (CampaignError, ScenarioError) as exc:
            raise CampaignRefused(str(exc)) from None
        return options, seed

    def is_chapter(self, game: Game) -> bool:
        """Whether ``game`` is played on the chapter in play's map (an old save of a chapter played since is not)."""
        chapter = self.next_chapter()
        return chapter is not None and Path(game.scenario.path or ".").resolve() == chapter.map.resolve()

    def finish(self, game: Game) -> str:
        """Record a finished chapter and keep the campaign; "" or why it could not be kept."""
        self.progress = finish_chapter(self.campaign, self.progress, game)
        return self.save()

    def save(self) -> str:
        """Write the progress file; "" or why it could not be written (the screen says so)."""
        try:
            save_progress(self.path, self.progress)
        except (OSError, TypeError, ValueError) as exc:
            return f"The campaign could not be saved to {self.path}: {exc}"
        return ""


MAX_LOOKED_AT = 20  # progress files the title reads for one to continue (newest first)


def latest_campaign(folder: Path, skip: str = "") -> CampaignPlay | None:
    """The newest campaign kept in ``folder`` that is not over (the title's Continue campaign); ``skip``: the
    progress file whose chapter the title already offers to resume. Broken files are passed over here (Load
    lists them with their reasons)."""
    for path in progress_files(folder)[:MAX_LOOKED_AT]:
        if str(path) == skip:
            return None  # the newest campaign is the interrupted game's: Resume carries it on
        try:
            play = CampaignPlay.open(path)
        except CampaignRefused:
            continue
        if not play.ending:
            return play
    return None


@dataclass(frozen=True)
class KeptCampaign:
    """A progress file as Load lists it: the campaign on it, or why it cannot go on (file and place)."""

    path: Path
    play: CampaignPlay | None
    error: str = ""

    @property
    def line(self) -> str:
        if self.play is None:
            return f"Campaign: {self.path.name[:80]} (cannot be loaded)"
        where = f"ended in {self.play.ending}" if self.play.ending else f"chapter {self.play.played + 1} next"
        return f"Campaign: {self.play.campaign.title[:60]}, {where}"

    def details_html(self) -> str:
        """The details box: the campaign and where it stands, or the error."""
        where = html.escape(str(self.path))
        if self.play is None:
            return (
                f"<b>{html.escape(self.path.name)}</b><br>{where}<br><br><font color='#E06050'><b>This campaign "
                f"cannot be loaded:</b></font><br>{html.escape(self.error).replace(chr(10), '<br>')}"
            )
        play = self.play
        chapter, living = play.next_chapter(), len(play.force.living)
        facts = [
            f"Campaign: <b>{html.escape(play.campaign.title)}</b>",
            html.escape(play.subtitle()),
            f"The force: <b>{living}</b> standing, <b>{len(play.force.veterans) - living}</b> fallen",
            f"Next: <b>{html.escape(chapter.title)}</b>"
            if chapter is not None
            else f"Ended in <b>{play.ending}</b>",
        ]
        return f"<font size=5><b>Campaign</b></font><br>{where}<br><br>" + "<br>".join(facts)


def kept_campaigns(folder: Path) -> list[KeptCampaign]:
    """Every campaign kept in ``folder``, newest first, a broken file with its reason."""
    out = []
    for path in progress_files(folder):
        try:
            out.append(KeptCampaign(path, CampaignPlay.open(path)))
        except CampaignRefused as exc:
            out.append(KeptCampaign(path, None, str(exc)))
    return out


def chapter_line(saved: SavedGame, line: str) -> tuple[str, str]:
    """The progress file a chapter's save names ("" for a lone game), and the save in a line for the title's
    Resume: the campaign and the chapter in place of the map (``line`` when the campaign cannot be read)."""
    kept = saved.extra.get("campaign")
    if not isinstance(kept, str) or not kept:
        return "", line
    try:
        play = CampaignPlay.open(Path(kept))
    except (CampaignRefused, OSError):
        return kept, line
    chapter = play.next_chapter()
    where = f"chapter {play.played + 1}: {chapter.title}" if chapter is not None else "campaign"
    return kept, f"{play.campaign.title} ({where}), {progress(saved)}"


def chapters_html(play: CampaignPlay) -> str:
    """The chapters as the campaign screen lists them: played with the outcome, the next, the locked."""
    lines = [f"<font color='{GOLD}'><b>Chapters</b></font>"]
    for row in play.rows():
        title = html.escape(row.chapter.title)
        if row.state == PLAYED:
            colour = "#A8C890" if row.words == "won" else "#E06050" if row.words == "lost" else MUTED
            lines.append(f"{row.number}. {title} - <font color='{colour}'><b>{html.escape(row.words)}</b></font>")
        elif row.state == NEXT:
            lines.append(f"<font color='{GOLD}'><b>{row.number}. {title} - next</b></font>")
        else:
            lines.append(f"<font color='{MUTED}'>- {title} ({row.state})</font>")  # locked, or not taken
    return "<br>".join(lines)


def ending_html(play: CampaignPlay) -> str:
    """How the campaign ended, in place of a briefing."""
    if play.ending == "victory":
        return (
            f"<font size=5 color='{GOLD}'><b>VICTORY</b></font><br><br>The campaign is won "
            f"after {play.played} chapters. The survivors' names are on the right."
        )
    return (
        "<font size=5 color='#E06050'><b>DEFEAT</b></font><br><br>The campaign is lost "
        f"after {play.played} chapters. The force's record is on the right."
    )
