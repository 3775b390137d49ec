"""The rules help reads as prose: house values are sentences, not "[house] key = value: ..." with the data's
snake_case names, and numbered steps count up ("1. 2. 3.", never "0. 0. 0."); Zombie 40,000's sentences carry no
source notes ("[seed]", "[7th]") inline: the help tags a house paragraph once, at its end."""

from __future__ import annotations

import re

import pytest

from game.rules.builtin import BUILTIN
from game.rules.contract import Paragraph
from game.rules.core import get_ruleset


def paragraphs(key: str) -> list[tuple[str, list[Paragraph]]]:
    secs = get_ruleset(key).reference(None, {})
    return [(s.title, [p for p in s.body if isinstance(p, Paragraph)]) for s in secs]


@pytest.mark.parametrize("key", ["outbreak", "zombiekrieg", "zombie40k"])
def test_house_values_read_as_sentences(key: str) -> None:
    soup = [
        p.text
        for _, body in paragraphs(key)
        for p in body
        if re.search(r"\[house\]|\b[a-z]+_[a-z_]+ = ", p.text) or re.search(r"\b(true|false):", p.text)
    ]
    assert not soup, soup[:3]


@pytest.mark.parametrize("key", [k for k in BUILTIN if get_ruleset(k).reference])
def test_steps_count_up_in_each_section(key: str) -> None:
    for title, body in paragraphs(key):
        numbers = [p.number for p in body if p.kind == "step"]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) if numbers else True, (title, numbers)


def test_zombie40k_sentences_and_tables_carry_no_source_notes() -> None:
    from game.rules.contract import Table

    secs = get_ruleset("zombie40k").reference(None, {})
    texts = [p.text for s in secs for p in s.body if isinstance(p, Paragraph)]
    texts += [t.caption for s in secs for t in s.body if isinstance(t, Table)]
    texts += [c for s in secs for t in s.body if isinstance(t, Table) for row in t.rows for c in row]
    noted = [t for t in texts if re.search(r"\[[^\]]*\]", t)]
    assert not noted, noted[:3]
    house = [p for s in secs for p in s.body if isinstance(p, Paragraph) and p.house]
    assert any("Duct Tape" in p.text for p in house)  # a house value is still marked as one
