"""Text that fits its place: the largest of a label's type sizes that holds it on one line, else the
smallest with the end cut short ("…"), so a small window never draws a label over its neighbour.

>>> measure = lambda size: (lambda text: len(text) * size)       # a size-wide character, for the example
>>> fit("Turn 1 - Allies", 150, [("big", measure(12)), ("small", measure(8))])
('small', 'Turn 1 - Allies')
>>> fit("Turn 1 - Allies (American)", 100, [("big", measure(12)), ("small", measure(8))])
('small', 'Turn 1 - Al…')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Measure = Callable[[str], int]
ELLIPSIS = "\u2026"


def elide(text: str, width: int, measure: Measure) -> str:
    """``text`` cut short with an ellipsis (at a word's end where one is near) so it measures at most
    ``width``; the whole text when it fits.

    >>> elide("exit 3 men (0 out)", 10 * 9, lambda t: 10 * len(t))
    'exit 3 m…'
    """
    if measure(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo].rstrip(" ·-—,")
    return cut + ELLIPSIS if cut else ""


def fit(text: str, width: int, sizes: Sequence[tuple[str, Measure]]) -> tuple[str, str]:
    """The first of ``sizes`` (a name and how it measures a text, largest first) whose text fits in
    ``width`` pixels, with the text; else the last one with the text elided (see :func:`elide`)."""
    for name, measure in sizes:
        if measure(text) <= width:
            return name, text
    name, measure = sizes[-1]
    return name, elide(text, width, measure)


def wrap(text: str, width: int, measure: Measure) -> list[str]:
    """``text`` in lines of whole words that each measure at most ``width`` (a word wider than that alone on
    its line), so a long name is read whole instead of cut.

    >>> wrap("Space Marine Sergeant: Plasma pistol (15 pts)", 10 * 24, lambda t: 10 * len(t))
    ['Space Marine Sergeant:', 'Plasma pistol (15 pts)']
    """
    lines: list[str] = []
    for word in text.split():
        if lines and measure(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]
