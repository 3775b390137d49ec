"""The rules help for Zombie 40,000 (rules: "Zombie 40,000"), built from the same data the rules read,
with every house value marked as one.

>>> from game.rules.zombie40k.data import Z40Data, load_data
>>> titles = [s.title for s in reference(None, {})]
>>> titles[:3]
['The game', 'Building a team', 'Set-up']
"""

from __future__ import annotations

import re
from typing import Any

from game.rules.contract import Paragraph, Run, Section, Table
from game.rules.zombie40k import killing_floor
from game.rules.zombie40k.campaign import carry_rules
from game.rules.zombie40k.data import Z40Data, Z40House, load_data
from game.rules.zombie40k.team_builder import USR_WORDS
from game.scenario.model import Scenario


def _p(text: str, house: bool = False, kind: str = "text", number: int = 0) -> Paragraph:
    return Paragraph(text, house, kind, number)  # type: ignore[arg-type]


def _tab(
    header: tuple[str, ...], rows: tuple[tuple[str, ...], ...], caption: str = "", house: bool = False
) -> tuple[Table]:
    """A table with its caption (the contract draws the caption above it)."""
    return (Table(header, rows, caption=caption, house=house),)


def _hv(before: str, value: str, after: str) -> Paragraph:
    return Paragraph(before + value + after, True, "bullet", runs=(Run(before), Run(value, True), Run(after)))


# where a source note says more than "the source's", "7th edition's" or "the club's": its words in the prose
NOTES = {
    "house reading of the lost digits": " (the source's digits are lost: the club's reading)",
    "house: the seed lost the digit": " (the source lost the digit)",
    "house prices: the seed lost every number": " (the source lost every number: the club's prices)",
    "seed; the copy lost both numbers, and it lost only the digits 1 to 6, so the house's are written with those "
    "digits": " (the source's copy lost both numbers: the club's)",
    "house reading of the end-of-phase roll": " (the club's reading of the end-of-phase roll)",
    "house: the whole unit": " (the club's reading: the whole unit)",
    "7th codex values; zombies house": " (7th edition's codex values; the zombies' are the club's)",
    "power_up_table": "",
}
NOTE = re.compile(r"\s*(?:\(zombie40k\.toml )?\[([^\]]+)\]\)?")


def prose(text: str) -> tuple[str, bool]:
    """A sentence of the rules with its source notes ("[seed]", "[7th]", "[house]") taken out, so it reads as
    prose, and whether one marked a house value or reading (the help then tags the paragraph as one).

    >>> prose("The first player aboard wins [seed]."), prose("Duct Tape: +1 [house digits].")
    (('The first player aboard wins.', False), ('Duct Tape: +1.', True))
    >>> prose("Squad coherency [7th]: each model ends within 2 inches of another.")
    ('Squad coherency: each model ends within 2 inches of another.', False)
    """
    house = False

    def said(m: re.Match[str]) -> str:
        nonlocal house
        note = m[1]
        house = house or "house" in note
        return NOTES.get(note, "")

    return NOTE.sub(said, text), house


def _prose_paragraph(p: Paragraph) -> Paragraph:
    text, house = prose(p.text)
    runs = tuple(Run(prose(r.text)[0], r.house) for r in p.runs)
    return Paragraph(text, p.house or house, p.kind, p.number, runs)


def _prose_table(t: Table) -> Table:
    caption, house = prose(t.caption)
    rows, marked = [], list(t.house_rows)
    for k, row in enumerate(t.rows):
        cells = [prose(c) for c in row]
        rows.append(tuple(c for c, _ in cells))
        if any(h for _, h in cells) and k not in marked:
            marked.append(k)
    return Table(t.header, tuple(rows), tuple(sorted(marked)), caption, t.house or house)


def _prose_section(s: Section) -> Section:
    """A section with every source note worded as prose (:func:`prose`)."""
    body = tuple(_prose_paragraph(b) if isinstance(b, Paragraph) else _prose_table(b) for b in s.body)
    return Section(s.title, body)


def reference(scenario: Scenario | None, options: dict[str, Any]) -> list[Section]:
    return [_prose_section(s) for s in _sections(scenario, options)]


