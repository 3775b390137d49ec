"""After a Zombie 40,000 game: the end screen's report, the simulator's outcome (with the winning seat),
the demo's force picker and the invariants the soak and the tests check after every event.

>>> import random
>>> from game.rules.zombie40k.testing import small_scenario
>>> f = demo_forces(random.Random(1), small_scenario())
>>> 2 <= len(f["teams"]) <= 4
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.rules.contract import Outcome, Report, RollRow, Series
from game.rules.zombie40k.events import FigurePlaced, Killed, PowerUpUsed, SquadRespawned
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.mods import respawn_refused
from game.rules.zombie40k.power_ups import DEFIBRILLATOR
from game.rules.zombie40k.state import PLAYERS, Phase
from game.scenario.model import Scenario

OUTCOME_LABELS: dict[str, str] = {
    "wins.player 1": "Player 1 wins",
    "wins.player 2": "Player 2 wins",
    "wins.player 3": "Player 3 wins",
    "wins.player 4": "Player 4 wins",
    "wins.zombies": "Zombie wins",
    "human": "Player",
    "models": "Player models",
    "models_lost": "Player models lost",
    "zombies_killed": "Zombies killed",
    "boss_killed": "Zombie Boss killed",
    "survivors": "Models left in each team",
}


def _series(game: Zombie40kGame) -> tuple[tuple[int, ...], dict[str, list[int]]]:
    """Models in the game at the end of each turn (0 = set-up), per team and for the zombies: the dead
    leave the count, the respawned come back into it, an embarked model stays in it."""
    sides: dict[str, str] = {}
    log: list[Any] = game.log  # read by each event's kind
    for m in game.figures:
        sides[m.id] = f"Player {m.player}" if m.side == PLAYERS else "Zombies"
    for e in log:  # a Dead Man Walking started in his team (FigurePlaced says whose)
        if isinstance(e, FigurePlaced) and e.side == PLAYERS and e.unit[1:].isdigit():
            sides[e.figure] = f"Player {e.unit[1:]}"
    alive: dict[str, int] = {}
    for s in sides.values():
        alive[s] = alive.get(s, 0) + 0
    turns = [0]
    counts: dict[str, list[int]] = {k: [] for k in sorted(set(sides.values()))}
    for e in log:
        kind = type(e).__name__
        if kind == "FigurePlaced":
            alive[sides.get(e.figure, "Zombies")] = alive.get(sides.get(e.figure, "Zombies"), 0) + 1
        elif kind == "Killed":  # an embarked model still counts: he is his team's, and safe
            alive[sides.get(e.figure, "Zombies")] -= 1
        elif kind == "JoinedHorde":  # Dead Men Walking: from his team to the zombies
            alive[sides.get(e.figure, "Zombies")] -= 1
            alive["Zombies"] = alive.get("Zombies", 0) + 1
            sides[e.figure] = "Zombies"
        elif kind in ("SquadRespawned", "HordeRespawned"):  # the dead come back on the table
            side = sides.get(e.figures[0], "Zombies") if e.figures else "Zombies"
            alive[side] = alive.get(side, 0) + len(e.figures)
        elif kind == "TurnStarted":
            if e.turn > 1:
                turns.append(e.turn - 1)
            else:
                pass
            for k in counts:
                counts[k].append(alive.get(k, 0))
    turns.append(game.state.turn)
    for k in counts:
        counts[k].append(alive.get(k, 0))
    n = min(len(turns), *(len(v) for v in counts.values())) if counts else 0
    return tuple(turns[:n]), {k: v[:n] for k, v in counts.items()}


def who_won(winner: str | None) -> str:
    """``the zombies win``, ``Player 2 wins``, ``nobody wins``: the end screen's words for the winner."""
    if not winner:
        return "nobody wins"
    if winner == "players":
        return "the players win together"
    return "the zombies win" if winner == "zombies" else f"{winner[:1].upper()}{winner[1:]} wins"


def escaped_words(aboard: int, survived: int) -> str:
    """The mark of a team that escaped, in words a newcomer cannot read as "left the table": who is aboard the
    vehicle and who is still on the table. The row's words before it say how many survived ("5 to 4: 1
    killed"); a mark with a colon was broken after it and the row read "5 -> 5 = team escaped:".

    >>> escaped_words(1, 4), escaped_words(2, 2)
    ('escaped with 1 aboard, 3 still on the table', 'escaped, all aboard')
    """
    rest = survived - aboard
    return "escaped, all aboard" if rest <= 0 else f"escaped with {aboard} aboard, {rest} still on the table"


