"""``simulate --options JSON`` within bounds (issue 37): JSON nested thousands deep, a number of
thousands of digits, an infinite number, NaN, or text too long is a sentence and exit code 2, never a
RecursionError or ValueError traceback; ordinary options still play."""

from __future__ import annotations

import pytest

from game.assets import default_scenario
from game.cli import main as cli


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("[" * 5000 + "]" * 5000, "--options is nested more than 32 deep (at character 33)"),
        ('{"a": ' + "[" * 5000 + "]" * 5000 + "}", "nested more than 32 deep"),
        ('{"a": ' + "9" * 5000 + "}", "the number 99999999... (5,000 characters) is too long; at most 30 digits"),
        ('{"a": -' + "1" * 400 + ".5e3}", "is too long; at most 30 digits"),
        ('{"a": 1e400}', "the number 1e400 is too large"),
        ('{"a": NaN}', "NaN is not a number JSON allows"),
        ('{"a": "' + "x" * 70_000 + '"}', "--options is 70,009 characters long; at most 65,536"),
        ('{"a":', "--options is not JSON"),
        ("[1]", "--options must be a JSON object"),
    ],
)
def test_options_out_of_bounds_are_refused_with_a_message(options, said, capsys):
    code = cli(["simulate", str(default_scenario()), "--games", "1", "--quiet", "--options", options])
    err = capsys.readouterr().err
    assert code == 2
    assert said in err and "Traceback" not in err


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            '{"sections": ["british"], "players": ' + "9" * 5000 + "}",
            "--options, option 'players': the number 99999999... (5,000 characters) is too long",
        ),
        ('{"teams": ' + "[" * 5000 + "]" * 5000 + "}", "--options, option 'teams': nested more than 32 deep"),
        ('{"mods": ["coop", NaN]}', "--options, option 'mods': NaN is not a number JSON allows"),
        ('{"note": "1e400", "seed": 1e400}', "--options, option 'seed': the number 1e400 is too large"),
    ],
)
def test_the_refusal_names_the_option(options, said, capsys):
    """Of several options, the one at fault is named (a number in a string before it is no number)."""
    assert cli(["simulate", str(default_scenario()), "--games", "1", "--quiet", "--options", options]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_brackets_inside_strings_are_not_nesting(capsys):
    """A value full of brackets is text, not depth: these options are read and the game plays (a character's
    name of 50 brackets, past the 32 deep limit; an unknown option would be refused, so it is a known one)."""
    town = default_scenario().parent / "small_town.tmx"
    options = '{"characters": [{"name": "' + "[" * 50 + '", "player": 1}]}'
    code = cli(["simulate", str(town), "--games", "1", "--quiet", "--options", options])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "1 games, seeds 1..1" in out
