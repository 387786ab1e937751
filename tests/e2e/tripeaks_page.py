"""A page object for the TriPeaks app in the browser (used by the e2e tests and the benchmark).

It knows the app's stable CSS classes (``tp-card``, ``tp-pos-{p}``,
``tp-stock``, ``tp-waste``, ``tp-score`` …, see :mod:`tripeaks.app`) and reads
what the page *shows*: the visible text of a widget, the value of its input,
the selected option of a dropdown, the ``src`` of the plot image.  Every wait
is on a condition in the page (never a fixed sleep); a wait that times out
raises ``AssertionError`` naming what was expected and what was shown.
"""

from __future__ import annotations

from typing import Any

from tripeaks import Game
from tripeaks.i18n import card_name
from tripeaks.i18n.ui import ui_text

__all__ = ["TriPeaksPage", "TEXT_OF_JS"]

TEXT_OF_JS = """
(sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  const field = el.matches('input, textarea, select') ? el : el.querySelector('input, textarea, select');
  if (field && field.tagName === 'SELECT') {
    const o = field.options[field.selectedIndex];
    return o ? o.text.trim() : '';
  }
  if (field) return field.value.trim();
  return el.innerText.trim();
}
"""

_WAIT_TEXT_JS = """
([sel, expected, mode]) => {
  const el = document.querySelector(sel);
  if (!el) return false;
  const field = el.matches('input, textarea, select') ? el : el.querySelector('input, textarea, select');
  let t;
  if (field && field.tagName === 'SELECT') {
    const o = field.options[field.selectedIndex]; t = o ? o.text.trim() : '';
  } else if (field) { t = field.value.trim(); } else { t = el.innerText.trim(); }
  if (mode === 'equals') return t === expected;
  if (mode === 'contains') return t.includes(expected);
  return t !== expected;  // 'changed'
}
"""

_PLOT_SRC_JS = """
() => {
  const el = document.querySelector('.tp-plot');
  if (!el) return null;
  const img = el.tagName === 'IMG' ? el : el.querySelector('img');
  return img ? img.src : null;
}
"""

_CARDS_JS = """
() => Array.from({length: 28}, (_, p) => {
  const b = document.querySelector('.tp-pos-' + p);
  return b ? b.innerText.trim() : null;
})
"""

_BOARD_READY_JS = """
() => {
  const b = document.querySelector('.tp-card');
  if (!b || b.disabled) return false;
  const r = b.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? performance.now() : false;
}
"""


def expected_cards(game: Game, lang: str) -> list[str]:
    """What each card button should say: the card, a face-down label, or nothing once removed."""
    out = []
    for slot in game.tableau:
        if slot is None:
            out.append("")
        elif slot.face_up:
            out.append(card_name(slot.card, lang))
        else:
            out.append(ui_text("card.face_down", lang))
    return out


# A control of the controls row hidden behind a phone's "More" (theme.css folds them there).
_FOLDED_JS = """sel => { const el = document.querySelector(sel), more = document.querySelector('.tp-more-toggle');
  return !!(el && more && more.offsetParent && !el.offsetParent && el.closest('.tp-controls')
            && !more.classList.contains('mod-active')); }"""


