"""Zombie 40,000 through the real screen glue (``Match``) and controller, as newcomers found it (issue 33):
a squad locked in close combat loses its move and its shots while the game plays on by itself; the player is
told why once the game stops for him, the notices stay up long enough to read, the log tells it in order, and
the roster never shows what the animation has not."""

from __future__ import annotations

import re

from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import NOTICE_SECONDS, Match

Z40K = get_ruleset("zombie40k")
FRAME = 0.05


def _locked_squad(told: list[str]) -> Match:
    """Player 1's three Guardsmen locked in close combat with nine zombies as his Assault phase ends (the
    dice seeded: the combat goes on into turn 2, the squad dies in it and comes back in turn 3)."""
    rows = [(x, y) for y in (31.05, 32.1, 33.2) for x in (30, 31.5, 33)]
    g = rigged_game({1: [(30, 30), (31.5, 30), (33, 30)]}, hordes=[rows], phase=Phase.ASSAULT)
    g.world.engage(g.world.unit("p1"), g.world.unit("h1"))
    g.dice = g.world.dice = Dice(seed=5)
    return Match(g, Z40K.view(), log=told.append)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&quot;", '"')


def _end_assault(m: Match) -> None:
    m.button("end_turn")
    m.button("end_turn")  # asked once (a model could still act): the second E ends the phase
    assert m.playback.busy


def test_a_squad_locked_in_combat_is_told_why_it_lost_its_turn_once_the_game_stops() -> None:
    told: list[str] = []
    m = _locked_squad(told)
    _end_assault(m)
    up: dict[str, float] = {}  # each notice's seconds over the table
    stops: list[str] = []  # the status line at each stop the player goes on from
    while m.playback.busy or m.notices:
        m.update(FRAME)
        for _, words in m.notices:
            up[words] = up.get(words, 0.0) + FRAME
        if m.playback.holding:  # the game stops where his phases passed by themselves: he goes on
            stops.append(m.status)
            m.skip()
    assert stops and all("skipped: Infantry Squad is locked in close combat" in s for s in stops), stops
    assert m.game.state.turn == 3 and m.game.state.phase == Phase.MOVEMENT  # the game waits for him again
    assert m.status.startswith("Infantry Squad could not move or shoot: it was locked in close combat"), m.status
    skips = [w for w in up if "skipped" in w]
    assert len(skips) == 3, up
    assert all(t >= NOTICE_SECONDS - FRAME for t in up.values()), up  # none pushed off before it was read
    lines = [_text(line) for line in told]
    order = [
        "Player 1: Movement skipped: Infantry Squad is locked in close combat (it fights as the Assault phase ends)",
        "Player 1: Shooting skipped: Infantry Squad is locked in close combat (it fights as the Assault phase ends)",
        "Player 1: Assault skipped: Infantry Squad is locked in close combat",
        "Guardsman 1 is killed",
    ]
    at = [next(i for i, line in enumerate(lines) if want in line) for want in order]
    assert at == sorted(at), lines


def test_the_roster_shows_nothing_before_the_animation_and_the_log_do() -> None:
    told: list[str] = []
    m = _locked_squad(told)
    assert "in combat" in _text(m.roster())  # (the scene draws the roster before the E)
    _end_assault(m)
    while m.playback.busy:
        m.update(FRAME)
        if m.playback.holding:  # the stop where his phases passed by themselves: he goes on
            m.skip()
        roster, said = _text(m.roster()), " ".join(map(_text, told))
        assert "Medpack" not in roster or "gains Medpack" in said, (roster, said)
        assert roster.count("DEAD") <= len(re.findall(r"(Sergeant|Guardsman \d) is killed", said)), (roster, said)
        assert '40" from the vehicle' not in roster or "respawns" in said, (roster, said)
    assert "Medpack" in _text(m.roster())  # once shown, the roster is the rules' again


def test_the_screen_stops_where_his_phases_passed_by_themselves_and_says_why() -> None:
    """ "Never play a player's turn for him ... say why a phase is skipped": not a banner of a second or two
    under the combat's animation, a stop until he goes on (Space or a click)."""
    m = _locked_squad([])
    _end_assault(m)
    for _ in range(2000):
        if m.playback.holding:
            break
        m.update(FRAME)
    assert m.playback.holding
    for _ in range(int(30 / FRAME)):  # half a minute later the screen still waits for him
        m.update(FRAME)
    assert m.playback.holding and m.notices
    assert m.status.startswith("Movement and Shooting skipped: Infantry Squad is locked in close combat"), m.status
    assert m.status.endswith("Space or a click goes on."), m.status
    m.skip()
    assert not m.playback.holding
