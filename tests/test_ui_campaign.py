"""Campaigns on screen (issue 39, "On screen"), headless and driven with the mouse: New game lists a campaign
beside the scenarios, Start opens its first chapter's set-up and Begin its table; a chapter's end says what
carries over and Continue campaign shows the campaign screen with the force and its history; the campaign
comes back from the title after a restart, between chapters and in the middle of one; a broken campaign file
is listed with its error (file and place).

The toy rule set (tests/toy_rules, the duel) and its campaign (tests/data/campaigns/duel_road.toml: three
duels) stand in for a real rule set; the dice are pinned by the game's seed.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
import toy_rules  # noqa: F401  (registers the toy rule set and its campaign rules)
from ui_driver import click, headless_app, play_out, screen_of

from game.campaign.progress import progress_files
from game.saves import read_save
from game.ui import campaign_list, campaign_play
from game.ui.app import App

CAMPAIGNS = Path(__file__).parent / "data" / "campaigns"


def seed_where(*firsts: int) -> int:
    """A campaign seed whose chapters' first strikes roll ``firsts`` (5-6 fell the zombie, 2-4 let it shamble,
    1 bites): chapter n plays with the campaign's seed * 100 + n."""
    from game.campaign.progress import chapter_seed
    from game.dice import Dice

    for seed in range(1, 5000):
        if all(Dice(chapter_seed(seed, n)).d6("strike") == f for n, f in enumerate(firsts)):
            return seed
    raise AssertionError(f"no seed rolls {firsts} first")


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The campaign folders the menu reads: the tests' campaigns and a folder for broken ones."""
    broken = tmp_path / "broken"
    broken.mkdir()
    found = [CAMPAIGNS, broken]
    monkeypatch.setattr(campaign_list, "campaign_folders", lambda: found)
    return found


def dice(monkeypatch: pytest.MonkeyPatch, *firsts: int) -> None:
    """The next campaign gets a seed whose chapters' first strikes roll ``firsts``."""
    seed = seed_where(*firsts)
    monkeypatch.setattr(campaign_play.random, "randrange", lambda *a: seed)


@pytest.fixture
def settings(tmp_path: Path) -> Path:
    return tmp_path / "settings.json"


@pytest.fixture
def app(settings: Path, folders: list[Path]) -> Iterator[App]:
    with headless_app(settings) as app:
        yield app


def pick(app: App, scene, words: str) -> None:
    """Click the menu's line that starts with ``words``."""
    for item in scene.list.item_list:
        if item["text"].startswith(words):
            button = item["button_element"]
            assert button is not None, f"{words!r} is scrolled out of the list"
            click(app, button.rect.center)
            return
    raise AssertionError(f"no line {words!r} in {[i['text'] for i in scene.list.item_list]}")


def new_campaign(app: App) -> None:
    """Title -> New game -> the Duel Road -> Start campaign -> its set-up -> Begin: the first duel on the table."""
    click(app, app.scene.buttons["new_game"].rect.center)
    for _ in range(200):  # the title's button waits for the compiled loops on a first start
        if app.scene.name == "new_game":
            break
        app.run_frames(1)
    menu = app.scene
    pick(app, menu, "Campaign: The Duel Road")
    assert "Start campaign" == menu.start.text and "3</b> chapters" in menu.details.html_text
    assert "Three duels between the well and the ford." in menu.details.html_text
    click(app, menu.start.rect.center)
    assert app.scene.name == "setup" and "The Duel Road, chapter 1: At the well" in app.scene.heading()
    click(app, app.scene.begin.rect.center)
    for _ in range(200):
        if app.scene.name == "game":
            break
        app.run_frames(1)
    assert app.scene.name == "game"


def strike(app: App) -> None:
    """The hero strikes at the zombie, with the mouse, and the screen shows it."""
    scene = app.scene
    game = scene.match.game
    click(app, screen_of(scene, game.figure("hero").position))
    click(app, screen_of(scene, game.figure("zombie").position))
    play_out(app, scene)


def to_end(app: App) -> None:
    for _ in range(300):
        if app.scene.name == "end":
            return
        app.run_frames(1)
    raise AssertionError(f"no end screen: {app.scene.name}")


