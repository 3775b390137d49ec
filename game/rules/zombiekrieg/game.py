"""A game of Zombiekrieg 848: the public face of the rules (commands in, events out).

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> g = new_game(tiny_scenario(), {"sections": ["american"]}, seed=3)
>>> g.state.phase.value in ("allied", "over")
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from game.dice import Dice
from game.rules.core import CannotStart, Command, IllegalCommand, Preview
from game.rules.kit import KitGame, Rule, end_of_turn
from game.rules.zombiekrieg import (
    carried,
    fire,
    forces,
    horde,
    move,
    objectives,
    order,
    readings,
    section_move,
    turn,
)
from game.rules.zombiekrieg import preview as previews
from game.rules.zombiekrieg.actions import turn_reason
from game.rules.zombiekrieg.commands import EndTurn, Fire, Move, MoveSection, Order
from game.rules.zombiekrieg.data import ZkData, load_data
from game.rules.zombiekrieg.state import Figure, Phase, ZkState
from game.rules.zombiekrieg.world import World
from game.scenario.model import Scenario
from game.table import PathCheck, Table

SHOTS_KEPT = 4096  # pairs of firer and zombie whose verdict is remembered (see _shootable)


def _keep(store: dict[Any, Any], key: Any, value: Any) -> None:
    """``store[key] = value`` in a store of at most SHOTS_KEPT (emptied at once when full)."""
    if len(store) >= SHOTS_KEPT:
        store.clear()
    store[key] = value


class ZombiekriegGame(KitGame[ZkState, Figure]):
    """One game in progress; changed only by :meth:`apply`."""

    ruleset = "zombiekrieg"
    title = "Zombiekrieg 848"
    DATA = load_data
    RULES = {
        Move: Rule(move.plan, move.carry_out),
        Fire: Rule(fire.plan, fire.carry_out),
        Order: Rule(order.plan, order.carry_out),
        MoveSection: Rule(section_move.plan_section, section_move.carry_out_section),
        EndTurn: end_of_turn(
            lambda w: w.state.phase == Phase.ALLIED, "It is not the Allied turn.", turn.end_player_turn
        ),
    }
    world: World
    data: ZkData

    def set_up(self) -> None:
        # What the queries (fire_targets, preview, actions_for) work out is kept until the state
        # changes: the bot asks them for every candidate, then again for the one it picks.
        self._version = 0
        self._memo: dict[Any, Any] = {}
        self._memo_stamp: tuple[Any, ...] = ()
        # Whom a soldier may shoot depends on the zombies only through where they stand, and they
        # move only in their own phase: kept across commands while the zombies on the table stay put.
        self._targets: dict[Any, list[str]] = {}
        self._targets_zombies: tuple[Any, ...] = ()
        # Whether a soldier may shoot a zombie, by where both stand (kept when another zombie falls)
        self._may_shoot: dict[tuple[Any, ...], int | None] = {}
        sections, corporal = forces.check_options(self.data, self.options)
        chosen = readings.chosen(self.data, self.options)  # the literal readings, saved as an option
        size = horde.chosen(self.data, self.options)  # light, normal (the map's ratio) or heavy
        table = Table.from_scenario(self.scenario)
        self.world = World(self.scenario, self.data, self.dice, ZkState(), table, readings=chosen)
        self.world.table.keep_sight()
        self.carried_names: dict[str, str] = {}  # a campaign chapter's veterans: figure id -> name
        self.taken_names: frozenset[str] = frozenset()  # every name of the carried force, the dead's too
        campaign = carried.read(self.data, self.options)
        if campaign is None:
            forces.raise_sections(self.world, sections, corporal)
        else:
            self._raise_carried(campaign, sections)
        objectives.setup(self.world)
        ratio = forces.zombie_numbers(self.data, self.scenario.properties, size)[0]
        forces.raise_zombies(self.world, size, carried.horde_growth(self.data, campaign, ratio))

    def _raise_carried(self, campaign: carried.Carried, sections: list[str]) -> None:
        """A campaign chapter's sections: the force the option carries, in the sections it names."""
        if "sections" in self.options and list(campaign.nations) != sections:
            raise CannotStart(
                f"The carried force is {', '.join(campaign.nations)}, not the sections chosen ({', '.join(sections)})."
            )
        self.carried_names = carried.raise_force(self.world, campaign)
        self.taken_names = frozenset(v.key for v in campaign.force.veterans)

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    def _plan(self, rule: Rule, cmd: Command) -> Any:
        # a move is carried out as previewed, if it was
        return self._move_plan(cmd) if isinstance(cmd, Move) else super()._plan(rule, cmd)

    def _changing(self) -> None:
        self._version += 1  # forget what was worked out for the state before

    def run_on(self) -> None:
        turn.advance(self.world)

    def _cache(self) -> dict[Any, Any]:
        """The memo of the present state: emptied by every command and whenever a base is placed,
        moved or removed (the table counts those) or the phase, player or turn changes."""
        st = self.state
        stamp = (self._version, self.table.version, st.phase, st.active_player, st.free_order_for, st.turn)
        if stamp != self._memo_stamp:
            self._memo = {}
            self._memo_stamp = stamp
            zombies = tuple((z.id, z.position, z.radius) for z in st.zombies() if z.on_table)
            if zombies != self._targets_zombies:
                self._targets = {}
                self._targets_zombies = zombies
        return self._memo

    def _figure_key(self, fid: object) -> tuple[Any, ...]:
        """The acting figure's own state, part of every memo key (a test or tool may set it directly)."""
        f = self.state.figures.get(fid) if isinstance(fid, str) else None
        if f is None:
            return (fid,)
        return (fid, f.position, f.facing, f.state, f.acted_this_turn, f.ordered_this_turn, f.guts, f.weapon)

    def _memo_key(self, kind: str, cmd: Command) -> tuple[Any, ...] | None:
        """The key of what ``cmd`` works out as ``kind`` in the present state's memo (the acting
        figure's own state in it); None for a command built with lists, worked out afresh."""
        key = (kind, cmd, self._figure_key(getattr(cmd, "figure", None)))
        try:
            hash(key)
        except TypeError:
            return None
        return key

    def _move_plan(self, cmd: Move) -> move.MovePlan:
        """``move.plan`` (IllegalCommand when refused), kept for the present state: the bot previews
        the moves it weighs, then gives one of them."""
        key = self._memo_key("move plan", cmd)
        if key is None:
            return move.plan(self.world, cmd)
        memo = self._cache()
        found = memo.get(key)
        if found is None:
            found = memo[key] = move.plan(self.world, cmd)
        return found  # type: ignore[no-any-return]

    def move_check(self, cmd: Move) -> PathCheck | None:
        """Where ``cmd`` would take its figure if the test succeeds (the table's check of the path:
        its points, length and clutter), or None when the move would be refused: what a preview
        says of the path, without the odds and the words (the bot weighs its moves by it).

        >>> from game.rules.zombiekrieg.testing import tiny_scenario
        >>> g = new_game(tiny_scenario(), {"sections": ["american"]}, seed=3)
        >>> g.move_check(Move("nobody", ((1.0, 1.0),))) is None
        True
        """
        try:
            return self._move_plan(cmd).check
        except IllegalCommand:
            return None

    def shot_guts(self, cmd: Fire) -> int | None:
        """The first shot's modified GUTS if ``cmd`` were given now (a preview's ``modified_guts``), or
        None when it would be refused: the bot weighs its shots by it, without the rest of a
        preview (the words, the odds of an LMG's second shot).

        It is the firer's GUTS, the test's modifiers (an ORDER, a zombie close by) and the shot's own
        (range band, obscured), the last kept with whether the pair may shoot at all."""
        if cmd.second_target is not None or not (isinstance(cmd.figure, str) and isinstance(cmd.target, str)):
            return self._planned_guts(cmd)
        f = self._ready_to_fire(cmd.figure)
        t = self.state.figures.get(cmd.target)
        if f is None or t is None or not t.is_zombie or not t.on_table:
            return None
        own = self._shot_modifier(f, cmd.target)
        if own is None:
            return None
        self.world.memo = self._cache()  # the test's modifiers, shared by the commands asked about
        try:
            mods = self.world.modifiers(f, "fire")
        finally:
            self.world.memo = None
        return f.guts + sum(v for _, v in mods) + own

    def _planned_guts(self, cmd: Fire) -> int | None:
        """:meth:`shot_guts` read off the rules' whole plan of the FIRE."""
        try:
            shot = fire.plan(self.world, cmd)
        except IllegalCommand:
            return None
        f = shot.figure
        return f.guts + sum(v for _, v in self.world.modifiers(f, "fire") + list(shot.shots[0].modifiers))

    def preview(self, cmd: Command) -> Preview:
        key = self._memo_key("preview", cmd)
        if key is None:
            return previews.preview(self.world, cmd)
        memo = self._cache()
        found = memo.get(key)
        if found is None:
            self.world.memo = memo  # the tests' modifiers, shared by the commands asked about
            try:
                found = memo[key] = previews.preview(self.world, cmd, self._move_plan)
            finally:
                self.world.memo = None
        return found

    def actions_for(self, figure_id: str) -> list[str]:
        """Which of move / fire / order ``figure_id`` may do now (empty if none)."""
        if turn_reason(self.world, figure_id):
            return []
        f = self.state.figures[figure_id]
        out: list[str] = []
        if not f.acted_this_turn:
            out.append("move")
            if self.fire_targets(figure_id):
                out.append("fire")
        if self.order_targets(figure_id):
            out.append("order")
        return out

    def fire_targets(
        self, figure_id: str, prefer: Callable[[str], Any] | None = None, limit: int | None = None
    ) -> list[str]:
        """Zombies ``figure_id`` may shoot now, nearest first; with ``prefer`` (a sort key of zombie
        ids) in its order, ties nearest first, and with ``limit`` only the first that many, the
        zombies after them never asked about (the bot wants its two best shots, not every shot).

        >>> from game.rules.zombiekrieg.testing import tiny_scenario
        >>> g = new_game(tiny_scenario(), {"sections": ["american"]}, seed=3)
        >>> g.fire_targets("nobody")
        []
        """
        memo = self._cache()  # the kept targets follow the zombies
        if prefer is None and limit is None:
            key = ("fire_targets", self._figure_key(figure_id))
            found = memo.get(key)
            if found is None:
                found = memo[key] = self._fire_targets(figure_id)
            return list(found)
        f = self._ready_to_fire(figure_id)
        if f is None:
            return []
        known = self._targets.get(self._firing_key(f))
        if known is not None:  # all worked out already: only ordered and cut
            return (sorted(known, key=prefer) if prefer else list(known))[:limit]
        out: list[str] = []
        for t in sorted(self._zombies_in_reach(f), key=prefer) if prefer else self._zombies_in_reach(f):
            if limit is not None and len(out) >= limit:
                break
            if self._shootable(f, t):
                out.append(t)
        return out

    def _shootable(self, f: Figure, tid: str) -> bool:
        """May ``f`` shoot the zombie ``tid`` (standing on the table) now?"""
        return self._shot_modifier(f, tid) is not None

    def _shot_modifier(self, f: Figure, tid: str) -> int | None:
        """The shot's own modifier (range band, obscured) if ``f`` may shoot the zombie ``tid`` (on the
        table) now, else None. Remembered by where the two stand: it reads only the pair's places,
        the firer's facing and weapon, and the terrain."""
        t = self.state.figures[tid]
        key = (*self._firing_key(f), tid, t.position, t.radius)
        found = self._may_shoot.get(key, False)
        if found is False:
            shot = fire.judge(self.world, f, t)[3]  # a zombie on the table: only the geometry may refuse
            found = None if shot is None else sum(v for _, v in shot.modifiers)
            _keep(self._may_shoot, key, found)  # zombies move every turn: old pairs are rarely asked again
        return found  # type: ignore[return-value]

    def _ready_to_fire(self, figure_id: str) -> Figure | None:
        """The figure, if it may still act this turn (else None: it has no targets)."""
        if turn_reason(self.world, figure_id):
            return None
        f = self.state.figures[figure_id]
        return None if f.acted_this_turn else f

    @staticmethod
    def _firing_key(f: Figure) -> tuple[Any, ...]:
        # whom a figure may shoot reads only its place, facing and weapon, the zombies on the table
        # (see _cache) and the terrain
        return (f.id, f.position, f.facing, f.weapon, f.radius)

    def _fire_targets(self, figure_id: str) -> list[str]:
        f = self._ready_to_fire(figure_id)
        if f is None:
            return []
        key = self._firing_key(f)
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = [t for t in self._zombies_in_reach(f) if self._shootable(f, t)]
        return found

    def _zombies_in_reach(self, f: Figure) -> list[str]:
        """The zombies on the table whose base edge could be in ``f``'s weapon's range, nearest first
        (kept with the targets: see _cache)."""
        key = ("in reach", *self._firing_key(f))
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = self._scan_in_reach(f)
        return found

    def _scan_in_reach(self, f: Figure) -> list[str]:
        w = self.data.weapon(f.weapon)
        # a plain scan: a few dozen zombies at most, cheaper than a spatial query with a filter
        reach = f.radius + w.range + 1e-6
        cands = sorted(
            (math.dist(f.position, z.position) - z.radius, z.id)
            for z in self.state.zombies()
            if z.on_table and math.dist(f.position, z.position) - z.radius <= reach
        )
        return [t for _, t in cands]

    def order_targets(self, figure_id: str) -> list[str]:
        """Soldiers ``figure_id`` may ORDER now."""
        if turn_reason(self.world, figure_id):
            return []
        f = self.state.figures[figure_id]
        if f.acted_this_turn and self.state.free_order_for != f.id:
            return []
        if order.nco_reason(self.world, f):
            return []
        return [
            t.id for t in self.state.section_of(f.player) if order.target_reason(self.world, f, t, t.id) is None
        ]

    def legal_commands(self, figure_id: str | None = None) -> list[Command]:
        """Fire and Order commands that would be accepted, eight sample full moves, and EndTurn.

        Moves are continuous: the eight are compass moves cut to their legal part; any other path
        can be asked about with :meth:`preview`.
        """
        if figure_id is None:
            out: list[Command] = []
            for f in self.state.allied():
                out.extend(self.legal_commands(f.id))
            if self.state.phase == Phase.ALLIED:
                out.append(EndTurn())
            return out
        if turn_reason(self.world, figure_id):
            return []
        cmds: list[Command] = [Order(figure_id, t) for t in self.order_targets(figure_id)]
        f = self.state.figures[figure_id]
        if f.acted_this_turn:
            return cmds
        cmds = [Fire(figure_id, t) for t in self.fire_targets(figure_id)] + cmds
        reach = self.data.house.move_distance
        return cmds + [Move(figure_id, (end,)) for end in self.compass_moves(f, reach)]


def new_game(
    scenario: Scenario, options: dict[str, Any] | None = None, seed: int = 0, dice: Dice | None = None
) -> ZombiekriegGame:
    """Start a game: deploy the sections, roll starting GUTS, place the zombies, start turn 1."""
    return ZombiekriegGame(scenario, options, seed, dice)
