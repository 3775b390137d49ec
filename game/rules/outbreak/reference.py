"""The rules help for Outbreak (rule-set contract: a list of :class:`~game.rules.contract.Section`),
the whole rules section with its tables read from ``outbreak.toml``; every value the TOML marks
[house] is listed as a house value, and the close combat reading in force is said.

>>> secs = reference(None, {})
>>> [s.title for s in secs][:3]
['Forces', 'Before the outbreak', 'Spotting']
"""

from __future__ import annotations

import re
from typing import Any, Literal

from game.assets import data_file
from game.rules.contract import Paragraph, Run, Section, Table
from game.rules.outbreak import campaign
from game.rules.outbreak.data import ObData, load_data
from game.scenario.model import Scenario


def house_values() -> list[tuple[str, str, str]]:
    """(table, key = value, why) for every line of outbreak.toml marked [house]."""
    out, table = [], ""
    for line in data_file("outbreak.toml").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\[([a-z_.]+)\]", line)
        if m:
            table = m.group(1)
            continue
        m = re.match(r"^([a-z_]+)\s*=\s*(.+?)\s*#\s*\[house\]\s*(.*)$", line)
        if m:
            out.append((table, f"{m.group(1)} = {m.group(2)}", m.group(3)))
    return out


def house_sentence(key_value: str, why: str) -> Paragraph:
    """One house value as a sentence a player reads: the note, its value in it or after it.

    >>> house_sentence("zombie_spacing = 1.2", "spacing of zombies, in inches").text
    'Spacing of zombies, in inches: 1.2.'
    >>> [r.text for r in house_sentence("base_size = 1.0", 'a base is 1" across').runs]
    ['A base is ', '1', '" across.']
    >>> house_sentence("npc_shoots = false", "an NPC with a gun shoots").text
    'Not played: an NPC with a gun shoots.'
    >>> house_sentence("players_max = 4", "").text
    'Players max: 4.'
    """
    key, value = (part.strip().strip('"') for part in key_value.split("=", 1))
    number = f"{float(value):g}" if re.fullmatch(r"-?\d+(\.\d+)?", value) else value
    said = why or key.replace("_", " ")
    said = re.sub(r"[a-z]", lambda m: m.group(0).upper(), said, count=1)  # '"in contact"' -> '"In contact"'
    found = re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.])", said) if why else None
    runs: tuple[Run, ...]
    if value in ("true", "false"):
        runs = (Run("Not played: " + why if value == "false" else said), Run("."))
    elif found:
        runs = (Run(said[: found.start()]), Run(number, True), Run(said[found.end() :] + "."))
    else:
        runs = (Run(said + ": "), Run(number, True), Run("."))
    return Paragraph("".join(r.text for r in runs), house=True, runs=runs)


def reference(scenario: Scenario | None, options: dict[str, Any]) -> list[Section]:
    """The rules help: the scenario's briefing (if one is given), then the rules section by section."""
    d = load_data()
    reading = bool(options.get("caught_running_first_blow", d.raw["movement"]["caught_running_first_blow"]))
    aware = bool(options.get(AWARE, d.house.all_aware_after_outbreak_move))
    secs = [
        forces(d),
        before_the_outbreak(),
        spotting(d, aware),
        movement(d),
        move_sequence(),
        shooting(d),
        fighting_off(d),
        close_combat(d, reading),
        bites(),
        winning(d),
        campaign.reference_section(),
        Section("House values", tuple(house_sentence(kv, why) for _, kv, why in house_values())),
    ]
    if scenario is not None:
        secs.insert(0, briefing(scenario))
    return secs


def briefing(scenario: Scenario) -> Section:
    """The scenario's title, briefing and objective."""
    return Section(
        scenario.title or "Scenario",
        (Paragraph(scenario.briefing or ""), Paragraph(f"Objective: {scenario.objective}")),
    )


def forces(d: ObData) -> Section:
    """Who plays, the weapons a character carries (from the data's tables), where zombies come from."""
    ranged = Table(("Ranged weapon", "Range"), tuple((w.name, f'{w.range:g}"') for w in d.ranged_weapons.values()))
    melee = Table(("Close combat weapon", "Kills on"), tuple((n, f"{k}+") for n, k in d.melee_weapons.values()))
    return Section(
        "Forces",
        (
            Paragraph(
                "Player characters, each controlled by a player; bystanders (NPCs) and zombies moved by the game."
            ),
            Paragraph("A character carries one ranged weapon and one close combat weapon."),
            ranged,
            melee,
            Paragraph("Any other close combat weapon (club, bat, sword, chainsaw...) kills on 4+."),
            Paragraph(
                "At the start of each move every generation point rolls 1D6 or 2D6 (its setting): that many "
                "zombies appear there."
            ),
        ),
    )


