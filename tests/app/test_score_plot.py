"""The score plot (docs/rules.md §3–§4): the standing line is the score, undone moves a faded branch, stars."""

from __future__ import annotations

import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from PIL import Image
from widget_state import plain

from tripeaks import Game, GameCode, WrapRule
from tripeaks.app import build_app
from tripeaks.app.views.plot import UNDONE_DRAWN, ScorePlot, ScoreTrace, score_lines

CODE = "TP1-E-AAAAAAB"
LINE_RGB = (0x1F, 0x7A, 0x44)
LEFT_PEAK_ORDER = [18, 19, 20, 21, 9, 10, 11, 3, 4, 0]  # the 10th play empties the left peak


def colours_near(png: bytes, pixel: tuple[int, int], radius: int = 1) -> set[tuple[int, int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    col, row = pixel
    return {
        image.getpixel((col + dx, row + dy))
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
        if 0 <= col + dx < image.width and 0 <= row + dy < image.height
    }


def test_the_plot_shows_the_starting_point_before_any_move():
    app = build_app(CODE)
    plot = app.plot_panel.plot
    assert plot.lines is not None and plot.lines.line == ((0, 500),)
    # The dot is really drawn: the pixels around (0, 500) have the line's colour.
    assert LINE_RGB in colours_near(bytes(ui(app).plot_image.value), plot.pixel(0, 500))


def test_undoing_every_move_brings_the_line_back_to_500_like_the_header():
    """Undo 15 moves of 15: the score line ends at (15, 500), the undone moves are one faded branch."""
    app = build_app(CODE)
    for _ in range(15):
        app.board.stock_button.click()
    for _ in range(15):
        ui(app).undo_button.click()
    game, plot = app.game, app.plot_panel.plot
    assert (game.moves, game.score) == (15, 500)
    assert plain(ui(app).score_label.value) == "Score: 500" and plain(ui(app).moves_label.value) == "Moves: 15"
    assert plot.lines is not None
    assert plot.lines.line == ((0, 500), (15, 500))  # level: every move was taken back
    assert plot.lines.end == (game.moves, game.score)
    assert sorted(plot.lines.undone) == [((m, 500 - m), (m + 1, 499 - m)) for m in range(15)]
    png = bytes(ui(app).plot_image.value)
    assert LINE_RGB in colours_near(png, plot.pixel(15, 500))  # the line reaches the end, at 500
    assert LINE_RGB not in colours_near(png, plot.pixel(15, 485), radius=0)  # not the smear at 485


def test_a_move_after_an_undo_continues_from_the_level_line(scripted):
    game = scripted([18, "D"])
    trace = ScoreTrace(game)
    for action in (18, "D", "U", "D"):
        trace.add(game.apply(action))
    lines = trace.lines()
    # 18 at move 1 (499), the draw at move 2 taken back, drawn again at move 3 from (2, 499).
    assert lines.line == ((0, 500), (1, 499), (2, 499), (3, 498))
    assert lines.undone == (((1, 499), (2, 498)),)
    assert lines == score_lines(game)


def test_an_undone_peak_clear_loses_its_star(scripted):
    app = build_app(game=scripted(LEFT_PEAK_ORDER))
    for p in LEFT_PEAK_ORDER:
        app.board.card_buttons[p].click()
    plot = app.plot_panel.plot
    assert app.game.peaks_cleared[0] and plot.lines is not None
    assert plot.lines.peaks == ((10, app.game.score),)
    ui(app).undo_button.click()  # the apex goes back: the peak is no longer clear
    assert sum(app.game.peaks_cleared) == 0 and plot.lines.peaks == ()
    assert plot.lines.undone[-1] == ((9, 491), (10, 590))  # the undone clear is on the faded branch
    app.board.card_buttons[0].click()  # cleared again, at move 11: one star, as the header says
    assert "1" in ui(app).peaks_label.value
    assert plot.lines.peaks == ((11, app.game.score),)


def test_undoing_a_later_move_keeps_an_earlier_peak_star(scripted):
    app = build_app(game=scripted(LEFT_PEAK_ORDER + [22]))
    for p in LEFT_PEAK_ORDER + [22]:
        app.board.card_buttons[p].click()
    cleared = app.game.history[9]
    ui(app).undo_button.click()  # takes back the play of 22 only
    assert app.plot_panel.plot.lines is not None
    assert app.plot_panel.plot.lines.peaks == ((10, cleared.score),)


def test_a_long_game_draws_only_the_latest_undone_moves():
    game = Game.from_code(CODE)
    for _ in range(UNDONE_DRAWN + 40):
        game.draw()
        game.undo()
    lines = score_lines(game)
    assert len(lines.undone) == UNDONE_DRAWN
    assert lines.undone[-1] == ((game.moves - 1, 500), (game.moves, 499))
    assert lines.end == (game.moves, 500)


def test_the_app_plot_draws_the_same_picture_as_a_fresh_plot():
    """The kept backgrounds change nothing: each picture equals one drawn from scratch."""
    app = build_app(CODE)
    game = app.game
    for _ in range(45):  # past move 28 (longer x axis) and peak clears
        if game.is_over:
            break
        playable = game.playable()
        if playable:
            app.board.card_buttons[playable[0]].click()
        else:
            app.board.stock_button.click()
        if game.moves % 7 == 0:
            ui(app).undo_button.click()
        assert bytes(ui(app).plot_image.value) == ScorePlot().redraw(game), game.moves


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_the_plot_follows_a_language_switch(lang):
    app = build_app(CODE)
    english = bytes(ui(app).plot_image.value)
    app.set_language(lang)
    assert (bytes(ui(app).plot_image.value) == english) is (lang == "en")
    assert bytes(ui(app).plot_image.value) == ScorePlot(lang).redraw(app.game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(0, 32**7 - 1),
    rule=st.sampled_from([WrapRule.EASY, WrapRule.CLASSIC]),
    picks=st.lists(st.integers(0, 60), max_size=80),
)
def test_the_line_always_ends_at_the_score_and_the_move_counter(deal, rule, picks):
    game = Game.from_code(GameCode(rule, deal))
    trace = ScoreTrace(game)
    for pick in picks:
        actions: list[int | str] = game.legal_actions()
        if game.can_undo:
            actions.append("U")
        if not actions:
            break
        trace.add(game.apply(actions[pick % len(actions)]))
        lines = trace.lines()
        assert lines.end == (game.moves, game.score)
        assert lines == score_lines(game)  # followed event by event = read from the history
        xs = [m for m, _ in lines.line]
        assert xs == sorted(xs) and lines.line[0] == (0, 500)
        standing_stars = [(e.moves, e.score) for e in game.standing_actions if getattr(e, "peaks_cleared", ())]
        assert list(lines.peaks) == standing_stars
