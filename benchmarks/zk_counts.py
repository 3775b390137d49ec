"""Issue 10's counts over N bot games: how far any move path (sampled every 0.05") reaches into a wall
or building, and the zombies out of touch after every Axis move (rules: Cohesion: not within 4" of
an Allied figure nor within 2" of another standing zombie), split into those that started the move in
touch ("broke") and the rest. Its geometry is its own, so it measures older code as well:

    PYTHONPATH=<tree> python benchmarks/zk_counts.py maps/normandy_village.tmx 1000 2

prints one JSON object (games are seeds 1..N with the default options, as ``simulate --seed 1``)."""
import math, sys, json, time
from multiprocessing import Pool

def seg_dist(p, a, b):
    ax, ay = a; bx, by = b; px, py = p
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)

def inside(p, pts):
    x, y = p; c = False
    n = len(pts)
    for i in range(n):
        (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            c = not c
    return c

def overlap(t, p, r):
    pts = list(t.area.points)
    if t.area.is_line:
        half = float(t.properties.get("thickness", 0.25)) / 2
        gap = min(seg_dist(p, pts[i], pts[i + 1]) for i in range(len(pts) - 1))
        return max(0.0, r + half - gap)
    gap = min(seg_dist(p, pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts)))
    return r + gap if inside(p, pts) else max(0.0, r - gap)

_sc = None
def play(seed):
    global _sc
    from game.ai.zombiekrieg_bot import choose_command
    from game.rules.zombiekrieg import new_game
    from game.scenario.loader import load_scenario
    if _sc is None:
        _sc = load_scenario(sys.argv[1])
    sc = _sc
    res = dict(zpaths=0, spaths=0, zdeep=0.0, sdeep=0.0, moves_z=0, moves_s=0, zmoves=0, out=0, broke=0, zchecks=0, winner=None)
    walls = []
    for t in sc.terrain:
        if t.blocks_movement:
            xs = [q[0] for q in t.area.points]; ys = [q[1] for q in t.area.points]
            walls.append((t, min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1))
    import game.rules.zombiekrieg.zombies as Z
    real = getattr(Z, '_real_axis_move', None) or Z.axis_move
    Z._real_axis_move = real
    def settled_set(st):
        figs = [f for f in st.figures.values() if f.on_table]
        allies = [f for f in figs if f.side != "zombies"]
        zs = [f for f in figs if f.side == "zombies" and f.state == "standing"]
        out = set()
        for z in zs:
            near_a = any(math.dist(z.position, a.position) - z.radius - a.radius <= 4 + 1e-9 for a in allies)
            near_z = any(o is not z and math.dist(z.position, o.position) - z.radius - o.radius <= 2 + 1e-9 for o in zs)
            if near_a or near_z or len(zs) < 2:
                out.add(z.id)
        return out, {z.id for z in zs}
    def wrapped(world):
        before, _ = settled_set(world.state)
        real(world)
        after, standing = settled_set(world.state)
        res["zmoves"] += 1
        res["zchecks"] += len(standing)
        res["out"] += len(standing - after)
        res["broke"] += len((standing - after) & before)
    Z.axis_move = wrapped
    g = new_game(sc, {}, seed)
    seen = len(g.log)
    n = 0
    while not g.over and n < 5000:
        g.apply(choose_command(g)); n += 1
        new = g.log[seen:]; seen = len(g.log)
        zm = False
        for e in new:
            name = type(e).__name__
            if name not in ("Moved", "ZombieMoved"):
                continue
            f = g.state.figures[e.figure]
            path = list(e.path)
            deep = 0.0
            for a, b in zip(path, path[1:]):
                L = math.dist(a, b); k = max(1, int(L / 0.05))
                for i in range(k + 1):
                    p = (a[0] + (b[0] - a[0]) * i / k, a[1] + (b[1] - a[1]) * i / k)
                    for t, x0, y0, x1, y1 in walls:
                        if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
                            deep = max(deep, overlap(t, p, f.radius))
            z = name == "ZombieMoved"
            if z:
                zm = True; res["moves_z"] += 1
            else:
                res["moves_s"] += 1
            if deep > 0.01:
                res["zpaths" if z else "spaths"] += 1
                res["zdeep" if z else "sdeep"] = max(res["zdeep" if z else "sdeep"], deep)
    res["winner"] = g.winner
    return res

if __name__ == "__main__":
    games, jobs = int(sys.argv[2]), int(sys.argv[3])
    t0 = time.time()
    with Pool(jobs) as pool:
        rs = pool.map(play, range(1, games + 1), chunksize=4)
    tot = {k: sum(r[k] for r in rs) for k in ("zpaths", "spaths", "moves_z", "moves_s", "zmoves", "out", "broke", "zchecks")}
    tot["zdeep"] = max(r["zdeep"] for r in rs); tot["sdeep"] = max(r["sdeep"] for r in rs)
    tot["games_with_out"] = sum(1 for r in rs if r["out"])
    tot["games_with_wall"] = sum(1 for r in rs if r["zpaths"] or r["spaths"])
    w = sum(1 for r in rs if r["winner"] == "allies")
    tot["allied_wins"] = w; tot["games"] = len(rs); tot["seconds"] = round(time.time() - t0)
    print(json.dumps(tot))
