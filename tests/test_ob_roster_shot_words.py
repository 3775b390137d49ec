"""Outbreak playtest (Small Town): the roster counted a gun's shots in five forms, "3 shots ready", "2 shots
fired", "1 shot", "0 shots left fired" and "no shots this move fired". Now one form before and after each
shot: "3 shots left", "2 shots left", "1 shot left", "no shots left", then the status word."""

from __future__ import annotations

import re

from test_ob_roster_shots import roster_after_a_shot

from game.rules.outbreak.view import shots_left_words

ONE_FORM = re.compile(r"(\d shots? left|no shots left)")


def plain(line: str) -> str:
    return re.sub(r"<[^>]*>", "", line)


def test_the_shots_read_in_one_form_before_and_after_a_shot() -> None:
    match, _ = roster_after_a_shot([4, 3, 1])  # hit in the second third, not destroyed: one shot left
    after = plain(match.roster().split("<br>")[1])
    other = plain(match.roster().split("<br>")[2])  # pc2, not fired yet
    assert "1 shot left" in after and "shot fired" not in after and not after.endswith("1 shot"), after
    assert "3 shots left" in other and other.endswith("ready"), other


def test_a_spent_gun_reads_no_shots_left_then_fired() -> None:
    match, line = roster_after_a_shot([3, 3, 3])  # hit in the last third: no shots left this move
    assert "no shots left" in plain(line) and plain(line).endswith("fired"), plain(line)
    assert "this move fired" not in plain(line) and "0 shots" not in plain(line)


def test_every_count_is_in_the_one_form() -> None:
    assert all(ONE_FORM.fullmatch(shots_left_words(n)) for n in range(4))
