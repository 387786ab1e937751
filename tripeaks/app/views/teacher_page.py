"""The teacher's view of the class results: lessons, the class challenge, who is playing now,
a leaderboard per code, each student's progress and games, a CSV export, plots of the
class's scores, an optional class list (students then pick their name from it), a
*Watch* that replays any stored game in the app's replay panel, a big-screen mode and a
Refresh button (it also refreshes by itself).

The teacher's secret: when ``TRIPEAKS_TEACHER_SECRET`` is set (``python -m tripeaks
class-server`` sets it and prints the teacher's link, ``…/class_results.ipynb?secret=…``),
the page shows nothing of the class and changes nothing until the secret is given, by
the link's ``secret`` parameter or typed in.  Each Voila page is its own kernel, so a
student who opens this page gets a locked page of their own.

Widgets only: every figure comes from :class:`tripeaks.history.class_results.ClassStore`
and every sentence from :mod:`tripeaks.i18n.classroom`.  The notebook
``notebooks/class_results.ipynb`` is one call::

    from tripeaks.app.views.teacher_page import build_class_results
    build_class_results()            # the database in TRIPEAKS_CLASS_DB; lang="pt" or "fr" also

With no database configured (or one that cannot be read) the view says so
and how to set one up.  Student names are shown as typed, escaped as text
(a name is never read as HTML).  The plots are one matplotlib ``Figure``
(no pyplot) drawn into a ``widgets.Image``, with a text for screen readers.
The view follows the page's light or dark theme (the palette of
:mod:`tripeaks.app.views.theme`), and a page bridge sets the page's language and
title (:class:`~tripeaks.app.views.bridge.PageBridge`).
"""

from __future__ import annotations

import base64
import functools
import hmac
import html
import io
import json
import logging
import math
import os
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets as widgets
import traitlets

from ...engine.codes import InvalidCodeError
from ...history.class_export import (
    GAME_COLUMNS,
    STUDENT_COLUMNS,
    CsvWords,
    csv_style,
    games_csv,
    needs_apostrophe,
    students_csv,
)
from ...history.class_results import (
    ALL_LESSONS,
    ENV_CHALLENGE,
    ENV_DB,
    ENV_TEACHER_SECRET,
    ChallengeSource,
    ClassRow,
    ClassStore,
    InvalidClassListError,
    InvalidEntryError,
    LeaderRow,
    Lesson,
    LiveState,
    Outcome,
    Problem,
    clean_lesson_name,
    leaderboard,
    name_key,
    parse_class_list,
    progress,
    tally_by_student,
)
from ...i18n.classroom import classroom_text, problem_message
from ...i18n.core import check_language, format_number
from ...i18n.engine import LANGUAGE_NAMES, LANGUAGES
from .. import static
from .bridge import PageBridge
from .browser_store import BrowserStore
from .theme import theme_widget
from .timer import format_elapsed

__all__ = [
    "ClassResults",
    "build_class_results",
    "REFRESH_SECONDS",
    "FULL_REDRAW_SECONDS",
    "IDLE_SECONDS",
    "LIVE_WINDOW_SECONDS",
    "FINISHED_SECONDS",
    "FREE_TRIES",
    "LOCKOUT_SECONDS",
    "LOCKOUT_MAX_SECONDS",
]

REFRESH_SECONDS = 3.0
"""How often the page looks for new games, moves or settings (it redraws only on a change)."""
PING_SECONDS = 30.0
"""How often the teacher's page, in a browser, tells its kernel it is still shown (:class:`PagePing`)."""
PING_TIMEOUT_SECONDS = 180.0
"""Without a word from a browser for this long, the page stops refreshing itself: a page whose
browser died (a crash, a laptop shut) then leaves its kernel idle, and Voila's idle culler stops it
(a background tab still pings about once a minute).  The next word resumes the refreshing."""
FULL_REDRAW_SECONDS = 10.0
"""At most how often new games redraw the tables and plots (who is playing now is redrawn at each look)."""

IDLE_SECONDS = 180.0
"""After how long without a move a student shows as idle: no longer playing (the list says when their last move was)."""
LIVE_WINDOW_SECONDS = 1200.0
"""How long a student who stopped moving (or closed the tab) stays in the list, as idle."""
FINISHED_SECONDS = 300.0
"""How long a student whose game was just recorded (won, blocked, abandoned …) stays in the list as finished."""

FREE_TRIES = 3
"""Wrong secrets a page takes without a wait; each one after them makes the page wait longer."""
LOCKOUT_SECONDS = 5.0
"""The wait after the first wrong secret past :data:`FREE_TRIES`; it doubles at each further one."""
LOCKOUT_MAX_SECONDS = 300.0
"""The longest wait between two tries of the secret."""

log = logging.getLogger(__name__)

_WON = "#1f7a44"
_NOT_WON = "#c62828"
_PLOT_SIZE = (920, 320)  # pixels
_LABEL_MAX = 14  # characters of a student's name under their bar (a longer one ends with an ellipsis)
_ELLIPSIS = "\u2026"  # ends a shortened name (a name, not a sentence: no language puts another mark)
_SETUP_EXAMPLE = (
    "TRIPEAKS_CLASS_DB=$HOME/class/results.sqlite voila --Voila.config_file_paths=config notebooks/tripeaks.ipynb"
)

_CSS = static.text("teacher_page.css")


def _esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _table(
    headers: Sequence[str],
    rows: Sequence[Sequence[tuple[Any, bool]]],
    css: str,
    row_css: Sequence[str] = (),
    col_css: Sequence[str] = (),
    labelled: bool = False,
) -> str:
    """An HTML table; every cell is (value, is_number) and is escaped as text; ``row_css`` a class
    per row, ``col_css`` a class per column ("" for none) on its header and cells; ``labelled``:
    each cell carries its column's header (``data-label``: a phone shows it over the value)."""

    def cls(j: int, *more: str) -> str:
        names = " ".join(n for n in (*more, col_css[j] if j < len(col_css) else "") if n)
        return f" class='{names}'" if names else ""

    def label(j: int) -> str:
        return f" data-label='{_esc(headers[j])}'" if labelled and j < len(headers) else ""

    head = "".join(f"<th scope='col'{cls(j)}>{_esc(h)}</th>" for j, h in enumerate(headers))
    body = "".join(
        (f"<tr class='{row_css[i]}'>" if i < len(row_css) else "<tr>")
        + "".join(f"<td{cls(j, 'tp-num' if num else '')}{label(j)}>{_esc(v)}</td>" for j, (v, num) in enumerate(r))
        + "</tr>"
        for i, r in enumerate(rows)
    )
    return f"<table class='tp-class-table {css}'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _when(iso: str) -> str:
    """``2026-05-09T10:00:00.000+00:00`` → ``2026-05-09 10:00`` (UTC)."""
    return iso[:16].replace("T", " ")


def _local(iso: str) -> datetime:
    """A stored UTC time in this machine's local time (the teacher's, on a class server)."""
    return datetime.fromisoformat(iso).astimezone()


def _when_local(iso: str) -> str:
    return _local(iso).strftime("%Y-%m-%d %H:%M")


def _now() -> datetime:
    """Now (UTC); the ages of the last moves are counted from it (tests move it on)."""
    return datetime.now(timezone.utc)


