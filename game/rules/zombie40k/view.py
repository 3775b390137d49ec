"""Zombie 40,000 on screen: the rule-set contract's view (turn line, roster, tokens, actions, aiming,
previews as drawing primitives, and each event as log lines, a sound and an animation).

Everything reads the game and answers in the contract's plain data; nothing here decides a rule.

>>> from game.rules.zombie40k.testing import small_scenario
>>> from game.rules.zombie40k.game import new_game
>>> g = new_game(small_scenario(), {"teams": ["ork_boyz"]}, seed=3)
>>> v = Z40View()
>>> v.turn_line(g)
'Turn 1 · Player 1 · Movement'
>>> v.name(g, "p1-1"), v.name(g, "h2-5")
('Ork Boy 1', 'Zombie 5 (Horde 2)')
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any, cast

from game.rules.contract import (
    Action,
    ActionKind,
    Aim,
    Animation,
    Cell,
    Look,
    RosterGroup,
    RosterRow,
    ShopLook,
    ShopOffer,
    ShopWare,
    TokenLook,
)
from game.rules.core import Command, Event, IllegalCommand
from game.rules.drawing import Area, Cross, Path, PathKind, Plate, Primitive, Ring, Sight, SightState
from game.rules.kit import group_move
from game.rules.kit.actions import MOVE
from game.rules.kit.sounds import SoundTable, sound_of
from game.rules.kit.words import command_words
from game.rules.percent import percent
from game.rules.routing import MOVED, Point, Routes
from game.rules.zombie40k import (
    assault,
    coherency,
    fight_pace,
    fire_words,
    formation,
    log_words,
    lost_phases,
    movement,
    power_up_hints,
    power_ups,
    shooting,
    sight,
    snag_words,
)
from game.rules.zombie40k import events as ev
from game.rules.zombie40k import killing_floor as kf
from game.rules.zombie40k import mods as mod_rules
from game.rules.zombie40k.bearer import free_usr
from game.rules.zombie40k.commands import (
    Buy,
    Charge,
    EndPhase,
    Move,
    MoveSquad,
    PowerUpChoice,
    Run,
    Sell,
    Shoot,
    Throw,
    UsePowerUp,
)
from game.rules.zombie40k.engaged import engaged_marks, told_marks
from game.rules.zombie40k.events import BlastPlaced, PhaseStarted, TurnStarted
from game.rules.zombie40k.game import Zombie40kGame
from game.rules.zombie40k.names import capitalised, home_unit, names_of, player_words
from game.rules.zombie40k.report import vehicle_words, who_won
from game.rules.zombie40k.state import PLAYERS, SQUAD, Phase, Unit
from game.table import path_length

# a command in a player's words (undo's refusal) where the shared words serve: {who} its model
COMMAND_WORDS = {EndPhase: "End phase", Move: "MOVE of {who}", Run: "RUN of {who}", MoveSquad: "MOVE SQUAD"}
ACTION_KINDS: tuple[ActionKind, ...] = (
    MOVE,
    ActionKind(
        "squad",
        "Squad",
        "q",
        "icons.move",
        "path",
        "MOVE SQUAD: every model still to move goes the same way, keeping his place in the squad and going"
        " round anything in his way. Once the squad's run is rolled, every model still to run runs the same way"
        " (Q)",
        prompt="Click where this model goes: his squad-mates move with him, keeping their places round him (or "
        "closing up round him when they stand strung out).",
    ),
    ActionKind(
        "run", "Run", "r", "icons.move", "path", 'RUN D6" instead of shooting (R)', prompt="Click where to run."
    ),
    ActionKind(
        "shoot",
        "Shoot",
        "f",
        "icons.fire",
        "figure",
        "SHOOT: the squad fires at a unit (F)",
        prompt="Click a model of the unit to shoot at.",
    ),
    ActionKind(
        "charge",
        "Charge",
        "c",
        "icons.order",
        "figure",
        "CHARGE another player's squad by the vehicle (C)",
        prompt="Click a model of the squad to charge.",
    ),
    # power-ups (power_ups.py): each acts at once on the selected model or its squad
    ActionKind("arm", "Arm", "g", "icons.guts", "now", "ARM this model with the squad's Chainsaw or Shotgun (G)"),
    ActionKind(
        "tape_attack", "Tape +A", "a", "icons.guts", "now", "DUCT TAPE: +1 Attack for this model, for good (A)"
    ),
    ActionKind(
        "tape_shot", "Tape +shot", "h", "icons.fire", "now", "DUCT TAPE: +1 shot for this model, for good (H)"
    ),
    ActionKind(
        "speed",
        "Speed Pack",
        "s",
        "icons.initiative",
        "now",
        'SPEED PACK: +3" moves, runs, charges, +1 I this turn (S)',
    ),
    ActionKind(
        "revive",
        "Defibrillate",
        "d",
        "icons.spawn",
        "now",
        "DEFIBRILLATOR: the dead sergeant (else a dead model) back beside this one (D)",
    ),
    ActionKind(
        "choice_1",
        "Power-up 1",
        "1",
        "icons.objective",
        "now",
        "POWER-UP: roll twice, or keep the first roll (1)",
        whole_unit=True,
    ),
    ActionKind(
        "choice_2",
        "Power-up 2",
        "2",
        "icons.order",
        "now",
        'POWER-UP: push the leader D6" back, or keep the second roll (2)',
        whole_unit=True,
    ),
    ActionKind(  # Killing Floor: the squad's grenades [7th]
        "throw",
        "Grenade",
        "b",  # (T is the table's tape measure)
        "icons.fire",
        "figure",
        "THROW a grenade 8\" instead of this model's shot, once a phase (B; Killing Floor)",
        prompt="Click a model of the unit to throw the grenade at.",
    ),
)
BUTTON_WORDS = {k.key.upper(): k.label.upper() for k in ACTION_KINDS}  # the controller lists actions by key
ACTION_KEY = re.compile(r"\b[A-Z]+(?:_[A-Z0-9]+)+\b")
POWER_UP_ACTIONS = ("arm", "tape_attack", "tape_shot", "speed", "revive", "choice_1", "choice_2")
PLAYER_SUFFIX = re.compile(r" \(player \d+\)$")
FACES = re.compile(r"\brolled (\d+(?: \d+)+)\b")  # a handful of dice as the rules rolled them


def highest_first(text: str) -> str:
    """A handful's faces highest first, as the log lays them out: the dice tray read "(rolled 5 6)" where the
    log read "(rolled 6 5)".

    >>> highest_first("cover saves: 2 of 2 made on 5+ (rolled 5 6)"), highest_first("rolled 5\u00d73 1\u00d711")
    ('cover saves: 2 of 2 made on 5+ (rolled 6 5)', 'rolled 5\u00d73 1\u00d711')
    """
    return FACES.sub(lambda m: "rolled " + " ".join(sorted(m[1].split(), key=int, reverse=True)), text)


STATE_WORDS = {"alive": "standing", "dead": "dead", "embarked": "embarked"}


def _allowance(game: Zombie40kGame, fid: str, action: str) -> float:
    """How far a model may go: a run its squad's roll (6" before it is rolled), a move the 6" [7th]."""
    unit = game.state.units[game.figure(fid).unit]
    bonus = game.world.hooks.move_bonus(game.world, unit)  # (the Speed Pack)
    if action == "run":
        return (float(unit.run_roll) if unit.run_roll is not None else 6.0) + bonus
    return game.data.house.move + bonus


ROUTE_REACH = 7.0  # inches round a model the local grid covers: a 6" move or run and a base to spare


def _rolled_through(game: Zombie40kGame, fid: str, path: Sequence[Point]) -> float | None:
    """How far a move along ``path`` may go once its squad has rolled for difficult terrain this phase and the
    move enters it (the roll and the Speed Pack), else None: the rules cut such a move at the roll."""
    m = game.figure(fid)
    unit = game.state.units[m.unit]
    w = game.world
    if unit.difficult_roll is None or not path:
        return None
    check = game.table.check_path([m.position, *path], m.radius, mover=fid)
    if not (check.enters_clutter or w.hooks.moves_as_difficult(w, unit)):
        return None
    return float(unit.difficult_roll) + w.hooks.move_bonus(w, unit)


def _death(game: Zombie40kGame, event: Any) -> str:
    """A zombie's death or a player's model's, by the side of the model killed."""
    dead = game.state.models.get(event.figure)
    return "death_zombie" if dead and game.figure(event.figure).side != PLAYERS else "death_soldier"


# each event's sound (ids from sounds/manifest.toml), by its class
SOUNDS: SoundTable[Zombie40kGame] = {
    ev.ShotsFired: "rifle",
    ev.Killed: _death,
    ev.BlastPlaced: "hit",
    ev.Engaged: "groan_1",
    ev.MoveRolled: lambda game, event: "shamble" if event.what == "shamble" else None,
    ev.TurnStarted: "turn",
    ev.SquadRespawned: "turn",
    ev.HordeRespawned: "groan_1",
    ev.PowerUpGained: "turn",
    ev.PowerUpChoiceOffered: "turn",
    ev.GameOver: lambda game, event: "defeat" if event.winner == "zombies" else "victory",
}


