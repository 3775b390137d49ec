"""Squad coherency [7th] in Zombie 40,000 (issue 34 item 11): each model within 2" of another model of its
squad, the squad one chain. A move or run that breaks it is refused with the reason in inches; a squad left
out of coherency by casualties may only close up; the rules' own moves (a charge) keep the squad together;
the screen draws the links of the selected squad; the bot keeps to it and its games end."""

from __future__ import annotations

import re

import pytest

from game.rules.core import IllegalCommand
from game.rules.drawing import Path
from game.rules.zombie40k import assault, coherency
from game.rules.zombie40k.commands import Move, Run
from game.rules.zombie40k.names import player_words
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game
from game.rules.zombie40k.view import Z40View

GUARDS = {"unit": "infantry_squad", "models": 10}  # plain Guardsmen on 1" bases
LINE = [(10.0, 30.0), (12.5, 30.0), (15.0, 30.0), (17.5, 30.0)]  # 1.5" between the bases


def refusal(g, cmd) -> str:
    """The words a player reads for a refused command (the rules name models by id; the screen by name)."""
    with pytest.raises(IllegalCommand) as err:
        g.apply(cmd)
    return player_words(g, str(err.value))


def stay(g, *fids: str) -> None:
    """These Guardsmen take their move where they stand (a move of no length)."""
    for fid in fids:
        g.apply(Move(fid, (g.figure(fid).position,)))


def test_the_last_to_move_may_not_end_beyond_2_inches_and_is_told_how_far() -> None:
    g = rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT)
    stay(g, "p1-1", "p1-2", "p1-3")
    said = refusal(g, Move("p1-4", ((21.0, 30.0),)))
    assert said.startswith('Guardsman 4 would be 5.0" from his squad: coherency is 2"'), said
    assert g.figure("p1-4").position == (17.5, 30.0)
    p = g.preview(Move("p1-4", ((21.0, 30.0),)))
    assert not p.legal and 'coherency is 2"' in p.reason
    g.apply(Move("p1-4", ((18.0, 30.0),)))  # 2" from Guardsman 3: still one squad
    assert g.figure("p1-4").position == (18.0, 30.0)


def test_a_model_may_go_ahead_where_the_squad_can_follow_and_the_last_must_close_up() -> None:
    g = rigged_game({1: LINE[:2]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    g.apply(Move("p1-2", ((18.0, 30.0),)))  # 5.5" ahead: Guardsman 1, still to move, may follow
    said = refusal(g, Move("p1-1", ((7.0, 30.0),)))  # the last to move: never further apart
    assert 'Guardsman 1 would be 10.0" from' in said, said
    g.apply(Move("p1-1", ((15.5, 30.0),)))
    assert coherency.in_coherency(g.world, g.world.unit("p1"))


def test_a_move_that_splits_the_chain_is_refused_naming_who_would_be_cut_off() -> None:
    g = rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT)
    stay(g, "p1-1", "p1-3", "p1-4")
    said = refusal(g, Move("p1-2", ((10.0, 28.0),)))  # beside Guardsman 1, away from 3 and 4
    assert re.search(r"leave Guardsman 3, Guardsman 4 .* from the rest of the squad", said), said


def test_a_run_keeps_coherency_too() -> None:
    g = rigged_game({1: LINE[:2]}, teams=[GUARDS], phase=Phase.SHOOTING, dice=[6])
    g.apply(Run("p1-2", ((12.0, 30.0),)))
    with pytest.raises(IllegalCommand, match="from his squad"):
        g.apply(Run("p1-1", ((5.0, 30.0),)))


def test_a_squad_out_of_coherency_after_a_casualty_may_only_close_up() -> None:
    g = rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT)
    g.world.kill(g.figure("p1-2"), "shot")  # the link between Guardsman 1 and the rest is gone
    assert not coherency.in_coherency(g.world, g.world.unit("p1"))
    stay(g, "p1-3", "p1-4")
    said = refusal(g, Move("p1-1", ((7.0, 30.0),)))  # further away
    assert said.startswith("Infantry Squad is out of coherency and must close up"), said
    g.apply(Move("p1-1", ((13.0, 30.0),)))  # back within 2" of Guardsman 3
    assert coherency.in_coherency(g.world, g.world.unit("p1"))


