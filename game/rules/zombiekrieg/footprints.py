"""Where the Allied soldiers died and stalled in a Zombiekrieg game, and how near they came to the
objective (the simulator's heat maps, :class:`~game.rules.contract.Footprints`), read from the log.

A turn is a game turn (``TurnStarted`` to the next); a soldier fights when a zombie attacks him in melee
(``MeleeAttack``); why one stalled is read from his GUTS tests, shots, ORDERs and turns
(:func:`stall_readers`). Zombies arrive at set-up, each counted for the spawn zone it stands in.
The objective's place is the exit zones for ``exit`` and the objective zones for ``reach``
(reached: a soldier got away, or ended a turn with his centre in an objective zone);
``survive`` and ``exterminate`` have none.

>>> from game.rules.zombiekrieg import new_game
>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.ai.zombiekrieg_bot import choose_command
>>> g = new_game(tiny_scenario(turn_limit=2), {"sections": ["american"]}, seed=3)
>>> while not g.over:
...     _ = g.apply(choose_command(g))
>>> f = footprints(g)
>>> len(f.died) == sum(s.state == "dead" for s in g.state.allied())
True
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Footprints
from game.rules.tracks import Tracker
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.state import ALLIES, ZOMBIES

PLACES = {"exit": ("exit", "the exit zone"), "reach": ("objective", "the objective zone")}


def tracker(game: ZombiekriegGame) -> Tracker:
    """A :class:`Tracker` fed with the whole of ``game``'s log (its figures' places are the state's)."""
    kind, words = PLACES.get(str(game.state.objective), ("", ""))
    zones = game.scenario.zones_of(kind) if kind else ()
    t = Tracker(targets=tuple(z.area for z in zones), objective=words if zones else "")

    def exited(e: Any) -> None:
        t.reached(e.figure)
        t.left(e.figure)

    def turn_started(e: Any) -> None:
        if e.turn > 1:
            _end_turn(t, zones, kind)

    spawns = game.scenario.zones_of("spawn")
    elsewhere = "placed on the map" if spawns else "the far table edge"

    on_map = {(round(p.position[0], 3), round(p.position[1], 3)) for p in game.scenario.placements_of("zombie")}

    def placed(e: Any) -> None:
        t.placed(e.figure, e.position, e.side == ALLIES)
        if e.side != ZOMBIES:
            return
        if (round(e.position[0], 3), round(e.position[1], 3)) in on_map:
            t.arrived("placed on the map")
        else:  # dealt out on a grid from a spawn zone's centre: a crowded one spills past its edge
            t.spawned(spawns, e.position, elsewhere, reach=float("inf"))

    own = {"MeleeAttack": lambda e: t.fight(e.soldier), "Exited": exited, "TurnStarted": turn_started}
    t.read(game.log, ALLIES, own | stall_readers(t) | {"FigurePlaced": placed})
    _end_turn(t, zones, kind)  # the last turn (the one in progress, in a game not over)
    return t


def stall_readers(t: Tracker) -> dict[str, Any]:
    """What an Allied soldier did instead of getting on: a failed MOVE test, a shot, an ORDER given with
    his own action (the free one costs nothing), a MOVE that only turned him."""

    def tested(e: Any) -> None:
        if e.action == "move" and e.outcome in ("failure", "critical_failure"):
            t.note(e.figure, "failed_move")

    def ordered(e: Any) -> None:
        if not e.free:
            t.note(e.figure, "ordered")

    return {
        "GutsTested": tested,
        "Fired": lambda e: t.note(e.figure, "shot"),
        "Ordered": ordered,
        "Turned": lambda e: t.note(e.figure, "turned"),
    }


def _end_turn(t: Tracker, zones: Any, kind: str) -> None:
    if kind == "objective":  # ``reach``: a soldier ending the turn with his centre in the zone got there
        for fid in t.on_table & t.players:
            if any(z.area.contains(t.at[fid]) for z in zones):
                t.reached(fid)
    t.end_turn()


def footprints(game: ZombiekriegGame) -> Footprints:
    """The Allied soldiers' deaths, stalls and nearest approach in ``game`` (finished or not)."""
    return tracker(game).footprints()
