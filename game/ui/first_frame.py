"""Stop the game at its first frame on screen: the start-up benchmark's hook into pygame.

:func:`stop_at_first_frame` makes the next ``pygame.display.flip`` print the wall-clock time
(``time.time()``) and end the process at once, so :mod:`game.bench.startup` can measure start-up from
outside, without a hook in the game itself. The benchmark's runner (:mod:`game.bench.first_frame`) calls
it and then starts ``deadground`` as a player would.
"""

from __future__ import annotations

import os
import time


def stop_at_first_frame() -> None:
    """From now on the first flip of the screen prints ``first-frame <time>`` and ends the process."""
    import pygame

    flip = pygame.display.flip

    def first_flip() -> None:
        flip()
        print(f"first-frame {time.time():.6f}", flush=True)
        os._exit(0)  # nothing after the first frame is being measured

    pygame.display.flip = first_flip
