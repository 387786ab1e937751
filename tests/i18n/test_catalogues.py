"""Every message catalogue (tripeaks/locale): the gettext files compile, are complete and
reviewed in every language, have the English placeholders, their plural forms follow
CLDR, the templates are what ``pybabel extract`` makes, and no key is defined without a
use in the code (nor used without a definition).

Babel reads and checks the files (:func:`~babel.messages.pofile.read_po`,
:meth:`~babel.messages.catalog.Catalog.check`, :func:`~babel.messages.mofile.write_mo`);
:func:`po_problems` adds what gettext does not know: the placeholders and article
specs of :mod:`tripeaks.i18n.core`, and the ``#. count: {n}`` of a plural entry.

Keys built at run time (``f"explain.peak_{peak}"``) are declared once, in
:data:`KEY_FAMILIES` below, with every key they can build: a test fails on an
undeclared family in the code, on a declared family the code no longer builds,
and on a family key missing from the catalogues.
"""

from __future__ import annotations

import ast
import gettext
import io
import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po, write_po
from hypothesis import given
from hypothesis import strategies as st

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
from tripeaks.i18n.catalogues import DOMAINS, LOCALE_DIR, SOURCE_LANGUAGE, count_name, entries, sentences
from tripeaks.i18n.core import (
    ARTICLE_SPECS,
    PLURAL_CATEGORIES,
    lookup,
    placeholders,
    plural_categories,
    plural_category,
)
from tripeaks.solver import HintKind, Verdict

ROOT = Path(__file__).resolve().parents[2]

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
            keys |= {f"lesson.{lesson.id}.{task.key}.{reason}" for reason in task.reasons}  # why, after done
    return keys


KEY_FAMILIES: dict[str, set[str]] = {
    # tripeaks.i18n.classroom.problem_message / name_problem_message: one per reason
    "problem.": {f"problem.{p.value}" for p in Problem},
    "name.": {f"name.{n.value}" for n in NameProblem},
    # tripeaks.i18n.rank_name: the rank letters of card names, ranks 1–13
    "rank.": {f"rank.{rank}" for rank in range(1, 14)},
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
    # python -m tripeaks --help: the placeholder of each option's value (tripeaks.cli._metavar)
    "cli.metavar.": {
        f"cli.metavar.{name}"
        for name in (
            *("address", "best_deals", "code", "db", "deals", "file", "jobs"),
            *("max_nodes", "out", "pages", "port", "rule", "rules", "secret", "time_limit"),
        )
    },
    # python -m tripeaks solve: one header per Verdict
    "cli.header.": {f"cli.header.{v.value}" for v in Verdict},
    # python -m tripeaks --help: the help line of each subcommand
    "cli.help.": {f"cli.help.{command}" for command in ("solve", "winrate", "study", "class-server")},
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
def _strings(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value or "",)


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, abort_invalid=True)


def linguas(locale_dir: Path) -> list[str]:
    lines = (locale_dir / "LINGUAS").read_text(encoding="utf-8").splitlines()
    return [word for line in lines for word in line.split("#", 1)[0].split()]


def _categories(locale: str) -> tuple[str, ...]:
    tags = Locale.parse(locale).plural_form.tags
    return tuple(c for c in PLURAL_CATEGORIES if c in tags and c != "other") + ("other",)


def _placeholder_problems(where: str, english: str, text: str, lang: str) -> list[str]:
    try:
        fields = placeholders(text)
    except ValueError as exc:
        return [f"{where} is not a valid template ({exc})"]
    problems = []
    for name, spec, conversion in fields:
        if not name.isidentifier() or (spec and spec not in ARTICLE_SPECS.get(lang, ())) or conversion:
            problems.append(f"{where} has a placeholder that is not a plain name (or a card name with its article)")
    if {name for name, _, _ in fields} != {name for name, _, _ in placeholders(english)}:
        problems.append(f"{where} has other placeholders than the English: {text!r}")
    if not text or text != text.strip():
        problems.append(f"{where} is empty or has outer spaces: {text!r}")
    return problems


