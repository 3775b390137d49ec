"""How to play for a newcomer at club night (issue 33): Outbreak's "Winning" named the map's properties
(turn_limit, exit_count, "objective property", "deadground check"); no page said how to start a game; and
Zombiekrieg's page never explained FIRE. Through the real How to play and Rules help screens."""

from __future__ import annotations

import html
import re

import pytest

from game.rules.zombiekrieg.data import load_data
from game.rules.zombiekrieg.reference import inches

DESIGNER_WORDS = re.compile(
    r"turn_limit|exit_count|exit_fraction|zombie_ratio|zombies_min|objective property|deadground check"
)


def _page_text(app) -> str:
    """The words of the page on screen, without the markup, its spaces made one."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", app.scene.text.html_text)).split())


def test_outbreak_winning_reads_as_a_player_says_it(app) -> None:
    app.show_how_to_play("outbreak")
    app.run_frames(2)
    page = _page_text(app)
    assert not DESIGNER_WORDS.findall(page), DESIGNER_WORDS.findall(page)
    assert "a map that does not say lasts 10 moves" in page, page
    app.show_rules("outbreak")
    app.run_frames(2)
    rules = _page_text(app)
    assert not DESIGNER_WORDS.findall(rules), DESIGNER_WORDS.findall(rules)


@pytest.mark.parametrize("ruleset", [None, "outbreak", "zombiekrieg", "zombie40k"])
def test_every_how_to_play_page_says_how_to_start_a_game(app, ruleset: str | None) -> None:
    app.show_how_to_play(ruleset)
    app.run_frames(2)
    page = _page_text(app)
    assert "Starting a game" in page, page[:400]
    start = page.split("Starting a game")[1]
    for words in ("New game", "Start", "Begin", "Resume", "Esc"):
        assert words in start, (words, start[:600])
    assert start.index("New game") < start.index("Begin")  # in the order a player meets them
    assert "Only the actions he can take now are shown" not in page  # every button has its place


def test_zombiekrieg_how_to_play_explains_fire_from_the_rules_data(app) -> None:
    data = load_data()
    app.show_how_to_play("zombiekrieg")
    app.run_frames(2)
    page = _page_text(app)
    assert "Firing" in page, page
    fire = page.split("Firing")[1]
    for c in data.raw["weapon_classes"].values():  # every weapon's range, as the rules data says
        assert inches(c["range"]) in fire, (c, fire[:900])
    for words in (
        "2D6",
        "GUTS",
        "front arc",
        "knocks a standing zombie down",
        "(a double that hits) kills it",
        "press F",
        "Shift-click the first shot's",  # an LMG's two shots at two zombies: a newcomer never found how
    ):
        assert words in fire, (words, fire[:900])
    assert "[house]" in fire  # the club's values say so
