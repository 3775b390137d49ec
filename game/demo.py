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
import re
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
MAX_COMMANDS = 3000  # a demo game longer than this is stuck (a whole game takes a few hundred)
STALL_TICKS = 40  # bot commands in a row that change nothing: the game is stuck, deal the next one
SURVIVORS, ZOMBIES, NOBODY = "Survivors", "Zombies", "Nobody"  # the night's scoreboard, every rule set

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
        self._bag: list[Scenario] = []
        self.last: Scenario | None = None

    def next_scenario(self) -> Scenario:
        """A scenario at random, each once before any again, never the one just played (when there are two
        or more), the rule sets taking turns: a club night sees every rule set within its first games (five
        minutes showed only Zombie 40,000, the rule set with the most maps), every scenario, none twice
        running."""
        if not self._bag:
            self._bag = self._round()
            if len(self._bag) > 1 and self._bag[-1] is self.last:  # the bag is dealt from its end
                self._bag[0], self._bag[-1] = self._bag[-1], self._bag[0]
        self.last = self._bag.pop()
        return self.last

    def _round(self) -> list[Scenario]:
        """Every scenario once, dealt from the end: one of each rule set (in a random order, the one just
        played not first), then one of each again while any are left."""
        groups: dict[str, list[Scenario]] = {}
        for sc in self.scenarios:
            groups.setdefault(sc.ruleset, []).append(sc)
        order = list(groups.values())
        self.rng.shuffle(order)
        for group in order:
            self.rng.shuffle(group)
        if len(order) > 1 and self.last is not None and order[0][0].ruleset == self.last.ruleset:
            order.append(order.pop(0))
        dealt = [group[k] for k in range(max(map(len, order))) for group in order if k < len(group)]
        return dealt[::-1]

    def next_game(self) -> DemoGame:
        """The next scenario (see :meth:`next_scenario`), random forces, a fresh seed, bots in every seat."""
        sc = self.next_scenario()
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
    """Wins per side over the night (:data:`SURVIVORS`, :data:`ZOMBIES`, :data:`NOBODY`), and per scenario.

    >>> t = Tally(); t.add("Hive Street", SURVIVORS); t.add("Small Town", ZOMBIES); t.add("Yard", ZOMBIES)
    >>> t.line()
    'Tonight: Survivors 1 – Zombies 2'
    """

    wins: dict[str, int] = field(default_factory=dict)
    by_scenario: dict[str, dict[str, int]] = field(default_factory=dict)

    def add(self, title: str, side: str) -> None:
        self.wins[side] = self.wins.get(side, 0) + 1
        row = self.by_scenario.setdefault(title, {})
        row[side] = row.get(side, 0) + 1

    def score(self) -> str:
        """``Survivors 1 – Zombies 2`` (and ``, 1 drawn`` when a game ended with no winner)."""
        text = f"{SURVIVORS} {self.wins.get(SURVIVORS, 0)} – {ZOMBIES} {self.wins.get(ZOMBIES, 0)}"
        drawn = self.wins.get(NOBODY, 0)
        return text + (f", {drawn} drawn" if drawn else "")

    def line(self) -> str:
        return "Tonight: " + self.score()


def side_of(game: Game) -> str:
    """Who won ``game`` on the night's scoreboard: the living (any rule set's players, allies, a winning
    team) are the :data:`SURVIVORS`, else the :data:`ZOMBIES`, else :data:`NOBODY`."""
    o = outcome(game)
    winner = o.winner if o is not None else str(game.winner or "")
    if o is not None and o.human_win:
        return SURVIVORS
    if "zombie" in winner.lower():
        return ZOMBIES
    return NOBODY if not winner or winner == "nobody" else SURVIVORS


def winner_words(o: Outcome | None, side: str) -> str:
    """Who won, one way for the whole card: a race's winning team by its player and force ("Player 2 (Guardian
    Defenders) wins!": a card read "The survivors win!" over "Player 2 wins"), else the night's side.

    >>> winner_words(Outcome("player 2", True, 5, seat=2, names={"Player 2": "Ork Boyz"}), SURVIVORS)
    'Player 2 (Ork Boyz) wins!'
    >>> winner_words(Outcome("allies", True, 7), SURVIVORS), winner_words(None, NOBODY)
    ('The survivors win!', 'Nobody wins.')
    """
    if o is not None and o.seat:
        key = f"Player {o.seat}"
        force = o.names.get(key, "")
        return f"{key} ({force}) wins!" if force else f"{key} wins!"
    return "Nobody wins." if side == NOBODY else f"The {side.lower()} win!"


_WINNER_SAID = re.compile(r"^(?:Game over:\s*)?(?:[^.:]*\bwins?\b[^.:]*[.:]\s*)?", re.IGNORECASE)


