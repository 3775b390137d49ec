"""The zombie unit to the letter (issue 10): it keeps together, walks straight in the open, and every
change of position is an event (rules: Zombiekrieg 848, The zombies: Cohesion; Common: Movement,
State and log agree). Dice are scripted; whole games are the bot's on the starter map."""

from __future__ import annotations

import math

import pytest

from game.ai.zombiekrieg_bot import choose_command
from game.rules.zombiekrieg import cohesion as zk_cohesion
from game.rules.zombiekrieg import new_game
from game.rules.zombiekrieg import zombies as zk_zombies
from game.rules.zombiekrieg.events import Exited, FigurePlaced, Killed, Moved, ZombieMoved
from game.rules.zombiekrieg.geometry import within
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def edge(g, a: str, b: str) -> float:
    return g.world.edge_distance(g.figure(a), g.figure(b))


def settled(world, z) -> bool:
    """Rules: Cohesion: within 4" of an Allied figure, or within 2" of another standing zombie."""
    st = world.state
    return any(within(world.edge_distance(z, a), 4.0) for a in st.allied() if a.on_table) or any(
        within(world.edge_distance(z, o), 2.0) for o in st.zombies() if o.standing and o.id != z.id
    )


# -- the two examples ------------------------------------------------------------------------


def test_two_zombies_with_a_soldier_on_each_side_stay_together():
    """Rules: Cohesion: two zombies 0.5" apart, each heading for its own nearest soldier (one on each side,
    both seen, neither within 4"), used to end 8.5" apart after a 4" lurch. The unit keeps together: after
    the Axis move they are within 2" of each other."""
    g = rigged_game(
        soldiers={"us1-sgt": (2, 12, 0), "us1-r1": (22, 12, 180)},
        zombies=[(11.25, 12), (12.75, 12)],
        dice=[4],  # seen column: lurch 4" toward the nearest seen
    )
    zk_zombies.axis_move(g.world)
    assert of(g.world.events, ZombieMoved), "the unit still moves"
    assert within(edge(g, "z1", "z2"), 2.0), edge(g, "z1", "z2")


def test_a_zombie_out_of_touch_spends_its_move_rejoining():
    """Rules: Cohesion: a zombie that starts out of touch (left behind) spends its move rejoining the nearest
    zombie instead of heading for the table's goal, and stops once it is back within 2"."""
    g = rigged_game(
        soldiers={"us1-sgt": (12, 22, 270)},
        zombies=[(4, 4), (5.5, 4), (7, 4), (12.5, 3)],  # z4 is 4.6" from z3: out of touch
        dice=[4],  # seen: lurch 4" toward the nearest seen
    )
    zk_zombies.axis_move(g.world)
    z4 = g.figure("z4")
    assert zk_cohesion.in_touch(g.world, z4, z4.position)
    nearest = min(edge(g, "z4", other) for other in ("z1", "z2", "z3"))
    assert nearest == pytest.approx(2.0, abs=1e-6)  # stopped as soon as it was back in touch
    assert z4.position[0] < 11  # it went west to the unit, not south to the Sergeant
    for zid in ("z1", "z2", "z3"):
        assert settled(g.world, g.figure(zid))


def test_a_zombie_held_back_by_a_wall_holds_its_neighbour_back():
    """Rules: Cohesion, "wherever the walls allow": a zombie stuck behind a wall does not lose its neighbour."""
    sc = tiny_scenario(walls=[((9, 8), (11, 8))])
    g = rigged_game(soldiers={"us1-sgt": (12, 22, 270)}, zombies=[(10, 7.2), (11.6, 6)], dice=[6], scenario=sc)
    zk_zombies.axis_move(g.world)
    assert within(edge(g, "z1", "z2"), 2.0)


# -- straight in the open, every move an event -------------------------------------------------------


