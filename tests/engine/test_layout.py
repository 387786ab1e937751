"""The tableau geometry tables against docs/rules.md §1's formulas (computed again here)."""

from __future__ import annotations

from collections.abc import Callable

from tripeaks.engine.layout import (
    BASE_ROW,
    COLUMN,
    COVERED_BY,
    COVERS,
    N_STOCK,
    N_TABLEAU,
    PEAK_NAMES,
    PEAK_OF,
    PEAKS,
    POSITIONS,
    ROW_OF,
    ROWS,
)


def test_rows_number_positions_top_to_bottom_left_to_right() -> None:
    assert N_TABLEAU == 28 and N_STOCK == 23 and list(POSITIONS) == list(range(28))
    assert [list(r) for r in ROWS] == [list(range(0, 3)), list(range(3, 9)), list(range(9, 18)), list(range(18, 28))]
    assert BASE_ROW == tuple(range(18, 28))
    assert ROW_OF == tuple([0] * 3 + [1] * 6 + [2] * 9 + [3] * 10)


def test_covered_by_matches_every_spec_formula(covered_by: Callable[[int], tuple[int, ...]]) -> None:
    assert len(COVERED_BY) == 28
    for p in range(28):
        assert tuple(sorted(COVERED_BY[p])) == covered_by(p), p
    # spot checks written out by hand from docs/rules.md §1
    assert COVERED_BY[0] == (3, 4) and COVERED_BY[2] == (7, 8)
    assert COVERED_BY[4] == (10, 11) and COVERED_BY[5] == (12, 13) and COVERED_BY[8] == (16, 17)
    assert COVERED_BY[12] == (21, 22) and COVERED_BY[17] == (26, 27)


def test_covers_is_the_inverse(covered_by: Callable[[int], tuple[int, ...]]) -> None:
    for q in range(28):
        assert set(COVERS[q]) == {p for p in range(28) if q in covered_by(p)}
    # every non-base card is covered by exactly two cards of the next row
    for p in range(18):
        assert len(COVERED_BY[p]) == 2 and all(ROW_OF[q] == ROW_OF[p] + 1 for q in COVERED_BY[p])
    # the apexes cover nothing; base ends cover one row-2 card, inner base cards two
    assert all(COVERS[p] == () for p in range(3))
    assert [len(COVERS[p]) for p in BASE_ROW] == [1] + [2] * 8 + [1]
    # inside a peak two row-1 cards share a row-2 coverer; neighbouring peaks share none
    assert set(COVERS[10]) == {3, 4} and set(COVERS[11]) == {4} and set(COVERS[12]) == {5}


def test_peaks_from_the_spec() -> None:
    expected = [
        {p} | {3 + 2 * p, 4 + 2 * p} | {9 + 3 * p + i for i in range(3)} | {18 + 3 * p + i for i in range(3)}
        for p in range(3)
    ]
    expected[2].add(27)  # the right peak also owns the last base card
    assert [set(s) for s in PEAKS] == expected
    assert [len(s) for s in PEAKS] == [9, 9, 10]
    assert set().union(*PEAKS) == set(range(28))
    assert sum(len(s) for s in PEAKS) == 28  # disjoint
    assert PEAKS[0] == {0, 3, 4, 9, 10, 11, 18, 19, 20}
    assert PEAKS[1] == {1, 5, 6, 12, 13, 14, 21, 22, 23}
    assert PEAKS[2] == {2, 7, 8, 15, 16, 17, 24, 25, 26, 27}
    assert all(p in PEAKS[PEAK_OF[p]] for p in range(28))
    assert PEAK_NAMES == ("left", "middle", "right")


def test_peak_cards_of_rows_0_to_2_sit_under_their_apex() -> None:
    # Following the covering table down from apex p reaches exactly that peak's row-1 and row-2 cards.
    for apex in range(3):
        below = set(COVERED_BY[apex])
        below |= {q for r in below for q in COVERED_BY[r]}
        assert below == {p for p in PEAKS[apex] if ROW_OF[p] in (1, 2)}


def test_columns_overlap_by_half_a_card() -> None:
    assert len(COLUMN) == 28
    for p in range(28):
        for q in COVERED_BY[p]:
            assert abs(COLUMN[q] - COLUMN[p]) == 1  # a coverer sits half a card to either side
        assert sorted(COLUMN[q] - COLUMN[p] for q in COVERED_BY[p]) == ([-1, 1] if p < 18 else [])
    for row in ROWS:
        cols = [COLUMN[p] for p in row]
        assert cols == sorted(cols) and all(b - a >= 2 for a, b in zip(cols, cols[1:]))
    assert [COLUMN[p] for p in BASE_ROW] == list(range(0, 20, 2))
