"""The BattleScribe import over the public 7th-edition data set (``BSData/wh40k-7th-edition``): every catalogue
read with the game system and the catalogues it links, as ``deadground roster import`` reads them. Prints the
units imported and refused by reason, and, with ``--show NAME``, the roster table of the units so named.

    python -m benchmarks.bsdata_7th [FOLDER] [--show "Tactical Squad"] [--json out.json]

FOLDER is a checkout of the data set; without it, the mirror's bare repository (``BSDATA_MIRROR``, default
/work/.mirror/BSData+wh40k-7th-edition/repo) is cloned into a temporary folder. Nothing is written to the
player's roster.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from game.rules.zombie40k.battlescribe import CatalogueError, convert, read_catalogue, read_game_system
from game.rules.zombie40k.data import load_data

WHOLE_UNIT = ("category", "profile", "profiles", "Unit Type", "rules", "hidden", "pts", "entries", "wargear")
# a Unit profile's characteristic the game cannot play refuses the whole unit (its weapons' fields do not)
CHARACTERISTICS = ("WS", "BS", "S", "T", "W", "I", "A", "Ld", "Save")
MIRROR = Path(os.environ.get("BSDATA_MIRROR", "/work/.mirror/BSData+wh40k-7th-edition/repo"))


def checkout(folder: str | None) -> Path:
    """The data set's folder: the one given, or a fresh clone of the mirror."""
    if folder:
        return Path(folder)
    if not MIRROR.exists():
        raise SystemExit(f"no data set: give its folder, or set BSDATA_MIRROR (no {MIRROR})")
    out = Path(tempfile.mkdtemp(prefix="bsdata7-")) / "repo"
    subprocess.run(["git", "clone", "-q", str(MIRROR), str(out)], check=True)
    return out


def reason_of(text: str) -> str:
    """A refusal's reason without its details, for the table."""
    head = re.sub(r"its model .* has no", "a model has no", text.split(": ")[0])
    if head.startswith("it is "):  # the type without its bracketed notes: "Infantry - Special (Cyclops) Artillery"
        return "Unit Type " + " ".join(re.sub(r"\([^)]*\)", " ", head[len("it is ") :]).split()).strip(" '")
    return head[:70]


def run(folder: Path) -> dict[str, Any]:
    """Every catalogue of ``folder`` converted; the counts, per file and per reason, and the units made."""
    data = load_data(None, None, "no-user-roster")
    system = [("Warhammer40K.gst", read_game_system(p)) for p in sorted(folder.glob("*.gst"))]
    cats = {p.name: read_catalogue(p) for p in sorted(folder.glob("*.cat"))}
    others = [*((n, r) for n, r in cats.items()), *system]
    reasons: Counter[str] = Counter()
    files: dict[str, dict[str, Any]] = {}
    units: dict[str, dict[str, Any]] = {}
    for name, root in cats.items():
        start = time.perf_counter()
        try:
            cat = convert(root, name, data, [o for o in others if o[0] != name])
        except CatalogueError as exc:
            files[name] = {"refused": str(exc)}
            continue
        refused = [s for s in cat.skipped if s.field in WHOLE_UNIT or characteristic(s)]
        for s in refused:
            reasons[f"{s.field} {reason_of(s.reason)}" if characteristic(s) else reason_of(s.reason)] += 1
        other = len(cat.skipped) - len(refused)
        reasons["(weapons and characteristics left out)"] += other
        files[name] = {"imported": len(cat.units), "refused": len(refused), "seconds": time.perf_counter() - start}
        for key, u in cat.units.items():
            units[f"{name}:{key}"] = {
                **u,
                "profiles": {k: v for k, v in cat.profiles.items() if k in (u["model"], sergeant_profile(u))},
                "weapons": cat.weapons,
            }
    return {"files": files, "reasons": dict(reasons.most_common()), "units": units}


def characteristic(s: Any) -> bool:
    """Whether a left-out item is a unit refused for its Unit profile's characteristic (not a weapon's)."""
    return " / " not in s.entry and s.field in CHARACTERISTICS


def sergeant_profile(unit: dict[str, Any]) -> str:
    return str(unit.get("sergeant", {}).get("profile", ""))


def show(result: dict[str, Any], name: str) -> None:
    for key, u in result["units"].items():
        if u["name"].lower() != name.lower():
            continue

        def label(w: str, weapons: dict[str, Any] = u["weapons"]) -> str:
            return str(weapons[w]["name"]) if w in weapons else w

        print(
            f"\n== {key}: {u['squad_size']}-{u['max_models']} models, {u['squad_cost']} pts for {u['squad_size']}"
        )
        print(f"   trooper {u['profiles'].get(u['model'])}")
        print(f"   wargear {[label(w) for w in u['wargear']]}; rules {u['rules']}")
        for o in u.get("weapon_options", []):
            bounds = {
                k: o[k] for k in ("min_models", "alone_below", "apart", "choice", "choice_max", "squad") if k in o
            }
            print(f"   option {o['name']} -> {[label(w) for w in o['with']]} ({o['cost']} pts) {bounds or ''}")
        if "sergeant" in u:
            s = u["sergeant"]
            print(f"   sergeant {s['name']} (+{s['cost']} pts) {u['profiles'].get(s['profile'])}")
            print(f"     wargear {[label(w) for w in s.get('wargear', u['wargear'])]}")
            for o in s.get("options", []):
                print(f"     option {o['name']} ({o['cost']} pts)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?")
    ap.add_argument("--show", action="append", default=[])
    ap.add_argument("--json")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    result = run(checkout(args.folder))
    for name, f in result["files"].items():
        print(f"{name:60} {f}")
    print("\nrefused (and left out) by reason:")
    for reason, n in result["reasons"].items():
        print(f"  {n:5}  {reason}")
    total = sum(f.get("imported", 0) for f in result["files"].values())
    print(
        f"\nimported {total} units from {len(result['files'])} catalogues in {time.perf_counter() - start:.1f} s"
    )
    for name in args.show:
        show(result, name)
    if args.json:
        Path(args.json).write_text(json.dumps({k: v for k, v in result.items() if k != "units"}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
