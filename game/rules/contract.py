"""The rule-set contract: everything a rule set hands the layers above it, as plain data.

The screen, the controller, saves, replays, the demo, the simulator and the benchmarks are written
once against this module; none of them names a rule set. A rule set is one package under
``game/rules/<key>/`` that registers a :class:`~game.rules.core.RuleSet` carrying:

- the **game** (``new_game``, ``apply``, ``preview``, ``legal_commands``, ``state_data``, ``over``,
  ``winner``, and ``figures`` / ``figure(fid)`` / ``table`` so the screen can find a base under the
  pointer): :class:`game.rules.core.Game`;
- its **set-up** as data (:class:`SetupSpec`), turned into game options and checked by :class:`Setup`;
- its **view** of a game (:class:`View`): the turn line, the objective line, the roster, each figure's
  token look, each figure's actions (with the reason when one is not available), the commands the
  screen's aiming makes, the previews as drawing primitives (:mod:`game.rules.drawing`), and each
  event as log lines, a sound and an animation;
- its **rules reference** (:class:`Section` list), its **after-action report** (:class:`Report`), the
  simulator's figures for one game (:class:`Outcome`), the demo's force picker and its invariants.

Everything here is plain data or a protocol: no pygame, no rule set imported.

>>> Action("fire", False, "No zombie in sight, in arc and in range.").available
False
>>> Aim(path=((3.0, 4.0),)).targets
()
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from game.rules.drawing import Point, Primitive
from game.rules.plays import Command, Event, Preview
from game.scenario.model import Scenario

# ---- words and tones ------------------------------------------------------------------------------

# The tone of a piece of text (roster cells, log lines): the screen picks the colour, never the rules.
Tone = Literal["plain", "good", "bad", "warn", "spent", "muted", "dice", "turn", "enemy", "gold"]

# The hex colour of each tone, for text the rules mark up for the log (pygame_gui HTML). Kept here so
# every rule set's log reads alike; the screen's own widgets take these too.
TONE_COLOURS: dict[str, str] = {
    "good": "#9BD77A",
    "bad": "#F08A6E",
    "warn": "#F0B070",
    "spent": "#8A8A78",
    "muted": "#A9A68E",
    "dice": "#E4CE84",
    "turn": "#8FC3F0",
    "enemy": "#D98C8C",
    "gold": "#E4CE84",
}


def toned(tone: str, text: str) -> str:
    """``text`` (already HTML-escaped) in the colour of ``tone``: the one markup log lines use.

    >>> toned("good", "Zombie z4 is killed.")
    '<font color="#9BD77A">Zombie z4 is killed.</font>'
    """
    colour = TONE_COLOURS.get(tone)
    return f'<font color="{colour}">{text}</font>' if colour else text


# ---- set-up ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One entry of a pick: the value the rules read and the words the player reads; ``note``, a line the
    set-up shows under the pick while this entry is chosen (what a section carries: a newcomer choosing one
    could not tell them apart by their names)."""

    value: str
    label: str
    note: str = ""


@dataclass(frozen=True)
class Pick:
    """Choose one of ``options`` (a drop-down). ``house`` marks a house value or reading; ``asked_when``
    (a per-player key and a value) asks it only while some player's answer to that key is that value (the
    American Corporal's weapon, while a player commands Americans).

    >>> pick = Pick("corporal", "Corporal's weapon", (), "thompson", asked_when=("section", "american"))
    >>> pick.asked({"each": [{"section": "british"}]}), pick.asked({"each": [{"section": "american"}]})
    (False, True)
    """

    key: str
    label: str
    options: tuple[Option, ...]
    default: str
    help: str = ""
    house: bool = False
    asked_when: tuple[str, str] | None = None

    def asked(self, answers: Answers) -> bool:
        """Whether the set-up asks this now, by the answers so far."""
        if self.asked_when is None:
            return True
        key, value = self.asked_when
        return any(each.get(key) == value for each in answers.get("each", []))


@dataclass(frozen=True)
class Switch:
    """A yes/no choice, e.g. a literal reading of the source instead of the house reading."""

    key: str
    label: str
    default: bool = False
    help: str = ""
    house: bool = False


@dataclass(frozen=True)
class NamedFigures:
    """A player's named figures (``count_min`` .. ``count_max`` of them), each with the picks in
    ``gear`` (e.g. a ranged and a close-combat weapon). Answered as a list of dicts with ``name``
    and one value per gear key; a name is at most ``name_chars`` characters (the screen draws it on the table)."""

    key: str
    label: str
    count_min: int
    count_max: int
    gear: tuple[Pick, ...]
    default_names: tuple[str, ...] = ()
    name_chars: int = 60


@dataclass(frozen=True)
class TeamOption:
    """One thing the team builder could add now, with its cost and the reason it is refused."""

    id: str
    label: str
    cost: int
    refused: str = ""  # empty when allowed
    help: str = ""  # what it does, in a few words (the Add list's tooltip)
    heading: str = ""  # a line the list shows above it: the start of a group of options, and what they are


@dataclass(frozen=True)
class Team:
    """A points-budget team built from a roster; the rules list what may be added
    (:meth:`Setup.team_options`) and refuse with a reason. Answered as a list of dicts, one per unit
    or option taken: the set-up screen adds ``{"id": TeamOption.id, "label": ..., "cost": ...}``
    (the rule set may keep more keys in the answers it makes itself). What Remove leaves is
    :meth:`Setup.remove_taken`'s."""

    key: str
    label: str
    budget: int
    help: str = ""


SetupField = Pick | Switch | NamedFigures | Team


