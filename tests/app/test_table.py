"""The table on one screen: where the parts go, feedback at the card, the end of a game on the felt.

* The app's two columns: the playing one (header, the table — the board with the end of the
  game and the refusal note over it —, the status line right under it, the controls) and the
  side one (log, plot, then the panels opened on demand).
* A refused card or draw answers on the board (``tp-refused-a`` / ``-b``, alternating so that
  each refusal shakes again) and its reason shows over the felt; a double click's echo does not.
* Open peaks: a face-up card still covered is dimmed and says so; once nothing can be played,
  no card offers a play.
* The end of the game: over the felt, with New game at hand and See the board.
* The status line follows a game change at once (before the slower views).
* "Abandon this game?" says that the game counts as lost (and, in a match, scores 0); after
  an answer the keyboard focus goes on to the stock.
* Record errors reach the player in their language; Voila shows no returned value.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from fake_store import FakeStore
from page import ui
from widget_state import css_classes, plain

from tripeaks import Game, Status
from tripeaks.app import build_app
from tripeaks.app.factory import compose
from tripeaks.app.model.session import GameStarted, MessageChanged
from tripeaks.app.play import TriPeaksApp
from tripeaks.engine.record import RecordError, Replay
from tripeaks.engine.rules import ScoringRule, UndoRule
from tripeaks.i18n import LANGUAGES, refusal_message, status_message
from tripeaks.i18n.ui import record_error_message, ui_text

CODE = "TP1-E-AAAAAAD"
BLOCKED_AFTER_DRAWS = "TP1-C-AAAAAAH"  # no card fits after the 23 draws: blocked
NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "tripeaks.ipynb"


def kept_app(code: str = CODE) -> TriPeaksApp:
    return compose(TriPeaksApp(Game.from_code(code)), store=FakeStore())


def face_down(game: Game) -> int:
    return next(p for p, slot in enumerate(game.tableau) if slot is not None and not slot.face_up)


def a_playable_card(app: TriPeaksApp) -> int:
    """A position that can be played now (drawing first if none can)."""
    while not app.game.playable():
        app.session.draw()
    return app.game.playable()[0]


def blocked_app() -> TriPeaksApp:
    app = kept_app(BLOCKED_AFTER_DRAWS)
    for _ in range(23):
        app.board.stock_button.click()
    assert app.game.status is Status.BLOCKED
    return app


# ---------------------------------------------------------------- where the parts go
def test_the_playing_column_and_the_side_column_hold_their_parts_in_order():
    app = kept_app()
    assert app.main.children[:2] == (app.header, app.keep.match_bar)
    rest = [c for c in app.main.children if c not in (app.header, app.keep.match_bar)]
    # The status line right under the table (on a phone too): a refusal's reason next to the board.
    # ("This game was continued in another tab." and Continue here, under the status line, when it applies)
    assert rest[:4] == [app.table, app.status_row, app.keep.taken_row, app.controls]
    # A win's falling cards lie over the felt, behind the end panel.
    assert app.table.children == (app.board, app.end_view.cascade, app.end_view, app.refusal_note)
    # The list of shortcuts (its toggle in the controls row) opens at the top of the side column.
    assert app.side.children[:4] == (app.keyboard.keys_panel, app.log_panel, app.plot_panel, app.new_game)
    for panel in app.keep.panels:  # statistics, replay… on demand, at the end of the side column
        assert panel in app.side.children
    assert {"tp-main"} <= css_classes(app.main) and {"tp-side"} <= css_classes(app.side)
    assert app.children[-1] is app.page_bridge and "tp-columns" in css_classes(app.children[0])


def test_a_panel_goes_after_any_part_of_either_column_and_nowhere_else():
    app = TriPeaksApp(Game.from_code(CODE))
    a, b, c = (TriPeaksApp.__mro__[1]() for _ in range(3))  # three empty boxes
    app.add_panel(a, after=app.controls)
    app.add_panel(b, after=app.plot_panel)
    app.add_panel(c)
    assert app.main.children[app.main.children.index(app.controls) + 1] is a
    assert app.side.children[app.side.children.index(app.plot_panel) + 1] is b
    assert app.side.children[-1] is c
    with pytest.raises(ValueError, match="after"):
        app.add_panel(TriPeaksApp.__mro__[1](), after=a.__class__())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_more_folds_restart_and_the_settings_of_a_phone_and_opens_them_again(lang):
    """The play bar's "More" (shown on a phone only, theme.css) marks the row open while pressed."""
    app = kept_app()
    more = app.controls.more_toggle
    assert more in app.controls.children and not more.value
    app.set_language(lang)
    assert more.description == ui_text("controls.more", lang)
    assert more.tooltip == ui_text("controls.more_tip", lang)
    assert "tp-more-open" not in css_classes(app.controls)
    more.value = True
    assert "tp-more-open" in css_classes(app.controls)
    more.value = False
    assert "tp-more-open" not in css_classes(app.controls)
    # The parts that give their buttons to the play bar are in the row (theme.css orders them).
    boxes = {frozenset(css_classes(c)) & {"tp-hint-box", "tp-access-box"} for c in app.controls.children}
    assert {frozenset({"tp-hint-box"}), frozenset({"tp-access-box"})} <= boxes


