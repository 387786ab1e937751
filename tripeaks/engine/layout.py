"""The tableau geometry as data (docs/rules.md §1): rows, covering, peaks, grid places.

Positions are numbered 0–27, row by row, top to bottom, left to right.  Both
the rules (:mod:`tripeaks.engine.game`) and the view (:mod:`tripeaks.app`) read these
tables; nothing else does index arithmetic on positions.
"""

from __future__ import annotations

__all__ = [
    "POSITIONS",
    "ROWS",
    "ROW_OF",
    "BASE_ROW",
    "COVERED_BY",
    "COVERS",
    "PEAKS",
    "PEAK_NAMES",
    "PEAK_OF",
    "COLUMN",
    "N_TABLEAU",
    "N_STOCK",
]

N_TABLEAU = 28
"""Number of tableau positions."""
N_STOCK = 23
"""Cards in the stock at the start of a standard deal."""

POSITIONS = range(N_TABLEAU)

ROWS: tuple[tuple[int, ...], ...] = (
    (0, 1, 2),  # row 0: the three apexes
    (3, 4, 5, 6, 7, 8),  # row 1: two cards under each apex
    (9, 10, 11, 12, 13, 14, 15, 16, 17),  # row 2: three cards per peak
    (18, 19, 20, 21, 22, 23, 24, 25, 26, 27),  # row 3: the base row, face up at the start
)
BASE_ROW = ROWS[3]
ROW_OF: tuple[int, ...] = tuple(r for r, row in enumerate(ROWS) for _ in row)
"""Row number (0 = apexes, 3 = base) of each position."""

COVERED_BY: tuple[tuple[int, ...], ...] = (
    (3, 4),
    (5, 6),
    (7, 8),  # apex p: row-1 cards 3+2p, 4+2p
    (9, 10),
    (10, 11),  # left peak, row 1
    (12, 13),
    (13, 14),  # middle peak, row 1
    (15, 16),
    (16, 17),  # right peak, row 1
    (18, 19),
    (19, 20),
    (20, 21),
    (21, 22),
    (22, 23),  # row 2 card 9+i: base 18+i, 19+i
    (23, 24),
    (24, 25),
    (25, 26),
    (26, 27),
    (),
    (),
    (),
    (),
    (),
    (),
    (),
    (),
    (),
    (),  # base row: covered by nothing
)
"""For each position, the positions of the cards lying on top of it."""

COVERS: tuple[tuple[int, ...], ...] = tuple(tuple(p for p in POSITIONS if q in COVERED_BY[p]) for q in POSITIONS)
"""For each position, the positions it lies on (the inverse of COVERED_BY)."""

PEAKS: tuple[frozenset[int], ...] = (
    frozenset({0, 3, 4, 9, 10, 11, 18, 19, 20}),  # left peak, 9 cards
    frozenset({1, 5, 6, 12, 13, 14, 21, 22, 23}),  # middle peak, 9 cards
    frozenset({2, 7, 8, 15, 16, 17, 24, 25, 26, 27}),  # right peak, 10 cards
)
"""The cards that must all be gone for each peak's +100 bonus (docs/rules.md §1, §3)."""
PEAK_NAMES = ("left", "middle", "right")
PEAK_OF: tuple[int, ...] = tuple(next(i for i, s in enumerate(PEAKS) if p in s) for p in POSITIONS)
"""Peak index (0 left, 1 middle, 2 right) of each position."""

COLUMN: tuple[int, ...] = (
    3,
    9,
    15,  # apexes centred over their two row-1 cards
    2,
    4,
    8,
    10,
    14,
    16,  # row 1
    1,
    3,
    5,
    7,
    9,
    11,
    13,
    15,
    17,  # row 2, half a card right of the base
    0,
    2,
    4,
    6,
    8,
    10,
    12,
    14,
    16,
    18,  # base row
)
"""Left edge of each card in half-card units (a card is 2 units wide), for views."""
