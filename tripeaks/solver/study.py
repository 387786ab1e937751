"""The win-rate study behind ``notebooks/winnability.ipynb``.

* :func:`decide_deal` — the exact solver's verdict for one deal number under
  a rule set (docs/rules.md §8).
* :func:`bot_play` — a player that never looks at face-down cards: it prefers
  plays that uncover cards, then plays that keep a run going, and draws
  only when nothing can be played (so it keeps the *draw stuck* rule of
  docs/rules.md §8 by itself).
* :func:`wilson` — the 95 % Wilson score interval of a proportion.
* :func:`parse_deals` — deal ranges such as ``"0-99,500-599"``, checked
  against the code space and kept as ranges (:class:`DealRanges`), never as
  a list of every number.
* :func:`decide_deals` — :func:`decide_deal` over many deals, on several
  processes (or on any ``concurrent.futures`` executor, e.g. Dask's), with
  bounded memory and a progress bar.
* :func:`study_rows` — the rule sets the study reports: the presets, and
  each option on its own on top of Easy and of Classic (docs/rules.md §8).
* :func:`run_study` — all of it over a range of deals, written as small CSV
  files (``python -m tripeaks study``); the notebook only reads them.

Deal numbers are TP1 deal numbers 0 … 32^7 − 1 (docs/rules.md §5); the same
number gives the same cards under every rule set.

Where the work runs: on ``jobs`` local processes by default
(``ProcessPoolExecutor``); pass ``executor=`` any
:class:`concurrent.futures.Executor` to run it elsewhere, e.g. on a Dask
cluster through ``distributed.Client(address).get_executor()`` (``python -m
tripeaks winrate --scheduler ADDRESS``).  Deals go out in chunks of
:data:`CHUNK` with at most 4 chunks per worker in flight, and results come
back in order, so the files are the same wherever the deals were decided.

Progress: each stage shows a tqdm bar with the time left (``progress``:
``None`` shows it on a terminal or in a notebook, ``True`` always, ``False``
never); tqdm picks a text bar or a notebook widget.  The bar follows the
results as they come back to this process, locally or from a cluster.
This module says no sentence: a stage is reported as a :class:`Stage` value,
and the caller gives the words — the bar's label and the log line of each
stage come from callbacks (:func:`tripeaks.i18n.solver.stage_label` and
:func:`tripeaks.i18n.solver.stage_message` say them in en, pt or fr, as
``python -m tripeaks`` does); without them a bar is labelled with the rule
set's text (``E``, ``E-SR``) and nothing is logged.

Only four options change which deals can be won (docs/rules.md §8): the
wrap, the draw rule, jokers and the waste.  So the solver runs once per
*search configuration* (:func:`search_rules`) and a rule set that differs
from its configuration only by open peaks, scoring, undo cost or timer is
reported with its configuration's verdicts, saying why.  The bot also sees
open peaks, so it runs once per *bot configuration* (:func:`bot_rules`).
"""

from __future__ import annotations

import csv
import itertools
import math
import os
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, overload

from ..engine._deprecated import rule_keyword
from ..engine.codes import N_DEALS, GameCode
from ..engine.game import Game, Status
from ..engine.layout import COVERED_BY, COVERS
from ..engine.rules import (
    CLASSIC,
    EASY,
    PRESETS,
    TRADITIONAL,
    DrawRule,
    PeaksRule,
    RuleSet,
    ScoringRule,
    UndoRule,
    WasteRule,
    WrapRule,
)
from .exact import Verdict, best_score, solve

__all__ = [
    "DealResult",
    "decide_deal",
    "decide_deals",
    "bot_play",
    "bot_choice",
    "wilson",
    "parse_deals",
    "DealRanges",
    "DealRangeError",
    "run_study",
    "study_rows",
    "search_rules",
    "bot_rules",
    "StudyRow",
    "Stage",
    "SINGLE_OPTIONS",
    "STUDY_FILE",
    "SCORES_FILE",
    "RULES_FILE",
    "RATES_FILE",
    "RUNS_SCORES_FILE",
    "CHUNK",
    "usable_cpus",
]

