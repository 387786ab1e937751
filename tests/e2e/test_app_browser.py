"""The TriPeaks app end to end: notebooks/tripeaks.ipynb in a real Voila server, driven in Chromium.

Every expected text is computed from the engine and the message catalogues
(``Game.from_code``, ``explain``, ``refusal_message``, ``ui_text``), never
copied from the page; the tests assert what the page *shows* after each click.
"""

from __future__ import annotations

import re

import pytest

from tripeaks import Game, GameCode, InvalidCodeError, Refusal, Status
from tripeaks.i18n import LANGUAGE_NAMES, card_name, explain, refusal_message, waste_fit_sentence
from tripeaks.i18n.ui import code_error_message, rule_name, ui_text

from .tripeaks_page import TriPeaksPage, expected_cards

NOTEBOOK = "notebooks/tripeaks.ipynb"
CODE = "TP1-E-AAAAAAB"  # the rules' example deal: 7♥ on the waste

pytestmark = pytest.mark.e2e

# Records every text the status line shows from now on (a negative check needs the whole history).
RECORD_STATUS_JS = """
() => {
  const el = document.querySelector('.tp-status');
  window.__tpStatusSeen = [];
  new MutationObserver(() => window.__tpStatusSeen.push(el.innerText.trim()))
    .observe(el, {subtree: true, childList: true, characterData: true});
}
"""


def first_with(game: Game, refusal: Refusal) -> int:
    """The first position (0–27) the engine refuses with ``refusal``."""
    return next(p for p in range(28) if game.refusal(p) is refusal)


def check_header(app: TriPeaksPage, game: Game, lang: str) -> None:
    """Score, moves, stock and waste as the engine says (waiting for the page to catch up)."""
    app.wait_text(".tp-waste", card_name(game.waste_top, lang))
    app.wait_text(".tp-score", ui_text("header.score", lang, score=game.score))
    app.wait_text(".tp-moves", ui_text("header.moves", lang, moves=game.moves))
    app.wait_text(".tp-stock", ui_text("stock.label", lang, count=game.stock_count))
    app.wait_cards(expected_cards(game, lang))


def check_log(app: TriPeaksPage, game: Game, lang: str) -> None:
    """The move log: one entry per event, newest first, each holding the engine's explanation."""
    newest = explain(game.history[-1], lang)
    app.wait_contains(".tp-log li", newest)  # the first entry
    entries = app.log_entries()
    assert len(entries) == len(game.history)
    for entry, event in zip(entries, reversed(game.history)):
        assert explain(event, lang) in entry


def open_with_code(app: TriPeaksPage, url: str) -> Game:
    app.open(url)
    app.deal(CODE)
    app.wait_contains(".tp-code", CODE)
    game = Game.from_code(CODE)
    app.wait_text(".tp-new-message", ui_text("new.dealt_code", "en", code=CODE, rule=rule_name(game.rule, "en")))
    check_header(app, game, "en")
    app.wait_plot()
    return game


