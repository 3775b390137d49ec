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


# ---- the coherency plate says who, how far and what to do ---------------------------------------------------

GUARDS = {"unit": "infantry_squad", "models": 10}  # plain Guardsmen on 1" bases
LINE = [(10.0, 30.0), (12.5, 30.0), (15.0, 30.0), (17.5, 30.0)]  # 1.5" between the bases


def plates(match) -> list[str]:
    """The words on the table's plates, as the screen draws them for the selection."""
    return [o.text for o in match.overlays() if getattr(o, "plate", False)]


def test_the_coherency_plate_names_who_is_out_how_far_and_what_to_do() -> None:
    """Club night: "out of coherency (2"), close up" left a newcomer asking who and where to. Guardsman 1
    is left 4" from the squad (edge to edge) by a casualty: selecting any of the squad says so, and how to fix it."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.match import Match

    g = rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT)
    g.world.kill(g.figure("p1-2"), "shot")  # the link between Guardsman 1 and the rest is gone
    match = Match(g, RS.view())
    for fid in ("p1-1", "p1-4"):
        match.click(g.figure(fid).position)
        assert match.controller.selected == fid
        words = "\n".join(plates(match))
        assert "out of coherency" in words
        assert 'Guardsman 1 is 4.0" from Guardsman 3, the nearest of the squad' in words, words
        assert 'Move Guardsman 1 within 2" of a squad-mate.' in words, words
        assert "Guardsman 4 is" not in words  # only who is out is named
        match.cancel()


def test_two_models_out_of_coherency_are_both_named_farthest_first() -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.match import Match

    g = rigged_game({1: [(10.0, 30.0), (15.0, 30.0), (17.5, 30.0), (20.0, 30.0), (26.0, 30.0)]}, teams=[GUARDS])
    g.state.phase = Phase.MOVEMENT
    match = Match(g, RS.view())
    match.click(g.figure("p1-3").position)
    words = "\n".join(plates(match))
    assert words.index('Guardsman 5 is 5.0"') < words.index('Guardsman 1 is 4.0"'), words
    assert 'Move Guardsman 5 and Guardsman 1 within 2" of a squad-mate.' in words, words
