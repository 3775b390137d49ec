"""The on-screen game: pygame-ce window, camera, table view, menus, sounds.

Only this package imports pygame (the layers of docs/ARCHITECTURE.md). Start it with :func:`game.ui.app.run`.
"""

import os

# pygame prints a banner on import; the game's own output (simulate, replay, check) stays clean.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
