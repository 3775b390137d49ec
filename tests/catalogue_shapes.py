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
