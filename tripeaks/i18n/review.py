"""The game review's sentences (docs/rules.md §9) in en, pt, fr.

Whole sentences with named placeholders (``review.*`` keys of the ``app``
gettext catalogue, plurals by their count), like :mod:`tripeaks.i18n.solver`; card placeholders take names from
:func:`tripeaks.i18n.card_name`.  :func:`review_message` says what a
:class:`~tripeaks.solver.Review` found in one sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.game import DRAW, Action
from . import card_name
from .core import lookup

if TYPE_CHECKING:  # the solver is loaded when a review is asked for, not with the app
    from ..solver import Review, ReviewedMove
    from ..solver.explain import PlayFacts, TurningFacts

__all__ = ["review_text", "review_message", "turning_reasons", "taken_back_message", "try_again_label"]


def review_text(key: str, lang: str = "en", **values: Any) -> str:
    """The review sentence ``key`` in ``lang`` with its placeholders filled.

    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a ``ValueError``)
    for an unknown language, ``KeyError`` for an unknown key.
    """
    return lookup("app", key, lang, values)


def review_message(
    review: Review,
    lang: str = "en",
    kept: Action | None = None,
    kept_card: Any = None,
    facts: TurningFacts | None = None,
) -> str:
    """What ``review`` found in ``lang`` (docs/rules.md §9): one sentence, and at a turning
    point with ``facts`` the sentences of :func:`turning_reasons` after it.

    ``kept``: the first action of a winning line from the position before the
    turning point (a position, or ``"D"``) and ``kept_card`` the card it plays,
    for "before it, … kept a win"; see
    :meth:`tripeaks.app.model.review.GameReview.kept`.  ``facts``: what the
    losing move and that winning one do (:attr:`tripeaks.app.model.review.GameReview.facts`).
    """
    first = _verdict_sentence(review, lang, kept, kept_card)
    if review.turning_move is None or facts is None:
        return first
    return " ".join([first, *turning_reasons(facts, lang, kept_card)])


_PLAYED_KEYS = {
    ("reveal", True): "review.why_played_reveal_next",
    ("reveal", False): "review.why_played_reveal_stop",
    ("free", True): "review.why_played_free_next",
    ("free", False): "review.why_played_free_stop",
    ("peak", True): "review.why_played_peak_next",
    ("peak", False): "review.why_played_peak_stop",
    ("none", True): "review.why_played_none_next",
    ("none", False): "review.why_played_none_stop",
}
_KEPT_KEYS = {
    ("reveal", True): "review.why_kept_reveal_next",
    ("reveal", False): "review.why_kept_reveal_stop",
    ("free", True): "review.why_kept_free_next",
    ("free", False): "review.why_kept_free_stop",
    ("peak", True): "review.why_kept_peak_next",
    ("peak", False): "review.why_kept_peak_stop",
    ("none", True): "review.why_kept_none_next",
    ("none", False): "review.why_kept_none_stop",
}


def _kind(facts: PlayFacts) -> tuple[str, tuple[Any, ...]]:
    if facts.revealed:
        return "reveal", facts.revealed
    if facts.freed:
        return "free", facts.freed
    if facts.peak is not None:
        return "peak", ()
    return "none", ()


def _play_sentence(keys: dict[tuple[str, bool], str], facts: PlayFacts, lang: str, **values: Any) -> str:
    from .core import Signed
    from .solver import card_list

    kind, cards = _kind(facts)
    return review_text(
        keys[(kind, bool(facts.follow))],
        lang,
        cards=card_list(cards, lang),
        next=card_list(facts.follow, lang, either=True),
        bonus=Signed(facts.bonus),
        **values,
    )


def turning_reasons(facts: TurningFacts, lang: str = "en", kept_card: Any = None) -> list[str]:
    """Why the turning point lost and why the move that kept a win works, in ``lang``, in the
    terms of a hint: what the move played turned over or freed and which cards could follow it
    (a draw: the waste card it covered, on which the winning card could go), then what the
    winning move would have turned over or cleared and left to follow (a draw: it would have kept
    the card played for later).  ``kept_card``: the card of the winning move, if a play."""
    from ..engine.cards import Card

    sentences: list[str] = []
    if facts.played is not None:
        sentences.append(_play_sentence(_PLAYED_KEYS, facts.played, lang))
    elif isinstance(facts.covered, Card) and facts.kept is not None:
        sentences.append(
            review_text(
                "review.why_draw", lang, top=card_name(facts.covered, lang), other=card_name(facts.kept.card, lang)
            )
        )
    if facts.kept is not None:
        other = card_name(facts.kept.card, lang)
        if facts.kept.won:
            sentences.append(review_text("review.why_kept_won", lang, other=other))
        else:
            sentences.append(_play_sentence(_KEPT_KEYS, facts.kept, lang, other=other))
    elif facts.kept_draw and facts.played is not None:
        sentences.append(review_text("review.why_kept_draw", lang, card=card_name(facts.played.card, lang)))
    return sentences


def _verdict_sentence(review: Review, lang: str, kept: Action | None, kept_card: Any) -> str:
    turning = review.turning_move
    if turning is not None:
        move = turning.place
        if kept is None:
            if turning.is_draw:
                return review_text("review.lost_draw", lang, move=move)
            return review_text("review.lost_play", lang, move=move, card=card_name(turning.card, lang))
        if turning.is_draw:
            return review_text("review.lost_draw_play", lang, move=move, other=card_name(kept_card, lang))
        card = card_name(turning.card, lang)
        if kept == DRAW:
            return review_text("review.lost_play_draw", lang, move=move, card=card)
        return review_text("review.lost_play_play", lang, move=move, card=card, other=card_name(kept_card, lang))
    if not review.complete:
        return review_text("review.unknown", lang)
    from ..solver import Verdict

    if review.start is Verdict.UNWINNABLE:
        return review_text("review.never", lang)
    costliest = review.costliest
    if costliest is not None:
        return _cost(costliest, lang)
    if not review.points_complete:
        return review_text("review.points_unknown", lang)
    return review_text("review.best" if review.won else "review.stayed", lang)


def taken_back_message(undos: int, lost: bool | None, lang: str = "en") -> str:
    """The review's second sentence for a game with ``undos`` (≥ 1) undos in its history
    (docs/rules.md §4, §9): the review follows the standing moves, and, when ``lost`` is ``True``,
    a position the player undid from could no longer be won."""
    return review_text("review.taken_back_lost" if lost else "review.taken_back", lang, undos=undos)


def _cost(move: ReviewedMove, lang: str) -> str:
    points = move.points_lost or 0
    if move.is_draw:
        return review_text("review.cost_draw", lang, move=move.place, points=points)
    return review_text("review.cost_play", lang, move=move.place, card=card_name(move.card, lang), points=points)


def try_again_label(move: int, lang: str = "en") -> str:
    """The Try again button: "Try again from move {move}" (the position after ``move`` standing moves), or from the start."""
    if move <= 0:
        return review_text("review.try_again_start", lang)
    return review_text("review.try_again", lang, move=move)
