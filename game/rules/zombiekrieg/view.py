"""Zombiekrieg 848 on screen: the rule-set contract's view (turn line, roster, tokens, actions).

Everything here reads the game and answers in the contract's plain data; the previews are in
:mod:`.view_previews` and the events' words, sounds and animations in :mod:`.view_events`.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> from game.rules.zombiekrieg.game import new_game
>>> g = new_game(tiny_scenario(), {"sections": ["american"]}, seed=3)
>>> view = ZombiekriegView()
>>> view.turn_line(g).startswith("Turn 1")
True
>>> view.name(g, "us1-sgt").startswith("Sergeant "), view.name(g, "z3")
(True, 'Zombie 3')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.numerals import whole
from game.rules.contract import Action, ActionKind, Aim, Animation, Cell, Look, RosterGroup, RosterRow, TokenLook
from game.rules.core import Command, Event
from game.rules.drawing import Primitive
from game.rules.kit.actions import MOVE
from game.rules.kit.events import TurnStarted
from game.rules.kit.exit_walk import nearest_walk
from game.rules.kit.words import command_words
from game.rules.routing import Routes
from game.rules.zombiekrieg import formation, horde, names, order, second_shot, view_events, view_previews
from game.rules.zombiekrieg.commands import EndTurn, Fire, Move, MoveSection, Order
from game.rules.zombiekrieg.game import ZombiekriegGame
from game.rules.zombiekrieg.log_places import SoldiersThen
from game.rules.zombiekrieg.names import name_of, short_name
from game.rules.zombiekrieg.state import Figure

STATE_WORDS = {"standing": "standing", "knocked_down": "knocked down", "dead": "dead", "exited": "off the table"}
NATIONS = ("american", "british", "soviet")
SOLDIER_ROLES = ("sergeant", "corporal", "rifleman", "smg", "lmg")
OBJECTIVE_WORDS = {
    "exit": "exit {n} men",
    "survive": "keep an NCO alive",
    "exterminate": "kill every zombie",
    "reach": "reach the objective zone",
}

# a command in a player's words (undo's refusal): {who} its figure, {target} its target
COMMAND_WORDS = {
    EndTurn: "End turn",
    Move: "MOVE of {who}",
    MoveSection: "MOVE SECTION",
    Fire: "FIRE by {who} at {target}",
    Order: "ORDER by {who} to {target}",
}
ACTION_KINDS = (
    MOVE,
    ActionKind("section", "Section", "q", "icons.move", "path",
               "MOVE SECTION: every soldier still to act goes the same way, keeping his place and going round what"
               " is in his way; each still tests his GUTS and spends his action (Q)",
               prompt="Click where this soldier goes: the rest of his section moves with him, keeping their places."),
    ActionKind("fire", "Fire", "f", "icons.fire", "figure", "FIRE at a zombie (F)", targets=2,
               prompt="Click a zombie to fire at."),
    ActionKind("order", "Order", "o", "icons.order", "figure", "ORDER a soldier: +2 GUTS (O)",
               prompt="Click a soldier to order."),
)  # fmt: skip


def soldier_sprite(nation: str, role: str) -> str:
    """A standing soldier's sprite; an unknown nation or role is shown as an American rifleman.

    >>> soldier_sprite("soviet", "lmg"), soldier_sprite("french", "medic")
    ('tokens.soldier_soviet_lmg', 'tokens.soldier_american_rifleman')
    """
    nation = nation if nation in NATIONS else "american"
    role = role if role in SOLDIER_ROLES else "rifleman"
    return f"tokens.soldier_{nation}_{role}"


def sprite_of(f: Figure, state: str | None = None) -> str:
    state = state or f.state
    if f.is_zombie:
        if state == "dead":
            return "tokens.dead_zombie"
        if state == "knocked_down":
            return "tokens.zombie_down"
        n = sum(map(ord, f.id)) % 4 + 1  # a stable mix of the four zombie looks
        return f"tokens.zombie_{n}"
    if state == "dead":
        return "tokens.dead_soldier"
    return soldier_sprite(f.nation, f.role)


def weapon_name(game: ZombiekriegGame, f: Figure) -> str:
    if f.is_zombie or not f.weapon:
        return ""
    try:
        return str(game.data.weapon(f.weapon).name)
    except (KeyError, AttributeError):
        return f.weapon


def short_weapon(name: str) -> str:
    """``Thompson SMG`` -> ``Thompson``: the roster line fits the panel."""
    for suffix in (" SMG", " rifle", " LMG"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def roster_weapon(game: ZombiekriegGame, f: Figure) -> str:
    """The weapon as the roster says it: the rule set's short name ("M1", "Tommy") so the line fits."""
    try:
        short = str(game.data.weapon(f.weapon).roster) if f.weapon and not f.is_zombie else ""
    except (KeyError, AttributeError):
        short = ""
    return short or short_weapon(weapon_name(game, f))


