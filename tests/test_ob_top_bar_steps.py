"""Outbreak's top bar names the step being shown (newcomer's Small Town game, session 40): while the zombies'
blows and grapples played back, it stayed on "4. zombies moving" (the step the moment the zombies began), and a
bystander following his leader flipped it to "4. zombies moving" in the humans' step. Now it reads each step
as its start is shown: "zombies move", "first blows", "grapple". Through the screen's Match."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import EndStep
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match

RS = get_ruleset("outbreak")


def test_the_top_bar_follows_the_steps_the_zombies_turn_plays_back() -> None:
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 17)], dice=[4] * 60)  # 3": it comes into contact
    match = Match(game, RS.view())
    match.send(EndStep())
    shown: list[str] = []
    for _ in range(400):
        if not match.playback.busy:
            break
        if not shown or shown[-1] != match.banner():
            shown.append(match.banner())
        match.update(0.05)
    steps = [line.split(" · ")[1] for line in shown if " · " in line]
    assert "zombies move" in steps, shown
    assert "first blows" in steps or "grapple" in steps, shown
    assert steps.index("zombies move") < max(steps.index(s) for s in ("first blows", "grapple") if s in steps), (
        shown
    )
    assert not any("zombies moving" in line for line in shown), shown


def test_each_blow_and_grapple_draws_a_line_between_the_two_who_fight() -> None:
    """A newcomer: "nothing on the map marks who is fighting whom; I learned it from the log". A first blow
    and a grapple each flash a line between the human and the zombie, as a shot does."""
    game = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 17)], dice=[4] * 60)
    match = Match(game, RS.view())
    match.send(EndStep())
    lines = set()
    for _ in range(400):
        if not match.playback.busy:
            break
        step = match.playback.current
        if step is not None and step.tracer is not None:
            lines.add((type(step.events[0]).__name__, step.tracer))
        match.update(0.05)
    fights = {kind for kind, (a, b) in lines if {a, b} == {"pc1", "z1"}}
    assert fights & {"FirstBlow", "Grappled"}, lines