def _sections(scenario: Scenario | None, options: dict[str, Any]) -> list[Section]:
    d = load_data()
    h = d.house
    points = int(scenario.properties.get("points", h.points)) if scenario else h.points
    return [
        _the_game(h),
        _building_a_team(d, points),
        _set_up(h),
        _shooting(d, options),
        _assault(d),
        _zombie_turn(h),
        _power_ups(d),
        _profiles_and_weapons(d),
        _universal_special_rules(d),
        _house_readings(d),
        _mods_section(d, options),
        killing_floor.reference_section(d),  # issue 15 mods: the Killing Floor shop
        _campaigns(d),  # issue 39
    ]


def _the_game(h: Z40House) -> Section:
    """The rules help's "The game" section."""
    return Section(
        "The game",
        (
            _p(
                "One to four players, each with a Zombie Survival Team, race across the table to an escape vehicle in "
                "the middle of the far edge. The first player to embark it with at least one model wins [seed]."
            ),
            _p(
                "Players roll off for their order each turn; the zombies always go last [seed]. A player's turn: "
                "movement, shooting, assault."
            ),
            _p("These are the source's rules; where it is silent, 7th edition's; the club's own are marked."),
            _p(
                "There is no Psychic phase: no unit in the roster is a psyker, and the roster file refuses one, "
                "because psychic powers are not in this game."
            ),
            _p(
                'Squad coherency [7th]: each model ends within 2" of another model of his squad, the squad one '
                "chain. While squad-mates are still to move in the phase, a model may go ahead as far as they can "
                'follow (2" and their 6"); the last to move may not leave the squad more spread out. A squad '
                "left out of coherency (by casualties, or a phase ended before all had moved) must close up. A "
                "model who boards the escape vehicle leaves the table, so the models left on it keep the "
                "coherency [house]. A phase with nothing to decide passes by itself, and the log says why.",
                kind="bullet",
            ),
            _p(
                "Difficult terrain [7th]: a squad whose move takes any of its models into or through difficult "
                "ground (rubble, ruins) rolls 2D6 and keeps the highest before it moves. A squad move (Q) rolls "
                "before its first model and no model of the squad moves further than the roll; a model moved on "
                "his own rolls when his way first enters the ground, and that roll holds for every later way into "
                "it this phase.",
                kind="bullet",
            ),
            _hv(
                "A model whose base comes within ",
                f'{h.embark_reach:g}"',
                " of the escape vehicle embarks.",
            ),
            _hv(
                "With no team embarked after ",
                f"{h.turn_limit} turns",
                ", the zombies have won (in Coop Mode the vehicle then lifts off: with a team aboard, the players win). "
                "A map's turn_limit property changes the number of turns; its objective is escape, the only one.",
            ),
        ),
    )


def _building_a_team(d: Z40Data, points: int) -> Section:
    """The rules help's "Building a team" section."""
    return Section(
        "Building a team",
        (
            _hv(
                "Up to ",
                f"{points} points",
                " each; a map's points property changes it.",
            ),
            _p(
                "Infantry only: no HQ, Artillery, Beasts, Bikes, Cavalry, Gargantuan or Monstrous Creatures, Jet Pack "
                "or Jump units, Vehicles. Each model costs its squad's cost divided by the squad's size. One model may "
                "become the sergeant (paying for it), two others may change weapons as their unit entry allows, one "
                "Universal Special Rule goes to one model. Hit and Run is never allowed [seed].",
                kind="bullet",
            ),
            *_tab(
                ("Unit", "Army", "Points a model", "Models", "Sergeant"),
                tuple(
                    (
                        u.name,
                        u.army,
                        f"{u.model_cost:g}",
                        f"1-{u.max_models}",
                        _sergeant_words(d, u),
                    )
                    for u in d.units.values()
                ),
                caption="The roster (zombie40k_roster.toml: add your own units)",
            ),
        ),
    )


def _sergeant_words(d: Z40Data, u: Any) -> str:
    """The roster table's sergeant: his price (or "in the squad's cost") and any upgrade of his profile."""
    if u.sergeant is None:
        return "-"
    s = u.sergeant
    words = f"{s.name} (+{s.cost})" if s.cost else f"{s.name} (in the squad's cost)"
    ups = [f"{d.profile(o.profile).name} +{o.cost}" for o in s.options if o.profile]
    return words + "".join(f"; {up}" for up in ups)


