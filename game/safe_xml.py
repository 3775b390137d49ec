"""Reading a file a player or designer hands the game as hostile: bounded, ordinary files only, and XML parsed
the way defusedxml would (no DOCTYPE or ENTITY declarations, UTF-8 only, bounded nesting and size).

Shared by the Tiled reader (``game/scenario/tmx.py``) and the BattleScribe catalogue import, so the one
careful parser is written once. Every refusal is an :class:`Unreadable` whose message says why; the caller
puts the file's name in front.

>>> parse_xml(b"<a><b/></a>", max_depth=4).tag
'a'
>>> try:
...     parse_xml(b'<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', max_depth=4, writer="BattleScribe")
... except Unreadable as err:
...     print(str(err)[:50])
declares a DOCTYPE or ENTITY, which BattleScribe n
"""

from __future__ import annotations

import os
import re
import stat
import xml.etree.ElementTree as ET


class Unreadable(Exception):
    """A file the game will not read or parse; the message says why, for the person who made it."""


_ENCODING = re.compile(rb"""^\s*<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""")
_WIDE_MARKS = (b"\xff\xfe", b"\xfe\xff")  # UTF-16 byte-order marks (UTF-32's begin with them too)
NOT_ORDINARY = "cannot be read: it is not an ordinary file (a folder, pipe or device)"


def read_bounded(path: str, limit: int, limit_name: str = "the limit file_bytes", symlinks: bool = True) -> bytes:
    """The bytes of an ordinary file of at most ``limit`` bytes; :class:`Unreadable` for anything else.

    A FIFO would block the open or the read forever, a device (``/dev/zero``) fill memory and a folder or
    a symlink loop fail oddly, so the file is checked with stat before it is opened (non-blocking) and
    again on the open descriptor. With ``symlinks=False`` a symbolic link is refused as well (checked
    with lstat, and the open does not follow one where the system allows).
    """
    try:
        info = os.stat(path) if symlinks else os.lstat(path)
    except FileNotFoundError:
        raise Unreadable("not found") from None
    except OSError as err:
        raise Unreadable(f"cannot be read ({err.strerror or err})") from None
    if stat.S_ISLNK(info.st_mode):
        raise Unreadable("cannot be read: it is a symbolic link; point the game at the file itself")
    if not stat.S_ISREG(info.st_mode):
        raise Unreadable(NOT_ORDINARY)
    too_big = Unreadable(f"cannot be read: it is larger than {limit:,} bytes ({limit_name})")
    if info.st_size > limit:
        raise too_big
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | (0 if symlinks else getattr(os, "O_NOFOLLOW", 0))
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise Unreadable(f"cannot be read ({err.strerror or err})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable(NOT_ORDINARY)
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > limit:
                raise too_big
            chunks.append(chunk)
    except OSError as err:
        raise Unreadable(f"cannot be read ({err.strerror or err})") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def parse_xml(
    data: bytes,
    max_depth: int,
    writer: str = "Tiled",
    max_elements: int | None = None,
) -> ET.Element:
    """Parse XML the way defusedxml would: UTF-8 only, no DOCTYPE or ENTITY declarations (an entity can
    expand a few bytes into gigabytes), elements nested at most ``max_depth`` deep and, when given, at most
    ``max_elements`` of them. ``writer`` is the program that writes such files, named in the fixes.

    The DOCTYPE is refused by the parser itself, as it meets one, whatever the file's encoding: a search of
    the raw bytes missed one in UTF-16 without a byte-order mark, which the parser reads all the same.

    >>> try:
    ...     parse_xml('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'.encode("utf-16-le"), max_depth=4)
    ... except Unreadable as err:
    ...     print(str(err)[:40])
    is written in UTF-16 (or UTF-32), not UT
    """
    _check_utf8(data, writer)
    parser = ET.XMLParser(target=_NoDoctype(), encoding="utf-8")
    try:
        parser.feed(data)
        root = parser.close()
    except _DoctypeRefused:
        raise Unreadable(
            f"declares a DOCTYPE or ENTITY, which {writer} never writes and the game refuses (entities can "
            "expand without bound); delete the declaration"
        ) from None
    except ET.ParseError as err:
        raise Unreadable(f"is not valid XML ({err})") from None
    stack = [(root, 1)]
    count = 0
    while stack:  # walked without recursion: the depth is what is being checked
        el, depth = stack.pop()
        count += 1
        if depth > max_depth:
            raise Unreadable(f"is nested more than {max_depth} elements deep (the limit nesting)")
        if max_elements is not None and count > max_elements:
            raise Unreadable(f"has more than {max_elements:,} elements (the limit elements)")
        stack.extend((child, depth + 1) for child in el)
    return root


class _DoctypeRefused(Exception):
    """Raised from inside the parser at a DOCTYPE, so it stops before any entity is declared or expanded."""


class _NoDoctype(ET.TreeBuilder):
    """The element tree, built as usual, except that a DOCTYPE stops the parse (the parser calls ``doctype``
    at ``<!DOCTYPE``, before its internal subset, in whatever encoding the file is written)."""

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise _DoctypeRefused(name)


def _check_utf8(data: bytes, writer: str) -> None:
    """UTF-8 text, or :class:`Unreadable` saying which encoding it is in. XML never holds a NUL character,
    so a NUL byte means UTF-16 or UTF-32 (with or without a byte-order mark)."""
    fix = f"{writer} writes UTF-8 (save it again from {writer})"
    if data.startswith(_WIDE_MARKS) or b"\0" in data:
        raise Unreadable(f"is written in UTF-16 (or UTF-32), not UTF-8; {fix}")
    declared = _ENCODING.match(data[:400])
    if declared and declared.group(1).decode("ascii", "replace").lower() not in ("utf-8", "utf8"):
        name = declared.group(1).decode("ascii", "replace")[:30]
        raise Unreadable(f'is written in the encoding "{name}"; {fix}')
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(
            f"is not valid XML: not UTF-8 text (byte {err.start}); save it again from {writer}"
        ) from None
