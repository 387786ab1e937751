"""Class results in the play app (opt-in): the student's name, every finished game recorded, the class challenge.

:class:`ClassroomTools` gives the app (:func:`tripeaks.app.factory.build_app` places its
widgets) what a class needs when a class database is configured (``TRIPEAKS_CLASS_DB``, or
``build_app(class_db=…)``; see :mod:`tripeaks.history.class_results`):

* a **name** line above the header (``tp-classbar``): the app asks once for
  the name the teacher will see (cleaned by :func:`tripeaks.history.class_results.clean_name`;
  a refused name says why and changes nothing).  The name is remembered in
  the student's browser (localStorage, key :data:`NAME_KEY`): a reload or a
  new page of the same browser uses it again.  *Change name* (``tp-classbar-change``)
  opens the field again with the saved name, to correct it: the new name is remembered
  instead, and the next results go under it (those recorded keep the old one, which the line says when there are some).  Games finished before the name
  is given are kept (at most :data:`PENDING_MAX`), the line says how many wait
  for a name, and they are recorded once it is given.
* **every finished game recorded**, once, as the session reports it
  (:class:`~tripeaks.app.model.session.GameFinished`): won, blocked, time up, or
  abandoned after at least one move when another game replaces it.  A game is
  recorded **blocked the moment it becomes blocked** (the move that left no move):
  the teacher's leaderboard and files have it at once.  An undo can revive it; the
  same game's row then takes its later result (one game, one row:
  :meth:`ClassStore.record_game <tripeaks.history.class_results.ClassStore.record_game>`).  Name,
  full code with its flags, rule set, result, score, moves, draws, undos,
  duration, record and time: the row of the game's one finished-game entry
  (:meth:`GameFinished.entry <tripeaks.app.model.session.GameFinished.entry>`),
  whose duration is the game's one clock, the same as the history's.
* an optional **class list** (the teacher's, :meth:`ClassStore.class_list
  <tripeaks.history.class_results.ClassStore.class_list>`): the student then picks their
  name from it (``tp-classbar-choice``) instead of typing it; a remembered or typed name is
  matched to it regardless of case and surrounding spaces, and one not on it is refused.
* the **class challenge** on the name line (``tp-challenge``), visible without
  scrolling: "Class challenge: TP1-…" and a button that deals it in one click (like
  Deal, it asks first when that would abandon a game in progress).  Open pages
  read the challenge again every :data:`POLL_SECONDS` seconds, so a challenge the
  teacher changes reaches them; the button always deals the code it shows.  When
  the teacher chose it ("students start on the challenge"), a new page deals it.
* a **blocked game whose tab was closed** (or reloaded) counts in the student's statistics when
  the page opens again (:class:`~tripeaks.app.model.keeper.LeftGamesCounted`); it is recorded
  then too, blocked, like any other game (:meth:`ClassroomTools.record_left`).
* **who is playing now**: the name, code and move of the game on the table, written
  at most every :data:`LIVE_SECONDS` seconds while the student plays, and at once when the
  game becomes blocked (or an undo revives it); a name given before any move says the
  student joined.
* the **hints** asked in each game (the session's ``hints``, kept across a reload), recorded with it.

The database is used off the kernel's main thread (one worker thread per
process), so a click never waits for the file: a write that finds it locked
waits and retries there (:class:`~tripeaks.history.class_results.ClassStore`), and the
result comes back to the widgets on the kernel's event loop.  A student
never sees "database is locked": when the file cannot be used, the line
says once, quietly, that results are not being recorded, and the app plays
on as always; a single game lost to a lock that never freed says so too.

CSS classes: ``tp-classbar`` (the line), ``tp-classbar-name`` (the name
field), ``tp-classbar-save``, ``tp-classbar-change``, ``tp-classbar-cancel``, ``tp-classbar-prompt``, ``tp-classbar-note``
(what happened: ``tp-note-ok`` / ``tp-note-error`` / ``tp-note-quiet``
inside); ``tp-challenge``, ``tp-challenge-text``, ``tp-challenge-deal``.
"""

from __future__ import annotations

import html
import json
import logging
import os
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any, TypeVar

import ipywidgets as widgets

