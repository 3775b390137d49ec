"""Outbreak campaigns: what a survivor group carries from one chapter into the next (issue 39).

The sources are silent on campaigns, so every carry rule here is a house rule (:data:`CARRIES` words
them for the rules help and the reference; the numbers live in ``outbreak.toml``'s ``[campaign]``).
A chapter is an ordinary game: :func:`muster` reads the finished game into a :class:`Force` (one
:class:`Veteran` per character, keyed by his name), :func:`chapter_options` writes the carried
characters into the next chapter's ``characters`` option (standing on the map's character figures, the
rest in the players' deploy zone) with the force itself under ``options["campaign"]``, and
:func:`set_up` (called by the new game) gives each character what he carried: a jammed gun, a bite,
and rolls the bitten's fever with the new game's own dice, into its log.

>>> [rule.key for rule in CARRIES]
['weapons', 'dead', 'bitten', 'bystanders']
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game.rules.contract import CarryRule, Force, Paragraph, Section, Veteran
from game.rules.core import CannotStart, Event, quoted
from game.rules.kit.campaign import OPTION, KitCampaign, played, riding
from game.rules.outbreak import events as ev
from game.rules.outbreak.data import load_data
from game.rules.outbreak.state import DEAD, EXITED, PLAYERS_WIN, STANDING, TURNED, Figure, ObState
from game.scenario.model import Scenario

if TYPE_CHECKING:
    from game.rules.outbreak.world import World


class OutbreakGame(Protocol):
    """What :func:`muster` reads of a finished chapter (an :class:`~game.rules.outbreak.game.OutbreakGame`,
    named here without importing it: the game imports this module to set a chapter up)."""

    options: dict[str, Any]
    scenario: Scenario
    log: list[Event]

    @property
    def state(self) -> ObState: ...


CHARACTER, JOINED = "Character", "Bystander who joined"
PUT_DOWN = "put down by the group: the bite turned them between chapters"  # the cause of his Killed event

CARRIES: tuple[CarryRule, ...] = (
    CarryRule(
        "weapons",
        "The characters who lived carry on with their weapons: each keeps his ranged and close combat weapon "
        "(the rules count no ammunition: a gun fires its shots every move), and a gun jammed when the chapter "
        "ended starts the next chapter still jammed (clearing it takes the usual 4-6). Without this rule each "
        "character starts a chapter with the default pistol and club.",
    ),
    CarryRule(
        "dead",
        "The dead stay dead: a character killed or turned is named in the campaign's record but never plays "
        "again; only those standing at the end, or out through the exit, go on. Without this rule the fallen "
        "come back for the next chapter.",
    ),
    CarryRule(
        "bitten",
        "The bitten carry the bite. A character who fought in the chapter's last move first rolls for the bite "
        "at the next chapter's start (a 1 on a D6: bitten), as the rules roll it at the start of a move. A "
        "bitten character then rolls a D6 for the fever: on a 1 he turned between chapters and the group had "
        "to put him down (he is dead); otherwise he plays, and turns at the start of the move twice the roll "
        "(a 3: move 6) unless the chapter ends first. Both rolls are the new game's own, in its log. Without "
        "this rule the bitten are cured between chapters.",
    ),
    CarryRule(
        "bystanders",
        "Rescued bystanders may join: a bystander led out through the exit, or still standing when the group "
        "won the chapter, joins the group as a character in the next chapter while the living characters are "
        "fewer than the group's starting size (the first chapter's characters) and his player has room, in "
        "the order they got out. He keeps his own weapons (a club when he had no close combat weapon) and joins "
        "the player with the fewest living characters (the lower number on a tie). The others stay behind.",
    ),
)
KEYS = frozenset(rule.key for rule in CARRIES)


def reference_section() -> Section:
    """The rules help's "Campaigns": what carries from chapter to chapter, from :data:`CARRIES`."""
    intro = Paragraph(
        "A campaign chains chapters, each an ordinary game on its own map: the group that lived through one "
        "plays the next, and the campaign file names the rules below that carry over (its carry list; all of "
        "them when it does not say). The sources are silent on campaigns: these are house rules."
    )
    rules = tuple(Paragraph(f"{rule.key}: {rule.words}", house=rule.house, kind="bullet") for rule in CARRIES)
    return Section("Campaigns", (intro, *rules))


# ---- after a chapter: the force ----------------------------------------------------------------


def kills_by_figure(game: OutbreakGame) -> dict[str, int]:
    """Zombies killed by each human figure of ``game`` (the cause of each kill names the killer)."""
    out: dict[str, int] = {}
    for e in game.log:
        if not isinstance(e, ev.Killed):
            continue
        f = game.state.figures.get(e.figure)
        if f is not None and f.is_zombie:
            killer = e.cause.split(" by ")[-1]
            out[killer] = out.get(killer, 0) + 1
    return out


