"""Properties of random games (hypothesis): random legal actions, undos included, on random deals.

After every action the state is checked against the rules recomputed here from
docs/rules.md §1–§4 and §8 (covering formulas, adjacency, status, the rule-set options and
their points), not read back from the engine.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rule_set_strategies import rule_sets

from tripeaks import (
    DECK,
    JOKER,
    Card,
    Game,
    GameCode,
    IllegalMoveError,
    Refusal,
    RuleSet,
    Status,
    UndoEvent,
    WrapRule,
    deal_cards,
)
from tripeaks.engine.codes import N_DEALS

CoveredBy = Callable[[int], tuple[int, ...]]
PEAKS = ({0, 3, 4, 9, 10, 11, 18, 19, 20}, {1, 5, 6, 12, 13, 14, 21, 22, 23}, {2, 7, 8, 15, 16, 17, 24, 25, 26, 27})

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fits(rule: WrapRule, a: int, b: int) -> bool:
    d = abs(a - b)
    return d == 1 or (rule is WrapRule.EASY and d == 12)


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


def random_game(deal: int, rule: WrapRule, picks: list[int], plays_first: bool, covered_by: CoveredBy) -> Game:
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
    rule=st.sampled_from(list(WrapRule)),
    picks=st.lists(st.integers(0, 2**16), max_size=90),
    plays_first=st.booleans(),
)
def test_random_games_keep_every_rule(
    covered_by: CoveredBy, deal: int, rule: WrapRule, picks: list[int], plays_first: bool
) -> None:
    game = random_game(deal, rule, picks, plays_first, covered_by)
    check_replay(game)


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(0, N_DEALS - 1), rule=st.sampled_from(list(WrapRule)), seed=st.integers(0, 2**32))
def test_greedy_games_to_the_end(covered_by: CoveredBy, deal: int, rule: WrapRule, seed: int) -> None:
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


# ---------------------------------------------------------------- random rule sets (docs/rules.md §8)
# The rules are recomputed here from §8's definitions: a joker or an empty waste takes any card,
# open peaks deal everything face up, draw stuck forbids a draw while a play exists, runs scoring
# pays the run place, 15/30/45 by order of emptying, +100 for the clear, −5 a draw; an undo gives
# back what its action changed, then costs 5 under the penalty; never below 0.

RULE_SETS = rule_sets()


def fits_rules(rules: RuleSet, rank: int, top: object) -> bool:
    if top is None or top == JOKER:
        return True
    assert isinstance(top, Card)
    d = abs(rank - top.rank)
    return d == 1 or (rules.wrap and d == 12)


def rules_refusal(game: Game, p: int, covered_by: CoveredBy, expired: bool) -> Refusal | None:
    slots = game.tableau
    if all(s is None for s in slots):
        return Refusal.GAME_OVER
    if expired:
        return Refusal.TIME_UP
    slot = slots[p]
    if slot is None:
        return Refusal.EMPTY
    if not slot.face_up or any(slots[q] is not None for q in covered_by(p)):
        return Refusal.BLOCKED
    if not fits_rules(game.rules, slot.card.rank, game.waste_top):
        return Refusal.NOT_ADJACENT
    return None


def check_rules_state(game: Game, covered_by: CoveredBy, dealt: Counter[str], expired: bool) -> None:
    rules, slots = game.rules, game.tableau
    # the 52 cards and the jokers are all there, once each, across tableau, waste and stock
    held = [str(s.card) for s in slots if s is not None] + [str(c) for c in (*game.waste, *game.stock_cards)]
    assert Counter(held) == dealt
    assert all(s is None or s.card != JOKER for s in slots)
    for p, s in enumerate(slots):
        if s is not None:
            uncovered = all(slots[q] is None for q in covered_by(p))
            assert s.face_up == (rules.peaks == "open" or uncovered), p
    refusals = [rules_refusal(game, p, covered_by, expired) for p in range(28)]
    assert [game.refusal(p) for p in range(28)] == refusals
    plays = [p for p in range(28) if refusals[p] is None]
    assert game.playable() == plays
    if all(s is None for s in slots):
        status, draw = Status.WON, Refusal.GAME_OVER
    elif expired:
        status, draw = Status.TIME_UP, Refusal.TIME_UP
    else:
        status = Status.PLAYING if game.stock_count or plays else Status.BLOCKED
        draw = None
        if not game.stock_count:
            draw = Refusal.STOCK_EMPTY
        elif rules.draw == "stuck" and plays:
            draw = Refusal.DRAW_STUCK
    assert game.status is status and game.draw_refusal() is draw
    assert game.legal_actions() == plays + (["D"] if draw is None else [])
    assert game.score >= 0 and game.score_parts().total == game.score
    assert all(e.parts.total == e.points for e in game.history)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(0, N_DEALS - 1), rules=RULE_SETS, picks=st.lists(st.integers(0, 2**16), max_size=90))
def test_random_games_under_random_rule_sets(
    covered_by: CoveredBy, deal: int, rules: RuleSet, picks: list[int]
) -> None:
    game = Game.from_code(GameCode(rules, deal))
    dealt = Counter(str(c) for c in deal_cards(deal)) + Counter({"JK": rules.jokers} if rules.jokers else {})
    expired = False
    score, run = (0 if rules.scoring == "runs" else 500), 0
    stack: list[tuple[int, int]] = []  # (points, run before) of each standing action, kept here
    check_rules_state(game, covered_by, dealt, expired)
    for pick in picks:
        options: list[int | str] = list(game.legal_actions())
        if game.can_undo and pick % 7 == 0:
            options = ["U"]
        if rules.timer is not None and not game.is_over and pick % 37 == 1:
            options = ["T"]
        if not options:
            break
        action = options[pick % len(options)]
        before = (game.tableau, game.waste, game.stock_cards, game.status, game.run, score)
        if isinstance(action, int):
            peak = next(k for k, members in enumerate(PEAKS) if action in members)
            run = run + 1 if rules.scoring == "runs" else 0
            event = game.play(action)
            emptied = [all(game.tableau[q] is None for q in members) for members in PEAKS]
            cleared = emptied[peak]
            if rules.scoring == "runs":
                delta = run + (15 * sum(emptied) if cleared else 0) + (100 if all(emptied) else 0)
            else:
                delta = -1 + (100 if cleared else 0)
            new = max(0, score + delta)
            stack.append((new - score, before[4]))
            score = new
        elif action == "D":
            event = game.draw()
            new = max(0, score - (5 if rules.scoring == "runs" else 1))
            stack.append((new - score, run))
            score, run = new, 0
        elif action == "U":
            event = game.undo()
            points, run = stack.pop()
            score -= points
            if rules.undo == "penalty":
                score = max(0, score - 5)
        else:
            event = game.expire()
            expired = True
        assert game.score == score and game.run == run, (action, event)
        check_rules_state(game, covered_by, dealt, expired)
        if isinstance(action, int) or action == "D":
            probe = game.copy()  # undo right after the action: the same state, less the penalty
            if probe.can_undo:
                probe.undo()
                assert (probe.tableau, probe.waste, probe.stock_cards, probe.status, probe.run) == before[:5]
                assert probe.score == (max(0, before[5] - 5) if rules.undo == "penalty" else before[5])
    check_replay(game)
    assert Game.from_record(json.dumps(game.to_record())).rules == rules
