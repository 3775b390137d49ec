"""The window and main loop: a stack of scenes, pygame_gui, a 60 fps frame cap, F11 fullscreen.

>>> raise SystemExit(run())                       # doctest: +SKIP

Tests drive it frame by frame without a screen (SDL_VIDEODRIVER=dummy):

>>> app = App(sounds_enabled=False)               # doctest: +SKIP
>>> app.run_frames(120)                           # doctest: +SKIP
"""

from __future__ import annotations

import copy
import html
import logging
import math
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.saves import Autosaves, data_folder
from game.ui.allocator import return_freed_pictures
from game.ui.assets import Assets
from game.ui.interface_size import LEAST_CANVAS, canvas_for, on_canvas, present, shown_size
from game.ui.navigator import DEMO_AGAIN_SECONDS, DEMO_AGAIN_WARNING
from game.ui.scenario_list import ScenarioEntry, list_scenarios, load_entry, not_playable
from game.ui.scenes.base import WINDOW_NAME, Scene
from game.ui.settings import Settings, default_settings_path
from game.ui.sound import Sounds
from game.ui.text_pictures import paint_text_in_one_picture
from game.ui.theme_ids import small_theme_keys
from game.ui.tooltips import drop_stray_tips

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.demo import DemoLoop
    from game.replay import Replay
    from game.rules.contract import Report
    from game.rules.core import Game
    from game.scenario.model import Scenario
    from game.session import Session
    from game.ui.campaign_list import CampaignEntry
    from game.ui.campaign_play import CampaignPlay
    from game.ui.carry_panel import ChapterEnd
    from game.ui.game_setup import GameSetup
    from game.ui.net_table import NetTable
    from game.ui.scenes.game import GameScene

__all__ = ["App", "not_playable", "run", "run_demo", "run_designer", "watch_replay"]

log = logging.getLogger(__name__)

WINDOW_SIZE = (1280, 800)
MIN_SIZE = LEAST_CANVAS
FPS = 60
IDLE_FPS = 10  # a screen nobody touches and nothing moves on: a laptop at a club night should not run hot
IDLE_AFTER = 1.0  # seconds without input before the screen slows down
THEME = Path(__file__).with_name("theme.json")


FIRST_LIGHT = "Setting up the table..."
ENDING_TITLES = {"victory": "THE CAMPAIGN IS WON", "defeat": "THE CAMPAIGN IS LOST"}  # after its last chapter
BACKDROP = (18, 19, 16)
INK = (233, 227, 201)