def _figure_state(f: Figure) -> dict[str, Any]:
    """What a character carries: his weapons, a jammed gun, a bite (and a bite roll still to make)."""
    bitten = f.bitten and f.state != TURNED
    return {
        "ranged": f.ranged,
        "melee": f.melee,
        "jammed": bool(f.ranged) and f.jammed,
        "bitten": bitten,
        "bite_check": not bitten and (f.bite_check or f.fought),
    }


def _line(title: str, f: Figure, kills: int, put_down: bool = False) -> str:
    """His history line for this chapter, in the player's words: "The diner: 2 kills, got out, bitten"."""
    fate = {DEAD: "killed", TURNED: "turned", EXITED: "got out", STANDING: "still standing"}[f.state]
    if put_down:
        return f"{title}: put down before it began (the bite turned them between chapters)"
    words = [f"{kills} kill{'' if kills == 1 else 's'}", fate]
    if f.bitten and f.state != TURNED:
        words.append("bitten")
    if f.ranged and f.jammed and f.state not in (DEAD, TURNED):
        words.append(f"{f.ranged} jammed")
    kit = [w.replace("_", " ") for w in (f.ranged, f.melee) if w]
    if kit and f.state not in (DEAD, TURNED):  # what he carries on: the campaign screen lists no weapons else
        words.append(f"carries {' and '.join(kit)}")
    return f"{title}: {', '.join(words)}"


def _after(v: Veteran, f: Figure, kills: int, title: str, put_down: bool) -> Veteran:
    """``v`` as this chapter left him (his figure ``f``; ``put_down`` before it began)."""
    dead = f.state in (DEAD, TURNED)
    return played(v, _line(title, f, kills, put_down), kills, dead, state={**v.state, **_figure_state(f)})


def _first(f: Figure) -> Veteran:
    """A first chapter's character, before the chapter is counted."""
    return Veteran(f.name, f.name, f.player - 1, CHARACTER, {})


def _rescued(game: OutbreakGame) -> list[dict[str, Any]]:
    """The bystanders the group saved this chapter, in the order they got out (those still standing after
    a won chapter last), as plain data."""
    st = game.state
    order = [e.figure for e in game.log if isinstance(e, ev.Exited)]
    out = [st.figures[fid] for fid in order if fid in st.figures and not st.figures[fid].is_pc]
    if st.winner == PLAYERS_WIN:
        out += [n for n in st.npcs() if n.on_table and not n.bitten]
    title = game.scenario.title or Path(game.scenario.path).stem
    return [{"name": n.name, "ranged": n.ranged, "melee": n.melee, "chapter": title} for n in out]


def muster(game: OutbreakGame) -> Force:
    """The force as ``game`` ended: the carried veterans (or a first chapter's characters), each living one
    with this chapter's line, the dead marked, and the bystanders saved in the pool."""
    carried = carried_force(game.options)
    pcs = {f.name: f for f in game.state.pcs()}
    if carried is None:
        carried = Force(tuple(_first(f) for f in pcs.values()), {"players": game.state.players, "group": len(pcs)})
    kills = kills_by_figure(game)
    title = game.scenario.title or Path(game.scenario.path).stem
    put_down = {e.figure for e in game.log if isinstance(e, ev.Killed) and e.cause == PUT_DOWN}
    veterans = tuple(
        v
        if v.name not in pcs
        else _after(v, pcs[v.name], kills.get(pcs[v.name].id, 0), title, pcs[v.name].id in put_down)
        for v in carried.veterans
    )
    chapters = int(carried.pool.get("chapters", 0)) + 1
    return Force(veterans, {**carried.pool, "chapters": chapters, "rescued": _rescued(game)})


# ---- before a chapter: the options -------------------------------------------------------------


def carried_force(options: dict[str, Any]) -> Force | None:
    """The force under ``options["campaign"]`` (None when the game is no campaign chapter); CannotStart
    naming the option when it is not a campaign table of a force, its chapter and its carry rules."""
    raw = options.get("campaign")
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"force", "chapter", "carry"}:
        raise CannotStart("Option 'campaign' must be a table of the carried 'force', its 'chapter' and 'carry'.")
    carry = raw.get("carry", [])
    if not isinstance(carry, list) or not all(isinstance(k, str) and k in KEYS for k in carry):
        raise CannotStart(f"Option 'campaign': 'carry' must list carry rules from {', '.join(sorted(KEYS))}.")
    try:
        force = Force.from_data(raw.get("force"))
    except ValueError as exc:
        raise CannotStart(f"Option 'campaign': the carried force: {exc}.") from None
    check_force(force)
    return force


