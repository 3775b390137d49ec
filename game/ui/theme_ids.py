"""pygame_gui's theming ids remembered under a small key.

pygame_gui remembers, for each element hierarchy, the theming ids it looks an element up by. Its key is
``str(base_ids).join(str(element_ids).join(str(class_ids)).join(str(object_ids)))``: ``str.join`` puts the
separator between every character of the string it joins, so the key's length is the product of the
lists' printed lengths. A button three panels deep has a key of 2 to 4 MB; the game's table screen kept
15 MB of such keys once opened, more with each new kind of element, and built a key of megabytes for each
element it made. :func:`small_theme_keys` keys the same ids by the lists themselves.

>>> import pygame, pygame_gui
>>> _ = pygame.init()
>>> theme = pygame_gui.UIManager((200, 100)).get_theme()
>>> small_theme_keys(theme)
>>> theme.build_all_combined_ids(["button"], ["button"], [None], ["#ok"])
['#ok', 'button', 'button']
>>> list(theme.unique_theming_ids)
[(('button',), ('button',), (None,), ('#ok',))]
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any

Ids = Sequence[str | None] | None


def _key(ids: Ids) -> tuple[str | None, ...] | None:
    return None if ids is None else tuple(ids)


def combined_ids(theme: Any, base_ids: Ids, element_ids: Ids, class_ids: Ids, object_ids: Ids) -> list[str]:
    """pygame_gui's ``UIAppearanceTheme.build_all_combined_ids`` (0.6), remembered by the four lists: the ids
    an element is themed by, most particular first (object ids before class ids before element ids)."""
    key = (_key(base_ids), _key(element_ids), _key(class_ids), _key(object_ids))
    kept = theme.unique_theming_ids.get(key)
    if kept is not None:
        return kept  # type: ignore[no-any-return]
    combined: list[str] = []
    if base_ids is not None and element_ids is not None and class_ids is not None and object_ids is not None:
        if not len(object_ids) == len(class_ids) == len(base_ids) == len(element_ids):
            raise ValueError(
                f"Object & class ID hierarchy is not equal in length to Element ID hierarchyElement IDs: "
                f"{element_ids}\nClass IDs: {class_ids}\n\nObject IDs: {object_ids}\n"
            )
        if element_ids:
            theme._get_next_id_node(
                None, base_ids, element_ids, class_ids, object_ids, 0, len(element_ids), combined
            )
        # then each id with its outer parts taken off, a part a pass, until a pass finds one with no part
        # left to take (pygame_gui's order)
        current, done = combined[:], not combined
        while not done:
            for index, part in enumerate(current):
                stop = part.find(".")
                if stop == -1:
                    done = True
                else:
                    current[index] = part[stop + 1 :]
                    combined.append(current[index])
    theme.unique_theming_ids[key] = combined
    return combined


def small_theme_keys(theme: Any) -> None:
    """Make ``theme`` (a ``pygame_gui`` appearance theme) remember its elements' ids by :func:`combined_ids`."""
    theme.unique_theming_ids.clear()  # (the long keys made so far)
    theme.build_all_combined_ids = types.MethodType(combined_ids, theme)
