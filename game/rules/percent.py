"""A chance as a player reads it on a preview: a whole percentage, never below 0% or above 100%.

Every rule set's previews print their odds with :func:`percent`, so a sum of exact odds a hair below zero
(a float's rounding) never reads "-0%".

>>> percent(0.7249), percent(-1e-9), percent(-0.004), percent(1.0000001), percent(0.015)
('72%', '0%', '0%', '100%', '2%')
"""

from __future__ import annotations

import math


def percent(p: float) -> str:
    """``p`` (a chance, 0 to 1) as a whole percentage; not a number reads as 0%."""
    if math.isnan(p):
        return "0%"
    return f"{round(100 * min(1.0, max(0.0, p)))}%"  # (half to even, as Python's "%" format)
