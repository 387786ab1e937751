"""The class results as CSV for a grade book (standard library ``csv``).

Two tables: :func:`games_csv` (one row per game) and :func:`students_csv` (one
row per student per lesson).  The text is UTF-8 with a byte-order mark, so
spreadsheet programs read "Chloé" right, and every text cell that a
spreadsheet would run as a formula (one starting with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return) is written with a leading apostrophe:
``=1+1`` appears as the text ``'=1+1``, never as 2.  Quotes, commas and
semicolons in names are quoted by the ``csv`` module, so a name such as
``Robert'); DROP TABLE--`` comes back intact.

>>> neutralise("=HYPERLINK(1)"), neutralise("Ana")
("'=HYPERLINK(1)", 'Ana')
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .class_results import ClassRow, Lesson, tally_by_student

__all__ = ["neutralise", "games_csv", "students_csv", "GAME_COLUMNS", "STUDENT_COLUMNS", "BOM"]

BOM = "\ufeff"
"""Written first: spreadsheet programs then read the file as UTF-8."""
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


def neutralise(value: Any) -> Any:
    """``value`` as a spreadsheet shows it as text: text that would start a formula gets a leading ``'``."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _write(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([neutralise(v) for v in row])
    return BOM + buffer.getvalue()


def _lesson_name(lessons: Mapping[int, Lesson], lesson: int | None) -> str:
    if lesson is None:
        return ""
    found = lessons.get(lesson)
    return found.name if found is not None else str(lesson)


def games_csv(rows: Sequence[ClassRow], lessons: Sequence[Lesson] = ()) -> str:
    """One line per game (oldest first): the text of a ``.csv`` file."""
    by_id = {lesson.id: lesson for lesson in lessons}
    return _write(
        GAME_COLUMNS,
        (
            (
                _lesson_name(by_id, r.lesson),
                r.name,
                r.code or "",
                r.rules,
                r.result.value,
                r.score,
                r.moves,
                r.draws,
                r.undos,
                r.hints,
                r.duration,
                "yes" if r.from_record else "no",
                r.played_at,
                r.record,  # the game record (JSON, docs/rules.md §6): the moves, to replay or check
            )
            for r in rows
        ),
    )


def students_csv(rows: Sequence[ClassRow], lessons: Sequence[Lesson] = ()) -> str:
    """One line per student per lesson (lessons in order, students by name): the text of a ``.csv`` file."""
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
    return _write(STUDENT_COLUMNS, lines)
