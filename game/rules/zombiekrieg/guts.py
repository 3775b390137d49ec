"""The GUTS test: 2D6 against a figure's GUTS plus modifiers (rules: Zombiekrieg 848, GUTS).

Four outcomes: a total at most the modified GUTS succeeds (a double is a Critical Success); above
it fails (a double is a Critical Failure). Criticals change GUTS for good, within the bounds.

>>> outcome((4, 4), 9)
'critical_success'
>>> outcome((6, 5), 9)
'failure'
>>> round(outcome_chances(7)["success"] + outcome_chances(7)["critical_success"], 4)
0.5833
>>> meaning((4, 4), 9, 9, "critical_success", 10)
'2D6 = 4+4 = 8 vs GUTS 9: Critical Success, GUTS 10'
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

SUCCESS, CRITICAL_SUCCESS = "success", "critical_success"
FAILURE, CRITICAL_FAILURE = "failure", "critical_failure"
OUTCOMES = (CRITICAL_SUCCESS, SUCCESS, FAILURE, CRITICAL_FAILURE)
NAMES = {
    CRITICAL_SUCCESS: "Critical Success",
    SUCCESS: "Success",
    FAILURE: "Failure",
    CRITICAL_FAILURE: "Critical Failure",
}


def outcome(faces: tuple[int, ...], modified_guts: int) -> str:
    """The outcome of one 2D6 test."""
    total = sum(faces)
    double = len(faces) == 2 and faces[0] == faces[1]
    if total <= modified_guts:
        return CRITICAL_SUCCESS if double else SUCCESS
    return CRITICAL_FAILURE if double else FAILURE


def succeeded(result: str) -> bool:
    return result in (SUCCESS, CRITICAL_SUCCESS)


@lru_cache(maxsize=64)
def _fractions(modified_guts: int) -> tuple[tuple[str, Fraction], ...]:
    counts = {o: 0 for o in OUTCOMES}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[outcome((a, b), modified_guts)] += 1
    return tuple((o, Fraction(n, 36)) for o, n in counts.items())


def outcome_fractions(modified_guts: int) -> dict[str, Fraction]:
    """Exact odds of each outcome, counting the 36 equally likely rolls of two dice."""
    return dict(_fractions(modified_guts))


def outcome_chances(modified_guts: int) -> dict[str, float]:
    """Exact chance of each outcome as a float (each is a multiple of 1/36).

    >>> outcome_chances(2)["critical_success"] == 1 / 36
    True
    """
    return dict(_chances(modified_guts))


@lru_cache(maxsize=64)
def _chances(modified_guts: int) -> tuple[tuple[str, float], ...]:
    return tuple((o, float(f)) for o, f in _fractions(modified_guts))


def success_chance(modified_guts: int) -> float:
    c = outcome_chances(modified_guts)
    return c[SUCCESS] + c[CRITICAL_SUCCESS]


def clamp(guts: int, lo: int, hi: int) -> int:
    return max(lo, min(hi, guts))


def changed_guts(guts: int, result: str, lo: int, hi: int, up: int = 1, down: int = -1) -> int:
    """GUTS after a test: criticals change it for good, never beyond the bounds."""
    if result == CRITICAL_SUCCESS:
        return clamp(guts + up, lo, hi)
    if result == CRITICAL_FAILURE:
        return clamp(guts + down, lo, hi)
    return guts


def meaning(faces: tuple[int, ...], base_guts: int, modified_guts: int, result: str, new_guts: int | None) -> str:
    """The dice tray line, e.g. ``2D6 = 4+4 = 8 vs GUTS 9: Critical Success, GUTS 10``."""
    vs = (
        f"GUTS {modified_guts}"
        if modified_guts == base_guts
        else f"GUTS {base_guts}{modified_guts - base_guts:+d} = {modified_guts}"
    )
    text = f"2D6 = {'+'.join(map(str, faces))} = {sum(faces)} vs {vs}: {NAMES[result]}"
    if new_guts is not None and new_guts != base_guts:
        text += f", GUTS {new_guts}"
    elif result in (CRITICAL_SUCCESS, CRITICAL_FAILURE):
        text += f", GUTS stays {base_guts}"
    return text
