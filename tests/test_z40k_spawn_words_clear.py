"""Spawn points' names keep clear of the models (two 40k players): a horde that came in by "SPAWN: North edge
(west)" stood under its name, which ran across the tokens. A zone's name stays where it was first put while
nothing stands there, and steps aside, clear of every token, while models do."""

from __future__ import annotations

from pathlib import Path

from ui_driver import headless_app

from game.scenario import load_scenario
from game.ui.scenes.game import GameScene
from game.ui.tokens import TokenView

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _zone_names(view) -> dict[str, object]:
    return {text: rect for kind, text, rect in view.words if kind == "zone"}


def test_a_spawn_points_name_steps_off_the_zombies_standing_on_it(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        app.push(GameScene(app, load_scenario(HIVE_STREET), {}, seed=1))
        app.run_frames(3)
        view = app.scene.view
        view.fit()
        app.run_frames(2)
        home = _zone_names(view)
        name = next(t for t in home if t.startswith("SPAWN"))
        x, y = view.camera.to_table(home[name].center)
        horde = [
            TokenView(f"in{i}", "tokens.zombie_1", (x + dx, y), side="zombie") for i, dx in enumerate((-1, 0, 1))
        ]
        view.tokens = [*view.tokens, *horde]
        view.draw(app.screen)
        now = _zone_names(view)
        assert not any(now[name].colliderect(r) for r in view.token_rects(horde)), (home[name], now[name])
        assert not any(now[name].colliderect(r) for t, r in now.items() if t != name)
        view.tokens = [t for t in view.tokens if t not in horde]
        view.draw(app.screen)
        assert _zone_names(view) == home  # gone again: back where it was
