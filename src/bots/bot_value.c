/* bot_value.c: turning (estimated) scores into values in [0,1], chance sampling, and the
 * history that keeps bots from repeating themselves. */
#include <math.h>

#include "bots/bot_internal.h"

void bot_estimate(const tafel_game *g, const void *state, double *out)
{
    if (g->type->evaluate) {
        g->type->evaluate(g, state, out);
        return;
    }
    int s[TAFEL_MAX_PLAYERS];
    g->type->scores(g, state, s);
    for (int p = 0; p < g->num_players; p++)
        out[p] = s[p];
}

void bot_values(const tafel_game *g, const void *state, int terminal, const bot_opts *o,
                double *out)
{
    double margin = o->margin;
    int np = g->num_players;
    double est[TAFEL_MAX_PLAYERS], ret[TAFEL_MAX_PLAYERS];
    if (terminal) {
        int s[TAFEL_MAX_PLAYERS];
        g->type->scores(g, state, s);
        for (int p = 0; p < np; p++)
            est[p] = s[p];
        g->type->returns(g, state, ret);
    } else {
        bot_estimate(g, state, est);
    }
    double top = 0;
    for (int p = 0; p < np; p++)
        top = fmax(top, fabs(est[p]));
    /* Margins matter relative to the size of the scores: 10 points mean more at 20 than at 200. */
    double scale = (2 + 0.1 * top) * o->scale;
    for (int p = 0; p < np; p++) {
        double best_other = -INFINITY;
        for (int q = 0; q < np; q++)
            if (q != p)
                best_other = fmax(best_other, est[q]);
        double lead = 0.5 + 0.5 * tanh((est[p] - best_other) / scale);
        if (terminal)
            out[p] = (1 - margin) * ret[p] + margin * lead;
        else
            out[p] = lead;
    }
}

int32_t bot_sample_chance(const tafel_game *g, const void *state, tafel_chance *buf,
                          tafel_rng *rng)
{
    int n = g->type->chance_outcomes(g, state, buf);
    double r = tafel_rng_double(rng), acc = 0;
    for (int i = 0; i < n; i++) {
        acc += buf[i].prob;
        if (r < acc)
            return buf[i].action;
    }
    return buf[n - 1].action;
}

int bot_stratified_pick(const tafel_chance *c, int n, const double *seen, double total)
{
    double best_d = -INFINITY;
    int best = 0;
    for (int i = 0; i < n; i++) {
        double d = c[i].prob * total - seen[i];
        if (d > best_d + 1e-9 || (d > best_d - 1e-9 && c[i].prob > c[best].prob)) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

int bot_history_banned(const bot_history *h, uint64_t hash, int32_t action)
{
    for (int i = 0; i < h->n; i++)
        if (h->hash[i] == hash && h->action[i] == action)
            return 1;
    return 0;
}

void bot_history_add(bot_history *h, uint64_t hash, int32_t action)
{
    h->hash[h->next] = hash;
    h->action[h->next] = action;
    h->next = (h->next + 1) % BOT_HISTORY;
    if (h->n < BOT_HISTORY)
        h->n++;
}
