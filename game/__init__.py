"""Dead Ground: a tabletop zombie skirmish wargame, measured in inches.

Its floors, bottom up (docs/ARCHITECTURE.md, "The layers"): safe_xml, dice, assets -> scenario -> table ->
the rules' core -> each rule set -> ai -> controller, saves, simulator, demo... -> ui -> cli, bench.
Nothing outside ``game.ui`` imports pygame.
"""

__version__ = "0.1.0"