from ...engine.game import Status
from ...history.class_results import (
    ClassRow,
    ClassStore,
    InvalidEntryError,
    InvalidNameError,
    LiveState,
    NameProblem,
    Unavailable,
    clean_name,
    game_key,
    listed_name,
)
from ...history.entry import GameEntry, Outcome
from ...i18n.classroom import classroom_text, name_problem_message, problem_message
from .. import static
from ..model.clock import GameClock
from ..model.session import (
    GameFinished,
    GameStarted,
    LanguageChanged,
    MoveMade,
    MoveUndone,
    PlaySession,
    SessionEvent,
)
from .browser_store import BrowserStore

__all__ = ["ClassroomTools", "PENDING_MAX", "CSS", "POLL_SECONDS", "LIVE_SECONDS", "NAME_KEY"]

log = logging.getLogger(__name__)

T = TypeVar("T")

PENDING_MAX = 50
"""Games finished before the student gave a name that are kept to be recorded (the latest)."""
POLL_SECONDS = 3.0
"""How often an open page reads the class challenge again."""
LIVE_SECONDS = 5.0
"""At most how often a page says which move its student is at."""
NAME_KEY = "tripeaks-class-name"
"""The browser's localStorage key holding the student's name."""

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
    ``challenge_button`` (``challenge_box`` goes in the side column, above the New game panel).  State: :attr:`name`,
    :attr:`store` (``None`` until it is opened), :attr:`challenge`,
    :attr:`recorded` and :attr:`missed` (games written, games lost to a lock).
    :meth:`wait` waits until every database task asked so far is done (tests).
    """

    def __init__(
        self,
        session: PlaySession,
        class_db: ClassStore | str | os.PathLike[str],
        clock: GameClock | None = None,
        *,
        poll: float = POLL_SECONDS,
    ) -> None:
        self.session: PlaySession = session
        self.clock = clock
        """The app's game clock, started again when the page first shows the app (or ``None``)."""
        self.store: ClassStore | None = class_db if isinstance(class_db, ClassStore) else None
        self.name: str | None = None
        """The student's display name, once given (kept for the session)."""
        self.challenge: str | None = None
        """The class challenge code (canonical text), or ``None``."""
        self.class_list: list[str] = []
        """The teacher's class list (empty: none, the student types a name)."""
        self.recorded = 0
        """Games written to the class database by this app."""
        self.missed = 0
        """Games this app could not write although the database is available (it stayed locked)."""
        self._path = None if isinstance(class_db, ClassStore) else class_db
        self._pending: list[tuple[GameEntry, int]] = []  # finished games (and hints) waiting for a name
        self._problem: Unavailable | None = None
        self._name_error: NameProblem | None = None
        self._note: str | None = None  # "saved", "missed" or "problem" (with self._problem)
        self._call = _main_thread()
        self._tasks = 0
        self._idle = threading.Condition()
        self._live_at = 0.0  # when the last move was reported (monotonic seconds)
        self._live_due = False  # a move not reported yet (made within LIVE_SECONDS of the last report)
        self._live_state = LiveState.PLAYING  # the state last reported (a change is told at once)
        self._land = False  # the teacher's "students start on the challenge"
        self._landed = False
        self._shown_once = False  # the page has shown the app (a preheated kernel waits before that)
        self._stop = threading.Event()
        self.left_blocked: Callable[[], GameEntry | None] | None = None
        """The entry the blocked game on the table counts as, with its game's id (the app gives the
        keeper's :meth:`~tripeaks.app.model.keeper.Keeper.left_blocked`, so the row is the one the
        statistics count when the page opens again); ``None``: made here."""
        self._blocked: tuple[object, str] | None = None  # (the game recorded blocked, its game id)

        self.name_input = widgets.Text(layout=widgets.Layout(width="auto"), style={"description_width": "initial"})
        self.name_input.add_class("tp-classbar-name")
        self.save_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.save_button.add_class("tp-classbar-save")
        self.save_button.on_click(lambda _b: self._save_clicked())
        self.change_button = widgets.Button(icon="pencil", layout=widgets.Layout(width="auto", display="none"))
        self.change_button.add_class("tp-classbar-change")
        self.change_button.on_click(lambda _b: self.change_name())
        self.cancel_button = widgets.Button(layout=widgets.Layout(width="auto", display="none"))
        self.cancel_button.add_class("tp-classbar-cancel")
        self.cancel_button.on_click(lambda _b: self.keep_name())
        self._editing = False  # the student is correcting the saved name
        self._old_name: str | None = None  # the name before the last change (the note says so)
        self._old_games = 0  # how many games are recorded under it (none: the note does not speak of them)
        self.name_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", display="none"))
        self.name_choice.add_class("tp-classbar-choice")
        self.prompt = widgets.HTML()
        self.prompt.add_class("tp-classbar-prompt")
        self.note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.note.add_class("tp-classbar-note")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        self.memory = BrowserStore(key=NAME_KEY)
        """The name remembered in the student's browser."""
        self.memory.on_loaded = lambda text, *_rest: self._remembered(text)
        self.challenge_text = widgets.HTML()
        self.challenge_text.add_class("tp-challenge-text")
        self.challenge_button = widgets.Button(icon="flag", layout=widgets.Layout(width="auto"))
        self.challenge_button.add_class("tp-challenge-deal")
        self.challenge_button.on_click(lambda _b: self._deal_challenge())
        self.challenge_box = widgets.HBox(
            [self.challenge_text, self.challenge_button], layout=widgets.Layout(display="none")
        )
        self.challenge_box.add_class("tp-challenge")
        self.bar = widgets.HBox(
            [
                self.name_input,
                self.name_choice,
                self.save_button,
                self.cancel_button,
                self.prompt,
                self.note,
                self.change_button,  # after "Your results will be recorded as …"
                self.challenge_box,
                style,
                self.memory,
            ]
        )
        self.bar.add_class("tp-classbar")
        # ipywidgets counts the views of a model whose _view_count is a number: the page showing the bar.
        self.bar._view_count = 0
        self.bar.observe(self._shown, names="_view_count")

        self.session.subscribe(self._on_event)
        self.render()
        self._background(self._open, self._opened)
        if poll > 0:
            self._start_polling(poll)

    def _start_polling(self, seconds: float) -> None:
        """In a kernel, read the challenge again every ``seconds`` (a daemon thread that only asks)."""
        if not _in_kernel():
            return

        def loop() -> None:
            while not self._stop.wait(seconds):
                if self.session.closed:
                    return
                self._read_challenge()
                if self._live_due:  # the last move of a burst: told once LIVE_SECONDS have passed
                    self._call(lambda: self._guarded(lambda _x: self._flush_live(), None))

        threading.Thread(target=loop, name="tripeaks-class-challenge", daemon=True).start()

    def poll(self) -> None:
        """Read the challenge again now, and report a move not reported yet once :data:`LIVE_SECONDS`
        have passed since the last report (what the page does every :data:`POLL_SECONDS`)."""
        self._read_challenge()
        self._flush_live()

    def _flush_live(self) -> None:
        if self._live_due and time.monotonic() - self._live_at >= LIVE_SECONDS:
            self._moved()

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

    def _open(self) -> tuple[tuple[str | None, list[str]], bool]:
        """(Worker) open the store if given as a path; the challenge and class list, and whether pages
        start on the challenge."""
        if self.store is None:
            self.store = ClassStore(self._path)
        return _settings(self.store), self.store.option("land_on_challenge")

    def _opened(self, found: tuple[tuple[str | None, list[str]], bool]) -> None:
        settings, self._land = found
        self._check_store()
        self._settings_read(settings)
        self._maybe_land()
        self._joined()  # a name the browser remembered before the database was open
        self.render()

    def _maybe_land(self) -> None:
        """Deal the challenge once, when the teacher asked for it and no game has begun here."""
        if self._landed or not self._land or self.challenge is None:
            return
        self._landed = True
        game = self.session.game
        if game.moves or (game.code is not None and str(game.code) == self.challenge):
            return
        self.session.request_deal_code(self.challenge)

    def _read_challenge(self) -> None:
        store = self.store
        if store is not None:
            self._background(lambda: _settings(store), self._settings_read)

    def _settings_read(self, found: tuple[str | None, list[str]]) -> None:
        code, names = found
        changed = code != self.challenge or names != self.class_list
        self.challenge, self.class_list = code, names
        if names and self.name is not None:  # a name given before the list was known: written as the list writes it
            listed = listed_name(self.name, names)
            if listed is None:  # not on the list: the student picks theirs (games recorded so far keep it)
                self.name, self._name_error, changed = None, NameProblem.NOT_LISTED, True
            elif listed != self.name:
                self.name, changed = listed, True
        if changed:
            self.render()

    def _write(self, entries: list[ClassRow], *, again: bool = False) -> None:
        """Write ``entries``; ``again``: a later result of a game written already (not counted twice)."""
        # The worker runs its tasks in order: the store is open (or failed to open) when this one runs.
        self._background(lambda: self._write_now(entries), lambda counts: self._written(counts, again))

    def _write_now(self, entries: list[ClassRow]) -> tuple[int, int]:
        """(Worker) append ``entries``; (stored, not stored)."""
        store = self.store
        if store is None:
            return 0, len(entries)
        stored = sum(store.record_game(e) for e in entries)
        return stored, len(entries) - stored

    def _written(self, counts: tuple[int, int], again: bool = False) -> None:
        stored, lost = counts
        self.recorded += 0 if again else stored
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
            self._live_due = False  # recorded: the student leaves who is playing now
            self._finished(event)
        elif isinstance(event, GameStarted):
            self._live_due = False
            self._read_challenge()
        elif isinstance(event, (MoveMade, MoveUndone)):  # an undo can revive a blocked game
            self._moved()
            if isinstance(event, MoveMade) and self.session.game.status is Status.BLOCKED:
                self._record_blocked()
        elif isinstance(event, LanguageChanged):
            self.render()

    def _moved(self) -> None:
        """Tell the teacher's page the move the student is at (at most every LIVE_SECONDS), and
        at once when the game becomes blocked (no move left: the teacher sees it finished before
        it is recorded) or an undo revives it."""
        store, name = self.store, self.name
        if store is None or name is None or self._problem is not None:
            return
        game = self.session.game
        state = LiveState.BLOCKED if game.status is Status.BLOCKED else LiveState.PLAYING
        now = time.monotonic()
        if now - self._live_at < LIVE_SECONDS and state is self._live_state:
            self._live_due = True  # told at a later poll, so the teacher sees the last move of a burst
            return
        self._live_at, self._live_due, self._live_state = now, False, state
        code = str(game.code) if game.code is not None else None
        moves, score = game.moves, game.score
        self._background(lambda: store.report_playing(name, code, moves, score, state), lambda _ok: None)

    def _joined(self) -> None:
        """A name given with no move on the table yet: the teacher sees the student joined."""
        store, name, game = self.store, self.name, self.session.game
        if store is None or name is None or self._problem is not None or game.moves:
            return
        code = str(game.code) if game.code is not None else None
        self._live_state = LiveState.JOINED
        self._background(lambda: store.report_playing(name, code, 0, 0, LiveState.JOINED), lambda _ok: None)

    def _remembered(self, text: str | None) -> None:
        """The page said which name this browser remembers: use it unless one was given here."""
        if self.name is not None or not text:
            return
        try:
            value = json.loads(text)
        except ValueError:
            return
        name = value.get("name") if isinstance(value, dict) else None
        if isinstance(name, str):
            self.save_name(name, remember=False)

    def _shown(self, change: dict[str, Any]) -> None:
        """The page shows the app: the clock of the game on screen starts now (the first time,
        :meth:`GameClock.page_shown <tripeaks.app.model.clock.GameClock.page_shown>`), and the
        challenge is read again."""
        if isinstance(change.get("new"), int) and change["new"] > 0:
            if self.clock is not None:
                self.clock.page_shown()
            store = self.store
            if self._shown_once or store is None:
                self._read_challenge()
                return
            self._shown_once = True
            # A preheated kernel built the app before the page opened: the teacher may have asked
            # since for pages to start on the challenge, or changed it; read both again.
            self._background(lambda: (_settings(store), store.option("land_on_challenge")), self._first_shown)

    def _first_shown(self, found: tuple[tuple[str | None, list[str]], bool]) -> None:
        settings, self._land = found
        self._settings_read(settings)
        if not self.session.game.moves:  # nothing played here yet: land on the challenge shown now
            self._landed = False
        self._maybe_land()

    def _record_blocked(self) -> None:
        """The move just made left no move: record the game now, blocked, under its game's id (a
        later result of the same game, after an undo, replaces that row)."""
        if self._problem is not None or self.name is None:  # without a name: recorded as it leaves the table
            return
        entry = self._blocked_entry()
        if entry is None:
            return
        game = self.session.game
        known = self._blocked[1] if self._blocked is not None and self._blocked[0] is game else None
        key = game_key(entry.id) or known or uuid.uuid4().hex[:16]
        self._blocked = (game, key)
        self._write(_entries(self.name, [(entry, self.session.hints)], key), again=known is not None)

    def _blocked_entry(self) -> GameEntry | None:
        if self.left_blocked is not None:
            return self.left_blocked()
        session = self.session
        game = session.game
        start = session.continued_at or 0
        if not session.counts or game.status is not Status.BLOCKED or game.moves <= start:
            return None
        when = datetime.now(timezone.utc)
        return GameEntry.of(
            game, Outcome.BLOCKED, round(session.elapsed, 1), when, None, session.continued_at is not None
        )

    def _finished(self, event: GameFinished) -> None:
        if self._problem is not None:
            return
        blocked, self._blocked = self._blocked, None
        key = blocked[1] if blocked is not None and blocked[0] is event.game else None
        finished = event.entry(datetime.now(timezone.utc))
        hints = event.hints
        if key is not None:  # the game recorded blocked: its row takes this result
            finished = replace(finished, id=key)
        if self.name is None:
            self._pending = [*self._pending, (finished, hints)][-PENDING_MAX:]
            self.render()  # the line says a game waits for a name
            return
        self._write(_entries(self.name, [(finished, hints)]), again=key is not None)

    def record_at_exit(self, entry: GameEntry | None) -> bool:
        """Record now, on the calling thread, the blocked game ``entry`` that was still on the table
        when the page's kernel stopped (Voila stops it when the tab closes).  The same game counted
        when the page opens again (:meth:`record_left`) has the same id and is not stored twice.
        True when it is stored; nothing happens without a name, a store or an entry."""
        store = self.store
        if entry is None or self._problem is not None or self.name is None or store is None or not store.available:
            return False
        known = self._blocked[1] if self._blocked is not None and self._blocked[0] is self.session.game else None
        rows = _entries(self.name, [(entry, self.session.hints)], known)
        try:
            return bool(rows) and store.record_game(rows[0])
        except Exception:  # noqa: BLE001 - the kernel is stopping: never an error on the way out
            log.exception("TriPeaks class results: the game left blocked could not be recorded")
            return False

    def record_left(self, entries: Sequence[GameEntry]) -> None:
        """Record games the page left behind, counted by the student's statistics when the app
        opened again (:class:`~tripeaks.app.model.keeper.LeftGamesCounted`: a blocked game
        whose tab was closed or reloaded), with the outcome the statistics gave them.  Their
        hints are not known any more (0).  Before a name is given they wait for it."""
        if self._problem is not None or not entries:
            return
        games = [(e, 0) for e in entries]
        if self.name is None:
            self._pending = [*self._pending, *games][-PENDING_MAX:]
            self.render()
            return
        self._write(_entries(self.name, games))

    # ------------------------------------------------------------------ actions
    def save_name(self, text: str, *, remember: bool = True) -> bool:
        """Take ``text`` as the student's name (cleaned); True when taken.

        A refused name (empty, too long, control characters) says why and
        changes nothing.  Games finished before are recorded now.  With
        ``remember`` the browser keeps the name for its next pages.
        """
        try:
            name = clean_name(text)
        except InvalidNameError as exc:
            self._name_error = exc.reason
            self.render()
            return False
        if self.class_list:  # the teacher's list: a name on it, written as the list writes it
            listed = listed_name(name, self.class_list)
            if listed is None:
                self._name_error = NameProblem.NOT_LISTED
                self.render()
                return False
            name = listed
        old = self.name
        self.name, self._name_error, self._editing = name, None, False
        self._note = "changed" if old is not None and old != name else "saved"
        self._old_name = old if self._note == "changed" else None
        if remember:
            self.memory.write(replace={"name": name})
        store = self.store
        self._old_games = 0  # the note speaks of the old name's games only once some are found
        if self._note == "changed" and store is not None and self._problem is None and old is not None:
            self._live_at = 0.0  # the next move says the new name at once
            self._background(lambda: store.stop_playing(old), lambda _ok: None)
            self._background(lambda: len(store.games(name=old)), lambda count: self._old_counted(old, count))
        pending, self._pending = self._pending, []
        if pending and self._problem is None:
            self._write(_entries(name, pending))
        if old != name:
            self._joined()
        self.render()
        return True

    def _old_counted(self, old: str, count: int) -> None:
        """The games recorded under the name ``old`` (after the student changed it): said when some."""
        if self._old_name == old and count != self._old_games:
            self._old_games = count
            self.render()

    def change_name(self) -> None:
        """Open the name field again, holding the saved name, to correct it (*Change name*)."""
        if self.name is None or self._problem is not None:
            return
        self._editing, self._name_error = True, None
        self.name_input.value = self.name
        if self.class_list:
            self.name_choice.value = self.name if self.name in self.class_list else ""
        self.render()

    def keep_name(self) -> None:
        """Close the name field again, keeping the saved name (*Cancel*)."""
        self._editing, self._name_error = False, None
        self.render()

    def _save_clicked(self) -> None:
        chosen = self.name_choice.value if self.class_list else self.name_input.value
        self.save_name(chosen if isinstance(chosen, str) else "")

    def _deal_challenge(self) -> None:
        if self.challenge is not None:  # the player's own request: a game in progress is only left after a Yes
            self.session.request_deal_code(self.challenge)

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        """Texts in the session's language; what the line shows follows the state."""
        lang = self.session.lang
        asking = (self.name is None or self._editing) and self._problem is None
        listed = bool(self.class_list)
        for w in (self.save_button, self.prompt):
            w.layout.display = None if asking else "none"
        self.cancel_button.layout.display = None if asking and self.name is not None else "none"
        changeable = self.name is not None and not asking and self._problem is None
        self.change_button.layout.display = None if changeable else "none"
        self.change_button.description = classroom_text("name.change", lang)
        self.change_button.tooltip = classroom_text("name.change_tip", lang)
        self.cancel_button.description = classroom_text("name.cancel", lang)
        self.name_input.layout.display = None if asking and not listed else "none"
        self.name_choice.layout.display = None if asking and listed else "none"
        self.name_choice.description = classroom_text("name.label", lang)
        options = [(classroom_text("name.pick", lang), ""), *((n, n) for n in self.class_list)]
        if list(self.name_choice.options) != options:
            kept = self.name_choice.value
            self.name_choice.options = options
            self.name_choice.value = kept if kept in {v for _, v in options} else ""
        self.name_input.description = classroom_text("name.label", lang)
        self.name_input.placeholder = classroom_text("name.placeholder", lang)
        self.save_button.description = classroom_text("name.save", lang)
        self.prompt.value = _esc(classroom_text("name.prompt_listed" if listed else "name.prompt", lang))
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
        if self.name is None and self._pending:
            text = classroom_text("name.pending", lang, count=len(self._pending))
            return f'<span class="tp-note-error" role="alert">{_esc(text)}</span>'
        if self._note == "missed":
            return f'<span class="tp-note-quiet" role="status">{_esc(classroom_text("problem.missed", lang))}</span>'
        if self.name is not None and self._note == "changed" and self._old_name is not None and self._old_games:
            text = classroom_text("name.changed", lang, name=self.name, old=self._old_name)
            return f'<span class="tp-note-ok" role="status">{_esc(text)}</span>'
        if self.name is not None:
            text = classroom_text("name.saved", lang, name=self.name)
            return f'<span class="tp-note-ok">{_esc(text)}</span>'
        return ""


def _settings(store: ClassStore) -> tuple[str | None, list[str]]:
    """(Worker) the class challenge's code and the class list."""
    found = store.challenge()
    return (found.code if found is not None else None), store.class_list()


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    return getattr(get_ipython(), "kernel", None) is not None


def _entries(name: str, games: list[tuple[GameEntry, int]], key: str | None = None) -> list[ClassRow]:
    """The rows of ``games`` played by ``name``; ``key``: the game id of each (else the entry's)."""
    entries = []
    for f, hints in games:
        try:
            made = ClassRow.of(name, f, hints=hints)
            entries.append(made if key is None else replace(made, game_id=key))
        except InvalidEntryError:  # a game the store cannot hold (e.g. a record too long): never an error on screen
            log.exception("TriPeaks class results: a finished game cannot be recorded")
    return entries
