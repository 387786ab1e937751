"""The game review end to end (docs/rules.md §9): notebooks/tripeaks.ipynb in a real Voila server, in Chromium.

The game of the lesson on reviewing (deal TP1-E-AAAAAAY, nine moves of a winning line, then
6♣ on 5♦) is played on to its end by clicks; *Review this game* must name move 10, mark it
in the log, say why (what 6♣ turned over and left to follow, and what 6♠ would have done),
and *Try again from move 9* must put the position after move 9 on the table.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tripeaks import Game
from tripeaks.app.model.review import position_after
from tripeaks.course.review_lesson import REVIEW_CODE, REVIEW_SETUP
from tripeaks.i18n import card_name
from tripeaks.i18n.review import review_text, try_again_label, turning_reasons
from tripeaks.i18n.ui import rule_name, ui_text
from tripeaks.solver.explain import turning_facts

from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"

pytestmark = pytest.mark.e2e


def test_review_names_the_turning_point_and_tries_again_from_the_move_before(
    voila_server, page, page_errors, artifacts_dir: Path
):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    app.open(server.url)
    game = Game.from_code(REVIEW_CODE)
    app.deal(REVIEW_CODE)
    app.wait_text(".tp-new-message", ui_text("new.dealt_code", "en", code=REVIEW_CODE, rule=rule_name(game.rule, "en")))
    actions = list(REVIEW_SETUP)
    plan = game.copy()
    for a in actions:
        plan.apply(a)
    while not plan.is_over:  # play on to the end: the first legal move each time
        a = plan.legal_actions()[0]
        plan.apply(a)
        actions.append(a)
    for a in actions:
        if a == "D":
            app.draw()
        else:
            app.click_card(a)
        game.apply(a)
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))
    assert game.is_over

    app.click(".tp-review-button")
    verdict = review_text(
        "review.lost_play_play", "en", move=10, card=card_name("6C", "en"), other=card_name("6S", "en")
    )
    # then why: what 6♣ turned over and left to follow, what 6♠ would have turned over and left open
    before = position_after(game, 9)
    facts = turning_facts(before, before.find("6C"), before.find("6S"))
    reasons = turning_reasons(facts, "en")
    assert len(reasons) == 2 and "6♠" in reasons[1]
    app.wait_text(".tp-review-text", " ".join([verdict, *reasons]))
    page.wait_for_selector(".tp-log-turning", timeout=app.timeout)
    assert page.locator(".tp-log-turning").count() == 1
    assert "Move 10:" in page.locator(".tp-log-turning").inner_text()
    app.wait_text(".tp-review-again", try_again_label(9, "en"))
    page.screenshot(path=str(artifacts_dir / "review-turning-point.png"), full_page=True)

    app.click(".tp-review-again")
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=9))
    app.wait_contains(".tp-status", review_text("review.tried", "en", move=9))
    page.wait_for_selector(".tp-log-turning", state="detached", timeout=app.timeout)
    app.click_card(19)  # 6♠, the move that keeps the win, is accepted
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=10))
    assert page_errors == []
