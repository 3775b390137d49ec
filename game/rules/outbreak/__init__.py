"""Zombie Rules (Outbreak) (rules: "Zombie Rules (Outbreak)"): player characters and bystanders,
generation points, spotting, shooting in thirds of a move, grappling, bites that turn.

Public API: :func:`new_game` -> :class:`OutbreakGame` (``apply``, ``preview``, ``actions_for``,
``fire_targets``, ``legal_commands``, ``state_data``), the commands ``Move``, ``Fire``, ``Spot``,
``ClearJam``, ``EndStep`` and the events in :mod:`.events`. Registers itself as ``outbreak``.
"""

from game.rules.kit.ruleset import kit_ruleset
from game.rules.outbreak.campaign import CAMPAIGN
from game.rules.outbreak.checks import scenario_warnings
from game.rules.outbreak.commands import COMMANDS, ClearJam, EndStep, Fire, Move, Spot  # noqa: F401
from game.rules.outbreak.events import EVENTS
from game.rules.outbreak.facts import force_facts
from game.rules.outbreak.footprints import footprints
from game.rules.outbreak.game import OutbreakGame, new_game  # noqa: F401
from game.rules.outbreak.objectives import turn_limit
from game.rules.outbreak.reference import reference
from game.rules.outbreak.report import OUTCOME_LABELS, demo_forces, outcome, problems, report
from game.rules.outbreak.setup import OutbreakSetup
from game.rules.outbreak.view import OutbreakView

# the view is checked by mypy against this rule set's game
RULESET = kit_ruleset(
    OutbreakGame,
    OutbreakView,
    scenario_warnings=scenario_warnings,
    turn_limit=turn_limit,
    name="Zombie Rules (Outbreak)",
    new_game=new_game,
    commands=COMMANDS,
    events=EVENTS,
    options_help='players: 1-4; characters: list of {"name", "player", "ranged": pistol|revolver|automatic|'
    'shotgun|rifle|none, "melee": knife|club|bat|sword|chainsaw|...|none} (default: the map\'s characters); '
    "caught_running_first_blow: true|false",
    setup=OutbreakSetup(),
    reference=reference,
    report=report,
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    demo_forces=demo_forces,
    invariants=problems,
    footprints=footprints,
    force_facts=force_facts,
    turn_word="move",
    campaign=CAMPAIGN,
    about="Survivors caught in a zombie outbreak try to get out alive and lead bystanders to safety, a move "
    "at a time: each player runs his own characters, the game runs the bystanders and the zombies.",
)