def test_the_reviews_answer_is_brought_into_view_and_nothing_else_is():
    app = blocked_app()
    sent: list[dict] = []
    app.page_bridge.send = sent.append  # what the page would be told to scroll to
    app.review_view.button.click()
    assert app.review.review is not None
    assert sent == [{"view": ".tp-end .tp-review-sentence"}]
    app.session.undo()  # the game goes on: the review is dropped, nothing is scrolled to
    assert app.review.review is None and sent == [{"view": ".tp-end .tp-review-sentence"}]


def test_the_new_game_panel_opens_on_demand_and_by_itself_to_say_why_a_code_was_refused():
    for lang in LANGUAGES:
        app = build_app(CODE, lang=lang, keep=False)
        panel = app.new_game
        assert not panel.is_open and panel.body.layout.display == "none"
        assert panel.toggle.description == ui_text("new.show", lang)
        panel.toggle.click()
        assert panel.is_open and panel.toggle.description == ui_text("new.hide", lang)
        panel.toggle.click()
        assert not panel.is_open
        app.session.deal_code("TP1-X-nonsense")  # a bad link or a pasted code: refused, and said
        assert panel.is_open and "tp-msg-error" in panel.message.value
        assert app.game.code is not None and str(app.game.code) == CODE


# ---------------------------------------------------------------- feedback at the card
def test_a_refused_card_shakes_again_at_each_refusal_and_its_reason_shows_over_the_felt():
    for lang in LANGUAGES:
        app = build_app(CODE, lang=lang, keep=False)
        p = face_down(app.game)
        card = app.board.card_buttons[p]
        card.click()
        assert "tp-refused-b" in css_classes(card) and "tp-refused-a" not in css_classes(card)
        card.click()  # a second refusal: a new animation name, so the browser shakes it again
        assert "tp-refused-a" in css_classes(card) and "tp-refused-b" not in css_classes(card)
        note = app.refusal_note
        assert note.shown and refusal_message(app.session.message.refusal, lang) in plain(note.value)
        assert "aria-hidden" in note.value  # the status line (a live region) already says it
        assert plain(note.value) == plain(ui(app).status.value)
        # A play: the note goes, the card's state is shown afresh without the refusal's class.
        playable = a_playable_card(app)
        app.board.card_buttons[playable].click()
        assert not note.shown and note.value == ""


def test_the_note_goes_to_the_bottom_of_the_felt_only_when_a_peaks_tip_was_refused():
    """Over the top of the felt (clear of the stock and the waste), but never over the refused card."""
    app = build_app(CODE, keep=False)
    note = app.refusal_note
    for p in range(28):  # every card of the deal is face-down or not adjacent at the start: refused
        assert app.game.refusal(p) is not None
        app.board.card_buttons[p].click()
        assert note.shown and ("tp-note-low" in css_classes(note)) == (p < 3), p
    app.session.draw()  # a move: the note goes, and the next one starts at the top
    assert not note.shown
    app.board.card_buttons[5].click()  # face-down in the second row
    assert note.shown and "tp-note-low" not in css_classes(note)


