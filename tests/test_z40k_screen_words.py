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