class Z40View:
    """The contract's :class:`~game.rules.contract.View` for a Zombie 40,000 game."""

    action_kinds = ACTION_KINDS
    figure_noun = "model"
    button_words = True  # "selected: Move, Squad", as the buttons read, not "MOVE, SQUAD"
    terrain_words = {"clutter": "difficult ground"}  # the outlines' labels, in 40k's word for it
    zombie_phase_seconds = 8.0  # a few hordes, each its own step: about a second and a half each at 1x
    end_words = "End phase"  # E ends the movement, shooting or assault phase, not the whole turn
    ask_before_ending = True  # an E with models still able to act in this phase asks once
    spawn_names_step_aside = True  # a spawn point's name leaves the horde that came in by it (40k players)

    def end_warning(self, game: Zombie40kGame) -> str:
        """What the End phase question adds: the squad stands out of coherency (:func:`coherency_end_words`)."""
        return coherency_end_words(game)

    optional_actions = ("run", *POWER_UP_ACTIONS)  # never a duty: a squad with no shot to take is not asked
    kept_on_panel = POWER_UP_ACTIONS  # a held power-up's button stays on the panel, grey with why, till used
    kept_words = "a power-up"  # the status line: "Select a model to use a power-up."

    def button_hint(self, game: Zombie40kGame, key: str) -> str:
        """A power-up button's tooltip: what the power-up the squad carries does, or choice 1 or 2 is now."""
        return power_up_hints.button_hint(game, key)

    def kinds_for(self, game: Zombie40kGame) -> tuple[ActionKind, ...]:
        """The buttons this game has now: the grenade only in Killing Floor; a power-up's only while a team
        holds it (greyed, with the reason, while it cannot be used), the two choice buttons only while a
        power-up choice is owed, none in Hardcore Mode (the panel had room for two roster rows at 1280x800
        with all fifteen, most of them grey)."""
        drop = set() if kf.killing_floor_on(game.state) else {"throw"}
        held = set() if "hardcore" in game.state.mods else power_up_buttons(game)
        drop |= set(POWER_UP_ACTIONS) - held
        return tuple(k for k in self.action_kinds if k.key not in drop)

    def __init__(self) -> None:
        self.routes = Routes()  # a click goes round walls, ruins and the squad's other models
        self.squad_routes: dict[str, Routes] = {}  # a squad move's: one a model, so each keeps its grid

    def _routes_of(self, fid: str) -> Routes:
        return self.squad_routes.setdefault(fid, Routes())

    # ---- the panels ----------------------------------------------------------------------------

    def _team(self, game: Zombie40kGame, player: int) -> str:
        return str(game.state.squad_of(player).name)

    def turn_line(self, game: Zombie40kGame, opponent_moving: bool = False, turn: int | None = None) -> str:
        """``Turn 1 \u00b7 Player 2 \u00b7 Shooting``: short enough for the top bar of a 1280-px window
        (the squad's name is in the roster, the active player's at its top)."""
        s = game.state
        parts = [f"Turn {turn or s.turn}"]
        if game.over:
            parts.append(f"Game over: {who_won(s.winner)}")
        elif opponent_moving or s.phase == Phase.ZOMBIES:
            parts.append("Zombies moving")
        elif s.active_player:
            parts += [f"Player {s.active_player}", s.phase.value.capitalize()]
        return " \u00b7 ".join(parts)

    def phase_line(self, game: Zombie40kGame, turn: int | None, event: Any) -> str | None:
        """The top bar while ``event`` (a phase's start) is on screen: ``Turn 1 \u00b7 Player 3 \u00b7 Movement``,
        the phase shown, not the one the rules have moved on to (a bot's commands arrive faster than shown).
        None for any other event, and for the Psychic phase this game never plays."""
        if not isinstance(event, ev.PhaseStarted) or event.phase == "psychic":
            return None
        parts = [f"Turn {turn or game.state.turn}"]
        if event.phase == "zombies":
            parts.append("Zombies moving")
        elif event.player:
            parts += [f"Player {event.player}", str(event.phase).capitalize()]
        return " \u00b7 ".join(parts)

    def acting_shown(self, game: Zombie40kGame, event: Any) -> tuple[int | None, str] | None:
        """Who acts from ``event`` on, while it plays back: (the player, "") as his phase begins, (None, "The
        zombies") as theirs does; None for any other event. The roster's heading follows it, not the rules (a
        newcomer read "Player 1 ... acting" through Player 2's turn, lost to close combat, and the zombies')."""
        if not isinstance(event, ev.PhaseStarted) or event.phase == "psychic":
            return None
        if event.phase == "zombies":
            return None, "The zombies"
        return (event.player, "") if event.player else None

    def turn_of(self, event: Any) -> int | None:
        return int(event.turn) if isinstance(event, TurnStarted) else None

    def confirm(self, game: Zombie40kGame, cmd: Any, preview: Any) -> str:
        """A move or run cut short of where the player pointed (by the allowance, round the way) asks for a
        second click before the model goes less far than asked; so does the last move of a squad that would
        leave it out of coherency (the phase then ends by itself)."""
        if isinstance(cmd, MoveSquad) and preview.legal:
            return squad_question(game, preview)
        if type(cmd).__name__ not in ("Move", "Run") or not preview.legal or not cmd.path:
            return ""
        d = preview.details
        end = tuple(d["path"][-1]) if d.get("path") else cmd.path[-1]
        name = lambda fid: self.name(game, fid)  # noqa: E731
        unrolled = "run_dice" in d  # the die says how far: no reach to ask about before it is rolled
        length = float(d.get("length", 0.0))
        short = self.routes.question(cmd.figure, cmd.path, end, length, "", name, not unrolled)
        if not isinstance(cmd, Move) or d.get("boards"):
            return short
        last = last_move_question(game, {cmd.figure: (float(end[0]), float(end[1]))}, "move")
        return " ".join(q for q in (short, last) if q)

    def command_words(self, game: Zombie40kGame, cmd: Any) -> str:
        kind = type(cmd).__name__
        if kind in ("Shoot", "Charge", "Throw"):
            target = game.state.units.get(cmd.target)
            return f"{kind.upper()} at {names_of(game).unit(cmd.target) if target else cmd.target}"
        if kind == "PowerUpChoice":
            return f"POWER-UP choice {cmd.option}"
        if kind == "UsePowerUp":
            what = power_ups.name_of(game.world, cmd.item)
            return f"{what.upper()} for {self.name(game, cmd.figure)}" if cmd.figure else what.upper()
        if kind in ("Buy", "Sell"):
            item = kf.Shop.of(game.data).items.get(cmd.item)
            what = item.name if item else cmd.item
            return f"{kind.upper()} {what}" + (f" for {self.name(game, cmd.model)}" if cmd.model else "")
        if isinstance(cmd, MoveSquad) and cmd.run:
            return "RUN SQUAD"
        return command_words(cmd, COMMAND_WORDS, lambda fid: self.name(game, fid))

    def objective_line(self, game: Zombie40kGame) -> str:
        """``Order: 1, 3, 2, then zombies \u00b7 first aboard the vehicle wins \u00b7 12 of 12 turns
        left``; in Coop Mode the goal the players share (the Boss first, then one aboard saves everyone); once the
        game is over, the goal and "game over"."""
        s = game.state
        order = turn_order_words(s.order)
        left = max(0, s.turn_limit - s.turn + 1)
        goal = "first aboard the vehicle wins"
        if "coop" in s.mods:
            goal = (
                "kill the Boss, then every team aboard"
                if mod_rules.boss_alive(game.world)
                else "Boss dead: every team aboard"
            )
        if game.over:  # not "1 of 12 turns left" (and the turn order) under the result: one short line
            return f"{goal} \u00b7 game over"
        return " \u00b7 ".join(part for part in (order, goal, f"{left} of {s.turn_limit} turns left") if part)

    def roster(self, game: Zombie40kGame, looks: dict[str, Look], ready: set[str]) -> list[RosterGroup]:
        s, w = game.state, game.world
        groups = []
        for p in sorted(s.players, key=lambda p: p != s.active_player):
            unit = s.squad_of(p)
            rows = []
            for fid in unit.models:
                m = game.figure(fid)
                look = looks.get(fid)
                state = look.state if look else m.state
                prof = w.profile(m)
                if state == "dead":
                    status = Cell("DEAD", "bad")
                elif state == "embarked":
                    status = Cell("embarked", "gold")
                elif s.locked(unit.id):
                    status = Cell("in combat", "warn")
                elif unit.falling_back:
                    status = Cell("falling back", "warn")
                elif fid in ready and not self._only_extras_left(game, m):
                    status = Cell("ready", "good")
                else:
                    status = Cell("done", "spent")
                # every weapon he carries (a sergeant's chainsword bought in the team builder was left off), but
                # the plain close combat weapon every model fights with
                weapons = ", ".join(game.data.weapon(k).name for k in m.weapons if k != "close_combat_weapon")
                wounds = _shown_wounds(m.wounds, prof.w, look)
                cells = (Cell(f"W{wounds}/{prof.w}", bold=wounds < prof.w), Cell(weapons, "muted"))
                usr = free_usr(w, m)  # the team's free Universal Special Rule goes with him (issue 33)
                name = self.roster_name(game, fid) + (f" \u00b7 {usr}" if usr else "")
                rows.append(RosterRow(fid, name, cells, status))
            far = f" \u00b7 {vehicle_words(game, unit)}"  # the end screen's words and number
            items = power_up_words(game, unit)
            held = f" \u00b7 {items}" if items else ""
            if kf.killing_floor_on(s):  # the points to spend in the shop
                far += f" \u00b7 {kf.points(s, p)} point{'s' if kf.points(s, p) != 1 else ''}"
            groups.append(RosterGroup(f"Player {p}: {unit.name}{far}{held}", p == s.active_player, tuple(rows), p))
        return groups

    def _only_extras_left(self, game: Zombie40kGame, m: Any) -> bool:
        """Whether model ``m`` has acted this phase (moved, shot, ran) and all he may still do is an extra no
        one need take (a power-up): the roster says "done", not "ready", once a model has shot."""
        acted = m.moved or m.fired or m.ran
        return bool(acted) and not set(self._available(game, m.id)) - set(POWER_UP_ACTIONS)  # (a run still is his)

    # ---- the Killing Floor shop (its own panel on the screen) -------------------------------------------

    def shop(self, game: Zombie40kGame, figure: str | None = None) -> ShopLook | None:
        """The acting player's shop (None when the game does not play Killing Floor): price lists with why
        each item may not be bought for ``figure`` now, and what may be sold back."""
        s, w = game.state, game.world
        if not kf.killing_floor_on(s):
            return None
        player = s.active_player
        if player is None:
            return ShopLook("Killing Floor shop", 0, (), "", (), (), "The zombies are moving.")
        squad = s.squad_of(player)
        figures = tuple(
            (m.id, f"{self.roster_name(game, m.id)}: " + ", ".join(game.data.weapon(k).name for k in m.weapons))
            for m in w.alive(squad)
        )
        ids = [f for f, _ in figures]
        chosen: str = figure if figure is not None and figure in ids else (ids[0] if ids else "")
        shop = kf.Shop.of(game.data)
        offers = tuple(
            ShopOffer(
                item.key,
                kf.LIST_TITLES[item.list],
                item.label,
                item.price,
                player_words(game, why),
                item.note or _weapon_words(game, item.key),
            )
            for item, why in kf.offers(w, player, chosen)
        )
        wares = tuple(
            ShopWare(i.key, i.name, shop.sell_price(i.key), "" if i.slot == "squad" else chosen)
            for i in kf.wares(w, player, chosen)
            if i.key not in shop.start_grenades
        )
        grenades = ", ".join(shop.grenade_names.get(k, k) for k in s.kf_grenades.get(squad.id, []))
        return ShopLook(
            f"Killing Floor shop \u00b7 Player {player}",
            kf.points(s, player),
            figures,
            chosen,
            offers,
            wares,
            player_words(game, kf.shop_closed(w, player)),
            f"Squad grenades: {grenades or 'none'}. A model carries one pistol, one melee and one basic or heavy "
            "weapon [house]; sold for half, rounded up [seed]; * psykers only.",
        )

    def shop_command(self, game: Zombie40kGame, figure: str, key: str, sell: bool = False) -> Buy | Sell:
        player = game.state.active_player or 0
        item = kf.Shop.of(game.data).items.get(key)
        model = "" if item is not None and item.slot == "squad" else figure
        return (Sell if sell else Buy)(player, model, key)

    def acting_player(self, game: Zombie40kGame) -> int | None:
        return game.state.active_player  # type: ignore[no-any-return]

    def end_turn(self, game: Zombie40kGame) -> EndPhase:
        return EndPhase()

    def can_end_turn(self, game: Zombie40kGame) -> str:
        return player_words(game, game.preview(EndPhase()).reason)

    def result(self, game: Zombie40kGame) -> tuple[str, bool]:
        s = game.state
        why = s.reason[:1].upper() + s.reason[1:]  # a sentence of its own ("...win. every team..." read wrong)
        return f"Game over: {who_won(s.winner)}. {why}", s.winner == "zombies"

    # ---- figures ----------------------------------------------------------------------------------

    def name(self, game: Zombie40kGame, fid: str) -> str:
        """A model as a player calls it: "Guardian 3", "Sergeant", "Zombie 7 (Horde 2)" (names.py)."""
        return names_of(game).figure(fid)

    def roster_name(self, game: Zombie40kGame, fid: str) -> str:
        """A model's name under its player's heading, which says whose it is: "Sergeant", not "Sergeant
        (player 2)"."""
        return PLAYER_SUFFIX.sub("", self.name(game, fid))

    def player_words(self, game: Zombie40kGame, text: str) -> str:
        """The rules' words (a refusal, a roll's meaning, the status line) as the player reads them: names for
        the ids, a button's label for its key ("Guardsman 1 selected: Move, Tape +A", not "TAPE_ATTACK")."""
        text = ACTION_KEY.sub(lambda m: BUTTON_WORDS.get(m[0], m[0]), text)
        return player_words(game, log_words.kept_in_words(highest_first(text)))

    def look(self, game: Zombie40kGame, fid: str) -> Look:
        m = game.figure(fid)
        x, y = m.position
        return Look((x, y), float(m.facing), m.state, str(m.wounds) if game.world.profile(m).w > 1 else "")

    def token(self, game: Zombie40kGame, fid: str, look: Look) -> TokenLook:
        m = game.figure(fid)
        zombie = m.side != PLAYERS
        state = {"alive": "standing"}.get(look.state, look.state)
        if zombie:
            sprite = (
                "tokens.dead_zombie"
                if state == "dead"
                else (
                    "tokens.zombie_boss"
                    if m.profile == "zombie_boss"
                    else f"tokens.zombie_{sum(map(ord, fid)) % 4 + 1}"
                )
            )
        else:
            sprite = (
                "tokens.dead_soldier"
                if state == "dead"
                else (
                    "tokens.ork_boy"
                    if m.profile in ("ork_boy", "boss_nob", "ork_boy_tag_along")
                    else f"tokens.marine_{(m.player - 1) % 4 + 1}"
                )
            )
        if state == "standing" and not zombie and (m.moved or m.fired or m.ran):
            state = "acted"
        usr = free_usr(game.world, m)  # the bearer of the team's free USR, marked by its name: "USR" said nothing
        # a squad's leader by his name first ("Boss Nob · 2 · Counter-Attack": a newcomer read "2 · Counter-Attack"
        # and looked for the Boss Nob), then his wounds left and the rule
        leader = capitalised(self.name(game, fid)) if m.sergeant and m.side == PLAYERS else ""
        badge = " \u00b7 ".join(x for x in (leader, look.badge, usr) if x)
        return TokenLook(
            sprite,
            "zombie" if zombie else "allies",
            state,
            "" if look.state == "dead" else badge,
            capitalised(self.name(game, fid)),
            m.radius,
            0 if look.state == "dead" else 2,
            look.state == "embarked",
            m.player,
            kind="boss" if m.profile == "zombie_boss" else "",
        )

    def tooltip(self, game: Zombie40kGame, fid: str, look: Look) -> list[str]:
        m = game.figure(fid)
        p = game.world.profile(m)
        inv = f" {p.inv}++" if p.inv else ""
        fnp = f" FNP {p.fnp}+" if p.fnp else ""
        sv = f"{p.sv}+" if p.sv else "-"
        unit = game.state.units[m.unit]
        whose = f" ({names_of(game).unit(unit.id)}, player {m.player})" if m.side == PLAYERS else ""
        lines = [
            capitalised(f"{self.roster_name(game, fid)}{whose}" if whose else self.name(game, fid)),
            f"WS{p.ws} BS{p.bs} S{p.s} T{p.t} W{max(0, m.wounds)}/{p.w} I{p.i} A{p.a} Ld{p.ld} Sv{sv}{inv}{fnp}",
        ]
        for k in m.weapons:
            wpn = game.data.weapon(k)
            lines.append(f"{wpn.name}: {wpn.profile}")
        rules = sorted(set(m.rules) | set(m.unit_rules) | set(p.rules))
        if rules:
            lines.append(", ".join(rules))
        usr = free_usr(game.world, m)
        if usr:
            lines.append(f"Bears the team's free Universal Special Rule (USR): {usr}")
        if m.side == PLAYERS:
            items = power_up_words(game, unit)
            if items:
                lines.append(f"Power-ups: {items}")
        if kf.killing_floor_on(game.state) and m.side == PLAYERS:  # the squad's grenades, bought for all
            names = kf.Shop.of(game.data).grenade_names
            have = game.state.kf_grenades.get(m.unit, [])
            lines.append("Grenades: " + (", ".join(names.get(g, g) for g in have) or "none"))
        lines.append(STATE_WORDS.get(look.state, look.state).capitalize())
        return lines

    def summary(self, game: Zombie40kGame, fid: str) -> str:
        m = game.figure(fid)
        return f"W{max(0, m.wounds)}"

    def selectable(self, game: Zombie40kGame, fid: str) -> str:
        m = game.figure(fid)
        if m.side != PLAYERS:
            return "The zombies are moved by the game; select one of your models."
        if m.player != game.state.active_player:
            return f"That is player {m.player}'s model; it is player {game.state.active_player}'s turn."
        return ""

    # ---- actions and aiming --------------------------------------------------------------------------

    def _why(self, game: Zombie40kGame, fid: str, key: str) -> str:
        return player_words(game, self._refusal(game, fid, key))

    def _refusal(self, game: Zombie40kGame, fid: str, key: str) -> str:
        m = game.figure(fid)
        s = game.state
        if m.side != PLAYERS or m.player != s.active_player:
            return self.selectable(game, fid) or "Not now."
        if key in POWER_UP_ACTIONS:
            cmd = self._power_up_command(game, fid, key)
            return (game.preview(cmd).reason if cmd is not None else "") or "Not now."
        waiting = game.preview(EndPhase())
        if not waiting.legal and "power-up" in waiting.reason:
            return waiting.reason
        if key == "throw" and not kf.killing_floor_on(s):
            return "Grenades are thrown in the Killing Floor mod only."
        want = {
            "move": Phase.MOVEMENT,
            "squad": Phase.SHOOTING if s.phase == Phase.SHOOTING else Phase.MOVEMENT,
            "run": Phase.SHOOTING,
            "shoot": Phase.SHOOTING,
            "charge": Phase.ASSAULT,
            "throw": Phase.SHOOTING,
        }[key]
        if s.phase != want:  # a model with nothing left this phase is told what he did, not the phases
            done = "" if game.actions_for(fid) else _done_words(game, fid, self.name(game, fid))
            return done or f"{key.capitalize()} is for the {want.value} phase; it is the {s.phase.value} phase."
        if key == "move":
            return game.preview(Move(fid, ())).reason or f"{self.name(game, fid)} has already moved."
        if key == "squad" and s.phase == Phase.SHOOTING:
            return _squad_run_refusal(game, fid)
        if key == "squad":
            why = game.preview(Move(fid, ())).reason
            return why or "Only this model of the squad is still to move: move him with M."
        if key == "run":
            return game.preview(Run(fid, ())).reason or f"{self.name(game, fid)} cannot run now."
        if key == "shoot":
            return (
                "No unit the squad may shoot is in sight and in range."
                if not m.fired
                else f"{self.name(game, fid)} has fired."
            )
        if key == "throw":
            return kf.throw_refusal(game.world, fid) or "Not now."
        return _charge_refusal(game, m.player)

    def _available(self, game: Zombie40kGame, fid: str) -> list[str]:
        """The rules' actions for ``fid``, and a grenade throw when the Killing Floor squad may throw one."""
        available = list(game.actions_for(fid))
        s = game.state
        m = game.figure(fid)
        if "move" in available and len(formation.still_to_move(game, fid)) > 1:
            available.insert(available.index("move") + 1, "squad")
        if "run" in available and not _squad_run_refusal(game, fid):
            available.insert(available.index("run"), "squad")
        if (
            kf.killing_floor_on(s)
            and s.phase == Phase.SHOOTING
            and m.alive
            and m.side == PLAYERS
            and m.player == s.active_player
            and not kf.throw_refusal(game.world, fid)
        ):
            available.append("throw")
        return available

    def actions(self, game: Zombie40kGame, fid: str) -> list[Action]:
        available = self._available(game, fid)
        return [
            Action(k.key, True) if k.key in available else Action(k.key, False, self._why(game, fid, k.key))
            for k in ACTION_KINDS
        ]

    def default_action(self, game: Zombie40kGame, fid: str, target: str | None) -> str | None:
        available = game.actions_for(fid)
        if target is None:  # a run costs the squad its shooting: asked for by R, never by a stray click...
            if "run" in available and _squad_ran(game, fid):  # ...but once ordered, each model's click runs it
                return "run"
            return "move" if "move" in available else None
        t = game.figure(target)
        if t.unit == game.figure(fid).unit:
            return None
        if "charge" in available and t.side == PLAYERS:
            return "charge"
        # in the shooting phase a shot the rules refuse is still previewed: its plate says why (out of range,
        # or what blocks the sight); not once the squad has shot (the pointer still on its target read
        # "has already shot this phase" in red, as if the shot had been refused)
        if "shoot" in available:
            return "shoot"
        shot = bool(game.state.units[game.figure(fid).unit].targets_shot)
        return "shoot" if game.state.phase == Phase.SHOOTING and not shot else None

    def _power_up_command(self, game: Zombie40kGame, fid: str, action: str) -> Any | None:
        """The command a power-up button gives for the selected model (power_ups.py)."""
        unit = game.figure(fid).unit
        if action in ("choice_1", "choice_2"):
            return PowerUpChoice(unit, int(action[-1]))
        from game.rules.zombie40k.game import power_up_actions

        cmd: UsePowerUp | None = power_up_actions(game, fid).get(action)
        return cmd

    def command(self, game: Zombie40kGame, fid: str, action: str, aim: Aim) -> Command | None:
        if action in POWER_UP_ACTIONS:
            return self._power_up_command(game, fid, action)
        unit = game.figure(fid).unit
        if action == "squad" and aim.path:
            run = game.state.phase == Phase.SHOOTING  # (Q once the squad's run is rolled)
            limit = _allowance(game, fid, "run" if run else "move")
            return formation.squad_command(game, fid, aim.path[-1], limit, self._routes_of, run)
        if action in ("move", "run"):
            f = game.figure(fid)
            # a destination alone is routed round what is in the way (waypoints force a route), then cut as
            # far along it as he may go (a hair over 6" is no refusal) and where a base or a wall stops him:
            # the click then asks before moving less than pointed
            limit = _allowance(game, fid, action)
            path = self.routes.move(
                game.table, fid, f.position, f.radius, aim.path, ROUTE_REACH, len(game.log), limit
            )
            rolled = _rolled_through(game, fid, path) if action == "move" else None
            if rolled is not None and rolled < limit:  # the squad's terrain roll is the reach now (issue 33)
                path = self.routes.move(
                    game.table, fid, f.position, f.radius, aim.path, ROUTE_REACH, len(game.log), rolled
                )
                if path_length([f.position, *path]) >= rolled - 0.05:  # said where it stops, and why
                    roll = game.state.units[f.unit].difficult_roll
                    path = self.routes.stop_short(
                        fid, path, path, f"the squad's difficult-terrain roll ({roll}\")"
                    )
            path = self._clear_of_enemies(game, fid, path)
            return (Move if action == "move" else Run)(fid, path, aim.facing)
        if action == "shoot" and aim.targets:
            t = game.figure(aim.targets[0])
            blast = any(
                game.data.weapon(k).blast for m in game.world.alive(game.state.units[unit]) for k in m.weapons
            )
            return Shoot(unit, t.unit, aim=(t.position[0], t.position[1]) if blast else None)
        if action == "charge" and aim.targets:
            return Charge(unit, game.figure(aim.targets[0]).unit)
        if action == "throw" and aim.targets:
            kinds = kf.throwable(game.world, game.state.units[unit])
            return Throw(unit, game.figure(aim.targets[0]).unit, kinds[0] if kinds else "", fid)
        return None

    def _clear_of_enemies(self, game: Zombie40kGame, fid: str, path: tuple[Point, ...]) -> tuple[Point, ...]:
        """A routed move that would end within 1" of an enemy stops where the rules let it (the click then
        asks first, naming him); one the rules would cut back to nothing is kept, so they refuse it."""
        if not path:
            return path
        start = game.figure(fid).position
        way, near = movement.clear_of_enemies(game.world, fid, [start, *path])
        if near is None or path_length(way) <= MOVED:
            return path
        return self.routes.stop_short(fid, path, way[1:], f'1" from {self.name(game, near)}')

    def first_pick(self, game: Zombie40kGame, fid: str, action: str, target: str) -> tuple[bool, str]:
        return False, "A squad fires at one unit at a time: click a model of it."

    def _aim_refusal(self, game: Zombie40kGame, fid: str, action: str, target: str) -> str:
        """The rules' reason (in the players' words) why ``action`` at ``target`` is refused ("" if it is not)."""
        cmd = self.command(game, fid, action, Aim(targets=(target,)))
        return player_words(game, game.preview(cmd).reason) if cmd is not None else ""

    def miss(self, game: Zombie40kGame, fid: str, action: str | None, target: str | None) -> str:
        if action in ("shoot", "charge", "throw"):
            return (
                "Click a model of the unit."
                if target is None
                else (self._aim_refusal(game, fid, action, target) or "Not that one.")
            )
        available = game.actions_for(fid)
        if not available:
            return self._why(game, fid, "move" if game.state.phase == Phase.MOVEMENT else "shoot")
        if "run" in available and target is None:
            return 'To run instead of shooting, press R (Run), then click where: the squad runs D6" and shoots no more.'
        return "Nothing to do there."

    def explain(self, game: Zombie40kGame, fid: str, target: str) -> Command | None:
        t = game.figure(target)
        return Shoot(game.figure(fid).unit, t.unit) if t.unit != game.figure(fid).unit else None

    def reach(self, game: Zombie40kGame, fid: str, look: Look, actions: Sequence[Action]) -> list[Primitive]:
        keys = {a.key for a in actions if a.available}
        m = game.figure(fid)
        c = (float(look.position[0]), float(look.position[1]))
        out: list[Primitive] = []
        unit = game.state.units[m.unit]
        bonus = game.world.hooks.move_bonus(game.world, unit)  # (the Speed Pack)
        if "move" in keys:
            out += _move_rings(game, unit, c, m.radius, bonus)
        if "run" in keys:
            out.append(_run_ring(movement.run_dice(game.world, unit), unit, c, m.radius, bonus))
        # in the shooting phase the ranges show even with nothing in range, until the model's shot is spent
        if "shoot" in keys or game.state.phase == Phase.SHOOTING and not shooting.shot_spent(game.world, m):
            for k in m.weapons:
                wpn = game.data.weapon(k)
                if wpn.ranged:
                    out.append(Ring(c, wpn.range + m.radius, "range", f'{wpn.name} {wpn.range:g}"'))
                    if wpn.type == "rapid_fire":
                        out.append(Ring(c, wpn.range / 2 + m.radius, "range_short", "rapid fire"))
        if "charge" in keys:
            out.append(Ring(c, 12.0 + m.radius, "danger", 'charge 2D6"'))
        if "throw" in keys:
            out.append(Ring(c, 8.0 + m.radius, "range", 'grenade 8"'))
        return coherency_links(game, m) + out + landed_blasts(game)

    def drawing(self, game: Zombie40kGame, cmd: Any, preview: Any, face_toward: Any = None) -> list[Primitive]:
        out: list[Primitive] = []
        if isinstance(cmd, MoveSquad):
            return squad_marks(game, cmd, preview)
        if isinstance(cmd, (Move, Run)):
            m = game.figure(cmd.figure)
            pts = preview.details.get("path") or [list(m.position), *[list(p) for p in cmd.path]]
            pts = tuple((float(x), float(y)) for x, y in pts)
            if not preview.legal:
                out += [
                    Path((m.position, *cmd.path), "blocked"),
                    Plate(cmd.path[-1] if cmd.path else m.position, player_words(game, preview.reason), "bad"),
                ]
                return out
            kind: PathKind = "clutter" if preview.details.get("enters_difficult_terrain") else "legal"
            out.append(Path(pts, kind))
            marks, stop = self.routes.marks(cmd.figure, cmd.path, pts[-1], "", lambda fid: self.name(game, fid))
            out += marks
            last = "" if preview.details.get("boards") else last_move_question(game, {cmd.figure: pts[-1]})
            last = last or ("" if preview.details.get("boards") else mid_move_warning(game, cmd.figure, pts[-1]))
            ring = (
                _at_the_ring(game, cmd, preview)
                if any(p.kind == "route" for p in marks if isinstance(p, Path))
                else ""
            )
            ask = "".join(f"\n{x}" for x in (ring, stop, last if isinstance(cmd, Move) else "") if x)
            out.append(Plate(pts[-1], _move_words(game, cmd, preview) + ask, "path"))
            return out
        if isinstance(cmd, (Shoot, Throw)):
            target = game.state.units.get(cmd.target)
            if target is None or not game.world.alive(target):
                return out  # (the pointer still over a unit just destroyed: nothing to aim at, nothing said)
            centre = game.world.alive(target)[0].position
            if not preview.legal:
                return [Cross(centre), Plate(centre, player_words(game, preview.reason), "bad")]
            for fid in preview.details.get("shooters", []):
                m = game.figure(fid)
                t = min(game.world.alive(target), key=lambda o: game.world.edge(m, o))
                state = sight.line(game.world, m.position, t.position).state  # (the game's reading of ruins)
                out.append(Sight(m.position, t.position, cast(SightState, state)))
            no_blast = _blast_left_out(game, cmd) if isinstance(cmd, Shoot) and cmd.aim is not None else ""
            if isinstance(cmd, Shoot) and cmd.aim is not None and not no_blast:
                aim = (float(cmd.aim[0]), float(cmd.aim[1]))
                r = game.data.house.blast_diameter / 2
                far = _max_scatter(game, cmd.unit)
                if far > 0:
                    out.append(Area(aim, "scatter", far + r, label=f'may scatter up to {far:g}"'))
                out.append(Area(aim, "blast", r, label="blast"))
                out += touched_rings(
                    game, [f for fs in shooting.units_under(game.world, aim, r).values() for f in fs]
                )
            warning = ""
            if isinstance(cmd, Shoot):
                templates, warning = template_marks(game, cmd)
                out += templates
            d = preview.details
            # who of the squad fires, and why the others do not (one thrower: nothing to count)
            skip = ("snap_blast",) if no_blast else ()  # (the blast's own line says it)
            who = (
                ""
                if isinstance(cmd, Throw)
                else "".join(f"\n{w}" for w in fire_words.who_fires(game, target.id, d, skip))
            )
            saved = _before_saves(d, one=len(game.world.alive(target)) == 1)  # "his" for one model, "their" else
            text = (
                f"{'THROW' if isinstance(cmd, Throw) else 'SHOOT'} {names_of(game).unit(target.id)}: "
                f"{d['expected_hits']:.1f} hits, {d['expected_wounds']:.1f} wounds{_at_ap2(d)}{saved}, "
                f"{_killed(game, target, d)}\nat least one kill {percent(preview.chances['at least one kill'])}"
                + (" \u00b7 Snap Shots" if d.get("snap_shots") else "")
                + "".join(f"\n{c}" for c in [fire_words.target_cover(game, target.id, d)] if c)
                + _wounds_lost(game, target, d)
                + who
                + "".join(f"\n{h}" for h in [fire_words.gets_hot(game, d)] if h)
                + (f"\n{no_blast}" if no_blast else "")
            )
            # another player's models under a template: said first, on a plate in the warning colour
            out.append(
                Plate(centre, f"{warning}\n{text}", "bad") if warning else Plate(centre, text, "sight_clear")
            )
            return out
        if isinstance(cmd, Charge):
            a, b = game.state.units.get(cmd.unit), game.state.units.get(cmd.target)
            if a is None or b is None or not game.world.alive(a) or not game.world.alive(b):
                return out
            pairs = [(game.world.edge(m, o), m, o) for m in game.world.alive(a) for o in game.world.alive(b)]
            _, m, o = min(pairs, key=lambda x: x[0])
            if not preview.legal:
                reason = player_words(game, preview.reason)
                return [Path((m.position, o.position), "blocked"), Plate(o.position, reason, "bad")]
            out.append(Path((m.position, o.position), "threat"))
            fleet = assault.FLEET in assault.charge_rerolls(
                game.world, a, assault.through_difficult(game.world, a, b)
            )
            out.append(
                Plate(
                    o.position,
                    f'CHARGE {preview.details["distance"]:.1f}": {percent(preview.chances["charge succeeds"])} (they fire Overwatch first)'  # noqa: E501
                    + ("\nFleet re-rolls a charge that falls short (counted)" if fleet else ""),
                    "bad",
                )
            )
        return out

    # ---- events --------------------------------------------------------------------------------------

    def log_lines(self, game: Zombie40kGame, events: Sequence[Event]) -> list[str]:
        return log_words.lines(game, events)

    def sound(self, game: Zombie40kGame, event: Event) -> str | None:
        return sound_of(SOUNDS, game, event)

    def animation(self, event: Any) -> Animation | None:
        kind = type(event).__name__
        if kind == "Moved":  # a horde shambles as one, the next horde after it (all at once read as a jump)
            group = f"shamble {home_unit(event.figure)}" if event.how == "shamble" else event.how
            return Animation("move", event.figure, tuple(event.path), event.facing, group=group)
        if kind == "PhaseStarted" and event.phase == "zombies":
            return Animation("pause", seconds=0.8)  # "The zombies' turn" is read before the first of them moves
        if kind == "MoveRolled" and event.what == "shamble":
            return Animation("pause", seconds=0.6)  # the shamble's die, read before they move by it
        if kind == "Killed":
            return Animation("state", event.figure, state="dead", seconds=0.3)
        if kind == "Embarked":
            return Animation("state", event.figure, state="embarked", seconds=0.5)
        if kind in (
            "SquadRespawned",
            "HordeRespawned",
        ):  # the unit's models glided back (Moved "respawn"); now they stand
            return Animation("pause", seconds=0.6)
        if kind == "Wounded":
            return Animation("badge", event.figure, badge=str(event.wounds_left))
        if kind == "ShotsFired" and event.shooters:  # a tracer to the target squad's model nearest the shooter
            return Animation("shot", event.shooters[0], target=event.target, seconds=0.4)
        if kind in ("ShotsFired", "BlastPlaced", "CombatResolved"):
            return Animation("pause", seconds=0.4)
        return None

    def animation_in(self, game: Zombie40kGame, event: Any) -> Animation | None:
        """A fight's steps held long enough to read (:mod:`.fight_pace`), the others as :meth:`animation`."""
        return fight_pace.paced(game, event) or self.animation(event)

    def handoff(self, game: Zombie40kGame, event: Any) -> tuple[int, str] | None:
        if type(event).__name__ != "PhaseStarted" or event.phase != "movement" or not event.player:
            return None
        if len(game.state.players) <= 1:
            return event.player, ""
        return event.player, f"Player {event.player} ({self._team(game, event.player)}) \u2014 your team"

    def table_marks(self, game: Zombie40kGame, looks: dict[str, Look]) -> list[Primitive]:
        """Who fights whom: during the Assault phase a line joins each model locked in close combat to the enemy
        he fights (:mod:`engaged`)."""
        return engaged_marks(game.world, looks)

    def told_marks(self, game: Zombie40kGame, event: Any, looks: dict[str, Look]) -> list[Primitive] | None:
        """Who fights whom while a fight is told: its blows draw its lines (:mod:`engaged`)."""
        return told_marks(game.world, event, looks)

    def opponent_moved(self, events: Sequence[Any]) -> bool:
        return any(isinstance(e, PhaseStarted) and e.phase == "zombies" for e in events)

    def caption(self, game: Zombie40kGame, event: Any) -> str | None:
        """A respawn in plain words for an onlooker (the table shows a horde or a squad appearing from nowhere):
        ``More zombies: Horde 2 is back with 6 zombies (from the north edge): a destroyed horde returns each zombie
        turn``."""
        n = names_of(game)
        if isinstance(event, ev.HordeRespawned):
            where = f" ({event.where})" if event.where else ""
            return (
                f"More zombies: {n.unit(event.unit)} is back with {len(event.figures)} zombies{where}: "
                "a destroyed horde returns each zombie turn"
            )
        if isinstance(event, ev.SquadRespawned):
            squad = re.sub(r" \(player \d+\)", "", n.unit(event.unit))
            return (
                f"Player {event.player}'s {squad} is back with {len(event.figures)} models: a wiped-out team "
                "respawns, further from the escape vehicle than the others"
            )
        return None

    def phase_notice(self, game: Zombie40kGame, event: Any) -> tuple[str, str] | None:
        """The notice over the table as a phase begins or passes by itself, keyed by the phase (a skip's
        words replace its start's): ``Player 1: Shooting phase``, ``Shooting skipped: Infantry Squad is locked
        in close combat``, ``The zombies' turn``. None for the Psychic phase this game never plays."""
        if isinstance(event, ev.PhaseStarted) and event.phase == "zombies":
            return "zombies", "The zombies' turn"
        if isinstance(event, ev.PowerUpChoiceOffered):  # the game waits for it: said big, over the table
            squad = names_of(game).unit(event.unit)
            return f"choice:{event.unit}", f"Power-up for {squad}: {log_words.choice_words(game, event.options)}"
        if not isinstance(event, ev.PhaseStarted | ev.PhaseSkipped) or event.phase == "psychic":
            return None
        key = f"{event.player}:{event.phase}"
        if isinstance(event, ev.PhaseSkipped):
            return key, log_words.skipped_words(game, event)
        who = f"Player {event.player}: " if len(game.state.players) > 1 else ""
        return key, f"{who}{event.phase.capitalize()} phase"

    hold_waits = True  # the stop for a phase passed by itself waits for the player (Space or a click)

    def hold_before(self, game: Zombie40kGame, events: Sequence[Any]) -> tuple[int | None, str]:
        """Where the screen stops after a squad's phases passed by themselves, and why (:mod:`.lost_phases`)."""
        return lost_phases.hold_at(game, events)

    def stop_words(self, game: Zombie40kGame, events: Sequence[Any]) -> str:
        """The status line once the player has the table again: what a squad lost in the phases that passed
        by themselves since (``Infantry Squad could not move or shoot: it was locked in close combat...``), or
        how the squad's Run goes on (:func:`run_order_words`)."""
        return (
            lost_phases.while_waiting(game, events)
            or run_order_words(game, events)
            or snag_words.stopped_words(game, events)
            or self._choice_owed(game)
        )

    def _choice_owed(self, game: Zombie40kGame) -> str:
        """The status line while the acting player's squad owes a power-up choice: nothing else goes before it."""
        squad = self._owing(game)
        if squad is None:
            return ""
        options = log_words.choice_words(game, power_ups.choice_options(game.world, squad))
        return f"{names_of(game).unit(squad.id)} chooses its power-up first: {options}."

    def _owing(self, game: Zombie40kGame) -> Any:
        """The acting player's squad when it owes a power-up choice, else None."""
        s = game.state
        if s.active_player is None or game.over:
            return None
        squad = s.squad_of(s.active_player)
        return squad if power_ups.waiting(game.world, squad) else None

    def acts_for(self, game: Zombie40kGame, action: str) -> str | None:
        """Power-up 1 and 2 with nothing selected act for the squad that owes the choice; the squad move (Q) for
        the squad whose model moved or ran last, while it has models still to go (a newcomer's Q straight after
        his first runner's run said "Select one of your models first.")."""
        if action == "squad":
            return self._last_mover_with_mates(game)
        squad = self._owing(game) if action in ("choice_1", "choice_2") else None
        alive = game.world.alive(squad) if squad is not None else []
        return alive[0].id if alive else None

    def _last_mover_with_mates(self, game: Zombie40kGame) -> str | None:
        """A model of the squad whose move or run this phase came last (the player's), who Q still moves with his
        squad-mates."""
        for e in reversed(game.log):
            if isinstance(e, (PhaseStarted, TurnStarted)):
                return None
            fid = getattr(e, "figure", None)
            if type(e).__name__ == "Moved" and fid in game.state.models:
                m = game.figure(fid)
                if m.side != PLAYERS or m.player != game.state.active_player:
                    return None
                mates = game.world.alive(game.state.units[m.unit])
                return next((k.id for k in mates if "squad" in self._available(game, k.id)), None)
        return None


