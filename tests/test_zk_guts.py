"""Rules: Zombiekrieg 848, "GUTS": the 2D6 test, its four outcomes, exact odds, permanent changes and bounds."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from game.rules.zombiekrieg import Move, guts
from game.rules.zombiekrieg.events import GutsChanged, GutsTested
from game.rules.zombiekrieg.testing import rigged_game


def brute(mg: int) -> dict[str, Fraction]:
    out = {o: Fraction(0) for o in guts.OUTCOMES}
    for a, b in product(range(1, 7), repeat=2):
        ok = a + b <= mg
        key = (
            ("critical_success" if a == b else "success") if ok else ("critical_failure" if a == b else "failure")
        )
        out[key] += Fraction(1, 36)
    return out


@pytest.mark.parametrize("mg", range(0, 15))
def test_outcome_chances_are_exact(mg):
    """GUTS: the chance of each outcome is the 2D6 count over 36 (brute-force enumeration), for every GUTS."""
    expected = brute(mg)
    got = guts.outcome_chances(mg)
    assert set(got) == set(expected)
    for k, v in expected.items():
        assert got[k] == float(v)
        assert guts.outcome_fractions(mg)[k] == v
    assert sum(guts.outcome_fractions(mg).values()) == 1


@pytest.mark.parametrize(
    "faces,mg,result",
    [
        ((4, 4), 9, "critical_success"),
        ((4, 5), 9, "success"),
        ((5, 5), 9, "critical_failure"),
        ((6, 4), 9, "failure"),
        ((1, 1), 2, "critical_success"),
        ((6, 6), 12, "critical_success"),
    ],
)
def test_four_outcomes(faces, mg, result):
    """GUTS: success at most the modified GUTS, a double makes it critical; above fails, a double above is critical."""
    assert guts.outcome(faces, mg) == result


def _move_test(start_guts: int, faces: tuple[int, int]):
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (6, 20, 270)},
        zombies=[(12, 2)],
        guts={"us1-r1": start_guts},
        dice=faces,
    )
    events = g.apply(Move("us1-r1", ((6, 18),)))
    return g, events


@pytest.mark.parametrize(
    "start,faces,end",
    [
        (9, (1, 1), 10),
        (10, (1, 1), 10),  # never above 10
        (3, (6, 6), 2),
        (2, (6, 6), 2),  # never below 2
        (7, (3, 3), 8),
        (7, (5, 5), 6),
        (7, (3, 4), 7),
        (7, (6, 5), 7),
    ],
)
def test_criticals_change_guts_for_good_within_bounds(start, faces, end):
    """GUTS: Critical Success +1, Critical Failure -1 for good [house], GUTS stays within 2..10 [house]."""
    g, events = _move_test(start, faces)
    assert g.figure("us1-r1").guts == end
    changes = [e for e in events if isinstance(e, GutsChanged)]
    assert (changes[0].new if changes else start) == end
    assert not changes or changes[0].old == start
    rolled = [e for e in events if type(e).__name__ == "DiceRolled"][0]
    assert rolled.meaning.startswith(f"2D6 = {faces[0]}+{faces[1]} = {sum(faces)} vs GUTS {start}")
    if start == end and faces[0] == faces[1]:
        assert f"GUTS stays {start}" in rolled.meaning


def test_meaning_line_in_the_style_of_the_dice_tray():
    """GUTS: every roll has a readable meaning, e.g. '2D6 = 4+4 = 8 vs GUTS 9: Critical Success, GUTS 10'."""
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(12, 2)], dice=[4, 4])
    events = g.apply(Move("us1-sgt", ((12, 18),)))
    assert events[0].meaning == "2D6 = 4+4 = 8 vs GUTS 9: Critical Success, GUTS 10"
    tested = [e for e in events if isinstance(e, GutsTested)][0]
    assert (tested.faces, tested.total, tested.modified_guts, tested.outcome) == ((4, 4), 8, 9, "critical_success")


def test_zombie_within_3_inches_gives_minus_one():
    """GUTS modifiers: -1 when any standing zombie is within 3" of the figure (edge to edge) [house]."""
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(12, 16.1)], dice=[4, 5])
    events = g.apply(Move("us1-sgt", ((14, 20),)))
    tested = [e for e in events if isinstance(e, GutsTested)][0]
    assert tested.modified_guts == 8 and tested.outcome == "failure"  # 9 > 9-1
    g = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(12, 15.9)], dice=[4, 5])
    events = g.apply(Move("us1-sgt", ((14, 20),)))
    assert [e for e in events if isinstance(e, GutsTested)][0].modified_guts == 9
