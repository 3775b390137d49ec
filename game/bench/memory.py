"""Memory: the most resident memory a game on screen takes, per rule set, on its largest shipped map.

For each rule set a fresh interpreter (``python -m game.bench.memory MAP COMMANDS``) plays ``commands`` bot
commands on the real game screen as a player with a mouse does (:mod:`game.ui.play_bench`: select, hover
the previews, zoom deep in and back, skip the dice) and prints its figures; a process of its own, so one
rule set's memory is not another's. ``peak_rss_mb`` is the process's peak resident memory (Linux's
``VmHWM``, else ``ru_maxrss``); ``rss_growth_mb`` what it grew from the tenth command to the last (a leak
shows here); ``rss_start_mb`` the table just opened.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

LEAK_FROM = 10  # commands played before the growth is counted (the caches filling is not a leak)


def largest_maps() -> dict[str, Path]:
    """Each rule set's largest shipped map: the biggest table, then the most terrain."""
    from game.assets import assets_dir
    from game.scenario.loader import load_scenario

    best: dict[str, tuple[tuple[float, int], Path]] = {}
    for path in sorted(assets_dir("maps").glob("*.tmx")):
        sc = load_scenario(str(path))
        size = (sc.width * sc.height, len(sc.terrain))
        if sc.ruleset not in best or size > best[sc.ruleset][0]:
            best[sc.ruleset] = (size, path)
    return {key: path for key, (_, path) in sorted(best.items())}


def measure(path: Path, commands: int) -> dict[str, Any]:
    """One rule set's figures, from a child process playing ``path``."""
    done = subprocess.run(
        [sys.executable, "-m", "game.bench.memory", str(path), str(commands)],
        capture_output=True,
        text=True,
        timeout=3600,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise RuntimeError(f"the memory bench on {path.name} failed: {done.stderr.strip()[-800:]}")
    return json.loads(lines[-1])  # type: ignore[no-any-return]


def bench_memory(commands: int = 100) -> dict[str, Any]:
    """``peak_rss_mb`` and the rest, by rule set."""
    out: dict[str, dict[str, Any]] = {
        k: {}
        for k in ("peak_rss_mb", "rss_start_mb", "rss_end_mb", "rss_growth_mb", "memory_map", "memory_commands")
    }
    for ruleset, path in largest_maps().items():
        figures = measure(path, commands)
        out["memory_map"][ruleset] = path.name
        for key, value in figures.items():
            out[key][ruleset] = value
    return out


def child(path: str, commands: int) -> dict[str, Any]:
    """The figures of one game on screen (run in a process of its own)."""
    from game.scenario.loader import load_scenario
    from game.ui.play_bench import peak_mb, play_on_screen

    rss = play_on_screen(load_scenario(path), commands)
    grown = rss[-1] - rss[min(LEAK_FROM, len(rss) - 1)]
    return {
        "peak_rss_mb": round(peak_mb(), 1),
        "rss_start_mb": round(rss[0], 1),
        "rss_end_mb": round(rss[-1], 1),
        "rss_growth_mb": round(grown, 1),
        "memory_commands": len(rss) - 1,
    }


if __name__ == "__main__":
    print(json.dumps(child(sys.argv[1], int(sys.argv[2]))))
