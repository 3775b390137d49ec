"""Pictures the screen paints once and keeps, bounded by the memory their pixels take.

A screen cache that counts entries holds a few kB at the fit zoom and hundreds of MB at the deepest one
(a token look 160 pixels an inch is 100 kB, a map chunk 1 MB, a dashed ring's canvas tens of MB).
:class:`KeptSurfaces` counts bytes instead: past its budget the least recently used pictures go. A value
is a surface, or a tuple whose first item is one (a picture and where it sits).

>>> import pygame
>>> kept = KeptSurfaces(max_bytes=3 * 400)
>>> for n in range(4):
...     kept[n] = pygame.Surface((10, 10), pygame.SRCALPHA)  # 400 bytes each
>>> sorted(kept.keys()), kept.nbytes
([1, 2, 3], 1200)
>>> kept.get(1) is not None; kept[4] = pygame.Surface((10, 10), pygame.SRCALPHA)
True
>>> sorted(kept.keys())
[1, 3, 4]
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Any

import pygame

MB = 2**20


def picture_bytes(value: Any) -> int:
    """The bytes of pixels a kept value holds (its surface's, or its first item's)."""
    surface = value[0] if isinstance(value, tuple) else value
    if not isinstance(surface, pygame.Surface):
        return 0
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class KeptSurfaces:
    """A least-recently-used store of pictures holding at most ``max_bytes`` of pixels (the newest
    picture is always kept, however big: the caller decides what is worth keeping)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.nbytes = 0
        self._kept: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        """The kept value (now the most recently used), or None."""
        value = self._kept.get(key)
        if value is not None:
            self._kept.move_to_end(key)
        return value

    def __setitem__(self, key: Hashable, value: Any) -> None:
        old = self._kept.pop(key, None)
        if old is not None:
            self.nbytes -= picture_bytes(old)
        self._kept[key] = value
        self.nbytes += picture_bytes(value)
        while self.nbytes > self.max_bytes and len(self._kept) > 1:
            _, dropped = self._kept.popitem(last=False)
            self.nbytes -= picture_bytes(dropped)

    def keep_at_most(self, count: int) -> None:
        """Forget the least recently used pictures past the ``count`` most recent."""
        while len(self._kept) > max(count, 1):
            _, dropped = self._kept.popitem(last=False)
            self.nbytes -= picture_bytes(dropped)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._kept

    def __len__(self) -> int:
        return len(self._kept)

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._kept)

    def keys(self) -> Iterator[Hashable]:
        return iter(self._kept)

    def values(self) -> Iterator[Any]:
        return iter(self._kept.values())

    def drop_where(self, unwanted: Any) -> None:
        """Forget every picture whose key ``unwanted(key)`` is true (a zoom left behind)."""
        for key in [k for k in self._kept if unwanted(k)]:
            self.nbytes -= picture_bytes(self._kept.pop(key))

    def clear(self) -> None:
        self._kept.clear()
        self.nbytes = 0
