"""The teacher's page (notebooks/class_results.ipynb in Voila) in the browser, measured: every column
of the leaderboard is visible at 1280×800; at 375×700 nothing runs off the page (a wide table scrolls
inside its own box); the big screen shows the lesson, who is playing and the leaderboard, large, and
no control but the one that leaves it; the CSV downloads look and behave as buttons, light and dark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tripeaks.history.class_results import (
    ENV_CHALLENGE,
    ENV_DB,
    ENV_TEACHER_SECRET,
    ClassRow,
    ClassStore,
    LiveState,
)
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGE_NAMES, LANGUAGES

from .browser import new_page
from .voila_server import REPO_ROOT, VoilaServer, per_worker

CODE = "TP1-E-AAAAAAD"
LESSON = "Lesson 3: peaks first"
NAMES = ["Ana", "Bea", "Maximiliana Fernández-Oliveira", "Jean-Baptiste Emmanuel Zorg", "Chloé", "Bob"]
RECORD = {"format": "tripeaks-record/1", "code": CODE, "actions": []}


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory, artifacts_dir: Path) -> Iterator[dict[str, VoilaServer]]:
    """The teacher's page over a class with a lesson, a challenge, six students and two playing now."""
    db = tmp_path_factory.mktemp("class") / "class.sqlite"
    store = ClassStore(db)
    store.start_lesson(LESSON, challenge=CODE)
    for i, name in enumerate(NAMES):
        result = "won" if i % 2 == 0 else "blocked"
        when = f"2026-05-09T10:{i:02d}:00+00:00"
        assert store.record_game(ClassRow(name, CODE, "E", result, 400 + 37 * i, 30, 3, 0, 60.0, RECORD, when))
    assert store.report_playing("Ana", CODE, 12, 488) and store.report_playing("Bea", CODE, 3, 497)
    # the longest statuses of who is playing now: a blocked game on the table, a student without a move
    assert store.report_playing("Jean-Baptiste Emmanuel Zorg", CODE, 30, 512, LiveState.BLOCKED)
    assert store.report_playing("Maximiliana Fernández-Oliveira", CODE, 0, 0, LiveState.JOINED)
    env = {ENV_DB: str(db), ENV_TEACHER_SECRET: "", ENV_CHALLENGE: ""}
    notebook = REPO_ROOT / "notebooks" / "class_results.ipynb"
    started: dict[str, VoilaServer] = {}
    try:
        for theme, args in (("light", ()), ("dark", ("--theme=dark",))):
            log = artifacts_dir / per_worker(f"voila-class-page-{theme}.log")
            log.unlink(missing_ok=True)
            started[theme] = VoilaServer(notebook, log_path=log, extra_args=args, env=env).start()
        yield started
    finally:
        for server in started.values():
            server.stop()


def open_page(browser: Any, server: VoilaServer, width: int, height: int, errors: list[str]) -> Any:
    page = new_page(browser, viewport={"width": width, "height": height})
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(60_000)
    page.goto(server.url, wait_until="commit")
    page.wait_for_selector(".tp-class-leaderboard table", state="visible", timeout=240_000)
    page.wait_for_selector(".tp-class-export .tp-class-download", state="visible")
    return page


_VISIBLE_RIGHT = """(el, width) => {
  let right = width;  // what the page shows of el: the window, cut by every ancestor that clips
  for (let a = el.parentElement; a; a = a.parentElement) {
    if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
  }
  return right;
}"""

_OUTSIDE = (
    """(width) => {
  const visibleRight = """
    + _VISIBLE_RIGHT
    + """;
  const out = [];
  for (const el of document.querySelectorAll('.tp-class input, .tp-class button, .tp-class select,'
      + ' .tp-class textarea, .tp-class img, .tp-class-scroll, .tp-class a.tp-class-download')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    const limit = visibleRight(el, width);
    if (box.right > limit + 0.5) out.push(`${el.tagName}.${el.className} right ${box.right} > ${limit}`);
  }
  if (document.documentElement.scrollWidth > width) out.push(`page ${document.documentElement.scrollWidth} wide`);
  return out;
}"""
)

