"""The app's texts for rule sets (docs/rules.md §8) in English, Portuguese and French.

The preset menu and its one-line descriptions, the Custom options, the run
and timer indicators, the stock's jokers, the empty waste's prompt, the
score plot's run bars, and the end-of-game summary with its score
breakdown.  Like every catalogue (:mod:`tripeaks.i18n.core`; these are in the
``app`` one): whole sentences or labels with named placeholders, a plural
entry when a sentence counts something, the same keys in every language.

>>> rules_text("run.status", "en", run=3, next=Signed(4))
'Run: 3 (next +4)'
>>> rules_text("ruleset.about.traditional", "fr") == "Traditionnelle\u00a0: on ne pioche que si l'on est bloqué, et les longues séries rapportent plus."
True
"""

from __future__ import annotations

from typing import Any

from .core import Signed, lookup

__all__ = ["rules_text", "Signed"]


def rules_text(key: str, lang: str = "en", **values: Any) -> str:
    """The rule-set label or sentence ``key`` in ``lang`` ("en", "pt", "fr"), placeholders filled.

    Numbers are written for ``lang`` (a :class:`~tripeaks.i18n.core.Signed`
    amount with its sign, ``+4`` / ``−5``); a plural entry picks its form by
    its count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language and ``KeyError`` for an unknown key.
    """
    return lookup("app", key, lang, values)
