"""The seats of a networked game in the players' words: who sits where, what changed, when play may begin.

A seat (:class:`~game.net.room.Seat`, sent as a dict: ``seat``, ``kind``, ``name``, ``here``) is played on
the host's own screen (``local``), over the network, or by a bot. The host's set-up calls the kinds
"this screen", "network" and "bot". No pygame here.

>>> seats = [{"seat": 1, "kind": "local", "name": "Ann", "here": True},
...          {"seat": 2, "kind": "network", "name": "", "here": False}]
>>> seat_line(seats[1], "team")
'Team 2: network, waiting for a player'
>>> begin_words(seats), all_seated(seats)
('Begin, bots fill the empty seats', False)
>>> changes(seats, [seats[0], {"seat": 2, "kind": "network", "name": "Bob", "here": True}], "team")
['Bob took team 2.']
>>> changes([{"seat": 2, "kind": "bot", "name": "bot (for Bob)", "here": False}],
...         [{"seat": 2, "kind": "network", "name": "Bob", "here": True}], "team")
['Bob is back at team 2.']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.rules.core import Game

CHOICES = ("this screen", "network", "bot")  # what the host's set-up offers for each seat
KIND_OF = {"this screen": "local", "network": "network", "bot": "bot"}  # ... as the room calls them
BEGIN, BEGIN_FILLING = "Begin", "Begin, bots fill the empty seats"

Seat = dict[str, Any]


def seat_choices(kinds: Sequence[str]) -> list[str]:
    """The host's choices for the room's kinds of seat (a resumed room's, as its autosave kept them).

    >>> seat_choices(["local", "network", "bot"])
    ['this screen', 'network', 'bot']
    """
    choice_of = {kind: choice for choice, kind in KIND_OF.items()}
    return [choice_of[k] for k in kinds]


def seat_kinds(choices: Sequence[str]) -> list[str]:
    """The room's kinds of seat for the host's choices (``this screen`` is a ``local`` seat)."""
    return [KIND_OF[c] for c in choices]


def seat_line(s: Seat, noun: str = "seat", mine: Sequence[int] | None = None) -> str:
    """One seat as the lobby lists it: ``Team 2: network, Bob``. ``mine``: the seats a joined screen holds
    (None: the host's screen), so a player who joined reads his own seat as his and the host's as the host's.

    >>> host = {"seat": 1, "kind": "local", "name": "Ann", "here": True}
    >>> bob = {"seat": 2, "kind": "network", "name": "Bob", "here": True}
    >>> seat_line(host, "team"), seat_line(bob, "team")
    ('Team 1: this screen, Ann', 'Team 2: network, Bob')
    >>> seat_line(host, "team", mine=[2]), seat_line(bob, "team", mine=[2])
    ("Team 1: the host's screen, Ann", 'Team 2: this screen, you (Bob)')
    """
    head = f"{noun.capitalize()} {s['seat']}"
    if s["kind"] == "bot":
        return f"{head}: a bot{_for(s['name'])}"
    if mine is not None and s["seat"] in mine:
        return f"{head}: this screen, you" + (f" ({s['name']})" if s["name"] else "")
    where = "network" if s["kind"] != "local" else "this screen" if mine is None else "the host's screen"
    if s["here"]:
        return f"{head}: {where}, {s['name'] or 'a player'}"
    if s["name"]:
        return f"{head}: {where}, {s['name']} (away)"
    return f"{head}: {where}, waiting for a player"


def _for(name: str) -> str:
    return f" ({name})" if name and name != "bot" and not name.startswith("bot") else ""


def all_seated(seats: Sequence[Seat]) -> bool:
    """Whether every seat a player plays has its player (the bots' need none)."""
    return all(s["here"] or s["kind"] == "bot" for s in seats)


def begin_words(seats: Sequence[Seat]) -> str:
    """The host's Begin button: plain when everyone is seated, else it says the bots fill the rest."""
    return BEGIN if all(s["here"] or s["kind"] != "network" for s in seats) else BEGIN_FILLING


def changes(old: Sequence[Seat], new: Sequence[Seat], noun: str = "seat") -> list[str]:
    """What changed at the table, a sentence a change: who took a seat, who left, where a bot took over."""
    before = {s["seat"]: s for s in old}
    out = []
    for s in new:
        was = before.get(s["seat"])
        if was is None or was == s:
            continue
        where = f"{noun} {s['seat']}"
        if s["kind"] == "bot" and was["kind"] != "bot":
            left = f"{was['name']} left" if was["name"] else "Nobody took it"
            out.append(f"{left}; a bot plays {where}.")
        elif s["here"] and not was["here"]:
            back = bool(s["name"]) and was["name"] in (s["name"], f"bot (for {s['name']})")
            out.append(f"{s['name'] or 'A player'} {'is back at' if back else 'took'} {where}.")
        elif was["here"] and not s["here"]:
            out.append(f"{was['name'] or 'A player'} left {where}; it waits for them (or a bot).")
    return out


def waiting_words(seats: Sequence[Seat], acting: int, noun: str = "seat") -> str:
    """The status line while another seat acts: whose turn it is, and that the player's moves will show here.

    >>> waiting_words([{"seat": 2, "kind": "network", "name": "Bob", "here": True}], 2, "team")
    "Waiting for Bob (team 2): Bob's moves appear here as they are made."
    >>> waiting_words([], 1, "team")
    'Waiting for the player (team 1): their moves appear here as they are made.'
    """
    s = next((s for s in seats if s["seat"] == acting), None)
    if s is not None and s["kind"] == "bot":
        return f"A bot plays {noun} {acting}: its moves appear here as it makes them."
    name = s["name"] if s is not None else ""
    whose = f"{name}'s" if name else "their"
    return f"Waiting for {name or 'the player'} ({noun} {acting}): {whose} moves appear here as they are made."


def handoff_words(seats: Sequence[Seat], mine: Sequence[int], player: int, text: str) -> str:
    """The hand-over plate on a networked screen: the rule set's "your team" words only where ``player`` sits
    (``mine``: this screen's seats); elsewhere whose turn it is, by name.

    >>> seats = [{"seat": 2, "kind": "network", "name": "Bob", "here": True},
    ...          {"seat": 3, "kind": "bot", "name": "bot", "here": False}]
    >>> handoff_words(seats, [2], 2, "Player 2 (Infantry Squad) \u2014 your team")
    'Player 2 (Infantry Squad) \u2014 your team'
    >>> handoff_words(seats, [1], 2, "Player 2 (Infantry Squad) \u2014 your team")
    "Bob's turn: Player 2, Infantry Squad"
    >>> handoff_words(seats, [1], 3, "Player 3 (Necron Warriors) \u2014 your team")
    "The bot's turn: Player 3, Necron Warriors"
    >>> handoff_words([], [], 1, "Player 1 \u2014 your survivors")
    "The player's turn: Player 1"
    """
    if player in mine:
        return text
    s = next((s for s in seats if s["seat"] == player), None)
    if s is not None and s["kind"] == "bot":
        who = "The bot's"
    else:
        who = f"{s['name']}'s" if s is not None and s["name"] else "The player's"
    head = text.split(" \u2014 ", 1)[0]
    named = re.sub(r"^(.*?) \((.*)\)$", r"\1, \2", head)
    return f"{who} turn: {named}"


def seat_won(winner: str | None) -> int | None:
    """The seat a race's winner key names (``"player 2"``: 2); None when a side won together, or nobody.

    >>> seat_won("player 2"), seat_won("players"), seat_won(None)
    (2, None, None)
    """
    found = re.fullmatch(r"player (\d+)", winner or "")
    return int(found.group(1)) if found else None


def end_words(seats: Sequence[Seat], mine: Sequence[int], won: int, reason: str) -> tuple[bool | None, str, str]:
    """The end screen's verdict from this screen's side when seat ``won`` won a race: (victory, headline,
    reason). Its winner reads VICTORY; another player DEFEAT, with who won; a watcher GAME OVER.

    >>> seats = [{"seat": 1, "kind": "local", "name": "Ann", "here": True}]
    >>> end_words(seats, [2], 1, "Guardian Defenders (player 1) reached the escape vehicle")
    (False, 'DEFEAT', "Defeat: Ann's Guardian Defenders (player 1) reached the escape vehicle")
    >>> end_words(seats, [], 1, "Guardian Defenders (player 1) reached the escape vehicle")
    (None, 'GAME OVER', "Ann's Guardian Defenders (player 1) reached the escape vehicle")
    """
    if won in mine:
        return True, "VICTORY", reason
    s = next((s for s in seats if s["seat"] == won), None)
    who = "The bot's" if s is not None and s["kind"] == "bot" else f"{s['name']}'s" if s and s["name"] else ""
    said = f"{who} {reason}" if who else reason
    if not mine:
        return None, "GAME OVER", said
    return False, "DEFEAT", f"Defeat: {said}"


def not_yours_words(seats: Sequence[Seat], acting: int, noun: str = "seat", figures: str = "model") -> str:
    """Why a click on the acting seat's figures selects none on this screen: whose turn it is.

    >>> not_yours_words([{"seat": 2, "kind": "network", "name": "Bob", "here": True}], 2, "team")
    "It is Bob's turn (team 2): his models may be looked at here, not ordered."
    """
    s = next((s for s in seats if s["seat"] == acting), None)
    who = "a bot" if s is not None and s["kind"] == "bot" else (s["name"] if s is not None else "") or "the player"
    his = "its" if who == "a bot" else "his"
    return f"It is {who}'s turn ({noun} {acting}): {his} {figures}s may be looked at here, not ordered."


def noun_of(game: Game | None) -> str:
    """What the rule set calls a seat (``section``, ``survivor group``, ``team``); ``seat`` without a game."""
    from game.net.room import seat_noun

    return "seat" if game is None else seat_noun(game)


def join_words(reason: str, address: str) -> str:
    """Why joining failed, in words (never a traceback): the client's reason, an unreachable host said plainly."""
    if "cannot reach" in reason or "is gone" in reason:
        detail = reason.split("(", 1)[-1].rstrip(").") if "(" in reason else reason
        return f"Cannot reach a host at {address}: is it hosting, on that port, and open to the LAN? ({detail})"
    return reason or f"The host at {address} closed the connection."
