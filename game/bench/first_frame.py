"""Run ``deadground`` (same arguments) until its first frame is on screen, then stop at once.

Prints the wall-clock time of the first ``pygame.display.flip`` (:func:`game.ui.first_frame.stop_at_first_frame`)
so :mod:`game.bench.startup` can measure start-up from outside, without a hook in the game itself.

    python -m game.bench.first_frame play maps/normandy_village.tmx --quick
"""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    from game.ui.first_frame import stop_at_first_frame

    stop_at_first_frame()
    from game.cli import main as deadground

    deadground(argv)
    print("deadground ended before drawing a frame", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
