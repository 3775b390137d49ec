"""The set-up of a Zombiekrieg 848 game as the rule-set contract's data (rules: "Forces").

One to four players (a scenario narrows it with its ``players_min`` / ``players_max`` properties),
each with one section (American, British or Soviet), all on the Allied side; for the game, the
American Corporal's weapon (Thompson or "Burp" SMG, [seed]) and the horde size (:mod:`.horde`). The
answers become the options ``new_game`` reads: ``{"sections": [...], "american_corporal_weapon": ...,
"horde": ...}``.

>>> from game.rules.zombiekrieg.testing import tiny_scenario
>>> s = tiny_scenario()
>>> o = SETUP.options(s, {"players": 2, "each": [{"section": "british"}, {"section": "soviet"}], "game": {}})
>>> o["sections"], o["american_corporal_weapon"], o["horde"], o["readings"]["fire_needs_clear_sight"]
(['british', 'soviet'], 'thompson', 'normal', False)
>>> SETUP.describe({"sections": ["american", "british"]}), SETUP.describe({"sections": ["soviet"], "horde": "heavy"})
('American, British', 'Soviet; heavy horde')
"""

from __future__ import annotations

from typing import Any

from game.rules.contract import Answers, Option, Pick, Setup, SetupField, SetupSpec, Switch
from game.rules.zombiekrieg import forces, horde
from game.rules.zombiekrieg.data import Member, SectionSpec, ZkData, load_data
from game.rules.zombiekrieg.names import ROLE_NAMES
from game.rules.zombiekrieg.readings import OPTION as READINGS
from game.rules.zombiekrieg.readings import chosen as check_readings
from game.rules.zombiekrieg.readings import readings as reading_specs
from game.scenario.model import Scenario

PLAYERS_MIN, PLAYERS_MAX = 1, 4  # rules: Forces: one to four players, one section each
SECTION = "section"  # the per-player pick's key
CORPORAL = "american_corporal_weapon"  # the game pick's key, also the option's


def _players_range(scenario: Scenario) -> tuple[int, int]:
    """The players this scenario allows: its ``players_min``..``players_max`` within 1..4."""

    def prop(name: str, default: int) -> int:
        try:
            return int(scenario.properties.get(name, default))
        except (TypeError, ValueError):  # ``check`` reports a bad property; the menu still opens
            return default

    lo = max(PLAYERS_MIN, min(PLAYERS_MAX, prop("players_min", PLAYERS_MIN)))
    hi = max(lo, min(PLAYERS_MAX, prop("players_max", PLAYERS_MAX)))
    return lo, hi


def carries(data: ZkData, section: SectionSpec) -> str:
    """What ``section`` carries, man by man from the data, for the line under the section's choice: a newcomer
    choosing a nation wants to know its weapons.

    >>> data = load_data()
    >>> carries(data, data.sections["british"])
    'British: Sergeant (Sten SMG), Corporal (Lee-Enfield rifle), 8 Riflemen (Lee-Enfield rifle), LMG gunner (Bren gun)'
    >>> carries(data, data.sections["american"]).split(", ")[1]
    'Corporal (Thompson SMG or "Burp" SMG)'
    """
    return f"{section.name}: " + ", ".join(_carried(data, section, m) for m in section.members)


def _carried(data: ZkData, section: SectionSpec, member: Member) -> str:
    """One man (or a number of the same) and his weapon: ``8 Riflemen (M1 Garand)``; the Corporal's choice of
    weapons where his section has one."""
    role = ROLE_NAMES.get(member.role, member.role.capitalize())
    if member.count > 1:
        role = f"{member.count} {role[:-3] + 'men' if role.endswith('man') else role + 's'}"
    choice = section.corporal_weapons if member.role == "corporal" and section.corporal_weapons else ()
    weapons = choice or (member.weapon,)
    return f"{role} ({' or '.join(data.weapons[w].name if w in data.weapons else w for w in weapons)})"


def readings(data: ZkData) -> tuple[Switch, ...]:
    """The source's literal readings a game may choose instead of the house ones (rules: intro,
    "Readings"): one :class:`Switch` each, described in :mod:`game.rules.zombiekrieg.readings`. Their
    answers go into the option ``readings`` (``{key: bool}``), which the game checks and a save keeps."""
    return tuple(Switch(r.key, r.label, r.default, r.help) for r in reading_specs(data))


