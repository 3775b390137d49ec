"""What the rules computed, drawn: the rule set's drawing primitives as table overlays.

A rule set says what a mark is (:mod:`game.rules.drawing`: the legal part of a path, an obscured
sight line, a command ring, a plate with the odds); this module gives each kind its one look. Styles
never rely on colour alone: solid / dashed / dotted lines, icons and words. Nothing here decides a rule.

>>> from game.rules.drawing import Path, Sight
>>> [type(o).__name__ for o in overlays_of([Sight((0, 0), (5, 0), "obscured")])]
['Line', 'Line', 'Icon']
>>> overlays_of([Path(((0, 0), (2, 0)), "clutter")])[0].style
'dotted'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules import drawing as d
from game.ui.overlays import Arc, Circle, Cross, Icon, Label, Line, Overlay

Point = tuple[float, float]
Colour = tuple[int, int, int]

MOVE_COLOUR = (240, 230, 200)
COMMAND_COLOUR = (110, 200, 240)
RANGE_COLOUR = (240, 150, 90)
PATH_COLOUR = (250, 240, 200)
CLUTTER_COLOUR = (150, 235, 110)
BAD_COLOUR = (245, 85, 65)
FIGHT_COLOUR = (255, 170, 60)  # who fights whom in close combat: orange, apart from a grab's red
EDGE_COLOUR = (20, 20, 16)  # a dark edge under a line so it reads on any ground
SIGHT_COLOUR = {"clear": (250, 240, 200), "obscured": (240, 200, 90), "blocked": (245, 85, 65)}
SIGHT_STYLE = {"clear": "solid", "obscured": "dashed", "blocked": "dotted"}
SIGHT_ICON = {"clear": "icons.los_clear", "obscured": "icons.los_obscured", "blocked": "icons.los_blocked"}
PLATE = {"plate": True, "size": 20, "anchor": "bottomleft", "offset": (20, -16)}  # above right of the point
# a standing note's plate (a squad's coherency): it must not cover the table, but at 15 a newcomer could not read it
SMALL_PLATE_SIZE = 18
DETAIL_SIZE = 16  # a plate's lines after its lead: the lead reads first, the plate stays small

# path kind -> (colour, style, width); "legal" also gets the dark edge
PATH_STYLE: dict[str, tuple[Colour, str, int]] = {
    "legal": (PATH_COLOUR, "solid", 3),
    "route": (PATH_COLOUR, "dashed", 2),
    "clutter": (CLUTTER_COLOUR, "dotted", 4),
    "blocked": (BAD_COLOUR, "dashed", 2),
    "facing": (MOVE_COLOUR, "solid", 2),
    "command": (COMMAND_COLOUR, "dotted", 3),
    "threat": (BAD_COLOUR, "dotted", 2),
    "coherency": (MOVE_COLOUR, "solid", 1),  # thin: a squad's links, drawn under everything else it shows
    "grab": (BAD_COLOUR, "solid", 3),  # over the figures: the two bases touch, so a line under them hides
    "engaged": (FIGHT_COLOUR, "solid", 3),  # two enemies locked in close combat: over the figures, as a grab
}
# ring and arc kind -> (colour, style, width)
REACH_STYLE: dict[str, tuple[Colour, str, int]] = {
    "move": (MOVE_COLOUR, "dashed", 2),
    "command": (COMMAND_COLOUR, "dotted", 2),
    "range": (RANGE_COLOUR, "solid", 1),
    "range_short": (RANGE_COLOUR, "dashed", 1),
    "danger": (BAD_COLOUR, "dotted", 2),
    "spot": ((200, 200, 240), "dashed", 1),
    "in_sight": (SIGHT_COLOUR["clear"], "solid", 2),  # round each zombie he could shoot now
}
AREA_STYLE: dict[str, tuple[Colour, str, int]] = {
    "blast": (BAD_COLOUR, "solid", 3),
    "scatter": (BAD_COLOUR, "dashed", 2),
    "generation": ((200, 120, 200), "dotted", 2),
    "charge": (COMMAND_COLOUR, "dashed", 2),
    "zone": (MOVE_COLOUR, "dotted", 2),
}
PLATE_COLOUR: dict[str, Colour] = {
    "path": PATH_COLOUR,
    "bad": BAD_COLOUR,
    "command": COMMAND_COLOUR,
    "sight_clear": SIGHT_COLOUR["clear"],
    "sight_obscured": SIGHT_COLOUR["obscured"],
    "info": MOVE_COLOUR,
}


def overlays_of(primitives: Iterable[d.Primitive]) -> list[Overlay]:
    """Each primitive in its one look, in the order given."""
    out: list[Overlay] = []
    for p in primitives:
        out.extend(_overlay(p))
    return out


def _overlay(p: d.Primitive) -> list[Overlay]:
    if isinstance(p, d.Path):
        colour, style, width = PATH_STYLE.get(p.kind, (PATH_COLOUR, "solid", 2))
        if p.kind in ("grab", "engaged"):  # over the figures, with the dark edge: it crosses both tokens
            pts = tuple(p.points)
            return [Line(pts, EDGE_COLOUR, "solid", 6, over=True), Line(pts, colour, style, width, over=True)]
        line = Line(tuple(p.points), colour, style, width, p.label)
        return [Line(tuple(p.points), EDGE_COLOUR, "solid", 6), line] if p.kind == "legal" else [line]
    if isinstance(p, d.Sight):
        colour, style = SIGHT_COLOUR.get(p.state, PATH_COLOUR), SIGHT_STYLE.get(p.state, "solid")
        if p.secondary:
            return [Line((p.start, p.end), colour, style, 2)]
        mid = ((p.start[0] + p.end[0]) / 2, (p.start[1] + p.end[1]) / 2)
        return [
            Line((p.start, p.end), EDGE_COLOUR, "solid", 5),
            Line((p.start, p.end), colour, style, 3),
            Icon(mid, SIGHT_ICON.get(p.state, "icons.los_clear"), 30),
        ]
    if isinstance(p, d.Ring):
        colour, style, width = REACH_STYLE.get(p.kind, (MOVE_COLOUR, "dashed", 2))
        return [Circle(p.centre, p.radius, colour, style, width, p.label)]
    if isinstance(p, d.Arc):
        colour, style, width = REACH_STYLE.get(p.kind, (RANGE_COLOUR, "solid", 1))
        return [Arc(p.centre, p.radius, p.facing, p.spread, colour, style, width, p.label, wedge=p.wedge)]
    if isinstance(p, d.Area):
        colour, style, width = AREA_STYLE.get(p.kind, (MOVE_COLOUR, "dotted", 2))
        out: list[Overlay] = []
        if p.points:
            out.append(Line((*p.points, p.points[0]), colour, style, width))
        if p.radius > 0:
            out.append(Circle(p.centre, p.radius, colour, style, width))
        if p.label:
            out.append(Label(p.centre, p.label, colour, 18))
        return out
    if isinstance(p, d.Cross):
        return [Cross(p.position)]
    if isinstance(p, d.Icon):
        return [Icon(p.position, p.sprite, p.size)]
    if isinstance(p, d.Plate):
        look = {**PLATE, "size": SMALL_PLATE_SIZE} if p.small else PLATE
        look = {**look, "detail_size": DETAIL_SIZE} if p.lead and not p.small else look
        return [Label(p.position, p.text, PLATE_COLOUR.get(p.tone, PATH_COLOUR), **look)]  # type: ignore[arg-type]
    return []


def waypoint_overlays(path_so_far: Sequence[Point]) -> list[Overlay]:
    """Shift-clicked waypoints: the legs so far and a numbered mark at each."""
    out: list[Overlay] = []
    if len(path_so_far) >= 2:
        out.append(Line(tuple(path_so_far), PATH_COLOUR, "solid", 2))
    for i, p in enumerate(path_so_far[1:], start=1):
        out.append(Icon(p, "icons.waypoint", 22))
        out.append(Label(p, str(i), PATH_COLOUR, 18, anchor="bottomleft", offset=(8, -6)))
    return out
