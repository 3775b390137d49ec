"""Each human's roster words as the screen has come to them: the words of his :class:`~game.rules.contract.Look`.

The rules answer a command at once: an End step moves the zombies, fights the grapples and begins the next
move (the guns loaded again, every option open) before the screen has shown the first zombie's step. So the
screen keeps each figure's words in his look and changes them as each event is shown (:func:`after`, the
view's ``shown_looks``), and the roster reads them: it says what the table and the log have shown so far (a
newcomer's Small Town game: "3 shots ready" while the zombies of the move before still moved, and never
"grabbed" while the log said a zombie grabbed him). Once the events have played, the screen takes the rules'
words again (:func:`words`). Words only: nothing here changes the game.

A human's words: his flags (:func:`flags`), ``held by z3`` for each zombie that holds him, what he did this
step (``moved``, ``fired``: :data:`DID`), his gun's shots left this move (``2 shots``), and while events play
:data:`GO_OVER` once they have left the step or the player's go the roster last showed (no one is "ready").

>>> from game.rules.outbreak.testing import rigged_game
>>> g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 19)])
>>> words(g.world, g.state.figures["pc1"])
('held by z1', '3 shots')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from game.rules.contract import Look
from game.rules.core import Event
from game.rules.kit.words import counted
from game.rules.outbreak import acting, holds
from game.rules.outbreak import events as ev
from game.rules.outbreak.state import STANDING, Figure
from game.rules.outbreak.world import World

# the roster's word for what a figure did this step: one wording for a figure that stays ("waits", as for one
# whose go has not come), the rest said as done
DID = {"move": "moved", "fire": "fired", "spot": "spotted", "clear": "cleared jam", "wait": "waits"}
# an unjam that failed: "jammed cleared jam" read as a success beside the roll's "still jammed"
TRIED_JAM = "tried the jam"
DONE = frozenset(DID.values()) | {TRIED_JAM}
HELD = "held by "  # + the zombie's id
SHOTS = re.compile(r"(\d+) shots?")
# the events that end a player's go: no one is "ready" from them on till the screen has caught up
GO_ENDS = (ev.MoveStarted, ev.StepStarted, ev.PlayerStarted)
GO_OVER = "go over"  # a word the roster does not show: the go he had when the events began is over


FLAGS = ("unaware", "frozen", "tired", "jammed", "bitten", "hidden")  # his states, in the roster's order


def flags(f: Figure) -> list[str]:
    """His states in the roster's words (:data:`FLAGS`)."""
    on = (f.is_human and not f.aware, f.frozen, f.tired, f.jammed, f.bitten, f.hidden)
    return [word for word, yes in zip(FLAGS, on, strict=True) if yes]


def words(world: World, f: Figure) -> tuple[str, ...]:
    """A figure's words as the rules have them now."""
    out = flags(f)
    if f.is_human and f.on_table:
        out += [HELD + z for z in holds.held_by(world, f.id)]
    if f.acted:
        out.append(TRIED_JAM if f.acted == "clear" and f.jammed else DID.get(f.acted, f.acted))
    if f.ranged:
        out.append(counted(acting.shots_left(world, f), "shot"))
    return tuple(out)


def did(shown: tuple[str, ...]) -> str | None:
    """What he did this step as shown (``moved``), None while he has not acted."""
    return next((w for w in shown if w in DONE), None)


def shots(shown: tuple[str, ...]) -> int | None:
    """His gun's shots left as shown; None for one with no gun."""
    return next((int(m.group(1)) for w in shown if (m := SHOTS.fullmatch(w))), None)


def grabbed(world: World, shown: tuple[str, ...], looks: Mapping[str, Look]) -> bool:
    """Whether a zombie holds him, as shown: one that grabbed him and is still on the table there (a zombie the
    screen has no look of yet, one come on the table while events play: as the rules have it)."""
    holders = [w[len(HELD) :] for w in shown if w.startswith(HELD)]
    return any(
        looks[z].state == STANDING if z in looks else z in world.state.figures and world.fig(z).on_table
        for z in holders
    )