def test_a_charge_brings_the_squad_in_together() -> None:
    """Two enemies far apart: straight at the nearest, Guardsman 1 would charge alone to the left."""
    g = rigged_game({1: [(22, 16), (24.5, 16), (27, 16)], 2: [(14, 10), (34, 10)]}, teams=[GUARDS, GUARDS])
    assert coherency.in_coherency(g.world, g.world.unit("p1"))
    assault.move_in(g.world, g.world.unit("p1"), g.world.unit("p2"), 10.0, "charge")
    assert coherency.in_coherency(g.world, g.world.unit("p1"))


def test_the_screen_draws_the_selected_squads_links() -> None:
    g = rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT)
    view = Z40View()
    fid = "p1-2"
    marks = view.reach(g, fid, view.look(g, fid), view.actions(g, fid))
    links = [p for p in marks if isinstance(p, Path) and p.kind == "coherency"]
    assert len(links) == 3  # 1-2, 2-3, 3-4: each 1.5" apart
    assert {tuple(sorted(p.points)) for p in links} == {tuple(sorted((LINE[i], LINE[i + 1]))) for i in range(3)}


def test_the_table_draws_thin_coherency_lines_when_a_model_is_selected() -> None:
    from game.ui.match import Match
    from game.ui.overlays import Line
    from game.ui.previews import PATH_STYLE

    m = Match(rigged_game({1: LINE}, teams=[GUARDS], phase=Phase.MOVEMENT), Z40View())
    m.click(LINE[1])
    m.update(0.0)
    colour, _, width = PATH_STYLE["coherency"]
    drawn = [o for o in m.overlays() if isinstance(o, Line) and o.width == width and o.colour == colour]
    assert {tuple(sorted(o.points)) for o in drawn} >= {tuple(sorted((LINE[i], LINE[i + 1]))) for i in range(3)}


def test_bases_exactly_2_inches_apart_are_in_coherency_and_no_plate_warns() -> None:
    """Rules: coherency is "within 2"" [7th]: 2" exactly is in coherency, also when the log has carried a
    position rounded to 1/10,000" (2.00004"): no warning plate, no refusal."""
    g = rigged_game({1: [(10.0, 30.0), (13.0, 30.0)]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    assert coherency.in_coherency(g.world, g.world.unit("p1"))
    assert not coherency_plates(g)
    stay(g, "p1-1")
    g.apply(Move("p1-2", ((13.00004, 30.0),)))  # 2" as the log rounds it: 2.00004"
    assert g.figure("p1-2").position == (13.00004, 30.0)
    assert not coherency_plates(g)


def test_a_model_just_beyond_2_inches_is_told_a_distance_that_reads_beyond_2() -> None:
    """Rules: 2.04" is out of coherency, and the plate says 2.1": a warning at "2.0"" told a newcomer that 2"
    apart was out of coherency (it was 2.04", rounded down)."""
    g = rigged_game({1: [(10.0, 30.0), (13.04, 30.0)]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    assert not coherency.in_coherency(g.world, g.world.unit("p1"))
    said = coherency_plates(g)
    assert any('2.1" from' in t for t in said) and not any('2.0"' in t for t in said), said


def coherency_plates(g) -> list[str]:
    """The words of the plates the screen shows over the selected Guardsman 1 for his squad's coherency."""
    from game.rules.drawing import Plate
    from game.rules.zombie40k.view import coherency_links

    return [p.text for p in coherency_links(g, g.figure("p1-1")) if isinstance(p, Plate)]


def test_a_squad_spread_out_part_way_through_its_move_is_told_so_not_warned() -> None:
    """Rules: coherency counts when the squad's move is over [7th]: with Guardsman 2 still to move, Guardsman 1
    4" ahead is said calmly ("spread out while it moves"), not in the warning's red."""
    from game.rules.drawing import Plate
    from game.rules.zombie40k.view import coherency_links

    g = rigged_game({1: [(10.0, 30.0), (11.5, 30.0)]}, teams=[GUARDS], phase=Phase.MOVEMENT)
    g.apply(Move("p1-1", ((10.0, 25.0),)))
    plates = [p for p in coherency_links(g, g.figure("p1-1")) if isinstance(p, Plate)]
    assert len(plates) == 1 and plates[0].tone == "info", plates
    assert plates[0].text.startswith("Infantry Squad: spread out while it moves"), plates[0].text
    assert plates[0].text.endswith('End its move with each model within 2" of a squad-mate.'), plates[0].text
