/* carc_gates.h: the gate check of the Carcassonne tests: a top-level choice (Tatan's move, the
 * draw-two, playing a held tile, a placement's deployment, an end-phase turn and its fills) is
 * offered if and only if the step it opens has a legal option. One side is what legal_actions
 * offers; the other is computed apart: the candidate is applied with the raw apply on a copy and
 * the step it enters is looked at, and the conditions on the choice itself come from a model of
 * the board on a square grid (features by search, not the engine's union-find). */
#ifndef CARC_GATES_H
#define CARC_GATES_H

#include "carc_naive.h"

/* What the check takes as "offered"; a test of the check itself swaps in a broken list. */
typedef int (*gate_legal_fn)(const tafel_game *g, const void *state, int32_t *out);
static gate_legal_fn gate_legal;

/* Positions checked and candidates judged, per kind of choice. */
typedef struct {
    long positions, picks, draw2, chooses, places, follows, fills, ends, end_turns;
} gate_counts;
static gate_counts gate_n;

#define GATE_EMPTY 255
#define GATE_TATAN 254

/* The board on a grid: the tile (or a Tatan tile) on each square, each segment's feature, and per
 * feature its open city/road edges and whether a follower stands on it. */
typedef struct {
    uint8_t at[CARC_NSQ];
    int16_t comp[CARC_MAX_TILES][CARC_MAXSEG];
    int nf;
    int16_t open[NV_MAXF];
    uint8_t occ[NV_MAXF];
} gate_board;

static gate_board gate_b; /* too big for the stack under the sanitizers' red zones */

static inline int gate_at(const gate_board *b, int x, int y)
{
    if (x < -CARC_OFF || x > CARC_OFF || y < -CARC_OFF || y > CARC_OFF)
        return GATE_EMPTY;
    return b->at[carc_sq(x, y)];
}

/* Board sides (city/road) or board half-edges (field) of segment i of kind at rotation r. */
static inline int gate_mask(int kind, int r, int i)
{
    const carc_seg *sg = &carc_kinds[kind].seg[i];
    int m = 0;
    if (sg->type == CARC_CITY || sg->type == CARC_ROAD) {
        for (int e = 0; e < 4; e++)
            if (sg->mask >> e & 1)
                m |= 1 << ((e + r) % 4);
    } else if (sg->type == CARC_FIELD) {
        for (int h = 0; h < 8; h++)
            if (sg->mask >> h & 1)
                m |= 1 << ((h + 2 * r) % 8);
    }
    return m;
}

/* Segment of tile t of the given type holding board side / half-edge bit, or -1. */
static inline int gate_seg_with(const carc_state *s, int t, int type, int bit)
{
    const carc_kind *K = &carc_kinds[s->tiles[t].kind];
    for (int i = 0; i < K->nseg; i++)
        if (K->seg[i].type == type && (gate_mask(s->tiles[t].kind, s->tiles[t].rot, i) >> bit & 1))
            return i;
    return -1;
}

/* Edge type (1 C, 2 R, 3 F) of kind at rotation r on board side d. */
static inline int gate_edge(int kind, int r, int d)
{
    return carc_kinds[kind].edges >> (2 * ((d - r + 4) % 4)) & 3;
}

static void gate_build(const carc_state *s, gate_board *b)
{
    memset(b->at, GATE_EMPTY, sizeof b->at);
    for (int t = 0; t < s->ntiles; t++)
        b->at[carc_sq(s->tiles[t].x, s->tiles[t].y)] = (uint8_t)t;
    for (int i = 0; i < s->ntat; i++)
        b->at[s->tat_sq[i]] = GATE_TATAN;
    for (int t = 0; t < s->ntiles; t++)
        for (int i = 0; i < CARC_MAXSEG; i++)
            b->comp[t][i] = -1;
    b->nf = 0;
    static int qt[NV_MAXF], qi[NV_MAXF];
    for (int t0 = 0; t0 < s->ntiles; t0++) {
        const carc_kind *K0 = &carc_kinds[s->tiles[t0].kind];
        for (int i0 = 0; i0 < K0->nseg; i0++) {
            if (b->comp[t0][i0] >= 0)
                continue;
            int f = b->nf++, type = K0->seg[i0].type, qh = 0, qn = 0;
            b->open[f] = 0;
            b->occ[f] = 0;
            b->comp[t0][i0] = (int16_t)f;
            qt[qn] = t0;
            qi[qn++] = i0;
            while (qh < qn && type != CARC_CLOISTER) {
                int t = qt[qh], i = qi[qh++], lin = type != CARC_FIELD;
                int m = gate_mask(s->tiles[t].kind, s->tiles[t].rot, i);
                for (int bit = 0; bit < (lin ? 4 : 8); bit++) {
                    if (!(m >> bit & 1))
                        continue;
                    int d = lin ? bit : bit / 2;
                    int u = gate_at(b, s->tiles[t].x + nv_dx[d], s->tiles[t].y + nv_dy[d]);
                    if (u == GATE_EMPTY || u == GATE_TATAN) {
                        b->open[f] = (int16_t)(b->open[f] + lin); /* a Tatan tile closes nothing */
                        continue;
                    }
                    int j = gate_seg_with(s, u, type, lin ? (d + 2) % 4 : nv_hpair[bit]);
                    if (j >= 0 && b->comp[u][j] < 0) {
                        b->comp[u][j] = (int16_t)f;
                        qt[qn] = u;
                        qi[qn++] = j;
                    }
                }
            }
        }
    }
    for (int i = 0; i < s->nfol; i++)
        b->occ[b->comp[s->fol[i].tile][s->fol[i].seg]] = 1;
}

