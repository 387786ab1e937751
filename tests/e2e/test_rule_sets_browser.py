"""Rule sets end to end (docs/rules.md §8): notebooks/tripeaks.ipynb in a real Voila server, in Chromium.

One test per preset (dealt by its code: the header, the board and a few moves
with their refusals and points), the Custom options and a timed game (the
countdown ticks without blocking clicks, pauses while the page is hidden),
and the end of a game (the breakdown, and a celebration that stands still
when the player asks for reduced motion).  Expected texts come from the
engine and the catalogues, never from the page.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tripeaks import Game, GameCode, Refusal
from tripeaks.engine.rules import Preset
from tripeaks.i18n import LANGUAGE_NAMES, explain, refusal_message
from tripeaks.i18n.rulesets import Signed, rules_text
from tripeaks.i18n.ui import preset_name, ui_text

from .tripeaks_page import TEXT_OF_JS, TriPeaksPage, expected_cards

NOTEBOOK = "notebooks/tripeaks.ipynb"
DEAL = 1  # docs/rules.md §5, TP1-…-AAAAAAB: 7♥ on the waste, 8♦ at position 20 is the one play

pytestmark = pytest.mark.e2e


def code_of(preset: Preset) -> str:
    return str(GameCode(preset.rules, DEAL))


def open_and_deal(app: TriPeaksPage, url: str, code: str, lang: str = "en") -> Game:
    app.open(url)
    if lang != "en":
        app.choose_language(LANGUAGE_NAMES[lang])
        app.wait_text(".tp-undo", ui_text("controls.undo", lang))
    app.deal(code)
    app.wait_contains(".tp-code", code)
    game = Game.from_code(code)
    app.wait_text(".tp-rule", ui_text("header.rule", lang, rule=preset_name(game.rules, lang)))
    app.wait_cards(expected_cards(game, lang))
    return game


def check_move(app: TriPeaksPage, game: Game, lang: str) -> None:
    """The page shows the engine's score, move counter and latest log sentence."""
    app.wait_text(".tp-score", ui_text("header.score", lang, score=game.score))
    app.wait_text(".tp-moves", ui_text("header.moves", lang, moves=game.moves))
    app.wait_contains(".tp-log li", explain(game.history[-1], lang))
    app.wait_cards(expected_cards(game, lang))


_MENU_JS = """
(label) => { const s = document.querySelector('.tp-new-rule select');
  return !!s && s.selectedIndex >= 0 && s.options[s.selectedIndex].text.replace(/\u00a0/g, ' ').trim() === label; }
"""


def wait_menu(app: TriPeaksPage, label: str) -> None:
    """Wait until the rule-set menu shows ``label`` (ipywidgets writes its spaces as no-break spaces)."""
    app.page.wait_for_function(_MENU_JS, arg=label, timeout=app.timeout)


# Languages spread over the presets, so that each is seen at least once in the browser.
PRESET_LANG = {
    Preset.EASY: "en",
    Preset.CLASSIC: "fr",
    Preset.TRADITIONAL: "pt",
    Preset.TRI_PEAKS: "fr",
    Preset.TRI_PEAKS_FACILE: "es",
}


@pytest.mark.parametrize("preset", list(Preset), ids=lambda p: p.value)
def test_each_preset_dealt_by_its_code(preset, voila_server, page, page_errors, artifacts_dir: Path):
    lang = PRESET_LANG[preset]
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=30_000)
    code = code_of(preset)
    game = open_and_deal(app, server.url, code, lang)
    # The header names the code's preset; the New game menu keeps the player's choice (Easy), the next Deal's.
    app.wait_text(".tp-rule", ui_text("header.rule", lang, rule=preset_name(preset, lang)))
    wait_menu(app, preset_name(Preset.EASY, lang))
    app.wait_text(".tp-next-deal", ui_text("new.next_deal", lang, rule=preset_name(Preset.EASY, lang)))
    assert code in app.text(".tp-code")

    if preset is Preset.TRADITIONAL:  # draw only when stuck, runs scoring
        app.wait_text(".tp-run", rules_text("run.status", lang, run=0, next=Signed(1)))
        app.draw()
        app.wait_text(".tp-status", refusal_message(Refusal.DRAW_STUCK, lang))
        app.click_card(20)
        game.play(20)
        check_move(app, game, lang)
        app.wait_text(".tp-run", rules_text("run.status", lang, run=1, next=Signed(2)))
        app.draw()
        game.draw()
        check_move(app, game, lang)
        for p in (19, 10):  # J♠, then 10♦ it reveals: the second card of the run earns 2
            app.click_card(p)
            game.play(p)
            check_move(app, game, lang)
        app.wait_text(".tp-run", rules_text("run.status", lang, run=2, next=Signed(3)))
        assert game.score == 3
    elif preset in (Preset.TRI_PEAKS, Preset.TRI_PEAKS_FACILE):  # open peaks, undo penalty
        assert all(text for text in app.cards())  # all 28 face up, each named
        app.click_card(0)  # face up but covered
        app.wait_text(".tp-status", refusal_message(Refusal.BLOCKED, lang))
        app.click_card(20)
        game.play(20)
        check_move(app, game, lang)
        app.undo()
        game.undo()
        check_move(app, game, lang)
        assert game.score == 495
    else:  # Easy and Classic
        app.click_card(21)  # Q♠ on 7♥
        app.wait_contains(".tp-status", refusal_message(Refusal.NOT_ADJACENT, lang))
        app.click_card(0)
        app.wait_text(".tp-status", refusal_message(Refusal.BLOCKED, lang))
        app.click_card(20)
        game.play(20)
        check_move(app, game, lang)
    app.page.screenshot(path=str(artifacts_dir / f"rules-{preset.value}-{lang}.png"), full_page=True)
    assert page_errors == []


