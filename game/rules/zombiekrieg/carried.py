"""A campaign chapter's carried force (rules: Campaigns): what the game option ``campaign`` brings from the
chapter before, checked, and the soldiers it sets up.

The sources say only that a Critical Failure lowers GUTS "for good"; the rest is the club's [house], its numbers
in ``zombiekrieg.toml`` (``[campaign]``):

- GUTS: each soldier starts the chapter with the GUTS the last one left him.
- The dead stay dead.
- The cut off: Zombiekrieg wounds nobody (a failed melee test kills), so the campaign's wounded are the men
  still on the table when a chapter is lost. Each rolls a D6 at the next chapter's set-up: on ``rejoin_on`` or
  more he is back; else he misses that chapter and rolls again before the next.
- Replacements: a section with fewer men ready than ``replacements_up_to`` gets green riflemen up to that many,
  each rolling his starting GUTS as a new soldier does, changed by ``green_guts`` (none as shipped).
- Field promotion: a section with no NCO makes its soldier with the highest GUTS Corporal.
- The horde grows: ``horde_growth`` more zombies per Allied figure for each chapter after the first, never above
  ``horde_cap``.

Every roll is the new game's own (logged as ``DiceRolled``), so a replay rolls them again. A game without the
option plays as before. The option's value is ``{"force": Force.to_data(), "chapter": n, "carry": [keys]}``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.rules.contract import CarryRule, Force, Veteran
from game.rules.core import CannotStart, DiceRolled
from game.rules.zombiekrieg.data import ZkData
from game.rules.zombiekrieg.forces import deployment, put_soldier
from game.rules.zombiekrieg.state import ALLIES, Figure, Section
from game.rules.zombiekrieg.world import World

OPTION = "campaign"
MAX_CHAPTER = 32  # a campaign file holds at most 32 chapters
ROLES = ("sergeant", "corporal", "rifleman", "smg", "lmg")
_FID = re.compile(r"[a-z]{1,4}[1-4]-[a-z0-9]{1,8}")


def carry_rules(data: ZkData) -> tuple[CarryRule, ...]:
    """What a Zombiekrieg section carries from chapter to chapter, in words with the data file's numbers."""
    c = data.raw["campaign"]
    return (
        CarryRule("guts", "Each soldier starts a chapter with his GUTS as the last chapter ended them.", False),
        CarryRule("dead", "The dead stay dead: a soldier killed in a chapter never plays again."),
        CarryRule(
            "wounded",
            "Zombiekrieg wounds nobody (a failed melee test kills), so the men still on the table when a chapter "
            f"is lost are cut off: at the next chapter's set-up each rolls a D6 and rejoins on {c['rejoin_on']}+; "
            "otherwise he misses that chapter and rolls again before the next.",
        ),
        CarryRule(
            "replacements",
            f"A section with fewer than {c['replacements_up_to']} men ready gets green riflemen up to "
            f"{c['replacements_up_to']}; each rolls his starting GUTS as a new soldier does"
            + (f", {c['green_guts']:+d} for being green." if c["green_guts"] else "."),
        ),
        CarryRule(
            "promotion",
            "A section that starts a chapter with no Sergeant or Corporal makes its soldier with the highest "
            "GUTS a Corporal (ties: the longest serving).",
        ),
        CarryRule(
            "horde",
            f"The horde grows: {c['horde_growth']:g} more zombies per Allied figure for each chapter after the "
            f"first, never above {c['horde_cap']:g} to one.",
        ),
    )


@dataclass(frozen=True)
class Carried:
    """The ``campaign`` option, checked: the force, this chapter's number (1 is the first) and the carry
    rules that apply."""

    force: Force
    chapter: int
    carry: frozenset[str]
    nations: tuple[str, ...]  # each player's section


