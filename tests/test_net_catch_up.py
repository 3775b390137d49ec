"""A client that rejoins (or joins late) is welcomed with the host's log length, then sent the log a message at a
time. Until its copy has caught up, its bot must not act on the stale copy: a command chosen there is refused or,
worse, accepted out of the seed's order (a killed host's clients hung this way on a loaded machine: issue 40)."""

from __future__ import annotations

from net_helpers import MAPS

from game.ai import bot_for
from game.net.client import Client
from game.net.headless import HostPlan, make_room
from game.rules.core import to_data


def test_a_client_does_not_act_until_the_log_the_welcome_named_has_arrived() -> None:
    room = make_room(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net", seed=8))
    room.autosaves = None
    room.begin(fill=False)
    bot, first = bot_for(room.game.ruleset), room.acting()
    assert first is not None
    while len(room.log) < 6 or room.acting() != first:  # the stale copy's seat acts again: a log to catch up
        room._apply(bot(room.game), room.acting())
    client = Client("127.0.0.1:1", "p", first)
    welcome = {"type": "welcome", "room": room.room_data(), "seats": room.seats_data(), "you": [first],
               "log": len(room.log), "started": True}  # fmt: skip
    client._take(welcome)
    for n, cmd in enumerate(room.log):
        assert not client.my_turn(), f"acted on a copy {n} commands long; the host's log is {len(room.log)}"
        client._take({"type": "applied", "index": n, "cmd": cmd, "seat": None})
    assert client.my_turn()
    assert to_data(bot_for(client.game.ruleset)(client.game)) == to_data(bot(room.game))
