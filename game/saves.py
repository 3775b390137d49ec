"""Saved games: the scenario (path and content hash), the options, the seed and the command list.

A save is versioned JSON: nothing is executed on load, and loading replays the commands through
the rules (DESIGN.md: a game is its scenario, seed and commands). Writes are atomic, so a crash or
a full disk never leaves a broken file where a good one was. A save may also carry the command
that raised an error and that error (a bug report): replaying it reproduces the error.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.json", b'{"x": 1}')
>>> (folder / "a.json").read_bytes()
b'{"x": 1}'
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.core import Command, Event, Game, from_data, get_ruleset, known_rulesets, to_data
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Scenario

FORMAT = "deadground-save"
VERSION = 1
KEEP_AUTOSAVES = 5

OnApplied = Callable[[Command, list[Event]], None]


class _Unplayable(Exception):
    """A whole save for a rule set this build does not have (not damage: said as it is)."""


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why, and the file is left as it was."""


def state_hash(game: Game) -> str:
    """A short fingerprint of the whole game state (to check that a replay reproduced it)."""
    text = json.dumps(game.state_data(), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def describe_error(exc: BaseException) -> str:
    """How an error is recorded in a save, e.g. ``IllegalCommand: There is no figure 'x'.``"""
    return f"{type(exc).__name__}: {exc}"


@dataclass(frozen=True)
class SavedGame:
    """The contents of a save file, checked but not yet replayed.

    ``failed`` is the command that raised ``error`` (not part of ``commands``: the rules never
    accepted it); both are empty for an ordinary save. ``state_hash`` fingerprints the state after
    ``commands`` so a replay can be verified.
    """

    ruleset: str
    scenario_path: str
    scenario_hash: str
    options: dict[str, Any]
    seed: int
    commands: list[Command]
    saved_at: float = 0.0
    error: str = ""
    failed: Command | None = None
    state_hash: str = ""
    over: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def scenario_name(self) -> str:
        return Path(self.scenario_path).name

    def to_json(self) -> bytes:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset,
            "scenario": {"path": self.scenario_path, "hash": self.scenario_hash},
            "options": self.options,
            "seed": self.seed,
            "commands": [to_data(c) for c in self.commands],
            "saved_at": self.saved_at,
            "error": self.error,
            "failed": to_data(self.failed) if self.failed is not None else None,
            "state_hash": self.state_hash,
            "over": self.over,
            "extra": self.extra,
        }
        return json.dumps(data, indent=1).encode("utf-8")


def snapshot(
    game: Game, error: str = "", failed: Command | None = None, extra: dict[str, Any] | None = None
) -> SavedGame:
    """What a save of ``game`` holds now."""
    path = game.scenario.path
    if path and Path(path).exists():
        path = str(Path(path).resolve())  # a relative path would depend on where the game was started
    return SavedGame(
        ruleset=game.ruleset,
        scenario_path=str(path),
        scenario_hash=game.scenario.content_hash,
        options=json.loads(json.dumps(game.options)),  # a plain copy; refuses what JSON cannot hold
        seed=int(game.seed),
        commands=list(game.commands),
        saved_at=time.time(),
        error=error,
        failed=failed,
        state_hash=state_hash(game),
        over=bool(game.over),
        extra=dict(extra or {}),
    )


def write_atomic(path: Path | str, payload: bytes) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over ``path``.

    Whatever fails (a full disk, a crash, an interrupt), ``path`` holds either its old bytes or
    all of the new ones, never a mix.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            fd = -1  # the file object owns it now
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    # the rename itself reaches the disk only once the folder is synced (POSIX; a no-op elsewhere)
    try:
        dfd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def save_game(
    game: Game,
    path: Path | str,
    error: str = "",
    failed: Command | None = None,
    extra: dict[str, Any] | None = None,
) -> Path:
    """Save ``game`` to ``path`` atomically; returns the path."""
    write_atomic(path, snapshot(game, error, failed, extra).to_json())
    return Path(path)


def _require(cond: bool, path: Path, why: str) -> None:
    if not cond:
        raise SaveError(f"{path.name} {why}; the file was left untouched.")


