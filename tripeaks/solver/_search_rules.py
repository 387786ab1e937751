"""The exact searches of :mod:`tripeaks.solver` for the rule sets of docs/rules.md §8 (internal).

:mod:`tripeaks.solver._search` decides the default game (draw at any time, no joker,
a waste card dealt) fast; this module decides every other position:

* **jokers** — a joker drawn onto the waste accepts any exposed card; it is
  never played from the waste; jokers sit in the stock where the deal put them;
* **an empty waste** — until the first move any exposed card may be played
  (drawing is allowed too): the same as a joker on the waste;
* **draw stuck** — a draw only when no exposed card fits the waste.

Open peaks, the scoring, the undo cost and the timer change no move, so they
never reach this module (docs/rules.md §8, *Records and winnability*).

A position is ``(R, s, w)`` as in :mod:`tripeaks.solver._search` — ``R`` the bitmask
of the tableau positions 0–27 still holding a card, ``s`` the number of stock
cards drawn, ``w`` the rank 1–13 of the waste top — with one more waste
value, :data:`WILD` (0), for a joker on the waste or an empty waste: every
exposed card fits on it.  A joker in the stock is written as rank 0 too.
With full knowledge a card can be played exactly when it is present,
uncovered and fits ``w``; face-up is not part of the state, so open peaks
change nothing.

Every search of the solver shares the parts of :mod:`tripeaks.solver._search`
that do not depend on the rules: the tables of :func:`~tripeaks.solver._search.lattice`
and of one position's cards (:class:`~tripeaks.solver._search.Tables`), the memo
of lost positions where a draw is allowed at any time
(:func:`~tripeaks.solver._search.lost_memo`: the smallest stock index known
lost), the budget (:class:`~tripeaks.solver._search.Budget`) and the packed
actions of a line (:func:`~tripeaks.solver._search.decode_line`).  The three
searches here:

* :func:`search_any` — draw at any time (jokers, empty waste);
* :func:`search_stuck` — draw only when stuck (with or without jokers and
  empty waste);
* :func:`best_runs` — the best final score under runs scoring, either draw rule.

Each is iterative or shallow, stops with ``None`` (unknown) when its node or
time budget runs out, and never answers a wrong verdict: every pruning below
comes with its argument.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.layout import PEAK_OF, PEAKS
from ..engine.rules import RUNS_CLEAR_BONUS, RUNS_DRAW_COST, RUNS_PEAK_BONUS
from ._search import (
    DRAW,
    FIELD_BITS,
    FIELD_MASK,
    MATCH_UNKNOWN,
    NEIGHBOURS,
    RANK_BITS,
    WILD,
    Budget,
    Tables,
    decode_line,
    lattice,
    lost_memo,
    start,
)
from ._search import _feasible as _feasible_plain

__all__ = ["WILD", "DRAW", "search_any", "search_stuck", "best_runs", "feasible"]

# (demand shift, shift of the supply just after it) along each chain of the rank graph, counts packed
# 3 bits per rank, as in tripeaks.solver._search: even demands between odd supplies, odd demands between even
# supplies (Classic), and under Easy the cycle 1, 3, …, 13, 2, …, 12 (13 next to 1)
_EVEN_CHAIN = tuple((3 * r, 3 * r + 3) for r in (2, 4, 6, 8, 10, 12))
_ODD_CHAIN = tuple((3 * r, 3 * r + 3) for r in (1, 3, 5, 7, 9, 11, 13))
_CYCLE_CHAIN = tuple((3 * r, 3 * (r % 13 + 1)) for r in (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10))


def _walk(d: int, a: int, chain: tuple[tuple[int, int], ...], left: int) -> tuple[int, int]:
    """Walk one path of the rank graph greedily: ``(demands left without a supply, supply left at the end)``.

    ``left`` is the supply before the first demand.  Each demand takes first
    from the supply on its left (what the previous demand left: it can serve
    nobody further right), then from the one on its right; what it still
    lacks is counted.  On a path this greedy gives a maximum matching: a
    supply unit on the right serves at most one demand whether this one or
    the next takes it, so taking it now never lowers the count matched.
    """
    short = 0
    for sd, sa in chain:
        need = d >> sd & 7
        right = a >> sa & 7
        if need > left:
            need -= left
            if need > right:
                short += need - right
                left = 0
            else:
                left = right - need
        else:
            left = right
    return short, left


def feasible(demand_packed: int, supply_packed: int, wraps: bool, wilds: int = 0) -> bool:
    """Can every remaining tableau card get its own predecessor, with ``wilds`` jokers to help?

    As :func:`tripeaks.solver._search._feasible` (Hall's condition on the rank graph:
    each tableau card of rank r is played onto its own waste card of rank
    r ± 1 — the waste top, a stock card or another tableau card), plus
    ``wilds`` wild supplies: a joker on the waste or in the stock, or an empty
    waste, takes any one card and only one (the card played on it becomes the
    top).  Adding one supply that fits every demand raises a maximum matching
    by one exactly when a demand is left unmatched, so the condition is
    *deficiency ≤ wilds*, where the deficiency (demands unmatched in a maximum
    matching of the rank graph) is found by the path greedy of :func:`_walk`:
    under Classic one path per parity; under Easy one cycle, whose kings are
    shared by the aces (first demand) and the queens (last): every split, x
    kings to the aces, is tried.  Counts packed 3 bits per rank (bits 3r …
    3r + 2 for rank r).  A necessary condition for a win: False proves the
    position lost.
    """
    if not wilds:
        return _feasible_plain(demand_packed, supply_packed, wraps)
    d, a = demand_packed, supply_packed
    if not wraps:
        even, _ = _walk(d, a, _EVEN_CHAIN, a >> 3 & 7)
        odd, _ = _walk(d, a, _ODD_CHAIN, 0)
        return even + odd <= wilds
    kings = a >> 39 & 7
    queens = d >> 36 & 7
    for x in range(min(d >> 3 & 7, kings) + 1):
        short, left = _walk(d, a, _CYCLE_CHAIN, x)  # aces … tens, x kings before the aces; left: the jacks'
        short += max(0, queens - left - (kings - x))
        if short <= wilds:
            return True
    return False


class _Tables(Tables):
    """The tables of :class:`tripeaks.solver._search.Tables` (``adj_pos[WILD]`` takes every exposed
    card, ``stock_counts`` leave the jokers apart), plus what the dead-card and wild matching tests
    read: ``stock_ranks[i]`` the set of card ranks still in the stock from index i on (jokers
    apart), ``jokers_from[i]`` the jokers among them, ``wbit[w]`` the waste top as a rank bit (none
    for WILD) and ``nb_table`` the neighbour table of the wrap."""

    __slots__ = ("nb_table", "stock_ranks", "jokers_from", "wbit")

    def __init__(self, ranks: tuple[int, ...], stock: tuple[int, ...], wraps: bool) -> None:
        super().__init__(ranks, stock, wraps)
        self.nb_table = NEIGHBOURS[wraps]
        n = self.n_stock
        ranks_from = [0] * (n + 1)
        jokers_from = [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            r = stock[i]
            ranks_from[i], jokers_from[i] = ranks_from[i + 1], jokers_from[i + 1]
            if r == WILD:
                jokers_from[i] += 1
            else:
                ranks_from[i] |= 1 << r
        self.stock_ranks, self.jokers_from = ranks_from, jokers_from
        self.wbit = [0] + [1 << r for r in range(1, 15)]

    def dead(self, rm: int, cnt: int, s: int, w: int) -> bool:
        """True when a remaining card can never be played from ``(remaining ranks rm, counts cnt, s, w)``.

        **Dead card**: a remaining tableau card of rank r is played onto a
        waste card of rank r ± 1 — the waste top ``w``, an undrawn stock card
        or a remaining tableau card — or onto a wild one (a joker, the empty
        waste).  Each wild takes one card only, so the position is lost when
        more remaining cards have no neighbouring rank left than there are
        wilds left (jokers undrawn, plus the top when it is wild).  Monotone
        in ``s``: fewer stock cards left never brings a neighbour or a joker back.
        """
        dead = rm & ~self.nb_table[rm | self.stock_ranks[s] | self.wbit[w]]
        if not dead:
            return False
        wilds = self.jokers_from[s] + (w == WILD)
        if not wilds:
            return True
        n = 0
        while dead:
            b = dead & -dead
            dead ^= b
            n += cnt >> 3 * (b.bit_length() - 1) & 7
        return n > wilds

    def matches_after_draw(self, cnt: int, s: int) -> bool:
        """The matching test (:func:`feasible`) right after the ``s``-th draw (``s`` ≥ 1).

        The waste top is then stock card ``s − 1``; the supply is the remaining
        tableau (counts ``cnt``) and the stock from index ``s − 1`` on, the
        jokers among them wild.  Monotone in ``s``: the supply only shrinks.
        """
        return feasible(cnt, cnt + self.stock_counts[s - 1], self.wraps, self.jokers_from[s - 1])


class _MatchMemo:
    """The matching test per count vector, remembered as a range of stock indices.

    For a count vector the test right after the s-th draw is monotone in s
    (:meth:`_Tables.matches_after_draw`): ``known[cnt]`` holds the last s known
    to pass and the first s known to fail, packed as in :func:`tripeaks.solver._search.search`:
    ``pass | fail << FIELD_BITS``, :data:`~tripeaks.solver._search.MATCH_UNKNOWN` when nothing is known.
    """

    __slots__ = ("known", "tables")

    def __init__(self, tables: _Tables) -> None:
        self.known: dict[int, int] = {}
        self.tables = tables

    def passes(self, cnt: int, s: int) -> bool:
        kn = self.known.get(cnt, MATCH_UNKNOWN)
        if s <= kn & FIELD_MASK:
            return True
        if s >= kn >> FIELD_BITS:
            return False
        if self.tables.matches_after_draw(cnt, s):
            self.known[cnt] = (kn & ~FIELD_MASK) | s
            return True
        self.known[cnt] = (kn & FIELD_MASK) | s << FIELD_BITS
        return False


def _budget(max_nodes: int | None, deadline: float | None) -> tuple[Callable[[int], int], int]:
    """The shared :class:`~tripeaks.solver._search.Budget`: its check, and the count of positions at
    which to call it first."""
    b = Budget(max_nodes, deadline)
    return b.check, b.first


def _line(frames: list[list[int]], action_at: int, prefix: int = 0) -> list[int]:
    """The line of the frames' actions (:func:`tripeaks.solver._search.decode_line`), after ``prefix`` draws."""
    return [DRAW] * prefix + decode_line([f[action_at] for f in frames])


