"""``check``'s messages lead to a map that plays: each says what the map needs, never a fix that the next
check refuses (issue 36, item 2)."""

from __future__ import annotations

from design_maps import ZOMBIEKRIEG, obj, playable_objects, tmx, write

from game.scenario.reference import reference
from game.scenario.review import review_map

RESCUE = {"ruleset": "outbreak", "objective": "rescue", "title": "Rescue", "turn_limit": 10}


def _rescue(tmp_path, extra=(), **props):
    objects = [
        obj(1, "Start", "deploy", 1, 8, 6, 8, side="players"),
        obj(2, "Well", "spawn", 28, 2, 4, 4),
        obj(3, "Road out", "exit", 33, 8, 3, 8),
        *extra,
    ]
    return review_map(str(write(tmp_path, "rescue.tmx", tmx(properties={**RESCUE, **props}, objects=objects))))


def test_a_rescue_without_bystanders_says_it_needs_bystanders(tmp_path):
    for count in ({}, {"exit_count": 3}, {"exit_count": 0}):
        (p,) = _rescue(tmp_path, **count).errors
        assert "an outbreak scenario needs bystanders (class npc)" in p.message
        assert "Bystander (NPC)" in p.fix
        assert "less than 1" not in str(p) and "0 or less" not in str(p)


def test_exit_count_0_means_the_rule_sets_default(tmp_path):
    review = _rescue(tmp_path, [obj(5, "Bob", "npc", 20, 10, shape="point")], exit_count=0)
    assert not review.errors and not review.warnings


def test_articles_before_a_vowel(tmp_path):
    objects = [*playable_objects(), obj(4, "Goal", "objective", 20, 10, 2, 2, lable="x")]
    (p,) = [
        p for p in review_map(str(write(tmp_path, "m.tmx", tmx(objects=objects)))).warnings if "lable" in p.message
    ]
    assert p.message.startswith("an objective has no property") and "an objective reads: label" in p.fix


def test_zombies_min_warning_and_reference_agree(tmp_path):
    review = review_map(
        str(
            write(
                tmp_path, "m.tmx", tmx(properties={**ZOMBIEKRIEG, "zombies_min": 10}, objects=playable_objects())
            )
        )
    )
    assert not review.errors  # the map plays, as the reference allows
    row = next(line for line in reference().splitlines() if line.startswith("| `zombies_min`"))
    assert ">= 0" in row and "check warns below" in row
