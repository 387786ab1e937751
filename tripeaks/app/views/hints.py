"""Hints and winnability in the app, on top of :mod:`tripeaks.solver`.

:class:`HintTools` gives the app (:func:`tripeaks.app.factory.build_app` places its
widgets) three things, through its :class:`~tripeaks.app.model.session.PlaySession`
(events, settings, ``random_game``, ``show_message``, ``set_highlight``, ``run``):

* a **Hint** button (``tp-hint``): the solver looks for a move that keeps the
  game winnable, with full knowledge of the face-down cards and the stock
  order, within a time budget (:data:`HINT_BUDGETS`).  The card is ringed on
  the board (or the stock, when drawing is the way) and the status line says,
  in the chosen language, what to do and why in game terms: what the play turns
  over or clears and which cards can follow it, why not another card of the same
  rank, or why a draw (:func:`tripeaks.i18n.solver.hint_message`).  When the position can no longer be won it says
  so; when the budget runs out it says that it does not know (pressing Hint
  again on the same position searches longer, up to the last budget).  A hint
  never changes the game and costs no points (docs/rules.md §3 charges only moves).
  It counts once for a position, however many times Hint is pressed there
  (:attr:`HintTools.hints_given`).  The button is disabled once the game is over.
* a **Rewind to the last winnable position** button (``tp-rewind``), offered
  when a hint finds the game lost (or blocked) and undo is possible: one
  click asks :func:`tripeaks.solver.rewind` how many undos bring back a
  winnable position, within :data:`REWIND_BUDGET` seconds, and makes them
  (each one an ordinary undo, docs/rules.md §4); a sentence says how many, or
  that no position within reach of undo can be won.  It disappears as soon
  as the game changes.
* a **Winnable?** toggle (``tp-winnable-toggle``, off at first: it is a
  spoiler) and its indicator (``tp-winnable``), which says after each action
  whether the position can still be won (``tp-winnable-yes`` / ``-no`` /
  ``-unknown`` / ``-won``), within :data:`INDICATOR_BUDGET` seconds; the session
  setting ``Setting.WINNABLE``.
* a **Deal only winnable games** checkbox in the New game panel
  (``tp-only-winnable``): a random deal under the chosen rule set is drawn again
  until the solver proves it winnable, each try within
  :data:`DEAL_TRY_BUDGET` seconds, at most :data:`DEAL_MAX_TRIES` tries; a
  note (``tp-deal-note``) says how many deals were tried, or that none was
  proven (the last one is dealt).  A pasted code is dealt as given: the code
  decides, and the note says so.  The session setting ``Setting.ONLY_WINNABLE``.

Every click runs under the session's guard: a failure shows the app's short
failure message and the game is never touched (hints only read it; the solver
works on its own copy of the position).

Nothing of the solver is loaded until it is needed: its modules and its
tables (about 19 MiB, 0.2–0.3 s to build) come with the first Hint, the first
Winnable? answer or the first winnable-only deal, so a student's kernel that
never asks costs that much less (benchmarks/kernel_memory.py).  That first
answer takes longer; its time budget starts after the tables are built
(:func:`tripeaks.solver.solve`), so the search itself still gets its full budget.
"""

from __future__ import annotations

import html
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...engine.game import Game, Status
from ...engine.rules import RuleSet
from ...i18n.ui import ui_text
from .. import static
from ..model.session import (
    GAME_CHANGES,
    GameSource,
    GameStarted,
    LanguageChanged,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
)

if TYPE_CHECKING:
    from ...solver import Hint, Verdict

__all__ = [
    "HintTools",
    "HINT_BUDGETS",
    "INDICATOR_BUDGET",
    "DEAL_TRY_BUDGET",
    "DEAL_MAX_TRIES",
    "REWIND_BUDGET",
    "CSS",
]

log = logging.getLogger(__name__)