/* The deployments (FOLLOW ids, sorted) the rules allow on a tile of kind at rotation r on (x,y)
 * placed now: its segments whose feature is unoccupied, fields only with farmers, one id per
 * follower in supply. The new tile carries no follower, so a segment's feature is occupied when
 * a board feature it touches is, or one touched by another of the tile's segments that shares a
 * board feature with it (the tile joins them). */
static int gate_spots(const tafel_game *g, const carc_state *s, const gate_board *b, int kind,
                      int x, int y, int r, int32_t *out)
{
    int n = 0, p = s->cur;
    if (!s->supply[p] && !s->large[p])
        return 0;
    const carc_kind *K = &carc_kinds[kind];
    int touch[CARC_MAXSEG][8], nt[CARC_MAXSEG] = {0}, grp[CARC_MAXSEG];
    for (int i = 0; i < K->nseg; i++) {
        int type = K->seg[i].type, lin = type != CARC_FIELD;
        int m = type == CARC_CLOISTER ? 0 : gate_mask(kind, r, i);
        grp[i] = i;
        for (int bit = 0; bit < (lin ? 4 : 8); bit++) {
            if (!(m >> bit & 1))
                continue;
            int d = lin ? bit : bit / 2;
            int u = gate_at(b, x + nv_dx[d], y + nv_dy[d]);
            if (u == GATE_EMPTY || u == GATE_TATAN)
                continue;
            int j = gate_seg_with(s, u, type, lin ? (d + 2) % 4 : nv_hpair[bit]);
            if (j >= 0)
                touch[i][nt[i]++] = b->comp[u][j];
        }
    }
    for (int pass = 0; pass < K->nseg; pass++) /* smallest member of each joined group */
        for (int i = 0; i < K->nseg; i++)
            for (int j = 0; j < K->nseg; j++)
                for (int a = 0; a < nt[i]; a++)
                    for (int c = 0; c < nt[j]; c++)
                        if (touch[i][a] == touch[j][c] && grp[j] < grp[i])
                            grp[i] = grp[j];
    for (int i = 0; i < K->nseg; i++) {
        if (K->seg[i].type == CARC_FIELD && !carc_opt_farmers(g))
            continue;
        int occ = 0;
        for (int j = 0; j < K->nseg; j++)
            for (int a = 0; a < nt[j] && grp[j] == grp[i]; a++)
                occ |= b->occ[touch[j][a]];
        if (occ)
            continue;
        if (s->supply[p])
            out[n++] = CARC_A_FOLLOW + 2 * i;
        if (s->large[p])
            out[n++] = CARC_A_FOLLOW + 2 * i + 1;
    }
    return n;
}

/* Kind fits some empty square next to a landscape tile (§3), in some rotation. */
static int gate_fits(const carc_state *s, const gate_board *b, int kind)
{
    for (int t = 0; t < s->ntiles; t++)
        for (int d0 = 0; d0 < 4; d0++) {
            int x = s->tiles[t].x + nv_dx[d0], y = s->tiles[t].y + nv_dy[d0];
            if (gate_at(b, x, y) != GATE_EMPTY)
                continue;
            for (int r = 0; r < 4; r++) {
                int ok = 1;
                for (int d = 0; d < 4 && ok; d++) {
                    int u = gate_at(b, x + nv_dx[d], y + nv_dy[d]);
                    if (u == GATE_EMPTY)
                        continue;
                    ok = u != GATE_TATAN &&
                         gate_edge(kind, r, d) ==
                             gate_edge(s->tiles[u].kind, s->tiles[u].rot, (d + 2) % 4);
                }
                if (ok)
                    return 1;
            }
        }
    return 0;
}

