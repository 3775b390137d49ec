"""A character in base contact with zombies is drawn over them (a newcomer's Hollow Creek Farm game: Doc Harlan,
closed in on a zombie, vanished under the pile round him). Through the real game scene's table, headless: the
tokens it draws, in the order it draws them (later over earlier)."""

from __future__ import annotations

from pathlib import Path

FARM = Path(__file__).resolve().parent.parent / "maps" / "hollow_creek_farm.tmx"


def test_the_characters_are_drawn_over_the_zombies(app) -> None:
    from game.ui.game_setup import GameSetup
    from game.ui.scenario_list import load_entry

    app.start_game(GameSetup(load_entry(FARM)), seed=3)
    app.run_frames(5)
    scene = app.scene
    tokens = [t for t in scene.view.tokens if t.state not in ("dead", "exited")]
    zombies = [i for i, t in enumerate(tokens) if t.side == "zombie"]
    ours = [i for i, t in enumerate(tokens) if t.side == "allies"]
    assert zombies and ours, [(t.id, t.side) for t in tokens]
    assert max(zombies) < min(ours), [(t.id, t.side) for t in tokens]
