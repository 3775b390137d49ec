"""The simulator's report says where the players' figures died and stalled (heat maps over the table
picture, hot spots in inches) and how near they came to the objective (issue 16, item 6), for every
rule set with a bot, through the rule-set contract's :class:`~game.rules.contract.Footprints`.

Seeded bot games on small tables: the deaths are where the dead lie in the game's final state and
where the log's ``Killed`` events happened, the nearest approach is what walking the log's moves
gives, and the heat maps are real PNGs of the table's size.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter

import pytest
from design_maps import obj, tmx, write

from game import simulate
from game.heat import grid, hot_spots
from game.rules.contract import STALL_INCHES
from game.rules.core import get_ruleset
from game.rules.outbreak.testing import tiny_scenario as outbreak_table
from game.rules.tracks import Tracker
from game.rules.zombie40k.testing import small_scenario as z40k_table
from game.rules.zombiekrieg.testing import tiny_scenario as zk_table
from game.scenario.model import Area

# (rule set, a small table with a place to reach, options, the side word of the players' figures)
CASES = {
    "zombiekrieg": (
        lambda: zk_table(objective="exit", turn_limit=8, exits=((20, 0, 4, 4),)),
        {"sections": ["american"]},
        "allies",
    ),
    "outbreak": (lambda: outbreak_table(objective="escape", exits=((10, 0, 4, 2),)), {}, "players"),
    "zombie40k": (lambda: z40k_table(), {"teams": ["tactical_squad", "ork_boyz"]}, "players"),
}


def _bot_game(ruleset: str, seed: int):
    from game.ai import bot_for

    make, options, _ = CASES[ruleset]
    game = get_ruleset(ruleset).new_game(make(), dict(options), seed)
    bot = bot_for(ruleset)
    while not game.over and len(game.commands) < simulate.MAX_COMMANDS:
        game.apply(bot(game))
    return game


def _players(game, side: str) -> set[str]:
    return {e.figure for e in game.log if type(e).__name__ == "FigurePlaced" and e.side == side}


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_deaths_are_where_the_dead_lie_and_where_the_log_killed_them(ruleset):
    """Every player figure the log kills is counted once, where its base stands in the final state."""
    deaths: list[tuple[float, float]] = []
    killed: list[str] = []
    for seed in (1, 2, 3):
        game = _bot_game(ruleset, seed)
        result = simulate.measure(game, seed)
        assert not result.error
        players = _players(game, CASES[ruleset][2])
        killed_now = [
            e.figure for e in game.log if type(e).__name__ in ("Killed", "HumanTurned") and e.figure in players
        ]
        assert len(result.died) == len(killed_now)
        # a Zombie 40,000 squad respawns (rules: Player turn): a figure lies where it last died, if dead now
        last = {f for f in killed_now if game.figure(f).state == "dead"}
        lying = Counter((round(game.figure(f).position[0], 2), round(game.figure(f).position[1], 2)) for f in last)
        found = Counter((round(x, 2), round(y, 2)) for x, y in result.died)
        for (x, y), n in lying.items():  # the log's positions are rounded to 1e-4: match within that
            assert sum(m for (a, b), m in found.items() if math.dist((a, b), (x, y)) < 0.011) >= n
        deaths += result.died
        killed += killed_now
    if ruleset != "outbreak":  # the tiny Outbreak table loses few characters; the others lose some
        assert killed, f"no {ruleset} figure died in three seeded games: the test would prove nothing"


def _walked_nearest(game, side: str, zones: list[Area]) -> float:
    """The nearest approach measured the slow way: every move of a player figure in the log sampled
    every 0.01", each point's distance to the zones' outlines (0 inside)."""

    def to_zone(p):
        best = math.inf
        for z in zones:
            if z.contains(p):
                return 0.0
            pts = z.points
            for a, b in zip(pts, pts[1:] + pts[:1]):
                dx, dy = b[0] - a[0], b[1] - a[1]
                t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
                best = min(best, math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy))
        return best

    players = _players(game, side)
    best = math.inf
    for e in game.log:
        name = type(e).__name__
        if name == "FigurePlaced" and e.figure in players:
            best = min(best, to_zone(e.position))
        elif name == "Moved" and e.figure in players:
            for a, b in zip(e.path, e.path[1:]):
                steps = max(1, math.ceil(math.dist(a, b) / 0.01))
                for k in range(steps + 1):
                    best = min(best, to_zone((a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)))
        elif name in ("Exited", "Embarked") and e.figure in players:
            return 0.0
    return best


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_the_nearest_approach_is_what_the_logged_moves_give(ruleset):
    game = _bot_game(ruleset, 2)
    f = get_ruleset(ruleset).footprints(game)
    if ruleset == "zombie40k":
        zones = [Area(tuple((float(x), float(y)) for x, y in game.state.vehicle))]
        assert f.objective == "the escape vehicle"
    else:
        zones = [z.area for z in game.scenario.zones_of("exit")]
        assert f.objective == "the exit zone"
    walked = _walked_nearest(game, CASES[ruleset][2], zones)
    assert f.nearest is not None and f.nearest == pytest.approx(walked, abs=0.011)
    assert f.reached == (walked == 0.0 and any(type(e).__name__ in ("Exited", "Embarked") for e in game.log))


