"""Dead Ground: a tabletop zombie skirmish wargame, measured in inches.

Layering (DESIGN.md): scenario -> table -> dice -> rules -> ai -> controller -> ui / cli.
Nothing outside ``game.ui`` imports pygame.
"""

__version__ = "0.1.0"
