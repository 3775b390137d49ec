"""The letters on the tokens are told in words (newcomers' issue ob44 item 5): a token's J, B, T, F and ? had no
word anywhere. The hovered figure's card says what each letter on his token means, and How to play lists them.
Through the real game scene on Small Town (the pointer on a tired man with a jammed gun)."""

from __future__ import annotations

from pathlib import Path

from ui_driver import headless_app, motion, screen_of, zoom_on

from game.scenario import load_scenario
from game.ui.how_to_play import how_to_play_html
from game.ui.scenes.game import GameScene

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_the_hover_card_says_what_the_letters_on_a_token_mean(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(MAPS / "small_town.tmx"), {}, seed=1))
        app.run_frames(3)
        scene, match = app.scene, app.scene.match
        pc = match.game.state.figures["pc3"]
        pc.tired = pc.jammed = True
        match.resync()
        assert match.looks[pc.id].badge == "TJ"
        zoom_on(scene, pc.position, 24)
        motion(app, screen_of(scene, pc.position))
        token = scene.view.token_at(screen_of(scene, pc.position))  # the token under the pointer: his card
        assert token is not None and token.id == pc.id and scene.view.tooltip is not None
        card = scene.view.tooltip(token)
        assert "T: tired" in card and "J: gun jammed" in card, card


def test_how_to_play_lists_the_letters_on_the_tokens() -> None:
    page = how_to_play_html("outbreak")
    assert "The letters on the tokens" in page
    for letter in "FTJB?":
        assert f"<b>{letter}</b>: " in page, letter
