"""The game review's widgets (docs/rules.md §9): *Review this game*, its one-sentence
explanation (and a second one when moves were taken back) and *Try again from move N*.

:class:`ReviewView` is built on a :class:`~tripeaks.app.model.review.GameReview`
and a ``source`` giving the game to review (the game on the table at its
end, or the record being watched in the replay panel).  The widgets are
created once and updated.

CSS classes: ``tp-review`` (the box), ``tp-review-button``, ``tp-review-text``,
``tp-review-again``.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ...engine.game import Game
from ...i18n.review import review_message, review_text, taken_back_message, try_again_label
from ..model.review import GameReview
from ..model.session import LanguageChanged, PlaySession, SessionEvent

__all__ = ["ReviewView"]


class ReviewView(widgets.VBox):
    """Review button, explanation and Try again button for the game ``source()`` returns
    (``None``: nothing to review, the button is disabled).

    Widgets (public, read-only): ``button``, ``text`` (HTML), ``again``.
    """

    def __init__(self, session: PlaySession, review: GameReview, source: Callable[[], Game | None]) -> None:
        self._session = session
        self._review = review
        self._source = source
        self._mine = False  # the shared review is this view's
        self.button = widgets.Button(button_style="info", layout=widgets.Layout(width="auto"))
        self.button.add_class("tp-review-button")
        self.button.on_click(lambda _b: session.run(self.run))  # under the guard: a failure leaves all as it was
        self.text = widgets.HTML()
        self.text.add_class("tp-review-text")
        self.again = widgets.Button(button_style="success", layout=widgets.Layout(width="auto", display="none"))
        self.again.add_class("tp-review-again")
        self.again.on_click(lambda _b: self.try_again())  # set_game runs under the guard itself
        row = widgets.HBox([self.button, self.again])
        super().__init__([row, self.text])
        self.add_class("tp-review")
        review.subscribe(self._on_review)
        session.subscribe(self._on_session)
        self.render()

    def _on_session(self, event: SessionEvent) -> None:
        if isinstance(event, LanguageChanged):
            self.render()

    def _on_review(self) -> None:
        if self._review.review is None:
            self._mine = False
        self.render()

    def run(self) -> None:
        """Review the source's game now (a double click reviews it once)."""
        game = self._source()
        if game is None:
            return
        current = self._review.game
        if self._mine and current is not None and current.to_record() == game.to_record():
            return  # already reviewed: nothing changes
        self._mine = True
        if self._review.run(game) is None:
            self._mine = False
        self.render()

    def try_again(self) -> None:
        """Play on from the position before the move the review points at."""
        if self._mine:
            self._review.try_again()

    def render(self) -> None:
        """Labels and the explanation in the session's language."""
        lang = self._session.lang
        self.button.description = review_text("review.button", lang)
        result = self._review.review if self._mine else None
        if result is None:
            self.text.value = ""
            self.again.layout.display = "none"
            return
        kept = self._review.kept
        kept_action, kept_card = kept if kept is not None else (None, None)
        sentence = review_message(result, lang, kept_action, kept_card, self._review.facts)
        taken = self._review.taken_back
        note = "" if taken is None else taken_back_message(taken.undos, taken.lost, lang)
        if note:  # the standing moves may have stayed winnable while the player lost it and undid
            sentence = f"{sentence} {note}"
        self.text.value = f'<p class="tp-review-sentence" role="status">{html.escape(sentence)}</p>'
        moves = self._review.try_again_from()
        if moves is None:
            self.again.layout.display = "none"
        else:
            self.again.description = try_again_label(moves, lang)
            self.again.layout.display = None
