"""Where issue 15 (respawning, power-ups, mods) plugs in. Part 1 ships these as no-ops.

The rules call each hook at the moment the seed names: a player's respawning phase at the start of their
turn, the zombies' respawning phase at the start of theirs, and when a horde's last model dies or a squad is
wiped out. A later module replaces :class:`Hooks` with one that respawns, rolls power-ups and applies mods.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.zombie40k.state import Unit


class Hooks:
    """No respawns, no power-ups, no mods (Zombie 40,000 part 1)."""

    def player_respawn_phase(self, world: Any, player: int) -> None:
        """Start of a player's turn: a wiped-out squad may come back [seed] (issue 15)."""

    def zombie_respawn_phase(self, world: Any) -> None:
        """Start of the zombie turn: destroyed hordes come back [seed] (issue 15)."""

    def horde_destroyed(self, world: Any, horde: Unit, by_unit: str) -> None:
        """A squad destroyed a horde's last model: a power-up roll [seed] (issue 15)."""

    def squad_wiped_out(self, world: Any, squad: Unit) -> None:
        """A squad lost its last model: its power-ups are lost [seed] (issue 15)."""

    def squad_out_for_good(self, world: Any, squad: Unit) -> bool:
        """Whether a wiped-out squad is out of the game (True until respawning exists)."""
        return True
