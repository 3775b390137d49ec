"""What each networked screen says, from its own side: the hand-over plate names the player whose turn it is
(only his own screen reads "your team"); a watcher's screen and a screen whose turn it is not give no orders;
the end words are each team's own; closing the room is asked first and told to the others.

Every window is a headless App in this process (the SDL dummy drivers), as in ``test_net_ui``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_net_ui import (
    acting_screen,
    begun,
    end_phase,
    frames,
    host_screen,
    join_screen,
    one_turn_map,
    settled,
    until,
    windows,
)

from game.ai import bot_for
from game.rules.contract import Report
from game.ui.scenes.host import HostScene
from game.ui.scenes.net_game import NetGameScene

__all__ = ["windows"]  # (the fixture, from test_net_ui)


def plates(screens: list[NetGameScene], seen: list[list[str]]) -> bool:
    """Note each screen's hand-over plate as it shows (a frame's test for ``until``); always False."""
    for screen, texts in zip(screens, seen, strict=True):
        plate = screen.match.handoff
        if plate is not None and (not texts or texts[-1] != plate[0]):
            texts.append(plate[0])
    return False


def play_until(windows: list[Any], screens: list[NetGameScene], seen: list[list[str]], done: Any) -> None:
    """The acting players end phases until ``done()``, noting the plates every screen shows."""
    for _ in range(40):
        if done():
            return
        end_phase(acting_screen(screens))
        until(windows, lambda: plates(screens, seen) or settled(screens), "every screen showing the command")
    assert done(), seen


def test_the_hand_over_plate_says_your_team_only_on_the_screen_that_plays_it(windows: list[Any]) -> None:
    """Ann hosts team 1, Bob plays team 2, a bot team 3: as Bob's turn begins Ann's screen names Bob, Bob's says
    "your team"; as the bot's begins, both name the bot; neither ever reads "your team" for another's turn."""
    a, b, _ = windows
    host = host_screen(a, ["this screen", "network", "bot"])
    join_screen(b, host.address, "Bob")
    until(windows, lambda: b.scene.name == "join" and b.scene.table is not None, "Bob joining")
    until(windows, lambda: sum(s["here"] for s in host.table.host.seats_now) >= 2, "Bob taking team 2")
    host.begin()
    until(windows, lambda: a.scene.name == b.scene.name == "net_game", "the tables opening")
    ann, bob = a.scene, b.scene
    screens, seen = [ann, bob], [[], []]
    bobs = lambda: any(t.startswith("Bob's turn: Player 2, ") for t in seen[0])  # noqa: E731
    bots = lambda: all(any(t.startswith("The bot's turn: Player 3, ") for t in texts) for texts in seen)  # noqa: E731
    hosts = lambda: any(t.startswith("Host's turn: Player 1, ") for t in seen[1])  # noqa: E731
    play_until(windows, screens, seen, lambda: bobs() and bots() and hosts())
    assert any(t.startswith("Player 2 (") and t.endswith("your team") for t in seen[1]), seen[1]
    assert any(t.startswith("Player 1 (") and t.endswith("your team") for t in seen[0]), seen[0]
    assert not any("Player 2" in t and "your team" in t for t in seen[0]), seen[0]
    assert not any("Player 3" in t and "your team" in t for t in seen[0] + seen[1])


def test_a_watcher_gives_no_orders_and_reads_no_players_prompts(windows: list[Any]) -> None:
    """The watcher's action buttons and End phase are grey with "You are watching"; its E and Tab say so (never
    "press E again" nor "not your turn"), and the players' prompts never reach its status line."""
    host, bob, watcher = begun(windows, watch=True)
    assert watcher is not None
    for _ in range(6):
        states = watcher.match.button_states()
        lit = [key for key, (on, _) in states.items() if on and key not in ("skip", "cancel")]
        assert not lit, f"the watcher's {lit} buttons are lit"
        assert "You are watching" in states["end_turn"][1]
        watcher.match.button("end_turn")
        watcher.match.button("next")
        status = watcher.match.status
        assert "You are watching" in status and "press E again" not in status, status
        assert "not your turn" not in status and watcher.match.controller.sent is None, "the watcher sent it"
        end_phase(acting_screen([host, bob]))
        until(windows, lambda: settled([host, bob, watcher]), "every screen showing the command")
        assert "click each" not in watcher.match.status and "Click a model" not in watcher.match.status


def test_end_phase_is_grey_on_the_screen_whose_turn_it_is_not(windows: list[Any]) -> None:
    """On the idle player's screen End phase is grey and says whose turn it is; his E asks nothing ("N models have
    not acted") and sends nothing; the acting player's is lit."""
    host, bob, _ = begun(windows)
    for _ in range(4):
        acting = acting_screen([host, bob])
        idle = bob if acting is host else host
        on, why = idle.match.button_states()["end_turn"]
        assert not on and "turn" in why and ("Bob" in why or "Host" in why), why
        assert acting.match.button_states()["end_turn"][0]
        idle.match.button("end_turn")
        assert "have not acted" not in idle.match.status and idle.match.controller.sent is None
        end_phase(acting)
        until(windows, lambda: settled([host, bob]), "both screens showing the command")
        assert "have not acted" not in idle.match.status, idle.match.status


