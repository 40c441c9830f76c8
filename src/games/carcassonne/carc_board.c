/* carc_board.c: the board: placement, frontier, features (union-find), from-scratch rebuild. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"

static const int carc_dx[4] = {0, 1, 0, -1}, carc_dy[4] = {-1, 0, 1, 0};
/* half-edge h meets half-edge carc_hmatch[h] of the neighbour across its side */
static const uint8_t carc_hmatch[8] = {5, 4, 7, 6, 1, 0, 3, 2};

int carc_find(carc_state *s, int a)
{
    /* Paths are short: two steps without a test (a root is its own parent) cover paths of up
     * to two links, with the compression the loop below would do. */
    int r2 = s->parent[s->parent[a]];
    if (s->parent[r2] == r2) {
        s->parent[a] = (uint16_t)r2;
        return r2;
    }
    int r = a;
    while (s->parent[r] != r)
        r = s->parent[r];
    while (s->parent[a] != r) {
        int n = s->parent[a];
        s->parent[a] = (uint16_t)r;
        a = n;
    }
    return r;
}

int carc_find_c(const carc_state *s, int a)
{
    int r2 = s->parent[s->parent[a]]; /* as in carc_find */
    if (s->parent[r2] == r2)
        return r2;
    while (s->parent[a] != a)
        a = s->parent[a];
    return a;
}

int carc_seg_state_flags(const tafel_game *g, int kind, int seg)
{
    const carc_seg *sg = &carc_kinds[kind].seg[seg];
    int f = sg->type;
    if (sg->flags & CARC_F_INN)
        f |= CARC_S_INN;
    if ((sg->flags & CARC_F_INN_OPT) && g->params[CARC_P_ECINN])
        f |= CARC_S_INN;
    if (sg->flags & CARC_F_CATHEDRAL)
        f |= CARC_S_CATH;
    return f;
}

/* Global segment gs as local segment i of a tile of kind K, on its own. ec: 1 if the optional
 * inn counts [D-2]. */
static inline void carc_init_seg(carc_state *s, int gs, const carc_kind *K, int i, int ec)
{
    s->parent[gs] = (uint16_t)gs;
    s->open[gs] = K->init_open[i];
    s->occ[gs] = 0;
    s->pen[gs] = K->init_pen[i];
    s->tcount[gs] = K->init_lin[i];
    s->sfl[gs] = K->init_sfl[ec][i];
}

/* Tile t's segments, new at the end: each array gets the kind's row of 8 (zeros past its
 * segments keep the free slots zero; the arrays have room for a row at CARC_MAX_SEGS). */
static void carc_init_segs(const tafel_game *g, carc_state *s, int t)
{
    typedef uint16_t carc_v8 __attribute__((vector_size(16)));
    static const carc_v8 lanes = {0, 1, 2, 3, 4, 5, 6, 7};
    static const carc_v8 first[CARC_MAXSEG + 1] = { /* lanes below n (SSE2 has no u16 <) */
        {0}, {0xffff}, {0xffff, 0xffff}, {0xffff, 0xffff, 0xffff},
        {0xffff, 0xffff, 0xffff, 0xffff}, {0xffff, 0xffff, 0xffff, 0xffff, 0xffff},
        {0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff},
        {0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff},
        {0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff, 0xffff}};
    carc_tile *T = &s->tiles[t];
    const carc_kind *K = &carc_kinds[T->kind];
    int base = s->nsegs, ec = g->params[CARC_P_ECINN] != 0;
    T->seg_base = (uint16_t)base;
    carc_v8 par = (lanes + (uint16_t)base) & first[K->nseg];
    memcpy(&s->parent[base], &par, sizeof par);
    memcpy(&s->open[base], K->init_open, 8);
    memset(&s->occ[base], 0, 8);
    memcpy(&s->pen[base], K->init_pen, 8);
    memcpy(&s->sfl[base], K->init_sfl[ec], 8);
    memcpy(&s->tcount[base], K->init_lin, 8);
    s->nsegs = (uint16_t)(base + K->nseg);
}

/* Join segments a and b; edge: they share a city/road edge (two open edges close). Returns 1
 * if two features that both existed before segment newbase were joined. */
