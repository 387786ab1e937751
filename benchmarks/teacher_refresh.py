"""The teacher's page refreshing itself during a lesson: its cost, and what the students' writes cost.

N simulated students (one process each) play against one class database: each
reports its move every 5 s (who is playing now, as a student page does) and
records a finished game every ``--game`` seconds.  The teacher's page
(:class:`tripeaks.app.views.teacher_page.ClassResults`, headless, the same
widgets and plots) looks for changes every 3 s, as it does in a kernel, and
redraws what changed.  Prints, and asserts nothing:

* per look: wall time p50 / p95 (ms), split into looks that redrew everything
  (a new game), only "playing now", or nothing;
* the teacher page's CPU per second of lesson (its process's CPU time / wall
  time), the figure that says what the live refresh costs the server;
* the students' writes: p50 / p95 (ms) of a move report and of a game record.

    python benchmarks/teacher_refresh.py --students 30 --seconds 60
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

CODE = "TP1-E-AAAAAAD"
RECORD = {"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]}


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _student(db: str, index: int, seconds: float, game_every: float, out: mp.Queue) -> None:
    from tripeaks.history.class_results import ClassRow, ClassStore

    store = ClassStore(db)
    rng = random.Random(index)
    name = f"Student {index:02d}"
    moves, start = 0, time.monotonic()
    next_game = start + rng.uniform(0.3, 1.0) * game_every
    reports: list[float] = []
    games: list[float] = []
    while time.monotonic() - start < seconds:
        moves += rng.randint(1, 4)
        t0 = time.perf_counter()
        store.report_playing(name, CODE, moves, 400 + moves * 10)
        reports.append((time.perf_counter() - t0) * 1000)
        if time.monotonic() >= next_game:
            row = ClassRow(name, CODE, "E", rng.choice(["won", "blocked", "abandoned"]), rng.randint(0, 1200),
                           moves, moves // 2, 0, 60.0, RECORD, None, hints=rng.randint(0, 3))  # fmt: skip
            t0 = time.perf_counter()
            store.record_game(row)
            games.append((time.perf_counter() - t0) * 1000)
            moves, next_game = 0, time.monotonic() + game_every
        time.sleep(5.0)
    out.put((reports, games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--game", type=float, default=20.0, help="seconds between a student's recorded games")
    parser.add_argument("--every", type=float, default=3.0, help="seconds between the page's looks")
    args = parser.parse_args()

    from tripeaks.app.views.teacher_page import ClassResults
    from tripeaks.history.class_results import ClassStore

    folder = Path(tempfile.mkdtemp(prefix="tripeaks-teacher-"))
    db = str(folder / "class.sqlite")
    ClassStore(db).set_challenge(CODE)
    view = ClassResults(db, auto_refresh=0)
    queue: mp.Queue = mp.Queue()
    procs = [
        mp.Process(target=_student, args=(db, i, args.seconds, args.game, queue)) for i in range(1, args.students + 1)
    ]
    for p in procs:
        p.start()
    looks: dict[str, list[float]] = {"full": [], "live": [], "none": []}
    cpu0, wall0 = time.process_time(), time.monotonic()
    while time.monotonic() - wall0 < args.seconds:
        redraws = view.redraws
        t0 = time.perf_counter()
        changed = view.check_for_changes()
        ms = (time.perf_counter() - t0) * 1000
        looks["full" if view.redraws > redraws else "live" if changed else "none"].append(ms)
        time.sleep(args.every)
    cpu, wall = time.process_time() - cpu0, time.monotonic() - wall0
    reports: list[float] = []
    games: list[float] = []
    for _ in procs:
        r, g = queue.get()
        reports += r
        games += g
    for p in procs:
        p.join()
    load = os.getloadavg()[0]
    print(f"students: {args.students}, lesson: {wall:.0f} s, look every {args.every:g} s, load avg (1 min): {load:.1f}")
    for kind, values in looks.items():
        print(f"look ({kind:4}): n={len(values):3}  p50 {_pct(values, 0.5):7.1f} ms  p95 {_pct(values, 0.95):7.1f} ms")
    every = [v for values in looks.values() for v in values]
    print(
        f"every look: p50 {_pct(every, 0.5):.1f} ms  p95 {_pct(every, 0.95):.1f} ms  mean {statistics.fmean(every):.1f} ms"
    )
    print(f"teacher page CPU: {cpu:.2f} s over {wall:.0f} s = {100 * cpu / wall:.1f}% of one core")
    print(f"move report: n={len(reports)}  p50 {_pct(reports, 0.5):.1f} ms  p95 {_pct(reports, 0.95):.1f} ms")
    print(f"game record: n={len(games)}  p50 {_pct(games, 0.5):.1f} ms  p95 {_pct(games, 0.95):.1f} ms")
    print(f"games stored: {ClassStore(db).count()} (expected {len(games)})")


if __name__ == "__main__":
    main()
