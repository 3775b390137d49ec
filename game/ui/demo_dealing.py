"""The demo's next table, dealt behind the screen: the maps read, the game dealt and its table's searches made
on a thread, so the window keeps drawing ("Setting up the table...") and answers the mouse meanwhile. On a
cold first start (numba's cache empty, the loops plain Python) the click on Demo showed nothing for 40 s
while the first table was searched on the main thread.

The thread touches only the loop it deals and the caches its table fills; the screen reads the loop again
once :attr:`Dealing.done` is set. While it runs, the plain loops stay as they are (:func:`game.table.plain.working`).

>>> d = Dealing(lambda: loop)                                       # doctest: +SKIP
>>> d.done.wait(); d.loop is loop                                   # doctest: +SKIP
True
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.demo import DemoLoop

log = logging.getLogger(__name__)

STAGES = ("Reading the maps", "Dealing the game", "Laying out the table")


class Dealing:
    """Deals the loop's next game on a daemon thread: ``make`` gives the loop (it may read the maps); the game
    over (or none yet, or called) is followed by a new one, a game in play is shown as it is (see :func:`fresh`);
    the objective's walk to the exit is searched once."""

    def __init__(self, make: Callable[[], DemoLoop]) -> None:
        self.loop: DemoLoop | None = None
        self.error = ""  # why no table could be dealt (in the loop's own words)
        self.stage = 0  # the index in :data:`STAGES` under way
        self.done = threading.Event()
        threading.Thread(target=self._deal, args=(make,), name="demo deal", daemon=True).start()

    @property
    def words(self) -> str:
        """``Dealing the game...`` (the stage under way)."""
        return STAGES[min(self.stage, len(STAGES) - 1)] + "\u2026"

    def _deal(self, make: Callable[[], DemoLoop]) -> None:
        from game.table import plain

        try:
            with plain.working():
                loop = make()
                self.stage = 1
                while not fresh(loop):  # past the loop's pause: a new game
                    loop.tick()
                self.stage = 2
                lay_out(loop)
            self.loop = loop
        except ValueError as exc:  # no scenario the bots play (the director says which and why)
            self.error = str(exc)
        except Exception as exc:  # a club night goes on: the title says so, the log keeps it whole
            log.exception("the demo could not deal a table")
            self.error = f"The demo could not set up a table ({type(exc).__name__}: {exc})."
        finally:
            self.done.set()


def fresh(loop: DemoLoop) -> bool:
    """Whether the loop has a game to show: one in play. A game dealt behind a result card that nobody saw (a key
    sent the screen to the title) is shown when the demo comes back, never played to its end out of sight: the
    night's score went from game 6 to "game 8 tonight", one more win, with game 7 never on screen."""
    return loop.game is not None and not loop.game.over and not loop.called


def lay_out(loop: DemoLoop) -> None:
    """The table's searches the screen asks for at once (the objective line's walk to the exit), made here."""
    deal, game = loop.current, loop.game
    if deal is not None and game is not None and deal.view is not None:
        deal.view.objective_line(game)
