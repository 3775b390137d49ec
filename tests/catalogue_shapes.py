"""Catalogues of a hostile shape (issue 37): small files that ask the importer for a great deal of work."""

from __future__ import annotations

from test_z40k_battlescribe import catalogue, counts, pts, unit_profile, weapon


def armoury(links: int = 1000, weapons: int = 2000) -> bytes:
    """One model with ``links`` entryLinks to one shared entry of ``weapons`` weapon profiles: every link
    used to read every profile again (0.6 MB took minutes; 4 MB, hours)."""
    profiles = "".join(weapon(f"w{i}", f"Gun {i}", '24"', "4", "5", "Rapid Fire") for i in range(weapons))
    entry_links = "".join(
        f'<entryLink id="l{i}" name="" targetId="armoury" type="selectionEntry"/>' for i in range(links)
    )
    unit = (
        '<selectionEntry id="u" name="Gunline" type="unit"><selectionEntries>'
        f'<selectionEntry id="m" name="Gunner" type="model">{counts(5, 10)}'
        f"<profiles>{unit_profile('pm', 'Gunner')}</profiles><entryLinks>{entry_links}</entryLinks>{pts(10)}"
        "</selectionEntry></selectionEntries></selectionEntry>"
    )
    return _with_armoury(catalogue(unit), profiles)


def many_units(units: int = 1000, weapons: int = 2000) -> bytes:
    """``units`` units whose model links once to one shared entry of ``weapons`` weapon profiles."""
    profiles = "".join(weapon(f"w{i}", f"Gun {i}", '24"', "4", "5", "Rapid Fire") for i in range(weapons))
    entries = "".join(
        f'<selectionEntry id="u{j}" name="Gunline {j}" type="unit"><selectionEntries>'
        f'<selectionEntry id="m{j}" name="Gunner" type="model">{counts(5, 10)}'
        f"<profiles>{unit_profile(f'pm{j}', 'Gunner')}</profiles><entryLinks>"
        f'<entryLink id="l{j}" targetId="armoury" type="selectionEntry"/></entryLinks>{pts(10)}'
        "</selectionEntry></selectionEntries></selectionEntry>"
        for j in range(units)
    )
    return _with_armoury(catalogue(entries), profiles)


def _with_armoury(raw: bytes, profiles: str) -> bytes:
    shared = f'<selectionEntry id="armoury" name="Armoury" type="upgrade"><profiles>{profiles}</profiles></selectionEntry>'
    return raw.replace(b"<sharedSelectionEntries>", b"<sharedSelectionEntries>" + shared.encode(), 1)


def constrained_kit(links: int = 15_000, constraints: int = 20_000) -> bytes:
    """One model with ``links`` links to one shared entry of ``constraints`` constraints: each link counted
    them all again (2.5 MB ran for minutes)."""
    rules = "".join(
        f'<constraint field="selections" scope="parent" value="1" type="max" id="c{i}"/>'
        for i in range(constraints)
    )
    entry_links = "".join(f'<entryLink id="l{i}" targetId="kit" type="selectionEntry"/>' for i in range(links))
    unit = (
        '<selectionEntry id="u" name="Kitted" type="unit"><selectionEntries>'
        f'<selectionEntry id="m" name="Kit man" type="model">{counts(5, 10)}'
        f"<profiles>{unit_profile('pm', 'Kit man')}</profiles><entryLinks>{entry_links}</entryLinks>{pts(10)}"
        "</selectionEntry></selectionEntries></selectionEntry>"
    )
    kit = (
        f'<selectionEntry id="kit" name="Kit" type="upgrade"><constraints>{rules}</constraints>'
        f"<profiles>{weapon('w', 'Gun', '24', '4', '5', 'Rapid Fire')}</profiles></selectionEntry>"
    )
    return catalogue(unit).replace(b"<sharedSelectionEntries>", b"<sharedSelectionEntries>" + kit.encode(), 1)


def _squad(i: int, extra: str = "", profiles: str = "") -> str:
    """Unit ``i``: a squad of 5-10 men whose model holds ``extra`` and ``profiles`` (his own, by default)."""
    profiles = profiles or f"<profiles>{unit_profile(f'pm{i}', 'Man')}</profiles>"
    return (
        f'<selectionEntry id="u{i}" name="Squad {i}" type="unit"><selectionEntries>'
        f'<selectionEntry id="m{i}" name="Man" type="model">{counts(5, 10)}{extra}{profiles}{pts(10)}'
        "</selectionEntry></selectionEntries></selectionEntry>"
    )


def repeated_modifier(repeats: int = 4000) -> bytes:
    """A model's points modifier repeating ``repeats`` times for an entry of as many constraints: each
    repeat counted the entry's constraints again (0.7 MB ran for 90 s)."""
    rules = "".join(
        f'<constraint field="selections" scope="parent" value="1" type="min" id="c{i}"/>' for i in range(repeats)
    )
    each = '<repeat field="selections" scope="m" value="1" repeats="1" childId="kit" roundUp="false"/>'
    extra = f'<modifiers><modifier type="increment" field="points" value="1"><repeats>{each * repeats}</repeats></modifier></modifiers>'  # noqa: E501
    kit = f'<selectionEntry id="kit" name="Kit" type="upgrade"><constraints>{rules}</constraints></selectionEntry>'
    return catalogue(_squad(0, extra)).replace(
        b"<sharedSelectionEntries>", b"<sharedSelectionEntries>" + kit.encode(), 1
    )


def shared_profile(units: int = 2000, characteristics: int = 2000) -> bytes:
    """``units`` units whose model's profile is one shared profile of ``characteristics`` characteristics,
    by infoLink: each link read them all again, each question of it listed them (1 MB ran for 50 s)."""
    chars = "".join(f'<characteristic name="c{i}" value="1"/>' for i in range(characteristics))
    big = unit_profile("big", "Man").replace("</characteristics>", chars + "</characteristics>")
    linked = '<infoLinks><infoLink id="il{0}" targetId="big" type="profile"/></infoLinks>'
    entries = "".join(_squad(i, profiles=linked.format(i)) for i in range(units))
    shared = f"<sharedProfiles>{big}</sharedProfiles><sharedSelectionEntries>"
    return catalogue(entries).replace(b"<sharedSelectionEntries>", shared.encode(), 1)


def many_rules(rules: int = 50_000) -> bytes:
    """One model with ``rules`` rules this game does not know: each noted, each note looked for in the
    notes so far (1.8 MB ran for a minute)."""
    own = "".join(f'<rule id="r{i}" name="Rule {i}"/>' for i in range(rules))
    return catalogue(_squad(0, f"<rules>{own}</rules>"))


def many_bad_weapons(weapons: int = 8000) -> bytes:
    """One model with ``weapons`` weapons of a type this game does not play: each left out, each looked for
    in those left out so far (3 MB ran for 20 s)."""
    guns = "".join(weapon(f"w{i}", f"Gun {i}", '24"', "4", "5", "Bogus") for i in range(weapons))
    return catalogue(_squad(0, profiles=f"<profiles>{unit_profile('pm', 'Man')}{guns}</profiles>"))
