"""The exact solver: verdicts, replayable lines, budgets, hints, best score."""

from __future__ import annotations

import random
import string

import pytest

from tripeaks import DECK, Card, Game, Status, WrapRule
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.solver import hint_message, solver_text
from tripeaks.solver import Verdict, best_score, hint, is_winnable, solve, win_score

pytestmark = pytest.mark.usefixtures(
    "search_core"
)  # each test under the compiled core and the Python search (conftest.py)

# ----------------------------------------------------------------- helpers


def replay(game: Game, line: list) -> Game:
    g = game.copy()
    for action in line:
        g.apply(action)
    return g


def brute_winnable(game: Game) -> bool:
    """Independent plain search over Game.copy()/legal_actions (memo on the exact cards)."""
    seen: dict[tuple, bool] = {}

    def rec(g: Game) -> bool:
        if g.status is Status.WON:
            return True
        key = (tuple(s is not None for s in g.tableau), g.stock_count, g.waste_top)
        if key in seen:
            return seen[key]
        result = False
        for action in g.legal_actions():
            h = g.copy()
            h.apply(action)
            if rec(h):
                result = True
                break
        seen[key] = result
        return result

    return rec(game)


def brute_min_draws(game: Game) -> int | None:
    """Fewest draws of any winning line (None when lost), by the same plain search."""
    seen: dict[tuple, int | None] = {}

    def rec(g: Game) -> int | None:
        if g.status is Status.WON:
            return 0
        key = (tuple(s is not None for s in g.tableau), g.stock_count, g.waste_top)
        if key in seen:
            return seen[key]
        best = None
        for action in g.legal_actions():
            h = g.copy()
            h.apply(action)
            r = rec(h)
            if r is not None:
                r += action == "D"
                best = r if best is None else min(best, r)
        seen[key] = best
        return best

    return rec(game)


def few_cards_positions(n: int, seed: int, max_left: int = 7) -> list[Game]:
    """Positions with few cards left: follow a deal's winning line (or random play) to
    few cards, then wander off with a few random actions (draws included)."""
    rnd = random.Random(seed)
    out: list[Game] = []
    while len(out) < n:
        rule = rnd.choice(["E", "C"])
        code = f"TP1-{rule}-AAA{''.join(rnd.choice(string.ascii_uppercase) for _ in range(4))}"
        g = Game.from_code(code)
        sol = solve(g, max_nodes=200_000)
        if sol.verdict is not Verdict.WINNABLE:
            continue
        keep = rnd.randint(2, max_left)
        for action in sol.line:
            if g.cards_left <= keep + rnd.randint(0, 2):
                break
            g.apply(action)
        for _ in range(rnd.randint(0, 4)):
            actions = g.legal_actions()
            if not actions or g.status is not Status.PLAYING:
                break
            g.apply(rnd.choice(actions))
        if g.status is not Status.WON and g.cards_left <= max_left + 2:
            out.append(g)
    return out


def chain_layout(rule: str = "E") -> Game:
    """A deal whose 28 tableau cards, played from position 27 down to 0, climb one rank
    at a time from the waste card (A♣ after 23 draws): 2, 3, …, K, A, 2, … ."""
    order = list(range(27, -1, -1))  # a valid play order: every card after its coverers
    tableau: list[Card | None] = [None] * 28
    used: set[Card] = set()
    suits_used: dict[int, int] = {}
    for i, p in enumerate(order):
        rank = (i + 1) % 13 + 1  # 2, 3, ..., 13, 1, 2, ...
        k = suits_used.get(rank, 0)
        # keep the clubs for the waste/stock end: suits D, H, S for the tableau
        card = Card(rank, 1 + k)
        suits_used[rank] = k + 1
        tableau[p] = card
        used.add(card)
    rest = [c for c in DECK if c not in used and c != Card(1, 0)]
    stock = rest  # 23 cards; A♣ is drawn last
    stock.append(Card(1, 0))
    waste = stock.pop(0)
    assert len(stock) == 23
    return Game.from_layout([c for c in tableau if c is not None], waste, stock, rule)


# ----------------------------------------------------------------- known answers


def test_spec_deal_winnable_under_easy_not_classic():
    easy = Game.from_code("TP1-E-AAAAAAD")
    sol = solve(easy)
    assert sol.verdict is Verdict.WINNABLE and sol.exhaustive
    assert replay(easy, sol.line).status is Status.WON
    classic = solve("TP1-C-AAAAAAD")
    assert classic.verdict is Verdict.UNWINNABLE and classic.exhaustive and classic.line == []
    assert is_winnable("TP1-E-AAAAAAD") is True
    assert is_winnable("TP1-C-AAAAAAD") is False


