"""Club-night demo mode without pygame: which game comes next, bots for every player, who is winning.

:class:`DemoDirector` deals game after game over the shipped scenarios whose rule set is
registered and has a bot (the others are skipped and listed in ``skipped``), with random forces.
:class:`DemoLoop` plays them one command per :meth:`~DemoLoop.tick` (the demo scene calls it when
the last animation has finished) and keeps the tally; :meth:`~DemoLoop.hand_over` gives the game in
progress to the player who touched the mouse.

>>> loop = DemoLoop(DemoDirector(seed=4))
>>> events = loop.tick()
>>> loop.game is not None and loop.games_started == 1
True
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai import Bot, bot_for, has_bot
from game.rules.core import Command, Event, Game, get_ruleset
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Scenario

MAX_PLAYERS = 4  # bots sit in every Allied seat a rule set can have
PAUSE_TICKS = 3  # ticks the final position stays up before the next game


def zombiekrieg_forces(rng: random.Random) -> dict[str, Any]:
    """One or two random sections and the American Corporal's weapon."""
    nations = ["american", "british", "soviet"]
    sections = rng.sample(nations, rng.choice((1, 1, 2)))
    return {"sections": sections, "american_corporal_weapon": rng.choice(("thompson", "burp"))}


# rule set key -> random forces for a demo game
FORCES: dict[str, Callable[[random.Random], dict[str, Any]]] = {
    "zombiekrieg": zombiekrieg_forces,
}


@dataclass(frozen=True)
class DemoGame:
    """One demo game to set up: its scenario, the chosen forces, the seed and a bot per player."""

    scenario: Scenario
    options: dict[str, Any]
    seed: int
    bots: dict[int, Bot]

    def new_game(self) -> Game:
        return get_ruleset(self.scenario.ruleset).new_game(self.scenario, dict(self.options), self.seed)


def _playable(ruleset: str) -> bool:
    try:
        get_ruleset(ruleset)
    except KeyError:
        return False
    return has_bot(ruleset)


class DemoDirector:
    """Deals demo games over ``maps`` (default: every shipped ``.tmx``), scenario after scenario."""

    def __init__(self, maps: Sequence[str | Path] | None = None, seed: int | None = None) -> None:
        if maps is None:
            from game.assets import assets_dir

            maps = sorted(assets_dir("maps").glob("*.tmx"))
        self.rng = random.Random(seed)
        self.scenarios: list[Scenario] = []
        self.skipped: list[tuple[str, str]] = []  # (map, why)
        for path in maps:
            try:
                sc = load_scenario(path)
            except (ScenarioError, OSError) as exc:
                self.skipped.append((str(path), f"does not load: {str(exc).splitlines()[0]}"))
                continue
            if not _playable(sc.ruleset):
                self.skipped.append((str(path), f"rule set {sc.ruleset!r} is not playable yet"))
                continue
            self.scenarios.append(sc)
        if not self.scenarios:
            why = "; ".join(f"{Path(p).name} {w}" for p, w in self.skipped) or "no maps given"
            raise ValueError(f"Demo mode has no scenario to play: {why}.")
        self._next = 0

    def next_game(self) -> DemoGame:
        """The next scenario in turn, random forces, a fresh seed, bots in every seat."""
        sc = self.scenarios[self._next % len(self.scenarios)]
        self._next += 1
        forces = FORCES.get(sc.ruleset)
        options = forces(self.rng) if forces else {}
        bot = bot_for(sc.ruleset)
        return DemoGame(sc, options, self.rng.randrange(1, 2**31), {p: bot for p in range(1, MAX_PLAYERS + 1)})

    def __iter__(self) -> Iterator[DemoGame]:
        while True:
            yield self.next_game()


@dataclass
class Tally:
    """Wins per side over the night, and per scenario title."""

    wins: dict[str, int] = field(default_factory=dict)
    by_scenario: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, title: str, winner: str) -> None:
        self.wins[winner] = self.wins.get(winner, 0) + 1
        row = self.by_scenario.setdefault(title, {})
        row[winner] = row.get(winner, 0) + 1

    def line(self) -> str:
        if not self.wins:
            return "No game finished yet"
        return "Tonight: " + ", ".join(f"{side} {n}" for side, n in sorted(self.wins.items()))


def standing(game: Game) -> str:
    """Who is winning right now, from the plain state, e.g. ``Allies 9 up (2 out) - Zombies 17 up``."""
    data = game.state_data()
    figures = data.get("figures", [])
    up = lambda side: sum(f.get("side") == side and f.get("state") == "standing" for f in figures)  # noqa: E731
    out = sum(f.get("side") == "allies" and f.get("state") == "exited" for f in figures)
    text = f"Allies {up('allies')} up" + (f" ({out} out)" if out else "") + f" - Zombies {up('zombies')} up"
    turn = data.get("turn")
    return f"Turn {turn}: {text}" if turn else text


