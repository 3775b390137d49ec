"""The title screen: Resume (an interrupted game), New game, Load game, Demo, How to play, Rules help, Settings,
Quit.

Start-up looks for an unfinished autosave (:meth:`game.session.Session.resumable`); when there is
one, a "Resume: <what it was>" button heads the column.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

from game.ui.fitting import Measure, elide
from game.ui.scenes.base import Scene, waiting_label

if TYPE_CHECKING:
    from game.demo import DemoLoop

BUTTON_W, BUTTON_H, GAP = 280, 46, 10
ROW_W = 170  # a button of the row along the foot
TAGLINE_FOOT = 0.37  # how far down the title picture its tagline ends (a share of the height)
PREPARING = "Preparing the table's fast paths... (the first start takes longest)"
# the buttons whose screens walk a table (the menu's map check, a game's start): clicked while the compiled
# loops are made ready, they wait for them and say so, rather than compile them here and freeze the window
# (the demo does not wait: it plays with the loops as plain Python meanwhile, see game.table.plain)
NEEDS_THE_LOOPS = ("new_game", "load_game", "resume", "campaign")


def first_demo() -> DemoLoop:
    """The demo's loop, made on the dealing thread: numba imported and the loops made plain Python while the
    child compiles them (a first start's minutes of compiling go on behind the demo), the maps read."""
    from game.demo import DemoDirector, DemoLoop
    from game.table.warm import play_while_preparing

    play_while_preparing()
    import game.ui.scenes.demo  # noqa: F401  (its imports too: the table comes up the sooner)

    return DemoLoop(DemoDirector())


def demo_tip() -> str:
    """The Demo button's tooltip: the registered rule sets the bots may play (read from the registry)."""
    from game.rules.core import get_ruleset, known_rulesets

    rulesets = sorted((get_ruleset(k) for k in known_rulesets()), key=lambda r: r.name.lower())
    # until some rule set registers its demo's force picker, the demo's own table serves them all
    picking = any(r.demo_forces is not None for r in rulesets)
    names = [r.name + (" (no demo yet)" if picking and r.demo_forces is None else "") for r in rulesets]
    tip = "Bots play every seat, game after game: " + ", ".join(names)
    return tip


def preparing() -> bool:
    """Whether the compiled loops are being made ready. Asked of the warm-up only once it has started (after
    the first frame): importing it imports the table's modules, a second of a slow start before the title."""
    warm = sys.modules.get("game.table.warm")
    return bool(warm is not None and warm.preparing())


def progress() -> float:
    """How far the warm-up has got (0..1)."""
    from game.table.warm import progress as done

    return done()


class LateTipButton(UIButton):
    """A button whose tooltip is worked out when first wanted (hovered), not when the screen is built: the
    Demo button's names every rule set, and reading them imports all three, seconds of a first start before
    the title showed (issue 33: slow first start)."""

    _tip: str | None = None
    _tip_maker: Callable[[], str] | None = None

    @property  # type: ignore[override]
    def tool_tip_text(self) -> str | None:
        if self._tip_maker is not None:
            self._tip, self._tip_maker = self._tip_maker(), None
        return self._tip

    @tool_tip_text.setter
    def tool_tip_text(self, text: str | None) -> None:
        self._tip = text

    def tip_later(self, maker: Callable[[], str]) -> None:
        """The tooltip is ``maker()``, asked when it is first shown."""
        self._tip_maker = maker


class TitleScene(Scene):
    name = "title"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons: dict[str, UIButton] = {}
        self._backdrop: pygame.Surface | None = None
        self.message = ""  # why a resume was refused
        self.resumable = self._find_resumable()
        self.campaign = self._find_campaign()  # the campaign between chapters to continue (CampaignPlay)
        self.hosted = self._hosted()  # the interrupted game is a network room's: Resume opens the room again
        self.preparing: UILabel | None = None  # "Preparing..." while the compiled loops are made ready
        self.waiting = ""  # the button clicked while the loops are made ready: its screen opens once they are
        self.words: dict[str, str] = {}  # each button's own words (a waiting one shows its progress)

    def _find_resumable(self):
        from game.saves import remove_stale_temporaries
        from game.session import Session

        remove_stale_temporaries(self.app.saves_dir)  # left by a save killed mid-write (autosaves clean their own)
        try:
            return Session.resumable(self.app.autosaves())
        except (OSError, ValueError):  # an unreadable folder or a hostile autosave: nothing to offer, not a crash
            return None

    def _hosted(self) -> bool:
        """Whether the interrupted game was hosted for players on other machines (its autosave says how)."""
        from game.net.room import RoomNote
        from game.saves import SaveError, read_save

        if self.resumable is None:
            return False
        try:
            return RoomNote.read(read_save(self.resumable[0]).extra) is not None
        except (SaveError, OSError):
            return False

    def _find_campaign(self):
        """The newest campaign not over, unless the interrupted game is its chapter (Resume carries it on, and
        names the campaign and the chapter)."""
        from game.saves import SaveError, read_save
        from game.ui.campaign_play import chapter_line, latest_campaign

        skip = ""
        if self.resumable is not None:
            path, line = self.resumable
            try:
                skip, line = chapter_line(read_save(path), line)
            except (SaveError, OSError):
                pass
            self.resumable = (path, line)
        try:
            return latest_campaign(self.app.campaigns_dir, skip)
        except OSError:
            return None

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        self._backdrop = None
        column: list[tuple[str, str, str | None]] = [
            ("new_game", "New game", None),
            ("load_game", "Load game", None),
            ("join", "Join", "Join a game hosted on another machine, or watch it"),
            ("demo", "Demo", None),  # its tooltip is read when first hovered (see LateTipButton)
        ]
        row: list[tuple[str, str, str | None]] = [  # along the foot: the title's words stay clear above
            ("how_to_play", "How to play", "The mouse, the keys, how a turn goes, each rule set in short"),
            ("rules", "Rules help", None),
            ("settings", "Settings", None),
            ("quit", "Quit", None),
        ]
        self.buttons, self.words = {}, {}
        row_y = h - 40 - BUTTON_H  # above the footnote
        rows = len(column) + (self.resumable is not None) + (self.campaign is not None)
        foot = tagline_foot(size, self.app.assets.image("ui.title").get_size())
        button_h, gap = column_pitch(rows, row_y - GAP - foot)  # closer when short: never over the tagline
        y = max(20, min(foot, row_y - GAP - rows * (button_h + gap)))  # under the tagline when there is room
        font = self.manager.get_theme().get_font(["button", "#primary"])
        fit = (min(w - 40, RESUME_W), lambda t: int(font.size(t)[0]))  # the width, and how wide a text is
        if self.resumable is not None:
            _, line = self.resumable
            head, tip = (
                ("Resume the room", ROOM_TIP) if self.hosted else ("Resume", "Carry on with the game that was")
            )
            self.words["resume"] = resume_label(line, fit[0] - 24, fit[1], head)
            tip = f"{tip} interrupted: {line}"
            self._primary("resume", self.words["resume"], pygame.Rect((w - fit[0]) // 2, y, fit[0], button_h), tip)
            y += button_h + gap
        if self.campaign is not None:
            words = campaign_label(self.campaign.campaign.title, self.campaign.played + 1, fit[0] - 24, fit[1])
            self.words["campaign"] = words
            tip = f"Carry on with the campaign {self.campaign.campaign.title}: {self.campaign.subtitle()}"
            self._primary("campaign", words, pygame.Rect((w - fit[0]) // 2, y, fit[0], button_h), tip)
            y += button_h + gap
        if self.message:
            self.ui(
                UILabel(
                    pygame.Rect(20, h - 60 - BUTTON_H, w - 40, 30), self.message, self.manager, object_id="#subtle"
                )
            )
        x = (w - BUTTON_W) // 2
        for key, text, hint in column:
            self._title_button(key, text, hint, pygame.Rect(x, y, BUTTON_W, button_h))
            y += button_h + gap
        small = min(ROW_W, (w - 40 - GAP * (len(row) - 1)) // len(row))
        x = (w - len(row) * small - GAP * (len(row) - 1)) // 2
        for key, text, hint in row:
            self._title_button(key, text, hint, pygame.Rect(x, row_y, small, BUTTON_H))
            x += small + GAP
        self.ui(
            UILabel(
                pygame.Rect(8, h - 28, 400, 24),
                "Dead Ground 0.1 - zombie skirmish on the tabletop",
                self.manager,
                object_id="#footnote",
            )
        )
        self.preparing = self.ui(
            UILabel(pygame.Rect(w - 428, h - 28, 420, 24), PREPARING, self.manager, object_id="#footnote")
        )
        self.refresh()

    def _primary(self, key: str, words: str, rect: pygame.Rect, tip: str) -> None:
        """A button above the column: carry on with what was interrupted."""
        self.buttons[key] = self.ui(UIButton(rect, words, self.manager, object_id="#primary", tool_tip_text=tip))

    def _title_button(self, key: str, text: str, tip: str | None, rect: pygame.Rect) -> None:
        button = self.ui(LateTipButton(rect, text, self.manager, object_id=f"#title_{key}", tool_tip_text=tip))
        if key == "demo":
            button.tip_later(demo_tip)
        self.buttons[key] = button
        self.words[key] = text

    def update(self, dt: float) -> None:
        """Say "Preparing..." while the compiled loops are made ready (a first start compiles them): the
        buttons answer meanwhile; one whose screen needs the loops shows their progress and opens it once
        they are ready."""
        self.refresh()
        if self.waiting and not preparing():
            key, self.waiting = self.waiting, ""
            self.show_words(key, self.words.get(key, ""))
            self.act(key)

    def refresh(self) -> None:
        """The footer shown while the loops are made ready, and the waiting button's progress."""
        if self.preparing is not None and preparing() != self.preparing.visible:
            self.preparing.show() if preparing() else self.preparing.hide()
        if self.waiting and preparing():
            shorts = {"resume": "Resume", "campaign": "Continue"}  # the map's or campaign's name: too long
            short = shorts.get(self.waiting, self.words.get(self.waiting, ""))
            self.show_words(self.waiting, waiting_label(short, progress()))

    def show_words(self, key: str, text: str) -> None:
        """Put ``text`` on button ``key`` (redrawn only when it changes)."""
        button = self.buttons.get(key)
        if button is not None and button.text != text:
            button.set_text(text)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), "")
            self.press(key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()

    def press(self, key: str) -> None:
        """A button clicked: its screen now, or, when it needs the loops still being made ready, once they
        are (the latest such click is the one kept)."""
        if key in NEEDS_THE_LOOPS and preparing():
            if self.waiting and self.waiting != key:
                self.show_words(self.waiting, self.words.get(self.waiting, ""))
            self.waiting = key
            self.refresh()
            return
        self.act(key)

    def act(self, key: str) -> None:
        """Open button ``key``'s screen (or do what it says)."""
        app = self.app
        actions = {
            "resume": self.resume,
            "campaign": self.continue_campaign,
            "load_game": app.show_load,
            "join": app.show_join,
            "demo": self.demo,
            "new_game": app.show_new_game,
            "how_to_play": app.show_how_to_play,
            "rules": app.show_rules,  # every registered rule set, to choose from
            "settings": app.show_settings,
            "quit": app.quit,
        }
        if key in actions:
            actions[key]()

    def resume(self) -> bool:
        """Open the interrupted game where it was; a refusal is shown on the title screen."""
        from game.saves import SaveError
        from game.session import Session

        if self.resumable is None:
            return False
        path, _ = self.resumable
        try:
            session = Session.resume(path, self.app.autosaves())
        except SaveError as exc:
            self.message = str(exc)
            self.resumable = None
            self.app.rebuild()
            return False
        if self.hosted:  # its players are on other machines: open the room again, they rejoin
            self.app.host_again(session)
            return True
        self.app.open_session(session, notice="Resumed the interrupted game where it was.")
        return True

    def continue_campaign(self) -> None:
        """The campaign screen of the campaign between chapters."""
        if self.campaign is not None:
            self.app.show_campaign(self.campaign)

    def demo(self) -> None:
        # "Setting up the table..." at once; the maps read and the first game dealt behind it (a cold first
        # start showed nothing for 40 s); a map the bots cannot play comes back to this screen's message
        night = self.app.night  # tonight's demo ran already: it goes on, its games and score with it
        self.app.deal_demo(first_demo if night is None else lambda: night)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._backdrop is None or self._backdrop.get_size() != size:
            # scaled once per window size, never per frame
            image = self.app.assets.image("ui.title")
            k = max(size[0] / image.get_width(), size[1] / image.get_height())  # cover, keep aspect
            cover = self.app.assets.scaled(
                "ui.title", (round(image.get_width() * k), round(image.get_height() * k))
            )
            self._backdrop = pygame.Surface(size)
            self._backdrop.blit(cover, cover.get_rect(center=(size[0] // 2, size[1] // 2)))
        surface.blit(self._backdrop, (0, 0))


def tagline_foot(size: tuple[int, int], picture: tuple[int, int]) -> int:
    """How far down a screen of ``size`` the title picture's tagline ends: the picture covers the screen, centred,
    keeping its shape.

    >>> tagline_foot((1280, 800), (1280, 800)), tagline_foot((1000, 562), (1280, 800))
    (296, 200)
    """
    (w, h), (pw, ph) = size, picture
    k = max(w / pw, h / ph)
    return round((h - ph * k) / 2 + TAGLINE_FOOT * ph * k)


def column_pitch(rows: int, room: int) -> tuple[int, int]:
    """The column's button height and gap for ``rows`` buttons in ``room`` pixels: the usual ones when they fit,
    else closer and lower (at most 12 px less tall), so the buttons keep off the tagline.

    >>> column_pitch(5, 400), column_pitch(5, 257), column_pitch(6, 100)
    ((46, 10), (45, 6), (34, 6))
    """
    if rows * (BUTTON_H + GAP) <= room:
        return BUTTON_H, GAP
    return max(BUTTON_H - 12, min(BUTTON_H, room // rows - 6)), 6


RESUME_W = 360  # the widest a button above the column may be (the title picture's church beside it)
ROOM_TIP = "Open the network room again (its players rejoin) on the game that was"


def resume_label(line: str, width: int = 10**6, measure: Measure = len, head: str = "Resume") -> str:
    """The Resume button's words: the map (cut short to fit ``width``) and how far it got; the whole line is
    its tooltip.

    >>> resume_label("Small Town (Some Rules (Second Edition)), move 3, 12 actions, 2026-12-06 01:00")
    'Resume: Small Town, move 3'
    >>> resume_label("The Last Night in Cedar Falls (chapter 2: St. Jude's), move 4, 9 actions", 44)
    'Resume: The Last Night i…, chapter 2, move 4'
    """
    title = line.split(" (")[0]
    found = [m.group(0) for m in (re.search(p, line) for p in (r"\bchapter \d+", r"\b(?:turn|move) \d+")) if m]
    tail = "".join(f", {f}" for f in found)
    return f"{head}: {elide(title, width - measure(f'{head}: ') - measure(tail), measure)}{tail}"


def campaign_label(title: str, chapter: int, width: int = 10**6, measure: Measure = len) -> str:
    """The Continue campaign button's words: the campaign (cut short to fit ``width``) and its next chapter.

    >>> campaign_label("The Long Road", 2)
    'Continue: The Long Road, chapter 2'
    >>> campaign_label("The Long Road to the Coast", 2, 30)
    'Continue: The Long…, chapter 2'
    """
    tail = f", chapter {chapter}"
    room = width - measure("Continue: ") - measure(tail)
    return f"Continue: {elide(title, room, measure)}{tail}"
