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
[('Ana', 1, None)]

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

import errno
import json
import logging
import math
import os
import random
import re
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
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
    "ENV_TEACHER_SECRET",
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
    "CLASS_LIST_MAX",
    "InvalidClassListError",
    "parse_class_list",
    "listed_name",
    "ClassRow",
    "Finished",
    "LiveState",
    "LeaderRow",
    "CodeSummary",
    "StudentProgress",
    "ChallengeSource",
    "Challenge",
    "challenge_from_env",
    "ClassStore",
    "Lesson",
    "Playing",
    "ALL_LESSONS",
    "name_key",
    "clean_lesson_name",
    "Tally",
    "tally_by_student",
    "leaderboard",
    "progress",
    "rank_key",
]

log = logging.getLogger(__name__)

ENV_DB = "TRIPEAKS_CLASS_DB"
"""Environment variable holding the path of the class database file."""
ENV_CHALLENGE = "TRIPEAKS_CHALLENGE"
"""Environment variable holding the class challenge code (docs/rules.md §5)."""
ENV_TEACHER_SECRET = "TRIPEAKS_TEACHER_SECRET"
"""Environment variable holding the teacher's secret: the teacher's page opens only with it."""
ENV_JOURNAL = "TRIPEAKS_CLASS_DB_JOURNAL"
"""Environment variable choosing SQLite's journal: ``wal`` (default) or ``delete`` (a network filesystem)."""
SCHEMA_VERSION = 4
"""The schema this module writes (``PRAGMA user_version``); a version 1, 2 or 3 file is migrated when opened."""
APPLICATION_ID = 0x54503143
"""``PRAGMA application_id`` of a class database (the bytes ``TP1C``)."""
NAME_MAX = 40
"""Longest display name, in characters (after stripping)."""
_CODE_MAX = 40
_RULES_MAX = 40
_RECORD_MAX = 1_000_000
_NAME_MAX = 255  # bytes in one file or folder name, and in a whole path, on the usual file systems
_PATH_MAX = 4096
_JOURNAL = b"-journal"
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
# Version 2: hints and "continued from a record" per game, lessons, who is playing now.
_SCHEMA_2 = """
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0);
ALTER TABLE games ADD COLUMN from_record INTEGER NOT NULL DEFAULT 0 CHECK (from_record IN (0, 1));
ALTER TABLE games ADD COLUMN lesson INTEGER;
CREATE INDEX IF NOT EXISTS games_by_lesson ON games (lesson);
CREATE TABLE IF NOT EXISTS lessons (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    started_at TEXT NOT NULL,
    challenge  TEXT
);
CREATE TABLE IF NOT EXISTS live (
    name_key   TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    code       TEXT,
    moves      INTEGER NOT NULL,
    score      INTEGER NOT NULL,
    updated_at TEXT NOT NULL
);
"""
# Version 3: the game's id (the history entry's), so that a game is stored once: a blocked game
# recorded when its page's kernel stopped is not stored again when the page opens again.
_SCHEMA_3 = """
ALTER TABLE games ADD COLUMN game_id TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS games_by_game_id ON games (game_id) WHERE game_id IS NOT NULL;
"""
# Version 4: what each student of who is playing now is at (playing, a blocked game still on the
# table, joined without a move, their game recorded: its last move kept), and the wrong teacher's
# secrets of the whole server (a new page or a reload does not start the count again).
_SCHEMA_4 = """
ALTER TABLE live ADD COLUMN state TEXT NOT NULL DEFAULT 'playing';
CREATE TABLE IF NOT EXISTS secret_tries (
    place        TEXT PRIMARY KEY,
    wrong        INTEGER NOT NULL,
    locked_until REAL NOT NULL
);
"""
_MIGRATIONS = {1: _SCHEMA_2 + _SCHEMA_3 + _SCHEMA_4, 2: _SCHEMA_3 + _SCHEMA_4, 3: _SCHEMA_4}
_GAME_ID_MAX = 64
_COLUMNS = (
    "name, code, rules, result, score, moves, draws, undos, duration, record, played_at, hints, from_record, lesson, id"
)
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
    BAD_PATH = "bad_path"
    """The path cannot name a file: a name too long for the file system, a NUL byte, text it cannot encode."""


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
    NOT_LISTED = "not_listed"
    """The teacher gave a class list and the name is not on it (:func:`listed_name`)."""


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


CLASS_LIST_MAX = 500
"""Most names a class list holds."""


class InvalidClassListError(InvalidEntryError):
    """A class list with a line that cannot be a name: ``line`` (from 1) and the ``name`` as written
    (``line`` 0: the list is longer than :data:`CLASS_LIST_MAX`)."""

    def __init__(self, message: str, line: int, name: str) -> None:
        super().__init__(message)
        self.line = line
        self.name = name


