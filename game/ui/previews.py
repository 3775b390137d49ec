"""What the rules computed, drawn: the selected figure's reach and each previewed action.

Every function turns rules data (a figure, a :class:`~game.rules.core.Preview`, the table's
line of sight) into overlays; nothing here decides a rule. Styles never rely on colour alone:
solid / dashed / dotted lines, icons and words.

>>> need_text(8, {"critical_success": 5 / 36, "success": 21 / 36})
'Need 2D6 <= 8: 72% (crit 14%)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.ui.overlays import Arc, Circle, Cross, Icon, Label, Line, Overlay

Point = tuple[float, float]

MOVE_COLOUR = (240, 230, 200)
COMMAND_COLOUR = (110, 200, 240)
RANGE_COLOUR = (240, 150, 90)
PATH_COLOUR = (250, 240, 200)
CLUTTER_COLOUR = (150, 235, 110)
BAD_COLOUR = (245, 85, 65)
SIGHT_COLOUR = {"clear": (250, 240, 200), "obscured": (240, 200, 90), "blocked": (245, 85, 65)}
SIGHT_STYLE = {"clear": "solid", "obscured": "dashed", "blocked": "dotted"}
SIGHT_ICON = {"clear": "icons.los_clear", "obscured": "icons.los_obscured", "blocked": "icons.los_blocked"}
PLATE = {"plate": True, "size": 20, "anchor": "bottomleft", "offset": (20, -16)}  # above right of the point


def pct(p: float) -> str:
    return f"{round(100 * p)}%"


def need_text(modified_guts: int, chances: dict[str, float]) -> str:
    """The number to roll and the chance of success, e.g. ``Need 2D6 <= 8: 72% (crit 14%)``."""
    crit = chances.get("critical_success", 0.0)
    ok = crit + chances.get("success", 0.0)
    return f"Need 2D6 <= {modified_guts}: {pct(ok)} (crit {pct(crit)})"


def guts_text(guts: int, modifiers: Sequence[dict[str, Any]], modified: int) -> str:
    """``GUTS 9 +1 short range -1 obscured = 9`` (just ``GUTS 9`` without modifiers)."""
    if not modifiers:
        return f"GUTS {guts}"
    mods = " ".join(f"{m['value']:+d} {m['reason']}" for m in modifiers)
    return f"GUTS {guts} {mods} = {modified}"


# ---- the selected figure ---------------------------------------------------------------------


def selection_overlays(
    game: Any, fid: str, position: Point, facing: float, actions: Sequence[str] | None = None
) -> list[Overlay]:
    """Move allowance (dashed), command radius (dotted), front arc out to long range, short-range rim.
    ``actions`` is ``game.actions_for(fid)`` when the caller already has it."""
    f = game.figure(fid)
    out: list[Overlay] = []
    if f.is_zombie or not f.on_table:
        return out
    if actions is None:
        actions = game.actions_for(fid)
    move = float(game.data.house("move_distance"))
    if "move" in actions or not f.acted_this_turn:
        out.append(Circle(position, move, MOVE_COLOUR, "dashed", 2, f'MOVE {move:g}"'))
    if f.is_nco:
        reach = game.data.command_range(f.role)
        # the ring where a soldier's base just comes in: edge-to-edge reach plus both radii (a section's bases match)
        out.append(Circle(position, reach + 2 * f.radius, COMMAND_COLOUR, "dotted", 2, f'ORDER {reach:g}"'))
    try:
        w = game.data.weapon(f.weapon)
    except (KeyError, AttributeError):
        return out
    out.append(
        Arc(
            position,
            w.range + f.radius,
            facing,
            180.0,
            RANGE_COLOUR,
            "solid",
            1,
            f'{w.name}: long {w.range:g}" ({w.long_mod:+d})',
        )
    )
    out.append(
        Arc(
            position,
            w.short + f.radius,
            facing,
            180.0,
            RANGE_COLOUR,
            "dashed",
            1,
            f'short {w.short:g}" ({w.short_mod:+d})',
            wedge=False,
        )
    )
    return out


# ---- previews ---------------------------------------------------------------------------------


def _clutter_runs(table: Any, points: Sequence[Point], step: float = 0.2) -> list[list[Point]]:
    """The stretches of a path that lie in clutter (sampled along it; geometry only)."""
    runs: list[list[Point]] = []
    current: list[Point] = []
    for a, b in zip(points, points[1:]):
        n = max(1, int(math.dist(a, b) / step))
        for i in range(n + 1):
            p = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
            if table.in_clutter(p):
                current.append(p)
            elif current:
                runs.append(current)
                current = []
    if current:
        runs.append(current)
    return [r for r in runs if len(r) >= 2]


def move_overlays(
    game: Any, fid: str, requested: Sequence[Point], preview: Any, face_toward: Point | None = None
) -> list[Overlay]:
    """A move's path: the legal part solid, clutter dotted with 1D6", the blocked rest dashed red with an X."""
    requested = [tuple(p) for p in requested]
    out: list[Overlay] = []
    if not preview.legal:
        out.append(Line(tuple(requested), BAD_COLOUR, "dashed", 2))
        out.append(Cross(requested[-1]))
        out.append(Label(requested[-1], f"Cannot move: {preview.reason}", BAD_COLOUR, **PLATE))
        return out
    d = preview.details
    legal = [tuple(p) for p in d.get("points", [])] or requested[:1]
    out.append(Line(tuple(legal), (20, 20, 16), "solid", 6))  # a dark edge so the path reads on any ground
    out.append(Line(tuple(legal), PATH_COLOUR, "solid", 3))
    if d.get("enters_clutter"):
        for run in _clutter_runs(game.table, legal):
            out.append(Line(tuple(run), CLUTTER_COLOUR, "dotted", 4))
        out.append(Icon(legal[-1], "icons.clutter", 22))
    lines = []
    if d.get("blocked_at") is not None:
        stop = tuple(d["blocked_at"])
        rest = [stop, *requested[max(1, len(legal) - 1) :]]
        if len(rest) >= 2 and math.dist(rest[0], rest[-1]) > 0.05:
            out.append(Line(tuple(rest), BAD_COLOUR, "dashed", 2))
        out.append(Cross(stop))
        lines.append(f"Stops here: {d.get('blocked_by') or 'blocked'}")
    length = float(d.get("length", 0.0))
    head = f'MOVE {length:.1f}"'
    if d.get("enters_clutter"):
        head += ' - enters clutter: only 1D6" (rolled after the test)'
    lines.insert(0, head)
    lines.append(guts_text(d.get("guts", 0), d.get("modifiers", []), d.get("modified_guts", 0)))
    lines.append(need_text(d.get("modified_guts", 0), preview.chances))
    lines.append("Fail: he stays put.  Drag to face a way." if face_toward is None else "Facing set by the drag.")
    if face_toward is not None:
        out.append(Line((legal[-1], face_toward), MOVE_COLOUR, "solid", 2, "face"))
    out.append(Label(legal[-1], "\n".join(lines), PATH_COLOUR, **PLATE))
    return out


