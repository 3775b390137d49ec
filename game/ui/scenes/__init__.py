"""The screens of the game, one module each: title, new game, set-up, settings, rules help.

The table scene itself is :mod:`game.ui.scenes.game`.
"""
