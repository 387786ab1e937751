"""Kernel-side cost of a click in the app, short game vs long game: prints figures, asserts nothing.

    python3 benchmarks/app_clicks.py [--clicks 200] [--events 12000] [--pause 0.05]

The app is built with :func:`tripeaks.app.build_app` and driven through its
public widgets (``app.board.stock_button.click()``, ``app.undo_button.click()``),
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
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
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
        button = app.board.stock_button if i % 2 == 0 else app.undo_button
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=200, help="timed clicks per case")
    parser.add_argument("--events", type=int, default=12_000, help="draw/undo events before the long case")
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between clicks (not timed)")
    parser.add_argument("--code", default="TP1-E-AAAAAAB", help="the deal")
    args = parser.parse_args()
    solver.prepare()  # the hint tools would build these tables in the background, in the middle of the clicks
    load0 = os.getloadavg()

    app = build_app(args.code)
    clicks(app, 6, args.pause)  # warm up (imports, first plot)
    app.restart_button.click()
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
    print(
        f"load average (1, 5, 15 min) at the end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}"
        f" on {os.cpu_count()} CPUs; at the start: {', '.join(f'{x:.2f}' for x in load0)}"
    )


if __name__ == "__main__":
    main()
