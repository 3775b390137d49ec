"""What holds up a model of a squad's move, in a player's words: the model by his name and what is in his way by
its own, with its kind ("1 stops short of his place (X): Space Marine 2, the Sealed bastion (building) in his way").
Two 40k players saw their squad snag on the terrain with only "1 stops short of his place (X)" to go by.

Nothing here changes the game: the way is checked on the table as it stands, as the preview does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from game.rules.kit import group_move
from game.rules.zombie40k import events as ev
from game.rules.zombie40k import formation
from game.rules.zombie40k.commands import MoveSquad
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.names import names_of, player_words
from game.table.wording import in_words

KIND_WORDS = {"clutter": "difficult ground"}  # a kind as a 40k player calls it; the others by their own word
_KIND = re.compile(r"^(?P<kind>[A-Za-z_][\w ]*?) -?\d+(?: '.*')?$", re.DOTALL)


def with_kind(blocked_by: str) -> str:
    """A piece of terrain the table names (``"building 9 'Sealed bastion'"``) by its name and its kind; anything
    else as :func:`~game.table.wording.in_words` says it.

    >>> with_kind("building 9 'Sealed bastion'"), with_kind("clutter 11 'Rubble heap'"), with_kind("ruin 4")
    ('the Sealed bastion (building)', 'the Rubble heap (difficult ground)', 'a ruin')
    >>> with_kind("table edge")
    'the table edge'
    """
    words = in_words(blocked_by)
    m = _KIND.match(blocked_by.strip())
    if m is None or not words.startswith("the ") and "'" not in blocked_by:
        return words
    kind = m["kind"].strip()
    return f"{words} ({KIND_WORDS.get(kind, kind.replace('_', ' '))})"


def in_his_way(game: Zombie40kGame, fid: str, path: tuple[Any, ...]) -> str:
    """What stops model ``fid`` on ``path`` (his way from where he stands), named: the terrain across the straight
    line to its end first (his way round a Sandbag line is what left him short), else what cuts the way itself;
    "" when nothing on the table does (his move's length, or the squad-mates moving before him)."""
    m = game.figure(fid)
    table = game.world.table
    checks = (
        table.check_path([m.position, path[-1]], m.radius, mover=fid),
        table.check_path([m.position, *path], m.radius, mover=fid),
    )
    found = [c.blocked_by for c in checks if c.blocked and c.blocked_by not in ("move allowance", "")]
    terrain = [by for by in found if not by.startswith("figure ")]
    if terrain:
        return with_kind(terrain[0])
    return names_of(game).figure(found[0][len("figure ") :]) if found else ""


def named_in(game: Zombie40kGame, fid: str, path: tuple[Any, ...], text: str) -> str:
    """``text`` (a refusal of model ``fid``'s way) with what is in his way named with its kind: "... blocked by
    the Sealed bastion (building)." where the refusal named it, else said after it."""
    m = game.figure(fid)
    check = game.world.table.check_path([m.position, *path], m.radius, mover=fid)
    by = check.blocked_by if check.blocked else ""
    plain, kinded = in_words(by), with_kind(by)
    if not by or plain == kinded or by.startswith("figure "):
        return text
    if plain in text:
        return text.replace(plain, kinded, 1)
    return f"{text} ({kinded} in his way)"


def short_line(game: Zombie40kGame, cmd: MoveSquad, short: list[str]) -> str:
    """The squad plate's line for the models who stop short of their places: how many, then the first by his
    name and what is in his way ("1 stops short of his place (X): Space Marine 2, the Sealed bastion (building)
    in his way"); "" when none does."""
    if not short:
        return ""
    n, first = len(short), short[0]
    more = f" (and {n - 1} more)" if n > 1 else ""
    why = in_his_way(game, first, dict(cmd.moves)[first])
    said = f"{n} stop{'s' if n == 1 else ''} short of {'his' if n == 1 else 'their'} place (X): "
    return said + names_of(game).figure(first) + more + (f", {why} in his way" if why else "")


def short_of_place(game: Zombie40kGame, cmd: MoveSquad, steps: list[dict[str, Any]]) -> list[str]:
    """The models of a squad move's preview who stop short of their places (:func:`group_move.short_ones`)."""
    return group_move.short_ones(cmd.moves, game.figure, steps, formation.places_of(cmd))


def stopped_words(game: Zombie40kGame, events: Sequence[Any]) -> str:
    """Once his squad's move has been shown: why its models stopped short of where he pointed, on the status line
    (newcomers, session 46: "a squad move stops short, and nothing says why"; the log's "difficult terrain 2""
    went unread). The squad's difficult-terrain roll capped every model [7th: a unit moves through difficult
    terrain], and a model the rules held where he stood says why; "" when no model was held back."""
    n = names_of(game)
    said: list[str] = []
    player = game.state.active_player  # (his squad's: not a bot's, shown on the way to his turn)
    own = game.state.squad_of(player).id if player is not None and f"p{player}" in game.state.units else None
    for i, e in enumerate(events):
        if isinstance(e, ev.MoveRolled) and e.what == "difficult terrain" and e.unit == own:
            unit = game.state.units[e.unit]
            reach = e.inches + game.world.hooks.move_bonus(game.world, unit)
            moved = [x for x in events[i + 1 :] if isinstance(x, ev.Moved) and _moved_in(game, x, e.unit)]
            capped = [x for x in moved if x.length >= reach - 0.05]
            if capped and reach < game.data.house.move + game.world.hooks.move_bonus(game.world, unit) - 0.05:
                went = "no model went" if len(moved) > 1 else f"{n.figure(moved[0].figure)} went no"
                said.append(
                    f'{n.unit(e.unit)} rolled {reach:g}" for difficult terrain, so {went} further'
                    " (its way crossed difficult ground)"
                )
        elif isinstance(e, ev.SquadMoveHeld) and _moved_in(game, e, own):
            why = player_words(game, e.reason)
            said.append(f"{n.figure(e.figure)} stayed: {why[:1].lower()}{why[1:].rstrip('.')}")
    if len(said) > 2:
        said = [*said[:2], f"{len(said) - 2} more held (see the log)"]
    return f"{'; '.join(said)}." if said else ""


def _moved_in(game: Zombie40kGame, e: Any, unit: str | None) -> bool:
    """Whether ``e`` is a model of ``unit`` moving (not running, charging...), or held in its squad's move."""
    m = game.state.models.get(getattr(e, "figure", ""))
    moving = isinstance(e, ev.SquadMoveHeld) or isinstance(e, ev.Moved) and e.how == "move"
    return moving and m is not None and m.unit == unit
