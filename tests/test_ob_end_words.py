"""The Outbreak end screen's words: no "Best survivor: ... 0 zombies" after a game in which no survivor
killed a zombie."""

from __future__ import annotations

from pathlib import Path

from game.rules.core import get_ruleset
from game.scenario import load_scenario

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_no_best_survivor_when_no_survivor_killed_a_zombie() -> None:
    rules = get_ruleset("outbreak")
    game = rules.new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    kills = rules.report(game).data["kills"]
    assert not any(kills.get(p.id) for p in game.state.pcs())  # the quiet start: only an NPC may have one
    assert rules.report(game).citation == ""


def test_one_zombie_appears_and_comes_out() -> None:
    """The log said "1 zombie appear at Open grave" and "1 zombie come out of Open grave"."""
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.view import OutbreakView

    game = get_ruleset("outbreak").new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    spawn = game.state.spawns[0]
    one = OutbreakView().log_lines(game, [ev.ZombiesGenerated(spawn.id, 1, ("z99",))])
    assert "1 zombie comes out." in one[0], one


def end_screen_words(app, report) -> list[str]:
    """Every text the end screen draws for ``report`` (its own drawing, recorded as it writes)."""
    import pytest

    from game.ui.scenes import end

    drawn: list[str] = []
    real = end._line
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(end, "_line", lambda pic, text, *a, **k: drawn.append(text) or real(pic, text, *a, **k))
        app.push(end.EndScene(app, report))
        app.run_frames(3)
    return drawn


def test_the_roll_reads_in_words_and_the_best_survivor_is_alive(app) -> None:
    """The roll read "0 -> 0 =" for a character who killed nothing, and a dead character was best survivor."""
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.testing import rigged_game

    game = rigged_game(pcs={"pc1": (5, 5), "pc2": (10, 5), "pc3": (15, 5)}, zombies=[(30, 30)] * 3)
    for z, by in (("z1", "pc1"), ("z2", "pc1"), ("z3", "pc2")):
        game.state.figures[z].state = "dead"
        game.log.append(ev.Killed(z, f"shot by {by}"))
    game.state.figures["pc1"].state = "dead"  # the most kills, then killed
    report = get_ruleset("outbreak").report(game)
    assert (report.citation_title, report.citation) == ("BEST SURVIVOR", "PC 2: 1 zombie")
    drawn = end_screen_words(app, report)
    roll = drawn[drawn.index("THE GROUP: 3") :]
    assert "PC 2" in roll and "killed 1 zombie, alive" in roll and "PC 3" in roll and "killed none, alive" in roll
    assert "PC 1" in roll and "killed 2 zombies, fell" in roll  # the fallen are on the roll, not only counted
    assert "=" not in roll and "0" not in roll  # no "0 -> 0 =" row
    assert "PC 2: 1 zombie" in drawn and "PC 1: 2 zombies" not in drawn


def test_when_only_the_fallen_killed_the_line_says_they_fell(app) -> None:
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.testing import rigged_game

    game = rigged_game(pcs={"pc1": (5, 5), "pc2": (10, 5)}, zombies=[(30, 30)])
    game.state.figures["z1"].state = "dead"
    game.log.append(ev.Killed("z1", "struck by pc1"))
    game.state.figures["pc1"].state = "turned"
    report = get_ruleset("outbreak").report(game)
    assert (report.citation_title, report.citation) == ("FELL FIGHTING", "PC 1: 1 zombie before turning")


def test_the_fallen_top_killer_is_named_and_every_kill_is_credited(app) -> None:
    """Trina killed 5 zombies and died; the report named only the best survivor (1 zombie) and said 19
    zombies killed with 3 credited (the bystanders' kills in their grapples went unsaid)."""
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.testing import rigged_game

    game = rigged_game(pcs={"pc1": (5, 5), "pc2": (10, 5)}, npcs={"npc1": (15, 5)}, zombies=[(30, 30)] * 4)
    for z, by in (
        ("z1", "shot by pc1"),
        ("z2", "struck by pc1"),
        ("z3", "shot by pc2"),
        ("z4", "grappled by npc1"),
    ):
        game.state.figures[z].state = "dead"
        game.log.append(ev.Killed(z, by))
    game.state.figures["pc1"].state = "dead"
    report = get_ruleset("outbreak").report(game)
    assert (report.citation_title, report.citation) == ("BEST SURVIVOR", "PC 2: 1 zombie")
    drawn = " ".join(end_screen_words(app, report))
    assert "Fell fighting: PC 1 (2 zombies, the most of anyone, then fell)" in drawn
    assert "Zombies killed, 4 in all: 2 by PC 1, 1 by PC 2," in drawn and "1 by the bystanders" in drawn


def test_the_roll_names_the_fallen_and_the_bystanders_led_out_or_left_behind(app) -> None:
    """A newcomer's Small Town win: the Paperboy and Mrs Pearson, alive, were named nowhere on the end screen,
    and a dead character was only a number in the counts."""
    from game.rules.outbreak.testing import rigged_game

    game = rigged_game(
        pcs={"pc1": (5, 5), "pc2": (10, 5)},
        npcs={"npc1": (15, 5), "npc2": (20, 5), "npc3": (25, 5)},
        zombies=[(30, 30)],
    )
    st = game.state
    st.figures["pc1"].state = "turned"
    st.figures["pc2"].state = "exited"
    st.figures["npc1"].state, st.figures["npc2"].state = "exited", "dead"
    rows = {r.name: r for r in get_ruleset("outbreak").report(game).roll}
    names = {f.id: f.name or f.id for f in st.figures.values()}
    assert rows[names["pc1"]].words == "killed none, turned" and not rows[names["pc1"]].marked
    assert rows[names["pc2"]].marked  # got away
    assert rows[names["npc1"]].marked and rows[names["npc1"]].mark == "led out"
    assert rows[names["npc3"]].words == "bystander, left behind"
    assert rows[names["npc2"]].words == "bystander, fell"  # named with his fate (test_ob_end_group)
    drawn = end_screen_words(app, get_ruleset("outbreak").report(game))
    assert names["npc3"] in drawn and "bystander, left behind" in drawn


def test_every_character_has_a_fate_line_alive_and_not_out_too(app) -> None:
    """A newcomer's Small Town loss: a character alive at the end, not out by the exit, read only "killed none" on
    the end screen, no word of his end (issue ob44 item 7)."""
    game = get_ruleset("outbreak").new_game(load_scenario(MAPS / "small_town.tmx"), {}, 3)
    pcs = list(game.state.pcs())
    pcs[0].state, pcs[1].state = "dead", "exited"  # pcs[2] and on: alive on the table
    report = get_ruleset("outbreak").report(game)
    rows = {r.name: r for r in report.roll}
    alive = rows[pcs[2].name or pcs[2].id]
    assert alive.words.endswith(", alive"), alive.words
    assert all(r.words.endswith((", alive", ", fell", ", turned")) or r.marked for r in report.roll[: len(pcs)])
    drawn = " ".join(end_screen_words(app, report))
    assert "alive: still in, did not reach the exit" in drawn
