"""Rule sets (docs/rules.md §8): the options, the presets, and each option on hand-built layouts.

Expected points are written from §8's definitions here (run places, 15/30/45 by order of
emptying, +100 for the clear, −5 a draw, −5 an undo, floor 0), not read back from the engine.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import pytest

import tripeaks.engine.game as game_module
from tripeaks import (
    CLASSIC,
    DECK,
    EASY,
    JOKER,
    PRESETS,
    TRADITIONAL,
    TRI_PEAKS,
    TRI_PEAKS_FACILE,
    Card,
    DrawEvent,
    DrawRule,
    Game,
    GameCode,
    IllegalMoveError,
    InvalidCodeError,
    Joker,
    PeaksRule,
    PlayEvent,
    Preset,
    RecordError,
    Refusal,
    RuleSet,
    ScoreParts,
    ScoringRule,
    Status,
    TimeUpEvent,
    UndoEvent,
    UndoRule,
    WasteRule,
    WrapRule,
    deal_cards,
)
from tripeaks.engine.cards import parse_card_or_joker
from tripeaks.engine.rules import FlagError
from tripeaks.i18n import LANGUAGES, card_name, explain, refusal_message, status_message
from tripeaks.i18n.ui import code_error_message, preset_name, rule_name
from tripeaks.solver import Verdict, best_score, hint, solve

LayoutBuilder = Callable[..., Game]

RUNS = RuleSet(scoring="runs")
# Empties the right peak with the 10th play, the middle with the 19th, the left with the 28th;
# each step removes only exposed cards.
RIGHT = [24, 25, 26, 27, 15, 16, 17, 7, 8, 2]
MIDDLE = [21, 22, 23, 12, 13, 14, 5, 6, 1]
LEFT = [18, 19, 20, 9, 10, 11, 3, 4, 0]


def board(
    rules: RuleSet,
    cards: dict[int, str] | None = None,
    waste: Sequence[str] = ("AC",),
    stock: Sequence[str] = (),
    avoid: Sequence[int] = (),
) -> Game:
    """A whole deck with some positions fixed, the stock starting with ``stock`` ("JK" a joker);
    the other jokers of ``rules`` go at the end of the stock, cards whose rank is in ``avoid``
    go to the stock."""
    fixed = {p: Card.parse(c) for p, c in (cards or {}).items()}
    wst = [Card.parse(c) for c in waste]
    head = [parse_card_or_joker(c) for c in stock]
    chosen = set(fixed.values()) | set(wst) | {c for c in head if isinstance(c, Card)}
    rest = sorted((c for c in DECK if c not in chosen), key=lambda c: c.rank in avoid)
    tableau = [fixed[p] if p in fixed else rest.pop(0) for p in range(28)]
    jokers = [JOKER] * (rules.jokers - sum(isinstance(c, Joker) for c in head))
    return Game.from_layout(tableau, wst, head + rest + jokers, rules=rules)


def snapshot(game: Game) -> tuple[object, ...]:
    return (game.state_key(), game.moves, game.history, game.standing_actions, game.tableau, game.stock_cards)


def refused(game: Game, action: Callable[[], object], why: Refusal) -> None:
    """``action`` raises IllegalMoveError(why) and changes nothing at all."""
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        action()
    assert info.value.refusal is why
    assert snapshot(game) == before


# ---------------------------------------------------------------- the value and the presets


def test_defaults_are_the_game_of_sections_1_to_6() -> None:
    r = RuleSet()
    assert (r.wrap, r.draw, r.peaks, r.jokers, r.waste, r.scoring, r.undo, r.timer) == (
        True,
        "any",
        "hidden",
        0,
        "dealt",
        "standard",
        "free",
        None,
    )
    assert r == EASY and r.rule is WrapRule.EASY and r.is_default and str(r) == "E" and r.flags == ""
    assert RuleSet(wrap=False) == CLASSIC and CLASSIC.rule is WrapRule.CLASSIC and CLASSIC.is_default
    assert RuleSet.from_rule(WrapRule.CLASSIC) == CLASSIC and RuleSet.parse(WrapRule.EASY) == EASY


def test_presets_are_those_of_section_8() -> None:
    assert list(PRESETS) == [
        Preset.EASY,
        Preset.CLASSIC,
        Preset.TRADITIONAL,
        Preset.TRI_PEAKS,
        Preset.TRI_PEAKS_FACILE,
    ]
    assert [p.value for p in Preset] == ["easy", "classic", "traditional", "tri-peaks", "tri-peaks-facile"]
    assert TRADITIONAL == RuleSet(wrap=True, draw=DrawRule.STUCK, scoring=ScoringRule.RUNS)
    assert TRI_PEAKS == RuleSet(wrap=False, peaks=PeaksRule.OPEN, undo=UndoRule.PENALTY)
    assert TRI_PEAKS_FACILE == RuleSet(wrap=True, peaks=PeaksRule.OPEN, undo=UndoRule.PENALTY)
    for preset, rules in PRESETS.items():
        assert preset.rules == rules and rules.preset is preset
        assert RuleSet.parse(preset.value) == rules
    assert RuleSet(jokers=1).preset is None


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        CLASSIC,
        TRADITIONAL,
        TRI_PEAKS,
        RuleSet(
            wrap=False, draw="stuck", peaks="open", jokers=2, waste="empty", scoring="runs", undo="penalty", timer=1
        ),
        RuleSet(timer=60),
    ],
)
def test_repr_rebuilds_and_text_parses_back(rules: RuleSet) -> None:
    assert eval(repr(rules)) == rules
    assert RuleSet.parse(str(rules)) == rules
    assert RuleSet.parse(str(rules).lower()) == rules
    assert hash(rules) == hash(eval(repr(rules)))


def test_repr_shows_only_what_differs_from_the_default() -> None:
    assert repr(TRADITIONAL) == "RuleSet(draw='stuck', scoring='runs')"
    assert repr(TRI_PEAKS) == "RuleSet(wrap=False, peaks='open', undo='penalty')"
    assert repr(RuleSet(jokers=2, timer=3)) == "RuleSet(jokers=2, timer=3)"


@pytest.mark.parametrize(
    ("text", "rules"),
    [
        ("traditional", TRADITIONAL),
        ("Tri Peaks", TRI_PEAKS),
        ("tri_peaks_facile", TRI_PEAKS_FACILE),
        ("CLASSIC", CLASSIC),
        ("easy", EASY),
        ("N", EASY),
        ("c-op", TRI_PEAKS),
        ("E-RS", TRADITIONAL),
        (" e-jjw ", RuleSet(jokers=2, waste="empty")),
    ],
)
def test_parse_presets_rules_and_flags(text: str, rules: RuleSet) -> None:
    assert RuleSet.parse(text) == rules


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"draw": "sometimes"}, "draw"),
        ({"peaks": "up"}, "peaks"),
        ({"jokers": 3}, "jokers"),
        ({"jokers": True}, "jokers"),
        ({"waste": "full"}, "waste"),
        ({"scoring": "streaks"}, "scoring"),
        ({"undo": "never"}, "undo"),
        ({"timer": 0}, "timer"),
        ({"timer": 61}, "timer"),
        ({"timer": 5.0}, "timer"),
        ({"wrap": "yes"}, "wrap"),
    ],
)
def test_bad_option_values_are_refused(kwargs: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        RuleSet(**kwargs)  # type: ignore[arg-type]


def test_bad_rule_set_texts_are_refused() -> None:
    for bad in ("tri", "X-SR", "", "E-XZ", 3):
        with pytest.raises(ValueError):
            RuleSet.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(FlagError) as info:
        RuleSet.parse("E-SS")
    assert info.value.reason == "flag_repeated" and info.value.part == "S"
    with pytest.raises(TypeError, match="colour"):
        EASY.replace(colour="red")


def test_rule_keeps_working_everywhere() -> None:
    assert WrapRule.parse("classic") is WrapRule.CLASSIC
    assert Game.from_code("TP1-C-AAAAAAD").rule is WrapRule.CLASSIC
    assert Game.from_code("TP1-C-AAAAAAD").rules == CLASSIC
    assert Game.new(WrapRule.CLASSIC).rules == CLASSIC
    assert Game.new("traditional").rules == TRADITIONAL
    assert Game.new(rules=TRI_PEAKS).rules == TRI_PEAKS and Game.new(rules=TRI_PEAKS).rule is WrapRule.CLASSIC
    assert Game.new().rules == EASY
    with pytest.raises(ValueError, match="not both"), pytest.warns(DeprecationWarning, match="rule="):
        Game.new(WrapRule.EASY, rule=TRADITIONAL)
    g = Game.from_code("TP1-E-AAAAAAD-SR")
    assert g.rules == TRADITIONAL and str(g.code) == "TP1-E-AAAAAAD-SR"
    assert g.restart().rules == TRADITIONAL and g.copy().rules == TRADITIONAL


# ---------------------------------------------------------------- draw: any / stuck


def test_draw_stuck_refuses_a_draw_while_a_play_exists() -> None:
    game = board(RuleSet(draw="stuck"), {18: "2H"}, waste=["AC"])
    assert game.refusal(18) is None
    assert game.draw_refusal() is Refusal.DRAW_STUCK and not game.can_draw
    assert "D" not in game.legal_actions()
    refused(game, game.draw, Refusal.DRAW_STUCK)
    refused(game, lambda: game.apply("D"), Refusal.DRAW_STUCK)
    # the same layout under "draw any" draws
    assert board(RuleSet(), {18: "2H"}, waste=["AC"]).draw().card is not None


def test_draw_stuck_allows_a_draw_when_no_play_exists() -> None:
    game = board(RuleSet(draw="stuck"), waste=["AC"], stock=["7D", "8S"], avoid=(2, 13))
    assert game.playable() == [] and game.can_draw and game.legal_actions() == ["D"]
    event = game.draw()
    assert event.card == Card.parse("7D")
    # now an exposed 6 or 8 may fit; the draw is allowed again exactly when none does
    assert (game.draw_refusal() is Refusal.DRAW_STUCK) == bool(game.playable())


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "A card can still be played"),
        ("pt", "Ainda há uma carta que pode ser jogada"),
        ("fr", "Une carte peut encore être jouée"),
    ],
)
def test_draw_stuck_message_is_quoted_verbatim(lang: str, sentence: str) -> None:
    assert refusal_message(Refusal.DRAW_STUCK, lang) == sentence


# ---------------------------------------------------------------- peaks: hidden / open


def test_open_peaks_deal_every_card_face_up() -> None:
    game = Game.from_code("TP1-C-AAAAAAD-OP")
    assert all(slot is not None and slot.face_up for slot in game.tableau)
    assert "##" not in str(game)
    hidden = Game.from_code("TP1-C-AAAAAAD")
    assert game.dealt_tableau == hidden.dealt_tableau


def test_open_peaks_still_refuse_a_covered_card_as_blocked() -> None:
    game = board(TRI_PEAKS_FACILE, {3: "2H", 9: "2D", 18: "2S"}, waste=["AC"])
    assert game.tableau[3] is not None and game.tableau[3].face_up
    assert game.refusal(3) is Refusal.BLOCKED and game.refusal(9) is Refusal.BLOCKED
    refused(game, lambda: game.play(3), Refusal.BLOCKED)
    assert game.refusal(18) is None


def test_open_peaks_reveal_nothing_and_undo_hides_nothing(scripted: LayoutBuilder) -> None:
    game = scripted([18, 19, 20], rules=RuleSet(peaks="open"))
    assert game.reveals(19) == ()
    events = [game.play(p) for p in (18, 19, 20)]
    assert all(e.revealed == () and e.revealed_cards == () for e in events)
    game.undo()
    assert all(slot is None or slot.face_up for slot in game.tableau)
    hidden = scripted([18, 19, 20])
    assert [hidden.play(p).revealed for p in (18, 19, 20)] == [(), (9,), (10,)]


# ---------------------------------------------------------------- jokers


@pytest.mark.parametrize("card", ["KS", "AH", "7D"])
def test_a_joker_on_the_waste_accepts_any_exposed_card(card: str) -> None:
    game = board(RuleSet(jokers=1), {18: "KS", 19: "AH", 20: "7D"}, waste=["5C"], stock=["JK"])
    assert game.refusal(18) is Refusal.NOT_ADJACENT
    drawn = game.draw()
    assert isinstance(drawn, DrawEvent) and drawn.joker and drawn.card == JOKER and game.waste_top == JOKER
    assert game.playable() == list(range(18, 28))  # every exposed card fits
    event = game.play_card(card)
    assert event.onto_joker and event.previous_top == JOKER and event.direction == 0 and not event.wrap
    assert game.waste_top == Card.parse(card) and game.waste[-2] == JOKER  # the joker stays under it
    undo = game.undo()
    assert undo.card == Card.parse(card) and game.waste_top == JOKER


def test_jokers_are_never_in_the_tableau_and_never_played() -> None:
    cards = [str(c) for c in deal_cards(3)]
    with pytest.raises(ValueError):
        Game.from_layout(["JK"] + cards[1:28], cards[28], cards[29:] + [cards[0]], rules=RuleSet(jokers=1))
    with pytest.raises(ValueError, match="joker"):
        Game.from_layout(cards[:28], cards[28], cards[29:], rules=RuleSet(jokers=1))  # the joker is missing
    with pytest.raises(ValueError, match="joker"):
        Game.from_layout(cards[:28], cards[28], cards[29:] + ["JK"])  # a joker the rule set does not have
    with pytest.raises(ValueError):
        Game.from_layout(cards[:28], ["JK"], cards[28:], rules=RuleSet(jokers=1))  # not on the waste either
    game = board(RuleSet(jokers=2), stock=["JK", "JK"])
    game.draw()
    game.draw()
    with pytest.raises(ValueError):
        game.apply("JK")  # no action plays a joker: it is not a card
    assert game.waste[-2:] == (JOKER, JOKER)


def test_the_joker_has_a_name_in_words() -> None:
    assert [card_name(JOKER, lang) for lang in LANGUAGES] == ["Joker", "Jóquer", "Joker", "Comodín"]
    assert str(JOKER) == "JK" and repr(JOKER) == "JOKER" and Joker() == JOKER and not JOKER.is_red
    assert parse_card_or_joker("jk") == JOKER == parse_card_or_joker(" Joker ") == parse_card_or_joker("🃏")
    assert parse_card_or_joker("10h") == Card.parse("10H")


def test_a_joker_on_top_of_an_empty_stock_keeps_the_game_going() -> None:
    game = board(RuleSet(jokers=1), waste=["AC"], avoid=(2, 13))  # the joker is drawn last
    while game.stock_count > 1:
        game.draw()
    assert game.status is Status.PLAYING
    last = game.draw()
    assert last.card == JOKER and game.stock_count == 0 and game.status is Status.PLAYING
    game.play(18)
    assert game.status is (Status.PLAYING if game.playable() else Status.BLOCKED)


# ---------------------------------------------------------------- waste: dealt / empty


def test_empty_waste_from_a_code() -> None:
    game = Game.from_code("TP1-E-AAAAAAD-W")
    deal = deal_cards(3)
    assert game.waste_top is None and game.waste == () and game.initial_waste == ()
    assert game.stock_count == 24 and game.stock_cards[0] == deal[28] and game.stock_cards[1:] == deal[29:]
    assert game.playable() == list(range(18, 28))  # any exposed card may start the waste


def test_empty_waste_first_play_and_undo() -> None:
    game = board(RuleSet(waste="empty"), {18: "9S"}, waste=[])
    event = game.play(18)
    assert event.previous_top is None and event.onto_empty and event.direction == 0
    assert game.waste == (Card.parse("9S"),)
    assert "empty waste" in explain(event, "en")
    undo = game.undo()
    assert game.waste_top is None and "empty again" in explain(undo, "en")
    draw = game.draw()
    assert draw.previous_top is None and "empty waste" in explain(draw, "en")


def test_empty_waste_layouts_must_start_empty() -> None:
    cards = [str(c) for c in deal_cards(3)]
    with pytest.raises(ValueError, match="empty"):
        Game.from_layout(cards[:28], cards[28], cards[29:], rules=RuleSet(waste="empty"))
    game = Game.from_layout(cards[:28], None, cards[28:], rules=RuleSet(waste="empty"))
    assert game.stock_count == 24 and game.waste_top is None


# ---------------------------------------------------------------- scoring: standard / runs


def test_run_points_1_2_3_then_reset_after_a_draw(scripted: LayoutBuilder) -> None:
    game = scripted([18, 19, 20, "D", 21, 22], rules=RUNS)
    assert game.score == 0 and game.start_score == 0
    plays = [game.play(p) for p in (18, 19, 20)]
    assert [e.run for e in plays] == [1, 2, 3] and [e.points for e in plays] == [1, 2, 3]
    assert [e.parts for e in plays] == [ScoreParts(run=1), ScoreParts(run=2), ScoreParts(run=3)]
    assert game.score == 6 and game.run == 3
    draw = game.draw()
    assert draw.ended_run == 3 and draw.points == -5 and draw.parts == ScoreParts(move=-5) and game.run == 0
    assert game.score == 1
    again = [game.play(p) for p in (21, 22)]
    assert [e.run for e in again] == [1, 2] and game.score == 1 + 1 + 2


def test_a_draw_costs_5_with_the_floor_at_0(scripted: LayoutBuilder) -> None:
    game = scripted(["D", 18, "D"], rules=RUNS)
    draw = game.draw()
    assert game.score == 0 and draw.points == 0
    assert draw.parts == ScoreParts(move=-5, floor=5) and draw.parts.total == draw.points
    game.play(18)
    second = game.draw()
    assert second.parts == ScoreParts(move=-5, floor=4) and game.score == 0
    assert "below 0" in explain(second, "en")


def test_peaks_pay_15_30_45_by_order_of_emptying_and_100_for_the_clear(scripted: LayoutBuilder) -> None:
    order = RIGHT + MIDDLE + LEFT
    game = scripted(order, rules=RUNS)
    events = [game.play(p) for p in order]
    cleared = [(i + 1, e.peaks_cleared, e.parts.peaks, e.parts.clear) for i, e in enumerate(events) if e.peaks_cleared]
    assert cleared == [(10, (2,), 15, 0), (19, (1,), 30, 0), (28, (0,), 45, 100)]
    assert [e.run for e in events] == list(range(1, 29))
    assert game.status is Status.WON
    assert game.score == sum(range(1, 29)) + 15 + 30 + 45 + 100


def test_runs_scoring_with_draws_between_the_peaks(scripted: LayoutBuilder) -> None:
    actions: list[int | str] = [*RIGHT, "D", *MIDDLE, "D", *LEFT]
    game = scripted(actions, rules=RUNS)
    for a in actions:
        game.apply(a)
    expected = sum(range(1, 11)) + 15 - 5 + sum(range(1, 10)) + 30 - 5 + sum(range(1, 10)) + 45 + 100
    assert game.score == expected == 325 and game.moves == 30
    parts = game.score_parts()
    assert parts == ScoreParts(start=0, move=-10, run=55 + 45 + 45, peaks=90, clear=100)
    assert parts.total == game.score


def test_standard_scoring_parts_add_up(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted(["D", *clear_order])
    game.draw()
    events = [game.play(p) for p in clear_order]
    assert all(e.parts.total == e.points for e in events)
    assert game.score_parts() == ScoreParts(start=500, move=-29, peaks=300) and game.score == 771


def test_the_floor_is_visible_in_standard_scoring(monkeypatch: pytest.MonkeyPatch, scripted: LayoutBuilder) -> None:
    monkeypatch.setattr(game_module, "START_SCORE", 2)
    game = scripted(["D", "D", "D", 18])
    draws = [game.draw() for _ in range(3)]
    assert [d.parts for d in draws] == [ScoreParts(move=-1), ScoreParts(move=-1), ScoreParts(move=-1, floor=1)]
    assert game.score_parts().total == game.score == 0
    game.undo()
    assert game.score == 0 and game.score_parts().total == 0


# ---------------------------------------------------------------- undo: free / penalty


def test_undo_penalty_restores_the_state_then_costs_5(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D", 19], rules=RuleSet(undo="penalty"))
    game.play(18)
    before = (game.tableau, game.waste, game.stock_cards, game.status, game.run)
    game.draw()
    moves = game.moves
    undo = game.undo()
    assert (game.tableau, game.waste, game.stock_cards, game.status, game.run) == before
    assert game.score == 499 - 5 and undo.points == -4 and game.moves == moves
    assert undo.parts == ScoreParts(move=1, penalty=-5) and undo.restored_score == 499
    assert "5" in explain(undo, "en") and "494" in explain(undo, "en")
    free = scripted([18, "D", 19])
    free.play(18)
    free.draw()
    assert free.undo().points == 1 and free.score == 499  # no penalty by default


def test_undo_penalty_restores_the_run_and_stops_at_0(scripted: LayoutBuilder) -> None:
    game = scripted([18, 19, "D"], rules=RuleSet(scoring="runs", undo="penalty"))
    game.play(18)
    game.play(19)  # score 3, run 2
    game.draw()  # score 0 (floor), run 0
    undo = game.undo()
    assert game.run == 2 and game.score == 0  # back to 3, then −5, floor 0
    assert undo.parts.total == undo.points == 0 and undo.parts.penalty == -5
    game.undo()
    assert game.run == 1 and game.score == 0
    assert game.score_parts().total == game.score


# ---------------------------------------------------------------- timer


def test_time_up_ends_the_game_and_refuses_everything(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D", 19], rules=RuleSet(timer=5))
    game.play(18)
    game.draw()
    score, moves = game.score, game.moves
    event = game.apply("T")
    assert isinstance(event, TimeUpEvent) and event.token == "T" and event.minutes == 5 and event.points == 0
    assert game.status is Status.TIME_UP and game.is_over and (game.score, game.moves) == (score, moves)
    assert game.history[-1] is event and len(game.standing_actions) == 2
    assert game.playable() == [] and game.legal_actions() == [] and not game.can_undo and not game.can_draw
    assert all(game.refusal(p) is Refusal.TIME_UP for p in range(28))
    refused(game, lambda: game.play(19), Refusal.TIME_UP)
    refused(game, lambda: game.play_card(game.card_at(19)), Refusal.TIME_UP)
    refused(game, game.draw, Refusal.TIME_UP)
    refused(game, game.undo, Refusal.TIME_UP)
    refused(game, game.expire, Refusal.TIME_UP)
    assert status_message(Status.TIME_UP, "en") == "Time is up: the game is lost."


def test_expire_needs_a_timer_and_a_game_not_won(scripted: LayoutBuilder, clear_order: list[int]) -> None:
    game = scripted([18])
    refused(game, game.expire, Refusal.NO_TIMER)
    won = scripted(clear_order, rules=RuleSet(timer=1))
    for p in clear_order:
        won.play(p)
    refused(won, won.expire, Refusal.GAME_OVER)


def test_a_blocked_game_can_still_run_out_of_time(layout: LayoutBuilder) -> None:
    cards = dict(zip(range(18, 28), ["6C", "10C", "10D", "10H", "10S", "2C", "2D", "2H", "2S", "QC"]))
    game = layout(cards, waste="KD", stock_tail=["7H"], avoid=(5, 6, 7), rules=RuleSet(timer=2))
    for _ in range(23):
        game.draw()
    game.play(18)
    assert game.status is Status.BLOCKED and game.can_undo
    game.expire()
    assert game.status is Status.TIME_UP and not game.can_undo


# ---------------------------------------------------------------- records


@pytest.mark.parametrize("text", ["TP1-E-AAAAAAD-SJJWRPT5", "TP1-C-AAAAAAB-OP", "TP1-E-AAAAAAA-JT60"])
def test_records_carry_the_full_code_and_replay_the_timer(text: str) -> None:
    game = Game.from_code(text)
    for k in range(25):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply("U" if k % 6 == 5 and game.can_undo else actions[k % len(actions)])
    if game.rules.timer is not None:
        game.expire()
    record = game.to_record()
    assert record["code"] == text and (record["actions"][-1] == "T") == (game.rules.timer is not None)
    again = Game.from_record(json.dumps(record))
    assert again.state_key() == game.state_key() and again.history == game.history


def test_layout_records_carry_the_rule_set() -> None:
    cards = [str(c) for c in deal_cards(5)]
    rules = RuleSet(wrap=False, jokers=2, waste="empty", timer=3)
    game = Game.from_layout(cards[:28], [], ["JK"] + cards[28:] + ["JK"], rules=rules)
    game.draw()
    game.expire()
    record = game.to_record()
    assert record["rule"] == "C-JJWT3" and record["layout"]["waste"] == [] and record["layout"]["stock"][0] == "JK"
    again = Game.from_record(record)
    assert again.rules == rules and again.state_key() == game.state_key() and again.history == game.history


def test_a_timer_end_in_a_game_without_timer_is_a_bad_record() -> None:
    with pytest.raises(RecordError, match="action 1 .*timer"):
        Game.from_record({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "T"]})
    with pytest.raises(RecordError, match="rule set"):
        Game.from_record(
            {"format": "tripeaks-record/1", "rule": "E-X", "layout": {"tableau": [], "waste": [], "stock": []}}
        )


# ---------------------------------------------------------------- messages


def test_every_new_event_is_explained_in_whole_sentences(scripted: LayoutBuilder) -> None:
    rules = RuleSet(scoring="runs", undo="penalty", jokers=1, waste="empty", timer=9)
    game = board(rules, {18: "5S", 19: "6S"}, waste=[], stock=["JK", "8D"])
    events = [game.play(18), game.play(19), game.draw(), game.play(20), game.undo(), game.draw(), game.expire()]
    for lang in LANGUAGES:
        for e in events:
            sentence = explain(e, lang)
            assert sentence and "{" not in sentence and sentence.rstrip()[-1] in ".!", sentence
    en = [explain(e, "en") for e in events]
    assert en[0].startswith("Played 5♠ onto the empty waste")
    assert "Card 2 of the run: run bonus +2." in en[1]
    assert en[2].startswith("Drew a joker") and "ends the run of 2" in en[2]
    assert en[3].startswith("Played") and "on the joker" in en[3]
    assert "undo penalty costs 5 points" in en[4]
    assert "(9 min)" in en[6]
    for refusal in (Refusal.DRAW_STUCK, Refusal.TIME_UP, Refusal.NO_TIMER):
        assert all(refusal_message(refusal, lang) for lang in LANGUAGES)


@pytest.mark.parametrize(
    ("code", "part"),
    [("TP1-E-AAAAAAD-X", "X"), ("TP1-E-AAAAAAD-SS", "S"), ("TP1-E-AAAAAAD-T99", "T99"), ("TP1-E-AAAAAAD-", "")],
)
def test_flag_errors_have_their_own_sentence_in_every_language(code: str, part: str) -> None:
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse(code)
    for lang in LANGUAGES:
        message = code_error_message(info.value, lang)
        assert message != code_error_message(InvalidCodeError("?", "value"), lang) and part in message


def test_preset_names_for_menus() -> None:
    assert [preset_name(p, "en") for p in Preset] == ["Easy", "Classic", "Traditional", "Tri Peaks", "Tri Peaks Easy"]
    assert preset_name(TRADITIONAL, "pt") == "Tradicional" and preset_name("classic", "fr") == "Classique"
    assert preset_name(RuleSet(jokers=1), "fr") == "Personnalisée" and preset_name(None, "en") == "Custom"
    with pytest.raises(ValueError):
        preset_name("tri", "en")


# ---------------------------------------------------------------- the solver under rule sets


@pytest.mark.parametrize("flags", ["S", "J", "JJ", "W", "SR", "SJJW"])
def test_the_solver_answers_under_options_that_change_the_search(flags: str) -> None:
    # the full checks (brute force, lines, hints, budgets) are in tests/solver/test_solver_rules.py
    game = Game.from_code(f"TP1-E-AAAAAAD-{flags}")
    sol = solve(game)
    assert sol.verdict in (Verdict.WINNABLE, Verdict.UNWINNABLE)
    if sol.verdict is Verdict.WINNABLE:
        replay = game.copy()
        for action in sol.line:
            replay.apply(action)
        assert replay.status is Status.WON
        assert hint(game, time_limit=None).kind in ("play", "draw")
    else:
        assert hint(game, time_limit=None).kind == "lost" and best_score(game).score is None


@pytest.mark.parametrize("flags", ["OP", "T5", "R", "OPRT60"])
def test_the_solver_answers_through_the_wrap_for_other_options(flags: str) -> None:
    # TP1-…-AAAAAAD is winnable under Easy, not under Classic (docs/rules.md §5); the options
    # that do not change winnability keep that verdict.
    assert solve(f"TP1-C-AAAAAAD-{flags}").winnable is False
    easy = solve(f"TP1-E-AAAAAAD-{flags}")
    assert easy.winnable is True
    replay = Game.from_code(f"TP1-E-AAAAAAD-{flags}")
    for action in easy.line:
        replay.apply(action)
    assert replay.status is Status.WON


def test_best_score_follows_the_scoring_and_time_up_is_lost() -> None:
    assert best_score("TP1-E-AAAAAAD-OP").score == best_score("TP1-E-AAAAAAD").score
    runs = best_score("TP1-E-AAAAAAD-SR")
    assert runs.verdict is Verdict.UNWINNABLE  # Traditional: deal 3 is lost when drawing only when stuck
    runs = best_score("TP1-E-AAAAAAD-R")
    assert runs.optimal and runs.score is not None and runs.score < 500  # runs points, not 772 − draws
    game = Game.from_code("TP1-E-AAAAAAD-T5")
    game.expire()
    assert solve(game).winnable is False and hint(game).kind == "lost"


def test_default_events_keep_their_shape(scripted: LayoutBuilder) -> None:
    game = scripted([18, "D"])
    play, draw = game.play(18), game.draw()
    assert isinstance(play, PlayEvent) and play.run == 0 and play.parts == ScoreParts(move=-1)
    assert isinstance(draw, DrawEvent) and draw.ended_run == 0 and draw.parts == ScoreParts(move=-1)
    undo = game.undo()
    assert isinstance(undo, UndoEvent) and undo.parts == ScoreParts(move=1) and undo.points == 1
    assert WasteRule("empty") is WasteRule.EMPTY


def test_rule_name_reads_a_rule_set_by_its_wrap() -> None:
    assert rule_name(TRI_PEAKS, "fr") == rule_name(WrapRule.CLASSIC, "fr") == "Classique"
    assert rule_name(TRADITIONAL, "pt") == "Fácil"
