"""Set-up of a new game, for any rule set: the choices its :class:`~game.rules.contract.SetupSpec` asks.

The rule set describes the choices as data and this screen lays them out with pygame_gui: how many
players (a drop-down within the spec's bounds), each player's fields, then the game's fields.

- a :class:`~game.rules.contract.Pick` is a drop-down;
- a :class:`~game.rules.contract.Switch` is a toggle button (Yes / No);
- :class:`~game.rules.contract.NamedFigures` are a name entry and a drop-down per piece of gear for
  each figure, with Add and Remove within the spec's counts;
- a :class:`~game.rules.contract.Team` lists what was taken (alike ones on one row, with Remove) and,
  beside it, the Add list: what the rule set offers now (:meth:`~game.rules.contract.Setup.team_options`),
  a link each with its cost, a refused one greyed with the rules' reason whole under it (the list scrolls).
  A player's empty team starts as the rules build one for nobody's choice (Begin plays at once), and
  Begin with points that still buy something says so first ("Begin anyway"); under it a name entry with
  Save team, and Load team... listing the teams saved before (:mod:`game.teams`), each taken again through the rules' builder
  (:func:`rebuild_team`), so a team the rules now refuse says why and is not taken; when the rule set
  imports army-builder files (:attr:`~game.rules.core.RuleSet.roster_import`), Import catalogue... beside
  them opens a file dialog, and the units imported into the player's roster (:mod:`game.roster_import`)
  are offered in every player's list at once.

The rules' :meth:`~game.rules.contract.Setup.refusals` show under the choices, and Begin starts the
game only when there are none. House values and readings are tagged "[house]".

>>> GameSetup(entry).options                  # doctest: +SKIP
{'sections': ['american'], 'american_corporal_weapon': 'thompson'}
"""

from __future__ import annotations

import copy
import html
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.core.interfaces import IContainerLikeInterface
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIScrollingContainer,
    UITextBox,
    UITextEntryLine,
)
from pygame_gui.windows import UIFileDialog, UIMessageWindow

from game.roster_import import ImportRefused, import_roster, imported_line, report_lines
from game.rules.contract import (
    Answers,
    NamedFigures,
    Pick,
    Setup,
    SetupField,
    SetupSpec,
    Switch,
    Team,
    TeamOption,
    default_figure,
    figure_names,
)
from game.scenario.model import Scenario
from game.scenario.schema import load_schema
from game.teams import BadTeamFile, SavedTeam, TeamFileError, load_teams, save_team, teams_folder
from game.ui.fitting import elide, wrap
from game.ui.game_setup import GameSetup, resize_answers
from game.ui.link_list import LinkList
from game.ui.rules_help import HOUSE_SHORT, untagged
from game.ui.scenario_list import ScenarioEntry
from game.ui.scenes.base import Scene, waiting_label

PLAYER_CHOICES = ("1 player (solo)", "2 players", "3 players", "4 players")
HOUSE_TAG = " [house]"
REFUSED = "#E06050"
GREYED = "#8C8A76"  # an option the rules refuse now
DONE = "#A8C890"
HEADING = "#C8C0A0"  # a line that says what a group of the Add list's options is
# an open drop-down shows at most six options and scrolls the rest: a long roster's last units stay
# reachable for the last player, whose list would otherwise run past the bottom of the scrolled choices
DROP_LIMIT = 6 * 36 + 12  # six options and the list's border: six show whole, no scroll bar over them
ROW = 54  # one field's row
REFUSALS_H = 96  # the box of the rules' refusals, above Begin
NOTE_LINE = 24  # a line of the rules' note under the choices
SAVE_W = 112  # the Save team button: its words whole (at 100 px the button's padding cut "Save team")
ADD_LIST_H = 220  # a team's Add list at the least (about six rows); it takes the room the choices' box has
TAKEN_W = 500  # what a team took, left of its Add list
TAKEN_MIN_W = 440  # ... and under it, in a narrow window
LINE_H = 24  # one line of a team's row that wraps
TIP_W = 760  # how wide a switch's help grows before it wraps
LABEL_W, MENU_W = 180, 260  # the label column and the widget column (10 px between)
TEAM_TIP = "Scroll the choices to this player's team"


LOAD_TEAM = "Load team..."
PLAYERS_HELP = "How many people play at this table, each with his own {noun}, taking turns at one screen."
BEGIN_ANYWAY = "Begin anyway"
HOST = "Host..."
IMPORT = "Import catalogue..."
REPORT_LINES = 500  # the import report's lines shown at the most (each cut at LINE_CUT characters, with "…")
LINE_CUT = 300
CATALOGUE_SUFFIXES = {".cat", ".catz", ".CAT", ".CATZ"}  # BattleScribe catalogues (the dialog lists these)


def rebuild_team(
    rules: Setup, scenario: Scenario, answers: Answers, player: int, key: str, ids: tuple[str, ...]
) -> tuple[list[dict[str, Any]], str]:
    """Take the saved option ``ids`` again, one by one, through the rules' team builder for ``player``.

    Returns the team's entries as the screen keeps them, or ``([], reason)`` when the rules do not offer
    one of them now or refuse it (over the points, an option the unit lacks) -- the rules' own words."""
    trial = copy.deepcopy(answers)
    taken: list[dict[str, Any]] = []
    trial["each"][player - 1][key] = taken
    for item in ids:
        offered = {o.id: o for o in rules.team_options(scenario, trial, player)}
        option = offered.get(item)
        if option is None:
            return [], f"{item!r} is not offered to this team (after {len(taken)} options taken)"
        if option.refused:
            return [], f"{option.label}: {option.refused}"
        taken.append({"id": option.id, "label": option.label, "cost": option.cost})
    return taken, ""


def cut_line(line: str) -> str:
    """A report line of at most LINE_CUT characters, a cut one ending in "…" so the player sees it goes on."""
    return line if len(line) <= LINE_CUT else line[: LINE_CUT - 1] + "…"


def refusal_kind(reason: str) -> str:
    """What kind of refusal ``reason`` is: its last clause, after the option's own words ("over the 75-point
    limit" for every option that costs too much).

    >>> refusal_kind("Heavy bolter costs 10 points: over the 75-point limit"), refusal_kind("once a team")
    ('over the 75-point limit', 'once a team')
    """
    return reason.rpartition(": ")[2].strip() or reason


