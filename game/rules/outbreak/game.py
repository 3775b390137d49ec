"""A game of Zombie Rules (Outbreak): the public face of the rules (DESIGN.md: commands in, events out).

>>> from game.rules.outbreak.testing import tiny_scenario
>>> g = new_game(tiny_scenario(), {}, seed=3)
>>> g.state.move >= 1
True
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from game.dice import Dice
from game.rules.core import Command, Event, IllegalCommand, Preview
from game.rules.outbreak import acting, forces, objectives, sequence, shooting, spotting
from game.rules.outbreak import preview as previews
from game.rules.outbreak.commands import ClearJam, EndStep, Fire, Move, Spot
from game.rules.outbreak.data import ObData, load_data
from game.rules.outbreak.events import SpotRolled
from game.rules.outbreak.movement import carry_out as move_carry_out
from game.rules.outbreak.movement import plan as move_plan
from game.rules.outbreak.state import Figure, ObState, Step
from game.rules.outbreak.world import World
from game.scenario.model import Scenario
from game.table import Table


class OutbreakGame:
    """One game in progress; changed only by :meth:`apply`."""

    ruleset: ClassVar[str] = "outbreak"

    def __init__(
        self,
        scenario: Scenario,
        options: dict[str, Any] | None,
        seed: int,
        dice: Dice | None = None,
        data: ObData | None = None,
        start: bool = True,
    ) -> None:
        self.scenario = scenario
        self.options = dict(options or {})
        self.seed = seed
        self.data = data or load_data()
        self.dice = dice if dice is not None else Dice(seed)
        self.commands: list[Command] = []
        self.log: list[Event] = []
        self.world = World(scenario, self.data, self.dice, ObState(), Table.from_scenario(scenario))
        self.world.table.keep_sight()  # sight depends on the two points only: the same lines come back
        players, specs, self.reading = forces.check_options(
            self.data, self.options, forces.map_characters(self.world)
        )
        self.state.all_aware = forces.awareness_option(self.data, self.options)
        forces.raise_forces(self.world, players, specs)
        objectives.setup(self.world)
        if start:  # tests (testing.rigged_game) set a position up by hand instead
            sequence.advance(self.world, self.reading)
        self._flush()

    # -- plumbing
    @property
    def state(self) -> ObState:
        return self.world.state

    @property
    def table(self) -> Table:
        return self.world.table

    def _flush(self) -> list[Event]:
        out, self.world.events = self.world.events, []
        self.log.extend(out)
        return out

    # -- the Game protocol
    @property
    def over(self) -> bool:
        return self.state.step == Step.OVER

    @property
    def winner(self) -> str | None:
        return self.state.winner

    def figure(self, fid: str) -> Figure:
        return self.state.figures[fid]

    @property
    def figures(self) -> list[Figure]:
        return list(self.state.figures.values())

    def apply(self, cmd: Command) -> list[Event]:
        """Validate (IllegalCommand, nothing changed, no die rolled), carry out, then run the move on."""
        w = self.world
        if self.over:
            raise IllegalCommand("The game is over.")
        if isinstance(cmd, Move):
            p = move_plan(w, cmd)
            move_carry_out(w, p)
        elif isinstance(cmd, Fire):
            fp = shooting.plan(w, cmd)
            shooting.carry_out(w, fp)
        elif isinstance(cmd, ClearJam):
            f = shooting.plan_clear(w, cmd)
            shooting.clear(w, f)
        elif isinstance(cmd, Spot):
            f, z = previews.plan_spot(w, cmd)
            f.acted = "spot"
            if z is None:
                w.emit(SpotRolled(f.id, "", 0.0, 0, 0, False))
            elif spotting.check(w, f, z, f"{f.id} spots"):
                f.aware = True
        elif isinstance(cmd, EndStep):
            if self.state.step not in (Step.HUMANS, Step.REACTION):
                raise IllegalCommand("It is not the humans' step.")
            sequence.end_player(w)
        else:
            raise IllegalCommand(f"Zombie Rules (Outbreak) has no command {type(cmd).__name__}.")
        self.commands.append(cmd)
        sequence.advance(w, self.reading)
        return self._flush()

    def preview(self, cmd: Command) -> Preview:
        return previews.preview(self.world, cmd)

    def actions_for(self, figure_id: str) -> list[str]:
        """Which of spot / move / fire / clear ``figure_id`` may do now (empty if none)."""
        w = self.world
        if acting.turn_reason(w, figure_id):
            return []
        f = self.state.figures[figure_id]
        if not acting.can_act(w, f):
            return []
        if self.state.step == Step.REACTION:
            return ["move"]
        out: list[str] = []
        fighting = acting.in_combat(w, f)
        if f.acted == "":
            if not f.aware:
                out.append("spot")
            if not fighting and not f.tired:
                out.append("move")
            if f.jammed:
                out.append("clear")
        if f.acted in ("", "fire") and self.fire_targets(figure_id):
            out.append("fire")
        return out

    def fire_targets(self, figure_id: str) -> list[str]:
        """Zombies ``figure_id`` may shoot now, nearest first."""
        w = self.world
        f = self.state.figures.get(figure_id)
        if f is None or acting.turn_reason(w, figure_id) or self.state.step != Step.HUMANS:
            return []
        if f.acted not in ("", "fire") or not f.ranged:
            return []
        return [z.id for z in shooting.targets_in_reach(w, f)]

    def follower_candidates(self, figure_id: str) -> list[str]:
        """Humans who may run after ``figure_id`` if he moves now."""
        w = self.world
        f = self.state.figures.get(figure_id)
        if f is None or acting.turn_reason(w, figure_id):
            return []
        out = []
        for g in w.within(f, w.num("spotting", "human_follow"), zombies=False):
            try:
                move_plan(w, Move(figure_id, (), facing=f.facing, followers=(g.id,)))
            except IllegalCommand:
                continue
            out.append(g.id)
        return out

    def legal_commands(self, figure_id: str | None = None) -> list[Command]:
        """Fire, Spot and ClearJam commands that would be accepted, eight sample 6" moves, and EndStep."""
        if figure_id is None:
            out: list[Command] = []
            for f in self.state.pcs():
                out.extend(self.legal_commands(f.id))
            if self.state.step in (Step.HUMANS, Step.REACTION) and self.state.active_player is not None:
                out.append(EndStep())
            return out
        acts = self.actions_for(figure_id)
        if not acts:
            return []
        f = self.state.figures[figure_id]
        cmds: list[Command] = [Fire(figure_id, t) for t in self.fire_targets(figure_id)] if "fire" in acts else []
        if "spot" in acts:
            cmds.append(Spot(figure_id))
        if "clear" in acts:
            cmds.append(ClearJam(figure_id))
        if "move" in acts:
            reach = self.world.num("movement", "human_move")
            for k in range(8):
                a = math.radians(45 * k)
                goal = (f.position[0] + reach * math.cos(a), f.position[1] + reach * math.sin(a))
                c = self.table.check_path([f.position, goal], f.radius, mover=f.id, max_length=reach)
                if c.length >= 0.01:
                    cmds.append(Move(figure_id, (tuple(round(v, 4) for v in c.end),)))  # type: ignore[arg-type]
        return cmds

    def state_data(self) -> dict[str, Any]:
        data = self.state.to_data()
        data["ruleset"] = self.ruleset
        data["seed"] = self.seed
        data["rolls"] = len(self.dice.log)
        return data


def new_game(
    scenario: Scenario, options: dict[str, Any] | None = None, seed: int = 0, dice: Dice | None = None
) -> OutbreakGame:
    """Start a game: place the characters, bystanders and zombies, and run the quiet start until a
    player must decide."""
    return OutbreakGame(scenario, options, seed, dice)
