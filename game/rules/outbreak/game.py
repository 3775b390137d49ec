"""A game of Zombie Rules (Outbreak): the public face of the rules (commands in, events out).

>>> from game.rules.outbreak.testing import tiny_scenario
>>> g = new_game(tiny_scenario(), {}, seed=3)
>>> g.state.move >= 1
True
"""

from __future__ import annotations

from typing import Any

from game.dice import Dice
from game.rules.core import Command, IllegalCommand, Preview
from game.rules.kit import KitGame, Rule, end_of_turn
from game.rules.outbreak import acting, campaign, forces, objectives, sequence, shooting, spotting
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


def _spot(w: World, plan: tuple[Figure, Figure | None]) -> None:
    f, z = plan
    f.acted = "spot"
    if z is None:
        w.emit(SpotRolled(f.id, "", 0.0, 0, 0, False))
    elif spotting.check(w, f, z, f"{f.id} spots"):
        f.aware = True


class OutbreakGame(KitGame[ObState, Figure]):
    """One game in progress; changed only by :meth:`apply`."""

    ruleset = "outbreak"
    title = "Zombie Rules (Outbreak)"
    DATA = load_data
    RULES = {
        Move: Rule(move_plan, move_carry_out),
        Fire: Rule(shooting.plan, shooting.carry_out),
        ClearJam: Rule(shooting.plan_clear, shooting.clear),
        Spot: Rule(previews.plan_spot, _spot),
        EndStep: end_of_turn(
            lambda w: w.state.step in (Step.HUMANS, Step.REACTION),
            "It is not the humans' step.",
            sequence.end_player,
        ),
    }
    world: World
    data: ObData

    def set_up(self) -> None:
        self.world = World(self.scenario, self.data, self.dice, ObState(), Table.from_scenario(self.scenario))
        self.world.table.keep_sight()  # sight depends on the two points only: the same lines come back
        players, specs, self.reading = forces.check_options(
            self.data, self.options, forces.map_characters(self.world)
        )
        forces.check_names(self.scenario, specs)
        self.state.all_aware = forces.awareness_option(self.data, self.options)
        forces.raise_forces(self.world, players, specs)
        campaign.set_up(self.world, self.options)  # a campaign chapter: what the characters carried
        objectives.setup(self.world)

    @property
    def over(self) -> bool:
        return self.state.step == Step.OVER

    def run_on(self) -> None:
        sequence.advance(self.world, self.reading)

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
            cmds += [Move(figure_id, (end,)) for end in self.compass_moves(f, reach)]
        return cmds


def new_game(
    scenario: Scenario, options: dict[str, Any] | None = None, seed: int = 0, dice: Dice | None = None
) -> OutbreakGame:
    """Start a game: place the characters, bystanders and zombies, and run the quiet start until a
    player must decide."""
    return OutbreakGame(scenario, options, seed, dice)
