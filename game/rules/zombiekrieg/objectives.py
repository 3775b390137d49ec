"""Winning and losing (rules: Zombiekrieg 848, Winning and losing).

Checked at once after anything happens:
- every section has lost both NCOs (dead) -> the zombies win [seed: "the game is over"];
- ``exterminate``: every zombie dead -> the Allies win [house: at once, nothing is left to do];
- ``exit``: ``exit_count`` figures have left through the exit zone -> the Allies win; too few
  left on the table to make it -> the zombies win [house];
- no Allied figure left on the table -> the zombies win (unless the objective was met).
Checked at the end of each turn:
- ``reach``: an Allied figure ends the turn with its centre in an ``objective`` zone -> win;
- ``survive``: at the end of turn ``turn_limit`` an NCO is alive -> win;
- reaching the end of turn ``turn_limit`` without the objective -> the zombies win.
"""

from __future__ import annotations

import math

from game.rules.zombiekrieg.data import ZkData, load_data
from game.rules.zombiekrieg.state import ALLIES, DEAD, ZOMBIES, Phase
from game.rules.zombiekrieg.world import World
from game.scenario.model import Scenario

OBJECTIVES = ("exit", "survive", "exterminate", "reach")


def turn_limit(sc: Scenario, data: ZkData | None = None) -> int:
    """The turns a game on ``sc`` lasts: the map's ``turn_limit``, else the data file's default."""
    o = (data or load_data()).raw["objective"]
    return int(sc.turn_limit or sc.properties.get("turn_limit") or o["turn_limit"])


def scenario_objective(data: ZkData, sc: Scenario, allied: int) -> tuple[str, int, int]:
    """(objective, turn limit, exit count) a scenario plays with ``allied`` Allied figures: the map's,
    else the data file's defaults."""
    o = data.raw["objective"]
    objective = (sc.objective or sc.properties.get("objective") or o["default"]).strip().lower()
    if objective not in OBJECTIVES:
        raise ValueError(f"Unknown Zombiekrieg objective {objective!r}; use one of {', '.join(OBJECTIVES)}.")
    default_exit = max(1, math.ceil(float(o["exit_fraction"]) * allied))
    return objective, turn_limit(sc, data), min(allied, int(sc.properties.get("exit_count", default_exit)))


def setup(world: World) -> None:
    """Read the objective, turn limit and exit count from the map (defaults in the TOML)."""
    st = world.state
    st.objective, st.turn_limit, st.exit_count = scenario_objective(world.data, world.scenario, len(st.allied()))


def finish(world: World, winner: str, reason: str) -> None:
    world.finish(Phase.OVER, winner, reason)


def check_now(world: World) -> bool:
    """The checks made after every event batch; True when the game is over."""
    st = world.state
    if st.phase == Phase.OVER:
        return True
    allies = st.allied()
    ncos = [f for f in allies if f.is_nco]
    if ncos and all(f.state == DEAD for f in ncos):
        finish(world, ZOMBIES, "Every Sergeant and Corporal is dead: no one is left to give orders.")
    elif st.objective == "exterminate" and all(z.state == DEAD for z in st.zombies()):
        finish(world, ALLIES, "Every zombie of Abteilung 848 is dead.")
    elif st.objective == "exit" and st.exited >= st.exit_count:
        finish(world, ALLIES, f"{st.exited} soldiers got away through the exit (needed {st.exit_count}).")
    elif st.objective == "exit" and st.exited + sum(f.on_table for f in allies) < st.exit_count:
        finish(world, ZOMBIES, f"Too few soldiers are left to get {st.exit_count} away.")
    elif not any(f.on_table for f in allies):
        finish(world, ZOMBIES, "No Allied soldier is left on the table.")
    return st.phase == Phase.OVER


def check_end_of_turn(world: World) -> bool:
    st = world.state
    if check_now(world):
        return True
    if st.objective == "reach":
        zones = world.scenario.zones_of("objective")
        there = [f.id for f in st.allied() if f.on_table and any(z.area.contains(f.position) for z in zones)]
        if there:
            finish(world, ALLIES, f"{there[0]} holds the objective at the end of turn {st.turn}.")
            return True
    if st.turn >= st.turn_limit:
        if st.objective == "survive" and any(f.is_nco and f.on_table for f in st.allied()):
            finish(world, ALLIES, f"An NCO is still alive at the end of turn {st.turn}.")
        else:
            finish(world, ZOMBIES, f"The objective ({st.objective}) was not met by the end of turn {st.turn}.")
        return True
    return False
