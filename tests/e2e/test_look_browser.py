"""The app's look, keyboard and accessibility in a real browser (Voila, and one real JupyterLab).

* Every screen size of the play-feel report (375×700, 700×375, 1280×800,
  1920×1080) in en, pt and fr: a draw needs no scroll, tap targets are large
  enough where the width allows, nothing is cut off; the screenshots are kept
  in ``tests/e2e/artifacts/look-<lang>-<w>x<h>.png``.
* Keyboard play: only the cards that can be acted on are tab stops, the arrow
  keys move between them, the focus stays on a neighbouring card after a
  play, the shortcuts (D U H N R ? Esc) act, never while typing in a box.
* The page: ``<html lang>`` and the title follow the language, the status
  line is an ARIA live region.
* Motion: a played or drawn card slides onto the waste and a revealed card
  flips, and neither moves under ``prefers-reduced-motion: reduce``.
* Accessibility: axe-core finds no serious or critical violation, and every
  text has WCAG AA contrast (computed), in the app and the lessons, under the
  light theme and Voila's ``--theme=dark``; and under JupyterLab's light and
  dark themes in a real JupyterLab, where the shortcuts work too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tripeaks import Game, Refusal
from tripeaks.app.views.theme import PALETTE_DARK, PALETTE_LIGHT
from tripeaks.course.lessons import LessonRun, lesson
from tripeaks.course.quiz import QuizRun
from tripeaks.i18n import LANGUAGE_NAMES, LANGUAGES, explain, refusal_message, status_message
from tripeaks.i18n.course import answer_message, feedback_message, render
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.quiz import quiz_text
from tripeaks.i18n.ui import ui_text

from .a11y import axe_problems, contrast, contrast_failures, contrast_report
from .lab_server import LabServer, run_all_cells
from .test_app_browser import CODE, NOTEBOOK, check_header, open_with_code
from .tripeaks_page import TriPeaksPage
from .voila_server import per_worker

LESSONS = "notebooks/learn_tripeaks.ipynb"
BLOCKED_AFTER_DRAWS = "TP1-C-AAAAAAH"  # no card fits after the 23 draws: blocked
REPO_NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SIZES = [(375, 700), (700, 375), (1280, 800), (1920, 1080)]

pytestmark = pytest.mark.e2e

_SETTLE_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"

# Scroll every scrolled box back to the top (Voila scrolls an inner panel, not the window).
_TO_TOP_JS = """
() => { window.scrollTo(0, 0);
  for (const el of document.querySelectorAll('*')) { if (el.scrollTop) el.scrollTop = 0; if (el.scrollLeft) el.scrollLeft = 0; }
  return true; }
"""

_GEOMETRY_JS = """
() => {
  const box = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height}; };
  const stock = document.querySelector('.tp-stock');
  const label = document.querySelector('.tp-again');
  return {
    stock: box(stock), waste: box(document.querySelector('.tp-waste .tp-face')),
    cards: Array.from({length: 28}, (_, p) => box(document.querySelector('.tp-pos-' + p))),
    exposed: Array.from(document.querySelectorAll('.tp-card.tp-up')).map(box),
    stockFits: stock.scrollWidth <= stock.clientWidth + 1 && stock.scrollHeight <= stock.clientHeight + 1,
    pageWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    app: box(document.querySelector('.tp-app')), board: box(document.querySelector('.tp-board')),
    header: box(document.querySelector('.tp-header')), controls: box(document.querySelector('.tp-controls')),
    status: box(document.querySelector('.tp-status')), log: box(document.querySelector('.tp-log')),
    plot: box(document.querySelector('.tp-plot')),
    python: /<Game |Traceback|tripeaks\\.|object at 0x/.test(document.body.innerText),
    again: box(label), againFits: label ? label.scrollWidth <= label.clientWidth + 1 : null,
    cut: Array.from(document.querySelectorAll('.tp-app button')).filter(b => b.offsetParent !== null
      && b.scrollWidth > b.clientWidth + 1).map(b => b.innerText.trim() || b.className),
  };
}
"""

_PLACEHOLDER_JS = """
() => {
  const input = document.querySelector('.tp-code-input input');
  const cs = getComputedStyle(input);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  return {text: ctx.measureText(input.placeholder).width,
          room: input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)};
}
"""

_FOCUSED_JS = """
() => { const el = document.activeElement; if (!el || !el.classList) return null;
  const pos = Array.from(el.classList).find(c => c.startsWith('tp-pos-'));
  return pos ? pos : (el.classList.contains('tp-stock') ? 'stock' : (el.tagName + '.' + el.className)); }
"""

_RECORD_MOTION_JS = """
() => { window.__tpMotion = [];
  document.addEventListener('animationstart', e => window.__tpMotion.push(['animation', e.animationName,
    Array.from(e.target.classList).find(c => c.startsWith('tp-pos-')) || '']), true);
  document.addEventListener('transitionrun', e => { if (e.target.classList.contains('tp-face'))
    window.__tpMotion.push(['transition', e.propertyName, 'waste']); }, true);
  return true; }
