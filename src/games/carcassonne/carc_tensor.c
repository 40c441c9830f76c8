/* carc_tensor.c: Carcassonne's observation tensor (layout in docs/python.md). Nothing of the
 * state is hidden (the stack order is never stored), so every viewer gets the whole position. */
#include <string.h>

#include "carc.h"

/* The board window: squares -15..15 around the start tile. Random and bot games stay inside;
 * a tile beyond it is counted in the tensor's last field. */
#define CT_R 15
#define CT_W (2 * CT_R + 1)
#define CT_SQ_FIXED 59 /* fields per square before the follower's owner (one per player) */

static int ct_size(const tafel_game *g)
{
    int P = g->num_players;
    return CT_W * CT_W * (CT_SQ_FIXED + P) + 9 + P + 1 + 4 * CARC_NKINDS + 2 + P + 4 * P + P + 1;
}

/* The first float of square (x, y), or NULL outside the window. */
static float *ct_square(const tafel_game *g, float *out, int x, int y)
{
    if (x < -CT_R || x > CT_R || y < -CT_R || y > CT_R)
        return NULL;
    return out + ((y + CT_R) * CT_W + (x + CT_R)) * (CT_SQ_FIXED + g->num_players);
}

int carc_observation_tensor(const tafel_game *g, const void *state, int viewer, float *out,
                            int *shape)
{
    shape[0] = ct_size(g);
    if (!state || !out)
        return 1;
    const carc_state *s = state;
    int P = g->num_players;
    memset(out, 0, (size_t)shape[0] * sizeof *out);
    float outside = 0;
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        float *q = ct_square(g, out, T->x, T->y);
        if (!q) {
            outside++;
            continue;
        }
        q[0] = 1;
        q[1 + T->kind] = 1;
        q[43 + T->rot] = 1;
        if (t == s->placed)
            q[48] = 1;
    }
    for (int i = 0; i < s->ntat; i++) {
        float *q = ct_square(g, out, carc_sqx(s->tat_sq[i]), carc_sqy(s->tat_sq[i]));
        if (!q) {
            outside++;
            continue;
        }
        q[47] = 1;
        if (s->tat_fol[i]) {
            int f = s->tat_fol[i] - 1;
            q[58] = (float)(f & 1);
            q[CT_SQ_FIXED + f / 2] = 1;
        }
    }
    if (s->phase == CARC_PH_MOVE) {
        float *q = ct_square(g, out, carc_sqx(s->move_from), carc_sqy(s->move_from));
        if (q)
            q[49] = 1;
    }
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        float *q = ct_square(g, out, s->tiles[f->tile].x, s->tiles[f->tile].y);
        if (!q)
            continue;
        q[50 + f->seg] = 1;
        q[58] = f->large;
        q[CT_SQ_FIXED + f->player] = 1;
    }
    float *v = out + CT_W * CT_W * (CT_SQ_FIXED + P);
    v[s->phase] = 1;
    v += 9;
    if (s->phase != CARC_PH_START && s->phase != CARC_PH_OVER)
        v[s->cur] = 1;
    v += P;
    *v++ = g->type->current_player(g, s) == TAFEL_CHANCE;
    if (s->hand != CARC_NONE)
        v[s->hand] = 1;
    v += CARC_NKINDS;
    for (int k = 0; k < CARC_NKINDS; k++) {
        v[k] = s->remain[k];
        v[CARC_NKINDS + k] = s->discarded[k];
    }
    v += 2 * CARC_NKINDS;
    for (int i = 0; i < s->nbag; i++)
        v[s->bag[i]]++;
    v += CARC_NKINDS;
    *v++ = s->bagdraws;
    *v++ = s->pending;
    if (s->last_player < P)
        v[s->last_player] = 1;
    v += P;
    for (int p = 0; p < P; p++) {
        v[4 * p] = s->score[p];
        v[4 * p + 1] = s->supply[p];
        v[4 * p + 2] = s->large[p];
        v[4 * p + 3] = s->held[p];
    }
    v += 4 * P;
    v[viewer] = 1;
    v += P;
    *v = outside;
    return 1;
}
