"""Who of a squad fires, in a player's words, for the shooting preview's plate: how many of its models fire,
then the others grouped by why (the rules' reasons, :class:`.shooting.Held`, as the preview details them).
A group of one or two models is named, a larger one counted. A newcomer's plate read only "1 model firing" at
zombies 4" away, with nothing on the four squad-mates behind the corner of a building.

>>> fire_count(3, 5), fire_count(1, 5), fire_count(5, 5), fire_count(1, 1)
('3 of 5 models fire', '1 of 5 models fires', 'All 5 models fire', '1 model fires')
>>> held = {"why": "out_of_range", "weapon": "Lasgun", "range": 24.0, "blast": False, "blocked_by": ""}
>>> held_words(["Sergeant"], held, "Horde 2"), held_words(["3"], held, "Horde 2")
('Sergeant is out of range of his Lasgun (24")', '3 are out of range of their Lasguns (24")')
>>> hidden = {**held, "why": "no_sight", "blocked_by": "building 9 'Ruined hab'"}
>>> held_words(["Guardsman 3", "Guardsman 4"], hidden, "Horde 2")
'Guardsman 3 and Guardsman 4 cannot see Horde 2: the Ruined hab blocks their sight'
"""

from __future__ import annotations

from typing import Any

from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.names import names_of
from game.rules.zombie40k.shooting import what_blocks

NAMED = 2  # a group of up to this many models is named; a larger one is counted

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
    many = len(who) > 1 or who[0].isdigit()  # (a group of one is always named)
    subject = " and ".join(who)
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
        who = [n.figure(h["figure"]) for h in group] if len(group) <= NAMED else [str(len(group))]
        lines.append(held_words(who, group[0], n.unit(target)))
    return lines
