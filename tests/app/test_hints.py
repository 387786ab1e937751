"""The app's Hint button, Winnable? indicator and winnable-only deals, driven by clicks.

The hand-built layouts below have answers known by hand (see their
docstrings); the expected sentences are written out in English and
Portuguese, not computed from the catalogue.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from widget_state import css_classes, plain

from tripeaks import DECK, Card, Game, GameCode, RuleSet, Status, WrapRule
from tripeaks import solver as solver_module
from tripeaks.app import TriPeaksApp, build_app
from tripeaks.app.factory import compose
from tripeaks.app.views.hints import HINT_BUDGETS, HintTools
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.ui import ui_text
from tripeaks.solver import Verdict, solve

LOST_CLASSIC = "TP1-C-AAAAAAD"  # docs/rules.md §5: not winnable under Classic
WON_EASY = "TP1-E-AAAAAAD"  # docs/rules.md §5: winnable under Easy


# ---------------------------------------------------------------- helpers
def status(app: TriPeaksApp) -> str:
    return plain(ui(app).status.value)


def ringed(app: TriPeaksApp) -> tuple[list[int], bool]:
    """(highlighted positions, stock highlighted?) as the board's CSS classes say."""
    cards = [p for p, b in enumerate(app.board.card_buttons) if "tp-highlight" in css_classes(b)]
    return cards, "tp-highlight" in css_classes(app.board.stock_button)


def snapshot(game: Game) -> tuple:
    return game.state_key(), game.moves, len(game.history), game.score, game.stock_count


def layout(
    order: list[int], ranks: list[int], waste_rank: int, first_drawn: list[int], last_drawn: list[int], rule: WrapRule
) -> Game:
    """A deal whose tableau position ``order[i]`` holds a card of rank ``ranks[i]`` (first free suit).

    The waste gets a card of ``waste_rank``; the stock starts with cards of the
    ranks ``first_drawn`` and ends with ``last_drawn``; the rest is in between.
    """
    pool = list(DECK)

    def take(rank: int) -> Card:
        card = next(c for c in pool if c.rank == rank)
        pool.remove(card)
        return card

    tableau: list[Card | None] = [None] * 28
    for p, r in zip(order, ranks):
        tableau[p] = take(r)
    waste = take(waste_rank)
    head = [take(r) for r in first_drawn]
    tail = [take(r) for r in last_drawn]
    return Game.from_layout(tableau, waste, head + pool + tail, rule)


# Layout S (Classic): A♣ on the waste, 2♣ first in the stock, the tableau one chain of ranks
# 3,4,…,Q,K,Q,…,4,3,4,…,10 taken base row first, then row 2, row 1 and the apexes.  No 2 in the
# tableau, so at the start no card fits on the A: drawing is the only action, and after it the 3♣ at
# position 18 is the only play.  Drawing once then playing ORDER_S wins (checked below).
ORDER_S = list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + [0, 1, 2]
RANKS_S = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 4, 5, 6, 7, 8, 9, 10]

# Layout T (Classic): after all 23 draws the waste is 3♥ and the stock is empty.  Two cards fit:
# 4♣ (position 18) starts a chain through all 28 cards (ORDER_T), while 2♣ (position 27) is a trap:
# after it the waste is a 2, no A or 3 is exposed, 27 alone uncovers nothing, the stock is empty:
# blocked, lost.  So the only move that keeps the game winnable is 4♣.
ORDER_T = list(range(18, 27)) + list(range(9, 17)) + [3, 4, 5, 27, 17, 6, 7, 8, 0, 1, 2]
RANKS_T = [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9]


def layout_s() -> Game:
    return layout(ORDER_S, RANKS_S, 1, [2], [], WrapRule.CLASSIC)


def layout_t_drawn() -> Game:
    """Layout T after its 23 draws: waste 3♥, empty stock, 4♣ at 18 and the 2♣ trap at 27."""
    g = layout(ORDER_T, RANKS_T, 13, [], [3], WrapRule.CLASSIC)
    for _ in range(23):
        g.draw()
    return g


