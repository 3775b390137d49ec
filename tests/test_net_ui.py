"""Network play on screen: a window hosts a Zombie 40,000 game from its set-up, another joins it from the title,
a third watches; they play through their screens on 127.0.0.1 and every copy of the game agrees.

Every window is a headless App in this process (the SDL dummy drivers); the host's listens on a port the
system picks. A refused command shows its reason; Join with nobody at the address says so in words; a client
that does not poll for seconds holds up neither the host nor another screen.
"""

from __future__ import annotations

import html
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ui_driver import click, headless_app

from game.net.client import Client, Update
from game.saves import state_hash
from game.ui.game_setup import GameSetup, resize_answers
from game.ui.scenario_list import load_entry
from game.ui.scenes.host import HostScene
from game.ui.scenes.join import JoinScene
from game.ui.scenes.net_game import CATCH_UP_SECONDS, NetGameScene

MAP = Path(__file__).resolve().parent.parent / "maps" / "hive_street.tmx"


def frames(apps: list[Any], n: int = 1) -> None:
    for _ in range(n):
        for app in apps:
            app.run_frames(1)
        time.sleep(0.003)


def until(apps: list[Any], test: Any, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout:g} s"
        frames(apps)


def host_screen(app: Any, choices: list[str], path: Path = MAP) -> HostScene:
    """The set-up's Host for hive_street (or the map at ``path``) with these seats, the room open on a free port."""
    setup = GameSetup(load_entry(path))
    setup.answers = setup.starting_teams(resize_answers(setup.spec, setup.answers, len(choices)))
    app.show_host(setup, 7)
    scene = app.scene
    assert isinstance(scene, HostScene)
    scene.ports = (0,)
    scene.choices, scene.menus = list(choices), []  # (as if picked in its drop-downs)
    app.rebuild()
    assert scene.open_room(), scene.message
    return scene


def join_screen(app: Any, address: str, name: str, watch: bool = False) -> JoinScene:
    app.show_join()
    scene = app.scene
    assert isinstance(scene, JoinScene)
    scene.entries["address"].set_text(address)
    scene.entries["player"].set_text(name)
    scene.join(watch)
    return scene


@pytest.fixture
def windows(tmp_path: Path) -> Iterator[list[Any]]:
    """Three game windows: the host's, a player's, a spectator's."""
    with (
        headless_app(tmp_path / "host" / "settings.json") as a,
        headless_app(tmp_path / "player" / "settings.json") as b,
        headless_app(tmp_path / "watcher" / "settings.json") as c,
    ):
        for app in (a, b, c):
            app.settings.animation_speed = 8.0  # the moves are shown, quickly
        yield [a, b, c]
        for app in (a, b, c):
            scene = app.scene
            if isinstance(scene, NetGameScene):
                scene.leave()


def begun(
    windows: list[Any], watch: bool = False, path: Path = MAP
) -> tuple[NetGameScene, NetGameScene, NetGameScene | None]:
    """The host's screen (team 1 on this screen, team 2 over the network), Bob's joined screen, and a watcher's:
    the host presses Begin once Bob sits; the tables open."""
    a, b, c = windows
    host = host_screen(a, ["this screen", "network"], path)
    join_screen(b, host.address, "Bob")
    until(windows, lambda: all(s["here"] for s in host.table.host.seats_now), "Bob taking team 2")
    frames(windows)
    assert "Team 2: network, Bob" in host.seats_box.html_text
    assert host.buttons["begin"].text == "Begin"
    host.begin()
    if watch:
        join_screen(c, host.address, "Projector", watch=True)
    playing = [a, b, c] if watch else [a, b]
    until(windows, lambda: all(app.scene.name == "net_game" for app in playing), "the tables opening")
    return a.scene, b.scene, (c.scene if watch else None)


def settled(screens: list[NetGameScene]) -> bool:
    room = screens[0].table.host.room
    return all(
        len(s.match.game.commands) == len(room.log)
        and not s.match.playback.busy
        and s.match.controller.sent is None
        for s in screens
    )


