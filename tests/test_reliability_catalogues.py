"""Hostile BattleScribe catalogues (issue 37), through the paths a player takes: ``deadground roster import``
and the set-up screen's Import catalogue... (both :func:`game.roster_import.import_roster`).

- A ``.catz`` member compressed with bzip2 or LZMA whose headers claim 1,000 bytes was unpacked whole (3 KB
  became 2.4 GB, then MemoryError; from the set-up screen it closed the window). Every method a zip allows
  is now unpacked to at most the limit, whatever the headers say, and the number of members is bounded
  before the zip reader makes an object of each.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from catalogue_bombs import bzip2_bomb, honest_zip, lying_zip, many_members, pack
from catalogue_shapes import (
    armoury,
    constrained_kit,
    many_bad_weapons,
    many_rules,
    many_units,
    repeated_modifier,
    shared_profile,
)
from test_z40k_battlescribe import catalogue, data_dir, refused, shipped  # noqa: F401  (data_dir: a fixture)
from test_z40k_import_screen import app, hive, home, notice, open_setup, roster  # noqa: F401  (fixtures)

from game.cli import main as cli_main
from game.rules.zombie40k.battlescribe import MAX_BYTES, convert, read_catalogue, roster_path
from game.ui.app import App
from game.ui.scenario_list import ScenarioEntry
from game.ui.scenes.setup import REFUSED

ROOT = Path(__file__).resolve().parent.parent
METHODS = {
    "stored": zipfile.ZIP_STORED,
    "deflate": zipfile.ZIP_DEFLATED,
    "bzip2": zipfile.ZIP_BZIP2,
    "lzma": zipfile.ZIP_LZMA,
}
BOMBS = ["deflate", "bzip2", "lzma"]  # a stored member is as big as it says in the file itself


# -- .catz: every compression method, bounded -----------------------------------------------------------------


@pytest.mark.parametrize("method", list(METHODS))
def test_a_catz_in_every_compression_method_imports(tmp_path: Path, method: str) -> None:
    path = tmp_path / "sm.catz"
    path.write_bytes(honest_zip("Space Marines.cat", catalogue(), METHODS[method]))
    cat = convert(read_catalogue(path), path.name, shipped())
    assert "space_marines_tactical_squad" in cat.units


@pytest.mark.parametrize("method", BOMBS)
def test_a_member_that_lies_about_its_size_is_stopped_at_the_limit_in_every_method(
    tmp_path: Path, method: str
) -> None:
    """32 MB of spaces behind headers that claim 1,000 bytes: refused as a zip bomb, and no more than the
    limit (and the unpacker's own tables) is ever held in memory."""
    content = b"<catalogue>" + b" " * (32 * 1024 * 1024) + b"</catalogue>"
    path = tmp_path / "liar.catz"
    path.write_bytes(lying_zip("sm.cat", pack(METHODS[method], content), METHODS[method]))
    del content
    tracemalloc.start()
    try:
        message = refused(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "zip bomb" in message
    assert peak < 3 * MAX_BYTES, f"{peak:,} bytes held while unpacking"


def test_a_member_that_is_shorter_than_it_says_or_damaged_is_refused(tmp_path: Path) -> None:
    good = catalogue()
    for method in METHODS.values():
        liar = lying_zip("sm.cat", pack(method, good), method, claimed=len(good) + 1)
        assert "cannot be unpacked" in refused(_write(tmp_path, "short.catz", liar))
    broken = lying_zip("sm.cat", b"\x09\x14\x05\x00\xff\xff\xff\xff\xff" + b"x" * 50, zipfile.ZIP_LZMA)
    assert "cannot be unpacked" in refused(_write(tmp_path, "broken.catz", broken))
    odd = lying_zip("sm.cat", good, 98)  # PPMd: a method no zip BattleScribe writes uses
    assert "zip method 98" in refused(_write(tmp_path, "ppmd.catz", odd))


def test_the_command_line_refuses_a_3kb_bzip2_bomb_under_a_memory_limit(tmp_path: Path) -> None:
    """The issue's file: a few KB whose bzip2 member unpacks to 2.4 GB and claims 1,000 bytes. The real
    command, in a process allowed 1 GB of memory: refused with the reason, the roster untouched."""
    bomb = _write(tmp_path, "bomb.catz", lying_zip("sm.cat", bzip2_bomb(2400 * 1024 * 1024), zipfile.ZIP_BZIP2))
    assert bomb.stat().st_size < 10_000

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    data = tmp_path / "data"
    done = subprocess.run(
        [sys.executable, "-m", "game", "roster", "import", "--data", str(data), str(bomb)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limited,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert "refused: bomb.catz: its .cat unpacks to more than" in done.stderr and "zip bomb" in done.stderr
    assert "Traceback" not in done.stderr and not roster_path(data).exists()


@pytest.mark.parametrize("method", ["bzip2", "lzma"])
def test_a_game_system_gstz_bomb_is_refused_under_a_memory_limit(tmp_path: Path, method: str) -> None:
    """The game system read with a catalogue may be a ``.gstz`` too: it was unpacked by the zip reader,
    which bounds deflate only (an 8 KB bzip2 member became 2.4 GB, MemoryError). Given on the command line
    with the catalogue, in a process allowed 1 GB: refused naming the file and its member; found beside
    the catalogue, it is left out with that reason and the catalogue imports."""
    packed = (
        bzip2_bomb(2400 * 1024 * 1024) if method == "bzip2" else pack(METHODS[method], bytes(256 * 1024 * 1024))
    )
    bomb = _write(tmp_path, "Warhammer40K.gstz", lying_zip("Warhammer40K.gst", packed, METHODS[method]))
    cat = _write(tmp_path, "Space Marines.cat", catalogue())
    given = _import_limited(tmp_path / "given", str(cat), str(bomb))
    assert given.returncode == 1, given.stderr[-2000:]
    assert (
        "refused: Warhammer40K.gstz: its .gst unpacks to more than 4,194,304 bytes (the member "
        "'Warhammer40K.gst': a zip bomb" in given.stderr
    )
    assert "Traceback" not in given.stderr and not roster_path(tmp_path / "given").exists()
    beside = _import_limited(tmp_path / "beside", "--verbose", str(cat))
    assert beside.returncode == 0, beside.stderr[-2000:]
    assert "Warhammer40K.gstz: its .gst unpacks to more than" in beside.stdout + beside.stderr
    assert "Tactical Squad" in roster_path(tmp_path / "beside").read_text()


def _import_limited(data: Path, *files: str) -> subprocess.CompletedProcess[str]:
    """``deadground roster import FILES`` in a process allowed 1 GB of memory."""

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [sys.executable, "-m", "game", "roster", "import", "--data", str(data), *files],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(data)},
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limited,
    )


def test_the_set_up_screen_refuses_a_bzip2_bomb_and_stays_open(app: App, hive: ScenarioEntry, home: Path) -> None:  # noqa: F811
    """The same kind of file picked with Import catalogue...: the notice says why, nothing is written, and
    the memory held stays near the limit (the window used to be killed)."""
    bomb = _write(home, "bomb.catz", lying_zip("sm.cat", bzip2_bomb(64 * 1024 * 1024), zipfile.ZIP_BZIP2))
    scene = open_setup(app, hive)
    tracemalloc.start()
    try:
        app.rebuild()  # the screen laid out again, as after the refusal: its own passing cost
        _, laying_out = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    tracemalloc.start()
    try:
        scene = app.scene
        scene.import_catalogue(bomb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "Catalogue refused: bomb.catz: its .cat unpacks to more than" in notice(scene)
    assert REFUSED in scene.refusal_box.html_text and not roster().exists()
    assert peak < laying_out + 3 * MAX_BYTES, f"{peak:,} bytes held while unpacking ({laying_out:,} laying out)"
    app.run_frames(2)
    assert app.scene is scene


def test_a_catz_of_many_members_is_refused_before_they_are_read(tmp_path: Path) -> None:
    """45,000 empty members fill a 4 MB file; the zip reader took seconds to list them. Counted first."""
    out = _write(tmp_path, "many.catz", many_members(45_000))
    assert out.stat().st_size < MAX_BYTES
    start = time.monotonic()
    message = refused(out)
    assert "holds 45000 files; a .catz holds one .cat" in message
    assert time.monotonic() - start < 0.5


def _write(folder: Path, name: str, raw: bytes) -> Path:
    path = folder / name
    path.write_bytes(raw)
    return path


def test_the_command_line_still_imports_a_catz(tmp_path: Path, data_dir: Path) -> None:  # noqa: F811
    path = _write(tmp_path, "sm.catz", honest_zip("Space Marines.cat", catalogue(), zipfile.ZIP_LZMA))
    assert cli_main(["roster", "import", str(path)]) == 0
    assert "Tactical Squad" in roster_path(data_dir).read_text()


# -- the work one catalogue asks for, bounded -------------------------------------------------------------------


def _import_in_a_process(path: Path, data: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "game", "roster", "import", "--data", str(data), str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,  # it took minutes (hours at 4 MB) before the work was bounded
    )


SHAPES = {"armoury": armoury, "many_units": many_units, "constrained_kit": constrained_kit}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_catalogue_that_links_one_entry_over_and_over_is_refused_in_seconds(tmp_path: Path, shape: str) -> None:
    """One model with 1,000 links to an entry of 2,000 weapons (0.9 MB), or 1,000 units linking to it:
    every link read every profile again (and an entry of 20,000 constraints linked 15,000 times counted
    them all each time). Each shared entry and profile is resolved once now, and the work is bounded: the file
    imports in seconds (what links to one small list, however often), or past the bound is refused, named,
    with the reason."""
    raw = SHAPES[shape]()
    path = _write(tmp_path, f"{shape}.cat", raw)
    start = time.monotonic()
    done = _import_in_a_process(path, tmp_path / "data")
    took = time.monotonic() - start
    assert "Traceback" not in done.stderr and took < 20, f"took {took:.1f} s: {done.stderr[-2000:]}"
    if shape == "constrained_kit":  # one gun behind 20,000 constraints: read once, so it imports
        assert done.returncode == 0 and "imported" in done.stdout.lower(), done.stdout[-2000:]
    else:  # thousands of links to 2,000 guns: refused by the bound
        assert done.returncode == 1, done.stderr[-2000:]
        assert f"refused: {shape}.cat: its wargear needs more than" in done.stderr


def test_many_links_to_a_small_shared_entry_still_import(tmp_path: Path, data_dir: Path) -> None:  # noqa: F811
    """The bound is far above what real catalogues need: a model linking 200 times to a shared entry of
    five weapons imports, its weapons read once."""
    path = _write(tmp_path, "fine.cat", armoury(links=200, weapons=5))
    assert cli_main(["roster", "import", str(path)]) == 0
    assert "Gunline" in roster_path(data_dir).read_text()


LINEAR = {
    "repeated_modifier": repeated_modifier,
    "shared_profile": shared_profile,
    "many_rules": many_rules,
    "many_bad_weapons": many_bad_weapons,
}


@pytest.mark.parametrize("shape", list(LINEAR))
def test_a_catalogue_that_asks_the_same_question_over_and_over_imports_in_seconds(
    tmp_path: Path, shape: str
) -> None:
    """Work that grew with the square of the file, in files of 0.7 to 3 MB: a modifier repeating for an entry
    of thousands of constraints (90 s), thousands of units linking one profile of thousands of
    characteristics (50 s), a unit of 50,000 rules (a minute) or of 8,000 weapons this game does not play
    (20 s). Each answer is worked out once now: the import ends in seconds; every unit left out is listed,
    its weapons up to 2,000 lines and counted after that."""
    path = _write(tmp_path, f"{shape}.cat", LINEAR[shape]())
    start = time.monotonic()
    done = _import_in_a_process(path, tmp_path / "data")
    took = time.monotonic() - start
    assert "Traceback" not in done.stderr and took < 20, f"took {took:.1f} s: {done.stderr[-2000:]}"
    out = done.stdout + done.stderr
    if shape == "many_bad_weapons":  # nothing it can carry: the unit is refused, 8,000 guns named or counted
        assert done.returncode == 0 and "nothing imported" in out, out[-2000:]
        assert f"{shape}.cat: and 6,000 more weapons left out (not listed)" in out
        assert out.count("is not a weapon type this game plays") == 2000
        assert "'Squad 0': field 'wargear': none of its weapons is one this game plays" in out
    else:
        imported = "2000 unit(s) imported" if shape == "shared_profile" else "1 unit(s) imported"
        assert done.returncode == 0 and imported in out, out[-2000:]
