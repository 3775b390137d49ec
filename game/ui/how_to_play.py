"""How to play, as pygame_gui HTML: the mouse, every key, how a turn goes, and a rule set's primer.

The keys are read from the table's own keymap (:mod:`game.ui.keymap`) and the rule set's action hotkeys, so
the page lists what the keys do today; the primer is a few sections of the rule set's own reference (the
rules help's source), laid out by the rules help, never written twice.

>>> "Ctrl+S" in keys_html(None)
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from game.rules.contract import Paragraph, Section, Table
from game.rules.core import RuleSet, get_ruleset
from game.ui.keymap import INTENT_WORDS, KEYMAP, PRESS, VIEW_KEYS, Chord, key_words

HEADING = "#C8D29A"
MOUSE = (
    ("Left click", "select one of your figures; with an action chosen, click where to go or whom to act on"),
    ("Hover", "the table previews what a click would do; hover a figure or a button for what it is"),
    ("Shift + left click", "a waypoint on the way (the path bends there)"),
    ("Left drag at the destination", "choose the way the figure faces when it gets there"),
    ("Right click", "step back (a waypoint, the action, the selection)"),
    ("Right or middle drag", "pan the table"),
    ("Mouse wheel", "zoom in and out where the pointer is"),
)
# the sections of a rule set's reference that make its primer: what the game is, how a turn goes, who wins
# a rule set's sections that make its "in short" (fighting off: how a grabbed character fights back)
PRIMER = re.compile(
    r"^(the game|the turn|the move sequence|firing.*|zombie turn|fighting off.*|winning.*)$", re.IGNORECASE
)
PRIMER_ITEMS = 5  # paragraphs and tables kept of each section: a primer, the rules help has the rest
# under the primer's heading (its first section's heading came straight under it: a heading with nothing of its own)
PRIMER_LINE = "What the game is, how a turn goes and who wins, in a few lines each; Rules help has every rule.<br>"


def _row(key: str, words: str) -> str:
    return f"&nbsp;&nbsp;<b>{html.escape(key)}</b>: {html.escape(words)}<br>"


def _heading(text: str) -> str:
    return f"<br><font color='{HEADING}' size=5><b>{html.escape(text)}</b></font><br>"


def _keys_by_intent() -> dict[str, list[Chord]]:
    """KEYMAP's chords grouped by what they ask, in the table's order."""
    out: dict[str, list[Chord]] = {}
    for chord, intent in KEYMAP.items():
        out.setdefault(intent, []).append(chord)
    return out


def keys_html(ruleset: RuleSet | None) -> str:
    """Every key: the rule set's actions (its hotkeys), the table's keys (KEYMAP), the view's and window's."""
    rows: list[str] = []
    view = ruleset.view() if ruleset is not None and ruleset.view is not None else None
    end = getattr(view, "end_words", "End turn") if view is not None else "End turn"
    for kind in view.action_kinds if view is not None else ():
        rows.append(
            _row(kind.hotkey.upper(), f"{kind.label}: {_plain_hint(kind.hint, kind.label) or kind.prompt}")
        )
    for intent, chords in _keys_by_intent().items():
        words = INTENT_WORDS.get(intent, intent.removeprefix(PRESS).replace("_", " "))
        if intent == PRESS + "end_turn":
            words = f"{end.lower()} (the button {end})"
        rows.append(_row(" / ".join(key_words(c) for c in chords), words))
    rows += [_row(key, words) for key, words in VIEW_KEYS]
    return "".join(rows)


def _plain_hint(hint: str, label: str) -> str:
    """A button's hint without its key in brackets nor its own name first.

    >>> _plain_hint('MOVE up to 6" (M)', "Move")
    'up to 6"'
    >>> _plain_hint("SHOOT: the squad fires at a unit (F)", "Shoot")
    'the squad fires at a unit'
    >>> _plain_hint("MOVE SECTION: every soldier still to act goes the same way (Q)", "Section")
    'every soldier still to act goes the same way'
    """
    text = re.sub(r"\s*\([^)]*\)\s*$", "", hint).strip()
    headed = re.match(rf"[A-Z ]*\b{re.escape(label.upper())}\b[A-Z ]*:\s*", text)  # "MOVE SECTION: ..."
    if headed:
        return text[headed.end() :]
    named = text.upper().startswith((label.upper() + " ", label.upper() + ":"))
    return text[len(label) :].lstrip(" :") if named else text


def turn_html(ruleset: RuleSet | None) -> str:
    """How a turn goes on this screen, in the rule set's words where it has them."""
    view = ruleset.view() if ruleset is not None and ruleset.view is not None else None
    noun = getattr(view, "figure_noun", "figure")
    end = getattr(view, "end_words", "End turn") if view is not None else "End turn"
    steps = (
        f"Click one of your {noun}s (the roster on the right lists them; Tab picks the next who can act).",
        "Choose an action: its button on the right, or its key. Each button keeps its place all game; a grey one"
        " cannot be used now, and hovering it says why.",
        "Hover the table: it previews the path, the range and the odds before you commit. Click to act.",
        f"When your {noun}s are done, press {end} (E). The game plays the zombies; Space skips their animation.",
        "The log at the foot of the screen tells every roll; the top bar shows the turn and the objective.",
    )
    return "".join(f"&nbsp;&nbsp;<b>{i}.</b> {html.escape(s)}<br>" for i, s in enumerate(steps, 1))


