"""What the table view needs to draw one figure: plain data, filled in by the game scene.

The scene (and later the controller hookup) turns rules state into these; the view only draws them.

>>> t = TokenView(id="z7", sprite="tokens.zombie_1", position=(10.0, 4.5), facing=180, side="zombie")
>>> t.base_radius
0.5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Point = tuple[float, float]

State = Literal["standing", "knocked_down", "dead", "acted"]
Highlight = Literal["selected", "target", "hover", "ordered", "illegal"] | None
Side = Literal["allies", "zombie", "npc", "neutral"]

SIDE_COLOURS: dict[str, tuple[int, int, int]] = {
    "allies": (86, 120, 70),  # olive drab
    "zombie": (120, 40, 40),  # dried blood
    "npc": (176, 172, 160),  # bystanders: pale stone, never a hue a player's rim could be taken for
    "neutral": (110, 110, 100),
}

# hot-seat players' colours (Okabe-Ito: told apart by colour-blind players too); a number always goes with them
PLAYER_COLOURS: dict[int, tuple[int, int, int]] = {
    1: (86, 180, 233),  # sky blue
    2: (230, 159, 0),  # orange
    3: (0, 158, 115),  # bluish green
    4: (204, 121, 167),  # reddish purple
}


def player_hex(player: int) -> str:
    """``#56B4E9`` for player 1: the roster writes its headings in it."""
    r, g, b = PLAYER_COLOURS.get(player, (228, 206, 132))
    return f"#{r:02X}{g:02X}{b:02X}"


HIGHLIGHT_COLOURS: dict[str, tuple[int, int, int]] = {
    "selected": (250, 215, 90),
    "target": (235, 70, 60),
    "hover": (220, 220, 220),
    "ordered": (110, 200, 240),
    "illegal": (150, 150, 150),
}


@dataclass(frozen=True)
class TokenView:
    """One figure on the table.

    ``position`` is the base centre in inches; ``facing`` in degrees (0 = +x, 90 = down the
    table); ``base_radius`` in inches (a 25 mm base is 0.5). ``badge`` is a short text shown
    under the base (e.g. GUTS "7"). ``state`` changes how the token looks: knocked-down and
    dead figures are drawn dimmed and flat (dead ones as a marker), an ``acted`` one dimmed inside
    its side's rim, with a done tick; a ``ready`` one gets a bright ring with a notch, so who can still
    act shows at a glance.
    """

    id: str
    sprite: str
    position: Point
    facing: float = 0.0
    base_radius: float = 0.5
    side: str = "neutral"
    state: str = "standing"
    badge: str = ""
    highlight: str | None = None
    label: str = ""  # full name, shown on hover and in tooltips
    ready: bool = False  # the active player's soldier who may still act: marked on the table
    player: int = 0  # the hot-seat player whose figure it is: a coloured rim and his number on the base
    mark: str = ""  # a letter on the base: the rule set's rank mark ("S" a sergeant)
    kind: str = ""  # a kind of model the screen marks apart ("boss": bigger, gold, crowned); the rules name it
