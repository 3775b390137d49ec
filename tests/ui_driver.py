"""Driving the real screen from tests: one place for the helpers every tests/test_ui_*.py file uses.

Importing this module sets SDL's dummy video and audio drivers (unless the environment already
chose others), so the app runs headless. pytest puts tests/ on ``sys.path`` (rootdir-relative
"prepend" imports, tests/ has no ``__init__.py``), so a test file imports it as ``ui_driver``.
The fixtures built on it (``app``, ``xvfb``, ``scenario``) live in tests/conftest.py.

Input, posted to pygame's queue and played through ``App.run_frames``:

- :func:`click` -- move the mouse there, press and release a button a few frames apart
  (optionally with Shift held), as a player's click.
- :func:`click_link` -- click a link of a pygame_gui text box by its words (scrolled into view).
- :func:`take`, :func:`clear_team` -- the set-up's Add list and Remove buttons, by a player's clicks.
- :func:`key` -- press a key (with modifiers) and release it, or keep it held with ``up=False``.
- :func:`motion` -- move the mouse there and run one frame.

Waiting and looking:

- :func:`play_out` -- step frames until the screen has shown every event (animations over,
  zombie turn done); fails if it never ends.
- :func:`screen_of` -- the screen pixel of a table point (a figure's position) through the camera.
- :func:`zoom_on` -- centre the camera on a table point at a given zoom.
- :func:`drawn_table` -- a match's tokens and overlays drawn by a real table view on a small 24" x 18" table,
  without an app (the view and the drawn surface, to read pixels from).

Apps and games:

- :func:`headless_app` -- a headless :class:`~game.ui.app.App` (no sound, no frame cap, settings
  in the given file) at the title screen, closed afterwards; a context manager.
- :func:`need_default_scenario` -- skip the test when the starter map is not there.
- :func:`start_game` -- put the starter map on the table with the given sections and animation speed.
- :func:`demo_filmed`, :func:`demo_frames` -- a demo game in the real demo scene, then its play frame by frame.

Screenshots in a real X server (Xvfb):

- :func:`free_display` -- an X display number nobody uses.
- :func:`start_xvfb` -- run Xvfb on a free display until the ``with`` block ends (the ``xvfb`` fixture).
- :func:`screenshot` -- run a script between :data:`SHOT_PROLOGUE` and :data:`SHOT_EPILOGUE` in a
  child Python under that display: the script prints what the test needs, the screen is saved to a PNG.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.assets import default_scenario  # noqa: E402
from game.controller import Mode  # noqa: E402
from game.ui.app import App  # noqa: E402

# the controller modes in which the screen is still showing what the rules did
SHOWING = (Mode.RESOLVING, Mode.ZOMBIE_TURN)


# ---- input --------------------------------------------------------------------------------------


def take_the_table(app: App) -> None:
    """The next hot-seat player puts the hand-over card away (a key, as he would), if it is up; tests that play
    on through a hand-over (their clicks, :func:`play_out`) do so first, as the player does."""
    match = getattr(app.scene, "match", None)
    if match is not None and match.hand_over is not None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
        app.run_frames(1)


def click(app: App, pos: tuple[int, int], button: int = 1, shift: bool = False) -> None:
    """Move there, press and release ``button`` a few frames apart; Shift held if ``shift``. A hot-seat
    hand-over card up is put away first (:func:`take_the_table`): the click is the player's.

    >>> click(app, app.scene.buttons["new_game"].rect.center)  # doctest: +SKIP
    """
    take_the_table(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(2)
    pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.run_frames(3)
    pygame.key.set_mods(0)


def link_rect(box, text: str) -> pygame.Rect:
    """The screen rect of the link in a pygame_gui text box whose words start with ``text``, scrolled into
    view first (the box scrolls its own text); fails when no link reads so."""
    links = [c for c in box.link_hover_chunks if c.text.startswith(text)]
    assert links, f"no link {text!r} in {[c.text for c in box.link_hover_chunks]}"
    chunk = links[0]
    bar = box.scroll_bar
    if bar is not None:  # scroll so the link shows at the top of the box
        top = chunk.y / box.text_box_layout.layout_rect.height
        bar.set_scroll_from_start_percentage(min(top, 1.0 - bar.visible_percentage))
        bar.update(0.0)
        box.update(0.0)
    x, y = box._calculate_hyperlinks_offsets()
    return pygame.Rect((x + chunk.x, y + chunk.y), chunk.size)


def click_link(app: App, box, text: str) -> None:
    """Click the link of a text box that reads ``text`` (at its start), as a player's click."""
    app.run_frames(1)
    click(app, link_rect(box, text).center)


