"""The set-up as data (rule-set contract, :class:`game.rules.contract.Setup`): 1-4 players, each
naming his characters and picking a ranged and a close combat weapon (rules: Outbreak, Forces),
and the close combat reading for the game.

>>> from game.rules.outbreak.testing import tiny_scenario
>>> s = OutbreakSetup()
>>> spec = s.spec(tiny_scenario())
>>> spec.per_player[0].gear[0].default
'pistol'
>>> s.options(tiny_scenario(), {"players": 1, "each": [{"characters": [{"name": "Ann", "ranged": "rifle",
...     "melee": "knife"}]}], "game": {}})["characters"]
[{'name': 'Ann', 'player': 1, 'ranged': 'rifle', 'melee': 'knife'}]
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Answers, NamedFigures, Option, Pick, Setup, SetupSpec, Switch
from game.rules.outbreak.data import load_data
from game.rules.outbreak.forces import MAX_NAME, dealt
from game.scenario.model import Scenario

READING = "caught_running_first_blow"
AWARENESS = "all_aware_after_outbreak_move"
# who makes up a smaller group when the map's characters do not share out evenly [house]
SPARE_NAMES = ("Nurse Abby", "Coach Reyes", "Postman Gus", "Old Walt", "Officer Dana", "Pastor Lee")


def _short(key: str, name: str) -> str:
    """A weapon's name short enough for its drop-down (the key when the name is long)."""
    return name if len(name) <= 10 else key


def _players_range(scenario: Scenario) -> tuple[int, int]:
    data = load_data()
    lo = int(scenario.properties.get("players_min", data.get("forces", "players_min")))
    hi = int(scenario.properties.get("players_max", data.get("forces", "players_max")))
    hi = max(1, min(hi, int(data.get("forces", "players_max"))))
    return max(1, min(lo, hi)), hi


def _map_characters(scenario: Scenario, players: int) -> dict[int, list[dict[str, Any]]]:
    """The map's characters dealt to ``players`` players, each with his figure's object id (``figure``):
    New game stands him where the map draws him, as ``simulate`` and ``demo`` do."""
    out: dict[int, list[dict[str, Any]]] = {}
    data = load_data()
    placed = scenario.placements_of("character")
    guns = [str(pl.properties.get("ranged") or "none").lower() for pl in placed]
    seats = dealt(data, [(int(pl.properties.get("player") or 1), g) for pl, g in zip(placed, guns)], players)
    for pl, p, ranged in zip(placed, seats, guns):
        melee = str(pl.properties.get("melee") or "none").lower()
        out.setdefault(p, []).append(
            {
                "name": pl.name or f"Character {pl.id}",
                "ranged": ranged if ranged in data.ranged_weapons else "none",
                "melee": melee if melee in data.melee_weapons else ("none" if melee == "none" else "club"),
                "figure": pl.id,  # he stands on his figure, as in simulate (an added character has none)
            }
        )
    return out


