"""What the app keeps in the browser, and how: the storage model, without widgets.

One versioned key, :data:`STORAGE_KEY` (``"tripeaks-v1"``), holds one JSON object::

    {"format": "tripeaks-storage", "version": 1,
     "settings": {"lang": "pt", "error_help": true, "deal_rules": "E", "hints": {…}},
     "game": {"record": {…}, "elapsed": 83.2, "running": true, "saved_at": "2026-11-30T09:12:44Z",
              "daily": null, "match": 1},
     "history": [{…}, …],
     "match": {…}}

* ``settings``: the language, error help, the rule set of the next random deal
  (the text of a rule set, docs/rules.md §8) and any option a view registers
  (:meth:`Keeper.add_setting`; the hint options do);
* ``game``: the game on the table as a record (docs/rules.md §6, the full code
  with its flags), updated after every action and whenever its clock starts,
  stops or pauses (:meth:`Keeper.save_game`), with the seconds played
  (``elapsed``, the game's one clock), whether the clock was running and when
  that was saved (``running``, ``saved_at``, UTC), the date whose deal of the
  day it is (or ``null``) and the index of its deal in the match (or
  ``null``); ``null`` when no game was played yet.  A resumed game's clock
  goes on from there: a countdown is never refilled by a reload.  A clock that
  was running adds the seconds from ``saved_at`` to the reload, at most
  :data:`RESUME_GAP` (a page closed for longer was not being played); a
  document without ``running`` and ``saved_at`` (an earlier release) resumes at
  ``elapsed``;
* ``history``: every game that counted (:class:`~tripeaks.history.stats.GameEntry`);
* ``match``: the match in progress or just over (:class:`~tripeaks.history.match.Match`), or ``null``.

:class:`Keeper` observes a :class:`~tripeaks.app.model.session.PlaySession` and
writes through a :class:`Store` (the browser's ``localStorage`` in the app,
:mod:`tripeaks.app.views.browser_store`; a fake in tests).  Nothing is written before the
store has said what it holds (:meth:`Keeper.loaded`); then the unfinished
game is resumed exactly (board, score, move counter, log, plot, undo) and
the settings come back.  Content that is not such an object (garbage, another
program's, a newer version) is set aside under :data:`ASIDE_KEY` with a
message, and the app starts afresh.  A store that cannot be used leaves the
app as it is, saying once, quietly, that nothing will be kept.

A game counts once (session's :class:`~tripeaks.app.model.session.GameFinished`):
when it is won or runs out of time, or when it leaves the table blocked
(an undo can revive it until then) or abandoned after at least one move.  A
blocked game still on the table when the page closed counts when the app
opens again (it is not resumed).  A deal of a match scores as soon as its
game ends (blocked too; undone and ended anew, its latest score stands).
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, Union

from ...engine.codes import GameCode
from ...engine.game import Game, Status
from ...engine.record import RecordError
from ...engine.rules import RuleSet
from ...history.daily import daily_code
from ...history.entry import Outcome
from ...history.match import Match, MatchError
from ...history.stats import UTC, GameEntry, HistoryError, merge_history, read_entries
from ...history.stats import import_history as read_history
from ...i18n import check_language
from ...i18n.keep import keep_text
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
    "read_document",
    "RESUME_GAP",
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


class StorageError(ValueError):
    """Stored content that is not a TriPeaks storage object of this version; the message says why."""


class Store(Protocol):
    """Where the keeper writes: the browser's localStorage (or a fake)."""

    def write(self, replace: dict[str, Any] | None = None, patch: dict[str, Any] | None = None) -> None:
        """Store the whole object ``replace``, or change the top-level fields of ``patch``."""

    def put_aside(self, key: str, text: str) -> None:
        """Keep ``text`` under ``key``."""


@dataclass(frozen=True)
class Document:
    """A storage object read by :func:`read_document`."""

    settings: dict[str, Any]
    game: dict[str, Any] | None
    resumable: Game | None
    blocked: Game | None
    history: list[GameEntry]
    match: Match | None


