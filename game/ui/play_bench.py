"""Memory, the screen's half: a game played on the real game screen as a player with a mouse plays it.

:func:`play_on_screen` opens the App headless (dummy video and audio) at 1920x1080, puts the scenario on
the table with the rule set's demo forces, and lets the rule set's bot choose every command; each reaches
the rules as a player's would: the figure is clicked (selected), the pointer hovers over the destination,
the target and a few points round about (the previews the rules draw), every few commands the wheel zooms
deep in at the figure and Home fits the table again, then the command is sent and its dice are skipped.
It returns the process's resident memory after each command (MB); :mod:`game.bench.memory` runs it in a
child process per rule set and reads the peak.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.scenario.model import Point, Scenario

if TYPE_CHECKING:
    from game.rules.core import Command, Game

SIZE = (1920, 1080)
ZOOM_EVERY = 7  # commands between deep zooms at the acting figure
HOVERS = 4  # points round the figure the pointer passes over, besides the command's own


def resident_mb() -> float:
    """This process's resident memory now, in MB (Linux's /proc; the peak so far elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_mb()


def peak_mb() -> float:
    """The most resident memory this process has held, in MB."""
    import resource
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # bytes on macOS, kB on Linux


def _points(game: Game, cmd: Command) -> list[Point]:
    """The table points a player points at for ``cmd``: its figure first, then its target and path."""
    out: list[Point] = []
    for name in ("figure", "unit", "target", "model", "near"):
        fid = getattr(cmd, name, None)
        if isinstance(fid, str) and fid:
            try:
                x, y = game.figure(fid).position
            except (KeyError, AttributeError, TypeError):
                continue
            out.append((float(x), float(y)))
    out += [(float(x), float(y)) for x, y in getattr(cmd, "path", ()) or ()]
    return out


class Player:
    """A player's hand on the mouse over one game scene."""

    def __init__(self, app: Any, rng: random.Random) -> None:
        self.app, self.rng = app, rng

    @property
    def scene(self) -> Any:
        return self.app.scene

    def point(self, where: Point) -> None:
        import pygame

        x, y = self.scene.view.camera.to_screen(where)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x), round(y)), rel=(0, 0), buttons=(0, 0, 0))
        )
        self.app.run_frames(1)

    def key(self, key: int) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.app.run_frames(1)

    def zoom_in(self, clicks: int) -> None:
        import pygame

        for _ in range(clicks):
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
            )
            self.app.run_frames(1)

    def play(self, cmd: Any, n: int) -> None:
        """The ``n``-th command: select, hover (zoom now and then), send, skip the dice, wait."""
        import pygame

        if getattr(self.scene, "match", None) is None:  # the end report came up
            return
        match, game = self.scene.match, self.scene.match.game
        points = _points(game, cmd)
        if points:
            match.click(points[0])
            self.app.run_frames(1)
            if n % ZOOM_EVERY == ZOOM_EVERY // 2:
                self.point(points[0])
                self.zoom_in(self.rng.randint(4, 14))  # up to the deepest zoom
            near = [
                (points[0][0] + self.rng.uniform(-8, 8), points[0][1] + self.rng.uniform(-8, 8))
                for _ in range(HOVERS)
            ]
            for p in points[1:] + near:
                self.point(p)
            if n % ZOOM_EVERY == ZOOM_EVERY - 1:
                self.key(pygame.K_HOME)
        match.send(cmd)
        self.key(pygame.K_SPACE)
        for _ in range(3000):  # the zombies' turn plays out
            if not match.playback.busy and match.controller.mode.value not in ("resolving", "zombie_turn"):
                break
            self.app.run_frames(1)


def play_on_screen(scenario: Scenario, commands: int, seed: int = 5) -> list[float]:
    """Resident MB after opening the table and after each of up to ``commands`` bot commands played on screen."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ai import bot_for
    from game.rules.core import get_ruleset
    from game.ui.app import App
    from game.ui.scenes.game import GameScene

    rules = get_ruleset(scenario.ruleset)
    rng = random.Random(seed)
    options = rules.demo_forces(rng, scenario) if rules.demo_forces else {}
    bot = bot_for(scenario.ruleset)
    folder = Path(tempfile.mkdtemp(prefix="deadground-bench-"))  # no autosaves in the player's folder
    app = App(settings_path=folder / "settings.json", sounds_enabled=False, size=SIZE, fps=0, data_dir=folder)
    app.push(GameScene(app, scenario, options, seed=seed))
    app.run_frames(3)
    rss = [resident_mb()]
    player = Player(app, rng)
    table: Any = app.scene
    for n in range(commands):
        game = table.match.game
        if game.over or app.scene is not table:  # the game ended: the end report is up
            break
        player.play(bot(game), n)
        rss.append(resident_mb())
    app.close()
    return rss
