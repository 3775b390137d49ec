"""Where the screen pauses before the rules go on by themselves (the view's ``hold_before``).

When the last character of a player's part acts, the rules run on at once: the bystanders act, the zombies
move, the fights are fought (rules: The move sequence). A newcomer's Small Town game: his last shot's result
went by under the zombies' step, which he had not asked for. The other rule sets wait for E before the enemy
moves; here the screen pauses before the first event the rules made by themselves, says so, and goes on after
a moment, or at once on Space or a click. No pause when the player ended the step himself (E), nor when
nothing follows but the game's end or another player's part.

>>> from game.rules.outbreak.events import DiceRolled, Fired, Moved, StepStarted
>>> shot = [DiceRolled("pc1 fires", "D6", (4,), 4), Fired("pc1", "z1", 1, 4, 1, "hit")]
>>> zombies = [StepStarted(4, "zombies move"), Moved("z1", ((0.0, 0.0), (1.0, 0.0)), 0.0, 1.0)]
>>> hold_at(shot + zombies, set())
(2, "All your survivors have acted: the zombies' step begins in a moment (Space or a click: now).")
>>> hold_at(zombies, set())  # E ended the step: he asked for it
(None, '')
>>> flee = [DiceRolled("npc1 movement", "D6", (3,), 3), Moved("npc1", ((0.0, 0.0), (1.0, 0.0)), 0.0, 1.0)]
>>> hold_at(shot + flee + zombies, {"npc1"})[0]  # the bystanders' part is the rules' own too
2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.outbreak.events import DiceRolled, Followed, MoveStarted, PlayerStarted, StepStarted

# a step the rules go on into, in the player's words (by its StepStarted name)
STEP_WORDS = {
    "zombies move": "the zombies' step",
    "humans strike with close combat weapons": "the close combat",
    "zombies and humans grapple": "the grapple",
}


def hold_at(events: Sequence[Any], bystanders: set[str]) -> tuple[int | None, str]:
    """The index in ``events`` (one command's) of the first the rules made by themselves after the command's own,
    with the status line's words for the pause; ``(None, "")`` for no pause. ``bystanders``: the NPCs' ids (their
    own acts are the rules'; a bystander who ran after the player's man is part of his move)."""
    followers = {e.figure for e in events if isinstance(e, Followed)}
    for i, e in enumerate(events):
        if isinstance(e, (StepStarted, PlayerStarted, MoveStarted)) or _acts_alone(e, bystanders - followers):
            while i > 0 and isinstance(events[i - 1], DiceRolled):  # his dice come with him
                i -= 1
            step = next((s for s in events[i:] if isinstance(s, StepStarted)), None)
            if i == 0 or step is None:
                return None, ""
            what = STEP_WORDS.get(step.name, f"step {step.step}, {step.name},")
            return i, f"All your survivors have acted: {what} begins in a moment (Space or a click: now)."
    return None, ""


def _acts_alone(e: Any, bystanders: set[str]) -> bool:
    """Whether ``e`` is a bystander's own act (his move, shot, look)."""
    return bool({getattr(e, "figure", None), getattr(e, "who", None)} & bystanders)
