"""The designer view (``deadground design MAP.tmx``): the table as the game reads it, for checking a map
while drawing it in Tiled.

- an inch grid (every 6" stronger, numbered along the edges), every terrain outline with its class and
  id, the deploy, exit, objective and spawn zones;
- a sight probe: click two points, see the line's state (clear, obscured, blocked), the inches of
  clutter it crosses and what blocked it (``Table.line_of_sight``, the rules' own question);
- a path probe (``P``): click two points, see the walking path of a 1" base (``Table.find_path``);
- ``check``'s messages drawn on the table where they apply, and listed in the side panel;
- the deployment as the rules would set it up (``D``: the rule set's own set-up, read
  from its state; dice play no part in where figures stand);
- it reloads the map when the file (or a template or tileset it uses) is saved in Tiled.

Keys: S sight probe, P path probe, D deployment, G grid, O outlines, F fit, R reload, Esc quit.
"""

from __future__ import annotations

import html
import logging
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.scenario.model import Point, Scenario
from game.scenario.problems import ERROR, NOTE, WARNING, Problem
from game.scenario.review import Review, review_map, sketch_scenario, watched_files
from game.ui.map_render import MapRenderer
from game.ui.overlays import Circle, Cross, Label, Line, Overlay
from game.ui.scenes.base import BACKDROP, Scene
from game.ui.table_view import TableView, bake_zones

if TYPE_CHECKING:
    from game.table.space import Table
    from game.ui.navigator import Navigator

log = logging.getLogger(__name__)

PANEL_W = 380
RELOAD_EVERY = 0.5  # seconds between looks at the files' modification times
GRID = (255, 255, 255, 34)
GRID_SIX = (255, 255, 255, 80)
SEVERITY_COLOUR = {ERROR: (240, 80, 60), WARNING: (245, 200, 70), NOTE: (150, 200, 240)}
SIGHT_COLOUR = {"clear": (120, 230, 120), "obscured": (245, 200, 70), "blocked": (240, 80, 60)}
PATH_COLOUR = (120, 200, 255)
BASE_RADIUS = 0.5


@dataclass
class Probe:
    """One probe between two clicked points: ``kind`` is "sight" or "path"; ``text`` its result."""

    kind: str
    start: Point
    end: Point | None = None
    text: str = ""
    overlays: tuple[Overlay, ...] = ()


