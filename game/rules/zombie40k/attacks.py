"""One attack sequence, shooting or close combat [7th]: roll to hit, roll to wound (S against the target's
majority T), then each wound goes on the closest model first: one save (armour unless the AP beats it, else
invulnerable or cover), Instant Death when S is at least double T, else Feel No Pain.

:func:`roll_hits`, :func:`roll_wounds` and :func:`allocate` roll it; :mod:`.odds` computes the same sequence
exactly, without rolling, for previews. Both read the same numbers from :func:`wound_faces` and
:func:`model_saves`, and the same re-rolls (:func:`hit_rerolls`, :func:`wound_rerolls`, a model's ``Saves``:
:mod:`.rerolls`), so they cannot drift apart. The add-ons change it through ``world.hooks``: a re-roll of
what still fails (``reroll``), a to-hit they roll themselves (``roll_hits``), an unsaved wound ignored
(``ignore_wound``); :func:`direct_wounds` takes a wound for each hit where ``direct`` says so. The log tells
an allocation's saves (by kind: armour, invulnerable, cover) and Feel No Pain rolls before the wounds and
deaths they left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.core import DiceRolled
from game.rules.zombie40k import charts, rerolls
from game.rules.zombie40k.events import AttackStep
from game.rules.zombie40k.state import Model, Unit

NORMAL, AP2 = "normal", "ap2"


@dataclass(frozen=True)
class Pool:
    """A handful of identical attacks (one weapon in one kind of hands) at one target unit."""

    label: str
    attacks: int
    need_hit: int  # the D6 to hit; 0 hits automatically (blasts, templates, Hammer of Wrath)
    s: int
    ap: int  # 0 is AP "-"
    reroll_hit: str = ""  # "" | "ones" | "fail"
    reroll_wound: str = ""
    rending: bool = False  # a 6 to wound wounds automatically at AP 2
    six_ap2: bool = False  # Bladestorm: a 6 to wound is AP 2
    six_wounds: bool = False  # Gauss: a 6 to wound always wounds
    poison: int = 0  # Poisoned (X+)
    graviton: int = 0  # Graviton: the D6 to wound is this (the target's armour save), whatever S and T
    fleshbane: bool = False
    ignores_cover: bool = False
    gets_hot: bool = False
    shooters: tuple[str, ...] = ()
    weapon: str = ""
    direct: bool = False  # each hit takes a wound: no roll to wound, no save, cover or FNP (power-ups)


@dataclass(frozen=True)
class Saves:
    """What protects one model: its save against each AP, Instant Death's threshold, FNP and wounds, and the
    re-rolls of its saves and Feel No Pain rolls (the dice and the odds read the same)."""

    fid: str
    sv: int
    inv: int
    cover: int
    t: int
    w: int  # the wounds it has left (the odds kill a wounded Boss with fewer)
    fnp: int
    eternal: bool
    save_rerolls: tuple[rerolls.Reroll, ...] = ()
    fnp_rerolls: tuple[rerolls.Reroll, ...] = ()

    def save(self, ap: int, cover_ok: bool = True) -> int:
        return self.save_taken(ap, cover_ok)[0]

    def save_taken(self, ap: int, cover_ok: bool = True) -> tuple[int, str]:
        """The save's need and its kind (armour, invulnerable, cover)."""
        return charts.save_taken(self.sv, ap, self.inv, self.cover if cover_ok else 0)

    def instant_death(self, s: int) -> bool:
        return not self.eternal and s >= 2 * self.t


def wound_need(data, pool: Pool, t: int) -> int:  # type: ignore[no-untyped-def]
    """The D6 to wound: the chart, Fleshbane 2+, Poisoned when better, Graviton the target's save [7th]."""
    if pool.graviton:
        return pool.graviton
    need = 2 if pool.fleshbane else charts.to_wound(data, pool.s, t)
    if pool.poison and (need == 0 or need > pool.poison):
        need = pool.poison
    return need


def graviton_need(sv: int) -> int:
    """A Graviton weapon's D6 to wound against an armour save of ``sv`` (0: none): the save, at worst 6+
    [7th: "equal to the armour save of the target, to a minimum of 6+"].

    >>> graviton_need(3), graviton_need(0), graviton_need(2)
    (3, 6, 2)
    """
    return sv if 2 <= sv <= 6 else 6


