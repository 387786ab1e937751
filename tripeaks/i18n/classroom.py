"""Class results sentences (the teacher's notebook, the app's name line and challenge, the store's problems) in en, pt, fr, es.

Whole sentences and labels with named placeholders, like
:mod:`tripeaks.i18n.engine`; the store itself (:mod:`tripeaks.history.class_results`)
returns data only.  Counts are given as labelled figures ("Students: 3"),
so no sentence needs a plural form.

>>> classroom_text("challenge.banner", "fr", code="TP1-E-AAAAAAD") == "Défi de la classe\u00a0: TP1-E-AAAAAAD"
True
>>> classroom_text("summary.games", "pt", count=12, players=3)
'Partidas registadas: 12. Alunos: 3.'
"""

from __future__ import annotations

from typing import Any

from ..history.class_results import NAME_MAX, NameProblem, Problem, Unavailable
from .core import lookup

__all__ = [
    "classroom_text",
    "problem_message",
    "name_problem_message",
]


def classroom_text(key: str, lang: str = "en", **values: Any) -> str:
    """The class results sentence ``key`` in ``lang`` ("en", "pt", "fr"), placeholders filled.

    Raises ``ValueError`` for an unknown language and ``KeyError`` for an unknown key.
    """
    return lookup("classroom", key, lang, values)


def problem_message(problem: Unavailable | Problem, lang: str = "en") -> str:
    """The one sentence that says results are not being recorded, and why (``lang``)."""
    reason = problem.reason if isinstance(problem, Unavailable) else Problem(problem)
    return classroom_text(f"problem.{reason.value}", lang)


def name_problem_message(reason: NameProblem, lang: str = "en") -> str:
    """Why a typed display name was refused, in ``lang`` (see :func:`tripeaks.history.class_results.clean_name`)."""
    return classroom_text(f"name.{NameProblem(reason).value}", lang, limit=NAME_MAX)