def vehicle_words(game: Zombie40kGame, unit: Any) -> str:
    """Where a team stands from the escape vehicle, the one number the roster and the end screen both show:
    ``9" from the vehicle``, ``2 aboard the escape vehicle`` (``..., the rest 9" from it``), ``wiped out``."""
    w = game.world
    dist = w.unit_vehicle_distance(unit)
    far = f'{dist:.0f}"' if dist < math.inf else ""
    aboard = len(w.aboard(unit))
    if not aboard:
        return f"{far} from the vehicle" if far else "wiped out"
    return f"{aboard} aboard the escape vehicle" + (f", the rest {far} from it" if far else "")


def team_words(
    before: int, after: int, killed: int, joined: int = 0, revived: int = 0, came_back: tuple[int, ...] = ()
) -> str:
    """A team's line on the end screen's roll, a sentence whose numbers add up: its models at the start less
    those killed, plus those that joined (an Ork Boy), were brought back (the Defibrillator) or came back with the
    team when it respawned, are those at the end. "5 -> 5 =" hid a wipe-out and a respawn; "5 to 5: wiped out
    once, respawned" stood under "Player models lost 6" (the killed counted none of it).

    >>> team_words(5, 4, 1), team_words(5, 5, 0), team_words(5, 2, 5, 1, 1)
    ('5 to 4: 1 killed', '5 to 5: none killed', '5 to 2: 5 killed, 1 joined, 1 brought back')
    >>> team_words(5, 4, 6, came_back=(5,))
    '5 to 4: 6 killed, wiped out once and came back with 5'
    >>> team_words(5, 0, 15, came_back=(5, 5))
    '5 to 0: 15 killed, wiped out twice and came back with 10'
    """
    parts = [
        f"{killed} killed" if killed else "none killed",
        f"{joined} joined" if joined else "",
        f"{revived} brought back" if revived else "",
    ]
    if came_back:
        times = {1: "once", 2: "twice"}.get(len(came_back), f"{len(came_back)} times")
        parts.append(f"wiped out {times} and came back with {sum(came_back)}")
    return f"{before} to {after}: " + ", ".join(p for p in parts if p)


def _tally(game: Zombie40kGame, unit: str) -> tuple[int, int, int, int]:
    """A team's models at the start (as the chart's set-up), its models killed, those that joined it in play
    (an Ork Boy) and those brought back (the Defibrillator), from the log."""
    started = killed = placed = revived = 0
    begun = False
    for e in game.log:
        kind = type(e).__name__
        if kind == "TurnStarted":
            begun = True
        elif isinstance(e, FigurePlaced) and e.unit == unit:
            started, placed = (started + 1, placed) if not begun else (started, placed + 1)
        elif isinstance(e, Killed) and e.figure in game.state.models and game.figure(e.figure).unit == unit:
            killed += 1
        elif isinstance(e, PowerUpUsed) and e.unit == unit and e.key == DEFIBRILLATOR:
            revived += 1
    joined = placed - revived
    if not started:  # (a log that does not begin at the set-up, as a test's: the squad's size less who joined)
        started = max(0, game.state.units[unit].start_size - joined)
    return started, killed, joined, revived


def _respawns(game: Zombie40kGame, unit: str) -> tuple[int, ...]:
    """How many models came back each time a team came back after it was wiped out."""
    return tuple(len(e.figures) for e in game.log if isinstance(e, SquadRespawned) and e.unit == unit)


