"""Zombiekrieg 848 (rules: "Zombiekrieg 848"): WWII sections with GUTS against one zombie unit.

Public API: :func:`new_game` -> :class:`ZombiekriegGame` (``apply``, ``preview``, ``actions_for``,
``fire_targets``, ``order_targets``, ``legal_commands``, ``state_data``), the commands ``Move``,
``Fire``, ``Order``, ``EndTurn`` and the events in :mod:`.events`. Registers itself as ``zombiekrieg``.
"""

from game.rules.kit.ruleset import kit_ruleset
from game.rules.zombiekrieg.campaign import CAMPAIGN
from game.rules.zombiekrieg.checks import scenario_warnings
from game.rules.zombiekrieg.commands import COMMANDS, EndTurn, Fire, Move, Order  # noqa: F401
from game.rules.zombiekrieg.demo import demo_forces
from game.rules.zombiekrieg.events import EVENTS
from game.rules.zombiekrieg.footprints import footprints
from game.rules.zombiekrieg.game import ZombiekriegGame, new_game  # noqa: F401
from game.rules.zombiekrieg.invariants import invariants
from game.rules.zombiekrieg.objectives import turn_limit
from game.rules.zombiekrieg.outcome import OUTCOME_LABELS, outcome
from game.rules.zombiekrieg.reference import reference
from game.rules.zombiekrieg.report import report
from game.rules.zombiekrieg.setup import SETUP
from game.rules.zombiekrieg.view import ZombiekriegView

# the view is checked by mypy against this rule set's game
RULESET = kit_ruleset(
    ZombiekriegGame,
    ZombiekriegView,
    turn_limit=turn_limit,
    name="Zombiekrieg 848",
    about="Allied soldiers in 1944 fight their way past a horde of German zombies (Abteilung 848): every "
    "action is a roll of two dice against the soldier's nerve (GUTS), and the game plays the zombies.",
    new_game=new_game,
    commands=COMMANDS,
    events=EVENTS,
    options_help='sections: list of 1-4 of "american", "british", "soviet" (one per player); '
    'american_corporal_weapon: "thompson" or "burp"; horde: "light" (2 zombies per soldier), "normal" '
    '(the map\'s zombie_ratio, the default) or "heavy" (3 per soldier); '
    "readings: the source's literal readings chosen, "
    'e.g. {"fire_needs_clear_sight": true} (keys in game/rules/zombiekrieg/readings.py); '
    "campaign: a campaign chapter's carried force (written by the campaign, never by hand)",
    setup=SETUP,
    reference=reference,
    report=report,
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    demo_forces=demo_forces,
    invariants=invariants,
    scenario_warnings=scenario_warnings,
    footprints=footprints,
    campaign=CAMPAIGN,
)
