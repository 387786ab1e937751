/* The compiled search core: tripeaks.solver._search.search written in C, position for position.

   The Python search (tripeaks/solver/_search.py) is the reference: this file ports its `visit`,
   its matching test (`_paths`, `_cycle`, `passes`) and its budget (`Budget`, `tick`) line by line,
   with the same order of moves, the same memo and the same node count, so the verdict, the winning
   line and the number of positions searched are identical.  Read the Python module's doc first.

   It is a plain shared library (no Python headers), loaded with ctypes by tripeaks/solver/_core.py:
   `tp_init` builds the numbered sets of remaining cards (_search._Lattice) from the layout, then one
   call of `tp_solve` per search takes the position (ranks, remaining cards, waste, stock) and builds
   its tables itself (_search.Tables).  Built at install time when a C compiler is present
   (tools/build_core.py); otherwise the Python search runs instead.

   Where the time goes: the search is bound by memory, so the tables are laid out to touch few cache
   lines per position: one 32-byte record per set (its uncovered cards and the sets left after each
   play), one 16-byte row of the memo per set (the draw's entry in its spare 16th byte), and the
   matching test's memo in one 64-bit word per entry (the counts and, above them, what is known). */

#define _POSIX_C_SOURCE 199309L /* clock_gettime, also under a strict -std=c11 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _WIN32
#define EXPORT __declspec(dllexport)
#else
#define EXPORT
#endif

#define N_TABLEAU 28
#define RANK_BITS 4
#define FIELD_BITS 5
#define FIELD_MASK 31
#define NEVER 31
#define UNKNOWN 255
#define MATCH_UNKNOWN (NEVER << FIELD_BITS)
#define CHECK_EVERY 2048
#define FAIL 8
#define MAX_ACTIONS 64 /* one per frame of the line: at most 28 plays and 31 runs of draws */
#define MAX_LINE (N_TABLEAU + NEVER) /* moves of a line: every play, every draw */
#define MAX_EXPOSED 10 /* uncovered cards of a set, at most (checked by tp_init) */
#define DRAW_SLOT 15 /* lost[i << RANK_BITS | DRAW_SLOT]: _search.lost_memo's lost_draw[i] (ranks are 0 … 14) */

#define CORE_VERSION 2 /* tripeaks/solver/_core.py refuses a library of another version */

/* ---- the matching test (see _search._feasible): two greedy steps per lookup */

static uint8_t STEP[(FAIL + 1) << 6];
static uint8_t STEP2[(FAIL + 1) << 12];
static uint64_t ODD_RANKS, EVEN_RANKS;

static int greedy_step(int left, int need, int right) {
    if (left == FAIL) return FAIL;
    if (need > left) return need - left > right ? FAIL : right - (need - left);
    return right;
}

static void build_steps(void) {
    for (int left = 0; left <= FAIL; left++) {
        for (int b = 0; b < 1 << 6; b++) STEP[left << 6 | b] = (uint8_t)greedy_step(left, b & 7, b >> 3 & 7);
        for (int b = 0; b < 1 << 12; b++)
            STEP2[left << 12 | b] =
                (uint8_t)greedy_step(greedy_step(left, b & 7, b >> 3 & 7), b >> 6 & 7, b >> 9 & 7);
    }
    ODD_RANKS = EVEN_RANKS = 0;
    for (int r = 1; r < 14; r++) *(r & 1 ? &ODD_RANKS : &EVEN_RANKS) |= (uint64_t)7 << 3 * r;
}

static int paths(uint64_t X, uint64_t Y) { /* _search._paths */
    int left = STEP2[(X >> 3 & 7) << 12 | (X >> 6 & 4095)];
    left = STEP2[left << 12 | (X >> 18 & 4095)];
    if (STEP2[left << 12 | (X >> 30 & 4095)] == FAIL) return 0;
    left = STEP2[Y >> 3 & 4095];
    left = STEP2[left << 12 | (Y >> 15 & 4095)];
    left = STEP2[left << 12 | (Y >> 27 & 4095)];
    return STEP2[left << 12 | (Y >> 39 & 4095)] != FAIL;
}

