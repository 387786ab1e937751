"""A class database path that cannot name a file (too long, a NUL byte, text the file system
cannot encode) is one of the store's states, like the other bad paths: never an exception,
never another file opened instead."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.history.class_results import ClassStore, Problem
from tripeaks.i18n.classroom import classroom_text


def files_in(folder: Path) -> set[str]:
    return set(os.listdir(folder))


@settings(max_examples=40, deadline=None)
@given(
    st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=["Cs"]), min_size=1, max_size=8),
    st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=["Cs"]), max_size=8),
)
def test_a_nul_byte_anywhere_is_a_bad_path_and_opens_nothing(tmp_path_factory, before, after):
    folder = tmp_path_factory.mktemp("nul")
    store = ClassStore(str(folder / f"{before}\x00{after}.db"))
    assert not store.available and store.problem.reason is Problem.BAD_PATH
    assert "NUL" in store.problem.detail
    assert files_in(folder) == set()  # SQLite would have cut the name at the NUL and made that file
    assert store.games() == [] and store.count() == 0


@pytest.mark.parametrize(
    ("where", "length"),
    [("file", 248), ("file", 256), ("file", 301), ("folder", 256), ("folder", 300), ("folder", 5000)],
)
def test_a_name_too_long_for_the_file_system_is_a_bad_path(tmp_path, length, where):
    name = "é" * (length // 2) if length % 4 == 0 else "x" * length  # bytes, not characters, count
    path = tmp_path / name if where == "file" else tmp_path / name / "class.db"
    store = ClassStore(path)
    assert not store.available and store.problem.reason is Problem.BAD_PATH
    assert files_in(tmp_path) == set()
    assert "ClassStore" in repr(store) and "bad_path" in repr(store)


def test_a_whole_path_longer_than_the_file_system_allows_is_a_bad_path(tmp_path):
    path = tmp_path.joinpath(*(["d" * 200] * 25), "class.db")
    store = ClassStore(path)
    assert store.problem is not None and store.problem.reason is Problem.BAD_PATH


def test_names_just_within_the_limits_still_work(tmp_path):
    store = ClassStore(tmp_path / ("é" * 122 + ".db"))  # 247 bytes: 255 with SQLite's "-journal"
    assert store.available, store.problem
    one_more = ClassStore(tmp_path / ("é" * 122 + "x.db"))
    assert one_more.problem is not None and one_more.problem.reason is Problem.BAD_PATH
    odd = ClassStore(tmp_path / os.fsdecode(b"caf\xe9.db"))  # not UTF-8: a name the file system holds as bytes
    assert odd.available, odd.problem
    assert os.fsencode(odd.path.name) in {os.fsencode(n) for n in os.listdir(tmp_path)}


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_the_bad_path_state_has_a_sentence_in_every_language(lang):
    text = classroom_text("problem.bad_path", lang)
    assert text and text != classroom_text("problem.no_folder", lang)
