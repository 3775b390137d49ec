"""A deploy zone's label names whose it is only where that says something (issue 33, item 3, names not ids): a
newcomer read "DEPLOY: Allied start line (allies)" and "Diner car park (players)" as a programmer's tag."""

from __future__ import annotations

from dataclasses import replace

from ui_driver import start_game

from game.ui.app import App


def test_the_players_deploy_zone_reads_without_its_side_tag_and_a_zombies_zone_keeps_it(app: App) -> None:
    scene = start_game(app)
    view = scene.view
    deploy = next(z for z in view.scenario.zones if z.kind == "deploy")
    label = view.zone_label(replace(deploy, properties={**deploy.properties, "side": "allies"}))[0]
    assert label.startswith("DEPLOY") and "(allies)" not in label
    label = view.zone_label(replace(deploy, properties={**deploy.properties, "side": "players"}))[0]
    assert "(players)" not in label
    zombies = replace(
        deploy, properties={k: v for k, v in deploy.properties.items() if k != "player"} | {"side": "zombies"}
    )
    assert view.zone_label(zombies)[0].endswith("(zombies)")
