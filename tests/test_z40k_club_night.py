"""Club night (issue 33), Zombie 40,000 through the real controller and view: what the log says agrees with
the rules help (no "psychic phase skipped" when the help says there is no Psychic phase)."""

from __future__ import annotations

import re

from game.controller import Button, Controller
from game.rules.core import get_ruleset
from game.rules.zombie40k.reference import reference
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

RS = get_ruleset("zombie40k")


def plain(html_line: str) -> str:
    return re.sub(r"<[^>]+>", "", html_line)


def test_the_log_says_there_is_no_psychic_phase_as_the_rules_help_does() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 10)]], phase=Phase.MOVEMENT, dice=[1] * 200)
    view = RS.view()
    Controller(g, view).handle(Button("end_turn"))  # the movement phase ends: the shooting phase is next
    assert g.state.phase == Phase.SHOOTING
    lines = [plain(x) for x in view.log_lines(g, g.log)]
    said = [x for x in lines if "sychic" in x]
    assert said == ["Player 1: no Psychic phase (this game has no psykers)"], lines
    helped = " ".join(getattr(p, "text", "") for s in reference(None, {}) for p in s.body)
    assert "There is no Psychic phase" in helped
