"""The languages of the engine's messages (its sentences: :mod:`tripeaks.i18n` and
``tripeaks/locale/<lang>/LC_MESSAGES/engine.po``).

``refusal.*`` and ``status.blocked`` are the docs/rules.md §2 and §8 strings,
verbatim, as the app's status line shows them; ``refusal_sentence.*`` and
``explain.blocked`` are the same words as sentences, for running text.
"""

from __future__ import annotations

from .core import LANGUAGE_NAMES, LANGUAGES, lookup

__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "lookup"]
