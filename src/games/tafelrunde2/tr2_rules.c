/* tr2_rules.c: Die Tafelrunde 2 engine: setup, the six phases of a raid, scoring, special cards. */
#include <string.h>

#include "games/tafelrunde2/tr2.h"

#define TR2_BIT(c) ((uint16_t)(1u << (c)))

void tr2_init(const tafel_game *g, void *state)
{
    tr2_state *s = state;
    memset(s, 0, sizeof *s);
    for (int k = 0; k < TR2_NKIND; k++)
        s->pile[k] = tr2_chest_count[k];
    for (int p = 0; p < g->num_players; p++)
        s->draw[p] = 0xffff;
    s->phase = TR2_PH_START;
}

int tr2_current_player(const tafel_game *g, const void *state)
{
    (void)g;
    const tr2_state *s = state;
    switch (s->phase) {
    case TR2_PH_PLAY:
    case TR2_PH_ZORK:
    case TR2_PH_SECURE:
        return s->turn;
    case TR2_PH_END:
        return TAFEL_TERMINAL;
    default:
        return TAFEL_CHANCE;
    }
}

static int tr2_best_up(const tr2_state *s, int p, int c)
{
    const uint8_t *u = &s->up[p][c * 3];
    return u[2] ? 4 : u[1] ? 3 : u[0] ? 2 : 0;
}

static int tr2_has_up(const tr2_state *s, int p, int c)
{
    const uint8_t *u = &s->up[p][c * 3];
    return (u[0] | u[1] | u[2]) != 0;
}

int tr2_strength(const tr2_state *s, int p, int c)
{
    return s->pstr[p][c] + tr2_best_up(s, p, c);
}

/* The chest counts of one place: kinds 0..7 as a 64-bit word (kind k in byte k), kind 8 apart. */
static inline uint64_t tr2_word(const uint8_t *kinds)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, kinds, 8);
    return w;
#else
    uint64_t w = 0;
    for (int k = 0; k < 8; k++)
        w |= (uint64_t)kinds[k] << (8 * k);
    return w;
#endif
}

/* Do all three colours lie face up somewhere (phase 1 is over)?
 * The seats beyond g->num_players hold nothing (tr2_init zeroes them and nothing writes there:
 * test_tr2_random checks it), so loops over all TR2_MAXP seats need no branch on the count. */
static inline int tr2_all_colours_up(const tr2_state *s)
{
    uint64_t w = tr2_word(s->centre);
    unsigned last = s->centre[8];
    for (int p = 0; p < TR2_MAXP; p++) {
        w |= tr2_word(s->up[p]);
        last |= s->up[p][8];
    }
    return (w & 0xffffffull) && (w & 0xffffff000000ull) && ((w >> 48) | last);
}

int tr2_colours_up(const tafel_game *g, const tr2_state *s)
{
    (void)g; /* all seats, as in tr2_all_colours_up */
    uint64_t w = tr2_word(s->centre);
    unsigned last = s->centre[8];
    for (int p = 0; p < TR2_MAXP; p++) {
        w |= tr2_word(s->up[p]);
        last |= s->up[p][8];
    }
    return ((w & 0xffffffull) != 0) | ((w & 0xffffff000000ull) != 0) << 1 |
           (((w >> 48) | last) != 0) << 2;
}

int tr2_gems_down(const tr2_state *s, int p)
{
    int sum = 0;
    for (int k = 0; k < TR2_NKIND; k++)
        sum += s->down[p][k] * tr2_chest_gems(k);
    return sum;
}

void tr2_begin_reveal(const tafel_game *g, tr2_state *s)
{
    (void)g;
    s->phase = TR2_PH_REVEAL;
    s->raid++;
}

void tr2_begin_play(const tafel_game *g, tr2_state *s)
{
    (void)g;
    s->phase = TR2_PH_PLAY;
    s->turn = s->start;
    s->passed = 0;
    s->nplayed = 0;
    s->done = 0; /* in phase 2: someone has acted */
    s->zork = 0;
    s->zork_left = 0;
    s->scoring = 0;
    memset(s->warn, 0, sizeof s->warn);
}

/* Can p play his special card now (it is in his hand)? */
static int tr2_special_ok(const tr2_state *s, int p)
{
    switch (s->special[p]) {
    case TR2_FEIERABEND:
        return s->nplayed > 0;
    case TR2_WARNUNG:
        for (int c = 0; c < TR2_NCOL; c++)
            if (tr2_has_up(s, p, c))
                return 1;
        return 0;
    default:
        return 1;
    }
}

