"""The Outbreak move: one whole move sequence of Zombie Rules (Outbreak) on Small Town with 300
zombies and 20 humans (the issue's figure, ``outbreak_move_ms``; target under 100 ms).

Each run starts from Small Town after the outbreak (move 2, step 3), its figures replaced by 4 PCs
(pistol and club) and 16 bystanders, and 300 zombies on open ground, a third of them aware. The
clock runs from the humans' step of move 2, the PC bot choosing every command, through the
bystanders, the zombies' move, the first blows, the grapple, the end of the move, and move 3's
generation, turning and zombie spotting, until move 3's humans must decide. Every die is seeded;
the generation points are sealed so every run has the same 300 zombies.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from game.bench.common import clock, median, open_ground
from game.scenario.model import Scenario

if TYPE_CHECKING:
    from game.rules.outbreak.game import OutbreakGame

ZOMBIES, PCS, NPCS = 300, 4, 16


def small_town() -> Scenario:
    from game.assets import assets_dir
    from game.scenario.loader import load_scenario

    return load_scenario(str(assets_dir("maps") / "small_town.tmx"))


def outbreak_game(scenario: Scenario, zombies: int = ZOMBIES, seed: int = 1) -> Any:
    """Small Town in move 2's step 3 (player 1 to act) with the bench's figures."""
    from game.dice import Dice
    from game.rules.outbreak import sequence
    from game.rules.outbreak.game import OutbreakGame
    from game.rules.outbreak.state import BYSTANDERS, PLAYERS, Figure, Spawn, Step
    from game.rules.outbreak.state import ZOMBIES as ZSIDE

    g = OutbreakGame(scenario, {}, seed, Dice(seed), start=False)
    st = g.state
    for f in list(st.figures.values()):
        if f.on_table:
            g.table.remove(f.id)
        del st.figures[f.id]
    rng = random.Random(seed * 7919 + zombies)
    spots = open_ground(scenario, rng, 0.5, spacing=1.25)
    for i in range(1, PCS + 1):
        st.figures[f"pc{i}"] = Figure(
            f"pc{i}", PLAYERS, next(spots), 0.0, 0.5, f"PC {i}", 1, "pistol", "club", aware=True
        )
    for i in range(1, NPCS + 1):
        st.figures[f"npc{i}"] = Figure(f"npc{i}", BYSTANDERS, next(spots), 0.0, 0.5, f"NPC {i}", aware=i % 2 == 0)
    for i in range(1, zombies + 1):
        st.figures[f"z{i}"] = Figure(f"z{i}", ZSIDE, next(spots), 90.0, 0.5, "Zombie", aware=i % 3 == 0)
    st.next_zombie = zombies + 1
    for f in st.figures.values():
        g.table.place(f.id, f.position, f.radius)
    st.spawns = [Spawn(s.id, s.name, s.dice, sealed=True) for s in st.spawns]
    st.players, st.outbreak, st.outbreak_move = 1, True, 1
    st.move, st.step, st.turn_limit = 1, Step.GENERATION, 99
    g.table.corners(0.5)  # the corners' graph belongs to the map, not to one move
    sequence.advance(g.world, g.reading)  # move 2 up to its humans' step: outside the clock
    g._flush()
    g.log.clear()
    return g


def one_move(game: OutbreakGame) -> int:
    """Play from the humans' step to the next move's humans' step with the PC bot; the commands given."""
    from game.ai.outbreak_bot import choose_command

    move = game.state.move
    n = 0
    while not game.over and game.state.move == move:
        game.apply(choose_command(game))
        n += 1
    return n


def bench_outbreak(repeats: int = 5, zombies: int = ZOMBIES, scenario: Scenario | None = None) -> dict[str, float]:
    """Median ms of one whole Outbreak move sequence (300 zombies, 20 humans, the PC bot deciding):
    wall clock, and the process's CPU time (the figure to read on a machine shared with others)."""
    scenario = scenario or small_town()
    one_move(outbreak_game(scenario, zombies, seed=0))  # warm-up: SciPy's import, the bot's exit field
    times, cpu = [], []
    for r in range(repeats):
        g = outbreak_game(scenario, zombies, seed=1 + r)
        t0, c0 = clock(), time.process_time()
        one_move(g)
        times.append((clock() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return {"outbreak_move_ms": median(times), "outbreak_move_cpu_ms": median(cpu)}