static int carc_union(carc_state *s, int a, int b, int edge, int newbase)
{
    int fa = carc_find(s, a), fb = carc_find(s, b), old = 0;
    int ra = fa < fb ? fa : fb, rb = fa < fb ? fb : fa; /* conditional moves: random in play */
    if (ra != rb) {
        old = rb < newbase;
        s->parent[rb] = (uint16_t)ra;
        s->open[ra] = (uint8_t)(s->open[ra] + s->open[rb]);
        s->occ[ra] = (uint8_t)(s->occ[ra] + s->occ[rb]);
        s->pen[ra] = (uint8_t)(s->pen[ra] + s->pen[rb]);
        s->tcount[ra] = (uint8_t)(s->tcount[ra] + s->tcount[rb]);
        s->sfl[ra] |= s->sfl[rb] & (CARC_S_INN | CARC_S_CATH);
    }
    s->open[ra] = (uint8_t)(s->open[ra] - 2 * edge);
    return old;
}

/* Mark tile t's road/city segments that share a feature with an earlier segment of the same
 * tile (not yet marked) and uncount the tile there. Cities come before roads, so a segment is
 * compared with the earlier ones of its type only; each root is found once. */
static void carc_dedupe_tile(carc_state *s, int t)
{
    carc_tile *T = &s->tiles[t];
    const carc_kind *K = &carc_kinds[T->kind];
    int nc = K->ncity, n = nc + K->nroad, r[CARC_MAXSEG];
    for (int j = 0; j < n; j++)
        r[j] = carc_find(s, T->seg_base + j);
    for (int j = 1; j < n; j++) {
        if (T->dup >> j & 1)
            continue;
        for (int i = j < nc ? 0 : nc; i < j; i++) {
            if (r[i] != r[j])
                continue;
            T->dup = (uint8_t)(T->dup | 1 << j);
            s->tcount[r[j]]--;
            break;
        }
    }
}

/* Connect tile t on its board side d with tile m (on m's side d^2). Returns 1 if two older
 * roads or cities were joined. */
static int carc_connect(carc_state *s, int t, int d, int m)
{
    int old = 0;
    const carc_tile *T = &s->tiles[t], *M = &s->tiles[m];
    const carc_kind *K = &carc_kinds[T->kind], *MK = &carc_kinds[M->kind];
    int c = (d - T->rot) & 3, mc = (d + 2 - M->rot) & 3; /* the sides on the tiles as printed */
    int a = K->edge_seg[c];
    if (a != CARC_NONE)
        old = carc_union(s, T->seg_base + a, M->seg_base + MK->edge_seg[mc], 1, T->seg_base);
    int h0 = K->half_seg[2 * c], h1 = K->half_seg[2 * c + 1];
    if (h0 == CARC_NONE) /* a city side */
        return old;
    /* half i of the side meets half 1 - i of m's; a side with one field on both tiles (every
     * field side, some road ends) joins once */
    int mh0 = MK->half_seg[2 * mc], mh1 = MK->half_seg[2 * mc + 1];
    carc_union(s, T->seg_base + h0, M->seg_base + mh1, 0, 0);
    if (h0 != h1 || mh0 != mh1)
        carc_union(s, T->seg_base + h1, M->seg_base + mh0, 0, 0);
    return old;
}

/* carc_connect for the segment pairs of tile t's side d and tile m whose segments are marked
 * in aff (after a tile was taken away, only the features through it are joined again). */
static void carc_connect_marked(carc_state *s, int t, int d, int m, const uint8_t *aff)
{
    const carc_tile *T = &s->tiles[t], *M = &s->tiles[m];
    const carc_kind *K = &carc_kinds[T->kind], *MK = &carc_kinds[M->kind];
    int a = K->edge_seg[(d - T->rot) & 3];
    if (a != CARC_NONE && aff[T->seg_base + a])
        carc_union(s, T->seg_base + a, M->seg_base + MK->edge_seg[((d ^ 2) - M->rot) & 3], 1,
                   0);
    for (int i = 0; i < 2; i++) {
        int h = 2 * d + i;
        int ca = K->half_seg[(h - 2 * T->rot) & 7];
        if (ca != CARC_NONE && aff[T->seg_base + ca])
            carc_union(s, T->seg_base + ca,
                       M->seg_base + MK->half_seg[(carc_hmatch[h] - 2 * M->rot) & 7], 0, 0);
    }
}