def _set_up(h: Z40House) -> Section:
    """The rules help's "Set-up" section."""
    return Section(
        "Set-up",
        (
            _hv(
                "Players deploy in their deployment zones, within ",
                f'{h.deploy_edge:g}"',
                f' of the edge opposite the vehicle and no closer than {h.deploy_apart:g}" to each other.',
            ),
            _hv(
                f'A squad stands in files {h.deploy_spacing:g}" apart in pairs, with a lane ',
                f'{h.deploy_lane:g}" wide',
                " (centre to centre) down the middle and between every two pairs, so every model can walk out.",
            ),
            _p("The Zombie Boss stands by the escape vehicle [seed].", kind="bullet"),
            _hv(
                "Hordes: the zombies have ",
                f"{h.horde_squads} hordes of {h.horde_size} zombies for each player",
                ", one zombie of each with an autogun, placed at random across the table [seed; the copy lost both "
                "numbers, and it lost only the digits 1 to 6, so the house's are written with those digits].",
            ),
            _hv(
                "Placed at random: the table is cut into 6 columns and 6 rows; a D6 picks the column and a D6 the "
                "row, and the horde stands as near that cell's middle as it fits wholly inside the cell, off "
                "blocking terrain, every zombie at least ",
                f'{h.horde_clearance:g}"',
                " from each team's deployment zone and from the escape vehicle. A cell with no such room is rolled "
                "again, and so is a cell already holding a horde while a free one is left.",
            ),
        ),
    )


def _sight(d: Z40Data, options: dict[str, Any]) -> tuple[Paragraph, ...]:
    """Sight and cover through ruins: the reading this game plays (the set-up switch "Ruins block sight")."""
    h = d.house
    if isinstance(options, dict) and options.get("ruins_block_sight") is True:
        return (
            _hv(
                "Sight (the house reading, switched on in the set-up): more than ",
                f'{h.clutter_los_limit:g}"',
                " of ruins or other area terrain crossed blocks sight; walls and buildings block it.",
            ),
            _hv(
                "Cover: ",
                f"{h.cover_ruin}+ inside ruins, {h.cover_obscured}+ in other area terrain or obscured by it "
                "(behind a ruin too)",
                " [7th values, house reading].",
            ),
        )
    return (
        _p(
            "Sight: true line of sight [7th]. Ruins and other area terrain are drawn as their footprints and never "
            "block sight; only walls and buildings do. (A set-up switch plays the house reading: more than "
            f'{h.clutter_los_limit:g}" of area terrain crossed blocks sight.)',
            kind="bullet",
        ),
        _hv(
            "Cover: ",
            f"{h.cover_ruin}+ inside a ruin or behind one (the line from the nearest firer crosses a ruin he "
            f"does not stand in), {h.cover_obscured}+ in or behind other area terrain",
            " [7th].",
        ),
    )


def _shooting(d: Z40Data, options: dict[str, Any]) -> Section:
    """The rules help's "Shooting" section."""
    h = d.house
    return Section(
        "Shooting",
        (
            _p(
                "Every model that sees a model of the target unit and has it in range fires one weapon. To hit by BS "
                "(Snap Shots on a 6), to wound by S against T, one save, Feel No Pain, Instant Death; wounds go on the "
                "closest models first [7th].",
                kind="bullet",
            ),
            *_sight(d, options),
            _p(
                "Rapid Fire: 2 shots at half range. Assault N: N shots. Pistol: 1 shot, a close combat weapon too. "
                'Heavy: Snap Shots after moving. Blast: a 3" marker scatters 2D6 minus BS (none on a hit), every model '
                'partly under it is hit. Template: every model under the 8" template, no cover.',
                kind="bullet",
            ),
            _p(
                'Never at another player unless they are within 8" of the escape vehicle or have shot at you [seed].',
                kind="bullet",
            ),
            _hv(
                "Hits on a unit in close combat strike it on ",
                f"{h.into_combat_hit}+",
                ", else an enemy unit it fights (blasts and templates hit as they land).",
            ),
            *_tab(
                ("BS", *[str(i) for i in range(1, 11)]),
                (("to hit", *[f"{v}+" for v in d.to_hit_ranged]),),
                caption="To hit (shooting)",
            ),
            *_tab(
                ("S \\ T", *[str(i) for i in range(1, 11)]),
                tuple((str(s), *[f"{v}+" if v else "-" for v in row]) for s, row in enumerate(d.to_wound, 1)),
                caption="To wound",
            ),
        ),
    )


