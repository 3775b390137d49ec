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