/* Branch-free: in play whether a tile lies next to a cloister is close to random. */
static inline int carc_cl_near(const carc_tile *a, const carc_tile *b)
{
    unsigned dx = (unsigned)(a->x - b->x + 1), dy = (unsigned)(a->y - b->y + 1);
    return (dx <= 2) & (dy <= 2);
}

/* A frontier square that t's side d just reached (t's edge type val there, seen from the
 * square): an existing entry at j learns it, else a new entry goes in at j. Returns 1 if
 * inserted. */
static inline int carc_front_touch(carc_state *s, int j, int nsq, int d, int t, int val)
{
    if (j < s->nfront && carc_front_sq(&s->front[j]) == nsq) {
        s->front[j].nb[d ^ 2] = (uint8_t)t;
        s->front[j].key |= (uint32_t)val;
        return 0;
    }
    memmove(&s->front[j + 1], &s->front[j], (size_t)(s->nfront - j) * sizeof s->front[0]);
    carc_front *e = &s->front[j];
    e->key = carc_front_key(nsq, val);
    memset(e->nb, CARC_NONE, 4);
    e->nb[d ^ 2] = (uint8_t)t;
    s->nfront++;
    return 1;
}

int carc_place(const tafel_game *g, carc_state *s, int fi, int kind, int rot)
{
    carc_front f = s->front[fi];
    int sq = carc_front_sq(&f);
    int t = s->ntiles++;
    carc_tile *T = &s->tiles[t];
    T->x = (int8_t)carc_sqx(sq);
    T->y = (int8_t)carc_sqy(sq);
    T->kind = (uint8_t)kind;
    T->rot = (uint8_t)rot;
    memcpy(T->nb, f.nb, 4);
    T->cl_done = 0;
    carc_init_segs(g, s, t);
    const carc_kind *K = &carc_kinds[kind];
    int redges = carc_edges_rot(K->edges, rot);
    int oldjoin = 0;
    /* the sides with a neighbour as bits, so that the loop has one test for its end instead
     * of one per side (which sides have one is random in play) */
    for (unsigned has = carc_nb_mask(f.nb); has; has &= has - 1) {
        int d = __builtin_ctz(has), m = f.nb[d];
        s->tiles[m].nb[d ^ 2] = (uint8_t)t;
        oldjoin |= carc_connect(s, t, d, m);
    }
    /* the frontier is sorted by square and front[fi] is the placed square: the square north of
     * it lies before, south after; west and east, if new, take its slot (no removal and
     * insertion both) */
#define CARC_VAL(d) (((redges >> (2 * (d))) & 3) << (2 * ((d) ^ 2)))
    if (f.nb[0] == CARC_NONE)
        fi += carc_front_touch(s, carc_front_lower_in(s, sq - CARC_W, 0, fi), sq - CARC_W, 0, t,
                               CARC_VAL(0));
    if (f.nb[2] == CARC_NONE)
        carc_front_touch(s, carc_front_lower_in(s, sq + CARC_W, fi + 1, s->nfront), sq + CARC_W,
                         2, t, CARC_VAL(2));
    int wnew = 0, enew = 0;
    if (f.nb[3] == CARC_NONE) {
        if (fi > 0 && carc_front_sq(&s->front[fi - 1]) == sq - 1)
            carc_front_touch(s, fi - 1, sq - 1, 3, t, CARC_VAL(3));
        else
            wnew = 1;
    }
    if (f.nb[1] == CARC_NONE) {
        if (fi + 1 < s->nfront && carc_front_sq(&s->front[fi + 1]) == sq + 1)
            carc_front_touch(s, fi + 1, sq + 1, 1, t, CARC_VAL(1));
        else
            enew = 1;
    }
    if (wnew || enew) { /* the slot becomes the west square, else the east one */
        int d = wnew ? 3 : 1;
        carc_front *e = &s->front[fi];
        e->key = carc_front_key(sq + (wnew ? -1 : 1), CARC_VAL(d));
        memset(e->nb, CARC_NONE, 4);
        e->nb[d ^ 2] = (uint8_t)t;
        if (wnew && enew)
            carc_front_touch(s, fi + 1, sq + 1, 1, t, CARC_VAL(1));
    } else {
        memmove(&s->front[fi], &s->front[fi + 1], (size_t)(s->nfront - fi - 1) * sizeof f);
        s->nfront--;
        memset(&s->front[s->nfront], 0, sizeof f);
    }
#undef CARC_VAL
    /* a tile counts once per feature (only two cities or two roads of it can meet) */
    T->dup = 0;
    if (K->ncity > 1 || K->nroad > 1)
        carc_dedupe_tile(s, t);
    if (oldjoin)
        for (int u = 0; u < t; u++) {
            const carc_kind *UK = &carc_kinds[s->tiles[u].kind];
            if (UK->ncity > 1 || UK->nroad > 1)
                carc_dedupe_tile(s, u);
        }
    /* completions */
    s->npend = 0;
    s->npcl = 0;
    for (int i = 0; i < K->ncity + K->nroad; i++) { /* cities and roads come first */
        int r = carc_find(s, T->seg_base + i);
        if (s->open[r] == 0 && !(s->sfl[r] & CARC_S_DONE)) {
            s->sfl[r] |= CARC_S_DONE;
            s->pend[s->npend++] = (uint16_t)r;
        }
    }
    for (int c = 0; c < s->ncl; c++) {
        carc_tile *C = &s->tiles[s->cl[c].tile];
        int near = carc_cl_near(C, T), cnt = s->cl[c].cnt + near;
        s->cl[c].cnt = (uint8_t)cnt;
        if (((cnt == 8) & near) && !C->cl_done) {
            C->cl_done = 1;
            s->pcl[s->npcl++] = s->cl[c].tile;
        }
    }
    if (K->cloister != CARC_NONE) {
        int cnt = 0;
        for (int u = 0; u < t; u++)
            cnt += carc_cl_near(&s->tiles[u], T);
        s->cl[s->ncl].tile = (uint8_t)t;
        s->cl[s->ncl].cnt = (uint8_t)cnt;
        s->ncl++;
        if (cnt == 8) {
            T->cl_done = 1;
            s->pcl[s->npcl++] = (uint8_t)t;
        }
    }
    return t;
}