def _assault(d: Z40Data) -> Section:
    """The rules help's "Assault" section."""
    h = d.house
    return Section(
        "Assault",
        (
            _p(
                "Players charge only another player's squad within 8\" of the escape vehicle, not already in a combat; "
                "combats already under way are fought in the player's own assault phase and in the zombie turn [seed].",
                kind="bullet",
            ),
            _p(
                'Charge 2D6" (3D6 drop the highest through difficult terrain) after the target\'s Overwatch; pile in 3"; '  # noqa: E501
                "blows by Initiative 10 to 1; +1 Attack on the charge, +1 with two close combat weapons; the side that "
                "caused fewer unsaved wounds tests Morale at Ld minus the difference; Sweeping Advance D6 + I: a loser that "
                "fails its Morale and is caught (the winner's roll equal or higher) is destroyed, but a squad with And "
                "They Shall Know No Fear is not: it falls back, and regroups in its next turn [7th].",
                kind="bullet",
            ),
            _p(
                "In Overwatch each model fires one weapon as Snap Shots; a model whose flamer reaches the charger "
                "sets up a Wall of Death instead, D3 automatic hits [7th].",
                kind="bullet",
            ),
            _hv("Consolidation is ", h.consolidate_dice, '" [house reading of the lost digits].'),
            _p(
                "A combat in which, after the pile-in, no model of either side stands in base contact with an enemy "
                'or within 2" of a friend who does (a wall or a building between them, or too far) breaks off: the '
                "units are no longer locked and act as usual from their next phase. A combat whose blows killed every "
                "model in contact piles in as it ends, so it breaks off then, not a turn later [house].",
                kind="bullet",
            ),
            *_tab(
                ("Your WS", *[f"vs {i}" for i in range(1, 11)]),
                tuple((f"WS {a}", *[f"{v}+" for v in row]) for a, row in enumerate(d.ws_chart, 1)),
                caption=CLOSE_COMBAT_CAPTION,
            ),
        ),
    )


# the close-combat chart said as a newcomer reads it: which way is whose WS, and what the cell is
CLOSE_COMBAT_CAPTION = (
    "To hit in close combat (the D6 roll needed): your model's WS down the side, the target's across"
)


def _zombie_turn(h: Z40House) -> Section:
    """The rules help's "Zombie turn" section."""
    return Section(
        "Zombie turn",
        (
            _p(
                "Shamble: one D6 is rolled for all the zombies together, and each unengaged horde moves that many inches "
                "toward the nearest player squad (engaged squads count), ignoring difficult terrain; reaching contact is an "
                "assault with Overwatch and +1 Attack [seed].",
                kind="step",
                number=1,
            ),
            _hv(
                "A squad is completely surrounded (and ignored) when every model has ",
                f"{h.surrounded_contacts} zombies",
                " in base contact.",
            ),
            _p(
                "Shooting: each horde's autogun fires at the nearest unengaged squad, else the nearest [seed].",
                kind="step",
                number=2,
            ),
            _p(
                "Assault: every combat is fought; zombies Sweeping Advance and consolidate toward the nearest squad [seed].",  # noqa: E501
                kind="step",
                number=3,
            ),
            _hv(
                "Respawning: a wiped-out squad comes back at the start of its player's turn, at least ",
                f'{h.respawn_distance:g}"',
                " further from the escape vehicle than the squad furthest from it; the rules place it for "
                "the player as near the vehicle as that allows, in formation on the line from the vehicle "
                "through its deployment zone (none such on the table, or no other squad on it, as in a solo "
                "game: its deployment zone) [seed, house].",
            ),
            _hv(
                "Respawning: every destroyed horde (not the Boss) comes back and may assault at once. D6: 1 the "
                "players' edge, 2 the edge to its left, 3 to its right, 4 the vehicle's edge (at the point "
                "nearest the nearest squad not fighting zombies), 5 deep strike from the table centre, "
                "scattering 2D6, 6 the furthest player drops them ",
                f'{h.horde_drop_gap:g}"',
                " in front of the squad nearest the vehicle (the rules choose for that player) [seed, house].",
            ),
        ),
    )


