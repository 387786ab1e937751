"""Texts of the guided lessons (:mod:`tripeaks.course.lessons`) in English, Portuguese, French and Spanish.

Whole sentences with named placeholders; card placeholders (``{king}``,
``{waste}`` …) are filled with :func:`tripeaks.i18n.card_name` in the
language shown, so J, Q, K read V, D, R in Portuguese and French.  Keys:
``ui.*`` for the lesson view's labels, ``lesson.generic.*`` for feedback
shared by all lessons, ``lesson.<id>.title|intro|complete`` and
``lesson.<id>.<task>.goal|done|miss|avoid`` for each lesson, ``lesson.guide.*``
for the Show me guide and ``lesson.compare.*`` for the solver's comparisons.
The sentences are the ``lessons`` gettext catalogue
(``tripeaks/locale/<lang>/LC_MESSAGES/lessons.po``, with the quiz's); the
catalogue tests check that every language has the same keys and placeholders.
"""

from __future__ import annotations

from typing import Any

from .core import lookup

__all__ = ["lesson_text"]


def lesson_text(key: str, lang: str = "en", **values: Any) -> str:
    """The lesson sentence ``key`` in ``lang`` (``"en"``, ``"pt"`` or ``"fr"``) with its placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language and ``KeyError`` for an unknown
    key or a missing placeholder value.
    """
    return lookup("lessons", key, lang, values)
