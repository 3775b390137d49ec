"""What a player calls a model or a unit: "Guardian 3", "Sergeant", "Zombie 7 (Horde 2)", "the Zombie Boss",
"Ork Boyz" (or "Ork Boyz (player 3)" when two players field the same squad), never the ids the rules keep
(``p2-3``, ``h2-7``, ``boss``).

A model is named by its profile and its place among the models of that name in the unit it started in, so a
name never changes during a game: a model dead, respawned or risen into a horde (Dead Men Walking) keeps it.
A sergeant, and a model alone in its unit, go without a number. A name two models would share across the
game (every horde has a Zombie 3; two squads may each have a Sergeant) says whose in brackets, and so does a
model a power-up brought in ("Ork Boy 1 (Strike Team)"), so that his coming renames nobody.

>>> from game.rules.zombie40k.testing import small_scenario
>>> from game.rules.zombie40k.game import new_game
>>> g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
>>> n = names_of(g)
>>> n.figure("p1-1"), n.figure("p1-3"), n.figure("h2-4"), n.figure("boss")
('Sergeant', 'Guardsman 2', 'Zombie 4 (Horde 2)', 'the Zombie Boss')
>>> n.unit("p1"), n.unit("h2"), n.side("player 1"), n.side("zombies")
('Infantry Squad', 'Horde 2', 'Infantry Squad', 'the zombies')
>>> n.text("p1-2 is killed (h2 close combat)")
'Guardsman 1 is killed (Horde 2 close combat)'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.numerals import whole
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.state import BOSS, SQUAD, ZOMBIES

WORD = re.compile(r"[A-Za-z0-9_-]+")  # an id is one such word: p2, p2-3, h1-10, boss


@dataclass(frozen=True)
class Names:
    """A game's names by id: its models' and its units'."""

    figures: dict[str, str]
    units: dict[str, str]
    players: dict[int, str]  # player -> his squad's name

    def figure(self, fid: str) -> str:
        return self.figures.get(fid, fid)

    def unit(self, uid: str) -> str:
        """A unit's name; the zombies as a whole (a shamble) are "the zombies"."""
        return "the zombies" if uid == ZOMBIES else self.units.get(uid, uid)

    def does(self, uid: str, verb: str) -> str:
        """A unit and what it does, the verb agreeing with the name: "Strike Team shoots", "Ork Boyz shoot"."""
        return agree(self.unit(uid), verb)

    def side(self, key: str) -> str:
        """A side in a fight (``player 2``, ``zombies``) by its squad's name, or "the zombies"."""
        seat = whole(key[7:], signed=False) if key.startswith("player ") else None
        if seat is not None:
            return self.players.get(seat, key)
        return "the zombies" if key == ZOMBIES else key

    def text(self, words: str) -> str:
        """Free words the rules wrote with ids in them (a cause, a purpose), with names for the ids."""
        return WORD.sub(lambda m: self.figures.get(m[0]) or self.units.get(m[0]) or m[0], words)


IRREGULAR = {"is": "are", "was": "were", "has": "have"}


def plural(name: str) -> bool:
    """Whether a unit's name is a plural ("Ork Boyz", "Guardian Defenders", "the zombies"); "(player 2)" aside."""
    word = name.split(" (")[0].split()[-1] if name.strip() else ""
    return word[-1:] in ("s", "z") and not word.endswith("ss")


def agree(name: str, verb: str) -> str:
    """``name`` then ``verb`` (written for one: "shoots at", "is destroyed"), for many when the name is a plural.

    >>> agree("Strike Team", "shoots at"), agree("Ork Boyz", "shoots at"), agree("Ork Boyz", "is near")
    ('Strike Team shoots at', 'Ork Boyz shoot at', 'Ork Boyz are near')
    >>> agree("Guardian Defenders", "pushes"), agree("the zombies", "wins")
    ('Guardian Defenders push', 'the zombies win')
    """
    if plural(name):
        first, _, rest = verb.partition(" ")
        if first in IRREGULAR:
            first = IRREGULAR[first]
        elif first.endswith(("ches", "shes", "sses", "xes")):
            first = first[:-2]
        elif first.endswith("s"):
            first = first[:-1]
        verb = f"{first} {rest}".strip()
    return f"{name} {verb}"


def unit_names(state: Any) -> dict[str, str]:
    """Each unit's name: a squad's own unless two players field the same one, then with the player's number."""
    squads = Counter(u.name for u in state.units.values() if u.kind == SQUAD)
    out = {}
    for u in state.units.values():
        if u.kind == BOSS:
            out[u.id] = f"the {u.name}"
        elif u.kind == SQUAD and squads[u.name] > 1:
            out[u.id] = f"{u.name} (player {u.player})"
        else:
            out[u.id] = str(u.name)
    return out


def home_unit(fid: str) -> str:
    """The unit a model started in: its id's head (``p2`` of ``p2-3``)."""
    return fid.rsplit("-", 1)[0]