def hinted_app(game: Game, lang: str = "en") -> tuple[TriPeaksApp, HintTools]:
    """The app as build_app makes it, with generous time budgets: these tests are about what is said,
    not about speed, and must not turn "unknown" on a loaded machine (tests of "unknown" use max_nodes)."""
    app = build_app(game=game, lang=lang)
    tools = app.hints
    assert tools is not None
    tools.hint_budgets = (30.0, 60.0)
    tools.indicator_budget = tools.deal_try_budget = 30.0
    return app, tools


def test_the_hand_built_layouts_are_what_their_comments_say():
    s = layout_s()
    assert s.legal_actions() == ["D"] and str(s.waste_top) == "AC" and str(s.stock_cards[0]) == "2C"
    s.draw()
    assert s.legal_actions() == [18, "D"] and str(s.card_at(18)) == "3C"
    for p in ORDER_S:
        s.play(p)
    assert s.status is Status.WON

    t = layout_t_drawn()
    assert t.stock_count == 0 and str(t.waste_top) == "3H"
    assert t.legal_actions() == [18, 27] and (str(t.card_at(18)), str(t.card_at(27))) == ("4C", "2C")
    trap = t.copy()
    trap.play(27)
    assert trap.status is Status.BLOCKED
    for p in ORDER_T:
        t.play(p)
    assert t.status is Status.WON


# ---------------------------------------------------------------- the widgets are there
def test_build_app_has_the_hint_tools_with_their_css_classes():
    app = build_app(WON_EASY)
    tools = app.hints
    assert tools is not None
    box = next(c for c in app.controls.children if "tp-hint-box" in css_classes(c))
    assert tools.hint_button in box.children and "tp-hint" in css_classes(tools.hint_button)
    assert tools.winnable_toggle in box.children and tools.winnable_label in box.children
    assert "tp-winnable-toggle" in css_classes(tools.winnable_toggle)
    assert "tp-winnable" in css_classes(tools.winnable_label)
    assert "tp-only-winnable" in css_classes(tools.only_winnable)
    assert "tp-deal-note" in css_classes(tools.deal_note)
    children = app.controls.children
    assert compose(app) is app and app.hints is tools and app.controls.children == children  # once per app
    assert build_app(WON_EASY, hints=False).hints is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_labels_are_words_in_the_language_and_the_spoiler_starts_off(lang):
    app, tools = hinted_app(Game.from_code(WON_EASY), lang)
    assert tools.hint_button.description == ui_text("controls.hint", lang)
    assert sum(ch.isalpha() for ch in tools.hint_button.description) >= 4  # never a bare symbol
    assert tools.winnable_toggle.value is False and tools.indicator == "off"
    assert tools.winnable_toggle.description == ui_text("hints.winnable_off", lang)
    assert tools.winnable_label.layout.display == "none" and tools.winnable_label.value == ""
    assert tools.only_winnable.value is False
    assert tools.only_winnable.description == ui_text("hints.only_winnable", lang)
    assert tools.hint_button.tooltip == ui_text("hints.tip", lang)
    assert "costs no points" in ui_text("hints.tip", "en")  # docs/rules.md §3 charges moves only, not hints


# ---------------------------------------------------------------- Hint: known answers
def test_hint_rings_the_stock_when_drawing_is_the_only_way():
    app, tools = hinted_app(layout_s())
    before = snapshot(app.game)
    tools.hint_button.click()
    assert ringed(app) == ([], True)
    assert status(app) == "Draw a card from the stock: no card on the board fits A♣."  # why a draw
    assert snapshot(app.game) == before
    app.set_language("pt")
    assert status(app) == "Compre uma carta do monte: nenhuma carta dos picos serve no A♣."
    assert ringed(app) == ([], True)  # the ring survives the redraw of the board
    app.board.stock_button.click()  # the player follows the hint
    assert ringed(app) == ([], False) and app.game.moves == 1


