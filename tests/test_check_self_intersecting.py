"""A bow-tie building (its outline crosses itself): what is inside is not clear, so ``check`` fails it
and says where the sides cross."""

from __future__ import annotations

from design_maps import obj, playable_objects, tmx, write

from game.scenario.review import review_map


def test_a_bow_tie_building(tmp_path):
    bow = obj(10, "Bow tie", "building", 14, 4, shape="polygon", points="0,0 6,6 6,0 0,6")
    l_shape = obj(11, "L house", "building", 20, 14, shape="polygon", points="0,0 4,0 4,2 2,2 2,4 0,4")
    problems = review_map(str(write(tmp_path, "m.tmx", tmx(objects=playable_objects() + [bow, l_shape])))).errors
    (p,) = [p for p in problems if "crosses itself" in p.message]
    assert p.object_id == 10 and '(17", 7")' in p.message and "sides do not cross" in p.fix


def test_a_ruin_whose_outline_crosses_itself_loads_but_new_game_refuses_it_in_checks_words(tmp_path):
    """Found by the full-size fuzz (issue 37): such a map loads (the table can be built), but check fails it,
    and the New game list shows check's problem with its fix rather than start a table the designer never meant."""
    from game.scenario.loader import load_scenario
    from game.ui.scenario_list import load_entry

    ruin = obj(4, "Ruined church", "ruin", 10, 6, shape="polygon", points="0,0 4,4 4,0 1,6")
    path = write(tmp_path, "m.tmx", tmx(objects=playable_objects() + [ruin]))
    assert load_scenario(str(path)).terrain  # loading alone takes it
    entry = load_entry(path)
    assert entry.scenario is None and "(as deadground check says)" in entry.error
    assert 'object 4 "Ruined church": its outline crosses itself' in entry.error and "Edit Polygons" in entry.error
