"""The exact solver under the rule sets of docs/rules.md §8: jokers, an empty waste, draw stuck,
runs scoring — each against searches written plainly here, independent of the solver's code."""

from __future__ import annotations

import random
import string
import sys
from collections.abc import Callable, Iterator

import pytest

from tripeaks import Card, Game, GameCode, Status, WrapRule
from tripeaks.engine.cards import Joker
from tripeaks.i18n.solver import hint_message, hint_reasons
from tripeaks.solver import Verdict, best_score, hint, solve

pytestmark = pytest.mark.usefixtures(
    "search_core"
)  # each test under the compiled core and the Python search (conftest.py)

# ----------------------------------------------------------------- independent searches


def _top_key(g: Game) -> object:
    top = g.waste_top
    return top.rank if isinstance(top, Card) else repr(top)  # a joker and an empty waste apart


def brute_winnable(game: Game) -> bool:
    """Every legal action of the engine, tried on copies (memo on remaining cards, stock left, top)."""
    seen: dict[tuple, bool] = {}

    def rec(g: Game) -> bool:
        if g.status is Status.WON:
            return True
        key = (tuple(s is not None for s in g.tableau), g.stock_count, _top_key(g))
        if key not in seen:
            seen[key] = False
            for action in g.legal_actions():
                h = g.copy()
                h.apply(action)
                if rec(h):
                    seen[key] = True
                    break
        return seen[key]

    return rec(game)


def brute_best(game: Game) -> int | None:
    """The best final score over every winning line, through the engine's own scoring (None: lost)."""
    seen: dict[tuple, int | None] = {}

    def rec(g: Game) -> int | None:
        if g.status is Status.WON:
            return g.score
        key = (tuple(s is not None for s in g.tableau), g.stock_count, _top_key(g), g.score, g.run)
        if key not in seen:
            best = None
            for action in g.legal_actions():
                h = g.copy()
                h.apply(action)
                r = rec(h)
                if r is not None and (best is None or r > best):
                    best = r
            seen[key] = best
        return seen[key]

    return rec(game)


class TooBig(Exception):
    pass


def plain_winnable(game: Game, covered_by: Callable[[int], tuple[int, ...]], cap: int = 400_000) -> bool:
    """A tiny simulator of docs/rules.md §2 and §8 on ranks: remaining positions, stock index, top.

    Its own covering formulas (``covered_by``, the fixture of that name), adjacency, joker and
    draw rules; no code shared with the solver or the engine beyond reading the cards.  Raises TooBig past ``cap`` positions.
    """
    ranks = [game.card_at(p).rank for p in range(28)]
    stock = [c.rank if isinstance(c, Card) else 0 for c in game.stock_cards]  # 0: a joker
    top0 = game.waste_top
    wrap = game.rules.wrap
    stuck = game.rules.draw.value == "stuck"
    seen: set[tuple] = set()

    def fits(rank: int, top: int) -> bool:
        if top == 0:  # a joker on the waste, or the empty waste: any card
            return True
        d = abs(rank - top)
        return d == 1 or (wrap and d == 12)

    def rec(present: frozenset[int], s: int, top: int) -> bool:
        if not present:
            return True
        key = (present, s, top)
        if key in seen:
            return False
        seen.add(key)
        if len(seen) > cap:
            raise TooBig
        plays = [p for p in present if not any(q in present for q in covered_by(p)) and fits(ranks[p], top)]
        for p in plays:
            if rec(present - {p}, s, ranks[p]):
                return True
        if s < len(stock) and not (stuck and plays):
            return rec(present, s + 1, stock[s])
        return False

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    present = frozenset(p for p, slot in enumerate(game.tableau) if slot is not None)
    return rec(present, 0, top0.rank if isinstance(top0, Card) else 0)


# ----------------------------------------------------------------- positions


def replay(game: Game, line: list) -> Game:
    g = game.copy()
    for action in line:
        g.apply(action)
    return g


def small_positions(flags: str, n: int, seed: int, max_left: int = 8, wander: int = 6) -> Iterator[Game]:
    """Positions with few tableau cards left (and a short stock) under ``E-flags`` or ``C-flags``:
    a deal followed along some line of random legal actions (plays mostly) or a winning line,
    then a few random actions more, so that both verdicts occur."""
    rnd = random.Random(seed)
    made = 0
    while made < n:
        rule = rnd.choice("EC")
        g = Game.from_code(f"TP1-{rule}-AA{''.join(rnd.choice(string.ascii_uppercase) for _ in range(5))}-{flags}")
        sol = solve(g, max_nodes=100_000)
        keep = rnd.randint(1, max_left)
        for action in sol.line:
            if g.cards_left <= keep + rnd.randint(0, 2):
                break
            g.apply(action)
        for _ in range(rnd.randint(0, wander)):
            actions = g.legal_actions()
            if not actions:
                break
            g.apply(rnd.choice(actions))
        if g.status is Status.PLAYING and g.cards_left <= max_left + 2:
            made += 1
            yield g