"""


_BOX_JS = (
    "el => { const r = el.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right, bottom: r.bottom}; }"
)

# The hint's ring (the first colour of the ringed element's box-shadow), the focus ring's colour on
# a card, and the felt's darkest colour, each as "rgb(r, g, b)".
_HINT_RING_JS = """
() => { const el = document.querySelector('.tp-highlight');
  const ring = getComputedStyle(el).boxShadow.match(/rgba?\\([^)]*\\)/)[0];
  const root = getComputedStyle(document.querySelector('.tp-app'));
  const probe = document.createElement('div'); document.body.appendChild(probe);
  const colour = (v) => { probe.style.color = v; return getComputedStyle(probe).color; };
  const out = {ring, focus: colour(root.getPropertyValue('--tp-ring')), felt: colour(root.getPropertyValue('--tp-felt-1'))};
  probe.remove(); return out; }
"""
_RING_JS = """
() => { const el = document.activeElement, cs = getComputedStyle(el);
  return {style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), colour: cs.outlineColor,
          visible: el.matches(':focus-visible') && cs.outlineColor !== 'rgba(0, 0, 0, 0)'}; }
"""


# The relative luminance of the disabled Hint button's background (null unless it is disabled).
_DISABLED_HINT_JS = """
() => { const el = document.querySelector('.tp-hint'); if (!el || !el.disabled) return null;
  const m = getComputedStyle(el).backgroundColor.match(/[\\d.]+/g).map(Number);
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]); }
"""


# The relative luminance of each panel's own background (the first opaque one up the tree), and
# for the plots whether a filter darkens them.
_PANEL_BACKGROUNDS_JS = """
() => { const lum = (el) => { for (; el; el = el.parentElement) { const c = getComputedStyle(el).backgroundColor;
      const m = c.match(/[\\d.]+/g).map(Number); if (m.length === 3 || m[3] > 0.5) {
        const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]); } } return 1; };
  const out = {};
  for (const sel of ['.tp-end', '.tp-stats', '.tp-replay', '.tp-log']) {
    const el = document.querySelector(sel); if (el) out[sel] = [lum(el), false]; }
  for (const sel of ['.tp-plot', '.tp-stats-plot']) { const el = document.querySelector(sel);
    if (el && el.offsetParent) out['plot ' + sel] = [lum(el.parentElement), getComputedStyle(el).filter.includes('invert')]; }
  return out; }