POWER_UP_BUTTONS = {  # the carried power-up each button uses
    "arm": (power_ups.CHAINSAW, power_ups.SHOTGUN),
    "tape_attack": (power_ups.DUCT_TAPE,),
    "tape_shot": (power_ups.DUCT_TAPE,),
    "speed": (power_ups.SPEED_PACK,),
    "revive": (power_ups.DEFIBRILLATOR,),
}


def power_up_buttons(game: Zombie40kGame) -> set[str]:
    """The power-up buttons the acting player's team has a use for: those of the power-ups it carries, and the
    choice buttons while it owes a power-up choice. Only his: another player's stood greyed on his panel (P2's
    Tape +A on P1's turn), and the rows wrapped untidily."""
    s = game.state
    squads = (
        [s.squad_of(s.active_player)] if s.active_player is not None and f"p{s.active_player}" in s.units else []
    )
    carried = {item for u in squads for item in u.power_ups}
    out = {key for key, items in POWER_UP_BUTTONS.items() if carried.intersection(items)}
    if any(u.power_up_choices > 0 or u.power_up_offer for u in squads):
        out |= {"choice_1", "choice_2"}
    return out


def _shown_wounds(wounds: int, most: int, look: Look | None) -> int:
    """The wounds the roster shows: the token's (its badge, a state behind the rules while the log is still
    telling the blows), so the roster never shows a wound before the log has told it.

    >>> _shown_wounds(1, 3, Look((0, 0), 0, "alive", "3")), _shown_wounds(0, 1, Look((0, 0), 0, "alive", ""))
    (3, 1)
    >>> _shown_wounds(0, 1, Look((0, 0), 0, "dead", "")), _shown_wounds(2, 3, None)
    (0, 2)
    """
    if look is None:
        return max(0, wounds)
    if look.badge.isdigit():
        return min(most, int(look.badge))
    return most if look.state in ("alive", "embarked") else 0  # (a one-wound model's token has no badge)


