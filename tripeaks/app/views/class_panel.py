"""Class results in the play app (opt-in): the student's name, every finished game recorded, the class challenge.

:class:`ClassroomTools` gives the app (:func:`tripeaks.app.factory.build_app` places its
widgets) what a class needs when a class database is configured (``TRIPEAKS_CLASS_DB``, or
``build_app(class_db=…)``; see :mod:`tripeaks.history.class_results`):

* a **name** line above the header (``tp-classbar``): the app asks once for
  the name the teacher will see (cleaned by :func:`tripeaks.history.class_results.clean_name`;
  a refused name says why and changes nothing).  The name is kept for the
  session (this kernel): a reload asks again.  Games finished before the name
  is given are kept (at most :data:`PENDING_MAX`) and recorded once it is.
* **every finished game recorded**, once, as the session reports it
  (:class:`~tripeaks.app.model.session.GameFinished`): won, blocked, time up, or
  abandoned after at least one move when another game replaces it.  Name,
  full code with its flags, rule set, result, score, moves, draws, undos,
  duration, record and time: the row of the game's one finished-game entry
  (:meth:`GameFinished.entry <tripeaks.app.model.session.GameFinished.entry>`),
  whose duration is the game's one clock, the same as the history's.
* the **class challenge** in the New game panel (``tp-challenge``):
  "Class challenge: TP1-…" and a button that deals it in one click (like
  Deal, it asks first when that would abandon a game in progress).

The database is used off the kernel's main thread (one worker thread per
process), so a click never waits for the file: a write that finds it locked
waits and retries there (:class:`~tripeaks.history.class_results.ClassStore`), and the
result comes back to the widgets on the kernel's event loop.  A student
never sees "database is locked": when the file cannot be used, the line
says once, quietly, that results are not being recorded, and the app plays
on as always; a single game lost to a lock that never freed says so too.

CSS classes: ``tp-classbar`` (the line), ``tp-classbar-name`` (the name
field), ``tp-classbar-save``, ``tp-classbar-prompt``, ``tp-classbar-note``
(what happened: ``tp-note-ok`` / ``tp-note-error`` / ``tp-note-quiet``
inside); ``tp-challenge``, ``tp-challenge-text``, ``tp-challenge-deal``.
"""

from __future__ import annotations

import html
import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from typing import Any, TypeVar

import ipywidgets as widgets

from ...history.class_results import (
    ClassRow,
    ClassStore,
    InvalidEntryError,
    InvalidNameError,
    NameProblem,
    Unavailable,
    clean_name,
)
from ...history.entry import GameEntry
from ...i18n.classroom import classroom_text, name_problem_message, problem_message
from .. import static
from ..model.clock import GameClock
from ..model.session import GameFinished, GameStarted, LanguageChanged, PlaySession, SessionEvent

__all__ = ["ClassroomTools", "PENDING_MAX", "CSS"]

log = logging.getLogger(__name__)

T = TypeVar("T")

PENDING_MAX = 50
"""Games finished before the student gave a name that are kept to be recorded (the latest)."""

CSS = static.text("class_panel.css")
"""Style of the name line and the challenge (``tp-*`` classes, colours of :mod:`tripeaks.app.views.theme`)."""

# One worker thread for every app of the process: the database is never touched on the main thread.
_EXECUTOR: ThreadPoolExecutor | None = None
_EXECUTOR_LOCK = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _EXECUTOR
    with _EXECUTOR_LOCK:
        if _EXECUTOR is None:
            _EXECUTOR = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tripeaks-class-db")
        return _EXECUTOR


