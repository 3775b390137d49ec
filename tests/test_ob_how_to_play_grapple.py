"""How to play's Outbreak "in short" says how a grabbed character fights back (newcomer, ob45 item 5): it told the
move's steps up to the zombies' move and who wins, and nothing of close combat or the grapple. The rule set's help
now opens its close combat with a player's-words paragraph ("Fighting off a zombie"), which the in-short part shows;
the rules help and docs/rules/ are made from the same data. Through the real How to play and Rules help screens."""

from __future__ import annotations

import html
import re

from game.reference_pages import DOCS

FIGHT = "A zombie that reaches a character grabs him (up to 3 at once), and he cannot walk away"


def _page_text(app) -> str:  # noqa: ANN001
    """The words of the page on screen, without the markup, its spaces made one."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", app.scene.text.html_text)).split())


def test_the_in_short_part_says_how_a_grabbed_character_fights_back(app) -> None:  # noqa: ANN001
    app.show_how_to_play("outbreak")
    app.run_frames(2)
    page = _page_text(app)
    in_short = page[page.index("in short") :]
    assert "Fighting off a zombie" in in_short, in_short
    assert FIGHT in in_short and "grapples each zombie" in in_short and "close combat weapon" in in_short, in_short
    assert "rolls 3D6 against the first" in in_short and "higher wins and the loser dies" in in_short, in_short
    app.show_rules("outbreak")
    app.run_frames(2)
    assert FIGHT in _page_text(app)  # the rules help says it in the same words
    assert FIGHT in (DOCS / "outbreak.md").read_text(encoding="utf-8")  # and so does the rules reference
