"""How many demo Zombie 40,000 games end with a winner inside the demo's slot (not a default test).

Each seed deals a Zombie 40,000 game as the demo does and plays it through the real demo scene headless on a
simulated clock (``FPS`` frames a second, nothing drawn), at the settings' default animation speed, until the
rules end it or the demo calls time. Prints one line a game and the count.

    PYTHONPATH=$PWD:$PWD/tests SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python benchmarks/demo_z40k_finish.py 8
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from game.assets import assets_dir
from game.demo import DemoDirector, DemoLoop
from game.ui.scenes.demo import DemoScene

FPS = int(os.environ.get("DEMO_FPS", "30"))  # a busy club laptop drawing a big table: 15
MAPS = [str(assets_dir("maps") / m) for m in ("hive_street.tmx", "last_evac.tmx", "manufactorum_ferrum.tmx")]


def one(app, seed: int) -> tuple[str, float, int, int, float]:
    """(how it ended, simulated seconds of play, turn, teams, seconds at the quiet pace) for the demo's game on
    ``seed``."""
    loop = DemoLoop(DemoDirector(MAPS, seed=seed))
    loop.tick()
    scene = DemoScene(app, loop)
    app.replace(scene)
    scene.card_left = 0.0
    game, quick, teams = scene.match.game, 0.0, len(loop.current.options.get("teams", []))
    while scene.result_left is None and app.scene is scene:
        scene.update(1.0 / FPS)
        quick += 1.0 / FPS if scene.match.playback.speed > app.settings.animation_speed else 0.0
    how = "time" if scene.time_up else ("winner" if game.winner not in (None, "", "nobody") else "draw")
    return how, scene.played_for, game.state.turn, teams, quick


def main(n: int, first: int = 1) -> None:
    from ui_driver import headless_app

    wins = 0
    with tempfile.TemporaryDirectory() as tmp, headless_app(Path(tmp) / "settings.json") as app:
        for seed in range(first, first + n):
            t = time.monotonic()
            how, played, turn, teams, quick = one(app, seed)
            wins += how == "winner"
            print(
                f"seed {seed}: {how} after {played:.0f} s ({quick:.0f} s of it at the quiet pace), turn {turn}, "
                f"{teams} teams ({time.monotonic() - t:.0f} s)"
            )
            sys.stdout.flush()
    print(f"{wins}/{n} Zombie 40,000 demo games ended with a winner")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8, int(sys.argv[2]) if len(sys.argv) > 2 else 1)