def end_phase(screen: NetGameScene) -> None:
    """The acting player's E, pressed twice (the first asks when models have not acted)."""
    screen.match.button("end_turn")
    screen.match.button("end_turn")


def acting_screen(screens: list[NetGameScene]) -> NetGameScene:
    actor = screens[0].match.controller.active_player
    return next(s for s in screens if actor in s.table.client.seats)


def test_host_and_joined_screens_play_one_game(windows: list[Any]) -> None:
    """Both players end phases on their own screens; the host's game, both screens' and the watcher's agree, and
    each screen animated the other's commands."""
    host, bob, watcher = begun(windows, watch=True)
    assert watcher is not None and watcher.takes_orders is False
    assert host.table.client.seats == [1] and bob.table.client.seats == [2]
    screens = [host, bob, watcher]
    actors = set()
    for _ in range(4):
        screen = acting_screen([host, bob])
        other = bob if screen is host else host
        lines = len(other.log_lines), len(watcher.log_lines)
        actors.add(screen.table.client.seats[0])
        end_phase(screen)
        until(windows, lambda: settled(screens), "every screen showing the command")
        assert (len(other.log_lines), len(watcher.log_lines)) > lines, "the other screens logged the command"
    assert actors == {1, 2}, "both players acted"
    room = host.table.host.room
    assert len(room.log) == 4
    hashes = {state_hash(room.game), *(state_hash(s.match.game) for s in screens)}
    assert len(hashes) == 1, "every copy of the game is the host's"
    assert watcher.camera_man is not None, "the spectator's camera follows the action"


def test_a_refused_command_shows_its_reason(windows: list[Any]) -> None:
    """The screen whose team is not acting sends an end of phase (its End button is grey: a panel's command,
    as the shop's, goes all the same): the host refuses, and the reason is on that screen."""
    host, bob, _ = begun(windows)
    idle = bob if acting_screen([host, bob]) is host else host
    idle.match.send(idle.match.view.end_turn(idle.match.game))
    until(windows, lambda: idle.match.controller.sent is None, "the host's answer")
    assert "It is not your turn" in idle.match.status and idle.match.status_bad
    assert "It is not your turn" in idle.log_lines[-1]
    assert "(team " in idle.match.status and "seat" not in idle.match.status, (
        "the refusal names a team, as the screen"
    )
    assert len(host.table.host.room.log) == 0, "nothing was applied"


def test_join_with_nobody_at_the_address_says_so(windows: list[Any]) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = windows[1]
    scene = join_screen(app, f"127.0.0.1:{port}", "Bob")
    until([app], lambda: scene.table is None, "the join giving up", timeout=30)
    assert scene.bad and scene.message.startswith(f"Cannot reach a host at 127.0.0.1:{port}")
    assert "Traceback" not in scene.message
    assert scene.buttons["play"].is_enabled, "the form may be tried again"


def test_a_slow_client_stalls_nobody(windows: list[Any]) -> None:
    """A spectator that does not poll for seconds: the host and Bob's screen play on at their pace (a phase takes
    them no longer than it did before it came, measured on the same machine just before, so that a loaded machine
    is no stall); it catches up afterwards and agrees."""
    host, bob, _ = begun(windows)

    def seconds_a_phase(phases: int) -> float:
        started = time.monotonic()
        for _ in range(phases):
            end_phase(acting_screen([host, bob]))
            until(windows, lambda: settled([host, bob]), "both screens showing the command")
        return (time.monotonic() - started) / phases

    alone = seconds_a_phase(2)
    slow = Client(f"127.0.0.1:{host.table.host.port}", "slow", spectate=True).start()
    try:
        with_it = seconds_a_phase(4)
        assert with_it < 3 * alone + 1.0, f"{with_it:.1f} s a phase with a silent spectator, {alone:.1f} s before"
        time.sleep(2.0)  # still not polled
        log = len(host.table.host.room.log)
        deadline = time.monotonic() + 60
        while slow.checked_at != log and time.monotonic() < deadline:
            slow.poll(budget=1.0, wait=0.05)
        assert slow.game is not None and state_hash(slow.game) == state_hash(host.match.game)
    finally:
        slow.close()


