"""The exact search behind :mod:`tripeaks.solver` (internal; no Game objects here).

A position is three small integers:

* ``R`` — bitmask of the tableau positions 0–27 still holding a card;
* ``s`` — how many cards of the stock (as given to the search) have been drawn;
* ``w`` — the *rank* (1–13) of the waste top.  Suits never matter for play,
  so two positions that differ only by the waste card's suit are the same.

Face-up is not part of the state: with full knowledge, a card can be played
exactly when it is present, uncovered (no card of ``R`` lies on it) and of a rank
next to ``w``.

The search is a depth-first search with a memo of lost positions and these
exact prunings:

1. **Rank memo**: the waste enters the memo by its rank only.
2. **Indexed remaining sets**: a card leaves only once nothing covers it, so
   only 22,932 sets of remaining tableau cards can occur.  They are numbered
   once (:func:`lattice`), with their uncovered cards and the number of the
   set left after each play, so the memo is a flat ``bytearray`` indexed by
   ``set number × 16 + waste rank`` and no cover test is needed per move.
3. **Fewer stock cards never help**: with the same remaining cards and waste
   rank, a position with more stock cards left wins whenever one with fewer
   does.  Right after a draw this is plain: drawing on from stock index s
   reaches exactly the position at a later index.  Any other position either
   draws (such a position) or plays (fewer cards: induction).  So the memo keeps, per (set, waste rank), the smallest stock index known
   lost, and one entry prunes every later stock index.  Likewise, after a
   draw the waste is the drawn card, so per set one number says from which
   stock index on "draw now" is lost.
4. **Draw through dead cards**: when a drawn card has nothing to play on
   it, the only move is to draw again, so that position *is* the next one:
   the search draws on at once, one frame for the whole run of draws
   (its action is ``-k`` for ``k`` draws; the line lists each draw).  The
   same after a play that leaves nothing to play: play and draws, one frame.
5. **Predecessor matching** (at the start and after each draw): every
   remaining tableau card needs its *own* predecessor of an adjacent rank,
   and each card is the waste under at most one play.  Hall's condition on
   the 13 ranks (a path per parity under Classic, a cycle under Easy) is
   checked greedily; it is monotone in the stock index, so per count vector
   only the bounds of the passing range are kept.  A card with no card of a
   neighbouring rank left anywhere (a dead card) fails it.

Plays are tried from the highest position down (the base row before the
rows above it: those plays uncover cards), then the draw: winning lines
are usually found without backtracking far.  Measured with
``benchmarks/solver.py`` on deals 0–1999, each of these cost more time than
it saved and was dropped: a dead-card test after each play (it cut under 1%
of the positions; the matching after the draws covers it), trying the plays
that uncover a card before the others (2% fewer positions), and a test of
the peaks' predecessors on every position (6% fewer positions).  The search recurses once per
position of the current line (at most 28 plays and 30 draws deep, far within
Python's recursion limit), and it stops with ``None`` (unknown) when its node
or time budget runs out — never with a wrong verdict.

What does not depend on the rules is here and shared with the searches of
:mod:`tripeaks.solver._search_rules` (jokers, an empty waste, draw stuck):
the numbered sets (:func:`lattice`), the tables of one position's cards
(:class:`Tables`, :func:`start`), the memo of lost positions where a draw is
allowed at any time (:func:`lost_memo`), the budget (:class:`Budget`), the
packed actions of a line (:func:`decode_line`) and the matching test.
"""

from __future__ import annotations

import functools
import time

from ..engine.layout import COVERED_BY, N_TABLEAU
from . import _core

__all__ = ["search", "lattice", "NEIGHBOURS", "DRAW", "WILD", "Tables", "Budget", "start", "lost_memo", "decode_line"]

DRAW = -1
"""The draw action in the internal line (positions are 0–27)."""

WILD = 0
"""The waste "rank" of a joker on the waste or an empty waste, and the rank of a joker in the stock
(the searches of :mod:`tripeaks.solver._search_rules`; this module never sees one)."""

