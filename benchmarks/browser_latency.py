"""Browser speed of the TriPeaks app in Voila: prints figures, asserts nothing.

1. Time to a clickable board: from navigation start (the page request) until
   the first card button (``.tp-card``) is visible and enabled, read in the
   page as ``performance.now()``; median over ``--loads`` page loads (each
   load starts its own kernel; the server is started once, before timing).
2. Click-to-screen-update latency over ``--clicks`` clicks (plays and draws,
   chosen with the engine on a known deal; Restart when a game ends, not
   timed).  Measured inside the page: ``performance.now()`` just before the
   click, then a ``MutationObserver`` until the score text, the waste card AND
   the plot image ``src`` have all changed ("DOM"), then the new plot image
   decoded and the next animation frame ("screen").  p50 and p95 in ms.
   Also shown: the time until the waste card alone has changed ("waste").
   The same with a resume: a game of ``--resume-moves`` moves is left in the
   browser's localStorage, then each load (a new tab in the same browser
   context, so the same storage) is timed until the *resumed* board is shown
   and clickable (the move counter says so and a card is enabled).  Goal: within
   10% of the fresh start.

3. With ``--compare-timer N``: only the click latency, in N rounds; each
   round plays the same deal on two pages side by side, one without and one
   with a running countdown (a 60-minute timer, docs/rules.md §8), their
   clicks alternating so that both meet the same load; prints each round's
   p95 and the ratio of the medians (goal: with the timer within 10% of
   without).

Goals: p95 ≤ 50 ms, time to a clickable board ≤ 3 s on this machine, and with a
resume within 10% of a fresh start.

Usage::

    python3 benchmarks/browser_latency.py [--clicks 60] [--loads 5] [--code TP1-E-AAAAAAB] [--timer 60]
    python3 benchmarks/browser_latency.py --compare-timer 2 [--clicks 60]

Needs ``/usr/bin/chromium`` and Playwright (python).  Requests leaving
127.0.0.1 are aborted, as in the e2e tests (the network is closed here).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests"))
sys.path.insert(0, str(REPO_ROOT))

from e2e.browser import CHROMIUM, launch_chromium, new_page  # noqa: E402
from e2e.tripeaks_page import TriPeaksPage  # noqa: E402
from e2e.voila_server import VoilaServer  # noqa: E402

from tripeaks import Game, GameCode, Status  # noqa: E402
from tripeaks.i18n.ui import ui_text  # noqa: E402

NOTEBOOK = REPO_ROOT / "notebooks" / "tripeaks.ipynb"

# One timed click, run in the page.  Resolves {dom, screen} in ms after the click.
CLICK_JS = """
async (selector) => {
  const text = (sel) => { const el = document.querySelector(sel); return el ? el.textContent : null; };
  const plotEl = document.querySelector('.tp-plot');
  const img = plotEl && (plotEl.tagName === 'IMG' ? plotEl : plotEl.querySelector('img'));
  const score0 = text('.tp-score'), waste0 = text('.tp-waste'), src0 = img ? img.src : null;
  const button = document.querySelector(selector);
  if (!button) throw new Error('no ' + selector);
  return await new Promise((resolve, reject) => {
    let done = false, t0 = 0, board = null;
    const observer = new MutationObserver(() => check());
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no screen update within 10 s')); }, 10000);
    function check() {
      if (done) return;
      if (board === null && text('.tp-waste') !== waste0) board = performance.now() - t0;
      if (text('.tp-score') === score0 || text('.tp-waste') === waste0 || !img || img.src === src0) return;
      done = true;
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      img.decode().catch(() => null).then(() => requestAnimationFrame(() => resolve({board, dom, screen: performance.now() - t0})));
    }
    observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    t0 = performance.now();
    button.click();
  });
}
"""

# Resolves once the page has had no DOM mutation for `quiet` ms (pacing between clicks, not a measurement).
QUIET_JS = """
async (quiet) => await new Promise((resolve) => {
  let timer = setTimeout(done, quiet);
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
  function done() { observer.disconnect(); resolve(true); }
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
})
"""


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) with linear interpolation."""
    s = sorted(values)
    if len(s) == 1:
        return s[0]
    k = (len(s) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summary(name: str, values: list[float]) -> str:
    return (
        f"{name:<34} n={len(values):>3}  p50 {percentile(values, 50):7.1f} ms  "
        f"p95 {percentile(values, 95):7.1f} ms  max {max(values):7.1f} ms"
    )


NAV_JS = """
() => { const n = performance.getEntriesByType('navigation')[0];
        return n ? [n.responseStart, n.responseEnd, n.domContentLoadedEventEnd] : [0, 0, 0]; }
"""


def time_to_board(browser, url: str, loads: int) -> tuple[list[float], list[list[float]]]:
    """Per load: ms from navigation start to a clickable board, and [first byte, last byte, DOM ready] in ms."""
    times, phases = [], []
    for _ in range(loads):
        page = new_page(browser)
        times.append(TriPeaksPage(page).open(url))
        phases.append(page.evaluate(NAV_JS))
        page.context.close()
    return times, phases


_RESUMED_READY_JS = """
(expected) => {
  const m = document.querySelector('.tp-moves');
  const b = document.querySelector('.tp-card:not(:disabled)');
  if (!m || !b || m.innerText.trim() !== expected) return false;
  const r = b.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? performance.now() : false;
}
"""


# Notes the first moment a card is visible and enabled (any game), in every page of a context.
_FIRST_BOARD_INIT = """
(() => {
  const tick = () => {
    const b = document.querySelector('.tp-card:not(:disabled)');
    if (b && b.getBoundingClientRect().width > 0) { window.__tpFirstBoard = performance.now(); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def resume_and_fresh(browser, url: str, code: str, loads: int, moves: int) -> dict[str, list[float]]:
    """Fresh starts and resumes in turn (each a new tab of its own warm browser context), so that both
    see the same machine load.  Per load, ms from navigation start: ``fresh`` until a card is
    clickable; ``resumed`` until the resumed game (``moves`` moves) is on a clickable board, and
    ``first`` until the first clickable board of that page (the untouched deal, before the resume)."""
    keep = new_page(browser).context
    keep.add_init_script(_FIRST_BOARD_INIT)
    clean = new_page(browser).context
    app = TriPeaksPage(keep.pages[0])
    app.open(url)
    app.deal(code)
    app.wait_contains(".tp-code", code)
    game = Game.from_code(code)
    for _ in range(moves):
        playable = game.playable()
        if playable:
            game.play(playable[0])
            app.click_card(playable[0])
        else:
            game.draw()
            app.draw()
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))
    app.page.wait_for_function(
        "(n) => { const t = localStorage.getItem('tripeaks-v1');"
        " return t && JSON.parse(t).game.record.actions.length === n; }",
        arg=moves,
    )
    app.page.close()
    TriPeaksPage(clean.pages[0]).open(url)  # warms this context's cache as the first page did the other's
    clean.pages[0].evaluate("() => localStorage.clear()")
    clean.pages[0].close()
    expected = ui_text("header.moves", "en", moves=game.moves)
    out: dict[str, list[float]] = {"fresh": [], "resumed": [], "first": []}
    for _ in range(loads):
        page = clean.new_page()
        out["fresh"].append(TriPeaksPage(page).open(url))
        page.evaluate("() => localStorage.clear()")
        page.close()
        page = keep.new_page()
        page.goto(url, wait_until="commit")
        done = page.wait_for_function(_RESUMED_READY_JS, arg=expected, polling="raf", timeout=90_000)
        out["resumed"].append(float(done.json_value()))
        out["first"].append(float(page.evaluate("() => window.__tpFirstBoard || NaN")))
        page.close()
    keep.close()
    clean.close()
    return out


class ClickRun:
    """One page playing ``code`` click by click: :meth:`step` makes one timed click (a play or a draw).

    Each step records into :attr:`out` the time to the screen update ("play"
    / "draw"), to the DOM update ("…_dom") and to the waste card change
    ("…_waste"), and logs (ms, kind, move); a game that ends is restarted
    (not timed).
    """

    def __init__(self, browser, url: str, code: str) -> None:
        self.app = TriPeaksPage(new_page(browser))
        self.app.open(url)
        self.app.deal(code)
        self.app.wait_contains(".tp-code", code)
        self.game = Game.from_code(code)
        self.app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
        self.out: dict[str, list] = {
            k: [] for k in ("play", "draw", "play_dom", "draw_dom", "play_waste", "draw_waste", "log")
        }

    def step(self) -> None:
        app = self.app
        while self.game.status is not Status.PLAYING:
            app.restart()
            self.game = self.game.restart()
            app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=0))
            app.page.evaluate(QUIET_JS, 150)
        game = self.game
        playable = game.playable()
        note = ""
        if playable:
            kind, selector = "play", f".tp-pos-{playable[0]}"
            if game.play(playable[0]).peaks_cleared:
                note = ", peak cleared"
        else:
            kind, selector = "draw", ".tp-stock"
            game.draw()
        result = app.page.evaluate(CLICK_JS, selector)
        self.out[kind].append(result["screen"])
        self.out[kind + "_dom"].append(result["dom"])
        self.out[kind + "_waste"].append(result["board"])
        self.out["log"].append((result["screen"], kind + note, game.moves))
        # The page must show the engine's state before the next click (this also paces the clicks).
        app.wait_text(".tp-score", ui_text("header.score", "en", score=game.score))
        app.wait_text(".tp-moves", ui_text("header.moves", "en", moves=game.moves))
        app.page.evaluate(QUIET_JS, 100)

    def close(self) -> None:
        self.app.page.context.close()


def click_latency(browser, url: str, code: str, clicks: int) -> dict[str, list[float]]:
    run = ClickRun(browser, url, code)
    for _ in range(clicks):
        run.step()
    run.close()
    return run.out


def with_timer(code: str, minutes: int | None) -> str:
    """``code`` with a countdown of ``minutes`` (docs/rules.md §8 flag ``T<minutes>``), or without any."""
    parsed = GameCode.parse(code)
    return str(GameCode(parsed.rules.replace(timer=minutes), parsed.deal))


def compare_timer(browser, url: str, code: str, clicks: int, rounds: int) -> None:
    """Click latency without and with a running countdown; prints p95s and their ratio.

    Each round opens two pages (two kernels) side by side, one per variant, and
    alternates their clicks (A B B A …), so that both meet the same load on a
    shared machine.
    """
    p95: dict[str, list[float]] = {"without": [], "with": []}
    variants = (("without", with_timer(code, None)), ("with", with_timer(code, 60)))
    for r in range(rounds):
        runs = {label: ClickRun(browser, url, variant) for label, variant in variants}
        for i in range(clicks):
            order = ("without", "with") if i % 2 == 0 else ("with", "without")
            for label in order:
                runs[label].step()
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        for label, variant in variants:
            out = runs[label].out
            both = out["play"] + out["draw"]
            p95[label].append(percentile(both, 95))
            print(f"round {r + 1}, {label:<7} the timer ({variant}): " + summary("clicks, on screen", both))
            runs[label].close()
        print(f"  load average at the end of the round: {load}")
    a, b = statistics.median(p95["without"]), statistics.median(p95["with"])
    print()
    print(f"p95 without the timer: {', '.join(f'{x:.1f}' for x in p95['without'])} ms (median {a:.1f} ms)")
    print(f"p95 with the timer:    {', '.join(f'{x:.1f}' for x in p95['with'])} ms (median {b:.1f} ms)")
    print(f"ratio with / without: {b / a:.3f}   (goal ≤ 1.10)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=60, help="timed clicks (at least 50)")
    parser.add_argument("--loads", type=int, default=5, help="page loads for the time to a clickable board")
    parser.add_argument("--code", default="TP1-E-AAAAAAB", help="the deal to play")
    parser.add_argument("--notebook", type=Path, default=NOTEBOOK, help="the app notebook to serve")
    parser.add_argument("--resume-moves", type=int, default=10, help="moves of the game left to resume")
    parser.add_argument("--timer", type=int, default=None, help="play the deal with a countdown of this many minutes")
    parser.add_argument(
        "--compare-timer", type=int, default=0, metavar="ROUNDS", help="only clicks: ROUNDS without and with a timer"
    )
    parser.add_argument(
        "--voila-arg",
        action="append",
        default=[],
        metavar="ARG",
        help="extra voila option, e.g. --voila-arg=--preheat_kernel=True (repeatable)",
    )
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: install Debian's chromium")
    from playwright.sync_api import sync_playwright

    load0 = os.getloadavg()
    t = time.perf_counter()
    with VoilaServer(args.notebook, extra_args=tuple(args.voila_arg)) as server, sync_playwright() as pw:
        print(f"voila server up in {time.perf_counter() - t:.2f} s at {server.url}")
        browser = launch_chromium(pw)
        try:
            if args.compare_timer:
                compare_timer(browser, server.url, args.code, args.clicks, args.compare_timer)
                print(f"load average (1, 5, 15 min) at the start: {', '.join(f'{x:.2f}' for x in load0)}")
                return
            boards, phases = time_to_board(browser, server.url, args.loads)
            turns = resume_and_fresh(browser, server.url, args.code, args.loads, args.resume_moves)
            code = with_timer(args.code, args.timer) if args.timer else args.code
            lat = click_latency(browser, server.url, code, args.clicks)
        finally:
            browser.close()
    print()
    print(
        f"time to a clickable board ({len(boards)} loads): median {statistics.median(boards) / 1000:.2f} s, "
        f"min {min(boards) / 1000:.2f} s, max {max(boards) / 1000:.2f} s   (goal ≤ 3 s)"
    )
    print("  each load: " + ", ".join(f"{b / 1000:.2f} s" for b in boards))
    for label, i in (("first byte of the page", 0), ("page fully received", 1), ("DOM content loaded", 2)):
        print(f"  {label:<24} median {statistics.median(ph[i] for ph in phases) / 1000:.2f} s")
    fresh, resumed, first = turns["fresh"], turns["resumed"], turns["first"]
    ratio = statistics.median(resumed) / statistics.median(fresh)
    print(f"fresh start and resume in turn ({len(fresh)} loads each, new tabs of warm browser contexts):")
    print(
        f"  fresh start: median {statistics.median(fresh) / 1000:.2f} s   "
        + "each: "
        + ", ".join(f"{b / 1000:.2f}" for b in fresh)
    )
    print(
        f"  with a resume ({args.resume_moves} moves): median {statistics.median(resumed) / 1000:.2f} s   "
        + "each: "
        + ", ".join(f"{b / 1000:.2f}" for b in resumed)
    )
    print(f"  resume / fresh: {ratio:.2f} × the fresh start   (goal ≤ 1.10 ×)")
    steps = [r - f for r, f in zip(resumed, first)]
    print(
        f"  within a resumed page, from its first clickable board to the resumed one: median "
        f"{statistics.median(steps):.0f} ms, max {max(steps):.0f} ms"
    )
    both = lat["play"] + lat["draw"]
    both_dom = lat["play_dom"] + lat["draw_dom"]
    print(
        f"click to screen update ({len(both)} clicks: {len(lat['play'])} plays, {len(lat['draw'])} draws), "
        f"goal p95 ≤ 50 ms:"
    )
    print("  " + summary("all clicks, on screen", both))
    print("  " + summary("all clicks, DOM updated", both_dom))
    print("  " + summary("all clicks, waste card changed", lat["play_waste"] + lat["draw_waste"]))
    for kind in ("play", "draw"):
        if lat[kind]:
            print("  " + summary(f"{kind}s, on screen", lat[kind]))
    slowest = sorted(lat["log"], reverse=True)[:5]
    print("  slowest clicks: " + ", ".join(f"{ms:.0f} ms ({kind}, move {moves})" for ms, kind, moves in slowest))
    print(
        f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
        f" on {os.cpu_count()} CPUs; at the start: {', '.join(f'{x:.2f}' for x in load0)}"
    )


if __name__ == "__main__":
    main()
