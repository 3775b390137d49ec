"""Club-night demo mode without pygame: which game comes next, bots for every player, who is winning.

:class:`DemoDirector` deals game after game over the shipped scenarios whose rule set is
registered and has a bot and a view (the others are skipped and listed in ``skipped``), with the
rule set's random forces (its ``demo_forces``). Who is winning and each game's result come from
the rule set's :class:`~game.rules.contract.Outcome`: nothing here knows a rule set.
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
from game.rules.contract import Outcome, View
from game.rules.core import Command, Event, Game, get_ruleset
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Scenario

MAX_PLAYERS = 4  # bots sit in every human seat a rule set can have
PAUSE_TICKS = 3  # ticks the final position stays up before the next game

# what ``deadground demo`` plays on screen: the UI's demo, handed in by the CLI (pygame lives there)
OnScreen = Callable[["DemoLoop", "int | None"], int]


@dataclass(frozen=True)
class DemoGame:
    """One demo game to set up: its scenario, the chosen forces, the seed and a bot per player."""

    scenario: Scenario
    options: dict[str, Any]
    seed: int
    bots: dict[int, Bot]
    view: View | None = field(default=None, compare=False)  # whose turn it is (which seat's bot acts)

    def new_game(self) -> Game:
        return get_ruleset(self.scenario.ruleset).new_game(self.scenario, dict(self.options), self.seed)

    def forces(self) -> str:
        """The forces in a few words (the rule set's set-up says them), e.g. for the result line."""
        setup = get_ruleset(self.scenario.ruleset).setup
        if setup is not None:
            return setup.describe(self.options)
        return ", ".join(f"{k}={v}" for k, v in self.options.items()) or "default forces"


def _unplayable(ruleset: str) -> str:
    """Why demo games cannot be dealt for ``ruleset`` ("" when they can)."""
    try:
        rules = get_ruleset(ruleset)
    except KeyError:
        return f"rule set {ruleset!r} is not playable yet"
    if not has_bot(ruleset):
        return f"rule set {ruleset!r} has no bot yet"
    if rules.view is None:
        return f"rule set {ruleset!r} cannot be shown on screen yet"
    return ""


class DemoDirector:
    """Deals demo games over ``maps`` (default: every shipped ``.tmx``), scenario after scenario."""

    def __init__(
        self, maps: Sequence[str | Path] | None = None, seed: int | None = None, mods: Sequence[str] | None = None
    ) -> None:
        self.mods = list(mods or [])  # Zombie 40,000 mods for its games (``deadground demo --mods coop``)
        if maps is None:
            from game.assets import assets_dir

            maps = sorted(assets_dir("maps").glob("*.tmx"))
        self.rng = random.Random(seed)
        self.scenarios: list[Scenario] = []
        self.skipped: list[tuple[str, str]] = []  # (map, why)
        for path in maps:
            try:
                sc = load_scenario(str(path))
            except (ScenarioError, OSError) as exc:
                self.skipped.append((str(path), f"does not load: {str(exc).splitlines()[0]}"))
                continue
            why = _unplayable(sc.ruleset)
            if why:
                self.skipped.append((str(path), why))
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
        forces = get_ruleset(sc.ruleset).demo_forces
        options = forces(self.rng, sc) if forces else {}
        if self.mods and get_ruleset(sc.ruleset).mods:  # only where the rule set has mods
            options = {**options, "mods": list(self.mods)}
        bot = bot_for(sc.ruleset)
        view = get_ruleset(sc.ruleset).view
        seats = {p: bot for p in range(1, MAX_PLAYERS + 1)}
        return DemoGame(sc, options, self.rng.randrange(1, 2**31), seats, view() if view is not None else None)

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


def outcome(game: Game) -> Outcome | None:
    """The rule set's :class:`Outcome` of ``game`` now (None for a rule set without one)."""
    maker = get_ruleset(game.ruleset).outcome
    return maker(game) if maker is not None else None


def standing(game: Game) -> str:
    """Who is winning right now, in the rule set's words (its ``Outcome.score``), else the turn."""
    o = outcome(game)
    if o is not None and o.score:
        return o.score
    turn = o.turns if o is not None else 0
    return f"Turn {turn}" if turn else "Under way"


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
        view = self.current.view
        player = (view.acting_player(self.game) if view is not None else None) or 1
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
    maps: Sequence[str] | None = None,
    games: int | None = None,
    headless: bool = False,
    seed: int | None = None,
    on_screen: OnScreen | None = None,
    mods: Sequence[str] | None = None,
) -> int:
    """``deadground demo``: on screen with ``on_screen`` (the CLI hands in the UI's demo) unless
    ``headless``, else in text, a line per finished game."""
    try:
        director = DemoDirector(list(maps) if maps else None, seed, mods)
    except ValueError as exc:
        print(f"deadground demo: {exc}", file=sys.stderr)
        return 2
    for path, why in director.skipped:
        print(f"deadground demo: skipping {Path(path).name}: {why}", file=sys.stderr)
    if not headless and on_screen is not None:
        return int(on_screen(DemoLoop(director), games) or 0)
    loop = DemoLoop(director, pause_ticks=0)
    try:
        while games is None or loop.games_finished + len(loop.errors) < games:
            before = loop.games_finished
            loop.tick()
            if loop.games_finished > before and loop.game is not None and loop.current is not None:
                print(
                    f"Game {loop.games_finished}: {result_line(loop.game, loop.current)} {loop.tally.line()}",
                    flush=True,
                )
    except KeyboardInterrupt:
        print(loop.tally.line())
    for e in loop.errors:
        print(f"error: {e}", file=sys.stderr)
    return 0


def result_line(game: Game, deal: DemoGame) -> str:
    """``Normandy Village (British), allies win: 3 soldiers got away through the exit (needed 3).``"""
    o = outcome(game)
    reason = o.reason if o is not None else ""
    return f"{deal.scenario.title} ({deal.forces()}), {game.winner or 'nobody'} win: {reason}"
