"""A campaign being played on screen: the campaign file, its progress (:mod:`game.campaign.progress`) and the
progress file it is kept in (``<data dir>/campaigns``). Plain data and words, no widgets: the campaign
screen, the New game menu, the title and the App read it.

>>> play = CampaignPlay.begin(campaign, app.campaigns_dir)       # doctest: +SKIP
>>> play.next_chapter().title                                      # doctest: +SKIP
'The village'
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.campaign.model import Campaign, CampaignError, Chapter, load_campaign
from game.campaign.progress import (
    Progress,
    chapter_options,
    finish_chapter,
    new_progress,
    next_chapter,
    read_progress,
    save_progress,
)
from game.rules.contract import Force
from game.saves import Autosaves, SaveError, read_save
from game.ui.campaign_words import GOLD, MUTED
from game.ui.scenario_list import ScenarioEntry, load_entry

PLAYED, NEXT, LOCKED = "played", "next", "locked"
OUTCOME_WORDS = {"win": "won", "lose": "lost", "draw": "drawn"}


class CampaignRefused(ValueError):
    """A progress file (or the campaign it names) that cannot be played on; the message names the file."""


@dataclass(frozen=True)
class ChapterRow:
    """A chapter as the campaign screen lists it: its number in play (0: not reached), its state, the
    outcome's words."""

    chapter: Chapter
    number: int
    state: str  # PLAYED, NEXT or LOCKED
    words: str = ""


@dataclass
class CampaignPlay:
    """One campaign on screen: the campaign, where it stands, and the file that keeps it."""

    campaign: Campaign
    progress: Progress
    path: Path

    @classmethod
    def begin(cls, campaign: Campaign, folder: Path) -> CampaignPlay:
        """A new campaign, to be kept in ``folder`` (written when its first chapter starts)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return cls(campaign, new_progress(campaign), folder / f"{campaign.path.stem}-{stamp}.json")

    @classmethod
    def open(cls, path: Path) -> CampaignPlay:
        """The campaign kept at ``path``; :class:`CampaignRefused` says what is wrong (file and place)."""
        try:
            progress = read_progress(path)
        except (SaveError, ValueError, OSError) as exc:
            raise CampaignRefused(str(exc)) from None
        try:
            campaign = load_campaign(progress.campaign_path)
        except CampaignError as exc:
            raise CampaignRefused(f"{path.name}: its campaign cannot be played:\n{exc}") from None
        return cls(campaign, progress, Path(path))

    # ---- where it stands ---------------------------------------------------------------------------

    @property
    def force(self) -> Force:
        return self.progress.force

    def next_id(self) -> str:
        """The next chapter's id, or how the campaign ended ("victory", "defeat")."""
        return next_chapter(self.campaign, self.progress)

    def next_chapter(self) -> Chapter | None:
        """The chapter to play next (None: the campaign is over)."""
        return self.campaign.chapters.get(self.next_id())

    @property
    def ending(self) -> str:
        """ "victory" or "defeat" once the campaign is over, else ""."""
        return "" if self.next_chapter() is not None else self.next_id()

    @property
    def played(self) -> int:
        return len(self.progress.played)

    def number(self, chapter: Chapter) -> int:
        """The next chapter's number in play (the first is 1)."""
        return self.played + 1

    def rows(self) -> list[ChapterRow]:
        """The chapters played (in order, with their outcome), the next, then the others, locked."""
        rows = [
            ChapterRow(self.campaign.chapters[p.chapter], n, PLAYED, OUTCOME_WORDS.get(p.outcome, p.outcome))
            for n, p in enumerate(self.progress.played, 1)
            if p.chapter in self.campaign.chapters
        ]
        upcoming = self.next_chapter()
        if upcoming is not None:
            rows.append(ChapterRow(upcoming, self.played + 1, NEXT))
        seen = {r.chapter.id for r in rows}
        rows += [ChapterRow(c, 0, LOCKED) for c in self.campaign.chapters.values() if c.id not in seen]
        return rows

    def subtitle(self) -> str:
        """The campaign in a line: rule set, chapters, where it stands."""
        from game.ui.rules_help import ruleset_title

        total = len(self.campaign.chapters)
        where = f"chapter {self.played + 1} next" if not self.ending else f"ended in {self.ending}"
        return f"{ruleset_title(self.campaign.ruleset)} - {total} chapters - {self.played} played, {where}"

    def player_names(self) -> list[str]:
        """The players' names as the first chapter's set-up gave them (none kept: "Player N")."""
        return []

    # ---- playing a chapter ---------------------------------------------------------------------------

    def in_play(self, autosaves: Autosaves) -> Path | None:
        """The newest autosave of this campaign's chapter when its game was interrupted (None: no chapter is
        in play; a finished one is the progress file's)."""
        for path in reversed(autosaves.files()):
            try:
                saved = read_save(path)
            except SaveError:
                continue
            if saved.extra.get("campaign") == str(self.path):
                return None if saved.over else path
        return None

    def chapter_entry(self) -> ScenarioEntry:
        """The next chapter's map as the menus judge it (a broken map keeps its error)."""
        chapter = self.next_chapter()
        if chapter is None:
            raise CampaignRefused("the campaign is over: there is no chapter to play")
        return load_entry(chapter.map)

    def game_options(self, setup: dict[str, Any]) -> dict[str, Any]:
        """The next chapter's game options: the set-up's (the first chapter's players), the chapter's own, and
        the force carried over; :class:`~game.rules.core.CannotStart` when the force cannot play it."""
        chapter = self.next_chapter()
        if chapter is None:
            raise CampaignRefused("the campaign is over: there is no chapter to play")
        entry = self.chapter_entry()
        if entry.scenario is None:
            raise CampaignRefused(f"chapter {chapter.title!r}: its map cannot be played:\n{entry.error}")
        return chapter_options(self.campaign, self.progress, entry.scenario, setup)

    def finish(self, game: Any) -> str:
        """Record a finished chapter and keep the campaign; "" or why it could not be kept."""
        self.progress = finish_chapter(self.campaign, self.progress, game)
        return self.save()

    def save(self) -> str:
        """Write the progress file; "" or why it could not be written (the screen says so)."""
        try:
            save_progress(self.progress, self.path)
        except (OSError, TypeError, ValueError) as exc:
            return f"The campaign could not be saved to {self.path}: {exc}"
        return ""


MAX_LOOKED_AT = 20  # progress files the title reads for one to continue (newest first)


def progress_files(folder: Path) -> list[Path]:
    """The campaigns kept in ``folder``, newest first (a missing folder has none)."""
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append((path.stat().st_mtime_ns, path.name, path))
        except OSError:
            continue
    return [p for *_, p in sorted(found, reverse=True)]


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
            lines.append(f"<font color='{MUTED}'>- {title} (locked)</font>")
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
