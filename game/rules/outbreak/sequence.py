"""The move sequence as an explicit state machine (rules: Outbreak, The move sequence).

    GENERATION   the generation points roll (before step 1)               -> TURNING
    TURNING      1. bite checks, bitten humans test for turning; tiredness -> ZOMBIES_SPOT
    ZOMBIES_SPOT 2. hiding rolls, zombies spot, followers                  -> HUMANS
    HUMANS       3. player by player: spot, move or fire (one each);
                    skipped before the outbreak (nobody reacts)            -> BYSTANDERS
    BYSTANDERS   3. the NPCs, driven by the rules                          -> ZOMBIES_MOVE
    ZOMBIES_MOVE 4. zombies move, pro rata to the shooting results         -> STRIKE, or REACTION
                    when this is the first attack (the outbreak)
    REACTION     every human rolls to spot the attack; NPCs who saw it flee;
                 PCs who saw it move (player by player)                    -> STRIKE
    STRIKE       5. humans strike with close combat weapons                -> GRAPPLE
    GRAPPLE      6. zombies and humans grapple, humans unarmed             -> END_OF_MOVE
    END_OF_MOVE  sealing, bite checks due, the turn limit                  -> GENERATION, or OVER

:func:`advance` runs the machine until a player must decide or the game is over.
"""

from __future__ import annotations

from game.rules.outbreak import acting, bites, bystanders, close_combat, generation, movement, objectives, spotting
from game.rules.outbreak.events import MoveStarted, OutbreakStarted, PlayerStarted, StepStarted
from game.rules.outbreak.state import STEP_NUMBERS, Step
from game.rules.outbreak.world import World

STEP_NAMES = {
    Step.GENERATION: "zombie generation",
    Step.TURNING: "bitten humans test for turning",
    Step.ZOMBIES_SPOT: "zombies spot",
    Step.HUMANS: "humans spot, move or fire",
    Step.BYSTANDERS: "bystanders act",
    Step.ZOMBIES_MOVE: "zombies move",
    Step.REACTION: "the humans react to the first attack",
    Step.STRIKE: "humans strike with close combat weapons",
    Step.GRAPPLE: "zombies and humans grapple",
    Step.END_OF_MOVE: "end of the move",
}


def _announce(world: World, step: Step) -> None:
    world.emit(StepStarted(STEP_NUMBERS[step], STEP_NAMES[step]))


def start_move(world: World) -> None:
    st = world.state
    st.move += 1
    st.active_player = None
    st.engaged = {}
    for f in st.figures.values():
        f.acted = ""
        f.reacted = True
        f.frozen = f.tired = f.ran = False
        f.thirds_used = 0
        f.moved_inches = 0.0
        f.allowance = 0.0
        f.fought = False
    world.emit(MoveStarted(st.move))


def begin_player(world: World, after: int | None) -> bool:
    """Hand the step to the next player after ``after`` with a PC able to act; False when none."""
    st = world.state
    for p in range(1 if after is None else after + 1, st.players + 1):
        st.active_player = p
        if any(acting.can_act(world, f) for f in st.pcs_of(p)):
            world.emit(PlayerStarted(p))
            return True
    st.active_player = None
    return False


def end_player(world: World) -> None:
    """EndStep: the next player, or the next step."""
    st = world.state
    if not begin_player(world, st.active_player):
        st.step = Step.BYSTANDERS if st.step == Step.HUMANS else Step.STRIKE


def outbreak(world: World) -> None:
    """The first victim is attacked: spotting the attack, NPCs flee, PCs who saw it may react."""
    st = world.state
    victim_id = sorted(st.engaged)[0]
    victim = world.fig(victim_id)
    zombie = world.fig(st.engaged[victim_id][0])
    st.outbreak, st.outbreak_move, st.attack_at = True, st.move, victim.position
    world.emit(OutbreakStarted(victim.id, zombie.id, victim.position))
    saw = spotting.spot_attack(world, victim)
    for h in st.npcs():
        if h.id in saw and h.on_table and not acting.in_combat(world, h):
            movement.flee(world, h, victim.position)
    for p in st.pcs():
        p.reacted = not (p.id in saw and p.on_table and not acting.in_combat(world, p))
    if st.all_aware:  # "after the initial spotting ... zombies and humans are aware of each other"
        for f in st.figures.values():
            f.aware = f.aware or f.on_table


def advance(world: World, reading: bool) -> None:
    """Run the machine until a player must decide or the game is over."""
    st = world.state
    while True:
        if objectives.check_now(world):
            return
        step = st.step
        if step == Step.GENERATION:
            start_move(world)
            _announce(world, step)
            generation.generate(world)
            st.step = Step.TURNING
        elif step == Step.TURNING:
            _announce(world, step)
            bites.turning(world)
            if st.outbreak:
                movement.tiredness(world)
            st.step = Step.ZOMBIES_SPOT
        elif step == Step.ZOMBIES_SPOT:
            _announce(world, step)
            spotting.zombies_spot(world)
            st.step = Step.HUMANS
            st.active_player = None
            if st.outbreak:
                _announce(world, Step.HUMANS)
                spotting.auto_spot(world)
                if not begin_player(world, None):
                    st.step = Step.BYSTANDERS
            else:
                st.step = Step.ZOMBIES_MOVE  # the quiet start: nobody reacts yet
        elif step in (Step.HUMANS, Step.REACTION):
            if st.active_player is not None and any(acting.can_act(world, f) for f in st.pcs_of(st.active_player)):
                return  # a player must decide
            end_player(world)
        elif step == Step.BYSTANDERS:
            bystanders.act(world)
            st.step = Step.ZOMBIES_MOVE
        elif step == Step.ZOMBIES_MOVE:
            _announce(world, step)
            movement.zombies_move(world)
            st.step = Step.STRIKE
            if not st.outbreak and any(st.engaged.values()):
                _announce(world, Step.REACTION)
                outbreak(world)
                st.step = Step.REACTION
                st.active_player = None
                if not begin_player(world, None):
                    st.step = Step.STRIKE
        elif step == Step.STRIKE:
            _announce(world, step)
            close_combat.strike(world, reading)
            st.step = Step.GRAPPLE
        elif step == Step.GRAPPLE:
            _announce(world, step)
            close_combat.grapple(world)
            st.step = Step.END_OF_MOVE
        elif step == Step.END_OF_MOVE:
            generation.seal(world)
            for h in st.humans():
                if h.on_table and h.fought:
                    h.bite_check = True
            if objectives.end_of_move(world):
                return
            st.step = Step.GENERATION
        else:
            return