static int tr2_can_play(const tr2_state *s, int p)
{
    if (s->hand[p] & TR2_ROGUE_MASK)
        return 1;
    return (s->hand[p] & TR2_BIT(TR2_SPECIAL)) && tr2_special_ok(s, p);
}

/* Score colour c (phase 3). */
static inline __attribute__((always_inline)) void tr2_score_colour(const tafel_game *g,
                                                                   tr2_state *s, int c)
{
    /* Called only for a colour someone played ([D-4]: otherwise its chests stay put). */
    int n = g->num_players;
    int best = -1, nbest = 0, w = 0;
    for (int p = 0; p < n; p++) {
        int takes_part = s->pmask[p][c] != 0;
        if (!g->params[TR2_P_BONUS_NEEDS_CARD] && tr2_has_up(s, p, c))
            takes_part = 1;
        if (!takes_part)
            continue;
        int st = tr2_strength(s, p, c);
        if (st > best) {
            best = st;
            nbest = 1;
            w = p;
        } else if (st == best) {
            nbest++;
        }
    }
    uint8_t *centre = &s->centre[c * 3];
    if (nbest == 1) {
        uint8_t *dst = &s->up[w][c * 3];
        for (int v = 0; v < 3; v++) {
            dst[v] += centre[v];
            centre[v] = 0;
        }
        for (int q = 0; q < n; q++) {
            if (q == w || s->warn[q] == c + 1)
                continue;
            uint8_t *src = &s->up[q][c * 3];
            for (int v = 0; v < 3; v++) {
                dst[v] += src[v];
                src[v] = 0;
            }
        }
    } else {
        int protect = g->params[TR2_P_WARNING_PROTECTS_TIE];
        for (int q = 0; q < n; q++) {
            if (protect && s->warn[q] == c + 1)
                continue;
            uint8_t *src = &s->up[q][c * 3];
            for (int v = 0; v < 3; v++) {
                centre[v] += src[v];
                src[v] = 0;
            }
        }
    }
    for (int p = 0; p < n; p++) {
        uint16_t m = s->pmask[p][c];
        if (nbest == 1 && p == w) {
            s->disc[p] |= m;
        } else {
            s->hand[p] |= m;
            s->known[p] |= m; /* [D-10] everyone saw them go back */
        }
        s->pmask[p][c] = 0;
        s->pstr[p][c] = 0;
    }
}

static void tr2_discard_special(tr2_state *s, int p)
{
    s->disc[p] |= TR2_BIT(TR2_SPECIAL);
    s->special_played &= (uint8_t)~(1u << p);
}

/* Feierabend, Letzte Warnung and Wiederbelebung are discarded after scoring, Zork after phase 4. */
static void tr2_discard_specials(const tafel_game *g, tr2_state *s)
{
    if (s->special_played)
        for (int p = 0; p < g->num_players; p++)
            if ((s->special_played >> p & 1) && s->zork != p + 1)
                tr2_discard_special(s, p);
}

static int tr2_colour_played(const tafel_game *g, const tr2_state *s, int c)
{
    (void)g; /* all seats: see tr2_all_colours_up */
    unsigned m = 0;
    for (int p = 0; p < TR2_MAXP; p++)
        m |= s->pmask[p][c];
    return m != 0;
}

void tr2_score_all(const tafel_game *g, tr2_state *s)
{
    for (int c = 0; c < TR2_NCOL; c++)
        if (tr2_colour_played(g, s, c))
            tr2_score_colour(g, s, c);
    tr2_discard_specials(g, s);
}

static void tr2_begin_secure(tr2_state *s)
{
    s->phase = TR2_PH_SECURE;
    s->turn = s->start;
    s->done = 0;
}

/* [D-7] May Zork secure chests before colour c is scored (c == TR2_NCOL: after the last one)?
 * first: no colour has been scored yet. */
static int tr2_zork_due(const tafel_game *g, int c, int first)
{
    switch (g->params[TR2_P_ZORK]) {
    case TR2_ZORK_BUDGET_IN:
        return 1;
    case TR2_ZORK_EXTRA_BEFORE:
        return first;
    default:
        return c == TR2_NCOL;
    }
}

/* A Zork player who can only secure nothing is not asked. */
static int tr2_zork_fits(const tr2_state *s)
{
    const uint8_t *u = s->up[s->zork - 1];
    for (int k = 0; k < TR2_NKIND; k++)
        if (u[k] && tr2_chest_gems(k) <= s->zork_left)
            return 1;
    return 0;
}