_TABLE_FITS = (
    """(selector) => {
  const visibleRight = """
    + _VISIBLE_RIGHT
    + """;
  const box = document.querySelector(selector).closest('.tp-class-scroll');
  const right = Math.min(visibleRight(box, window.innerWidth), box.getBoundingClientRect().right);
  const cut = [...box.querySelectorAll('th')].filter(th => th.getBoundingClientRect().right > right + 0.5)
    .map(th => th.textContent);
  return {cut, right, scroll: box.scrollWidth, client: box.clientWidth};
}"""
)


@pytest.mark.e2e
@pytest.mark.slow
def test_every_column_of_the_leaderboard_is_visible_at_1280x800(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str]
) -> None:
    page = open_page(_browser, servers["light"], 1280, 800, page_errors)
    try:
        fits = page.evaluate(_TABLE_FITS, ".tp-class-leaders")
        assert fits["cut"] == [] and fits["scroll"] <= fits["client"] + 1, fits
        assert page.evaluate(_OUTSIDE, 1280) == []
        page.screenshot(path=str(artifacts_dir / "class-page-1280.png"))
    finally:
        page.context.close()
    assert page_errors == []


@pytest.mark.e2e
@pytest.mark.slow
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_at_375x700_nothing_runs_off_the_page_and_tables_scroll_in_their_box(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str], theme: str
) -> None:
    page = open_page(_browser, servers[theme], 375, 700, page_errors)
    try:
        assert page.evaluate(_OUTSIDE, 375) == []
        fits = page.evaluate(_TABLE_FITS, ".tp-class-leaders")
        assert fits["scroll"] > fits["client"]  # too wide for a phone: it scrolls sideways inside its box
        box = page.locator(".tp-class-leaderboard .tp-class-scroll")
        box.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
        assert box.evaluate("(el) => el.scrollLeft") > 0
        page.screenshot(path=str(artifacts_dir / f"class-page-375-{theme}.png"))
    finally:
        page.context.close()
    assert page_errors == []


@pytest.mark.e2e
@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_375x700_who_is_playing_now_fits_its_box_with_the_status_in_view(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str], lang: str
) -> None:
    """A phone's teacher sees each student's Status without scrolling (it was cut at the right edge,
    past the end of the box, in every language)."""
    page = open_page(_browser, servers["light"], 375, 700, page_errors)
    try:
        if lang != "en":
            page.locator(".tp-class-top select").select_option(label=LANGUAGE_NAMES[lang])
        statuses = [classroom_text("live.joined", lang), classroom_text("column.status", lang)]
        page.wait_for_function(
            "(texts) => texts.every(t => [...document.querySelectorAll('.tp-class-playing th, .tp-class-playing td')]"
            ".some(c => c.textContent.trim() === t))",
            arg=statuses,
        )
        fits = page.evaluate(_TABLE_FITS, ".tp-class-playing")
        assert fits["scroll"] <= fits["client"] + 1, fits  # nothing to scroll to
        cells = page.evaluate(
            "() => [...document.querySelectorAll('.tp-class-playing td')].map(c => {"
            " const r = c.getBoundingClientRect(); return [c.textContent, r.width, r.right]; })"
        )
        assert len(cells) == 4 * 6, cells  # four students, six columns each
        assert all(width > 0 and right <= fits["right"] + 0.5 for _t, width, right in cells), (cells, fits)
        labels = page.evaluate(  # each figure says its column, as the table's header would
            "() => [...document.querySelectorAll('.tp-class-playing tr:last-child td')]"
            ".map(c => getComputedStyle(c, '::before').content)"
        )
        assert labels[5] == f'"{classroom_text("column.status", lang)}"', labels
        assert page.evaluate(_OUTSIDE, 375) == []
        page.locator(".tp-class-live").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"class-page-375-playing-{lang}.png"))
    finally:
        page.context.close()
    assert page_errors == []


