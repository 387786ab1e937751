"""Sentences of what the app keeps: resume, statistics, deal of the day, matches, replay and sharing.

Whole sentences and labels with named placeholders in en, pt and fr, like
:mod:`tripeaks.i18n.ui` (the ``app`` catalogue); counts that decide a word are plural entries.

>>> keep_text("keep.resumed", "en", code="TP1-E-AAAAAAD", moves=23)
'Resumed TP1-E-AAAAAAD at move 23.'
>>> keep_text("stats.reset_ask", "fr", count=1) == "Effacer 1 partie de l'historique\u00a0? Cela ne peut pas être annulé."
True
"""

from __future__ import annotations

from typing import Any

from .core import lookup

__all__ = ["keep_text"]


def keep_text(key: str, lang: str = "en", **values: Any) -> str:
    """The entry ``key`` in ``lang`` filled with ``values`` (numbers written for the language).

    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown
    language and ``KeyError`` for an unknown key.
    """
    return lookup("app", key, lang, values)
