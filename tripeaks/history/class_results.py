"""The class results store: finished games of a class in one SQLite file (standard library ``sqlite3``).

Opt-in.  The store is opened from a path or from the environment variable
``TRIPEAKS_CLASS_DB``; many student kernels append to the same file at once
and the teacher's notebook reads it.

>>> import tempfile, os
>>> from tripeaks import Game
>>> folder = tempfile.mkdtemp()
>>> store = ClassStore(os.path.join(folder, "class.sqlite"))
>>> store.available, store.problem
(True, None)
>>> game = Game.from_code("TP1-E-AAAAAAD")
>>> _ = game.draw()
>>> store.record_game(ClassRow.from_game("Ana", game, duration=12.5, result=Outcome.ABANDONED))
True
>>> [(row.name, row.games, row.best_score) for row in store.leaderboard("TP1-E-AAAAAAD")]
[('Ana', 1, 499)]

How it holds up with a class writing at once
--------------------------------------------
- The file is in WAL mode (readers never block the writer), every write is
  one short ``BEGIN IMMEDIATE`` transaction, SQLite's busy timeout waits for
  the lock, and a write that still finds it busy is retried with a growing,
  jittered pause.  A student never sees "database is locked".
- Each operation opens its own connection and closes it, so nothing is held
  between games and a kernel can be forked or culled at any time.

When the file cannot be used
----------------------------
The store never raises into the caller's game.  If the path is not set, the
folder is missing, the file cannot be written, is damaged, belongs to another
program or has a newer schema, :attr:`ClassStore.available` is ``False`` and
:attr:`ClassStore.problem` says why (a :class:`Unavailable` with a
:class:`Problem`), once; :meth:`ClassStore.record_game` then returns
``False`` and the queries return empty lists.  The app says once that results
are not being recorded (sentences in :mod:`tripeaks.i18n.classroom`).

Bad *arguments* are another matter: a name, code or number that cannot be a
finished game raises :class:`InvalidEntryError` (a ``ValueError``) when the
:class:`ClassRow` is built, before any file is touched.

The schema has a version (``PRAGMA user_version``, :data:`SCHEMA_VERSION`)
and an application id (:data:`APPLICATION_ID`), so another program's database
is recognised and never written to.

The class challenge
-------------------
The teacher sets one game code for the class: the environment variable
``TRIPEAKS_CHALLENGE`` (read at each call) or :meth:`ClassStore.set_challenge`
(stored in the file, from the teacher's notebook).  The environment wins.
"""

from __future__ import annotations

import json
import logging
import math
import os
import random
import re
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from ..engine._enums import TextEnum
from ..engine.codes import GameCode
from ..engine.game import EventKind, Game, Status
from .entry import GameEntry, Outcome

__all__ = [
    "ENV_DB",
    "ENV_CHALLENGE",
    "ENV_JOURNAL",
    "SCHEMA_VERSION",
    "APPLICATION_ID",
    "NAME_MAX",
    "Outcome",
    "Problem",
    "Unavailable",
    "NameProblem",
    "InvalidEntryError",
    "InvalidNameError",
    "clean_name",
    "ClassRow",
    "LeaderRow",
    "CodeSummary",
    "StudentProgress",
    "ChallengeSource",
    "Challenge",
    "challenge_from_env",
    "ClassStore",
]

log = logging.getLogger(__name__)

ENV_DB = "TRIPEAKS_CLASS_DB"
"""Environment variable holding the path of the class database file."""
ENV_CHALLENGE = "TRIPEAKS_CHALLENGE"
"""Environment variable holding the class challenge code (docs/rules.md §5)."""
ENV_JOURNAL = "TRIPEAKS_CLASS_DB_JOURNAL"
"""Environment variable choosing SQLite's journal: ``wal`` (default) or ``delete`` (a network filesystem)."""
SCHEMA_VERSION = 1
"""The schema this module writes (``PRAGMA user_version``)."""
APPLICATION_ID = 0x54503143
"""``PRAGMA application_id`` of a class database (the bytes ``TP1C``)."""
NAME_MAX = 40
"""Longest display name, in characters (after stripping)."""
_CODE_MAX = 40
_RULES_MAX = 40
_RECORD_MAX = 1_000_000
_ZWJ = "\u200d"  # joins emoji sequences; the one format character a name may hold

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    code      TEXT,
    rules     TEXT    NOT NULL,
    result    TEXT    NOT NULL CHECK (result IN ('won', 'blocked', 'time_up', 'abandoned')),
    score     INTEGER NOT NULL CHECK (score >= 0),
    moves     INTEGER NOT NULL CHECK (moves >= 0),
    draws     INTEGER NOT NULL CHECK (draws >= 0),
    undos     INTEGER NOT NULL CHECK (undos >= 0),
    duration  REAL    NOT NULL CHECK (duration >= 0),
    record    TEXT    NOT NULL,
    played_at TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_code ON games (code);