def parse_class_list(text: str) -> list[str]:
    """The names of a class list: one name per line, each cleaned as :func:`clean_name` does;
    blank lines skipped, a name written twice (case and spaces aside) kept once, in order.
    A byte order mark at the start (a file saved by Notepad) is dropped.

    Raises :class:`InvalidClassListError` naming the first line that is not a name, or
    for more than :data:`CLASS_LIST_MAX` names.

    >>> parse_class_list("Chloé\\n\\n  chloé \\nRobert'); DROP TABLE games;--\\n")
    ['Chloé', "Robert'); DROP TABLE games;--"]
    """
    if not isinstance(text, str):
        raise TypeError(f"a class list must be text, got {type(text).__name__}")
    names: list[str] = []
    seen: set[str] = set()
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        if not line.strip():
            continue
        try:
            name = clean_name(line)
        except InvalidNameError as exc:
            raise InvalidClassListError(f"line {number} is not a name: {exc}", number, line.strip()) from None
        if name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    if len(names) > CLASS_LIST_MAX:
        raise InvalidClassListError(f"a class list holds at most {CLASS_LIST_MAX} names, got {len(names)}", 0, "")
    return names


def listed_name(name: str, names: Sequence[str]) -> str | None:
    """``name`` as the class list ``names`` writes it (matched as :func:`name_key` does: case and
    surrounding spaces aside), or ``None`` when it is not on the list (or cannot be a name).

    >>> listed_name(" chloé ", ["Ana", "Chloé"])
    'Chloé'
    """
    try:
        key = clean_name(name).casefold()
    except (InvalidNameError, TypeError):
        return None
    return next((n for n in names if n.casefold() == key), None)


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
    hints: int = 0
    from_record: bool = False
    lesson: int | None = field(default=None, compare=False)
    row_id: int | None = field(default=None, compare=False)
    game_id: str | None = field(default=None, compare=False)
    """The game's id (``None``: not known; :meth:`of` takes it from the history entry's id, without
    the part that says how it ended): the store keeps one row per id, a blocked one replaced by
    the game's later result (:meth:`ClassStore.record_game`)."""

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
        for name in ("score", "moves", "draws", "undos", "hints"):
            set_(self, name, _count(getattr(self, name), name))
        set_(self, "from_record", bool(self.from_record))
        if self.game_id is not None and (
            not isinstance(self.game_id, str) or not 0 < len(self.game_id) <= _GAME_ID_MAX
        ):
            raise InvalidEntryError(f"game_id must be text of 1–{_GAME_ID_MAX} characters, got {self.game_id!r}")
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
    def of(cls, name: str, entry: GameEntry, *, hints: int = 0) -> ClassRow:
        """The row of the finished game ``entry`` (:class:`~tripeaks.history.entry.GameEntry`) played by ``name``.

        Code, rule set, outcome, score, moves, draws, undos and duration
        (seconds) are the entry's; the record is its record (docs/rules.md
        §6) and ``played_at`` its date.  Raises :class:`InvalidEntryError`
        (:class:`InvalidNameError` for the name) for what the store cannot
        hold: a bad name, or a record longer than the store keeps.  ``hints`` is how many
        hints the student asked for in that game; ``from_record`` is the entry's.
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
            hints=hints,
            from_record=entry.from_record,
            game_id=game_key(entry.id),
        )

    def to_game(self) -> Game:
        """The game replayed from its record (docs/rules.md §6); raises ``RecordError`` if it cannot be."""
        return Game.from_record(json.loads(self.record))


@dataclass(frozen=True)
class LeaderRow:
    """One student's line in a code's leaderboard (:func:`leaderboard`).

    ``rank`` 1 for the best (students with the same won / best score /
    fewest moves share a rank); ``name`` as the student first typed it;
    ``games`` played on the code; ``won`` whether any of their own games was
    won; ``best_score`` the best score of a win when ``won``, else the best of
    a finished (blocked or timed out) game, ``None`` with only abandoned games;
    ``fewest_moves`` the fewest moves of a win (``None`` without one);
    ``wins``, ``blocked``, ``timed_out``, ``abandoned`` the games of each
    outcome; ``mean_score`` over finished games (abandoned ones left out;
    ``None`` without one); ``hints``, ``undos`` over every game; ``seconds``
    the time played; ``from_record`` games continued from a record (shown, never
    a win of the student's own, and left out of the other figures).
    """

    rank: int
    name: str
    games: int
    won: bool
    best_score: int | None
    fewest_moves: int | None
    wins: int = 0
    blocked: int = 0
    timed_out: int = 0
    abandoned: int = 0
    mean_score: float | None = None
    hints: int = 0
    undos: int = 0
    seconds: float = 0.0
    from_record: int = 0


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
    """One student over all codes (:func:`progress`): ``games``,
    ``wins``, ``best_score`` and ``mean_score`` (points, over finished games: an abandoned one
    never lifts or lowers them; ``None`` without a finished game), ``codes`` distinct codes
    played, ``first_played`` and ``last_played`` (UTC ISO); then ``blocked``, ``timed_out``,
    ``abandoned``, ``hints``, ``undos``, ``seconds`` and ``from_record`` as in :class:`LeaderRow`."""

    name: str
    games: int
    wins: int
    best_score: int | None
    mean_score: float | None
    codes: int
    first_played: str
    last_played: str
    blocked: int = 0
    timed_out: int = 0
    abandoned: int = 0
    hints: int = 0
    undos: int = 0
    seconds: float = 0.0
    from_record: int = 0


@dataclass(frozen=True)
class Lesson:
    """A lesson: its ``id``, ``name``, ``started_at`` (UTC ISO), the ``challenge`` it started with
    and ``challenges``, every code set as the class challenge during it, in the order first set
    (the one it started with first)."""

    id: int
    name: str
    started_at: str
    challenge: str | None
    challenges: tuple[str, ...] = ()


class LiveState(TextEnum):
    """Where a student of who is playing now is (:meth:`ClassStore.report_playing`)."""

    PLAYING = "playing"
    """Playing a game (their last move: ``updated_at``)."""
    BLOCKED = "blocked"
    """Their game is blocked, still on the table: recorded when they leave it (an undo revives it)."""
    JOINED = "joined"
    """Named on an open page, no move made yet (``updated_at``: when they joined)."""
    RECORDED = "recorded"
    """Their game was recorded since (``updated_at`` stays their last move): not playing now."""


@dataclass(frozen=True)
class Playing:
    """A student playing now: ``name``, ``code`` (``None``: a custom layout), ``moves`` and
    ``score`` so far, ``updated_at`` (UTC ISO) their last reported move (for one who joined
    without a move: when they joined), ``state`` where they are (never ``RECORDED``)."""

    name: str
    code: str | None
    moves: int
    score: int
    updated_at: str
    state: LiveState = LiveState.PLAYING


@dataclass(frozen=True)
class Finished:
    """A student's latest game of the running lesson, as recorded: ``name``, ``code``
    (``None``: a custom layout), ``result``, ``score``, ``moves`` and ``played_at`` (UTC ISO);
    ``last_move_at`` (UTC ISO) the student's last move reported before it was recorded (a game
    recorded when its tab's kernel stopped, minutes later, keeps the time of its last move),
    ``None`` when none was reported."""

    name: str
    code: str | None
    result: Outcome
    score: int
    moves: int
    played_at: str
    last_move_at: str | None = None


class _AllLessons:
    """The type of :data:`ALL_LESSONS`."""

    def __repr__(self) -> str:
        return "ALL_LESSONS"


ALL_LESSONS = _AllLessons()
"""Every game, whichever lesson it belongs to (the default of the queries)."""
_LESSON_MAX = 80
_OPTIONS = ("land_on_challenge",)


def clean_lesson_name(name: str) -> str:
    """A lesson's name stripped; raises :class:`InvalidEntryError` unless 1–80 printable characters."""
    return _clean_text(name, "lesson name", _LESSON_MAX)


def game_key(entry_id: str | None) -> str | None:
    """The id of the game a history entry's id (:meth:`GameEntry.make_id
    <tripeaks.history.entry.GameEntry.make_id>`: the game's id, a dot, how it ended) belongs to: the
    same for a game blocked, undone and then won or abandoned.  An id without a dot is the game's."""
    if entry_id is None:
        return None
    head, dot, _end = entry_id.rpartition(".")
    return head if dot and head else entry_id


def name_key(name: str) -> str:
    """The key that makes one student of names typed differently: :func:`clean_name`, then
    case folded (" chloé " and "Chloé" are one student; "Chloe" without the accent is another).

    >>> name_key(" chloé ") == name_key("CHLOÉ")
    True
    """
    return clean_name(name).casefold()


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


def _path_problem(path: Path) -> str | None:
    """Why ``path`` cannot name a file on this system (``None`` when it can): a NUL byte (SQLite
    would cut the name there and open another file), text the file system cannot encode, or a
    name or a whole path longer than it allows."""
    text = str(path)
    if "\x00" in text:
        return "the path holds a NUL byte"
    try:
        raw = os.fsencode(text)
    except UnicodeError as exc:
        return f"the path cannot be encoded for the file system: {exc}"
    *folders, name = raw.split(os.sep.encode())
    longest = max((len(part) for part in folders), default=0)
    if longest > _NAME_MAX:
        return f"a folder name in the path is {longest} bytes long; the file system allows {_NAME_MAX}"
    if len(name) > _NAME_MAX - len(_JOURNAL):  # SQLite writes "<name>-journal" (and -wal, -shm) beside it
        return f"the file name is {len(name)} bytes long; a class database allows {_NAME_MAX - len(_JOURNAL)}"
    if len(raw) > _PATH_MAX:
        return f"the path is {len(raw)} bytes long; the file system allows {_PATH_MAX}"
    return None


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
        uri = f"file:{quote(os.fsencode(self.path))}?mode={mode}"  # bytes: a name the file system holds as such
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
        bad = _path_problem(self.path)
        if bad is not None:
            self._fail(Problem.BAD_PATH, bad)
            return
        try:
            if not self.path.parent.is_dir():
                self._fail(Problem.NO_FOLDER, f"the folder {self.path.parent} does not exist")
                return
            if self.path.is_dir():
                self._fail(Problem.UNWRITABLE, "this path is a folder, not a file")
                return
        except OSError as exc:  # e.g. a name too long for this file system, found by asking it
            self._fail(Problem.BAD_PATH if exc.errno == errno.ENAMETOOLONG else Problem.UNWRITABLE, str(exc))
            return
        try:
            self._retry(self._prepare)
        except _Busy as exc:
            self._fail(Problem.UNWRITABLE, f"the database stayed locked while opening: {exc}")
        except (sqlite3.Error, OSError) as exc:
            self._fail(_problem_of(exc), str(exc))
        except ValueError as exc:  # a name SQLite cannot take (UnicodeError is one)
            self._fail(Problem.BAD_PATH, str(exc))

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
                        for statement in (
                            *_SCHEMA.split(";"),
                            *_SCHEMA_2.split(";"),
                            *_SCHEMA_3.split(";"),
                            *_SCHEMA_4.split(";"),
                            *_PRAGMAS,
                        ):
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
            if version in _MIGRATIONS:
                self._migrate(con)
            mode = con.execute(f"PRAGMA journal_mode = {self.journal}").fetchone()[0]
            self.journal_mode = str(mode).lower()
            # A write lock taken and released: a read-only file or folder shows up now, not after a game.
            con.execute("BEGIN IMMEDIATE")
            con.execute("UPDATE settings SET key = key WHERE 0")
            con.execute("ROLLBACK")

    @staticmethod
    def _migrate(con: sqlite3.Connection) -> None:
        """An older file gains the columns and tables of the later versions (every stored game kept;
        from version 1: with 0 hints, not from a record, before any lesson; from version 1 or 2:
        without a game id); one transaction, done once."""
        con.execute("BEGIN IMMEDIATE")
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version in _MIGRATIONS:  # nobody migrated it in the meantime
                for statement in _MIGRATIONS[version].split(";"):
                    if statement.strip():
                        con.execute(statement)
                con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")

    @staticmethod
    def _identity(con: sqlite3.Connection) -> tuple[int, int]:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        return int(app_id), int(version)

    # ------------------------------------------------------------------ writing
    def record_game(self, entry: ClassRow) -> bool:
        """Append a finished game; True when it is stored (or already stored).

        One game is one row (``entry.game_id``): a game recorded blocked the moment it became
        blocked, then undone and played on, has that row replaced by its later result (won, blocked
        again, out of time or abandoned); a row that is not blocked is never replaced.

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
            entry.hints,
            int(entry.from_record),
            entry.game_id,
        )

        def insert(con: sqlite3.Connection) -> None:
            # The game belongs to the lesson running when it is written (the latest started).  One game
            # is one row: a game whose id is stored already as blocked takes its later result (the
            # student undid and played on; its hints are never fewer); any other is not stored again.
            con.execute(
                "INSERT INTO games (name, code, rules, result, score, moves, draws, undos, duration, record,"
                " played_at, hints, from_record, game_id, lesson)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT max(id) FROM lessons))"
                " ON CONFLICT (game_id) WHERE game_id IS NOT NULL DO UPDATE SET"
                " name = excluded.name, code = excluded.code, rules = excluded.rules, result = excluded.result,"
                " score = excluded.score, moves = excluded.moves, draws = excluded.draws, undos = excluded.undos,"
                " duration = excluded.duration, record = excluded.record, played_at = excluded.played_at,"
                " hints = max(games.hints, excluded.hints), from_record = excluded.from_record,"
                " lesson = excluded.lesson"
                " WHERE games.result = 'blocked'",
                row,
            )
            # The student leaves who is playing now; their last move's time stays (finished() shows it).
            # One who joined without a move since is still there: the game is an earlier one (left
            # blocked in a closed tab, or waiting for the name).
            con.execute(
                "UPDATE live SET state = 'recorded' WHERE name_key = ? AND state != 'joined'", (name_key(entry.name),)
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
            _put_setting(con, "challenge", value, now)
            if value is not None:
                _add_lesson_challenge(con, value, now)

        return self._try_write(store)

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
        stored = self._setting("challenge")
        if stored is None:
            return None
        try:
            return Challenge(str(GameCode.parse(stored)), ChallengeSource.DATABASE)
        except ValueError:
            return None

    def count(self) -> int:
        """How many games are stored (0 when the store is off)."""
        return self._read(lambda con: int(con.execute("SELECT count(*) FROM games").fetchone()[0]), 0)

    def games(
        self, *, name: str | None = None, code: str | None = None, lesson: int | None | _AllLessons = ALL_LESSONS
    ) -> list[ClassRow]:
        """Stored games, oldest first (by ``played_at``, then the order written); only those
        of ``name`` (matched as :func:`name_key` does: case and spaces aside), ``code`` and
        ``lesson`` (a lesson id; ``None``: the games from before the first lesson) when given.
        For the teacher's tables and plots."""
        where: list[str] = []
        args: list[Any] = []
        if code is not None:
            where.append("code = ?")
            args.append(code.strip().upper())
        if lesson is None:
            where.append("lesson IS NULL")
        elif not isinstance(lesson, _AllLessons):
            where.append("lesson = ?")
            args.append(int(lesson))
        sql = (
            f"SELECT {_COLUMNS} FROM games"
            + (" WHERE " + " AND ".join(where) if where else "")
            + " ORDER BY played_at, id"
        )

        def query(con: sqlite3.Connection) -> list[ClassRow]:
            return _entries(con.execute(sql, args).fetchall(), _spellings(con))

        empty: list[ClassRow] = []
        rows = self._read(query, empty)
        if name is not None:
            key = name_key(name)
            rows = [r for r in rows if name_key(r.name) == key]
        return rows

    def codes(self) -> list[CodeSummary]:
        """The codes the class played, the most recently played first (custom layouts left out)."""
        sql = (
            "SELECT code, count(*), sum(result = 'won'), max(played_at)"
            " FROM games WHERE code IS NOT NULL GROUP BY code ORDER BY max(played_at) DESC, code"
        )
        distinct = "SELECT code, name FROM games WHERE code IS NOT NULL GROUP BY code, name"

        def query(con: sqlite3.Connection) -> list[CodeSummary]:
            players: dict[str, set[str]] = {}
            for code, name in con.execute(distinct).fetchall():  # " chloé " and "Chloé": one player
                players.setdefault(code, set()).add(_key_or_name(name))
            return [
                CodeSummary(code, games, len(players.get(code, ())), wins, last)
                for code, games, wins, last in con.execute(sql).fetchall()
            ]

        return self._read(query, [])

    def leaderboard(self, code: str, *, lesson: int | None | _AllLessons = ALL_LESSONS) -> list[LeaderRow]:
        """The students who played ``code`` (in ``lesson`` when given), best first: see
        :func:`leaderboard`."""
        return leaderboard(self.games(code=code, lesson=lesson), code.strip().upper())

    def progress(self, *, lesson: int | None | _AllLessons = ALL_LESSONS) -> list[StudentProgress]:
        """Each student's progress over every code (in ``lesson`` when given), by name:
        see :func:`progress`."""
        return progress(self.games(lesson=lesson))

    # ------------------------------------------------------------------ lessons
    def start_lesson(self, name: str, challenge: str | GameCode | None = None) -> Lesson | None:
        """Start a lesson called ``name`` (today's date when blank); games written from now on
        belong to it.  Earlier games are all kept (shown on request).  ``challenge`` (a code)
        becomes the class challenge when given; without one, the challenge in force stays and
        is the lesson's first.  ``None`` when the store is off or busy.

        Raises :class:`InvalidEntryError` for a name that is not 1–80 printable characters,
        :class:`~tripeaks.engine.codes.InvalidCodeError` for a challenge that is not a code.
        """
        text = "" if challenge is None else str(challenge).strip()
        code = str(GameCode.parse(text)) if text else None
        now = _utc_iso(None)
        title = clean_lesson_name(name) if not isinstance(name, str) or name.strip() else now[:10]
        if self._problem is not None:
            return None
        made: list[int] = []

        try:
            from_env = challenge_from_env(self._environ)
        except ValueError:
            from_env = None

        def store(con: sqlite3.Connection) -> None:
            if code is not None:
                _store_setting(con, "challenge", code, now)
            # The challenge in force when it starts is the lesson's first (the environment's wins).
            stored = con.execute("SELECT value FROM settings WHERE key = 'challenge'").fetchone()
            in_force = from_env or _parsed_code(stored[0] if stored else None)
            cur = con.execute(
                "INSERT INTO lessons (name, started_at, challenge) VALUES (?, ?, ?)", (title, now, in_force)
            )
            made.append(int(cur.lastrowid or 0))
            # who is playing now stays: a student mid-game plays on into the new lesson
            if in_force is not None:
                _add_lesson_challenge(con, in_force, now)
            started.append(in_force)

        started: list[str | None] = []
        if not self._try_write(store):
            return None
        first = started[0]
        return Lesson(made[0], title, now, first, (first,) if first is not None else ())

    def lessons(self) -> list[Lesson]:
        """Every lesson started, the latest first, each with the challenges set during it."""
        sql = "SELECT id, name, started_at, challenge FROM lessons ORDER BY id DESC"
        kept = f"SELECT key, value FROM settings WHERE key LIKE '{_LESSON_CHALLENGES}%'"

        def query(con: sqlite3.Connection) -> list[Lesson]:
            challenges = {key: value for key, value in con.execute(kept).fetchall()}
            found = []
            for lesson_id, name, started_at, challenge in con.execute(sql).fetchall():
                codes = _codes(challenges.get(f"{_LESSON_CHALLENGES}{lesson_id}"))
                if challenge is not None and challenge not in codes:  # a file from before the list was kept
                    codes.insert(0, challenge)
                found.append(Lesson(lesson_id, name, started_at, challenge, tuple(codes)))
            return found

        return self._read(query, [])

    def current_lesson(self) -> Lesson | None:
        """The lesson running (the latest started), or ``None`` before the first."""
        found = self.lessons()
        return found[0] if found else None

    # ------------------------------------------------------------------ settings
    def set_option(self, key: str, value: bool) -> bool:
        """Store a teacher's yes/no option (``land_on_challenge``); True when stored."""
        if key not in _OPTIONS:
            raise ValueError(f"unknown option {key!r}; options: {', '.join(_OPTIONS)}")
        now = _utc_iso(None)
        if self._problem is not None:
            return False
        return self._try_write(lambda con: _store_setting(con, key, "1" if value else "0", now))

    def option(self, key: str) -> bool:
        """A teacher's yes/no option (False when never set or the store is off)."""
        if key not in _OPTIONS:
            raise ValueError(f"unknown option {key!r}; options: {', '.join(_OPTIONS)}")
        return self._setting(key) == "1"

    def set_class_list(self, names: Sequence[str]) -> bool:
        """Store the class list (``names`` as :func:`parse_class_list` gives them; empty: no list,
        students type their name); True when stored.  Raises :class:`InvalidClassListError`
        for a name that :func:`clean_name` refuses, before anything is written."""
        cleaned = parse_class_list("\n".join(names))
        now = _utc_iso(None)
        if self._problem is not None:
            return False
        text = json.dumps(cleaned, ensure_ascii=False) if cleaned else None
        return self._try_write(lambda con: _put_setting(con, "class_list", text, now))

    def class_list(self) -> list[str]:
        """The class list the teacher gave, in order (empty: none, or the store is off).  A stored
        name that no longer passes :func:`clean_name` is left out (and logged)."""
        found = self._setting("class_list")
        if found is None:
            return []
        try:
            value = json.loads(found)
        except ValueError:
            log.warning("the stored class list is not JSON: ignored")
            return []
        names: list[str] = []
        for item in value if isinstance(value, list) else []:
            try:
                names.append(clean_name(item))
            except (InvalidNameError, TypeError):
                log.warning("a name of the stored class list was left out: %r", item)
        return names

    # ------------------------------------------------------------------ who is playing now
    def report_playing(
        self, name: str, code: str | None, moves: int, score: int, state: LiveState = LiveState.PLAYING
    ) -> bool:
        """Say that ``name`` is playing ``code`` and is at move ``moves`` (a short write; the
        row leaves who is playing now when the game is recorded).  ``state``: playing, their game
        blocked on the table, or joined (named, no move yet).  True when stored."""
        student = clean_name(name)
        code = _clean_code(code)
        moves, score = _count(moves, "moves"), _count(score, "score")
        state = LiveState(state)
        if state is LiveState.RECORDED:
            raise ValueError("a recorded game is said by record_game")
        if self._problem is not None:
            return False
        now = _utc_iso(None)

        def store(con: sqlite3.Connection) -> None:
            con.execute(
                "INSERT INTO live (name_key, name, code, moves, score, updated_at, state)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (name_key) DO UPDATE SET code = excluded.code,"  # the name as first typed
                " moves = excluded.moves, score = excluded.score, updated_at = excluded.updated_at,"
                " state = excluded.state",
                (name_key(student), student, code, moves, score, now, state.value),
            )

        return self._try_write(store)

    def stop_playing(self, name: str) -> bool:
        """``name`` is no longer playing (the student changed the name their results go under):
        their row goes from who is playing now.  True when done."""
        key = name_key(clean_name(name))
        if self._problem is not None:
            return False

        def forget(con: sqlite3.Connection) -> None:
            con.execute("DELETE FROM live WHERE name_key = ?", (key,))

        return self._try_write(forget)

    def playing(self, within: float = 120.0) -> list[Playing]:
        """Students who reported a move (or joined) in the last ``within`` seconds and whose game
        was not recorded since, by name."""
        since = _utc_iso(datetime.fromtimestamp(time.time() - within, timezone.utc))
        sql = (
            "SELECT name, code, moves, score, updated_at, state FROM live"
            " WHERE updated_at >= ? AND state != 'recorded' ORDER BY name_key"
        )

        def query(con: sqlite3.Connection) -> list[Playing]:
            names = _spellings(con)
            rows = con.execute(sql, (since,)).fetchall()
            return [
                Playing(_spelling(names, name), code, moves, score, updated_at, _live_state(state))
                for name, code, moves, score, updated_at, state in rows
            ]

        return self._read(query, [])

    def finished(self, within: float = 300.0) -> list[Finished]:
        """Each student's latest game recorded in the last ``within`` seconds, in the running lesson
        (before the first lesson: the games of none), by name; the one a student last finished,
        whether they play on or not (who is playing now says which came later)."""
        since = _utc_iso(datetime.fromtimestamp(time.time() - within, timezone.utc))
        sql = (
            "SELECT name, code, result, score, moves, played_at FROM games"
            " WHERE played_at >= ? AND lesson IS (SELECT max(id) FROM lessons) ORDER BY played_at, id"
        )

        def query(con: sqlite3.Connection) -> list[Finished]:
            names = _spellings(con)
            moved = dict(con.execute("SELECT name_key, updated_at FROM live WHERE state = 'recorded'").fetchall())
            latest: dict[str, Finished] = {}
            for name, code, result, score, moves, played_at in con.execute(sql, (since,)).fetchall():
                shown, key = _spelling(names, name), name_key(name)
                last = moved.get(key)
                last = last if isinstance(last, str) and last <= played_at else None
                latest[key] = Finished(shown, code, Outcome(result), score, moves, played_at, last)
            return [latest[key] for key in sorted(latest)]

        return self._read(query, [])

    # ------------------------------------------------------------------ the teacher's secret
    def secret_tries(self, place: str = "") -> tuple[int, float]:
        """The wrong teacher's secrets counted at ``place`` (one count for the whole server: every
        page of the teacher's notebook, a reload too) and until when (``time.time()`` seconds) no
        secret is taken there; ``(0, 0.0)`` when none was counted or the store is off."""
        sql = "SELECT wrong, locked_until FROM secret_tries WHERE place = ?"
        found = self._read(lambda con: con.execute(sql, (place,)).fetchone(), None)
        return (0, 0.0) if found is None else (int(found[0]), float(found[1]))

    def set_secret_tries(self, wrong: int, locked_until: float, place: str = "") -> bool:
        """Store the count of wrong secrets at ``place`` (0 clears it); True when stored."""
        wrong = _count(wrong, "wrong")
        if self._problem is not None:
            return False

        def store(con: sqlite3.Connection) -> None:
            if not wrong:
                con.execute("DELETE FROM secret_tries WHERE place = ?", (place,))
                return
            con.execute(
                "INSERT INTO secret_tries (place, wrong, locked_until) VALUES (?, ?, ?) ON CONFLICT (place)"
                " DO UPDATE SET wrong = excluded.wrong, locked_until = excluded.locked_until",
                (place, wrong, float(locked_until)),
            )

        return self._try_write(store)

    def signature(self) -> tuple[Any, ...]:
        """A cheap fingerprint of the stored data: it changes when a game, a setting, a lesson
        or a live move is written (the teacher's page redraws only then)."""
        sql = (
            "SELECT (SELECT count(*) FROM games), (SELECT max(id) FROM games),"
            " (SELECT group_concat(key || '=' || value || '@' || updated_at) FROM settings),"
            " (SELECT max(id) FROM lessons), (SELECT max(updated_at) FROM live), (SELECT count(*) FROM live)"
        )
        return self._read(lambda con: tuple(con.execute(sql).fetchone()), ())

    def _setting(self, key: str) -> str | None:
        """The stored value of setting ``key`` (``None``: never set, or the store is off)."""
        found = self._read(lambda con: con.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone(), None)
        return None if found is None else str(found[0])

    def _try_write(self, statements: Callable[[sqlite3.Connection], None]) -> bool:
        try:
            self._write(statements)
        except _Busy:
            return False
        except (sqlite3.Error, OSError) as exc:
            self._fail(_problem_of(exc), str(exc))
            return False
        return True


def _live_state(text: Any) -> LiveState:
    try:
        return LiveState(text)
    except ValueError:  # a state a later version wrote: shown as playing
        return LiveState.PLAYING


def _store_setting(con: sqlite3.Connection, key: str, value: str, now: str) -> None:
    con.execute(
        "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        (key, value, now),
    )


_LESSON_CHALLENGES = "lesson_challenges."
"""The settings key of a lesson's challenges (then the lesson's id): a JSON list of codes."""


def _codes(text: str | None) -> list[str]:
    """The codes of a stored JSON list (anything else in it is left out)."""
    try:
        value = json.loads(text) if text else []
    except ValueError:
        return []
    return [c for c in value if isinstance(c, str)] if isinstance(value, list) else []


def _add_lesson_challenge(con: sqlite3.Connection, code: str, now: str) -> None:
    """Add ``code`` to the challenges of the running lesson (none before the first lesson)."""
    found = con.execute("SELECT max(id) FROM lessons").fetchone()
    if found is None or found[0] is None:
        return
    key = f"{_LESSON_CHALLENGES}{int(found[0])}"
    stored = con.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    codes = _codes(stored[0] if stored else None)
    if code not in codes:
        _store_setting(con, key, json.dumps([*codes, code]), now)


def _parsed_code(text: str | None) -> str | None:
    """A stored code in canonical form (``None``: none, or not a code)."""
    try:
        return str(GameCode.parse(text)) if text else None
    except ValueError:
        return None


def _put_setting(con: sqlite3.Connection, key: str, value: str | None, now: str) -> None:
    """Store setting ``key`` (``None``: remove it)."""
    if value is None:
        con.execute("DELETE FROM settings WHERE key = ?", (key,))
    else:
        _store_setting(con, key, value, now)


# ------------------------------------------------------------------ the class's figures
# Pure functions over rows (the store reads them, these count them):
# Pure functions over :class:`~tripeaks.history.class_results.ClassRow` lists (the store reads
# the rows, these count them), so every rule is tested without a file:
#
# * one student is one :func:`~tripeaks.history.class_results.name_key`: " chloé " and
#   "Chloé" are the same student, shown as first typed;
# * a win always ranks above a loss; among wins the best score of a win, then the
#   fewest moves of a win; among losses the best score of a finished game (blocked or
#   timed out), a student with only abandoned games last; ties share a rank;
# * best and mean scores count finished games only: an abandoned game (one move, then
#   a new deal) never lifts or lowers them;
# * a game continued from a record is counted apart (``from_record``) and never as a
#   win or a score of the student's own.


@dataclass
class Tally:
    """One student's games counted (a work object of this module)."""

    name: str
    games: int = 0
    wins: int = 0
    blocked: int = 0
    timed_out: int = 0
    abandoned: int = 0
    from_record: int = 0
    hints: int = 0
    undos: int = 0
    seconds: float = 0.0
    win_scores: list[int] = field(default_factory=list)
    win_moves: list[int] = field(default_factory=list)
    finished_scores: list[int] = field(default_factory=list)
    codes: set[str] = field(default_factory=set)
    first: str = ""
    last: str = ""

    def add(self, row: ClassRow) -> None:
        self.games += 1
        self.hints += row.hints
        self.undos += row.undos
        self.seconds += row.duration
        if row.code is not None:
            self.codes.add(row.code)
        self.first = min(self.first, row.played_at) if self.first else row.played_at
        self.last = max(self.last, row.played_at)
        if row.from_record:
            self.from_record += 1
            return
        if row.result is Outcome.WON:
            self.wins += 1
            self.win_scores.append(row.score)
            self.win_moves.append(row.moves)
            self.finished_scores.append(row.score)
        elif row.result is Outcome.ABANDONED:
            self.abandoned += 1
        else:
            if row.result is Outcome.BLOCKED:
                self.blocked += 1
            else:
                self.timed_out += 1
            self.finished_scores.append(row.score)

    @property
    def won(self) -> bool:
        return self.wins > 0

    @property
    def best(self) -> int | None:
        """The best score of a win when there is one, else of a finished game, else ``None``."""
        scores = self.win_scores if self.win_scores else self.finished_scores
        return max(scores) if scores else None

    @property
    def fewest(self) -> int | None:
        return min(self.win_moves) if self.win_moves else None

    @property
    def mean(self) -> float | None:
        scores = self.finished_scores
        return sum(scores) / len(scores) if scores else None

    def figures(self) -> dict[str, Any]:
        """The figures a leaderboard row and a progress row share (:class:`LeaderRow`, :class:`StudentProgress`)."""
        return {
            "wins": self.wins,
            "blocked": self.blocked,
            "timed_out": self.timed_out,
            "abandoned": self.abandoned,
            "mean_score": self.mean,
            "hints": self.hints,
            "undos": self.undos,
            "seconds": round(self.seconds, 1),
            "from_record": self.from_record,
        }


def tally_by_student(rows: Iterable[ClassRow]) -> dict[str, Tally]:
    """Each student's :class:`Tally`, keyed by :func:`name_key`, named as first typed."""
    out: dict[str, Tally] = {}
    for row in sorted(rows, key=lambda r: r.played_at):
        key = name_key(row.name)
        if key not in out:
            out[key] = Tally(row.name)
        out[key].add(row)
    return out


def rank_key(won: bool, best: int | None, fewest: int | None) -> tuple[int, float, float]:
    """The order of the leaderboard (smaller first): a win, then the best score, then the fewest moves."""
    return (0 if won else 1, -best if best is not None else float("inf"), fewest if fewest is not None else 0)


def leaderboard(rows: Sequence[ClassRow], code: str) -> list[LeaderRow]:
    """The students who played ``code`` (the rows of other codes are ignored), best first;
    students with the same (won, best score, fewest moves) share a rank; then by name."""
    tallies = tally_by_student(r for r in rows if r.code == code)
    ordered = sorted(tallies.items(), key=lambda kv: (rank_key(kv[1].won, kv[1].best, kv[1].fewest), kv[0], kv[1].name))
    board: list[LeaderRow] = []
    for i, (_key, t) in enumerate(ordered):
        same = board and rank_key(board[-1].won, board[-1].best_score, board[-1].fewest_moves) == rank_key(
            t.won, t.best, t.fewest
        )
        rank = board[-1].rank if same else i + 1
        board.append(
            LeaderRow(
                rank=rank,
                name=t.name,
                games=t.games,
                won=t.won,
                best_score=t.best,
                fewest_moves=t.fewest,
                **t.figures(),
            )
        )
    return board


def progress(rows: Sequence[ClassRow]) -> list[StudentProgress]:
    """Each student's figures over every code, by name (case aside)."""
    tallies = tally_by_student(rows)
    out = []
    for key in sorted(tallies, key=lambda k: (k, tallies[k].name)):
        t = tallies[key]
        finished = t.finished_scores
        out.append(
            StudentProgress(
                name=t.name,
                games=t.games,
                best_score=max(finished) if finished else None,
                codes=len(t.codes),
                first_played=t.first,
                last_played=t.last,
                **t.figures(),
            )
        )
    return out


def _spellings(con: sqlite3.Connection) -> dict[str, str]:
    """Each student's name as first typed in the whole class database (every lesson), by
    :func:`name_key`: the spelling of their earliest game (by ``played_at``, then the order
    written), or of their row in who is playing now when they have no game yet."""
    found: dict[str, tuple[str, int, str]] = {}
    sql = "SELECT name, min(played_at), min(id) FROM games GROUP BY name"
    for name, played_at, row_id in con.execute(sql).fetchall():
        try:
            key = name_key(name)
        except (InvalidNameError, TypeError):
            continue
        if key not in found or (played_at, row_id) < found[key][:2]:
            found[key] = (str(played_at), int(row_id), name)
    names = {key: value[2] for key, value in found.items()}
    for key, name in con.execute("SELECT name_key, name FROM live").fetchall():
        names.setdefault(key, name)
    return names


def _key_or_name(name: str) -> str:
    """:func:`name_key` of a stored name (the name itself when another program stored a bad one)."""
    try:
        return name_key(name)
    except (InvalidNameError, TypeError):
        return name


def _spelling(names: Mapping[str, str], name: str) -> str:
    """``name`` as the student first typed it (``names``: :func:`_spellings`)."""
    return names.get(_key_or_name(name), name)


def _entries(rows: list[tuple[Any, ...]], names: Mapping[str, str] | None = None) -> list[ClassRow]:
    """Rows as entries, each checked again, each name as first typed (``names``: :func:`_spellings`);
    a row that another program damaged is skipped (and logged)."""
    out = []
    for row in rows:
        try:
            name, code, rules, result, score, moves, draws, undos, duration, record, played_at = row[:11]
            if names is not None:
                name = _spelling(names, name)
            out.append(
                ClassRow(
                    name, code, rules, result, score, moves, draws, undos, duration, record, played_at,
                    hints=row[11], from_record=bool(row[12]), lesson=row[13], row_id=row[14],
                )
            )  # fmt: skip
        except (InvalidEntryError, TypeError) as exc:
            log.warning("a stored game was skipped: %s", exc)
    return out
