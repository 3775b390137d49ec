"""Get the compiled loops ready before a game needs them.

numba compiles the batches' loops, the distance field's and the walking grid's searches (:mod:`game.table.compiled`) when
a run first asks for them, or loads them from its cache: a few seconds the first time after an
install, 0.4 s after that. On screen that would be a pause at the first zombie turn, so the game's
window starts this in a background thread once its first frame is drawn (start-up stays as quick as
before), while the player reads the title screen or deploys. A loop asked for while it is still
compiling waits for it (numba compiles each once).

>>> warm_up()  # doctest: +SKIP
"""

from __future__ import annotations

import threading

_started = threading.Event()  # once a process: the loops, once compiled, stay


def warm_up() -> None:
    """Compile (or load) the compiled loops now, on a tiny table with one of every kind of terrain."""
    from game.scenario.model import Area, Terrain
    from game.table.corners import SORT_FROM
    from game.table.crowd import NEAR_BATCH_FROM, WALKS_BATCH_FROM
    from game.table.legs_batch import LEGS_BATCH_FROM
    from game.table.space import BATCH_FROM, Table

    table = Table(
        12,
        12,
        [
            Terrain(1, "Hut", "building", Area.rect(2, 2, 2, 2)),
            Terrain(2, "Wall", "wall", Area(((6.0, 1.0), (6.0, 5.0)), is_line=True, shape="polyline")),
            Terrain(3, "Copse", "woods", Area.rect(7, 7, 3, 3)),
        ],
    )
    many = max(LEGS_BATCH_FROM, BATCH_FROM)
    lines = [((1.0 + i * 0.1, 11.0 - i * 0.1), (11.0 - i * 0.1, 1.0 + i * 0.1)) for i in range(many)]
    table.legs_clear(lines, 0.5)
    table.lines_of_sight(lines)
    field = table.distance_field([(11.0, 11.0)], 0.5)  # the corners' search, then reading a crowd
    field.steps([(1.0 + i * 0.5, 1.0) for i in range(SORT_FROM)], 2.0)
    table.find_path((1.0, 3.0), (5.0, 3.0), 0.5)  # the walking grid's A*
    crowd = [(f"w{i}", [(1.0 + i * 0.6, 10.0), (1.5 + i * 0.6, 6.0)]) for i in range(WALKS_BATCH_FROM)]
    for fid, points in crowd:
        table.place(fid, points[0], 0.25)
    table.walk_in_turn(crowd, 0.25, 1e-6, table.move)  # a horde walking in turn
    asked = [crowd[i % len(crowd)][0] for i in range(NEAR_BATCH_FROM)]
    table.others_within(asked, [2.0] * len(asked), lambda fid: True)  # and who is near whom


def warm_up_in_background() -> None:
    """:func:`warm_up` on a daemon thread, once a process."""
    if not _started.is_set():
        _started.set()
        threading.Thread(target=warm_up, name="warm batch loops", daemon=True).start()
