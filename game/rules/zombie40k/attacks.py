"""One attack sequence, shooting or close combat [7th]: roll to hit, roll to wound (S against the target's
majority T), then each wound goes on the closest model first: one save (armour unless the AP beats it, else
invulnerable or cover), Instant Death when S is at least double T, else Feel No Pain.

:func:`resolve` rolls it; :mod:`.odds` computes the same sequence exactly, without rolling, for previews.
Both read the same numbers from :func:`wound_faces` and :func:`model_saves`, so they cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.rules.core import DiceRolled
from game.rules.zombie40k import charts, power_ups
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
    fleshbane: bool = False
    ignores_cover: bool = False
    gets_hot: bool = False
    shooters: tuple[str, ...] = ()
    weapon: str = ""
    direct: bool = False  # each hit takes a wound: no roll to wound, no save, cover or FNP (power-ups)


@dataclass(frozen=True)
class Saves:
    """What protects one model: its save against each AP, Instant Death's threshold, FNP and wounds."""

    fid: str
    sv: int
    inv: int
    cover: int
    t: int
    w: int
    fnp: int
    eternal: bool

    def save(self, ap: int, cover_ok: bool = True) -> int:
        return charts.best_save(self.sv, ap, self.inv, self.cover if cover_ok else 0)

    def instant_death(self, s: int) -> bool:
        return not self.eternal and s >= 2 * self.t


def wound_need(data, pool: Pool, t: int) -> int:  # type: ignore[no-untyped-def]
    """The D6 to wound: the chart, Fleshbane 2+, Poisoned when better [7th]."""
    need = 2 if pool.fleshbane else charts.to_wound(data, pool.s, t)
    if pool.poison and (need == 0 or need > pool.poison):
        need = pool.poison
    return need


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
    return Saves(m.id, p.sv, p.inv, cover, p.t, p.w, fnp, world.model_has(m, "Eternal Warrior"))


@dataclass
class Result:
    hits: int = 0
    wounds: int = 0
    unsaved: int = 0
    killed: list[str] = field(default_factory=list)


def roll_hits(world, unit: Unit, target: Unit, pool: Pool) -> tuple[int, list[int]]:  # type: ignore[no-untyped-def]
    """Roll to hit (with re-rolls); the hits and the faces of the first roll (for Gets Hot)."""
    if pool.need_hit == 0:
        return pool.attacks, []
    good = hit_faces(pool)
    faces = world.d6s(pool.attacks, f"{unit.id} to hit ({pool.label})", "")
    _mean(world, faces, f"to hit {pool.need_hit}+", good)
    hits = sum(f in good for f in faces)
    if pool.reroll_hit:
        again = [f for f in faces if f not in good and (pool.reroll_hit == "fail" or f == 1)]
        if again:
            faces2 = world.d6s(len(again), f"{unit.id} re-roll to hit ({pool.label})")
            _mean(world, faces2, f"re-roll to hit {pool.need_hit}+", good)
            hits += sum(f in good for f in faces2)
    note = ""
    if hits < pool.attacks and power_ups.blessed(world, unit):  # every die still failing, once more
        faces3 = world.d6s(pool.attacks - hits, f"{unit.id} re-roll to hit (Blessing of Chuck Norris)")
        _mean(world, faces3, f"re-roll to hit {pool.need_hit}+", good)
        hits += sum(f in good for f in faces3)
        note = _blessed_note(len(faces3)).strip(" ()")
    world.emit(AttackStep(unit.id, target.id, pool.label, "hit", pool.need_hit, pool.attacks, hits, note))
    return hits, faces