def scroll_into_view(app: App, scene, element) -> None:
    """Scroll the set-up's choices (when they scroll) so ``element`` shows near the top of their box, as
    dragging the scroll bar does."""
    box = getattr(scene, "scroll_box", None)
    if box is None or box.vert_scroll_bar is None or not box.scrolling_height:
        return
    bar = box.vert_scroll_bar
    top = element.relative_rect.y / box.scrolling_height
    bar.set_scroll_from_start_percentage(max(0.0, min(top - 0.02, 1.0 - bar.visible_percentage)))
    app.run_frames(3)


def add_list(scene, player: int = 1):
    """A player's Add list on the set-up screen: what the rules offer his team now, a link each."""
    return next(e for e in scene._elements if e.alive() and f"#add_list_{player}" in e.get_object_ids())


def take(app: App, scene, player: int, starts: str) -> None:
    """Click the option of ``player``'s Add list whose words start with ``starts`` (scrolled into view)."""
    listed = add_list(scene, player)
    scroll_into_view(app, scene, listed)
    click_link(app, add_list(scene, player), "+ " + starts)


def clear_team(app: App, scene, player: int = 1, key: str = "team") -> None:
    """Remove everything ``player``'s team took (the set-up fills a starting team in), as his Remove clicks."""
    for _ in range(100):
        if not scene.setup.answers["each"][player - 1].get(key):
            return
        remove = next(e for e in scene._elements if e.alive() and f"#remove_{player}" in e.get_object_ids())
        scroll_into_view(app, scene, remove)
        click(app, remove.rect.center)
    raise AssertionError(f"player {player}'s team did not empty")