def add_list_html(options: list[TeamOption]) -> str:
    """The Add list's rows: each option a link with its cost; a refused one greyed, " - " and why on its row, the
    first of each kind of refusal with its reason whole, the others of that kind with the kind alone (a 40k
    player's list of wargear over the points read as a wall of red; a newcomer read a red "refused:" line under
    one and a grey "- over the 75-point limit" after the next as two different things). The box wraps and
    scrolls."""
    if not options:
        return f"<font color='{GREYED}'>Nothing to add</font>"
    rows, told = [], set()
    for n, o in enumerate(options):
        if o.heading:  # a group's start: what its options are (the rules' words)
            rows.append(f"<font color='{HEADING}'>{html.escape(untagged(o.heading))}</font>")
        words = html.escape(untagged(f"{o.label} ({o.cost} pts)"))
        refused = untagged(o.refused)
        kind = refusal_kind(refused) if refused else ""
        if refused:
            why = kind if kind in told else refused
            told.add(kind)
            rows.append(f"<font color='{GREYED}'>{words} - {html.escape(why)}</font>")
        else:
            rows.append(f"<a href='add:{n}'>+ {words}</a>")
    return "<br>".join(rows)


REMOVE_W = 116  # a team row's Remove button: "Remove all" whole
# said under a team the set-up bought for the player (a newcomer found 8 Guardians bought and did not know why)
STARTING_WORDS = "A starting team, bought for you: Begin plays it, or change it with Remove and the Add list."


