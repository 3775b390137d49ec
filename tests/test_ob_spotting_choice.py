"""Spotting's choice says what it does (a newcomer's Small Town game, issue 33): Spot was grey all game and he
never learnt why; the set-up's "All aware after the outbreak" (Yes by default, the source's reading) is what
leaves no one to spot. Now its help says so ("no survivor needs to Spot"), and the grey Spot button points back
to it. The default play is unchanged (the seeded games say so). Through the real set-up scene and match."""

from __future__ import annotations

from pathlib import Path

from game.assets import assets_dir
from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.scenario_list import load_entry

SMALL_TOWN = assets_dir("maps") / "small_town.tmx"


def test_the_set_up_says_all_aware_leaves_no_one_to_spot(app) -> None:  # type: ignore[no-untyped-def]
    app.start_setup(load_entry(Path(SMALL_TOWN)))
    app.run_frames(2)
    scene = app.scene
    tips = [getattr(e, "tool_tip_text", "") or "" for e in scene.actions]
    said = [t for t in tips if "no survivor needs to Spot" in t]
    assert said and "must Spot a zombie before he can fire" in said[0], tips
    assert scene.setup.options["all_aware_after_outbreak_move"] is True  # the default play stays


def test_the_grey_spot_button_names_the_set_up_choice() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 10)], dice=[])
    match = Match(game, get_ruleset("outbreak").view())
    match.select("pc1")
    on, why = match.button_states()["spot"]
    assert not on and "set-up: All aware after the outbreak" in why, why
