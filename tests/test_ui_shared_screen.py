"""Issue 33, the shared screen as newcomers found it: no interface size, no How to play page, the rules help's
drop-down cutting "Zombie Rules (Outbreak", and a tooltip left on the table after the pointer went."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import headless_app, start_game

from game.rules.core import get_ruleset, known_rulesets
from game.ui.keymap import KEYMAP, VIEW_KEYS, key_words

MAPS = Path(__file__).resolve().parents[1] / "maps"

GOLD = (0xE4, 0xCE, 0x84)  # the theme's heading colour


def _heading_pixels(app) -> int:
    """How many pixels of the window the heading's gold print covers (its size on screen)."""
    window = app.display
    top = window.subsurface(pygame.Rect(0, 0, window.get_width(), window.get_height() // 6))
    return pygame.mask.from_threshold(top, GOLD, (40, 40, 40, 255)).count()


def test_the_interface_size_makes_the_print_bigger_at_once_and_is_kept(tmp_path: Path) -> None:
    settings = tmp_path / "settings.json"
    with headless_app(settings) as app:
        pygame.display.set_mode((1600, 1000))  # a big screen: room for 150%
        app.display = pygame.display.get_surface()
        app.set_interface_size(1.0)
        app.show_settings()
        app.run_frames(2)
        before = _heading_pixels(app)
        chosen = pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=app.scene.interface, text="150%"
        )
        app.scene.handle_event(chosen)  # the player picks 150% in the drop-down
        app.run_frames(2)
        assert app.ui_size == 1.5 and app.screen.get_size() == (1067, 667)
        assert _heading_pixels(app) > 1.8 * before  # the print is half as big again each way: 2.25x the ink
        assert app.scene.interface.selected_option[0] == "150%"
    with headless_app(settings) as again:
        assert again.settings.interface_size == 1.5  # kept in the settings file for the next start


def test_a_window_too_small_for_the_size_says_so(app) -> None:
    app.set_interface_size(2.0)
    app.show_settings()
    app.run_frames(2)
    notes = [e.text for e in app.scene._elements if hasattr(e, "text") and "This window shows" in str(e.text)]
    assert notes and "143%" in notes[0], notes


def test_clicks_land_where_the_bigger_buttons_are_drawn(tmp_path: Path) -> None:
    from ui_driver import click

    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode((1600, 1000))
        app.display = pygame.display.get_surface()
        app.set_interface_size(1.5)
        app.show_settings()
        app.run_frames(2)
        back = app.scene.back.rect  # on the canvas; on the window it is half as big again
        on_window = (round(back.centerx * 1.5), round(back.centery * 1.5))
        pygame.mouse.set_pos(on_window)
        click(app, on_window)
        assert app.scene.name == "title"


def test_how_to_play_lists_every_key_of_the_keymap_and_each_rule_sets_actions(app) -> None:
    app.scene.act("how_to_play")
    app.run_frames(2)
    scene = app.scene
    assert scene.name == "how_to_play" and len(scene.choices) == len(known_rulesets())
    for ruleset in scene.choices:
        scene.ruleset = ruleset.key
        app.rebuild()
        app.run_frames(1)
        page = scene.html
        for chord in KEYMAP:
            assert f"<b>{key_words(chord)}" in page or f" / {key_words(chord)}" in page, (ruleset.key, chord)
        for key, _ in VIEW_KEYS:
            assert f"<b>{key}</b>" in page
        for kind in ruleset.view().action_kinds:
            assert f"<b>{kind.hotkey.upper()}</b>: {kind.label}" in page, (ruleset.key, kind.key)
        assert f"{ruleset.name} in short" in page  # the primer, from the rule set's own reference


def test_how_to_play_from_the_title_opens_on_the_default_scenarios_rule_set_then_on_the_one_read(app) -> None:
    """A newcomer's first How to play opened on whichever rule set came first in the alphabet, not the one of
    the game the README starts, and forgot the one he chose."""

    from game.assets import default_scenario
    from game.scenario import load_scenario

    app.scene.act("how_to_play")
    app.run_frames(2)
    assert app.scene.ruleset == load_scenario(default_scenario()).ruleset
    other = next(r for r in app.scene.choices if r.key != app.scene.ruleset)
    chosen = pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=app.scene.chooser, text=other.name
    )
    app.scene.handle_event(chosen)
    app.pop()
    app.run_frames(1)
    app.scene.act("how_to_play")
    app.run_frames(2)
    assert app.scene.ruleset == other.key


def test_how_to_play_opens_from_the_game_menu_on_the_games_rule_set(app) -> None:
    scene = start_game(app)
    scene._menu("how_to_play")
    app.run_frames(2)
    assert app.scene.name == "how_to_play" and app.scene.ruleset == scene.scenario.ruleset
    assert "How a turn goes" in app.scene.html and app.scene.chooser is None


