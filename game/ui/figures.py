"""Rules figures as tokens and as words: the sprite, the side, the name a player reads.

>>> from game.rules.zombiekrieg.state import Figure
>>> f = Figure(id="us1-r3", side="allies", position=(3, 4), facing=0, nation="american", role="rifleman")
>>> sprite_of(f), name_of(f)
('tokens.soldier_american_rifleman', 'Rifleman us1-r3')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ui.tokens import TokenView

Point = tuple[float, float]

ROLE_NAMES = {
    "sergeant": "Sergeant",
    "corporal": "Corporal",
    "rifleman": "Rifleman",
    "smg": "SMG gunner",
    "lmg": "LMG gunner",
    "zombie": "Zombie",
}
STATE_WORDS = {"standing": "standing", "knocked_down": "knocked down", "dead": "dead", "exited": "off the table"}
NATIONS = ("american", "british", "soviet")
SOLDIER_ROLES = ("sergeant", "corporal", "rifleman", "smg", "lmg")


@dataclass
class Look:
    """How a figure is shown right now: the rules' state, or a step behind it while events play."""

    position: Point
    facing: float
    state: str  # standing | knocked_down | dead | exited
    guts: int


def look_of(f: Any) -> Look:
    return Look(tuple(f.position), float(f.facing), f.state, int(getattr(f, "guts", 0)))


def sprite_of(f: Any, state: str | None = None) -> str:
    state = state or f.state
    if f.is_zombie:
        if state == "dead":
            return "tokens.dead_zombie"
        if state == "knocked_down":
            return "tokens.zombie_down"
        n = sum(map(ord, f.id)) % 4 + 1  # a stable mix of the four zombie looks
        return f"tokens.zombie_{n}"
    if state == "dead":
        return "tokens.dead_soldier"
    return soldier_sprite(f.nation, f.role)


def soldier_sprite(nation: str, role: str) -> str:
    """A standing soldier's sprite; an unknown nation or role is shown as an American rifleman.

    >>> soldier_sprite("soviet", "lmg"), soldier_sprite("french", "medic")
    ('tokens.soldier_soviet_lmg', 'tokens.soldier_american_rifleman')
    """
    nation = nation if nation in NATIONS else "american"
    role = role if role in SOLDIER_ROLES else "rifleman"
    return f"tokens.soldier_{nation}_{role}"


def name_of(f: Any) -> str:
    return f"{ROLE_NAMES.get(f.role, f.role.capitalize())} {f.id}"


def weapon_name(game: Any, f: Any) -> str:
    if f.is_zombie or not f.weapon:
        return ""
    try:
        return game.data.weapon(f.weapon).name
    except (KeyError, AttributeError):
        return f.weapon


def token_of(game: Any, f: Any, look: Look, ready: bool, highlight: str | None = None) -> TokenView:
    """One figure's token as the screen shows it now."""
    state = look.state
    shown_state = state
    if state == "standing" and not f.is_zombie and f.acted_this_turn:
        shown_state = "acted"
    badge = "" if f.is_zombie or state == "dead" else str(look.guts)
    return TokenView(
        id=f.id,
        sprite=sprite_of(f, state),
        position=look.position,
        facing=look.facing,
        base_radius=f.radius,
        side="zombie" if f.is_zombie else "allies",
        state=shown_state,
        badge=badge,
        highlight=highlight,
        label=name_of(f),
        ready=ready,
    )


def tooltip_lines(game: Any, f: Any, look: Look | None = None) -> list[str]:
    """What hovering a token says: name, role, GUTS, weapon, state."""
    look = look or look_of(f)
    if f.is_zombie:
        return [name_of(f), f"Abteilung 848 - {STATE_WORDS.get(look.state, look.state)}"]
    lines = [
        f"{name_of(f)} ({f.nation.capitalize()}, player {f.player})",
        f"GUTS {look.guts} (started {f.guts_start})   {weapon_name(game, f)}",
    ]
    state = STATE_WORDS.get(look.state, look.state)
    if look.state == "standing":
        state = "has acted this turn" if f.acted_this_turn else "may act"
        if f.ordered_this_turn:
            state += ", ORDERed (+2)"
    lines.append(state.capitalize())
    return lines
