"""Game codes (format TP1) and the seeded deal (docs/rules.md §5, §8).

A code reads ``TP1-<rule>-<deal>``: the rule letter ``E`` (Easy) or ``C``
(Classic) — a legacy ``N`` means Easy — and the deal number written as 7
characters of the RFC 4648 base32 alphabet, big-endian, ``A`` = 0.  Any
other rule set (docs/rules.md §8) adds a fourth part of flags, e.g.
``TP1-E-AAAAAAD-SR`` (Traditional) or ``TP1-C-AAAAAAD-OP`` (Tri Peaks); see
:meth:`tripeaks.engine.rules.RuleSet.from_flags`.

The same deal number gives the same 52-card deal in every rule set
(:func:`deal_cards`); :func:`deal_layout` then moves the waste card to the
stock (empty waste) and inserts the jokers.
"""

from __future__ import annotations

import hashlib
import reprlib
import secrets
import struct
from collections.abc import Iterator
from dataclasses import dataclass

from ._deprecated import renamed
from ._text import code_text, quote
from .cards import DECK, JOKER, Card, CardOrJoker, ascii_upper
from .rules import FlagError, RuleSet, WasteRule, WrapRule

__all__ = ["WrapRule", "RuleSet", "GameCode", "InvalidCodeError", "deal_cards", "deal_layout", "N_DEALS"]

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
_DIGIT = {c: i for i, c in enumerate(_ALPHABET)}
_DEAL_CHARS = 7
N_DEALS = 32**_DEAL_CHARS
"""Number of distinct deals (32^7); deal numbers are 0 … N_DEALS − 1."""


