"""The end screen's roll in words ("THE GROUP"): every entry reads whole, none runs into another.

A newcomer's Small Town defeat at 1600 x 900 read "killed 3 zombiesTrina", "killed 2 zombiesMrs Pearson" and
"bystander, le…": the words sat in fixed cells narrower than they were."""

from __future__ import annotations

import pygame
import pytest

from game.rules.core import get_ruleset

NAMES = {
    "pc1": "Sheriff Dale",
    "pc2": "Jo the mechanic",
    "pc3": "Deacon Hale",
    "pc4": "Trina",
    "npc1": "Mrs Pearson",
    "npc2": "Shop assistant",
    "npc3": "Groundskeeper Earl",
}


def small_town_defeat():
    """The newcomer's last table: four characters with their kills, one turned, three bystanders left, two of
    whom fought back (their line on the report takes the room the roll had)."""
    from game.rules.outbreak import events as ev
    from game.rules.outbreak.testing import rigged_game

    game = rigged_game(
        pcs={f"pc{i}": (5 * i, 5) for i in range(1, 5)},
        npcs={f"npc{i}": (5 * i, 12) for i in range(1, 4)},
        zombies=[(30, 30)] * 20,
    )
    for fid, name in NAMES.items():
        game.state.figures[fid].name = name
    kills = ["pc1"] * 3 + ["pc2"] * 2 + ["pc3"] * 8 + ["pc4"] * 2
    for i, by in enumerate(kills + ["npc2"] * 3 + ["npc3"] * 2, start=1):
        game.state.figures[f"z{i}"].state = "dead"
        game.log.append(ev.Killed(f"z{i}", f"{'grappled' if by.startswith('npc') else 'shot'} by {by}"))
    game.state.figures["pc3"].state = "turned"
    return game


def drawn_on_end_screen(app, report, size):
    """(text, rect) of every line the end screen draws, and the report panel's inner area."""
    from game.ui.scenes import end

    pygame.display.set_mode(size, pygame.RESIZABLE)  # what the window manager does before it tells us
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run_frames(2)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = end._line

    def record(pic, text, *a, **k):
        rect = real(pic, text, *a, **k)
        drawn.append((text, rect))
        return rect

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(end, "_line", record)
        app.push(end.EndScene(app, report))
        app.run_frames(3)
    assert app.screen.get_size() == size
    lay = app.scene.layout
    return drawn, lay.report.inflate(-2 * lay.fs, -2 * round(lay.fs * 0.8))


@pytest.mark.parametrize("objective", ["survive", "escape"])
@pytest.mark.parametrize("size", [(1600, 900), (1280, 720), (1024, 700)])
def test_every_entry_of_the_group_reads_whole_and_apart(app, size, objective) -> None:
    game = small_town_defeat()
    game.state.objective = objective  # (an escape's roll has a key beside its heading: what "alive" means)
    report = get_ruleset("outbreak").report(game)
    drawn, area = drawn_on_end_screen(app, report, size)
    texts = [t for t, _ in drawn]
    start = texts.index("THE GROUP: 7")
    roll = drawn[start + 1 :]
    said = " ".join(t for t, _ in roll)
    for row in report.roll:  # each name and all its words are there, none cut with an ellipsis
        assert row.name in texts[start:]
        assert row.words in said or all(w in said.split() for w in row.words.split()), (row, said)
    assert "\u2026" not in said and "more" not in said
    for i, (a, ra) in enumerate(roll):
        assert area.contains(ra), (a, ra, area)  # inside the panel: nothing clipped at its edge
        for b, rb in roll[i + 1 :]:
            assert not ra.colliderect(rb), (a, b)  # "killed 3 zombiesTrina"


def test_the_farm_group_names_every_bystander_with_words_for_any_map(app) -> None:
    """A newcomer's Hollow Creek Farm defeat: the bystanders still there read "bystander, left in town" on a
    farm, and Farmhand Jed (turned) and Hired hand Luis (killed) were missing from THE GROUP, though "bystanders
    lost 2" counted them."""
    from game.rules.outbreak.testing import rigged_game

    game = rigged_game(
        pcs={"pc1": (5, 5), "pc2": (10, 5)},
        npcs={f"npc{i}": (5 * i, 12) for i in range(1, 5)},
        zombies=[(30, 30)],
    )
    st = game.state
    for fid, name in {"npc1": "Farmhand Jed", "npc2": "Hired hand Luis", "npc3": "Aunt Clara"}.items():
        st.figures[fid].name = name
    st.figures["npc4"].name = "Grandma Mae"
    st.figures["npc1"].state, st.figures["npc2"].state, st.figures["npc3"].state = "turned", "dead", "exited"
    drawn, _ = drawn_on_end_screen(app, get_ruleset("outbreak").report(game), (1600, 900))
    texts = [t for t, _ in drawn]
    start = texts.index("THE GROUP: 6")
    said = " ".join(texts[start:])
    assert "Farmhand Jed" in said and "bystander, turned" in said, said
    assert "Hired hand Luis" in said and "bystander, fell" in said, said
    assert "Grandma Mae" in said and "bystander, left behind" in said, said
    assert "town" not in said, said
