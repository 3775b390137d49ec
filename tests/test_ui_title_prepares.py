"""The title screen answers at once on a first start while the compiled loops are made ready: numba
compiled them in a thread of the window's own process, which held the interpreter, and the title screen
ignored clicks for half a minute. Now a child process compiles them (filling numba's cache), this process
loads them after, and the title screen says "Preparing..." meanwhile."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from ui_driver import click

from game.table import warm
from game.ui.app import App


def test_the_title_screen_answers_while_a_child_process_compiles(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    marker = tmp_path / "child.pid"
    # a child as slow as a first compile would be, which says where it ran
    monkeypatch.setattr(
        warm, "CHILD", f"import os, time\ntime.sleep(2)\nopen({str(marker)!r}, 'w').write(str(os.getpid()))"
    )
    loaded: list[int] = []
    monkeypatch.setattr(warm, "warm_up", lambda: loaded.append(threading.get_ident()))
    monkeypatch.setattr(warm, "_started", threading.Event())
    monkeypatch.setattr(warm, "_ready", threading.Event())
    app.run_frames(2)
    warm.warm_up_in_background()
    app.run_frames(2)
    title = app.scene
    assert title.preparing is not None and title.preparing.visible  # says so while it prepares
    assert title.preparing.text.startswith("Preparing")
    click(app, title.buttons["settings"].rect.center)
    assert app.scene.name == "settings" and warm.preparing()  # answered while the child still compiles
    deadline = time.monotonic() + 30
    while warm.preparing() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not warm.preparing()
    assert int(marker.read_text()) != os.getpid()  # compiled in a child process
    assert len(loaded) == 1  # then loaded here (from numba's cache)
    app.pop()
    app.run_frames(2)
    assert app.scene.name == "title" and not app.scene.preparing.visible