def squad_question(game: Zombie40kGame, preview: Any) -> str:
    """A squad move that leaves a model behind asks first: who stays, and that a second click moves the rest;
    one that would leave the squad out of coherency (in groups) asks too."""
    n = names_of(game)
    stays = group_move.stays_question(
        preview.details["steps"], n.figure, lambda why: player_words(game, why), _verb(preview)
    )
    if stays:
        return stays
    steps = preview.details["steps"]
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps if not st["reason"]}
    last = "" if preview.details.get("run") or preview.details.get("boards") else last_move_question(game, ends)
    return last or split_question(game, preview)


def last_move_question(game: Zombie40kGame, ends: dict[str, Point], verb: str = "move") -> str:
    """ "" unless the models moving to ``ends`` are the last of their squad to move this Movement phase and
    would leave it out of coherency: the phase then ends by itself, so the click asks first and says who
    would stand too far (a newcomer's phase ended with his squad strung out, and no chance to close it up)."""
    if game.state.phase != Phase.MOVEMENT or not ends:
        return ""
    unit = game.state.units[game.figure(next(iter(ends))).unit]
    models = game.world.alive(unit)
    if unit.kind != SQUAD or len(models) < 2 or any(not m.moved for m in models if m.id not in ends):
        return ""
    gap = coherency.gap_of(game.world)
    if coherency.stretch(models, gap, ends) <= coherency.SLACK:
        return ""
    far = coherency.apart(models, gap, at=ends)
    names = names_of(game)
    who = ""
    if far:
        a = far[0]
        near, mate = (PLAYER_SUFFIX.sub("", names.figure(f.id)) for f in (a.near, a.mate))
        who = f' ({near} {coherency.shown(a.inches)}" from {mate})'
    return (
        f"Last of the squad to move: it would end its move out of coherency{who}. Click again to {verb} "
        "anyway; point nearer to close up."
    )


