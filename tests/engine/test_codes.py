"""Game codes and the TP1 deal (docs/rules.md §5).

The deal is checked against an independent implementation of docs/rules.md §5 written
here from the text (hashlib + rejection sampling), and three deals are pinned
as literal card lists so the TP1 format can never drift.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
import unicodedata
from collections.abc import Iterator

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from rule_set_strategies import rule_sets

import tripeaks.engine.codes as codes_module
from tripeaks import (
    TRI_PEAKS,
    Game,
    GameCode,
    InvalidCodeError,
    Preset,
    RuleSet,
    WrapRule,
    deal_cards,
)
from tripeaks.engine.codes import N_DEALS

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def spec_words(n: int) -> Iterator[int]:
    """docs/rules.md §5 step 2: 32-bit big-endian words of SHA-256(b"tripeaks/TP1" ‖ n:8 ‖ k:4), k = 0, 1, …"""
    for k in itertools.count():
        block = hashlib.sha256(b"tripeaks/TP1" + n.to_bytes(8, "big") + k.to_bytes(4, "big")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")


def spec_shuffle(words: Iterator[int], reject: bool = True) -> list[str]:
    """docs/rules.md §5 steps 1 and 3: canonical deck, Fisher–Yates with rejection sampling."""
    deck = [rank + suit for suit in "CDHS" for rank in RANKS]
    for i in range(51, 0, -1):
        m = i + 1
        bound = (2**32 // m) * m
        u = next(words)
        while reject and u >= bound:
            u = next(words)
        j = u % m
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def spec_deal(n: int) -> list[str]:
    return spec_shuffle(spec_words(n))


def spec_code_text(rule_letter: str, n: int) -> str:
    digits = []
    for _ in range(7):
        n, d = divmod(n, 32)
        digits.append(ALPHABET[d])
    return f"TP1-{rule_letter}-{''.join(reversed(digits))}"


# Pinned literally (computed once with spec_deal above): tableau 0–27, waste, stock first drawn first.
PINNED = {
    0: "AS 10H 3C 4D 4S 8H 10D KS 5C 3S 8S 7H QC 9S 6H 5S 8D 2C 10S 8C 9C 7D 10C 6S 2H 3D 9H 5H "
    "7S KD JH KH 4H QD 5D 2D 4C 9D AD JC KC 6C 6D QS 3H 7C JD JS AC AH QH 2S",
    1: "9C 6D 2C 8H 4S 8S 8C 2S 7C 5C 10D 4C QD 3S 5S JH KS 9D 2D JS 8D QS AD 10C 10S KD 2H 4H "
    "7H 10H 6S 9H 5D 6H 3C 9S 3D 6C JC 4D 3H AS JD 5H QH QC 7D KH KC AC AH 7S",
    N_DEALS - 1: "JH 8C 10D 2C 8H 10H JS KS 4D 6S 2H 10C 3C 7H AC 8D 7C 5D AS 9H 2D 9D AD KC 2S 6H QD 4C "
    "JD 5S KD 5H 9C 10S 3D 3H AH 9S KH 4H QS 7D 3S 6C 7S 4S 8S 6D JC 5C QH QC",
}


def test_spec_facts() -> None:
    game = Game.from_code("TP1-E-AAAAAAB")
    assert game.waste_top.symbol == "7♥"
    assert game.tableau[0] is not None and game.tableau[0].card.symbol == "9♣"
    assert GameCode.parse("TP1-E-AAAAAAB").deal == 1
    assert GameCode.parse("TP1-E-AAAAAAD").deal == 3
    assert GameCode.parse("TP1-E-AAAAAAA").deal == 0
    assert GameCode.parse("TP1-C-7777777").deal == N_DEALS - 1 == 32**7 - 1
    assert GameCode.parse("TP1-E-AAAAABA").deal == 32


@pytest.mark.parametrize("n", sorted(PINNED))
def test_pinned_deals_literally(n: int) -> None:
    expected = PINNED[n].split()
    assert [str(c) for c in deal_cards(n)] == expected
    assert spec_deal(n) == expected  # the reference implementation agrees with the literal
    game = Game.from_code(GameCode(WrapRule.CLASSIC, n))
    assert [str(game.card_at(p)) for p in range(28)] == expected[:28]
    assert [str(c) for c in game.waste] == expected[28:29]
    assert [str(c) for c in game.stock_cards] == expected[29:]
    assert game.stock_count == 23


# A fixed spread of deal numbers: small, large, powers of two, and a stride over the range.
SPREAD = sorted(
    {0, 1, 2, 3, 31, 32, 33, 1023, 1024, 2**31 - 1, 2**31, 2**32, 2**32 + 1, N_DEALS - 2}
    | set(range(7, N_DEALS, N_DEALS // 97))
)


@pytest.mark.parametrize("n", SPREAD)
def test_deal_matches_independent_implementation(n: int) -> None:
    cards = deal_cards(n)
    assert [str(c) for c in cards] == spec_deal(n)
    assert GameCode(WrapRule.EASY, n).cards() == cards


def test_rejection_sampling_skips_words_over_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # Real streams almost never hit a rejection (odds ~3e-7 a deal), so put two in front of one:
    # for i = 51, m = 52 the bound is ⌊2^32/52⌋·52 = 4294967248; that word and 2^32 − 1 must be skipped.
    assert (2**32 // 52) * 52 == 4294967248

    def stream(n: int) -> Iterator[int]:
        yield 2**32 - 1
        yield 4294967248
        yield from spec_words(n)

    monkeypatch.setattr(codes_module, "_words", stream)
    assert [str(c) for c in deal_cards(5)] == spec_deal(5)
    # A shuffle that used them instead of skipping them would deal differently.
    assert spec_shuffle(stream(5), reject=False) != spec_deal(5)


def test_same_deal_same_cards_under_both_rules() -> None:
    for n in (0, 3, 12345):
        easy = Game.from_code(GameCode(WrapRule.EASY, n))
        classic = Game.from_code(GameCode(WrapRule.CLASSIC, n))
        assert easy.dealt_tableau == classic.dealt_tableau
        assert easy.waste == classic.waste and easy.stock_cards == classic.stock_cards
        assert easy.rule is WrapRule.EASY and classic.rule is WrapRule.CLASSIC
        assert str(classic.code) == str(easy.code).replace("-E-", "-C-")


@given(st.integers(0, N_DEALS - 1), st.sampled_from(list(WrapRule)))
@example(0, WrapRule.EASY)
@example(N_DEALS - 1, WrapRule.CLASSIC)
def test_round_trip(n: int, rule: WrapRule) -> None:
    code = GameCode(rule, n)
    text = str(code)
    assert text == spec_code_text(rule.value, n)
    assert GameCode.parse(text) == code
    assert GameCode.parse(text.lower()) == code
    assert GameCode.parse(f"  {text}\t\n") == code
    assert GameCode.parse(code) is code
    assert eval(repr(code)) == code


def test_legacy_n_means_easy_and_formats_as_e() -> None:
    code = GameCode.parse("TP1-N-AAAAAAD")
    assert code.rule is WrapRule.EASY and code.deal == 3
    assert str(code) == "TP1-E-AAAAAAD"
    assert str(GameCode.parse(" tp1-n-aaaaaad ")) == "TP1-E-AAAAAAD"
    assert Game.from_code("TP1-N-AAAAAAD").dealt_tableau == Game.from_code("TP1-C-AAAAAAD").dealt_tableau


def test_spaces_and_case() -> None:
    assert str(GameCode.parse("  Tp1-c-aAaAaAd  ")) == "TP1-C-AAAAAAD"
    assert str(GameCode.parse("\ttp1-e-7777777\n")) == "TP1-E-7777777"


DASHES = ["\u2010", "\u2011", "\u2012", "\u2013", "\u2014", "\u2015", "\u2212", "\ufe58", "\ufe63", "\uff0d"]
"""Hyphen, non-breaking hyphen, figure dash, en dash, em dash, horizontal bar, minus sign, small em dash,
small hyphen-minus, full-width hyphen-minus: what word processors and chat programs put for a typed '-'."""


@pytest.mark.parametrize("dash", DASHES)
def test_any_dash_reads_as_a_hyphen(dash: str) -> None:
    """docs/rules.md §5: parsing ignores how the parts are joined."""
    assert str(GameCode.parse(f"TP1{dash}E{dash}ISD43YN")) == "TP1-E-ISD43YN"
    assert str(GameCode.parse(f"tp1{dash}c{dash}aaaaaad{dash}sr")) == "TP1-C-AAAAAAD-SR"
    assert Game.from_record({"format": "tripeaks-record/1", "code": f"TP1{dash}E{dash}AAAAAAD"}).code == GameCode(
        "E", 3
    )


@pytest.mark.parametrize(
    "text",
    [
        "TP1 E ISD43YN",
        "TP1  E\tISD43YN",
        "TP1 - E - ISD43YN",
        "TP1 – E — ISD43YN",
        "TP1\u00a0E\u00a0ISD43YN",  # no-break spaces
        "  tp1 e isd43yn  ",
    ],
)
def test_spaces_between_the_parts_separate_them(text: str) -> None:
    assert str(GameCode.parse(text)) == "TP1-E-ISD43YN"


def test_rule_sets_read_dashes_and_spaces_like_codes() -> None:
    """The same reading for a rule letter with flags (docs/rules.md §5, §8) and preset names."""
    assert RuleSet.parse("E–SR") == RuleSet.parse("E SR") == RuleSet.parse("E-SR") == Preset.TRADITIONAL.rules
    assert RuleSet.parse("Tri—Peaks") == Preset.TRI_PEAKS.rules
    with pytest.raises(ValueError, match="unknown flag"):
        RuleSet.parse("E–Sſ")  # look-alike letters stay refused


def test_long_bad_input_is_quoted_by_its_start() -> None:
    for text in ("X" * 1000, "TP1-E-" + "A" * 1000, "TP1-E-AAAAAAD-" + "T" + "9" * 500, "TP1-" * 300):
        with pytest.raises(InvalidCodeError) as info:
            GameCode.parse(text)
        message = str(info.value)
        assert len(message) < 300 and "characters)" in message, message


@pytest.mark.parametrize(
    "text, part",
    [
        ("TP2-E-AAAAAAD", "prefix 'TP2'"),
        ("XTP1-E-AAAAAAD", "prefix 'XTP1'"),
        ("AAAAAAD", "prefix 'AAAAAAD'"),
        ("TP1 E AAAAAAD X", "unknown flag 'X'"),  # spaces separate parts like dashes (docs/rules.md §5)
        ("TP1-X-AAAAAAD", "rule letter 'X'"),
        ("TP1-EASY-AAAAAAD", "rule letter 'EASY'"),
        ("TP1--AAAAAAD", "rule letter ''"),
        ("TP1-E-AAAAAA", "it must have 7 characters, found 6"),
        ("TP1-E-AAAAAAAA", "found 8"),
        ("TP1-E-", "found 0"),
        ("TP1-E-AAAAAA1", "bad character '1'"),
        ("TP1-E-AAAA8AA", "bad character '8'"),
        ("TP1-E-AAA AAA", "found 3"),  # a space inside the deal splits it in two parts
        ("TP1–E–AAAAAA", "found 6"),  # en dashes read as hyphens
        ("TP1-E-AAAAAAД", "bad character 'Д'"),  # a Cyrillic letter is no A–Z letter
        ("TP1-Ｅ-AAAAAAD", "rule letter 'Ｅ'"),  # nor is a full-width one
        ("TP1_E_AAAAAAD", "prefix 'TP1_E_AAAAAAD'"),  # an underscore is no dash
        ("TP1-E-AAAAAAı", "bad character 'ı'"),  # dotless i upper-cases to an ASCII I
        ("TP1-E-AAAAAAſ", "bad character 'ſ'"),  # long s upper-cases to an ASCII S
        ("TP1-E-AAAAAAD-X", "unknown flag 'X'"),  # a fourth part holds rule flags (docs/rules.md §8)
        ("TP1-E-AAAAAAD-S-R", "three parts"),
        ("TP1", "three parts"),
        ("", "empty"),
        ("   ", "empty"),
    ],
)
def test_malformed_code_names_the_bad_part(text: str, part: str) -> None:
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse(text)
    assert part in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("value", [None, 3, 3.0, b"TP1-E-AAAAAAD", ["TP1-E-AAAAAAD"]])
def test_non_string_code_is_refused(value: object) -> None:
    with pytest.raises(InvalidCodeError, match="must be text") as info:
        GameCode.parse(value)  # type: ignore[arg-type]
    assert type(value).__name__ in str(info.value)


@pytest.mark.parametrize(
    ("text", "reason", "part"),
    [
        ("", "empty", ""),
        ("XX-E-AAAAAAA", "prefix", "XX"),
        ("TP1-E", "parts", "TP1-E"),
        ("TP1-Q-AAAAAAA", "rule", "Q"),
        ("TP1-E-AAA", "length", "AAA"),
        ("tp1-e-aaaaaa1", "character", "1"),
        (5, "type", ""),
    ],
)
def test_invalid_code_carries_a_reason_and_the_bad_part(text: object, reason: str, part: str) -> None:
    """The reason code and the part as typed, so the app can explain it in any language."""
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse(text)  # type: ignore[arg-type]
    assert info.value.reason == reason
    assert info.value.part == part


@given(st.text(max_size=16))
@example("TP1-E-AAAAAAſ")
def test_parse_accepts_only_well_formed_codes(text: str) -> None:
    """Anything that parses is a canonical code up to the reading of docs/rules.md §5 (spaces, ASCII case,
    dashes, spaces between parts), N for E and flag order."""
    try:
        code = GameCode.parse(text)
    except InvalidCodeError:
        return
    dashed = "".join("-" if c == "\u2212" or unicodedata.category(c) == "Pd" else c for c in text)
    joined = re.sub(r"\s*-\s*|\s+", "-", dashed.strip())
    clean = "".join(c.upper() if c.isascii() else c for c in joined).replace("-N-", "-E-", 1)
    typed, canonical = clean.split("-"), str(code).split("-")
    assert canonical[:3] == typed[:3]
    assert sorted("".join(canonical[3:])) == sorted("".join(typed[3:]))  # the same flags, in canonical order


@pytest.mark.parametrize("bad", [-1, N_DEALS, 2.0, True, "3"])
def test_deal_number_out_of_range(bad: object) -> None:
    with pytest.raises(ValueError, match="deal number"):
        deal_cards(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidCodeError, match="deal number"):
        GameCode(WrapRule.EASY, bad)  # type: ignore[arg-type]


def test_rule_parse_and_adjacency() -> None:
    assert (
        WrapRule.parse("e") is WrapRule.EASY
        and WrapRule.parse("N") is WrapRule.EASY
        and WrapRule.parse(" Easy ") is WrapRule.EASY
    )
    assert WrapRule.parse("c") is WrapRule.CLASSIC and WrapRule.parse("classic") is WrapRule.CLASSIC
    assert WrapRule.parse(WrapRule.CLASSIC) is WrapRule.CLASSIC
    for bad in ("X", "", None, 1):
        with pytest.raises(ValueError, match="unknown rule"):
            WrapRule.parse(bad)  # type: ignore[arg-type]
    for a in range(1, 14):
        for b in range(1, 14):
            classic = abs(a - b) == 1
            easy = classic or {a, b} == {1, 13}
            assert WrapRule.CLASSIC.adjacent(a, b) is classic
            assert WrapRule.EASY.adjacent(a, b) is easy
    assert WrapRule.EASY.wraps and not WrapRule.CLASSIC.wraps


def test_random_code_and_with_rule() -> None:
    codes = {GameCode.random(WrapRule.CLASSIC) for _ in range(20)}
    assert all(c.rule is WrapRule.CLASSIC and 0 <= c.deal < N_DEALS for c in codes)
    assert len({c.deal for c in codes}) > 1
    assert GameCode.random().rule is WrapRule.EASY
    code = GameCode.parse("TP1-E-AAAAAAD")
    assert code.with_rule("C") == GameCode(WrapRule.CLASSIC, 3)
    assert Game.new(WrapRule.CLASSIC).rule is WrapRule.CLASSIC


def test_error_messages_quote_the_parts_as_typed():
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse("garbage")
    assert info.value.part == "garbage" and "'garbage'" in str(info.value)
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse("tp1-x-aaaaaab")
    assert info.value.part == "x"
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse("TP1-E-aaaaaa1")
    assert info.value.part == "1"


# ---------------------------------------------------------------- rule-set flags and jokers (docs/rules.md §8)


def spec_joker_stock(n: int, jokers: int, empty_waste: bool) -> list[str]:
    """docs/rules.md §8 written out again: the §5 deal, deck[28] on top of the stock for an empty
    waste, then joker j = 1, 2 inserted at u mod m, m = stock size + 1, with u the first unbiased
    word of SHA-256(b"tripeaks/TP1/joker" ‖ n:8 ‖ j:4 ‖ k:4), k = 0, 1, …"""
    deck = spec_deal(n)
    stock = ([deck[28]] if empty_waste else []) + deck[29:]
    for j in range(1, jokers + 1):
        words = (
            int.from_bytes(block[offset : offset + 4], "big")
            for k in itertools.count()
            for block in [
                hashlib.sha256(
                    b"tripeaks/TP1/joker" + n.to_bytes(8, "big") + j.to_bytes(4, "big") + k.to_bytes(4, "big")
                ).digest()
            ]
            for offset in range(0, 32, 4)
        )
        m = len(stock) + 1
        u = next(words)
        while u >= (2**32 // m) * m:
            u = next(words)
        stock.insert(u % m, "JK")
    return stock


# Pinned literally (computed once with spec_joker_stock): stock indices of the jokers, 0 drawn first.
JOKER_POSITIONS = {
    ("TP1-E-AAAAAAA-J", 0): [20],
    ("TP1-E-AAAAAAA-JJ", 0): [4, 21],
    ("TP1-E-AAAAAAA-JW", 0): [20],
    ("TP1-E-AAAAAAA-JJW", 0): [13, 21],
    ("TP1-C-AAAAAAB-J", 1): [22],
    ("TP1-C-AAAAAAB-JJ", 1): [1, 23],
    ("TP1-E-AAAAAAB-JW", 1): [6],
    ("TP1-E-AAAAAAB-JJW", 1): [3, 7],
    ("TP1-E-AAAAAAD-JR", 3): [7],
    ("TP1-E-AAAAAAD-SJJ", 3): [7, 21],
    ("TP1-E-AAAAAAD-JW", 3): [17],
    ("TP1-E-AAAAAAD-JJWP", 3): [2, 18],
    ("TP1-E-AAAAMBZ-J", 12345): [13],
    ("TP1-E-AAAAMBZ-JJ", 12345): [13, 18],
    ("TP1-E-AAAAMBZ-OJW", 12345): [23],
    ("TP1-E-AAAAMBZ-JJWT9", 12345): [15, 24],
    ("TP1-C-7777777-J", N_DEALS - 1): [8],
    ("TP1-C-7777777-JJ", N_DEALS - 1): [8, 9],
    ("TP1-C-7777777-JW", N_DEALS - 1): [18],
    ("TP1-C-7777777-JJW", N_DEALS - 1): [2, 19],
}


@pytest.mark.parametrize(("text", "n"), sorted(JOKER_POSITIONS))
def test_joker_positions_pinned_and_independently_computed(text: str, n: int) -> None:
    code = GameCode.parse(text)
    assert code.deal == n and str(code) == text
    game = Game.from_code(code)
    stock = [str(c) for c in game.stock_cards]
    assert [i for i, c in enumerate(stock) if c == "JK"] == JOKER_POSITIONS[(text, n)]
    assert stock == spec_joker_stock(n, code.rules.jokers, code.rules.waste == "empty")
    deal = spec_deal(n)
    assert [str(game.card_at(p)) for p in range(28)] == deal[:28]  # jokers never in the tableau
    assert [str(c) for c in game.waste] == ([] if code.rules.waste == "empty" else deal[28:29])


SOME_RULE_SETS = rule_sets()


@given(st.integers(0, N_DEALS - 1), SOME_RULE_SETS)
def test_same_52_card_deal_in_every_rule_set(n: int, rules: RuleSet) -> None:
    deal = spec_deal(n)
    code = GameCode(rules, n)
    assert code.cards() == deal_cards(n)
    game = Game.from_code(code)
    assert [str(c) for c in game.dealt_tableau] == deal[:28]
    stock = [str(c) for c in game.stock_cards]
    assert stock == spec_joker_stock(n, rules.jokers, rules.waste == "empty")
    assert [str(c) for c in game.waste] + [c for c in stock if c != "JK"] == deal[28:]
    assert stock.count("JK") == rules.jokers and game.stock_count == 23 + rules.jokers + (rules.waste == "empty")


@given(st.integers(0, N_DEALS - 1), SOME_RULE_SETS, st.randoms(use_true_random=False))
def test_flag_codes_round_trip_in_any_order_and_case(n: int, rules: RuleSet, rnd: random.Random) -> None:
    code = GameCode(rules, n)
    text = str(code)
    assert GameCode.parse(text) == code and eval(repr(code)) == code
    assert code.rules is rules or code.rules == rules
    if rules.is_default:
        assert text == spec_code_text("E" if rules.wrap else "C", n)  # no fourth part: TP1 unchanged
        return
    head, flags = text.rsplit("-", 1)
    tokens = re.findall(r"JJ|J|T\d+|[A-Z]", flags)
    assert "".join(tokens) == flags
    rnd.shuffle(tokens)
    mixed = "".join(t.lower() if rnd.random() < 0.5 else t for t in tokens)
    assert GameCode.parse(f" {head.lower()}-{mixed} ") == code


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("TP1-E-AAAAAAD", RuleSet()),
        ("TP1-C-AAAAAAD", RuleSet(wrap=False)),
        ("TP1-E-AAAAAAD-SR", RuleSet(draw="stuck", scoring="runs")),  # Traditional
        ("TP1-C-AAAAAAD-OP", RuleSet(wrap=False, peaks="open", undo="penalty")),  # Tri Peaks
        ("TP1-E-AAAAAAD-OP", RuleSet(peaks="open", undo="penalty")),  # Tri Peaks Facile
        ("TP1-E-AAAAAAD-J", RuleSet(jokers=1)),
        ("TP1-E-AAAAAAD-W", RuleSet(waste="empty")),
        ("TP1-E-AAAAAAD-T1", RuleSet(timer=1)),
        (
            "TP1-C-AAAAAAD-SOJJWRPT60",
            RuleSet(
                wrap=False,
                draw="stuck",
                peaks="open",
                jokers=2,
                waste="empty",
                scoring="runs",
                undo="penalty",
                timer=60,
            ),
        ),
    ],
)
def test_canonical_flag_order(text: str, rules: RuleSet) -> None:
    assert str(GameCode(rules, 3)) == text
    assert GameCode.parse(text) == GameCode(rules, 3)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("TP1-E-AAAAAAD-RS", "TP1-E-AAAAAAD-SR"),
        ("tp1-c-aaaaaad-po", "TP1-C-AAAAAAD-OP"),
        ("TP1-N-AAAAAAD-t15jjs", "TP1-E-AAAAAAD-SJJT15"),
        ("TP1-C-AAAAAAD-PwRoJ", "TP1-C-AAAAAAD-OJWRP"),
        ("  TP1-E-AAAAAAD-T7W  ", "TP1-E-AAAAAAD-WT7"),
    ],
)
def test_flags_in_any_order_and_case(typed: str, canonical: str) -> None:
    assert str(GameCode.parse(typed)) == canonical


@pytest.mark.parametrize(
    ("text", "reason", "part"),
    [
        ("TP1-E-AAAAAAD-X", "flag", "X"),
        ("TP1-E-AAAAAAD-SX", "flag", "X"),
        ("TP1-E-AAAAAAD-7", "flag", "7"),
        ("TP1-E-AAAAAAD-S R", "parts", "TP1-E-AAAAAAD-S-R"),  # a space separates parts (docs/rules.md §5)
        ("TP1-E-AAAAAAD-ſ", "flag", "ſ"),  # long s upper-cases to an ASCII S: refused as a look-alike
        ("TP1-E-AAAAAAD-Ｓ", "flag", "Ｓ"),  # fullwidth S
        ("TP1-E-AAAAAAD-E", "flag", "E"),
        ("TP1-E-AAAAAAD-SS", "flag_repeated", "S"),
        ("TP1-E-AAAAAAD-rSr", "flag_repeated", "r"),
        ("TP1-E-AAAAAAD-JJJ", "flag_repeated", "J"),
        ("TP1-E-AAAAAAD-JSJ", "flag_repeated", "J"),
        ("TP1-E-AAAAAAD-T5T6", "flag_repeated", "T6"),
        ("TP1-E-AAAAAAD-T0", "timer", "T0"),
        ("TP1-E-AAAAAAD-T61", "timer", "T61"),
        ("TP1-E-AAAAAAD-T100", "timer", "T100"),
        ("TP1-E-AAAAAAD-T05", "timer", "T05"),
        ("TP1-E-AAAAAAD-T", "timer", "T"),
        ("TP1-E-AAAAAAD-St", "timer", "t"),
        ("TP1-E-AAAAAAD-", "flags_empty", ""),
        ("TP1-E-AAAAAAD-S-R", "parts", "TP1-E-AAAAAAD-S-R"),
    ],
)
def test_malformed_flags_are_refused_naming_the_flag(text: str, reason: str, part: str) -> None:
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse(text)
    assert info.value.reason == reason and info.value.part == part
    if part.strip():
        assert repr(part) in str(info.value)


def test_game_code_keeps_the_rule_api() -> None:
    code = GameCode(WrapRule.EASY, 3)
    assert code == GameCode(RuleSet(), 3) == GameCode("easy", 3) and code.rule is WrapRule.EASY
    traditional = GameCode("traditional", 3)
    assert str(traditional) == "TP1-E-AAAAAAD-SR" and traditional.rule is WrapRule.EASY
    assert str(traditional.with_rule("C")) == "TP1-C-AAAAAAD-SR"  # the wrap changes, the other options stay
    assert traditional.with_rules(WrapRule.CLASSIC) == GameCode(WrapRule.CLASSIC, 3)
    assert GameCode.random("tri peaks").rules == TRI_PEAKS
    with pytest.raises(InvalidCodeError, match="rules"):
        GameCode("nonsense", 3)
