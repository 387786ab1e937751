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

from collections.abc import Sequence
from typing import Any

from babel.lists import format_list

from ..engine.cards import Card, Joker
from ..solver import Hint, HintKind
from ..solver.explain import HintWhy, PlayFacts, Twin, TwinReason
from ..solver.study import Stage
from . import card_name, format_number
from .core import BABEL_LOCALES, Signed, lookup, with_article
from .ui import rule_name

__all__ = [
    "solver_text",
    "hint_message",
    "hint_reasons",
    "play_reason",
    "card_list",
    "deal_range_message",
    "stage_label",
    "stage_message",
]


def solver_text(key: str, lang: str = "en", **values: Any) -> str:
    """The solver or command-line sentence ``key`` in ``lang`` with its placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language, ``KeyError`` for an unknown key.
    """
    return lookup("solver", key, lang, values)


def card_list(cards: Sequence[Card], lang: str = "en", *, either: bool = False) -> str:
    """``cards`` named as the game shows them in ``lang`` and joined for a sentence: ``"6♣ and 8♦"``,
    ``"le 6♣ et le 8♦"``; with ``either``, ``"6♣ or 8♦"``.  Each name takes its article in French,
    Portuguese and Spanish (``le``, ``o``, ``el``), so the list stands where a plain object does."""
    names = [card_name(c, lang) for c in cards]
    spec = _LIST_ARTICLE.get(lang)
    if spec is not None:
        names = [with_article(n, spec, lang) for n in names]
    return str(format_list(names, style="or" if either else "standard", locale=BABEL_LOCALES[lang]))


_LIST_ARTICLE = {"fr": "le", "pt": "o", "es": "el"}

# (what the play uncovers, whether a card can follow it) → the sentence saying so
_PLAY_KEYS = {
    ("reveal", True): "hint.why_reveal_next",
    ("reveal", False): "hint.why_reveal_stop",
    ("free", True): "hint.why_free_next",
    ("free", False): "hint.why_free_stop",
    ("peak0", True): "hint.why_peak_left_next",
    ("peak0", False): "hint.why_peak_left_stop",
    ("peak1", True): "hint.why_peak_middle_next",
    ("peak1", False): "hint.why_peak_middle_stop",
    ("peak2", True): "hint.why_peak_right_next",
    ("peak2", False): "hint.why_peak_right_stop",
    ("none", True): "hint.why_none_next",
    ("none", False): "hint.why_none_stop",
}
_TWIN_KEYS = {
    TwinReason.LOSES: "hint.twin_loses",
    TwinReason.PEAK: "hint.twin_peak",
    TwinReason.WAITS: "hint.twin_waits",
    TwinReason.MORE: "hint.twin_more",
    TwinReason.ALSO: "hint.twin_also",
}
_TWIN_ORDER = tuple(_TWIN_KEYS)


def play_reason(facts: PlayFacts, lang: str = "en", *, seen_only: bool = False) -> str:
    """One sentence in ``lang`` on what a play does (:class:`~tripeaks.solver.explain.PlayFacts`):
    the cards it turns over or frees, or the peak it clears and its bonus, then the cards
    that can follow it (or that none can: a draw comes next); the last card says it wins.

    With ``seen_only`` (a hint, asked before the play) no face-down card is named: the
    sentence counts the cards the play turns over and names as followers only cards the
    player sees now, without claiming a draw (a card turned over may fit)."""
    if facts.won:
        return solver_text("hint.why_won", lang, bonus=Signed(facts.bonus))
    if seen_only and facts.revealed:
        seen = [c for c in facts.follow if c not in facts.revealed]
        key = "hint.why_hidden_next" if seen else "hint.why_hidden_stop"
        return solver_text(key, lang, count=len(facts.revealed), next=card_list(seen, lang, either=True))
    if facts.revealed:
        kind, cards = "reveal", facts.revealed
    elif facts.freed:
        kind, cards = "free", facts.freed
    elif facts.peak is not None:
        kind, cards = f"peak{facts.peak}", ()
    else:
        kind, cards = "none", ()
    key = _PLAY_KEYS[(kind, bool(facts.follow))]
    return solver_text(
        key,
        lang,
        cards=card_list(cards, lang),
        next=card_list(facts.follow, lang, either=True),
        bonus=Signed(facts.bonus),
    )


def _twin_sentence(twins: Sequence[Twin], lang: str) -> str | None:
    if not twins:
        return None
    twin = min(twins, key=lambda t: _TWIN_ORDER.index(t.reason))  # the strongest reason first
    return solver_text(_TWIN_KEYS[twin.reason], lang, other=card_name(twin.card, lang))


def hint_reasons(h: Hint, lang: str = "en") -> list[str]:
    """The sentences after the hint's first one, saying why (module doc): for a play, what it
    uncovers or clears and what can follow it, then, when another card of its rank fits, why
    not that one.  Empty for a draw (its one sentence says why) and for the other kinds."""
    why = h.why
    if h.kind is not HintKind.PLAY or why is None or why.play is None:
        return []
    sentences = [play_reason(why.play, lang, seen_only=True)]  # asked before the play: hidden cards stay hidden
    twin = _twin_sentence(why.twins, lang)
    if twin is not None:
        sentences.append(twin)
    return sentences


def _draw_sentence(h: Hint, why: HintWhy, lang: str) -> str:
    if not why.fitting:
        if isinstance(h.top, Card):
            return solver_text("hint.draw_none", lang, top=card_name(h.top, lang))
        return solver_text("hint.draw", lang)
    if not isinstance(h.top, Card):  # a joker or an empty waste takes any card (docs/rules.md §8)
        return solver_text("hint.draw_lose_any", lang)
    key = "hint.draw_lose_one" if len(why.fitting) == 1 else "hint.draw_lose_many"
    return solver_text(key, lang, cards=card_list(why.fitting, lang), top=card_name(h.top, lang))


def hint_message(h: Hint, lang: str = "en") -> str:
    """The hint ``h`` (from :func:`tripeaks.solver.hint`) in ``lang``: what to do, and why.

    A play: "Play 7♥ on 8♠: the game stays winnable." then what it turns over
    or clears and which cards can follow it, and, when another card of the same
    rank fits, why this one (:func:`hint_reasons`).  A draw says why in its one
    sentence: no card fits, or each card that fits would lose the game.  Raises
    :class:`~tripeaks.i18n.core.UnknownLanguageError` for an unknown language.
    """
    if h.kind is HintKind.PLAY:
        assert h.card is not None
        card = card_name(h.card, lang)
        if h.top is None:  # the first play onto an empty waste (docs/rules.md §8)
            first = solver_text("hint.play_empty", lang, card=card)
        elif isinstance(h.top, Joker):
            first = solver_text("hint.play_joker", lang, card=card)
        else:
            first = solver_text("hint.play", lang, card=card, top=card_name(h.top, lang))
        return " ".join([first, *hint_reasons(h, lang)])
    if h.kind is HintKind.DRAW and h.why is not None:
        return _draw_sentence(h, h.why, lang)
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
