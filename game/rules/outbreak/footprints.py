"""Where the player characters died and stalled in an Outbreak game, and how near they came to the exit
(the simulator's heat maps, :class:`~game.rules.contract.Footprints`), read from the log.

A turn is a move (``MoveStarted`` to the next); a character fights when a zombie engages him
(``Engaged``, ``FirstBlow``, ``Grappled``); a character who turns is lost where he turned, as if
killed. The objective's place is the exit zones for ``escape`` and ``rescue`` (reached: a character, or
for ``rescue`` a bystander, left through the exit); ``survive`` and ``clear`` have none.

>>> from game.rules.outbreak.testing import rigged_game
>>> footprints(rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 10)])).died
()
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Footprints
from game.rules.outbreak.state import PLAYERS
from game.rules.tracks import Tracker

PLACES = {"escape": "the exit zone", "rescue": "the exit zone"}


def tracker(game: Any) -> Tracker:
    """A :class:`Tracker` fed with the whole of ``game``'s log."""
    objective = str(game.state.objective)
    zones = game.scenario.zones_of("exit") if objective in PLACES else ()
    t = Tracker(targets=tuple(z.area for z in zones), objective=PLACES[objective] if zones else "")
    for e in game.log:
        name = type(e).__name__
        if name == "DiceRolled":
            continue
        if name == "FigurePlaced":
            if e.side == PLAYERS:
                t.add_player(e.figure)
            t.place(e.figure, e.position)
        elif name in ("Moved", "ZombieMoved"):
            t.move(e.figure, e.path)
        elif name in ("Engaged", "FirstBlow", "Grappled"):
            t.fight(e.human)
        elif name in ("Killed", "HumanTurned"):
            t.died(e.figure)
        elif name == "Exited":
            if e.figure in t.players or objective == "rescue":  # a character, or a bystander led out
                t.got_there()
            t.left(e.figure)
        elif name == "MoveStarted" and e.move > 1:
            t.end_turn()
    t.end_turn()  # the last move (the one in progress, in a game not over)
    return t


def footprints(game: Any) -> Footprints:
    """The player characters' deaths, stalls and nearest approach in ``game`` (finished or not)."""
    return tracker(game).footprints()
