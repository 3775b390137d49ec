"""A game of Zombie 40,000: the public face of the rules (commands in, events out).

>>> from game.rules.zombie40k.testing import small_scenario
>>> g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
>>> g.state.phase.value, g.state.active_player
('movement', 1)
"""

from __future__ import annotations

from typing import Any

from game.dice import Dice
from game.rules.core import Command, IllegalCommand, Preview
from game.rules.kit import KitGame, Rule, as_given, end_of_turn
from game.rules.zombie40k import (
    assault,
    facts,
    mods,
    movement,
    plugins,
    power_ups,
    setup,
    shooting,
    sight,
    squad_move,
    turn,
    veterans,
)
from game.rules.zombie40k import preview as previews
from game.rules.zombie40k.commands import Charge, EndPhase, Move, MoveSquad, PowerUpChoice, Run, Shoot, UsePowerUp
from game.rules.zombie40k.data import Z40Data, load_data
from game.rules.zombie40k.state import PLAYERS, Model, Phase, Unit, Z40State
from game.rules.zombie40k.world import World
from game.scenario.model import Scenario
from game.table import Table


def _player_phase(w: World) -> bool:
    return w.state.active_player is not None and w.state.phase in turn.PLAYER_PHASES


def _charge(w: World, plan: tuple[Unit, Unit, float]) -> None:
    assault.charge(w, *plan)