def wound_faces(pool: Pool, need: int) -> dict[int, str | None]:
    """What each face of a to-wound die does: None (no wound), NORMAL or AP2."""
    out: dict[int, str | None] = {}
    for face in range(1, 7):
        kind: str | None = NORMAL if need and face >= max(2, need) else None
        if face == 6:
            if pool.rending:
                kind = AP2
            elif pool.six_ap2 and kind:
                kind = AP2
            elif pool.six_wounds:
                kind = NORMAL
        out[face] = kind
    return out


def hit_faces(pool: Pool) -> set[int]:
    return {f for f in range(2, 7) if f >= pool.need_hit}


def model_saves(world, m: Model, cover: int) -> Saves:  # type: ignore[no-untyped-def]
    p = world.profile(m)
    fnp = p.fnp
    if world.model_has(m, "Feel No Pain"):
        fnp = min(fnp, 5) if fnp else 5
    unit = world.state.units[m.unit]
    return Saves(
        m.id,
        p.sv,
        p.inv,
        cover,
        p.t,
        max(1, m.wounds) if m.alive else p.w,
        fnp,
        world.model_has(m, "Eternal Warrior"),
        rerolls.of(world, unit, "", "save"),
        rerolls.of(world, unit, "", "fnp"),
    )


@dataclass
class Result:
    hits: int = 0
    wounds: int = 0
    unsaved: int = 0
    killed: list[str] = field(default_factory=list)


def roll_hits(world, unit: Unit, target: Unit, pool: Pool) -> tuple[int, list[int]]:  # type: ignore[no-untyped-def]
    """Roll to hit (with re-rolls); the hits and the faces of the first roll (for Gets Hot)."""
    taken = world.hooks.roll_hits(world, unit, target, pool)  # (a power-up Chainsaw rolls its own)
    if taken is not None:
        return taken, []
    if pool.need_hit == 0:
        return pool.attacks, []
    good = hit_faces(pool)
    what = f"to hit {pool.need_hit}+"
    faces = world.d6s(pool.attacks, f"{unit.id} to hit ({pool.label})", "")
    _mean(world, faces, what, good)
    final, note = _reroll(world, unit, pool, what, list(faces), good, hit_rerolls(world, unit, pool))
    hits = sum(f in good for f in final)
    world.emit(AttackStep(unit.id, target.id, pool.label, "hit", pool.need_hit, pool.attacks, hits, note))
    return hits, faces


def hit_rerolls(world, unit: Unit, pool: Pool) -> tuple[rerolls.Reroll, ...]:  # type: ignore[no-untyped-def]
    """The re-rolls of ``pool``'s to-hit, in order (the dice and the previews read the same list)."""
    return rerolls.of(world, unit, pool.reroll_hit, "hit")


def wound_rerolls(world, unit: Unit, pool: Pool) -> tuple[rerolls.Reroll, ...]:  # type: ignore[no-untyped-def]
    """The re-rolls of ``pool``'s to-wound, in order."""
    return rerolls.of(world, unit, pool.reroll_wound, "wound")


def _reroll(  # type: ignore[no-untyped-def]
    world, unit: Unit, pool: Pool, what: str, faces: list[int], good: set[int], stages: Sequence[rerolls.Reroll]
) -> tuple[list[int], str]:
    """Roll again, re-roll by re-roll, the dice each takes (``what``: "to hit 4+"); the final faces and the
    log's note on the last plug-in re-roll ("2 re-rolled: Blessing of Chuck Norris")."""
    note = ""
    step = " ".join(what.split(" ")[:2])  # "to hit", "to wound"
    for r in stages:
        again = [i for i, f in enumerate(faces) if r.takes(f, good)]
        if not again:
            continue
        new = world.d6s(len(again), f"{unit.id} re-roll {step} ({r.why or pool.label})")
        _mean(world, new, f"re-roll {what}", good)
        for i, f in zip(again, new):
            faces[i] = f
        if r.why:
            note = _reroll_note(len(new), r.why).strip(" ()")
    return faces, note


