"""Zombiekrieg for a newcomer (issue 33, club night, session 43): the BAR's two shots, the status line's ask,
the tokens' ranks, the initiative table's grammar, the piles of fallen zombies. Through the real controller,
match and scene."""

from __future__ import annotations

from game.controller import Button, Click, Controller, Hover
from game.rules.drawing import Plate
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView

LMG = "us1-lmg"


def _plate_text(ctl: Controller) -> str:
    prims = ctl.view.drawing(ctl.game, ctl.preview_command, ctl.preview)
    return "\n".join(p.text for p in prims if isinstance(p, Plate))


def test_the_bars_fire_plate_says_both_shots_go_at_one_zombie_and_how_to_split_them() -> None:
    """A plain click sent both of the BAR's shots at one zombie; the second was wasted once the first knocked
    him down, and nothing on screen said Shift-click splits them (the rules let the second go at a zombie near
    the first; the screen never chooses it for him)."""
    g = rigged_game(soldiers={LMG: (12, 20, 270)}, zombies=[(12, 14), (13.5, 14)], dice=[])
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(LMG).position))
    ctl.handle(Button("fire"))
    ctl.handle(Hover(g.figure("z1").position))
    assert ctl.preview is not None and ctl.preview.legal, ctl.preview
    text = _plate_text(ctl)
    assert "2 shots at Zombie 1" in text and "Shift-click to split the shots" in text, text
    assert "the 2nd kills only on a double" in text, text
    # split: the first shot picked with Shift, the second's zombie clicked: the plate names the second instead
    fb = ctl.handle(Click(g.figure("z1").position, shift=True))
    assert fb.accepted, fb.message
    ctl.handle(Hover(g.figure("z2").position))
    text = _plate_text(ctl)
    assert "2nd shot at Zombie 2" in text and "Shift-click" not in text, text


# ---- the status line's ask ------------------------------------------------------------------------------------


def _soldier_and_zombie_ahead(game, distance: float = 5.0):  # noqa: ANN001, ANN202
    """A soldier on the table and a zombie moved ``distance`` inches straight ahead of him."""
    import math

    from game.table import in_front_arc

    f = next(f for f in game.state.allied() if f.on_table and f.weapon)
    z = next(z for z in game.figures if z.is_zombie and z.on_table)
    for sign in (1.0, -1.0):  # (whichever way the table measures its angles)
        a = math.radians(f.facing)
        spot = (f.position[0] + distance * math.cos(a), f.position[1] + sign * distance * math.sin(a))
        if in_front_arc(f.position, f.facing, spot):
            break
    game.world.set_position(z, spot)
    return f, z


def test_a_long_question_on_the_status_line_says_click_again_first(app) -> None:  # noqa: ANN001
    """The status line is one line: 'Zombie 4 is already down: only a Critical Success (a double) kills him; a
    plain success does nothing. Click again to fire.' was cut before its ask. The ask comes first."""
    import pygame
    from ui_driver import click, key, need_default_scenario, play_out, screen_of, start_game

    need_default_scenario()
    scene = start_game(app, speed=8.0, seed=1)
    play_out(app, scene)
    game = scene.match.game
    f, z = _soldier_and_zombie_ahead(game)
    z.state = "knocked_down"
    scene.match.resync()
    app.run_frames(2)
    click(app, screen_of(scene, f.position))
    key(app, pygame.K_f)
    click(app, screen_of(scene, z.position))
    assert "already down" in scene.match.status, scene.match.status
    shown = scene.status_box.html_text
    assert ">Click again to fire. Zombie" in shown, shown


# ---- the tokens' ranks ----------------------------------------------------------------------------------------