PAST_STOCK = 14
"""The rank the searches read past the last stock card: it fits every card (see ``search``)."""

FULL = (1 << N_TABLEAU) - 1

_COVER_SHIFTS: tuple[tuple[int, int], ...] = tuple(
    (d, sum(1 << p for p in range(N_TABLEAU) if p + d in COVERED_BY[p]))
    for d in sorted({q - p for p in range(N_TABLEAU) for q in COVERED_BY[p]})
)
"""(d, mask): the positions p of ``mask`` have a card lying on them at position p + d."""


def _uncovered(R: int) -> int:
    """The cards of the set ``R`` (a bitmask of positions) with nothing lying on them."""
    covered = 0
    for d, mask in _COVER_SHIFTS:
        covered |= R >> d & mask
    return R & ~covered


# ---- how the search packs small numbers (its state is plain ints and bytearrays)

COUNT_BITS = 3
"""Card counts per rank are packed 3 bits per rank (bits 3r … 3r + 2 for rank r; at most 4 cards)."""

RANK_BITS = 4
"""A waste rank 1–13 fits in 4 bits: the memo index of (set number i, waste rank w) is ``i << 4 | w``."""

FIELD_BITS = 5
"""One packed field: a stock index (0 … 30) or a tableau position (0–27)."""

FIELD_MASK = (1 << FIELD_BITS) - 1
"""31: the mask of one field."""

NEVER = FIELD_MASK
"""31: a stock index past any stock (the search is refused a longer stock than :data:`MAX_STOCK`)."""

MAX_STOCK = NEVER - 1
"""30 cards: the longest stock these encodings allow (a deal has 23)."""

UNKNOWN = 255
"""A memo byte holds the smallest stock index s (0 … 30) from which a position is known lost, and
``UNKNOWN`` when nothing is known, so one test ``memo <= s`` says "known lost at s", and a smaller
byte is a stronger fact."""

MATCH_UNKNOWN = 0 | NEVER << FIELD_BITS
"""992: what is known of the matching test of a count vector before it is run.  The known range
is packed ``last s known to pass | first s known to fail << FIELD_BITS``; s ≥ 1 after a draw,
so 0 and :data:`NEVER` decide nothing."""

CHECK_EVERY = 2048
"""Positions searched between two looks at the node budget and the clock."""


class _OutOfBudget(Exception):
    """Raised inside the search when its node budget or its time runs out (the answer is then unknown)."""


class Budget:
    """The node and time budget of one search, shared by every search of the solver.

    ``max_nodes``: at most this many positions searched (``None``: no bound);
    ``deadline``: a :func:`time.perf_counter` value (``None``: no bound).  A
    search counts its positions and, when the count reaches ``next_check``
    (first :attr:`first`), calls :meth:`check` for the next one: 0 means the
    budget has run out and the answer is unknown.  So the clock is read once
    per :data:`CHECK_EVERY` positions and the node budget is exact.
    """

    __slots__ = ("limit", "deadline", "first")

    def __init__(self, max_nodes: int | None, deadline: float | None) -> None:
        self.limit = max_nodes if max_nodes is not None else 1 << 62
        self.deadline = deadline
        self.first = min(self.limit, CHECK_EVERY)

    def check(self, nodes: int) -> int:
        """The count of positions at which to call again (at most :data:`CHECK_EVERY` on, never past
        ``max_nodes``), or 0 when ``nodes`` has reached ``max_nodes`` or the deadline has passed."""
        if nodes >= self.limit or self.deadline is not None and time.perf_counter() > self.deadline:
            return 0
        return min(self.limit, nodes + CHECK_EVERY)


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


# The matching test walks along the chains of the rank graph with a greedy (see _feasible); its
# steps are looked up in tables, two steps at a time.  A step takes ``left`` (what the supply before
# the demand has left over for it, 0 … 7, or _FAIL), the demand ``need`` and the supply ``right``
# just after it (3 bits each), and gives what ``right`` has left over for the next demand.
_FAIL = 8
"""The greedy's state once a demand could not be served (it stays so)."""


