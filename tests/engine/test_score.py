"""Score and move counter (docs/rules.md §3): 500 at the start, −1 a move, +100 a peak, never below 0."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

import tripeaks.engine.game as game_module
from tripeaks import DrawEvent, Game, PlayEvent, Status

LayoutBuilder = Callable[..., Game]

# Plays in an order that empties the left peak with the 15th play (apex 0), the middle with the
# 20th (apex 1) and the right with the 28th (apex 2).  Each step only removes exposed cards.
PEAK_ORDER = [18, 19, 20, 21, 9, 10, 11, 3, 4, 22, 23, 12, 13, 24, 0, 14, 5, 6, 25, 1, 26, 27, 15, 16, 17, 7, 8, 2]


def run(game: Game, actions: Sequence[int | str]) -> list[PlayEvent | DrawEvent]:
    events: list[PlayEvent | DrawEvent] = []
    for a in actions:
        events.append(game.draw() if isinstance(a, str) else game.play(a))
    return events


def test_peak_order_is_a_full_clearance() -> None:
    assert sorted(PEAK_ORDER) == list(range(28))
    assert PEAK_ORDER.index(0) == 14 and PEAK_ORDER.index(1) == 19 and PEAK_ORDER.index(2) == 27


def test_best_score_772_for_a_win_in_28_plays(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted(clear_order)
    events = run(game, clear_order)
    assert game.status is Status.WON and game.moves == 28 and game.score == 772
    assert game.score == 500 - 28 + 300
    bonus_moves = [e.moves for e in events if isinstance(e, PlayEvent) and e.peaks_cleared]
    assert len(bonus_moves) == 3
    # every move: −1, plus 100 when it empties a peak
    score = 500
    for e in events:
        assert e.points == -1 + 100 * len(e.peaks_cleared)  # type: ignore[union-attr]
        score += e.points
        assert e.score == score
    assert game.score_series() == [(0, 500)] + [(e.moves, e.score) for e in events]
    assert [m for m, _ in game.score_series()] == list(range(29))


def test_749_with_all_23_draws(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    actions: list[int | str] = []
    for k, p in enumerate(clear_order):  # interleave: a draw before most plays
        if k < 23:
            actions.append("D")
        actions.append(p)
    game = scripted(actions)
    run(game, actions)
    assert game.status is Status.WON and game.stock_count == 0
    assert game.moves == 51 and game.score == 749


def test_750_with_22_draws_and_peaks_at_37_42_50(scripted: LayoutBuilder) -> None:
    actions: list[int | str] = []
    for k, p in enumerate(PEAK_ORDER):
        actions.append(p)
        if k < 11:  # two draws after each of the first 11 plays: 22 draws before play 15
            actions += ["D", "D"]
    assert actions.count("D") == 22 and len(actions) == 50
    game = scripted(actions)
    events = run(game, actions)
    cleared = [(e.moves, e.peaks_cleared) for e in events if isinstance(e, PlayEvent) and e.peaks_cleared]
    assert cleared == [(37, (0,)), (42, (1,)), (50, (2,))]
    assert game.status is Status.WON and game.moves == 50 and game.stock_count == 1
    assert game.score == 750
    # the peak flags turn on exactly at those moves
    replay = scripted(actions)
    for e in events:
        if isinstance(e, DrawEvent):
            replay.draw()
        else:
            replay.play(e.position)
        expected = (replay.moves >= 37, replay.moves >= 42, replay.moves >= 50)
        assert replay.peaks_cleared == expected
        assert replay.score == 500 - replay.moves + 100 * sum(expected)


def test_a_blocked_game_gets_no_penalty_and_no_bonus(layout: LayoutBuilder) -> None:
    cards = dict(zip(range(18, 28), ["6C", "10C", "10D", "10H", "10S", "2C", "2D", "2H", "2S", "QC"]))
    game = layout(cards, waste="KD", stock_tail=["7H"], avoid=(5, 6, 7))
    for _ in range(23):
        game.draw()
    game.play(18)
    assert game.status is Status.BLOCKED
    assert game.score == 500 - 24 and game.moves == 24


def test_score_never_below_zero(monkeypatch: pytest.MonkeyPatch, scripted: LayoutBuilder) -> None:
    # A real game cannot lose 500 points (at most 51 moves stay on the board, and undo gives the
    # points back), so start lower to reach the floor through the engine's own code path.
    monkeypatch.setattr(game_module, "START_SCORE", 2)
    game = scripted(["D", "D", "D", "D", 18])
    scores = [game.score]
    points = []
    for _ in range(4):
        e = game.draw()
        scores.append(e.score)
        points.append(e.points)
    assert scores == [2, 1, 0, 0, 0] and points == [-1, -1, 0, 0]
    assert game.moves == 4  # moves still count at the floor
    p = game.play(18)
    assert p.score == 0 and p.points == 0 and game.moves == 5
    # undo gives back exactly what each move changed, so the history adds up again
    assert [game.undo().score for _ in range(5)] == [0, 0, 0, 1, 2]
    assert game.moves == 5


def test_peak_bonus_from_the_floor(monkeypatch: pytest.MonkeyPatch, scripted: LayoutBuilder) -> None:
    monkeypatch.setattr(game_module, "START_SCORE", 0)
    order = [18, 19, 20, 21, 9, 10, 11, 3, 4, 0]  # empties the left peak with the 10th play
    game = scripted(order)
    events = run(game, order)
    assert [e.score for e in events] == [0] * 9 + [99]
    last = events[-1]
    assert isinstance(last, PlayEvent) and last.points == 99 and last.peaks_cleared == (0,)
    game.undo()
    assert game.score == 0
