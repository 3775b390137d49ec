"""Where the player characters died and stalled in an Outbreak game, and how near they came to the exit
(the simulator's heat maps, :class:`~game.rules.contract.Footprints`), read from the log.

A turn is a move (``MoveStarted`` to the next); a character fights when a zombie engages him
(``Engaged``, ``FirstBlow``, ``Grappled``); a character who turns is lost where he turned, as if
killed. The objective's place is the exit zones for ``escape`` and ``rescue`` (reached: a character, or
for ``rescue`` a bystander, left through the exit; for ``rescue`` the approach and the distance by turn are
the bystanders', who must get there); ``survive`` and ``clear`` have none.
Why a character stalled is read from his rolls and actions (:func:`stall_readers`), and before the first
attack from the quiet start, which holds every character (``quiet_start``); bystanders who
fall are counted where they fell, and the zombies each generation point brings on by its name.

>>> from game.rules.outbreak.testing import rigged_game
>>> footprints(rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 10)])).died
()
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Footprints
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.state import BYSTANDERS, PLAYERS
from game.rules.tracks import Tracker

PLACES = {"escape": "the exit zone", "rescue": "the exit zone (by a bystander)"}


def tracker(game: OutbreakGame) -> Tracker:
    """A :class:`Tracker` fed with the whole of ``game``'s log."""
    objective = str(game.state.objective)
    zones = game.scenario.zones_of("exit") if objective in PLACES else ()
    t = Tracker(targets=tuple(z.area for z in zones), objective=PLACES[objective] if zones else "")
    if objective == "rescue":  # the bystanders are the ones to get there: their approach, not the characters'
        t.approachers = t.bystanders

    def exited(e: Any) -> None:
        if e.figure in t.players or objective == "rescue":  # a character, or a bystander led out
            t.got_there()
        t.left(e.figure)

    quiet = [True]  # before the first attack the characters cannot act: that is why they stall, not caution

    def move_started(e: Any) -> None:
        if e.move > 1:
            t.end_turn()
        if quiet[0]:
            for fid in t.players:
                t.note(fid, "quiet_start")

    def outbreak(e: Any) -> None:
        quiet[0] = False

    def fought(e: Any) -> None:
        t.fight(e.human)

    names = {f"spawn{z.id}": z.name or f"spawn {n}" for n, z in enumerate(game.scenario.zones_of("spawn"), 1)}

    def placed(e: Any) -> None:
        if e.side == BYSTANDERS:  # first, so a rescue's approach counts where he starts
            t.add_bystander(e.figure)
        t.placed(e.figure, e.position, e.side == PLAYERS)

    def generated(e: Any) -> None:
        t.arrived(names.get(e.spawn, e.spawn), len(e.figures))

    own = {"Engaged": fought, "FirstBlow": fought, "Grappled": fought, "HumanTurned": lambda e: t.died(e.figure)}
    own |= {"FigurePlaced": placed, "ZombiesGenerated": generated, **stall_readers(t)}
    own["OutbreakStarted"] = outbreak
    t.read(game.log, PLAYERS, {**own, "Exited": exited, "MoveStarted": move_started})
    t.end_turn()  # the last move (the one in progress, in a game not over)
    return t


def stall_readers(t: Tracker) -> dict[str, Any]:
    """What a character did instead of getting on: froze on his movement roll, stopped for a breather,
    shot, cleared a jam, looked for zombies."""

    def rolled(e: Any) -> None:
        if e.frozen:
            t.note(e.figure, "failed_move")

    def tired(e: Any) -> None:
        if e.tired:
            t.note(e.figure, "tired")

    return {
        "MovementRolled": rolled,
        "TirednessRolled": tired,
        "Fired": lambda e: t.note(e.figure, "shot"),
        "Jammed": lambda e: t.note(e.figure, "jam"),
        "JamCleared": lambda e: t.note(e.figure, "jam"),
        "SpotRolled": lambda e: t.note(e.who, "spotted"),
    }


def footprints(game: OutbreakGame) -> Footprints:
    """The player characters' deaths, stalls and nearest approach in ``game`` (finished or not)."""
    return tracker(game).footprints()
