"""The table: a pymunk space in inches that answers geometry questions ("Geometry in inches").

Only this package touches pymunk. Everything is in inches, y grows down the table, angles in
degrees (0 along +x, 90 along +y). See ``game.table.space.Table`` for the questions it answers.
"""

from game.table.space import (  # noqa: F401
    BLOCKED,
    CLEAR,
    OBSCURED,
    DistanceField,
    LegalPart,
    PathCheck,
    Sight,
    Table,
    UnknownFigure,
    edge_distance_between,
    in_front_arc,
    path_length,
    truncate_path,
)
