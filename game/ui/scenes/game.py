"""The table scene: the map with its figures, the camera and tape, and the panels around it.

Layout: a top bar (turn banner, objective, Fit/Outlines/Save/Load/Menu), the table, a right panel (action
buttons, why a button is off, the dice tray, the roster) and the bottom (status line and log).
For a scenario whose rule set has a view (:mod:`game.rules.contract`) it starts (or is given) a game
and plays it through a :class:`~game.ui.match.Match`; a rule set without one shows the map's
pre-placed figures only, and says so.

Every game on screen runs in a :class:`~game.session.Session` that autosaves after each resolved
command. Ctrl+S saves, F5 quick-saves, F9 quick-loads, Ctrl+Z undoes (the controller's choices
first, then commands that rolled no dice); Esc with nothing selected opens the in-game menu.

>>> GameScene(app, scenario, {"sections": ["american", "british"]})    # doctest: +SKIP
"""

from __future__ import annotations

import html
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UIImage, UILabel, UIPanel, UISelectionList, UITextBox

from game.controller import Mode
from game.controller.machine import CHOOSING
from game.rules.contract import ActionKind
from game.rules.core import RuleSet, get_ruleset
from game.scenario.model import Scenario
from game.ui.camera import Viewport
from game.ui.dice_tray import tray_surface
from game.ui.fitting import fit
from game.ui.placements import placed_tokens
from game.ui.scenes.base import Scene
from game.ui.table_view import TableView
from game.ui.tokens import TokenView

if TYPE_CHECKING:
    from game.ui.match import Match

log = logging.getLogger(__name__)

TOP_BAR = 48
RIGHT_PANEL = 300
BOTTOM_LOG = 170  # the log panel's least height; it grows with the window, and "Log +" makes it tall
LOG_LIMIT = 400  # lines of the log kept (the load list and a rebuilt box show the newest)
# The log box holds at most LOG_TRIM_AT lines, then starts again from the newest LOG_SHOWN: pygame_gui's scroll
# bar has a least slider size, so in a box of hundreds of lines its end (the newest line) cannot be reached.
LOG_SHOWN = 60
LOG_TRIM_AT = 90
TRAY_HEIGHT = 104

# the buttons every rule set gets after its own actions: name, label, icon
GENERIC_ACTIONS = (
    ("next", "Next  Tab", "icons.guts"),
    ("cancel", "Cancel  Esc", "icons.undo"),
    ("skip", "Skip  Space", "icons.skip"),
    ("end_turn", "End turn  E", "icons.end_turn"),
)
QUICKSAVE = "quicksave.json"
MENU_ITEMS = (
    ("resume", "Resume"),
    ("save", "Save"),
    ("load", "Load"),
    ("rules", "Rules help"),
    ("settings", "Settings"),
    ("title", "Quit to title"),
)
KEYS = {  # the rule set's action hotkeys are added per game (see GameScene.keys)
    pygame.K_e: "end_turn",
    pygame.K_RETURN: "end_turn",
    pygame.K_KP_ENTER: "end_turn",
    pygame.K_TAB: "next",
    pygame.K_SPACE: "skip",
}


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


def log_height(size: tuple[int, int], tall: bool = False) -> int:
    """The log panel's height: five lines or more at 1280x800, nearly half the window when enlarged.

    >>> log_height((1280, 800)), log_height((1280, 800), tall=True)
    (192, 360)
    """
    h = size[1]
    return max(BOTTOM_LOG, round(h * (0.45 if tall else 0.24)))


def table_viewport(size: tuple[int, int], log_h: int | None = None) -> Viewport:
    """The screen rectangle the table gets in a window of ``size`` (above a log ``log_h`` tall)."""
    w, h = size
    log_h = log_height(size) if log_h is None else log_h
    return (0, TOP_BAR, max(50, w - RIGHT_PANEL), max(50, h - TOP_BAR - log_h))


