"""The play session's status messages: engine events and refusals turned into a :class:`Message`.

A :class:`Message` is in no particular language: ``message.sentences(lang)``
renders it when shown, so it follows a language switch.  The texts are those
of docs/rules.md §2 (moves, refusals, the end), §4 (undo) and §8 (time up).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..engine._enums import TextEnum
from ..engine.cards import Card
from ..engine.game import Action, Event, Game, Refusal, RefusalDetail, Status
from ..engine.rules import DrawRule, ScoringRule, UndoRule
from . import explain, refusal_detail_sentence, refusal_message, status_message, waste_fit_sentence
from .rulesets import rules_text
from .ui import ui_text

__all__ = [
    "MessageKind",
    "Message",
    "NO_MESSAGE",
    "text_message",
    "welcome_message",
    "event_message",
    "refused_message",
    "refusal_status",
    "CARD_REFUSALS",
    "state_message",
    "failure_message",
]


class MessageKind(TextEnum):
    """How a status message looks: information, an error, a win or a blocked game."""

    INFO = "info"
    ERROR = "error"
    WON = "won"
    BLOCKED = "blocked"


@dataclass(frozen=True)
class Message:
    """A status message in no particular language: ``render(lang)`` gives its sentences.

    ``kind`` is a :class:`MessageKind`; ``refusal`` is set when the message
    explains a refused action (so that turning error help off can clear it).
    """

    kind: MessageKind
    render: Callable[[str], Sequence[str]] = field(compare=False)
    refusal: Refusal | None = None

    def sentences(self, lang: str) -> tuple[str, ...]:
        """The message's sentences in ``lang`` (empty for no message)."""
        return tuple(s for s in self.render(lang) if s)


NO_MESSAGE = Message(MessageKind.INFO, lambda lang: ())


def _blocked_sentences(lang: str) -> tuple[str, ...]:
    return status_message(Status.BLOCKED, lang), ui_text("status.blocked_help", lang)


def _time_up_sentences(lang: str) -> tuple[str, ...]:
    return status_message(Status.TIME_UP, lang), rules_text("timer.up_help", lang)


def text_message(key: str) -> Message:
    """An INFO message: the app's text ``key`` (e.g. ``"status.welcome"``).

    >>> text_message("status.welcome").sentences("en") == (ui_text("status.welcome", "en"),)
    True
    """
    return Message(MessageKind.INFO, lambda lang: (ui_text(key, lang),))


def welcome_message(game: Game) -> Message:
    """The INFO message of a new deal: how to play (a draw offered only where the rules allow it,
    docs/rules.md §8) and how the score counts under the game's rule set (§3, §4, §8).

    >>> from tripeaks import Game
    >>> welcome_message(Game.from_code("TP1-E-AAAAAAD")).sentences("en")[1]
    'Score: 500 to start, −1 for each play or draw, +100 for each peak emptied.'
    """
    rules = game.rules
    keys = ["status.welcome_stuck" if rules.draw is DrawRule.STUCK else "status.welcome"]
    keys.append("status.score_runs" if rules.scoring is ScoringRule.RUNS else "status.score_standard")
    if rules.undo is UndoRule.PENALTY:
        keys.append("status.score_undo")
    return Message(MessageKind.INFO, lambda lang: tuple(ui_text(key, lang) for key in keys))


def failure_message() -> Message:
    """The ERROR message shown when an action failed and the game was put back."""
    return Message(MessageKind.ERROR, lambda lang: (ui_text("status.failure", lang),))


def event_message(event: Event) -> Message:
    """An INFO message explaining the engine's ``event`` in one sentence (docs/rules.md §2, §4)."""
    return Message(MessageKind.INFO, lambda lang: (explain(event, lang),))


def refused_message(
    refusal: Refusal, game: Game, detail: RefusalDetail | None = None, fits: tuple[Card, tuple[int, ...]] | None = None
) -> Message:
    """An ERROR message saying why ``refusal`` (docs/rules.md §2, §4), with the sentence of ``detail``
    (e.g. a K on an A under Classic) and, with ``fits`` (the waste card and the ranks that fit on
    it), which ranks would fit; a blocked ``game`` keeps saying that it is over."""

    def sentences(lang: str) -> tuple[str, ...]:
        out = [refusal_message(refusal, lang)]
        if detail is not None:
            out.append(refusal_detail_sentence(detail, lang))
        if fits is not None:
            out.append(waste_fit_sentence(fits[0], fits[1], lang))
        if game.status is Status.BLOCKED:  # keep saying that the game is over
            out += _blocked_sentences(lang)
        return tuple(out)

    return Message(MessageKind.ERROR, sentences, refusal)


CARD_REFUSALS = (Refusal.NOT_ADJACENT, Refusal.BLOCKED)
"""Card refusals that error help may keep quiet (docs/rules.md §2)."""
# Refusals that never replace the message: a card already gone, anything after the end (docs/rules.md §2, §8).
_QUIET_REFUSALS = (Refusal.EMPTY, Refusal.GAME_OVER, Refusal.TIME_UP)


def refusal_status(refusal: Refusal, game: Game, action: Action, error_help: bool = True) -> Message | None:
    """The message for ``action`` (a position 0–27, ``"D"``, ``"U"``…) refused for ``refusal`` in ``game``,
    or ``None`` when the message stays (docs/rules.md §2, §4, §8).

    A card already gone is the second click of a fast double click: nothing to say.  Once the
    game is won or out of time, the end-of-game message stays (a late click must not replace it).
    Without ``error_help`` a card that cannot be played says nothing either.  A K on an A
    under Classic gets its own sentence (docs/rules.md §2).
    """
    if refusal in _QUIET_REFUSALS or (refusal in CARD_REFUSALS and not error_help):
        return None
    detail = game.refusal_detail(action) if isinstance(action, int) else None
    return refused_message(refusal, game, detail, _fits(game) if refusal is Refusal.NOT_ADJACENT else None)


def _fits(game: Game) -> tuple[Card, tuple[int, ...]] | None:
    """The waste card and the ranks that fit on it under ``game``'s rules (docs/rules.md §2)."""
    top = game.waste_top
    if not isinstance(top, Card):  # a joker takes any card; an empty waste takes any exposed card
        return None
    ranks = tuple(r for r in range(1, 14) if game.rules.adjacent(top.rank, r))
    return (top, ranks) if ranks else None


def state_message(game: Game, otherwise: Message) -> Message:
    """The end of ``game`` when it is over (won, blocked: docs/rules.md §2; time up: §8), else ``otherwise``.

    The score of a win is the score now (points), kept in the message.
    """
    if game.status is Status.WON:
        score = game.score
        return Message(
            MessageKind.WON,
            lambda lang: (status_message(Status.WON, lang, score), ui_text("status.won_peaks", lang)),
        )
    if game.status is Status.BLOCKED:
        return Message(MessageKind.BLOCKED, _blocked_sentences)
    if game.status is Status.TIME_UP:
        return Message(MessageKind.BLOCKED, _time_up_sentences)
    return otherwise
