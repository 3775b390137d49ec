"""The moments at which Zombie 40,000's core asks its add-ons (respawning, power-ups, the mods, Killing
Floor), and the plug-in interface they answer through.

The core (world, movement, shooting, attacks, assault, turn, zombie_turn, morale) imports no add-on: it asks
``world.hooks``, a :class:`Hooks` holding this game's plug-ins, at each moment. A :class:`Plugin` answers only
the moments it overrides; every other one keeps the core's own answer (no bonus, no re-roll, nothing
refused). An add-on module registers its plug-in class (:func:`register`); :func:`assemble` builds a game's
:class:`Hooks` from the registered classes its mods want, in their ``order``. ``Hooks()`` alone is the bare
core: no respawning, no power-ups, no mods.

The moments:

- commands: an add-on's own commands (``commands``: apply, preview), and ``before_command`` (a power-up
  choice owed refuses every other command);
- set-up and turns: ``squads_deployed``, ``player_respawn_phase``, ``squad_respawned``, ``squad_turn_begins``, ``turn_over``,
  ``has_choice``, ``zombie_respawn_phase``, ``shamble_roll``, ``shamble_targets``, ``shamble_over``;
- what is refused: ``frozen`` (moving, shooting, running, charging), ``attack_refused`` (shooting at or
  charging one unit), ``shot_refused`` (a Shoot at one unit), ``embark_refused``, ``winner`` (who wins
  when a model embarks) and ``time_up`` (who wins at the turn limit);
- numbers: ``move_bonus``, ``initiative_bonus``, ``extra_attacks``, ``extra_shots``, ``moves_as_difficult``,
  ``charge_bonus_denied``, and the weapons a model reaches for first (``weapons_first``) or strikes with
  alone (``weapons_apart``);
- to-hit, re-rolls and wounds: ``reroll`` (what re-rolls a failing roll, by name), ``shot_pool``, ``roll_hits``,
  ``direct`` (each hit takes a wound), ``ignore_wound``;
- kills: ``instead_of_death``, ``model_joined_horde``, ``zombie_killed``, ``instead_of_destruction``,
  ``horde_destroyed``, ``squad_wiped_out``, ``squad_out_for_good``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from game.rules.core import Command, IllegalCommand, Preview

if TYPE_CHECKING:
    from game.rules.zombie40k.attacks import Pool
    from game.rules.zombie40k.data import Z40Data
    from game.rules.zombie40k.state import Model, Unit

# the world is passed as Any: world.py imports this module, and an import back would make a circle


class Plugin:
    """One add-on's answers. Subclass it, override the moments the add-on changes, and :func:`register` it.

    >>> class Louder(Plugin):
    ...     def extra_shots(self, world, m):
    ...         return 1
    >>> Hooks((Louder(),)).extra_shots(None, None), Hooks().extra_shots(None, None)
    (1, 0)
    """

    order: ClassVar[int] = 50  # the order plug-ins answer in (a smaller one first)
    commands: ClassVar[tuple[type[Command], ...]] = ()  # the commands this add-on carries out
    weapons_first: ClassVar[tuple[str, ...]] = ()  # weapon keys a model fires or strikes with first
    weapons_apart: ClassVar[tuple[str, ...]] = ()  # melee weapon keys each model strikes with in its own pool

    # -- which games, and their teams (set-up time: no world yet)
    @classmethod
    def wanted(cls, mods: Sequence[str]) -> bool:
        """Whether a game with these mods plays this add-on."""
        return True

    @classmethod
    def check_team(
        cls, data: Z40Data, mods: Sequence[str], points: int, spec: Any, dealt: bool
    ) -> tuple[Any, str]:
        """A team table as this add-on has it (``dealt``: the default team, nobody built it), and why it is
        refused ("" when it is not)."""
        return spec, ""

    @classmethod
    def refusal(cls, cmd: Command) -> str:
        """Why one of ``commands`` is refused in a game that does not play this add-on."""
        return ""

    # -- commands
    def apply(self, world: Any, cmd: Command) -> None:
        """Carry out one of ``commands`` (IllegalCommand, nothing changed, when it is refused)."""

    def preview(self, world: Any, cmd: Command) -> Preview:
        """What one of ``commands`` would do, without rolling (IllegalCommand when it is refused)."""
        return Preview(True)

    def before_command(self, world: Any, cmd: Command) -> None:
        """Before any command is checked: raise IllegalCommand to refuse it."""

    # -- set-up and turns
    def squads_deployed(self, world: Any) -> None:
        """The squads stand in their zones; the Zombie Boss and the hordes are not placed yet."""

    def player_respawn_phase(self, world: Any, player: int) -> None:
        """Start of a player's turn: a wiped-out squad may come back [seed]."""

    def squad_respawned(self, world: Any, squad: Unit) -> None:
        """After the respawning phase: ``squad`` was wiped out and is back on the table."""

    def squad_turn_begins(self, world: Any, squad: Unit) -> None:
        """The squad's turn begins (its models have not moved); before its movement phase."""

    def turn_over(self, world: Any) -> None:
        """The game turn is over (the zombies have moved), before the next turn begins."""

    def has_choice(self, world: Any, squad: Unit) -> bool:
        """Whether the active squad has something of this add-on to decide now (the phase waits for it)."""
        return False

    def zombie_respawn_phase(self, world: Any) -> None:
        """Start of the zombie turn: destroyed hordes come back [seed]."""

    def shamble_roll(self, world: Any) -> int | None:
        """The zombies' shamble in inches, when this add-on rolls it (None: the core's D6)."""
        return None

    def shamble_targets(self, world: Any, squads: list[Unit]) -> list[Unit]:
        """The squads the hordes may shamble toward."""
        return squads

    def shamble_over(self, world: Any) -> None:
        """Every horde has shambled."""

    # -- what is refused
    def frozen(self, world: Any, unit: Unit) -> str:
        """Why ``unit`` may not move, shoot, run or charge this turn ("" when it may)."""
        return ""

    def attack_refused(self, world: Any, unit: Unit, target: Unit) -> str:
        """Why ``unit`` may not shoot at or charge ``target`` ("" when it may)."""
        return ""

    def shot_refused(self, world: Any, unit: Unit, target: Unit) -> str:
        """Why ``unit`` may not Shoot ``target`` now ("" when it may)."""
        return ""

    def embark_refused(self, world: Any, m: Model) -> str:
        """Why a player's model by the escape vehicle may not embark yet ("" when it may)."""
        return ""

    def winner(self, world: Any, m: Model) -> tuple[str, str] | None:
        """Who wins when ``m`` embarks, and why (None: its player; an empty winner: nobody yet, the game goes
        on)."""
        return None

    def time_up(self, world: Any) -> tuple[str, str] | None:
        """Who wins when the turn limit comes, and why (None: the zombies)."""
        return None

    # -- numbers
    def move_bonus(self, world: Any, unit: Unit) -> float:
        """Inches added to every move, run and charge of ``unit``."""
        return 0.0

    def initiative_bonus(self, world: Any, unit: Unit) -> int:
        return 0

    def extra_attacks(self, world: Any, m: Model) -> int:
        return 0

    def extra_shots(self, world: Any, m: Model) -> int:
        return 0

    def moves_as_difficult(self, world: Any, unit: Unit) -> bool:
        """Whether ``unit`` moves (and charges) as if through difficult terrain wherever it goes."""
        return False

    def charge_bonus_denied(self, world: Any, target: Unit) -> bool:
        """Whether units charging ``target`` lose their bonus Attack."""
        return False

    # -- to-hit, re-rolls and wounds
    def reroll(self, world: Any, unit: Unit, roll: str, value: int = 0) -> str:
        """The name of what lets ``unit`` re-roll a failing roll ("" when nothing does). ``roll``: hit,
        wound, save, fnp, morale, charge, sweep, or move (``value`` the inches rolled)."""
        return ""

    def shot_pool(self, world: Any, pool: Pool, target: Unit) -> Pool:
        """A handful of ordinary shots at ``target`` as this add-on fires them."""
        return pool

    def roll_hits(self, world: Any, unit: Unit, target: Unit, pool: Pool) -> int | None:
        """The hits, when this add-on rolls ``pool``'s to-hit itself (None: the core rolls)."""
        return None

    def direct(self, world: Any, pool: Pool, target: Unit) -> bool:
        """Whether each hit of ``pool`` on ``target`` takes a wound: no roll to wound, save or Feel No Pain."""
        return False

    def ignore_wound(self, world: Any, m: Model, lethal: bool) -> bool:
        """Whether an unsaved wound on ``m`` is ignored (``lethal``: it would be Instant Death)."""
        return False

    # -- kills
    def instead_of_death(self, world: Any, m: Model, cause: str) -> bool:
        """True when this add-on took a model that was about to die (it does not die)."""
        return False

    def model_joined_horde(self, world: Any, m: Model, squad: Unit) -> None:
        """A model of ``squad`` rose and joined a horde instead of dying (Dead Men Walking)."""

    def zombie_killed(self, world: Any, zombie: Model, killer: str) -> None:
        """Squad ``killer`` (``p2``) killed a zombie."""

    def instead_of_destruction(self, world: Any, unit: Unit, cause: str) -> bool:
        """True when this add-on took a unit about to be destroyed (and destroyed it its own way)."""
        return False

    def horde_destroyed(self, world: Any, horde: Unit, by_unit: str) -> None:
        """A horde's (or the Boss's) last model died; ``by_unit`` the squad that did it, or ""."""

    def squad_wiped_out(self, world: Any, squad: Unit) -> None:
        """A squad lost its last model."""

    def squad_out_for_good(self, world: Any, squad: Unit) -> bool | None:
        """Whether a wiped-out squad is out of the game (None: no answer; without any, it is)."""
        return None


