"""Hostile ``.catz`` files for the tests (issue 37): zip members compressed with every method a zip allows,
whose headers say whatever the test likes, made in a fraction of a second (a 2.4 GB bzip2 bomb is one
compressed block written many times over, not 2.4 GB compressed)."""

from __future__ import annotations

import bz2
import io
import lzma
import struct
import zipfile
import zlib

LZMA_PROPS = {"id": lzma.FILTER_LZMA1, "lc": 3, "lp": 0, "pb": 2, "dict_size": 1 << 20}


def pack(method: int, content: bytes) -> bytes:
    """``content`` compressed as a zip member of ``method`` holds it."""
    if method == zipfile.ZIP_STORED:
        return content
    if method == zipfile.ZIP_DEFLATED:
        squeeze = zlib.compressobj(1, zlib.DEFLATED, -zlib.MAX_WBITS)
        return squeeze.compress(content) + squeeze.flush()
    if method == zipfile.ZIP_BZIP2:
        return bz2.compress(content, 1)
    if method == zipfile.ZIP_LZMA:
        props = bytes([(2 * 5 + 0) * 9 + 3]) + (1 << 20).to_bytes(4, "little")
        stream = lzma.compress(content, format=lzma.FORMAT_RAW, filters=[{**LZMA_PROPS, "preset": 0}])
        return b"\x09\x14" + len(props).to_bytes(2, "little") + props + stream
    raise ValueError(method)


def lying_zip(member: str, packed: bytes, method: int, claimed: int = 1000, crc: int = 0) -> bytes:
    """A zip of one member whose compressed bytes are ``packed`` (by ``method``) and whose headers claim it
    unpacks to ``claimed`` bytes with the checksum ``crc``."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr(member, packed)
    raw = bytearray(out.getvalue())
    central = raw.rindex(b"PK\x01\x02")
    for at, method_at, crc_at, size_at in ((0, 8, 14, 22), (central, 10, 16, 24)):
        raw[at + method_at : at + method_at + 2] = method.to_bytes(2, "little")
        raw[at + crc_at : at + crc_at + 4] = crc.to_bytes(4, "little")
        raw[at + size_at : at + size_at + 4] = claimed.to_bytes(4, "little")
    return bytes(raw)


def honest_zip(member: str, content: bytes, method: int) -> bytes:
    """A zip of one member, compressed by ``method``, its headers true."""
    return lying_zip(member, pack(method, content), method, len(content), zlib.crc32(content))


_BLOCK_START, _STREAM_END = 0x314159265359, 0x177245385090


def bzip2_bomb(total: int, block: int = 10 * 1024 * 1024) -> bytes:
    """A bzip2 stream of about ``total`` zero bytes: one block of ``block`` zeros, compressed once, written
    over and over (blocks are bit-aligned, so this is done bit by bit), closed with the stream's checksum
    of the blocks' checksums. 2.4 GB come to about 9 KB."""
    raw = bz2.compress(b"\0" * block, 9)
    bits = "".join(f"{b:08b}" for b in raw[4:])  # after "BZh9"
    end = max(i for i in range(len(bits) - 79) if int(bits[i : i + 48], 2) == _STREAM_END)
    one = bits[:end]
    assert int(one[:48], 2) == _BLOCK_START
    block_crc = int(one[48:80], 2)
    copies = max(1, total // block)
    combined = 0
    for _ in range(copies):
        combined = (((combined << 1) | (combined >> 31)) & 0xFFFFFFFF) ^ block_crc
    stream = one * copies + f"{_STREAM_END:048b}{combined:032b}"
    stream += "0" * (-len(stream) % 8)
    return raw[:4] + int(stream, 2).to_bytes(len(stream) // 8, "big")


def many_members(count: int) -> bytes:
    """A zip of ``count`` empty stored members named 0, 1, 2...: written directly, as the zip writer takes
    seconds over tens of thousands."""
    local, central = bytearray(), bytearray()
    for i in range(count):
        name = str(i).encode()
        offset = len(local)
        local += b"PK\x03\x04" + struct.pack("<HHHHHIIIHH", 20, 0, 0, 0, 0, 0, 0, 0, len(name), 0) + name
        central += b"PK\x01\x02" + struct.pack(
            "<HHHHHHIIIHHHHHII", 20, 20, 0, 0, 0, 0, 0, 0, 0, len(name), 0, 0, 0, 0, 0, offset
        )
        central += name
    n = min(count, 0xFFFF)
    end = b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, n, n, len(central), len(local), 0)
    return bytes(local + central + end)