def check_force(force: Force) -> None:
    """CannotStart when ``force`` is not what :func:`muster` writes (a save or progress file may be hostile):
    each veteran's player and state, and the pool's numbers and rescued bystanders."""
    players = int(load_data().get("forces", "players_max"))
    kinds = {"ranged": str, "melee": str, "jammed": bool, "bitten": bool, "bite_check": bool}
    for v in force.veterans:
        if not 0 <= v.player < players:
            raise CannotStart(f"Option 'campaign': the carried character {v.name!r} has no player 1-{players}.")
        for key, value in v.state.items():
            if key not in kinds or not isinstance(value, kinds[key]):
                raise CannotStart(f"Option 'campaign': the carried character {v.name!r} has a bad {quoted(key)}.")
    for key in ("players", "group", "chapters"):
        value = force.pool.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
            raise CannotStart(f"Option 'campaign': the force's {key!r} is not a number, {quoted(value)}.")
    rescued = force.pool.get("rescued", [])
    fields = ("name", "ranged", "melee", "chapter")
    if (
        not isinstance(rescued, list)
        or len(rescued) > 200
        or not all(isinstance(b, dict) and all(isinstance(b.get(k, ""), str) for k in fields) for b in rescued)
    ):
        raise CannotStart("Option 'campaign': the force's 'rescued' is not a list of bystanders (name, weapons).")


def _join(force: Force, scenario: Scenario) -> Force:
    """The force with the rescued bystanders who may join made characters (the rule "bystanders")."""
    taken = {pl.name.strip().casefold() for pl in scenario.placements_of("npc")}  # the map's own bystanders
    veterans = list(force.veterans)
    for b, player, state in _joiners(force, taken):
        arms = " and ".join(w for w in (state["ranged"], state["melee"]) if w)
        line = f"{b.get('chapter') or 'Rescued'}: saved by the group, joined it with a {arms}"
        veterans.append(Veteran(b["name"], b["name"], player, JOINED, state, (line,)))
    return Force(tuple(veterans), {**force.pool, "rescued": []})


def _joiners(force: Force, taken: set[str]) -> list[tuple[dict[str, Any], int, dict[str, Any]]]:
    """The rescued bystanders who join, in order: each with his player (0-based) and what he carries. Those
    whose name is ``taken`` (casefolded) or the force's, or for whom there is no room, stay behind."""
    data = load_data()
    room = int(force.pool.get("group", len(force.veterans))) - len(force.living)
    per = int(data.get("forces", "characters_per_player_max"))
    taken = taken | {v.name.casefold() for v in force.veterans}
    veterans, out = list(force.veterans), []
    for b in force.pool.get("rescued", []):
        counts = _group_sizes(veterans, int(force.pool.get("players", 1)))
        player = min(range(len(counts)), key=lambda p: (counts[p], p))
        if room <= 0 or counts[player] >= per or str(b.get("name", "")).casefold() in taken:
            continue
        state = {"ranged": b["ranged"], "melee": b["melee"] or str(data.get("campaign", "joiner_melee"))}
        out.append((b, player, state))
        veterans.append(Veteran(b["name"], b["name"], player, JOINED, state))
        taken.add(b["name"].casefold())
        room -= 1
    return out


def notes(force: Force, carry: frozenset[str]) -> tuple[str, ...]:
    """The bystanders the group saved who will join it in the next chapter, and those left behind, in words
    (the end screen and the campaign screen: they showed nobody until the next chapter began).

    >>> saved = [{"name": "Lucy", "ranged": "", "melee": "", "chapter": "St. Jude's"}]
    >>> notes(Force((Veteran("Boone", "Boone", 0, CHARACTER, {}),), {"group": 4, "rescued": saved}),
    ...       frozenset({"bystanders"}))
    ('Joining the group in the next chapter: Lucy, with a club.',)
    """
    rescued = force.pool.get("rescued", [])
    if "bystanders" not in carry or not rescued:
        return ()
    joining = _joiners(force, set())
    names = {b["name"] for b, _, _ in joining}
    words = [
        f"{b['name']}, with a {' and a '.join(w for w in (st['ranged'], st['melee']) if w)}"
        for b, _, st in joining
    ]
    out = [f"Joining the group in the next chapter: {'; '.join(words)}."] if words else []
    behind = [str(b.get("name", "")) for b in rescued if b.get("name") not in names]
    if behind:
        out.append(f"Saved, but staying behind (no room in the group): {', '.join(behind)}.")
    return tuple(out)


