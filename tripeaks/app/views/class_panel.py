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
  duration (from the first view of the deal: for the game on screen when the
  page opens, from the moment the page shows it), record and time.
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
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, TypeVar

import ipywidgets as widgets

from ...engine.game import Game
from ...history.class_results import (
    ClassStore,
    GameEntry,
    InvalidEntryError,
    InvalidNameError,
    NameProblem,
    Result,
    Unavailable,
    clean_name,
)
from ...i18n.classroom import classroom_text, name_problem_message, problem_message
from ..model.session import GameFinished, GameStarted, LanguageChanged, PlaySession, SessionEvent

__all__ = ["ClassroomTools", "PENDING_MAX", "CSS"]

log = logging.getLogger(__name__)

T = TypeVar("T")

PENDING_MAX = 50
"""Games finished before the student gave a name that are kept to be recorded (the latest)."""

CSS = """
.tp-classbar { align-items: center; column-gap: 10px; row-gap: 2px; flex-wrap: wrap; padding: 4px 12px;
  border-radius: 10px; background: var(--tp-surface-alt); border: 1px solid var(--tp-border); font-size: 14px; }
.tp-classbar .widget-text { width: auto; }
.tp-classbar .widget-text input { width: 16em; }
.tp-classbar-prompt, .tp-classbar-note { font-size: 14px; }
.tp-classbar .tp-note-ok { color: var(--tp-ok-text); }
.tp-classbar .tp-note-error { color: var(--tp-error-text); font-weight: 600; }
.tp-classbar .tp-note-quiet { color: var(--tp-text-muted); font-style: italic; }
.widget-button.tp-classbar-save { border-radius: 8px; font-weight: 600; background: var(--tp-accent-bg); color: var(--tp-accent-text); }
.tp-classbar.tp-classbar-quiet { background: transparent; border-color: transparent; padding: 0 12px; }
.tp-challenge { align-items: center; gap: 10px; flex-wrap: wrap; }
.tp-challenge .tp-challenge-text { font-weight: 700; color: var(--tp-heading); font-size: 14px; }
.widget-button.tp-challenge-deal { border-radius: 8px; font-weight: 600; background: #fff3c4; color: #5d4300;
  border: 1px solid #e3c65c; width: auto; }
"""
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


@dataclass(frozen=True)
class _Finished:
    """A finished game waiting for the student's name: what :meth:`GameEntry.from_game` needs."""

    game: Game
    result: Result | None
    duration: float
    played_at: datetime


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

    def __init__(self, session: PlaySession, class_db: ClassStore | str | os.PathLike[str]) -> None:
        self.session: PlaySession = session
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
        self._pending: list[_Finished] = []
        self._problem: Unavailable | None = None
        self._name_error: NameProblem | None = None
        self._note: str | None = None  # "saved", "missed" or "problem" (with self._problem)
        self._started = time.monotonic()
        self._clock_from_view = True  # the game on screen: its clock starts when the page shows it
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

    def _write(self, entries: list[GameEntry]) -> None:
        # The worker runs its tasks in order: the store is open (or failed to open) when this one runs.
        self._background(lambda: self._write_now(entries), self._written)

    def _write_now(self, entries: list[GameEntry]) -> tuple[int, int]:
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
            self._started = time.monotonic()
            self._clock_from_view = False
            self._read_challenge()
        elif isinstance(event, LanguageChanged):
            self.render()

    def _shown(self, change: dict[str, Any]) -> None:
        """The page shows the app: the clock of the game on screen starts now, and the challenge is read again."""
        if isinstance(change.get("new"), int) and change["new"] > 0:
            if self._clock_from_view:
                self._started = time.monotonic()
                self._clock_from_view = False
            self._read_challenge()

    def _finished(self, event: GameFinished) -> None:
        if self._problem is not None:
            return
        finished = _Finished(
            event.game,
            Result.ABANDONED if event.abandoned else None,
            max(0.0, time.monotonic() - self._started),
            datetime.now(timezone.utc),
        )
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


def _entries(name: str, games: list[_Finished]) -> list[GameEntry]:
    entries = []
    for f in games:
        try:
            entries.append(
                GameEntry.from_game(name, f.game, duration=f.duration, result=f.result, played_at=f.played_at)
            )
        except InvalidEntryError:  # a game the store cannot hold (e.g. a record too long): never an error on screen
            log.exception("TriPeaks class results: a finished game cannot be recorded")
    return entries
