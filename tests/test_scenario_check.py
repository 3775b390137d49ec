"""``deadground check MAP...`` prints OK or every problem with its fix, and its exit code says which
(Scenario files (Tiled))."""

from __future__ import annotations

import io
from pathlib import Path

from game.cli import main as cli_main
from game.scenario.check import main

VALID = Path(__file__).parent / "maps" / "valid_zombiekrieg.tmx"

BAD = """<map orientation="orthogonal" width="24" height="16" tilewidth="32" tileheight="32">
 <properties><property name="ruleset" value="zombiekreig"/></properties>
 <objectgroup><object id="12" name="Farm wall" type="wal" x="0" y="0" width="9" height="9"/></objectgroup>
</map>"""


def test_a_good_map_prints_ok_with_rule_set_title_and_size():
    out = io.StringIO()
    assert main([str(VALID)], out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0] == f'OK  {VALID}  (zombiekrieg, "Test farm", 24x16")'
    # the test farm holds what Zombiekrieg accepts but ignores (issue 16), and a deploy zone a section spills out
    # of (issue 36): warned, still OK
    assert [line.split(": warning: ")[1].split(" — ")[0] for line in lines[1:]] == [
        "Zombiekrieg 848 ignores a zombie's boss",
        "Zombiekrieg 848 ignores soldier objects",
        "Zombiekrieg 848 ignores a spawn's dice",
        "only 8 of a force's 11 figures fit in the deploy zone (bases 1.5\" apart); the rest are set up on open "
        "ground around it, not where the map shows",
    ]


def test_a_bad_map_prints_each_problem_with_its_fix_and_fails(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text(BAD)
    out = io.StringIO()
    assert main([str(VALID), str(bad)], out) == 1
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("OK  ")
    lines = lines[next(i for i, line in enumerate(lines) if line.startswith("FAIL")) - 1 :]  # after OK's warnings
    assert lines[1] == f"FAIL  {bad}  (2 problems)"
    assert lines[2] == (
        '  map: unknown ruleset "zombiekreig" — did you mean "zombiekrieg"? '
        "use one of: zombiekrieg, outbreak, zombie40k"
    )
    assert lines[3].startswith('  object 12 "Farm wall": unknown class "wal" — did you mean "wall"?')
    assert lines[-1] == "1 of 2 map(s) OK"


def test_the_deadground_command_runs_the_check(tmp_path, capsys):
    assert cli_main(["check", str(tmp_path / "missing.tmx")]) == 1
    assert "file not found" in capsys.readouterr().out


def test_checking_maps_never_loads_pygame():
    """Layering (Shape): nothing below game.ui imports pygame, so ``deadground check`` runs on a
    machine without a display."""
    import subprocess
    import sys

    code = (
        "import sys; from game.scenario.check import main; "
        f"main([{str(VALID)!r}]); assert 'pygame' not in sys.modules, 'pygame was imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("OK  ")
