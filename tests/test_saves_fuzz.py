"""A broken save file is refused with a clear message and never touched (issue 5): random damage to a good
save's JSON gives SaveError (or, if the damage happens to leave a valid game, that game), never another
exception, and the file's bytes stay as they were."""

from __future__ import annotations

import json
from pathlib import Path

from fuzz_size import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.zombiekrieg_bot import choose_command
from game.assets import default_scenario
from game.rules.zombiekrieg import new_game
from game.saves import SaveError, load_game, save_game
from game.scenario import load_scenario

SCENARIO = load_scenario(default_scenario())
GAME = new_game(SCENARIO, {"sections": ["american"]}, 4)
while len(GAME.commands) < 12:
    GAME.apply(choose_command(GAME))

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def _paths(node, prefix=()):
    """Every (path, value) inside a JSON tree."""
    yield prefix, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_damaged_saves_are_refused_cleanly_and_left_untouched(tmp_path: Path, data) -> None:
    path = tmp_path / "save.json"
    save_game(GAME, path)
    tree = json.loads(path.read_text())
    spots = [p for p, _ in _paths(tree) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(spots))
        parent = tree
        for key in where[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            parent.pop(where[-1], None)
        else:
            try:
                parent[where[-1]] = data.draw(junk)
            except (IndexError, KeyError, TypeError):
                pass
        spots = [p for p, _ in _paths(tree) if p] or spots
    raw = (
        json.dumps(tree).encode()
        if data.draw(st.booleans())
        else json.dumps(tree).encode()[: data.draw(st.integers(0, 400))]
    )
    path.write_bytes(raw)
    try:
        game = load_game(path)
    except SaveError as exc:
        assert str(exc).startswith("save.json") and len(str(exc)) > 20  # names the file and says why
    else:
        assert game.seed is not None  # the damage left a game that still replays
    assert path.read_bytes() == raw  # refused or not, never touched
