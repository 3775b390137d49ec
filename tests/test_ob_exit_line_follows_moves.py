"""The top bar's walk to the exit follows each move as it is made (newcomer's issue ob44b item 3): '2nd nearest 17"
(3 moves)' stayed after three characters each walked 6" north past a tired one, and changed only at the start of
the next move. The tired man cannot walk this move either, so he gets out no sooner than they do: his move counts
as gone, as an acted man's does, and the line names the nearer of them. Through the screen's Match, clicked."""

from __future__ import annotations

from pathlib import Path

from game.controller.machine import Mode
from game.rules.core import get_ruleset
from game.scenario import load_scenario
from game.ui.match import Match

MAPS = Path(__file__).resolve().parent.parent / "maps"
RS = get_ruleset("outbreak")


def _walk(match: Match, fid: str, inches: float) -> None:
    """Click ``fid``, Move, and a spot ``inches`` north of him; the walk played out."""
    f = match.game.figure(fid)
    x, y = f.position
    match.click((x, y))
    match.button("move")
    match.click((x, y - inches))
    for _ in range(600):
        if match.controller.mode not in (Mode.RESOLVING, Mode.ZOMBIE_TURN):
            break
        match.update(0.1)
    assert match.game.figure(fid).position[1] < y - 5, (fid, match.status)


def test_the_walk_to_the_exit_follows_three_men_past_a_tired_one() -> None:
    game = RS.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 1)
    st = game.state
    for fid, at in {"pc1": (24.0, 20.0), "pc2": (22.0, 18.0), "pc3": (25.0, 25.0), "pc4": (23.0, 27.0)}.items():
        st.figures[fid].position = at  # up Main Street, the Highway north exit 17" from the Sheriff
        game.table.move(fid, at)
    for z in (z for z in st.zombies() if z.on_table):
        z.position = (2.0 + float(z.id[1:]), 2.0)  # out of the way, far west
        game.table.move(z.id, z.position)
    st.figures["pc1"].tired = True
    match = Match(game, RS.view())
    for _ in range(600):  # the quiet start played out
        if not match.playback.busy:
            break
        match.update(0.1)
    before = match.objective()
    assert '2nd nearest 17"' in before, before
    lines = []
    for fid in ("pc2", "pc3", "pc4"):
        _walk(match, fid, 6.0)
        lines.append(match.objective())
    assert '2nd nearest 17"' not in lines[-1], lines  # the men who walked past the tired Sheriff: nearer now
    assert 'nearest 16"' in lines[-1] and "9 moves left after this" in lines[-1], lines
