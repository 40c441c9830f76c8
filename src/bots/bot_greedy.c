/* bot_greedy.c: one-ply greedy bot: the action that maximises own estimated final score minus
 * the best opponent's, averaged over determinizations of the hidden information and over the
 * chance outcomes that follow the action. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot_internal.h"

typedef struct {
    bot_opts o;
    tafel_rng rng;
    int32_t *legal, *legal_det;
    tafel_chance *chance;
    unsigned char *det, *work;
    double *sum;
    int *count;
    bot_history history;
} bot_greedy_impl;

void *bot_greedy_new(const tafel_game *g, const bot_opts *o, uint64_t seed)
{
    size_t ml = (size_t)g->type->max_legal + 1;
    bot_greedy_impl *r = calloc(1, sizeof *r);
    if (!r)
        abort();
    r->o = *o;
    tafel_rng_seed(&r->rng, seed);
    r->legal = malloc(sizeof(int32_t) * ml);
    r->legal_det = malloc(sizeof(int32_t) * ml);
    r->chance = malloc(sizeof(tafel_chance) * ml);
    r->det = malloc(g->type->state_size);
    r->work = malloc(g->type->state_size);
    r->sum = malloc(sizeof(double) * ml);
    r->count = malloc(sizeof(int) * ml);
    if (!r->legal || !r->legal_det || !r->chance || !r->det || !r->work || !r->sum || !r->count)
        abort();
    return r;
}

/* Own estimate minus the best opponent's; a finished game counts its result first. */
static double bot_greedy_value(const tafel_game *g, const void *state, int me)
{
    int np = g->num_players;
    double est[TAFEL_MAX_PLAYERS];
    double bonus = 0;
    if (tafel_is_terminal(g, state)) {
        int s[TAFEL_MAX_PLAYERS];
        double ret[TAFEL_MAX_PLAYERS];
        g->type->scores(g, state, s);
        g->type->returns(g, state, ret);
        for (int p = 0; p < np; p++)
            est[p] = s[p];
        bonus = 1e6 * ret[me];
    } else {
        bot_estimate(g, state, est);
    }
    double best = -INFINITY;
    for (int p = 0; p < np; p++)
        if (p != me)
            best = fmax(best, est[p]);
    return bonus + est[me] - best;
}

static int bot_greedy_contains(const int32_t *a, int n, int32_t x)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (a[mid] == x)
            return 1;
        if (a[mid] < x)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return 0;
}

int32_t bot_greedy_choose(tafel_bot *bot, const void *state)
{
    bot_greedy_impl *r = bot->impl;
    const tafel_game *g = bot->game;
    const tafel_game_type *t = g->type;
    int n = t->legal_actions(g, state, r->legal);
    if (n == 1)
        return r->legal[0];
    for (int i = 0; i < n; i++) {
        r->sum[i] = 0;
        r->count[i] = 0;
    }
    for (int s = 0; s < r->o.samples; s++) {
        tafel_state_copy(g, r->det, state);
        if (t->resample)
            t->resample(g, r->det, bot->player, &r->rng);
        int nd = t->legal_actions(g, r->det, r->legal_det);
        uint64_t sub = tafel_rng_next(&r->rng);
        for (int i = 0; i < n; i++) {
            if (!bot_greedy_contains(r->legal_det, nd, r->legal[i]))
                continue;
            tafel_state_copy(g, r->work, r->det);
            t->apply(g, r->work, r->legal[i]);
            /* The same chance stream for every action: differences come from the action. */
            tafel_rng crng;
            tafel_rng_seed(&crng, sub);
            while (t->current_player(g, r->work) == TAFEL_CHANCE)
                t->apply(g, r->work, bot_sample_chance(g, r->work, r->chance, &crng));
            r->sum[i] += bot_greedy_value(g, r->work, bot->player);
            r->count[i]++;
        }
    }
    uint64_t h = t->info_hash(g, state, bot->player);
    int allowed = 0;
    for (int i = 0; i < n; i++)
        if (r->count[i] && bot_history_banned(&r->history, h, r->legal[i]))
            r->count[i] = -r->count[i]; /* chosen here before: only if nothing else is left */
        else if (r->count[i])
            allowed++;
    double best_v = -INFINITY;
    for (int i = 0; i < n; i++)
        if (allowed ? r->count[i] > 0 : r->count[i] != 0)
            best_v = fmax(best_v, r->sum[i] / abs(r->count[i]));
    /* Ties broken at random. */
    int best = 0, ties = 0;
    for (int i = 0; i < n; i++)
        if ((allowed ? r->count[i] > 0 : r->count[i] != 0) &&
            r->sum[i] / abs(r->count[i]) >= best_v - 1e-9 &&
            tafel_rng_below(&r->rng, (uint32_t)++ties) == 0)
            best = i;
    bot_history_add(&r->history, h, r->legal[best]);
    return r->legal[best];
}

void bot_greedy_free(tafel_bot *bot)
{
    bot_greedy_impl *r = bot->impl;
    free(r->legal);
    free(r->legal_det);
    free(r->chance);
    free(r->det);
    free(r->work);
    free(r->sum);
    free(r->count);
    free(r);
}