CREATE INDEX IF NOT EXISTS games_by_name ON games (name);
CREATE TABLE IF NOT EXISTS settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
"""
_PRAGMAS = (f"PRAGMA application_id = {APPLICATION_ID}", f"PRAGMA user_version = {SCHEMA_VERSION}")


class Problem(TextEnum):
    """Why the class database cannot be used (the app's sentences: :mod:`tripeaks.i18n.classroom`)."""

    NOT_CONFIGURED = "not_configured"
    """No path given and ``TRIPEAKS_CLASS_DB`` not set: results are not recorded (the default)."""
    NO_FOLDER = "no_folder"
    """The folder of the file does not exist (it is not created: a typo must not make folders)."""
    UNWRITABLE = "unwritable"
    """The file cannot be created or written (permissions, read-only or full disk, I/O error)."""
    CORRUPT = "corrupt"
    """The file is not an SQLite database, or it is damaged."""
    NOT_CLASS_DB = "not_class_db"
    """The file is an SQLite database of another program: it is never written to."""
    NEWER_VERSION = "newer_version"
    """The file was written by a newer version of this program (a higher schema version)."""


@dataclass(frozen=True)
class Unavailable:
    """Why the store is off: ``reason`` (a :class:`Problem`) and ``detail``, a technical
    English line for logs (the path and SQLite's own message), not for students."""

    reason: Problem
    detail: str


class NameProblem(TextEnum):
    """What is wrong with a display name (the app's sentences: :mod:`tripeaks.i18n.classroom`)."""

    EMPTY = "empty"
    TOO_LONG = "too_long"
    CONTROL = "control"
    """It holds a control or invisible formatting character (a tab, a line break, a direction override)."""


class InvalidEntryError(ValueError):
    """A value that cannot be part of a recorded game; the message names the field and the value."""


class InvalidNameError(InvalidEntryError):
    """A display name that cannot be used; ``reason`` is a :class:`NameProblem`."""

    def __init__(self, message: str, reason: NameProblem) -> None:
        super().__init__(message)
        self.reason = reason


def _bad_char(ch: str) -> bool:
    if ch == _ZWJ:
        return False
    category = unicodedata.category(ch)
    return category[0] == "C" or category in ("Zl", "Zp")


def clean_name(text: str) -> str:
    """A student's display name, cleaned: Unicode NFC, surrounding spaces stripped,
    runs of spaces made one.

    Raises :class:`InvalidNameError` (``reason``: :class:`NameProblem`) when it is
    empty, longer than :data:`NAME_MAX` characters, or holds a control or
    invisible formatting character (tab, line break, a direction override);
    ``TypeError`` when ``text`` is not a string.

    >>> clean_name("  Ana   Sofia ")
    'Ana Sofia'
    >>> clean_name("Ana\\tSofia")
    Traceback (most recent call last):
    ...
    tripeaks.history.class_results.InvalidNameError: a name cannot hold control characters: 'Ana\\tSofia'
    """
    if not isinstance(text, str):
        raise TypeError(f"a name must be text, got {type(text).__name__} {text!r}")
    name = re.sub(" {2,}", " ", unicodedata.normalize("NFC", text).strip())
    if not name:
        raise InvalidNameError("a name cannot be empty", NameProblem.EMPTY)
    if any(_bad_char(ch) for ch in name):
        raise InvalidNameError(f"a name cannot hold control characters: {name!r}", NameProblem.CONTROL)
    if len(name) > NAME_MAX:
        raise InvalidNameError(f"a name has at most {NAME_MAX} characters, got {len(name)}", NameProblem.TOO_LONG)
    return name


def _clean_text(value: Any, field: str, limit: int) -> str:
    if not isinstance(value, str):
        raise InvalidEntryError(f"{field} must be text, got {type(value).__name__} {value!r}")
    text = value.strip()
    if not text or len(text) > limit or any(_bad_char(ch) for ch in text):
        raise InvalidEntryError(f"{field} must be 1–{limit} printable characters, got {value!r}")
    return text


def _clean_code(value: Any) -> str | None:
    if value is None:
        return None
    code = _clean_text(value, "code", _CODE_MAX).upper()
    if not re.fullmatch(r"[A-Z0-9]+(-[A-Z0-9]+)+", code):
        raise InvalidEntryError(f"code must look like 'TP1-E-AAAAAAD' (flags allowed), got {value!r}")
    return code


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidEntryError(f"{field} must be a whole number ≥ 0, got {value!r}")
    return value


def _utc_iso(value: datetime | str | None) -> str:
    """``value`` as UTC ISO 8601 with milliseconds, e.g. ``2026-05-09T07:35:25.123+00:00`` (now if None)."""
    if value is None:
        value = datetime.now(timezone.utc)
    elif isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise InvalidEntryError(f"played_at must be an ISO 8601 time, got {value!r}") from None
    if not isinstance(value, datetime):
        raise InvalidEntryError(f"played_at must be a datetime or ISO text, got {value!r}")
    if value.tzinfo is None:
        raise InvalidEntryError(f"played_at must carry a time zone (UTC is stored), got {value.isoformat()!r}")
    return value.astimezone(timezone.utc).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class ClassRow:
    """One row of the class results store: a student's name and one finished game, as stored.

    Built from the game's one entry with :meth:`of` (the app does), or from a
    game with :meth:`from_game`.

    ``name`` a display name (:func:`clean_name`); ``code`` the full game code
    as text, flags included (docs/rules.md §5, §8), or ``None`` for a custom
    layout; ``rules`` the rule set as text: the rule letter and the code flags
    of docs/rules.md §8 (``str`` of a :class:`~tripeaks.engine.rules.RuleSet`, e.g.
    ``"E"``, ``"C"``, ``"E-SR"``); ``result`` a
    :class:`Outcome`; ``score`` points; ``moves`` the move counter (docs/rules.md
    §3); ``draws`` and ``undos`` how many of each action were made (undone ones
    included); ``duration`` the seconds the game was played (the app's game
    clock: the same figure as the history's and the end-of-game summary's); ``record`` the game record as JSON text (docs/rules.md §6,
    :meth:`Game.to_record`); ``played_at`` when it ended, UTC ISO 8601.

    Every field is checked and normalised when the entry is built; a bad value
    raises :class:`InvalidEntryError` (:class:`InvalidNameError` for the name).
    """

    name: str
    code: str | None
    rules: str
    result: Outcome
    score: int
    moves: int
    draws: int
    undos: int
    duration: float
    record: str
    played_at: str

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.name, str):
            raise InvalidEntryError(f"name must be text, got {type(self.name).__name__} {self.name!r}")
        set_(self, "name", clean_name(self.name))
        set_(self, "code", _clean_code(self.code))
        set_(self, "rules", _clean_text(self.rules, "rules", _RULES_MAX))
        try:
            set_(self, "result", Outcome(self.result))
        except ValueError:
            raise InvalidEntryError(
                f"result must be one of {', '.join(r.value for r in Outcome)}, got {self.result!r}"
            ) from None
        for field in ("score", "moves", "draws", "undos"):
            set_(self, field, _count(getattr(self, field), field))
        duration = self.duration
        if isinstance(duration, bool) or not isinstance(duration, (int, float)) or not math.isfinite(duration):
            raise InvalidEntryError(f"duration must be a number of seconds ≥ 0, got {duration!r}")
        if duration < 0:
            raise InvalidEntryError(f"duration must be a number of seconds ≥ 0, got {duration!r}")
        set_(self, "duration", float(duration))
        record = self.record
        if isinstance(record, Mapping):
            record = json.dumps(dict(record), separators=(",", ":"), ensure_ascii=False)
        if not isinstance(record, str) or len(record) > _RECORD_MAX:
            raise InvalidEntryError(f"record must be JSON text of at most {_RECORD_MAX} characters")
        try:
            parsed = json.loads(record)
        except ValueError:
            raise InvalidEntryError(f"record is not JSON: {record[:60]!r}") from None
        if not isinstance(parsed, dict):
            raise InvalidEntryError(f"record must be a JSON object, got {record[:60]!r}")
        set_(self, "record", record)
        set_(self, "played_at", _utc_iso(self.played_at))

    @classmethod
    def from_game(
        cls,
        name: str,
        game: Game,
        *,
        duration: float,
        result: Outcome | str | None = None,
        played_at: datetime | str | None = None,
    ) -> ClassRow:
        """The entry for ``game`` played by ``name`` in ``duration`` seconds.

        ``result`` defaults to the game's status (won, blocked or time up,
        docs/rules.md §2, §8); a game still being played needs one:
        :attr:`Outcome.ABANDONED`, or :attr:`Outcome.TIME_UP` when the app's clock
        ran out without :meth:`Game.expire`.  The code is the full code, flags
        included, and the rule set its text (``str(game.rules)``, e.g. ``"E-SR"``).
        ``played_at`` defaults to now.  Raises :class:`InvalidEntryError` for a
        result that contradicts the game (a won game cannot be abandoned).
        """
        if not isinstance(game, Game):
            raise InvalidEntryError(f"game must be a Game, got {type(game).__name__}")
        status = game.status
        if result is None:
            if status is Status.PLAYING:
                raise InvalidEntryError("the game is still being played: say how it ended (abandoned or time_up)")
            result = Outcome.of_status(status)
        else:
            try:
                result = Outcome(result)
            except ValueError:
                raise InvalidEntryError(f"unknown result {result!r}") from None
            expected = None if status is Status.PLAYING else Outcome.of_status(status)
            if expected is not None and result is not expected:
                raise InvalidEntryError(f"the game is {status.value}: its result cannot be {result.value}")
            if expected is None and result in (Outcome.WON, Outcome.BLOCKED):
                raise InvalidEntryError(f"the game is still being played: its result cannot be {result.value}")
        kinds = [e.kind for e in game.history]
        return cls(
            name=name,
            code=str(game.code) if game.code is not None else None,
            rules=str(game.rules),
            result=result,
            score=game.score,
            moves=game.moves,
            draws=kinds.count(EventKind.DRAW),
            undos=kinds.count(EventKind.UNDO),
            duration=duration,
            record=json.dumps(game.to_record(), separators=(",", ":")),
            played_at=_utc_iso(played_at),
        )

    @classmethod
    def of(cls, name: str, entry: GameEntry) -> ClassRow:
        """The row of the finished game ``entry`` (:class:`~tripeaks.history.entry.GameEntry`) played by ``name``.

        Code, rule set, outcome, score, moves, draws, undos and duration
        (seconds) are the entry's; the record is its record (docs/rules.md
        §6) and ``played_at`` its date.  Raises :class:`InvalidEntryError`
        (:class:`InvalidNameError` for the name) for what the store cannot
        hold: a bad name, or a record longer than the store keeps.
        """
        if not isinstance(entry, GameEntry):
            raise InvalidEntryError(f"entry must be a GameEntry, got {type(entry).__name__}")
        return cls(
            name=name,
            code=entry.code,
            rules=entry.rules,
            result=entry.result,
            score=entry.score,
            moves=entry.moves,
            draws=entry.draws,
            undos=entry.undos,
            duration=entry.duration,
            record=json.dumps(entry.record(), separators=(",", ":")),
            played_at=_utc_iso(entry.date),
        )

    def to_game(self) -> Game:
        """The game replayed from its record (docs/rules.md §6); raises ``RecordError`` if it cannot be."""
        return Game.from_record(json.loads(self.record))


