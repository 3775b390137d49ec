"""Bots that play the human side (demo mode, simulations, tests). The zombie drivers are rules.

:func:`bot_for` finds the bot of a rule set by its key; a bot is ``choose_command(game) -> Command``
for the active player, always a command the rules accept.

>>> bot_for("zombiekrieg").__name__
'choose_command'
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

Bot = Callable[[Any], Any]

# rule set key -> the module holding its ``choose_command``
BOTS: dict[str, str] = {
    "zombiekrieg": "game.ai.zombiekrieg_bot",
    "outbreak": "game.ai.outbreak_bot",
}


def bot_for(ruleset: str) -> Bot:
    """The bot that plays the human side of ``ruleset``; KeyError with the known ones if none."""
    try:
        module = BOTS[ruleset]
    except KeyError:
        raise KeyError(f"no bot plays {ruleset!r} yet; bots exist for: {', '.join(sorted(BOTS))}") from None
    return import_module(module).choose_command  # type: ignore[no-any-return]


def has_bot(ruleset: str) -> bool:
    return ruleset in BOTS
