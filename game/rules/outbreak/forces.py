"""Setting up: the player characters, the bystanders, the zombies on the map and the generation
points (rules: Outbreak, Forces).

Options (validated here, each refusal names the option):
- ``players``: 1 to 4 (default 1);
- ``characters``: a list of ``{"name", "player", "ranged", "melee"}`` (ranged: pistol, revolver,
  automatic, shotgun, rifle or none; melee: knife, club, bat, sword, ... or none), each with an optional
  ``figure``: the object id of the map's ``character`` figure he stands on (the set-up gives the map's own
  characters theirs, so New game starts as ``simulate`` does); without it the
  map's ``character`` objects play, dealt to the players by their ``player`` property
  (a player number above ``players`` goes round again: with one player he has them all) [house];
- ``caught_running_first_blow``: the reading of close combat (default from the data: false, the
  source's "caught while running, straight to the grapple").

Choices [house]: characters from the options stand on their ``figure``, else in the players' deploy zone (``player`` = N,
else ``side`` = players) from its centre outward, in files 2.5" apart across its longer side and 1.5"
apart along each file (so every one can walk out down the lane between two files), else on the map's
character spots, else along the bottom edge. Figure ids: ``pc1``.., ``npc1``.., zombies ``z1``...
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules.core import CannotStart, quoted
from game.rules.outbreak.data import NO_WEAPON, ObData
from game.rules.outbreak.deal import deal
from game.rules.outbreak.events import FigurePlaced
from game.rules.outbreak.state import BYSTANDERS, PLAYERS, ZOMBIES, Figure, Spawn
from game.rules.outbreak.world import World, angle_to
from game.scenario.model import Area, Point, Scenario

MAX_NAME = 60  # [house] characters in a character's name: the screen draws it beside the figure

OPTION_KEYS = (
    "players",
    "characters",
    "caught_running_first_blow",
    "all_aware_after_outbreak_move",
    "campaign",  # a campaign chapter's carried force (rules: .campaign)
)


@dataclass(frozen=True)
class CharacterSpec:
    name: str
    player: int
    ranged: str
    melee: str
    position: Point | None = None
    facing: float | None = None
    figure: int | None = None  # the map's character figure (its object id) he stands on


def _weapon(data: ObData, value: Any, kind: str, where: str, strict: bool) -> str:
    key = "" if value is None else str(value).strip().lower()
    if key in NO_WEAPON:
        return ""
    if kind == "ranged":
        if key not in data.ranged_weapons:
            raise CannotStart(
                f"{where}: unknown ranged weapon {quoted(value)}; choose from "
                f"{', '.join(sorted(data.ranged_weapons))} or none."
            )
        return key
    if strict and key not in data.melee_weapons:
        raise CannotStart(
            f"{where}: unknown close combat weapon {quoted(value)}; choose from "
            f"{', '.join(sorted(data.melee_weapons))} or none."
        )
    return key


def awareness_option(data: ObData, options: dict[str, Any]) -> bool:
    """The awareness reading: true (the default, the source's) makes every human and zombie aware of the
    other side once the first attack has been spotted; false leaves each human to spot a zombie himself."""
    key = "all_aware_after_outbreak_move"
    reading = options.get(key, data.house.all_aware_after_outbreak_move)
    if not isinstance(reading, bool):
        raise CannotStart(f"Option {key!r} must be true or false, not {quoted(reading)}.")
    return reading


def dealt(data: ObData, characters: list[tuple[int, str]], players: int) -> list[int]:
    """The player of each of the map's characters (his map player, his gun), even in number and guns."""
    guns = data.ranged_weapons
    ranges = [(p, guns[g].range if g in guns else 0.0) for p, g in characters]
    return deal(ranges, players, guns[str(data.get("forces", "default_ranged"))].range)


def check_options(
    data: ObData, options: dict[str, Any], scenario_characters: list[CharacterSpec]
) -> tuple[int, list[CharacterSpec], bool]:
    """The number of players, the characters and the close combat reading; CannotStart naming a bad option."""
    for key in options:
        if key not in OPTION_KEYS:
            raise CannotStart(
                f"Unknown option {quoted(key)} for Zombie Rules (Outbreak); known: {', '.join(OPTION_KEYS)}."
            )
    lo, hi = int(data.get("forces", "players_min")), int(data.get("forces", "players_max"))
    players = options.get("players", 1)
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise CannotStart(f"Option 'players' must be a whole number from {lo} to {hi}, not {quoted(players)}.")
    reading = options.get("caught_running_first_blow", bool(data.get("movement", "caught_running_first_blow")))
    if not isinstance(reading, bool):
        raise CannotStart(f"Option 'caught_running_first_blow' must be true or false, not {quoted(reading)}.")
    raw = options.get("characters")
    if raw is None:
        if not scenario_characters:
            raw = [{"name": f"Survivor {p}", "player": p} for p in range(1, players + 1)]
        else:
            seats = dealt(data, [(c.player, c.ranged) for c in scenario_characters], players)
            specs = [
                CharacterSpec(c.name, seat, c.ranged, c.melee, c.position, c.facing, c.figure)
                for c, seat in zip(scenario_characters, seats)
            ]
            return players, specs, reading
    if not isinstance(raw, (list, tuple)) or not raw:
        raise CannotStart("Option 'characters' must be a list of characters, each {name, player, ranged, melee}.")
    per = int(data.get("forces", "characters_per_player_max"))
    specs = []
    for i, c in enumerate(raw, start=1):
        where = f"Option 'characters' #{i}"
        if not isinstance(c, dict):
            raise CannotStart(f"{where} must be a table with name, player, ranged and melee.")
        extra = set(c) - {"name", "player", "ranged", "melee", "figure"}
        if extra:
            raise CannotStart(f"{where} has unknown field(s) {', '.join(quoted(k) for k in sorted(extra))}.")
        name = c.get("name", f"Survivor {i}")
        if not isinstance(name, str):
            raise CannotStart(f"{where}: 'name' must be text, not {quoted(name)}.")
        name = name.strip() or f"Survivor {i}"
        if len(name) > MAX_NAME or not name.isprintable():  # the screen draws it on the table and the roster
            raise CannotStart(
                f"{where}: a name is one line of at most {MAX_NAME} printable characters, "
                f"not {len(name)} characters{'' if name.isprintable() else ' with a control character'}."
            )
        player = c.get("player", 1)
        if isinstance(player, bool) or not isinstance(player, int) or not 1 <= player <= players:
            raise CannotStart(
                f"{where} ({name}): 'player' must be 1 to {players} (option 'players'), not {quoted(player)}."
            )
        ranged = _weapon(data, c.get("ranged", data.get("forces", "default_ranged")), "ranged", where, True)
        melee = _weapon(data, c.get("melee", data.get("forces", "default_melee")), "melee", where, True)
        spot = _figure_spot(c.get("figure"), scenario_characters, f"{where} ({name})")
        specs.append(CharacterSpec(name, player, ranged, melee, spot.position, spot.facing, spot.figure))
    _check_one_each(specs)
    seen: dict[str, int] = {}
    for i, spec in enumerate(specs, start=1):
        j = seen.setdefault(spec.name.casefold(), i)
        if j != i:
            raise CannotStart(
                f"Option 'characters' #{i} ({spec.name}): character #{j} has that name too; "
                "give each character a name of his own (the log and the roster call them by it)."
            )
    for p in range(1, players + 1):
        n = sum(s.player == p for s in specs)
        if n == 0:
            raise CannotStart(f"Option 'characters': player {p} has no character (one or more per player).")
        if n > per:
            raise CannotStart(f"Option 'characters': player {p} has {n} characters; at most {per}.")
    return players, specs, reading


def _figure_spot(figure: Any, scenario_characters: list[CharacterSpec], where: str) -> CharacterSpec:
    """Where the character's ``figure`` stands (a spec with no position: he has no figure, the deploy zone);
    CannotStart when it is no character figure of the map."""
    nowhere = CharacterSpec("", 0, "", "")
    if figure is None:
        return nowhere
    if isinstance(figure, bool) or not isinstance(figure, int):
        raise CannotStart(f"{where}: 'figure' must be the id of a map character figure, not {quoted(figure)}.")
    own = next((c for c in scenario_characters if c.figure == figure), None)
    if own is None:
        ids = ", ".join(str(c.figure) for c in scenario_characters) or "none"
        raise CannotStart(f"{where}: the map has no character figure {figure} (its character figures: {ids}).")
    return own


def _check_one_each(specs: list[CharacterSpec]) -> None:
    """CannotStart when two characters would stand on one map figure."""
    seen: dict[int, int] = {}
    for i, spec in enumerate(specs, start=1):
        if spec.figure is not None and seen.setdefault(spec.figure, i) != i:
            raise CannotStart(
                f"Option 'characters' #{i} ({spec.name}): character #{seen[spec.figure]} stands on map figure "
                f"{spec.figure} too; leave out the 'figure' of one of them (he starts in the deploy zone)."
            )


def check_names(scenario: Scenario, specs: list[CharacterSpec]) -> None:
    """CannotStart when a player's character is called as one of the map's bystanders: the log would name
    two people alike. (Two of the map's own people sharing a name are refused when the map is loaded.)"""
    npcs = {pl.name.strip().casefold(): pl for pl in scenario.placements_of("npc") if pl.name.strip()}
    for i, spec in enumerate(specs, start=1):
        pl = npcs.get(spec.name.casefold())
        if pl is not None:
            raise CannotStart(
                f"{Path(scenario.path).name}: the character {spec.name!r} (#{i}) has the name of the map's "
                f"bystander {pl.id} {pl.name!r}; give the character another name."
            )


def map_characters(world: World) -> list[CharacterSpec]:
    """The map's ``character`` figures, each where it is drawn."""
    return scenario_characters(world.data, world.scenario)


def scenario_characters(data: ObData, scenario: Scenario) -> list[CharacterSpec]:
    """The ``character`` figures of ``scenario``, each where it is drawn (``figure``: its object id)."""
    out = []
    for pl in scenario.placements_of("character"):
        props = pl.properties
        where = f"map character {pl.id} {pl.name!r}"
        player = int(props.get("player") or 1)
        ranged = _weapon(data, props.get("ranged", ""), "ranged", where, False)
        melee = _weapon(data, props.get("melee", ""), "melee", where, False)
        name = pl.name or f"Character {pl.id}"
        out.append(CharacterSpec(name, player, ranged, melee, pl.position, pl.facing, pl.id))
    return out


def free(world: World, p: Point, r: float) -> bool:
    t = world.table
    return t.on_table(p, r) and not t.overlaps_blocking(p, r) and not t.figures_in_circle(p, r)


def spots(world: World, area: Area, spacing: float, r: float, files: float | None = None) -> Iterator[Point]:
    """Free places in an area, from its centre outward, then in widening rings around it; with ``files``,
    in files that far apart across the area's longer side (``spacing`` apart along each file), so every
    figure can walk out down the lane between two files."""
    cx, cy = area.centre
    x0, y0, x1, y1 = area.bounds
    sx = sy = spacing
    if files is not None:
        sx, sy = (files, spacing) if x1 - x0 >= y1 - y0 else (spacing, files)
    seen: set[Point] = set()
    for grow in range(0, 40):
        g = grow * max(sx, sy)
        nx = max(1, int((x1 - x0 + 2 * g) / sx))
        ny = max(1, int((y1 - y0 + 2 * g) / sy))
        ox = (x0 + x1) / 2 - (nx - 1) * sx / 2
        oy = (y0 + y1) / 2 - (ny - 1) * sy / 2
        cands = [(round(ox + i * sx, 4), round(oy + j * sy, 4)) for j in range(ny) for i in range(nx)]
        cands = [p for p in cands if p not in seen and (grow > 0 or area.contains(p) or area.is_line)]
        cands.sort(key=lambda p: (round(math.dist(p, (cx, cy)), 6), p[1], p[0]))
        for p in cands:
            seen.add(p)
            if free(world, p, r):
                yield p


def _deploy_area(world: World, player: int) -> Area | None:
    zones = world.scenario.zones_of("deploy")
    own = [z for z in zones if str(z.properties.get("player", "")) == str(player)]
    if own:
        return own[0].area
    shared = [z for z in zones if str(z.properties.get("side", "players")) == "players"]
    return shared[0].area if shared else None


def _place(world: World, f: Figure, role: str) -> None:
    world.state.figures[f.id] = f
    world.place(f)
    world.emit(FigurePlaced(f.id, f.side, role, f.position, f.facing, f.name))


def _spot_near(world: World, p: Point, r: float) -> Point:
    if free(world, p, r):
        return p
    return next(spots(world, Area.rect(p[0] - 0.5, p[1] - 0.5, 1, 1), 1.0, r))


def raise_forces(world: World, players: int, specs: list[CharacterSpec]) -> None:
    """Place the PCs, the NPCs, the map's zombies, and read the generation points."""
    data, st, sc = world.data, world.state, world.scenario
    st.players = players
    r = data.house.base_size / 2
    centre = (sc.width / 2, sc.height / 2)
    placers: dict[int, Iterator[Point]] = {}
    for i, s in enumerate(specs, start=1):
        if s.position is not None:
            p = _spot_near(world, s.position, r)
        else:
            area = _deploy_area(world, s.player)
            if area is None:
                area = Area.rect(0, sc.height - 4, sc.width, 4)
            files = data.house.deploy_file_spacing
            gen = placers.setdefault(hash(area.points), spots(world, area, data.house.deploy_spacing, r, files))
            p = next(gen)
        facing = s.facing if s.facing is not None else angle_to(p, centre)
        _place(world, Figure(f"pc{i}", PLAYERS, p, round(facing, 3), r, s.name, s.player, s.ranged, s.melee), "pc")
    for i, pl in enumerate(sc.placements_of("npc"), start=1):
        where = f"map NPC {pl.id} {pl.name!r}"
        ranged = _weapon(data, pl.properties.get("ranged", ""), "ranged", where, False)
        melee = _weapon(data, pl.properties.get("melee", ""), "melee", where, False)
        p = _spot_near(world, pl.position, r)
        f = Figure(f"npc{i}", BYSTANDERS, p, float(pl.facing), r, pl.name or f"Bystander {i}", 0, ranged, melee)
        _place(world, f, "npc")
    for pl in sc.placements_of("zombie"):
        p = _spot_near(world, pl.position, r)
        new_zombie(world, p, float(pl.facing), pl.name or "Zombie")
    for z in sc.zones_of("spawn"):
        dice = int(z.properties.get("dice") or data.get("generation", "dice_default"))
        st.spawns.append(Spawn(f"spawn{z.id}", z.name or f"Generation point {z.id}", dice))


def new_zombie(world: World, p: Point, facing: float, name: str = "Zombie", turned_from: str = "") -> Figure:
    st = world.state
    fid = f"z{st.next_zombie}"
    st.next_zombie += 1
    r = world.data.house.base_size / 2
    f = Figure(
        fid, ZOMBIES, (float(p[0]), float(p[1])), round(facing % 360.0, 3), r, name, turned_from=turned_from
    )
    _place(world, f, "zombie")
    return f