class DesignScene(Scene):
    """One map in the designer view; ``reload()`` reads it again (done by itself when the files change)."""

    name = "design"

    def __init__(self, app: Navigator, path: str | Path) -> None:
        super().__init__(app)
        self.path = str(path)
        self.mode = "sight"
        self.probe: Probe | None = None
        self.show_grid = True
        self.show_deployment = False
        self.deployment: list[tuple[str, str, Point, float]] = []  # (id, side, position, radius)
        self.deployment_note = ""
        self.review: Review = Review(self.path, None, ())
        self.scenario: Scenario | None = None
        self.table: Table | None = None
        self.view: TableView | None = None
        self.panel: pygame_gui.elements.UITextBox | None = None
        self.status: pygame_gui.elements.UITextBox | None = None
        self._stamps: dict[str, int] = {}
        self._since_look = 0.0
        self.reloads = 0
        self.reload()

    # ---- reading the map -------------------------------------------------------------------------

    def _stamp(self) -> dict[str, int]:
        stamps = {}
        for f in watched_files(self.path):
            try:
                stamps[f] = os.stat(f).st_mtime_ns
            except OSError:
                stamps[f] = -1
        return stamps

    def reload(self) -> None:
        """Read the map again: check's review, the scenario (a sketch of it when it does not load), the
        table for the probes, the picture."""
        self.review = review_map(self.path)
        self.scenario = self.review.scenario or sketch_scenario(self.path)
        self._stamps = self._stamp()
        self.table = None
        if self.scenario is not None:
            try:
                from game.table.space import Table

                self.table = Table.from_scenario(self.scenario)
            except Exception as exc:  # a broken sketch: the view still shows the map and its problems
                log.warning("no table for the probes: %s", exc)
        self.probe = None
        self.deployment = []
        self.deployment_note = ""
        if self.show_deployment:
            self._deploy()
        self.reloads += 1
        if self.view is not None:
            self.app.rebuild()

    def changed_on_disk(self) -> bool:
        return self._stamp() != self._stamps

    def _renderer(self) -> MapRenderer:
        assert self.scenario is not None
        try:
            renderer = MapRenderer.from_tmx(self.path, self.scenario.inches_per_tile)
        except ValueError:  # check says why, on the panel
            renderer = MapRenderer.plain((self.scenario.width, self.scenario.height), 32)
        bake_zones(renderer, self.scenario)
        return renderer

    # ---- layout ---------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        viewport = (0, 0, max(200, w - PANEL_W), h)
        if self.scenario is not None:
            old = self.view.camera if self.view is not None else None
            self.view = TableView(self._renderer(), self.app.assets, self.scenario, viewport)
            self.view.show_outlines = True
            self.view.on_click = self._clicked
            if old is not None and old.viewport == self.view.camera.viewport:
                self.view.camera = old  # a reload keeps the designer's zoom and place
        status_h = 190
        self.status = self.ui(
            pygame_gui.elements.UITextBox(
                self._status_html(), pygame.Rect(w - PANEL_W, 0, PANEL_W, status_h), manager=self.manager
            )
        )
        self.panel = self.ui(
            pygame_gui.elements.UITextBox(
                self._problems_html(),
                pygame.Rect(w - PANEL_W, status_h, PANEL_W, h - status_h),
                manager=self.manager,
            )
        )

    def _refresh_status(self) -> None:
        if self.status is not None:
            self.status.set_text(self._status_html())

    def _status_html(self) -> str:
        sc = self.scenario
        head = html.escape(Path(self.path).name)
        if sc is not None:
            head += f'<br>{html.escape(sc.ruleset or "?")}, {sc.width:g}" x {sc.height:g}"'
        mode = "SIGHT probe (P: path)" if self.mode == "sight" else "PATH probe (S: sight)"
        lines = [f"<b>{head}</b>", f"{mode}: click two points"]
        if self.probe is not None and self.probe.text:
            lines.append(html.escape(self.probe.text))
        if self.deployment_note:
            lines.append(html.escape(self.deployment_note))
        lines.append("D deployment  G grid  O outlines  F fit  R reload  Esc quit")
        return "<br>".join(lines)

    def _problems_html(self) -> str:
        r = self.review
        if not r.problems:
            return "<b>check: OK</b><br>No problems: the map plays as drawn."
        head = f"<b>check: {len(r.errors)} error(s), {len(r.warnings)} warning(s), {len(r.notes)} note(s)</b>"
        rows = [head]
        for p in sorted(r.problems, key=lambda p: (ERROR, WARNING, NOTE).index(p.severity)):
            colour = "#{:02x}{:02x}{:02x}".format(*SEVERITY_COLOUR[p.severity])
            text = (
                f"{p.where}: {p.message}" + (f" — {p.fix}" if p.fix else "") + (f" [{p.place}]" if p.place else "")
            )
            rows.append(f'<font color="{colour}">{p.severity.upper()}</font> {html.escape(text)}')
        return "<br><br>".join(rows)

    # ---- probes ---------------------------------------------------------------------------------

    def _clicked(self, at: Point, shift: bool, face: Point | None = None) -> None:
        self.probe_at(at)

    def probe_at(self, at: Point) -> Probe | None:
        """A click on the table: the first point of a probe, or its second (which measures it)."""
        if self.probe is None or self.probe.end is not None or self.probe.kind != self.mode:
            self.probe = Probe(self.mode, at, overlays=(Circle(at, 0.15, (255, 255, 255), "solid"),))
        else:
            self.probe = self._measure(self.probe.start, at)
        self._refresh_status()
        return self.probe

    def _measure(self, a: Point, b: Point) -> Probe:
        if self.table is None:
            return Probe(self.mode, a, b, "no table to probe: see check's messages")
        if self.mode == "sight":
            sight = self.table.line_of_sight(a, b)
            text = f'sight {sight.state}, {sight.clutter_length:.1f}" of clutter crossed'
            if sight.blocked_by:
                text += f", blocked by {sight.blocked_by}"
            marks: list[Overlay] = [Line((a, b), SIGHT_COLOUR[sight.state], "solid", 3, sight.state)]
            if sight.blocked_at is not None:
                marks.append(Cross(sight.blocked_at))
            return Probe("sight", a, b, text, tuple(marks))
        path = self.table.find_path(a, b, BASE_RADIUS)
        if path is None:
            return Probe("path", a, b, 'no path for a 1" base', (Cross(b), Line((a, b), (240, 80, 60), "dotted")))
        length = sum(math.dist(p, q) for p, q in zip(path, path[1:]))
        clutter = self.table.clutter_on_path(path)
        text = f'path {length:.1f}" for a 1" base, {clutter:.1f}" of it in clutter'
        return Probe("path", a, b, text, (Line(tuple(path), PATH_COLOUR, "dashed", 3, f'{length:.1f}"'),))

    # ---- deployment -----------------------------------------------------------------------------

    def _deploy(self) -> None:
        """The figures as the rule set sets them up (its own new_game), if this build has the rules."""
        self.deployment = []
        sc = self.review.scenario
        if sc is None:
            self.deployment_note = "deployment: the map does not load (see check)"
            return
        try:
            from game.rules.core import get_ruleset

            rules = get_ruleset(sc.ruleset)
        except KeyError:
            self.deployment_note = f"deployment: no {sc.ruleset} rules in this build"
            return
        try:
            game = rules.new_game(sc, _default_options(rules, sc), 0)
            figures: list[dict[str, Any]] = list(game.state_data().get("figures", []))
        except Exception as exc:  # the rules refusing a map is what the designer must see
            self.deployment_note = f"deployment failed: {exc}"
            return
        for f in figures:
            pos = f.get("position")
            if pos:
                self.deployment.append(
                    (
                        str(f.get("id")),
                        str(f.get("side")),
                        (float(pos[0]), float(pos[1])),
                        float(f.get("radius", 0.5)),
                    )
                )
        self.deployment_note = f"deployment: {len(self.deployment)} figures, as {rules.name} sets them up"

    # ---- events ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.view is not None and self.view.handle_event(event):
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        if key == pygame.K_ESCAPE:
            self.app.quit()
        elif key in (pygame.K_s, pygame.K_p):
            self.mode = "sight" if key == pygame.K_s else "path"
            self.probe = None
        elif key == pygame.K_d:
            self.show_deployment = not self.show_deployment
            if self.show_deployment:
                self._deploy()
            else:
                self.deployment_note = ""
        elif key == pygame.K_g:
            self.show_grid = not self.show_grid
        elif key == pygame.K_o and self.view is not None:
            self.view.show_outlines = not self.view.show_outlines
        elif key == pygame.K_f and self.view is not None:
            self.view.fit()
        elif key == pygame.K_r:
            self.reload()
        self._refresh_status()

    def update(self, dt: float) -> None:
        self._since_look += dt
        if self._since_look >= RELOAD_EVERY:
            self._since_look = 0.0
            if self.changed_on_disk():
                self.reload()
        if self.view is not None:
            self.view.overlays = self._overlays()
            self.view.update(dt)

    # ---- drawing --------------------------------------------------------------------------------

    def _overlays(self) -> list[Overlay]:
        marks: list[Overlay] = []
        if self.scenario is not None:
            for t in self.scenario.terrain:
                x0, y0, x1, y1 = t.area.bounds
                # the view labels each outline with its class and name; the id (what check names) goes below
                marks.append(
                    Label(
                        ((x0 + x1) / 2, (y0 + y1) / 2), f"id {t.id}", (235, 235, 220), 13, False, "midtop", (0, 10)
                    )
                )
            for pl in self.scenario.placements:
                r = 0.8 if pl.properties.get("boss") else BASE_RADIUS
                marks.append(Circle(pl.position, r, (200, 60, 60), "solid", 2, pl.kind))
        if self.show_deployment:
            for _fid, side, pos, r in self.deployment:
                colour = (110, 160, 240) if side == "allies" else (220, 70, 60)
                marks.append(Circle(pos, r, colour, "solid", 2))
        for p in self.review.problems:
            if p.at is None:
                continue
            colour = SEVERITY_COLOUR[p.severity]
            marks.append(Cross(p.at, colour, 10))
            marks.append(Label(p.at, _short(p), colour, 14, True, "topleft", (10, 6)))
        if self.probe is not None:
            marks += list(self.probe.overlays)
        return marks

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
        if self.view is None:
            return
        self.view.draw(surface)
        if self.show_grid and self.scenario is not None:
            self._draw_grid(surface)

    def _draw_grid(self, surface: pygame.Surface) -> None:
        view, sc = self.view, self.scenario
        if view is None or sc is None:
            return
        cam = view.camera
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        step = 1 if cam.ppi >= 8 else 6  # a 1" grid only where it can be seen
        x = 0
        while x <= sc.width + 1e-9:
            a, b = cam.to_screen((x, 0)), cam.to_screen((x, sc.height))
            pygame.draw.line(layer, GRID_SIX if x % 6 == 0 else GRID, a, b)
            if x % 6 == 0:
                view.texts.blit(layer, f'{x:g}"', 12, (230, 230, 220), (a[0] + 2, a[1] + 2), "topleft")
            x += step
        y = 0
        while y <= sc.height + 1e-9:
            a, b = cam.to_screen((0, y)), cam.to_screen((sc.width, y))
            pygame.draw.line(layer, GRID_SIX if y % 6 == 0 else GRID, a, b)
            if y % 6 == 0 and y:
                view.texts.blit(layer, f'{y:g}"', 12, (230, 230, 220), (a[0] + 2, a[1] - 2), "bottomleft")
            y += step
        vx, vy, vw, vh = cam.viewport
        surface.blit(layer, (vx, vy), pygame.Rect(vx, vy, vw, vh))


def _default_options(rules: Any, scenario: Scenario) -> dict[str, Any]:
    """The options the rule set's set-up offers first (its defaults, its default number of players), so the
    deployment shown is the one a player gets by pressing Begin (the same ``check`` sets up); {} when the
    rule set has no set-up or refuses its own defaults (the deployment then says why)."""
    from game.startcheck import start_options

    try:
        return start_options(rules, scenario)[0]
    except (KeyError, TypeError, ValueError):
        return {}


def _short(p: Problem) -> str:
    text = p.message
    return text if len(text) <= 60 else text[:57] + "..."
