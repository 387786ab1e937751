"""What the app keeps in the browser, and how: the storage model, without widgets.

One versioned key, :data:`STORAGE_KEY` (``"tripeaks-v1"``), holds one JSON object::

    {"format": "tripeaks-storage", "version": 1,
     "settings": {"lang": "pt", "error_help": true, "deal_rules": "E", "hints": {…}},
     "game": {"record": {…}, "elapsed": 83.2, "running": true, "saved_at": "2026-11-30T09:12:44Z",
              "daily": null, "match": 1},
     "history": [{…}, …],
     "match": {…}}

* ``settings``: the language, error help, the four-colour deck, sound (on or off), the rule set of the next random deal
  (the text of a rule set, docs/rules.md §8) and any option a view registers
  (:meth:`Keeper.add_setting`; the hint options do);
* ``game``: the game on the table as a record (docs/rules.md §6, the full code
  with its flags), updated after every action and whenever its clock starts,
  stops or pauses (:meth:`Keeper.save_game`), with the seconds played
  (``elapsed``, the game's one clock), whether the clock was running and when
  that was saved (``running``, ``saved_at``, UTC), the date whose deal of the
  day it is (or ``null``) and the index of its deal in the match (or
  ``null``), and for a game continued from a record (docs/rules.md §6) the move
  counter when it was (``continued_at``: only the moves after it count), the hints asked in it
  (``hints``, left out when none: a reload keeps the count the class results record), and its stamp:
  the id of the page (tab) that wrote it and its revision (``tab``, ``rev``: every write of
  the game in play adds 1, :func:`game_stamp`); ``null``
  when no game was played yet.  One tab at a time has the game in play: a page writes it
  only over the stamp it knows, so another tab's newer moves are never overwritten; a page
  that finds a newer stamp (a refused write, or another tab's ``storage`` event) waits,
  says so and plays nothing until the player continues there (:meth:`Keeper.game_stored`,
  :meth:`Keeper.continue_here`, docs/play/nothing-lost.md "Two tabs").  A resumed game's clock
  goes on from there: a countdown is never refilled by a reload.  A clock that
  was running adds the seconds from ``saved_at`` to the reload, at most
  :data:`RESUME_GAP` (a page closed for longer was not being played); a
  document without ``running`` and ``saved_at`` (an earlier release) resumes at
  ``elapsed``;
* ``history``: every game that counted (:class:`~tripeaks.history.stats.GameEntry`,
  with its ``id``), read with the reader and limits of an imported history
  (:data:`~tripeaks.history.entry.LIMITS`); the newest :data:`KEEP_ACTIONS`
  keep their actions, older ones their summary.  After a game only that game
  is sent (the store adds it to the newest stored history, so that two tabs
  keep both their games, :meth:`Keeper.synced`);
* ``match``: the match in progress or just over (:class:`~tripeaks.history.match.Match`), or ``null``.

:class:`Keeper` observes a :class:`~tripeaks.app.model.session.PlaySession` and
writes through a :class:`Store` (the browser's ``localStorage`` in the app,
:mod:`tripeaks.app.views.browser_store`; a fake in tests).  Nothing is written before the
store has said what it holds (:meth:`Keeper.loaded`); then the unfinished
game is resumed exactly (board, score, move counter, log, plot, undo) and
the settings come back.  Content that is not such an object (garbage, another
program's, a newer version) is set aside under :data:`ASIDE_KEY` with a
message, and the app starts afresh; a part that fails its checks (one game of
the history, the saved game, the match, the settings) is set aside alone and
the rest is kept.  Nothing is written before the copy set aside is kept (the
store picks a free key, never replacing an earlier copy); if it cannot be,
the original stays and the page writes nothing (docs/play/nothing-lost.md).  A store that cannot be used leaves the
app as it is, saying once, quietly, that nothing will be kept.

A game counts once (session's :class:`~tripeaks.app.model.session.GameFinished`):
when it is won or runs out of time, or when it leaves the table blocked
(an undo can revive it until then) or abandoned after at least one move.  A
blocked game still on the table when the page closed counts when the app
opens again (it is not resumed; :class:`LeftGamesCounted` tells the class results).  A deal of a match scores as soon as its
game ends (blocked too; undone and ended anew, its latest score stands).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, Union

from ...engine.codes import GameCode, InvalidCodeError
from ...engine.game import Game, Status
from ...engine.record import RecordError
from ...engine.rules import RuleSet
from ...history.daily import daily_code
from ...history.entry import LIMITS, Outcome, read_day
from ...history.match import Match, MatchError
from ...history.stats import UTC, GameEntry, HistoryError, merge_history, read_entries_apart
from ...history.stats import import_history as read_history
from ...i18n import browser_language, check_language
from ...i18n.keep import keep_text
from ...i18n.ui import code_error_message
from .bus import EventBus
from .session import (
    GAME_CHANGES,
    ConfirmationClosed,
    GameFinished,
    GameOver,
    GameSource,
    GameStarted,
    LanguageChanged,
    MessageKind,
    PlaySession,
    SessionEvent,
    Setting,
    SettingChanged,
)

__all__ = [
    "STORAGE_KEY",
    "ASIDE_KEY",
    "STORAGE_FORMAT",
    "STORAGE_VERSION",
    "Store",
    "StorageError",
    "Keeper",
    "StoreState",
    "HistoryChanged",
    "MatchChanged",
    "StoreChanged",
    "KeeperEvent",
    "LeftGamesCounted",
    "GameTaken",
    "read_document",
    "game_stamp",
    "say_link_dealt",
    "say_link_refused",
    "RESUME_GAP",
    "KEEP_ACTIONS",
    "keep_actions",
]

log = logging.getLogger(__name__)

STORAGE_KEY = "tripeaks-v1"
"""The localStorage key of everything the app keeps (the version is part of the name)."""
ASIDE_KEY = "tripeaks-v1-aside"
"""Where unreadable content of :data:`STORAGE_KEY` is set aside (the latest such content)."""
RESUME_GAP = 120.0
"""At most this many seconds between the latest save of a running clock and a reload count as played."""
STORAGE_FORMAT = "tripeaks-storage"
STORAGE_VERSION = 1
ASIDE_FORMAT = "tripeaks-aside"
"""The ``format`` of the parts of a document set aside one by one (:data:`ASIDE_KEY`)."""
KEEP_ACTIONS = 500
"""The newest games whose actions are kept (replayable); older games keep their summary only."""
MIN_KEEP_ACTIONS = 30
"""When the storage is full, fewer games keep their actions (a quarter, then a quarter again), down to this many."""


def keep_actions(entries: list[GameEntry], newest: int = KEEP_ACTIONS) -> list[GameEntry]:
    """``entries`` (date order) with the actions of all but the ``newest`` dropped (their summary
    stays, for the statistics)."""
    cut = max(0, len(entries) - newest)
    if not any(e.actions for e in entries[:cut]):
        return entries
    return [e.summary() if i < cut and e.actions else e for i, e in enumerate(entries)]


class StorageError(ValueError):
    """Stored content that is not a TriPeaks storage object of this version; the message says why."""


class Store(Protocol):
    """Where the keeper writes: the browser's localStorage (or a fake)."""

    def write(
        self,
        replace: dict[str, Any] | None = None,
        patch: dict[str, Any] | None = None,
        add: list[dict[str, Any]] | None = None,
        keep: int = KEEP_ACTIONS,
        merge: bool = False,
        based: bool = False,
        base: tuple[str, int] | None = None,
    ) -> None:
        """Store the whole object ``replace`` (with ``merge``, the games another tab stored meanwhile
        stay: the store tells :meth:`Keeper.synced`), or change the top-level fields of ``patch`` and add
        the games of ``add`` to the newest stored history (each once, by ``id``); the actions of
        all but the ``keep`` newest games are dropped.

        The game in play is written only by a write that is ``based``, and only when the stored
        game's stamp (:func:`game_stamp`) is still ``base``; else the stored game stays, the games
        of a based ``add`` are not added, and the store tells :meth:`Keeper.game_stored` (the stored
        game and the ids of the games refused).  Any other write keeps the stored game as it is."""

    def put_aside(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key`` (or the first free key after it); the answer comes to
        :meth:`Keeper.aside_done` (the key used, or ``None``: it could not be written)."""


@dataclass(frozen=True)
class Document:
    """A storage object read by :func:`read_document`."""

    settings: dict[str, Any]
    game: dict[str, Any] | None
    resumable: Game | None
    blocked: Game | None
    history: list[GameEntry]
    match: Match | None
    apart: tuple[tuple[str, Any, str], ...] = ()
    """The parts that could not be read, each (where, its JSON value, why): set aside, the rest kept."""
    stamp: tuple[str, int] | None = None
    """Who wrote the stored game and its revision (:func:`game_stamp`), even when it was set aside."""


def _check_game(game: Any) -> tuple[Game, dict[str, Any]]:
    """The saved game and its fields, each checked; raises :class:`StorageError` naming the first bad one."""
    if not isinstance(game, dict):
        raise StorageError("'game' must be an object or null")
    try:
        played = Game.from_record(game.get("record"))
    except (RecordError, ValueError, TypeError, ArithmeticError, RecursionError) as exc:
        raise StorageError(f"the saved game cannot be replayed: {exc}") from None
    elapsed = game.get("elapsed", 0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed <= LIMITS.duration:
        raise StorageError(f"the saved game's 'elapsed' must be seconds from 0 to {LIMITS.duration:.0f}")
    daily = game.get("daily")
    try:
        read_day(daily, "the saved game")  # the same reader as the history's
    except HistoryError as exc:
        raise StorageError(str(exc)) from None
    index = game.get("match")
    if index is not None and (isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 100):
        raise StorageError("the saved game's 'match' must be a deal's index or null")
    if game.get("running") is not None and not isinstance(game["running"], bool):
        raise StorageError("the saved game's 'running' is malformed")
    for name in ("saved_at", "id", "tab"):
        value = game.get(name)
        if value is not None and (not isinstance(value, str) or len(value) > LIMITS.text):
            raise StorageError(f"the saved game's {name!r} is malformed")
    rev = game.get("rev")
    if rev is not None and (isinstance(rev, bool) or not isinstance(rev, int) or not 0 <= rev < 2**53):
        raise StorageError("the saved game's 'rev' must be a whole number from 0 to 2^53 or null")
    hints = game.get("hints")
    if hints is not None and (
        isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= LIMITS.actions
    ):
        raise StorageError("the saved game's 'hints' must be a whole number ≥ 0 or null")
    continued = game.get("continued_at")
    if continued is not None and (
        isinstance(continued, bool) or not isinstance(continued, int) or not 0 <= continued <= LIMITS.actions
    ):
        raise StorageError("the saved game's 'continued_at' must be a move number ≥ 0 or null")
    return played, game


def _saved_hints(saved: dict[str, Any]) -> int:
    """The hints asked in the saved game (checked by :func:`_check_game`; 0 when not said)."""
    hints = saved.get("hints")
    return hints if isinstance(hints, int) and not isinstance(hints, bool) and hints >= 0 else 0


def read_document(text: str) -> Document:
    """Read the storage object (module doc), every field checked with the limits of an imported
    history (:data:`~tripeaks.history.entry.LIMITS`).  A part that fails (a game of the history, the
    saved game, the match, the settings) is left out and listed in :attr:`Document.apart`; raises
    :class:`StorageError` (and nothing else) only for content that is no such object at all: not
    JSON, another format or version."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, an integer of too many digits
        raise StorageError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != STORAGE_FORMAT:
        raise StorageError("not a TriPeaks storage object")
    if data.get("version") != STORAGE_VERSION:
        raise StorageError(f"storage version {data.get('version')!r}, this app reads {STORAGE_VERSION}")
    apart: list[tuple[str, Any, str]] = []
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        apart.append(("settings", settings, "'settings' must be an object"))
        settings = {}
    history: list[GameEntry] = []
    try:
        history, bad = read_entries_apart(data.get("history", []))
    except HistoryError as exc:
        apart.append(("history", data.get("history"), str(exc)))
    else:
        apart.extend(("history", value, why) for value, why in bad)
    match = None
    if data.get("match") is not None:
        try:
            match = Match.from_json(data["match"])
        except (MatchError, ValueError, TypeError, ArithmeticError) as exc:
            apart.append(("match", data["match"], f"bad match: {exc}"))
    game = data.get("game")
    resumable = blocked = None
    if game is not None:
        try:
            played, game = _check_game(game)
        except StorageError as exc:
            apart.append(("game", game, str(exc)))
            game = None
        else:
            resumable = None if played.is_over else played
            blocked = played if played.status is Status.BLOCKED else None
    return Document(settings, game, resumable, blocked, history, match, tuple(apart), game_stamp(data.get("game")))


def game_stamp(game: Any) -> tuple[str, int] | None:
    """The stamp of a stored game in play: the id of the page (tab) that wrote it and its revision
    (``tab``, ``rev``: each write of the game in play adds 1), or ``None`` (none stored, or a game
    of an earlier release).  A page writes the game in play only over the stamp it knows."""
    if not isinstance(game, dict):
        return None
    tab, rev = game.get("tab"), game.get("rev")
    if not isinstance(tab, str) or isinstance(rev, bool) or not isinstance(rev, int):
        return None
    return tab, rev


def aside_text(apart: tuple[tuple[str, Any, str], ...], when: datetime.datetime) -> str:
    """The JSON text that keeps the parts of a document set aside (:data:`ASIDE_FORMAT`)."""
    parts = [{"where": where, "why": why, "value": value} for where, value, why in apart]
    return json.dumps(
        {"format": ASIDE_FORMAT, "from": STORAGE_KEY, "at": when.astimezone(UTC).isoformat(), "parts": parts},
        ensure_ascii=False,
        default=repr,
    )


@dataclass(frozen=True)
class StoreState:
    """What the store can do: ``loaded`` (it answered), ``available`` (it can keep things),
    ``failed`` (a write was refused, e.g. the storage is full), ``aside`` (content was set aside),
    ``locked`` (content that could not be read could not be set aside either: it stays where it
    is and this page writes nothing)."""

    loaded: bool = False
    available: bool = True
    failed: bool = False
    aside: bool = False
    locked: bool = False
    full: bool = False
    """A write was refused because the storage is full (the browser's quota)."""


@dataclass(frozen=True)
class HistoryChanged:
    """The history of games that counted is now ``history`` (date order)."""

    history: tuple[GameEntry, ...]


@dataclass(frozen=True)
class MatchChanged:
    """The match is now ``match`` (``None``: no match)."""

    match: Match | None


@dataclass(frozen=True)
class StoreChanged:
    """The store's state changed (:class:`StoreState`)."""

    state: StoreState


@dataclass(frozen=True)
class LeftGamesCounted:
    """Games the page left behind counted when the app opened again (their ``entries``): a
    blocked game still on the table when the page closed or reloaded, or an unfinished one
    a link replaced.  The session sent no
    :class:`~tripeaks.app.model.session.GameFinished` for them, so the class results
    (:mod:`tripeaks.app.views.class_panel`) record them from this event, with the outcome
    the statistics give them."""

    entries: tuple[GameEntry, ...]


@dataclass(frozen=True)
class GameTaken:
    """Another tab of the browser took the game in play: ``game`` is its newest stored state (a JSON
    object), ``same`` whether it is the deal of this page's game (continued there) or another one;
    ``game`` ``None``: this page has the game in play again (:meth:`Keeper.continue_here`)."""

    game: dict[str, Any] | None
    same: bool = True


KeeperEvent = Union[HistoryChanged, MatchChanged, StoreChanged, LeftGamesCounted, GameTaken]


@dataclass
class _GameInfo:
    id: str = ""  # the game's id, kept with it (the same game shown in two tabs counts once)
    inherited: bool = False  # the id came with the stored game; this page's first move makes it its own
    daily: str | None = None
    match: int | None = None
    scored: bool = False  # a match deal whose end has been scored


class Keeper:
    """Keeps the session's game, settings, history and match in a :class:`Store`.

    ``Keeper(session, store)``; the store calls :meth:`loaded` once it has
    read the key.  ``now`` (a function giving an aware UTC datetime) is the
    clock of the history's dates.  Views read :attr:`history`, :attr:`match`,
    :attr:`state` and :meth:`today`, observe :meth:`subscribe`, and act with
    :meth:`deal_daily`, :meth:`start_match`, :meth:`next_deal`,
    :meth:`stop_match`, :meth:`reset_history` and :meth:`import_history`.
    """

    def __init__(
        self,
        session: PlaySession,
        store: Store,
        now: Callable[[], datetime.datetime] = lambda: datetime.datetime.now(UTC),
    ) -> None:
        self.session = session
        self.store = store
        self.now = now
        self._bus: EventBus[KeeperEvent] = EventBus()
        self._state = StoreState()
        self._history: list[GameEntry] = []
        self._match: Match | None = None
        self._settings: dict[str, tuple[Callable[[], Any], Callable[[Any], None]]] = {}
        self._utc_offset = datetime.timedelta(0)
        self.follow_browser = False
        """Speak the browser's language when none is saved (:meth:`loaded`); ``build_app()`` without a ``lang`` sets it."""
        self._infos: dict[int, tuple[Game, _GameInfo]] = {}
        self._dealing: tuple[int, GameCode] | None = None  # the match deal asked for, until dealt or refused
        self._link: GameCode | None = None
        self._link_error: InvalidCodeError | None = None  # the page's link held no code: say why, once resumed too
        self._resumed: Game | None = None  # the saved game resumed at load
        self._match_game: Game | None = None  # the match's deal in play, on the table or set aside
        self._full = True  # the next write replaces the whole object
        self._clock_saved: tuple[Game, bool, int] | None = None  # the game and its clock's state last written
        self._aside: tuple[bool, int, str] | None = None  # set aside, waiting for the store: whole?, parts, why
        self._keep = KEEP_ACTIONS  # the newest games whose actions are kept (fewer once the storage is full)
        self._tab = _new_id()  # this page's name in the stamp of the game in play it writes
        self._base: tuple[str, int] | None = None  # the stamp of the stored game in play this page has
        self._taken: dict[str, Any] | None = None  # the newer game in play of another tab, while this page waits
        self._info_for(session.game)
        session.subscribe(self._on_event)

    # ------------------------------------------------------------------ state
    @property
    def history(self) -> tuple[GameEntry, ...]:
        """Every game that counted, in date order."""
        return tuple(self._history)

    @property
    def match(self) -> Match | None:
        """The match in progress (or just over), else ``None``."""
        return self._match

    @property
    def state(self) -> StoreState:
        """What the store can do."""
        return self._state

    def today(self) -> datetime.date:
        """The player's calendar date (the browser's time zone once the store has said it)."""
        return (self.now() + self._utc_offset).date()

    def daily_of(self, game: Game) -> datetime.date | None:
        """The date whose deal of the day ``game`` is (docs/rules.md §5: dealt by its button, its
        code pasted or linked on that date, or resumed as such), else ``None``."""
        day = self._info_for(game).daily
        try:
            return datetime.date.fromisoformat(day) if day is not None else None
        except ValueError:
            return None

    @property
    def taken(self) -> dict[str, Any] | None:
        """The newest stored game in play (a JSON object) when another tab took it: this page
        writes no game in play and plays none until :meth:`continue_here`; else ``None``."""
        return self._taken

    def is_match_game(self, game: Game) -> bool:
        """True when ``game`` is the match's deal in play (not yet ended)."""
        match = self._match
        return game is self._match_game and match is not None and match.playing is not None

    def subscribe(self, observer: Callable[[KeeperEvent], object]) -> Callable[[], None]:
        """Call ``observer(event)`` for each :data:`KeeperEvent`; returns the unsubscribe function."""
        return self._bus.subscribe(observer)

    def _tell(self, event: KeeperEvent) -> None:
        self._bus.emit(event)

    def add_setting(self, name: str, get: Callable[[], Any], set_: Callable[[Any], None]) -> None:
        """Keep one more setting (JSON-ready value): ``get()`` reads it, ``set_(value)`` restores it.
        Call :meth:`save_settings` when it changes."""
        self._settings[name] = (get, set_)

    # ------------------------------------------------------------------ the store's answer
    def loaded(
        self,
        text: str | None,
        available: bool = True,
        today: str | None = None,
        utc_offset: int = 0,
        languages: Sequence[str] = (),
    ) -> None:
        """The store read the key: ``text`` (``None``: nothing stored), whether it can keep
        things, the player's ``today`` (ISO date) and UTC offset in minutes, and the browser's
        preferred ``languages`` (BCP 47 tags).  With :attr:`follow_browser`, a page without a
        saved language speaks the first of those the app speaks (a saved language wins).

        Only the first answer resumes anything; a later one (a page reloaded
        on the same kernel) adds the games it holds that this page lacks (another
        tab's) and makes the next write a whole one.  A part of ``text`` that
        cannot be read is set aside first (:meth:`aside_done`): until the store
        has kept it, nothing is written.
        """
        if self._state.loaded:
            self._full = True
            if text and available:
                try:
                    again = read_document(text)
                except StorageError:
                    pass
                else:
                    self._merge_in(again.history, replace=False)
                    if again.game is not None:
                        self.game_stored(again.game)
            if available:
                self._write_all()
            return
        if isinstance(utc_offset, (int, float)) and -1440 < utc_offset < 1440:
            self._utc_offset = datetime.timedelta(minutes=utc_offset)
        if self.follow_browser:
            spoken = browser_language(languages)
            if spoken is not None and spoken != self.session.lang:
                self.session.set_language(spoken)  # a saved language, if any, is restored below and wins
        if not available:
            self._set_state(StoreState(loaded=True, available=False))
            return
        doc: Document | None = None
        aside: str | None = None
        if text:
            try:
                doc = read_document(text)
            except StorageError as exc:
                log.warning("TriPeaks storage set aside: %s", exc)
                aside, self._aside = text, (True, 1, str(exc))
            else:
                if doc.apart:
                    log.warning("TriPeaks storage: %d parts set aside: %s", len(doc.apart), doc.apart[0][2])
                    aside, self._aside = aside_text(doc.apart, self.now()), (False, len(doc.apart), doc.apart[0][2])
        self._state = StoreState(loaded=True, available=True)
        if doc is not None:
            self._base = doc.stamp  # this page writes the game in play over this one
            self._restore(doc)
        if aside is not None:
            self.store.put_aside(ASIDE_KEY, aside)  # writes wait for its answer (aside_done)
        else:
            self._write_all()
        self._tell(StoreChanged(self._state))
        self._tell(HistoryChanged(self.history))
        self._tell(MatchChanged(self._match))

    def aside_done(self, key: str | None) -> None:
        """The store kept what was set aside under ``key``; ``None``: it could not (its storage is
        full), so the stored content stays as it is and this page writes nothing."""
        pending, self._aside = self._aside, None
        if pending is None:
            return
        whole, count, why = pending
        if key is None:
            self._set_state(StoreState(loaded=True, available=True, failed=True, locked=True))
            self.session.show_message(lambda lang: keep_text("keep.aside_failed", lang), MessageKind.ERROR)
            return
        self._set_state(StoreState(loaded=True, available=True, aside=True))
        if whole:
            self.session.show_message(
                lambda lang: keep_text("keep.set_aside", lang, storage_key=key), MessageKind.ERROR
            )
        else:
            self.session.show_message(
                lambda lang: keep_text("keep.set_aside_parts", lang, count=count, storage_key=key, detail=why),
                MessageKind.ERROR,
            )
        self._write_all(merge=False)

    def found_aside(self, key: str) -> None:
        """Before a write the store found text under the storage key that this page did not write
        and cannot read (another program's, a newer version's) and kept it under ``key``; the
        player is told where, as at a load."""
        log.warning("TriPeaks storage: unreadable stored text found before a write, set aside under %s", key)
        self._set_state(StoreState(loaded=True, available=True, aside=True))
        self.session.show_message(lambda lang: keep_text("keep.set_aside", lang, storage_key=key), MessageKind.ERROR)

    def synced(self, games: Any, replace: bool = True) -> None:
        """Another tab changed the stored history (the JSON list ``games``, read with the one reader;
        a game that fails is left out): it is now ``games`` (``replace``), or ``games`` were added
        to it.  Nothing is written (the store already holds them)."""
        try:
            entries, bad = read_entries_apart(games)
        except HistoryError:
            return
        if bad:
            log.warning("TriPeaks storage: %d games of another tab not read: %s", len(bad), bad[0][1])
        self._merge_in(entries, replace)

    def game_stored(self, game: Any, refused: Any = ()) -> None:
        """The game in play stored now is ``game`` (a JSON object), found by a write of this page or
        written by another tab (the ``storage`` event); ``refused``: the ids of this page's games that
        a write did not add because that game was no longer this page's.

        A game of another tab (its stamp neither this page's base nor this page's) means another tab
        took the game in play: this page stops writing it, its game no longer counts here, every move
        is refused and the status line says so, in the player's language, until :meth:`continue_here`
        (:class:`GameTaken`).  Nothing is written."""
        if isinstance(refused, list) and refused:
            gone = {r for r in refused if isinstance(r, str)}
            kept = [e for e in self._history if e.id not in gone]
            if len(kept) != len(self._history):
                self._history = kept
                self._tell(HistoryChanged(self.history))
        stamp = game_stamp(game)
        if stamp is None or stamp[0] == self._tab or not isinstance(game, dict):
            return
        newest = self._taken_stamp() or self._base  # each write of the game in play adds 1 to its revision:
        if newest is not None and stamp[1] <= newest[1]:  # an older write's event, arriving late, is not news
            return
        was = self._taken
        self._taken = game
        same = _same_deal(game, self.session.game)
        if was is None or same != _same_deal(was, self.session.game):  # said once, again if it is another deal now
            key = "keep.taken" if same else "keep.taken_new"
            self.session.hold(lambda lang: keep_text(key, lang))
        self._tell(GameTaken(game, same))

    def _taken_stamp(self) -> tuple[str, int] | None:
        return game_stamp(self._taken) if self._taken is not None else None

    def continue_here(self) -> Game | None:
        """The player takes the game in play back into this page (*Continue here*, after another tab
        took it): its newest stored state is put on the table, with its id, clock and moves, and this
        page writes it from now on (the other tab is told in turn).  Returns the game, or ``None``
        (nothing was taken, or it cannot be read, or another tab wrote a newer one meanwhile: this
        page waits again)."""
        saved = self._taken
        if saved is None:
            return None
        try:
            played, saved = _check_game(saved)
        except StorageError as exc:
            log.warning("TriPeaks storage: the game of another tab cannot be continued: %s", exc)
            return None
        session = self.session
        continued = saved.get("continued_at")
        from_record = isinstance(continued, int)
        stored_id = saved.get("id")
        info = _GameInfo(
            id=stored_id if isinstance(stored_id, str) else _saved_id(saved),
            daily=saved.get("daily") if isinstance(saved.get("daily"), str) else None,
        )
        index = saved.get("match")
        match = self._match
        if isinstance(index, int) and match is not None and match.playing == index:
            info.match = index
            self._match_game = played
        self._infos[id(played)] = (played, info)
        self._taken, self._base = None, game_stamp(saved)
        session.release()
        game = session.set_game(
            played,
            GameSource.RESUMED,
            elapsed=self._saved_elapsed(saved),
            continued_at=continued if from_record else None,
            hints=_saved_hints(saved),
        )
        if self._taken is not None:  # another tab wrote a newer game meanwhile: wait again
            return None
        if game is None:
            self._taken = saved
            session.hold(lambda lang: keep_text("keep.taken", lang))
            return None
        self._tell(GameTaken(None))
        code, moves = (str(game.code) if game.code is not None else None), game.moves
        if code is not None:
            session.show_message(lambda lang: keep_text("keep.resumed", lang, code=code, moves=moves))
        else:
            session.show_message(lambda lang: keep_text("keep.resumed_layout", lang, moves=moves))
        return game

    def _merge_in(self, games: list[GameEntry], replace: bool) -> None:
        if replace:
            history = sorted(games, key=lambda e: e.date)
        else:
            history, added = merge_history(self._history, games)
            if not added:
                return
        self._history = keep_actions(history, self._keep)
        self._tell(HistoryChanged(self.history))

    def write_failed(self, error: str = "") -> None:
        """The store could not write; ``error`` is the browser's (a ``QuotaExceededError``: the
        storage is full).  Said once; the next write sends everything again."""
        full = "quota" in error.lower()
        self._full = True
        if full and self._keep > MIN_KEEP_ACTIONS:  # make room: fewer games keep their actions, then write again
            self._keep = max(MIN_KEEP_ACTIONS, self._keep // 4)
            self._history = keep_actions(self._history, self._keep)
            self._write_all()
            if self._full is False and not self._state.failed:
                return  # it fits now
        if not self._state.failed or (full and not self._state.full):
            self._set_state(replace(self._state, failed=True, full=self._state.full or full))

    def _set_state(self, state: StoreState) -> None:
        self._state = state
        self._tell(StoreChanged(state))

    def _restore(self, doc: Document) -> None:
        session = self.session
        self._history = keep_actions(sorted(doc.history, key=lambda e: e.date), self._keep)
        self._match = doc.match
        settings = doc.settings
        lang = settings.get("lang")
        try:
            if isinstance(lang, str):
                session.set_language(check_language(lang))
        except ValueError:
            pass
        if isinstance(settings.get("error_help"), bool):
            session.set_error_help(settings["error_help"])
        if isinstance(settings.get("four_colour"), bool):
            session.set_four_colour(settings["four_colour"])
        if isinstance(settings.get("sound"), bool):
            session.set_sound(settings["sound"])
        rules = settings.get("deal_rules")
        if isinstance(rules, str):
            try:
                self._set_deal_rules(RuleSet.parse(rules))
            except ValueError:
                pass
        for name, (_get, set_) in self._settings.items():
            if name in settings:
                try:
                    set_(settings[name])
                except Exception:  # noqa: BLE001 - a setting that no longer fits is left as it is
                    log.warning("TriPeaks setting %s not restored", name)
        game = doc.resumable
        saved = doc.game or {}
        elapsed = self._saved_elapsed(saved)
        stored_id = saved.get("id")
        game_id = stored_id if isinstance(stored_id, str) else _saved_id(saved)
        continued = saved.get("continued_at")  # continued from a record at that move: only later moves count
        start = continued if isinstance(continued, int) else 0
        from_record = isinstance(continued, int)
        left: list[GameEntry] = []  # games the page left behind that count now
        if doc.blocked is not None and doc.blocked.moves > start:  # left blocked by the page: it counts now
            daily = saved.get("daily") if isinstance(saved.get("daily"), str) else None
            entry = _with_id(
                GameEntry.of(doc.blocked, Outcome.BLOCKED, elapsed, self.now(), daily, from_record), game_id
            )
            if self._add_entry(entry):
                left.append(entry)
        link, ask_link = self._link, None
        if game is not None and link is not None and game.code != link:
            if game.moves > start:  # a game in progress: it comes back, and "Abandon this game?" is asked
                ask_link = link
            else:  # nothing played on it: the link's game stays
                game = None
        if left:
            self._tell(LeftGamesCounted(tuple(left)))
        if game is not None:
            info = _GameInfo(
                id=game_id,
                inherited=True,
                daily=saved.get("daily") if isinstance(saved.get("daily"), str) else None,
                match=saved.get("match") if isinstance(saved.get("match"), int) else None,
            )
            if self._match is None or info.match != self._match.playing:
                info.match = None
            self._infos[id(game)] = (game, info)
            if info.match is not None:
                self._match_game = game
            session.set_game(
                game,
                GameSource.RESUMED,
                elapsed=elapsed,
                continued_at=continued if from_record else None,
                hints=_saved_hints(saved),
            )
            code = str(game.code) if game.code is not None else None
            moves = game.moves
            self._resumed = game
            if self._link_error is not None:  # the link's code was refused: why, and that the saved game is back
                self._say_link_refused(moves or None)
            elif not moves:  # the same deal, untouched: nothing to tell
                pass
            elif code is not None:
                session.show_message(lambda lang: keep_text("keep.resumed", lang, code=code, moves=moves))
            else:
                session.show_message(lambda lang: keep_text("keep.resumed_layout", lang, moves=moves))
            if ask_link is not None:  # the link deals another game: Yes abandons this one, No keeps it
                session.request_deal_code(ask_link)
        elif self._match is not None and self._match.playing is not None:
            # The deal in play was not resumed (it ended, or a link dealt another game): it ends now,
            # with its final score when the page left it ended, else abandoned (0 points).
            ended = self._saved_end(saved, self._match.playing)
            won = ended is not None and ended.status is Status.WON
            self._match = self._match.score_deal(ended.score if ended is not None else 0, won)

    @staticmethod
    def _saved_end(saved: dict[str, Any], index: int) -> Game | None:
        """The saved game when it is deal ``index`` of the match and over (won, blocked, out of time)."""
        if saved.get("match") != index or isinstance(saved.get("match"), bool):
            return None
        try:
            game = Game.from_record(saved.get("record"))
        except RecordError:
            return None
        return game if game.is_over else None

    def _saved_elapsed(self, saved: dict[str, Any]) -> float:
        """The seconds the saved game was played up to now (see the module doc); a malformed
        ``running`` or ``saved_at`` (they are optional) adds nothing."""
        elapsed = float(saved.get("elapsed", 0))
        at = saved.get("saved_at")
        if saved.get("running") is not True or not isinstance(at, str):
            return elapsed
        try:
            when = datetime.datetime.fromisoformat(at.strip().replace("Z", "+00:00"))
        except ValueError:
            return elapsed
        if when.tzinfo is None:
            return elapsed
        gap = (self.now() - when).total_seconds()
        return elapsed + min(max(0.0, gap), RESUME_GAP)

    def _set_deal_rules(self, rules: RuleSet) -> None:
        self.session.set_deal_rules(rules)

    # ------------------------------------------------------------------ writing
    def _document(self) -> dict[str, Any]:
        return {
            "format": STORAGE_FORMAT,
            "version": STORAGE_VERSION,
            "settings": self._settings_json(),
            "game": self._game_json(),
            "history": [e.to_json() for e in self._history],
            "match": self._match.to_json() if self._match is not None else None,
        }

    def _can_write(self) -> bool:
        state = self._state
        return state.loaded and state.available and not state.locked and self._aside is None

    def _write_all(self, merge: bool = True) -> None:
        """Write the whole object; with ``merge`` the games another tab stored meanwhile stay (a
        part just set aside must not come back: no merge then)."""
        if not self._can_write():
            return
        self._full = False
        doc = self._document()
        game = doc["game"]
        if game is None or self._taken is not None:  # a replay step, or another tab's game: the stored one stays
            doc["game"] = self._taken
            self.store.write(replace=doc, keep=self._keep, merge=merge)
        else:
            doc["game"], base = self._stamped(game)
            self.store.write(replace=doc, keep=self._keep, merge=merge, based=True, base=base)

    def _stamped(self, game: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, int] | None]:
        """``game`` with this page's stamp, the next revision of the one it writes over (returned too)."""
        base = self._base
        rev = (base[1] if base is not None else 0) + 1
        self._base = (self._tab, rev)
        return {**game, "tab": self._tab, "rev": rev}, base

    def _write(self, add: list[GameEntry] | None = None, based: bool = False, **fields: Any) -> None:
        """Send what changed: the top-level ``fields`` and the games ``add`` (the store adds them
        to the newest stored history, so that two tabs keep both their games).  The game in play
        (``game``) and games ``based`` on it (it ended here) are written only while the stored game
        is still the one this page wrote (:meth:`Store.write`)."""
        if not self._can_write():
            return
        if self._full:
            self._write_all()
            return
        condition: dict[str, Any] = {}
        if "game" in fields:
            game = fields.pop("game")
            if game is not None and self._taken is None:
                fields["game"], base = self._stamped(game)
                condition = {"based": True, "base": base}
        if add and based and not condition:
            condition = {"based": True, "base": self._base}
        if not fields and not add:
            return
        self.store.write(
            patch=fields or None,
            add=[e.to_json() for e in add] if add else None,
            keep=self._keep,
            **condition,
        )

    def _settings_json(self) -> dict[str, Any]:
        session = self.session
        out: dict[str, Any] = {
            "lang": session.lang,
            "error_help": session.error_help,
            "four_colour": session.four_colour,
            "sound": session.sound,
            "deal_rules": str(session.deal_rules),
        }
        for name, (get, _set) in self._settings.items():
            out[name] = get()
        return out

    def save_settings(self) -> None:
        """Write the settings now (a registered setting changed)."""
        self._write(settings=self._settings_json())

    def _game_json(self) -> dict[str, Any] | None:
        session = self.session
        if not session.counts:  # a replay step: the game set aside stays saved
            return None
        game = session.game
        info = self._info_for(game)
        self._clock_saved = (game, session.stopwatch.running, session.hints)
        return {
            "record": game.to_record(),
            "elapsed": round(session.elapsed, 1),
            "running": session.stopwatch.running,
            **({"hints": session.hints} if session.hints else {}),
            "saved_at": self.now().astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "daily": info.daily,
            "match": info.match,
            **({"continued_at": session.continued_at} if session.continued_at is not None else {}),
            "id": info.id,
        }

    def left_blocked(self) -> GameEntry | None:
        """The entry the game on the table would count as if the page closed now: a blocked game
        counts when the app opens again (:class:`LeftGamesCounted`), with this id; ``None`` when the
        game on the table is not blocked, is a replay step, or has no move of this page."""
        session = self.session
        game = session.game
        if not session.counts or game.status is not Status.BLOCKED or self._taken is not None:
            return None
        start = session.continued_at or 0
        if game.moves <= start:
            return None
        info = self._info_for(game)
        entry = GameEntry.of(
            game, Outcome.BLOCKED, round(session.elapsed, 1), self.now(), info.daily, session.continued_at is not None
        )
        return _with_id(entry, info.id)

    def save_game(self) -> None:
        """Write the game on the table now, with its clock (the app calls this whenever the clock
        starts, stops or pauses, e.g. when the page is hidden); nothing when that is already written."""
        session = self.session
        saved = self._clock_saved
        if saved is not None and saved == (session.game, session.stopwatch.running, session.hints):
            return
        if session.counts and self._taken is None:
            self._write(game=self._game_json())

    def _info_for(self, game: Game) -> _GameInfo:
        found = self._infos.get(id(game))
        if found is not None and found[0] is game:
            return found[1]
        info = _GameInfo(id=_new_id())
        if game.code is not None and game.code == daily_code(self.today()):
            info.daily = self.today().isoformat()
        self._infos[id(game)] = (game, info)
        if len(self._infos) > 8:  # the game on the table, one set aside, a few just left
            keep = {id(g) for g in (self.session.game, self.session.set_aside, self._match_game) if g is not None}
            for key in [k for k in list(self._infos)[:-8] if k not in keep]:
                del self._infos[key]
        return info

    # ------------------------------------------------------------------ the session's events
    def _on_event(self, event: SessionEvent) -> None:
        if isinstance(event, GameFinished):
            self._finished(event)
        elif isinstance(event, ConfirmationClosed):
            if not event.confirmed:  # the player kept the game: the match deal waits
                self._dealing = None
        elif isinstance(event, GameOver):
            self._score_match_deal(self.session.game, event.status is Status.WON)
        elif isinstance(event, GameStarted):
            info = self._info_for(event.game)
            if event.source is GameSource.RESTART:
                self._match_restarted(event.game, info)
            self._match_left()
            dealing, self._dealing = self._dealing, None
            if dealing is not None and event.source is GameSource.CODE and event.game.code == dealing[1]:
                self._match_dealt(info, dealing[0])
            if self.session.counts:
                self._write(game=self._game_json())
        elif isinstance(event, GAME_CHANGES):
            self._match_left()
            info = self._info_for(self.session.game)
            if info.inherited:  # played on in this page: its own game from now on (another tab may play on too)
                info.id, info.inherited = _new_id(), False
            if self.session.counts:
                self._write(game=self._game_json())
        elif isinstance(event, LanguageChanged) or (
            isinstance(event, SettingChanged) and event.setting in (Setting.ERROR_HELP, Setting.DEAL_RULE)
        ):
            self.save_settings()
        elif isinstance(event, SettingChanged):  # another session setting (e.g. a rule set)
            self.save_settings()

    def _finished(self, event: GameFinished) -> None:
        if self._taken is not None:  # the game goes on in another tab: it counts there
            return
        info = self._info_for(event.game)
        self._add_entry(_with_id(event.entry(self.now(), info.daily), info.id), based=True)
        # An abandoned match deal scores 0 with the event that follows (a new game, or a move on a
        # replay step): see _match_left; a restart of the deal goes on with the same deal instead.

    def _match_left(self) -> None:
        """The match's deal in play is neither on the table nor set aside for a record any more (a deal,
        a code, a link, a record continued, a move on a replay step…): it ends now, abandoned, 0 points."""
        match, game = self._match, self._match_game
        if match is None or match.playing is None:
            return
        session = self.session
        if game is not None and (game is session.game or game is session.set_aside):
            return
        self._match_game = None
        self._match = match.score_deal(0, False)
        self._write(match=self._match.to_json())
        self._tell(MatchChanged(self._match))

    def _match_restarted(self, game: Game, info: _GameInfo) -> None:
        """The player restarted the match's deal in play: the same deal goes on, from its first move."""
        old, match = self._match_game, self._match
        if old is None or match is None or match.playing is None or old is self.session.set_aside:
            return
        if old is not game and old.code is not None and old.code == game.code:
            info.match, info.scored = match.playing, False
            self._match_game = game

    def _score_match_deal(self, game: Game, won: bool, score: int | None = None) -> None:
        """The match's deal ``game`` ended (its score) or was abandoned (0); a deal scored before and
        revived by undo keeps its latest score."""
        info = self._info_for(game)
        match = self._match
        if info.match is None or match is None:
            return
        try:
            self._match = match.score_deal(game.score if score is None else score, won, again=info.scored)
        except MatchError:
            log.warning("TriPeaks match: a deal ended outside the match")
            return
        info.scored = True
        self._write(match=self._match.to_json())
        self._tell(MatchChanged(self._match))

    def _add_entry(self, entry: GameEntry, based: bool = False) -> bool:
        """Count ``entry``; False when it was counted already (in another tab).  ``based``: it ended
        as the game in play of this page (not stored if another tab took that game meanwhile)."""
        self._history, added = merge_history(self._history, [entry])
        if not added:  # the same game, already counted (in another tab)
            return False
        self._history = keep_actions(self._history, self._keep)
        self._write(add=[entry], based=based)
        self._tell(HistoryChanged(self.history))
        return True

    # ------------------------------------------------------------------ actions (views call these)
    def deal_daily(self) -> Game | None:
        """The player asks for the deal of the day (docs/rules.md §5) of their date: dealt now, or
        after a Yes when a game is in progress (``None`` then, as for any request of the session)."""
        return self.session.request_deal_code(daily_code(self.today()))

    def follow_link(self, code: str) -> Game | None:
        """A page link asked for ``code`` (``?code=…``): deal it now; at load, an unfinished saved
        game of the same code is resumed instead; another one in progress is resumed too and the
        player is asked "Abandon this game?" (Yes deals the link's game, No keeps the saved one)."""
        try:
            GameCode.parse(code)
        except InvalidCodeError as exc:
            self._link_error = exc
            self.session.deal_code(code)  # refused: the New game panel says why
            resumed = self._resumed if self._resumed is self.session.game else None  # resumed before the link's cell
            self._say_link_refused(resumed.moves if resumed is not None and resumed.moves else None)
            return None
        game = self.session.deal_code(code)
        if game is not None and game.code is not None:
            self._link = game.code
            say_link_dealt(self.session, game)
        return game

    def _say_link_refused(self, resumed_at: int | None) -> None:
        if self._link_error is not None:
            say_link_refused(self.session, self._link_error, resumed_at)

    def start_match(self, size: int, rules: RuleSet | str | None = None) -> Game | None:
        """Start a match of ``size`` deals (3, 5 or 10) under ``rules`` (default: the rule set of
        the next random deal) and deal its first deal.  Raises :class:`~tripeaks.history.match.MatchError`."""
        if rules is None:
            rules = getattr(self.session, "deal_rules", None) or RuleSet.parse(self.session.deal_rule)
        match = Match.new(size, rules, when=self.now())
        self._match = match
        self._clear_match_marks()
        self._write(match=match.to_json())
        self._tell(MatchChanged(match))
        return self.next_deal()

    def next_deal(self) -> Game | None:
        """The player asks for the match's next deal (nothing when there is no match, it is over,
        or its deal is on the table and not ended).  Dealt now, or after a Yes when another game is
        in progress (``None`` then); the match counts the deal once it is on the table."""
        match = self._match
        if match is None or match.over:
            return None
        if match.playing is not None and self.is_match_game(self.session.game):
            return None  # its deal is being played
        index = match.finished + (match.playing is not None)  # a deal set aside for a record ends, 0 points
        if index >= match.size:
            return None
        self._dealing = (index, match.codes[index])
        game = self.session.request_deal_code(match.codes[index])
        if game is None and self.session.pending is None:  # not dealt and not asked: nothing waits
            self._dealing = None
        return game

    def _match_dealt(self, info: _GameInfo, index: int) -> None:
        match = self._match
        if match is None or match.over or match.finished != index:
            return
        self._match = match.start_deal()
        info.match, info.scored = index, False
        self._match_game = self.session.game
        self._write(match=self._match.to_json())
        self._tell(MatchChanged(self._match))

    def stop_match(self) -> None:
        """Forget the match (the game on the table stays, as an ordinary game)."""
        self._match = None
        self._clear_match_marks()
        self._write(match=None)
        self._tell(MatchChanged(None))

    def _clear_match_marks(self) -> None:
        self._match_game = None
        for _game, info in self._infos.values():
            info.match = None

    def reset_history(self) -> None:
        """Delete every game of the history (the views ask first)."""
        self._history = []
        self._write(history=[])
        self._tell(HistoryChanged(self.history))

    def import_history(self, text: str | bytes) -> int:
        """Add the games of an exported history (:func:`~tripeaks.history.stats.import_history`) not already
        there; returns how many.  Raises :class:`~tripeaks.history.stats.HistoryError`; nothing changes then."""
        games = read_history(text)
        history, added = merge_history(self._history, games)
        if len(history) > LIMITS.games:
            raise HistoryError(f"the history would hold {len(history)} games, at most {LIMITS.games} are kept")
        seen = {e.key for e in self._history}
        self._history = keep_actions(history, self._keep)
        self._write(add=[e for e in self._history if e.key not in seen])
        self._tell(HistoryChanged(self.history))
        return added


def _new_id() -> str:
    return uuid.uuid4().hex[:16]


def _saved_id(saved: dict[str, Any]) -> str:
    """The id of a saved game stored without one (an earlier release): the same in every tab."""
    return hashlib.sha256(json.dumps(saved, sort_keys=True, default=repr).encode()).hexdigest()[:16]


def _same_deal(saved: dict[str, Any], game: Game) -> bool:
    """Whether the stored game ``saved`` is a game of the deal of ``game`` (its record but the actions)."""
    record = saved.get("record")
    if not isinstance(record, dict):
        return False
    mine = game.to_record()
    return {k: v for k, v in record.items() if k != "actions"} == {k: v for k, v in mine.items() if k != "actions"}


def _with_id(entry: GameEntry, game_id: str) -> GameEntry:
    """``entry`` with the id of its game (:meth:`GameEntry.make_id`)."""
    return replace(entry, id=GameEntry.make_id(game_id, entry.result, entry.actions))


def say_link_dealt(session: PlaySession, game: Game) -> None:
    """The status line says that ``game`` (just dealt) came from the page's link, naming its code, then
    how to play it (the opening message it replaces), in the player's language (docs/play/index.md)."""
    code, opening = str(game.code), session.message

    def render(lang: str) -> str:
        return " ".join((keep_text("keep.link_dealt", lang, code=code), *opening.sentences(lang)))

    session.show_message(render)


def say_link_refused(session: PlaySession, error: InvalidCodeError, resumed_at: int | None = None) -> None:
    """The status line says why the page's link held no code it could deal (and, ``resumed_at`` a move
    count, that the saved game is back at that move), in the player's language (docs/rules.md §5)."""
    key = "keep.link_refused" if resumed_at is None else "keep.link_refused_resumed"

    def render(lang: str) -> str:
        return keep_text(key, lang, reason=code_error_message(error, lang), moves=resumed_at or 0)

    session.show_message(render, MessageKind.ERROR)
