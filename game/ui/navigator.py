"""What a scene may ask of the window: where to go next, and the things every screen shares.

Scenes never import each other nor :mod:`game.ui.app`: a scene is handed a :class:`Navigator` (the
:class:`~game.ui.app.App` is the one the game runs) and asks it for the next screen by what the player
wants, not by the screen's class. So the screens form no import circle, and a test can hand a scene
anything that answers these few questions.

>>> self.app.show_end(report, on_again=lambda: self.app.start_game(setup))     # doctest: +SKIP
>>> self.app.open_session(session, notice="Loaded quick.json.")                # doctest: +SKIP

The window's own moves (``pop`` back to the previous screen, ``back_to_title``, ``rebuild`` the current
one for its new state, ``quit``) are here too; ``push`` and ``replace`` of a scene object are the App's
alone (its runners and the tests), so the scenes cannot reach each other through them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

DEMO_AGAIN_SECONDS = 90.0  # a game taken over from the demo, left untouched this long: the demo again (three
# minutes of a still screen looked like a crash across a club room)
DEMO_AGAIN_WARNING = 30.0  # the last seconds of it, counted down on the screen

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from game.demo import DemoLoop
    from game.replay import Replay
    from game.rules.contract import Report
    from game.saves import Autosaves
    from game.scenario.model import Scenario
    from game.session import Session
    from game.ui.assets import Assets
    from game.ui.campaign_list import CampaignEntry
    from game.ui.campaign_play import CampaignPlay
    from game.ui.game_setup import GameSetup
    from game.ui.net_table import NetTable
    from game.ui.scenario_list import ScenarioEntry
    from game.ui.settings import Settings
    from game.ui.sound import Sounds


class Navigator(Protocol):
    """The window as a scene sees it (:class:`~game.ui.app.App` implements it)."""

    # ---- what every screen shares ---------------------------------------------------------------
    manager: pygame_gui.UIManager
    assets: Assets
    settings: Settings
    sounds: Sounds
    screen: pygame.Surface
    frames: int  # frames drawn so far (a scene paces slow work by it)
    data_dir: Path
    cache_dir: Path  # pictures drawn once and kept (the maps' thumbnails)
    last_ruleset: str  # the rule set played or read last (the title's Rules opens on it)
    night: DemoLoop | None  # tonight's demo once it has run: the title's Demo goes on with its score

    @property
    def saves_dir(self) -> Path: ...

    @property
    def scene(self) -> object:
        """The scene on top (a scene asks whether it is still the one shown)."""
        ...

    def autosaves(self) -> Autosaves: ...

    def scenarios(self) -> list[ScenarioEntry]: ...

    def campaigns(self) -> list[CampaignEntry]: ...

    @property
    def campaigns_dir(self) -> Path:
        """Where campaigns in progress are kept."""
        ...

    def apply_settings(self) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    ui_size: float  # the interface size the window shows (may be less than the settings ask: a small window)

    def set_interface_size(self, size: float) -> None:
        """Menus, panels and the table's labels drawn ``size`` times as big, from the next frame, and kept."""
        ...

    # ---- the window's own moves -----------------------------------------------------------------
    def rebuild(self) -> None:
        """Lay the current scene out again (its state changed what it shows)."""
        ...

    def pop(self) -> None:
        """Back to the previous screen (the title when there is none)."""
        ...

    def back_to_title(self) -> None: ...

    def quit(self) -> None: ...

    # ---- where to go next -------------------------------------------------------------------------
    def show_new_game(self) -> None:
        """The scenario menu."""
        ...

    def show_load(self) -> None:
        """The saved games, to load or to watch."""
        ...

    def show_settings(self) -> None: ...

    def show_rules(
        self, ruleset: str | None = None, scenario: Scenario | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """The rules help: of one rule set as ``scenario`` plays it with ``options``, or of every one."""
        ...

    def show_how_to_play(self, ruleset: str | None = None) -> None:
        """The mouse, the keys, a turn and a rule set's primer: of ``ruleset`` (a game's), or of any one."""
        ...

    def show_replay(self, replay: Replay, title: str = "") -> None: ...

    def show_end(
        self,
        report: Report,
        on_again: Callable[[], None] | None = None,
        on_title: Callable[[], None] | None = None,
        *,
        again_words: str = "",
        on_table: Callable[[], None] | None = None,
        on_setup: Callable[[], None] | None = None,
    ) -> None:
        """The end screen with the rule set's report; ``on_again`` plays again (default: the set-up), its
        button reading ``again_words`` (else "Play again", or "Same teams again" beside New set-up); ``on_table``
        goes back to the final table, ``on_setup`` to the set-up (their buttons only then)."""
        ...

    def show_demo(
        self, loop: DemoLoop, games: int | None = None, standalone: bool = False, motion_grace: float = 0.0
    ) -> None:
        """The demo's current game in place of this screen (the title's Demo, the demo's next game); for
        ``motion_grace`` seconds the mouse moving takes nothing over."""
        ...

    def deal_demo(self, make: Callable[[], DemoLoop], games: int | None = None, standalone: bool = False) -> None:
        """ "Setting up the table..." in place of this screen, the demo's first table dealt behind it."""
        ...

    def demo_when_left(self, loop: DemoLoop, games: int | None = None, standalone: bool = False) -> None:
        """The demo again (its next game, the night's score kept) once nobody has touched the screen a while."""
        ...

    def start_setup(self, entry: ScenarioEntry, answers: dict[str, Any] | None = None) -> None: ...

    def start_game(self, setup: GameSetup, seed: int | None = None) -> None: ...

    def open_session(self, session: Session, bots: dict[int, Any] | None = None, notice: str = "") -> None:
        """Put a loaded, resumed or handed-over game on the table; ``notice`` goes in its status line."""
        ...

    # ---- network play ---------------------------------------------------------------------------------
    def show_join(self) -> None:
        """Join a game hosted on another machine (or watch it)."""
        ...

    def show_host(self, setup: GameSetup, seed: int | None = None) -> None:
        """Host ``setup``'s game: its seats on this screen, over the network or bots."""
        ...

    def play_network(self, table: NetTable) -> None:
        """A networked game on the table."""
        ...

    def host_again(self, session: Session) -> None:
        """Host a room's game that stopped (resumed from its autosave): its room opens again as it was."""
        ...

    # ---- campaigns ----------------------------------------------------------------------------------
    def start_campaign(self, entry: CampaignEntry) -> None:
        """A new campaign of ``entry``'s file: its first chapter's set-up."""
        ...

    def show_campaign(self, play: CampaignPlay, notice: str = "") -> None:
        """The campaign screen: chapters, the force carried over, the next briefing."""
        ...

    def play_chapter(self, play: CampaignPlay) -> None:
        """The campaign's next chapter on the table (its interrupted game resumed where it was)."""
        ...

    def open_campaign(self, path: Path) -> str:
        """The campaign kept at ``path`` on its screen; "" or why it cannot be opened."""
        ...