def test_the_screen_says_what_happens_at_the_table(windows: list[Any]) -> None:
    """A drop, the rejoin, a player who left and the bot in his seat, a desync, the room's end: each in words."""
    host, bob, _ = begun(windows)
    client = bob.table.client
    bob.hear(Update("dropped", text="The connection dropped: rejoining."))
    assert "dropped: rejoining" in bob.match.status
    bob.hear(Update("joined"))
    assert bob.match.status.startswith("Rejoined")
    before = [dict(s) for s in client.room_seats]
    client.room_seats = [before[0], {"seat": 2, "kind": "bot", "name": "bot (for Bob)", "here": False}]
    bob.seats_seen = before
    bob.hear(Update("seats"))
    assert bob.match.status == "Bob left; a bot plays team 2."
    bob.hear(
        Update("desync", text="Our game differs from the host's at command 3. Saved to /x/desync-client.json.")
    )
    assert "desync-client.json" in bob.log_lines[-1]
    bob.hear(Update("closed", text="The host has stopped."))
    assert bob.match.status == "The host closed the room: The host has stopped." and bob.match.status_bad


def test_hot_seat_and_network_seats_mix_on_the_host(windows: list[Any]) -> None:
    """Teams 1 and 2 on the host's screen (hot-seat), team 3 over the network: the host's screen holds both of its
    teams, each screen acts for its own, and the games agree."""
    a, b, _ = windows
    host = host_screen(a, ["this screen", "this screen", "network"])
    join_screen(b, host.address, "Cy")
    until(windows, lambda: all(s["here"] for s in host.table.host.seats_now), "Cy taking team 3")
    host.begin()
    until(windows, lambda: a.scene.name == b.scene.name == "net_game", "the tables opening")
    here, there = a.scene, b.scene
    assert here.table.client.seats == [1, 2] and there.table.client.seats == [3]
    acted = set()
    for _ in range(6):
        screen = acting_screen([here, there])
        acted.add(screen.match.controller.active_player)
        end_phase(screen)
        until(windows, lambda: settled([here, there]), "both screens showing the command")
    assert len(acted) >= 2, "more than one team acted"
    assert state_hash(here.match.game) == state_hash(there.match.game) == state_hash(here.table.host.room.game)


def test_join_says_when_this_machine_lacks_the_hosts_map(windows: list[Any], tmp_path: Path) -> None:
    """The host plays a map the joining machine does not have: Join says so in words and the form stays."""
    a, b, _ = windows
    for part in ("tiles", "templates"):
        (tmp_path / part).symlink_to(MAP.parent / part)
    path = tmp_path / "hive_street_copy.tmx"
    path.write_text(MAP.read_text(encoding="utf-8"), encoding="utf-8")
    setup = GameSetup(load_entry(path))
    setup.answers = setup.starting_teams(resize_answers(setup.spec, setup.answers, 2))
    a.show_host(setup, 7)
    host = a.scene
    host.ports = (0,)
    assert host.open_room(), host.message
    path.unlink()  # (the host has it loaded; the player's machine has no such file)
    scene = join_screen(b, host.address, "Bob")
    until(windows, lambda: scene.table is None, "the join giving up", timeout=30)
    assert scene.bad and "hive_street_copy.tmx" in scene.message and "Traceback" not in scene.message


def test_the_hosts_last_words_show_once_on_the_joined_screen(windows: list[Any]) -> None:
    """The host closes the room: Bob's screen says why once (the host's goodbye), not a second time as news."""
    host, bob, _ = begun(windows)
    host.leave()
    until(windows, lambda: bob.dropped, "Bob's screen hearing the host go")
    frames(windows, 5)
    said = [line for line in bob.log_lines if "The host has stopped" in line]
    assert len(said) == 1, said
    assert "Rejoining" in said[0]


