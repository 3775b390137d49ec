"""Find log lines that name a figure by its internal id (pc1, us1-r4, h2-7, z15), a piece of terrain by the
map's id ("wall 16 'Barricade'", "building 3") or use a snake_case word.

A seeded bot game is played on a shipped map; every line its log shows a player is read for the ids the game
state holds (ids with a digit: "boss" is also a word) and for words joined by underscores.

>>> bad_words("Zombie z1 grabs Farmhand Jed.", {"z1", "pc1"})
['z1']
>>> bad_words("Rifleman Novak moves 6.0\\"", {"us1-r4"})
[]
>>> bad_words("Space Marine 4 can fall back only 0.0\\": wall 16 'Barricade' in his way", set())
['wall 16']
>>> bad_words("Space Marine 4 can fall back only 0.0\\": the Barricade in his way", set())
[]
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.ai import bot_for
from game.replay import event_lines
from game.rules.core import get_ruleset
from game.scenario import load_scenario

ID_KEYS = ("id", "uid", "unit_id", "figure")
SNAKE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")
# a piece of terrain as game.scenario.model.describe names it for designers: its kind, then its id
TERRAIN_ID = re.compile(r"\b(?:wall|building|clutter|ruin) -?\d+\b", re.IGNORECASE)
LIMIT = 3000


def state_ids(data: Any, key: str | None = None, out: set[str] | None = None) -> set[str]:
    """Every string held under an id key anywhere in a game's state data, if it has a digit in it."""
    out = set() if out is None else out
    if isinstance(data, dict):
        for k, v in data.items():
            state_ids(v, k, out)
    elif isinstance(data, list):
        for v in data:
            state_ids(v, key, out)
    elif isinstance(data, str) and key in ID_KEYS and any(c.isdigit() for c in data):
        out.add(data)
    return out


def bad_words(line: str, ids: set[str]) -> list[str]:
    """The internal ids, terrain ids and snake_case words in one plain log line."""
    words = re.findall(r"[A-Za-z0-9_-]+", line)
    found = [w for w in words if w in ids]
    return found + TERRAIN_ID.findall(line) + SNAKE.findall(line)


def scan(path: Path, seed: int = 7, options: dict | None = None) -> list[tuple[str, list[str]]]:
    """(line, bad words) for every log line of a seeded bot game on ``path`` that names a figure by id."""
    scenario = load_scenario(path)
    game = get_ruleset(scenario.ruleset).new_game(scenario, dict(options or {}), seed)
    ids = state_ids(game.state_data())
    bot = bot_for(scenario.ruleset)
    while not game.over and len(game.commands) < LIMIT:
        game.apply(bot(game))
    ids |= state_ids(game.state_data())
    lines = event_lines(game, game.log)
    return [(line, bad) for line in lines if (bad := bad_words(line, ids))]


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:] or [p.name for p in sorted(Path("maps").glob("*.tmx"))]:
        found = scan(Path("maps") / Path(name).name)
        print(f"{name}: {len(found)} lines name a figure by id")
        for line, bad in found[:15]:
            print(f"   {bad}: {line[:140]}")
