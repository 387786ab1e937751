"""The playable TriPeaks app: the views of one :class:`~tripeaks.app.model.session.PlaySession`, in one widget.

Model → events → views: the session (``tripeaks.app.model.session``) holds the
game, the language and the message and emits typed events; each part of the
app observes it and forwards clicks to it, and none reaches into another:

=============================================  =====================================================
:class:`~tripeaks.app.views.header.HeaderView`        title, score, moves, peaks cleared, rule, game code
:class:`~tripeaks.app.views.board.BoardView`          the peaks, the stock and the waste
:class:`~tripeaks.app.views.controls.ControlsView`    Undo, Redo, Restart, Error help, Language (+ added controls)
:class:`~tripeaks.app.views.controls.StatusView`      the message, and New game once the game is over
:class:`~tripeaks.app.views.confirm.ConfirmView`      "Abandon this game?" Yes/No before a game in progress is replaced
:class:`~tripeaks.app.views.newgame.NewGamePanel`     rule, code, Deal (+ added options and notes)
:class:`~tripeaks.app.views.movelog.MoveLogView`      the moves explained, newest first
:class:`~tripeaks.app.views.plot.PlotView`            the score plot
:class:`~tripeaks.app.views.rulesets.RunView`         the run under run scoring (in the header)
:class:`~tripeaks.app.views.timer.TimerView`          the countdown of a timed game (in the header)
:class:`~tripeaks.app.views.endgame.EndOfGameView`    the celebration, summary and score breakdown at the end, over the board
:class:`~tripeaks.app.views.review.ReviewView`        Review this game, its sentence, Try again (in the end panel)
:class:`~tripeaks.app.views.feedback.RefusalNote`     why a move was refused, for a moment over the board
:class:`~tripeaks.app.views.bridge.PageBridge`        (invisible) page language and title, the status line
                                                as an ARIA live region, keyboard shortcuts
=============================================  =====================================================

:attr:`TriPeaksApp.clock` (:class:`~tripeaks.app.model.clock.GameClock`) follows the
game's one clock and ends a timed game at 0 (docs/rules.md §8).

CSS classes (stable, used by the browser tests): ``tp-app``, ``tp-columns``
(``tp-main``, the playing column: header, ``tp-table`` — the board with the end of
the game and ``tp-refusal-note`` over it —, status line, controls; ``tp-side``: the
log, the plot and the panels opened on demand; side by side from 1100 px wide)
and those of each view (listed in its module).  ``tp-hint`` is the Hint
button of :mod:`tripeaks.app.views.hints`.

Where the other parts go (:func:`tripeaks.app.factory.build_app` composes them,
so adding a part never edits a view): :meth:`TriPeaksApp.add_control`,
:meth:`TriPeaksApp.add_new_game_control`, :meth:`TriPeaksApp.add_new_game_note`,
:meth:`TriPeaksApp.add_panel` and :meth:`TriPeaksApp.add_top`; the parts built
are :attr:`~TriPeaksApp.hints`, :attr:`~TriPeaksApp.keyboard`, :attr:`~TriPeaksApp.keep`
and :attr:`~TriPeaksApp.classroom` (``None`` when absent).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..engine.game import Game
from ..i18n.keep import keep_text
from ..i18n.ui import ui_text
from .model.clock import GameClock, Scheduler
from .model.review import GameReview
from .model.session import GameSource, LanguageChanged, MessageKind, PlaySession, SessionEvent
from .views.board import BoardView
from .views.bridge import PageBridge
from .views.confirm import ConfirmView
from .views.controls import ControlsView, StatusView
from .views.endgame import EndOfGameView
from .views.feedback import RefusalNote
from .views.header import HeaderView
from .views.lifecycle import close_tree
from .views.movelog import MoveLogView
from .views.newgame import NewGamePanel
from .views.plot import PlotView
from .views.review import ReviewView
from .views.rulesets import RunView
from .views.timer import TimerView

if TYPE_CHECKING:
    from .persist import Persistence
    from .views.class_panel import ClassroomTools
    from .views.hints import HintTools
    from .views.keyboard import AccessTools

__all__ = ["TriPeaksApp"]


class TriPeaksApp(widgets.VBox):
    """The whole game in one widget, built on a :class:`PlaySession`.

    ``TriPeaksApp(game=None, lang="en")`` plays ``game`` (a random Easy deal
    when ``None``); ``TriPeaksApp(session=s)`` shows an existing session.
    Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
    naming the languages) for an unknown language.  ``time_source`` (seconds;
    by default the session's, :func:`time.monotonic`) and ``scheduler`` (what runs the clock's
    ticks, by default the kernel's event loop) drive :attr:`clock`; tests give
    fake ones.  The views are public attributes so tests can click their
    widgets like a user (``app.controls.undo_button.click()``); treat them as read-only.  :meth:`close`
    frees every widget and the plot's figure.
    """

    children: tuple[widgets.Widget, ...]  # the Box trait (ipywidgets has no type hints)

    def __init__(
        self,
        game: Game | None = None,
        lang: str = "en",
        session: PlaySession | None = None,
        time_source: Callable[[], float] | None = None,
        scheduler: Scheduler | None = None,
        **kwargs: object,
    ) -> None:
        self.session = session if session is not None else PlaySession(game, lang)
        """The model: the game, the language, the message; every view observes it."""
        s = self.session
        self.clock = GameClock(s, time_source, scheduler)
        """Times the game; counts down and ends a timed game at 0 (docs/rules.md §8)."""
        self.header = HeaderView(s)
        self.run_view = RunView(s)
        self.timer_view = TimerView(s, self.clock)
        self.header.add_stat(self.run_view)
        self.header.add_stat(self.timer_view)
        self.board = BoardView(s.game, s.lang)
        self.board.attach(s)
        self.controls = ControlsView(s)
        self.status_row = StatusView(s)
        self.confirm = ConfirmView(s)
        self.confirm.focus_after = self.board.stock_button  # after Yes or No, the keyboard goes on playing
        self.end_view = EndOfGameView(s, self.clock)
        self.review = GameReview(s)
        """The game review (docs/rules.md §9): marks in the log and the plot, Try again."""
        self.review_view = ReviewView(s, self.review, lambda: s.game if s.game.is_over else None)
        # The review's answer, at the foot of the end panel, is scrolled into view (on a phone the
        # panel is taller than the window); nothing happens when the end panel holds no answer.
        self.review.subscribe(self._show_review_answer)
        self.end_view.children = (*self.end_view.children, self.review_view)
        self.new_game = NewGamePanel(s)
        self.log_panel = MoveLogView(s)
        self.plot_panel = PlotView(s)
        self.log_panel.attach_review(self.review)
        self.plot_panel.attach_review(self.review)
        self.refusal_note = RefusalNote(s)
        self.table = widgets.Box([self.board, self.end_view.cascade, self.end_view, self.refusal_note])
        """The board with what is shown over it: a win's falling cards, the end of the game and the reason
        of a refused move."""
        self.table.add_class("tp-table")
        self.main = widgets.VBox([self.header, self.table, self.status_row, self.controls, self.confirm])
        """The playing column: the header, the table, the status line right under it, the controls."""
        self.main.add_class("tp-main")
        self.side = widgets.VBox([self.log_panel, self.plot_panel, self.new_game])
        """The column beside the board on a wide screen (under it on a narrow one): the log, the plot,
        then the panels opened on demand (New game, statistics, replay…)."""
        self.side.add_class("tp-side")
        columns = widgets.HBox([self.main, self.side])
        columns.add_class("tp-columns")  # side by side on a wide screen, one column on a narrow one (theme.css)
        self.page_bridge = PageBridge(live=".tp-status, .tp-new-message, .tp-live")
        """The browser side of the page: its language and title, live regions, keyboard shortcuts."""
        # A phone's More opens the rest of the controls: brought into view (the page may be scrolled,
        # with the play bar held at the bottom edge, and the row then takes its own place, lower).
        self.controls.more_toggle.observe(
            lambda c: self.page_bridge.bring_into_view(".tp-controls") if c["new"] else None, names="value"
        )
        self.hints: HintTools | None = None
        """The Hint button, the Winnable? indicator and the winnable-deals option, when composed."""
        self.keyboard: AccessTools | None = None
        """The keyboard shortcuts, their help panel, the four-colour and sound toggles, when composed."""
        self.keep: Persistence | None = None
        """What is kept in the browser (and its panels), when composed."""
        self.classroom: ClassroomTools | None = None
        """The class results (name line, recording, challenge), when composed."""
        self._show_page(s.lang)
        s.subscribe(self._follow_language)
        super().__init__([columns, self.page_bridge], **kwargs)
        self.add_class("tp-app")

    def _show_review_answer(self) -> None:
        if self.review.review is not None:
            self.page_bridge.bring_into_view(".tp-end .tp-review-sentence")

    def _follow_language(self, event: SessionEvent) -> None:
        if isinstance(event, LanguageChanged):
            self._show_page(event.lang)

    def _show_page(self, lang: str) -> None:
        images = {".tp-plot": ui_text("plot.title", lang), ".tp-stats-plot": keep_text("stats.plot_alt", lang)}
        self.page_bridge.set_page(lang, ui_text("page.title", lang), images)

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The game being played."""
        return self.session.game

    @property
    def lang(self) -> str:
        """The current language ("en", "pt" or "fr")."""
        return self.session.lang

    def set_game(self, game: Game) -> None:
        """Play ``game`` from now on (a new deal or a hand-built layout); every view follows."""
        self.session.set_game(game, GameSource.LAYOUT)

    def set_language(self, lang: str) -> None:
        """Switch all labels, messages, card letters and the log to ``lang``.

        Raises :class:`~tripeaks.i18n.UnknownLanguageError` (a ``ValueError``
        naming the languages) for an unknown language.
        """
        self.session.set_language(lang)

    def show_message(self, render: Callable[[str], str], kind: MessageKind | str = MessageKind.INFO) -> None:
        """Show a message in the status line; ``render(lang)`` gives its text, so it follows language switches.

        ``kind`` is ``"info"`` or ``"error"``.
        """
        self.session.show_message(render, kind)

    def add_control(self, widget: widgets.Widget) -> None:
        """Append a widget (e.g. a Hint button, class ``tp-hint``) to the controls row."""
        self.controls.add_control(widget)

    def add_new_game_control(self, widget: widgets.Widget) -> None:
        """Append a widget (e.g. a "deal only winnable games" checkbox) to the New game row."""
        self.new_game.add_control(widget)

    def add_top(self, widget: widgets.Widget) -> None:
        """Add ``widget`` as a line above the header (e.g. the class results' name line)."""
        self.children = (widget, *self.children)

    def add_new_game_note(self, widget: widgets.Widget) -> None:
        """Add a widget as a line under the New game panel's message."""
        self.new_game.add_note(widget)

    def add_panel(self, widget: widgets.Widget, after: widgets.Widget | None = None, *, first: bool = False) -> None:
        """Add a panel (a new view) right after the part ``after``; by default at the end of the side
        column, with the panels opened on demand (``first``: at its top).

        ``after`` is one of the app's parts (e.g. ``app.controls``); ``ValueError`` otherwise.
        """
        if first:
            self.side.children = (widget, *self.side.children)
            return
        if after is None:
            self.side.children = (*self.side.children, widget)
            return
        for box in (self.main, self.side, self):
            children = list(box.children)
            if after in children:
                children.insert(children.index(after) + 1, widget)
                box.children = tuple(children)
                return
        raise ValueError("add_panel: 'after' must be one of the app's parts")

    def close(self) -> None:
        """Free the app: the session forgets its observers, the figure is freed, every widget is closed.

        The shared card styles stay (other boards use them).  Safe to call twice.
        """
        session = self.__dict__.get("session")  # also called by ipywidgets when a half-built app is collected
        if session is not None:
            session.close()
        clock = self.__dict__.get("clock")
        if clock is not None:
            clock.close()  # no tick after the app is closed
        plot_panel = self.__dict__.get("plot_panel")
        if plot_panel is not None:
            plot_panel.plot.close()
        close_tree(self)