RANK_MARKS = {"sergeant": "Sgt", "corporal": "Cpl"}  # a rifleman's (or an SMG gunner's) token: his GUTS alone


def rank_mark(game: ZombiekriegGame, f: Figure) -> str:
    """The mark before a soldier's GUTS on his token, its first letter on his base: his rank, or the gun that sets
    him apart ("BAR"): a newcomer's Sergeant, showing only his GUTS, looked like a rifleman."""
    if f.role == "lmg":
        return roster_weapon(game, f) or "LMG"
    return RANK_MARKS.get(f.role, "")


def _marked(game: ZombiekriegGame, f: Figure, guts: str) -> str:
    """``Sgt 9``, ``BAR 7``, ``6``: the token's badge."""
    mark = rank_mark(game, f)
    return f"{mark} {guts}" if mark else guts


def _guts(look: Look | None, f: Figure) -> int:
    guts = whole(look.badge) if look is not None else None
    return f.guts if guts is None else guts


def _exit_walk(game: ZombiekriegGame) -> str:
    """``, nearest 23" away``: the nearest soldier's walk to the exit, round walls and clutter's edges (the
    objective line gave no distance, and the exit is often off the view)."""
    soldiers = [f for f in game.state.allied() if f.on_table]
    if not soldiers:
        return ""
    zones = game.scenario.zones_of("exit")
    key = game.scenario.content_hash or id(game.table)
    far = nearest_walk(game.table, key, zones, [f.position for f in soldiers], max(f.radius for f in soldiers))
    return f', nearest {far:.0f}" away' if math.isfinite(far) else ""


def _horde_words(game: ZombiekriegGame) -> str:
    """`` · heavy horde`` (or light) when the set-up chose one: the top bar says the game is not the map's
    own numbers; nothing for the normal horde."""
    try:
        size = horde.chosen(game.data, game.options)
    except ValueError:  # a game never starts with a bad size; a test's hand-made game may carry one
        return ""
    return "" if size == horde.NORMAL else f" \u00b7 {size} horde"


