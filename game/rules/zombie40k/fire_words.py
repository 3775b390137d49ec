"""Who of a squad fires, in a player's words, for the shooting preview's plate: how many of its models fire,
then the others grouped by why (the rules' reasons, :class:`.shooting.Held`, as the preview details them).
A group of one or two models is named, a larger one counted. A newcomer's plate read only "1 model firing" at
zombies 4" away, with nothing on the four squad-mates behind the corner of a building.

>>> fire_count(3, 5), fire_count(1, 5), fire_count(5, 5), fire_count(1, 1)
('3 of 5 models fire', '1 of 5 models fires', 'All 5 models fire', '1 model fires')
>>> held = {"why": "out_of_range", "weapon": "Lasgun", "range": 24.0, "blast": False, "blocked_by": ""}
>>> held_words(["Sergeant"], held, "Horde 2"), held_words(["5 models"], held, "Horde 2")
('Sergeant is out of range of his Lasgun (24")', '5 models are out of range of their Lasguns (24")')
>>> hidden = {**held, "why": "no_sight", "blocked_by": "building 9 'Ruined hab'"}
>>> held_words(["Guardsman 3", "Guardsman 4", "Guardsman 5"], hidden, "Horde 2")
'Guardsman 3, Guardsman 4 and Guardsman 5 cannot see Horde 2: the Ruined hab blocks their sight'

The target's cover, which the plate's odds count (a 40k player's plate never said it, then the Boss took a 4+
cover save): one line, by save, with what gives it as the table names it.

>>> cover_words("the Zombie Boss", {"boss": 4}, {"boss": "in the Shrine of the Lost"})
'The Zombie Boss: 4+ cover save (in the Shrine of the Lost)'
>>> cover_words("Horde 1", {"h1-1": 5, "h1-2": 5, "h1-3": 0}, {"h1-1": "in the Rubble heap", "h1-2": "in the Rubble heap"})
'Horde 1: 2 of 3 in cover, 5+ cover save (in the Rubble heap)'
>>> cover_words("Horde 2", {"a": 4, "b": 5}, {"a": "in a ruin", "b": "behind a ruin"})
'Horde 2: both in cover: 1 at 4+ (in a ruin), 1 at 5+ (behind a ruin)'
>>> cover_words("Horde 3", {"a": 0}, {})
''
"""

from __future__ import annotations

from typing import Any

from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.names import names_of
from game.rules.zombie40k.shooting import what_blocks
from game.rules.zombie40k.state import SQUAD

NAMED = 4  # a group of up to this many models is named ("3 cannot see" left a player asking which); more, counted

# the reasons that need no weapon nor terrain: (for one model, for several)
PLAIN = {
    "fired": ("has already fired", "have already fired"),
    "ran": ("ran instead of shooting", "ran instead of shooting"),
    "locked": ("is locked in close combat", "are locked in close combat"),
    "no_gun": ("has no ranged weapon", "have no ranged weapon"),
}


def fire_count(firing: int, models: int) -> str:
    """How many of the squad's models fire."""
    if models <= 1:
        return f"{firing} model {'fires' if firing == 1 else 'fire'}"
    if firing == models:
        return f"All {models} models fire"
    return f"{firing} of {models} models {'fires' if firing == 1 else 'fire'}"


def _guns(name: str) -> str:
    """A weapon's name for several of it: ``Lasguns``, ``Grenade launchers (frag)``."""
    head, sep, rest = name.partition(" (")
    return f"{head}{'' if head.endswith('s') else 's'}{sep}{rest}"


def held_words(who: list[str], held: dict[str, Any], target: str) -> str:
    """Why the models ``who`` (their names, or one count) do not fire at ``target``; ``held`` one of the
    preview's ``held`` details, which the group shares."""
    many = len(who) > 1 or who[0][:1].isdigit()  # (a group of one is always named)
    subject = " and ".join([", ".join(who[:-1]), who[-1]] if len(who) > 1 else who)
    his = "their" if many else "his"
    gun = _guns(held["weapon"]) if many else held["weapon"]
    why = held["why"]
    if why == "no_sight":
        what = what_blocks(held["blocked_by"])
        return f"{subject} cannot see {target}: {what} blocks {his} sight"
    if why == "out_of_range":
        return f'{subject} {"are" if many else "is"} out of range of {his} {gun} ({held["range"]:g}")'
    if why == "snap_blast":
        kind = "blast" if held["blast"] else "template"
        return f"{subject} cannot fire {his} {gun}: only Snap Shots, and a {kind} never fires them"
    return f"{subject} {PLAIN.get(why, ('does not fire', 'do not fire'))[many]}"