@dataclass(frozen=True)
class LeaderRow:
    """One student's line in a code's leaderboard.

    ``rank`` 1 for the best (students with the same won / best score /
    fewest moves share a rank); ``games`` played on the code; ``won`` whether
    any was won; ``best_score`` the highest final score (points);
    ``fewest_moves`` the fewest moves of a won game, ``None`` without a win.
    """

    rank: int
    name: str
    games: int
    won: bool
    best_score: int
    fewest_moves: int | None


@dataclass(frozen=True)
class CodeSummary:
    """A code the class played: ``games``, distinct ``players``, ``wins``, ``last_played`` (UTC ISO)."""

    code: str
    games: int
    players: int
    wins: int
    last_played: str


@dataclass(frozen=True)
class StudentProgress:
    """One student over all codes: ``games``, ``wins``, ``best_score`` and
    ``mean_score`` (points), ``codes`` distinct codes played, ``first_played``
    and ``last_played`` (UTC ISO)."""

    name: str
    games: int
    wins: int
    best_score: int
    mean_score: float
    codes: int
    first_played: str
    last_played: str


class ChallengeSource(TextEnum):
    ENVIRONMENT = "environment"
    """From ``TRIPEAKS_CHALLENGE``."""
    DATABASE = "database"
    """Set in the class database by the teacher's notebook."""