def _greedy_step(left: int, need: int, right: int) -> int:
    if left == _FAIL:
        return _FAIL
    if need > left:
        if need - left > right:
            return _FAIL
        return right - (need - left)
    return right  # what ``left`` has over can serve nobody further on


_STEP = tuple(_greedy_step(left, b & 7, b >> 3 & 7) for left in range(_FAIL + 1) for b in range(1 << 6))
"""One step: ``_STEP[left << 6 | need | right << 3]``."""

_STEP2 = tuple(
    _greedy_step(_greedy_step(left, b & 7, b >> 3 & 7), b >> 6 & 7, b >> 9 & 7)
    for left in range(_FAIL + 1)
    for b in range(1 << 12)
)
"""Two steps: ``_STEP2[left << 12 | need | right << 3 | need' << 6 | right' << 9]``."""

_ODD_RANKS = sum(7 << COUNT_BITS * r for r in range(1, 14, 2))
_EVEN_RANKS = sum(7 << COUNT_BITS * r for r in range(2, 14, 2))


def _feasible(demand_packed: int, supply_packed: int, wraps: bool) -> bool:
    """Can every remaining tableau card get its own predecessor of an adjacent rank?

    Each tableau card of rank r must be played onto a waste card of rank r ± 1,
    and each card (the waste top, a stock card, a tableau card) is the waste
    under at most one later play.  ``demand_packed``: counts of the remaining
    tableau cards per rank; ``supply_packed``: counts of every card that can
    still be a waste card (tableau + undrawn stock + waste top), both packed
    :data:`COUNT_BITS` bits per rank (bits 3r … 3r + 2 for rank r, at most 7).
    Hall's condition on the rank graph: a path per parity under Classic, one
    26-node cycle under Easy (13 is odd).  A necessary condition for a win:
    False proves the position lost.

    Along a path the greedy is exact: each demand takes first from the supply
    on its left (what the previous demand left; it can serve nobody further
    right), then from the one on its right.  Under Easy the kings' supply is
    shared by the aces (left end of the cycle cut open) and the queens (right
    end): x kings to the aces.  What the greedy leaves after a demand is
    ``right − max(0, need − left)``, so one more king at the start leaves at
    most one more card at the end: the smallest x that gets through the
    chain is the best one for the queens.

    The chains read the packed counts in rank order once demands and supplies
    are interleaved: ``X`` holds the supplies of odd ranks and the demands of
    even ranks (fields a1, d2, a3, …, d12, a13), ``Y`` the other way round
    (d1, a2, …, a12, d13), so two steps (need, right, need, right) are one
    12-bit slice and one lookup in ``_STEP2``.
    """
    d, a = demand_packed, supply_packed
    X = (d & _EVEN_RANKS) | (a & _ODD_RANKS)
    Y = (d & _ODD_RANKS) | (a & _EVEN_RANKS)
    return _cycle(d, X, Y) if wraps else _paths(d, X, Y)


def _paths(d: int, X: int, Y: int) -> bool:
    """:func:`_feasible` under Classic, given the interleaved counts ``X`` and ``Y``."""
    T = _STEP2
    # even demands: the aces' supply first, then (d2, a3, d4, a5), (d6 … a9), (d10 … a13)
    left = T[(X >> 3 & 7) << 12 | X >> 6 & 4095]
    left = T[left << 12 | X >> 18 & 4095]
    if T[left << 12 | X >> 30 & 4095] == _FAIL:
        return False
    # odd demands: nothing before rank 1; (d1 … a4), (d5 … a8), (d9 … a12), (d13, nothing after)
    left = T[Y >> 3 & 4095]
    left = T[left << 12 | Y >> 15 & 4095]
    left = T[left << 12 | Y >> 27 & 4095]
    return T[left << 12 | Y >> 39 & 4095] != _FAIL


