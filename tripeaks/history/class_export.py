"""The class results as CSV for a grade book (standard library ``csv``).

Two tables: :func:`games_csv` (one row per game) and :func:`students_csv` (one
row per student per lesson).  The text is UTF-8 with a byte-order mark, so
spreadsheet programs read "Chloé" right, and every text cell that a
spreadsheet would run as a formula (one starting with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return) is written with a leading apostrophe:
``=1+1`` appears as the text ``'=1+1``, never as 2.  Quotes, commas and
semicolons in names are quoted by the ``csv`` module, so a name such as
``Robert'); DROP TABLE--`` comes back intact.

The separator and the decimal mark follow the language (:func:`csv_style`):
a spreadsheet program set up for Portuguese, French or Spanish opens a file
as columns only when they are separated by ``;``, and reads ``61,5`` as a
number; in English, ``,`` and ``61.5``.

The games file gives when each game ended twice: ``played_at_local``, the local time of the
computer that writes it (the teacher's, on a class server) as ``2026-05-09 11:00:00``, which
spreadsheet programs read as a date and time, its UTC offset in the header (``{zone}`` in a header
text, :func:`zone_text`); and ``played_at_utc``, the stored ISO 8601 UTC time, for programs.

>>> neutralise("=HYPERLINK(1)"), neutralise("Ana")
("'=HYPERLINK(1)", 'Ana')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any

from .class_results import ClassRow, Lesson, Outcome, tally_by_student

__all__ = [
    "neutralise",
    "needs_apostrophe",
    "zone_text",
    "games_csv",
    "students_csv",
    "csv_style",
    "CsvStyle",
    "CsvWords",
    "GAME_COLUMNS",
    "STUDENT_COLUMNS",
    "BOM",
]

BOM = "\ufeff"
"""Written first: spreadsheet programs then read the file as UTF-8."""


@dataclass(frozen=True)
class CsvStyle:
    """How a CSV file is written: the ``delimiter`` between cells and the ``decimal`` mark of numbers."""

    delimiter: str = ","
    decimal: str = "."


_POINT_DECIMAL = CsvStyle()
_COMMA_DECIMAL = CsvStyle(";", ",")
_STYLES = {"en": _POINT_DECIMAL, "pt": _COMMA_DECIMAL, "fr": _COMMA_DECIMAL, "es": _COMMA_DECIMAL}


@dataclass(frozen=True)
class CsvWords:
    """The words of a CSV file: ``columns`` the header of each column (by its name in
    :data:`GAME_COLUMNS` / :data:`STUDENT_COLUMNS`; a column left out keeps that name) and
    ``results`` the word of each :class:`~tripeaks.history.class_results.Outcome` (one left
    out: its value, ``won``).  The default is the machine names; the teacher's page gives
    its language's words."""

    columns: Mapping[str, str] = field(default_factory=dict)
    results: Mapping[Outcome, str] = field(default_factory=dict)

    def header(self, columns: Sequence[str]) -> list[str]:
        return [self.columns.get(c, c) for c in columns]

    def result(self, result: Outcome) -> str:
        return self.results.get(result, result.value)


_MACHINE_WORDS = CsvWords()


def csv_style(lang: str) -> CsvStyle:
    """The separator and decimal mark that spreadsheet programs set up for ``lang`` expect
    (``;`` and ``,`` in "pt", "fr" and "es"; ``,`` and ``.`` in "en" and any other).

    >>> csv_style("fr"), csv_style("en")
    (CsvStyle(delimiter=';', decimal=','), CsvStyle(delimiter=',', decimal='.'))
    """
    return _STYLES.get(lang, _POINT_DECIMAL)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

GAME_COLUMNS = (
    "lesson",
    "name",
    "code",
    "rules",
    "result",
    "score",
    "moves",
    "draws",
    "undos",
    "hints",
    "seconds",
    "from_record",
    "played_at_local",
    "played_at_utc",
    "record",
)
STUDENT_COLUMNS = (
    "lesson",
    "name",
    "games",
    "wins",
    "blocked",
    "timed_out",
    "abandoned",
    "best_score",
    "mean_score",
    "hints",
    "undos",
    "seconds",
    "from_record",
)


def needs_apostrophe(value: Any) -> bool:
    """True when ``value`` is text that a spreadsheet would run as a formula (:func:`neutralise` marks it)."""
    return isinstance(value, str) and value.startswith(_FORMULA_START)


def _local(iso: str, zone: tzinfo | None) -> datetime:
    return datetime.fromisoformat(iso).astimezone(zone)


