"""The repository stands alone: its code, tests and documents cite no document outside it. The rules as the
game plays them are in ``docs/rules/``, the architecture in ``docs/ARCHITECTURE.md``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = ("RULES" + ".md", "DESIGN" + ".md")  # spelt in two parts, so this file does not cite them itself
TEXT = (".py", ".md", ".toml", ".txt", ".tx", ".tsx", ".xml", ".json", ".cfg")


def test_nothing_in_the_repository_cites_a_document_outside_it():
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in ("game", "tests", "docs", "maps", "sprites", "sounds", "benchmarks", ".ci"):
        files += [
            p for p in (ROOT / folder).rglob("*") if p.is_file() and (p.suffix in TEXT or p.parent.name == ".ci")
        ]
    citing = [
        str(p.relative_to(ROOT))
        for p in files
        if "__pycache__" not in p.parts
        and any(name in p.read_text(encoding="utf-8", errors="ignore") for name in OUTSIDE)
    ]
    assert not citing, f"these cite a document that is not in the repository: {citing}"
