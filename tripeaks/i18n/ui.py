"""The app's labels and messages in English, Portuguese and French.

Like the engine's, every entry is a whole label or sentence with named
placeholders (never glued fragments), or a plural entry when it counts
something; the keys are the same in all languages.  Engine sentences
(refusals, end of game, move explanations) stay in the engine catalogue; the
app's are the ``app`` gettext catalogue (``tripeaks/locale/<lang>/LC_MESSAGES/app.po``,
with the texts of :mod:`tripeaks.i18n.keep` and :mod:`tripeaks.i18n.rulesets`).

>>> ui_text("header.score", "fr", score=498) == "Score\u00a0: 498"
True
"""

from __future__ import annotations

import re
from typing import Any

from ..engine._text import shorten
from ..engine.codes import InvalidCodeError, WrapRule
from ..engine.rules import Preset, RuleSet
from .catalogues import SOURCE_LANGUAGE, entries
from .core import LANGUAGE_NAMES, LANGUAGES, lookup

__all__ = [
    "ui_text",
    "rule_name",
    "preset_name",
    "code_error_message",
    "record_error_message",
    "LANGUAGES",
    "LANGUAGE_NAMES",
]


def ui_text(key: str, lang: str = "en", **values: Any) -> str:
    """The app label or sentence ``key`` in ``lang`` ("en", "pt", "fr"), placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language and ``KeyError`` for an unknown key.
    """
    return lookup("app", key, lang, values)


def rule_name(rule: WrapRule | RuleSet | str, lang: str = "en") -> str:
    """The rule's name in ``lang``: Easy / Fácil / Facile, Classic / Clássica / Classique.

    A :class:`~tripeaks.engine.rules.RuleSet` is named by its wrap option (for its
    preset's name see :func:`preset_name`).
    """
    r = rule.rule if isinstance(rule, RuleSet) else WrapRule.parse(rule)
    return ui_text("rule.easy" if r is WrapRule.EASY else "rule.classic", lang)


def preset_name(preset: Preset | RuleSet | str | None, lang: str = "en") -> str:
    """The menu name of a preset (docs/rules.md §8) in ``lang``, e.g. Traditional / Tradicional / Traditionnelle.

    ``preset`` is a :class:`~tripeaks.engine.rules.Preset`, its id (``"tri-peaks"``),
    or a :class:`~tripeaks.engine.rules.RuleSet` (named after its preset); a rule set
    that is no preset, or ``None``, is called Custom.  Raises ``ValueError``
    for an unknown preset id.
    """
    if isinstance(preset, RuleSet):
        preset = preset.preset
    elif isinstance(preset, str) and not isinstance(preset, Preset):
        found = Preset.lookup(preset)
        if found is None:
            raise ValueError(f"unknown preset {preset!r}: use one of {', '.join(p.value for p in Preset)}")
        preset = found
    return ui_text("preset.custom" if preset is None else f"preset.{preset.name.lower()}", lang)


def code_error_message(error: InvalidCodeError, lang: str = "en") -> str:
    """One sentence in ``lang`` saying what is wrong with a game code (docs/rules.md §5).

    Uses the error's ``reason`` and ``part`` (also the flag reasons of
    docs/rules.md §8: ``flags_empty``, ``flag``, ``flag_repeated``,
    ``timer``); an unknown reason gives a general sentence.  A part longer
    than :data:`tripeaks.engine._text.QUOTE_LIMIT` characters is quoted by its start.
    """
    reason = getattr(error, "reason", "value")
    part = getattr(error, "part", "")
    key = f"code.{reason}"
    if reason == "length" and not part:  # "TP1-E-": nothing to quote, the deal number is missing
        key = "code.deal_missing"
    if key not in entries("app", SOURCE_LANGUAGE):
        key = "code.value"
    count = part.count("-") + 1 if reason == "parts" else len(part)
    start = shorten(part)  # a long paste is quoted by its start (docs/rules.md §5)
    shown = part if start is None else ui_text("code.part_cut", lang, start=start)
    return ui_text(key, lang, part=shown, count=count)


_RECORD_PATTERNS = (
    # What the record reader says (in English, for developers) → the sentence a player reads.
    (re.compile(r"record is not UTF-8 text"), "record.utf8"),
    (re.compile(r"record is not valid JSON"), "record.json"),
    (re.compile(r"a record must be a JSON object"), "record.object"),
    (re.compile(r"unknown record format"), "record.format"),
    (re.compile(r"either a 'code' or a 'layout'"), "record.both"),
    (re.compile(r"bad code in record"), "record.code"),
    (re.compile(r"'layout' needs|bad rule set in record|bad layout in record"), "record.layout"),
    (re.compile(r"needs a 'code' or a 'layout'"), "record.needs"),
    (re.compile(r"'actions' must be a list"), "record.actions"),
    (re.compile(r"action (\d+) \((.*?)\) is not text"), "record.action_text"),
    (re.compile(r"action (\d+) \((.*?)\) is not allowed here"), "record.action_refused"),
    (re.compile(r"action (\d+) \((.*?)\) cannot be read"), "record.action_bad"),
)


def record_error_message(error: Exception, lang: str = "en") -> str:
    """What is wrong with a game record (docs/rules.md §6), in ``lang``: a clause that ends a sentence
    such as "This record cannot be replayed: …".

    The record reader's own message is for developers (English, with Python's details); the
    player reads its kind, in their language: not text, not JSON, not an object, an unknown
    format, a bad code (said as a pasted code's error), a refused move (said as on the board, with
    its number counted from 1)…  An error of an unknown kind gives a general clause, never English.
    """
    from ..engine.game import IllegalMoveError
    from . import refusal_message

    text = str(error)
    cause = error.__cause__ or error.__context__
    for pattern, key in _RECORD_PATTERNS:
        found = pattern.search(text)
        if found is None:
            continue
        if key == "record.code":
            reason = code_error_message(cause, lang) if isinstance(cause, InvalidCodeError) else ""
            return ui_text(key, lang, reason=reason).strip()
        if key.startswith("record.action_"):
            n, token = int(found.group(1)) + 1, shorten(found.group(2)) or found.group(2)
            reason = refusal_message(cause.refusal, lang) if isinstance(cause, IllegalMoveError) else ""
            return ui_text(key, lang, n=n, token=token, reason=reason).strip()
        return ui_text(key, lang)
    return ui_text("record.other", lang)