class OutbreakSetup(Setup):
    """Characters named and armed per player; the close combat reading for the game."""

    def spec(self, scenario: Scenario) -> SetupSpec:
        data = load_data()
        lo, hi = _players_range(scenario)
        ranged = tuple(Option(k, f'{_short(k, w.name)} {w.range:g}"') for k, w in data.ranged_weapons.items())
        melee = tuple(Option(k, f"{_short(k, name)} {need}+") for k, (name, need) in data.melee_weapons.items())
        names = tuple(c["name"] for cs in _map_characters(scenario, 1).values() for c in cs)
        # (a newcomer asked how pistol, revolver and automatic differ: by range alone, told from the data)
        guns = ", ".join(f'{w.name} {w.range:g}"' for w in data.ranged_weapons.values())
        gear = (
            Pick(
                "ranged",
                "Ranged weapon",
                (*ranged, Option("none", "none")),
                str(data.get("forces", "default_ranged")),
                help=f"The character's gun: only its range tells one from another ({guns}); a shot past it "
                'misses. "none": he cannot fire.',
            ),
            Pick(
                "melee",
                "Close combat weapon",
                (*melee, Option("none", "none")),
                str(data.get("forces", "default_melee")),
                help="What the character fights with up close, and the die it kills a zombie on (4+: a 4, 5 or 6).",
            ),
        )
        per = int(data.get("forces", "characters_per_player_max"))
        return SetupSpec(
            players_min=lo,
            players_max=hi,
            players_default=lo,
            per_player=(NamedFigures("characters", "Characters", 1, per, gear, names, MAX_NAME),),
            for_game=(
                Switch(
                    READING,
                    "Runners strike first",
                    bool(data.get("movement", READING)),
                    "Off (as the rules are printed): a survivor a zombie catches while he runs gets no first blow "
                    "with his close combat weapon, he goes straight to the grapple. On: he strikes first anyway, as "
                    "one who stood his ground does.",
                ),
                Switch(
                    AWARENESS,
                    "All aware after the outbreak",
                    data.house.all_aware_after_outbreak_move,
                    "Yes (as the rules are printed): once the first attack has been spotted both sides know of each "
                    "other, so no survivor needs to Spot (S) in this game. No (a house rule): a survivor who "
                    "missed the attack must Spot a zombie before he can fire.",
                ),
            ),
            player_noun="survivor group",
            starting=self._map_start(scenario, lo, per),
            starting_for={n: self._shared_out(scenario, n, per, names) for n in range(lo + 1, hi + 1)},
        )

    def _map_start(self, scenario: Scenario, players: int, per: int) -> Answers | None:
        """The map's characters for ``players`` players (what the simulator and demo play), when the map
        places any and each group holds them; None leaves every player one default survivor."""
        start = self.answers(scenario, {"players": players})
        groups = [each["characters"] for each in start["each"]]
        if not any(groups) or any(not g or len(g) > per for g in groups):
            return None
        return start

    def _shared_out(self, scenario: Scenario, players: int, per: int, names: tuple[str, ...]) -> Answers:
        """The map's characters shared out among ``players`` players (by each one's ``player``), every group
        then made up to the largest with a named newcomer carrying the default gun and club, so no player
        opens with a bigger team than another [house]."""
        start = self.answers(scenario, {"players": players})
        groups = [each["characters"] for each in start["each"]]
        size = min(per, max(1, *(len(g) for g in groups)))
        spare = (n for n in SPARE_NAMES if n not in names)
        data = load_data()
        for g in groups:
            while len(g) < size:
                gun, club = str(data.get("forces", "default_ranged")), str(data.get("forces", "default_melee"))
                g.append({"name": next(spare, f"Survivor {len(names) + len(g)}"), "ranged": gun, "melee": club})
        return start

    def options(self, scenario: Scenario, answers: Answers) -> dict[str, Any]:
        players = int(answers.get("players", 1))
        chars = []
        for p, each in enumerate(answers.get("each", [])[:players], start=1):
            for c in each.get("characters", []):
                char = {
                    "name": str(c.get("name", "")).strip(),
                    "player": p,
                    "ranged": c.get("ranged", "none"),
                    "melee": c.get("melee", "none"),
                }
                if c.get("figure") is not None:
                    char["figure"] = c["figure"]
                chars.append(char)
        out: dict[str, Any] = {"players": players, "characters": chars}
        game = answers.get("game", {})
        for key in (READING, AWARENESS):
            if key in game:
                out[key] = bool(game[key])
        return out

    def answers(self, scenario: Scenario, options: dict[str, Any]) -> Answers:
        players = int(options.get("players", 1))
        chars = options.get("characters")
        each: list[dict[str, Any]] = [{"characters": []} for _ in range(players)]
        if chars is None:
            for p, cs in _map_characters(scenario, players).items():
                each[p - 1]["characters"] = cs
        else:
            for c in chars:
                p = int(c.get("player", 1))
                if 1 <= p <= players:
                    char = {
                        "name": c.get("name", ""),
                        "ranged": c.get("ranged") or "none",
                        "melee": c.get("melee") or "none",
                    }
                    if c.get("figure") is not None:
                        char["figure"] = c["figure"]
                    each[p - 1]["characters"].append(char)
        data = load_data()
        game = {
            READING: bool(options.get(READING, data.get("movement", READING))),
            AWARENESS: bool(options.get(AWARENESS, data.house.all_aware_after_outbreak_move)),
        }
        return {"players": players, "each": each, "game": game}

    def refusals(self, scenario: Scenario, answers: Answers) -> list[str]:
        from game.rules.outbreak import forces

        try:
            data = load_data()
            mapped = forces.scenario_characters(data, scenario)
            _, specs, _ = forces.check_options(data, self.options(scenario, answers), mapped)
            forces.check_names(scenario, specs)
        except ValueError as exc:
            return [str(exc)]
        return []

    def describe(self, options: dict[str, Any]) -> str:
        chars = options.get("characters")
        if not options:
            return ""  # the defaults: the load list says "default"
        if not chars:
            n = int(options.get("players", 1))
            return f"{n} player{'s' if n != 1 else ''}, the map's characters"
        names = ", ".join(str(c.get("name", "?")) for c in chars)
        return f"{len(chars)} survivor{'s' if len(chars) != 1 else ''}: {names}"
