"""The "Abandon this game?" protocol and the double-press rule, without widgets.

The player's own Deal, Restart and New game are a :class:`ReplaceRequest`
(:class:`ReplaceRequests`, the part of the play session that takes them).
A game in progress (moves made, not over) is only replaced after a Yes, and a
second press that would only repeat the first changes nothing: the same code
while its deal is still untouched on the table, a restart of an untouched
game, or the same request within :attr:`AbandonGuard.double_press` seconds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...engine._enums import TextEnum
from ...engine.codes import GameCode, WrapRule
from ...engine.game import Game
from ...engine.rules import RuleSet
from .events import (
    DOUBLE_PRESS,
    ConfirmationAsked,
    ConfirmationClosed,
    GameSource,
    ReplaceKind,
    ReplaceRequest,
    SessionEvent,
)

__all__ = ["AbandonGuard", "Decision", "ReplaceRequests", "would_abandon"]


def would_abandon(game: Game) -> bool:
    """True while replacing ``game`` would abandon it: moves made and the game not over (docs/rules.md §2)."""
    return game.moves > 0 and not game.is_over


class Decision(TextEnum):
    """What to do with a :class:`ReplaceRequest` (:meth:`AbandonGuard.decide`)."""

    REPEAT = "repeat"
    """The same intention again (a double press): nothing to do."""
    ASK = "ask"
    """The game in progress would be abandoned: ask first (the request is now :attr:`AbandonGuard.pending`)."""
    CARRY_OUT = "carry_out"
    """Replace the game now."""


class AbandonGuard:
    """The request waiting for a Yes or No, and the latest request carried out (and when, in seconds).

    >>> from ...engine.codes import GameCode
    >>> guard, game = AbandonGuard(), Game.from_code("TP1-E-AAAAAAB")
    >>> guard.decide(ReplaceRequest(ReplaceKind.CODE, code=GameCode.parse("TP1-E-AAAAAAB")), game, 0.0).value
    'repeat'
    >>> guard.decide(ReplaceRequest(ReplaceKind.RANDOM), game, 0.0).value
    'carry_out'
    """

    def __init__(self, double_press: float = DOUBLE_PRESS) -> None:
        self.double_press = double_press
        """Seconds during which the same request again is ignored as the second press of one."""
        self.pending: ReplaceRequest | None = None
        """The request waiting for the player's Yes or No, else ``None``."""
        self._carried: tuple[ReplaceRequest, Game, float] | None = None

    def decide(self, request: ReplaceRequest, game: Game, now: float) -> Decision:
        """What to do with ``request`` while ``game`` is on the table, at ``now`` (seconds)."""
        if request == self.pending or self._repeats(request, game, now):
            return Decision.REPEAT
        if would_abandon(game):
            self.pending = request
            return Decision.ASK
        return Decision.CARRY_OUT

    def _repeats(self, request: ReplaceRequest, game: Game, now: float) -> bool:
        if game.history:  # the game was played: a new intention
            return False
        if request.kind is ReplaceKind.RESTART or (request.kind is ReplaceKind.CODE and request.code == game.code):
            return True  # the result would be this very game, untouched
        carried = self._carried
        return (
            carried is not None
            and carried[0] == request
            and carried[1] is game
            and now - carried[2] < self.double_press
        )

    def carried_out(self, request: ReplaceRequest, game: Game, now: float) -> None:
        """``request`` was carried out at ``now`` (seconds) and gave ``game``."""
        self._carried = (request, game, now)

    def close(self) -> ReplaceRequest | None:
        """Close the question (answered, or the game moved on): the request it was about, else ``None``."""
        request, self.pending = self.pending, None
        return request