def _power_ups(d: Z40Data) -> Section:
    """The rules help's "Power-ups" section."""
    h = d.house
    return Section(
        "Power-ups",
        (
            _p(
                "A squad that destroys the last model of a zombie horde, or comes back after being wiped out, "
                "rolls 2D6 on the table below [seed]. A wiped-out team loses every power-up it had (and the Ork "
                "Boy) [seed].",
                kind="bullet",
            ),
            _p(
                "The squad furthest from the escape vehicle (with another squad on the table [house]) chooses "
                'instead: roll twice and keep one (button 1), or move the squad closest to the vehicle D6" '
                "straight back from it with the zombies fighting it (button 2) [seed].",
                kind="bullet",
            ),
            _p(
                "In the squad's turn: Arm (G) gives the carried Chainsaw or Shotgun to the selected model, "
                "Tape +A (A) / Tape +shot (H) the Duct Tape, Speed Pack (S) turns the pack on, Defibrillate (D) "
                "brings a dead model (the sergeant first) back beside the selected one. A Medpack is used by "
                "itself on the squad's first unsaved wound after Feel No Pain; the Defibrillator counts as one "
                "only to save the squad's last model.",
                kind="bullet",
            ),
            _p(
                "The Blessing of Chuck Norris, as the rules play it: until the end of the squad's next turn "
                "every roll it fails is re-rolled by itself: to-hit (Overwatch too), to-wound, saves, Feel No "
                "Pain, Morale and regroup tests, a charge short of its target, a Run or difficult-terrain move "
                f'of {h.chuck_reroll_move_at_most}" or less [house], a losing Sweeping Advance, the '
                "Chainsaw's fuel-out roll; where a re-roll already applies, what still fails after it is "
                "re-rolled again [house reading]. The dice tray and the log say each re-roll.",
                True,
                "bullet",
            ),
            _hv(
                "Chainsaw: hits on ",
                f"{h.chainsaw_hits}+, runs out of fuel on a {h.chainsaw_fuel_out}",
                "; Shotgun: hits a zombie on "
                f'{h.shotgun_hits}+ whatever the BS; Speed Pack: +{h.speed_inches:g}" and '
                f"+{h.speed_initiative} Initiative; Duct Tape: +{h.duct_tape_bonus} [house digits].",
            ),
            *_tab(
                ("2D6", "Power-up", "Effect"),
                tuple((str(r), e["name"], e["effect"]) for r, e in sorted(d.power_up_table.items())),
                caption="The power-up table (zombie40k.toml [power_up_table])",
            ),
        ),
    )


