"""Which sound an event makes (ids from sounds/manifest.toml); the Sounds object plays them.

>>> from game.rules.zombiekrieg.events import KnockedDown
>>> sound_of(KnockedDown("z1"), weapon_class=lambda fid: "", is_zombie=lambda fid: True)
'knockdown'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FIRE_SOUNDS = {"smg": "smg", "lmg": "lmg"}  # every rifle class sounds like a rifle


def sound_of(
    ev: Any, weapon_class: Callable[[str], str], is_zombie: Callable[[str], bool], turn: int = 0
) -> str | None:
    """The sound for one event, or None. ``weapon_class`` names the firer's weapon class and
    ``is_zombie`` tells the dead apart (asked of the rules, not read from the figure's id)."""
    kind = type(ev).__name__
    if kind == "Fired":
        return FIRE_SOUNDS.get(weapon_class(ev.figure), "rifle")
    if kind == "KnockedDown":
        return "knockdown"
    if kind == "Killed":
        return "death_zombie" if is_zombie(ev.figure) else "death_soldier"
    if kind == "MeleeAttack":
        return "hit"
    if kind == "DiceRolled":
        return "dice"
    if kind == "Ordered":
        return "whistle"
    if kind == "ReactionRolled":
        return f"groan_{turn % 3 + 1}"
    if kind == "ZombieMoved":
        return "shamble"
    if kind == "Moved":
        return "footsteps"
    if kind == "TurnStarted":
        return "turn"
    if kind == "GameOver":
        return "victory" if ev.winner == "allies" else "defeat"
    return None