/* Phase 3 from colour s->scoring on: score the colours someone played ([D-4]: the others are
 * left as they are), stopping wherever Zork may secure chests; then phase 4. */
static void tr2_scoring(const tafel_game *g, tr2_state *s, int first)
{
    for (;; first = 0) {
        int c = s->scoring;
        while (c < TR2_NCOL && !tr2_colour_played(g, s, c))
            c++;
        s->scoring = (uint8_t)c;
        if (c == TR2_NCOL)
            tr2_discard_specials(g, s);
        if (s->zork && tr2_zork_due(g, c, first) && tr2_zork_fits(s)) {
            s->phase = TR2_PH_ZORK;
            s->turn = (uint8_t)(s->zork - 1);
            return;
        }
        if (c == TR2_NCOL)
            break;
        tr2_score_colour(g, s, c);
        s->scoring = (uint8_t)(c + 1);
    }
    tr2_begin_secure(s);
}

/* Phase 2 is over. */
static void tr2_end_play(const tafel_game *g, tr2_state *s)
{
    s->scoring = 0;
    tr2_scoring(g, s, 1);
}

/* Zork has decided: the colour he decided before is scored, and phase 3 goes on. */
static void tr2_end_zork(const tafel_game *g, tr2_state *s)
{
    if (s->scoring == TR2_NCOL) {
        tr2_begin_secure(s);
        return;
    }
    tr2_score_colour(g, s, s->scoring);
    s->scoring++;
    tr2_scoring(g, s, 0);
}

/* The next player after t who has not passed (t himself last), or -1 if all have passed. */
static inline int tr2_next_unpassed(const tafel_game *g, const tr2_state *s, int t)
{
    unsigned avail = ~(unsigned)s->passed & ((1u << g->num_players) - 1);
    unsigned after = avail & (~1u << t);
    if (!avail)
        return -1;
    return __builtin_ctz(after ? after : avail);
}

static void tr2_next_player_to_play(const tafel_game *g, tr2_state *s)
{
    int q = tr2_next_unpassed(g, s, s->turn);
    if (q >= 0)
        s->turn = (uint8_t)q;
    else
        tr2_end_play(g, s);
}

/* The player after t (no division: this is on the playouts' path). */
static inline uint8_t tr2_after(const tafel_game *g, int t)
{
    return (uint8_t)(t + 1 == g->num_players ? 0 : t + 1);
}

void tr2_advance(const tafel_game *g, tr2_state *s)
{
    int n = g->num_players;
    for (;;) {
        switch (s->phase) {
        case TR2_PH_DEAL:
        case TR2_PH_DRAW: {
            int t = s->turn;
            if (s->left) {
                if (!s->draw[t]) { /* [D-6] shuffle the discards first */
                    s->draw[t] = s->disc[t];
                    s->disc[t] = 0;
                }
                if (s->draw[t])
                    return;
                s->left = 0; /* nothing left to draw */
            }
            if (++s->done < n) {
                s->turn = tr2_after(g, t);
                s->left = s->phase == TR2_PH_DEAL ? 5 : 2;
                continue;
            }
            if (s->phase == TR2_PH_DRAW)
                s->start = tr2_after(g, s->start); /* phase 6 */
            tr2_begin_reveal(g, s);
            continue;
        }
        case TR2_PH_REVEAL: {
            if (tr2_all_colours_up(s)) {
                tr2_begin_play(g, s);
                continue;
            }
            if (!(tr2_word(s->pile) | s->pile[8]))
                s->phase = TR2_PH_END; /* no chest to reveal and fewer than 3 colours */
            return;
        }
        case TR2_PH_PLAY: {
            int t = s->turn;
            if (tr2_can_play(s, t))
                return;
            /* No card he may play: he passes ([D-3] for the start player). */
            s->passed |= (uint8_t)(1u << t);
            s->done = 1;
            tr2_next_player_to_play(g, s);
            continue;
        }
        case TR2_PH_ZORK:
            if (tr2_zork_fits(s))
                return;
            tr2_end_zork(g, s);
            continue;
        case TR2_PH_SECURE: {
            if (s->done >= n) {
                if (s->zork) {
                    tr2_discard_special(s, s->zork - 1);
                    s->zork = 0;
                    s->zork_left = 0;
                }
                s->phase = TR2_PH_DRAW;
                s->turn = s->start;
                s->left = 2;
                s->done = 0;
                continue;
            }
            int p = s->turn, kinds = 0, last = 0;
            if (s->zork == p + 1 && tr2_zork_replaces_secure(g)) {
                s->done++; /* he secured with Zork instead */
                s->turn = tr2_after(g, p);
                continue;
            }
            /* bit 8k of nz: kind k < 8 lies up (counts are below 8: bits 0..2 say it) */
            uint64_t w = tr2_word(s->up[p]), nz = (w | w >> 1 | w >> 2) & 0x0101010101010101ull;
            kinds = (int)(nz * 0x0101010101010101ull >> 56) + (s->up[p][8] != 0);
            if (kinds > 1)
                return;
            last = s->up[p][8] ? 8 : nz ? __builtin_ctzll(nz) >> 3 : 0;
            if (kinds == 1) { /* only one kind: no real choice */
                s->up[p][last]--;
                s->down[p][last]++;
            }
            s->done++;
            s->turn = tr2_after(g, p);
            continue;
        }
        default:
            return;
        }
    }
}

