"""The turn as an explicit phase machine (rules: Zombie 40,000: The game, Player turn, Zombie turn):

    ORDER (players roll off) -> for each player in order: MOVEMENT -> [PSYCHIC] -> SHOOTING -> ASSAULT
    -> ZOMBIES (shamble, shooting, assault) -> next turn

A phase in which the active player has nothing to decide is passed by itself, and the log says why (a squad
locked in combat neither moves nor shoots; the assault phase waits only when a charge is possible); a phase in
which he may still act waits for him (a locked squad's movement phase while the Killing Floor shop has something
for it, or a power-up may be given). The combats of the
active squad are fought when its assault phase ends. The Psychic phase is entered only when a psyker is on
the table. The add-ons answer through ``world.hooks`` (:mod:`.hooks`): a squad's respawning phase and the start
of its turn, a squad frozen for the turn, a choice an add-on waits for.
"""

from __future__ import annotations

import re

from game.rules.core import IllegalCommand
from game.rules.zombie40k import assault, morale, zombie_turn
from game.rules.zombie40k.commands import Charge
from game.rules.zombie40k.events import OrderRolled, PhaseSkipped, PhaseStarted, TurnStarted
from game.rules.zombie40k.state import Phase, Unit
from game.rules.zombie40k.world import World

PLAYER_PHASES = (Phase.MOVEMENT, Phase.PSYCHIC, Phase.SHOOTING, Phase.ASSAULT)


def game_over(world: World, winner: str, reason: str) -> None:
    world.finish(Phase.OVER, winner, reason)


def players_left(world: World) -> list[int]:
    st = world.state
    return [
        p
        for p in st.players
        if world.alive(st.squad_of(p)) or not world.hooks.squad_out_for_good(world, st.squad_of(p))
    ]


def roll_off(world: World, players: list[int]) -> list[int]:
    """Each player rolls a D6, highest first; tied players roll again among themselves [seed]."""
    if len(players) <= 1:
        return list(players)
    rolls = {p: world.d6(f"player {p} roll-off") for p in players}
    out: list[int] = []
    for v in sorted(set(rolls.values()), reverse=True):
        tied = [p for p in players if rolls[p] == v]
        out += roll_off(world, tied) if len(tied) > 1 else tied
    return out


def next_turn(world: World) -> None:
    st = world.state
    if st.phase == Phase.OVER:
        return
    if st.turn >= st.turn_limit:
        winner, reason = world.hooks.time_up(world) or (  # (Coop Mode: the vehicle lifts off with those aboard)
            "zombies",
            f"no team reached the escape vehicle in {st.turn_limit} turns",
        )
        game_over(world, winner, reason)
        return
    world.hooks.turn_over(world)  # (a power-up that lasts the turn wears off before the next turn's header)
    st.turn += 1
    st.phase = Phase.ORDER
    world.emit(TurnStarted(st.turn))
    left = players_left(world)
    if not left:
        game_over(world, "zombies", "every Zombie Survival Team was wiped out")
        return
    st.order = roll_off(world, left)
    st.order_index = 0
    world.emit(OrderRolled(tuple(st.order)))
    begin_player(world)


def begin_player(world: World) -> None:
    st = world.state
    while st.order_index < len(st.order):
        p = st.order[st.order_index]
        world.hooks.player_respawn_phase(world, p)
        squad = st.squad_of(p)
        if world.alive(squad) or world.aboard(squad):  # (Coop Mode: those aboard fire from the vehicle)
            st.active_player = p
            for m in world.alive(squad) + world.aboard(squad):
                m.moved = m.fired = m.ran = False
            squad.run_roll = None
            world.hooks.squad_turn_begins(world, squad)  # (Coop Mode, Every Man For Himself)
            if st.phase == Phase.OVER:
                return  # (Coop Mode: a model waiting by the vehicle embarked)
            enter_phase(world, Phase.MOVEMENT)
            return
        st.order_index += 1
    st.active_player = None
    st.phase = Phase.ZOMBIES
    zombie_turn.run(world)
    if not players_left(world):
        game_over(world, "zombies", "every Zombie Survival Team was wiped out")
    if st.phase != Phase.OVER:
        next_turn(world)


def psyker_present(world: World) -> bool:
    return any(m.alive and world.model_has(m, "Psyker") for m in world.state.models.values())


def enter_phase(world: World, phase: Phase) -> None:
    st = world.state
    st.phase = phase
    world.emit(PhaseStarted(phase.value, st.active_player))
    for u in st.units.values():
        u.phase_start_models, u.phase_losses = len(world.alive(u)), 0
    if st.active_player is None:
        return
    squad = st.squad_of(st.active_player)
    if phase == Phase.MOVEMENT:
        squad.difficult_roll = None
        squad.targets_shot = []
        if squad.falling_back and not st.locked(squad.id):
            morale.regroup(world, squad)
    elif phase == Phase.SHOOTING:
        squad.targets_shot = []