@dataclass(frozen=True)
class Challenge:
    """The class challenge: a game ``code`` (canonical text) and where it was set."""

    code: str
    source: ChallengeSource


def challenge_from_env(environ: Mapping[str, str] | None = None) -> str | None:
    """The challenge code in ``TRIPEAKS_CHALLENGE`` (canonical form), or ``None`` when unset or blank.

    Raises :class:`~tripeaks.engine.codes.InvalidCodeError` when it is set to something
    that is not a game code (docs/rules.md §5).
    """
    raw = (os.environ if environ is None else environ).get(ENV_CHALLENGE, "").strip()
    return str(GameCode.parse(raw)) if raw else None


_T = TypeVar("_T")


class _Busy(Exception):
    """The database stayed locked through every retry."""


def _error_name(exc: sqlite3.Error) -> str:
    """SQLite's result code name for ``exc`` (``SQLITE_BUSY`` …), from the exception or its message."""
    name = getattr(exc, "sqlite_errorname", None)  # Python ≥ 3.11
    if isinstance(name, str) and name.startswith("SQLITE_"):
        return name
    msg = str(exc).lower()
    for needle, guess in (
        ("locked", "SQLITE_BUSY"),
        ("busy", "SQLITE_BUSY"),
        ("not a database", "SQLITE_NOTADB"),
        ("malformed", "SQLITE_CORRUPT"),
        ("readonly", "SQLITE_READONLY"),
        ("unable to open", "SQLITE_CANTOPEN"),
        ("disk i/o", "SQLITE_IOERR"),
        ("full", "SQLITE_FULL"),
    ):
        if needle in msg:
            return guess
    return "SQLITE_ERROR"


