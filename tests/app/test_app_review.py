"""Fixes from a usability review: error-help state in words, score plot markers (docs/rules.md §3–§4)."""

from __future__ import annotations

import io

import pytest

from tripeaks.app import build_app
from tripeaks.app.plot import score_points, standing_actions
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.ui import ui_text

CODE = "TP1-E-AAAAAAB"


# ---------------------------------------------------------------- error help toggle
@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_help_button_says_its_state_in_words(lang):
    app = build_app(CODE, lang=lang)
    on, off = ui_text("controls.error_help_on", lang), ui_text("controls.error_help_off", lang)
    assert on != off
    assert app.error_help.value is True and app.error_help.description == on
    app.error_help.value = False
    assert app.error_help.description == off
    app.error_help.value = True
    assert app.error_help.description == on


def test_error_help_state_follows_a_language_switch():
    app = build_app(CODE, lang="en")
    app.error_help.value = False
    app.set_language("fr")
    assert app.error_help.description == ui_text("controls.error_help_off", "fr")
    assert app.error_help.value is False


# ---------------------------------------------------------------- score plot
LEFT_PEAK_ORDER = [18, 19, 20, 21, 9, 10, 11, 3, 4, 0]  # the 10th play empties the left peak


def plot_of(app):
    app._plot.wait(timeout=60)  # the first plot is drawn in the background
    return app._plot


def peak_markers(app) -> list[tuple[int, int]]:
    xs, ys = plot_of(app)._peaks.get_data()
    return [(int(x), int(y)) for x, y in zip(xs, ys)]


def test_an_undone_peak_clear_loses_its_star(scripted):
    app = build_app(game=scripted(LEFT_PEAK_ORDER))
    for p in LEFT_PEAK_ORDER:
        app.board.card_buttons[p].click()
    game = app.game
    assert game.peaks_cleared[0] and game.history[-1].peaks_cleared == (0,)
    assert score_points(game)[1] == [(10, game.score)] == peak_markers(app)

    app.undo_button.click()  # the apex goes back: the peak is no longer clear
    assert sum(app.game.peaks_cleared) == 0
    assert score_points(app.game)[1] == [] == peak_markers(app)
    assert score_points(app.game)[2] == [(10, app.game.score)]  # the undo keeps its own marker

    app.board.card_buttons[0].click()  # cleared again, at move 11: one star, as the header says
    game = app.game
    assert sum(game.peaks_cleared) == 1
    assert "1" in app.peaks_label.value
    assert peak_markers(app) == [(11, game.score)]


def test_undoing_a_later_move_keeps_an_earlier_peak_star(scripted):
    app = build_app(game=scripted(LEFT_PEAK_ORDER + [22]))
    for p in LEFT_PEAK_ORDER + [22]:
        app.board.card_buttons[p].click()
    cleared_at = next(e for e in app.game.history if e.kind == "play" and e.peaks_cleared)
    app.undo_button.click()  # takes back the play of 22 only
    assert peak_markers(app) == [(10, cleared_at.score)]


def test_standing_actions_follow_undos_in_order(scripted):
    game = scripted([18, "D", 19])
    a = game.play(18)
    game.draw()
    assert standing_actions(game.history) == [a, game.history[-1]]
    game.undo()
    game.undo()  # both taken back
    assert standing_actions(game.history) == []
    c = game.play(18)
    d = game.draw()
    assert standing_actions(game.history) == [c, d]
    game.undo()
    assert standing_actions(game.history) == [c]


def test_the_plot_shows_the_starting_point_before_any_move():
    app = build_app(CODE)
    plot = plot_of(app)
    xs, ys = plot._start.get_data()
    assert (list(xs), list(ys)) == ([0], [500])
    # The dot is really drawn: the pixels around (0, 500) have the line's colour.
    from PIL import Image

    image = Image.open(io.BytesIO(bytes(app.plot_image.value))).convert("RGB")
    x, y = plot._ax.transData.transform((0, 500))
    col, row = round(x), image.height - round(y)
    near = {image.getpixel((col + dx, row + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert (0x1F, 0x7A, 0x44) in near, near
