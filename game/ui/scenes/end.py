"""The end screen: VICTORY or DEFEAT, why, the after-action report and a chart of the game.

Made to be read across a club room: a big headline with its icon, the reason, the numbers that
matter, the citation, one line per player, the fallen by name, every survivor's number from start to end, and the
chart's series turn by turn. It draws any rule set's :class:`~game.rules.contract.Report` the same
way (the rule set chooses the words and numbers, never the look). Everything is drawn once per
window size (``build``), never per frame.

>>> report = get_ruleset(game.ruleset).report(game)          # doctest: +SKIP
>>> app.push(EndScene(app, report, on_again=lambda: app.start_game(setup)))  # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.rules.contract import Report, RollRow
from game.ui import charts
from game.ui.carry_panel import ChapterEnd, carry_split, draw_carry
from game.ui.scenes.base import BACKDROP, Scene

GOLD = (240, 217, 138)
BLOOD = (214, 64, 48)
TEXT = (233, 227, 201)
MUTED = (169, 166, 142)
PANEL = (18, 20, 15, 222)
PANEL_BORDER = (110, 104, 68)
UP, DOWN = (138, 196, 96), (226, 96, 72)

# the chart's series in order: colour AND line style AND marker (then the charts' own styles)
CHART_STYLES = (
    charts.SeriesStyle((86, 180, 233), None, "circle", width=4),
    charts.SeriesStyle((213, 94, 0), (12, 6), "square", width=4),
    charts.SeriesStyle((200, 190, 120), (3, 5), "triangle", width=3),
)


def chart_styles(report: Report) -> dict[str, charts.SeriesStyle]:
    """Each series' style by its label, in the report's order (past the third, the charts' own)."""
    return {
        s.label: CHART_STYLES[i]
        if i < len(CHART_STYLES)
        else charts.DEFAULT_STYLES[i % len(charts.DEFAULT_STYLES)]
        for i, s in enumerate(report.series)
    }


BUTTON_W, BUTTON_H = 220, 50


@dataclass(frozen=True)
class EndLayout:
    """Where everything goes in a window of a given size."""

    header: pygame.Rect
    report: pygame.Rect
    chart: pygame.Rect
    # play again, title, quit (with back to the table before title: four; with a new set-up after play again: five)
    buttons: tuple[pygame.Rect, ...]
    fs: int  # body font size


def end_layout(size: tuple[int, int], count: int = 3) -> EndLayout:
    """The end screen's layout for a window of ``size`` (works down to 800 x 560), with ``count`` buttons.

    >>> lay = end_layout((1280, 800))
    >>> lay.report.right < lay.chart.left and lay.chart.bottom < lay.buttons[0].top
    True
    >>> four = end_layout((800, 560), 4).buttons
    >>> len(four), four[-1].right <= 800, four[0].right < four[1].left
    (4, True, True)
    >>> five = end_layout((800, 560), 5).buttons
    >>> five[0].left >= 0, five[-1].right <= 800, five[0].right < five[1].left
    (True, True, True)
    """
    w, h = size
    m = max(12, min(28, w // 60))
    fs = max(13, min(30, round(min(h / 44, w / 70))))
    header_h = max(120, min(260, round(h * 0.22)))
    bh = max(42, min(64, round(h * 0.062)))
    bw = min(max(150, round(BUTTON_W * h / 800)), 330, (w - (count + 1) * m) // count)
    bar_y = h - m - bh
    body = pygame.Rect(m, header_h, w - 2 * m, max(120, bar_y - m - header_h))
    split = round(body.width * (0.44 if w >= 1100 else 0.5))
    report = pygame.Rect(body.x, body.y, split - m // 2, body.height)
    chart = pygame.Rect(body.x + split + m // 2, body.y, body.width - split - m // 2, body.height)
    total = count * bw + (count - 1) * m
    x = (w - total) // 2
    buttons = tuple(pygame.Rect(x + i * (bw + m), bar_y, bw, bh) for i in range(count))
    return EndLayout(pygame.Rect(0, 0, w, header_h), report, chart, buttons, fs)


def headline_width(headline: str, big: int, has_icon: bool) -> int:
    """How wide the headline stands at font size ``big``, with its two icons when it has them."""
    icons = 2 * (round(big * 1.05) + big // 3) if has_icon else 0
    return charts.font(big, bold=True).size(headline)[0] + icons


def headline_size(headline: str, big: int, width: int, has_icon: bool) -> int:
    """The headline's font size: ``big``, or smaller until it fits the screen's ``width`` with a margin (a long
    winner's name was cut at both edges)."""
    room = width * 0.94
    while big > 18 and headline_width(headline, big, has_icon) > room:
        big = max(18, int(big * 0.9))
    return big


SAME_AGAIN = "Same teams again"  # Play again, where New set-up stands beside it


class EndScene(Scene):
    """The end of a game. ``on_again`` plays again (default: the scenario's set-up, else the title);
    ``on_title`` goes to the title (default: ``app.back_to_title``); ``on_table``, where the game's table lies
    under the screen, adds Back to the table (the last fight and the log, seen again). A campaign chapter's end has its
    ``chapter`` (:class:`~game.ui.carry_panel.ChapterEnd`): Continue campaign in Play again's place, and what
    carries over to the next chapter, a sentence each, drawn under the chart. ``on_setup``, where the game had
    choices, adds New set-up beside Play again, which then says it keeps them ("Same teams again"): a newcomer's
    Play again skipped the team builder he expected to see again."""

    name = "end"

    def __init__(
        self,
        app,
        report: Report,
        on_again: Callable[[], None] | None = None,
        on_title: Callable[[], None] | None = None,
        chapter: ChapterEnd | None = None,
        on_table: Callable[[], None] | None = None,
        on_setup: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.report = report
        self.on_again = on_again
        self.on_title = on_title
        self.on_table = on_table
        self.on_setup = on_setup
        self.chapter = chapter
        self.carry = chapter.carry if chapter is not None else ()
        self.buttons: dict[str, UIButton] = {}
        self.chart: pygame.Surface | None = None
        self._picture: pygame.Surface | None = None
        self._announced = False  # the fanfare plays once, not on every resize
        # what Play again does, where it does more than play (a network game) or keeps the choices (New set-up beside)
        self.again_words = SAME_AGAIN if on_setup is not None else "Play again"

    # ---- layout ------------------------------------------------------------------------------

    def build(self, size: tuple[int, int]) -> None:
        table = self.on_table is not None
        setup = self.on_setup is not None and self.chapter is None  # (a campaign's chapter goes on instead)
        lay = end_layout(size, 3 + table + setup)
        self.layout = lay
        self.buttons = {}
        short = "Same teams" if self.again_words == SAME_AGAIN else self.again_words  # (others as they were)
        first = ("again", self._fitting(self.again_words, lay.buttons[0].width, short))
        if self.chapter is not None:  # a campaign's chapter
            first = ("continue", self._fitting(self.chapter.continue_words, lay.buttons[0].width))
        rows = [(*first, "#primary"), ("title", "Title screen", "#end_title"), ("quit", "Quit", "#end_quit")]
        if table:  # the newcomer never saw his last fight: the report came up as it ended
            rows.insert(
                1,
                ("table", self._fitting("Back to the table", lay.buttons[1].width, "To the table"), "#end_table"),
            )
        if setup:
            rows.insert(1, ("setup", self._fitting("New set-up", lay.buttons[1].width), "#end_setup"))
        for (key, text, oid), rect in zip(rows, lay.buttons, strict=True):
            self.buttons[key] = self.ui(UIButton(rect, text, self.manager, object_id=oid))
        chart_rect, self.carry_rect = carry_split(lay.chart, bool(self.carry), lay.fs)
        lay = dataclasses.replace(lay, chart=chart_rect)
        inner = lay.chart.inflate(-2 * max(6, lay.fs // 2), -2 * max(6, lay.fs // 2))
        self.chart = charts.line_chart(
            inner.size,
            {s.label: list(s.values) for s in self.report.series},
            title=self.report.chart_title,
            x_label=self.report.chart_x_label,
            y_label=self.report.chart_y_label,
            styles=chart_styles(self.report),
            x_values=list(self.report.series_turns),
            theme=charts.DARK,
        )
        self._picture = self._render(size, lay, inner)

    def _fitting(self, words: str, width: int, short: str = "") -> str:
        """``words`` on a button ``width`` wide, or ``short`` (else their first word) when they do not fit (a
        small window)."""
        font = self.manager.get_theme().get_font(["button", "#primary"])
        return words if font.size(words)[0] <= width - 20 else short or words.split()[0]

    # ---- input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("again"):
                self.play_again()
            elif event.ui_element is self.buttons.get("continue") and self.chapter is not None:
                self.chapter.on_continue()
            elif event.ui_element is self.buttons.get("title"):
                self.to_title()
            elif event.ui_element is self.buttons.get("setup") and self.on_setup is not None:
                self.on_setup()
            elif event.ui_element is self.buttons.get("table") and self.on_table is not None:
                self.on_table()
            elif event.ui_element is self.buttons.get("quit"):
                self.app.quit()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_title()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.chapter is not None:
                self.chapter.on_continue()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play_again()

    def play_again(self) -> None:
        if self.on_again is not None:
            self.on_again()
            return
        entry = next(
            (
                e
                for e in self.app.scenarios()
                if e.scenario is not None and e.scenario.title == self.report.scenario
            ),
            None,
        )
        self.app.back_to_title()
        if entry is not None:
            self.app.start_setup(entry)

    def to_title(self) -> None:
        if self.on_title is not None:
            self.on_title()
        else:
            self.app.back_to_title()

    def update(self, dt: float) -> None:
        if not self._announced:
            self._announced = True
            if self.report.victory is not None:
                self.app.sounds.play("victory" if self.report.victory else "defeat")

    def draw(self, surface: pygame.Surface) -> None:
        if self._picture is None or self._picture.get_size() != surface.get_size():
            surface.fill(BACKDROP)
            return
        surface.blit(self._picture, (0, 0))

    # ---- the picture (drawn once per size) -----------------------------------------------------

    def _render(self, size: tuple[int, int], lay: EndLayout, chart_at: pygame.Rect) -> pygame.Surface:
        pic = pygame.Surface(size)
        self._backdrop(pic)
        self._header(pic, lay)
        _panel(pic, lay.report)
        _panel(pic, lay.chart)
        ReportPanel(self.report, lay.fs).draw(pic, lay.report.inflate(-2 * lay.fs, -2 * round(lay.fs * 0.8)))
        if self.chart is not None:
            pic.blit(self.chart, chart_at)
        if self.carry_rect is not None and self.chapter is not None:
            _panel(pic, self.carry_rect)
            draw_carry(pic, self.carry, self.carry_rect.inflate(-2 * lay.fs, -lay.fs), lay.fs, self.chapter.title)
        return pic

    def _backdrop(self, pic: pygame.Surface) -> None:
        w, h = pic.get_size()
        assets = self.app.assets
        image = assets.image("ui.title")
        # the landscape under the title art's logo: the church, the sunset and the dead walking
        iw, ih = image.get_size()
        land = image.subsurface(pygame.Rect(0, round(ih * 0.36), iw, ih - round(ih * 0.36)))
        k = max(w / land.get_width(), h / land.get_height())
        cover = pygame.transform.smoothscale(land, (round(land.get_width() * k), round(land.get_height() * k)))
        pic.fill(BACKDROP)
        pic.blit(cover, cover.get_rect(center=(w // 2, h // 2)))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        tint = (40, 30, 8, 185) if self.report.victory else (46, 6, 4, 195)
        shade.fill(tint)
        pic.blit(shade, (0, 0))
        band = pygame.Surface((w, 2), pygame.SRCALPHA)  # a darker band behind the headline
        for y in range(self.layout.header.height):
            a = round(150 * (1 - y / self.layout.header.height))
            band.fill((0, 0, 0, a))
            pic.blit(band, (0, y))

    def _header(self, pic: pygame.Surface, lay: EndLayout) -> None:
        r = self.report
        hh = lay.header.height
        colour = GOLD if r.victory else (BLOOD if r.victory is not None else TEXT)
        headline = r.headline
        has_icon = r.victory is not None
        big = headline_size(headline, max(44, round(hh * 0.42)), pic.get_width(), has_icon)
        text = charts.font(big, bold=True).render(headline, True, colour)
        shadow = charts.font(big, bold=True).render(headline, True, (0, 0, 0))
        icon_px = round(big * 1.05)
        gap = big // 3
        total = text.get_width() + (2 * (icon_px + gap) if has_icon else 0)
        x = (pic.get_width() - total) // 2
        top = round(hh * 0.06)
        if has_icon:
            icon = self.app.assets.scaled("icons.victory" if r.victory else "icons.defeat", (icon_px, icon_px))
            mid = top + text.get_height() // 2
            pic.blit(icon, icon.get_rect(midleft=(x, mid)))
            pic.blit(icon, icon.get_rect(midright=(x + total, mid)))
            x += icon_px + gap
        for dx, dy in ((4, 4), (2, 2)):
            pic.blit(shadow, (x + dx, top + dy))
        pic.blit(text, (x, top))
        y = top + text.get_height() - round(big * 0.08)
        reason = r.reason or "The game ended."
        rfs = max(15, round(hh * 0.12))
        rect = _line(pic, reason, rfs, TEXT, (pic.get_width() / 2, y), "midtop", bold=True, shadow=True)
        _line(
            pic,
            r.subline,
            max(13, round(rfs * 0.8)),
            MUTED,
            (pic.get_width() / 2, rect.bottom + 2),
            "midtop",
            shadow=True,
        )


class ReportPanel:
    """The left panel: the numbers, the citation, a line per player, the fallen and the roll of survivors."""

    def __init__(self, report: Report, fs: int) -> None:
        self.r = report
        self.fs = fs

    def draw(self, pic: pygame.Surface, area: pygame.Rect) -> None:
        r, fs = self.r, self.fs
        clip = pic.get_clip()
        pic.set_clip(area)
        y = _line(pic, "AFTER-ACTION REPORT", round(fs * 1.15), GOLD, area.topleft, bold=True).bottom + fs // 2
        stats = r.stats  # left column, right column, left ...
        col_w = area.width // 2
        row_h = round(fs * 1.45)
        gfs = fs  # the grid's size: as big as lets every label clear its value
        while gfs > 10 and any(
            charts.font(gfs).size(a)[0] + charts.font(gfs, True).size(b)[0] + gfs * 2 > col_w for a, b in stats
        ):
            gfs -= 1
        for i, (label, value) in enumerate(stats):
            cx = area.x + (i % 2) * col_w
            cy = y + (i // 2) * row_h
            _line(pic, label, gfs, MUTED, (cx, cy))
            _line(pic, value, gfs, TEXT, (cx + col_w - fs, cy), "topright", bold=True)
        y += (len(stats) + 1) // 2 * row_h + fs // 2
        y = _rule(pic, area, y, fs)
        if r.citation:
            y = _line(pic, r.citation_title, round(fs * 0.9), GOLD, (area.x, y), bold=True).bottom + 2
            _medal(pic, (area.x + fs * 0.7, y + fs * 0.8), fs * 0.6)
            for text in _wrap(r.citation, charts.font(fs, bold=True), area.width - round(fs * 2)):
                y = _line(pic, text, fs, TEXT, (area.x + round(fs * 1.8), y), bold=True).bottom
            y = _rule(pic, area, y + fs // 2, fs)
        if r.groups:
            gfs = round(fs * 0.9)
            for text in r.groups:  # a long line wraps after a comma rather than running off the panel
                for part in _wrap(text, charts.font(gfs), area.width):
                    y = _line(pic, part, gfs, TEXT, (area.x, y)).bottom
                y += 2
            y = _rule(pic, area, y + fs // 3, fs)
        if r.fallen:
            y = self._fallen(pic, area, y)
        self._survivors(pic, area, y)
        pic.set_clip(clip)

    def _fallen(self, pic: pygame.Surface, area: pygame.Rect, y: int) -> int:
        """The dead by name, a line per side (wrapped after a comma), above the survivors; the new top."""
        fs, gfs = self.fs, round(self.fs * 0.9)
        y = _line(pic, self.r.fallen_title, gfs, GOLD, (area.x, y), bold=True).bottom + 2
        for text in self.r.fallen:
            for part in _wrap(text, charts.font(gfs), area.width):
                y = _line(pic, part, gfs, TEXT, (area.x, y)).bottom
            y += 2
        return _rule(pic, area, y + fs // 3, fs)

    def _survivors(self, pic: pygame.Surface, area: pygame.Rect, y: int) -> None:
        fs = self.fs
        r = self.r
        survivors = r.roll
        if survivors and all(s.words for s in survivors):  # rows in words: each reads whole, wrapped
            self._word_roll(pic, area, y)
            return
        # the largest text that shows everyone (down to 12 px); else "... and N more"
        for sfs in range(max(12, round(fs * 0.9)), 11, -1):
            row_h = round(sfs * 1.4)
            rows = max(1, (area.bottom - y - round(fs * 1.4)) // row_h)
            needed = -(-len(survivors) // rows)
            cols = max(1, min(needed, area.width // (sfs * 14)))
            if needed <= cols:
                break
        note = cols == 1 and bool(r.roll_mark)  # room for the mark's column; else a star after the name
        head = f"{r.roll_title}: {len(survivors)}"
        rect = _line(pic, head, round(fs * 0.9), GOLD, (area.x, y), bold=True)
        star = "" if note or not any(s.marked for s in survivors) else f"* {r.roll_mark}"
        key = ",  ".join(k for k in (r.roll_key, star) if k)
        _line(pic, key, round(fs * 0.8), MUTED, (rect.right + fs, rect.centery), "midleft")
        y = rect.bottom + 4
        if not survivors:
            _line(pic, r.roll_empty, fs, MUTED, (area.x, y))
            return
        cell_w = area.width // cols
        fit = rows * cols
        if len(survivors) <= fit:  # balanced columns
            rows = -(-len(survivors) // cols)
            fit = rows * cols
        shown = survivors if len(survivors) <= fit else survivors[: fit - 1]
        # the numbers start after the longest name shown (so "Player 1: Guardian Defenders" is not written
        # over), and never so far that they leave the column
        widest = max(charts.font(sfs).size(s.name + " *")[0] for s in shown) + sfs
        # a row in columns, its numbers and change too, ends a gap before the next column (a row of a long name ran
        # into the next column's names): the name is cut with an ellipsis instead
        room = cell_w - round(sfs * 6.5) if note else cell_w - _tail_w(sfs) - sfs
        name_w = min(max(round(sfs * 8.2) - round(sfs * 1.2), widest), room)
        if note:  # one column: a mark too long for the room left wraps under its row, the rows below move down
            for s in shown:
                _roll_row(pic, s, (area.x, y), sfs, note, r.roll_mark, name_w, area.right)
                marks = _mark_lines(s.mark or r.roll_mark, sfs, _mark_x(s, area.x, sfs, name_w), area.right)
                y += row_h + round(sfs * 1.2) * max(0, len(marks) - 1) if s.marked else row_h
            if len(shown) < len(survivors):
                _line(pic, f"... and {len(survivors) - len(shown)} more", sfs, MUTED, (area.x, y))
            return
        for i, s in enumerate(shown):
            c, rr = divmod(i, rows)
            _roll_row(pic, s, (area.x + c * cell_w, y + rr * row_h), sfs, note, r.roll_mark, name_w)
        if len(shown) < len(survivors):
            c, rr = divmod(fit - 1, rows)
            _line(
                pic,
                f"... and {len(survivors) - len(shown)} more",
                sfs,
                MUTED,
                (area.x + c * cell_w, y + rr * row_h),
            )

    def _word_roll(self, pic: pygame.Surface, area: pygame.Rect, y: int) -> None:
        """The roll where each row is a name and its words ("Trina  killed 2 zombies, got away"): every entry
        measured and wrapped inside its column, so none runs into the next (a newcomer read "killed 3
        zombiesTrina" and "bystander, le…" in fixed cells)."""
        fs, r = self.fs, self.r
        rect = _line(pic, f"{r.roll_title}: {len(r.roll)}", round(fs * 0.9), GOLD, (area.x, y), bold=True)
        if r.roll_key:
            _line(pic, r.roll_key, round(fs * 0.8), MUTED, (rect.right + fs, rect.centery), "midleft")
        top = rect.bottom + 4
        sfs, cols, placed = word_roll_layout(r.roll, r.roll_mark, area.width, area.bottom - top, round(fs * 0.9))
        cell_w = area.width // cols
        for entry in placed:
            x, ey = area.x + entry.column * cell_w, top + entry.y
            name = _line(pic, entry.row.name, sfs, TEXT, (x, ey))
            for i, part in enumerate(entry.lines):
                at = (name.right + round(sfs * 0.6), ey) if i == 0 else (x + sfs, ey + i * _line_h(sfs))
                _line(pic, part, sfs, MUTED, at)
        left = len(r.roll) - len(placed)
        if left:
            last = placed[-1] if placed else None
            ly = top + (last.y + last.height if last is not None else 0)
            _line(pic, f"... and {left} more", sfs, MUTED, (area.x + (last.column if last else 0) * cell_w, ly))


@dataclass(frozen=True)
class WordEntry:
    """One roll entry placed: its column, its top below the heading, its height and its words' lines."""

    row: RollRow
    column: int
    y: int
    height: int
    lines: tuple[str, ...]


def _line_h(sfs: int) -> int:
    """A wrapped entry's line pitch: the font's own, so a second line never touches the next entry."""
    return charts.font(sfs).get_linesize()


def _row_words(row: RollRow, mark: str) -> str:
    """What a row says after the name, its mark said in words ("killed 2 zombies, got away")."""
    return row.words + (f", {row.mark or mark}" if row.marked and (row.mark or mark) else "")


def _entry_lines(row: RollRow, mark: str, sfs: int, width: int) -> tuple[str, ...]:
    """The row's words as lines: the first after the name, the rest indented under it."""
    f = charts.font(sfs)
    first = max(sfs * 3, width - f.size(row.name)[0] - round(sfs * 0.6))
    words, cur = _row_words(row, mark).split(), ""
    lines: list[str] = []
    for word in words:
        trial = f"{cur} {word}".strip()
        room = first if not lines else width - sfs
        if cur and f.size(trial)[0] > room:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    return tuple(lines + ([cur] if cur else []))


def word_roll_layout(
    rows: tuple[RollRow, ...], mark: str, width: int, height: int, big: int
) -> tuple[int, int, list[WordEntry]]:
    """The font size, columns and placed entries of a roll in words: the largest size (down to 12 px) at which
    every entry fits in one column, else in two; at 12 px in two columns, as many as fit."""
    best: tuple[int, int, list[WordEntry]] | None = None
    for sfs in range(max(12, big), 11, -1):
        for cols in (1, 2):
            placed = _pack_words(rows, mark, sfs, cols, width, height)
            if len(placed) == len(rows):
                return sfs, cols, placed
            best = (sfs, cols, placed)
    assert best is not None
    sfs, cols, placed = best
    return sfs, cols, placed[: max(0, len(placed) - 1)]  # room for "... and N more"


def _pack_words(
    rows: tuple[RollRow, ...], mark: str, sfs: int, cols: int, width: int, height: int
) -> list[WordEntry]:
    """The entries down the columns in order, each column as full as it may be (a column starts when the next
    entry would pass the bottom)."""
    cell_w = width // cols - (sfs if cols > 1 else 0)
    line_h, gap = _line_h(sfs), round(sfs * 0.2)
    placed: list[WordEntry] = []
    column, y = 0, 0
    for row in rows:
        lines = _entry_lines(row, mark, sfs, cell_w)
        if charts.font(sfs).size(row.name)[0] > cell_w:
            return placed  # a name wider than the column: not at this size
        h = max(1, len(lines)) * line_h + gap
        if y + h > height and y > 0:
            column, y = column + 1, 0
        if column >= cols or h > height:
            return placed
        placed.append(WordEntry(row, column, y, h, lines))
        y += h
    return placed


# ---- small drawing helpers -----------------------------------------------------------------------


def _line(
    pic: pygame.Surface,
    text: str,
    size: int,
    colour,
    pos,
    anchor: str = "topleft",
    bold: bool = False,
    shadow: bool = False,
) -> pygame.Rect:
    f = charts.font(size, bold)
    image = f.render(text, True, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        pic.blit(f.render(text, True, (0, 0, 0)), rect.move(2, 2))
    pic.blit(image, rect)
    return rect


def _wrap(text: str, f: pygame.font.Font, width: int) -> list[str]:
    """Lines no wider than ``width``, broken after a comma where one fits, else between words."""
    parts = [p + "," for p in text.split(", ")]
    parts[-1] = parts[-1][:-1]
    lines, cur = [], ""
    for part in parts:
        trial = f"{cur} {part}".strip()
        if f.size(trial)[0] <= width:
            cur = trial
        elif f.size(part)[0] <= width:
            lines.append(cur) if cur else None
            cur = part
        else:
            lines.extend(_wrap_words(trial, f, width)[:-1])
            cur = _wrap_words(trial, f, width)[-1]
    return lines + ([cur] if cur else [])


def _wrap_words(text: str, f: pygame.font.Font, width: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for word in words:
        trial = f"{cur} {word}".strip()
        if cur and f.size(trial)[0] > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    return lines + ([cur] if cur else [])


def _panel(pic: pygame.Surface, rect: pygame.Rect) -> None:
    glass = pygame.Surface(rect.size, pygame.SRCALPHA)
    glass.fill(PANEL)
    pic.blit(glass, rect)
    pygame.draw.rect(pic, PANEL_BORDER, rect, 1)


def _rule(pic: pygame.Surface, area: pygame.Rect, y: int, fs: int) -> int:
    pygame.draw.line(pic, (70, 68, 48), (area.x, y), (area.right, y), 1)
    return y + fs // 2


def _medal(pic: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A small brass medal on a ribbon beside the citation."""
    x, y = centre
    pygame.draw.polygon(pic, (150, 40, 36), [(x - r * 0.7, y - r * 1.6), (x + r * 0.7, y - r * 1.6), (x, y)])
    pygame.draw.circle(pic, GOLD, (round(x), round(y)), round(r))
    pygame.draw.circle(pic, (90, 70, 20), (round(x), round(y)), round(r), 2)


def _columns(x: int, fs: int, name_w: int) -> tuple[int, int, int, int, int]:
    """A roll row's fixed columns, so the numbers line up down the table: the start's right edge, the
    arrow's two ends, the end's right edge and the change's left edge."""
    start_r = x + name_w + round(fs * 1.2)
    arrow_l, arrow_r = start_r + round(fs * 0.45), start_r + round(fs * 1.55)
    end_r = arrow_r + round(fs * 1.7)
    return start_r, arrow_l, arrow_r, end_r, end_r + round(fs * 0.5)


def _tail_w(fs: int) -> int:
    """A roll row's width after its name: the numbers, the arrow and the widest change ("+12")."""
    return _columns(0, fs, 0)[4] + charts.font(fs, True).size("+88")[0]


def _mark_x(s: RollRow, x: int, fs: int, name_w: int) -> int:
    """Where a row's mark ("team escaped: 2 survived, all aboard") starts: after its words, or its change."""
    if s.words:
        return x + name_w + round(fs * 0.6) + charts.font(fs).size(s.words)[0] + fs
    return _columns(x, fs, name_w)[4] + round(fs * 2.2)


def _mark_lines(mark: str, fs: int, x: int, right: int | None) -> list[str]:
    """A mark as the lines it takes between ``x`` and the panel's ``right`` edge: broken after its colon, then
    after a comma (issue 33: "team escaped: 1 aboard," ran off the panel); whole when there is no edge."""
    f, width = charts.font(fs), max(fs * 4, right - x) if right is not None else 0
    if right is None or f.size(mark)[0] <= width:
        return [mark]
    head, colon, rest = mark.partition(": ")
    if colon and f.size(head + ":")[0] <= width:  # "team escaped:" over "2 survived, all aboard"
        return [head + ":", *_wrap(rest, f, width)]
    return _wrap(mark, f, width) or [mark]


def fitted_name(name: str, mark: str, f: pygame.font.Font, width: int) -> str:
    """``name`` cut with an ellipsis until it and its ``mark`` fit ``width`` pixels: the name is cut, never the
    mark ("Rfn Thompso\u2026" lost the "*" that says he got away).

    >>> pygame.font.init()
    >>> f = pygame.font.Font(None, 20)
    >>> fitted_name("Rfn Thompson", " *", f, f.size("Rfn Th\u2026 *")[0]).endswith("\u2026 *")
    True
    """
    while len(name) > 2 and f.size(name + mark)[0] > width:
        name = name[:-2] + "\u2026"
    return name + mark


def _roll_row(
    pic: pygame.Surface,
    s: RollRow,
    pos: tuple[int, int],
    fs: int,
    note: bool,
    mark: str,
    name_w: int,
    right: int | None = None,
) -> tuple[pygame.Rect, pygame.Rect]:
    """``Pvt. us1-r3   7 -> 9  +2  got away``: a drawn arrow, the change as signed text as well as colour.
    The name gets ``name_w`` pixels (cut with an ellipsis beyond them); the numbers follow in fixed columns;
    the mark wraps under itself before the panel's ``right`` edge. Returns where the name and the first
    number were drawn."""
    x, y = pos
    away = s.marked
    name = fitted_name(s.name, " *" if away and not note else "", charts.font(fs), name_w - fs // 2)
    name_rect = _line(pic, name, fs, TEXT, (x, y))
    if away and note:
        at = _mark_x(s, x, fs, name_w)
        for i, part in enumerate(_mark_lines(s.mark or mark, fs, at, right)):
            _line(pic, part, fs, MUTED, (at, y + i * round(fs * 1.2)))
    if s.words:  # the rule set's words instead of the numbers ("killed 2 zombies"), in the numbers' place
        return name_rect, _line(pic, s.words, fs, TEXT, (x + name_w + round(fs * 0.6), y))
    start_r, arrow_l, arrow_r, end_r, tag_x = _columns(x, fs, name_w)
    change = s.after - s.before
    tag = f"{change:+d}" if change else "="
    colour = UP if change > 0 else DOWN if change < 0 else MUTED
    start_rect = _line(pic, str(s.before), fs, MUTED, (start_r, y), "topright")
    end = _line(pic, str(s.after), fs, TEXT, (end_r, y), "topright", bold=True)
    ay = end.centery
    pygame.draw.line(pic, MUTED, (arrow_l, ay), (arrow_r - 3, ay), 2)
    pygame.draw.polygon(
        pic, MUTED, [(arrow_r, ay), (arrow_r - fs // 3, ay - fs // 4), (arrow_r - fs // 3, ay + fs // 4)]
    )
    _line(pic, tag, fs, colour, (tag_x, y), bold=True)
    return name_rect, start_rect