def test_the_sergeants_and_the_bar_gunners_tokens_say_so_at_the_fit_zoom(app) -> None:  # noqa: ANN001
    """The tokens showed only GUTS: the Sergeant looked like any rifleman. His GUTS reads 'Sgt 9', the Corporal's
    'Cpl 6', the BAR gunner's 'BAR 7' (the roster's short names), a rifleman's his GUTS alone; and as a packed
    section at the fit zoom has no room for words beside its middle men, the rank's letter is on the base."""
    from dataclasses import replace

    import pygame
    from ui_driver import need_default_scenario, start_game

    from game.ui.table_view import shown_radius

    need_default_scenario()
    scene = start_game(app, seed=1)
    app.run_frames(2)
    game, view = scene.match.game, scene.view
    tokens = {t.id: t for t in view.tokens}
    marks = {"sergeant": "Sgt", "corporal": "Cpl", "lmg": "BAR", "rifleman": ""}
    for f in (f for f in game.state.allied() if f.on_table):
        t = tokens[f.id]
        assert t.badge == f"{marks[f.role]} {f.guts}".strip(), (f.role, t.badge)
        assert t.mark == marks[f.role][:1], (f.role, t.mark)
        if t.mark:  # painted on his base at this zoom: his token is not a rifleman's
            r = shown_radius(t.base_radius * view.camera.ppi)
            marked, bare = (view._look(x, r, round(t.facing))[0] for x in (t, replace(t, mark="")))
            assert pygame.image.tobytes(marked, "RGBA") != pygame.image.tobytes(bare, "RGBA"), f.role
    assert any(t.mark == "S" for t in tokens.values()) and any(t.mark == "B" for t in tokens.values())


# ---- a melee's pile of fallen zombies ------------------------------------------------------------------------


def test_a_pile_of_fallen_zombies_reads_3_down_once_not_down_down_down(app) -> None:  # noqa: ANN001
    """A melee left zombies knocked down in a heap: their tags, stacked apart, read 'DOWN DOWN DOWN' up the
    screen. One tag a heap says how many; a zombie down on his own still reads 'DOWN'."""
    from ui_driver import need_default_scenario, start_game, zoom_on

    need_default_scenario()
    scene = start_game(app, seed=1)
    game = scene.match.game
    zombies = [z for z in game.figures if z.is_zombie and z.on_table]
    heap, alone = (20.0, 20.0), (30.0, 20.0)
    for z, spot in zip(zombies, [heap, (heap[0] + 1.0, heap[1]), (heap[0] + 0.5, heap[1] + 0.8), alone]):
        game.world.set_position(z, spot)
        z.state = "knocked_down"
    scene.match.resync()
    zoom_on(scene, (25.0, 20.0), 24.0)
    app.run_frames(3)
    assert sorted(scene.view.tag_words) == ["3 down", "down"], scene.view.tag_words
    rects = scene.view.tag_rects
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :]), rects


# ---- the initiative table's grammar --------------------------------------------------------------------------


def test_the_initiative_table_never_reads_the_allies_goes_first() -> None:
    """Rules help, The turn: the initiative table's column 'goes first' over 'the Allies' read 'the Allies goes
    first' (a newcomer). The heading asks the question: 'who goes first'; the cells answer it."""
    from game.rules import contract
    from game.rules.zombiekrieg.reference import Table, rules_reference
    from game.ui.rules_help import table_lines

    turn = next(s for s in rules_reference() if s.title == "The turn")
    table = next(t for t in turn.paragraphs if isinstance(t, Table) and t.caption == "Initiative")
    assert table.header[1] == "who goes first", table.header
    shown = table_lines(contract.Table(table.header, table.rows, caption=table.caption), 100)
    assert "who goes first" in shown[0] and "the Allies" in shown[2], shown


# ---- a drag from the selected soldier turns him ---------------------------------------------------------------


