"""The 7th-edition charts (rules: "The 40k core needed"), read from the data, and the odds of a roll.

>>> from game.rules.zombie40k.data import load_data
>>> d = load_data()
>>> to_hit_ranged(d, 3), to_hit_ranged(d, 3, snap=True)
(4, 6)
>>> to_hit_melee(d, 4, 3), to_hit_melee(d, 2, 5)
(3, 5)
>>> to_wound(d, 3, 3), to_wound(d, 8, 4), to_wound(d, 1, 5)
(4, 2, 0)
>>> p_roll(4)
0.5
"""

from __future__ import annotations

from game.rules.zombie40k.data import Z40Data


def _clamp(v: int) -> int:
    return max(1, min(10, v))


def to_hit_ranged(data: Z40Data, bs: int, snap: bool = False) -> int:
    """The D6 needed to hit by Ballistic Skill; Snap Shots need a 6 [7th]. A 1 always misses."""
    if snap:
        return data.house.overwatch_bs
    return data.to_hit_ranged[_clamp(bs) - 1]


def to_hit_melee(data: Z40Data, ws: int, target_ws: int) -> int:
    """The D6 needed to hit in close combat, from the WS chart [7th]."""
    return data.ws_chart[_clamp(ws) - 1][_clamp(target_ws) - 1]


def to_wound(data: Z40Data, s: int, t: int) -> int:
    """The D6 needed to wound, S against T [7th]; 0 means the attack cannot wound."""
    return data.to_wound[_clamp(s) - 1][_clamp(t) - 1]


def p_roll(need: int) -> float:
    """The chance a D6 scores ``need`` or more (0 for "cannot"; a 1 always fails, a 6 always succeeds)."""
    if need <= 0 or need > 6:
        return 0.0
    return (7 - max(2, need)) / 6


def p_reroll(need: int, reroll: str) -> float:
    """Success with re-rolls: ``"fail"`` re-rolls every failure, ``"ones"`` only 1s, ``""`` none."""
    p = p_roll(need)
    if reroll == "fail":
        return p + (1 - p) * p
    if reroll == "ones":
        return p + p * (1 / 6) if need > 1 else p
    return p


def save_taken(armour: int, ap: int, inv: int, cover: int) -> tuple[int, str]:
    """The one save a model takes and its kind: armour unless AP is equal to or lower than it, else the best
    of the invulnerable and cover saves [7th]. (0, "") means no save; on a tie armour is named first, then
    invulnerable.

    >>> save_taken(3, 0, 0, 4), save_taken(3, 2, 5, 4), save_taken(3, 2, 0, 0)
    ((3, 'armour'), (4, 'cover'), (0, ''))
    """
    options = []
    if armour and not (ap and ap <= armour):
        options.append((armour, "armour"))
    if inv:
        options.append((inv, "invulnerable"))
    if cover:
        options.append((cover, "cover"))
    return min(options, key=lambda o: o[0]) if options else (0, "")


def best_save(armour: int, ap: int, inv: int, cover: int) -> int:
    """The D6 the one save a model takes needs (:func:`save_taken`); 0 means no save."""
    return save_taken(armour, ap, inv, cover)[0]