def _profiles_and_weapons(d: Z40Data) -> Section:
    """The rules help's "Profiles and weapons" section."""
    return Section(
        "Profiles and weapons",
        (
            *_tab(
                ("Model", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Sv", "Rules"),
                tuple(
                    (
                        _row_name(d, p),
                        str(p.ws),
                        str(p.bs),
                        str(p.s),
                        str(p.t),
                        str(p.w),
                        str(p.i),
                        str(p.a),
                        str(p.ld),
                        (f"{p.sv}+" if p.sv else "-")
                        + (f"/{p.inv}++" if p.inv else "")
                        + (f" FNP {p.fnp}+" if p.fnp else ""),
                        ", ".join(p.rules),
                    )
                    for p in d.profiles.values()
                ),
                caption="Profiles [7th codex values; zombies house]",
                house=True,
            ),
            *_tab(
                ("Weapon", "Range", "S", "AP", "Type"),
                tuple(
                    (w.name, f'{w.range:g}"' if w.ranged else "-", str(w.s), str(w.ap or "-"), w.label)
                    for w in d.weapons.values()
                ),
                caption="Weapons [7th]",
            ),
        ),
    )


def _row_name(d: Z40Data, p: Any) -> str:
    """A profile's name in the table, its key added when an earlier profile has the same name (the Patriarch's
    two readings)."""
    before = [q.key for q in d.profiles.values() if q.name == p.name]
    return p.name if before[0] == p.key else f"{p.name} ({p.key})"


def _universal_special_rules(d: Z40Data) -> Section:
    """The rules help's "Universal Special Rules" section."""
    return Section(
        "Universal Special Rules",
        (
            _p(USR_WORDS),
            *(
                _p(f"{u.name} ({u.list} rule): {u.effect if u.has_effect else u.why}", kind="bullet")
                for u in d.usrs.values()
            ),
        ),
    )


def _house_readings(d: Z40Data) -> Section:
    """The rules help's "House readings": where the game plays a rule of the source its own way, and why."""
    h, kf = d.house, d.killing_floor
    boss = d.profile("zombie_boss")
    tv = d.mods.get("t_virus", {})
    prices = {**kf.get("basic", {}), **kf.get("melee", {}), **kf.get("heavy", {})}
    shown = ", ".join(
        f"{d.weapon(k).name.lower()} {prices[k]}"
        for k in ("boltgun", "plasma_gun", "power_fist", "plasma_cannon")
        if k in prices and k in d.weapons
    )
    return Section(
        "House readings",
        (
            _p(
                "Where the game plays a rule of the source its own way, it says so here, and why.",
            ),
            _p(
                "Respawn roll of 6: the source lets the player furthest from the escape vehicle Deep Strike the "
                "horde anywhere on the table with Drop Pod rules. The game plays the zombie turn without stopping "
                "to ask a player, so the rules place the horde for that player where someone racing the leader "
                f'would want it: {h.horde_drop_gap:g}" in front of the squad nearest the vehicle (not the '
                "furthest player's own), on its way to the vehicle; in Coop Mode in front of the team closest to "
                "the vehicle, as that mod says. It does not scatter: the 6 is a chosen spot, unlike the 5's drop "
                "from the table centre, and like a drop pod it never mishaps (it lands clear of every model).",
                True,
                "bullet",
            ),
            _p(
                'Medpack: the source says a Medpack "may be saved", one use only. The game uses one by itself on '
                "the squad's first unsaved wound that Feel No Pain does not stop: keeping it for later never saves "
                "more models, and nobody is asked in the middle of a volley. The Defibrillator counts as a Medpack "
                "only when the squad's last model would fall, so it is kept for bringing someone back.",
                True,
                "bullet",
            ),
            _p(
                f"T-Virus: the horde zombies get Toughness {tv.get('t', '?')} and Feel No Pain "
                f"{tv.get('fnp', '?')}+; the Zombie Boss keeps his own profile (Toughness {boss.t}, Feel No Pain "
                f"{boss.fnp}+), and so does a model that joined a horde under Dead Men Walking.",
                True,
                "bullet",
            ),
            _p(
                "Killing Floor's prices: the source's price lists lost every number. The game's prices are scaled "
                f"to the {kf.get('points_per_zombie', 1)} point a zombie kill earns (a horde is {h.horde_size} "
                f"zombies): {shown}; every price is in the Killing Floor section below.",
                True,
                "bullet",
            ),
            _p(
                "The Psychic phase is skipped: the source's phase (roll for Warp Charges; the target of a power may "
                "Deny the Witch, the zombies deny when there is no target) needs a psyker, and the roster has none "
                "and refuses one, so nobody manifests a power. Force weapons and Killing Floor's psyker-only items "
                "are never used.",
                True,
                "bullet",
            ),
        ),
    )


def _mods_section(d: Any, options: dict[str, Any]) -> Section:
    """Rules: "Mods": every mod with its summary and house values; the ones this game plays marked."""
    from game.rules.zombie40k import mods

    on = (options.get("mods") or []) if isinstance(options, dict) else []
    body = [
        _p(
            "Switches of the new-game set-up; any of them may be combined [seed]. A map's mods property turns some "
            "on by default (mod ids separated by commas, e.g. coop)."
        )
    ]
    for key in mods.MOD_IDS:
        if key in d.mods:
            mark = " (on in this game)" if key in on else ""
            values = mods.house_values(d, key)
            body.append(
                _p(
                    f"{mods.name_of(d, key)}{mark}: {d.mods[key]['summary']}"
                    + (f" House values: {values}." if values else ""),
                    house=bool(values),
                    kind="bullet",
                )
            )
    return Section("Mods", tuple(body))


def _campaigns(d: Z40Data) -> Section:
    """Rules: "Campaigns": what a team carries from one chapter into the next, each rule in its words."""
    body = [
        _p(
            "A campaign is a chain of chapters, each an ordinary game on its own map. Each team that comes out "
            "of a chapter plays the next with the models it has left; a campaign file's carry list names the "
            "rules below that it plays (all of them when it names none). Every roll between chapters is the "
            "next chapter's, in its log."
        )
    ]
    body += [
        _p(f"{r.words} (carry: {r.key})", house=r.house, kind="bullet") for r in carry_rules(d.house.campaign_heal)
    ]
    return Section("Campaigns", tuple(body))