/* The card actions (card * 2 + side) of the rogue cards of chunk k (cards 5k..5k+4: one
 * single-colour card, then four with two bars, as tr2_cards has them) by the chunk's mask; the
 * rows are 12 long so that whole rows are copied (at most 2 * 9 + 12 entries are written: within
 * TR2_MAX_LEGAL). test_tr2_rules checks the lists against tr2_cards. */
static const int32_t tr2_chunk_actions[3][32][12] = {
    {
      {0}, {0}, {2, 3}, {0, 2, 3}, {4, 5}, {0, 4, 5}, {2, 3, 4, 5}, {0, 2, 3, 4, 5}, {6, 7},
      {0, 6, 7}, {2, 3, 6, 7}, {0, 2, 3, 6, 7}, {4, 5, 6, 7}, {0, 4, 5, 6, 7}, {2, 3, 4, 5, 6, 7},
      {0, 2, 3, 4, 5, 6, 7}, {8, 9}, {0, 8, 9}, {2, 3, 8, 9}, {0, 2, 3, 8, 9}, {4, 5, 8, 9},
      {0, 4, 5, 8, 9}, {2, 3, 4, 5, 8, 9}, {0, 2, 3, 4, 5, 8, 9}, {6, 7, 8, 9}, {0, 6, 7, 8, 9},
      {2, 3, 6, 7, 8, 9}, {0, 2, 3, 6, 7, 8, 9}, {4, 5, 6, 7, 8, 9}, {0, 4, 5, 6, 7, 8, 9},
      {2, 3, 4, 5, 6, 7, 8, 9}, {0, 2, 3, 4, 5, 6, 7, 8, 9},
    },
    {
      {0}, {10}, {12, 13}, {10, 12, 13}, {14, 15}, {10, 14, 15}, {12, 13, 14, 15},
      {10, 12, 13, 14, 15}, {16, 17}, {10, 16, 17}, {12, 13, 16, 17}, {10, 12, 13, 16, 17},
      {14, 15, 16, 17}, {10, 14, 15, 16, 17}, {12, 13, 14, 15, 16, 17},
      {10, 12, 13, 14, 15, 16, 17}, {18, 19}, {10, 18, 19}, {12, 13, 18, 19}, {10, 12, 13, 18, 19},
      {14, 15, 18, 19}, {10, 14, 15, 18, 19}, {12, 13, 14, 15, 18, 19},
      {10, 12, 13, 14, 15, 18, 19}, {16, 17, 18, 19}, {10, 16, 17, 18, 19},
      {12, 13, 16, 17, 18, 19}, {10, 12, 13, 16, 17, 18, 19}, {14, 15, 16, 17, 18, 19},
      {10, 14, 15, 16, 17, 18, 19}, {12, 13, 14, 15, 16, 17, 18, 19},
      {10, 12, 13, 14, 15, 16, 17, 18, 19},
    },
    {
      {0}, {20}, {22, 23}, {20, 22, 23}, {24, 25}, {20, 24, 25}, {22, 23, 24, 25},
      {20, 22, 23, 24, 25}, {26, 27}, {20, 26, 27}, {22, 23, 26, 27}, {20, 22, 23, 26, 27},
      {24, 25, 26, 27}, {20, 24, 25, 26, 27}, {22, 23, 24, 25, 26, 27},
      {20, 22, 23, 24, 25, 26, 27}, {28, 29}, {20, 28, 29}, {22, 23, 28, 29}, {20, 22, 23, 28, 29},
      {24, 25, 28, 29}, {20, 24, 25, 28, 29}, {22, 23, 24, 25, 28, 29},
      {20, 22, 23, 24, 25, 28, 29}, {26, 27, 28, 29}, {20, 26, 27, 28, 29},
      {22, 23, 26, 27, 28, 29}, {20, 22, 23, 26, 27, 28, 29}, {24, 25, 26, 27, 28, 29},
      {20, 24, 25, 26, 27, 28, 29}, {22, 23, 24, 25, 26, 27, 28, 29},
      {20, 22, 23, 24, 25, 26, 27, 28, 29},
    },
};
static const uint8_t tr2_chunk_count[32] = {0, 1, 2, 3, 2, 3, 4, 5, 2, 3, 4, 5, 4, 5, 6, 7,
                                            2, 3, 4, 5, 4, 5, 6, 7, 4, 5, 6, 7, 6, 7, 8, 9};

