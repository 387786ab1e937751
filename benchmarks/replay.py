"""Stepping through a long record with :class:`tripeaks.engine.record.Replay`: prints figures, asserts nothing.

    python3 benchmarks/replay.py [--actions 16000] [--runs 3]

The record is ``TP1-E-AAAAAAB`` with ``D U`` repeated (a draw, then its undo) until it
holds ``--actions`` actions: about 80 KB of JSON for 16,000.  Each run opens it
(``Replay(record)``), steps from 0 to the last step and back to 0 with
:meth:`Replay.game_at`, as the replay panel's Next and Previous buttons do.

Printed: the record's size, then for opening and for the walk there and back the
seconds (median, p95 over the runs), and the peak memory that one more run
allocated (``tracemalloc``, MB; measured apart, since tracing slows Python down).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tripeaks import Game  # noqa: E402
from tripeaks.engine.record import Replay  # noqa: E402


def long_record(actions: int) -> dict[str, object]:
    record = Game.from_code("TP1-E-AAAAAAB").to_record()
    record["actions"] = ["D", "U"] * (actions // 2) + (["D"] if actions % 2 else [])
    return record


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=16_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    record = long_record(args.actions)
    print(f"record: {len(record['actions'])} actions, {len(json.dumps(record)) / 1000:.0f} KB of JSON")
    opening: list[float] = []
    walking: list[float] = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        seconds = walk(record)
        opening.append(seconds)
        walking.append(time.perf_counter() - t0 - seconds)
    for name, values in (("open", opening), ("step to the end and back", walking)):
        print(f"{name}: median {statistics.median(values):.3f} s, p95 {p95(values):.3f} s")
    tracemalloc.start()
    walk(record)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"peak memory (open + walk, one more run under tracemalloc): {peak / 1e6:.1f} MB")


def walk(record: dict[str, object]) -> float:
    """Open ``record``, step to its end and back to 0; returns the seconds the opening took."""
    t0 = time.perf_counter()
    replay = Replay(record)
    opened = time.perf_counter() - t0
    for step in range(replay.steps + 1):
        replay.game_at(step)
    for step in range(replay.steps, -1, -1):
        replay.game_at(step)
    return opened


if __name__ == "__main__":
    main()
