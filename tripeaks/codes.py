"""Game codes (format TP1) and the seeded deal (docs/rules.md §5).

A code reads ``TP1-<rule>-<deal>``: the rule letter ``E`` (Easy) or ``C``
(Classic) — a legacy ``N`` means Easy — and the deal number written as 7
characters of the RFC 4648 base32 alphabet, big-endian, ``A`` = 0.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
import struct
from collections.abc import Iterator
from dataclasses import dataclass

from .cards import DECK, Card, ascii_upper

__all__ = ["Rule", "GameCode", "InvalidCodeError", "deal_cards", "N_DEALS"]

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_DIGIT = {c: i for i, c in enumerate(_ALPHABET)}
_DEAL_CHARS = 7
N_DEALS = 32**_DEAL_CHARS
"""Number of distinct deals (32^7); deal numbers are 0 … N_DEALS − 1."""


class InvalidCodeError(ValueError):
    """A game code that cannot be read.  The message names the bad part.

    ``reason`` says what is wrong, for messages in other languages:
    ``"type"``, ``"empty"``, ``"prefix"``, ``"parts"``, ``"rule"``,
    ``"length"``, ``"character"`` or ``"value"``; ``part`` is the offending
    text (the prefix, the whole code, the rule letter, the deal or the bad
    character).
    """

    def __init__(self, message: str, reason: str = "value", part: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part


class Rule(enum.Enum):
    """Which ranks are consecutive (docs/rules.md §2).

    ``EASY`` (the default): K and A are consecutive both ways.
    ``CLASSIC``: no wrap — on a K only a Q, on an A only a 2.
    """

    EASY = "E"
    CLASSIC = "C"

    @property
    def wraps(self) -> bool:
        """True when K and A are consecutive under this rule."""
        return self is Rule.EASY

    def adjacent(self, a: int, b: int) -> bool:
        """Whether ranks ``a`` and ``b`` (1–13) are one apart under this rule."""
        d = abs(a - b)
        return d == 1 or (d == 12 and self is Rule.EASY)

    @classmethod
    def parse(cls, value: Rule | str) -> Rule:
        """A :class:`Rule` from itself, ``"E"``/``"C"``/``"N"`` or ``"easy"``/``"classic"``.

        Raises ``ValueError`` for anything else.
        """
        if isinstance(value, Rule):
            return value
        if isinstance(value, str):
            key = value.strip().upper()
            if key in ("E", "N", "EASY"):
                return cls.EASY
            if key in ("C", "CLASSIC"):
                return cls.CLASSIC
        raise ValueError(f"unknown rule {value!r}: use 'easy' (E) or 'classic' (C)")


def _words(deal: int) -> Iterator[int]:
    """The 32-bit big-endian random words of docs/rules.md §5 step 2."""
    k = 0
    prefix = b"tripeaks/TP1" + struct.pack(">Q", deal)
    while True:
        block = hashlib.sha256(prefix + struct.pack(">I", k)).digest()
        yield from struct.unpack(">8I", block)
        k += 1


def deal_cards(deal: int) -> tuple[Card, ...]:
    """The 52 cards of deal number ``deal`` (0 … 32^7 − 1) after the TP1 shuffle.

    Order: 28 tableau cards (positions 0–27), the waste card, then the 23 stock
    cards, first drawn first (docs/rules.md §5 step 4).  Raises ``ValueError`` for a
    deal number out of range.  This function must never change for TP1.
    """
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < N_DEALS:
        raise ValueError(f"deal number must be an integer 0–{N_DEALS - 1}, got {deal!r}")
    deck = list(DECK)
    words = _words(deal)
    for i in range(51, 0, -1):
        m = i + 1
        limit = (2**32 // m) * m
        u = next(words)
        while u >= limit:
            u = next(words)
        j = u % m
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@dataclass(frozen=True)
class GameCode:
    """A deal number (0 … 32^7 − 1) with the rule it is played under (docs/rules.md §5).

    ``str(code)`` is the canonical form, e.g. ``"TP1-E-AAAAAAD"``.
    """

    rule: Rule
    deal: int

    def __post_init__(self) -> None:
        if not isinstance(self.rule, Rule):
            raise InvalidCodeError(f"rule must be a Rule, got {self.rule!r}")
        if isinstance(self.deal, bool) or not isinstance(self.deal, int) or not 0 <= self.deal < N_DEALS:
            raise InvalidCodeError(f"deal number must be an integer 0–{N_DEALS - 1}, got {self.deal!r}")

    def __str__(self) -> str:
        n, chars = self.deal, []
        for _ in range(_DEAL_CHARS):
            n, d = divmod(n, 32)
            chars.append(_ALPHABET[d])
        return f"TP1-{self.rule.value}-{''.join(reversed(chars))}"

    def __repr__(self) -> str:
        return f"GameCode.parse({str(self)!r})"

    def with_rule(self, rule: Rule | str) -> GameCode:
        """The same deal under another rule."""
        return GameCode(Rule.parse(rule), self.deal)

    def cards(self) -> tuple[Card, ...]:
        """The 52 dealt cards; see :func:`deal_cards`."""
        return deal_cards(self.deal)

    @classmethod
    def random(cls, rule: Rule | str = Rule.EASY) -> GameCode:
        """A code with a deal number drawn uniformly with :mod:`secrets`."""
        return cls(Rule.parse(rule), secrets.randbelow(N_DEALS))

    @classmethod
    def parse(cls, text: GameCode | str) -> GameCode:
        """Read ``"TP1-E-AAAAAAD"``; surrounding spaces and letter case are ignored.

        Raises :class:`InvalidCodeError` (a ``ValueError``) naming the bad part:
        the prefix, the rule letter, the deal's length or a character outside
        ``A–Z 2–7``; also for an empty text or a value that is not a string.
        """
        if isinstance(text, GameCode):
            return text
        if not isinstance(text, str):
            raise InvalidCodeError(
                f"a game code must be text like 'TP1-E-AAAAAAD', got {type(text).__name__} {text!r}", "type", ""
            )
        clean = ascii_upper(text.strip())
        if not clean:
            raise InvalidCodeError("the game code is empty: expected text like 'TP1-E-AAAAAAD'", "empty", "")
        parts = clean.split("-")
        typed = text.strip().split("-")  # the same parts as the user typed them, for messages
        if parts[0] != "TP1":
            raise InvalidCodeError(
                f"bad prefix {typed[0]!r} in game code {text!r}: a code starts with 'TP1-'", "prefix", typed[0]
            )
        if len(parts) != 3:
            raise InvalidCodeError(
                f"game code {text!r} must have three parts 'TP1-<rule>-<deal>', found {len(parts)}",
                "parts",
                text.strip(),
            )
        _, rule_text, deal_text = parts
        if rule_text not in ("E", "C", "N"):
            raise InvalidCodeError(
                f"bad rule letter {typed[1]!r} in game code {text!r}: use E (Easy) or C (Classic)", "rule", typed[1]
            )
        if len(deal_text) != _DEAL_CHARS:
            raise InvalidCodeError(
                f"bad deal {typed[2]!r} in game code {text!r}: it must have {_DEAL_CHARS} characters, "
                f"found {len(deal_text)}",
                "length",
                typed[2],
            )
        bad = [i for i, c in enumerate(deal_text) if c not in _DIGIT]
        if bad:
            ch = typed[2][bad[0]]
            raise InvalidCodeError(
                f"bad character {ch!r} in deal {typed[2]!r} of game code {text!r}: "
                "only letters A–Z and digits 2–7 are allowed",
                "character",
                ch,
            )
        deal = 0
        for c in deal_text:
            deal = deal * 32 + _DIGIT[c]
        return cls(Rule.parse(rule_text), deal)
