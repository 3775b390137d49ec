"""What the demo says over the table: only what happens, never a prompt to a player at the keyboard.

The game's notices and log lines speak to the player whose turn it is ("Player 1: your section acts.", "Power-up
for Ork Boyz: press 1 to roll twice..."); in the demo the bots play every seat, and a passer-by read them as
orders nobody could follow. A line that names its player and then says "your" is told in the third person; a
line that still speaks to someone (you, press, click) is not shown. Only words, so it knows no rule set.

>>> for_onlookers("Player 1: your section acts.")
"Player 1's section acts."
>>> for_onlookers("Power-up for Ork Boyz: press 1 to roll twice, or 2 to keep the first") is None
True
>>> for_onlookers("Rifleman Novak moves 6.0\\".")
'Rifleman Novak moves 6.0".'


The objective line of a player's top bar is shorthand (``2nd nearest 43" from exit (8 moves) · 9 left``): the
demo's cards and scoreboard tell it in words (:func:`objective_for_onlookers`).
"""

from __future__ import annotations

import re

_TO_PLAYER = re.compile(r"\b(you|your|yours|yourself|press|click|select)\b", re.IGNORECASE)
# "Player 1: your section acts", "Player 2 (British) \u2014 your section": whose it is, said to him
_NAMED_THEN_YOUR = re.compile(r"^(Player \d+(?: \([^)]*\))?)(?::| \u2014| -) your\b")


def speaks_to_player(words: str) -> bool:
    """Whether ``words`` speak to a player at the keyboard (a prompt, a key to press, "your").

    >>> speaks_to_player("Shooting skipped: you may only shoot at a unit in sight"), speaks_to_player("Ork Boy 4 dies")
    (True, False)
    """
    return bool(_TO_PLAYER.search(words))


def for_onlookers(words: str) -> str | None:
    """``words`` as the demo may show them to onlookers: a named player's "your" told as his, and None for a
    line that still speaks to a player."""
    told = _NAMED_THEN_YOUR.sub(lambda m: f"{m[1]}'s", words)
    return None if speaks_to_player(told) else told


# the walk to the exit on a top bar: '2nd nearest 43" from exit (8 moves) · 9 moves left', '(!) out of reach: 8 moves needed,
# 3 left'
_WALK = re.compile(
    r'(?:(\d+(?:st|nd|rd|th)) )?nearest (\d+)" from exit \((\d+) moves?\) \u00b7 (\d+) (?:moves? )?left( after this)?'
)
_OUT_OF_REACH = re.compile(r"\(!\) out of reach: (\d+) moves? needed, (\d+) left")


def objective_for_onlookers(words: str, noun: str) -> str:
    """An objective line's shorthand in words a passer-by reads (``noun``: what the rule set calls a figure).

    >>> objective_for_onlookers('Escape: 0/2 out \u00b7 2nd nearest 43" from exit (8 moves) \u00b7 9 moves left', "man")
    'Escape: 0/2 out \u00b7 the 2nd nearest man is 43 inches from the exit, a walk of 8 moves \u00b7 9 moves left'
    >>> objective_for_onlookers('2nd nearest 6" from exit (1 move) \u00b7 1 move left after this', "survivor")
    'the 2nd nearest survivor is 6 inches from the exit, a walk of 1 move \u00b7 1 move left after this'
    >>> objective_for_onlookers("Escape: 0/1 out \u00b7 (!) out of reach: 8 moves needed, 3 left", "character")
    'Escape: 0/1 out \u00b7 the exit is out of reach: a walk of 8 moves, 3 moves left'
    """

    def walk(m: re.Match[str]) -> str:
        who = f"the {m[1]} nearest {noun}" if m[1] else f"the nearest {noun}"
        moves = f"{m[3]} move{'s' if m[3] != '1' else ''}"
        left = f"{m[4]} move{'s' if m[4] != '1' else ''} left{m[5] or ''}"
        return f"{who} is {m[2]} inches from the exit, a walk of {moves} \u00b7 {left}"

    words = _WALK.sub(walk, words)
    return _OUT_OF_REACH.sub(
        lambda m: f"the exit is out of reach: a walk of {m[1]} moves, {m[2]} moves left", words
    )