/* Phases 3 and 4: Zork's chest sets and the chest to secure (out of phase 2's way). */
static __attribute__((noinline)) int tr2_legal_chests(const tr2_state *s, int32_t *out)
{
    int n = 0, p = s->turn;
    if (s->phase == TR2_PH_SECURE) {
        for (int k = 0; k < TR2_NKIND; k++) {
            out[n] = TR2_A_SECURE + k;
            n += s->up[p][k] != 0;
        }
        return n;
    }
    if (s->phase == TR2_PH_ZORK) {
        /* A set fits if no kind needs more chests than lie up: byte by byte, 0x80 + up[k] -
         * need[k] keeps its top bit (all counts below 128, so no byte borrows). */
        const uint64_t high = 0x8080808080808080ull;
        uint64_t up = tr2_word(s->up[p]) | high;
        int up8 = s->up[p][8], left = s->zork_left;
        for (int i = 0; i < TR2_NZORK; i++) {
            const tr2_zork_need *z = &tr2_zork_needs[i];
            out[n] = TR2_A_ZORKSET + i;
            n += ((up - z->below8) & high) == high && z->kind8 <= up8 && z->gems <= left;
        }
        return n;
    }
    return 0;
}

/* A special card in phase 2. */
static int tr2_legal_special(const tr2_state *s, int p, int32_t *out, int n)
{
    switch (s->special[p]) {
    case TR2_FEIERABEND:
        if (s->nplayed > 0)
            out[n++] = TR2_A_FEIERABEND;
        break;
    case TR2_ZORK:
        out[n++] = TR2_A_ZORK;
        break;
    case TR2_WIEDERBELEBUNG:
        for (uint16_t r = s->disc[p] & TR2_ROGUE_MASK; r; r &= (uint16_t)(r - 1))
            out[n++] = TR2_A_WIED + __builtin_ctz(r);
        out[n++] = TR2_A_WIED + 15;
        break;
    case TR2_WARNUNG:
        for (int c = 0; c < TR2_NCOL; c++)
            if (tr2_has_up(s, p, c))
                out[n++] = TR2_A_WARN + c;
        break;
    }
    return n;
}

int tr2_legal_actions(const tafel_game *g, const void *state, int32_t *out)
{
    (void)g;
    const tr2_state *s = state;
    if (s->phase != TR2_PH_PLAY) /* chance nodes and the end list nothing: return at once */
        return (1u << s->phase & (1u << TR2_PH_SECURE | 1u << TR2_PH_ZORK))
                   ? tr2_legal_chests(s, out)
                   : 0;
    int n = 0, p = s->turn;
    uint16_t h = s->hand[p];
    for (int k = 0; k < 3; k++) { /* whole rows copied: no branch on the hand's cards */
        unsigned m = h >> (5 * k) & 31;
        for (int i = 0; i < 12; i++)
            out[n + i] = tr2_chunk_actions[k][m][i];
        n += tr2_chunk_count[m];
    }
    if (h & TR2_BIT(TR2_SPECIAL))
        n = tr2_legal_special(s, p, out, n);
    /* The start player must open, if he can (a resampled hand may leave him nothing). */
    if (p != s->start || s->done || n == 0)
        out[n++] = TR2_A_PASS;
    return n;
}

