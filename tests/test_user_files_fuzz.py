"""The player's own files, fuzzed with what broke them in issue 37 (item 9): extreme counts and sizes in every
save and options field of every rule set (and in the seed and the commands' numbers), names 10,000 characters
long, NUL and control characters, superscript digits, JSON nested thousands deep, in saves, in the Zombie
40,000 roster and in saved teams. Each is refused with its reason, quickly, or plays; never another exception,
a hang or a memory blow-up. Options of any shape anywhere start a game or are the rules' CannotStart, never a
fault; a roster unit at its bounds deploys with no base on another and plays. Concurrency between the writers
of one file: tests/test_user_file_writers.py.
A CI-sized slice by default; 10,000 cases each with ``--fuzz-long`` or ``DEADGROUND_LONG=1``.
"""

from __future__ import annotations

import json
import math
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from fuzz_size import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_z40k_roster_entries import GOOD, PROFILE, WEAPON

from game.rules.core import CannotStart, get_ruleset
from game.rules.zombie40k.battlescribe import roster_path
from game.rules.zombie40k.data import load_data
from game.saves import SaveError, load_game, save_game
from game.scenario import load_scenario
from game.startcheck import start_options
from game.teams import MAX_NAME, load_teams

MAPS = Path(__file__).resolve().parent.parent / "maps"
MAP = {"zombiekrieg": "normandy_village.tmx", "outbreak": "hollow_creek_farm.tmx", "zombie40k": "hive_street.tmx"}
SECONDS = 20  # a refusal or a start, never a build of 10**9 of anything (the machine may be busy)
FUZZ = settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

COUNTS = st.sampled_from([10**29, -(10**29), 10**9, 2**63, 2**31, 0, -1, 1, 4, 5, 100, 1e300, -1e300, 1e9, 0.5])
NAMES = st.sampled_from(
    ["N" * 10_000, "a\x00b", "\x01\x02", "line\nbreak", "tab\there", "+²", "x³", "\u202eevil", ""]
)
EXTREME = st.one_of(
    COUNTS,
    NAMES,
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x7f"), max_size=30),
    st.booleans(),
    st.none(),
    st.lists(COUNTS, max_size=3),
    st.lists(NAMES, max_size=3),
    st.just(["american"] * 200),
    st.just({"unit": "tactical_squad", "models": 10**9}),
)
# what a message says when the rules failed rather than refused: never for a file's fault
FAULTS = re.compile(r"\b(Type|Attribute|Index|Key|Overflow|ZeroDivision|Recursion|Memory|Assertion)Error\b")
OPTION_KEYS = (
    "players",
    "teams",
    "sections",
    "characters",
    "mods",
    "readings",
    "american_corporal_weapon",
    "horde",
    "caught_running_first_blow",
    "all_aware_after_outbreak_move",
    "ruins_block_sight",
)


class _Slow(Exception):
    pass


def within(seconds: float):
    """A context that fails the case (rather than hang the run) if its block takes over ``seconds`` of this
    process's CPU time, or ten times that of waiting: the work is what is bounded, and a wall clock alone failed
    a case on a machine loaded ten times over (the first game started in the process took 20 s of waiting)."""
    timers = (
        (signal.SIGPROF, signal.ITIMER_PROF, seconds, "of CPU"),
        (signal.SIGALRM, signal.ITIMER_REAL, seconds * 10, "waiting"),
    )

    class Limit:
        def __enter__(self) -> None:
            self.old = []
            for sig, timer, limit, what in timers:

                def stop(*_: Any, limit: float = limit, what: str = what) -> None:
                    raise _Slow(f"over {limit} s {what}")

                self.old.append(signal.signal(sig, stop))
                signal.setitimer(timer, limit)

        def __exit__(self, *exc: Any) -> None:
            for (sig, timer, _, _), old in zip(timers, self.old):
                signal.setitimer(timer, 0)
                signal.signal(sig, old)

    return Limit()


def _paths(node: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, (*prefix, i))


_SAVES: dict[str, dict] = {}


def base_save(ruleset: str, folder: Path) -> dict:
    """A real save of ``ruleset`` on its shipped map, two commands in, as a JSON tree (made once)."""
    if ruleset not in _SAVES:
        from game.ai import bot_for

        rules = get_ruleset(ruleset)
        scenario = load_scenario(str(MAPS / MAP[ruleset]))
        game = rules.new_game(scenario, start_options(rules, scenario)[0], 5)
        for _ in range(2):
            game.apply(bot_for(ruleset)(game))
        _SAVES[ruleset] = json.loads(save_game(game, folder / f"{ruleset}.json").read_text())
    return json.loads(json.dumps(_SAVES[ruleset]))


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from(sorted(MAP)))
def test_extreme_options_seeds_and_numbers_in_a_save_are_refused_at_once(
    tmp_path: Path, data: st.DataObject, ruleset: str
) -> None:
    tree = base_save(ruleset, tmp_path)
    where = data.draw(st.sampled_from(["option", "new option", "seed", "command"]))
    if where == "seed":
        tree["seed"] = data.draw(COUNTS)
    elif where == "new option":
        tree["options"][data.draw(st.sampled_from(OPTION_KEYS))] = data.draw(EXTREME)
    else:
        root = tree["options"] if where == "option" else tree["commands"]
        spots = [p for p in _paths(root) if p]
        if spots:
            spot = data.draw(st.sampled_from(spots))
            parent = root
            for key in spot[:-1]:
                parent = parent[key]
            parent[spot[-1]] = data.draw(COUNTS if where == "command" else EXTREME)
    path = tmp_path / "fuzzed.json"
    path.write_text(json.dumps(tree))
    started = time.perf_counter()
    with within(SECONDS):
        try:
            load_game(path)
        except SaveError as exc:
            assert str(exc).startswith("fuzzed.json") and len(str(exc)) < 2000
            assert not FAULTS.search(str(exc)), str(exc)[:300]  # refused in the rules' words, not failed
    assert time.perf_counter() - started < SECONDS


