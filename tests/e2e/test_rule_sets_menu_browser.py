"""A preset chosen in the New game menu, played to its end in Voila (docs/rules.md §8).

Traditional is picked in the menu (not by code), a random deal is dealt
under it, and the whole game is played in the page: the run shown after every
play, each play's log sentence with its run points, and at the end the score's
breakdown whose parts add up to the score in the header.  A narrow phone
screen shows every Custom option in full.  Expected texts come from the
engine and the catalogues, never from the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tripeaks import Game, Status
from tripeaks.engine.rules import Preset
from tripeaks.i18n.rulesets import Signed, rules_text
from tripeaks.i18n.ui import preset_name, ui_text

from .test_rule_sets_browser import NOTEBOOK, check_move, wait_menu
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

_CODE = re.compile(r"TP1-[EC]-[A-Z2-7]{7}-[A-Z0-9]+")


def _points(text: str) -> int:
    return int(re.sub(r"[^\d-]", "", text.replace("\u2212", "-")))


def test_traditional_chosen_in_the_menu_shows_the_run_and_ends_with_a_breakdown_that_adds_up(
    voila_server, page, page_errors, artifacts_dir: Path
):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=30_000)
    app.open(server.url)
    name = preset_name(Preset.TRADITIONAL, "en")
    app.open_new_game()  # the panel opens on demand
    page.locator(".tp-new-rule select").select_option(label=name.replace(" ", "\u00a0"))
    wait_menu(app, name)
    app.wait_text(".tp-preset-about", rules_text("ruleset.about.traditional", "en"))
    app.click(".tp-deal")  # nothing played yet: dealt at once, under the preset of the menu
    app.wait_text(".tp-rule", ui_text("header.rule", "en", rule=name))
    found = _CODE.search(app.text(".tp-code"))
    assert found is not None, app.text(".tp-code")
    game = Game.from_code(found.group(0))
    assert game.rules == Preset.TRADITIONAL.rules
    app.wait_text(".tp-run", rules_text("run.status", "en", run=0, next=Signed(1)))

    while not game.is_over:
        playable = game.playable()
        if playable:
            app.click_card(playable[0])
            game.play(playable[0])
        else:  # draw only when stuck: the stock is the only move left
            app.draw()
            game.draw()
        check_move(app, game, "en")  # score, moves, cards, and the log sentence (with its run points)
        app.wait_text(".tp-run", rules_text("run.status", "en", run=game.run, next=Signed(game.run + 1)))

    assert game.status in (Status.WON, Status.BLOCKED)
    page.locator(".tp-end").wait_for(state="visible")
    app.wait_class(".tp-end", f"tp-end-{game.status.value}")
    rows = page.locator(".tp-breakdown tbody tr")
    keys = [(rows.nth(i).get_attribute("class") or "").removeprefix("tp-part-") for i in range(rows.count())]
    points = [_points(t) for t in page.locator(".tp-breakdown td.tp-points").all_inner_texts()]
    shown = _points(app.text(".tp-score"))
    parts = game.score_parts()
    assert sum(points[:-1]) == points[-1] == shown == game.score
    assert points[keys.index("run")] == parts.run > 0  # the run points have their own line
    assert keys[-1] == "total" and "draws" in keys and "peaks" in keys
    page.screenshot(path=str(artifacts_dir / f"rules-traditional-menu-{game.status.value}.png"), full_page=True)
    assert page_errors == []


_CUT_JS = """
() => [...document.querySelectorAll('.tp-custom .widget-checkbox label, .tp-custom .widget-label')]
  .filter(el => el.offsetParent !== null && el.innerText.trim())
  .filter(el => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth)
  .map(el => el.innerText.trim())
"""


@pytest.mark.parametrize("lang", ["pt", "fr", "es"])
def test_every_custom_option_is_shown_in_full_on_a_phone(lang, voila_server, page, page_errors, artifacts_dir: Path):
    from tripeaks.i18n import LANGUAGE_NAMES

    page.set_viewport_size({"width": 375, "height": 800})
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page, timeout=30_000)
    app.open(server.url)
    app.choose_language(LANGUAGE_NAMES[lang])
    app.wait_text(".tp-undo", ui_text("controls.undo", lang))
    app.open_new_game()  # the panel opens on demand
    page.locator(".tp-new-rule select").select_option(label=preset_name(None, lang).replace(" ", "\u00a0"))
    page.locator(".tp-custom").wait_for(state="visible")
    page.wait_for_function(  # the options are in the chosen language
        "(t) => { const el = document.querySelector('.tp-custom-draw');"
        " return !!el && el.innerText.replace(/\\u00a0/g, ' ').includes(t); }",
        arg=rules_text("custom.draw", lang),
    )
    assert page.evaluate(_CUT_JS) == []
    page.locator(".tp-custom").screenshot(path=str(artifacts_dir / f"rules-custom-375-{lang}.png"))
    assert page_errors == []
