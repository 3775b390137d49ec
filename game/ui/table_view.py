"""The table on screen: map, zones, terrain outlines, figures, overlays and the measuring tape.

A ``TableView`` owns its camera and the table input (zoom, pan, fit, tape, outlines); the
scene that holds it owns the layout and feeds it tokens and overlays each time the game changes:

>>> view = TableView.for_scenario(scenario, assets, viewport=(0, 0, 960, 640))   # doctest: +SKIP
>>> view.tokens = [TokenView("z1", "tokens.zombie_1", (12, 8), facing=180, side="zombie")]  # doctest: +SKIP
>>> view.handle_event(event); view.update(dt); view.draw(screen)                  # doctest: +SKIP
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, NamedTuple

import pygame

from game.scenario.model import Scenario, Terrain
from game.ui import drawing
from game.ui.assets import Assets
from game.ui.camera import Camera, Viewport
from game.ui.declutter import Placer, along_ring, around, overlap, piles, stacked
from game.ui.drawing import TextCache
from game.ui.fitting import wrap
from game.ui.kept import MB, KeptSurfaces
from game.ui.map_render import MapRenderer
from game.ui.obstacles_over import ObstacleLines, wall_segments
from game.ui.overlays import Arc, Circle, Cross, Icon, Label, Line, Overlay
from game.ui.tape import Tape
from game.ui.terrain_art import bake_terrain
from game.ui.tokens import HIGHLIGHT_COLOURS, PLAYER_COLOURS, SIDE_COLOURS, TokenView
from game.ui.vehicle_art import vehicle_kind

log = logging.getLogger(__name__)

Point = tuple[float, float]

# Zone and terrain looks: colour, line style, a word on the label (never colour alone).
PLAYERS_SIDES = ("allies", "players")  # a deploy zone's side that is the players': no word needed
ZONE_STYLE: dict[str, tuple[tuple[int, int, int], str, str]] = {
    "deploy": ((90, 150, 230), "dashed", "DEPLOY"),
    "exit": ((110, 220, 120), "dashed", "EXIT"),
    "spawn": ((230, 70, 60), "dotted", "SPAWN"),
    "objective": ((240, 200, 70), "solid", "OBJECTIVE"),
    "escape_vehicle": ((90, 220, 220), "solid", "ESCAPE"),
}
TERRAIN_STYLE: dict[str, tuple[tuple[int, int, int], str, int]] = {
    "wall": ((250, 250, 240), "solid", 3),
    "building": ((240, 170, 80), "solid", 2),
    "clutter": ((150, 230, 110), "dashed", 2),
    "ruin": ((210, 160, 230), "dashed", 2),
}
ZONE_FILL_ALPHA = 46
# a wall's bar drawn again over a token that covers it (:meth:`TableView._draw_walls_over`): its colour, dark edge
# and width in inches (never under 2 pixels)
WALL_OVER_COLOUR = (224, 214, 184)
WALL_OVER_EDGE = (36, 32, 26)
WALL_OVER_WIDTH = 0.18
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
PAN_SPEED = 700.0  # pixels per second while an arrow key is held
TAPE_COLOUR = (255, 236, 140)
DRAG_PIXELS = 8  # a left press that moves further than this is a drag (tape or facing), not a click
PLATE_BG = (16, 17, 13, 240)  # (nearly opaque: a red plate over a red spawn zone read red on dark red)
# font pixels: the least a tag in words by a figure is printed, zoomed out to the whole table (a newcomer could
# not read a squad's tag at 14)
LEAST_PRINT = 18
ZONE_PRINT = 20  # a zone's name (at 22 the thirds of a shot, zoomed out, were crowded onto one another)
OUTLINE_PRINT = 16  # the terrain's names, shown with Outlines on: more of them find room on a crowded table
PLATE_CONTRAST = 7.0  # a plate's words against its ground at least (WCAG's AAA for body text)
# a plate tries its corners near the point, then one and two steps farther out (each step costs as much as
# hiding 60 pixels of a neighbour's token): clear of the other figures where there is room
PLATE_STEPS = (1, 2, 3)
# inches: a circle this small on the table marks where a figure will be (a zombie after each third of a shot), which
# a plate keeps clear of as of the target's base; the reach and range rings are far bigger
MARK_RADIUS = 1.5  # inches: a ring no wider is a base's, where a figure will be (a plate keeps clear of it)
PLATE_STEP_COST = 60
NUMBERED_MARK = 6.0  # a hot-seat mark this many pixels across its half shows the player's number


ZOMBIE_TEETH_COLOUR = (196, 38, 34)  # fresh blood: brighter than the dried-blood rim inside it
DOWN_COLOUR = (150, 146, 134)  # a knocked-down figure's teeth and rim: dull grey, not his side's fresh colour
LYING_MARK_COLOUR = (235, 225, 195)  # the bar across a knocked-down base: a figure lying flat
GRAVE_COLOUR = (240, 236, 225)  # the cross on a dead soldier's spot
DOWN_TAG_COLOUR = (255, 200, 120)
MIN_TOKEN_RADIUS = 10.0  # pixels: a figure never shows smaller than a 20-pixel token, whatever the zoom
BASE_RING_COLOUR = (245, 240, 220)  # the true base, drawn inside a token shown bigger than it
FIGURE_COST = 20  # a banner over the table hides a figure's pixel as badly as this many of a zone's or a word's
KIND_FLOOR = {"boss": 1.5}  # a kind's least size, in MIN_TOKEN_RADIUS: the Zombie Boss over his horde
BOSS_COLOUR = (240, 196, 60)  # a boss's teeth and crown: gold, never a player's colour or a zombie's blood


def shown_radius(base_pixels: float, kind: str = "") -> float:
    """The radius in pixels a token is drawn at for a base ``base_pixels`` round on screen: never under
    :data:`MIN_TOKEN_RADIUS`, so a model reads at the fit zoom (its true base is ringed inside; the rules
    measure that ring, never the picture). A model of a ``kind`` that must stand out of a crowd (a boss)
    has a bigger floor: at the fit zoom his 40 mm base showed as small as a zombie's 25 mm one.

    >>> shown_radius(5.4), shown_radius(20.0), shown_radius(8.6, "boss")
    (10.0, 20.0, 15.0)
    """
    return max(MIN_TOKEN_RADIUS * KIND_FLOOR.get(kind, 1.0), base_pixels)


def token_radius(token: TokenView, ppi: float) -> float:
    """The radius in pixels ``token`` is drawn at, ``ppi`` pixels an inch (:func:`shown_radius`)."""
    return shown_radius(token.base_radius * ppi, token.kind)


def crown(cx: float, top: float, half: float) -> list[Point]:
    """A three-pointed crown ``half`` pixels each side of ``cx``, its band's foot at ``top``: a boss's mark,
    read as his shape, not his colour alone.

    >>> crown(0, 10, 5)[0], len(crown(0, 10, 5))
    ((-5, 10), 7)
    """
    h = half * 1.2
    return [
        (cx - half, top),
        (cx - half, top - h),
        (cx - half / 2, top - h * 0.55),
        (cx, top - h * 1.1),
        (cx + half / 2, top - h * 0.55),
        (cx + half, top - h),
        (cx + half, top),
    ]


def zombie_teeth(cx: float, cy: float, r: float, teeth: int = 8) -> list[Point]:
    """The jagged ring round a zombie's base ``r`` pixels round: ``teeth`` points standing two fifths of
    the radius (at least 4 pixels) out of it, so its outline differs from a bystander's round one.

    >>> len(zombie_teeth(0, 0, 8)), round(max(math.hypot(*p) for p in zombie_teeth(0, 0, 8)), 1)
    (16, 12.0)
    """
    tip, root = r + max(4.0, r * 0.4), r - 0.5
    out = []
    for k in range(2 * teeth):
        a = math.pi * k / teeth
        d = tip if k % 2 == 0 else root
        out.append((cx + d * math.cos(a), cy + d * math.sin(a)))
    return out


def rim_width(r: float, token: TokenView) -> int:
    """The width in pixels of the rim of a token ``r`` pixels round: an eighth of it, but a player's figure
    shown bigger than his base (the fit zoom) has a broad band of his colour, so his squad reads apart from
    the zombies at a glance (a 2-pixel rim was lost round a 20-pixel disc).

    >>> t = TokenView("a", "s", (0, 0), player=1)
    >>> rim_width(10, t), rim_width(40, t), rim_width(10, replace(t, player=0))
    (4, 5, 2)
    """
    least = max(2, int(r / 8))
    return max(least, round(r * 0.4)) if token.player and r <= MIN_TOKEN_RADIUS * 1.25 else least


def player_mark_size(base_radius: float) -> float:
    """The half-width in pixels of a hot-seat player's mark on a base ``base_radius`` pixels round: a
    fifth of the base across, never under 2.5 pixels (a dot that still shows its shape).

    >>> player_mark_size(8), player_mark_size(16), player_mark_size(40)
    (2.5, 2.88, 7.2)
    """
    return round(max(2.5, base_radius * 0.18), 2)


READY_COLOUR = (150, 240, 120)
RANK_MARK_COLOUR = (245, 240, 220)  # a rank's letter on a base
RIM_MARK = 14  # pixels: a base this big shows its rank's letter on its rim, a smaller one over the figure
WORD_MARK = (
    12  # pixels: a base this big shows a mark of two letters (a name's initials), on its rim; a smaller none
)
DONE_COLOUR = (30, 26, 20)  # the dark tick on a base whose figure has acted this turn (on his colour)
# The pictures kept, least recently used going first, each budget a few frames' worth: the most one frame
# drew of each in 100 bot commands a rule set (deep zooms, previews hovered, the zombies' turns played
# out; game.bench.memory) was token looks 1.4 MB, strokes 4.5 MB, plates 0.24 MB, words 0.23 MB.
# A token look is a few kB at the fit zoom, 100 kB to 1 MB at the deepest (12 MB kept 960 looks).
LOOK_BYTES = 4 * MB
STROKE_BYTES = 10 * MB  # the dashed and dotted strokes kept
# the preview plates kept (a hovered move's or shot's plate is 10 to 300 kB): 256 plates, the count kept
# before, held 17 MB after 100 Zombie 40,000 commands
PLATE_BYTES = 1 * MB
# A stroke reaching further than this many pixels (a range ring or a path at a deep zoom) is painted
# straight onto the screen each frame (a ring 1000 pixels across in a millisecond or two, about what
# blitting its canvas took): its canvas would be 4 MB or more (17 MB at 1024 pixels, and as much again
# while it was cut to what was painted; tens of GB at the deepest zoom).
STROKE_KEEP_REACH = 512


def bake_zones(renderer: MapRenderer, scenario: Scenario) -> None:
    """Tint the zones into the map image once, so the fills cost nothing per frame."""
    ppi = renderer.native_ppi
    tint = pygame.Surface(renderer.native.get_size(), pygame.SRCALPHA)
    for zone in scenario.zones:
        colour, _, _ = ZONE_STYLE.get(zone.kind, ((200, 200, 200), "solid", zone.kind.upper()))
        colour = _player_colour(zone, colour)
        pts = [(x * ppi, y * ppi) for x, y in zone.area.points]
        if len(pts) >= 3 and not zone.area.is_line:
            pygame.draw.polygon(tint, (*colour, ZONE_FILL_ALPHA), pts)
        elif pts:  # a point zone (spawn point): a small disc
            pygame.draw.circle(tint, (*colour, ZONE_FILL_ALPHA * 2), pts[0], ppi * 1.0)
    renderer.native.blit(tint, (0, 0))


def _line_about(
    colour: drawing.Colour,
    rel: Sequence[Point],
    width: int,
    style: str,
    closed: bool,
    canvas: pygame.Surface,
    x: int,
    y: int,
) -> None:
    """A stroke's points (given from its reference point) drawn about (x, y) of ``canvas``."""
    drawing.polyline(canvas, colour, [(px + x, py + y) for px, py in rel], width, style, closed=closed)