static int cycle(uint64_t d, uint64_t X, uint64_t Y) { /* _search._cycle */
    int kings = X >> 39 & 7, queens = d >> 36 & 7, aces = d >> 3 & 7;
    int b1 = Y >> 3 & 4095, b2 = Y >> 15 & 4095, b3 = Y >> 27 & 4095;
    int b4 = (Y >> 39 & 7) | (X & 070);
    int b5 = X >> 6 & 4095, b6 = X >> 18 & 4095, b7 = X >> 30 & 63;
    int top = aces < kings ? aces : kings;
    int x = aces - (int)(Y >> 6 & 7);
    if (x < 0) x = 0;
    for (; x <= top; x++) {
        int left = STEP[STEP2[STEP2[STEP2[x << 12 | b1] << 12 | b2] << 12 | b3] << 6 | b4];
        left = STEP[STEP2[STEP2[left << 12 | b5] << 12 | b6] << 6 | b7];
        if (left != FAIL) return queens <= left + kings - x;
    }
    return 0;
}

/* ---- the numbered sets of remaining cards (_search._Lattice), built once by tp_init */

typedef struct {
    uint32_t exposed;           /* the uncovered cards of the set */
    int16_t kids[MAX_EXPOSED];  /* kids[k]: the set left after playing its k-th uncovered card (lowest first) */
    uint8_t pad[32 - 4 - 2 * MAX_EXPOSED];
} Set;

static Set *sets;             /* in _Lattice's order: sets[0] is the full tableau */
static uint32_t *set_masks;   /* set_masks[i]: the cards of set i (a bitmask of positions) */
static int32_t *index_table;  /* open addressing on the mask: set number + 1, 0 empty */
static uint32_t index_mask;
static int n_sets, cleared_set;

static uint32_t index_slot(uint32_t mask) {
    uint32_t h = (uint32_t)((mask * 0x9E3779B97F4A7C15ull) >> 40) & index_mask;
    while (index_table[h] && set_masks[index_table[h] - 1] != mask) h = (h + 1) & index_mask;
    return h;
}

/* The number of the set `mask`, -1 when it cannot occur in play. */
EXPORT int tp_index(uint32_t mask) {
    if (!index_table) return -1;
    int32_t v = index_table[index_slot(mask)];
    return v - 1;
}

static int below(uint32_t e, int p) { /* how many cards of e lie at positions under p */
    uint32_t x = e & ((1u << p) - 1);
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

EXPORT int tp_version(void) { return CORE_VERSION; }

/* covers[p]: the positions whose cards lie on position p (layout.COVERED_BY).  Returns the number
   of sets, 0 when out of memory or when a set has more uncovered cards than MAX_EXPOSED. */
EXPORT int tp_init(const uint32_t *covers) {
    if (sets) return n_sets;
    build_steps();
    size_t cap = 1 << 15;
    index_mask = (1u << 16) - 1;
    sets = malloc(cap * sizeof(Set));
    set_masks = malloc(cap * sizeof(uint32_t));
    index_table = calloc((size_t)index_mask + 1, sizeof(int32_t));
    if (!sets || !set_masks || !index_table) goto fail;
    set_masks[0] = (1u << N_TABLEAU) - 1;
    index_table[index_slot(set_masks[0])] = 1;
    int n = 1;
    for (int i = 0; i < n; i++) {
        uint32_t R = set_masks[i], e = 0;
        for (int p = 0; p < N_TABLEAU; p++)
            if ((R >> p & 1) && !(R & covers[p])) e |= 1u << p;
        Set *set = &sets[i];
        memset(set, 0, sizeof *set);
        set->exposed = e;
        int k = 0;
        for (uint32_t m = e; m; m &= m - 1, k++) {
            if (k == MAX_EXPOSED) goto fail;
            uint32_t R2 = R & ~(m & -m);
            uint32_t h = index_slot(R2);
            if (!index_table[h]) {
                if ((size_t)n == cap || 2 * (uint32_t)n > index_mask) goto fail; /* 22,932 sets: cannot happen */
                set_masks[n] = R2;
                index_table[h] = ++n;
            }
            set->kids[k] = (int16_t)(index_table[h] - 1);
        }
    }
    n_sets = n;
    cleared_set = tp_index(0);
    return n;
fail:
    free(sets);
    free(set_masks);
    free(index_table);
    sets = NULL;
    set_masks = NULL;
    index_table = NULL;
    return 0;
}

/* ---- one search */

typedef struct {
    uint64_t *slots; /* open addressing: counts | what is known << MATCH_SHIFT; 0 is "empty" (a
                        searched position has cards left, so its counts are not 0) */
    size_t mask, used;
    int shift;
} Match;

#define MATCH_SHIFT 48 /* the counts take 42 bits (3 per rank 0 … 13) */
#define MATCH_KEY(slot) ((slot) & (((uint64_t)1 << MATCH_SHIFT) - 1))
#define MATCH_BITS 12  /* 4096 entries to start with, kept from one search to the next */

typedef struct {
    uint8_t *lost; /* _search.lost_memo's lost, and lost_draw in the DRAW_SLOT of each row */
    uint8_t rank_list[N_TABLEAU];
    uint8_t stock_list[NEVER + 1];
    uint32_t adj_pos[16];
    uint64_t stock_odd[NEVER + 1], stock_even[NEVER + 1];
    int n_stock, wraps;
    int64_t nodes, next_check, limit;
    double deadline; /* CLOCK_MONOTONIC seconds, < 0: none */
    Match *match;
    int32_t *actions;
    int n_actions;
} Search;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Every CHECK_EVERY positions: 0 once the node budget or the clock has run out (_search.Budget.check). */
static int refill(Search *st) {
    if (st->nodes >= st->limit || (st->deadline >= 0 && now() > st->deadline)) return 0;
    st->next_check = st->nodes + CHECK_EVERY < st->limit ? st->nodes + CHECK_EVERY : st->limit;
    return 1;
}

static size_t slot(const Match *m, uint64_t key) {
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> m->shift) & m->mask;
    while (m->slots[h] && MATCH_KEY(m->slots[h]) != key) h = (h + 1) & m->mask;
    return h;
}

