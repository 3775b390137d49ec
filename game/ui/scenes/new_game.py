"""New game: every scenario in maps/ with a picture of its table, its title, rule set and briefing; broken maps
show their error.
After them, every campaign (``campaigns/*.toml`` beside the maps) with its rule set, chapters and intro; Start
opens its first chapter's set-up. A broken campaign file shows its errors (file and place).

Every registered rule set shows here: through its scenarios, or, when no map uses it yet, as a line
of its own that says so. A scenario whose rule set this build lacks, or whose rule set is registered
without a view or a set-up, is listed as not playable (on screen) yet and cannot start.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIImage, UILabel, UISelectionList, UITextBox

from game.assets import default_scenario
from game.campaign.model import Campaign
from game.rules.core import RuleSet, get_ruleset, known_rulesets
from game.scenario.model import Scenario
from game.scenario.schema import load_schema
from game.ui.campaign_list import CampaignEntry, carry_words
from game.ui.rules_help import ruleset_title
from game.ui.scenario_list import ScenarioEntry, not_playable
from game.ui.scenes.base import Scene
from game.ui.thumbnails import map_thumbnail, thumbnail_size

ERROR_MARK = "  (cannot load)"
CAMPAIGN_MARK = "Campaign: "
NO_SCENARIO_MARK = " - no scenario yet"
PICTURE_SHARE = 0.42  # of the details column's height, at most, for the map's picture
DRAWING = (30, 32, 26)  # the picture's place while the map is drawn (the first time, up to a second)


def ruleset_playable(key: str) -> bool:
    """Whether a scenario of this rule set can start a game on screen."""
    return not not_playable(key)


def rulesets_without_scenario(entries: list[ScenarioEntry]) -> list[RuleSet]:
    """The registered rule sets no map in the list uses, by name (the menu lists them too)."""
    used = {e.scenario.ruleset for e in entries if e.scenario is not None}
    return sorted((get_ruleset(k) for k in known_rulesets() if k not in used), key=lambda r: r.name.lower())


class NewGameScene(Scene):
    name = "new_game"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries: list[ScenarioEntry] = app.scenarios()
        self.bare: list[RuleSet] = rulesets_without_scenario(self.entries)
        self.campaigns: list[CampaignEntry] = app.campaigns()
        self.campaign: CampaignEntry | None = None  # the campaign chosen (then ``chosen`` is None)
        self._again: Path | None = None  # a campaign under way whose second Start begins a new run
        self.pictures: dict[Path, pygame.Surface] = {}  # the maps' pictures drawn or loaded so far
        self.picture: UIImage | None = None
        self.picture_of: Path | None = None  # the map whose picture is shown
        self._wanted: Path | None = None  # the map whose picture is drawn on the next frame
        self._shown_waiting = False  # a frame has shown the picture's place (the picture comes next)
        default = default_scenario()
        self.chosen: ScenarioEntry | None = next(
            (e for e in self.entries if e.path.resolve() == default.resolve() and e.playable),
            next((e for e in self.entries if e.playable), self.entries[0] if self.entries else None),
        )

    def _item(self, entry: ScenarioEntry) -> str:
        return entry.title + ("" if entry.playable else ERROR_MARK)

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        self.ui(
            UILabel(
                pygame.Rect(m, m, w - 2 * m, 40),
                "New game - choose a scenario or a campaign",
                self.manager,
                object_id="#heading",
            )
        )
        items: list[str | tuple[str, str]] = [self._item(e) for e in self.entries]
        items += [r.name + NO_SCENARIO_MARK for r in self.bare]
        items += [self._campaign_item(c) for c in self.campaigns]
        items = items or ["No scenarios in maps/"]
        list_w = self._list_width(items, w)
        self.list = self.ui(
            UISelectionList(
                pygame.Rect(m, m + 52, list_w, h - 2 * m - 52 - 60),
                items,
                self.manager,
                object_id="#scenario_list",
                default_selection=self._selected_item(),
            )
        )
        column = pygame.Rect(2 * m + list_w, m + 52, w - 3 * m - list_w, h - 2 * m - 52 - 60)
        self.picture_box = pygame.Rect(column.x, column.y, column.w, int(column.h * PICTURE_SHARE))
        self.picture = self.ui(UIImage(self.picture_box.copy(), pygame.Surface((1, 1)), self.manager))
        self.picture.hide()
        self.picture_of = None
        self.details = self.ui(UITextBox("", column, self.manager, object_id="#briefing"))
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))
        self.start = self.ui(
            UIButton(pygame.Rect(w - m - 200, h - m - 48, 200, 48), "Start", self.manager, object_id="#primary")
        )
        if self.campaign is not None:  # (a rebuild keeps the campaign chosen)
            self._show_campaign(self.campaign)
        else:
            self._show(self.chosen)

    def _list_width(self, items: list[str | tuple[str, str]], w: int) -> int:
        """The list as wide as its longest line (in the list's print, with its padding and scroll bar), at
        least 380 and at most half the window: a campaign's name read "The Last Night in Cedar Fa"."""
        font = self.manager.get_theme().get_font_dictionary().find_font(18, "noto_sans")
        widest = max(font.size(i if isinstance(i, str) else i[0])[0] for i in items) + 48
        return min(max(380, widest), w // 2) if w >= 760 else w // 3

    def _selected_item(self) -> str | None:
        if self.campaign is not None:
            return self._campaign_item(self.campaign)
        return self._item(self.chosen) if self.chosen else None

    @staticmethod
    def _campaign_item(entry: CampaignEntry) -> str:
        return CAMPAIGN_MARK + entry.title + ("" if entry.playable else ERROR_MARK)

    def _show_campaign(self, entry: CampaignEntry) -> None:
        """A campaign: its card (rule set, chapters, intro, the first chapter), or its errors."""
        self.chosen, self.campaign = None, entry
        self._show_picture(None)
        self.details.set_text(campaign_card(entry))
        self.start.set_text("Start campaign")
        if entry.campaign is not None and not not_playable(entry.campaign.ruleset):
            self.start.enable()
        else:
            self.start.disable()

    def _asked_before_again(self, entry: CampaignEntry) -> bool:
        """True, the card saying so, the first time Start is pressed for a campaign with a run under way: a
        newcomer began Cedar Falls again while chapter 3 waited, and nothing said the old run was kept."""
        from game.ui.campaign_play import kept_campaigns

        if self._again == entry.path:
            return False
        runs = [k.play for k in kept_campaigns(self.app.campaigns_dir) if k.play is not None and not k.play.ending]
        under_way = [p for p in runs if p.campaign.path.resolve() == entry.path.resolve()]
        if not under_way:
            return False
        self._again = entry.path
        self.details.set_text(
            campaign_card(entry) + f"<br><br><font color='#E4CE84'><b>This campaign is under way: "
            f"{html.escape(under_way[0].subtitle())}.</b> Press Start campaign again to begin a new run; the one "
            "under way is kept (Continue it from the title, or Load).</font>"
        )
        return True

    def _show(self, entry: ScenarioEntry | None) -> None:
        self.chosen, self.campaign = entry, None
        self._show_picture(entry.scenario if entry is not None else None)
        if self.start.text != "Start":
            self.start.set_text("Start")
        if entry is None:
            self.details.set_text("There are no scenarios in the maps/ folder.")
            self.start.disable()
            return
        if entry.scenario is None:
            self.details.set_text(
                f"<font size=5><b>{html.escape(entry.title)}</b></font><br>{html.escape(entry.path.name)}<br><br>"
                f"<font color='#E06050'><b>This map cannot be played:</b></font><br>{_lines(entry.error)}<br><br>"
                "Fix the map in Tiled (see <i>deadground check</i>) and come back."
            )
            self.start.disable()
            return
        s = entry.scenario
        ruleset = ruleset_title(s.ruleset)
        facts = [f"Rule set: <b>{html.escape(ruleset)}</b>"]
        if s.objective:
            words = load_schema().map["objective"].words_for(s.objective, s.ruleset, s.properties)
            facts.append(f"Objective: <b>{html.escape(words)}</b>")
        turns = _turns(s)
        if turns:
            facts.append(turns)
        facts.append(f'Table: <b>{s.width:g}" x {s.height:g}"</b>')
        briefing = html.escape(s.briefing or "No briefing.").replace("\n", "<br>")
        text = f"<font size=5><b>{html.escape(entry.title)}</b></font><br>{' &middot; '.join(facts)}<br><br>{briefing}"
        why = not_playable(s.ruleset)
        if why:
            # The map is fine, but its rule set cannot play on screen: say so rather than open a dead table.
            self.details.set_text(
                text + f"<br><br><font color='#E0A050'><b>Not playable yet:</b> {html.escape(why)}."
                " The map checks out, so designers can keep working on it in Tiled.</font>"
            )
            self.start.disable()
            return
        self.details.set_text(text)
        self.start.enable()

    def _show_ruleset(self, ruleset: RuleSet) -> None:
        """A registered rule set no map uses yet: say so (there is nothing to start)."""
        self.chosen = self.campaign = None
        self._show_picture(None)
        why = not_playable(ruleset.key)
        self.details.set_text(
            f"<font size=5><b>{html.escape(ruleset.name)}</b></font><br>Rule set: <b>{html.escape(ruleset.key)}</b>"
            f"<br><br><font color='#E0A050'><b>No scenario yet:</b> no map in maps/ uses this rule set "
            f"(a map names it with its <i>ruleset</i> property: {html.escape(ruleset.key)}).</font>"
            + (f"<br><br>{html.escape(why)}." if why else "")
        )
        self.start.disable()

    # ---- the map's picture ------------------------------------------------------------------------------

    def _show_picture(self, scenario: Scenario | None) -> None:
        """The picture of ``scenario``'s table over its card (None: no picture, the card takes the column);
        one not drawn yet is drawn on the next frame, its place kept meanwhile, so the click answers at once."""
        if self.picture is None:
            return
        if scenario is None:
            self.picture.hide()
            self.picture_of = self._wanted = None
            self._place_details(self.details, 0)
            return
        size = self._fit(thumbnail_size((scenario.width, scenario.height)))
        self.picture.set_dimensions(size)
        self.picture.set_relative_position((self.picture_box.centerx - size[0] // 2, self.picture_box.y))
        kept = self.pictures.get(Path(scenario.path))
        self.picture.set_image(self._scaled(kept, size) if kept is not None else _placeholder(size))
        self.picture.show()
        self.picture_of = Path(scenario.path) if kept is not None else None
        self._wanted = None if kept is not None else Path(scenario.path)
        self._place_details(self.details, size[1] + 8)

    def _fit(self, size: tuple[int, int]) -> tuple[int, int]:
        """``size`` shrunk (its shape kept) into the picture's place."""
        k = min(1.0, self.picture_box.w / size[0], self.picture_box.h / size[1])
        return max(1, int(size[0] * k)), max(1, int(size[1] * k))

    @staticmethod
    def _scaled(picture: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
        return picture if picture.get_size() == size else pygame.transform.smoothscale(picture, size)

    def _place_details(self, details: UITextBox, top: int) -> None:
        """The card under the picture (``top`` pixels of the column are the picture's)."""
        column_h = self.picture_box.h / PICTURE_SHARE
        details.set_relative_position((self.picture_box.x, self.picture_box.y + top))
        details.set_dimensions((self.picture_box.w, int(column_h) - top))

    def update(self, dt: float) -> None:
        """Draw the picture the menu waits for (once per map: it is kept on disk and in memory)."""
        if self._wanted is not None and not self._shown_waiting:
            self._shown_waiting = True  # a frame with the picture's place first: the click answers at once
            return
        wanted, self._wanted, self._shown_waiting = self._wanted, None, False
        entry = self.chosen
        if wanted is None or entry is None or entry.scenario is None or Path(entry.scenario.path) != wanted:
            return
        self.pictures[wanted] = map_thumbnail(entry.scenario, self.app.assets, self.app.cache_dir / "thumbnails")
        self._show_picture(entry.scenario)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            for entry in self.entries:
                if self._item(entry) == event.text:
                    self._show(entry)
                    break
            else:
                for ruleset in self.bare:
                    if ruleset.name + NO_SCENARIO_MARK == event.text:
                        self._show_ruleset(ruleset)
                        break
                for campaign in self.campaigns:
                    if self._campaign_item(campaign) == event.text:
                        self._show_campaign(campaign)
                        break
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.start and self.campaign is not None and self.campaign.playable:
                if not self._asked_before_again(self.campaign):
                    self.app.start_campaign(self.campaign)
            elif event.ui_element is self.start and self.chosen is not None and self.chosen.playable:
                # start_setup does nothing for a rule set that cannot play on screen (Start is off then)
                self.app.start_setup(self.chosen)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()


def campaign_card(entry: CampaignEntry) -> str:
    """A campaign's card: its title, rule set, chapter count, intro and first chapter; or, for a file that
    cannot be played, its errors (each naming the file and the place) and how to see them all."""
    c = entry.campaign
    if c is None:
        return (
            f"<font size=5><b>{html.escape(entry.title)}</b></font><br>Campaign file {html.escape(entry.path.name)}"
            f"<br><br><font color='#E06050'><b>This campaign cannot be played:</b></font><br>{_lines(entry.error)}"
            "<br><br>Fix the file (see <i>deadground check</i> and docs/CAMPAIGNS.md) and come back."
        )
    first = c.chapters[c.first]
    chapters = len(c.chapters)
    facts = [
        f"Rule set: <b>{html.escape(ruleset_title(c.ruleset))}</b>",
        f"<b>{chapters}</b> chapter{'' if chapters == 1 else 's'}",
    ]
    intro = _lines(c.intro) if c.intro else "No introduction."
    text = (
        f"<font size=5><b>{html.escape(c.title)}</b></font><br>Campaign &middot; {' &middot; '.join(facts)}"
        f"<br><br>{intro}<br><br><b>Chapter 1: {html.escape(first.title)}</b><br>"
        f"{_lines(first.briefing) if first.briefing else ''}<br><br>"
        "<i>The figures you take into the first chapter become the campaign's force: who survives carries on "
        "into the next.</i>" + carried_html(c)
    )
    why = not_playable(c.ruleset)
    if why:
        text += f"<br><br><font color='#E0A050'><b>Not playable yet:</b> {html.escape(why)}.</font>"
    return text


def carried_html(campaign: Campaign) -> str:
    """What the campaign carries from chapter to chapter, in its rule set's words."""
    words = carry_words(campaign)
    return (
        "".join(["<br><br><b>What carries over:</b>", *(f"<br>- {html.escape(w)}" for w in words)])
        if words
        else ""
    )


def _placeholder(size: tuple[int, int]) -> pygame.Surface:
    """The picture's place while the map is drawn."""
    blank = pygame.Surface(size)
    blank.fill(DRAWING)
    return blank


def _lines(text: str) -> str:
    """Plain text with line breaks as the details box's HTML."""
    return html.escape(text).replace("\n", "<br>")


def _turns(scenario: Scenario) -> str:
    """How long a game on the map lasts, in its rule set's words ("Moves: 10"): the map's limit, else the
    rule set's default (a Zombie 40,000 map that sets none still lasts 12 turns)."""
    try:
        rules = get_ruleset(scenario.ruleset)
        limit = rules.turn_limit(scenario) if rules.turn_limit else scenario.turn_limit
    except (KeyError, ValueError, TypeError):  # a rule set this build lacks: the map's own number, if any
        rules, limit = None, scenario.turn_limit
    word = rules.turn_word if rules else "turn"
    return f"{word.capitalize()}s: <b>{limit}</b>" if limit else ""