HINT_BUDGETS: tuple[float, ...] = (0.25, 0.5, 1.0)
"""Seconds the solver may search for one hint: the first press, then each new press on the same position."""
INDICATOR_BUDGET = 0.25
"""Seconds the solver may search for the Winnable? indicator after each action."""
DEAL_TRY_BUDGET = 0.25
"""Seconds the solver may search for each random deal tried by "Deal only winnable games"."""
DEAL_MAX_TRIES = 12
"""At most this many random deals are tried; about 97% of Easy and 74% of Classic deals are winnable."""
REWIND_BUDGET = 2.0
"""Seconds the solver may search for the last winnable position (Rewind), all its searches together."""
_CACHE_SIZE = 512

CSS = static.text("hints.css")
"""Extra style for the hint widgets (selectors from ``tp-*`` classes, colours of :mod:`tripeaks.app.views.theme`)."""


def _deal_key(game: Game) -> tuple[Any, ...]:
    """What fixes the cards of a game: rule set, dealt tableau, dealt stock, first waste."""
    return (game.rules, game.dealt_tableau, game.dealt_stock, game.initial_waste)


def _position_key(game: Game) -> tuple[Any, ...]:
    """The position, cards included (``state_key`` alone does not name the face-down cards)."""
    return (_deal_key(game), game.state_key())


def _fingerprint(game: Game) -> tuple[Any, ...]:
    """This very moment of this game object: any action or another game changes it."""
    return (id(game), game.state_key(), game.moves, len(game.history))


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