def test_chain_layout_by_hand():
    """After drawing the whole stock the waste is A♣ and one climbing chain clears all 28."""
    g = chain_layout("E")
    for _ in range(23):
        g.draw()
    assert g.waste_top == Card(1, 0)
    sol = solve(g)
    assert sol.verdict is Verdict.WINNABLE
    assert len(sol.line) == 28 and "D" not in sol.line  # no stock left: 28 plays
    assert replay(g, sol.line).status is Status.WON
    best = best_score(g)
    assert best.draws == 0 and best.score == g.score - 28 + 300 == replay(g, sol.line).score
    # Classic: the chain needs A on K (K at position 16, A at 15): no line at all
    c = chain_layout("C")
    for _ in range(23):
        c.draw()
    assert solve(c).verdict is Verdict.UNWINNABLE
    assert brute_winnable(c) is False


def test_blocked_and_won_positions():
    g = chain_layout("E")
    for _ in range(22):
        g.draw()
    # waste is now the 22nd stock card; the base shows 2..J: only cards next to it can go
    g.draw()
    assert g.status is Status.PLAYING
    won = replay(g, solve(g).line)
    assert won.status is Status.WON
    sol = solve(won)
    assert sol.verdict is Verdict.WINNABLE and sol.line == [] and sol.nodes == 0
    assert hint(won).kind == "won"
    # a blocked game is lost
    rnd = random.Random(5)
    for _ in range(200):
        b = Game.from_code(f"TP1-C-AAAAA{rnd.choice('ABCD')}{rnd.choice('ABCDEFGH')}")
        while b.status is Status.PLAYING:
            b.apply(rnd.choice(b.legal_actions()))
        if b.status is Status.BLOCKED:
            assert solve(b).verdict is Verdict.UNWINNABLE
            assert hint(b).kind == "lost"
            break
    else:  # pragma: no cover - random play always blocks some deal
        pytest.fail("no blocked game found")


@pytest.mark.parametrize("deal", range(0, 40, 3))
@pytest.mark.parametrize("rule", ["E", "C"])
def test_winning_lines_replay_to_a_win(rule, deal):
    from tripeaks.engine.codes import GameCode

    g = Game.from_code(GameCode(WrapRule.parse(rule), deal))
    before = g.state_key()
    sol = solve(g)
    assert g.state_key() == before, "solve must not modify the game"
    assert sol.verdict in (Verdict.WINNABLE, Verdict.UNWINNABLE)
    if sol.verdict is Verdict.WINNABLE:
        end = replay(g, sol.line)
        assert end.status is Status.WON
        assert replay(g, sol.cards).state_key() == end.state_key()  # card tokens replay too
        assert sol.draws == sum(1 for a in sol.line if a == "D")


def test_verdicts_agree_with_brute_force_on_few_cards():
    positions = few_cards_positions(60, seed=11)
    verdicts = []
    for g in positions:
        sol = solve(g)
        truth = brute_winnable(g)
        assert sol.winnable is truth, (repr(g), g.to_record())
        if truth:
            assert replay(g, sol.line).status is Status.WON
        verdicts.append(truth)
    # the sample must exercise both answers
    assert any(verdicts) and not all(verdicts)


def brute_matching(demand: list[int], supply: list[int], wraps: bool) -> bool:
    """Card-level bipartite matching (augmenting paths): each demand card gets its own adjacent supply card."""
    rule = WrapRule.EASY if wraps else WrapRule.CLASSIC
    dcards = [r for r in range(1, 14) for _ in range(demand[r])]
    scards = [r for r in range(1, 14) for _ in range(supply[r])]
    owner: dict[int, int] = {}

    def augment(k: int, seen: set[int]) -> bool:
        for t, r in enumerate(scards):
            if t not in seen and rule.adjacent(dcards[k], r):
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = k
                    return True
        return False

    return all(augment(k, set()) for k in range(len(dcards)))


def test_rank_matching_agrees_with_card_matching():
    from tripeaks.solver._search import _feasible

    rnd = random.Random(5)
    outcomes = set()
    for _ in range(600):
        wraps = rnd.random() < 0.5
        demand = [0] + [rnd.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(13)]
        supply = [0] + [min(7, demand[r] + rnd.choice((0, 0, 0, 1, 2))) for r in range(1, 14)]
        packed_d = sum(c << 3 * r for r, c in enumerate(demand))
        packed_s = sum(c << 3 * r for r, c in enumerate(supply))
        truth = brute_matching(demand, supply, wraps)
        assert _feasible(packed_d, packed_s, wraps) is truth, (demand, supply, wraps)
        outcomes.add((wraps, truth))
    assert len(outcomes) == 4  # both rules, both answers


def test_best_score_agrees_with_brute_force_on_few_cards():
    for g in few_cards_positions(25, seed=3, max_left=6):
        res = best_score(g)
        fewest = brute_min_draws(g)
        if fewest is None:
            assert res.verdict is Verdict.UNWINNABLE and res.score is None
            continue
        assert res.verdict is Verdict.WINNABLE and res.optimal
        assert res.draws == fewest
        end = replay(g, res.line)
        assert end.status is Status.WON and end.score == res.score == win_score(g, fewest)


