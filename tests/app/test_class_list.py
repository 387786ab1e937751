"""The optional class list: the teacher gives one name per line (the teacher's page or
``tripeaks class-server --class-list FILE``), and a student picks their name from it; names are
matched regardless of case and surrounding spaces (tripeaks.history.class_results,
tripeaks.app.views.class_panel, tripeaks.app.views.teacher_page), headless."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.app import build_app
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import (
    CLASS_LIST_MAX,
    ENV_CHALLENGE,
    ClassStore,
    InvalidClassListError,
    NameProblem,
    clean_name,
    listed_name,
    name_key,
    parse_class_list,
)
from tripeaks.i18n.classroom import classroom_text, name_problem_message
from tripeaks.i18n.engine import LANGUAGES

CODE = "TP1-E-AAAAAAB"
NAMES = ["Chloé", "Robert'); DROP TABLE games;--", "=1+1", "Ana Sofia"]

names = st.text(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")), min_size=1, max_size=20
).filter(lambda s: s.strip() != "")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    return tmp_path / "class.sqlite"


# ------------------------------------------------------------------ the list itself
@settings(max_examples=60, deadline=None)
@given(st.lists(names, max_size=12), st.lists(st.sampled_from(["", "  ", " \t"]), max_size=3))
def test_a_list_keeps_each_student_once_in_order_whatever_the_spacing_and_case(given_names, blanks):
    lines = [f"  {n} " if i % 2 else n.upper() if i % 3 == 0 else n for i, n in enumerate(given_names)] + blanks
    parsed = parse_class_list("\ufeff" + "\n".join(lines))
    assert len({name_key(n) for n in parsed}) == len(parsed)  # once each
    assert {name_key(n) for n in parsed} == {name_key(line) for line in lines if line.strip()}
    for line in lines:
        if line.strip():
            assert listed_name(line, parsed) is not None
            assert listed_name(f"  {line.strip()}  ", parsed) == listed_name(line, parsed)


def test_names_on_a_list_match_regardless_of_case_and_spaces():
    parsed = parse_class_list("\n".join(NAMES))
    assert parsed == NAMES
    assert listed_name("  chloé ", parsed) == "Chloé"
    assert listed_name("CHLOÉ", parsed) == "Chloé"
    assert listed_name("Chloe", parsed) is None  # an accent makes another name
    assert listed_name("ana   sofia", parsed) == "Ana Sofia"
    assert listed_name("", parsed) is None


@pytest.mark.parametrize(("text", "line"), [("Ana\nBea\tTab\n", 2), ("Ana\n" + "x" * 41, 2), ("\u202eAna", 1)])
def test_a_line_that_cannot_be_a_name_is_named(text, line):
    with pytest.raises(InvalidClassListError) as caught:
        parse_class_list(text)
    assert caught.value.line == line


def test_a_list_too_long_is_refused():
    with pytest.raises(InvalidClassListError):
        parse_class_list("\n".join(f"Student {i}" for i in range(CLASS_LIST_MAX + 1)))


def test_the_store_keeps_the_list_and_an_empty_list_removes_it(db):
    store = ClassStore(db)
    assert store.class_list() == []
    assert store.set_class_list(NAMES)
    assert ClassStore(db).class_list() == NAMES
    assert store.set_class_list([])
    assert ClassStore(db).class_list() == []
    with pytest.raises(InvalidClassListError):
        store.set_class_list(["Ana", "Be\x00a"])
    assert store.class_list() == []  # nothing changed


# ------------------------------------------------------------------ the student's name line
def student(db: Path):
    app = build_app(CODE, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    return app, tools


def test_with_a_list_the_student_picks_a_name_and_nothing_else(db):
    ClassStore(db).set_class_list(NAMES)
    _app, tools = student(db)
    assert tools.class_list == NAMES
    assert tools.name_input.layout.display == "none" and tools.name_choice.layout.display is None
    assert [v for _, v in tools.name_choice.options] == ["", *NAMES]
    # The line asks the student to pick the name (it said "Type the name…" over a menu).
    for lang in LANGUAGES:
        tools.session.set_language(lang)
        assert html.unescape(tools.prompt.value) == classroom_text("name.prompt_listed", lang)
    tools.session.set_language("en")
    tools.save_button.click()  # nothing picked
    assert tools.name is None and "tp-note-error" in tools.note.value
    tools.name_choice.value = "Chloé"
    tools.save_button.click()
    assert tools.name == "Chloé" and tools.name_choice.layout.display == "none"


def test_a_name_not_on_the_list_is_refused_and_one_on_it_takes_the_lists_spelling(db):
    ClassStore(db).set_class_list(NAMES)
    _app, tools = student(db)
    assert not tools.save_name("Zoé")
    assert name_problem_message(NameProblem.NOT_LISTED, "en") in tools.note.value
    assert tools.name is None
    assert tools.save_name("  chloé ")  # a remembered name, typed differently
    assert tools.name == "Chloé"


def test_a_list_given_while_a_page_is_open_reaches_it(db):
    _app, tools = student(db)
    assert tools.save_name("ROBERT'); drop table games;--")
    ClassStore(db).set_class_list(NAMES)
    tools.poll()
    assert tools.wait()
    assert tools.name == "Robert'); DROP TABLE games;--"  # on the list: as the list writes it
    ClassStore(db).set_class_list(["Ana Sofia"])
    tools.poll()
    assert tools.wait()
    assert tools.name is None and tools.name_choice.layout.display is None  # not on it: picks again


def test_without_a_list_the_student_types_a_name_as_before(db):
    _app, tools = student(db)
    assert tools.name_input.layout.display is None and tools.name_choice.layout.display == "none"
    assert tools.save_name("Zoé") and tools.name == "Zoé"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_name_picker_speaks_the_language(db, lang):
    ClassStore(db).set_class_list(NAMES)
    app, tools = student(db)
    app.session.set_language(lang)
    assert tools.name_choice.options[0][0] == classroom_text("name.pick", lang)


# ------------------------------------------------------------------ the teacher's page
def test_the_teacher_saves_a_list_and_a_bad_line_changes_nothing(db):
    view = ClassResults(db, environ={}, auto_refresh=0)
    assert view.save_class_list(" Chloé \n\nchloé\nAna Sofia\n")
    assert ClassStore(db).class_list() == ["Chloé", "Ana Sofia"]
    assert view.class_list_input.value == "Chloé\nAna Sofia"
    assert classroom_text("classlist.saved", "en", count=2) in view.challenge_message.value
    assert not view.save_class_list("Ana\nBad\tname")
    said = html.unescape(view.challenge_message.value)
    assert classroom_text("classlist.invalid", "en", line=2, name="Bad\tname") in said
    assert ClassStore(db).class_list() == ["Chloé", "Ana Sofia"]
    assert view.save_class_list("")
    assert ClassStore(db).class_list() == []
    again = ClassResults(db, environ={}, auto_refresh=0)
    assert again.class_list_input.value == ""


def test_the_list_box_is_read_once_and_not_overwritten_while_typing(db):
    ClassStore(db).set_class_list(["Ana"])
    view = ClassResults(db, environ={}, auto_refresh=0)
    assert view.class_list_input.value == "Ana"
    view.class_list_input.value = "Ana\nBe"  # the teacher is typing
    ClassStore(db).set_challenge(CODE)  # the data changes meanwhile: the page redraws
    view.refresh()
    assert view.class_list_input.value == "Ana\nBe"


def test_a_locked_teachers_page_changes_no_list(db):
    view = ClassResults(db, environ={}, secret="s3cret-s3cret", query="", auto_refresh=0)
    assert not view.save_class_list("Ana")
    assert ClassStore(db).class_list() == []


def test_clean_name_and_the_list_agree(db):
    assert parse_class_list(" Ana   Sofia ") == [clean_name(" Ana   Sofia ")]