int tr2_chance_outcomes(const tafel_game *g, const void *state, tafel_chance *out)
{
    const tr2_state *s = state;
    int n = 0;
    if (s->phase == TR2_PH_DRAW) { /* the most frequent chance node first */
        uint16_t d = s->draw[s->turn];
        double pr = 1.0 / tr2_popcount(d);
        for (; d; d &= (uint16_t)(d - 1))
            out[n++] = (tafel_chance){TR2_A_DRAW + __builtin_ctz(d), pr};
        return n;
    }
    switch (s->phase) {
    case TR2_PH_START:
        for (int p = 0; p < g->num_players; p++)
            out[n++] = (tafel_chance){TR2_A_START + p, 1.0 / g->num_players};
        return n;
    case TR2_PH_SPECIALS: {
        int taken = 0;
        for (int p = 0; p < s->turn; p++)
            taken |= 1 << s->special[p];
        for (int k = 0; k < 4; k++)
            if (!(taken >> k & 1))
                out[n++] = (tafel_chance){TR2_A_SPECIAL + k, 1.0 / (4 - s->turn)};
        return n;
    }
    case TR2_PH_DEAL:
    case TR2_PH_DRAW: {
        uint16_t d = s->draw[s->turn];
        double pr = 1.0 / tr2_popcount(d);
        for (; d; d &= (uint16_t)(d - 1))
            out[n++] = (tafel_chance){TR2_A_DRAW + __builtin_ctz(d), pr};
        return n;
    }
    case TR2_PH_REVEAL: {
        int total = 0;
        for (int k = 0; k < TR2_NKIND; k++)
            total += s->pile[k];
        double inv = 1.0 / total;
        for (int k = 0; k < TR2_NKIND; k++)
            if (s->pile[k])
                out[n++] = (tafel_chance){TR2_A_REVEAL + k, s->pile[k] * inv};
        return n;
    }
    default:
        return 0;
    }
}

/* The sample_chance hook (game.h) must return exactly what the generic walk over
 * tr2_chance_outcomes returns: the first outcome whose running sum of probabilities (added up in
 * double) exceeds r, else the last. Every chance node here is a draw of one of `total` equally
 * likely items (a card, a start player, a special set; a chest, its kind weighted by count), so
 * the walk's i-th running sum times total differs from the number of items in the first i
 * outcomes by less than 1e-13 (at most 24 items: 1.0 / total, each term and each addition
 * rounded once), and the computed r * total from the exact product by less than 1e-14. Hence
 * floor(r * total) is the walk's item unless r * total lies within 1e-9 of a whole number
 * (about one draw in 10^9, and r = 0): there the walk decides. */
static inline int tr2_clear_of_bounds(double x, int i)
{
    double f = x - i;
    return f >= 1e-9 && f <= 1 - 1e-9;
}

/* The walk for k outcomes of probability 1.0 / k each: the index it picks. */
static __attribute__((noinline)) int tr2_walk_uniform(double r, int k)
{
    double pr = 1.0 / k, acc = 0;
    for (int i = 0; i < k - 1; i++) {
        acc += pr;
        if (r < acc)
            return i;
    }
    return k - 1;
}

static inline int tr2_uniform_index(double r, int k)
{
    double x = r * k;
    int i = (int)x;
    return tr2_clear_of_bounds(x, i) ? i : tr2_walk_uniform(r, k);
}

/* Position of the i-th set bit (from 0) of a nibble: tr2_nibble_bit[nibble][i]. */
static const uint8_t tr2_nibble_bit[16][4] = {
    {0}, {0}, {1}, {0, 1}, {2}, {0, 2}, {1, 2}, {0, 1, 2},
    {3}, {0, 3}, {1, 3}, {0, 1, 3}, {2, 3}, {0, 2, 3}, {1, 2, 3}, {0, 1, 2, 3},
};

/* A card drawn from pile d (the walk lists its cards in ascending order). The bit counts of
 * d's nibbles and bytes give both the count and, without a loop, the card the index picks. */
static inline int32_t tr2_sample_draw(unsigned d, double r)
{
    unsigned c2 = d - ((d >> 1) & 0x5555u);
    unsigned c4 = (c2 & 0x3333u) + ((c2 >> 2) & 0x3333u);
    unsigned c8 = (c4 + (c4 >> 4)) & 0x0f0fu;
    int i = tr2_uniform_index(r, (int)((c8 & 0xff) + (c8 >> 8)));
    int c = (int)(c8 & 0xff), up = i >= c, pos = up << 3;
    i -= up ? c : 0;
    c = (int)(c4 >> pos & 0xf);
    up = i >= c;
    pos += up << 2;
    i -= up ? c : 0;
    return TR2_A_DRAW + pos + tr2_nibble_bit[d >> pos & 0xf][i];
}

/* The walk over the chest kinds left (a kind with none left adds nothing to the running sum,
 * so skipping it changes nothing but the last resort, the last kind listed). */