/* The tiles other than t stay orthogonally connected. */
static int gate_connected_without(const carc_state *s, const gate_board *b, int t)
{
    if (s->ntiles <= 2)
        return 1;
    uint8_t seen[CARC_MAX_TILES] = {0}, stack[CARC_MAX_TILES];
    int start = t == 0 ? 1 : 0, sp = 0, n = 1;
    seen[start] = 1;
    stack[sp++] = (uint8_t)start;
    while (sp) {
        int u = stack[--sp];
        for (int d = 0; d < 4; d++) {
            int v = gate_at(b, s->tiles[u].x + nv_dx[d], s->tiles[u].y + nv_dy[d]);
            if (v == GATE_EMPTY || v == GATE_TATAN || v == t || seen[v])
                continue;
            seen[v] = 1;
            n++;
            stack[sp++] = (uint8_t)v;
        }
    }
    return n == s->ntiles - 1;
}

/* Gaps: components of empty squares of the bounding box (plus a border) that do not reach the
 * border; per gap its smallest square and size. */
typedef struct {
    int x0, y0, w, h, n;
    uint16_t min[256];
    uint8_t size[256];
} gate_gaps_t;

static void gate_gaps(const carc_state *s, const gate_board *b, gate_gaps_t *G)
{
    int x0 = 1000, x1 = -1000, y0 = 1000, y1 = -1000;
    for (int t = 0; t < s->ntiles; t++) {
        x0 = s->tiles[t].x < x0 ? s->tiles[t].x : x0;
        x1 = s->tiles[t].x > x1 ? s->tiles[t].x : x1;
        y0 = s->tiles[t].y < y0 ? s->tiles[t].y : y0;
        y1 = s->tiles[t].y > y1 ? s->tiles[t].y : y1;
    }
    G->x0 = x0 - 1;
    G->y0 = y0 - 1;
    G->w = x1 - x0 + 3;
    G->h = y1 - y0 + 3;
    G->n = 0;
    enum { BOX = (CARC_W + 2) * (CARC_W + 2) };
    static uint8_t seen[BOX];
    static int stack[BOX];
    int nsq = G->w * G->h;
    assert_true(nsq > 0 && nsq <= BOX);
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < nsq; i++) {
        if (seen[i] || gate_at(b, G->x0 + i % G->w, G->y0 + i / G->w) != GATE_EMPTY)
            continue;
        int sp = 0, border = 0, size = 0, mn = CARC_NSQ;
        seen[i] = 1;
        stack[sp++] = i;
        while (sp) {
            int v = stack[--sp], vx = v % G->w, vy = v / G->w, sq = carc_sq(G->x0 + vx, G->y0 + vy);
            size++;
            mn = sq < mn ? sq : mn;
            border |= vx == 0 || vy == 0 || vx == G->w - 1 || vy == G->h - 1;
            for (int d = 0; d < 4; d++) {
                int nx = vx + nv_dx[d], ny = vy + nv_dy[d], u = ny * G->w + nx;
                if (nx < 0 || ny < 0 || nx >= G->w || ny >= G->h || seen[u] ||
                    gate_at(b, G->x0 + nx, G->y0 + ny) != GATE_EMPTY)
                    continue;
                seen[u] = 1;
                stack[sp++] = u;
            }
        }
        if (!border && G->n < 256) {
            G->min[G->n] = (uint16_t)mn;
            G->size[G->n++] = (uint8_t)(size > 255 ? 255 : size);
        }
    }
}

/* Player p may fill some gap: a Tatan tile per square, and a follower in supply [D-16]. */
static int gate_can_fill(const carc_state *s, const gate_gaps_t *G, int p)
{
    if (!s->held[p] || !(s->supply[p] + s->large[p]))
        return 0;
    for (int i = 0; i < G->n; i++)
        if (G->size[i] <= s->held[p])
            return 1;
    return 0;
}

static int gate_in(const int32_t *list, int n, int32_t a)
{
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}

