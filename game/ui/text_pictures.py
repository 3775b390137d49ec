"""pygame_gui's text boxes painted afresh without holding two pictures of their text.

A pygame_gui text box keeps its whole text painted on one picture (``TextBoxLayout.finalised_surface``),
as tall as the text: the log's 90 lines at 1920x1080 are 11 MB. Each line appended makes the text taller,
so the box paints a new picture (``finalise_to_new``); the old one stayed held, by the layout and by each
piece of text that was painted on it, until the new one was done: 22 MB for a moment at every line, the
largest part of a game's peak memory on screen. A box whose text is set anew (the log refilled, the
roster shown) makes a new layout, and the old one, with its picture, hung in reference cycles until
Python's next full collection. :func:`paint_text_in_one_picture` lets the old picture go first. The new
picture is filled clear and every piece of text painted on it as before: the same pixels.
"""

from __future__ import annotations

from typing import Any

from pygame_gui.core.text.text_box_layout import TextBoxLayout
from pygame_gui.elements import UITextBox

_PYGAME_GUIS = TextBoxLayout.finalise_to_new
_PYGAME_GUIS_LAYING_OUT = UITextBox.parse_html_into_style_data


def let_go_of_picture(layout: Any) -> None:
    """Forget ``layout``'s painted picture, in the layout and in each row and piece of text painted on it."""
    old = layout.finalised_surface
    if old is None:
        return
    layout.finalised_surface = None
    pieces = list(layout.layout_rows) + [piece for row in layout.layout_rows for piece in row.items]
    for kept in ("floating_rects", "input_data_rect_queue", "layout_rect_queue", "link_chunks"):
        pieces += list(getattr(layout, kept, ()))  # (the pieces as given, before rows split or merged them)
    for piece in pieces:
        if getattr(piece, "target_surface", None) is old:
            piece.target_surface = None


def finalise_to_new(layout: Any) -> Any:
    """pygame_gui's ``TextBoxLayout.finalise_to_new``, the old picture let go of first."""
    let_go_of_picture(layout)
    return _PYGAME_GUIS(layout)


def parse_html_into_style_data(box: Any) -> None:
    """pygame_gui's ``UITextBox.parse_html_into_style_data`` (its text set anew: a new layout is made and
    painted), the old layout's picture let go of first: that layout hangs in reference cycles until
    Python's next full collection."""
    if box.text_box_layout is not None:
        let_go_of_picture(box.text_box_layout)
    _PYGAME_GUIS_LAYING_OUT(box)


def paint_text_in_one_picture() -> None:
    """Make every pygame_gui text box let its old picture go before it paints a new one."""
    TextBoxLayout.finalise_to_new = finalise_to_new  # type: ignore[method-assign]
    UITextBox.parse_html_into_style_data = parse_html_into_style_data  # type: ignore[method-assign,assignment]