class TriPeaksPage:
    """The app as a user sees it in ``page`` (a Playwright sync ``Page``).

    ``timeout`` (ms) bounds every wait after the first render.
    """

    def __init__(self, page: Any, timeout: float = 20_000) -> None:
        self.page = page
        self.timeout = timeout

    # ------------------------------------------------------------------ load
    def open(self, url: str, timeout: float = 90_000) -> float:
        """Load the app and wait until a card is visible and enabled.

        Returns the time in ms from navigation start until then (``performance.now()``).
        """
        self.page.goto(url, wait_until="commit")
        return float(self.page.wait_for_function(_BOARD_READY_JS, polling="raf", timeout=timeout).json_value())

    # ------------------------------------------------------------------ read
    def text(self, selector: str) -> str:
        """What the widget shows: its input's value, its selected option, or its visible text."""
        value = self.page.evaluate(TEXT_OF_JS, selector)
        if value is None:
            raise AssertionError(f"nothing on the page matches {selector!r}")
        return str(value)

    def card(self, position: int) -> str:
        """The text of the card button at ``position`` (0–27)."""
        return self.text(f".tp-pos-{position}")

    def cards(self) -> list[str | None]:
        """The texts of the 28 card buttons, by position (None where no button is found)."""
        return list(self.page.evaluate(_CARDS_JS))

    def log_entries(self) -> list[str]:
        """The move log's entries (``.tp-log li``), top first."""
        return [t.strip() for t in self.page.locator(".tp-log li").all_inner_texts()]

    def plot_src(self) -> str:
        """The ``src`` of the score plot image."""
        src = self.page.evaluate(_PLOT_SRC_JS)
        if src is None:
            raise AssertionError("no score plot image (.tp-plot) on the page")
        return str(src)

    def classes(self, selector: str) -> set[str]:
        """The CSS classes of the first element matching ``selector``."""
        return set(self.page.eval_on_selector(selector, "el => Array.from(el.classList)"))

    # ------------------------------------------------------------------ wait
    def _wait(self, selector: str, expected: str, mode: str, timeout: float | None) -> None:
        try:
            self.page.wait_for_function(_WAIT_TEXT_JS, arg=[selector, expected, mode], timeout=timeout or self.timeout)
        except Exception as exc:  # playwright's TimeoutError: say what the page shows instead
            shown = self.page.evaluate(TEXT_OF_JS, selector)
            verb = {"equals": "to show", "contains": "to contain", "changed": "to change from"}[mode]
            raise AssertionError(f"expected {selector} {verb} {expected!r}; it shows {shown!r}") from exc

    def wait_text(self, selector: str, expected: str, timeout: float | None = None) -> None:
        """Wait until ``selector`` shows exactly ``expected`` (trimmed)."""
        self._wait(selector, expected, "equals", timeout)

    def wait_contains(self, selector: str, expected: str, timeout: float | None = None) -> None:
        """Wait until the text of ``selector`` contains ``expected``."""
        self._wait(selector, expected, "contains", timeout)

    def wait_changed(self, selector: str, old: str, timeout: float | None = None) -> None:
        """Wait until ``selector`` no longer shows ``old``."""
        self._wait(selector, old, "changed", timeout)

    def wait_cards(self, expected: list[str], timeout: float | None = None) -> None:
        """Wait until the 28 card buttons show ``expected`` (by position)."""
        try:
            self.page.wait_for_function(
                f"(exp) => JSON.stringify(({_CARDS_JS})()) === JSON.stringify(exp)",
                arg=expected,
                timeout=timeout or self.timeout,
            )
        except Exception as exc:
            shown = self.cards()
            diff = {p: (e, s) for p, (e, s) in enumerate(zip(expected, shown)) if e != s}
            raise AssertionError(f"cards differ (position: (expected, shown)): {diff}") from exc

    def wait_class(self, selector: str, css_class: str, present: bool = True, timeout: float | None = None) -> None:
        """Wait until the element matching ``selector`` has (or, with ``present=False``, lacks) ``css_class``."""
        try:
            self.page.wait_for_function(
                "([sel, cls, present]) => { const el = document.querySelector(sel);"
                " return !!el && el.classList.contains(cls) === present; }",
                arg=[selector, css_class, present],
                timeout=timeout or self.timeout,
            )
        except Exception as exc:
            has = "has" if not present else "lacks"
            raise AssertionError(f"{selector} still {has} the class {css_class!r}") from exc

    def wait_disabled(self, selector: str, disabled: bool = True, timeout: float | None = None) -> None:
        """Wait until the button matching ``selector`` is disabled (or enabled, with ``disabled=False``)."""
        try:
            self.page.wait_for_function(
                "([sel, want]) => { const el = document.querySelector(sel); return !!el && el.disabled === want; }",
                arg=[selector, disabled],
                timeout=timeout or self.timeout,
            )
        except Exception as exc:
            raise AssertionError(f"{selector} is not {'disabled' if disabled else 'enabled'}") from exc

    def wait_plot(self, timeout: float | None = None) -> str:
        """Wait until the score plot image has a picture (a non-empty ``src``); returns the ``src``."""
        try:
            self.page.wait_for_function(f"() => !!({_PLOT_SRC_JS})()", timeout=timeout or self.timeout)
        except Exception as exc:
            raise AssertionError("the score plot image never got a picture") from exc
        return self.plot_src()

    def wait_plot_changed(self, old_src: str, timeout: float | None = None) -> str:
        """Wait until the plot image's ``src`` differs from ``old_src``; returns the new one."""
        try:
            self.page.wait_for_function(
                f"(old) => ({_PLOT_SRC_JS})() !== old", arg=old_src, timeout=timeout or self.timeout
            )
        except Exception as exc:
            raise AssertionError("the score plot image did not change") from exc
        return self.plot_src()

    # ------------------------------------------------------------------ act
    def click(self, selector: str) -> None:
        """Click the (button) element matching ``selector`` like a user (a phone's player first opens
        "More" for a control folded behind it)."""
        self.unfold(selector)
        self.page.locator(selector).first.click()

    def unfold(self, selector: str) -> None:
        """Open "More" (a phone's folded controls) when ``selector`` is a control hidden behind it."""
        if self.page.evaluate(_FOLDED_JS, selector):
            self.page.locator(".tp-more-toggle").first.click()
            self.page.locator(selector).first.wait_for(state="visible", timeout=self.timeout)

    def click_card(self, position: int) -> None:
        self.click(f".tp-pos-{position}")

    def play_to_the_end(self, game: Game) -> None:
        """Play ``game`` (the deal on the page) until it is over: the first playable card, else a
        draw, each move waited for on the page and made on ``game`` too."""
        while not game.is_over:
            plays = game.playable()
            if plays:
                game.play(plays[0])
                self.click_card(plays[0])
            else:
                game.draw()
                self.draw()
            self.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))

    def draw(self) -> None:
        self.click(".tp-stock")

    def undo(self) -> None:
        self.click(".tp-undo")

    def restart(self) -> None:
        self.click(".tp-restart")

    def open_new_game(self) -> None:
        """Open the New game panel (opened on demand) if it is folded away, and wait for its code field."""
        body = self.page.locator(".tp-new-body").first
        if not body.is_visible():
            self.click(".tp-new-toggle")
        self.page.locator(".tp-code-input input, input.tp-code-input").first.wait_for(
            state="visible", timeout=self.timeout
        )

    def deal(self, code: str) -> None:
        """Type ``code`` in the new-game code field (opening the panel first) and press Deal (no wait)."""
        self.open_new_game()
        field = self.page.locator(".tp-code-input input, input.tp-code-input").first
        field.fill(code)
        self.click(".tp-deal")

    def type_code(self, code: str) -> None:
        """Type ``code`` in the new-game code field (no Deal), opening the panel first."""
        self.open_new_game()
        self.page.locator(".tp-code-input input, input.tp-code-input").first.fill(code)

    def answer(self, yes: bool, timeout: float | None = None) -> None:
        """Wait for the "Abandon this game?" question (``.tp-confirm``) and answer it."""
        self.page.locator(".tp-confirm").first.wait_for(state="visible", timeout=timeout or self.timeout)
        self.click(".tp-confirm-yes" if yes else ".tp-confirm-no")

    def choose_language(self, name: str) -> None:
        """Pick the language whose option text is ``name`` (e.g. "Português")."""
        self.unfold(".tp-lang select")
        self.page.locator(".tp-lang select, select.tp-lang").first.select_option(label=name)
