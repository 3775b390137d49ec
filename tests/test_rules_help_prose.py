"""The rules help reads as prose: house values are sentences, not "[house] key = value: ..." with the data's
snake_case names, and numbered steps count up ("1. 2. 3.", never "0. 0. 0.")."""

from __future__ import annotations

import re

import pytest

from game.rules.builtin import BUILTIN
from game.rules.contract import Paragraph
from game.rules.core import get_ruleset


def paragraphs(key: str) -> list[tuple[str, list[Paragraph]]]:
    secs = get_ruleset(key).reference(None, {})
    return [(s.title, [p for p in s.body if isinstance(p, Paragraph)]) for s in secs]


@pytest.mark.parametrize("key", ["outbreak", "zombiekrieg"])
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
