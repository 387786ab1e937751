"""Solver and command-line sentences (hints, ``python -m tripeaks``) in en, pt, fr.

Whole sentences with named placeholders or plural entries (the ``solver``
gettext catalogue), like the engine's; card placeholders take names
from :func:`tripeaks.i18n.card_name`.  The solver itself
(:mod:`tripeaks.solver`) returns data only; its sentences are made here
(:func:`hint_message`, and for the study's stages :func:`stage_label` and
:func:`stage_message`).  The app's Winnable? indicator says its sentences
with :func:`tripeaks.i18n.ui.ui_text` (``hints.winnable_*``).
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import Joker
from ..solver import Hint, HintKind
from ..solver.study import Stage
from . import card_name, format_number
from .core import lookup
from .ui import rule_name

__all__ = ["solver_text", "hint_message", "deal_range_message", "stage_label", "stage_message"]


def solver_text(key: str, lang: str = "en", **values: Any) -> str:
    """The solver or command-line sentence ``key`` in ``lang`` with its placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language, ``KeyError`` for an unknown key.
    """
    return lookup("solver", key, lang, values)


def hint_message(h: Hint, lang: str = "en") -> str:
    """The hint ``h`` (from :func:`tripeaks.solver.hint`) as one sentence in ``lang`` ("en", "pt", "fr").

    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language.
    """
    if h.kind is HintKind.PLAY:
        assert h.card is not None
        card = card_name(h.card, lang)
        if h.top is None:  # the first play onto an empty waste (docs/rules.md §8)
            return solver_text("hint.play_empty", lang, card=card)
        if isinstance(h.top, Joker):
            return solver_text("hint.play_joker", lang, card=card)
        return solver_text("hint.play", lang, card=card, top=card_name(h.top, lang))
    return solver_text("hint." + h.kind.value, lang)


_DEAL_RANGE_KEYS = {
    "syntax": "deals.syntax",
    "order": "deals.order",
    "space": "deals.space",
    "overlap": "deals.overlap",
}


def deal_range_message(error: ValueError, lang: str = "en") -> str:
    """One sentence in ``lang`` saying what is wrong with a list of deal ranges.

    ``error``: a :class:`tripeaks.solver.study.DealRangeError` (its ``reason``,
    ``part``, ``other`` and ``last`` are used).  Raises
    :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language.
    """
    key = _DEAL_RANGE_KEYS.get(getattr(error, "reason", ""), "deals.syntax")
    return solver_text(
        key,
        lang,
        part=getattr(error, "part", ""),
        other=getattr(error, "other", ""),
        last=getattr(error, "last", 0),
    )


_STAGE_KEYS = {
    # task → (label for Easy or Classic, label for another rule set, sentence for Easy or Classic, for another)
    "decide": ("progress.decide", "progress.rules_decide", "study.decided", "study.rules_decided"),
    "bot": ("progress.bot", "progress.rules_bot", "study.bot", "study.rules_bot"),
    "best": ("progress.best", "progress.runs_best", "study.best", "study.runs_best"),
}


def _stage(stage: Stage, lang: str, column: int, **values: Any) -> str:
    keys = _STAGE_KEYS[stage.task]
    rules = stage.rules
    if rules.is_default:
        return solver_text(keys[column], lang, rule=rule_name(rules, lang), **values)
    return solver_text(keys[column + 1], lang, rules=str(rules), **values)


def stage_label(stage: Stage, lang: str = "en") -> str:
    """The progress bar's label of a stage of the study (:class:`tripeaks.solver.study.Stage`) in ``lang``.

    Easy and Classic are named (``"Rule Easy: solving"``), another rule set
    by its text (``"Rule set E-S: the bot plays"``); the best scores of
    another rule set are its runs scores (docs/rules.md §8: the study's only
    such stage is Traditional's).  Raises
    :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language
    and ``KeyError`` for an unknown ``stage.task``.
    """
    return _stage(stage, lang, 0)


def stage_message(stage: Stage, lang: str = "en") -> str:
    """The log sentence of a finished stage of the study in ``lang``: what ran, on how many deals, in how long.

    ``stage.deals``: the deals done; ``stage.seconds``: wall-clock seconds,
    written with one decimal for ``lang``.  Named as :func:`stage_label`.
    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown
    language, ``KeyError`` for an unknown ``stage.task`` and ``ValueError``
    for a stage not finished (``seconds`` is ``None``).
    """
    if stage.seconds is None:
        raise ValueError(f"the stage has not finished: {stage!r}")
    seconds = format_number(stage.seconds, lang, digits=1)
    return _stage(stage, lang, 2, deals=stage.deals, seconds=seconds)
