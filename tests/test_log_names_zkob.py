"""Names, never ids, in Zombiekrieg and Outbreak (issue 33, item 3): every word a player reads (the log, the
roster, the status line, the tooltips, the plates, the end screen) names a figure as a person would: a soldier
by his rank and a name of his nation ("Rifleman Novak"), a zombie by his number ("Zombie 4"), a character by
his name with its capitals; a bearing as a compass word; a roll told once; two people never share a name.
Through the views and the real match, as the players see them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from names_scan import scan

from game.replay import event_lines
from game.rules.core import get_ruleset
from game.rules.outbreak import events as ob_events
from game.rules.outbreak.commands import Fire as ObFire
from game.rules.outbreak.testing import rigged_game as ob_rigged
from game.rules.outbreak.view import OutbreakView
from game.rules.zombiekrieg.names import SURNAMES
from game.rules.zombiekrieg.report import report
from game.rules.zombiekrieg.testing import rigged_game, tiny_scenario
from game.rules.zombiekrieg.view import ZombiekriegView
from game.scenario import ScenarioError, load_scenario
from game.ui.match import Match
from game.ui.overlays import Label

MAPS = Path(__file__).resolve().parents[1] / "maps"
SGT, RFN = "us1-sgt", "us1-r1"
ZK_ID = re.compile(r"\b(?:us|gb|su)\d-\w+|\bz\d+\b")


@pytest.mark.parametrize("seed", [7, 185])
@pytest.mark.parametrize("name", ["small_town.tmx", "hollow_creek_farm.tmx", "normandy_village.tmx"])
def test_a_seeded_bot_games_log_names_every_figure(name: str, seed: int) -> None:
    """Today: "Dice, us1-r4 starting GUTS: D6 = 1: us1-r4 starts with GUTS 6", "z1 pace: D6 = 2: z1 moves 6"",
    "z2 shuffles toward 230 degrees", "Groundskeeper earl is killed (grappled by zombie z2)"."""
    found = scan(MAPS / name, seed)
    assert found == [], f"{len(found)} lines name a figure by id, e.g. {found[:3]}"


def bot_game(name: str, seed: int = 7):
    from game.ai import bot_for

    scenario = load_scenario(MAPS / name)
    game = get_ruleset(scenario.ruleset).new_game(scenario, {}, seed)
    bot = bot_for(scenario.ruleset)
    while not game.over and len(game.commands) < 3000:
        game.apply(bot(game))
    return game, event_lines(game, game.log)


def test_outbreak_says_bearings_and_capitals_as_a_player_would_and_tells_a_roll_once() -> None:
    game, lines = bot_game("hollow_creek_farm.tmx")
    text = "\n".join(lines)
    assert "degrees" not in text and re.search(r"shuffles toward the (north|south|east|west)", text)
    assert "Zombies' pace: " in text  # a move's paces on one line (test_ob_paces_log.py)
    assert " pace: D6" not in text.replace("'s pace: D6", "")  # a pace rolled alone (under fire): "Zombie 3's"
    # a name keeps its capitals where it starts a line ("Farmhand jed is killed" today)
    lowered = [f.name.capitalize() for f in game.state.figures.values() if f.name.capitalize() != f.name]
    assert lowered and not any(name in text for name in lowered)
    # a shot, a blow and a grapple each one line, with its die (the roll's own line left out)
    fired = [
        e for e in game.log if isinstance(e, ob_events.Fired)
    ]  # a jam too: "fires at Zombie 3: D6 = 1, the gun jams!"
    shots = [line for line in lines if " fires at Zombie " in line]
    assert fired and len(shots) == len(fired) and all("D6 = " in line for line in shots)
    assert not any(re.search(r" (shoots|strikes|grapples) Zombie \d+: ", line) for line in lines)
    assert "1 shots" not in text


def test_outbreak_tooltip_roster_and_shot_name_the_zombie_and_count_one_shot() -> None:
    g = ob_rigged(pcs={"pc1": (12, 20)}, zombies=[(12, 15)], dice=[5, 3, 2])
    v = OutbreakView()
    g.figure("z1").target = "pc1"
    tip = v.tooltip(g, "z1", v.look(g, "z1"))
    assert tip[0] == "Zombie 1" and f"goes for {g.figure('pc1').name}" in tip
    assert v.command_words(g, ObFire("pc1", "z1")).endswith("at Zombie 1")
    from game.rules.outbreak import acting

    row = v.roster(g, {}, {"pc1"})[0].rows[0]
    left = acting.shots_left(g.world, g.figure("pc1"))
    cells = [c.text for c in row.cells]
    assert f"{left} shot{'s' if left != 1 else ''} left" in cells and row.name == g.figure("pc1").name


def test_an_outbreak_line_keeps_the_capitals_of_a_name() -> None:
    g = ob_rigged(pcs={"pc1": (12, 20)}, zombies=[(12, 15)])
    g.figure("pc1").name = "Aunt Clara"
    line = " ".join(OutbreakView().log_lines(g, [ob_events.Killed("pc1", "grappled by z1")]))
    assert "Aunt Clara is killed (grappled by Zombie 1)" in line and "Aunt clara" not in line


def test_zombiekrieg_soldiers_have_names_of_their_nation_on_the_roster_tooltip_plate_and_status() -> None:
    g = rigged_game(soldiers={SGT: (12, 20, 270), RFN: (14, 20, 270)}, zombies=[(12, 11)], dice=[3, 4] * 8)
    view = ZombiekriegView()
    sgt, rfn = view.name(g, SGT), view.name(g, RFN)
    assert sgt.startswith("Sergeant ") and rfn.startswith("Rifleman ") and sgt.split()[1] != rfn.split()[1]
    assert {sgt.split(" ", 1)[1], rfn.split(" ", 1)[1]} <= set(SURNAMES["american"])
    rows = [row for group in view.roster(g, {}, {SGT, RFN}) for row in group.rows]
    assert [row.name for row in rows] == [f"Sgt {sgt.split(' ', 1)[1]}", f"Rfn {rfn.split(' ', 1)[1]}"]
    assert view.tooltip(g, SGT, view.look(g, SGT))[0].startswith(sgt)
    assert view.name(g, "z1") == "Zombie 1"

    m = Match(g, view)
    m.click(g.figure(SGT).position)
    assert m.status.startswith(f"{sgt} selected") and SGT not in m.status  # not "us1-sgt selected"
    m.hover(g.figure("z1").position)
    m.update(0.0)
    plate = [o.text for o in m.overlays() if isinstance(o, Label) and o.plate][-1]
    assert "FIRE at Zombie 1" in plate and not ZK_ID.search(plate), plate
    m.click(g.figure("z1").position)
    log = " ".join(view.log_lines(g, g.log))
    assert sgt in log and not ZK_ID.search(re.sub(r"<[^>]+>", "", log)), log


def test_zombiekrieg_names_are_the_same_every_game_of_a_map_and_leave_the_game_alone() -> None:
    scenario = load_scenario(MAPS / "normandy_village.tmx")
    view = ZombiekriegView()
    a = get_ruleset("zombiekrieg").new_game(scenario, {}, 7)
    b = get_ruleset("zombiekrieg").new_game(scenario, {}, 185)
    names = {fid: view.name(a, fid) for fid in a.state.figures if not a.figure(fid).is_zombie}
    assert names == {fid: view.name(b, fid) for fid in names}  # the map's men, whatever the seed
    assert len(set(names.values())) == len(names)
    data = str(a.state_data())
    assert not any(name.split(" ", 1)[1] in data for name in names.values())  # not kept in the game's state
    shown = report(a)
    assert all(not ZK_ID.search(row.name) for row in shown.roll)


def test_two_sections_of_one_nation_never_share_a_name() -> None:
    g = rigged_game(options={"sections": ["american", "american"]}, soldiers=None)
    view = ZombiekriegView()
    soldiers = [fid for fid in g.state.figures if not g.figure(fid).is_zombie]
    assert len({f[:3] for f in soldiers}) == 2
    surnames = [view.name(g, fid).split(" ", 1)[1] for fid in soldiers]
    assert len(set(surnames)) == len(surnames) == 22


def test_a_map_whose_two_people_share_a_name_is_refused_naming_the_map_and_both(tmp_path: Path) -> None:
    for folder in ("tiles", "templates"):
        shutil.copytree(MAPS / folder, tmp_path / folder)
    text = (MAPS / "small_town.tmx").read_text(encoding="utf-8")
    assert 'name="Paperboy"' in text and 'name="Trina"' in text
    (tmp_path / "small_town.tmx").write_text(text.replace('name="Paperboy"', 'name="trina"'), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(tmp_path / "small_town.tmx")
    message = str(caught.value)
    assert "small_town.tmx" in message and 'two people are called "Trina"' in message
    assert re.search(r'npc \d+ "trina"', message) and re.search(r'object \d+ "Trina"', message), message


def test_two_characters_of_the_set_up_may_not_share_a_name() -> None:
    scenario = load_scenario(MAPS / "small_town.tmx")
    ruleset = get_ruleset("outbreak")
    twins = {"characters": [{"name": "Ann", "player": 1}, {"name": "ann", "player": 1}]}
    with pytest.raises(ValueError, match=r"#2 \(ann\): character #1 has that name too"):
        ruleset.new_game(scenario, twins, 7)
    like_a_bystander = {"characters": [{"name": "Paperboy", "player": 1}]}
    with pytest.raises(ValueError, match=r"small_town\.tmx: the character 'Paperboy' .* bystander \d+ 'Paperboy'"):
        ruleset.new_game(scenario, like_a_bystander, 7)


def test_zombiekrieg_rolls_told_by_their_event_are_told_once() -> None:
    _, lines = bot_game("normandy_village.tmx")
    text = "\n".join(lines)
    assert "Dice, reaction table" not in text and "'s initiative" not in text
    assert re.search(r"Initiative \(Sergeant \w+, 2D6 = ", text)
    assert "degrees" not in text
    assert re.search(r"Dice, Rifleman [\w']+'s starting GUTS: D6 = \d: Rifleman [\w']+ starts with GUTS", text)


def test_tiny_scenario_names_come_from_its_title() -> None:
    a = rigged_game(scenario=tiny_scenario())
    b = rigged_game(scenario=tiny_scenario())
    view = ZombiekriegView()
    assert [view.name(a, f) for f in a.state.figures] == [view.name(b, f) for f in b.state.figures]


def test_an_outbreak_refusal_on_its_plate_names_the_zombie() -> None:
    """Today the plate read "z1 is out of range: 22.4" away, the pistol reaches 6"."."""
    from game.rules import drawing as d

    g = ob_rigged(pcs={"pc1": (12, 20)}, zombies=[(30, 5)])
    cmd = ObFire("pc1", "z1")
    preview = g.preview(cmd)
    assert not preview.legal and "z1" in preview.reason  # the rules' own words keep the id
    plates = [p.text for p in OutbreakView().drawing(g, cmd, preview) if isinstance(p, d.Plate)]
    assert plates and plates[0].startswith("Zombie 1 is out of range") and "z1" not in plates[0]


def test_a_zombie_destroyed_by_a_shot_is_told_in_one_line() -> None:
    """Today: "Sam the vet destroys z2?: D6 = 6 vs 4+: z2 destroyed", then "Zombie z2 is killed (shot by ...)"."""
    g = ob_rigged(pcs={"pc1": (12, 20)}, zombies=[(12, 14)], dice=[5, 3, 5])
    events = g.apply(ObFire("pc1", "z1"))
    assert any(isinstance(e, ob_events.Killed) for e in events)
    lines = OutbreakView().log_lines(g, events)
    told = [line for line in lines if "Zombie 1 is" in line or "destroyed" in line]  # no "is killed" after it
    assert len(told) == 1 and "PC 1's shot on Zombie 1: D6 = 5, destroyed." in told[0], lines


def test_the_longest_soldier_names_keep_a_roster_line_whole(app, monkeypatch) -> None:
    """Through the real game scene at 1280x800: a rank and the longest surnames of every nation ("LMG
    Bondarenko") stay on one row with the man's state word."""
    from game.rules.zombiekrieg import names

    longest = sorted((n for deck in SURNAMES.values() for n in deck), key=len, reverse=True)[:30]
    monkeypatch.setitem(names.SURNAMES, "american", tuple(longest))
    names.surnames.cache_clear()
    try:
        check_roster_lines(app, longest)
    finally:
        names.surnames.cache_clear()  # the next test deals from the real lists


def check_roster_lines(app, longest: list[str]) -> None:
    import html
    import random

    from test_ui_roster_fit import rendered_lines

    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    random.seed(4)
    app.start_game(GameSetup(load_entry(MAPS / "normandy_village.tmx")))
    app.run_frames(5)
    scene = app.scene
    rows = rendered_lines(scene.roster_box)
    figures = [line for line in scene.roster_html.split("<br>") if "<a href" in line]
    assert figures and any(n in scene.roster_html for n in longest[:3])
    for line in figures:
        name = re.search(r'<a href="[^"]*">([^<]*)</a>', line)[1]
        state = html.unescape(re.sub(r"<[^>]+>", "", line)).split()[-1]
        assert not ZK_ID.search(name)
        assert any(r.lstrip("> ").startswith(name) and r.endswith(state) for r in rows), (name, state, rows)


def test_zombiekrieg_a_zombie_out_of_range_reads_out_of_range_not_long_range() -> None:
    """A newcomer: "50.8" - long range (OUT OF RANGE)" contradicted itself. Out of range, the plate says only so."""
    g = rigged_game(soldiers={SGT: (2, 34, 270)}, zombies=[(46, 2)], dice=[3, 4] * 8)  # far beyond any rifle
    m = Match(g, ZombiekriegView())
    m.click(g.figure(SGT).position)
    m.hover(g.figure("z1").position)
    m.update(0.0)
    plate = [o.text for o in m.overlays() if isinstance(o, Label) and o.plate][-1]
    assert '" - OUT OF RANGE' in plate and "long range" not in plate, plate


def test_zombiekrieg_a_zombies_reaction_roll_is_told_once_on_screen() -> None:
    """A newcomer's log: "Dice, reaction table: D6 = 6: charge 6"..." then "Zombie reaction D6 = 6 (seen): charge
    6"...": the roll and the line that tells it began on screen one after the other, so the log told it twice."""
    from game.rules.zombiekrieg.commands import EndTurn

    g = rigged_game(soldiers={SGT: (12, 20, 270)}, zombies=[(12, 12), (20, 8)], dice=[4] * 80)
    logged: list[str] = []
    m = Match(g, ZombiekriegView(), log=logged.append)
    m.send(EndTurn())
    for _ in range(400):
        m.update(0.05)
    plain = [re.sub(r"<[^>]+>", "", line) for line in logged]
    assert any(line.startswith("Zombie reaction D6") for line in plain), plain
    assert not any(line.startswith("Dice, reaction table") for line in plain), plain


def test_zombiekrieg_a_shift_click_waypoint_behind_a_friend_is_reached_round_him() -> None:
    """A newcomer: the same point clicked alone went round Rifleman Doyle, but as a shift-click waypoint the
    leg to it ran straight into him ("Stops here: Rifleman Doyle"). The leg to the first waypoint is routed."""
    g = rigged_game(soldiers={SGT: (12, 20, 270), RFN: (12, 17, 270)}, dice=[3, 4] * 8)
    view = ZombiekriegView()
    m = Match(g, view)
    m.click(g.figure(SGT).position)
    m.click((12.0, 14.5), shift=True)  # just beyond the rifleman, straight ahead
    m.hover((14.0, 13.0))
    m.update(0.0)
    cmd = m.controller.preview_command
    assert cmd is not None and cmd.path[-1] == (14.0, 13.0), cmd
    walked = g.table.check_path([g.figure(SGT).position, *cmd.path], 0.5, mover=SGT)
    assert not walked.blocked_by.startswith("figure"), walked.blocked_by
    plates = " ".join(o.text for o in m.overlays() if isinstance(o, Label) and o.plate)
    assert "Stops here" not in plates, plates
