"""Stop the game at its first frame on screen: the start-up benchmark's hook into pygame.

:func:`stop_at_first_frame` makes the next ``pygame.display.flip`` print the wall-clock time
(``time.time()``) and end the process at once, so :mod:`game.bench.startup` can measure start-up from
outside, without a hook in the game itself. The benchmark's runner (:mod:`game.bench.first_frame`) calls
it and then starts ``deadground`` as a player would.
"""

from __future__ import annotations

import os
import time


def stop_at_first_frame(frames: int = 2) -> None:
    """From now on each flip of the screen prints ``frame <n> <time>``; the ``frames``-th ends the process.
    The first frame is the window's first light (:func:`game.ui.app.first_light`), the second the first of
    the scene asked for (the title, or the table)."""
    import pygame

    flip = pygame.display.flip
    count = [0]

    def counted_flip() -> None:
        flip()
        count[0] += 1
        print(f"frame {count[0]} {time.time():.6f}", flush=True)
        if count[0] >= frames:
            os._exit(0)  # nothing after these frames is being measured

    pygame.display.flip = counted_flip
