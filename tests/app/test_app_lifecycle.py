"""Closing the app and the lessons: widgets, figure and threads are freed; building again does not leak."""

from __future__ import annotations

import gc
import sys
import threading
import weakref

import comm
from page import ui

from tripeaks.app import build_app, factory
from tripeaks.app.views.lesson_page import build_lessons
from tripeaks.app.views.lifecycle import widget_tree

CODE = "TP1-E-AAAAAAB"


def open_comms() -> int:
    """Widgets alive: each open widget holds one comm in the comm manager."""
    return len(comm.get_comm_manager().comms)


def test_close_frees_every_widget_and_the_figure():
    build_app(CODE).close()  # the card styles shared by every board now exist
    before = open_comms()
    app = build_app(CODE)
    tree = list(widget_tree(app))
    assert open_comms() - before > 150  # the app's widgets (layouts and styles included)
    app.board.card_buttons[20].click()
    figure = weakref.ref(app.plot_panel.plot.figure)
    app.close()
    assert open_comms() == before
    # Only the card styles every board shares stay open.
    assert {type(w).__name__ for w in tree if w.comm is not None} == {"ButtonStyle"}
    gc.collect()
    assert app.plot_panel.plot.figure is None and figure() is None
    app.close()  # twice is harmless
    app.board.card_buttons[21].click()  # a late click does nothing
    assert app.game.moves == 1


def test_a_closed_app_is_garbage():
    app = build_app(CODE)
    app.board.stock_button.click()
    gone = weakref.ref(app)
    session = weakref.ref(app.session)
    app.close()
    del app
    gc.collect()
    assert gone() is None and session() is None


def test_building_and_closing_many_apps_keeps_widgets_threads_and_memory_flat():
    def one_app(close: bool = True) -> object:
        app = build_app(CODE)
        app.board.card_buttons[20].click()
        app.board.stock_button.click()
        ui(app).undo_button.click()
        app.set_language("pt")
        if close:
            app.close()
        return app

    for _ in range(2):
        one_app()
    gc.collect()
    comms, threads, blocks = open_comms(), threading.active_count(), sys.getallocatedblocks()
    for _ in range(6):
        one_app()
    gc.collect()
    closed = sys.getallocatedblocks() - blocks
    assert open_comms() == comms
    assert threading.active_count() <= threads
    kept = one_app(close=False)  # the yardstick: what one app left open holds
    gc.collect()
    one_open = sys.getallocatedblocks() - blocks - closed
    assert closed < one_open / 4, f"6 closed apps hold {closed} memory blocks, one open app {one_open}"
    kept.close()  # type: ignore[attr-defined]


def test_running_the_same_cell_again_closes_the_app_it_built_before(monkeypatch):
    cell = ["cell-1"]
    monkeypatch.setattr(factory, "current_cell", lambda: cell[0])
    first = build_app(CODE)
    second = build_app(CODE)  # the cell run again
    assert first.session.closed and not second.session.closed
    assert all(w.comm is None for w in (first, first.board, ui(first).undo_button))
    cell[0] = "cell-2"
    third = build_app(CODE)  # another cell: both stay
    assert not second.session.closed and not third.session.closed
    second.close()
    third.close()


def test_outside_a_notebook_there_is_no_cell():
    assert factory.current_cell() is None


def test_closing_the_lessons_frees_their_widgets():
    build_lessons().close()
    before = open_comms()
    view = build_lessons(start=8)  # the lesson with the plot
    view.board.card_buttons[0].click()
    done = view.run.tasks_done
    view.close()
    assert open_comms() == before
    view.show_button.click()  # a late click does nothing
    assert view.run.tasks_done == done
