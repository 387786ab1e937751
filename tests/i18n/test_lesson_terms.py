"""No lesson text uses a term before the lesson that teaches it (in every language)."""

from __future__ import annotations

import re

import pytest

from tripeaks.course.lessons import LESSONS
from tripeaks.i18n.catalogues import entries

# term (a regular expression) → the id of the lesson that teaches it; None: no lesson uses it at all
TERMS: dict[str, dict[str, str | None]] = {
    "en": {
        r"\btableau\b": "layout",
        r"\bexposed\b": "layout",
        r"\bwaste\b": "layout",
        r"\bstock\b": "layout",
        r"\branks?\b": "ranks",
        r"\bEasy\b": "rules",
        r"\bClassic\b": "rules",
        r"\bsolver\b": "codes",
        r"New game": "codes",
        r"\bgame codes?\b": "codes",
        r"\bjokers?\b": "differences",
        r"Tri Peaks": "differences",
        r"\bCustom\b": "differences",
        r"\bflags?\b": "stuck",
        r"\bturning point\b": "review",
        r"walk-through": None,
    },
    "pt": {
        r"\bvalor(es)?\b": "ranks",
        r"\bFácil\b": "rules",
        r"\bClássica\b": "rules",
        r"verificação automática": "codes",
        r"Nova partida": "codes",
        r"\bjóquer(es)?\b": "differences",
        r"Tri Peaks": "differences",
        r"\bPersonalizada\b": "differences",
        r"\bletras? [A-Z]\b": "stuck",
        r"ponto de viragem": "review",
    },
    "fr": {
        r"\bvaleurs?\b": "ranks",
        r"\bFacile\b": "rules",
        r"\bClassique\b": "rules",
        r"\bsolveur\b": "codes",
        r"Nouvelle partie": "codes",
        r"\bjokers?\b": "differences",
        r"Tri Peaks": "differences",
        r"\bPersonnalisée\b": "differences",
        r"\blettres? [A-Z]\b": "stuck",
        r"\btournant\b": "review",
    },
    "es": {
        r"\bvalor(es)?\b": "ranks",
        r"\bFácil\b": "rules",
        r"\bClásica\b": "rules",
        r"\bverificación\b": "codes",
        r"Partida nueva": "codes",
        r"\bcomod[ií]n(es)?\b": "differences",
        r"Tri Peaks": "differences",
        r"\bPersonalizad[ao]\b": "differences",
        r"\bletras? [A-Z]\b": "stuck",
        r"punto de inflexión": "review",
    },
}

ORDER = {item.id: item.number for item in LESSONS}


def _texts(lang: str, lesson_id: str) -> dict[str, str]:
    """Every sentence of lesson ``lesson_id`` in ``lang`` (each plural form on its own)."""
    out: dict[str, str] = {}
    for key, entry in entries("lessons", lang).items():
        parts = key.split(".")
        if len(parts) < 3 or parts[0] != "lesson" or parts[1] != lesson_id:
            continue
        for i, text in enumerate(entry.forms):
            out[f"{key}/{i}" if len(entry.forms) > 1 else key] = text
    return out


def test_every_term_is_taught_by_a_lesson_of_the_course() -> None:
    for lang, terms in TERMS.items():
        for term, teacher in terms.items():
            assert teacher is None or teacher in ORDER, (lang, term)
            if teacher is not None:  # the lesson that teaches it does use it
                assert any(re.search(term, t) for t in _texts(lang, teacher).values()), (lang, term, teacher)


@pytest.mark.parametrize("lang", sorted(TERMS))
def test_no_lesson_uses_a_term_before_the_lesson_that_teaches_it(lang: str) -> None:
    early = []
    for item in LESSONS:
        for key, text in _texts(lang, item.id).items():
            for term, teacher in TERMS[lang].items():
                if not re.search(term, text):
                    continue
                if teacher is None:
                    early.append((key, term, "never taught"))
                    continue
                taught = ORDER[teacher]
                # a lesson's closing sentence may announce what the next lesson teaches
                announces = key.split(".")[2] == "complete" and item.number == taught - 1
                if item.number < taught and not announces:
                    early.append((key, term, f"taught in lesson {taught}"))
    assert early == []


FLAGGED_CODE = r"\bTP1-[EC]-[A-Z]{7}-[A-Z0-9]+\b"
"""A game code with rule-set flags after its deal number (docs/rules.md §8), e.g. TP1-E-AAAAAAD-S."""


@pytest.mark.parametrize("lang", sorted(TERMS))
def test_the_lesson_that_names_the_first_code_flag_shows_where_flags_sit(lang: str) -> None:
    """Lesson 11 names the first flag (S): it says what a flag is with a code that carries one, and no
    lesson before it names a flag or shows such a code (the structure is the same in every language)."""
    assert "stuck" in TERMS[lang].values()  # the flag's word is taught by lesson "stuck" in this language
    flag_lesson = ORDER["stuck"]
    assert flag_lesson == min(ORDER[i] for i in ("stuck", "runs_scoring", "jokers", "empty", "open", "timer"))
    intro = _texts(lang, "stuck")["lesson.stuck.intro"]
    assert re.search(r"TP1-E-AAAAAAD-S\b", intro), intro  # the flag S, where it sits in a code
    for item in LESSONS:
        if item.number < flag_lesson:
            assert not [k for k, t in _texts(lang, item.id).items() if re.search(FLAGGED_CODE, t)], item.id
