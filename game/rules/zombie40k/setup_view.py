"""The set-up of a Zombie 40,000 game as the rule-set contract's data (rules: "Building a team").

One to four players, each building a Zombie Survival Team with the points-budget team builder: the answer
for a player is the list of things taken, in order (``unit:KEY`` first, then ``model``, ``sergeant``,
``sergeant_option:KEY``, ``weapon:KEY``, ``usr:NAME``). The rules list what may be added now with its
cost and the reason when it is refused; the answers become ``{"teams": [team table, ...]}``.

>>> from game.rules.zombie40k.testing import small_scenario
>>> s = small_scenario()
>>> team = [{"id": "unit:ork_boyz"}, {"id": "model"}, {"id": "usr:Furious Charge"}]
>>> SETUP.options(s, {"players": 1, "each": [{"team": team}], "game": {}})
{'teams': [{'unit': 'ork_boyz', 'models': 2, 'usr': 'Furious Charge'}]}
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from game.rules.contract import Answers, Setup, SetupSpec, Switch, Team, TeamOption
from game.rules.zombie40k import assault, killing_floor, plugins, sight
from game.rules.zombie40k import mods as mod_rules
from game.rules.zombie40k.data import Option, UnitEntry, Z40Data, load_data
from game.rules.zombie40k.setup import OptionsError, check_options
from game.rules.zombie40k.team_builder import USR_HEADING, cost, counted, default_team, team_problems, usr_help
from game.scenario.model import Scenario

TEAM = "team"
MOD = "mod:"  # the game answers' key of a mod's switch: "mod:coop"
NOTE = "note:"  # an Add-list line that only informs (a rule of the team with no effect here), never added


def mod_switches(data: Z40Data, on: Sequence[str] = ()) -> tuple[Switch, ...]:
    """One switch per mod (rules: "Mods"), any of them together; its help is the mod's summary and house
    values, and a mod with house values is marked house. ``on``: the scenario's own mods, switched on."""
    out = []
    for key in mod_rules.MOD_IDS:
        if key not in data.mods:
            continue
        t = data.mods[key]
        label = str(t.get("label", t["name"]))  # short: the set-up's label column is narrow
        house = bool(mod_rules.house_values(data, key)) and not t.get("long_label")
        out.append(Switch(MOD + key, label, key in on, mod_rules.describe(data, key), house))
    return tuple(out)


def sight_switch(data: Z40Data) -> Switch:
    """The area-terrain reading (:mod:`.sight`): off plays 7th edition's true line of sight (the default)."""
    limit = data.house.clutter_los_limit
    return Switch(
        sight.OPTION,
        "Ruins block sight",
        False,
        f'House reading: more than {limit:g}" of ruins or other area terrain crossed blocks sight, and a '
        "target behind a ruin takes only the 5+ of an obscured one. Off (7th edition): true line of sight, only "
        "walls and buildings block it, and a target in or behind a ruin takes its 4+ cover save.",
        True,
    )


def chosen_mods(answers: Answers) -> list[str]:
    """The mods switched on in the set-up's answers, in the table's order."""
    game = answers.get("game") or {}
    return [k for k in mod_rules.MOD_IDS if game.get(MOD + k)]


def _players_range(scenario: Scenario) -> tuple[int, int]:
    def prop(name: str, default: int) -> int:
        try:
            return int(scenario.properties.get(name, default))
        except (TypeError, ValueError):
            return default

    lo = max(1, min(4, prop("players_min", 1)))
    return lo, max(lo, min(4, prop("players_max", 4)))


def spec_of(items: list[dict[str, Any]]) -> dict[str, Any]:
    """The team table the builder checks, from the list of things taken."""
    spec: dict[str, Any] = {}
    for item in items:
        kind, _, key = str(item.get("id", "")).partition(":")
        if kind == "unit":
            spec = {"unit": key, "models": 1}
        elif kind == "model" and spec:
            spec["models"] = spec.get("models", 0) + 1
        elif kind == "sergeant" and spec:
            spec["sergeant"] = True
        elif kind == "sergeant_option" and spec:
            spec.setdefault("sergeant_options", []).append(key)
        elif kind == "weapon" and spec:
            spec.setdefault("weapons", []).append(key)
        elif kind == "usr" and spec:
            spec["usr"] = key
    return spec


def unit_label(data: Z40Data, key: str) -> str:
    """A unit as the Add list offers it: "Guardian Defenders (Eldar), a model"; an imported one says so."""
    u = data.units[key]
    army = f"{u.army}, imported" if key in data.user_units else u.army
    return f"{u.name} ({army}), a model"  # the list adds the cost: "(14 pts)"