def _cycle(d: int, X: int, Y: int) -> bool:
    """:func:`_feasible` under Easy, given the demands ``d`` and the interleaved counts ``X`` and ``Y``."""
    T, S = _STEP2, _STEP
    # the cycle cut open after the kings: d1, a2, d3, …, d11, a12, d13, a1, d2, a3, …, d10, a11,
    # then the queens take what the jacks left and the kings not given to the aces
    kings = X >> 39 & 7
    queens = d >> 36 & 7
    b1, b2, b3 = Y >> 3 & 4095, Y >> 15 & 4095, Y >> 27 & 4095  # (d1 … a4), (d5 … a8), (d9 … a12)
    b4 = (Y >> 39 & 7) | (X & 0o70)  # (d13, a1): one step
    b5, b6 = X >> 6 & 4095, X >> 18 & 4095  # (d2 … a5), (d6 … a9)
    b7 = X >> 30 & 63  # (d10, a11): one step
    aces = d >> 3 & 7
    top = aces if aces < kings else kings
    x = aces - (Y >> 6 & 7)  # the aces' other neighbours, the twos, leave this many to the kings
    if x < 0:
        x = 0
    while x <= top:
        left = S[T[T[T[x << 12 | b1] << 12 | b2] << 12 | b3] << 6 | b4]
        left = S[T[T[left << 12 | b5] << 12 | b6] << 6 | b7]
        if left != _FAIL:
            return queens <= left + kings - x
        x += 1
    return False


class _Lattice:
    """Every set of remaining tableau cards that can occur, indexed 0 … N − 1.

    A card leaves only once nothing covers it, so a remaining set contains,
    with each card, every card that card lies on: 22,932 such sets exist.
    Built once (about 0.1 s): ``sets[i]`` the bitmask, ``index[mask]`` its
    number, ``exposed[i]`` the uncovered cards, ``children[i][p]`` the
    number of the set left after playing ``p`` (−1 when ``p`` is not
    uncovered), and on first use ``reveal[i]``, the uncovered cards whose
    play uncovers another card.
    """

    def __init__(self) -> None:
        self.index: dict[int, int] = {FULL: 0}
        self.sets: list[int] = [FULL]
        self.exposed: list[int] = []
        self.children: list[tuple[int, ...]] = []
        sets, index, exposed, children = self.sets, self.index, self.exposed, self.children
        none = [-1] * N_TABLEAU
        i = 0
        while i < len(sets):
            R = sets[i]
            e = m = _uncovered(R)
            row = none[:]
            while m:
                b = m & -m
                m ^= b
                p = b.bit_length() - 1
                R2 = R ^ b
                j = index.get(R2)
                if j is None:
                    j = index[R2] = len(sets)
                    sets.append(R2)
                row[p] = j
            exposed.append(e)
            children.append(tuple(row))
            i += 1

    @functools.cached_property
    def reveal(self) -> list[int]:
        """``reveal[i]``: the uncovered cards of set ``i`` whose play uncovers another card."""
        exposed, children = self.exposed, self.children
        out = []
        for e, row in zip(exposed, children):
            r = 0
            m = e
            while m:
                p = m.bit_length() - 1
                b = 1 << p
                m ^= b
                if exposed[row[p]] & ~e & ~b:
                    r |= b
            out.append(r)
        return out


_LATTICE: _Lattice | None = None


def lattice() -> _Lattice:
    """The shared :class:`_Lattice`, built on first use."""
    global _LATTICE
    if _LATTICE is None:
        _LATTICE = _Lattice()
    return _LATTICE