# ----------------------------------------------------------------- budgets


def test_budget_gives_unknown_never_a_wrong_verdict():
    hard = Game.from_code("TP1-C-AAAAAAD")  # lost: needs an exhaustive search
    full = solve(hard)
    for budget in (1, 10, 100, 1000):
        sol = solve(hard, max_nodes=budget)
        assert sol.nodes <= budget
        assert sol.verdict is Verdict.UNKNOWN and not sol.exhaustive and sol.winnable is None
    assert solve(hard, max_nodes=full.nodes + 1).verdict is Verdict.UNWINNABLE
    for g in few_cards_positions(15, seed=7):
        truth = solve(g).verdict
        for budget in (1, 3, 20):
            v = solve(g, max_nodes=budget).verdict
            assert v in (Verdict.UNKNOWN, truth)
    sol = solve(hard, time_limit=0.0)
    assert sol.verdict in (Verdict.UNKNOWN, Verdict.UNWINNABLE)


@pytest.mark.parametrize("code", ["TP1-E-AAAAAAA", "TP1-E-AAAAABK", "TP1-C-AAAAAAB", "TP1-E-AAAAAAD-SJ"])
def test_a_win_found_on_the_last_position_allowed_stays_within_the_budget(code: str) -> None:
    g = Game.from_code(code)
    full = solve(g)
    assert full.verdict is Verdict.WINNABLE
    short = solve(g, max_nodes=full.nodes - 1)  # the winning play would be one position too many
    assert short.verdict is Verdict.UNKNOWN and short.nodes <= full.nodes - 1
    exact = solve(g, max_nodes=full.nodes)
    assert exact.verdict is Verdict.WINNABLE and exact.nodes == full.nodes and exact.line == full.line


def test_best_score_under_budget():
    g = Game.from_code("TP1-E-AAAAAAD")
    res = best_score(g, max_nodes=5)
    assert res.verdict is Verdict.UNKNOWN and res.score is None
    full = best_score(g)
    assert full.optimal and replay(g, full.line).score == full.score
    assert full.score == win_score(g, full.draws)


def test_bad_budgets_are_refused():
    g = Game.from_code("TP1-E-AAAAAAD")
    for search in (solve, best_score, is_winnable, hint):
        for bad in (0, -1, 1.5, True, "10", float("nan")):
            with pytest.raises(ValueError, match="max_nodes"):
                search(g, max_nodes=bad)
        # not a finite number of seconds ≥ 0: NaN would search without any limit
        for bad in (-1, -0.001, float("nan"), float("inf"), float("-inf"), "1", True, False, [1]):
            with pytest.raises(ValueError, match="time_limit"):
                search(g, time_limit=bad)
    assert g.moves == 0 and g.status is Status.PLAYING


def test_good_budgets_are_accepted():
    g = Game.from_code("TP1-C-AAAAAAD")
    assert solve(g, time_limit=0).verdict is Verdict.UNKNOWN  # no time at all: no answer, never a wrong one
    assert solve(g, time_limit=60, max_nodes=1).verdict is Verdict.UNKNOWN
    assert solve(g, time_limit=60.0).verdict is Verdict.UNWINNABLE


# ----------------------------------------------------------------- hints


def test_hint_keeps_the_game_winnable():
    checked = 0
    for g in few_cards_positions(20, seed=5, max_left=9):
        h = hint(g, time_limit=None)
        truth = solve(g).verdict
        if truth is Verdict.UNWINNABLE:
            assert h.kind == "lost" and h.action is None
            continue
        assert h.kind in ("play", "draw")
        after = g.copy()
        after.apply(h.action)
        assert solve(after).verdict is Verdict.WINNABLE
        if h.kind == "draw":  # only when no play keeps the game winnable
            for p in g.playable():
                alt = g.copy()
                alt.play(p)
                assert solve(alt).verdict is Verdict.UNWINNABLE
        else:
            assert h.card == g.card_at(h.action) and h.top == g.waste_top
        checked += 1
    assert checked > 5


def test_hint_unknown_under_budget_and_messages():
    g = Game.from_code("TP1-C-AAAAAAD")
    h = hint(g, max_nodes=3, time_limit=None)
    assert h.kind == "unknown"
    for lang in LANGUAGES:
        assert hint_message(h, lang) == solver_text("hint.unknown", lang)
    e = Game.from_code("TP1-E-AAAAAAD")
    h = hint(e, time_limit=None)
    msg = hint_message(h, "en")
    if h.kind == "play":
        assert h.card is not None and h.card.symbol in msg and e.waste_top.symbol in msg
    else:  # nothing on the board fits the first waste card: the draw says so
        assert e.playable() == []
        assert msg == solver_text("hint.draw_none", "en", top=e.waste_top.symbol)
    pt = hint_message(h, "pt")
    assert pt != msg
    with pytest.raises(ValueError):
        hint_message(h, "de")
