"""The zombies' paces in the log: one line for the zombies' move step ("Zombies' pace: 2 run 8" (Zombie 4,
Zombie 6 rolled a 6), 6 walk 6\""), not a line per zombie. The rolls stay events of their own; only their words
are folded, at the first pace roll of the step, so the log keeps its order, and the dice tray shows the step's dice
under the same line (:func:`tray`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.rules.core import DiceRolled, Event
from game.rules.outbreak import events as ev
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.sequence import STEP_NAMES
from game.rules.outbreak.state import Step

ZOMBIES_MOVE = STEP_NAMES[Step.ZOMBIES_MOVE]


def is_pace(e: object) -> bool:
    """Whether ``e`` is a zombie's pace roll ("z4 pace")."""
    return isinstance(e, DiceRolled) and e.purpose.endswith(" pace")


def where_in_log(log: Sequence[Event], events: Sequence[Event]) -> int | None:
    """Where ``events`` (a run of the game's log, as the screen gets it) begin in ``log``; None if not there."""
    if not events:
        return None
    first = events[0]
    return next((k for k in range(len(log) - 1, -1, -1) if log[k] is first), None)


def of_the_dead(log: Sequence[Event], i: int) -> bool:
    """Whether the pace roll ``log[i]`` is of a zombie the log has already killed: one shot dead in the first
    third still rolls the pace it comes on at before it drops, and "Zombie 1 moves 6"" read after "hit and
    killed in the first third" as if it lived on. The roll stays an event (the dice tray shows it)."""
    e = log[i]
    if not (isinstance(e, DiceRolled) and is_pace(e)):
        return False
    zid = e.purpose.removesuffix(" pace")
    start, _ = _step_bounds(log, i)
    return any(
        (isinstance(x, ev.Fired) and x.target == zid and x.result == "killed")
        or (isinstance(x, ev.Killed) and x.figure == zid)
        for x in log[start:i]
    )


def _step_bounds(log: Sequence[Event], i: int) -> tuple[int, int]:
    """The step around ``log[i]``: the index of the event that began it, and of the one that begins the next."""
    start = i
    while start > 0 and not isinstance(log[start], (ev.MoveStarted, ev.StepStarted)):
        start -= 1
    end = i + 1
    while end < len(log) and not isinstance(log[end], (ev.MoveStarted, ev.StepStarted)):
        end += 1
    return start, end


def folded(game: OutbreakGame, i: int, name: Callable[[str], str]) -> str | None:
    """For the pace roll ``game.log[i]`` in the zombies' move step: the step's one line at its first pace roll,
    "" at the others; None outside that step (a zombie under fire rolls its pace alone: told alone)."""
    log = game.log
    start, end = _step_bounds(log, i)
    began = log[start]
    if not (isinstance(began, ev.StepStarted) and began.name == ZOMBIES_MOVE):
        return None
    if any(is_pace(e) for e in log[start + 1 : i]):
        return ""
    rolls = [e for e in log[i:end] if isinstance(e, DiceRolled) and is_pace(e)]
    return paces_words(game, rolls, name)


def paces_words(game: OutbreakGame, rolls: Sequence[DiceRolled], name: Callable[[str], str]) -> str:
    """``Zombies' pace: 2 run 8" (Zombie 4, Zombie 6 rolled a 6), 6 walk 6"`` (the rules' paces and the roll
    that runs)."""
    w = game.world
    rush_on = int(w.data.get("movement", "zombie_rush_on"))
    rush, walk = w.num("movement", "zombie_rush"), w.num("movement", "zombie_move")
    runners = [name(r.purpose.removesuffix(" pace")) for r in rolls if r.total >= rush_on]
    walkers = len(rolls) - len(runners)
    need = f"a {rush_on}" if rush_on >= 6 else f"{rush_on}+"
    if len(rolls) == 1:  # one zombie is named: "Zombie 1 walks 6"" (it read "Zombie's pace: 1 walks 6"")
        alone = name(rolls[0].purpose.removesuffix(" pace"))
        return f'{alone} runs {rush:g}" (rolled {need})' if runners else f'{alone} walks {walk:g}"'
    parts = []
    if runners:
        verb = "runs" if len(runners) == 1 else "run"
        parts.append(f'{len(runners)} {verb} {rush:g}" ({", ".join(runners)} rolled {need})')
    if walkers:
        parts.append(f'{walkers} {"walks" if walkers == 1 else "walk"} {walk:g}"')
    return f"Zombies' pace: {', '.join(parts)}"


def tray(game: OutbreakGame, e: Event, name: Callable[[str], str]) -> tuple[tuple[int, ...], str] | None:
    """What the dice tray shows for the pace roll ``e`` of the zombies' move step: the step's dice (the runners'
    first) and the log's one line for them, so the tray shows the roll the log just told (it showed Zombie 1's
    "D6 = 2: Zombie 1 moves 6"" under the log's "Zombies' pace: 3 run 8" ..."); None for any other roll."""
    if not is_pace(e):
        return None
    log = game.log
    i = where_in_log(log, [e])
    if i is None:
        return None
    start, end = _step_bounds(log, i)
    began = log[start]
    if not (isinstance(began, ev.StepStarted) and began.name == ZOMBIES_MOVE):
        return None
    rolls = [r for r in log[start:end] if isinstance(r, DiceRolled) and is_pace(r)]
    rush_on = int(game.world.data.get("movement", "zombie_rush_on"))
    faces = sorted((face for r in rolls for face in r.faces), key=lambda face: face < rush_on)
    return tuple(faces), paces_words(game, rolls, name)
