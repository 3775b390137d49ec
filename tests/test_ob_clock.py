"""Outbreak's quiet start and the clock (issue 33, item 9), through the screen's Match: the log says what
the quiet start played before the players' first move (the game opened at Move 2 with no word of why), and
the objective line shows the walk to the exit against the moves left, saying when it is too far."""

from __future__ import annotations

from pathlib import Path

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.scenario import load_scenario
from game.ui.match import Match

MAPS = Path(__file__).resolve().parent.parent / "maps"
RS = get_ruleset("outbreak")


def test_the_log_says_what_the_quiet_start_played_before_move_2() -> None:
    game = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    logged: list[str] = []
    Match(game, RS.view(), log=logged.append)
    header = next(i for i, line in enumerate(logged) if "<b>Move 2</b>" in line)
    said = logged[header - 1]
    assert "Move 1, the quiet start" in said and "the outbreak began" in said, said
    assert "Groundskeeper Earl" in said and "Your characters act from Move 2." in said
    assert sum("the quiet start" in line for line in logged) == 1


def test_the_objective_line_shows_the_walk_to_the_exit_against_the_moves_left() -> None:
    game = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    match = Match(game, RS.view())
    line = match.objective()
    # whose walk it is (playtest: "exit 13\" (3 moves)" did not say): the second nearest, as two must get out
    assert line == 'Escape: 0/2 out · 2nd nearest 43" from exit (8 moves) · 10 moves left', line
    game.state.move = 5  # seven moves left (of Small Town's 11) for the same walk
    assert Match(game, RS.view()).objective() == "Escape: 0/2 out · (!) out of reach: 8 moves needed, 7 left"


def test_no_walk_is_shown_without_an_exit() -> None:
    game = rigged_game()
    assert "exit" not in Match(game, RS.view()).objective()


def test_the_clock_reads_whole_on_the_top_bar(app) -> None:
    """At 1280x800 the objective line with the walk is not cut (a first wording was)."""
    from game.ui.game_setup import GameSetup
    from game.ui.scenario_list import load_entry

    app.start_game(GameSetup(load_entry(MAPS / "small_town.tmx")), seed=3)
    app.run_frames(5)
    scene = app.scene
    scene.match.game.state.move = 5  # seven moves left of Small Town's 11
    scene.match.version += 1
    app.run_frames(3)
    shown = scene.top_bar.objective_label.text
    assert shown == scene.match.objective() and "out of reach: 8 moves needed, 7 left" in shown, shown
    assert scene.top_bar.objective_label.most_specific_combined_id.endswith("_warn")  # in the warning colour


def test_the_quiet_start_on_a_farm_at_midnight_says_nothing_of_a_town() -> None:
    """Playtest: Hollow Creek Farm's first line said "(the town went about its day)": neutral words now."""
    game = RS.new_game(load_scenario(MAPS / "hollow_creek_farm.tmx"), {}, 3)
    logged: list[str] = []
    Match(game, RS.view(), log=logged.append)
    said = next(line for line in logged if "the quiet start" in line)
    assert "Move 1, the quiet start (nobody knew yet): " in said and "town" not in said and "day" not in said


def test_the_moves_to_the_exit_count_a_move_that_ends_in_it() -> None:
    """Play-test: the top bar said '6" from exit (2 moves)' while that character's 6" move preview said he
    gets away by the exit, and he did: a walk was measured to points an inch apart inside the zone, not to
    its edge, where a move that ends inside it already leaves."""
    from game.rules.outbreak import Move
    from game.rules.outbreak.testing import tiny_scenario

    sc = tiny_scenario(objective="escape", characters=(), spawns=(), exits=[(0, 0, 24, 3)])
    game = rigged_game(
        pcs={"pc1": (12.0, 9.3)}, scenario=sc
    )  # his base 5.8" from the exit's edge (it counts on it)
    line = Match(game, RS.view()).objective()
    assert 'nearest 6" from exit (1 move)' in line, line
    preview = game.preview(Move("pc1", ((12.0, 1.0),), None, ()))
    assert preview.details["exits"]["leader"]['6"'], preview.details
