"""A new rule set's first set-up: one player names his one figure, and that name is the game's one option.
A rule set with forces to choose writes its own :class:`~game.rules.contract.Setup`.

>>> setup = NamedFigureSetup("hero", "hero", "Ash")
>>> setup.options(None, setup.answers(None, {"hero": "Alice"})), setup.describe({"hero": "Alice"})
({'hero': 'Alice'}, 'hero Alice')
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Answers, NamedFigures, Setup, SetupSpec
from game.scenario.model import Scenario


class NamedFigureSetup(Setup):
    """One player names his ``noun`` (``default`` unless he does): the option ``key``."""

    def __init__(self, key: str, noun: str, default: str) -> None:
        self.key, self.noun, self.default = key, noun, default

    def spec(self, scenario: Scenario) -> SetupSpec:
        figure = NamedFigures(self.key, f"Your {self.noun}", 1, 1, (), (self.default,))
        return SetupSpec(1, 1, 1, per_player=(figure,), player_noun=self.noun)

    def options(self, scenario: Scenario, answers: Answers) -> dict[str, Any]:
        named = (answers.get("each") or [{}])[0].get(self.key) or [{"name": self.default}]
        return {self.key: str(named[0].get("name") or self.default)}

    def answers(self, scenario: Scenario, options: dict[str, Any]) -> Answers:
        return {"players": 1, "each": [{self.key: [{"name": options.get(self.key, self.default)}]}], "game": {}}

    def refusals(self, scenario: Scenario, answers: Answers) -> list[str]:
        """The name may not be blank."""
        return [] if self.options(scenario, answers)[self.key].strip() else [f"Give the {self.noun} a name."]

    def describe(self, options: dict[str, Any]) -> str:
        return f"{self.noun} {options.get(self.key, self.default)}"