def _badges_html(ruleset: RuleSet | None) -> str:
    """The letters a rule set puts on its tokens, each in words (its view's ``badge_legend``); empty without."""
    view = ruleset.view() if ruleset is not None and ruleset.view is not None else None
    legend = getattr(view, "badge_legend", ())
    return "".join(_row(letter, words) for letter, words in legend)


def start_html() -> str:
    """How to start a game, from the title screen to the table, in the order a player meets the screens."""
    steps = (
        "On the title screen, press New game.",
        "Pick a scenario in the list (its picture, rule set and briefing show beside it), then press Start.",
        "The set-up: choose the players and their forces (hover a choice for what it means; Rules help has the"
        " rest), then press Begin.",
        "A game left unfinished (closed, or the window lost) waits on the title screen: Resume carries it on"
        " where it was. Load game opens a saved one (Ctrl+S or the Menu saves).",
        "Esc goes back a screen; F11 is fullscreen on any screen.",
    )
    return "".join(f"&nbsp;&nbsp;<b>{i}.</b> {html.escape(s)}<br>" for i, s in enumerate(steps, 1))


def primer_sections(ruleset: RuleSet) -> list[Section]:
    """The rule set's own sections that introduce it (what the game is, its turn, who wins), each cut short."""
    if ruleset.reference is None:
        return []
    try:
        sections = ruleset.reference(None, {})
    except Exception:  # another package's data: the rules help says why; the page goes on without it
        return []
    chosen = [s for s in sections if PRIMER.match(s.title.strip())] or list(sections[:1])  # else its first
    return [Section(s.title, _short(s.body)) for s in chosen]


def _short(body: Sequence[Paragraph | Table]) -> tuple[Paragraph | Table, ...]:
    """A section's first paragraphs, at most PRIMER_ITEMS (its tables stay in the rules help)."""
    return tuple(p for p in body if isinstance(p, Paragraph))[:PRIMER_ITEMS]


def how_to_play_html(ruleset_key: str | None) -> str:
    """The whole page for a rule set (None: the mouse, the table's keys and a turn, for any rule set)."""
    from game.ui.rules_help import reference_html

    ruleset = get_ruleset(ruleset_key) if ruleset_key else None
    title = f"How to play {ruleset.name}" if ruleset is not None else "How to play"
    parts = [f"<font size=6><b>{html.escape(title)}</b></font><br>"]
    if ruleset is not None and ruleset.about:
        parts.append(f"<i>{html.escape(ruleset.about)}</i><br>")
    parts += [_heading("Starting a game"), start_html()]
    parts += [_heading("The mouse"), "".join(_row(k, w) for k, w in MOUSE)]
    parts += [_heading("The keys"), keys_html(ruleset)]
    parts += [_heading("How a turn goes"), turn_html(ruleset)]
    legend = _badges_html(ruleset)
    if legend:
        parts += [_heading("The letters on the tokens"), legend]
    if ruleset is not None:
        primer = primer_sections(ruleset)
        if primer:
            parts += [_heading(f"{ruleset.name} in short"), PRIMER_LINE, reference_html(primer)]
        parts.append("<br><i>Every rule, with the numbers the game plays: Rules help.</i>")
    return "".join(parts)
