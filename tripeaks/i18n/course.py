"""The course's values written in English, Portuguese or French.

:mod:`tripeaks.course` says what to show in no language: a
:class:`~tripeaks.course.core.Text` (a key of the lesson or quiz catalogues
and its placeholders), a lesson's :class:`~tripeaks.course.core.Feedback`,
a quiz :class:`~tripeaks.course.quiz.Answer`.  Here they become whole
sentences (:mod:`tripeaks.i18n.lessons`, :mod:`tripeaks.i18n.quiz`, and the
engine's and solver's own messages), cards named in the language shown.
"""

from __future__ import annotations

from typing import Any

from ..course.core import Feedback, Text
from ..course.quiz import Answer
from ..engine.cards import Card, Joker
from . import card_name, explain, refusal_detail_sentence, refusal_sentence
from .lessons import lesson_text

__all__ = ["render", "feedback_message", "answer_message"]


def _value(value: Any, lang: str) -> Any:
    """A placeholder value for ``lang``: a card (or the joker) by its name there, a :class:`Text` written out."""
    if isinstance(value, (Card, Joker)):
        return card_name(value, lang)
    if isinstance(value, Text):
        return render(value, lang)
    return value


def render(text: Text, lang: str = "en") -> str:
    """``text`` in ``lang`` (``"en"``, ``"pt"`` or ``"fr"``): its catalogue sentence, placeholders filled.

    The key is looked up in the course's catalogue (``lessons``: the lessons' and
    the quiz's texts).  A card value is named for ``lang``
    (:func:`tripeaks.i18n.card_name`: J, Q, K are V, D, R in pt and fr), a
    :class:`Text` value is rendered first, numbers are written for ``lang``.
    Raises :class:`~tripeaks.i18n.core.UnknownLanguageError` (a
    ``ValueError``) for an unknown language and ``KeyError`` for an unknown
    key or a missing placeholder value.
    """
    values = {name: _value(v, lang) for name, v in text.values.items()}
    return lesson_text(text.key, lang, **values)


def feedback_message(feedback: Feedback, lang: str = "en") -> str:
    """What a lesson click did, as whole sentences in ``lang`` joined by spaces.

    In order: the engine's refusal (docs/rules.md §2) and its closer reason,
    or the explanation of the move made; then the lesson's sentences
    (:meth:`~tripeaks.course.core.Feedback.texts`); then the solver's hint.
    ``""`` when there is nothing to say (a move accepted without a word).
    Raises as :func:`render`.
    """
    parts = []
    if feedback.refusal is not None:
        parts.append(refusal_sentence(feedback.refusal, lang))
    if feedback.detail is not None:
        parts.append(refusal_detail_sentence(feedback.detail, lang))
    if feedback.event is not None:
        parts.append(explain(feedback.event, lang))
    parts += [render(text, lang) for text in feedback.texts()]
    if feedback.hint is not None:
        # Here only: importing the solver takes about half a second, and the lesson page starts without it.
        from .solver import hint_message

        parts.append(hint_message(feedback.hint, lang))
    return " ".join(p for p in parts if p)


def answer_message(answer: Answer, lang: str = "en") -> str:
    """A quiz answer's feedback in ``lang``: right and why, or the right answer, why, and the
    lesson that teaches it (:meth:`~tripeaks.course.quiz.Answer.texts`), joined by spaces.

    Raises as :func:`render`.
    """
    return " ".join(render(text, lang) for text in answer.texts())