def _download(label: str, filename: str, text: str) -> str:
    """A link that downloads ``text`` (UTF-8) as ``filename``: works in Voila and JupyterLab."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f"<a class='tp-class-download' role='button' download='{_esc(filename)}' "
        f"href='data:text/csv;charset=utf-8;base64,{data}'>"
        f"<i class='fa fa-download' aria-hidden='true'></i><span>{_esc(label)}</span></a>"
    )


def _query_secret(query: str | None) -> str | None:
    if not query:
        return None
    values = parse_qs(query.lstrip("?")).get("secret")
    return values[0] if values else None


_ALL = "all"
_CSV_HEADERS = {  # the text of each CSV column's header (the tables' where they have the column)
    "lesson": "csv.lesson",
    "name": "column.name",
    "code": "column.code",
    "rules": "csv.rules",
    "result": "column.result",
    "score": "column.score",
    "moves": "column.moves",
    "draws": "csv.draws",
    "undos": "column.undos",
    "hints": "column.hints",
    "seconds": "csv.seconds",
    "from_record": "column.from_record",
    "played_at_local": "csv.played_at_local",
    "played_at_utc": "csv.played_at_utc",
    "record": "csv.record",
    "games": "column.games",
    "wins": "column.wins",
    "blocked": "column.blocked",
    "timed_out": "column.timed_out",
    "abandoned": "column.abandoned",
    "best_score": "column.best",
    "mean_score": "column.mean",
}
_OUTCOME_KEYS = {
    Outcome.WON: "outcome.won",
    Outcome.BLOCKED: "outcome.blocked",
    Outcome.TIME_UP: "outcome.time_up",
    Outcome.ABANDONED: "outcome.abandoned",
}
_BEFORE = "before"
_PRIVATE = "tp-col-private"  # a column the big screen hides when the teacher asks (hints, undos, abandons)
_OPEN = "tp-col-open"  # a column shown unless the big screen hides the abandons (the full Result)
_DISCREET = "tp-col-discreet"  # its stand-in then (the Result without the abandons)
_VIEW_KEY = "tripeaks-teacher-view"  # the browser's localStorage key of this page's settings


class PagePing(anywidget.AnyWidget):
    """Shows nothing; in a browser it sends ``{"kind": "ping"}`` at once and every ``every`` seconds
    (:data:`PING_SECONDS`).  :attr:`pinged_at` is when the last one came (``time.monotonic``); the
    kernel's start counts as one, so a page still loading is not taken for a dead one."""

    _esm = traitlets.Unicode(static.text("teacher_ping.js")).tag(sync=True)
    every = traitlets.Float(PING_SECONDS).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"
        self.add_class("tp-class-ping")
        self.pinged_at = time.monotonic()
        self.on_ping: Callable[[], None] | None = None
        self.on_msg(self._received)

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            self.pinged_at = time.monotonic()
            if self.on_ping is not None:
                self.on_ping()

    @property
    def shown(self) -> bool:
        """True while a browser said, within :data:`PING_TIMEOUT_SECONDS`, that it shows the page."""
        return time.monotonic() - self.pinged_at < PING_TIMEOUT_SECONDS


