"""Rules: Zombie 40,000, "The 40k core needed" (Morale: falling back), with scripted dice: a squad that falls
back goes its 2D6 toward its own edge round the zombies in its way, its bases never overlap another, and a
model who cannot go the whole way says what stopped him."""

from __future__ import annotations

import math

from game.rules.zombie40k import movement
from game.rules.zombie40k.events import FallBackCut, Moved
from game.rules.zombie40k.log_words import lines
from game.rules.zombie40k.testing import rigged_game

GUARDIANS = {"unit": "guardian_defenders", "models": 6}


def overlaps(g) -> list[tuple[str, str]]:
    alive = [m for m in g.state.models.values() if m.alive]
    return [
        (a.id, b.id)
        for a in alive
        for b in alive
        if a.id < b.id and math.dist(a.position, b.position) < a.radius + b.radius - 1e-6
    ]


def test_a_squad_with_zombies_behind_it_falls_back_round_them_and_no_bases_overlap() -> None:
    squad = [(20, 30), (21.1, 30), (22.2, 30), (20, 31.1), (21.1, 31.1), (22.2, 31.1)]
    zombies = [(20, 32.2), (21.1, 32.2), (22.2, 32.2), (20, 28.9), (21.1, 28.9)]  # behind them and in front
    g = rigged_game({1: squad}, hordes=[zombies], teams=[GUARDIANS], dice=[5, 3])
    w = g.world
    movement.fall_back(w, w.unit("p1"))
    moves = {e.figure: e.length for e in w.events if isinstance(e, Moved) and e.how == "fall back"}
    assert sorted(moves) == [f"p1-{i}" for i in range(1, 7)]  # every Guardian got away from the zombies
    assert max(moves.values()) > 7.9 and min(moves.values()) > 1.0  # (it said "falls back 0.0"")
    assert overlaps(g) == []
    assert all(g.figure(f"p1-{i}").position[1] > 31 for i in range(1, 7))  # toward the bottom (own) edge
    cut = [e for e in w.events if isinstance(e, FallBackCut)]
    assert all(e.by.startswith("h1-") and not e.surrounded for e in cut)


def test_a_guardian_boxed_in_by_zombies_says_he_is_surrounded() -> None:
    ring = [(20 + 1.35 * math.cos(a * math.pi / 4), 30 + 1.35 * math.sin(a * math.pi / 4)) for a in range(8)]
    g = rigged_game({1: [(20, 30)]}, hordes=[ring], teams=[GUARDIANS], dice=[4, 4])
    w = g.world
    movement.fall_back(w, w.unit("p1"))
    cut = [e for e in w.events if isinstance(e, FallBackCut)]
    assert [(e.figure, e.surrounded) for e in cut] == [("p1-1", True)]
    assert overlaps(g) == []
    said = " ".join(lines(g, cut))
    assert "Guardian" in said and "surrounded" in said and "Zombie" in said