def test_a_refused_draw_shakes_the_stock_and_a_double_clicks_echo_shakes_nothing():
    app = blocked_app()
    stock = app.board.stock_button
    before = css_classes(stock)
    app.session.draw()  # the stock is empty: refused (the game is over, blocked)
    assert {"tp-refused-a", "tp-refused-b"} & css_classes(stock) - before
    # The note puts each sentence on a line of its own (some, like the blocked status, have no full stop).
    sentences = app.session.message.sentences("en")
    assert len(sentences) >= 2 and "<br>".join(html.escape(t) for t in sentences) in app.refusal_note.value
    app2 = build_app(CODE, keep=False)
    playable = a_playable_card(app2)
    button = app2.board.card_buttons[playable]
    button.click()
    button.click()  # the second click of a double click lands on the empty place: quiet
    assert not {"tp-refused-a", "tp-refused-b"} & css_classes(button)
    assert not app2.refusal_note.shown


def test_without_error_help_a_refused_card_still_shakes_but_says_nothing():
    app = build_app(CODE, keep=False)
    app.session.set_error_help(False)
    card = app.board.card_buttons[face_down(app.game)]
    card.click()
    assert {"tp-refused-a", "tp-refused-b"} & css_classes(card)
    assert not app.refusal_note.shown


def test_under_open_peaks_a_covered_card_is_dimmed_and_says_it_is_covered():
    for lang in LANGUAGES:
        app = build_app("TP1-E-AAAAAAD-OP", lang=lang, keep=False)
        game = app.game
        for p, button in enumerate(app.board.card_buttons):
            exposed = game.is_exposed(p)
            assert ("tp-covered" in css_classes(button)) is not exposed, p
            tip = ui_text("card.face_up_tip" if exposed else "card.covered_tip", lang)
            assert button.tooltip == tip, (lang, p)


def test_once_time_is_up_no_card_offers_a_play():
    app = build_app("TP1-E-AAAAAAD-T1", keep=False)
    app.session.expire()
    assert app.game.status is Status.TIME_UP
    for lang in LANGUAGES:
        app.set_language(lang)
        tips = {b.tooltip for b in app.board.card_buttons if "tp-up" in css_classes(b)}
        assert tips == {ui_text("card.over_tip", lang)}


# ---------------------------------------------------------------- the end of a game
def test_the_end_of_the_game_is_over_the_felt_with_new_game_and_see_the_board():
    app = blocked_app()
    end = app.end_view
    assert end.shown and end in app.table.children
    assert end.again_button.description == ui_text("new.again", "en")
    assert end.close_button.description == ui_text("end.close", "en")
    review = TriPeaksApp.__mro__[2]()  # room for another button (e.g. a review of the game)
    end.add_action(review)
    assert end.actions.children == (end.again_button, review, end.close_button)
    end.close_button.click()
    assert not end.shown and ui(app).again_button.layout.display != "none"  # New game stays under the board
    app.set_language("fr")
    assert not end.shown  # folded away until the next game ends
    ui(app).undo_button.click()  # the game goes on, then ends again: shown again
    app.board.stock_button.click()
    assert app.game.status is Status.BLOCKED and end.shown
    old = app.game
    end.again_button.click()  # the game is over: no question, a new deal
    assert app.game is not old and app.game.status is Status.PLAYING and not end.shown


# ---------------------------------------------------------------- the status line
def test_the_status_line_shows_a_new_games_message_as_soon_as_the_game_changes():
    app = blocked_app()
    seen = []

    def probe(event):
        if isinstance(event, GameStarted):
            seen.append(plain(ui(app).status.value))

    app.session.subscribe(probe)  # after the status line, before the message event
    app.session.deal_random()
    assert seen == [plain(ui(app).status.value)]
    assert status_message(Status.BLOCKED, "en") not in seen[0] and seen[0]


