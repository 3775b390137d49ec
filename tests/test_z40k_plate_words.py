"""A 40k veteran's Hive Street game (session 43): the shooting plate's words. A horde whose one zombie in range
took the wounds read "before his 4+ cover save" (a horde is "their"); "3 cannot see Horde 2" left him asking
which three (a group of up to four is named now). Through the rules' preview and the view's plate."""

from __future__ import annotations

import dataclasses

from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.commands import Run, Shoot
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game, small_scenario
from game.scenario.model import Area, Terrain

Z40K = get_ruleset("zombie40k")


def plate(g, cmd: Shoot) -> str:  # type: ignore[no-untyped-def]
    return next(m.text for m in Z40K.view().drawing(g, cmd, g.preview(cmd)) if isinstance(m, Plate))


def test_a_horde_in_cover_takes_their_saves_even_when_one_zombie_is_in_range() -> None:
    sc = small_scenario()
    ruin = Terrain(901, "Rubble heap", "ruin", Area.rect(18, 5, 4, 4))
    g = rigged_game(
        {1: [(20, 30), (21.2, 30)]},
        hordes=[[(20, 7), (20, 2), (21.5, 2)]],  # one zombie 23" off, in the ruin; two beyond the lasguns' 24"
        teams=[{"unit": "infantry_squad", "models": 2}],
        phase=Phase.SHOOTING,
        scenario=dataclasses.replace(sc, terrain=[*sc.terrain, ruin]),
    )
    text = plate(g, Shoot("p1", "h1"))
    assert "before their 4+ cover saves" in text and " his " not in text, text


def test_three_models_who_cannot_see_are_named() -> None:
    sc = small_scenario()
    hab = Terrain(900, "Ruined hab", "building", Area.rect(12, 13, 10, 4))
    squad = [(8, 20), (15, 20), (17, 20), (19, 20)]  # the first sees the horde past the hab's end; three do not
    g = rigged_game(
        {1: squad},
        hordes=[[(10, 10), (11, 10), (12, 10)]],
        teams=[{"unit": "infantry_squad", "models": 4}],
        phase=Phase.SHOOTING,
        scenario=dataclasses.replace(sc, terrain=[*sc.terrain, hab]),
    )
    text = plate(g, Shoot("p1", "h1"))
    assert (
        "1 of 4 models fires" in text and "Guardsman 2, Guardsman 3 and Guardsman 4 cannot see Horde 1" in text
    ), text


def test_against_the_boss_the_plate_counts_the_wounds_he_loses_not_0_00_killed() -> None:
    """The plate against the Boss read "0.00 killed": it now says the wounds he is expected to lose past his
    saves and Feel No Pain (16 shuriken shots, each through with THROUGH's chance, none past his last wound)."""
    import re

    from test_z40k_boss_preview import LINE, THROUGH, at_least, boss_with

    from game.controller import Click, Controller, Hover

    g = boss_with(4)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(LINE[0]))
    ctl.handle(Hover(g.figure("boss").position))
    assert ctl.preview is not None and ctl.preview.legal
    text = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    m = re.search(r", (\d\.\d\d) of his 4 wounds lost\n", text)
    assert m is not None and "killed" not in text, text
    lost = sum(at_least(k, 16, THROUGH) for k in range(1, 5))  # E[min(wounds through, 4)]
    assert float(m[1]) == round(lost, 2), (text, lost)


def test_a_run_to_the_vehicle_not_yet_rolled_says_the_roll_it_needs() -> None:
    """The final run's plate read '17% to go 6.0" ... boards the Thunderhawk gunship' and never said a 6 was
    needed. A sergeant 5" below the vehicle's edge runs 4.2" to the pointer: a 5+ on the D6; but a run cut short
    boards once it ends within reach of the vehicle, 3.5" on (a newcomer's 3 boarded where the plate said 4+):
    it boards on a 4+, as the dice show."""
    from game.controller import Button, Click, Controller, Hover

    g = rigged_game({1: [(24, 9.5), (25.2, 9.5)]}, phase=Phase.SHOOTING)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click((24, 9.5)))
    ctl.handle(Button("run"))
    ctl.handle(Hover((24.0, 5.3)))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview.reason
    text = next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))
    assert '33% to go 4.2": a 5+ needed' in text and "boards the escape vehicle on a 4+" in text, text
    for roll, boards in ((3, False), (4, True)):  # the rules agree with the plate
        run = rigged_game({1: [(24, 9.5), (25.2, 9.5)]}, phase=Phase.SHOOTING, dice=[roll, 1, 1, 1, 1])
        run.apply(Run("p1-1", ((24.0, 5.3),)))
        assert (run.state.winner is not None) == boards, (roll, run.figure("p1-1").position)


def test_wounds_past_the_zombies_in_range_and_sight_are_said_to_be_lost() -> None:
    """3 wounds on a horde killed 1 zombie, and nothing said the other 2 were lost [7th: wounds go only to the
    models in range and sight]. One zombie of three is in the lasguns' 24": the plate says so."""
    g = rigged_game(
        {1: [(20, 30), (21.2, 30)]},
        hordes=[[(20, 7), (20, 2), (21.5, 2)]],
        teams=[{"unit": "infantry_squad", "models": 2}],
        phase=Phase.SHOOTING,
    )
    text = plate(g, Shoot("p1", "h1"))
    assert "Only 1 of 3 in range and sight: wounds past him are lost" in text, text
    g = rigged_game(
        {1: [(20, 30), (21.2, 30)]},
        hordes=[[(20, 20), (21, 20), (22, 20)]],  # all three in range: no such line
        teams=[{"unit": "infantry_squad", "models": 2}],
        phase=Phase.SHOOTING,
    )
    assert "are lost" not in plate(g, Shoot("p1", "h1"))
