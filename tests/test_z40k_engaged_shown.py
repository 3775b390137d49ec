"""Who fights whom in close combat, on the table: during the Assault phase a line joins each model locked in
close combat to the enemy model he fights. A newcomer on Hive Street saw his squad among the zombies and could
not tell which of his models fought which zombies (session 47's play-tests). Through the screen's match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Line
from game.ui.previews import FIGHT_COLOUR

GUARDS = {"unit": "infantry_squad", "models": 10}
SQUAD = [(20.0, 30.0), (20.0, 31.2), (10.0, 30.0)]  # in contact, a friend within 2" of him, one far off
HORDE = [(21.01, 30.0), (22.02, 30.0), (34.0, 30.0)]  # in contact, behind him, one far off


def _locked(phase: Phase):  # noqa: ANN202  (a Zombie 40,000 game)
    g = rigged_game({1: SQUAD}, hordes=[HORDE], teams=[GUARDS], phase=phase)
    g.world.engage(g.world.unit("h1"), g.world.unit("p1"))
    return g


def _fights(g) -> set[frozenset[tuple[float, float]]]:  # noqa: ANN001
    """The ends of each line the screen draws as a fight over the figures."""
    match = Match(g, get_ruleset("zombie40k").view())
    return {frozenset(o.points) for o in match.overlays() if isinstance(o, Line) and o.colour == FIGHT_COLOUR}


def test_in_the_assault_phase_each_fighter_is_joined_to_the_zombie_he_fights() -> None:
    g = _locked(Phase.ASSAULT)
    at = {m.id: tuple(m.position) for m in g.figures if m.alive}
    assert _fights(g) == {
        frozenset({at["p1-1"], at["h1-1"]}),  # the two in base contact
        frozenset({at["p1-2"], at["h1-1"]}),  # within 2" of his friend in contact: he fights the nearest zombie
        frozenset({at["h1-2"], at["p1-1"]}),  # the zombie behind, likewise
    }


def test_out_of_the_assault_phase_no_fight_is_drawn() -> None:
    assert _fights(_locked(Phase.MOVEMENT)) == set()


def test_nobody_locked_nothing_drawn() -> None:
    g = rigged_game({1: SQUAD}, hordes=[HORDE], teams=[GUARDS], phase=Phase.ASSAULT)
    assert _fights(g) == set()


def test_while_a_fight_is_told_its_blows_draw_who_fights_whom() -> None:
    """The zombies' fight plays back after the rules have fought it (the phase moved on): the lines come with its
    blows, from the units its events name, where the screen shows the models; a new phase clears them."""
    from game.rules.zombie40k.events import AttackStep, CombatResolved, PhaseStarted

    g = _locked(Phase.ASSAULT)
    match = Match(g, get_ruleset("zombie40k").view())
    g.state.engagements.clear()  # (the rules are ahead: the combat is over by the time it is told)
    g.state.phase = Phase.MOVEMENT
    blow = AttackStep("h1", "p1", "close_combat_weapon", "hit", 4, 2, 1)
    match.show([blow, CombatResolved(("h1", "p1"), (), "", 0)])  # (the screen shows them: the result held)
    assert match.playback.busy
    fights = {frozenset(o.points) for o in match.overlays() if isinstance(o, Line) and o.colour == FIGHT_COLOUR}
    at = {m.id: tuple(m.position) for m in g.figures if m.alive}
    assert frozenset({at["p1-1"], at["h1-1"]}) in fights and len(fights) == 3
    match.show([PhaseStarted(Phase.ZOMBIES.value)])  # (its title is held a moment too)
    for _ in range(100):  # the fight's result read, then the zombies' turn begins
        match.update(0.1)
        if not [o for o in match.overlays() if isinstance(o, Line) and o.colour == FIGHT_COLOUR]:
            break
    assert match.playback.busy, "the lines stood till the end of the playback: the new phase did not clear them"