class ZombiekriegView:
    """The contract's :class:`~game.rules.contract.View` for a Zombiekrieg game."""

    action_kinds: tuple[ActionKind, ...] = ACTION_KINDS
    figure_noun: str = "soldier"
    ask_before_ending: bool = True  # an E with soldiers still ready asks once: a turn ended by a slip is lost
    # a FIRE refused (no zombie in range, sight or arc) keeps the fire mode: the next click on the zombie he meant
    # says why that one cannot be shot, where in move mode it would have walked him toward it (issue 33)
    aim_when_refused: tuple[str, ...] = ("fire",)
    drag_faces = True  # a drag from the selected soldier's own base turns him (a MOVE with no path), no M first

    def spent(self, game: ZombiekriegGame, fid: str) -> bool:
        """Whether the soldier has taken his action this turn: what is left him (a Sergeant's free ORDER) is on
        the panel, and the other actions' keys are not offered (a newcomer was told 'Also: Move M, Fire F')."""
        return game.figure(fid).acted_this_turn

    def never_takes(self, game: ZombiekriegGame, fid: str) -> frozenset[str]:
        """The actions the soldier can never take, whose keys the hint does not offer: ORDER but for an NCO (a
        newcomer's Rifleman was told 'Also: Fire F, Order O'). A Corporal may yet order: his Sergeant may fall."""
        return frozenset() if game.figure(fid).is_nco else frozenset({"order"})

    def __init__(self) -> None:
        # a click goes round walls and bases, and round clutter where that is not much longer (it cuts a move to
        # 1D6")
        self.routes = Routes(avoid_clutter=True)
        self.section_routes: dict[str, Routes] = {}  # a section move's: one a soldier, so each keeps his grid
        self._soldiers_then = (
            SoldiersThen()
        )  # where the soldiers stood as the log goes (whom the zombies went for)

    def _routes_of(self, fid: str) -> Routes:
        return self.section_routes.setdefault(fid, Routes(avoid_clutter=True))

    # ---- the panels --------------------------------------------------------------------------

    def turn_line(self, game: ZombiekriegGame, opponent_moving: bool = False, turn: int | None = None) -> str:
        """``Turn 3 — Player 2 (British)``: who acts now (who went first is on the objective line)."""
        s = game.state
        parts = [f"Turn {turn or s.turn}"]
        if opponent_moving:  # the screen is still showing the zombies' move (the rules may be past it)
            parts.append("Zombies moving")
        elif game.over:
            parts.append(names.winner_words(s.winner))
        elif s.phase.value == "axis":
            parts.append("Zombies moving")
        elif s.active_player:
            section = next((x for x in s.sections if x.player == s.active_player), None)
            nation = f" ({section.nation.capitalize()})" if section else ""
            parts.append(f"Player {s.active_player}{nation}" if len(s.sections) > 1 else f"Allies{nation}")
        return " \u2014 ".join(parts)

    def turn_of(self, event: Any) -> int | None:
        return int(event.turn) if isinstance(event, TurnStarted) else None

    def objective_line(self, game: ZombiekriegGame) -> str:
        s = game.state
        what = OBJECTIVE_WORDS.get(s.objective, s.objective).format(n=s.exit_count)
        if game.over:  # not "1 of 15 turns left" under the result
            return f"{what}{f' ({s.exited} out)' if s.objective == 'exit' else ''} \u00b7 game over"
        progress = f" ({s.exited} out{_exit_walk(game)})" if s.objective == "exit" else ""
        left = max(0, s.turn_limit - s.turn + 1)
        first = "Allies" if s.first == "allies" else "Zombies"
        line = f"{first} first \u00b7 {what}{progress} \u00b7 {left} of {s.turn_limit} turns left"
        return line + _horde_words(game)

    def roster(self, game: ZombiekriegGame, looks: dict[str, Look], ready: set[str]) -> list[RosterGroup]:
        """One line per soldier, grouped by player; in hot-seat the acting player's section comes first,
        so nobody scrolls to find his own men (the others keep their order)."""
        active = game.state.active_player
        groups: list[RosterGroup] = []
        for section in sorted(game.state.sections, key=lambda s: s.player != active):
            rows = []
            for f in game.state.section_of(section.player):
                look = looks.get(f.id)
                guts = _guts(look, f)
                state = look.state if look else f.state
                if state == "dead":
                    status = Cell("DEAD", "bad")
                elif state == "exited":
                    status = Cell("exited", "good")
                elif state == "knocked_down":
                    status = Cell("down", "warn")
                elif self.extra_left(game, f.id):
                    status = Cell("ORDER", "warn")  # acted, but his free ORDER is still to give (the line fits)
                elif f.acted_this_turn:
                    status = Cell("acted", "spent")
                elif f.id in ready:
                    status = Cell("ready +2" if f.ordered_this_turn else "ready", "good")  # ORDERed: +2 GUTS
                else:
                    status = Cell("waits", "muted")
                cells = (
                    Cell(f"G{guts}/{f.guts_start}", bold=guts != f.guts_start),
                    Cell(roster_weapon(game, f), "muted"),
                )
                rows.append(RosterRow(f.id, short_name(game, f), cells, status))
            title = f"Player {section.player}: {section.nation.capitalize()}"
            groups.append(RosterGroup(title, section.player == active, tuple(rows), section.player))
        return groups

    def acting_player(self, game: ZombiekriegGame) -> int | None:
        return game.state.active_player  # type: ignore[no-any-return]

    def end_turn(self, game: ZombiekriegGame) -> EndTurn:
        return EndTurn()

    def can_end_turn(self, game: ZombiekriegGame) -> str:
        return "" if game.state.phase.value == "allied" else "Not now: the Allies are not acting."

    def result(self, game: ZombiekriegGame) -> tuple[str, bool]:
        s = game.state
        return names.result_words(s.winner, self.player_words(game, s.reason)), s.winner != "allies"

    def caption(self, game: ZombiekriegGame, event: Any) -> str | None:
        """A zombie back on its feet, in plain words for an onlooker (a token knocked flat stands again)."""
        if type(event).__name__ == "StoodUp":
            return f"{self.name(game, event.figure)} gets back up: a zombie knocked down rises again unless killed"
        return None

    # ---- figures -------------------------------------------------------------------------------

    def name(self, game: ZombiekriegGame, fid: str) -> str:
        return name_of(game, game.figure(fid))

    def player_words(self, game: ZombiekriegGame, text: str) -> str:
        """A text from the rules (a refusal, a roll's meaning) with each figure named, not his id."""
        return names.player_words(game, text)

    def look(self, game: ZombiekriegGame, fid: str) -> Look:
        f = game.figure(fid)
        x, y = f.position
        return Look((x, y), float(f.facing), f.state, "" if f.is_zombie else str(f.guts))

    def token(self, game: ZombiekriegGame, fid: str, look: Look) -> TokenLook:
        f = game.figure(fid)
        state = look.state
        shown = "acted" if state == "standing" and not f.is_zombie and f.acted_this_turn else state
        return TokenLook(
            sprite=sprite_of(f, state),
            side="zombie" if f.is_zombie else "allies",
            state=shown,
            badge="" if f.is_zombie or state == "dead" or not look.badge else _marked(game, f, look.badge),
            label=name_of(game, f),
            base_radius=f.radius,
            layer={"dead": 0, "knocked_down": 1}.get(state, 2),
            hidden=state == "exited",
            player=0 if f.is_zombie else f.player,
            mark="" if f.is_zombie else rank_mark(game, f)[:1],
        )

    def tooltip(self, game: ZombiekriegGame, fid: str, look: Look) -> list[str]:
        """What hovering a token says: name, role, GUTS, weapon, state."""
        f = game.figure(fid)
        if f.is_zombie:
            return [name_of(game, f), f"Abteilung 848 - {STATE_WORDS.get(look.state, look.state)}"]
        lines = [
            f"{name_of(game, f)} ({f.nation.capitalize()}, player {f.player})",
            f"GUTS {_guts(look, f)} (started {f.guts_start})   {weapon_name(game, f)}",
        ]
        state = STATE_WORDS.get(look.state, look.state)
        if look.state == "standing":
            state = "has acted this turn" if f.acted_this_turn else "may act"
            if self.extra_left(game, fid):
                state += "; his free ORDER is still to give"
            if f.ordered_this_turn:
                state += ", ORDERed (+2)"
        lines.append(state.capitalize())
        return lines

    def extra_left(self, game: ZombiekriegGame, fid: str) -> str:
        """What the lead NCO has left once he has acted: the free ORDER of a Critical Success on initiative, while
        a soldier in his command range may still take it (the roster and his selection say it); "" for everyone
        else."""
        f = game.figure(fid)
        if f.is_zombie or not f.acted_this_turn or game.state.free_order_for != fid or not f.standing:
            return ""
        if "order" not in game.actions_for(fid):
            return ""
        return "has acted; his free ORDER (the initiative's double) is still to give: O, then click a soldier."

    def summary(self, game: ZombiekriegGame, fid: str) -> str:
        return f"G{game.figure(fid).guts}"

    def selectable(self, game: ZombiekriegGame, fid: str) -> str:
        if game.figure(fid).is_zombie:
            return "The zombies are moved by the game; select one of your soldiers."
        return ""

    # ---- actions and aiming ----------------------------------------------------------------------

    def _figure_reason(self, game: ZombiekriegGame, fid: str) -> str:
        f = game.figure(fid)
        who = name_of(game, f)
        if f.is_zombie:
            return "The zombies are moved by the game."
        if f.acted_this_turn:
            return f"{who} has already acted this turn."
        return self.player_words(game, game.preview(Move(fid, (), None)).reason) or f"{who} cannot act now."

    def _available(self, game: ZombiekriegGame, fid: str) -> list[str]:
        """The rules' actions for ``fid``, and the section's move when a section-mate may still move with him."""
        available = list(game.actions_for(fid))
        if "move" in available and len(formation.still_to_act(game, fid)) > 1:
            available.insert(1, "section")
        return available

    def actions(self, game: ZombiekriegGame, fid: str) -> list[Action]:
        available = self._available(game, fid)
        if not available:
            reason = self._figure_reason(game, fid)
            return [Action(k.key, False, reason) for k in ACTION_KINDS]
        f = game.figure(fid)
        who = name_of(game, f)
        out = []
        for kind in ACTION_KINDS:
            if kind.key in available:
                out.append(Action(kind.key, True))
            elif kind.key == "fire":
                out.append(
                    Action("fire", False, f"{who} cannot FIRE: no zombie in sight, in his front arc and in range.")
                )
            elif kind.key == "order" and not f.is_nco:
                why = f"{who} cannot ORDER: he is not an NCO (only the Sergeant, or the Corporal once he is dead)."
                out.append(Action("order", False, why))
            elif kind.key == "order" and order.nco_reason(game.world, f) is not None:
                out.append(Action("order", False, f"{who} cannot ORDER: {_while_his_sergeant_leads(game)}"))
            elif kind.key == "order":
                out.append(
                    Action("order", False, f"{who}: no soldier of his section in command range who can still act.")
                )
            elif kind.key == "section" and not f.acted_this_turn:
                out.append(Action("section", False, f"Only {who} is left to act in his section: move him with M."))
            else:
                out.append(Action(kind.key, False, f"{who} has already acted this turn."))
        return out

    def default_action(self, game: ZombiekriegGame, fid: str, target: str | None) -> str | None:
        available = game.actions_for(fid)
        if target is None:
            return "move" if "move" in available else None
        if target == fid:
            return None
        if game.figure(target).is_zombie:
            return "fire" if "fire" in available else None
        return None  # another soldier: a click selects him; ORDER is the O key or the button, never a surprise

    def command(self, game: ZombiekriegGame, fid: str, action: str, aim: Aim) -> Command | None:
        if action == "section" and aim.path:
            return formation.section_command(game, fid, aim.path[-1], self._routes_of)
        if action == "move":
            path = tuple(aim.path)
            f = game.figure(fid)
            if len(path) == 1 and math.dist(path[0], f.position) < f.radius:  # on his own base: turn where he
                return (
                    Move(fid, (), aim.facing) if aim.facing is not None else None
                )  # stands (a drag gives the way)
            # a destination alone: route round what is in the way (waypoints force a route)
            reach = game.data.house.move_distance + 1.0
            path = self.routes.move(game.table, fid, f.position, f.radius, path, reach, len(game.log))
            return Move(fid, path, aim.facing)
        if action == "fire" and len(aim.targets) == 1:  # a plain click: the second shot, if any, planned
            return Fire(fid, aim.targets[0], second_shot.second_target(game, fid, aim.targets[0]))
        if action == "fire" and aim.targets:
            return Fire(fid, *aim.targets[:2])
        if action == "order" and aim.targets:
            return Order(fid, aim.targets[0])
        return None

    def first_pick(self, game: ZombiekriegGame, fid: str, action: str, target: str) -> tuple[bool, str]:
        """Shift-click on a zombie: the first shot of a weapon that fires twice goes there; the next
        click picks the second shot's zombie (the same one, or one near it as the rules allow)."""
        if action != "fire" or not game.figure(target).is_zombie:
            return False, "Shift-click a zombie to pick the first shot of a weapon that fires twice."
        if "fire" not in game.actions_for(fid):
            return False, next(a.reason for a in self.actions(game, fid) if a.key == "fire")
        shots = game.preview(Fire(fid, target)).details.get("shots", [])
        if len(shots) < 2:
            return False, "Only a weapon that fires twice (an LMG) picks a second target: click to fire."
        first = self.name(game, target)
        return True, f"First shot at {first}. Click the second shot's zombie (the same one, or one near it)."

    def miss(self, game: ZombiekriegGame, fid: str, action: str | None, target: str | None) -> str:
        if action == "fire":
            return "Click a zombie to fire at." if target is None else "That is not a zombie."
        if action == "order":
            return "Click one of your soldiers to order."
        available = game.actions_for(fid)
        if not available:
            return self._figure_reason(game, fid)
        if target is not None and game.figure(target).is_zombie and "fire" not in available:
            return self.player_words(game, game.preview(Fire(fid, target)).reason) or "He cannot fire now."
        return "Nothing to do there."

    def confirm(self, game: ZombiekriegGame, cmd: Any, preview: Any) -> str:
        """A MOVE stopped short of where the player pointed (a base, a wall, not the allowance), or a FIRE at a
        zombie already down (a plain hit is wasted on him), asks for a second click before it spends the action."""
        if isinstance(cmd, Fire) and preview.legal:
            standing = game.figure(cmd.target).standing
            return "" if standing else view_previews.down_question(self.name(game, cmd.target))
        if isinstance(cmd, MoveSection) and preview.legal:
            return view_previews.section_question(game, preview)
        if type(cmd).__name__ != "Move" or not preview.legal or not cmd.path:
            return ""
        d = preview.details
        end = tuple(d["points"][-1]) if d.get("points") else cmd.path[-1]
        name = lambda fid: self.name(game, fid)  # noqa: E731
        allowance = game.data.house.move_distance
        return self.routes.question(
            cmd.figure,
            cmd.path,
            end,
            float(d.get("length", 0.0)),
            d.get("blocked_by") or "",
            name,
            False,
            allowance,
        )

    def explain(self, game: ZombiekriegGame, fid: str, target: str) -> Command | None:
        return Fire(fid, target) if game.figure(target).is_zombie else None

    def reach(self, game: ZombiekriegGame, fid: str, look: Look, actions: Sequence[Action]) -> list[Primitive]:
        return view_previews.reach(game, fid, look, [a.key for a in actions if a.available])

    def drawing(self, game: ZombiekriegGame, cmd: Any, preview: Any, face_toward: Any = None) -> list[Primitive]:
        return view_previews.drawing(game, cmd, preview, face_toward)

    # ---- events ---------------------------------------------------------------------------------

    def log_lines(self, game: ZombiekriegGame, events: Sequence[Event]) -> list[str]:
        base = _log_index(game.log, events)
        return view_events.lines_of(
            events,
            lambda fid: self._safe_name(game, fid),
            lambda text: self.player_words(game, text),
            lambda point, i: self._nearest_soldier(game, point, base + i if base is not None else None),
        )

    def _nearest_soldier(self, game: ZombiekriegGame, point: tuple[float, float], index: int | None = None) -> str:
        """The name of the Allied figure on the table nearest ``point`` ("" when none is left): as the table stood
        before ``game.log[index]`` (a log read back from a save names the man it named live), else as it stands."""
        if index is None:
            places = {f.id: f.position for f in game.state.allied() if f.on_table}
        else:
            places = self._soldiers_then.at(game, index)
        if not places:
            return ""
        return self.name(game, min(places, key=lambda fid: math.dist(places[fid], point)))

    def _safe_name(self, game: ZombiekriegGame, fid: str) -> str:
        try:
            return self.name(game, fid)
        except KeyError:
            return fid

    def sound(self, game: ZombiekriegGame, event: Event) -> str | None:
        return view_events.sound_of(game, event)

    def animation(self, event: Event) -> Animation | None:
        return view_events.animation_of(event)

    def handoff(self, game: ZombiekriegGame, event: Any) -> tuple[int, str] | None:
        if type(event).__name__ != "PhaseStarted" or event.side != "allies" or not event.player:
            return None
        sections = game.state.sections
        if len(sections) <= 1:
            return event.player, ""
        section = next((s for s in sections if s.player == event.player), None)
        nation = f" ({section.nation.capitalize()})" if section else ""
        return event.player, f"Player {event.player}{nation} \u2014 your section"

    def command_words(self, game: ZombiekriegGame, cmd: Any) -> str:
        return command_words(cmd, COMMAND_WORDS, lambda fid: self._safe_name(game, fid))

    def opponent_moved(self, events: Sequence[Event]) -> bool:
        return any(type(e).__name__ in ("ReactionRolled", "ZombieMoved") for e in events)


def _while_his_sergeant_leads(game: ZombiekriegGame) -> str:
    """Why a Corporal cannot order yet, in the game's reading of "if he has been killed" (a newcomer read "no
    soldier in command range" with soldiers 2" away: the Sergeant was alive)."""
    if game.world.reading("corporal_only_when_sergeant_dead"):
        return "the Corporal orders only once his Sergeant is dead."
    return "the Corporal orders only once his Sergeant is dead or has left the table by the exit."


def _log_index(log: Sequence[Event], batch: Sequence[Event]) -> int | None:
    """Where ``batch`` begins in ``log`` (the same event objects; looked for from the end, where a live batch is),
    or None when it is not there."""
    if not batch:
        return None
    first = batch[0]
    for i in range(len(log) - 1, -1, -1):
        if log[i] is first:
            return i
    return None
