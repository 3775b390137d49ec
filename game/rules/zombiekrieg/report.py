"""Zombiekrieg's after-action report: who won and why, kills and losses, the best soldier, and the
numbers on the table turn by turn, all read from the game's event log and final state (headless).

:class:`AfterAction` is the rule set's own account (``to_data()`` is JSON-ready);
:func:`report` turns it into the :class:`~game.rules.contract.Report` the end screen draws, with
the AfterAction's data in ``Report.data``. :meth:`AfterAction.from_game` makes one pass over the log.

>>> from game.rules.zombiekrieg import new_game
>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.ai.zombiekrieg_bot import choose_command
>>> g = new_game(tiny_scenario(turn_limit=2), {"sections": ["american"]}, seed=3)
>>> while not g.over:
...     _ = g.apply(choose_command(g))
>>> r = AfterAction.from_game(g)
>>> r.winner in ("allies", "zombies"), r.turns
(True, 2)
>>> r.series_turns, len(r.series["zombies_standing"])
([0, 1, 2], 3)
>>> r.series["zombies_standing"][-1] == sum(z.state == "standing" for z in g.state.zombies())
True
>>> shown = report(g)
>>> shown.headline in ("VICTORY", "DEFEAT"), [s.label for s in shown.series][0]
(True, 'Allied soldiers on the table')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.rules.contract import Report, RollRow, Series
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.names import player_words, soldier_names, zombies_named

ALLIES, ZOMBIES = "allies", "zombies"
STANDING, KNOCKED_DOWN, DEAD, EXITED = "standing", "knocked_down", "dead", "exited"

# the series drawn on the end screen's chart, in drawing order, with their legend
SERIES_LABELS: dict[str, str] = {
    "allies_standing": "Allied soldiers on the table",
    "zombies_standing": "Zombies standing",
    "zombies_down": "Zombies knocked down",
}

# the roster's ranks, so the end screen names a man as the game did all along ("Rfn Novak")
_RANKS = {"sergeant": "Sgt", "corporal": "Cpl", "rifleman": "Rfn", "smg": "SMG", "lmg": "LMG"}

# events that change who is on the table: the chart is replayed from these
_STATE_CHANGES = {
    "FigurePlaced": STANDING,
    "Killed": DEAD,
    "KnockedDown": KNOCKED_DOWN,
    "StoodUp": STANDING,
    "Exited": EXITED,
}
# the state a figure absent from the log's set-up must have had before its first change
_BEFORE = {"Killed": STANDING, "KnockedDown": STANDING, "StoodUp": KNOCKED_DOWN, "Exited": STANDING}


@dataclass
class SoldierRecord:
    """One Allied soldier's game."""

    id: str
    player: int
    nation: str
    role: str
    weapon: str
    guts_start: int
    guts_end: int
    fate: str  # standing (still on the table), dead, exited
    kills: int = 0  # zombies he killed (shot or in melee)
    knockdowns: int = 0  # zombies he knocked down
    shots: int = 0
    hits: int = 0  # shots that knocked down or killed
    melee_won: int = 0  # zombie attacks he beat off (knocked down or killed)
    killed_by: str = ""  # the cause, when he died
    surname: str = ""  # his name on the roster (names.py), for the end screen

    @property
    def survived(self) -> bool:
        return self.fate != DEAD

    @property
    def guts_gained(self) -> int:
        return self.guts_end - self.guts_start

    @property
    def rank(self) -> str:
        return _RANKS.get(self.role, self.role.capitalize())

    @property
    def name(self) -> str:
        """``Sgt Kowalski`` (``Sgt us1-sgt`` for a record without a surname)"""
        return f"{self.rank} {self.surname or self.id}"

    def citation(self) -> str:
        """One line for the end screen, e.g. ``Rfn Novak: 4 zombies killed, GUTS 7 -> 9``."""
        parts: list[str] = []
        if self.kills:
            parts.append(f"{self.kills} zombie{'s' if self.kills != 1 else ''} killed")
        if self.knockdowns:
            parts.append(f"{self.knockdowns} knocked down")
        if self.fate == EXITED:
            parts.append("got away through the exit")
        elif self.fate == DEAD:
            parts.append(zombies_named(self.killed_by) or "killed")
        elif not parts:
            parts.append("held his ground")
        parts.append(f"GUTS {self.guts_start} -> {self.guts_end}")
        return f"{self.name}: {', '.join(parts)}"


