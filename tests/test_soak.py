"""``deadground soak`` (issue 17, item 4): bot games with the rules' invariants checked after every
command; a failure is written as a save with its seed that replays. A CI-sized slice runs by default;
``--fuzz-long`` (or DEADGROUND_LONG=1) runs 200 games per rule set on the shipped maps."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import game.soak as soak
from game.cli import main as cli_main
from game.rules.core import get_ruleset
from game.saves import read_save

MAPS = Path(__file__).parent / "maps"
SMALL = str(MAPS / "valid_zombiekrieg.tmx")


def test_zombiekrieg_has_invariants_found_through_its_rule_set() -> None:
    from game.rules.zombiekrieg.invariants import invariants

    assert get_ruleset("zombiekrieg").invariants is invariants
    assert soak.find_invariants(get_ruleset("zombiekrieg")) is invariants


def test_every_registered_rule_set_with_a_bot_soaks_with_its_invariants(tmp_path: Path) -> None:
    """The toy rule set (tests/toy_rules) has the contract's one-argument invariants."""
    import toy_rules

    from game.ai import has_bot

    assert has_bot(toy_rules.KEY)
    out = io.StringIO()
    assert soak.main([str(toy_rules.MAP)], games=5, out=str(tmp_path), stream=out) == 0, out.getvalue()
    assert f"{toy_rules.KEY}: 5 games" in out.getvalue()


def test_a_game_that_does_not_replay_is_a_failure(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(soak, "_replays", lambda ruleset, scenario, game: "the game replayed differently")
    result = soak.play_one("zombiekrieg", SMALL, 3, str(tmp_path))
    assert result.failure == "the game replayed differently" and read_save(result.saved).seed == 3


def test_a_slice_of_soak_games_holds_every_invariant(tmp_path: Path) -> None:
    out = io.StringIO()
    code = soak.main([SMALL], games=3, seed=5, out=str(tmp_path), stream=out)
    assert code == 0, out.getvalue()
    assert "3 games" in out.getvalue() and "0 failed" in out.getvalue()
    assert not list(tmp_path.iterdir())


def test_the_shipped_maps_are_soaked_per_rule_set() -> None:
    maps = soak.soak_maps()
    assert "zombiekrieg" in maps and all(
        p.endswith((".tmx", ".toml")) for p in maps["zombiekrieg"]
    )  # campaigns too
    assert any(p.endswith("normandy_village.tmx") for p in maps["zombiekrieg"])


def test_a_broken_invariant_is_written_as_a_replay_with_its_seed(tmp_path: Path, monkeypatch) -> None:
    calls = {"n": 0}

    def fussy(game, since=None, replayed=False, step=True):
        calls["n"] += 1
        return ["the zombies are too polite"] if len(game.commands) >= 4 else []

    monkeypatch.setattr(soak, "find_invariants", lambda ruleset: fussy)
    out = io.StringIO()
    assert soak.main([SMALL], games=1, seed=9, out=str(tmp_path), stream=out) == 1
    (saved,) = tmp_path.glob("soak-zombiekrieg-valid_zombiekrieg-seed9.json")
    replay = read_save(saved)
    assert replay.seed == 9 and len(replay.commands) == 4 and "too polite" in replay.error
    assert "seed 9" in out.getvalue()


def test_an_error_in_the_rules_is_written_with_the_failed_command(tmp_path: Path, monkeypatch) -> None:
    from game.rules.zombiekrieg.game import ZombiekriegGame

    real = ZombiekriegGame.apply

    def flaky(self, cmd):
        if len(self.commands) == 3:
            raise ZeroDivisionError("a bug")
        return real(self, cmd)

    monkeypatch.setattr(ZombiekriegGame, "apply", flaky)
    result = soak.play_one("zombiekrieg", SMALL, 2, str(tmp_path))
    assert "ZeroDivisionError: a bug" in result.failure
    saved = read_save(result.saved)
    assert saved.failed is not None and len(saved.commands) == 3


def test_the_cli_runs_soak_with_a_time_limit(tmp_path: Path, capsys) -> None:
    code = cli_main(["soak", "--games", "50", "--minutes", "0.01", "--out", str(tmp_path), SMALL])
    text = capsys.readouterr().out
    assert code == 0 and "minute limit" in text


def test_soak_at_scale(tmp_path: Path, long_run: bool) -> None:
    if not long_run:
        pytest.skip("the full soak runs with --fuzz-long or DEADGROUND_LONG=1")
    out = io.StringIO()
    code = soak.main([], games=200, jobs=2, seed=1000, out=str(tmp_path), stream=out)
    print(out.getvalue())
    assert code == 0, out.getvalue()


def test_each_shipped_rule_set_soaks_a_whole_game_with_its_own_forces(tmp_path: Path) -> None:
    """Zombie 40,000 cannot start without teams: the soak deals every rule set its demo forces, drawn
    from the game's seed (so a failure replays), and one whole game of each holds every invariant."""
    maps = soak.soak_maps()
    assert {"zombiekrieg", "outbreak", "zombie40k"} <= set(maps)
    for key, paths in sorted(maps.items()):
        result = soak.play_one(key, paths[0], 1, str(tmp_path))
        assert result.failure == "" and result.commands > 0, (key, result)
    z40k = get_ruleset("zombie40k")
    assert soak.soak_forces(z40k, None, 4) == soak.soak_forces(z40k, None, 4)  # drawn from the seed


def test_the_soak_plays_each_shipped_campaign_whole_with_its_carried_force(tmp_path) -> None:
    """Issue 39: the soak plays campaigns too. Every shipped campaign is soaked under its rule set, and one is
    played chapter after chapter by the bots (the force carried in), the invariants asked after every
    command and each chapter replayed from its commands."""
    maps = soak.soak_maps()
    campaigns = {key: [p for p in paths if p.endswith(".toml")] for key, paths in maps.items()}
    assert {key: len(found) for key, found in campaigns.items()} == {
        "outbreak": 1,
        "zombie40k": 1,
        "zombiekrieg": 1,
    }
    result = soak.play_one("zombiekrieg", campaigns["zombiekrieg"][0], 1, str(tmp_path))
    assert result.failure == "" and result.commands > 0, result.failure
