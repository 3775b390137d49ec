"""How a Zombiekrieg figure is named on screen: a soldier by his rank and a surname of his nation ("Rifleman
Novak"), a zombie by his number ("Zombie 4"), as the log, the roster, the tooltips and the previews say him.

A soldier's surname is dealt from his nation's list, shuffled by the scenario's title and the nation alone
(a seed of its own, never the game's dice): the same map gives the same men every game, and the game's state
and its seeded dice do not change.

>>> ROLE_NAMES["smg"], SHORT_ROLE["smg"]
('SMG gunner', 'SMG')
>>> zombie_name("z12")
'Zombie 12'
>>> soldiers = (("us1-sgt", "american"), ("us1-r1", "american"), ("gb2-sgt", "british"))
>>> names = surnames("Test", soldiers)
>>> len(set(names.values())), names == surnames("Test", soldiers)
(3, True)
"""

from __future__ import annotations

import functools
import random
import re
import zlib
from collections.abc import Mapping

from game.rules.kit.words import swap_ids
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.state import Figure, figure_number

ROLE_NAMES = {
    "sergeant": "Sergeant",
    "corporal": "Corporal",
    "rifleman": "Rifleman",
    "smg": "SMG gunner",
    "lmg": "LMG gunner",
    "zombie": "Zombie",
}
SHORT_ROLE = {"sergeant": "Sgt", "corporal": "Cpl", "rifleman": "Rfn", "smg": "SMG", "lmg": "LMG"}

# each nation's surnames: more than one section's eleven men, so two sections of a nation rarely run out
SURNAMES: dict[str, tuple[str, ...]] = {
    "american": (
        "Novak", "Kowalski", "Miller", "O'Brien", "Russo", "Johnson", "Schultz", "Murphy", "Garcia", "Jackson",
        "Wilson", "Brennan", "Sullivan", "Costa", "Hayes", "Walker", "Rossi", "Lindqvist", "Carter", "Dawson",
        "Fisher", "Morgan", "Reyes", "Bishop", "Coleman", "Doyle", "Grant", "Harper", "Keller", "Lopez",
    ),
    "british": (
        "Atkins", "Hughes", "Davies", "Evans", "Thompson", "Clarke", "Wright", "Baker", "Turner", "Parker",
        "Collins", "Edwards", "Fletcher", "Walsh", "Bell", "Hall", "Marsh", "Cooper", "Lloyd", "Jenkins",
        "Griffiths", "Pike", "Shaw", "Hobbs", "Barnes", "Watts", "Lamb", "Doherty", "Fraser", "Reid",
    ),
    "soviet": (
        "Ivanov", "Petrov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Volkov", "Morozov", "Lebedev", "Kozlov",
        "Novikov", "Orlov", "Pavlov", "Zaitsev", "Belov", "Tarasov", "Fedorov", "Gusev", "Karpov", "Bondarenko",
        "Shevchenko", "Kovalenko", "Melnyk", "Nazarov", "Yusupov", "Makarov", "Titov", "Frolov", "Egorov", "Semyonov",
    ),
}  # fmt: skip

_ZOMBIE_ID = re.compile(r"(?<![\w-])z(\d+)(?![\w-])")


def zombie_name(fid: str) -> str:
    """``Zombie 12`` for ``z12``."""
    return f"Zombie {figure_number(fid)}"


@functools.lru_cache(maxsize=8)
def surnames(
    title: str, soldiers: tuple[tuple[str, str], ...], taken: frozenset[str] = frozenset()
) -> Mapping[str, str]:
    """Each soldier's surname, ``soldiers`` being (id, nation) in the order the sections were raised. A
    nation's list is shuffled by the title and the nation and dealt in that order, but for the names
    ``taken`` (a campaign's veterans, living and dead); a list that runs out deals again with a number
    ("Novak 2"), so no two soldiers share a name."""
    decks: dict[str, list[str]] = {}
    dealt: dict[str, int] = {}
    out: dict[str, str] = {}
    for fid, nation in soldiers:
        if nation not in decks:
            deck = list(SURNAMES.get(nation, SURNAMES["american"]))
            random.Random(zlib.crc32(f"{title}|{nation}".encode())).shuffle(deck)
            deck = [name for name in deck if name not in taken] or deck
            decks[nation], dealt[nation] = deck, 0
        deck, k = decks[nation], dealt[nation]
        out[fid] = deck[k % len(deck)] + (f" {k // len(deck) + 1}" if k >= len(deck) else "")
        dealt[nation] = k + 1
    return out


