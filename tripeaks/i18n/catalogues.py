"""Every message catalogue in one place, for checks that read them all (tests, glossaries).

:data:`CATALOGUES` maps a domain to its catalogue (language → key → entry,
see :mod:`tripeaks.i18n.core`); a new catalogue module registers here.
:func:`sentences` lists every text of one language, each form of a plural
entry included: the one place to read a language as a whole.

>>> sorted(CATALOGUES)
['classroom', 'engine', 'keep', 'lessons', 'lessons_course', 'lessons_rulesets', 'lessons_strategy', 'quiz', 'rulesets', 'solver', 'ui']
>>> any(s == "This card is blocked" for _, _, s in sentences("en"))
True
"""

from __future__ import annotations

from collections.abc import Iterator

from .classroom import CLASSROOM_CATALOG
from .core import Catalogue, Plural, check_language
from .engine import CATALOG
from .keep import KEEP_CATALOG
from .lessons import LESSON_TEXTS
from .lessons_course import COURSE_TEXTS
from .lessons_rulesets import RULESET_TEXTS
from .lessons_strategy import STRATEGY_TEXTS
from .quiz import QUIZ_TEXTS
from .rulesets import RULESET_CATALOG
from .solver import SOLVER_CATALOG
from .ui import UI_CATALOG

__all__ = ["CATALOGUES", "sentences"]

CATALOGUES: dict[str, Catalogue] = {
    "engine": CATALOG,
    "ui": UI_CATALOG,
    "lessons": LESSON_TEXTS,
    "lessons_course": COURSE_TEXTS,
    "lessons_rulesets": RULESET_TEXTS,
    "lessons_strategy": STRATEGY_TEXTS,
    "solver": SOLVER_CATALOG,
    "classroom": CLASSROOM_CATALOG,
    "keep": KEEP_CATALOG,
    "quiz": QUIZ_TEXTS,
    "rulesets": RULESET_CATALOG,
}
"""Domain → catalogue: the engine (:mod:`tripeaks.i18n.engine`), the app
(:mod:`tripeaks.i18n.ui`), the lessons (:mod:`tripeaks.i18n.lessons` and its
course, rule-set and strategy parts) and the
solver with the command line (:mod:`tripeaks.i18n.solver`), the class results
(:mod:`tripeaks.i18n.classroom`), what the app keeps (:mod:`tripeaks.i18n.keep`), the quiz
(:mod:`tripeaks.i18n.quiz`), the rule sets in the app (:mod:`tripeaks.i18n.rulesets`)."""


def sentences(lang: str) -> Iterator[tuple[str, str, str]]:
    """``(domain, key, text)`` for every entry of every catalogue in ``lang``;
    a plural entry gives one triple per form.  Raises
    :class:`~tripeaks.i18n.core.UnknownLanguageError`."""
    check_language(lang)
    for domain, catalogue in CATALOGUES.items():
        for key, entry in catalogue[lang].items():
            if isinstance(entry, Plural):
                for form in entry.forms.values():
                    yield domain, key, form
            else:
                yield domain, key, entry
