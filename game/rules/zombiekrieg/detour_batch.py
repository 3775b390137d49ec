"""A horde going round the bases in its way in one compiled loop (:mod:`game.rules.zombiekrieg.detour_kernel`),
with every answer the Python's (:func:`game.rules.zombiekrieg.detour.go_round`).

The loop goes over the horde pass after pass as the Python does, the bases as the crowd's arrays, and logs
each zombie that went round; the log is played onto the table and the walked ways after each stretch. A
zombie the loop hands back (a wall, the table's edge or clutter near its way) is asked of the Python's own
``_round_one``, with the table brought up to date first and the zombies gone so far kept in the loop's
arrays (:class:`_FiledGoings`), and the loop goes on after it. A zombie's questions for the table (a leg's
terrain, clutter) are met together and answered in one stop (:data:`ASK_TOGETHER`); the bases are played onto
the table only before the Python's turn and at the end, since no answer hangs on them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, NamedTuple

from game.rules.zombiekrieg.state import Figure
from game.rules.zombiekrieg.world import World
from game.scenario.model import Point

BESIDE_MOST = 256  # bases beside one zombie the loop has room for (a crowd beyond it is handed back)
ASKED_MOST = 64  # questions about one zombie the loop has room for (one beyond them is handed back)
# a zombie's questions about the terrain are handed to the table together: the loop goes on past one it
# cannot answer as if the leg were clear, to meet those after it, then works the zombie out afresh once
# the table has answered them all (the answers the same; False: one question each time, as first written)
ASK_TOGETHER = True


class Python(NamedTuple):
    """What the loop shares with the Python go-round (``detour``), handed in by it so that neither module imports
    the other: its passes, its goings' filing cell and slack, and its answers for one zombie."""

    passes: int
    cell: float
    near_slack: float
    in_clutter: Callable[[World, list[Point]], bool]
    round_one: Callable[[World, Figure, list[Point], dict[str, list[Point]], Any], bool]


def go_round(
    world: World,
    order: Sequence[Figure],
    wanted: Sequence[list[Point]],
    paths: dict[str, list[Point]],
    py: Python,
) -> bool:
    """``detour.go_round`` of the horde; False (nothing done) where this interpreter's ``math.dist``
    or trigonometry is not the loop's, or while the table's loops run plain (a first start compiling them:
    this loop would be compiled here, and with plain loops among its globals), and the Python goes round
    instead."""
    from game.table import plain

    if not order or plain.plain():
        return False
    from game.rules.zombiekrieg import detour_kernel as k
    from game.table.compiled import python_dist_holds

    if not python_dist_holds() or not k.trig_holds():
        return False
    import numpy as np

    from game.table.crowd import Filed

    bases, ground = world.table.crowd_bases()
    filed = Filed.of(bases, ground.width, ground.height)
    outlines = world.table.outlines()
    walls = outlines.walls
    rings = outlines.polys + outlines.caps.shape[1]
    clutter = (outlines.clutter, outlines.ring_first, np.ascontiguousarray(outlines.boxes[:, rings:]))
    n = len(order)
    zs = _zombies(order, wanted, paths, filed.slot)
    log = (
        np.empty(n * py.passes, np.int64),
        np.empty(n * py.passes, np.int64),
        np.empty((n * py.passes, 3)),
        np.empty((n * py.passes, 3)),
        np.zeros(1, np.int64),
    )
    goings = _FiledGoings(order, ground.width, ground.height, py)
    memo = (
        np.zeros(ASKED_MOST, np.int64),
        np.zeros((ASKED_MOST, 6)),
        np.zeros(ASKED_MOST),
        np.zeros(ASKED_MOST),
        np.array([0, 0, int(ASK_TOGETHER)], np.int64),  # entries, unanswered on this run, asked together?
    )
    loop = (
        zs,
        _rules(ground, py.near_slack),
        _steps(),
        filed.arrays(),
        walls,
        clutter,
        goings.arrays,
        _scratch(wanted, walls),
        memo,
        log,
    )
    moved, why = np.zeros(py.passes, np.bool_), np.zeros(1, np.int64)
    step, resume = 0, False
    entered: dict[str, bool] = {}

    def in_clutter(z: Figure, want: list[Point]) -> bool:
        if z.id not in entered:
            entered[z.id] = py.in_clutter(world, want)
        return entered[z.id]

    while True:
        back = k.rounds(step, resume, py.passes, *loop, moved, why)
        p, i = divmod(back, n)
        step, resume = back, back >= 0 and why[0] == k.QUESTION
        if resume:  # the table's answers are the terrain's and clutter's: the bases may wait
            _answer(world, order[i], wanted[i], memo, in_clutter)
            continue
        _replay(world, order, paths, log)
        if back < 0:
            return True
        z = order[i]
        if py.round_one(world, z, wanted[i], paths, goings):
            moved[p] = True
            k.refile(filed.slot[z.id], z.position[0], z.position[1], filed.arrays())
            walked = paths[z.id]
            zs[6][i], zs[7][i] = k.path_length(*_columns(walked), 0, len(walked)), len(walked)
        if i + 1 == n and not moved[p]:
            return True
        step = back + 1


def _answer(
    world: World,
    z: Figure,
    want: list[Point],
    memo: tuple[Any, ...],
    in_clutter: Callable[[Figure, list[Point]], bool],
) -> None:
    """Answer the loop's questions about zombie ``z`` (``detour_kernel.recall``) as the table does
    (``in_clutter``: whether its own way entered clutter)."""
    from game.rules.zombiekrieg import detour_kernel as k

    kinds, points, answers, backs, count = memo
    for e in range(int(count[0])):
        if answers[e] == answers[e]:  # answered already (not nan)
            continue
        kind, xy = int(kinds[e]), points[e].tolist()
        if kind == k.TERRAIN:
            stop = world.table.terrain_stop((xy[0], xy[1]), (xy[2], xy[3]), z.radius)
            answers[e], backs[e] = (k.NO_HIT, 0.0) if stop is None else (stop[0], float(stop[2]))
        elif kind == k.WANT:
            answers[e] = float(not in_clutter(z, want))
        else:
            way = [(xy[2 * q], xy[2 * q + 1]) for q in range(kind - k.CLUTTER)]
            answers[e] = float(world.table.paths_in_clutter([way])[0] and not in_clutter(z, want))