def read_document(text: str) -> Document:
    """Read the storage object (module doc).  Raises :class:`StorageError` for anything else:
    not JSON, another format or version, a bad field, or a game record that cannot be replayed
    (the :class:`~tripeaks.engine.record.RecordError` message is kept)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise StorageError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != STORAGE_FORMAT:
        raise StorageError("not a TriPeaks storage object")
    if data.get("version") != STORAGE_VERSION:
        raise StorageError(f"storage version {data.get('version')!r}, this app reads {STORAGE_VERSION}")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise StorageError("'settings' must be an object")
    try:
        history = read_entries(data.get("history", []))
    except HistoryError as exc:
        raise StorageError(str(exc)) from None
    match = None
    if data.get("match") is not None:
        try:
            match = Match.from_json(data["match"])
        except MatchError as exc:
            raise StorageError(f"bad match: {exc}") from None
    game = data.get("game")
    resumable = blocked = None
    if game is not None:
        if not isinstance(game, dict):
            raise StorageError("'game' must be an object or null")
        try:
            played = Game.from_record(game.get("record"))
        except RecordError as exc:
            raise StorageError(f"the saved game cannot be replayed: {exc}") from None
        elapsed = game.get("elapsed", 0)
        if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < 1e9:
            raise StorageError("the saved game's 'elapsed' must be seconds ≥ 0")
        for name in ("daily", "match"):
            if name in game and game[name] is not None and not isinstance(game[name], (str, int)):
                raise StorageError(f"the saved game's {name!r} is malformed")
        resumable = None if played.is_over else played
        blocked = played if played.status is Status.BLOCKED else None
    return Document(settings, game, resumable, blocked, history, match)


@dataclass(frozen=True)
class StoreState:
    """What the store can do: ``loaded`` (it answered), ``available`` (it can keep things),
    ``failed`` (a write was refused, e.g. the storage is full), ``aside`` (content was set aside)."""

    loaded: bool = False
    available: bool = True
    failed: bool = False
    aside: bool = False


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


KeeperEvent = Union[HistoryChanged, MatchChanged, StoreChanged]


@dataclass
class _GameInfo:
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
        self._infos: dict[int, tuple[Game, _GameInfo]] = {}
        self._dealing: tuple[int, GameCode] | None = None  # the match deal asked for, until dealt or refused
        self._link: GameCode | None = None
        self._full = True  # the next write replaces the whole object
        self._clock_saved: tuple[Game, bool] | None = None  # the game and its clock's state last written
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

    def is_match_game(self, game: Game) -> bool:
        """True when ``game`` is the match's deal on the table."""
        info = self._infos.get(id(game))
        return info is not None and info[0] is game and info[1].match is not None

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
    def loaded(self, text: str | None, available: bool = True, today: str | None = None, utc_offset: int = 0) -> None:
        """The store read the key: ``text`` (``None``: nothing stored), whether it can keep
        things, the player's ``today`` (ISO date) and UTC offset in minutes.

        Only the first answer resumes anything; a later one (a page reloaded
        on the same kernel) only makes the next write a whole one.
        """
        if self._state.loaded:
            self._full = True
            if available:
                self._write_all()
            return
        if isinstance(utc_offset, (int, float)) and -1440 < utc_offset < 1440:
            self._utc_offset = datetime.timedelta(minutes=utc_offset)
        if not available:
            self._set_state(StoreState(loaded=True, available=False))
            return
        doc: Document | None = None
        aside = False
        if text:
            try:
                doc = read_document(text)
            except StorageError as exc:
                log.warning("TriPeaks storage set aside: %s", exc)
                self.store.put_aside(ASIDE_KEY, text)
                aside = True
        self._state = StoreState(loaded=True, available=True, aside=aside)
        if doc is not None:
            self._restore(doc)
        if aside:
            self.session.show_message(
                lambda lang: keep_text("keep.set_aside", lang, storage_key=ASIDE_KEY), MessageKind.ERROR
            )
        self._write_all()
        self._tell(StoreChanged(self._state))
        self._tell(HistoryChanged(self.history))
        self._tell(MatchChanged(self._match))

    def write_failed(self) -> None:
        """The store could not write (e.g. it is full): say so once."""
        if not self._state.failed:
            self._set_state(StoreState(loaded=True, available=self._state.available, failed=True))

    def _set_state(self, state: StoreState) -> None:
        self._state = state
        self._tell(StoreChanged(state))

    def _restore(self, doc: Document) -> None:
        session = self.session
        self._history = sorted(doc.history, key=lambda e: e.date)
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
        if doc.blocked is not None and doc.blocked.moves:  # left blocked by the page: it counts now
            daily = saved.get("daily") if isinstance(saved.get("daily"), str) else None
            self._add_entry(GameEntry.of(doc.blocked, Outcome.BLOCKED, elapsed, self.now(), daily))
        link = self._link
        if game is not None and link is not None and game.code != link:
            # The link deals another game: the unfinished one counts as abandoned.
            if game.moves:
                self._add_entry(GameEntry.of(game, Outcome.ABANDONED, elapsed, self.now()))
            game = None
        if game is not None:
            info = _GameInfo(
                daily=saved.get("daily") if isinstance(saved.get("daily"), str) else None,
                match=saved.get("match") if isinstance(saved.get("match"), int) else None,
            )
            if self._match is None or info.match != self._match.playing:
                info.match = None
            self._infos[id(game)] = (game, info)
            session.set_game(game, GameSource.RESUMED, elapsed=elapsed)
            code = str(game.code) if game.code is not None else None
            moves = game.moves
            if not moves:  # the same deal, untouched: nothing to tell
                pass
            elif code is not None:
                session.show_message(lambda lang: keep_text("keep.resumed", lang, code=code, moves=moves))
            else:
                session.show_message(lambda lang: keep_text("keep.resumed_layout", lang, moves=moves))
        elif self._match is not None and self._match.playing is not None:
            self._match = Match.from_json({**self._match.to_json(), "playing": None})

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
        return self._state.loaded and self._state.available

    def _write_all(self) -> None:
        if self._can_write():
            self._full = False
            self.store.write(replace=self._document())

    def _write(self, **fields: Any) -> None:
        if not self._can_write():
            return
        if self._full:
            self._write_all()
        else:
            self.store.write(patch=fields)

    def _settings_json(self) -> dict[str, Any]:
        session = self.session
        out: dict[str, Any] = {
            "lang": session.lang,
            "error_help": session.error_help,
            "four_colour": session.four_colour,
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
        self._clock_saved = (game, session.stopwatch.running)
        return {
            "record": game.to_record(),
            "elapsed": round(session.elapsed, 1),
            "running": session.stopwatch.running,
            "saved_at": self.now().astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "daily": info.daily,
            "match": info.match,
        }

    def save_game(self) -> None:
        """Write the game on the table now, with its clock (the app calls this whenever the clock
        starts, stops or pauses, e.g. when the page is hidden); nothing when that is already written."""
        session = self.session
        saved = self._clock_saved
        if saved is not None and saved[0] is session.game and saved[1] == session.stopwatch.running:
            return
        if session.counts:
            self._write(game=self._game_json())

    def _info_for(self, game: Game) -> _GameInfo:
        found = self._infos.get(id(game))
        if found is not None and found[0] is game:
            return found[1]
        info = _GameInfo()
        if game.code is not None and game.code == daily_code(self.today()):
            info.daily = self.today().isoformat()
        self._infos[id(game)] = (game, info)
        if len(self._infos) > 8:  # the game on the table, one set aside, a few just left
            for key in list(self._infos)[:-8]:
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
            dealing, self._dealing = self._dealing, None
            if dealing is not None and event.source is GameSource.CODE and event.game.code == dealing[1]:
                self._match_dealt(info, dealing[0])
            if self.session.counts:
                self._write(game=self._game_json())
        elif isinstance(event, GAME_CHANGES):
            if self.session.counts:
                self._write(game=self._game_json())
        elif isinstance(event, LanguageChanged) or (
            isinstance(event, SettingChanged) and event.setting in (Setting.ERROR_HELP, Setting.DEAL_RULE)
        ):
            self.save_settings()
        elif isinstance(event, SettingChanged):  # another session setting (e.g. a rule set)
            self.save_settings()

    def _finished(self, event: GameFinished) -> None:
        info = self._info_for(event.game)
        self._add_entry(event.entry(self.now(), info.daily))
        if event.abandoned and not info.scored:  # an abandoned deal of a match scores 0 (an ended one keeps its end)
            self._score_match_deal(event.game, False, 0)

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

    def _add_entry(self, entry: GameEntry) -> None:
        self._history.append(entry)
        self._history.sort(key=lambda e: e.date)
        self._write(history=[e.to_json() for e in self._history])
        self._tell(HistoryChanged(self.history))

    # ------------------------------------------------------------------ actions (views call these)
    def deal_daily(self) -> Game | None:
        """The player asks for the deal of the day (docs/rules.md §5) of their date: dealt now, or
        after a Yes when a game is in progress (``None`` then, as for any request of the session)."""
        return self.session.request_deal_code(daily_code(self.today()))

    def follow_link(self, code: str) -> Game | None:
        """A page link asked for ``code`` (``?code=…``): deal it now; at load, an unfinished saved
        game of the same code is resumed instead, another one counts as abandoned."""
        game = self.session.deal_code(code)
        if game is not None and game.code is not None:
            self._link = game.code
        return game

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
        index = match.finished
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
        self._write(match=self._match.to_json())
        self._tell(MatchChanged(self._match))

    def stop_match(self) -> None:
        """Forget the match (the game on the table stays, as an ordinary game)."""
        self._match = None
        self._clear_match_marks()
        self._write(match=None)
        self._tell(MatchChanged(None))

    def _clear_match_marks(self) -> None:
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
        self._history, added = merge_history(self._history, games)
        self._write(history=[e.to_json() for e in self._history])
        self._tell(HistoryChanged(self.history))
        return added