def test_a_campaign_chosen_in_new_game_plays_its_first_chapter_and_carries_the_hero_on(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    dice(monkeypatch, 6, 6)
    new_campaign(app)
    scene = app.scene
    assert scene.on_end is not None  # a chapter: its end goes to the campaign
    assert any("Campaign The Duel Road, chapter 1: At the well" in line for line in scene.log_lines)
    strike(app)
    to_end(app)
    end = app.scene
    assert "continue" in end.buttons and "again" not in end.buttons
    assert "Ash, Hero: felled the zombie (1 kill)." in end.carry, end.carry  # (the chapter is the screen's)
    assert end.carry[-1] == "Next: chapter 2, At the mill." and end.buttons["continue"].text == "Continue campaign"
    click(app, end.buttons["continue"].rect.center)
    camp = app.scene
    assert camp.name == "campaign"
    force = camp.force_box.html_text
    assert "Ash" in force and "1 kill" in force and "felled the zombie" in force
    assert "What carries over" in force and "The hero carries on if he lives" in html.unescape(force)
    chapters = camp.chapters_box.html_text
    assert "won" in chapters and "2. At the mill - next" in chapters and "At the ford (locked)" in chapters
    assert camp.play_button.text == "Play chapter 2: At the mill"
    click(app, camp.back.rect.center)  # Title screen; Load lists the campaign and opens its screen again
    click(app, app.scene.buttons["load_game"].rect.center)
    load = app.scene
    assert load.name == "load" and "Campaign: The Duel Road, chapter 2 next" in load.list.item_list[0]["text"]
    click(app, load.load.rect.center)
    camp = app.scene
    assert camp.name == "campaign" and "Ash" in camp.force_box.html_text
    click(app, camp.play_button.rect.center)
    assert app.scene.name == "game" and app.scene.match.game.options["hero"] == "Ash"


def test_a_fallen_hero_ends_the_campaign_and_the_end_screen_says_so(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    dice(monkeypatch, 1)
    new_campaign(app)
    strike(app)
    to_end(app)
    carry = app.scene.carry
    assert carry[0] == "Fallen: Ash." and "The campaign is lost" in carry[-1]
    assert app.scene.chapter.title == "THE CAMPAIGN IS LOST"
    assert app.scene.buttons["continue"].text == "Campaign record"
    click(app, app.scene.buttons["continue"].rect.center)
    camp = app.scene
    assert camp.play_button is None and "DEFEAT" in camp.briefing_box.html_text
    assert "FALLEN" in camp.force_box.html_text


def test_the_campaign_comes_back_from_the_title_after_a_restart(
    settings: Path, folders: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    dice(monkeypatch, 6, 3)  # the first duel is won; in the second the zombie shambles: the chapter goes on
    with headless_app(settings) as app:
        new_campaign(app)
        strike(app)
        to_end(app)
    # between chapters: Continue campaign on the title opens the campaign screen
    with headless_app(settings) as app:
        title = app.scene
        assert "campaign" in title.buttons and "resume" not in title.buttons
        assert title.buttons["campaign"].text == "Continue: The Duel Road, chapter 2"
        click(app, title.buttons["campaign"].rect.center)
        assert app.scene.name == "campaign"
        click(app, app.scene.play_button.rect.center)
        strike(app)
        assert not app.scene.match.game.over
        saved = app.scene.save()  # Ctrl+S: the save names the campaign too, so Load plays it as its chapter
        run = app.scene.session.autosaves.extra["campaign"]
        assert read_save(saved).extra["campaign"] == run
        assert app.open_campaign(Path(run)) == ""  # its screen (from Load) offers to resume the chapter
        assert app.scene.play_button.text == "Resume chapter 2: At the mill"
    # in the middle of a chapter: Resume puts it back on the table, still a chapter of the campaign
    with headless_app(settings) as app:
        title = app.scene
        assert "resume" in title.buttons and "campaign" not in title.buttons
        assert (
            title.buttons["resume"].text == "Resume: The Duel…, chapter 2, turn 2"
        )  # the campaign and its chapter
        click(app, title.buttons["resume"].rect.center)
        for _ in range(200):
            if app.scene.name == "game":
                break
            app.run_frames(1)
        scene = app.scene
        assert scene.name == "game" and scene.on_end is not None and len(scene.match.game.commands) == 1
        while not scene.match.game.over:
            strike(app)
        to_end(app)
        assert app.scene.chapter is not None
        click(app, app.scene.buttons["continue"].rect.center)
        assert "2. At the mill - " in app.scene.chapters_box.html_text


def test_a_broken_campaign_file_is_listed_with_its_error(app: App, folders: list[Path]) -> None:
    bad = folders[1] / "bad_road.toml"
    bad.write_text('title = "Bad Road"\nruleset = "toy"\nfirst = "nowhere"\n[chapters.well]\ntitle = "W"\n')
    (folders[1] / "garbage.toml").write_bytes(b"title = \x00\xff")
    from game.ui.scenes.new_game import NewGameScene

    app.push(NewGameScene(app))
    app.run_frames(2)
    menu = app.scene
    pick(app, menu, "Campaign: Bad road  (cannot load)")
    text = html.unescape(menu.details.html_text)
    assert "cannot be played" in text and "bad_road.toml" in text and "chapter 'well': no 'map'" in text
    assert not menu.start.is_enabled
    pick(app, menu, "Campaign: Garbage  (cannot load)")
    assert "garbage.toml" in menu.details.html_text and not menu.start.is_enabled


def test_a_broken_progress_file_is_explained_in_load(app: App) -> None:
    folder = app.campaigns_dir
    folder.mkdir(parents=True)
    (folder / "campaign-road-1.json").write_text("{not json")
    from game.ui.scenes.load import LoadScene

    app.push(LoadScene(app))
    app.run_frames(2)
    scene = app.scene  # no save: the campaign is shown at once
    assert "campaign-road-1.json" in scene.details.html_text and "cannot be loaded" in scene.details.html_text
    assert not scene.load.is_enabled
    from game.ui.scenes.title import TitleScene

    app.push(TitleScene(app))  # the title passes over it: nothing to continue, and no crash
    app.run_frames(2)
    assert "campaign" not in app.scene.buttons and "new_game" in app.scene.buttons


def test_a_campaign_whose_file_changed_since_is_explained_in_load_not_continued(app: App, tmp_path: Path) -> None:
    import shutil

    from game.campaign.model import load_campaign
    from game.campaign.progress import new_progress, new_progress_path, save_progress

    road = tmp_path / "road"
    shutil.copytree(CAMPAIGNS, road)
    campaign = load_campaign(road / "duel_road.toml")
    save_progress(new_progress_path(campaign, app.campaigns_dir), new_progress(campaign, 7))
    (road / "duel_road.toml").write_text(
        (road / "duel_road.toml").read_text().replace("Three duels", "Four duels")
    )
    from game.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    app.run_frames(2)
    assert "campaign" not in app.scene.buttons  # nothing the title could carry on
    click(app, app.scene.buttons["load_game"].rect.center)
    load = app.scene
    text = html.unescape(load.details.html_text)
    assert "cannot be loaded" in text and "duel_road.toml" in text and "has changed since this run began" in text
    assert not load.load.is_enabled


def test_starting_a_campaign_again_while_a_run_is_under_way_asks_first_and_keeps_it(
    settings: Path, folders: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A newcomer began Cedar Falls again from New game while chapter 3 waited, and nothing said the run under way
    was kept. The first Start says so; a second begins a new run, and the first is still there."""
    dice(monkeypatch, 6, 3)
    with headless_app(settings) as app:
        new_campaign(app)
        strike(app)
        to_end(app)  # chapter 1 played: the run is under way
        app.back_to_title()
        click(app, app.scene.buttons["new_game"].rect.center)
        for _ in range(200):
            if app.scene.name == "new_game":
                break
            app.run_frames(1)
        menu = app.scene
        pick(app, menu, "Campaign: The Duel Road")
        click(app, menu.start.rect.center)
        assert app.scene is menu and "This campaign is under way" in menu.details.html_text
        assert "chapter 2 next" in menu.details.html_text
        runs = progress_files(app.campaigns_dir)
        click(app, menu.start.rect.center)
        assert app.scene.name == "setup"  # a new run's first chapter
        assert set(runs) <= set(progress_files(app.campaigns_dir))  # the one under way is kept