_T = TypeVar("_T")
_R = TypeVar("_R")

STUDY_FILE = "winnability.csv"
"""Per deal and rule: solver verdict, positions searched, seconds, bot result."""
SCORES_FILE = "best_scores.csv"
"""Per winnable deal of a subset: best reachable final score and its draws."""
RULES_FILE = "winnability_rules.csv"
"""Per search or bot configuration other than Easy and Classic (column ``rules``, e.g. ``E-S``) and deal:
solver verdict, positions searched, seconds (empty for a bot-only configuration), bot result."""
RATES_FILE = "winrates.csv"
"""Per reported rule set (:func:`study_rows`): solver and bot win rates with 95 % Wilson intervals,
and the configuration each comes from."""
RUNS_SCORES_FILE = "best_scores_runs.csv"
"""Traditional (runs scoring, docs/rules.md §8), per deal of a subset: best final score, its draws, proven."""


@dataclass(frozen=True)
class Stage:
    """One stage of the study, as reported to its progress bar and its log (data only, no words).

    ``task``: ``"decide"`` (the solver decides the deals), ``"bot"`` (the bot
    plays them) or ``"best"`` (the best score of each deal: the fewest draws,
    or the most points under runs scoring, docs/rules.md §3, §8); ``rules``:
    the rule set the stage runs under (Easy, Classic, or a search or bot
    configuration such as ``E-S``); ``deals``: the number of deals in the
    stage (started; ``None`` when not known in advance) or done (finished);
    ``seconds``: the wall-clock seconds the stage took, ``None`` while it has
    not finished.
    """

    task: str
    rules: RuleSet
    deals: int | None
    seconds: float | None = None


def usable_cpus() -> int:
    """The processors this process may run on (its CPU affinity where the system says, else every
    core; at least 1): local worker pools never start more processes than that."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not on Linux
        return max(1, os.cpu_count() or 1)


def _label(label: Callable[[Stage], str] | None, stage: Stage) -> str:
    """The bar's label of ``stage``: ``label(stage)``, or the rule set's text (``E-SR``) without a callback."""
    return str(stage.rules) if label is None else label(stage)


@dataclass(frozen=True)
class DealResult:
    """One deal decided by the solver: the rule set as text (``"E"``, ``"C"``, ``"E-SJ"``: its
    rule letter and code flags), the deal number, the :class:`~tripeaks.solver.Verdict`,
    ``nodes`` positions searched, ``seconds`` of CPU time."""

    rule: str
    deal: int
    verdict: Verdict
    nodes: int
    seconds: float


@rule_keyword
def decide_deal(rules: RuleSet | WrapRule | str, deal: int, max_nodes: int | None = None) -> DealResult:
    """Solve deal number ``deal`` (0 … 32^7 − 1) under ``rules`` from its start.

    ``rules``: a rule set as :meth:`RuleSet.parse` reads it (``"E"``,
    ``"classic"``, ``"traditional"``, ``"C-JJ"``; the old keyword ``rule=``
    still works, with a ``DeprecationWarning``).  Raises ``ValueError`` for
    an unknown rule set.
    """
    rules = RuleSet.parse(rules)
    game = Game.from_code(GameCode(rules, deal))
    t0 = time.process_time()
    sol = solve(game, max_nodes=max_nodes)
    return DealResult(str(rules), deal, sol.verdict, sol.nodes, time.process_time() - t0)


def _decide_args(args: tuple[str, int, int | None]) -> DealResult:
    return decide_deal(*args)


@rule_keyword
def decide_deals(
    rules: RuleSet | WrapRule | str,
    deals: Iterable[int],
    *,
    max_nodes: int | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: bool | None = False,
    label: Callable[[Stage], str] | None = None,
) -> Iterator[DealResult]:
    """:func:`decide_deal` for each of ``deals`` under ``rules`` (a rule set; or the deprecated ``rule=``), in order.

    On ``jobs`` local processes, or on ``executor`` (any
    ``concurrent.futures.Executor``, e.g. a Dask client's; ``jobs`` is then
    its number of workers; local processes are never more than :func:`usable_cpus`).  Lazy: at most a few chunks per worker are in
    flight, so memory does not grow with the number of deals.  ``progress``
    shows a bar with the time left, labelled ``label(stage)`` for the
    ``"decide"`` :class:`Stage` (default: the rule set's text, e.g. ``E-SR``;
    :func:`tripeaks.i18n.solver.stage_label` says it in a language, see the
    module doc).  Raises ``ValueError`` for an unknown rule set.
    """
    rules = RuleSet.parse(rules)
    r = str(rules)
    total = len(deals) if isinstance(deals, Sized) else None
    text = _label(label, Stage("decide", rules, total))
    return _map(_decide_args, ((r, d, max_nodes) for d in deals), jobs, executor, _Bar(total, text, progress))


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95 % Wilson score interval (low, high) for ``successes`` out of ``n`` (fractions 0–1).

    Raises ``ValueError`` unless 0 ≤ successes ≤ n and n > 0.
    """
    if n <= 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 ≤ successes ≤ n and n > 0, got {successes} of {n}")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