def report(game: Zombie40kGame) -> Report:
    s, w = game.state, game.world
    winner = s.winner
    victory = None if winner is None else winner != "zombies"
    headline = "VICTORY" if victory else ("DEFEAT" if victory is False else "GAME OVER")
    kills = sum(s.kills.values())  # by the teams; the Boss's Blight grenades may kill zombies too
    own = sum(1 for m in game.figures if m.side != PLAYERS and not m.alive) - kills
    lost = player_deaths(game)
    stats = (
        ("Turns played", str(s.turn)),
        ("Zombies killed", f"{kills} (+{own} by the Boss)" if own > 0 else str(kills)),
        ("Player models lost", str(lost)),
        ("Zombie Boss", "killed" if not game.figure("boss").alive else "still standing")
        if "boss" in s.models
        else ("Zombie Boss", "-"),
    )
    groups = []
    roll = []
    for p in s.players:
        u = s.squad_of(p)
        left = len(w.alive(u)) + sum(game.figure(f).state == "embarked" for f in u.models)
        aboard = sum(game.figure(f).state == "embarked" for f in u.models)
        where = vehicle_words(game, u)  # (the roster's words too: one number)
        started, killed, joined, revived = _tally(game, u.id)  # (the chart's set-up count, not start_size,
        # which an Ork Boy joining raises)
        groups.append(
            f"Player {p} ({u.name}): {left} of {started} models, {_zombies(s.kills.get(u.id, 0))} killed, {where}"
        )
        escaped = winner == f"player {p}" or (winner == "players" and left > 0)  # Coop Mode: all together
        said = escaped_words(aboard, left) if escaped else ""
        words = team_words(started, left, killed, joined, revived, _respawns(game, u.id))
        roll.append(RollRow(f"Player {p}: {u.name}", started, left, escaped, said, words))
    turns, counts = _series(game)
    best = max(s.players, key=lambda p: s.kills.get(f"p{p}", 0)) if s.players else 0
    if len(s.players) < 2 or (best and not s.kills.get(f"p{best}", 0)):
        best = 0  # nobody destroyed a zombie, or one team alone (its own medal, against nobody): no medal
    return Report(
        ruleset="zombie40k",
        scenario=game.scenario.title,
        winner=winner,
        victory=victory,
        headline=headline,
        reason=s.reason,
        subline=f"{game.scenario.title} \u2014 {who_won(winner)}, turn {s.turn} of {s.turn_limit}",
        stats=stats,
        citation_title="MOST ZOMBIES DESTROYED",
        citation=f"Player {best}: {_zombies(s.kills.get(f'p{best}', 0))}" if best else "",
        groups=tuple(groups),
        roll_title="TEAMS",
        roll_key="models at the start \u2014 at the end",
        roll_mark="escaped",
        roll=tuple(roll),
        roll_empty="No team is left.",
        chart_title="Models left",
        chart_x_label="End of turn (0 = set-up)",
        chart_y_label="Models",
        series_turns=turns,
        series=tuple(Series(k, tuple(v)) for k, v in counts.items()),
        data={"kills": dict(s.kills), "turn": s.turn},
    )


def outcome(game: Zombie40kGame) -> Outcome:
    s, w = game.state, game.world
    winner = str(game.winner or "")
    seat = int(winner.split()[1]) if winner.startswith("player ") else 0
    players = [m for m in game.figures if m.side == PLAYERS]
    survivors = tuple(len(w.alive(s.squad_of(p))) for p in s.players)
    # a team's models aboard the escape vehicle are off the table, not down: "Player 2 0 up (5 aboard)"
    aboard = tuple(sum(game.figure(f).state == "embarked" for f in s.squad_of(p).models) for p in s.players)
    return Outcome(
        winner=winner,
        human_win=seat > 0 or winner == "players",
        turns=s.turn,
        reason=s.reason,
        seat=seat,
        figures={
            "models": len(players),
            "models_lost": player_deaths(game),
            "zombies_killed": sum(1 for m in game.figures if m.side != PLAYERS and not m.alive),
            "boss_killed": float("boss" in s.models and not game.figure("boss").alive),
        },
        lists={"survivors": survivors},
        score=f"Turn {s.turn}: "
        + " - ".join(
            f"Player {p} {n} up" + (f" ({a} aboard)" if a else "") for p, n, a in zip(s.players, survivors, aboard)
        )
        # the zombies' count too, as the other rule sets' scores (the demo's scoreboard showed the teams alone)
        + f" - Zombies {sum(len(w.alive(u)) for u in s.zombie_units())} up",
        lead="" if winner else lead_words(game),
        names={f"Player {p}": s.squad_of(p).name for p in s.players},
        notes={f"Player {p}": words for p in s.players if (words := _down_words(game, p))},
    )


def _down_words(game: Zombie40kGame, player: int) -> str:
    """What a team wiped out waits for, beside its 0 on a scoreboard: "back next turn" (it respawns at the start
    of its player's turn), "out for good" (a mod or the campaign keeps it off); "" for a team on the table."""
    squad, w = game.state.squad_of(player), game.world
    if not squad.wiped_out or w.alive(squad) or w.aboard(squad):
        return ""
    return "out for good" if squad.out_for_good or respawn_refused(w, squad) else "back next turn"


