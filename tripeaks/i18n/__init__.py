"""Messages in English, Portuguese and French: refusals, end of game, card
names and one-sentence move explanations (docs/rules.md §2 and §8 strings
verbatim), under every rule set of docs/rules.md §8.

Every text is a whole sentence with named placeholders, looked up by key in
the ``engine`` gettext catalogue (``tripeaks/locale/<lang>/LC_MESSAGES/engine.po``,
:mod:`tripeaks.i18n.catalogues`); nothing is glued from fragments.  A sentence
about a number of things is a plural entry (CLDR plural categories, chosen
with Babel), and numbers are written for the language (:func:`format_number`).
``lang`` is ``"en"`` (default), ``"pt"`` (European Portuguese), ``"fr"`` or
another language of ``tripeaks/locale/LINGUAS``; any other raises :class:`UnknownLanguageError` (a ``ValueError``) — check
one with :func:`check_language`.  :mod:`tripeaks.i18n.core` describes the
catalogues; the app, lessons and solver read theirs with
:mod:`tripeaks.i18n.ui`, :mod:`tripeaks.i18n.lessons` and
:mod:`tripeaks.i18n.solver`.
"""

from __future__ import annotations

from typing import Any

from ..engine.cards import Card, Joker, Rank
from ..engine.game import DrawEvent, Event, PlayEvent, Refusal, RefusalDetail, Status, TimeUpEvent, UndoEvent
from ..engine.rules import UNDO_PENALTY
from .core import (
    LANGUAGE_NAMES,
    LANGUAGES,
    Signed,
    UnknownLanguageError,
    browser_language,
    check_language,
    format_number,
    format_percentage,
    lookup,
    plural_category,
    signed_number,
)

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "DEFAULT_LANGUAGE",
    "UnknownLanguageError",
    "check_language",
    "browser_language",
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
    "refusal_detail_sentence",
    "waste_fit_sentence",
    "status_message",
    "explain",
]

DEFAULT_LANGUAGE = "en"


def text(key: str, lang: str = DEFAULT_LANGUAGE, **values: Any) -> str:
    """The sentence ``key`` in ``lang``, with its named placeholders filled.

    Numbers are written for ``lang``; a plural entry picks its form by its
    count.  Raises :class:`UnknownLanguageError` for an unknown language and
    ``KeyError`` for an unknown key.
    """
    return lookup("engine", key, lang, values)