class InvalidCodeError(ValueError):
    """A game code that cannot be read.  The message names the bad part.

    ``reason`` says what is wrong, for messages in other languages:
    ``"type"``, ``"empty"``, ``"prefix"``, ``"parts"``, ``"rule"``,
    ``"length"``, ``"character"`` or ``"value"``; for the flags part
    (docs/rules.md §8) ``"flags_empty"``, ``"flag"`` (unknown or malformed),
    ``"flag_repeated"`` or ``"timer"`` (not 1–60 minutes).  ``part`` is the
    offending text (the prefix, the whole code, the rule letter, the deal,
    the bad character or the bad flag).
    """

    def __init__(self, message: str, reason: str = "value", part: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part


def _stream(prefix: bytes) -> Iterator[int]:
    """32-bit big-endian words of SHA-256(prefix ‖ k as 4-byte big-endian), k = 0, 1, 2, …"""
    k = 0
    while True:
        block = hashlib.sha256(prefix + struct.pack(">I", k)).digest()
        yield from struct.unpack(">8I", block)
        k += 1


def _words(deal: int) -> Iterator[int]:
    """The 32-bit big-endian random words of docs/rules.md §5 step 2."""
    return _stream(b"tripeaks/TP1" + struct.pack(">Q", deal))


def _below(words: Iterator[int], m: int) -> int:
    """An unbiased number 0 … m − 1 from ``words`` (docs/rules.md §5 step 3: reject u ≥ ⌊2^32/m⌋·m)."""
    limit = (2**32 // m) * m
    u = next(words)
    while u >= limit:
        u = next(words)
    return u % m


def _check_deal(deal: int) -> None:
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < N_DEALS:
        raise ValueError(f"deal number must be an integer 0–{N_DEALS - 1}, got {deal!r}")


def deal_cards(deal: int) -> tuple[Card, ...]:
    """The 52 cards of deal number ``deal`` (0 … 32^7 − 1) after the TP1 shuffle.

    Order: 28 tableau cards (positions 0–27), the waste card, then the 23 stock
    cards, first drawn first (docs/rules.md §5 step 4).  Raises ``ValueError`` for a
    deal number out of range.  This function must never change for TP1; it is
    the same in every rule set (docs/rules.md §8).
    """
    _check_deal(deal)
    deck = list(DECK)
    words = _words(deal)
    for i in range(51, 0, -1):
        j = _below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def deal_layout(
    deal: int, rules: RuleSet | WrapRule = WrapRule.EASY
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[CardOrJoker, ...]]:
    """The deal ``deal`` under ``rules`` as (tableau, waste, stock) (docs/rules.md §5 step 4, §8).

    Tableau: 28 cards, positions 0–27.  Waste: the one dealt card, or none
    when ``rules.waste`` is empty (that card then goes on top of the stock).
    Stock: first drawn first, with the jokers inserted: for joker j = 1, 2,
    with m = stock size + 1, an unbiased number u mod m from the words of
    SHA-256(b"tripeaks/TP1/joker" ‖ deal 8-byte BE ‖ j 4-byte BE ‖ k 4-byte BE),
    k = 0, 1, …; the joker goes to stock index u mod m (index 0 is drawn
    first).  Raises ``ValueError`` for a deal number out of range.
    """
    cards = deal_cards(deal)
    rules = RuleSet.parse(rules)
    tableau, waste = cards[:28], cards[28:29]
    stock: list[CardOrJoker] = list(cards[29:])
    if rules.waste is WasteRule.EMPTY:
        stock.insert(0, cards[28])
        waste = ()
    for j in range(1, rules.jokers + 1):
        words = _stream(b"tripeaks/TP1/joker" + struct.pack(">QI", deal, j))
        stock.insert(_below(words, len(stock) + 1), JOKER)
    return tableau, waste, tuple(stock)


def _deal_text(deal: int) -> str:
    n, chars = deal, []
    for _ in range(_DEAL_CHARS):
        n, d = divmod(n, 32)
        chars.append(_ALPHABET[d])
    return "".join(reversed(chars))


@dataclass(frozen=True, init=False)
class GameCode:
    """A deal number (0 … 32^7 − 1) with the rule set it is played under (docs/rules.md §5, §8).

    ``GameCode(rules, deal)``: ``rules`` is a :class:`~tripeaks.engine.rules.RuleSet`,
    a :class:`WrapRule` or anything :meth:`RuleSet.parse` reads (``"E"``,
    ``"traditional"``, ``"C-OP"``).  ``code.rules`` is the rule set,
    ``code.rule`` its wrap (``WrapRule.EASY`` / ``WrapRule.CLASSIC``).  ``str(code)``
    is the canonical form: ``"TP1-E-AAAAAAD"``, with a fourth part of flags
    for any other rule set (``"TP1-E-AAAAAAD-SR"``).  Raises
    :class:`InvalidCodeError` for a bad rule set or deal number.
    """

    rules: RuleSet
    deal: int

    def __init__(self, rules: RuleSet | WrapRule | str, deal: int) -> None:
        try:
            parsed = RuleSet.parse(rules)
        except ValueError as exc:
            raise InvalidCodeError(f"rules must be a RuleSet or a WrapRule, got {rules!r}: {exc}") from None
        try:
            _check_deal(deal)
        except ValueError as exc:
            raise InvalidCodeError(str(exc)) from None
        object.__setattr__(self, "rules", parsed)
        object.__setattr__(self, "deal", deal)

    @property
    def rule(self) -> WrapRule:
        """The K–A wrap of the code's rule set: ``WrapRule.EASY`` or ``WrapRule.CLASSIC`` (the code's letter)."""
        return self.rules.rule

    def __str__(self) -> str:
        flags = self.rules.flags
        return f"TP1-{self.rule.value}-{_deal_text(self.deal)}" + (f"-{flags}" if flags else "")

    def __repr__(self) -> str:
        return f"GameCode.parse({str(self)!r})"

    def with_rule(self, rule: WrapRule | str) -> GameCode:
        """The same deal and options with another wrap rule (Easy or Classic)."""
        return GameCode(self.rules.replace(wrap=WrapRule.parse(rule).wraps), self.deal)

    def with_rules(self, rules: RuleSet | WrapRule | str) -> GameCode:
        """The same deal under another rule set (anything :meth:`RuleSet.parse` reads)."""
        return GameCode(RuleSet.parse(rules), self.deal)

    def cards(self) -> tuple[Card, ...]:
        """The 52 dealt cards, the same in every rule set; see :func:`deal_cards`."""
        return deal_cards(self.deal)

    def layout(self) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[CardOrJoker, ...]]:
        """(tableau, waste, stock) of this deal under its rule set; see :func:`deal_layout`."""
        return deal_layout(self.deal, self.rules)

    @classmethod
    def random(cls, rules: RuleSet | WrapRule | str = WrapRule.EASY) -> GameCode:
        """A code with a deal number drawn uniformly with :mod:`secrets`, under ``rules``."""
        return cls(RuleSet.parse(rules), secrets.randbelow(N_DEALS))

    @classmethod
    def parse(cls, text: GameCode | str) -> GameCode:
        """Read ``"TP1-E-AAAAAAD"`` or ``"TP1-E-AAAAAAD-SR"`` (docs/rules.md §5, §8).

        Letter case and surrounding spaces are ignored; any Unicode dash (an
        en or em dash…) or minus sign reads as ``-``, and spaces between the
        parts separate them like a dash (``"TP1 E ISD43YN"``): see
        :func:`tripeaks.engine._text.code_text`.  Look-alike letters are refused.
        Messages quote at most the first few characters of a long text.
        Raises :class:`InvalidCodeError` (a ``ValueError``) naming the bad part:
        the prefix, the rule letter, the deal's length or a character outside
        ``A–Z 2–7``, the number of parts, or a flag of the fourth part that is
        unknown, repeated or malformed (a timer outside 1–60 minutes); also
        for an empty text or a value that is not a string.
        """
        if isinstance(text, GameCode):
            return text
        if not isinstance(text, str):
            raise InvalidCodeError(
                f"a game code must be text like 'TP1-E-AAAAAAD', got {type(text).__name__} {reprlib.repr(text)}",
                "type",
                "",
            )
        read = code_text(text)  # the parts as the user typed them, dashes and spaces read (for messages)
        clean = ascii_upper(read)
        if not clean:
            raise InvalidCodeError("the game code is empty: expected text like 'TP1-E-AAAAAAD'", "empty", "")
        parts = clean.split("-")
        typed = read.split("-")
        shown = quote(text.strip())
        if parts[0] != "TP1":
            raise InvalidCodeError(
                f"bad prefix {quote(typed[0])} in game code {shown}: a code starts with 'TP1-'", "prefix", typed[0]
            )
        if len(parts) not in (3, 4):
            raise InvalidCodeError(
                f"game code {quote(read)} must have three parts 'TP1-<rule>-<deal>', "
                f"or four with rule flags 'TP1-<rule>-<deal>-<flags>', found {len(parts)}",
                "parts",
                read,
            )
        rule_text, deal_text = parts[1], parts[2]
        if rule_text not in ("E", "C", "N"):
            raise InvalidCodeError(
                f"bad rule letter {quote(typed[1])} in game code {shown}: use E (Easy) or C (Classic)", "rule", typed[1]
            )
        if len(deal_text) != _DEAL_CHARS:
            raise InvalidCodeError(
                f"bad deal {quote(typed[2])} in game code {shown}: it must have {_DEAL_CHARS} characters, "
                f"found {len(deal_text)}",
                "length",
                typed[2],
            )
        bad = [i for i, c in enumerate(deal_text) if c not in _DIGIT]
        if bad:
            ch = typed[2][bad[0]]
            raise InvalidCodeError(
                f"bad character {ch!r} in deal {quote(typed[2])} of game code {shown}: "
                "only letters A–Z and digits 2–7 are allowed",
                "character",
                ch,
            )
        deal = 0
        for c in deal_text:
            deal = deal * 32 + _DIGIT[c]
        rules = RuleSet.from_rule(rule_text)
        if len(parts) == 4:
            if not typed[3]:
                raise InvalidCodeError(
                    f"the flags part of game code {shown} is empty: remove the last dash or add flags such as SR",
                    "flags_empty",
                    "",
                )
            try:
                rules = RuleSet.from_flags(typed[3], rule_text)
            except FlagError as exc:
                raise InvalidCodeError(f"{exc} (game code {shown})", exc.reason, exc.part) from None
        return cls(rules, deal)


__getattr__ = renamed(__name__, {"Rule": ("WrapRule", WrapRule)})
"""``Rule``, the old name of :class:`~tripeaks.engine.rules.WrapRule`, still reads, with a ``DeprecationWarning``."""
