"""Undo (docs/rules.md §4): exact restoration, score back, move counter kept, last 100 only, not after a win."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import tripeaks.engine.game as game_module
from tripeaks import Card, DrawEvent, Game, IllegalMoveError, PlayEvent, Refusal, Status, UndoEvent

LayoutBuilder = Callable[..., Game]


def view(game: Game) -> tuple[object, ...]:
    """Everything a player can see or query, except the move counter and the history."""
    return (
        game.state_key(),
        game.tableau,
        game.waste,
        game.stock_cards,
        game.stock_count,
        game.score,
        game.status,
        game.peaks_cleared,
        game.cards_left,
        game.playable(),
        game.legal_actions(),
    )


def test_undo_a_play_that_revealed_two_cards(scripted: LayoutBuilder) -> None:
    game = scripted([18, 20, 19])
    game.play(18)
    game.play(20)
    before = view(game)
    event = game.play(19)
    assert sorted(event.revealed) == [9, 10]
    undo = game.undo()  # one undo takes back the play and both reveals
    assert isinstance(undo, UndoEvent) and undo.undone is event and undo.card == event.card
    assert view(game) == before
    assert game.tableau[9].face_up is False and game.tableau[10].face_up is False  # type: ignore[union-attr]
    assert game.tableau[19] is not None and game.tableau[19].face_up
    assert undo.points == 1 and undo.score == 498 and game.score == 498
    assert game.moves == 3 == undo.moves  # the counter does not go down


def test_undo_a_draw_puts_the_card_back_on_the_stock(layout: LayoutBuilder) -> None:
    game = layout(waste="AC", stock_head=["9D", "4S"])
    before = view(game)
    event = game.draw()
    undo = game.undo()
    assert undo.undone is event and undo.card.symbol == "9♦"
    assert view(game) == before
    assert game.stock_cards[:2] == (event.card, Card.parse("4S"))
    assert game.waste_top.symbol == "A♣" and game.stock_count == 23
    assert game.moves == 1 and game.score == 500
    again = game.draw()  # the same card comes again
    assert again.card == event.card and again.moves == 2 and again.score == 499


def test_undo_gives_back_the_peak_bonus(scripted: LayoutBuilder) -> None:
    order = [18, 19, 20, 21, 9, 10, 11, 3, 4, 0]
    game = scripted(order)
    for p in order[:-1]:
        game.play(p)
    before = view(game)
    event = game.play(0)
    assert event.peaks_cleared == (0,) and event.points == 99 and game.score == 590
    assert game.peaks_cleared == (True, False, False)
    undo = game.undo()
    assert undo.points == -99 and game.score == 491
    assert game.peaks_cleared == (False, False, False)
    assert view(game) == before and game.moves == 10
    again = game.play(0)  # the bonus is paid again, once
    assert again.points == 99 and game.score == 590 and game.moves == 11  # undo had given the point back


def test_undo_everything_back_to_the_deal(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    actions: list[int | str] = []
    for k, p in enumerate(clear_order[:-1]):  # 27 plays and 23 draws: all but the winning play
        if k < 23:
            actions.append("D")
        actions.append(p)
    game = scripted(actions + [clear_order[-1]])
    views = [view(game)]
    for a in actions:
        game.apply(a)
        views.append(view(game))
    assert game.moves == 50 and game.status is Status.PLAYING
    for k in range(50, 0, -1):  # all 50 can be undone, newest first, each back to the view before
        assert game.can_undo
        game.undo()
        assert view(game) == views[k - 1]
        assert game.moves == 50
    assert not game.can_undo
    with pytest.raises(IllegalMoveError) as info:
        game.undo()
    assert info.value.refusal is Refusal.NOTHING_TO_UNDO
    assert len(game.history) == 100
    series = game.score_series()
    assert series[-1] == (50, 500) and all(m == 50 for m, _ in series[51:])


def test_only_the_last_100_actions_can_be_undone(monkeypatch: pytest.MonkeyPatch, scripted: LayoutBuilder) -> None:
    # A 52-card game holds at most 51 undoable actions (28 plays + 23 draws), so the limit of 100
    # can never bite in play; check the mechanism with a smaller limit on the same code path.
    assert game_module.UNDO_LIMIT == 100
    monkeypatch.setattr(game_module, "UNDO_LIMIT", 5)
    actions: list[int | str] = ["D", 18, "D", 19, "D", 20, "D"]
    game = scripted(actions)
    views = [view(game)]
    for a in actions:
        game.apply(a)
        views.append(view(game))
    copy = game.copy()
    for k in range(7, 2, -1):
        game.undo()
        assert view(game) == views[k - 1]
    assert not game.can_undo
    before = (view(game), game.history)
    with pytest.raises(IllegalMoveError) as info:
        game.undo()  # the 6th undo: the two oldest actions are forgotten
    assert info.value.refusal is Refusal.NOTHING_TO_UNDO
    assert (view(game), game.history) == before
    assert view(game) == views[2]
    for _ in range(5):  # a copy keeps the same five
        copy.undo()
    assert not copy.can_undo and view(copy) == views[2]


def test_undo_refused_after_a_win(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted(clear_order)
    for p in clear_order:
        game.play(p)
    assert game.status is Status.WON and not game.can_undo
    before = (view(game), game.history, game.moves)
    with pytest.raises(IllegalMoveError) as info:
        game.undo()
    assert info.value.refusal is Refusal.GAME_OVER
    assert (view(game), game.history, game.moves) == before


def test_undo_allowed_when_blocked(layout: LayoutBuilder) -> None:
    cards = dict(zip(range(18, 28), ["6C", "10C", "10D", "10H", "10S", "2C", "2D", "2H", "2S", "QC"]))
    game = layout(cards, waste="KD", stock_tail=["7H"], avoid=(5, 6, 7))
    for _ in range(23):
        game.draw()
    before = view(game)
    game.play(18)
    assert game.status is Status.BLOCKED and game.can_undo
    undo = game.undo()
    assert undo.status is Status.PLAYING and view(game) == before and game.moves == 24


def test_history_records_undos_in_order(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D"])
    p = game.play(18)
    d = game.draw()
    u1 = game.undo()
    u2 = game.undo()
    assert game.history == (p, d, u1, u2)
    assert isinstance(u1.undone, DrawEvent) and isinstance(u2.undone, PlayEvent)
    assert [e.kind for e in game.history] == ["play", "draw", "undo", "undo"]
    assert game.score_series() == [(0, 500), (1, 499), (2, 498), (2, 499), (2, 500)]