def test_a_drag_from_the_selected_soldiers_base_turns_him_without_m_first(app) -> None:  # noqa: ANN001
    """A newcomer selected a soldier and dragged from him the way he should face: he got the tape measure, and
    learned only later that M came first. The drag from his own base turns him (a MOVE with no path, as M and
    the same drag send); a drag on empty table still measures."""
    import math

    import pygame
    from ui_driver import click, need_default_scenario, play_out, screen_of, start_game, zoom_on

    need_default_scenario()
    scene = start_game(app, speed=8.0, seed=1)
    play_out(app, scene)
    game = scene.match.game
    f = next(f for f in game.state.allied() if f.on_table and f.role == "rifleman")
    zoom_on(scene, f.position, 24.0)
    app.run_frames(2)
    click(app, screen_of(scene, f.position))
    assert scene.match.controller.selected == f.id
    a = screen_of(scene, f.position)
    b = (a[0], a[1] + 72)  # straight down the screen: facing 90
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.run_frames(1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 72), buttons=(1, 0, 0)))
    app.run_frames(2)
    assert scene.view.tape is None, "the drag measured"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.run_frames(2)
    sent = game.commands[-1] if game.commands else None
    assert type(sent).__name__ == "Move" and sent.figure == f.id and not sent.path, sent
    assert math.isclose(sent.facing, 90.0, abs_tol=2.0), sent.facing
    assert "Drag from him: he turns." in scene.log_lines[1]  # the keys' line says so


# ---- the zombies' turn, brought into view --------------------------------------------------------------------


def _zombies_in_view(scene) -> int:  # noqa: ANN001
    x0, y0, x1, y1 = scene.view.camera.visible_table_rect()
    return sum(
        1
        for fid, look in scene.match.looks.items()
        if scene.match.game.figure(fid).is_zombie and x0 <= look.position[0] <= x1 and y0 <= look.position[1] <= y1
    )


def _zoomed_on_the_start_line(app):  # noqa: ANN001, ANN202
    from ui_driver import need_default_scenario, play_out, start_game, zoom_on

    need_default_scenario()
    scene = start_game(app, speed=4.0, seed=1)
    play_out(app, scene)
    sgt = next(f for f in scene.match.game.state.allied() if f.role == "sergeant")
    zoom_on(scene, sgt.position, 40.0)
    app.run_frames(2)
    assert _zombies_in_view(scene) == 0
    return scene


def test_the_zombies_turn_off_screen_is_brought_into_view_gently(app) -> None:  # noqa: ANN001
    """The zombies' turn played where the camera was not: a newcomer zoomed on his section saw nothing of it. The
    camera pans (never zooms) to bring their action into view, a pan at most every PAUSE seconds, and back where
    he had it once his turn comes."""
    import time

    from ui_driver import end_turn

    from game.controller import Mode
    from game.ui.turn_camera import PAUSE

    scene = _zoomed_on_the_start_line(app)
    cam, ppi = scene.view.camera, scene.view.camera.ppi
    home = cam.offset
    end_turn(app, scene)
    starts, seen, last = [], 0, None
    for _ in range(20000):
        if scene.match.controller.mode != Mode.ZOMBIE_TURN:
            break
        app.run_frames(1)
        target = scene._turn_camera.target if scene._turn_camera is not None else None
        if target is not None and target != last:
            starts.append(time.monotonic())
        last = target
        seen = max(seen, _zombies_in_view(scene))
    assert cam.ppi == ppi  # never a zoom
    assert starts and seen > 0, (starts, seen)  # it panned, and the zombies came into view
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert all(g >= PAUSE * 0.95 for g in gaps), gaps
    # his turn: after a last look (the last pan settles, then PAUSE), an eased pan back where he had it: some
    # 5 s in all. The camera's clock is the frames' (each at most 0.1 s however slow the machine), so it is
    # given 8 s of both real time and frames' time
    back_by, frames = time.monotonic() + 8.0, 0
    while cam.offset != home and (time.monotonic() < back_by or frames < 8.0 / 0.1):
        app.run_frames(1)
        frames += 1
    assert cam.offset == home


def test_a_player_who_pans_in_the_zombies_turn_keeps_his_camera(app) -> None:  # noqa: ANN001
    from ui_driver import end_turn

    from game.controller import Mode

    scene = _zoomed_on_the_start_line(app)
    cam = scene.view.camera
    end_turn(app, scene)
    assert scene.match.controller.mode == Mode.ZOMBIE_TURN
    cam.pan_pixels(-10, 0)  # he looks a little to the right himself (arrows, a right drag)
    mine = cam.offset
    for _ in range(20000):
        if scene.match.controller.mode != Mode.ZOMBIE_TURN:
            break
        app.run_frames(1)
        assert cam.offset == mine