def unit_help(data: Z40Data, key: str) -> str:
    """A unit's tooltip in the Add list, a shipped one's or an imported one's alike: its squad size and cost,
    the trooper's profile and wargear, the sergeant, the weapon options with their points and its rules (the
    tooltip is HTML: each part a line)."""
    u = data.units[key]
    p = data.profile(u.model)
    size = f"{u.squad_size}-{u.max_models} models" if u.max_models > u.squad_size else counted(u.squad_size)
    lines = [
        f"{u.name} ({u.army}): {size} in the codex, {u.model_cost:g} pts a model (a team takes as many "
        "as its points buy)",
        f"{p.name} {mod_rules.profile_line(p)}; {', '.join(data.weapon(w).name for w in u.wargear)}",
    ]
    if u.sergeant is not None:
        s = data.profile(u.sergeant.profile)
        more = f"; {len(u.sergeant.options)} wargear options" if u.sergeant.options else ""
        lines.append(f"Sergeant: {u.sergeant.name} (+{u.sergeant.cost} pts) {mod_rules.profile_line(s)}{more}")
    if u.weapon_options:
        lines.append("Options: " + "; ".join(f"{o.name} ({o.cost} pts{bound(o)})" for o in u.weapon_options))
    if u.rules:
        lines.append("Rules: " + ", ".join(u.rules))
    return "<br>".join(html.escape(line) for line in lines)


def bound(o: Option) -> str:
    """What bounds an option in a team, as its tooltip adds it: ", at most 1 a team", ", with 10 models"."""
    words = f", at most {o.choice_max} a team" if o.choice_max else ""
    return words + (f", with {counted(o.min_models)}" if o.min_models else "")


def option_help(data: Z40Data, o: Option) -> str:
    """A weapon option's tooltip: its whole name (the roster may keep it cut) and each weapon it gives."""
    gives = "; ".join(f"{data.weapon(w).name} {data.weapon(w).profile}" for w in o.with_)
    gone = f"replaces {', '.join(data.weapon(w).name for w in o.replaces)}" if o.replaces else "added"
    return html.escape(f"{o.name}: {gone}; {gives}" if gives else f"{o.name}: {gone}")


def team_notes(data: Z40Data, unit: UnitEntry) -> list[TeamOption]:
    """The rules of the whole team this game does not play (a Space Marine squad's Chapter Tactics), listed
    in the Add list once the unit is taken, never to be added, with the reason."""
    notes = [data.usrs[r] for r in unit.rules if r in data.usrs and data.usrs[r].team_note]
    return [TeamOption(f"{NOTE}{u.name}", f"{u.name} (the team's rule)", 0, u.why) for u in notes]


def model_label(data: Z40Data, key: str) -> str:
    """One more model of a unit, as the Add list offers it: "One more Guardian"."""
    return f"One more {data.profile(data.units[key].model).name}"


