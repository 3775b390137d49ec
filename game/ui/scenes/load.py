"""Load game: the saves and autosaves, newest first; Load opens one where it was, Replay watches it. After
them the campaigns in progress: Load opens a campaign's screen.

A save that cannot be read is listed with the reason (the :class:`~game.saves.SaveError` message)
and cannot be loaded; nothing here ever writes to a save file.

>>> app.push(LoadScene(app))                      # doctest: +SKIP
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UITextBox

from game.saves import SavedGame, SaveError, read_save
from game.session import Session, actions, describe_save, format_time, progress
from game.ui.campaign_play import KeptCampaign, kept_campaigns
from game.ui.fitting import elide
from game.ui.rules_help import ruleset_title
from game.ui.scenes.base import Scene


def describe_options(ruleset: str, options: dict[str, Any]) -> str:
    """A save's set-up in a few words, as its rule set puts them (``American, British``)."""
    from game.rules.core import get_ruleset

    try:
        setup = get_ruleset(ruleset).setup
    except KeyError:  # a rule set this build lacks: the save cannot load anyway
        setup = None
    if setup is None:
        return "default" if not options else ", ".join(f"{k} {v}" for k, v in sorted(options.items()))
    try:
        return setup.describe(dict(options)) or "default"
    except Exception:  # a save's options are the user's file: odd ones still list
        return "unreadable"


def shown(text: str) -> str:
    """``text`` as the fonts can draw it: a file name with bytes that are not UTF-8 holds lone surrogates
    (Python's surrogateescape), which the font refuses; they become replacement characters."""
    if not _has_surrogate(text):
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that is no escaped byte
        return text.encode("utf-8", "replace").decode("utf-8")


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


@dataclass(frozen=True)
class SaveEntry:
    """One file in the list: its save, or why it cannot be read."""

    path: Path
    kind: str  # "Save", "Quick-save" or "Autosave"
    saved: SavedGame | None
    error: str = ""

    @property
    def when(self) -> float:
        if self.saved is not None and self.saved.saved_at:
            return self.saved.saved_at
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0

    @property
    def line(self) -> str:
        if self.saved is not None:  # short enough for the list; the details box has the rest
            s = self.saved
            title = Path(s.scenario_path).stem.replace("_", " ").title()[:60]
            when = format_time(s.saved_at, "%d %b %H:%M", "?")
            return f"{self.kind}: {title}, {progress(s)}, {when}" + (" (finished)" if s.over else "")
        return f"{self.kind}: {shown(self.path.name)[:80]} (cannot be loaded)"


def list_saves(saves_dir: Path, autosave_dir: Path) -> list[SaveEntry]:
    """Every ``.json`` in the saves folder and every autosave, newest first (read, never written)."""
    found: list[tuple[Path, str]] = []
    if saves_dir.is_dir():
        found += [(p, "Quick-save" if p.name == "quicksave.json" else "Save") for p in saves_dir.glob("*.json")]
    if autosave_dir.is_dir():
        found += [(p, "Autosave") for p in autosave_dir.glob("autosave-*.json")]
    entries: list[SaveEntry] = []
    for path, kind in found:
        try:
            entries.append(SaveEntry(path, kind, read_save(path)))
        except (SaveError, OSError) as exc:
            entries.append(SaveEntry(path, kind, None, str(exc)))
    entries.sort(key=lambda e: (-e.when, e.path.name))
    return entries


ROOM_WORDS = "Resume the room (players rejoin)"
HERE_WORDS = "Play it here on one screen"
HOSTED_WORDS = (
    "This game was hosted for players on other machines. Resume the room: the Host screen opens with its seats "
    "as they were, and its players rejoin. Or play it here on one screen: its autosaves no longer open a room."
)


def was_hosted(entry: SaveEntry | None) -> bool:
    """Whether the save is of a game hosted for players on other machines (Load asks how to go on)."""
    from game.net.room import hosted

    return entry is not None and entry.saved is not None and not entry.saved.over and hosted(entry.saved.extra)


