"""Texts of the quiz (:mod:`tripeaks.course.quiz`) in English, Portuguese and French.

Keys: ``quiz.ui.*`` for the quiz view, ``quiz.choice.*`` for answers that are
numbers, and ``quiz.<question id>.question|why`` plus that question's own
choices.  Whole sentences (or labels) with named placeholders; numbers are
written for the language.  They are in the ``lessons`` catalogue, with the lessons' texts.
"""

from __future__ import annotations

from typing import Any

from .core import lookup

__all__ = ["quiz_text"]


def quiz_text(key: str, lang: str = "en", **values: Any) -> str:
    """The quiz sentence ``key`` in ``lang`` (``"en"``, ``"pt"`` or ``"fr"``) with its placeholders filled.

    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a ``ValueError``)
    for an unknown language and ``KeyError`` for an unknown key or a missing
    placeholder value.
    """
    return lookup("lessons", key, lang, values)