def test_the_rules_help_drop_down_shows_every_name_whole(app) -> None:
    app.show_rules()
    app.run_frames(2)
    scene = app.scene
    button = scene.chooser.current_state.selected_option_button
    for ruleset in scene.choices:  # in the drop-down's own print (bold 18), with its padding (the arrow is beside)
        assert button.font.size(ruleset.name)[0] + 16 <= button.rect.w, ruleset.name
    assert not scene.chooser.rect.colliderect(scene.text.rect)


def _hover_until_tip(app, element, seconds: float = 3.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pygame.mouse.set_pos(element.rect.center)
        app.run_frames(1)
        if element.tool_tip is not None:
            return element.tool_tip
        time.sleep(0.05)
    return None


def test_a_tooltip_goes_when_its_icon_is_hidden_and_the_pointer_leaves(app) -> None:
    scene = start_game(app)
    name = next(n for n, icon in scene.actions_panel.icons.items() if icon.visible)
    icon = scene.actions_panel.icons[name]
    tip = _hover_until_tip(app, icon)
    assert tip is not None and tip.alive()
    icon.hide()  # the panel hides an icon whose action no longer applies (the selection changed)
    x, y, w, h = scene.view.camera.viewport
    pygame.mouse.set_pos((x + w // 2, y + h // 2))  # and the pointer goes back to the table
    app.run_frames(3)
    assert not tip.alive()


def test_a_buttons_tooltip_goes_when_the_pointer_leaves_it(app) -> None:
    scene = start_game(app)
    button = scene.buttons["end_turn"]
    tip = _hover_until_tip(app, button)
    assert tip is not None
    x, y, w, h = scene.view.camera.viewport
    pygame.mouse.set_pos((x + w // 2, y + h // 2))
    app.run_frames(3)
    assert not tip.alive()


def test_every_rule_set_has_a_how_to_play_page() -> None:
    from game.ui.how_to_play import how_to_play_html

    for key in known_rulesets():
        page = how_to_play_html(key)
        assert get_ruleset(key).name in page and "The keys" in page


def _colours(surface: pygame.Surface) -> int:
    """How many colours a picture has (a blank place has one)."""
    small = pygame.transform.scale(surface, (64, 48))
    return len({small.get_at((x, y))[:3] for x in range(64) for y in range(48)})


def test_new_game_shows_a_picture_of_the_selected_map_drawn_by_the_table(app) -> None:
    from game.ui.thumbnails import draw_thumbnail

    app.show_new_game()
    app.run_frames(3)
    scene = app.scene
    small_town = next(e for e in scene.entries if e.path.name == "small_town.tmx")
    hive = next(e for e in scene.entries if e.path.name == "hive_street.tmx")
    for entry in (small_town, hive):
        scene._show(entry)  # as a click on its line in the list
        app.run_frames(3)
        assert scene.picture_of == entry.path and scene.picture.visible
        shown = scene.picture.image
        assert _colours(shown) > 20  # a table, not the blank place
        table = draw_thumbnail(entry.scenario, app.assets)  # what the table's own drawing makes of the map
        assert abs(shown.get_width() / shown.get_height() - table.get_width() / table.get_height()) < 0.05
        assert not scene.picture.rect.colliderect(scene.details.rect)  # the card is under it
    kept = list((app.cache_dir / "thumbnails").glob("*.png"))
    assert len(kept) >= 2  # kept on disk by the maps' hashes: the next menu loads them


def test_a_campaign_shows_no_map_picture(app) -> None:
    app.show_new_game()
    app.run_frames(3)
    scene = app.scene
    if not scene.campaigns:
        return
    scene._show_campaign(scene.campaigns[0])
    app.run_frames(2)
    assert not scene.picture.visible and scene.details.rect.top == scene.picture_box.top


def test_the_demo_says_when_a_side_is_wiped_out(app) -> None:
    """The newcomer watched "Player 1 0 up" with no word of why: the banner says the team is wiped out."""
    from game.demo import DemoDirector, DemoLoop, standing
    from game.ui.scenes.demo import DemoScene

    loop = DemoLoop(DemoDirector([str(MAPS / "last_evac.tmx")], seed=0))
    for _ in range(20000):  # the bots play on until a team is down and the game goes on without it
        loop.tick()
        if loop.game is not None and not loop.game.over and " 0 up" in standing(loop.game):
            break
    else:
        raise AssertionError("no team was wiped out")
    scene = DemoScene(app, loop)
    app.replace(scene)
    app.run_frames(1)
    board = scene.scoreboard().splitlines()
    assert any("0 standing" in line for line in board)  # ("0 up" read as jargon across the room)
    assert "wiped out" in board[2] or board[2].startswith("All survivors down"), board


def test_the_title_shows_before_the_rule_sets_and_the_table_are_imported(tmp_path: Path) -> None:
    """A slow first start: the Demo button's tooltip imported all three rule sets, and the warm-up the table's
    modules, before the title's first frame. They come when asked (a hover, a click, after the first frame)."""
    import os
    import subprocess
    import sys

    script = (
        "import sys, pathlib\n"
        "from game.ui.app import App\n"
        "from game.ui.scenes.title import TitleScene\n"
        f"app = App(settings_path=pathlib.Path({str(tmp_path / 's.json')!r}), sounds_enabled=False, fps=0)\n"
        "app.push(TitleScene(app)); app.step()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('game.rules.zombie', 'game.rules.outbreak',"
        " 'game.table'))))\n"
        "print(app.scene.buttons['demo'].tool_tip_text)\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=root, timeout=120
    ).stdout.splitlines()
    assert out[-2] == "[]", out[-2]  # nothing of a rule set nor of the table before the first frame
    assert "Zombiekrieg 848" in out[-1]  # the Demo tooltip still names them when it is asked for


def test_every_title_button_is_on_the_screen_at_a_bigger_interface_size(app) -> None:
    """At 125% on a 1280x800 window the title's column ran off the foot of the screen (Quit half gone)."""
    for size in (1.0, 1.25, 1.5):
        app.set_interface_size(size)
        app.run_frames(1)
        h = app.screen.get_height()
        assert all(b.rect.bottom <= h - 28 for b in app.scene.buttons.values()), size  # above the footnote


def test_the_new_game_list_reads_every_line_whole_at_a_bigger_interface_size(app) -> None:
    app.set_interface_size(1.25)
    app.show_new_game()
    app.run_frames(3)
    scene = app.scene
    font = app.manager.get_theme().get_font_dictionary().find_font(18, "noto_sans")
    for item in scene.list.item_list:
        assert font.size(item["text"])[0] + 24 <= scene.list.rect.w - 20, item["text"]  # padding, scroll bar


def test_the_title_buttons_leave_its_tagline_clear_even_with_resume_above_them(app) -> None:
    """With Join and How to play added, a Resume button above the column sat on 'A TABLETOP ZOMBIE SKIRMISH'
    (a newcomer's screenshot); the lesser buttons now make a row along the foot."""
    from pathlib import Path

    from game.ui.scenes.title import TAGLINE_FOOT

    scene = app.scene
    scene.resumable = (Path("x.json"), "Manufactorum Ferrum (Zombie 40,000), turn 2, 14 actions")
    app.rebuild()
    app.run_frames(1)
    scene = app.scene
    h = app.screen.get_height()
    rects = [b.rect for b in scene.buttons.values()]
    assert "resume" in scene.buttons and min(r.top for r in rects) >= h * TAGLINE_FOOT - 1
    assert all(r.bottom <= h - 28 for r in rects)  # above the footnote
    assert all(a.collidelist([b for b in rects if b is not a]) < 0 for a in rects), "no button on another"


@pytest.mark.parametrize("window", [(1280, 800), (1600, 900), (1920, 1200)])
def test_every_interface_size_offered_shows_whole_and_its_drop_downs_stay_on_the_screen(
    tmp_path: Path, window: tuple[int, int]
) -> None:
    """Issue 33 (interface size, 7/10): 200% was offered on a window that shows 143% at most, and a drop-down
    opened at a big size ran off the foot of the screen (cut, with a scroll bar). Every size offered is one the
    window shows; at each, the Settings', Rules help's and How to play's drop-downs open whole on the screen."""
    with headless_app(tmp_path / "settings.json") as app:
        pygame.display.set_mode(window)
        app.display = pygame.display.get_surface()
        app.set_interface_size(1.0)
        every_size_on_the_screen(app)


def every_size_on_the_screen(app) -> None:
    """Each size the settings offer: shown as chosen, and each screen's drop-downs open whole on it."""
    from pygame_gui.elements import UIDropDownMenu

    app.show_settings()
    app.run_frames(2)
    offered = [text for text, _ in app.scene.interface.options_list]
    for words in offered:
        app.scene.handle_event(
            pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=app.scene.interface, text=words)
        )
        app.run_frames(1)
        assert abs(app.ui_size - float(words.rstrip("%")) / 100) < 0.01, (words, app.ui_size)
        for show in (None, app.show_rules, app.show_how_to_play):
            if show is not None:
                show()
                app.run_frames(2)
            screen = pygame.Rect((0, 0), app.screen.get_size())
            menus = [e for e in app.scene._elements if isinstance(e, UIDropDownMenu)]
            assert menus, app.scene.name
            for menu in menus:
                menu.current_state.finish()
                menu.current_state = menu.menu_states["expanded"]
                menu.current_state.start()
                app.run_frames(1)
                listed = menu.current_state.options_selection_list
                assert screen.contains(listed.rect), (words, app.scene.name, listed.rect, screen)
                assert listed.scroll_bar is None, (words, app.scene.name)  # every option shown, none cut
                menu.current_state.finish()
                menu.current_state = menu.menu_states["closed"]
                menu.current_state.start()
            if show is not None:
                app.pop()
                app.run_frames(1)