# ---- the fallen read at the fit zoom (h98) --------------------------------------------------------------------


def _colour_count(surface, colour) -> int:  # noqa: ANN001
    import pygame

    raw = pygame.image.tobytes(surface, "RGBA")
    want = bytes(colour)
    return sum(1 for i in range(0, len(raw), 4) if raw[i : i + 3] == want)


def test_the_fallen_in_a_crowd_read_down_clear_of_the_exits_name_and_a_dead_man_shows_a_cross(app) -> None:  # noqa: ANN001
    """Normandy Village by the exit (newcomer h98): a heap's tag read '5DOWN' across 'EXIT: Track to the bridge',
    a knocked-down zombie looked like the standing ones round him, and a dead soldier was a red splat under the
    zombies. The tag reads '3 down' (its count set apart), clear of the zone's name; a knocked-down base is
    greyed, its teeth and rim no longer his side's fresh colours; a pale cross marks the dead man over them."""
    import pygame
    from ui_driver import need_default_scenario, start_game, zoom_on

    from game.ui.table_view import GRAVE_COLOUR, ZOMBIE_TEETH_COLOUR, shown_radius

    need_default_scenario()
    scene = start_game(app, seed=1)
    game, view = scene.match.game, scene.view
    exit_zone = next(z for z in view.scenario.zones if "EXIT" in view.zone_label(z)[0])
    x0, y0, x1, y1 = exit_zone.area.bounds
    zoom_on(scene, ((x0 + x1) / 2, y1), 16.0)
    app.run_frames(3)
    name = next(rect for kind, text, rect in view.words if kind == "zone" and text.startswith("EXIT"))
    zombies = [z for z in game.figures if z.is_zombie and z.on_table]
    r = shown_radius(zombies[0].radius * view.camera.ppi)
    first = view.camera.to_table((name.centerx, name.bottom + r - 2))  # its tag would sit on the name
    heap = [first, (first[0] + 1.0, first[1] + 0.3), (first[0] + 0.5, first[1] + 1.0)]
    for z, spot in zip(zombies, heap):
        game.world.set_position(z, spot)
        z.state = "knocked_down"
    killed = next(f for f in game.state.allied() if f.on_table)
    grave = (first[0] - 4.0, first[1] + 3.0)
    game.world.set_position(killed, grave)
    killed.state = "dead"
    game.world.set_position(zombies[3], grave)  # a zombie standing on the man he killed
    scene.match.resync()
    app.run_frames(3)
    assert view.tag_words == ["3 down"], view.tag_words
    assert not any(tag.colliderect(name) for tag in view.tag_rects), (view.tag_rects, name)
    down = next(t for t in view.tokens if t.id == zombies[0].id)
    standing = next(t for t in view.tokens if t.id == zombies[3].id)
    looks = [view._look(t, r, round(t.facing))[0] for t in (standing, down)]
    assert _colour_count(looks[0], ZOMBIE_TEETH_COLOUR) > 20
    assert _colour_count(looks[1], ZOMBIE_TEETH_COLOUR) == 0  # grey teeth, grey rim: not one standing
    spot = tuple(round(v) for v in view.camera.to_screen(grave))
    assert spot in view.grave_spots, (spot, view.grave_spots)
    assert pygame.display.get_surface().get_at(spot)[:3] == GRAVE_COLOUR  # over the zombie on him


# ---- what a drag's or a click's plate says it will do (h98) ---------------------------------------------------


def _scene_plate(scene) -> str:  # noqa: ANN001
    """The plate's words on the scene's table now (the preview the match draws, with the drag's facing)."""
    m = scene.match
    ctl = m.controller
    prims = m.view.drawing(m.game, ctl.preview_command, ctl.preview, m.face_toward)
    return "\n".join(p.text for p in prims if isinstance(p, Plate))