class DemoLoop:
    """Plays demo games one command per tick, game after game."""

    def __init__(self, director: DemoDirector, pause_ticks: int = PAUSE_TICKS) -> None:
        self.director = director
        self.pause_ticks = pause_ticks
        self.current: DemoGame | None = None
        self.game: Game | None = None
        self.tally = Tally()
        self.games_started = 0
        self.games_finished = 0
        self.errors: list[str] = []
        self._pause = 0

    def start_next(self) -> list[Event]:
        self.current = self.director.next_game()
        self.game = self.current.new_game()
        self.games_started += 1
        return list(self.game.log)

    def tick(self) -> list[Event]:
        """One step: the next bot command's events; set-up events when a new game starts."""
        if self.game is None:
            return self.start_next()
        if self.game.over:
            if self._pause > 0:
                self._pause -= 1
                return []
            return self.start_next()
        assert self.current is not None
        player = getattr(getattr(self.game, "state", None), "active_player", None) or 1
        bot = self.current.bots.get(player) or next(iter(self.current.bots.values()))
        try:
            cmd: Command = bot(self.game)
            events = self.game.apply(cmd)
        except Exception as exc:  # a demo must keep running on a club night: note it and deal again
            self.errors.append(
                f"{self.current.scenario.title} seed {self.current.seed}: {type(exc).__name__}: {exc}"
            )
            return self.start_next()
        if self.game.over:
            self.games_finished += 1
            self.tally.add(self.current.scenario.title, self.game.winner or "nobody")
            self._pause = self.pause_ticks
        return events

    def status(self) -> str:
        """The line the demo screen shows: scenario, who is winning, the night's tally."""
        if self.game is None or self.current is None:
            return self.tally.line()
        return f"{self.current.scenario.title}: {standing(self.game)}. {self.tally.line()}"

    def hand_over(self) -> tuple[Game | None, DemoGame | None]:
        """The game in progress for the player who took over (no bots from now on); the loop stops
        dealing. Returns (None, None) if the game just ended: then the title screen is the place."""
        game, current = self.game, self.current
        self.game, self.current = None, None
        if game is None or game.over:
            return None, None
        return game, current


def play_demo_games(
    n: int, maps: Sequence[str | Path] | None = None, seed: int | None = 0, max_ticks: int = 1_000_000
) -> DemoLoop:
    """Play ``n`` demo games headless (tests, ``deadground demo --headless``); returns the loop."""
    loop = DemoLoop(DemoDirector(maps, seed), pause_ticks=0)
    ticks = 0
    while loop.games_finished + len(loop.errors) < n and ticks < max_ticks:
        loop.tick()
        ticks += 1
    return loop


def main(
    maps: Sequence[str] | None = None, games: int | None = None, headless: bool = False, seed: int | None = None
) -> int:
    """``deadground demo``: on screen when the demo scene exists, else (or with --headless) in text."""
    try:
        director = DemoDirector(list(maps) if maps else None, seed)
    except ValueError as exc:
        print(f"deadground demo: {exc}", file=sys.stderr)
        return 2
    for path, why in director.skipped:
        print(f"deadground demo: skipping {Path(path).name}: {why}", file=sys.stderr)
    if not headless:
        try:
            from game.ui import demo_scene  # type: ignore[attr-defined]  # the on-screen demo (UI helper)
        except ImportError:
            print(
                "deadground demo: the on-screen demo is not built yet (game/ui/demo_scene.py); "
                "playing in text instead (Ctrl+C stops).",
                file=sys.stderr,
            )
        else:
            return int(demo_scene.run(DemoLoop(director), games=games) or 0)
    loop = DemoLoop(director, pause_ticks=0)
    try:
        while games is None or loop.games_finished + len(loop.errors) < games:
            before = loop.games_finished
            loop.tick()
            if loop.games_finished > before and loop.game is not None and loop.current is not None:
                print(
                    f"Game {loop.games_finished}: {loop.current.scenario.title} "
                    f"({', '.join(loop.current.options.get('sections', [])) or 'default forces'}), "
                    f"{loop.game.winner} win: {getattr(getattr(loop.game, 'state', None), 'reason', '')} "
                    f"{loop.tally.line()}",
                    flush=True,
                )
    except KeyboardInterrupt:
        print(loop.tally.line())
    for e in loop.errors:
        print(f"error: {e}", file=sys.stderr)
    return 0
