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
    """Undo 15 moves of 15: the score line goes back to its start (0, 500), with no level stretch
    for the moves taken back; the undone moves are one faded branch ahead of it."""
    app = build_app(CODE)
    for _ in range(15):
        app.board.stock_button.click()
    for _ in range(15):
        ui(app).undo_button.click()
    game, plot = app.game, app.plot_panel.plot
    assert (game.moves, game.score) == (15, 500)
    assert plain(ui(app).score_label.value) == "Score: 500" and plain(ui(app).moves_label.value) == "Moves: 15"
    assert plot.lines is not None
    assert plot.lines.line == ((0, 500),)  # back to the start: every move was taken back
    assert plot.lines.end == (0, game.score)
    assert sorted(plot.lines.undone) == [((m, 500 - m), (m + 1, 499 - m)) for m in range(15)]
    png = bytes(ui(app).plot_image.value)
    assert LINE_RGB in colours_near(png, plot.pixel(0, 500))  # the line's dot, at the start
    assert LINE_RGB not in colours_near(png, plot.pixel(15, 500), radius=0)  # no level line to move 15


def test_a_move_after_an_undo_takes_the_place_of_the_undone_one(scripted):
    game = scripted([18, "D"])
    trace = ScoreTrace(game)
    for action in (18, "D", "U", "D"):
        trace.add(game.apply(action))
    lines = trace.lines()
    # 18 first (499), the draw second taken back, drawn again: second again, from (1, 499).
    assert lines.line == ((0, 500), (1, 499), (2, 498))
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
    app.board.card_buttons[0].click()  # cleared again, the 10th standing move: one star, as the header says
    assert "1" in ui(app).peaks_label.value
    assert plot.lines.peaks == ((10, app.game.score),)


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
    assert lines.undone[-1] == ((0, 500), (1, 499))  # each draw taken back stood first
    assert lines.end == (0, 500) and lines.line == ((0, 500),)


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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    deal=st.integers(0, 32**7 - 1),
    rule=st.sampled_from(["E", "C", "E-P", "C-SR", "E-JWP"]),
    picks=st.lists(st.tuples(st.integers(0, 60), st.integers(0, 9)), max_size=80),
)
def test_the_line_follows_the_standing_moves_through_any_undo_and_rewind(deal, rule, picks):
    """After any plays, draws, undos and rewinds (several undos at once), the plotted line is the score
    over the standing moves: (0, start), then (k, score after the k-th standing move), ending at the
    score now; nothing is plotted past the last standing move but the faded undone branches."""
    game = Game.from_code(str(GameCode(WrapRule.EASY if rule[0] == "E" else WrapRule.CLASSIC, deal)) + rule[1:])
    trace = ScoreTrace(game)
    for pick, rewind in picks:
        actions: list[int | str] = game.legal_actions()
        if game.can_undo:
            actions.append("U")
        if not actions:
            break
        action = actions[pick % len(actions)]
        for _ in range(1 + (rewind if action == "U" else 0)):  # a rewind: up to 10 undos in a row
            if action == "U" and not game.can_undo:
                break
            trace.add(game.apply(action))
        lines = trace.lines()
        assert lines == score_lines(game)  # followed event by event = read from the history
        standing = game.standing_actions
        expected = [(0, game.start_score)] + [(k, e.score) for k, e in enumerate(standing, 1)]
        first_at = {}
        for point in lines.line:
            first_at.setdefault(point[0], point)
        # the first point at each x is the score after that standing move (an undo's penalty, §8,
        # may add a drop at the same x: to the next move's start, or to the score now)
        assert sorted(first_at.values()) == expected, (lines.line, expected)
        assert lines.end == (len(standing), game.score)  # the score now, after the last standing move
        xs = [m for m, _ in lines.line]
        assert xs == sorted(xs) and set(xs) == set(range(len(standing) + 1))  # no level stretch past it
        standing_stars = [(k, e.score) for k, e in enumerate(standing, 1) if getattr(e, "peaks_cleared", ())]
        assert list(lines.peaks) == standing_stars
