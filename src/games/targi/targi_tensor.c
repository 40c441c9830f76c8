/* targi_tensor.c: Targi's observation tensor (layout in docs/python.md). Built like the view:
 * face-down centre cards, the opponent's secretly drawn hand card and a secret pending card
 * are left out (a "hidden" flag instead), as are the decks' contents (counts only). */
#include <string.h>

#include "targi_state.h"

/* A write cursor; with out == NULL it only counts (the shape). */
typedef struct {
    float *out;
    int n;
} tt_cur;

static void tt_num(tt_cur *c, float x)
{
    if (c->out)
        c->out[c->n] = x;
    c->n++;
}

/* n floats, 1 at index i when 0 <= i < n. */
static void tt_onehot(tt_cur *c, int n, int i)
{
    if (c->out && i >= 0 && i < n)
        c->out[c->n + i] = 1;
    c->n += n;
}

/* A tribe card the viewer sees (one-hot), or the hidden flag, or nothing (TG_NONE). */
static void tt_card(tt_cur *c, int card, int visible)
{
    tt_onehot(c, TG_NTRIBE, visible && card != TG_NONE ? card : -1);
    tt_num(c, !visible && card != TG_NONE);
}

static void tt_write(const targi_state *s, int viewer, tt_cur *c)
{
    tt_num(c, s->round);
    tt_num(c, s->robber);
    tt_onehot(c, 2, s->start);
    tt_onehot(c, 2, s->turn);
    tt_onehot(c, 7, s->stage);
    tt_onehot(c, 6, s->chance);
    tt_num(c, s->setup_step);
    tt_num(c, s->raid);
    tt_num(c, s->end_flag);
    tt_onehot(c, 9, s->pend);
    tt_card(c, s->pend == TG_P_NONE || s->pend_card >= TG_NTRIBE ? TG_NONE : s->pend_card,
            !s->pend_secret || viewer == s->turn);
    tt_onehot(c, 9, s->pend_cell);
    tt_num(c, s->pend_n);
    tt_onehot(c, 4, s->pend_via);
    tt_num(c, s->pend_flag);
    tt_num(c, s->pend_gen);
    for (int b = 0; b < 17; b++)
        tt_onehot(c, 2, s->border[b]);
    for (int i = 0; i < 9; i++) {
        int tribe = s->cell_kind[i] == TG_KIND_TRIBE, card = s->cell_card[i];
        int shown = !s->cell_down[i] && card != TG_NONE;
        tt_num(c, tribe);
        tt_onehot(c, TG_NTRIBE, shown && tribe ? card : -1);
        tt_onehot(c, TG_NGOODS_TYPES, shown && !tribe ? card : -1);
        tt_num(c, s->cell_down[i]);
        tt_num(c, card == TG_NONE);
        tt_num(c, s->cell_gen[i]);
        tt_onehot(c, 2, s->cell_mark[i]);
    }
    tt_onehot(c, 9, s->repl_cell);
    tt_num(c, s->gdeck_n);
    tt_num(c, (float)targi_popcount(s->tdeck));
    tt_num(c, s->ggen);
    tt_num(c, s->tgen);
    for (int t = 0; t < TG_NGOODS_TYPES; t++)
        tt_num(c, s->gdisc[t]);
    for (int k = 0; k < TG_NTRIBE; k++)
        tt_num(c, (float)((s->tdisc >> k) & 1));
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &s->pl[p];
        for (int k = 0; k < 3; k++)
            tt_num(c, pl->goods[k]);
        tt_num(c, pl->gold);
        tt_num(c, pl->vp);
        tt_num(c, pl->w9gold);
        tt_num(c, (float)targi_score(s, p));
        tt_num(c, pl->ncards);
        for (int r = 0; r < 3; r++)
            tt_num(c, pl->rowlen[r]);
        for (int i = 0; i < 12; i++)
            tt_onehot(c, TG_NTRIBE, pl->rowlen[i / 4] > i % 4 ? pl->disp[i] : -1);
        tt_card(c, pl->hand, !pl->hand_secret || viewer == p);
        tt_num(c, pl->hand_round);
        tt_num(c, pl->hand_gen);
        float *targi = c->out ? c->out + c->n : NULL;
        c->n += 17;
        float *open = c->out ? c->out + c->n : NULL;
        c->n += 17;
        for (int i = 0; targi && i < pl->ntargi; i++) {
            targi[pl->targi[i]] = 1;
            open[pl->targi[i]] = (float)((pl->open_targi >> pl->targi[i]) & 1);
        }
        float *mark = c->out ? c->out + c->n : NULL;
        c->n += 9;
        float *mopen = c->out ? c->out + c->n : NULL;
        c->n += 9;
        for (int i = 0; mark && i < pl->nmarker; i++) {
            mark[pl->marker[i]] = 1;
            mopen[pl->marker[i]] = (pl->src & TG_SRC_MARKER(i)) != 0;
        }
        tt_num(c, pl->maxtargi);
        tt_num(c, pl->t9_next);
        tt_num(c, pl->got);
        tt_num(c, pl->w8_used);
    }
    tt_onehot(c, 2, viewer);
}

int targi_observation_tensor(const tafel_game *g, const void *state, int viewer, float *out,
                             int *shape)
{
    (void)g;
    targi_state zero;
    tt_cur count = {NULL, 0};
    memset(&zero, 0, sizeof zero);
    tt_write(&zero, 0, &count);
    shape[0] = count.n;
    if (!state || !out)
        return 1;
    memset(out, 0, (size_t)count.n * sizeof *out);
    tt_cur c = {out, 0};
    tt_write(state, viewer, &c);
    return 1;
}
