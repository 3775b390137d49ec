"""Where the controller's commands go: the one seam between a game on this screen and a game on a host.

A hot-seat game applies a command to its own game at once (:class:`ApplyHere`: the rules answer with the
events, or refuse with :class:`~game.rules.core.IllegalCommand`). A networked game sends it to the host
(:class:`SendToHost`): nothing is applied here; the host checks it with the same rules and either sends it
back to every copy, which applies it (the screen then calls ``Controller.arrived`` with its events), or
refuses it to its sender alone (``Controller.refused``). The screen never decides a rule either way.

>>> from game.rules.core import IllegalCommand
>>> class Game:
...     def apply(self, cmd):
...         return [f"{cmd} done"]
>>> ApplyHere()(Game(), "move")
['move done']
>>> SendToHost(lambda cmd: "")(Game(), "move") is None
True
>>> SendToHost(lambda cmd: "Not connected to the host.")(Game(), "move")
Traceback (most recent call last):
...
game.rules.core.IllegalCommand: Not connected to the host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.rules.core import Command, Event, Game, IllegalCommand


class Outlet(Protocol):
    """Takes a command for ``game``: its events when applied at once, None when they come later."""

    def __call__(self, game: Game, cmd: Command) -> list[Event] | None: ...


class ApplyHere:
    """The game on this screen is the game: the rules apply the command now."""

    def __call__(self, game: Game, cmd: Command) -> list[Event] | None:
        return list(game.apply(cmd))


class SendToHost:
    """The game is the host's: ``send(cmd)`` sends it ("" when sent, else why not, a refusal here)."""

    def __init__(self, send: Callable[[Command], str]) -> None:
        self.send = send

    def __call__(self, game: Game, cmd: Command) -> list[Event] | None:
        why_not = self.send(cmd)
        if why_not:
            raise IllegalCommand(why_not)
        return None
