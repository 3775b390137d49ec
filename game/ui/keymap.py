"""The table's keys: which key asks for what (an intent's name), in one table instead of a chain of branches.

A chord is a key and whether Ctrl is held. Ctrl with a key the table does not bind reads as the key alone
(Ctrl+M still moves), so a player who keeps Ctrl down by habit loses nothing.

>>> intent_for(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL), KEYMAP)
'save'
>>> intent_for(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0), KEYMAP)
'press end_turn'

The scene adds the rule set's action hotkeys (``m`` -> ``press move``) with :func:`with_actions`. An intent
``press NAME`` presses the match's button NAME (``end_turn``, ``next``, ``skip``, an action); the others are
the screen's own (``save``, ``back``...), so a rule set's action may take any name without shadowing one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pygame

Chord = tuple[int, bool]  # (pygame key code, Ctrl held)
PRESS = "press "  # an intent that presses the match's button of the name that follows


def press(button: str) -> str:
    """The intent that presses ``button``: ``press("end_turn") == "press end_turn"``."""
    return PRESS + button


KEYMAP: dict[Chord, str] = {
    (pygame.K_ESCAPE, False): "back",  # close the menu, put the tape away, cancel a choice, or open the menu
    (pygame.K_s, True): "save",
    (pygame.K_z, True): "undo",
    (pygame.K_F5, False): "quick_save",
    (pygame.K_F9, False): "quick_load",
    (pygame.K_e, False): press("end_turn"),
    (pygame.K_RETURN, False): press("end_turn"),
    (pygame.K_KP_ENTER, False): press("end_turn"),
    (pygame.K_TAB, False): press("next"),
    (pygame.K_SPACE, False): press("skip"),
}
# what the keys may still ask while the in-game menu is open (it is modal otherwise)
WHILE_MENU_OPEN = frozenset({"back", "save", "undo", "quick_save", "quick_load"})
# what each intent of KEYMAP does, in a player's words (How to play lists them: every key of the table, so
# the page never drifts from the keys); ``press end_turn`` is said in the rule set's own words there
INTENT_WORDS: dict[str, str] = {
    "back": "step back: close the menu, put the tape away, cancel a choice, or open the menu",
    "save": "save the game",
    "undo": "take back the last action (while no dice were rolled for it)",
    "quick_save": "quick save",
    "quick_load": "quick load (the last quick save)",
    press("end_turn"): "end the turn",
    press("next"): "select the next figure who can still act",
    press("skip"): "skip to the end of the animation (the zombies' turn, a roll)",
}
# the keys the table view reads itself (game.ui.table_view), and the window's (game.ui.app)
VIEW_KEYS: tuple[tuple[str, str], ...] = (
    ("Arrow keys", "pan the table"),
    ("Home", "fit the whole table in view"),
    ("T", "the tape measure: it follows the pointer until T again, Esc, or the turn passes"),
    ("L", "outlines of terrain and zones on or off"),
    ("F11", "fullscreen on or off"),
)
# the letters the table view reads itself: no action's hotkey may take them (the tape would be out of reach)
VIEW_CHORDS: frozenset[Chord] = frozenset({(pygame.K_t, False), (pygame.K_l, False), (pygame.K_HOME, False)})
KEY_NAMES = {"escape": "Esc", "return": "Enter", "enter": "Enter (keypad)", "space": "Space", "tab": "Tab"}


def key_words(chord: Chord) -> str:
    """A chord as a player reads it: ``Ctrl+S``, ``Esc``, ``F5``, ``E``.

    >>> key_words((pygame.K_s, True)), key_words((pygame.K_ESCAPE, False))
    ('Ctrl+S', 'Esc')
    """
    name = pygame.key.name(chord[0])
    words = KEY_NAMES.get(name, name.upper() if len(name) <= 3 else name.title())
    return f"Ctrl+{words}" if chord[1] else words


def with_actions(keymap: Mapping[Chord, str], actions: Iterable[tuple[str, str]]) -> dict[Chord, str]:
    """``keymap`` and the rule set's action hotkeys, as (hotkey letter, action key) pairs; the screen's own
    keys (E, Tab, Space...) and the table view's (T, L, Home) win over an action that wants the same one.

    >>> with_actions({}, [("m", "move")])[(pygame.K_m, False)]
    'press move'
    """
    out = dict(keymap)
    for hotkey, action in actions:
        chord = (pygame.key.key_code(hotkey), False)
        if chord not in VIEW_CHORDS:
            out.setdefault(chord, press(action))
    return out


def intent_for(event: pygame.event.Event, keymap: Mapping[Chord, str]) -> str | None:
    """The intent a KEYDOWN asks for (None: no key of the table; the view may still use it: pan, zoom...)."""
    ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
    if ctrl and (event.key, True) in keymap:
        return keymap[(event.key, True)]
    return keymap.get((event.key, False))
