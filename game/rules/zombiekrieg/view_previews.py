"""Zombiekrieg's previews as drawing primitives: the selected soldier's reach and each action's plate.

Nothing here decides a rule: it draws what :mod:`.preview` computed (paths, sight, modifiers, odds).

>>> need_text(8, {"critical_success": 5 / 36, "success": 21 / 36})
'Need 2D6 <= 8: 72% (crit 14%)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.rules.contract import Look
from game.rules.drawing import Arc, Cross, Icon, Path, Plate, Point, Primitive, Ring, Sight
from game.rules.kit import group_move
from game.rules.percent import percent
from game.rules.routing import stops_here
from game.rules.zombiekrieg import order, second_shot
from game.rules.zombiekrieg.commands import Fire, Move, MoveSection, Order
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.names import name_of, player_words, zombie_name
from game.rules.zombiekrieg.preview import fire_geometry
from game.table.wording import in_words

pct = percent  # (every rule set's odds read alike)


def down_words(zombie: str) -> str:
    """What a shot at a zombie already down can do (rules: FIRE [seed]): only a Critical Success affects him.

    >>> down_words("Zombie 4")
    'Zombie 4 is already down: only a Critical Success (a double) kills him; a plain success does nothing'
    """
    return f"{zombie} is already down: only a Critical Success (a double) kills him; a plain success does nothing"


def down_question(zombie: str) -> str:
    """The question a FIRE at a fallen zombie asks before it spends the action."""
    return f"{down_words(zombie)}. Click again to fire."


def _namer(game: ZombiekriegGame) -> Any:
    """A figure's name for :func:`in_words`: his rank and name, as the log and the roster say him."""
    return lambda fid: name_of(game, game.figure(fid))


def need_text(modified_guts: int, chances: dict[str, float]) -> str:
    """The number to roll and the chance of success, e.g. ``Need 2D6 <= 8: 72% (crit 14%)``."""
    crit = chances.get("critical_success", 0.0)
    ok = crit + chances.get("success", 0.0)
    return f"Need 2D6 <= {modified_guts}: {pct(ok)} (crit {pct(crit)})"


def risk_text(chances: dict[str, float]) -> str:
    """The critical failure's chance and its cost: ``Crit fail 3%: GUTS -1 for good``."""
    return f"Crit fail {pct(chances.get('critical_failure', 0.0))}: GUTS -1 for good"


def at_least(total: float, dice: int) -> float:
    """The chance that ``dice`` D6 add up to ``total`` or more.

    >>> round(at_least(4, 1), 3), at_least(0.5, 1), at_least(7, 1)
    (0.5, 1.0, 0.0)
    """
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for t, n in ways.items():
            for face in range(1, 7):
                nxt[t + face] = nxt.get(t + face, 0) + n
        ways = nxt
    return sum(n for t, n in ways.items() if t >= total - 1e-9) / 6**dice


def guts_text(guts: int, modifiers: Sequence[dict[str, Any]], modified: int) -> str:
    """The GUTS the test is rolled against, then how it came to that (a newcomer read "GUTS 10 +2 ORDERed this
    turn" as GUTS 12 being ordered).

    >>> guts_text(9, [{"value": 1, "reason": "short range"}, {"value": -1, "reason": "obscured"}], 9)
    'GUTS 9 (9, +1 short range, -1 obscured)'
    >>> guts_text(9, [], 9)
    'GUTS 9'
    """
    if not modifiers:
        return f"GUTS {guts}"
    mods = ", ".join(f"{m['value']:+d} {m['reason']}" for m in modifiers)
    return f"GUTS {modified} ({guts}, {mods})"


# ---- the selected soldier ---------------------------------------------------------------------