def _answering(plugins: Sequence[Plugin], moment: str) -> tuple[Callable[..., Any], ...]:
    """The plug-ins' own answers to one moment (those that override it), in order."""
    default = getattr(Plugin, moment)
    return tuple(getattr(p, moment) for p in plugins if getattr(type(p), moment) is not default)


class Hooks:
    """A game's plug-ins, asked at each moment: every answer in order, combined as the moment says.

    Only the plug-ins that override a moment are asked, so a moment nobody changes costs one empty loop.
    Hooks assembled for a game's state (:func:`assemble` with ``state``) follow its ``mods``: the plug-ins
    keep nothing of their own (all is in the state), so a game whose mods change plays the new set.
    """

    def __init__(self, plugins: Sequence[Plugin] = (), state: Any = None) -> None:
        self._state = state  # the Z40State whose mods these hooks follow (None: these plug-ins, always)
        self._use(plugins, list(state.mods) if state is not None else [])

    def _use(self, plugins: Sequence[Plugin], mods: list[str]) -> None:
        self._mods = mods
        self._plugins = tuple(plugins)
        self._weapons_first = frozenset(k for p in self._plugins for k in p.weapons_first)
        self._weapons_apart = frozenset(k for p in self._plugins for k in p.weapons_apart)
        self._asks = {m: _answering(self._plugins, m) for m in _MOMENTS}

    def _follow(self) -> None:
        st = self._state
        if st is not None and st.mods != self._mods:
            self._use([cls() for cls in registered() if cls.wanted(st.mods)], list(st.mods))

    def _each(self, moment: str) -> tuple[Callable[..., Any], ...]:
        self._follow()
        return self._asks[moment]

    @property
    def plugins(self) -> tuple[Plugin, ...]:
        self._follow()
        return self._plugins

    @property
    def weapons_first(self) -> frozenset[str]:
        """Weapon keys a model fires or strikes with before its others (a power-up's)."""
        self._follow()
        return self._weapons_first

    @property
    def weapons_apart(self) -> frozenset[str]:
        """Melee weapon keys each model strikes with in its own pool (each Chainsaw its own fuel)."""
        self._follow()
        return self._weapons_apart

    # -- commands
    def owner(self, cmd: Command) -> Plugin | None:
        """The plug-in of this game that carries out ``cmd`` (None: the core's, or nobody's)."""
        return next((p for p in self.plugins if isinstance(cmd, p.commands)), None)

    def absent(self, cmd: Command) -> str:
        """Why a command no rule of this game carries out is refused."""
        for cls in registered():
            if isinstance(cmd, cls.commands) and cls.refusal(cmd):
                return cls.refusal(cmd)
        return f"Zombie 40,000 has no command {type(cmd).__name__}."

    def refuse_absent(self, cmd: Command) -> None:
        raise IllegalCommand(self.absent(cmd))

    def before_command(self, world: Any, cmd: Command) -> None:
        for ask in self._each("before_command"):
            ask(world, cmd)

    # -- set-up and turns
    def squads_deployed(self, world: Any) -> None:
        for ask in self._each("squads_deployed"):
            ask(world)

    def player_respawn_phase(self, world: Any, player: int) -> None:
        squad = world.state.squad_of(player)
        down = squad.wiped_out and not world.alive(squad)
        for ask in self._each("player_respawn_phase"):
            ask(world, player)
        if down and world.alive(squad):
            for ask in self._each("squad_respawned"):
                ask(world, squad)

    def squad_turn_begins(self, world: Any, squad: Unit) -> None:
        for ask in self._each("squad_turn_begins"):
            ask(world, squad)

    def turn_over(self, world: Any) -> None:
        for ask in self._each("turn_over"):
            ask(world)

    def has_choice(self, world: Any, squad: Unit) -> bool:
        return any(ask(world, squad) for ask in self._each("has_choice"))

    def zombie_respawn_phase(self, world: Any) -> None:
        for ask in self._each("zombie_respawn_phase"):
            ask(world)

    def shamble_roll(self, world: Any) -> int | None:
        for ask in self._each("shamble_roll"):
            inches = ask(world)
            if inches is not None:
                return int(inches)
        return None

    def shamble_targets(self, world: Any, squads: list[Unit]) -> list[Unit]:
        for ask in self._each("shamble_targets"):
            squads = ask(world, squads)
        return squads

    def shamble_over(self, world: Any) -> None:
        for ask in self._each("shamble_over"):
            ask(world)

    # -- what is refused: the first reason
    def frozen(self, world: Any, unit: Unit) -> str:
        return next((why for ask in self._each("frozen") if (why := ask(world, unit))), "")

    def attack_refused(self, world: Any, unit: Unit, target: Unit) -> str:
        return next((why for ask in self._each("attack_refused") if (why := ask(world, unit, target))), "")

    def shot_refused(self, world: Any, unit: Unit, target: Unit) -> str:
        return next((why for ask in self._each("shot_refused") if (why := ask(world, unit, target))), "")

    def embark_refused(self, world: Any, m: Model) -> str:
        return next((why for ask in self._each("embark_refused") if (why := ask(world, m))), "")

    def winner(self, world: Any, m: Model) -> tuple[str, str] | None:
        return next((w for ask in self._each("winner") if (w := ask(world, m)) is not None), None)

    def time_up(self, world: Any) -> tuple[str, str] | None:
        return next((w for ask in self._each("time_up") if (w := ask(world)) is not None), None)

    # -- numbers: the sum, or any
    def move_bonus(self, world: Any, unit: Unit) -> float:
        return sum((ask(world, unit) for ask in self._each("move_bonus")), 0.0)

    def initiative_bonus(self, world: Any, unit: Unit) -> int:
        return sum(ask(world, unit) for ask in self._each("initiative_bonus"))

    def extra_attacks(self, world: Any, m: Model) -> int:
        return sum(ask(world, m) for ask in self._each("extra_attacks"))

    def extra_shots(self, world: Any, m: Model) -> int:
        return sum(ask(world, m) for ask in self._each("extra_shots"))

    def moves_as_difficult(self, world: Any, unit: Unit) -> bool:
        return any(ask(world, unit) for ask in self._each("moves_as_difficult"))

    def charge_bonus_denied(self, world: Any, target: Unit) -> bool:
        return any(ask(world, target) for ask in self._each("charge_bonus_denied"))

    # -- to-hit, re-rolls and wounds
    def reroll(self, world: Any, unit: Unit, roll: str, value: int = 0) -> str:
        return next((why for ask in self._each("reroll") if (why := ask(world, unit, roll, value))), "")

    def shot_pool(self, world: Any, pool: Pool, target: Unit) -> Pool:
        for ask in self._each("shot_pool"):
            pool = ask(world, pool, target)
        return pool

    def roll_hits(self, world: Any, unit: Unit, target: Unit, pool: Pool) -> int | None:
        for ask in self._each("roll_hits"):
            hits = ask(world, unit, target, pool)
            if hits is not None:
                return int(hits)
        return None

    def direct(self, world: Any, pool: Pool, target: Unit) -> bool:
        return any(ask(world, pool, target) for ask in self._each("direct"))

    def ignore_wound(self, world: Any, m: Model, lethal: bool) -> bool:
        return any(ask(world, m, lethal) for ask in self._each("ignore_wound"))

    # -- kills
    def instead_of_death(self, world: Any, m: Model, cause: str) -> bool:
        return any(ask(world, m, cause) for ask in self._each("instead_of_death"))

    def model_joined_horde(self, world: Any, m: Model, squad: Unit) -> None:
        for ask in self._each("model_joined_horde"):
            ask(world, m, squad)

    def zombie_killed(self, world: Any, zombie: Model, killer: str) -> None:
        for ask in self._each("zombie_killed"):
            ask(world, zombie, killer)

    def instead_of_destruction(self, world: Any, unit: Unit, cause: str) -> bool:
        return any(ask(world, unit, cause) for ask in self._each("instead_of_destruction"))

    def horde_destroyed(self, world: Any, horde: Unit, by_unit: str) -> None:
        for ask in self._each("horde_destroyed"):
            ask(world, horde, by_unit)

    def squad_wiped_out(self, world: Any, squad: Unit) -> None:
        for ask in self._each("squad_wiped_out"):
            ask(world, squad)

    def squad_out_for_good(self, world: Any, squad: Unit) -> bool:
        """Out for good unless a plug-in (respawning) says otherwise."""
        return next(
            (bool(a) for ask in self._each("squad_out_for_good") if (a := ask(world, squad)) is not None), True
        )


