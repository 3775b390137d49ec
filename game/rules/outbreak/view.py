"""What the screen shows of an Outbreak game (rule-set contract, :class:`game.rules.contract.View`):
the move and its step in the top line, the roster with each human's states (unaware, frozen,
tired, jammed, bitten), token looks (spotted and unspotted zombies differ: an unaware one carries
a "?"), actions with keys and reasons, previews as drawing primitives (the movement roll's odds,
each third's odds and where the zombie will be after it), events as log lines, sounds and
animations (third by third, grapple dice side by side, bites and turning announced).

>>> from game.rules.outbreak.testing import rigged_game
>>> g = rigged_game(pcs={"pc1": (12, 20)}, zombies=[(12, 15)])
>>> v = OutbreakView()
>>> [a.key for a in v.actions(g, "pc1") if a.available]
['move', 'fire']
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Sequence
from typing import Any, Literal, cast

from game.numerals import digits_in
from game.rules import drawing as d
from game.rules.contract import (
    Action,
    ActionKind,
    Aim,
    Animation,
    Cell,
    Look,
    RosterGroup,
    RosterRow,
    TokenLook,
    toned,
)
from game.rules.core import Command, DiceRolled, Event
from game.rules.kit.actions import move_kind
from game.rules.kit.sounds import SoundTable, sound_of
from game.rules.kit.words import command_words, compass, counted, first_up, swap_ids
from game.rules.outbreak import acting, caught, clock, contact, holds, movement, paces, pause, short_runs, shown
from game.rules.outbreak import events as ev
from game.rules.outbreak.commands import ClearJam, EndStep, Fire, Move, Spot
from game.rules.outbreak.game import OutbreakGame
from game.rules.outbreak.sequence import STEP_NAMES
from game.rules.outbreak.shown import flags
from game.rules.outbreak.state import BYSTANDERS, PLAYERS, Figure, Step
from game.rules.percent import percent
from game.rules.routing import Routes

# a command in a player's words (undo's refusal): {who} its figure, {target} its target
COMMAND_WORDS = {
    EndStep: "End of your step",
    Move: "Move of {who}",
    Fire: "Shot by {who} at {target}",
    Spot: "Spotting by {who}",
    ClearJam: "Clearing of {who}'s gun",
}
KINDS = (
    move_kind(
        'Move up to 6" (8" on a 6, frozen on a 1 with a zombie within 8") (M)',
        # "where to run" over a plate's "not a run" (a move closing in): the prompt says move, and which is a run
        'Click where to move; bystanders within 8" follow a run (a move not closing in on a zombie).',
    ),
    ActionKind(
        "fire",
        "Fire",
        "f",
        "icons.fire",
        "figure",
        "Shoot a zombie: one shot for each third of its move (F)",
        prompt="Click a zombie to shoot.",
    ),
    ActionKind(
        "spot",
        "Spot",
        "s",
        "icons.los_clear",
        "now",
        'Look for the zombies (8" automatic, to 16" on 3+, beyond on 5+) (S)',
    ),
    ActionKind("clear", "Unjam", "c", "icons.undo", "now", "Clear the jammed gun on 4-6 (C)"),
)


SHORT_STEPS = {
    Step.GENERATION: "generation",
    Step.TURNING: "bites and turning",
    Step.ZOMBIES_SPOT: "zombies spot",
    Step.HUMANS: "spot, move or fire",
    Step.BYSTANDERS: "bystanders",
    Step.ZOMBIES_MOVE: "zombies move",
    Step.REACTION: "react to the attack",
    Step.STRIKE: "first blows",
    Step.GRAPPLE: "grapple",
    Step.END_OF_MOVE: "end of move",
}
STEP_BY_NAME = {name: step for step, name in STEP_NAMES.items()}  # a StepStarted's name -> its step
BADGE_LETTERS = {"frozen": "F", "tired": "T", "jammed": "J", "bitten": "B", "unaware": "?"}  # a state's letter
# the letters on the tokens in words: the hover card and How to play (the view's ``badge_legend``)
BADGE_LEGEND = {
    "F": "frozen: the movement roll froze this survivor: no move this step",
    "T": "tired, stopped for a breather: cannot move this move (may still fire and fight)",
    "J": "gun jammed: Unjam (C) clears it on 4-6",
    "B": "bitten: tests for turning at each move's start",
    "?": "unaware: has not spotted a zombie yet, so cannot fire (Spot, S)",
}
ZOMBIE_UNAWARE = "shuffling: has not spotted the humans yet"
PLAYERS_STEPS = (Step.HUMANS, Step.REACTION, None)  # the steps the players act in (None: a name not known)


_ZOMBIE_ID = re.compile(r"(?<![\w-])z(\d+)(?![\w-])")
_BRACKETED_DICE = re.compile(r"\[(\d(?: \d)*)\]")  # a grapple's "[1 2 5] keeps 5": "rolls 1, 2, 5, keeps 5"
_DEGREES = re.compile(r"toward (-?[\d.]+) degrees")
# a roll whose purpose is a thing of the figure's own ("Zombie 3's pace"), not something he does ("spots")
_HIS_ROLL = ("pace", "shuffle direction", "movement", "tiredness", "turning", "hiding", "bite check")


# events whose line tells the roll just made (its die with it): the roll's own line would say it twice
def _generation_retold(log: Sequence[Event], i: int) -> bool:
    """Whether ``log[i]`` is a generation roll its ``ZombiesGenerated`` tells again, after the zombies it placed
    ("Open grave: 1D6 = 3, 3 zombies come out.": one line, not the roll's too)."""
    e = log[i]
    if not (isinstance(e, DiceRolled) and e.purpose.startswith("generation at ")):
        return False
    k = i + 1
    while k < len(log) and isinstance(log[k], ev.FigurePlaced):
        k += 1
    return k < len(log) and isinstance(log[k], ev.ZombiesGenerated)


_RETOLD = (
    ev.ZombiesGenerated,
    ev.SpotRolled,
    ev.HideRolled,
    ev.MovementRolled,
    ev.TirednessRolled,
    ev.Fired,
    ev.DestroyRolled,
    ev.JamCleared,
    ev.FirstBlow,
    ev.Grappled,
    ev.BiteRolled,
    ev.TurningRolled,
)


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def zombie_name(f: Figure, was: str = "") -> str:
    """``Zombie 12``; one that was a human (``was``: his name) is ``Zombie Aunt Clara``."""
    if f.turned_from and was:
        return f"Zombie {was}"
    return f"Zombie {digits_in(f.id)}"


def initials(name: str) -> str:
    """A character's mark on his token: the first letters of his name's capitalised words, two at most, or a
    one-word name's first two (a lone capital would read as a state letter: T tired, J jammed...).

    >>> initials("Deacon Hale"), initials("Jo the mechanic"), initials("Trina"), initials("Character 2")
    ('DH', 'Jo', 'Tr', 'C2')
    """
    words = name.split()
    caps = [w[0] for w in words if w[0].isupper() or w[0].isdigit()][:2]
    return "".join(caps) if len(caps) > 1 else name[:2]


AWARE_WORDS = "knows the zombies are here"
IN_CONTACT = "In contact: the gun is a close combat weapon now"  # why Fire is off (its button, the roster)
UNAWARE_WORDS = "unaware: has not spotted a zombie (cannot fire; Spot, S, to look)"


# a run ending near a zombie: the rules take a grabbed runner's first blow (close_combat.py) and nothing said so
CAUGHT_RUNNING = "a run: if a zombie grabs the runner this move, no first blow (caught running)"
ROUTE_REACH = 9.0  # inches round a human the local grid covers: an 8" run and a base to spare


def inches_walked(length: float) -> str:
    """A move's length in the words its preview and its log line share: ``5.7"``.

    >>> inches_walked(5.700877), inches_walked(6.0)
    ('5.7"', '6.0"')
    """
    return f'{length:.1f}"'


def grapple_words(human: str, faces: Sequence[int], zombie: str, roll: int) -> str:
    """A grapple's dice as a player reads them: the human keeps his highest die (``[1 2 1]`` read as code).

    >>> grapple_words("Mags", (1, 2, 1), "the zombie", 4)
    'Mags rolls 1, 2, 1 and keeps 2; the zombie rolls 4'
    >>> grapple_words("Mags", (5,), "a zombie of the north horde", 3)
    'Mags rolls 5; a zombie of the north horde rolls 3'
    """
    kept = "" if len(faces) < 2 else f" and keeps {max(faces)}"
    return f"{human} rolls {', '.join(str(x) for x in faces)}{kept}; {zombie} rolls {roll}"


NTH_THIRD = {1: "first", 2: "second", 3: "last"}
# the thirds explained, told after the game's first hit: "hit in third 3" said nothing to a newcomer
THIRDS_TOLD = (
    "(Shooting is in thirds of the zombie's move: one shot a third, three a move; the later a hit lands, "
    "the farther the zombie comes first.)"
)


def _hit_words(third: int, killed: bool) -> str:
    """A hit in plain words: in which third of the zombie's move it lands (the game's thirds, named), how far the
    zombie comes first, and the shots left this move (one a third of it: shots are counted in shots everywhere).

    >>> _hit_words(3, killed=False)
    'hit in the last third of its move: the zombie comes its whole move before the hit lands; no shots left this move'
    >>> _hit_words(2, killed=False)
    'hit in the second third of its move: the zombie comes 2 thirds of its move before the hit lands; 1 shot left this move'
    >>> _hit_words(1, killed=True)
    'hit and killed in the first third of its move'
    """
    hit = f"hit{' and killed' if killed else ''} in the {NTH_THIRD.get(third, str(third))} third of its move"
    if killed and third <= 1:
        return hit  # (it drops a third of its move on: nothing more to say)
    comes = "its whole move" if third >= 3 else f"{counted(third, 'third')} of its move"
    left = max(0, 3 - third)
    shots = counted(left, "shot") if left else "no shots"
    return f"{hit}: the zombie comes {comes} before the hit lands; {shots} left this move"


def _first_hit(log: Sequence[Event], i: int) -> bool:
    """Whether ``log[i]`` is the game's first shot that hit (where the thirds are told once)."""
    hit = [k for k, e in enumerate(log[: i + 1]) if isinstance(e, ev.Fired) and e.result != "jammed"]
    return hit == [i]


def inches_apart(gap: float, touching: bool) -> str:
    """A gap between bases in words, never read as contact when it is none: ``0.3"``; a gap just over the
    contact distance keeps a second decimal (``0.12"``, not ``0.1"``, which is within it).

    >>> inches_apart(0.3, False), inches_apart(0.12, False), inches_apart(0.104, False)
    ('0.3"', '0.12"', '0.11"')
    """
    text = f'{gap:.1f}"'
    if not touching and gap <= 0.15:  # a tenth would round onto the contact distance (0.1")
        text = f'{math.ceil(gap * 100 - 1e-6) / 100:.2f}"'
    return text


def shots_left_words(left: int) -> str:
    """A gun's shots left this move in the roster's one form.

    >>> shots_left_words(3), shots_left_words(1), shots_left_words(0)
    ('3 shots left', '1 shot left', 'no shots left')
    """
    return f"{counted(left, 'shot')} left" if left > 0 else "no shots left"


def _stood_still(length: float) -> bool:
    """Whether a walk of ``length`` reads as no move at all in the log (``0.0"``)."""
    return inches_walked(length) == inches_walked(0.0)


def _how_far(paths: dict[str, Any]) -> str:
    """How far the previewed move walks (the log line's length): ``moves 5.7"``, with the 8" run's length
    after it when that goes further (``moves 6.0" (7.4" on the 8" run)``)."""
    lengths = {label: inches_walked(p["length"]) for label, p in paths.items()}
    if not lengths:
        return ""
    first, *rest = lengths.items()
    further = [f"{words} on the {label} run" for label, words in rest if words != first[1]]
    return f"moves {first[1]}" + (f" ({', '.join(further)})" if further else "")


def _move_head(preview: Any, paths: dict[str, Any], odds: str) -> str:
    """The move plate's first line: how far he goes and what the movement roll risks, in one line
    (``moves 6.0" (7.4" on the 8" run) \u00b7 frozen 17%, 8" run 17%``; ``moves 6.0" \u00b7 no zombie within 8": no roll``).
    The roll's odds alone when there is no way to measure."""
    how_far = _how_far(paths)
    if not preview.details.get("roll_needed"):
        return (f"{how_far} \u00b7 " if how_far else "") + 'no zombie within 8": no roll'
    if not how_far:
        return "movement roll: " + odds
    c = preview.chances
    risk = f"frozen {percent(c.get('frozen', 0.0))}"
    run = next((k for k in c if k not in ("frozen", next(iter(paths), ""))), None)  # the 8" run's chance
    if run is not None and "on the" in how_far:  # (said only when the run goes further than the walk)
        risk += f", {run} run {percent(c[run])}"
    return f"{how_far} \u00b7 {risk}"


def _furthest(preview: Any) -> dict[str, Any] | None:
    """The previewed run at the furthest the movement roll may let him go (6" when no zombie is near)."""
    paths = preview.details.get("paths", {})
    if not preview.details.get("roll_needed"):
        paths = {k: v for k, v in paths.items() if k == '6"'}
    return list(paths.values())[-1] if paths else None


def _shown_state(game: OutbreakGame, f: Figure, state: str, looks: dict[str, Look]) -> str:
    """A human's state in the roster: one who turned is dead once the zombie he became is destroyed."""
    if state != "turned":
        return state
    z = game.state.figures.get(f.turned_into)
    if z is None:
        return state
    look = looks.get(z.id)
    return "dead" if (look.state if look is not None else z.state) == "dead" else state


def _shot(game: OutbreakGame, event: Any) -> str:
    f = game.state.figures.get(event.figure)
    return "rifle" if f is not None and f.ranged in ("rifle", "shotgun") else "smg"


def _death(game: OutbreakGame, event: Any) -> str:
    f = game.state.figures.get(event.figure)
    return "death_zombie" if f is not None and f.is_zombie else "death_soldier"


# each event's sound (ids from sounds/manifest.toml), by its class
SOUNDS: SoundTable[OutbreakGame] = {
    ev.Fired: _shot,
    ev.Killed: _death,
    DiceRolled: "dice",
    ev.ZombiesGenerated: "groan_1",
    ev.HumanTurned: "groan_1",
    ev.OutbreakStarted: "groan_1",
    ev.Grappled: "hit",
    ev.MoveStarted: "turn",
    ev.GameOver: lambda game, event: "victory" if event.winner == "players" else "defeat",
}


class OutbreakView:
    action_kinds: tuple[ActionKind, ...] = KINDS
    figure_noun: str = "survivor"
    end_words: str = "End step"  # E ends the humans' step of the move sequence, not a whole turn
    badge_legend: tuple[tuple[str, str], ...] = (*BADGE_LEGEND.items(), ("? on a zombie", ZOMBIE_UNAWARE))
    # a row's line may gain a zombie's grab and a breather between turns: fitted with room for them, his weapons go
    # under his name from the start when they would then, and the rows under him do not move down
    roster_room = "grabbed tired"
    aims_again: tuple[str, ...] = ("fire",)  # a shooter with shots left stays in Fire after each shot
    ask_before_ending: bool = True  # an E pressed before anyone moved would hand the move to the zombies
    # the zombies' moves of a move at 1x: a newcomer found 3.5 s over before he could follow
    zombie_phase_seconds = 6.0
    # the demo holds the table still this long after each command: a game is some 35 commands, and a club night's
    # passer-by saw one come and go in a minute (the moves' and the dice's pace stay as on a player's screen)
    demo_beat = 2.0

    def __init__(self) -> None:
        self.routes = Routes()  # a click goes round walls, buildings, friends and bystanders

    # -- the panels
    def turn_line(self, game: OutbreakGame, opponent_moving: bool = False, turn: int | None = None) -> str:
        """``Move 3 · spot, move or fire · Player 2``: the move, its step in words (rules: The move sequence).
        The step's number stays in the log ("Step 3: humans spot, move or fire"): on the top bar newcomers read
        "3." as a programmer's counter."""
        st = game.state
        move = turn or st.move
        if game.over and not opponent_moving:
            return f"Move {move} · game over: the {'survivors' if st.winner == PLAYERS else 'zombies'} win"
        if opponent_moving:
            return f"Move {move} · zombies moving"
        head = f"Move {move} · {SHORT_STEPS.get(st.step, st.step.value)}"
        if not st.outbreak:
            head += " · quiet start"
        if st.active_player is not None:
            head += f" · Player {st.active_player}"
        return head

    def phase_line(self, game: OutbreakGame, turn: int | None, event: Event) -> str | None:
        """The top bar while events play back from ``event``, a step's start, on: ``Move 3 · first blows``,
        the step shown, not the one the rules have reached (the zombies' move, blows and grapples arrive at
        once). A player's part of step 3 names him. None for any other event."""
        head = f"Move {turn or game.state.move} · "
        if isinstance(event, ev.PlayerStarted):
            return f"{head}{SHORT_STEPS[Step.HUMANS]} · Player {event.player}"
        if not isinstance(event, ev.StepStarted):
            return None
        step = STEP_BY_NAME.get(event.name)
        return f"{head}{SHORT_STEPS[step] if step in SHORT_STEPS else event.name}"

    def turn_of(self, event: Event) -> int | None:
        return int(event.move) if isinstance(event, ev.MoveStarted) else None

    def objective_line(self, game: OutbreakGame) -> str:
        st = game.state
        left = f"{max(0, st.turn_limit - st.move + 1)} of {st.turn_limit} moves left"
        if game.over:  # not "1 of 8 moves left" under "game over: the zombies win"
            left = "game over"
        if st.objective == "escape":
            # the walk to the exit against the moves left: an escape slipping away shows
            walk = "" if game.over else clock.exit_words(game)
            return f"Escape: {st.escaped}/{st.exit_count} out · {walk or left}"
        if st.objective == "rescue":
            # the bystanders' walk out of reach warns as the escape's does
            walk = "" if game.over else clock.rescue_words(game)
            return f"Rescue: {st.rescued}/{st.exit_count} led out · {walk or left}"
        if st.objective == "clear":
            sealed = sum(s.sealed for s in st.spawns)
            zombies = sum(z.on_table for z in st.zombies())
            return f"Clear: {sealed}/{len(st.spawns)} sealed, {zombies} zombies · {left}"
        return f"Survive · {left}"

    def roster(
        self, game: OutbreakGame, looks: dict[str, Look], ready: set[str] | None = None
    ) -> list[RosterGroup]:
        st = game.state
        groups = []
        # the players in their order, "- acting" on the one who acts: the acting one first swapped the groups
        # at each player's part of the step, and the row under the pointer changed
        for p in range(1, st.players + 1):
            rows = tuple(self._row(game, f, looks.get(f.id), ready, looks) for f in st.pcs_of(p))
            groups.append(RosterGroup(f"Player {p}", p == st.active_player, rows, player=p))
        npcs = tuple(self._row(game, f, looks.get(f.id), ready, looks) for f in st.npcs())
        if npcs:
            groups.append(RosterGroup("Bystanders", False, npcs))
        return groups

    def _row(
        self,
        game: OutbreakGame,
        f: Figure,
        look: Look | None = None,
        ready: set[str] | None = None,
        looks: dict[str, Look] | None = None,
    ) -> RosterRow:
        w = game.world
        # the weapons are muted: a narrow roster cuts the close combat weapon first, then the gun, the same
        # on every line; "no gun" says nothing the missing shots do not
        cells = [Cell(w.data.ranged(f.ranged).name, "muted")] if f.ranged else []
        cells.append(Cell(w.data.melee_name(f.melee) if f.melee else "unarmed", "muted"))
        look = look if look is not None else self.look(game, f.id)
        said = look.words  # his words as shown (shown.py): the rules may be a move ahead of the screen
        state = _shown_state(game, f, look.state, looks or {})
        if f.ranged and state == "standing":  # a dead man's shots ("3 shots DEAD") are nothing to him now
            cells.append(Cell("jammed", "bad") if "jammed" in said else self._shots_cell(game, f, said))
        # the words as shown, not the rules' state ahead of the events still playing: a tiredness roll of the
        # next move stood in the roster while the zombies of this one still moved; one off the table shows
        # only what he is now ("bitten TURNED", "hidden EXITED" said what no longer held)
        for word in shown.FLAGS if state == "standing" else ():
            if word in said and word != "jammed":
                cells.append(Cell(word, "bad" if word in ("bitten", "frozen") else "warn"))
        if state == "standing" and shown.grabbed(w, said, looks or {}):  # the log said a zombie grabbed him
            cells.append(Cell("grabbed", "bad"))
        if state == "standing":
            did = shown.did(said)
            can = (f.id in ready) if ready is not None else did is None
            can = can and shown.GO_OVER not in said
            # a spot that found nobody is no "spotted" beside "unaware" (the log said "not spotted")
            did = "looked" if did == shown.DID["spot"] and "unaware" in said else did or shown.DID["wait"]
            status = Cell("ready" if can else did, "good" if can else "spent")
        else:
            status = Cell(state.upper(), "bad" if state in ("dead", "turned") else "good", bold=True)
        return RosterRow(f.id, f.name or f.id, tuple(cells), status)

    def _shots_cell(self, game: OutbreakGame, f: Figure, said: tuple[str, ...]) -> Cell:
        """The shots his gun has left this move as shown (``said``, his look's words), in one form before
        and after a shot ("3 shots left", "1 shot left", "no shots left"): a newcomer read "3 shots ready",
        "2 shots fired", "1 shot", "0 shots left fired" and "no shots this move fired" as five different
        counts. While the screen is in step with the rules, "1 shot left (no zombie in range)" when no
        zombie is left to shoot."""
        left = shown.shots(said)
        left = acting.shots_left(game.world, f) if left is None else left
        words = shots_left_words(left)
        if left <= 0:
            return Cell(words, "spent")
        fired = shown.did(said) == shown.DID["fire"]
        if fired and said == shown.words(game.world, f) and not game.fire_targets(f.id):
            # the Fire button's reason (_why_not): a zombie in contact makes the gun a close combat weapon
            why = IN_CONTACT.lower() if acting.in_combat(game.world, f) else "no zombie in range"
            return Cell(f"{words} ({why})", "spent", short=words)
        return Cell(words, "plain")

    def hold_before(self, game: OutbreakGame, events: Sequence[Event]) -> tuple[int | None, str]:
        """Where the screen pauses before the rules go on by themselves after a player's last act (:mod:`.pause`):
        he reads his result before the zombies' step begins."""
        return pause.hold_at(events, {f.id for f in game.state.npcs()})

    def acting_player(self, game: OutbreakGame) -> int | None:
        return game.state.active_player

    def end_turn(self, game: OutbreakGame) -> EndStep:
        return EndStep()

    def can_end_turn(self, game: OutbreakGame) -> str:
        return (
            ""
            if game.state.step in (Step.HUMANS, Step.REACTION) and not game.over
            else "It is not the humans' step."
        )

    def result(self, game: OutbreakGame) -> tuple[str, bool]:
        st = game.state
        who = "survivors" if st.winner == PLAYERS else "zombies"
        return f"Game over: the {who} win. {self.player_words(game, st.reason)}", st.winner != PLAYERS

    def caption(self, game: OutbreakGame, event: Any) -> str | None:
        """Zombies coming out at a generation point, in plain words for an onlooker: ``3 more zombies come out at the
        Open grave: each move, every point not sealed rolls for more``."""
        if not isinstance(event, ev.ZombiesGenerated) or not event.figures:
            return None
        spawn = next((s for s in game.state.spawns if s.id == event.spawn), None)
        where = f" at {spawn.name}" if spawn is not None else ""
        many = len(event.figures)
        more = f"{many} more zombies come" if many > 1 else "1 more zombie comes"
        return f"{more} out{where}: each move, every point not sealed rolls for more"

    # -- figures
    def name(self, game: OutbreakGame, fid: str) -> str:
        f = game.figure(fid)
        if f.is_zombie:
            return self._zombie(game, f)
        role, name = ("Character" if f.side == PLAYERS else "Bystander"), f.name or fid
        return name if name.startswith(role) else f"{role} {name}"  # never "Character Character 1"

    def look(self, game: OutbreakGame, fid: str) -> Look:
        f = game.figure(fid)
        return Look(f.position, f.facing, f.state, self._badge(f), shown.words(game.world, f))

    def _badge(self, f: Figure) -> str:
        if f.is_zombie:
            return "" if f.aware else "?"
        return "".join(BADGE_LETTERS[w] for w in flags(f) if w in BADGE_LETTERS)

    def badge_words(self, game: OutbreakGame, fid: str, badge: str) -> str:
        """The letters on a token in words, for its hover card: ``T: tired, stopped for a breather...``.

        >>> OutbreakView().badge_words(None, "pc1", "TJ")  # doctest: +ELLIPSIS
        'T: tired, ...; J: gun jammed: ...'
        """
        return "; ".join(self._badge_lines(game, fid, badge))

    def _badge_lines(self, game: OutbreakGame | None, fid: str, badge: str) -> list[str]:
        """Each letter on a token with its words, a line each (a zombie's ? is his own)."""
        zombie = game is not None and fid in game.state.figures and game.figure(fid).is_zombie
        return [
            f"{c}: {ZOMBIE_UNAWARE if zombie and c == '?' else BADGE_LEGEND[c]}"
            for c in badge
            if c in BADGE_LEGEND
        ]

    def token(self, game: OutbreakGame, fid: str, look: Look) -> TokenLook:
        f = game.figure(fid)
        gone = look.state in ("exited", "turned")
        side: Literal["allies", "zombie", "npc", "neutral"]
        dead = look.state == "dead"
        if f.is_zombie:
            sprite = "tokens.dead_zombie" if dead else f"tokens.zombie_{(digits_in(fid) or 1) % 4 + 1}"
            side = "zombie"
        elif f.side == PLAYERS:
            sprite = "tokens.dead_soldier" if dead else f"tokens.character_{(f.player - 1) % 4 + 1}"
            side = "allies"
        else:
            sprite = "tokens.dead_soldier" if dead else "tokens.npc"
            side = "npc"
        state = "dead" if dead else ("acted" if f.is_human and f.acted else "standing")
        label = "" if f.is_zombie else (f.name or fid)
        mark = initials(label) if side == "allies" else ""  # who is who without hovering (a newcomer's four rings)
        return TokenLook(
            sprite,
            side,
            state,
            look.badge,
            label,
            f.radius,
            0 if dead else 2,
            hidden=gone,
            player=f.player,
            mark=mark,
        )

    def tooltip(self, game: OutbreakGame, fid: str, look: Look) -> list[str]:
        f = game.figure(fid)
        lines = [self.name(game, fid)]
        if f.is_zombie and not f.on_table:
            lines.append("destroyed")
        elif f.is_zombie:
            lines.append("hunting (has spotted the humans)" if f.aware else "shuffling (has not spotted anyone)")
            if f.target and f.target in game.state.figures:
                lines.append(f"goes for {self._who(game, f.target, html_safe=False)}")
            grab = self._grab_words(game, fid)
            lines += [grab] if grab else []
        else:
            lines.append(self.summary(game, fid))
            shots = self._shots_cell(game, f, look.words) if f.ranged and f.on_table and not f.jammed else None
            lines += [shots.text] if shots is not None and shots.short else []  # a long roster line reads short
            held = holds.held_by(game.world, fid) if f.on_table else []
            if held:  # up to three tokens crowd him: which ones have hold of him
                lines.append("held by " + ", ".join(self._who(game, z, html_safe=False) for z in held))
            near = self._contact_words(game, contact.around(game.world, f), False) if f.on_table else ""
            lines += [near] if near else []  # tokens a little way apart look touching: whether they are
            # what he knows, in words: an unaware one cannot fire until he spots a zombie
            lines.append(AWARE_WORDS if f.aware else UNAWARE_WORDS)
            # his states, those his token shows as a letter told with it (a newcomer read "J", "B", "T" as nothing)
            lines += [w for w in flags(f) if w != "unaware" and BADGE_LETTERS.get(w, "-") not in look.badge]
        lines += self._badge_lines(game, fid, look.badge)
        lines.append(look.state.replace("_", " "))  # ("state: standing" read as a programmer's label)
        return lines

    def summary(self, game: OutbreakGame, fid: str) -> str:
        f = game.figure(fid)
        w = game.world
        if f.is_zombie:
            grab = self._grab_words(game, fid)
            return ("hunting" if f.aware else "shuffling") + (f", {grab}" if grab else "")
        gun = (
            f"{w.data.ranged(f.ranged).name} ({counted(acting.shots_left(w, f), 'shot')})"
            if f.ranged
            else "no gun"
        )
        return f"{gun}, {w.data.melee_name(f.melee) if f.melee else 'unarmed'}"

    def _grab_words(self, game: OutbreakGame, zid: str) -> str:
        """``grabbing Deacon Hale`` for a zombie that holds a human now; empty for one that holds nobody."""
        z = game.state.figures.get(zid)
        human = holds.grabbing(game.world, zid) if z is not None and z.on_table else None
        return f"grabbing {self._who(game, human, html_safe=False)}" if human else ""

    def table_marks(self, game: OutbreakGame, looks: dict[str, Look]) -> list[d.Primitive]:
        """A line from each zombie to the human it holds, where the screen shows them: up to three tokens
        crowd one human and overlap, and the line says which ones have hold of him. It stops at his base's
        edge, where they touch: drawn to his centre, three lines crossed him out under the pile (a newcomer
        could not find his own grabbed survivor)."""
        out: list[d.Primitive] = []
        for hid, zids in holds.holds(game.world).items():
            h = looks.get(hid)
            for zid in zids:
                z = looks.get(zid)
                if h is not None and z is not None and "dead" not in (h.state, z.state):
                    edge = _towards(h.position, z.position, game.figure(hid).radius)
                    out.append(d.Path((z.position, edge), "grab"))
        return out

    def idle_words(self, game: OutbreakGame, fid: str) -> str:
        """What a tired character with no action now may still do this step (the hint said "no action left"): a
        breather stops his legs, not his gun [house]; empty for anyone else."""
        f = game.state.figures.get(fid)
        if f is None or not f.on_table or not f.tired or f.acted:
            return ""
        w = game.world
        if f.ranged and f.aware and acting.shots_left(w, f) > 0 and not acting.in_combat(w, f):
            return "tired, cannot move this move: may still fire once a zombie is in sight and range"
        return "tired, cannot move this move: nothing else to do this step"

    def held_words(self, game: OutbreakGame, fid: str) -> str:
        """Why a selected character who may still act this step cannot move: ``tired, stopped for a breather:
        cannot move this move``; empty for anyone else (a newcomer's tired man showed his rings and no word of why not)."""
        f = game.state.figures.get(fid)
        if f is None or not f.on_table or not f.tired or f.acted:
            return ""
        return "tired, stopped for a breather: cannot move this move"

    def selectable(self, game: OutbreakGame, fid: str) -> str:
        f = game.state.figures.get(fid)
        if f is None:
            return f"There is no figure {fid}."
        if f.side != PLAYERS:
            return "The game moves zombies and bystanders."
        if not f.on_table:
            return f"{f.name} is {f.state}."
        if f.player != game.state.active_player:
            return f"{f.name} belongs to player {f.player}."
        return ""

    # -- actions and aiming
    def actions(self, game: OutbreakGame, fid: str) -> list[Action]:
        w = game.world
        f = game.figure(fid)
        have = game.actions_for(fid)
        base = self.player_words(game, acting.turn_reason(w, fid) or "")
        out = []
        for k in KINDS:
            if k.key in have:
                out.append(Action(k.key, True))
                continue
            reason = base or self._why_not(game, f, k.key)
            out.append(Action(k.key, False, reason))
        return out

    def _why_not(self, game: OutbreakGame, f: Figure, key: str) -> str:
        w = game.world
        fighting = acting.in_combat(w, f)
        if game.state.step == Step.REACTION:
            return "Only a move answers the first attack."
        if f.acted and not (key == "fire" and f.acted == "fire"):
            return f"{f.name} has already taken an option this step ({f.acted})."
        if key == "move":
            if fighting:
                return self._held_words(game, f)
            return "Stopped for a breather (tired)." if f.tired else "Cannot move now."
        if key == "fire":
            if not f.ranged:
                return "No ranged weapon."
            if f.jammed:
                return "The gun is jammed."
            if not f.aware:
                return "Has not spotted the zombies yet."
            if fighting:
                return f"{IN_CONTACT}."
            if acting.shots_left(w, f) <= 0:
                return "No shots left this move (one shot a third of the move, and its last third is spent)."
            return "No zombie in sight and in range."
        if key == "spot":
            if f.aware and game.state.outbreak and game.state.all_aware:  # the set-up's choice: say where it is
                return "Everyone knows of the zombies since the outbreak (set-up: All aware after the outbreak)."
            return "Has already spotted the zombies." if f.aware else "Cannot look now."
        if key == "clear":
            return "The gun is not jammed." if not f.jammed else "Cannot clear it now."
        return ""

    def _held_words(self, game: OutbreakGame, f: Figure) -> str:
        """Why a man in contact cannot move, in the player's terms: ``Sheriff Dale is held by Zombie 2: a
        grabbed human cannot move and fights at the close combat step.`` (no human leaves a combat [seed])."""
        w = game.world
        holding = holds.held_by(w, f.id) or [z.id for z in w.contacts(f, zombies=True)]  # a 4th touches him
        zombies = ", ".join(self._who(game, z, html_safe=False) for z in holding)
        return (
            f"{self._who(game, f.id, html_safe=False)} is held by {zombies}: a grabbed human cannot move "
            "and fights at the close combat step."
        )

    def default_action(self, game: OutbreakGame, fid: str, target: str | None) -> str | None:
        have = game.actions_for(fid)
        if target is not None:
            t = game.state.figures.get(target)
            if t is not None and t.is_zombie and "fire" in have:
                return "fire"
            # no gun, or none that can shoot now: a click on a zombie walks him into the fight
            if t is not None and t.is_zombie and "move" in have and not self._can_shoot(game, fid):
                return "move"
            return None
        return "move" if "move" in have else None

    def _can_shoot(self, game: OutbreakGame, fid: str) -> bool:
        """Whether his gun has a shot in it this move (no gun, a jammed one or its thirds spent: none)."""
        return acting.shots_left(game.world, game.figure(fid)) > 0

    def command(self, game: OutbreakGame, fid: str, action: str, aim: Aim) -> Command | None:
        if action == "move":
            if not aim.path and aim.facing is None:
                return None
            followers = (
                tuple(n for n in game.follower_candidates(fid) if game.figure(n).side == BYSTANDERS)
                if aim.path
                else ()
            )
            f = game.figure(fid)
            path = self.routes.move(game.table, fid, f.position, f.radius, aim.path, ROUTE_REACH, len(game.log))
            # pointed at a zombie, or within a base of one with no shot to take: the move into the fight (a
            # gunless doctor pointed beside one was shown a move ending 0.3" short of it)
            slack = 0.0 if self._can_shoot(game, fid) else 2 * f.radius
            z = contact.zombie_under(game.world, aim.path[-1], slack) if aim.path else None
            if z is not None and path:  # pointed at a zombie: on into base contact, not a step short of it
                ahead = path[:-1] if len(aim.path) > 1 else path  # his own waypoints end on the zombie's base
                meet = contact.meeting_point(game.world, f, z, ahead[-1] if ahead else f.position)
                way = (*ahead, meet)
                path = self.routes.move(game.table, fid, f.position, f.radius, way, ROUTE_REACH, len(game.log))
            return Move(fid, path, aim.facing, followers)
        if action == "fire":
            return Fire(fid, aim.targets[-1]) if aim.targets else None
        if action == "spot":
            return Spot(fid)
        if action == "clear":
            return ClearJam(fid)
        return None

    def first_pick(self, game: OutbreakGame, fid: str, action: str, target: str) -> tuple[bool, str]:
        """No action here picks more than one figure: each shot is its own Fire."""
        return False, "Click a zombie to shoot it; each shot is one click (up to three a move)."

    def miss(self, game: OutbreakGame, fid: str, action: str | None, target: str | None) -> str:
        if action == "fire":
            return "Click a zombie to shoot." if target is None else "That is not a zombie."
        have = game.actions_for(fid)
        if target is not None and game.figure(target).is_zombie and "fire" not in have:
            # a click on a zombie asks to shoot it: why he cannot, first (no shots this move, out of range)
            why = self.player_words(game, game.preview(Fire(fid, target)).reason)
            if why or have:
                return why or "He cannot shoot now."
        f = game.figure(fid)
        if "move" not in have and not acting.turn_reason(game.world, fid) and acting.in_combat(game.world, f):
            return self._held_words(game, f)  # a click to run him: what holds him ("Nothing to do there.")
        if not have:
            return (
                self.player_words(game, acting.turn_reason(game.world, fid) or "")
                or f"{self.name(game, fid)} has nothing left to do this step."
            )
        return "Nothing to do there."

    def confirm(self, game: OutbreakGame, cmd: Any, preview: Any) -> str:
        """A run stopped short of where it was pointed (a base, a wall: not the movement roll, which cuts
        every run) asks for a second click before it spends the option; so does a Spot, with its odds shown
        first (S rolled at once); every shot is one click."""
        if isinstance(cmd, Spot) and preview.legal:
            return self._spot_question(game, preview) + " S again (or click) to look; Esc: back."
        far = _furthest(preview) if isinstance(cmd, Move) and preview.legal else None
        if far is None:
            return ""
        end, name = tuple(far["points"][-1]), lambda fid: self.name(game, fid)
        return self.routes.question(cmd.figure, cmd.path, end, far["length"], far["blocked_by"] or "", name)

    def _spot_question(self, game: OutbreakGame, preview: Any) -> str:
        """What a Spot would look for and its odds: ``Spot Zombie 3, 11.0" away: 3+ on a D6 (67%).``"""
        target = preview.details.get("target")
        if not target:
            return "Spot: no zombie in sight, the look finds nobody (it spends the option)."
        who = self._who(game, target, html_safe=False)
        dist, need = float(preview.details.get("distance", 0.0)), int(preview.details.get("need", 1))
        odds = "spotted for sure" if need <= 1 else f"{need}+ on a D6 ({preview.chances.get('spotted', 0):.0%})"
        return f'Spot {who}, {dist:.1f}" away: {odds}.'

    def explain(self, game: OutbreakGame, fid: str, target: str) -> Command | None:
        t = game.state.figures.get(target)
        return Fire(fid, target) if t is not None and t.is_zombie else None

    def reach(self, game: OutbreakGame, fid: str, look: Look, actions: Sequence[Action]) -> list[d.Primitive]:
        w = game.world
        f = game.figure(fid)
        avail = {a.key for a in actions if a.available}
        out: list[d.Primitive] = []
        near = movement.zombie_near(w, f)
        danger = f.radius + w.num("movement", "human_roll_within")
        if "move" in avail:
            out.append(d.Ring(look.position, f.radius + w.num("movement", "human_move"), "move", '6"'))
            if near:  # without a zombie within 8" there is no roll, so no 8" run either
                out.append(d.Ring(look.position, f.radius + w.num("movement", "human_rush"), "move", '8" on a 6'))
        if "move" in avail:  # (a tired man's 8" ring read as a move he had not: no move, no ring of it)
            # one label where the 8" rings meet: the roll is named on the run ring when it is drawn
            label = 'zombie within 8": movement roll' if near else 'no zombie within 8": no roll'
            out.append(d.Ring(look.position, danger, "danger", "" if near else label))
        if f.ranged and not f.jammed:
            out.append(
                d.Ring(
                    look.position, f.radius + w.data.ranged(f.ranged).range, "range", w.data.ranged(f.ranged).name
                )
            )
        for sp in game.state.spawns:
            zone = w.spawn_zone(sp.id)
            label = f"{sp.name}: {sp.dice}D6" + (" (sealed)" if sp.sealed else "")
            out.append(d.Area(zone.area.centre, "generation", points=tuple(zone.area.points), label=label))
        return out

    def drawing(
        self, game: OutbreakGame, cmd: Any, preview: Any, face_toward: d.Point | None = None
    ) -> list[d.Primitive]:
        out: list[d.Primitive] = []
        f = game.state.figures.get(getattr(cmd, "figure", ""), None)
        if not preview.legal:
            if f is not None and isinstance(cmd, Fire) and cmd.target in game.state.figures:
                t = game.figure(cmd.target)
                s = game.world.sight(f, t)
                out.append(d.Sight(f.position, s.blocked_at or t.position, s.state))  # type: ignore[arg-type]
                out.append(d.Cross(t.position))
            if f is not None:
                out.append(d.Plate(f.position, self.player_words(game, preview.reason), "bad"))
            return out
        odds = ", ".join(f"{k} {percent(v)}" for k, v in preview.chances.items())
        if isinstance(cmd, Move) and f is not None:
            paths = preview.details.get("paths", {})
            if not preview.details.get("roll_needed"):  # no roll, no 8" run: only the 6" path
                paths = {k: v for k, v in paths.items() if k == '6"'}
            drawn: list[Any] = []
            for label, p in paths.items():
                if p["points"] in drawn:  # a run that ends where the walk does is the same way
                    continue
                drawn.append(p["points"])
                pts = tuple(tuple(x) for x in p["points"])
                kind = "legal" if label == '6"' else "route"
                out.append(d.Path(pts, kind, inches_walked(p["length"])))  # type: ignore[arg-type]
            for n in preview.details.get("followers", []):
                out.append(d.Path((game.figure(n).position, f.position), "command", "follows"))
            end = cmd.path[-1] if cmd.path else f.position
            roll = _move_head(preview, paths, odds)
            ends = self._ends_near(game, f, paths)
            roll += "\n" + ends if ends else ""
            if ends.startswith("ends in contact") and not self._can_shoot(game, f.id):
                roll += "\n" + self._closes_in_words(game, f)
            runs = preview.details.get("runs", True)  # the preview's one judgement of run or not
            if runs and any(caught.would_be(game.world, f, p["points"], game.reading) for p in paths.values()):
                roll += "\n" + CAUGHT_RUNNING
            if preview.details.get("nobody_follows"):
                roll += "\n" + self.player_words(game, preview.details["nobody_follows"])
            exits = preview.details.get("exits")
            roll += "".join(
                "\n" + line for line in self._exit_lines(game, f, exits, bool(preview.details.get("roll_needed")))
            )
            far = _furthest(preview)
            if far is not None:  # where and why the run stops short of the pointer
                stop, name = tuple(far["points"][-1]), lambda fid: self.name(game, fid)
                marks, why = self.routes.marks(cmd.figure, cmd.path, stop, far["blocked_by"] or "", name)
                out += marks
                if why:
                    end, roll = stop, f"{why}\n{inches_walked(far['length'])} of it \u00b7 {roll}"
            out.append(d.Plate(tuple(end), roll, "path", lead=True))  # type: ignore[arg-type]
        elif isinstance(cmd, Fire) and f is not None:
            t = game.figure(cmd.target)
            state = preview.details.get("sight", "clear")
            out.append(d.Sight(f.position, t.position, state))
            marks, arrives = self._thirds_marks(game, f, t, preview)
            out += marks
            text = self._shot_words(f, preview, arrives)
            friends = [self._who(game, h) for h in preview.details.get("friends_in_line", [])]
            if friends:  # a newcomer wonders whether a friend in the way spoils the shot: he does not
                text += f"\nfires past {', '.join(friends)}: a friend in the line of fire blocks nothing here"
            tone: d.PlateTone = "sight_obscured" if state == "obscured" else "sight_clear"
            out.append(d.Plate(t.position, text, tone, lead=True))
        elif isinstance(cmd, Spot) and f is not None:
            target = game.state.figures.get(preview.details.get("target") or "")
            if target is not None:
                seen = cast(d.SightState, game.world.sight(f, target).state)
                out.append(d.Sight(f.position, target.position, seen))
            at = target.position if target is not None else f.position
            out.append(d.Plate(at, _esc(self._spot_question(game, preview)), "info"))
        elif f is not None:
            out.append(d.Plate(f.position, odds or "—", "info"))
        return out

    def _thirds_marks(
        self, game: OutbreakGame, f: Figure, t: Figure, preview: Any
    ) -> tuple[list[d.Primitive], int | None]:
        """Where the zombie is after each third the shot may land in (a spent third is no mark), thirds a base or
        less apart sharing one mark so their labels do not pile up; and the first third it is at the shooter by."""
        after = preview.details.get("zombie_after_third", {})
        where: dict[Any, Any] = after.get('6"') or next(iter(after.values()), {})  # (or its rolled pace)
        lands = {int(k) for k, v in preview.details.get("third_chances", {}).items() if v > 0}
        reach = f.radius + t.radius + game.world.data.house.contact + 0.05
        spots: list[tuple[Any, list[int]]] = []
        for third, at in sorted((int(k), v) for k, v in where.items()):
            if third not in lands:
                continue
            near = next((s for s in spots if math.dist(s[0], at) <= t.radius), None)
            if near is not None:
                near[1].append(third)
            else:
                spots.append((at, [third]))
        out: list[d.Primitive] = []
        arrives = None
        for at, thirds_there in spots:
            label = "third " + "/".join(str(k) for k in thirds_there)
            if math.dist(at, f.position) <= reach:
                arrives = arrives or min(thirds_there)
                label += f": at {_esc(f.name or f.id)}"
            out.append(d.Area(tuple(at), "charge", radius=t.radius, label=label))  # type: ignore[arg-type]
        return out, arrives

    def _shot_words(self, f: Figure, preview: Any, arrives: int | None) -> str:
        """The shot's plate, short: first the chance it destroys the zombie (what a player fires for), then the
        other odds and the thirds it lands in on one line, and whether the zombie reaches him first (the plate
        said all four odds on its first line and covered the table round the target)."""
        c = preview.chances
        thirds = {int(k): v for k, v in preview.details.get("third_chances", {}).items() if v > 0}
        left = counted(max(0, 4 - preview.details.get("shot", 1)), "shot")  # one a third: the thirds say when
        lands = ", ".join(f"{'third ' * (n == 0)}{k} {percent(v)}" for n, (k, v) in enumerate(thirds.items()))
        rest = f"hit, not destroyed {percent(c.get('hit, not destroyed', 0.0))} \u00b7 jams {percent(c.get('jammed', 0.0))}"
        lines = [
            f"Shot: destroys it {percent(c.get('destroyed', 0.0))} ({left} left this move)",
            rest + (f" \u00b7 lands in {lands}" if lands else ""),
        ]
        if arrives is not None:
            lines.append(self._arrives_words(f, arrives, min(thirds, default=arrives)))
        return "\n".join(lines)

    def _arrives_words(self, f: Figure, arrives: int, earliest: int) -> str:
        """The plate's line for a zombie that reaches the shooter, agreeing with the thirds' odds above it: a hit
        lands whenever it comes, and once it is at him his gun is a close combat weapon (its shots left are
        blows), so no shot follows this one. Short: the plate's widest line ("..., whichever third the hit lands in:
        no shot after this one") made it too wide to stand clear of the shot's way."""
        who = _esc(f.name or f.id)
        if arrives <= earliest:
            return f"it reaches {who} by third {arrives}, before any hit lands: the last shot this move"
        return f"it reaches {who} by third {arrives}: a hit then or later is the last shot this move"

    def _closes_in_words(self, game: OutbreakGame, f: Figure) -> str:
        """Why a click on a zombie moves him into it, not shoots: ``no gun to shoot with: Jo closes in to fight
        (first blows at step 5, then the grapple)``, by name (a newcomer's Trina was "he")."""
        why = (
            "the gun is jammed"
            if f.ranged and f.jammed
            else "no shot left"
            if f.ranged
            else "no gun to shoot with"
        )
        return f"{why}: {f.name or f.id} closes in to fight (first blows at step 5, then the grapple)"

    def _ends_near(self, game: OutbreakGame, f: Figure, paths: dict[str, Any]) -> str:
        """Where the move ends against the zombie nearest its end, by the rules' contact test: ``ends in
        contact with Zombie 3``, ``ends 0.3" from Zombie 3: not in contact`` (tokens a little way apart look
        touching); the 8" run's words after the walk's when they differ. Empty with no zombie near the end."""
        said = {
            label: self._contact_words(game, contact.around(game.world, f, tuple(p["points"][-1])), True)
            for label, p in paths.items()
        }
        if not said:
            return ""
        (_, first), *rest = said.items()
        other = [f"on the {label} run {words}" for label, words in rest if words and words != first]
        return (first + (f" ({'; '.join(other)})" if first else "; ".join(other))) if other else first

    def _contact_words(self, game: OutbreakGame, near: contact.Around, ends: bool) -> str:
        """``in contact with Zombie 3`` / ``Zombie 3 is 0.3" away: not in contact`` (``ends``: a move's end,
        ``ends in contact with ...`` / ``ends 0.3" from Zombie 3: not in contact``); empty with none near."""
        who = lambda fid: self._who(game, fid, html_safe=False)  # noqa: E731
        if near.touching:
            return ("ends " if ends else "") + "in contact with " + ", ".join(who(z) for z in near.touching)
        if near.nearest is None:
            return ""
        gap = inches_apart(near.gap, False)
        if ends:
            return f"ends {gap} from {who(near.nearest)}: not in contact"
        return f"{who(near.nearest)} is {gap} away: not in contact"

    def _exit_lines(self, game: OutbreakGame, f: Figure, exits: dict[str, Any] | None, rolls: bool) -> list[str]:
        """What the move does at the exit: who gets away, who is led out, or why the runner stays. ``rolls``:
        whether he rolls to move (with no zombie near he walks 6", never an 8" run)."""
        if not exits:
            return []
        who = _esc(f.name or f.id)
        noun = "out" if exits["objective"] == "escape" else "led out"
        count = f"({exits['out']} of {exits['needed']} {noun})"
        lines = []
        walks = [k for k, out in exits["leader"].items() if out and (rolls or k == '6"')]
        if walks and walks[0] == '6"':
            lines.append(f"{who} gets away by the exit {count}")
        elif walks:  # only the longer run reaches: one more out than the 6" count says
            more = f"({exits['out'] + 1} of {exits['needed']} {noun})"
            lines.append(f"on an {walks[0]} run {who} gets away by the exit {more}")
        elif exits["stays"]:
            why = "only bystanders are led out" if exits["objective"] == "rescue" else "nobody leaves in this game"
            lines.append(f"{who} stays on the table at the exit: {why}")
        if exits["led"]:
            names = ", ".join(_esc(game.figure(g).name or g) for g in exits["led"])
            rescue = exits["objective"] == "rescue"
            lines.append(f"leads {names} out {count}" if rescue else f"leads {names} out with them (rescued)")
        return lines

    # -- events
    def log_lines(self, game: OutbreakGame, events: Sequence[Event]) -> list[str]:
        """One line an event; a roll whose event comes next and tells it (with its die) is not told twice,
        nor a zombie's death after the roll that destroyed him; the zombies' paces are one line a move."""
        out = []
        base = paces.where_in_log(game.log, events)  # where the batch sits in the log (the rules may be ahead)
        for i, e in enumerate(events):
            if base is not None and paces.of_the_dead(game.log, base + i):  # shot dead: no pace to tell
                continue
            if base is not None and paces.is_pace(e):  # the zombies' paces: one line for the step
                line = paces.folded(game, base + i, lambda fid: self.player_words(game, fid))
                if line is not None:
                    out += [toned("dice", _esc(line))] if line else []
                    continue
            after = events[i + 1] if i + 1 < len(events) else None
            if isinstance(e, DiceRolled) and isinstance(after, _RETOLD) and self._line(game, after):
                continue
            if base is not None and _generation_retold(game.log, base + i):
                continue
            if isinstance(e, ev.Engaged) and base is not None and holds.held_on(game.log, base + i):
                continue  # still holding him from the move before: told when it grabbed him
            before = events[i - 1] if i else None
            if isinstance(e, ev.Killed) and isinstance(before, ev.DestroyRolled) and before.target == e.figure:
                continue
            if isinstance(e, ev.MoveStarted):  # the players' first move: what the rules played before it
                quiet = clock.quiet_start_line(game, e.move, lambda fid: self._who(game, fid, html_safe=False))
                if quiet:
                    out.append(toned("gold", _esc(quiet)))
            if isinstance(e, ev.Grappled) and base is not None:  # the blow he never struck: why
                if caught.no_first_blow(game.world, game.log, base + i, game.reading):
                    out.append(toned("warn", f"{self._who(game, e.human)} was caught running: no first blow."))
            line = self._line(game, e)
            if line and isinstance(e, ev.Moved) and base is not None:  # a bystander's run cut short: why
                why = short_runs.short_run_words(game, base + i, lambda fid: self.name(game, fid))
                if why and _stood_still(e.length):  # "stays put: stopped by the table edge"
                    line = f"{line.split(':')[0]}: {_esc(why.split('): ', 1)[-1])}."
                else:
                    line = f"{line[:-1]} {_esc(why)}." if why else line
            if line and isinstance(e, ev.Fired) and base is not None and _first_hit(game.log, base + i):
                line = f"{line} {THIRDS_TOLD}"
            if line:
                out.append(line)
        return out

    def player_words(self, game: OutbreakGame, text: str) -> str:
        """``text`` from the rules (a roll's meaning, a refusal) with each figure's id replaced by his name
        and a bearing by its compass word: "Zombie 3 shuffles toward the south-west", not "z3 shuffles
        toward 230 degrees"."""
        if not text:
            return text
        names = {f.id: f.name for f in game.state.figures.values() if f.is_human and f.name and f.name != f.id}
        names.update({f.id: self._zombie(game, f) for f in game.state.figures.values() if f.turned_from})
        text = _ZOMBIE_ID.sub(lambda m: f"Zombie {int(m.group(1))}", swap_ids(text, names))
        text = _BRACKETED_DICE.sub(lambda m: "rolls " + ", ".join(m.group(1).split()) + ",", text)
        return _DEGREES.sub(lambda m: f"toward {compass(float(m.group(1)))}", text)

    def dice_told(self, game: OutbreakGame, e: Event) -> tuple[tuple[int, ...], str] | None:
        """The dice tray's faces and words for ``e`` where the log folds its roll into a line of several (the
        zombies' paces, one line a step); None: the roll as it comes."""
        return paces.tray(game, e, lambda fid: self.player_words(game, fid))

    def dice_words(self, game: OutbreakGame, e: DiceRolled) -> str:
        """A roll's line: ``Zombie 3's pace: D6 = 2: Zombie 3 moves 6"``, ``Trina shoots Zombie 7: ...``."""
        purpose = self.player_words(game, e.purpose)
        if purpose.endswith(" bitten?"):  # the rules' "npc3 bitten?" reads "Shop assistant's bite check: ..."
            purpose = purpose.removesuffix(" bitten?") + " bite check"
        for what in _HIS_ROLL:
            if purpose.endswith(" " + what):
                purpose = f"{purpose[: -len(what) - 1]}'s {what}"
                break
        return first_up(f"{purpose}: {self.player_words(game, e.meaning)}")

    def _zombie(self, game: OutbreakGame, z: Figure) -> str:
        was = game.state.figures.get(z.turned_from) if z.turned_from else None
        return zombie_name(z, (was.name or "") if was is not None else "")

    def _who(self, game: OutbreakGame, fid: str, html_safe: bool = True) -> str:
        f = game.state.figures.get(fid)
        if f is None:
            return fid
        name = (f.name or fid) if f.is_human else self._zombie(game, f)
        return _esc(name) if html_safe else name

    def _line(self, game: OutbreakGame, e: Any) -> str:
        who = lambda fid: self._who(game, fid)  # noqa: E731
        if isinstance(e, DiceRolled):
            return toned("dice", _esc(self.dice_words(game, e)))
        if isinstance(e, ev.MoveStarted):
            return toned("turn", f"<b>Move {e.move}</b>")
        if isinstance(e, ev.StepStarted):
            return toned("turn", _esc(f"Step {e.step}: {e.name}") if e.step else _esc(first_up(e.name)))
        if isinstance(e, ev.PlayerStarted):
            return toned("turn", f"Player {e.player}: spot, move or fire")
        if isinstance(e, ev.ZombiesGenerated):
            spawn = next((s for s in game.state.spawns if s.id == e.spawn), None)
            where, dice = (spawn.name, f"{spawn.dice}D6") if spawn is not None else (e.spawn, "rolled")
            verb = "comes" if len(e.figures) == 1 else "come"
            return toned(
                "enemy", f"{_esc(where)}: {dice} = {e.roll}, {counted(len(e.figures), 'zombie')} {verb} out."
            )
        if isinstance(e, ev.OutbreakStarted):
            return toned(
                "bad", f"<b>{first_up(who(e.zombie))} attacks {who(e.victim)}: the outbreak has begun!</b>"
            )
        if isinstance(e, ev.SpotRolled):
            return self._spot_line(game, e)
        if isinstance(e, ev.Followed):
            return f"{first_up(who(e.figure))} follows {who(e.leader)}."
        if isinstance(e, ev.HideRolled):
            return toned(
                "good" if not e.spotted else "warn",
                f"{who(e.figure)} hides in cover: D6 = {e.roll}, {'spotted' if e.spotted else 'stays hidden'}.",
            )
        if isinstance(e, ev.MovementRolled):
            # the rules' movement roll (a zombie within 8"): "rolls to move ... runs up to 6"" was logged for a
            # move closing in to fight; what it gives is a move's length, whatever the move is for
            if e.frozen:
                return toned("bad", f"{who(e.figure)}'s movement roll: D6 = {e.roll}, freezes!")
            return f"{who(e.figure)}'s movement roll: D6 = {e.roll}, moves up to {e.allowance:g}\"."
        if isinstance(e, ev.TirednessRolled) and e.tired:
            return toned(
                "warn", f"{who(e.figure)} rolls for tiredness: D6 = {e.roll}, is tired and stops for a breather."
            )
        if isinstance(e, ev.Moved):
            if _stood_still(e.length):  # a walk that rounds to 0.0" is no move to a reader: say why
                return f"{who(e.figure)} stays put: the way is blocked."
            return f"{who(e.figure)} moves {inches_walked(e.length)}."
        if isinstance(e, ev.Fired):
            if e.result == "jammed":
                return toned("bad", f"{who(e.figure)} fires at {who(e.target)}: D6 = {e.roll}, the gun jams!")
            hit = _hit_words(e.third, killed=e.result == "killed")
            return f"{who(e.figure)} fires at {who(e.target)}: D6 = {e.roll}, {hit}."
        if isinstance(e, ev.ShareBlocked):  # the shot line said it comes on: say why it did not
            return toned("warn", _share_blocked_words(who(e.figure), who(e.by) if e.by else "", e.walked))
        if isinstance(e, ev.DestroyRolled):  # destroyed: this line says it, not the Killed line after it
            shot = f"{who(e.figure)}'s shot on {who(e.target)}: D6 = {e.roll}"
            if e.destroyed:
                return toned("good", f"{shot}, destroyed.")
            z = game.state.figures.get(e.target)
            fighting = z is not None and z.on_table and game.world.contacts(z, zombies=False)
            rest = "it stays in the fight" if fighting else "it keeps coming"
            return toned("warn", f"{shot}, not destroyed: {rest}.")
        if isinstance(e, ev.JamCleared):
            did = "cleared" if e.cleared else "still jammed"
            return toned(
                "good" if e.cleared else "warn", f"{who(e.figure)} works the jammed gun: D6 = {e.roll}, {did}."
            )
        if isinstance(e, ev.Engaged):
            return toned("enemy", f"{first_up(who(e.zombie))} grabs {who(e.human)}.")
        if isinstance(e, ev.FirstBlow):
            weapon = _esc(game.world.data.melee_name(e.weapon)) if e.weapon else "bare hands"
            return toned(
                "good" if e.killed else "warn",
                f"{who(e.human)} strikes {who(e.zombie)} with the {weapon}: "
                f"D6 = {e.roll} vs {e.need}+, {'killed' if e.killed else 'missed'}.",
            )
        if isinstance(e, ev.Grappled):
            return toned(
                "good" if e.result == "won" else ("bad" if e.result == "lost" else "warn"),
                f"Grapple: {grapple_words(who(e.human), e.human_faces, who(e.zombie), e.zombie_roll)}: {e.result}.",
            )
        if isinstance(e, ev.Killed):
            f = game.state.figures.get(e.figure)
            cause = self.player_words(game, e.cause)
            return toned(
                "good" if f is not None and f.is_zombie else "bad",
                f"{first_up(who(e.figure))} is killed ({_esc(cause)}).",
            )
        if isinstance(e, ev.BiteRolled) and e.bitten:
            return toned("bad", f"<b>{who(e.figure)}'s bite check: D6 = {e.roll}, bitten!</b>")
        if isinstance(e, ev.TurningRolled):
            turns = f"turns {e.result}" if e.result != "roll again" else "holds on"
            return toned("bad", f"{who(e.figure)}'s turning roll: D6 = {e.roll}, {turns}.")
        if isinstance(e, ev.HumanTurned):
            return toned("bad", f"<b>{who(e.figure)} has turned!</b>")
        if isinstance(e, ev.Exited):
            return toned("good", f"{who(e.figure)} gets away.")
        if isinstance(e, ev.Sealed):
            return toned("good", f"{who(e.figure)} seals the generation point.")
        if isinstance(e, ev.GameOver):
            return toned(
                "gold",
                f"<b>{'The survivors win' if e.winner == 'players' else 'The zombies win'}: "
                f"{_esc(self.player_words(game, e.reason))}</b>",
            )
        return ""

    def _spot_line(self, game: OutbreakGame, e: ev.SpotRolled) -> str:
        """``Zombie 3 looks for Trina, 11.2" away: D6 = 5 vs 3+, spotted.``: the roll, then what it did (no die
        within the distance that spots for sure)."""
        who = lambda fid: self._who(game, fid)  # noqa: E731
        if not e.target:
            return toned("muted", f"{first_up(who(e.who))} sees nothing.")
        found = "spotted" if e.spotted else "not spotted"
        die = (
            f"D6 = {e.roll} vs {e.need}+, {found}"
            if e.roll
            else ("spotted without a roll" if e.spotted else found)
        )
        return toned(
            "good" if e.spotted else "muted",
            f'{first_up(who(e.who))} looks for {who(e.target)}, {e.distance:.1f}" away: {die}.',
        )

    def sound(self, game: OutbreakGame, event: Event) -> str | None:
        return sound_of(SOUNDS, game, event)

    def shown_looks(self, game: OutbreakGame, event: Event, looks: dict[str, Look]) -> dict[str, Look]:
        """The looks ``event`` changes once the screen shows it: the roster's words as the table and the log
        have come to them (a grab, a shot spent, a move made), not the rules' a move ahead (:mod:`.shown`)."""
        return shown.after(game.world, event, looks)

    def animation(self, event: Event) -> Animation | None:
        if isinstance(event, ev.Moved):
            return Animation("move", event.figure, event.path, event.facing)
        if isinstance(event, ev.ZombieMoved):
            return Animation("move", event.figure, event.path, group="zombies" if event.why != "shot" else "")
        if isinstance(event, ev.Fired):
            return Animation("shot", event.figure, target=event.target, seconds=0.3)
        if isinstance(event, ev.Killed):
            return Animation("state", event.figure, state="dead", seconds=0.3)
        if isinstance(event, ev.Exited):
            return Animation("state", event.figure, state="exited", seconds=0.3)
        if isinstance(event, ev.HumanTurned):
            return Animation("state", event.figure, state="turned", seconds=0.6)
        if isinstance(event, ev.FigurePlaced):
            return Animation("state", event.figure, state="standing", seconds=0.1)
        if isinstance(event, ev.Turned):
            return Animation("face", event.figure, facing=event.facing)
        if isinstance(event, ev.FirstBlow):  # a line for each blow and grapple: who fights whom, on the table
            return Animation("shot", event.human, target=event.zombie, seconds=0.6)
        if isinstance(event, ev.Grappled):
            return Animation("shot", event.zombie, target=event.human, seconds=0.6)
        if isinstance(event, (ev.OutbreakStarted, ev.BiteRolled)):
            return Animation("pause", seconds=0.5)
        return None

    def handoff(self, game: OutbreakGame, event: Event) -> tuple[int, str] | None:
        if isinstance(event, ev.PlayerStarted):
            return event.player, f"Player {event.player} — your survivors"
        return None

    def command_words(self, game: OutbreakGame, cmd: Any) -> str:
        return command_words(
            cmd,
            COMMAND_WORDS,
            lambda fid: self.name(game, fid) if fid in game.state.figures else fid,
            lambda fid: self._who(game, fid, html_safe=False),
        )

    def opponent_moved(self, events: Sequence[Event]) -> bool:
        """True when the zombies took a move of their own: not the share of his move a zombie walks while a
        shot lands on him (the shooter's own command; it deselected a shooter with shots left)."""
        return any(isinstance(e, ev.ZombieMoved) and e.why != "shot" for e in events)

    def rules_acting(self, event: Event) -> bool:
        """True for the game's own action: a zombie's move, or a step the rules play by themselves (the zombies
        move, strike and grapple, new ones come on...), which may hold no zombie's move at all (all in contact).

        >>> OutbreakView().rules_acting(ev.StepStarted(6, "zombies and humans grapple"))
        True
        >>> OutbreakView().rules_acting(ev.StepStarted(3, "humans spot, move or fire"))
        False
        """
        if isinstance(event, ev.ZombieMoved):
            return True
        return isinstance(event, ev.StepStarted) and STEP_BY_NAME.get(event.name) not in PLAYERS_STEPS


def _share_blocked_words(zombie: str, by: str, walked: float) -> str:
    """A shot zombie stopped short of its share of the move (``by``: the figure in its way, or empty
    for a wall or building).

    >>> _share_blocked_words("Zombie 7", "Zombie 9", 0.04)
    'Zombie 7 is blocked by Zombie 9 and stays where it is.'
    >>> _share_blocked_words("Zombie 7", "", 2.5)
    'Zombie 7 comes 2.5" and is blocked by a wall or building.'
    """
    blocker = by or "a wall or building"
    if _stood_still(walked):
        return f"{first_up(zombie)} is blocked by {blocker} and stays where it is."
    return f"{first_up(zombie)} comes {inches_walked(walked)} and is blocked by {blocker}."


def _towards(a: d.Point, b: d.Point, inches: float) -> d.Point:
    """The point ``inches`` from ``a`` toward ``b`` (``a`` itself when they stand on one spot).

    >>> _towards((0.0, 0.0), (3.0, 4.0), 0.5)
    (0.3, 0.4)
    """
    span = math.dist(a, b)
    if span == 0:
        return a
    return (round(a[0] + (b[0] - a[0]) * inches / span, 6), round(a[1] + (b[1] - a[1]) * inches / span, 6))