def test_closing_the_room_is_asked_first_and_told_to_the_others(windows: list[Any]) -> None:
    """Menu, Close the room asks first (the host's table stays); Yes closes it: Bob's screen reads who closed it
    and stops rejoining (it is not a crash)."""
    a, _, _ = windows
    host, bob, _ = begun(windows)
    host.open_menu(True)
    host._menu("title")
    assert a.scene is host and host.menu_open and "Close the room?" in host.match.status
    assert host.game_menu.buttons["title"].text == "Yes, close the room"
    host._menu("title")
    assert a.scene.name == "title"
    until(windows, lambda: bool(bob.table.client.closed), "Bob's screen hearing the room close")
    frames(windows, 5)
    assert bob.match.status.startswith("Host closed the room."), bob.match.status
    assert not bob.dropped and not any("Rejoining" in line for line in bob.log_lines), bob.log_lines[-3:]


def test_each_end_screen_reads_from_its_own_side_and_says_what_again_does(
    windows: list[Any], tmp_path: Path
) -> None:
    """A race won by Ann's team: Ann's end screen reads VICTORY, Bob's DEFEAT naming Ann, the watcher's GAME OVER.
    A one-turn game's end: the host's button reads Host again and opens the Host screen with the same seats;
    Bob's reads Join again and opens the Join form."""
    a, b, _ = windows
    host, bob, watcher = begun(windows, watch=True, path=one_turn_map(tmp_path))
    assert watcher is not None
    race = Report("zombie40k", "Hive", "player 1", True, "VICTORY", "Guardian Defenders (player 1) got away", "")
    ann_side, bob_side, watched = (s.seat_report(race) for s in (host, bob, watcher))
    assert (ann_side.headline, ann_side.victory) == ("VICTORY", True)
    assert (bob_side.headline, bob_side.victory) == ("DEFEAT", False)
    assert bob_side.reason == "Defeat: Host's Guardian Defenders (player 1) got away"
    assert (watched.headline, watched.victory) == ("GAME OVER", None)
    room = host.table.host.room
    for _ in range(40):
        if room.game.over:
            break
        end_phase(acting_screen([host, bob]))
        until(windows, lambda: settled([host, bob, watcher]), "every screen showing the command")
    until(windows, lambda: a.scene.name == b.scene.name == "end", "the end screens", 20)
    assert a.scene.buttons["again"].text == "Host again" and b.scene.buttons["again"].text == "Join again"
    b.scene.play_again()
    assert b.scene.name == "join"
    a.scene.play_again()
    assert isinstance(a.scene, HostScene) and a.scene.choices == ["this screen", "network"]


def test_the_header_follows_the_phase_on_screen_during_the_bots_turn(windows: list[Any]) -> None:
    """Ann hosts team 1, Bob team 2, a bot team 3: on every screen, while a phase's events play, the top bar names
    that phase (the bot's commands arrive faster than they are shown: the rules are further on)."""
    a, b, _ = windows
    for app in (a, b):
        app.settings.animation_speed = 1.0  # (the moves take their time: the bot is quicker)
    host = host_screen(a, ["this screen", "network", "bot"])
    join_screen(b, host.address, "Bob")
    until(windows, lambda: sum(s["here"] for s in host.table.host.seats_now) >= 2, "Bob taking team 2")
    host.begin()
    until(windows, lambda: a.scene.name == b.scene.name == "net_game", "the tables opening")
    screens: list[NetGameScene] = [a.scene, b.scene]
    shown: dict[int, Any] = {}
    wrong: list[str] = []
    for i, screen in enumerate(screens):
        screen.match.set_speed(1.0)
        announce = screen.match._announce

        def noting(events: Any, quiet: bool = False, i: int = i, announce: Any = announce) -> None:
            for ev in events:
                if type(ev).__name__ == "PhaseStarted" and ev.phase != "psychic":
                    shown[i] = ev
            announce(events, quiet)

        screen.match._announce = noting  # type: ignore[method-assign]

    def header_in_step() -> bool:
        for i, screen in enumerate(screens):
            ev = shown.get(i)
            if ev is None or not screen.match.playback.busy:
                continue
            bar = screen.match.banner()
            want = (
                "Zombies moving" if ev.phase == "zombies" else f"Player {ev.player} \u00b7 {ev.phase.capitalize()}"
            )
            if want not in bar:
                wrong.append(f"screen {i}: {bar!r} while showing {want!r}")
        return False

    room = host.table.host.room
    for _ in range(12):
        end_phase(acting_screen(screens))
        until(windows, lambda: header_in_step() or settled(screens), "every screen showing the command")
    assert any(getattr(e, "player", 0) == 3 for e in shown.values()) or len(room.log) > 12
    assert not wrong, wrong[:5]


def test_a_click_made_while_a_command_travels_follows_it(windows: list[Any]) -> None:
    """On Bob's screen in his turn: a model's move goes to the host; before its answer the roster and the buttons
    stay as they were, and a click on another of his models says it follows: once the answer is back, that model
    is selected (the click was not dropped)."""
    host, bob, _ = begun(windows)
    while acting_screen([host, bob]) is host:
        end_phase(host)
        until(windows, lambda: settled([host, bob]), "both screens showing the command")
    match, ctl = bob.match, bob.match.controller
    game = match.game
    cmd = bot_for(game.ruleset)(game)
    mover = getattr(cmd, "figure", None)
    other = next(fid for fid in match.ready() if fid != mover and game.figure(fid).player == 2)
    roster, buttons = match.roster(), match.button_states()
    assert not match.send(cmd).message.startswith("Refused")
    assert ctl.sent is not None, "the command is on its way"
    assert match.roster() == roster and match.button_states() == buttons, "the panels flipped while it travelled"
    match.click(game.figure(other).position)
    assert "click follows" in match.status, match.status
    until(windows, lambda: settled([host, bob]), "the host's answer shown")
    assert ctl.selected == other, (ctl.selected, other, match.status)
