"""The title screen answers at once on a first start while the compiled loops are made ready: numba
compiled them in a thread of the window's own process, which held the interpreter, and the title screen
ignored clicks for half a minute. Now a child process compiles them (filling numba's cache), this process
loads them after, and the title screen says "Preparing..." meanwhile."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pygame
import pytest
from ui_driver import click, motion, need_default_scenario

from game.table import warm
from game.ui.app import App
from game.ui.scenes.base import waiting_label


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


def slow_child(monkeypatch: pytest.MonkeyPatch, go: Path) -> list[int]:
    """A compile child that says one stage done, then keeps compiling until the test creates ``go`` (no
    clock in it: the test decides when the compiling ends); this process's own loading is only counted."""
    monkeypatch.setattr(
        warm,
        "CHILD",
        f"import os, time\nprint('done', flush=True)\nwhile not os.path.exists({str(go)!r}):\n    time.sleep(0.01)",
    )
    loaded: list[int] = []
    monkeypatch.setattr(warm, "warm_up", lambda: loaded.append(1))
    monkeypatch.setattr(warm, "_started", threading.Event())
    monkeypatch.setattr(warm, "_ready", threading.Event())
    monkeypatch.setattr(warm, "_stages_done", 0)
    return loaded


def test_new_game_clicked_while_the_loops_compile_waits_and_says_so(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Newcomers clicked New game on a first start and the window froze for 40 s (the menu's map check
    compiled the loops in the window's process); now every click is answered in the next frames: the
    pointer lights a button, Settings opens, New game says it waits (with the progress) and opens itself
    once the loops are ready."""
    go = tmp_path / "go"
    slow_child(monkeypatch, go)
    app.run_frames(2)
    warm.warm_up_in_background()
    title = app.scene
    frames = app.frames
    pygame.mouse.set_pos(title.buttons["rules"].rect.center)  # the pointer itself (pygame_gui reads it)
    motion(app, title.buttons["rules"].rect.center)
    app.run_frames(1)
    assert title.buttons["rules"].hovered and app.frames == frames + 2  # the pointer lights it at once
    click(app, title.buttons["new_game"].rect.center)
    assert app.scene is title and warm.preparing()  # still compiling: the title stays, and says why
    assert re.fullmatch(r"New game \u2014 preparing\u2026 \d+%", title.buttons["new_game"].text)
    click(app, title.buttons["settings"].rect.center)  # a screen that needs no loops opens at once
    assert app.scene.name == "settings"
    app.pop()
    title = app.scene
    click(app, title.buttons["new_game"].rect.center)
    assert app.scene is title and title.buttons["new_game"].text.startswith("New game \u2014 preparing")
    go.touch()  # the child ends; the loops load; New game opens by itself
    deadline = time.monotonic() + 30
    while app.scene is title and time.monotonic() < deadline:
        app.run_frames(1)
        time.sleep(0.01)
    assert app.scene.name == "new_game" and not warm.preparing()


def test_a_waiting_button_shows_the_childs_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    """The child's stages done, counted from its output, are the waiting button's percentage."""
    monkeypatch.setattr(warm, "_started", threading.Event())
    monkeypatch.setattr(warm, "_ready", threading.Event())
    monkeypatch.setattr(warm, "_stages_done", 4)
    assert warm.progress() == 1.0  # never started: nothing to wait for
    warm._started.set()
    assert warm.progress() == pytest.approx(4 / (warm.STAGES + 1))
    assert waiting_label("New game", warm.progress()) == "New game \u2014 preparing\u2026 44%"
    warm._ready.set()
    assert warm.progress() == 1.0


def test_begin_pressed_while_the_loops_compile_plays_once_they_are_ready(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``deadground play MAP`` opens the set-up at once: a Begin pressed while the loops are made ready says
    so on the button and puts the game on the table once they are (not a window frozen while they compile)."""
    need_default_scenario()
    click(app, app.scene.buttons["new_game"].rect.center)
    click(app, app.scene.start.rect.center)
    setup = app.scene
    assert setup.name == "setup"
    go = tmp_path / "go"
    slow_child(monkeypatch, go)
    warm.warm_up_in_background()
    click(app, setup.begin.rect.center)
    assert app.scene is setup and re.fullmatch(r"Preparing\u2026 \d+%", setup.begin.text)
    go.touch()
    deadline = time.monotonic() + 30
    while app.scene is setup and time.monotonic() < deadline:
        app.run_frames(1)
        time.sleep(0.01)
    assert app.scene.name == "game"


def test_demo_clicked_while_the_loops_compile_plays_at_once_on_plain_loops(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33 (the demo): on a loaded first start the Demo button said "preparing…" for 2.5 minutes while
    a child compiled every loop. Now the demo opens at once and its bots play with the loops as plain Python
    (the same moves, a little slower); the compiled loops come back once the child is done."""
    from game.table import plain

    go = tmp_path / "go"
    slow_child(monkeypatch, go)
    monkeypatch.setattr(warm, "_compiled", threading.Event())
    try:
        app.run_frames(2)
        warm.warm_up_in_background()
        click(app, app.scene.buttons["demo"].rect.center)
        assert app.scene.name == "demo_dealing" and warm.preparing()  # no waiting on the title
        deadline = time.monotonic() + 60
        while app.scene.name == "demo_dealing" and time.monotonic() < deadline:
            app.run_frames(1)
        demo = app.scene
        assert demo.name == "demo" and warm.preparing()
        assert plain.plain()
        demo.card_left = 0.0
        deadline = time.monotonic() + 60
        while demo.commands_shown < 3 and time.monotonic() < deadline:
            app.run_frames(1)
        assert demo.commands_shown >= 3 and plain.plain()  # the bots play while the child compiles
        put_back = plain.run_compiled
        monkeypatch.setattr(
            plain, "run_compiled", lambda: (threads.append(threading.current_thread()), put_back())
        )
        threads: list[threading.Thread] = []
        go.touch()
        deadline = time.monotonic() + 30
        while warm.preparing() and time.monotonic() < deadline:
            app.run_frames(1)
        app.run_frames(1)
        assert not warm.preparing() and not plain.plain()  # compiled loops again once they are ready,
        assert threads == [threading.main_thread()]  # put back between two frames, never by the warm-up's thread
    finally:
        go.touch()
        plain.run_compiled()