class _FiledGoings:
    """``detour._Goings`` kept in the loop's arrays (``detour_kernel.same_answer``), asked by the Python
    of a zombie handed back."""

    def __init__(self, order: Sequence[Figure], width: float, height: float, py: Python) -> None:
        import numpy as np

        self.index = {z.id: i for i, z in enumerate(order)}
        cell = py.cell
        nx, ny = max(1, math.ceil(width / cell)), max(1, math.ceil(height / cell))
        room = 2 * len(order) * py.passes
        self.arrays = (
            np.full(len(order), -1, np.int64),  # since when each one failed (-1: it did not)
            np.zeros(3),  # how many went, how many places are filed, the widest base gone
            np.empty(room, np.int64),
            np.empty(room),
            np.empty(room),
            np.empty(room),
            np.empty(room, np.int64),
            np.full(nx * ny, -1, np.int64),
            cell,
            nx,
            ny,
        )
        self.rules = np.array([0.0, 0.0, 0.0, 0.0, py.near_slack])

    def same_answer(self, z: Figure, reach: float) -> bool:
        from game.rules.zombiekrieg import detour_kernel as k

        x, y = z.position
        return bool(k.same_answer(self.index[z.id], x, y, z.radius, reach, self.arrays, self.rules))

    def went(self, z: Figure, to: Point) -> None:
        from game.rules.zombiekrieg import detour_kernel as k

        k.went(self.index[z.id], z.position[0], z.position[1], to[0], to[1], z.radius, self.arrays)

    def fail(self, z: Figure) -> None:
        from game.rules.zombiekrieg import detour_kernel as k

        k.fail(self.index[z.id], self.arrays)


def _columns(points: Sequence[Point]) -> tuple[Any, Any]:
    import numpy as np

    flat = np.fromiter(chain.from_iterable(points), np.float64, 2 * len(points))
    return np.ascontiguousarray(flat[0::2]), np.ascontiguousarray(flat[1::2])


def _zombies(
    order: Sequence[Figure], wanted: Sequence[list[Point]], paths: dict[str, list[Point]], slot: dict[str, int]
) -> tuple[Any, ...]:
    """The horde as the loop reads it: slots, radii, the wanted ways (first point of each, x, y), their
    lengths, and the lengths and points of the ways walked so far."""
    import numpy as np

    from game.rules.zombiekrieg import detour_kernel as k

    def flat(ways: Sequence[Sequence[Point]]) -> tuple[Any, Any, Any]:
        first = np.zeros(len(ways) + 1, np.int64)
        np.cumsum([len(w) for w in ways], out=first[1:])
        return (first, *_columns(list(chain.from_iterable(ways))))

    first, px, py = flat(wanted)
    walked_first, wx, wy = flat([paths[z.id] for z in order])
    return (
        np.array([slot[z.id] for z in order], np.int64),
        np.array([z.radius for z in order], np.float64),
        first,
        px,
        py,
        k.lengths(first, px, py),
        k.lengths(walked_first, wx, wy),
        np.diff(walked_first),
    )


def _rules(ground: Any, near_slack: float) -> Any:
    """The rules' numbers in ``detour_kernel``'s order."""
    import numpy as np

    from game.rules.kit import detour as kit

    return np.array(
        [
            kit.SHORT, kit.REACH_MOST, kit.BOUND_SLACK, kit.BESIDE_SLACK, near_slack, ground.gap,
            ground.reach, ground.margin, ground.width, ground.height,
        ],
        np.float64,
    )  # fmt: skip


def _steps() -> Any:
    """The sidesteps as rows: each one's turn off the way (radians, as ``math.radians`` gives it) and width."""
    import numpy as np

    from game.rules.kit import detour as kit

    return np.array([[math.radians(turn) for turn, _ in kit.SIDESTEPS], [aside for _, aside in kit.SIDESTEPS]])


def _scratch(wanted: Sequence[list[Point]], walls: Any) -> tuple[Any, ...]:
    """The loop's working arrays (see ``detour_kernel.round_one``)."""
    import numpy as np

    longest = max(3, max((len(w) for w in wanted), default=0))
    every = len(walls[1]) - 1 + walls[2].shape[1]
    return (
        *(np.empty(longest) for _ in range(4)),
        np.empty(max(1, every), np.int64),
        np.empty(max(1, every)),
        *(np.empty(3) for _ in range(4)),
        np.empty(max(1, every), np.int64),
        np.empty((3, BESIDE_MOST)),
    )


def _replay(world: World, order: Sequence[Figure], paths: dict[str, list[Point]], log: tuple[Any, ...]) -> None:
    """Play the logged ways round onto the table and the walked ways, in turn, and empty the log."""
    which, counts, at_x, at_y, logged = log
    m = int(logged[0])
    for w, c, xs, ys in zip(which[:m].tolist(), counts[:m].tolist(), at_x[:m].tolist(), at_y[:m].tolist()):
        z = order[w]
        way = list(zip(xs[:c], ys[:c]))
        walked = paths[z.id]
        paths[z.id] = [*(walked if len(walked) >= 2 else [walked[0]]), *way[1:]]
        world.set_position(z, way[-1])
    logged[0] = 0
