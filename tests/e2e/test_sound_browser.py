"""Sound in a real browser (Voila, Chromium): silent by default; once the player turns it on, a play
and a refusal each start a Web Audio sound; the choice survives a reload.

An init script wraps ``window.AudioContext`` so that every oscillator started is counted
(``window.__tpStarted``); nothing is fetched for a sound (the page makes it)."""

from __future__ import annotations

import time

import pytest

from tripeaks.i18n.ui import ui_text

from .tripeaks_page import TriPeaksPage

NOTEBOOK = "notebooks/tripeaks.ipynb"
CODE = "TP1-E-AAAAAAB"  # 20 plays at once, then 18 is refused (it does not fit)

pytestmark = pytest.mark.e2e

COUNT_OSCILLATORS = """
(() => {
  window.__tpStarted = 0;
  window.__tpContexts = 0;
  const Real = window.AudioContext || window.webkitAudioContext;
  if (!Real) return;
  class Counted extends Real {
    constructor(...args) { super(...args); window.__tpContexts += 1; }
    createOscillator() {
      const osc = super.createOscillator();
      const start = osc.start.bind(osc);
      osc.start = (...args) => { window.__tpStarted += 1; return start(...args); };
      return osc;
    }
  }
  window.AudioContext = Counted;
  window.webkitAudioContext = Counted;
})();
"""


def started(app: TriPeaksPage) -> int:
    return int(app.page.evaluate("window.__tpStarted"))


def wait_started(app: TriPeaksPage, more_than: int) -> int:
    app.page.wait_for_function(f"window.__tpStarted > {more_than}", timeout=app.timeout)
    return started(app)


def pressed(app: TriPeaksPage) -> str | None:
    return app.page.locator(".tp-sound-toggle").first.get_attribute("aria-pressed")


def test_sound_is_off_by_default_then_a_play_and_a_refusal_sound_and_the_choice_survives_a_reload(
    voila_server, page, page_errors
):
    page.add_init_script(COUNT_OSCILLATORS)
    app = TriPeaksPage(page)
    url = voila_server(NOTEBOOK).url + "?code=" + CODE
    app.open(url, timeout=300_000)
    toggle = page.locator(".tp-sound-toggle").first
    toggle.wait_for(state="visible")
    assert toggle.evaluate("b => b.tagName") == "BUTTON"  # reachable by Tab, pressed with Enter or Space
    assert pressed(app) == "false" and toggle.inner_text().strip() == ui_text("sound.off", "en")

    # Off by default: a play and a refusal make no sound.
    app.click_card(20)
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=1))
    app.click_card(18)
    app.wait_class(".tp-pos-18", "tp-refused-b")  # the first refusal shakes the card
    time.sleep(1.0)
    assert started(app) == 0

    # Turned on with the keyboard (focus, then Enter): the toggle says so, in words and in aria-pressed.
    toggle.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.querySelector('.tp-sound-toggle').getAttribute('aria-pressed') === 'true'", timeout=app.timeout
    )
    app.wait_text(".tp-sound-toggle", ui_text("sound.on", "en"))
    assert page.evaluate("window.__tpContexts") >= 1  # made by the gesture that turned sound on

    # A play sounds, then a refusal sounds.
    before = started(app)
    app.undo()  # 20 comes back: it can be played again
    app.wait_class(".tp-pos-20", "tp-gone", present=False)
    time.sleep(1.0)
    assert started(app) == before  # an undo is silent
    app.click_card(20)
    after_play = wait_started(app, before)
    app.click_card(18)
    wait_started(app, after_play)

    # The choice survives a reload.
    time.sleep(1.0)  # the setting reaches localStorage
    app.open(url, timeout=300_000)
    page.locator(".tp-sound-toggle").first.wait_for(state="visible")
    page.wait_for_function(
        "document.querySelector('.tp-sound-toggle').getAttribute('aria-pressed') === 'true'", timeout=app.timeout
    )
    assert started(app) == 0  # nothing sounds by itself after the reload
    app.click_card(18)  # refused: the click wakes the audio and the refusal sounds
    wait_started(app, 0)
    assert page_errors == []
