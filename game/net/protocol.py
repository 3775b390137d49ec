"""The messages a host and its clients exchange: versioned JSON, each bounded in size and checked field by field.

A message is one JSON object with a ``type`` and the fields its type lists in :data:`FIELDS`. Anything else (not
JSON, too large, nested too deep, a field missing, unknown or of the wrong kind, an unknown type) is refused with
:class:`ProtocolError`; the side that reads it closes that connection, and no game changes.

>>> text = encode("refused", reason="It is not your turn.")
>>> text
'{"type":"refused","reason":"It is not your turn."}'
>>> decode(text)
{'type': 'refused', 'reason': 'It is not your turn.'}
>>> decode('{"type": "refused", "reason": 3}')
Traceback (most recent call last):
...
game.net.protocol.ProtocolError: refused: field 'reason' is not a text
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

PROTOCOL = 1  # raised whenever a message changes: a client of another version is refused by name
MAX_MESSAGE = 64 * 1024  # bytes: a command is a few hundred; the catch-up comes a command a message
MAX_DEPTH = 12  # JSON nesting: a message is 2 deep, a command in it 3 more, options a few more
MAX_NAME = 40  # characters of a player's name
MAX_TEXT = 2000  # characters of any other text (a refusal's reason, a password)
MAX_DIGITS = 20  # digits of a whole number (seeds and indices are far below)
MAX_SEATS = 8  # seats of a room (the rule sets allow up to 4 players)

Check = Callable[[Any], bool]


class ProtocolError(ValueError):
    """A message that is not one of the protocol's: the connection that sent it is closed."""


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(10**MAX_DIGITS) < value < 10**MAX_DIGITS


def _index(value: Any) -> bool:
    return _int(value) and value >= 0


def _text(limit: int) -> Check:
    return lambda value: isinstance(value, str) and len(value) <= limit


def _seat(value: Any) -> bool:
    return _index(value) and 1 <= value <= MAX_SEATS


def _seat_or_none(value: Any) -> bool:
    return value is None or _seat(value)


def _seats_wanted(value: Any) -> bool:
    """One seat, several (hot-seat on one screen), or none (a spectator, or any free seat)."""
    if isinstance(value, list):
        return 0 < len(value) <= MAX_SEATS and all(_seat(v) for v in value)
    return _seat_or_none(value)


def _table(value: Any) -> bool:
    return isinstance(value, dict)


def _seat_list(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= MAX_SEATS and all(_seat_entry(v) for v in value)


def _seat_entry(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"seat", "kind", "name", "here"}
        and _seat(value["seat"])
        and value["kind"] in ("network", "bot", "local")
        and _text(MAX_NAME)(value["name"])
        and isinstance(value["here"], bool)
    )


def _room(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"ruleset", "scenario", "hash", "options", "seed"}
        and _text(MAX_TEXT)(value["ruleset"])
        and _text(MAX_TEXT)(value["scenario"])
        and _text(128)(value["hash"])
        and _table(value["options"])
        and _int(value["seed"])
    )


def _bool(value: Any) -> bool:
    return isinstance(value, bool)


# Each message type's fields and what each must be. A field not listed is refused, a listed one is required.
FIELDS: dict[str, dict[str, Check]] = {
    # client -> host: who I am, which seat(s) I take (none and spectate: I watch), the room's password
    "hello": {
        "version": _int,
        "name": _text(MAX_NAME),
        "seat": _seats_wanted,
        "spectate": _bool,
        "password": _text(MAX_TEXT),
    },
    # host -> client: the room (scenario path and content hash, options, seed), the seats, the seats you hold,
    # how many commands the log holds (they follow as ``applied`` messages), whether the game has begun
    "welcome": {
        "version": _int,
        "room": _room,
        "seats": _seat_list,
        "you": lambda v: isinstance(v, list) and len(v) <= MAX_SEATS and all(_seat(s) for s in v),
        "log": _index,
        "started": _bool,
    },
    "command": {"cmd": _table},  # client -> host: a command for a seat it holds
    "applied": {"index": _index, "cmd": _table, "seat": _seat_or_none},  # host -> all: the log's next command
    "refused": {"reason": _text(MAX_TEXT)},  # host -> the sender only: why its command was not applied
    "hash": {
        "turn": _index,
        "index": _index,
        "hash": _text(64),
    },  # host -> all: the state after ``index`` commands
    "desync": {"index": _index, "hash": _text(64)},  # client -> host: my state differs there (both sides save)
    "seats": {"seats": _seat_list, "started": _bool},  # host -> all: who holds which seat now
    "bye": {"reason": _text(MAX_TEXT)},  # either way: the connection ends, and why
}


