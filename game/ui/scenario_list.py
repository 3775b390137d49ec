"""Every scenario for the New game menu: the shipped maps, the designer's own in the user's data folder
(``<data dir>/scenarios``, platformdirs, beside the saves) and any folder given with ``--maps DIR``;
a broken map keeps its error.

>>> entries = list_scenarios()                      # doctest: +SKIP
>>> [e.title for e in entries if e.playable]        # doctest: +SKIP
['Normandy village']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.assets import assets_dir
from game.scenario.model import Scenario

EXTRA_FOLDERS: list[Path] = []  # ``deadground --maps DIR`` adds here before the menu is built


@dataclass(frozen=True)
class ScenarioEntry:
    path: Path
    scenario: Scenario | None
    error: str = ""

    @property
    def playable(self) -> bool:
        return self.scenario is not None

    @property
    def title(self) -> str:
        if self.scenario is not None and self.scenario.title:
            return self.scenario.title
        return self.path.stem.replace("_", " ").capitalize()


def load_entry(path: Path) -> ScenarioEntry:
    """One map, judged as ``deadground check`` judges it: a map with an error check reports is not playable,
    and its error text is check's words (a bad map never crashes the menu). Judged once per version of
    the file in a session (its size and modification time)."""
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = (str(path), 0, -1)
    if key not in _JUDGED:
        _JUDGED[key] = _judge(path)
    return _JUDGED[key]


_JUDGED: dict[tuple[str, int, int], ScenarioEntry] = {}
SHOWN_ERRORS = 3  # the menu's error box names the first few; check lists them all


def _judge(path: Path) -> ScenarioEntry:
    from game.scenario.review import review_map

    try:
        review = review_map(str(path))
    except Exception as exc:  # the checker is another module: a bug there still shows as a listed error
        return ScenarioEntry(path, None, f"{exc.__class__.__name__}: {exc}")
    if review.scenario is not None and not review.errors:
        return ScenarioEntry(path, review.scenario)
    errors = [str(p) for p in review.errors] or ["the map cannot be loaded"]
    more = len(errors) - SHOWN_ERRORS
    text = "\n".join(errors[:SHOWN_ERRORS]) + (
        f"\n... and {more} more: deadground check lists them" if more > 0 else ""
    )
    return ScenarioEntry(path, None, f"{len(errors)} problem(s) (as deadground check says):\n{text}")


def user_folder() -> Path:
    """``<user data dir>/scenarios``: where a designer's own maps go (``deadground kit`` fills it)."""
    from game.saves import data_folder

    return data_folder() / "scenarios"


def scenario_folders() -> list[Path]:
    """Where the menu looks, in order: shipped maps, the user's folder, then ``--maps`` folders."""
    folders: list[Path] = []
    try:
        folders.append(assets_dir("maps"))
    except FileNotFoundError:
        pass
    folders.append(user_folder())
    folders += EXTRA_FOLDERS
    unique: list[Path] = []
    for folder in folders:
        if folder.resolve() not in [f.resolve() for f in unique]:
            unique.append(folder)
    return unique


def list_scenarios(maps_dir: Path | None = None) -> list[ScenarioEntry]:
    """Every ``*.tmx`` in ``maps_dir``, or (default) in every scenario folder, by folder then file name.
    A missing folder is simply empty."""
    folders = [maps_dir] if maps_dir is not None else scenario_folders()
    entries: list[ScenarioEntry] = []
    for folder in folders:
        if folder.is_dir():
            entries += [load_entry(path) for path in sorted(folder.glob("*.tmx"))]
    return entries


def not_playable(key: str) -> str:
    """Why a rule set cannot be played on screen (empty when it can): not in this build, or
    registered without a view or a set-up ("not playable on screen yet")."""
    from game.rules.core import get_ruleset

    try:
        ruleset = get_ruleset(key)
    except KeyError:
        return f"the {key} rules are not in this version of Dead Ground"
    if ruleset.view is None or ruleset.setup is None:
        return f"{ruleset.name} is not playable on screen yet"
    return ""
