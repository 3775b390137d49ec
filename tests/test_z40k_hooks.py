"""Zombie 40,000's add-ons (respawning, power-ups, Killing Floor, the mods) plug into its core through the
hooks (game/rules/zombie40k/hooks.py): the core imports none of them, each can be left out alone, and a new
plug-in changes the game at the moment it answers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules.core import IllegalCommand
from game.rules.zombie40k import turn
from game.rules.zombie40k.commands import Shoot, Throw
from game.rules.zombie40k.events import PowerUpRolled, SquadRespawned
from game.rules.zombie40k.hooks import Hooks, Plugin, registered
from game.rules.zombie40k.power_ups import PowerUps
from game.rules.zombie40k.respawn import Respawning
from game.rules.zombie40k.state import Phase
from game.rules.zombie40k.testing import rigged_game

PACKAGE = Path(__file__).resolve().parents[1] / "game" / "rules" / "zombie40k"
CORE = ("world", "movement", "shooting", "attacks", "assault", "turn", "zombie_turn", "morale", "hooks")
ADD_ONS = ("mods", "power_ups", "killing_floor", "respawn", "plugins")
GUARDS = {"unit": "infantry_squad", "models": 2}


def imported(module: str) -> set[str]:
    """Every zombie40k module ``module`` imports: module level, in functions, under TYPE_CHECKING."""
    out = set()
    for n in ast.walk(ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))):
        if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("game.rules.zombie40k"):
            out.add(n.module.rpartition(".")[2])
            out.update(a.name for a in n.names)
        elif isinstance(n, ast.Import):
            out.update(a.name.rpartition(".")[2] for a in n.names if a.name.startswith("game.rules.zombie40k"))
    return out


@pytest.mark.parametrize("module", CORE)
def test_the_core_imports_no_add_on(module: str) -> None:
    assert not imported(module) & set(ADD_ONS)


def test_no_zombie40k_module_imports_itself_round_a_circle() -> None:
    names = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    edges = {m: imported(m) & names - {m} for m in names}
    seen: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for n in sorted(edges[m]):
            assert seen.get(n) != 1, f"import circle: {' -> '.join([*path, m, n])}"
            if n not in seen:
                visit(n, [*path, m])
        seen[m] = 2

    for m in sorted(names):
        if m not in seen:
            visit(m, [])


def test_every_add_on_registers_its_plug_in_and_a_game_plays_the_ones_its_mods_want() -> None:
    assert [c.__name__ for c in registered()] == ["Respawning", "PowerUps", "KillingFloor", "Mods"]
    plain = rigged_game({1: [(10, 30)]})
    assert [type(p).__name__ for p in plain.world.hooks.plugins] == ["Respawning", "PowerUps"]
    kf = rigged_game({1: [(10, 30)]}, mods=["killing_floor"])
    assert [type(p).__name__ for p in kf.world.hooks.plugins] == ["Respawning", "PowerUps", "KillingFloor", "Mods"]


def test_without_the_power_ups_a_wiped_out_squad_still_respawns_but_rolls_nothing() -> None:
    """Respawning left in, power-ups left out: the squad comes back, and no Power-up roll follows."""
    g = rigged_game({1: [(10, 30), (11.5, 30)]}, teams=[GUARDS], dice=[], phase=Phase.ASSAULT)
    w, st = g.world, g.state
    w.hooks = Hooks([Respawning()])
    for fid in list(st.units["p1"].models):
        w.kill(st.models[fid], "test")
    st.order, st.order_index = [1], 0
    turn.begin_player(w)
    assert w.alive(st.units["p1"]) and any(isinstance(e, SquadRespawned) for e in w.events)
    assert not any(isinstance(e, PowerUpRolled) for e in w.events)


def test_without_respawning_a_wiped_out_squad_is_out_of_the_game() -> None:
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], phase=Phase.ASSAULT)
    w, st = g.world, g.state
    w.kill(st.models["p1-1"], "test")
    assert turn.players_left(w) == [1]  # with respawning, the team will be back
    w.hooks = Hooks([PowerUps()])
    assert turn.players_left(w) == []


def test_a_new_plug_in_changes_the_game_at_its_moment() -> None:
    """A plug-in that answers ``extra_shots`` gives every firer one more shot in the fire plan."""

    class TwoBarrels(Plugin):
        def extra_shots(self, world, m):  # type: ignore[no-untyped-def]
            return 1

    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], hordes=[[(10, 24)]])
    before = g.check_shoot(Shoot("p1", "h1")).shooters[0].shots
    g.world.hooks = Hooks([*g.world.hooks.plugins, TwoBarrels()])
    assert g.check_shoot(Shoot("p1", "h1")).shooters[0].shots == before + 1


def test_an_add_on_command_in_a_game_without_it_is_refused_in_its_words() -> None:
    g = rigged_game({1: [(10, 30)]}, teams=[GUARDS], hordes=[[(10, 24)]])
    with pytest.raises(IllegalCommand, match="Thrown grenades come with the Killing Floor mod"):
        g.apply(Throw("p1", "h1", "frag_grenades"))
    assert not g.preview(Throw("p1", "h1", "frag_grenades")).legal
