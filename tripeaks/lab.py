"""The strategy lab: write a TriPeaks strategy as a Python function and measure it (notebooks/strategy_lab.ipynb).

A *strategy* is a function ``strategy(view) -> action``.  It is given a
:class:`PlayerView`: only what a player sees (docs/rules.md §1, §2) — the
face-up tableau cards with their positions, which positions still hold a
face-down card, the waste card, the number of cards left in the stock, the
rule set and the legal actions.  It never reaches the face-down cards or the
stock's order: the view holds copies of visible facts, not the game.  It
returns one of ``view.legal`` (a position 0–27 to play, or ``"D"`` to draw).

* :func:`evaluate` plays one strategy on many deals and returns an
  :class:`Evaluation`: the wins, a 95 % Wilson interval, the tableau cards
  left per deal, what the exact solver says of the same deals, and a
  :class:`Problem` for every move the strategy got wrong (it raised, returned
  an action that is not legal, or took too long) — the evaluation goes on.
* :func:`tournament` ranks several strategies on the same deals
  (:class:`Tournament`, with a table and :meth:`Tournament.plot`).
* Built-in strategies to compare with: :func:`first_legal`,
  :func:`random_legal` and :func:`visible_bot` (the study's bot, which plays
  by what it sees; :mod:`tripeaks.solver.study`).

>>> result = evaluate(first_legal, deals=range(5), progress=False, solver=False)
>>> result.n, 0 <= result.wins <= 5, len(result.cards_left)
(5, True, 5)
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .engine.cards import Card, Joker
from .engine.codes import GameCode
from .engine.events import Status
from .engine.game import Game
from .engine.layout import COVERED_BY, COVERS
from .engine.rules import RuleSet, WrapRule
from .solver import Verdict, solve
from .solver.study import wilson

__all__ = [
    "DRAW",
    "PlayerView",
    "Strategy",
    "Problem",
    "Evaluation",
    "Tournament",
    "evaluate",
    "tournament",
    "first_legal",
    "random_legal",
    "visible_bot",
]

DRAW = "D"
"""The action that draws a card from the stock onto the waste."""

Action = int | str
Strategy = Callable[["PlayerView"], Action]
"""A function from what a player sees to one of its legal actions."""


@dataclass(frozen=True)
class PlayerView:
    """What a player sees of a game, and nothing more (docs/rules.md §1, §2, §8).

    ``face_up``: position (0–27) → the face-up card lying there.
    ``face_down``: the positions still holding a face-down card (its face unknown).
    ``waste``: the waste card (a :class:`~tripeaks.engine.cards.Card`, a joker, or ``None`` when empty).
    ``stock_count``: cards left in the stock (their order unknown).  ``rules``: the rule set.
    ``legal``: the legal actions now — playable positions, then ``"D"`` when a draw is allowed.
    ``moves``, ``score``: the move counter and the score (docs/rules.md §3).
    ``deal``: the deal's code, as text.
    """

    face_up: Mapping[int, Card]
    face_down: frozenset[int]
    waste: Card | Joker | None
    stock_count: int
    rules: RuleSet
    legal: tuple[Action, ...]
    moves: int
    score: int
    deal: str

    @classmethod
    def of(cls, game: Game) -> PlayerView:
        """The view of ``game`` a player has now (copies of what is visible; no reference to the game)."""
        face_up: dict[int, Card] = {}
        face_down: set[int] = set()
        for p, slot in enumerate(game.tableau):
            if slot is None:
                continue
            if slot.face_up:
                face_up[p] = slot.card
            else:
                face_down.add(p)
        return cls(
            face_up=dict(face_up),
            face_down=frozenset(face_down),
            waste=game.waste_top,
            stock_count=game.stock_count,
            rules=game.rules,
            legal=tuple(game.legal_actions()),
            moves=game.moves,
            score=game.score,
            deal=str(game.code) if game.code is not None else "custom layout",
        )

    # -- questions a strategy may ask, all answered from the view itself --
    @property
    def plays(self) -> list[int]:
        """The positions that can be played now (``legal`` without the draw)."""
        return [a for a in self.legal if isinstance(a, int)]

    @property
    def can_draw(self) -> bool:
        """True when drawing is one of the legal actions."""
        return DRAW in self.legal

    def present(self, position: int) -> bool:
        """True when a card (face up or down) still lies at ``position``."""
        return position in self.face_up or position in self.face_down

    def is_exposed(self, position: int) -> bool:
        """True when a card lies at ``position`` and no card covers it (docs/rules.md §1)."""
        return self.present(position) and not any(self.present(q) for q in COVERED_BY[position])

    def reveals(self, position: int) -> list[int]:
        """The face-down positions that playing ``position`` would turn face up (its last coverer gone)."""
        return [
            q
            for q in COVERS[position]
            if q in self.face_down and not any(self.present(r) for r in COVERED_BY[q] if r != position)
        ]

    def follows(self, card: Card, other: Card) -> bool:
        """True when ``other`` could be played on ``card`` (one rank up or down; K–A under Easy)."""
        return self.rules.adjacent(card.rank, other.rank)


@dataclass(frozen=True)
class Problem:
    """A move a strategy got wrong: on deal ``deal`` at move ``move`` (the game's move counter + 1), ``message``."""

    deal: str
    move: int
    message: str

    def __str__(self) -> str:
        return f"{self.deal}, move {self.move}: {self.message}"


@dataclass(frozen=True)
class Evaluation:
    """One strategy over a list of deals.

    ``wins`` of ``n`` deals won; ``interval``: its 95 % Wilson interval (fractions 0–1);
    ``cards_left``: tableau cards left at the end of each deal, in deal order (0 for a win);
    ``winnable``: how many of the same deals the exact solver proves winnable (``None`` when not asked),
    ``undecided`` how many it could not decide within its time;
    ``problems``: every wrong move, with its deal and move number.
    """

    name: str
    rules: RuleSet
    deals: tuple[str, ...]
    wins: int
    cards_left: tuple[int, ...]
    winnable: int | None = None
    undecided: int = 0
    problems: tuple[Problem, ...] = field(default=())

    @property
    def n(self) -> int:
        """The number of deals played."""
        return len(self.deals)

    @property
    def rate(self) -> float:
        """The fraction of deals won, 0–1."""
        return self.wins / self.n

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the win rate (low, high), fractions 0–1."""
        return wilson(self.wins, self.n)

    @property
    def mean_cards_left(self) -> float:
        """The mean number of tableau cards left at the end of a deal."""
        return sum(self.cards_left) / self.n

    def __str__(self) -> str:
        low, high = self.interval
        text = f"{self.name}: won {self.wins} of {self.n} ({100 * self.rate:.1f}%, 95% CI {100 * low:.1f}–{100 * high:.1f}%)"
        text += f", {self.mean_cards_left:.1f} cards left on average"
        if self.winnable is not None:
            text += f"; the solver proves {self.winnable} of these deals winnable"
            if self.undecided:
                text += f" ({self.undecided} undecided)"
        if self.problems:
            text += f"; {len(self.problems)} wrong move(s), first: {self.problems[0]}"
        return text


def _name(strategy: Callable[..., Any]) -> str:
    return getattr(strategy, "__name__", None) or type(strategy).__name__


def _deals(deals: int | Iterable[int | str | GameCode], rules: RuleSet) -> list[GameCode]:
    if isinstance(deals, bool) or (isinstance(deals, int) and deals < 1):
        raise ValueError(f"deals must be a positive number of deals or a list of deal numbers or codes, got {deals!r}")
    items: Iterable[int | str | GameCode] = range(deals) if isinstance(deals, int) else deals
    codes = []
    for item in items:
        if isinstance(item, GameCode):
            codes.append(item)
        elif isinstance(item, str):
            codes.append(GameCode.parse(item))
        elif isinstance(item, int) and not isinstance(item, bool) and item >= 0:
            codes.append(GameCode(rules, item))
        else:
            raise ValueError(f"a deal is a number ≥ 0 or a game code, got {item!r}")
    if not codes:
        raise ValueError("no deals to play")
    return codes


_SOLVED: dict[tuple[str, int], Verdict] = {}
"""What the solver said of each code (and node budget), so a tournament asks once per deal."""


def _verdict(code: GameCode, max_nodes: int) -> Verdict:
    key = (str(code), max_nodes)
    if key not in _SOLVED:
        _SOLVED[key] = solve(code, max_nodes=max_nodes).verdict
    return _SOLVED[key]


def _play(strategy: Strategy, code: GameCode, move_time_limit: float) -> tuple[Game, Problem | None]:
    game = Game.from_code(code)
    deal = str(code)
    while game.status is Status.PLAYING:
        view = PlayerView.of(game)
        if not view.legal:
            break
        move = game.moves + 1
        started = time.perf_counter()
        try:
            action = strategy(view)
        except Exception as err:  # a learner's code: report it and go on with the next deal
            return game, Problem(deal, move, f"the strategy raised {type(err).__name__}: {err}")
        took = time.perf_counter() - started
        if took > move_time_limit:
            return game, Problem(
                deal, move, f"the strategy took {took:.2f} s to choose (the limit is {move_time_limit:g} s)"
            )
        if isinstance(action, str) and action.upper() == DRAW:
            action = DRAW
        if isinstance(action, bool) or action not in view.legal:
            legal = ", ".join(map(repr, view.legal))
            return game, Problem(
                deal, move, f"the strategy returned {action!r}, which is not one of the legal actions ({legal})"
            )
        game.apply(action)
    return game, None


def evaluate(
    strategy: Strategy,
    deals: int | Iterable[int | str | GameCode] = 100,
    rules: RuleSet | WrapRule | str = "easy",
    *,
    solver: bool = True,
    solver_nodes: int = 2_000_000,
    move_time_limit: float = 1.0,
    progress: bool | None = None,
    name: str | None = None,
) -> Evaluation:
    """Play ``strategy`` on each deal to its end and count the wins.

    ``deals``: a number *n* (deals 0 to *n*−1), or deal numbers and/or game codes.
    ``rules``: the rule set of numbered deals (a preset name, ``"E"``/``"C"``, a
    letter with flags, or a :class:`~tripeaks.engine.rules.RuleSet`; docs/rules.md §8).
    ``solver``: also ask the exact solver whether each deal can be won
    (at most ``solver_nodes`` positions searched per deal, so the answer does not depend on the
    machine's speed; a deal it cannot decide within them counts as undecided).
    ``move_time_limit``: seconds a strategy may take for one move.  A strategy
    that raises, returns an action that is not legal or takes too long ends that
    deal (counted as not won) with a :class:`Problem`; the other deals are played.
    ``progress``: a progress bar (tqdm; in a notebook a widget), shown by default
    in a notebook or on a terminal.  Raises ``ValueError`` for bad deals or rules.
    """
    rule_set = RuleSet.parse(rules) if not isinstance(rules, RuleSet) else rules
    codes = _deals(deals, rule_set)
    wins, left, problems = 0, [], []
    winnable = undecided = 0
    bar = _bar(len(codes), name or _name(strategy), progress)
    try:
        for code in codes:
            end, problem = _play(strategy, code, move_time_limit)
            wins += end.status is Status.WON
            left.append(end.cards_left)
            if problem is not None:
                problems.append(problem)
            if solver:
                verdict = _verdict(code, solver_nodes)
                winnable += verdict is Verdict.WINNABLE
                undecided += verdict is Verdict.UNKNOWN
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    return Evaluation(
        name=name or _name(strategy),
        rules=rule_set,
        deals=tuple(str(c) for c in codes),
        wins=wins,
        cards_left=tuple(left),
        winnable=winnable if solver else None,
        undecided=undecided if solver else 0,
        problems=tuple(problems),
    )


def _bar(total: int, label: str, show: bool | None) -> Any:
    if show is None:
        from .solver.study import _in_notebook

        show = _in_notebook()
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=label)


@dataclass(frozen=True)
class Tournament:
    """Several strategies on the same deals, best first (most wins, then fewest cards left).

    ``results``: one :class:`Evaluation` per strategy, ranked; ``winnable``: how many
    of the deals the exact solver proves winnable (the ceiling no strategy can pass).
    """

    results: tuple[Evaluation, ...]
    winnable: int | None

    @property
    def n(self) -> int:
        """The number of deals every strategy played."""
        return self.results[0].n

    def table(self) -> list[tuple[int, str, int, float, float, float, float, int]]:
        """Rows ``(rank, name, wins, rate, low, high, mean cards left, wrong moves)``; ties share a rank."""
        rows = []
        rank = 0
        previous: tuple[int, float] | None = None
        for i, r in enumerate(self.results, start=1):
            key = (r.wins, r.mean_cards_left)
            if key != previous:
                rank, previous = i, key
            low, high = r.interval
            rows.append((rank, r.name, r.wins, r.rate, low, high, r.mean_cards_left, len(r.problems)))
        return rows

    def __str__(self) -> str:
        lines = [f"{'':3}{'strategy':24}{'wins':>6}{'rate':>8}{'95% CI':>15}{'cards left':>12}{'wrong':>7}"]
        for rank, name, wins, rate, low, high, left, wrong in self.table():
            ci = f"{100 * low:.1f}–{100 * high:.1f}%"
            lines.append(f"{rank:<3}{name[:24]:24}{wins:>6}{100 * rate:>7.1f}%{ci:>15}{left:>12.1f}{wrong:>7}")
        if self.winnable is not None:
            lines.append(f"The solver, seeing every card, proves {self.winnable} of the {self.n} deals winnable.")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("", "strategy", "wins", "rate", "95% CI", "cards left", "wrong moves"))
        body = "".join(
            f"<tr><td>{rank}</td><td>{escape(name)}</td><td>{wins}</td><td>{100 * rate:.1f}%</td>"
            f"<td>{100 * low:.1f}–{100 * high:.1f}%</td><td>{left:.1f}</td><td>{wrong}</td></tr>"
            for rank, name, wins, rate, low, high, left, wrong in self.table()
        )
        foot = (
            f"<p>The solver, seeing every card, proves {self.winnable} of the {self.n} deals winnable.</p>"
            if self.winnable is not None
            else ""
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{foot}"

    def plot(self, ax: Any = None) -> Any:
        """A bar per strategy (win rate with its 95 % interval) and the solver's ceiling; returns the axes."""
        if ax is None:
            from matplotlib.figure import Figure

            fig = Figure(figsize=(7, 0.6 * len(self.results) + 1.4), layout="constrained")
            ax = fig.subplots()
        names = [r.name for r in self.results][::-1]
        rates = [100 * r.rate for r in self.results][::-1]
        lows = [100 * (r.rate - r.interval[0]) for r in self.results][::-1]
        highs = [100 * (r.interval[1] - r.rate) for r in self.results][::-1]
        ax.barh(names, rates, xerr=[lows, highs], color="#3f8a52", capsize=4)
        if self.winnable is not None:
            ceiling = 100 * self.winnable / self.n
            ax.axvline(ceiling, color="#c62828", linestyle="--")
            ax.annotate(
                "winnable (solver)",
                xy=(ceiling, 1.0),
                xycoords=("data", "axes fraction"),
                xytext=(-4, -12),
                textcoords="offset points",
                ha="right",
                color="#c62828",
            )
        ax.set_xlim(0, 100)
        ax.set_xlabel(f"deals won, % of {self.n} (bars: 95% interval)")
        return ax


def tournament(
    strategies: Sequence[Strategy] | Mapping[str, Strategy],
    deals: int | Iterable[int | str | GameCode] = 100,
    rules: RuleSet | WrapRule | str = "easy",
    *,
    solver: bool = True,
    solver_nodes: int = 2_000_000,
    move_time_limit: float = 1.0,
    progress: bool | None = None,
) -> Tournament:
    """Every strategy on the same deals (see :func:`evaluate`), ranked in a :class:`Tournament`.

    ``strategies``: functions (named by their ``__name__``), or a mapping name → function.
    Raises ``ValueError`` when there is none or two share a name.
    """
    named = list(strategies.items()) if isinstance(strategies, Mapping) else [(_name(s), s) for s in strategies]
    if not named:
        raise ValueError("a tournament needs at least one strategy")
    names = [n for n, _ in named]
    if len(set(names)) != len(names):
        raise ValueError(f"two strategies share a name: {names}; pass a dict name → strategy")
    codes = _deals(deals, RuleSet.parse(rules) if not isinstance(rules, RuleSet) else rules)
    results = [
        evaluate(
            s,
            codes,
            rules,
            solver=solver,
            solver_nodes=solver_nodes,
            move_time_limit=move_time_limit,
            progress=progress,
            name=n,
        )
        for n, s in named
    ]
    results.sort(key=lambda r: (-r.wins, r.mean_cards_left))
    return Tournament(tuple(results), results[0].winnable)


# ------------------------------------------------------------------ built-in strategies


def first_legal(view: PlayerView) -> Action:
    """Play the first playable card (lowest position); draw when none fits."""
    return view.legal[0]


def random_legal(view: PlayerView) -> Action:
    """Any legal action, at random (the same choices for the same deal and move, so results repeat)."""
    rng = random.Random(f"{view.deal}/{view.moves}/{len(view.face_up)}/{view.stock_count}")
    return rng.choice(view.legal)


def visible_bot(view: PlayerView) -> Action:
    """The study's bot (:func:`tripeaks.solver.study.bot_choice`), written on the view.

    Among the playable cards it prefers the one that uncovers the most cards,
    then the one whose rank lets the most other visible cards follow, then the
    lower position; it draws only when no card can be played.
    """
    plays = view.plays
    if not plays:
        return DRAW
    exposed = [p for p in itertools.chain(view.face_up, view.face_down) if view.is_exposed(p)]

    def uncovered(p: int) -> list[int]:
        return [q for q in COVERS[p] if view.present(q) and not any(view.present(r) for r in COVERED_BY[q] if r != p)]

    def key(p: int) -> tuple[int, int, int]:
        card = view.face_up[p]
        new = uncovered(p)
        follow = sum(
            1
            for q in itertools.chain(exposed, new)
            if q != p and q in view.face_up and view.follows(view.face_up[q], card)
        )
        return (len(new), follow, -p)

    return max(plays, key=key)
