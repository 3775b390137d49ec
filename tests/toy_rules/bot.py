"""The duel's bot: the hero always strikes (demo, simulator, hand-over)."""

from __future__ import annotations

from typing import Any


def choose_command(game: Any) -> Any:
    return game.legal_commands()[0]