def lead_words(game: Zombie40kGame) -> str:
    """Who leads the race while nobody has won: the team nearest the escape vehicle (the first aboard wins), the
    one with more models standing on a tie; "" with no team on the table, or in Coop Mode (one side, no race).

    >>> from game.rules.zombie40k.testing import small_scenario
    >>> from game.rules.zombie40k import new_game
    >>> lead_words(new_game(small_scenario(), {"teams": ["tactical_squad", "ork_boyz"]}, seed=2))  # doctest: +ELLIPSIS
    'Player ... leads the race: ..." from the escape vehicle...'
    """
    s, w = game.state, game.world
    if "coop" in s.mods:
        return ""
    race = sorted(
        (w.unit_vehicle_distance(s.squad_of(p)), -len(w.alive(s.squad_of(p))), p)
        for p in s.players
        if w.alive(s.squad_of(p))
    )
    if not race:
        return ""
    far, _, p = race[0]
    words = f'Player {p} ({s.squad_of(p).name}) leads the race: {far:.0f}" from the escape vehicle'
    if len(race) > 1:
        words += f' (next: Player {race[1][2]}, {race[1][0]:.0f}")'
    return words


def demo_forces(rng: random.Random, scenario: Scenario | None) -> dict[str, Any]:
    """Two to four teams, each a random roster unit at its default 75-point build."""
    from game.rules.zombie40k.data import load_data

    units = sorted(load_data().shipped_units())  # demos are the same on every machine
    hi = 4
    if scenario is not None:
        try:
            hi = max(1, min(4, int(scenario.properties.get("players_max", 4))))
        except (TypeError, ValueError):
            hi = 4
    n = rng.randint(min(2, hi), hi)
    return {"teams": [rng.choice(units) for _ in range(n)]}


def invariants(game: Zombie40kGame) -> list[str]:
    """What must hold after every event: the table follows the models, no two bases overlap, wounds stay
    within the profile, combats are between living enemies, a player phase has its player, a winner embarked."""
    out: list[str] = []
    s, table, w = game.state, game.table, game.world
    alive = [m for m in game.figures if m.alive]
    if set(table.figures()) != {m.id for m in alive}:
        out.append("the table's bases differ from the living models")
    for m in alive:
        if m.id in table and math.dist(table.position(m.id), m.position) > 1e-6:
            out.append(f"{m.id} is at {m.position} but its base at {table.position(m.id)}")
        if not 0 < m.wounds <= w.profile(m).w:
            out.append(f"{m.id} has {m.wounds} wounds")
        if not (
            -1e-6 <= m.position[0] <= game.scenario.width + 1e-6
            and -1e-6 <= m.position[1] <= game.scenario.height + 1e-6
        ):
            out.append(f"{m.id} is off the table at {m.position}")
    for i, a in enumerate(alive):
        for b in alive[i + 1 :]:
            if abs(a.position[0] - b.position[0]) < 2 and abs(a.position[1] - b.position[1]) < 2:
                if math.dist(a.position, b.position) < a.radius + b.radius - 0.02:
                    out.append(f"{a.id} and {b.id} overlap")
    for pair in s.engagements:
        if not all(w.alive(u) for u in pair) or not w.enemies(s.units[pair[0]], s.units[pair[1]]):
            out.append(f"combat {pair} is not between living enemies")
    if s.phase in (Phase.MOVEMENT, Phase.SHOOTING, Phase.ASSAULT):
        squad = s.squad_of(s.active_player) if s.active_player in s.players else None
        if squad is None or not (w.alive(squad) or w.aboard(squad)):  # (Coop Mode: aboard, firing from it)
            out.append(f"the {s.phase.value} phase has no living active squad")
    coop = "coop" in getattr(s, "mods", [])  # Coop Mode: the players win together
    if game.over and game.winner not in (
        "zombies",
        *(f"player {p}" for p in s.players),
        *(("players",) if coop else ()),
    ):
        out.append(f"unknown winner {game.winner!r}")
    if (
        game.over
        and game.winner != "zombies"
        and not any(m.state == "embarked" for m in game.figures if m.side == PLAYERS)
    ):
        out.append("a player won without a model embarked")
    return out


def _zombies(n: int) -> str:
    """``1 zombie``, ``3 zombies`` (the end screen read "1 zombies").

    >>> _zombies(1), _zombies(0)
    ('1 zombie', '0 zombies')
    """
    return f"{n} zombie" + ("" if n == 1 else "s")


def player_deaths(game: Zombie40kGame) -> int:
    """How many times a team's model was killed: a respawned team's dead count too (the end screen said
    "1 model lost" after both teams had been wiped out and come back)."""
    return sum(1 for e in game.log if isinstance(e, Killed) and game.figure(e.figure).player > 0)