def test_hint_rings_the_only_play_and_says_why_in_english_and_portuguese():
    game = layout_s()
    game.draw()
    app, tools = hinted_app(game)
    tools.hint_button.click()
    assert ringed(app) == ([18], False)
    assert (
        status(app) == "Play 3♣ on 2♣: the game stays winnable. This play frees no card, but after it you can play 4♣."
    )
    app.set_language("pt")
    assert status(app) == (
        "Jogue o 3♣ sobre o 2♣: a partida continua a poder ser ganha."
        " Esta jogada não liberta nenhuma carta, mas depois pode jogar o 4♣."
    )
    assert ringed(app) == ([18], False)


@pytest.mark.parametrize(
    "lang, sentence",
    [
        ("en", "Play 4♣ on 3♥: the game stays winnable. This play frees no card, but after it you can play 5♣."),
        (
            "pt",
            "Jogue o 4♣ sobre o 3♥: a partida continua a poder ser ganha."
            " Esta jogada não liberta nenhuma carta, mas depois pode jogar o 5♣.",
        ),
    ],
)
def test_hint_avoids_the_trap(lang, sentence):
    app, tools = hinted_app(layout_t_drawn(), lang)
    before = snapshot(app.game)
    tools.hint_button.click()
    assert ringed(app) == ([18], False)  # not the 2♣ at 27, which loses
    assert status(app) == sentence
    assert snapshot(app.game) == before
    assert tools.last_hint is not None and tools.last_hint.kind == "play" and tools.last_hint.action == 18


def test_following_hints_wins_layout_s():
    app, tools = hinted_app(layout_s())
    for _ in range(60):
        if app.game.is_over:
            break
        tools.hint_button.click()
        cards, stock = ringed(app)
        assert stock != bool(cards)
        (app.board.stock_button if stock else app.board.card_buttons[cards[0]]).click()
    assert app.game.status is Status.WON
    assert tools.hint_button.disabled


# ---------------------------------------------------------------- Hint: lost, over, unknown
def test_hint_says_plainly_when_the_deal_can_no_longer_be_won():
    app, tools = hinted_app(Game.from_code(LOST_CLASSIC))
    tools.hint_button.click()
    assert ringed(app) == ([], False)
    assert status(app) == "This deal cannot be won from here, whatever you play: deal a new game."
    app.board.stock_button.click()  # now there is a move to undo
    tools.hint_button.click()
    assert status(app) == "This position can no longer be won, whatever you play; undo or start a new game."
    app.set_language("pt")
    assert "já não pode ser ganha" in status(app)


def test_hint_is_disabled_and_polite_once_the_game_is_over():
    app, tools = hinted_app(layout_t_drawn())
    app.board.card_buttons[27].click()  # the trap: blocked
    assert app.game.status is Status.BLOCKED and tools.hint_button.disabled
    before = snapshot(app.game)
    tools.hint_button.click()  # a click that reaches the kernel anyway
    assert status(app) == ui_text("hints.over_blocked", "en")
    assert snapshot(app.game) == before and ringed(app) == ([], False)
    ui(app).undo_button.click()
    assert not tools.hint_button.disabled
    tools.hint_button.click()
    assert ringed(app) == ([18], False)

    won = layout_s()
    won.draw()
    for p in ORDER_S:
        won.play(p)
    app, tools = hinted_app(won, "fr")
    assert tools.hint_button.disabled
    tools.hint_button.click()
    assert status(app) == "La partie est gagnée\u00a0: il n'y a plus rien à indiquer."