@dataclass
class SectionSummary:
    """One player's section."""

    player: int
    nation: str
    prefix: str
    soldiers: int = 0
    survived: int = 0
    killed: int = 0
    exited: int = 0
    kills: int = 0
    knockdowns: int = 0
    shots: int = 0
    hits: int = 0


@dataclass
class SideSummary:
    """One side's count: how many it had, lost, left on the table, and what it did to the other."""

    figures: int = 0
    killed: int = 0  # losses
    knocked_down: int = 0  # times knocked down (a zombie may go down more than once)
    exited: int = 0
    on_table: int = 0  # at the end (standing or knocked down)
    kills: int = 0  # enemies this side killed


@dataclass
class AfterAction:
    """What happened in one game, ready to show or to add up."""

    ruleset: str
    scenario: str
    winner: str | None  # allies | zombies | None while the game goes on
    reason: str
    turns: int
    turn_limit: int
    objective: str
    seed: int | None
    allies: SideSummary
    zombies: SideSummary
    sections: list[SectionSummary]
    soldiers: list[SoldierRecord]
    best_soldier: str | None  # a figure id
    best_citation: str
    shots_fired: int
    shots_hit: int
    orders_given: int
    orders_succeeded: int
    series_turns: list[int] = field(default_factory=list)  # x: 0 is the set-up
    series: dict[str, list[int]] = field(default_factory=dict)  # SERIES_LABELS keys -> one value per turn

    # ---- reading it ---------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def allied_victory(self) -> bool:
        return self.winner == ALLIES

    @property
    def headline(self) -> str:
        """VICTORY or DEFEAT as the Allied players see it (they are the only humans)."""
        if self.winner is None:
            return "GAME IN PROGRESS"
        return "VICTORY" if self.allied_victory else "DEFEAT"

    @property
    def hit_rate(self) -> float | None:
        return self.shots_hit / self.shots_fired if self.shots_fired else None

    @property
    def survivors(self) -> list[SoldierRecord]:
        """Soldiers still on the table or safely away, in roster order."""
        return [s for s in self.soldiers if s.survived]

    def soldier(self, fid: str) -> SoldierRecord:
        return next(s for s in self.soldiers if s.id == fid)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-ready data (with the derived headline and hit rate)."""
        out = dataclasses.asdict(self)
        out["headline"] = self.headline
        out["hit_rate"] = self.hit_rate
        return out

    # ---- making it ----------------------------------------------------------------------------

    @classmethod
    def from_game(cls, game: ZombiekriegGame) -> AfterAction:
        """Read a game with ``.log``, ``.state`` and ``.scenario`` of the Zombiekrieg shape.

        Unknown events are skipped; a log with no set-up, turn or casualty events gives empty series.
        """
        st = game.state
        figures = getattr(st, "figures", {}) or {}
        tally = _LogTally(_soldier_records(figures, _surnames(game)), {fid: f.side for fid, f in figures.items()})
        tally.read(game.log)
        records = list(tally.soldiers.values())
        best = _best(records)
        turns = int(getattr(st, "turn", 0) or 0)
        series_turns, series = _replay(
            tally.timeline, tally.placed, tally.first_change, figures, tally.side, turns
        )
        allies, zombies = _side_summaries(figures, tally)
        scenario = getattr(game, "scenario", None)
        return cls(
            ruleset=str(getattr(game, "ruleset", "") or getattr(scenario, "ruleset", "")),
            scenario=str(getattr(scenario, "title", "") or "Scenario"),
            winner=getattr(st, "winner", None) or tally.winner,
            reason=player_words(game, getattr(st, "reason", "") or tally.reason),  # names, not ids
            turns=turns,
            turn_limit=int(getattr(st, "turn_limit", 0) or 0),
            objective=str(getattr(st, "objective", "")),
            seed=getattr(game, "seed", None),
            allies=allies,
            zombies=zombies,
            sections=_sections(st, tally.soldiers),
            soldiers=records,
            best_soldier=best.id if best else None,
            best_citation=best.citation() if best else "",
            shots_fired=tally.shots,
            shots_hit=tally.hits,
            orders_given=tally.orders,
            orders_succeeded=tally.orders_ok,
            series_turns=series_turns,
            series=series,
        )


def _surnames(game: ZombiekriegGame) -> Mapping[str, str]:
    """The soldiers' names as the roster gave them; none for a game without a scenario's title."""
    try:
        return soldier_names(game)
    except AttributeError:
        return {}


def _soldier_records(figures: dict[str, Any], surnames: Mapping[str, str]) -> dict[str, SoldierRecord]:
    """A blank record of each Allied soldier, in roster order, with his GUTS and fate at the end."""
    return {
        fid: SoldierRecord(
            fid,
            int(getattr(f, "player", 0)),
            getattr(f, "nation", ""),
            getattr(f, "role", ""),
            getattr(f, "weapon", ""),
            int(f.guts_start),
            int(f.guts),
            f.state,
            surname=surnames.get(fid, ""),
        )
        for fid, f in figures.items()
        if f.side == ALLIES
    }


def _side_summaries(figures: dict[str, Any], tally: _LogTally) -> tuple[SideSummary, SideSummary]:
    """The Allies' and the zombies' counts: each side's losses are the other's kills."""
    allied = [f for f in figures.values() if f.side == ALLIES]
    zombies = [f for f in figures.values() if f.side == ZOMBIES]
    killed, knocked = tally.killed, tally.knocked
    on_table = (STANDING, KNOCKED_DOWN)
    return (
        SideSummary(
            len(allied),
            killed[ALLIES],
            knocked[ALLIES],
            tally.exited,
            sum(f.state in on_table for f in allied),
            killed[ZOMBIES],
        ),
        SideSummary(
            len(zombies),
            killed[ZOMBIES],
            knocked[ZOMBIES],
            0,
            sum(f.state in on_table for f in zombies),
            killed[ALLIES],
        ),
    )


@dataclass
class _LogTally:
    """One pass over a game's log: the soldiers' records filled in, each side's losses, the shots and
    orders, and the timeline the chart is replayed from."""

    soldiers: dict[str, SoldierRecord]
    side: dict[str, str]  # figure -> its side, the set-up's placements added
    placed: set[str] = field(default_factory=set)
    first_change: dict[str, str] = field(default_factory=dict)  # figure -> its first state-changing event
    # ("turn", n) marks and (event name, figure)
    timeline: list[tuple[str, Any]] = field(default_factory=list)
    knocked: dict[str, int] = field(default_factory=lambda: {ALLIES: 0, ZOMBIES: 0})
    killed: dict[str, int] = field(default_factory=lambda: {ALLIES: 0, ZOMBIES: 0})
    exited: int = 0
    shots: int = 0
    hits: int = 0
    orders: int = 0
    orders_ok: int = 0
    actor: str | None = None  # the soldier whose shot or melee test is being resolved
    target: str | None = None
    test_kind: str = ""
    winner: str | None = None  # as the log's GameOver says
    reason: str = ""

    def read(self, log: Iterable[Any]) -> None:
        for ev in log:
            kind = type(ev).__name__
            if kind == "DiceRolled":  # most of the log: skip it first
                continue
            if kind == "TurnStarted":
                self.timeline.append(("turn", int(ev.turn)))
            elif kind == "FigurePlaced":
                self.placed.add(ev.figure)
                self.side.setdefault(ev.figure, ev.side)
                self.timeline.append((kind, ev.figure))
            elif kind in _STATE_CHANGES:
                self.state_changed(kind, ev)
            elif kind == "Fired":
                self.fired(ev)
            elif kind == "MeleeAttack":
                self.actor, self.target, self.test_kind = ev.soldier, ev.zombie, "melee"
            elif kind == "GutsTested":
                self.guts_tested(ev)
            elif kind == "Ordered":
                self.orders += 1
                self.orders_ok += bool(ev.success)
                self.actor = self.target = None
            elif kind == "GameOver":
                self.winner, self.reason = ev.winner, ev.reason

    def state_changed(self, kind: str, ev: Any) -> None:
        """A figure killed, knocked down, standing up or off the table: counted, and credited to the
        soldier whose shot or melee it was."""
        fid = ev.figure
        if fid not in self.placed:
            self.first_change.setdefault(fid, kind)
        self.timeline.append((kind, fid))
        s = self.side.get(fid)
        if kind == "Killed":
            if s in self.killed:
                self.killed[s] += 1
            _credit_kill(self.soldiers, s, fid, ev.cause, self.actor if self.target == fid else None)
            if fid in self.soldiers:
                self.soldiers[fid].killed_by = ev.cause
        elif kind == "KnockedDown":
            if s in self.knocked:
                self.knocked[s] += 1
            if self.actor in self.soldiers and self.target == fid:
                self.soldiers[self.actor].knockdowns += 1
        elif kind == "Exited":
            self.exited += 1

    def fired(self, ev: Any) -> None:
        self.shots += 1
        self.actor, self.target, self.test_kind = ev.figure, ev.target, "fire"
        if ev.figure in self.soldiers:
            self.soldiers[ev.figure].shots += 1

    def guts_tested(self, ev: Any) -> None:
        """The test of the shot or melee being resolved: a success is a hit, or a zombie beaten off."""
        actor = self.actor
        if ev.figure != actor or ev.action != self.test_kind or ev.outcome not in ("success", "critical_success"):
            return
        if self.test_kind == "fire":
            self.hits += 1
            if actor in self.soldiers:
                self.soldiers[actor].hits += 1
        elif actor in self.soldiers:
            self.soldiers[actor].melee_won += 1


def _killer(cause: str) -> str:
    """``"shot by us1-r3"`` -> ``"us1-r3"``; ``""`` when the cause names no one."""
    _, sep, who = cause.rpartition(" by ")
    return who.strip() if sep else ""


def _credit_kill(
    soldiers: dict[str, SoldierRecord], victim_side: str | None, victim: str, cause: str, fallback: str | None
) -> None:
    if victim_side != ZOMBIES:
        return
    who = _killer(cause) or fallback or ""
    if who in soldiers:
        soldiers[who].kills += 1


def _sections(st: Any, soldiers: dict[str, SoldierRecord]) -> list[SectionSummary]:
    out: dict[int, SectionSummary] = {}
    for sec in getattr(st, "sections", []) or []:
        out[int(sec.player)] = SectionSummary(int(sec.player), sec.nation, sec.prefix)
    for s in soldiers.values():
        sec = out.setdefault(s.player, SectionSummary(s.player, s.nation, s.id.split("-")[0]))
        sec.soldiers += 1
        sec.survived += s.survived
        sec.killed += s.fate == DEAD
        sec.exited += s.fate == EXITED
        sec.kills += s.kills
        sec.knockdowns += s.knockdowns
        sec.shots += s.shots
        sec.hits += s.hits
    return [out[p] for p in sorted(out)]


def _best(records: Iterable[SoldierRecord]) -> SoldierRecord | None:
    """Most kills, then most GUTS gained, then survived, then most knock-downs; roster order breaks ties."""
    best: SoldierRecord | None = None
    best_key: tuple[int, ...] | None = None
    for s in records:
        key = (s.kills, s.guts_gained, int(s.survived), s.knockdowns)
        if best_key is None or key > best_key:
            best, best_key = s, key
    return best


def _replay(
    timeline: list[tuple[str, Any]],
    placed: set[str],
    first_change: dict[str, str],
    figures: dict[str, Any],
    side: dict[str, str],
    last_turn: int,
) -> tuple[list[int], dict[str, list[int]]]:
    """Allied soldiers on the table and zombies standing / down at the end of each turn.

    A figure set up in the log starts off the table; one already there when the log begins (a
    rigged test game) starts as its first change implies, else as it ends.
    """
    if not timeline:
        return [], {}
    now: dict[str, str] = {}
    for fid, f in figures.items():
        if fid not in placed:
            now[fid] = _BEFORE.get(first_change.get(fid, ""), f.state)
    snapshots: dict[int, tuple[int, int, int]] = {}

    def counts() -> tuple[int, int, int]:
        a = zs = zd = 0
        for fid, state in now.items():
            s = side.get(fid)
            if s == ALLIES:
                a += state in (STANDING, KNOCKED_DOWN)
            elif s == ZOMBIES:
                zs += state == STANDING
                zd += state == KNOCKED_DOWN
        return a, zs, zd

    start = counts()
    turn = None
    for kind, value in timeline:
        if kind == "turn":
            snapshots[value - 1] = counts()  # the end of the turn before (0: the set-up)
            turn = value
        else:
            now[value] = _STATE_CHANGES[kind]
    end_turn = max(last_turn, turn or 0)
    snapshots[end_turn] = counts()
    first = min(snapshots)
    if first > 0:  # the log began in the middle of a turn: show where it began
        snapshots[first - 1] = start
        first -= 1
    xs = list(range(first, end_turn + 1))
    rows: list[tuple[int, int, int]] = []
    for x in xs:
        rows.append(snapshots.get(x, rows[-1] if rows else start))
    return xs, {key: [r[i] for r in rows] for i, key in enumerate(SERIES_LABELS)}


# ---- the end screen's report -----------------------------------------------------------------------

# who wins, as the subline under the headline says it
_WINS = {ALLIES: "The Allies win", ZOMBIES: "Abteilung 848 wins"}


def report(game: ZombiekriegGame) -> Report:
    """The end screen's report of ``game`` (finished or not): the words and numbers it shows."""
    return to_report(AfterAction.from_game(game))


