"""The roster never wraps a figure's state ("ready", "done") onto a line of its own (issue "Club-night
play", item 7), through the real game scene at 1280x800: Zombie 40,000's long weapon names go whole on a
line under the figure's (issue 33: "Bolt…" said nothing), so every figure's name and state stay on one line."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

from game.ui.app import App
from game.ui.scenario_list import load_entry
from game.ui.scenes.setup import GameSetup

HIVE = Path(__file__).resolve().parents[1] / "maps" / "hive_street.tmx"


def rendered_lines(box) -> list[str]:
    """The text of each row the text box laid out."""
    rows = []
    for row in box.text_box_layout.layout_rows:
        rows.append("".join(getattr(chunk, "text", "") for chunk in row.items).strip())
    return rows


def test_every_roster_line_keeps_its_state_word_on_it(app: App) -> None:
    random.seed(4)  # the game's seed
    app.start_game(GameSetup(load_entry(HIVE)))
    app.run_frames(5)
    scene = app.scene
    assert scene.name == "game" and scene.match is not None
    roster = scene.roster_html
    lines = roster.split("<br>")
    figures = [line for line in lines if "<a href" in line]
    assert figures and not any("\u2026" in line for line in lines)  # no weapon cut short (issue 33)
    rows = rendered_lines(scene.roster_box)
    states = ("ready", "done", "waits", "acted", "down", "DEAD", "exited")
    assert not any(r in states for r in rows), rows  # no state word alone on a row
    for line in figures:  # each figure's line is laid out whole: his name and his state on one row
        name = re.search(r'<a href="[^"]*">([^<]*)</a>', line)[1]
        state = html.unescape(re.sub(r"<[^>]+>", "", line)).split()[-1]
        assert any(r.lstrip("> ").startswith(name) and r.endswith(state) for r in rows), (name, state, rows)


def test_outbreak_roster_lines_keep_their_state_word_too(app: App) -> None:
    """Outbreak's names are long ("Groundskeeper Earl") and its gear plain words: they give way, the
    shots left and the state stay."""
    random.seed(4)  # the game's seed
    town = Path(__file__).resolve().parents[1] / "maps" / "hollow_creek_farm.tmx"
    app.start_game(GameSetup(load_entry(town)))
    app.run_frames(5)
    scene = app.scene
    rows = rendered_lines(scene.roster_box)
    lines = scene.roster_html.split("<br>")
    states = ("ready", "waits", "DEAD", "EXITED", "TURNED", "spotted", "moved", "fired")
    assert not any(r in states for r in rows), rows
    for line in (line for line in lines if "<a href" in line):
        name = re.search(r'<a href="[^"]*">([^<]*)</a>', line)[1]
        assert any(r.lstrip("> ").startswith(name) for r in rows), (name, rows)
        state = html.unescape(re.sub(r"<[^>]+>", "", line)).split()[-1]  # the line's last word: its state
        assert any(r.lstrip("> ").startswith(name) and r.endswith(state) for r in rows), (name, state, rows)
    assert any("shots" in r for r in rows)  # the shots left are kept