def test_an_objective_without_a_place_has_no_nearest_approach():
    from game.ai import bot_for

    game = get_ruleset("zombiekrieg").new_game(
        zk_table(objective="survive", turn_limit=2), {"sections": ["american"]}, 1
    )
    while not game.over:
        game.apply(bot_for("zombiekrieg")(game))
    f = get_ruleset("zombiekrieg").footprints(game)
    assert f.nearest is None and f.objective == "" and not f.reached


def test_every_built_in_rule_set_with_a_bot_tells_its_footprints():
    from game.ai import BOTS

    for key in sorted(set(BOTS) & {"zombiekrieg", "outbreak", "zombie40k"}):
        assert get_ruleset(key).footprints is not None, f"{key} has a bot but says nothing of where figures died"


# ---- the tracker's rules of thumb, scripted ------------------------------------------------------


def test_a_figure_that_moves_less_than_half_an_inch_and_does_not_fight_stalls():
    t = Tracker(players={"a", "b", "c"})
    for fid, x in (("a", 1.0), ("b", 5.0), ("c", 9.0)):
        t.place(fid, (x, 10.0))
    t.move("a", ((1.0, 10.0), (1.0 + STALL_INCHES - 0.01, 10.0)))  # shuffles: stalled
    t.move("b", ((5.0, 10.0), (5.0, 10.0 + STALL_INCHES)))  # half an inch: got on
    t.fight("c")  # held in close combat: not stalled
    t.end_turn()
    assert t.footprints().stalled == ((1.49, 10.0),)
    t.died("b")
    t.end_turn()  # the dead do not stall; a and c stood still this turn
    assert t.footprints().stalled == ((1.49, 10.0), (1.49, 10.0), (9.0, 10.0))
    assert t.footprints().died == ((5.0, 10.5),)


# ---- the report --------------------------------------------------------------------------------


def _results(ruleset: str, seeds=(1, 2, 3)):
    make, options, _ = CASES[ruleset]
    scenario = make()
    return scenario, [simulate.play_one(scenario, dict(options), s) for s in seeds]


def test_the_report_adds_up_every_death_and_stall_on_the_inch_grid():
    scenario, results = _results("zombie40k")
    report = simulate.build_report(results, scenario, {}, 1, 1.0, 1)
    ground = report["ground"]
    deaths = [p for r in results for p in r.died]
    assert ground["died"]["count"] == len(deaths) > 0
    assert sum(map(sum, ground["died"]["grid"])) == len(deaths)
    x, y = deaths[0]
    assert ground["died"]["grid"][int(y)][int(x)] >= 1
    assert len(ground["died"]["grid"]) == math.ceil(scenario.height) and len(
        ground["died"]["grid"][0]
    ) == math.ceil(scenario.width)
    assert ground["stalled"]["count"] == sum(len(r.stalled) for r in results)
    nearest = [r.nearest for r in results]
    a = ground["approach"]
    assert a["games"] == 3 and a["median"] == pytest.approx(statistics.median(nearest), abs=1e-3)
    assert a["reached"] == sum(r.reached for r in results)
    text = simulate.format_report(report)
    assert "Nearest approach to the escape vehicle: median" in text
    spot = ground["died"]["hot_spots"][0]
    assert f'most at ({spot["x"]:g}", {spot["y"]:g}")' in text