def roll_wounds(world, unit: Unit, target: Unit, pool: Pool, hits: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Roll to wound; the wounds caused, each NORMAL or AP2."""
    if hits <= 0:
        return []
    need = wound_need(world.data, pool, world.majority(target, "t"))
    table = wound_faces(pool, need)
    faces = world.d6s(hits, f"{unit.id} to wound ({pool.label})")
    _mean(world, faces, f"to wound {need}+" if need else "cannot wound", {f for f, k in table.items() if k})
    out = [table[f] for f in faces if table[f]]
    if pool.reroll_wound:
        again = [f for f in faces if not table[f] and (pool.reroll_wound == "fail" or f == 1)]
        if again:
            faces2 = world.d6s(len(again), f"{unit.id} re-roll to wound ({pool.label})")
            out += [table[f] for f in faces2 if table[f]]
    note = ""
    if need and len(out) < hits and power_ups.blessed(world, unit):
        faces3 = world.d6s(hits - len(out), f"{unit.id} re-roll to wound (Blessing of Chuck Norris)")
        out += [table[f] for f in faces3 if table[f]]
        note = _blessed_note(len(faces3)).strip(" ()")
    world.emit(AttackStep(unit.id, target.id, pool.label, "wound", need, hits, len(out), note))
    # NORMAL wounds are allocated before AP 2 ones (the odds take them in the same order)
    return sorted((k for k in out if k), key=lambda k: k == AP2)  # type: ignore[misc]


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
    """Each wound on the closest living model of ``order`` first: save, Instant Death, FNP [7th]."""
    res = Result(wounds=len(wounds))
    save_faces: list[int] = []
    fnp_faces: list[int] = []
    saved = fnp_saved = 0
    save_blessed = fnp_blessed = 0  # the Blessing's re-rolls among the faces (told in the dice tray)
    for kind in wounds:
        # (a model that joined the horde - Dead Men Walking - is no longer the target's)
        m = next(
            (world.model(f) for f in order if world.model(f).alive and world.model(f).unit == target.id), None
        )
        if m is None:
            break  # no model left to take it: the wound is lost
        sv = model_saves(world, m, covers.get(m.id, 0))
        ap = 2 if kind == AP2 else pool.ap
        need = sv.save(ap, not pool.ignores_cover)
        if need:
            face = world.dice.d6(f"{m.id} save {need}+")
            save_faces.append(face)
            if (face == 1 or face < need) and power_ups.blessed(world, target):
                face = world.dice.d6(f"{m.id} re-roll save {need}+ (Blessing of Chuck Norris)")
                save_faces.append(face)
                save_blessed += 1
            if face != 1 and face >= need:
                saved += 1
                continue
        res.unsaved += 1
        if sv.instant_death(pool.s) and power_ups.medpack(world, m, lethal=True):
            res.unsaved -= 1
            continue
        if sv.instant_death(pool.s):
            world.kill(m, f"{cause} (Instant Death)")
            res.killed.append(m.id)
            continue
        if sv.fnp:
            face = world.dice.d6(f"{m.id} Feel No Pain {sv.fnp}+")
            fnp_faces.append(face)
            if (face == 1 or face < sv.fnp) and power_ups.blessed(world, target):
                face = world.dice.d6(f"{m.id} re-roll Feel No Pain {sv.fnp}+ (Blessing of Chuck Norris)")
                fnp_faces.append(face)
                fnp_blessed += 1
            if face != 1 and face >= sv.fnp:
                fnp_saved += 1
                res.unsaved -= 1
                continue
        if power_ups.medpack(world, m):  # after Feel No Pain, so a Medpack is not spent for nothing
            res.unsaved -= 1
            continue
        if world.wound(m, cause):
            res.killed.append(m.id)
    if save_faces:
        world.emit(
            DiceRolled(
                f"{target.id} saves ({pool.label})",
                "D6",
                tuple(save_faces),
                saved,
                f"saves: {saved} of {len(save_faces) - save_blessed} made{_blessed_note(save_blessed)}",
            )
        )
        world.emit(
            AttackStep(
                unit.id,
                target.id,
                pool.label,
                "save",
                0,
                len(save_faces) - save_blessed,
                saved,
                _blessed_note(save_blessed).strip(" ()"),
            )
        )
    if fnp_faces:
        world.emit(
            DiceRolled(
                f"{target.id} Feel No Pain",
                "D6",
                tuple(fnp_faces),
                fnp_saved,
                f"Feel No Pain: {fnp_saved} of {len(fnp_faces) - fnp_blessed} ignored{_blessed_note(fnp_blessed)}",
            )
        )
        world.emit(
            AttackStep(
                unit.id,
                target.id,
                pool.label,
                "fnp",
                0,
                len(fnp_faces) - fnp_blessed,
                fnp_saved,
                _blessed_note(fnp_blessed).strip(" ()"),
            )
        )
    return res


def _blessed_note(n: int) -> str:
    return f" ({n} re-rolled: Blessing of Chuck Norris)" if n else ""


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
    """Rewrite the last DiceRolled's meaning with what the handful did (for the dice tray)."""
    if not faces or not world.events:
        return
    last = world.events[-1]
    if isinstance(last, DiceRolled):
        n = sum(f in good for f in faces)
        world.events[-1] = DiceRolled(
            last.purpose, last.kind, last.faces, last.total, f"{what}: {n} of {len(faces)}"
        )