def read(data: ZkData, options: dict[str, Any]) -> Carried | None:
    """The carried force of the options, or None; :class:`CannotStart` saying what is wrong with it (a save
    or a campaign's progress file may be hostile)."""
    value = options.get(OPTION)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise CannotStart("The option 'campaign' is not a table of the carried force, chapter and carry rules.")
    try:
        force = Force.from_data(value.get("force"))
    except ValueError as e:
        raise CannotStart(f"The carried force (option 'campaign') is not readable: {e}.") from None
    chapter, carry = value.get("chapter", 1), value.get("carry", [])
    if not isinstance(chapter, int) or isinstance(chapter, bool) or not 1 <= chapter <= MAX_CHAPTER:
        raise CannotStart(f"The option 'campaign': 'chapter' is a number from 1 to {MAX_CHAPTER}.")
    known = [r.key for r in carry_rules(data)]
    if not isinstance(carry, list) or not all(isinstance(k, str) and k in known for k in carry):
        raise CannotStart(f"The option 'campaign': 'carry' lists some of {', '.join(known)}.")
    nations = _check_force(data, force)
    return Carried(force, chapter, frozenset(carry), nations)


def _check_force(data: ZkData, force: Force) -> tuple[str, ...]:
    """Each player's nation; :class:`CannotStart` naming the first veteran whose state is wrong."""
    nations: dict[int, str] = {}
    fids: set[str] = set()
    for i, v in enumerate(force.veterans, 1):
        problem = _veteran_problem(data, v, nations, fids)
        if problem:
            raise CannotStart(f"The carried force (option 'campaign'), veteran {i} ({v.name[:40]!r}): {problem}.")
        nations.setdefault(v.player, v.state["nation"])
        fids.add(v.state["fid"])
    if sorted(nations) != list(range(len(nations))) or not nations:
        raise CannotStart("The carried force (option 'campaign') names no soldier of some player's section.")
    if len({v.key for v in force.veterans}) != len(force.veterans):
        raise CannotStart("The carried force (option 'campaign') names two soldiers alike.")
    return tuple(nations[p] for p in sorted(nations))


def _veteran_problem(data: ZkData, v: Veteran, nations: dict[int, str], fids: set[str]) -> str:
    """What is wrong with one carried soldier ("" when nothing)."""
    s, lo, hi = v.state, int(data.raw["guts"]["min"]), int(data.raw["guts"]["max"])
    if len(v.key) > 40 or len(v.name) > 60:
        return "his name is longer than 40 letters (60 with his rank)"
    if not 0 <= v.player <= 3:
        return "his player is not 1 to 4"
    if s.get("nation") not in data.sections or nations.get(v.player, s["nation"]) != s["nation"]:
        return "his nation is not one of his section's"
    if not isinstance(s.get("fid"), str) or not _FID.fullmatch(s["fid"]) or s["fid"] in fids:
        return "his figure id is missing, malformed or taken"
    if s.get("role") not in ROLES or s.get("weapon") not in data.weapons:
        return "his role or weapon is unknown"
    for key in ("guts", "guts_first"):
        g = s.get(key)
        if not isinstance(g, int) or isinstance(g, bool) or not lo <= g <= hi:
            return f"his {key} is not a number from {lo} to {hi}"
    if not isinstance(s.get("cut_off", False), bool):
        return "'cut_off' is not true/false"
    return ""


@dataclass
class Recruit:
    """A soldier to set up: a veteran (``key`` his name) or a green replacement (``key`` empty)."""

    fid: str
    role: str
    weapon: str
    guts: int
    key: str = ""


def raise_force(world: World, carried: Carried) -> dict[str, str]:
    """Set the carried sections up (the rolls between chapters by the game's dice, logged) and deploy them;
    each veteran's figure id -> his name."""
    rosters: list[list[Recruit]] = [[] for _ in carried.nations]
    for v in carried.force.veterans:
        if _plays(world, v, carried):
            s = v.state
            guts = s["guts"] if "guts" in carried.carry else s["guts_first"]
            rosters[v.player].append(Recruit(s["fid"], s["role"], s["weapon"], guts, v.key))
    taken = {v.state["fid"] for v in carried.force.veterans}
    for player, roster in enumerate(rosters):
        if "replacements" in carried.carry:
            _replace(world, player, carried.nations[player], roster, taken)
        if "promotion" in carried.carry:
            _promote(roster)
        if not roster:
            raise CannotStart(f"Player {player + 1}'s section has nobody left to play this chapter.")
    _deploy(world, carried.nations, rosters)
    return {r.fid: r.key for roster in rosters for r in roster if r.key}


