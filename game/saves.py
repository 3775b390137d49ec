"""Saved games: the scenario (path and content hash), the options, the seed and the command list.

A save is versioned JSON: nothing is executed on load, and loading replays the commands through
the rules (a game is its scenario, seed and commands). Writes are atomic, so a crash or
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
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.core import (
    Command,
    Event,
    Game,
    from_data,
    get_ruleset,
    known_rulesets,
    start_error,
    to_data,
)
from game.scenario import ScenarioError, load_scenario
from game.scenario.model import Scenario

FORMAT = "deadground-save"
VERSION = 1
KEEP_AUTOSAVES = 5
KEEP_AUTOSAVE_GAMES = 8  # other games' autosaves kept besides this game's (the newest games)
STALE_TEMP_SECONDS = 60.0  # a temporary file older than this was left by a killed write

# What a save may hold. A real game is far inside these; past them a file is damage or an attack, and
# reading it on would hang, fill memory or recurse without bound.
MAX_SAVE_BYTES = 32 * 1024 * 1024
MAX_PATH_CHARS = 4096  # the scenario path written in a save, and a save's own path
MAX_DEPTH = 16  # JSON nesting: a save is 4 deep, a command 3 more
MAX_COMMANDS = 200_000
MAX_ITEMS = 256  # entries in any list or table of the options or extra (a game has a handful)
MAX_TEXT = 10_000  # characters in any one text
MAX_DIGITS = 30  # digits in any whole number (Python refuses above 4,300; seeds are far below 30)
MAX_SAVED_AT = 1e11  # seconds since 1970 (the year 5138): beyond it the time is damage
SAVE_FIELDS = frozenset(
    {"format", "version", "ruleset", "scenario", "options", "seed", "commands", "saved_at", "error"}
    | {"failed", "state_hash", "over", "extra"}
)

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

    @property
    def turn(self) -> int | None:
        """The game's turn when it was saved (kept in ``extra``; None in a save from before it was kept,
        or when the number there is not a sensible turn)."""
        turn = self.extra.get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn <= MAX_COMMANDS:
            return turn
        return None

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
    """What a save of ``game`` holds now; ``extra`` also keeps the game's turn (for the load list)."""
    extra = dict(extra or {})
    turn = turn_of(game)
    if turn is not None:
        extra.setdefault("turn", turn)
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
        extra=extra,
    )


def turn_of(game: Game) -> int | None:
    """The turn ``game`` is in, as its rules count it (``state.turn``), or None for rules without one."""
    turn = getattr(getattr(game, "state", None), "turn", None)
    return turn if isinstance(turn, int) and not isinstance(turn, bool) and turn >= 0 else None


def write_atomic(path: Path | str, payload: bytes) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over ``path``.

    Whatever fails (a full disk, a crash, an interrupt), ``path`` holds either its old bytes or
    all of the new ones, never a mix.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        _keep_umask(fd)
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


_UMASK: int | None = None


def _keep_umask(fd: int) -> None:
    """mkstemp makes its file 0600; a save is an ordinary file, so give it what the user's umask gives."""
    global _UMASK
    if _UMASK is None:  # read once: os.umask can only be read by setting it
        _UMASK = os.umask(0o022)
        os.umask(_UMASK)
    if hasattr(os, "fchmod"):
        os.fchmod(fd, 0o666 & ~_UMASK)


