"""Classes and properties a Zombiekrieg map may hold but the rules do nothing with (pre-placed soldiers,
a zombie's facing or boss, a spawn's dice, an escape vehicle): ``check`` warns, naming the rule set."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def test_each_ignored_thing_is_a_warning(tmp_path):
    objects = playable_objects()[:1] + [
        obj(2, "Pit", "spawn", 28, 2, 4, 4, dice=2),
        obj(3, "Road out", "exit", 33, 8, 3, 8),
        obj(10, "Sarge", "soldier", 3, 10, shape="point", role="sergeant"),
        obj(11, "Big one", "zombie", 20, 20, shape="point", boss=True, facing=90.0),
        obj(12, "Plain", "zombie", 22, 20, shape="point", boss=False),
        obj(13, "Truck", "escape_vehicle", 20, 2, 6, 3),
    ]
    review = review_map(str(write(tmp_path, "m.tmx", tmx(objects=objects))))
    assert not review.errors
    texts = {(p.object_id, p.message) for p in review.warnings}
    assert (10, "Zombiekrieg 848 ignores soldier objects") in texts
    assert (11, "Zombiekrieg 848 ignores a zombie's boss") in texts
    assert (11, "Zombiekrieg 848 ignores a zombie's facing") in texts
    assert (2, "Zombiekrieg 848 ignores a spawn's dice") in texts
    assert (13, "Zombiekrieg 848 ignores escape_vehicle objects") in texts
    assert not [p for p in review.warnings if p.object_id == 12]  # boss = false is the default


def test_a_map_property_of_another_rule_set(tmp_path):
    from design_maps import ZOMBIEKRIEG

    path = write(tmp_path, "m.tmx", tmx(properties={**ZOMBIEKRIEG, "points": 100}, objects=playable_objects()))
    (p,) = review_map(str(path)).warnings
    assert "ignores the map property points (only zombie40k reads it)" in p.message


def test_zombie40k_warns_of_a_spawns_dice_and_says_its_hordes_are_random(tmp_path):
    """Zombie 40,000 places its hordes at random: a spawn zone's dice change nothing there (a designer's
    trial drew 2D6 spawn zones and tuned against them), so check warns; dice = 1, the default, is quiet."""
    z40k = {"ruleset": "zombie40k", "title": "Race", "turn_limit": 8}
    objects = [
        obj(1, "Lander", "escape_vehicle", 32, 1, 8, 3),
        obj(2, "Team 1", "deploy", 4, 38, 10, 9, player=1),
        obj(3, "Team 2", "deploy", 58, 38, 10, 9, player=2),
        obj(4, "Sump", "spawn", 28, 40, 8, 3, dice=2),
        obj(5, "Vents", "spawn", 0, 10, 2, 8, dice=1),
    ]
    review = review_map(str(write(tmp_path, "m.tmx", tmx(width=72, height=48, properties=z40k, objects=objects))))
    assert not review.errors
    (warning,) = [p for p in review.warnings if "spawn" in p.message]
    assert (warning.object_id, warning.message) == (4, "Zombie 40,000 ignores a spawn's dice")
    assert "places its hordes at random" in warning.fix