def _number(fid: str) -> int:
    return whole(fid.rsplit("-", 1)[-1], signed=False) or 0


def _base(game: Zombie40kGame, m: Any, home: Any) -> str:
    """A model's name before any number: its profile's ("Ork Boy" for the power-up's Ork Boy), a horde's
    zombies "Zombie" whatever the mods made of them."""
    if home is not None and home.side == ZOMBIES and home.kind != BOSS:
        return "Zombie"
    return str(game.data.profile(m.profile).name).split(" (")[0]


def figure_names(game: Zombie40kGame, units: dict[str, str]) -> dict[str, str]:
    """Every model's name (see the module's words)."""
    st = game.state
    ordered = sorted(st.models.values(), key=lambda m: (home_unit(m.id), _number(m.id), m.id))
    base = {m.id: _base(game, m, st.units.get(home_unit(m.id))) for m in ordered}
    same = Counter((home_unit(f), b) for f, b in base.items())
    seen: Counter[tuple[str, str]] = Counter()
    plain: dict[str, str] = {}
    for m in ordered:
        home = st.units.get(home_unit(m.id))
        key = (home_unit(m.id), base[m.id])
        seen[key] += 1
        alone = m.sergeant or home is None or home.kind == BOSS or (same[key] == 1 and home.start_size == 1)
        plain[m.id] = base[m.id] if alone else f"{base[m.id]} {seen[key]}"
    # a model a power-up brought in ("Ork Boy (power-up)") says whose he is, so that his coming never
    # changes a name already read ("Ork Boy 1" of the Ork Boyz stays so when one joins the Strike Team)
    joined = {m.id for m in ordered if " (" in game.data.profile(m.profile).name and m.id not in base_zombies(st)}
    shared = Counter(name for fid, name in plain.items() if fid not in joined)
    out = {}
    for m in ordered:
        home = st.units.get(home_unit(m.id))
        if home is not None and home.kind == BOSS:
            out[m.id] = units[home.id]
        elif home is not None and (m.id in joined or shared[plain[m.id]] > 1):
            whose = units[home.id] if home.side == ZOMBIES or m.id in joined else f"player {home.player}"
            out[m.id] = f"{plain[m.id]} ({whose})"
        else:
            out[m.id] = plain[m.id]
    return out


def base_zombies(state: Any) -> set[str]:
    """The models that started in a horde or as the Boss (their profiles' brackets are the mods')."""
    return {f for f in state.models if (u := state.units.get(home_unit(f))) is not None and u.side == ZOMBIES}


_last: list[Any] = [None, (), None]  # the state last named, its model and unit ids, its Names (held: no id reuse)


def names_of(game: Zombie40kGame) -> Names:
    """The names of a game's models and units as they stand now (asked for every log line: kept until a
    model or a unit joins the game, the only change that can change a name)."""
    st = game.state
    which = (tuple(st.models), tuple(st.units))  # a test may swap models by hand
    if _last[0] is st and _last[1] == which:
        return _last[2]  # type: ignore[no-any-return]
    units = unit_names(st)
    players = {u.player: units[u.id] for u in st.units.values() if u.kind == SQUAD}
    figures = figure_names(game, units)
    chapter = getattr(game.world, "chapter", None)  # a campaign's veterans keep their names (veterans.py)
    if chapter is not None:
        figures.update({fid: v.name for fid, v in chapter.ids.items() if fid in figures})
    found = Names(figures, units, players)
    _last[:] = [st, which, found]
    return found


def capitalised(words: str) -> str:
    """A line starts with a capital even when it starts with a name such as "the Zombie Boss".

    >>> capitalised('<font color="#fff">the Zombie Boss is wounded</font>')
    '<font color="#fff">The Zombie Boss is wounded</font>'
    """
    return re.sub(r"^((?:<[^>]*>|\s)*)([a-z])", lambda m: m[1] + m[2].upper(), words, count=1)


COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")
DEGREES = re.compile(r"toward (\d+(?:\.\d+)?) deg")


def compass(degrees: float) -> str:
    """A direction on the table as a compass point, north at the top of the screen (0 degrees points east,
    90 down the screen).

    >>> compass(0), compass(90), compass(311), compass(174)
    ('east', 'south', 'north-east', 'west')
    """
    return COMPASS[round(degrees / 45) % 8]


def player_words(game: Zombie40kGame, text: str) -> str:
    """The rules' own words (a roll's meaning, a refusal, a cause) as a player reads them: names for ids,
    a compass point for an angle.

    >>> from game.rules.zombie40k.testing import small_scenario
    >>> from game.rules.zombie40k.game import new_game
    >>> g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
    >>> player_words(g, 'boss scatter: 4" toward 174 deg')
    'the Zombie Boss scatter: 4" toward the west'
    """
    text = DEGREES.sub(lambda m: f"toward the {compass(float(m[1]))}", text)
    return names_of(game).text(text) if game is not None else text