/* The end phase as the rules run it [D-15]: from player q with k turns since the last fill,
 * players who cannot fill are skipped; a whole round without a fill ends it. Returns the player
 * whose turn it is, or -1 for the end; *k_out is the count at that turn. */
static int gate_end_turn(const carc_state *s, const gate_gaps_t *G, int q, int k, int *k_out)
{
    for (; k < s->nplayers; k++, q = (q + 1) % s->nplayers)
        if (gate_can_fill(s, G, q)) {
            *k_out = k;
            return q;
        }
    *k_out = k;
    return -1;
}

/* The previous position of the game, for the end phase's turns. */
static struct {
    int phase, cur, ntat, k;
} gate_prev;

#define GATE_FAIL(...)                                                                             \
    do {                                                                                           \
        snprintf(err, errlen, __VA_ARGS__);                                                        \
        return -1;                                                                                 \
    } while (0)

static carc_state gate_copy;

/* Tatan tile drawn: option 1 per tile, option 2 or keeping it. */
static int gate_tatan(const tafel_game *g, const carc_state *s, const int32_t *L, int n,
                      char *err, size_t errlen)
{
    const gate_board *b = &gate_b;
    int32_t sub[1024];
    for (int i = 0; i < n; i++)
        if (L[i] >= CARC_A_PICK && L[i] < CARC_A_FILL &&
            gate_at(b, carc_sqx(L[i] - CARC_A_PICK), carc_sqy(L[i] - CARC_A_PICK)) >= GATE_TATAN)
            GATE_FAIL("pick offered on the empty square (%d,%d)", carc_sqx(L[i] - CARC_A_PICK),
                      carc_sqy(L[i] - CARC_A_PICK));
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        const carc_kind *K = &carc_kinds[T->kind];
        int ok = !T->cl_done && gate_connected_without(s, b, t);
        for (int i = 0; i < s->nfol && ok; i++)
            ok = s->fol[i].tile != t;
        for (int i = 0; i < K->nseg && ok; i++)
            ok = !((K->seg[i].type == CARC_CITY || K->seg[i].type == CARC_ROAD) &&
                   b->open[b->comp[t][i]] == 0);
        int has = 0;
        int32_t a = CARC_A_PICK + carc_sq(T->x, T->y);
        if (ok) { /* only a movable tile is picked up: the raw apply trusts that */
            gate_copy = *s;
            g->type->apply(g, &gate_copy, a);
            if (gate_copy.phase != CARC_PH_MOVE)
                GATE_FAIL("pick (%d,%d) enters phase %d, not the move", T->x, T->y,
                          gate_copy.phase);
            has = g->type->legal_actions(g, &gate_copy, sub) > 0;
        }
        gate_n.picks++;
        if (gate_in(L, n, a) != (ok && has))
            GATE_FAIL("pick (%d,%d): offered %d, movable %d, its placement step has options %d",
                      T->x, T->y, gate_in(L, n, a), ok, has);
    }
    gate_copy = *s;
    g->type->apply(g, &gate_copy, CARC_A_DRAW2);
    tafel_chance ch[CARC_NKINDS + 1];
    int opens = gate_copy.phase == CARC_PH_DRAW &&
                g->type->chance_outcomes(g, &gate_copy, ch) > 0;
    gate_n.draw2++;
    if (gate_in(L, n, CARC_A_DRAW2) != opens || gate_in(L, n, CARC_A_KEEP) != !opens)
        GATE_FAIL("draw2 offered %d, keep offered %d, but draw2 opens %s (%d tiles left)",
                  gate_in(L, n, CARC_A_DRAW2), gate_in(L, n, CARC_A_KEEP),
                  opens ? "a draw" : "no draw", s->nremain);
    return 0;
}

/* A placement (drawn or moved tile): the deployment step comes iff there is a spot, and it offers
 * exactly the spots. */