class LoadScene(Scene):
    name = "load"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries = list_saves(app.saves_dir, app.autosaves().folder)
        self.kept = kept_campaigns(app.campaigns_dir)  # the campaigns in progress, listed after the saves
        self.items = self._items()
        self.shown_items = list(self.items)  # the lines as the list shows them (see build)
        # the campaign chosen (then ``chosen`` is None): the newest, when there is no save to show first
        self.campaign: KeptCampaign | None = self.kept[0] if self.kept and not self.entries else None
        self.chosen: SaveEntry | None = self.entries[0] if self.entries else None
        self.message = ""  # why the last Load was refused

    def _items(self) -> list[str]:
        # the list shows text only, so each line is made unique by its place
        lines = [e.line for e in self.entries] + [k.line for k in self.kept]
        return [f"{i + 1}. {line}" for i, line in enumerate(lines)]

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        list_w = min(640, w // 2)
        self.ui(UILabel(pygame.Rect(m, m, w - 2 * m, 40), "Load game", self.manager, object_id="#heading"))
        # each line whole, or cut short with "…" where the list is narrow (the details box has the rest)
        font = self.manager.get_theme().get_font_dictionary().find_font(18, "noto_sans")
        self.shown_items = [elide(i, list_w - 48, lambda t: int(font.size(t)[0])) for i in self.items]
        items: list[str | tuple[str, str]] = [*self.shown_items] or ["No saved games yet"]
        default = None
        if self.campaign is not None:
            default = self.shown_items[len(self.entries) + self.kept.index(self.campaign)]
        elif self.chosen is not None:
            default = self.shown_items[self.entries.index(self.chosen)]
        foot = 118  # the buttons, and a row above them for a hosted game's Resume the room
        self.list = self.ui(
            UISelectionList(
                pygame.Rect(m, m + 52, list_w, h - 2 * m - 52 - foot),
                items,
                self.manager,
                object_id="#scenario_list",
                default_selection=default,
            )
        )
        self.details = self.ui(
            UITextBox(
                "",
                pygame.Rect(2 * m + list_w, m + 52, w - 3 * m - list_w, h - 2 * m - 52 - foot),
                self.manager,
                object_id="#briefing",
            )
        )
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))
        self.replay_button = self.ui(
            UIButton(
                pygame.Rect(w - m - 520, h - m - 48, 200, 48),
                "Watch a replay",
                self.manager,
                tool_tip_text="Play the saved game back, step by step",
            )
        )
        self.load = self.ui(
            UIButton(pygame.Rect(w - m - 300, h - m - 48, 300, 48), "Load", self.manager, object_id="#primary")
        )
        self.room_button = self.ui(
            UIButton(
                pygame.Rect(w - m - 360, h - m - 48 - 58, 360, 48),
                ROOM_WORDS,
                self.manager,
                tool_tip_text="Open the room again on the same port; its players rejoin by themselves",
            )
        )
        if self.campaign is not None:
            self._show_campaign(self.campaign)
        else:
            self._show(self.chosen)

    def _room_choice(self, entry: SaveEntry | None) -> None:
        """A hosted game's save offers the room or one screen; any other just Load."""
        if was_hosted(entry):
            self.room_button.show()
            self.load.set_text(HERE_WORDS)
        else:
            self.room_button.hide()
            self.load.set_text("Load")

    def _show_campaign(self, kept: KeptCampaign) -> None:
        """A campaign in progress: where it stands (Load opens its screen), or why it cannot be loaded."""
        self._room_choice(None)
        self.chosen, self.campaign = None, kept
        text = kept.details_html()
        if self.message:
            text += f"<br><br><font color='#E06050'><b>Not loaded:</b> {html.escape(self.message)}</font>"
        self.details.set_text(text)
        self.replay_button.disable()
        if kept.play is not None:
            self.load.enable()
        else:
            self.load.disable()

    def _show(self, entry: SaveEntry | None) -> None:
        self._room_choice(entry)
        self.chosen, self.campaign = entry, None
        if entry is None:
            self.details.set_text(
                "There are no saved games yet. Ctrl+S or F5 in a game saves it; "
                "every game is also autosaved after each action."
            )
            self.load.disable()
            self.replay_button.disable()
            return
        where = html.escape(shown(str(entry.path)))
        if entry.saved is None:
            self.details.set_text(
                f"<b>{html.escape(shown(entry.path.name))}</b><br>{where}<br><br>"
                f"<font color='#E06050'><b>This save cannot be loaded:</b></font><br>"
                f"{html.escape(shown(entry.error))}"
            )
            self.load.disable()
            self.replay_button.disable()
            return
        s = entry.saved
        when = format_time(s.saved_at, "%Y-%m-%d %H:%M", "unknown")
        facts = [
            f"Scenario: <b>{html.escape(Path(s.scenario_path).stem.replace('_', ' ').title())}</b>",
            f"Rule set: <b>{html.escape(ruleset_title(s.ruleset))}</b>",
            f"Forces: <b>{html.escape(describe_options(s.ruleset, s.options)[:200])}</b>",  # a save is hostile
            f"Actions: <b>{len(s.commands)}</b>",
            f"Saved: <b>{when}</b>",
            "Finished" if s.over else "In progress",
        ]
        text = (
            f"<font size=5><b>{html.escape(entry.kind)}</b></font><br>{where}<br>"
            f"{html.escape(describe_save(s))}<br><br>" + "<br>".join(facts)
        )
        if s.error:
            text += f"<br><br><font color='#E0A050'>Bug report: {html.escape(s.error)}</font>"
        if was_hosted(entry):
            text += f"<br><br><b>{html.escape(HOSTED_WORDS)}</b>"
        if self.message:
            text += f"<br><br><font color='#E06050'><b>Not loaded:</b> {html.escape(self.message)}</font>"
        self.details.set_text(text)
        self.load.enable()
        self.replay_button.enable()

    def load_chosen(self) -> bool:
        """Open the chosen save where it was; a refusal is shown and the file is left as it is."""
        entry = self.chosen
        if self.campaign is not None and self.campaign.play is not None:
            self.message = shown(self.app.open_campaign(self.campaign.path))
            if self.message:
                self._show_campaign(self.campaign)
            return not self.message
        if entry is None or entry.saved is None:
            return False
        session = self._resumed(entry)
        if session is None:
            return False
        if was_hosted(entry):
            from game.net.room import unhost

            unhost(session)  # played here on one screen: no longer a room
        self.app.open_session(
            session, notice=f"Loaded {shown(entry.path.name)}: {actions(len(session.game.commands))} replayed."
        )
        return True

    def resume_room(self) -> bool:
        """The chosen hosted game's room opened again (the Host screen, its seats as they were)."""
        entry = self.chosen
        if not was_hosted(entry):
            return False
        assert entry is not None
        session = self._resumed(entry)
        if session is None:
            return False
        self.app.host_again(session)
        return True

    def _resumed(self, entry: SaveEntry) -> Session | None:
        """The save's game replayed, or None with the save's refusal shown beside it."""

        try:
            return Session.resume(entry.path, self.app.autosaves())
        except SaveError as exc:
            self.message = shown(str(exc))
            self._show(entry)
            return None

    def replay_chosen(self) -> bool:
        from game.replay import Replay

        entry = self.chosen
        if entry is None or entry.saved is None:
            return False
        try:
            replay = Replay(entry.saved, name=entry.path.name)
        except SaveError as exc:
            self.message = shown(str(exc))
            self._show(entry)
            return False
        self.app.show_replay(replay, title=shown(entry.path.name))
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            if event.text in self.shown_items:
                self.message = ""
                n = self.shown_items.index(event.text)
                if n < len(self.entries):
                    self._show(self.entries[n])
                else:
                    self._show_campaign(self.kept[n - len(self.entries)])
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and event.ui_element is self.list:
            self.load_chosen()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.load:
                self.load_chosen()
            elif event.ui_element is self.replay_button:
                self.replay_chosen()
            elif event.ui_element is self.room_button:
                self.resume_room()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