def read_save(path: Path | str) -> SavedGame:
    """Read and check a save without replaying it. Raises :class:`SaveError`; never changes the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path.name} cannot be read ({exc.strerror or exc}).") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(
            f"{path.name} is corrupt or truncated (not valid JSON); the file was left untouched."
        ) from None
    _require(isinstance(data, dict) and data.get("format") == FORMAT, path, "is not a Dead Ground save")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(
            f"{path.name} was written by a newer Dead Ground (save format {version}; this one "
            f"reads format {VERSION}); the file was left untouched."
        )
    _require(
        version == VERSION, path, f"has an unknown save format version {version!r} (this game reads {VERSION})"
    )
    try:
        scenario = data["scenario"]
        commands = data["commands"]
        if not isinstance(commands, list):
            raise TypeError("the command list is not a list")
        failed = data.get("failed")
        options = data.get("options") or {}
        extra = data.get("extra") or {}
        if not isinstance(options, dict) or not isinstance(extra, dict):
            raise TypeError("options are not a table")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"the seed {seed!r} is not a whole number")
        rules_key = str(data["ruleset"])
        if rules_key not in known_rulesets():
            raise _Unplayable(
                f"{path.name} is for the rule set {rules_key!r}, which this Dead Ground does not have; "
                "the file was left untouched."
            )
        registry = get_ruleset(rules_key).commands
        saved = SavedGame(
            ruleset=str(data["ruleset"]),
            scenario_path=str(scenario["path"]),
            scenario_hash=str(scenario["hash"]),
            options=options,
            seed=seed,
            commands=[from_data(c, registry) for c in commands],
            saved_at=float(data.get("saved_at") or 0.0),
            error=str(data.get("error") or ""),
            failed=from_data(failed, registry) if failed is not None else None,
            state_hash=str(data.get("state_hash") or ""),
            over=bool(data.get("over", False)),
            extra=extra,
        )
    except _Unplayable as exc:
        raise SaveError(str(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{path.name} is damaged ({exc}); the file was left untouched.") from None
    return saved


def find_scenario(saved: SavedGame, save_name: str = "save") -> Scenario:
    """The saved game's scenario: at its saved path, else the shipped map of the same name (the
    game was moved or reinstalled). Refuses a scenario whose content changed."""
    from game.assets import assets_dir

    candidates = [Path(saved.scenario_path)]
    try:
        candidates.append(assets_dir("maps") / candidates[0].name)
    except FileNotFoundError:
        pass
    found: list[Scenario] = []
    problems: list[str] = []
    for candidate in candidates:
        if not candidate.is_file():
            continue
        try:
            scenario = load_scenario(candidate)
        except ScenarioError as exc:
            problems.append(f"{candidate} no longer loads: {exc}")
            continue
        if scenario.content_hash == saved.scenario_hash:
            return scenario
        found.append(scenario)
    if found:
        raise SaveError(
            f"{save_name} cannot be loaded: the scenario {saved.scenario_name} has changed since this "
            "game was saved, so its moves would not replay the same; the file was left untouched."
        )
    if problems:
        raise SaveError(f"{save_name} cannot be loaded: its scenario {problems[0]}")
    raise SaveError(
        f"{save_name} cannot be loaded: its scenario {saved.scenario_path} is no longer there "
        "(nor a shipped map of that name)."
    )


def load_game(path: Path | str) -> Game:
    """Load a save and replay it into a game. Refuses a changed scenario, an unknown version or a
    corrupt file with :class:`SaveError`, leaving the file untouched."""
    path = Path(path)
    return restore(read_save(path), path.name)


def restore(
    saved: SavedGame,
    save_name: str = "save",
    scenario: Scenario | None = None,
    on_applied: OnApplied | None = None,
    upto: int | None = None,
) -> Game:
    """Replay a :class:`SavedGame` (its first ``upto`` commands) into a game; ``on_applied`` hears
    each command and its events. Refuses with :class:`SaveError` a save whose commands the rules
    no longer accept."""
    if scenario is None:
        scenario = find_scenario(saved, save_name)
    try:
        ruleset = get_ruleset(saved.ruleset)
    except KeyError as exc:
        raise SaveError(f"{save_name} cannot be loaded: {exc.args[0]}.") from None
    try:
        game = ruleset.new_game(scenario, dict(saved.options), saved.seed)
    except (ValueError, TypeError, KeyError) as exc:
        raise SaveError(f"{save_name} cannot be loaded: its options are refused ({exc}).") from None
    commands = saved.commands if upto is None else saved.commands[:upto]
    for n, cmd in enumerate(commands, start=1):
        try:
            events = game.apply(cmd)
        except Exception as exc:  # a save is data: any failure to replay it is a refusal, not a crash
            raise SaveError(
                f"{save_name} does not replay: command {n} ({type(cmd).__name__}) failed with "
                f"{describe_error(exc)}"
            ) from None
        if on_applied is not None:
            on_applied(cmd, events)
    return game


_SEQ = re.compile(r"^autosave-(\d+)")


class Autosaves:
    """Autosave after every resolved command into a folder, keeping the newest ``keep`` files.

    Files are ``autosave-<sequence>-<date>.json``; the newest one of an unfinished game is what
    start-up offers to resume. Broken files are skipped, never deleted by reading.
    """

    def __init__(self, folder: Path | str | None = None, keep: int = KEEP_AUTOSAVES) -> None:
        if folder is None:
            folder = default_folder()
        self.folder = Path(folder)
        self.keep = max(1, int(keep))

    def write(self, game: Game) -> Path:
        files = self.files()
        seq = _sequence(files[-1]) + 1 if files else 1
        path = self.folder / f"autosave-{seq:08d}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        save_game(game, path)
        self._prune()
        return path

    def files(self) -> list[Path]:
        """The autosaves, oldest first."""
        if not self.folder.is_dir():
            return []
        return sorted((p for p in self.folder.glob("autosave-*.json") if _SEQ.match(p.name)), key=_sequence)

    def _prune(self) -> None:
        for old in self.files()[: -self.keep]:
            try:
                old.unlink()
            except OSError:
                pass

    def latest(self) -> Path | None:
        """The newest autosave that reads as a save (broken ones are skipped, not deleted)."""
        for path in reversed(self.files()):
            try:
                read_save(path)
                return path
            except SaveError:
                continue
        return None

    def resumable(self) -> Path | None:
        """The newest readable autosave if its game was not finished: what start-up offers to resume."""
        path = self.latest()
        if path is None:
            return None
        return None if read_save(path).over else path

    def clear(self) -> None:
        """Forget the autosaves."""
        for path in self.files():
            try:
                path.unlink()
            except OSError:
                pass


def _sequence(path: Path) -> int:
    m = _SEQ.match(path.name)
    return int(m.group(1)) if m else 0


def data_folder() -> Path:
    """The user's data folder for ``deadground`` (platformdirs): home of saves, autosaves and crash reports."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("deadground"))


def default_folder() -> Path:
    """``<user data dir>/deadground/autosave`` (platformdirs)."""
    return data_folder() / "autosave"


def crash_folder() -> Path:
    """Where a game that raised an error is saved as a bug report."""
    return data_folder() / "crash"