def result_words(game: Game) -> list[str]:
    """A finished game's card head: who won (:func:`winner_words`) and how, in the rule set's words (its
    ``Outcome.reason``, else its result line without the winner it names first: the card says him once).

    >>> _WINNER_SAID.sub("", "Game over: Player 1 wins. Strike Team (player 1) reached the escape vehicle")
    'Strike Team (player 1) reached the escape vehicle'
    """
    o = outcome(game)
    how = o.reason if o is not None and o.reason else ""
    if not how:
        view = get_ruleset(game.ruleset).view
        how = _WINNER_SAID.sub("", view().result(game)[0]) if view is not None else ""
    return [winner_words(o, side_of(game)), how[:1].upper() + how[1:]]


def outcome(game: Game) -> Outcome | None:
    """The rule set's :class:`Outcome` of ``game`` now (None for a rule set without one)."""
    maker = get_ruleset(game.ruleset).outcome
    return maker(game) if maker is not None else None


def in_last_turn(game: Game, scenario: Scenario) -> bool:
    """Whether ``game`` is in its last turn by the rule set's turn limit for ``scenario``: close to its end, so the
    demo lets it finish (a Normandy Village game won by the zombies at the end of turn 15 was cut at turn 15 by
    the demo's time, and the zombies' win never came on screen)."""
    limit = get_ruleset(game.ruleset).turn_limit
    o = outcome(game)
    return limit is not None and o is not None and o.turns >= limit(scenario)


_TURN_AHEAD = re.compile(r"^[A-Z][a-z]+ \d+: ")  # a score's own "Turn 3: " (the rules' turn, maybe ahead)


def standing(game: Game, turn: int | None = None) -> str:
    """Who is winning right now, in the rule set's words (its ``Outcome.score``), after the round in the rule
    set's own word (``Move 4``): ``turn`` is the one the screen shows (the rules may be a turn ahead)."""
    return standing_in(outcome(game), get_ruleset(game.ruleset).turn_word, turn)


def standing_in(o: Outcome | None, turn_word: str, turn: int | None = None) -> str:
    """:func:`standing` from an :class:`Outcome` taken earlier (the demo tells the score the table has shown).

    >>> standing_in(Outcome("", False, 3, score="Turn 4: Player 1 5 up"), "turn", 3)
    'Turn 3: Player 1 5 up'
    """
    shown = turn if turn is not None else (o.turns if o is not None else 0)
    head = f"{turn_word.capitalize()} {shown}" if shown else ""
    score = _TURN_AHEAD.sub("", o.score) if o is not None else ""
    return f"{head}: {score}" if head and score else head or score or "Under way"


UP_SCORE = re.compile(r"([A-Z][A-Za-z]*(?: \d+)?) (\d+) up")  # a score's "Player 1 0 up", "Allies 3 up"
# a side's figures off the table but not down, after its count: "Allies 0 up (3 out)", "Player 2 0 up (5 aboard)"
AWAY_SCORE = re.compile(r"([A-Z][A-Za-z]*(?: \d+)?) \d+ up \((\d+) [a-z]+\)")


@dataclass(frozen=True)
class Side:
    """One side on the scoreboard: what a passer-by calls it (its force: "Ork Boyz"), its key in the score
    ("Player 2"), its human player (0 for none), its figures standing and what its count needs said (the rules'
    ``Outcome.notes``: "back next turn" under a wiped-out team's 0)."""

    name: str
    key: str
    player: int
    standing: int
    note: str = ""


def sides(game: Game) -> list[Side]:
    """Each side of the rule set's score, named by its force where the rule set says it (``Outcome.names``)."""
    return sides_in(outcome(game))


def sides_in(o: Outcome | None) -> list[Side]:
    """:func:`sides` from an :class:`Outcome` taken earlier."""
    if o is None:
        return []
    found = UP_SCORE.findall(o.score)
    names = [o.names.get(key, key) for key, _ in found]
    out = []
    for (key, n), name in zip(found, names):
        seat = int(key.split()[1]) if key.startswith("Player ") else 0
        twice = names.count(name) > 1  # two teams of Ork Boyz: whose is whose
        short = f"P{seat}" if seat else key
        out.append(Side(f"{name} ({short})" if twice else name, key, seat, int(n), o.notes.get(key, "")))
    return out


def lead(game: Game) -> str:
    """Who is ahead now and why, in the rule set's words ("" where it says nothing more than its score)."""
    o = outcome(game)
    return o.lead if o is not None else ""


