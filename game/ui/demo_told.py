"""What the demo tells of its game, as the table has shown it: who is winning, each side's count, who won, the
night's tally.

The demo applies a bot's command, then its animation shows it on the table; the rules' score is ahead of the board
all that while. A club night read "The survivors win!" while the last turn still moved, "Ork Boyz 0" over fourteen
Orks still standing. The demo takes stock (:meth:`Told.of`) only while nothing is left to show, and tells that
until the next command has been shown whole; only the turn follows the screen as it goes (the table shows a
new turn begin).

>>> from game.rules.contract import Outcome
>>> told = Told(Outcome("", False, 2, score="Turn 2: Player 1 8 up - Player 2 7 up"), False, "Nobody", "Tonight: -", "turn")
>>> told.standing(3), [s.standing for s in told.sides()], told.won()
('Turn 3: Player 1 8 up - Player 2 7 up', [8, 7], '')
"""

from __future__ import annotations

from dataclasses import dataclass

from game.demo import Side, outcome, side_of, sides_in, standing_in, winner_words
from game.rules.contract import Outcome
from game.rules.core import Game, get_ruleset


@dataclass(frozen=True)
class Told:
    """The game's score as of the last command the table has shown whole."""

    outcome: Outcome | None
    over: bool
    side: str  # who won, on the night's scoreboard (see :func:`~game.demo.side_of`)
    tally: str  # the night's score line
    turn_word: str  # the rule set's word for a round ("turn", "move")

    @classmethod
    def of(cls, game: Game, tally: str) -> Told:
        """Stock taken of ``game`` now: call it only while the table shows all the rules have done."""
        return cls(outcome(game), game.over, side_of(game), tally, get_ruleset(game.ruleset).turn_word)

    def standing(self, turn: int | None) -> str:
        """Who is winning, in the rule set's words, after the turn the screen shows."""
        return standing_in(self.outcome, self.turn_word, turn)

    def sides(self) -> list[Side]:
        """Each side and its count, as the table has shown them."""
        return sides_in(self.outcome)

    def won(self) -> str:
        """``The survivors win!`` (a race's ``Player 2 (Ork Boyz) wins!``) once the table has shown the game's end
        ("" before)."""
        return winner_words(self.outcome, self.side) if self.over else ""
