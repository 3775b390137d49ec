"""The exact odds of an attack sequence, computed without rolling (the screen's previews).

The same steps as :mod:`.attacks`: each attack hits, then wounds (NORMAL or AP2), and the wounds go one at a
time on the closest living model: save, Instant Death, Feel No Pain. Wound counts are convolved attack by
attack; the allocation is a small Markov chain over (models removed, wounds on the current model). Every
re-roll is counted from the list the dice roll by (:mod:`.rerolls`): a pool's to-hit and to-wound re-rolls
(:class:`Rerolls`, the pool's own unless given), a model's save and Feel No Pain re-rolls (its ``Saves``).

>>> from game.rules.zombie40k.attacks import Pool, Saves
>>> z = [Saves(f"z{i}", 0, 0, 0, 3, 1, 5, False) for i in range(10)]
>>> pool = Pool("Lasgun", 20, 4, 3, 0)
>>> round(expected_kills([(pool, 4)], z), 4)   # 20 shots: 1/2 hit, 1/2 wound, 2/3 past FNP; never above 10
3.3332
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.zombie40k import rerolls
from game.rules.zombie40k.attacks import AP2, NORMAL, Pool, Saves, hit_faces, wound_faces
from game.rules.zombie40k.rerolls import Reroll

Dist = dict[tuple[int, int], float]  # (normal wounds, AP2 wounds) -> probability
State = tuple[int, int]  # (models removed, wounds on the current model)


@dataclass(frozen=True)
class Rerolls:
    """A pool's to-hit and to-wound re-rolls, in the order the dice make them (``attacks.hit_rerolls``)."""

    hit: tuple[Reroll, ...] = ()
    wound: tuple[Reroll, ...] = ()

    @staticmethod
    def own(pool: Pool) -> Rerolls:
        """The pool's own re-rolls alone (Preferred Enemy, Hatred, Shred): no plug-in's."""
        return Rerolls(
            (Reroll(pool.reroll_hit),) if pool.reroll_hit else (),
            (Reroll(pool.reroll_wound),) if pool.reroll_wound else (),
        )


def hit_chance(pool: Pool, again: Rerolls | None = None) -> float:
    """P(one attack hits), its re-rolls included (``again``: the pool's own unless given)."""
    if pool.need_hit == 0:
        return 1.0
    return rerolls.p_success(hit_faces(pool), (again or Rerolls.own(pool)).hit)


def wound_cats(pool: Pool, need: int, again: Rerolls | None = None) -> tuple[float, float, float]:
    """Per hit: P(no wound), P(NORMAL wound), P(AP2 wound), re-rolls included."""
    if pool.direct:
        return 0.0, 1.0, 0.0
    table = wound_faces(pool, need)
    good = {f for f, k in table.items() if k}
    stages = (again or Rerolls.own(pool)).wound if need else ()
    final = rerolls.face_odds(good, stages)
    pn = sum(p for f, p in final.items() if table[f] == NORMAL)
    pa = sum(p for f, p in final.items() if table[f] == AP2)
    return 1 - pn - pa, pn, pa


def wounds_given_hits(pool: Pool, need: int, hits: int, again: Rerolls | None = None) -> Dist:
    """The distribution of (NORMAL, AP2) wounds from ``hits`` hits."""
    p0, pn, pa = wound_cats(pool, need, again)
    return _convolve(hits, p0, pn, pa)


def wound_dist(pool: Pool, need: int, again: Rerolls | None = None) -> Dist:
    """The distribution of (NORMAL, AP2) wounds from the pool's attacks."""
    h = hit_chance(pool, again)
    p0, pn, pa = wound_cats(pool, need, again)
    return _convolve(pool.attacks, 1 - h + h * p0, h * pn, h * pa)


def _convolve(n: int, p0: float, pn: float, pa: float) -> Dist:
    dist: Dist = {(0, 0): 1.0}
    for _ in range(n):
        nxt: Dist = {}
        for (a, b), p in dist.items():
            for key, q in (((a, b), p0), ((a + 1, b), pn), ((a, b + 1), pa)):
                if q > 0:
                    nxt[key] = nxt.get(key, 0.0) + p * q
        dist = nxt
    return dist


def _one_wound(
    states: dict[State, float], models: Sequence[Saves], chances: Sequence[tuple[float, float, bool]]
) -> dict[State, float]:
    """One more wound allocated in every state; ``chances``: each model's save and FNP chances against it,
    and whether it kills the model outright (Instant Death)."""
    out: dict[State, float] = {}
    n = len(models)
    get = out.get
    for (k, dmg), p in states.items():
        if k >= n:
            out[(k, dmg)] = get((k, dmg), 0.0) + p
            continue
        ps, pf, at_once = chances[k]
        here = (k, dmg)
        out[here] = get(here, 0.0) + p * ps
        pu = p * (1 - ps)
        if at_once:
            out[(k + 1, 0)] = get((k + 1, 0), 0.0) + pu
            continue
        out[here] = out[here] + pu * pf
        hurt = pu * (1 - pf)
        key = (k + 1, 0) if dmg + 1 >= models[k].w else (k, dmg + 1)
        out[key] = get(key, 0.0) + hurt
    return out


