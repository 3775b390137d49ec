"""Saved teams: a team built in the set-up's team builder, kept under a name to be taken again later.

One small JSON file per team in ``<data folder>/teams`` (beside the saves), for any rule set with a
:class:`~game.rules.contract.Team` field::

    {"ruleset": "<rule set key>", "name": "Ork mob", "team": ["unit:ork_boyz", "model", "usr:Furious Charge"]}

``team`` is the list of the team builder's option ids in the order they were taken: loading one takes
them again through the rules' own builder, so a team saved under other points or an older roster is
refused with the rules' reason rather than trusted. The files are read as hostile: a file too big, not
JSON or of the wrong shape is listed with its reason and skipped, never a crash (a team of another
rule set is simply not offered).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> save_team(folder, "any_rules", "Ork mob", ["unit:ork_boyz", "model"]).name
'Ork mob.json'
>>> teams, bad = load_teams(folder, "any_rules")
>>> teams[0].name, teams[0].items, bad
('Ork mob', ('unit:ork_boyz', 'model'), [])
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.options_json import nested_past
from game.saves import write_atomic

MAX_BYTES = 16_384  # a team of 4 units with every option is well under 1 KB
MAX_ITEMS = 200
MAX_NAME = 40
MAX_ITEM_CHARS = 200  # an option id is "unit:<key>" or "weapon:<key>", keys at most 60 characters
FOLDER = "teams"


class TeamFileError(ValueError):
    """A saved team that cannot be read or written; the message is the reason."""


@dataclass(frozen=True)
class SavedTeam:
    """A team read back from its file: its name and the option ids taken, in order."""

    name: str
    items: tuple[str, ...]
    path: Path


@dataclass(frozen=True)
class BadTeamFile:
    """A file in the teams folder that was skipped, and why."""

    path: Path
    reason: str


def teams_folder(data_dir: Path) -> Path:
    """Where saved teams live under the user's data folder."""
    return Path(data_dir) / FOLDER


def clean_name(name: str) -> str:
    """The team's name as it is kept: trimmed, at most 40 characters; refused when nothing is left."""
    name = " ".join(str(name).split())[:MAX_NAME]
    if not name:
        raise TeamFileError("a saved team needs a name")
    return name


def file_name(name: str) -> str:
    """A file name safe on every system for the team ``name`` (letters, digits, spaces, - and _)."""
    stem = re.sub(r"[^A-Za-z0-9 _-]", "_", clean_name(name)).strip(" .") or "team"
    return f"{stem}.json"


def save_team(folder: Path, ruleset: str, name: str, items: Sequence[str]) -> Path:
    """Write the team ``name`` of ``ruleset`` (the folder is made if missing); same name: replaced."""
    name = clean_name(name)
    if not items:
        raise TeamFileError("an empty team is not worth saving: add a unit first")
    folder = Path(folder)
    path = folder / file_name(name)
    payload = json.dumps({"ruleset": ruleset, "name": name, "team": list(items)}, indent=1)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, payload.encode("utf-8"))
    except OSError as exc:
        raise TeamFileError(f"could not write {path}: {exc.strerror or exc}") from exc
    return path


MAX_NESTING = 8  # a saved team nests 2 deep; deeper is no team (counted before the JSON reader recurses)


def read_team(path: Path, ruleset: str) -> SavedTeam:
    """One saved team of ``ruleset`` from ``path``, or :class:`TeamFileError` with the reason."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise TeamFileError(f"cannot be read: {exc.strerror or exc}") from exc
    if len(raw) > MAX_BYTES:
        raise TeamFileError(f"is over {MAX_BYTES} bytes: not a saved team")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TeamFileError(f"is not JSON: {exc}") from exc
    if nested_past(text, MAX_NESTING) is not None:  # 16 KB of brackets nests thousands deep; a team is 2 deep
        raise TeamFileError("is nested too deep to be a saved team")
    try:
        table = json.loads(text)
    except ValueError as exc:
        raise TeamFileError(f"is not JSON: {exc}") from exc
    if not isinstance(table, dict):
        raise TeamFileError("is not a table with 'ruleset', 'name' and 'team'")
    if table.get("ruleset") != ruleset:
        raise TeamFileError(f"is a team of rule set {table.get('ruleset')!r}, not {ruleset!r}")
    name, items = table.get("name"), table.get("team")
    if not isinstance(name, str) or not name.strip():
        raise TeamFileError("has no 'name'")
    if not clean_name(name).isprintable():  # the set-up draws it: a NUL is no name (spacing is tidied)
        raise TeamFileError("has a 'name' with a control character in it")
    if not isinstance(items, list) or not items or not all(isinstance(i, str) and i for i in items):
        raise TeamFileError("has no 'team' list of options taken")
    if len(items) > MAX_ITEMS:
        raise TeamFileError(f"lists {len(items)} options: more than any team takes")
    if not all(len(i) <= MAX_ITEM_CHARS and i.isprintable() for i in items):
        raise TeamFileError(
            f"lists an option that is no option id (over {MAX_ITEM_CHARS} characters, or a control one)"
        )
    return SavedTeam(clean_name(name), tuple(items), Path(path))


def load_teams(folder: Path, ruleset: str) -> tuple[list[SavedTeam], list[BadTeamFile]]:
    """Every saved team of ``ruleset`` in ``folder`` by name, and the files skipped with their reasons.

    Teams of other rule sets are left out silently (they are not broken); a missing folder has none."""
    teams: list[SavedTeam] = []
    bad: list[BadTeamFile] = []
    try:
        paths = sorted(p for p in Path(folder).glob("*.json") if p.is_file())
    except OSError:
        return teams, bad
    for path in paths:
        try:
            teams.append(read_team(path, ruleset))
        except TeamFileError as exc:
            if "is a team of rule set" not in str(exc):
                bad.append(BadTeamFile(path, str(exc)))
    teams.sort(key=lambda t: t.name.lower())
    return teams, bad