def test_out_of_budget_says_unknown_and_searches_longer_when_asked_again():
    app, tools = hinted_app(Game.from_code(WON_EASY))
    tools.max_nodes = 1  # stands for a search too slow for its time budget
    before = snapshot(app.game)
    tools.hint_budgets = HINT_BUDGETS
    ms = [round(b * 1000) for b in HINT_BUDGETS]
    tools.hint_button.click()
    assert status(app) == ui_text("hints.unknown", "en", ms=ms[0]) and ringed(app) == ([], False)
    tools.hint_button.click()
    assert status(app) == ui_text("hints.unknown", "en", ms=ms[1])
    tools.hint_button.click()
    assert status(app) == ui_text("hints.unknown_last", "en", ms=ms[-1])
    assert "within" in status(app) and "safe" in status(app)
    tools.max_nodes = None
    tools.hint_button.click()
    assert tools.last_hint is not None and tools.last_hint.kind in ("play", "draw")
    assert snapshot(app.game) == before


def test_a_failing_search_shows_a_message_and_leaves_the_game(monkeypatch):
    app, tools = hinted_app(Game.from_code(WON_EASY))
    before = snapshot(app.game)

    def broken(*_a, **_k):
        raise RuntimeError("boom")

    monkeypatch.setattr(solver_module, "hint", broken)
    tools.hint_button.click()
    assert status(app) == ui_text("status.failure", "en")
    assert snapshot(app.game) == before and ringed(app) == ([], False)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(0, 32**7 - 1),
    rule=st.sampled_from([WrapRule.EASY, WrapRule.CLASSIC]),
    picks=st.lists(st.integers(0, 50), max_size=25),
)
def test_a_hint_never_changes_the_game_and_its_move_keeps_the_game_winnable(deal, rule, picks):
    game = Game.from_code(GameCode(rule, deal))
    for pick in picks:  # some random legal actions first
        if game.is_over:
            break
        actions = game.legal_actions()
        game.apply(actions[pick % len(actions)])
    app, tools = hinted_app(game)
    before = snapshot(game)
    tools.hint_button.click()
    assert app.game is game and snapshot(game) == before
    h = tools.last_hint
    if game.is_over:
        assert h is None
        return
    assert h is not None
    truth = solve(game).verdict
    if h.kind in ("play", "draw"):
        after = game.copy()
        after.apply(h.action)
        assert solve(after).verdict is Verdict.WINNABLE
        assert ringed(app) == (([h.action], False) if h.kind == "play" else ([], True))
        if h.kind == "draw":  # drawing only when no play keeps the game winnable
            for p in game.playable():
                g = game.copy()
                g.play(p)
                assert solve(g).verdict is Verdict.UNWINNABLE
    else:
        assert h.kind == "lost" and truth is Verdict.UNWINNABLE


# ---------------------------------------------------------------- Winnable? indicator
def test_winnable_indicator_toggles_and_follows_each_action():
    app, tools = hinted_app(layout_t_drawn())
    assert tools.indicator == "off"
    tools.winnable_toggle.value = True
    assert tools.indicator == "yes" and plain(tools.winnable_label.value) == "Still winnable."
    assert tools.winnable_label.layout.display is None
    assert tools.winnable_toggle.description == "Winnable? on"
    app.board.card_buttons[27].click()  # the trap
    assert tools.indicator == "no" and plain(tools.winnable_label.value) == "Not winnable from here."
    app.set_language("pt")
    assert plain(tools.winnable_label.value) == "A partida já não pode ser ganha."
    ui(app).undo_button.click()
    assert tools.indicator == "yes" and plain(tools.winnable_label.value) == "A partida ainda pode ser ganha."
    for p in ORDER_T:
        app.board.card_buttons[p].click()
    assert app.game.status is Status.WON and tools.indicator == "won"
    tools.winnable_toggle.value = False
    assert tools.indicator == "off" and tools.winnable_label.layout.display == "none"
    assert tools.winnable_toggle.description == "Ganhável? desligado"


