"""Redo (docs/rules.md §4, §6, §8): the undone action made again, as a move, recorded as that action."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import DrawEvent, Game, IllegalMoveError, PlayEvent, Refusal, RuleSet, Status
from tripeaks.engine.codes import N_DEALS, GameCode

LayoutBuilder = Callable[..., Game]


def position(game: Game) -> tuple[object, ...]:
    """What the player sees, without the score, the move counter and the history."""
    return (game.tableau, game.waste, game.stock_cards, game.status, game.peaks_cleared, game.run)


def test_redo_makes_the_undone_play_again_as_a_move(scripted: LayoutBuilder) -> None:
    game = scripted([18, 20, 19])
    game.play(18)
    game.play(20)
    first = game.play(19)
    after = position(game)
    game.undo()
    assert game.can_redo and game.redo_depth == 1
    event = game.redo()
    assert isinstance(event, PlayEvent) and event.position == 19 and event.card == first.card
    assert sorted(event.revealed) == [9, 10] and position(game) == after
    assert event.points == first.points == -1  # its normal points: the undo gave the point back
    assert game.moves == 4 and game.score == 497  # a redo counts as a move (docs/rules.md §3, §4)
    assert not game.can_redo and game.redo_depth == 0


def test_redo_walks_forward_through_a_chain_of_undos(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D", 20])
    made = [game.play(18), game.draw(), game.play(20)]
    end = position(game)
    for _ in made:
        game.undo()
    assert game.redo_depth == 3 and game.undo_depth == 0
    again = [game.redo(), game.redo(), game.redo()]
    assert [e.token for e in again] == [e.token for e in made]
    assert isinstance(again[1], DrawEvent) and again[1].card == made[1].card
    assert position(game) == end and game.moves == 6 and game.score == 497


def test_a_new_action_forgets_what_was_left_to_redo(scripted: LayoutBuilder) -> None:
    game = scripted([18, 20])
    game.play(18)
    game.play(20)
    game.undo()
    game.undo()
    game.draw()  # a different action
    before = (position(game), game.score, game.moves, len(game.history))
    with pytest.raises(IllegalMoveError) as info:
        game.redo()
    assert info.value.refusal is Refusal.NOTHING_TO_REDO and game.redo_refusal() is Refusal.NOTHING_TO_REDO
    assert (position(game), game.score, game.moves, len(game.history)) == before  # nothing changed


def test_making_the_next_redo_by_hand_is_that_redo(scripted: LayoutBuilder) -> None:
    game = scripted([18, 20])
    game.play(18)
    game.play(20)
    game.undo()
    game.undo()
    game.play(18)  # what the next redo would do
    assert game.redo_depth == 1
    assert game.redo().position == 20


def test_redo_with_nothing_to_redo_is_refused_and_changes_nothing(scripted: LayoutBuilder) -> None:
    game = scripted([18])
    assert not game.can_redo and game.redo_refusal() is Refusal.NOTHING_TO_REDO
    with pytest.raises(IllegalMoveError):
        game.redo()
    game.play(18)
    with pytest.raises(IllegalMoveError):
        game.redo()
    assert game.moves == 1 and len(game.history) == 1


def test_a_redo_can_win_and_nothing_can_be_redone_after_a_win(scripted: LayoutBuilder, clear_order) -> None:
    game = scripted(clear_order)
    for p in clear_order:
        game.play(p)
    game2 = scripted(clear_order)
    for p in clear_order:
        if p != clear_order[-1]:
            game2.play(p)
    game2.undo()  # take back the 27th play, then redo it and play the last card
    game2.redo()
    last = game2.play(clear_order[-1])
    assert last.status is Status.WON and game2.status is Status.WON and game.status is Status.WON
    assert game2.redo_refusal() is Refusal.GAME_OVER and game2.redo_depth == 0 and game2.undo_depth == 0
    assert game2.tableau == game.tableau and game2.moves == game.moves + 1


def test_undo_penalty_is_not_given_back_by_a_redo(scripted: LayoutBuilder) -> None:
    game = scripted([18], rules=RuleSet.parse("E-P"))
    game.play(18)
    assert game.score == 499
    game.undo()
    assert game.score == 495  # the play's point back, then the penalty of 5 (docs/rules.md §8)
    game.redo()
    assert game.score == 494 and game.moves == 2  # the play's normal −1; the 5 stay spent


def test_runs_scoring_redo_earns_the_run_points_again(scripted: LayoutBuilder) -> None:
    game = scripted([18, 20, 19], rules=RuleSet.parse("E-R"))
    game.play(18)
    game.play(20)
    second = game.play(19)
    game.undo()
    again = game.redo()
    assert again.run == second.run == 3 and again.points == second.points and game.score == 6


def test_the_record_holds_a_redo_as_the_action_it_repeats(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D"])
    game.play(18)
    game.draw()
    game.undo()
    game.undo()
    game.redo()
    record = game.to_record()
    assert record["actions"][-3:] == ["U", "U", str(game.card_at(18))]
    replayed = Game.from_record(record)
    assert replayed.state_key() == game.state_key() and replayed.moves == game.moves
    assert replayed.redo_depth == game.redo_depth == 1
    assert replayed.redo().token == game.redo().token == "D"


def test_time_up_refuses_redo() -> None:
    game = Game.from_code("TP1-E-AAAAAAD-T5")
    game.draw()
    game.undo()
    game.expire()
    assert game.redo_refusal() is Refusal.TIME_UP and not game.can_redo
    with pytest.raises(IllegalMoveError):
        game.redo()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(0, N_DEALS - 1),
    flags=st.sampled_from(["E", "C", "E-P", "E-R", "C-OP", "E-SR"]),
    choices=st.lists(st.integers(0, 99), min_size=1, max_size=80),
)
def test_replaying_a_record_with_redos_gives_back_the_same_game(deal: int, flags: str, choices: list[int]) -> None:
    game = Game.from_code(GameCode(flags, deal))
    for c in choices:
        options: list[Callable[[], object]] = [lambda a=a: game.apply(a) for a in game.legal_actions()]
        if game.can_undo:
            options += [game.undo] * 2
        if game.can_redo:
            options += [game.redo] * 3
        if not options:
            break
        options[c % len(options)]()
    replayed = Game.from_record(game.to_record())
    assert replayed.state_key() == game.state_key()
    assert (replayed.moves, replayed.score, replayed.undo_depth) == (game.moves, game.score, game.undo_depth)
    assert [e.token for e in replayed.history] == [e.token for e in game.history]
    # the same redo possibilities: redo everything on both and compare
    assert replayed.redo_depth == game.redo_depth
    while game.can_redo:
        assert replayed.redo().token == game.redo().token
    assert replayed.state_key() == game.state_key() and not replayed.can_redo
