"""The app's page object for headless tests: the widgets a user clicks or reads, found from the app's parts.

``ui(app).undo_button.click()`` clicks Undo as a user would; the app itself
has no such shortcuts (its parts are its views: ``app.controls``, ``app.new_game``…).
"""

from __future__ import annotations

from typing import Any


class Page:
    """The widgets of one app (a :class:`~tripeaks.app.play.TriPeaksApp`), by what a user sees."""

    def __init__(self, app: Any) -> None:
        self.app = app

    # the header
    title_label = property(lambda self: self.app.header.title_label, doc="The title.")
    score_label = property(lambda self: self.app.header.score_label, doc="The score (``tp-score``).")
    moves_label = property(lambda self: self.app.header.moves_label, doc="The move counter (``tp-moves``).")
    peaks_label = property(lambda self: self.app.header.peaks_label, doc="The peaks cleared (``tp-peaks-count``).")
    rule_label = property(lambda self: self.app.header.rule_label, doc="The rule (``tp-rule``).")
    code_label = property(lambda self: self.app.header.code_label, doc="The game code (``tp-code``).")
    # the controls row and the status line
    undo_button = property(lambda self: self.app.controls.undo_button, doc="Undo (``tp-undo``).")
    redo_button = property(lambda self: self.app.controls.redo_button, doc="Redo (``tp-redo``).")
    restart_button = property(lambda self: self.app.controls.restart_button, doc="Restart (``tp-restart``).")
    error_help = property(lambda self: self.app.controls.error_help, doc="The Error help toggle (``tp-error-help``).")
    language = property(lambda self: self.app.controls.language, doc="The language menu (``tp-lang``).")
    status = property(lambda self: self.app.status_row.status, doc="The status line (``tp-status``).")
    again_button = property(lambda self: self.app.status_row.again_button, doc="New game at the end (``tp-again``).")
    # the New game panel
    new_rule = property(lambda self: self.app.new_game.rule, doc="The rule of a random deal (``tp-new-rule``).")
    code_input = property(lambda self: self.app.new_game.code_input, doc="The code field (``tp-code-input``).")
    deal_button = property(lambda self: self.app.new_game.deal_button, doc="Deal (``tp-deal``).")
    new_message = property(lambda self: self.app.new_game.message, doc="What Deal did (``tp-new-message``).")
    # the log and the plot
    move_log = property(lambda self: self.app.log_panel.entries, doc="The move log (``tp-log``).")
    plot_image = property(lambda self: self.app.plot_panel.plot.image, doc="The score plot (``tp-plot``).")
    # the game review at the end of a game (docs/rules.md §9)
    review_button = property(lambda self: self.app.review_view.button, doc="Review this game (``tp-review-button``).")
    review_text = property(lambda self: self.app.review_view.text, doc="Its explanation (``tp-review-text``).")
    try_again_button = property(
        lambda self: self.app.review_view.again, doc="Try again from move N (``tp-review-again``)."
    )


def ui(app: Any) -> Page:
    """The page object of ``app``."""
    return Page(app)