def _main_thread() -> Callable[[Callable[[], None]], None]:
    """A function running a callable on the kernel's event loop (its main thread); without a kernel, at once."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return lambda fn: fn()
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    add_callback = getattr(loop, "add_callback", None)
    return add_callback if callable(add_callback) else (lambda fn: fn())


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class ClassroomTools:
    """The name line, the recording of finished games and the class challenge of one app.

    ``ClassroomTools(session, class_db)``: ``class_db`` is a
    :class:`~tripeaks.history.class_results.ClassStore` or the path of its file (opened on
    the worker thread; a file that cannot be used is reported once on the name line,
    never raised).  Widgets (public, read-only): ``bar`` (the line the app puts above the header), ``name_input``, ``save_button``,
    ``prompt``, ``note``; ``challenge_box``, ``challenge_text``,
    ``challenge_button`` (``challenge_box`` goes under the New game panel's message).  State: :attr:`name`,
    :attr:`store` (``None`` until it is opened), :attr:`challenge`,
    :attr:`recorded` and :attr:`missed` (games written, games lost to a lock).
    :meth:`wait` waits until every database task asked so far is done (tests).
    """

    def __init__(
        self,
        session: PlaySession,
        class_db: ClassStore | str | os.PathLike[str],
        clock: GameClock | None = None,
    ) -> None:
        self.session: PlaySession = session
        self.clock = clock
        """The app's game clock, started again when the page first shows the app (or ``None``)."""
        self.store: ClassStore | None = class_db if isinstance(class_db, ClassStore) else None
        self.name: str | None = None
        """The student's display name, once given (kept for the session)."""
        self.challenge: str | None = None
        """The class challenge code (canonical text), or ``None``."""
        self.recorded = 0
        """Games written to the class database by this app."""
        self.missed = 0
        """Games this app could not write although the database is available (it stayed locked)."""
        self._path = None if isinstance(class_db, ClassStore) else class_db
        self._pending: list[GameEntry] = []  # finished games waiting for the student's name
        self._problem: Unavailable | None = None
        self._name_error: NameProblem | None = None
        self._note: str | None = None  # "saved", "missed" or "problem" (with self._problem)
        self._call = _main_thread()
        self._tasks = 0
        self._idle = threading.Condition()

        self.name_input = widgets.Text(layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
        self.name_input.add_class("tp-classbar-name")
        self.save_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.save_button.add_class("tp-classbar-save")
        self.save_button.on_click(lambda _b: self.save_name(self.name_input.value))
        self.prompt = widgets.HTML()
        self.prompt.add_class("tp-classbar-prompt")
        self.note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.note.add_class("tp-classbar-note")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        self.bar = widgets.HBox([self.name_input, self.save_button, self.prompt, self.note, style])
        self.bar.add_class("tp-classbar")
        # ipywidgets counts the views of a model whose _view_count is a number: the page showing the bar.
        self.bar._view_count = 0
        self.bar.observe(self._shown, names="_view_count")

        self.challenge_text = widgets.HTML()
        self.challenge_text.add_class("tp-challenge-text")
        self.challenge_button = widgets.Button(icon="flag", layout=widgets.Layout(width="auto"))
        self.challenge_button.add_class("tp-challenge-deal")
        self.challenge_button.on_click(lambda _b: self._deal_challenge())
        self.challenge_box = widgets.HBox(
            [self.challenge_text, self.challenge_button], layout=widgets.Layout(display="none")
        )
        self.challenge_box.add_class("tp-challenge")

        self.session.subscribe(self._on_event)
        self.render()
        self._background(self._open, self._opened)

    # ------------------------------------------------------------------ the database, off the main thread
    def _background(self, work: Callable[[], T], then: Callable[[T], None]) -> None:
        """Run ``work()`` on the worker thread, then ``then(result)`` on the kernel's main thread."""
        with self._idle:
            self._tasks += 1

        def task() -> None:
            try:
                try:
                    result = work()
                except Exception:  # noqa: BLE001 - the class database is an extra: the game goes on
                    log.exception("TriPeaks class results: a database task failed")
                    return
                self._call(lambda: self._guarded(then, result))
            finally:
                with self._idle:
                    self._tasks -= 1
                    self._idle.notify_all()

        _executor().submit(task)

    def _guarded(self, then: Callable[[T], None], result: T) -> None:
        if self.session.closed:
            return
        try:
            then(result)
        except Exception:  # noqa: BLE001 - never an error in a student's game
            log.exception("TriPeaks class results could not be shown")

    def wait(self, timeout: float = 30.0) -> bool:
        """Wait until every database task asked so far is done (and, without a kernel, shown); True if so."""
        deadline = time.monotonic() + timeout
        with self._idle:
            while self._tasks:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._idle.wait(left)
        return True

    def _open(self) -> str | None:
        """(Worker) open the store if given as a path; the challenge."""
        if self.store is None:
            self.store = ClassStore(self._path)
        return _challenge(self.store)

    def _opened(self, challenge: str | None) -> None:
        self.challenge = challenge
        self._check_store()
        self.render()

    def _read_challenge(self) -> None:
        store = self.store
        if store is not None:
            self._background(lambda: _challenge(store), self._challenge_read)

    def _challenge_read(self, code: str | None) -> None:
        if code != self.challenge:
            self.challenge = code
            self.render()

    def _write(self, entries: list[ClassRow]) -> None:
        # The worker runs its tasks in order: the store is open (or failed to open) when this one runs.
        self._background(lambda: self._write_now(entries), self._written)

    def _write_now(self, entries: list[ClassRow]) -> tuple[int, int]:
        """(Worker) append ``entries``; (stored, not stored)."""
        store = self.store
        if store is None:
            return 0, len(entries)
        stored = sum(store.record_game(e) for e in entries)
        return stored, len(entries) - stored

    def _written(self, counts: tuple[int, int]) -> None:
        stored, lost = counts
        self.recorded += stored
        if self._check_store():
            self.render()
            return
        if lost:
            self.missed += lost
            self._note = "missed"
        elif stored and self._note == "missed":
            self._note = "saved"
        self.render()

    def _check_store(self) -> bool:
        """True when the store is off (and the line now says so, once)."""
        store = self.store
        if store is None or store.problem is None:
            return False
        if self._problem is None:
            self._problem = store.problem
            self._note = "problem"
            self._pending.clear()
        return True

    # ------------------------------------------------------------------ following the session
    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameFinished):
            self._finished(event)
        elif isinstance(event, GameStarted):
            self._read_challenge()
        elif isinstance(event, LanguageChanged):
            self.render()

    def _shown(self, change: dict[str, Any]) -> None:
        """The page shows the app: the clock of the game on screen starts now (the first time,
        :meth:`GameClock.page_shown <tripeaks.app.model.clock.GameClock.page_shown>`), and the
        challenge is read again."""
        if isinstance(change.get("new"), int) and change["new"] > 0:
            if self.clock is not None:
                self.clock.page_shown()
            self._read_challenge()

    def _finished(self, event: GameFinished) -> None:
        if self._problem is not None:
            return
        finished = event.entry(datetime.now(timezone.utc))
        if self.name is None:
            self._pending = [*self._pending, finished][-PENDING_MAX:]
            return
        self._write(_entries(self.name, [finished]))

    # ------------------------------------------------------------------ actions
    def save_name(self, text: str) -> bool:
        """Take ``text`` as the student's name (cleaned); True when taken.

        A refused name (empty, too long, control characters) says why and
        changes nothing.  Games finished before are recorded now.
        """
        try:
            name = clean_name(text)
        except InvalidNameError as exc:
            self._name_error = exc.reason
            self.render()
            return False
        self.name, self._name_error, self._note = name, None, "saved"
        pending, self._pending = self._pending, []
        if pending and self._problem is None:
            self._write(_entries(name, pending))
        self.render()
        return True

    def _deal_challenge(self) -> None:
        if self.challenge is not None:  # the player's own request: a game in progress is only left after a Yes
            self.session.request_deal_code(self.challenge)

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        """Texts in the session's language; what the line shows follows the state."""
        lang = self.session.lang
        asking = self.name is None and self._problem is None
        for w in (self.name_input, self.save_button, self.prompt):
            w.layout.display = None if asking else "none"
        self.name_input.description = classroom_text("name.label", lang)
        self.name_input.placeholder = classroom_text("name.placeholder", lang)
        self.save_button.description = classroom_text("name.save", lang)
        self.prompt.value = _esc(classroom_text("name.prompt", lang))
        note = self._note_html(lang)
        self.note.value = note
        self.note.layout.display = None if note else "none"
        quiet = self._problem is not None
        if quiet:
            self.bar.add_class("tp-classbar-quiet")
        else:
            self.bar.remove_class("tp-classbar-quiet")
        challenge = self.challenge
        if challenge is None:
            self.challenge_box.layout.display = "none"
            self.challenge_text.value = ""
        else:
            self.challenge_text.value = _esc(classroom_text("challenge.banner", lang, code=challenge))
            self.challenge_box.layout.display = None
        self.challenge_button.description = classroom_text("challenge.play", lang)
        self.challenge_button.tooltip = classroom_text("challenge.play_tip", lang)

    def _note_html(self, lang: str) -> str:
        if self._problem is not None:
            return f'<span class="tp-note-quiet" role="status">{_esc(problem_message(self._problem, lang))}</span>'
        if self._name_error is not None:
            text = name_problem_message(self._name_error, lang)
            return f'<span class="tp-note-error" role="alert">{_esc(text)}</span>'
        if self._note == "missed":
            return f'<span class="tp-note-quiet" role="status">{_esc(classroom_text("problem.missed", lang))}</span>'
        if self.name is not None:
            text = classroom_text("name.saved", lang, name=self.name)
            return f'<span class="tp-note-ok">{_esc(text)}</span>'
        return ""


def _challenge(store: ClassStore) -> str | None:
    found = store.challenge()
    return found.code if found is not None else None


def _entries(name: str, games: list[GameEntry]) -> list[ClassRow]:
    entries = []
    for f in games:
        try:
            entries.append(ClassRow.of(name, f))
        except InvalidEntryError:  # a game the store cannot hold (e.g. a record too long): never an error on screen
            log.exception("TriPeaks class results: a finished game cannot be recorded")
    return entries
