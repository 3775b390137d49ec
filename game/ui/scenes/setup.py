"""Set-up for a Zombiekrieg game: how many players (1-4, solo by default) and each one's section."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.ui.figures import NATIONS
from game.ui.scenario_list import ScenarioEntry
from game.ui.scenes.base import Scene

PLAYER_CHOICES = ("1 player (solo)", "2 players", "3 players", "4 players")


@dataclass
class GameSetup:
    """What the player chose before the game: the scenario and each player's section."""

    entry: ScenarioEntry
    sections: list[str] = field(default_factory=lambda: ["american"])  # one nation per player

    @property
    def players(self) -> int:
        return len(self.sections)

    @property
    def options(self) -> dict:
        """The game options these choices make."""
        return {"sections": list(self.sections)}


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, entry: ScenarioEntry) -> None:
        super().__init__(app)
        self.setup = GameSetup(entry)
        s = entry.scenario
        lo = int(s.properties.get("players_min", 1)) if s else 1
        hi = int(s.properties.get("players_max", 4)) if s else 4
        self.allowed = [n for n in range(1, 5) if lo <= n <= hi] or [1]
        self.setup.sections = ["american"] * self.allowed[0]
        self.nation_menus: list[UIDropDownMenu] = []

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        cx = w // 2 - 220
        self.ui(
            UILabel(
                pygame.Rect(m, m, w - 2 * m, 40),
                f"Set-up - {self.setup.entry.title}",
                self.manager,
                object_id="#heading",
            )
        )
        y = m + 80
        self.ui(UILabel(pygame.Rect(cx, y, 180, 40), "Players", self.manager, object_id="#field"))
        options = [PLAYER_CHOICES[n - 1] for n in self.allowed]
        self.players_menu = self.ui(
            UIDropDownMenu(
                options, PLAYER_CHOICES[self.setup.players - 1], pygame.Rect(cx + 190, y, 260, 40), self.manager
            )
        )
        y += 70
        self.nation_menus = []
        for player in range(self.setup.players):
            self.ui(
                UILabel(
                    pygame.Rect(cx, y, 180, 40), f"Player {player + 1} section", self.manager, object_id="#field"
                )
            )
            menu = self.ui(
                UIDropDownMenu(
                    [n.capitalize() for n in NATIONS],
                    self.setup.sections[player].capitalize(),
                    pygame.Rect(cx + 190, y, 260, 40),
                    self.manager,
                )
            )
            self.nation_menus.append(menu)
            y += 54
        self.ui(
            UILabel(
                pygame.Rect(cx, y + 10, 520, 30),
                "All players are on the Allied side; the game plays the zombies.",
                self.manager,
                object_id="#footnote",
            )
        )
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))
        self.begin = self.ui(
            UIButton(pygame.Rect(w - m - 200, h - m - 48, 200, 48), "Begin", self.manager, object_id="#primary")
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.players_menu:
                count = PLAYER_CHOICES.index(event.text) + 1
                sections = self.setup.sections[:count]
                self.setup.sections = sections + ["american"] * (count - len(sections))
                self.app.rebuild()  # one row per player
            elif event.ui_element in self.nation_menus:
                self.setup.sections[self.nation_menus.index(event.ui_element)] = event.text.lower()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.begin:
                self.app.start_game(self.setup)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
