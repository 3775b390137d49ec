"""Zombiekrieg's words for a newcomer on Normandy Village: the hint offers no key of an action a soldier can
never take (a Rifleman was told 'Also: Fire F, Order O'), a failed MOVE says he stays where he is (the log gave
only the dice), an ORDER reads as a player says it ("Sergeant Russo ORDERs ..." read oddly), and a fallen
zombie's DOWN is not drawn over the soldier standing on it (he looked down)."""

from __future__ import annotations

import re
from pathlib import Path

from ui_driver import headless_app

from game.rules.zombiekrieg import Move, Order
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView
from game.scenario import load_scenario
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def _log(g, events) -> str:
    """The log's lines for ``events``, the HTML tags left out."""
    return "\n".join(re.sub("<[^>]+>", "", line) for line in ZombiekriegView().log_lines(g, events))


def test_a_rifleman_is_not_offered_the_order_key_but_a_sergeant_keeps_his_order(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "normandy_village.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        for role in ("-r1", "-lmg"):
            fid = next(f for f in sorted(match.ready()) if f.endswith(role))
            match.select(fid)
            app.run_frames(3)
            hint = scene.actions_panel.hint_html
            assert "Order O" not in hint and "order" not in match.actions(fid), hint
        sgt = next(f for f in sorted(match.ready()) if f.endswith("-sgt"))
        match.select(sgt)
        app.run_frames(3)
        assert "order" in match.actions(sgt) and scene.buttons["order"].visible, scene.actions_panel.hint_html


def test_a_failed_move_says_he_stays_where_he_is() -> None:
    g = rigged_game(soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270)}, guts={"us1-r1": 7}, dice=[4, 5])
    log = _log(g, g.apply(Move("us1-r1", ((6, 10),))))
    name = ZombiekriegView().name(g, "us1-r1")
    assert "= 9 vs GUTS 7: Failure" in log and f"{name} stays where he is: the MOVE failed." in log, log
    assert g.figure("us1-r1").position == (6, 20)


def test_a_moved_soldier_is_not_said_to_stay() -> None:
    g = rigged_game(soldiers={"us1-sgt": (20, 22, 270), "us1-r1": (6, 20, 270)}, guts={"us1-r1": 7}, dice=[2, 3])
    log = _log(g, g.apply(Move("us1-r1", ((6, 10),))))
    assert "stays where he is" not in log and "moves 6.0" in log, log


def test_an_order_reads_as_a_player_says_it() -> None:
    view = ZombiekriegView()
    for faces, words in (((3, 4), "{sgt} gives {r1} an ORDER: +2 GUTS"), ((5, 5), "{sgt}'s ORDER to {r1} fails")):
        g = rigged_game(soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (6, 20, 270)}, dice=faces)
        log = _log(g, g.apply(Order("us1-sgt", "us1-r1")))
        sgt, r1 = view.name(g, "us1-sgt"), view.name(g, "us1-r1")
        assert words.format(sgt=sgt, r1=r1) in log and "ORDERs" not in log, log


def test_a_soldier_standing_on_a_fallen_zombie_is_not_tagged_down() -> None:
    import pygame

    from game.ui.assets import Assets
    from game.ui.map_render import MapRenderer
    from game.ui.table_view import TableView
    from game.ui.tokens import TokenView

    pygame.init()
    pygame.display.set_mode((400, 300))
    view = TableView(MapRenderer(pygame.Surface((240, 180)), 10.0), Assets(), None, (0, 0, 400, 300))
    view.camera.fit((24, 18))
    view.tokens = [
        TokenView("z1", "tokens.zombie_1", (10.0, 9.0), side="zombie", state="knocked_down"),
        TokenView("us1-r1", "tokens.us_rifleman", (10.1, 9.1), side="allies"),
        TokenView("z2", "tokens.zombie_1", (16.0, 9.0), side="zombie", state="knocked_down"),  # nobody on him
    ]
    view.draw(pygame.Surface((400, 300)))
    tags = view.tag_rects
    assert len(tags) == 1 and tags[0].centerx > view.camera.to_screen((13.0, 9.0))[0], tags
    pygame.quit()


def test_the_top_bar_says_game_over_not_turns_left_once_the_game_is_over() -> None:
    """A newcomer's Normandy Village ended in defeat on turn 15 and the top bar still read "1 of 15 turns left"
    (session 45)."""
    from game.rules.core import get_ruleset
    from game.rules.zombiekrieg.state import Phase
    from game.rules.zombiekrieg.testing import rigged_game

    g = rigged_game(soldiers={"us1-r1": (12, 20, 270)}, zombies=[(12, 14)], dice=[])
    view = get_ruleset("zombiekrieg").view()
    assert "turns left" in view.objective_line(g)
    g.state.winner, g.state.phase = "zombies", Phase.OVER
    assert g.over
    line = view.objective_line(g)
    assert line.endswith("game over") and "turns left" not in line, line