class Tables:
    """The tables of one position's cards that every search reads (built in O(28 + stock)).

    ``ranks``: rank 1–13 of the card dealt at each position 0–27; ``stock``:
    the ranks of the stock cards, next drawn first, :data:`WILD` (0) for a
    joker; ``wraps``: K–A adjacency (Easy).  Then ``rank_list[p]`` is the
    rank at position p; ``adj_pos[w]`` the positions holding a rank next to
    the waste rank w (1–13): what can be played on w — every position for
    :data:`WILD` (a joker or an empty waste takes any exposed card) and for
    :data:`PAST_STOCK`; ``unit[r]`` one card of rank r in a packed count
    vector (:data:`COUNT_BITS` per rank; 0 for a joker, which is counted
    apart); ``stock_list`` the stock's ranks then :data:`PAST_STOCK`;
    ``stock_counts[i]`` the packed counts of the stock cards from index i on
    (jokers apart), ``n_stock`` + 1 entries.  Raises ``ValueError`` for a
    stock longer than :data:`MAX_STOCK` cards.
    """

    __slots__ = ("wraps", "rank_list", "adj_pos", "unit", "stock_list", "stock_counts", "n_stock")

    def __init__(self, ranks: tuple[int, ...], stock: tuple[int, ...], wraps: bool) -> None:
        n_stock = len(stock)
        if n_stock > MAX_STOCK:
            raise ValueError(f"the search takes at most {MAX_STOCK} stock cards, got {n_stock}")
        self.wraps = wraps
        self.n_stock = n_stock
        self.rank_list = list(ranks)
        rank_pos = [0] * 15  # positions dealt each rank 1–13 (0 and 14: none, the neighbours of A and K in Classic)
        for p in range(N_TABLEAU):
            rank_pos[ranks[p]] |= 1 << p
        adj_pos = [0] * 15
        for w in range(1, 14):
            up = w + 1 if w < 13 else (1 if wraps else 14)
            down = w - 1 if w > 1 else (13 if wraps else 0)
            adj_pos[w] = rank_pos[up] | rank_pos[down]
        adj_pos[WILD] = adj_pos[PAST_STOCK] = FULL
        self.adj_pos = adj_pos
        unit = [1 << COUNT_BITS * r for r in range(14)]
        unit[WILD] = 0
        self.unit = unit
        stock_counts = [0] * (n_stock + 1)
        for i in range(n_stock - 1, -1, -1):
            stock_counts[i] = stock_counts[i + 1] + unit[stock[i]]
        self.stock_counts = stock_counts
        self.stock_list = list(stock) + [PAST_STOCK]


def start(ranks: tuple[int, ...], present: int) -> tuple[int, int, int]:
    """The set number of ``present`` in :func:`lattice`, and the rank set (bit r for rank r) and the
    packed counts (:data:`COUNT_BITS` per rank) of its cards.

    Raises ``ValueError`` for a set of remaining cards that cannot occur in play.
    """
    root = lattice().index.get(present)
    if root is None:
        raise ValueError("this set of remaining tableau cards cannot occur: a card is gone while a card on it remains")
    rm = cnt = 0
    for p in range(N_TABLEAU):
        if present >> p & 1:
            rm |= 1 << ranks[p]
            cnt += 1 << COUNT_BITS * ranks[p]
    return root, rm, cnt


def lost_memo(n_stock: int) -> tuple[bytearray, bytearray]:
    """The memo of lost positions of a search where a draw is allowed at any time: ``(lost, lost_draw)``.

    ``lost[i << RANK_BITS | w]``: the smallest stock index s known lost for
    the set number i and the waste rank w (:data:`WILD` included), else
    :data:`UNKNOWN`: one test ``lost[key] <= s`` says "known lost at s",
    since fewer stock cards never help (see the module doc).
    ``lost_draw[i]``: the smallest s such that the position of set i right
    after the s-th draw is known lost, ``n_stock + 1`` when none is (there is
    no draw from an empty stock).  Fresh per search: a new table is only
    touched where it is written, which is cheaper than clearing a used one.
    """
    n_sets = len(lattice().sets)
    return bytearray([UNKNOWN]) * (n_sets << RANK_BITS), bytearray([n_stock + 1]) * n_sets