static int gate_place(const tafel_game *g, const carc_state *s, const int32_t *L, int n,
                      char *err, size_t errlen)
{
    int32_t want[2 * CARC_MAXSEG], sub[2 * CARC_MAXSEG + 1];
    if (s->phase == CARC_PH_PLACE && !gate_fits(s, &gate_b, s->hand))
        GATE_FAIL("placement step for %s, which fits nowhere", carc_kinds[s->hand].name);
    for (int i = 0; i < n; i++) {
        int sq = (L[i] - CARC_A_PLACE) >> 2, r = (L[i] - CARC_A_PLACE) & 3;
        int x = carc_sqx(sq), y = carc_sqy(sq);
        int nw = gate_spots(g, s, &gate_b, s->hand, x, y, r, want);
        gate_copy = *s;
        g->type->apply(g, &gate_copy, L[i]);
        int follow = gate_copy.phase == CARC_PH_FOLLOW;
        gate_n.places++;
        if (follow != (nw > 0))
            GATE_FAIL("%s on (%d,%d) r%d: deployment step %d, spots %d", carc_kinds[s->hand].name,
                      x, y, r, follow, nw);
        if (!follow)
            continue;
        int ns = g->type->legal_actions(g, &gate_copy, sub);
        if (ns != nw + 1 || memcmp(sub, want, (size_t)nw * sizeof want[0]) ||
            sub[nw] != CARC_A_NOFOLLOW)
            GATE_FAIL("%s on (%d,%d) r%d: %d deployments offered, %d spots",
                      carc_kinds[s->hand].name, x, y, r, ns - 1, nw);
    }
    return 0;
}

/* The deployment step itself: the placed tile's unoccupied segments. */
static int gate_follow(const tafel_game *g, const carc_state *s, const int32_t *L, int n,
                       char *err, size_t errlen)
{
    const gate_board *b = &gate_b;
    const carc_tile *T = &s->tiles[s->placed];
    const carc_kind *K = &carc_kinds[T->kind];
    int32_t want[2 * CARC_MAXSEG];
    int nw = 0, p = s->cur;
    for (int i = 0; i < K->nseg && (s->supply[p] || s->large[p]); i++) {
        if ((K->seg[i].type == CARC_FIELD && !carc_opt_farmers(g)) || b->occ[b->comp[s->placed][i]])
            continue;
        if (s->supply[p])
            want[nw++] = CARC_A_FOLLOW + 2 * i;
        if (s->large[p])
            want[nw++] = CARC_A_FOLLOW + 2 * i + 1;
    }
    gate_n.follows++;
    if (!nw)
        GATE_FAIL("deployment step on %s at (%d,%d) without a spot", K->name, T->x, T->y);
    if (n != nw + 1 || memcmp(L, want, (size_t)nw * sizeof want[0]) || L[nw] != CARC_A_NOFOLLOW)
        GATE_FAIL("deployment on %s at (%d,%d): %d offered, %d spots", K->name, T->x, T->y,
                  n - 1, nw);
    return 0;
}

/* tatan_draw_both_first: which held tile to play next; playing one opens its step. */
static int gate_choose(const tafel_game *g, const carc_state *s, const int32_t *L, int n,
                       char *err, size_t errlen)
{
    int32_t want[CARC_NKINDS];
    int nw = 0;
    for (int k = 0; k < CARC_NKINDS; k++)
        for (int i = 0; i < s->nbag; i++)
            if (s->bag[i] == k) {
                want[nw++] = CARC_A_CHOOSE + k;
                break;
            }
    if (nw < 2)
        GATE_FAIL("a choice among %d kind(s) of held tiles", nw);
    if (n != nw || memcmp(L, want, (size_t)nw * sizeof want[0]))
        GATE_FAIL("%d held tiles offered, %d kinds held", n, nw);
    for (int i = 0; i < nw; i++) {
        int k = want[i] - CARC_A_CHOOSE, fits = k == CARC_TATAN || gate_fits(s, &gate_b, k);
        gate_copy = *s;
        g->type->apply(g, &gate_copy, want[i]);
        gate_n.chooses++;
        if (k == CARC_TATAN ? gate_copy.phase != CARC_PH_TATAN
                            : fits && (gate_copy.phase != CARC_PH_PLACE || gate_copy.hand != k))
            GATE_FAIL("playing held %s enters phase %d", carc_kinds[k].name, gate_copy.phase);
        /* one that fits nowhere now is discarded and replaced by a new draw [D-13] */
        if (!fits && (gate_copy.discarded[k] != s->discarded[k] + 1 ||
                      (s->nremain && (gate_copy.phase != CARC_PH_DRAW || gate_copy.cur != s->cur))))
            GATE_FAIL("held %s fits nowhere: discarded %d, then phase %d", carc_kinds[k].name,
                      gate_copy.discarded[k] - s->discarded[k], gate_copy.phase);
    }
    return 0;
}

static gate_gaps_t gate_g;