def has_joker(g: Game) -> bool:
    return any(isinstance(c, Joker) for c in g.stock_cards) or isinstance(g.waste_top, Joker)


# ----------------------------------------------------------------- verdicts against brute force

SEARCH_OPTIONS = ["J", "JJ", "S", "SJ", "SJJ", "SW", "JW"]
"""Flags that change the search (jokers, draw stuck, empty waste, combined); E and C both drawn."""


@pytest.mark.parametrize("flags", SEARCH_OPTIONS)
def test_verdicts_and_lines_agree_with_brute_force_on_small_positions(flags: str) -> None:
    outcomes = set()
    jokers = 0
    for g in small_positions(flags, 45, seed=SEARCH_OPTIONS.index(flags)):
        truth = brute_winnable(g)
        sol = solve(g)
        assert sol.winnable is truth, g.to_record()
        if truth:
            end = replay(g, sol.line)
            assert end.status is Status.WON
            assert replay(g, sol.cards).state_key() == end.state_key()
        outcomes.add((g.rules.wrap, truth))
        jokers += has_joker(g)
    assert {truth for _, truth in outcomes} == {True, False}  # both answers occur
    assert {wrap for wrap, _ in outcomes} == {True, False}  # under both wraps
    if "J" in flags:
        assert jokers >= 15  # a joker still to come (or on the waste) in many of them


@pytest.mark.parametrize(
    ("flags", "deals", "cap"),
    [
        ("SW", 40, 60_000),
        ("SJW", 40, 60_000),
        ("S", 40, 60_000),
        ("SJJ", 40, 60_000),
        ("W", 12, 20_000),
        ("JJW", 12, 20_000),
    ],
)
def test_full_deals_agree_with_a_plain_simulator(
    flags: str, deals: int, cap: int, covered_by: Callable[[int], tuple[int, ...]]
) -> None:
    """From the deal (an empty waste is only ever at the start): the solver against a plain
    depth-first search with a memo; deals too big for the plain search are skipped.  Under draw
    stuck the plain search is exhaustive on lost deals too; with a draw at any time it only
    finishes the won ones (a lost deal's wild waste is checked on small positions with a joker on
    the waste, the same rule: any exposed card fits)."""
    checked = 0
    verdicts = set()
    for deal in range(deals):
        for rule in (WrapRule.EASY, WrapRule.CLASSIC):
            g = Game.from_code(f"{GameCode(rule, deal)}-{flags}")
            try:
                truth = plain_winnable(g, covered_by, cap=cap)
            except TooBig:
                continue
            sol = solve(g)
            assert sol.winnable is truth, str(g.code)
            if truth:
                assert replay(g, sol.line).status is Status.WON
            verdicts.add(truth)
            checked += 1
    assert checked >= deals
    assert verdicts == ({True, False} if "S" in flags else {True})


def test_the_plain_simulator_agrees_with_the_engine_brute_force(covered_by: Callable[[int], tuple[int, ...]]) -> None:
    """The two independent searches of this file check each other on small positions."""
    for flags in ("SJ", "JJ", "S"):
        for g in small_positions(flags, 12, seed=99):
            assert plain_winnable(g, covered_by) is brute_winnable(g)


def test_more_stock_can_hurt_under_draw_stuck() -> None:
    """Why the search keeps the stock index exact under draw stuck (unlike the default game):
    the same four cards and the same waste rank, lost with more stock left and won with less —
    with more, a drawn card that fits forces a play that spoils the end.  Two positions of one
    deal (Classic-S, deal 1162), reached by legal lines; a search that pruned "more stock never
    hurts" calls the deal lost."""
    code = "TP1-C-AAAABEK-S"
    common = [19, 25, 24, "D", "D", "D", 21, 15, 27, "D", "D", "D", "D", 22, 12, 18, 26, 20, "D", 17, 9, 23, "D", 16]
    more = replay(Game.from_code(code), common + [13, "D", 11, "D", 7, 14, "D", 8, 2, 10, 6, 4, "D", "D"])
    less = replay(
        Game.from_code(code), common + [14, 7, "D", 11, "D", "D", 8, 2, 10, "D", "D", "D", "D", 13, "D", "D", 6, 4]
    )
    assert more.tableau == less.tableau and more.cards_left == 4
    assert more.waste_top.rank == less.waste_top.rank and more.stock_count > less.stock_count
    assert brute_winnable(more) is False and brute_winnable(less) is True
    assert solve(more).winnable is False and solve(less).winnable is True
    assert solve(code).winnable is True


