"""Tooltips go when the pointer leaves: a safety net over pygame_gui's own.

pygame_gui drops a tooltip when its element is unhovered, but an element hidden while hovered (an action
icon the panel hides when the selection changes) is no longer asked, so its tooltip stayed on the table for
good; a tooltip made by hand (the roster's) has no element that drops it. Once a frame, after the manager's
update, every tooltip whose element is gone, hidden or no longer under the pointer is dropped.
"""

from __future__ import annotations

import pygame_gui
from pygame_gui.elements import UITooltip


def drop_stray_tips(manager: pygame_gui.UIManager) -> int:
    """Kill the tooltips whose element is dead, hidden or not hovered; returns how many went."""
    gone = 0
    for sprite in manager.get_sprite_group().sprites():
        if not isinstance(sprite, UITooltip):
            continue
        owner = sprite.parent_element
        if owner is None or (owner.alive() and owner.visible and owner.hovered):
            continue
        sprite.kill()
        if getattr(owner, "tool_tip", None) is sprite:
            owner.tool_tip = None  # type: ignore[attr-defined]  # (every UIElement has one)
        gone += 1
    return gone