def test_play_a_known_deal(voila_server, page, page_errors, artifacts_dir):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    assert app.text(".tp-waste") == "7♥"  # the rules' statement about this code, seen on the page
    assert app.text(".tp-rule") == ui_text("header.rule", "en", rule=rule_name(game.rule, "en"))
    app.wait_disabled(".tp-undo")

    # Face-up cards are red for ♦ ♥ and black for ♣ ♠, as drawn on the screen.
    for p, slot in enumerate(game.tableau):
        if slot is not None and slot.face_up:
            colour = page.eval_on_selector(f".tp-pos-{p}", "el => getComputedStyle(el).color")
            r, g, b = (int(v) for v in re.findall(r"\d+", colour)[:3])
            assert (r > g + 60) == (slot.card.suit.symbol in "♦♥"), (p, slot.card.symbol, colour)

    # A legal play: the card goes to the waste, the score, moves, status, log and plot follow.
    legal = game.playable()[0]
    plot = app.plot_src()
    app.click_card(legal)
    event = game.play(legal)
    check_header(app, game, "en")
    app.wait_class(f".tp-pos-{legal}", "tp-gone")
    app.wait_text(".tp-status", explain(event, "en"))
    check_log(app, game, "en")
    plot = app.wait_plot_changed(plot)
    app.wait_disabled(".tp-undo", disabled=False)
    page.screenshot(path=str(artifacts_dir / "tripeaks-app-en.png"), full_page=True)
    assert (artifacts_dir / "tripeaks-app-en.png").stat().st_size > 10_000

    # A blocked card: the rules' message, and nothing else changes.
    blocked = first_with(game, Refusal.BLOCKED)
    app.click_card(blocked)
    app.wait_text(".tp-status", refusal_message(Refusal.BLOCKED, "en"))
    assert app.text(".tp-status") == "This card is blocked"  # docs/rules.md §2, verbatim
    app.wait_class(".tp-status", "tp-status-error")
    check_header(app, game, "en")
    assert app.plot_src() == plot

    # A face-up card that does not fit the waste.
    wrong = first_with(game, Refusal.NOT_ADJACENT)
    app.click_card(wrong)
    app.wait_contains(".tp-status", refusal_message(Refusal.NOT_ADJACENT, "en"))  # the rule's words, then
    top = game.waste_top
    ranks = tuple(r for r in range(1, 14) if game.rules.adjacent(top.rank, r))
    app.wait_contains(".tp-status", waste_fit_sentence(top, ranks, "en"))  # which ranks would fit
    assert waste_fit_sentence(top, ranks, "en") in app.text(".tp-refusal-note")  # at the board too
    check_header(app, game, "en")

    # Draw from the stock.
    app.draw()
    event = game.draw()
    check_header(app, game, "en")
    app.wait_text(".tp-status", explain(event, "en"))
    check_log(app, game, "en")
    plot = app.wait_plot_changed(plot)

    # Undo the draw: the waste card and the score come back, the move counter stays.
    moves_before = game.moves
    app.undo()
    event = game.undo()
    assert game.moves == moves_before
    check_header(app, game, "en")
    app.wait_text(".tp-status", explain(event, "en"))
    check_log(app, game, "en")
    plot = app.wait_plot_changed(plot)

    # Português: labels, messages, card letters (V, D, R) and the log switch at once.
    app.choose_language(LANGUAGE_NAMES["pt"])
    app.wait_text(".tp-stock", ui_text("stock.label", "pt", count=game.stock_count))
    check_header(app, game, "pt")
    app.wait_text(".tp-status", explain(event, "pt"))
    app.wait_text(".tp-undo", ui_text("controls.undo", "pt"))
    app.wait_text(".tp-restart", ui_text("controls.restart", "pt"))
    app.wait_text(".tp-rule", ui_text("header.rule", "pt", rule=rule_name(game.rule, "pt")))
    app.wait_text(".tp-lang", LANGUAGE_NAMES["pt"])
    check_log(app, game, "pt")
    courts = [card_name(s.card, "pt") for s in game.tableau if s is not None and s.face_up and s.card.rank > 10]
    assert courts, "this deal shows a jack, queen or king face up"
    shown = app.cards()
    assert all(c in shown for c in courts) and all(c[0] in "VDR" for c in courts)
    app.wait_plot_changed(plot)  # the plot's title and axes are redrawn in Portuguese
    app.click_card(blocked)
    app.wait_text(".tp-status", refusal_message(Refusal.BLOCKED, "pt"))
    page.screenshot(path=str(artifacts_dir / "tripeaks-app-pt.png"), full_page=True)
    assert game.status is Status.PLAYING
    assert page_errors == []


def test_invalid_code_keyboard_and_error_help(voila_server, page, page_errors):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)

    # An invalid code: a clear inline message, and the game on the board stays as it was.
    bad = "TP1-E-AAAA"
    with pytest.raises(InvalidCodeError) as refused:
        GameCode.parse(bad)
    app.deal(bad)
    app.wait_text(".tp-new-message", code_error_message(refused.value, "en"))
    app.wait_contains(".tp-code", CODE)
    check_header(app, game, "en")

    # Keyboard: Tab moves from card to card; Enter plays the focused card.
    legal = game.playable()[0]
    page.focus(f".tp-pos-{legal - 1}")
    page.keyboard.press("Tab")
    assert f"tp-pos-{legal}" in app.classes(":focus")
    page.keyboard.press("Enter")
    game.play(legal)
    check_header(app, game, "en")

    # A fast double click on a playable card is one move (the draw after it shows it was handled).
    app.draw()
    game.draw()
    check_header(app, game, "en")
    legal = game.playable()[0]
    page.locator(f".tp-pos-{legal}").dblclick()
    game.play(legal)
    app.draw()
    game.draw()
    check_header(app, game, "en")

    # With error help off, a blocked card says nothing and changes nothing.
    app.click(".tp-error-help")
    app.wait_class(".tp-error-help", "mod-active", present=False)
    page.evaluate(RECORD_STATUS_JS)
    blocked = first_with(game, Refusal.BLOCKED)
    app.click_card(blocked)
    app.draw()  # handled after the blocked click: the kernel takes messages in order
    event = game.draw()
    check_header(app, game, "en")
    app.wait_text(".tp-status", explain(event, "en"))
    seen = page.evaluate("() => window.__tpStatusSeen")
    assert seen, "the status line changed at least once (the draw's explanation)"
    assert not any(refusal_message(Refusal.BLOCKED, "en") in t for t in seen), seen

    # With error help on again, the same click explains itself.
    app.click(".tp-error-help")
    app.wait_class(".tp-error-help", "mod-active")
    app.click_card(blocked)
    app.wait_text(".tp-status", refusal_message(Refusal.BLOCKED, "en"))
    check_header(app, game, "en")

    # Restart: the same deal from its first move, once the player says Yes to abandoning this one.
    app.restart()
    app.answer(yes=True)
    game = game.restart()
    check_header(app, game, "en")
    app.wait_contains(".tp-code", CODE)
    app.wait_disabled(".tp-undo")
    assert page_errors == []
