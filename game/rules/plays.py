"""What passes between the screen and the rules: a command, an event and a command's preview, as plain data.

They stand apart from :mod:`game.rules.core` so that the contract (:mod:`game.rules.contract`), which core
imports, can type a view's commands and events with them.

>>> Preview(False, "The game is over.").chances
{}
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


class Command:
    """A request to the rules (``Move``, ``Fire``, ``Order``, ``EndTurn`` ...): plain data."""


class Event:
    """Something that happened (``DiceRolled``, ``Moved``, ``KnockedDown`` ...): plain data."""


@dataclass(frozen=True)
class Preview:
    """What a command would do, computed by the rules without rolling.

    ``legal`` says whether the rules would accept it now; ``reason`` why not. ``chances`` maps
    each outcome name to its probability. ``details`` holds rule-set specific figures for the
    screen (path legs, blocked point, LOS state, range band, modified GUTS ...).
    """

    legal: bool
    reason: str = ""
    chances: dict[str, float] = dataclasses.field(default_factory=dict)
    details: dict[str, Any] = dataclasses.field(default_factory=dict)