static int match_get(const Match *m, uint64_t key) {
    uint64_t v = m->slots[slot(m, key)];
    return v ? (int)(v >> MATCH_SHIFT) : MATCH_UNKNOWN;
}

static int match_alloc(Match *m, int bits) {
    m->slots = calloc((size_t)1 << bits, sizeof(uint64_t));
    m->mask = ((size_t)1 << bits) - 1;
    m->shift = 64 - bits;
    m->used = 0;
    return m->slots != NULL;
}

static void match_put(Match *m, uint64_t key, int val) {
    size_t h = slot(m, key);
    if (!m->slots[h]) {
        if (2 * (m->used + 1) > m->mask + 1) { /* grow to keep it at most half full */
            Match bigger;
            if (!match_alloc(&bigger, 64 - m->shift + 1)) return; /* a forgotten fact only costs a test again */
            for (size_t k = 0; k <= m->mask; k++)
                if (m->slots[k]) bigger.slots[slot(&bigger, MATCH_KEY(m->slots[k]))] = m->slots[k];
            bigger.used = m->used;
            free(m->slots);
            *m = bigger;
            h = slot(m, key);
        }
        m->used++;
    }
    m->slots[h] = key | (uint64_t)val << MATCH_SHIFT;
}

static int chains(const Search *st, uint64_t cnt, int s) {
    uint64_t X = cnt + st->stock_odd[s - 1], Y = cnt + st->stock_even[s - 1];
    return st->wraps ? cycle(cnt, X, Y) : paths(X, Y);
}

/* The matching test for the counts cnt right after the s2-th draw, not known yet (_search.search's passes). */
static int passes(Search *st, uint64_t cnt, int s2, int kn) {
    if (chains(st, cnt, s2)) {
        int fail = kn >> FIELD_BITS;
        int top = fail <= st->n_stock ? fail : st->n_stock + 1;
        if (top - s2 > 2) {
            int mid = (s2 + top) >> 1;
            if (chains(st, cnt, mid))
                s2 = mid;
            else
                fail = mid;
        }
        match_put(st->match, cnt, s2 | fail << FIELD_BITS);
        return 1;
    }
    match_put(st->match, cnt, (kn & FIELD_MASK) | s2 << FIELD_BITS);
    return 0;
}

static int known_to_pass(Search *st, uint64_t cnt, int s2) {
    int kn = match_get(st->match, cnt);
    return s2 <= (kn & FIELD_MASK) || (s2 < kn >> FIELD_BITS && passes(st, cnt, s2, kn));
}

#define UNIT(r) ((uint64_t)1 << 3 * (r))
#define TICK(st) \
    do { \
        if ((st)->nodes >= (st)->next_check && !refill(st)) return -1; \
        (st)->nodes++; \
    } while (0)