"""


def settle(page: Any) -> None:
    """Two frames laid out, and no animation still running (a card sliding in, a card flipping)."""
    page.evaluate(_SETTLE_JS)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')", timeout=10_000)


def choose(app: TriPeaksPage, game: Game, lang: str) -> None:
    """Switch the app to ``lang`` and wait until the board speaks it."""
    if app.text(".tp-lang") != LANGUAGE_NAMES[lang]:
        app.choose_language(LANGUAGE_NAMES[lang])
    count = game.stock_count
    app.wait_text(".tp-stock", ui_text("stock.label", lang, count=count) if count else ui_text("stock.empty", lang))
    app.wait_text(".tp-keys-toggle", ui_text("keys.toggle", lang))  # the last view to follow the language


def focused(page: Any) -> str | None:
    return page.evaluate(_FOCUSED_JS)


# ---------------------------------------------------------------- screens
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_size_is_playable_without_scrolling_for_a_draw(
    voila_server, page, page_errors, artifacts_dir, lang
):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    app.open(f"{server.url}?code={CODE}")  # a shared link: dealt by the notebook's second cell
    app.wait_contains(".tp-code", CODE)
    app.wait_plot()
    game = Game.from_code(CODE)
    choose(app, game, lang)
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate(_TO_TOP_JS)
        settle(page)
        page.screenshot(path=str(artifacts_dir / f"look-{lang}-{w}x{h}.png"))
        g = page.evaluate(_GEOMETRY_JS)
        where = f"{lang} {w}x{h}"
        # The stock and the waste are on screen as the page opens: a draw needs no scroll.
        for pile in ("stock", "waste"):
            box = g[pile]
            assert box["y"] >= 0 and box["bottom"] <= h and box["x"] >= 0 and box["right"] <= w, (where, pile, box)
        # Every card is on screen sideways, the peaks' tops below the top edge; no sideways page scroll.
        for p, box in enumerate(g["cards"]):
            assert box["x"] >= 0 and box["right"] <= w and box["y"] >= 0, (where, p, box)
        assert g["pageWidth"] <= w, (where, g["pageWidth"])
        assert not g["python"], (where, "Python's text on the page")
        if w >= 1100:  # a desktop: everything a player needs on one screen, the log and the plot beside the board
            for part in ("header", "board", "controls", "status", "log", "plot"):
                b = g[part]
                assert b["x"] >= 0 and b["y"] >= 0 and b["right"] <= w + 0.5 and b["bottom"] <= h + 0.5, (
                    where,
                    part,
                    b,
                )
            assert g["log"]["x"] >= g["board"]["right"] and g["plot"]["x"] >= g["board"]["right"], where
        else:  # one column: the status line right under the board (the reason of a refusal next to it)
            assert 0 <= g["status"]["y"] - g["board"]["bottom"] <= 16, (where, g["status"], g["board"])
        assert g["cut"] == [], (where, "buttons whose text is cut off")
        # Tap targets: 40 px where the width allows it (10 cards across need 400 px: not at 375).
        for box in g["exposed"]:
            assert box["h"] >= 40, (where, box)
            assert box["w"] >= (40 if w >= 700 else 32), (where, box)
        assert g["stock"]["w"] >= 56 and g["stock"]["h"] >= 80, (where, g["stock"])
        assert g["stock"]["w"] >= g["exposed"][0]["w"] - 1, (where, "the stock is no smaller than a card")
        assert g["stockFits"], (where, "the stock's label overflows the card")
        # The code box shows its whole example (in the New game panel, opened on demand, then folded away).
        app.open_new_game()
        ph = page.evaluate(_PLACEHOLDER_JS)
        assert ph["text"] <= ph["room"], (where, ph)
        app.click(".tp-new-toggle")
        page.locator(".tp-new-body").wait_for(state="hidden")
        page.evaluate(_TO_TOP_JS)  # the clicks scrolled to the panel: back to where the stock was measured
        settle(page)
        # A tap on the stock where it stands draws (no scroll first).
        stock = g["stock"]
        page.mouse.click(stock["x"] + stock["w"] / 2, stock["y"] + stock["h"] / 2)
        event = game.draw()
        app.wait_text(".tp-stock", ui_text("stock.label", lang, count=game.stock_count))
        app.wait_text(".tp-status", explain(event, lang))
        # Under the pointer and focused after the tap, the stock keeps its white frame (no cut-off edge).
        frame = page.eval_on_selector(
            ".tp-stock", "el => [getComputedStyle(el).boxShadow, el === document.activeElement]"
        )
        assert "inset" in frame[0] and frame[1], (where, frame)
    # A large screen is used: the app grows past the old 960 px column (to the window's width), centred.
    page.set_viewport_size({"width": 1920, "height": 1080})
    settle(page)
    g = page.evaluate(_GEOMETRY_JS)
    width = page.evaluate("() => document.documentElement.clientWidth")
    margins = (g["app"]["x"], width - g["app"]["right"])
    assert g["app"]["w"] >= 1150 and min(margins) >= 20 and abs(margins[0] - margins[1]) <= 30, (g["app"], width)
    assert min(b["w"] for b in g["exposed"]) >= 90, g["exposed"][0]
    assert page_errors == []


def test_the_end_of_game_button_is_whole_on_a_phone(voila_server, page, page_errors, artifacts_dir):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    app.open(server.url)
    app.deal(BLOCKED_AFTER_DRAWS)
    app.wait_contains(".tp-code", BLOCKED_AFTER_DRAWS)
    page.set_viewport_size({"width": 375, "height": 700})
    game = Game.from_code(BLOCKED_AFTER_DRAWS)
    # Draw the whole stock from the keyboard: D with the focus on the stock, 23 times.
    page.focus(".tp-stock")
    for _ in range(23):
        page.keyboard.press("d")
        game.draw()
    assert game.is_over
    app.wait_contains(".tp-status", status_message(game.status, "en"))
    for lang in LANGUAGES:
        choose(app, game, lang)
        app.wait_text(".tp-again", ui_text("new.again", lang))
        page.evaluate(_TO_TOP_JS)
        settle(page)
        page.locator(".tp-again").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"look-{lang}-375x700-game-over.png"))
        g = page.evaluate(_GEOMETRY_JS)
        assert g["againFits"] and g["again"]["right"] <= 375 and g["again"]["w"] >= 100, (lang, g["again"])
        page.evaluate(_TO_TOP_JS)
        settle(page)
        end = page.eval_on_selector(".tp-end", _BOX_JS)
        board = page.eval_on_selector(".tp-board", _BOX_JS)
        # The summary lies over the felt, in view as the game ends, with its New game.
        assert board["y"] <= end["y"] < board["bottom"] and end["right"] <= 375, (lang, end, board)
        assert page.locator(".tp-end-again").is_visible()
        # Every button of the summary keeps its height (the panel scrolls instead of squeezing them).
        heights = page.eval_on_selector_all(
            ".tp-end .widget-button",
            "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)",
        )
        assert heights and min(heights) >= 27.5, (lang, heights)  # ipywidgets buttons are 28 px
        assert contrast_failures(page, ".tp-app") == [], lang  # the blocked colours too
    assert page_errors == []


def test_a_long_summary_on_a_phone_scrolls_and_keeps_its_buttons(voila_server, page, page_errors):
    code = "TP1-C-AAAAAAD"  # the first playable card, else a draw, ends blocked after many plays
    app = TriPeaksPage(page)
    app.open(voila_server(NOTEBOOK).url)
    app.deal(code)
    app.wait_contains(".tp-code", code)
    game = Game.from_code(code)
    app.play_to_the_end(game)
    for lang in LANGUAGES:
        choose(app, game, lang)
        for w, h in ((375, 700), (700, 375)):
            page.set_viewport_size({"width": w, "height": h})
            settle(page)
            heights = page.eval_on_selector_all(
                ".tp-end .widget-button",
                "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)",
            )
            assert heights and min(heights) >= 27.5, (lang, w, h, heights)
            page.locator(".tp-end-close").scroll_into_view_if_needed()
            assert page.locator(".tp-end-close").is_visible(), (lang, w, h)
    page.click(".tp-end-close")  # See the board: the summary goes, the blocked board shows
    page.locator(".tp-end").first.wait_for(state="hidden")
    assert page_errors == []


# ---------------------------------------------------------------- keyboard
def test_keyboard_play_tab_stops_arrows_focus_and_shortcuts(voila_server, page, page_errors):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)

    # Tab visits only the exposed cards (the base row at the start), then the stock: no face-down card.
    page.focus(".tp-pos-18")
    visited = [focused(page)]
    for _ in range(12):
        page.keyboard.press("Tab")
        visited.append(focused(page))
    assert visited[:11] == [f"tp-pos-{p}" for p in range(18, 28)] + ["stock"], visited
    assert page.eval_on_selector(".tp-pos-0", "el => el.tabIndex") == -1
    # The keyboard's ring shows on a card and on the stock (no hover/focus rule of ours hides it).
    for start, target in (("tp-pos-18", "tp-pos-19"), ("tp-pos-27", "stock")):
        page.focus(f".{start}")
        page.keyboard.press("Tab")
        assert focused(page) == target
        ring = page.evaluate(_RING_JS)
        assert ring["style"] == "solid" and ring["width"] >= 3 and ring["visible"], (target, ring)

    # The arrow keys move towards the card in that direction.
    page.focus(".tp-pos-18")
    page.keyboard.press("ArrowRight")
    assert focused(page) == "tp-pos-19"
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "tp-pos-18"
    page.keyboard.press("ArrowDown")
    assert focused(page) == "stock"
    page.keyboard.press("ArrowUp")
    assert (focused(page) or "").startswith("tp-pos-")

    # Enter plays the focused card; the focus stays on a neighbouring card, keyboard play goes on.
    legal = game.playable()[0]
    page.focus(f".tp-pos-{legal}")
    page.keyboard.press("Enter")
    game.play(legal)
    check_header(app, game, "en")
    page.wait_for_function(
        "(gone) => { const el = document.activeElement; return !!el && el.classList.contains('tp-card')"
        " && !el.classList.contains(gone) && !el.disabled && el.tabIndex >= 0; }",
        arg=f"tp-pos-{legal}",
    )
    near = page.evaluate(
        "(p) => { const a = document.activeElement.getBoundingClientRect(),"
        " b = document.querySelector('.tp-pos-' + p).getBoundingClientRect();"
        " return Math.hypot(a.x - b.x, a.y - b.y) / b.width; }",
        legal,
    )
    assert near <= 2.1, f"the focus went {near:.1f} card widths away"

    # D draws, U undoes, with the focus on a card.
    page.keyboard.press("d")
    event = game.draw()
    check_header(app, game, "en")
    app.wait_text(".tp-status", explain(event, "en"))
    page.keyboard.press("u")
    event = game.undo()
    check_header(app, game, "en")
    app.wait_text(".tp-status", explain(event, "en"))

    # H rings a card or the stock, in a colour of its own: not the keyboard's focus ring, and seen on the felt.
    page.keyboard.press("h")
    page.wait_for_selector(".tp-highlight")
    hint = page.evaluate(_HINT_RING_JS)
    assert hint["ring"] != hint["focus"], hint
    assert contrast(hint["ring"], hint["felt"]) >= 3, hint  # WCAG 1.4.11: a mark that must be seen

    # Letters typed in the code box are text, not shortcuts: "dd" there draws nothing.
    app.open_new_game()  # the panel opens on demand
    field = page.locator(".tp-code-input input")
    field.click()
    field.type("dd")
    assert field.input_value() == "dd"
    field.fill("")
    app.draw()  # handled after any key message: the kernel takes them in order
    game.draw()
    check_header(app, game, "en")

    # ? shows the list of shortcuts, Esc hides it (the focus back in the game).
    page.focus(".tp-stock")
    page.keyboard.press("?")
    page.wait_for_selector(".tp-keys-help", state="visible")
    help_text = app.text(".tp-keys-help")
    for key in ("keys.draw", "keys.undo", "keys.hint", "keys.new", "keys.restart", "keys.help"):
        assert ui_text(key, "en") in help_text
    page.keyboard.press("Escape")
    page.wait_for_selector(".tp-keys-help", state="hidden")
    # The list is brought into view wherever the page was scrolled (here to its very end, the focus
    # kept on the stock), at a desktop and a phone size, and its close button hides it.
    size = page.viewport_size
    for w, h in ((1280, 800), (375, 700)):
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate(
            "() => { const shown = [...document.querySelectorAll('.tp-app .tp-side > *')].filter(e => e.offsetParent);"
            " shown[shown.length - 1].scrollIntoView({block: 'end'}); }"
        )
        page.evaluate("() => document.querySelector('.tp-stock').focus({preventScroll: true})")
        page.keyboard.press("?")
        page.wait_for_selector(".tp-keys-panel", state="visible")
        page.wait_for_function(
            "(h) => { const r = document.querySelector('.tp-keys-panel').getBoundingClientRect();"
            " return r.top >= -1 && r.bottom <= h + 1; }",
            arg=h,
        )  # scrolled into view (smoothly; a phone's sheet may sit a fraction of a pixel over the top edge)
        box = page.locator(".tp-keys-panel").bounding_box()
        assert box and box["x"] >= -1 and box["y"] >= -1, (w, h, box)
        assert box["x"] + box["width"] <= w + 1 and box["y"] + box["height"] <= h + 1, (w, h, box)
        close = page.locator(".tp-keys-close")
        assert close.is_visible() and close.get_attribute("title") == ui_text("keys.close", "en")
        close.click()
        page.wait_for_selector(".tp-keys-panel", state="hidden")
    page.set_viewport_size(size)

    # R restarts the deal, as Restart does: first "Abandon this game?" (the focus on No), Esc answers No.
    page.keyboard.press("r")
    app.wait_contains(".tp-confirm", ui_text("confirm.restart", "en", moves=game.moves))
    page.wait_for_function("() => document.activeElement.classList.contains('tp-confirm-no')")
    page.keyboard.press("Escape")
    page.locator(".tp-confirm").wait_for(state="hidden")
    check_header(app, game, "en")  # nothing lost
    page.focus(".tp-stock")
    page.keyboard.press("r")
    app.answer(yes=True)
    game = game.restart()
    # With nothing focused (Voila's page body), N deals a new game (none in progress: no question).
    check_header(app, game, "en")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    before = app.text(".tp-code")  # read before the key: on a busy machine the new deal is drawn before a late read
    page.keyboard.press("n")
    app.wait_changed(".tp-code", before)
    assert CODE not in app.text(".tp-code")
    assert page_errors == []


def test_the_page_speaks_the_chosen_language_and_announces_the_status(voila_server, page, page_errors):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    status = page.eval_on_selector(
        ".tp-status", "el => [el.getAttribute('role'), el.getAttribute('aria-live'), el.getAttribute('aria-atomic')]"
    )
    assert status == ["status", "polite", "true"]
    assert page.eval_on_selector(".tp-plot", "el => el.getAttribute('alt')") == ui_text("plot.title", "en")
    for lang in ("en", "pt", "fr", "es"):
        choose(app, game, lang)
        page.wait_for_function(
            "([lang, title]) => document.documentElement.lang === lang && document.title === title"
            " && document.querySelector('.tp-app').getAttribute('lang') === lang",
            arg=[lang, ui_text("page.title", lang)],
        )
        # A card's tooltip says what a click does, in words of the language.
        assert page.get_attribute(".tp-pos-18", "title") == ui_text("card.face_up_tip", lang)
    # A refusal is announced in the same live region, in the language last chosen.
    blocked = next(p for p in range(28) if game.refusal(p) is Refusal.BLOCKED)
    app.click_card(blocked)
    app.wait_contains(".tp-status", refusal_message(Refusal.BLOCKED, lang))  # and why, when it says more
    assert page.get_attribute(".tp-status", "aria-live") == "polite"
    assert page_errors == []


# ---------------------------------------------------------------- motion and colours
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_played_card_slides_and_a_revealed_card_flips_unless_motion_is_reduced(
    voila_server, page, page_errors, motion
):
    page.emulate_media(reduced_motion=motion)
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    page.evaluate(_RECORD_MOTION_JS)
    for action in (20, "D", 19):  # 19 and 20 covered position 10: playing 19 turns it face up
        if action == "D":
            app.draw()
            game.draw()
        else:
            app.click_card(action)
            game.play(action)
        check_header(app, game, "en")
    settle(page)
    seen = page.evaluate("() => window.__tpMotion")
    slides = [e for e in seen if e[0] == "transition" and e[1] == "transform"]
    flips = [e for e in seen if e == ["animation", "tp-flip", "tp-pos-10"]]
    if motion == "reduce":
        assert slides == [] and flips == [], seen
    else:
        assert len(slides) >= 3 and flips, seen  # two plays and a draw slid in; 10 flipped
    assert page_errors == []


def test_the_four_colour_deck_draws_clubs_green_and_diamonds_blue(voila_server, page, page_errors):
    server = voila_server(NOTEBOOK)
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    app.click(".tp-four-colour")
    app.wait_text(".tp-four-colour", ui_text("deck.four_on", "en"))

    def rgb(p: int) -> tuple[int, ...]:
        colour = page.eval_on_selector(f".tp-pos-{p}", "el => getComputedStyle(el).color")
        return tuple(int(v) for v in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3])

    suits = {p: game.card_at(p).suit.symbol for p in range(18, 28)}
    assert "♣" in suits.values() and "♦" in suits.values()
    for p, suit in suits.items():
        app.wait_class(f".tp-pos-{p}", {"♣": "tp-green", "♦": "tp-blue", "♥": "tp-red", "♠": "tp-black"}[suit])
        r, g, b = rgb(p)
        if suit == "♣":
            assert g > r + 40 and g > b, (p, r, g, b)
        elif suit == "♦":
            assert b > r + 60 and b > g, (p, r, g, b)
        elif suit == "♥":
            assert r > g + 60, (p, r, g, b)
    # Kept for the next deal of the session.
    app.deal("TP1-E-AAAAAAD")
    app.wait_contains(".tp-code", "TP1-E-AAAAAAD")
    new = Game.from_code("TP1-E-AAAAAAD")
    clubs = [p for p in range(18, 28) if new.card_at(p).suit.symbol == "♣"]
    assert clubs
    app.wait_class(f".tp-pos-{clubs[0]}", "tp-green")
    assert app.text(".tp-four-colour") == ui_text("deck.four_on", "en")
    assert page_errors == []


# ---------------------------------------------------------------- accessibility
def _app_states(app: TriPeaksPage, page: Any, game: Game) -> None:
    """Show the app's texts that appear only after an action: a refusal, the shortcuts, a deal note."""
    app.click(".tp-keys-toggle")
    page.wait_for_selector(".tp-keys-help", state="visible")
    blocked = next(p for p in range(28) if game.refusal(p) is Refusal.BLOCKED)
    app.click_card(blocked)
    app.wait_text(".tp-status", refusal_message(Refusal.BLOCKED, "en"))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_app_passes_axe_and_aa_contrast(voila_server, page, page_errors, artifacts_dir, theme):
    server = voila_server(NOTEBOOK, f"--theme={theme}")
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    assert page.evaluate("() => document.body.dataset.jpThemeLight") == ("true" if theme == "light" else "false")
    _app_states(app, page, game)
    app.deal("TP1-X-AAAAAAA")  # an error under the code box
    page.wait_for_selector(".tp-new-message .tp-msg-error")
    assert axe_problems(page) == []
    report = contrast_report(page, ".tp-app")
    assert len(report) >= 40  # every text of the app was measured
    assert [e for e in report if e["ratio"] < e["need"]] == []
    app.draw()  # two moves, one undone: Redo is offered
    app.draw()
    app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=2))
    app.undo()
    app.wait_disabled(".tp-redo", disabled=False)
    app.restart()  # a game in progress: "Abandon this game?" is asked inline
    app.wait_contains(".tp-confirm", ui_text("confirm.restart", "en", moves=2))
    settle(page)
    assert axe_problems(page) == []
    report = contrast_report(page, ".tp-app")
    measured = {c for e in report for c in e["where"].split(".")[1:]}
    assert {"tp-confirm-question", "tp-redo"} <= measured  # the question and the enabled Redo were measured
    assert [e for e in report if e["ratio"] < e["need"]] == []
    app.answer(yes=False)
    # The end of a game (over the felt), the statistics and the replay panel follow the theme too.
    app.deal(BLOCKED_AFTER_DRAWS)
    app.answer(yes=True)
    app.wait_contains(".tp-code", BLOCKED_AFTER_DRAWS)
    page.focus(".tp-stock")
    for _ in range(23):
        page.keyboard.press("d")
    page.wait_for_selector(".tp-end .tp-breakdown", state="visible")
    app.click(".tp-stats-toggle")
    page.wait_for_selector(".tp-stats-body", state="visible")
    # The statistics fit the side column beside the board: no figure hidden sideways (a column a rule set).
    page.wait_for_selector(".tp-stats-scroll")
    fit = page.evaluate(
        "() => { const s = document.querySelector('.tp-stats-scroll'); return [s.scrollWidth, s.clientWidth]; }"
    )
    assert fit[0] <= fit[1] + 1, fit
    app.click(".tp-replay-toggle")
    page.wait_for_selector(".tp-replay-body", state="visible")
    page.locator(".tp-replay-record textarea").fill("[1, 2]")
    app.click(".tp-replay-load")
    page.wait_for_selector(".tp-replay-message .tp-msg-error")
    settle(page)
    assert axe_problems(page) == []
    report = contrast_report(page, ".tp-app")
    measured = {c for e in report for c in e["where"].split(".")[1:]}
    panels = ("tp-end", "tp-breakdown", "tp-stats", "tp-replay", "tp-msg")
    assert any(c.startswith(panels) for c in measured), measured  # the panels' texts were measured
    assert [e for e in report if e["ratio"] < e["need"]] == []
    # The panels' backgrounds are the theme's, the plots darkened on a dark page.
    backgrounds = page.evaluate(_PANEL_BACKGROUNDS_JS)
    dark = theme == "dark"
    for where, (lum, filtered) in backgrounds.items():
        assert (lum < 0.2) if dark else (lum > 0.8), (theme, where, lum)
        if where.startswith("plot"):
            assert filtered == dark, (theme, where)
    # The game is over: Hint is disabled, in the theme's grey (a fixed light grey glared on a dark page).
    hint = page.evaluate(_DISABLED_HINT_JS)
    assert hint is not None and ((hint < 0.1) if dark else (hint > 0.6)), (theme, hint)
    page.set_viewport_size({"width": 1280, "height": 2000})  # the whole app in one picture
    settle(page)
    page.screenshot(path=str(artifacts_dir / f"look-app-{theme}.png"))
    assert page_errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_lessons_pass_axe_and_aa_contrast(voila_server, page, page_errors, artifacts_dir, theme):
    server = voila_server(LESSONS, f"--theme={theme}")
    app = TriPeaksPage(page)
    app.open(server.url)
    run = LessonRun(lesson(1))
    app.wait_contains(".tp-lesson-goal", render(run.goal(), "en"))
    for position in (18, 0):  # a miss, then a right answer: both feedback colours
        app.click_card(position)
        app.wait_text(".tp-lesson-feedback", feedback_message(run.click_card(position), "en"))
        assert contrast_failures(page, ".tp-lessons") == []
    page.wait_for_function(
        "(t) => document.documentElement.lang === 'en' && document.title === t", arg=lesson_text("ui.title", "en")
    )
    page.screenshot(path=str(artifacts_dir / f"look-lessons-{theme}.png"))
    # The page is the lessons: centred in a window wider than them.
    box = page.eval_on_selector(
        ".tp-lessons", "el => { const r = el.getBoundingClientRect(); return [r.left, r.right]; }"
    )
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert box[0] > 100 and abs(box[0] - (width - box[1])) <= 30, (box, width)
    assert axe_problems(page) == []
    assert page.get_attribute(".tp-lesson-feedback", "aria-live") == "polite"
    # The quiz (chosen in the lesson menu), after a wrong answer: its question, choices and feedback.
    page.locator(".tp-lesson-menu select").select_option(label=quiz_text("quiz.ui.title", "en"))
    quiz = QuizRun()
    app.wait_text(".tp-quiz-question", render(quiz.question.text(), "en"))
    wrong = next(i for i, c in enumerate(quiz.question.choices) if i != quiz.question.answer)
    app.click(f".tp-quiz-choice-{wrong}")
    given = quiz.choose(wrong)
    app.wait_text(".tp-quiz-feedback", answer_message(given, "en"))
    settle(page)
    report = contrast_report(page, ".tp-lessons")
    texts = {e["text"] for e in report}
    assert render(quiz.question.text(), "en")[:60] in texts  # the question was measured
    assert any(answer_message(given, "en").startswith(t) for t in texts)  # and the feedback
    assert [e for e in report if e["ratio"] < e["need"]] == []
    assert axe_problems(page) == []
    page.screenshot(path=str(artifacts_dir / f"look-quiz-{theme}.png"))
    assert page_errors == []


