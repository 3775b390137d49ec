"""Demo mode logic (issue 5): bots in every seat, scenario after scenario of the registered rule
sets (others skipped), who is winning, hand-over to a player; a few hundred ticks headless. The
forces and the scoreboard come from the rule set (its demo_forces and Outcome, issue 9)."""

from __future__ import annotations

import pytest

from game.assets import assets_dir
from game.cli import main as cli
from game.demo import SURVIVORS, ZOMBIES, DemoDirector, DemoLoop, Tally, play_demo_games, standing
from game.rules.core import IllegalCommand


def test_only_scenarios_of_registered_rule_sets_with_a_bot_are_dealt():
    d = DemoDirector(seed=1)
    assert {sc.ruleset for sc in d.scenarios} == {"zombiekrieg", "outbreak", "zombie40k"}  # every shipped one
    assert not d.skipped


def test_a_rule_set_without_a_view_is_skipped_and_its_forces_come_from_the_rule_set(monkeypatch):
    import dataclasses

    from game.rules import core

    zk = core.get_ruleset("zombiekrieg")
    shipped = {key: core.get_ruleset(key) for key in ("zombiekrieg", "outbreak", "zombie40k")}
    for key, rules in shipped.items():
        monkeypatch.setitem(core.RULESETS, key, dataclasses.replace(rules, view=None))
    with pytest.raises(ValueError, match="cannot be shown on screen"):
        DemoDirector(seed=1)
    for key, rules in shipped.items():
        monkeypatch.setitem(core.RULESETS, key, rules)
    asked = []
    picker = lambda rng, sc: asked.append(sc.title) or {"sections": ["soviet"]}  # noqa: E731
    monkeypatch.setitem(core.RULESETS, "zombiekrieg", dataclasses.replace(zk, demo_forces=picker))
    deal = DemoDirector([assets_dir("maps") / "normandy_village.tmx"], seed=1).next_game()
    assert deal.options == {"sections": ["soviet"]} and asked == ["Normandy Village"]


def test_no_playable_scenario_is_a_clear_error(tmp_path):
    with pytest.raises(ValueError, match="no scenario to play"):
        DemoDirector([tmp_path / "nothing.tmx"])


NORMANDY = [
    assets_dir("maps") / "normandy_village.tmx"
]  # Zombiekrieg games only (the demo also deals Zombie 40,000)


def test_games_get_random_forces_fresh_seeds_and_a_bot_in_every_seat():
    d = DemoDirector(NORMANDY, seed=5)
    deals = [d.next_game() for _ in range(8)]
    assert len({g.seed for g in deals}) == 8
    assert len({tuple(g.options["sections"]) for g in deals}) > 1
    for deal in deals:
        game = deal.new_game()
        players = {f.player for f in game.state.allied()}
        assert players <= set(deal.bots)


def test_a_few_hundred_ticks_play_game_after_game_headless():
    loop = DemoLoop(DemoDirector(seed=2), pause_ticks=2)
    seen_over = False
    for _ in range(400):
        loop.tick()
        assert loop.status()
        seen_over |= bool(loop.game is not None and loop.game.over)
    assert loop.errors == []
    assert loop.games_started >= 2 and loop.games_finished >= 1 and seen_over
    assert sum(loop.tally.wins.values()) == loop.games_finished
    assert "Tonight:" in loop.tally.line()


def test_who_is_winning_is_shown_from_the_state():
    loop = DemoLoop(DemoDirector(NORMANDY, seed=3))
    loop.tick()
    line = standing(loop.game)
    assert line.startswith("Turn 1: Allies") and "Zombies" in line


def test_the_standing_counts_rounds_in_the_rule_sets_own_word_and_the_turn_the_screen_shows():
    """Issue 33 item 18: "Now: Turn 5" beside the header's "Move 4" (Outbreak calls a round a move)."""
    loop = DemoLoop(DemoDirector([assets_dir("maps") / "small_town.tmx"], seed=3))
    loop.tick()
    assert standing(loop.game, 4).startswith("Move 4")
    assert "Turn" not in standing(loop.game, 4)
    loop = DemoLoop(DemoDirector(NORMANDY, seed=3))
    loop.tick()
    assert standing(loop.game, 2).startswith("Turn 2: Allies")  # the shown turn, not the rules' own