def split_question(game: Zombie40kGame, preview: Any) -> str:
    """ "" unless the squad's move would leave it more spread out than it stands, and out of coherency."""
    steps = preview.details["steps"]
    unit = game.state.units[game.figure(steps[0]["figure"]).unit]
    models, gap = game.world.alive(unit), coherency.gap_of(game.world)
    ends = {st["figure"]: (float(st["end"][0]), float(st["end"][1])) for st in steps}
    if coherency.stretch(models, gap, ends) <= max(coherency.stretch(models, gap), 0.05):
        return ""
    parts = len(coherency.groups(models, gap, ends))
    return (
        f"The squad would end out of coherency ({parts} groups). Click again to {_verb(preview)} anyway."
        if parts > 1
        else f"The squad would end out of coherency. Click again to {_verb(preview)} anyway."
    )


def squad_marks(game: Zombie40kGame, cmd: MoveSquad, preview: Any) -> list[Primitive]:
    """A squad move's preview: each model's way and a ghost ring where he lands; a cross on each who stays
    or stops short of his place in the formation, and a plate of the squad's move."""
    if not preview.legal:
        m = game.figure(cmd.moves[0][0])
        said = snag_words.named_in(game, m.id, cmd.moves[0][1], player_words(game, preview.reason))
        return [Cross(m.position), Plate(m.position, said, "bad")]
    out, spot, _ = group_move.marks(cmd.moves, game.figure, preview.details["steps"], formation.places_of(cmd))
    short = snag_words.short_of_place(game, cmd, preview.details["steps"])
    return [*out, Plate(spot, _squad_plate(game, preview, snag_words.short_line(game, cmd, short)), "path")]