def before_the_outbreak() -> Section:
    """The quiet start and how the first attack is noticed."""
    return Section(
        "Before the outbreak",
        (
            Paragraph(
                "Nobody reacts until the first victim is attacked. Then every human rolls to spot the "
                "attack; bystanders "
                "who spot it and do not freeze flee directly away; characters who spot it move (the "
                "movement roll applies)."
            ),
            Paragraph(
                "Until then the rules play the moves alone (the quiet start): the zombies shuffle, the generation "
                "points roll, and the players' characters stand where they started. The log says from which "
                "move the characters act."
            ),
        ),
    )


AWARE = "all_aware_after_outbreak_move"


def awareness(d: ObData, aware: bool) -> Paragraph:
    """Who knows of whom after the first attack: the source's reading, or the house switch."""
    sp = d.raw["spotting"]
    if not aware:
        return Paragraph(
            "Reading in force: a human who missed the first attack knows of no zombie until he spots one himself "
            '(his Spot, or at once with a zombie within 8" in sight); only he may fire.',
            house=True,
        )
    return Paragraph(
        "After the first spotting both sides know of each other: every human and zombie on the table, and "
        "every zombie that appears later. Only humans in cover (in clutter or obscured) are "
        f"spotted again: within {sp['cover_reach']:g}\" only, on the hider's {sp['cover_spotted_on']} "
        f"({sp['group_size']}+ hiding together: 1-{sp['group_spotted_on']})."
    )


def spotting(d: ObData, aware: bool = True) -> Section:
    """The spotting bands, hiding in cover, and following the one who spotted (or ran)."""
    sp = d.raw["spotting"]
    bands = Table(
        ("Distance in LOS", "Spotted on"),
        tuple((b.name, "automatic" if b.need <= 1 else f"{b.need}+") for b in d.bands),
    )
    return Section(
        "Spotting",
        (
            bands,
            awareness(d, aware),
            Paragraph(
                "A zombie's first spotting of a human ignores cover: cover only hides a human again.", house=True
            ),
            Paragraph(
                f'Zombies within {sp["zombie_follow"]:g}" of a zombie that has spotted a human follow it; humans within '
                f'{sp["human_follow"]:g}" of a human who has spotted a zombie and runs may follow him. A human who '
                "closes in to fight, or freezes, is followed by nobody."
            ),
        ),
    )


def movement(d: ObData) -> Section:
    """How far zombies and humans move, the movement roll near zombies, and tiredness."""
    mv = d.raw["movement"]
    return Section(
        "Movement",
        (
            Paragraph(
                f'Zombies shuffle {mv["zombie_shuffle"]:g}" until they spot a human, '
                f"then go for the nearest spotted human at "
                f'{mv["zombie_move"]:g}", {mv["zombie_rush"]:g}" on a D6 roll of {mv["zombie_rush_on"]}.'
            ),
            Paragraph(
                f'Humans move up to {mv["human_move"]:g}". '
                f'With a zombie within {mv["human_roll_within"]:g}" a human rolls a D6 '
                f'first: {mv["human_rush_on"]} moves {mv["human_rush"]:g}", {mv["human_freeze_on"]} freezes.'
            ),
            Paragraph(
                f"Tiredness: from his second move a human rolls a D6 at the start of each move; on a "
                f"{mv['tired_on']} he stops for a breather (he can still fight)."
            ),
            Paragraph(
                "Running: a human's move runs unless it closes in, that is unless it ends nearer the zombie "
                "nearest its end than it started, and nearer than anywhere else along the way. Moving away from "
                "the zombies, or past one, is running; walking up to a zombie to fight it is not.",
                house=True,
            ),
            Paragraph(
                "A zombie stopped short of a human by another base comes round it to a free place beside him, so "
                "up to three zombies reach one human in the same move.",
                house=True,
            ),
        ),
    )


MOVE_STEPS = (
    "Zombie generation (before step 1).",
    "Bitten humans test for turning.",
    "Zombies spot.",
    "Humans spot, move or fire ranged weapons: one of these each, once a move (a gun's three shots are one).",
    "Zombies move, pro rata to the shooting results.",
    "Humans strike with close combat weapons.",
    "Zombies and humans grapple, humans unarmed.",
)


def move_sequence() -> Section:
    """The steps of a move, numbered from 0 (generation)."""
    return Section(
        "The move sequence", tuple(Paragraph(t, kind="step", number=n) for n, t in enumerate(MOVE_STEPS))
    )


def shooting(d: ObData) -> Section:
    """A gun's three shots a move, the shot table, destroying a hit zombie and clearing a jam."""
    shots = Table(
        ("D6", "Result"),
        tuple(("-".join(map(str, r.faces)) if len(r.faces) > 1 else str(r.faces[0]), r.name) for r in d.shots),
    )
    return Section(
        "Shooting in thirds",
        (
            Paragraph("A gun fires up to three times a move, one shot for each third of the zombies' move."),
            shots,
            Paragraph(
                f"A second roll of {d.raw['shooting']['destroy_on']}+ destroys a zombie hit in the second "
                f"or third third. The zombie "
                "moves its share of its move before the hit lands; one that reaches the shooter makes the "
                "gun a close combat "
                f"weapon. Clearing a jam instead of firing takes {d.raw['shooting']['clear_on']}+."
            ),
        ),
    )


