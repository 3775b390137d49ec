"""The rescue line on Outbreak's top bar (a newcomer's Hollow Creek Farm game, scored 7/10): "Rescue: 1/2 led out
· 1 of 8 moves left" while the last bystander was three moves from the exit, with no warning; after the game
it still read "1 of 8 moves left" under "game over: the zombies win"; and Back to the table's status line was
cut ("... The game is over: E or Enter shows the"). Through the real game scene, headless."""

from __future__ import annotations

from pathlib import Path

from game.rules.outbreak import objectives
from game.rules.outbreak.state import ZOMBIES_WIN

FARM = Path(__file__).resolve().parent.parent / "maps" / "hollow_creek_farm.tmx"


def _farm(app):  # type: ignore[no-untyped-def]
    from game.ui.game_setup import GameSetup
    from game.ui.scenario_list import load_entry

    app.start_game(GameSetup(load_entry(FARM)), seed=3)
    app.run_frames(5)
    return app.scene


def test_a_rescue_out_of_reach_says_so_in_the_warning_colour(app) -> None:
    scene = _farm(app)
    label = scene.top_bar.objective_label
    st = scene.match.game.state
    assert label.text.startswith("Rescue:") and not label.most_specific_combined_id.endswith("_warn"), label.text
    st.move = st.turn_limit  # the last move: the bystanders are far more than one move from the exit
    scene.match.version += 1
    app.run_frames(3)
    shown = scene.top_bar.objective_shown()
    assert "(!) out of reach:" in shown and "moves needed, 1 left" in shown, shown
    assert "of 8 moves left" not in shown
    assert label.most_specific_combined_id.endswith("_warn"), label.most_specific_combined_id


def test_after_the_game_the_line_says_game_over_and_the_table_status_reads_whole(app) -> None:
    scene = _farm(app)
    game = scene.match.game
    st = game.state
    st.move = st.turn_limit
    objectives._end(game.world, ZOMBIES_WIN, f"Move {st.turn_limit} is over and the rescue was not done.")
    scene.match.version += 1
    app.run_frames(3)
    shown = scene.top_bar.objective_shown()
    assert shown == f"Rescue: {st.rescued}/{st.exit_count} led out · game over", shown
    scene._back_to_table()
    app.run_frames(3)
    box = scene.status_box
    rows = box.text_box_layout.layout_rows
    said = "".join(getattr(c, "text", "") for c in rows[0].items)
    assert len(rows) == 1 and box.scroll_bar is None, [r.items for r in rows]
    assert "E or Enter shows the report again." in said, said
    assert not box.html_text.startswith("<font size"), box.html_text  # in the usual print, not squeezed to fit
