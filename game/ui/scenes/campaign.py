"""The campaign screen: the chapters (played with their outcome, the next one, the locked ones), the force
carried over with each figure's history, the next chapter's briefing and "Play chapter N".

It opens after each chapter's end screen (Continue campaign), from the title (Continue campaign) and from
Load; between chapters it is where the campaign is. Plain words and HTML come from
:mod:`game.ui.campaign_words`; what the campaign is and where it stands from
:class:`~game.ui.campaign_play.CampaignPlay`.

>>> app.show_campaign(play)                      # doctest: +SKIP
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.ui.campaign_play import CampaignPlay, chapters_html, ending_html
from game.ui.campaign_words import carries_html, force_html, intro_html
from game.ui.fitting import elide
from game.ui.scenes.base import Scene

M = 24  # the window's margin
BAR_H = 48  # the buttons' row


class CampaignScene(Scene):
    """One campaign between chapters. ``play`` is the campaign and its progress (kept on disk)."""

    name = "campaign"

    def __init__(self, app, play: CampaignPlay, notice: str = "") -> None:
        super().__init__(app)
        self.play = play
        self.notice = notice  # what just happened, or why the chapter could not start
        self.play_button: UIButton | None = None

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        play = self.play
        self.ui(
            UILabel(
                pygame.Rect(M, M, w - 2 * M, 40),
                elide(f"Campaign - {play.campaign.title}", w - 2 * M - 12, self._heading_width),
                self.manager,
                object_id="#heading",
            )
        )
        self.ui(
            UILabel(
                pygame.Rect(M, M + 40, w - 2 * M, 26),
                play.subtitle(),
                self.manager,
                object_id="#subtle",
            )
        )
        top, bottom = M + 76, h - M - BAR_H - 12
        left_w = max(300, min(460, w * 2 // 5))
        split = top + (bottom - top) * 2 // 5
        self.chapters_box = self.ui(
            UITextBox(
                chapters_html(play) + intro_html(play.campaign.intro),
                pygame.Rect(M, top, left_w, split - top - 6),
                self.manager,
            )
        )
        self.briefing_box = self.ui(
            UITextBox(
                self._briefing(),
                pygame.Rect(M, split + 6, left_w, bottom - split - 6),
                self.manager,
                object_id="#briefing",
            )
        )
        self.force_box = self.ui(
            UITextBox(
                force_html(play.force, play.player_names(), play.notes()) + carries_html(play.carry_rules()),
                pygame.Rect(2 * M + left_w, top, w - 3 * M - left_w, bottom - top),
                self.manager,
            )
        )
        self.back = self.ui(
            UIButton(
                pygame.Rect(M, h - M - BAR_H, 180, BAR_H),
                "Title screen",
                self.manager,
                tool_tip_text="The campaign is kept: Continue campaign on the title screen comes back here.",
            )
        )
        self.play_button = None
        chapter = play.next_chapter()
        if chapter is not None:
            verb = (
                "Resume" if play.in_play() is not None else "Play"
            )  # an interrupted chapter goes on where it was
            words = f"{verb} chapter {play.number(chapter)}: {chapter.title}"
            bw = min(w - 3 * M - 180, max(260, 20 + 10 * len(words)))
            self.play_button = self.ui(
                UIButton(
                    pygame.Rect(w - M - bw, h - M - BAR_H, bw, BAR_H),
                    words,
                    self.manager,
                    object_id="#primary",
                    tool_tip_text="Put the chapter on the table with the force as it stands.",
                )
            )

    def _heading_width(self, text: str) -> int:
        return int(self.manager.get_theme().get_font(["label", "#heading"]).size(text)[0])

    def _briefing(self) -> str:
        """The next chapter's briefing (or how the campaign ended), and the notice under it."""
        play = self.play
        chapter = play.next_chapter()
        if chapter is None:
            text = ending_html(play)
        else:
            n = play.number(chapter)
            briefing = html.escape(chapter.briefing or "No briefing.").replace("\n", "<br>")
            text = f"<font size=5><b>Chapter {n}: {html.escape(chapter.title)}</b></font><br><br>{briefing}"
        if self.notice:
            text += f"<br><br><font color='#E0A050'>{html.escape(self.notice)}</font>"
        return text

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.back_to_title()
            elif self.play_button is not None and event.ui_element is self.play_button:
                self.app.play_chapter(self.play)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.back_to_title()
