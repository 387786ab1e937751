"""Why a hint: the facts its sentences name (tripeaks.solver.explain, tripeaks.i18n.solver.hint_message).

The facts are checked against the position itself, computed here without the
module: the cards said to turn over are exactly those the play turns face up,
the cards said to follow are exactly the exposed face-up cards one rank away
from the played card after it, and each sentence names those cards and no
other, in every language.  A reason given for not playing another card of the
same rank agrees with the exact solver.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from random_positions import random_position
from rule_set_strategies import rule_sets

from tripeaks import DECK, Card, Game, GameCode, RuleSet, Status
from tripeaks.app.model.review import position_after
from tripeaks.engine.layout import PEAKS
from tripeaks.i18n import LANGUAGES, card_name
from tripeaks.i18n.review import review_message, turning_reasons
from tripeaks.i18n.solver import hint_message, hint_reasons, play_reason
from tripeaks.solver import HintKind, TwinReason, Verdict, hint, review, solve
from tripeaks.solver.explain import play_facts, turning_facts, twin_reason


def named_cards(sentence: str, lang: str) -> set[Card]:
    """The cards a sentence names, as the game writes them in ``lang``."""
    return {c for c in DECK if card_name(c, lang) in sentence}


def fits(a: Card, b: Card, wrap: bool) -> bool:
    return abs(a.rank - b.rank) == 1 or (wrap and {int(a.rank), int(b.rank)} == {1, 13})


def expected_facts(game: Game, position: int) -> tuple[list[Card], list[Card], list[Card], int | None]:
    """(turned over, freed, can follow, peak cleared) of playing ``position``, read off the two positions."""
    before = game.tableau
    after = game.copy()
    card = after.card_at(position)
    after.play(position)
    now = after.tableau
    turned = [s.card for q, s in enumerate(now) if s is not None and s.face_up and not before[q].face_up]  # type: ignore[union-attr]
    freed = [
        s.card
        for q, s in enumerate(now)
        if s is not None and before[q].face_up and after.is_exposed(q) and not game.is_exposed(q)  # type: ignore[union-attr]
    ]
    follow = []
    if after.status is not Status.WON:
        follow = [
            s.card
            for q, s in enumerate(now)
            if s is not None and s.face_up and after.is_exposed(q) and fits(s.card, card, game.rules.wrap)
        ]
    peaks = [i for i, peak in enumerate(PEAKS) if position in peak and all(now[q] is None for q in peak)]
    return turned, freed, follow, peaks[0] if peaks else None


def check_play(game: Game, position: int) -> None:
    facts = play_facts(game, position)
    turned, freed, follow, peak = expected_facts(game, position)
    assert list(facts.revealed) == turned
    assert list(facts.freed) == freed
    assert list(facts.follow) == follow
    assert facts.peak == peak
    assert not (turned and freed)  # face-down cards turn over (hidden peaks) or face-up ones are freed (open peaks)
    assert facts.won == (game.cards_left == 1)
    assert game.card_at(position) == facts.card  # the game was not changed
    for lang in LANGUAGES:
        sentence = play_reason(facts, lang)
        assert named_cards(sentence, lang) == (set() if facts.won else {*turned, *freed, *follow}), (lang, sentence)
    english = play_reason(facts, "en")
    assert ("you will draw" in english) == (not follow and not facts.won)
    assert ("clears the" in english) == (peak is not None and not facts.won)


# ----------------------------------------------------------------- built positions


def built(tableau: dict[int, str], waste: str, stock_first: tuple[str, ...] = (), avoid: tuple[int, ...] = ()) -> Game:
    """Easy with the given tableau cards and waste; the other cards fill the tableau (none of rank
    in ``avoid`` among them) and then the stock, ``stock_first`` drawn first."""
    fixed = {p: Card.parse(c) for p, c in tableau.items()}
    used = {*fixed.values(), Card.parse(waste), *(Card.parse(c) for c in stock_first)}
    rest = [c for c in DECK if c not in used]
    filler = [c for c in rest if c.rank not in avoid]
    cards = []
    for p in range(28):
        if p in fixed:
            cards.append(fixed[p])
        else:
            c = filler.pop(0)
            rest.remove(c)
            cards.append(c)
    stock = [*(Card.parse(c) for c in stock_first), *rest]
    return Game.from_layout(cards, waste, stock, "E")


def test_a_play_that_turns_over_two_cards_names_them_and_what_can_follow():
    # 18 and 20 go first (5♣ on 4♠, 6♣ on 5♣); then 7♣ at 19 is the last card on 9 and 10.
    game = built({18: "5C", 20: "6C", 19: "7C", 9: "8S", 10: "KH", 21: "8D", 27: "6H"}, "4S", avoid=(4, 5, 6, 7, 8))
    game.play(18)
    game.play(20)
    facts = play_facts(game, 19)
    assert facts.revealed == (Card.parse("8S"), Card.parse("KH"))
    assert facts.follow == (Card.parse("8S"), Card.parse("8D"), Card.parse("6H"))
    assert play_reason(facts, "en") == "This play turns over 8♠ and K♥; after it you can play 8♠, 8♦, or 6♥."
    assert play_reason(facts, "fr") == (
        "Ce coup retourne le 8♠ et le R♥\u00a0; ensuite, vous pourrez jouer le 8♠, le 8♦ ou le 6♥."
    )
    check_play(game, 19)
    # A hint is read before the play: it counts the cards turned over and names only cards seen now.
    h = hint(game, time_limit=None)
    if h.action == 19:
        assert hint_reasons(h, "en")[0] == "This play turns over 2 face-down cards; after it you can play 8♦ or 6♥."
    hidden = play_reason(facts, "fr", seen_only=True)
    assert hidden == "Ce coup retourne 2 cartes face cachée\u00a0; ensuite, vous pourrez jouer le 8♦ ou le 6♥."


def seen_cards(game: Game) -> set[Card]:
    """The cards a player sees: the face-up cards of the tableau and the waste's top."""
    seen = {s.card for s in game.tableau if s is not None and s.face_up}
    return seen | ({game.waste_top} if isinstance(game.waste_top, Card) else set())


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(timed=False), deal=st.integers(0, 10_000), moves=st.integers(0, 40), seed=st.integers(0, 99))
def test_a_hint_never_names_a_card_the_player_cannot_see(rules, deal, moves, seed):
    """Face-down cards stay secret: every hint, in every language, names only cards seen now,
    and a play that turns cards over says how many."""
    game = random_position(rules, deal, moves, random.Random(seed))
    assume(game.status is Status.PLAYING)
    h = hint(game, time_limit=0.5)
    for lang in LANGUAGES:
        assert named_cards(hint_message(h, lang), lang) <= seen_cards(game), (lang, hint_message(h, lang))
    if h.kind is HintKind.PLAY and h.why is not None and h.why.play is not None and h.why.play.revealed:
        english = hint_reasons(h, "en")[0]
        count = len(h.why.play.revealed)
        assert f"{count} face-down card{'s' if count > 1 else ''};" in english
        assert "you will draw" not in english  # a card turned over may fit


