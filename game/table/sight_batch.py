"""Many sight lines in one call: the lines that are plain are settled together, in compiled loops
(:mod:`game.table.sight_kernel`), the rest handed back to ``Table.line_of_sight`` so every answer
is the single call's.

Each line is tested only against the pieces whose box it comes near (the boxes overlap, then the
line passes within the box: the separating axis test), so a batch costs about what those few
pieces' edges do. Walls and buildings go first; clutter is then looked for only up to the line's
first wall (what lies beyond never counts) and in the outlines whose box holds the line's target.

A line is *plain* when it does not start in or end on a wall or building, passes no corner of one
(nor a vertex of a clutter outline) within ``CORNER_CLEARANCE``, crosses no outline within
``END_CLEARANCE`` of either end, is not a near tie between two pieces of terrain, and no span of
clutter runs on within ``END_CLEARANCE`` of the wall that stops it. For a plain line the batch
works out what the single call does, the same way: the first wall or building crossed (each convex
piece's edges; a wall as its thick segment, two sides and two round ends), each clutter outline's
inside spans by parity (``geometry.segment_inside_intervals``, the same arithmetic in the same
order), their union (``geometry.merge_intervals``), the inches crossed summed in the same order, the
point where they pass the limit, and whether the target stands in clutter
(``geometry.point_in_edges``). The clutter figures are therefore the single call's to the last bit;
where the wall stops the line is pymunk's to within a hair.

numpy and numba are imported when the first batch is asked for, not at start-up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from game.scenario.model import Point
from game.table.outlines import CHUNK, Outlines, in_chunks, lines_of

_STATES = ("clear", "obscured", "blocked")  # by the kernel's state codes
_WORDS: dict[int, str] = {}


def _clutter_words(crossed: float) -> str:
    """``f'clutter ({crossed:.1f}" crossed)'``, the single call's words, kept by tenths (formatting
    a float costs more than the rest of a line): a figure within a hair of a half tenth is
    formatted afresh."""
    tenths = crossed * 10.0
    k = math.floor(tenths + 0.5)
    if abs(tenths - k) > 0.49 or k < 0:
        return f'clutter ({crossed:.1f}" crossed)'
    words = _WORDS.get(k)
    if words is None:
        words = _WORDS[k] = f'clutter ({crossed:.1f}" crossed)'
    return words


def _classify(
    o: Outlines,
    pairs: Sequence[tuple[Point, Point]],
    max_clutter: float,
    make: Callable[[str, float, Point | None, bool, str], Any],
    clear_sight: Any,
) -> tuple[list[Any], Any]:
    """(a list of each plain line's Sight, made by ``make``, a plain clear line being ``clear_sight``
    itself, None for the others; the others' indices)."""
    import numpy as np

    from game.table import sight_kernel as k

    lines, odd = lines_of(pairs)
    kind, state, crossed, at_x, at_y, target_in, by = k.classify(
        lines.ax, lines.ay, lines.bx, lines.by, odd, o.edges, o.poly_first, o.poly_piece, o.caps, o.cap_piece,
        o.clutter, o.ring_first, o.boxes, float(max_clutter),
        np.fromiter(map(math.hypot, lines.dx.tolist(), lines.dy.tolist()), np.float64, len(pairs)),
    )  # fmt: skip
    # The answers go straight into a list (an object array's gathers and tolist cost more than
    # making the Sights).
    out: list[Any] = [None] * len(pairs)
    for i in np.flatnonzero(kind == k.CLEAR).tolist():
        out[i] = clear_sight
    rows = np.flatnonzero(kind == k.MADE)
    if len(rows):
        c = crossed[rows].tolist()
        x, y = at_x[rows], at_y[rows]
        at = [None if px != px else (px, py) for px, py in zip(x.tolist(), y.tolist())]  # nan: not blocked
        states = list(map(_STATES.__getitem__, state[rows].tolist()))
        names = o.names
        words = [
            names[b] if b >= 0 else ("" if b == k.BY_NONE else _clutter_words(v))
            for b, v in zip(by[rows].tolist(), c)
        ]
        made = map(make, states, c, at, target_in[rows].tolist(), words)
        for i, sight in zip(rows.tolist(), made):
            out[i] = sight
    return out, np.flatnonzero(kind == k.UNSURE)


def lines_of_sight(
    o: Outlines,
    pairs: Sequence[tuple[Point, Point]],
    max_clutter: float,
    single: Callable[[Point, Point], Any],
    make: Callable[[str, float, Point | None, bool, str], Any],
    clear_sight: Any,
) -> list[Any]:
    """Every pair's Sight: the plain ones worked out together (built by ``make``; a plain clear line
    is ``clear_sight`` itself), the rest from ``single``."""
    return in_chunks(pairs, lambda chunk: _classify(o, chunk, max_clutter, make, clear_sight), single)


def seen_from_any(
    o: Outlines,
    watchers: Sequence[Point],
    targets: Sequence[Point],
    max_clutter: float,
    single: Callable[[Point, Point], Any],
) -> list[bool]:
    """For each target, is the line from some watcher to it not blocked? Every pair's line is settled
    as :func:`lines_of_sight` settles it (the same lines, lengths and arithmetic), without making a
    Sight: a target that no plain line sees asks ``single`` of its other lines, one by one, until one
    is not blocked."""
    import numpy as np

    from game.table import sight_kernel as k
    from game.table.outlines import lines_between

    n, m = len(watchers), len(targets)
    if not n or not m:
        return [False] * m
    seen = np.zeros(m, np.bool_)
    unsure = np.zeros((m, n), np.bool_)
    wx = np.fromiter((float(w[0]) for w in watchers), np.float64, n)
    wy = np.fromiter((float(w[1]) for w in watchers), np.float64, n)
    tx = np.fromiter((float(t[0]) for t in targets), np.float64, m)
    ty = np.fromiter((float(t[1]) for t in targets), np.float64, m)
    rows = max(1, CHUNK // n)  # targets a batch, all their watchers' lines together
    with np.errstate(all="ignore"):  # inf and nan stand for "none" or "no number"; such rows are masked
        for first in range(0, m, rows):
            count = min(rows, m - first)
            lines, odd = lines_between(
                np.tile(wx, count), np.tile(wy, count),
                np.repeat(tx[first : first + count], n), np.repeat(ty[first : first + count], n),
            )  # fmt: skip
            kind, state, _, _, _, _, _ = k.classify(
                lines.ax, lines.ay, lines.bx, lines.by, odd, o.edges, o.poly_first, o.poly_piece, o.caps,
                o.cap_piece, o.clutter, o.ring_first, o.boxes, float(max_clutter),
                np.fromiter(map(math.hypot, lines.dx.tolist(), lines.dy.tolist()), np.float64, count * n),
            )  # fmt: skip
            sure_seen = (kind == k.CLEAR) | ((kind == k.MADE) & (state != k.STATE_BLOCKED))
            seen[first : first + count] = sure_seen.reshape(count, n).any(axis=1)
            unsure[first : first + count] = (kind == k.UNSURE).reshape(count, n)
    out = seen.tolist()
    for j in np.flatnonzero(~seen & unsure.any(axis=1)).tolist():
        out[j] = any(
            single(watchers[i], targets[j]).state != "blocked" for i in np.flatnonzero(unsure[j]).tolist()
        )
    return out


def clutter_crossed(o: Outlines, ax: Any, ay: Any, bx: Any, by: Any, single: Callable[[int], float]) -> Any:
    """The inches of clutter a sight line crosses along each segment (columns of its ends), as
    ``Table.line_of_sight`` counts them with no limit, nan where a wall or building blocks the line
    (the count stops there): the plain lines worked out together, the others by ``single(i)``. No
    Sight is made (a horde's legs ask thousands)."""
    import numpy as np

    from game.table import sight_kernel as k
    from game.table.outlines import lines_between

    lines, odd = lines_between(ax, ay, bx, by)
    with np.errstate(all="ignore"):  # inf and nan stand for "none" or "no number"; such rows are masked
        kind, state, crossed, _, _, _, _ = k.classify(
            lines.ax, lines.ay, lines.bx, lines.by, odd, o.edges, o.poly_first, o.poly_piece, o.caps, o.cap_piece,
            o.clutter, o.ring_first, o.boxes, math.inf, np.hypot(lines.dx, lines.dy),
        )  # fmt: skip
    out = np.where(kind == k.CLEAR, 0.0, crossed)
    out[(kind == k.MADE) & (state == k.STATE_BLOCKED)] = np.nan
    for i in np.flatnonzero(kind == k.UNSURE).tolist():
        out[i] = single(i)
    return out
