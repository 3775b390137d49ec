"""A game of Zombie 40,000: the public face of the rules (DESIGN.md: commands in, events out).

>>> from game.rules.zombie40k.testing import small_scenario
>>> g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
>>> g.state.phase.value, g.state.active_player
('movement', 1)
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from game.dice import Dice
from game.rules.core import Command, Event, IllegalCommand, Preview, check_command
from game.rules.zombie40k import assault, killing_floor, mods, morale, movement, power_ups, setup, shooting, turn
from game.rules.zombie40k import preview as previews
from game.rules.zombie40k.commands import (
    Buy,
    Charge,
    EndPhase,
    Move,
    PowerUpChoice,
    Run,
    Sell,
    Shoot,
    Throw,
    UsePowerUp,
)
from game.rules.zombie40k.data import Z40Data, load_data
from game.rules.zombie40k.hooks import Hooks
from game.rules.zombie40k.power_ups import PowerUps
from game.rules.zombie40k.state import PLAYERS, Model, Phase, Z40State
from game.rules.zombie40k.world import World
from game.scenario.model import Scenario
from game.table import Table


class Zombie40kGame:
    """One game in progress; changed only by :meth:`apply`."""

    ruleset: ClassVar[str] = "zombie40k"

    def __init__(
        self,
        scenario: Scenario,
        options: dict[str, Any] | None,
        seed: int,
        dice: Dice | None = None,
        data: Z40Data | None = None,
        hooks: Hooks | None = None,
    ) -> None:
        self.scenario = scenario
        self.options = dict(options or {})
        if "mods" not in self.options and mods.scenario_mods(scenario):  # the scenario's own (Last Evac: coop)
            self.options["mods"] = mods.scenario_mods(scenario)
        self.seed = seed
        self.data = data or load_data()
        self.dice = dice if dice is not None else Dice(seed)
        self.commands: list[Command] = []
        self.log: list[Event] = []
        teams = setup.check_options(self.data, scenario, self.options, seed)
        chosen = mods.check_mods(self.data, self.options)
        self.data = mods.adjust_data(self.data, chosen)  # the mods' zombie profiles and Boss wargear
        state = Z40State(turn_limit=int(scenario.turn_limit or self.data.h("turn_limit")), mods=chosen)
        self.world = World(
            scenario, self.data, self.dice, state, Table.from_scenario(scenario), hooks or PowerUps()
        )
        setup.place_vehicle(self.world)
        setup.deploy_squads(self.world, teams)
        killing_floor.set_up(self.world)
        setup.place_boss(self.world)
        setup.place_hordes(self.world)
        turn.next_turn(self.world)
        turn.advance(self.world)
        self._flush()

    # -- plumbing
    @property
    def state(self) -> Z40State:
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
        return self.state.phase == Phase.OVER

    @property
    def winner(self) -> str | None:
        return self.state.winner

    def figure(self, fid: str) -> Model:
        return self.state.models[fid]

    @property
    def figures(self) -> list[Model]:
        return list(self.state.models.values())

    def check_shoot(self, cmd: Shoot) -> shooting.FirePlan:
        """Validate a Shoot without rolling; the fire plan or IllegalCommand."""
        w, st = self.world, self.state
        if st.phase != Phase.SHOOTING:
            raise IllegalCommand(f"Shooting is for the shooting phase; it is the {st.phase.value} phase.")
        unit, target = shooting.check_fire(w, cmd.unit, cmd.target, "shoot")
        after_throw = killing_floor.shoot_after_throw(w, unit, target)
        if after_throw:
            raise IllegalCommand(after_throw)
        if unit.targets_shot:
            if not w.unit_has(unit, "Split Fire"):
                raise IllegalCommand(f"{unit.name} has already shot this phase.")
            if len(unit.targets_shot) >= 2 or target.id in unit.targets_shot:
                raise IllegalCommand("Split Fire allows one second target, once.")
        return shooting.plan(w, unit, target, cmd.models, aim=cmd.aim)

    def apply(self, cmd: Command) -> list[Event]:
        """Validate (IllegalCommand, nothing changed), carry out, then run the turn machine on."""
        w, st = self.world, self.state
        if self.over:
            raise IllegalCommand("The game is over.")
        check_command(cmd)  # a save's move to 1e308" is refused here, before any rule runs
        if isinstance(cmd, PowerUpChoice):
            power_ups.choose(w, cmd)
        elif isinstance(cmd, UsePowerUp):
            power_ups.use(w, cmd)
        else:
            power_ups.must_choose_first(w)
        if isinstance(cmd, (PowerUpChoice, UsePowerUp)):
            pass
        elif isinstance(cmd, (Move, Run)):
            movement.carry_out(w, movement.plan_move(w, cmd))
        elif isinstance(cmd, Shoot):
            p = self.check_shoot(cmd)
            shooting.carry_out(w, p)
            p.unit.targets_shot.append(p.target.id)
            p.unit.shot_turn = st.turn
            if p.target.side == PLAYERS:
                morale.after_shooting(w, p.target)
        elif isinstance(cmd, Charge):
            unit, target, dist = assault.plan_charge(w, cmd)
            assault.charge(w, unit, target, dist)
        elif isinstance(cmd, Throw):
            p = killing_floor.plan_throw(w, cmd)
            killing_floor.mark_throw(w, p, cmd.grenade)
            shooting.carry_out(w, p)
            p.unit.shot_turn = st.turn
            if p.target.side == PLAYERS:
                morale.after_shooting(w, p.target)
        elif isinstance(cmd, Buy):
            killing_floor.buy(w, cmd)
        elif isinstance(cmd, Sell):
            killing_floor.sell(w, cmd)
        elif isinstance(cmd, EndPhase):
            if st.active_player is None or st.phase not in turn.PLAYER_PHASES:
                raise IllegalCommand("No player phase is waiting to end.")
            turn.end_phase(w)
        else:
            raise IllegalCommand(f"Zombie 40,000 has no command {type(cmd).__name__}.")
        self.commands.append(cmd)
        turn.advance(w)
        return self._flush()

    def preview(self, cmd: Command) -> Preview:
        if self.over:
            return Preview(False, "The game is over.")
        return previews.preview(self.world, cmd, self.check_shoot)

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
                for k in range(8):
                    a = math.radians(45 * k)
                    goal = (m.position[0] + 6 * math.cos(a), m.position[1] + 6 * math.sin(a))
                    c = self.table.check_path([m.position, goal], m.radius, mover=m.id, max_length=6.0)
                    if c.length < 0.05:
                        continue
                    cmd = kind(m.id, (tuple(round(v, 4) for v in c.end),))  # type: ignore[arg-type]
                    if self.preview(cmd).legal:
                        out.append(cmd)
        if figure_id is None:
            if power_ups.waiting(self.world, squad):
                return [
                    c for c in (PowerUpChoice(squad.id, 1), PowerUpChoice(squad.id, 2)) if self.preview(c).legal
                ]
            out += power_ups.usable(self.world, squad)
            out.append(EndPhase())
        return out

    def state_data(self) -> dict[str, Any]:
        data = self.state.to_data()
        data["ruleset"] = self.ruleset
        data["seed"] = self.seed
        data["rolls"] = len(self.dice.log)
        return data


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
