/* tr2_tensor.c: Die Tafelrunde 2's observation tensor (layout in docs/python.md). It shows what
 * tr2_info.c's view shows: another player's hand only as far as everyone saw it enter (D-10)
 * plus its size, his draw pile only as a size, his special card once it is public. */
#include <string.h>

#include "games/tafelrunde2/tr2.h"

typedef struct {
    float *out;
    int n;
} t2_cur;

static void t2_num(t2_cur *c, float x)
{
    if (c->out)
        c->out[c->n] = x;
    c->n++;
}

static void t2_onehot(t2_cur *c, int n, int i)
{
    if (c->out && i >= 0 && i < n)
        c->out[c->n + i] = 1;
    c->n += n;
}

static void t2_bits(t2_cur *c, unsigned mask, int n)
{
    for (int i = 0; i < n; i++)
        t2_num(c, (float)((mask >> i) & 1));
}

static void t2_counts(t2_cur *c, const uint8_t *k)
{
    for (int i = 0; i < TR2_NKIND; i++)
        t2_num(c, k[i]);
}

static void t2_write(const tafel_game *g, const tr2_state *s, int viewer, t2_cur *c)
{
    int P = g->num_players;
    /* Special cards are dealt one player at a time during setup (as tr2_info.c counts them). */
    int dealt = s->phase == TR2_PH_START ? 0 : s->phase == TR2_PH_SPECIALS ? s->turn : P;
    t2_onehot(c, 9, s->phase);
    t2_num(c, s->raid);
    t2_onehot(c, P, s->start);
    t2_onehot(c, P, s->turn);
    t2_num(c, s->left);
    t2_num(c, s->done);
    t2_num(c, s->nplayed);
    t2_num(c, s->zork ? s->zork_left : 0);
    t2_onehot(c, P, s->zork - 1);
    t2_onehot(c, TR2_NCOL, s->phase == TR2_PH_ZORK ? s->scoring : -1);
    t2_counts(c, s->centre);
    t2_counts(c, s->pile);
    for (int p = 0; p < P; p++) {
        int own = p == viewer;
        t2_bits(c, own ? s->hand[p] : s->hand[p] & s->known[p], TR2_NCARDS);
        t2_num(c, (float)tr2_popcount(s->hand[p]));
        t2_bits(c, own ? s->draw[p] : 0, TR2_NCARDS);
        t2_num(c, (float)tr2_popcount(s->draw[p]));
        t2_bits(c, s->disc[p], TR2_NCARDS);
        int known = p < dealt && (own || (s->special_public >> p & 1));
        t2_onehot(c, 4, known ? s->special[p] : -1);
        for (int col = 0; col < TR2_NCOL; col++)
            t2_bits(c, s->pmask[p][col], TR2_NCARDS);
        t2_num(c, (float)((s->special_played >> p) & 1));
        t2_onehot(c, TR2_NCOL, s->warn[p] - 1);
        t2_num(c, (float)((s->passed >> p) & 1));
        t2_counts(c, s->up[p]);
        t2_counts(c, s->down[p]);
        t2_num(c, (float)tr2_gems_down(s, p));
    }
    t2_onehot(c, P, viewer);
}

int tr2_observation_tensor(const tafel_game *g, const void *state, int viewer, float *out,
                           int *shape)
{
    tr2_state zero;
    t2_cur count = {NULL, 0};
    memset(&zero, 0, sizeof zero);
    t2_write(g, &zero, 0, &count);
    shape[0] = count.n;
    if (!state || !out)
        return 1;
    memset(out, 0, (size_t)count.n * sizeof *out);
    t2_cur c = {out, 0};
    t2_write(g, state, viewer, &c);
    return 1;
}
