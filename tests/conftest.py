"""Shared engine fixtures: hand-built layouts for the rule tests (docs/rules.md §1–§4).

Only engine helpers live here (no widgets, no notebooks).  Two builders:

* ``layout(cards, waste, stock_head, rules, avoid, stock_tail)`` — a full deck
  with the given positions fixed, the stock starting with ``stock_head`` and
  ending with ``stock_tail``; every other card fills the remaining positions
  and then the middle of the stock, cards whose rank is in ``avoid`` pushed
  to the stock.
* ``scripted(actions, rules)`` — a deck arranged so that ``actions`` (tableau
  positions 0–27 and ``"D"`` for draw) is a legal sequence: the waste ranks
  climb by one at every move (K→A wraps, so Easy rule).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import settings

from tripeaks import DECK, Card, Game, RuleSet, WrapRule

# Hypothesis checks properties, not speed: no per-example deadline (a loaded 2-core machine runs
# an example ten times slower than a quiet one; speed goals live in benchmarks/).
settings.register_profile("tripeaks", deadline=None)
settings.load_profile("tripeaks")

LayoutBuilder = Callable[..., Game]


def independent_covered_by(p: int) -> tuple[int, ...]:
    """docs/rules.md §1's covering formulas, written out again (not read from tripeaks.engine.layout)."""
    if 0 <= p <= 2:  # apex p
        return (3 + 2 * p, 4 + 2 * p)
    if 3 <= p <= 8:  # row-1 card 3+2·peak+m
        peak, m = divmod(p - 3, 2)
        return (9 + 3 * peak + m, 10 + 3 * peak + m)
    if 9 <= p <= 17:  # row-2 card 9+i
        i = p - 9
        return (18 + i, 19 + i)
    if 18 <= p <= 27:
        return ()
    raise ValueError(p)


def build_layout(
    cards: dict[int, str] | None = None,
    waste: str | Sequence[str] = "AC",
    stock_head: Sequence[str] = (),
    rules: RuleSet | WrapRule | str = WrapRule.EASY,
    avoid: Sequence[int] = (),
    stock_tail: Sequence[str] = (),
) -> Game:
    """A game from a whole deck with some positions fixed (see module doc)."""
    fixed = {p: Card.parse(c) for p, c in (cards or {}).items()}
    wst = [Card.parse(waste)] if isinstance(waste, str) else [Card.parse(c) for c in waste]
    head = [Card.parse(c) for c in stock_head]
    tail = [Card.parse(c) for c in stock_tail]
    chosen = list(fixed.values()) + wst + head + tail
    assert len(set(chosen)) == len(chosen), "test layout repeats a card"
    rest = [c for c in DECK if c not in set(chosen)]
    rest.sort(key=lambda c: c.rank in avoid)  # stable: avoided ranks go to the stock
    tableau = [fixed[p] if p in fixed else rest.pop(0) for p in range(28)]
    return Game.from_layout(tableau, wst, head + rest + tail, rules=rules)


def build_scripted(
    actions: Sequence[int | str], rules: RuleSet | WrapRule | str = WrapRule.EASY, first_rank: int = 1
) -> Game:
    """A game where ``actions`` is legal: waste ranks go first_rank, +1, +2 … (K→A wraps)."""
    next_suit = {r: 0 for r in range(1, 14)}

    def chain_card(k: int) -> Card:
        rank = (first_rank - 1 + k) % 13 + 1
        suit = next_suit[rank]
        next_suit[rank] += 1
        return Card(rank, suit)

    waste = chain_card(0)
    tableau: dict[int, Card] = {}
    stock: list[Card] = []
    for k, action in enumerate(actions, start=1):
        card = chain_card(k)
        if action == "D":
            stock.append(card)
        else:
            assert isinstance(action, int) and action not in tableau, action
            tableau[action] = card
    used = set(tableau.values()) | set(stock) | {waste}
    rest = [c for c in DECK if c not in used]
    full = [tableau[p] if p in tableau else rest.pop(0) for p in range(28)]
    return Game.from_layout(full, [waste], stock + rest, rules=rules)


def clearing_order() -> list[int]:
    """A legal order to remove all 28 cards: base row, then row 2, row 1, apexes."""
    return list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + [0, 1, 2]


@pytest.fixture(scope="session")
def layout() -> LayoutBuilder:
    """:func:`build_layout`."""
    return build_layout


@pytest.fixture(scope="session")
def scripted() -> LayoutBuilder:
    """:func:`build_scripted`."""
    return build_scripted


@pytest.fixture(scope="session")
def covered_by() -> Callable[[int], tuple[int, ...]]:
    """:func:`independent_covered_by`: docs/rules.md §1's covering formulas."""
    return independent_covered_by


@pytest.fixture(scope="session")
def clear_order() -> list[int]:
    """:func:`clearing_order`."""
    return clearing_order()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests first, then the executed notebooks, then the rest (each in its own order).

    Under pytest-xdist (``tests/run.sh`` runs one worker per core) the slow tests then start
    while the other worker runs quick ones, instead of ending the run on one worker.
    """

    def rank(item: pytest.Item) -> int:
        if item.get_closest_marker("e2e"):
            return 0
        return 1 if item.get_closest_marker("notebook") else 2

    items.sort(key=rank)  # a stable sort: the order within each group is kept


@pytest.fixture(autouse=True)
def _close_apps_made_by_the_test() -> Iterator[None]:
    """Close the apps a test built and left open (``TriPeaksApp.close``): an open app's widgets stay
    in ipywidgets' registry for the life of the process, so one pytest worker held every app the
    suite built (about 3.5 MB each, gigabytes by the end of a run).  Apps built before the test (a
    module's fixture) stay open."""
    before = set(_OPEN_APPS)
    yield
    for app in [a for a in list(_OPEN_APPS) if a not in before]:
        try:
            app.close()
        except Exception:  # noqa: BLE001 - a test that broke its app: the next test must still run
            pass


def _track_apps() -> None:
    """Every TriPeaksApp built in this process goes into _OPEN_APPS (weakly: a closed one can go)."""
    try:
        from tripeaks.app.play import TriPeaksApp
    except ImportError:  # the engine alone: no widgets
        return
    made = TriPeaksApp.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        _OPEN_APPS.add(self)

    TriPeaksApp.__init__ = __init__  # type: ignore[method-assign]


_OPEN_APPS: weakref.WeakSet[Any] = weakref.WeakSet()
_track_apps()
