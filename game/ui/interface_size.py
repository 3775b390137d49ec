"""Interface size: the whole screen (menus, panels, the table's labels) drawn bigger, for a big or far screen.

The screens lay themselves out on a smaller canvas (the window divided by the size) and the canvas is
scaled up to the window each frame, so every widget, font and plate grows alike and no screen's layout
needs to know. The pointer is scaled down to the canvas for the screens (pygame_gui scales its own by
``mouse_pos_scale_factor``). A canvas is never smaller than the smallest window the screens are laid out
for, so a small window shows a smaller size than asked (the settings say so).

>>> shown_size(1.5, (1920, 1080), (800, 560))
1.5
>>> round(shown_size(2.0, (1280, 800), (800, 560)), 2)
1.43
>>> shown_size(1.25, (800, 600), (800, 560))
1.0
"""

from __future__ import annotations

import pygame

SIZES = (1.0, 1.25, 1.5, 2.0)  # the choices the settings offer (those a window shows, see offered)
LEAST_CANVAS = (800, 560)  # the smallest window (and canvas) the screens are laid out for
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def size_words(size: float) -> str:
    """``"125%"`` for 1.25."""
    return f"{round(size * 100)}%"


def shown_size(wanted: float, window: tuple[int, int], least: tuple[int, int]) -> float:
    """The size the window can show: ``wanted``, less where the canvas would be smaller than ``least``."""
    room = min(window[0] / least[0], window[1] / least[1])
    return max(1.0, min(wanted, room))


def offered(window: tuple[int, int], least: tuple[int, int]) -> list[float]:
    """The sizes the settings offer for ``window``: those of :data:`SIZES` it shows whole, and the most it
    shows when that lies between them (200% was offered on a window that shows 143% at most).

    >>> offered((1280, 800), (800, 560))
    [1.0, 1.25, 1.43]
    >>> offered((1920, 1200), (800, 560))
    [1.0, 1.25, 1.5, 2.0]
    """
    most = shown_size(max(SIZES), window, least)
    sizes = [k for k in SIZES if k <= most + 0.005]
    return sizes + [round(most, 2)] if most - sizes[-1] >= 0.05 else sizes


def canvas_for(display: pygame.Surface, size: float) -> pygame.Surface:
    """The surface the screens draw on: the window itself at 100%, else a smaller canvas scaled up to it."""
    if size <= 1.0:
        return display
    w, h = display.get_size()
    return pygame.Surface((max(1, round(w / size)), max(1, round(h / size)))).convert()


def present(canvas: pygame.Surface, display: pygame.Surface) -> None:
    """The canvas onto the window (nothing to do when the screens drew on the window itself)."""
    if canvas is not display:
        pygame.transform.smoothscale(canvas, display.get_size(), display)


def on_canvas(event: pygame.event.Event, size: float) -> pygame.event.Event:
    """A pointer event with its position (and motion) on the canvas; any other event as it is."""
    if size <= 1.0 or event.type not in MOUSE_EVENTS:
        return event
    data = dict(event.dict)
    data["pos"] = (int(event.pos[0] / size), int(event.pos[1] / size))
    if "rel" in data:
        data["rel"] = (round(event.rel[0] / size), round(event.rel[1] / size))
    return pygame.event.Event(event.type, data)