def remove_stale_temporaries(folder: Path | str, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the temporary files (``.<name>.*.tmp``) a killed :func:`write_atomic` left in ``folder``.

    Only files older than ``older_than`` seconds go: a younger one may be another running game's
    write in progress. Returns what was removed; a folder that cannot be read is left alone.
    """
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return removed
    for tmp in candidates:
        try:
            info = tmp.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


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
        raise SaveError(f"{_name(path)} {why}; the file was left untouched.")


def _name(path: Path) -> str:
    """The file's name for a message (a hostile name can be 255 characters of noise)."""
    name = path.name
    return name if len(name) <= 80 else name[:77] + "..."


class _Refused(ValueError):
    """Something in a save's JSON past a limit; the message says what."""


def _read_bounded(path: Path) -> bytes:
    """The bytes of an ordinary file of at most MAX_SAVE_BYTES; SaveError for anything else.

    A FIFO would block the open or read forever and /dev/zero would fill memory, so the file is
    checked with stat before it is opened (non-blocking) and again on the open descriptor.
    """
    name = _name(path)
    if len(str(path)) > MAX_PATH_CHARS:
        raise SaveError(f"{name} cannot be read: its path is longer than {MAX_PATH_CHARS} characters.")
    try:
        info = os.stat(path)
    except OSError as exc:
        raise SaveError(f"{name} cannot be read ({exc.strerror or exc}).") from None
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(
            f"{name} is not an ordinary file (a folder, pipe or device), so it is not a save; "
            "the file was left untouched."
        )
    too_big = SaveError(
        f"{name} is larger than {MAX_SAVE_BYTES // (1024 * 1024)} MB, far more than any saved game; "
        "the file was left untouched."
    )
    if info.st_size > MAX_SAVE_BYTES:
        raise too_big
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise SaveError(f"{name} cannot be read ({exc.strerror or exc}).") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the stat
            raise SaveError(f"{name} is not an ordinary file, so it is not a save; the file was left untouched.")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > MAX_SAVE_BYTES:  # it grew while being read
                raise too_big
            chunks.append(chunk)
    except OSError as exc:
        raise SaveError(f"{name} cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _Refused(f"it holds a whole number {digits} digits long (at most {MAX_DIGITS} are read)")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"it holds the number {text[:40]}, too large to be a number")
    return value


def _parse_constant(text: str) -> float:
    raise _Refused(f"it holds {text}, which is not a number")


def _check_tree(data: Any) -> None:
    """Depth, text and size limits over the whole JSON tree, walked without recursion."""
    stack: list[tuple[Any, int, bool]] = [(data, 1, False)]
    while stack:
        node, depth, small = stack.pop()
        if depth > MAX_DEPTH:
            raise _Refused(f"it is nested more than {MAX_DEPTH} deep")
        if isinstance(node, str):
            _check_text(node)
        elif isinstance(node, dict):
            if small and len(node) > MAX_ITEMS:
                raise _Refused(f"a table in its options holds {len(node)} entries (at most {MAX_ITEMS})")
            for key, value in node.items():
                _check_text(key)
                stack.append((value, depth + 1, small or (depth == 1 and key in ("options", "extra"))))
        elif isinstance(node, list):
            if small and len(node) > MAX_ITEMS:
                raise _Refused(f"a list in its options holds {len(node)} entries (at most {MAX_ITEMS})")
            stack.extend((value, depth + 1, small) for value in node)


def _check_text(text: str) -> None:
    if len(text) > MAX_TEXT:
        raise _Refused(f"it holds a text {len(text)} characters long (at most {MAX_TEXT})")
    if "\x00" in text:
        raise _Refused("a text in it holds a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _Refused("a text in it holds a lone surrogate (not a character)") from None


def _saved_at(value: Any) -> float:
    if value is None:
        return 0.0
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise _Refused(f"its time saved_at {str(value)[:40]!r} is not a number")
    if not 0 <= value <= MAX_SAVED_AT:
        raise _Refused(f"its time saved_at {value:g} is not a date (0 to {MAX_SAVED_AT:g} seconds since 1970)")
    return float(value)


def _parse(path: Path, raw: bytes) -> Any:
    """The JSON in ``raw`` (read from ``path``), its numbers bounded; SaveError naming the file."""
    try:
        return json.loads(
            raw.decode("utf-8"),
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(
            f"{_name(path)} is corrupt or truncated (not valid JSON); the file was left untouched."
        ) from None
    except _Refused as exc:
        raise SaveError(f"{_name(path)} is damaged ({exc}); the file was left untouched.") from None
    except RecursionError:
        raise SaveError(
            f"{_name(path)} is damaged (it is nested more than {MAX_DEPTH} deep); the file was left untouched."
        ) from None


def read_json(path: Path | str) -> Any:
    """A JSON file the game wrote beside its saves (a campaign's progress), read as a save is: an ordinary
    file, bounded in size, depth, numbers and texts. Raises :class:`SaveError` naming the file; never
    changes it.

    >>> read_json("no/such/file.json")
    Traceback (most recent call last):
    ...
    game.saves.SaveError: file.json cannot be read (No such file or directory).
    """
    path = Path(path)
    data = _parse(path, _read_bounded(path))
    try:
        _check_tree(data)
    except _Refused as exc:
        raise SaveError(f"{_name(path)} is damaged ({exc}); the file was left untouched.") from None
    return data


def read_save(path: Path | str) -> SavedGame:
    """Read and check a save without replaying it. Raises :class:`SaveError`; never changes the file."""
    path = Path(path)
    data = _parse(path, _read_bounded(path))
    _require(isinstance(data, dict) and data.get("format") == FORMAT, path, "is not a Dead Ground save")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(
            f"{_name(path)} was written by a newer Dead Ground (save format {version}; this one "
            f"reads format {VERSION}); the file was left untouched."
        )
    _require(
        version == VERSION, path, f"has an unknown save format version {version!r} (this game reads {VERSION})"
    )
    try:
        _check_tree(data)
        unknown = sorted(set(data) - SAVE_FIELDS)
        if unknown:
            raise _Refused(f"it has fields this game does not know: {', '.join(map(repr, unknown[:5]))}")
        scenario = data["scenario"]
        if not isinstance(scenario, dict) or set(scenario) - {"path", "hash"}:
            raise TypeError("the scenario is not a table of path and hash")
        if len(str(scenario["path"])) > MAX_PATH_CHARS:
            raise _Refused(f"its scenario path is longer than {MAX_PATH_CHARS} characters")
        commands = data["commands"]
        if not isinstance(commands, list):
            raise TypeError("the command list is not a list")
        if len(commands) > MAX_COMMANDS:
            raise _Refused(f"it holds {len(commands)} commands (at most {MAX_COMMANDS})")
        failed = data.get("failed")
        options = data.get("options") or {}
        extra = data.get("extra") or {}
        if not isinstance(options, dict) or not isinstance(extra, dict):
            raise TypeError("options are not a table")
        seed = data["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"the seed {seed!r} is not a whole number")
        saved_at = _saved_at(data.get("saved_at"))
        rules_key = str(data["ruleset"])
        if rules_key not in known_rulesets():
            raise _Unplayable(
                f"{_name(path)} is for the rule set {rules_key[:40]!r}, which this Dead Ground does not have; "
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
            saved_at=saved_at,
            error=str(data.get("error") or ""),
            failed=from_data(failed, registry) if failed is not None else None,
            state_hash=str(data.get("state_hash") or ""),
            over=bool(data.get("over", False)),
            extra=extra,
        )
    except _Unplayable as exc:
        raise SaveError(str(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{_name(path)} is damaged ({str(exc)[:200]}); the file was left untouched.") from None
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
        try:
            if not candidate.is_file():  # a FIFO or device is no scenario (and would hang the loader)
                continue
        except OSError:  # e.g. a path too long for the system
            continue
        try:
            scenario = load_scenario(str(candidate))
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
    except Exception as exc:  # a save is data: its options refused, or a fault they reveal, is a refusal
        raise SaveError(
            f"{save_name} cannot be loaded: Cannot start: its options are refused ({start_error(exc)})."
        ) from None
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


_SEQ = re.compile(r"^autosave-([0-9]{1,18})")  # ASCII digits: \d takes any script's
# autosave-<sequence>-<date>-<time>[-<game>].json; files from before games had ids have no <game>
_GAME = re.compile(r"^autosave-[0-9]+-[0-9]{8}-[0-9]{6}-([0-9a-f]{1,32})\.json$")


class Autosaves:
    """Autosave after every resolved command into a folder, keeping the newest ``keep`` files per game.

    Files are ``autosave-<sequence>-<date>-<game>.json``: ``<game>`` is a random id per Autosaves
    (one per running game), so two games running at once never write the same name nor prune each
    other's files below ``keep``, and a game that ends clears only its own (another window's game stays
    resumable). The newest file of an unfinished game is what start-up offers to resume; a game resumed
    from an autosave carries that game on, whose files go once the resumed game has autosaved. Broken
    files are skipped, never deleted by reading; temporary files a killed write left behind are removed
    when the folder is first opened.
    """

    def __init__(self, folder: Path | str | None = None, keep: int = KEEP_AUTOSAVES) -> None:
        import uuid

        if folder is None:
            folder = default_folder()
        self.folder = Path(folder)
        self.keep = max(1, int(keep))
        self.game_id = uuid.uuid4().hex[:12]
        self._seq = 0
        self._carried: list[Path] = []  # the autosaves of the game this one carries on, as they were resumed
        self.extra: dict[str, Any] = {}  # kept in every autosave's extra (a campaign chapter: its progress file)
        remove_stale_temporaries(self.folder)

    def carry_on(self, path: Path | str) -> None:
        """This game carries on the game autosaved at ``path`` (a resumed autosave of this folder): that
        game's autosaves go once this one has its own, or when it ends, so the title never offers it again.
        Only the files there now: the same game may be playing on in another window, writing newer ones."""
        path = Path(path)
        if _SEQ.match(path.name) and path.parent.resolve() == self.folder.resolve():
            self._carried += self.files(_game_of(path))

    def write(self, game: Game) -> Path:
        if not self._seq:
            mine = self.files(self.game_id)
            self._seq = _sequence(mine[-1]) if mine else 0
        self._seq += 1
        path = self.folder / f"autosave-{self._seq:08d}-{time.strftime('%Y%m%d-%H%M%S')}-{self.game_id}.json"
        save_game(game, path, extra=self.extra or None)
        self._prune()
        self._forget_carried()  # this game's newest file is now further on than theirs
        return path

    def files(self, game_id: str | None = None) -> list[Path]:
        """The autosaves (of one game if ``game_id`` is given), oldest first by the time they were written."""
        if not self.folder.is_dir():
            return []
        found = []
        for p in self.folder.glob("autosave-*.json"):
            if not _SEQ.match(p.name) or (game_id is not None and _game_of(p) != game_id):
                continue
            try:
                when = p.lstat().st_mtime_ns
            except OSError:
                continue
            found.append((when, _sequence(p), p.name, p))
        return [p for *_, p in sorted(found)]

    def _prune(self) -> None:
        """Keep this game's newest ``keep`` files; of other games keep the newest ``keep`` files of each of
        the ``KEEP_AUTOSAVE_GAMES`` most recent games (one that crashed may be resumed)."""
        listing = self.files()  # oldest first, so each game's newest file is its last
        games: dict[str, list[Path]] = {}
        for path in listing:
            games.setdefault(_game_of(path), []).append(path)
        order = {path: n for n, path in enumerate(listing)}  # no stat here: another game may prune too
        others = sorted((g for g in games if g != self.game_id), key=lambda g: order.get(games[g][-1], -1))
        drop: list[Path] = []
        for game_id, paths in games.items():
            drop += paths[: -self.keep]
            if game_id != self.game_id and game_id in others[:-KEEP_AUTOSAVE_GAMES]:
                drop += paths[-self.keep :]
        for old in drop:
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
        try:
            return None if read_save(path).over else path
        except SaveError:  # changed since latest() read it
            return None

    def clear(self) -> None:
        """Forget this game's autosaves (its game is over: nothing of it is left to resume). Another game's
        are left alone: it may be running in another window, and resumed if that window closes."""
        self._forget_carried()
        self._remove(self.files(self.game_id))

    def _forget_carried(self) -> None:
        self._remove(self._carried)
        self._carried = []

    @staticmethod
    def _remove(paths: list[Path]) -> None:
        for path in paths:
            try:
                path.unlink()
            except OSError:  # gone already (another game's prune), or a read-only folder
                pass


def _sequence(path: Path) -> int:
    m = _SEQ.match(path.name)
    return int(m.group(1)) if m else 0


def _game_of(path: Path) -> str:
    """The game id in an autosave's name ("" for a file named before games had ids)."""
    m = _GAME.match(path.name)
    return m.group(1) if m else ""


def data_folder() -> Path:
    """The user's data folder for ``deadground`` (platformdirs): home of saves, autosaves and crash reports."""
    from game.assets import user_data_folder

    return user_data_folder()


def default_folder() -> Path:
    """``<user data dir>/deadground/autosave`` (platformdirs)."""
    return data_folder() / "autosave"


def crash_folder() -> Path:
    """Where a game that raised an error is saved as a bug report."""
    return data_folder() / "crash"
