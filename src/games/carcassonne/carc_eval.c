/* carc_eval.c: the evaluation the bots search with: current scores plus the expected value of
 * what is still open. Not a rule: a heuristic, kept apart from the scoring rules. */
#include <string.h>

#include "games/carcassonne/carc.h"

/* Current score plus what every follower's feature would give now at final scoring, weighted
 * by how likely it is to be completed, plus a little for followers in supply, minus the future
 * a farmer gives up. Hot in search:
 * one find per follower, one pass over the board for all fields (if a farmer stands). */
void carc_evaluate_state(const tafel_game *g, const carc_state *s, double *out)
{
    for (int p = 0; p < s->nplayers; p++)
        out[p] = s->score[p];
    if (s->phase == CARC_PH_OVER)
        return;
    int left = s->nremain;
    uint16_t done[CARC_MAX_FOL], first[CARC_MAX_FOL];
    uint8_t str[CARC_MAX_FOL][TAFEL_MAX_PLAYERS], group[CARC_MAX_SEGS], cities[CARC_MAX_FOL];
    int nd = 0, fields = 0;
    memset(str, 0, sizeof str);
    memset(group, CARC_NONE, (size_t)s->nsegs); /* root -> the group of its followers */
    uint16_t par[CARC_MAX_SEGS];
    memcpy(par, s->parent, sizeof par[0] * (size_t)s->nsegs);
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        int r = carc_find_in(par, s->tiles[f->tile].seg_base + f->seg);
        int k = group[r];
        if (k == CARC_NONE) {
            k = nd;
            group[r] = (uint8_t)nd;
            done[nd] = (uint16_t)r;
            first[nd++] = (uint16_t)i;
            fields |= (s->sfl[r] & CARC_S_TYPE) == CARC_FIELD;
        }
        str[k][f->player] = (uint8_t)(str[k][f->player] + (f->large ? 2 : 1));
    }
    if (fields && carc_opt_farmers(g))
        carc_field_city_counts(s, par, group, nd, cities);
    else
        memset(cities, 0, (size_t)nd);
    for (int k = 0; k < nd; k++) {
        const carc_fol *f = &s->fol[first[k]];
        int r = done[k];
        int ty = s->sfl[r] & CARC_S_TYPE;
        double v;
        if (ty == CARC_FIELD) {
            v = 3 * cities[k] * (left > 20 ? 1.5 : 1.0);
        } else {
            double vi, vc;
            int open;
            if (ty == CARC_CLOISTER) {
                vi = 1 + carc_cloister_count(s, f->tile);
                vc = 9;
                open = 8 - ((int)vi - 1);
            } else {
                vi = carc_line_value(g, s, r, 0);
                vc = carc_line_value(g, s, r, 1);
                open = s->open[r];
            }
            double pc = left > 0 ? 1.0 / (1.0 + 0.5 * open) * (left > 10 ? 1.0 : left / 10.0)
                                 : 0.0;
            v = pc * vc + (1 - pc) * vi;
        }
        int best = 0;
        for (int p = 0; p < s->nplayers; p++)
            best = str[k][p] > best ? str[k][p] : best;
        for (int p = 0; p < s->nplayers; p++)
            if (best && str[k][p] == best)
                out[p] += v;
    }
    /* A farmer never comes back: it costs what it could still earn on other features, most at
     * the start (3 points while 60 tiles or more are left, then less with every tile). Without
     * this the search put 5 of its 8 followers on fields by the middle of the game and then had
     * none to claim a city with. */
    double lock = 3.0 * (left > 60 ? 1.0 : left / 60.0);
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        if (carc_kinds[s->tiles[f->tile].kind].seg[f->seg].type == CARC_FIELD)
            out[f->player] -= lock;
    }
    for (int p = 0; p < s->nplayers; p++)
        out[p] += (s->supply[p] + s->large[p]) * (left > 0 ? 0.8 : 0.0) + s->held[p] * 1.5;
}