@pytest.mark.slow
def test_jupyterlab_light_and_dark_themes_and_shortcuts(_browser, artifacts_dir):
    """The notebooks run in a real JupyterLab; its theme is switched from light to dark and back."""
    from .browser import new_page

    server = LabServer(REPO_NOTEBOOKS / "tripeaks.ipynb", log_path=artifacts_dir / per_worker("jupyterlab.log")).start()
    page = new_page(_browser)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(server.url)
        run_all_cells(page)
        page.wait_for_selector(".jp-OutputArea .tp-app .tp-card", timeout=120_000)
        app = TriPeaksPage(page)
        stock = app.text(".tp-stock")
        cells = page.locator(".jp-Notebook .jp-Cell").count()
        # The shortcuts reach the kernel through the page bridge in Lab too; D D does not delete the cell.
        page.focus(".tp-pos-18")
        page.keyboard.press("d")
        page.keyboard.press("d")
        app.wait_text(".tp-stock", ui_text("stock.label", "en", count=21))
        assert stock == ui_text("stock.label", "en", count=23)
        assert page.locator(".jp-Notebook .jp-Cell").count() == cells
        assert page.get_attribute(".tp-status", "aria-live") == "polite"
        for notebook in ("tripeaks.ipynb", "learn_tripeaks.ipynb"):
            if notebook != "tripeaks.ipynb":
                page.evaluate(
                    f"() => {{ window.jupyterapp.commands.execute('docmanager:open', {{path: '{notebook}'}}); return 1; }}"
                )
                page.wait_for_function(
                    f"() => window.jupyterapp.shell.currentWidget.context.path === '{notebook}'", timeout=60_000
                )
                run_all_cells(page)
                page.wait_for_selector(".jp-OutputArea .tp-lessons .tp-card", timeout=120_000)
            root = ".tp-app" if notebook == "tripeaks.ipynb" else ".tp-lessons"
            for theme in ("JupyterLab Dark", "JupyterLab Light"):
                page.evaluate(
                    f"() => {{ window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}}); return 1; }}"
                )
                light = "true" if theme.endswith("Light") else "false"
                surface = (PALETTE_LIGHT if light == "true" else PALETTE_DARK)["surface"]
                # The theme's attribute is set and our palette follows it.
                page.wait_for_function(
                    "([light, surface]) => document.body.dataset.jpThemeLight === light && getComputedStyle("
                    "document.body).getPropertyValue('--tp-surface').trim() === surface",
                    arg=[light, surface],
                    timeout=60_000,
                )
                settle(page)
                name = f"look-jupyterlab-{root[4:]}-{theme.split()[-1].lower()}.png"
                page.screenshot(path=str(artifacts_dir / name))
                assert contrast_failures(page, root) == [], (notebook, theme)
                assert axe_problems(page, context=root) == [], (notebook, theme)
    finally:
        page.context.close()
        server.stop()
    assert errors == []


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_class_name_line_and_challenge_pass_axe_and_aa_contrast(_browser, artifacts_dir, tmp_path, theme):
    """With a class database the app has a name line and the class challenge above the header: readable too."""
    from tripeaks.history.class_results import ENV_CHALLENGE, ENV_DB
    from tripeaks.i18n.classroom import classroom_text

    from .browser import new_page
    from .voila_server import REPO_ROOT, VoilaServer

    challenge = "TP1-C-AAAAAAD"
    env = {ENV_DB: str(tmp_path / "class.sqlite"), ENV_CHALLENGE: challenge}
    log = artifacts_dir / per_worker(f"voila-look-class-{theme}.log")
    log.unlink(missing_ok=True)
    with VoilaServer(REPO_ROOT / NOTEBOOK, log_path=log, extra_args=(f"--theme={theme}",), env=env) as server:
        page = new_page(_browser)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            app = TriPeaksPage(page, timeout=30_000)
            app.open(server.url)
            app.wait_text(".tp-classbar-prompt", classroom_text("name.prompt", "en"))
            app.wait_text(".tp-challenge-text", classroom_text("challenge.banner", "en", code=challenge))
            page.click(".tp-classbar-save")  # no name typed: an error note
            app.wait_text(".tp-classbar-note", classroom_text("name.empty", "en"))
            settle(page)
            report = contrast_report(page, ".tp-app")
            measured = {c for e in report for c in e["where"].split(".")[1:]}
            assert {"tp-note-error", "tp-challenge-deal"} <= measured
            banner = classroom_text("challenge.banner", "en", code=challenge)
            assert any(banner.startswith(e["text"]) for e in report)  # the challenge line was measured
            assert [e for e in report if e["ratio"] < e["need"]] == []
            assert axe_problems(page) == []
            page.fill(".tp-classbar-name input", "Ana")
            page.click(".tp-classbar-save")
            app.wait_text(".tp-classbar-note", classroom_text("name.saved", "en", name="Ana"))
            settle(page)
            assert contrast_failures(page, ".tp-app") == []
            page.screenshot(path=str(artifacts_dir / f"look-class-{theme}.png"))
        finally:
            page.context.close()
    assert errors == []