def _is_busy(exc: sqlite3.Error) -> bool:
    return _error_name(exc).startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _problem_of(exc: BaseException) -> Problem:
    if isinstance(exc, sqlite3.Error):
        name = _error_name(exc)
        if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT", "SQLITE_ERROR", "SQLITE_SCHEMA", "SQLITE_MISMATCH")):
            return Problem.CORRUPT
        if name.startswith("SQLITE_CONSTRAINT"):
            return Problem.NOT_CLASS_DB
    return Problem.UNWRITABLE


class ClassStore:
    """The class results in one SQLite file at ``path`` (``None``: not configured).

    ``busy_timeout`` seconds SQLite waits for a lock before a write is retried;
    ``retries`` how many times (with a growing, jittered pause) before that one
    write gives up; ``journal`` ``"wal"`` (default) or ``"delete"`` for a file
    on a network filesystem that has no shared memory (see docs/deploy.md).

    Never raises for a file problem: see :attr:`available`, :attr:`problem`.
    A missing file in an existing folder is created with the schema.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None,
        *,
        busy_timeout: float = 10.0,
        retries: int = 20,
        journal: str = "wal",
        environ: Mapping[str, str] | None = None,
    ) -> None:
        if journal not in ("wal", "delete"):
            raise ValueError(f"journal must be 'wal' or 'delete', got {journal!r}")
        self.path: Path | None = Path(path).expanduser().absolute() if path not in (None, "") else None
        self.busy_timeout = float(busy_timeout)
        self.retries = int(retries)
        self.journal = journal
        self._environ = environ
        self._problem: Unavailable | None = None
        self.journal_mode: str | None = None
        """The journal mode SQLite reports after opening (``"wal"`` normally)."""
        self.missed_writes = 0
        """Games that could not be written although the store is available (the lock stayed busy)."""
        self._open()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **options: Any) -> ClassStore:
        """The store at ``TRIPEAKS_CLASS_DB`` (not configured when unset or blank), with the
        journal of ``TRIPEAKS_CLASS_DB_JOURNAL`` (``wal`` when unset; an unknown value is logged
        and ``wal`` used)."""
        env = os.environ if environ is None else environ
        path = env.get(ENV_DB, "").strip() or None
        if "journal" not in options:
            journal = env.get(ENV_JOURNAL, "").strip().lower() or "wal"
            if journal not in ("wal", "delete"):
                log.warning("%s=%r is not 'wal' or 'delete': using wal", ENV_JOURNAL, journal)
                journal = "wal"
            options["journal"] = journal
        return cls(path, environ=environ, **options)

    # ------------------------------------------------------------------ state
    @property
    def available(self) -> bool:
        """True while games can be recorded and read."""
        return self._problem is None

    @property
    def problem(self) -> Unavailable | None:
        """Why the store is off (``None`` while it is available)."""
        return self._problem

    def __repr__(self) -> str:
        state = "available" if self._problem is None else f"off: {self._problem.reason.value}"
        return f"ClassStore({str(self.path) if self.path else None!r}, {state})"

    def _fail(self, reason: Problem, detail: str) -> None:
        if self._problem is None:
            self._problem = Unavailable(reason, f"{self.path}: {detail}")
            if reason is not Problem.NOT_CONFIGURED:
                log.warning("class results are not recorded: %s (%s)", reason.value, self._problem.detail)

    # ------------------------------------------------------------- connections
    @contextmanager
    def _connect(self, create: bool = False) -> Iterator[sqlite3.Connection]:
        assert self.path is not None
        mode = "rwc" if create else "rw"
        uri = f"file:{quote(str(self.path))}?mode={mode}"
        con = sqlite3.connect(uri, uri=True, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False)
        try:
            con.execute("PRAGMA synchronous = NORMAL")  # with WAL: durable at each commit against a crash
            yield con
        finally:
            con.close()

    def _retry(self, action: Callable[[], _T]) -> _T:
        """Run ``action``, again after a pause while SQLite answers busy; raises :class:`_Busy` at the end."""
        pause = 0.01
        for attempt in range(self.retries + 1):
            try:
                return action()
            except sqlite3.Error as exc:
                if not _is_busy(exc):
                    raise
                if attempt == self.retries:
                    raise _Busy(str(exc)) from exc
                time.sleep(pause * (0.5 + random.random()))
                pause = min(pause * 2, 1.0)
        raise AssertionError("unreachable")

    def _write(self, statements: Callable[[sqlite3.Connection], None], create: bool = False) -> None:
        """One ``BEGIN IMMEDIATE`` transaction running ``statements``, retried while busy."""

        def attempt() -> None:
            with self._connect(create) as con:
                con.execute("BEGIN IMMEDIATE")
                try:
                    statements(con)
                except BaseException:
                    con.execute("ROLLBACK")
                    raise
                con.execute("COMMIT")

        self._retry(attempt)

    def _read(self, query: Callable[[sqlite3.Connection], _T], empty: _T) -> _T:
        """``query`` on a fresh connection; ``empty`` when the store is off or the read fails."""
        if self._problem is not None:
            return empty
        try:
            return self._retry(lambda: self._run_read(query))
        except _Busy:
            return empty
        except (sqlite3.Error, OSError) as exc:
            self._fail(_problem_of(exc), str(exc))
            return empty

    def _run_read(self, query: Callable[[sqlite3.Connection], _T]) -> _T:
        with self._connect() as con:
            return query(con)

    # ------------------------------------------------------------------ opening
    def _open(self) -> None:
        if self.path is None:
            self._fail(Problem.NOT_CONFIGURED, f"set {ENV_DB} to a file path to record class results")
            return
        if not self.path.parent.is_dir():
            self._fail(Problem.NO_FOLDER, f"the folder {self.path.parent} does not exist")
            return
        if self.path.is_dir():
            self._fail(Problem.UNWRITABLE, "this path is a folder, not a file")
            return
        try:
            self._retry(self._prepare)
        except _Busy as exc:
            self._fail(Problem.UNWRITABLE, f"the database stayed locked while opening: {exc}")
        except (sqlite3.Error, OSError) as exc:
            self._fail(_problem_of(exc), str(exc))

    def _prepare(self) -> None:
        """Create the schema if the file is new, check it otherwise, turn on the journal mode, check writing."""
        with self._connect(create=True) as con:
            app_id, version = self._identity(con)
            if version == 0:
                tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                if tables or app_id not in (0, APPLICATION_ID):
                    self._fail(Problem.NOT_CLASS_DB, "an SQLite database of another program")
                    return
                con.execute("BEGIN IMMEDIATE")
                try:
                    if self._identity(con)[1] == 0:  # nobody created it in the meantime
                        for statement in (*_SCHEMA.split(";"), *_PRAGMAS):
                            if statement.strip():
                                con.execute(statement)
                except BaseException:
                    con.execute("ROLLBACK")
                    raise
                con.execute("COMMIT")
                app_id, version = self._identity(con)
            if app_id != APPLICATION_ID:
                self._fail(Problem.NOT_CLASS_DB, f"application id {app_id:#x}, not a class database")
                return
            if version > SCHEMA_VERSION:
                self._fail(Problem.NEWER_VERSION, f"schema version {version}; this program reads {SCHEMA_VERSION}")
                return
            mode = con.execute(f"PRAGMA journal_mode = {self.journal}").fetchone()[0]
            self.journal_mode = str(mode).lower()
            # A write lock taken and released: a read-only file or folder shows up now, not after a game.
            con.execute("BEGIN IMMEDIATE")
            con.execute("UPDATE settings SET key = key WHERE 0")
            con.execute("ROLLBACK")

    @staticmethod
    def _identity(con: sqlite3.Connection) -> tuple[int, int]:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        return int(app_id), int(version)

    # ------------------------------------------------------------------ writing
    def record_game(self, entry: ClassRow) -> bool:
        """Append a finished game; True when it is stored.

        False (and nothing raised) when the store is off, or when this one write
        found the file locked through every retry (counted in
        :attr:`missed_writes`; the store stays available).  A file problem met
        while writing turns the store off (:attr:`problem`).
        """
        if not isinstance(entry, ClassRow):
            raise TypeError(f"record_game takes a ClassRow, got {type(entry).__name__}")
        if self._problem is not None:
            return False
        row = (
            entry.name,
            entry.code,
            entry.rules,
            entry.result.value,
            entry.score,
            entry.moves,
            entry.draws,
            entry.undos,
            entry.duration,
            entry.record,
            entry.played_at,
        )

        def insert(con: sqlite3.Connection) -> None:
            con.execute(
                "INSERT INTO games (name, code, rules, result, score, moves, draws, undos, duration, record, played_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )

        try:
            self._write(insert)
        except _Busy as exc:
            self.missed_writes += 1
            log.warning("a class result was not recorded: the database stayed locked (%s)", exc)
            return False
        except (sqlite3.Error, OSError) as exc:
            self._fail(_problem_of(exc), str(exc))
            return False
        return True

    def set_challenge(self, code: str | GameCode | None) -> bool:
        """Store the class challenge (``None`` or blank text clears it); True when stored.

        Raises :class:`~tripeaks.engine.codes.InvalidCodeError` for text that is not a
        game code (docs/rules.md §5), before anything is written.
        ``TRIPEAKS_CHALLENGE``, when set, still takes precedence (:meth:`challenge`).
        """
        text = "" if code is None else str(code).strip()
        value = str(GameCode.parse(text)) if text else None
        if self._problem is not None:
            return False
        now = _utc_iso(None)

        def store(con: sqlite3.Connection) -> None:
            if value is None:
                con.execute("DELETE FROM settings WHERE key = 'challenge'")
            else:
                con.execute(
                    "INSERT INTO settings (key, value, updated_at) VALUES ('challenge', ?, ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                    (value, now),
                )

        try:
            self._write(store)
        except _Busy:
            return False
        except (sqlite3.Error, OSError) as exc:
            self._fail(_problem_of(exc), str(exc))
            return False
        return True

    # ------------------------------------------------------------------ reading
    def challenge(self) -> Challenge | None:
        """The class challenge: ``TRIPEAKS_CHALLENGE`` when it holds a valid code, else the one
        stored by the teacher, else ``None``.  Works without a database (environment only).
        An invalid code in the environment is skipped here (:func:`challenge_from_env` says why)."""
        try:
            code = challenge_from_env(self._environ)
        except ValueError:
            code = None
        if code is not None:
            return Challenge(code, ChallengeSource.ENVIRONMENT)
        stored = self._read(
            lambda con: con.execute("SELECT value FROM settings WHERE key = 'challenge'").fetchone(), None
        )
        if stored is None:
            return None
        try:
            return Challenge(str(GameCode.parse(stored[0])), ChallengeSource.DATABASE)
        except ValueError:
            return None

    def count(self) -> int:
        """How many games are stored (0 when the store is off)."""
        return self._read(lambda con: int(con.execute("SELECT count(*) FROM games").fetchone()[0]), 0)

    def games(self, *, name: str | None = None, code: str | None = None) -> list[ClassRow]:
        """Stored games, oldest first (by ``played_at``, then the order written); only those
        of ``name`` and/or ``code`` when given.  For the teacher's tables and plots."""
        where, args = [], []
        if name is not None:
            where.append("name = ?")
            args.append(name)
        if code is not None:
            where.append("code = ?")
            args.append(code.strip().upper())
        sql = (
            "SELECT name, code, rules, result, score, moves, draws, undos, duration, record, played_at FROM games"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY played_at, id"
        )

        def query(con: sqlite3.Connection) -> list[ClassRow]:
            return _entries(con.execute(sql, args).fetchall())

        return self._read(query, [])

    def codes(self) -> list[CodeSummary]:
        """The codes the class played, the most recently played first (custom layouts left out)."""
        sql = (
            "SELECT code, count(*), count(DISTINCT name), sum(result = 'won'), max(played_at)"
            " FROM games WHERE code IS NOT NULL GROUP BY code ORDER BY max(played_at) DESC, code"
        )
        return self._read(lambda con: [CodeSummary(*r) for r in con.execute(sql).fetchall()], [])

    def leaderboard(self, code: str) -> list[LeaderRow]:
        """The students who played ``code``, best first: a win first, then the best score
        (points), then the fewest moves of a win (docs/rules.md §3), then the name."""
        sql = (
            "SELECT name, count(*), max(result = 'won'), max(score), min(CASE WHEN result = 'won' THEN moves END)"
            " FROM games WHERE code = ? GROUP BY name"
        )
        empty: list[tuple[str, int, int, int, int | None]] = []
        rows = self._read(lambda con: con.execute(sql, (code.strip().upper(),)).fetchall(), empty)
        ordered = sorted(
            rows, key=lambda r: (-r[2], -r[3], r[4] is None, r[4] if r[4] is not None else 0, r[0].casefold(), r[0])
        )
        board: list[LeaderRow] = []
        for i, (name, games, won, best, fewest) in enumerate(ordered):
            same = board and (board[-1].won, board[-1].best_score, board[-1].fewest_moves) == (bool(won), best, fewest)
            rank = board[-1].rank if same else i + 1
            board.append(LeaderRow(rank, name, games, bool(won), best, fewest))
        return board

    def progress(self) -> list[StudentProgress]:
        """Each student's progress over every code, by name."""
        sql = (
            "SELECT name, count(*), sum(result = 'won'), max(score), avg(score), count(DISTINCT code),"
            " min(played_at), max(played_at) FROM games GROUP BY name ORDER BY name COLLATE NOCASE, name"
        )
        return self._read(lambda con: [StudentProgress(*r) for r in con.execute(sql).fetchall()], [])


def _entries(rows: list[tuple[Any, ...]]) -> list[ClassRow]:
    """Rows as entries, each checked again; a row that another program damaged is skipped (and logged)."""
    out = []
    for row in rows:
        try:
            out.append(ClassRow(*row))
        except (InvalidEntryError, TypeError) as exc:
            log.warning("a stored game was skipped: %s", exc)
    return out