int carc_fits_anywhere(const carc_state *s, int kind, int skip_sq, int ignore)
{
    const uint8_t *fits = carc_fits[kind];
    for (int i = 0; i < s->nfront; i++) {
        const carc_front *f = &s->front[i];
        if (carc_front_sq(f) == skip_sq)
            continue;
        int val = carc_front_val(f);
        if (ignore != CARC_NONE) {
            int any = 0;
            for (int d = 0; d < 4; d++) {
                if (f->nb[d] == ignore) {
                    val &= ~(3 << (2 * d));
                } else if (f->nb[d] != CARC_NONE) {
                    any = 1;
                }
            }
            if (!any)
                continue;
        }
        if (fits[val])
            return 1;
    }
    return 0;
}

int carc_tile_at(const carc_state *s, int x, int y)
{
    for (int t = 0; t < s->ntiles; t++)
        if (s->tiles[t].x == x && s->tiles[t].y == y)
            return t;
    return -1;
}

void carc_rebuild(const tafel_game *g, carc_state *s)
{
    int x0 = 1000, x1 = -1000, y0 = 1000, y1 = -1000;
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        if (T->x < x0) x0 = T->x;
        if (T->x > x1) x1 = T->x;
        if (T->y < y0) y0 = T->y;
        if (T->y > y1) y1 = T->y;
    }
    x0--, y0--, x1++, y1++;
    int bw = x1 - x0 + 1, bh = y1 - y0 + 1;
    uint8_t map[bw * bh];
    memset(map, CARC_NONE, sizeof map);
    for (int t = 0; t < s->ntiles; t++)
        map[(s->tiles[t].y - y0) * bw + (s->tiles[t].x - x0)] = (uint8_t)t;
    s->nsegs = 0;
    s->ncl = 0;
    for (int t = 0; t < s->ntiles; t++) {
        carc_tile *T = &s->tiles[t];
        carc_init_segs(g, s, t);
        for (int d = 0; d < 4; d++)
            T->nb[d] = map[(T->y + carc_dy[d] - y0) * bw + (T->x + carc_dx[d] - x0)];
    }
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        for (int d = 1; d <= 2; d++)
            if (T->nb[d] != CARC_NONE)
                carc_connect(s, t, d, T->nb[d]);
        if (carc_kinds[T->kind].cloister != CARC_NONE) {
            int cnt = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    if ((dx || dy) && map[(T->y + dy - y0) * bw + (T->x + dx - x0)] != CARC_NONE)
                        cnt++;
            s->cl[s->ncl].tile = (uint8_t)t;
            s->cl[s->ncl].cnt = (uint8_t)cnt;
            s->ncl++;
        }
    }
    for (int i = 0; i < s->nsegs; i++) {
        int ty = s->sfl[i] & CARC_S_TYPE;
        if ((ty == CARC_CITY || ty == CARC_ROAD) && s->parent[i] == i && s->open[i] == 0)
            s->sfl[i] |= CARC_S_DONE;
    }
    /* distinct tiles per feature, counted from scratch */
    memset(s->tcount, 0, sizeof s->tcount);
    for (int t = 0; t < s->ntiles; t++) {
        carc_tile *T = &s->tiles[t];
        const carc_kind *K = &carc_kinds[T->kind];
        T->dup = 0;
        for (int j = 0; j < K->ncity + K->nroad; j++) {
            int rj = carc_find(s, T->seg_base + j), seen = 0;
            for (int i = 0; i < j && !seen; i++)
                seen = K->seg[i].type == K->seg[j].type && carc_find(s, T->seg_base + i) == rj;
            if (seen)
                T->dup = (uint8_t)(T->dup | 1 << j);
            else
                s->tcount[rj]++;
        }
    }
    for (int i = 0; i < s->nfol; i++) {
        int r = carc_find(s, s->tiles[s->fol[i].tile].seg_base + s->fol[i].seg);
        s->occ[r]++;
    }
    /* frontier, in square order: mark the empty neighbours of tiles, then collect them row by
     * row (the map is in square order) */
    enum { CAND = 254 };
    for (int t = 0; t < s->ntiles; t++)
        for (int d = 0; d < 4; d++)
            if (s->tiles[t].nb[d] == CARC_NONE)
                map[(s->tiles[t].y + carc_dy[d] - y0) * bw + (s->tiles[t].x + carc_dx[d] - x0)] =
                    CAND;
    s->nfront = 0;
    for (int i = 0; i < bw * bh; i++) {
        if (map[i] != CAND)
            continue;
        int x = x0 + i % bw, y = y0 + i / bw;
        carc_front f;
        memset(&f, 0, sizeof f);
        int val = 0;
        for (int d = 0; d < 4; d++) {
            int nx = x + carc_dx[d], ny = y + carc_dy[d];
            int m = (nx < x0 || nx > x1 || ny < y0 || ny > y1) ? CARC_NONE
                                                                : map[(ny - y0) * bw + (nx - x0)];
            if (m >= CAND)
                m = CARC_NONE;
            f.nb[d] = (uint8_t)m;
            if (m == CARC_NONE)
                continue;
            const carc_tile *M = &s->tiles[m];
            int me = carc_edges_rot(carc_kinds[M->kind].edges, M->rot);
            val |= ((me >> (2 * (d ^ 2))) & 3) << (2 * d);
        }
        f.key = carc_front_key(carc_sq(x, y), val);
        s->front[s->nfront++] = f;
    }
}