@pytest.mark.slow
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_teachers_class_results_pass_axe_and_aa_contrast(_browser, artifacts_dir, tmp_path, theme):
    """notebooks/class_results.ipynb in Voila with a few games recorded: every text readable in both themes."""
    from tripeaks.history.class_results import ENV_DB, ClassRow, ClassStore
    from tripeaks.i18n.classroom import classroom_text

    from .browser import new_page
    from .voila_server import REPO_ROOT, VoilaServer

    db = tmp_path / "class.sqlite"
    store = ClassStore(db)
    for name, result, score, when in [
        ("Ana", "won", 700, "2026-05-09T10:00:00Z"),
        ("Bea", "blocked", 420, "2026-05-09T10:03:00Z"),
        ("Caio", "abandoned", 455, "2026-05-09T10:04:00Z"),
    ]:
        record = {"format": "tripeaks-record/1", "code": CODE, "actions": []}
        assert store.record_game(ClassRow(name, CODE, "easy", result, score, 40, 3, 0, 60.0, record, when))
    log = artifacts_dir / per_worker(f"voila-look-teacher-{theme}.log")
    log.unlink(missing_ok=True)
    notebook = REPO_ROOT / "notebooks" / "class_results.ipynb"
    with VoilaServer(notebook, log_path=log, extra_args=(f"--theme={theme}",), env={ENV_DB: str(db)}) as server:
        page = new_page(_browser)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            page.goto(server.url, timeout=90_000)
            page.wait_for_selector(".tp-class .tp-class-leaderboard td", timeout=90_000)
            page.fill(".tp-class .tp-class-challenge-input input", "not a code")  # the challenge box: an error note
            page.click(".tp-class .tp-class-set")
            page.wait_for_selector(".tp-class .tp-class-note", timeout=30_000)
            settle(page)
            report = contrast_report(page, ".tp-class")
            assert any(e["text"] == "Ana" for e in report)  # the leaderboard was measured
            assert [e for e in report if e["ratio"] < e["need"]] == []
            assert axe_problems(page, context=".tp-class") == []
            alt = classroom_text("plot.description", "en", code=CODE)
            assert page.get_attribute(".tp-class-plot img, img.tp-class-plot", "alt") == alt
            page.wait_for_function(
                "(t) => document.documentElement.lang === 'en' && document.title === t",
                arg=classroom_text("title", "en"),
            )
            page.screenshot(path=str(artifacts_dir / f"look-teacher-{theme}.png"), full_page=True)
        finally:
            page.context.close()
    assert errors == []
