"""The coherency trap a 40k veteran fell into (rules: Zombie 40,000, Movement: coherency [7th]). Mid-phase a
Marine moved back, far from his squad, with no word in the preview (legal while squad-mates still move); that
left the last one unable to move at all, refused in words that read as allowed ("would be 1.2" from the
nearest ... (coherency is 2")"); and E then said only "2 models have not acted". Now the preview warns, the
refusal names the groups and the gap between them, and E says the squad is out of coherency."""

from __future__ import annotations

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.core import get_ruleset
from game.rules.drawing import Plate
from game.rules.zombie40k.names import player_words
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

Z40K = get_ruleset("zombie40k")
SERGEANT, G1, G2 = (18.0, 38.0), (19.5, 38.0), (21.0, 38.0)


def _plate(g, ctl) -> str:  # noqa: ANN001
    return next(d.text for d in ctl.view.drawing(g, ctl.preview_command, ctl.preview) if isinstance(d, Plate))


def _moved(ctl: Controller, start: tuple[float, float], end: tuple[float, float]) -> None:
    ctl.handle(Click(start))
    assert ctl.handle(Click(end)).accepted, ctl.message
    ctl.handle(AnimationDone())


def _g2_back() -> tuple:  # type: ignore[type-arg]
    """The Sergeant steps aside; Guardsman 2 goes 6" back while Guardsman 1 is still to move."""
    g = rigged_game({1: [SERGEANT, G1, G2]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    _moved(ctl, SERGEANT, (18.0, 37.0))
    ctl.handle(Click(G2))
    ctl.handle(Hover((21.0, 44.0)))
    return g, ctl


def test_a_mid_phase_move_that_leaves_the_squad_out_of_coherency_is_warned_in_its_preview() -> None:
    g, ctl = _g2_back()
    plate = _plate(g, ctl)
    assert "would stand out of coherency" in plate and "Guardsman 2" in plate, plate
    assert "those still to move must close it up" in plate, plate
    assert ctl.handle(Click((21.0, 44.0))).accepted  # legal [7th]: warned, not refused


def test_a_mid_phase_move_in_coherency_is_not_warned() -> None:
    g = rigged_game({1: [SERGEANT, G1, G2]}, phase=Phase.MOVEMENT)
    ctl = Controller(g, Z40K.view())
    ctl.handle(Click(G2))
    ctl.handle(Hover((21.0, 36.5)))
    assert "out of coherency" not in _plate(g, ctl)


def test_the_last_ones_refusal_names_the_gap_between_the_groups() -> None:
    g, ctl = _g2_back()
    ctl.handle(Click((21.0, 44.0)))
    ctl.handle(AnimationDone())
    ctl.handle(Click(G1))
    refused = ctl.handle(Click((17.0, 38.5)))  # 1" from the Sergeant, further from Guardsman 2
    assert not refused.accepted
    words = player_words(g, refused.message)  # (the screen names the ids as the roster does)
    assert "out of coherency and must close up" in words, words
    assert 'Guardsman 2 stands 5.2" from the rest of the squad (Guardsman 1)' in words, words
    assert 'after that move Guardsman 2 would stand 5.9" from it' in words, words
    assert "between the groups, not only from Guardsman 1 to his nearest squad-mate" in words, words


def test_ending_the_phase_out_of_coherency_says_so() -> None:
    g, ctl = _g2_back()
    ctl.handle(Click((21.0, 44.0)))
    ctl.handle(AnimationDone())
    asked = ctl.handle(Button("end_turn"))
    assert "1 model has not acted, and Infantry Squad is out of coherency (Guardsman 2" in asked.message, (
        asked.message
    )
    assert "must close up in its next move: press E again" in asked.message, asked.message