def who_fires(game: Zombie40kGame, target: str, details: dict[str, Any], skip: tuple[str, ...] = ()) -> list[str]:
    """The plate's lines on who fires at the unit ``target`` (its id), from a shooting preview's details:
    the count, then each group of the others (the largest first), leaving out the reasons in ``skip``
    (one another line of the plate already says); none for a preview that does not count them."""
    if "models" not in details:  # (an add-on's own preview: it does not count them)
        return []
    n = names_of(game)
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for h in details.get("held", []):
        key = (h["why"], h["weapon"], h["range"], h["blocked_by"])
        groups.setdefault(key, []).append(h)
    lines = [fire_count(len(details.get("shooters", [])), int(details.get("models", 0)))]
    for group in sorted(groups.values(), key=len, reverse=True):  # (stable: as the rules listed them)
        if group[0]["why"] in skip:
            continue
        who = [n.figure(h["figure"]) for h in group] if len(group) <= NAMED else [f"{len(group)} models"]
        lines.append(held_words(who, group[0], n.unit(target)))
    return lines


def cover_words(target: str, covers: dict[str, int], sources: dict[str, str], ignored: bool = False) -> str:
    """The plate's line on the cover saves of ``target`` (its name): ``covers`` each model's (0: in the open),
    ``sources`` what gives it (:func:`.preview.cover_sources`); "" when none is in cover. ``ignored``: the
    weapons (a flame template) ignore cover, and the line says so."""
    by_save: dict[int, list[str]] = {}
    for fid, save in covers.items():
        if save:
            by_save.setdefault(int(save), []).append(sources.get(fid, ""))
    if not by_save:
        return ""
    n, k = len(covers), sum(len(whats) for whats in by_save.values())
    head = target[:1].upper() + target[1:] + ": "
    if n > 1:
        head += ("both" if n == 2 else f"all {n}") + " in cover" if k == n else f"{k} of {n} in cover"
    if len(by_save) == 1:
        (save, whats), *_ = by_save.items()
        line = f"{head}{', ' if n > 1 else ''}{save}+ cover save{_where(whats)}"
    else:
        line = f"{head}: " + ", ".join(f"{len(w)} at {save}+{_where(w)}" for save, w in sorted(by_save.items()))
    return line + (" \u2014 the template ignores it" if ignored else "")


def _where(whats: list[str]) -> str:
    """What gives a group of models its cover: `` (in the Rubble heap)``, two at most, "" when unknown."""
    places = list(dict.fromkeys(w for w in whats if w))
    if not places:
        return ""
    return f" ({', '.join(places[:NAMED])}{', ...' if len(places) > NAMED else ''})"


def target_cover(game: Zombie40kGame, target: str, details: dict[str, Any]) -> str:
    """:func:`cover_words` for the unit ``target`` (its id) from a shooting preview's details; "" when no shot
    allows a save (cover is a save: the power-up Shotgun's hits at zombies take none)."""
    if details.get("no_save"):
        return ""
    covers = {f: int(v) for f, v in details.get("covers", {}).items()}
    ignored = bool(details.get("cover_ignored"))
    return cover_words(names_of(game).unit(target), covers, details.get("cover_from", {}), ignored)


def whose_words(game: Zombie40kGame, fids: list[str]) -> tuple[str, bool]:
    """Whose models a template would touch, for its forecast: "2 zombies, 7 of Infantry Squad (player 2)", and
    whether any of them is another player's (a 40k veteran's flamer over a horde locked with another squad killed 4
    Guardsmen, the forecast having said only "9 under it"). Another player's squad is named with its player."""
    st, names = game.state, names_of(game)
    zombies, squads = 0, dict[str, int]()
    for fid in fids:
        unit = st.units[st.models[fid].unit]
        if unit.kind == SQUAD:
            squads[unit.id] = squads.get(unit.id, 0) + 1
        else:
            zombies += 1
    parts = [f"{zombies} zombie{'' if zombies == 1 else 's'}"] if zombies else []
    for uid, n in squads.items():
        name, player = names.unit(uid), st.units[uid].player
        parts.append(f"{n} of {name}" + ("" if f"(player {player})" in name else f" (player {player})"))
    return ", ".join(parts), bool(squads)


def gets_hot(game: Zombie40kGame, details: dict[str, Any]) -> str:
    """The plate's warning for a Gets Hot weapon in the shot: ``Gets Hot: on a 1 to hit, Guardsman 1's Plasma
    gun may wound him`` (a newcomer's Guardsman died of his own first shot, and the plate had said
    nothing); "" when no firer's weapon Gets Hot."""
    hot = details.get("gets_hot") or []
    if not hot:
        return ""
    n = names_of(game)
    who = [n.figure(str(fid)) for fid, _ in hot]
    guns = sorted({str(w) for _, w in hot})
    if len(who) == 1:
        return f"Gets Hot: on a 1 to hit, {who[0]}'s {guns[0]} may wound him"
    return f"Gets Hot: on a 1 to hit, a {' or '.join(guns)} may wound its firer ({', '.join(who)})"
