"""The table scene: the map with its figures, the camera and tape, and the panels around it.

Layout: a top bar (turn banner, objective, Fit/Outlines/Save/Load/Menu), the table, a right panel (action
buttons, why a button is off, the dice tray, the roster) and the bottom (status line and log).
For a scenario whose rule set has a view (:mod:`game.rules.contract`) it starts (or is given) a game
and plays it through a :class:`~game.ui.match.Match`; a rule set without one shows the map's
pre-placed figures only, and says so.

Every game on screen runs in a :class:`~game.session.Session` that autosaves after each resolved
command. Ctrl+S saves, F5 quick-saves, F9 quick-loads, Ctrl+Z undoes (the controller's choices
first, then commands that rolled no dice); Esc with nothing selected opens the in-game menu.

The panels are widgets (:mod:`game.ui.widgets`: top bar, log, shop, menu, roster, dice tray) that build
their own elements and take their own events; the keys are a table (:mod:`game.ui.keymap`) of intents
that :meth:`GameScene.do` carries out; the table view hands its clicks straight to the match.

>>> GameScene(app, scenario, {"sections": ["american", "british"]})    # doctest: +SKIP
"""

from __future__ import annotations

import gc
import html
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.controller import Mode
from game.controller.machine import CHOOSING, action_words
from game.controller.outlet import Outlet
from game.rules.contract import ActionKind
from game.rules.core import Game, RuleSet, get_ruleset, start_error
from game.scenario.model import Scenario
from game.ui.camera import Viewport
from game.ui.keymap import KEYMAP, PRESS, WHILE_MENU_OPEN, Chord, intent_for, with_actions
from game.ui.placements import placed_tokens
from game.ui.scenes.base import WINDOW_NAME, Scene
from game.ui.table_view import TableView, zones_in_play
from game.ui.tokens import TokenView
from game.ui.turn_camera import TurnCamera
from game.ui.widgets import Widget
from game.ui.widgets.actions import ActionsPanel
from game.ui.widgets.dice_tray import TRAY_HEIGHT, DiceTray
from game.ui.widgets.log import LogPanel, ask_first, log_height
from game.ui.widgets.menu import GameMenu
from game.ui.widgets.roster import RosterPanel
from game.ui.widgets.shop import ShopPanel
from game.ui.widgets.top_bar import TOP_BAR, TopBar
from game.ui.widgets.turn_files import ITEMS as TURN_FILE_ITEMS
from game.ui.widgets.turn_files import TurnFilesPanel

if TYPE_CHECKING:
    from game.ui.match import Match

log = logging.getLogger(__name__)

RIGHT_PANEL = 300
# the buttons every rule set gets after its own actions: name, label, icon
GENERIC_ACTIONS = (
    ("next", "Next  Tab", "icons.guts"),
    ("cancel", "Cancel  Esc", "icons.undo"),
    ("skip", "Skip  Space", "icons.skip"),
    ("end_turn", "End turn  E", "icons.end_turn"),
)
QUICKSAVE = "quicksave.json"


def action_buttons(kinds: Sequence[ActionKind], end_words: str = "End turn") -> list[tuple[str, str, str]]:
    """The right panel's buttons: the rule set's actions, then Next, Cancel, Skip and End turn (in the
    rule set's words: ``End phase`` where E ends one phase of a player's turn).

    >>> [b[1] for b in action_buttons([ActionKind("move", "Move", "m", "icons.move", "path", "")])][:2]
    ['Move  M', 'Next  Tab']
    >>> action_buttons([], "End phase")[-1][1]
    'End phase  E'
    """
    own = [(k.key, f"{k.label}  {k.hotkey.upper()}", k.icon) for k in kinds]
    generic = [
        (key, f"{end_words}  E" if key == "end_turn" else label, icon) for key, label, icon in GENERIC_ACTIONS
    ]
    return own + generic


def key_help(view: Any) -> str:
    """The log's first line of help, in the rule set's words: its figures, its keys, what E ends.

    >>> class V:
    ...     figure_noun, end_words = "survivor", "End step"
    ...     action_kinds = (ActionKind("move", "Move", "m", "icons.move", "path", ""),
    ...                     ActionKind("fire", "Fire", "f", "icons.fire", "figure", ""))
    >>> key_help(V())[:66]
    'Click a survivor, then hover to preview and click to act (or M/F).'
    >>> "E: end step." in key_help(V())
    True
    """
    keys = "/".join(k.hotkey.upper() for k in view.action_kinds)
    end = getattr(view, "end_words", "End turn").lower()
    paths = any(k.aim == "path" for k in view.action_kinds)
    return (
        f"Click a {view.figure_noun}, then hover to preview and click to act (or {keys})."
        + (" Shift-click: waypoints; drag at the destination: facing." if paths else "")
        + (" Drag from him: he turns." if getattr(view, "drag_faces", False) else "")
        + f" Right click/Esc: back. E: {end}. Space: skip."
    )


def table_viewport(size: tuple[int, int], log_h: int | None = None) -> Viewport:
    """The screen rectangle the table gets in a window of ``size`` (above a log ``log_h`` tall)."""
    w, h = size
    log_h = log_height(size) if log_h is None else log_h
    return (0, TOP_BAR, max(50, w - RIGHT_PANEL), max(50, h - TOP_BAR - log_h))


# the top bar's tape button: what it does, and the other ways to measure
TAPE_TIP = (
    "The tape measure (T): click where it starts on the table and it follows the pointer; T, Esc or this "
    "button puts it away. A left drag on the table measures too."
)


