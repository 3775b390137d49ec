"""Settings: master volume, the demo's volume, mute, animation speed, fullscreen, interface size; saved as soon as
they change, and the interface size shown at once."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from game.ui.interface_size import LEAST_CANVAS, offered, size_words
from game.ui.scenes.base import Scene

INTERFACE_SIZE = "Interface size"


class SettingsScene(Scene):
    name = "settings"

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        m = 24
        s = self.app.settings
        x = w // 2 - 260
        self.ui(UILabel(pygame.Rect(m, m, w - 2 * m, 40), "Settings", self.manager, object_id="#heading"))
        y = m + 90
        self.volume, self.volume_value = self._slider(
            (x, y), "Master volume", round(s.master_volume * 100), (0, 100), f"{round(s.master_volume * 100)}%"
        )
        y += 60
        self.demo_volume, self.demo_volume_value = self._slider(
            (x, y), "Demo volume", round(s.demo_volume * 100), (0, 100), f"{round(s.demo_volume * 100)}%"
        )
        y += 60
        self.mute = self.ui(
            UICheckBox(pygame.Rect(x + 210, y + 8, 22, 22), "Mute all sound", self.manager, initial_state=s.muted)
        )
        y += 60
        self.speed, self.speed_value = self._slider(
            (x, y), "Animation speed", round(s.animation_speed * 100), (25, 400), f"{s.animation_speed:.2g}x", 25
        )
        y += 60
        self.fullscreen = self.ui(
            UICheckBox(
                pygame.Rect(x + 210, y + 8, 22, 22), "Fullscreen (F11)", self.manager, initial_state=s.fullscreen
            )
        )
        y += 60
        self.interface = self._interface_row((x, y))
        self.back = self.ui(UIButton(pygame.Rect(m, h - m - 48, 160, 48), "Back", self.manager))

    def _interface_row(self, at: tuple[int, int]) -> UIDropDownMenu:
        """The interface size: a choice of sizes, and a note when the window shows less than asked."""
        x, y = at
        s, shown = self.app.settings, self.app.ui_size
        self.ui(UILabel(pygame.Rect(x, y, 200, 36), INTERFACE_SIZE, self.manager, object_id="#field"))
        cw, ch = self.app.screen.get_size()  # the canvas: the window divided by the size shown
        window = (round(cw * shown), round(ch * shown))
        words: list[str | tuple[str, str]] = [size_words(k) for k in offered(window, LEAST_CANVAS)]
        current = size_words(shown)  # the size shown, one of those offered (a saved 200% may show less here)
        menu = self.ui(
            UIDropDownMenu(
                words, current, pygame.Rect(x + 210, y, 120, 36), self.manager, object_id="#size_choice"
            )
        )
        if abs(shown - s.interface_size) > 0.01:
            note = f"This window shows {size_words(shown)}: a bigger window or fullscreen (F11) shows more"
            self.ui(UILabel(pygame.Rect(x, y + 40, 560, 28), note, self.manager, object_id="#subtle"))
        return menu

    def _slider(
        self, at: tuple[int, int], label: str, value: int, span: tuple[int, int], shown: str, step: int = 1
    ) -> tuple[UIHorizontalSlider, UILabel]:
        """One settings row: its name, a slider over ``span`` at ``value`` (moved by ``step`` a click) and the
        label showing the value (``shown``), which the row's handler keeps up to date."""
        x, y = at
        self.ui(UILabel(pygame.Rect(x, y, 200, 36), label, self.manager, object_id="#field"))
        slider = self.ui(
            UIHorizontalSlider(pygame.Rect(x + 210, y, 260, 36), value, span, self.manager, click_increment=step)
        )
        return slider, self.ui(UILabel(pygame.Rect(x + 480, y, 70, 36), shown, self.manager))

    def handle_event(self, event: pygame.event.Event) -> None:
        s = self.app.settings
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element is self.volume:
                s.master_volume = event.value / 100
                self.volume_value.set_text(f"{event.value}%")
                self.app.apply_settings()
                self.app.sounds.play("click")
            elif event.ui_element is self.demo_volume:
                s.demo_volume = event.value / 100
                self.demo_volume_value.set_text(f"{event.value}%")
                self.app.apply_settings()
            elif event.ui_element is self.speed:
                s.animation_speed = event.value / 100
                self.speed_value.set_text(f"{s.animation_speed:.2g}x")
                self.app.apply_settings()
        elif event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is self.mute:
                s.muted = checked
                self.app.apply_settings()
            elif event.ui_element is self.fullscreen:
                self.app.set_fullscreen(checked)  # rebuilds this scene for the new size
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.interface:
            self.app.set_interface_size(float(event.text.rstrip("%")) / 100)  # lays this screen out again
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
