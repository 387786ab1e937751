"""Every message catalogue (tripeaks.i18n.catalogues): complete in every language, the same
placeholders everywhere, plural entries with the CLDR categories of their language, and
no key defined without a use in the code (nor used without a definition).

Keys built at run time (``f"explain.peak_{peak}"``) are declared once, in
:data:`KEY_FAMILIES` below, with every key they can build: a test fails on an
undeclared family in the code, on a declared family the code no longer builds,
and on a family key missing from the catalogues.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

import tripeaks.i18n
from tripeaks.course.lessons import LESSONS, TaskKind
from tripeaks.course.quiz import QUESTIONS
from tripeaks.engine.codes import InvalidCodeError
from tripeaks.engine.game import Refusal, RefusalDetail
from tripeaks.engine.layout import PEAKS
from tripeaks.engine.rules import Preset
from tripeaks.history.class_results import NameProblem, Problem
from tripeaks.history.stats import Outcome
from tripeaks.i18n import LANGUAGES, UnknownLanguageError
from tripeaks.i18n.catalogues import CATALOGUES, sentences
from tripeaks.i18n.core import ARTICLE_SPECS, Catalogue, Plural, placeholders, plural_categories
from tripeaks.solver import HintKind, Verdict

PACKAGE = Path(tripeaks.i18n.__file__).resolve().parents[1]
TEXT_FUNCTIONS = {
    "text",
    "ui_text",
    "lesson_text",
    "solver_text",
    "classroom_text",
    "keep_text",
    "quiz_text",
    "rules_text",
    "Text",
}
"""Functions (and the course's :class:`~tripeaks.course.core.Text`) whose first argument is a catalogue key."""


def _lesson_keys() -> set[str]:
    keys = set()
    for lesson in LESSONS:
        keys |= {f"lesson.{lesson.id}.{part}" for part in ("title", "intro", "complete")}
        for task in lesson.tasks:
            keys |= {f"lesson.{lesson.id}.{task.key}.goal", f"lesson.{lesson.id}.{task.key}.done"}
            if task.kind in (TaskKind.FIND, TaskKind.CHOOSE, TaskKind.DEAL):  # a wrong card, move or deal
                keys.add(f"lesson.{lesson.id}.{task.key}.miss")
            if task.avoid:  # a move known to lose the deal
                keys.add(f"lesson.{lesson.id}.{task.key}.avoid")
    return keys


KEY_FAMILIES: dict[str, set[str]] = {
    # tripeaks.i18n.classroom.problem_message / name_problem_message: one per reason
    "problem.": {f"problem.{p.value}" for p in Problem},
    "name.": {f"name.{n.value}" for n in NameProblem},
    # tripeaks.i18n.explain: f"explain.peak_{peak}" for each peak 0–2
    "explain.peak_": {f"explain.peak_{p}" for p in range(len(PEAKS))},
    # tripeaks.i18n.refusal_message / refusal_sentence: one per Refusal
    "refusal.": {f"refusal.{r.value}" for r in Refusal},
    "refusal_sentence.": {f"refusal_sentence.{r.value}" for r in Refusal},
    # tripeaks.i18n.refusal_detail_sentence: one per RefusalDetail
    "refusal_detail.": {f"refusal_detail.{d.value}" for d in RefusalDetail},
    # tripeaks.i18n.ui.code_error_message: one per InvalidCodeError reason (docs/rules.md §5, §8)
    "code.": {
        f"code.{reason}"
        for reason in (
            *("type", "empty", "prefix", "parts", "rule", "length", "character", "value"),
            *("flags_empty", "flag", "flag_repeated", "timer"),
        )
    },
    # tripeaks.i18n.ui.preset_name: one per Preset of docs/rules.md §8
    "preset.": {f"preset.{preset.name.lower()}" for preset in Preset},
    # tripeaks.app.views.rulesets: the one-line description of each preset of docs/rules.md §8, and of Custom
    "ruleset.about.": {f"ruleset.about.{preset.name.lower()}" for preset in Preset} | {"ruleset.about.custom"},
    # the app's Winnable? indicator (tripeaks.app.views.hints): its states
    "hints.winnable_": {f"hints.winnable_{state}" for state in ("yes", "no", "unknown", "won")},
    # tripeaks.i18n.solver.hint_message: one per HintKind
    "hint.": {f"hint.{kind.value}" for kind in HintKind},
    # python -m tripeaks solve: one header per Verdict
    "cli.header.": {f"cli.header.{v.value}" for v in Verdict},
    # tripeaks.course.lessons: each lesson's title, intro, closing sentence and its tasks' texts
    "lesson.": _lesson_keys(),
    # tripeaks.course.lessons.Lesson.facts: the solver's verdicts of lesson 9
    "lesson.codes.verdict.easy_": {f"lesson.codes.verdict.easy_{v}" for v in ("yes", "no", "unknown")},
    "lesson.codes.verdict.classic_": {f"lesson.codes.verdict.classic_{v}" for v in ("yes", "no", "unknown")},
    # what the app keeps (tripeaks.app.views.replay_panel): the result of a past game, one per stats.Result
    "result.": {f"result.{r.value}" for r in Outcome},
    # tripeaks.course.core: the solver's verdict after each move of a step (docs/rules.md §1–§3)
    "lesson.compare.play_": {f"lesson.compare.play_{v}" for v in ("yes", "no", "unknown")},
    "lesson.compare.draw_": {f"lesson.compare.draw_{v}" for v in ("yes", "no", "unknown")},
    # tripeaks.app.views.lesson_page: the legend of the three peaks (docs/rules.md §1)
    "ui.peak_": {f"ui.peak_{p}" for p in range(len(PEAKS))},
    # tripeaks.course.quiz: each question's text and explanation
    "quiz.": {f"quiz.{q.id}.{part}" for q in QUESTIONS for part in ("question", "why")},
}


# ------------------------------------------------------------------ the checks
def _forms(entry: object) -> list[str]:
    return list(entry.forms.values()) if isinstance(entry, Plural) else [entry]  # type: ignore[list-item]


def _names(sentence: str) -> set[str]:
    return {name for name, _, _ in placeholders(sentence)}


def _shape(entry: object) -> tuple[str | None, frozenset[str]]:
    """(count name or None, placeholder names) of an entry."""
    names = frozenset().union(*(_names(f) for f in _forms(entry)))
    return (entry.count if isinstance(entry, Plural) else None), names


def catalogue_problems(catalogues: Mapping[str, Catalogue]) -> list[str]:
    """Every structural problem of ``catalogues`` (domain → language → key → entry), as sentences."""
    problems: list[str] = []
    owner: dict[str, str] = {}
    for domain, catalogue in catalogues.items():
        if set(catalogue) != set(LANGUAGES):
            problems.append(f"{domain}: languages {sorted(catalogue)}, expected {sorted(LANGUAGES)}")
            continue
        keys = set().union(*(set(catalogue[lang]) for lang in LANGUAGES))
        for key in sorted(keys):
            if key in owner:
                problems.append(f"{key}: defined in both {owner[key]} and {domain}")
            owner[key] = domain
            shapes = {}
            for lang in LANGUAGES:
                if key not in catalogue[lang]:
                    problems.append(f"{domain}: {key} is missing in {lang}")
                    continue
                entry = catalogue[lang][key]
                if not isinstance(entry, (str, Plural)):
                    problems.append(f"{domain}: {key} in {lang} is neither a sentence nor a Plural")
                    continue
                forms = _forms(entry)
                for form in forms:
                    if not form or form != form.strip():
                        problems.append(f"{domain}: {key} in {lang} is empty or has outer spaces: {form!r}")
                    try:
                        fields = placeholders(form)
                    except ValueError as exc:
                        problems.append(f"{domain}: {key} in {lang} is not a valid template ({exc})")
                        continue
                    for name, spec, conversion in fields:
                        if not name.isidentifier() or (spec and spec not in ARTICLE_SPECS[lang]) or conversion:
                            problems.append(
                                f"{domain}: {key} in {lang} has a placeholder that is not a plain name"
                                " (or a card name with its article)"
                            )
                if isinstance(entry, Plural):
                    need = plural_categories(lang)
                    have = set(entry.forms)
                    for category in sorted(need - have):
                        problems.append(f"{domain}: plural {key} in {lang} lacks the category {category!r}")
                    for category in sorted(have - need):
                        problems.append(f"{domain}: plural {key} in {lang} has {category!r}, which {lang} never uses")
                    if len({frozenset(_names(f)) for f in forms}) > 1:
                        problems.append(f"{domain}: the forms of plural {key} in {lang} have different placeholders")
                    if any(entry.count not in _names(f) for f in forms):
                        problems.append(f"{domain}: a form of plural {key} in {lang} does not show its count")
                shapes[lang] = _shape(entry)
            if len(set(shapes.values())) > 1:
                problems.append(f"{domain}: {key} differs between languages (count, placeholders): {shapes}")
    return problems


def _key_prefix(node: ast.AST) -> str | None:
    """The constant start of a key built at run time: ``f"code.{reason}"`` or ``"hint." + kind``."""
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        first = node.values[0].value
        return first if isinstance(first, str) and len(node.values) > 1 else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
        left = node.left.value
        return left if isinstance(left, str) else None
    return None


def usage_problems(
    catalogues: Mapping[str, Catalogue], sources: Iterable[tuple[str, str]], families: Mapping[str, set[str]]
) -> list[str]:
    """Keys defined and never used, used and never defined, and undeclared or stale key
    families, reading ``sources`` ((name, Python text) pairs) with ``ast``."""
    defined = {key for catalogue in catalogues.values() for lang in catalogue for key in catalogue[lang]}
    literals: set[str] = set()
    built: dict[str, str] = {}  # prefix -> where
    problems: list[str] = []
    for name, source in sources:
        tree = ast.parse(source)
        dict_keys = {id(k) for node in ast.walk(tree) if isinstance(node, ast.Dict) for k in node.keys if k}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in dict_keys:
                literals.add(node.value)
            prefix = _key_prefix(node)
            if prefix and "." in prefix and any(k.startswith(prefix) for k in defined):
                built.setdefault(prefix, f"{name}:{node.lineno}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in TEXT_FUNCTIONS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value not in defined
            ):
                problems.append(f"{name}:{node.lineno}: {node.args[0].value!r} is not in any catalogue")
    for prefix, where in sorted(built.items()):
        if prefix not in families:
            problems.append(f"{where}: keys built from {prefix!r} at run time: declare the family in KEY_FAMILIES")
    for prefix, keys in families.items():
        if prefix not in built:
            problems.append(f"the key family {prefix!r} is declared but no code builds it any more")
        for key in sorted(keys - defined):
            problems.append(f"the key family {prefix!r} builds {key!r}, which no catalogue defines")
    used = literals.union(*families.values())
    problems += [f"{key} is defined but never used in the code" for key in sorted(defined - used)]
    return problems


def package_sources() -> list[tuple[str, str]]:
    return [(str(p.relative_to(PACKAGE.parent)), p.read_text(encoding="utf-8")) for p in sorted(PACKAGE.rglob("*.py"))]


# ------------------------------------------------------------------ the catalogues pass them
def test_every_catalogue_is_complete_and_consistent():
    assert catalogue_problems(CATALOGUES) == []


def test_every_key_is_used_and_every_used_key_is_defined():
    assert usage_problems(CATALOGUES, package_sources(), KEY_FAMILIES) == []


PUNCTUATION = set(".!?…:;")


def punctuation_added(source: str) -> list[int]:
    """Lines where code glues punctuation onto a text: ``s + "."`` or ``f"{s}."``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        glued: list[ast.AST] = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            glued = [node.left, node.right]
        elif (
            isinstance(node, ast.JoinedStr) and len(node.values) > 1 and isinstance(node.values[-2], ast.FormattedValue)
        ):
            glued = [node.values[-1]]
        for part in glued:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                stripped = part.value.strip()
                if stripped and set(stripped) <= PUNCTUATION:
                    lines.append(node.lineno)
    return lines


def test_no_code_appends_punctuation_to_a_sentence():
    """Sentences carry their own punctuation in the catalogues; code never adds any."""
    found = {name: lines for name, source in package_sources() if (lines := punctuation_added(source))}
    assert found == {}
    assert sorted(punctuation_added('x = p if p.endswith(".") else p + "."\ny = f"{p} ."')) == [1, 2]


def test_every_catalogue_module_is_registered():
    """A catalogue added in a new module of tripeaks.i18n is checked too."""
    import importlib
    import pkgutil

    registered = {id(c) for c in CATALOGUES.values()}
    for info in pkgutil.iter_modules(tripeaks.i18n.__path__):
        module = importlib.import_module(f"tripeaks.i18n.{info.name}")
        for name, value in vars(module).items():
            if (
                isinstance(value, dict)
                and set(value) == set(LANGUAGES)
                and all(isinstance(v, dict) for v in value.values())
            ):
                assert id(value) in registered, f"tripeaks.i18n.{info.name}.{name} is not in CATALOGUES"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_renders_for_any_count(lang):
    """Each entry fills with numbers as counts and text elsewhere; no brace is left."""
    for domain, catalogue in CATALOGUES.items():
        for key, entry in catalogue[lang].items():
            count, names = _shape(entry)
            for n in (0, 1, 2, 5, 21, 1_000_000, 1.5):
                values = {name: (n if name == count else f"<{name}>") for name in names}
                out = tripeaks.i18n.core.lookup(catalogue, key, lang, values)
                assert "{" not in out and "}" not in out, (domain, key, out)


def test_sentences_reads_one_language_with_every_plural_form():
    pt = list(sentences("pt"))
    assert ("solver", "solve.draws", "A solução compra {draws} carta do monte.") in pt
    assert ("solver", "solve.draws", "A solução compra {draws} cartas do monte.") in pt
    assert all(lang_text for _, _, lang_text in pt)
    with pytest.raises(UnknownLanguageError):
        list(sentences("es"))


# ------------------------------------------------------------------ the checks catch what they should
GOOD: dict[str, Catalogue] = {
    "toy": {
        "en": {
            "toy.card": "{card} is blocked.",
            "toy.left": Plural("n", one="{n} card left.", other="{n} cards left."),
        },
        "pt": {
            "toy.card": "{card} está bloqueada.",
            "toy.left": Plural("n", one="Resta {n} carta.", many="Restam {n} de cartas.", other="Restam {n} cartas."),
        },
        "fr": {
            "toy.card": "{card} est bloquée.",
            "toy.left": Plural(
                "n", one="Il reste {n} carte.", many="Il reste {n} de cartes.", other="Il reste {n} cartes."
            ),
        },
    }
}


def _broken(**changes: object) -> dict[str, Catalogue]:
    """GOOD with ``changes`` applied: ``pt__toy_left=...`` replaces (or, with None, removes) an entry."""
    toy = {lang: dict(entries) for lang, entries in GOOD["toy"].items()}
    for where, entry in changes.items():
        lang, key = where.split("__")
        key = key.replace("_", ".")
        if entry is None:
            del toy[lang][key]
        else:
            toy[lang][key] = entry  # type: ignore[assignment]
    return {"toy": toy}


def test_the_checks_accept_a_good_catalogue():
    assert catalogue_problems(GOOD) == []
    uses = [("toy.py", 'x = text("toy.card", "en", card="A")\ny = "toy.left"\n')]
    assert usage_problems(GOOD, uses, {}) == []


@pytest.mark.parametrize(
    "changes, problem",
    [
        ({"fr__toy_card": None}, "toy.card is missing in fr"),
        ({"pt__toy_card": "{carta} está bloqueada."}, "toy.card differs between languages"),
        ({"fr__toy_card": "{card} est bloquée {n}."}, "toy.card differs between languages"),
        (
            {"pt__toy_left": Plural("n", one="Resta {n} carta.", other="Restam {n} cartas.")},
            "lacks the category 'many'",
        ),
        ({"en__toy_left": Plural("n", other="{n} cards left.")}, "lacks the category 'one'"),
        (
            {"en__toy_left": Plural("n", one="{n} card.", few="{n} cards.", other="{n} cards.")},
            "'few', which en never uses",
        ),
        ({"fr__toy_left": "Il reste {n} cartes."}, "toy.left differs between languages"),
        (
            {"fr__toy_left": Plural("n", one="Il reste une carte.", many="{n}", other="{n} cartes.")},
            "does not show its count",
        ),
        ({"en__toy_card": "{card:>3} is blocked."}, "not a plain name"),
        ({"en__toy_card": " {card} is blocked."}, "outer spaces"),
    ],
)
def test_the_checks_catch_a_broken_catalogue(changes, problem):
    problems = catalogue_problems(_broken(**changes))
    assert any(problem in p for p in problems), problems


def test_the_checks_catch_unused_undefined_and_undeclared_keys():
    only_card = [("toy.py", 'x = text("toy.card", "en", card="A")\n')]
    assert usage_problems(GOOD, only_card, {}) == ["toy.left is defined but never used in the code"]
    typo = [("toy.py", 'x = text("toy.crad", "en")\ny = "toy.card", "toy.left"\n')]
    assert any("'toy.crad' is not in any catalogue" in p for p in usage_problems(GOOD, typo, {}))
    built = [("toy.py", 'x = text(f"toy.{what}", "en")\n')]
    assert any("declare the family" in p for p in usage_problems(GOOD, built, {}))
    assert usage_problems(GOOD, built, {"toy.": {"toy.card", "toy.left"}}) == []
    assert any("no catalogue defines" in p for p in usage_problems(GOOD, built, {"toy.": {"toy.card", "toy.lost"}}))
    stale = [("toy.py", 'y = "toy.card", "toy.left"\n')]
    assert any("no code builds it" in p for p in usage_problems(GOOD, stale, {"toy.": {"toy.card"}}))


def test_the_old_unused_keys_are_gone():
    keys = {key for c in CATALOGUES.values() for key in c["en"]}
    gone = {"card.gone", "controls.error_help", "status.drew", "status.played", "status.undone", "plot.alt"}
    assert not keys & gone
    assert not {k for k in keys if k.startswith("winnable.")}  # the app's hints.winnable_* are the indicator's texts


def test_an_invalid_plural_entry_is_refused():
    with pytest.raises(ValueError, match="other"):
        Plural("n", one="{n} card")
    with pytest.raises(ValueError, match="unknown plural categories"):
        Plural("n", single="{n} card", other="{n} cards")
    with pytest.raises(ValueError, match="placeholder name"):
        Plural("n m", other="{n} cards")


def test_a_code_error_reason_is_a_declared_key():
    """The declared ``code.*`` family covers every reason InvalidCodeError documents."""
    doc = InvalidCodeError.__doc__ or ""
    for key in KEY_FAMILIES["code."]:
        assert f'``"{key.removeprefix("code.")}"``' in doc
