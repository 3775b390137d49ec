"""What a squad lost while the game played on by itself: the status line's words once the player has the
table again (issue 33: a squad locked in close combat lost its move and its shots while its skips flashed by
under the combat's animation). The log tells each phase; this says it once, plainly.

>>> from game.rules.zombie40k.testing import rigged_game
>>> g = rigged_game({1: [(10, 30)]})
>>> while_waiting(g, [PhaseSkipped("movement", 1, "Infantry Squad is locked in close combat"),
...                   PhaseSkipped("shooting", 1, "Infantry Squad is locked in close combat")])
'Infantry Squad could not move or shoot: it was locked in close combat, and fought as the Assault phase ended \
(the log tells each phase).'
>>> while_waiting(g, [PhaseSkipped("movement", 1, "Infantry Squad regrouped this turn and may not move")])
'Infantry Squad could not move: the squad regrouped this turn and may not move (the log tells each phase).'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.zombie40k.events import PhaseSkipped, PhaseStarted, TurnStarted
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.log_words import skipped_words
from game.rules.zombie40k.names import names_of

LOST = {"movement": "move", "shooting": "shoot"}  # the phases in which a squad passing by itself lost something
LOCKED = "is locked in close combat"


def while_waiting(game: Zombie40kGame, events: Sequence[Any]) -> str:
    """One sentence a squad for the movement and shooting phases that passed by themselves in ``events``
    (those shown since the player last had the table), or "" when none did."""
    lost: dict[tuple[int, str], list[str]] = {}  # (player, reason) -> the verbs lost
    turns: dict[tuple[int, str], set[int]] = {}
    turn = game.state.turn
    for e in events:
        if isinstance(e, TurnStarted):
            turn = e.turn
        if isinstance(e, PhaseSkipped) and e.phase in LOST:
            verbs = lost.setdefault((e.player, e.reason), [])
            verbs += [LOST[e.phase]] if LOST[e.phase] not in verbs else []
            turns.setdefault((e.player, e.reason), set()).add(turn)
    said = [_sentence(game, player, why, verbs, len(turns[player, why])) for (player, why), verbs in lost.items()]
    return " ".join(said) + " (the log tells each phase)." if said else ""


def _sentence(game: Zombie40kGame, player: int, why: str, verbs: list[str], turns: int) -> str:
    """``Infantry Squad could not move or shoot: it was locked in close combat, and fought as the Assault phase
    ended`` (``Player 2's ...`` when more than one team plays)."""
    squad = game.state.squad_of(player)
    name = names_of(game).unit(squad.id)
    whose = f"Player {player}'s {name}" if len(game.state.players) > 1 else name
    reason = why[len(squad.name) :].strip() if why.startswith(squad.name) else why
    if reason == LOCKED:
        reason = "it was locked in close combat, and fought as the Assault phase ended"
    elif reason and reason[0].islower():  # "the squad is falling back", "the squad regrouped this turn..."
        reason = f"the squad {reason}"
    often = f" for {turns} turns" if turns > 1 else ""
    return f"{whose} could not {' or '.join(sorted(verbs))}{often}: {reason}"


GO_ON = "Space or a click goes on."


def hold_at(game: Zombie40kGame, events: Sequence[Any]) -> tuple[int | None, str]:
    """Where the screen stops in a batch of events that played a squad's Movement or Shooting phase by itself
    (it is locked in close combat, falling back...): after that player's phases passed, before what follows
    (his combat, the zombies), and the words it says until he goes on ("Never play a player's turn for him":
    the skips no longer flash by in a banner). (None, "") when none passed.

    >>> from game.rules.zombie40k.testing import rigged_game
    >>> g = rigged_game({1: [(10, 30)]})
    >>> why = "Infantry Squad is locked in close combat"
    >>> hold_at(g, [TurnStarted(2), PhaseStarted("movement", 1), PhaseSkipped("movement", 1, why),
    ...             PhaseStarted("shooting", 1), PhaseSkipped("shooting", 1, why), TurnStarted(3)])
    (5, 'Movement and Shooting skipped: Infantry Squad is locked in close combat (it fights as the Assault \
phase ends). Space or a click goes on.')
    """
    first = next(
        (i for i, e in enumerate(events) if isinstance(e, PhaseSkipped) and e.phase in LOST and i > 0), None
    )
    if first is None:
        return None, ""
    player = events[first].player
    end = first
    while end < len(events) and isinstance(events[end], PhaseStarted | PhaseSkipped):
        if events[end].player != player:
            break
        end += 1
    skips = [e for e in events[first:end] if isinstance(e, PhaseSkipped) and e.phase in LOST]
    phases = " and ".join(e.phase.capitalize() for e in skips)
    why = skipped_words(game, skips[0]).partition(": ")[2]
    return end, f"{phases} skipped: {why}. {GO_ON}"