def taken_rows(taken: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    """What a team took as its rows: alike entries in a run on one row ("One more Guardian x7 (63 pts)"), each
    row with the index of its first and last entry (Remove takes the last off)."""
    rows: list[tuple[int, int, str]] = []
    k = 0
    while k < len(taken):
        last = k
        while last + 1 < len(taken) and taken[last + 1].get("id") == taken[k].get("id"):
            last += 1
        label = untagged(str(taken[k].get("label", taken[k].get("id", "?"))))
        count = last - k + 1
        points = sum(float(t.get("cost", 0)) for t in taken[k : last + 1])
        rows.append((k, last, f"{label}{f' x{count}' if count > 1 else ''} ({points:g} pts)"))
        k = last + 1
    return rows


def add_list_height(room: int) -> int:
    """How tall a team's Add list is in a choices' box ``room`` tall: the box's room less the players' row, the
    team's heading and its saved-team row, so that the first team's block shows whole in the box, its list
    as tall as the box allows, at every interface size (a fixed 300 ran past the box at 143%, where about three
    options showed, and left a third of it empty at 100%); never under :data:`ADD_LIST_H`.

    >>> add_list_height(612), add_list_height(512), add_list_height(432), add_list_height(341)
    (434, 334, 254, 220)
    """
    return max(ADD_LIST_H, room - 70 - 44 - 10 - ROW)


def taken_height(lines: int) -> int:
    """How tall a team's row of ``lines`` lines is: a button's height for one, more for a wrapped name."""
    return 40 if lines <= 1 else LINE_H * lines + 8


def player_choice(n: int) -> str:
    """The players drop-down's words for ``n``: ``1 player (solo)``, ``2 players``..."""
    return PLAYER_CHOICES[n - 1] if 1 <= n <= len(PLAYER_CHOICES) else f"{n} players"


class SetupScene(Scene):
    """The set-up screen of one scenario; Begin hands the :class:`GameSetup` to the navigator's ``start_game``."""

    name = "setup"

    def __init__(
        self, app: Any, entry: ScenarioEntry, seed: int | None = None, campaign: Any = None, briefing: bool = False
    ) -> None:
        super().__init__(app)
        # opened straight from the command line (``deadground play MAP``): the briefing New game shows comes first,
        # in a window over the choices, until the player dismisses it
        self.brief_open = briefing and entry.scenario is not None and bool(entry.scenario.briefing)
        self.briefing_window: UIMessageWindow | None = None
        # a campaign's first chapter: the players chosen here become its force
        self.setup = GameSetup(entry, campaign=campaign)
        self.seed = seed  # Begin plays on these dice (``deadground play MAP --seed N``); None: new ones
        spec = self.setup.spec
        self.spec: SetupSpec = spec if spec is not None else SetupSpec()
        self.allowed = list(range(self.spec.players_min, self.spec.players_max + 1)) or [1]
        # what each widget does when used: pygame_gui events name the widget
        self.actions: dict[UIElement, Callable[[pygame.event.Event], None]] = {}
        self.menu_tips: dict[UIDropDownMenu, str] = {}  # each drop-down's help (its Pick's), shown as its tooltip
        self.players_menu: UIDropDownMenu | None = None
        self.refusal_box: UITextBox | None = None
        self.notes_box: UITextBox | None = None  # the rules' notes on these choices, beside Begin
        self.notice = "\n".join(self.spec.skipped)  # a refused team option's reason, shown until the next choice
        self.notice_done = False  # the notice says something was done (not refused)
        self.scroll_box: UIScrollingContainer | None = None
        self.label_w = LABEL_W  # the label column, as wide as the longest label (set when built)
        self.scrolled = 0.0  # how far down the choices were scrolled: kept when the rows are laid out again
        self.list_tops: dict[int, float] = {}  # a player's Add list scrolled this far (pixels) before his pick
        self.listed: dict[int, UITextBox] = {}  # each player's Add list as last laid out
        self.team_tops: dict[int, int] = {}  # each player's team heading, down the scrolled choices (pixels)
        self.team_buttons: dict[int, UIButton] = {}  # "Player 2's team": scrolls the choices to it
        self.team_names: dict[int, str] = {}  # the name each player typed to save his team under
        self.import_dialog: UIFileDialog | None = None  # Import catalogue...'s file dialog, while open
        self.import_report: UIMessageWindow | None = None  # what the last import did, entry by entry
        self.add_lists: dict[int, list[TeamOption]] = {}  # what each player's Add list offers now
        self.add_list_h = ADD_LIST_H  # how tall each Add list is: the choices' box's room (set as it is built)
        self.unspent_asked = False  # Begin said the points left once: the next Begin plays
        self.begin_waits = False  # Begin pressed while the compiled loops are made ready: it plays once they are
        self.legend: UILabel | None = None  # what [house] and [seed] mean, under the heading when they show

    # ---- the answers -------------------------------------------------------------------------------

    @property
    def answers(self) -> Answers:
        return self.setup.answers

    def set_players(self, count: int) -> None:
        self.setup.answers = self.setup.starting_teams(resize_answers(self.spec, self.answers, count))
        self.app.rebuild()  # one block per player

    def set_answer(self, player: int | None, key: str, value: Any, rebuild: bool = False) -> None:
        """Answer ``key`` for ``player`` (1-based; None: the game)."""
        where = self.answers["game"] if player is None else self.answers["each"][player - 1]
        where[key] = value
        if rebuild:
            self.app.rebuild()
        else:
            self._show_refusals()

    # ---- layout ----------------------------------------------------------------------------------

    def _field_height(self, f: SetupField, player: int) -> int:
        """How tall a per-player field's block is (a list grows with its entries)."""
        if isinstance(f, NamedFigures):
            return ROW * (1 + len(self.answers["each"][player - 1].get(f.key, [])))
        if isinstance(f, Team):  # (rows measured at the narrowest the team's column gets: never short)
            taken = taken_rows(self.answers["each"][player - 1].get(f.key, []))
            rows = sum(
                taken_height(len(self._taken_lines(words, TAKEN_MIN_W - REMOVE_W - 10))) for _, _, words in taken
            )
            rows += taken_height(len(self._taken_lines(STARTING_WORDS, TAKEN_MIN_W)))
            return 44 + rows + self.add_list_h + 10 + ROW  # the list under the rows (a narrow window): the most
        return self._row(f)

    def _row(self, f: SetupField) -> int:
        """A pick's or a switch's row: taller by the lines of the longest note its entries have (the rows
        below never move as the choice changes)."""
        if not isinstance(f, Pick):
            return ROW
        return ROW + NOTE_LINE * max((len(self._note_of(o.note)) for o in f.options), default=0)

    def _note_of(self, note: str) -> list[str]:
        """An entry's note (what a section carries) in lines of whole words the form's width."""
        if not note:
            return []
        font = self.manager.get_theme().get_font(["label", "#footnote"])
        return wrap(note, self.label_w + 10 + MENU_W - 12, lambda t: int(font.size(t)[0]))

    def _chosen_note(
        self, f: Pick, player: int | None, cx: int, y: int, container: IContainerLikeInterface | None
    ) -> None:
        """Under the pick, the note of the entry chosen now (a newcomer choosing a section read what it carries)."""
        value = self._value(player, f.key)
        chosen = next((o for o in f.options if o.value == value), None)
        for i, line in enumerate(self._note_of(chosen.note if chosen is not None else "")):
            rect = pygame.Rect(cx, y + 42 + NOTE_LINE * i, self.label_w + 10 + MENU_W, NOTE_LINE)
            self.ui(UILabel(rect, line, self.manager, container=container, object_id="#footnote"))

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        self._keep_list_tops()
        self.actions = {}
        self.menu_tips = {}
        self.ui(
            UILabel(
                pygame.Rect(m, m, w - 2 * m, 40),
                self.heading(w - 2 * m),
                self.manager,
                object_id="#heading",
            )
        )
        top, bottom = m + 80, h - m - 48 - 16 - REFUSALS_H  # the refusals' place is kept free
        self.add_list_h = add_list_height(bottom - top)
        container: IContainerLikeInterface | None = None
        self.label_w = self._label_width(w - 2 * m - 40)
        form = self.label_w + 10 + MENU_W  # the form is centred: labels, then their widgets
        needed = sum(self._block_heights())
        cx, y = max(m, (w - form) // 2), top
        old = self.scroll_box
        if old is not None and old.vert_scroll_bar is not None and old.scrolling_height:
            self.scrolled = old.vert_scroll_bar.start_percentage * old.scrolling_height
        self.scroll_box = None
        if needed > bottom - top:  # more choices than the window holds: they scroll
            box = self.ui(UIScrollingContainer(pygame.Rect(m, top, w - 2 * m, bottom - top), self.manager))
            # room below the last choice for its drop-down to open inside the box
            box.set_scrollable_area_dimensions((w - 2 * m - 20, needed + DROP_LIMIT + 20))
            if box.vert_scroll_bar is not None and self.scrolled:  # adding a row must not jump to the top
                box.vert_scroll_bar.set_scroll_from_start_percentage(self.scrolled / (needed + DROP_LIMIT + 20))
            self.scroll_box = box
            container = box.get_container()
            cx, y = max(0, (w - 2 * m - form) // 2 - 30), 0
        y = self._build_players(cx, y, container)
        for player in range(1, self.setup.players + 1):
            for f in self.spec.per_player:
                y = self._build_field(f, player, cx, y, container)
        for f in self.spec.for_game:
            y = self._build_field(f, None, cx, y, container)
        note_w = w - cx - 2 * m - (20 if self.scroll_box is not None else 0)  # (beside the scroll bar)
        for i, line in enumerate(self._note_lines(max(form, note_w))):  # whole, on as many lines as it needs
            self.ui(
                UILabel(
                    pygame.Rect(cx, y + 10 + NOTE_LINE * i, max(form, note_w), NOTE_LINE),
                    line,
                    self.manager,
                    container=container,
                    object_id="#footnote",
                )
            )
        self.refusal_box = None
        self.notes_box = None
        self._refusal_rect = pygame.Rect(m, h - m - 48 - 16 - REFUSALS_H, w - 2 * m, REFUSALS_H)
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))
        self.begin = self.ui(
            UIButton(
                pygame.Rect(w - m - 200, h - m - 48, 200, 48),
                BEGIN_ANYWAY if self.unspent_asked else "Begin",
                self.manager,
                object_id="#primary",
            )
        )
        self.host_button = self.ui(
            UIButton(
                pygame.Rect(w - m - 200 - 12 - 170, h - m - 48, 170, 48),
                HOST,
                self.manager,
                tool_tip_text="Play these choices with players on other machines (or bots): each seat on this "
                "screen, over the network, or a bot",
            )
        )
        self.legend = None
        if self._tagged():  # the tag explained at the top (a newcomer met "[house]" beside a choice unexplained)
            self.legend = self.ui(
                UILabel(pygame.Rect(m, m + 42, w - 2 * m, 30), HOUSE_SHORT, self.manager, object_id="#footnote")
            )
        self._build_team_buttons(w, m)
        self._show_refusals()
        if self.brief_open:
            self._show_briefing(w, h)

    def _show_briefing(self, w: int, h: int) -> None:
        """The scenario's briefing, as New game shows it, in a window over the set-up (Dismiss closes it)."""
        s = self.setup.entry.scenario
        assert s is not None
        text = html.escape(s.briefing).replace("\n", "<br>")
        if s.objective:  # as New game's card says it
            words = load_schema().map["objective"].words_for(s.objective, s.ruleset, s.properties)
            text = f"Objective: <b>{html.escape(words)}</b><br><br>{text}"
        rect = pygame.Rect(0, 0, min(640, w - 40), min(320, h - 40))
        rect.center = (w // 2, h // 2)
        title = f"Briefing - {self.setup.entry.title}"
        self.briefing_window = self.ui(
            UIMessageWindow(rect, text, self.manager, window_title=title, object_id="#briefing_window")
        )

    def heading(self, width: int = 10**6) -> str:
        """The screen's heading: the map, or the campaign and its first chapter (cut short to ``width``)."""
        play = self.setup.campaign
        words = f"Set-up - {self.setup.entry.title}" if play is None else f"{play.chapter_words()} - set-up"
        font = self.manager.get_theme().get_font(["label", "#heading"])
        return elide(words, width - 12, lambda t: int(font.size(t)[0]))

    def _block_heights(self) -> list[int]:
        heights = [70]
        for player in range(1, self.setup.players + 1):
            heights += [self._field_height(f, player) for f in self.spec.per_player]
        heights += [self._row(f) for f in self.spec.for_game]
        # (the note's lines at the form's width: never fewer than it takes where it is laid out)
        return heights + [10 + NOTE_LINE * len(self._note_lines(self.label_w + 10 + MENU_W))] * bool(
            self.spec.note
        )

    def _note_lines(self, width: int) -> list[str]:
        """The rules' note under the choices in lines of whole words ``width`` wide (at 125% and more one line
        of Zombie 40,000's was cut)."""
        if not self.spec.note:
            return []
        font = self.manager.get_theme().get_font(["label", "#footnote"])
        return wrap(self.spec.note, width - 12, lambda t: int(font.size(t)[0]))

    def _label(
        self,
        text: str,
        x: int,
        y: int,
        container: IContainerLikeInterface | None,
        width: int | None = None,
        height: int = 40,
    ) -> UILabel:
        """A left-aligned label; its rect runs up to the widget column so a long one fits."""
        rect = pygame.Rect(x, y, width or self.label_w + 10, height)
        return self.ui(UILabel(rect, text, self.manager, container=container, object_id="#field"))

    def _taken_lines(self, words: str, width: int) -> list[str]:
        """A team's row in lines that fit ``width`` (the label's padding kept clear)."""
        font = self.manager.get_theme().get_font(["label", "#field"])
        return wrap(words, width - 12, lambda t: int(font.size(t)[0]))

    def _label_width(self, room: int) -> int:
        """The label column: as wide as the longest label (never cut), within ``room`` beside the widgets."""
        font = self.manager.get_theme().get_font(["label", "#field"])
        titles = ["Players"] + [
            self._title(f, p) for p in range(1, self.setup.players + 1) for f in self.spec.per_player
        ]
        titles += [self._title(f, None) for f in self.spec.for_game]
        widest = max(font.size(t)[0] for t in titles) + 12
        return max(LABEL_W, min(widest, room - MENU_W - 10))

    def _build_players(self, cx: int, y: int, container: IContainerLikeInterface | None) -> int:
        noun = self.spec.player_noun or "side"
        self._tip(self._label("Players", cx, y, container), PLAYERS_HELP.format(noun=noun))
        self.players_menu = self.ui(
            UIDropDownMenu(
                [player_choice(n) for n in self.allowed],
                player_choice(self.setup.players),
                pygame.Rect(cx + self.label_w + 10, y, MENU_W, 40),
                self.manager,
                container=container,
                expansion_height_limit=DROP_LIMIT,
            )
        )
        self.menu_tips[self.players_menu] = PLAYERS_HELP.format(noun=noun)
        self.actions[self.players_menu] = lambda e: self.set_players(
            next(n for n in self.allowed if player_choice(n) == e.text)
        )
        return y + 70

    def _build_team_buttons(self, w: int, m: int) -> None:
        """At the top right, over the choices while they scroll and a team builder asks each player: a button a
        player that scrolls the choices to his team (a newcomer found Player 2's team below the fold only by
        scrolling). They stay put while the choices scroll."""
        self.team_buttons = {}
        players = self.setup.players
        if self.scroll_box is None or players < 2 or not any(isinstance(f, Team) for f in self.spec.per_player):
            return
        font = self.manager.get_theme().get_font(["label", "#heading"])
        room = w - 2 * m - int(font.size(self.heading(w - 2 * m))[0]) - 24  # right of the heading's words
        wide = min(170, (room - 8 * (players - 1)) // players)
        if wide < 80:
            return
        for p in range(1, players + 1):
            words = f"Player {p}'s team" if wide >= 150 else f"Team {p}"
            rect = pygame.Rect(w - m - (players - p + 1) * (wide + 8) + 8, m + 2, wide, 36)
            button = self.ui(UIButton(rect, words, self.manager, tool_tip_text=TEAM_TIP))
            self.team_buttons[p] = button
            self.actions[button] = partial(self._show_team, p)

    def _show_team(self, player: int, event: pygame.event.Event | None = None) -> None:
        """Scroll the choices so ``player``'s team heading is at their top."""
        box, top = self.scroll_box, self.team_tops.get(player)
        bar = box.vert_scroll_bar if box is not None else None
        if box is None or bar is None or top is None or not box.scrolling_height:
            return
        bar.set_scroll_from_start_percentage(
            min(max(0.0, top - 8) / box.scrolling_height, 1.0 - bar.visible_percentage)
        )

    def _not_asked(self, f: Pick) -> str:
        """When a greyed choice is asked, in the choices' words: ``American section only``. Short, to fit its
        greyed box: "Not asked: no American section" was cut to "Not asked: no American sect"."""
        key, value = f.asked_when or ("", "")
        picks = [p for p in self.spec.per_player if isinstance(p, Pick) and p.key == key]
        label = next((o.label for p in picks for o in p.options if o.value == value), value)
        return f"{label} {self.spec.player_noun} only".replace("  ", " ")

    def _asks_by(self, key: str) -> bool:
        """Whether an answer to ``key`` decides whether another field is asked (the form is laid out again)."""
        fields = (*self.spec.per_player, *self.spec.for_game)
        return any(isinstance(f, Pick) and f.asked_when is not None and f.asked_when[0] == key for f in fields)

    def _title(self, f: SetupField, player: int | None) -> str:
        house = HOUSE_TAG if isinstance(f, Pick | Switch) and f.house else ""
        return (f"Player {player} {f.label}" if player is not None else f.label) + house

    def _value(self, player: int | None, key: str) -> Any:
        where = self.answers["game"] if player is None else self.answers["each"][player - 1]
        return where.get(key)

    def _build_field(
        self, f: SetupField, player: int | None, cx: int, y: int, container: IContainerLikeInterface | None
    ) -> int:
        if isinstance(f, Pick) and not f.asked(self.answers):  # its row stays: the rows below never move
            self._label(self._title(f, player), cx, y, container)
            rect = pygame.Rect(cx + self.label_w + 10, y, MENU_W, 40)
            self.ui(UIButton(rect, self._not_asked(f), self.manager, container=container)).disable()
            return y + self._row(f)
        if isinstance(f, Pick):
            self._tip(self._label(self._title(f, player), cx, y, container), f.help)
            self._pick(f, player, self._value(player, f.key), cx + self.label_w + 10, y, MENU_W, container)
            self._chosen_note(f, player, cx, y, container)
            return y + self._row(f)
        if isinstance(f, Switch):
            self._tip(self._label(self._title(f, player), cx, y, container), f.help)
            on = bool(self._value(player, f.key))
            button = self.ui(
                UIButton(
                    pygame.Rect(cx + self.label_w + 10, y, MENU_W, 40),
                    "Yes" if on else "No",
                    self.manager,
                    container=container,
                    object_id=f"#switch_{f.key}",
                )
            )
            self._tip(button, f.help)  # a long help (Coop Mode's) wide and short
            self.actions[button] = partial(self._toggle, player, f.key, on)
            return y + ROW
        if isinstance(f, NamedFigures):
            return self._build_figures(f, player or 1, cx, y, container)
        return self._build_team(f, player or 1, cx, y, container)

    def _pick(
        self,
        f: Pick,
        player: int | None,
        value: Any,
        x: int,
        y: int,
        width: int,
        container: IContainerLikeInterface | None,
    ) -> UIDropDownMenu:
        """A drop-down for ``f``; choosing sets its value in the answers (``player`` None: the game's)."""
        labels: list[str | tuple[str, str]] = [o.label for o in f.options]
        labels = labels or [str(value)]
        current = next((o.label for o in f.options if o.value == value), labels[0])
        menu = self.ui(
            UIDropDownMenu(
                labels,
                current,
                pygame.Rect(x, y, width, 40),
                self.manager,
                container=container,
                expansion_height_limit=DROP_LIMIT,
            )
        )
        again = self._asks_by(f.key) or any(o.note for o in f.options)  # (the note under it changes too)
        self.actions[menu] = lambda e: self.set_answer(
            player, f.key, next((o.value for o in f.options if o.label == e.text), value), again
        )
        if f.help:
            self.menu_tips[menu] = f.help
            self._tip_menus()
        return menu

    def _open_list_in_view(self) -> None:
        """An open drop-down's list wholly inside the choices' box: the box scrolls down to it (Load team...
        at the bottom of the view opened cut by the box's edge)."""
        box = self.scroll_box
        bar = box.vert_scroll_bar if box is not None else None
        if box is None or bar is None or not box.scrolling_height:
            return
        for element in self._elements:
            if not isinstance(element, UIDropDownMenu) or not element.alive():
                continue
            listed = getattr(element.current_state, "options_selection_list", None)
            if element.current_state is not element.menu_states["expanded"] or listed is None:
                continue
            over = listed.rect.bottom + 4 - box.rect.bottom
            if over > 0:
                at = bar.start_percentage + over / box.scrolling_height
                bar.set_scroll_from_start_percentage(min(at, 1.0 - bar.visible_percentage))
            return

    def _tip(self, element: UIElement, help: str) -> None:
        """``help`` as the tooltip of ``element``, wide and short (a narrow one was too tall to fit on screen)."""
        if help:
            element.set_tooltip(help, wrap_width=min(TIP_W, self.manager.window_resolution[0] - 40))

    def _tip_menus(self) -> None:
        """Each drop-down's help on the button that shows its choice: pygame_gui makes that button afresh each
        time the list closes, without a tooltip, and it is what the pointer hovers. While the list is open the
        help stays away: pygame_gui puts it under the button, over the list's first entry (a newcomer could
        neither read nor click the first weapon)."""
        for menu, help in self.menu_tips.items():
            button = getattr(menu.current_state, "selected_option_button", None)
            if button is None:
                continue
            if menu.current_state is menu.menu_states.get("expanded"):
                if button.tool_tip_text is not None:
                    button.set_tooltip(None)
                if button.tool_tip is not None:
                    button.tool_tip.kill()
                    button.tool_tip = None
            elif button.tool_tip_text != help:
                self._tip(button, help)

    def _build_figures(
        self, f: NamedFigures, player: int, cx: int, y: int, container: IContainerLikeInterface | None
    ) -> int:
        figures: list[dict[str, Any]] = self.answers["each"][player - 1].setdefault(f.key, [])
        self._label(f"Player {player} {f.label} ({f.count_min}-{f.count_max})", cx, y, container)
        if len(figures) < f.count_max:  # Add sits in the widget column, over the figures' gear
            add = self.ui(
                UIButton(
                    pygame.Rect(cx + self.label_w + 10, y, 120, 40),
                    "Add",
                    self.manager,
                    container=container,
                    object_id="#add",
                )
            )
            self.actions[add] = lambda e: self._add_figure(f, player)
        y += ROW
        gear_w = 150
        for k, figure in enumerate(figures):
            entry = self.ui(
                UITextEntryLine(pygame.Rect(cx, y, self.label_w, 40), self.manager, container=container)
            )
            entry.set_text(str(figure.get("name", "")))
            entry.set_text_length_limit(f.name_chars)  # a 10,000-character paste took seconds a frame to draw
            self.actions[entry] = partial(self._rename, figure)
            x = cx + self.label_w + 10
            for g in f.gear:
                menu = self._pick(g, player, figure.get(g.key, g.default), x, y, gear_w, container)
                self.actions[menu] = partial(self._gear, figure, g)
                x += gear_w + 6
            if len(figures) > f.count_min:
                remove = self.ui(UIButton(pygame.Rect(x, y, 100, 40), "Remove", self.manager, container=container))
                self.actions[remove] = partial(self._remove, player, f.key, k)
            y += ROW
        return y

    def _add_figure(self, f: NamedFigures, player: int) -> None:
        figures = self.answers["each"][player - 1][f.key]
        figures.append(default_figure(f, figure_names(self.answers)))
        self.app.rebuild()

    def _toggle(self, player: int | None, key: str, on: bool, event: pygame.event.Event) -> None:
        self.set_answer(player, key, not on, rebuild=True)  # the button says Yes or No: lay it out again

    def _rename(self, figure: dict[str, Any], event: pygame.event.Event) -> None:
        figure["name"] = event.text  # no rebuild: the entry keeps the keyboard
        self._show_refusals()

    def _gear(self, figure: dict[str, Any], g: Pick, event: pygame.event.Event) -> None:
        figure[g.key] = next((o.value for o in g.options if o.label == event.text), figure.get(g.key))
        self._show_refusals()

    def _remove(self, player: int, key: str, index: int, event: pygame.event.Event | None = None) -> None:
        del self.answers["each"][player - 1][key][index]
        self.app.rebuild()

    def _remove_taken(self, player: int, key: str, index: int, event: pygame.event.Event | None = None) -> None:
        """Remove on a team's row: the rules say what is left (Zombie 40,000: the unit the rest was added to
        takes the whole team off; its models and options alone meant nothing, "no unit None")."""
        taken = self.answers["each"][player - 1][key]
        rules = self.setup.rules
        if rules is not None:
            taken[:] = rules.remove_taken(taken, index)
        self.app.rebuild()

    def _remove_words(self, taken: list[dict[str, Any]], first: int, last: int) -> tuple[str, str]:
        """A team row's Remove button and its tooltip, saying what it takes off as the rules say (a newcomer could
        not tell whether Remove on "Guardian Defenders, a model" took one model or the squad): "Remove all" when
        it empties the team, "Remove 1" on a row of alike ones."""
        rules = self.setup.rules
        left = rules.remove_taken(taken, last) if rules is not None else taken[:last] + taken[last + 1 :]
        gone = len(taken) - len(left)
        if gone > 1 and not left:
            return "Remove all", "Takes the whole team off (what was added to this goes with it): pick again"
        if gone > 1:
            return "Remove", f"Takes this off, and the {gone - 1} added to it"
        if last > first:
            return "Remove 1", "Takes one of these off"
        return "Remove", "Takes this off"

    def _starting_team(self, player: int, key: str) -> list[dict[str, Any]]:
        """The team the rules start ``player`` with (what the set-up filled in before he chose)."""
        blank = copy.deepcopy(self.answers)
        blank["each"][player - 1][key] = []
        return list(self.setup.starting_teams(blank)["each"][player - 1].get(key) or [])

    def team_options(self, player: int) -> list[TeamOption]:
        rules, scenario = self.setup.rules, self.setup.entry.scenario
        if rules is None or scenario is None:
            return []
        return rules.team_options(scenario, self.answers, player)

    def _build_team(self, f: Team, player: int, cx: int, y: int, container: IContainerLikeInterface | None) -> int:
        """What was taken (alike ones on one row, each row with Remove) and, beside it when the window has room
        (else under it), the Add list; then the saved-team row."""
        taken: list[dict[str, Any]] = self.answers["each"][player - 1].setdefault(f.key, [])
        self.team_tops[player] = y
        spent = sum(int(t.get("cost", 0)) for t in taken)
        self._label(f"Player {player} {f.label}: {spent} of {f.budget} points", cx, y, container, 450)
        y += 44
        w = self.manager.window_resolution[0]
        right = w - 2 * 24 - 30 if container is not None else w - 24  # the choices' right edge
        x0 = max(0, cx - 220)  # the team takes the room left of the form's labels too
        side = right - (x0 + 20 + TAKEN_W + 20) >= 400  # room for the Add list beside what was taken
        taken_x, taken_w = (x0 + 20, TAKEN_W) if side else (cx + 20, max(TAKEN_MIN_W, min(700, right - cx - 20)))
        rows_y = y
        for first, last, words in taken_rows(taken):
            lines = self._taken_lines(words, taken_w - REMOVE_W - 10)
            for k, line in enumerate(lines):  # a long name wraps onto more lines, read whole
                top = rows_y if len(lines) == 1 else rows_y + 4 + k * LINE_H
                self._label(
                    line, taken_x, top, container, taken_w - REMOVE_W - 10, 40 if len(lines) == 1 else LINE_H
                )
            words, tip = self._remove_words(taken, first, last)
            remove = self.ui(
                UIButton(
                    pygame.Rect(taken_x + taken_w - REMOVE_W, rows_y + 2, REMOVE_W, 36),
                    words,
                    self.manager,
                    container=container,
                    tool_tip_text=tip,
                    object_id=f"#remove_{player}",
                )
            )
            self.actions[remove] = partial(self._remove_taken, player, f.key, last)
            rows_y += taken_height(len(lines))
        if taken and taken == self._starting_team(player, f.key):  # a default said in words, not found bought
            lines = self._taken_lines(STARTING_WORDS, taken_w)
            for k, line in enumerate(lines):
                self._label(line, taken_x, rows_y + 4 + k * LINE_H, container, taken_w, LINE_H)
            rows_y += taken_height(len(lines))
        if side:
            list_rect = pygame.Rect(taken_x + taken_w + 20, y, right - (taken_x + taken_w + 20), self.add_list_h)
            self._label("Add (click one):", list_rect.x, y - 44, container, list_rect.width)
        else:
            list_rect = pygame.Rect(taken_x, rows_y, taken_w, self.add_list_h)
        options = self.team_options(player)
        self.add_lists[player] = options
        listed = self.ui(
            LinkList(
                add_list_html(options),
                list_rect,
                self.manager,
                container=container,
                object_id=ObjectID(f"#add_list_{player}", "@add_list"),
                tips={f"add:{n}": o.help for n, o in enumerate(options) if o.help},
            )
        )
        down = self.list_tops.pop(player, 0.0)  # where the player had scrolled it before his pick
        list_bar, laid = listed.scroll_bar, listed.text_box_layout
        if down and list_bar is not None and laid is not None and laid.layout_rect.height:
            list_bar.set_scroll_from_start_percentage(
                min(down / laid.layout_rect.height, 1.0 - list_bar.visible_percentage)
            )
            listed.update(0.0)
        self.listed[player] = listed
        self.actions[listed] = lambda e: self._take(player, f, options, e.link_target, listed)
        y = max(rows_y, list_rect.bottom) + 10
        return self._build_saved_teams(f, player, taken_x, y, container)

    # ---- saved teams -------------------------------------------------------------------------------

    @property
    def teams_folder(self) -> Path:
        """Where this window keeps saved teams: ``teams`` in its data folder (beside the saves)."""
        return teams_folder(self.app.data_dir)

    def saved_teams(self) -> tuple[list[SavedTeam], list[BadTeamFile]]:
        """The teams saved for this rule set, and the files skipped with their reasons."""
        scenario = self.setup.entry.scenario
        if scenario is None:
            return [], []
        return load_teams(self.teams_folder, scenario.ruleset)

    @staticmethod
    def _saved_label(t: SavedTeam | BadTeamFile) -> str:
        if isinstance(t, SavedTeam):
            return t.name
        return f"broken file: {t.path.name}"

    def _build_saved_teams(
        self, f: Team, player: int, x: int, y: int, container: IContainerLikeInterface | None
    ) -> int:
        """A name entry and Save team, then Load team... with every saved team (broken files too), from ``x``;
        the entry and the list as wide as the row's room allows, so a team's name shows whole."""
        w = self.manager.window_resolution[0]
        right = w - 2 * 24 - 20 if container is not None else w - 24  # the row's right edge
        teams, bad = self.saved_teams()
        listed: list[SavedTeam | BadTeamFile] = [*teams, *bad]
        font = self.manager.get_theme().get_font(["drop_down_menu", "#drop_down_options_list", "button"])
        # the list as wide as its longest name (and the arrow), the name entry what room is left, up to 300 px
        longest = max((font.size(self._saved_label(t))[0] for t in listed), default=0) + 70
        spare = max(0, right - x - (170 + 6 + SAVE_W + 6 + 158 + 6 + 190))
        load_w = 158 + min(spare, max(0, longest - 158))
        name_w = 170 + min(130, spare - (load_w - 158))
        entry = self.ui(
            UITextEntryLine(
                pygame.Rect(x, y, name_w, 40),
                self.manager,
                container=container,
                object_id=f"#team_name_{player}",
            )
        )
        entry.set_text(self.team_names.get(player, ""))
        entry.set_text_length_limit(40)
        self.actions[entry] = lambda e: self.team_names.__setitem__(player, e.text)
        save = self.ui(
            UIButton(
                pygame.Rect(x + name_w + 6, y, SAVE_W, 40),
                "Save team",
                self.manager,
                container=container,
                tool_tip_text="Keep this team under the name typed at its left, to load it for any player later.",
                object_id=f"#save_team_{player}",
            )
        )
        self.actions[save] = lambda e: self._save_team(player, f)
        labels: list[str | tuple[str, str]] = [LOAD_TEAM, *(self._saved_label(t) for t in listed)]
        menu = self.ui(
            UIDropDownMenu(
                labels,
                LOAD_TEAM,
                pygame.Rect(x + name_w + SAVE_W + 12, y, load_w, 40),
                self.manager,
                container=container,
                expansion_height_limit=DROP_LIMIT,
                object_id=f"#load_team_{player}",
            )
        )
        self.actions[menu] = lambda e: self._load_team(
            player, f, next((t for t in listed if self._saved_label(t) == e.text), None)
        )
        ruleset = self.setup.ruleset
        if ruleset is not None and ruleset.roster_import is not None:
            at = x + name_w + SAVE_W + 12 + load_w + 6
            room = right - at  # to the right edge
            button = self.ui(
                UIButton(
                    pygame.Rect(at, y, max(100, min(190, room)), 40),
                    IMPORT if room >= 190 else "Import...",  # a narrow window: the tip says the rest
                    self.manager,
                    container=container,
                    tool_tip_text="Add the infantry units of a BattleScribe catalogue (.cat, .catz) to your own "
                    "roster: every player's Add list offers them.",
                    object_id=f"#import_{player}",
                )
            )
            self.actions[button] = lambda e: self.open_import()
        return y + ROW

    def _save_team(self, player: int, f: Team) -> None:
        scenario = self.setup.entry.scenario
        taken = self.answers["each"][player - 1].get(f.key, [])
        name = self.team_names.get(player, "")
        if scenario is None:
            return
        try:
            path = save_team(self.teams_folder, scenario.ruleset, name, [str(t["id"]) for t in taken])
        except TeamFileError as exc:
            self.notice = f"Team not saved: {exc}."
        else:
            self.notice = f"Team saved as {name.strip()!r} ({path.name})."
            self.notice_done = True
        self.app.rebuild()  # every player's Load team... lists it now

    def _load_team(self, player: int, f: Team, saved: SavedTeam | BadTeamFile | None) -> None:
        rules, scenario = self.setup.rules, self.setup.entry.scenario
        if saved is None or rules is None or scenario is None:
            return
        if isinstance(saved, BadTeamFile):
            self.notice = f"{saved.path.name} skipped: it {saved.reason}."
        else:
            taken, reason = rebuild_team(rules, scenario, self.answers, player, f.key, saved.items)
            if reason:
                self.notice = f"Team {saved.name!r} refused: {reason}."
            else:
                self.answers["each"][player - 1][f.key] = taken
                self.team_names[player] = saved.name
        self.app.rebuild()

    # ---- Import catalogue... ---------------------------------------------------------------------

    def open_import(self) -> None:
        """Open Import catalogue...'s file dialog (``import_dialog``) in the player's home folder, listing
        catalogues; picking one runs :meth:`import_catalogue`."""
        if self.import_dialog is not None:
            self.import_dialog.kill()
        w, h = self.manager.window_resolution
        size = (min(620, w - 40), min(460, h - 40))
        self.import_dialog = self.ui(
            UIFileDialog(
                pygame.Rect(((w - size[0]) // 2, (h - size[1]) // 2), size),
                self.manager,
                window_title="Import a BattleScribe catalogue",
                allowed_suffixes=CATALOGUE_SUFFIXES,
                initial_file_path=str(Path.home()),
                object_id="#import_dialog",
                allow_existing_files_only=True,
                always_on_top=True,
            )
        )

    def import_catalogue(self, path: Path | str) -> bool:
        """Import ``path`` into the player's roster (what ``deadground roster import`` does), say what came
        of it, and lay the set-up out again so every Add list offers the new units. A refused file
        changes nothing and says why."""
        ruleset = self.setup.ruleset
        self.notice, self.notice_done = "", False
        if ruleset is None:
            return False
        skipped: list[str] = []
        try:
            done = import_roster(ruleset, Path(path))
        except ImportRefused as exc:
            self.notice = f"Catalogue refused: {str(exc).removeprefix('refused: ')}"
        else:
            skipped = [f"skipped: {s}" for s in done.skipped]
            more = (
                f"\n{len(skipped)} entries skipped, each with its reason in the import report." if skipped else ""
            )
            self.notice, self.notice_done = imported_line(done) + more, bool(done.imported)
        self.app.rebuild()
        if self.notice_done or skipped:
            self.show_import_report(report_lines(done))
        return self.notice_done

    def show_import_report(self, lines: list[str]) -> None:
        """The whole import report in a window of its own that scrolls (a 40k player's 100 skipped entries were
        squeezed into the one-line box above Begin, which could not be read)."""
        if self.import_report is not None:
            self.import_report.kill()
        w, h = self.manager.window_resolution
        cut = lines[:REPORT_LINES] + [f"... and {len(lines) - REPORT_LINES} more"] * (len(lines) > REPORT_LINES)
        text = "<br>".join(html.escape(cut_line(line)) for line in cut)
        rect = pygame.Rect(0, 0, min(900, w - 40), min(560, h - 40))
        rect.center = (w // 2, h // 2)
        self.import_report = self.ui(
            UIMessageWindow(rect, text, self.manager, window_title="Import report", object_id="#import_report")
        )

    def _keep_list_tops(self) -> None:
        """Where each Add list was scrolled, kept for the list laid out again: a Remove, a name typed, any choice
        made anywhere on the screen sent a newcomer's list back to its top (a pick keeps its own, see _take)."""
        for player, listed in self.listed.items():
            bar, layout = listed.scroll_bar, listed.text_box_layout
            if player not in self.list_tops and bar is not None and layout is not None:
                self.list_tops[player] = bar.start_percentage * layout.layout_rect.height
        self.listed = {}

    def _take(
        self, player: int, f: Team, options: list[TeamOption], link: str, listed: UITextBox | None = None
    ) -> None:
        """Take the option of the Add list's link ``link`` (``add:N``); a refused one is not a link. The list
        laid out again keeps where it was scrolled (``listed``: it jumped back to its top after each pick)."""
        kind, _, index = link.partition(":")
        if kind != "add" or not index.isdigit() or int(index) >= len(options):
            return
        bar = listed.scroll_bar if listed is not None else None
        layout = listed.text_box_layout if listed is not None else None
        if bar is not None and layout is not None:
            self.list_tops[player] = bar.start_percentage * layout.layout_rect.height
        chosen = options[int(index)]
        if chosen.refused:  # never offered as a link; kept safe should a list go stale
            self.notice = f"{chosen.label}: {chosen.refused}"
        else:
            self.answers["each"][player - 1][f.key].append(
                {"id": chosen.id, "label": chosen.label, "cost": chosen.cost}
            )
        self.app.rebuild()  # what was taken, the points, and what may be added now

    # ---- refusals and Begin ------------------------------------------------------------------------

    def _show_refusals(self) -> None:
        """List the rules' refusals above Begin, and let Begin start only when there are none; the rules' notes
        on these choices go beside Begin."""
        refusals = self.setup.refusals
        shown = [untagged(r) for r in refusals] + ([self.notice] if self.notice else [])
        if self.refusal_box is not None:
            self.refusal_box.kill()
            self.refusal_box = None
        taken = self._show_notes()
        if shown:
            colours = [REFUSED] * len(refusals) + [DONE if self.notice_done else REFUSED] * bool(self.notice)
            text = "<br>".join(
                f"<font color='{c}'>{html.escape(r).replace(chr(10), '<br>')}</font>"
                for c, r in zip(colours, shown)
            )
            rect = self._refusal_rect.copy()
            rect.height -= taken
            rect.y += taken  # (under the notes when they took the top of it)
            self.refusal_box = self.ui(UITextBox(text, rect, self.manager, object_id="#refusals"))
        for button in (self.begin, self.host_button):
            button.disable() if refusals else button.enable()

    def _show_notes(self) -> int:
        """What the rules note of these choices (a solo game has no one to charge): between Back and Begin, or
        in a window too narrow for that, at the top of the refusals' place. Returns the height it took there."""
        if self.notes_box is not None:
            self.notes_box.kill()
            self.notes_box = None
        notes = [untagged(n) for n in self.setup.notes]
        if not notes:
            return 0
        font = self.manager.get_theme().get_font(["text_box", "#setup_notes"])
        line = int(font.size("Ag")[1]) + 3

        def height(width: int) -> int:  # the notes' lines at this width, and the box's padding
            return line * sum(len(wrap(n, width - 16, lambda t: int(font.size(t)[0]))) for n in notes) + 10

        top, bottom = self.back.rect.y - 14, self.back.rect.bottom + 20  # (the window's margin is 24)
        rect = pygame.Rect(
            self.back.rect.right + 12, top, self.host_button.rect.x - 24 - self.back.rect.right, bottom - top
        )
        taken = 0
        if height(rect.width) > rect.height:
            area = self._refusal_rect
            taken = min(area.height - 40, height(area.width))  # a line of refusals still shows under it
            rect = pygame.Rect(area.x, area.y, area.width, taken)
        text = "<br>".join(html.escape(n) for n in notes)
        self.notes_box = self.ui(UITextBox(text, rect, self.manager, object_id="#setup_notes"))
        return taken

    def _tagged(self) -> bool:
        """Whether the set-up shows a [house] tag: on a choice, in the notes, or in an Add list ("[seed]" never
        shows here: :func:`~game.ui.rules_help.untagged`)."""
        fields = [*self.spec.per_player, *self.spec.for_game]
        if any(isinstance(f, Pick | Switch) and f.house for f in fields):
            return True
        words = [*self.setup.notes, self.spec.note, *self.spec.skipped, *(getattr(f, "help", "") for f in fields)]
        words += [f"{o.heading} {o.refused}" for options in self.add_lists.values() for o in options]
        return any("[house" in w for w in words)

    # ---- events ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """A Begin pressed while the compiled loops are made ready (a first start): its progress on the
        button, and the game once they are ready (starting it now would compile them in the window)."""
        from game.table.warm import preparing, progress

        self._tip_menus()
        self._open_list_in_view()
        if not self.begin_waits:
            return
        if preparing():
            text = waiting_label("", progress())  # the button is narrow
            if self.begin.text != text:
                self.begin.set_text(text)
            return
        self.begin_waits = False
        self.begin.set_text(BEGIN_ANYWAY if self.unspent_asked else "Begin")
        self.start()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            pygame_gui.UI_TEXT_ENTRY_CHANGED,
            pygame_gui.UI_TEXT_BOX_LINK_CLICKED,
        ) or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions):
            action = self.actions.get(event.ui_element)
            if action is not None:
                self.notice, self.notice_done = "", False
                self.unspent_asked = False  # a changed team is asked about again
                action(event)
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            if self.import_dialog is not None and event.ui_element is self.import_dialog:
                self.import_dialog = None
                self.import_catalogue(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.begin:
                self.start()
            elif event.ui_element is self.host_button:
                self.host()
        elif event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.briefing_window:
            self.brief_open, self.briefing_window = False, None  # read: not shown again on a new layout
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.brief_open:
            if self.briefing_window is not None:  # Esc puts the briefing away, not the set-up
                self.briefing_window.kill()
            self.brief_open, self.briefing_window = False, None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self._close_open_list():
            self.app.pop()

    def _close_open_list(self) -> bool:
        """Close a drop-down's open list (Esc over it closed the whole set-up, the player's choices lost):
        whether one was open."""
        for element in self._elements:
            if isinstance(element, UIDropDownMenu) and element.current_state is element.menu_states["expanded"]:
                element.current_state.should_transition = True  # (pygame_gui closes it on its next update)
                return True
        return False

    def unspent(self) -> list[str]:
        """A line per team with points left that something the rules offer still fits in."""
        out = []
        for player in range(1, self.setup.players + 1):
            for f in self.spec.per_player:
                if not isinstance(f, Team):
                    continue
                spent = sum(int(t.get("cost", 0)) for t in self.answers["each"][player - 1].get(f.key, []))
                fits = [o for o in self.team_options(player) if not o.refused and o.cost > 0]
                if spent < f.budget and fits:
                    out.append(
                        f"Player {player}'s {f.label}: {f.budget - spent} of {f.budget} points unspent "
                        f"({fits[0].label}, {fits[0].cost} pts, still fits)."
                    )
        return out

    def host(self) -> bool:
        """Host these choices over the network (the seats, LAN and password come next), unless refused."""
        if self.setup.refusals:
            self._show_refusals()
            return False
        self.app.show_host(self.setup, self.seed)
        return True

    def start(self) -> bool:
        """Begin the game, unless the rules refuse these choices (they stay on the screen). Points left that
        could buy something are said first: a second Begin ("Begin anyway") plays with them unspent."""
        if self.setup.refusals:
            self._show_refusals()
            return False
        unspent = [] if self.unspent_asked else self.unspent()
        if unspent:
            self.unspent_asked = True
            self.notice, self.notice_done = (
                "\n".join([*unspent, "Press Begin anyway to play with them unspent."]),
                False,
            )
            self.begin.set_text(BEGIN_ANYWAY)
            self._show_refusals()
            return False
        from game.table.warm import preparing

        if preparing():
            self.begin_waits = True
            self.update(0.0)
            return False
        if self.seed is None:
            self.app.start_game(self.setup)  # new dice
        else:
            self.app.start_game(self.setup, seed=self.seed)  # ``play MAP --seed N``'s
        return True
