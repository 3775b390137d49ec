"""The action buttons every rule set's view shares: Move, key M, with the move icon, aimed by a path (click
where; shift-click waypoints; drag to face). A view states only how far its rules let a figure go.

>>> MOVE.key, MOVE.hotkey, MOVE.aim, MOVE.hint
('move', 'm', 'path', 'MOVE up to 6" (M)')
>>> move_kind('Run up to 6" (M)', "Click where to run.").prompt
'Click where to run.'
"""

from __future__ import annotations

from game.rules.contract import ActionKind


def move_kind(hint: str, prompt: str) -> ActionKind:
    """The Move button with its tooltip (``hint``) and the status line once the player aims (``prompt``)."""
    return ActionKind("move", "Move", "m", "icons.move", "path", hint, prompt=prompt)


MOVE = move_kind('MOVE up to 6" (M)', "Click where to move (shift-click for waypoints).")  # 6", as most rules