_MOMENTS = (
    "before_command",
    "squads_deployed",
    "player_respawn_phase",
    "squad_respawned",
    "squad_turn_begins",
    "turn_over",
    "has_choice",
    "zombie_respawn_phase",
    "shamble_roll",
    "shamble_targets",
    "shamble_over",
    "frozen",
    "attack_refused",
    "shot_refused",
    "embark_refused",
    "winner",
    "time_up",
    "move_bonus",
    "initiative_bonus",
    "extra_attacks",
    "extra_shots",
    "moves_as_difficult",
    "charge_bonus_denied",
    "reroll",
    "shot_pool",
    "roll_hits",
    "direct",
    "ignore_wound",
    "instead_of_death",
    "model_joined_horde",
    "zombie_killed",
    "instead_of_destruction",
    "horde_destroyed",
    "squad_wiped_out",
    "squad_out_for_good",
)

# -- the add-ons' registry -----------------------------------------------------------------------------

_REGISTERED: list[type[Plugin]] = []


def register(cls: type[Plugin]) -> type[Plugin]:
    """Make an add-on's plug-in class known (usable as a class decorator); games built by :func:`assemble`
    play it when it is ``wanted``."""
    if cls not in _REGISTERED:
        _REGISTERED.append(cls)
    return cls


def registered() -> list[type[Plugin]]:
    """Every registered plug-in class, in the order they answer."""
    return sorted(_REGISTERED, key=lambda c: (c.order, c.__name__))


def assemble(mods: Sequence[str], state: Any = None) -> Hooks:
    """The hooks of a game with these mods: every registered add-on it wants, in order; given the game's
    ``state``, they follow its mods from then on."""
    return Hooks([cls() for cls in registered() if cls.wanted(mods)], state)


def team_rules(mods: Sequence[str]) -> list[type[Plugin]]:
    """The plug-in classes whose team rules apply with these mods (for the set-up, before any world)."""
    return [cls for cls in registered() if cls.wanted(mods)]
