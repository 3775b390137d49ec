"""The words on screen name single models ("Ork Boy 4 cannot move: ...", "the way of Fire Warrior 7"), and the
table showed no names on single models, only squad tags: a newcomer could not find Ork Boy 4 (session 47's
play-tests on Hive Street). A model the status line, a notice or the log line under the pointer names is marked
on the table: a ring round him and his name beside him. Through the real game screen, headless."""

from __future__ import annotations

from pathlib import Path

from ui_driver import headless_app, motion, on_the_table

from game.ui.named import NAMED_COLOUR
from game.ui.overlays import Label, Line

HIVE_STREET = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def _a_model(scene) -> tuple[str, str]:  # noqa: ANN001  (the game scene)
    """One of the acting player's models, not the first of his squad: (his id, his name)."""
    game = scene.match.game
    squad = game.state.squad_of(game.state.active_player)
    fid = squad.models[-1]
    return fid, scene.match.view.name(game, fid)


def _round(points) -> tuple[float, float]:  # noqa: ANN001
    """The centre of a ring drawn as a closed line."""
    xs, ys = [p[0] for p in points[:-1]], [p[1] for p in points[:-1]]
    return (round((min(xs) + max(xs)) / 2, 6), round((min(ys) + max(ys)) / 2, 6))


def _marked(scene, fid: str, name: str) -> bool:  # noqa: ANN001
    """Whether the table shows ``name`` as a tag and a ring round ``fid``'s place."""
    at = tuple(round(v, 6) for v in scene.match.looks[fid].position)
    overlays = scene.view.overlays
    tagged = any(isinstance(o, Label) and o.text == name for o in overlays)
    ringed = any(isinstance(o, Line) and o.colour == NAMED_COLOUR and _round(o.points) == at for o in overlays)
    return tagged and ringed


def test_a_model_the_status_line_names_is_marked_on_the_table(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        fid, name = _a_model(scene)
        assert not _marked(scene, fid, name)
        scene.match.say(f"{name} cannot move: the way is blocked.", bad=True)
        app.run_frames(2)
        assert _marked(scene, fid, name), f"{name} is named in the status line, and not marked on the table"
        scene.match.say("")
        app.run_frames(2)
        assert not _marked(scene, fid, name), "the mark stays after the words went"


def test_a_notice_naming_a_model_marks_him(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        fid, name = _a_model(scene)
        scene.match.notices = [("test", f"Shooting skipped: {name} is locked in close combat")]
        scene.match._notice_times, scene.match.notice_left = {"test": 10.0}, 10.0
        app.run_frames(2)
        assert _marked(scene, fid, name)


def test_the_log_line_under_the_pointer_marks_the_model_it_names(tmp_path: Path) -> None:
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        fid, name = _a_model(scene)
        scene.log(f"<b>{name}</b> stops at the way of a zombie.")
        app.run_frames(3)
        box = scene.log_panel.box
        motion(app, (box.rect.left + 20, box.rect.top + 4))
        app.run_frames(1)
        assert scene.log_panel.hovered_line() != ""
        for y in range(box.rect.top, box.rect.bottom, 4):  # down the box to the line that names him
            motion(app, (box.rect.left + 20, y))
            if name in scene.log_panel.hovered_line():
                break
        assert name in scene.log_panel.hovered_line(), "no line of the box reads as the one naming him"
        app.run_frames(1)
        assert _marked(scene, fid, name), f"the hovered log line names {name}, and the table does not mark him"
        motion(app, scene.view.camera.viewport[:2])
        app.run_frames(1)
        assert not _marked(scene, fid, name)


def test_named_tags_keep_clear_of_each_other_and_of_the_other_words(tmp_path: Path) -> None:
    """Four squad-mates named at once printed over each other and over their squad's tag ("GuardsGuardsman 4",
    "Guardsman 8 an 6"): each name is placed among the table's words, clear of every other word."""
    with headless_app(tmp_path / "settings.json") as app:
        scene = on_the_table(app, HIVE_STREET)
        game = scene.match.game
        squad = game.state.squad_of(game.state.active_player)
        names = [scene.match.view.name(game, fid) for fid in squad.models[:4]]
        scene.match.say(", ".join(names) + " stay.", bad=True)
        app.run_frames(2)
        words = scene.view.words
        tags = [rect for kind, text, rect in words if kind == "named"]
        assert sorted(text for kind, text, _ in words if kind == "named") == sorted(names), words
        for tag in tags:
            others = [rect for _, _, rect in words if rect is not tag]
            assert tag.collidelist(others) < 0, (
                tag,
                [w for w in words if w[2].colliderect(tag) and w[2] is not tag],
            )