def test_winnable_indicator_on_a_lost_deal_and_when_out_of_time():
    app, tools = hinted_app(Game.from_code(LOST_CLASSIC))
    tools.winnable_toggle.value = True
    assert tools.indicator == "no"
    tools.max_nodes = 1
    ui(app).code_input.value = WON_EASY
    ui(app).deal_button.click()
    assert tools.indicator == "unknown"
    assert (
        plain(tools.winnable_label.value)
        == f"Unknown within the time limit ({round(tools.indicator_budget * 1000):,} ms)."
    )


# ---------------------------------------------------------------- only winnable deals
class Deals:
    """A random_game stand-in: hands out the given codes in turn and records the rules asked for."""

    def __init__(self, *codes: str) -> None:
        self.codes = list(codes)
        self.asked: list[RuleSet] = []

    def __call__(self, rule: RuleSet) -> Game:
        self.asked.append(rule)
        return Game.from_code(self.codes[min(len(self.asked), len(self.codes)) - 1])


def test_only_winnable_deals_skips_an_unwinnable_deal():
    app, tools = hinted_app(Game.from_code("TP1-E-AAAAAAB"))
    tools.random_game = deals = Deals(LOST_CLASSIC, WON_EASY)
    tools.only_winnable.value = True
    ui(app).deal_button.click()  # empty code: a random deal
    assert str(app.game.code) == WON_EASY and len(deals.asked) == 2
    assert solve(app.game).verdict is Verdict.WINNABLE
    assert plain(tools.deal_note.value) == "The solver proved this deal winnable after trying 2 deals."
    app.set_language("fr")
    assert (
        plain(tools.deal_note.value) == "Le solveur a prouvé que cette donne est gagnable, après avoir essayé 2 donnes."
    )
    ui(app).restart_button.click()  # same cards: still proven
    assert "2" in plain(tools.deal_note.value)


def test_without_the_option_the_first_random_deal_is_dealt():
    app, tools = hinted_app(Game.from_code("TP1-E-AAAAAAB"))
    tools.random_game = deals = Deals(LOST_CLASSIC, WON_EASY)
    ui(app).new_rule.value = "C"
    ui(app).deal_button.click()
    assert str(app.game.code) == LOST_CLASSIC and deals.asked == [RuleSet.from_rule(WrapRule.CLASSIC)]
    assert tools.deal_note.value == ""


def test_only_winnable_deals_gives_up_after_its_tries_and_says_so():
    app, tools = hinted_app(Game.from_code("TP1-E-AAAAAAB"))
    tools.random_game = deals = Deals(LOST_CLASSIC)
    tools.deal_max_tries = 3
    tools.only_winnable.value = True
    ui(app).new_rule.value = "C"
    ui(app).deal_button.click()
    assert deals.asked == [RuleSet.from_rule(WrapRule.CLASSIC)] * 3 and str(app.game.code) == LOST_CLASSIC
    assert plain(tools.deal_note.value) == ui_text(
        "hints.deal_none", "en", tries=3, ms=round(tools.deal_try_budget * 1000)
    )
    assert "may not be winnable" in plain(tools.deal_note.value)


def test_the_new_game_button_after_a_loss_also_deals_only_winnable_games():
    app, tools = hinted_app(layout_t_drawn())
    tools.random_game = deals = Deals(LOST_CLASSIC, WON_EASY)
    tools.only_winnable.value = True
    app.board.card_buttons[27].click()  # blocked: the New game button shows
    ui(app).again_button.click()
    assert str(app.game.code) == WON_EASY and len(deals.asked) == 2