/* Links nb[0..3] without tile t, whose successors move down one: t becomes CARC_NONE, a later
 * tile one less (byte-wise in one word: tile indices are below 128, CARC_NONE is 255). Returns
 * non-zero if a link was t. */
static inline uint32_t carc_nb_drop(uint8_t *nb, int t)
{
    _Static_assert(CARC_MAX_TILES < 128 && CARC_NONE == 255, "links fit 7 bits, NONE is 255");
    const uint32_t lo7 = 0x7f7f7f7fu, high = 0x80808080u, ones = 0x01010101u;
    uint32_t w;
    memcpy(&w, nb, 4);
    uint32_t x = w ^ (uint32_t)t * ones;
    uint32_t eq = ~(((x & lo7) + lo7) | x) & high;                       /* bytes == t */
    uint32_t later = ((w | high) - (uint32_t)(t + 1) * ones) & high & ~w; /* t < byte < 128 */
    w = (w - (later >> 7)) | (eq >> 7) * 0xffu;
    memcpy(nb, &w, 4);
    return eq;
}

/* 1 if one of p[0..n) (n <= 8) is non-zero; p has 8 readable bytes. */
static inline int carc_any8(const uint8_t *p, int n)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    if (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
        w = __builtin_bswap64(w);
    return (w & (n >= 8 ? ~0ULL : (1ULL << (8 * n)) - 1)) != 0;
}

