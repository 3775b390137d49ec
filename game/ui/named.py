"""The models the words on screen name, marked on the table: a plate, a notice, the status line and the hovered
log line say "Ork Boy 4 cannot move" or "the way of Fire Warrior 7", and the table shows no names on single
models, only squad tags (a newcomer could not find Ork Boy 4). Each figure a shown text names by his full name,
as the rule set's view names him (``View.name``), gets a ring and a small tag with that name.

Reading the words decides no rule: the view says each figure's name, this finds those names in the text. A name
that several figures share (a horde's "Zombie") points at nobody and marks nobody.

>>> names = {"b4": "Ork Boy 4", "b41": "Ork Boy 41", "z1": "Zombie", "z2": "Zombie"}
>>> named_in(["<b>Ork Boy 4</b> cannot move: Zombie in the way"], names)
['b4']
>>> named_in(["Ork Boy 41 &amp; Ork Boy 4"], names)
['b41', 'b4']
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from game.ui.overlays import Label, Line, Overlay

Point = tuple[float, float]

NAMED_COLOUR = (255, 214, 90)  # the ring and tag of a named model: the notices' gold, brighter
MOST_NAMED = 4  # a line naming a whole squad marks none but its first few (the table stays readable)
RING_GAP = 0.15  # inches from the base's edge to the ring: round him, not round his neighbours
EDGE = (20, 20, 16)  # the dark edge under the ring: it reads on any ground and over any token
TAG_SIZE = 16  # points: a small tag beside the model, read once found
_TAG = re.compile(r"<[^>]*>")


def plain(text: str) -> str:
    """``text`` as read: without its markup (a log line's ``<b>``), its entities read (``&amp;`` is ``&``)."""
    return html.unescape(_TAG.sub("", text))


def named_in(texts: Iterable[str], names: Mapping[str, str]) -> list[str]:
    """The figures ``texts`` name, first named first (at most :data:`MOST_NAMED`): each figure of ``names`` (id ->
    name) whose name stands whole in a text ("Ork Boy 4" is not in "Ork Boy 41") and is his alone."""
    shared = Counter(names.values())
    found: list[tuple[int, int, str]] = []  # (which text, where in it, the figure)
    read = [plain(t) for t in texts if t]
    whole = "\n".join(read)
    for fid, name in names.items():
        if not name or shared[name] > 1 or name not in whole:  # (a horde's hundreds: most names are in no text)
            continue
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        hit = next(((i, m.start()) for i, t in enumerate(read) if (m := pattern.search(t))), None)
        if hit is not None:
            found.append((*hit, fid))
    return [fid for _, _, fid in sorted(found)[:MOST_NAMED]]


def named_marks(
    fids: Sequence[str], where: Mapping[str, tuple[Point, float]], names: Mapping[str, str]
) -> list[Overlay]:
    """A ring round each named figure and his name beside him, above first (``where``: id -> (centre, base
    radius), in inches), placed among the table's words so two names and a squad tag never print over each other
    ("GuardsGuardsman 4"), tied to him by a thin line when it had to stand off; the ring over the figures (under
    the tokens it hid under his neighbours' bases). A figure not on the table (not in ``where``) gets none."""
    out: list[Overlay] = []
    for fid in fids:
        if fid not in where:
            continue
        (x, y), radius = where[fid]
        ring = _ring((x, y), radius + RING_GAP)
        out += [Line(ring, EDGE, "solid", 6, over=True), Line(ring, NAMED_COLOUR, "solid", 3, over=True)]
        out.append(Label((x, y), names[fid], NAMED_COLOUR, TAG_SIZE, beside=radius + RING_GAP))
    return out


def _ring(centre: Point, radius: float, sides: int = 32) -> tuple[Point, ...]:
    """A closed ring of ``sides`` straight strokes round ``centre`` (a line, so it is drawn over the figures)."""
    x, y = centre
    return tuple(
        (x + radius * math.cos(2 * math.pi * k / sides), y + radius * math.sin(2 * math.pi * k / sides))
        for k in range(sides + 1)
    )