def toml_value(v: Any) -> str:
    """A TOML value as a hand would write it (control characters escaped, infinities bare)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return {float("inf"): "inf", float("-inf"): "-inf"}.get(v, "nan" if v != v else repr(v))
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        if v.startswith("@") and v[1:].isdigit():  # a whole number too long for Python to write out
            return v[1:]
        return json.dumps(v, ensure_ascii=False)  # JSON's escapes are TOML's
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(x)}" for k, x in v.items()) + "}"
    return '""'


def toml_entry(section: str, key: str, table: dict) -> str:
    return f"[{section}.{json.dumps(key)}]\n" + "".join(
        f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in table.items()
    )


ROSTER_VALUES = st.one_of(
    EXTREME.filter(lambda v: v is not None and not (isinstance(v, dict) and "models" in v)),
    st.sampled_from(["@" + "9" * 5000, "@" + "1" * 4301, float("inf"), float("-inf"), float("nan")]),
    st.just([]),
    st.just(["space_marine", "space_marine"]),
)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda name=None, *a, **k: str(tmp_path / "data" / (name or ""))
    )
    load_data.cache_clear()
    yield tmp_path / "data" / "deadground"
    load_data.cache_clear()


@FUZZ
@given(data=st.data())
def test_a_fuzzed_roster_entry_is_skipped_or_plays_and_the_rest_stays(data_dir: Path, data: st.DataObject) -> None:
    section, base = data.draw(st.sampled_from([("units", GOOD), ("weapons", WEAPON), ("profiles", PROFILE)]))
    bad = dict(base)
    for _ in range(data.draw(st.integers(1, 2))):
        field = data.draw(st.sampled_from([*sorted(base), "sergeant", "weapon_options", "rules"]))
        if section == "units" and field == "sergeant" and data.draw(st.booleans()):
            bad[field] = {"name": data.draw(NAMES), "cost": data.draw(COUNTS), "profile": data.draw(ROSTER_VALUES)}
        else:
            bad[field] = data.draw(ROSTER_VALUES)
    mine = {**GOOD, "model": "mine_man", "wargear": ["mine_gun"]}
    text = (
        toml_entry("weapons", "mine_gun", WEAPON)
        + toml_entry("profiles", "mine_man", PROFILE)
        + toml_entry("units", "mine", mine)
        + toml_entry(section, data.draw(st.sampled_from(["bad", "N" * 9000, "bad\u0001"])), bad)
    )
    path = roster_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    load_data.cache_clear()
    with within(SECONDS):
        loaded = load_data()
    assert "mine" in loaded.units and "tactical_squad" in loaded.units, loaded.user_problems
    assert all(len(p) < 600 for p in loaded.user_problems)  # shown on the set-up screen: a few lines each
    kept = [k for k in getattr(loaded, section) if k not in ("mine", "mine_gun", "mine_man")]
    user_kept = [k for k in kept if k in (*loaded.user_units, *loaded.user_weapons, *loaded.user_profiles)]
    if not user_kept:
        assert loaded.user_problems and all(p.startswith("zombie40k_roster.toml: ") for p in loaded.user_problems)
    elif section == "units":  # the fuzzed unit was accepted: a team of it starts, or is refused with words
        scenario = load_scenario(str(MAPS / "hive_street.tmx"))
        with within(SECONDS):
            try:
                get_ruleset("zombie40k").new_game(scenario, {"teams": user_kept}, 1)
            except ValueError as exc:
                assert str(exc)


TEAM_VALUES = st.one_of(
    NAMES, EXTREME, st.integers(1, 8000).map(lambda n: json.loads("[" * n + "]" * n) if n < 900 else None)
)


@FUZZ
@given(data=st.data())
def test_fuzzed_team_files_are_skipped_with_a_reason_and_the_others_load(
    tmp_path: Path, data: st.DataObject
) -> None:
    folder = tmp_path / f"teams-{time.monotonic_ns()}"
    folder.mkdir()
    (folder / "good.json").write_text(
        json.dumps({"ruleset": "zombie40k", "name": "Guards", "team": ["unit:infantry_squad"]})
    )
    table: dict[str, Any] = {"ruleset": "zombie40k", "name": "Mob", "team": ["unit:ork_boyz"]}
    key = data.draw(st.sampled_from(["name", "team", "ruleset", "whole"]))
    if key == "team":
        table["team"] = data.draw(st.lists(NAMES, min_size=1, max_size=3) | TEAM_VALUES)
    elif key != "whole":
        table[key] = data.draw(TEAM_VALUES)
    depth = data.draw(st.integers(0, 8000))
    text = "[" * depth + "]" * depth if key == "whole" else json.dumps(table)
    (folder / "fuzzed.json").write_text(text)
    with within(SECONDS):
        teams, bad = load_teams(folder, "zombie40k")
    assert "Guards" in [t.name for t in teams]
    for t in teams:
        assert t.name.isprintable() and 0 < len(t.name) <= MAX_NAME
    assert all(b.reason and len(b.reason) < 600 for b in bad)


OPTION_FIELDS = ("unit", "models", "sergeant", "sergeant_options", "weapons", "usr", "usr_model", "name", "player")
SHAPES = st.recursive(
    EXTREME,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(OPTION_FIELDS), inner, max_size=4),
    max_leaves=8,
)


def fresh(value: Any) -> Any:
    """A copy of a drawn value (a strategy may hand out one list twice: put inside itself, it never ends)."""
    return json.loads(json.dumps(value))


@FUZZ
@given(data=st.data(), ruleset=st.sampled_from(sorted(MAP)))
def test_options_of_any_shape_start_or_are_refused_by_the_rules_words(
    tmp_path: Path, data: st.DataObject, ruleset: str
) -> None:
    """Any value of any shape (lists of tables of lists, 10,000-character names, 10**29) anywhere in a rule
    set's options: the game starts, or the rules refuse it as a CannotStart of a few lines; never a TypeError
    from deep in a builder, which the start screens could only report as a fault."""
    rules = get_ruleset(ruleset)
    scenario = load_scenario(str(MAPS / MAP[ruleset]))
    options = json.loads(json.dumps(data.draw(st.sampled_from(start_options(rules, scenario)))))
    for _ in range(data.draw(st.integers(1, 3))):
        spots = [p for p in _paths(options) if p]
        if not spots or data.draw(st.booleans()):
            options[data.draw(st.sampled_from(OPTION_KEYS))] = fresh(data.draw(SHAPES))
            continue
        spot = data.draw(st.sampled_from(spots))
        parent = options
        for key in spot[:-1]:
            parent = parent[key]
        parent[spot[-1]] = fresh(data.draw(SHAPES))
    with within(SECONDS):
        try:
            rules.new_game(scenario, json.loads(json.dumps(options)), 1)
        except CannotStart as exc:
            assert 0 < len(str(exc)) < 1000 and not FAULTS.search(str(exc)), str(exc)[:300]


ROOMY = settings(
    max_examples=examples(4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@ROOMY
@given(data=st.data())
def test_a_roster_unit_at_its_bounds_deploys_apart_and_plays(data_dir: Path, data: st.DataObject) -> None:
    """A unit the roster accepts, however far at its bounds (1 to 100 models, bases 0.1" to 6", 20 shots,
    240" guns, Strength x9), starts with no base on another or says why it cannot, and plays on."""
    from game.ai import bot_for

    kind = data.draw(st.sampled_from(["rapid_fire", "assault", "pistol", "heavy"]))
    gun = {**WEAPON, "type": kind, "range": data.draw(st.sampled_from([0.1, 24, 240])), "shots": 20}
    gun |= {"s": data.draw(st.sampled_from([1, 10, "user", "x9", "+9"])), "blast": data.draw(st.booleans())}
    man = {
        **PROFILE,
        "base": data.draw(st.sampled_from([0.1, 1.0, 2.5, 6.0])),
        "w": data.draw(st.sampled_from([1, 10])),
    }
    size = data.draw(st.sampled_from([1, 10, 100]))
    unit = {**GOOD, "model": "man", "wargear": ["gun"], "squad_cost": 1, "squad_size": size, "max_models": 100}
    path = roster_path(data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        toml_entry("weapons", "gun", gun) + toml_entry("profiles", "man", man) + toml_entry("units", "u", unit)
    )
    load_data.cache_clear()
    assert "u" in load_data().units, load_data().user_problems
    teams = ["u"] * data.draw(st.integers(1, 4))
    scenario = load_scenario(str(MAPS / "hive_street.tmx"))
    with within(SECONDS * 3):
        try:
            game = get_ruleset("zombie40k").new_game(scenario, {"teams": teams}, data.draw(st.integers(1, 99)))
        except CannotStart as exc:
            assert "finds room for only" in str(exc)
            return
        placed = [m for m in game.state.models.values()]
        for k, a in enumerate(placed):
            for b in placed[k + 1 :]:
                assert math.dist(a.position, b.position) >= a.radius + b.radius - 1e-6, (a.id, b.id)
        for _ in range(20):
            if game.over:
                break
            game.apply(bot_for("zombie40k")(game))