def decode_line(actions: list[int]) -> list[int]:
    """The line of these search actions, one action per draw or play.

    A search action is ``p`` for a play of position p, ``-k`` for k draws, and
    ``p | k << FIELD_BITS`` for a play then k draws.
    """
    out: list[int] = []
    for a in actions:
        if a < 0:
            out.extend([DRAW] * -a)
        else:
            out.append(a & FIELD_MASK)
            out.extend([DRAW] * (a >> FIELD_BITS))
    return out


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
    ``present``: bitmask of the positions still holding a card (a set that
    can occur in play); ``waste``: rank of the waste top; ``stock``: ranks of
    the stock cards, next drawn first; ``wraps``: K–A adjacency (Easy).
    ``max_nodes`` bounds the positions searched, ``deadline`` is a
    :func:`time.perf_counter` value.

    Returns ``(verdict, line, nodes)``: ``True`` with a winning line of
    actions (positions 0–27, :data:`DRAW` for a draw), ``False`` when no line
    exists (the search was exhaustive), ``None`` when the budget ran out.
    Raises ``ValueError`` for a ``present`` set that cannot occur, or a stock
    longer than :data:`MAX_STOCK` cards.
    """
    if present == 0:
        return True, [], 0
    if _core.lib is not None:  # the same search in C, position for position (tripeaks.solver._core)
        return _core.search(ranks, present, waste, stock, wraps, max_nodes, deadline)
    lat = lattice()
    root, _, counts = start(ranks, present)  # counts: the remaining tableau cards per rank, COUNT_BITS each
    t = Tables(ranks, stock, wraps)
    exposed, children = lat.exposed, lat.children
    # adj_pos[w]: the positions holding a rank next to the waste rank w, what can be played on w;
    # past the stock, a sentinel that fits every card ends the search for a drawn card with a play
    # (drawing it is refused below: lost_draw never allows s > n_stock)
    adj_pos, unit, stock_counts, stock_list, rank_list = t.adj_pos, t.unit, t.stock_counts, t.stock_list, t.rank_list
    n_stock = t.n_stock
    if not _feasible(counts, counts + stock_counts[0] + unit[waste], wraps):
        return False, [], 1

    lost, lost_draw = lost_memo(n_stock)  # see lost_memo: smallest stock indices known lost
    cleared = lat.index[0]  # the number of the empty set
    # after the s-th draw the possible waste cards are the tableau and the stock from s - 1 on: the
    # matching test is monotone in s.  match[counts] = last s known to pass | first s known to fail
    # << FIELD_BITS (MATCH_UNKNOWN when absent); the known cases are decided inline, the rest here
    match: dict[int, int] = {}
    match_get = match.get
    chains = _cycle if wraps else _paths
    # the supply after the s-th draw is cnt + stock_counts[s - 1]; its interleavings with the
    # demand cnt (see _feasible) are cnt + stock_odd[s - 1] and cnt + stock_even[s - 1]
    stock_odd = [c & _ODD_RANKS for c in stock_counts]
    stock_even = [c & _EVEN_RANKS for c in stock_counts]

    def passes(cnt: int, s2: int, kn: int) -> bool:
        """The matching test for the counts ``cnt`` right after the ``s2``-th draw (not known yet).

        When it passes, the middle of the range still unknown is tested too: the same counts
        mostly come back after later draws (measured: 7% fewer tests in all on Easy)."""
        if chains(cnt, cnt + stock_odd[s2 - 1], cnt + stock_even[s2 - 1]):
            fail = kn >> FIELD_BITS  # the first s known to fail, NEVER if none
            top = fail if fail <= n_stock else n_stock + 1
            if top - s2 > 2:
                mid = (s2 + top) >> 1
                if chains(cnt, cnt + stock_odd[mid - 1], cnt + stock_even[mid - 1]):
                    s2 = mid
                else:
                    fail = mid
            match[cnt] = s2 | fail << FIELD_BITS
            return True
        match[cnt] = (kn & FIELD_MASK) | s2 << FIELD_BITS
        return False

    budget = Budget(max_nodes, deadline)
    nodes = 1
    next_check = budget.first
    actions: list[int] = []  # the winning line's actions, last first (see decode_line)

    def tick() -> None:
        """Count one more position; raise _OutOfBudget once the node budget or the clock runs out."""
        nonlocal nodes, next_check
        if nodes >= next_check:
            next_check = budget.check(nodes)
            if not next_check:
                raise _OutOfBudget
        nodes += 1

    def visit(i: int, s: int, w: int, cnt: int, cand: int) -> bool:
        """Search the position (set number ``i``, stock index ``s``, waste rank ``w``): ``cnt``
        the packed counts of its cards per rank, ``cand`` the plays on ``w``.  True
        when it is won (the line's actions are appended to ``actions``, last first), False when it
        is lost (and recorded so in the memo)."""
        nonlocal nodes
        if cand:
            kids = children[i]  # kids[p]: the number of the set left after playing p
            while cand:
                p = cand.bit_length() - 1  # the highest position first: the lower rows uncover cards
                cand ^= 1 << p
                j = kids[p]
                r = rank_list[p]
                key = j << RANK_BITS | r
                if lost[key] <= s:
                    continue
                if j == cleared:
                    if nodes >= next_check:
                        tick()  # the winning play counts against the budget too
                    else:
                        nodes += 1
                    actions.append(p)
                    return True
                if nodes >= next_check:
                    tick()
                else:
                    nodes += 1
                c2 = exposed[j] & adj_pos[r]
                if c2:
                    if visit(j, s, r, cnt - unit[r], c2):
                        actions.append(p)
                        return True
                    continue  # the child recorded itself lost
                # nothing to play on it: the only move is to draw, until a drawn card has a play
                s2 = s
                while not c2:
                    r2 = stock_list[s2]
                    s2 += 1
                    c2 = exposed[j] & adj_pos[r2]
                if lost_draw[j] > s2 and lost[j << RANK_BITS | r2] > s2:
                    cnt2 = cnt - unit[r]
                    if s2 <= (kn := match_get(cnt2, MATCH_UNKNOWN)) & FIELD_MASK or (
                        s2 < kn >> FIELD_BITS and passes(cnt2, s2, kn)
                    ):
                        if visit(j, s2, r2, cnt2, c2):
                            actions.append(p | (s2 - s) << FIELD_BITS)  # the play, then s2 - s draws
                            return True
                    else:
                        lost[j << RANK_BITS | r2] = s2
                # lost: the position after this play, and the one after its first draw
                lost[key] = s
                if lost_draw[j] > s:
                    lost_draw[j] = s + 1
        s2 = s + 1
        if lost_draw[i] > s2:
            r = stock_list[s]
            c2 = exposed[i] & adj_pos[r]
            # a drawn card with nothing to play on it: the only move is to draw again, so
            # (set, s2) after a draw is the same position as (set, s2 + 1): draw on at once
            while not c2:
                r = stock_list[s2]
                s2 += 1
                c2 = exposed[i] & adj_pos[r]
            key = i << RANK_BITS | r
            if lost_draw[i] > s2 and lost[key] > s2:
                if nodes >= next_check:
                    tick()
                else:
                    nodes += 1
                if s2 <= (kn := match_get(cnt, MATCH_UNKNOWN)) & FIELD_MASK or (
                    s2 < kn >> FIELD_BITS and passes(cnt, s2, kn)
                ):
                    if visit(i, s2, r, cnt, c2):
                        actions.append(s - s2)  # -(number of draws)
                        return True
                else:
                    lost[key] = s2
            # lost: the position after the first draw
            lost_draw[i] = s + 1
        # every child is lost: so is this position, and with fewer stock cards left too
        lost[i << RANK_BITS | w] = s
        return False

    try:
        won = visit(root, 0, waste, counts, exposed[root] & adj_pos[waste])
    except _OutOfBudget:
        return None, [], nodes
    finally:
        # visit refers to itself, so it and what it holds wait for the cycle collector: free the tables now
        lost.clear()
        lost_draw.clear()
        match.clear()
    if won:
        return True, decode_line(actions[::-1]), nodes
    return False, [], nodes
