"""Winning and losing (rules: Outbreak, Winning [house]).

The map's ``objective``: ``escape`` (``exit_count`` PCs leave through the exit zone), ``survive``
(a PC alive after the turn limit), ``rescue`` (``exit_count`` NPCs led out through the exit zone),
``clear`` (no zombie on the table after every generation point is sealed; a PC in contact with a
point at the end of a move seals it). Losing every PC (dead or turned) loses the game.

Choices [house]: the count is capped at the PCs (escape) or NPCs (rescue) there are; ``escape``,
``rescue`` and ``clear`` are lost when the turn limit passes unmet, or as soon as they can no
longer be met (too few PCs or NPCs left, no PC left on the table to lead NPCs out).
"""

from __future__ import annotations

from game.rules.outbreak.data import ObData, load_data
from game.rules.outbreak.state import PLAYERS_WIN, ZOMBIES_WIN, Step
from game.rules.outbreak.world import World
from game.scenario.model import Scenario


def turn_limit(sc: Scenario, data: ObData | None = None) -> int:
    """The moves a game on ``sc`` lasts: the map's ``turn_limit``, else the data file's default."""
    data = data or load_data()
    return int(sc.turn_limit or sc.properties.get("turn_limit") or data.get("objective", "turn_limit"))


def setup(world: World) -> None:
    st, sc, data = world.state, world.scenario, world.data
    st.objective = sc.objective or str(data.get("objective", "default"))
    st.turn_limit = turn_limit(sc, data)
    count = int(sc.properties.get("exit_count", data.get("objective", "exit_count")))
    people = st.npcs() if st.objective == "rescue" else st.pcs()
    pool = sum(f.on_table for f in people)  # a campaign's character put down at the start does not count
    st.exit_count = max(1, min(count, pool)) if pool else count


def _end(world: World, winner: str, reason: str) -> bool:
    st = world.state
    st.step, st.active_player = Step.OVER, None
    world.end(winner, reason)
    return True


def check_now(world: World) -> bool:
    """Win or loss that needs no end of move; True when the game is over."""
    st = world.state
    if st.step == Step.OVER:
        return True
    pcs = st.pcs()
    alive = [p for p in pcs if p.state in ("standing", "exited")]
    on_table = [p for p in pcs if p.on_table]
    if not alive:
        return _end(world, ZOMBIES_WIN, "Every player character is dead.")
    if st.objective == "escape":
        if st.escaped >= st.exit_count:
            return _end(world, PLAYERS_WIN, f"{st.escaped} of the characters escaped.")
        if st.escaped + len(on_table) < st.exit_count:
            return _end(world, ZOMBIES_WIN, f"Too few characters are left to escape ({st.exit_count} needed).")
    elif st.objective == "rescue":
        if st.rescued >= st.exit_count:
            return _end(world, PLAYERS_WIN, f"{st.rescued} bystanders were led to safety.")
        left = sum(1 for n in st.npcs() if n.on_table)
        if st.rescued + left < st.exit_count:
            return _end(world, ZOMBIES_WIN, f"Too few bystanders are left to rescue ({st.exit_count} needed).")
        if not on_table:
            return _end(world, ZOMBIES_WIN, "No character is left to lead the bystanders out.")
    elif st.objective == "clear":
        if st.spawns and all(s.sealed for s in st.spawns) and not any(z.on_table for z in st.zombies()):
            return _end(world, PLAYERS_WIN, "Every generation point is sealed and no zombie is left.")
    return False


def end_of_move(world: World) -> bool:
    """The turn limit; True when the game is over."""
    st = world.state
    if check_now(world):
        return True
    if st.move >= st.turn_limit:
        if st.objective == "survive":
            return _end(world, PLAYERS_WIN, f"A character is still alive after move {st.turn_limit}.")
        return _end(world, ZOMBIES_WIN, f"Move {st.turn_limit} is over and the {st.objective} was not done.")
    return False