def fire_overlays(game: Any, fid: str, tid: str, preview: Any, geometry: dict[str, Any]) -> list[Overlay]:
    """The sight line (solid clear / dashed obscured / dotted blocked, with an icon and a word), and the odds."""
    f, t = game.figure(fid), game.figure(tid)
    sight = geometry.get("sight", "clear")
    end = tuple(geometry["blocked_at"]) if sight == "blocked" and geometry.get("blocked_at") else t.position
    colour = SIGHT_COLOUR.get(sight, PATH_COLOUR)
    word = {
        "clear": "CLEAR",
        "obscured": "OBSCURED -1",
        "blocked": f"BLOCKED by {geometry.get('blocked_by') or 'terrain'}",
    }.get(sight, sight.upper())
    out: list[Overlay] = [
        Line((f.position, end), (20, 20, 16), "solid", 5),
        Line((f.position, end), colour, SIGHT_STYLE.get(sight, "solid"), 3),
    ]
    if sight == "blocked":
        out.append(Cross(end))
    mid = ((f.position[0] + end[0]) / 2, (f.position[1] + end[1]) / 2)
    out.append(Icon(mid, SIGHT_ICON.get(sight, "icons.los_clear"), 30))
    band = geometry.get("band", "")
    lines = [
        f"FIRE at zombie {tid}: {word}",
        f'{geometry.get("distance", 0.0):.1f}" - {band} range'
        + ("" if geometry.get("in_range", True) else " (OUT OF RANGE)"),
    ]
    if preview.legal:
        d = preview.details
        lines[1] += "".join(f" ({m['value']:+d})" for m in d.get("modifiers", []) if "range" in m["reason"])
        lines.append(guts_text(d.get("guts", 0), d.get("modifiers", []), d.get("modified_guts", 0)))
        lines.append(need_text(d.get("modified_guts", 0), preview.chances))
        shots = d.get("shots", [])
        effects = shots[0].get("effects", {}) if shots else {}
        if effects:
            lines.append(
                f"Crit: {effects.get('critical_success')} - Success: {effects.get('success')} - Crit fail: GUTS -1"
            )
        if len(shots) > 1:
            lines.append(f"{len(shots)} shots, each its own test")
            second = shots[1]
            if second["target"] != shots[0]["target"]:  # an LMG's second shot at a zombie near the first
                t2 = game.figure(second["target"]).position
                out.append(
                    Line(
                        (f.position, t2),
                        SIGHT_COLOUR.get(second["sight"], PATH_COLOUR),
                        SIGHT_STYLE.get(second["sight"], "solid"),
                        2,
                    )
                )
                lines.append(
                    f"2nd shot at zombie {second['target']}: {second['sight'].upper()}, "
                    f"need 2D6 <= {second['modified_guts']}"
                )
        text_colour = colour if sight != "blocked" else PATH_COLOUR
    else:
        lines.append(f"Cannot fire: {preview.reason}")
        text_colour = BAD_COLOUR
    out.append(Label(t.position, "\n".join(lines), text_colour, **PLATE))
    return out


