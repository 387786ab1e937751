"""Kernel-side cost of a click in the app, short game vs long game, and what closed apps leave: prints figures.

    python3 benchmarks/app_clicks.py [--clicks 200] [--events 12000] [--pause 0.05] [--apps 30]

The app is built with :func:`tripeaks.app.build_app` and driven through its
public widgets (``app.board.stock_button.click()``, ``app.controls.undo_button.click()``),
alternating a draw and its undo.  Every widget message is serialised to JSON
the way a Jupyter kernel does before it goes on the wire (a comm installed
with ``comm.create_comm``), so a click's cost includes building and encoding
what it sends; binary buffers (the plot's PNG) are counted, not copied.

Two cases, same deal:

* **short game**: the first ``--clicks`` clicks of a fresh deal;
* **long game**: the same clicks after ``--events`` draw/undo events
  (played on the engine, then shown with ``app.set_game``).

Printed for each case: milliseconds per click (median, p95) and bytes sent per
click (median), and the ratio long/short.  Goal: the ratio stays near 1 (the
cost of a click must not grow with the game's length).  ``--pause`` seconds
between clicks (not timed) leave room for background work, as a player would.

Then ``--apps`` apps are built, clicked and closed (``app.close()``), as when a
notebook cell is run again: printed are the widgets still open (comms), the
threads alive and the memory still allocated (``tracemalloc``) per app, with
one app left open for scale.  Goal: nothing left per closed app.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import comm  # noqa: E402
from comm.base_comm import BaseComm  # noqa: E402

SENT = {"bytes": 0, "messages": 0}


class MeasuringComm(BaseComm):
    """A comm that encodes each message to JSON (as the kernel's session does) and counts the bytes."""

    def publish_msg(
        self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None, **keys: Any
    ) -> None:
        content = {"data": data or {}, "comm_id": self.comm_id, **keys}
        encoded = json.dumps(content, ensure_ascii=False, allow_nan=False).encode("utf-8")
        SENT["bytes"] += len(encoded) + sum(memoryview(b).nbytes for b in buffers or ())
        SENT["messages"] += 1


comm.create_comm = MeasuringComm  # before any widget is built

from tripeaks import Game, solver  # noqa: E402
from tripeaks.app import build_app  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0–100) with linear interpolation."""
    s = sorted(values)
    k = (len(s) - 1) * q / 100
    lo = int(k)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def clicks(app: Any, n: int, pause: float) -> tuple[list[float], list[int]]:
    """``n`` clicks alternating draw and undo; per click: ms and bytes sent."""
    ms: list[float] = []
    sent: list[int] = []
    for i in range(n):
        button = app.board.stock_button if i % 2 == 0 else app.controls.undo_button
        before = SENT["bytes"]
        t0 = time.perf_counter()
        button.click()
        ms.append((time.perf_counter() - t0) * 1000)
        sent.append(SENT["bytes"] - before)
        if pause:
            time.sleep(pause)
    return ms, sent


def long_game(code: str, events: int) -> Game:
    game = Game.from_code(code)
    for _ in range(events // 2):
        game.draw()
        game.undo()
    return game


def leftovers(code: str, apps: int) -> None:
    """Build, click and close ``apps`` apps; print what stays per app (widgets, threads, memory)."""

    def one_app(close: bool = True) -> Any:
        app = build_app(code)
        app.board.stock_button.click()
        app.controls.undo_button.click()
        app.set_language("pt")
        if close:
            app.close()
        return app

    for _ in range(3):
        one_app()
    time.sleep(1.0)  # background work of the first apps (if any) ends
    gc.collect()
    comms, threads = len(comm.get_comm_manager().comms), threading.active_count()
    tracemalloc.start()
    start = tracemalloc.get_traced_memory()[0]
    for _ in range(apps):
        one_app()
    time.sleep(1.0)
    gc.collect()
    closed = tracemalloc.get_traced_memory()[0] - start
    still_open, threads_left = len(comm.get_comm_manager().comms) - comms, threading.active_count() - threads
    kept = one_app(close=False)
    gc.collect()
    one_open = tracemalloc.get_traced_memory()[0] - start - closed
    tracemalloc.stop()
    print(f"{apps} apps built, clicked and closed:")
    print(
        f"  widgets still open: {still_open:+d} in all (one open app has {len(_open_widgets(kept))}); "
        f"threads alive: {threads_left:+d}"
    )
    print(
        f"  memory still allocated: {closed / apps / 1000:.1f} kB per closed app "
        f"(one app left open: {one_open / 1e6:.2f} MB)"
    )


def _open_widgets(app: Any) -> list[Any]:
    seen, stack, out = set(), [app], []
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if getattr(w, "comm", None) is not None:
            out.append(w)
        for name in getattr(w, "keys", ()):
            value = getattr(w, name, None)
            stack.extend(v for v in (value if isinstance(value, (list, tuple)) else (value,)) if hasattr(v, "comm"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=200, help="timed clicks per case")
    parser.add_argument("--events", type=int, default=12_000, help="draw/undo events before the long case")
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between clicks (not timed)")
    parser.add_argument("--code", default="TP1-E-AAAAAAB", help="the deal")
    parser.add_argument("--apps", type=int, default=30, help="apps built and closed for the leftovers (0: skip)")
    args = parser.parse_args()
    solver.prepare()  # the hint tools would build these tables in the background, in the middle of the clicks
    load0 = os.getloadavg()

    app = build_app(args.code)
    clicks(app, 6, args.pause)  # warm up (imports, first plot)
    app.controls.restart_button.click()
    short_ms, short_bytes = clicks(app, args.clicks, args.pause)

    game = long_game(args.code, args.events)
    app.set_game(game)
    clicks(app, 6, args.pause)
    long_ms, long_bytes = clicks(app, args.clicks, args.pause)

    print(f"kernel-side click cost, {args.clicks} clicks per case (draw, undo, draw, …), deal {args.code}")
    for name, ms, sent in (
        ("short game (from move 0)", short_ms, short_bytes),
        (f"long game (after {args.events} events)", long_ms, long_bytes),
    ):
        print(
            f"  {name:<34} median {statistics.median(ms):7.1f} ms  p95 {percentile(ms, 95):7.1f} ms  "
            f"sent per click: median {statistics.median(sent) / 1000:8.1f} kB"
        )
    print(
        f"  long/short: median {statistics.median(long_ms) / statistics.median(short_ms):.2f}×, "
        f"p95 {percentile(long_ms, 95) / percentile(short_ms, 95):.2f}×, "
        f"bytes {statistics.median(long_bytes) / statistics.median(short_bytes):.2f}×"
    )
    app.close()
    if args.apps:
        leftovers(args.code, args.apps)
    print(
        f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
        f" on {os.cpu_count()} CPUs; at the start: {', '.join(f'{x:.2f}' for x in load0)}"
    )


if __name__ == "__main__":
    main()