static __attribute__((noinline)) int32_t tr2_walk_reveal(const tr2_state *s, int total,
                                                         double r)
{
    double inv = 1.0 / total, acc = 0;
    int last = 0;
    for (int k = 0; k < TR2_NKIND; k++) {
        if (!s->pile[k])
            continue;
        acc += s->pile[k] * inv;
        if (r < acc)
            return TR2_A_REVEAL + k;
        last = k;
    }
    return TR2_A_REVEAL + last;
}

/* A chest revealed: the kind of the floor(r * total)-th chest of the pile, in kind order. */
static inline int32_t tr2_sample_reveal(const tr2_state *s, double r)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t upto = tr2_word(s->pile) * ones; /* byte k: chests of kinds 0..k (at most 24) */
    int total = (int)(upto >> 56) + s->pile[8];
    double x = r * total;
    int j = (int)x;
    if (!tr2_clear_of_bounds(x, j))
        return tr2_walk_reveal(s, total, r);
    /* The kinds k < 8 with upto[k] <= j come before chest j: count the bytes where
     * 0x80 + j - upto[k] keeps its top bit (no byte borrows from the next: all below 128). */
    uint64_t before = (((uint64_t)j * ones | high) - upto) & high;
    return TR2_A_REVEAL + (int)((before >> 7) * ones >> 56);
}

/* The start player and the special sets (once per game). */
static __attribute__((noinline)) int32_t tr2_sample_setup(const tafel_game *g,
                                                          const tr2_state *s, double r)
{
    if (s->phase == TR2_PH_START)
        return TR2_A_START + tr2_uniform_index(r, g->num_players);
    if (s->phase != TR2_PH_SPECIALS)
        return TR2_A_DRAW; /* not a chance node: the caller's error (game.h) */
    unsigned left = 15;
    for (int p = 0; p < s->turn; p++)
        left &= ~(1u << s->special[p]);
    int i = tr2_uniform_index(r, 4 - s->turn);
    for (; i > 0; i--)
        left &= left - 1;
    return TR2_A_SPECIAL + __builtin_ctz(left);
}

int32_t tr2_sample_chance(const tafel_game *g, const void *state, double r)
{
    const tr2_state *s = state;
    if (s->phase == TR2_PH_DRAW || s->phase == TR2_PH_DEAL)
        return tr2_sample_draw(s->draw[s->turn], r);
    if (s->phase == TR2_PH_REVEAL)
        return tr2_sample_reveal(s, r);
    return tr2_sample_setup(g, s, r);
}

/* A pass or a special card in phase 2 (a rogue card: tr2_apply). */
static __attribute__((noinline)) void tr2_apply_play(const tafel_game *g, tr2_state *s,
                                                     int32_t a)
{
    int p = s->turn;
    s->done = 1;
    if (a == TR2_A_PASS) {
        s->passed |= (uint8_t)(1u << p);
        tr2_next_player_to_play(g, s);
        return;
    }
    s->nplayed++;
    s->hand[p] &= (uint16_t)~TR2_BIT(TR2_SPECIAL);
    s->known[p] &= (uint16_t)~TR2_BIT(TR2_SPECIAL);
    s->special_played |= (uint8_t)(1u << p);
    s->special_public |= (uint8_t)(1u << p);
    if (a == TR2_A_FEIERABEND) {
        tr2_end_play(g, s); /* no more cards: straight to phase 3 */
        return;
    }
    if (a == TR2_A_ZORK) {
        s->zork = (uint8_t)(p + 1);
        s->zork_left = TR2_ZORK_GEMS;
    } else if (a < TR2_A_WARN) {
        int c = a - TR2_A_WIED;
        if (c < TR2_NROGUE) {
            s->disc[p] &= (uint16_t)~TR2_BIT(c);
            s->hand[p] |= TR2_BIT(c);
            s->known[p] |= TR2_BIT(c); /* taken from the open discard pile */
        }
    } else {
        s->warn[p] = (uint8_t)(a - TR2_A_WARN + 1);
    }
    tr2_next_player_to_play(g, s);
}

