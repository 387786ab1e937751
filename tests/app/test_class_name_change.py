"""A student corrects the name they saved (headless): *Change name* opens the field with the saved
name, the new one is remembered by the browser (a reload uses it), the next results go under it,
the games recorded keep the old one, and the old name leaves "who is playing now"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from page import ui
from widget_state import plain

from tripeaks.app import build_app
from tripeaks.app.play import TriPeaksApp
from tripeaks.app.views.class_panel import ClassroomTools
from tripeaks.history.class_results import ENV_CHALLENGE, ClassStore, NameProblem
from tripeaks.i18n.classroom import classroom_text, name_problem_message
from tripeaks.i18n.engine import LANGUAGES

CODE = "TP1-E-AAAAAAB"


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    return tmp_path / "class.sqlite"


def class_app(db: Path, lang: str = "en") -> tuple[TriPeaksApp, ClassroomTools, list[Any]]:
    app = build_app(CODE, lang=lang, class_db=db)
    tools = app.classroom
    assert tools is not None and tools.wait()
    sent: list[Any] = []
    tools.memory.send = sent.append  # type: ignore[method-assign]  # what the page's localStorage is told
    return app, tools, sent


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def abandon_a_game(app: TriPeaksApp, tools: ClassroomTools) -> None:
    app.board.stock_button.click()
    ui(app).restart_button.click()
    if app.session.pending is not None:
        app.confirm.yes_button.click()
    assert tools.wait()


def remembered(sent: list[Any]) -> str | None:
    writes = [m["replace"]["name"] for m in sent if m.get("kind") == "write" and "replace" in m]
    return writes[-1] if writes else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_saved_name_can_be_corrected_and_the_next_results_go_under_the_new_one(db: Path, lang: str) -> None:
    app, tools, sent = class_app(db, lang)
    assert not shown(tools.change_button)  # nothing saved yet: nothing to change
    tools.name_input.value = "Anna Sofai"
    tools.save_button.click()
    assert tools.name == "Anna Sofai" and remembered(sent) == "Anna Sofai"
    abandon_a_game(app, tools)
    assert shown(tools.change_button) and not shown(tools.name_input)
    bar = list(tools.bar.children)
    assert bar.index(tools.change_button) == bar.index(tools.note) + 1  # after "… recorded as Anna Sofai."
    assert tools.change_button.description == classroom_text("name.change", lang)
    assert tools.change_button.tooltip == classroom_text("name.change_tip", lang)
    tools.change_button.click()
    assert shown(tools.name_input) and shown(tools.save_button) and shown(tools.cancel_button)
    assert tools.name_input.value == "Anna Sofai" and not shown(tools.change_button)
    assert tools.cancel_button.description == classroom_text("name.cancel", lang)
    tools.name_input.value = " Anna  Sofia "
    tools.save_button.click()
    assert tools.name == "Anna Sofia" and not shown(tools.name_input) and shown(tools.change_button)
    assert remembered(sent) == "Anna Sofia"  # the browser keeps the new name
    assert tools.wait()  # the games under the old name are counted on the worker
    note = plain(tools.note.value)
    assert note == classroom_text("name.changed", lang, name="Anna Sofia", old="Anna Sofai")
    abandon_a_game(app, tools)
    assert [g.name for g in ClassStore(db).games()] == ["Anna Sofai", "Anna Sofia"]
    # a reload: the browser gives back the new name, and the results still go under it
    again, tools2, _sent = class_app(db, lang)
    tools2.memory._received(tools2.memory, {"kind": "loaded", "text": json.dumps({"name": "Anna Sofia"})}, [])
    assert tools2.name == "Anna Sofia" and shown(tools2.change_button)
    abandon_a_game(again, tools2)
    assert [g.name for g in ClassStore(db).games()][-1] == "Anna Sofia"


def test_a_refused_correction_keeps_the_saved_name_and_cancel_closes_the_field(db: Path) -> None:
    app, tools, sent = class_app(db)
    assert tools.save_name("Ana")
    tools.change_button.click()
    tools.name_input.value = "   "
    tools.save_button.click()
    assert tools.name == "Ana" and shown(tools.name_input)
    assert plain(tools.note.value) == name_problem_message(NameProblem.EMPTY, "en")
    tools.cancel_button.click()
    assert tools.name == "Ana" and not shown(tools.name_input) and shown(tools.change_button)
    assert plain(tools.note.value) == classroom_text("name.saved", "en", name="Ana")
    assert remembered(sent) == "Ana"


def test_with_a_class_list_the_student_picks_another_name_from_it(db: Path) -> None:
    ClassStore(db).set_class_list(["Ana", "Anabela"])
    app, tools, sent = class_app(db)
    tools.name_choice.value = "Ana"
    tools.save_button.click()
    assert tools.name == "Ana"
    tools.change_button.click()
    assert shown(tools.name_choice) and not shown(tools.name_input) and tools.name_choice.value == "Ana"
    tools.name_choice.value = "Anabela"
    tools.save_button.click()
    assert tools.name == "Anabela" and remembered(sent) == "Anabela"


def test_the_old_name_leaves_who_is_playing_now(db: Path) -> None:
    app, tools, _sent = class_app(db)
    assert tools.save_name("Bob")
    app.board.stock_button.click()  # a move: the teacher's page lists Bob
    assert tools.wait() and [p.name for p in ClassStore(db).playing()] == ["Bob"]
    tools.change_button.click()
    tools.name_input.value = "Robert"
    tools.save_button.click()
    assert tools.wait() and ClassStore(db).playing() == []
    app.board.stock_button.click()  # the next move says the new name at once
    assert tools.wait() and [p.name for p in ClassStore(db).playing()] == ["Robert"]


def test_the_last_move_of_a_burst_reaches_who_is_playing_now(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Moves are told at most every LIVE_SECONDS; the last one of a quick burst is told at a later
    poll (it stayed unsaid: the teacher saw move 1 while the student was at move 6). The name stays
    as first typed whatever spelling says it again."""
    from tripeaks.app.views import class_panel

    now = [1000.0]
    monkeypatch.setattr(class_panel.time, "monotonic", lambda: now[0])
    app, tools, _sent = class_app(db)
    assert tools.save_name(" chloé ")
    for _ in range(6):  # six draws within a second
        app.board.stock_button.click()
        now[0] += 0.1
    assert tools.wait() and [(p.name, p.moves) for p in ClassStore(db).playing()] == [("chloé", 1)]
    tools.poll()  # too soon: nothing new is told
    assert tools.wait() and [p.moves for p in ClassStore(db).playing()] == [1]
    now[0] += class_panel.LIVE_SECONDS
    tools.poll()
    assert tools.wait() and [(p.name, p.moves, p.score) for p in ClassStore(db).playing()] == [
        ("chloé", 6, app.game.score)
    ]
    ClassStore(db).report_playing("Chloé", CODE, 7, 493)  # the same student, spelt otherwise
    assert [(p.name, p.moves) for p in ClassStore(db).playing()] == [("chloé", 7)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_changed_before_any_game_says_nothing_of_old_games(db: Path, lang: str) -> None:
    _app, tools, _sent = class_app(db, lang)
    tools.name_input.value = "Anna Sofai"
    tools.save_button.click()
    tools.change_button.click()
    tools.name_input.value = "Anna Sofia"
    tools.save_button.click()
    assert tools.wait() and tools.name == "Anna Sofia"
    assert plain(tools.note.value) == classroom_text("name.saved", lang, name="Anna Sofia")  # no "stay under …"