def joker_on_top_positions(flags: str, n: int, seed: int) -> Iterator[Game]:
    """Small positions where the waste top is a joker: drawn on (draw any) until the joker shows."""
    for g in small_positions(flags, 4 * n, seed):
        if not any(isinstance(c, Joker) for c in g.stock_cards):
            continue
        while not isinstance(g.waste_top, Joker):
            g.draw()
        n -= 1
        yield g
        if n == 0:
            return


@pytest.mark.parametrize("flags", ["J", "JJ"])
def test_a_joker_on_the_waste_takes_any_exposed_card(flags: str) -> None:
    outcomes = set()
    for g in joker_on_top_positions(flags, 25, seed=21):
        exposed = [p for p in range(28) if g.is_exposed(p)]
        assert g.playable() == exposed  # the engine's rule, which the solver must follow
        truth = brute_winnable(g)
        sol = solve(g)
        assert sol.winnable is truth, g.to_record()
        if truth:
            assert replay(g, sol.line).status is Status.WON
            h = hint(g, time_limit=None)
            if h.kind == "play":
                first = f"Play {h.card.symbol} on the joker: the game stays winnable."
                assert hint_message(h, "en") == " ".join([first, *hint_reasons(h, "en")])
        outcomes.add(truth)
    assert outcomes == {True, False}


def test_an_empty_waste_takes_any_first_card_and_a_draw() -> None:
    g = Game.from_code("TP1-E-AAAAAAD-W")
    assert g.waste_top is None and g.can_draw
    sol = solve(g)
    assert sol.verdict is Verdict.WINNABLE and replay(g, sol.line).status is Status.WON
    h = hint(g, time_limit=None)
    assert h.kind == "play" and h.top is None  # a play keeps it winnable: plays come first
    first = f"Play {h.card.symbol} onto the empty waste: the game stays winnable."
    assert hint_message(h, "en") == " ".join([first, *hint_reasons(h, "en")])  # then why (tests/solver/test_explain.py)
    assert "sur la défausse vide\u00a0: la partie reste gagnable. " in hint_message(h, "fr")
    after = g.copy()
    after.apply(h.action)
    assert solve(after).verdict is Verdict.WINNABLE
    stuck = Game.from_code("TP1-E-AAAAAAD-SW")  # under draw stuck the first move must be a play
    assert not stuck.can_draw
    line = solve(stuck).line
    assert not line or line[0] != "D"


# ----------------------------------------------------------------- hints


@pytest.mark.parametrize("flags", ["J", "SJ", "S", "JJ"])
def test_hints_keep_the_game_winnable_under_each_option(flags: str) -> None:
    checked = 0
    for g in small_positions(flags, 30, seed=7, max_left=9):
        h = hint(g, time_limit=None)
        truth = brute_winnable(g)
        if not truth:
            assert h.kind == "lost" and h.action is None
            continue
        assert h.kind in ("play", "draw") and h.top == g.waste_top
        after = g.copy()
        after.apply(h.action)  # a legal move: under draw stuck a draw only when nothing fits
        assert brute_winnable(after)
        if h.kind == "draw":  # only when no play keeps the game winnable
            for p in g.playable():
                alt = g.copy()
                alt.play(p)
                assert not brute_winnable(alt)
        checked += 1
    assert checked >= 15


# ----------------------------------------------------------------- best score


def lowered(g: Game, rnd: random.Random) -> Game:
    """The same position with its score lowered towards 0 by undone actions (undo penalty: −5 each)."""
    target = rnd.choice([0, 0, 3, 5, 10])
    while g.score > target:
        for action in g.legal_actions():
            trial = g.copy()
            trial.apply(action)
            if trial.status is not Status.WON:  # a won game cannot be undone
                g.apply(action)
                g.undo()
                break
        else:
            break
    return g


@pytest.mark.parametrize("flags", ["R", "SR", "JR", "SJJR", "JJR"])
def test_best_score_under_runs_agrees_with_brute_force(flags: str) -> None:
    rnd = random.Random(len(flags))
    results = []
    for k, g in enumerate(small_positions(flags + "P", 30, seed=5, max_left=7)):
        if k % 2:
            g = lowered(g, rnd)  # at a low score a draw costs less than 5, at 0 nothing
        truth = brute_best(g)
        res = best_score(g)
        if truth is None:
            assert res.verdict is Verdict.UNWINNABLE and res.score is None
            continue
        assert res.verdict is Verdict.WINNABLE and res.optimal, g.to_record()
        assert res.score == truth, g.to_record()
        end = replay(g, res.line)
        assert end.status is Status.WON and end.score == truth
        assert res.draws == res.line.count("D")
        results.append((g.score, res.draws))
    assert len(results) >= 15
    assert any(score <= 5 and draws for score, draws in results)  # the floor was in play