def test_a_play_that_frees_nothing_says_what_follows_or_that_a_draw_comes():
    game = built({18: "5C", 19: "9D", 22: "6D"}, "4S", avoid=(4, 5, 6))
    facts = play_facts(game, 18)  # 9♦ still lies on 9: nothing turns over
    assert facts.revealed == () and facts.follow == (Card.parse("6D"),)
    assert play_reason(facts, "en") == "This play frees no card, but after it you can play 6♦."
    lone = built({18: "5C"}, "4S", avoid=(4, 5, 6))
    assert play_reason(play_facts(lone, 18), "en") == (
        "This play frees no card and no card on the board fits after it, so you will draw."
    )


def test_a_draw_says_no_card_fits_or_that_each_fitting_card_loses():
    game = built({}, "4S", avoid=(3, 4, 5))
    h = hint(game, time_limit=None)
    assert h.kind is HintKind.DRAW  # no 3 or 5 in the tableau: nothing fits 4♠
    assert h.why is not None and h.why.fitting == ()
    assert hint_message(h, "en") == "Draw a card from the stock: no card on the board fits 4♠."
    assert hint_message(h, "es") == "Roba una carta del mazo: ninguna carta de los picos encaja con el 4♠."


def test_an_open_peaks_play_frees_the_cards_it_leaves_uncovered():
    rules = RuleSet(peaks="open")
    game = Game.from_code(GameCode(rules, 7))
    for p in game.playable():
        check_play(game, p)
    # play base cards until one frees a card of row 2
    rng = random.Random(3)
    for _ in range(30):
        plays = game.playable()
        for p in plays:
            check_play(game, p)
            if play_facts(game, p).freed:
                sentence = play_reason(play_facts(game, p), "en")
                assert sentence.startswith("This play frees ") and "turns over" not in sentence
                return
        game.apply(rng.choice(plays) if plays else "D")
    pytest.fail("no play freed a card in 30 moves")


def test_an_undecided_other_card_gets_only_a_reason_read_off_the_cards():
    game = built({18: "5C", 20: "6C", 19: "7C", 9: "8S", 10: "KH", 25: "7D"}, "4S", avoid=(4, 5, 6, 7, 8))
    game.play(18)
    game.play(20)
    mine, other = play_facts(game, 19), play_facts(game, 25)  # 7♣ turns over two cards, 7♦ none
    assert twin_reason(mine, other, None) is TwinReason.WAITS
    assert twin_reason(other, mine, None) is None  # nothing true to say without the solver
    assert twin_reason(other, mine, False) is TwinReason.ALSO
    assert twin_reason(mine, other, True) is TwinReason.LOSES


# ----------------------------------------------------------------- properties


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(timed=False), deal=st.integers(0, 10_000), moves=st.integers(0, 45), seed=st.integers(0, 99))
def test_every_play_is_described_by_exactly_its_facts(rules, deal, moves, seed):
    game = random_position(rules, deal, moves, random.Random(seed))
    for p in game.playable():
        check_play(game, p)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(rule=st.sampled_from(["E", "C"]), deal=st.integers(0, 5_000), moves=st.integers(5, 40), seed=st.integers(0, 99))