def _verb(preview: Any) -> str:
    """``run`` for a squad run's preview, ``move`` for a squad move's."""
    return "run" if preview.details.get("run") else "move"


def _squad_plate(game: Zombie40kGame, preview: Any, short: str) -> str:
    """The squad move's plate: how many move, who falls short of his place and what is in his way (``short``),
    the terrain roll's odds and the question asked before a model is left behind."""
    verb = _verb(preview)
    text = f"{verb.upper()} SQUAD: {preview.details['moving']} of {len(preview.details['steps'])} models {verb}"
    if short:
        text += f"\n{short}"
    chance = preview.chances.get("whole move", 1.0)
    if preview.details.get("through_difficult"):  # the roll caps every model, on open ground or not [7th]
        crossing = preview.details.get("crossing") or []
        whose = names_of(game).figure(crossing[0]) if crossing else ""
        more = f" and {len(crossing) - 1} more" if len(crossing) > 1 else ""
        way = f" (the way of {whose}{more})" if whose else ""
        text += f"\nthrough difficult terrain{way}: the squad rolls first; no model moves further than the roll"
    if chance < 1.0:
        text += f"\nall the way {percent(chance)}"
    boarding = preview.details.get("boards") or []
    if boarding:  # (the single move's plate said it; the squad's did not, and its click won the game)
        more = f" (and {len(boarding) - 1} more)" if len(boarding) > 1 else ""
        text += f"\n{names_of(game).figure(boarding[0])}{more} boards the {_vehicle_name(game)}"
    question = squad_question(game, preview)
    return text + ("\n" + question if question else "")


def turn_order_words(order: Sequence[int]) -> str:
    """The turn's order as the top bar says it, or "" before it is rolled.

    >>> turn_order_words([1]), turn_order_words([1, 3, 2]), turn_order_words([])
    ('Order: player 1, then zombies', 'Order: 1, 3, 2, then zombies', '')
    """
    if not order:
        return ""
    players = f"player {order[0]}" if len(order) == 1 else ", ".join(str(p) for p in order)
    return f"Order: {players}, then zombies"  # (short: four players' order and the goal fit the top bar)


def walked(preview: Any) -> str:
    """How far a move's path goes, saying it is the path's length (a newcomer read "MOVE 5.0"" for a move
    that ended 4" away: the way went round a wall), and how far that is straight when the way winds.

    >>> from types import SimpleNamespace as P
    >>> walked(P(details={"path": [[20, 30], [18, 28], [20, 26]]}))
    '5.7" along the path (4.0" straight)'
    >>> walked(P(details={"path": [[20, 30], [20, 26]]}))
    '4.0" along the path'
    """
    path = [(float(x), float(y)) for x, y in preview.details.get("path") or [[0.0, 0.0]]]
    length, straight = path_length(path), math.dist(path[0], path[-1])  # (the drawn path's, to its rounding)
    return f'{length:.1f}" along the path' + (f' ({straight:.1f}" straight)' if length - straight > 0.5 else "")


def _run_needs(inches: float) -> str:
    """The run's die that goes ``inches``, in a player's words (the final run's plate read "17% to go 6.0"" and
    never said a 6 was needed); "" when any die does.

    A way a hair over 5" needs a 6, as the odds count it (the plate read "17% to go 5.0": a 5+ needed"):

    >>> _run_needs(6.0), _run_needs(4.2), _run_needs(0.8), _run_needs(5.04)
    ('a 6', 'a 5+', '', 'a 6')
    """
    need = math.ceil(inches - 1e-6)  # the odds' own tolerance: the die must reach the whole way
    return "" if need <= 1 else "a 6" if need >= 6 else f"a {need}+"


def _move_words(game: Zombie40kGame, cmd: Move | Run, preview: Any) -> str:
    """The plate's words for a move or a run: how far along the path, and the odds where a die decides it; a
    run not yet rolled says its roll (``RUN D6" (not rolled yet)``) and how likely it goes this far."""
    length = float(preview.details.get("length", 0.0))
    chance = preview.chances.get("whole move", 1.0)
    dice = preview.details.get("run_dice")
    boards = f"\nboards the {_vehicle_name(game)}" if preview.details.get("boards") else ""  # (the rules say)
    if isinstance(cmd, Run) and dice:
        unit = game.state.units[game.figure(cmd.figure).unit]
        bonus = game.world.hooks.move_bonus(game.world, unit)  # (the Speed Pack)
        roll = 'D6"' if dice == 1 else f'{dice}D6" (the best die)'
        plus = f' +{bonus:g}"' if bonus else ""
        most = " (the most a run goes)" if length >= 6 + bonus - 0.05 else ""
        fleet = ""
        if game.world.unit_has(unit, movement.FLEET):  # (the game takes the re-roll for him: it says when)
            low = game.world.data.house.fleet_reroll_run_at_most
            fleet = (
                f"\nFleet re-rolls a die of {low} or less that falls short, when a fresh D6 goes further (counted)"
            )
        need = _run_needs(length - bonus) if chance < 1 else ""  # the roll the plate's odds are of
        aboard = preview.details.get("boards_from")  # (a shorter run may board: within reach of the vehicle)
        board_need = _run_needs(float(aboard) - bonus) if aboard is not None and chance < 1 else need
        if board_need and boards:
            boards += f" on {board_need}"
        needs = f": {need} needed" if need else ""
        return (
            f'RUN {roll}{plus}, not rolled yet\n{percent(chance)} to go {length:.1f}"{needs}{most}{fleet}{boards}'
        )
    word = "RUN" if isinstance(cmd, Run) else "MOVE"
    unit = game.state.units[game.figure(cmd.figure).unit]
    if (
        isinstance(cmd, Move)
        and unit.difficult_roll is not None
        and preview.details.get("enters_difficult_terrain")
    ):
        roll = f'{unit.difficult_roll}"'  # the reach the roll left
        rolled = (
            f" (difficult terrain: the squad rolled {roll})"
            if chance >= 1
            else f" \u2014 beyond its roll of {roll}"
        )
        if chance >= 1 and length >= unit.difficult_roll - 0.05:  # cut at the roll: the stop line says it
            rolled = ""
        return f"{word} {walked(preview)}" + rolled + boards
    return (
        f"{word} {walked(preview)}"
        + (f" \u2014 {percent(chance)} to go all the way" if chance < 1 else "")
        + boards
    )


