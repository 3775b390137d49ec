"""Army-builder files into the player's own roster: the one step ``deadground roster import FILE`` and the
set-up screen's "Import catalogue..." button share.

The rule set's importer (:attr:`game.rules.core.RuleSet.roster_import`) reads the file and says what to
write; here it is written, atomically, where the rules read the player's roster (under the data folder).
A file the rules refuse, or a roster that cannot be written, raises :class:`ImportRefused` with the words
to show the player, and changes nothing.

>>> from game.rules.contract import RosterImport
>>> done = RosterImport("sm.cat", Path("r.toml"), "", ("...",), ("sm.cat: 'Rhino': a vehicle",), names=("Tactical Squad",))
>>> imported_line(done)
'1 unit(s) imported from sm.cat: Tactical Squad'
>>> import dataclasses
>>> report_lines(dataclasses.replace(done, notes=("sm.cat: 'Tactical Squad': no Rhino",)))
['1 unit(s) imported from sm.cat:', '  Tactical Squad', '      - no Rhino', "skipped: sm.cat: 'Rhino': a vehicle"]
"""

from __future__ import annotations

from pathlib import Path

from game import filelock
from game.filelock import LockBusy, held
from game.rules.contract import RosterImport, RosterImporter
from game.rules.core import RuleSet
from game.saves import data_folder, write_atomic

UNIT_NOTES = 8  # an imported unit's notes the report shows at the most; "and N more" says the rest
ROSTERS = "rosters"  # the player's rosters' folder under the data folder; its lock is beside it


class ImportRefused(Exception):
    """Nothing was imported nor written; the message says why, naming the file."""


def import_roster(
    ruleset: RuleSet, source: Path | str, folder: Path | None = None, companions: tuple[Path, ...] = ()
) -> RosterImport:
    """Import ``source`` with ``ruleset``'s importer into the player's roster under ``folder`` (default: the
    data folder the game reads it from), read with ``companions`` (files given with it: a BattleScribe game
    system, the catalogues it links), writing the file atomically when a unit was taken."""
    importer = ruleset.roster_import
    if importer is None:
        raise ImportRefused(f"refused: {ruleset.name} cannot import army-builder files")
    source = Path(source)
    data = Path(folder) if folder is not None else data_folder()
    try:
        # read, merge and write as one step: another import at once (a window and a terminal) waits for it,
        # so it merges into this one's roster rather than replace it with its own merge of the older file
        with held(data / ROSTERS, timeout=filelock.WAIT):
            return _import_and_write(importer, source, data, companions)
    except LockBusy as exc:
        raise ImportRefused(
            f"refused: {source.name}: another Dead Ground (a window or a terminal) has been importing into your "
            f"roster ({data / ROSTERS}) for {filelock.WAIT:g} s; nothing was changed: try again once it is done"
        ) from exc
    except OSError as exc:  # the lock's folder cannot be made
        raise ImportRefused(f"refused: cannot write in {data} ({exc.strerror or exc})") from exc


def _import_and_write(
    importer: RosterImporter, source: Path, data: Path, companions: tuple[Path, ...]
) -> RosterImport:
    try:
        done = importer(source, data, companions) if companions else importer(source, data)
    except ValueError as exc:
        raise ImportRefused(f"refused: {exc}") from exc
    except OSError as exc:  # the importers read files as hostile; this is only a last guard
        raise ImportRefused(f"refused: {source.name}: cannot be read ({exc.strerror or exc})") from exc
    if done.text:
        try:
            write_atomic(done.path, done.text.encode("utf-8"))
        except OSError as exc:
            raise ImportRefused(f"{done.file}: cannot write {done.path} ({exc.strerror or exc})") from exc
    return done


def imported_line(done: RosterImport) -> str:
    """One line for the player: how many units came from which file, by name."""
    if not done.imported:
        return f"Nothing imported from {done.file}: no unit the team builder can use"
    names = done.names or done.imported
    return f"{len(done.imported)} unit(s) imported from {done.file}: {', '.join(names)}"


def report_lines(done: RosterImport, most: int = UNIT_NOTES) -> list[str]:
    """The import report, a line each: the file, each unit imported with under it what the import left out of
    it (what ``roster import -v`` prints, at most ``most`` a unit), then each entry skipped with its reason."""
    if not done.imported:
        return [imported_line(done), *(f"skipped: {s}" for s in done.skipped)]
    lines = [f"{len(done.imported)} unit(s) imported from {done.file}:"]
    for name in done.names or done.imported:
        said = [_note_words(n, name) for n in done.notes]
        said = [w for w in said if w]
        lines.append(f"  {name}")
        lines += [f"      - {w}" for w in said[:most]]
        lines += [f"      and {len(said) - most} more"] * (len(said) > most)
    names = done.names or done.imported
    others = [n for n in done.notes if not any(_note_words(n, name) for name in names)]
    lines += [f"note: {n}" for n in others[:most]] + [f"and {len(others) - most} more notes"] * (
        len(others) > most
    )
    return lines + [f"skipped: {s}" for s in done.skipped]


def _note_words(note: str, unit: str) -> str:
    """What ``note`` ("sm.cat: 'Tactical Squad / Grav-gun': ...") says of the unit ``unit`` (without the file
    and the unit's name; a note on its wargear keeps the wargear's name), or "" when it is not about it."""
    _, _, rest = note.partition(": ")
    quoted = repr(unit)
    if rest.startswith(quoted + ": "):
        return rest[len(quoted) + 2 :]
    if rest.startswith(quoted[:-1] + " / "):  # 'Tactical Squad / Grav-gun': the quote closes after the part
        return rest[len(quoted) + 2 :].replace(quoted[0] + ": ", ": ", 1)
    return ""
