"""Where the players' models died and stalled in a Zombie 40,000 game, and how near they came to the
escape vehicle (the simulator's heat maps, :class:`~game.rules.contract.Footprints`), read from the log.

A turn is a game turn (``TurnStarted`` to the next); a model fights when its squad is locked in close
combat (``Engaged``, ``CombatResolved``). The objective's place is the escape vehicle (the state's
outline, from the map's ``escape_vehicle`` zone or the house's place for it); reached: a model embarked.

>>> from game.rules.zombie40k.testing import small_scenario
>>> from game.rules.zombie40k import new_game
>>> g = new_game(small_scenario(), {"teams": ["tactical_squad"]}, seed=2)
>>> f = footprints(g)
>>> f.objective, f.died, f.nearest is not None and f.nearest > 0
('the escape vehicle', (), True)
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Footprints
from game.rules.tracks import Tracker
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.state import PLAYERS, ZOMBIES
from game.scenario.model import Area


def tracker(game: Zombie40kGame) -> Tracker:
    """A :class:`Tracker` fed with the whole of ``game``'s log."""
    vehicle = [(float(x), float(y)) for x, y in (game.state.vehicle or ())]
    t = Tracker(
        targets=(Area(tuple(vehicle)),) if vehicle else (), objective="the escape vehicle" if vehicle else ""
    )
    squads: dict[str, list[str]] = {}

    spawns = game.scenario.zones_of("spawn")

    def placed(e: Any) -> None:
        t.placed(e.figure, e.position, e.side == PLAYERS)
        if e.side == PLAYERS:
            squads.setdefault(e.unit, []).append(e.figure)
        elif e.side == ZOMBIES:
            t.spawned(spawns, e.position, "set up on the table")

    def moved(e: Any) -> None:
        if e.how == "respawn":  # a squad back on the table: placed, not walked
            t.place(e.figure, e.path[-1])
        else:
            t.move(e.figure, e.path)

    def fought(units: tuple[str, ...]) -> None:
        for unit in units:
            for fid in squads.get(unit, ()):
                t.fight(fid)

    def embarked(e: Any) -> None:
        t.reached(e.figure)
        t.left(e.figure)

    def turn_started(e: Any) -> None:
        if e.turn > 1:
            t.end_turn()

    own = {"FigurePlaced": placed, "Moved": moved, "Embarked": embarked, "TurnStarted": turn_started}
    own |= {"Engaged": lambda e: fought((e.unit, e.target)), "CombatResolved": lambda e: fought(e.units)}
    own |= stall_readers(t, squads)
    t.read(game.log, PLAYERS, own)
    t.end_turn()  # the last turn (the one in progress, in a game not over)
    return t


def stall_readers(t: Tracker, squads: dict[str, list[str]]) -> dict[str, Any]:
    """What a squad's models did instead of getting on: a failed Morale test or a fall back, shots
    taken where they stood, a squad frozen watching for betrayal; respawned hordes arrive where their D6
    put them."""

    def squad(unit: str, cause: str) -> None:
        for fid in squads.get(unit, ()):
            t.note(fid, cause)

    def morale(e: Any) -> None:
        if not e.passed:
            squad(e.unit, "fell_back")

    def shots(e: Any) -> None:
        for fid in e.shooters:
            t.note(fid, "shot")

    def watching(e: Any) -> None:
        if e.frozen:
            squad(e.unit, "failed_move")

    return {
        "MoraleTested": morale,
        "FellBack": lambda e: squad(e.unit, "fell_back"),
        "ShotsFired": shots,
        "WatchingForBetrayal": watching,
        "HordeRespawned": lambda e: t.arrived(str(e.where).split(" (")[0], len(e.figures)),
    }


def footprints(game: Zombie40kGame) -> Footprints:
    """The players' models' deaths, stalls and nearest approach in ``game`` (finished or not)."""
    return tracker(game).footprints()
