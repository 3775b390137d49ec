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


class LosingClient:
    """A client whose first send is lost with its host (killed before it saved the command); the rejoin then
    asks again at the same place in the log, and the next sends arrive."""

    uri, closed, checked_at = "ws://127.0.0.1:1", "", -1

    def __init__(self, game: object) -> None:
        self.game, self.sent = game, []  # type: ignore[var-annotated]
        self.lost = 1

    def poll(self, budget: float = 0.0, wait: float = 0.0) -> list[object]:
        return []

    def my_turn(self) -> bool:
        return not self.game.over and len(self.game.commands) < 3  # type: ignore[attr-defined]

    def send(self, cmd: object) -> str:
        self.sent.append(cmd)
        if self.lost:
            self.lost -= 1
        else:
            self.game.apply(cmd)  # type: ignore[attr-defined]
        if len(self.game.commands) >= 3:  # type: ignore[attr-defined]
            self.closed = "done"
        return ""


def test_a_command_lost_with_its_host_is_sent_again_not_chosen_again() -> None:
    """A bot that plans ahead, asked twice at one place in the log, would take the next step of its plan and
    part ways with the game (its command then refused, the seat waiting for ever)."""
    from game.net.headless import play

    room = make_room(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net", seed=8))
    room.begin(fill=False)
    asked: list[int] = []
    bot = bot_for(room.game.ruleset)

    def counting(game):  # type: ignore[no-untyped-def]
        asked.append(len(game.commands))
        return bot(game)

    client = LosingClient(room.game)
    play(client, counting, timeout=30)  # type: ignore[arg-type]
    assert asked == [0, 1, 2]
    assert to_data(client.sent[0]) == to_data(client.sent[1])


def test_after_a_drop_a_client_does_not_act_until_the_rejoins_welcome_is_read() -> None:
    """A command sent on the new connection before its welcome is read arrived twice: the welcome cleared
    'on its way', the bot sent it again, and the host refused the second ('has already moved this phase'),
    leaving the seat waiting for ever (seen on a loaded machine after a killed host came back)."""
    room = make_room(HostPlan(str(MAPS / "hive_street.tmx"), seats="net,net", seed=8))
    room.autosaves = None
    room.begin(fill=False)
    first = room.acting()
    assert first is not None
    client = Client("127.0.0.1:1", "p", first)
    welcome = {"type": "welcome", "room": room.room_data(), "seats": room.seats_data(), "you": [first],
               "log": 0, "started": True}  # fmt: skip
    client._take(welcome)
    assert client.my_turn()
    client._take({"type": "_dropped", "reason": "The connection dropped: rejoining."})
    assert not client.my_turn(), "acted between the drop and the rejoin's welcome"
    client._take(welcome)
    assert client.my_turn()
