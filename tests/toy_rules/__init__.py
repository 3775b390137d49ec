"""Duel: a toy rule set that lives only under tests/ — two figures, one command, one die.

It proves the rule-set contract: registered here, it is played through the real controller and game
scene, saved, replayed, simulated and listed in the menus, with no edit outside this package. Built on the
rule-set kit (``game.rules.kit``), it states its one rule (:func:`strike`, whose docstring is the rules
help); the kit's events, view, set-up, bot, report and outcome do the rest.

>>> game = new_game(duel_scenario(), {"hero": "Ash"}, seed=2)
>>> [f.id for f in game.figures], type(game.apply(Strike("hero", "zombie"))[0]).__name__
(['hero', 'zombie'], 'DiceRolled')
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.core import Command, DiceRolled, IllegalCommand, Registry, RuleSet, record
from game.rules.kit import KitGame, KitWorld, Rule
from game.rules.kit.events import GameOver, Killed, Moved, shared_events
from game.rules.kit.figure import KitFigure
from game.rules.kit.plain import PlainState
from game.scenario import load_scenario
from game.scenario.model import Scenario
from game.table import Table

KEY = "toy"
MAP = Path(__file__).parent / "duel.tmx"
COMMANDS, EVENTS = Registry(), shared_events(Moved, Killed, GameOver)


@record(COMMANDS)
class Strike(Command):
    """The hero strikes at the zombie: one D6."""

    figure: str
    target: str


@dataclass
class Fighter(KitFigure):
    name: str = ""
    state: str = "standing"

    @property
    def on_table(self) -> bool:
        return self.state == "standing"


@dataclass
class DuelState(PlainState):
    figures: dict[str, Fighter] = field(default_factory=dict)
    turn: int = 1
    turn_limit: int = 6
    winner: str | None = None
    reason: str = ""


DuelWorld = KitWorld[None, DuelState]  # the kit's world as it is (the duel has no tables of its own)


def duel_scenario() -> Scenario:
    """The duel's map, shipped beside this package."""
    return load_scenario(str(MAP))


def check_strike(world: DuelWorld, cmd: Strike) -> Strike:
    if cmd.figure != "hero" or cmd.target != "zombie":
        raise IllegalCommand("Only the hero strikes, and only at the zombie.")
    return cmd


def strike(world: DuelWorld, cmd: Strike) -> None:
    """Each turn the hero strikes with one D6: on 5-6 the zombie falls and the hero wins, on 1 the hero is
    bitten and the zombie wins, else the zombie shambles 1" closer (reaching the hero, or the last turn, wins
    for it)."""
    face = world.dice.d6("strike")
    world.emit(DiceRolled("strike", "D6", (face,), face, f"D6 = {face}"))
    hero, zombie = world.state.figures["hero"], world.state.figures["zombie"]
    if face >= 5:
        zombie.state = "dead"
        world.emit(Killed("zombie", f"struck down by {hero.name}"))
        world.end("humans", "The zombie is down.")
    elif face == 1:
        hero.state = "dead"
        world.emit(Killed("hero", "bitten"))
        world.end("zombies", "The hero was bitten.")
    else:
        start = zombie.position
        world.set_position(zombie, (start[0] - 1.0, start[1]))
        world.emit(Moved("zombie", (start, zombie.position), zombie.facing, 1.0))
        world.state.turn += 1
        if math.dist(zombie.position, hero.position) <= 1.0 + 1e-9:
            world.end("zombies", "The zombie reached the hero.")
        elif world.state.turn > world.state.turn_limit:
            world.end("zombies", "Time ran out.")


class DuelGame(KitGame[DuelState, Fighter]):
    """One duel; changed only by :meth:`apply` (the kit's: refused before any die is rolled)."""

    ruleset = KEY
    title = "Duel"
    DATA = dict  # the duel has no tables
    RULES = {Strike: Rule(check_strike, strike)}

    def set_up(self) -> None:
        name = self.options.get("hero", "Hero")
        if not isinstance(name, str) or not name.strip():
            raise ValueError("hero: give the hero a name")
        mid = self.scenario.height / 2
        hero = Fighter("hero", "humans", (3.0, mid), 0.0, name=name.strip())
        zombie = Fighter("zombie", "zombies", (9.0, mid), 180.0, name="Zombie")
        state = DuelState({"hero": hero, "zombie": zombie}, turn_limit=int(self.scenario.turn_limit or 6))
        self.world = DuelWorld(self.scenario, None, self.dice, state, Table.from_scenario(self.scenario))
        self.world.place(hero, zombie)

    def chances(self, cmd: Command) -> dict[str, float]:
        return {"kill": 2 / 6, "bitten": 1 / 6, "miss": 3 / 6}

    def legal_commands(self, figure_id: str | None = None) -> list[Command]:
        return [] if self.over or figure_id not in (None, "hero") else [Strike("hero", "zombie")]

    def actions_for(self, figure_id: str) -> list[str]:
        return ["strike"] if self.legal_commands(figure_id) else []


new_game = DuelGame  # new_game(scenario, options, seed, dice=None): the game class is its own maker


def _register() -> RuleSet:
    from game.ai import BOTS
    from game.rules.kit.report import rules_help
    from game.rules.kit.ruleset import kit_ruleset
    from game.rules.kit.setup import NamedFigureSetup
    from toy_rules import screen  # the contract's other parts, beside the rules
    from toy_rules.campaign import DUEL_CAMPAIGN

    BOTS[KEY] = "game.ai.first_legal"  # the hero always strikes (demo, simulator, hand-over)
    return kit_ruleset(
        DuelGame,
        screen.DuelView,
        name="Duel (toy)",
        commands=COMMANDS,
        events=EVENTS,
        options_help='hero: the hero\'s name, e.g. "Ash"',
        setup=NamedFigureSetup("hero", "hero", "Ash"),
        reference=rules_help("The duel", strike),
        demo_forces=screen.demo_forces,
        invariants=screen.invariants,
        campaign=DUEL_CAMPAIGN,
    )


RULESET = _register()
