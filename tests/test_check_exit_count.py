"""``exit_count`` larger than the force: ``check`` says so, an error when no force is that big (and the game
will not start the map: the New game list and ``play`` judge with check), a warning when only the smallest
force is too small."""

from __future__ import annotations

from design_maps import ZOMBIEKRIEG, playable_objects, tmx, write

from game.scenario.review import review_map


def _review(tmp_path, **props):
    return review_map(
        str(write(tmp_path, "m.tmx", tmx(properties={**ZOMBIEKRIEG, **props}, objects=playable_objects())))
    )


def test_more_than_any_force(tmp_path):
    (p,) = [p for p in _review(tmp_path, exit_count=60).errors]
    assert "exit_count is 60" in p.message and "will not start it" in p.message and "set exit_count to 10" in p.fix


def test_more_than_the_smallest_section(tmp_path):
    (p,) = [p for p in _review(tmp_path, exit_count=12).warnings]
    assert "smallest force" in p.message


def test_within_the_force(tmp_path):
    review = _review(tmp_path, exit_count=3)
    assert not review.errors and not review.warnings