class GameScene(Scene):
    name = "game"

    def __init__(
        self,
        app,
        scenario: Scenario,
        options: dict[str, Any] | None = None,
        game: Any = None,
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
        self.log_tall = False  # the log panel enlarged ("Log +")
        self._log_box_lines = 0
        self._log_refill = False
        self._log_following = True  # the log box shows its newest line; False once the player scrolls up
        self._log_cap = (
            LOG_TRIM_AT  # lines the box may hold; lowered if a small window's slider cannot reach the end
        )
        self.rules: RuleSet | None = _ruleset(scenario.ruleset)
        playable = self.rules is not None and self.rules.view is not None
        self.banner = "Turn 1"
        self.objective_text = ""
        self.roster_html = (
            "<i>The roster appears here when the game begins: every soldier's GUTS, weapon and state.</i>"
        )
        self.log_lines: list[str] = [
            f"<b>{html.escape(scenario.title or 'Scenario')}</b>"
            + (f" - {html.escape(self._describe_options())}" if playable else ""),
            "Click a soldier, then hover to preview and click to act (or M/F/O). Shift-click: waypoints;"
            " drag at the destination: facing. Right click/Esc: back. E: end turn. Space: skip.",
            "Wheel: zoom. Right/middle drag, arrows: pan. Home: fit. T (on/off) or drag on empty table: measure."
            " L: outlines. F11: fullscreen.",
        ]
        self._tokens: list[TokenView] = placed_tokens(scenario)
        self.match: Match | None = None
        self.hint_box: UITextBox | None = None  # the selected figure's actions; scenes without it set None
        self.ended = False
        self.status_html = ""
        self.hint_html = ""
        self._shown: dict[str, Any] = {}
        self._seen_version = -1
        self.buttons: dict[str, UIButton] = {}
        self.top: dict[str, UIButton] = {}
        self.menu_open = False
        self.menu_buttons: dict[str, UIButton] = {}
        self.shop_open = False  # the rule set's shop panel (Zombie 40,000's Killing Floor) is shown
        self.shop_figure: str | None = None  # the figure the shop buys for
        self.shop_message: tuple[str, bool] = ("", False)  # the last answer (a refusal's reason), bad?
        self.shop_widgets: dict[str, Any] = {}
        self._shop_keys: dict[str, dict[str, str]] = {"offers": {}, "wares": {}}  # list text -> item key
        self._shop_rebuild = False
        self._shop_seen: Any = None  # the points and wares the open panel shows
        self._bots, self._on_command = bots, on_command
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
        if game is not None:
            self._attach(game)

    def _attach(self, game: Any) -> None:
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
        )
        self.banner = self.match.banner()
        self.objective_text = self.match.objective()
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
        except ValueError as exc:  # bad options or a map the rules cannot set up: shown, not a crash
            self.log_lines.append(f'<font color="#F08A6E">Cannot start the game: {html.escape(str(exc))}</font>')
            log.warning("cannot start %s: %s", self.scenario.title, exc)
            return None

    @property
    def game(self) -> Any:
        return self.match.game if self.match else None

    # ---- what the hookup calls ---------------------------------------------------------------

    def set_banner(self, text: str) -> None:
        self.banner = text
        label = getattr(self, "banner_label", None)
        if label is not None:
            object_id, shown = self._fit_banner(text, label.rect.width)
            if object_id != label.most_specific_combined_id.split(".")[-1]:
                label.set_text(" ")  # the old text is not laid out in the new print
                label.change_object_id(object_id)
            label.set_text(shown)

    def set_objective(self, text: str) -> None:
        """The objective line in the top bar, in the largest print that fits its place (then cut short)."""
        self.objective_text = text
        label = getattr(self, "objective_label", None)
        if label is not None:
            object_id, shown = self._fit_objective(text, label.rect.width)
            if object_id != label.most_specific_combined_id.split(".")[-1]:
                label.set_text(" ")  # the old text is not laid out in the new print
                label.change_object_id(object_id)
            label.set_text(shown)

    def _measure(self, size: int, bold: bool = False) -> Any:
        """How wide a text is in the theme's font at ``size`` (pixels)."""
        font = self.manager.get_theme().get_font_dictionary().find_font(size, "noto_sans", bold=bold)
        return lambda text: int(font.size(text)[0])

    def _fit_banner(self, text: str, width: int) -> tuple[str, str]:
        sizes = [
            (f"#banner{k}", self._measure(pt, True)) for k, pt in (("", 28), ("_small", 24), ("_smaller", 18))
        ]
        return fit(text, width - 12, sizes)

    def _fit_objective(self, text: str, width: int) -> tuple[str, str]:
        return fit(text, width - 10, [("#subtle", self._measure(18)), ("#footnote", self._measure(14))])

    def _scroll_log_to_end(self) -> None:
        bar = getattr(self.log_box, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)
            self.log_box.update(0.0)

    def log_at_end(self) -> bool:
        """True when the log box shows its newest line (the player has not scrolled up)."""
        bar = getattr(getattr(self, "log_box", None), "scroll_bar", None)
        return bar is None or bar.start_percentage + bar.visible_percentage >= 0.985

    def log(self, html_line: str) -> None:
        """Add one line (pygame_gui HTML) to the log; it comes into view unless the player scrolled up."""
        self.log_lines.append(html_line)
        del self.log_lines[:-LOG_LIMIT]
        box = getattr(self, "log_box", None)
        if box is None:
            return
        self._log_box_lines += 1
        if self._log_box_lines > self._log_cap:
            self._log_refill = True  # once this frame, in update: start the box again from the newest lines
        elif not self._log_refill:
            keep = None if self._log_following else self._log_top()
            box.append_html_text("<br>" + html_line)
            if keep is not None:  # pygame_gui jumps to the end on append: put the reader back where he was
                self._log_restore(keep)
        self._log_dirty = True

    def _log_top(self) -> float:
        """The log box's scroll position as a fraction of its text height from the top."""
        bar = self.log_box.scroll_bar
        return float(bar.start_percentage) if bar is not None else 0.0

    def _log_restore(self, start: float) -> None:
        layout = self.log_box.text_box_layout
        bar = self.log_box.scroll_bar
        if bar is None or layout is None:
            return
        old_height = getattr(self, "_log_height_was", None) or layout.layout_rect.height
        bar.set_scroll_from_start_percentage(start * old_height / max(1, layout.layout_rect.height))
        self.log_box.update(0.0)

    def _log_refill_box(self) -> None:
        lines = self.log_lines[-min(LOG_SHOWN, self._log_cap * 2 // 3) :]
        self.log_box.set_text("<br>".join(lines))
        self._log_box_lines = len(lines)
        self._log_refill = False

    def jump_to_latest(self) -> None:
        """The "Latest" control: back to the newest line, and follow the log again."""
        self._log_following = True
        self._scroll_log_to_end()
        self._update_latest_button()

    def _update_latest_button(self) -> None:
        button = getattr(self, "latest_button", None)
        if button is None:
            return
        if self._log_following and button.visible:
            button.hide()
        elif not self._log_following and not button.visible:
            button.show()

    def toggle_log_size(self) -> None:
        """ "Log +" / "Log -": the log panel nearly half the window, or back to its usual height."""
        self.log_tall = not self.log_tall
        self.app.rebuild()

    def _roster_fits(self, text: str) -> bool:
        """Whether a roster line fits the roster box on one line (its font, less the padding and the
        scroll bar, with a little slack for bold runs)."""
        box = getattr(self, "roster_box", None)
        if box is None:
            return True
        font = self.manager.get_theme().get_font_dictionary().find_font(14, "noto_sans")
        return bool(font.size(text)[0] * 1.06 <= box.rect.width - 40)

    # ---- layout --------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        log_h = log_height(size, self.log_tall)
        self._place_table(size, log_h)
        self._build_top_bar(size[0])
        self._build_side_panel(size)
        self._build_log_panel(size, log_h)
        self._shown = {}  # new widgets: show everything again
        self._seen_version = -1
        self.menu_buttons = {}
        if self.menu_open:
            self._build_menu(size)
        self.shop_widgets = {}
        if self.shop_open and not self.menu_open:
            self._build_shop(size)
        if self.match is not None:
            self._refresh()

    def _place_table(self, size: tuple[int, int], log_h: int) -> None:
        """The table view in the window's middle: made (and the map drawn) once per scene, then moved."""
        viewport = table_viewport(size, log_h)
        if self.view is None:  # the map is drawn once per scene, not per layout
            self.view = TableView.for_scenario(self.scenario, self.app.assets, viewport)
            self.view.tokens = self._tokens
            self.view.on_click = self._table_click
            self.view.on_right_click = lambda: self._button("cancel")
            self.view.on_face_drag = self._face_drag
            self.view.tooltip = self._tooltip
        else:
            self.view.set_viewport(viewport)
            if size != getattr(self, "_built_size", size):  # the window changed: the whole table again
                self.view.fit()
        self._built_size = size

    def _build_top_bar(self, w: int) -> None:
        """The turn banner, the objective and the buttons (Fit, Outlines, Save, Load, Shop, Menu)."""
        m = self.manager
        top = self.ui(UIPanel(pygame.Rect(0, 0, w, TOP_BAR), manager=m, object_id="#top_bar"))
        specs = self.top_buttons()
        # icon buttons are square; "Fit" is short; the others get a word's width
        widths = [TOP_BAR - 10 if icon else (56 if len(label) <= 4 else 84) for _, label, _, icon in specs]
        total = sum(widths) + 6 * len(widths)
        bx = w - total - 6
        self._build_banner_and_objective(top, bx)
        self.top = {}
        x = bx
        for (key, label, tip, icon), bw in zip(specs, widths):
            rect = pygame.Rect(x, 5, bw, TOP_BAR - 14)
            x += bw + 6
            self.top[key] = self.ui(UIButton(rect, "" if icon else label, m, container=top, tool_tip_text=tip))
            if icon:  # drawn over the button; pygame_gui images take no clicks
                self.ui(
                    UIImage(
                        pygame.Rect(rect.x + (rect.w - 24) // 2, rect.y + (rect.h - 24) // 2, 24, 24),
                        self.app.assets.scaled(icon, (24, 24)),
                        m,
                        container=top,
                    )
                )
        self.fit_button = self.top.get("fit")
        self.outline_button = self.top.get("outlines")
        self.menu_button = self.top.get("menu")

    def _build_banner_and_objective(self, top: UIPanel, bx: int) -> None:
        """The banner takes what its text needs (up to 600 px, or 55% of the room when short of it), the
        objective the rest up to ``bx`` (the buttons); each label shrinks its print, then cuts its end
        short, rather than overflow."""
        m = self.manager
        room = bx - 12 - 16
        natural = self._measure(28, True)(self.banner) + 12
        banner_w = max(120, min(600, natural, max(room - 200, round(room * 0.55))))
        banner_id, banner_text = self._fit_banner(self.banner, banner_w)
        self.banner_label = self.ui(
            UILabel(pygame.Rect(12, 1, banner_w, TOP_BAR - 4), banner_text, m, container=top, object_id=banner_id)
        )
        sub = self.objective_text or self.scenario.title
        objective_w = max(50, bx - banner_w - 22)
        objective_id, objective_text = self._fit_objective(sub, objective_w)
        self.objective_label = self.ui(
            UILabel(
                pygame.Rect(banner_w + 16, 4, objective_w, TOP_BAR - 12),
                objective_text,
                m,
                container=top,
                object_id=objective_id,
            )
        )

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
        self.ui(
            UILabel(
                pygame.Rect(10, y, RIGHT_PANEL - 26, 26), "Roster", m, container=right, object_id="#panel_title"
            )
        )
        y += 28
        self.roster_box = self.ui(
            UITextBox(
                self.roster_html,
                pygame.Rect(6, y, RIGHT_PANEL - 18, max(60, h - TOP_BAR - y - 8)),
                m,
                container=right,
                object_id="#footnote",
            )
        )

    def _build_log_panel(self, size: tuple[int, int], log_h: int) -> None:
        """The bottom: "Log +", the status line and the log with its "Latest" button."""
        w, h = size
        m = self.manager
        bottom = self.ui(
            UIPanel(pygame.Rect(0, h - log_h, w - RIGHT_PANEL, log_h), manager=m, object_id="#log_panel")
        )
        self.ui(UILabel(pygame.Rect(10, 4, 50, 26), "Log", m, container=bottom, object_id="#panel_title"))
        self.log_size_button = self.ui(
            UIButton(
                pygame.Rect(8, 30, 50, 26),
                "Log -" if self.log_tall else "Log +",
                m,
                container=bottom,
                tool_tip_text="A taller log (or back to the usual height)",
                object_id="#small_button",  # the whole "Log +" inside the button's 50 px
            )
        )
        # tall enough for one line of 16 pt text inside the text boxes' padding
        self.status_box = self.ui(
            UITextBox(
                self.status_html,
                pygame.Rect(64, 1, w - RIGHT_PANEL - 76, 38),
                m,
                container=bottom,
                object_id="#status",
            )
        )
        shown = self.log_lines[-LOG_SHOWN:]
        log_w = w - RIGHT_PANEL - 18 - 56
        self.log_box = self.ui(
            UITextBox(
                "<br>".join(shown),
                pygame.Rect(62, 41, log_w, log_h - 49),
                m,
                container=bottom,
                object_id="#log",
            )
        )
        self._log_box_lines, self._log_refill, self._log_following = len(shown), False, True
        self.latest_button = self.ui(
            UIButton(
                pygame.Rect(62 + log_w - 150, log_h - 40, 128, 30),
                "Latest \u2193",
                m,
                container=bottom,
                tool_tip_text="Jump to the newest line of the log",
                object_id="#primary",
            )
        )
        self.latest_button.hide()
        self._scroll_log_to_end()

    def top_buttons(self) -> list[tuple[str, str, str, str | None]]:
        """The top bar's buttons: (key, label, tooltip, icon id or None)."""
        out: list[tuple[str, str, str, str | None]] = [
            ("fit", "Fit", "Show the whole table (Home)", None),
            ("outlines", "Outlines", "Terrain outlines on/off (L)", None),
        ]
        if self.match is not None:
            out += [
                ("save", "Save", "Save the game (Ctrl+S; F5 quick-save)", "icons.save"),
                ("load", "Load", "Load a saved game (F9 quick-load)", "icons.load"),
            ]
        if self.shop() is not None:
            out.append(("shop", "Shop", "The shop: buy and sell weapons with your points", None))
        out.append(("menu", "Menu", "Save, load, rules, settings, quit (Esc with nothing selected)", None))
        return out

    # ---- the rule set's shop (Zombie 40,000's Killing Floor) ----------------------------------------------

    def shop(self) -> Any:
        """The rule set's shop for the acting player (a ShopLook), or None when its game has none."""
        match = self.match
        make = getattr(match.view, "shop", None) if match is not None else None
        return make(match.game, self.shop_figure) if make is not None and match is not None else None

    def shop_refusal(self) -> str:
        """Why the shop panel cannot be opened now ("" when it can)."""
        look = self.shop()
        if look is None or self.match is None:
            return "This game has no shop."
        if self.match.controller.active_player in self.match.controller.bots:
            return "The computer player shops for itself."
        return str(look.closed)

    def open_shop(self, on: bool = True) -> None:
        self.shop_open = on and not self.shop_refusal()
        if on and self.match is not None and self.match.controller.selected:
            self.shop_figure = self.match.controller.selected
        self.app.rebuild()

    def _build_shop(self, size: tuple[int, int]) -> None:
        """The shop panel over the table: the figure it buys for, the price lists, what it may sell."""
        look = self.shop()
        if look is None:
            return
        w, h = size
        m = self.manager
        pw, ph = min(720, max(480, w - RIGHT_PANEL - 8)), min(560, h - TOP_BAR - 20)
        panel = self.ui(
            UIPanel(
                pygame.Rect(max(4, (w - RIGHT_PANEL - pw) // 2), TOP_BAR + 8, pw, ph),
                manager=m,
                starting_height=5,
                object_id="#side_panel",
            )
        )
        self.shop_widgets = {"panel": panel}
        self._shop_seen = self._shop_points()
        self.shop_widgets["title"] = self.ui(
            UILabel(
                pygame.Rect(10, 6, pw - 24, 30),
                f"{look.title} \u00b7 {look.points} point{'s' if look.points != 1 else ''}",
                m,
                container=panel,
                object_id="#panel_title",
            )
        )
        labels = [label for _, label in look.figures] or ["(no model)"]
        chosen = next((label for fid, label in look.figures if fid == look.figure), labels[0])
        self._shop_figures = {label: fid for fid, label in look.figures}
        self.shop_widgets["figure"] = self.ui(
            UIDropDownMenu(labels, chosen, pygame.Rect(10, 40, pw - 24, 30), m, container=panel)
        )
        half = (pw - 34) * 3 // 5  # the price lists; the wares get the rest
        rest = pw - 34 - half
        list_h = ph - 40 - 34 - 30 - 176
        self._shop_keys = {"offers": {}, "wares": {}}
        self._shop_hints: dict[str, tuple[str, bool]] = {}  # list text -> what it is, and why not (bad)
        rows: list[str | tuple[str, str]] = []
        for o in look.offers:
            text = f"{o.heading.split(' ')[0]}: {o.label} \u2014 {o.price}" + ("" if not o.why else "  (no)")
            self._shop_keys["offers"][text] = o.key
            hint = f"{o.label}, {o.price} point{'s' if o.price != 1 else ''}: {o.note}"
            self._shop_hints[text] = (f"{hint}. Not now: {o.why}" if o.why else hint, bool(o.why))
            rows.append(text)
        self.ui(UILabel(pygame.Rect(10, 74, half, 24), "Buy (price in points)", m, container=panel))
        self.shop_widgets["offers"] = self.ui(
            UISelectionList(pygame.Rect(10, 98, half, list_h), rows, m, container=panel)
        )
        sells: list[str | tuple[str, str]] = []
        for ware in look.wares:
            # the chosen model's own wares need no name (it is in the drop-down above); the squad's grenades do
            text = f"{ware.label}{'' if ware.owner else ' (squad)'} \u2014 +{ware.refund}"
            self._shop_keys["wares"][text] = ware.key
            sells.append(text)
        self.ui(UILabel(pygame.Rect(20 + half, 74, rest, 24), "Sell (points back)", m, container=panel))
        self.shop_widgets["wares"] = self.ui(
            UISelectionList(pygame.Rect(20 + half, 98, rest, list_h), sells, m, container=panel)
        )
        y = 98 + list_h + 6
        self.shop_widgets["buy"] = self.ui(
            UIButton(pygame.Rect(10, y, half, 34), "Buy", m, container=panel, object_id="#primary")
        )
        self.shop_widgets["sell"] = self.ui(
            UIButton(pygame.Rect(20 + half, y, rest, 34), "Sell", m, container=panel)
        )
        text, bad = self.shop_message
        if not text:
            text = look.closed or "Pick a model, an item, then Buy (or a bought item, then Sell)."
            bad = bool(look.closed)
        colour = "#FF8C6A" if bad else "#E9E3C9"
        self.shop_widgets["message"] = self.ui(
            UITextBox(
                f'<font color="{colour}">{html.escape(text)}</font><br>{html.escape(look.note)}',
                pygame.Rect(10, y + 40, pw - 24, 126),
                m,
                container=panel,
                object_id="#footnote",
            )
        )
        self.shop_widgets["close"] = self.ui(
            UIButton(pygame.Rect(pw - 110, 6, 96, 28), "Close", m, container=panel)
        )

    def shop_say(self, text: str, bad: bool = False) -> None:
        """A line in the shop panel's message box (what the picked item is, or why it may not be bought)."""
        box = self.shop_widgets.get("message")
        look = self.shop()
        if box is None or look is None or not text:
            return
        colour = "#FF8C6A" if bad else "#E9E3C9"
        box.set_text(f'<font color="{colour}">{html.escape(text)}</font><br>{html.escape(look.note)}')

    def _shop_points(self) -> tuple[int, tuple[Any, ...]] | None:
        look = self.shop()
        return (look.points, look.wares) if look is not None else None

    def shop_trade(self, sell: bool = False) -> bool:
        """Buy the item picked in the price list (or sell the one picked among the wares) for the chosen
        model; a refusal's reason shows in the panel. True when the rules took it."""
        match = self.match
        make = getattr(match.view, "shop_command", None) if match is not None else None
        widget = self.shop_widgets.get("wares" if sell else "offers")
        if match is None or make is None or widget is None:
            return False
        picked = widget.get_single_selection()
        key = self._shop_keys["wares" if sell else "offers"].get(picked or "")
        if key is None:
            self.shop_message = ("Pick an item in the list first.", True)
            self._shop_rebuild = True
            return False
        look = self.shop()
        figure = look.figure if look is not None else ""
        fb = match.send(make(match.game, figure, key, sell))
        if fb.accepted:
            self.app.sounds.play("click")
            name = (picked or "").split(" \u2014")[0]
            self.shop_message = (f"{'Sold' if sell else 'Bought'}: {name}.", False)
        else:
            self.shop_message = (fb.message, True)
        self._shop_rebuild = True
        return bool(fb.accepted)

    def _build_controls(self, right: UIPanel, y: int) -> int:
        """The right panel's upper part (the action buttons, the hint and the dice tray); returns
        the height used."""
        m = self.manager
        self.buttons = {}
        self.button_icons: dict[str, UIImage] = {}
        if self.match is not None:
            self.ui(
                UILabel(
                    pygame.Rect(10, y, RIGHT_PANEL - 26, 26),
                    "Actions",
                    m,
                    container=right,
                    object_id="#panel_title",
                )
            )
            y += 28
            cell = (RIGHT_PANEL - 22) // 2
            specs = action_buttons(self.action_kinds(), getattr(self.match.view, "end_words", "End turn"))
            rows = (len(specs) - 1 + 1) // 2  # every button but End turn, two a row; End turn below
            for i, (name, label, icon) in enumerate(specs):
                col, row = (0, rows) if name == "end_turn" else (i % 2, i // 2)
                width = cell * 2 + 4 if name == "end_turn" else cell
                x0, y0 = 8 + col * (cell + 4), y + row * 40
                self.button_icons[name] = self.ui(
                    UIImage(
                        pygame.Rect(x0 + 2, y0 + 5, 26, 26),
                        self.app.assets.scaled(icon, (26, 26)),
                        m,
                        container=right,
                    )
                )
                self.buttons[name] = self.ui(
                    UIButton(
                        pygame.Rect(x0 + 32, y0, width - 32, 36),
                        label,
                        m,
                        container=right,
                        tool_tip_text=label,
                        object_id="#primary" if name == "end_turn" else None,
                    )
                )
            y += (rows + 1) * 40 + 2
            # two lines of footnote text without a scroll bar: "Sergeant us1-sgt G9: MOVE, FIRE, ORDER"
            self.hint_box = self.ui(
                UITextBox(
                    self.hint_html,
                    pygame.Rect(6, y, RIGHT_PANEL - 18, 76),
                    m,
                    container=right,
                    object_id="#footnote",
                )
            )
            y += 80
            self.tray_rect = pygame.Rect(6, y, RIGHT_PANEL - 18, TRAY_HEIGHT)
            self.tray = self.ui(UIImage(self.tray_rect, self._tray_image(), m, container=right))
            y += TRAY_HEIGHT + 4
        return y

    def _build_menu(self, size: tuple[int, int]) -> None:
        """The in-game menu: a column of buttons over the table."""
        w, h = size
        bw, bh, gap = 260, 44, 8
        panel_h = len(MENU_ITEMS) * (bh + gap) + 64
        panel = self.ui(
            UIPanel(
                pygame.Rect(
                    (w - RIGHT_PANEL - bw - 40) // 2, max(TOP_BAR + 10, (h - panel_h) // 2), bw + 40, panel_h
                ),
                manager=self.manager,
                starting_height=5,
                object_id="#side_panel",
            )
        )
        self.ui(
            UILabel(
                pygame.Rect(10, 8, bw + 10, 32), "Menu", self.manager, container=panel, object_id="#panel_title"
            )
        )
        for i, (key, label) in enumerate(MENU_ITEMS):
            self.menu_buttons[key] = self.ui(
                UIButton(
                    pygame.Rect(18, 48 + i * (bh + gap), bw, bh),
                    label,
                    self.manager,
                    container=panel,
                    object_id="#primary" if key == "resume" else None,
                )
            )
        if self.match is None:
            for key in ("save", "load"):
                self.menu_buttons[key].disable()

    def open_menu(self, on: bool = True) -> None:
        self.menu_open = on
        self.app.rebuild()

    # ---- keeping the panels in step with the match ----------------------------------------------------

    def _tray_image(self) -> pygame.Surface:
        dice = self.match.dice if self.match else None
        size = (RIGHT_PANEL - 18, TRAY_HEIGHT)
        assert self.view is not None  # the tray is built with the panels, after the table view
        return tray_surface(
            self.app.assets,
            self.view.texts,
            size,
            dice.faces if dice else None,
            dice.meaning if dice else "",
            dice.failed if dice else False,
        )

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
        view.overlays = match.overlays()
        view.drag_sets_facing = match.controller.aim == "path"
        if self._set("banner", match.banner()):
            self.set_banner(self._shown["banner"])
        if self._set("objective", match.objective()):
            self.set_objective(self._shown["objective"])
        if self._set("roster", match.roster(self._roster_fits)):
            self.roster_html = self._shown["roster"]
            self.roster_box.set_text(self.roster_html)  # which lays the box out again
        if self._set("status", (match.status, match.status_bad)):
            colour = "#FF8C6A" if match.status_bad else "#E9E3C9"
            self.status_html = (
                f'<font color="{colour}">{"(!) " if match.status_bad else ""}{html.escape(match.status)}</font>'
            )
            self.status_box.set_text(self.status_html)
        if self._set("dice", match.dice):
            self.tray.set_image(self._tray_image())
        shop_button = self.top.get("shop")
        if shop_button is not None:
            why = self.shop_refusal()
            if self._set("shop", why):
                if why and shop_button.is_enabled:
                    shop_button.disable()
                elif not why and not shop_button.is_enabled:
                    shop_button.enable()
                look = self.shop()
                points = f" ({look.points} points)" if look is not None and not why else ""
                shop_button.set_tooltip(why or f"The shop: buy and sell weapons with your points{points}")
            if self.shop_open and (why or self._shop_seen != self._shop_points()):
                self._shop_rebuild = True  # closed (a model moved), or points came in: the panel again
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

    def _hint(self) -> None:
        """Hovering a button says what it does, or why it is off (disabled buttons show no tooltip)."""
        if self.match is None or not self.buttons:
            return
        mouse = pygame.mouse.get_pos() if self.view is None else self.view.input.mouse
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
            text = f"<b>{html.escape(name)}</b> {html.escape(summary)}: " + (
                ", ".join(a.upper() for a in acts) if acts else "no action left"
            )
        if text != self.hint_html:
            self.hint_html = text
            if self.hint_box is not None:
                self.hint_box.set_text(text)

    # ---- input ------------------------------------------------------------------------------------

    def _button(self, name: str) -> None:
        if self.match is not None:
            self.match.button(name)

    def _table_click(self, point: tuple[float, float], shift: bool, face: tuple[float, float] | None) -> None:
        if self.match is not None:
            self.match.click(point, shift, face)

    def _face_drag(self, point: tuple[float, float] | None) -> None:
        if self.match is not None:
            self.match.face_toward = point
            self.match.version += 1

    def _tooltip(self, token: TokenView) -> str:
        if self.match is None:
            return token.label
        try:
            look = self.match.looks.get(token.id) or self.match.view.look(self.match.game, token.id)
            if self.match.explaining(token.id):
                return ""  # the preview's plate already says what matters about the target
            return "\n".join(self.match.view.tooltip(self.match.game, token.id, look))
        except KeyError:
            return token.label

    def action_kinds(self) -> tuple[ActionKind, ...]:
        """The rule set's action buttons this game has (a view may leave out what the game's options rule
        out: ``kinds_for(game)``, e.g. Zombie 40,000's grenades outside Killing Floor)."""
        if self.match is None:
            return ()
        view = self.match.view
        pick = getattr(view, "kinds_for", None)
        return tuple(pick(self.match.game)) if pick is not None else tuple(view.action_kinds)

    def keys(self) -> dict[int, str]:
        """Keys to buttons: the generic ones, and the rule set's action hotkeys (``m`` -> Move)."""
        keys = dict(KEYS)
        if self.match is not None:
            for kind in self.action_kinds():
                code = pygame.key.key_code(kind.hotkey)
                keys.setdefault(code, kind.key)  # the screen's own keys (E, Tab, Space...) win
        return keys

    def handle_event(self, event: pygame.event.Event) -> None:
        view = self.view
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.menu_buttons.items():
                if event.ui_element is button:
                    self._menu(key)
                    return
            if event.ui_element is getattr(self, "latest_button", None):
                self.jump_to_latest()
            elif event.ui_element is getattr(self, "log_size_button", None):
                self.toggle_log_size()
            elif event.ui_element is self.fit_button and view:
                view.fit()
            elif event.ui_element is self.outline_button and view:
                view.show_outlines = not view.show_outlines
            elif event.ui_element is self.menu_button:
                self.open_menu(not self.menu_open)
            elif event.ui_element is self.top.get("shop"):
                self.open_shop(not self.shop_open)
            elif event.ui_element is self.shop_widgets.get("close"):
                self.open_shop(False)
            elif event.ui_element is self.shop_widgets.get("buy"):
                self.shop_trade(sell=False)
            elif event.ui_element is self.shop_widgets.get("sell"):
                self.shop_trade(sell=True)
            elif event.ui_element is self.top.get("save"):
                self.save()
            elif event.ui_element is self.top.get("load"):
                self.open_load()
            else:
                for name, button in self.buttons.items():
                    if event.ui_element is button:
                        self.app.sounds.play("click")
                        self._button(name)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.shop_widgets.get(
            "offers"
        ):
            self.shop_say(*getattr(self, "_shop_hints", {}).get(event.text, ("", False)))
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.shop_widgets.get(
            "figure"
        ):
            self.shop_figure = getattr(self, "_shop_figures", {}).get(event.text, self.shop_figure)
            self.shop_message = ("", False)
            self._shop_rebuild = True
            return
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and self.match is not None:
            if event.ui_element is self.roster_box:
                self.match.select(event.link_target)
            return
        if event.type == pygame.KEYDOWN:
            mode = self.match.controller.mode if self.match else None
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            if event.key == pygame.K_ESCAPE:
                if self.menu_open:
                    self.open_menu(False)
                elif mode in CHOOSING:
                    self._button("cancel")
                else:
                    self.open_menu(True)
                return
            if self.match is not None:
                if ctrl and event.key == pygame.K_s:
                    self.save()
                    return
                if ctrl and event.key == pygame.K_z:
                    self.undo()
                    return
                if event.key == pygame.K_F5:
                    self.save(self.app.saves_dir / QUICKSAVE)
                    return
                if event.key == pygame.K_F9:
                    self.quick_load()
                    return
            if self.menu_open:
                return  # the menu is modal
            if self.match is not None:
                keys = self.keys()
                if event.key in keys:
                    self._button(keys[event.key])
                    return
        if view is None or self.menu_open and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        view.handle_event(event)
        if event.type == pygame.MOUSEMOTION and self.match is not None:
            inside = view.camera.contains_screen(event.pos)
            self.match.hover(view.camera.to_table(event.pos) if inside else None)

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
        if getattr(self, "log_box", None) is not None and not getattr(self, "_log_dirty", False):
            self._log_following = self.log_at_end()  # the player may have scrolled up since the last line
            layout = self.log_box.text_box_layout
            self._log_height_was = layout.layout_rect.height if layout is not None else None
        self.match.update(dt)
        if getattr(self, "_log_dirty", False):  # newest at the bottom, in view unless the player scrolled up
            self._log_dirty = False
            if self._log_refill:
                top = None if self._log_following else self._log_top()
                self._log_refill_box()
                if top is not None:
                    self._log_restore(top)
            if self._log_following:
                self._scroll_log_to_end()
                if not self.log_at_end() and self._log_cap > 12:  # this box is too long for its scroll bar
                    self._log_cap = max(12, self._log_box_lines * 2 // 3)
                    self._log_refill_box()
                    self._scroll_log_to_end()
        self._update_latest_button()
        if self._shop_rebuild:
            self._shop_rebuild = False
            if self.shop_open and self.shop_refusal():
                self.shop_open, self.shop_message = False, ("", False)
            self.app.rebuild()
        if self.match.version != self._seen_version:
            self._seen_version = self.match.version
            self._refresh()
        self._hint()
        if self.match.finished and not self.ended:
            self.ended = True
            if self.session is not None and self.session.autosaves is not None:
                self.session.autosaves.clear()  # nothing left to resume
            self._show_end()

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
        """Ctrl+Z: the controller's own choices first, then the commands that rolled no dice."""
        if self.match is None:
            return
        ctl = self.match.controller
        if ctl.mode in CHOOSING:
            self._button("undo")
            return
        if ctl.mode != Mode.IDLE or self.session is None:
            self.say("Nothing to undo now." if self.session is not None else "Undo is off here.", bad=True)
            return
        from game.session import UndoRefused

        before = len(self.session.game.commands)
        try:
            game = self.session.undo_to_last_roll()
        except UndoRefused as exc:
            self.say(str(exc), bad=True)
            return
        taken = before - len(game.commands)
        self._attach(game)
        self.log(f"<i>Undone: {taken} action(s) taken back, to just after the last dice roll.</i>")
        self.say(f"Undone: {taken} action(s) taken back (autosaved).")
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
        elif key == "rules":
            self.app.show_rules(self.scenario.ruleset, self.scenario, dict(self.options))
        elif key == "settings":
            self.app.show_settings()
        elif key == "title":
            self.app.back_to_title()

    def _show_end(self) -> None:
        """The rule set's after-action report on the end screen; without one, a plain message window."""
        match = self.match
        assert match is not None
        game = match.game
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

        self.app.show_end(make_report(game), on_again=again, on_title=self.app.back_to_title)

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
        if self.match is not None and self.match.handoff is not None and self.view is not None:
            text, left = self.match.handoff
            image = self.view.plate(text, 48, (240, 217, 138))
            vx, vy, vw, vh = self.view.camera.viewport
            image.set_alpha(int(255 * min(1.0, left / 0.4)))
            surface.blit(image, image.get_rect(center=(vx + vw // 2, vy + vh // 3)))


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


def _ruleset(key: str) -> RuleSet | None:
    try:
        return get_ruleset(key)
    except KeyError:
        return None
