"""How a Zombiekrieg figure is named on screen: his rank and id, as the log, the roster and the previews
say him.

>>> ROLE_NAMES["smg"], SHORT_ROLE["smg"]
('SMG gunner', 'SMG')
"""

from __future__ import annotations

from game.rules.zombiekrieg.state import Figure

ROLE_NAMES = {
    "sergeant": "Sergeant",
    "corporal": "Corporal",
    "rifleman": "Rifleman",
    "smg": "SMG gunner",
    "lmg": "LMG gunner",
    "zombie": "Zombie",
}
SHORT_ROLE = {"sergeant": "Sgt", "corporal": "Cpl", "rifleman": "Rfn", "smg": "SMG", "lmg": "LMG"}


def name_of(f: Figure) -> str:
    """``Sergeant us1-sgt``; a role without a name of its own is named by the role itself."""
    return f"{ROLE_NAMES.get(f.role, f.role.capitalize())} {f.id}"
