"""A game's state as plain data, for its save and its replays' comparison: every rule set's state becomes
JSON-ready the same way.

>>> from enum import Enum
>>> class Phase(str, Enum):
...     OVER = "over"
>>> jsonable({"phase": Phase.OVER, "path": ((1.0, 2.0),), 3: "three"})
{'phase': 'over', 'path': [[1.0, 2.0]], '3': 'three'}
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any


def jsonable(v: Any) -> Any:
    """``v`` with its tuples as lists, its enums as their values and its keys as strings (what JSON keeps)."""
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, Enum):
        return v.value
    return v


class PlainState:
    """A state (a dataclass) saved as it is: its fields, the figures' among them, as plain data. A rule set
    whose save keeps less, or reads faster, gives its own ``to_data``."""

    def to_data(self) -> dict[str, Any]:
        return jsonable(dataclasses.asdict(self))  # type: ignore[call-overload, no-any-return]