def _plays(world: World, v: Veteran, carried: Carried) -> bool:
    """Whether a veteran plays this chapter: not dead (while the dead stay dead), and a cut-off man only
    when his D6 to rejoin makes it (while the cut off roll)."""
    if v.dead:
        return "dead" not in carried.carry
    if not v.state.get("cut_off") or "wounded" not in carried.carry:
        return True
    need = int(world.data.raw["campaign"]["rejoin_on"])
    back = "fights his way back to the section", "is still cut off and misses this chapter"
    face = _roll(world, f"{v.name}, cut off, rejoins on {need}+", lambda n: f"{v.name} {back[n < need]}")
    return face >= need


def _roll(world: World, purpose: str, says: Callable[[int], str]) -> int:
    """A D6 between chapters, logged with what its face means (``says(face)``)."""
    r = world.dice.roll(1, purpose)
    world.emit(DiceRolled(purpose, r.kind, r.faces, r.total, f"D6 = {r.total}: {says(r.total)}"))
    return r.total


def _replace(world: World, player: int, nation: str, roster: list[Recruit], taken: set[str]) -> None:
    """Green riflemen for a section short of men, each rolling his starting GUTS (changed for being green)."""
    data = world.data
    want = int(data.raw["campaign"]["replacements_up_to"])
    rifle = next(m.weapon for m in data.sections[nation].members if m.role == "rifleman")
    prefix = f"{data.sections[nation].prefix}{player + 1}"
    n = 0
    while len(roster) < want:
        n += 1
        fid = f"{prefix}-g{n}"
        if fid in taken:
            continue
        face = _roll(world, f"{fid} starting GUTS (green)", _green_words(data, fid))
        roster.append(Recruit(fid, "rifleman", rifle, _green(data, face)))
        taken.add(fid)


def _green_words(data: ZkData, fid: str) -> Callable[[int], str]:
    """What a green replacement's D6 means, for the log."""
    return lambda face: f"{fid}, green, starts with GUTS {_green(data, face)}"


def _green(data: ZkData, face: int) -> int:
    """A green replacement's starting GUTS for his D6: a new soldier's, changed by ``green_guts``, within the
    bounds GUTS keeps."""
    guts = data.starting_guts(face) + int(data.raw["campaign"]["green_guts"])
    return max(int(data.raw["guts"]["min"]), min(int(data.raw["guts"]["max"]), guts))


def _promote(roster: list[Recruit]) -> None:
    """A section with no NCO: the soldier with the highest GUTS (the first listed of equals) is made Corporal."""
    if roster and not any(r.role in ROLES[:2] for r in roster):
        max(roster, key=lambda r: r.guts).role = "corporal"


def _deploy(world: World, nations: tuple[str, ...], rosters: list[list[Recruit]]) -> None:
    """Stand every section in its deploy zone, as a first chapter does."""
    data = world.data
    names = [data.sections[n].name for n in nations]
    plan = deployment(world, [len(r) for r in rosters], names)
    for player, (nation, roster) in enumerate(zip(nations, rosters, strict=True), start=1):
        world.state.sections.append(Section(player, nation, f"{data.sections[nation].prefix}{player}"))
        for r, p in zip(roster, plan[player - 1], strict=True):
            f = Figure(r.fid, ALLIES, p, 0.0, 0.0, player, nation, r.role, r.weapon, r.guts, r.guts)
            put_soldier(world, f)


def horde_growth(data: ZkData, carried: Carried | None, ratio: float) -> float:
    """Zombies per Allied figure added to ``ratio`` in this chapter (0 outside a campaign, in its first
    chapter, or without the horde carry rule)."""
    if carried is None or "horde" not in carried.carry:
        return 0.0
    c = data.raw["campaign"]
    return max(0.0, min(float(c["horde_growth"]) * (carried.chapter - 1), float(c["horde_cap"]) - ratio))
