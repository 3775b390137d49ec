"""The on-screen game: pygame-ce window, camera, table view, menus, sounds.

Only this package imports pygame (DESIGN.md layering). Start it with :func:`game.ui.app.run`.
"""