def test_a_winnable_deal_and_a_rewind_say_at_once_that_they_are_searching():
    app = build_app(CODE, keep=False)
    texts = []
    app.session.subscribe(lambda e: texts.append(e.message.sentences("en")) if isinstance(e, MessageChanged) else None)
    app.hints.max_nodes = 50  # the search itself does not matter here
    app.hints.only_winnable.value = True
    app.session.deal_random()
    assert (ui_text("hints.dealing", "en"),) in texts
    texts.clear()
    app.hints.rewind_button.click()
    assert texts and texts[0] == (ui_text("hints.rewinding", "en"),)


# ---------------------------------------------------------------- "Abandon this game?"
@pytest.mark.parametrize("lang", LANGUAGES)
def test_abandon_says_the_game_counts_as_lost_and_in_a_match_scores_0(lang):
    app = kept_app()
    app.set_language(lang)
    playable = a_playable_card(app)
    app.board.card_buttons[playable].click()
    app.session.request_deal_random()
    assert app.confirm.asking
    text = plain(app.confirm.question.value)
    assert ui_text("confirm.counts", lang) in text and ui_text("confirm.match", lang) not in text
    app.session.answer(False)
    assert not app.confirm.asking
    match_app = kept_app()
    match_app.set_language(lang)
    assert match_app.keep.keeper.start_match(3) is not None  # nothing played yet: its first deal at once
    match_app.board.card_buttons[a_playable_card(match_app)].click()
    assert match_app.keep.keeper.is_match_game(match_app.game)
    match_app.session.request_deal_random()
    text = plain(match_app.confirm.question.value)
    assert ui_text("confirm.counts", lang) in text and ui_text("confirm.match", lang) in text


def test_after_yes_or_no_the_focus_goes_on_to_the_stock():
    app = build_app(CODE, keep=False)
    focused = []
    app.board.stock_button.focus = lambda: focused.append("stock")  # what the browser is asked
    playable = a_playable_card(app)
    app.board.card_buttons[playable].click()
    moves = app.game.moves
    app.controls.restart_button.click()
    app.confirm.no_button.click()
    assert focused == ["stock"] and app.game.moves == moves
    app.controls.restart_button.click()
    app.confirm.yes_button.click()
    assert focused == ["stock", "stock"] and app.game.moves == 0
    app.board.card_buttons[a_playable_card(app)].click()
    app.controls.restart_button.click()
    app.board.stock_button.click()  # playing on closes the question: the focus stays where it is
    assert focused == ["stock", "stock"] and not app.confirm.asking


# ---------------------------------------------------------------- the player's language
BAD_RECORDS = [
    b"\xff\xfe not text",
    "this is not json",
    "[1, 2]",
    json.dumps({"format": "elsewhere-9", "code": CODE}),
    json.dumps({"format": "tripeaks-record/1", "code": "TP1-Q-AAAAAAD", "actions": []}),
    json.dumps({"format": "tripeaks-record/1", "code": CODE, "actions": "D"}),
    json.dumps({"format": "tripeaks-record/1", "code": CODE, "actions": [3]}),
    json.dumps({"format": "tripeaks-record/1", "code": CODE, "actions": ["U"]}),
    json.dumps({"format": "tripeaks-record/1", "code": CODE, "actions": ["ZZ"]}),
    json.dumps({"format": "tripeaks-record/1"}),
]


def record_error(record: object) -> RecordError:
    try:
        Replay(record)
    except RecordError as exc:
        return exc
    raise AssertionError(f"{record!r} was accepted")


def test_record_errors_are_said_in_the_players_language_without_pythons_words():
    for record in BAD_RECORDS:
        error = record_error(record)
        said = {lang: record_error_message(error, lang) for lang in LANGUAGES}
        assert len(set(said.values())) == len(LANGUAGES), said  # a sentence of each language
        for lang, text in said.items():
            assert str(error) not in text and text != ui_text("record.other", lang), (lang, text, str(error))
            for python in ("Expecting value", "got list", "codec", "JSONDecodeError", "not allowed here"):
                assert python not in text, (lang, text)
    unknown = RecordError("something new")
    assert record_error_message(unknown, "pt") == ui_text("record.other", "pt")


