"""Duel on screen and around it: the contract's view, set-up, reference, report and outcome."""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any

from game.rules.contract import (
    Action,
    ActionKind,
    Aim,
    Animation,
    Cell,
    Look,
    NamedFigures,
    Outcome,
    Paragraph,
    Report,
    RollRow,
    RosterGroup,
    RosterRow,
    Section,
    Series,
    Setup,
    SetupSpec,
    Table,
    TokenLook,
    View,
    toned,
)
from game.rules.drawing import Plate, Primitive, Ring, Sight
from toy_rules import DuelGame, Strike

STRIKE = ActionKind("strike", "Strike", "k", "icons.fire", "figure", "STRIKE the zombie: one D6 (K)",
                    prompt="Click the zombie to strike.")  # fmt: skip


class DuelView(View[DuelGame]):
    """The contract's view of a duel: what differs from the contract's defaults."""

    action_kinds = (STRIKE,)
    figure_noun = "hero"

    def turn_line(self, game: DuelGame, opponent_moving: bool = False, turn: int | None = None) -> str:
        s = game.state
        return f"Turn {turn or s.turn} \u2014 " + ("Duel over" if game.over else "The hero strikes")

    def objective_line(self, game: DuelGame) -> str:
        s = game.state
        return f"Fell the zombie before it reaches you \u00b7 {max(0, s.turn_limit - s.turn + 1)} turns left"

    def roster(self, game: DuelGame, looks: dict[str, Look], ready: set[str]) -> list[RosterGroup]:
        hero = game.figure("hero")
        state = looks["hero"].state if "hero" in looks else hero.state
        status = Cell("ready", "good") if "hero" in ready else Cell(state, "muted")
        return [RosterGroup("Player 1: the hero", True, (RosterRow("hero", hero.name, (), status),))]

    def acting_player(self, game: DuelGame) -> int | None:
        return game.state.active_player  # type: ignore[no-any-return]

    def end_turn(self, game: DuelGame) -> Any:
        return Strike("hero", "zombie")  # a duel has no turn to end: End turn strikes

    def result(self, game: DuelGame) -> tuple[str, bool]:
        return f"The {game.winner} win: {game.state.reason}", game.winner != "humans"

    def token(self, game: DuelGame, fid: str, look: Look) -> TokenLook:
        f = game.figure(fid)
        zombie = f.side == "zombies"
        sprite = ("tokens.dead_zombie" if zombie else "tokens.dead_soldier") if look.state == "dead" else (
            "tokens.zombie_1" if zombie else "tokens.character_1")  # fmt: skip
        return TokenLook(sprite, "zombie" if zombie else "allies", look.state, label=f.name,
                         layer=0 if look.state == "dead" else 2)  # fmt: skip

    def selectable(self, game: DuelGame, fid: str) -> str:
        return "" if fid == "hero" else "The zombie is moved by the game; select the hero."

    def actions(self, game: DuelGame, fid: str) -> list[Action]:
        ok = bool(game.actions_for(fid))
        return [Action("strike", ok, "" if ok else "Nothing to strike now.")]

    def default_action(self, game: DuelGame, fid: str, target: str | None) -> str | None:
        return "strike" if target == "zombie" and game.actions_for(fid) else None

    def command(self, game: DuelGame, fid: str, action: str, aim: Aim) -> Any | None:
        return Strike(fid, aim.targets[0]) if action == "strike" and aim.targets else None

    def miss(self, game: DuelGame, fid: str, action: str | None, target: str | None) -> str:
        return "Click the zombie to strike."

    def reach(self, game: DuelGame, fid: str, look: Look, actions: Sequence[Action]) -> list[Primitive]:
        return [Ring(look.position, 1.0, "danger", 'bitten within 1"')]

    def drawing(self, game: DuelGame, cmd: Any, preview: Any, face_toward: Any = None) -> list[Primitive]:
        a, b = game.figure(cmd.figure).position, game.figure(cmd.target).position
        if not preview.legal:
            return [Plate(b, f"Cannot strike: {preview.reason}", "bad")]
        odds = preview.chances
        text = f"STRIKE: 5-6 fells it ({odds['kill']:.0%}), 1 is a bite ({odds['bitten']:.0%})"
        return [Sight(a, b, "clear"), Plate(b, text, "sight_clear")]

    def log_lines(self, game: DuelGame, events: Sequence[Any]) -> list[str]:
        out = []
        for ev in events:
            kind = type(ev).__name__
            if kind == "DiceRolled":
                out.append(toned("dice", f"Dice, {html.escape(ev.purpose)}: {html.escape(ev.meaning)}"))
            elif kind == "Shambled":
                out.append(toned("enemy", 'The zombie shambles 1" closer.'))
            elif kind == "Fell":
                out.append(toned("bad", f"<b>{html.escape(self.name(game, ev.figure))} falls</b> ({ev.cause})."))
            elif kind == "DuelOver":
                out.append(f"<b>The {html.escape(ev.winner)} win.</b> {html.escape(ev.reason)}")
        return out

    def sound(self, game: DuelGame, event: Any) -> str | None:
        return {"DiceRolled": "dice", "Shambled": "shamble", "Fell": "hit"}.get(type(event).__name__)

    def animation(self, event: Any) -> Animation | None:
        kind = type(event).__name__
        if kind == "Shambled":
            return Animation("move", event.figure, event.path, group="zombies")
        if kind == "Fell":
            return Animation("state", event.figure, state="dead", seconds=0.3)
        if kind == "DiceRolled":
            return Animation("pause", seconds=0.4)
        return None

    def opponent_moved(self, events: Sequence[Any]) -> bool:
        return any(type(e).__name__ == "Shambled" for e in events)