#define WON(st, action) \
    do { \
        if ((st)->n_actions < MAX_ACTIONS) (st)->actions[(st)->n_actions++] = (action); \
        return 1; \
    } while (0)
#define LOST_DRAW(lost, j) (lost)[(size_t)(j) << RANK_BITS | DRAW_SLOT]

/* _search.search's visit: 1 won (the line's actions appended, last first), 0 lost (and recorded so
   in the memo), -1 out of budget. */
static int visit(Search *st, int i, int s, int w, uint64_t cnt, uint32_t cand) {
    uint8_t *lost = st->lost;
    const uint32_t *adj_pos = st->adj_pos;
    const uint8_t *stock_list = st->stock_list;
    const Set *set = &sets[i];
    int v;
    for (uint32_t m = cand; m; m &= m - 1) { /* start loading the children's rows at once: the search waits on memory */
        int j = set->kids[below(set->exposed, __builtin_ctz(m))];
        __builtin_prefetch(&sets[j]);
        __builtin_prefetch(&lost[(size_t)j << RANK_BITS]);
    }
    while (cand) {
        int p = 31 - __builtin_clz(cand); /* the highest position first */
        cand ^= 1u << p;
        int j = set->kids[below(set->exposed, p)], r = st->rank_list[p];
        size_t key = (size_t)j << RANK_BITS | r;
        if (lost[key] <= s) continue;
        TICK(st);
        if (j == cleared_set) WON(st, p);
        uint32_t ej = sets[j].exposed, c2 = ej & adj_pos[r];
        if (c2) {
            v = visit(st, j, s, r, cnt - UNIT(r), c2);
            if (v > 0) WON(st, p);
            if (v < 0) return v;
            continue; /* the child recorded itself lost */
        }
        /* nothing to play on it: draw until a drawn card has a play */
        int s2 = s, r2 = 0;
        while (!c2) {
            r2 = stock_list[s2++];
            c2 = ej & adj_pos[r2];
        }
        size_t key2 = (size_t)j << RANK_BITS | r2;
        if (LOST_DRAW(lost, j) > s2 && lost[key2] > s2) {
            uint64_t cnt2 = cnt - UNIT(r);
            if (known_to_pass(st, cnt2, s2)) {
                v = visit(st, j, s2, r2, cnt2, c2);
                if (v > 0) WON(st, p | (s2 - s) << FIELD_BITS);
                if (v < 0) return v;
            } else {
                lost[key2] = (uint8_t)s2;
            }
        }
        lost[key] = (uint8_t)s;
        if (LOST_DRAW(lost, j) > s) LOST_DRAW(lost, j) = (uint8_t)(s + 1);
    }
    int s2 = s + 1;
    if (LOST_DRAW(lost, i) > s2) {
        int r = stock_list[s];
        uint32_t c2 = set->exposed & adj_pos[r];
        while (!c2) { /* a dead drawn card: draw on at once */
            r = stock_list[s2++];
            c2 = set->exposed & adj_pos[r];
        }
        size_t key = (size_t)i << RANK_BITS | r;
        if (LOST_DRAW(lost, i) > s2 && lost[key] > s2) {
            TICK(st);
            if (known_to_pass(st, cnt, s2)) {
                v = visit(st, i, s2, r, cnt, c2);
                if (v > 0) WON(st, s - s2);
                if (v < 0) return v;
            } else {
                lost[key] = (uint8_t)s2;
            }
        }
        LOST_DRAW(lost, i) = (uint8_t)(s + 1);
    }
    lost[(size_t)i << RANK_BITS | w] = (uint8_t)s;
    return 0;
}

/* _search.search for the position: ranks[p] the rank 1–13 dealt at position p, `present` the
   positions still holding a card (not none), `waste` the waste rank 1–13, stock[0 .. n_stock) the
   stock's ranks (next drawn first), wraps: K–A adjacency.  Returns 1 won, 0 lost, -1 out of budget,
   -2 out of memory, -3 a set of remaining cards that cannot occur, -4 a stock longer than NEVER - 1;
   `*nodes` the positions searched and `line[0 .. *n_line)` the winning line, first move first: a
   position 0–27 for a play, -1 for a draw (_search.decode_line; at most MAX_LINE moves). */
