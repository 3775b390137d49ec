"""What the player chose before a game: the scenario and the answers to its rule set's set-up questions.

The set-up screen (:mod:`game.ui.scenes.setup`) fills a :class:`GameSetup`; Begin (or Play again)
hands it to the navigator's ``start_game``. Plain data: no widgets here.

>>> GameSetup(entry).options                  # doctest: +SKIP
{'sections': ['american'], 'american_corporal_weapon': 'thompson'}
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.rules.contract import Answers, Setup, SetupSpec, Team, default_answers, default_player, figure_names
from game.rules.core import RuleSet, get_ruleset
from game.scenario.model import Scenario
from game.ui.scenario_list import ScenarioEntry


def resize_answers(spec: SetupSpec, answers: Answers, players: int) -> Answers:
    """``answers`` for ``players`` players: the first ones keep their choices, new ones get defaults (their
    figures named as nobody else is). Untouched defaults become the defaults for ``players`` (the map's team
    shared out among them, not all of it kept by player 1 and a lone stranger for player 2)."""
    if answers.get("each") == default_answers(spec, int(answers.get("players", 1))).get("each"):
        dealt = default_answers(spec, players)
        return {**dealt, "game": copy.deepcopy(answers.get("game", dealt["game"]))}
    out = copy.deepcopy(answers)
    out["each"] = out.get("each", [])[:players]
    while len(out["each"]) < players:
        out["each"].append(default_player(spec, figure_names(out)))
    out["players"] = players
    return out


def with_starting_teams(rules: Setup, scenario: Scenario, spec: SetupSpec, answers: Answers) -> Answers:
    """``answers`` with every empty team filled in as the rules build one for a player who chose nothing (their
    ``options`` read back as ``answers``), so a newcomer may press Begin at once and sees what he plays."""
    keys = [f.key for f in spec.per_player if isinstance(f, Team)]
    empty = [(n, k) for n, each in enumerate(answers.get("each", [])) for k in keys if not each.get(k)]
    if not empty:
        return answers
    built = rules.answers(scenario, rules.options(scenario, answers)).get("each", [])
    out = copy.deepcopy(answers)
    for n, key in empty:
        if n < len(built) and built[n].get(key):
            out["each"][n][key] = copy.deepcopy(built[n][key])
    return out


@dataclass
class GameSetup:
    """What the player chose before the game: the scenario entry and the answers to its rule set's set-up.

    ``answers`` left out are the set-up's defaults; ``options`` are what ``new_game`` takes."""

    entry: ScenarioEntry
    answers: Answers = field(default_factory=dict)
    campaign: Any = None  # the campaign (a CampaignPlay) whose first chapter this sets up; None: a lone game

    def __post_init__(self) -> None:
        spec = self.spec
        if not self.answers and spec is not None:
            self.answers = self.starting_teams(default_answers(spec))

    def starting_teams(self, answers: Answers) -> Answers:
        """``answers`` with the rules' starting team for every player whose team is empty."""
        rules, spec, scenario = self.rules, self.spec, self.entry.scenario
        if rules is None or spec is None or scenario is None:
            return answers
        return with_starting_teams(rules, scenario, spec, answers)

    @property
    def ruleset(self) -> RuleSet | None:
        """The scenario's rule set, or None (a broken map, or a rule set this build lacks)."""
        if self.entry.scenario is None:
            return None
        try:
            return get_ruleset(self.entry.scenario.ruleset)
        except KeyError:
            return None

    @property
    def rules(self) -> Setup | None:
        """The rule set's set-up (None: it asks nothing)."""
        ruleset = self.ruleset
        return ruleset.setup if ruleset is not None else None

    @property
    def spec(self) -> SetupSpec | None:
        rules = self.rules
        if rules is None or self.entry.scenario is None:
            return None
        return rules.spec(self.entry.scenario)

    @property
    def players(self) -> int:
        return int(self.answers.get("players", 1))

    @property
    def options(self) -> dict[str, Any]:
        """The game options these choices make (empty for a rule set that asks nothing)."""
        rules = self.rules
        if rules is None or self.entry.scenario is None:
            return {}
        return rules.options(self.entry.scenario, self.answers)

    @property
    def refusals(self) -> list[str]:
        """Why these choices cannot start a game, in the rules' words (empty: they can)."""
        rules = self.rules
        if rules is None or self.entry.scenario is None:
            return []
        return rules.refusals(self.entry.scenario, self.answers)

    @property
    def notes(self) -> list[str]:
        """What these choices mean in play, in the rules' words (a solo game's "no one to charge")."""
        rules = self.rules
        if rules is None or self.entry.scenario is None:
            return []
        return list(rules.notes(self.entry.scenario, self.answers))

    def use_options(self, options: dict[str, Any]) -> None:
        """Take the answers that give ``options`` (a game played again, a test's forces)."""
        rules = self.rules
        if rules is not None and self.entry.scenario is not None:
            self.answers = rules.answers(self.entry.scenario, options)