def reach(game: ZombiekriegGame, fid: str, look: Look, actions: Sequence[str]) -> list[Primitive]:
    """Move allowance, command radius, front arc out to long range, short-range rim, and a ring round each
    zombie he could FIRE at now (a newcomer found them by hovering one zombie after another)."""
    f = game.figure(fid)
    out: list[Primitive] = []
    if f.is_zombie or not f.on_table or look.state != "standing":
        return out
    position, facing = look.position, look.facing
    move = game.data.house.move_distance
    if "move" in actions or not f.acted_this_turn:
        out.append(Ring(position, move, "move", f'MOVE {move:g}"'))
    if f.is_nco and order.nco_reason(game.world, f) is None:  # a Corporal orders only once his Sergeant is gone
        command = game.data.command_range(f.role)
        # the ring where a soldier's base just comes in: edge-to-edge reach plus both radii (a section's bases match)
        out.append(Ring(position, command + 2 * f.radius, "command", f'ORDER {command:g}"'))
    if "fire" in actions:
        for tid in game.fire_targets(fid):
            t = game.figure(tid)
            out.append(Ring(t.position, t.radius + 0.3, "in_sight"))
    try:
        w = game.data.weapon(f.weapon)
    except (KeyError, AttributeError):
        return out
    out.append(
        Arc(position, w.range + f.radius, facing, 180.0, "range", f'{w.name}: long {w.range:g}" ({w.long_mod:+d})')
    )
    out.append(
        Arc(
            position,
            w.short + f.radius,
            facing,
            180.0,
            "range_short",
            f'short {w.short:g}" ({w.short_mod:+d})',
            False,
        )
    )
    return out


# ---- previews ------------------------------------------------------------------------------------


def drawing(game: ZombiekriegGame, cmd: Any, preview: Any, face_toward: Point | None = None) -> list[Primitive]:
    """A command's preview on the table, by its class: a move's path, a shot's line and odds, an ORDER's."""
    if isinstance(cmd, Move):
        requested = [game.figure(cmd.figure).position, *cmd.path]
        return move_drawing(game, requested, preview, face_toward)
    if isinstance(cmd, Fire):
        return fire_drawing(
            game,
            cmd.figure,
            cmd.target,
            preview,
            fire_geometry(game.world, cmd.figure, cmd.target),
            # chosen by Shift-click, not the plain click's plan (second_shot.py)
            picked=cmd.second_target not in (None, second_shot.second_target(game, cmd.figure, cmd.target)),
        )
    if isinstance(cmd, Order):
        return order_drawing(game, cmd.figure, cmd.target, preview)
    if isinstance(cmd, MoveSection):
        return section_drawing(game, cmd, preview)
    return []


def _clutter_runs(table: Any, points: Sequence[Point], step: float = 0.05) -> list[list[Point]]:
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


def _clutter_marks(game: ZombiekriegGame, legal: Sequence[Point], dice: int) -> tuple[list[Primitive], str]:
    """The stretches of a move in clutter, each saying what it is and what it costs where the player looks
    (``Bocage hedge: 1D6"``), the clutter icon at the end, and the clutter's names for the plate."""
    runs = _clutter_runs(game.table, legal)
    out: list[Primitive] = [
        Path(tuple(run), "clutter", f'{piece_name(game.table, run)}: {dice}D6"') for run in runs
    ]
    out.append(Icon(legal[-1], "icons.clutter", 22))
    return out, " and ".join(clutter_names(game.table, runs)) or _grazed(game.table, legal)


def _grazed(table: Any, points: Sequence[Point], step: float = 0.05) -> str:
    """The name of the clutter a path only grazes (along its edge, too thin a stretch to draw), or "clutter"."""
    for a, b in zip(points, points[1:]):
        n = max(1, int(math.dist(a, b) / step))
        for i in range(n + 1):
            x, y = a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n
            for q in ((x, y + step), (x, y - step), (x + step, y), (x - step, y)):
                pieces = table.clutter_at(q)
                if pieces:
                    return str(pieces[0].name or pieces[0].kind)
    return "clutter"