@dataclass(frozen=True)
class SetupSpec:
    """The choices a new game asks for. ``per_player`` fields are asked once per player;
    ``for_game`` once. The screen renders them generically and hands back :data:`Answers`."""

    players_min: int = 1
    players_max: int = 1
    players_default: int = 1
    per_player: tuple[SetupField, ...] = ()
    for_game: tuple[SetupField, ...] = ()
    player_noun: str = "player"  # "section", "survivor group", "squad": "Player 2 section"
    note: str = ""  # a line under the choices: "All players are on the Allied side; the game plays the zombies."
    # the player's own entries left out (a broken roster entry), each with its file, entry and reason: shown
    # when the set-up opens
    skipped: tuple[str, ...] = ()
    # the answers a new game opens with when the map fills them (e.g. the characters a map places, the
    # ones the simulator plays); None: every field at its default
    starting: dict[str, Any] | None = None
    # the same for other numbers of players, keyed by the number (the map's team shared out evenly)
    starting_for: dict[int, dict[str, Any]] = field(default_factory=dict)


# What the set-up screen hands back: {"players": n, "each": [{key: value} per player], "game": {key: value}}
Answers = dict[str, Any]


def default_figure(f: NamedFigures, taken: Iterable[str] = ()) -> dict[str, Any]:
    """A new named figure's answers: the first of the map's names nobody has yet (else "Character 3"),
    default gear. Two figures never share a name: the log and the roster call them by it.

    >>> f = NamedFigures("characters", "Characters", 1, 4, (), ("Dale",))
    >>> default_figure(f)["name"], default_figure(f, ["dale"])["name"], default_figure(f, ["Dale", "Character 1"])["name"]
    ('Dale', 'Character 1', 'Character 2')
    """
    used = {t.casefold() for t in taken}
    word = f.label.rstrip("s").capitalize()
    spare = (f"{word} {k}" for k in range(1, len(used) + 2))
    name = next(n for n in (*f.default_names, *spare) if n.casefold() not in used)
    return {"name": name, **{g.key: g.default for g in f.gear}}


def figure_names(answers: Answers) -> list[str]:
    """Every named figure's name in ``answers``, all players."""
    return [
        str(fig.get("name", ""))
        for each in answers.get("each", [])
        for value in each.values()
        if isinstance(value, list)
        for fig in value
        if isinstance(fig, dict)
    ]


def default_player(spec: SetupSpec, taken: Iterable[str] = ()) -> dict[str, Any]:
    """One player's answers before he touches them: every pick at its default, the fewest named figures
    allowed (names nobody in ``taken`` has), an empty team (the rule set builds its default)."""
    names = list(taken)
    out: dict[str, Any] = {}
    for f in spec.per_player:
        if isinstance(f, NamedFigures):
            out[f.key] = []
            for _ in range(f.count_min):
                out[f.key].append(default_figure(f, names))
                names.append(out[f.key][-1]["name"])
        else:
            out[f.key] = f.default if isinstance(f, Pick | Switch) else []
    return out


def default_answers(spec: SetupSpec, players: int | None = None) -> Answers:
    """The answers a set-up starts from before anyone touches it: the map's own (``spec.starting``: the
    characters a map places) when it is for that many players, else ``players`` (the default number when
    None) players at their defaults (:func:`default_player`). What the screen opens with, ``check`` and
    the designer view set a map up with: what they show is what pressing Begin plays.

    >>> spec = SetupSpec(1, 2, 1, per_player=(Pick("nation", "Nation", (Option("us", "US"),), "us"),))
    >>> default_answers(spec, players=2)
    {'players': 2, 'each': [{'nation': 'us'}, {'nation': 'us'}], 'game': {}}
    """
    n = spec.players_default if players is None else players
    n = max(spec.players_min, min(spec.players_max, n))
    if spec.starting is not None and int(spec.starting.get("players", 0)) == n:
        return copy.deepcopy(spec.starting)
    if n in spec.starting_for:
        return copy.deepcopy(spec.starting_for[n])
    answers: Answers = {"players": n, "each": [], "game": {}}
    for _ in range(n):
        answers["each"].append(default_player(spec, figure_names(answers)))
    answers["game"] = {f.key: f.default if isinstance(f, Pick | Switch) else [] for f in spec.for_game}
    return answers


