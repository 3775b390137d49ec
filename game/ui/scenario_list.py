"""Every scenario in maps/, loaded for the New game menu; a broken one keeps its error.

>>> entries = list_scenarios()                      # doctest: +SKIP
>>> [e.title for e in entries if e.playable]        # doctest: +SKIP
['Normandy village']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.assets import assets_dir
from game.scenario.model import Scenario


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
    """One map, loaded; any failure becomes the entry's error text (a bad map never crashes the menu)."""
    from game.scenario import ScenarioError, load_scenario

    try:
        return ScenarioEntry(path, load_scenario(str(path)))
    except ScenarioError as exc:
        return ScenarioEntry(path, None, str(exc) or exc.__class__.__name__)
    except Exception as exc:  # the loader is another module: a bug there still shows as a listed error
        return ScenarioEntry(path, None, f"{exc.__class__.__name__}: {exc}")


def list_scenarios(maps_dir: Path | None = None) -> list[ScenarioEntry]:
    """Every ``*.tmx`` in ``maps_dir`` (default: the shipped maps), by file name."""
    try:
        folder = maps_dir if maps_dir is not None else assets_dir("maps")
    except FileNotFoundError:
        return []
    return [load_entry(path) for path in sorted(folder.glob("*.tmx"))]