def test_the_joined_lobby_reads_from_the_joiners_side(windows: list[Any]) -> None:
    """Bob's lobby calls his own team 'this screen, you' and the host's team the host's (not 'this screen')."""
    a, b, _ = windows
    host = host_screen(a, ["this screen", "network"])
    bob = join_screen(b, host.address, "Bob")
    until(windows, lambda: bob.table is not None and bob.table.client.seats == [2], "Bob taking team 2")
    frames(windows, 3)
    lobby = html.unescape(bob.lobby.html_text)
    assert "Team 2: this screen, you (Bob)" in lobby
    assert "Team 1: the host's screen, Host" in lobby
    assert "Team 1: this screen" not in lobby
    assert "Team 1: this screen, Host" in host.seats_box.html_text, "the host's own screen reads as before"


def test_join_remembers_the_address_and_name_but_not_the_password(tmp_path: Path) -> None:
    """Join once with an address, a name and a password: the next Join (in this window, or after a restart)
    offers the address and the name again; the password is typed again and is nowhere in the settings."""
    settings = tmp_path / "player" / "settings.json"
    with headless_app(settings) as app:
        app.show_join()
        scene = app.scene
        assert isinstance(scene, JoinScene)
        for key, text in (("address", "192.0.2.7:9000"), ("player", "Bob"), ("password", "club night")):
            scene.entries[key].set_text(text)
        scene.join(False)  # (nobody answers there)
        scene.back()
        app.show_join()
        again = app.scene
        assert isinstance(again, JoinScene)
        assert again.entries["address"].get_text() == "192.0.2.7:9000"
        assert again.entries["player"].get_text() == "Bob"
        assert again.entries["password"].get_text() == ""
    assert "club night" not in settings.read_text(encoding="utf-8")
    with headless_app(settings) as app:
        app.show_join()
        scene = app.scene
        assert isinstance(scene, JoinScene)
        assert (scene.entries["address"].get_text(), scene.entries["player"].get_text()) == (
            "192.0.2.7:9000",
            "Bob",
        )


def test_another_seats_models_are_looked_at_not_ordered(windows: list[Any]) -> None:
    """On the host's screen during Bob's turn: Bob's models show their tooltips but a click (or Tab) selects none
    of them, nor are they marked ready; the status line says whose turn it is. Bob's own screen selects them."""
    host, bob, _ = begun(windows)
    while acting_screen([host, bob]) is host:
        end_phase(host)
        until(windows, lambda: settled([host, bob]), "both screens showing the command")
    match, ctl = host.match, host.match.controller
    game = match.game
    his = [
        f.id for f in game.figures if f.on_table and not ctl.view.selectable(game, f.id) and ctl.available(f.id)
    ]
    assert his, "Bob has models who may act"
    match.click(game.figure(his[0]).position)
    assert ctl.selected is None, "the host's screen selected one of Bob's models"
    assert "Bob" in match.status and "(team 2)" in match.status
    match.button("next")
    assert ctl.selected is None and match.ready() == set()
    assert "ready" in match.roster(), "the roster still says which of his models may act"
    look = match.looks[his[0]]
    assert match.view.tooltip(game, his[0], look), "his models may still be looked at"
    bob.match.click(bob.match.game.figure(his[0]).position)
    assert bob.match.controller.selected == his[0], "Bob's own screen orders them"


def test_a_stopped_room_is_resumed_from_the_title_and_its_player_rejoins(windows: list[Any]) -> None:
    """The host's window stops mid-game (Bob's screen drops and keeps rejoining); back at the title, Resume the
    room (a click) opens the Host screen with the seats as they were, and Open the room (a click) serves the
    autosave's game on the same port: Bob's screen rejoins by itself and the game plays on, every copy agreeing."""
    a, b, _ = windows
    host, bob, _ = begun(windows)
    port = host.table.host.port
    for _ in range(2):
        end_phase(acting_screen([host, bob]))
        until(windows, lambda: settled([host, bob]), "both screens showing the command")
    played = len(host.table.host.room.log)
    host.leave()  # (the window that hosted is gone: its autosave is left)
    until(windows, lambda: bob.dropped, "Bob's screen hearing the host go")
    title = a.scene
    assert title.name == "title" and title.buttons["resume"].text.startswith("Resume the room: ")
    click(a, title.buttons["resume"].rect.center)
    again = a.scene
    assert isinstance(again, HostScene) and again.resumed is not None
    assert again.choices == ["this screen", "network"] and again.ports[0] == port
    click(a, again.buttons["open"].rect.center)
    until(windows, lambda: a.scene.name == "net_game", "the host's table opening on the resumed game")
    until(windows, lambda: not bob.dropped and bob.table.client.seats == [2], "Bob rejoining team 2")
    here = a.scene
    assert isinstance(here, NetGameScene) and here.table.host is not None and here.table.host.port == port
    assert len(here.table.host.room.log) == played, "the room goes on from its autosave"
    for _ in range(2):
        end_phase(acting_screen([here, bob]))
        until(windows, lambda: settled([here, bob]), "both screens showing the command")
    assert len(here.table.host.room.log) == played + 2
    assert state_hash(here.match.game) == state_hash(bob.match.game) == state_hash(here.table.host.room.game)


