"""Properties of random games (hypothesis): random legal actions, undos included, on random deals.

After every action the state is checked against the rules recomputed here from
docs/rules.md §1–§4 (covering formulas, adjacency, status), not read back from the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tripeaks import DECK, Game, GameCode, IllegalMoveError, Refusal, Rule, Status, UndoEvent
from tripeaks.codes import N_DEALS

CoveredBy = Callable[[int], tuple[int, ...]]
PEAKS = ({0, 3, 4, 9, 10, 11, 18, 19, 20}, {1, 5, 6, 12, 13, 14, 21, 22, 23}, {2, 7, 8, 15, 16, 17, 24, 25, 26, 27})

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fits(rule: Rule, a: int, b: int) -> bool:
    d = abs(a - b)
    return d == 1 or (rule is Rule.EASY and d == 12)


def expected_refusal(game: Game, p: int, covered_by: CoveredBy) -> Refusal | None:
    slots = game.tableau
    if all(s is None for s in slots):
        return Refusal.GAME_OVER
    slot = slots[p]
    if slot is None:
        return Refusal.EMPTY
    if not slot.face_up or any(slots[q] is not None for q in covered_by(p)):
        return Refusal.BLOCKED
    if not fits(game.rule, slot.card.rank, game.waste_top.rank):
        return Refusal.NOT_ADJACENT
    return None


def expected_status(game: Game, covered_by: CoveredBy) -> Status:
    if all(s is None for s in game.tableau):
        return Status.WON
    if game.stock_count > 0:
        return Status.PLAYING
    if any(expected_refusal(game, p, covered_by) is None for p in range(28)):
        return Status.PLAYING
    return Status.BLOCKED


def check_state(game: Game, covered_by: CoveredBy) -> None:
    slots = game.tableau
    # the 52 cards are all there, once each, across tableau, waste and stock
    cards = [s.card for s in slots if s is not None] + list(game.waste) + list(game.stock_cards)
    assert sorted(cards) == list(DECK)
    assert game.cards_left == sum(s is not None for s in slots)
    assert len(game.stock_cards) == game.stock_count
    # a present card is face up exactly when nothing covers it
    for p, s in enumerate(slots):
        if s is not None:
            assert s.face_up == all(slots[q] is None for q in covered_by(p)), p
            assert game.is_exposed(p) == s.face_up
    assert game.peaks_cleared == tuple(all(slots[p] is None for p in peak) for peak in PEAKS)
    assert game.status is expected_status(game, covered_by)
    refusals = [expected_refusal(game, p, covered_by) for p in range(28)]
    assert [game.refusal(p) for p in range(28)] == refusals
    assert game.playable() == [p for p in range(28) if refusals[p] is None]
    assert game.can_draw == (game.stock_count > 0 and game.status is not Status.WON)
    assert 0 <= game.score


def random_game(deal: int, rule: Rule, picks: list[int], plays_first: bool, covered_by: CoveredBy) -> Game:
    """Play ``picks`` as choices among the allowed actions (undo included), checking as it goes."""
    game = Game.from_code(GameCode(rule, deal))
    check_state(game, covered_by)
    undone = False
    standing: list = []  # the plays and draws not undone, kept here independently of the engine
    for pick in picks:
        options: list[int | str] = list(game.legal_actions())
        if plays_first and game.playable():
            options = list(game.playable())
        if game.can_undo and pick % 7 == 0:
            options = ["U"]
        if not options:
            break
        action = options[pick % len(options)]
        before_key, before_moves, before_len = game.state_key(), game.moves, len(game.history)
        expected_reveals = game.reveals(action) if isinstance(action, int) else ()
        event = game.apply(action)
        undone = undone or action == "U"
        check_state(game, covered_by)
        if isinstance(event, UndoEvent):
            assert standing.pop() == event.undone
        else:
            standing.append(event)
        assert game.standing_actions == tuple(standing)
        if isinstance(action, int):  # reveals() told beforehand what the play turned face up
            assert event.revealed == expected_reveals
        assert len(game.history) == before_len + 1 and game.history[-1] is event
        if isinstance(event, UndoEvent):
            assert game.moves == before_moves  # undo never lowers the counter
            continue
        assert game.moves == before_moves + 1
        if not undone:
            assert game.score == 500 - game.moves + 100 * sum(game.peaks_cleared)
        # undo right after the action gives back the same state, except the move counter
        probe = game.copy()
        if probe.status is Status.WON:
            try:
                probe.undo()
                raise AssertionError("undo accepted after a win")
            except IllegalMoveError as exc:
                assert exc.refusal is Refusal.GAME_OVER
        else:
            probe.undo()
            assert probe.state_key() == before_key and probe.moves == game.moves
            check_state(probe, covered_by)
    return game


def check_replay(game: Game) -> None:
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert again.state_key() == game.state_key()
    assert again.moves == game.moves and len(again.history) == len(game.history)
    assert again.history == game.history and again.can_undo == game.can_undo


@SETTINGS
@given(
    deal=st.integers(0, N_DEALS - 1),
    rule=st.sampled_from(list(Rule)),
    picks=st.lists(st.integers(0, 2**16), max_size=90),
    plays_first=st.booleans(),
)
def test_random_games_keep_every_rule(
    covered_by: CoveredBy, deal: int, rule: Rule, picks: list[int], plays_first: bool
) -> None:
    game = random_game(deal, rule, picks, plays_first, covered_by)
    check_replay(game)


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(0, N_DEALS - 1), rule=st.sampled_from(list(Rule)), seed=st.integers(0, 2**32))
def test_greedy_games_to_the_end(covered_by: CoveredBy, deal: int, rule: Rule, seed: int) -> None:
    """Prefer plays, draw only when stuck, never undo: every game ends won or blocked."""
    game = Game.from_code(GameCode(rule, deal))
    k = seed
    while game.status is Status.PLAYING:
        plays = game.playable()
        game.apply(plays[k % len(plays)] if plays else "D")
        k = k * 1103515245 + 12345
        check_state(game, covered_by)
    assert game.status in (Status.WON, Status.BLOCKED)
    assert game.score == 500 - game.moves + 100 * sum(game.peaks_cleared)
    if game.status is Status.WON:
        assert game.cards_left == 0 and game.legal_actions() == []
    else:
        assert game.stock_count == 0 and game.playable() == [] and game.can_undo
    check_replay(game)
