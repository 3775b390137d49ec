"""Club night (issue 33), Zombie 40,000 through the real controller and view: what the log says agrees with
the rules help (no "psychic phase skipped" when the help says there is no Psychic phase)."""

from __future__ import annotations

import re

import pytest
from ui_driver import end_turn_of

from game.controller import AnimationDone, Controller
from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k.commands import Run, Shoot
from game.rules.zombie40k.reference import reference
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

RS = get_ruleset("zombie40k")


def plain(html_line: str) -> str:
    return re.sub(r"<[^>]+>", "", html_line)


def test_the_log_says_there_is_no_psychic_phase_as_the_rules_help_does() -> None:
    g = rigged_game({1: [(10, 30)]}, hordes=[[(40, 10)]], phase=Phase.MOVEMENT, dice=[1] * 200)
    view = RS.view()
    end_turn_of(Controller(g, view))  # the movement phase ends: the shooting phase is next
    assert g.state.phase == Phase.SHOOTING
    lines = [plain(x) for x in view.log_lines(g, g.log)]
    said = [x for x in lines if "sychic" in x]
    assert said == [
        "There is no Psychic phase in this game (no psykers): Shooting follows Movement, every turn"
    ], lines
    helped = " ".join(getattr(p, "text", "") for s in reference(None, {}) for p in s.body)
    assert "There is no Psychic phase" in helped


def test_the_log_says_once_a_game_that_there_is_no_psychic_phase() -> None:
    """Hive Street play-test: "Player 2: no Psychic phase" in every player's turn, turn after turn, read as noise
    to a newcomer. Two players through two whole turns: the log says it once, in the first turn."""
    g = rigged_game({1: [(10, 30)], 2: [(10, 40)]}, hordes=[[(60, 10)]], phase=Phase.MOVEMENT)
    g.dice = g.world.dice = Dice(seed=5)
    view = RS.view()
    ctl = Controller(g, view)
    for _ in range(20):
        if g.state.turn >= 3 or g.over:
            break
        assert end_turn_of(ctl).accepted, (g.state.turn, g.state.phase)
        ctl.handle(AnimationDone())  # the screen has shown the phase: the next End turn is taken
    skips = [e for e in g.log if type(e).__name__ == "PhaseSkipped" and e.phase == "psychic"]
    assert len(skips) >= 4  # the rules still pass the phase in each player's turn
    said = [x for x in (plain(x) for x in view.log_lines(g, g.log)) if "sychic" in x]
    assert said == ["There is no Psychic phase in this game (no psykers): Shooting follows Movement, every turn"]


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


# ---- the rings follow the rolls --------------------------------------------------------------------------------


def settle(match) -> None:
    """Play the screen's animations to their end (as frames would)."""
    for _ in range(2000):
        if not match.playback.busy:
            return
        match.update(0.1)
    raise AssertionError("the animation never ended")


def rings(match) -> dict[str, float]:
    """The selection's labelled rings as the screen draws them: label -> radius in inches."""
    from game.ui.overlays import Circle

    return {o.label: o.radius for o in match.overlays() if isinstance(o, Circle) and o.label}


def screen_match(g):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from game.ui.match import Match

    return Match(g, RS.view())


def test_after_the_squads_run_roll_the_run_ring_shows_the_roll_and_the_ranges_go() -> None:
    """Club night: after a Guardsman ran 2", his squad-mate's ring still offered 'run D6"' at 6" and his
    Lasgun's 24" range, though the roll allows 2" and a squad that ran does not shoot."""
    g = rigged_game({1: LINE}, hordes=[[(10, 5)]], teams=[GUARDS], phase=Phase.SHOOTING, dice=[2] * 20)
    match = screen_match(g)
    match.click(g.figure("p1-2").position)
    before = rings(match)
    assert before['run D6"'] == pytest.approx(6.5) and 'Lasgun 24"' in before
    match.cancel()
    fb = match.send(Run("p1-1", ((10.0, 31.5),)))
    assert fb.accepted, fb.message
    settle(match)
    assert g.world.unit("p1").run_roll == 2
    match.click(g.figure("p1-2").position)
    assert match.controller.selected == "p1-2"
    after = rings(match)
    assert after.get('run 2" (rolled)') == pytest.approx(2.5), after
    assert 'run D6"' not in after
    assert not any(label.startswith("Lasgun") for label in after), after  # the squad ran: no shot left


def test_after_the_squad_has_shot_its_range_rings_go() -> None:
    g = rigged_game({1: LINE}, hordes=[[(12, 20)]], teams=[GUARDS], phase=Phase.SHOOTING, dice=[4] * 200)
    match = screen_match(g)
    match.click(g.figure("p1-2").position)
    assert 'Lasgun 24"' in rings(match)
    match.cancel()
    fb = match.send(Shoot("p1", "h1"))
    assert fb.accepted, fb.message
    settle(match)
    match.click(g.figure("p1-2").position)
    assert match.controller.selected == "p1-2"
    assert not any(label.startswith("Lasgun") for label in rings(match))


def test_after_the_squads_difficult_terrain_roll_the_move_ring_shows_how_far_through_it() -> None:
    """A Guardsman's move into rubble rolls the squad's difficult terrain dice (2D6, the highest: 2): his
    squad-mate's rings now show the 2" a move through terrain may go, beside the 6" in the open."""
    from game.rules.zombie40k.commands import Move
    from game.rules.zombie40k.testing import small_scenario

    rubble = small_scenario(players=1, clutter=[(8.0, 26.0, 4.0, 2.5)])
    g = rigged_game({1: LINE}, teams=[GUARDS], scenario=rubble, phase=Phase.MOVEMENT, dice=[1, 2] + [1] * 20)
    match = screen_match(g)
    match.click(g.figure("p1-2").position)
    assert not any("through terrain" in label for label in rings(match))
    match.cancel()
    fb = match.send(Move("p1-1", ((10.0, 27.0),)))
    assert fb.accepted, fb.message
    settle(match)
    assert g.world.unit("p1").difficult_roll == 2
    match.click(g.figure("p1-2").position)
    after = rings(match)
    assert after.get('2" through terrain (rolled)') == pytest.approx(2.5), after
    assert after.get('6"') == pytest.approx(6.5), after


def test_a_move_refused_for_coherency_says_what_to_do() -> None:
    """The preview's plate of a move too far from the squad says who, how far, and where to move him."""
    from game.rules.zombie40k.commands import Move
    from game.rules.zombie40k.names import player_words

    g = rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT)
    for fid in ("p1-1", "p1-2", "p1-3"):
        g.apply(Move(fid, (g.figure(fid).position,)))
    p = g.preview(Move("p1-4", ((21.0, 30.0),)))
    assert not p.legal
    assert (
        player_words(g, p.reason)
        == 'Guardsman 4 would be 5.0" from his squad: coherency is 2"; move him within 2" of a squad-mate.'
    )
