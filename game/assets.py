"""Where the shipped maps, sprites and sounds are, in a checkout or an installed package.

>>> assets_dir("maps").name
'maps'
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def assets_dir(kind: str) -> Path:
    """The folder of one kind of asset: ``maps``, ``sprites`` or ``sounds``.

    A checkout (or editable install) uses the top-level folder; a wheel uses the copy
    that ``setup.py`` put in ``game/_assets``.
    """
    for candidate in (_PACKAGE.parent / kind, _PACKAGE / "_assets" / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"no {kind}/ folder next to the game package or inside it")


def data_file(name: str) -> Path:
    """A TOML table shipped in ``game/data``."""
    return _PACKAGE / "data" / name


def user_data_folder() -> Path:
    """The player's own data folder (platformdirs' ``user_data_dir("deadground")``): saves, teams, rosters.

    Below every layer, so the rules may find a player's own roster without importing the saves."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("deadground"))


def default_scenario() -> Path:
    """The scenario ``deadground`` opens with no arguments."""
    return assets_dir("maps") / "normandy_village.tmx"
