"""How the readers of codes see typed or pasted text (docs/rules.md §5, §8), and how messages quote it.

One rule for every text parser of game codes and rule-set flags
(:meth:`tripeaks.engine.codes.GameCode.parse`, :meth:`tripeaks.engine.rules.RuleSet.parse`
and, through them, records, the command line and the app's code box):

* every Unicode dash — the characters of general category *Pd*, such as the
  en dash ``–`` (U+2013), the em dash ``—`` (U+2014) or the non-breaking
  hyphen (U+2011) — and the minus sign ``−`` (U+2212) are read as the hyphen
  ``-``, which a word processor or a chat program often turns into one of them;
* spaces (any Unicode white space) around the text or around a dash are
  ignored, and a run of spaces between two parts separates them like a dash,
  so ``TP1 E ISD43YN`` reads as ``TP1-E-ISD43YN``.

Nothing else is forgiven: letters and digits that merely look like ``A–Z``
or ``2–7`` (a Cyrillic ``А``, a long ``ſ``, a full-width ``Ｅ``) are still
refused, with an error naming them.

>>> code_text(" tp1 – e —aaaaaad ")
'tp1-e-aaaaaad'
>>> code_text("TP1 E ISD43YN")
'TP1-E-ISD43YN'
>>> quote("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxx' (the first 24 of 100 characters)"
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

__all__ = ["code_text", "is_dash", "quote", "shorten", "QUOTE_LIMIT"]

QUOTE_LIMIT: Final = 24
"""At most this many characters of a bad input are quoted back in a message."""

_SEPARATORS = re.compile(r"\s*-\s*|\s+")


@lru_cache(maxsize=256)
def is_dash(char: str) -> bool:
    """True for the hyphen ``-``, every Unicode dash (category Pd) and the minus sign U+2212."""
    return char == "-" or char == "\u2212" or unicodedata.category(char) == "Pd"


def code_text(text: str) -> str:
    """``text`` as the code readers see it (see the module doc): dashes read as ``-``, spaces as separators.

    Letter case is kept (the readers ignore ASCII case themselves).
    """
    dashed = "".join("-" if not c.isascii() and is_dash(c) else c for c in text)
    return _SEPARATORS.sub("-", dashed.strip())


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str | None:
    """The first ``limit`` characters of ``text`` when it is longer, else ``None`` (quote it whole)."""
    return text[:limit] if len(text) > limit else None


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)`` for an error message, cut after ``limit`` characters with its length said.

    A pasted page of text is quoted by its start, not echoed whole.
    """
    start = shorten(text, limit)
    return repr(text) if start is None else f"{start!r} (the first {limit} of {len(text)} characters)"
