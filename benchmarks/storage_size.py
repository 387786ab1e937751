"""What the browser stores per game, and what the kernel sends after each game: prints figures, asserts nothing.

    python3 benchmarks/storage_size.py [--games 2000] [--seed 0]

Games are made by random legal play on random deals (Classic rules) until they
end, each counted as a history entry (GameEntry.of, with its id as the app
gives it).  Printed, for a history of ``--games`` games:

* **before** (the first release): every game stored whole, actions included
  (``json.dumps`` of the history as the browser's ``JSON.stringify`` writes it),
  and the whole history re-sent after every game;
* **after** (docs/play/nothing-lost.md): the newest KEEP_ACTIONS games keep
  their actions, older ones their summary only, and only the new game is sent.

Figures: characters per stored game (median, p95 of the entries; and the
mean of the whole history), the games that fit in a 5,000,000-character
localStorage quota, and the characters sent after the last game.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tripeaks import Game, GameCode, WrapRule  # noqa: E402
from tripeaks.app.model.keeper import KEEP_ACTIONS, keep_actions  # noqa: E402
from tripeaks.history.entry import GameEntry, Outcome  # noqa: E402

QUOTA = 5_000_000
UTC = datetime.timezone.utc


def stringify(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def played(rng: random.Random, n: int) -> list[GameEntry]:
    start = datetime.datetime(2026, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        game = Game.from_code(GameCode(WrapRule.CLASSIC, rng.randrange(32**7)))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        entry = GameEntry.of(game, Outcome.of(game), rng.uniform(60, 600), start + datetime.timedelta(minutes=7 * i))
        ident = GameEntry.make_id(f"{rng.getrandbits(64):016x}", entry.result, entry.actions)
        out.append(GameEntry(**{**entry.__dict__, "id": ident}))
    return out


def quantile(values: list[int], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q * 100) - 1] if len(values) > 1 else float(values[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    history = played(random.Random(args.seed), args.games)
    full = [len(stringify({k: v for k, v in e.to_json().items() if k != "id"})) + 1 for e in history]
    kept = keep_actions(history, KEEP_ACTIONS)
    now = [len(stringify(e.to_json())) + 1 for e in kept]
    summary = [n for e, n in zip(kept, now) if not e.actions]
    whole_before = sum(full)
    whole_after = sum(now)
    per_summary = statistics.mean(summary) if summary else statistics.mean(now)
    fits_before = QUOTA // statistics.mean(full)
    with_actions = statistics.mean(n for e, n in zip(kept, now) if e.actions)
    fits_after = KEEP_ACTIONS + (QUOTA - KEEP_ACTIONS * with_actions) // per_summary
    print(f"{args.games} games of random play, KEEP_ACTIONS = {KEEP_ACTIONS}")
    print(
        f"before: chars per stored game median {statistics.median(full):.0f}, p95 {quantile(full, 0.95):.0f}; "
        f"history {whole_before} chars; about {fits_before:.0f} games fit in {QUOTA} chars"
    )
    print(
        f"after:  chars per game with actions median {statistics.median([n for e, n in zip(kept, now) if e.actions]):.0f}, "
        f"summary only median {statistics.median(summary) if summary else 0:.0f}, p95 {quantile(summary or now, 0.95):.0f}; "
        f"history {whole_after} chars; about {fits_after:.0f} games fit"
    )
    last = stringify({"kind": "write", "patch": {"game": None}, "add": [kept[-1].to_json()], "keep": KEEP_ACTIONS})
    print(f"sent after the last game: before {whole_before} chars (the whole history), after {len(last)} chars")


if __name__ == "__main__":
    main()
