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

__all__ = ["review_text", "review_message", "taken_back_message", "try_again_label"]


def review_text(key: str, lang: str = "en", **values: Any) -> str:
    """The review sentence ``key`` in ``lang`` with its placeholders filled.

    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a ``ValueError``)
    for an unknown language, ``KeyError`` for an unknown key.
    """
    return lookup("app", key, lang, values)


def review_message(review: Review, lang: str = "en", kept: Action | None = None, kept_card: Any = None) -> str:
    """What ``review`` found, in one sentence in ``lang`` (docs/rules.md §9).

    ``kept``: the first action of a winning line from the position before the
    turning point (a position, or ``"D"``) and ``kept_card`` the card it plays,
    for "before it, … kept a win"; see
    :meth:`tripeaks.app.model.review.GameReview.kept`.
    """
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