def _at_the_ring(game: Zombie40kGame, cmd: Move | Run, preview: Any) -> str:
    """The plate's line for a move the pointer asked further than the model goes: ``6" is as far as he moves: he
    stops at the ring`` (clicked beyond the ring, the move was cut short and the plate did not say so; a newcomer,
    session 47). "" for a run not yet rolled (its die says how far) or a move that stops short of his reach."""
    if "run_dice" in preview.details:
        return ""
    reach = _allowance(game, cmd.figure, "run" if isinstance(cmd, Run) else "move")
    if float(preview.details.get("length", 0.0)) < reach - 0.05:
        return ""
    verb = "runs" if isinstance(cmd, Run) else "moves"
    return f'{reach:g}" is as far as he {verb}: he stops at the ring'


def _done_words(game: Zombie40kGame, fid: str, name: str) -> str:
    """What a model has done this phase that leaves him nothing to do in it ("" when nothing): a newcomer
    clicking a Space Marine who had fired read "Move is for the movement phase; it is the shooting phase"."""
    m, phase = game.figure(fid), game.state.phase
    if phase == Phase.SHOOTING and m.ran:
        return f"{name} has run this turn: a run is instead of shooting."
    if phase == Phase.SHOOTING and m.fired:
        return f"{name} has fired this phase."
    if phase == Phase.MOVEMENT and m.moved:
        return f"{name} has moved this phase."
    return ""


def _squad_run_refusal(game: Zombie40kGame, fid: str) -> str:
    """Why Squad (Q) may not run ``fid``'s squad now ("" when it may): its run is rolled and more than one
    model is still to run (the first runner's move rolls it, so each runs within the one roll)."""
    why = game.preview(Run(fid, ())).reason
    if why:
        return why
    if game.state.units[game.figure(fid).unit].run_roll is None:
        return "Run first (R, then where): once the squad's run is rolled, Squad runs every model still to run."
    if len(formation.still_to_move(game, fid, run=True)) < 2:
        return "Only this model of the squad is still to run: click where he runs."
    return ""


def _squad_ran(game: Zombie40kGame, fid: str) -> bool:
    """Whether ``fid``'s squad has run this turn (it shoots no more: its other models run at a click)."""
    return bool(game.state.units[game.figure(fid).unit].ran_turn == game.state.turn)


def run_order_words(game: Zombie40kGame, events: Sequence[Any]) -> str:
    """After the first model of the acting squad runs, how the others follow: ``Infantry Squad runs 4": click
    each other model, then where it runs (no R needed); or Q, then where, runs them all`` (Q with two or more
    left); "" when no run was rolled or nobody is left to run."""
    player = game.state.active_player
    rolled = next((e for e in events if isinstance(e, ev.MoveRolled) and e.what == "run"), None)
    if rolled is None or player is None or rolled.unit != game.state.squad_of(player).id:
        return ""
    unit = game.state.units[rolled.unit]
    if not any("run" in game.actions_for(m.id) for m in game.world.alive(unit)):
        return ""
    bonus = game.world.hooks.move_bonus(game.world, unit)
    far = f'{(unit.run_roll or rolled.inches) + bonus:g}"'
    runs = names_of(game).does(unit.id, "runs")  # ("Guardian Defenders run 4\"")
    still = [m for m in game.world.alive(unit) if "run" in game.actions_for(m.id)]
    squad = "; or Q, then where, runs them all" if len(still) > 1 else ""  # (the squad run, issue 33)
    return f"{runs} {far}: click each other model, then where it runs (no R needed){squad}."


def _at_ap2(details: dict[str, Any]) -> str:
    """Of the wounds the plate counts, those at AP 2 (a Rending or Bladestorm 6 to wound), which only an
    invulnerable or cover save stops: `` (1.1 at AP 2)``; "" when next to none are."""
    ap2 = float(details.get("expected_ap2_wounds", 0.0))
    return f" ({ap2:.1f} at AP 2)" if ap2 >= 0.05 else ""


def _wounds_lost(game: Zombie40kGame, target: Unit, details: dict[str, Any]) -> str:
    """The plate's line when only some of the target's models are in range and sight of the firers: wounds
    past them are lost [7th] (3 wounds on a horde killed 1 zombie, and nothing said why)."""
    reach, alive = details.get("within_reach"), len(game.world.alive(target))
    if reach is None or not 0 < reach < alive:
        return ""
    them = "him" if reach == 1 else "them"
    return f"\nOnly {reach} of {alive} in range and sight: wounds past {them} are lost"


def _killed(game: Zombie40kGame, target: Unit, details: dict[str, Any]) -> str:
    """The plate's count of what the shots do: zombies killed, or against one model of several wounds (the
    Boss), the wounds he is expected to lose past his saves: "0.00 killed" told a 40k player nothing."""
    alive = game.world.alive(target)
    if len(alive) == 1 and alive[0].wounds > 1 and "expected_taken" in details:
        return f"{details['expected_taken']:.2f} of his {alive[0].wounds} wounds lost"
    return f"{details['expected_kills']:.2f} killed"


def _before_saves(details: dict[str, Any], one: bool = True) -> str:
    """The wounds the plate counts are rolled before saves: `` before his 2+ save`` (one model), `` before
    their 3+ saves`` (all alike), `` before their 4+ cover saves`` (a horde in a ruin), `` before saves``
    (mixed), `` (no save)`` when no model of the target takes one against these shots (the power-up Shotgun at
    zombies, an AP that beats the armour, a zombie in the open). ``one``: the target is one model (a horde whose
    one zombie in reach takes the wounds is still "their": a 40k player read "before his 4+ cover save").

    >>> _before_saves({"saves": [0, 0]}), _before_saves({"saves": [5], "save_kinds": [""]})
    (' (no save)', ' before his 5+ save')
    >>> _before_saves({"saves": [4], "save_kinds": ["cover"]}, one=False)
    ' before their 4+ cover saves'
    """
    saves = [int(v) for v in details.get("saves", [])]
    kinds = set(details.get("save_kinds", [""]))
    if not any(saves):
        return " (no save)" if saves else ""
    if len(set(saves)) > 1 or len(kinds) > 1:
        return " before saves"
    kind = f"{kinds.pop()} " if kinds and "" not in kinds else ""  # "4+ cover save": a zombie has no armour
    return (
        f" before his {saves[0]}+ {kind}save"
        if one and len(saves) == 1
        else f" before their {saves[0]}+ {kind}saves"
    )


def _vehicle_name(game: Zombie40kGame) -> str:
    """The escape vehicle as the map names it (``Thunderhawk gunship``), else "escape vehicle"."""
    zones = game.scenario.zones_of("escape_vehicle")
    name = zones[0].name.strip() if zones else ""
    return name if name and name.lower() != "escape vehicle" else "escape vehicle"


def _move_rings(
    game: Zombie40kGame, unit: Any, c: tuple[float, float], radius: float, bonus: float
) -> list[Primitive]:
    """The move's reach, and once the squad has rolled for difficult terrain this phase, how far the roll
    lets its models go through it (issue 33: the rings follow the rolls)."""
    move = game.data.house.move + bonus
    rolled = unit.difficult_roll is not None and unit.difficult_roll + bonus < move
    slowed = game.table.in_clutter(c) or game.world.hooks.moves_as_difficult(game.world, unit)
    if rolled and slowed:  # in difficult ground every way out enters it: the roll is his whole reach
        through = unit.difficult_roll + bonus
        return [Ring(c, through + radius, "move", f'{through:g}" (difficult terrain: rolled)')]
    out: list[Primitive] = [Ring(c, move + radius, "move", f'{move:g}"')]
    if rolled:
        through = unit.difficult_roll + bonus
        out.append(Ring(c, through + radius, "range_short", f'{through:g}" through terrain (rolled)'))
    return out


def _run_ring(dice: int, unit: Any, c: tuple[float, float], radius: float, bonus: float) -> Ring:
    """The run's reach: the squad's ``dice`` D6 (the best) until it rolls, then what it rolled (its models run no
    further). The Orks' ring read "run D6"" while they roll 2D6 and keep the best."""
    extra = f' +{bonus:g}"' if bonus else ""
    if unit.run_roll is None:
        roll = 'D6"' if dice == 1 else f'{dice}D6" (the best die)'
        return Ring(c, 6.0 + bonus + radius, "move", f"run {roll}{extra}")
    return Ring(c, unit.run_roll + bonus + radius, "move", f'run {unit.run_roll + bonus:g}" (rolled)')


def coherency_links(game: Zombie40kGame, m: Any) -> list[Primitive]:
    """Thin lines between the models of m's squad within 2" of each other (squad coherency [7th]), and a
    plate when the squad is out of coherency and must close up."""
    unit = game.state.units[m.unit]
    if unit.kind != SQUAD:
        return []
    models = game.world.alive(unit)
    gap = coherency.gap_of(game.world)
    out: list[Primitive] = [Path((a.position, b.position), "coherency") for a, b in coherency.links(models, gap)]
    away = coherency.apart(models, gap, m)
    # a small plate by the one out (the farthest), not over the model in hand: a newcomer's big red plate over
    # his selected model covered the table where he was about to move
    at = away[0].near.position if away else m.position
    if away and mid_move(game, models):  # legal while squad-mates still move [7th]: said, not warned
        words = coherency_words(game, unit.name, away, gap).split("\n")
        words[0], words[-1] = f"{unit.name}: spread out while it moves", MID_MOVE.format(gap=gap)
        out.append(Plate(at, "\n".join(words), "info", small=True))
    elif away:
        out.append(Plate(at, coherency_words(game, unit.name, away, gap), "bad", small=True))
    return out


MID_MOVE = 'End its move with each model within {gap:g}" of a squad-mate.'


