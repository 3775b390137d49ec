"""Each event's sound comes from its rule set's table by the event's class (game/rules/kit/sounds.py): a
zombie dies with a zombie's sound and a soldier with a soldier's, the fanfare follows the winner, and an event
the table does not name is silent."""

from __future__ import annotations

from game.rules.zombiekrieg import events as zk
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView


def test_a_zombiekrieg_death_and_the_end_sound_as_whose_they_are() -> None:
    game = rigged_game(soldiers={"us1-sgt": (12, 20, 270)}, zombies=[(12, 10)], dice=[])
    view = ZombiekriegView()
    heard = [
        view.sound(game, zk.Killed("z1", "shot by us1-sgt")),
        view.sound(game, zk.Killed("us1-sgt", "melee with z1")),
        view.sound(game, zk.GameOver("allies", "The zombies are gone.")),
        view.sound(game, zk.GameOver("zombies", "The section is gone.")),
        view.sound(game, zk.DiceRolled("guts", "2D6", (3, 4), 7)),
        view.sound(game, zk.StoodUp("z1")),
    ]
    assert heard == ["death_zombie", "death_soldier", "victory", "defeat", "dice", None]