class HintTools:
    """The Hint button, the Winnable? indicator and the winnable-deals option of one app.

    ``HintTools(session)``; the app places ``box`` (Hint, Rewind, Winnable?) in its
    controls row, ``only_winnable`` in the New game row and ``deal_note`` under it.
    Widgets (public, treat as read-only): ``hint_button``, ``rewind_button``,
    ``winnable_toggle``, ``winnable_label``, ``only_winnable``, ``deal_note``, ``box``.
    The two options follow the session's settings ``Setting.WINNABLE`` and
    ``Setting.ONLY_WINNABLE`` (both ways).  :meth:`give_hint` is the Hint button's action.  Settings (plain attributes, e.g. for tests):
    ``hint_budgets`` (seconds, tuple), ``indicator_budget``, ``deal_try_budget``,
    ``rewind_budget`` (seconds), ``deal_max_tries``, ``max_nodes`` (``None`` or a node budget for
    every search, on top of the time budgets) and ``random_game`` (a
    ``RuleSet -> Game`` function making the random deals; the session's
    previous ``random_game``).  The tools observe the app's
    :class:`~tripeaks.app.model.session.PlaySession` and act through it (its
    message, its highlight, its guard).
    """

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.hint_budgets: tuple[float, ...] = HINT_BUDGETS
        self.indicator_budget = INDICATOR_BUDGET
        self.deal_try_budget = DEAL_TRY_BUDGET
        self.deal_max_tries = DEAL_MAX_TRIES
        self.rewind_budget = REWIND_BUDGET
        self.max_nodes: int | None = None
        self.random_game: Callable[[RuleSet], Game] = session.random_game
        self.last_hint: Hint | None = None
        """The latest hint given (``None`` before the first)."""

        self._verdicts: OrderedDict[tuple[Any, ...], Verdict] = OrderedDict()
        self._hints: OrderedDict[tuple[Any, ...], Hint] = OrderedDict()
        self._tries: tuple[tuple[Any, ...], int] | None = None  # (fingerprint, presses) of an unknown answer
        self._counted: tuple[Any, ...] | None = None  # the moment (fingerprint) whose hint was counted last
        self.on_hint: Callable[[], object] | None = None
        """Called after each hint asked in a game being played (the app keeps the game then)."""
        self._pending: tuple[Game, tuple[Any, ...] | None] | None = None  # (dealt game, note) from our factory
        self._note: tuple[Any, ...] | None = None
        self._indicator: tuple[str, int] = ("off", 0)
        self._rewind_offer: tuple[Any, ...] | None = None  # the moment (fingerprint) a hint found the game lost

        self.hint_button = widgets.Button(icon="lightbulb-o", layout=widgets.Layout(width="auto", min_width="90px"))
        self.hint_button.add_class("tp-hint")
        self.hint_button.on_click(lambda _b: self.give_hint())
        self.rewind_button = widgets.Button(icon="undo", layout=widgets.Layout(width="auto", display="none"))
        self.rewind_button.add_class("tp-rewind")
        self.rewind_button.on_click(lambda _b: session.run(self._rewind))
        self.winnable_toggle = widgets.ToggleButton(
            value=session.option(Setting.WINNABLE), layout=widgets.Layout(width="auto")
        )
        self.winnable_toggle.add_class("tp-winnable-toggle")
        self.winnable_toggle.observe(lambda c: session.set_option(Setting.WINNABLE, bool(c["new"])), names="value")
        self.winnable_label = widgets.HTML(layout=widgets.Layout(display="none"))
        self.winnable_label.add_class("tp-winnable")
        style = widgets.HTML(value=f"<style>{CSS}</style>")
        style.add_class("tp-style")
        self.only_winnable = widgets.Checkbox(value=session.option(Setting.ONLY_WINNABLE), indent=False)
        self.only_winnable.add_class("tp-only-winnable")
        self.only_winnable.observe(lambda c: session.set_option(Setting.ONLY_WINNABLE, bool(c["new"])), names="value")
        self.deal_note = widgets.HTML(layout=widgets.Layout(display="none"))
        self.deal_note.add_class("tp-deal-note")

        # One box: the three wrap together when the controls row is too narrow.
        self.box = widgets.HBox(
            [self.hint_button, self.rewind_button, self.winnable_toggle, self.winnable_label, style]
        )
        self.box.add_class("tp-hint-box")
        session.random_game = self._new_game
        session.subscribe(self._on_event)
        self.refresh()

    # ------------------------------------------------------------------ following the session
    def _on_event(self, event: SessionEvent) -> None:
        """A new game? a move? redraw our widgets (the indicator asks the solver)."""
        if isinstance(event, GameStarted):
            self._follow(event)
        if isinstance(event, SettingChanged) and event.setting is Setting.ONLY_WINNABLE:
            self.only_winnable.value = event.value
        if isinstance(event, SettingChanged) and event.setting is Setting.WINNABLE:
            self.winnable_toggle.value = event.value
            if event.value:
                self._aid_seen()
            self.refresh()  # the indicator asks the solver: under the action's guard
        elif isinstance(event, (*GAME_CHANGES, LanguageChanged)):
            try:
                self.refresh()
            except Exception:  # noqa: BLE001 - the indicator is an extra: the move stands
                log.exception("TriPeaks hint tools could not follow the session")

    def _aid_seen(self) -> None:
        """The Winnable? indicator is on for the game on the table: one hint for that game (the
        solver's answer is an aid), each time it is switched on in a game being played, and for
        each game dealt with it on; a resumed game already counted it."""
        session = self.session
        if session.counts and not session.game.is_over:
            session.count_hint()
            if self.on_hint is not None:
                self.on_hint()

    def _follow(self, event: GameStarted) -> None:
        if event.source not in (GameSource.RESUMED, GameSource.REPLAY) and self.session.option(Setting.WINNABLE):
            self._aid_seen()
        pending, self._pending = self._pending, None
        if event.source is GameSource.RANDOM and pending is not None and pending[0] is event.game:
            self._note = pending[1]
        elif event.source is GameSource.CODE:
            self._note = ("code",) if self.session.option(Setting.ONLY_WINNABLE) else None
        elif event.source is not GameSource.RESTART:  # a restart keeps the note: same cards
            self._note = None

    @property
    def hints_given(self) -> int:
        """Hints asked for the game on the table while it was being played (the session's
        :attr:`~tripeaks.app.model.session.PlaySession.hints`: a game resumed after a reload keeps
        its count); the end-of-game summary shows it and the class results record it."""
        return self.session.hints

    # ------------------------------------------------------------------ hint
    def give_hint(self) -> None:
        """Ring a move that keeps the game winnable and say why, or say that none is known (module doc)."""
        self.session.run(self._give_hint)

    def _give_hint(self) -> None:
        from ... import solver  # loaded at the first hint (its tables too, before the time budget starts)
        from ...i18n.solver import hint_message
        from ...solver import HintKind

        session = self.session
        game = session.game
        fingerprint = _fingerprint(game)
        if game.is_over:
            session.set_highlight()
            if game.status is Status.WON:
                over = "hints.over_won"
            else:  # blocked: docs/rules.md §4 allows undo then, unless there is nothing to undo
                over = "hints.over_blocked" if game.can_undo else "hints.lost_no_undo"
                self._rewind_offer = fingerprint if game.can_undo else None
            session.show_message(lambda lang: ui_text(over, lang))
            self.refresh()
            return
        if self._counted != fingerprint:  # asked again at the same moment (a longer search, a second press): once
            self._counted = fingerprint
            session.count_hint()
            if self.on_hint is not None:
                self.on_hint()  # kept at once: a reload does not forget it
        presses = self._tries[1] if self._tries is not None and self._tries[0] == fingerprint else 0
        budget = self.hint_budgets[min(presses, len(self.hint_budgets) - 1)]
        key = _position_key(game)
        h = self._hints.get(key)
        if h is None:
            h = solver.hint(game, time_limit=budget, max_nodes=self.max_nodes)
            if h.kind is not HintKind.UNKNOWN:
                _remember(self._hints, key, h)
                _remember(self._verdicts, key, h.verdict)
        self.last_hint = h
        if h.kind is HintKind.UNKNOWN:
            self._tries = (fingerprint, presses + 1)
            session.set_highlight()
            last = presses + 1 >= len(self.hint_budgets)
            ms = _ms(budget)
            session.show_message(lambda lang: ui_text("hints.unknown_last" if last else "hints.unknown", lang, ms=ms))
            self.refresh()
            return
        self._tries = None
        if h.kind is HintKind.PLAY and isinstance(h.action, int):
            session.set_highlight([h.action])
        elif h.kind is HintKind.DRAW:
            session.set_highlight(stock=True)
        else:
            session.set_highlight()
        if h.kind is HintKind.LOST:
            self._rewind_offer = fingerprint if game.can_undo else None
        if h.kind is HintKind.LOST and not game.can_undo:
            session.show_message(lambda lang: ui_text("hints.lost_no_undo", lang))
        else:
            session.show_message(lambda lang: hint_message(h, lang))
        self.refresh()

    # ------------------------------------------------------------------ rewind
    def _rewind(self) -> None:
        """Make the undos back to the last winnable position (docs/rules.md §4), or say why not."""
        from ... import solver
        from ...solver import Verdict

        session = self.session
        game = session.game
        self._rewind_offer = None
        session.show_message(lambda lang: ui_text("hints.rewinding", lang))  # at once: the search takes a moment
        result = solver.rewind(game, time_limit=self.rewind_budget, max_nodes=self.max_nodes)
        undos = result.undos
        if result.verdict is Verdict.WINNABLE and undos:
            session.undo_many(undos)
            session.show_message(lambda lang: ui_text("hints.rewound", lang, count=undos))
        elif result.verdict is Verdict.WINNABLE:  # nothing to go back for
            session.show_message(lambda lang: ui_text("hints.winnable_yes", lang))
        elif result.verdict is Verdict.UNWINNABLE:
            session.show_message(lambda lang: ui_text("hints.rewind_none", lang))
        else:
            ms = _ms(self.rewind_budget)
            session.show_message(lambda lang: ui_text("hints.rewind_unknown", lang, ms=ms))
        self.refresh()

    @property
    def rewind_offered(self) -> bool:
        """True while the Rewind button is offered (a hint found this very position lost)."""
        return self._rewind_offer is not None and self._rewind_offer == _fingerprint(self.session.game)

    # ------------------------------------------------------------------ winnable?
    def _verdict(self, game: Game) -> Verdict:
        from ... import solver
        from ...solver import Verdict

        key = _position_key(game)
        verdict = self._verdicts.get(key)
        if verdict is None:
            verdict = solver.solve(game, time_limit=self.indicator_budget, max_nodes=self.max_nodes).verdict
            if verdict is not Verdict.UNKNOWN:
                _remember(self._verdicts, key, verdict)
        return verdict

    def refresh(self) -> None:
        """Redraw our widgets in the session's language from the current game."""
        lang, game = self.session.lang, self.session.game
        self.hint_button.description = ui_text("controls.hint", lang)
        self.hint_button.tooltip = ui_text("hints.tip", lang)
        self.hint_button.disabled = game.is_over
        offered = self.rewind_offered
        if not offered:
            self._rewind_offer = None
        self.rewind_button.description = ui_text("hints.rewind", lang)
        self.rewind_button.tooltip = ui_text("hints.rewind_tip", lang)
        self.rewind_button.layout.display = None if offered else "none"
        on = self.winnable_toggle.value = self.session.option(Setting.WINNABLE)
        self.winnable_toggle.description = ui_text("hints.winnable_on" if on else "hints.winnable_off", lang)
        self.winnable_toggle.tooltip = ui_text("hints.winnable_tip", lang)
        self.winnable_toggle.icon = "check" if on else ""
        if on:
            from ...solver import Verdict

            if game.status is Status.WON:
                state = "won"
            else:
                state = {Verdict.WINNABLE: "yes", Verdict.UNWINNABLE: "no", Verdict.UNKNOWN: "unknown"}[
                    self._verdict(game)
                ]
            self._indicator = (state, _ms(self.indicator_budget))
            text = ui_text(f"hints.winnable_{state}", lang, ms=self._indicator[1])
            self.winnable_label.value = (
                f'<span class="tp-winnable-text tp-winnable-{state}" role="status">{html.escape(text)}</span>'
            )
            self.winnable_label.layout.display = None
        else:
            self._indicator = ("off", 0)
            self.winnable_label.value = ""
            self.winnable_label.layout.display = "none"
        self.only_winnable.value = self.session.option(Setting.ONLY_WINNABLE)
        self.only_winnable.description = ui_text("hints.only_winnable", lang)
        self.only_winnable.tooltip = ui_text("hints.only_winnable_tip", lang)
        self.deal_note.value = self._note_html(lang)
        self.deal_note.layout.display = None if self.deal_note.value else "none"

    @property
    def indicator(self) -> str:
        """What the Winnable? indicator shows: ``"off"``, ``"yes"``, ``"no"``, ``"unknown"`` or ``"won"``."""
        return self._indicator[0]

    # ------------------------------------------------------------------ only winnable deals
    def _new_game(self, rule: RuleSet) -> Game:
        """The session's ``random_game``: a random deal, proven winnable when the option is on."""
        if not self.session.option(Setting.ONLY_WINNABLE):
            game = self.random_game(rule)
            self._pending = (game, None)
            return game
        from ... import solver
        from ...solver import Verdict

        tries = max(1, int(self.deal_max_tries))
        # The search takes a moment: say so now, not the last game's end until the new one is on the table.
        self.session.show_message(lambda lang: ui_text("hints.dealing", lang))
        for n in range(1, tries + 1):
            game = self.random_game(rule)
            verdict = solver.solve(game, time_limit=self.deal_try_budget, max_nodes=self.max_nodes).verdict
            if verdict is not Verdict.UNKNOWN:
                _remember(self._verdicts, _position_key(game), verdict)
            if verdict is Verdict.WINNABLE:
                self._pending = (game, ("proved", n))
                return game
        self._pending = (game, ("none", tries))
        return game

    def _note_html(self, lang: str) -> str:
        note = self._note
        if note is None:
            return ""
        if note[0] == "proved":
            text, cls = ui_text("hints.deal_proved", lang, tries=note[1]), "tp-note-ok"
        elif note[0] == "none":
            text, cls = ui_text("hints.deal_none", lang, tries=note[1], ms=_ms(self.deal_try_budget)), "tp-note-warn"
        else:
            text, cls = ui_text("hints.deal_code", lang), "tp-note-warn"
        return f'<span class="{cls}">{html.escape(text)}</span>'


def _remember(cache: OrderedDict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > _CACHE_SIZE:
        cache.popitem(last=False)
