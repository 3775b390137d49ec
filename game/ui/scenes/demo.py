"""Demo mode on screen, a club-night attractor: bots play every seat, scenario after scenario.

The table fills the window under the top bar (no panels, no log): a title card names each game's
rule set and scenario and how to take over (:data:`CARD_SECONDS`); the camera follows the action
(:class:`~game.ui.demo_camera.CameraOperator`: it closes in on a shot, a fight, a grapple, then pulls
back); the tokens and the dice are drawn big enough to read across a room; a board at the view's foot (the camera
keeps the action above it) says who is winning now and the night's score in words (``Tonight: Survivors 1 –
Zombies 2``), the latest line and how to take over, in print that grows with the window; the sounds play at
the settings' demo volume. A real touch (a key, a mouse button, or the mouse moved more than
:data:`TOUCH_PIXELS`) hands the game in progress to the player, with no bots; between games it returns
to the title instead. After each game the result stays up for :data:`RESULT_SECONDS`, then the next
game is dealt; a game still going after :data:`GAME_SECONDS` of play is called (an end card says where it stood),
but one in its last turn plays on to its end, :data:`FINISH_SECONDS` more at most.

>>> raise SystemExit(run(DemoLoop(DemoDirector())))              # doctest: +SKIP
"""

from __future__ import annotations

import html
import logging
import math
import re
from typing import TYPE_CHECKING

import pygame

from game.demo import (
    SURVIVORS,
    UP_SCORE,
    DemoLoop,
    Side,
    down_line,
    in_last_turn,
    lead,
    mid_move,
    result_words,
    side_of,
    sides,
    standing,
)
from game.rules.core import Game
from game.ui.animation import Step
from game.ui.demo_camera import CameraOperator, action_figures
from game.ui.demo_dealing import Dealing
from game.ui.demo_layout import GAP, MARGIN, Board, Glide, board, notice_band, print_size
from game.ui.demo_pace import pace, slot
from game.ui.demo_scoreboard import sides_plate
from game.ui.demo_told import Told
from game.ui.demo_words import for_onlookers, objective_for_onlookers
from game.ui.dice_tray import tray_surface, wrap
from game.ui.match import NOTICE_SECONDS as GAME_NOTICE_SECONDS
from game.ui.navigator import DEMO_AGAIN_SECONDS
from game.ui.scenes.game import GameScene
from game.ui.widgets.top_bar import TOP_BAR

TOUCH_PIXELS = 20  # mouse jitter below this does not count as wanting to play
# seconds after the Demo button's table comes up in which the mouse moving takes nothing over (the hand that
# clicked Demo still moving: an organiser's nudge took the first game over before its title card); keys still do
TOUCH_GRACE = 2.0
NOTICE_SECONDS = 1.8  # the demo's notice stays up at most this long (the game's own stay 2.4 s, three at once)
RESULT_SECONDS = 9.0  # the result card: read from across a room (5 s was gone before a passer-by got to it)
# a demo game's most play, in real seconds after its title card: then time is called, an end card says who was
# ahead and the next scenario is dealt (Zombie 40,000 games ran 8-9 minutes: a passer-by saw one game). The
# rules are as they are; only the demo moves on.
GAME_SECONDS = 240.0
# a game in its last turn when its time is up plays on to its end, this many seconds more at most: the climax (the
# zombies' win at the turn limit, the last men out) is what a passer-by stayed for
FINISH_SECONDS = 90.0
DEMO_BADGE = (
    22  # pixels: the least print of a figure's GUTS in the demo (14 on a player's screen: 8 px across a room)
)
# the title card at speed 1 (a faster speed shortens it, to no less than CARD_LEAST): a passer-by reads which
# game is on and how to take over (at 4 s a newcomer across the room caught it in four frames of 0.8 s)
CARD_SECONDS = 7.0
CARD_LEAST = 3.0
CARD_FADE = 0.8  # the title card's last seconds: it fades into the game
CARD_PRINT = 0.6  # the title card's print, a share of the result card's: a panel beside the action, not a veil
DICE_SECONDS = 3.0  # a roll stays up this long (real seconds)
CAPTION_SECONDS = 5.0  # a caption (zombies arriving) stays up this long, whatever lines come meanwhile
CAPTION = (255, 170, 140)  # a caption's print: news of the zombies
FOOT = 170  # pixels at the least at the table's foot for the board (the scoreboard, the latest line, the hint and
# the dice): the camera keeps the action above it
CARD_WIDTH = 0.45  # the title card's most width, a share of the view (the whole table shows left of it)
CARD_SIDE = 40  # pixels kept clear each side of a card's lines
CARD_LINE = 0.8  # a card's longest line, a share of the view's width: a longer one wraps at words
CARD_BASE = 640  # the cards' prints are for a window this high (scaled with the window's height)
GOLD = (240, 217, 138)
HINT = (200, 196, 170)
TEXT = (233, 227, 201)
TAKE_OVER = "Move the mouse or press a key to take over this game"
HANDED_SECONDS = 4.0  # the "You have the game" plate stays up this long
TAKING_OVER = "Taking over: the table is yours as soon as the bots' moves under way are done…"
# real seconds at most an action off the view waits for the camera: a shot asked for within MIN_CUT of the last
# one waits for it, then the camera's ease
WAIT_MOST = 3.5
HURRY_COMMANDS = 6  # a frame's bots' commands at most after a touch, each shown at once (a frame of ~0.1 s)
# the result card's last line: a touch there takes over the next game (a key sent a passer-by to the title)
NEXT_IS_YOURS = "Next game in a moment \u2014 move the mouse or press a key to play it"
TAKING_NEXT = "The next game is yours as soon as its table is set up\u2026"
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from game.ui.match import Match


def score_line(loop: DemoLoop) -> str:
    """``Survivors 3 – Zombies 2`` from the night's tally, in the same words for every rule set."""
    return loop.tally.score()