def encode(kind: str, **fields: Any) -> str:
    """A message as compact JSON text; refuses (ValueError) one the protocol would refuse to read.

    >>> encode("bye", reason="The game is over.")
    '{"type":"bye","reason":"The game is over."}'
    """
    text = json.dumps({"type": kind, **fields}, separators=(",", ":"), allow_nan=False)
    decode(text)  # what is sent is what the other side accepts
    return text


def decode(raw: str | bytes) -> dict[str, Any]:
    """A message read and checked: its ``type`` and fields, as :data:`FIELDS` lists them."""
    if isinstance(raw, bytes):
        raise ProtocolError("a binary message (the protocol is JSON text)")
    if len(raw) > MAX_MESSAGE:  # characters: up to four bytes each, and the websocket bounds the bytes too
        raise ProtocolError(f"a message of {len(raw)} characters (at most {MAX_MESSAGE})")
    data = _parse(raw)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("not a message: a message is a JSON object with a type")
    kind = data["type"]
    fields = FIELDS.get(kind)
    if fields is None:
        raise ProtocolError(f"an unknown message type {kind[:40]!r}")
    given = set(data) - {"type"}
    if given != set(fields):
        odd = sorted(given ^ set(fields))[:3]
        raise ProtocolError(f"{kind}: fields missing or unknown: {', '.join(map(repr, odd))}")
    for name, check in fields.items():
        if not check(data[name]):
            raise ProtocolError(f"{kind}: field {name!r} is not {_WORDS.get(name, 'what it should be')}")
    return data


_WORDS = {"reason": "a text", "name": "a text", "password": "a text", "hash": "a text", "cmd": "a table"}


def _parse(raw: str) -> Any:
    try:
        data = json.loads(raw, parse_int=_parse_int, parse_constant=_no_constant, parse_float=_parse_float)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("not JSON") from None
    _check_depth(data)
    return data


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ProtocolError(f"a whole number {len(text)} digits long")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError("a number too large to be a number")
    return value


def _no_constant(text: str) -> float:
    raise ProtocolError(f"{text} is not a number")


def _check_depth(data: Any) -> None:
    """Nesting past :data:`MAX_DEPTH` is refused (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ProtocolError(f"nested more than {MAX_DEPTH} deep")
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def version_refusal(version: int) -> str:
    """What a client of another protocol version is told.

    >>> version_refusal(2)
    'This host speaks Dead Ground network protocol 1 and your game speaks 2: both players need the same version.'
    """
    return (
        f"This host speaks Dead Ground network protocol {PROTOCOL} and your game speaks {version}: "
        "both players need the same version."
    )


def hello_version(raw: str | bytes) -> int | None:
    """The protocol version a hello names, read before the rest is checked: a client of another version may not
    even speak this version's hello, and is still told why it is refused. None when it names none.

    >>> hello_version('{"type": "hello", "version": 7, "anything": "else"}')
    7
    >>> hello_version("not json") is None
    True
    """
    if not isinstance(raw, str) or len(raw) > MAX_MESSAGE:
        return None
    try:
        data = _parse(raw)
    except ProtocolError:
        return None
    if isinstance(data, dict) and data.get("type") == "hello" and _int(data.get("version")):
        return int(data["version"])
    return None