def fallen_lines(r: AfterAction) -> tuple[str, ...]:
    """Who died, by name: a line per section, in roster order, then the zombies' count (they have numbers,
    not names). A newcomer's end screen counted "Soldiers lost 3 of 11" and named only the survivors."""
    many = len(r.sections) > 1
    lines = []
    for sec in r.sections:
        dead = [s.name for s in r.soldiers if s.player == sec.player and s.fate == DEAD]
        side = f"P{sec.player} {sec.nation.capitalize()}" if many else sec.nation.capitalize()
        lines.append(f"{side}: {', '.join(dead)}" if dead else f"{side}: none fell")
    z = r.zombies
    lines.append(f"Abteilung 848: {z.killed} of {z.figures} zombie{'s' if z.figures != 1 else ''} destroyed")
    return tuple(lines)


def to_report(r: AfterAction) -> Report:
    """An :class:`AfterAction` as the rule-set neutral :class:`~game.rules.contract.Report`."""
    of_limit = f" of {r.turn_limit}" if r.turn_limit else ""
    who = _WINS.get(r.winner or "", "")
    subline = (
        f"{r.scenario}  \u2014  {who}, turn {r.turns}{of_limit}"
        if who
        else f"{r.scenario}  \u2014  turn {r.turns}"
    )
    hit = f" ({round(100 * r.hit_rate)}% hit)" if r.hit_rate is not None else ""
    stats = (  # zombies on the left, soldiers on the right
        ("Zombies killed", f"{r.zombies.killed} of {r.zombies.figures}"),
        ("Soldiers lost", f"{r.allies.killed} of {r.allies.figures}"),
        ("Zombies knocked down", f"{r.zombies.knocked_down}"),
        ("Got away", f"{r.allies.exited}"),
        ("Turns played", f"{r.turns}{of_limit}"),
        ("Still on the table", f"{r.allies.on_table}"),
        ("Shots fired", f"{r.shots_fired}{hit}"),
        ("Orders obeyed", f"{r.orders_succeeded} of {r.orders_given}"),
    )
    groups = tuple(
        f"P{s.player} {s.nation.capitalize()}: {s.survived} of {s.soldiers} came through, "
        f"{s.kills} zombie{'s' if s.kills != 1 else ''} killed"
        for s in r.sections
    )
    return Report(
        ruleset=r.ruleset,
        scenario=r.scenario,
        winner=r.winner,
        victory=None if r.winner is None else r.allied_victory,
        headline=r.headline if r.winner else "GAME OVER",
        reason=r.reason,
        subline=subline,
        stats=stats,
        citation_title="BEST SOLDIER",
        citation=r.best_citation,
        groups=groups if len(groups) > 1 else (),  # one section says nothing the stats do not
        roll_title="SURVIVORS",
        roll_key="GUTS at the start \u2014 at the end",
        roll_mark="got away",
        roll_empty="No one came through.",
        roll=tuple(RollRow(s.name, s.guts_start, s.guts_end, s.fate == EXITED) for s in r.survivors),
        fallen=fallen_lines(r),
        chart_title="The battle, turn by turn",
        chart_x_label="End of turn (0 = set-up)",
        chart_y_label="Figures",
        series_turns=tuple(r.series_turns),
        series=tuple(Series(SERIES_LABELS[k], tuple(v)) for k, v in r.series.items()),
        data=r.to_data(),
    )
