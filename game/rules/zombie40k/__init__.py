"""Zombie 40,000 (rules: "Zombie 40,000"): a Warhammer 40,000 (7th edition) race to an escape vehicle
through zombie hordes: the 40k core, the team builder, the player and zombie turns and the win; respawning,
power-ups and the mods plug into the core through :mod:`.hooks` (assembled by :mod:`.plugins`).

Public API: :func:`new_game` -> :class:`Zombie40kGame`; commands ``Move``, ``Run``, ``Shoot``, ``Charge``,
``EndPhase``; events in :mod:`.events`; the team builder in :mod:`.team_builder`. Registers ``zombie40k``.
"""

from game.rules.kit.ruleset import kit_ruleset
from game.rules.zombie40k.battlescribe import roster_import
from game.rules.zombie40k.campaign import CAMPAIGN
from game.rules.zombie40k.checks import scenario_warnings
from game.rules.zombie40k.commands import COMMANDS, Charge, EndPhase, Move, Run, Shoot  # noqa: F401
from game.rules.zombie40k.events import EVENTS
from game.rules.zombie40k.facts import force_facts, turn_limit
from game.rules.zombie40k.footprints import footprints
from game.rules.zombie40k.game import Zombie40kGame, new_game  # noqa: F401
from game.rules.zombie40k.mods import MOD_IDS
from game.rules.zombie40k.reference import reference
from game.rules.zombie40k.report import OUTCOME_LABELS, demo_forces, invariants, outcome, report
from game.rules.zombie40k.setup_view import SETUP
from game.rules.zombie40k.view import Z40View

# the view is checked by mypy against this rule set's game
RULESET = kit_ruleset(
    Zombie40kGame,
    Z40View,
    scenario_warnings=scenario_warnings,
    turn_limit=turn_limit,
    name="Zombie 40,000",
    about="Squads of the 41st millennium race each other across a zombie-infested hive city to the one "
    "escape vehicle, by the Warhammer 40,000 (7th edition) rules; the game plays the zombies.",
    new_game=new_game,
    commands=COMMANDS,
    events=EVENTS,
    options_help='teams: a list of 1-4 teams, one per player; a team is a roster unit key ("tactical_squad", '
    '"infantry_squad", "guardian_defenders", "ork_boyz", "strike_team", "necron_warriors": as many models '
    'as 75 points buy) or a table {"unit", "models", "sergeant", "sergeant_options", "weapons", "usr", '
    '"usr_model"} checked by the team builder. Without teams, players: N (default: as many as the map takes) '
    "deals the roster round the seats, seat k the unit (seed + k)",
    setup=SETUP,
    reference=reference,
    report=report,
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    demo_forces=demo_forces,
    invariants=invariants,
    footprints=footprints,
    force_facts=force_facts,
    roster_import=roster_import,
    mods=MOD_IDS,
    campaign=CAMPAIGN,
)
