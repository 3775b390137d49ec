"""The race against the clock, in words (issue "club night", item 9): how far the exit is against the moves
left, and what happened in the quiet start before the players' first move.

Small Town gives ten moves for about 44" of walking; a spot, a shot or a breather on the way costs a move,
and a newcomer saw no sign of the escape slipping away. :func:`exit_words` says it on the objective line;
:func:`quiet_start_line` sums up the moves before the outbreak, which the rules play alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.rules.kit.exit_walk import walks
from game.rules.outbreak import events as ev
from game.rules.outbreak.campaign import PUT_DOWN
from game.rules.outbreak.game import OutbreakGame

_SAID: dict[tuple[Any, ...], str] = {}  # the last words for the same figures where they stood
_LAST: dict[int, str] = {}  # each game's last words: kept when too few are left to walk (the game is lost)
WARNING = "(!) "  # before words that warn (the top bar shows them in the warning colour)


def _nth(n: int) -> str:
    """The words before "nearest" for the ``n``-th nearest: "" for the first, "2nd ", "3rd ", "4th "...

    >>> [_nth(n) for n in (1, 2, 3, 4, 11, 21)]
    ['', '2nd ', '3rd ', '4th ', '11th ', '21st ']
    """
    if n <= 1:
        return ""
    end = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{end} "


def exit_words(game: OutbreakGame) -> str:
    """The walk to the exit against the moves left, short enough for the objective line:
    ``2nd nearest 44" from exit (8 moves) · 9 moves left`` (the second nearest character's walk, when two must get
    out), or ``(!) out of reach: 8 moves needed, 3 left`` when it cannot be walked in them (at 6" a move: "2nd
    nearest 30" from exit: 6 moves, 2 left" in the usual colour did not warn a newcomer). The walk is that of the
    character whose escape decides the game (the nearest ones, as many as must still get out), round walls and
    buildings. Empty when there is no exit; the last words when too few are left to walk it (the game is lost:
    the line kept its distance till then, and a newcomer saw it vanish as the last fight played)."""
    st = game.state
    walkers = [f for f in st.pcs() if f.on_table]
    return _walk_words(game, st.exit_count - st.escaped, walkers)


def rescue_words(game: OutbreakGame) -> str:
    """A rescue the distances rule out, by the escape's measure: ``(!) out of reach: 3 moves needed, 1 left``
    when the bystanders still to lead out are further from the exit than the moves left walk (a newcomer read
    "Rescue: 1/2 led out · 1 of 8 moves left" with the last bystander three moves away). Empty otherwise: the
    line keeps its moves left while the rescue can still be done."""
    st = game.state
    words = _walk_words(game, st.exit_count - st.rescued, [f for f in st.npcs() if f.on_table])
    return words if words.startswith(WARNING) else ""


def _walk_words(game: OutbreakGame, need: int, walkers: list[Any]) -> str:
    """The ``need``-th nearest of ``walkers``' walk to the exit against the moves left, in words (see
    :func:`exit_words`); the last words said when too few walkers are left."""
    st = game.state
    if need <= 0:
        return ""
    if len(walkers) < need:
        return _LAST.get(id(game), "")
    key = (id(game), st.move, tuple((f.id, f.position, bool(f.acted or f.tired)) for f in walkers))
    if key in _SAID:
        _LAST[id(game)] = _SAID[key]
        return _SAID[key]
    where = game.scenario.content_hash or id(game.table)
    radius = max(f.radius for f in walkers)
    # to the zone's edge: a move that ends with his base on the zone gets him out (movement.leaves_at)
    zones, step = game.world.exit_zones(), float(game.world.data.get("movement", "human_move"))
    left = max(0, st.turn_limit - st.move + 1)
    # each walker's moves needed, counting this move as gone for one who has acted in it (a newcomer's last
    # hope froze on move 10 of 11 and the line still read "(2 moves) · 2 left") or is too tired to walk in it (a
    # tired man ranked ahead of the three who had just walked past him: the line kept his distance): the need-th
    # soonest decides
    ways = []
    for f in walkers:
        # his base on the zone's edge counts (world.exit_under): a radius short of it
        far = max(0.0, walks(game.table, where, zones, [f.position], radius, to_edge=True)[0] - radius)
        if math.isfinite(far):
            moves, spent = max(1, math.ceil(far / step - 1e-9)), 1 if f.acted or f.tired else 0
            ways.append((moves + spent, moves, far, spent))
    if len(ways) < need:
        return ""
    _, moves, far, spent = sorted(ways)[need - 1]
    left -= spent
    whose = f'{_nth(need)}nearest {far:.0f}" from exit'  # whose walk it is: the top bar has room for few words
    if moves > left:
        words = f"{WARNING}out of reach: {moves} move{'s' if moves != 1 else ''} needed, {left} left"
    else:
        # "moves left", and whether this move still counts for him ("· 9 left" read as a count that dropped
        # in the middle of a move: the walker had acted in it)
        after = " after this" if spent else ""
        words = f"{whose} ({moves} move{'s' if moves != 1 else ''}) · {left} move{'s' if left != 1 else ''} left{after}"
    if len(_SAID) > 64:
        _SAID.clear()
        _LAST.clear()
    _SAID[key] = _LAST[id(game)] = words
    return words


def quiet_start_line(game: OutbreakGame, move: int, name: Callable[[str], str]) -> str:
    """Before move ``move``'s header, when the outbreak began in the move before: what the quiet start
    played, in a line ("Move 1, the quiet start: 2 zombies came out; Zombie 1 attacked Groundskeeper Earl
    and the outbreak began; ... Your characters act from Move 2."). ``name`` names a figure. Empty otherwise."""
    st = game.state
    if not st.outbreak or st.outbreak_move is None or move != st.outbreak_move + 1:
        return ""
    came, killed, attack = 0, [], ""
    for e in game.log:
        if isinstance(e, ev.MoveStarted) and e.move >= move:
            break
        if isinstance(e, ev.ZombiesGenerated):
            came += len(e.figures)
        elif isinstance(e, ev.OutbreakStarted):
            attack = f"{name(e.zombie)} attacked {name(e.victim)} and the outbreak began"
        elif isinstance(e, ev.Killed) and e.figure in st.figures and e.cause != PUT_DOWN:  # (before it began)
            killed.append(name(e.figure))
    moves = "Move 1" if move == 2 else f"Moves 1-{move - 1}"
    parts = [f"{came} zombie{'s' if came != 1 else ''} came out"] if came else []
    parts += [attack] if attack else []
    parts += [f"killed: {', '.join(killed)}"] if killed else []
    said = "; ".join(parts) or "nothing stirred"
    return f"{moves}, the quiet start (nobody knew yet): {said}. Your characters act from Move {move}."