def test_the_scoreboard_names_the_sides_in_words():
    """Issue 33 item 18: "Allies 0 : Zombies 0 : Player 1 1", "Tonight: player 1 1" read as garble."""
    tally = Tally()
    assert tally.line() == "Tonight: Survivors 0 \u2013 Zombies 0"
    for title, side in (("Hive Street", SURVIVORS), ("Small Town", ZOMBIES), ("Last Evac", ZOMBIES)):
        tally.add(title, side)
    assert tally.line() == "Tonight: Survivors 1 \u2013 Zombies 2"


def test_a_zombie_40k_standing_names_the_teams_in_words():
    """The demo's scoreboard read "Turn 2: P1 8 up - P2 8 up"."""
    loop = DemoLoop(DemoDirector([assets_dir("maps") / "hive_street.tmx"], seed=3))
    loop.tick()
    line = standing(loop.game)
    assert line.startswith("Turn 1: Player 1 ") and " up" in line and "P1" not in line


def test_every_rule_sets_winners_count_as_survivors_or_zombies():
    """A Zombie 40,000 team ("player 1"), Zombiekrieg's allies and Outbreak's players are all survivors."""
    loop = play_demo_games(4, seed=11)
    assert not loop.errors
    assert set(loop.tally.wins) <= {"Survivors", "Zombies", "Nobody"} and sum(loop.tally.wins.values()) == 4
    assert "player" not in loop.tally.line().lower()


def test_no_scenario_is_dealt_twice_running_and_each_comes_round():
    """Issue 33 item 18: the demo must never play the same scenario twice in a row."""
    for seed in range(6):
        d = DemoDirector(seed=seed)
        titles = [d.next_scenario().title for _ in range(40)]
        assert all(a != b for a, b in zip(titles, titles[1:])), (seed, titles)
        n = len(d.scenarios)
        assert all(len(set(titles[i : i + n])) == n for i in range(0, 40 - n, n))  # each once a round


def test_a_stuck_game_is_dropped_and_the_next_one_dealt():
    """A game whose bot commands change nothing (a rules fault) must not stall a club night."""
    loop = DemoLoop(DemoDirector(seed=5))
    loop.tick()
    stuck = loop.game
    stuck.apply = lambda cmd: []  # every command now does nothing
    for _ in range(60):
        loop.tick()
        if loop.game is not stuck:
            break
    assert loop.game is not stuck and any("stalled" in e for e in loop.errors)


def test_a_touch_hands_the_game_in_progress_to_the_player():
    loop = DemoLoop(DemoDirector(NORMANDY, seed=4))
    for _ in range(6):
        loop.tick()
    moment = loop.game.state_data()
    game, deal = loop.hand_over()
    assert game is not None and game.state_data() == moment and deal.bots
    assert loop.game is None
    # the player carries on with the same game: the rules still take commands
    from game.ai.zombiekrieg_bot import choose_command

    try:
        game.apply(choose_command(game))
    except IllegalCommand as exc:  # pragma: no cover
        pytest.fail(str(exc))


def test_play_demo_games_headless():
    loop = play_demo_games(2, seed=9)
    assert loop.games_finished == 2 and not loop.errors


def test_deadground_demo_headless(capsys):
    assert cli(["demo", "--headless", "--games", "1", "--seed", "3"]) == 0
    captured = capsys.readouterr()
    assert "Game 1: " in captured.out and "Traceback" not in captured.err
    assert " win: " in captured.out and "Tonight: " in captured.out


def test_the_demo_plays_every_rule_set_in_its_first_games():
    """Issue 33 (club night): five minutes of the demo showed only Zombie 40,000 maps (it has three of the
    six); the rule sets take turns, so the first three games show all three, and each comes round again."""
    for seed in range(8):
        d = DemoDirector(seed=seed)
        rulesets = {sc.ruleset for sc in d.scenarios}
        dealt = [d.next_scenario().ruleset for _ in range(12)]
        k = len(rulesets)
        assert set(dealt[:k]) == rulesets, (seed, dealt)
        assert set(dealt[len(d.scenarios) : len(d.scenarios) + k]) == rulesets, (seed, dealt)
