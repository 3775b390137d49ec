"""The scenario's pre-placed figures as tokens, before any rules state exists.

>>> from game.scenario.model import Placement
>>> token_for(Placement(id=4, name="Sarge", kind="soldier", position=(3.0, 5.0),
...                     properties={"nation": "british", "role": "sergeant"})).sprite
'tokens.soldier_british_sergeant'
"""

from __future__ import annotations

from game.scenario.model import Placement, Scenario
from game.ui.figures import soldier_sprite
from game.ui.tokens import TokenView


def sprite_for(p: Placement) -> tuple[str, str]:
    """(sprite id, side) for a placed figure."""
    props = p.properties
    if p.kind == "zombie":
        if props.get("boss") or "boss" in p.name.lower():
            return "tokens.zombie_boss", "zombie"
        return f"tokens.zombie_{p.id % 4 + 1}", "zombie"
    if p.kind == "soldier":
        nation = str(props.get("nation", "american")).lower()
        role = str(props.get("role", "rifleman")).lower()
        return soldier_sprite(nation, role), "allies"
    if p.kind == "character":
        player = props.get("player", 1)
        player = player if isinstance(player, int) and 1 <= player <= 4 else 1
        return f"tokens.character_{player}", "allies"
    return "tokens.npc", "npc"


def token_for(p: Placement) -> TokenView:
    sprite, side = sprite_for(p)
    base = p.properties.get("base", p.properties.get("base_size", 1.0))
    base = float(base) if isinstance(base, (int, float)) and base > 0 else 1.0
    return TokenView(
        id=f"placed-{p.id}",
        sprite=sprite,
        position=p.position,
        facing=p.facing,
        base_radius=base / 2,
        side=side,
        label=p.name or p.kind,
    )


def placed_tokens(scenario: Scenario) -> list[TokenView]:
    """Every figure the designer drew on the map."""
    return [token_for(p) for p in scenario.placements]
