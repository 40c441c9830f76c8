/* carc_naive.h: an independent, slow model of the board for the tests: features by breadth-first
 * search over coordinates (no union-find), compared with the engine's features, and the final
 * scoring recomputed from the spec's table. */
#ifndef CARC_NAIVE_H
#define CARC_NAIVE_H

#include "carc_harness.h"

#define NV_MAXF (CARC_MAX_TILES * CARC_MAXSEG)

typedef struct {
    int nf;
    int16_t comp[CARC_MAX_TILES][CARC_MAXSEG]; /* feature of (tile, segment) */
    uint8_t type[NV_MAXF], inn[NV_MAXF], cath[NV_MAXF];
    int16_t open[NV_MAXF], tiles[NV_MAXF], pen[NV_MAXF];
} nv_board;

static const int nv_dx[4] = {0, 1, 0, -1}, nv_dy[4] = {-1, 0, 1, 0};
static const int nv_hpair[8] = {5, 4, 7, 6, 1, 0, 3, 2}; /* Nw-Sw, Ne-Se, En-Wn, Es-Ws */

static inline int nv_tile_at(const carc_state *s, int x, int y)
{
    for (int t = 0; t < s->ntiles; t++)
        if (s->tiles[t].x == x && s->tiles[t].y == y)
            return t;
    return -1;
}

