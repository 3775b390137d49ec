"""The view onto the table: inches <-> screen pixels, zoom at the cursor, pan, fit.

Pure arithmetic, no pygame, so it is tested without a window.

>>> cam = Camera(viewport=(0, 0, 800, 600))
>>> cam.fit((48.0, 36.0))
>>> cam.to_screen(cam.to_table((400, 300)))
(400.0, 300.0)
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Viewport = tuple[int, int, int, int]  # x, y, w, h of the table area on screen

MIN_PPI = 4.0  # pixels per inch: a 6' table still fits a small window
MAX_PPI = 160.0  # a 1" base fills more than a thumb
ZOOM_STEP = 2**0.25  # four wheel clicks double the scale
PAN_STEP = 60.0  # pixels per arrow-key press
FIT_MARGIN = 0.04  # a little border around the table on Home


@dataclass
class Camera:
    """Where the table sits on screen.

    ``offset`` is the table point (inches) shown at the viewport's top-left corner,
    ``ppi`` the scale in screen pixels per inch.
    """

    viewport: Viewport = (0, 0, 1280, 800)
    ppi: float = 16.0
    offset: Point = (0.0, 0.0)
    min_ppi: float = MIN_PPI
    max_ppi: float = MAX_PPI

    def to_screen(self, p: Point) -> Point:
        """A table point in inches to screen pixels."""
        return (
            self.viewport[0] + (p[0] - self.offset[0]) * self.ppi,
            self.viewport[1] + (p[1] - self.offset[1]) * self.ppi,
        )

    def to_table(self, s: Point) -> Point:
        """A screen pixel to the table point under it, in inches."""
        return (
            self.offset[0] + (s[0] - self.viewport[0]) / self.ppi,
            self.offset[1] + (s[1] - self.viewport[1]) / self.ppi,
        )

    def contains_screen(self, s: Point) -> bool:
        """True when a screen pixel is inside the table viewport."""
        x, y, w, h = self.viewport
        return x <= s[0] < x + w and y <= s[1] < y + h

    def zoom_at(self, screen_point: Point, factor: float) -> None:
        """Scale by ``factor`` keeping the table point under ``screen_point`` where it is."""
        anchor = self.to_table(screen_point)
        self.ppi = min(self.max_ppi, max(self.min_ppi, self.ppi * factor))
        self.offset = (
            anchor[0] - (screen_point[0] - self.viewport[0]) / self.ppi,
            anchor[1] - (screen_point[1] - self.viewport[1]) / self.ppi,
        )

    def wheel(self, screen_point: Point, clicks: float) -> None:
        """Mouse wheel: positive clicks zoom in at the cursor."""
        self.zoom_at(screen_point, ZOOM_STEP**clicks)

    def pan_pixels(self, dx: float, dy: float) -> None:
        """Drag the table by a screen distance (the table follows the mouse)."""
        self.offset = (self.offset[0] - dx / self.ppi, self.offset[1] - dy / self.ppi)

    def keep_on(self, table_size: Point) -> None:
        """Keep the middle of the view over the table, so panning never leaves the screen black.

        >>> cam = Camera(viewport=(0, 0, 100, 100), ppi=10.0, offset=(0.0, 0.0))
        >>> cam.pan_pixels(0, 5000); cam.keep_on((48.0, 48.0)); cam.offset
        (0.0, -5.0)
        """
        self.offset = self.clamped(self.offset, table_size, slack=0.5)

    def clamped(self, offset: Point, table_size: Point, slack: float = 0.0) -> Point:
        """The offset nearest ``offset`` that keeps the view on the table, up to ``slack`` of the view past its
        edge: 0 (the camera's own moves: a Tab, the zombies' turn) shows no margin where the table is the
        larger, and the whole table where the view is; 0.5 (the player's own pan) keeps the view's middle over
        the table. The one clamp every camera move uses.

        >>> cam = Camera(viewport=(0, 0, 100, 100), ppi=10.0)
        >>> cam.clamped((-3.0, 45.0), (48.0, 48.0)), cam.clamped((-3.0, 45.0), (48.0, 48.0), slack=0.5)
        ((0.0, 38.0), (-3.0, 43.0))
        >>> cam.clamped((2.0, -9.0), (6.0, 48.0))  # the view wider than the table: all of it in view
        (0.0, 0.0)
        """
        _, _, w, h = self.viewport
        out = []
        for value, span, size in zip(offset, (w / self.ppi, h / self.ppi), table_size):
            a, b = 0.0 - slack * span, size - span + slack * span
            out.append(min(max(value, min(a, b)), max(a, b)))
        return (out[0], out[1])

    def pan_key(self, dx: int, dy: int) -> None:
        """Arrow keys: move the view one step (dx, dy in -1..1) toward that side of the table."""
        self.pan_pixels(-dx * PAN_STEP, -dy * PAN_STEP)

    def fit(self, table_size: Point) -> None:
        """Show the whole table, centred, with a small margin (Home)."""
        _, _, w, h = self.viewport
        tw, th = max(table_size[0], 1e-6), max(table_size[1], 1e-6)
        usable = 1.0 - 2 * FIT_MARGIN
        self.ppi = min(self.max_ppi, max(self.min_ppi, min(w * usable / tw, h * usable / th)))
        self.offset = (tw / 2 - w / 2 / self.ppi, th / 2 - h / 2 / self.ppi)

    def set_viewport(self, viewport: Viewport) -> None:
        """Resize the table area, keeping the table point at its centre where it was."""
        centre = self.to_table((self.viewport[0] + self.viewport[2] / 2, self.viewport[1] + self.viewport[3] / 2))
        self.viewport = viewport
        self.offset = (centre[0] - viewport[2] / 2 / self.ppi, centre[1] - viewport[3] / 2 / self.ppi)

    def hold_table(self, viewport: Viewport) -> None:
        """Resize the table area, leaving the table where it is on screen: every table point stays under
        the same screen pixel (the log panel growing covers part of the table, it does not move it).

        >>> cam = Camera(viewport=(0, 40, 800, 500), ppi=10.0, offset=(2.0, 3.0))
        >>> before = cam.to_screen((30.0, 20.0))
        >>> cam.hold_table((0, 40, 800, 300)); cam.to_screen((30.0, 20.0)) == before
        True
        """
        self.offset = (
            self.offset[0] + (viewport[0] - self.viewport[0]) / self.ppi,
            self.offset[1] + (viewport[1] - self.viewport[1]) / self.ppi,
        )
        self.viewport = viewport

    def bring_into_view(self, p: Point, margin: float = 1.0, table_size: Point | None = None) -> None:
        """Centre the view on ``p`` when it is not in view (``margin`` inches inside the edges); else stay. With
        ``table_size``, the view then stays on the table (:meth:`clamped`): a figure at its edge is shown near
        the view's edge, not in the middle of half a black screen.

        >>> cam = Camera(viewport=(0, 0, 160, 160), ppi=16.0)
        >>> cam.bring_into_view((5.0, 5.0)); cam.offset
        (0.0, 0.0)
        >>> cam.bring_into_view((30.0, 20.0)); cam.offset
        (25.0, 15.0)
        >>> cam.bring_into_view((47.5, 2.0), table_size=(48.0, 48.0)); cam.offset
        (38.0, 0.0)
        """
        x0, y0, x1, y1 = self.visible_table_rect()
        if x0 + margin <= p[0] <= x1 - margin and y0 + margin <= p[1] <= y1 - margin:
            return
        self.offset = (p[0] - self.viewport[2] / 2 / self.ppi, p[1] - self.viewport[3] / 2 / self.ppi)
        if table_size is not None:
            self.offset = self.clamped(self.offset, table_size)

    def visible_table_rect(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the table region in view, in inches."""
        x0, y0 = self.offset
        return (x0, y0, x0 + self.viewport[2] / self.ppi, y0 + self.viewport[3] / self.ppi)
