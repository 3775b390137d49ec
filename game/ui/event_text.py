"""Log lines are HTML (pygame_gui's subset): the rule set's view writes them, the log shows them.

>>> plain('<font color="#9BD77A">Zombie z4 is <b>killed</b>.</font>')
'Zombie z4 is killed.'
"""

from __future__ import annotations

import html
import re


def plain(line: str | None) -> str:
    """A log line without its markup (for tests, the status line and plain-text replays)."""
    return html.unescape(re.sub(r"<[^>]+>", "", line or ""))