def rank_name(rank: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """Rank letter (rank 1–13) in ``lang``: J, Q, K are V, D, R in pt and fr (the engine's ``rank.<n>`` texts).

    Raises :class:`UnknownLanguageError`, and ``ValueError`` for a rank outside 1–13.
    """
    return text(f"rank.{int(Rank(rank))}", lang)


def card_name(card: Card | Joker | str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Card shown with its suit symbol in ``lang``, e.g. ``"Q♥"`` (en) or ``"D♥"`` (pt, fr).

    The joker (docs/rules.md §8) is named in words: Joker, Jóquer, Joker.
    """
    check_language(lang)
    if isinstance(card, Joker):
        return text("card.joker", lang)
    c = Card.parse(card)
    return rank_name(c.rank, lang) + c.suit.symbol


def refusal_message(refusal: Refusal, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why an action was refused, as the status line shows it (docs/rules.md §2 wording
    verbatim where it has one, e.g. ``"This card is blocked"``)."""
    return text("refusal." + refusal.value, lang)


def refusal_sentence(refusal: Refusal, lang: str = DEFAULT_LANGUAGE) -> str:
    """Why an action was refused, as a sentence for running text (``"This card is blocked."``)."""
    return text("refusal_sentence." + refusal.value, lang)


def refusal_detail_sentence(detail: RefusalDetail, lang: str = DEFAULT_LANGUAGE) -> str:
    """The closer reason for a refused card (from :meth:`Game.refusal_detail`) as a sentence, e.g.
    ``"Under Classic, K and A do not follow each other."`` (docs/rules.md §2)."""
    return text("refusal_detail." + detail.value, lang)


def waste_fit_sentence(top: Card, ranks: tuple[int, ...], lang: str = DEFAULT_LANGUAGE) -> str:
    """Which ranks fit on the waste card ``top`` (one or two ranks, 1–13, lowest first), as the
    sentence after a card refused for its rank: ``"The waste card is 5♣: a card ranked 4 or 6
    fits."`` (docs/rules.md §2).  Raises ``ValueError`` for another number of ranks."""
    if len(ranks) == 2:
        low, high = (rank_name(r, lang) for r in ranks)
        return text("refusal_fit.two", lang, top=card_name(top, lang), low=low, high=high)
    if len(ranks) == 1:
        return text("refusal_fit.one", lang, top=card_name(top, lang), rank=rank_name(ranks[0], lang))
    raise ValueError(f"one or two ranks fit on a card, got {ranks!r}")


def status_message(status: Status, lang: str = DEFAULT_LANGUAGE, score: int | None = None) -> str:
    """The end-of-game sentence: won (with the final ``score`` if given), blocked or time up.

    Returns ``""`` while playing.
    """
    if status is Status.BLOCKED:
        return text("status.blocked", lang)
    if status is Status.TIME_UP:
        return text("status.time_up", lang)
    if status is Status.WON:
        if score is None:
            return text("status.won", lang)
        return text("status.won_score", lang, score=score)
    return ""


def _play_sentence(e: PlayEvent, lang: str) -> str:
    top = e.previous_top
    if top is None:
        parts = [text("explain.play_on_empty", lang, card=card_name(e.card, lang))]
    elif isinstance(top, Joker):
        parts = [text("explain.play_on_joker", lang, card=card_name(e.card, lang))]
    else:
        if e.wrap:
            key = "explain.play_ace_on_king" if e.direction > 0 else "explain.play_king_on_ace"
        else:
            key = "explain.play_higher" if e.direction > 0 else "explain.play_lower"
        parts = [text(key, lang, card=card_name(e.card, lang), top=card_name(top, lang))]
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
    if e.parts.run:
        parts.append(text("explain.run", lang, count=e.run, points=Signed(e.parts.run)))
    for peak in e.peaks_cleared:
        parts.append(text(f"explain.peak_{peak}", lang, bonus=Signed(e.parts.peaks)))
    if e.parts.clear:
        parts.append(text("explain.clear_bonus", lang, points=Signed(e.parts.clear)))
    if e.parts.floor:
        parts.append(text("explain.floor", lang))
    if e.parts.move and (e.parts.run or e.parts.peaks or e.parts.clear):  # a bonus and the move's cost: the sum
        parts.append(
            text("explain.points_in_all", lang, move=Signed(e.parts.move), points=Signed(e.points), score=e.score)
        )
    else:
        parts.append(text("explain.points", lang, points=Signed(e.points), score=e.score))
    return " ".join(parts)


def _draw_sentence(e: DrawEvent, lang: str) -> str:
    top = e.previous_top
    if e.stock_left == 0:  # the last card of the stock: said so, rather than "0 cards left"
        if isinstance(e.card, Joker):
            first = text("explain.draw_joker_last", lang)
        elif top is None:
            first = text("explain.draw_on_empty_last", lang, card=card_name(e.card, lang))
        elif isinstance(top, Joker):
            first = text("explain.draw_on_joker_last", lang, card=card_name(e.card, lang))
        else:
            first = text("explain.draw_last", lang, card=card_name(e.card, lang), top=card_name(top, lang))
    elif isinstance(e.card, Joker):
        first = text("explain.draw_joker", lang, left=e.stock_left)
    elif top is None:
        first = text("explain.draw_on_empty", lang, card=card_name(e.card, lang), left=e.stock_left)
    elif isinstance(top, Joker):
        first = text("explain.draw_on_joker", lang, card=card_name(e.card, lang), left=e.stock_left)
    else:
        first = text("explain.draw", lang, card=card_name(e.card, lang), top=card_name(top, lang), left=e.stock_left)
    out = first + " " + text("explain.points", lang, points=Signed(e.points), score=e.score)
    if e.parts.floor:
        out += " " + text("explain.floor", lang)
    if e.ended_run:
        out += " " + text("explain.run_ended", lang, count=e.ended_run)
    return out


def _undo_sentence(event: UndoEvent, lang: str) -> str:
    undone = event.undone
    score = event.restored_score
    top = undone.previous_top
    if isinstance(undone, PlayEvent):
        if top is None:
            out = text("explain.undo_play_empty", lang, card=card_name(undone.card, lang), score=score)
        else:
            out = text(
                "explain.undo_play", lang, card=card_name(undone.card, lang), top=card_name(top, lang), score=score
            )
        hidden = [card_name(c, lang) for c in undone.revealed_cards]
        if len(hidden) == 1:
            out += " " + text("explain.undo_hidden_one", lang, card=hidden[0])
        elif len(hidden) == 2:
            out += " " + text("explain.undo_hidden_two", lang, first=hidden[0], second=hidden[1])
    elif top is None:
        out = text("explain.undo_draw_empty", lang, card=card_name(undone.card, lang), score=score)
    else:
        out = text("explain.undo_draw", lang, card=card_name(undone.card, lang), top=card_name(top, lang), score=score)
    if event.parts.penalty:
        out += " " + text("explain.undo_penalty", lang, cost=UNDO_PENALTY, score=event.score)
    return out + " " + text("explain.undo_moves", lang, moves=event.moves)


def explain(event: Event, lang: str = DEFAULT_LANGUAGE) -> str:
    """Explain a move event in whole sentences, e.g.
    ``"Played 8♦ on 7♣: one rank higher. Revealed Q♥. Left peak cleared: +100 points. −1 point … score 598."``

    Handles :class:`PlayEvent`, :class:`DrawEvent`, :class:`UndoEvent` and
    :class:`TimeUpEvent` under every rule set (docs/rules.md §8: a joker or an
    empty waste, run points, the clear bonus, the floor, the undo penalty,
    the timer's end), and adds the won or blocked sentence when the move
    ended the game.
    Raises :class:`UnknownLanguageError` for an unknown language.
    """
    check_language(lang)
    if isinstance(event, PlayEvent):
        out = _play_sentence(event, lang)
    elif isinstance(event, DrawEvent):
        out = _draw_sentence(event, lang)
    elif isinstance(event, UndoEvent):
        out = _undo_sentence(event, lang)
    elif isinstance(event, TimeUpEvent):
        return text("explain.time_up", lang, minutes=event.minutes)
    else:
        raise TypeError(f"not a move event: {event!r}")
    if isinstance(event, UndoEvent):
        return out
    if event.status is Status.BLOCKED:
        out += " " + text("explain.blocked", lang)  # the docs/rules.md §2 message, as a sentence
    elif event.status is Status.WON:
        out += " " + status_message(event.status, lang, event.score)
    return out
