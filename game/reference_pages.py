"""The rules reference as Markdown pages, one per rule set, written into ``docs/rules/``.

The pages are made from the very sections the in-game rules help shows (``RuleSet.reference`` for no
scenario and no options: the defaults), so the help and the documents cannot drift; a test compares the
committed pages with what this module writes. House values are tagged ``[house]`` and set in bold, never
marked by style alone.

    python -m game.reference_pages            # rewrite docs/rules/*.md
    python -m game.reference_pages --check    # exit 1 and name the pages that differ

>>> from game.rules.contract import Paragraph, Run, Section
>>> print(section_markdown(Section("Moving", (Paragraph("Move 6 inches.", runs=(Run("Move "), Run("6", True),
...     Run(" inches."))),))), end="")
## Moving
<BLANKLINE>
Move **6** inches.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from game.rules.builtin import BUILTIN
from game.rules.contract import Paragraph, Section, Table
from game.rules.core import RuleSet, get_ruleset

__all__ = ["DOCS", "page", "pages", "section_markdown", "main"]

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"
HOUSE = "*[house]*"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _table(table: Table) -> list[str]:
    caption = f"**{table.caption}**{' ' + HOUSE if table.house else ''}" if table.caption else ""
    rows = [
        "| " + " | ".join(_cell(c) for c in row) + (f" {HOUSE}" if k in table.house_rows else "") + " |"
        for k, row in enumerate(table.rows)
    ]
    head = ["| " + " | ".join(_cell(h) for h in table.header) + " |", "|" + "---|" * len(table.header)]
    return ([caption, ""] if caption else []) + head + rows


def _paragraph(p: Paragraph) -> str:
    text = "".join(f"**{r.text}**" if r.house else r.text for r in p.runs) if p.runs else p.text
    tag = f" {HOUSE}" if p.house else ""
    if p.kind == "subheading":
        return f"### {text}"
    if p.kind == "bullet":
        return f"- {text}{tag}"
    if p.kind == "step":
        return f"{p.number}. {text}{tag}"
    return f"{text}{tag}"


def _blocks(body: Sequence[Paragraph | Table]) -> Iterator[str]:
    """The section's lines; a list (bullets or steps) stays together, everything else has air round it."""
    listed = ("bullet", "step")
    for k, item in enumerate(body):
        if isinstance(item, Table):
            yield from ["", *_table(item)]
            continue
        before = body[k - 1] if k else None
        joined = isinstance(before, Paragraph) and before.kind in listed and item.kind in listed
        if not joined:
            yield ""
        yield _paragraph(item)


def section_markdown(section: Section) -> str:
    return "\n".join([f"## {section.title}", *_blocks(section.body)]) + "\n"


def page(ruleset: RuleSet) -> str:
    """One rule set's page: its name, what [house] means, then every section of its rules help."""
    head = (
        f"# {ruleset.name}: the rules as Dead Ground plays them\n\n"
        f"Written by `python -m game.reference_pages` from the same sections as the in-game rules help "
        f"(the defaults: no scenario, no options). {HOUSE} and **bold** mark the club's house values, where "
        f"the published rules are silent; a club may change them in `game/data/{ruleset.key}.toml`.\n"
    )
    sections = ruleset.reference(None, {}) if ruleset.reference else []
    return "\n".join([head, *(section_markdown(s) for s in sections)])


def pages() -> dict[str, str]:
    """Every built-in rule set's page: its file name and text."""
    rule_sets = (get_ruleset(k) for k in BUILTIN)
    return {f"{r.key}.md": page(r) for r in rule_sets if r.reference is not None}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.reference_pages", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only compare: exit 1 naming the pages that differ")
    parser.add_argument("--into", type=Path, default=DOCS, help="the folder of the pages (docs/rules)")
    args = parser.parse_args(argv)
    stale = [n for n, text in pages().items() if not (args.into / n).is_file() or (args.into / n).read_text(
        encoding="utf-8") != text]  # fmt: skip
    if args.check:
        for name in stale:
            print(f"{args.into / name}: differs from the rules help; run python -m game.reference_pages")
        return 1 if stale else 0
    args.into.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (args.into / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(pages())} pages into {args.into}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