class Zombie40kGame(KitGame[Z40State, Model]):
    """One game in progress; changed only by :meth:`apply`."""

    ruleset = "zombie40k"
    title = "Zombie 40,000"
    ROSTER = "models"
    DATA = load_data
    # the core's commands; an add-on's (power-ups, Killing Floor) are its plug-in's (see check)
    RULES = {
        Move: Rule(movement.plan_move, movement.carry_out),
        Run: Rule(movement.plan_move, movement.carry_out),
        MoveSquad: Rule(squad_move.plan_squad, squad_move.carry_out_squad),
        Shoot: Rule(shooting.check_shoot, shooting.fire),
        Charge: Rule(assault.plan_charge, _charge),
        EndPhase: end_of_turn(_player_phase, "No player phase is waiting to end.", turn.end_phase),
    }
    world: World
    data: Z40Data

    def set_up(self) -> None:
        scenario = self.scenario
        if "mods" not in self.options and mods.scenario_mods(scenario):  # the scenario's own (Last Evac: coop)
            self.options["mods"] = mods.scenario_mods(scenario)
        chapter = veterans.read_chapter(self.data, scenario, self.options)  # a campaign's carried force
        if chapter is None:
            teams = setup.check_options(self.data, scenario, self.options, self.seed, plugins.team_rules)
        else:
            setup.refuse_unknown(self.options)
            teams = veterans.teams_of(self.data, chapter)
        chosen = mods.check_mods(self.data, self.options)
        self.data = mods.adjust_data(self.data, chosen)  # the mods' zombie profiles and Boss wargear
        state = Z40State(turn_limit=facts.turn_limit(scenario, self.data), mods=chosen)
        state.ruins_block_sight = sight.reading(self.options)  # (7th's true line of sight, or the house's)
        hooks = plugins.assemble(chosen, state)  # the add-ons this game plays
        self.world = World(scenario, self.data, self.dice, state, Table.from_scenario(scenario), hooks=hooks)
        self.world.chapter = chapter
        setup.place_vehicle(self.world)
        setup.deploy_squads(self.world, teams)
        self.world.hooks.squads_deployed(self.world)  # (Killing Floor's kit)
        if chapter is not None:
            veterans.set_up(self.world, chapter)  # (their wounds, rolled to heal, and what they carry)
        setup.place_boss(self.world)
        setup.place_hordes(self.world)
        turn.next_turn(self.world)  # the first turn's order (run_on then starts it)

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    def check_shoot(self, cmd: Shoot) -> shooting.FirePlan:
        """Validate a Shoot without rolling; the fire plan or IllegalCommand."""
        return shooting.check_shoot(self.world, cmd)

    def rule_for(self, cmd: Command) -> tuple[Rule, Any]:
        """The add-ons first: a power-up choice owed comes before anything, and an add-on's command
        (power-ups, Killing Floor) is its plug-in's, which refuses it before rolling."""
        w = self.world
        w.hooks.before_command(w, cmd)
        own = w.hooks.owner(cmd)
        if own is not None:
            return Rule(as_given, own.apply), cmd
        if not any(kind in self.RULES for kind in type(cmd).__mro__):
            w.hooks.refuse_absent(cmd)
        return super().rule_for(cmd)

    def run_on(self) -> None:
        turn.advance(self.world)

    def preview(self, cmd: Command) -> Preview:
        if self.over:
            return Preview(False, "The game is over.")
        return previews.preview(self.world, cmd)

    # -- what may be done
    def shoot_targets(self, unit_id: str) -> list[str]:
        out = []
        for u in self.state.units.values():
            if u.id == unit_id or not self.world.alive(u):
                continue
            try:
                self.check_shoot(Shoot(unit_id, u.id))
            except IllegalCommand:
                continue
            out.append(u.id)
        return out

    def actions_for(self, fid: str) -> list[str]:
        """What model ``fid`` may do now: move, run, shoot, charge, and the power-up actions (empty if none)."""
        st = self.state
        m = st.models.get(fid)
        if self.over or m is None or not m.alive or m.side != PLAYERS or m.player != st.active_player:
            return []
        unit = st.units[m.unit]
        if power_ups.waiting(self.world, unit):
            return [a for a in ("choice_1", "choice_2") if self.preview(PowerUpChoice(unit.id, int(a[-1]))).legal]
        out = [a for a, cmd in power_up_actions(self, fid).items() if self.preview(cmd).legal]
        if st.phase == Phase.MOVEMENT and not m.moved and turn.has_choice(self.world):
            out.append("move")
        elif st.phase == Phase.SHOOTING and not st.locked(unit.id):
            if self.preview(Run(fid, ())).legal:
                out.append("run")
            if not m.fired and self.shoot_targets(unit.id):
                out.append("shoot")
        elif st.phase == Phase.ASSAULT and turn.charge_targets(self.world, unit.id):
            out.append("charge")
        return out

    def legal_commands(self, figure_id: str | None = None) -> list[Command]:
        """Shoot and Charge commands that would be accepted, eight sample moves (or runs) per model, EndPhase."""
        st = self.state
        if self.over or st.active_player is None:
            return []
        squad = st.squad_of(st.active_player)
        models = [self.figure(figure_id)] if figure_id else self.world.alive(squad)
        out: list[Command] = []
        if st.phase == Phase.SHOOTING and figure_id is None:
            out += [Shoot(squad.id, t) for t in self.shoot_targets(squad.id)]
        if st.phase == Phase.ASSAULT and figure_id is None:
            out += [Charge(squad.id, t) for t in turn.charge_targets(self.world, squad.id)]
        if st.phase in (Phase.MOVEMENT, Phase.SHOOTING):
            kind = Move if st.phase == Phase.MOVEMENT else Run
            for m in models:
                cmds = [kind(m.id, (end,)) for end in self.compass_moves(m, 6.0, least=0.05)]
                out += [cmd for cmd in cmds if self.preview(cmd).legal]
        if figure_id is None:
            if power_ups.waiting(self.world, squad):
                return [
                    c for c in (PowerUpChoice(squad.id, 1), PowerUpChoice(squad.id, 2)) if self.preview(c).legal
                ]
            out += power_ups.usable(self.world, squad)
            out.append(EndPhase())
        return out


def power_up_actions(game: Zombie40kGame, fid: str) -> dict[str, UsePowerUp]:
    """The power-up buttons for model ``fid`` and the command each would give (legal or not)."""
    m = game.figure(fid)
    squad = game.state.units[m.unit]
    dead = next((m.id for m in power_ups.dead_models(game.world, squad)), "")
    item = next((k for k in (power_ups.CHAINSAW, power_ups.SHOTGUN) if k in squad.power_ups), power_ups.CHAINSAW)
    return {
        "arm": UsePowerUp(squad.id, item, fid),
        "tape_attack": UsePowerUp(squad.id, power_ups.DUCT_TAPE, fid, "attack"),
        "tape_shot": UsePowerUp(squad.id, power_ups.DUCT_TAPE, fid, "shot"),
        "speed": UsePowerUp(squad.id, power_ups.SPEED_PACK),
        "revive": UsePowerUp(squad.id, power_ups.DEFIBRILLATOR, dead, near=fid),
    }


def new_game(
    scenario: Scenario, options: dict[str, Any] | None = None, seed: int = 0, dice: Dice | None = None
) -> Zombie40kGame:
    """Start a game: teams, vehicle, squads, Boss, hordes; roll the first turn's order."""
    return Zombie40kGame(scenario, options, seed, dice)