def handed_over(where: str, seat: int | None = None, others: int = 0) -> str:
    """What the player is told as the demo hands him its game: his seat, when the bots keep the others.

    >>> handed_over("Turn 2 \u00b7 Player 1 \u00b7 Movement")  # doctest: +ELLIPSIS
    'You have the game at Turn 2 · Player 1 · Movement: every side the bots played is yours now. (Autosaved. ...)'
    >>> handed_over("Turn 2", seat=3, others=2)  # doctest: +ELLIPSIS
    'You have the game at Turn 2: you are Player 3; the bots play the other two players. (Autosaved. ...)'
    >>> handed_over("Turn 2", seat=1, others=1)  # doctest: +ELLIPSIS
    'You have the game at Turn 2: you are Player 1; the bots play the other player. (Autosaved. ...)'
    """
    if seat is not None and others:
        yours = f"you are Player {seat}; the bots play {the_others(others)}"
    else:
        yours = "every side the bots played is yours now"
    return (
        f"You have the game at {where}: {yours}. (Autosaved. Left alone for {DEMO_AGAIN_SECONDS:.0f} s, the demo "
        "comes back; Resume on the title finds this game.)"
    )


def the_others(n: int) -> str:
    """The other players the bots keep, in words (a newcomer read "the other 1 player").

    >>> the_others(1), the_others(3), the_others(12)
    ('the other player', 'the other three players', 'the other 12 players')
    """
    if n == 1:
        return "the other player"
    number = NUMBER_WORDS[n] if n < len(NUMBER_WORDS) else str(n)
    return f"the other {number} players"


def in_words(score: str) -> str:
    """A score as a passer-by reads it: "Player 1 12 up" meant nothing across a club room.

    >>> in_words("Turn 3: Player 1 12 up - Player 2 0 up")
    'Turn 3: Player 1: 12 standing - Player 2: 0 standing'
    >>> in_words("Allies 3 up (1 out) - Zombies 5 up")
    'Allies: 3 standing (1 out) - Zombies: 5 standing'
    """
    return UP_SCORE.sub(lambda m: f"{m[1]}: {m[2]} standing", score)


def named(words: str, forces: list[Side]) -> str:
    """``words`` with each side's key ("Player 2") told by its force's name ("Ork Boyz").

    >>> named("Turn 3: Player 1: 5 standing - Player 12: 0 standing", [Side("Ork Boyz", "Player 1", 1, 5)])
    'Turn 3: Ork Boyz: 5 standing - Player 12: 0 standing'
    """
    for side in forces:
        if side.name != side.key:
            words = re.sub(rf"\b{re.escape(side.key)}\b(?!\d)", side.name, words)
    return words


def plain(html_line: str) -> str:
    """A log line's words without its markup (the demo prints the latest one big).

    >>> plain("<b>Rifleman Novak</b> shoots &amp; misses")
    'Rifleman Novak shoots & misses'
    """
    return html.unescape(re.sub(r"<[^>]+>", "", html_line)).strip()


