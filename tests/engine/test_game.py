"""The rules of play on hand-built layouts (docs/rules.md §1, §2): adjacency, reveal,
draw, win, blocked, refusals, and the rules document's walk-through."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tripeaks import Card, Game, IllegalMoveError, PlayEvent, Refusal, Status, WrapRule
from tripeaks.engine.layout import BASE_ROW, COVERED_BY, PEAK_OF

LayoutBuilder = Callable[..., Game]

# A base row of ranks 5–9 (ten cards, two suits) — nothing in it touches an A, 2, Q or K.
QUIET_BASE = ["5H", "6H", "7H", "8H", "9H", "5S", "6S", "7S", "8S", "9S"]


def snapshot(game: Game) -> tuple[object, ...]:
    return (
        game.state_key(),
        game.moves,
        game.history,
        game.tableau,
        game.waste,
        game.stock_cards,
        game.score,
        game.status,
        game.peaks_cleared,
        game.can_undo,
    )


def refused(game: Game, action: Callable[[], object], why: Refusal) -> None:
    """``action`` raises IllegalMoveError(why) and changes nothing at all."""
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        action()
    assert info.value.refusal is why
    assert isinstance(info.value, ValueError)
    assert snapshot(game) == before


def base(*cards: str) -> dict[int, str]:
    """Base-row positions 18, 19, … holding ``cards``, the rest of the base from QUIET_BASE."""
    quiet = [c for c in QUIET_BASE if c not in cards]
    row = list(cards) + quiet[: 10 - len(cards)]
    return dict(zip(BASE_ROW, row))


# ---------------------------------------------------------------- start of a game
def test_start_position(layout: LayoutBuilder) -> None:
    game = layout(base(), waste="AC")
    slots = game.tableau
    assert len(slots) == 28
    assert all(s is not None and s.face_up == (p >= 18) for p, s in enumerate(slots))
    assert game.stock_count == 23 and len(game.stock_cards) == 23
    assert game.waste == (Card.parse("AC"),) and game.waste_top == Card.parse("AC")
    assert game.score == 500 and game.moves == 0 and game.history == ()
    assert game.status is Status.PLAYING and game.peaks_cleared == (False, False, False)
    assert game.cards_left == 28 and game.code is None and not game.can_undo and game.can_draw
    assert game.score_series() == [(0, 500)]
    assert all(game.is_exposed(p) == (p >= 18) for p in range(28))


# ---------------------------------------------------------------- one higher / one lower, suits ignored
@pytest.mark.parametrize("rule", [WrapRule.EASY, WrapRule.CLASSIC])
def test_one_higher_or_lower_any_suit(layout: LayoutBuilder, rule: WrapRule) -> None:
    # waste 7♣; base: 6 and 8 of every other suit are playable, 7s, 5s and 9s are not
    cards = ["6D", "6H", "6S", "8D", "8H", "8S", "7D", "5C", "9C", "10C"]
    game = layout(dict(zip(BASE_ROW, cards)), waste="7C", rules=rule)
    assert game.playable() == [18, 19, 20, 21, 22, 23]
    for p in (24, 25, 26, 27):
        assert game.refusal(p) is Refusal.NOT_ADJACENT
    event = game.play(19)  # 6♥ on 7♣: lower, different colour and suit
    assert event.direction == -1 and not event.wrap and event.previous_top == Card.parse("7C")
    assert game.waste_top == Card.parse("6H")
    assert game.playable() == [24, 25]  # now the 7♦ and the 5♣
    event = game.play(25)
    assert event.direction == -1 and game.waste_top == Card.parse("5C")
    assert game.playable() == [18, 20]  # the 6♦ and 6♠, one higher
    event = game.play(18)
    assert event.direction == 1 and event.previous_top == Card.parse("5C")
    assert game.refusal(21) is Refusal.NOT_ADJACENT  # 8♦ on 6♦


@pytest.mark.parametrize(
    "rule, waste, playable_cards",
    [
        (WrapRule.EASY, "AC", {"2D", "KD"}),
        (WrapRule.CLASSIC, "AC", {"2D"}),
        (WrapRule.EASY, "KC", {"QD", "AD"}),
        (WrapRule.CLASSIC, "KC", {"QD"}),
    ],
)
def test_easy_and_classic_at_both_ends(
    layout: LayoutBuilder, rule: WrapRule, waste: str, playable_cards: set[str]
) -> None:
    # all diamonds: A and K of the waste's rank sit there too (same rank never fits)
    game = layout(base("AD", "2D", "QD", "KD", "JD", "3D"), waste=waste, rules=rule)
    got = {str(game.card_at(p)) for p in game.playable()}
    assert got == playable_cards
    for p in range(18, 28):
        if str(game.card_at(p)) not in playable_cards:
            assert game.refusal(p) is Refusal.NOT_ADJACENT


@pytest.mark.parametrize("rule", [WrapRule.EASY, WrapRule.CLASSIC])
def test_wrap_plays(layout: LayoutBuilder, rule: WrapRule) -> None:
    game = layout(base("AD", "KH"), waste="KC", rules=rule)
    if rule is WrapRule.CLASSIC:
        refused(game, lambda: game.play(18), Refusal.NOT_ADJACENT)
        return
    event = game.play(18)  # A♦ on K♣
    assert event.wrap and event.direction == 1
    event = game.play(19)  # K♥ on A♦
    assert event.wrap and event.direction == -1


# ---------------------------------------------------------------- the rules document's walk-through
WALK = {
    18: "KD",
    19: "AS",
    20: "3S",
    21: "KC",
    22: "2D",  # K♣ (21) and 2♦ (22) side by side …
    12: "7S",  # … over the face-down 7♠ in the middle peak
    23: "5H",
    24: "6H",
    25: "8H",
    26: "9H",
    27: "10H",
}


def test_walk_through_layout_is_as_described(layout: LayoutBuilder) -> None:
    game = layout(WALK, waste="AC")
    assert game.waste_top.symbol == "A♣"
    assert {game.card_at(p).symbol for p in BASE_ROW} >= {"K♣", "2♦", "K♦", "A♠", "3♠"}
    seven = game.tableau[12]
    assert seven is not None and seven.card.symbol == "7♠" and not seven.face_up
    assert set(COVERED_BY[12]) == {21, 22} and PEAK_OF[12] == 1
    # no other card of the base is adjacent to A♣, K♣, A♠ or 2♦ except the five named ones
    others = [game.card_at(p).rank for p in BASE_ROW if p >= 23]
    assert all(r in range(4, 12) for r in others)


def test_walk_through_easy(layout: LayoutBuilder) -> None:
    game = layout(WALK, waste="AC", rules=WrapRule.EASY)
    assert sorted(game.card_at(p).symbol for p in game.playable()) == sorted(["K♣", "2♦", "K♦"])
    assert game.refusal(20) is Refusal.NOT_ADJACENT  # 3♠ on A♣
    refused(game, lambda: game.play(20), Refusal.NOT_ADJACENT)
    refused(game, lambda: game.play_card("3S"), Refusal.NOT_ADJACENT)
    assert game.refusal(12) is Refusal.BLOCKED  # the face-down 7♠
    refused(game, lambda: game.play(12), Refusal.BLOCKED)
    refused(game, lambda: game.play_card("7♠"), Refusal.BLOCKED)

    first = game.play_card("KC")
    assert first.revealed == () and not game.tableau[12].face_up  # type: ignore[union-attr]
    assert game.refusal(12) is Refusal.BLOCKED  # 2♦ still covers it
    second = game.play_card("AS")
    assert second.wrap and second.revealed == ()
    third = game.play_card("2D")
    assert third.revealed == (12,) and third.revealed_cards == (Card.parse("7S"),)
    slot = game.tableau[12]
    assert slot is not None and slot.face_up and slot.card.symbol == "7♠"
    assert game.is_exposed(12)
    assert game.refusal(12) is Refusal.NOT_ADJACENT  # 7♠ on 2♦
    assert game.refusal(20) is None  # 3♠ on 2♦ now fits
    assert game.moves == 3 and game.score == 497


def test_walk_through_classic(layout: LayoutBuilder) -> None:
    game = layout(WALK, waste="AC", rules=WrapRule.CLASSIC)
    assert [game.card_at(p).symbol for p in game.playable()] == ["2♦"]
    refused(game, lambda: game.play_card("KC"), Refusal.NOT_ADJACENT)
    refused(game, lambda: game.play_card("KD"), Refusal.NOT_ADJACENT)
    refused(game, lambda: game.play_card("3S"), Refusal.NOT_ADJACENT)
    refused(game, lambda: game.play(12), Refusal.BLOCKED)


# ---------------------------------------------------------------- reveal
def row(p: int) -> int:
    return 0 if p < 3 else 1 if p < 9 else 2 if p < 18 else 3


@pytest.mark.parametrize("target", range(18))
@pytest.mark.parametrize("last", [0, 1])
def test_reveal_exactly_when_the_last_coverer_goes(
    scripted: LayoutBuilder, covered_by: Callable[[int], tuple[int, ...]], target: int, last: int
) -> None:
    """For every covered position, remove everything under it (base first) ending with each of its
    two coverers in turn; it turns face up with that last removal and not one play before."""
    needed: set[int] = set()
    frontier = [target]
    while frontier:
        for q in covered_by(frontier.pop()):
            if q not in needed:
                needed.add(q)
                frontier.append(q)
    a, b = covered_by(target)
    final = (a, b)[last]
    order = sorted(needed - {final}, key=lambda p: (-row(p), p)) + [final]
    game = scripted(order)
    for k, p in enumerate(order):
        before_up = [s is not None and s.face_up for s in game.tableau]
        event = game.play(p)
        after = game.tableau
        newly = tuple(q for q in range(28) if after[q] is not None and after[q].face_up and not before_up[q])  # type: ignore[union-attr]
        assert tuple(sorted(event.revealed)) == newly
        assert event.revealed_cards == tuple(game.card_at(q) for q in event.revealed)
        # invariant: a present card is face up exactly when no card covers it (docs/rules.md §1, §2)
        for q in range(28):
            slot = after[q]
            if slot is not None:
                assert slot.face_up == all(after[c] is None for c in covered_by(q)), (q, order[: k + 1])
        target_slot = after[target]
        assert target_slot is not None
        assert target_slot.face_up == (k == len(order) - 1)
    assert target in event.revealed


def test_one_play_can_reveal_two_cards(scripted: LayoutBuilder) -> None:
    game = scripted([18, 20, 19])
    game.play(18)
    game.play(20)
    event = game.play(19)  # the last coverer of both 9 (18, 19) and 10 (19, 20)
    assert sorted(event.revealed) == [9, 10]
    assert all(game.tableau[q].face_up for q in (9, 10))  # type: ignore[union-attr]


# ---------------------------------------------------------------- draw and stock
def test_draw_allowed_while_a_play_exists(layout: LayoutBuilder) -> None:
    game = layout(base("2D"), waste="AC", stock_head=["QC", "JC"])
    assert game.playable() == [18]
    event = game.draw()
    assert event.card == Card.parse("QC") and event.previous_top == Card.parse("AC")
    assert event.stock_left == 22 and event.points == -1 and event.score == 499 and event.moves == 1
    assert game.waste == (Card.parse("AC"), Card.parse("QC")) and game.waste_top == Card.parse("QC")
    assert game.stock_count == 22 and game.stock_cards[0] == Card.parse("JC")
    assert game.playable() == [] and game.refusal(18) is Refusal.NOT_ADJACENT


def test_the_stock_is_used_once(layout: LayoutBuilder) -> None:
    game = layout(base(), waste="AC", avoid=(1, 2, 13))
    stock = game.stock_cards
    drawn = [game.draw().card for _ in range(23)]
    assert tuple(drawn) == stock  # first listed, first drawn
    assert game.stock_count == 0 and not game.can_draw
    assert game.waste == (Card.parse("AC"), *stock)
    refused(game, game.draw, Refusal.STOCK_EMPTY)
    refused(game, lambda: game.apply("D"), Refusal.STOCK_EMPTY)
    assert game.moves == 23 and game.score == 477


# ---------------------------------------------------------------- blocked
def test_blocked_only_when_the_stock_is_empty_and_nothing_fits(layout: LayoutBuilder) -> None:
    cards = {18 + i: c for i, c in enumerate(["4C", "4D", "4H", "5C", "5D", "5H", "6C", "6D", "6H", "4S"])}
    cards[9] = "7D"  # fits the last stock card (8♣) but lies face down
    stock = [
        "10C",
        "JC",
        "QC",
        "9C",
        "2C",
        "AD",
        "2D",
        "3D",
        "8D",
        "9D",
        "10D",
        "JD",
        "QD",
        "KD",
        "AH",
        "2H",
        "3H",
        "7H",
        "8H",
        "9H",
        "10H",
        "JH",
        "8C",
    ]
    game = layout(cards, waste="KC", stock_head=stock)
    assert game.playable() == [] and game.status is Status.PLAYING
    for _ in range(22):
        game.draw()
        assert game.status is Status.PLAYING
    # last stock card 8♣: every exposed card is 4–6, the 7♦ that would fit is face down
    event = game.draw()
    assert event.status is Status.BLOCKED and game.status is Status.BLOCKED and game.is_over
    assert not game.can_draw and game.can_undo
    refused(game, game.draw, Refusal.STOCK_EMPTY)
    refused(game, lambda: game.play(18), Refusal.NOT_ADJACENT)
    # blocked: the player may still undo, which brings the game back to playing
    game.undo()
    assert game.status is Status.PLAYING and game.stock_count == 1


def test_not_blocked_when_the_stock_is_empty_but_a_card_fits(layout: LayoutBuilder) -> None:
    cards = {18 + i: c for i, c in enumerate(["4C", "4D", "4H", "5C", "5D", "5H", "6C", "6D", "6H", "4S"])}
    stock = [
        "10C",
        "JC",
        "QC",
        "9C",
        "2C",
        "AD",
        "2D",
        "3D",
        "8D",
        "9D",
        "10D",
        "JD",
        "QD",
        "KD",
        "AH",
        "2H",
        "3H",
        "8C",
        "8H",
        "9H",
        "10H",
        "JH",
        "7H",
    ]
    game = layout(cards, waste="KC", stock_head=stock)
    for _ in range(23):
        game.draw()
    assert game.stock_count == 0 and game.status is Status.PLAYING
    assert game.playable() == [24, 25, 26]  # the three 6s on 7♥
    game.play(24)  # 6♣: now the 5s fit
    assert game.status is Status.PLAYING and game.playable() == [21, 22, 23]
    game.play(21)  # 5♣: the 4s and the other 6s fit
    assert game.status is Status.PLAYING and game.playable() == [18, 19, 20, 25, 26, 27]


def test_blocked_right_after_a_play(layout: LayoutBuilder) -> None:
    # Stock ends with 7♥; the base's only card near it is 6♣; after 6♣ nothing exposed fits.
    cards = dict(zip(BASE_ROW, ["6C", "10C", "10D", "10H", "10S", "2C", "2D", "2H", "2S", "QC"]))
    game = layout(cards, waste="KD", stock_tail=["7H"], avoid=(5, 6, 7))
    for _ in range(23):
        game.draw()
    assert game.waste_top == Card.parse("7H") and game.status is Status.PLAYING
    assert game.playable() == [18]
    event = game.play(18)
    assert event.status is Status.BLOCKED and game.status is Status.BLOCKED
    assert game.playable() == [] and game.legal_actions() == [] and game.can_undo
    game.undo()
    assert game.status is Status.PLAYING and game.playable() == [18]


# ---------------------------------------------------------------- win
def test_win_with_stock_left(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted(clear_order)
    for p in clear_order[:-1]:
        game.play(p)
        assert game.status is Status.PLAYING
    event = game.play(clear_order[-1])
    assert isinstance(event, PlayEvent) and event.status is Status.WON
    assert game.status is Status.WON and game.is_over and game.cards_left == 0
    assert game.stock_count == 23 and game.tableau == (None,) * 28
    assert game.peaks_cleared == (True, True, True)
    assert game.score == 772 and game.moves == 28
    assert not game.can_draw and not game.can_undo
    assert game.playable() == [] and game.legal_actions() == []
    refused(game, game.draw, Refusal.GAME_OVER)
    refused(game, game.undo, Refusal.GAME_OVER)
    for p in (0, 18, 27):
        assert game.refusal(p) is Refusal.GAME_OVER
        refused(game, lambda p=p: game.play(p), Refusal.GAME_OVER)  # type: ignore[misc]
    refused(game, lambda: game.play_card(game.card_at(0)), Refusal.GAME_OVER)
    refused(game, lambda: game.apply("U"), Refusal.GAME_OVER)
    refused(game, lambda: game.apply("D"), Refusal.GAME_OVER)


# ---------------------------------------------------------------- refusals change nothing
def test_every_refusal_changes_nothing(layout: LayoutBuilder) -> None:
    game = layout(WALK, waste="AC")
    refused(game, game.undo, Refusal.NOTHING_TO_UNDO)
    refused(game, lambda: game.play(20), Refusal.NOT_ADJACENT)
    refused(game, lambda: game.play(0), Refusal.BLOCKED)
    refused(game, lambda: game.play(12), Refusal.BLOCKED)
    game.play(21)
    refused(game, lambda: game.play(21), Refusal.EMPTY)
    refused(game, lambda: game.play_card("KC"), Refusal.EMPTY)  # not in the tableau any more
    refused(game, lambda: game.play_card("AC"), Refusal.EMPTY)  # on the waste, never in the tableau
    refused(game, lambda: game.play(12), Refusal.BLOCKED)  # one coverer left
    assert game.refusal(21) is Refusal.EMPTY


@pytest.mark.parametrize("bad", [-1, 28, 3.0, "3", None, True])
def test_bad_positions_raise_value_error_and_change_nothing(layout: LayoutBuilder, bad: object) -> None:
    game = layout(WALK, waste="AC")
    before = snapshot(game)
    with pytest.raises(ValueError, match="0–27"):
        game.play(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="0–27"):
        game.refusal(bad)  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_unreadable_card_text_changes_nothing(layout: LayoutBuilder) -> None:
    game = layout(WALK, waste="AC")
    before = snapshot(game)
    for bad in ("ZZ", "", "X"):
        with pytest.raises(ValueError):
            game.play_card(bad)
        with pytest.raises(ValueError):
            game.apply(bad)
    assert snapshot(game) == before


# ---------------------------------------------------------------- queries and builders
def test_queries(layout: LayoutBuilder) -> None:
    game = layout(WALK, waste="AC")
    assert game.legal_actions() == [18, 21, 22, "D"]
    assert game.find("KC") == 21 and game.find("AC") is None and game.find("7S") == 12
    assert game.card_at(12) == Card.parse("7S")
    game.apply(21)
    game.apply("as")
    assert game.waste_top == Card.parse("AS")
    game.apply(" d ")
    assert game.moves == 3 and game.stock_count == 22
    game.apply("u")
    assert game.stock_count == 23 and game.moves == 3
    assert "custom layout" in repr(game) and "A♠" in str(game) and "##" in str(game)


def test_from_layout_validation() -> None:
    from tripeaks import DECK

    cards = [str(c) for c in DECK]
    ok = Game.from_layout(cards[:28], cards[28], cards[29:])
    assert ok.stock_count == 23 and ok.rule is WrapRule.EASY
    assert Game.from_layout(cards[:28], [cards[28]], cards[29:], rules="classic").rule is WrapRule.CLASSIC
    multi = Game.from_layout(cards[:28], cards[28:30], cards[30:])  # a waste of two cards
    assert multi.waste_top == DECK[29] and multi.stock_count == 22
    with pytest.raises(ValueError, match="exactly 28"):
        Game.from_layout(cards[:27], cards[28], cards[29:] + [cards[27]])
    with pytest.raises(ValueError, match="more than once"):
        Game.from_layout(cards[:28], cards[0], cards[29:])
    with pytest.raises(ValueError, match="missing: KS"):
        Game.from_layout(cards[:28], cards[28], cards[29:51])
    with pytest.raises(ValueError, match="tableau position 3"):
        Game.from_layout(cards[:3] + ["ZZ"] + cards[4:28], cards[28], cards[29:])
    with pytest.raises(ValueError, match="stock card 0"):
        Game.from_layout(cards[:28], cards[28], ["1X"] + cards[30:])
    with pytest.raises(ValueError, match="waste"):
        Game.from_layout(cards[:28], [], cards[28:])
    with pytest.raises(ValueError, match="tableau must be"):
        Game.from_layout("AC 2C", cards[28], cards[29:])
    with pytest.raises(ValueError, match="unknown rule"):
        Game.from_layout(cards[:28], cards[28], cards[29:], rules="Z")


def test_restart_and_copy(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D", 19])
    fresh_key = game.state_key()
    game.play(18)
    copy = game.copy()
    game.draw()
    assert copy.moves == 1 and copy.stock_count == 23  # the copy is independent
    assert game.moves == 2
    copy.undo()
    assert copy.state_key() == fresh_key and game.moves == 2 and game.can_undo
    again = game.restart()
    assert again.state_key() == fresh_key and again.moves == 0 and again.history == ()
    code_game = Game.from_code("TP1-C-AAAAAAD")
    assert code_game.restart().code == code_game.code


def test_integer_like_positions_are_accepted_and_bad_ones_refused():
    import numpy as np

    game = Game.from_code("TP1-E-AAAAAAB")
    (p,) = game.playable()
    event = game.play(np.int64(p))
    assert type(event.position) is int and event.position == p
    before = game.state_key()
    for bad in (True, 1.0, "3", 28, -1, None):
        with pytest.raises(ValueError):
            game.play(bad)
    assert game.state_key() == before