def _save_and_fnp(m: Saves, s: int, ap: int, cover_ok: bool, direct: bool) -> tuple[float, float, bool]:
    """A model's chance to save a wound and, failing, to shrug it off (Feel No Pain), and whether the wound
    kills it outright (Instant Death: no FNP then)."""
    ps = 0.0 if direct else rerolls.p_success(rerolls.needed(m.save(ap, cover_ok)), m.save_rerolls)
    pf = rerolls.p_success(rerolls.needed(m.fnp), m.fnp_rerolls) if m.fnp and not direct else 0.0
    return ps, pf, m.instant_death(s) and not direct


def allocate(states: dict[State, float], models: Sequence[Saves], pool: Pool, wounds: Dist) -> dict[State, float]:
    """Apply a pool's wounds (NORMAL ones first, then AP2, as :func:`attacks.allocate` takes them in the
    order rolled... both orders give the same kills when every model shares its saves)."""
    out: dict[State, float] = {}
    max_n = max((a for a, _ in wounds), default=0)
    cover_ok = not pool.ignores_cover
    # each model's chances, worked out once a pool rather than once a state and wound
    normal = [_save_and_fnp(m, pool.s, pool.ap, cover_ok, pool.direct) for m in models]
    after_n: list[dict[State, float]] = [states]
    for _ in range(max_n):
        after_n.append(_one_wound(after_n[-1], models, normal))
    ap2: list[tuple[float, float, bool]] = []
    cache: dict[tuple[int, int], dict[State, float]] = {}
    for (a, b), p in wounds.items():
        st = cache.get((a, b))
        if st is None:
            st = after_n[a]
            if b and not ap2:
                ap2 = [_save_and_fnp(m, pool.s, 2, cover_ok, False) for m in models]
            for _ in range(b):
                st = _one_wound(st, models, ap2)
            cache[(a, b)] = st
        for key, q in st.items():
            out[key] = out.get(key, 0.0) + p * q
    return out


@dataclass(frozen=True)
class Outlook:
    """What a preview shows: expected hits, wounds and kills, and the chances that matter."""

    hits: float
    wounds: float
    kills: float
    p_any_kill: float
    p_wipe: float
    kills_dist: tuple[float, ...]
    ap2_wounds: float = 0.0  # of ``wounds``, those at AP 2 (Rending, Bladestorm: a 6 to wound)
    taken: float = 0.0  # the wounds the models lose past their saves and Feel No Pain (none past the last)

    def as_dict(self) -> dict[str, float]:
        return {
            "expected_hits": round(self.hits, 6),
            "expected_wounds": round(self.wounds, 6),
            "expected_kills": round(self.kills, 6),
            "expected_taken": round(self.taken, 6),
        }


def outlook(
    pools: Sequence[tuple[Pool, int]],
    models: Sequence[Saves],
    hits_dists: dict[int, dict[int, float]] | None = None,
    again: Sequence[Rerolls] | None = None,
) -> Outlook:
    """The whole sequence for pools ``(pool, wound need)`` against ``models`` in allocation order.
    ``hits_dists`` gives, for a pool index, the distribution of its hits (blasts: markers scatter);
    ``again`` each pool's re-rolls (the pool's own when not given)."""
    states: dict[State, float] = {(0, 0): 1.0}
    e_hits = e_wounds = e_ap2 = 0.0
    for i, (pool, need) in enumerate(pools):
        rr = again[i] if again is not None else None
        if hits_dists and i in hits_dists:
            wounds: Dist = {}
            for h, ph in hits_dists[i].items():
                e_hits += h * ph
                for key, q in wounds_given_hits(pool, need, h, rr).items():
                    wounds[key] = wounds.get(key, 0.0) + ph * q
        else:
            e_hits += pool.attacks * hit_chance(pool, rr)
            wounds = wound_dist(pool, need, rr)
        e_wounds += sum((a + b) * p for (a, b), p in wounds.items())
        e_ap2 += sum(b * p for (_, b), p in wounds.items())
        states = allocate(states, models, pool, wounds)
    n = len(models)
    dist = [0.0] * (n + 1)
    for (k, _), p in states.items():
        dist[min(k, n)] += p
    lost = [0]  # the wounds of the first k models, all lost once they are removed
    for m in models:
        lost.append(lost[-1] + m.w)
    taken = sum(p * (lost[min(k, n)] + (dmg if k < n else 0)) for (k, dmg), p in states.items())
    return Outlook(
        hits=e_hits,
        wounds=e_wounds,
        kills=sum(k * p for k, p in enumerate(dist)),
        p_any_kill=1 - dist[0],
        p_wipe=dist[n] if n else 0.0,
        kills_dist=tuple(dist),
        ap2_wounds=e_ap2,
        taken=taken,
    )


def expected_kills(pools: Sequence[tuple[Pool, int]], models: Sequence[Saves]) -> float:
    return outlook(pools, models).kills
