"""A room resumed from its autosave (issue 40, faults): the autosave keeps how the room was served, and a player
who joins again by name, without naming a seat, gets his own seat back, not the first free one."""

from __future__ import annotations

from pathlib import Path

from net_helpers import MAPS

from game.net.headless import HostPlan, make_room
from game.net.room import NOTE, Room, RoomNote, make_seats
from game.saves import Autosaves, read_save


def test_the_autosave_keeps_the_room_and_a_player_back_by_name_gets_his_seat(tmp_path: Path) -> None:
    room = make_room(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net,net", seed=8, autosaves=str(tmp_path)))
    assert room.join(None, "Ann", False) == [1] and room.join(None, "Bob", False) == [2]
    room.port = 9123
    assert room.autosave() == ""
    path = Autosaves(tmp_path).resumable()
    assert path is not None
    note = RoomNote.read(read_save(path).extra)
    assert note is not None and note.port == 9123 and not note.lan
    assert [(s.kind, s.name) for s in note.seats] == [("network", "Ann"), ("network", "Bob"), ("network", "")]
    assert "password" not in str(read_save(path).extra[NOTE])
    again = Room.resume(path, make_seats([s.kind for s in note.seats]), None)
    for s, kept in zip(again.seats, note.seats, strict=True):
        s.name = kept.name
    assert again.join(None, "Bob", False) == [2], "Bob is back in his own seat"
    assert again.join(None, "Cy", False) == [1], "a newcomer takes the first free seat"


def test_a_host_that_vanishes_is_said_in_the_games_words() -> None:
    """A host killed mid-game sends no goodbye: the table says its connection dropped and that it rejoins, not the
    network library's 'no close frame received or sent' (seen on the joined screen after a kill -9)."""
    import time

    from net_helpers import served

    from game.net.client import Client
    from game.ui.scenes.net_game import DROPPED, dropped_words

    with served(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net", seed=8)) as (_, host, address):
        client = Client(address, "Bob", 2).start()
        try:
            deadline, seen = time.monotonic() + 20, []
            while "joined" not in seen:
                assert time.monotonic() < deadline, "never joined"
                seen += [u.kind for u in client.poll(wait=0.05)]
            loop = host._loop
            assert loop is not None
            loop.call_soon_threadsafe(lambda: [m.conn.transport.abort() for m in list(host._members)])
            dropped = []
            while not dropped:
                assert time.monotonic() < deadline, "the drop was never told"
                dropped = [u for u in client.poll(wait=0.05) if u.kind == "dropped"]
            assert dropped_words(dropped[0].text) == DROPPED, dropped[0].text
        finally:
            client.close()


def test_the_command_lines_resume_seats_its_players_as_the_autosave_kept_them(tmp_path: Path) -> None:
    """``deadground host --resume SAVE`` opens the room as the title's Resume does: the seats, their players'
    names and the port from the autosave (the host's own seat served over the network), so Bob, rejoining by name
    without naming a seat, gets team 2 back, not the first free seat."""
    import time

    from game.cli import build_parser
    from game.net.client import Client
    from game.net.headless import listen_port
    from game.net.host import Host

    room = make_room(HostPlan(str(MAPS / "hive_street.tmx"), seats="local,net", seed=8, autosaves=str(tmp_path)))
    room.join([1], "Ann", True), room.join(None, "Bob", False)
    room.begin()
    room.port = 9124
    assert room.autosave() == ""
    path = Autosaves(tmp_path).resumable()
    args = build_parser().parse_args(["host", "--resume", str(path), "--autosaves", str(tmp_path)])
    plan = HostPlan("", args.port, args.lan, resume=args.resume, autosaves=args.autosaves)
    again = make_room(plan)
    assert [(s.kind, s.name) for s in again.seats] == [("network", "Ann"), ("network", "Bob")]
    assert listen_port(plan, again) == 9124, "the clients rejoin the port they knew"
    again.autosaves = None
    host = Host(again, port=0, on_notice=lambda text: None)
    port = host.start()
    bob = Client(f"127.0.0.1:{port}", "Bob").start()
    try:
        deadline = time.monotonic() + 20
        while not bob.seats:
            assert time.monotonic() < deadline, "Bob never sat"
            bob.poll(wait=0.05)
        assert bob.seats == [2], "Bob is back in his own seat"
    finally:
        bob.close()
        host.stop()