def zone_text(rows: Sequence[ClassRow], zone: tzinfo | None = None) -> str:
    """The UTC offsets of the local times of ``rows`` (``zone``; default this computer's), in the
    order first met: ``UTC+01:00``, or ``UTC+00:00/UTC+01:00`` across a change of summer time."""
    found: list[str] = []
    for r in rows or ():
        offset = _local(r.played_at, zone).strftime("%z") or "+0000"
        text = f"UTC{offset[:3]}:{offset[3:5]}"
        if text not in found:
            found.append(text)
    if not found:
        offset = datetime.now().astimezone(zone).strftime("%z") or "+0000"
        found.append(f"UTC{offset[:3]}:{offset[3:5]}")
    return "/".join(found)


def neutralise(value: Any) -> Any:
    """``value`` as a spreadsheet shows it as text: text that would start a formula gets a leading ``'``."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _cell(value: Any, style: CsvStyle) -> Any:
    """A cell's value as written: a decimal number with the style's mark (a whole one as a whole
    number, ``476`` as the best score beside it, never ``476.0``), text neutralised."""
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return repr(value).replace(".", style.decimal)
    return neutralise(value)


def _write(header: Sequence[str], rows: Iterable[Sequence[Any]], style: CsvStyle) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=style.delimiter, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(v, style) for v in row])
    return BOM + buffer.getvalue()


def _lesson_name(lessons: Mapping[int, Lesson], lesson: int | None) -> str:
    if lesson is None:
        return ""
    found = lessons.get(lesson)
    return found.name if found is not None else str(lesson)


def games_csv(
    rows: Sequence[ClassRow],
    lessons: Sequence[Lesson] = (),
    style: CsvStyle = _POINT_DECIMAL,
    words: CsvWords = _MACHINE_WORDS,
    zone: tzinfo | None = None,
) -> str:
    """One line per game (oldest first): the text of a ``.csv`` file, cells separated and
    decimals written as ``style`` says (default ``,`` and ``.``; :func:`csv_style` gives a language's),
    headers and results in ``words`` (default: the machine names).  ``from_record`` is 1 for a game
    continued from a record, else 0 (the students file counts them).  ``played_at_local`` is the
    end in ``zone`` (default: this computer's local time), ``2026-05-09 11:00:00``; a header text
    holding ``{zone}`` says its UTC offset (:func:`zone_text`)."""
    by_id = {lesson.id: lesson for lesson in lessons}
    offsets = zone_text(rows, zone)
    return _write(
        [h.replace("{zone}", offsets) for h in words.header(GAME_COLUMNS)],
        (
            (
                _lesson_name(by_id, r.lesson),
                r.name,
                r.code or "",
                r.rules,
                words.result(r.result),
                r.score,
                r.moves,
                r.draws,
                r.undos,
                r.hints,
                r.duration,
                int(r.from_record),
                _local(r.played_at, zone).strftime("%Y-%m-%d %H:%M:%S"),
                r.played_at,
                r.record,  # the game record (JSON, docs/rules.md §6): the moves, to replay or check
            )
            for r in rows
        ),
        style,
    )


def students_csv(
    rows: Sequence[ClassRow],
    lessons: Sequence[Lesson] = (),
    style: CsvStyle = _POINT_DECIMAL,
    words: CsvWords = _MACHINE_WORDS,
) -> str:
    """One line per student per lesson (lessons in order, students by name): the text of a ``.csv``
    file, written as ``style`` and ``words`` say (see :func:`games_csv`); best and mean score are
    blank for a student without a finished game."""
    by_id = {lesson.id: lesson for lesson in lessons}
    groups: dict[int | None, list[ClassRow]] = {}
    for r in rows:
        groups.setdefault(r.lesson, []).append(r)
    lines = []
    for lesson in sorted(groups, key=lambda k: -1 if k is None else k):
        tallies = tally_by_student(groups[lesson])
        for key in sorted(tallies):
            t = tallies[key]
            mean = t.mean
            lines.append(
                (
                    _lesson_name(by_id, lesson),
                    t.name,
                    t.games,
                    t.wins,
                    t.blocked,
                    t.timed_out,
                    t.abandoned,
                    max(t.finished_scores) if t.finished_scores else "",
                    round(mean, 1) if mean is not None else "",
                    t.hints,
                    t.undos,
                    round(t.seconds, 1),
                    t.from_record,
                )
            )
    return _write(words.header(STUDENT_COLUMNS), lines, style)
