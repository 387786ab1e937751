"""Messages in English, Portuguese and French: refusals, end of game, card
names and one-sentence move explanations (docs/rules.md §2 strings verbatim).

Every text is a whole sentence with named placeholders, looked up by key in
:data:`CATALOG`; nothing is glued from fragments.  ``lang`` is ``"en"``
(default), ``"pt"`` or ``"fr"``.
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, Rank
from ..game import DrawEvent, Event, PlayEvent, Refusal, Status, UndoEvent
from .catalog import CATALOG, LANGUAGE_NAMES, LANGUAGES, lookup

__all__ = [
    "CATALOG",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "DEFAULT_LANGUAGE",
    "text",
    "rank_name",
    "card_name",
    "refusal_message",
    "status_message",
    "explain",
]

DEFAULT_LANGUAGE = "en"

_RANK_LETTERS = {
    "en": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
    "pt": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
    "fr": ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R"),
}


def _lang(lang: str) -> str:
    if lang not in CATALOG:
        raise ValueError(f"unknown language {lang!r}: use one of {', '.join(LANGUAGES)}")
    return lang


def text(key: str, lang: str = DEFAULT_LANGUAGE, **values: Any) -> str:
    """The sentence ``key`` in ``lang``, with its named placeholders filled.

    Raises ``ValueError`` for an unknown language and ``KeyError`` for an
    unknown key.
    """
    return lookup(CATALOG, key, lang, values)


def rank_name(rank: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """Rank letter (rank 1–13) in ``lang``: J, Q, K are V, D, R in pt and fr."""
    return _RANK_LETTERS[_lang(lang)][Rank(rank) - 1]


def card_name(card: Card | str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Card shown with its suit symbol in ``lang``, e.g. ``"Q♥"`` (en) or ``"D♥"`` (pt, fr)."""
    c = Card.parse(card)
    return rank_name(c.rank, lang) + c.suit.symbol


def refusal_message(refusal: Refusal, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why an action was refused, as one sentence (docs/rules.md §2 wording where it has one)."""
    return text("refusal." + refusal.value, lang)


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
        parts.append(text(f"explain.peak_{peak}", lang, bonus=100))
    parts.append(text("explain.points", lang, points=_signed(e.points), score=e.score))
    return " ".join(parts)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def explain(event: Event, lang: str = DEFAULT_LANGUAGE) -> str:
    """Explain a move event in whole sentences, e.g.
    ``"Played 8♦ on 7♣: one rank higher. Revealed Q♥. Left peak cleared: +100 points. −1 point … score 598."``

    Handles :class:`PlayEvent`, :class:`DrawEvent` and :class:`UndoEvent`,
    and adds the won or blocked sentence when the move ended the game.
    Raises ``ValueError`` for an unknown language.
    """
    _lang(lang)
    if isinstance(event, PlayEvent):
        out = _play_sentence(event, lang)
    elif isinstance(event, DrawEvent):
        out = text(
            "explain.draw",
            lang,
            card=card_name(event.card, lang),
            top=card_name(event.previous_top, lang),
            left=event.stock_left,
            points=_signed(event.points),
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