class _Words:
    """The words an event changes, each human's taken from his look the first time it is touched."""

    def __init__(self, world: World, looks: Mapping[str, Look]) -> None:
        self.world, self.looks = world, looks
        self.new: dict[str, list[str]] = {}

    def of(self, fid: str) -> list[str] | None:
        f = self.world.state.figures.get(fid)
        if fid not in self.new and f is not None and f.is_human and fid in self.looks:
            self.new[fid] = list(self.looks[fid].words)
        return self.new.get(fid)

    def did(self, fid: str, word: str) -> None:
        said = self.of(fid)
        if said is not None:
            said[:] = [w for w in said if w not in DONE] + [word]

    def flag(self, fid: str, word: str, on: bool = True) -> None:
        said = self.of(fid)
        if said is not None:
            said[:] = [w for w in said if w != word] + ([word] if on else [])

    def shots(self, fid: str, left: int) -> None:
        said = self.of(fid)
        if said is not None and shots(tuple(said)) is not None:
            said[:] = [counted(max(0, left), "shot") if SHOTS.fullmatch(w) else w for w in said]

    def changed(self) -> dict[str, Look]:
        return {
            fid: replace(self.looks[fid], words=tuple(said))
            for fid, said in self.new.items()
            if tuple(said) != self.looks[fid].words
        }


def after(world: World, e: Event, looks: Mapping[str, Look]) -> dict[str, Look]:
    """The looks ``e`` changes once it is shown: the words the rules changed with it, as they changed them."""
    said = _Words(world, looks)
    for fid in looks if isinstance(e, GO_ENDS) else ():
        if (now := said.of(fid)) is None:
            continue
        said.flag(fid, GO_OVER)
        if isinstance(e, ev.MoveStarted):  # the rules' start_move: the move's flags and options go, guns load
            now[:] = [w for w in now if w not in DONE and w not in ("frozen", "tired")]
            said.shots(fid, 0 if "jammed" in now else full_shots(world))
    _acted(world, e, said)
    _happened(e, said)
    return said.changed()


def full_shots(world: World) -> int:
    return int(world.data.get("shooting", "shots"))


def _acted(world: World, e: Event, said: _Words) -> None:
    """A human's option shown: the move, the shot, the spot, the jam worked."""
    if isinstance(e, (ev.Moved, ev.Turned)):
        said.did(e.figure, DID["move"])
    elif isinstance(e, ev.Followed):
        said.did(e.figure, DID["move"])
        said.flag(e.figure, "unaware", False)  # "RUN! ZOMBIE!": a follower knows of them now
    elif isinstance(e, ev.MovementRolled):
        said.did(e.figure, DID["move"])
        if e.frozen:
            said.flag(e.figure, "frozen")
    elif isinstance(e, ev.Fired):
        said.did(e.figure, DID["fire"])
        said.shots(e.figure, 0 if e.result == "jammed" else full_shots(world) - e.third)
    elif isinstance(e, ev.JamCleared):
        said.did(e.figure, DID["clear"] if e.cleared else TRIED_JAM)
        if e.cleared:  # cleared as his option: a move of his own, no third used yet
            said.flag(e.figure, "jammed", False)
            said.shots(e.figure, full_shots(world))
    elif isinstance(e, ev.SpotRolled):
        said.did(e.who, DID["spot"])  # (a zombie's spot touches no human's words)
        if e.spotted:
            said.flag(e.who, "unaware", False)
    elif isinstance(e, ev.FirstBlow):
        f = world.state.figures.get(e.human)
        if f is not None and e.weapon == f.ranged and e.weapon != f.melee and said.of(e.human) is not None:
            said.shots(e.human, (shots(tuple(said.new[e.human])) or 0) - 1)  # his gun as a club uses a third


def _happened(e: Event, said: _Words) -> None:
    """What befell a human, shown: the rolls for tiredness, bites and hiding, a zombie's grab."""
    if isinstance(e, ev.Jammed):
        said.flag(e.figure, "jammed")
        said.shots(e.figure, 0)
    elif isinstance(e, ev.TirednessRolled):
        said.flag(e.figure, "tired", e.tired)
    elif isinstance(e, ev.BiteRolled):
        said.flag(e.figure, "bitten", e.bitten)
    elif isinstance(e, ev.HideRolled):
        said.flag(e.figure, "hidden", not e.spotted)
    elif isinstance(e, ev.Engaged):
        said.flag(e.human, HELD + e.zombie)
