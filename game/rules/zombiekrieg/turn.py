"""The turn as an explicit state machine (rules: Zombiekrieg 848, The turn).

    START_OF_TURN --stand-ups--> INITIATIVE --roll--> ALLIED or AXIS (whoever goes first)
    ALLIED (player by player, waits for EndTurn) --> AXIS, or END_OF_TURN if the zombies went first
    AXIS (reaction roll, zombie move, melee)      --> ALLIED, or END_OF_TURN if the Allies went first
    END_OF_TURN (victory/defeat)                  --> START_OF_TURN of the next turn, or OVER

:func:`advance` runs the machine until a human decision is needed (an Allied player's phase) or the
game is over. Initiative is an unmodified test of the lead NCO's GUTS [seed]; the lead NCO is the
NCO who may give orders now (each section's Sergeant, else its Corporal once the Sergeant is dead or
gone); with several sections, the one of these with the highest GUTS, ties to the lower section
number [house]. Choices [house]: with no NCO on the table (they left by the exit) the soldier with
the highest GUTS rolls. In hot-seat the Allied phase goes player 1, 2, ... skipping
players with no figure standing on the table.
"""

from __future__ import annotations

from game.rules.kit.collector import collector_paused
from game.rules.zombiekrieg import melee, objectives, order, zombies
from game.rules.zombiekrieg.events import InitiativeRolled, PhaseStarted, StoodUp, TurnStarted
from game.rules.zombiekrieg.guts import CRITICAL_SUCCESS
from game.rules.zombiekrieg.state import ALLIES, KNOCKED_DOWN, STANDING, ZOMBIES, Figure, Phase, ZkState
from game.rules.zombiekrieg.world import World


def next_phase(st: ZkState) -> Phase:
    """The transition function: where the machine goes after the current phase is done."""
    if st.phase == Phase.OVER:
        return Phase.OVER
    if st.phase == Phase.START_OF_TURN:
        return Phase.INITIATIVE
    if st.phase == Phase.INITIATIVE:
        return Phase.ALLIED if st.first == ALLIES else Phase.AXIS
    if st.phase == Phase.ALLIED:
        return Phase.END_OF_TURN if st.axis_done else Phase.AXIS
    if st.phase == Phase.AXIS:
        return Phase.END_OF_TURN if st.allied_done else Phase.ALLIED
    return Phase.START_OF_TURN  # after END_OF_TURN


def lead_nco(world: World) -> Figure | None:
    """Who rolls initiative (rules: The turn): of the NCOs who may give orders now (one a section),
    the one with the highest GUTS, ties to the lower section number. With no such NCO on the table
    (they left by the exit) the soldier with the highest GUTS rolls [house]."""
    st = world.state
    ncos = [nco for nco in (order.ordering_nco(world, s.player) for s in st.sections) if nco is not None]
    if ncos:
        return max(ncos, key=lambda f: (f.guts, -f.player))
    others = [f for f in st.allied() if f.on_table]
    return max(others, key=lambda f: (f.guts, -f.player)) if others else None


def living_players(st: ZkState) -> list[int]:
    return [s.player for s in st.sections if any(f.standing for f in st.section_of(s.player))]


def start_of_turn(world: World) -> None:
    st = world.state
    st.turn += 1
    st.allied_done = st.axis_done = False
    st.active_player = None
    st.reaction_bonus = 0
    st.free_order_for = None
    for f in st.figures.values():
        f.acted_this_turn = False
        f.ordered_this_turn = False
    world.emit(TurnStarted(st.turn))
    lie = world.data.house.knocked_down_turns
    for z in st.zombies():
        if z.state == KNOCKED_DOWN and z.knocked_down_on is not None and st.turn >= z.knocked_down_on + lie:
            z.state = STANDING
            z.knocked_down_on = None
            world.emit(StoodUp(z.id))


def initiative(world: World) -> None:
    st = world.state
    lead = lead_nco(world)
    if lead is None:
        st.first = ZOMBIES
        return
    result = world.test(lead, "initiative", [])
    row = world.data.initiative[result]
    st.first = row.first
    st.reaction_bonus = row.reaction_bonus
    st.free_order_for = lead.id if row.free_order and result == CRITICAL_SUCCESS and lead.is_nco else None
    world.emit(InitiativeRolled(lead.id, result, row.first, st.free_order_for is not None, row.reaction_bonus))


def begin_allied(world: World, after: int | None = None) -> bool:
    """Hand the Allied phase to the next living player after ``after``; False when none is left."""
    st = world.state
    players = [p for p in living_players(st) if after is None or p > after]
    if not players:
        st.active_player = None
        st.allied_done = True
        return False
    st.active_player = players[0]
    world.emit(PhaseStarted(ALLIES, players[0]))
    return True


def end_player_turn(world: World) -> None:
    """EndTurn: pass to the next player, or close the Allied phase."""
    st = world.state
    if not begin_allied(world, after=st.active_player):
        st.phase = next_phase(st)


def advance(world: World) -> None:
    """Run the machine until an Allied player must decide or the game is over."""
    st = world.state
    while True:
        if objectives.check_now(world):
            return
        if st.phase == Phase.START_OF_TURN:
            start_of_turn(world)
            st.phase = next_phase(st)
        elif st.phase == Phase.INITIATIVE:
            initiative(world)
            st.phase = next_phase(st)
            if st.phase == Phase.ALLIED and not begin_allied(world):
                st.phase = next_phase(st)
        elif st.phase == Phase.ALLIED:
            if st.active_player is None and not begin_allied(world):
                st.phase = next_phase(st)
                continue
            if st.active_player is not None and any(f.standing for f in st.section_of(st.active_player)):
                return  # a human decision is needed
            end_player_turn(world)
        elif st.phase == Phase.AXIS:
            world.emit(PhaseStarted(ZOMBIES, None))
            zombies_act(world)
            st.axis_done = True
            st.phase = next_phase(st)
            if st.phase == Phase.ALLIED and objectives.check_now(world) is False and not begin_allied(world):
                st.phase = next_phase(st)
        elif st.phase == Phase.END_OF_TURN:
            if objectives.check_end_of_turn(world):
                return
            st.phase = next_phase(st)
        else:
            return


def zombies_act(world: World) -> None:
    """The Axis phase's work: the horde moves, then the melees are fought (the bench plays it as this)."""
    with collector_paused():  # (a fifth of a big horde's turn went to collections that freed nothing)
        zombies.axis_move(world)
    melee.melee(world)