def test_hot_spots_are_where_the_points_crowd_in_inches():
    points = [(10.2, 10.4)] * 6 + [(10.9, 9.8)] * 3 + [(30.0, 20.0)] * 4 + [(2.0, 2.0)]
    spots = hot_spots(points, 40, 24)
    assert [(s["x"], s["y"], s["count"]) for s in spots] == [(10.5, 10.5, 9), (30.5, 20.5, 4)]
    assert spots[0]["share"] == pytest.approx(9 / 14, abs=1e-4)
    assert sum(map(sum, grid(points, 40, 24))) == len(points)


# ---- the pictures -------------------------------------------------------------------------------


def _lane_objects() -> list[str]:
    """A 28" x 20" Zombiekrieg lane: Allied start on the left, the exit on the right."""
    return [
        obj(1, "Allied start", "deploy", 1, 8, 6, 8, side="allies"),
        obj(2, "Graveyard", "spawn", 20, 2, 4, 4),
        obj(3, "Road out", "exit", 25, 8, 3, 8),
    ]


def test_heat_maps_are_real_pngs_of_the_table_beside_the_chart(tmp_path, capsys):
    pygame = pytest.importorskip("pygame")
    from game.ui.heat_map import FILES, picture_size, write_heat_maps
    from game.ui.sim_report import write_png

    path = write(tmp_path, "lane.tmx", tmx(width=28, height=20, objects=_lane_objects()))
    out = tmp_path / "report"
    code = simulate.main(
        str(path), games=2, seed=1, report=str(out), progress=False, picture=write_png, heat=write_heat_maps
    )
    assert code == 0
    printed = capsys.readouterr().out
    assert "Where Allied figures stalled" in printed and str(out / "heat_died.png") in printed
    assert {p.name for p in out.iterdir()} >= {"report.json", "report.png", *FILES.values()}
    for name in FILES.values():
        data = (out / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        # the table at its scale, the legend in a band below it (it covers none of the table)
        picture = pygame.image.load(str(out / name))
        assert picture_size(28, 20) == (560, 400)
        assert picture.get_width() == 560 and picture.get_height() > 400
        assert picture.get_at((550, picture.get_height() - 2))[:3] == (24, 24, 20)


def test_a_rule_set_that_needs_options_is_simulated_with_its_set_up_defaults(tmp_path, capsys, monkeypatch):
    """``deadground simulate maps/hive_street.tmx`` without --options used to stop with "the options are
    refused: options need teams". Zombie 40,000 now deals its roster round the seats by itself; a rule set
    that still refuses no options (Zombie 40,000 made to, here) is played with what pressing Begin plays,
    and the simulator says which options."""
    from game.rules.zombie40k import setup as z40k_setup

    objects = [
        obj(1, "Gunship", "escape_vehicle", 10, 1, 8, 4),
        obj(2, "Player 1", "deploy", 2, 14, 10, 5, player=1),
        obj(3, "West edge", "spawn", 0, 4, 2, 6),
    ]
    path = write(
        tmp_path,
        "hab.tmx",
        tmx(
            width=28,
            height=20,
            properties={"ruleset": "zombie40k", "title": "Hab", "turn_limit": 3},
            objects=objects,
        ),
    )
    assert simulate.main(str(path), games=1, progress=False) == 0  # the roster dealt round the seats
    captured = capsys.readouterr()
    assert captured.err == "" and "Nearest approach to the escape vehicle" in captured.out

    def refused(*_args):
        raise z40k_setup.OptionsError('options need "teams"')

    monkeypatch.setattr(z40k_setup, "rotated_teams", refused)
    assert simulate.main(str(path), games=1, progress=False) == 0
    captured = capsys.readouterr()
    assert "playing the set-up's defaults: --options '{\"teams\"" in captured.err
    assert "Nearest approach to the escape vehicle" in captured.out
    assert simulate.main(str(path), games=1, progress=False, options='{"teams": ["no_such_unit"]}') == 2
    assert "the options are refused" in capsys.readouterr().err


def test_two_jobs_still_play_after_a_picture_was_loaded_in_this_process(tmp_path):
    """Workers used to be forks of this process: after pygame had loaded a picture (the heat maps over
    the table) a forked worker could hang for ever on a lock. They now start from a clean server."""
    pygame = pytest.importorskip("pygame")
    from game.ui.heat_map import _display

    assert _display()
    pygame.image.load("maps/tiles/deadground.png").convert_alpha()
    path = write(tmp_path, "lane.tmx", tmx(width=28, height=20, objects=_lane_objects()))
    two = simulate.run(path, 2, seed=4, jobs=2)
    assert [r.winner for r in two] == [r.winner for r in simulate.run(path, 2, seed=4, jobs=1)]
