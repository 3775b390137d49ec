"""The bot of a rule set whose player has one obvious command at a time (the toy duel, a new rule set before
its own bot): the first command the rules list. Name it in ``BOTS`` until the rule set has a bot of its own."""

from __future__ import annotations

from game.rules.core import Command, Game


def choose_command(game: Game) -> Command:
    """The first of the rules' legal commands for the acting player (the rules list none once it is over)."""
    return game.legal_commands()[0]