def mid_move_warning(game: Zombie40kGame, fid: str, end: Point) -> str:
    """ "" unless moving ``fid`` to ``end``, with squad-mates still to move this Movement phase, would leave the
    squad out of coherency as it then stands, more spread out than now: legal [7th], but the ones still to move
    must close it up (a newcomer's Marine went 6" back with no word, and the last one then could not move at
    all)."""
    m = game.figure(fid)
    unit = game.state.units[m.unit]
    models = game.world.alive(unit)
    if game.state.phase != Phase.MOVEMENT or unit.kind != SQUAD or len(models) < 2:
        return ""
    if all(o.moved for o in models if o.id != fid):
        return ""  # the last to move: last_move_question asks
    gap, ends = coherency.gap_of(game.world), {fid: end}
    if coherency.stretch(models, gap, ends) <= max(coherency.stretch(models, gap), 0.0) + coherency.SLACK:
        return ""
    far = coherency.apart(models, gap, m, ends)
    names = names_of(game)
    who = ""
    if far:
        near, mate = (PLAYER_SUFFIX.sub("", names.figure(f.id)) for f in (far[0].near, far[0].mate))
        who = f' ({near} {coherency.shown(far[0].inches)}" from {mate})'
    return (
        f"Warning: the squad would stand out of coherency{who}; those still to move must close it up (the last "
        "to move may not leave it more spread out)."
    )


def coherency_end_words(game: Zombie40kGame) -> str:
    """The End phase question's addition when the acting squad stands out of coherency in its Movement phase:
    ``Infantry Squad is out of coherency (Guardsman 2 5.2" from Guardsman 1)`` ("" when it is not)."""
    s = game.state
    if s.phase != Phase.MOVEMENT or s.active_player is None:
        return ""
    unit = s.squad_of(s.active_player)
    models = game.world.alive(unit)
    gap = coherency.gap_of(game.world)
    far = coherency.apart(models, gap) if len(models) > 1 else []
    if not far:
        return ""
    names = names_of(game)
    near, mate = (PLAYER_SUFFIX.sub("", names.figure(f.id)) for f in (far[0].near, far[0].mate))
    return (
        f'{names.unit(unit.id)} is out of coherency ({near} {coherency.shown(far[0].inches)}" from {mate}) '
        "and must close up in its next move"
    )


def mid_move(game: Zombie40kGame, models: Sequence[Any]) -> bool:
    """Whether the squad is part way through its move: some have moved this Movement phase, some not yet
    (coherency counts when the squad's move is over [7th])."""
    if game.state.phase != Phase.MOVEMENT:
        return False
    return any(o.moved for o in models) and not all(o.moved for o in models)


GROUPS = {2: "two", 3: "three", 4: "four", 5: "five"}  # how many groups a split squad is in, in words


def coherency_words(game: Zombie40kGame, squad: str, away: Sequence[coherency.Apart], gap: float) -> str:
    """Who is out of coherency, how far, and what to do (issue 33: a plate saying only "close up" left a
    newcomer guessing): ``Guardsman 1 is 4.0" from Guardsman 3, the nearest of the squad``, a line for each
    of the three farthest groups, then ``Move Guardsman 1 within 2" of a squad-mate.`` A squad split in groups
    says so: a model 1" from his own group was told he stood 2.8" from the nearest of the squad."""
    names = names_of(game)

    def name(fid: str) -> str:  # the squad's heading already says whose: "Guardian 3", not "(player 2)"
        return PLAYER_SUFFIX.sub("", names.figure(fid))

    split = any(len(a.models) > 1 for a in away)
    groups = GROUPS.get(len(away) + 1, str(len(away) + 1))
    lines = [f"{squad}: out of coherency" + (f", split in {groups} groups" if split else "")]
    for a in away[:3]:
        far = coherency.shown(a.inches)
        if len(a.models) == 1:
            lines.append(f'{name(a.near.id)} is {far}" from {name(a.mate.id)}, the nearest of the squad')
        else:
            group = listed([name(m.id) for m in a.models], 3)
            lines.append(f"{name(a.near.id)}'s group ({group}) is {far}\" from {name(a.mate.id)}'s")
    if len(away) > 3:
        lines.append(f"and {len(away) - 3} more")
    if split:
        lines.append(f'Move the groups within {gap:g}" of each other.')
        return "\n".join(lines)
    who = listed([name(a.near.id) for a in away], 3)
    lines.append(f'Move {who} within {gap:g}" of a squad-mate.')
    return "\n".join(lines)


def listed(names: Sequence[str], most: int) -> str:
    """Names as a list in words, the first ``most`` of them: ``A``, ``A and B``, ``A, B and 2 more``.

    >>> listed(["A"], 3), listed(["A", "B", "C"], 3), listed(["A", "B", "C", "D", "E"], 3)
    ('A', 'A, B and C', 'A, B, C and 2 more')
    """
    shown = list(names[:most]) + ([f"{len(names) - most} more"] if len(names) > most else [])
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def power_up_words(game: Zombie40kGame, unit: Any) -> str:
    """What a squad carries and what is at work on it: ``Medpack x2, Speed Pack; at work: Zombie Bile``."""
    w = game.world
    counts: dict[str, int] = {}
    for k in unit.power_ups:
        counts[k] = counts.get(k, 0) + 1
    held = ", ".join(power_ups.name_of(w, k) + (f" x{n}" if n > 1 else "") for k, n in counts.items())
    fx = [power_ups.name_of(w, k) for k in unit.power_up_effects]
    choice = "a power-up choice waiting (1 or 2)" if power_ups.waiting(w, unit) else ""
    parts = [p for p in (held, f"at work: {', '.join(fx)}" if fx else "", choice) if p]
    return "; ".join(parts)


def _weapon_words(game: Zombie40kGame, key: str) -> str:
    """A weapon's profile in a line: ``24" S4 AP5 Rapid Fire``, then its special rules."""
    return str(game.data.weapon(key).profile)


def _blast_left_out(game: Zombie40kGame, cmd: Shoot) -> str:
    """Why the squad's blast weapon will not fire this shot ("" when it will, or none is carried): a newcomer's
    missile launcher had its marker drawn on the aim four times, and each time only the pistols fired."""
    try:
        plan = game.check_shoot(cmd)
    except IllegalCommand:
        return ""
    if any(s.weapon.blast for s in plan.shooters):
        return ""
    unit = game.state.units[cmd.unit]
    carried = [game.data.weapon(k) for m in game.world.alive(unit) for k in m.weapons if game.data.weapon(k).blast]
    if not carried:
        return ""
    w = carried[0]
    if w.type == "heavy" and unit.moved_turn == game.state.turn:
        return f"No {w.name}: the squad moved, so a heavy weapon fires only Snap Shots, and a blast never does"
    if any(s.snap for s in plan.shooters):
        return f"No {w.name}: only Snap Shots this time, and a blast never fires them"
    return f"No {w.name}: its bearer cannot fire it at them (range, sight, or he has fired)"


def _max_scatter(game: Zombie40kGame, unit: str) -> float:
    """The farthest a blast marker fired by ``unit`` can scatter: 2D6 (12) minus the best BS among its blast
    weapons' bearers [7th]."""
    u = game.state.units.get(unit)
    if u is None:
        return 0.0
    bs = [
        game.world.profile(m).bs for m in game.world.alive(u) if any(game.data.weapon(k).blast for k in m.weapons)
    ]
    return float(max(0, 12 - max(bs))) if bs else 0.0


def template_marks(game: Zombie40kGame, cmd: Shoot) -> tuple[list[Primitive], str]:
    """Each template weapon's teardrop as it would lie, from its bearer toward the model it goes at, with
    how many it would touch and a ring round each of them (as the blast marker's aim has): the flamer's aim
    was a line and a plate, and a newcomer could not tell whom it would burn. With them, the plate's warning
    when another player's models are under one ("Careful: Flamer: 9 under it: 2 zombies, 7 of Infantry Squad
    (player 2)"), else "": a 40k veteran's flamer over a horde locked with another squad burnt 4 Guardsmen."""
    try:
        plan = game.check_shoot(cmd)
    except IllegalCommand:
        return [], ""
    w = game.world
    out: list[Primitive] = []
    touched: list[str] = []
    warnings: list[str] = []
    for s in (s for s in plan.shooters if s.weapon.template):
        pts = tuple(shooting.template_points(w, s.model, w.model(s.aim_at).position))
        under = [
            fid
            for fid in game.table.figures_in_polygon(list(pts))
            if (m := game.state.models.get(fid)) is not None and m.alive and m.unit != plan.unit.id
        ]
        middle = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
        whose, others = fire_words.whose_words(game, under)
        label = f"{s.weapon.name}: {len(under)} under it" + (f": {whose}" if others else "")  # (zombies only:
        # the horde aimed at, nothing more to say)
        out.append(Area(middle, "blast", points=pts, label=label))
        warnings += [f"Careful: {label}"] if others else []
        touched += [f for f in under if f not in touched]
    return out + touched_rings(game, touched), "\n".join(warnings)


def touched_rings(game: Zombie40kGame, fids: Sequence[str]) -> list[Primitive]:
    """A ring round each model a blast marker or a template would touch."""
    return [Ring(game.figure(f).position, game.figure(f).radius + 0.3, "danger") for f in fids]


def landed_blasts(game: Zombie40kGame) -> list[Primitive]:
    """Where this phase's blast markers came down: the marker where it landed, and the scatter from the aim
    (shown while the phase lasts, so the player sees what the dice did)."""
    out: list[Primitive] = []
    for e in reversed(game.log):
        if isinstance(e, PhaseStarted):
            break
        if not isinstance(e, BlastPlaced):
            continue
        if e.template:  # the flame's teardrop where it lay
            pts = tuple((float(x), float(y)) for x, y in e.template)
            middle = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
            out.append(Area(middle, "blast", points=pts, label=f"flamed: {len(e.hits)} under it"))
            continue
        aim, centre = (float(e.aim[0]), float(e.aim[1])), (float(e.centre[0]), float(e.centre[1]))
        if math.dist(aim, centre) > 1e-6:
            out.append(Path((aim, centre), "route", f'scattered {e.scatter:g}"'))
        word = "on the aim" if e.scatter == 0 else "landed"
        out.append(Area(centre, "blast", float(e.radius), label=f"{word}: {len(e.hits)} under it"))
    return out


VIEW = Z40View


def _charge_refusal(game: Zombie40kGame, player: int) -> str:
    """Why Charge is grey in an Assault phase: the rules let a squad charge only another player's (a solo player
    looked for the zombies in reach and found the button grey with no word of why)."""
    others = any(u.kind == SQUAD and u.player != player for u in game.state.units.values())
    if not others:
        return assault.SOLO_NOTE
    return f"No other player's squad within 8\" of the escape vehicle is in charge reach; {assault.IN_THEIR_TURN}."