def key(app: App, k: int, mod: int = 0, up: bool = True) -> None:
    """Press ``k`` (with ``mod``, e.g. ``pygame.KMOD_CTRL``) and release it; ``up=False`` keeps it held.

    >>> key(app, pygame.K_z, pygame.KMOD_CTRL)  # doctest: +SKIP
    """
    take_the_table(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(1)
    if up:
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    app.run_frames(2)


# what the first E says when figures are still ready (the rule set's ``ask_before_ending``): E again ends
END_ASKED = "press E again"


def end_turn(app: App, scene, by_key: bool = False) -> None:
    """End the turn (or phase, or step) as a player does: E (the key, or the button), and E again when the game
    asks first because figures are still ready."""
    for _ in range(2):
        if by_key:
            key(app, pygame.K_e)
        else:
            click(app, scene.buttons["end_turn"].rect.center)
        if END_ASKED not in scene.match.status:
            return


def end_turn_of(ctl):  # noqa: ANN001, ANN201  (a Controller, its Feedback)
    """The controller's End turn, answered as a player does when it asks first; the last Feedback."""
    from game.controller import Button

    fb = ctl.handle(Button("end_turn"))
    if END_ASKED in fb.message:
        fb = ctl.handle(Button("end_turn"))
    return fb


def motion(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos`` (no button held) and run one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.run_frames(1)


# ---- waiting and looking ------------------------------------------------------------------------


def play_out(app: App, scene, limit: int = 5000, modes: tuple[Mode, ...] = SHOWING) -> int:
    """Step frames until the screen has shown every event; returns the frames it took.

    Done when the playback is idle and the controller is in none of ``modes`` (a replay, which
    has no turn of its own to wait for, passes ``modes=()``).
    """
    for n in range(limit):
        if not scene.match.playback.busy and scene.match.controller.mode not in modes:
            take_the_table(app)  # the next hot-seat player takes the table, as he does
            return n
        app.run_frames(1)
    raise AssertionError("the animation never ended")


def screen_of(scene, point: tuple[float, float]) -> tuple[int, int]:
    """The screen pixel of table ``point`` (inches), through the scene's camera."""
    x, y = scene.view.camera.to_screen(point)
    return round(x), round(y)


def zoom_on(scene, point: tuple[float, float], ppi: float = 24.0) -> None:
    """Centre the camera on table ``point`` at ``ppi`` pixels an inch."""
    cam = scene.view.camera
    cam.ppi = ppi
    cam.offset = (point[0] - cam.viewport[2] / 2 / ppi, point[1] - cam.viewport[3] / 2 / ppi)


def drawn_table(match, size: tuple[int, int] = (400, 300)):  # noqa: ANN001, ANN201  (a Match; (TableView, Surface))
    """``match``'s tokens and overlays drawn by a real :class:`~game.ui.table_view.TableView` in a ``size`` window
    fitting a 24" x 18" table (a small window's table); returns the view and the drawn surface."""
    from game.ui.assets import Assets
    from game.ui.map_render import MapRenderer
    from game.ui.table_view import TableView

    pygame.init()
    pygame.display.set_mode(size)
    view = TableView(MapRenderer(pygame.Surface((240, 180), pygame.SRCALPHA), 10.0), Assets(), None, (0, 0, *size))
    view.camera.fit((24, 18))
    view.tokens, view.overlays = match.tokens(), match.overlays()
    screen = pygame.Surface(size)
    view.draw(screen)
    return view, screen


# ---- apps and games -----------------------------------------------------------------------------


@contextmanager
def headless_app(settings_path: Path | None = None) -> Iterator[App]:
    """A headless App at the title screen: no sound, no frame cap, settings (and saves) beside
    ``settings_path`` (None: the platformdirs folders); closed when the block ends."""
    from game.ui.scenes.title import TitleScene

    app = App(settings_path=settings_path, sounds_enabled=False, fps=0)
    app.push(TitleScene(app))
    yield app
    app.close()


def need_default_scenario() -> None:
    """Skip the calling test while the starter map is not there."""
    if not default_scenario().exists():
        pytest.skip("the default scenario is not there yet")


def start_game(app: App, sections: list[str] | None = None, speed: float = 1.0, seed: int | None = None):
    """The starter map on the table (solo American unless ``sections``), animations at ``speed``, on the dice of
    ``seed`` (None: new ones); returns the game scene after a few frames."""
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    app.settings.animation_speed = speed
    setup = GameSetup(load_entry(default_scenario()))
    setup.use_options({"sections": sections or ["american"]})  # the rule set's answers for these sections
    app.start_game(setup, seed=seed)
    app.run_frames(3)
    assert app.scene.name == "game" and app.scene.match is not None and app.scene.session is not None
    return app.scene


def start_teams(app: App, map_path: Path, teams: list[str], seed: int | None = 1):
    """A map with a team builder (Zombie 40,000's) on the table with ``teams`` (one per player), on the dice of
    ``seed``; returns the game scene after a few frames."""
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    setup = GameSetup(load_entry(map_path))
    setup.use_options({"teams": teams})
    app.start_game(setup, seed=seed)
    app.run_frames(3)
    return app.scene


# ---- screenshots under Xvfb ---------------------------------------------------------------------


def free_display() -> int:
    """An X display number with neither a socket nor a lock file (each pytest-xdist worker looks in its own
    range, so two never pick the same one at once)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = 90 + 100 * (int(worker) if worker.isdigit() else 0)
    for n in range(first, first + 100):
        if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists():
            return n
    raise RuntimeError("no free X display number")


@contextmanager
def start_xvfb() -> Iterator[str]:
    """Xvfb (1280x800, 24 bit) on a free display, yielding ``":N"``; skips the test without Xvfb."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    n = free_display()
    proc = subprocess.Popen(
        ["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):  # wait for the server socket
        if Path(f"/tmp/.X11-unix/X{n}").exists():
            break
        time.sleep(0.05)
    yield f":{n}"
    proc.terminate()
    proc.wait(timeout=10)


# The start of every screenshot script: argv is (png to write, settings file, map); the starter
# map is on the table in a real window.
SHOT_PROLOGUE = r"""
import math, sys
from pathlib import Path
import pygame
from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup
app = App(settings_path=Path(sys.argv[2]), sounds_enabled=False)
app.start_game(GameSetup(load_entry(Path(sys.argv[3]))))
"""
# The end of every screenshot script: the screen as it is, saved to the PNG.
SHOT_EPILOGUE = r"""
pygame.image.save(app.screen, sys.argv[1])
app.close()
"""


def screenshot(script: str, display: str, tmp_path: Path, name: str) -> tuple[subprocess.CompletedProcess, Path]:
    """Run ``SHOT_PROLOGUE + script + SHOT_EPILOGUE`` on the starter map under X ``display``: the
    screen is saved to ``tmp_path / name``. Returns the finished process and that path."""
    shot = tmp_path / name
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            SHOT_PROLOGUE + script + SHOT_EPILOGUE,
            str(shot),
            str(tmp_path / "settings.json"),
            str(default_scenario()),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return result, shot


def demo_dealt(maps: list[str], seed: int, teams: Callable[[int], bool] = lambda n: True):
    """A demo loop on ``maps`` whose first game is the first it deals with a number of teams ``teams`` accepts
    (a Zombie 40,000 table deals two, three or four): ``demo_dealt([HIVE], 3, lambda n: n == 2)``."""
    from game.demo import DemoDirector, DemoLoop

    loop = DemoLoop(DemoDirector(maps, seed=seed))
    loop.tick()
    while not teams(len(loop.current.options.get("teams", ()))):
        loop.start_next()
    return loop


def demo_on_table(app: App, loop):  # noqa: ANN001, ANN201  (a DemoLoop; its DemoScene)
    """``loop``'s game on the demo's screen, its title card already gone (the bots play at the next update)."""
    from game.ui.scenes.demo import DemoScene

    scene = DemoScene(app, loop)
    app.replace(scene)
    app.run_frames(1)
    scene.card_left = 0.0
    return scene


def demo_filmed(app: App, maps: list[str], seed: int = 4):  # noqa: ANN201  (a DemoScene)
    """A demo game on ``maps`` through the real demo scene, its title card gone, its camera operator ready."""
    from game.demo import DemoDirector, DemoLoop

    scene = demo_on_table(app, DemoLoop(DemoDirector(maps, seed=seed)))
    assert scene.operator is not None
    return scene


def demo_frames(scene, seconds: float, fps: int = 60) -> Iterator[int]:  # noqa: ANN001  (a DemoScene)
    """``seconds`` of the demo ``scene``'s play, a frame's update of ``1 / fps`` s at a time: yields after each
    (the camera's tests look at what it shows frame by frame)."""
    for frame in range(round(fps * seconds)):
        scene.update(1 / fps)
        yield frame


def on_the_table(app: App, map_path: Path, seed: int = 1):  # noqa: ANN201  (the game scene)
    """``map_path``'s game with the rules' starting choices straight on the table (no set-up screen), on the
    dice of ``seed``; returns the game scene after a few frames."""
    from game.scenario import load_scenario
    from game.ui.scenes.game import GameScene

    app.push(GameScene(app, load_scenario(map_path), {}, seed=seed))
    app.run_frames(3)
    return app.scene