def end_phase(world: World) -> None:
    """The active player's phase is over: on to the next phase, the next player, or the zombies."""
    st = world.state
    if st.phase == Phase.OVER:
        return
    p = st.active_player
    assert p is not None
    if st.phase == Phase.MOVEMENT:
        if not psyker_present(world):
            world.emit(PhaseSkipped(Phase.PSYCHIC.value, p, "no psykers on the table"))
        enter_phase(world, Phase.PSYCHIC if psyker_present(world) else Phase.SHOOTING)
    elif st.phase == Phase.PSYCHIC:
        enter_phase(world, Phase.SHOOTING)
    elif st.phase == Phase.SHOOTING:
        enter_phase(world, Phase.ASSAULT)
    elif st.phase == Phase.ASSAULT:
        squad = st.squad_of(p)
        for group in world.combats():
            if squad.id in group:
                assault.fight(world, group)
            if st.winner:
                return
        st.order_index += 1
        begin_player(world)


def has_choice(world: World) -> bool:
    """Whether the active player has anything to decide in this phase (else it passes by itself)."""
    st = world.state
    if st.active_player is None or st.phase == Phase.OVER:
        return True
    squad = st.squad_of(st.active_player)
    if not (world.alive(squad) or world.aboard(squad)) or world.hooks.frozen(world, squad):
        return False
    if world.hooks.has_choice(world, squad):
        return True  # (a power-up roll to choose for, something carried to give or use)
    locked = st.locked(squad.id)
    if st.phase == Phase.MOVEMENT:
        return not (locked or squad.falling_back or squad.regrouped_turn == st.turn) and any(
            not m.moved for m in world.alive(squad)
        )
    if st.phase == Phase.PSYCHIC:
        return False  # no psychic powers in the roster: the phase passes [see the rules help]
    if st.phase == Phase.SHOOTING:
        return not locked or bool(world.aboard(squad))  # (Coop Mode: those aboard are in no combat)
    if st.phase == Phase.ASSAULT:
        return bool(charge_targets(world, squad.id))
    return True


def skip_reason(world: World) -> str:
    """Why the active player has nothing to decide in this phase, in his words (the log says it as the
    phase passes by itself); "" when he did what there was to do (every model has moved)."""
    st = world.state
    assert st.active_player is not None
    squad = st.squad_of(st.active_player)
    frozen = world.hooks.frozen(world, squad)
    if frozen:
        return frozen
    if st.locked(squad.id):
        fight = " (its combat is fought as the assault phase ends)" if st.phase == Phase.ASSAULT else ""
        return f"{squad.name} is locked in close combat{fight}"
    if st.phase == Phase.MOVEMENT:
        if squad.falling_back:
            return f"{squad.name} is falling back"
        if squad.regrouped_turn == st.turn:
            return f"{squad.name} regrouped this turn and may not move"
        return ""  # every model has moved: the phase is over, not skipped
    if st.phase == Phase.PSYCHIC:
        return "no psychic powers in the roster"
    if st.phase == Phase.ASSAULT:
        return no_charge_reason(world, squad)
    return "nothing to do"


def no_charge_reason(world: World, squad: Unit) -> str:
    """Why the squad may charge nobody: zombies are fought in their turn, and a team only by the vehicle."""
    rivals = [u for u in world.state.squads() if u.id != squad.id and world.alive(u)]
    if not rivals:
        return "no other team to charge (the zombies are fought in their turn)"
    near = min(rivals, key=lambda u: world.unit_edge(squad, u))
    if world.unit_edge(squad, near) > assault.CHARGE_RANGE:
        return f'no enemy team within {assault.CHARGE_RANGE:g}"'
    try:
        assault.plan_charge(world, Charge(squad.id, near.id))
    except IllegalCommand as exc:  # (the provenance marks, "[seed]", are for the rules help, not the log)
        return re.sub(r"\s*\[[a-z0-9 ]+\]", "", exc.reason).rstrip(".")
    return "no charge to make"


def charge_targets(world: World, uid: str) -> list[str]:
    out = []
    for other in world.state.squads():
        if other.id == uid or not world.alive(other):
            continue
        try:
            assault.plan_charge(world, Charge(uid, other.id))
        except IllegalCommand:
            continue
        out.append(other.id)
    return out


def advance(world: World) -> None:
    """Pass every phase in which the active player has nothing to decide; start the next player or turn."""
    st = world.state
    guard = 0
    while st.phase != Phase.OVER and st.active_player is not None:
        squad = st.squad_of(st.active_player)
        if not (world.alive(squad) or world.aboard(squad)):
            st.order_index += 1
            begin_player(world)
            continue
        if has_choice(world):
            return
        why = skip_reason(world)
        if why:
            world.emit(PhaseSkipped(st.phase.value, st.active_player, why))
        end_phase(world)
        guard += 1
        if guard > 10_000:  # pragma: no cover - a bug, not a game
            raise RuntimeError("the turn machine did not settle")


__all__ = ["next_turn", "end_phase", "advance", "PLAYER_PHASES"]