def po_problems(locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Every problem of the catalogues under ``locale_dir``, as sentences: a file that Babel cannot
    read, check or compile; an entry missing, extra, untranslated, fuzzy or obsolete; another
    msgid than the template's; placeholders (names, article specs) that are not the English
    ones; plural forms that are not the language's CLDR categories; a plural entry without
    its ``#. count: {n}``."""
    problems: list[str] = []
    languages = linguas(locale_dir)
    if not languages or languages[0] != SOURCE_LANGUAGE:
        problems.append(f"LINGUAS must list {SOURCE_LANGUAGE} first: {languages}")
    for domain in DOMAINS:
        template = {m.context: m for m in _read(locale_dir / f"{domain}.pot") if m.id}
        for lang in languages:
            path = locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"
            name = f"{lang}/{domain}.po"
            if not path.exists():
                problems.append(f"{name} is missing")
                continue
            try:
                catalog = _read(path)
            except PoFileError as exc:
                problems.append(f"{name} cannot be read: {exc}")
                continue
            for message, errors in catalog.check():
                problems += [f"{name}: {message.context}: {error}" for error in errors]
            try:
                gettext.GNUTranslations(io.BytesIO(_mo(catalog)))
            except Exception as exc:  # noqa: BLE001 - any failure to compile is the problem
                problems.append(f"{name} does not compile: {exc}")
            if catalog.locale is None:
                problems.append(f"{name} has no Language header")
                continue
            locale = str(catalog.locale_identifier)
            categories = _categories(locale)
            if catalog.num_plurals != len(categories):
                problems.append(f"{name}: Plural-Forms has {catalog.num_plurals} forms, CLDR {len(categories)}")
            problems += [f"{name}: {m.context} is obsolete: remove it" for m in catalog.obsolete.values()]
            found = {m.context: m for m in catalog if m.id}
            problems += [f"{name}: {key} is missing" for key in sorted(set(template) - set(found), key=str)]
            problems += [f"{name}: {key} is not in {domain}.pot" for key in sorted(set(found) - set(template), key=str)]
            for key, message in found.items():
                where = f"{name}: {key}"
                if key not in template:
                    continue
                if message.id != template[key].id:
                    problems.append(f"{where} has another msgid than {domain}.pot: run pybabel update")
                if message.fuzzy:
                    problems.append(f"{where} is fuzzy: review the translation, then remove the fuzzy flag")
                english = _strings(message.id)
                count = count_name(message.auto_comments)
                if isinstance(message.id, tuple) and (count is None or any(f"{{{count}" not in e for e in english)):
                    problems.append(f"{where}: a plural entry needs a '#. count: {{n}}' comment naming its count")
                strings = _strings(message.string)
                if lang == SOURCE_LANGUAGE:
                    if any(strings):
                        problems.append(f"{where}: the English catalogue keeps its msgstr empty")
                    for text in english:
                        problems += _placeholder_problems(where, english[0], text, "en")
                    continue
                if not all(strings):
                    problems.append(f"{where} is untranslated")
                    continue
                if isinstance(message.id, tuple) and len(strings) != len(categories):
                    problems.append(f"{where} has {len(strings)} plural forms, {lang} has {len(categories)}")
                for i, text in enumerate(strings):
                    problems += _placeholder_problems(f"{where} [{i}]", english[0], text, lang)
                    if count and f"{{{count}" not in text:
                        problems.append(f"{where} [{i}] does not show its count {{{count}}}")
    return problems


def _mo(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def pybabel(*args: str) -> None:
    """Run ``pybabel`` (Babel's own command line) in this process."""
    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(locale_dir: Path, domain: str, out: Path) -> None:
    """The documented ``pybabel extract`` of ``domain``'s template from its English catalogue."""
    pybabel(
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        "--no-location",
        "-o",
        str(out),
        str(locale_dir / SOURCE_LANGUAGE / "LC_MESSAGES" / f"{domain}.po"),
    )


def _template(path: Path) -> list[tuple[object, ...]]:
    return [(m.context, m.id, tuple(m.auto_comments), tuple(sorted(m.flags))) for m in _read(path) if m.id]


def defined_keys() -> set[str]:
    return {key for domain in DOMAINS for key in entries(domain, SOURCE_LANGUAGE)}


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
    defined: set[str], sources: Iterable[tuple[str, str]], families: Mapping[str, set[str]]
) -> list[str]:
    """Keys of ``defined`` never used, used and never defined, and undeclared or stale key
    families, reading ``sources`` ((name, Python text) pairs) with ``ast``."""
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
def test_every_catalogue_compiles_and_is_complete_reviewed_and_consistent():
    assert po_problems() == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_template_is_what_pybabel_extract_makes(domain, tmp_path):
    extract(LOCALE_DIR, domain, tmp_path / f"{domain}.pot")
    assert _template(tmp_path / f"{domain}.pot") == _template(LOCALE_DIR / f"{domain}.pot")


def test_the_languages_are_those_of_linguas():
    assert tuple(linguas(LOCALE_DIR)) == LANGUAGES and LANGUAGES[:3] == ("en", "pt", "fr")


def test_a_key_belongs_to_one_domain():
    owner: dict[str, str] = {}
    for domain in DOMAINS:
        for key in entries(domain, SOURCE_LANGUAGE):
            assert key not in owner, (key, owner.get(key), domain)
            owner[key] = domain


def test_no_sentence_catalogue_is_left_in_python():
    """The texts are the .po files: no module of tripeaks.i18n holds a dict per language."""
    for path in sorted((PACKAGE / "i18n").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                big = any(isinstance(v, ast.Dict) and len(v.keys) > 5 for v in node.values)
                assert not (keys >= {"pt", "fr"} and big), f"{path.name}:{node.lineno}"


def test_every_key_is_used_and_every_used_key_is_defined():
    assert usage_problems(defined_keys(), package_sources(), KEY_FAMILIES) == []


@given(st.integers(min_value=0, max_value=10**12))
def test_the_gettext_plural_forms_are_the_cldr_categories(n):
    """Each .po's Plural-Forms (Babel's gettext expression) numbers the forms as the CLDR
    categories that :func:`~tripeaks.i18n.core.lookup` chooses by, for any whole number."""
    for lang in LANGUAGES:
        expression = gettext.c2py(_plural_expressions()[lang])
        assert expression(n) == plural_categories(lang).index(plural_category(n, lang)), (lang, n)


def _plural_expressions() -> dict[str, str]:
    if not _PLURALS:
        for lang in LANGUAGES:
            _PLURALS[lang] = str(_read(LOCALE_DIR / lang / "LC_MESSAGES" / "engine.po").plural_expr)
    return _PLURALS


_PLURALS: dict[str, str] = {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_entry_renders_for_any_count(lang):
    """Each entry fills with numbers as counts and text elsewhere; no brace is left."""
    for domain in DOMAINS:
        for key, entry in entries(domain, lang).items():
            names = {name for form in entry.forms for name, _, _ in placeholders(form)}
            for n in (0, 1, 2, 5, 21, 1_000_000, 1.5):
                values = {name: (n if name == entry.count else f"<{name}>") for name in names}
                out = lookup(domain, key, lang, values)
                assert "{" not in out and "}" not in out, (domain, key, out)


def test_a_plural_entry_picks_the_form_of_its_count():
    assert lookup("solver", "solve.draws", "fr", {"draws": 1}) == "La suite pioche 1 carte."
    assert lookup("solver", "solve.draws", "fr", {"draws": 0}) == "La suite pioche 0 carte."
    assert lookup("solver", "solve.draws", "pt", {"draws": 0}) == "A solução compra 0 cartas do monte."
    assert (
        lookup("solver", "solve.draws", "fr", {"draws": 1_000_000}) == "La suite pioche 1\u202f000\u202f000 de cartes."
    )
    assert lookup("solver", "solve.draws", "en", {"draws": 1.5}) == "The line draws 1.5 cards from the stock."


def test_sentences_reads_one_language_with_every_plural_form():
    pt = list(sentences("pt"))
    assert ("solver", "solve.draws", "A solução compra {draws} carta do monte.") in pt
    assert ("solver", "solve.draws", "A solução compra {draws} cartas do monte.") in pt
    assert all(lang_text for _, _, lang_text in pt)
    with pytest.raises(UnknownLanguageError):
        list(sentences("xx"))


# ------------------------------------------------------------------ the checks catch what they should
@pytest.fixture
def locale_copy(tmp_path: Path) -> Path:
    """A scratch copy of tripeaks/locale to break."""
    return Path(shutil.copytree(LOCALE_DIR, tmp_path / "locale"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _po(locale_dir: Path, lang: str, domain: str) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def test_a_changed_english_sentence_makes_its_translations_fuzzy_until_reviewed(locale_copy):
    """The workflow: edit the English, pybabel extract, pybabel update: the tests fail."""
    assert po_problems(locale_copy) == []
    _edit(_po(locale_copy, "en", "app"), 'msgid "Score: {score}"', 'msgid "Your score: {score}"')
    extract(locale_copy, "app", locale_copy / "app.pot")
    pybabel("update", "--previous", "-i", str(locale_copy / "app.pot"), "-d", str(locale_copy), "-D", "app", "-l", "fr")
    problems = po_problems(locale_copy)
    assert "fr/app.po: header.score is fuzzy: review the translation, then remove the fuzzy flag" in problems
    assert "pt/app.po: header.score has another msgid than app.pot: run pybabel update" in problems
    fr = {m.context: m for m in _read(_po(locale_copy, "fr", "app"))}
    assert fr["header.score"].string == "Score\u00a0: {score}"  # kept for the translator to review
    assert '#| msgid "Score: {score}"' in _po(locale_copy, "fr", "app").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("lang", "domain", "old", "new", "problem"),
    [
        (
            "pt",
            "app",
            'msgstr "Pontuação: {score}"',
            'msgstr "Pontuação: {pontos}"',
            "other placeholders than the English",
        ),
        ("fr", "app", 'msgstr "Score\u00a0: {score}"', 'msgstr "Score\u00a0: {score:>3}"', "not a plain name"),
        ("fr", "app", 'msgstr "Score\u00a0: {score}"', 'msgstr "Score\u00a0: {score"', "not a valid template"),
        ("fr", "app", 'msgstr "Score\u00a0: {score}"', 'msgstr ""', "header.score is untranslated"),
        ("fr", "app", 'msgctxt "header.score"', '#, fuzzy\nmsgctxt "header.score"', "header.score is fuzzy"),
        (
            "pt",
            "solver",
            'msgstr[1] "A solução compra {draws} de cartas do monte."',
            "",
            "solve.draws is untranslated",
        ),
        ("pt", "engine", "nplurals=3;", "nplurals=2;", "more translations than num_plurals"),
        (
            "fr",
            "solver",
            'msgstr[0] "La suite pioche {draws} carte."',
            'msgstr[0] "La suite pioche une carte."',
            "does not show its count",
        ),
        ("en", "solver", "#. count: {draws}\n", "", "needs a '#. count: {n}' comment"),
        (
            "en",
            "app",
            'msgid "Score: {score}"\nmsgstr ""',
            'msgid "Score: {score}"\nmsgstr "Score: {score}"',
            "keeps its msgstr empty",
        ),
        (
            "fr",
            "app",
            'msgid ""\nmsgstr ""',
            '#~ msgctxt "gone"\n#~ msgid "Gone"\n#~ msgstr "Parti"\n\nmsgid ""\nmsgstr ""',
            "gone is obsolete",
        ),
    ],
)
def test_the_checks_catch_a_broken_catalogue(locale_copy, lang, domain, old, new, problem):
    _edit(_po(locale_copy, lang, domain), old, new)
    problems = po_problems(locale_copy)
    assert any(problem in p for p in problems), problems


def test_the_checks_catch_a_missing_entry_and_a_missing_language(locale_copy):
    catalog = _read(_po(locale_copy, "pt", "engine"))
    catalog.delete("Joker", context="card.joker")
    with _po(locale_copy, "pt", "engine").open("wb") as f:
        write_po(f, catalog)
    (locale_copy / "LINGUAS").write_text(" ".join([*LANGUAGES, "xx"]) + "\n", encoding="utf-8")
    problems = po_problems(locale_copy)
    assert "pt/engine.po: card.joker is missing" in problems
    assert "xx/engine.po is missing" in problems


def test_a_new_language_is_po_files_only(locale_copy):
    """Adding a language is one .po per domain (and its glossary) and a LINGUAS line: no Python.

    Spanish (CLDR: one, many, other), written here as copies of the English, passes the checks.
    """
    for domain in DOMAINS:
        catalog = _read(_po(locale_copy, "en", domain))
        catalog.locale = Locale.parse("es")
        # the English header numbers 2 forms; Spanish needs CLDR's 3 (one, many, other), as Babel's table gives
        catalog._num_plurals, catalog._plural_expr = 3, "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)"
        for message in catalog:
            if message.id:
                ids = _strings(message.id)
                message.string = (*ids, ids[-1]) if len(ids) > 1 else ids[0]
        path = _po(locale_copy, "es", domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=0)
    (locale_copy / "LINGUAS").write_text(" ".join([*LANGUAGES, "es"]) + "\n", encoding="utf-8")
    assert po_problems(locale_copy) == []
    _edit(_po(locale_copy, "es", "app"), "nplurals=3; plural=(n == 1 ? 0 :", "nplurals=2; plural=(n == 1 ? 0 :")
    assert any(
        "es/app.po cannot be read: msg has more translations than num_plurals" in p for p in po_problems(locale_copy)
    )
    _edit(_po(locale_copy, "es", "app"), "nplurals=2; plural=(n == 1 ? 0 :", "nplurals=3; plural=(n == 1 ? 0 :")
    assert "es/engine.po: card.joker is untranslated" in _without(locale_copy, "es", "engine", "card.joker")


def _without(locale_dir: Path, lang: str, domain: str, key: str) -> list[str]:
    """The problems once the translation of ``key`` is emptied."""
    path = _po(locale_dir, lang, domain)
    catalog = _read(path)
    for message in catalog:
        if message.context == key:
            message.string = ""
    with path.open("wb") as f:
        write_po(f, catalog)
    return po_problems(locale_dir)


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


def test_the_checks_catch_unused_undefined_and_undeclared_keys():
    defined = {"toy.card", "toy.left"}
    only_card = [("toy.py", 'x = text("toy.card", "en", card="A")\n')]
    assert usage_problems(defined, only_card, {}) == ["toy.left is defined but never used in the code"]
    typo = [("toy.py", 'x = text("toy.crad", "en")\ny = "toy.card", "toy.left"\n')]
    assert any("'toy.crad' is not in any catalogue" in p for p in usage_problems(defined, typo, {}))
    built = [("toy.py", 'x = text(f"toy.{what}", "en")\n')]
    assert any("declare the family" in p for p in usage_problems(defined, built, {}))
    assert usage_problems(defined, built, {"toy.": {"toy.card", "toy.left"}}) == []
    assert any("no catalogue defines" in p for p in usage_problems(defined, built, {"toy.": {"toy.card", "toy.lost"}}))
    stale = [("toy.py", 'y = "toy.card", "toy.left"\n')]
    assert any("no code builds it" in p for p in usage_problems(defined, stale, {"toy.": {"toy.card"}}))


def test_the_old_unused_keys_are_gone():
    keys = defined_keys()
    gone = {"card.gone", "controls.error_help", "status.drew", "status.played", "status.undone", "plot.alt"}
    assert not keys & gone
    assert not {k for k in keys if k.startswith("winnable.")}  # the app's hints.winnable_* are the indicator's texts


def test_a_code_error_reason_is_a_declared_key():
    """The declared ``code.*`` family covers every reason InvalidCodeError documents."""
    doc = InvalidCodeError.__doc__ or ""
    for key in KEY_FAMILIES["code."]:
        assert f'``"{key.removeprefix("code.")}"``' in doc
