"""The exact search behind :mod:`tripeaks.solver` (internal; no Game objects here).

A position is three small integers:

* ``R`` — bitmask of the tableau positions 0–27 still holding a card;
* ``s`` — how many cards of the stock (as given to the search) have been drawn;
* ``w`` — the *rank* (1–13) of the waste top.  Suits never matter for play,
  so two positions that differ only by the waste card's suit are the same.

Face-up is not part of the state: with full knowledge, a card can be played
exactly when it is present, uncovered (``R & COVER[p] == 0``) and of a rank
next to ``w``.

The search is a depth-first search with a memo of failed positions and three
exact prunings:

1. **Rank memo** (above): keys are ``R | s << 28 | w << 33``.
2. **Dead card**: a remaining tableau card of rank ``r`` needs, some time
   later, a waste card of rank ``r ± 1``.  The only cards that can still
   become the waste are the waste itself, the stock cards not yet drawn and
   the remaining tableau cards.  If none of them has a rank next to ``r``,
   the position is lost.  The ranks of the remaining tableau cards are kept
   as a 14-bit mask updated in O(1) per play; the check is one table lookup.
3. **Draw threshold**: a draw from ``(R, s)`` leads to ``(R, s + 1, rank of
   stock[s])`` whatever the waste was.  If that position is lost, so is every
   later after-draw position ``(R, s', ·)`` with ``s' > s + 1`` (it is reachable
   from it by drawing).  ``lost_draw[R]`` keeps the smallest such ``s + 1`` and
   lets every later draw from ``R`` be skipped without a memo probe.

The search is iterative (an explicit stack), so deep positions never hit
Python's recursion limit, and it stops with ``None`` (unknown) when its node
or time budget runs out — never with a wrong verdict.
"""

from __future__ import annotations

import time

from .layout import COVERED_BY, N_TABLEAU

__all__ = ["search", "NEIGHBOURS", "DRAW"]

DRAW = -1
"""The draw action in the internal line (positions are 0–27)."""

COVER_MASK: tuple[int, ...] = tuple(sum(1 << q for q in COVERED_BY[p]) for p in range(N_TABLEAU))
"""For each position, the bitmask of the positions lying on top of it."""

FULL = (1 << N_TABLEAU) - 1


def _neighbour_table(wraps: bool) -> tuple[int, ...]:
    """For each 14-bit set of ranks (bits 1–13), the set of ranks next to one of them."""
    out = []
    for m in range(1 << 14):
        nb = ((m << 1) | (m >> 1)) & 0x3FFE
        if wraps:
            if m & (1 << 13):
                nb |= 1 << 1
            if m & (1 << 1):
                nb |= 1 << 13
        out.append(nb)
    return tuple(out)


NEIGHBOURS: dict[bool, tuple[int, ...]] = {True: _neighbour_table(True), False: _neighbour_table(False)}
"""``NEIGHBOURS[wraps][rank_mask]``: ranks adjacent to some rank of the mask."""


def _unpack(x: int) -> list[int]:
    """Counts packed 3 bits per rank (bits 3r…3r+2 for rank r) as a list indexed 0–13."""
    return [(x >> (3 * r)) & 7 for r in range(14)]


def _path_ok(demand: list[int], supply: list[int], first_left: int) -> bool:
    """Greedy b-matching on a path: demand[i] sits between supply[i] and supply[i + 1].

    ``first_left`` replaces ``supply[0]``.  Taking from the left supply first
    (it can serve nobody further right) is optimal on a path.
    """
    left = first_left
    for i, d in enumerate(demand):
        take = d if d < left else left
        d -= take
        right = supply[i + 1]
        if d > right:
            return False
        left = right - d
    return True


_CYCLE = (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)


def _feasible(demand_packed: int, supply_packed: int, wraps: bool) -> bool:
    """Can every remaining tableau card get its own predecessor of an adjacent rank?

    Each tableau card of rank r must be played onto a waste card of rank r ± 1,
    and each card (the waste top, a stock card, a tableau card) is the waste
    under at most one later play.  ``demand_packed``: counts of the remaining
    tableau cards per rank; ``supply_packed``: counts of every card that can
    still be a waste card (tableau + undrawn stock + waste top), both packed 3
    bits per rank.  Hall's condition on the rank graph: a path per parity under
    Classic, one 26-node cycle under Easy (13 is odd).  A necessary condition
    for a win; False proves the position lost.
    """
    d = _unpack(demand_packed)
    a = _unpack(supply_packed)
    if not wraps:
        even = [d[r] for r in (2, 4, 6, 8, 10, 12)]
        if not _path_ok(even, [a[r] for r in (1, 3, 5, 7, 9, 11, 13)], a[1]):
            return False
        odd = [d[r] for r in (1, 3, 5, 7, 9, 11, 13)]
        return _path_ok(odd, [0] + [a[r] for r in (2, 4, 6, 8, 10, 12)] + [0], 0)
    dem = [d[r] for r in _CYCLE]
    # supply right of demand r is rank r + 1 (13 + 1 = ace); left of the ace demand is the king
    sups = [a[13]] + [a[r % 13 + 1] for r in _CYCLE]
    for x in range(min(dem[0], a[13]) + 1):  # x: kings serving aces
        s = sups[:]
        s[-1] = a[13] - x
        if _path_ok(dem, s, x):
            return True
    return False


