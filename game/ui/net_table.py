"""The network game this window takes part in: its :class:`~game.net.client.Client` (the host's own window
joins its room as one) and, on the host's machine, the :class:`~game.net.host.Host`.

A window is in one networked game at a time: hosting or joining another closes the last (its seats wait for
their player or a bot, as after any drop), and so does leaving it for the title.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.net.client import Client
    from game.net.host import Host


@dataclass(eq=False)
class NetTable:
    """A client, and the host it belongs to when this window hosts; ``watch``: a spectator's."""

    client: Client
    host: Host | None = None
    watch: bool = False

    def close(self, closing: str = "") -> None:
        """Leave the room (and, hosting, close it: every client is told; ``closing``: on purpose, in these
        words, and they stop rejoining)."""
        self.client.close(1.0)
        if self.host is not None:
            self.host.stop(3.0, closing)


_tables: weakref.WeakKeyDictionary[Any, NetTable] = weakref.WeakKeyDictionary()  # a window's, by its app


def take(app: Any, table: NetTable) -> NetTable:
    """``table`` is now the network game of ``app``'s window (its last one, if another, is closed)."""
    last = _tables.get(app)
    if last is not None and last is not table:
        last.close()
    _tables[app] = table
    return table


def leave(app: Any, closing: str = "") -> None:
    """Close the network game of ``app``'s window, if any (``closing``: see :meth:`NetTable.close`)."""
    table = _tables.pop(app, None)
    if table is not None:
        table.close(closing)


def current(app: Any) -> NetTable | None:
    return _tables.get(app)
