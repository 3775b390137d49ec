"""A chance as a player reads it on a preview: a whole percentage, never below 0% or above 100%.

Every rule set's previews print their odds with :func:`percent`, so a sum of exact odds a hair below zero
(a float's rounding) never reads "-0%".

>>> percent(0.7249), percent(-1e-9), percent(-0.004), percent(1.0000001), percent(0.015)
('72%', '0%', '0%', '100%', '2%')

Only a sure thing reads 100%, and only an impossible one 0% (a 40k player's plate said "at least one kill
100%" at 99.96%): a chance that rounds to 100 but may still fail reads ">99%", one that rounds to 0 but may
still come "<1%". A float's hair off 1 or 0 is the sure thing, or the impossible one.

>>> percent(0.9996), percent(0.995), percent(0.994), percent(1 - 1e-12), percent(1.0)
('>99%', '>99%', '99%', '100%', '100%')
>>> percent(0.0004), percent(0.005), percent(0.0051), percent(1e-12), percent(0.0)
('<1%', '<1%', '1%', '0%', '0%')
"""

from __future__ import annotations

import math

HAIR = 1e-9  # a chance this near 1 (or 0) is a float's rounding of a sure (or impossible) thing


def percent(p: float) -> str:
    """``p`` (a chance, 0 to 1) as a whole percentage; not a number reads as 0%."""
    if math.isnan(p) or p <= HAIR:
        return "0%"
    if p >= 1.0 - HAIR:
        return "100%"
    whole = round(100 * p)  # (half to even, as Python's "%" format)
    return ">99%" if whole >= 100 else "<1%" if whole <= 0 else f"{whole}%"
