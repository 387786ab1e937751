"""Cards: ranks, suits and the frozen :class:`Card` value (docs/rules.md §1), and the joker (§8).

A card is written ``"7S"`` or ``"10H"`` (rank then suit letter) and shown as
``"7♠"``.  :meth:`Card.parse` also accepts ``"TH"``, symbols and any case.

The :data:`JOKER` (docs/rules.md §8) is not a :class:`Card`: it has no rank
or suit, lies only in the stock and, on the waste, accepts any card.  It is
written ``"JK"``; :func:`parse_card_or_joker` reads a card or a joker.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import lru_cache
from typing import Union

__all__ = ["Suit", "Rank", "Card", "InvalidCardError", "DECK", "Joker", "JOKER", "CardOrJoker", "parse_card_or_joker"]


class InvalidCardError(ValueError):
    """Raised when a card text cannot be read; the message quotes the text."""


class Suit(enum.IntEnum):
    """The four suits, in canonical deck order (docs/rules.md §1, §5): C, D, H, S."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter code: ``"C"``, ``"D"``, ``"H"`` or ``"S"``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """Unicode suit symbol: ``"♣"``, ``"♦"``, ``"♥"`` or ``"♠"``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class Rank(enum.IntEnum):
    """Ranks with their values 1–13 (ace low, king 13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """English rank text: ``"A"``, ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``."""
        return _RANK_TEXT[self - 1]


_RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_TEXT = {text: Rank(i + 1) for i, text in enumerate(_RANK_TEXT)}
_RANK_BY_TEXT["T"] = Rank.TEN
_RANK_BY_TEXT["1"] = Rank.ACE
_SUIT_BY_TEXT = {
    "C": Suit.CLUBS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "S": Suit.SPADES,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card.  Immutable and hashable.

    ``rank`` is a :class:`Rank` (value 1–13), ``suit`` a :class:`Suit`.
    ``str(card)`` is the card text (``"10H"``), ``card.symbol`` the display
    text (``"10♥"``), ``repr(card)`` rebuilds it (``Card.parse('10H')``).
    Cards order by suit then rank, i.e. by :attr:`index`.
    """

    suit: Suit
    rank: Rank

    def __init__(self, rank: int, suit: int) -> None:
        object.__setattr__(self, "suit", Suit(suit))
        object.__setattr__(self, "rank", Rank(rank))

    @property
    def index(self) -> int:
        """Canonical deck index 0–51: ``13·suit + rank − 1`` (docs/rules.md §5)."""
        return 13 * self.suit + self.rank - 1

    @property
    def symbol(self) -> str:
        """Display text with the suit symbol, e.g. ``"10♥"``."""
        return self.rank.letter + self.suit.symbol

    @property
    def is_red(self) -> bool:
        """True for ♦ and ♥ cards."""
        return self.suit.is_red

    def __str__(self) -> str:
        return self.rank.letter + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with canonical index 0–51.  Raises ``ValueError`` otherwise."""
        if not isinstance(index, int) or not 0 <= index < 52:
            raise ValueError(f"card index must be an integer 0–51, got {index!r}")
        return DECK[index]

    @staticmethod
    def parse(text: str | Card) -> Card:
        """Read a card text: ``"10H"``, ``"TH"``, ``"7♠"``, ``"7s"`` (any case).

        A :class:`Card` is returned unchanged.  Raises :class:`InvalidCardError`
        (a ``ValueError``) quoting the text when it is not a card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(f"a card must be given as text such as '10H', got {text!r}")
        # Emoji keyboards add an invisible variation selector after a suit symbol ("♥\ufe0f").
        return _parse(ascii_upper(text.strip().replace("\ufe0f", "").replace("\ufe0e", "")), text)


def ascii_upper(text: str) -> str:
    """``text`` with ASCII letters upper-cased and every other character kept.

    ``str.upper`` would also turn some non-ASCII letters into ASCII ones
    (``"ſ"`` → ``"S"``, ``"ı"`` → ``"I"``), so that look-alike text would be
    accepted as a card or a game code.
    """
    return text.upper() if text.isascii() else "".join(c.upper() if c.isascii() else c for c in text)


@lru_cache(maxsize=512)
def _parse(clean: str, original: str) -> Card:
    if len(clean) < 2:
        raise InvalidCardError(f"not a card: {original!r} (expected a rank and a suit, e.g. '10H')")
    rank_text, suit_text = clean[:-1], clean[-1]
    rank = _RANK_BY_TEXT.get(rank_text)
    suit = _SUIT_BY_TEXT.get(suit_text)
    if rank is None:
        raise InvalidCardError(f"not a card: {original!r} (unknown rank {rank_text!r}; use A, 2–10, T, J, Q, K)")
    if suit is None:
        raise InvalidCardError(f"not a card: {original!r} (unknown suit {suit_text!r}; use C, D, H, S)")
    return DECK[13 * suit + rank - 1]


DECK: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank)
"""The 52 cards in canonical order (docs/rules.md §5): clubs A..K, diamonds, hearts, spades."""


@dataclass(frozen=True, slots=True)
class Joker:
    """The wild card of docs/rules.md §8: only in the stock; on the waste it accepts any exposed card.

    All jokers are equal (a game holds 0, 1 or 2 of them).  ``str`` is
    ``"JK"``, ``symbol`` is ``"🃏"``; it has no rank and no suit and is never
    played from the waste.  Its name in words: :func:`tripeaks.i18n.card_name`.
    """

    @property
    def symbol(self) -> str:
        """Display text: the playing-card joker ``"🃏"``."""
        return "\N{PLAYING CARD BLACK JOKER}"

    @property
    def is_red(self) -> bool:
        """Always false (a joker has no suit)."""
        return False

    def __str__(self) -> str:
        return "JK"

    def __repr__(self) -> str:
        return "JOKER"


JOKER = Joker()
"""The joker (docs/rules.md §8); ``Joker()`` is equal to it."""

CardOrJoker = Union[Card, Joker]
"""What the stock and the waste hold: a :class:`Card` or the :data:`JOKER` (docs/rules.md §8)."""

_JOKER_TEXTS = frozenset({"JK", "JOKER", "\N{PLAYING CARD BLACK JOKER}"})


def parse_card_or_joker(text: str | Card | Joker) -> CardOrJoker:
    """Read a card (as :meth:`Card.parse`) or a joker (``"JK"``, ``"joker"``, ``"🃏"``; any case).

    A :class:`Card` or :class:`Joker` is returned unchanged.  Raises
    :class:`InvalidCardError` (a ``ValueError``) quoting the text otherwise.
    """
    if isinstance(text, (Card, Joker)):
        return text
    if isinstance(text, str) and ascii_upper(text.strip().replace("\ufe0f", "").replace("\ufe0e", "")) in _JOKER_TEXTS:
        return JOKER
    return Card.parse(text)