def close_combat(d: ObData, reading: bool) -> Section:
    """First blows, the reading in force for a human caught running, and the grapple table."""
    grapple = Table(
        ("Zombie", "Human rolls (keeps the highest)", "Zombie rolls"),
        tuple((str(i + 1), f"{n}D6", "1D6") for i, n in enumerate(d.raw["close_combat"]["grapple_dice"])),
    )
    return Section(
        "Close combat",
        (
            Paragraph(
                "First blows: a close combat weapon, or a gun with shots left, kills on 4+ (knife 5-6; a "
                "gun spends a shot). "
                "A 6 strikes another zombie in contact, and another 6 a third."
            ),
            Paragraph(
                "A human caught running goes straight to the grapple."
                if not reading
                else "Reading in force: a human caught running still strikes first.",
                house=reading,
            ),
            grapple,
            Paragraph(
                "Higher wins and the loser dies; a draw moves on to the next zombie. At most 3 zombies "
                "engage one human in a "
                "move. No human can leave a combat; zombies never do."
            ),
            Paragraph(
                "A zombie killed by a first blow takes no part in the grapple: the human grapples the zombies "
                "left, the first of them with 3D6.",
                house=True,
            ),
        ),
    )


def fighting_off(d: ObData) -> Section:
    """How a character fights off the zombies that grab him, in a player's words, before the close combat rules
    (How to play's "in short" shows it: a newcomer found the grapple nowhere there)."""
    cc = d.raw["close_combat"]
    first, *rest = (f"{n}D6" for n in cc["grapple_dice"])
    return Section(
        "Fighting off a zombie",
        (
            Paragraph(
                f"A zombie that reaches a character grabs him (up to {cc['max_engaged']} at once), and he cannot "
                "walk away: he fights where he stands. First he strikes a blow with his close combat weapon, or a "
                f"gun with shots left ({cc['gun_kills_on']}+ kills with most weapons; a {cc['chain_on']} strikes the "
                "next zombie too). Then he grapples each zombie still holding him: he rolls "
                f"{first} against the first ({', '.join(rest)} against the next) and keeps his highest die, the "
                "zombie rolls one D6; higher wins and the loser dies. On a draw the zombie holds on: they fight "
                "again next move."
            ),
        ),
    )


def bites() -> Section:
    """The bite roll after a won combat, and turning."""
    return Section(
        "Bites",
        (
            Paragraph(
                "A human who won a combat rolls a D6 at the start of the next move: 1 means bitten. Then 1 "
                "turns this move, "
                "2 turns next move."
            ),
            Paragraph("3-6: roll again at the start of the next move.", house=True),
            Paragraph("A turned human becomes a zombie and goes for the nearest human."),
        ),
    )


def _with_value(before: str, value: Any, after: str, kind: Literal["text", "bullet"] = "text") -> Paragraph:
    """A paragraph with one house value in it (amber and tagged on screen, bold and tagged in docs/)."""
    runs = (Run(before), Run(f"{value}", True), Run(after))
    return Paragraph("".join(r.text for r in runs), house=True, kind=kind, runs=runs)


def winning(d: ObData) -> Section:
    """Each objective in a player's words, with the defaults a map that says nothing plays (house values), and
    losing."""
    count, limit = d.get("objective", "exit_count"), d.get("objective", "turn_limit")
    return Section(
        "Winning",
        (
            _with_value(
                "Each map sets its objective and how many moves the game lasts (a map that does not say lasts ",
                limit,
                " moves); its card in New game and the top bar say both.",
            ),
            _with_value(
                "Escape: get characters off the table through the exit zone (the map says how many; ",
                count,
                " if it does not).",
                "bullet",
            ),
            Paragraph("Survive: a character is still alive at the end of the last move.", kind="bullet"),
            _with_value(
                "Rescue: lead bystanders out through the exit zone (the map says how many; ",
                count,
                " if it does not); a map for it has bystanders.",
                "bullet",
            ),
            Paragraph(
                "Clear: seal every generation point (a character in contact with it at the end of a move) and "
                "leave no zombie.",
                kind="bullet",
            ),
            Paragraph(
                "The number to get out is never more than the characters (escape) or bystanders (rescue) there "
                "are. Escape, rescue and clear are lost when the last move ends without them, or as soon as they "
                "can no longer be met (too few characters or bystanders left, no character left on the table to "
                "lead bystanders out). Losing every character loses the game.",
                house=True,
            ),
            Paragraph(
                "A figure is in the exit zone when any part of his base is on it, touching its edge or over it, "
                "as on a tabletop; his centre need not be.",
                house=True,
            ),
            Paragraph(
                "A bystander who ends a move in the exit zone (following a character, or fleeing) gets out: he "
                "is rescued, whatever the objective, though only a rescue counts him toward winning.",
                house=True,
            ),
        ),
    )