def items_of(data: Z40Data, spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The list of things taken that builds ``spec`` (a saved game's team shown again)."""
    unit = data.units.get(spec.get("unit", ""))
    if unit is None:
        return []
    # the words of the Add list's options (:meth:`Z40Setup.team_options`), so a filled-in team reads as if picked
    out = [{"id": f"unit:{unit.key}", "label": unit_label(data, unit.key), "cost": unit.model_cost}]
    more = {"id": "model", "label": model_label(data, unit.key), "cost": unit.model_cost}
    out += [dict(more) for _ in range(int(spec.get("models", 1)) - 1)]
    if spec.get("sergeant") and unit.sergeant:
        out.append(
            {"id": "sergeant", "label": f"Upgrade one model to {unit.sergeant.name}", "cost": unit.sergeant.cost}
        )
        for k in spec.get("sergeant_options", ()):
            o = next((o for o in unit.sergeant.options if o.key == k), None)
            label = f"{unit.sergeant.name}: {o.name if o else k}"
            out.append({"id": f"sergeant_option:{k}", "label": label, "cost": o.cost if o else 0})
    for k in spec.get("weapons", ()):
        o = next((o for o in unit.weapon_options if o.key == k), None)
        out.append({"id": f"weapon:{k}", "label": o.name if o else k, "cost": o.cost if o else 0})
    if spec.get("usr"):
        out.append({"id": f"usr:{spec['usr']}", "label": spec["usr"], "cost": 0})
    return out


def skipped_lines(data: Z40Data, shown: int = 5) -> tuple[str, ...]:
    """What the set-up says of the player's roster entries it skipped: the first few, and how many more."""
    problems = data.user_problems
    lines = [f"Your roster: skipped {p if len(p) <= 200 else p[:197] + '...'}" for p in problems[:shown]]
    if len(problems) > shown:
        lines.append(f"Your roster: {len(problems) - shown} more entries skipped (the log lists every one)")
    return tuple(lines)


class Z40Setup(Setup):
    """:class:`game.rules.contract.Setup` for Zombie 40,000."""

    def __init__(self, data: Z40Data | None = None) -> None:
        self._data = data

    @property
    def data(self) -> Z40Data:
        """The tables given, or the game's own: those are read again when the player's roster changes (a
        catalogue imported while the set-up is open), so every Add... list offers the new units at once."""
        return self._data if self._data is not None else load_data()

    def budget(self, scenario: Scenario) -> int:
        return int(scenario.properties.get("points", self.data.house.points))

    def spec(self, scenario: Scenario) -> SetupSpec:
        lo, hi = _players_range(scenario)
        team = Team(
            TEAM,
            "Zombie Survival Team",
            self.budget(scenario),
            help="Infantry only; each model costs its squad's cost divided by its size; one sergeant, two weapon "
            "changes and one Universal Special Rule; never Hit and Run [seed]. No psykers: there is no Psychic phase.",
        )
        return SetupSpec(
            lo,
            hi,
            lo,
            per_player=(team,),
            for_game=(sight_switch(self.data), *mod_switches(self.data, mod_rules.scenario_mods(scenario))),
            player_noun="team",
            note=(
                "Coop Mode: the players escape together once the Zombie Boss is dead; the game plays the zombies. "
                if "coop" in mod_rules.scenario_mods(scenario)
                else "Every player races the others to the escape vehicle; the game plays the zombies. "
            )
            + "Hover a mod for its rules and house values.",
            skipped=skipped_lines(self.data),
        )

    def _team(self, scenario: Scenario, each: dict[str, Any], n: int) -> dict[str, Any]:
        items = each.get(TEAM) or []
        if not items:  # nobody built a team: a default one, so a quick game starts at once
            keys = sorted(self.data.shipped_units())  # the same defaults on every machine, imported units or not
            return default_team(self.data, keys[(n - 1) % len(keys)], self.budget(scenario))
        return spec_of(items)

    def options(self, scenario: Scenario, answers: Answers) -> dict[str, Any]:
        each = answers.get("each", []) or [{}]
        out: dict[str, Any] = {"teams": [self._team(scenario, e, i) for i, e in enumerate(each, 1)]}
        mods = chosen_mods(answers)
        if mods or mod_rules.scenario_mods(scenario):  # no key in a plain game; a scenario's own mods switched off
            out["mods"] = mods
        if (answers.get("game") or {}).get(sight.OPTION):  # no key for the default reading
            out[sight.OPTION] = True
        return out

    def answers(self, scenario: Scenario, options: dict[str, Any]) -> Answers:
        teams = options.get("teams") or []
        each = []
        for t in teams:
            spec = default_team(self.data, t, self.budget(scenario)) if isinstance(t, str) else dict(t)
            each.append({TEAM: items_of(self.data, spec)})
        given = options.get("mods") or []
        game = {MOD + k: True for k in mod_rules.MOD_IDS if k in given}
        if options.get(sight.OPTION) is True:
            game[sight.OPTION] = True
        return {"players": len(teams), "each": each, "game": game}

    def refusals(self, scenario: Scenario, answers: Answers) -> list[str]:
        # no team given: the starting one (a quick game); a team given empty was emptied on purpose (the set-up
        # screen fills the starting one in, and Remove took it all off): Begin says why it waits
        empty = [n for n, each in enumerate(answers.get("each") or [{}], 1) if TEAM in each and not each[TEAM]]
        if empty:
            return [f"Player {n}'s team is empty: add a unit from its Add list." for n in empty]
        try:
            check_options(self.data, scenario, self.options(scenario, answers), add_ons=plugins.team_rules)
        except OptionsError as exc:
            return [str(exc)]
        return []

    def notes(self, scenario: Scenario, answers: Answers) -> list[str]:
        """One team, or Coop Mode: the players never charge in their turns (only another player's squad may be
        assaulted in a player turn [seed]), and the set-up says so before the game."""
        players = len(answers.get("each") or [{}])
        if players == 1:
            return [assault.SOLO_NOTE]
        if "coop" in chosen_mods(answers):
            return [f"{mod_rules.NO_PVP} So no charges in your turns: {assault.IN_THEIR_TURN}."]
        return []

    def describe(self, options: dict[str, Any]) -> str:
        names = []
        for t in options.get("teams") or []:
            key = t if isinstance(t, str) else t.get("unit", "?")
            names.append(self.data.units[key].name if key in self.data.units else str(key))
        mods = [mod_rules.name_of(self.data, m) for m in options.get("mods") or [] if isinstance(m, str)]
        return ", ".join(names) + (f" (mods: {', '.join(mods)})" if mods else "")

    def remove_taken(self, taken: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
        """What a team keeps when Remove takes ``taken[index]`` off: the unit takes its models and options with
        it (they are added to it), anything else goes alone.

        >>> Z40Setup().remove_taken([{"id": "unit:ork_boyz"}, {"id": "model:ork_boyz"}], 0)
        []
        >>> Z40Setup().remove_taken([{"id": "unit:ork_boyz"}, {"id": "model:ork_boyz"}], 1)
        [{'id': 'unit:ork_boyz'}]
        """
        if str(taken[index].get("id", "")).startswith("unit:"):
            return []
        return taken[:index] + taken[index + 1 :]

    def team_options(self, scenario: Scenario, answers: Answers, player: int) -> list[TeamOption]:
        """What player ``player`` may add now: a unit (first), then models, the sergeant, wargear, a USR."""
        each = answers.get("each", [])
        items = list((each[player - 1] if 0 < player <= len(each) else {}).get(TEAM) or [])
        spec = spec_of(items)
        budget = self.budget(scenario)
        out: list[TeamOption] = []
        # the Killing Floor mod: no weapons or upgrades bought here [seed] (the shop sells them in the game)
        kf = killing_floor.MOD in (self.options(scenario, answers).get("mods") or ())

        def offer(item_id: str, label: str, help: str = "", heading: str = "", refused: str = "") -> None:
            new = spec_of([*items, {"id": item_id}])
            problems = [refused] if refused else team_problems(self.data, new, budget)
            if kf and item_id.partition(":")[0] in ("sergeant", "sergeant_option", "weapon"):
                problems = [killing_floor.TEAM_REFUSED, *problems]
            price = cost(self.data, new) - (cost(self.data, spec) if spec else 0)
            out.append(TeamOption(item_id, label, round(price), problems[0] if problems else "", help, heading))

        if not spec:
            for key in self.data.units:  # an imported one told apart from a shipped one of the same name and army
                offer(f"unit:{key}", unit_label(self.data, key), unit_help(self.data, key))
            return out
        unit = self.data.units[spec["unit"]]
        offer("model", model_label(self.data, unit.key))
        if unit.sergeant is not None:
            if not spec.get("sergeant"):
                offer("sergeant", f"Upgrade one model to {unit.sergeant.name}")
            else:
                for o in unit.sergeant.options:
                    offer(f"sergeant_option:{o.key}", f"{unit.sergeant.name}: {o.name}", option_help(self.data, o))
        for o in unit.weapon_options:
            offer(f"weapon:{o.key}", o.name, option_help(self.data, o))
        out += team_notes(self.data, unit)
        if not spec.get("usr"):
            self._offer_usrs(answers, offer, self.rules_had(unit))
        return out

    def rules_had(self, unit: UnitEntry) -> set[str]:
        """The rules a unit's models have already (the unit's, the model's profile's): the builder never sells
        a Tactical Squad And They Shall Know No Fear, which every Marine has."""
        profile = self.data.profiles.get(unit.model)
        return {*unit.rules, *(profile.rules if profile is not None else ())}

    def _offer_usrs(self, answers: Answers, offer: Callable[..., None], had: set[str]) -> None:
        """Offer the Universal Special Rules the unit lacks (``had``: what its models have already), the first
        under the words that say what they are and why they are free, each with what it does; Hardcore Mode
        lists them refused, with the reason."""
        hardcore = "hardcore" in chosen_mods(answers)
        for n, rule in enumerate(r for r in self.data.usr_choices() if r.name not in had):
            heading = USR_HEADING if n == 0 else ""
            label = f"{rule.name} ({rule.list} rule)"
            if hardcore:  # offered, refused with the reason
                offer(f"usr:{rule.name}", label, usr_help(rule), heading, mod_rules.HARDCORE_USR + ".")
            else:
                offer(
                    f"usr:{rule.name}",
                    label + ("" if rule.has_effect else ": no effect in this game"),
                    usr_help(rule),
                    heading,
                )


SETUP = Z40Setup()