class GameScene(Scene):
    """A scenario on the table, played (or, without a view for its rule set, only shown)."""

    name = "game"
    hand_over_cards = True  # two or more people at this screen: each hand-over waits on a card (not the demo's)
    outlet: Outlet | None = None  # where the table's commands go: None, applied here (a networked game: the host)

    def __init__(
        self,
        app,
        scenario: Scenario,
        options: dict[str, Any] | None = None,
        game: Game | None = None,
        seed: int | None = None,
        bots: dict | None = None,
        on_command: Any = None,
        session: Any = None,
        autosave: bool = True,
    ) -> None:
        super().__init__(app)
        self.scenario = scenario
        self.options = dict(options or {})  # the set-up's choices, given to the rules as they are
        self.view: TableView | None = None
        self.rules: RuleSet | None = _ruleset(scenario.ruleset)
        view = self.rules.view if self.rules is not None else None
        playable = view is not None
        self.log_panel = LogPanel(
            [
                f"<b>{html.escape(scenario.title or 'Scenario')}</b>"
                + (f" - {html.escape(self._describe_options())}" if playable else ""),
                key_help(view) if view is not None else "",
                "Wheel: zoom. Right/middle drag, arrows: pan. Home: fit. T (on/off) or drag on empty table: measure."
                " L: outlines. F11: fullscreen.",
            ],
            app.rebuild,
        )
        self._tokens: list[TokenView] = placed_tokens(scenario)
        self.match: Match | None = None
        self.ended = False
        self.at_final_table = False  # back from the end screen to look at the last fight: E shows it again
        self._shown: dict[str, Any] = {}
        self._built_kinds: tuple[str, ...] | None = None  # the rule set's action buttons on the panel (if any)
        self._seen_version = -1
        self._seen_sides = 0  # the match's sides_passed as last seen (a side passing puts the tape away)
        self._notice_spot: tuple[Any, pygame.Rect] | None = None  # where the phase notices stand (_draw_notices)
        self.handoff_rect: pygame.Rect | None = None  # where the hand-over banner stood last frame (clear of them)
        self._turn_camera: TurnCamera | None = None  # made with the table view (_follow_the_zombies)
        # the panels that take their own events (see handle_event)
        self.top_bar = TopBar(intent=self.do, subtitle=scenario.title)
        self.actions_panel = ActionsPanel(app.assets, press=self._button, sound=app.sounds.play)
        self.game_menu = GameMenu(pick=self._menu, show=self.open_menu)
        self.turn_files = TurnFilesPanel(
            lambda: self.session, lambda: app.saves_dir, self.say, lambda s, text: app.open_session(s, notice=text)
        )  # play by file: Send turn (file)…, Receive turn (file)…
        self.shop_panel = ShopPanel(lambda: self.match, app.rebuild, app.sounds.play)  # Killing Floor's shop
        self.roster_panel = RosterPanel(select=self._select)
        self.dice_tray = DiceTray(app.assets, lambda: self.match.dice if self.match else None, self._texts)
        self._bots, self._on_command = bots, on_command
        self.on_end: Callable[[Any], None] | None = None  # a campaign chapter's end: the campaign takes the game
        if game is None and session is not None:
            game = session.game
        if game is None and playable:
            game = self._new_game(seed)
        elif game is None:
            name = self.rules.name if self.rules is not None else scenario.ruleset
            self.log_lines.append(f"<i>{html.escape(name)} is not playable on screen yet: the map only.</i>")
        self.session = session
        if game is not None and session is None and autosave:
            from game.session import Session

            self.session = Session(game, app.autosaves())
        self._story_from = len(self.log_panel.lines)  # the log's head (title, keys); the game's story follows
        if game is not None:
            self._attach(game)

    def _attach(self, game: Game) -> None:
        """Play ``game`` here: a new match (and controller) on it; the log shows its story so far."""
        from game.ui.match import Match

        def heard(cmd: Any, events: list) -> None:
            if self.session is not None:
                self.session.on_command(cmd, events)  # the autosave
                failed = self.session.autosave_error  # a full disk: the player must know the game is not kept
                if failed and failed != getattr(self, "_autosave_said", ""):
                    self.log_lines.append(f'<font color="#F08A6E">{html.escape(failed)}</font>')
                    self.say(failed, bad=True)
                self._autosave_said = failed
            if self._on_command is not None:
                self._on_command(cmd, events)

        assert self.rules is not None and self.rules.view is not None
        self.match = Match(
            game,
            self.rules.view(),
            speed=self.app.settings.animation_speed,
            bots=self._bots,
            on_command=heard,
            log=self.log,
            sound=self.app.sounds.play,
            outlet=self.outlet,
            unlog=self.log_panel.take_back,
        )
        self.match.hot_seat = self.hand_over_cards and self._humans() >= 2
        self.banner = self.match.banner()
        self.objective_text = self.objective_words()
        self._hand_table_over()
        if self.session is not None:  # undo's refusal names the last action in the player's words
            view = self.match.view
            self.session.words = lambda cmd: view.command_words(game, cmd)

    def _describe_options(self) -> str:
        """The set-up's choices in a few words for the log's first line: ``1 player(s): American``."""
        setup = self.rules.setup if self.rules is not None else None
        if setup is None:
            return ""
        try:
            return setup.describe(self.options)
        except (KeyError, TypeError, ValueError):
            return ""

    def _new_game(self, seed: int | None) -> Any:
        assert self.rules is not None
        seed = seed if seed is not None else random.randrange(1, 2**31)
        try:
            return self.rules.new_game(self.scenario, dict(self.options), seed=seed)
        except (ValueError, KeyError) as exc:  # the rules' refusal (CannotStart): their own sentence
            reason = start_error(exc)
            log.warning("cannot start %s: %s", self.scenario.title, reason)
        except Exception as exc:  # a fault the map or roster reveals: shown, not a crash, and logged whole
            reason = f"{start_error(exc)} (a fault in Dead Ground, not in your files: please report it)"
            log.exception("cannot start %s", self.scenario.title)
        self.log_lines.append(f'<font color="#F08A6E">Cannot start: {html.escape(reason)}</font>')
        return None

    @property
    def game(self) -> Any:
        return self.match.game if self.match else None

    # ---- what the hookup calls ---------------------------------------------------------------

    @property
    def window_title(self) -> str:  # type: ignore[override]  # (a plain attribute on other screens)
        """The window's title: the map and the rule set's name, then the game's (``Small Town · <rule set> ·
        Dead Ground``); a newcomer read the top bar's step numbers as the window's title."""
        rules = f" · {self.rules.name}" if self.rules is not None else ""
        return f"{self.scenario.title or 'Scenario'}{rules} · {WINDOW_NAME}"

    def set_banner(self, text: str) -> None:
        self.top_bar.set_banner(text)

    def set_objective(self, text: str) -> None:
        """The objective line in the top bar, in the largest print that fits its place (then cut short)."""
        self.top_bar.set_objective(text)

    def log(self, html_line: str) -> None:
        """Add one line (pygame_gui HTML) to the log; it comes into view unless the player scrolled up."""
        self.log_panel.log(html_line)

    def jump_to_latest(self) -> None:
        """The "Latest" control: back to the newest line, and follow the log again."""
        self.log_panel.jump_to_latest()

    def log_at_end(self) -> bool:
        """True when the log box shows its newest line (the player has not scrolled up)."""
        return self.log_panel.at_end()

    # ---- the panels' state, under the names the tests and the subclasses read ------------------------------

    @property
    def buttons(self) -> dict[str, UIButton]:
        return self.actions_panel.buttons

    @buttons.setter
    def buttons(self, buttons: dict[str, UIButton]) -> None:
        self.actions_panel.buttons = buttons

    @property
    def hint_box(self) -> UITextBox | None:
        """The selected figure's actions (the demo and a replay have none)."""
        return self.actions_panel.hint_box

    @hint_box.setter
    def hint_box(self, box: UITextBox | None) -> None:
        self.actions_panel.hint_box = box

    @property
    def log_lines(self) -> list[str]:
        return self.log_panel.lines

    @log_lines.setter
    def log_lines(self, lines: list[str]) -> None:
        self.log_panel.lines = lines

    @property
    def log_box(self) -> UITextBox | None:
        return self.log_panel.box

    @property
    def status_box(self) -> UITextBox | None:
        return self.log_panel.status_box

    @property
    def latest_button(self) -> UIButton | None:
        return self.log_panel.latest_button

    @property
    def log_size_button(self) -> UIButton | None:
        return self.log_panel.size_button

    @property
    def top(self) -> dict[str, UIButton]:
        return self.top_bar.buttons

    @property
    def banner_label(self) -> UILabel | None:
        return self.top_bar.banner_label

    def objective_words(self) -> str:
        """The top bar's objective line (the demo tells it to onlookers in words)."""
        assert self.match is not None
        return self.match.objective()

    @property
    def objective_label(self) -> UILabel | None:
        return self.top_bar.objective_label

    @property
    def banner(self) -> str:
        return self.top_bar.banner

    @banner.setter
    def banner(self, text: str) -> None:
        self.top_bar.banner = text

    @property
    def objective_text(self) -> str:
        return self.top_bar.objective

    @objective_text.setter
    def objective_text(self, text: str) -> None:
        self.top_bar.objective = text

    @property
    def menu_open(self) -> bool:
        return self.game_menu.open

    @menu_open.setter
    def menu_open(self, on: bool) -> None:
        self.game_menu.open = on

    @property
    def menu_buttons(self) -> dict[str, UIButton]:
        return self.game_menu.buttons

    @property
    def shop_open(self) -> bool:
        return self.shop_panel.open

    @property
    def shop_widgets(self) -> dict[str, Any]:
        return self.shop_panel.widgets

    @property
    def _shop_keys(self) -> dict[str, dict[str, str]]:
        return self.shop_panel.keys

    @property
    def roster_html(self) -> str:
        return self.roster_panel.html

    @property
    def roster_box(self) -> UITextBox | None:
        return self.roster_panel.box

    # ---- layout --------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        log_h = log_height(size, self.log_panel.tall)
        self._place_table(size, log_h)
        self.top_bar.build(self.ui, self.manager, self.app.assets, size[0], self.top_buttons())
        self._build_side_panel(size)
        w, h = size
        self.log_panel.build(self.ui, self.manager, pygame.Rect(0, h - log_h, w - RIGHT_PANEL, log_h))
        self._shown = {}  # new widgets: show everything again
        self._seen_version = -1
        over = self.match is not None and self.match.game.over
        others = not self.menu_open or (self._players() or 1) > 1  # a solo game has nobody to send a turn to
        self.game_menu.build(
            self.ui, self.manager, size, RIGHT_PANEL, TOP_BAR, self.match is not None, over, others
        )
        self.turn_files.build(self.ui, self.manager, size)
        self.shop_panel.widgets = {}
        if not self.menu_open:
            self.shop_panel.build(self.ui, self.manager, shop_area(size))
        if self.match is not None:
            self._refresh()

    def _place_table(self, size: tuple[int, int], log_h: int) -> None:
        """The table view in the window's middle: made (and the map drawn) once per scene, then moved."""
        viewport = table_viewport(size, log_h)
        if self.view is None:  # the map is drawn once per scene, not per layout
            shown = zones_in_play(self.scenario, self._players())  # a solo game draws no Player 2-4 zones
            self.view = TableView.for_scenario(shown, self.app.assets, viewport)
            self.view.tokens = self._tokens
            looks = self.rules.view if self.rules is not None else None  # (a look the rule set asks for)
            self.view.spawn_names_step_aside = bool(getattr(looks, "spawn_names_step_aside", False))
            self._hand_table_over()
        elif size != getattr(self, "_built_size", size):  # the window changed: the whole table again
            self.view.set_viewport(viewport)
            self.view.fit()
        else:  # the log grew or shrank (issue 33): the table stays put under it, never jumps
            self.view.set_viewport(viewport, hold=True)
        self._built_size = size

    def _humans(self) -> int:
        """How many of the game's players sit at this screen: its players but the bots' seats."""
        bots = set(self._bots or {})
        return sum(1 for p in range(1, (self._players() or 1) + 1) if p not in bots)

    def _players(self) -> int | None:
        """How many players this game has, by its rule set's set-up (None: it does not say)."""
        setup = self.rules.setup if self.rules is not None else None
        game = self.match.game if self.match is not None else None
        if setup is None or game is None:
            return None
        try:
            answers = setup.answers(self.scenario, dict(getattr(game, "options", None) or self.options))
        except (KeyError, TypeError, ValueError):
            return None
        return int(answers.get("players") or len(answers.get("each") or ())) or None

    def _build_side_panel(self, size: tuple[int, int]) -> None:
        """The right panel: the controls (the rule set's actions, the hint, the dice tray), then the roster."""
        w, h = size
        m = self.manager
        right = self.ui(
            UIPanel(
                pygame.Rect(w - RIGHT_PANEL, TOP_BAR, RIGHT_PANEL, h - TOP_BAR), manager=m, object_id="#side_panel"
            )
        )
        y = self._build_controls(right, 6)
        self.roster_panel.build(self.ui, m, right, pygame.Rect(6, y, RIGHT_PANEL - 18, h - TOP_BAR - y - 8))

    def top_buttons(self) -> list[tuple[str, str, str, str | None]]:
        """The top bar's buttons: (key, label, tooltip, icon id or None)."""
        out: list[tuple[str, str, str, str | None]] = [
            ("fit", "Fit", "Show the whole table (Home)", None),
            ("outlines", "Outlines", "Terrain outlines on/off (L)", None),
        ]
        if self.match is not None:  # (Load is in the Menu and on F9: its place went to the tape, which had none)
            out += [
                ("tape", "Tape", TAPE_TIP, "icons.measure"),
                ("save", "Save", "Save the game (Ctrl+S; F5 quick-save)", "icons.save"),
            ]
        if self.shop() is not None:
            out.append(("shop", "Shop", "The shop: buy and sell weapons with your points", None))
        out.append(("menu", "Menu", "Save, load, rules, settings, quit (Esc with nothing selected)", None))
        return out

    # ---- the rule set's shop (Zombie 40,000's Killing Floor) ----------------------------------------------

    def shop(self) -> Any:
        """The rule set's shop for the acting player (a ShopLook), or None when its game has none."""
        return self.shop_panel.look()

    def open_shop(self, on: bool = True) -> None:
        self.shop_panel.show(on)

    def _build_controls(self, right: UIPanel, y: int) -> int:
        """The right panel's upper part (the action buttons, the hint and the dice tray); returns
        the height used."""
        self.buttons = {}
        if self.match is not None:
            kinds = self.action_kinds()
            self._built_kinds = tuple(k.key for k in kinds)
            specs = action_buttons(kinds, getattr(self.match.view, "end_words", "End turn"))
            later = tuple(getattr(self.match.view, "kept_on_panel", ()))  # (they come and go with what is held)
            y = self.actions_panel.build(self.ui, self.manager, right, y, RIGHT_PANEL, specs, later)
            self.dice_tray.build(self.ui, self.manager, right, pygame.Rect(6, y, RIGHT_PANEL - 18, TRAY_HEIGHT))
            y += TRAY_HEIGHT + 4
        return y

    def open_menu(self, on: bool = True) -> None:
        self.menu_open = on
        self.app.rebuild()

    # ---- keeping the panels in step with the match ----------------------------------------------------

    def _texts(self) -> Any:
        assert self.view is not None  # the panels are built after the table view
        return self.view.texts

    def _set(self, key: str, value: Any) -> bool:
        """True when ``value`` differs from what is on screen (so widgets are only touched on change)."""
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        return True

    def _refresh(self) -> None:
        match, view = self.match, self.view
        if match is None or view is None:
            return
        view.tokens = match.tokens()
        view.overlays = match.marked_overlays(self.log_panel.hovered_line())
        view.drag_sets_facing = match.controller.aim == "path"
        view.drag_turns = match.drag_turns()
        if self._set("banner", match.banner()):
            self.set_banner(self._shown["banner"])
            # a new turn or phase: collect the panels' old text layouts now (pygame_gui's hang together in
            # cycles, each with its pictures: 20 MB and more waited for Python's rare full collection)
            gc.collect()
        if self._set("objective", self.objective_words()):
            self.set_objective(self._shown["objective"])
        if self._set("roster", match.roster(self.roster_panel.fits(self.manager))):
            self.roster_panel.show(self._shown["roster"])
        if self._set("status", (match.status, match.status_bad)):
            colour = "#FF8C6A" if match.status_bad else "#E9E3C9"
            warn = "(!) " if match.status_bad else ""
            self.log_panel.set_status(
                f'<font color="{colour}">{warn}{html.escape(ask_first(match.status))}</font>'
            )
        if self._set("dice", match.dice):
            self.dice_tray.show()
        shop_button = self.top.get("shop")
        if shop_button is not None:
            why = self.shop_panel.refusal()
            if self._set("shop", why):
                if why and shop_button.is_enabled:
                    shop_button.disable()
                elif not why and not shop_button.is_enabled:
                    shop_button.enable()
                look = self.shop()
                points = f" ({look.points} points)" if look is not None and not why else ""
                shop_button.set_tooltip(why or f"The shop: buy and sell weapons with your points{points}")
            if self.shop_open and (why or self.shop_panel.seen != self.shop_panel.points()):
                self.shop_panel.stale = True  # closed (a model moved), or points came in: the panel again
        states = match.button_states()
        if self._set("buttons", states):
            for name, (enabled, tip) in states.items():
                button = self.buttons.get(name)
                if button is None:
                    continue
                if enabled and not button.is_enabled:
                    button.enable()
                elif not enabled and button.is_enabled:
                    button.disable()
                button.set_tooltip(tip)
                icon = self.actions_panel.icons.get(name)
                if icon is not None:  # the icon beside it says the same (Next's heart read as "wounds")
                    icon.set_tooltip(tip)

    def _hint(self) -> None:
        """Hovering a button says what it does, or why it is off (disabled buttons show no tooltip)."""
        if self.match is None or not self.buttons:
            return
        mouse = self.manager.get_mouse_position() if self.view is None else self.view.input.mouse
        text = ""
        states = self._shown.get("buttons") or {}
        for name, button in self.buttons.items():
            if button.rect.collidepoint(mouse):
                enabled, tip = states.get(name, (True, ""))
                labels = {n: lab for n, lab, _ in action_buttons(self.action_kinds())}
                label = labels[name].split("  ")[0]
                text = (
                    f"<b>{label}</b>: {html.escape(tip)}"
                    if enabled
                    else f'<b>{label}</b> <font color="#FF8C6A">off</font>: {html.escape(tip)}'
                )
                break
        if not text and self.match.controller.selected:
            fid = self.match.controller.selected
            acts = self.match.actions(fid) if self.match.controller.mode != Mode.RESOLVING else []
            name, summary = self.match.name(fid), self.match.view.summary(self.match.game, fid)
            idle = getattr(self.match.view, "idle_words", None)  # what he may still do: more than "no action"
            none = (idle(self.match.game, fid) if idle is not None else "") or "no action left"
            held = getattr(self.match.view, "held_words", None)  # why an action he usually has is not there
            why = held(self.match.game, fid) if held is not None and acts else ""
            text = f"<b>{html.escape(name)}</b> {html.escape(summary)}: " + (
                ", ".join(html.escape(w) for w in action_words(self.match.view, acts))
                if acts
                else html.escape(none)
            )
            text += f" ({html.escape(why)})" if why else ""
        self.actions_panel.show_hint(text)

    # ---- input ------------------------------------------------------------------------------------

    takes_orders = True  # the table's clicks are orders for the match (the demo's and a replay's only show)

    def _hand_table_over(self) -> None:
        """The table view hands the player's intents (a click, a right click, a facing drag) straight to the
        match, and asks it for the figures' tooltips; again after an undo (a new match)."""
        view, match = self.view, self.match
        if view is None:
            return
        orders = match if match is not None and self.takes_orders else None
        view.on_click = orders.click if orders is not None else None
        view.on_right_click = orders.cancel if orders is not None else None
        view.on_face_drag = orders.face if orders is not None else None
        view.tooltip = match.tooltip if match is not None else _label
        view.terrain_words = getattr(match.view, "terrain_words", {}) if match is not None else {}

    def _button(self, name: str) -> None:
        if name == "end_turn" and self.at_final_table:
            self._show_end()  # back at the final table: E brings the report again
            return
        if self.match is not None:
            self.match.button(name)
            if name == "next":  # Tab picks a figure the player may not see: bring her into view
                self._show_selected()

    def _follow_the_zombies(self, dt: float) -> None:
        """In the zombies' turn, the camera brings their action into view when it happens off it, gently, till
        the player moves it himself (a player's table only: the demo and a watcher have their own camera)."""
        if self.view is None or self.match is None or not self.takes_orders:
            return
        if self._turn_camera is None or self._turn_camera.camera is not self.view.camera:
            self._turn_camera = TurnCamera(self.view.camera, self.view.table_size)
        self._turn_camera.update(self.match, dt)

    def _show_selected(self) -> None:
        """Centre the camera on the selected figure when she is off the view, the view kept on the table (a Tab
        to a survivor at its edge left half the view black; every rule set)."""
        fid = self.match.controller.selected if self.match is not None else None
        look = self.match.looks.get(fid) if self.match is not None and fid else None
        if look is not None and self.view is not None:
            self.view.camera.bring_into_view(look.position, table_size=self.view.table_size)

    def _select(self, fid: str) -> None:
        if self.match is not None:
            self.match.select(fid)

    def action_kinds(self) -> tuple[ActionKind, ...]:
        """The rule set's action buttons this game has (a view may leave out what the game's options rule
        out: ``kinds_for(game)``, e.g. Zombie 40,000's grenades outside Killing Floor)."""
        if self.match is None:
            return ()
        view = self.match.view
        pick = getattr(view, "kinds_for", None)
        return tuple(pick(self.match.game)) if pick is not None else tuple(view.action_kinds)

    def keymap(self) -> dict[Chord, str]:
        """Keys to intents: the screen's own (:data:`~game.ui.keymap.KEYMAP`) and the rule set's action
        hotkeys (``m`` -> ``press move``)."""
        return with_actions(KEYMAP, [(kind.hotkey, kind.key) for kind in self.action_kinds()])

    def widgets(self) -> list[Widget]:
        """The panels that take their own events, the modal menu first."""
        return [
            self.game_menu,
            self.turn_files,
            self.top_bar,
            self.shop_panel,
            self.log_panel,
            self.actions_panel,
            self.roster_panel,
            self.dice_tray,
        ]

    def handle_event(self, event: pygame.event.Event) -> None:
        if any(widget.handle_event(event) for widget in self.widgets()):
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        view = self.view
        if view is None:
            return
        if (
            event.type == pygame.WINDOWLEAVE
        ):  # the pointer left the window: no figure is under it any more, and the
            view.hover = (
                None  # preview goes with it (a refusal's red plate stayed up as if he still pointed there)
            )
            if self.match is not None:
                self.match.hover(None)
        if event.type == pygame.MOUSEWHEEL and self.shop_open:
            if shop_area(self.app.screen.get_size()).collidepoint(view.input.mouse):
                return  # the wheel over the shop (its price list) scrolls the shop, not the table behind it
        view.handle_event(event)
        if event.type == pygame.MOUSEMOTION and self.match is not None:
            # a drag to face: the preview is of the release's click, where the drag began (it previewed a move
            # toward the pointer, which only says which way he will face)
            at = view.input.press if view.face_drag is not None and view.input.press is not None else event.pos
            inside = view.camera.contains_screen(at)
            self.match.hover(view.click_point(at) if inside else None)  # a big token: its figure

    def intercept(self, event: pygame.event.Event) -> bool:
        """Seen before pygame_gui: the hand-over card takes a key or a click; the wheel at the log's top (or
        bottom) brings its page before (or after)."""
        return self._hand_over_taken(event) or self.log_panel.intercept(event)

    def _hand_over_taken(self, event: pygame.event.Event) -> bool:
        """While the hot-seat hand-over card is up, a key or a click (at its release) puts it away and does
        nothing else: the click that hands the table over is not the new player's first order."""
        m = self.match
        if m is None or m.hand_over is None:
            return False
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            m.take_the_table()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    def _key(self, event: pygame.event.Event) -> bool:
        """A key of the keymap: do its intent. True when the key is spent (the open menu takes them all)."""
        intent = intent_for(event, self.keymap()) if self.match is not None else None
        if intent is None and event.key == pygame.K_ESCAPE:
            intent = "back"  # the menu opens without a game too
        if intent is None or self.menu_open and intent not in WHILE_MENU_OPEN:
            return self.menu_open  # the menu is modal
        return self.do(intent) or self.menu_open

    def do(self, intent: str) -> bool:
        """Do what the player asked for by name (a key of the keymap, a top bar button): one of the screen's
        own :meth:`intents`, or ``press NAME`` (the match's button NAME). False when it means nothing here."""
        if intent.startswith(PRESS):
            if self.match is None:
                return False
            self._button(intent.removeprefix(PRESS))
            return True
        own = self.intents().get(intent)
        if own is None:
            return False
        needs_game, act = own
        if needs_game and self.match is None:
            return False
        act()
        return True

    def intents(self) -> dict[str, tuple[bool, Callable[[], object]]]:
        """The screen's own intents: name -> (needs a game on the table, what it does)."""
        return {
            "back": (False, self._back),
            "menu": (False, lambda: self.open_menu(not self.menu_open)),
            "shop": (False, lambda: self.open_shop(not self.shop_open)),
            "fit": (False, lambda: self.view.fit() if self.view is not None else None),
            "outlines": (False, self._toggle_outlines),
            "tape": (False, self._tape_button),
            "load": (False, self.open_load),
            "save": (True, self.save),
            "undo": (True, self.undo),
            "quick_save": (True, lambda: self.save(self.app.saves_dir / QUICKSAVE)),
            "quick_load": (True, self.quick_load),
        }

    def _tape_button(self) -> None:
        """The top bar's tape: out at the next click on the table (a newcomer never found T), or put away."""
        if self.view is None:
            return
        if self.view.tape is not None or self.view.input.taping is not None:
            self.view.put_away_tape()
            return
        self.view.arm_tape()
        if self.match is not None:
            self.match.status = (
                "Tape: click where it starts on the table; it follows the pointer (T or Esc puts it away)."
            )

    def _toggle_outlines(self) -> None:
        if self.view is not None:
            self.view.show_outlines = not self.view.show_outlines

    def _back(self) -> None:
        """Esc: close the menu, or put the tape away, or back out of the choice in hand, or open the menu."""
        mode = self.match.controller.mode if self.match else None
        if self.menu_open:
            self.open_menu(False)
        elif self.view is not None and (self.view.tape is not None or self.view.input.taping is not None):
            self.view.put_away_tape()
        elif mode in CHOOSING:
            self._button("cancel")
        else:
            self.open_menu(True)

    def still(self) -> bool:
        """Whether nothing moves on the screen by itself: no playback, hand-over, bot or rolling dice (the
        app then draws fewer frames; see ``App.frame_cap``)."""
        m = self.match
        if m is None or self.view is None:
            return True
        return (
            not (
                m.playback.busy
                or m.handoff is not None
                or bool(m.notices)
                or m.controller.mode in (Mode.RESOLVING, Mode.ZOMBIE_TURN)
                or m.controller.active_player in m.controller.bots
            )
            and not self.view.moving()
        )

    def update(self, dt: float) -> None:
        if self.view is not None:
            self.view.update(dt)
        if self.match is None:
            return
        self.log_panel.watch()  # has the player scrolled the log up since its last line?
        self.match.update(dt)
        self._follow_the_zombies(dt)
        self.log_panel.settle()  # the new lines in view, unless he did
        if self.match.sides_passed != self._seen_sides and self.view is not None:
            self._seen_sides = self.match.sides_passed
            self.view.put_away_tape()  # a length measured in one side's turn is no help in the next
        if self.shop_panel.stale:
            self.shop_panel.stale = False
            if self.shop_open and self.shop_panel.refusal():
                self.shop_panel.open, self.shop_panel.message = False, ("", False)
            self.app.rebuild()
        if self.match.version != self._seen_version:
            self._seen_version = self.match.version
            built = self._built_kinds  # (a scene without the action panel, the replay's, has none to lay out)
            if built is not None and tuple(k.key for k in self.action_kinds()) != built:
                self.app.rebuild()  # a kind of button came or went (a power-up found or used): build it again
                return
            self._refresh()
        self._hint()
        if self.view is not None:  # the models the words on screen name, marked (a log line hovered names more)
            self.view.overlays = self.match.marked_overlays(self.log_panel.hovered_line())
        if self.view is not None and self.manager.get_hovering_any_element():
            self.view.hover = None  # the pointer is on a panel or a button: the table's tooltip goes
        self.roster_panel.watch(self.manager, self.match.figure_words)  # a hovered name: his whole entry
        if self.match.finished and not self.ended:
            self.turn_files.game_over(self.manager)  # a game played by file sends its last turn
            self.ended = True
            self._show_end()  # (first: a campaign keeps the chapter before its autosaves go)
            if self.session is not None and self.session.autosaves is not None:
                self.session.autosaves.clear()  # nothing left to resume

    # ---- saving, loading, undo, the menu ------------------------------------------------------------

    def say(self, text: str, bad: bool = False) -> None:
        """A line in the status bar (saved, loaded, why undo was refused)."""
        if self.match is not None:
            self.match.say(text, bad)

    def save(self, path: Any = None) -> Any:
        """Save to ``path`` (default: the saves folder, named from the scenario and the time)."""
        if self.session is None:
            return None
        if path is None:
            import time
            from pathlib import Path

            stem = Path(self.scenario.path).stem if self.scenario.path else "game"
            path = self.app.saves_dir / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            written = self.session.save(path)
        except (OSError, TypeError, ValueError) as exc:
            self.say(f"Could not save to {path}: {exc}", bad=True)
            return None
        self.say(f"Saved to {written}")
        self.app.sounds.play("click")
        return written

    def quick_load(self) -> None:
        path = self.app.saves_dir / QUICKSAVE
        if not path.exists():
            self.say("No quick-save yet: F5 makes one.", bad=True)
            return
        self.load(path)

    def load(self, path: Any) -> bool:
        """Open the save at ``path`` in place of this game; a refused save leaves this game as it is."""
        from game.saves import SaveError
        from game.session import Session

        try:
            session = Session.resume(path, self.app.autosaves())
        except SaveError as exc:
            self.say(str(exc), bad=True)
            return False
        self.app.open_session(session, notice=f"Loaded {getattr(path, 'name', path)}.")
        return True

    def open_load(self) -> None:
        self.menu_open = False
        self.app.show_load()

    def undo(self) -> None:
        """Ctrl+Z: an aim's waypoints and the aim first, then the last action, one a press, back to the last dice
        roll (never before it). A figure merely selected is not a choice to undo (a newcomer's first Ctrl+Z after a
        move only cleared his selection)."""
        if self.match is None:
            return
        ctl = self.match.controller
        if ctl.mode == Mode.AIMING:
            self._button("undo")
            return
        if ctl.mode not in (Mode.IDLE, Mode.SELECTED) or self.session is None:
            self.say("Nothing to undo now." if self.session is not None else "Undo is off here.", bad=True)
            return
        from game.session import UndoRefused

        last = self.session.game.commands[-1] if self.session.game.commands else None
        try:  # one action a press (a newcomer's one press took back three survivors' moves to the last roll)
            game = self.session.undo()
        except UndoRefused as exc:
            self.say(str(exc), bad=True)
            return
        self.log_panel.start_over(self._story_from)  # the rebuilt game tells its story afresh, once
        self._attach(game)
        taken_back = f"taken back: {self.session.words(last)}" if last is not None else "taken back"
        self.log(f"<i>Undone, {taken_back}.</i>")
        again = " Ctrl+Z again takes back the one before." if self.session.can_undo() else ""
        self.say(f"Undone, {taken_back} (autosaved).{again}")
        self._shown, self._seen_version = {}, -1

    def _menu(self, key: str) -> None:
        self.menu_open = False
        if key == "resume":
            self.app.rebuild()
        elif key == "save":
            self.app.rebuild()
            self.save()
        elif key == "load":
            self.open_load()
        elif key in TURN_FILE_ITEMS:
            self.turn_files.pick(key)
            self.app.rebuild()
        elif key == "bots":
            self.app.rebuild()
            self.bots_finish()
        elif key == "report":  # the game is over: the end screen again (as E at the final table)
            self.app.rebuild()
            self._show_end()
        elif key == "rules":
            self.app.show_rules(self.scenario.ruleset, self.scenario, dict(self.options))
        elif key == "how_to_play":
            self.app.show_how_to_play(self.scenario.ruleset)
        elif key == "settings":
            self.app.show_settings()
        elif key == "title":
            self.app.back_to_title()

    def bots_finish(self) -> None:
        """Menu: the bots play every player's side to the game's end (a campaign chapter the players let the bots
        finish); the players watch, and may still save, load or leave."""
        from game.ai import bot_for, has_bot

        if self.match is None or not has_bot(self.scenario.ruleset):
            self.say("No bot plays this rule set: the game goes on with you.", bad=True)
            return
        self.match.hand_to_bots(bot_for(self.scenario.ruleset), range(1, (self._players() or 1) + 1))
        self.say("The bots play every side from here to the end.")

    def _show_end(self) -> None:
        """The rule set's after-action report on the end screen; without one, a plain message window."""
        match = self.match
        assert match is not None
        game = match.game
        if self.on_end is not None:
            self.on_end(game)
            return
        make_report = self.rules.report if self.rules is not None else None
        if make_report is None:
            text, _ = match.view.result(game)
            pygame_gui.windows.UIMessageWindow(
                pygame.Rect(self.app.screen.get_width() // 2 - 220, 200, 440, 240),
                html.escape(text),
                self.manager,
                window_title="Game over",
            )
            return
        again_setup = self._setup_again(dict(game.options))

        def again() -> None:
            self.app.start_game(again_setup)

        def new_setup() -> (
            None
        ):  # the set-up again, on the choices just played (a newcomer expected to pick again)
            self.app.back_to_title()
            self.app.start_setup(again_setup.entry, again_setup.answers)

        # the seats the bots held from the start; those the players handed over (Bots finish the game) are still
        # theirs: a player's win the bots finished for him is not his DEFEAT
        report = seen_by_the_players(make_report(game), set(self._bots or {}))
        spec = again_setup.spec  # (a game with nothing to choose plays again only)
        chose = spec is not None and bool(spec.per_player or spec.for_game or spec.players_max > spec.players_min)
        self.app.show_end(
            report,
            on_again=again,
            on_title=self.app.back_to_title,
            on_table=self._back_to_table,
            on_setup=new_setup if chose else None,
        )

    def _back_to_table(self) -> None:
        """From the end screen to the final table and its log; E or Enter brings the report back."""
        if self.app.scene is not self:
            self.app.pop()
        self.at_final_table = True
        # who won is on the top bar and why in the log's last line: the result and this ran past a 1600-wide
        # status line ("... The game is over: E or Enter shows the")
        self.say("The game is over: E or Enter shows the report again.")

    def _setup_again(self, options: dict[str, Any]) -> Any:
        """The set-up that plays this scenario again with the same choices."""
        from pathlib import Path

        from game.ui.game_setup import GameSetup
        from game.ui.scenario_list import ScenarioEntry

        setup = self.rules.setup if self.rules is not None else None
        answers = setup.answers(self.scenario, options) if setup is not None else {}
        return GameSetup(ScenarioEntry(Path(self.scenario.path or "."), self.scenario), answers)

    # ---- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.view is None:
            surface.fill(BACKDROP)
        else:  # the view fills its own area: only the strips round it here (a 1080p fill is a millisecond)
            for strip in _around(surface.get_rect(), pygame.Rect(self.view.camera.viewport)):
                surface.fill(BACKDROP, strip)
        if self.view is not None:
            self.view.draw(surface)
        self.handoff_rect = None
        if self.match is None or self.view is None:
            return
        banner = None
        if self.match.handoff is not None and self.match.hand_over is None:
            text, left = self.match.handoff
            image = self.view.plate(text, 48, (240, 217, 138))
            vx, vy, vw, vh = self.view.camera.viewport
            image.set_alpha(int(255 * min(1.0, left / 0.4)))
            banner = (image, image.get_rect(center=(vx + vw // 2, vy + vh // 3)))
        notice = self._draw_notices(surface, banner[1] if banner else None) if self.match.notices else None
        if banner is not None:
            self.handoff_rect = clear_of(banner[1], notice, pygame.Rect(self.view.camera.viewport))
            surface.blit(banner[0], self.handoff_rect)
        if self.match.hand_over is not None:
            self._draw_hand_over(surface, self.match.hand_over)

    def _draw_hand_over(self, surface: pygame.Surface, words: str) -> None:
        """The hot-seat hand-over card over a darkened table: whose turn it is, and that it waits for him."""
        assert self.view is not None
        viewport = pygame.Rect(self.view.camera.viewport)
        shade = pygame.Surface(viewport.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, viewport)
        card = self.view.plate(f"{words}\n{HAND_OVER_ASK}", 48, NOTICE_GOLD, width=viewport.w - 80, detail=24)
        surface.blit(card, card.get_rect(center=viewport.center))

    def _draw_notices(self, surface: pygame.Surface, banner: pygame.Rect | None = None) -> pygame.Rect | None:
        """The phases just begun or skipped ("Shooting skipped: ..."), fading out: at the top of the table, or where
        it hides fewest models (a 40k player's squad and the Boss went under the banner), and kept there while
        the same words show (a plate that followed the moving zombies would jump about); away from the hand-over
        ``banner`` where it can. Returns where it stands."""
        assert self.match is not None and self.view is not None
        vx, vy, vw, _ = self.view.camera.viewport
        text = "\n".join(words for _, words in self.match.notices)
        image = self.view.plate(text, NOTICE_SIZE, NOTICE_GOLD, width=max(200, min(vw - 40, NOTICE_WIDTH)))
        image.set_alpha(int(255 * min(1.0, self.match.notice_left / 0.4)))
        key = (text, self.view.camera.viewport, self.view.camera.ppi, self.view.camera.offset, banner is None)
        if self._notice_spot is None or self._notice_spot[0] != key:
            spot, _ = self.view.clear_spot(image.get_size(), avoid=[banner] if banner is not None else [])
            self._notice_spot = (key, spot)
        surface.blit(image, self._notice_spot[1])
        return self._notice_spot[1]


HAND_OVER_ASK = "Your turn: click or press any key to begin"  # the hot-seat card's second line
NOTICE_GOLD = (240, 217, 138)  # a phase's notice: the hand-over's gold, smaller
NOTICE_SIZE = 26  # points: a phase's notice reads at a glance without a band across the table
NOTICE_WIDTH = 720  # pixels: a long skip's reason wraps rather than spanning the table's width
BACKDROP = (18, 19, 16)  # behind the table and the panels (the table view fills its area the same)


def _around(screen: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of ``screen`` outside ``hole``: the strips above, below, left and right of it.

    >>> _around(pygame.Rect(0, 0, 100, 50), pygame.Rect(10, 10, 80, 30))
    [Rect(0, 0, 100, 10), Rect(0, 40, 100, 10), Rect(0, 10, 10, 30), Rect(90, 10, 10, 30)]
    """
    hole = hole.clip(screen)
    if not hole.width or not hole.height:
        return [screen]
    strips = [
        pygame.Rect(screen.x, screen.y, screen.width, hole.top - screen.y),
        pygame.Rect(screen.x, hole.bottom, screen.width, screen.bottom - hole.bottom),
        pygame.Rect(screen.x, hole.top, hole.left - screen.x, hole.height),
        pygame.Rect(hole.right, hole.top, screen.right - hole.right, hole.height),
    ]
    return [s for s in strips if s.width > 0 and s.height > 0]


def shop_area(size: tuple[int, int]) -> pygame.Rect:
    """Where the shop panel goes in a window of ``size``: over the table, near its top."""
    w, h = size
    pw, ph = min(720, max(480, w - RIGHT_PANEL - 8)), min(560, h - TOP_BAR - 20)
    return pygame.Rect(max(4, (w - RIGHT_PANEL - pw) // 2), TOP_BAR + 8, pw, ph)


def _label(token: TokenView) -> str:
    """A figure's tooltip on a table without a game (a rule set that cannot play on screen): its label."""
    return token.label


def _ruleset(key: str) -> RuleSet | None:
    try:
        return get_ruleset(key)
    except KeyError:
        return None


def clear_of(banner: pygame.Rect, notice: pygame.Rect | None, view: pygame.Rect, gap: int = 8) -> pygame.Rect:
    """The hand-over banner where it stands, or moved off the phase notice it would overlap: just below it, else
    just above it (a 40k player's "Player 2 (Infantry Squad) \u2014 your team" went over "Assault skipped...").

    >>> view = pygame.Rect(0, 0, 1000, 700)
    >>> clear_of(pygame.Rect(300, 200, 400, 60), pygame.Rect(250, 10, 500, 80), view)
    Rect(300, 200, 400, 60)
    >>> clear_of(pygame.Rect(300, 200, 400, 60), pygame.Rect(250, 180, 500, 80), view)
    Rect(300, 268, 400, 60)
    >>> clear_of(pygame.Rect(300, 200, 400, 60), pygame.Rect(250, 600, 500, 80), view).bottom <= 600 - 8
    True
    """
    if notice is None or not banner.colliderect(notice):
        return banner
    below = banner.move(0, notice.bottom + gap - banner.top)
    if below.bottom <= view.bottom:
        return below
    return banner.move(0, notice.top - gap - banner.bottom)


def seen_by_the_players(report: Any, bots: set[int]) -> Any:
    """The report as the people at the screen lost or won: a seat the bots kept (a game taken over from the demo,
    a player who left) that won is the players' DEFEAT, not their VICTORY.

    >>> from game.rules.contract import Report
    >>> r = Report("toy", "Yard", "player 1", True, "VICTORY", "Player 1 got out.", "")
    >>> seen_by_the_players(r, {1}).headline, seen_by_the_players(r, {2}).headline
    ('DEFEAT', 'VICTORY')
    """
    seat = str(report.winner or "").removeprefix("player ")
    if report.victory and seat.isdigit() and int(seat) in bots:
        return replace(report, victory=False, headline="DEFEAT")
    return report