def test_a_hint_gives_reasons_the_solver_agrees_with(rule, deal, moves, seed):
    game = random_position(rule, deal, moves, random.Random(seed))
    assume(game.status is Status.PLAYING)
    h = hint(game, time_limit=None)
    if h.kind is HintKind.DRAW:
        assert h.why is not None
        fitting = [game.card_at(p) for p in game.playable()]
        assert list(h.why.fitting) == fitting
        for p in game.playable():  # each card that fits loses: why the hint is a draw
            after = game.copy()
            after.play(p)
            assert solve(after).verdict is Verdict.UNWINNABLE
        for lang in LANGUAGES:
            assert named_cards(hint_message(h, lang), lang) == {*fitting, game.waste_top}
        return
    if h.kind is not HintKind.PLAY:
        assert h.why is None and hint_reasons(h, "en") == []
        return
    assert h.why is not None and h.why.play is not None and isinstance(h.action, int)
    check_play(game, h.action)
    mine = h.why.play
    twins = {t.position: t for t in h.why.twins}
    same_rank = [q for q in game.playable() if q != h.action and game.card_at(q).rank == h.card.rank]
    assert sorted(twins) == same_rank  # with no time limit every other card of the rank gets its reason
    for q, twin in twins.items():
        other = play_facts(game, q)
        after = game.copy()
        after.play(q)
        verdict = solve(after).verdict
        assert (twin.reason is TwinReason.LOSES) == (verdict is Verdict.UNWINNABLE)
        if twin.reason is TwinReason.PEAK:
            assert mine.peak is not None and other.peak is None
        if twin.reason is TwinReason.WAITS:
            assert other.uncovered == 0 < mine.uncovered
        if twin.reason is TwinReason.MORE:
            assert mine.uncovered > other.uncovered > 0
        if twin.reason is TwinReason.ALSO:
            assert verdict is Verdict.WINNABLE
    reasons = hint_reasons(h, "en")
    assert len(reasons) == 1 + bool(twins)  # what the play does, then why not the other card
    if twins:
        assert named_cards(reasons[1], "en") <= {t.card for t in twins.values()}


# ----------------------------------------------------------------- the review's turning point


def lost_game(rule: str, deal: int, seed: int) -> Game:
    """Deal ``deal`` played by random moves (plays more often than draws) until it is over."""
    game = random_position(rule, deal, 200, random.Random(seed))
    return game


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(rule=st.sampled_from(["E", "C"]), deal=st.integers(0, 5_000), seed=st.integers(0, 99))
def test_the_turning_point_says_what_the_lost_move_and_the_winning_one_do(rule, deal, seed):
    game = lost_game(rule, deal, seed)
    result = review(game.copy(), time_limit=None)
    turning = result.turning_move
    assume(turning is not None)
    before = position_after(game, turning.place - 1)
    played = game.standing_actions[turning.place - 1]
    action = "D" if turning.is_draw else played.position
    sol = solve(before)
    assert sol.verdict is Verdict.WINNABLE
    kept = sol.line[0]
    facts = turning_facts(before, action, kept)
    if isinstance(action, int):
        turned, freed, follow, peak = expected_facts(before, action)
        assert facts.played is not None and facts.covered is None
        assert (list(facts.played.revealed), list(facts.played.freed), list(facts.played.follow)) == (
            turned,
            freed,
            follow,
        )
        after = before.copy()
        after.play(action)
        assert solve(after).verdict is Verdict.UNWINNABLE  # the move the facts describe is the one that lost
    else:
        assert facts.played is None and facts.covered == before.waste_top
    if isinstance(kept, int):
        turned, freed, follow, peak = expected_facts(before, kept)
        assert facts.kept is not None and not facts.kept_draw
        assert (list(facts.kept.revealed), list(facts.kept.freed), list(facts.kept.follow)) == (turned, freed, follow)
    else:
        assert facts.kept is None and facts.kept_draw
    for lang in LANGUAGES:
        reasons = turning_reasons(facts, lang)
        named = [named_cards(s, lang) for s in reasons]
        expected = []
        if facts.played is not None:
            expected.append({*facts.played.revealed, *facts.played.freed, *facts.played.follow})
        elif isinstance(facts.covered, Card) and facts.kept is not None:
            expected.append({facts.covered, facts.kept.card})
        if facts.kept is not None:
            won = facts.kept.won
            expected.append(
                {facts.kept.card} | (set() if won else {*facts.kept.revealed, *facts.kept.freed, *facts.kept.follow})
            )
        elif facts.played is not None:
            expected.append({facts.played.card})
        assert named == expected, (lang, reasons)
        message = review_message(result, lang, kept, before.card_at(kept) if isinstance(kept, int) else None, facts)
        assert message.endswith(" ".join(reasons))
