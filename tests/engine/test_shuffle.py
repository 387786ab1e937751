"""The TP1 shuffle is fair (docs/rules.md §5): over a fixed list of 5,200 deals, every card lands in every
one of the 52 deal positions (tableau 0–27, waste, stock) about equally often.

The deal list is fixed, so the statistic is a fixed number and the test is deterministic.

Statistic: Pearson's X² over the 52 × 52 table of (position, card) counts, expected n/52 per cell.
For n uniform random permutations the cell vector is a sum of n i.i.d. permutation matrices; its
normalised covariance has eigenvalue 52/51 on a (52 − 1)² = 2601-dimensional space (rows and
columns both sum to n), so X² · 51/52 is approximately χ² with 2601 degrees of freedom.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Callable, Iterator, Sequence

import pytest

from tripeaks import deal_cards
from tripeaks.engine.codes import N_DEALS

N = 5200  # 100 expected per cell
DEALS = [(k * 2654435761 + 12345) % N_DEALS for k in range(N)]  # a fixed spread over all 32^7 numbers
DOF = 51 * 51


def chi2_quantile(dof: int, z: float) -> float:
    """Wilson–Hilferty approximation of the χ² quantile whose standard normal quantile is ``z``."""
    c = 2 / (9 * dof)
    return dof * (1 - c + z * math.sqrt(c)) ** 3


# z = 3.090232 is the standard normal 99.9% quantile (Φ⁻¹(0.999)).  With 2601 degrees of freedom
# Wilson–Hilferty gives 2829.60; the exact value (scipy.stats.chi2.ppf(0.999, 2601)) is 2829.59.
BOUND_999 = chi2_quantile(DOF, 3.090232)


def statistic(deals: Sequence[Sequence[int]]) -> float:
    """X² · 51/52 over the (position, card index) table of ``deals``."""
    counts = [[0] * 52 for _ in range(52)]
    for deck in deals:
        for position, card in enumerate(deck):
            counts[position][card] += 1
    expected = len(deals) / 52
    x2 = sum((o - expected) ** 2 / expected for row in counts for o in row)
    return x2 * 51 / 52


def test_bound_is_the_999_quantile() -> None:
    assert BOUND_999 == pytest.approx(2829.59, abs=0.05)
    assert chi2_quantile(100, 3.090232) == pytest.approx(149.45, abs=0.2)  # tables: χ²₀.₉₉₉(100) = 149.449


def test_the_shuffle_is_fair() -> None:
    decks = [[c.index for c in deal_cards(n)] for n in DEALS]
    assert all(sorted(d) == list(range(52)) for d in decks)
    x2 = statistic(decks)
    assert x2 < BOUND_999, f"X²·51/52 = {x2:.1f} over the 99.9% bound {BOUND_999:.1f}"
    # not suspiciously good either (the 0.1% lower quantile, Φ⁻¹(0.001) = −3.090232)
    assert x2 > chi2_quantile(DOF, -3.090232)


def _words(n: int) -> Iterator[int]:
    for k in itertools.count():
        block = hashlib.sha256(b"tripeaks/TP1" + n.to_bytes(8, "big") + k.to_bytes(4, "big")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")


def _flawed(n: int, pick: Callable[[int, int], int]) -> list[int]:
    deck, words = list(range(52)), _words(n)
    for i in range(51, 0, -1):
        j = pick(next(words), i)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@pytest.mark.parametrize(
    "name, pick",
    [
        ("Sattolo: j < i, a card never stays put", lambda u, i: u % i),
        ("naive: j over the whole deck every time", lambda u, i: u % 52),
    ],
)
def test_the_statistic_catches_classic_shuffle_bugs(name: str, pick: Callable[[int, int], int]) -> None:
    # the same test has the power to reject the usual Fisher–Yates mistakes on the same deal list
    assert statistic([_flawed(n, pick) for n in DEALS]) > 2 * BOUND_999, name
