"""tripeaks.i18n.course: the course's values (texts, feedback, quiz answers) written in each language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import DECK, JOKER, Refusal, RefusalDetail
from tripeaks.course.core import Feedback, FeedbackKind, Text
from tripeaks.course.lessons import LESSONS, lesson_by_id
from tripeaks.course.quiz import QUESTIONS, Answer
from tripeaks.i18n import LANGUAGES, card_name, refusal_detail_sentence, refusal_sentence
from tripeaks.i18n.course import answer_message, feedback_message, render
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.quiz import quiz_text

langs = st.sampled_from(LANGUAGES)
cards = st.sampled_from([*DECK, JOKER])


@given(card=cards, top=cards, lang=langs)
def test_a_card_value_is_named_in_the_language_shown(card, top, lang):
    out = render(Text("lesson.guide.play", {"card": card, "top": top}), lang)
    assert out == lesson_text("lesson.guide.play", lang, card=card_name(card, lang), top=card_name(top, lang))


@given(lesson=st.sampled_from(LESSONS), lang=langs)
def test_a_text_value_is_rendered_first(lesson, lang):
    title = render(lesson.text("title"), lang)
    assert render(lesson.heading(), lang) == lesson_text("ui.heading", lang, number=lesson.number, title=title)
    assert "{" not in title and "}" not in title


@given(question=st.sampled_from(QUESTIONS), lang=langs)
def test_quiz_keys_read_the_quiz_catalogue(question, lang):
    assert render(question.text(), lang) == quiz_text(f"quiz.{question.id}.question", lang)
    for choice in question.choices:
        assert render(choice.text(), lang) == quiz_text(choice.key, lang, **choice.values)


@given(question=st.sampled_from(QUESTIONS), chosen=st.integers(0, 3), lang=langs)
def test_an_answer_is_its_texts_joined(question, chosen, lang):
    answer = Answer(question, chosen % len(question.choices))
    message = answer_message(answer, lang)
    assert message == " ".join(render(t, lang) for t in answer.texts())
    taught = lesson_by_id(question.lesson)
    if answer.correct:
        assert message == f"{quiz_text('quiz.ui.right', lang)} {render(question.why(), lang)}"
    else:
        assert message.startswith(quiz_text("quiz.ui.wrong", lang, answer=render(question.right.text(), lang)))
        assert render(taught.text("title"), lang) in message


@given(
    refusal=st.none() | st.sampled_from(Refusal),
    detail=st.none() | st.sampled_from(RefusalDetail),
    keyed=st.booleans(),
    lang=langs,
)
def test_feedback_puts_the_engine_first_then_the_lesson(refusal, detail, keyed, lang):
    lesson = lesson_by_id("reveal")  # its texts name cards: {king}, {waste} …
    key = "lesson.reveal.king.goal" if keyed else None
    fb = Feedback(FeedbackKind.REFUSED, key, refusal=refusal, detail=detail, lesson=lesson)
    parts = [
        *([refusal_sentence(refusal, lang)] if refusal else []),
        *([refusal_detail_sentence(detail, lang)] if detail else []),
        *([render(lesson.text("king.goal"), lang)] if keyed else []),
    ]
    assert feedback_message(fb, lang) == " ".join(parts)
    assert fb.texts() == ((Text(key, lesson.values()),) if keyed else ())


def test_a_feedback_value_wins_over_the_lessons_card():
    lesson = lesson_by_id("reveal")
    fb = Feedback(FeedbackKind.MISS, "lesson.generic.not_this", {"card": DECK[0]}, lesson=lesson)
    assert fb.texts()[0].values["card"] == DECK[0] and fb.texts()[0].values["king"] == lesson.values()["king"]


def test_an_unknown_key_or_language_raises():
    with pytest.raises(KeyError):
        render(Text("lesson.nope"), "en")
    with pytest.raises(ValueError):
        render(Text("ui.title"), "de")
    with pytest.raises(ValueError):
        render(Text("quiz.ui.title"), "de")
