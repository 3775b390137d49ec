"""The map's characters dealt to the players, even in number and in guns [house].

Each character goes first to his map ``player`` (counted round the players in the game), as the map's maker
drew them; then, while a swap of two characters between two players makes the forces more even, the swap is
made: the long guns (a range past the default gun's) spread first, then the guns of any kind. Two players on
Hollow Creek Farm dealt so round the map's numbers gave player 1 the shotgun and the rifle both.

>>> deal([(1, 9.0), (2, 6.0), (3, 12.0)], 2, 6.0)
[1, 1, 2]
>>> deal([(1, 6.0), (2, 0.0), (3, 9.0), (4, 12.0)], 2, 6.0)
[1, 2, 1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence


def deal(characters: Sequence[tuple[int, float]], players: int, short_range: float) -> list[int]:
    """The player of each character, given (his map player, his gun's range: 0 for none); a gun of more than
    ``short_range`` inches is a long gun."""
    seats = [(p - 1) % players + 1 for p, _ in characters]
    kinds = [(r > short_range, r > 0) for _, r in characters]
    while True:
        best = _unevenness(seats, kinds, players)
        swap = None
        for i in reversed(range(len(seats))):  # the map's last characters move first: its first keep their seats
            for j in reversed(range(i)):
                if seats[i] == seats[j] or kinds[i] == kinds[j]:
                    continue
                seats[i], seats[j] = seats[j], seats[i]
                after = _unevenness(seats, kinds, players)
                seats[i], seats[j] = seats[j], seats[i]
                if after < best:
                    best, swap = after, (i, j)
        if swap is None:
            return seats
        i, j = swap
        seats[i], seats[j] = seats[j], seats[i]


def _unevenness(seats: list[int], kinds: list[tuple[bool, bool]], players: int) -> tuple[int, int]:
    """How uneven the forces are: the spread of long guns among the players, then of guns."""
    longs = [sum(k[0] for s, k in zip(seats, kinds) if s == p) for p in range(1, players + 1)]
    guns = [sum(k[1] for s, k in zip(seats, kinds) if s == p) for p in range(1, players + 1)]
    return max(longs) - min(longs), max(guns) - min(guns)
