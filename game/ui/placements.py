"""The scenario's pre-placed figures as tokens, before any rules state exists.

A placed figure's sprite comes from the map alone, never from a rule set: its own ``sprite``
property if the designer set one, else one made of its kind and properties (a soldier's
``tokens.soldier_<nation>_<role>``, a character's ``tokens.character_<player>``) when the sprites
manifest has it, else the plain token of its kind.

>>> from game.scenario.model import Placement
>>> token_for(Placement(id=4, name="Sarge", kind="soldier", position=(3.0, 5.0),
...                     properties={"nation": "british", "role": "sergeant"})).sprite
'tokens.soldier_british_sergeant'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from game.scenario.model import Placement, Scenario
from game.ui.tokens import TokenView

# the token a placed soldier falls back to when the map names a nation or role with no sprite
PLAIN_SOLDIER = "tokens.soldier_american_rifleman"


@lru_cache(maxsize=1)
def _manifest_ids() -> frozenset[str]:
    """Every sprite id of the shipped sprites manifest (read once)."""
    from game.assets import assets_dir
    from game.ui.manifest import load_manifest

    try:
        return frozenset(load_manifest(assets_dir("sprites") / "manifest.toml"))
    except FileNotFoundError:  # no sprites folder: placeholders stand in for everything
        return frozenset()


def _known(sprite: str) -> bool:
    ids = _manifest_ids()
    return not ids or sprite in ids  # with no manifest, every id draws as a placeholder anyway


def sprite_for(p: Placement, known: Callable[[str], bool] = _known) -> tuple[str, str]:
    """(sprite id, side) for a placed figure; ``known`` says whether a sprite id can be drawn."""
    props = p.properties
    own = props.get("sprite")
    side = {"zombie": "zombie", "soldier": "allies", "character": "allies"}.get(p.kind, "npc")
    if isinstance(own, str) and own and known(own):
        return own, side
    if p.kind == "zombie":
        if props.get("boss") or "boss" in p.name.lower():
            return "tokens.zombie_boss", "zombie"
        return f"tokens.zombie_{p.id % 4 + 1}", "zombie"
    if p.kind == "soldier":
        nation = str(props.get("nation", "american")).lower()
        role = str(props.get("role", "rifleman")).lower()
        sprite = f"tokens.soldier_{nation}_{role}"
        return (sprite if known(sprite) else PLAIN_SOLDIER), "allies"
    if p.kind == "character":
        player = props.get("player", 1)
        player = player if isinstance(player, int) and 1 <= player <= 4 else 1
        return f"tokens.character_{player}", "allies"
    return "tokens.npc", "npc"


def token_for(p: Placement) -> TokenView:
    """The token of one placed figure, at its place and facing, its base from ``base`` (inches)."""
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
