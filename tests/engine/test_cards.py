"""Cards (docs/rules.md §1): text, symbols, parsing, deck order."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tripeaks import DECK, Card, InvalidCardError, Rank, Suit


def test_deck_is_52_distinct_cards_in_canonical_order() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    # docs/rules.md §5: suits C, D, H, S; within a suit A..K; index = 13·suit + rank − 1.
    expected = [f"{r}{s}" for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    assert [str(c) for c in DECK] == expected
    for i, card in enumerate(DECK):
        assert card.index == i == 13 * card.suit + card.rank - 1
        assert Card.from_index(i) is card
    assert sorted(DECK) == list(DECK)


def test_text_and_symbol() -> None:
    c = Card(Rank.TEN, Suit.HEARTS)
    assert str(c) == "10H" and c.symbol == "10♥"
    assert Card(7, 3).symbol == "7♠" and str(Card(7, 3)) == "7S"
    assert [Card(1, s).symbol for s in Suit] == ["A♣", "A♦", "A♥", "A♠"]
    assert [Card(r, 0).symbol for r in (11, 12, 13)] == ["J♣", "Q♣", "K♣"]
    assert [Card(5, s).is_red for s in Suit] == [False, True, True, False]
    assert eval(repr(c)) == c


def test_card_is_frozen_and_hashable() -> None:
    c = Card.parse("KC")
    with pytest.raises(AttributeError):
        c.rank = Rank.ACE  # type: ignore[misc]
    assert {c, Card(13, 0)} == {c}
    assert c.rank == 13 and c.suit is Suit.CLUBS


@pytest.mark.parametrize(
    "text, expected",
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("10♥", "10H"),
        ("7♠", "7S"),
        ("7s", "7S"),
        (" 7S ", "7S"),
        ("kc", "KC"),
        ("qd", "QD"),
        ("J♦", "JD"),
        ("a♣", "AC"),
        ("2h", "2H"),
    ],
)
def test_parse_accepts_every_spelling(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


def test_parse_round_trips_every_card() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert Card.parse(str(card).lower()) is card
        assert Card.parse(card) is card


@pytest.mark.parametrize(
    "bad, fragment",
    [
        ("", "not a card"),
        ("H", "not a card"),
        ("11H", "unknown rank '11'"),
        ("0S", "unknown rank '0'"),
        ("KX", "unknown suit 'X'"),
        ("10", "unknown suit '0'"),
        ("ZZ", "unknown rank 'Z'"),
    ],
)
def test_parse_errors_quote_the_text(bad: str, fragment: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(bad)
    assert fragment in str(info.value)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [None, 10, 3.5, b"KC", ["K", "C"]])
def test_parse_rejects_non_text(bad: object) -> None:
    with pytest.raises(InvalidCardError, match="as text"):
        Card.parse(bad)  # type: ignore[arg-type]


def test_from_index_rejects_out_of_range() -> None:
    for bad in (-1, 52, "3"):
        with pytest.raises(ValueError, match="0–51"):
            Card.from_index(bad)  # type: ignore[arg-type]


_SPELLINGS = {
    spelling
    for card in DECK
    for rank in ((card.rank.letter, "T") if card.rank == 10 else ("1", "A") if card.rank == 1 else (card.rank.letter,))
    for suit in (card.suit.letter, card.suit.symbol, "♧♢♡♤"[card.suit])
    for spelling in (rank + suit,)
}


@given(st.text(max_size=4))
@example("10ſ")  # long s: str.upper() would turn it into an ASCII S
@example("Kﬅ")
def test_parse_accepts_nothing_but_card_spellings(text: str) -> None:
    """Any text is either a card spelling (spaces and ASCII case aside) or an InvalidCardError."""
    try:
        card = Card.parse(text)
    except InvalidCardError:
        return
    clean = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip())
    assert clean in _SPELLINGS
    assert Card.parse(clean) is card


def test_emoji_variation_selector_after_suit_symbol_is_ignored():
    assert str(Card.parse("10♥\ufe0f")) == "10H"
    assert str(Card.parse("Q♠\ufe0e")) == "QS"