class ZombiekriegSetup(Setup):
    """:class:`game.rules.contract.Setup` for Zombiekrieg 848, over the shipped data's sections."""

    def __init__(self, data: ZkData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> ZkData:
        if self._data is None:  # read on first use: registering the rule set reads no file
            self._data = load_data()
        return self._data

    # -- the choices ---------------------------------------------------------------------------

    def section_pick(self) -> Pick:
        sections = self.data.sections
        return Pick(
            SECTION,
            "section",
            tuple(Option(key, spec.name, carries(self.data, spec)) for key, spec in sections.items()),
            "american" if "american" in sections else next(iter(sections)),
            help="The nation of the section you command: a Sergeant, a Corporal and their riflemen, with that "
            "nation's weapons (Rules help: Forces).",
        )

    def corporal_pick(self) -> Pick:
        american = self.data.sections.get("american")
        weapons = american.corporal_weapons if american is not None else ()
        weapons = weapons or ("thompson",)
        return Pick(
            CORPORAL,
            "American Corporal's weapon",
            tuple(Option(w, self.data.weapons[w].name if w in self.data.weapons else w) for w in weapons),
            weapons[0],
            help='The American Corporal carries a Thompson or a "Burp" SMG.',
            asked_when=(SECTION, "american"),  # (a British or German section has no such choice)
        )

    def horde_pick(self, scenario: Scenario | None = None) -> Pick:
        """The horde size (:mod:`.horde`): each size with its zombies per Allied figure, normal with the
        scenario's own ratio when there is a scenario."""
        words = {"light": "Light", horde.NORMAL: "Normal", "heavy": "Heavy"}
        sizes = []
        for size in horde.SIZES:
            ratio = horde.ratio(self.data, size, scenario.properties if scenario is not None else {})
            sizes.append(Option(size, f"{words[size]} ({ratio:g} to 1)"))
        return Pick(
            horde.OPTION,
            "Horde size",
            tuple(sizes),
            horde.default(self.data),
            help="Zombies per Allied figure: the source says two or three to one; normal plays the map's own.",
            house=True,
        )

    def game_fields(self, scenario: Scenario | None = None) -> tuple[SetupField, ...]:
        """Everything asked once per game: the Corporal's weapon, the horde size, then the readings."""
        return (self.corporal_pick(), self.horde_pick(scenario), *readings(self.data))

    def spec(self, scenario: Scenario) -> SetupSpec:
        lo, hi = _players_range(scenario)
        return SetupSpec(
            players_min=lo,
            players_max=hi,
            players_default=lo,
            per_player=(self.section_pick(),),
            for_game=self.game_fields(scenario),
            player_noun="section",
            note="All players are on the Allied side; the game plays the zombies.",
        )

    # -- answers and options ---------------------------------------------------------------------

    def options(self, scenario: Scenario, answers: Answers) -> dict[str, Any]:
        default = self.section_pick().default
        sections = [str(each.get(SECTION, default)) for each in answers.get("each", [])]
        chosen = answers.get("game", {})
        out: dict[str, Any] = {"sections": sections or [default]}
        switches = {f.key for f in readings(self.data)}
        for f in self.game_fields():  # a game field's key is its option's key; a reading's is in "readings"
            value = chosen.get(f.key, f.default) if isinstance(f, Pick | Switch) else None
            if f.key in switches:
                out.setdefault(READINGS, {})[f.key] = bool(value)
            else:
                out[f.key] = value
        return out

    def answers(self, scenario: Scenario, options: dict[str, Any]) -> Answers:
        default = self.section_pick().default
        sections = options.get("sections") or [default]
        if isinstance(sections, str):
            sections = [sections]
        switches = {f.key for f in readings(self.data)}
        given = options.get(READINGS)
        chosen: dict[str, Any] = given if isinstance(given, dict) else {}
        game = {
            f.key: (chosen if f.key in switches else options).get(f.key, f.default)
            for f in self.game_fields()
            if isinstance(f, Pick | Switch)
        }
        return {"players": len(sections), "each": [{SECTION: str(s)} for s in sections], "game": game}

    def refusals(self, scenario: Scenario, answers: Answers) -> list[str]:
        out: list[str] = []
        lo, hi = _players_range(scenario)
        players = int(answers.get("players", len(answers.get("each", []))))
        if not lo <= players <= hi:
            out.append(f"This scenario is for {lo} to {hi} players, not {players}.")
        if len(answers.get("each", [])) != players:
            out.append(f"Every one of the {players} players needs a section.")
        try:
            forces.check_options(self.data, self.options(scenario, answers))
            horde.chosen(self.data, self.options(scenario, answers))
            check_readings(self.data, self.options(scenario, answers))
        except ValueError as exc:  # the rules' own words
            out.append(str(exc))
        return out

    def describe(self, options: dict[str, Any]) -> str:
        sections = options.get("sections") or ["american"]
        if isinstance(sections, str):
            sections = [sections]
        names = self.data.sections
        said = ", ".join(names[s].name if s in names else str(s).capitalize() for s in sections)
        size = options.get(horde.OPTION, horde.NORMAL)
        return said if size == horde.NORMAL else f"{said}; {size} horde"


SETUP = ZombiekriegSetup()