class DealRangeError(ValueError):
    """A list of deal ranges that cannot be used.  The message names the bad part.

    ``reason``: ``"syntax"`` (not ``a-b`` or ``n``), ``"order"`` (first >
    last), ``"space"`` (outside the code space 0 … ``last``) or
    ``"overlap"`` (``part`` and ``other`` share deals); ``part`` is the
    offending range as written.
    """

    def __init__(self, message: str, reason: str, part: str, other: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part
        self.other = other
        self.last = N_DEALS - 1


class DealRanges(Sequence[int]):
    """Deal numbers as a few inclusive ranges, in the order given; never a list of every number.

    ``len``, indexing, ``in`` and iteration work as for the list of the
    numbers; ``str`` gives the ranges back (``"0-99,500-599"``).  Made by
    :func:`parse_deals`.
    """

    def __init__(self, ranges: Iterable[range]) -> None:
        self.ranges: tuple[range, ...] = tuple(ranges)
        self._starts = list(itertools.accumulate((len(r) for r in self.ranges), initial=0))

    def __len__(self) -> int:
        return self._starts[-1]

    @overload
    def __getitem__(self, i: int) -> int: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[int]: ...

    def __getitem__(self, i: int | slice) -> int | Sequence[int]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("deal index out of range")
        for r, start in zip(self.ranges, self._starts):
            if i < start + len(r):
                return r[i - start]
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[int]:
        return itertools.chain.from_iterable(self.ranges)

    def __contains__(self, deal: object) -> bool:
        return any(deal in r for r in self.ranges)

    def __str__(self) -> str:
        return ",".join(str(r.start) if len(r) == 1 else f"{r.start}-{r.stop - 1}" for r in self.ranges)

    def __repr__(self) -> str:
        return f"parse_deals({str(self)!r})"


def parse_deals(text: str) -> DealRanges:
    """Deal numbers from ``"0-1999"``, ``"7"`` or ``"0-99,500-599"`` (inclusive ranges).

    Every number must be a TP1 deal number, 0 … 32^7 − 1 (docs/rules.md §5);
    ranges may not overlap.  Checked before anything is built: the result
    keeps the ranges, so ``parse_deals("0-34359738367")`` costs no memory.
    Raises :class:`DealRangeError` (a ``ValueError``) naming the bad part.
    """
    ranges: list[tuple[range, str]] = []
    for raw in text.split(","):
        part = raw.strip()
        a, dash, b = part.partition("-")
        if not a.strip().isdigit() or (dash and not b.strip().isdigit()):
            raise DealRangeError(f"bad deal range {part!r}: write e.g. 0-1999 or 7 or 0-99,500-599", "syntax", part)
        lo = int(a)
        hi = int(b) if dash else lo
        if hi < lo:
            raise DealRangeError(f"bad deal range {part!r}: need first ≤ last", "order", part)
        if hi >= N_DEALS:
            raise DealRangeError(f"bad deal range {part!r}: deal numbers go from 0 to {N_DEALS - 1}", "space", part)
        ranges.append((range(lo, hi + 1), part))
    by_start = sorted(ranges, key=lambda rp: rp[0].start)
    for (r1, p1), (r2, p2) in zip(by_start, by_start[1:]):
        if r2.start < r1.stop:
            raise DealRangeError(f"deal ranges {p1!r} and {p2!r} overlap", "overlap", p1, p2)
    return DealRanges(r for r, _ in ranges)


# ------------------------------------------------------------------ the bot


def bot_choice(game: Game) -> int | str | None:
    """The bot's next action: a position 0–27, ``"D"``, or ``None`` when the game is over.

    It uses only what a player sees: the face-up tableau cards (all of them
    under open peaks, docs/rules.md §8), the waste top (a card, a joker or an
    empty waste) and the number of stock cards.  Among the playable cards —
    every exposed card on a joker or an empty waste — it prefers the one that
    uncovers the most cards (under hidden peaks: turns them face up); then
    the one whose rank lets the most other visible cards follow (keeping the
    run going): the cards exposed after the play, counting a card it
    uncovers only when that card is already face up (open peaks); then the
    card nearer the apex (lower position).  It draws only when no card can be
    played, so it plays by the *draw stuck* rule whatever the rule set.
    Under hidden peaks these are the choices of the bot of the default game.
    """
    if game.status is not Status.PLAYING:
        return None
    options = game.playable()
    if not options:
        return "D" if game.can_draw else None
    tableau = game.tableau
    exposed = [p for p, slot in enumerate(tableau) if slot is not None and game.is_exposed(p)]
    rule = game.rule

    def uncovered(p: int) -> list[int]:
        return [
            q
            for q in COVERS[p]
            if tableau[q] is not None and not any(tableau[r] is not None for r in COVERED_BY[q] if r != p)
        ]

    def key(p: int) -> tuple[int, int, int]:
        slot = tableau[p]
        assert slot is not None
        new = uncovered(p)
        follow = 0
        for q in itertools.chain(exposed, new):
            other = tableau[q]
            if q != p and other is not None and other.face_up and rule.adjacent(other.card.rank, slot.card.rank):
                follow += 1
        return (len(new), follow, -p)

    return max(options, key=key)


def bot_play(game: Game) -> Game:
    """Play a copy of ``game`` to its end with :func:`bot_choice`; returns the finished copy."""
    g = game.copy()
    while True:
        action = bot_choice(g)
        if action is None:
            return g
        g.apply(action)


def _bot_deal(args: tuple[str, int]) -> tuple[str, int, bool, int]:
    rules, deal = args
    end = bot_play(Game.from_code(GameCode(RuleSet.parse(rules), deal)))
    return rules, deal, end.status is Status.WON, end.cards_left


def _best_deal(args: tuple[str, int, int | None]) -> tuple[str, int, str, int | None, int | None, bool, int]:
    rule, deal, max_nodes = args
    res = best_score(Game.from_code(GameCode(RuleSet.parse(rule), deal)), max_nodes=max_nodes)
    return rule, deal, res.verdict.value, res.score, res.draws, res.optimal, res.nodes


def _best_row(best: tuple[str, int, str, int | None, int | None, bool, int]) -> list[object]:
    """A row of a scores CSV from :func:`_best_deal`: an unknown score or draw count is left empty."""
    rules, deal, verdict, score, draws, optimal, nodes = best
    return [rules, deal, verdict, "" if score is None else score, "" if draws is None else draws, int(optimal), nodes]


CHUNK = 16
"""Deals per task sent to a worker (a process, or a Dask worker)."""
_AHEAD = 4
"""Tasks in flight per worker: enough to keep it busy, few enough to bound memory."""
_BAR_FORMAT = "{desc} {percentage:3.0f}% |{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]"
"""Figures and symbols only: the words come from the caller (the label); ``remaining`` is the time left."""


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    get = getattr(shell, "get_ipython", None)
    return callable(get) and getattr(get(), "kernel", None) is not None


class _Bar:
    """A tqdm progress bar for one stage, opened when the stage starts (``show``: see the module doc)."""

    def __init__(self, total: int | None, label: str, show: bool | None) -> None:
        self.total, self.label = total, label
        if show is None:
            isatty = getattr(sys.stderr, "isatty", None)
            show = bool(callable(isatty) and isatty()) or _in_notebook()
        self.show = show
        self._bar: Any = None

    def __enter__(self) -> _Bar:
        if self.show:
            from tqdm.auto import tqdm

            self._bar = tqdm(total=self.total, desc=self.label, bar_format=_BAR_FORMAT, dynamic_ncols=True)
        return self

    def update(self, n: int) -> None:
        if self._bar is not None:
            self._bar.update(n)

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


_NO_BAR = _Bar(None, "", False)


def _run_chunk(fn: Callable[[_T], _R], chunk: list[_T]) -> list[_R]:
    return [fn(x) for x in chunk]


def _chunks(items: Iterable[_T], size: int) -> Iterator[list[_T]]:
    it = iter(items)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _map(
    fn: Callable[[_T], _R],
    items: Iterable[_T],
    jobs: int,
    executor: Executor | None = None,
    bar: _Bar = _NO_BAR,
) -> Iterator[_R]:
    """``map(fn, items)`` on ``jobs`` processes or on ``executor``, results in order; ``items`` is read lazily.

    ``bar`` counts the items as their results come back.  An executor passed
    in is not shut down here (its owner does that); the chunks still waiting
    are cancelled when the caller stops early.
    """
    with bar:
        if executor is None and jobs <= 1:
            for item in items:
                yield fn(item)
                bar.update(1)
            return
        chunks = _chunks(items, CHUNK)
        pool = executor if executor is not None else ProcessPoolExecutor(max_workers=min(jobs, usable_cpus()))
        pending: deque[Future[list[_R]]] = deque()
        try:
            pending.extend(pool.submit(_run_chunk, fn, c) for c in itertools.islice(chunks, max(1, jobs) * _AHEAD))
            while pending:
                done = pending.popleft().result()
                nxt = next(chunks, None)
                if nxt is not None:
                    pending.append(pool.submit(_run_chunk, fn, nxt))
                bar.update(len(done))
                yield from done
        finally:
            for future in pending:
                future.cancel()
            if executor is None:
                pool.shutdown(wait=True, cancel_futures=True)


# ------------------------------------------------------------------ rule sets

SINGLE_OPTIONS: dict[str, dict[str, object]] = {
    "stuck": {"draw": DrawRule.STUCK},
    "open": {"peaks": PeaksRule.OPEN},
    "joker": {"jokers": 1},
    "jokers2": {"jokers": 2},
    "empty": {"waste": WasteRule.EMPTY},
    "runs": {"scoring": ScoringRule.RUNS},
    "penalty": {"undo": UndoRule.PENALTY},
    "timer": {"timer": 5},
}
"""Each option of docs/rules.md §8 set on its own (row id suffix → the change), the timer at 5 minutes."""


@dataclass(frozen=True)
class StudyRow:
    """One rule set the study reports.

    ``row``: its id — a preset id (``"traditional"``), ``"<base>+<option>"``
    for an option on its own (``"easy+stuck"``, options of
    :data:`SINGLE_OPTIONS`) or the rule set's text for any other
    (``"E-SJ"``); ``kind``: ``"preset"``, ``"option"`` or ``"custom"``;
    ``base``: ``"easy"`` or ``"classic"`` for an option row, else ``""``;
    ``rules``: the :class:`~tripeaks.engine.rules.RuleSet`.
    """

    row: str
    kind: str
    base: str
    rules: RuleSet

    @classmethod
    def of(cls, rules: RuleSet) -> StudyRow:
        """The row of any rule set: named after its preset if it is one."""
        preset = rules.preset
        if preset is not None:
            return cls(preset.value, "preset", "", rules)
        return cls(str(rules), "custom", "", rules)


def study_rows() -> list[StudyRow]:
    """The study's rule sets: the five presets, then each option of :data:`SINGLE_OPTIONS` on Easy, then on Classic."""
    rows = [StudyRow(preset.value, "preset", "", rules) for preset, rules in PRESETS.items()]
    for base, rules in (("easy", EASY), ("classic", CLASSIC)):
        rows.extend(
            StudyRow(f"{base}+{name}", "option", base, rules.replace(**change))
            for name, change in SINGLE_OPTIONS.items()
        )
    return rows


def search_rules(rules: RuleSet) -> RuleSet:
    """The options of ``rules`` that change which deals can be won: wrap, draw, jokers, waste (docs/rules.md §8).

    Open peaks change nothing for a solver that knows every card; scoring,
    undo cost and timer change points or time, never which moves exist.
    """
    return RuleSet(wrap=rules.wrap, draw=rules.draw, jokers=rules.jokers, waste=rules.waste)


def bot_rules(rules: RuleSet) -> RuleSet:
    """The options of ``rules`` the bot's results depend on: :func:`search_rules` and open peaks (it sees more)."""
    return search_rules(rules).replace(peaks=rules.peaks)


def _dropped(rules: RuleSet, config: RuleSet) -> str:
    """The options in which ``rules`` differs from ``config``, as ``name=value`` joined by spaces."""
    out = []
    for name in ("wrap", "draw", "peaks", "jokers", "waste", "scoring", "undo", "timer"):
        value = getattr(rules, name)
        if value != getattr(config, name):
            out.append(f"{name}={value}")
    return " ".join(out)


def _rate(k: int, n: int) -> list[object]:
    """``[share, low, high]`` of ``k`` out of ``n`` (fractions, 6 decimals), empty when n is 0."""
    if n == 0:
        return ["", "", ""]
    lo, hi = wilson(k, n)
    return [round(k / n, 6), round(lo, 6), round(hi, 6)]


def _done(task: str, rules: RuleSet, deals: int, t0: float) -> Stage:
    """The finished stage: ``deals`` done since ``t0`` (a :func:`time.perf_counter` value)."""
    return Stage(task, rules, deals, time.perf_counter() - t0)


def _no_log(stage: Stage) -> None:
    """The default log of :func:`run_study`: nothing."""


def run_study(
    deals: Sequence[int],
    out_dir: str | os.PathLike[str],
    *,
    best_deals: Sequence[int] = (),
    jobs: int = 1,
    max_nodes: int | None = None,
    best_max_nodes: int | None = 2_000_000,
    log: Callable[[Stage], None] = _no_log,
    label: Callable[[Stage], str] | None = None,
    rules: Sequence[RuleSet] | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
) -> dict[str, Path]:
    """Decide ``deals`` under Easy and Classic, play them with the bot, and find the
    best score of ``best_deals``; write :data:`STUDY_FILE` and :data:`SCORES_FILE`
    into ``out_dir``.  Then the rule sets (docs/rules.md §8): ``rules`` (default:
    :func:`study_rows`, the presets and each option on Easy and Classic) —
    each search configuration decided and each bot configuration played
    once over ``deals`` (:data:`RULES_FILE`), a line per rule set with both
    win rates and their 95 % Wilson intervals (:data:`RATES_FILE`), and the
    best runs score of Traditional over ``best_deals`` when it is among them
    (:data:`RUNS_SCORES_FILE`).  ``jobs`` worker processes, or ``executor``
    (any ``concurrent.futures.Executor``, e.g. a Dask client's, with ``jobs``
    its number of workers); the files are the same either way.  ``log``
    receives each finished :class:`Stage` (its deals done and seconds);
    ``progress`` shows a bar with the time left during each stage, labelled
    ``label(stage)`` (default: the rule set's text; see the module doc).
    Returns the written paths.

    Raises ``OSError`` when ``out_dir`` cannot be created or written (before
    any deal is decided).
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryFile(dir=out):  # fail now, not after hours of solving
        pass
    rows: dict[tuple[str, int], dict[str, object]] = {}
    for rule in ("E", "C"):
        ruleset = RuleSet.parse(rule)
        t0 = time.perf_counter()
        decided = decide_deals(
            rule,
            deals,
            max_nodes=max_nodes,
            jobs=jobs,
            executor=executor,
            progress=progress,
            label=label,
        )
        for r in decided:
            rows[(r.rule, r.deal)] = {
                "rule": r.rule,
                "deal": r.deal,
                "verdict": r.verdict.value,
                "nodes": r.nodes,
                "seconds": round(r.seconds, 4),
            }
        log(_done("decide", ruleset, len(deals), t0))
        t0 = time.perf_counter()
        bar = _Bar(len(deals), _label(label, Stage("bot", ruleset, len(deals))), progress)
        for rule_, deal, won, left in _map(_bot_deal, ((rule, d) for d in deals), jobs, executor, bar):
            row = rows[(rule_, deal)]
            row["bot_won"] = int(won)
            row["bot_cards_left"] = left
        log(_done("bot", ruleset, len(deals), t0))
    study_path = out / STUDY_FILE
    with open(study_path, "w", newline="") as f:
        fields = ["rule", "deal", "verdict", "nodes", "seconds", "bot_won", "bot_cards_left"]
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for key in sorted(rows, key=lambda k: (k[0] != "E", k[1])):
            w.writerow(rows[key])
    scores_path = out / SCORES_FILE
    with open(scores_path, "w", newline="") as f:
        w2 = csv.writer(f)
        w2.writerow(["rule", "deal", "verdict", "best_score", "draws", "optimal", "nodes"])
        for rule in ("E", "C"):
            t0 = time.perf_counter()
            todo = [
                (rule, d, best_max_nodes)
                for d in best_deals
                if rows.get((rule, d), {}).get("verdict") != Verdict.UNWINNABLE.value
            ]
            done = 0
            ruleset = RuleSet.parse(rule)
            bar = _Bar(len(todo), _label(label, Stage("best", ruleset, len(todo))), progress)
            found = _map(_best_deal, todo, jobs, executor, bar)
            for best in found:
                done += 1
                w2.writerow(_best_row(best))
            log(_done("best", ruleset, done, t0))
    paths = {"study": study_path, "scores": scores_path}
    study = study_rows() if rules is None else [StudyRow.of(RuleSet.parse(r)) for r in rules]
    paths.update(
        _rule_set_study(
            study, deals, rows, out, best_deals, jobs, max_nodes, best_max_nodes, log, label, executor, progress
        )
    )
    return paths


def _rule_set_study(
    study: list[StudyRow],
    deals: Sequence[int],
    default_rows: dict[tuple[str, int], dict[str, object]],
    out: Path,
    best_deals: Sequence[int],
    jobs: int,
    max_nodes: int | None,
    best_max_nodes: int | None,
    log: Callable[[Stage], None],
    label: Callable[[Stage], str] | None,
    executor: Executor | None,
    progress: bool | None,
) -> dict[str, Path]:
    """The rule-set part of :func:`run_study`: :data:`RULES_FILE`, :data:`RATES_FILE`, :data:`RUNS_SCORES_FILE`."""
    # results per configuration (its text, e.g. "E-S") and deal; Easy and Classic come from the first part
    results: dict[str, dict[int, dict[str, object]]] = {"E": {}, "C": {}}
    for (rule, deal), row in default_rows.items():
        results[rule][deal] = row
    solver_configs = list(dict.fromkeys(str(search_rules(r.rules)) for r in study))
    bot_configs = list(dict.fromkeys(str(bot_rules(r.rules)) for r in study))
    for config in dict.fromkeys(solver_configs + bot_configs):
        if config in results:
            continue
        mine: dict[int, dict[str, object]] = {d: {"rules": config, "deal": d} for d in deals}
        ruleset = RuleSet.parse(config)
        if config in solver_configs:
            t0 = time.perf_counter()
            decided = decide_deals(
                config,
                deals,
                max_nodes=max_nodes,
                jobs=jobs,
                executor=executor,
                progress=progress,
                label=label,
            )
            for res in decided:
                mine[res.deal].update(verdict=res.verdict.value, nodes=res.nodes, seconds=round(res.seconds, 4))
            log(_done("decide", ruleset, len(deals), t0))
        t0 = time.perf_counter()
        bar = _Bar(len(deals), _label(label, Stage("bot", ruleset, len(deals))), progress)
        for _, deal, bot_won, left in _map(_bot_deal, ((config, d) for d in deals), jobs, executor, bar):
            mine[deal].update(bot_won=int(bot_won), bot_cards_left=left)
        log(_done("bot", ruleset, len(deals), t0))
        results[config] = mine
    rules_path = out / RULES_FILE
    with open(rules_path, "w", newline="") as f:
        fields = ["rules", "deal", "verdict", "nodes", "seconds", "bot_won", "bot_cards_left"]
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for config, mine in results.items():
            if config not in ("E", "C"):
                w.writerows(mine[d] for d in sorted(mine))
    rates_path = out / RATES_FILE
    with open(rates_path, "w", newline="") as f:
        w2 = csv.writer(f)
        w2.writerow(
            ["row", "kind", "base", "rules", "deals", "solver_from", "solver_same_because", "winnable", "unwinnable"]
            + ["unknown", "win_rate", "win_low", "win_high", "bot_from", "bot_same_because", "bot_won"]
            + ["bot_rate", "bot_low", "bot_high"]
        )
        for r in study:
            solver, bot = search_rules(r.rules), bot_rules(r.rules)
            verdicts = [str(x["verdict"]) for x in results[str(solver)].values()]
            won = verdicts.count(Verdict.WINNABLE.value)
            lost = verdicts.count(Verdict.UNWINNABLE.value)
            bots = sum(int(str(x["bot_won"])) for x in results[str(bot)].values())
            w2.writerow(
                [r.row, r.kind, r.base, str(r.rules), len(verdicts), str(solver), _dropped(r.rules, solver)]
                + [won, lost, len(verdicts) - won - lost, *_rate(won, won + lost)]
                + [str(bot), _dropped(r.rules, bot), bots, *_rate(bots, len(results[str(bot)]))]
            )
    paths = {"rules": rules_path, "rates": rates_path}
    if any(r.rules == TRADITIONAL for r in study):
        runs_path = out / RUNS_SCORES_FILE
        config = str(TRADITIONAL)
        with open(runs_path, "w", newline="") as f:
            w3 = csv.writer(f)
            w3.writerow(["rules", "deal", "verdict", "best_score", "draws", "optimal", "nodes"])
            t0 = time.perf_counter()
            known = results[str(search_rules(TRADITIONAL))]
            todo = [
                (config, d, best_max_nodes)
                for d in best_deals
                if known.get(d, {}).get("verdict") != Verdict.UNWINNABLE.value
            ]
            done = 0
            bar = _Bar(len(todo), _label(label, Stage("best", TRADITIONAL, len(todo))), progress)
            for best in _map(_best_deal, todo, jobs, executor, bar):
                done += 1
                w3.writerow(_best_row(best))
            log(_done("best", TRADITIONAL, done, t0))
        paths["runs_scores"] = runs_path
    return paths
