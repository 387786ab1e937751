"""Why a move is suggested, or why it lost: the facts of a position that a hint or the review says.

Data only, read from the position (docs/rules.md §1, §2, §8): what a play turns
over or leaves uncovered, whether it clears a peak and its bonus, which cards on
the board can follow it, and, when another card of the same rank fits too, why
this one rather than that one.  :func:`tripeaks.solver.hint` puts a
:class:`HintWhy` on its :class:`~tripeaks.solver.Hint`; the sentences are made by
:mod:`tripeaks.i18n.solver` (and :mod:`tripeaks.i18n.review` for the turning point).
Nothing here judges a play by itself: whether a play keeps the game winnable is
the exact search's answer, passed in as a verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine._enums import TextEnum
from ..engine.cards import Card, CardOrJoker
from ..engine.game import DRAW, Action, Game
from ..engine.layout import COVERS

__all__ = [
    "PlayFacts",
    "TwinReason",
    "Twin",
    "HintWhy",
    "TurningFacts",
    "play_facts",
    "twin_positions",
    "twin_reason",
    "turning_facts",
]


@dataclass(frozen=True)
class PlayFacts:
    """What playing the card at ``position`` does, from the position before it.

    ``revealed``: the face-down cards it turns face up (docs/rules.md §2), in
    position order; ``freed``: the cards already face up (open peaks, §8) that
    nothing covers any more after it; ``peak``: the peak (0 left, 1 middle,
    2 right) it clears, or ``None``; ``bonus``: the points of that peak (and,
    under runs scoring, of the clear, §3, §8); ``won``: it is the last tableau
    card; ``follow``: the exposed face-up cards that fit on it next, in
    position order (empty once the game is won).
    """

    position: int
    card: Card
    revealed: tuple[Card, ...]
    freed: tuple[Card, ...]
    peak: int | None
    bonus: int
    won: bool
    follow: tuple[Card, ...]

    @property
    def uncovered(self) -> int:
        """How many cards the play leaves exposed that were not: turned over or freed."""
        return len(self.revealed) + len(self.freed)


class TwinReason(TextEnum):
    """Why the hinted card rather than another card of the same rank that fits too."""

    LOSES = "loses"
    """The other card would lose the game (the exact search proved it)."""
    PEAK = "peak"
    """The hinted card clears a peak, the other does not."""
    WAITS = "waits"
    """The other card uncovers nothing now: it can wait."""
    MORE = "more"
    """The hinted card uncovers more cards than the other."""
    ALSO = "also"
    """The other card would keep the game winnable too (proved), and is not worse to play."""


@dataclass(frozen=True)
class Twin:
    """Another card of the hinted card's rank that fits too, and why the hint is not that one."""

    card: Card
    position: int
    reason: TwinReason


@dataclass(frozen=True)
class HintWhy:
    """The facts behind a hint.

    For a play: ``play`` (its :class:`PlayFacts`) and ``twins`` (each other
    playable card of the same rank with its :class:`Twin` reason; a twin whose
    verdict is unknown and that is not worse is left out).  For a draw:
    ``fitting``, the cards on the board that fit the waste top now — every
    one of them loses the game (the search prefers a play, docs/rules.md §2);
    empty when no card fits.
    """

    play: PlayFacts | None = None
    twins: tuple[Twin, ...] = ()
    fitting: tuple[Card, ...] = ()


def play_facts(game: Game, position: int) -> PlayFacts:
    """The :class:`PlayFacts` of playing ``position`` in ``game`` (not modified; the play must be legal).

    Raises :class:`~tripeaks.engine.game.IllegalMoveError` when it is not.
    """
    after = game.copy()
    event = after.play(position)
    revealed = set(event.revealed)
    freed = tuple(
        after.card_at(q)
        for q in COVERS[position]
        if q not in revealed and after.is_exposed(q) and not game.is_exposed(q)
    )
    won = after.cards_left == 0
    follow = () if won else tuple(after.card_at(q) for q in after.playable())
    return PlayFacts(
        position=position,
        card=event.card,
        revealed=event.revealed_cards,
        freed=freed,
        peak=event.peaks_cleared[0] if event.peaks_cleared else None,
        bonus=event.parts.peaks + event.parts.clear,
        won=won,
        follow=follow,
    )


def twin_positions(game: Game, position: int) -> list[int]:
    """The other playable positions of ``game`` holding a card of the same rank as ``position``'s."""
    rank = game.card_at(position).rank
    return [q for q in game.playable() if q != position and game.card_at(q).rank == rank]


def twin_reason(mine: PlayFacts, other: PlayFacts, loses: bool | None) -> TwinReason | None:
    """Why ``mine`` rather than ``other`` (same rank, both playable), or ``None`` when nothing true can be said.

    ``loses``: ``True`` when the search proved that playing ``other`` loses the
    game, ``False`` when it proved it keeps it winnable, ``None`` when unknown.
    A structural reason (a peak, more cards uncovered) is given only when it
    holds; :attr:`TwinReason.ALSO` only when ``other`` is proven to keep the game winnable.
    """
    if loses:
        return TwinReason.LOSES
    if mine.peak is not None and other.peak is None:
        return TwinReason.PEAK
    if mine.uncovered > other.uncovered:
        return TwinReason.WAITS if other.uncovered == 0 else TwinReason.MORE
    if loses is False:
        return TwinReason.ALSO
    return None


@dataclass(frozen=True)
class TurningFacts:
    """The facts behind a review's turning point (docs/rules.md §9), from the position before it.

    ``played``: the :class:`PlayFacts` of the move that lost the game, when it
    was a play; ``covered``: the waste card the losing move covered, when it
    was a draw.  ``kept``: the :class:`PlayFacts` of the first move of a
    winning line from that position, when it is a play; ``kept_draw``: that
    move is a draw.
    """

    played: PlayFacts | None = None
    covered: CardOrJoker | None = None
    kept: PlayFacts | None = None
    kept_draw: bool = False


def turning_facts(before: Game, played: Action, kept: Action | None) -> TurningFacts:
    """The :class:`TurningFacts` of playing ``played`` (a position or ``"D"``) in ``before`` when
    ``kept`` (or ``None``: not known) was the move that kept a win.  ``before`` is not modified."""
    return TurningFacts(
        played=play_facts(before, played) if isinstance(played, int) else None,
        covered=before.waste_top if played == DRAW else None,
        kept=play_facts(before, kept) if isinstance(kept, int) else None,
        kept_draw=kept == DRAW,
    )