class DuelSetup(Setup):
    """One player names his hero."""

    def spec(self, scenario: Any) -> SetupSpec:
        hero = NamedFigures("hero", "Your hero", 1, 1, (), ("Ash",))
        return SetupSpec(1, 1, 1, per_player=(hero,), player_noun="hero")

    def options(self, scenario: Any, answers: dict[str, Any]) -> dict[str, Any]:
        each = answers.get("each") or [{}]
        heroes = each[0].get("hero") or [{"name": "Ash"}]
        return {"hero": str(heroes[0].get("name") or "Ash")}

    def answers(self, scenario: Any, options: dict[str, Any]) -> dict[str, Any]:
        return {"players": 1, "each": [{"hero": [{"name": options.get("hero", "Ash")}]}], "game": {}}

    def refusals(self, scenario: Any, answers: dict[str, Any]) -> list[str]:
        name = self.options(scenario, answers)["hero"]
        return [] if name.strip() else ["Give the hero a name."]

    def describe(self, options: dict[str, Any]) -> str:
        return f"hero {options.get('hero', 'Ash')}"


def reference(scenario: Any, options: dict[str, Any]) -> list[Section]:
    return [
        Section(
            "The duel",
            (
                Paragraph("Each turn the hero strikes with one D6."),
                Table(
                    ("D6", "Result"),
                    (("5-6", "the zombie falls"), ("2-4", 'it shambles 1"'), ("1", "the hero is bitten")),
                    caption="Strike",
                ),
            ),
        )  # fmt: skip
    ]


def report(game: DuelGame) -> Report:
    hero = game.figure("hero")
    won = game.winner == "humans"
    return Report(
        ruleset="toy",
        scenario=game.scenario.title,
        winner=game.winner,
        victory=won if game.winner else None,
        headline="VICTORY" if won else "DEFEAT",
        reason=game.state.reason,
        subline=f"{game.scenario.title}  \u2014  turn {game.state.turn}",
        stats=(("Turns played", str(game.state.turn)), ("Strikes", str(len(game.commands)))),
        roll=() if hero.state == "dead" else (RollRow(hero.name, 1, 1),),
        series_turns=(0, game.state.turn),
        series=(Series("Figures standing", (2, sum(f.state == "standing" for f in game.figures))),),
    )


def outcome(game: DuelGame) -> Outcome:
    return Outcome(game.winner or "", game.winner == "humans", game.state.turn, game.state.reason,
                   figures={"hero_alive": float(game.figure("hero").state == "standing")})  # fmt: skip


def demo_forces(rng: random.Random, scenario: Any) -> dict[str, Any]:
    return {"hero": rng.choice(("Ash", "Alice", "Shaun"))}


def invariants(game: DuelGame) -> list[str]:
    problems = []
    if sum(f.state == "dead" for f in game.figures) > 1:
        problems.append("both fighters are dead")
    if game.figure("zombie").position[0] < game.figure("hero").position[0]:
        problems.append("the zombie walked through the hero")
    return problems