class Setup(Protocol):
    """A rule set's set-up: the spec for a scenario, and answers turned into game options.

    A rule set's set-up subclasses this to take the defaults of the optional methods (a team and what Remove
    leaves of it) and states only what differs.

    A set-up may also say what the choices mean in play that a player should know before Begin, in the rules'
    words: ``notes(scenario, answers) -> list[str]`` (a solo Zombie 40,000 game has no one to charge); the default
    notes nothing."""

    def spec(self, scenario: Scenario) -> SetupSpec:
        """The choices this scenario asks for (players allowed by its properties, and so on)."""
        ...

    def options(self, scenario: Scenario, answers: Answers) -> dict[str, Any]:
        """The game options for these answers (what ``new_game`` takes and a save keeps)."""
        ...

    def answers(self, scenario: Scenario, options: dict[str, Any]) -> Answers:
        """The answers that give ``options`` (to show a saved game's choices, or to play it again)."""
        ...

    def refusals(self, scenario: Scenario, answers: Answers) -> list[str]:
        """Why these answers cannot start a game (empty when they can), one sentence each."""
        ...

    def describe(self, options: dict[str, Any]) -> str:
        """The options in a few words for a load list: ``American, British`` or ``2 survivors``."""
        ...

    def team_options(self, scenario: Scenario, answers: Answers, player: int) -> list[TeamOption]:
        """What player ``player`` (1-based) may add to his :class:`Team` now: nothing, for a rule set without
        one."""
        return []

    def remove_taken(self, taken: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
        """What is left of a :class:`Team`'s ``taken`` when Remove is pressed on row ``index``: without it that
        one thing (a rule set whose things are added to another, models to a unit, says otherwise).

        >>> class Plain(Setup): ...
        >>> Plain().remove_taken([{"id": "a"}, {"id": "b"}, {"id": "c"}], 1)
        [{'id': 'a'}, {'id': 'c'}]
        """
        return taken[:index] + taken[index + 1 :]

    def notes(self, scenario: Scenario, answers: Answers) -> list[str]:
        """What these choices mean in play that a player should know before Begin, in the rules' words; by
        default nothing.

        >>> class Plain(Setup): ...
        >>> Plain().notes(None, {})  # type: ignore[arg-type]
        []
        """
        return []


# ---- the view of a game ---------------------------------------------------------------------------


class Played(Protocol):
    """What the view's defaults read of any game: whether it is over, and a figure by its id (with its
    ``position``, ``facing``, ``state`` and, when it has one, ``name``)."""

    @property
    def over(self) -> bool: ...

    def figure(self, fid: str) -> Any: ...


# The game a view reads: a rule set's own game class (a view only reads it, so a view of the core ``Game``
# serves no narrower game, and a narrower view is no view of every game).
G = TypeVar("G", bound=Played, contravariant=True)


@dataclass(frozen=True)
class RosterImport:
    """What a rule set made of one army-builder file for the player's own roster (``deadground roster
    import``): the roster text to write at ``path`` (empty when nothing was taken), one line per unit taken,
    and one per thing left out with its file, entry, field and reason. The caller writes the file, so the
    rules never write to disk."""

    file: str
    path: Path
    text: str
    imported: tuple[str, ...]
    skipped: tuple[str, ...]
    notes: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # the names of the units taken alone, for a one-line message


# (the file, the player's data folder[, the files read with it]) -> what it made; raises ValueError naming the
# file and the fix
RosterImporter = Callable[..., RosterImport]


@dataclass(frozen=True)
class Look:
    """How a figure is shown right now: the rules' state, or a step behind it while events play."""

    position: Point
    facing: float
    state: str  # a state word of the rule set: standing, knocked_down, dead, exited, ...
    badge: str = ""  # short text under the base (GUTS "7", wounds "2")
    # the rule set's words for the figure ("tired", "jammed") as of the last time the screen caught up with
    # the rules: the roster reads them, so a roll still queued to play is not shown before its log line
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class TokenLook:
    """A figure's token as the rules describe it (the screen adds selection and position).

    ``side`` picks the base colour; ``state`` how it is drawn (``standing``, ``knocked_down``,
    ``dead``, ``acted``); ``layer`` orders drawing (markers of the dead under the fallen under the
    standing); a ``hidden`` token is not drawn (a figure that left the table)."""

    sprite: str
    side: Literal["allies", "zombie", "npc", "neutral"]
    state: str
    badge: str = ""
    label: str = ""
    base_radius: float = 0.5
    layer: int = 2
    hidden: bool = False
    player: int = 0  # the human player whose figure it is (hot-seat colours and marks); 0 for none
    mark: str = (
        ""  # a letter on the base (a rank: "S" a sergeant), read where a packed table has no room for words
    )
    kind: str = ""  # a kind of model the screen sets apart from the crowd ("boss": the Zombie Boss)


@dataclass(frozen=True)
class ActionKind:
    """A kind of action the rule set offers, shown as a button with a key.

    ``aim`` is how the player says where: ``path`` (click a destination; shift-click waypoints; drag
    to face), ``figure`` (click a figure; ``targets`` > 1 lets shift-click pick the earlier ones),
    or ``now`` (the button acts at once)."""

    key: str
    label: str  # "Move"
    hotkey: str  # "m"
    icon: str  # a sprite id, "icons.move"
    aim: Literal["path", "figure", "now"]
    hint: str  # the button's tooltip when it is on: 'MOVE up to 6" (M)'
    targets: int = 1
    prompt: str = ""  # the status line when the mode starts: "Click a zombie to fire at."
    # a "now" action the unit takes as a whole (a squad's power-up choice): pressed with nobody selected, it is
    # the one unit's that may take it; else a model is picked first (a Duct Tape is for one model)
    whole_unit: bool = False


@dataclass(frozen=True)
class Action:
    """One kind of action for one figure now: available, or the rules' reason why not."""

    key: str
    available: bool
    reason: str = ""


@dataclass(frozen=True)
class Aim:
    """What the player pointed at for an action: a path (waypoints then the destination) with an
    optional facing, or the figures picked (in order)."""

    path: tuple[Point, ...] = ()
    facing: float | None = None
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cell:
    """A piece of a roster line."""

    text: str
    tone: Tone = "plain"
    bold: bool = False
    short: str = ""  # the words in a line too long for its box ("1 shot" for "1 shot left (in contact: ...)")


@dataclass(frozen=True)
class RosterRow:
    """One figure's line: its name (a link that selects it), the cells, and its state word."""

    figure: str
    name: str
    cells: tuple[Cell, ...]
    status: Cell


@dataclass(frozen=True)
class RosterGroup:
    """One player's (or side's) figures under a heading; ``acting`` marks whose turn it is."""

    title: str
    acting: bool
    rows: tuple[RosterRow, ...]
    player: int = 0  # the human player the group belongs to (its colour and mark); 0 for none


@dataclass(frozen=True)
class Animation:
    """How the screen shows one event.

    - ``move``: ``figure`` glides along ``path`` and ends facing ``facing`` (or along the last leg);
      consecutive moves with the same ``group`` glide together as one step;
    - ``shot``: a tracer from ``figure`` to ``target``: a figure, or a unit (the tracer then goes to the figure
      of the unit nearest ``figure`` and still on the table);
    - ``state``: ``figure`` takes the state word ``state`` (falls, dies, stands, leaves, appears);
    - ``badge``: ``figure``'s badge becomes ``badge``;
    - ``face``: ``figure`` turns to ``facing``;
    - ``pause``: nothing moves; the log and dice show.
    ``seconds`` is how long the step lasts at speed 1 (a move's length sets its own).
    """

    kind: Literal["move", "shot", "state", "badge", "face", "pause"]
    figure: str = ""
    path: tuple[Point, ...] = ()
    facing: float | None = None
    target: str = ""
    state: str = ""
    badge: str = ""
    seconds: float = 0.0
    group: str = ""


@dataclass(frozen=True)
class ShopOffer:
    """One line of a shop's price lists: ``why`` it may not be bought now for the chosen figure ("" when it
    may)."""

    key: str
    heading: str  # the list it is on ("Pistols")
    label: str
    price: int
    why: str = ""
    note: str = ""  # what it does in this game (or why nothing)


@dataclass(frozen=True)
class ShopWare:
    """Something bought that may be sold back now, and for how much."""

    key: str
    label: str
    refund: int
    owner: str = ""  # the figure carrying it ("" for the whole unit's)


@dataclass(frozen=True)
class ShopLook:
    """A rule set's shop for the acting player (the Killing Floor mod of Zombie 40,000): the price lists, the
    points, the figures that may shop and what the chosen one may sell. ``closed`` says why nothing may be
    bought or sold now ("" when the shop is open)."""

    title: str
    points: int
    figures: tuple[tuple[str, str], ...]  # (figure id, label)
    figure: str  # the chosen figure
    offers: tuple[ShopOffer, ...]
    wares: tuple[ShopWare, ...]
    closed: str = ""
    note: str = ""


class View(Protocol[G]):
    """What the screen shows of one game, and how its aiming becomes commands.

    Every method reads the game; none changes it. ``fid`` is a figure id. ``G`` is the rule set's game
    class: a rule set's view names it (``View[ZombiekriegGame]``), so mypy checks the view against its game;
    the screen, written once for every rule set, holds a ``View[Game]``. A rule set's view that subclasses
    this takes the defaults of the methods that have one (no badge words, no question before sending, nothing
    drawn round the selected figure...) and states only what differs."""

    action_kinds: tuple[ActionKind, ...]  # the rule set's action buttons, in order
    figure_noun: str  # what the player's figures are called: "soldier", "survivor", "model"
    # (optional) ``end_words``: the End button's words where E ends less than a turn ("End phase");
    # the screen reads it with getattr and says "End turn" without it
    # (optional) ``animation_in(game, event) -> Animation | None``: as ``animation``, with the game to read (a
    # fight's rolls held longer than a shot's, told apart by the log); the screen asks it instead where it is there
    # (optional) ``button_hint(game, key) -> str``: button ``key``'s tooltip in this game's words where its
    # ``ActionKind.hint`` says less (a power-up button: what the power-up the team carries does); "" for the hint
    # (optional) ``ask_before_ending``: True where the first E asks before ending while figures who may act have
    # not ("2 survivors have not acted: press E again to end the step"); without it E ends at once.
    # (optional) ``end_warning(game) -> str``: what that question adds after ", and " ("Infantry Squad is out of
    # coherency ..."); "" for nothing
    # ``optional_actions``: the action keys that do not count there (a figure who could only run is not asked about)
    # (optional) ``stop_words(game, events) -> str``: the status line once the game stops for the player, saying
    # what he should know of ``events`` (those shown since he last had the table): what passed by itself, how an
    # order he gave goes on; "" for nothing to say
    # (optional) ``spent(game, fid) -> bool``: the figure has taken his action this turn, so the hint offers no
    # keys of the actions left off the panel (what is left him, a free ORDER, is on it)
    # (optional) ``never_takes(game, fid) -> frozenset[str]``: the keys of the actions the figure can never take
    # (a rifleman never ORDERs), which the hint does not offer; one he takes later in the turn it still offers
    # (optional) ``aim_when_refused``: the keys of figure-aimed actions whose refused button still aims them (a
    # refused FIRE stays in fire mode: the next click on a target says why, never moves toward it)
    # (optional) ``aims_again``: the keys of figure-aimed actions the screen aims again after one is made, while the
    # figure may still take it (a shooter with shots left stays in Fire: the next click on a zombie fires again)
    # (optional) ``phase_line(game, turn, event) -> str | None``: the top bar while events play back, from
    # ``event`` on when it begins a phase or step ("Move 3 · first blows"); None for any other event.
    # (optional) ``acting_shown(game, event) -> (player, words) | None``: who acts from ``event`` on while events play
    # back (a player as his phase begins; None and the side's name, "The zombies", as the game's own side begins):
    # the roster marks that side acting, not the one the rules have moved on to; None for any other event
    # (optional) ``roster_room``: words a roster row may gain as the game goes ("grabbed tired"), kept room for when
    # its line is fitted: a row whose weapons would go under his name once they came has them there from the start,
    # so the rows do not move down between turns
    # (optional) ``phase_notice(game, event) -> (key, words) | None``: the notice shown over the table as a phase
    # begins or passes by itself ("Shooting skipped: Infantry Squad is locked in close combat"); a later notice
    # of the same key replaces it. A command that moves the game on further than the player asked arms the
    # screen's guard against an E meant for the phase before (see ``Controller.moved_on``)
    # (optional) ``caption(game, event) -> str | None``: an event the table alone does not explain, in plain words
    # for an onlooker (zombies arriving, a wiped-out team back): the demo holds it up a few seconds; None for the rest
    # (optional) ``hold_before(game, events) -> (index, words)``: where a command's events go on by themselves into
    # steps the player did not start (his last survivor acted, the zombies' step follows): the screen pauses
    # before ``events[index]`` (None: no pause), ``words`` in the status line, until Space, a click or a moment
    # (``HOLD_SECONDS``) goes on
    # (optional) ``zombie_phase_seconds``: how long, at 1x, the zombies' moves of one phase may take on screen at
    # most (3.5 s without it: twenty zombies shamble at once; a few hordes, one after another, want longer)
    # (optional) ``demo_beat``: seconds the demo's table holds still after each command is shown, for a rule set whose
    # game is played in few commands (a game over in a minute went by a passer-by); 0 without it
    # (optional) ``terrain_words``: a map class in the rule set's words where they differ, for the outlines'
    # labels ({"clutter": "difficult ground"}: "difficult ground: Rubble"); without it the class is shown
    # (optional) ``shop(game, figure) -> ShopLook | None`` (None: this game has no shop) and
    # ``shop_command(game, figure, key, sell) -> Command``: a shop the screen shows in its own panel
    # (optional) ``button_words``: True where the status line and the hint list a figure's actions as his buttons
    # print them ("Move, Squad"); without it in capitals, as a rule book names its actions ("MOVE, FIRE")
    # (optional) ``idle_words(game, fid) -> str``: what a selected figure with no action now may still do this turn
    # (a tired survivor may still fire once a zombie is in range), said where the hint would say "no action left"
    # (optional) ``badge_legend``: ((letter, words), ...) for the letters on the tokens, and ``badge_words(game, fid,
    # badge) -> str`` for one token's: How to play lists them, the hover card says a token's
    # (optional) ``held_words(game, fid) -> str``: why a selected figure who may act lacks an action he usually has
    # ("tired: cannot move this move"), said after his actions on the status line and the hint
    # (optional) ``acts_for(game, action) -> str | None``: the figure an action button stands for when none is
    # selected (the squad that owes a power-up choice: keys 1 and 2 need no pick first); None: select first
    # (optional) ``table_marks(game, looks) -> list[Primitive]``: marks the table shows whatever is selected (a
    # zombie's grab on the human it holds), drawn at the figures' ``looks`` once no event is playing
    # (optional) ``told_marks(game, event, looks) -> list[Primitive] | None``: the marks the table shows while events
    # play back, from ``event`` on (who fights whom while a fight is told); [] clears them, None keeps those up
    # (optional) ``shown_looks(game, event, looks) -> dict[str, Look]``: the looks an event changes once the screen
    # shows it, beyond its animation (the words the roster reads: a grab, a shot spent); the rules may be a turn
    # ahead while events play, and the roster follows the looks (the screen takes the rules' looks once they end)

    # -- the panels
    def turn_line(self, game: G, opponent_moving: bool = False, turn: int | None = None) -> str:
        """``Turn 3 — Player 2 (British)``; ``opponent_moving`` while the screen plays the game's own side;
        ``turn`` is the turn the screen is showing while events play (the rules may be a turn ahead)."""
        ...

    def turn_of(self, event: Event) -> int | None:
        """The turn an event begins (the rule set's "turn started" event), else None (by default, none does:
        the screen counts no turns)."""
        return None

    def objective_line(self, game: G) -> str: ...

    def roster(self, game: G, looks: dict[str, Look], ready: set[str]) -> list[RosterGroup]:
        """The players' figures, acting player first; ``looks`` are what the screen shows now,
        ``ready`` the figures that may still act."""
        ...

    def acting_player(self, game: G) -> int | None:
        """The human player whose commands the game waits for; None while the rules move."""
        ...

    def end_turn(self, game: G) -> Command:
        """The command that ends the acting player's turn (End turn / E)."""
        ...

    def can_end_turn(self, game: G) -> str:
        """Empty when End turn is allowed now, else why not (by default: allowed until the game is over)."""
        return "The game is over." if game.over else ""

    def result(self, game: G) -> tuple[str, bool]:
        """The status line when the game is over, and whether it is bad news for the players."""
        ...

    # -- figures
    def name(self, game: G, fid: str) -> str:
        """The figure as a player reads it: ``Rifleman us1-r3`` (by default its ``name``, else its id)."""
        return str(getattr(game.figure(fid), "name", "") or fid)

    def look(self, game: G, fid: str) -> Look:
        """The figure as the rules have it now (by default its place, facing and state, no badge)."""
        f = game.figure(fid)
        return Look((float(f.position[0]), float(f.position[1])), float(f.facing), f.state)

    def token(self, game: G, fid: str, look: Look) -> TokenLook: ...

    def tooltip(self, game: G, fid: str, look: Look) -> list[str]:
        """What hovering the token says, a line each: by default the figure's name and its state word."""
        return [self.name(game, fid), look.state]

    def summary(self, game: G, fid: str) -> str:
        """A few words after the name in the hint line: ``G9`` (by default none)."""
        return ""

    def selectable(self, game: G, fid: str) -> str:
        """Empty when the acting player may select this figure, else why not (a zombie, not his)."""
        ...

    # -- actions and aiming
    def actions(self, game: G, fid: str) -> list[Action]:
        """Every kind in :attr:`action_kinds` for this figure now: available, or why not."""
        ...

    def default_action(self, game: G, fid: str, target: str | None) -> str | None:
        """The obvious action when the selected ``fid`` hovers ``target`` (None: open ground)."""
        ...

    def command(self, game: G, fid: str, action: str, aim: Aim) -> Command | None:
        """The command for ``action`` aimed at ``aim``, or None when the aim makes no command."""
        ...

    def first_pick(self, game: G, fid: str, action: str, target: str) -> tuple[bool, str]:
        """Shift-click on ``target`` for an action with ``targets`` > 1: (taken, what to say). By default no
        action picks more than one target."""
        return False, "One target only."

    def miss(self, game: G, fid: str, action: str | None, target: str | None) -> str:
        """Why a click at ``target`` (None: open ground) makes no command for ``action`` (None: the
        figure is only selected)."""
        ...

    def confirm(self, game: G, cmd: Command, preview: Preview) -> str:
        """A question to ask before ``cmd`` is sent (a move that stops short of the pointer): the first
        click shows it, a second click on the same command sends it. Empty (the default): send at once."""
        return ""

    def explain(self, game: G, fid: str, target: str) -> Command | None:
        """A command to preview only to show why ``target`` cannot be acted on (a zombie he cannot
        shoot: its sight line and the reason), or None (the default)."""
        return None

    def reach(self, game: G, fid: str, look: Look, actions: Sequence[Action]) -> list[Primitive]:
        """The selected figure's reach: move allowance, command radius, front arc, range bands (by default
        nothing)."""
        return []

    def drawing(
        self, game: G, cmd: Command, preview: Preview, face_toward: Point | None = None
    ) -> list[Primitive]:
        """A previewed command drawn: its path, sight line, markers and the plate with the odds."""
        ...

    # -- events
    def log_lines(self, game: G, events: Sequence[Event]) -> list[str]:
        """Log lines (HTML with :func:`toned` colours, ``<b>``, ``<i>``) for a batch of events."""
        ...

    def sound(self, game: G, event: Event) -> str | None:
        """The sound id (``sounds/manifest.toml``) an event makes, or None."""
        ...

    def animation(self, event: Event) -> Animation | None:
        """How an event shows on the table, or None (it only logs)."""
        ...

    def handoff(self, game: G, event: Event) -> tuple[int, str] | None:
        """For an event that gives the table to a human player: (player, "Player 2 — your section"); by
        default none does (one player)."""
        return None

    def command_words(self, game: G, cmd: Command) -> str:
        """A command in a player's words, for undo's refusal: ``End turn``, ``MOVE of Rifleman us1-r3`` (by
        default its kind's name: ``Strike``)."""
        return type(cmd).__name__

    def opponent_moved(self, events: Sequence[Event]) -> bool:
        """True when these events include the game's own side's turn (the zombies moving)."""
        ...

    # (optional) ``rules_acting(event) -> bool``: True when ``event`` is the game's own side's action, which the
    # screen's turn camera brings into view (a step where the zombies only fight is theirs too); the screen
    # reads it with getattr and counts ``opponent_moved`` events without it


# ---- rules reference ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """A table of the rules reference: header row and rows of cells; ``house`` rows are marked."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    house_rows: tuple[int, ...] = ()  # indexes of rows that are house values
    caption: str = ""  # the line above the table: "Reaction table (1D6 for the whole unit)"
    house: bool = False  # the whole table is a house table (its caption is tagged)


@dataclass(frozen=True)
class Run:
    """A piece of a paragraph's text; a ``house`` run is a house value (shown as one in the text)."""

    text: str
    house: bool = False


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of the reference; ``house`` marks a house value or reading the game plays.

    ``kind`` is how it is laid out (a ``step`` shows its ``number``); ``runs`` split ``text`` into
    pieces when some of them are house values (their texts join to ``text``; empty: one plain run)."""

    text: str
    house: bool = False
    kind: Literal["text", "bullet", "step", "subheading"] = "text"
    number: int = 0
    runs: tuple[Run, ...] = ()


@dataclass(frozen=True)
class Section:
    """A section of the rules reference: a heading, then paragraphs and tables in order."""

    title: str
    body: tuple[Paragraph | Table, ...]


# ---- after the game -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Series:
    """One line of the end-screen chart: a value per turn (``Report.series_turns``). The screen
    draws the series in order, each in its own colour, dash and marker (the first solid with
    circles, the second dashed with squares, the third dotted with triangles)."""

    label: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class RollRow:
    """One survivor on the roll of honour: a number at the start and at the end (GUTS, wounds), or ``words``
    read instead where a count from nothing says more ("killed 2 zombies", "killed none")."""

    name: str
    before: int
    after: int
    marked: bool = False  # e.g. got away by the exit
    mark: str = ""  # a marked row's own words ("team escaped: 1 aboard, 4 left"), else the report's ``roll_mark``
    words: str = ""


@dataclass(frozen=True)
class Report:
    """The after-action report the end screen draws (and the simulator may add up via ``data``).

    ``victory`` is True/False for the human players, None when nobody won (the headline's colour,
    icon and fanfare follow it). ``stats`` are (label, value) pairs shown in two columns, left then
    right; ``groups`` one line per player when there are several; ``roll`` the survivors, each with
    a number at the start and at the end (``roll_key`` says which) and ``roll_mark`` what a marked
    one did; ``roll_empty`` is shown when nobody is on the roll; ``fallen`` names the dead, a line per
    side, under ``fallen_title``. The chart draws ``series`` against
    ``series_turns``.

    >>> r = Report("toy", "Yard", "hero", True, "VICTORY", "The hero got out.", "Yard  —  turn 3",
    ...            stats=(("Turns played", "3"),), roll=(RollRow("Hero", 2, 1, marked=True),))
    >>> r.roll[0].after - r.roll[0].before, r.data
    (-1, {})
    """

    ruleset: str
    scenario: str
    winner: str | None
    victory: bool | None
    headline: str  # VICTORY / DEFEAT / GAME OVER
    reason: str
    subline: str  # "Normandy Village — The Allies win, turn 7 of 15"
    stats: tuple[tuple[str, str], ...] = ()
    citation_title: str = ""  # BEST SOLDIER
    citation: str = ""
    groups: tuple[str, ...] = ()
    roll_title: str = "SURVIVORS"
    roll_key: str = ""  # "GUTS at the start — at the end"
    roll_mark: str = ""  # what a marked row means: "got away"
    roll_empty: str = "No one came through."
    roll: tuple[RollRow, ...] = ()
    fallen_title: str = "THE FALLEN"
    fallen: tuple[str, ...] = ()  # who died, by name, a line per side ("American: Sgt Novak, Rfn Miller")
    chart_title: str = ""
    chart_x_label: str = ""  # "End of turn (0 = set-up)"
    chart_y_label: str = ""
    series_turns: tuple[int, ...] = ()
    series: tuple[Series, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)  # the rule set's own report as JSON


@dataclass(frozen=True)
class Outcome:
    """One game's figures for the balance simulator (and the demo's scoreboard while it plays).

    ``winner`` is the game's winner key ("" while nobody has won); ``human_win`` says whether the
    human side(s) won; ``seat`` which human player won when players race each other (0 otherwise);
    ``figures`` are named numbers the simulator averages and makes histograms of (e.g.
    ``{"soldiers": 11, "soldiers_lost": 3}``); ``lists`` are numbers per figure (e.g. survivors'
    GUTS) it makes one histogram of over every game; ``score`` says who is winning in a few words.

    The rule set's ``outcome_labels`` give the words: ``"wins.<winner>"`` for each winner key, in
    the order the report lists them (``"wins.allies": "Allied wins"``), ``"human"`` for the human
    side in "... win rate" (``"Allied"``), and each figure and list key (``"soldiers_lost":
    "Allied soldiers lost"``). A key without words shows as itself.

    >>> o = Outcome("hero", True, 3, figures={"rescued": 2})
    >>> o.human_win, o.seat, o.lists
    (True, 0, {})
    """

    winner: str
    human_win: bool
    turns: int
    reason: str = ""
    seat: int = 0
    figures: dict[str, float] = field(default_factory=dict)
    lists: dict[str, tuple[int, ...]] = field(default_factory=dict)
    score: str = ""  # "Allies 9 up (2 out) - Zombies 17 up"
    # who is ahead while nobody has won, and why, in the rules' terms ("" where the score says it): a game the
    # demo calls time on ends with it ("Player 2 (Ork Boyz) leads the race: 6\" from the escape vehicle")
    lead: str = ""
    names: dict[str, str] = field(
        default_factory=dict
    )  # a side in ``score`` to its force ("Player 1": "Ork Boyz")
    # a side in ``score`` to a few words its count needs ("Player 3": "back next turn": a team wiped out that the rules
    # bring back; the demo's count went 5, 0, 5 with no word why)
    notes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Footprints:
    """Where the human players' figures fell and stalled in one game, and how near they came to the
    objective: the simulator adds these up into its heat maps and its nearest approach.

    ``died`` is the centre of each player figure's base where it was killed (inches, the table's x
    right and y down). ``stalled`` is one point per figure per turn in which it ended the turn on the
    table less than :data:`STALL_INCHES` from where it began the turn without fighting in close combat
    (the rule set says what a turn and a fight are; a figure knocked down or pinned stalls, one that
    stood and shot stalls too: it did not get on). ``nearest`` is the shortest distance any player
    figure's centre came to the objective's place (0.0 when one reached it), None when the objective
    has no place on the table (survive, exterminate). ``reached`` says whether one got there (left by
    the exit, embarked, ended a turn on the objective); ``objective`` names the place ("the exit zone").

    >>> f = Footprints(died=((3.0, 4.0),), nearest=2.5, objective="the exit zone")
    >>> f.reached, f.stalled
    (False, ())
    """

    died: tuple[Point, ...] = ()
    stalled: tuple[Point, ...] = ()
    nearest: float | None = None
    reached: bool = False
    objective: str = ""
    # why each stall happened (one of :data:`STALL_CAUSES`' keys, in the order of ``stalled``)
    stall_causes: tuple[str, ...] = ()
    distances: tuple[float, ...] = ()  # the nearest player figure to the objective at each turn's end
    bystanders_died: tuple[Point, ...] = ()  # where bystanders (NPCs) were killed or turned
    arrivals: dict[str, int] = field(default_factory=dict)  # zombies brought on, by spawn point's name


STALL_INCHES = 0.5  # a figure that moved less than this in a turn (and did not fight) stalled

# Why a figure stalled, worst first: a figure that did several of these in its turn stalled for the
# first of them the rule set noted (a failed test outweighs the shot he took after it).
STALL_CAUSES: dict[str, str] = {
    "failed_move": "failed the test to move (GUTS, morale, froze)",
    "fell_back": "fell back or was held by morale",
    "tired": "stopped for a breather (tired)",
    "shot": "shot instead of moving",
    "ordered": "gave an ORDER instead of moving",
    "jam": "cleared a jammed gun",
    "spotted": "looked for zombies (Spot)",
    "blocked": 'moved under 0.5" (blocked or clutter)',
    "turned": "only turned to face",
    "at_objective": "held the objective",
    "quiet_start": "waited for the outbreak (the quiet start: nobody acts before the first attack)",
    "waited": "took no action (no safe way forward)",
}


# ---- campaigns ------------------------------------------------------------------------------------
#
# A campaign is a chain of games. What the players' force carries from one chapter into the next is
# plain data, a :class:`Force`, that the rule set musters from a finished game and puts into the next
# chapter's *options* (:meth:`CampaignRules.options`). So a chapter is an ordinary game (scenario,
# options, seed, commands): saves, undo, replays and their checks need nothing new, and whatever is
# rolled between chapters (a wounded man's recovery, a replacement) is rolled by the next game's own
# dice when it is set up, and shows in its log.


@dataclass(frozen=True)
class Veteran:
    """One figure of a campaign force as a chapter left him.

    ``key`` is who he is from chapter to chapter (unique in the force: a soldier's name, a character's
    name, a team's model); ``state`` is the rule set's own plain data about him (GUTS, wounds, weapons,
    power-ups) and only the rule set reads it; ``history`` is what the campaign screen lists, one line
    per chapter in the player's words ("Farmhouse: 2 kills, lost 1 GUTS").

    >>> v = Veteran("Pvt Kowalski", "Pvt Kowalski", 0, "Rifleman", {"guts": 8})
    >>> v.dead, v.history
    (False, ())
    """

    key: str
    name: str
    player: int  # 0-based: which player's (section's, group's, team's) figure
    kind: str  # what he is, in the rule set's words ("Rifleman", "Tactical Marine", "Character")
    state: dict[str, Any] = field(default_factory=dict)
    history: tuple[str, ...] = ()
    kills: int = 0  # over the whole campaign
    dead: bool = False  # the dead stay in the force's record (the campaign screen names them) but never play


@dataclass(frozen=True)
class Force:
    """The players' side as a chapter left it: its veterans and what the side holds as a whole (a team's
    Killing Floor points, the chapter count for a growing horde), both plain data that go into the next
    chapter's options and into the campaign's progress file.

    >>> f = Force((Veteran("a", "Pvt A", 0, "Rifleman"), Veteran("b", "Pvt B", 0, "Rifleman", dead=True)))
    >>> [v.name for v in f.living]
    ['Pvt A']
    """

    veterans: tuple[Veteran, ...] = ()
    pool: dict[str, Any] = field(default_factory=dict)

    @property
    def living(self) -> tuple[Veteran, ...]:
        return tuple(v for v in self.veterans if not v.dead)

    def to_data(self) -> dict[str, Any]:
        """The force as JSON-ready data (a chapter's options, the progress file).

        >>> Force((Veteran("a", "Pvt A", 0, "Rifleman", {"guts": 8}),)).to_data()["veterans"][0]["state"]
        {'guts': 8}
        """
        return {
            "veterans": [{**v.__dict__, "history": list(v.history)} for v in self.veterans],
            "pool": copy.deepcopy(self.pool),
        }

    @classmethod
    def from_data(cls, data: Any) -> Force:
        """A force from :meth:`to_data`; a ValueError says what is wrong (a save or progress file may be
        hostile: at most :data:`MAX_VETERANS` veterans, every field of its type).

        >>> f = Force((Veteran("a", "Pvt A", 0, "Rifleman", history=("Farm: 1 kill",)),))
        >>> Force.from_data(f.to_data()) == f
        True
        >>> Force.from_data({"veterans": [{"key": "a"}]})
        Traceback (most recent call last):
        ...
        ValueError: veteran 1: missing 'name'
        """
        if not isinstance(data, dict) or not isinstance(data.get("veterans", []), list):
            raise ValueError("a force is a table with a list of veterans")
        rows, pool = data.get("veterans", []), data.get("pool", {})
        if len(rows) > MAX_VETERANS or not isinstance(pool, dict):
            raise ValueError(f"a force has at most {MAX_VETERANS} veterans and a table of what it holds")
        return cls(tuple(_veteran(i, row) for i, row in enumerate(rows, 1)), copy.deepcopy(pool))


MAX_VETERANS = 200  # [house] figures carried in one force: a few squads, never thousands


def _veteran(number: int, row: Any) -> Veteran:
    """One veteran of :meth:`Force.from_data`, its fields checked."""
    if not isinstance(row, dict):
        raise ValueError(f"veteran {number}: not a table")
    types: dict[str, tuple[type, ...]] = {"key": (str,), "name": (str,), "player": (int,), "kind": (str,)}
    for name, kinds in types.items():
        if name not in row:
            raise ValueError(f"veteran {number}: missing {name!r}")
        if not isinstance(row[name], kinds) or isinstance(row[name], bool):
            raise ValueError(f"veteran {number}: {name!r} is not a {kinds[0].__name__}")
    state, history = row.get("state", {}), row.get("history", [])
    if (
        not isinstance(state, dict)
        or not isinstance(history, list)
        or not all(isinstance(h, str) for h in history)
    ):
        raise ValueError(f"veteran {number}: 'state' is not a table or 'history' not a list of lines")
    kills, dead = row.get("kills", 0), row.get("dead", False)
    if not isinstance(kills, int) or isinstance(kills, bool) or not isinstance(dead, bool):
        raise ValueError(f"veteran {number}: 'kills' is not a number or 'dead' not true/false")
    return Veteran(
        row["key"], row["name"], row["player"], row["kind"], copy.deepcopy(state), tuple(history), kills, dead
    )


@dataclass(frozen=True)
class CarryRule:
    """One thing a rule set carries from chapter to chapter, for the rules help, the reference and
    ``check``: its ``key`` (what a campaign file's ``carry`` list names), the rule in words, and whether it
    is a house rule (the sources are silent) or the sources' own.

    >>> CarryRule("guts", "Each soldier keeps his GUTS as the chapter ended them.", house=False).key
    'guts'
    """

    key: str
    words: str
    house: bool = True


class CampaignRules(Protocol[G]):
    """What a rule set adds to play campaigns. A chapter's outcome is the simulator's: ``"win"`` when
    :class:`Outcome`'s ``human_win``, else ``"lose"`` (``"draw"`` when the rules name no winner), or the rule
    set's own winner key (``"allies"``), so a campaign file may branch on either. Generic over the rule set's
    game, as :class:`View` is, so mypy checks ``muster`` against it."""

    carries: tuple[CarryRule, ...]

    def muster(self, game: G) -> Force:
        """The force as ``game`` ended: every veteran who came into it (``game.options``' carried force, or the
        players' figures of a first chapter), the dead marked, each with this chapter's line added to his
        history."""

    def options(
        self, scenario: Scenario, options: dict[str, Any], force: Force, carry: frozenset[str]
    ) -> dict[str, Any]:
        """The next chapter's game options: the chapter's own ``options`` with the ``carry`` parts of ``force``
        put in, so ``new_game`` sets the carried figures up (rolling what the rule set rolls between
        chapters with the game's own dice, into its log). Raises :class:`~game.rules.core.CannotStart` when
        the force cannot play this map (nobody left alive, no room)."""

    # (optional) ``notes(force, carry) -> tuple[str, ...]``: what ``force`` holds for the next chapter besides
    # its figures, a sentence each ("Joining the group in the next chapter: Choir girl Lucy, with a club."),
    # for a chapter's end screen and the campaign screen


# ---- what a rule set registers besides its game ----------------------------------------------------

ViewFactory = Callable[[], View[Any]]
ReferenceMaker = Callable[[Scenario | None, dict[str, Any]], list[Section]]
ReportMaker = Callable[[Any], Report]
OutcomeMaker = Callable[[Any], Outcome]
FootprintsMaker = Callable[[Any], Footprints]
ForcePicker = Callable[[random.Random, Scenario], dict[str, Any]]
Invariants = Callable[[Any], list[str]]
