"""Replay and share (collapsed at first): a game's record to copy or download, records to watch.

* **Share**: pick the game on the table or any past game of the history; its
  record (docs/rules.md §6, the full code with its flags) shows as JSON text,
  to copy (the Copy button uses the browser's clipboard) or to download (a
  data link: ipywidgets has no download widget).
* **Watch**: paste a record or open a record file, then step through it with
  the slider or Previous / Next; the board, the log and the plot follow,
  because each step is put on the table as a replay step
  (``GameSource.REPLAY``, never counted).  The game that was on the table is
  set aside: *Back to my game* brings it back as it was.  *Continue from
  here* (and only it: a click on a card, the stock, Undo or a key is refused
  while a step is watched, the status line saying to press it —
  :attr:`PlaySession.watch_only <tripeaks.app.model.session.PlaySession.watch_only>`)
  plays on from the step shown: that game
  counts through the moves made on it here only, and the game set aside is
  left (abandoned).  A step already over (won, out of time, blocked for good)
  cannot be continued.  Watching never runs a clock; a record of a game timed
  here (the game set aside, a game of the history) keeps the seconds its
  clock used, so continuing it never refills its countdown.  A record that cannot
  be replayed gets the engine's :class:`~tripeaks.engine.record.RecordError` message.

The stepping itself is :class:`tripeaks.engine.record.Replay` (no widgets).

CSS classes: ``tp-panel tp-replay``; ``tp-replay-toggle``, ``tp-replay-body``,
``tp-replay-which``, ``tp-replay-record``, ``tp-replay-copy``, ``tp-replay-link`` (Copy link),
``tp-replay-download``, ``tp-replay-load``, ``tp-replay-upload``,
``tp-replay-steps``, ``tp-replay-nav`` (Previous, slider and Next, one line), ``tp-replay-prev``, ``tp-replay-slider``,
``tp-replay-next``, ``tp-replay-step``, ``tp-replay-moves`` (the record's moves near the step,
``li.tp-replay-here`` the move that led to it), ``tp-replay-continue``,
``tp-replay-back``, ``tp-replay-message``; the review's ``tp-review`` (:mod:`tripeaks.app.views.review`).
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...engine.cards import Card, InvalidCardError
from ...engine.game import Game, Refusal
from ...engine.record import RecordError, Replay
from ...history.stats import GameEntry
from ...i18n import card_name
from ...i18n.keep import keep_text
from ...i18n.ui import record_error_message
from .. import static
from ..model.clock import time_limit
from ..model.keeper import HistoryChanged, Keeper, KeeperEvent
from ..model.review import GameReview
from ..model.session import (
    GAME_CHANGES,
    GameSource,
    GameStarted,
    LanguageChanged,
    MessageKind,
    MoveMade,
    MoveUndone,
    SessionEvent,
)
from ..model.tally import clock_used, continue_refusal
from .review import ReviewView

__all__ = ["ReplayPanel", "CSS"]

CSS = static.text("replay_panel.css")
"""Style of the panel (``tp-*`` classes)."""

CURRENT = -1
"""The ``which`` value of the game on the table."""


def _esc(s: str) -> str:
    return html.escape(s, quote=True)


class ReplayPanel(widgets.VBox):
    """The Replay and share panel of ``keeper`` (module doc); ``copy(text)`` puts text on the
    clipboard (the app's store; call :meth:`copied` with its answer), ``copy_link(code)`` a deal's
    link.  ``kept=False`` where a game played on from a step is recorded nowhere (the teacher's page)."""

    def __init__(
        self,
        keeper: Keeper,
        copy: Callable[[str], None] | None = None,
        copy_link: Callable[[str], None] | None = None,
        *,
        kept: bool = True,
        **kwargs: Any,
    ) -> None:
        self._keeper = keeper
        self._session = session = keeper.session
        self._copy = copy
        self._copy_link = copy_link
        self._kept = kept  # a game played on from a step counts (False on the teacher's page: nothing is recorded)
        self._copying = "record"  # what the clipboard's next answer is about: "record" or "link"
        self._replay: Replay | None = None
        self._aside: Game | None = None
        self._aside_clock: tuple[dict[str, Any], float] | None = None  # its record and clock when set aside
        self._used = 0.0  # seconds the watched game's clock already used here (its countdown is not refilled)
        self._step_game: Game | None = None
        self._said: tuple[str, dict[str, Any], str] | None = None
        self._moving = False
        self.review_view: ReviewView | None = None
        """*Review this game* for the record watched, once :meth:`attach_review` is called."""
        self.toggle = widgets.Button(layout=widgets.Layout(width="auto"))
        self.toggle.add_class("tp-replay-toggle")
        self.toggle.on_click(lambda _b: self.set_open(not self.is_open))
        self.which = widgets.Dropdown(layout=widgets.Layout(width="100%", max_width="560px"))
        self.which.add_class("tp-replay-which")
        self.which.observe(lambda _c: self._show_record(), names="value")
        self.record = widgets.Textarea(layout=widgets.Layout(width="100%", height="90px"))
        self.record.add_class("tp-replay-record")
        self.copy_button = widgets.Button(icon="copy")
        self.copy_button.add_class("tp-replay-copy")
        self.copy_button.on_click(lambda _b: self._copy_record())
        self.download = widgets.HTML()
        self.download.add_class("tp-replay-download")
        self.load_button = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.load_button.add_class("tp-replay-load")
        self.load_button.on_click(lambda _b: self.watch(self.record.value))
        self.upload = widgets.FileUpload(accept=".json,application/json", multiple=False)
        self.upload.add_class("tp-replay-upload")
        self.upload.observe(self._uploaded, names="value")
        self.link_button = widgets.Button(icon="link", layout=widgets.Layout(width="auto"))
        self.link_button.add_class("tp-replay-link")
        self.link_button.on_click(lambda _b: self._copy_deal_link())
        self.link_button.disabled = session.game.code is None
        share = widgets.HBox([self.copy_button, self.link_button, self.download, self.load_button, self.upload])
        share.add_class("tp-replay-row")
        self.prev_button = widgets.Button(icon="step-backward", layout=widgets.Layout(width="auto"))
        self.prev_button.add_class("tp-replay-prev")
        self.slider: widgets.IntSlider = widgets.IntSlider(
            min=0, max=0, readout=False, layout=widgets.Layout(width="auto")
        )
        self.prev_button.on_click(lambda _b: self._go(self.slider.value - 1))
        self.slider.add_class("tp-replay-slider")
        self.slider.observe(lambda c: self._go(int(c["new"])), names="value")
        self.next_button = widgets.Button(icon="step-forward", layout=widgets.Layout(width="auto"))
        self.next_button.add_class("tp-replay-next")
        self.next_button.on_click(lambda _b: self._go(self.slider.value + 1))
        self.step_label = widgets.HTML()
        self.step_label.add_class("tp-replay-step")
        self.continue_button = widgets.Button(button_style="success", layout=widgets.Layout(width="auto"))
        self.continue_button.add_class("tp-replay-continue")
        self.continue_button.on_click(lambda _b: self._continue())
        self.back_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.back_button.add_class("tp-replay-back")
        self.back_button.on_click(lambda _b: self._back())
        self.nav = widgets.HBox([self.prev_button, self.slider, self.next_button])
        """Previous, the slider and Next: on one line at any width (replay_panel.css)."""
        self.nav.add_class("tp-replay-nav")
        self.steps = widgets.HBox(
            [
                self.nav,
                self.step_label,
                self.continue_button,
                self.back_button,
            ],
            layout=widgets.Layout(display="none"),
        )
        self.steps.add_class("tp-replay-row")
        self.steps.add_class("tp-replay-steps")
        self.moves = widgets.HTML(layout=widgets.Layout(display="none"))
        """The record's moves around the step shown, in the player's language (:func:`move_text`)."""
        self.moves.add_class("tp-replay-moves")
        self.message = widgets.HTML()
        self.message.add_class("tp-replay-message")
        self.body = widgets.VBox(
            [self.which, self.record, share, self.steps, self.moves, self.message],
            layout=widgets.Layout(display="none"),
        )
        self.body.add_class("tp-replay-body")
        style = widgets.HTML(f"<style>{CSS}</style>")
        style.add_class("tp-style")
        super().__init__([style, self.toggle, self.body], **kwargs)
        self.add_class("tp-panel")
        self.add_class("tp-replay")
        keeper.subscribe(self._on_keeper)
        session.subscribe(self._on_session)
        # A stray click on a watched step is refused, saying how to take the record over (module doc).
        session.watch_only = lambda lang: keep_text(
            "replay.watch_only", lang, button=keep_text("replay.continue", lang)
        )
        self.render()

    # ------------------------------------------------------------------ state
    @property
    def is_open(self) -> bool:
        """True while the panel is open."""
        return self.body.layout.display != "none"

    @property
    def watching(self) -> bool:
        """True while a record is being stepped through."""
        return self._replay is not None

    def set_open(self, on: bool) -> None:
        """Open or collapse the panel."""
        self.body.layout.display = None if on else "none"
        self.render()

    # ------------------------------------------------------------------ events
    def _on_keeper(self, event: KeeperEvent) -> None:
        if isinstance(event, HistoryChanged) and self.is_open:
            self._render_choices()

    def _on_session(self, event: SessionEvent) -> None:
        if isinstance(event, (MoveMade, MoveUndone)) and self._replay is not None and self._session.counts:
            self._leave(played=True)  # a move on a replay step plays on from there
        elif isinstance(event, GameStarted) and self._replay is not None and not self._moving:
            if event.source is not GameSource.REPLAY:
                self._leave(played=False)
        if isinstance(event, GameStarted):
            self.link_button.disabled = event.game.code is None  # a hand-built layout has no link
        if isinstance(event, LanguageChanged):
            self.render()
        elif isinstance(event, GAME_CHANGES) and self.is_open and self.which.value == CURRENT and not self.watching:
            self._show_record()

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        """Labels in the session's language; the record shown when open."""
        lang = self._session.lang
        self.toggle.description = keep_text("replay.hide" if self.is_open else "replay.show", lang)
        self.which.description = keep_text("replay.which", lang)
        self.record.description = ""
        self.record.placeholder = keep_text("replay.placeholder", lang)
        self.copy_button.description = keep_text("replay.copy", lang)
        self.link_button.description = keep_text("replay.copy_link", lang)
        self.link_button.tooltip = keep_text("replay.copy_link_tip", lang)
        self.load_button.description = keep_text("replay.load", lang)
        self.upload.description = keep_text("replay.upload", lang)
        self.prev_button.description = keep_text("replay.prev", lang)
        self.next_button.description = keep_text("replay.next", lang)
        self.continue_button.description = keep_text("replay.continue", lang)
        self.back_button.description = keep_text("replay.back", lang)
        self._render_steps()
        self._render_message()
        if self.is_open:
            self._render_choices()
            self._show_record()

    def _render_choices(self) -> None:
        lang = self._session.lang
        options: list[tuple[str, int]] = [(keep_text("replay.current", lang), CURRENT)]
        history = self._keeper.history
        for i in range(len(history) - 1, -1, -1):
            if history[i].replayable:  # an older game keeps its summary only (docs/play/nothing-lost.md)
                options.append((_entry_label(history[i], lang), i))
        value = self.which.value if self.which.value in {v for _, v in options} else CURRENT
        if list(self.which.options) != options:
            self.which.options = options
        self.which.value = value

    def _chosen_record(self) -> dict[str, Any]:
        index = self.which.value
        history = self._keeper.history
        if isinstance(index, int) and 0 <= index < len(history):
            return history[index].record()
        return self._session.game.to_record()

    def _show_record(self) -> None:
        if not self.is_open:
            return
        record = self._chosen_record()
        text = json.dumps(record)
        self.record.value = text
        name = re.sub(r"[^A-Za-z0-9-]+", "-", str(record.get("code", "layout"))).strip("-") or "game"
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        label = _esc(keep_text("replay.download", self._session.lang))
        self.download.value = (
            f'<a download="tripeaks-{name}.json" href="data:application/json;base64,{payload}">{label}</a>'
        )

    def attach_review(self, review: GameReview) -> None:
        """Add *Review this game* for the record being watched (docs/rules.md §9): ``review_view``."""
        self.review_view = ReviewView(self._session, review, self._watched_game)
        self.body.children = (*self.body.children, self.review_view)
        self._render_steps()

    def _watched_game(self) -> Game | None:
        """The whole record being watched, as a game (its last step), or ``None``."""
        return self._replay.game_at(self._replay.steps) if self._replay is not None else None

    def _render_steps(self) -> None:
        replay = self._replay
        self.steps.layout.display = None if replay is not None else "none"
        if self.review_view is not None:
            self.review_view.layout.display = None if replay is not None else "none"
        self.moves.layout.display = None if replay is not None else "none"
        if replay is None:
            self.moves.value = ""
            return
        step, lang = self.slider.value, self._session.lang
        self.moves.value = _moves_html(replay.record.get("actions", []), step, lang)
        self.step_label.value = _esc(keep_text("replay.step", lang, step=step, steps=replay.steps))
        self.prev_button.disabled = step <= 0
        self.next_button.disabled = step >= replay.steps
        self.back_button.layout.display = None if self._aside is not None else "none"
        shown = self._step_game
        self.continue_button.disabled = shown is None or self._continue_refusal(shown) is not None

    def _say(self, key: str, kind: str = "ok", **values: Any) -> None:
        self._said = (key, values, kind)
        self._render_message()

    def _render_message(self) -> None:
        if self._said is None:
            self.message.value = ""
            return
        key, values, kind = self._said
        lang = self._session.lang
        shown = {k: record_error_message(v, lang) if isinstance(v, Exception) else v for k, v in values.items()}
        self.message.value = f'<span class="tp-msg-{kind}">{_esc(keep_text(key, lang, **shown))}</span>'

    # ------------------------------------------------------------------ actions
    def _copy_record(self) -> None:
        if self._copy is not None and self.record.value.strip():
            self._copying = "record"
            self._copy(self.record.value)

    def _copy_deal_link(self) -> None:
        code = self._session.game.code
        if self._copy_link is not None and code is not None:
            self._copying = "link"
            self._copy_link(str(code))

    def copied(self, ok: bool) -> None:
        """The clipboard's answer to Copy or Copy link."""
        if self._copying == "link":
            self._say("replay.link_copied" if ok else "replay.copy_failed", "ok" if ok else "error")
        else:
            self._say("replay.copied" if ok else "replay.copy_failed", "ok" if ok else "error")

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else getattr(item, "content", b"")
        self.upload.set_trait("value", ())
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            self.watch(bytes(content))
            return
        self.record.value = text
        self.watch(text)

    def watch(self, record: Any) -> bool:
        """Start stepping through ``record`` (a dict, or JSON text or bytes) from its first step.

        A record that cannot be replayed is refused with the engine's
        :class:`~tripeaks.engine.record.RecordError` message and changes nothing;
        returns whether watching started.
        """
        if isinstance(record, str) and not record.strip():
            self._say("replay.empty", "error")
            return False
        try:
            replay = Replay(record)
        except RecordError as exc:
            self._say("replay.bad", "error", error=exc)  # said in the player's language (record_error_message)
            return False
        if self._replay is None:
            counts = self._session.counts
            self._aside = self._session.game if counts else None
            self._aside_clock = (self._session.game.to_record(), self._session.elapsed) if counts else None
        known = [(e.record(), e.duration) for e in self._keeper.history]
        if self._aside_clock is not None:
            known.append(self._aside_clock)
        timed = time_limit(replay.game_at(0)) is not None  # an untimed game's duration starts afresh
        self._used = clock_used(replay.record, known) if timed else 0.0
        self._replay = replay
        self._said = None
        self._render_message()  # the error about an earlier record goes
        self._moving = True
        try:
            self.slider.max = replay.steps
            self.slider.value = 0
        finally:
            self._moving = False
        self._go(0, force=True)
        return True

    def _go(self, step: int, force: bool = False) -> None:
        replay = self._replay
        if replay is None or self._moving:
            return
        step = max(0, min(step, replay.steps))
        if self.slider.value != step:
            self.slider.value = step  # observed: comes back here
            return
        if not force and self._step_game is self._session.game and self._step_index == step:
            return
        game = replay.game_at(step)
        self._moving = True
        try:
            self._session.set_game(game, GameSource.REPLAY, elapsed=self._used)
        finally:
            self._moving = False
        self._step_game, self._step_index = game, step
        code = str(game.code) if game.code is not None else keep_text("replay.custom", self._session.lang)
        steps = replay.steps
        self._session.show_message(lambda lang: keep_text("replay.watching", lang, code=code, step=step, steps=steps))
        self._render_steps()

    _step_index = -1

    def _continue(self) -> None:
        replay = self._replay
        if replay is None:
            return
        step = self.slider.value
        game = replay.game_at(step)
        if self._continue_refusal(game) is not None:
            self._say("replay.cannot_continue", "error")
            return
        self._moving = True
        try:
            continued = self._session.set_game(game, GameSource.RECORD, elapsed=self._used)
        finally:
            self._moving = False
        if continued is None:
            self._say("replay.cannot_continue", "error")
            return
        self._leave(played=True, step=step)

    def _continue_refusal(self, game: Game) -> Refusal | None:
        """Why ``game`` (a step) cannot be continued: over (docs/rules.md §6), or its countdown used up (§8)."""
        refusal = continue_refusal(game)
        limit = time_limit(game)
        if refusal is None and limit is not None and self._used >= limit:
            refusal = Refusal.TIME_UP
        return refusal

    def _back(self) -> None:
        aside = self._aside
        if aside is None:
            return
        self._moving = True
        try:
            self._session.set_game(aside, GameSource.RESUMED)
        finally:
            self._moving = False
        self._leave(played=False)

    def _leave(self, played: bool, step: int | None = None) -> None:
        shown = self.slider.value if step is None else step
        self._replay = None
        self._aside = None
        self._aside_clock = None
        self._used = 0.0
        self._step_game = None
        self._render_steps()
        if played:
            key = "replay.continued" if self._kept else "replay.continued_unkept"
            self._session.show_message(lambda lang: keep_text(key, lang, step=shown), MessageKind.INFO)
            self._say(key, step=shown)


def _entry_label(entry: GameEntry, lang: str) -> str:
    return keep_text(
        "replay.past",
        lang,
        date=entry.date.strftime("%Y-%m-%d %H:%M"),
        code=entry.code or keep_text("replay.custom", lang),
        result=keep_text(f"result.{entry.result.value}", lang),
        score=entry.score,
    )


MOVES_AROUND = 5
"""The record's moves listed before and after the move of the step shown (a long record costs the same)."""


def move_text(token: str, lang: str) -> str:
    """A record's action token (docs/rules.md §6) as a player reads it in ``lang``: a card as the move log
    names it (``"QH"`` → ``"D♥"`` in French), the draw, an undo and the timer's end in words.

    >>> move_text("QH", "fr"), move_text("D", "pt"), move_text("10S", "en")
    ('D♥', 'comprar', '10♠')
    """
    words = {"D": "replay.move_draw", "U": "replay.move_undo", "T": "replay.move_time_up"}
    if token in words:
        return keep_text(words[token], lang)
    try:
        return card_name(Card.parse(token), lang)
    except InvalidCardError:
        return token  # not in a record that replays: shown as it is


def _moves_html(tokens: list[str], step: int, lang: str) -> str:
    """The moves around ``step`` (the move that led to it marked), numbered as the record counts them."""
    first, last = max(1, step - MOVES_AROUND), min(len(tokens), step + MOVES_AROUND)
    items = []
    for number in range(first, last + 1):
        here = ' class="tp-replay-here" aria-current="step"' if number == step else ""
        items.append(f"<li{here}>{number}.\u00a0{_esc(move_text(str(tokens[number - 1]), lang))}</li>")
    more_before = '<li class="tp-replay-more">…</li>' if first > 1 else ""
    more_after = '<li class="tp-replay-more">…</li>' if last < len(tokens) else ""
    title = _esc(keep_text("replay.moves", lang))
    return (
        f'<span class="tp-replay-moves-title">{title}</span>'
        f'<ol class="tp-replay-moves-list">{more_before}{"".join(items)}{more_after}</ol>'
    )