class ReplaceRequests:
    """The player's requests to replace the game: the part of :class:`~tripeaks.app.model.session.PlaySession`
    that asks "Abandon this game?" first (a mixin: the session gives it ``_abandon``, ``_game``, ``clock``,
    ``continued_at``, ``run``, ``_emit``, ``_with_code``, ``_rules``, ``_start``, ``_deal_random`` and ``_restart``).

    The question is sent as :class:`ConfirmationAsked` (with the :class:`ReplaceRequest`) and
    closed by :class:`ConfirmationClosed` (answered, or the game moved on).
    """

    _abandon: AbandonGuard
    _game: Game
    if TYPE_CHECKING:

        @property
        def clock(self) -> Callable[[], float]: ...

        @property
        def continued_at(self) -> int | None: ...

        def run(self, action: Callable[..., Any], *args: Any) -> Any: ...
        def _emit(self, *events: SessionEvent) -> None: ...
        def _with_code(self, code: str | GameCode, then: Callable[[GameCode], Game | None]) -> Game | None: ...
        def _rules(self, rules: RuleSet | WrapRule | str | None) -> RuleSet: ...
        def _start(self, game: Game, source: GameSource, elapsed: float = 0.0) -> Game: ...
        def _deal_random(self, rules: RuleSet | None) -> Game: ...
        def _restart(self) -> Game: ...

    @property
    def pending(self) -> ReplaceRequest | None:
        """The request waiting for the player's Yes or No, else ``None``."""
        return self._abandon.pending

    @property
    def needs_confirmation(self) -> bool:
        """True while replacing the game would abandon it: moves made and the game not over."""
        return would_abandon(self._game)

    @property
    def double_press(self) -> float:
        """Seconds during which the same request again is ignored as the second press of one."""
        return self._abandon.double_press

    @double_press.setter
    def double_press(self, seconds: float) -> None:
        self._abandon.double_press = seconds

    def request_deal_code(self, code: str | GameCode) -> Game | None:
        """The player asks for the deal of ``code`` (docs/rules.md §5): see the module doc.

        Text that is not a code sends :class:`~tripeaks.app.model.events.CodeRejected` at once,
        nothing else changing.  Returns the new game, or ``None`` when the player is
        asked first, or the request is ignored (a repeat) or rejected.
        """
        return self.run(self._with_code, code, lambda c: self._request(ReplaceRequest(ReplaceKind.CODE, code=c)))

    def request_deal_random(self, rules: RuleSet | WrapRule | str | None = None) -> Game | None:
        """The player asks for a random deal under the rule set ``rules`` (default ``deal_rules``): see the module doc.

        ``rules`` is anything :meth:`RuleSet.parse` reads; an unreadable one fails
        under the guard (message, nothing changed).
        """
        return self.run(lambda: self._request(ReplaceRequest(ReplaceKind.RANDOM, rules=self._rules(rules))))

    def request_restart(self) -> Game | None:
        """The player asks to play the same deal from its first move: see the module doc."""
        return self.run(self._request, ReplaceRequest(ReplaceKind.RESTART))

    def answer(self, yes: bool) -> Game | None:
        """Answer the question about :attr:`pending`: Yes carries the request out, No drops it.

        Returns the new game after a Yes; ``None`` otherwise, or with no question open.
        """
        return self.run(self._answer, bool(yes))

    def _request(self, request: ReplaceRequest) -> Game | None:
        decision = self._abandon.decide(request, self._game, self.clock())
        if decision is Decision.ASK:
            # the player's own moves: a game continued from a record counts those made past it (docs/rules.md §6)
            self._emit(ConfirmationAsked(request, self._game.moves - (self.continued_at or 0)))
        return self._carry_out(request) if decision is Decision.CARRY_OUT else None

    def _carry_out(self, request: ReplaceRequest) -> Game:
        if request.kind is ReplaceKind.CODE:
            assert request.code is not None
            game = self._start(Game.from_code(request.code), GameSource.CODE)
        elif request.kind is ReplaceKind.RANDOM:
            game = self._deal_random(request.rules)
        else:
            game = self._restart()
        self._abandon.carried_out(request, game, self.clock())
        return game

    def _answer(self, yes: bool) -> Game | None:
        request = self._abandon.close()
        if request is None:  # already answered (a double click on Yes), or the game moved on
            return None
        self._emit(ConfirmationClosed(request, yes))
        return self._carry_out(request) if yes else None
