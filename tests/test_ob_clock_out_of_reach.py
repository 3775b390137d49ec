"""The escape line on Outbreak's top bar (a newcomer's Small Town game): "2nd nearest 30" from exit: 6 moves, 2
left" in the usual colour never said the escape was lost by the distances; and as the last fight played the
walk vanished, leaving "2 of 11 moves left". Through the real game scene's top bar and the screen's Match."""

from __future__ import annotations

from pathlib import Path

from game.rules.core import get_ruleset
from game.scenario import load_scenario
from game.ui.match import Match

MAPS = Path(__file__).resolve().parent.parent / "maps"
RS = get_ruleset("outbreak")


def test_an_escape_out_of_reach_says_so_in_the_warning_colour(app) -> None:
    from game.ui.game_setup import GameSetup
    from game.ui.scenario_list import load_entry

    app.start_game(GameSetup(load_entry(MAPS / "small_town.tmx")), seed=3)
    app.run_frames(5)
    scene = app.scene
    label = scene.top_bar.objective_label
    assert "nearest" in label.text and not label.most_specific_combined_id.endswith("_warn"), label.text
    scene.match.game.state.move = 10  # two moves left of Small Town's 11 for an 8-move walk
    scene.match.version += 1
    app.run_frames(3)
    shown = scene.top_bar.objective_shown()
    assert "out of reach: 8 moves needed, 2 left" in shown, shown
    assert label.most_specific_combined_id.endswith("_warn"), label.most_specific_combined_id


def test_the_walk_stays_on_the_line_when_too_few_are_left_to_walk_it() -> None:
    game = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    match = Match(game, RS.view())
    before = match.objective()
    assert "from exit (8 moves)" in before, before
    standing = [f for f in game.state.pcs() if f.state == "standing"]
    for f in standing[1:]:  # all but one turned in the last fight: two must get out
        f.state = "turned"
    assert match.objective() == before


def test_a_move_already_spent_is_not_counted_for_the_walker_who_spent_it() -> None:
    """A newcomer's last hope froze on move 10 of Small Town's 11 (her action spent) and the line still read
    "(2 moves) · 2 left": only move 11 was hers. Each walker who has acted this move has one move fewer."""
    game = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    match = Match(game, RS.view())
    st = game.state
    st.move = st.turn_limit - 7  # 8 moves left: the 8-move walk can still be done
    assert "from exit (8 moves) · 8 moves left" in match.objective(), match.objective()
    for f in st.pcs():
        f.acted = "move"  # everyone acted this move (froze, fired, waited) without getting nearer
    assert "out of reach: 8 moves needed, 7 left" in match.objective(), match.objective()


def test_a_count_that_drops_as_he_acts_says_it_counts_from_the_next_move() -> None:
    """A newcomer saw "9 left" come up in the middle of a move, before he pressed End step: the walker whose
    walk decides had acted in this move, so it no longer counts for him. The line says so."""
    game = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    match = Match(game, RS.view())
    st = game.state
    st.move = st.turn_limit - 8  # 9 moves left, this one with them
    assert match.objective().endswith("(8 moves) · 9 moves left"), match.objective()
    for f in st.pcs():
        f.acted = "move"
    assert match.objective().endswith("(8 moves) · 8 moves left after this"), match.objective()
