"""The rule-set contract for Outbreak (game/rules/contract.py): set-up as data (characters named and
armed per player, rules: Outbreak "Forces"), the view (turn line with the step, roster with the
states, token looks, actions with reasons, previews as primitives, event texts/sounds/animations),
the rules reference with its house values, the report, the simulator outcome and the invariants."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import bot_for
from game.rules import drawing as d
from game.rules.contract import Action, Look, Outcome, Report, RosterGroup, Section, TokenLook
from game.rules.core import get_ruleset
from game.rules.outbreak import EndStep, Fire, Move
from game.rules.outbreak.events import Fired, Moved, PlayerStarted
from game.rules.outbreak.testing import rigged_game
from game.scenario import load_scenario

MAPS = Path(__file__).resolve().parent.parent / "maps"
RS = get_ruleset("outbreak")


@pytest.mark.parametrize("name", ["small_town", "hollow_creek_farm"])
def test_setup_spec_answers_options_round_trip(name):
    sc = load_scenario(MAPS / f"{name}.tmx")
    spec = RS.setup.spec(sc)
    assert spec.players_min == 1 and spec.players_max >= 1
    figs = spec.per_player[0]
    assert [g.key for g in figs.gear] == ["ranged", "melee"] and figs.default_names
    answers = {
        "players": 2,
        "each": [
            {"characters": [{"name": "Ann", "ranged": "shotgun", "melee": "knife"}]},
            {"characters": [{"name": "Bo", "ranged": "none", "melee": "bat"}]},
        ],
        "game": {"caught_running_first_blow": True, "all_aware_after_outbreak_move": False},
    }
    assert RS.setup.refusals(sc, answers) == []
    options = RS.setup.options(sc, answers)
    g = RS.new_game(sc, options, 3)
    assert [(p.name, p.player, p.ranged, p.melee) for p in g.state.pcs()] == [
        ("Ann", 1, "shotgun", "knife"),
        ("Bo", 2, "", "bat"),
    ]
    back = RS.setup.answers(sc, options)
    assert RS.setup.options(sc, back) == options
    assert "Ann" in RS.setup.describe(options)
    bad = {**answers, "each": [{"characters": []}, answers["each"][1]]}
    assert RS.setup.refusals(sc, bad)


def test_view_of_a_position():
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 20)}, zombies=[(12, 15), (20, 4)], dice=[])
    g.figure("z2").aware = False
    v = RS.view()
    assert v.turn_line(g) == "Move 2 · spot, move or fire · Player 1"
    assert v.objective_line(g) == "Survive · 9 of 10 moves left"
    acts = {a.key: a for a in v.actions(g, "pc1")}
    assert acts["fire"].available and acts["move"].available and not acts["clear"].available
    assert acts["clear"].reason == "The gun is not jammed."
    assert not v.actions(g, "pc2")[1].available  # out of range: says why
    assert v.look(g, "z2").badge == "?" and v.look(g, "z1").badge == ""  # an unspotted zombie looks different
    assert v.token(g, "pc1", v.look(g, "pc1")).side == "allies"
    assert v.default_action(g, "pc1", "z1") == "fire" and v.default_action(g, "pc1", None) == "move"
    assert v.selectable(g, "z1") and not v.selectable(g, "pc1")
    cmd = v.command(g, "pc1", "fire", __import__("game.rules.contract", fromlist=["Aim"]).Aim(targets=("z1",)))
    assert cmd == Fire("pc1", "z1")
    prims = v.drawing(g, cmd, g.preview(cmd))
    assert any(isinstance(p, d.Sight) for p in prims) and any(isinstance(p, d.Plate) for p in prims)
    # where the zombie is after each third: every third is marked (thirds ending on one spot share
    # a mark), and the one where it reaches the shooter says so, on the mark and on the odds
    marks = [p.label for p in prims if isinstance(p, d.Area)]
    thirds = {k for m in marks for k in m.split(":")[0].removeprefix("third ").split("/")}
    assert thirds == {"1", "2", "3"}
    assert any(m.endswith(": at PC 1") for m in marks)
    assert "it reaches PC 1 by third" in [p for p in prims if isinstance(p, d.Plate)][0].text
    mv = Move("pc1", ((18, 20),))
    prims = v.drawing(g, mv, g.preview(mv))
    plate = [p for p in prims if isinstance(p, d.Plate)][0]
    assert "frozen" in plate.text and "17%" in plate.text
    assert any(isinstance(p, d.Ring) for p in v.reach(g, "pc1", v.look(g, "pc1"), v.actions(g, "pc1")))
    g.figure("pc1").jammed = True
    g.figure("pc1").tired = True
    groups = v.roster(g, {}, {"pc1"})
    assert isinstance(groups[0], RosterGroup) and groups[0].acting
    words = [c.text for c in groups[0].rows[0].cells]
    assert "jammed" in words and "tired" in words
    assert v.can_end_turn(g) == "" and v.end_turn(g) == EndStep()
    assert v.command_words(g, Fire("pc1", "z1")) == "Shot by Character PC 1 at Zombie 1"
    assert "Move 2" in v.turn_line(g, turn=2) and "zombies moving" in v.turn_line(g, opponent_moving=True)
    assert v.miss(g, "pc1", "fire", None) == "Click a zombie to shoot."


@pytest.mark.parametrize("name", ["small_town", "hollow_creek_farm"])
def test_whole_game_through_the_view(name):
    sc = load_scenario(MAPS / f"{name}.tmx")
    g = RS.new_game(sc, {}, 11)
    v = RS.view()
    bot = bot_for("outbreak")
    lines = v.log_lines(g, g.log)
    seen_anim = set()
    while not g.over:
        for f in g.figures:
            look = v.look(g, f.id)
            assert isinstance(v.token(g, f.id, look), TokenLook)
            assert v.tooltip(g, f.id, look) and isinstance(v.summary(g, f.id), str)
            if f.is_pc and not v.selectable(g, f.id):
                acts = v.actions(g, f.id)
                assert len(acts) == len(v.action_kinds) and all(isinstance(a, Action) for a in acts)
                assert all(a.reason for a in acts if not a.available)
        assert v.turn_line(g) and v.objective_line(g) and v.roster(g, {}, set())
        cmd = bot(g)
        v.drawing(g, cmd, g.preview(cmd))
        events = g.apply(cmd)
        assert RS.invariants(g) == []
        lines += v.log_lines(g, events)
        for e in events:
            a = v.animation(e)
            if a is not None:
                seen_anim.add(a.kind)
            v.sound(g, e)
            if isinstance(e, PlayerStarted):
                assert v.handoff(g, e)[0] == e.player
    assert all(isinstance(x, str) and x for x in lines)
    assert "move" in seen_anim
    text, bad = v.result(g)
    assert text.startswith("Game over") and bad == (g.winner != "players")
    assert v.turn_of(g.log[0]) is None and any(v.turn_of(e) == 1 for e in g.log)
    rep = RS.report(g)
    assert isinstance(rep, Report) and rep.headline in ("VICTORY", "DEFEAT") and rep.series
    out = RS.outcome(g)
    assert isinstance(out, Outcome) and out.human_win == (g.winner == "players")
    assert set(out.figures) <= set(RS.outcome_labels)


def test_reference_says_the_characters_wait_for_the_outbreak():
    """The rules help (and docs/rules/outbreak.md) tells a designer what his first simulations showed him the
    hard way: the players' characters stand still through the quiet start, while the generation points roll."""
    (sec,) = [s for s in RS.reference(None, {}) if s.title == "Before the outbreak"]
    text = " ".join(getattr(b, "text", "") for b in sec.body)
    assert "the players' characters stand where they started" in text and "generation points roll" in text


