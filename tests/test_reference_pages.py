"""The project's own rules reference (``docs/rules/<rule set>.md``) is written from the in-game rules help's
sections, so the two cannot drift: a change to the rules help without the pages re-written fails here."""

from __future__ import annotations

from game.reference_pages import DOCS, main, pages
from game.rules.builtin import BUILTIN


def test_every_rule_set_has_a_page_that_matches_the_rules_help():
    written = pages()
    assert sorted(written) == sorted(f"{k}.md" for k in BUILTIN)
    stale = [n for n, text in written.items() if (DOCS / n).read_text(encoding="utf-8") != text]
    assert not stale, f"re-run python -m game.reference_pages: {stale} differ from the rules help"


def test_house_values_are_tagged_in_words_not_only_bold():
    for name, text in pages().items():
        assert "*[house]*" in text, f"{name} marks no house value"
        assert "[house] [house]" not in text


def test_check_names_a_stale_page(tmp_path, capsys):
    assert main(["--into", str(tmp_path)]) == 0
    (tmp_path / "outbreak.md").write_text("old", encoding="utf-8")
    assert main(["--check", "--into", str(tmp_path)]) == 1
    assert "outbreak.md: differs from the rules help" in capsys.readouterr().out
