/* targi_score.c: final scoring (section 2.6), returns with tie-breaks, and the evaluation. */
#include "targi_state.h"

static int score_count(const targi_player *pl, int sym)
{
    int n = 0;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < pl->rowlen[r]; c++)
            n += targi_tribe[pl->disp[r * 4 + c]].symbol == sym;
    return n;
}

int targi_row_bonus(const targi_player *pl)
{
    int fours = 0, different = 0;
    for (int r = 0; r < 3; r++) {
        if (pl->rowlen[r] < 4)
            continue;
        int mask = 0;
        for (int c = 0; c < 4; c++)
            mask |= 1 << targi_tribe[pl->disp[r * 4 + c]].symbol;
        if (__builtin_popcount(mask) == 1)
            fours++;
        else if (__builtin_popcount(mask) == 4)
            different++;
    }
    int upgraded = 0;
    if (targi_owns(pl, TG_CARD(TG_SYM_A, 5)))
        upgraded = different < 2 ? different : 2;
    return 4 * fours + 4 * upgraded + 2 * (different - upgraded);
}

int targi_score(const targi_state *s, int p)
{
    const targi_player *pl = &s->pl[p], *op = &s->pl[1 - p];
    int score = pl->vp;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < pl->rowlen[r]; c++) {
            int card = pl->disp[r * 4 + c];
            score += targi_tribe[card].vp;
            if (card == TG_CARD(TG_SYM_C, 6) && c == 3)
                score += 2;
        }
    if (targi_owns(pl, TG_CARD(TG_SYM_O, 4)))
        score += score_count(pl, TG_SYM_W) / 2;
    if (targi_owns(pl, TG_CARD(TG_SYM_C, 4)))
        score += score_count(pl, TG_SYM_T) / 2;
    if (targi_owns(pl, TG_CARD(TG_SYM_W, 4)))
        score += score_count(pl, TG_SYM_A) / 2;
    if (targi_owns(pl, TG_CARD(TG_SYM_T, 4)))
        score += score_count(pl, TG_SYM_O) / 2;
    if (targi_owns(pl, TG_CARD(TG_SYM_A, 4)))
        score += score_count(pl, TG_SYM_C) / 2;
    if (targi_owns(pl, TG_CARD(TG_SYM_C, 5)) && pl->ncards > op->ncards)
        score += 1;
    if (targi_owns(pl, TG_CARD(TG_SYM_T, 5)) && pl->ncards >= 10)
        score += 1;
    return score + targi_row_bonus(pl);
}

void targi_scores(const tafel_game *g, const void *state, int *out)
{
    (void)g;
    for (int p = 0; p < 2; p++)
        out[p] = targi_score(state, p);
}

void targi_returns(const tafel_game *g, const void *state, double *out)
{
    (void)g;
    const targi_state *s = state;
    out[0] = out[1] = 0;
    if (s->stage != TG_ST_OVER)
        return;
    long key[2];
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &s->pl[p];
        key[p] = ((long)targi_score(s, p) * 256 + pl->gold) * 256 + targi_goods_total(pl);
    }
    if (key[0] == key[1])
        out[0] = out[1] = 0.5;
    else
        out[key[1] > key[0]] = 1;
}

void targi_evaluate(const tafel_game *g, const void *state, double *out)
{
    (void)g;
    const targi_state *s = state;
    int left = s->round >= 13 ? 0 : 13 - s->round; /* rounds still to come */
    for (int p = 0; p < 2; p++) {
        const targi_player *pl = &s->pl[p];
        double v = targi_score(s, p);
        if (s->stage != TG_ST_OVER) {
            /* Resources turn into cards or VP later; a hand card is a likely play. */
            double res = targi_goods_total(pl) * 0.35 + (pl->gold + pl->w9gold) * 0.9;
            double cap = left * 2.5;
            v += res < cap ? res : cap;
            if (pl->hand != TG_NONE && pl->ncards < 12)
                v += targi_tribe[pl->hand].vp * 0.6;
        }
        out[p] = v;
    }
}