def _drag(app, a, b, check) -> None:  # noqa: ANN001
    """A left drag on the screen from ``a`` to ``b``; ``check()`` mid-drag, then let go."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.run_frames(1)
    for k in (0.5, 1.0):
        at = (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        app.run_frames(2)
    check()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.run_frames(2)


def _rifleman_aiming_a_move(app):  # noqa: ANN001, ANN202
    import pygame
    from ui_driver import click, key, need_default_scenario, play_out, screen_of, start_game, zoom_on

    need_default_scenario()
    scene = start_game(app, speed=8.0, seed=1)
    play_out(app, scene)
    f = next(f for f in scene.match.game.state.allied() if f.on_table and f.role == "rifleman")
    zoom_on(scene, f.position, 24.0)
    app.run_frames(2)
    click(app, screen_of(scene, f.position))
    key(app, pygame.K_m)
    return scene, f


def _open_ground(scene, f, inches: float):  # noqa: ANN001, ANN202
    """A spot ``inches`` from ``f`` that a move reaches straight (nothing to route round)."""
    from game.rules.contract import Aim

    m = scene.match
    for dx, dy in ((0, -1), (1, 0), (-1, 0), (0, 1), (0.7, -0.7), (-0.7, -0.7)):
        spot = (f.position[0] + dx * inches, f.position[1] + dy * inches)
        cmd = m.view.command(m.game, f.id, "move", Aim(path=(spot,)))
        preview = m.game.preview(cmd) if cmd is not None else None
        if preview is not None and preview.legal and abs(preview.details.get("length", 0.0) - inches) < 0.2:
            return spot
    raise AssertionError("no open ground round him")


def test_a_drag_from_a_moves_destination_says_he_moves_there_and_faces_the_pointer(app) -> None:  # noqa: ANN001
    """A drag from a move's destination to set his facing showed 'MOVE 6.0" His whole move toward the pointer,
    10.5" away' (a move to the pointer) though letting go moved him 3.3" to where the drag began. The plate, mid-drag,
    is of what letting go sends: the move to where the drag began, facing the pointer."""
    import re

    from ui_driver import screen_of

    scene, f = _rifleman_aiming_a_move(app)
    game = scene.match.game
    dest = _open_ground(scene, f, 3.0)
    a = screen_of(scene, dest)
    b = (a[0] + 200, a[1] - 60)  # far beyond his 6": the way he is to face
    seen: dict[str, object] = {}

    def check() -> None:
        seen["plate"], seen["cmd"] = _scene_plate(scene), scene.match.controller.preview_command

    _drag(app, a, b, check)
    plate = str(seen["plate"])
    assert re.search(r'MOVE: moves (2\.9|3\.[01])" and faces right', plate), plate  # (3" give or take a pixel)
    assert "toward the pointer" not in plate and 'MOVE 6.0"' not in plate, plate
    sent = game.commands[-1]
    assert type(sent).__name__ == "Move" and sent == seen["cmd"], (sent, seen["cmd"])  # the plate's move was sent


def test_turning_in_place_after_m_says_he_turns_to_face(app) -> None:  # noqa: ANN001
    """After M, a drag from his own base showed 'MOVE 6.0" His whole move toward the pointer' but only turned him.
    The plate says he turns to face the way dragged, and that is what is sent."""
    from ui_driver import screen_of

    scene, f = _rifleman_aiming_a_move(app)
    a = screen_of(scene, f.position)
    b = (a[0] + 150, a[1])  # to the right
    seen: dict[str, str] = {}
    _drag(app, a, b, lambda: seen.setdefault("plate", _scene_plate(scene)))
    assert "MOVE: turns to face right" in seen["plate"], seen["plate"]
    assert "toward the pointer" not in seen["plate"] and 'MOVE 6.0"' not in seen["plate"], seen["plate"]
    sent = scene.match.game.commands[-1]
    assert type(sent).__name__ == "Move" and not sent.path, sent


def test_the_bars_plate_while_picking_the_second_zombie_says_what_the_click_does() -> None:
    """While the BAR's second zombie was being picked, the plate over the first still said 'Shift-click to split
    the shots'. It says this click sends the 2nd at him too, or to click the 2nd zombie within 3"."""
    g = rigged_game(soldiers={LMG: (12, 20, 270)}, zombies=[(12, 14), (13.5, 14)], dice=[])
    ctl = Controller(g, ZombiekriegView())
    ctl.handle(Click(g.figure(LMG).position))
    ctl.handle(Button("fire"))
    assert ctl.handle(Click(g.figure("z1").position, shift=True)).accepted
    ctl.handle(Hover(g.figure("z1").position))
    text = _plate_text(ctl)
    assert "Shift-click" not in text, text
    assert "this click sends the 2nd at him too" in text and 'click the 2nd zombie within 3"' in text, text