/* Setup, Zork's sets and phase 4: the rarer steps, out of tr2_apply's way. */
static __attribute__((noinline)) void tr2_apply_other(const tafel_game *g, tr2_state *s,
                                                      int32_t a)
{
    int n = g->num_players;
    switch (s->phase) {
    case TR2_PH_START:
        s->start = (uint8_t)(a - TR2_A_START);
        if (n == 4) { /* all four sets in play: seat p holds set p, known to all */
            for (int p = 0; p < 4; p++)
                s->special[p] = (uint8_t)p;
            s->special_public = 0xf;
            s->phase = TR2_PH_DEAL;
            s->turn = 0;
            s->left = 5;
            s->done = 0;
        } else {
            s->phase = TR2_PH_SPECIALS;
            s->turn = 0;
        }
        break;
    case TR2_PH_SPECIALS:
        s->special[s->turn] = (uint8_t)(a - TR2_A_SPECIAL);
        if (++s->turn == n) {
            s->phase = TR2_PH_DEAL;
            s->turn = 0;
            s->left = 5;
            s->done = 0;
        }
        break;
    case TR2_PH_ZORK: {
        const uint8_t *z = tr2_zork_sets[a - TR2_A_ZORKSET];
        for (int j = 0; j < 3 && z[j] != 0xff; j++) {
            s->up[s->turn][z[j]]--;
            s->down[s->turn][z[j]]++;
            s->zork_left = (uint8_t)(s->zork_left - tr2_chest_gems(z[j]));
        }
        tr2_end_zork(g, s);
        break;
    }
    case TR2_PH_SECURE: {
        int k = a - TR2_A_SECURE;
        s->up[s->turn][k]--;
        s->down[s->turn][k]++;
        s->done++;
        s->turn = tr2_after(g, s->turn);
        break;
    }
    default:
        break;
    }
    tr2_advance(g, s);
}

/* The frequent steps of a playout (a rogue card, a card drawn, a chest revealed) return at once
 * when nothing automatic follows; everything else goes through tr2_advance. */
void tr2_apply(const tafel_game *g, void *state, int32_t a)
{
    tr2_state *s = state;
    switch (s->phase) {
    case TR2_PH_PLAY: {
        if (a >= TR2_A_FEIERABEND) {
            tr2_apply_play(g, s, a);
            if (s->phase == TR2_PH_PLAY && tr2_can_play(s, s->turn))
                return; /* the next player decides: tr2_advance would stop here too */
            break;
        }
        int p = s->turn, c = (a - TR2_A_CARD) >> 1, side = a & 1;
        int col = tr2_cards[c].col[side];
        s->done = 1;
        s->nplayed++;
        s->hand[p] &= (uint16_t)~TR2_BIT(c);
        s->known[p] &= (uint16_t)~TR2_BIT(c);
        s->pmask[p][col] |= TR2_BIT(c);
        s->pstr[p][col] += tr2_cards[c].val[side];
        /* p has not passed, so someone is found (p himself at the latest) */
        int q = s->passed ? tr2_next_unpassed(g, s, p) : tr2_after(g, p);
        s->turn = (uint8_t)q;
        if (s->hand[q] & TR2_ROGUE_MASK)
            return; /* he can play: tr2_advance would stop here too */
        break;
    }
    case TR2_PH_DEAL:
    case TR2_PH_DRAW: {
        int t = s->turn;
        uint16_t b = TR2_BIT(a - TR2_A_DRAW);
        s->draw[t] &= (uint16_t)~b;
        s->hand[t] |= b;
        s->left--;
        if (!s->draw[t]) {
            /* He drew the last face-down card: his whole hand is now public knowledge, and the
             * discards become his new face-down pile. */
            s->known[t] = s->hand[t];
            s->draw[t] = s->disc[t];
            s->disc[t] = 0;
        }
        if (s->left && s->draw[t])
            return; /* he draws again: nothing else to do */
        if (s->done + 1 < g->num_players) {
            int q = tr2_after(g, t);
            if (s->draw[q]) { /* the next player draws from his pile (as tr2_advance does) */
                s->done++;
                s->turn = (uint8_t)q;
                s->left = s->phase == TR2_PH_DEAL ? 5 : 2;
                return;
            }
        } else if (s->phase == TR2_PH_DRAW) { /* phase 6, then phase 1 (as tr2_advance does) */
            s->left = 0;
            s->done++;
            s->start = tr2_after(g, s->start);
            tr2_begin_reveal(g, s);
            if (!tr2_all_colours_up(s) && (tr2_word(s->pile) | s->pile[8]))
                return; /* a chest to reveal */
        }
        break;
    }
    case TR2_PH_REVEAL:
        s->pile[a - TR2_A_REVEAL]--;
        s->centre[a - TR2_A_REVEAL]++;
        if (tr2_all_colours_up(s)) { /* phase 2 (as tr2_advance does) */
            tr2_begin_play(g, s);
            if (tr2_can_play(s, s->turn))
                return;
        } else if (tr2_word(s->pile) | s->pile[8]) {
            return; /* another chest to reveal */
        }
        break;
    default:
        tr2_apply_other(g, s, a);
        return;
    }
    tr2_advance(g, s);
}
