"""A 40k veteran's Hive Street game (session 43): the screen's words as a player reads them. Selecting the
sergeant read "Space Marine Sergeant selected: MOVE, SQUAD." in capitals, where the buttons read "Move" and
"Squad"; the status line lists what he may do as the buttons print it. Through the real match."""

from __future__ import annotations

from game.rules.zombie40k.game import new_game
from game.rules.zombie40k.testing import small_scenario
from game.rules.zombie40k.view import Z40View
from game.ui.match import Match


def test_selecting_a_model_lists_his_actions_as_the_buttons_read() -> None:
    g = new_game(small_scenario(), {"teams": ["infantry_squad"]}, seed=3)
    m = Match(g, Z40View())
    m.click(g.figure("p1-2").position)
    assert m.status.startswith("Guardsman 1 selected: Move, Squad"), m.status
    assert "MOVE" not in m.status and "SQUAD" not in m.status, m.status


def test_the_roster_shows_every_weapon_a_model_carries() -> None:
    """The sergeant's chainsword bought in the team builder (for his boltgun) is in his wargear in the game;
    the roster read only "Bolt pistol" (it left off close-combat weapons)."""
    team = {"unit": "tactical_squad", "models": 5, "sergeant": True, "sergeant_options": ["chainsword"]}
    g = new_game(small_scenario(), {"teams": [team]}, seed=3)
    assert g.figure("p1-1").weapons == ("bolt_pistol", "chainsword")
    roster = Match(g, Z40View()).roster()
    assert "Bolt pistol, Chainsword" in roster, roster


def test_the_dice_tray_lays_a_handful_out_highest_first_as_the_log_does() -> None:
    """The tray read "cover saves: 2 of 2 made on 5+ (rolled 5 6)" where the log read "(rolled 6 5)". The
    Overwatch to-hit dice rolled 1 then 6 (pinned): the tray's words, as the match gives them, say 6 1."""
    from game.rules.core import DiceRolled
    from game.rules.zombie40k import zombie_turn
    from game.rules.zombie40k.testing import rigged_game
    from game.ui.match import dice_of

    g = rigged_game({1: [(20, 30)]}, hordes=[[(20, 26)]], teams=[{"unit": "infantry_squad", "models": 10}],
                    dice=[5, 1, 6, 1])  # fmt: skip
    zombie_turn.shamble(g.world)
    roll = next(e for e in g.world.events if isinstance(e, DiceRolled) and tuple(e.faces) == (1, 6))
    m = Match(g, Z40View())
    shown = dice_of(roll)
    assert shown is not None
    assert "(rolled 6 1)" in m.words(shown.meaning), m.words(shown.meaning)
    line = next(x for x in Z40View().log_lines(g, g.world.events) if "hit on 6+" in x)
    assert "(rolled 6 1)" in line, line
