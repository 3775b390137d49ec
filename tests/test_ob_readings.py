"""Zombie Rules (Outbreak) to the letter: "caught while running" is running (away, or past a zombie), not
closing in to fight; humans within 8" follow only a human who has spotted a zombie and runs. Dice scripted.
"""

from __future__ import annotations

from ob_helpers import events_of, of, unchanged

from game.rules.outbreak import Move, movement
from game.rules.outbreak.events import Engaged, FirstBlow, Followed, Grappled, Moved, MoveStarted
from game.rules.outbreak.testing import rigged_game

IDLE = (23, 23)  # a second character who has not acted yet, so the step waits after pc1's move


def test_walking_up_to_a_zombie_is_closing_in_not_running():
    """A human who ends his move nearer the zombie than he started, nearest at the end, closes in."""
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": IDLE}, zombies=[(12, 8)], dice=[])
    g.apply(Move("pc1", ((12, 11),)))  # 12" from z1, no zombie within 8": no movement roll
    assert not g.figure("pc1").ran


def test_moving_away_or_past_a_zombie_is_running():
    away = rigged_game(pcs={"pc1": (12, 14), "pc2": IDLE}, zombies=[(12, 4)], dice=[])  # z1 10" off: no roll
    away.apply(Move("pc1", ((12, 20),)))
    assert away.figure("pc1").ran
    past = rigged_game(pcs={"pc1": (6, 14), "pc2": IDLE}, zombies=[(10, 10)], dice=[3])  # z1 within 8": roll 3, 6"
    past.apply(Move("pc1", ((10, 12), (13, 13))))  # comes within 1.5" of z1, ends 3.2" from it
    assert past.figure("pc1").ran


def test_a_human_who_closes_in_with_a_club_strikes_first():
    """Caught while running, a human goes straight to the grapple; one who closed in strikes first: the
    zombie that reaches him is met by his club (4+ kills), so no grapple is rolled."""
    g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 8)], dice=[3, 4] + [6] * 10)  # z1's pace; the blow
    g.apply(Move("pc1", ((12, 14),)))  # the only character: the move goes on to the zombies and the fight
    this_move = g.log[: next(k for k, e in enumerate(g.log) if isinstance(e, MoveStarted))]
    assert [(b.human, b.roll, b.killed) for b in of(this_move, FirstBlow)] == [("pc1", 4, True)]
    assert not of(this_move, Grappled)


def test_a_human_caught_running_gets_no_first_blow():
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=[(12, 6)], dice=[3, 3, 6, 6, 6, 1] + [6] * 10)
    # pc1's movement roll 3 (6"), he runs off 1" (a short run); z1's pace 3: it catches him; the grapple
    g.apply(Move("pc1", ((12, 13),)))
    this_move = g.log[: next(k for k, e in enumerate(g.log) if isinstance(e, MoveStarted))]
    assert of(this_move, Grappled) and not of(this_move, FirstBlow)


def test_nobody_follows_a_human_who_has_not_spotted_a_zombie():
    g = rigged_game(pcs={"pc1": (12, 14)}, npcs={"npc1": (14, 15)}, zombies=[(12, 2)], dice=[])
    g.figure("pc1").aware = False
    assert "has not spotted a zombie" in unchanged(g, Move("pc1", ((12, 20),), followers=("npc1",)))
    assert g.follower_candidates("pc1") == []


def test_nobody_follows_a_human_who_closes_in_to_fight():
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": IDLE}, npcs={"npc1": (14, 21)}, zombies=[(12, 8)], dice=[])
    ev = g.apply(Move("pc1", ((12, 12),), followers=("npc1",)))
    assert not of(ev, Followed) and [m.figure for m in of(ev, Moved)] == ["pc1"]
    assert g.figure("npc1").position == (14, 21)


def test_the_running_test_ignores_a_table_without_zombies():
    g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[], dice=[])
    assert movement.running(g.world, ((12, 20), (12, 14)))


def test_zombies_come_round_each_other_so_three_engage_in_one_move():
    """At most three zombies engage one human in a move, and they come round each other to do it: a queue of
    zombies north of Earl, each moving 6", puts three on him this move, not one in single file."""
    queue = [(12, 9.5), (12, 8.3), (12, 7.1), (12, 5.9), (12, 4.7)]
    g = rigged_game(pcs={"pc1": (12, 12)}, zombies=queue, dice=[3] * 3 + [1] * 8)  # paces 6"; the rest shuffle
    events_of(g)
    movement.zombies_move(g.world)
    engaged = [e.zombie for e in of(events_of(g), Engaged)]
    assert len(engaged) == 3
    assert all(g.world.in_contact(g.figure(z), g.figure("pc1")) for z in engaged)


def test_the_preview_shows_no_follower_for_a_move_that_closes_in():
    """The preview drew "follows" lines for a move toward a zombie, and then nobody followed (a newcomer's
    finding): it shows followers only for a move that runs."""
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": IDLE}, npcs={"npc1": (14, 21)}, zombies=[(12, 8)], dice=[])
    closing = g.preview(Move("pc1", ((12, 12),), followers=("npc1",)))
    assert closing.legal and closing.details["followers"] == [] and "nobody" in closing.details["nobody_follows"]
    fleeing = g.preview(Move("pc1", ((12, 28),), followers=("npc1",)))
    assert fleeing.details["followers"] == ["npc1"]
