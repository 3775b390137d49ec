"""Every rule set's hover previews on its busiest shipped position (issue 38): ``preview_ms_p95`` by rule set
and kind of command (move, fire, blast, template, charge, spot, order).

A seeded bot game is played on each rule set's shipped map that starts with the most figures, and every
preview asked on the way (the bot asks the rules what a command would do before giving it, as a player's
hover does) is timed with its kind; the game's own preview, not a copy, so the figure is what a hover costs
on a crowded table. The 95th percentile of each kind is kept; a kind the bot never asks about is absent.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, cast

from game.bench.common import percentile
from game.rules.core import Command, Game

RULESETS = ("zombiekrieg", "outbreak", "zombie40k")


class Benched(Game, Protocol):
    """A shipped rule set's game: the core's, with its state (figures, or Zombie 40,000's models and units)."""

    @property
    def state(self) -> Any: ...


def shipped_maps(ruleset: str) -> list[Path]:
    """The shipped maps that play ``ruleset``."""
    from game.assets import assets_dir
    from game.scenario import load_scenario

    return [p for p in sorted(assets_dir("maps").glob("*.tmx")) if load_scenario(str(p)).ruleset == ruleset]


def new_game(path: Path, seed: int = 1) -> Benched:
    """A game on the map as ``deadground simulate`` starts it (the set-up's defaults where it needs options)."""
    from game.rules.core import get_ruleset
    from game.scenario import load_scenario
    from game.simulate import setup_defaults

    scenario = load_scenario(str(path))
    ruleset = get_ruleset(scenario.ruleset)
    try:
        return cast(Benched, ruleset.new_game(scenario, {}, seed))  # a shipped rule set's game has a state
    except Exception:  # a rule set that needs options: the set-up's, as the simulator plays them
        return cast(Benched, ruleset.new_game(scenario, dict(setup_defaults(scenario, seed) or {}), seed))


# each rule set's shipped map whose game starts with the most figures on the table (busiest_map says so)
BUSIEST = {"zombiekrieg": "normandy_village", "outbreak": "hollow_creek_farm", "zombie40k": "hive_street"}


def busiest_map(ruleset: str) -> Path:
    """The shipped map of ``ruleset`` whose game starts with the most figures on the table (slow: a game
    is set up on each; the bench reads ``BUSIEST``)."""
    return max(shipped_maps(ruleset), key=lambda p: len(new_game(p).table.figures()))


def kind_of(game: Game, cmd: Command) -> str | None:
    """The preview's kind as the issue names them; None for a command with no hover (end a phase)."""
    name = type(cmd).__name__.lower()
    if name in ("move", "run"):
        return "move"
    if name == "shoot":  # Zombie 40,000: a blast or template weapon among the shooters makes it that preview
        from game.rules.zombie40k.commands import Shoot
        from game.rules.zombie40k.game import Zombie40kGame

        if not (isinstance(game, Zombie40kGame) and isinstance(cmd, Shoot)):
            return "fire"
        try:
            plan = game.check_shoot(cmd)
        except Exception:  # a refused shot is a fire preview all the same
            return "fire"
        weapons = [s.weapon for s in plan.shooters]
        return (
            "blast"
            if any(w.blast for w in weapons)
            else "template"
            if any(w.template for w in weapons)
            else "fire"
        )
    return name if name in ("fire", "charge", "spot", "order") else None


def pieces(game: Benched) -> dict[str, Any]:
    """The game's figures by id (Zombie 40,000 calls them models); each has a ``side`` and ``position``."""
    st = game.state
    return st.models if hasattr(st, "models") else st.figures


def acting(cmd: Any) -> str | None:
    """The figure a bot's command moves or fires (a unit's first model for Zombie 40,000's unit commands)."""
    return getattr(cmd, "figure", None) or getattr(cmd, "unit", None)


def hovers(game: Benched, fid: str, near: list[str]) -> list[Command]:
    """The commands a player's pointer would preview for ``fid`` over each of ``near``: a 6" move toward
    it, a shot at it, and the rule set's own (charge, spot, order)."""
    mod = __import__(f"game.rules.{game.ruleset}.commands", fromlist=["*"])
    figs = pieces(game)
    me = figs[fid]
    out: list[Command] = []
    if hasattr(mod, "Spot"):
        out.append(mod.Spot(fid))
    for t in near:
        (x, y), (tx, ty) = me.position, figs[t].position
        d = max(1e-9, ((tx - x) ** 2 + (ty - y) ** 2) ** 0.5)
        step = min(6.0, d)
        path = ((x, y), (x + (tx - x) * step / d, y + (ty - y) * step / d))
        out.append(mod.Move(fid, path))
        if hasattr(mod, "Shoot"):  # Zombie 40,000: units shoot and charge units
            unit, target = me.unit, figs[t].unit
            out += [mod.Run(fid, path), mod.Shoot(unit, target, aim=(tx, ty)), mod.Shoot(unit, target)]
            out.append(mod.Charge(unit, target))
        else:
            out.append(mod.Fire(fid, t))
        if hasattr(mod, "Order"):
            out.append(mod.Order(fid, t))
    return out


def nearest(game: Benched, fid: str, k: int = 3) -> list[str]:
    """The ``k`` nearest figures of another side and the 2 nearest of its own (an order's target)."""
    figs = pieces(game)
    me = figs[fid]
    x, y = me.position

    def dist(g: str) -> float:
        gx, gy = figs[g].position
        return (gx - x) ** 2 + (gy - y) ** 2

    on = [g for g in game.table.figures() if g != fid and g in figs]
    foes = sorted((g for g in on if figs[g].side != me.side), key=dist)[:k]
    friends = sorted((g for g in on if figs[g].side == me.side), key=dist)[:2]
    return foes + friends


def timed_previews(
    game: Benched, commands: int, every: int = 1, clock: Callable[[], float] = time.perf_counter
) -> dict[str, list[float]]:
    """Play the bot on ``game`` for up to ``commands`` commands; at every ``every``-th position, before the
    bot's command, the ms of each legal hover preview round the figure the bot acts with (the one it acted
    with last when its command names none: ending a phase), by kind."""
    from game.ai import bot_for

    bot = bot_for(game.ruleset)
    times: dict[str, list[float]] = defaultdict(list)
    fid: str | None = None
    while not game.over and len(game.commands) < commands:
        cmd = bot(game)
        who = acting(cmd)
        if who is not None:
            fid = who if who in pieces(game) else next(iter(getattr(game.state.units.get(who), "models", [])), fid)
        if len(game.commands) % every == 0 and fid is not None and fid in game.table:
            for probe in hovers(game, fid, nearest(game, fid)):
                kind = kind_of(game, probe)
                t0 = clock()
                legal = game.preview(probe).legal
                ms = (clock() - t0) * 1000
                if legal and kind is not None:
                    times[kind].append(ms)
        game.apply(cmd)
    return dict(times)


def crowd_previews(repeats: int, clock: Callable[[], float] = time.perf_counter) -> dict[str, list[float]]:
    """Zombie 40,000's blast and template previews, which no shipped team carries: a grenade launcher's
    blast and a flamer's template over a crowd of 50 packed zombies (the ``z40k_blast_preview_ms`` position)."""
    from game.rules.zombie40k.commands import Shoot
    from game.rules.zombie40k.testing import rigged_game

    crowd = [(20 + (i % 10) * 1.05, 14 + (i // 10) * 1.05) for i in range(50)]
    out: dict[str, list[float]] = {}
    for kind, weapon, at, aim in (
        ("blast", "grenade_launcher", (24, 30), (24.7, 16.1)),
        ("template", "flamer", (24, 22.5), None),
    ):
        team = {"unit": "infantry_squad", "models": 1, "weapons": [weapon]}
        g = rigged_game({1: [at]}, hordes=[crowd], teams=[team])
        cmd = Shoot("p1", "h1", aim=aim)
        assert g.preview(cmd).legal, f"game/bench/previews.py: the {kind} preview's position is refused"
        out[kind] = []
        for _ in range(repeats):
            t0 = clock()
            g.preview(cmd)
            out[kind].append((clock() - t0) * 1000)
    return out


def bench_previews(
    commands: int = 400, seeds: int = 3, crowd_repeats: int = 40, rulesets: tuple[str, ...] = RULESETS
) -> dict[str, Any]:
    """``preview_ms_p95`` ({"<rule set>.<kind>": ms}), ``preview_counts`` (previews timed) and the maps
    played: ``seeds`` bot games of up to ``commands`` commands on each rule set's busiest map."""
    from game.assets import assets_dir

    times: dict[str, list[float]] = defaultdict(list)
    maps: dict[str, str] = {}
    for ruleset in rulesets:
        maps[ruleset] = BUSIEST[ruleset]
        for seed in range(1, seeds + 1):
            game = new_game(assets_dir("maps") / f"{BUSIEST[ruleset]}.tmx", seed)
            for kind, ms in timed_previews(game, commands).items():
                times[f"{ruleset}.{kind}"] += ms
    if "zombie40k" in rulesets:
        for kind, ms in crowd_previews(crowd_repeats).items():
            times[f"zombie40k.{kind}"] += ms
    return {
        "preview_ms_p95": {k: percentile(v, 95) for k, v in sorted(times.items())},
        "preview_counts": {k: len(v) for k, v in sorted(times.items())},
        "preview_maps": maps,
    }