/* End phase: the fills offered are exactly the gaps he can fill, with each follower he has. */
static int gate_end(const carc_state *s, const int32_t *L, int n, char *err, size_t errlen)
{
    const gate_gaps_t *G = &gate_g;
    int p = s->cur, want = 0;
    for (int i = 0; i < G->w * G->h; i++) {
        int x = G->x0 + i % G->w, y = G->y0 + i / G->w, sq = carc_sq(x, y);
        if (gate_at(&gate_b, x, y) != GATE_EMPTY)
            continue;
        int size = 0;
        for (int j = 0; j < G->n; j++)
            size = G->min[j] == sq ? G->size[j] : size;
        for (int lg = 0; lg < 2; lg++) {
            int ok = size && size <= s->held[p] && (lg ? s->large[p] : s->supply[p]);
            gate_n.fills++;
            want += ok;
            if (gate_in(L, n, CARC_A_FILL + 2 * sq + lg) != ok)
                GATE_FAIL("fill %s(%d,%d): offered %d, gap of %d squares, %d Tatan tiles held",
                          lg ? "L " : "", x, y, !ok, size, s->held[p]);
        }
    }
    int offered = 0;
    gate_n.ends++;
    for (int i = 0; i < n; i++)
        offered += L[i] >= CARC_A_FILL && L[i] < CARC_A_FOLLOW;
    if (offered != want)
        GATE_FAIL("%d fills offered, %d possible", offered, want);
    if (!want)
        GATE_FAIL("end-phase turn of player %d, who cannot fill", p);
    return 0;
}

/* The end phase's turns: whose turn it is, or the end, follows from the previous position. */
static int gate_end_turns(const tafel_game *g, const carc_state *s, char *err, size_t errlen)
{
    int in_end = s->phase == CARC_PH_END || s->phase == CARC_PH_OVER;
    if (!carc_opt_tatan(g) || !in_end || gate_prev.phase == CARC_PH_OVER ||
        gate_prev.phase < 0)
        return 0;
    int q, k;
    if (gate_prev.phase == CARC_PH_END) { /* a pass, or a fill (a Tatan tile more) */
        q = (gate_prev.cur + 1) % s->nplayers;
        k = s->ntat != gate_prev.ntat ? 0 : gate_prev.k + 1;
    } else { /* the stack ran out: the left neighbour of the last player begins [D-4] */
        q = (s->last_player + 1) % s->nplayers;
        k = 0;
    }
    int want = gate_end_turn(s, &gate_g, q, k, &gate_prev.k);
    gate_n.end_turns++;
    if (want < 0 ? s->phase != CARC_PH_OVER : s->phase != CARC_PH_END || s->cur != want)
        GATE_FAIL("end phase: phase %d player %d, the rules give %s %d", s->phase, s->cur,
                  want < 0 ? "the end" : "player", want);
    return 0;
}

/* The check, after every action (an invariant of check_random_games). */
static int gate_check(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    const carc_state *s = state;
    gate_legal_fn legal = gate_legal ? gate_legal : g->type->legal_actions;
    static int32_t L[1024];
    int rc = 0;
    if (s->phase == CARC_PH_START)
        gate_prev.phase = -1;
    gate_n.positions++;
    int need_board = s->phase == CARC_PH_TATAN || s->phase == CARC_PH_PLACE ||
                     s->phase == CARC_PH_MOVE || s->phase == CARC_PH_FOLLOW ||
                     s->phase == CARC_PH_CHOOSE || s->phase == CARC_PH_END ||
                     s->phase == CARC_PH_OVER;
    if (need_board)
        gate_build(s, &gate_b);
    if (s->phase == CARC_PH_END || s->phase == CARC_PH_OVER)
        gate_gaps(s, &gate_b, &gate_g);
    int n = g->type->current_player(g, s) < 0 ? 0 : legal(g, s, L);
    switch (s->phase) {
    case CARC_PH_TATAN: rc = gate_tatan(g, s, L, n, err, errlen); break;
    case CARC_PH_PLACE:
    case CARC_PH_MOVE: rc = gate_place(g, s, L, n, err, errlen); break;
    case CARC_PH_FOLLOW: rc = gate_follow(g, s, L, n, err, errlen); break;
    case CARC_PH_CHOOSE: rc = gate_choose(g, s, L, n, err, errlen); break;
    case CARC_PH_END: rc = gate_end(s, L, n, err, errlen); break;
    default: break;
    }
    if (!rc)
        rc = gate_end_turns(g, s, err, errlen);
    gate_prev.phase = s->phase;
    gate_prev.cur = s->cur;
    gate_prev.ntat = s->ntat;
    return rc;
}

#endif
