"""The rules in force, as pygame_gui HTML, written from the rule set's TOML data.

Values marked ``# [house]`` in the data file (on the key's line, or on a comment just above a
table) are shown as house rules. Any shape of file renders: tables become headings, keys lines,
arrays of tables short rows.

>>> html = rules_html("zombiekrieg")          # doctest: +SKIP
>>> "[house]" in html                          # doctest: +SKIP
True
"""
from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path
from typing import Any

from game.assets import data_file

TAG = re.compile(r"\[(house|seed|7th)[^\]]*\]")
HOUSE = "<font color='#E8B04A'><b>[house]</b></font>"

RULESET_TITLES = {"zombiekrieg": "Zombiekrieg 848", "outbreak": "Zombie Rules (Outbreak)", "zombie40k": "Zombie 40,000"}


def comment_notes(text: str) -> dict[str, str]:
    """``{"table.key": comment}`` and ``{"table": comment}`` from the file's comments."""
    notes: dict[str, str] = {}
    table = ""
    pending: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        header = re.match(r"^\[\[?\s*([^\]]+?)\s*\]\]?", line)
        if header:
            table = header.group(1)
            if pending and table not in notes:
                notes[table] = " ".join(pending)
            pending = []
            continue
        if line.startswith("#"):
            pending.append(line.lstrip("#").strip())
            continue
        if not line:  # a blank line ends a comment block (the file's own header, say)
            pending = []
            continue
        pending = []
        m = re.match(r"^([A-Za-z0-9_\-\"']+)\s*=.*?#\s*(.*)$", line)
        if m and TAG.search(m.group(2)):
            notes[f"{table}.{m.group(1)}" if table else m.group(1)] = m.group(2).strip()
    return notes


def _words(key: str) -> str:
    return key.replace("_", " ")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(str(v) for v in value)
    return str(value)


def _note(note: str) -> str:
    """A comment shown after the value, with a [house] tag made to stand out."""
    if not note:
        return ""
    is_house = "[house" in note
    rest = html.escape(TAG.sub("", note).strip(" :;"))
    tag = f" {HOUSE}" if is_house else ""
    return f"{tag} <i>{rest}</i>" if rest else tag


def _render(name: str, data: dict[str, Any], notes: dict[str, str], depth: int, out: list[str]) -> None:
    plain = {k: v for k, v in data.items() if not isinstance(v, dict) and not _is_rows(v)}
    for key, value in plain.items():
        path = f"{name}.{key}" if name else key
        out.append(f"{'&nbsp;' * 2 * depth}{html.escape(_words(key))}: <b>{html.escape(_value(value))}</b>"
                   f"{_note(notes.get(path, ''))}<br>")
    for key, value in data.items():
        path = f"{name}.{key}" if name else key
        if isinstance(value, dict):
            size = 5 if depth == 0 else 4
            out.append(f"<br><font size={size}><b>{html.escape(_words(key).capitalize())}</b></font>"
                       f"{_note(notes.get(path, ''))}<br>")
            _render(path, value, notes, depth + 1, out)
        elif _is_rows(value):
            out.append(f"<br><b>{html.escape(_words(key).capitalize())}</b>{_note(notes.get(path, ''))}<br>")
            for number, row in enumerate(value, 1):
                cells = "; ".join(f"{html.escape(_words(k))} {html.escape(_value(v))}" for k, v in row.items())
                out.append(f"{'&nbsp;' * 2 * (depth + 1)}{number}. {cells}<br>")


def _is_rows(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def rules_html(ruleset: str, path: Path | None = None) -> str:
    """The rules help text for one rule set; a missing or unreadable data file says so plainly."""
    title = RULESET_TITLES.get(ruleset, ruleset)
    path = path if path is not None else data_file(f"{ruleset}.toml")
    head = (f"<font size=6><b>{html.escape(title)}</b></font><br>"
            f"Values marked {HOUSE} are this club's house rules: the source text is silent there, "
            "and they can be changed in the data file.<br>")
    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except FileNotFoundError:
        return head + f"<br>The rules data for {html.escape(title)} is not installed yet ({html.escape(path.name)})."
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return head + f"<br>The rules data file {html.escape(path.name)} cannot be read: {html.escape(str(exc))}"
    out: list[str] = [head]
    _render("", data, comment_notes(text), 0, out)
    return "".join(out)