/* Take tile t off the board when no follower stands on it and none of its features is
 * completed (a Tatan pick): only the features through its segments change, so those are split
 * again from their segments, the rest is renumbered; the frontier and cloister counts are
 * patched around its square. carc_check_rebuild (tests) compares the result with a rebuild. */
static void carc_remove_open_tile(const tafel_game *g, carc_state *s, int t)
{
    const carc_tile old = s->tiles[t];
    const carc_kind *K = &carc_kinds[old.kind];
    int base = old.seg_base, k = K->nseg, n = s->nsegs;
    /* features through the tile: mark every segment in them (old numbering). A parent is
     * never above its segment (roots are their sets' smallest), so one pass upwards marks a
     * segment as its parent is marked; aff has 8 bytes of room for the word-wise scans. */
    uint8_t aff[CARC_MAX_SEGS + 8];
    memset(aff, 0, sizeof aff);
    for (int i = 0; i < k; i++)
        aff[carc_find(s, base + i)] = 1;
    for (int i = 0; i < n; i++)
        aff[i] |= aff[s->parent[i]];
    /* renumber segments after the tile's */
    for (int i = base + k; i < n; i++) {
        int j = i - k, p = s->parent[i];
        s->parent[j] = (uint16_t)(p < base ? p : p - k);
        s->open[j] = s->open[i];
        s->occ[j] = s->occ[i];
        s->pen[j] = s->pen[i];
        s->sfl[j] = s->sfl[i];
        s->tcount[j] = s->tcount[i];
        aff[j] = aff[i];
    }
    n -= k;
    s->nsegs = (uint16_t)n;
    /* tiles, links and followers without t */
    memmove(&s->tiles[t], &s->tiles[t + 1], (size_t)(s->ntiles - t - 1) * sizeof s->tiles[0]);
    s->ntiles--;
    memset(&s->tiles[s->ntiles], 0, sizeof s->tiles[0]);
    for (int u = 0; u < s->ntiles; u++) {
        carc_tile *U = &s->tiles[u];
        if (u >= t)
            U->seg_base = (uint16_t)(U->seg_base - k);
        carc_nb_drop(U->nb, t);
    }
    for (int i = 0; i < s->nfol; i++)
        if (s->fol[i].tile > t)
            s->fol[i].tile--;
    /* the features through the tile, from their segments again */
    int ec = g->params[CARC_P_ECINN] != 0;
    uint8_t taff[CARC_MAX_TILES]; /* the tile has a segment in those features */
    for (int u = 0; u < s->ntiles; u++) {
        const carc_tile *U = &s->tiles[u];
        const carc_kind *UK = &carc_kinds[U->kind];
        taff[u] = 0;
        if (!carc_any8(aff + U->seg_base, UK->nseg))
            continue;
        for (int i = 0; i < UK->nseg; i++)
            if (aff[U->seg_base + i]) {
                carc_init_seg(s, U->seg_base + i, UK, i, ec);
                taff[u] = 1;
            }
    }
    /* a joined pair of segments is in those features on both sides or on neither */
    for (int u = 0; u < s->ntiles; u++)
        for (int d = 1; d <= 2; d++)
            if (taff[u] && s->tiles[u].nb[d] != CARC_NONE)
                carc_connect_marked(s, u, d, s->tiles[u].nb[d], aff);
    for (int i = 0; i < n; i++) {
        if (!aff[i])
            continue;
        int r = carc_find(s, i), ty = s->sfl[r] & CARC_S_TYPE;
        if (r == i) {
            if ((ty == CARC_CITY || ty == CARC_ROAD) && s->open[i] == 0)
                s->sfl[i] |= CARC_S_DONE;
            s->tcount[i] = 0;
        }
    }
    /* distinct tiles per feature and the tiles' duplicate marks, for those features */
    for (int u = 0; u < s->ntiles; u++) {
        carc_tile *U = &s->tiles[u];
        const carc_kind *UK = &carc_kinds[U->kind];
        for (int j = 0; taff[u] && j < UK->ncity + UK->nroad; j++) {
            if (!aff[U->seg_base + j])
                continue;
            int rj = carc_find(s, U->seg_base + j), seen = 0;
            for (int i = 0; i < j && !seen; i++)
                seen = UK->seg[i].type == UK->seg[j].type && carc_find(s, U->seg_base + i) == rj;
            U->dup = (uint8_t)(seen ? U->dup | 1 << j : U->dup & ~(1 << j));
            s->tcount[rj] = (uint8_t)(s->tcount[rj] + !seen);
        }
    }
    for (int i = 0; i < s->nfol; i++) {
        int gs = s->tiles[s->fol[i].tile].seg_base + s->fol[i].seg;
        if (aff[gs])
            s->occ[carc_find(s, gs)]++;
    }
    /* cloisters: t's own entry goes, those around its square count one tile less */
    int m = 0;
    for (int c = 0; c < s->ncl; c++) {
        int ct = s->cl[c].tile;
        if (ct == t)
            continue;
        s->cl[m] = s->cl[c];
        s->cl[m].tile = (uint8_t)(ct - (ct > t));
        s->cl[m].cnt = (uint8_t)(s->cl[m].cnt - carc_cl_near(&s->tiles[ct - (ct > t)], &old));
        m++;
    }
    memset(&s->cl[m], 0, (size_t)(s->ncl - m) * sizeof s->cl[0]);
    s->ncl = (uint8_t)m;
    /* frontier: links renumbered, squares next to t lose that side (and go when it was their
     * only neighbour), t's square joins in order */
    int sq = carc_sq(old.x, old.y), nf = 0, at = -1;
    for (int i = 0; i < s->nfront; i++) {
        carc_front f = s->front[i];
        uint8_t was[4];
        memcpy(was, f.nb, 4);
        if (carc_nb_drop(f.nb, t)) /* next to t: that side's demand goes */
            for (int d = 0; d < 4; d++)
                if (was[d] == t)
                    f.key &= ~(3u << (2 * d));
        uint32_t w;
        memcpy(&w, f.nb, 4);
        if ((w & 0x80808080u) == 0x80808080u) /* no neighbour left */
            continue;
        if (at < 0 && carc_front_sq(&f) > sq)
            at = nf;
        s->front[nf++] = f;
    }
    if (at < 0)
        at = nf;
    memmove(&s->front[at + 1], &s->front[at], (size_t)(nf - at) * sizeof s->front[0]);
    nf++;
    carc_front *e = &s->front[at];
    memset(e, 0, sizeof *e);
    int val = 0;
    for (int d = 0; d < 4; d++) {
        int v = old.nb[d];
        v = v == CARC_NONE ? CARC_NONE : v - (v > t);
        e->nb[d] = (uint8_t)v;
        if (v == CARC_NONE)
            continue;
        const carc_tile *M = &s->tiles[v];
        int me = carc_edges_rot(carc_kinds[M->kind].edges, M->rot);
        val |= ((me >> (2 * (d ^ 2))) & 3) << (2 * d);
    }
    e->key = carc_front_key(sq, val);
    s->nfront = (uint8_t)nf;
}