# ---- when the game is won (h98) -------------------------------------------------------------------------------


def test_the_rules_help_says_the_exit_wins_at_once_as_the_game_does() -> None:
    """The 3rd soldier out by the exit ended the game there and then, before the zombies' half of the turn, while
    the rules help said 'End of turn: victory and defeat are checked' and only exterminate won at once. The game
    is its own judge here (objectives.check_now, after every action): the help says what it does."""
    from game.reference_pages import pages
    from game.rules.zombiekrieg import Move
    from game.rules.zombiekrieg.events import GameOver
    from game.rules.zombiekrieg.testing import tiny_scenario
    from game.rules.zombiekrieg.turn import Phase

    sc = tiny_scenario("exit", turn_limit=4, exits=[(0, 0, 24, 3)], properties={"exit_count": 1})
    g = rigged_game(
        soldiers={"us1-sgt": (12, 7, 270), "us1-r1": (4, 12, 270)}, zombies=[(22, 22)], dice=[1, 2], scenario=sc
    )
    g.state.exit_count = 1
    zombie_at = g.figure("z1").position
    events = g.apply(Move("us1-sgt", ((12, 1.5),)))
    assert any(isinstance(e, GameOver) and e.winner == "allies" for e in events)
    assert g.state.turn == 1 and g.figure("z1").position == zombie_at  # in the Allies' half: no zombie moved
    assert g.state.phase == Phase.OVER
    help_text = {s.split("\n", 1)[0]: s for s in pages()["zombiekrieg.md"].split("\n## ")}  # (as the help has it)
    turn = help_text["The turn"]
    assert "End of turn: victory and defeat are checked." not in turn, turn
    assert "at once" in turn and "exit" in turn, turn
    won = next(text for title, text in help_text.items() if "exit: move a number of figures" in text)
    assert "won the moment the last of them leaves" in won, won


# ---- the zombies' lines in the log (h98) ----------------------------------------------------------------------


def test_the_zombies_lines_say_toward_whom_and_read_the_same_live_and_after_loading(app) -> None:  # noqa: ANN001
    """The log said 'Zombie 7 lurches. 3 zombies lurch. 5 zombies lurch.' as the zombies' turn played, toward no
    one, and the same turn read back from a save said '26 zombies charge toward Sergeant Russo' (one line for the
    whole run, toward whoever stood nearest at the end). A lurch says toward whom, and the live log's zombie lines are
    the ones the whole log gives when read back."""
    from ui_driver import end_turn, need_default_scenario, play_out, start_game

    from game.controller import Mode

    need_default_scenario()
    scene = start_game(app, speed=8.0, seed=1)
    play_out(app, scene)
    game = scene.match.game
    for _ in range(3):  # three turns of zombies, their moves told as the screen plays them
        end_turn(app, scene)
        for _ in range(20000):
            app.run_frames(1)
            if scene.match.controller.mode not in (Mode.ZOMBIE_TURN,) and not scene.match.playback.busy:
                break
        play_out(app, scene)
        if game.over:
            break
    zombie = '<font color="#D98C8C">'

    def moves(lines: list[str]) -> list[str]:
        return [line for line in lines if line.startswith(zombie) and ("lurch" in line or "charge" in line)]

    live = moves(scene.log_lines)
    loaded = moves(ZombiekriegView().log_lines(game, game.log))
    assert live and live == loaded, (live, loaded)
    assert all(" toward " in line for line in live if " lurch" in line or " charge" in line), live
