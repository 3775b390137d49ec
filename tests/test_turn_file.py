"""Play by file (issue 40, item 6): a turn's actions sent in a small file, received and verified by the other
player's copy of the game, the way VASSAL's play-by-email logs work.

Two seeded copies of a game of each rule set, each on "its own machine", exchange turn files until the game
ends: both end with the same state and log, and the same game as one played at one table. A tampered action,
another game's file, a missing or repeated turn and hostile files are refused, naming the file and the place,
and change nothing. The screen's menu sends and receives turn files too.
"""

from __future__ import annotations

import functools
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from game.ai import bot_for
from game.cli import main as cli_main
from game.rules.core import Game, get_ruleset, to_data
from game.saves import Autosaves, SaveError, read_save, save_game, state_hash
from game.scenario import load_scenario
from game.scenario.model import Scenario
from game.turn_file import Exchange, TurnRefused, read_turn, receive, sent, turn_to_send, write_turn

MAPS = Path(__file__).resolve().parent.parent / "maps"
GAMES = {  # rule set: a map and a set-up of two players (or four players' teams, two each)
    "zombiekrieg": ("normandy_village.tmx", {"sections": ["british", "soviet"]}),
    "outbreak": ("hollow_creek_farm.tmx", {"players": 2}),
    "zombie40k": ("hive_street.tmx", {}),
}
SEED = 7
LIMIT = 3000  # actions: every one of these games ends far sooner


@functools.cache
def scenario(ruleset: str) -> Scenario:
    return load_scenario(MAPS / GAMES[ruleset][0])


def new_game(ruleset: str, seed: int = SEED) -> Game:
    return get_ruleset(ruleset).new_game(scenario(ruleset), dict(GAMES[ruleset][1]), seed)


@dataclass
class Player:
    """One player's copy of the game on his own machine, the players he plays, and its turn files."""

    game: Game
    seats: set[int]
    exchange: Exchange = field(default_factory=Exchange)

    def acting(self) -> int | None:
        view = get_ruleset(self.game.ruleset).view
        assert view is not None
        return view().acting_player(self.game)

    def play_turn(self) -> None:
        """His bot plays until the game waits for a player he does not play (he ended his turn)."""
        bot = bot_for(self.game.ruleset)
        while not self.game.over and len(self.game.commands) < LIMIT and self.acting() in self.seats:
            self.game.apply(bot(self.game))

    def send(self, folder: Path) -> Path:
        turn = turn_to_send(self.game, self.exchange)
        self.exchange = sent(turn, self.exchange)
        return write_turn(turn, folder)

    def take(self, path: Path) -> None:
        done = receive(self.game, read_turn(path), self.exchange, path.name)
        self.game, self.exchange = done.game, done.exchange


def play_by_file(ruleset: str, folder: Path) -> tuple[Player, Player, list[Path]]:
    """Two players (odd and even seats) exchange turn files until the game ends."""
    a, b = Player(new_game(ruleset), {1, 3}), Player(new_game(ruleset), {2, 4})
    files: list[Path] = []
    while not (a.game.over and b.game.over) and len(a.game.commands) < LIMIT:
        mover, other = (a, b) if a.acting() in a.seats or a.acting() is None else (b, a)
        mover.play_turn()
        files.append(mover.send(folder))
        other.take(files[-1])
    return a, b, files


def at_one_table(ruleset: str) -> Game:
    """The same game played by the same bots on one machine."""
    game, bot = new_game(ruleset), bot_for(ruleset)
    while not game.over and len(game.commands) < LIMIT:
        game.apply(bot(game))
    return game


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_two_players_exchanging_turn_files_play_the_same_game_to_its_end(ruleset: str, tmp_path: Path) -> None:
    a, b, files = play_by_file(ruleset, tmp_path)
    assert a.game.over and b.game.over and len(files) >= 4
    assert state_hash(a.game) == state_hash(b.game)
    assert [to_data(e) for e in a.game.log] == [to_data(e) for e in b.game.log]
    assert a.game.commands == b.game.commands
    alone = at_one_table(ruleset)  # by file or at one table, it is the same game
    assert state_hash(a.game) == state_hash(alone) and a.game.commands == alone.commands
    stem = Path(GAMES[ruleset][0]).stem
    assert [p.name for p in files] == [f"{stem}-turn-{n}.deadground-turn" for n in range(1, len(files) + 1)]
    assert max(p.stat().st_size for p in files) < 64 * 1024  # a turn file is small