def test_the_replay_panel_says_a_bad_record_in_the_players_language_and_forgets_it_after_a_good_one():
    app = kept_app()
    app.set_language("fr")
    panel = app.keep.replay
    assert not panel.watch("[1, 2]")
    shown = plain(panel.message.value)
    assert "got list" not in shown and record_error_message(record_error("[1, 2]"), "fr") in shown
    app.set_language("pt")
    assert record_error_message(record_error("[1, 2]"), "pt") in plain(panel.message.value)
    assert panel.watch(Game.from_code(CODE).to_record())
    assert plain(panel.message.value) == ""


def test_voila_shows_no_value_returned_by_the_apps_notebook_but_the_app():
    cells = [c for c in json.loads(NOTEBOOK.read_text())["cells"] if c["cell_type"] == "code"]
    for cell in cells:
        lines = [ln.split("#")[0].rstrip() for ln in "".join(cell["source"]).splitlines()]
        last = [ln for ln in lines if ln.strip()][-1]
        assert last == "app" or last.endswith(";"), last


def test_the_stock_never_counts_zero_jokers():
    from tripeaks.app.views.board import BoardView
    from tripeaks.engine.cards import Joker

    game = Game.from_code("TP1-E-AAAAAAD-J")
    board = BoardView(game, "fr")  # as in the lessons: a board without a session
    seen = set()
    while game.stock_count:
        jokers = sum(isinstance(c, Joker) for c in game.stock_cards)
        seen.add(jokers)
        if not jokers:
            assert board.stock_button.description == ui_text("stock.label", "fr", count=game.stock_count)
        assert "(0" not in board.stock_button.description and "dont 0" not in board.stock_button.description
        game.draw()
        board.refresh()
    assert 0 in seen and len(seen) > 1  # both kinds of label were seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_opening_message_offers_a_draw_only_where_a_draw_is_allowed(lang):
    for code, key in (("TP1-E-AAAAAAD", "status.welcome"), ("TP1-E-AAAAAAD-S", "status.welcome_stuck")):
        app = build_app(code, lang=lang, keep=False)
        assert ui_text(key, lang) in plain(ui(app).status.value), (code, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("flags", ["", "-S", "-R", "-P", "-SR", "-OP", "-JRP", "-T5"])
def test_the_opening_message_says_how_the_score_counts_under_the_rule_set(lang, flags):
    """A player sees at the deal how points come (docs/rules.md §3, §4, §8): the scoring of the rule
    set, the undo cost when there is one, and never the other scoring's sentence."""
    game = Game.from_code(f"TP1-E-AAAAAAD{flags}")
    app = build_app(str(game.code), lang=lang, keep=False)
    shown = plain(ui(app).status.value)
    runs = game.rules.scoring is ScoringRule.RUNS
    assert (ui_text("status.score_runs", lang) in shown) is runs, shown
    assert (ui_text("status.score_standard", lang) in shown) is not runs, shown
    assert (ui_text("status.score_undo", lang) in shown) is (game.rules.undo is UndoRule.PENALTY), shown
    assert ui_text("status.score_standard", "en").startswith("Score: 500")  # the numbers of docs/rules.md §3
    plays = game.playable()  # after a move the explanation takes its place
    (app.board.card_buttons[plays[0]] if plays else app.board.stock_button).click()
    assert ui_text("status.score_standard", lang) not in plain(ui(app).status.value)


def test_the_statistics_plots_of_one_game_have_whole_ticks():
    import datetime
    from types import SimpleNamespace

    from matplotlib.figure import Figure

    from tripeaks.app.views.stats_panel import StatsPanel
    from tripeaks.history.entry import UTC, GameEntry, Outcome

    game = Game.from_code(CODE)
    game.draw()
    entry = GameEntry.of(game, Outcome.of(game), 12.0, datetime.datetime(2026, 1, 2, tzinfo=UTC))
    fig = Figure(figsize=(5, 7))
    StatsPanel._paint(SimpleNamespace(_keeper=SimpleNamespace(history=(entry,))), fig, "en")
    fig.canvas.draw() if fig.canvas is not None else None
    top, _middle, bottom = fig.axes[:3]
    for ax in (top, bottom):
        ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
        assert ticks and all(float(t).is_integer() for t in ticks), (ax.get_title(), ticks)