@pytest.mark.parametrize("angle", [0, 11.5, 23, 37, 45, 60, 77])
def test_in_open_ground_a_zombie_walks_straight_at_its_target(angle):
    """Rules: Common, Movement: in open ground a walker goes straight. A 4" lurch closes 4" on the target,
    whatever the direction (the walking grid's 0.5" cells once bent it up to 11.5 degrees off line)."""
    a = math.radians(angle)
    sx, sy = 4.0, 20.0
    z = (sx + 14 * math.cos(a), sy - 14 * math.sin(a))
    g = rigged_game(soldiers={"us1-sgt": (sx, sy, 0)}, zombies=[z], dice=[4])  # seen: lurch 4"
    before = edge(g, "z1", "us1-sgt")
    zk_zombies.axis_move(g.world)
    assert edge(g, "z1", "us1-sgt") == pytest.approx(before - 4.0, abs=1e-9)
    path = of(g.world.events, ZombieMoved)[0].path
    assert len(path) == 2


def test_no_zombie_moves_without_an_event():
    """Rules: Common, State and log agree: every change of position is an event; a zombie whose step would
    be too small to see does not move at all."""
    g = rigged_game(soldiers={"us1-sgt": (12, 22, 270)}, zombies=[(12, 2), (13.5, 2), (15, 2)], dice=[4])
    starts = {z.id: z.position for z in g.state.zombies()}
    zk_zombies.axis_move(g.world)
    moved = {e.figure: e.path for e in of(g.world.events, ZombieMoved)}
    for z in g.state.zombies():
        if z.id in moved:
            assert moved[z.id][0] == starts[z.id] and moved[z.id][-1] == z.position
        else:
            assert z.position == starts[z.id]


def rebuilt_positions(log) -> dict[str, tuple[float, float]]:
    """Where every figure on the table stands, from the events alone."""
    where: dict[str, tuple[float, float]] = {}
    for e in log:
        if isinstance(e, FigurePlaced):
            where[e.figure] = tuple(e.position)
        elif isinstance(e, (Moved, ZombieMoved)):
            assert where[e.figure] == tuple(e.path[0]), f"{e.figure} moved from where it was not"
            where[e.figure] = tuple(e.path[-1])
        elif isinstance(e, (Killed, Exited)):
            where.pop(e.figure, None)
    return where


def test_whole_games_rebuilt_from_their_events_match_exactly(scenario):
    """Rules: Common, State and log agree: a game rebuilt from its events alone equals the game; every
    figure's position, exactly, after every command of whole bot games."""
    for seed in range(6):
        g = new_game(scenario, {"sections": [["american"], ["british", "soviet"]][seed % 2]}, seed)
        while not g.over:
            g.apply(choose_command(g))
            on_table = {f.id: f.position for f in g.figures if f.on_table}
            assert rebuilt_positions(g.log) == on_table, f"seed {seed}, turn {g.state.turn}"


def test_after_every_axis_move_of_whole_games_the_unit_is_together(scenario, monkeypatch):
    """Rules: Cohesion: after the Axis move every zombie not within 4" of an Allied figure is within 2" of
    another zombie: every zombie that started the move so (the unit, and the zombies breaking off), over
    whole bot games; the zombies that started out of touch rejoin when they can reach the unit."""
    axis_move = zk_zombies.axis_move
    seen = {"moves": 0, "stragglers_rejoined": 0, "stragglers": 0}

    def checked(world):
        st = world.state
        before = {z.id for z in st.zombies() if z.standing and settled(world, z)}
        lost = {z.id for z in st.zombies() if z.standing and z.id not in before}
        axis_move(world)
        seen["moves"] += 1
        for z in st.zombies():
            if z.id in before:
                assert settled(world, z), f"{z.id} ends out of touch in turn {st.turn}"
            elif z.id in lost:
                seen["stragglers"] += 1
                seen["stragglers_rejoined"] += settled(world, z)

    monkeypatch.setattr(zk_zombies, "axis_move", checked)
    for seed in range(12):
        g = new_game(scenario, {"sections": [["american"], ["soviet"], ["british", "american"]][seed % 3]}, seed)
        while not g.over:
            g.apply(choose_command(g))
    assert seen["moves"] > 50