/* board sides (city/road) or board half-edges (field) of a segment */
static inline int nv_board_mask(const carc_state *s, int t, int i)
{
    const carc_seg *sg = &carc_kinds[s->tiles[t].kind].seg[i];
    int r = s->tiles[t].rot, m = 0;
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

static inline int nv_seg_with(const carc_state *s, int t, int type, int bit)
{
    const carc_kind *K = &carc_kinds[s->tiles[t].kind];
    for (int i = 0; i < K->nseg; i++)
        if (K->seg[i].type == type && (nv_board_mask(s, t, i) >> bit & 1))
            return i;
    return -1;
}

static inline void nv_build(const tafel_game *g, const carc_state *s, nv_board *b)
{
    memset(b, 0, sizeof *b);
    for (int t = 0; t < s->ntiles; t++)
        for (int i = 0; i < CARC_MAXSEG; i++)
            b->comp[t][i] = -1;
    int qt[NV_MAXF], qi[NV_MAXF];
    for (int t0 = 0; t0 < s->ntiles; t0++) {
        const carc_kind *K0 = &carc_kinds[s->tiles[t0].kind];
        for (int i0 = 0; i0 < K0->nseg; i0++) {
            if (b->comp[t0][i0] >= 0)
                continue;
            int f = b->nf++, type = K0->seg[i0].type, qh = 0, qn = 0;
            b->type[f] = (uint8_t)type;
            uint8_t seen_tile[CARC_MAX_TILES] = {0};
            b->comp[t0][i0] = (int16_t)f;
            qt[qn] = t0;
            qi[qn++] = i0;
            while (qh < qn) {
                int t = qt[qh], i = qi[qh++];
                const carc_seg *sg = &carc_kinds[s->tiles[t].kind].seg[i];
                if (!seen_tile[t]) {
                    seen_tile[t] = 1;
                    b->tiles[f]++;
                }
                b->pen[f] += !!(sg->flags & CARC_F_PENNANT);
                b->inn[f] |= !!(sg->flags & CARC_F_INN) ||
                             (!!(sg->flags & CARC_F_INN_OPT) && tafel_game_param(g, "ec_inn_both"));
                b->cath[f] |= !!(sg->flags & CARC_F_CATHEDRAL);
                if (type == CARC_CLOISTER)
                    continue;
                int m = nv_board_mask(s, t, i);
                int lin = type != CARC_FIELD;
                for (int bit = 0; bit < (lin ? 4 : 8); bit++) {
                    if (!(m >> bit & 1))
                        continue;
                    int d = lin ? bit : bit / 2;
                    int u = nv_tile_at(s, s->tiles[t].x + nv_dx[d], s->tiles[t].y + nv_dy[d]);
                    if (u < 0) {
                        b->open[f] += lin;
                        continue;
                    }
                    int j = nv_seg_with(s, u, type, lin ? (d + 2) % 4 : nv_hpair[bit]);
                    assert_true(j >= 0);
                    if (b->comp[u][j] < 0) {
                        b->comp[u][j] = (int16_t)f;
                        qt[qn] = u;
                        qi[qn++] = j;
                    }
                }
            }
        }
    }
}

/* The engine's features equal the naive ones: same partition, open edges, tiles, pennants,
 * inn and cathedral marks, and completion marks (a road/city is marked iff it has no open edge,
 * except during the deployment step, whose completions are marked already). */
static inline int nv_check_features(const tafel_game *g, const carc_state *s, char *err,
                                    size_t errlen)
{
    static nv_board b;
    nv_build(g, s, &b);
    static int16_t root_of[NV_MAXF];
    static int16_t f_of_root[CARC_MAX_SEGS];
    for (int i = 0; i < b.nf; i++)
        root_of[i] = -1;
    for (int i = 0; i < CARC_MAX_SEGS; i++)
        f_of_root[i] = -1;
    for (int t = 0; t < s->ntiles; t++) {
        const carc_kind *K = &carc_kinds[s->tiles[t].kind];
        for (int i = 0; i < K->nseg; i++) {
            int f = b.comp[t][i], r = carc_find_c(s, s->tiles[t].seg_base + i);
            if (root_of[f] < 0 && f_of_root[r] < 0) {
                root_of[f] = (int16_t)r;
                f_of_root[r] = (int16_t)f;
            } else if (root_of[f] != r || f_of_root[r] != f) {
                snprintf(err, errlen, "naive: tile %d segment %d is in another feature", t, i);
                return -1;
            }
            int ty = b.type[f];
            if (ty == CARC_CITY || ty == CARC_ROAD) {
                int done = !!(s->sfl[r] & CARC_S_DONE);
                if (s->open[r] != b.open[f] || s->tcount[r] != b.tiles[f] ||
                    s->pen[r] != b.pen[f] || done != (b.open[f] == 0) ||
                    !!(s->sfl[r] & CARC_S_INN) != b.inn[f] ||
                    !!(s->sfl[r] & CARC_S_CATH) != b.cath[f]) {
                    snprintf(err, errlen,
                             "naive: feature of tile %d seg %d: open %d/%d tiles %d/%d pen %d/%d "
                             "done %d",
                             t, i, s->open[r], b.open[f], s->tcount[r], b.tiles[f], s->pen[r],
                             b.pen[f], done);
                    return -1;
                }
            }
        }
    }
    return 0;
}

/* Final scoring by the spec's right-hand column, per player and kind. */
static inline void nv_final(const tafel_game *g, const carc_state *s,
                            int out[TAFEL_MAX_PLAYERS][CARC_NK])
{
    static nv_board b;
    nv_build(g, s, &b);
    memset(out, 0, sizeof(int) * TAFEL_MAX_PLAYERS * CARC_NK);
    static uint8_t scored[NV_MAXF];
    memset(scored, 0, sizeof scored);
    for (int i = 0; i < s->nfol; i++) {
        int f = b.comp[s->fol[i].tile][s->fol[i].seg];
        if (scored[f])
            continue;
        scored[f] = 1;
        int str[TAFEL_MAX_PLAYERS] = {0}, best = 0;
        for (int j = 0; j < s->nfol; j++)
            if (b.comp[s->fol[j].tile][s->fol[j].seg] == f) {
                str[s->fol[j].player] += s->fol[j].large ? 2 : 1;
                if (str[s->fol[j].player] > best)
                    best = str[s->fol[j].player];
            }
        int v = 0, kind = 0;
        switch (b.type[f]) {
        case CARC_ROAD:
            kind = CARC_K_ROAD;
            v = b.inn[f] ? 0 : b.tiles[f];
            break;
        case CARC_CITY:
            kind = CARC_K_CITY;
            v = b.cath[f] ? 0 : b.tiles[f] + b.pen[f];
            break;
        case CARC_CLOISTER: {
            kind = CARC_K_CLOISTER;
            const carc_tile *T = &s->tiles[s->fol[i].tile];
            v = 1;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    v += (dx || dy) && nv_tile_at(s, T->x + dx, T->y + dy) >= 0;
            break;
        }
        default: {
            kind = CARC_K_FIELD;
            if (tafel_game_param(g, "farmers") != 0)
                break;
            static uint8_t city[NV_MAXF];
            memset(city, 0, sizeof city);
            for (int t = 0; t < s->ntiles; t++) {
                const carc_kind *K = &carc_kinds[s->tiles[t].kind];
                for (int k = 0; k < K->nseg; k++)
                    if (b.comp[t][k] == f)
                        for (int c = 0; c < K->nseg; c++)
                            if (K->seg[k].cities >> c & 1) {
                                int cf = b.comp[t][c];
                                if (b.open[cf] == 0 && !city[cf]) {
                                    city[cf] = 1;
                                    v += 3;
                                }
                            }
            }
        }
        }
        for (int p = 0; p < s->nplayers; p++)
            if (best && str[p] == best)
                out[p][kind] += v;
    }
}

#endif
