"""Hive Street play-tests (two players, hot-seat): the words a newcomer met in the rules help and the briefing."""

from __future__ import annotations

import re

from game.rules.zombie40k.reference import reference
from game.ui.rules_help import rules_html, table_lines


def test_the_close_combat_chart_says_whose_ws_is_down_the_side_and_whose_across() -> None:
    """The chart read "WS \\ WS" over a bare grid of numbers: which WS was whose, and what "4+" meant, a newcomer
    could not tell. Now the side reads "Your WS", "WS 1".., the top "vs 1".., and its caption says the rest."""
    chart = next(t for s in reference(None, {}) for t in s.body if "close combat" in getattr(t, "caption", ""))
    lines = table_lines(chart)
    assert lines[0].split()[:4] == ["Your", "WS", "vs", "1"], lines[0]
    assert lines[2].split()[:3] == ["WS", "1", "4+"], lines[2]
    assert "target" in chart.caption and "D6" in chart.caption
    page = re.sub(r"<[^>]+>", " ", rules_html("zombie40k")).replace("&nbsp;", " ")
    assert "WS \\ WS" not in page
    assert "Your WS" in page


def test_the_hive_street_card_says_the_objective_itself(app) -> None:  # noqa: ANN001  (the App fixture)
    """The New game card read "Objective: reach the escape vehicle (the rules help says how the scenario wins it)":
    a newcomer sent to the rules help. The card says how the game is won, in the players' words."""
    from ui_driver import click

    click(app, app.scene.buttons["new_game"].rect.center)
    scene = app.scene
    scene._show(next(e for e in app.scenarios() if e.path.name == "hive_street.tmx"))
    said = re.search(r"Objective: <b>(.*?)</b>", scene.details.html_text)
    assert said is not None
    assert "rules help" not in said.group(1)
    assert said.group(1) == "be the first team to get a model aboard the escape vehicle, before the last turn ends"