def _ring_about(
    colour: drawing.Colour, radius: float, width: int, style: str, canvas: pygame.Surface, x: int, y: int
) -> None:
    """A ring of ``radius`` pixels round (x, y) of ``canvas``."""
    drawing.circle(canvas, colour, (x, y), radius, width, style)


def zones_in_play(scenario: Scenario, players: int | None) -> Scenario:
    """The scenario as the table shows it in a game of ``players`` players: a deploy zone given to a player
    who is not in the game (Player 2's in a solo game) is left off. None: every zone."""
    if players is None:
        return scenario

    def in_play(zone: Any) -> bool:
        player = zone.properties.get("player") if zone.kind == "deploy" else None
        return not isinstance(player, int) or player <= players

    return replace(scenario, zones=tuple(z for z in scenario.zones if in_play(z)))


def _player_colour(zone: Any, colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A deploy zone given to one player takes his colour (its label says "player N" too)."""
    player = zone.properties.get("player") if zone.kind == "deploy" else None
    return PLAYER_COLOURS.get(player, colour) if isinstance(player, int) else colour


@dataclass
class TableInput:
    """What the mouse and keys are doing on the table right now."""

    mouse: Point = (0.0, 0.0)
    panning: bool = False
    taping: str | None = None  # "key" (T held), "drag" (left button) or "armed" (the next click starts it)
    held_arrows: set[int] = field(default_factory=set)
    press: Point | None = None  # where the left button went down on the table (screen pixels)
    press_shift: bool = False
    dragging: str | None = None  # None (still a click), "tape" or "face"
    pan_from: Point | None = None  # where the right/middle button went down
    pan_travel: float = 0.0


ClickHandler = Callable[[Point, bool, "Point | None"], None]  # (inches, shift, face_toward in inches)


BADGE_COLOUR = (250, 245, 225)  # a figure's GUTS beside its base


class WordJob(NamedTuple):
    """One word to place on the table: what it is (``guts``, ``ring``, ``line``, ``arc``, ``zone``,
    ``terrain``), its text and print, the spots it may go in (best first), and whether it must show."""

    kind: str
    text: str
    size: int
    colour: tuple[int, int, int]
    spots: list[pygame.Rect]
    must: bool
    steps_aside: bool = False  # a zone's name that leaves the figures standing on it (a spawn point's)
    owner: str = ""  # the figure whose GUTS it is: his word keeps its side of him from frame to frame
    own: int | None = None  # its first ``own`` spots read as its zone's or figure's (see _own_first, by_own)
    centre: tuple[int, int] | None = None  # a named figure's tag: his base's middle (a leader when it stands off)


PLATE_WIDTH = 640  # pixels: a plate's longest line, so a long refusal reads in a few lines on the table


def luminance(colour: tuple[int, int, int]) -> float:
    """A colour's relative luminance (WCAG): 0 for black, 1 for white."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The contrast ratio of two colours (WCAG): 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def legible(colour: tuple[int, int, int], ground: tuple[int, int, int], least: float) -> tuple[int, int, int]:
    """``colour`` lightened toward white, a tenth at a time, until it reads on ``ground`` at ``least`` contrast:
    the warning plate's red on its dark ground was hard to read.

    >>> legible((245, 85, 65), (16, 17, 13), 7.0), legible((250, 240, 200), (16, 17, 13), 7.0)
    ((247, 119, 103), (250, 240, 200))
    """
    out = colour
    for k in range(1, 11):
        if contrast(out, ground) >= least:
            break
        out = tuple(round(c + (255 - c) * k / 10) for c in colour)  # type: ignore[assignment]
    return out


def _over(o: Overlay) -> bool:
    """A line drawn over the figures, not under them (a grab between two touching bases)."""
    return isinstance(o, Line) and o.over


def _placed(o: Label) -> bool:
    """A plain word centred on its point (an area's name) is placed among the table's words, clear of the
    figures; a plate and a word set beside its point (a waypoint's number) keep their own place."""
    return not o.plate and (o.beside > 0 or (o.anchor == "center" and o.offset == (0, 0)))


def _centred(size: tuple[int, int], at: Point) -> pygame.Rect:
    """A word of ``size`` with its middle at ``at`` (screen pixels)."""
    w, h = size
    return pygame.Rect(0, 0, w, h).move(round(at[0] - w / 2), round(at[1] - h / 2))


def _side_by_side(a: Point, b: Point, w: int, h: int) -> bool:
    """Whether two labels ``w`` by ``h`` centred at ``a`` and ``b`` would touch, or stand within a word's gap (two
    of the print's heights across, one up or down) and so read as one doubled line.

    >>> _side_by_side((100, 50), (235, 50), 130, 14), _side_by_side((100, 50), (400, 50), 130, 14)
    (True, False)
    """
    return abs(a[0] - b[0]) < w + 2 * h and abs(a[1] - b[1]) < 2 * h


def by_own(spots: list[pygame.Rect], own: pygame.Rect, others: Sequence[pygame.Rect]) -> tuple[list, int]:
    """``spots`` for a figure's word with those nearer his base than any other's first (a spot wedged between
    two rows reads as either's: a newcomer read a "Sgt 9" as the row's in front), each part in its order; and
    how many read so. ``own``, ``others``: the bases' squares; near is the word's middle to a base's rim.

    >>> spots, n = by_own([pygame.Rect(0, 20, 10, 10), pygame.Rect(0, -12, 10, 10)], pygame.Rect(0, 0, 10, 10),
    ...                   [pygame.Rect(0, 32, 10, 10)])
    >>> spots[0].y, n
    (-12, 1)
    """
    near = [o for o in others if o != own]

    def reads(spot: pygame.Rect) -> bool:
        mine = rim_distance(spot, own)
        return all(mine + OWN_MARGIN <= rim_distance(spot, o) for o in near)

    good = [r for r in spots if reads(r)]
    return good + [r for r in spots if not reads(r)], len(good)


def rim_distance(word: pygame.Rect, base: pygame.Rect) -> float:
    """Pixels from a word's middle to the rim of a base (its square's inscribed circle)."""
    return math.dist(word.center, base.center) - base.w / 2


OWN_MARGIN = 3  # pixels a figure's word stands nearer his base than any other's, to read as his


def _place_word(placer: Placer, job: WordJob) -> pygame.Rect | None:
    """Where ``job``'s word goes, or None when it finds no room and need not show. A figure's GUTS never
    pushes onto another word except on its own rim; the must-show readings do when nothing is free. A GUTS
    goes only where it reads as his (:func:`by_own`) unless it must show (he is pointed at: then a leader line
    ties it to him, see TableView._leader_lines)."""
    spots = job.spots
    if job.kind == "named" and job.own is not None:  # by him, over his squad-mates if need be, never over a word
        mine = [r for r in spots[: job.own] if placer.view.contains(r) and r.collidelist(placer.words) < 0]
        placed = placer.place(mine) or (mine[0] if mine else None)
        if placed is not None:
            if placed not in placer.words:
                placer.words.append(placed)
            return placed
    if job.kind == "guts" and job.own is not None:
        placed = placer.place(spots[: job.own])
        if placed is not None or not job.must:
            return placed
    placed = placer.place(spots, job.must and job.kind != "guts")
    if placed is None and job.kind == "guts" and len(spots) > 8 and spots[-1].collidelist(placer.words) < 0:
        placed = spots[-1]  # no room round a big base: on its own rim (see TableView._badge_job)
        placer.words.append(placed)
    if placed is None and job.must:
        placed = placer.place(spots, True)
    return placed


def _zone_spots(
    wh: tuple[int, int], corners: tuple[float, float, float, float], view: pygame.Rect
) -> list[pygame.Rect]:
    """Where a zone's name may go, best first: just outside the zone, above or below it, middle then ends,
    a step further out each time; then inside its top (of the part on the view); then beside it; then the
    first two slid into the view; then slid along above and below it. ``corners`` are the zone's screen bounds
    (left, top, right, bottom)."""
    w, h = wh
    ax, ay, bx, by = corners
    cx, cy = round((ax + bx) / 2), round((ay + by) / 2)
    spots = []
    for step in (0, h, 2 * h):
        for y, anchor in ((ay - 3 - step, "midbottom"), (by + 3 + step, "midtop")):
            for x in (cx, round(ax + w / 2), round(bx - w / 2)):
                rect = pygame.Rect(0, 0, w, h)
                setattr(rect, anchor, (x, round(y)))
                spots.append(rect)
    for x in (cx, round(ax + w / 2), round(bx - w / 2)):
        spots.append(pygame.Rect(0, 0, w, h))
        spots[-1].midtop = (x, round(ay + 3))
    # inside the top of the part on the view (a zone running off it), before the sides: the ground beside a
    # start line is where the section walks out
    seen = pygame.Rect(round(ax), round(ay), max(1, round(bx - ax)), max(1, round(by - ay))).clip(view)
    if seen.w and seen.h:
        for x in (seen.centerx, seen.x + w // 2 + 3):
            spots.append(pygame.Rect(0, 0, w, h))
            spots[-1].midtop = (x, seen.top + 3)
    for y in (cy, round(ay + h / 2), round(by - h / 2)):
        spots += [pygame.Rect(0, 0, w, h), pygame.Rect(0, 0, w, h)]
        spots[-2].midright, spots[-1].midleft = (round(ax - 4), y), (round(bx + 4), y)
    spots += [rect.clamp(view) for rect in spots[:2]]  # the zone runs off the view: slid in
    # then slid along above and below it, still over some of it (the middle and the ends were taken by figures
    # or another zone's name, and "beside it" stood nearer the next zone)
    for step in (0, h):
        for x in range(round(ax - w + 12), round(bx - 11), max(8, w // 8)):
            spots += [pygame.Rect(x, round(ay - 3 - step - h), w, h), pygame.Rect(x, round(by + 3 + step), w, h)]
    return spots


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The pixels between two rectangles (0 when they touch or overlap).

    >>> gap(pygame.Rect(0, 0, 10, 10), pygame.Rect(13, 0, 5, 5)), gap(pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 9, 9))
    (3, 0)
    """
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return round(math.hypot(dx, dy))


def reads_as_own(spot: pygame.Rect, own: pygame.Rect, others: Sequence[pygame.Rect]) -> bool:
    """Whether a zone's name at ``spot`` reads as that zone's: over no other zone (a spawn point's name stood on the
    escape zone), and a line's height nearer its own than any other ("DEPLOY: Deployment zone (Player 2)" set
    beside its box stood just under player 1's and read as its name). ``own``, ``others``: the zones' bounds."""
    if spot.collidelist([o.inflate(-4, -4) for o in others]) >= 0:  # (a bound's rounded pixel is not over it)
        return False
    near = gap(spot, own) + spot.h
    return all(near <= gap(spot, o) for o in others)


def _own_first(spots: list[pygame.Rect], own: pygame.Rect, others: Sequence[pygame.Rect]) -> tuple[list, int]:
    """``spots`` for a zone's name with those that read as its own (:func:`reads_as_own`) first, each part in its
    order; and how many read so.

    >>> box, other = pygame.Rect(100, 100, 50, 50), pygame.Rect(0, 100, 50, 50)
    >>> spots, n = _own_first([pygame.Rect(20, 153, 60, 10), pygame.Rect(100, 153, 60, 10)], box, [other])
    >>> spots[0].x, n
    (100, 1)
    """
    good = [r for r in spots if reads_as_own(r, own, others)]
    return good + [r for r in spots if not reads_as_own(r, own, others)], len(good)


def _place_zone_word(placer: Placer, job: WordJob) -> pygame.Rect | None:
    """A zone's name: the first free spot that reads as its own; else the one of those clear of the other words
    that hides least of the figures, when they hide under a third of it (it is drawn under them); else any spot
    as every word goes (:meth:`Placer.place`)."""
    own = job.spots[: job.own if job.own is not None else len(job.spots)]
    placed = placer.place(own)
    if placed is not None:
        return placed
    clear = [r for r in own if placer.view.contains(r) and r.collidelist(placer.words) < 0]
    if clear:
        best = min(clear, key=lambda r: overlap(r, placer.obstacles))
        if overlap(best, placer.obstacles) * 3 < best.w * best.h:
            placer.words.append(best)
            placer.forced += 1
            return best
    return placer.place(job.spots, job.must)


def stood_on(lying: TokenView, tokens: Sequence[TokenView]) -> bool:
    """Whether a standing figure's base covers the middle of ``lying``'s: his DOWN over the one standing there
    read as the standing one's (a newcomer took a soldier on a fallen zombie for down), so it is not shown.

    >>> zombie = TokenView("z1", "tokens.zombie_1", (5.0, 5.0), state="knocked_down")
    >>> stood_on(zombie, [zombie, TokenView("us1-r1", "tokens.us_rifleman", (5.2, 5.1))])
    True
    >>> stood_on(zombie, [zombie, TokenView("us1-r1", "tokens.us_rifleman", (6.2, 5.0))])
    False
    """
    x, y = lying.position
    return any(
        t.state == "standing" and math.hypot(t.position[0] - x, t.position[1] - y) < t.base_radius for t in tokens
    )


class TableView:
    """Draws one table and handles its input. Feed it ``tokens`` and ``overlays``; read ``hover``."""

    def __init__(
        self,
        renderer: MapRenderer,
        assets: Assets,
        scenario: Scenario | None = None,
        viewport: Viewport = (0, 0, 1280, 800),
    ) -> None:
        self.renderer = renderer
        self.assets = assets
        self.scenario = scenario
        self.table_size: Point = (scenario.width, scenario.height) if scenario else renderer.table_size
        self.camera = Camera(viewport=viewport)
        self.camera.fit(self.table_size)
        self.texts = TextCache()
        self.tokens: Sequence[TokenView] = ()
        self.overlays: Sequence[Overlay] = ()
        self._walls: tuple[Scenario, ObstacleLines] | None = None  # the walls drawn over tokens, of this scenario
        self.show_outlines = False
        self.show_zones = True
        self.tape: Tape | None = None
        self.input = TableInput()
        self.hover: TokenView | None = None  # the token under the cursor
        # set by the scene: a left click (with shift, and the facing drag), a right click, a facing drag
        self.on_click: ClickHandler | None = None
        self.on_right_click: Callable[[], None] | None = None
        self.on_face_drag: Callable[[Point | None], None] | None = None
        self.drag_sets_facing = False  # True while choosing a move: a left drag turns, not measures
        self.drag_turns: str | None = None  # the figure a left drag from his own base turns (else it measures)
        self.tooltip: Callable[[TokenView], str] | None = None  # text for the hovered token
        self.terrain_words: Mapping[str, str] = {}  # a map class in the rule set's words (the outlines' labels)
        self.tip_asleep = False  # a click put the hovered token's card away until the pointer moves again
        self.badge_least = 16  # pixels: a figure's GUTS at its least print (the demo's, read across a room, more)
        self.face_drag: tuple[Point, Point] | None = None  # (destination, facing point) while dragging
        self._shades: dict[int, pygame.Surface] = {}
        # each token look painted once: (sprite, radius, facing, state, ...) -> (surface, centre on it)
        self._looks = KeptSurfaces(LOOK_BYTES)  # (surface, its centre on it) by look
        self._last_tokens: Sequence[TokenView] | None = None  # the last frame's tokens, how seen, its blits
        self._last_seen: tuple = ()
        self._last_blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        # dashed and dotted strokes painted once: shape on screen -> (surface, its reference point on it)
        self._strokes = KeptSurfaces(STROKE_BYTES)  # (surface, its reference point on it) by shape
        self._plates = KeptSurfaces(PLATE_BYTES)  # preview plates by (text, size, colour, width)
        # the words drawn last frame and where (kind, text, screen rect): zone and terrain names, ring
        # readings, GUTS numbers, placed clear of the figures and of each other (see _place_words)
        self.words: list[tuple[str, str, pygame.Rect]] = []
        self._set_up: tuple[TokenView, ...] = ()  # the figures as first drawn: the zones' names keep off them
        # a spawn point's name steps off the figures standing on it (Zombie 40,000's hordes come in by it); off,
        # every zone's name keeps its place whoever stands there (newcomers saw them move each turn)
        self.spawn_names_step_aside = False
        # where the fallen figures' DOWN tags were drawn last (stacked apart)
        self.tag_rects: list[pygame.Rect] = []
        self.tag_words: list[str] = []  # and what each says ("down", "3 down" over a heap)
        self.grave_spots: list[tuple[int, int]] = []  # where the dead soldiers' crosses were drawn last
        self.words_forced = 0  # words that had to show but found no free spot last frame
        # where each figure's GUTS went last, from his token's centre (pixels) at that zoom: tried first, so the
        # words stay put while the pointer moves over the section (newcomers saw them hop from side to side)
        self._guts_sides: dict[str, tuple[float, tuple[int, int]]] = {}
        self._bases_now: list[pygame.Rect] = []
        self._heaps: list[pygame.Rect] = []  # the fallen figures' heaps, a down tag each (_down_tags)
        self.leaders: list[
            tuple[tuple[int, int], tuple[int, int]]
        ] = []  # from a GUTS to its figure (_leader)  # the figures' squares as the words are placed (by_own)
        self._guts_centres: dict[str, tuple[int, int]] = {}  # each figure's centre as his GUTS was placed round it
        self.guts_at: dict[str, pygame.Rect] = {}  # each figure's GUTS word drawn last frame, by his id
        # what the words were placed for (the things themselves, compared by identity) and their blits
        self._words_for: tuple = ()
        self._plate_figures_for: tuple = ()  # (tokens, camera, squares): see _plate_figures
        self._words_blits: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._zone_blits: list[tuple[pygame.Surface, pygame.Rect]] = []  # drawn under the figures
        self.plates: list[pygame.Rect] = []  # where the preview plates went last frame
        self.tip_rect: pygame.Rect | None = (
            None  # where the hovered figure's card went last frame (None: not shown)
        )

    @classmethod
    def for_scenario(cls, scenario: Scenario, assets: Assets, viewport: Viewport) -> TableView:
        """Load the scenario's map tiles (once); a map that cannot be drawn gets a bare table and a warning."""
        try:
            renderer = MapRenderer.from_tmx(scenario.path, scenario.inches_per_tile)
        except ValueError as exc:
            log.warning("%s: drawing a bare table", exc)
            renderer = MapRenderer.plain((scenario.width, scenario.height))
        bake_terrain(renderer.native, renderer.native_ppi, scenario.terrain)
        bake_zones(renderer, scenario)
        return cls(renderer, assets, scenario, viewport)

    # ---- input -------------------------------------------------------------------------------

    def set_viewport(self, viewport: Viewport, hold: bool = False) -> None:
        """Resize the table area: its centre kept (a new window), or with ``hold`` the table left where it
        is on screen (a panel beside it grew or shrank)."""
        if hold:
            self.camera.hold_table(viewport)
        else:
            self.camera.set_viewport(viewport)

    def fit(self) -> None:
        self.camera.fit(self.table_size)

    def token_at(self, screen_pos: Point) -> TokenView | None:
        """The topmost token drawn under a screen pixel (its picture, which may be bigger than its base)."""
        p = self.camera.to_table(screen_pos)
        ppi = self.camera.ppi
        for token in reversed(list(self.tokens)):
            if math.dist(p, token.position) * ppi <= token_radius(token, ppi):
                return token
        return None

    def click_point(self, screen_pos: Point) -> Point:
        """The table point a click at ``screen_pos`` means: on a token's picture but outside its smaller
        true base, the figure's own centre (he clicked the model he sees); else the point under it."""
        p = self.camera.to_table(screen_pos)
        token = self.token_at(screen_pos)
        if token is not None and math.dist(p, token.position) > token.base_radius:
            return token.position
        return p

    def _tape_anchor(self, screen_pos: Point) -> tuple[Point, float]:
        token = self.token_at(screen_pos)
        if token is not None:
            return token.position, token.base_radius
        return self.camera.to_table(screen_pos), 0.0

    def _start_tape(self, how: str) -> None:
        start, radius = self._tape_anchor(self.input.mouse)
        self.tape = Tape(start, start, start_radius=radius)
        self.input.taping = how

    def arm_tape(self) -> None:
        """The tape comes out at the next left click on the table (the top bar's button), then follows the
        pointer as T's does."""
        self.put_away_tape()
        self.input.taping = "armed"

    def put_away_tape(self) -> None:
        """The tape goes, however it was taken out (T or a drag); T takes it out again."""
        self.tape, self.input.taping = None, None

    def _move_tape(self) -> None:
        if self.tape is not None:
            end, radius = self._tape_anchor(self.input.mouse)
            if end == self.tape.start:  # still on the starting base
                radius = 0.0
            self.tape = self.tape.moved_to(end, radius)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Camera, tape, clicks and outline input. Returns True when the event was used.

        A left click on the table goes to ``on_click``; a left drag longer than ``DRAG_PIXELS``
        measures with the tape, or, while ``drag_sets_facing``, sets the facing at the destination.
        A right click (no drag) goes to ``on_right_click``; a right or middle drag pans.
        """
        inp = self.input
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):  # a click's result is read, not hidden
            self.tip_asleep = event.type == pygame.MOUSEBUTTONDOWN
        if event.type == pygame.MOUSEMOTION:
            previous = inp.mouse
            inp.mouse = event.pos
            if inp.panning:
                self.camera.pan_pixels(event.pos[0] - previous[0], event.pos[1] - previous[1])
                self.camera.keep_on(self.table_size)
                inp.pan_travel += abs(event.pos[0] - previous[0]) + abs(event.pos[1] - previous[1])
            if inp.press is not None and inp.dragging is None and math.dist(inp.press, event.pos) > DRAG_PIXELS:
                turned = self.token_at(inp.press) if self.drag_turns is not None else None
                if self.drag_sets_facing or (turned is not None and turned.id == self.drag_turns):
                    inp.dragging = "face"
                elif inp.taping is None:
                    inp.dragging = "tape"
                    saved, inp.mouse = inp.mouse, inp.press
                    self._start_tape("drag")
                    inp.mouse = saved
            if inp.dragging == "face" and inp.press is not None:
                self.face_drag = (self.camera.to_table(inp.press), self.camera.to_table(event.pos))
                if self.on_face_drag:
                    self.on_face_drag(self.face_drag[1])
            self._move_tape()
            self.hover = self.token_at(event.pos) if self.camera.contains_screen(event.pos) else None
            return inp.panning or inp.taping is not None
        if event.type == pygame.MOUSEBUTTONDOWN:
            inp.mouse = event.pos
            if not self.camera.contains_screen(event.pos):
                return False
            if event.button in (2, 3):
                inp.panning, inp.pan_from, inp.pan_travel = True, event.pos, 0.0
                return True
            if event.button == 1 and inp.taping == "armed":  # the click says where the tape starts: no action
                inp.taping = None
                self._start_tape("key")
                return True
            if event.button == 1:
                inp.press, inp.dragging = event.pos, None
                inp.press_shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            inp.mouse = event.pos
            if event.button in (2, 3) and inp.panning:
                inp.panning = False
                if event.button == 3 and inp.pan_travel <= DRAG_PIXELS and self.on_right_click:
                    self.on_right_click()
                return True
            if event.button == 1 and inp.press is not None:
                press, dragging = inp.press, inp.dragging
                inp.press, inp.dragging = None, None
                if dragging == "tape":  # (a tape put away mid-drag: the release is no click either)
                    self.tape, inp.taping = None, None
                elif self.on_click is not None:
                    face = self.camera.to_table(event.pos) if dragging == "face" else None
                    self.on_click(self.click_point(press), inp.press_shift, face)
                self.face_drag = None
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.camera.contains_screen(self.input.mouse):
                self.camera.wheel(self.input.mouse, event.y)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_HOME:
                self.fit()
            elif event.key in ARROWS:
                self.input.held_arrows.add(event.key)
                self.camera.pan_key(*ARROWS[event.key])  # a tap moves a step, whatever else the screen is doing
                self.camera.keep_on(self.table_size)
            elif event.key == pygame.K_t:  # T toggles the tape: it follows the pointer until T again
                if self.input.taping == "key":
                    self.tape, self.input.taping = None, None
                elif self.input.taping is None:
                    self._start_tape("key")
            elif event.key == pygame.K_l:
                self.show_outlines = not self.show_outlines
            else:
                return False
            return True
        if event.type == pygame.KEYUP:
            if event.key in self.input.held_arrows:
                self.input.held_arrows.discard(event.key)
                return True
        if event.type == pygame.WINDOWFOCUSLOST:  # a key released elsewhere must not stick
            self.input.held_arrows.clear()
            self.input.panning = False
        return False

    def moving(self) -> bool:
        """Whether the view moves by itself this frame (arrow keys held: panning)."""
        return bool(self.input.held_arrows)

    def update(self, dt: float) -> None:
        """Pan smoothly while arrow keys are held (``dt`` in seconds)."""
        held = self.input.held_arrows
        if held:
            dx = (pygame.K_LEFT in held) - (pygame.K_RIGHT in held)
            dy = (pygame.K_UP in held) - (pygame.K_DOWN in held)
            self.camera.pan_pixels(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
            self.camera.keep_on(self.table_size)  # (held down, it went on into the black)

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table area, clipped to the viewport."""
        cam = self.camera
        previous_clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.viewport))
        surface.fill((18, 19, 16), pygame.Rect(cam.viewport))
        self.renderer.draw(surface, cam)
        if self.scenario is not None:
            if self.show_zones:
                self._draw_zones(surface)
            if self.show_outlines:
                self._draw_terrain(surface)
        over = (Label, Icon, Cross)  # marks and words go on top of the figures, lines under them
        surface.set_clip(self.table_rect())  # rings, arcs and their readings end at the table's edge
        self._draw_overlays(surface, [o for o in self.overlays if not isinstance(o, over) and not _over(o)])
        self._place_words_kept()  # names, readings and numbers: clear of the figures and of each other
        surface.blits(self._zone_blits, doreturn=False)  # under the figures: a name that stays put hides nobody
        self._draw_tokens(surface)
        self._draw_walls_over(surface)
        self._draw_overlays(surface, [o for o in self.overlays if isinstance(o, (Icon, Cross)) or _over(o)])
        for start, end in self.leaders:  # (a GUTS set apart from its figure, tied to him)
            pygame.draw.line(surface, BADGE_COLOUR, start, end, 1)
        surface.blits(self._words_blits, doreturn=False)
        surface.set_clip(pygame.Rect(cam.viewport))
        self.plates = []
        self._draw_overlays(surface, [o for o in self.overlays if isinstance(o, Label) and not _placed(o)])
        if self.face_drag is not None:
            a, b = (self.camera.to_screen(p) for p in self.face_drag)
            pygame.draw.line(surface, (250, 240, 200), a, b, 3)
            pygame.draw.circle(surface, (250, 240, 200), b, 5)
        if self.tape is not None:
            self._draw_tape(surface, self.tape)
        self._draw_tooltip(surface)
        surface.set_clip(previous_clip)

    def _screen(self, points: Sequence[Point]) -> list[Point]:
        to = self.camera.to_screen
        return [to(p) for p in points]

    def _draw_zones(self, surface: pygame.Surface) -> None:
        for zone in self.scenario.zones if self.scenario else ():
            colour, style, _ = ZONE_STYLE.get(zone.kind, ((200, 200, 200), "solid", zone.kind.upper()))
            colour = _player_colour(zone, colour)
            pts = self._screen(zone.area.points)
            if len(pts) >= 2:
                self._polyline(surface, colour, pts, 2, style, closed=not zone.area.is_line)
            else:
                drawing.circle(surface, colour, pts[0], self.camera.ppi, 2, style)

    def _draw_terrain(self, surface: pygame.Surface) -> None:
        for piece in self.scenario.terrain if self.scenario else ():
            colour, style, width = TERRAIN_STYLE.get(piece.kind, ((220, 220, 220), "solid", 2))
            pts = self._screen(piece.area.points)
            if len(pts) >= 2:
                drawing.polyline(surface, colour, pts, width, style, closed=not piece.area.is_line)

    def _draw_tokens(self, surface: pygame.Surface) -> None:
        """Every token on screen in one ``fblits``: each look (what the token shows at this zoom,
        its place aside) is painted once by :meth:`_paint_token` and kept (:meth:`_look`)."""
        cam = self.camera
        tokens, ppi = self.tokens, cam.ppi
        hover = self.hover.id if self.hover is not None else None
        # the same tokens (the scene hands a new sequence when they change) seen the same way: the
        # same blits as the last frame
        seen = (len(tokens), hover, cam.viewport, ppi, cam.offset)
        if tokens is self._last_tokens and seen == self._last_seen:
            surface.fblits(self._last_blits)
            return
        x0, y0, vw, vh = cam.viewport
        x1, y1 = x0 + vw, y0 + vh
        ox, oy = cam.offset
        looks = self._looks
        blits = []
        fallen: list[tuple[TokenView, float, float, float]] = []
        graves: list[tuple[float, float, float]] = []
        for token in tokens:
            px, py = token.position
            cx, cy = x0 + (px - ox) * ppi, y0 + (py - oy) * ppi  # Camera.to_screen, inlined
            base = token.base_radius * ppi
            r = shown_radius(base, token.kind)
            if cx + r < x0 or cy + r < y0 or cx - r > x1 or cy - r > y1:
                continue
            key = (
                token.sprite,
                r,
                round(token.facing) % 360,
                token.state,
                token.side,
                token.player,
                token.ready,
                token.badge,
                token.mark,
                token.kind,
                token.highlight or ("hover" if token.id == hover else None),
                round(base, 1) if base < r else None,
            )
            look = looks.get(key)
            if look is None:
                look = looks[key] = self._look(token, r, key[2], key[-1])
            image, (dx, dy) = look
            blits.append((image, (round(cx) - dx, round(cy) - dy)))
            if token.state == "knocked_down" and r >= 6 and not stood_on(token, tokens):
                fallen.append((token, cx, cy, r))
            elif token.state == "dead" and token.side not in ("zombie", "npc"):
                graves.append((cx, cy, r))
        # a dead man's cross over every token: a zombie standing on him never hides where he fell
        blits += [self._grave(cx, cy, r) for cx, cy, r in graves]
        self.grave_spots = [(round(cx), round(cy)) for cx, cy, _ in graves]
        # the status tags last, over every token (a neighbour's base never hides a DOWN): one a heap of fallen
        # figures ("3 down"), stacked apart where heaps lie close (their DOWNs ran together), clear of the zones'
        # names (a heap by the exit wrote its tag across "EXIT: Track to the bridge")
        tags = self._down_tags(fallen)
        zones = [rect for kind, _, rect in self.words if kind == "zone"]
        taken = [rect for _, _, rect in self.words]  # the zones' names, the GUTS, the readings
        rects: list[pygame.Rect] = []
        for i, tag in enumerate(tags):
            rects.append(self._by_own_heap(i, tag, taken + rects))
        rects = stacked([self._clear_of(rect, zones) for rect in rects])
        blits += [(image, rect.topleft) for (image, _), rect in zip(tags, rects)]
        self.tag_rects = rects
        surface.fblits(blits)
        self._last_tokens, self._last_seen, self._last_blits = tokens, seen, blits

    def _draw_walls_over(self, surface: pygame.Surface) -> None:
        """The part of each wall, barricade or sandbag line a token covers, drawn again across the token as a thin
        bar: a squad lined up at a barricade hid it at the fit zoom (:mod:`game.ui.obstacles_over`)."""
        if self.scenario is None:
            return
        if self._walls is None or self._walls[0] is not self.scenario:
            self._walls = (self.scenario, ObstacleLines(wall_segments(self.scenario.terrain)))
        walls = self._walls[1]
        if not walls.segments:
            return
        cam = self.camera
        ppi, to = cam.ppi, cam.to_screen
        view = pygame.Rect(cam.viewport)
        width = max(2, round(ppi * WALL_OVER_WIDTH))
        for token in self.tokens:
            r = shown_radius(token.base_radius * ppi, token.kind) + 3  # (the token's ring too)
            centre = to(token.position)
            if not view.collidepoint(centre):
                continue
            for a, b in walls.chords(token.position, r / ppi):
                pa, pb = to(a), to(b)
                pygame.draw.line(surface, WALL_OVER_EDGE, pa, pb, width + 2)
                pygame.draw.line(surface, WALL_OVER_COLOUR, pa, pb, width)

    def _down_tags(
        self, fallen: Sequence[tuple[TokenView, float, float, float]]
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The knocked-down figures' tags: one "down" each, but one "3 down" a heap of them, bases all but
        touching (a melee's pile read "DOWN DOWN DOWN", each tag over the next), over the heap's middle."""
        tags = [self._down_tag(*one) for one in fallen]
        bases = [pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r)) for _, cx, cy, r in fallen]
        out, self.tag_words, self._heaps = [], [], []
        for pile in piles(bases, max((r for *_, r in fallen), default=0.0) // 2):
            self.tag_words.append("down" if len(pile) == 1 else f"{len(pile)} down")
            self._heaps.append(bases[pile[0]].unionall([bases[i] for i in pile]))
            if len(pile) == 1:
                out.append(tags[pile[0]])
                continue
            heap = [fallen[i] for i in pile]
            cx = sum(cx for _, cx, _, _ in heap) / len(heap)
            token, r = heap[0][0], max(r for _, _, _, r in heap)
            top = min(cy - r for _, _, cy, r in heap)  # (over the highest base, as one figure's DOWN)
            out.append(self._down_tag(token, cx, top + r, r, len(heap)))
        return out

    def _down_tag(
        self, token: TokenView, cx: float, cy: float, r: float, count: int = 1
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """A knocked-down figure's "down" on a dark plate: above the base of one lying on it (not across him),
        else on his middle; a heap's count set apart from the word by a full space ("6DOWN" ran together in
        the small print). Drawn after every token (:meth:`_draw_tokens`)."""
        lying = token.sprite.endswith("_down") or self.assets.has(token.sprite + "_down")
        size = max(15, int(r * 0.6)) if lying else max(15, int(r * 0.7))
        parts = [
            self.texts.render(w, size, DOWN_TAG_COLOUR) for w in ([str(count)] if count > 1 else []) + ["down"]
        ]
        gap = max(4, size // 3)
        w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1) + 6
        h = max(p.get_height() for p in parts) + 2
        text = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(text, PLATE_BG, text.get_rect(), border_radius=3)
        x = 3
        for part in parts:
            text.blit(part, (x, 1))
            x += part.get_width() + gap
        rect = text.get_rect(midbottom=(round(cx), round(cy - r - 2))) if lying else text.get_rect(center=(cx, cy))
        return text, rect.topleft

    def _by_own_heap(
        self, i: int, tag: tuple[pygame.Surface, tuple[int, int]], taken: Sequence[pygame.Rect] = ()
    ) -> pygame.Rect:
        """The ``i``-th down tag where it covers no standing figure (a "down" over a standing soldier of a packed
        section read as his), then clear of ``taken`` (the table's words, the tags before it: a "Cpl 10" was
        written across one, "dowr", and a heap's tag lifted over its neighbour's floated off over the exit),
        then reading as its own heap's (nearer it than any other base or heap), then off the fallen (two tags
        hid the zombies they named): above the heap, below, beside or on it, the first that does best."""
        image, at = tag
        rect, heap = image.get_rect(topleft=at), self._heaps[i]
        standing = [
            b
            for t, b in zip(self.tokens, self._token_squares(), strict=True)
            if t.state not in ("dead", "knocked_down")
        ]
        near = [standing[j] for j in heap.inflate(6 * rect.w, 6 * rect.h).collidelistall(standing)]
        heaps = [h for j, h in enumerate(self._heaps) if j != i]
        centre = heap.center
        spots = [rect, *around(rect.size, centre, max(heap.w, heap.h) / 2, gap=2), _centred(rect.size, centre)]
        spots, own = by_own(spots, heap, near + heaps)
        view = self.table_rect()
        return min(
            spots,
            key=lambda s: (
                s.collidelist(near) >= 0,
                s.collidelist(list(taken)) >= 0 or not view.contains(s),
                spots.index(s) >= own,
                overlap(s, near),
                s.collidelist([heap, *heaps]) >= 0,
                spots.index(s),
            ),
        )

    def _token_squares(self) -> list[pygame.Rect]:
        """Every figure's base square on the screen (dead or alive, on view or not), in ``tokens``' order."""
        to, ppi = self.camera.to_screen, self.camera.ppi
        out = []
        for t in self.tokens:
            (cx, cy), r = to(t.position), token_radius(t, ppi)
            out.append(pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r)))
        return out

    @staticmethod
    def _clear_of(rect: pygame.Rect, names: Sequence[pygame.Rect]) -> pygame.Rect:
        """``rect`` lifted, or else lowered, off the zones' names it would cover (as little as that takes)."""
        if rect.collidelist(names) < 0:
            return rect
        up, down = pygame.Rect(rect), pygame.Rect(rect)
        for _ in range(len(names) + 1):
            if (hit := up.collidelist(names)) >= 0:
                up.bottom = names[hit].top - 1
            if (hit := down.collidelist(names)) >= 0:
                down.top = names[hit].bottom + 1
        return min((up, down), key=lambda r: (r.collidelist(names) >= 0, abs(r.y - rect.y)))

    def _grave(self, cx: float, cy: float, r: float) -> tuple[pygame.Surface, tuple[int, int]]:
        """A dead soldier's spot: a pale cross, outlined, about his base across (his red mark alone was lost
        under the zombies that killed him; his name shows on hover)."""
        k = max(5, round(r * 0.6))
        arm = max(2, round(k / 3))
        size = 2 * k + 4
        cross = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        for colour, grow in (((12, 12, 10), 1), (GRAVE_COLOUR, 0)):
            pygame.draw.rect(
                cross, colour, pygame.Rect(c - arm // 2 - grow, c - k - grow, arm + 2 * grow, 2 * k + 2 * grow)
            )
            bar = pygame.Rect(0, 0, round(k * 1.4) + 2 * grow, arm + 2 * grow)
            bar.center = (c, c - k // 3)
            pygame.draw.rect(cross, colour, bar)
        return cross, (round(cx) - c, round(cy) - c)

    def forget_looks(self) -> None:
        """Paint every token afresh next frame (after its art or shadows were changed)."""
        self._looks.clear()
        self._last_tokens = None

    def _look(
        self, token: TokenView, r: float, facing: int, base: float | None = None
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """One token's look painted on a surface of its own, cut to what was painted: (the surface,
        where the base centre is on it). ``base``: the true base's radius in pixels when the token is
        drawn bigger than it (:func:`shown_radius`), ringed inside the picture."""
        reach = math.ceil(r) + 8 + max(64, math.ceil(2 * r))  # rings, facing tick, shadow, words under it
        canvas = pygame.Surface((2 * reach, 2 * reach), pygame.SRCALPHA)
        self._paint_token(canvas, replace(token, facing=float(facing)), float(reach), float(reach), r)
        if base is not None and token.state != "dead":
            pygame.draw.circle(canvas, (12, 12, 10), (reach, reach), base + 1, 1)
            pygame.draw.circle(canvas, BASE_RING_COLOUR, (reach, reach), base, 1)
        used = canvas.get_bounding_rect()
        if not used.w or not used.h:
            used = pygame.Rect(reach, reach, 1, 1)
        return canvas.subsurface(used).copy(), (reach - used.x, reach - used.y)

    def _paint_token(self, surface: pygame.Surface, token: TokenView, cx: float, cy: float, r: float) -> None:
        """One token, its base centre at (cx, cy) on ``surface``, ``r`` pixels in radius."""
        side = SIDE_COLOURS.get(token.side, SIDE_COLOURS["neutral"])
        dead = token.state == "dead"
        down = token.state == "knocked_down"
        if dead:  # a marker on the ground: no base, no facing, under everything else
            image = self.assets.token(token.sprite, round(2 * r), token.facing, dim=False)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
            return
        self._blit_shadow(surface, cx, cy, r, lying=down)
        boss = token.kind == "boss"
        if token.side == "zombie":  # a ring of teeth: a zombie never reads as a bystander, at any zoom
            teeth = BOSS_COLOUR if boss else ZOMBIE_TEETH_COLOUR  # (a boss's gold: he reads apart from his horde)
            pygame.draw.polygon(
                surface, DOWN_COLOUR if down else teeth, zombie_teeth(cx, cy, r, 12 if boss else 8)
            )
        if token.ready and r >= 4:  # may still act: a bright ring outside the base
            pygame.draw.circle(surface, READY_COLOUR, (cx, cy), r + 3, 2)
        pygame.draw.circle(surface, (12, 12, 10), (cx, cy), r + 1)
        sprite, lying = token.sprite, token.sprite.endswith("_down")
        if down and not lying and self.assets.has(sprite + "_down"):
            sprite, lying = sprite + "_down", True  # the figure lying on his base, where the art has one
        # a lying figure says "down" by its shape: only a token without one is dimmed instead
        image = self.assets.token(sprite, round(2 * r), token.facing, dim=down and not lying)
        surface.blit(image, image.get_rect(center=(round(cx), round(cy))))
        if token.state == "acted":  # has acted this turn: the figure greyed, his side's rim kept (issue 33)
            shade = self._shade(round(r))
            surface.blit(shade, shade.get_rect(center=(round(cx), round(cy))))
        ring = PLAYER_COLOURS.get(token.player, side)
        pygame.draw.circle(surface, DOWN_COLOUR if down else ring, (cx, cy), r, rim_width(r, token))
        if down:  # in a crowd his lying art alone read as one standing: greyed, and a bar across him, lying flat
            self._draw_lying_mark(surface, cx, cy, r)
        if token.state == "acted" and r >= 5:  # and a done tick on the rim, not colour alone
            self._draw_done_mark(surface, (cx + r * 0.72, cy + r * 0.72), r, ring)
        if token.player and r >= 5:  # hot-seat: the player's mark on the rim, in his colour (never colour alone)
            self._draw_player_mark(surface, token.player, (cx - r * 0.72, cy - r * 0.72), r, side)
        if token.mark and not down and r >= (4 if len(token.mark) == 1 else WORD_MARK):  # opposite the done tick
            self._draw_rank_mark(surface, token.mark, cx, cy, r)
        if not down and r >= 6:  # facing tick on the base edge
            a = math.radians(token.facing)
            tip = (cx + math.cos(a) * (r + 5), cy + math.sin(a) * (r + 5))
            left = (cx + math.cos(a + 0.35) * (r - 1), cy + math.sin(a + 0.35) * (r - 1))
            right = (cx + math.cos(a - 0.35) * (r - 1), cy + math.sin(a - 0.35) * (r - 1))
            pygame.draw.polygon(surface, (245, 240, 220), [tip, left, right])
        if boss and not down:  # and a crown over his base: the Boss by his shape at a glance
            self._draw_crown(surface, cx, cy, r)
        highlight = token.highlight or ("hover" if self.hover is not None and self.hover.id == token.id else None)
        if highlight:
            colour = HIGHLIGHT_COLOURS.get(highlight, (255, 255, 255))
            style = {"selected": "solid", "target": "dashed", "hover": "dotted"}.get(highlight, "solid")
            drawing.circle(surface, colour, (cx, cy), r + 6, 3 if highlight == "selected" else 2, style)

    def _draw_player_mark(
        self, surface: pygame.Surface, player: int, at: Point, r: float, fallback: tuple[int, int, int]
    ) -> None:
        """A hot-seat player's mark on a base's rim, a fifth of the base across: his number on a
        big base, his shape on a small one (1 a disc, 2 a square, 3 a triangle, 4 a diamond)."""
        size = player_mark_size(r)
        colour = PLAYER_COLOURS.get(player, fallback)
        x, y = at
        if size >= NUMBERED_MARK:
            pygame.draw.circle(surface, (12, 12, 10), (x, y), size + 1)
            pygame.draw.circle(surface, colour, (x, y), size)
            self.texts.blit(surface, str(player), max(10, int(size * 1.6)), (12, 12, 10), (x, y))
            return
        k = size
        shape = {
            2: [(x - k, y - k), (x + k, y - k), (x + k, y + k), (x - k, y + k)],
            3: [(x, y - k * 1.2), (x + k * 1.1, y + k * 0.8), (x - k * 1.1, y + k * 0.8)],
            4: [(x, y - k * 1.3), (x + k * 1.3, y), (x, y + k * 1.3), (x - k * 1.3, y)],
        }.get((player - 1) % 4 + 1)
        if shape is None:
            pygame.draw.circle(surface, (12, 12, 10), (x, y), k + 1)
            pygame.draw.circle(surface, colour, (x, y), k)
        else:
            pygame.draw.polygon(surface, colour, shape)
            pygame.draw.polygon(surface, (12, 12, 10), shape, 1)

    @staticmethod
    def _draw_crown(surface: pygame.Surface, cx: float, cy: float, r: float) -> None:
        """A gold crown, outlined dark, standing on the top of a boss's base."""
        points = crown(cx, cy - r * 0.45, max(4.0, r * 0.5))
        pygame.draw.polygon(surface, BOSS_COLOUR, points)
        pygame.draw.polygon(surface, (12, 12, 10), points, 2)

    def _draw_rank_mark(self, surface: pygame.Surface, mark: str, cx: float, cy: float, r: float) -> None:
        """A rank's letter on the base, pale and outlined: over the figure on a small base (at the fit zoom of a
        big map, where a packed section's GUTS and ranks find no room beside the tokens), on the rim of a big one.
        Two letters (a name's initials) are only ever on the rim: over a small figure they hid him."""
        rim = r >= RIM_MARK or len(mark) > 1
        size = max(15, int(r * 0.7)) if rim else max(17, int(r * 2))
        at = (cx - r * 0.72, cy + r * 0.72) if rim else (cx, cy)
        self.texts.blit(surface, mark, size, RANK_MARK_COLOUR, at)

    def _draw_lying_mark(self, surface: pygame.Surface, cx: float, cy: float, r: float) -> None:
        """A knocked-down figure: the base greyed over and a pale bar across its middle (a figure lying flat),
        outlined, so a fallen zombie in a crowd of standing ones reads as down at the fit zoom."""
        shade = self._shade(round(r))
        surface.blit(shade, shade.get_rect(center=(round(cx), round(cy))))
        half, thick = r * 0.7, max(3, round(r / 4))
        bar = pygame.Rect(0, 0, round(2 * half), thick)
        bar.center = (round(cx), round(cy))
        pygame.draw.rect(surface, (12, 12, 10), bar.inflate(2, 2), border_radius=thick // 2 + 1)
        pygame.draw.rect(surface, LYING_MARK_COLOUR, bar, border_radius=thick // 2)

    def _draw_done_mark(self, surface: pygame.Surface, at: Point, r: float, colour: tuple[int, int, int]) -> None:
        """A figure who has acted: a dark tick on a disc of his rim's colour (his player's), on the rim
        opposite the hot-seat mark, so a done figure still reads as the player's and not as a bystander."""
        size = max(4.0, r * 0.38)  # bigger than the player's mark: a tick must read as one
        x, y = at
        pygame.draw.circle(surface, (12, 12, 10), (x, y), size + 1.5)
        pygame.draw.circle(surface, colour, (x, y), size)
        tick = [(x - size * 0.55, y), (x - size * 0.15, y + size * 0.45), (x + size * 0.55, y - size * 0.45)]
        pygame.draw.lines(surface, DONE_COLOUR, False, tick, max(2, round(size / 2.5)))

    def _blit_shadow(self, surface: pygame.Surface, cx: float, cy: float, r: float, lying: bool = False) -> None:
        """The token's soft shadow on the table, cast down and to the right (a figure lying down
        casts a shorter one)."""
        if r < 4:
            return
        shadow = self.assets.shadow(round(2 * r))
        k = 0.5 if lying else 1.0
        dx, dy = self.assets.shadow_offset
        surface.blit(shadow, shadow.get_rect(center=(round(cx + dx * k * 2 * r), round(cy + dy * k * 2 * r))))

    def _shade(self, radius: int) -> pygame.Surface:
        """A translucent grey disc over a token that has acted (one per size)."""
        cached = self._shades.get(radius)
        if cached is None:
            cached = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
            pygame.draw.circle(cached, (40, 40, 36, 120), (radius + 1, radius + 1), radius)
            self._shades[radius] = cached
        return cached

    def plate(
        self, text: str, size: int, colour: tuple[int, int, int], width: int | None = None, detail: int = 0
    ) -> pygame.Surface:
        """Several lines of text on a dark rounded plate (made once per text); with ``width`` (pixels) a line
        longer than that is wrapped at words, so a long refusal stays on the screen; with ``detail`` the lines
        after the first (the lead) in that smaller type."""
        key = (text, size, colour, width, detail)
        cached = self._plates.get(key)
        if cached is not None:
            return cached
        first, *rest = text.split("\n")
        sized = [(first, size), *((row, detail or size) for row in rest)]
        if width is not None:
            measure = lambda t, k: self.texts.font(k).size(t)[0]  # noqa: E731
            sized = [
                (part, k) for row, k in sized for part in wrap(row, max(width - 16, 40), partial(measure, k=k))
            ]
        ink = legible(colour, PLATE_BG[:3], PLATE_CONTRAST)  # (the edge keeps the colour itself)
        lines = [self.texts.render(line, k, ink, shadow=False) for line, k in sized]
        w = max(line.get_width() for line in lines) + 16
        h = sum(line.get_height() for line in lines) + 10
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surface, PLATE_BG, surface.get_rect(), border_radius=6)
        pygame.draw.rect(surface, (*colour, 160), surface.get_rect(), 1, border_radius=6)
        y = 5
        for line in lines:
            surface.blit(line, (8, y))
            y += line.get_height()
        self._plates[key] = surface
        return surface

    def _arc(self, surface: pygame.Surface, o: Arc, c: Point, f: float, half: float, n: int) -> None:
        """A front arc's rim (and its two edges back to the centre, for a wedge) round ``c``."""
        radius = o.radius * self.camera.ppi
        rim = [
            (
                c[0] + math.cos(f - half + 2 * half * i / n) * radius,
                c[1] + math.sin(f - half + 2 * half * i / n) * radius,
            )
            for i in range(n + 1)
        ]
        drawing.polyline(surface, o.colour, [c, *rim, c] if o.wedge else rim, o.width, o.style)

    def _polyline(
        self,
        surface: pygame.Surface,
        colour: drawing.Colour,
        pts: list[Point],
        width: int,
        style: str,
        closed: bool = False,
    ) -> None:
        """``drawing.polyline``; a dashed or dotted one is kept while the camera is still."""
        if not pts or not self._patterned(colour, style):
            drawing.polyline(surface, colour, pts, width, style, closed=closed)
            return
        ox, oy = math.floor(min(p[0] for p in pts)), math.floor(min(p[1] for p in pts))
        rel = tuple((x - ox, y - oy) for x, y in pts)
        reach = max(max(x, y) for x, y in rel) + width
        paint = partial(_line_about, colour, rel, width, style, closed)
        self._stroke(surface, ("line", rel, colour, width, style, closed), (ox, oy), reach, paint)

    def _arc_about(self, o: Arc, f: float, half: float, n: int, canvas: pygame.Surface, x: int, y: int) -> None:
        self._arc(canvas, o, (x, y), f, half, n)

    @staticmethod
    def _patterned(colour: tuple[int, ...], style: str) -> bool:
        """Is this stroke drawn dash by dash (and opaque, so a kept copy blits the same)?"""
        return style != "solid" and (len(colour) == 3 or colour[3] == 255)

    def _stroke(
        self,
        surface: pygame.Surface,
        key: tuple,
        at: tuple[int, int],
        reach: float,
        paint: Callable[[pygame.Surface, int, int], None],
    ) -> None:
        """A dashed or dotted stroke kept by ``key``, its shape on screen: ``paint(canvas, x, y)``
        draws it once about the point (x, y) of a canvas, reaching at most ``reach`` pixels from it;
        every frame after blits the part painted, with that point at ``at``. A ring or an arc keeps
        while the table pans; every stroke keeps while the camera is still."""
        if reach > STROKE_KEEP_REACH:
            paint(surface, at[0], at[1])
            return
        kept = self._strokes.get(key)
        if kept is None:
            half = math.ceil(reach) + 8
            canvas = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
            paint(canvas, half, half)
            used = canvas.get_bounding_rect()
            kept = self._strokes[key] = (canvas.subsurface(used).copy(), (half - used.x, half - used.y))
        image, (ox, oy) = kept
        surface.blit(image, (at[0] - ox, at[1] - oy))

    def _draw_overlays(self, surface: pygame.Surface, overlays: Sequence[Overlay]) -> None:
        ppi = self.camera.ppi
        for o in overlays:
            if isinstance(o, Line):
                pts = self._screen(o.points)
                self._polyline(surface, o.colour, pts, o.width, o.style)
            elif isinstance(o, Circle):
                c = self.camera.to_screen(o.centre)
                if self._patterned(o.colour, o.style):  # one ring a size, moved with its centre
                    radius = o.radius * ppi
                    self._stroke(
                        surface,
                        ("circle", radius, o.colour, o.width, o.style),
                        self._round(c),
                        radius + o.width,
                        partial(_ring_about, o.colour, radius, o.width, o.style),
                    )
                else:
                    drawing.circle(surface, o.colour, c, o.radius * ppi, o.width, o.style)
            elif isinstance(o, Arc):
                c = self.camera.to_screen(o.centre)
                half = math.radians(o.spread / 2)
                f = math.radians(o.facing)
                n = max(8, int(o.spread / 6))
                if self._patterned(o.colour, o.style):  # one arc a shape, moved with its centre
                    self._stroke(
                        surface,
                        ("arc", o.radius * ppi, o.facing, o.spread, o.wedge, o.colour, o.width, o.style),
                        self._round(c),
                        o.radius * ppi + o.width,
                        partial(self._arc_about, o, f, half, n),
                    )
                else:
                    self._arc(surface, o, c, f, half, n)
            elif isinstance(o, Icon):
                image = self.assets.scaled(o.sprite, (o.size, o.size))
                surface.blit(image, image.get_rect(center=self._round(self.camera.to_screen(o.position))))
            elif isinstance(o, Cross):
                x, y = self.camera.to_screen(o.position)
                k = o.size
                for a, b in (((x - k, y - k), (x + k, y + k)), ((x - k, y + k), (x + k, y - k))):
                    pygame.draw.line(surface, (15, 15, 12), a, b, 6)
                    pygame.draw.line(surface, o.colour, a, b, 3)
            elif isinstance(o, Label):
                x, y = self.camera.to_screen(o.position)
                pos = (round(x + o.offset[0]), round(y + o.offset[1]))
                if o.plate:
                    wide = min(PLATE_WIDTH, pygame.Rect(self.camera.viewport).width - 24)
                    image = self.plate(o.text, o.size, o.colour, wide, o.detail_size)
                    rect = self.plate_rect(image.get_size(), (x, y), o)
                    surface.blit(image, rect)
                    self.plates.append(rect)
                else:
                    self.texts.blit(surface, o.text, o.size, o.colour, pos, o.anchor)

    # ---- words: placed clear of the figures and of each other -------------------------------------

    def zone_label(self, zone: Any) -> tuple[str, tuple[int, int, int]]:
        """A zone's label and colour: ``DEPLOY: Allied start line``, ``DEPLOY: Crypt (zombies)`` (a word, never colour
        alone). The players' own side goes unsaid: a newcomer read "(allies)" and "(players)" as a programmer's tag."""
        colour, _, word = ZONE_STYLE.get(zone.kind, ((200, 200, 200), "solid", zone.kind.upper()))
        colour = _player_colour(zone, colour)
        label = word if not zone.name or zone.name.upper() == word else f"{word}: {zone.name}"
        side = zone.properties.get("side")
        player = zone.properties.get("player")
        if zone.kind == "deploy" and isinstance(player, int) and player:
            if f"player {player}" not in label.lower():  # never "(Player 4) (player 4)"
                label += f" (player {player})"
        elif zone.kind == "deploy" and side not in (None, "", *PLAYERS_SIDES):
            label += f" ({side})"
        return label, colour

    def token_rects(self, tokens: Sequence[TokenView] | None = None) -> list[pygame.Rect]:
        """The screen squares the figures on view take (``tokens``: those; else every one), with their ready
        rings and facing ticks."""
        out = []
        vx, vy, vw, vh = self.camera.viewport
        ox, oy = self.camera.offset
        ppi = self.camera.ppi
        Rect = pygame.Rect
        for t in self.tokens if tokens is None else tokens:  # to_screen inlined: it runs over every figure
            if t.state == "dead":
                continue
            r = token_radius(t, ppi) + 4
            x = vx + (t.position[0] - ox) * ppi - r
            y = vy + (t.position[1] - oy) * ppi - r
            rect = Rect(round(x), round(y), round(2 * r), round(2 * r))
            if rect.x < vx + vw and rect.y < vy + vh and rect.right > vx and rect.bottom > vy:
                out.append(rect)
        return out

    def zone_rects(self) -> list[pygame.Rect]:
        """The screen rectangles round the zones (what a banner over the table should not hide)."""
        out = []
        for zone in self.scenario.zones if self.scenario else ():
            x0, y0, x1, y1 = zone.area.bounds
            (a, b), (c, d) = self.camera.to_screen((x0, y0)), self.camera.to_screen((x1, y1))
            out.append(pygame.Rect(round(a), round(b), max(1, round(c - a)), max(1, round(d - b))))
        return out

    def clear_spot(
        self, size: tuple[int, int], margin: int = 8, avoid: Sequence[pygame.Rect] = (), bottom_first: bool = False
    ) -> tuple[pygame.Rect, int]:
        """Where a banner of ``size`` goes over the table, and what it hides there (a figure's pixel counts as
        :data:`FIGURE_COST` of a word's, a zone's or ``avoid``'s): the top or bottom middle when clear (the
        bottom first if ``bottom_first``), else the clearest spot along the top and bottom edges and then down
        the view."""
        vx, vy, vw, vh = self.camera.viewport
        w, h = size
        top, bottom = vy + margin, vy + vh - margin - h
        xs = [vx + (vw - w) // 2, vx + margin, vx + vw - margin - w]
        xs += list(range(vx + margin, max(vx + margin, vx + vw - margin - w) + 1, 24))
        rows = [bottom, top] if bottom_first else [top, bottom]
        rows += list(range(top + h, bottom, max(8, h // 2)))
        figures = self.token_rects()
        hide = self.zone_rects() + [r for _, _, r in self.words] + list(avoid)
        view = pygame.Rect(self.camera.viewport)
        best: tuple[int, pygame.Rect] | None = None
        for y in rows:
            for x in xs:
                spot = pygame.Rect(x, y, w, h).clamp(view)
                cost = overlap(spot, figures) * FIGURE_COST + overlap(spot, hide)
                if best is None or cost < best[0]:
                    best = (cost, spot)
                if cost == 0:
                    return spot, 0
        assert best is not None
        return best[1], best[0]

    def _place_words_kept(self) -> None:
        """:meth:`_place_words`, unless nothing they depend on has changed since last frame: the same tokens
        and overlays (the scene hands new sequences when they change), pointer, camera and switches. Placing
        a thousand figures' words costs a few milliseconds a frame."""
        cam = self.camera
        things = (self.tokens, self.overlays, self.hover, self.scenario)
        seen = (len(self.tokens), cam.viewport, cam.ppi, cam.offset, self.show_zones, self.show_outlines)
        last = self._words_for
        if last and all(a is b for a, b in zip(last[0], things)) and last[1] == seen:
            return
        self._place_words()
        self._words_for = (things, seen)

    def _place_words(self) -> None:
        """The table's words: the zones' names where the table alone puts them (:meth:`_zone_words`), then,
        most wanted first, each where it overlaps neither a figure nor a word placed before it: the
        pointed-at figure's GUTS, the rings' and lines' readings, every other figure's GUTS (one in a
        packed line shows when pointed at) and, with the outlines on, the terrain's names."""
        self._bases_now = self.token_rects()
        pointed = [t for t in self.tokens if t.highlight in ("selected", "target") or t is self.hover]
        first = {id(t) for t in pointed}  # by identity: comparing two token views field by field is slow
        marks = self._overlay_jobs()
        jobs = [job for t in pointed if (job := self._badge_job(t, True)) is not None]
        jobs += [job for job in marks if job.kind != "named"]  # a shot's thirds and bands read as placed before
        jobs += [
            job for job in marks if job.kind == "named"
        ]  # a name the words say: clear of those, before the tags
        rest = [job for t in self.tokens if id(t) not in first and (job := self._badge_job(t, False)) is not None]
        jobs += sorted(rest, key=lambda job: job.text.isdigit())  # a rank's ("Sgt 9") before bare numbers
        if self.show_outlines and self.camera.ppi >= 10:
            jobs += self._terrain_jobs()
        placer = Placer(self.table_rect(), self.token_rects())
        guts_at: dict[str, pygame.Rect] = {}
        words, self._zone_blits = self._zone_words()
        placer.words += [rect for _, _, rect in words]  # the readings and the GUTS find room round them
        placer.words += self._set_by_point()  # and round a named man's full name over him
        blits: list[tuple[pygame.Surface, pygame.Rect]] = []
        leaders: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for job in jobs:
            placed = _place_word(placer, job)
            if placed is None:
                continue
            image = self.texts.render(job.text, job.size, job.colour)
            blits.append((image, image.get_rect(center=placed.center)))
            words.append((job.kind, job.text, placed))
            if job.kind == "guts" and job.own is not None and placed not in job.spots[: job.own]:
                leaders.append(self._leader(placed, self._guts_centres[job.owner]))
            if job.centre is not None and job.own is not None and placed not in job.spots[: job.own]:
                leaders.append(self._leader(placed, job.centre))
            if job.owner:
                self._keep_side(job.owner, placed)
                guts_at[job.owner] = placed
        self.words, self.words_forced, self._words_blits = words, placer.forced, blits
        self.leaders = leaders
        self.guts_at = guts_at

    def _set_by_point(self) -> list[pygame.Rect]:
        """Where the words that keep their own place are drawn (a named figure's full name just over him, a
        waypoint's number): the GUTS and the readings go round them. A selected Corporal's "Cpl 10" and his
        Sten's "long 12\" (+0)" were set on his "Corporal Atkins", the three words over one another."""
        out = []
        for o in self.overlays:
            if isinstance(o, Label) and not o.plate and not _placed(o):
                x, y = self.camera.to_screen(o.position)
                pos = (round(x + o.offset[0]), round(y + o.offset[1]))
                out.append(self.texts.render(o.text, o.size, o.colour).get_rect(**{o.anchor: pos}))
        return out

    def _leader(self, word: pygame.Rect, centre: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
        """A thin line from a figure's GUTS that found no spot reading as his (he is pointed at in a packed
        group) to his base: whose number it is reads at a glance."""
        x = min(max(centre[0], word.left), word.right - 1)
        y = min(max(centre[1], word.top), word.bottom - 1)
        return (x, y), centre

    def _keep_side(self, fid: str, placed: pygame.Rect) -> None:
        """Remember on which side of figure ``fid`` his GUTS went (see :meth:`_badge_job`)."""
        cx, cy = self._guts_centres[fid]
        self._guts_sides[fid] = (self.camera.ppi, (placed.centerx - cx, placed.centery - cy))

    def _zone_words(self) -> tuple[list[tuple[str, str, pygame.Rect]], list[tuple[pygame.Surface, pygame.Rect]]]:
        """The zones' names placed clear of one another and of the figures as they stood when the table was first
        drawn (the zombies in their spawn zones): the same spot on every turn, whatever is selected or aimed (a
        newcomer saw them move each turn). Where the rule set asks (``spawn_names_step_aside``), a spawn point's name
        that figures now stand on steps aside to the first spot clear of them while they do (it ran across the
        horde that came in by it); with none free it stays home, under the figures, as every other zone's name
        does (an exit's keeps its place for the tags round it)."""
        if not self._set_up and self.tokens:
            self._set_up = tuple(self.tokens)
        fixed = Placer(self.table_rect(), self.token_rects(self._set_up))
        jobs = self._zone_jobs() if self.show_zones else []
        homes = [(job, _place_zone_word(fixed, job)) for job in jobs]
        figures = self.token_rects()
        clear = Placer(self.table_rect(), figures)
        clear.words = [home for _, home in homes if home is not None and home.collidelist(figures) < 0]
        words: list[tuple[str, str, pygame.Rect]] = []
        blits: list[tuple[pygame.Surface, pygame.Rect]] = []
        for job, placed in homes:
            if placed is None:
                continue
            if job.steps_aside and placed.collidelist(figures) >= 0:  # (to a spot that reads as its own)
                placed = clear.place(job.spots[: job.own]) or placed
            image = self.texts.render(job.text, job.size, job.colour)
            blits.append((image, image.get_rect(center=placed.center)))
            words.append((job.kind, job.text, placed))
        return words, blits

    def _text_size(self, text: str, size: int, colour: tuple[int, int, int]) -> tuple[int, int]:
        return self.texts.render(text, size, colour).get_size()

    def _badge_job(self, t: TokenView, must: bool) -> WordJob | None:
        """A figure's GUTS beside its base (a big base with no room round it: on its own rim)."""
        if not t.badge or t.state == "dead":
            return None
        r = token_radius(t, self.camera.ppi)
        if r < 5:
            return None
        # a tag in words (a squad's free rule, "Counter-Attack") at LEAST_PRINT at least: at 14 a newcomer could not
        # read it zoomed out; a number reads smaller
        least = self.badge_least if t.badge.isdigit() else max(self.badge_least, LEAST_PRINT)
        size = max(least, min(max(24, least), int(r * 0.9)))
        wh = self._text_size(t.badge, size, BADGE_COLOUR)
        centre = self.camera.to_screen(t.position)
        spots = around(wh, centre, r + 4, gap=0)  # just clear of the token's square (token_rects)
        if r >= 12:  # a big base with no room round it: on its own rim, at the bottom
            inside = pygame.Rect(0, 0, *wh)
            inside.midbottom = (round(centre[0]), round(centre[1] + r))
            spots.append(inside)
        self._guts_centres[t.id] = (round(centre[0]), round(centre[1]))
        side = self._guts_sides.get(t.id)
        if side is not None and side[0] == self.camera.ppi:  # last frame's side of him first, if it is still one
            at = (round(centre[0]) + side[1][0], round(centre[1]) + side[1][1])
            spots.sort(key=lambda spot: spot.center != at)
        base = pygame.Rect(0, 0, round(2 * (r + 4)), round(2 * (r + 4)))
        base.center = (round(centre[0]), round(centre[1]))
        bases = self._bases_now
        spots, own = by_own(
            spots, base, [bases[i] for i in base.inflate(4 * wh[0], 4 * wh[1]).collidelistall(bases)]
        )
        return WordJob("guts", t.badge, size, BADGE_COLOUR, spots, must, owner=t.id, own=own)

    def _overlay_jobs(self) -> list[WordJob]:
        """The readings of the rings (round them), the lines (beside their end) and the arcs (at their tip)."""
        ppi, jobs = self.camera.ppi, []
        for o in self.overlays:
            if isinstance(o, Circle) and o.label:
                c = self.camera.to_screen(o.centre)
                wh = self._text_size(o.label, 18, o.colour)
                jobs.append(WordJob("ring", o.label, 18, o.colour, along_ring(wh, c, o.radius * ppi), True))
            elif isinstance(o, Line) and o.label and o.points:
                x, y = self.camera.to_screen(o.points[-1])
                w, h = self._text_size(o.label, 20, o.colour)
                spots = [pygame.Rect(0, 0, w, h) for _ in range(4)]
                spots[0].bottomleft, spots[1].topleft = (round(x + 8), round(y - 8)), (round(x + 8), round(y + 8))
                spots[2].bottomright, spots[3].topright = (
                    (round(x - 8), round(y - 8)),
                    (round(x - 8), round(y + 8)),
                )
                jobs.append(WordJob("line", o.label, 20, o.colour, spots, True))
            elif isinstance(o, Arc) and o.label:
                wh = self._text_size(o.label, 17, o.colour)
                jobs.append(WordJob("arc", o.label, 17, o.colour, self._arc_spots(o, wh), True))
            elif isinstance(o, Label) and _placed(o):
                jobs.append(self._named_job(o) if o.beside > 0 else self._label_job(o))
        return jobs

    def _arc_spots(self, o: Arc, wh: tuple[int, int]) -> list[pygame.Rect]:
        """Where an arc's reading may go: round its tip, then round points along its rim, a step at a time
        either way from the tip. Only round the tip, two bands running off the table (a Corporal by its edge,
        facing it) had their readings slid onto one spot at the edge, "short 12\" (+0)" over "long 24\"";
        along the rim each finds where its own band crosses the table."""
        c, r = self.camera.to_screen(o.centre), o.radius * self.camera.ppi
        spots = []
        for step in range(0, int(o.spread / 2) + 1, 10):
            for side in (1, -1) if step else (1,):
                f = math.radians(o.facing + side * step)
                at = (c[0] + math.cos(f) * r, c[1] + math.sin(f) * r)
                spots += around(wh, at, 0, gap=2) if not step else around(wh, at, 0, gap=2)[:4]
        return spots

    def _named_job(self, o: Label) -> WordJob:
        """A named figure's tag: round his base, above first, the spots that read as his first (:func:`by_own`),
        then farther round; it must show (the words on screen send the player to him)."""
        c = self.camera.to_screen(o.position)
        wh = self._text_size(o.text, o.size, o.colour)
        r = o.beside * self.camera.ppi
        spots = [*around(wh, c, r, gap=2), *around(wh, c, r + wh[1], gap=2), *around(wh, c, r + 3 * wh[1])]
        base = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        base.center = (round(c[0]), round(c[1]))
        spots, own = by_own(spots, base, self._bases_now)
        centre = (round(c[0]), round(c[1]))
        return WordJob("named", o.text, o.size, o.colour, spots, True, own=own, centre=centre)

    def _label_job(self, o: Label) -> WordJob:
        """A word on a point (an area's name: "third 2", "blast"): on the point when that hides nothing, else
        just beside it, then a little farther: clear of the figures and of the other words (a "third 2"
        was hidden under "third 3", and the words covered the tokens under them)."""
        c = self.camera.to_screen(o.position)
        wh = self._text_size(o.text, o.size, o.colour)
        on = pygame.Rect((0, 0), wh)
        on.center = (round(c[0]), round(c[1]))
        near = max(6.0, 0.5 * self.camera.ppi)  # about a base's half width
        spots = [on, *around(wh, c, near), *around(wh, c, 3 * near)]
        # zoomed out, marks a few pixels apart ("third 1", "third 2", "third 3: at Deacon") found every near spot
        # taken and were forced onto one another: a line or two above or below, then a little farther round
        spots += [on.move(0, k * (wh[1] + 2)) for k in (-1, 1, -2, 2, -3, 3)]
        spots += [*around(wh, c, 5 * near), *around(wh, c, 8 * near)]
        return WordJob("label", o.text, o.size, o.colour, spots, True)

    def _zone_jobs(self) -> list[WordJob]:
        """The names of the zones on the view."""
        jobs = []
        view = pygame.Rect(self.camera.viewport)
        zones = list(self.scenario.zones) if self.scenario else []
        areas = self.zone_rects()
        for i, zone in enumerate(zones):
            label, colour = self.zone_label(zone)
            wh = self._text_size(label, ZONE_PRINT, colour)
            x0, y0, x1, y1 = zone.area.bounds
            (ax, ay), (bx, by) = self.camera.to_screen((x0, y0)), self.camera.to_screen((x1, y1))
            if not view.colliderect(pygame.Rect(round(ax), round(ay), round(bx - ax) + 1, round(by - ay) + 1)):
                continue  # a zone off the view is not named on it
            spots, own = _own_first(_zone_spots(wh, (ax, ay, bx, by), view), areas[i], areas[:i] + areas[i + 1 :])
            aside = self.spawn_names_step_aside and zone.kind == "spawn"
            jobs.append(WordJob("zone", label, ZONE_PRINT, colour, spots, True, aside, own=own))
        return jobs

    def table_rect(self) -> pygame.Rect:
        """The table on the screen, inside the view: the overlays and the words stay on it, not the margin."""
        view = pygame.Rect(self.camera.viewport)
        (ax, ay), (bx, by) = self.camera.to_screen((0.0, 0.0)), self.camera.to_screen(self.table_size)
        table = pygame.Rect(round(ax), round(ay), round(bx - ax), round(by - ay))
        return table.clip(view) if table.colliderect(view) else view

    def _terrain_jobs(self) -> list[WordJob]:
        """The terrain's names (the outlines are on): its own middle first, then round it. Pieces of one label
        whose labels would stand side by side share one, in their middle (at the fit zoom the two segments of
        Hive Street's sandbag wall read "wall: Sandbag linewall: Sandbag line"); zoomed in, each has its own."""
        jobs = []
        for text, colour, centres, outlines in self._terrain_labels():
            w, h = self._text_size(text, OUTLINE_PRINT, colour)
            c = (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))
            spots = [_centred((w, h), c), *around((w, h), c, 0, gap=0)]
            spots += [_centred((w, h), own) for own in centres] if len(centres) > 1 else []
            # a name stays on its own piece: pushed aside by a figure, "building: Ferme Lemaire" stood on the
            # house next door (a newcomer read it as that house's name); with no spot on it, it waits
            near = [r.inflate(2 * h, 2 * h) for r in outlines]
            spots = [r for r in spots if any(o.collidepoint(r.center) for o in near)]
            jobs.append(WordJob("terrain", text, OUTLINE_PRINT, colour, spots, False))
        return jobs

    def _terrain_labels(self) -> list[tuple[str, tuple[int, int, int], list[Point], list[pygame.Rect]]]:
        """Each label of the terrain once per cluster: (text, colour, the screen middles of its pieces, their
        screen bounds), the pieces of one label joined where their labels would touch or stand within a word's
        gap of each other."""
        groups: list[tuple[str, tuple[int, int, int], list[Point], list[pygame.Rect]]] = []
        for piece in self.scenario.terrain if self.scenario else ():
            colour = TERRAIN_STYLE.get(piece.kind, ((220, 220, 220), "solid", 2))[0]
            text = self._terrain_label(piece)
            w, h = self._text_size(text, OUTLINE_PRINT, colour)
            c = self.camera.to_screen(piece.area.centre)
            x0, y0, x1, y1 = piece.area.bounds
            (ax, ay), (bx, by) = self.camera.to_screen((x0, y0)), self.camera.to_screen((x1, y1))
            box = pygame.Rect(
                round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)) + 1, round(abs(by - ay)) + 1
            )
            near = [g for g in groups if g[0] == text and any(_side_by_side(c, o, w, h) for o in g[2])]
            centres = [c, *(o for g in near for o in g[2])]
            boxes = [box, *(r for g in near for r in g[3])]
            groups = [g for g in groups if g not in near] + [(text, colour, centres, boxes)]
        return groups

    def _terrain_label(self, piece: Terrain) -> str:
        """A piece's outline label: its class in the rule set's words and its name ("ruin: Hab block"); a
        building whose name says it is a car or a tractor is a vehicle, as it is drawn."""
        kind = self.terrain_words.get(piece.kind, piece.kind)
        if piece.kind == "building" and vehicle_kind(piece.name or ""):
            kind = "vehicle"
        return kind if not piece.name else f"{kind}: {piece.name}"

    def plate_rect(self, size: tuple[int, int], at: Point, label: Label) -> pygame.Rect:
        """Where a plate goes beside the point ``at`` (screen pixels): of the four corners round it, near or
        a step or two farther out, the one that covers least of the aimed point and the pointer, the selected
        figure and the target, the lines and the tape's reading, the plates placed before it this frame, then of
        the other figures' tokens and the words placed on the table (the zones' names among them), inside the
        table on the view (ties keep the label's own corner, up and to the right, and the nearest step)."""
        view = pygame.Rect(self.camera.viewport)  # the table view: a plate may stand over the margin
        dx, dy = abs(label.offset[0]) or 20, abs(label.offset[1]) or 16
        x, y = at
        keep_clear = self._keep_clear()
        aimed = [pygame.Rect(0, 0, 40, 40)]
        aimed[0].center = (round(x), round(y))
        if self.camera.contains_screen(self.input.mouse):
            aimed.append(pygame.Rect(self.input.mouse[0] - 20, self.input.mouse[1] - 20, 40, 40))
        words = [r for _, _, r in self.words]  # the words placed on the table (the zones' names among them)
        best: tuple[float, pygame.Rect] | None = None
        for step in PLATE_STEPS:
            sx, sy = dx * step, dy * step
            corners = [
                (label.anchor, (x + label.offset[0] * step, y + label.offset[1] * step)),
                ("bottomleft", (x + sx, y - sy)),
                ("topleft", (x + sx, y + sy)),
                ("bottomright", (x - sx, y - sy)),
                ("topright", (x - sx, y + sy)),
            ]
            for i, (anchor, pos) in enumerate(corners):
                rect = pygame.Rect((0, 0), size)
                setattr(rect, anchor, (round(pos[0]), round(pos[1])))
                moved = rect.clamp(view)
                cost: float = 10 * overlap(moved, aimed) + 3 * overlap(moved, keep_clear["rects"])
                cost += 40 * sum(moved.collidepoint(p) for p in keep_clear["points"])
                # a neighbour's token hidden: worse than a word hidden, and than a step farther out
                cost += 3 * overlap(moved, keep_clear["figures"]) + overlap(moved, words)
                cost += 12 * overlap(moved, self.plates)  # a plate over another hides both: never piled up
                shifted = abs(moved.x - rect.x) + abs(moved.y - rect.y)
                cost += 0.01 * i + 2 * shifted + PLATE_STEP_COST * (step - 1)  # prefer unmoved, own corner, near
                if best is None or cost < best[0]:
                    best = (cost, moved)
        assert best is not None
        return best[1]

    def _keep_clear(self) -> dict[str, list]:
        """What a plate should not hide, in screen pixels: the selected and targeted bases, the marks a base across
        (where a figure will be: a squad move's models, a zombie after each third), points along every drawn
        line (paths, sight lines), and the tape's reading."""
        rects: list[pygame.Rect] = []
        for t in self.tokens:
            if t.highlight in ("selected", "target"):
                cx, cy = self.camera.to_screen(t.position)
                r = max(6.0, (t.base_radius + 0.15) * self.camera.ppi)
                rects.append(pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r)))
        points: list[tuple[float, float]] = []
        for o in self.overlays:
            if isinstance(o, Circle) and o.radius <= MARK_RADIUS:  # a mark a base across: where a figure will be
                cx, cy = self.camera.to_screen(o.centre)
                r = max(6.0, o.radius * self.camera.ppi)
                rects.append(pygame.Rect(round(cx - r), round(cy - r), round(2 * r), round(2 * r)))
            if isinstance(o, Line) and o.width >= 2:
                pts = self._screen(o.points)
                for a, b in zip(pts, pts[1:]):
                    n = max(1, int(math.dist(a, b) / 12))
                    points.extend(
                        (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)
                    )
        if self.tape is not None:
            rects.append(self._tape_plate_rect(self.tape))
        return {"rects": rects, "points": points, "figures": self._plate_figures()}

    def _plate_figures(self) -> list[pygame.Rect]:
        """The squares of the figures a plate should not hide (all but the selected and the target), kept
        while the tokens and the camera stay: a plate is placed every frame, and a thousand figures' squares
        cost a few milliseconds (the scene hands a new token sequence when any token changes)."""
        cam = self.camera
        seen = (cam.viewport, cam.ppi, cam.offset)
        kept = self._plate_figures_for
        if kept and kept[0] is self.tokens and kept[1] == seen:
            return kept[2]
        rects = self.token_rects([t for t in self.tokens if t.highlight not in ("selected", "target")])
        self._plate_figures_for = (self.tokens, seen, rects)
        return rects

    def _tape_plate_rect(self, tape: Tape) -> pygame.Rect:
        _, b = (self.camera.to_screen(p) for p in tape.edge_points())
        edge = " edge to edge" if tape.start_radius or tape.end_radius else ""
        w, h = self.texts.render(tape.text() + edge, 28, TAPE_COLOUR).get_size()
        return pygame.Rect(0, 0, w, h).move(round(b[0]) + 12, round(b[1]) - 12 - h).inflate(10, 6)

    @staticmethod
    def _round(p: Point) -> tuple[int, int]:
        return round(p[0]), round(p[1])

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        self.tip_rect = None
        if self.hover is None or self.tooltip is None or self.input.press is not None:
            return
        if self.tip_asleep or self.tape is not None:  # (the card covered the shot's result and the tape's reading)
            return
        text = self.tooltip(self.hover)
        if not text:
            return
        image = self.plate(text, 18, (240, 235, 215))
        rect = self._tip_rect(image.get_size())
        if rect is not None:
            surface.blit(image, rect)
        self.tip_rect = rect

    def _tip_rect(self, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the hovered figure's card goes: above right of the pointer, else the first other corner round it
        clear of this frame's preview plates (a zombie's card covered the move's plate when the move ended on
        it); None when every corner covers one (the preview's words come first)."""
        view = pygame.Rect(self.camera.viewport)
        mx, my = self.input.mouse
        corners = (
            {"bottomleft": (mx + 16, my - 10)},
            {"bottomright": (mx - 16, my - 10)},
            {"topleft": (mx + 16, my + 18)},
            {"topright": (mx - 16, my + 18)},
        )
        for corner in corners:
            rect = pygame.Rect((0, 0), size)
            setattr(rect, *next(iter(corner.items())))
            if corner is corners[0] and rect.right > view.right:  # the old flip at the right edge
                rect.right = min(view.right, mx - 20)
            rect.clamp_ip(view)
            if rect.collidelist(self.plates) < 0:
                return rect
        return None

    def _draw_tape(self, surface: pygame.Surface, tape: Tape) -> None:
        a, b = (self.camera.to_screen(p) for p in tape.edge_points())
        pygame.draw.line(surface, (20, 18, 10), a, b, 6)
        pygame.draw.line(surface, TAPE_COLOUR, a, b, 3)
        # a tick every inch, a longer one every 6", so the length also reads off the tape itself
        d = math.dist(a, b)
        if d > 1 and self.camera.ppi >= 3:
            ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
            for inch in range(1, int(tape.length) + 1):
                t = inch * self.camera.ppi
                size = 7 if inch % 6 == 0 else 4
                px, py = a[0] + ux * t, a[1] + uy * t
                pygame.draw.line(
                    surface, TAPE_COLOUR, (px - uy * size, py + ux * size), (px + uy * size, py - ux * size), 2
                )
        for end in (a, b):
            pygame.draw.circle(surface, TAPE_COLOUR, end, 4)
        edge = " edge to edge" if tape.start_radius or tape.end_radius else ""
        text = self.texts.render(tape.text() + edge, 28, TAPE_COLOUR)
        plate = text.get_rect(bottomleft=(round(b[0]) + 12, round(b[1]) - 12)).inflate(10, 6)
        pygame.draw.rect(surface, (20, 18, 10), plate, border_radius=4)
        surface.blit(text, text.get_rect(center=plate.center))
