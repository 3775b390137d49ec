"""Outbreak's words for a move that closes in to fight (a newcomer's Small Town game): the log said "Jo the
mechanic rolls to move: D6 = 3, runs up to 6"" for a walk into a zombie (the rules' movement roll gives a
move's length; closing in is no run), and the dice tray called Trina "him" ("nobody runs after him"). Through
the screen's Match: its log lines, its dice tray and the move's preview plate."""

from __future__ import annotations

from game.rules.core import get_ruleset
from game.rules.outbreak import Move
from game.rules.outbreak.testing import rigged_game
from game.ui.match import Match
from game.ui.overlays import Label

RS = get_ruleset("outbreak")


def test_closing_in_reads_as_the_movement_roll_and_names_her() -> None:
    game = rigged_game(
        pcs={"pc1": (12, 20), "pc2": (13.5, 21)}, zombies=[(12, 16)], dice=[3] * 20, weapons={"pc1": ("", "knife")}
    )
    game.state.figures["pc1"].name = "Trina"
    lines: list[str] = []
    match = Match(game, RS.view(), log=lines.append)
    match.select("pc1")
    match.hover((12.0, 16.2))  # the click on the zombie: she walks into it
    match.update(0.01)
    plate = "\n".join(o.text for o in match.overlays() if isinstance(o, Label) and o.plate)
    assert "no gun to shoot with: Trina closes in to fight" in plate, plate
    assert plate.startswith('moves 3.2" \u00b7 frozen 17%') and " he " not in plate, plate  # the roll, no run
    match.send(Move("pc1", ((12.0, 17.05),), followers=("pc2",)))
    tray: list[str] = []
    for _ in range(200):
        match.update(0.05)
        if match.dice is not None and match.dice.meaning not in tray:
            tray.append(match.dice.meaning)
    said = "\n".join(lines)
    assert "Trina's movement roll: D6 = 3, moves up to 6\"." in said, said
    assert "runs up to" not in said and "rolls to move" not in said, said
    assert any("Trina closes in to fight: nobody follows" in t for t in tray), tray
    assert not any("him" in t.split() for t in tray), tray


def test_a_grabbed_or_blocked_character_is_not_called_he() -> None:
    """Trina held by a zombie read "a grabbed man cannot move; he fights at the close combat step"; a blocked
    move "stays where he is"; words about a named character now use her name or none."""
    from game.controller import Click, Controller
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.view import OutbreakView

    game = rigged_game(pcs={"pc1": (12, 20), "pc2": (4, 4)}, zombies=[(12, 19), (2, 12)], dice=[])
    game.state.figures["pc1"].name = "Trina"
    ctl = Controller(game, OutbreakView())
    ctl.handle(Click((12.0, 20.0)))
    said = ctl.handle(Click((16.0, 20.0))).message  # the ground: run there
    assert said.startswith("Trina is held by Zombie 1") and " he " not in said and " man " not in said, said
    blocked = OutbreakView().log_lines(game, [ev.Moved("pc1", ((12.0, 20.0), (12.0, 20.0)), 0.0, 0.0)])
    assert not any(" he " in line or "him" in line for line in blocked), blocked