def first_turn(ruleset: str, folder: Path) -> tuple[Player, Player, Path]:
    """Player 1 has played his first turn and sent it; player 2 has not received it yet."""
    a, b = Player(new_game(ruleset), {1, 3}), Player(new_game(ruleset), {2, 4})
    a.play_turn()
    return a, b, a.send(folder)


def test_a_turn_file_holds_the_games_identity_the_turns_actions_and_the_state_after_them(tmp_path: Path) -> None:
    a, _, path = first_turn("outbreak", tmp_path)
    data = json.loads(path.read_text())
    assert data["format"] == "deadground-turn" and data["ruleset"] == "outbreak"
    assert data["scenario"] == {"path": "hollow_creek_farm.tmx", "hash": scenario("outbreak").content_hash}
    assert data["options"] == {"players": 2} and data["seed"] == SEED
    assert data["after"] == 0 and data["number"] == 1
    assert data["commands"] == [to_data(c) for c in a.game.commands]
    assert data["state_hash"] == state_hash(a.game)
    assert "error" not in data and "failed" not in data  # a turn file is no bug report
    again = a.send(tmp_path)  # sent again (lost in the post): the same file, the same number
    assert again == path and json.loads(again.read_text())["number"] == 1


def tampered(path: Path, change: Any) -> Path:
    """A copy of the turn file at ``path`` with its JSON changed by ``change(data)``."""
    data = json.loads(path.read_text())
    change(data)
    out = path.with_name("tampered" + path.suffix)
    out.write_text(json.dumps(data))
    return out


def refused(player: Player, path: Path) -> str:
    """Receiving ``path`` is refused: the message, the player's game exactly as it was."""
    before, commands = state_hash(player.game), list(player.game.commands)
    with pytest.raises(SaveError) as caught:
        player.take(path)
    assert state_hash(player.game) == before and player.game.commands == commands
    return str(caught.value)


def test_a_tampered_action_is_refused_with_the_rules_reason_and_nothing_changes(tmp_path: Path) -> None:
    _, b, path = first_turn("outbreak", tmp_path)

    def someone_else(data: dict) -> None:
        data["commands"][0]["figure"] = "nobody"

    text = refused(b, tampered(path, someone_else))
    assert text.startswith("tampered.deadground-turn: action 1 of ") and "is refused by the rules" in text
    assert "not changed" in text
    b.take(path)  # the true file is still received
    assert len(b.game.commands) > 0


def test_a_turn_file_whose_state_is_not_the_senders_is_refused_and_named(tmp_path: Path) -> None:
    _, b, path = first_turn("outbreak", tmp_path)
    text = refused(b, tampered(path, lambda data: data.update(state_hash="0123456789abcdef")))
    assert "turn 1's actions do not reproduce the sender's game" in text and "0123456789abcdef" in text


@pytest.mark.parametrize(
    ("other", "why"),
    [
        (lambda: new_game("outbreak", seed=SEED + 1), "the dice seed 7, yours is 8"),
        (lambda: get_ruleset("outbreak").new_game(scenario("outbreak"), {"players": 1}, SEED), "other forces"),
        (lambda: new_game("zombie40k"), "the rule set 'outbreak'"),
    ],
)
def test_another_games_turn_file_is_refused(tmp_path: Path, other: Any, why: str) -> None:
    _, _, path = first_turn("outbreak", tmp_path)
    text = refused(Player(other(), {2}), path)
    assert text.startswith(f"{path.name}: this turn file is for another game (") and why in text