def search(
    ranks: tuple[int, ...],
    present: int,
    waste: int,
    stock: tuple[int, ...],
    wraps: bool,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> tuple[bool | None, list[int], int]:
    """Decide whether every card of ``present`` can be cleared.

    ``ranks``: rank 1–13 of the card dealt at each position 0–27;
    ``present``: bitmask of the positions still holding a card; ``waste``:
    rank of the waste top; ``stock``: ranks of the stock cards, next drawn
    first; ``wraps``: K–A adjacency (Easy).  ``max_nodes`` bounds the
    positions searched, ``deadline`` is a :func:`time.perf_counter` value.

    Returns ``(verdict, line, nodes)``: ``True`` with a winning line of
    actions (positions 0–27, :data:`DRAW` for a draw), ``False`` when no line
    exists (the search was exhaustive), ``None`` when the budget ran out.
    """
    if present == 0:
        return True, [], 0
    nb_table = NEIGHBOURS[wraps]
    rank_pos = [0] * 15
    for p in range(N_TABLEAU):
        rank_pos[ranks[p]] |= 1 << p
    adj_pos = [0] * 15
    for w in range(1, 14):
        up = w + 1 if w < 13 else (1 if wraps else 14)
        down = w - 1 if w > 1 else (13 if wraps else 0)
        adj_pos[w] = rank_pos[up] | rank_pos[down]
    n_stock = len(stock)
    stock_ranks = [0] * (n_stock + 1)   # set of ranks still in the stock from index i on
    stock_counts = [0] * (n_stock + 1)  # their counts, 3 bits per rank
    for i in range(n_stock - 1, -1, -1):
        stock_ranks[i] = stock_ranks[i + 1] | (1 << stock[i])
        stock_counts[i] = stock_counts[i + 1] + (1 << 3 * stock[i])
    stock_list = list(stock) + [0]
    cover = COVER_MASK
    rank_of_bit = {1 << p: ranks[p] for p in range(N_TABLEAU)}
    rmask = 0  # ranks of the remaining tableau cards
    counts = 0  # their counts, 3 bits per rank
    for p in range(N_TABLEAU):
        if present >> p & 1:
            rmask |= 1 << ranks[p]
            counts += 1 << 3 * ranks[p]
    if rmask & ~nb_table[rmask | stock_ranks[0] | 1 << waste]:
        return False, [], 1
    if not _feasible(counts, counts + stock_counts[0] + (1 << 3 * waste), wraps):
        return False, [], 1

    match: dict[int, bool] = {}  # (counts, s) -> matching test after a draw
    match_get = match.get
    lost: dict[int, int] = {}  # R | w << 28 -> smallest stock index known lost
    lost_get = lost.get
    lost_draw: dict[int, int] = {}  # R -> smallest s with (R, s) after a draw known lost
    lost_draw_get = lost_draw.get
    limit = max_nodes if max_nodes is not None else 1 << 62
    nodes = 1
    next_check = 2048
    # frame: [R, s, w, rmask, counts, candidates left, draw tried, action taken]
    stack: list[list[int]] = [[present, 0, waste, rmask, counts, present & adj_pos[waste], 0, 0]]
    while stack:
        frame = stack[-1]
        R, s, w, rm, cnt, cand = frame[0], frame[1], frame[2], frame[3], frame[4], frame[5]
        child = None
        while cand:
            bit = cand & -cand
            cand ^= bit
            p = bit.bit_length() - 1
            if R & cover[p]:
                continue
            R2 = R ^ bit
            if not R2:
                frame[7] = p
                return True, [f[7] for f in stack], nodes + 1
            r = rank_of_bit[bit]
            key = R2 | r << 28
            if lost_get(key, 99) <= s:
                continue
            if nodes >= limit:
                return None, [], nodes
            nodes += 1
            rm2 = rm if R2 & rank_pos[r] else rm & ~(1 << r)
            if rm2 & ~nb_table[rm2 | stock_ranks[s] | 1 << r]:
                lost[key] = s
                continue
            frame[7] = p
            child = [R2, s, r, rm2, cnt - (1 << 3 * r), R2 & adj_pos[r], 0, 0]
            break
        frame[5] = cand
        if child is None and not frame[6] and s < n_stock:
            frame[6] = 1
            s2 = s + 1
            if lost_draw_get(R, 99) > s2:
                r = stock_list[s]
                key = R | r << 28
                if lost_get(key, 99) > s2:
                    if nodes >= limit:
                        return None, [], nodes
                    nodes += 1
                    mkey = cnt << 5 | s2
                    ok = match_get(mkey)
                    if ok is None:
                        ok = match[mkey] = (
                            not rm & ~nb_table[rm | stock_ranks[s2] | 1 << r]
                            and _feasible(cnt, cnt + stock_counts[s2] + (1 << 3 * r), wraps)
                        )
                    if ok:
                        frame[7] = DRAW
                        child = [R, s2, r, rm, cnt, R & adj_pos[r], 0, 0]
                    else:
                        lost[key] = s2
                        lost_draw[R] = s2
        if child is not None:
            stack.append(child)
            if nodes >= next_check:
                next_check = nodes + 2048
                if deadline is not None and time.perf_counter() > deadline:
                    return None, [], nodes
            continue
        # every child is lost: so is this position, and with fewer stock cards too
        stack.pop()
        key = R | w << 28
        if lost_get(key, 99) > s:
            lost[key] = s
        if stack and stack[-1][7] == DRAW and lost_draw_get(R, 99) > s:
            lost_draw[R] = s
    return False, [], nodes