def test_reference_covers_the_section_and_marks_house_values():
    secs = RS.reference(None, {})
    assert all(isinstance(s, Section) for s in secs)
    titles = [s.title for s in secs]
    for t in (
        "Forces",
        "Before the outbreak",
        "Spotting",
        "Movement",
        "The move sequence",
        "Shooting in thirds",
        "Close combat",
        "Bites",
        "Winning",
        "House values",
    ):
        assert t in titles
    house = [p for s in secs for p in s.body if getattr(p, "house", False)]
    assert len(house) >= 10


def test_demo_forces_start_a_game():
    import random

    sc = load_scenario(MAPS / "small_town.tmx")
    opts = RS.demo_forces(random.Random(1), sc)
    assert RS.new_game(sc, opts, 1).state.players == opts["players"]


def test_events_log_each_roll_and_result():
    g = rigged_game(pcs={"pc1": (12, 20), "pc2": (2, 2)}, zombies=[(12, 14)], dice=[5, 3, 2])
    v = RS.view()
    events = g.apply(Fire("pc1", "z1"))
    text = " ".join(v.log_lines(g, events))
    # the shot's die told once, in the shot's own line, the zombie by his number
    assert "fires at Zombie 1: D6 = 5, hit in the second third of its move" in text and "keeps coming" in text
    assert "shoots" not in text and "z1" not in text
    assert v.animation([e for e in events if isinstance(e, Fired)][0]).kind == "shot"
    assert [e for e in events if isinstance(e, Moved)] == []
    assert isinstance(v.look(g, "z1"), Look)


def test_a_character_named_character_1_is_not_called_character_character_1():
    """A newcomer's status line read 'Character Character 1 selected': a default survivor's name already says
    what he is."""
    g = rigged_game(pcs={"pc1": (12, 20)}, dice=[])
    v = RS.view()
    g.figure("pc1").name = "Character 1"
    assert v.name(g, "pc1") == "Character 1"
    g.figure("pc1").name = "Sheriff Dale"
    assert v.name(g, "pc1") == "Character Sheriff Dale"