def soldier_names(game: ZombiekriegGame) -> Mapping[str, str]:
    """Every soldier's surname in this game (see :func:`surnames`): a campaign chapter's veterans keep
    theirs, and its new men are dealt names no veteran had."""
    carried: Mapping[str, str] = getattr(game, "carried_names", {})
    taken: frozenset[str] = getattr(game, "taken_names", frozenset())
    soldiers = tuple((f.id, f.nation) for f in game.state.figures.values() if not f.is_zombie)
    if not carried and not taken:
        return surnames(str(game.scenario.title), soldiers)
    new = tuple(s for s in soldiers if s[0] not in carried)
    return {**surnames(str(game.scenario.title), new, taken), **carried}


def name_of(game: ZombiekriegGame, f: Figure) -> str:
    """``Rifleman Novak``, ``Zombie 4``: a figure as the player reads him."""
    if f.is_zombie:
        return zombie_name(f.id)
    surname = soldier_names(game).get(f.id, f.id)
    return f"{ROLE_NAMES.get(f.role, f.role.capitalize())} {surname}"


def short_name(game: ZombiekriegGame, f: Figure) -> str:
    """``Rfn Novak``: the roster's narrower name."""
    if f.is_zombie:
        return zombie_name(f.id)
    return f"{SHORT_ROLE.get(f.role, f.role.capitalize())} {soldier_names(game).get(f.id, f.id)}"


def zombies_named(text: str) -> str:
    """``killed in melee by z2`` -> ``killed in melee by Zombie 2``."""
    return _ZOMBIE_ID.sub(lambda m: f"Zombie {int(m.group(1))}", text)


# who won, as the result says it (the rules' winner keys are "allies" and "zombies")
WINNERS = {"allies": "the Allies win", "zombies": "the zombies win"}
# a reason's opening words that read on in lower case after the dash (a name or "NCO" keeps its capital)
_PLAIN_OPENINGS = frozenset({"A", "An", "Every", "No", "The", "Too"})


def winner_words(winner: str | None) -> str:
    """``Game over: the Allies win`` (the top bar's words; ``Game over`` when nobody won)."""
    who = WINNERS.get(winner or "", f"the {winner} win" if winner else "")
    return f"Game over: {who}" if who else "Game over"


def result_words(winner: str | None, reason: str) -> str:
    """The result as a sentence: who won, then why (``reason`` in the player's words).

    >>> result_words("allies", "Every zombie of Abteilung 848 is dead.")
    'Game over: the Allies win \u2014 every zombie of Abteilung 848 is dead.'
    >>> result_words("zombies", "Rifleman Novak holds nothing.")
    'Game over: the zombies win \u2014 Rifleman Novak holds nothing.'
    >>> result_words(None, "")
    'Game over.'
    """
    head = winner_words(winner)
    return f"{head} \u2014 {reason_read_on(reason)}" if reason else head + "."


def reason_read_on(reason: str) -> str:
    """The reason as it reads on after the result's dash: ``Every zombie`` -> ``every zombie``."""
    first, _, rest = reason.partition(" ")
    return f"{first.lower()} {rest}".rstrip() if first in _PLAIN_OPENINGS else reason


def player_words(game: ZombiekriegGame, text: str) -> str:
    """A text from the rules (a roll's purpose or meaning, a cause, a reason) with every figure's id replaced
    by his name: ``us1-r4 starts with GUTS 6`` -> ``Rifleman Novak starts with GUTS 6``."""
    if not text:
        return text
    figures = game.state.figures
    names = {fid: name_of(game, figures[fid]) for fid in soldier_names(game)}
    return zombies_named(swap_ids(text, names))
