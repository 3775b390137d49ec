"""Fixtures shared by the test files (helpers for driving the screen are in tests/ui_driver.py).

- ``scenario`` -- the starter map (``default_scenario()``) loaded once per test module.
- ``app`` -- a headless App at the title screen, its settings in ``tmp_path/settings.json``
  (so its saves land in tmp_path too); closed after the test. A file that needs more (faster
  animations, a skip) overrides it with a fixture of the same name that takes ``app``.
- ``xvfb`` -- a real X server (Xvfb) for the test, its display name (``":N"``); skips without Xvfb.
- ``long_run`` -- True with ``--fuzz-long`` or ``DEADGROUND_LONG=1``: fuzz, soak and kill tests at full size.

pygame is imported only when a UI fixture is used, so the rules' tests never load it.
"""

from __future__ import annotations

import os

# headless SDL for every test that opens the app (set before any test file imports pygame)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fuzz-long",
        action="store_true",
        default=False,
        help="run the fuzz, soak, monkey and kill tests at full size (also: DEADGROUND_LONG=1)",
    )


def pytest_configure(config: pytest.Config) -> None:
    # test files size their hypothesis runs at import (tests/fuzz_size.py), after this
    if config.getoption("--fuzz-long", default=False):
        os.environ["DEADGROUND_LONG"] = "1"
    _own_user_folders()


def _own_user_folders() -> None:
    """Point the game's user folders (settings, saves, autosaves, caches; platformdirs reads XDG_*) at a folder of
    this test process: a test never touches the player's own files, and two pytest-xdist workers never share
    an autosave or a settings file. Subprocesses the tests start inherit it."""
    import atexit
    import shutil
    import tempfile

    home = Path(tempfile.mkdtemp(prefix="deadground-tests-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        os.environ[name] = str(home / name.lower())


def long_run_wanted(config: pytest.Config) -> bool:
    """Whether the big runs are asked for: ``--fuzz-long`` or ``DEADGROUND_LONG=1``."""
    return bool(config.getoption("--fuzz-long")) or os.environ.get("DEADGROUND_LONG", "") not in ("", "0")


@pytest.fixture
def long_run(request: pytest.FixtureRequest) -> bool:
    """True when the full-size fuzz, soak and kill runs are asked for (default: a CI-sized slice)."""
    return long_run_wanted(request.config)


@pytest.fixture(scope="module")
def scenario():
    from game.assets import default_scenario
    from game.scenario import load_scenario

    return load_scenario(default_scenario())


@pytest.fixture
def table() -> Iterator:
    """A plain 24" x 18" table in a 400 x 300 view, zoomed so a base is a thumb across (the tokens' looks)."""
    import pygame

    from game.ui.assets import Assets
    from game.ui.map_render import MapRenderer
    from game.ui.table_view import TableView

    pygame.init()
    pygame.display.set_mode((400, 300))
    view = TableView(MapRenderer(pygame.Surface((240, 180)), 10.0), Assets(), None, (0, 0, 400, 300))
    view.camera.ppi, view.camera.offset = 40.0, (7.0, 5.25)
    yield view
    pygame.quit()


@pytest.fixture
def app(tmp_path: Path) -> Iterator:
    from ui_driver import headless_app

    with headless_app(tmp_path / "settings.json") as app:
        yield app


@pytest.fixture
def xvfb() -> Iterator[str]:
    from ui_driver import start_xvfb

    with start_xvfb() as display:
        yield display


@pytest.fixture(autouse=True)
def _compiled_loops_after_each_test() -> Iterator[None]:
    """A demo test may leave the loops as plain Python (it dealt a table while the warm-up compiled, and no
    frame of the game came after to put them back, as ``plain.settle`` does in play): the next test starts with
    the compiled loops, after any table still being dealt behind the screen. Without it, a test of the rules
    run after the club-night demo tests found plain loops among numba's globals ("Untyped global name")."""
    yield
    from game.table import plain

    if plain.plain():
        plain.wait_for_workers(120.0)
        plain.run_compiled()