EXPORT int tp_solve(const uint8_t *ranks, uint32_t present, int waste, const uint8_t *stock, int n_stock, int wraps,
                    int64_t max_nodes, double seconds, int64_t *nodes, int8_t *line, int *n_line) {
    static _Thread_local uint8_t *lost_buf; /* kept from one search to the next, like the match table: */
    static _Thread_local Match match;       /* allocating them anew costs more than most hints' search */
    Search st = {0};
    int32_t actions[MAX_ACTIONS];
    *nodes = 0;
    *n_line = 0;
    int root = tp_index(present);
    if (root < 0) return -3;
    if (n_stock > NEVER - 1) return -4;
    if (n_stock < 0 || waste < 1 || waste > 13) return -2; /* not the default game: cannot happen */
    /* _search.Tables and _search.start */
    uint64_t counts = 0, stock_counts[NEVER + 1];
    uint32_t rank_pos[15] = {0};
    for (int p = 0; p < N_TABLEAU; p++) {
        st.rank_list[p] = ranks[p];
        rank_pos[ranks[p]] |= 1u << p;
        if (present >> p & 1) counts += UNIT(ranks[p]);
    }
    for (int r = 1; r < 14; r++)
        st.adj_pos[r] = rank_pos[r < 13 ? r + 1 : wraps ? 1 : 14] | rank_pos[r > 1 ? r - 1 : wraps ? 13 : 0];
    st.adj_pos[0] = st.adj_pos[14] = (1u << N_TABLEAU) - 1;
    stock_counts[n_stock] = 0;
    for (int k = n_stock - 1; k >= 0; k--) stock_counts[k] = stock_counts[k + 1] + UNIT(stock[k]);
    for (int k = 0; k <= n_stock; k++) {
        st.stock_list[k] = k < n_stock ? stock[k] : 14;
        st.stock_odd[k] = stock_counts[k] & ODD_RANKS;
        st.stock_even[k] = stock_counts[k] & EVEN_RANKS;
    }
    /* the first matching test (_search._feasible): the search only starts if it passes */
    uint64_t supply = counts + stock_counts[0] + UNIT(waste);
    uint64_t X = (counts & EVEN_RANKS) | (supply & ODD_RANKS), Y = (counts & ODD_RANKS) | (supply & EVEN_RANKS);
    *nodes = 1;
    if (!(wraps ? cycle(counts, X, Y) : paths(X, Y))) return 0;
    if (!lost_buf) lost_buf = malloc((size_t)n_sets << RANK_BITS);
    if (match.slots && match.mask == ((size_t)1 << MATCH_BITS) - 1) {
        memset(match.slots, 0, sizeof(uint64_t) << MATCH_BITS);
        match.used = 0;
    } else {
        free(match.slots);
        match_alloc(&match, MATCH_BITS);
    }
    if (!lost_buf || !match.slots) return -2;
    uint8_t row[1 << RANK_BITS];
    memset(row, UNKNOWN, sizeof row);
    row[DRAW_SLOT] = (uint8_t)(n_stock + 1); /* no draw from an empty stock */
    for (int k = 0; k < n_sets; k++) memcpy(lost_buf + ((size_t)k << RANK_BITS), row, sizeof row);
    st.lost = lost_buf;
    st.n_stock = n_stock;
    st.wraps = wraps;
    st.limit = max_nodes;
    st.next_check = max_nodes < CHECK_EVERY ? max_nodes : CHECK_EVERY;
    st.deadline = seconds >= 0 ? now() + seconds : -1;
    st.nodes = 1;
    st.match = &match;
    st.actions = actions;
    st.n_actions = 0;
    int result = visit(&st, root, 0, waste, counts, sets[root].exposed & st.adj_pos[waste]);
    if (st.n_actions >= MAX_ACTIONS) result = -2; /* cannot happen: a line has fewer frames */
    *nodes = st.nodes;
    if (result == 1) { /* _search.decode_line, the actions taken last first */
        int n = 0;
        for (int k = st.n_actions - 1; k >= 0; k--) {
            int a = actions[k], draws = a < 0 ? -a : a >> FIELD_BITS;
            if (a >= 0 && n < MAX_LINE) line[n++] = (int8_t)(a & FIELD_MASK);
            while (draws-- > 0 && n < MAX_LINE) line[n++] = -1;
        }
        *n_line = n;
    }
    return result;
}
