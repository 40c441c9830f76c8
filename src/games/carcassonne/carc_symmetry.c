/* carc_symmetry.c: which rotations of a tile are the same tile, so that searching bots place a
 * symmetric tile once per square (the distinct_actions hook); the rules keep every rotation. */
#include "games/carcassonne/carc.h"

static int carc_rot4(int m, int k) { return ((m << k) | (m >> (4 - k))) & 15; }
static int carc_rot8(int m, int k) { return ((m << 2 * k) | (m >> (8 - 2 * k))) & 255; }

/* 1 if turning the tile by k quarter turns maps every segment onto one of the same type and
 * flags, with the same bordering cities: the turned tile plays exactly as the original. */
static int carc_turn_is_same(const carc_kind *K, int k)
{
    if (carc_edges_rot(K->edges, k) != K->edges)
        return 0;
    int perm[CARC_MAXSEG];
    for (int i = 0; i < K->nseg; i++) {
        const carc_seg *a = &K->seg[i];
        int m = a->type == CARC_FIELD ? carc_rot8(a->mask, k)
                                      : a->type == CARC_CLOISTER ? a->mask : carc_rot4(a->mask, k);
        perm[i] = -1;
        for (int j = 0; j < K->nseg && perm[i] < 0; j++)
            if (K->seg[j].type == a->type && K->seg[j].flags == a->flags && K->seg[j].mask == m)
                perm[i] = j;
        if (perm[i] < 0)
            return 0;
    }
    for (int i = 0; i < K->nseg; i++) {
        int cities = 0;
        for (int c = 0; c < K->ncity; c++)
            if (K->seg[i].cities >> c & 1)
                cities |= 1 << perm[c];
        if (K->seg[perm[i]].cities != cities)
            return 0;
    }
    return 1;
}

int carc_kind_period(int kind)
{
    const carc_kind *K = &carc_kinds[kind];
    if (carc_turn_is_same(K, 1))
        return 1;
    return carc_turn_is_same(K, 2) ? 2 : 4;
}

int carc_distinct_actions(const tafel_game *g, const void *state, int32_t *actions, int n)
{
    (void)g;
    const carc_state *s = state;
    if ((s->phase != CARC_PH_PLACE && s->phase != CARC_PH_MOVE) || s->hand == CARC_NONE)
        return n;
    int period = carc_kind_period(s->hand);
    if (period == 4)
        return n;
    /* rotation r and r + period are the same tile; the smaller fits wherever the larger does */
    int m = 0;
    for (int i = 0; i < n; i++)
        if ((actions[i] - CARC_A_PLACE) % 4 < period)
            actions[m++] = actions[i];
    return m;
}
