"""A figure's GUTS beside his token reads at the fit zoom and keeps its side of him while the player selects one soldier
after another (session 46 play-test on Normandy Village: the digits were small and "the labels move about"). Each
frame placed every word afresh, the selected figure's first, so a word hopped to another side though its old spot
was still free. Now a word goes back to its last spot when nothing has taken it. Through the real table scene."""

from __future__ import annotations

from pathlib import Path

from ui_driver import headless_app, need_default_scenario, screen_of, start_game


def _guts_sides(scene) -> dict[str, object]:  # noqa: ANN001
    """Each shown GUTS word by the soldier it stands beside: (its offset from his token, its rect)."""
    out = {}
    for fid, rect in scene.view.guts_at.items():
        x, y = screen_of(scene, scene.match.game.figure(fid).position)
        out[fid] = ((rect.centerx - x, rect.centery - y), rect)
    return out


def test_a_word_whose_spot_is_still_free_does_not_hop(tmp_path: Path) -> None:
    need_default_scenario()
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, ["american"], seed=1)
        app.run_frames(5)
        soldiers = sorted(scene.match.game.state.allied(), key=lambda f: f.id)
        last, needless = _guts_sides(scene), []
        for f in soldiers + soldiers[::-1]:
            scene.match.select(f.id)
            app.run_frames(2)
            now = _guts_sides(scene)
            others = [rect for _, _, rect in scene.view.words]
            taken = others + list(scene.view.token_rects())
            for fid, (offset, rect) in now.items():
                if fid not in last or last[fid][0] == offset:
                    continue
                old = last[fid][1]
                if not any(old.colliderect(r) for r in taken if r != rect):
                    needless.append((f.id, fid))  # it left a spot nothing took
            last = now
        assert not needless, needless


def test_the_guts_digits_read_at_the_fit_zoom(tmp_path: Path) -> None:
    """At the opening fit zoom of Normandy Village the digits were 12 pixels tall: now at least 14."""
    need_default_scenario()
    with headless_app(tmp_path / "settings.json") as app:
        scene = start_game(app, ["american"], seed=1)
        app.run_frames(5)
        assert scene.view.camera.ppi < 12  # the fit zoom: a 1" base is a few pixels
        heights = [rect.height for kind, _, rect in scene.view.words if kind == "guts"]
        assert len(heights) >= 7 and min(heights) >= 14, heights