def _root_checks(t: _Tables, rm: int, cnt: int, waste: int, s: int) -> bool:
    """The dead-card and matching tests at a root ``(s, waste)``: False proves it lost."""
    if t.dead(rm, cnt, s, waste):
        return False
    supply = cnt + t.stock_counts[s] + (t.wbit[waste] and 1 << 3 * waste)
    return feasible(cnt, supply, t.wraps, t.jokers_from[s] + (waste == WILD))


def search_any(
    ranks: tuple[int, ...],
    present: int,
    waste: int,
    stock: tuple[int, ...],
    wraps: bool,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> tuple[bool | None, list[int], int]:
    """Decide a position when a draw is allowed at any time (docs/rules.md §2, §8).

    ``ranks``: rank 1–13 of the card dealt at each position 0–27; ``present``:
    bitmask of the positions still holding a card (a set that can occur);
    ``waste``: rank of the waste top, or :data:`WILD` for a joker or an empty
    waste; ``stock``: ranks of the stock cards, next drawn first, :data:`WILD`
    for a joker; ``wraps``: K–A adjacency.  ``max_nodes`` bounds the positions
    searched, ``deadline`` is a :func:`time.perf_counter` value.

    Returns ``(verdict, line, nodes)`` as :func:`tripeaks.solver._search.search`:
    ``True`` with a winning line (positions, :data:`DRAW`), ``False`` when no
    line exists, ``None`` when the budget ran out.

    A depth-first search with a memo of lost positions, the plays from the
    highest position down (the order of :func:`tripeaks.solver._search.search`;
    measured on deals 0–499, it searched 7–15% fewer positions than trying the
    plays that uncover a card first, under C-J and E-W), then the draw.  The prunings of :mod:`tripeaks.solver._search`
    carry over, with a joker as one more waste value:

    1. **Rank memo**: the waste enters the memo by its rank (or WILD) only —
       suits never matter, and every joker plays the same.
    2. **Fewer stock cards never help**: with the same remaining cards and
       waste, a position with more stock left wins whenever one with fewer
       does (s' < s).  A win from s starts with a play — the position at s'
       plays it too (induction on the cards left) — or with a draw, to the
       position right after the (s+1)-th draw; from s' a player can draw
       s − s' + 1 times and stand in that very position, because any draw is
       allowed.  Jokers change nothing here: a joker is drawn like any card.
       So the memo keeps, per (set, waste), the smallest stock index known
       lost, and per set the first index from which "draw now" is lost.
    3. **Dead card** and 4. **matching** (after each draw, per count vector,
       monotone in s): :meth:`_Tables.dead`, :func:`feasible`, with each joker
       still to come (or on the waste) counted as one wild supply.
    5. **Draw through dead cards**: a drawn card that fits no exposed card
       leaves the draw as the only move, so that position *is* the next one;
       a joker always fits, so this never skips a joker's play.
    """
    if present == 0:
        return True, [], 0
    lat = lattice()
    root, rmask, counts = start(ranks, present)
    t = _Tables(ranks, stock, wraps)
    if not _root_checks(t, rmask, counts, waste, 0):
        return False, [], 1
    exposed, children = lat.exposed, lat.children
    adj_pos, nb_table, wbit = t.adj_pos, t.nb_table, t.wbit
    stock_list, stock_ranks = t.stock_list, t.stock_ranks
    rank_list, n_stock = t.rank_list, t.n_stock
    dead = t.dead
    passes = _MatchMemo(t).passes
    budget, first_check = _budget(max_nodes, deadline)
    # lost[i << RANK_BITS | w]: the smallest stock index known lost for the set i and waste w;
    # lost_draw[i]: the smallest s with (set i, s) right after a draw known lost (see lost_memo)
    lost, lost_draw = lost_memo(n_stock)
    nodes = 1
    next_check = first_check
    # frame: [set index, R, s, w, rmask, counts, candidates left, draw tried, action taken]
    stack: list[list[int]] = [[root, present, 0, waste, rmask, counts, exposed[root] & adj_pos[waste], 0, 0]]
    while stack:
        frame = stack[-1]
        i, R, s, w, rm, cnt, cand, drawn, _ = frame
        nxt = None
        if cand:
            kids = children[i]
            while cand:
                p = cand.bit_length() - 1  # the highest position first, as the default search (see _search)
                bit = 1 << p
                cand ^= bit
                j = kids[p]
                r = rank_list[p]
                key = j << RANK_BITS | r
                if lost[key] <= s:
                    continue
                R2 = R ^ bit
                if not R2:
                    if nodes >= next_check and not budget(nodes):
                        return None, [], nodes  # the winning play would be one position too many
                    frame[8] = p
                    return True, _line(stack, 8), nodes + 1
                if nodes >= next_check:
                    next_check = budget(nodes)
                    if not next_check:
                        return None, [], nodes
                nodes += 1
                cnt2 = cnt - (1 << 3 * r)
                rm2 = rm if cnt2 >> 3 * r & 7 else rm & ~(1 << r)
                if rm2 & ~nb_table[rm2 | stock_ranks[s] | wbit[r]] and dead(rm2, cnt2, s, r):
                    lost[key] = s
                    continue
                c2 = exposed[j] & adj_pos[r]
                if c2:
                    frame[8] = p
                    nxt = [j, R2, s, r, rm2, cnt2, c2, 0, 0]
                    break
                # nothing to play on it: the only move is to draw, until a drawn card has a play
                s2 = s
                r2 = r
                while not c2 and s2 < n_stock:
                    r2 = stock_list[s2]
                    s2 += 1
                    c2 = exposed[j] & adj_pos[r2]
                if c2 and lost[j << RANK_BITS | r2] > s2 and lost_draw[j] > s2:
                    if not (rm2 & ~nb_table[rm2 | stock_ranks[s2] | wbit[r2]] and dead(rm2, cnt2, s2, r2)) and passes(
                        cnt2, s2
                    ):
                        frame[8] = p | (s2 - s) << FIELD_BITS  # the play, then s2 - s draws
                        nxt = [j, R2, s2, r2, rm2, cnt2, c2, 0, 0]
                        break
                    lost[j << RANK_BITS | r2] = s2
                lost[key] = s
                if lost_draw[j] > s + 1:
                    lost_draw[j] = s + 1
            frame[6] = cand
        if nxt is None and not drawn and s < n_stock:
            frame[7] = 1
            s2 = s + 1
            if lost_draw[i] > s2:
                r = stock_list[s]
                c2 = exposed[i] & adj_pos[r]
                # a drawn card with nothing to play on it: the only move is to draw again
                while not c2 and s2 < n_stock:
                    r = stock_list[s2]
                    s2 += 1
                    c2 = exposed[i] & adj_pos[r]
                key = i << RANK_BITS | r
                if c2 and lost[key] > s2 and lost_draw[i] > s2:
                    if nodes >= next_check:
                        next_check = budget(nodes)
                        if not next_check:
                            return None, [], nodes
                    nodes += 1
                    if not (rm & ~nb_table[rm | stock_ranks[s2] | wbit[r]] and dead(rm, cnt, s2, r)) and passes(
                        cnt, s2
                    ):
                        frame[8] = s - s2  # -(number of draws)
                        nxt = [i, R, s2, r, rm, cnt, c2, 0, 0]
                    else:
                        lost[key] = s2
                        lost_draw[i] = s + 1
                elif lost_draw[i] > s + 1:
                    lost_draw[i] = s + 1
        if nxt is not None:
            stack.append(nxt)
            continue
        # every child is lost: so is this position, and with fewer stock cards left too
        stack.pop()
        key = i << RANK_BITS | w
        if lost[key] > s:
            lost[key] = s
        if stack:
            a = stack[-1][8]
            if a < 0 or a >> FIELD_BITS:
                # we came by draws from the parent's stock index: so the position after its
                # first draw is lost, and after a play then draws, the position after that play
                first = stack[-1][2] + 1
                if lost_draw[i] > first:
                    lost_draw[i] = first
                if a > 0:
                    key = i << RANK_BITS | rank_list[a & FIELD_MASK]
                    if lost[key] > first - 1:
                        lost[key] = first - 1
    return False, [], nodes


def search_stuck(
    ranks: tuple[int, ...],
    present: int,
    waste: int,
    stock: tuple[int, ...],
    wraps: bool,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> tuple[bool | None, list[int], int]:
    """Decide a position when a draw is allowed only while no exposed card fits (docs/rules.md §8).

    Arguments and answer as :func:`search_any`.  The only choice a player has
    is *which* card to play: while a card fits, a play is compulsory; when
    none fits the draw is compulsory, and with an empty stock the game is
    blocked, lost.  So the search branches on plays only and follows forced
    draws at once (one frame for a play and the draws after it).

    "More stock never hurts" is **not** true here and is not used: from an
    earlier stock index a player cannot draw on to a later one while a card
    fits, and may be forced to play a card that spoils the game.  The memo of
    lost positions is therefore exact on ``(set, s, waste)``.  What is kept:

    1. **Rank memo**: positions differing only in the suit of the waste top
       (or which joker) allow the same moves forever after.
    2. **Forced draws**: a position with no play and stock left has the draw
       as its only move, so it *is* the position after the draw; only
       positions with a play are memoised and pushed.
    3. **Dead card** and 4. **matching** (after draws): necessary conditions
       for a win whatever the draw rule, since they only count which waste
       card each remaining card could be played on (:meth:`_Tables.dead`,
       :func:`feasible`).

    The plays that uncover a card are tried first, each group from the
    lowest position: measured on deals 0–499, the order of the other
    searches (the highest position first) searched 5% more positions under
    Traditional (E-SR), though 8% fewer under E-SJ.
    """
    if present == 0:
        return True, [], 0
    lat = lattice()
    root, rmask, counts = start(ranks, present)
    t = _Tables(ranks, stock, wraps)
    exposed, children, reveal = lat.exposed, lat.children, lat.reveal
    adj_pos, nb_table, wbit = t.adj_pos, t.nb_table, t.wbit
    stock_list, stock_ranks = t.stock_list, t.stock_ranks
    rank_list, n_stock = t.rank_list, t.n_stock
    dead = t.dead
    passes = _MatchMemo(t).passes
    budget, first_check = _budget(max_nodes, deadline)
    # the root: forced draws while nothing fits
    s, w = 0, waste
    cand = exposed[root] & adj_pos[w]
    while not cand and s < n_stock:
        w = stock_list[s]
        s += 1
        cand = exposed[root] & adj_pos[w]
    if not cand or not _root_checks(t, rmask, counts, w, s):
        return False, [], 1
    prefix = s
    span = (n_stock + 1) << RANK_BITS
    # lost[(i * (n_stock + 1) + s) << RANK_BITS | w] = 1: the position (set i, s, w) is known lost
    lost = bytearray(len(lat.sets) * span)
    nodes = 1
    next_check = first_check
    # frame: [set index, R, s, w, rmask, counts, candidates left, action taken]
    stack: list[list[int]] = [[root, present, s, w, rmask, counts, cand, 0]]
    while stack:
        frame = stack[-1]
        i, R, s, w, rm, cnt, cand, _ = frame
        nxt = None
        kids = children[i]
        rv = cand & reveal[i]
        while cand:
            # plays that uncover a card first, each group from the lowest position (see the doc)
            if rv:
                bit = rv & -rv
                rv ^= bit
            else:
                bit = cand & -cand
            cand ^= bit
            p = bit.bit_length() - 1
            R2 = R ^ bit
            if not R2:
                if nodes >= next_check and not budget(nodes):
                    return None, [], nodes  # the winning play would be one position too many
                frame[7] = p
                return True, _line(stack, 7, prefix), nodes + 1
            j = kids[p]
            r = rank_list[p]
            c2 = exposed[j] & adj_pos[r]
            s2, w2 = s, r
            while not c2 and s2 < n_stock:  # nothing fits: the draws are forced
                w2 = stock_list[s2]
                s2 += 1
                c2 = exposed[j] & adj_pos[w2]
            if not c2:
                continue  # blocked
            key = (j * (n_stock + 1) + s2) << RANK_BITS | w2
            if lost[key]:
                continue
            if nodes >= next_check:
                next_check = budget(nodes)
                if not next_check:
                    return None, [], nodes
            nodes += 1
            cnt2 = cnt - (1 << 3 * r)
            rm2 = rm if cnt2 >> 3 * r & 7 else rm & ~(1 << r)
            if (rm2 & ~nb_table[rm2 | stock_ranks[s2] | wbit[w2]] and dead(rm2, cnt2, s2, w2)) or (
                s2 > s and not passes(cnt2, s2)
            ):
                lost[key] = 1
                continue
            frame[7] = p | (s2 - s) << FIELD_BITS
            nxt = [j, R2, s2, w2, rm2, cnt2, c2, 0]
            break
        frame[6] = cand
        if nxt is not None:
            stack.append(nxt)
            continue
        stack.pop()
        lost[(i * (n_stock + 1) + s) << RANK_BITS | w] = 1
    return False, [], nodes


# ---------------------------------------------------------------------------------------- runs scoring


def best_runs(
    ranks: tuple[int, ...],
    present: int,
    waste: int,
    stock: tuple[int, ...],
    wraps: bool,
    stuck: bool,
    score: int,
    run: int,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> tuple[bool | None, int | None, list[int], int]:
    """The best final score under runs scoring (docs/rules.md §8) over every winning line.

    Position arguments as :func:`search_any`; ``stuck`` the draw rule;
    ``score`` the points now (≥ 0) and ``run`` the plays of the current run.
    Returns ``(verdict, best, line, nodes)``: ``True`` with the best final
    score and a line reaching it, ``False`` (no winning line; ``best`` None),
    or ``None`` when the budget ran out (``best`` None, line empty).

    **The objective.**  A play earns its place in the run (``run + 1``, …),
    plus 15/30/45 for the first/second/third peak emptied and 100 for the
    last card; a draw takes 5 and resets the run; the score never drops below
    0.  A play adds points, so the floor can only act on a draw, as
    ``x ↦ max(0, x − 5)``.  Every action is thus a map ``x ↦ max(b, x + a)``,
    and such maps compose into the same form, so a line's final score from
    score x is ``max(B, x + A)``: ``A`` the sum of its points, ``B`` the best
    of the sums after each of its draws (0 floor).  The best over several
    lines is again ``max(max B, x + max A)`` — the two maxima may come from
    different lines, and both are reached.  So per position and run counter
    two numbers are exact: ``A`` (the most points a win can add) and ``B``
    (the most a win can end with after a draw that hit the floor), and the
    answer is ``max(B, score + A)``.  Early draws at score 0 therefore cost
    nothing, exactly as the floor says.

    **The search.**  A depth-first dynamic programme over the game graph with
    a memo on ``(set, s, waste, run)`` — the run counter matters, the score
    does not (it enters only through ``max(B, x + A)``).  Lost positions are
    cut by the dead-card and matching tests (necessary for any win) and, when
    a draw is allowed at any time, by a memo of positions proven lost under
    "more stock never hurts" (see :func:`search_any`): a lost position has no
    winning line, whatever the run.  The line is rebuilt by following, from
    the root, a move whose child reaches the best value from the actual score.
    """
    if present == 0:
        return True, score, [], 0
    lat = lattice()
    root, rmask, counts = start(ranks, present)
    t = _Tables(ranks, stock, wraps)
    if not _root_checks(t, rmask, counts, waste, 0):
        return False, None, [], 1
    exposed, children = lat.exposed, lat.children
    adj_pos, nb_table, wbit = t.adj_pos, t.nb_table, t.wbit
    stock_list, stock_ranks = t.stock_list, t.stock_ranks
    rank_list, n_stock = t.rank_list, t.n_stock
    dead = t.dead
    passes = _MatchMemo(t).passes
    budget, first_check = _budget(max_nodes, deadline)
    sets = lat.sets
    # the positions of each peak: how many peaks a set has already emptied decides a peak's bonus
    peak_masks = [sum(1 << p for p in peak) for peak in PEAKS]
    span = n_stock + 1
    memo: dict[int, tuple[int, int] | None] = {}
    # lost_any[i << RANK_BITS | w]: the smallest s known lost, draw-any only (monotone in s; see lost_memo)
    lost_any = lost_memo(n_stock)[0]
    nodes = 0
    next_check = first_check
    NEG = -(1 << 30)

    class OutOfBudget(Exception):
        pass

    def play_points(i: int, p: int, c: int) -> int:
        R2 = sets[i] & ~(1 << p)
        pts = c + 1
        if not R2 & peak_masks[PEAK_OF[p]]:
            emptied = sum(1 for m in peak_masks if not sets[i] & m)
            pts += RUNS_PEAK_BONUS[emptied]
            if not R2:
                pts += RUNS_CLEAR_BONUS
        return pts

    def value(i: int, s: int, w: int, c: int, rm: int, cnt: int) -> tuple[int, int] | None:
        """``(A, B)`` of the position (set i, s, waste w, run c), or None when it cannot be won."""
        nonlocal nodes, next_check
        key = ((i * span + s) << 4 | w) << 5 | c
        if key in memo:
            return memo[key]
        if not stuck and lost_any[i << RANK_BITS | w] <= s:
            return None
        if nodes >= next_check:
            next_check = budget(nodes)
            if not next_check:
                raise OutOfBudget
        nodes += 1
        best_a = best_b = NEG
        won = False
        cand = exposed[i] & adj_pos[w]
        R = sets[i]
        m = cand
        while m:
            bit = m & -m
            m ^= bit
            p = bit.bit_length() - 1
            pts = play_points(i, p, c)
            if R == bit:  # the last card: the win
                won = True
                if pts > best_a:
                    best_a = pts
                continue
            r = rank_list[p]
            cnt2 = cnt - (1 << 3 * r)
            rm2 = rm if cnt2 >> 3 * r & 7 else rm & ~(1 << r)
            if rm2 & ~nb_table[rm2 | stock_ranks[s] | wbit[r]] and dead(rm2, cnt2, s, r):
                continue
            sub = value(children[i][p], s, r, c + 1, rm2, cnt2)
            if sub is None:
                continue
            won = True
            if pts + sub[0] > best_a:
                best_a = pts + sub[0]
            if sub[1] > best_b:
                best_b = sub[1]
        if s < n_stock and (not stuck or not cand):
            w2 = stock_list[s]
            if not (rm & ~nb_table[rm | stock_ranks[s + 1] | wbit[w2]] and dead(rm, cnt, s + 1, w2)) and passes(
                cnt, s + 1
            ):
                sub = value(i, s + 1, w2, 0, rm, cnt)
                if sub is not None:
                    won = True
                    a, b = sub
                    if a - RUNS_DRAW_COST > best_a:
                        best_a = a - RUNS_DRAW_COST
                    if a > best_b:  # the floor: after this draw the score can be 0
                        best_b = a
                    if b > best_b:
                        best_b = b
        result = (best_a, best_b) if won else None
        memo[key] = result
        if result is None and not stuck:
            k = i << RANK_BITS | w
            if lost_any[k] > s:
                lost_any[k] = s
        return result

    def final(v: tuple[int, int], x: int) -> int:
        return max(v[1], x + v[0])

    try:
        top = value(root, 0, waste, run, rmask, counts)
    except OutOfBudget:
        return None, None, [], nodes
    if top is None:
        return False, None, [], nodes
    best = final(top, score)
    # rebuild a line: from the actual score, follow a move whose child still reaches the best
    line: list[int] = []
    i, s, w, c, x, rm, cnt = root, 0, waste, run, score, rmask, counts
    while True:
        here = memo[((i * span + s) << 4 | w) << 5 | c]
        assert here is not None
        target = final(here, x)
        cand = exposed[i] & adj_pos[w]
        step = None
        m = cand
        while m and step is None:
            bit = m & -m
            m ^= bit
            p = bit.bit_length() - 1
            pts = play_points(i, p, c)
            if sets[i] == bit:
                if x + pts == target:
                    line.append(p)
                    return True, best, line, nodes
                continue
            r = rank_list[p]
            j = children[i][p]
            sub = memo.get(((j * span + s) << 4 | r) << 5 | (c + 1))
            if sub is not None and final(sub, x + pts) == target:
                cnt2 = cnt - (1 << 3 * r)
                step = (p, j, s, r, c + 1, x + pts, rm if cnt2 >> 3 * r & 7 else rm & ~(1 << r), cnt2)
        if step is None:
            w2 = stock_list[s]
            sub = memo.get(((i * span + s + 1) << 4 | w2) << 5)
            x2 = max(0, x - RUNS_DRAW_COST)
            assert sub is not None and final(sub, x2) == target and s < n_stock and (not stuck or not cand)
            step = (DRAW, i, s + 1, w2, 0, x2, rm, cnt)
        line.append(step[0])
        _, i, s, w, c, x, rm, cnt = step