def first_light(screen: pygame.Surface) -> None:
    """The window's first frame, drawn the moment it opens: the name and what is happening. A window left
    black while the fonts, the rules and the table load (seconds on a busy machine, twenty on a first start)
    looks like a game that hung."""
    screen.fill(BACKDROP)
    w, h = screen.get_size()
    for text, size, dy in (("Dead Ground", 64, -30), (FIRST_LIGHT, 24, 30)):
        words = pygame.font.Font(None, size).render(text, True, INK)
        screen.blit(words, words.get_rect(center=(w // 2, h // 2 + dy)))
    pygame.display.flip()


class App:
    """One game window: the stack of scenes, and the :class:`~game.ui.navigator.Navigator` they are handed
    (the only module that names every scene; the scenes name none of each other)."""

    def __init__(
        self,
        fullscreen: bool | None = None,
        settings_path: Path | None = None,
        sounds_enabled: bool = True,
        size: tuple[int, int] = WINDOW_SIZE,
        fps: int = FPS,
        data_dir: Path | None = None,
    ) -> None:
        self.fps = fps  # the frame cap; tests pass 0 to run frames back to back
        # saves and autosaves: the user data folder; a given settings file keeps them beside it
        # (tests and portable installs never touch the real user folder)
        if data_dir is None:
            data_dir = settings_path.parent if settings_path is not None else data_folder()
        self.data_dir = Path(data_dir)
        # pictures drawn once and kept (the maps' thumbnails): the user's cache folder, or beside given settings
        self.cache_dir = self.data_dir / "cache" if settings_path is not None else _user_cache()
        self.settings_path = settings_path if settings_path is not None else default_settings_path()
        self.settings = Settings.load(self.settings_path)
        self.fullscreen_chosen = self.settings.fullscreen  # the player's own choice (the demo's filling is not)
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen or self.settings.fullscreen
        return_freed_pictures()  # before the first picture: zooming out gives the memory back
        pygame.init()
        self.assets = Assets()
        self.window_caption = WINDOW_NAME  # the window's title on a screen with no caption of its own
        self._caption_shown = WINDOW_NAME
        pygame.display.set_caption(WINDOW_NAME)
        try:
            pygame.display.set_icon(self.assets.image("ui.icon"))
        except pygame.error as exc:  # an icon is a nicety
            log.warning("window icon not set: %s", exc)
        self.windowed_size = size
        self.display = self._open_window(self.settings.fullscreen)  # the window; ``screen``: what scenes draw on
        first_light(self.display)
        self.assets.prepare_for_display()
        self.ui_size = 1.0  # the interface size shown (see game.ui.interface_size)
        self.screen = self.display
        self.manager = pygame_gui.UIManager(self.display.get_size(), str(THEME))
        small_theme_keys(self.manager.get_theme())  # pygame_gui's own keys took megabytes an element
        paint_text_in_one_picture()  # a text box made taller held its old picture and the new (22 MB the log)
        self._size_canvas()
        # the text boxes' bold and italic runs, loaded up front rather than on first use (the bold 14 and
        # 24 come with the theme: the small buttons and the banner's smaller print)
        self.manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": size, "style": st}
                for size in (14, 16, 24)
                for st in ("bold", "italic")
                if not (st == "bold" and size in (14, 24))
            ]
        )
        self.sounds = Sounds(self.settings.master_volume, self.settings.muted, enabled=sounds_enabled)
        self.clock = pygame.time.Clock()
        self.quiet_for = 0.0  # seconds since the last input event (see frame_cap)
        self._demo_again: Callable[[], None] | None = None  # see demo_when_left
        self.night: DemoLoop | None = None  # tonight's demo (see show_demo)
        self._countdown_font: tuple[int, pygame.font.Font] | None = None  # its size, and the demo countdown's font
        self.held: set[tuple[int, int]] = set()  # keys and mouse buttons down now: (event type, key or button)
        self.running = True
        self.scenes: list[Scene] = []
        self.last_ruleset = ""  # the rule set played or read last: the title's Rules opens on it
        self._scenarios: list[ScenarioEntry] | None = None
        self._campaigns: list[CampaignEntry] | None = None
        self.frames = 0

    # ---- window ------------------------------------------------------------------------------

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        if on == self.settings.fullscreen and self.display is pygame.display.get_surface():
            return
        if not self.settings.fullscreen:
            self.windowed_size = self.display.get_size()
        self.settings.fullscreen = on
        self.settings.save(self.settings_path)
        self.display = self._open_window(on)
        self._resized()

    def _resized(self) -> None:
        self._size_canvas()
        self.rebuild()

    def _size_canvas(self) -> None:
        """The canvas the scenes draw on for the window and the interface size asked for (the settings')."""
        self.ui_size = shown_size(self.settings.interface_size, self.display.get_size(), MIN_SIZE)
        self.screen = canvas_for(self.display, self.ui_size)
        self.manager.set_window_resolution(self.screen.get_size())
        self.manager.mouse_pos_scale_factor = [1 / self.ui_size, 1 / self.ui_size]

    def set_interface_size(self, size: float) -> None:
        """Draw the interface at ``size`` (1.5: half as big again) from the next frame, and keep it."""
        self.settings.interface_size = size
        self.settings.save(self.settings_path)
        self._resized()

    # ---- scenes ------------------------------------------------------------------------------

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.teardown()
        self.scenes.append(scene)
        scene.build(self.screen.get_size())
        self.sounds.play("click")

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().teardown()
        if self.scene is None:
            from game.ui.scenes.title import TitleScene

            self.scenes.append(TitleScene(self))
        self.scenes[-1].build(self.screen.get_size())

    def rebuild(self) -> None:
        """Lay the current scene out again (window resized, or its rows changed)."""
        if self.scene is not None:
            self.scene.teardown()
            self.scene.build(self.screen.get_size())

    def back_to_title(self) -> None:
        while len(self.scenes) > 1:
            self.scenes.pop().teardown()
        if self.scene is not None:
            self.scene.teardown()
            self.scenes.pop()
        self.pop()  # an empty stack gets the title

    def quit(self) -> None:
        self.running = False

    def scenarios(self) -> list[ScenarioEntry]:
        """Every map in maps/, loaded once per run."""
        if self._scenarios is None:
            self._scenarios = list_scenarios()
        return self._scenarios

    def campaigns(self) -> list[CampaignEntry]:
        """Every campaign file beside the maps (``campaigns/*.toml``), read once per run."""
        if self._campaigns is None:
            from game.ui.campaign_list import list_campaigns

            self._campaigns = list_campaigns()
        return self._campaigns

    # ---- the navigator: where a scene asks to go (game.ui.navigator) -----------------------------
    # the scenes are imported when first shown: the title comes up without loading the table's modules

    def show_new_game(self) -> None:
        from game.ui.scenes.new_game import NewGameScene

        self.push(NewGameScene(self))

    def show_load(self) -> None:
        from game.ui.scenes.load import LoadScene

        self.push(LoadScene(self))

    def show_settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.push(SettingsScene(self))

    def show_rules(
        self, ruleset: str | None = None, scenario: Scenario | None = None, options: dict[str, Any] | None = None
    ) -> None:
        from game.ui.scenes.rules import RulesScene

        self.push(RulesScene(self, ruleset, scenario, options, first=self.first_ruleset()))

    def show_how_to_play(self, ruleset: str | None = None) -> None:
        from game.ui.scenes.how_to_play import HowToPlayScene

        self.push(HowToPlayScene(self, ruleset, first=self.first_ruleset()))

    def first_ruleset(self) -> str:
        """The rule set a page of rules opens on: the one played or read last, else the default scenario's (a
        newcomer's first How to play opened on whichever came first in the alphabet)."""
        if not self.last_ruleset:
            from game.assets import default_scenario
            from game.scenario import load_scenario

            try:
                self.last_ruleset = load_scenario(str(default_scenario())).ruleset
            except Exception:  # a broken install: the chooser opens on its first, as before
                return ""
        return self.last_ruleset

    def show_replay(self, replay: Replay, title: str = "") -> None:
        from game.ui.scenes.replay import ReplayScene

        self.push(ReplayScene(self, replay, title=title))

    def show_end(
        self,
        report: Report,
        on_again: Callable[[], None] | None = None,
        on_title: Callable[[], None] | None = None,
        chapter: ChapterEnd | None = None,
        *,
        again_words: str = "",
        on_table: Callable[[], None] | None = None,
        on_setup: Callable[[], None] | None = None,
    ) -> None:
        from game.ui.scenes.end import EndScene

        end = EndScene(
            self,
            report,
            on_again=on_again,
            on_title=on_title,
            chapter=chapter,
            on_table=on_table,
            on_setup=on_setup,
        )
        end.again_words = again_words or end.again_words
        self.push(end)

    def show_demo(
        self, loop: DemoLoop, games: int | None = None, standalone: bool = False, motion_grace: float = 0.0
    ) -> None:
        """The demo scene on ``loop``; for ``motion_grace`` seconds the mouse moving takes nothing over (the hand
        that pressed the Demo button may still be moving)."""
        from game.ui.scenes.demo import DemoScene

        self.night = loop  # the title's Demo goes on with it: a passer-by's game no longer reset the night's score
        scene = DemoScene(self, loop, games, standalone)
        scene.hold_motion(motion_grace)
        self.replace(scene)

    def demo_countdown(self) -> str:
        """The words counting down to the demo's return, in its last seconds ("" otherwise)."""
        left = DEMO_AGAIN_SECONDS - self.quiet_for
        if self._demo_again is None or left > DEMO_AGAIN_WARNING:
            return ""
        return f"The demo comes back in {max(0, math.ceil(left))} s: move the mouse to keep this game."

    def _draw_demo_countdown(self) -> None:
        text = self.demo_countdown()
        if not text:
            return
        size = max(22, self.screen.get_height() // 28)
        if self._countdown_font is None or self._countdown_font[0] != size:  # (made once, not each frame)
            self._countdown_font = (size, pygame.font.SysFont(None, size))
        font = self._countdown_font[1]
        words = font.render(text, True, (250, 236, 190))
        plate = pygame.Rect(0, 0, words.get_width() + 32, words.get_height() + 16)
        plate.midbottom = (self.screen.get_width() // 2, self.screen.get_height() - 24)
        pygame.draw.rect(self.screen, (24, 20, 14), plate, border_radius=8)
        pygame.draw.rect(self.screen, (200, 160, 70), plate, 2, border_radius=8)
        self.screen.blit(words, words.get_rect(center=plate.center))

    def demo_when_left(self, loop: DemoLoop, games: int | None = None, standalone: bool = False) -> None:
        """The demo again, with the night's score, once nobody has touched the screen for
        :data:`DEMO_AGAIN_SECONDS` (a club night's screen left on a passer-by's half-played game, or on the
        title). His game is autosaved: Resume finds it."""
        self._demo_again = lambda: self.deal_demo(lambda: loop, games, standalone)

    def deal_demo(self, make: Callable[[], DemoLoop], games: int | None = None, standalone: bool = False) -> None:
        self._demo_again = None  # the demo is on again
        from game.ui.demo_dealing import Dealing
        from game.ui.scenes.demo_dealing import DemoDealScene

        self.replace(DemoDealScene(self, Dealing(make), games, standalone))

    def start_setup(self, entry: ScenarioEntry, answers: dict[str, Any] | None = None) -> None:
        """The set-up screen of a scenario whose rule set plays on screen (else nothing happens: the
        menus say why, see :func:`~game.ui.scenario_list.not_playable`), opened on ``answers`` when given (the
        choices of the game just played, to change)."""
        from game.ui.scenes.setup import SetupScene

        if entry.scenario is not None and not not_playable(entry.scenario.ruleset):
            scene = SetupScene(self, entry)
            if answers:
                scene.setup.answers = copy.deepcopy(answers)
            self.push(scene)

    def start_game(self, setup: GameSetup, seed: int | None = None) -> None:
        """Put ``setup``'s game on the table (a new random seed unless ``seed`` is given)."""
        from game.ui.scenes.game import GameScene

        if setup.entry.scenario is None:
            return
        play = setup.campaign
        options = setup.options
        if play is not None:  # a campaign's chapter: the force carried over, and the campaign's dice
            chosen = self._chapter_options(play, setup.options)
            if chosen is None:
                return  # the campaign screen says why the chapter cannot start
            options, seed = chosen
        while self.scenes:
            self.scenes.pop().teardown()
        self.last_ruleset = setup.entry.scenario.ruleset
        scene = GameScene(self, setup.entry.scenario, options, seed=seed)
        if play is not None:
            self._play_as_chapter(scene, play)
        self.push(scene)
        self.sounds.play("whistle")

    # ---- network play (game.net; docs/NETWORK.md) --------------------------------------------------

    def show_join(self) -> None:
        """The title's Join: an address, a name, a password; a seat or Watch; then the lobby."""
        from game.ui.scenes.join import JoinScene

        self.push(JoinScene(self))

    def show_host(self, setup: GameSetup, seed: int | None = None) -> None:
        """The set-up's Host: each seat on this screen, over the network or a bot; the room; Begin."""
        from game.ui.scenes.host import HostScene

        self.push(HostScene(self, setup, seed))

    def host_again(self, session: Session) -> None:
        """The title's Resume of a hosted game that stopped: its Host screen, the seats and port as they were,
        to open the room again (its clients rejoin)."""
        from game.ui.game_setup import GameSetup
        from game.ui.scenario_list import ScenarioEntry
        from game.ui.scenes.host import HostScene

        game = session.game
        setup = GameSetup(ScenarioEntry(Path(game.scenario.path), game.scenario))
        setup.use_options(dict(game.options))
        self.push(HostScene(self, setup, resumed=session))

    def play_network(self, table: NetTable) -> None:
        """Put a networked game on the table (its client has the host's game)."""
        from game.ui.scenes.net_game import NetGameScene

        game = table.client.game
        assert game is not None
        self.last_ruleset = game.scenario.ruleset
        while self.scenes:
            self.scenes.pop().teardown()
        self.push(NetGameScene(self, table))
        self.sounds.play("whistle")

    # ---- campaigns: a chain of ordinary games (game.ui.campaign_play) ------------------------------

    @property
    def campaigns_dir(self) -> Path:
        """Where campaigns in progress are kept: beside the autosaves (a chapter in play is one)."""
        return self.data_dir / "autosave"

    def start_campaign(self, entry: CampaignEntry) -> None:
        """A new campaign: its first chapter's set-up (the players' names, sections, teams become its force)."""
        from game.ui.campaign_play import CampaignPlay

        if entry.campaign is not None:
            self.play_chapter(CampaignPlay.begin(entry.campaign, self.campaigns_dir))

    def show_campaign(self, play: CampaignPlay, notice: str = "") -> None:
        """The campaign screen (its chapters, the force, the next briefing) in place of every screen."""
        from game.ui.scenes.campaign import CampaignScene

        while self.scenes:
            self.scenes.pop().teardown()
        self.last_ruleset = play.campaign.ruleset
        self.push(CampaignScene(self, play, notice))

    def play_chapter(self, play: CampaignPlay) -> None:
        """The campaign's next chapter: its interrupted game where it was, else the first chapter's set-up,
        else a new game with the force carried over. A chapter that cannot start says why on the campaign
        screen."""
        from game.ui.campaign_play import CampaignRefused
        from game.ui.game_setup import GameSetup
        from game.ui.scenes.setup import SetupScene

        if self._resume_chapter(play):
            return
        try:
            entry = play.chapter_entry()
        except CampaignRefused as exc:
            self.show_campaign(play, notice=str(exc))
            return
        why = entry.error or (not_playable(entry.scenario.ruleset) if entry.scenario is not None else "")
        if why:
            self.show_campaign(play, notice=f"The chapter's map {entry.path.name} cannot be played: {why}")
        elif not play.played:
            self.push(SetupScene(self, entry, campaign=play))
        else:
            self.start_game(GameSetup(entry, campaign=play))

    def _resume_chapter(self, play: CampaignPlay) -> bool:
        """Resume the chapter's interrupted game when an autosave of it is left (True: it is on the table)."""
        from game.saves import SaveError
        from game.session import Session

        path = play.in_play()
        if path is None:
            return False
        try:
            session = Session.resume(path, self.autosaves())
        except SaveError as exc:
            self.show_campaign(play, notice=f"The chapter's autosave cannot be resumed: {exc}")
            return True
        self.open_session(session, notice="Resumed the chapter where it was.")
        return True

    def _chapter_options(self, play: CampaignPlay, setup: dict[str, Any]) -> tuple[dict[str, Any], int] | None:
        """The chapter's game options (the force carried over) and its seed; None (the campaign screen says
        why) when the force cannot play it. The progress file is written first: the chapter's autosaves name
        it."""
        from game.rules.core import start_error
        from game.ui.campaign_play import CampaignRefused

        try:
            chosen = play.game_options(setup)
        except (CampaignRefused, ValueError, KeyError) as exc:  # CannotStart is a ValueError
            self.show_campaign(play, notice=f"Cannot start the chapter: {start_error(exc)}")
            return None
        trouble = play.save()
        if trouble:
            self.show_campaign(play, notice=trouble)
            return None
        return chosen

    def _play_as_chapter(self, scene: GameScene, play: CampaignPlay) -> None:
        """``scene``'s game is ``play``'s chapter: its autosaves name the campaign, its end goes to the campaign."""
        scene.on_end = lambda game: self.end_chapter(play, game)
        scene.log_lines.insert(0, f"<b>{html.escape(play.chapter_words())}</b>")  # the log's first words
        if scene.session is not None and scene.session.autosaves is not None:
            scene.session.autosaves.extra = {"campaign": str(play.path)}

    def end_chapter(self, play: CampaignPlay, game: Game) -> None:
        """A chapter is over: the campaign records it, and its end screen says what carries over (Continue
        campaign opens the campaign screen)."""
        from game.rules.core import get_ruleset
        from game.ui.campaign_words import carried_lines
        from game.ui.carry_panel import HEADING, ChapterEnd

        before = play.force
        try:
            trouble = play.finish(game)
        except ValueError as exc:  # the rules could not muster the force (a fault, shown rather than a crash)
            self.show_campaign(play, notice=f"The chapter could not be recorded: {exc}")
            return
        lines = [
            *carried_lines(before, play.force),
            *play.notes(),
            play.outlook(),
            *([trouble] if trouble else []),
        ]
        make_report = get_ruleset(game.ruleset).report
        if make_report is None:
            self.show_campaign(play, notice=" ".join(lines))
            return
        words, title = (
            ("Campaign record", ENDING_TITLES[play.ending]) if play.ending else ("Continue campaign", HEADING)
        )
        chapter = ChapterEnd(tuple(lines), lambda: self.show_campaign(play), words, title)
        self.show_end(make_report(game), on_title=self.back_to_title, chapter=chapter)

    def open_campaign(self, path: Path) -> str:
        """The campaign kept at ``path`` on its screen; "" or why it cannot be opened (file and place)."""
        from game.ui.campaign_play import CampaignPlay, CampaignRefused

        try:
            play = CampaignPlay.open(path)
        except CampaignRefused as exc:
            return str(exc)
        self.show_campaign(play)
        return ""

    # ---- saved games ---------------------------------------------------------------------------

    @property
    def saves_dir(self) -> Path:
        """Where Save (Ctrl+S) and quick-save (F5) write: ``<data dir>/saves``."""
        return self.data_dir / "saves"

    def autosaves(self) -> Autosaves:
        """The autosaves of this installation (``<data dir>/autosave``, the newest few kept)."""
        return Autosaves(self.data_dir / "autosave")

    def open_session(self, session: Session, bots: dict[int, Any] | None = None, notice: str = "") -> None:
        """Put a :class:`~game.session.Session` (a loaded, resumed or handed-over game) on the table;
        ``notice`` (what happened) goes in its status line."""
        from game.ui.scenes.game import GameScene

        game = session.game
        self.last_ruleset = game.scenario.ruleset
        while self.scenes:
            self.scenes.pop().teardown()
        scene = GameScene(self, game.scenario, game.options, game=game, bots=bots, session=session)
        notice = self._chapter_of(scene, session) or notice
        self.push(scene)
        if notice:
            scene.say(notice)

    def _chapter_of(self, scene: GameScene, session: Session) -> str:
        """When ``session``'s game is a campaign chapter (its save names the progress file), play it as one;
        returns why the campaign cannot go on ("" when it can, or the game is no chapter)."""
        from game.ui.campaign_play import CampaignPlay, CampaignRefused

        autosaves = session.autosaves
        path = autosaves.extra.get("campaign") if autosaves is not None else None
        if autosaves is None or not path:
            return ""
        try:
            play = CampaignPlay.open(Path(path))
        except CampaignRefused as exc:
            autosaves.extra = {}  # a lone game from now on
            return f"This chapter's campaign cannot go on ({exc}); the game plays on its own."
        if not play.is_chapter(session.game):
            autosaves.extra = {}
            return "This game is a chapter the campaign has played since: it plays on its own."
        self._play_as_chapter(scene, play)
        return ""

    def replace(self, scene: Scene) -> None:
        """Swap the current scene for ``scene`` (the demo's next game)."""
        if self.scenes:
            self.scenes.pop().teardown()
        self.scenes.append(scene)
        scene.build(self.screen.get_size())

    def apply_settings(self) -> None:
        self.sounds.set_volume(self.settings.master_volume)
        self.sounds.set_muted(self.settings.muted)
        self.settings.save(self.settings_path)

    # ---- the loop ----------------------------------------------------------------------------

    def step(self) -> bool:
        """One frame: events, update, draw, flip, at most ``fps`` a second. False once the game should end."""
        dt = min(self.clock.tick(self.frame_cap()) / 1000.0, 0.1)  # a stall never makes the view jump
        settle = getattr(sys.modules.get("game.table.plain"), "settle", None)  # (imported if the demo ran plain)
        if settle is not None:
            settle()  # the demo's plain loops put back here, between frames, never while the game uses them
        events = pygame.event.get()
        self.quiet_for = 0.0 if events else self.quiet_for + dt
        for event in events:
            if event.type == pygame.WINDOWFOCUSLOST:
                self.held.clear()  # a key let go in another window never sends its KEYUP here
            elif event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.held.add((event.type, getattr(event, "key", getattr(event, "button", 0))))
            elif event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP):
                down = pygame.KEYDOWN if event.type == pygame.KEYUP else pygame.MOUSEBUTTONDOWN
                self.held.discard((down, getattr(event, "key", getattr(event, "button", 0))))
            self.handle_event(event)
        if not self.running:
            return False
        if self._demo_again is not None and self.quiet_for >= DEMO_AGAIN_SECONDS:
            again, self._demo_again = self._demo_again, None
            again()
        self.manager.update(dt)
        drop_stray_tips(self.manager)  # a tooltip goes when the pointer leaves its element, hidden or not
        if self.scene is not None:
            self.scene.update(dt)
            self.scene.draw(self.screen)
        self._show_caption()
        self.manager.draw_ui(self.screen)
        self._draw_demo_countdown()
        present(self.screen, self.display)
        pygame.display.flip()
        self.frames += 1
        return self.running

    def _show_caption(self) -> None:
        """The window's title: the screen's own (a game's map and rule set), else :attr:`window_caption`; set
        only when it changes."""
        words = (self.scene.window_title if self.scene is not None else None) or self.window_caption
        if words != self._caption_shown:
            pygame.display.set_caption(words)
            self._caption_shown = words

    def frame_cap(self) -> int:
        """Frames a second for the next frame: ``fps``, or ``IDLE_FPS`` once nobody has touched the screen for
        ``IDLE_AFTER`` seconds, no key or button is held, and the scene says nothing is moving on it (a scene
        without ``still`` is never slowed). The first event after a quiet spell restores ``fps``."""
        if not self.fps or self.quiet_for < IDLE_AFTER:
            return self.fps
        still = getattr(self.scene, "still", None)
        if still is None or not still():
            return self.fps
        if self.held:  # a key or button held down (panning, a drag) sends no events while it moves things
            return self.fps
        return min(self.fps, IDLE_FPS)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            size = (max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h))
            self.windowed_size = size
            if size != (event.w, event.h):
                self.display = pygame.display.set_mode(size, pygame.RESIZABLE)
            else:
                self.display = pygame.display.get_surface() or self.display
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        seen = on_canvas(event, self.ui_size)  # pygame_gui scales the pointer itself; the scenes see the canvas
        intercept = getattr(self.scene, "intercept", None)
        if intercept is not None and intercept(seen):
            return  # the scene saw it first (the demo: any touch hands over)
        consumed = self.manager.process_events(event)
        if self.scene is None:
            return
        if event.type >= pygame.USEREVENT or not consumed:
            # pygame_gui's own events (button pressed...) and everything it did not swallow
            self.scene.handle_event(seen)

    def run_frames(self, frames: int) -> None:
        """Run at most ``frames`` frames (for tests and benchmarks)."""
        for _ in range(frames):
            if not self.step():
                break

    def close(self) -> None:
        self.settings.save(self.settings_path)
        pygame.quit()


def run(
    scenario: str | None = None, fullscreen: bool = False, straight_in: bool = False, seed: int | None = None
) -> int:
    """Open the game window and play until the player quits. Returns the exit code.

    With a ``scenario`` path, its set-up opens filled in with the rules' starting choices (players, teams),
    so Begin plays at once and a newcomer sees what he may choose; with ``straight_in`` the table opens at
    once with those choices. The game plays on ``seed``'s dice when it is given (the same game again, for a
    club's rematch or a bug report).
    """
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        app = App(fullscreen=fullscreen or None)  # its first frame shows at once: the map's check takes a while
    except pygame.error as exc:  # no screen to open a window on (a server, an SSH session without X)
        print(
            f"deadground: cannot open a window ({exc}). The game needs a display; on a machine without one, "
            "`deadground simulate`, `deadground check` and `deadground replay` still work.",
            file=sys.stderr,
        )
        return 2
    try:
        if scenario:
            from game.table.warm import loops_cached, play_while_preparing

            # the map's check walks its table, and the table's first frame may too: on a first start (numba's
            # cache empty, or made for other files) with the loops as plain Python (the same answers) while a
            # child compiles them, where they were compiled here first, half a minute on "Setting up the
            # table..."; the loops come back compiled between frames
            if not loops_cached():
                play_while_preparing()
        entry, why = judged(scenario) if scenario else (None, "")
        if why:  # a map check refuses never plays: check's words, and the window closes
            print(why, file=sys.stderr)
            return 2
        open_first(app, entry, straight_in, seed)
        if app.step():
            from game.table.warm import warm_up_in_background  # (it imports the table: after the title shows)

            # after the first frame (its start stays quick): the batches' compiled loops, ready before
            # the first zombie turn needs them
            warm_up_in_background()
            while app.step():
                pass
    finally:
        app.close()
    return 0


def judged(scenario: str) -> tuple[ScenarioEntry, str]:
    """The map at ``scenario`` as ``deadground check`` judges it, and why it cannot be played ("" when it can):
    check's words, or the rule set not yet playable on screen."""
    entry = load_entry(Path(scenario))
    if not entry.playable:
        return entry, f"deadground: cannot open {scenario}: {entry.error}"
    key = entry.scenario.ruleset if entry.scenario is not None else ""
    why = not_playable(key) if key else ""
    if why:
        return entry, (
            f"deadground: {scenario} is a {key} scenario, and that rule set is not playable in this version yet ({why})"
        )
    return entry, ""


def open_first(app: App, entry: ScenarioEntry | None, straight_in: bool, seed: int | None) -> None:
    """The window's first screen: the title; over it ``entry``'s set-up (Back goes to the title), or with
    ``straight_in`` (or a map that asks nothing) its table."""
    from game.ui.game_setup import GameSetup
    from game.ui.scenes.title import TitleScene

    if entry is None:
        app.push(TitleScene(app))
        return
    setup = GameSetup(entry)
    if straight_in or setup.spec is None:
        app.start_game(setup, seed=seed)
        return
    from game.ui.scenes.setup import SetupScene

    app.push(TitleScene(app))
    app.push(SetupScene(app, entry, seed=seed, briefing=True))  # New game's briefing first, over it


# ---- the other windows: the demo, a replay, the map designer (``deadground demo|replay --watch|design``) ----


def run_demo(loop: DemoLoop, games: int | None = None, fullscreen: bool = True) -> int:
    """``deadground demo``: demo games until the window is closed (or ``games`` are done). An attractor, it fills
    the screen at the desktop's size (a club's 1600x900 screen showed a 1280x800 window), whatever the settings
    say, and leaves the player's fullscreen setting as it was; ``fullscreen=False`` (``--window``): the
    settings' window. F11 toggles as anywhere."""
    from game.table.warm import play_while_preparing
    from game.ui.scenes.title import TitleScene

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app = App(fullscreen=fullscreen or None)
    try:
        play_while_preparing()  # the first game plays at once, the loops compiled behind it
        app.push(TitleScene(app))  # under the demo: where a touch between games goes
        app.deal_demo(lambda: loop, games, standalone=True)  # its first table dealt behind "Setting up the table"
        while app.step():
            pass
    finally:
        if fullscreen:
            app.settings.fullscreen = app.fullscreen_chosen  # the demo filled the screen for this night only
        app.close()
    return 0


def watch_replay(replay: Replay, fullscreen: bool = False) -> int:
    """``deadground replay SAVE --watch``: a window with the replay; Back or closing it ends."""
    from game.ui.scenes.replay import ReplayScene

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app = App(fullscreen=fullscreen or None)
    try:
        app.push(ReplayScene(app, replay, on_back=app.quit))
        while app.step():
            pass
    finally:
        app.close()
    return 0


SCREENSHOT_FRAMES = 3  # frames drawn before `design --screenshot` saves and quits: the first lays the view out


def run_designer(
    path: str, fullscreen: bool = False, frames: int | None = None, screenshot: str | None = None
) -> int:
    """``deadground design MAP``: open the designer view until Esc (or ``frames`` frames, for tests); with
    ``screenshot`` it saves the view and quits once the first frames are drawn."""
    from game.ui.scenes.design import DesignScene

    if screenshot and frames is None:
        frames = SCREENSHOT_FRAMES  # a picture for a script or a bug report: nobody is there to press Esc

    if not _is_file(path):
        print(f"deadground design: no map at {path}", file=sys.stderr)
        return 2
    refused = _screenshot_refused(screenshot)
    if refused:  # said before the session, not at its end
        print(f"deadground design: cannot save the screenshot to {screenshot}: {refused}", file=sys.stderr)
        return 2
    try:
        app = App(fullscreen=fullscreen or None, sounds_enabled=False, fps=0 if frames else 60)
    except pygame.error as exc:
        print(f"deadground design: cannot open a window ({exc}); `deadground check` needs none.")
        return 2
    try:
        app.push(DesignScene(app, path))
        app.window_caption = f"{WINDOW_NAME} designer: {Path(path).name}"
        count = 0
        while app.step():
            count += 1
            if frames is not None and count >= frames:
                break
        if screenshot:
            try:
                pygame.image.save(app.screen, screenshot)
            except (pygame.error, OSError) as exc:
                print(f"deadground design: cannot save the screenshot to {screenshot}: {exc}", file=sys.stderr)
                return 1
    finally:
        app.close()
    return 0


def _user_cache() -> Path:
    """The user's cache folder for ``deadground``."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("deadground"))


def _is_file(path: str) -> bool:
    """Whether ``path`` is a file; a name the system refuses (too long) is not."""
    try:
        return Path(path).is_file()
    except OSError:
        return False


def _screenshot_refused(screenshot: str | None) -> str:
    """Why ``--screenshot`` cannot be saved where asked ("" when it can, or none is asked for)."""
    if not screenshot:
        return ""
    folder = Path(screenshot).parent
    try:
        if not folder.is_dir():
            return f"there is no folder {folder}"
    except OSError as exc:
        return exc.strerror or str(exc)
    if len(Path(screenshot).name) > 255:
        return "the file name is too long"
    return "" if os.access(folder, os.W_OK) else f"the folder {folder} is not writable"
