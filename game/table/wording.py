"""What stopped a move or a sight line, in a player's words: the object's name, or its class when it has
none, never the map's internal ids.

The table names what blocked a line precisely for map designers and the rules (``"wall 7 'Garden
wall'"``, ``"building 13"``, ``"figure z1"``: see :func:`game.scenario.model.describe`); the screens and
the messages a player reads pass that through :func:`in_words`.

>>> in_words("wall 7 'Garden wall'"), in_words("building 13"), in_words("table edge")
('the Garden wall', 'a building', 'the table edge')
>>> in_words("figure us1-r3", lambda fid: f"Rifleman {fid}")
'Rifleman us1-r3'
"""

from __future__ import annotations

import re
from collections.abc import Callable

# "kind id 'name'" or "kind id" as game.scenario.model.describe writes a piece of terrain
_TERRAIN = re.compile(r"^(?P<kind>[A-Za-z_][\w ]*?) (?P<id>-?\d+)(?: '(?P<name>.*)')?$", re.DOTALL)
_FIXED = {"table edge": "the table edge", "move allowance": "the move allowance"}


def terrain_words(kind: str, name: str) -> str:
    """A piece of terrain as a player calls it: ``the Farmhouse``, or ``a wall`` when it has no name.

    >>> terrain_words("building", "Ferme Lemaire"), terrain_words("ruin", ""), terrain_words("wall", " ")
    ('the Ferme Lemaire', 'a ruin', 'a wall')
    >>> terrain_words("building", "Hank's Hardware")  # a name owned by someone takes no "the"
    "Hank's Hardware"
    """
    name = name.strip()
    if name:
        owned = re.match(r"^\S+'s\b", name) is not None
        return name if owned or name.lower().startswith(("the ", "le ", "la ", "les ", "l'")) else f"the {name}"
    kind = kind.replace("_", " ").strip() or "terrain"
    return f"an {kind}" if kind[0].lower() in "aeiou" else f"a {kind}"


def in_words(blocked_by: str, figure_name: Callable[[str], str] | None = None) -> str:
    """``blocked_by`` from the table (a Sight's or a PathCheck's) worded for a player.

    A figure is named by ``figure_name(figure id)`` (the rule set's name for him) or as his id; clutter
    and anything else the table says is kept as it is.

    >>> in_words("building 1 'Le Grand Bois'"), in_words("figure z1"), in_words('clutter (2.4" crossed)')
    ('Le Grand Bois', 'z1', 'clutter (2.4" crossed)')
    >>> in_words("")
    ''
    """
    text = blocked_by.strip()
    if text.startswith("figure "):
        fid = text[len("figure ") :]
        if figure_name is not None:
            try:
                return figure_name(fid)
            except (KeyError, LookupError, ValueError):
                return fid
        return fid
    if text in _FIXED:
        return _FIXED[text]
    m = _TERRAIN.match(text)
    if m is not None:
        return terrain_words(m["kind"], m["name"] or "")
    return text