class DemoScene(GameScene):
    """One demo game on the table; the next game gets a new scene (its own map)."""

    name = "demo"
    match: Match  # a replay or a demo always has its game on the table
    takes_orders = False  # the bots play; a touch hands the game over (see intercept)
    hand_over_cards = False  # no one to hand the table to: the bots play every side

    def __init__(self, app, loop: DemoLoop, games: int | None = None, standalone: bool = False) -> None:
        if loop.game is None or loop.current is None:
            loop.tick()  # deal the first game
        self.loop = loop
        self.games = games
        self.standalone = standalone  # ``deadground demo``: the last game quits instead of going to the title
        self.result_left: float | None = None  # seconds the result stays up
        self.played_for = 0.0  # real seconds of play since the title card (see GAME_SECONDS)
        self.beat_left = 0.0  # seconds the table still holds still after the last command (the view's demo_beat)
        self.time_up = False  # the demo called time on this game: its end card, then the next game
        self._slot: float | None = None  # this game's seconds of play (see slot)
        self._touch_origin: tuple[int, int] | None = None
        self.motion_grace = 0.0  # seconds the mouse moving still takes nothing over (see hold_motion)
        self.commands_shown = 0
        self.latest = ""  # the newest log line, in words: printed big at the foot of the table
        self.caption, self.caption_left = "", 0.0  # an arrival in plain words, up in the latest line's place
        self.hint_text = TAKE_OVER
        self.taking_over = False  # touched: the game is handed over at the next point a player can act
        self.taking_next = False  # touched on the result card: the next game is handed over once it is dealt
        # where the scoreboard and the hint go on the board (glided to a new place when the window changes)
        self.banner_glide, self.hint_glide = Glide(), Glide()
        self.board: Board | None = None  # the strip at the view's foot for the demo's words (see build)
        self.latest_rect = pygame.Rect(0, 0, 0, 0)  # where the latest line was drawn last
        self.next_deal: Dealing | None = None  # the next game, dealt behind the result card
        self.operator: CameraOperator | None = None
        self._followed: object = None  # the playback step the camera last looked at
        self._awaited: tuple[Step, list[tuple[float, float]]] | None = None  # an action waiting for the camera
        self._dice_shown: object = None
        self.dice_left = 0.0
        self.dice_rect = pygame.Rect(0, 0, 0, 0)  # where the big dice were drawn last
        self.card_rect = pygame.Rect(0, 0, 0, 0)  # where the title card was drawn last
        self.result_rect = pygame.Rect(0, 0, 0, 0)  # where the result card's panel was drawn last
        self._card_panel: tuple[tuple, pygame.Surface] | None = None  # the card's panel, for its lines and view
        self.card_lines: list[pygame.Rect] = []  # where the title card's lines were drawn (on the screen)
        assert loop.current is not None
        deal = self.deal = loop.current  # this scene's game (the loop deals the next one behind the result)
        super().__init__(app, deal.scenario, deal.options, game=loop.game, autosave=False)
        speed = max(0.25, app.settings.animation_speed)
        self.card_left = max(CARD_LEAST, CARD_SECONDS / max(1.0, speed))
        app.sounds.set_volume(app.settings.demo_volume)  # a room full of players hears it
        app.sounds.play("whistle")  # a new game: heads turn to the screen
        self.match.say(self.loop.status())
        self.told = Told.of(self.match.game, self.loop.tally.line())  # the score as the table shows it

    # ---- the layout: the table and the top bar only ----------------------------------------------

    def top_buttons(self) -> list[tuple[str, str, str, str | None]]:
        return []

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        viewport = (0, TOP_BAR, w, max(50, h - TOP_BAR))
        if self.view is None:
            self._place_table(size, 0)
        assert self.view is not None
        self.view.badge_least = DEMO_BADGE
        self.view.set_viewport(viewport)
        texts = self.view.texts
        self.board = board(viewport, h, lambda size: texts.render("Ag", size, TEXT).get_height(), FOOT)
        self.operator = CameraOperator(self.view.camera, self.view.table_size, self.board.rect.height)
        self.operator.home()  # the whole table above the board
        self.top_bar.build(self.ui, self.manager, self.app.assets, w, [])
        self._shown, self._seen_version = {}, -1
        self.buttons = {}
        if self.match is not None:
            self._refresh()

    def log(self, html_line: str) -> None:
        super().log(html_line)
        words = for_onlookers(plain(html_line))  # ("Player 1: your section acts." said to nobody at the keys)
        if words:
            self.latest = words

    def _hint(self) -> None:
        pass

    def _button(self, name: str) -> None:
        pass

    def _show_end(self) -> None:
        pass  # the demo shows the result on the table, then deals the next game

    # ---- the demo --------------------------------------------------------------------------------------

    def title(self) -> str:
        return self.deal.scenario.title

    def banner_text(self) -> str:
        """``DEMO — Hive Street — Survivors 1 – Zombies 2 (3 games so far)``."""
        finished = self.loop.games_finished
        games = f"{finished} game{'s' * (finished != 1)} so far"
        return f"DEMO \u2014 {self.title()} \u2014 {score_line(self.loop)} ({games})"

    def scoreboard(self) -> str:
        """The plate over the table: the game, who is winning now (in the rule set's turn words, the turn
        the screen shows), and the night's score, all as the table has shown them (:attr:`told`)."""
        self._take_stock()
        told = self.told
        rules = self.rules.name if self.rules is not None else ""
        lines = [f"{self.title()}  \u00b7  {rules}" if rules else self.title()]
        if told.over:
            lines.append(told.won())
        else:
            now = told.standing(self.match.shown_turn)
            objective = self.objective()
            said = named(in_words(now), told.sides())
            lines.append(f"{said}  \u00b7  {objective}" if ":" not in now and objective else said)
            down = down_words(told.sides(), now)  # a "0 up" says why (the newcomer saw a count drop to 0)
            if down:
                lines.append(down)
        lines.append(told.tally)
        return "\n".join(lines)

    def objective(self) -> str:
        """The objective line as the screen shows it, its top bar's shorthand in words (see :mod:`.demo_words`)."""
        return objective_for_onlookers(self.match.objective(), self.match.view.figure_noun)

    def objective_words(self) -> str:
        return self.objective()  # (the top bar too: it read "2nd nearest 20\" from exit (4 moves)")

    def card(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The title card's lines: (words, print size, colour)."""
        deal = self.deal
        rules = self.rules.name if self.rules is not None else ""
        lines = [
            (f"DEAD GROUND  \u00b7  DEMO  \u00b7  game {self.loop.games_started} tonight", 26, HINT),
            (self.title(), 72, GOLD),
            (rules, 34, TEXT),
            ("", 20, TEXT),
            (deal.forces() if deal is not None else "", 30, TEXT),
            (self.objective(), 28, TEXT),
            ("", 20, TEXT),
            (TAKE_OVER, 34, GOLD),
            (self.loop.tally.line(), 28, HINT),
        ]
        return [line for line in lines if line[0] or line[1] == 20]

    @property
    def banner_rect(self) -> pygame.Rect:
        """Where the scoreboard is drawn now."""
        return self.banner_glide.rect

    @property
    def hint_rect(self) -> pygame.Rect:
        """Where the hint is drawn now."""
        return self.hint_glide.rect

    def intercept(self, event: pygame.event.Event) -> bool:
        """Any real touch asks to take over (seen before pygame_gui, so no widget swallows it)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.take_over()
            return True
        if event.type == pygame.MOUSEMOTION and self.motion_grace > 0:
            self._touch_origin = None  # (the pointer's place once the grace is over counts from there)
            return True
        if event.type == pygame.MOUSEMOTION:
            if (
                self._touch_origin is None
            ):  # where the pointer was before this motion: a nudge counts from its start
                rel = getattr(event, "rel", (0, 0)) or (0, 0)  # (a nudge on the result card was one event: lost)
                self._touch_origin = (event.pos[0] - rel[0], event.pos[1] - rel[1])
            if math.dist(self._touch_origin, event.pos) > TOUCH_PIXELS:
                self.take_over()
            return True
        return False

    def take_over(self) -> None:
        """The game goes to the player at once if a player can act now, else as soon as the move under way
        ends (a squad half moved is never handed over); the hint says so meanwhile. On a result card the next
        game is his (see :meth:`take_next`)."""
        if self.at_an_end and not self._last():
            self.take_next()
            return
        self.taking_over = True
        self.hint_text = TAKING_OVER
        if self._at_a_point():
            self.hand_over()

    def _at_a_point(self) -> bool:
        """Whether a player could act now: the game over (the title is the place then), or a player's turn
        with nothing on its way across the table and no squad part way through its move."""
        game = self.match.game
        if self.at_an_end or self.loop.game is not game:
            return True
        return (
            not self.match.playback.busy and self.match.view.acting_player(game) is not None and not mid_move(game)
        )

    def take_next(self) -> None:
        """A touch on the result card: the card goes as soon as the next table is dealt, and that game is the
        player's (a key there went to the title, where everywhere else it took the game over)."""
        self.taking_next = True
        if self.result_left is not None:  # (else the card comes up for no time: see _between_games)
            self.result_left = min(self.result_left, 0.0)

    def hand_over(self) -> None:
        """The player takes the game in progress (no bots), or goes to the title between games."""
        self.app.sounds.set_volume(self.app.settings.master_volume)  # the player's own level again
        self.app.demo_when_left(
            self.loop, self.games, self.standalone
        )  # left alone, the screen draws a crowd again
        if self.at_an_end or self.loop.game is not self.match.game:  # between games: the next is not his
            self.app.back_to_title()
            return
        where = self.match.view.turn_line(self.match.game)
        seat = self.match.view.acting_player(self.match.game)
        game, deal = self.loop.hand_over()
        if game is None:
            self.app.back_to_title()
            return
        from game.session import Session

        # the passer-by takes the seat whose turn it is; the bots keep every other player's (a newcomer was
        # handed all four Zombie 40,000 squads at once)
        seats = {g.player for g in self.match.view.roster(game, self.match.looks, set()) if g.player}
        bots = {p: bot for p, bot in (deal.bots if deal is not None else {}).items() if p != seat and p in seats}
        session = Session(game, self.app.autosaves())
        session.autosave()  # from now on it is the player's game, resumable like any other
        self.loop.follow_handed(lambda: session.game)  # his result goes on the night's tally once he has one
        self.app.open_session(session, bots=bots or None, notice=handed_over(where, seat, len(bots)))
        match = getattr(self.app.scene, "match", None)
        if match is not None:  # and big, where the eye is: the status line alone was missed
            match.handoff = (f"You have the game: {where}", HANDED_SECONDS)

    def hold_motion(self, seconds: float = TOUCH_GRACE) -> None:
        """For ``seconds`` the mouse moving takes nothing over (the demo just started from its button)."""
        self.motion_grace = seconds

    def update(self, dt: float) -> None:
        super().update(dt)
        self.motion_grace = max(0.0, self.motion_grace - dt)
        self.match.handoff = None  # no "your section" plate: nobody's turn is a player's here
        self._take_stock()
        if self.app.scene is self:
            self._play(dt)
            self._in_step()
        self._film(dt)
        self.banner_glide.update(dt)
        self.hint_glide.update(dt)

    def _in_step(self) -> None:
        """The top bar names what the table, the notice and the latest line show this frame: a command just shown
        (:meth:`_play`) began its first step after the game's update had read the top bar, which said the last
        phase for a frame beside the new phase's notice and log line."""
        if self.match.version != self._seen_version:
            self._seen_version = self.match.version
            self._refresh()

    def _play(self, dt: float) -> None:
        """The bots' next command once the last one has been shown; the result, then the next game. Touched,
        the game is handed over at the first point a player can act: the bots' moves up to it are shown at
        once, :data:`HURRY_COMMANDS` a frame (a squad moving one model a command took up to 28 s)."""
        self._step(dt)
        for _ in range(HURRY_COMMANDS):
            if not self.taking_over or self.app.scene is not self:
                return
            self._step(0.0)

    def _step(self, dt: float) -> None:
        """One command of the bots', or the hand-over, the result or the next game (see :meth:`_play`)."""
        if self.taking_over and self._at_a_point():
            if not self.at_an_end or self._last():
                self.hand_over()
                return
            self.taking_over, self.hint_text = False, TAKE_OVER  # the game ended first: the next one is his
            self.taking_next = True
        if self.card_left > 0:
            self.card_left -= dt
            return
        self.played_for += dt
        if self.taking_over and self.match.playback.busy:
            self.match.playback.go_on()  # (no step waits for the camera now)
            self.match.skip()  # touched: the bots' moves to his point are shown at once, not in seconds each
            return  # (and the next step asks whether that was his point: it played on to the game's end)
        if self.match.playback.busy:
            return
        # the game shown, not the loop's: once this one is over, the next is dealt on a thread behind the result
        # card, and the loop's game is the next one (ticked here, its events went to this game's view: a crash)
        loop, game = self.loop, self.match.game
        if not self.at_an_end and self._time_is_up(game):
            self.time_up = True  # at a point between commands, no squad half moved: the table shows a whole move
            loop.call_time()
        if self.at_an_end:
            self._between_games(dt)
            return
        if self.beat_left > 0 and not self.taking_over:  # the table holds still a moment after a command (the
            self.beat_left -= dt  # view's demo_beat) for onlookers; a player who touched it waits for nothing
            return
        self._take_stock()  # (the last command is shown whole: the next one is told once it is too)
        events = loop.tick()
        if loop.game is not game:  # a bot error or a stuck game made the loop deal again
            # said in the log: on a club night such a game just vanished, turn 1, no card, and nobody knew why
            log.warning("demo game dropped: %s", loop.errors[-1] if loop.errors else "the loop dealt again")
            self.app.show_demo(loop, self.games, self.standalone)
            return
        self.commands_shown += 1
        speed = max(0.25, self.app.settings.animation_speed)
        self.match.set_speed(pace(events, self.match.view.animation, speed))  # a figure's plain move: quicker
        self.match.show(events)
        self.match.say(loop.status())
        self.beat_left = float(getattr(self.match.view, "demo_beat", 0.0)) / speed

    def _time_is_up(self, game: Game) -> bool:
        """Whether the demo calls time now: its slot is over, at a point between commands with no squad half moved,
        and the game is not in its last turn (that one gets :data:`FINISH_SECONDS` more to end by the rules)."""
        if self.played_for < self.slot() or mid_move(game):
            return False
        return not in_last_turn(game, self.deal.scenario) or self.played_for >= self.slot() + FINISH_SECONDS

    def _between_games(self, dt: float) -> None:
        """The result for :data:`RESULT_SECONDS` while the next game is dealt behind it (never on this thread:
        a table's first searches took seconds), then the next game."""
        loop, game = self.loop, self.match.game
        last = self._last()
        if self.result_left is None:
            self.result_left = 0.0 if self.taking_next else RESULT_SECONDS
            if self.time_up:
                self.app.sounds.play("whistle")
                said = lead(game) or in_words(standing(game, self.match.shown_turn))
                self.match.say(f"Time: {said}. {loop.tally.line()}")
            else:
                self.app.sounds.play("defeat" if side_of(game) == "Zombies" else "victory")
                self.match.say(f"{self.match.view.result(game)[0]} {loop.tally.line()}")  # ("Game over: ...")
            if not last:
                self.next_deal = Dealing(lambda: loop)
            return
        self.result_left -= dt
        if self.result_left > 0:
            return
        if last:
            if self.standalone:
                self.app.quit()
            else:
                self.app.sounds.set_volume(self.app.settings.master_volume)
                self.app.back_to_title()
            return
        deal = self.next_deal
        if deal is None or not deal.done.is_set():
            return  # the result stays up until the next table is ready
        if deal.loop is None:
            self.app.back_to_title()
            return
        self.app.show_demo(deal.loop, self.games, self.standalone)
        if self.taking_next and isinstance(self.app.scene, DemoScene):
            self.app.scene.take_over()  # his at its first point a player can act

    def _take_stock(self) -> None:
        """The score the demo tells, taken while the table shows all the rules have done (see :mod:`.demo_told`)."""
        if not self.match.playback.busy and self.loop.game is self.match.game:
            self.told = Told.of(self.match.game, self.loop.tally.line())

    def slot(self) -> float:
        """This game's seconds of play before the demo calls time: :data:`GAME_SECONDS`, longer for three or four
        teams (:func:`~game.ui.demo_pace.slot`), counted from the sides at the start (a team wiped out does not
        shorten it)."""
        if self._slot is None:
            self._slot = slot(GAME_SECONDS, sides(self.match.game))
        return self._slot

    def _last(self) -> bool:
        """Whether the game on the table is the demo's last (``deadground demo --games N``)."""
        loop = self.loop
        return self.games is not None and loop.games_finished + loop.games_called >= self.games

    def _film(self, dt: float) -> None:
        """The camera follows the step on screen; a new roll comes up big."""
        if self.operator is None:
            return
        step = self.match.playback.current
        if step is not None and step is not self._followed:
            self._followed = step
            self.operator.follow(step, self._on_table(), self._units())
            self._caption_of(step.events)
            self._wait_for_the_camera(step)
        self._awaited_in_sight(step)
        self.caption_left -= dt
        if self.card_left <= 0:
            self.operator.side = 0  # the card is gone: the table takes the whole view again
        if self.at_an_end and not self.match.playback.busy:  # (the last fight is watched close to its end)
            self.operator.pull_back()
        self.operator.update(dt)
        if self.match.dice is not self._dice_shown:
            self._dice_shown, self.dice_left = self.match.dice, DICE_SECONDS
        self.dice_left -= dt

    def _wait_for_the_camera(self, step: Step) -> None:
        """An action the camera does not show yet (a shot, a fight, a bite off the view) waits for it
        (:meth:`Playback.wait <game.ui.animation.Playback.wait>`, :data:`WAIT_MOST` at most): a passer-by saw the
        camera arrive after the shot was over, or never."""
        where = self._on_table()
        who = action_figures(step, where, self._units())
        points = [where[fid] for fid in who or ()]
        if points and not self.taking_over and self.operator is not None and not self.operator.sees(points):
            self._awaited = (step, points)
            self.match.playback.wait(WAIT_MOST)

    def _awaited_in_sight(self, step: Step | None) -> None:
        """The action waiting for the camera plays on once the camera shows it (or another step is on)."""
        if self._awaited is None:
            return
        awaited, points = self._awaited
        playback = self.match.playback
        if step is not awaited or not playback.waiting or self.taking_over:
            self._awaited = None
            if step is not awaited or self.taking_over:
                playback.go_on()
            return
        if self.operator is not None and self.operator.sees(points):
            self._awaited = None
            playback.go_on()

    def _caption_of(self, events: object) -> None:
        """An event the table alone does not explain (zombies arriving, a team back) goes up in words, in the latest
        line's place, for :data:`CAPTION_SECONDS` (the view's ``caption``: a horde appeared and nobody knew why)."""
        caption = getattr(self.match.view, "caption", None)
        if caption is None or not isinstance(events, (list, tuple)):
            return
        for event in events:
            words = caption(self.match.game, event)
            if words:
                self.caption, self.caption_left = words, CAPTION_SECONDS

    def _on_table(self) -> dict[str, tuple[float, float]]:
        """Where each figure standing on the table is shown now (the dead and the gone are no action)."""
        looks = self.match.looks
        return {
            fid: look.position for fid, look in looks.items() if look.state not in ("dead", "exited", "embarked")
        }

    def _units(self) -> dict[str, list[str]]:
        """The figures of each unit, for a rule set whose events name units (a squad shoots at a horde)."""
        units: dict[str, list[str]] = {}
        for f in self.match.game.figures:
            unit = getattr(f, "unit", None)
            if isinstance(unit, str):
                units.setdefault(unit, []).append(f.id)
        return units

    # ---- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.card_left > 0 and self.view is not None and self.operator is not None:
            self._ready_card()  # before the table is drawn: the camera makes room for the card
        super().draw(surface)
        if self.view is None or self.board is None:
            return
        plate, hint = self._score_plate(), self.view.plate(self.hint_text, self.board.hint, HINT)
        self._place_plates(plate, hint)
        if self.card_left > 0:
            self._draw_board(surface, plate, hint)
            self._draw_title_card(surface)
            return
        if self.at_an_end and self.result_left is not None:
            self._draw_card(surface, self.result_card(), shade=150)
            return
        self._draw_board(surface, plate, hint)

    def _draw_board(self, surface: pygame.Surface, plate: pygame.Surface, hint: pygame.Surface) -> None:
        """The board at the view's foot: a dark strip, the scoreboard, the latest line, the hint and the dice."""
        assert self.board is not None
        strip = pygame.Surface(self.board.rect.size, pygame.SRCALPHA)
        strip.fill((12, 13, 10, 235))
        surface.blit(strip, self.board.rect)
        pygame.draw.line(surface, GOLD, self.board.rect.topleft, self.board.rect.topright, 2)
        surface.blit(plate, self.banner_rect)
        self._draw_dice(surface)
        self._draw_latest(surface)
        surface.blit(hint, self.hint_rect)

    def notice(self) -> tuple[str, float]:
        """The notice the demo shows and its seconds left: the newest one that says what happens (a phase begun or
        passed by), never a prompt to a player (the bots play every seat: "press 1 to keep..." stayed up, stale,
        over a bot's game); ("", 0) for none. The newest is the one waiting for room, else the one with the most
        time left, else the later one: a movement phase passed by in the same step as the shooting phase began
        (both 2.4 s left) kept "Movement phase" up through the shooting."""
        left = self.match.notice_times()
        waiting = self.match.notice_waiting
        up = sorted(enumerate(self.match.notices), key=lambda n: (left.get(n[1][0], 0.0), n[0]), reverse=True)
        newest = waiting if waiting is not None else up[0][1] if up else None
        if newest is None:
            return "", 0.0
        key, words = newest
        told = for_onlookers(words)
        # its seconds left in the demo (a waiting one has all its time to come)
        shown = left.get(key, GAME_NOTICE_SECONDS) - (GAME_NOTICE_SECONDS - NOTICE_SECONDS)
        return (told, shown) if told and shown > 0 else ("", 0.0)  # (an older one is no longer the news)

    def _draw_notices(self, surface: pygame.Surface, banner: pygame.Rect | None = None) -> pygame.Rect | None:
        """The newest notice (see :meth:`notice`) in the band kept for it at the top middle, fading out; where it
        stands (None: no notice)."""
        assert self.match is not None and self.view is not None
        words, left = self.notice()
        if not words:
            return None
        band = notice_band(self.view.camera.viewport)
        image = self.view.plate(words, 30, GOLD, width=band.width)
        image.set_alpha(int(255 * min(1.0, left / 0.4)))
        spot = image.get_rect(midtop=band.midtop)
        surface.blit(image, spot)
        return spot

    @property
    def at_an_end(self) -> bool:
        """Whether the game on the table is over: by the rules, or the demo called time on it."""
        return self.match.game.over or self.time_up

    def result_card(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """The card at a game's end: who won, why (in the rule set's words), the night's score; when the demo
        called time, where the game stood."""
        game = self.match.game
        if self.time_up:
            return [
                (self.title(), 34, TEXT),
                ("Time!", 72, GOLD),
                *self.time_words(),
                (f"The demo plays {self.slot() / 60:.0f} minutes of this game: on to the next one", 24, HINT),
                ("", 20, TEXT),
                (self.loop.tally.line(), 34, GOLD),
                (self._next_words(), 24, HINT),
            ]
        side = side_of(game)
        won, why = result_words(game)  # (the card is the game's end: no "Game over", the winner named once)
        down = down_line(standing(game))
        # the card says one thing: "All survivors down" under "The survivors win!" (Last Evac's teams all aboard or
        # fallen) was a contradiction; the rules' reason says how they won
        lost = down.startswith("All") and side != SURVIVORS
        return [
            (self.title(), 34, TEXT),
            (won, 72, GOLD),
            (why, 28, TEXT),
            *([(down, 30, GOLD)] if lost else []),
            ("", 20, TEXT),
            (self.loop.tally.line(), 34, GOLD),
            (self._next_words(), 24, HINT),
        ]

    def time_words(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        """Who was ahead when time was called, and why, in the rule set's words (its ``Outcome.lead``: "Player 2
        (Ork Boyz) leads the race: 6" from the escape vehicle"), over where every side stood; where the rule set
        says no more than its score, the score (a called Zombie 40,000 game ended on "Time!" and nothing else)."""
        game = self.match.game
        now = named(in_words(standing(game, self.match.shown_turn)), sides(game))
        ahead = lead(game)
        if not ahead:
            return [(now, 34, TEXT)]
        return [(ahead, 40, GOLD), (now, 26, TEXT)]

    def _next_words(self) -> str:
        """The result card's last line: the next game coming (or being set up), and how to stop the demo."""
        deal = self.next_deal
        if self._last():
            return "The demo's last game \u2014 press a key to go back to the title"
        if self.taking_next:
            return TAKING_NEXT
        if deal is not None and not deal.done.is_set() and (self.result_left or 0) <= 0:
            return "Setting up the next table\u2026 \u2014 move the mouse or press a key to play it"
        return NEXT_IS_YOURS

    def _ready_card(self) -> None:
        """The title card's panel, made once a game, at the right of the view above the board: the camera shows
        the whole table left of it (a panel placed where it hid the least still hid figures of a full table)."""
        assert self.view is not None and self.operator is not None
        card = self.card()
        key = (tuple(card), self.view.camera.viewport)  # placed once a game: the card stays where it came up
        if self._card_panel is not None and self._card_panel[0] == key:
            return
        vx, vy, vw, vh = self.view.camera.viewport
        band = notice_band(self.view.camera.viewport)
        top = self._foot().top - MARGIN
        panel = self.card_panel(card, (round(vw * CARD_WIDTH), top - band.bottom - MARGIN))
        self.card_rect = panel.get_rect(bottomright=(vx + vw - MARGIN, top))
        self.card_lines = [r.move(self.card_rect.topleft) for r in self.card_lines]
        self._card_panel = (key, panel)
        first = self.operator.side == 0 and self._followed is None
        self.operator.side = panel.get_width() + 2 * MARGIN
        if first:
            self.operator.home()

    def _draw_title_card(self, surface: pygame.Surface) -> None:
        """The title card (see :meth:`_ready_card`); it fades out over its last :data:`CARD_FADE` seconds."""
        self._ready_card()
        assert self._card_panel is not None
        panel = self._card_panel[1]
        panel.set_alpha(int(255 * min(1.0, self.card_left / CARD_FADE)))
        surface.blit(panel, self.card_rect)

    def card_print(self, size: float) -> int:
        """A card's print ``size`` (for a window :data:`CARD_BASE` high) in this window, and never less than the
        board's print of the hint: a card's least line read as small as a player's log across the room."""
        height = self.app.screen.get_height()
        return max(print_size(height, 0.036), round(size * height / CARD_BASE))

    def card_panel(
        self, card: list[tuple[str, int, tuple[int, int, int]]], room: tuple[int, int]
    ) -> pygame.Surface:
        """The card's lines centred on a dark framed panel that fills ``room`` (the view's right, from the notices'
        band to the board: a card at its foot left the half above it empty), in the largest print that fits
        (:data:`CARD_PRINT` of their size at the least), a long line wrapped at words; an empty line is a gap, and
        the gaps share the height left (the game, then its sides and objective, then how to take over)."""
        assert self.view is not None
        w, h = max(80, room[0]), max(60, room[1])
        blocks: list[list[pygame.Surface]] = [[]]
        for scale in (2.0, 1.8, 1.6, 1.4, 1.25, 1.1, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
            blocks = self._card_blocks(card, w - 32, CARD_PRINT * scale)
            rows = [r for block in blocks for r in block]
            if sum(r.get_height() + 4 for r in rows) + 20 + 24 * (len(blocks) - 1) <= h and scale <= 1.6:
                break
        panel = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(panel, (12, 13, 10, 225), panel.get_rect(), border_radius=10)
        pygame.draw.rect(panel, GOLD, panel.get_rect(), 2, border_radius=10)
        used = sum(r.get_height() + 4 for block in blocks for r in block)
        gap = max(0, (h - 20 - used) // max(1, len(blocks) + 1))  # as much above and below as between
        self.card_lines = []
        y = 10 + gap
        for block in blocks:
            for row in block:
                self.card_lines.append(panel.blit(row, row.get_rect(midtop=(w // 2, y))))
                y += row.get_height() + 4
            y += gap
        return panel

    def _card_blocks(
        self, card: list[tuple[str, int, tuple[int, int, int]]], room: int, scale: float
    ) -> list[list[pygame.Surface]]:
        """The card's rows in ``scale`` of their print, wrapped at words to ``room`` pixels, in blocks parted by
        the card's empty lines."""
        assert self.view is not None
        texts = self.view.texts
        blocks: list[list[pygame.Surface]] = [[]]
        for words, n, colour in card:
            if not words:
                blocks.append([])
                continue
            size = self.card_print(n * scale)
            rows = [texts.render(line, size, colour) for line in wrap(words, texts.font(size), room) or [""]]
            blocks[-1] += [_fit(r, room, r.get_height()) for r in rows]
        return [b for b in blocks if b]

    def _draw_card(
        self, surface: pygame.Surface, card: list[tuple[str, int, tuple[int, int, int]]], shade: int = 215
    ) -> None:
        """A card over the table (the result, or time called): its lines centred on a dark framed panel measured
        round them, on a veil over the view. Without the panel, a camera pulled back to a small table showed the
        long lines running past the table's edges into the dark: out of the card, as a passer-by saw it."""
        assert self.view is not None
        area = pygame.Rect(self.view.camera.viewport)
        veil = pygame.Surface(area.size, pygame.SRCALPHA)
        veil.fill((12, 13, 10, shade))
        surface.blit(veil, area)
        placed = self.card_rows(card, area)
        self.result_rect = card_frame([rect for _, rect in placed], area)
        panel = pygame.Surface(self.result_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (12, 13, 10, 235), panel.get_rect(), border_radius=10)
        pygame.draw.rect(panel, GOLD, panel.get_rect(), 2, border_radius=10)
        surface.blit(panel, self.result_rect)
        for row, rect in placed:
            surface.blit(row, rect)

    def card_rows(
        self, card: list[tuple[str, int, tuple[int, int, int]]], area: pygame.Rect
    ) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """A card's lines laid out in ``area``: a long line wrapped at words (Last Evac's reason, shrunk to one line,
        read as small print), the whole card in smaller print while it is taller than the area (its head was cut)."""
        texts = self.view.texts if self.view is not None else None
        room = min(area.width - 2 * CARD_SIDE, round(area.width * CARD_LINE))  # (a line across the whole room)
        assert texts is not None
        rows: list[pygame.Surface] = []
        for scale in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
            rows = []
            for words, size, colour in card:
                n = max(8, round(self.card_print(size) * scale))
                rows += [texts.render(line, n, colour) for line in wrap(words, texts.font(n), room) or [""]]
            rows = [_fit(r, room, r.get_height()) for r in rows]  # (a word longer than the window)
            if sum(r.get_height() + 10 for r in rows) <= area.height - 2 * MARGIN:
                break
        y = area.centery - sum(r.get_height() + 10 for r in rows) // 2
        placed = []
        for row in rows:
            placed.append((row, row.get_rect(midtop=(area.centerx, max(area.top + MARGIN, y)))))
            y += row.get_height() + 10
        return placed

    def _draw_dice(self, surface: pygame.Surface) -> None:
        """The last roll, big, at the board's right, for a few seconds after it was thrown."""
        dice, b = self.match.dice, self.board
        if dice is None or self.dice_left <= 0 or self.view is None or b is None:
            return
        size = (self._dice_column(), b.tray)
        tray = tray_surface(
            self.app.assets, self.view.texts, size, dice.faces, dice.meaning, dice.failed, b.die, b.dice_words
        )
        tray.set_alpha(int(255 * min(1.0, self.dice_left / 0.5)))
        self.dice_rect = tray.get_rect(bottomright=(b.rect.right - MARGIN, b.rect.bottom - MARGIN))
        surface.blit(tray, self.dice_rect)

    def _dice_column(self) -> int:
        """The board's right, kept for the dice: six of them, at most half the board (their words wrap)."""
        assert self.board is not None
        die = self.board.die
        return min(self.board.rect.width // 2 - MARGIN, max(16 + 6 * (die + die // 6), 200))

    def _words_room(self) -> int:
        """The board's width left of the dice column (the scoreboard, the latest line and the hint)."""
        assert self.board is not None
        return self.board.rect.width - 2 * MARGIN - GAP - self._dice_column()

    def _score_plate(self) -> pygame.Surface:
        """The scoreboard in the board's print, shrunk into its place if a line is long or a fourth one came; three
        or four sides each get a column, their forces' names over big numbers (:mod:`~game.ui.demo_scoreboard`)."""
        assert self.board is not None
        return _fit(self.score_plate(), self._words_room(), self.board.score_box.height)

    def score_plate(self) -> pygame.Surface:
        """The scoreboard as drawn before it is fitted to its place on the board."""
        assert self.view is not None and self.board is not None
        self._take_stock()
        told, b = self.told, self.board
        sides_now = told.sides()
        if not sides_now:  # (a rule set whose score names no side)
            return self.view.plate(self.scoreboard(), b.words, GOLD)
        now = told.standing(self.match.shown_turn)
        head = f"{self.title()}  \u00b7  {now.split(':')[0]}" if ":" in now else self.title()
        under = told.won() if told.over else down_words(sides_now, now) or self.objective()
        return sides_plate(self.view.texts, head, sides_now, told.tally, b.words, b.hint, (GOLD, TEXT), under)

    def _draw_latest(self, surface: pygame.Surface) -> None:
        """What just happened (the log's newest line), in print a room can read, under the scoreboard: the whole
        board wide while no dice are up."""
        if not self.latest or self.view is None or self.board is None:
            return
        said = self.caption if self.caption_left > 0 else self.latest  # a caption holds the place a while
        words = said if len(said) <= 90 or self.caption_left > 0 else said[:88] + "\u2026"
        dice_up = self.match.dice is not None and self.dice_left > 0
        room = self._words_room() if dice_up else self.board.rect.width - 2 * MARGIN
        colour, width = (CAPTION, room) if self.caption_left > 0 else (TEXT, None)
        plate = self.view.plate(words, self.board.words, colour, width=width)
        # never over the take-over hint (a caption's second line stood in its place, and the hint went)
        above_hint = self.board.hint_rect(self._hint_size()).top - GAP - self.board.latest_at[1]
        plate = _fit(plate, room, max(1, above_hint))
        self.latest_rect = surface.blit(plate, self.board.latest_at)

    def _hint_size(self) -> tuple[int, int]:
        """The take-over hint's plate's size on the board."""
        assert self.view is not None and self.board is not None
        return self.view.plate(self.hint_text, self.board.hint, HINT).get_size()

    def _foot(self) -> pygame.Rect:
        """The view's foot: the board, where the demo's words and the dice stand."""
        assert self.view is not None
        if self.board is not None:
            return pygame.Rect(self.board.rect)
        vx, vy, vw, vh = self.view.camera.viewport
        return pygame.Rect(vx, vy + vh - FOOT, vw, FOOT)

    def _place_plates(self, plate: pygame.Surface, hint: pygame.Surface) -> None:
        """The scoreboard at the board's upper left, the hint at its lower left: never over the table, where they
        landed on the fight (placed where they hid the least, they still covered figures in a crowded view)."""
        assert self.board is not None
        self.banner_glide.go(pygame.Rect(self.board.score_box.topleft, plate.get_size()))
        self.hint_glide.go(self.board.hint_rect(hint.get_size()))


def card_frame(rows: list[pygame.Rect], area: pygame.Rect) -> pygame.Rect:
    """The panel round a card's lines: :data:`CARD_SIDE` clear beside the widest, :data:`MARGIN` above and below,
    inside ``area`` (the lines are laid out to leave that room).

    >>> card_frame([pygame.Rect(100, 50, 200, 30), pygame.Rect(150, 90, 100, 20)], pygame.Rect(0, 0, 640, 480))
    Rect(60, 42, 280, 76)
    """
    if not rows:
        return pygame.Rect(area.center, (0, 0))
    box = rows[0].unionall(rows[1:]).inflate(2 * CARD_SIDE, 2 * MARGIN)
    return box.clip(area)


def down_words(forces: list[Side], score: str) -> str:
    """Why a count is 0, in words: a team the rules bring back says so ("Necron Warriors wiped out: back next
    turn"; its count went 5, 0, 5 with "wiped out — the others fight on" under it), else :func:`down_line`.

    >>> down_words([Side("Necron Warriors", "Player 1", 1, 0, "back next turn")], "Turn 3: Player 1 0 up")
    'Necron Warriors wiped out: back next turn'
    """
    noted = [f"{s.name} wiped out: {s.note}" for s in forces if s.note and not s.standing]
    return "; ".join(noted) or down_line(score)


def _fit(plate: pygame.Surface, width: int, height: int) -> pygame.Surface:
    """``plate`` shrunk (keeping its shape) to no more than ``width`` by ``height`` pixels."""
    scale = min(1.0, width / max(1, plate.get_width()), height / max(1, plate.get_height()))
    if scale >= 1.0:
        return plate
    return pygame.transform.smoothscale(
        plate, (round(plate.get_width() * scale), round(plate.get_height() * scale))
    )