void carc_remove_tile(const tafel_game *g, carc_state *s, int t)
{
    int open = !s->tiles[t].cl_done;
    const carc_kind *K = &carc_kinds[s->tiles[t].kind];
    for (int i = 0; i < s->nfol && open; i++)
        open = s->fol[i].tile != t;
    for (int i = 0; i < K->nseg && open; i++)
        open = !(s->sfl[carc_find(s, s->tiles[t].seg_base + i)] & CARC_S_DONE);
    if (open && s->ntiles > 1) {
        carc_remove_open_tile(g, s, t);
    } else {
        memmove(&s->tiles[t], &s->tiles[t + 1], (size_t)(s->ntiles - t - 1) * sizeof s->tiles[0]);
        s->ntiles--;
        memset(&s->tiles[s->ntiles], 0, sizeof s->tiles[0]);
        for (int i = 0; i < s->nfol; i++)
            if (s->fol[i].tile > t)
                s->fol[i].tile--;
        carc_rebuild(g, s);
    }
    /* clear stale segment slots so states compare byte for byte */
    int n = s->nsegs;
    memset(&s->parent[n], 0, (CARC_SEG_ROOM - n) * sizeof s->parent[0]);
    memset(&s->open[n], 0, CARC_SEG_ROOM - n);
    memset(&s->occ[n], 0, CARC_SEG_ROOM - n);
    memset(&s->pen[n], 0, CARC_SEG_ROOM - n);
    memset(&s->sfl[n], 0, CARC_SEG_ROOM - n);
    memset(&s->tcount[n], 0, CARC_SEG_ROOM - n);
    memset(&s->front[s->nfront], 0, (size_t)(CARC_MAX_FRONT - s->nfront) * sizeof s->front[0]);
}

