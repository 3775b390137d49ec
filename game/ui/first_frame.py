"""Run ``deadground`` (same arguments) until its first frame is on screen, then stop at once.

Prints the wall-clock time (``time.time()``) of the first ``pygame.display.flip`` so
:mod:`game.bench.startup` can measure start-up from outside, without a hook in the game itself.

    python -m game.ui.first_frame play maps/normandy_village.tmx
"""

from __future__ import annotations

import os
import sys
import time


def main(argv: list[str]) -> int:
    import pygame

    flip = pygame.display.flip

    def first_flip() -> None:
        flip()
        print(f"first-frame {time.time():.6f}", flush=True)
        os._exit(0)  # nothing after the first frame is being measured

    pygame.display.flip = first_flip
    from game.cli import main as deadground

    deadground(argv)
    print("deadground ended before drawing a frame", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
