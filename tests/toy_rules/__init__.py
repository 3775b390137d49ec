"""Duel: a toy rule set that lives only under tests/ — two figures, one command, one die.

It proves the rule-set contract: registered here, it is played through the real controller and game
scene, saved, replayed, simulated and listed in the menus, with no edit outside this package. Its game is
built on the rule-set kit (``game.rules.kit``): it states its one rule and the kit does the rest.

The rules: a hero faces a zombie 6" away. Each turn the hero STRIKEs (one D6): on 5-6 the zombie
falls and the hero wins; on 1 the zombie bites and wins; otherwise the zombie shambles 1" closer.
Reaching it, or the turn limit, wins for the zombie.

>>> game = new_game(duel_scenario(), {"hero": "Ash"}, seed=2)
>>> [f.id for f in game.figures]
['hero', 'zombie']
>>> events = game.apply(Strike("hero", "zombie"))
>>> type(events[0]).__name__
'DiceRolled'
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from game.rules.core import Command, DiceRolled, Event, IllegalCommand, Registry, RuleSet, register
from game.rules.kit import KitGame, KitWorld, Rule
from game.rules.kit.events import shared_events
from game.rules.kit.figure import KitFigure
from game.rules.kit.plain import PlainState
from game.scenario import load_scenario
from game.scenario.model import Scenario
from game.table import Table

KEY = "toy"
MAP = Path(__file__).parent / "duel.tmx"
COMMANDS, EVENTS = Registry(), shared_events()


@COMMANDS.add
@dataclass(frozen=True)
class Strike(Command):
    """The hero strikes at the zombie: one D6."""

    figure: str
    target: str


@EVENTS.add
@dataclass(frozen=True)
class Shambled(Event):
    figure: str
    path: tuple[tuple[float, float], ...]


@EVENTS.add
@dataclass(frozen=True)
class Fell(Event):
    figure: str
    cause: str


@EVENTS.add
@dataclass(frozen=True)
class DuelOver(Event):
    winner: str
    reason: str


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

    @property
    def active_player(self) -> int | None:
        return None if self.winner else 1


DuelWorld = KitWorld[None, DuelState]  # the kit's world as it is (the duel has no tables of its own)


def duel_scenario() -> Scenario:
    """The duel's map, shipped beside this package."""
    return load_scenario(MAP)


def check_strike(world: DuelWorld, cmd: Strike) -> Strike:
    if cmd.figure != "hero" or cmd.target != "zombie":
        raise IllegalCommand("Only the hero strikes, and only at the zombie.")
    return cmd


def strike(world: DuelWorld, cmd: Strike) -> None:
    """One D6: 5-6 the zombie falls, 1 the hero is bitten, else the zombie shambles 1" closer."""
    face = world.dice.d6("strike")
    world.emit(DiceRolled("strike", "D6", (face,), face, f"D6 = {face}"))
    hero, zombie = world.state.figures["hero"], world.state.figures["zombie"]
    if face >= 5:
        zombie.state = "dead"
        world.emit(Fell("zombie", f"struck down by {hero.name}"))
        end(world, "humans", "The zombie is down.")
    elif face == 1:
        hero.state = "dead"
        world.emit(Fell("hero", "bitten"))
        end(world, "zombies", "The hero was bitten.")
    else:
        start = zombie.position
        world.set_position(zombie, (start[0] - 1.0, start[1]))
        world.emit(Shambled("zombie", (start, zombie.position)))
        world.state.turn += 1
        if math.dist(zombie.position, hero.position) <= 1.0 + 1e-9:
            end(world, "zombies", "The zombie reached the hero.")
        elif world.state.turn > world.state.turn_limit:
            end(world, "zombies", "Time ran out.")


def end(world: DuelWorld, winner: str, reason: str) -> None:
    world.state.winner, world.state.reason = winner, reason
    world.emit(DuelOver(winner, reason))


class DuelGame(KitGame[DuelState, Fighter]):
    """One duel; changed only by :meth:`apply` (the kit's: refused before any die is rolled)."""

    ruleset = KEY
    title = "Duel"
    DATA = dict  # the duel has no tables
    RULES: ClassVar[dict[type[Command], Rule]] = {Strike: Rule(check_strike, strike)}

    def set_up(self) -> None:
        name = self.options.get("hero", "Hero")
        if not isinstance(name, str) or not name.strip():
            raise ValueError("hero: give the hero a name")
        mid = self.scenario.height / 2
        state = DuelState(
            {
                "hero": Fighter("hero", "humans", (3.0, mid), 0.0, name=name.strip()),
                "zombie": Fighter("zombie", "zombies", (9.0, mid), 180.0, name="Zombie"),
            },
            turn_limit=int(self.scenario.turn_limit or 6),
        )
        self.world = DuelWorld(self.scenario, None, self.dice, state, Table.from_scenario(self.scenario))
        for f in state.figures.values():
            self.table.place(f.id, f.position, f.radius)

    def chances(self, cmd: Command) -> dict[str, float]:
        return {"kill": 2 / 6, "bitten": 1 / 6, "miss": 3 / 6}

    def legal_commands(self, figure_id: str | None = None) -> list[Command]:
        return [] if self.over or figure_id not in (None, "hero") else [Strike("hero", "zombie")]

    def actions_for(self, figure_id: str) -> list[str]:
        return ["strike"] if self.legal_commands(figure_id) else []


new_game = DuelGame  # new_game(scenario, options, seed, dice=None): the game class is its own maker


def _register() -> RuleSet:
    from game.ai import BOTS
    from toy_rules import screen  # the contract's other parts, beside the rules

    BOTS[KEY] = "toy_rules.bot"  # the bot that plays the hero (demo, simulator, hand-over)
    return register(
        RuleSet(
            key=KEY,
            name="Duel (toy)",
            new_game=new_game,
            commands=COMMANDS,
            events=EVENTS,
            options_help='hero: the hero\'s name, e.g. "Ash"',
            view=screen.DuelView,
            setup=screen.DuelSetup(),
            reference=screen.reference,
            report=screen.report,
            outcome=screen.outcome,
            outcome_labels={"hero_alive": "Hero alive"},
            demo_forces=screen.demo_forces,
            invariants=screen.invariants,
        )
    )


RULESET = _register()