def piece_name(table: Any, run: Sequence[Point]) -> str:
    """The name of the clutter a stretch of path runs through, from its middle: ``Bocage hedge``."""
    pieces = table.clutter_at(run[len(run) // 2])
    return str(pieces[0].name or pieces[0].kind) if pieces else "clutter"


def clutter_names(table: Any, runs: Sequence[Sequence[Point]]) -> list[str]:
    """The clutter a path's stretches run through, each named once, in the order walked."""
    names: list[str] = []
    for run in runs:
        name = piece_name(table, run)
        if name not in names:
            names.append(name)
    return names


def move_drawing(
    game: ZombiekriegGame, requested: Sequence[Point], preview: Any, face_toward: Point | None = None
) -> list[Primitive]:
    """A move's path: the legal part, clutter with 1D6", the blocked rest with an X, and the plate."""
    requested = [tuple(p) for p in requested]  # type: ignore[misc]
    out: list[Primitive] = []
    if not preview.legal:
        out.append(Path(tuple(requested), "blocked"))
        out.append(Cross(requested[-1]))
        out.append(Plate(requested[-1], f"Cannot move: {player_words(game, preview.reason)}", "bad"))
        return out
    d = preview.details
    legal = [tuple(p) for p in d.get("points", [])] or requested[:1]
    out.append(Path(tuple(legal), "legal"))  # type: ignore[arg-type]
    dice = game.data.house.clutter_move_dice
    slow = ""
    if d.get("enters_clutter"):
        marks, slow = _clutter_marks(game, legal, dice)  # type: ignore[arg-type]
        out += marks
    lines = []
    exits = d.get("exits")
    if exits:
        lines.append(f"Leaves the table by the exit ({exits['out']} of {exits['needed']} out)")
    elif d.get("blocked_at") is not None:
        stop = tuple(d["blocked_at"])
        rest = [stop, *requested[max(1, len(legal) - 1) :]]
        far = d.get("blocked_by") == "move allowance"  # nothing in the way: the pointer is just beyond his 6"
        if len(rest) >= 2 and math.dist(rest[0], rest[-1]) > 0.05:
            out.append(Path(tuple(rest), "route" if far else "blocked"))  # type: ignore[arg-type]
        if far:
            toward = "the pointer" if face_toward is None else "where the drag began"  # (the pointer: his facing)
            lines.append(f'His whole move toward {toward}, {float(d.get("requested_length", 0.0)):.1f}" away')
        else:
            out.append(Cross(stop))  # type: ignore[arg-type]
            lines.append(stops_here(in_words(d.get("blocked_by") or "", _namer(game))))
    length = float(d.get("length", 0.0))
    head = f'MOVE {length:.1f}"'
    if (
        face_toward is not None
    ):  # a drag to face: what letting go does, in words (it read as a move to the pointer)
        faces = facing_words(game, legal[-1], face_toward)  # type: ignore[arg-type]
        head = f"MOVE: turns to face {faces}" if len(legal) < 2 else f'MOVE: moves {length:.1f}" and faces {faces}'
    lines.insert(0, head)
    if d.get("enters_clutter"):
        head += f" through the {slow}"
        full = game.data.house.move_distance
        lines[0:1] = [head, f'The {slow} slows him: only {dice}D6", not {full:g}" (rolled after the test)']
    lines.append(guts_text(d.get("guts", 0), d.get("modifiers", []), d.get("modified_guts", 0)))
    lines.append(need_text(d.get("modified_guts", 0), preview.chances))
    if d.get("enters_clutter"):  # the real question: will he get where I point?
        success = preview.chances.get("critical_success", 0.0) + preview.chances.get("success", 0.0)
        reach = success * at_least(length, dice)
        lines.append(f'Reaches the pointer: {pct(reach)} (a success, then {dice}D6 >= {length:.1f}")')
    lines.append(risk_text(preview.chances))
    lines.append(
        "Fail: he stays put.  Drag to face a way."
        if face_toward is None
        else "Fail: he stays put, facing as he was."
    )
    if face_toward is not None:
        out.append(Path((legal[-1], face_toward), "facing", "face"))  # type: ignore[arg-type]
    out.append(Plate(legal[-1], "\n".join(lines), "path"))  # type: ignore[arg-type]
    return out


def facing_words(game: ZombiekriegGame, at: Point, toward: Point) -> str:
    """Which way a drag turns a figure standing at ``at``: the figure dragged onto (his name), else the way on the
    screen ("up the table", "to the right")."""
    for f in game.figures:
        if f.on_table and math.dist(f.position, toward) <= f.radius + 0.2 and math.dist(f.position, at) > 0.05:
            return name_of(game, f)
    dx, dy = toward[0] - at[0], toward[1] - at[1]
    if abs(dx) >= 2 * abs(dy):
        return "right" if dx > 0 else "left"
    if abs(dy) >= 2 * abs(dx):
        return "down the table" if dy > 0 else "up the table"
    return ("down" if dy > 0 else "up") + " and " + ("right" if dx > 0 else "left")


def section_question(game: ZombiekriegGame, preview: Any) -> str:
    """A section's move that leaves a soldier behind asks first: who stays, and that a second click moves the rest."""
    steps = preview.details["steps"]
    return group_move.stays_question(steps, _namer(game), lambda why: player_words(game, why), "move")


def _left_out(game: ZombiekriegGame, cmd: MoveSection) -> str:
    """`` (Rossi and Miller have acted)``: the section's men on the table the move leaves out, by name."""
    moving = {fid for fid, _ in cmd.moves}
    player = game.figure(cmd.moves[0][0]).player
    out = [name_of(game, f) for f in game.state.section_of(player) if f.standing and f.id not in moving]
    if not out:
        return ""
    who = out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1]
    return f" ({who} {'has' if len(out) == 1 else 'have'} acted)"


def section_drawing(game: ZombiekriegGame, cmd: MoveSection, preview: Any) -> list[Primitive]:
    """A section's move: each soldier's way and a ring where he lands if his test succeeds, a cross on each who
    stays or stops short of his place; a plate with how many move, the odds and what clutter does."""
    if not preview.legal:
        f = game.figure(cmd.moves[0][0])
        return [Cross(f.position), Plate(f.position, f"Cannot move: {player_words(game, preview.reason)}", "bad")]
    d = preview.details
    out, spot, short = group_move.marks(cmd.moves, game.figure, d["steps"])
    moving = [st for st in d["steps"] if not st["reason"]]
    lines = [f"MOVE SECTION: {d['moving']} of {len(d['steps'])} soldiers{_left_out(game, cmd)}"]
    chances = sorted(st["chance"] for st in moving)
    if chances:
        each = pct(chances[0]) if chances[0] == chances[-1] else f"{pct(chances[0])}-{pct(chances[-1])}"
        lines.append(f"Each tests his GUTS ({each}): about {round(d['expected'])} of {len(moving)} should pass")
    lines.append("A fail stays put. Each spends his action: none of them fires this turn")
    slowed = sum(1 for st in moving if st["clutter"])
    if slowed:
        dice = game.data.house.clutter_move_dice
        lines.append(f'{slowed} through clutter: only {dice}D6" each (rolled after the test)')
    if short:
        lines.append(
            f"{short} stop{'s' if short == 1 else ''} short of {'his' if short == 1 else 'their'} place (X)"
        )
    question = section_question(game, preview)
    return [*out, Plate(spot, "\n".join(lines + ([question] if question else [])), "path")]


def fire_drawing(
    game: ZombiekriegGame, fid: str, tid: str, preview: Any, geometry: dict[str, Any], picked: bool = False
) -> list[Primitive]:
    """The sight line (clear / obscured / blocked, with the point it stops), and the odds. ``picked``: the first
    shot's zombie was Shift-clicked and the second's is being chosen."""
    f, t = game.figure(fid), game.figure(tid)
    sight = geometry.get("sight", "clear")
    end = tuple(geometry["blocked_at"]) if sight == "blocked" and geometry.get("blocked_at") else t.position
    word = {
        "clear": "CLEAR",
        "obscured": "OBSCURED -1",
        "blocked": f"BLOCKED by {in_words(geometry.get('blocked_by') or '', _namer(game)) or 'terrain'}",
    }.get(sight, sight.upper())
    out: list[Primitive] = [Sight(f.position, end, sight)]  # type: ignore[arg-type]
    if sight == "blocked":
        out.append(Cross(end))  # type: ignore[arg-type]
    band = geometry.get("band", "")
    lines = [
        f"FIRE at {zombie_name(tid)}: {word}",
        f'{geometry.get("distance", 0.0):.1f}" - '
        + (
            f"{band} range" if geometry.get("in_range", True) else "OUT OF RANGE"
        ),  # never "long range (OUT OF ..."
    ]
    if preview.legal:
        d = preview.details
        lines[1] += "".join(f" ({m['value']:+d})" for m in d.get("modifiers", []) if "range" in m["reason"])
        lines.append(guts_text(d.get("guts", 0), d.get("modifiers", []), d.get("modified_guts", 0)))
        shots = d.get("shots", [])
        effects = shots[0].get("effects", {}) if shots else {}
        if effects.get("success") == "no effect":  # a fallen zombie: only the critical that kills matters
            crit = preview.chances.get("critical_success", 0.0)
            lines.append(f"Kill (a double at most {d.get('modified_guts', 0)}): {pct(crit)}")
            said, what = down_words(zombie_name(tid)).split(": ", 1)  # two lines: one would cover the table
            lines += [said + ":", what]
        else:
            lines.append(need_text(d.get("modified_guts", 0), preview.chances))
        lines.append(risk_text(preview.chances))
        if effects:
            lines.append(
                f"Crit: {effects.get('critical_success')} - Success: {effects.get('success')} - Crit fail: GUTS -1"
            )
        if len(shots) > 1:
            lines += two_shots_lines(game, tid, shots, picked)
            second = shots[1]
            if second["target"] != shots[0]["target"]:  # an LMG's second shot at a zombie near the first
                t2 = game.figure(second["target"]).position
                out.append(Sight(f.position, t2, second["sight"], secondary=True))
                lines.append(
                    f"2nd shot at {zombie_name(second['target'])}: {second['sight'].upper()}, "
                    f"need 2D6 <= {second['modified_guts']}"
                )
        tone = {"clear": "sight_clear", "obscured": "sight_obscured"}.get(sight, "path")
    else:
        lines.append(f"Cannot fire: {player_words(game, preview.reason)}")
        tone = "bad"
    out.append(Plate(t.position, "\n".join(lines), tone))  # type: ignore[arg-type]
    return out


def two_shots_lines(
    game: ZombiekriegGame, tid: str, shots: list[dict[str, Any]], picked: bool = False
) -> list[str]:
    """A weapon that fires twice: both shots at the zombie clicked, unless split (rules: FIRE, Weapons). A newcomer's
    BAR sent both at one zombie, the second wasted once the first knocked him down, and nothing said how to split.
    Once the split is begun (``picked``), what the next click does: the plate still said "Shift-click to split"."""
    if shots[1]["target"] != shots[0]["target"]:
        if picked:  # the player chose it
            return [f"{len(shots)} shots, each its own test"]
        why = f"{zombie_name(tid)} is down" if not game.figure(tid).standing else "a nearer zombie"
        return [
            f"{len(shots)} shots, each its own test; the 2nd at {zombie_name(shots[1]['target'])}",
            f"({why}): Shift-click to choose the 2nd",
        ]
    radius = game.data.house.lmg_second_shot_radius
    if picked:
        return [
            f"1st shot at {zombie_name(tid)}; this click sends the 2nd at him too,",
            f'or click the 2nd zombie within {radius:g}" of him',
        ]
    return [
        f"{len(shots)} shots at {zombie_name(tid)}, each its own test:",
        "once he is down, the 2nd kills only on a double",
        f'Shift-click to split the shots (2nd within {radius:g}")',
    ]


def order_drawing(game: ZombiekriegGame, fid: str, tid: str, preview: Any) -> list[Primitive]:
    f, t = game.figure(fid), game.figure(tid)
    out: list[Primitive] = [Path((f.position, t.position), "command")]
    if preview.legal:
        d = preview.details
        lines = [
            f"ORDER {name_of(game, t)}: +2 GUTS for his MOVE or FIRE" + (" (free ORDER)" if d.get("free") else ""),
            f'{d.get("distance", 0.0):.1f}" of {d.get("range", 0.0):g}" command range',
            guts_text(d.get("guts", 0), d.get("modifiers", []), d.get("modified_guts", 0)),
            need_text(d.get("modified_guts", 0), preview.chances),
            risk_text(preview.chances),
            "Fail: no +2 for him" + ("" if d.get("free") else ", and this NCO's action is spent"),
        ]
        out.append(Plate(t.position, "\n".join(lines), "command"))
    else:
        out.append(Cross(t.position))
        out.append(Plate(t.position, f"Cannot ORDER: {player_words(game, preview.reason)}", "bad"))
    return out