static int carc_compare_features(const carc_state *s, const carc_state *r, char *err,
                                 size_t errlen);

int carc_check_rebuild(const tafel_game *g, const carc_state *s, char *err, size_t errlen)
{
    carc_state r;
    memcpy(&r, s, sizeof r);
    carc_rebuild(g, &r);
    return carc_compare_features(s, &r, err, errlen);
}

static int carc_compare_features(const carc_state *s, const carc_state *r, char *err,
                                 size_t errlen)
{
    if (r->nsegs != s->nsegs) {
        snprintf(err, errlen, "rebuild: %d segments, incremental %d", r->nsegs, s->nsegs);
        return -1;
    }
    if (r->nfront != s->nfront || memcmp(r->front, s->front, s->nfront * sizeof s->front[0])) {
        snprintf(err, errlen, "rebuild: frontier differs (%d vs %d squares)", r->nfront,
                 s->nfront);
        return -1;
    }
    if (r->ncl != s->ncl || memcmp(r->cl, s->cl, sizeof r->cl[0] * s->ncl)) {
        snprintf(err, errlen, "rebuild: cloister counts differ");
        return -1;
    }
    for (int t = 0; t < s->ntiles; t++)
        if (memcmp(r->tiles[t].nb, s->tiles[t].nb, 4) || r->tiles[t].dup != s->tiles[t].dup) {
            snprintf(err, errlen, "rebuild: links or duplicate marks of tile %d differ", t);
            return -1;
        }
    uint16_t map[CARC_MAX_SEGS];
    memset(map, 0xff, sizeof map);
    for (int i = 0; i < s->nsegs; i++) {
        int a = carc_find_c(s, i), b = carc_find_c(r, i);
        if (map[a] == 0xffff) {
            map[a] = (uint16_t)b;
            int ty = s->sfl[a] & CARC_S_TYPE;
            int lin = ty == CARC_CITY || ty == CARC_ROAD;
            if ((lin && (s->open[a] != r->open[b] || s->pen[a] != r->pen[b] ||
                         s->tcount[a] != r->tcount[b])) ||
                s->occ[a] != r->occ[b] || s->sfl[a] != r->sfl[b]) {
                snprintf(err, errlen,
                         "rebuild: feature of segment %d differs: open %d/%d occ %d/%d pen %d/%d "
                         "flags %d/%d tiles %d/%d",
                         i, s->open[a], r->open[b], s->occ[a], r->occ[b], s->pen[a], r->pen[b],
                         s->sfl[a], r->sfl[b], s->tcount[a], r->tcount[b]);
                return -1;
            }
        } else if (map[a] != b) {
            snprintf(err, errlen, "rebuild: segment %d is in another feature", i);
            return -1;
        }
    }
    /* the partition must match both ways */
    uint16_t back[CARC_MAX_SEGS];
    memset(back, 0xff, sizeof back);
    for (int i = 0; i < s->nsegs; i++) {
        int a = carc_find_c(s, i), b = carc_find_c(r, i);
        if (back[b] == 0xffff)
            back[b] = (uint16_t)a;
        else if (back[b] != a) {
            snprintf(err, errlen, "rebuild: segment %d joins features the incremental split", i);
            return -1;
        }
    }
    return 0;
}