_TIMER_TEXT_JS = "() => { const el = document.querySelector('.tp-timer'); return el ? el.innerText.trim() : null; }"


def wait_timer_change(app: TriPeaksPage, old: str, timeout: float = 15_000) -> str:
    app.page.wait_for_function(
        f"(old) => {{ const t = ({_TIMER_TEXT_JS})(); return !!t && t !== old; }}", arg=old, timeout=timeout
    )
    return str(app.page.evaluate(_TIMER_TEXT_JS))


def test_custom_options_deal_a_timed_game_whose_countdown_ticks_and_pauses(
    voila_server, page, page_errors, artifacts_dir: Path
):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=30_000)
    app.open(server.url)
    app.open_new_game()  # the panel opens on demand
    page.locator(".tp-new-rule select").select_option(label=preset_name(None, "en"))
    page.locator(".tp-custom").wait_for(state="visible")
    page.locator(".tp-custom-jokers select").select_option(label="1")
    page.locator(".tp-custom-waste input").check()
    page.locator(".tp-custom-timer select").select_option(
        label=rules_text("custom.timer_minutes", "en", minutes=2).replace(" ", "\u00a0")  # as ipywidgets writes it
    )
    app.wait_text(".tp-custom-code", rules_text("custom.code", "en", rules="E-JWT2", example="TP1-E-AAAAAAD-JWT2"))
    app.click(".tp-deal")  # a random deal under these options
    app.wait_contains(".tp-code", "-JWT2")
    code = re.search(r"TP1-E-[A-Z2-7]{7}-JWT2", app.text(".tp-code"))
    assert code is not None
    game = Game.from_code(code.group(0))
    app.wait_text(".tp-rule", ui_text("header.rule", "en", rule=preset_name(None, "en")))
    app.wait_text(".tp-stock", rules_text("stock.label_jokers", "en", count=game.stock_count, jokers=1))
    app.wait_contains(".tp-waste", rules_text("waste.empty_prompt", "en"))

    # The countdown ticks by itself, and clicks go through meanwhile.
    first = app.text(".tp-timer")
    assert first.startswith(rules_text("timer.left", "en", time="").strip())
    second = wait_timer_change(app, first)
    start = time.perf_counter()
    app.click_card(20)  # any exposed card plays first on an empty waste
    game.play(20)
    check_move(app, game, "en")
    click_ms = 1000 * (time.perf_counter() - start)
    wait_timer_change(app, second)

    # The page hidden: the clock pauses (what the browser tells a hidden page, dispatched by hand).
    page.evaluate(
        "() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    app.wait_contains(".tp-timer", "(")  # "… (paused while the page is hidden)"
    paused = app.text(".tp-timer")
    left = paused.split(": ", 1)[1].split(" ")[0]
    assert paused == rules_text("timer.paused", "en", time=left)
    time.sleep(2.5)  # a negative check needs time to pass: nothing may tick meanwhile
    assert app.text(".tp-timer") == paused
    page.evaluate(
        "() => { Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    app.wait_text(".tp-timer", rules_text("timer.left", "en", time=left))
    wait_timer_change(app, rules_text("timer.left", "en", time=left))
    page.screenshot(path=str(artifacts_dir / "rules-custom-timer.png"), full_page=True)
    print(f"a click while the countdown ticks: {click_ms:.0f} ms to the screen")
    assert page_errors == []


_ANIMATION_JS = """
() => { const s = document.querySelector('.tp-celebrate .tp-confetti span');
        return s ? getComputedStyle(s).animationName : null; }
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_win_shows_the_summary_and_a_celebration_that_respects_reduced_motion(
    motion, voila_server, page, page_errors, artifacts_dir: Path
):
    """TP1-E-AAAAAAD-R (runs scoring) won by the solver's line: the breakdown adds up to the score shown."""
    from tripeaks.solver import solve

    line = solve(Game.from_code("TP1-E-AAAAAAD")).cards
    assert line is not None
    page.emulate_media(reduced_motion=motion)
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=30_000)
    game = open_and_deal(app, server.url, "TP1-E-AAAAAAD-R")
    for token in line:
        if token == "D":
            app.draw()
            game.draw()
        else:
            position = game.find(token)
            assert position is not None
            app.click_card(position)
            game.play(position)
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))
    assert game.status.value == "won"
    page.locator(".tp-end").wait_for(state="visible")
    page.locator(".tp-celebrate .tp-confetti span").first.wait_for(state="attached")
    animation = page.evaluate(_ANIMATION_JS)
    assert (animation == "none") is (motion == "reduce"), animation
    points = [
        int(re.sub(r"[^\d-]", "", t.replace("\u2212", "-")))
        for t in page.locator(".tp-breakdown td.tp-points").all_inner_texts()
    ]
    shown = int(re.sub(r"\D", "", app.text(".tp-score")))
    assert sum(points[:-1]) == points[-1] == shown == game.score
    summary = page.locator(".tp-end-summary").inner_text()
    assert rules_text("end.moves", "en") in summary and str(game.moves) in summary
    page.screenshot(path=str(artifacts_dir / f"rules-won-{motion}.png"), full_page=True)
    assert page.evaluate(TEXT_OF_JS, ".tp-run") == rules_text(
        "run.status", "en", run=game.run, next=Signed(game.run + 1)
    )
    assert page_errors == []
