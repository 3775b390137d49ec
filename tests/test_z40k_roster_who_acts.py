"""The roster's heading names who acts on screen now, not who the rules have moved on to (a newcomer read
"Player 1: Tactical Squad - acting" through Player 2's turn, lost to close combat, and the zombies' turn):
while events play back, the side whose phase the top bar names is the one marked acting, at the top."""

from __future__ import annotations

import re

from game.dice import Dice
from game.rules.core import get_ruleset
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.ui.match import Match

Z40K = get_ruleset("zombie40k")


def _acting(html: str) -> str:
    """The roster heading marked acting, in plain words."""
    text = [re.sub(r"<[^>]+>", "", line) for line in html.split("<br>")]
    return next((line for line in text if line.endswith(" - acting")), "")


def test_the_roster_marks_acting_the_side_whose_turn_the_screen_shows() -> None:
    """Player 1 ends his Assault; Player 2's squad, locked in close combat, loses its turn by itself; then the
    zombies move: each in turn is the roster's acting heading while the top bar names it."""
    rows = [(x, y) for y in (41.05, 42.1) for x in (30, 31.5)]
    g = rigged_game({1: [(10, 10)], 2: [(30, 40), (31.5, 40)]}, hordes=[[(50, 10)], rows], phase=Phase.ASSAULT)
    g.world.engage(g.world.unit("p2"), g.world.unit("h2"))
    g.dice = g.world.dice = Dice(seed=5)
    m = Match(g, Z40K.view())
    m.button("end_turn")
    m.button("end_turn")
    seen: set[tuple[str, str]] = set()
    for _ in range(4000):
        if not m.playback.busy:
            break
        m.update(0.05)
        banner, acting = m.banner(), _acting(m.roster())
        if "Zombies moving" in banner:
            seen.add(("zombies", acting))
        for p in (1, 2):
            if f"Player {p} \u00b7" in banner:
                seen.add((f"Player {p}", acting))
        if m.playback.holding:
            m.skip()
    assert seen, "nothing played back"
    for who, acting in sorted(seen):
        want = "The zombies" if who == "zombies" else who
        assert acting.startswith(want), (who, acting, seen)
    assert any(who == "Player 2" for who, _ in seen) and any(who == "zombies" for who, _ in seen), seen