def order_overlays(game: Any, fid: str, tid: str, preview: Any) -> list[Overlay]:
    f, t = game.figure(fid), game.figure(tid)
    out: list[Overlay] = [Line((f.position, t.position), COMMAND_COLOUR, "dotted", 3)]
    if preview.legal:
        d = preview.details
        lines = [
            f"ORDER {tid}: +2 GUTS for his MOVE or FIRE" + (" (free ORDER)" if d.get("free") else ""),
            f'{d.get("distance", 0.0):.1f}" of {d.get("range", 0.0):g}" command range',
            guts_text(d.get("guts", 0), d.get("modifiers", []), d.get("modified_guts", 0)),
            need_text(d.get("modified_guts", 0), preview.chances),
        ]
        out.append(Label(t.position, "\n".join(lines), COMMAND_COLOUR, **PLATE))
    else:
        out.append(Cross(t.position))
        out.append(Label(t.position, f"Cannot ORDER: {preview.reason}", BAD_COLOUR, **PLATE))
    return out


def waypoint_overlays(path_so_far: Sequence[Point]) -> list[Overlay]:
    """Shift-clicked waypoints: the legs so far and a numbered mark at each."""
    out: list[Overlay] = []
    if len(path_so_far) >= 2:
        out.append(Line(tuple(path_so_far), PATH_COLOUR, "solid", 2))
    for i, p in enumerate(path_so_far[1:], start=1):
        out.append(Icon(p, "icons.waypoint", 22))
        out.append(Label(p, str(i), PATH_COLOUR, 18, anchor="bottomleft", offset=(8, -6)))
    return out
