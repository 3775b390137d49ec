"""A campaign in the players' words, for the campaign screen and a chapter's end screen: the force carried
over (each figure, his kills and his history, the fallen marked) and what a chapter changed. Plain text and
pygame_gui HTML, no widgets; any rule set's :class:`~game.rules.contract.Force` reads the same.

>>> from game.rules.contract import Force, Veteran
>>> force = Force((Veteran("a", "Pvt Able", 0, "Rifleman", history=("The village: held",), kills=2),
...                Veteran("b", "Pvt Baker", 0, "Rifleman", history=("The village: killed",), dead=True)))
>>> carried_lines(Force(), force)
['Fallen: Pvt Baker.', 'Pvt Able, Rifleman: held (2 kills).']
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from game.rules.contract import Force, Veteran

FALLEN = "#E06050"
MUTED = "#A9A68E"
GOLD = "#E4CE84"
GOOD = "#A8C890"


def kills_words(n: int) -> str:
    """``1 kill``, ``3 kills``, ``no kills``.

    >>> kills_words(0), kills_words(1), kills_words(4)
    ('no kills', '1 kill', '4 kills')
    """
    return "no kills" if n == 0 else f"{n} kill" if n == 1 else f"{n} kills"


def _player_heads(force: Force) -> bool:
    """Whether the force has figures of more than one player (then each player's figures get a heading)."""
    return len({v.player for v in force.veterans}) > 1


def veteran_html(v: Veteran) -> str:
    """One figure: his name and kind, his kills, FALLEN when dead, then his history a line each."""
    name = html.escape(v.name)
    kind = "" if v.kind.lower() in v.name.lower() else f" ({html.escape(v.kind)})"
    if v.dead:
        head = f"<font color='{MUTED}'><b>{name}</b>{kind}</font> <font color='{FALLEN}'><b>FALLEN</b></font>"
    else:
        head = f"<b>{name}</b>{kind}"
    if v.kills:  # (Zombie 40,000 counts a squad's kills, not a model's: its history lines say them)
        head += f" <font color='{MUTED}'>- {kills_words(v.kills)}</font>"
    tint = f"<font color='{MUTED}'>{{}}</font>" if v.dead else "{}"
    lines = [f"&nbsp;&nbsp;&nbsp;{tint.format(html.escape(h))}" for h in v.history] or [
        f"&nbsp;&nbsp;&nbsp;<i><font color='{MUTED}'>no chapter played yet</font></i>"
    ]
    return "<br>".join([head, *lines])


def force_html(force: Force, players: list[str] | None = None, notes: Sequence[str] = ()) -> str:
    """The force carried over: the living first, then the fallen, by player when there are several
    (``players`` names them, else "Player N"), then the rule set's ``notes`` on what else it holds for the next
    chapter (bystanders who will join). Its own numbers would mean nothing here."""
    if not force.veterans:
        return f"<i><font color='{MUTED}'>Nobody yet: the first chapter's figures become the force.</font></i>"
    living = len(force.living)
    parts = [
        f"<font color='{GOLD}'><b>The force: {living} standing, {len(force.veterans) - living} fallen</b></font>"
    ]
    heads = _player_heads(force)
    for player in sorted({v.player for v in force.veterans}):
        mine = sorted((v for v in force.veterans if v.player == player), key=lambda v: v.dead)
        rows = "<br>".join(veteran_html(v) for v in mine)  # a figure's bold name starts his rows
        if heads:
            name = players[player] if players and player < len(players) else f"Player {player + 1}"
            rows = f"<font color='{GOLD}'>{html.escape(name)}</font><br>{rows}"
        parts.append(rows)
    parts += [f"<font color='{GOOD}'>{html.escape(note)}</font>" for note in notes]
    return "<br><br>".join(parts)


def carried_lines(before: Force, after: Force) -> list[str]:
    """What a chapter carried over, a sentence each: who fell in it, then every figure still standing with this
    chapter's line of his history (wounds, GUTS, what he carries), its chapter's name said once by the screen."""
    was_dead = {v.key for v in before.veterans if v.dead}
    fell = [v for v in after.veterans if v.dead and v.key not in was_dead]
    lines = ["Fallen: " + ", ".join(v.name for v in fell) + "."] if fell else []
    kills = {v.key: v.kills for v in before.veterans}
    lasts = [v.history[-1] if v.history else "carries on" for v in after.living]
    heads = {line.partition(": ")[0] for line in lasts}
    shared = len(heads) == 1 and all(": " in line for line in lasts)  # "The Mill: ..." on every line
    for v, last in zip(after.living, lasts):
        said = last.partition(": ")[2] if shared else last
        gained = v.kills - kills.get(v.key, 0)
        counted = f" ({kills_words(gained)})" if gained > 0 and "kill" not in said else ""
        lines.append(f"{who(v)}: {said.rstrip('.')}{counted}.")
    if not after.living:
        lines.append("Nobody is left standing to carry on.")
    return lines


def who(v: Veteran) -> str:
    """A figure's name, with what he is unless his name says it already.

    >>> who(Veteran("a", "Rifleman Bishop", 0, "Rifleman")), who(Veteran("b", "Ash", 0, "Hero"))
    ('Rifleman Bishop', 'Ash, Hero')
    """
    return v.name if v.kind.lower() in v.name.lower() else f"{v.name}, {v.kind}"


def ending_line(ending: str) -> str:
    """The campaign's end in a sentence ("victory" or "defeat").

    >>> ending_line("victory")
    'The campaign is won: this was its last chapter.'
    """
    if ending == "victory":
        return "The campaign is won: this was its last chapter."
    return "The campaign is lost: this was its last chapter."


def intro_html(intro: str) -> str:
    """The campaign's introduction under the chapters ("" when it has none)."""
    if not intro:
        return ""
    return f"<br><br><i><font color='{MUTED}'>{html.escape(intro).replace(chr(10), '<br>')}</font></i>"


def carries_html(rules: list[str]) -> str:
    """What the campaign carries from chapter to chapter, in the rule set's words, under the force."""
    if not rules:
        return ""
    lines = "".join(f"<br>- {html.escape(r)}" for r in rules)
    return f"<br><br><font color='{GOLD}'><b>What carries over</b></font><font color='{MUTED}'>{lines}</font>"
