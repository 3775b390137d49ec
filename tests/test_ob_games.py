"""Whole bot games on every outbreak map (rules: Zombie Rules (Outbreak); Common: movement, state
and log agree), with invariants checked after every event: the dead never act, no base stands in a
wall or on another base, each human takes at most one option a step, and a zombie never walks
through a wall. Replaying a game's commands from its seed gives the same game.

A few games run by default; ``DEADGROUND_LONG=1`` runs 200 on each map."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

from game.ai import bot_for
from game.rules.core import get_ruleset, replay, to_data
from game.rules.outbreak import events as ev
from game.scenario import load_scenario

MAPS = sorted(
    p
    for p in (Path(__file__).resolve().parent.parent / "maps").glob("*.tmx")
    if 'value="outbreak"' in p.read_text()
)
GAMES = 200 if os.environ.get("DEADGROUND_LONG") else 3
ACTORS = (ev.Moved, ev.ZombieMoved, ev.MovementRolled, ev.JamCleared)


class Checker:
    """Follows a game's events and checks the invariants after each one."""

    def __init__(self, game) -> None:
        self.game = game
        self.table = game.table
        self.pos: dict[str, tuple[float, float]] = {}
        self.radius: dict[str, float] = {}
        self.gone: set[str] = set()
        self.options: dict[str, set[str]] = {}
        self.moves: dict[str, int] = {}
        self.step = 0

    def feed(self, events) -> None:
        for e in events:
            self.one(e)

    def acting(self, fid: str) -> None:
        assert fid not in self.gone, f"{fid} acted after dying or leaving"

    def option(self, fid: str, kind: str) -> None:
        if self.step != 3:
            return
        self.options.setdefault(fid, set()).add(kind)
        assert len(self.options[fid]) == 1, f"{fid} took two options in one step: {self.options[fid]}"

    def place(self, fid: str, p) -> None:
        r = self.radius[fid]
        self.pos[fid] = (float(p[0]), float(p[1]))
        assert not self.table.overlaps_blocking(self.pos[fid], r - 1e-3), f"{fid} stands in a wall at {p}"
        for other, q in self.pos.items():
            if other != fid:
                assert math.dist(self.pos[fid], q) >= r + self.radius[other] - 1e-3, f"{fid} on {other}'s base"

    def one(self, e) -> None:
        if isinstance(e, ev.StepStarted):
            self.step = e.step
            self.options, self.moves = {}, {}
        elif isinstance(e, ev.FigurePlaced):
            self.radius[e.figure] = self.game.figure(e.figure).radius
            self.place(e.figure, e.position)
        elif isinstance(e, (ev.Killed, ev.Exited)):
            self.gone.add(e.figure)
            self.pos.pop(e.figure, None)
        elif isinstance(e, ev.HumanTurned):
            self.gone.add(e.figure)
            self.pos.pop(e.figure, None)
        elif isinstance(e, ACTORS):
            self.acting(e.figure)
        if isinstance(e, ev.Moved):
            self.option(e.figure, "move")
            self.moves[e.figure] = self.moves.get(e.figure, 0) + 1
            assert self.moves[e.figure] == 1, f"{e.figure} moved twice in a step"
            self.place(e.figure, e.path[-1])
        elif isinstance(e, ev.ZombieMoved):
            r = self.radius[e.figure]
            for a, b in zip(e.path, e.path[1:]):
                assert self.table.leg_clear(a, b, r - 0.01), f"{e.figure} walked through a wall {a}->{b}"
            self.place(e.figure, e.path[-1])
        elif isinstance(e, ev.Fired):
            self.acting(e.figure)
            self.acting(e.target)
            self.option(e.figure, "fire")
        elif isinstance(e, ev.JamCleared):
            self.option(e.figure, "clear")
        elif isinstance(e, ev.FirstBlow):
            self.acting(e.human)
            self.acting(e.zombie)
        elif isinstance(e, ev.Grappled):
            self.acting(e.human)
            self.acting(e.zombie)


def play(path: Path, seed: int):
    sc = load_scenario(path)
    rs = get_ruleset("outbreak")
    bot = bot_for("outbreak")
    g = rs.new_game(sc, {}, seed)
    check = Checker(g)
    check.feed(g.log)
    while not g.over:
        assert len(g.commands) < 2000, "stuck"
        cmd = bot(g)
        assert g.preview(cmd).legal, g.preview(cmd).reason
        check.feed(g.apply(cmd))
    return g


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("k", range(GAMES))
def test_bot_games_keep_the_invariants(path, k):
    g = play(path, 1000 + k)
    assert g.winner in ("players", "zombies") and g.state.reason


def test_maps_found():
    assert {p.stem for p in MAPS} >= {"small_town"}
    assert len(MAPS) >= 2


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_replaying_the_commands_gives_the_same_game(path):
    """A game is its scenario, options, seed and commands: a replay equals the game."""
    g = play(path, 7)
    again = replay(get_ruleset("outbreak"), g.scenario, g.options, g.seed, list(g.commands))
    assert again.state_data() == g.state_data()
    assert [to_data(e) for e in again.log] == [to_data(e) for e in g.log]


def test_the_move_sequence_runs_its_steps_in_order():
    """Rules: Outbreak, "The move sequence": generation, then steps 1 to 6 in order, every move."""
    g = play(MAPS[0], 3)
    moves: list[list[int]] = []
    for e in g.log:
        if isinstance(e, ev.MoveStarted):
            moves.append([])
        elif isinstance(e, ev.StepStarted):
            moves[-1].append(e.step)
    for steps in moves[:-1]:
        assert steps[0] == 0 and steps == sorted(steps) and {1, 2, 4, 5, 6} <= set(steps)