def test_a_pasted_code_is_dealt_as_given_and_the_note_says_the_code_decides():
    app, tools = hinted_app(Game.from_code("TP1-E-AAAAAAB"))
    tools.random_game = deals = Deals(WON_EASY)
    tools.only_winnable.value = True
    ui(app).code_input.value = LOST_CLASSIC
    ui(app).deal_button.click()
    assert str(app.game.code) == LOST_CLASSIC and deals.asked == []
    assert plain(tools.deal_note.value) == (
        "The code decides: a pasted code is dealt as given, whether or not it can be won."
    )
    ui(app).code_input.value = "TP1-X-AAAAAAD"  # invalid: nothing changes
    ui(app).deal_button.click()
    assert str(app.game.code) == LOST_CLASSIC and "decides" in plain(tools.deal_note.value)
    ui(app).code_input.value = ""  # the player empties the field: that deals nothing
    assert "decides" in plain(tools.deal_note.value)
    ui(app).restart_button.click()
    assert "decides" in plain(tools.deal_note.value)
    ui(app).deal_button.click()  # empty field: a random deal, proven
    assert str(app.game.code) == WON_EASY and "after trying 1 deal." in plain(tools.deal_note.value)
    tools.only_winnable.value = False
    ui(app).code_input.value = LOST_CLASSIC
    ui(app).deal_button.click()
    assert tools.deal_note.value == ""  # without the option there is nothing to explain


def test_the_solver_is_loaded_and_its_tables_built_only_when_the_player_asks():
    import subprocess
    import sys

    code = """
import sys, threading, time
from tripeaks.app import build_app
app = build_app("TP1-E-AAAAAAB")
tools = app.hints
app.board.stock_button.click()
app.controls.undo_button.click()
time.sleep(0.5)  # an app left alone: nothing happens in the background
before = ("tripeaks.solver" in sys.modules, "tripeaks.solver._search" in sys.modules, threading.active_count())
tools.hint_button.click()
core = sys.modules["tripeaks.solver._core"]  # the compiled core's tables, else the Python search's
tables = core._ready is not None or sys.modules["tripeaks.solver._search"]._LATTICE is not None
print(*before, "tripeaks.solver" in sys.modules, tables, tools.last_hint.kind.value)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False", "1", "True", "True", "play"]


def test_the_winnable_indicator_counts_as_a_hint_in_the_game_it_is_on_for():
    """The kind of fault: a solver aid that the hints count (and a class's results) did not see."""
    from tripeaks.app import build_app
    from tripeaks.app.model.events import Setting

    app = build_app("TP1-E-AAAAAAB", keep=False)
    try:
        s = app.session
        assert s.hints == 0
        s.set_option(Setting.WINNABLE, True)  # switched on in a game being played
        assert s.hints == app.hints.hints_given == 1
        s.set_option(Setting.WINNABLE, False)
        assert s.hints == 1  # switched off: nothing more
        s.set_option(Setting.WINNABLE, True)
        assert s.hints == 2  # on again: the solver's answer is seen again
        s.deal_code("TP1-E-AAAAAAD")
        if s.pending is not None:
            app.confirm.yes_button.click()
        assert s.hints == 1  # dealt with the indicator on
        s.set_option(Setting.WINNABLE, False)
        s.deal_code("TP1-E-AAAAAAB")
        assert s.hints == 0  # dealt with it off
    finally:
        app.close()


@pytest.mark.parametrize("presses", [1, 2, 4])
@pytest.mark.parametrize("positions", [1, 3])
def test_a_hint_counts_once_for_a_position_however_often_it_is_asked(presses, positions):
    """The kind of fault: pressing Hint again at the same moment (a second look, a longer search)
    counted as another hint, so a student who pressed twice ranked as one who needed two."""
    from tripeaks.app import build_app

    app = build_app("TP1-E-AAAAAAB", keep=False)
    try:
        for i in range(positions):
            if i:
                app.session.draw()  # a new position: a new hint
            for _ in range(presses):
                app.hints.hint_button.click()
        assert app.session.hints == app.hints.hints_given == positions
        app.session.draw()
        app.controls.undo_button.click()  # back to the same cards, at a later moment: a hint there counts again
        app.hints.hint_button.click()
        assert app.session.hints == positions + 1
    finally:
        app.close()
