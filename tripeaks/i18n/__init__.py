"""Messages in English, Portuguese and French: refusals, end of game, card
names and one-sentence move explanations (docs/rules.md §2 strings verbatim).

Every text is a whole sentence with named placeholders, looked up by key in
:data:`CATALOG`; nothing is glued from fragments.  A sentence about a number
of things is a :class:`Plural` entry (CLDR plural categories, chosen with
Babel), and numbers are written for the language (:func:`format_number`).
``lang`` is ``"en"`` (default), ``"pt"`` (European Portuguese) or ``"fr"``;
any other raises :class:`UnknownLanguageError` (a ``ValueError``) — check
one with :func:`check_language`.  :mod:`tripeaks.i18n.core` describes the
catalogues; the app, lessons and solver keep theirs in
:mod:`tripeaks.i18n.ui`, :mod:`tripeaks.i18n.lessons` and
:mod:`tripeaks.i18n.solver`.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank
from ..game import PEAK_BONUS, DrawEvent, Event, PlayEvent, Refusal, Status, UndoEvent
from .catalog import CATALOG
from .core import (
    LANGUAGE_NAMES,
    LANGUAGES,
    Plural,
    Signed,
    UnknownLanguageError,
    check_language,
    format_number,
    format_percentage,
    lookup,
    plural_category,
    signed_number,
)

__all__ = [
    "CATALOG",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "DEFAULT_LANGUAGE",
    "UnknownLanguageError",
    "check_language",
    "Plural",
    "Signed",
    "plural_category",
    "format_number",
    "format_percentage",
    "signed_number",
    "text",
    "rank_name",
    "card_name",
    "refusal_message",
    "refusal_sentence",
    "status_message",
    "explain",
]

DEFAULT_LANGUAGE = "en"

_RANK_LETTERS = {
    "en": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "pt": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
    "fr": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
}


def text(key: str, lang: str = DEFAULT_LANGUAGE, **values: Any) -> str:
    """The sentence ``key`` in ``lang``, with its named placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`UnknownLanguageError` for an unknown language and
    ``KeyError`` for an unknown key.
    """
    return lookup(CATALOG, key, lang, values)


def rank_name(rank: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """Rank letter (rank 1–13) in ``lang``: J, Q, K are V, D, R in pt and fr."""
    return _RANK_LETTERS[check_language(lang)][Rank(rank) - 1]


def card_name(card: Card | str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Card shown with its suit symbol in ``lang``, e.g. ``"Q♥"`` (en) or ``"D♥"`` (pt, fr)."""
    c = Card.parse(card)
    return rank_name(c.rank, lang) + c.suit.symbol


def refusal_message(refusal: Refusal, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why an action was refused, as the status line shows it (docs/rules.md §2 wording
    verbatim where it has one, e.g. ``"This card is blocked"``)."""
    return text("refusal." + refusal.value, lang)


def refusal_sentence(refusal: Refusal, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why an action was refused, as a sentence for running text (``"This card is blocked."``)."""
    return text("refusal_sentence." + refusal.value, lang)


def status_message(status: Status, lang: str = DEFAULT_LANGUAGE, score: int | None = None) -> str:
    """The end-of-game sentence: won (with the final ``score`` if given) or blocked.

    Returns ``""`` while playing.
    """
    if status is Status.BLOCKED:
        return text("status.blocked", lang)
    if status is Status.WON:
        if score is None:
            return text("status.won", lang)
        return text("status.won_score", lang, score=score)
    return ""


def _play_sentence(e: PlayEvent, lang: str) -> str:
    if e.wrap:
        key = "explain.play_ace_on_king" if e.direction > 0 else "explain.play_king_on_ace"
    else:
        key = "explain.play_higher" if e.direction > 0 else "explain.play_lower"
    parts = [text(key, lang, card=card_name(e.card, lang), top=card_name(e.previous_top, lang))]
    if len(e.revealed_cards) == 1:
        parts.append(text("explain.revealed_one", lang, card=card_name(e.revealed_cards[0], lang)))
    elif len(e.revealed_cards) == 2:
        parts.append(
            text(
                "explain.revealed_two",
                lang,
                first=card_name(e.revealed_cards[0], lang),
                second=card_name(e.revealed_cards[1], lang),
            )
        )
    for peak in e.peaks_cleared:
        parts.append(text(f"explain.peak_{peak}", lang, bonus=Signed(PEAK_BONUS)))
    parts.append(text("explain.points", lang, points=Signed(e.points), score=e.score))
    return " ".join(parts)


def explain(event: Event, lang: str = DEFAULT_LANGUAGE) -> str:
    """Explain a move event in whole sentences, e.g.
    ``"Played 8♦ on 7♣: one rank higher. Revealed Q♥. Left peak cleared: +100 points. −1 point … score 598."``

    Handles :class:`PlayEvent`, :class:`DrawEvent` and :class:`UndoEvent`,
    and adds the won or blocked sentence when the move ended the game.
    Raises :class:`UnknownLanguageError` for an unknown language.
    """
    check_language(lang)
    if isinstance(event, PlayEvent):
        out = _play_sentence(event, lang)
    elif isinstance(event, DrawEvent):
        out = text(
            "explain.draw",
            lang,
            card=card_name(event.card, lang),
            top=card_name(event.previous_top, lang),
            left=event.stock_left,
            points=Signed(event.points),
            score=event.score,
        )
    elif isinstance(event, UndoEvent):
        if isinstance(event.undone, PlayEvent):
            out = text(
                "explain.undo_play",
                lang,
                card=card_name(event.undone.card, lang),
                top=card_name(event.undone.previous_top, lang),
                score=event.score,
            )
            hidden = [card_name(c, lang) for c in event.undone.revealed_cards]
            if len(hidden) == 1:
                out += " " + text("explain.undo_hidden_one", lang, card=hidden[0])
            elif len(hidden) == 2:
                out += " " + text("explain.undo_hidden_two", lang, first=hidden[0], second=hidden[1])
        else:
            out = text(
                "explain.undo_draw",
                lang,
                card=card_name(event.undone.card, lang),
                top=card_name(event.undone.previous_top, lang),
                score=event.score,
            )
        out += " " + text("explain.undo_moves", lang, moves=event.moves)
    else:
        raise TypeError(f"not a move event: {event!r}")
    if isinstance(event, UndoEvent):
        return out
    if event.status is Status.BLOCKED:
        out += " " + text("explain.blocked", lang)  # the docs/rules.md §2 message, as a sentence
    elif event.status is Status.WON:
        out += " " + status_message(event.status, lang, event.score)
    return out