class ClassResults(widgets.VBox):
    """The teacher's view over the class database ``db`` (a path; ``None``: ``TRIPEAKS_CLASS_DB``).

    ``lang`` "en", "pt" or "fr" (a menu switches it); ``environ`` replaces
    ``os.environ`` (tests).  ``secret`` the teacher's secret (default
    ``TRIPEAKS_TEACHER_SECRET``; ``None`` or empty: no secret, the page is open);
    ``query`` the page's query string (default: Voila's, read only when a
    secret is set).  ``auto_refresh`` seconds between looks for a change
    (0: only the Refresh button; without a running kernel the page never polls,
    :meth:`check_for_changes` does one look), while a browser shows the page (:attr:`ping`: no
    word from one for :data:`PING_TIMEOUT_SECONDS`, the looks stop until the next).  :meth:`refresh` reads the
    database again, reopening it.  ``clock`` gives seconds (default
    ``time.time``): after :data:`FREE_TRIES` wrong secrets the page takes
    no secret, not even the right one, for :data:`LOCKOUT_SECONDS`, doubled at
    each further wrong one up to :data:`LOCKOUT_MAX_SECONDS`.  The wrong secrets are counted
    in the class database, for the whole server: every page of the teacher's notebook (a wrong
    secret in the link too, and a reloaded page) adds to one count, which the right secret clears.  Raises :class:`~tripeaks.i18n.UnknownLanguageError`
    (a ``ValueError`` naming the languages) for an unknown language.
    """

    def __init__(
        self,
        db: str | os.PathLike[str] | None = None,
        lang: str = "en",
        environ: Mapping[str, str] | None = None,
        *,
        secret: str | None = None,
        query: str | None = None,
        auto_refresh: float = REFRESH_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        check_language(lang)
        self._clock = clock
        self._view_loading = False
        self._wrong = 0
        self._locked_until = 0.0
        self._db = db
        self._environ = environ
        self._lang = lang
        env = os.environ if environ is None else environ
        self._secret = (secret if secret is not None else env.get(ENV_TEACHER_SECRET, "")).strip()
        self.unlocked = not self._secret
        """False while the page waits for the teacher's secret: nothing is read or changed."""
        self._message: Callable[[str], str] | None = None
        self._message_kind = ""
        self._message_lesson = False
        self._picking = False
        self._pending_challenge: str | None = None
        self._pending_lesson: tuple[str, str | None] | None = None
        self._seen_challenge: str | None = None
        self._signature: tuple[Any, ...] = ()
        self._stop = threading.Event()
        self.store: ClassStore = self._open()
        self.read_at: datetime | None = None
        self.redraws = 0
        self._full_at = float("-inf")
        """How many times the page redrew from the database (tests, benchmarks)."""

        style = theme_widget()  # the palette of tripeaks.app.views.theme (light and dark), then this view's own rules
        style.value += f"<style>{_CSS}</style>"
        style.add_class("tp-class-style")
        self.title = widgets.HTML()
        self.language = widgets.Dropdown(options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=lang)
        self.language.observe(lambda change: self._guard(self._language_changed, change["new"]), names="value")
        self.refresh_button = widgets.Button(icon="refresh", layout=widgets.Layout(width="auto"))
        self.refresh_button.add_class("tp-class-refresh")
        self.refresh_button.on_click(lambda _b: self._guard(self.refresh))
        self.big_screen = widgets.ToggleButton(icon="television", layout=widgets.Layout(width="auto"))
        self.big_screen.add_class("tp-class-bigscreen")
        self.big_screen.observe(lambda _c: self._guard(self._big_screen_changed), names="value")
        self.discreet = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
        """Hide the hints, undos and abandons columns on the big screen (remembered by the browser)."""
        self.discreet.add_class("tp-class-discreet-toggle")
        self.discreet.observe(lambda change: self._guard(self._discreet_changed, change["new"]), names="value")
        self.view_memory = BrowserStore(key=_VIEW_KEY)
        """This page's settings remembered in the teacher's browser (the big screen's hidden columns)."""
        self.view_memory.on_loaded = lambda text, *_rest: self._guard(self._view_remembered, text)
        self.info = widgets.HTML()
        self.info.add_class("tp-class-info")

        # the lock
        self.lock_text = widgets.HTML()
        self.secret_input = widgets.Password(layout=widgets.Layout(width="auto"))
        self.secret_input.add_class("tp-class-secret")
        self.unlock_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.unlock_button.add_class("tp-class-unlock")
        self.unlock_button.on_click(lambda _b: self._guard(self.unlock, self.secret_input.value))
        self.lock_message = widgets.HTML()
        self.lock_message.add_class("tp-class-message")
        self.lock_box = widgets.VBox(
            [self.lock_text, widgets.HBox([self.secret_input, self.unlock_button]), self.lock_message]
        )
        self.lock_box.add_class("tp-class-lock")

        # lessons
        self.lesson_heading = widgets.HTML()
        self.lesson_status = widgets.HTML()
        self.lesson_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.lesson_picker.add_class("tp-class-lesson-picker")
        self.lesson_picker.observe(lambda _c: self._guard(self._lesson_changed), names="value")
        self.lesson_name = widgets.Text(layout=widgets.Layout(width="auto"))  # widths: _retext
        self.lesson_name.add_class("tp-class-lesson-name")
        self.lesson_challenge = widgets.Text(layout=widgets.Layout(width="auto"))
        self.lesson_challenge.add_class("tp-class-lesson-challenge")
        self.lesson_start = widgets.Button(icon="plus", layout=widgets.Layout(width="auto"))
        self.lesson_start.add_class("tp-class-lesson-start")
        self.lesson_start.on_click(lambda _b: self._guard(self._ask_lesson))
        self.lesson_yes = widgets.Button(button_style="warning", layout=widgets.Layout(width="auto"))
        self.lesson_yes.add_class("tp-class-lesson-yes")
        self.lesson_yes.on_click(lambda _b: self._guard(self._start_lesson))
        self.lesson_no = widgets.Button(layout=widgets.Layout(width="auto"))
        self.lesson_no.on_click(lambda _b: self._guard(self._cancel_lesson))
        self.lesson_confirm_text = widgets.HTML()
        self.lesson_confirm = widgets.HBox(
            [self.lesson_confirm_text, self.lesson_yes, self.lesson_no], layout=widgets.Layout(display="none")
        )
        self.lesson_confirm.add_class("tp-class-confirm")
        self.lesson_controls = widgets.HBox([self.lesson_name, self.lesson_challenge, self.lesson_start])
        self.lesson_controls.add_class("tp-class-controls")

        # the challenge
        self.challenge_heading = widgets.HTML()
        self.challenge_status = widgets.HTML()
        self.challenge_status.add_class("tp-class-challenge")
        self.challenge_input = widgets.Text(layout=widgets.Layout(width="auto"))
        self.challenge_input.add_class("tp-class-challenge-input")
        self.challenge_input.observe(self._challenge_typed, names="value")
        self.challenge_set = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.challenge_set.add_class("tp-class-set")
        self.challenge_set.on_click(lambda _b: self._guard(self._set_challenge))
        self.challenge_clear = widgets.Button(layout=widgets.Layout(width="auto"))
        self.challenge_clear.on_click(lambda _b: self._guard(self._clear_challenge))
        self.challenge_keep = widgets.Button(
            button_style="warning", layout=widgets.Layout(width="auto", display="none")
        )
        self.challenge_keep.add_class("tp-class-keep")
        self.challenge_keep.on_click(lambda _b: self._guard(self._keep_challenge))
        self.land = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
        self.land.add_class("tp-class-land")
        self.land.observe(lambda change: self._guard(self._land_changed, change["new"]), names="value")
        self.challenge_message = widgets.HTML()
        self.challenge_message.add_class("tp-class-message")  # a live region: read out when it changes
        self.lesson_message = widgets.HTML()
        """What became of the lesson asked for (started, cancelled, refused): by its buttons."""
        self.lesson_message.add_class("tp-class-message")
        self.challenge_controls = widgets.HBox(
            [self.challenge_input, self.challenge_set, self.challenge_clear, self.challenge_keep, self.land]
        )
        self.challenge_controls.add_class("tp-class-controls")

        # the class list
        self.class_list_heading = widgets.HTML()
        self.class_list_help = widgets.HTML()
        self.class_list_input = widgets.Textarea(layout=widgets.Layout(width="100%", max_width="36em", height="8em"))
        self.class_list_input.add_class("tp-class-list-input")
        self.class_list_save = widgets.Button(
            button_style="success", layout=widgets.Layout(width="auto", align_self="flex-start")
        )
        self.class_list_save.add_class("tp-class-list-save")
        self.class_list_save.on_click(lambda _b: self._guard(self.save_class_list, self.class_list_input.value))
        self.class_list_box = widgets.VBox(
            [self.class_list_heading, self.class_list_help, self.class_list_input, self.class_list_save]
        )
        self.class_list_box.add_class("tp-class-manage")  # hidden on the big screen, like the other controls
        self.class_list_box.add_class("tp-class-list")
        self._class_list_read = False

        self.live_heading = widgets.HTML()
        self.live = widgets.HTML()
        self.live.add_class("tp-class-live")
        self.leaderboard_heading = widgets.HTML()
        self.code_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.code_picker.add_class("tp-class-code-picker")
        self.code_picker.observe(lambda _c: self._guard(self._code_changed), names="value")
        self.leaderboard_summary = widgets.HTML()
        self.leaderboard = widgets.HTML()
        self.leaderboard.add_class("tp-class-leaderboard")
        self.progress_heading = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress.add_class("tp-class-progress")
        self.attempts_heading = widgets.HTML()
        self.student_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.student_picker.observe(lambda _c: self._guard(self._render_attempts), names="value")
        self.attempts = widgets.HTML()
        self.attempts.add_class("tp-class-attempts")
        self.attempt_picker = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto"))
        self.attempt_picker.add_class("tp-class-attempt-picker")
        self.watch_button = widgets.Button(icon="play", layout=widgets.Layout(width="auto"))
        self.watch_button.add_class("tp-class-watch")
        self.watch_button.on_click(lambda _b: self._guard(self.watch_attempt))
        self.watch_controls = widgets.HBox([self.attempt_picker, self.watch_button])
        self.watch_controls.add_class("tp-class-watch-controls")
        self.watch_title = widgets.HTML()
        self.watch_close = widgets.Button(icon="times", layout=widgets.Layout(width="auto"))
        self.watch_close.add_class("tp-class-watch-close")
        self.watch_close.on_click(lambda _b: self._guard(self._close_watch))
        self.watch_box = widgets.VBox([self.watch_title], layout=widgets.Layout(display="none"))
        self.watch_box.add_class("tp-class-watch-box")
        self.watched: ClassRow | None = None
        """The stored game last opened with *Watch* (``None`` before)."""
        self.replay_panel: Any = None
        """The app's replay panel (:class:`~tripeaks.app.views.replay_panel.ReplayPanel`), made at the first *Watch*."""
        self._watch_session: Any = None
        self.export_heading = widgets.HTML()
        self.export = widgets.HTML()
        self.export.add_class("tp-class-export")
        self.export_note = widgets.HTML()
        """What the downloads' files hold that a teacher may not expect."""
        self.export_note.add_class("tp-class-export-note")
        self.export_games = ""
        """The last CSV text of the games (one row per game)."""
        self.export_students = ""
        """The last CSV text of the students (one row per student per lesson)."""
        self.plot_heading = widgets.HTML()
        self.plot = widgets.Image(format="png", layout=widgets.Layout(width="100%", max_width=f"{_PLOT_SIZE[0]}px"))
        self.plot.add_class("tp-class-plot")
        self.plot_png = b""
        """The PNG bytes last drawn (empty when there is nothing to plot)."""
        self._figure: Any = None
        self._canvas: Any = None
        self._games: list[ClassRow] = []
        self._lessons: list[Lesson] = []

        self.big_title = widgets.HTML()
        """The lesson's name and the class challenge, shown on the big screen only."""
        self.big_title.add_class("tp-class-bigtitle")
        # each section's controls under its own heading: a new lesson's name and challenge in the
        # lesson's, the class challenge's code in the challenge's (they sat side by side under the latter)
        manage = widgets.VBox([self.lesson_controls, self.lesson_confirm, self.lesson_message])
        manage.add_class("tp-class-manage")
        self.challenge_controls.add_class("tp-class-manage")
        self.results = widgets.VBox(
            [
                self.big_title,
                self.lesson_heading,
                self.lesson_status,
                self.lesson_picker,
                manage,
                self.challenge_heading,
                self.challenge_status,
                self.challenge_controls,
                self.challenge_message,
                self.class_list_box,
                self.live_heading,
                self.live,
                self.leaderboard_heading,
                self.code_picker,
                self.leaderboard_summary,
                self.leaderboard,
                self.progress_heading,
                self.progress,
                self.attempts_heading,
                self.student_picker,
                self.attempts,
                self.watch_controls,
                self.watch_box,
                self.export_heading,
                self.export_note,
                self.export,
                self.plot_heading,
                self.plot,
            ]
        )
        top = widgets.HBox(
            [self.title, self.refresh_button, self.big_screen, self.discreet, self.language, self.view_memory],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        top.add_class("tp-class-top")
        shown_on_big_screen = {
            self.big_title,
            self.big_screen,
            self.live_heading,
            self.live,
            self.leaderboard_heading,
            self.code_picker,
            self.leaderboard_summary,
            self.leaderboard,
        }
        for part in (*top.children, self.info, *self.results.children):  # every other part: not on the big screen
            if part not in shown_on_big_screen:
                part.add_class("tp-class-detail")
        self.page_bridge = PageBridge(lang=lang, root=".tp-class", live=".tp-class-message")
        """The page's language and title, and the plots' text for screen readers."""
        self.ping = PagePing()
        """Says whether a browser still shows the page: the page refreshes itself only then."""
        super().__init__([style, top, self.lock_box, self.info, self.results, self.page_bridge, self.ping])
        self.add_class("tp-class")
        self.add_class("tp-themed")  # its labels and texts follow the page's light or dark theme
        self._retext()
        if not self.unlocked:
            given = _query_secret(query if query is not None else _voila_query())
            if given is not None:
                self.unlock(given)
        self._show_lock()
        if self.unlocked:
            self.refresh()
        if auto_refresh > 0:
            self._start_polling(auto_refresh)

    # ------------------------------------------------------------------ public
    @property
    def lang(self) -> str:
        return self._lang

    def set_language(self, lang: str) -> None:
        """Switch every text to ``lang`` ("en", "pt", "fr").

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``) for another one.
        """
        self.language.value = check_language(lang)

    def unlock(self, text: str) -> bool:
        """Open the page with the teacher's secret ``text``; a wrong one says so and changes nothing.

        While the page waits after repeated wrong secrets (see :class:`ClassResults`), no
        secret is tried: the page says how long is left and returns False."""
        if self.unlocked:
            return True
        left = self.wait_seconds
        if left > 0:
            self.secret_input.value = ""
            seconds = max(1, math.ceil(left))
            self.lock_message.value = (
                f"<div class='tp-class-note tp-class-error'>{_esc(self._t('lock.wait', seconds=seconds))}</div>"
            )
            return False
        if isinstance(text, str) and text and hmac.compare_digest(text.strip().encode(), self._secret.encode()):
            self.unlocked = True
            if self._tries()[0]:
                self._set_tries(0, 0.0)  # the teacher is in: the next lesson's typos start a new count
            self.secret_input.value = ""
            self.lock_message.value = ""
            self._show_lock()
            self.refresh()
            return True
        self.secret_input.value = ""
        wrong, until = self._tries()
        wrong += 1
        message = self._t("lock.wrong")
        if wrong >= FREE_TRIES:
            wait = min(LOCKOUT_MAX_SECONDS, LOCKOUT_SECONDS * 2 ** (wrong - FREE_TRIES))
            until = self._clock() + wait
            message += " " + self._t("lock.wait", seconds=math.ceil(wait))
        self._set_tries(wrong, until)
        self.lock_message.value = f"<div class='tp-class-note tp-class-error'>{_esc(message)}</div>"
        return False

    @property
    def wait_seconds(self) -> float:
        """Seconds before the page takes a secret again after repeated wrong ones (0.0: it takes one now)."""
        return max(0.0, self._tries()[1] - self._clock())

    def _tries(self) -> tuple[int, float]:
        """The wrong secrets counted and until when none is taken: the class database's count, one for
        every page of this server (a reload or a new page does not start again), else this page's."""
        if self.store.available:
            return self.store.secret_tries()
        return self._wrong, self._locked_until

    def _set_tries(self, wrong: int, until: float) -> None:
        self._wrong, self._locked_until = wrong, until
        if self.store.available:
            self.store.set_secret_tries(wrong, until)

    def refresh(self, code: str | None = None) -> None:
        """Read the database again (reopened: a file set up or repaired since is picked up).

        The leaderboard shown is ``code``'s if given, else the one shown before,
        else the challenge's, else the most recently played code's.
        """
        if not self.unlocked:
            return
        self.store = self._open()
        self.read_at = datetime.now(timezone.utc)
        self._signature = self.store.signature()
        self._lessons = self.store.lessons()
        self._set_lesson_options()
        self._games = self.store.games(lesson=self._lesson_filter())
        challenge = self.store.challenge()
        now_code = challenge.code if challenge is not None else None
        previous = self.code_picker.value
        options = self._code_options(now_code)
        if code is not None and code in options:
            chosen: str | None = code
        elif now_code is not None and now_code != self._seen_challenge and previous == self._seen_challenge:
            chosen = now_code  # the challenge changed (here or on another page): its leaderboard follows
        elif previous in options:
            chosen = previous
        elif now_code is not None:
            chosen = now_code
        else:
            chosen = options[0] if options else None
        self._seen_challenge = now_code
        students = []
        for t in tally_by_student(self._games).values():
            students.append(t.name)
        students.sort(key=str.casefold)
        self._picking = True  # the pickers' observers wait: everything is drawn once below
        try:
            self.code_picker.options = [(self._code_label(c, now_code), c) for c in options]
            self.code_picker.value = chosen
            kept = self.student_picker.value
            self.student_picker.options = students
            self.student_picker.value = kept if kept in students else (students[0] if students else None)
            self.land.value = self.store.option("land_on_challenge")
        finally:
            self._picking = False
        if not self._class_list_read:  # once: a refresh never replaces what the teacher is typing
            self._class_list_read = True
            self.class_list_input.value = "\n".join(self.store.class_list())
        self.class_list_box.layout.display = None if self.store.available else "none"
        self.redraws += 1
        self._full_at = time.monotonic()
        self._render()

    def check_for_changes(self) -> bool:
        """One look at the database: redraw what changed (True if anything did)."""
        if not self.unlocked:
            return False
        signature = self.store.signature() if self.store.available else ()
        if self.store.available:  # "Read at …" says this look, not the last one that found a change
            self.read_at = _now()
            self._render_info()
        if signature == self._signature:  # nothing written; the last moves still age ("2 min ago", then idle)
            return self._render_live()
        if signature[:4] == self._signature[:4]:  # only who is playing now changed: that table alone
            self._signature = signature
            self._render_live()
            return True
        if time.monotonic() - self._full_at < FULL_REDRAW_SECONDS:  # a busy class: the tables and plots wait a little
            self._render_live()
            return True
        self.refresh()
        return True

    def save_class_list(self, text: str) -> bool:
        """Store the class list ``text`` (one name per line; empty: no list, students type their
        name).  A line that cannot be a name says which, and nothing changes; True when stored."""
        if not self.unlocked:
            return False
        try:
            names = parse_class_list(text)
        except InvalidClassListError as exc:
            line, bad = exc.line, exc.name
            self._say(lambda lang: classroom_text("classlist.invalid", lang, line=line, name=bad), "error")
            return False
        if not self.store.set_class_list(names):
            self._say(lambda lang: classroom_text("classlist.unsaved", lang), "error")
            return False
        self.class_list_input.value = "\n".join(names)
        count = len(names)
        if count:
            self._say(lambda lang: classroom_text("classlist.saved", lang, count=count))
        else:
            self._say(lambda lang: classroom_text("classlist.cleared", lang))
        return True

    def watch_attempt(self, row_id: int | None = None) -> bool:
        """Open the stored game ``row_id`` (default: the attempt picked) in the app's replay panel
        (:class:`~tripeaks.app.views.replay_panel.ReplayPanel`: step through it on a board, the
        slider, Previous / Next).  The record replayed is the one stored in the class database;
        True when it is shown (a record that cannot be replayed says why in the panel)."""
        if not self.unlocked:
            return False
        wanted = self.attempt_picker.value if row_id is None else row_id
        game = next((g for g in self._games if g.row_id == wanted), None)
        if game is None:
            return False
        panel = self._watcher()
        self.watched = game
        self._render_watch_title()
        self.watch_box.layout.display = None
        return bool(panel.watch(game.record))

    def close(self) -> None:
        """Stop looking for changes, then close the widget."""
        stop = getattr(self, "_stop", None)  # a view refused at construction has none
        if stop is not None:
            stop.set()
        session = getattr(self, "_watch_session", None)
        if session is not None:
            session.close()
        super().close()

    # ----------------------------------------------------------------- private
    def _open(self) -> ClassStore:
        if self._db is not None:
            return ClassStore(self._db, environ=self._environ)
        return ClassStore.from_env(self._environ)

    def _start_polling(self, seconds: float) -> None:
        call = _kernel_loop()
        if call is None:  # no kernel (a script, a test): the Refresh button and check_for_changes
            return

        self.ping.pinged_at = time.monotonic()  # the page is just made: as if a browser had said so

        def poll() -> None:
            # No look while no browser shows the page (it died): the kernel stays idle for the culler.
            while not self._stop.wait(seconds):
                if self.unlocked and self.ping.shown:
                    call(lambda: self._guard(self.check_for_changes))

        threading.Thread(target=poll, name="tripeaks-teacher-refresh", daemon=True).start()

    def _guard(self, action: Callable[..., Any], *args: Any) -> None:
        try:
            action(*args)
        except Exception:  # a failure is shown in one sentence; the view stays usable
            log.exception("class results view")
            self._say(lambda lang: classroom_text("failure", lang), "error")

    def _t(self, key: str, **values: Any) -> str:
        return classroom_text(key, self._lang, **values)

    def _say(self, render: Callable[[str], str] | None, kind: str = "", *, lesson: bool = False) -> None:
        """One message, where the teacher looks: by the lesson's buttons (``lesson``), else under
        the class challenge's."""
        self._message, self._message_kind, self._message_lesson = render, kind, lesson
        value = "" if render is None else f"<div class='tp-class-note tp-class-{kind}'>{_esc(render(self._lang))}</div>"
        self.lesson_message.value = value if lesson else ""
        self.challenge_message.value = "" if lesson else value

    def _show_lock(self) -> None:
        self.lock_box.layout.display = "none" if self.unlocked else None
        for w in (self.info, self.results, self.refresh_button, self.big_screen, self.discreet):
            w.layout.display = None if self.unlocked else "none"

    def _language_changed(self, lang: str) -> None:
        self._lang = check_language(lang)
        self._retext()
        if self.unlocked:
            self.refresh()  # the menus' labels too ("…, the challenge now")
        self._say(self._message, self._message_kind, lesson=self._message_lesson)

    def _big_screen_changed(self) -> None:
        if self.big_screen.value:
            self.add_class("tp-class-big")
        else:
            self.remove_class("tp-class-big")
        self._retext_big_screen()

    def _discreet_changed(self, value: bool) -> None:
        if value:
            self.add_class("tp-class-discreet")
        else:
            self.remove_class("tp-class-discreet")
        if not self._view_loading:
            self.view_memory.write(replace={"discreet": bool(value)})

    def _view_remembered(self, text: str | None) -> None:
        """The browser said what it remembers of this page's settings: apply them."""
        try:
            value = json.loads(text) if text else None
        except ValueError:
            return
        if isinstance(value, dict) and isinstance(value.get("discreet"), bool):
            self._view_loading = True
            try:
                self.discreet.value = value["discreet"]
            finally:
                self._view_loading = False

    def _retext_big_screen(self) -> None:
        t = self._t
        self.discreet.description = t("bigscreen.discreet")
        self.big_screen.description = t("bigscreen_leave") if self.big_screen.value else t("bigscreen")
        self.big_screen.tooltip = t("bigscreen_leave_tip") if self.big_screen.value else t("bigscreen_tip")

    def _render_big_title(self) -> None:
        """The big screen's title: the current lesson (else the page's title), the code whose
        leaderboard is shown and its part in the lesson, and the class challenge when it is another."""
        t = self._t
        name = self._lessons[0].name if self._lessons else t("title")
        parts = [f"<h2>{_esc(name)}</h2>"]
        challenge = self.store.challenge() if self.unlocked else None
        now_code = challenge.code if challenge is not None else None
        shown = self.code_picker.value
        if shown is not None and shown != now_code:
            parts.append(f"<h3>{_esc(t('bigscreen.shown', code=self._code_label(shown, now_code)))}</h3>")
        if now_code is not None:
            parts.append(f"<h3>{_esc(t('challenge.banner', code=now_code))}</h3>")
        self.big_title.value = "".join(parts)

    def _retext(self) -> None:
        t = self._t
        self.title.value = f"<h2>{_esc(t('title'))}</h2>"
        self.language.description = t("language")
        self.refresh_button.description = t("refresh")
        self.refresh_button.tooltip = t("refresh_tip")
        self._retext_big_screen()
        self.lock_text.value = f"<p>{_esc(t('lock.prompt'))}</p>"
        self.secret_input.description = t("lock.label")
        self.unlock_button.description = t("lock.unlock")
        self.lesson_heading.value = f"<h3>{_esc(t('lesson.heading'))}</h3>"
        self.lesson_picker.description = t("lesson.show")
        for box, key in (
            (self.lesson_name, "lesson.name_placeholder"),
            (self.lesson_challenge, "lesson.challenge_placeholder"),
            (self.challenge_input, "challenge.placeholder"),
        ):  # each box as wide as its whole placeholder in this language (a narrower one cut it)
            box.placeholder = t(key)
            box.layout.width = _fitting(box.placeholder)
        self.lesson_start.description = t("lesson.start")
        self.lesson_yes.description = t("lesson.yes")
        self.lesson_no.description = t("lesson.cancel")
        if self._pending_lesson is not None:
            self.lesson_confirm_text.value = f"<p>{self._lesson_question(*self._pending_lesson)}</p>"
        self.challenge_heading.value = f"<h3>{_esc(t('challenge.heading'))}</h3>"
        self.challenge_set.description = t("challenge.set")
        self.challenge_clear.description = t("challenge.clear")
        self.challenge_keep.description = t("challenge.keep")
        self.land.description = t("challenge.land")
        self.class_list_heading.value = f"<h3>{_esc(t('classlist.heading'))}</h3>"
        self.class_list_help.value = f"<p>{_esc(t('classlist.help'))}</p>"
        self.class_list_save.description = t("classlist.save")
        self.live_heading.value = f"<h3>{_esc(t('live.heading'))}</h3>"
        self.leaderboard_heading.value = f"<h3>{_esc(t('leaderboard.heading'))}</h3>"
        self.code_picker.description = t("leaderboard.code")
        self.progress_heading.value = f"<h3>{_esc(t('progress.heading'))}</h3>"
        self.attempts_heading.value = f"<h3>{_esc(t('attempts.heading'))}</h3>"
        self.student_picker.description = t("attempts.student")
        self.attempt_picker.description = t("attempts.pick")
        self.watch_button.description = t("attempts.watch")
        self.watch_button.tooltip = t("attempts.watch_tip")
        self.watch_close.description = t("attempts.close")
        session = self._watch_session
        if session is not None and session.lang != self._lang:
            session.set_language(self._lang)
        self._render_watch_title()
        self.export_heading.value = f"<h3>{_esc(t('export.heading'))}</h3>"
        self.plot_heading.value = f"<h3>{_esc(t('plot.heading'))}</h3>"
        self.page_bridge.set_page(self._lang, t("title"))

    # ------------------------------------------------------------------ lessons
    def _set_lesson_options(self) -> None:
        t = self._t
        options: list[tuple[str, Any]] = []
        for i, lesson in enumerate(self._lessons):
            label = f"{lesson.name} ({_when_local(lesson.started_at)})"
            options.append((label, lesson.id if i else "current"))
        options.append((t("lesson.all"), _ALL))
        if self._lessons:
            options.append((t("lesson.before"), _BEFORE))
        previous = self.lesson_picker.value
        values = [v for _, v in options]
        self._picking = True
        try:
            self.lesson_picker.options = options
            self.lesson_picker.value = previous if previous in values else values[0]
        finally:
            self._picking = False

    def _shown_lesson(self) -> Lesson | None:
        """The lesson whose games are shown (``None``: every lesson, or the games before the first)."""
        value = self.lesson_picker.value
        if value == "current":
            return self._lessons[0] if self._lessons else None
        return next((lesson for lesson in self._lessons if lesson.id == value), None)

    def _code_options(self, now_code: str | None) -> list[str]:
        """The codes of the leaderboard's menu: the challenge now, the other challenges of the lesson
        shown (the latest set first), then every other code played, the most recent first."""
        lesson = self._shown_lesson()
        options: list[str] = [now_code] if now_code is not None else []
        for c in reversed(lesson.challenges if lesson is not None else ()):
            if c not in options:
                options.append(c)
        for g in reversed(self._games):
            if g.code is not None and g.code not in options:
                options.append(g.code)
        return options

    def _code_label(self, code: str, now_code: str | None) -> str:
        """A code of the leaderboard's menu, with its part in the lesson ("…, the challenge now")."""
        lesson = self._shown_lesson()
        if code == now_code:
            return self._t("leaderboard.option_now", code=code)
        if lesson is not None and code in lesson.challenges:
            return self._t("leaderboard.option_earlier", code=code)
        return code

    def _lesson_filter(self) -> Any:
        value = self.lesson_picker.value
        if value == "current":
            return self._lessons[0].id if self._lessons else ALL_LESSONS
        if value == _BEFORE:
            return None
        if value in (_ALL, None):
            return ALL_LESSONS
        return int(value)

    def _lesson_changed(self) -> None:
        if not self._picking:
            self.refresh()

    def _ask_lesson(self) -> None:
        name = self.lesson_name.value.strip()
        code = self.lesson_challenge.value.strip() or None
        try:
            if name:
                name = clean_lesson_name(name)
            if code is not None:
                from ...engine.codes import GameCode

                code = str(GameCode.parse(code))
        except (InvalidCodeError, InvalidEntryError) as exc:
            self._say_lesson_refused(exc)
            return
        shown = name or datetime.now().strftime("%Y-%m-%d")
        self._pending_lesson = (shown, code)
        self.lesson_confirm_text.value = f"<p>{self._lesson_question(shown, code)}</p>"
        self.lesson_confirm.layout.display = None

    def _lesson_question(self, name: str, code: str | None) -> str:
        """ "Start the lesson … with the challenge …?" (HTML): the code given, else the challenge in
        force, which the lesson keeps; a code the solver proves unwinnable says so."""
        if code is None:
            found = self.store.challenge() if self.store.available else None
            challenge = found.code if found is not None else None
        else:
            challenge = code
        if challenge is None:
            text = _esc(self._t("lesson.confirm_none", name=name))
        else:
            text = _esc(self._t("lesson.confirm_challenge", name=name, code=challenge))
        if code is not None and _winnable(code) is False:  # as for a challenge set alone: the teacher decides
            text += f' <strong class="tp-class-warn">{_esc(self._t("lesson.unwinnable", code=code))}</strong>'
        return text

    def _say_lesson_refused(self, exc: Exception) -> None:
        """A lesson's challenge that is not a code, or a name that cannot be one, in one sentence."""
        key = "challenge.invalid" if isinstance(exc, InvalidCodeError) else "lesson.invalid"
        self._say(lambda lang: classroom_text(key, lang), "error", lesson=True)

    def _cancel_lesson(self) -> None:
        self._pending_lesson = None
        self.lesson_confirm.layout.display = "none"
        self._say(lambda lang: classroom_text("lesson.cancelled", lang), lesson=True)

    def _start_lesson(self) -> None:
        if self._pending_lesson is None or not self.unlocked:  # a second click, or a stale one
            return
        name, code = self._pending_lesson
        self._pending_lesson = None
        self.lesson_confirm.layout.display = "none"
        try:
            lesson = self.store.start_lesson(name, challenge=code)
        except (InvalidCodeError, InvalidEntryError) as exc:
            self._say_lesson_refused(exc)
            return
        if lesson is None:
            self._say(lambda lang: classroom_text("lesson.unsaved", lang), "error", lesson=True)
            return
        self.lesson_name.value = ""
        self.lesson_challenge.value = ""
        self._picking = True
        try:
            self.lesson_picker.value = None  # the refresh shows the new lesson
        finally:
            self._picking = False
        title = lesson.name
        self._say(lambda lang: classroom_text("lesson.started", lang, name=title), lesson=True)
        self.refresh(code=lesson.challenge)

    # ------------------------------------------------------------------ drawing
    def _code_changed(self) -> None:
        if self._picking:
            return
        self._render_big_title()
        self._render_leaderboard()
        self._draw()

    def _render(self) -> None:
        self._render_info()
        self._render_lesson()
        self._render_challenge()
        self._render_big_title()
        self._render_live()
        self._render_leaderboard()
        self._render_progress()
        self._render_attempts()
        self._render_export()
        self._draw()

    def _render_info(self) -> None:
        t, store = self._t, self.store
        problem = store.problem
        if problem is not None and problem.reason is Problem.NOT_CONFIGURED:
            self.info.value = (
                f"<div class='tp-class-note tp-class-setup'><p>{_esc(t('setup.none'))}</p>"
                f"<p>{_esc(t('setup.how', variable=ENV_DB))}</p>"
                f"<p><code>{_esc(_SETUP_EXAMPLE)}</code></p>"
                f"<p>{_esc(t('setup.deploy'))}</p></div>"
            )
            self.results.layout.display = "none" if store.challenge() is None else None
            return
        self.results.layout.display = None
        lines = [f"<p class='tp-class-path'>{_esc(t('database', path=store.path))}</p>"]
        if problem is not None:
            lines.append(
                f"<div class='tp-class-note tp-class-problem'><p>{_esc(problem_message(problem, self._lang))}</p>"
                f"<p>{_esc(t('problem.detail', detail=problem.detail))}</p></div>"
            )
        elif self._games:
            players = len({name_key(g.name) for g in self._games})
            lines.append(f"<p>{_esc(t('summary.games', count=len(self._games), players=players))}</p>")
        else:
            lines.append(f"<p>{_esc(t('summary.empty'))}</p>")
        if self.read_at is not None:
            lines.append(f"<p>{_esc(t('updated', time=self.read_at.astimezone().strftime('%H:%M:%S')))}</p>")
        self.info.value = "".join(lines)

    def _render_lesson(self) -> None:
        t = self._t
        if self._lessons:
            current = self._lessons[0]
            text = t("lesson.current", name=current.name, date=_when_local(current.started_at))
            if current.challenges:
                text += " " + t("lesson.challenges", codes=", ".join(current.challenges))
        else:
            text = t("lesson.none")
        self.lesson_status.value = f"<p>{_esc(text)}</p>"
        self.lesson_controls.layout.display = None if self.store.available else "none"

    def _render_challenge(self) -> None:
        challenge = self.store.challenge()
        if challenge is None:
            text = self._t("challenge.none")
        elif challenge.source is ChallengeSource.ENVIRONMENT:
            text = self._t("challenge.from_env", code=challenge.code, variable=ENV_CHALLENGE)
        else:
            text = self._t("challenge.banner", code=challenge.code)
        self.challenge_status.value = f"<p>{_esc(text)}</p>"
        editable = self.store.available
        self.challenge_controls.layout.display = None if editable else "none"
        self.challenge_keep.layout.display = None if self._pending_challenge is not None else "none"

    def _render_live(self) -> bool:
        """Who is playing now, each with their last move ("10:42, 2 min ago", the teacher's local
        time); a student without a move for :data:`IDLE_SECONDS` shows as idle, and goes from the
        list after :data:`LIVE_WINDOW_SECONDS`.  A student whose game is blocked on the table shows
        as finished (blocked) at once, before it is recorded; one named without a move yet, as
        joined.  A student whose last game was recorded (won, blocked, out of time, abandoned) after
        their last move shows as finished ("finished: won", its score) for :data:`FINISHED_SECONDS`,
        then goes; its last move is the one they made (a game recorded when a closed tab's kernel
        stopped, minutes later, keeps it).  True when the list changed."""
        t = self._t
        now = _now()
        playing, done, joined, idle = 0, 1, 2, 3  # the order of the list
        rows: list[tuple[int, str, str, str | None, int, int, datetime | None, float, str]] = []
        moved: dict[str, datetime] = {}
        for p in self.store.playing(within=LIVE_WINDOW_SECONDS):
            at = datetime.fromisoformat(p.updated_at)
            age = max(0.0, (now - at).total_seconds())
            moved[name_key(p.name)] = at
            if age > LIVE_WINDOW_SECONDS:  # gone long ago (the tab closed): no longer listed
                continue
            last: datetime | None = at
            if p.state is LiveState.BLOCKED:  # no move left: finished (and recorded, blocked, at once)
                kind, status = done, t("live.finished", result=self._result_text(Outcome.BLOCKED))
            elif p.state is LiveState.JOINED:
                kind, status, last = joined, t("live.joined"), None
            elif age >= IDLE_SECONDS:
                kind, status = idle, t("live.idle")
            else:
                kind, status = playing, t("live.playing")
            rows.append((kind, name_key(p.name), p.name, p.code, p.moves, p.score, last, age, status))
        for f in self.store.finished(within=LIVE_WINDOW_SECONDS):
            key, at = name_key(f.name), datetime.fromisoformat(f.played_at)
            age = max(0.0, (now - at).total_seconds())
            if age > FINISHED_SECONDS or (key in moved and moved[key] >= at):  # long ago, or playing on since
                continue
            rows = [r for r in rows if r[1] != key]
            status = t("live.finished", result=self._result_text(f.result))
            # a win is recorded as its last move is made; any other end later (left, closed, timed out)
            won = f.result is Outcome.WON
            last = datetime.fromisoformat(f.last_move_at) if f.last_move_at is not None and not won else at
            rows.append((done, key, f.name, f.code, f.moves, f.score, last, age, status))
        rows.sort(key=lambda r: (r[0], r[1]))
        if not rows:
            value = f"<p>{_esc(t('live.none'))}</p>"
        else:
            headers = [
                t("column.name"),
                t("column.code"),
                t("column.moves"),
                t("column.score"),
                t("column.last_move"),
                t("column.status"),
            ]
            cells, classes = [], []
            for kind, _key, name, code, moves, score, last, _age, status in rows:
                if last is None:
                    when = t("cell.none")
                else:
                    clock = last.astimezone().strftime("%H:%M")
                    minutes = int(max(0.0, (now - last).total_seconds()) // 60)
                    when = t("live.just_now", time=clock) if minutes < 1 else t("live.ago", time=clock, minutes=minutes)
                cells.append(
                    (
                        (name, False),
                        # joined, no move yet: no game of theirs is known here, so no code, moves or score
                        (t("cell.none") if kind == joined else (code or t("cell.none")), False),
                        (t("cell.none") if kind == joined else moves, kind != joined),
                        (t("cell.none") if kind == joined else score, kind != joined),
                        (when, False),
                        (status, False),
                    )
                )
                classes.append(
                    {
                        playing: "tp-class-active",
                        done: "tp-class-finished",
                        joined: "tp-class-joined",
                        idle: "tp-class-idle",
                    }[kind]
                )
            note = t("live.idle_note", minutes=int(IDLE_SECONDS // 60))
            value = (
                f"<div class='tp-class-scroll'>{_table(headers, cells, 'tp-class-playing', classes, labelled=True)}</div>"
                f"<p class='tp-class-live-note'>{_esc(note)}</p>"
            )
        if value == self.live.value:
            return False
        self.live.value = value
        return True

    def _result_text(self, result: Outcome) -> str:
        return self._t(_OUTCOME_KEYS[result])

    def _render_leaderboard(self) -> None:
        t, code = self._t, self.code_picker.value
        if code is None:
            self.leaderboard_summary.value = f"<p>{_esc(t('leaderboard.none'))}</p>" if self.store.available else ""
            self.leaderboard.value = ""
            self.code_picker.layout.display = "none"
            return
        self.code_picker.layout.display = None
        on_code = [g for g in self._games if g.code == code]
        rows = leaderboard(on_code, code)
        if not rows:  # a challenge just set: say so, and where the earlier ones are
            lines = [t("leaderboard.empty", code=code)]
            if len(self.code_picker.options) > 1:
                lines.append(t("leaderboard.empty_others"))
            self.leaderboard_summary.value = "".join(f"<p class='tp-class-empty'>{_esc(line)}</p>" for line in lines)
            self.leaderboard.value = ""
            return
        self.leaderboard_summary.value = (
            "<p>"
            + _esc(
                t(
                    "leaderboard.summary",
                    code=code,
                    count=len(on_code),
                    players=len(rows),
                    wins=sum(g.result is Outcome.WON and not g.from_record for g in on_code),
                )
            )
            + "</p>"
        )
        keys = (
            "column.rank",
            "column.name",
            "column.games",
            "column.result",
            "column.result",
            "column.best",
            "column.fewest",
            "column.wins",
            "column.blocked",
            "column.timed_out",
            "column.abandoned",
            "column.mean",
            "column.hints",
            "column.undos",
            "column.time",
            "column.from_record",
        )
        cells = []
        for r in rows:
            # "no" says how: the outcomes of the student's games.  With the abandons hidden on the big
            # screen, the Result says nothing of them either: a student with only abandons shows "—".
            result, discreet = self._result_cell(r, abandons=True), self._result_cell(r, abandons=False)
            cells.append(
                [
                    (r.rank, True),
                    (r.name, False),
                    (r.games, True),
                    (result, False),
                    (discreet, False),
                    self._best_cell(r.best_score),
                    self._best_cell(r.fewest_moves),
                    (r.wins, True),
                    (r.blocked, True),
                    (r.timed_out, True),
                    (r.abandoned, True),
                    self._mean_cell(r.mean_score),
                    (r.hints, True),
                    (r.undos, True),
                    (format_elapsed(r.seconds), True),
                    (r.from_record, True),
                ]
            )
        private = ("column.abandoned", "column.hints", "column.undos")  # hidden on the big screen on request
        col_css = [_PRIVATE if k in private else "" for k in keys]
        col_css[3:5] = [_OPEN, _DISCREET]  # the Result, in full or without the abandons
        self.leaderboard.value = self._scroll_table(keys, cells, "tp-class-leaders", col_css)

    def _result_cell(self, r: LeaderRow, *, abandons: bool) -> str:
        if r.won:
            return self._t("outcome.won")
        kinds = [("outcome.blocked", r.blocked), ("outcome.time_up", r.timed_out)]
        if abandons:
            kinds.append(("outcome.abandoned", r.abandoned))
        return ", ".join(self._t(k) for k, n in kinds if n) or self._t("cell.none")

    def _scroll_table(
        self, keys: Sequence[str], cells: Sequence[Sequence[tuple[Any, bool]]], css: str, col_css: Sequence[str] = ()
    ) -> str:
        """A table whose headers are the texts of ``keys``, scrolling sideways on a phone ("" without rows)."""
        if not cells:
            return ""
        table = _table([self._t(k) for k in keys], cells, css, col_css=col_css)
        return f"<div class='tp-class-scroll'>{table}</div>"

    def _best_cell(self, value: int | None) -> tuple[Any, bool]:
        return (value if value is not None else self._t("cell.none"), True)

    def _mean_cell(self, value: float | None) -> tuple[Any, bool]:
        """A mean score as the best beside it: ``476`` (never ``476.0``), ``476.5``; none as for the best."""
        if value is None:
            return self._best_cell(None)
        return (format_number(round(value, 1), self._lang), True)

    def _render_progress(self) -> None:
        rows = progress(self._games)
        keys = (
            "column.name",
            "column.games",
            "column.wins",
            "column.blocked",
            "column.timed_out",
            "column.abandoned",
            "column.best",
            "column.mean",
            "column.hints",
            "column.undos",
            "column.codes",
            "column.last",
        )
        cells = [
            [
                (r.name, False),
                (r.games, True),
                (r.wins, True),
                (r.blocked, True),
                (r.timed_out, True),
                (r.abandoned, True),
                self._best_cell(r.best_score),
                self._mean_cell(r.mean_score),
                (r.hints, True),
                (r.undos, True),
                (r.codes, True),
                (_when_local(r.last_played), False),
            ]
            for r in rows
        ]
        self.progress.value = self._scroll_table(keys, cells, "tp-class-students")

    def _render_attempts(self) -> None:
        if self._picking:
            return
        t, student = self._t, self.student_picker.value
        if student is None:
            self.attempts.value = ""
            self.student_picker.layout.display = "none"
            self._set_attempt_options([])
            return
        self.student_picker.layout.display = None
        key = name_key(student)
        mine = [g for g in self._games if name_key(g.name) == key]
        keys = (
            "column.when",
            "column.code",
            "column.result",
            "column.score",
            "column.moves",
            "column.hints",
            "column.undos",
            "column.time",
            "column.from_record",
        )
        cells = [
            [
                (_when_local(g.played_at), False),
                (g.code or t("cell.none"), False),
                (self._result_text(g.result), False),
                (g.score, True),
                (g.moves, True),
                (g.hints, True),
                (g.undos, True),
                (format_elapsed(g.duration), True),
                (t("cell.yes") if g.from_record else t("cell.no"), False),
            ]
            for g in reversed(mine)
        ]
        self._set_attempt_options(mine)
        self.attempts.value = self._scroll_table(keys, cells, "tp-class-games")

    def _set_attempt_options(self, mine: Sequence[ClassRow]) -> None:
        """The picker of *Watch*: the student's attempts, the latest first (date in local time)."""
        t = self._t
        options = [
            (
                t(
                    "attempts.option",
                    when=_when_local(g.played_at),
                    code=g.code or t("cell.none"),
                    result=self._result_text(g.result),
                    score=g.score,
                ),
                g.row_id,
            )
            for g in reversed(mine)
        ]
        previous = self.attempt_picker.value
        values = [v for _, v in options]
        self._picking = True
        try:
            self.attempt_picker.options = options
            self.attempt_picker.value = previous if previous in values else (values[0] if values else None)
        finally:
            self._picking = False
        self.watch_controls.layout.display = None if options else "none"

    def _watcher(self) -> Any:
        """The app's replay panel on a board of its own, made once (the first *Watch*).

        Its session is the teacher's page's own: nothing is counted or kept (the panel's
        keeper has a browser store that is never shown, so it reads and writes nothing)."""
        if self.replay_panel is not None:
            return self.replay_panel
        from ..model.keeper import Keeper
        from ..model.session import GameSource, PlaySession
        from .board import BoardView
        from .browser_store import BrowserStore
        from .movelog import MoveLogView
        from .replay_panel import ReplayPanel

        session = PlaySession(None, self._lang)
        session.set_game(session.game, GameSource.REPLAY)  # a step, not a game of the teacher's: none to go back to
        board = BoardView(session.game, session.lang)
        board.attach(session)
        log_view = MoveLogView(session)
        panel = ReplayPanel(Keeper(session, BrowserStore(key="tripeaks-teacher-replay")), kept=False)
        panel.set_open(True)
        panel.toggle.layout.display = "none"  # always open here; the box has its own Close
        panel.which.layout.display = "none"  # the game watched is the one picked above
        for part in panel.body.children:  # the record's text and its share row: the export holds every record
            if part is panel.record or (isinstance(part, widgets.HBox) and panel.copy_button in part.children):
                part.layout.display = "none"
        self._watch_session, self.replay_panel = session, panel
        self.watch_box.children = (self.watch_title, self.watch_close, board, panel, log_view)
        self._retext()
        return panel

    def _render_watch_title(self) -> None:
        g = self.watched
        if g is None:
            self.watch_title.value = ""
            return
        picked = self.student_picker.value  # the student as first typed (" chloé " is "Chloé")
        name = picked if isinstance(picked, str) and name_key(picked) == name_key(g.name) else g.name
        text = self._t(
            "attempts.watching",
            name=name,
            code=g.code or self._t("cell.none"),
            when=_when_local(g.played_at),
            result=self._result_text(g.result),
            score=g.score,
        )
        self.watch_title.value = f"<h4>{_esc(text)}</h4>"

    def _close_watch(self) -> None:
        self.watch_box.layout.display = "none"

    def _render_export(self) -> None:
        t = self._t
        if not self._games:
            self.export.value = self.export_note.value = ""
            self.export_games = self.export_students = ""
            return
        style = csv_style(self._lang)  # the separator a spreadsheet set up for the page's language expects
        words = self._csv_words()  # headers and results in the page's language
        self.export_games = games_csv(self._games, self._lessons, style, words)
        self.export_students = students_csv(self._games, self._lessons, style, words)
        stamp = datetime.now().strftime("%Y-%m-%d")
        self.export.value = (
            f"<p>{_download(t('export.games'), f'tripeaks-games-{stamp}.csv', self.export_games)}</p>"
            f"<p>{_download(t('export.students'), f'tripeaks-students-{stamp}.csv', self.export_students)}</p>"
        )
        # A name that a spreadsheet would run as a formula is written with a leading apostrophe: say why.
        marked = any(needs_apostrophe(g.name) for g in self._games)
        note = f'<p class="tp-class-note">{_esc(t("export.apostrophe"))}</p>' if marked else ""
        if self.export_note.value != note:
            self.export_note.value = note

    def _csv_words(self) -> CsvWords:
        t = self._t
        # the zone of the local times is said in their header: games_csv puts it for "{zone}"
        columns = {c: t(_CSV_HEADERS[c], zone="{zone}") for c in (*GAME_COLUMNS, *STUDENT_COLUMNS)}
        return CsvWords(columns, {result: t(key) for result, key in _OUTCOME_KEYS.items()})

    def _draw(self) -> None:
        """The two plots: each student's best score on the chosen code (won / not won) and every game's score in time."""
        games = [g for g in self._games if not g.from_record]
        if not games:
            self.plot_png = b""
            self.plot.value = b""
            self.plot.layout.display = "none"
            self.plot_heading.layout.display = "none"
            return
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.dates import AutoDateLocator, DateFormatter
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch
        from matplotlib.ticker import MaxNLocator

        if self._figure is None:
            width, height = _PLOT_SIZE
            self._figure = Figure(figsize=(width / 100, height / 100), dpi=100, facecolor="#fbfaf5")
            self._canvas = FigureCanvasAgg(self._figure)
        fig = self._figure
        fig.clear()
        left, right = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.2, 1]})
        t = self._t
        code = self.code_picker.value
        board = leaderboard(games, code) if code is not None else []
        board = [r for r in board if r.best_score is not None]
        if board:
            labels = [_short_name(r.name) for r in board]  # a long name shortened with an ellipsis
            left.bar(
                range(len(board)),
                [r.best_score or 0 for r in board],
                color=[_WON if r.won else _NOT_WON for r in board],
            )
            left.set_xticks(range(len(board)))
            slanted = len(board) > 4 or any(len(label) > 8 for label in labels)
            left.set_xticklabels(labels, rotation=40 if slanted else 0, ha="right" if slanted else "center",
                                 rotation_mode="anchor" if slanted else "default",
                                 fontsize=7 if len(board) > 15 else 8)  # fmt: skip
            left.set_title(t("plot.per_student", code=code), fontsize=10)
        left.set_ylabel(t("plot.best"), fontsize=9)
        left.yaxis.set_major_locator(MaxNLocator(integer=True))
        for result_won, colour in ((True, _WON), (False, _NOT_WON)):
            chosen = [g for g in games if (g.result is Outcome.WON) is result_won]
            if chosen:
                times = [_local(g.played_at).replace(tzinfo=None) for g in chosen]
                right.scatter(times, [g.score for g in chosen], color=colour, s=14)
        stamps = [_local(g.played_at).replace(tzinfo=None) for g in games]
        if max(stamps) == min(stamps):
            from datetime import timedelta

            right.set_xlim(min(stamps) - timedelta(minutes=5), max(stamps) + timedelta(minutes=5))
        scores = [g.score for g in games]
        if max(scores) - min(scores) < 10:
            right.set_ylim(min(scores) - 10, max(scores) + 10)
        locator = AutoDateLocator(minticks=3, maxticks=6)
        right.xaxis.set_major_locator(locator)
        span = (max(stamps) - min(stamps)).total_seconds()
        right.xaxis.set_major_formatter(DateFormatter("%H:%M" if span < 86400 else "%d/%m %H:%M", tz=None))
        right.yaxis.set_major_locator(MaxNLocator(integer=True))
        right.set_title(t("plot.timeline"), fontsize=10)
        right.set_xlabel(t("plot.time"), fontsize=9)
        right.set_ylabel(t("plot.final_score"), fontsize=9)
        for ax in (left, right):
            ax.set_facecolor("#ffffff")
            ax.tick_params(labelsize=8)
        fig.legend(
            handles=[Patch(color=_WON, label=t("plot.won")), Patch(color=_NOT_WON, label=t("plot.not_won"))],
            loc="upper center",
            ncol=2,
            fontsize=8,
            frameon=False,
        )
        fig.tight_layout(rect=(0, 0, 1, 0.92))  # the legend above the plots, never over the data
        buffer = io.BytesIO()
        self._canvas.print_png(buffer)
        self.plot_png = buffer.getvalue()
        self.plot.value = self.plot_png
        alt = t("plot.description", code=code) if board else t("plot.description_timeline")
        self.page_bridge.images = {".tp-class-plot": alt}
        self.plot.layout.display = None
        self.plot_heading.layout.display = None

    # ------------------------------------------------------------------ changing class data
    def _set_challenge(self, keep: bool = False) -> None:
        if not self.unlocked:
            return
        text = self.challenge_input.value
        try:
            from ...engine.codes import GameCode

            code = str(GameCode.parse(text.strip())) if text.strip() else None
        except InvalidCodeError:
            code = None
        if code is None:  # blank, or not a code: nothing waits to be kept any more
            self._pending_challenge = None
            self._render_challenge()
            self._say(lambda lang: classroom_text("challenge.invalid", lang), "error")
            return
        winnable = True if keep else _winnable(code)
        if winnable is False:  # proven unwinnable: the teacher decides
            self._pending_challenge = code
            self._say(lambda lang: classroom_text("challenge.unwinnable", lang, code=code), "error")
            self._render_challenge()
            return
        self._pending_challenge = None
        if not self.store.set_challenge(code):
            self._say(lambda lang: classroom_text("challenge.unsaved", lang), "error")
            return
        challenge = self.store.challenge()
        self.challenge_input.value = ""
        if challenge is None:
            self._say(lambda lang: classroom_text("challenge.cleared", lang))
        else:
            values: dict[str, str] = {"code": challenge.code}
            if challenge.source is ChallengeSource.ENVIRONMENT:  # stored, but the environment wins
                key, values["variable"] = "challenge.from_env", ENV_CHALLENGE
            else:
                key = "challenge.undecided" if winnable is None else "challenge.stored"
            self._say(lambda lang: classroom_text(key, lang, **values))
        self.refresh(code=challenge.code if challenge is not None else None)

    def _challenge_typed(self, change: dict[str, Any]) -> None:
        """The teacher typed another code: "Keep it anyway" no longer applies (it kept the code the
        solver refused, which the box no longer shows)."""
        pending = self._pending_challenge
        if pending is None or str(change.get("new", "")).strip().upper() == pending.upper():
            return
        self._pending_challenge = None
        self._render_challenge()

    def _keep_challenge(self) -> None:
        if self._pending_challenge is None:  # a second click: nothing waits
            return
        self.challenge_input.value = self._pending_challenge
        self._set_challenge(keep=True)

    def _clear_challenge(self) -> None:
        if not self.unlocked:
            return
        self._pending_challenge = None
        if not self.store.set_challenge(None):
            self._say(lambda lang: classroom_text("challenge.unsaved", lang), "error")
            return
        self._say(lambda lang: classroom_text("challenge.cleared", lang))
        self.refresh()

    def _land_changed(self, value: bool) -> None:
        if self._picking or not self.unlocked:
            return
        if not self.store.set_option("land_on_challenge", bool(value)):
            self._say(lambda lang: classroom_text("challenge.unsaved", lang), "error")


def _fitting(placeholder: str) -> str:
    """A text box's CSS width that shows ``placeholder`` whole (about 0.56 em a character, and its padding)."""
    return f"{round(len(placeholder) * 0.56 + 2.5, 1)}em"


def _short_name(name: str, limit: int = _LABEL_MAX) -> str:
    """``name`` whole if at most ``limit`` characters, else its first ones and an ellipsis."""
    name = " ".join(name.split())
    return name if len(name) <= limit else name[: limit - 1].rstrip() + _ELLIPSIS


@functools.lru_cache(maxsize=64)
def _winnable(code: str) -> bool | None:
    """Whether the deal of ``code`` can be won (``None``: not decided within 3 s)."""
    from ...solver import is_winnable

    try:
        return is_winnable(code, time_limit=3.0)
    except Exception:  # noqa: BLE001 - the check helps the teacher; it never blocks setting a challenge
        log.exception("the challenge's winnability could not be checked")
        return None


def _voila_query() -> str | None:
    """The page's query string in Voila (waiting for the request in a preheated kernel), else ``None``."""
    if "VOILA_PREHEAT" not in os.environ and "VOILA_KERNEL_ID" not in os.environ:
        return None  # not a Voila kernel (JupyterLab, a script)
    from voila.utils import wait_for_request

    wait_for_request()
    return os.environ.get("QUERY_STRING")


def _kernel_loop() -> Callable[[Callable[[], None]], None] | None:
    """The running kernel's ``add_callback`` (thread-safe), or ``None`` outside a kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    loop = getattr(getattr(get_ipython(), "kernel", None), "io_loop", None)
    add_callback = getattr(loop, "add_callback", None)
    return add_callback if callable(add_callback) else None


def build_class_results(
    db: str | os.PathLike[str] | None = None, lang: str = "en", environ: Mapping[str, str] | None = None, **options: Any
) -> ClassResults:
    """The teacher's view, ready to display (see :class:`ClassResults`)."""
    return ClassResults(db=db, lang=lang, environ=environ, **options)
