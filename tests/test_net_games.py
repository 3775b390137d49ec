"""Networked games on 127.0.0.1 (issue 40): a host and two clients play seeded bot games of each rule set to the
end with the same log and state (the offline game of that seed), a spectator following; a client killed mid-game
rejoins its seat and finishes; a player who leaves is replaced by a bot."""

from __future__ import annotations

import io
import re
import threading
from pathlib import Path

import pytest
from net_helpers import MAPS, Player, log_of, offline, seated, served, short_map, wait_until

from game.net.client import Client
from game.net.headless import HostPlan, join, serve
from game.replay import verify
from game.saves import state_hash

GAMES = {
    "outbreak": ("small_town", 0),
    "zombie40k": ("hive_street", 0),
    "zombiekrieg": (
        "normandy_village",
        2,
    ),  # two turns of its fifteen (--fuzz-long: all): a whole game takes ~30 s
}


def _map(tmp_path: Path, rules: str, long_run: bool) -> str:
    name, turns = GAMES[rules]
    turns = 0 if long_run else turns  # --fuzz-long: the whole game
    return str(short_map(tmp_path, name, turns) if turns else MAPS / f"{name}.tmx")


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_two_clients_and_a_spectator_play_a_seeded_game_to_the_end_as_it_plays_offline(
    tmp_path: Path, rules: str, long_run: bool
) -> None:
    with served(HostPlan(_map(tmp_path, rules, long_run), seats="net,net", seed=3)) as (room, host, address):
        players = [Player(Client(address, f"p{n}", n)) for n in (1, 2)]
        watcher = Player(Client(address, "projector", spectate=True), bot=False)
        for p in (*players, watcher):
            p.start()
        wait_until(lambda: seated(host, 2), what="two players seated")
        host.begin()
        for p in (*players, watcher):
            p.join(120)
            assert p.error is None, p.error
        assert room.over
        twin = offline(room)
        for p in (*players, watcher):
            assert p.game is not None and p.game.over
            assert log_of(p.game) == room.log == log_of(twin)
            assert state_hash(p.game) == state_hash(room.game) == state_hash(twin)
            assert p.client.checks >= 1 and not p.client.desyncs


def test_a_client_killed_mid_game_rejoins_its_seat_and_finishes(tmp_path: Path) -> None:
    with served(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net", seed=5)) as (room, host, address):
        steady = Player(Client(address, "steady", 1))
        first = Player(Client(address, "flaky", 2))
        steady.start(), first.start()
        wait_until(lambda: seated(host, 2), what="two players seated")
        host.begin()
        wait_until(lambda: len(room.log) >= 40, what="40 commands")
        first.client.drop()  # as a killed process: no goodbye
        first.join(10)
        wait_until(lambda: not seated(host, 2), what="the host noticing the drop")
        again = Player(Client(address, "flaky again", 2))  # a new process, the same seat
        again.start()
        for p in (steady, again):
            p.join(120)
            assert p.error is None, p.error
        assert again.game is not None and log_of(again.game) == room.log == log_of(offline(room))
        assert state_hash(again.game) == state_hash(room.game)


def test_a_player_who_leaves_is_replaced_by_a_bot_and_the_game_ends(tmp_path: Path) -> None:
    plan = HostPlan(str(MAPS / "small_town.tmx"), seats="net,net", seed=2)
    with served(plan, bot_after=0.1) as (room, host, address):
        stays = Player(Client(address, "stays", 1))
        leaves = Client(address, "leaves", 2).start()
        stays.start()
        wait_until(lambda: seated(host, 2), what="two players seated")
        host.begin()
        leaves.close()  # he leaves before his first move
        stays.join(60)
        assert stays.error is None and room.over
        assert any(s["kind"] == "bot" and s["seat"] == 2 for s in host.seats_now)
        assert log_of(room.game) == log_of(offline(room))


def test_bots_fill_the_seats_nobody_takes(tmp_path: Path) -> None:
    with served(HostPlan(str(MAPS / "small_town.tmx"), seats="net,net", seed=4)) as (room, host, address):
        one = Player(Client(address, "alone"))  # no seat asked: the first free one
        one.start()
        wait_until(lambda: seated(host, 1), what="one player seated")
        host.begin(fill=True)
        one.join(60)
        assert one.error is None and one.client.seats == [1]
        assert room.over and [s["kind"] for s in host.seats_now] == ["network", "bot"]


def test_a_copy_that_differs_from_the_host_is_reported_and_both_sides_are_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.net.client as client_module

    with served(HostPlan(str(MAPS / "small_town.tmx"), seats="net,bot"), desync_folder=tmp_path) as (
        room,
        host,
        address,
    ):
        monkeypatch.setattr(client_module, "state_hash", lambda game: "0" * 16)  # as if our copy had drifted
        client = Client(address, "drifted", 1, desync_folder=tmp_path).start()
        updates: list[str] = []
        wait_until(lambda: updates.extend(u.kind for u in client.poll()) or "desync" in updates, what="a desync")
        wait_until(lambda: (tmp_path / "desync-host-00000.json").exists(), what="the host's save")
        client.close()
    assert client.desyncs == [tmp_path / "desync-client-00000.json"] and client.desyncs[0].exists()
    assert verify(tmp_path / "desync-host-00000.json")[0]  # the host's side replays, for the bug report


def test_deadground_host_and_join_play_headless_and_print_the_same_result(tmp_path: Path) -> None:
    out = io.StringIO()
    plan = HostPlan(str(MAPS / "small_town.tmx"), seats="net,bot", seed=9, wait=30, autosaves=str(tmp_path))
    hosting = threading.Thread(target=serve, args=(plan, out), daemon=True)
    hosting.start()
    wait_until(lambda: "Hosting" in out.getvalue(), what="the host listening")
    port = re.search(r":(\d+)", out.getvalue().splitlines()[0]).group(1)  # type: ignore[union-attr]
    seen = io.StringIO()
    assert join(f"127.0.0.1:{port}", None, False, True, out=seen) == 0
    hosting.join(30)
    host_result = out.getvalue().splitlines()[-1]
    assert host_result.startswith("Result:") and host_result == seen.getvalue().splitlines()[-1]


def test_a_client_ahead_of_a_host_resumed_from_its_autosave_rewinds_to_the_hosts_log() -> None:
    with served(HostPlan(str(MAPS / "small_town.tmx"), seats="bot,bot", seed=2)) as (room, host, address):
        watcher = Player(Client(address, "watcher", spectate=True), bot=False)
        watcher.start()
        wait_until(lambda: watcher.client.game is not None, what="the watcher's copy")
        host.begin()
        watcher.join(60)
    client = watcher.client
    assert client.game is not None and len(client.game.commands) == len(room.log) > 3
    while client.poll(wait=0.2):  # the host's goodbye
        pass
    welcome = {"type": "welcome", "room": client._room, "you": [], "seats": [], "started": True}
    client._inbox.put({**welcome, "log": len(room.log) - 3})  # what a host resumed 3 commands back says
    assert [u.kind for u in client.poll()] == ["joined"]
    assert log_of(client.game) == room.log[:-3] and not client.game.over
