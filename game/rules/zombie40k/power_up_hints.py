"""What a power-up button does, said on its tooltip in this game's words (newcomers, session 46: the tooltips were
one line for any power-up, "ARM this model with the squad's Chainsaw or Shotgun"): the power-up the acting squad
carries, named and told from the data's power-up table (``[power_up_table]``, its source notes taken out), and
for the two choice buttons what each choice is now.

>>> from game.rules.zombie40k.testing import rigged_game
>>> g = rigged_game({1: [(10, 30)]})
>>> g.state.units["p1"].power_ups.append("shotgun")
>>> button_hint(g, "arm")[:43]
'ARM this model with the Shotgun: One model:'
>>> button_hint(g, "move")
''
"""

from __future__ import annotations

from game.rules.zombie40k import power_ups
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.reference import prose
from game.rules.zombie40k.state import Unit

# the carried power-ups each button uses, and how its tooltip begins (its key closes it)
BUTTONS = {
    "arm": ((power_ups.CHAINSAW, power_ups.SHOTGUN), "ARM this model with the", "G"),
    "tape_attack": ((power_ups.DUCT_TAPE,), "DUCT TAPE this model's Attacks with the", "A"),
    "tape_shot": ((power_ups.DUCT_TAPE,), "DUCT TAPE this model's shots with the", "H"),
    "speed": ((power_ups.SPEED_PACK,), "ACTIVATE the", "S"),
    "revive": ((power_ups.DEFIBRILLATOR,), "USE the", "D"),
}
CHOICES = {"choice_1": 1, "choice_2": 2}


def button_hint(game: Zombie40kGame, key: str) -> str:
    """The tooltip of power-up button ``key`` for the acting player's squad: what its power-up does ("ARM this
    model with the Shotgun: One model: 12", hits a zombie on 2+ ... (G)"), or what choice 1 or 2 is now;
    "" for any other button (its own hint says it), and while the squad carries nothing the button uses."""
    squad = _acting_squad(game)
    if squad is None:
        return ""
    if key in CHOICES:
        return _choice_hint(game, squad, CHOICES[key])
    if key not in BUTTONS:
        return ""
    items, head, letter = BUTTONS[key]
    carried = [k for k in items if k in squad.power_ups]
    if not carried:
        return ""
    first, *later = carried  # the button gives the first the squad carries (the Chainsaw before the Shotgun)
    then = f"; the next {letter} gives the {_name(game, later[0])}" if later else ""
    return f"{head} {_name(game, first)}{_count(squad, first)}: {_effect(game, first)} ({letter}{then})"


def _choice_hint(game: Zombie40kGame, squad: Unit, n: int) -> str:
    """Choice button ``n`` now: "POWER-UP 1: keep 8 Shotgun: One model: ..." or "POWER-UP 1: roll twice and keep
    one"; "" while no choice is owed."""
    if not power_ups.waiting(game.world, squad):
        return ""
    options = power_ups.choice_options(game.world, squad)
    if n > len(options):
        return ""
    said = f"POWER-UP {n}: {options[n - 1]}"
    if squad.power_up_offer:  # keep one of two rolls: what that result does
        said += f": {prose(power_ups.entry(game.world, squad.power_up_offer[n - 1])['effect'])[0]}"
    return f"{said} ({n})"


def _acting_squad(game: Zombie40kGame) -> Unit | None:
    s = game.state
    if s.active_player is None or f"p{s.active_player}" not in s.units:
        return None
    return s.squad_of(s.active_player)


def _count(squad: Unit, key: str) -> str:
    """The words " (2 carried)" where the squad carries more than one (Duct Tape, Medpacks), else ""."""
    n = squad.power_ups.count(key)
    return f" ({n} carried)" if n > 1 else ""


def _name(game: Zombie40kGame, key: str) -> str:
    return power_ups.name_of(game.world, key)


def _effect(game: Zombie40kGame, key: str) -> str:
    """The power-up's effect as the data tells it, without its source notes."""
    return prose(power_ups.effect_of(game.world, key))[0]