@pytest.mark.e2e
@pytest.mark.slow
def test_the_big_screen_hides_hints_undos_and_abandons_on_request_and_the_browser_remembers_it(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str]
) -> None:
    private = [classroom_text(k) for k in ("column.abandoned", "column.hints", "column.undos")]
    shown = "() => [...document.querySelectorAll('.tp-class-leaders th')].filter(th => th.getClientRects().length > 0).map(th => th.textContent)"
    page = open_page(_browser, servers["light"], 1280, 800, page_errors)
    try:
        page.evaluate("() => localStorage.removeItem('tripeaks-teacher-view')")
        toggle = page.locator(".tp-class-discreet-toggle input")
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-info", state="hidden")
        assert set(private) <= set(page.evaluate(shown))  # shown until the teacher asks
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-info", state="visible")
        toggle.check()
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-info", state="hidden")
        page.wait_for_function(
            "(hidden) => ![...document.querySelectorAll('.tp-class-leaders th')]"
            ".some(th => th.getClientRects().length > 0 && hidden.includes(th.textContent))",
            arg=private,
        )
        headers = page.evaluate(shown)
        assert classroom_text("column.name") in headers and not set(private) & set(headers), headers
        assert page.locator(".tp-class-leaders td:visible").count() > 0
        page.screenshot(path=str(artifacts_dir / "class-page-big-screen-discreet.png"))
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-info", state="visible")
        assert set(private) <= set(page.evaluate(shown))  # the page itself keeps every column
        page.reload(wait_until="commit")  # a reload: the browser remembers the setting
        page.wait_for_selector(".tp-class-leaderboard table", state="visible", timeout=240_000)
        page.wait_for_function("() => document.querySelector('.tp-class-discreet-toggle input').checked")
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-info", state="hidden")
        assert not set(private) & set(page.evaluate(shown))
    finally:
        page.context.close()
    assert page_errors == []


@pytest.mark.e2e
@pytest.mark.slow
def test_the_big_screen_shows_the_lesson_who_plays_and_the_leaderboard_large_and_nothing_else(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str]
) -> None:
    page = open_page(_browser, servers["light"], 1280, 800, page_errors)
    try:
        normal = page.locator(".tp-class-leaders td").first.evaluate(
            "(el) => parseFloat(getComputedStyle(el).fontSize)"
        )
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-bigtitle", state="visible")
        page.wait_for_selector(".tp-class-info", state="hidden")
        controls = page.evaluate(
            """() => [...document.querySelectorAll('.tp-class input, .tp-class button, .tp-class select,'
                 + ' .tp-class textarea, .tp-class a')]
               .filter(el => el.getClientRects().length > 0).map(el => el.className || el.tagName)"""
        )
        assert len(controls) == 2 and "tp-class-bigscreen" in controls[0], controls
        assert controls[1] == "SELECT"  # the leaderboard's Code menu: which challenge of the lesson it shows
        menu = page.locator(".tp-class-code-picker select").bounding_box()
        assert menu is not None and menu["width"] < 640  # its own width, not the page's
        assert page.locator(".tp-class-bigscreen").inner_text().strip() == classroom_text("bigscreen_leave")
        assert not page.is_visible(".tp-class-watch")
        headings = page.evaluate(
            """() => [...document.querySelectorAll('.tp-class h2, .tp-class h3')]
               .filter(el => el.getClientRects().length > 0).map(el => el.textContent.trim())"""
        )
        assert headings == [
            LESSON,
            classroom_text("challenge.banner", code=CODE),
            classroom_text("live.heading"),
            classroom_text("leaderboard.heading"),
        ]
        for heading in (".tp-class-live", ".tp-class-leaderboard"):  # no heading over nothing
            assert page.locator(f"{heading} td").count() > 0
        big = page.locator(".tp-class-leaders td").first.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
        assert big >= 1.3 * normal, (big, normal)
        fits = page.evaluate(_TABLE_FITS, ".tp-class-leaders")
        assert fits["cut"] == [] and fits["scroll"] <= fits["client"] + 1, fits
        page.screenshot(path=str(artifacts_dir / "class-page-big-screen.png"))
        page.click(".tp-class-bigscreen")
        page.wait_for_selector(".tp-class-info", state="visible")
    finally:
        page.context.close()
    assert page_errors == []


_SETUP = """(placeholders) => {
  const ruler = document.createElement('canvas').getContext('2d');
  const fits = {};
  for (const [name, text] of Object.entries(placeholders)) {
    const input = [...document.querySelectorAll('.tp-class input')].find(i => i.placeholder === text);
    const s = getComputedStyle(input);
    ruler.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    fits[name] = {text: ruler.measureText(text).width, room, top: input.getBoundingClientRect().top};
  }
  const width = (selector) => document.querySelector(selector).getBoundingClientRect().width;
  return {fits, save: width('.tp-class-list-save'), show: width('.tp-class-lesson-picker')};
}"""


