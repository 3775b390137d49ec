"""The move's prompt and its plate use "run" alike (newcomer's Small Town game, ob45 item 6): M said "Click where to
run; bystanders within 8" follow." and the plate of a move toward a zombie said "not a run, so nobody follows". The
prompt now says where to move and which move is a run, in the plate's words. Through the screen's Match: its
status line and the preview plate."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def test_the_prompt_does_not_call_a_move_that_closes_in_a_run() -> None:
    game = rigged_game(pcs={"pc1": (12, 21)}, npcs={"npc1": (13.5, 22)}, zombies=[(14, 12)], dice=[3] * 20)
    match = Match(game, RS.view())
    match.select("pc1")
    match.button("move")
    prompt = match.status
    match.hover((13.0, 16.0))  # toward the zombie, short of it
    match.update(0.01)
    plate = "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)
    assert "not a run" in plate and "closes in on Zombie 1 " in plate, plate  # named: it may be one not looked at
    assert prompt.startswith("Click where to move"), prompt
    assert "where to run" not in prompt and "not closing in on a zombie" in prompt, prompt