def _group_sizes(veterans: list[Veteran], players: int) -> list[int]:
    """The living characters of each player (0-based)."""
    counts = [0] * max(players, 1 + max((v.player for v in veterans), default=0))
    for v in veterans:
        if not v.dead:
            counts[v.player] += 1
    return counts


def _as_carried(v: Veteran, carry: frozenset[str]) -> Veteran:
    """``v`` with what the campaign does not carry put back: the dead alive, the bite cured, weapons new."""
    data = load_data()
    state = dict(v.state)
    if "weapons" not in carry:
        state.update(ranged=data.get("forces", "default_ranged"), melee=data.get("forces", "default_melee"))
        state["jammed"] = False
    if "bitten" not in carry:
        state.update(bitten=False, bite_check=False)
    return replace(v, state=state, dead=v.dead and "dead" in carry)


def chapter_options(
    scenario: Scenario, options: dict[str, Any], force: Force, carry: frozenset[str]
) -> dict[str, Any]:
    """The next chapter's options: the chapter's own with the carried characters and, under "campaign",
    the force as carried. CannotStart when nobody is left alive to play it."""
    check_force(force)
    if "bystanders" in carry:
        force = _join(force, scenario)
    force = Force(tuple(_as_carried(v, carry) for v in force.veterans), {**force.pool, "rescued": []})
    living = force.living
    if not living:
        raise CannotStart(f"{Path(scenario.path).name}: nobody of the group is left alive to play this chapter.")
    groups = sorted({v.player for v in living})  # a player whose group is all dead sits this chapter out
    figures = [pl.id for pl in scenario.placements_of("character")]
    characters = [
        _character(v, groups.index(v.player) + 1, figures[i] if i < len(figures) else None)
        for i, v in enumerate(living)
    ]
    return {**options, "players": len(groups), "characters": characters, OPTION: riding(force, carry)}


def _character(v: Veteran, player: int, figure: int | None) -> dict[str, Any]:
    """One entry of the ``characters`` option for a carried character. A close combat weapon of a name the
    tables do not list (a map's pitchfork) is club-type, as the rules read it: he plays it as a club."""
    melee = str(v.state.get("melee") or "none")
    if melee != "none" and melee not in load_data().melee_weapons:
        melee = "club"
    out: dict[str, Any] = {
        "name": v.name,
        "player": player,
        "ranged": v.state.get("ranged") or "none",
        "melee": melee,
    }
    if figure is not None:
        out["figure"] = figure
    return out


# ---- the new chapter's set-up ------------------------------------------------------------------


def set_up(world: World, options: dict[str, Any]) -> None:
    """Give each carried character what he carried (a jammed gun, a bite) and roll the bitten's fever; nothing
    when ``options`` hold no campaign (the game plays as any other)."""
    force = carried_force(options)
    if force is None:
        return
    by_name = {v.name.casefold(): v for v in force.living}
    for f in world.state.pcs():
        v = by_name.get(f.name.casefold())
        if v is None:
            raise CannotStart(f"Option 'campaign': the character {f.name!r} is not one of the carried force.")
        f.jammed = bool(f.ranged) and bool(v.state.get("jammed"))
        f.bitten = bool(v.state.get("bitten"))
    for f in sorted(world.state.pcs(), key=lambda f: f.id):
        v = by_name[f.name.casefold()]
        if v.state.get("bite_check") and not f.bitten:
            _bite_roll(world, f)
        if f.bitten:
            _fever(world, f)


def _bite_roll(world: World, f: Figure) -> None:
    """The bite roll he had still to make after his last fight (rules: Bites)."""
    roll = world.d6(f"{f.id} bitten? (the last fight before this chapter)")
    f.bitten = roll <= int(world.data.get("bites", "bitten_on"))
    world.explain(f"D6 = {roll}: {f.id} {'was bitten in the last fight' if f.bitten else 'was not bitten'}")
    world.emit(ev.BiteRolled(f.id, roll, f.bitten))


def _fever(world: World, f: Figure) -> None:
    """The bitten character's roll between chapters: put down, or the move he turns at."""
    roll = world.d6(f"{f.id} fever (between chapters)")
    if roll <= int(world.data.get("campaign", "put_down_on")):
        world.explain(f"D6 = {roll}: {f.id} turned between chapters, and the group had to put the body down")
        world.kill(f, PUT_DOWN)
        return
    f.turns_on = roll * int(world.data.get("campaign", "turns_after"))
    world.explain(f"D6 = {roll}: {f.id} holds on, and turns at the start of move {f.turns_on}")


CAMPAIGN = KitCampaign(CARRIES, muster, chapter_options, notes)  # Outbreak's CampaignRules