def test_a_missing_turn_is_named_and_a_turn_received_twice_is_said(tmp_path: Path) -> None:
    a, b, one = first_turn("outbreak", tmp_path)
    third = Player(new_game("outbreak"), {2})  # a third copy, that never received turn 1
    b.take(one)
    assert "turn 1's file is already in your game" in refused(b, one)
    b.play_turn()
    two = b.send(tmp_path)
    text = refused(third, two)
    assert "you are missing turn 1's file" in text and text.startswith("hollow_creek_farm-turn-2.deadground-turn")
    a.take(two)
    a.play_turn()
    three = a.send(tmp_path)
    assert "you are missing turns 1 and 2's files" in refused(third, three)


def test_a_turn_file_that_does_not_follow_the_game_is_refused(tmp_path: Path) -> None:
    a, b, one = first_turn("outbreak", tmp_path)
    b.game.apply(bot_for("outbreak")(b.game))  # b plays on before receiving player 1's turn: out of turn
    text = refused(b, one)
    assert "it does not follow your game" in text


def hostile_cases(path: Path) -> dict[str, tuple[bytes, str]]:
    """name -> (the file's bytes, words its refusal must hold)."""
    good = json.loads(path.read_text())

    def changed(**fields: Any) -> bytes:
        return json.dumps({**good, **fields}).encode()

    move = dict(good["commands"][0])
    return {
        "huge": (b" " * (4 * 1024 * 1024 + 1), "larger than 4 MB"),
        "deep": (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested more than 16 deep"),
        "xml": (b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x "y">]><t>&x;</t>', "not valid JSON"),
        "save": (changed(format="deadground-save"), "is not a Dead Ground turn file"),
        "newer": (changed(version=99), "newer Dead Ground (turn file format 99"),
        "commands_text": (changed(commands="all of them"), "the command list is not a list"),
        "many": (changed(commands=[move] * 5001), "it holds 5001 commands (at most 5000)"),
        "unknown_field": (changed(commands=[{**move, "teleport": True}]), "command 1: "),
        "unknown_action": (changed(commands=[move, {"type": "Nuke"}]), "command 2: unknown type 'Nuke'"),
        "after_text": (changed(after="many"), "'after' and 'number'"),
        "seed_text": (changed(seed="seven"), "the seed 'seven' is not a whole number"),
        "nan": (json.dumps(good).replace('"seed": 7', '"seed": NaN').encode(), "NaN, which is not a number"),
        "long_number": (changed(after=10**40), "41 digits long"),
        "extra_field": (changed(script="rm -rf"), "fields this game does not know: 'script'"),
        "bad_point": (changed(commands=[{**move, "path": [[1e308, 0]]}]), "action 1 of 1"),
    }


def test_hostile_turn_files_are_refused_naming_the_file_and_the_place(tmp_path: Path) -> None:
    _, b, path = first_turn("outbreak", tmp_path)
    assert "path" in json.loads(path.read_text())["commands"][0]  # the first action is a move
    for name, (raw, words) in hostile_cases(path).items():
        bad = tmp_path / f"{name}.deadground-turn"
        bad.write_bytes(raw)
        text = refused(b, bad)
        assert text.startswith(f"{bad.name} ") or text.startswith(f"{bad.name}:"), (name, text)
        assert words in text, (name, text)
        assert bad.read_bytes() == raw  # nothing is lost: the file is as it was
    fifo = tmp_path / "pipe.deadground-turn"
    os.mkfifo(fifo)
    assert "not an ordinary file" in refused(b, fifo)  # read without blocking
    b.take(path)  # and the true turn file is still received


def test_the_command_line_exports_and_imports_turns_and_says_what_happened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = Player(new_game("outbreak"), {1}), Player(new_game("outbreak"), {2})
    a.play_turn()
    mine, theirs = save_game(a.game, tmp_path / "mine.json"), save_game(b.game, tmp_path / "theirs.json")

    assert cli_main(["turn", "export", str(mine)]) == 0
    said = capsys.readouterr().out
    sent_file = tmp_path / "hollow_creek_farm-turn-1.deadground-turn"
    assert f"Turn file 1 written to {sent_file}" in said and "deadground turn import" in said
    assert cli_main(["turn", "import", str(theirs), str(sent_file)]) == 0
    said = capsys.readouterr().out
    assert "Turn file 1 received into" in said and "played and verified" in said and "Now: " in said
    assert read_save(theirs).commands == a.game.commands

    assert cli_main(["turn", "import", str(theirs), str(sent_file)]) == 2  # twice: refused, the save kept
    assert "already in your game" in capsys.readouterr().err
    assert cli_main(["turn", "export", str(theirs), "--out", str(tmp_path / "two.deadground-turn")]) == 2
    assert "Nothing to send" in capsys.readouterr().err  # player 2 has not played yet
    (tmp_path / "a_file").write_text("in the way")
    assert cli_main(["turn", "export", str(mine), "--out", str(tmp_path / "a_file" / "t.deadground-turn")]) == 1
    assert "deadground turn export: cannot write" in capsys.readouterr().err  # said, no traceback


def test_a_save_keeps_where_its_game_stands_with_its_turn_files(tmp_path: Path) -> None:
    """Received, then saved and loaded, a game sends its next turn under the next number from there."""
    from game.session import Session

    a, b, one = first_turn("outbreak", tmp_path)
    b.take(one)
    session = Session(b.game, extra=b.exchange.to_extra({}))
    session.save(tmp_path / "b.json")
    loaded = Session.resume(tmp_path / "b.json", Autosaves(tmp_path / "autosave"))
    assert Exchange.from_extra(loaded.extra) == Exchange(1, len(a.game.commands), shared=len(a.game.commands))
    autosaved = loaded.autosave()  # and every autosave of it
    assert autosaved is not None and Exchange.from_extra(read_save(autosaved).extra) == b.exchange
    b.play_turn()
    turn = turn_to_send(b.game, Exchange.from_extra(loaded.extra))
    assert turn.number == 2 and turn.after == len(a.game.commands)


def test_undo_never_takes_back_an_action_the_other_player_has(tmp_path: Path) -> None:
    """Sent or received by file, an action is the other player's too: taking it back would split the game."""
    from game.session import Session

    def session(player: Player) -> Session:  # as if no action rolled dice: undo would take them all back
        return Session(player.game, rolled=[False] * len(player.game.commands), extra=player.exchange.to_extra({}))

    a, b, one = first_turn("outbreak", tmp_path)
    assert session(Player(a.game, a.seats)).undo_refusal() == ""  # before it was sent, it could go
    assert "undo never takes back what the other player has" in session(a).undo_refusal()
    b.take(one)
    assert "went by turn file" in session(b).undo_refusal()
    b.game.apply(bot_for("outbreak")(b.game))  # player 2's first action: his own, not sent yet
    mine = session(b)
    assert mine.undo_refusal() == ""
    assert len(mine.undo_to_last_roll().commands) == len(a.game.commands)  # back to the turn received, no further


def test_hostile_exchange_in_a_save_counts_as_none() -> None:
    for kept in ("x", {"number": -1, "at": 0, "sent": False, "shared": 0}, {"number": True, "at": 0}, {}):
        assert Exchange.from_extra({"turn_files": kept}) == Exchange()


def test_nothing_to_send_is_said(tmp_path: Path) -> None:
    with pytest.raises(TurnRefused, match="Nothing to send: no action has been played since the game began"):
        turn_to_send(new_game("outbreak"), Exchange())


# -- on screen: the in-game menu's Send turn (file)… and Receive turn (file)… -------------------------


def menu_pick(app: Any, scene: Any, key: str) -> None:
    """Open the in-game menu (Esc) and click its item ``key``, as the player does."""
    import pygame
    from ui_driver import click
    from ui_driver import key as press

    press(app, pygame.K_ESCAPE)
    assert scene.menu_open
    click(app, scene.menu_buttons[key].rect.center)


def pick_file(app: Any, dialog: Any, path: Path) -> None:
    """Click ``path`` in the file dialog's list, then OK."""
    from ui_driver import click

    item = next(i for i in dialog.file_selection_list.item_list if i["text"] == path.name)
    click(app, item["button_element"].rect.center)
    click(app, dialog.ok_button.rect.center)


def test_the_game_menu_sends_a_turn_file_and_the_other_players_game_receives_it(app: Any) -> None:
    import pygame
    from ui_driver import click, end_turn, need_default_scenario, play_out, start_game
    from ui_driver import key as press

    need_default_scenario()
    scene = start_game(app, ["british", "soviet"], speed=4.0)
    start = scene.save(app.saves_dir / "start.json")  # the other player's copy of the same game
    labels = {"send_turn": "Send turn (file)…", "receive_turn": "Receive turn (file)…"}
    press(app, pygame.K_ESCAPE)  # the in-game menu offers both, beside Save and Load
    assert {k: scene.menu_buttons[k].text for k in labels} == labels
    assert all(scene.menu_buttons[k].is_enabled for k in labels)
    press(app, pygame.K_ESCAPE)
    assert not scene.menu_open
    end_turn(app, scene)  # player 1 ends his turn (and says yes when the game asks)
    play_out(app, scene)
    played = list(scene.game.commands)
    assert played

    menu_pick(app, scene, "send_turn")
    sent_file = app.saves_dir / "normandy_village-turn-1.deadground-turn"
    assert sent_file.is_file() and read_turn(sent_file).game.commands == played
    assert (
        scene.match.status == f"Turn file 1 written ({len(played)} action{'s' * (len(played) > 1)}): {sent_file}"
    )
    window = scene.turn_files.window
    assert window is not None and window.alive() and sent_file.name in window.text_block.html_text
    sender = state_hash(scene.game)
    click(app, window.dismiss_button.rect.center)  # read: it does not come back at the next layout
    app.rebuild()
    assert scene.turn_files.window is None

    assert scene.load(start)  # the other machine: the game as it was before player 1's turn
    other = app.scene
    assert other is not scene and other.game.commands == []
    menu_pick(app, other, "receive_turn")
    dialog = other.turn_files.dialog
    assert dialog is not None and dialog.alive()
    assert [i["text"] for i in dialog.file_selection_list.item_list if i["text"].endswith(".json")] == []
    pick_file(app, dialog, sent_file)
    received = app.scene
    assert received is not other and received.game.commands == played  # the game goes on from there
    assert state_hash(received.game) == sender
    assert received.match.status.startswith("Received turn 1 (") and "verified" in received.match.status

    menu_pick(app, received, "receive_turn")  # the same file again: refused, said, nothing changed
    pick_file(app, received.turn_files.dialog, sent_file)
    assert app.scene is received and received.game.commands == played
    assert received.match.status_bad and "already in your game" in received.match.status
    menu_pick(app, received, "send_turn")  # player 2 has played nothing yet
    assert received.match.status_bad and received.match.status.startswith("Nothing to send")


def test_a_game_played_by_file_that_ends_on_screen_sends_its_last_turn(app: Any) -> None:
    """The end screen leaves no menu to send from: the last turn is written, and said, when the game ends."""
    from game.session import Session
    from game.ui.widgets.turn_files import TurnFilesPanel

    game = at_one_table("outbreak")
    said: list[tuple[str, bool]] = []
    folder = app.saves_dir
    session = Session(game, extra=Exchange(3, len(game.commands) - 2).to_extra({}))
    panel = TurnFilesPanel(lambda: session, lambda: folder, lambda text, bad: said.append((text, bad)), print)
    path = panel.game_over(app.manager)
    assert path == folder / "hollow_creek_farm-turn-4.deadground-turn" and said[0][0].startswith("Turn file 4")
    assert read_turn(path).game.over and len(read_turn(path).game.commands) == 2
    assert panel.game_over(app.manager) == path  # (sent again: the same file)
    alone = Session(at_one_table("outbreak"))  # a game not played by file writes nothing
    assert TurnFilesPanel(lambda: alone, lambda: folder, print, print).game_over(app.manager) is None