@pytest.mark.e2e
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_lesson_setup_at_1280x800_puts_each_box_in_its_section_with_its_whole_placeholder(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str], lang: str
) -> None:
    page = open_page(_browser, servers["light"], 1280, 800, page_errors)
    try:
        placeholders = {
            name: classroom_text(key, lang)
            for name, key in (
                ("lesson-name", "lesson.name_placeholder"),
                ("lesson-challenge", "lesson.challenge_placeholder"),
                ("challenge-input", "challenge.placeholder"),
            )
        }
        if lang != "en":
            page.locator(".tp-class-top select").select_option(label=LANGUAGE_NAMES[lang])
        # each widget's placeholder arrives in its own message: wait for all three, not only the first
        page.wait_for_function(
            "(texts) => texts.every(t => [...document.querySelectorAll('.tp-class input')]"
            ".some(i => i.placeholder === t))",
            arg=list(placeholders.values()),
        )
        headings = [classroom_text("lesson.heading", lang), classroom_text("challenge.heading", lang)]
        page.wait_for_function(
            "(texts) => texts.every(t => [...document.querySelectorAll('.tp-class h3')]"
            ".some(h => h.textContent.trim() === t))",
            arg=headings,
        )
        found = page.evaluate(_SETUP, placeholders)
        for name, box in found["fits"].items():  # the whole placeholder shows: nothing cut at the right
            assert box["text"] <= box["room"], (name, box)
        lesson = page.evaluate(
            "(texts) => texts.map(t => [...document.querySelectorAll('.tp-class h3')]"
            ".find(h => h.textContent.trim() === t).getBoundingClientRect().top)",
            headings,
        )
        fits = found["fits"]
        assert lesson[0] < fits["lesson-name"]["top"] == fits["lesson-challenge"]["top"] < lesson[1]
        assert lesson[1] < fits["challenge-input"]["top"]  # the challenge's code under its own heading
        assert found["save"] < 300 and found["show"] < 640  # "Save the list" and the Show menu: their own width
        page.locator(".tp-class-lesson-start").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir / f"class-page-setup-{lang}.png"))
    finally:
        page.context.close()
    assert page_errors == []


def _contrast(a: list[float], b: list[float]) -> float:
    def lum(c: list[float]) -> float:
        s = [v / 255 for v in c[:3]]
        lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in s]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


_LOOK = """(el) => {
  const s = getComputedStyle(el);
  const rgb = (v) => (v.match(/[\\d.]+/g) || []).map(Number);
  return {padding: parseFloat(s.paddingLeft), radius: parseFloat(s.borderTopLeftRadius), color: rgb(s.color),
          background: rgb(s.backgroundColor), decoration: s.textDecorationLine, cursor: s.cursor,
          display: s.display, height: el.getBoundingClientRect().height,
          outline: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth), focused: el.matches(':focus-visible')};
}"""


@pytest.mark.e2e
@pytest.mark.slow
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_csv_downloads_look_and_behave_as_buttons(
    _browser: Any, servers: dict[str, VoilaServer], artifacts_dir: Path, page_errors: list[str], theme: str
) -> None:
    page = open_page(_browser, servers[theme], 1280, 800, page_errors)
    try:
        links = page.locator(".tp-class-export a.tp-class-download")
        assert links.count() == 2
        links.first.scroll_into_view_if_needed()
        for i in range(2):
            look = links.nth(i).evaluate(_LOOK)
            assert look["padding"] >= 8 and look["radius"] >= 4 and look["height"] >= 28, look
            assert len(look["background"]) == 3 or look["background"][3] == 1, look  # an opaque button
            assert _contrast(look["color"], look["background"]) >= 4.5, look
            assert look["decoration"] == "none" and look["cursor"] == "pointer", look
            assert links.nth(i).get_attribute("download", timeout=5_000) is not None
        assert not links.first.evaluate(_LOOK)["focused"]
        links.first.focus()
        page.keyboard.press("Tab")  # the keyboard reaches the second one: it shows the focus ring
        look = links.nth(1).evaluate(_LOOK)
        assert look["focused"] and look["outline"] == "solid" and look["outlineWidth"] >= 2, look
        page.screenshot(path=str(artifacts_dir / f"class-page-downloads-{theme}.png"))
    finally:
        page.context.close()
    assert page_errors == []
