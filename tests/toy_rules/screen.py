"""Duel on screen and around it: what differs from the kit's view (its button, its command, its lines), its
demo forces and invariants."""

from __future__ import annotations

import random
from typing import Any

from game.rules.contract import ActionKind, Aim
from game.rules.core import Command, Preview
from game.rules.drawing import Plate, Primitive, Sight
from game.rules.kit.view import KitView
from toy_rules import DuelGame, Strike

STRIKE = ActionKind("strike", "Strike", "k", "icons.fire", "figure", "STRIKE the zombie: one D6 (K)",
                    prompt="Click the zombie to strike.")  # fmt: skip


class DuelView(KitView[DuelGame]):
    """The kit's view of a duel, with its one button."""

    action_kinds = (STRIKE,)
    figure_noun = "hero"

    def objective_line(self, game: DuelGame) -> str:
        s = game.state
        return f"Fell the zombie before it reaches you \u00b7 {max(0, s.turn_limit - s.turn + 1)} turns left"

    def end_turn(self, game: DuelGame) -> Strike:
        return Strike("hero", "zombie")  # a duel has no turn to end: End turn strikes

    def command(self, game: DuelGame, fid: str, action: str, aim: Aim) -> Strike | None:
        return Strike(fid, aim.targets[0]) if action == "strike" and aim.targets else None

    def drawing(self, game: DuelGame, cmd: Command, preview: Preview, face_toward: Any = None) -> list[Primitive]:
        assert isinstance(cmd, Strike)  # the duel's one command
        a, b = game.figure(cmd.figure).position, game.figure(cmd.target).position
        if not preview.legal:
            return [Plate(b, f"Cannot strike: {preview.reason}", "bad")]
        odds = preview.chances
        text = f"STRIKE: 5-6 fells it ({odds['kill']:.0%}), 1 is a bite ({odds['bitten']:.0%})"
        return [Sight(a, b, "clear"), Plate(b, text, "sight_clear")]


def demo_forces(rng: random.Random, scenario: Any) -> dict[str, Any]:
    return {"hero": rng.choice(("Ash", "Alice", "Shaun"))}


def invariants(game: DuelGame) -> list[str]:
    dead = sum(f.state == "dead" for f in game.figures) > 1
    through = game.figure("zombie").position[0] < game.figure("hero").position[0]
    return ["both fighters are dead"] * dead + ["the zombie walked through the hero"] * through