def one_turn_map(folder: Path) -> Path:
    """A copy of hive_street that lasts one turn (its tiles and templates linked beside it)."""
    for part in ("tiles", "templates"):
        (folder / part).symlink_to(MAP.parent / part)
    text = MAP.read_text(encoding="utf-8").replace(
        "<properties>", '<properties>\n  <property name="turn_limit" type="int" value="1"/>', 1
    )
    path = folder / "hive_street_one_turn.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_window_opens_the_end_screen_when_the_game_ends(windows: list[Any], tmp_path: Path) -> None:
    """A one-turn game played to its end: the host's window, Bob's and the watcher's each open the after-action
    report, and none still says it waits for a player."""
    host, bob, watcher = begun(windows, watch=True, path=one_turn_map(tmp_path))
    assert watcher is not None
    screens = [host, bob, watcher]
    room = host.table.host.room
    for _ in range(40):
        if room.game.over:
            break
        end_phase(acting_screen([host, bob]))
        until(windows, lambda: settled(screens), "every screen showing the command")
    assert room.game.over, "the one-turn game ended"
    until(
        windows, lambda: all(app.scene.name == "end" for app in windows), "every window opening the end screen", 20
    )
    for screen in screens:
        assert "Waiting for" not in screen.match.status, screen.match.status
        screen.leave()


def heard(screens: list[NetGameScene]) -> bool:
    """Every screen's copy has the host's whole log and no command of its own on the way (seen or not)."""
    room = screens[0].table.host.room
    return all(len(s.match.game.commands) == len(room.log) and s.match.controller.sent is None for s in screens)


def caught_up(screen: NetGameScene) -> bool:
    match = screen.match
    return len(match.game.commands) == len(screen.table.client.game.commands) and not match.playback.busy


def test_a_watcher_at_the_projectors_pace_keeps_up_with_quick_players(windows: list[Any]) -> None:
    """The players end phases as fast as they can (Space, then E); the watcher's window animates at speed 1 (the
    club's projector). When a command arrives it has at most a few seconds of older action still to show (it
    shows the backlog at once and animates the newest action: it fell 29 s behind in 20 commands), and it shows
    the latest state moments after the last command."""
    host, bob, watcher = begun(windows, watch=True)
    assert watcher is not None
    watcher.match.set_speed(1.0)
    behind: list[float] = []  # the older action still to show, as each command reaches the watcher
    shown = watcher.match.heard

    def hearing(cmd: Any, events: Any) -> None:
        behind.append(watcher.match.playback.seconds_left())
        shown(cmd, events)

    watcher.match.heard = hearing  # type: ignore[method-assign]
    room = host.table.host.room
    for _ in range(60):
        if len(room.log) >= 20:
            break
        for screen in (host, bob):
            screen.match.skip()  # (Space: they have seen enough)
        end_phase(acting_screen([host, bob]))
        until(windows, lambda: heard([host, bob]), "both players' screens hearing the command")
    assert len(room.log) >= 20
    until(windows, lambda: caught_up(watcher), "the watcher showing the latest state", timeout=15)
    assert len(behind) == len(room.log)
    assert max(behind) <= CATCH_UP_SECONDS, f"the watcher fell {max(behind):.1f} s of animation behind"
    assert state_hash(watcher.match.game) == state_hash(room.game)