def test_best_score_under_runs_from_a_deal_start() -> None:
    """Traditional (draw stuck, runs): the exact best of a few deals, replayed to that score; no
    winning line found by the plain solver scores more."""
    for deal in (0, 1, 2, 5):
        g = Game.from_code(f"{GameCode(WrapRule.EASY, deal)}-SR")
        res = best_score(g)
        assert res.optimal and res.verdict is Verdict.WINNABLE
        assert replay(g, res.line).score == res.score
        assert replay(g, solve(g).line).score <= res.score


@pytest.mark.parametrize("flags", ["S", "J", "SW"])
def test_best_score_under_standard_scoring_is_the_fewest_draws(flags: str) -> None:
    for g in small_positions(flags, 12, seed=13, max_left=6):
        truth = brute_best(g)
        res = best_score(g)
        assert res.score == truth
        if truth is not None:
            assert res.optimal and replay(g, res.line).score == truth


# ----------------------------------------------------------------- budgets


@pytest.mark.parametrize("code", ["TP1-C-AAAAAAD-S", "TP1-C-AAAAAAD-SJJ", "TP1-C-AAAAAAD-J", "TP1-C-AAAAAAF-W"])
def test_budgets_give_unknown_never_a_wrong_verdict(code: str) -> None:
    g = Game.from_code(code)
    full = solve(g)
    assert full.verdict is not Verdict.UNKNOWN
    for budget in (1, 5, 50):
        sol = solve(g, max_nodes=budget)
        assert sol.verdict in (Verdict.UNKNOWN, full.verdict)
        if sol.verdict is Verdict.UNKNOWN:
            assert not sol.exhaustive and sol.line == [] and sol.nodes <= budget
    assert solve(g, max_nodes=full.nodes + 1).verdict is full.verdict
    assert solve(g, time_limit=0.0).verdict in (Verdict.UNKNOWN, full.verdict)
    assert hint(g, max_nodes=1, time_limit=None).kind in ("unknown", "play", "draw", "lost")


def test_a_best_runs_score_under_budget_is_a_real_line_marked_not_optimal() -> None:
    g = Game.from_code("TP1-E-AAAAAAB-R")
    full = best_score(g)
    assert full.optimal and full.verdict is Verdict.WINNABLE
    first = solve(g)
    res = best_score(g, max_nodes=first.nodes + 100)
    assert res.verdict is Verdict.WINNABLE and not res.optimal
    assert res.score == replay(g, res.line).score <= full.score
    assert best_score(g, max_nodes=1).verdict is Verdict.UNKNOWN


# ----------------------------------------------------------------- matching with wild cards


def brute_matching(demand: list[int], supply: list[int], wilds: int, wraps: bool) -> bool:
    """Card-level bipartite matching (augmenting paths); a wild supply fits every demand."""
    rule = WrapRule.EASY if wraps else WrapRule.CLASSIC
    dcards = [r for r in range(1, 14) for _ in range(demand[r])]
    scards = [r for r in range(1, 14) for _ in range(supply[r])] + [0] * wilds
    owner: dict[int, int] = {}

    def augment(k: int, seen: set[int]) -> bool:
        for t, r in enumerate(scards):
            if t not in seen and (r == 0 or rule.adjacent(dcards[k], r)):
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = k
                    return True
        return False

    return all(augment(k, set()) for k in range(len(dcards)))


def test_rank_matching_with_wild_cards_agrees_with_card_matching() -> None:
    from tripeaks.solver._search_rules import feasible

    rnd = random.Random(8)
    outcomes = set()
    for _ in range(1500):
        wraps = rnd.random() < 0.5
        wilds = rnd.choice((0, 1, 1, 2, 3))
        demand = [0] + [rnd.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(13)]
        supply = [0] + [min(7, demand[r] + rnd.choice((-1, 0, 0, 0, 1, 2))) for r in range(1, 14)]
        supply = [max(0, x) for x in supply]
        packed_d = sum(c << 3 * r for r, c in enumerate(demand))
        packed_s = sum(c << 3 * r for r, c in enumerate(supply))
        truth = brute_matching(demand, supply, wilds, wraps)
        assert feasible(packed_d, packed_s, wraps, wilds) is truth, (demand, supply, wilds, wraps)
        outcomes.add((wraps, wilds > 0, truth))
    assert len(outcomes) == 8


def test_open_peaks_scoring_undo_and_timer_do_not_change_verdicts() -> None:
    for deal in range(0, 60, 7):
        for rule in (WrapRule.EASY, WrapRule.CLASSIC):
            base = solve(Game.from_code(GameCode(rule, deal))).verdict
            for flags in ("O", "R", "P", "T5", "ORPT9"):
                g = Game.from_code(f"{GameCode(rule, deal)}-{flags}")
                assert solve(g).verdict is base