def down_line(score: str) -> str:
    """What a score's "0 up" means, in words ("" while every side has someone standing): a side wiped out.

    >>> down_line("Turn 9: Player 1 0 up - Player 2 8 up")
    "Player 1's team is wiped out — the others fight on"
    >>> down_line("Allies 0 up - Zombies 12 up")
    'All survivors down — a new game starts'
    >>> down_line("Allies 3 up (1 out) - Zombies 0 up")
    'Every zombie is down'
    >>> down_line("Allies 3 up - Zombies 5 up")
    ''
    >>> down_line("Turn 9: Player 1 0 up - Player 2 0 up (5 aboard)")  # (Last Evac: a team escaped, one fell)
    "Player 1's team is wiped out — the others fight on"
    >>> down_line("Allies 0 up (3 out) - Zombies 8 up")
    ''
    """
    away = {side: int(n) for side, n in AWAY_SCORE.findall(score)}
    counts = {side: int(n) + away.get(side, 0) for side, n in UP_SCORE.findall(score)}
    living = {side: n for side, n in counts.items() if "zombie" not in side.lower()}
    if living and not any(living.values()):
        return "All survivors down \u2014 a new game starts"
    out = [side for side, n in living.items() if n == 0]
    if out:
        names = " and ".join(f"{side}'s team" if side.startswith("Player") else side for side in out)
        return f"{names} {'is' if len(out) == 1 else 'are'} wiped out \u2014 the others fight on"
    if any(n == 0 for side, n in counts.items() if "zombie" in side.lower()):
        return "Every zombie is down"
    return ""


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
        self.games_called = 0  # games the screen called time on (see :meth:`call_time`): no result, no tally
        self.called = False  # time was called on the game in progress: the next tick past the pause deals again
        self.errors: list[str] = []
        self._pause = 0
        self._still = 0  # bot commands in a row that changed nothing
        # games handed to a player: (scenario title, his game as he has it now), counted once he has finished
        self.handed: list[tuple[str, Callable[[], Game]]] = []

    def start_next(self) -> list[Event]:
        self.count_handed()  # (the demo is back: a game a player took over and finished is the night's too)
        self.current = self.director.next_game()
        self.game = self.current.new_game()
        self.games_started += 1
        self._still, self.called = 0, False
        return list(self.game.log)

    def tick(self) -> list[Event]:
        """One step: the next bot command's events; set-up events when a new game starts."""
        if self.game is None:
            return self.start_next()
        if self.game.over or self.called:
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
        self._still = 0 if events else self._still + 1
        stuck = self._stuck()
        if stuck:
            self.errors.append(f"{self.current.scenario.title} seed {self.current.seed}: {stuck}")
            return self.start_next()
        if self.game.over:
            self.games_finished += 1
            self.tally.add(self.current.scenario.title, side_of(self.game))
            self._pause = self.pause_ticks
        return events

    def call_time(self) -> None:
        """The screen's time for a game is up (a passer-by should see every rule set, not one game of nine
        minutes): the game stays as the rules left it, counts for no side, and the next one is dealt after the
        pause. The rules know nothing of it."""
        if self.game is not None and not self.game.over and not self.called:
            self.called = True
            self.games_called += 1
            self._pause = self.pause_ticks

    def _stuck(self) -> str:
        """Why the game in progress will never end ("" while it goes on): a club night never stalls."""
        assert self.game is not None
        if self._still >= STALL_TICKS:
            return f"stalled: {self._still} bot commands in a row changed nothing"
        if len(self.game.commands) > MAX_COMMANDS:
            return f"stopped after {MAX_COMMANDS} commands"
        return ""

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
        if game is None or game.over or current is None:
            return None, None
        self.handed.append((current.scenario.title, lambda: game))
        return game, current

    def follow_handed(self, now: Callable[[], Game]) -> None:
        """The game last handed over is, from now on, what ``now`` returns (the player's session: an undo or a
        load puts another game object in his hands)."""
        if self.handed:
            self.handed[-1] = (self.handed[-1][0], now)

    def count_handed(self) -> None:
        """The games players took over and have finished go on the night's tally (a club night's passer-by who
        took a game over and won it was not on the score when the demo came back).

        >>> loop = DemoLoop(DemoDirector(["maps/last_evac.tmx"], seed=12)); _ = loop.tick()
        >>> game, _ = loop.hand_over()
        >>> loop.count_handed(); loop.games_finished, len(loop.handed)  # his game goes on: not yet
        (0, 1)
        """
        for title, now in list(self.handed):
            game = now()
            if game.over:
                self.handed.remove((title, now))
                self.games_finished += 1
                self.tally.add(title, side_of(game))


def mid_move(game: Game) -> bool:
    """Whether the last command moved a model of a squad part way through its move: some of the squad moved
    this phase, some not yet (a Zombie 40,000 squad moves a model a command). A player handed the game then
    would find half his squad moved for him."""
    cmd = game.commands[-1] if game.commands else None
    fid = getattr(cmd, "figure", None)
    if not isinstance(fid, str):
        return False
    try:
        unit = getattr(game.figure(fid), "unit", None)
    except (KeyError, AttributeError):
        return False
    if not isinstance(unit, str):
        return False
    moved = [
        bool(getattr(f, "moved", False)) for f in game.figures if getattr(f, "unit", None) == unit and f.on_table
    ]
    return any(moved) and not all(moved)


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
    """``Normandy Village (British), the survivors win: 3 soldiers got away through the exit (needed 3).``; a race's
    ``Hive Street (...), player 2 (Ork Boyz) wins: ...``."""
    won, how = result_words(game)
    return f"{deal.scenario.title} ({deal.forces()}), {won[:1].lower() + won[1:].rstrip('!.')}: {how}"
