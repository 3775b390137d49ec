"""After the game (rule-set contract): the after-action report, the simulator's outcome, the demo's
force picker and the invariants that must hold after every event.

>>> from game.rules.outbreak.testing import rigged_game
>>> problems(rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 10)]))
[]
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.rules.contract import Outcome, Report, RollRow, Series
from game.rules.outbreak import events as ev
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.state import PLAYERS, ZOMBIES
from game.scenario.model import Scenario

OUTCOME_LABELS = {
    "characters": "characters",
    "characters_lost": "characters lost",
    "escaped": "characters escaped",
    "rescued": "bystanders rescued",
    "bystanders_lost": "bystanders lost",
    "zombies": "zombies that came",
    "zombies_killed": "zombies killed",
}


def _kills(game: OutbreakGame) -> dict[str, int]:
    out: dict[str, int] = {}
    for e in game.log:
        if (
            isinstance(e, ev.Killed)
            and game.state.figures.get(e.figure) is not None
            and game.figure(e.figure).is_zombie
        ):
            killer = e.cause.split(" by ")[-1]
            out[killer] = out.get(killer, 0) + 1
    return out


def _figures(game: OutbreakGame) -> dict[str, float]:
    st = game.state
    pcs, npcs, zs = st.pcs(), st.npcs(), st.zombies()
    return {
        "characters": len(pcs),
        "characters_lost": sum(p.state in ("dead", "turned") for p in pcs),
        "escaped": st.escaped,
        "rescued": st.rescued,
        "bystanders_lost": sum(n.state in ("dead", "turned") for n in npcs),
        "zombies": len(zs),
        "zombies_killed": sum(z.state == "dead" for z in zs),
    }


def outcome(game: OutbreakGame) -> Outcome:
    st = game.state
    return Outcome(
        winner=st.winner or "",
        human_win=st.winner == PLAYERS,
        turns=st.move,
        reason=st.reason,
        figures=_figures(game),
        score=_score(game),
    )


def _score(game: OutbreakGame) -> str:
    """Who is winning now, as the other rule sets say it: ``Move 3: Survivors 4 up (1 out) - Zombies 9 up``, the
    characters standing (and those got away), the zombies on the table (the demo's scoreboard showed no numbers)."""
    st = game.state
    up = sum(p.on_table for p in st.pcs())
    out = f" ({st.escaped} out)" if st.escaped else ""
    text = f"Survivors {up} up{out} - Zombies {sum(z.on_table for z in st.zombies())} up"
    return f"Move {st.move}: {text}" if st.move else text


def _series(game: OutbreakGame) -> tuple[tuple[int, ...], tuple[Series, ...]]:
    alive: dict[str, str] = {}
    turns: list[int] = []
    zs: list[int] = []
    hs: list[int] = []
    move = 0

    def snap() -> None:
        turns.append(move)
        zs.append(sum(side == ZOMBIES for side in alive.values()))
        hs.append(sum(side != ZOMBIES for side in alive.values()))

    for e in game.log:
        if isinstance(e, ev.MoveStarted):
            if move:
                snap()
            move = e.move
        elif isinstance(e, ev.FigurePlaced):
            alive[e.figure] = e.side
        elif isinstance(e, (ev.Killed, ev.Exited, ev.HumanTurned)):
            alive.pop(e.figure, None)
    if move:
        snap()
    return tuple(turns), (Series("zombies on the table", tuple(zs)), Series("humans on the table", tuple(hs)))


def _zombies(kills: int) -> str:
    return f"{kills} zombie{'' if kills == 1 else 's'}"


def _citation(game: OutbreakGame, kills: dict[str, int]) -> tuple[str, str]:
    """The citation's title and line: the best survivor is the living character (standing or got away) who
    killed most zombies; when only fallen ones killed any, the best of them "fell fighting" and the line says
    so. Empty when no character killed a zombie (no "best survivor: 0 zombies")."""
    pcs = [p for p in game.state.pcs() if kills.get(p.id)]
    alive = [p for p in pcs if p.state in ("standing", "exited")]
    best = max(alive or pcs, key=lambda p: (kills[p.id], p.id), default=None)
    if best is None:
        return "BEST SURVIVOR", ""
    line = f"{best.name or best.id}: {_zombies(kills[best.id])}"
    if alive:
        return "BEST SURVIVOR", line
    return "FELL FIGHTING", f"{line} before {'turning' if best.state == 'turned' else 'falling'}"


def _fallen_hero(game: OutbreakGame, kills: dict[str, int], cited: str) -> tuple[str, ...]:
    """A fallen character who killed more than the best survivor is named too: the report leaves out no
    top killer, alive or fallen (the citation keeps "best survivor" for the living)."""
    if cited != "BEST SURVIVOR":
        return ()
    pcs = [p for p in game.state.pcs() if kills.get(p.id)]
    alive = [kills[p.id] for p in pcs if p.state in ("standing", "exited")]
    fallen = [p for p in pcs if p.state not in ("standing", "exited") and kills[p.id] > max(alive, default=0)]
    best = max(fallen, key=lambda p: (kills[p.id], p.id), default=None)
    if best is None:
        return ()
    how = "turned" if best.state == "turned" else "fell"
    return (f"Fell fighting: {best.name or best.id} ({_zombies(kills[best.id])}, the most of anyone, then {how})",)


def _credits(game: OutbreakGame, kills: dict[str, int]) -> tuple[str, ...]:
    """Who killed the zombies: each character by name, the bystanders (in their grapples) together."""
    st = game.state
    total = sum(z.state == "dead" for z in st.zombies())
    if not total:
        return ()
    parts = [f"{kills[p.id]} by {p.name or p.id}" for p in st.pcs() if kills.get(p.id)]
    npcs = [(kills[n.id], n.name or n.id) for n in st.npcs() if kills.get(n.id)]
    if npcs:
        who = ", ".join(f"{name} {k}" for k, name in sorted(npcs, key=lambda x: (-x[0], x[1])))
        parts.append(f"{sum(k for k, _ in npcs)} by the bystanders fighting back ({who})")
    other = total - sum(kills.get(f.id, 0) for f in [*st.pcs(), *st.npcs()])
    if other > 0:
        parts.append(f"{other} by other causes")
    return (f"Zombies killed, {total} in all: " + ", ".join(parts),)  # never "Zombies killed: 5: 5 by .."


def _roll_words(kills: int) -> str:
    return f"killed {_zombies(kills)}" if kills else "killed none"


FATES = {"dead": "fell", "turned": "turned"}  # a character's end, after his kills


def _fate(state: str) -> str:
    """A character's end in words, every one (a newcomer's man alive at the end read only "killed none"): fell,
    turned, alive; one who got away says so by the row's mark.

    >>> _fate("standing"), _fate("dead"), _fate("exited")
    ('alive', 'fell', '')
    """
    if state in FATES:
        return FATES[state]
    return "" if state == "exited" else "alive"


# beside the roll's heading when a character is alive but not out in an escape: what "alive" means there (a
# key, not each row's words: seven rows' words just fit a small window's report)
ALIVE_NOT_OUT = "alive: still in, did not reach the exit"


def _roll_key(game: OutbreakGame) -> str:
    """The roll's key: what "alive" means in an escape (he did not get out), else nothing."""
    alive = any(p.state == "standing" for p in game.state.pcs())
    return ALIVE_NOT_OUT if alive and game.state.objective == "escape" else ""


def _roll(game: OutbreakGame, kills: dict[str, int]) -> tuple[RollRow, ...]:
    """Everyone the players had: each character with his kills and his end (a newcomer found the fallen only
    in the counts), then every bystander, led out, left behind, fallen or turned (words for any map: a farm's
    read "left in town"; the lost were counted in "bystanders lost 2" and named nowhere)."""
    pcs = tuple(
        RollRow(
            p.name or p.id,
            0,
            kills.get(p.id, 0),
            p.state == "exited",
            words=", ".join(w for w in (_roll_words(kills.get(p.id, 0)), _fate(p.state)) if w),
        )
        for p in game.state.pcs()
    )
    npcs = tuple(
        RollRow(n.name or n.id, 0, 0, n.state == "exited", mark="led out", words="bystander")
        if n.state == "exited"
        else RollRow(n.name or n.id, 0, 0, words=f"bystander, {BYSTANDER_FATES.get(n.state, 'left behind')}")
        for n in game.state.npcs()
    )
    return pcs + npcs


BYSTANDER_FATES = {"dead": "fell", "turned": "turned"}  # a bystander not led out: else "left behind"


def report(game: OutbreakGame) -> Report:
    st = game.state
    won = st.winner == PLAYERS if st.winner else None
    f = _figures(game)
    kills = _kills(game)
    turns, series = _series(game)
    cited, citation = _citation(game, kills)
    return Report(
        ruleset="outbreak",
        scenario=game.scenario.title,
        winner=st.winner,
        victory=won,
        headline="VICTORY" if won else ("DEFEAT" if won is False else "GAME OVER"),
        reason=st.reason,
        subline=f"{game.scenario.title} — {'the survivors win' if won else 'the zombies win'}, move {st.move} "
        f"of {st.turn_limit}",
        stats=tuple((OUTCOME_LABELS[k], str(int(v))) for k, v in f.items()),
        citation_title=cited,
        citation=citation,
        groups=_fallen_hero(game, kills, cited) + _credits(game, kills),
        roll_title="THE GROUP",
        roll_key=_roll_key(game),  # each row says it in words; the key, what "alive" means in an escape
        roll_mark="got away",
        roll=_roll(game, kills),
        chart_title="The outbreak, move by move",
        chart_y_label="figures",
        series_turns=turns,
        series=series,
        data={"figures": f, "kills": kills},
    )


def demo_forces(rng: random.Random, scenario: Scenario) -> dict[str, Any]:
    """The map's own characters, for one to as many players as the map allows."""
    hi = int(scenario.properties.get("players_max", 1) or 1)
    return {"players": rng.randint(1, max(1, min(hi, 2)))}


def problems(game: OutbreakGame) -> list[str]:
    """What must hold after every event: bases clear of walls and of each other, the dead off the table."""
    out = []
    figs = [f for f in game.state.figures.values() if f.on_table]
    for f in game.state.figures.values():
        if f.on_table != (f.id in game.table):
            out.append(f"{f.id} is {f.state} but the table {'has' if f.id in game.table else 'lacks'} its base")
    for i, f in enumerate(figs):
        if game.table.overlaps_blocking(f.position, f.radius - 1e-3):
            out.append(f"{f.id} stands in a wall or building at {f.position}")
        for g in figs[i + 1 :]:
            if math.dist(f.position, g.position) < f.radius + g.radius - 1e-3:
                out.append(f"{f.id} and {g.id} overlap")
    return out