def roll_wounds(world, unit: Unit, target: Unit, pool: Pool, hits: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Roll to wound; the wounds caused, each NORMAL or AP2."""
    if hits <= 0:
        return []
    need = wound_need(world.data, pool, world.majority(target, "t"))
    table = wound_faces(pool, need)
    good = {f for f, k in table.items() if k}
    what = f"to wound {need}+" if need else "cannot wound"
    faces = world.d6s(hits, f"{unit.id} to wound ({pool.label})")
    _mean(world, faces, what, good)
    stages = wound_rerolls(world, unit, pool) if need else ()
    final, note = _reroll(world, unit, pool, f"to wound {need}+", list(faces), good, stages)
    out = [table[f] for f in final if table[f]]
    world.emit(AttackStep(unit.id, target.id, pool.label, "wound", need, hits, len(out), note))
    # NORMAL wounds are allocated before AP 2 ones (the odds take them in the same order)
    return sorted((k for k in out if k), key=lambda k: k == AP2)  # type: ignore[misc]


@dataclass
class _Tally:
    """The saving throws of one kind and need (or the Feel No Pain rolls) of one allocation, for the dice
    tray and the log."""

    kind: str = ""  # a save's: armour, invulnerable, cover
    need: int = 0
    faces: list[int] = field(default_factory=list)
    made: int = 0
    rerolled: int = 0  # the re-rolls among the faces
    why: str = ""  # what re-rolled them
    denied: int = 0  # wounds whose armour the AP beat, with no other save to take (kind "no save")


Tallies = dict[str, _Tally]  # by kind and need ("cover 4"; Feel No Pain by need: "5")


def allocate(
    world,  # type: ignore[no-untyped-def]
    unit: Unit,
    target: Unit,
    pool: Pool,
    wounds: Sequence[str],
    order: Sequence[str],
    covers: dict[str, int],
    cause: str,
) -> Result:
    """Each wound on the closest living model of ``order`` first: save, Instant Death, FNP [7th]. The log
    tells the saves (by kind) and the Feel No Pain rolls before what they left: the wounds and the dead."""
    res = Result(wounds=len(wounds))
    saves: Tallies = {}
    fnps: Tallies = {}
    start = len(world.events)
    for kind in wounds:
        # (a model that joined the horde - Dead Men Walking - is no longer the target's)
        m = next(
            (world.model(f) for f in order if world.model(f).alive and world.model(f).unit == target.id), None
        )
        if m is None:
            break  # no model left to take it: the wound is lost
        _take_wound(world, target, pool, kind, m, covers.get(m.id, 0), res, saves, fnps, cause)
    after = world.events[start:]
    del world.events[start:]
    for t in saves.values():
        _tell(world, unit, target, pool, "save", t)
    for t in fnps.values():
        _tell(world, unit, target, pool, "fnp", t)
    world.events.extend(after)  # the dice first, then what they did
    return res


def _take_wound(  # type: ignore[no-untyped-def]
    world,
    target: Unit,
    pool: Pool,
    kind: str,
    m: Model,
    cover: int,
    res: Result,
    saves: Tallies,
    fnps: Tallies,
    cause: str,
) -> None:
    """One wound on ``m``: its save, Instant Death, Feel No Pain, then a plug-in's way to ignore it."""
    sv = model_saves(world, m, cover)
    ap = 2 if kind == AP2 else pool.ap
    need, save = sv.save_taken(ap, not pool.ignores_cover)
    if not need and sv.sv:  # his armour would have saved but for the AP: the log says so (a Rending 6)
        denied = saves.setdefault(f"no save {kind} {sv.sv}", _Tally(NO_SAVE, sv.sv, why=_denied(kind, ap, sv.sv)))
        denied.denied += 1
    tally = saves.setdefault(f"{save} {need}", _Tally(save, need))
    if need and _made(world, m, need, f"save {need}+", sv.save_rerolls, tally):
        return
    res.unsaved += 1
    if sv.instant_death(pool.s):
        if world.hooks.ignore_wound(world, m, True):
            res.unsaved -= 1
        else:
            world.kill(m, f"{cause} (Instant Death)")
            res.killed.append(m.id)
        return
    tally = fnps.setdefault(str(sv.fnp), _Tally("", sv.fnp))
    if sv.fnp and _made(world, m, sv.fnp, f"Feel No Pain {sv.fnp}+", sv.fnp_rerolls, tally):
        res.unsaved -= 1
        return
    if world.hooks.ignore_wound(world, m, False):  # after Feel No Pain, so a Medpack is not spent for nothing
        res.unsaved -= 1
        return
    if world.wound(m, cause):
        res.killed.append(m.id)


NO_SAVE = "no save"  # an AttackStep of the wounds the AP left with no save


def _denied(kind: str, ap: int, armour: int) -> str:
    """Why a wound has no save: ``a 6 to wound is AP 2, beating 3+ armour``.

    >>> _denied(AP2, 2, 3), _denied(NORMAL, 3, 4)
    ('a 6 to wound is AP 2, beating 3+ armour', 'AP 3 beats 4+ armour')
    """
    if kind == AP2:
        return f"a 6 to wound is AP 2, beating {armour}+ armour"
    return f"AP {ap} beats {armour}+ armour"


def _made(  # type: ignore[no-untyped-def]
    world, m: Model, need: int, what: str, again: Sequence[rerolls.Reroll], tally: _Tally
) -> bool:
    """One save (or Feel No Pain) die (``what``: "save 4+"), rolled again by each re-roll while it fails;
    True when made."""
    good = rerolls.needed(need)
    face = world.dice.d6(f"{m.id} {what}")
    tally.faces.append(face)
    for r in again:
        if r.takes(face, good):
            face = world.dice.d6(f"{m.id} re-roll {what} ({r.why})")
            tally.faces.append(face)
            tally.rerolled += 1
            tally.why = r.why
    if face in good:
        tally.made += 1
        return True
    return False


def _tell(world, unit: Unit, target: Unit, pool: Pool, step: str, tally: _Tally) -> None:  # type: ignore[no-untyped-def]
    """One kind of the allocation's saves (``step`` "save") or its Feel No Pain rolls ("fnp"), with the
    faces rolled: the dice tray and the log; the wounds the AP left with no save are told too."""
    if tally.denied:
        world.emit(AttackStep(unit.id, target.id, pool.label, NO_SAVE, 0, tally.denied, 0, tally.why))
    if not tally.faces:
        return
    n = len(tally.faces) - tally.rerolled
    note = _reroll_note(tally.rerolled, tally.why)
    rolled = f"rolled {' '.join(map(str, tally.faces))}"
    if step == "save":
        purpose = f"{target.id} {tally.kind} saves ({pool.label})"
        words = f"{tally.kind} saves: {tally.made} of {n} made on {tally.need}+ ({rolled}){note}"
    else:
        purpose = f"{target.id} Feel No Pain"
        words = f"Feel No Pain: {tally.made} of {n} ignored on {tally.need}+ ({rolled}){note}"
    world.emit(DiceRolled(purpose, "D6", tuple(tally.faces), tally.made, words))
    step_note = note.strip(" ()")
    world.emit(AttackStep(unit.id, target.id, pool.label, step, tally.need, n, tally.made, step_note, tally.kind))


def direct_wounds(  # type: ignore[no-untyped-def]
    world, unit: Unit, target: Unit, label: str, n: int, order: Sequence[str], cause: str
) -> Result:
    """Each hit takes a wound off the closest model: no save, cover or Feel No Pain (where the hooks'
    ``direct`` says so: the power-up Shotgun and Chainsaw at zombies [seed])."""
    res = Result(hits=n, wounds=n)
    for _ in range(n):
        m = next((world.model(f) for f in order if world.model(f).alive), None)
        if m is None:
            m = next(iter(world.alive(target)), None)
        if m is None:
            break
        res.unsaved += 1
        if world.wound(m, f"{cause} ({label})"):
            res.killed.append(m.id)
    world.emit(AttackStep(unit.id, target.id, label, "wound", 0, n, res.unsaved, "no save or Feel No Pain"))
    return res


def _reroll_note(n: int, why: str) -> str:
    """`` (2 re-rolled: Blessing of Chuck Norris)``, or "" when nothing was re-rolled."""
    return f" ({n} re-rolled: {why})" if n else ""


def gets_hot(world, pool: Pool, first_faces: list[int]) -> None:  # type: ignore[no-untyped-def]
    """Each to-hit 1 of a Gets Hot weapon wounds its firer; armour or invulnerable save [7th]."""
    ones = sum(f == 1 for f in first_faces)
    shooters = [s for s in pool.shooters if world.model(s).alive]
    for k in range(ones):
        if not shooters:
            return
        m = world.model(shooters[k % len(shooters)])
        if not m.alive:
            continue
        sv = model_saves(world, m, 0)
        need = sv.save(pool.ap, False)
        if need:
            face = world.d6(f"{m.id} Gets Hot save {need}+")
            if face != 1 and face >= need:
                continue
        world.wound(m, f"{m.unit} {pool.label} got hot")


def _mean(world, faces: list[int], what: str, good: set[int]) -> None:  # type: ignore[no-untyped-def]
    """Rewrite the last DiceRolled's meaning with what the handful did and its faces (the tray, the log)."""
    if not faces or not world.events:
        return
    last = world.events[-1]
    if isinstance(last, DiceRolled):
        n = sum(f in good for f in faces)
        rolled = " ".join(map(str, faces))
        world.events[-1] = DiceRolled(
            last.purpose, last.kind, last.faces, last.total, f"{what}: {n} of {len(faces)} (rolled {rolled})"
        )
