/* check_chance.c: a game's sample_chance hook against the generic walk (check_chance.h). The
 * walk is written out here again, not taken from src/core, so that the check does not trust the
 * code it guards. */
#include "check_chance.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

/* Room for the largest game's chance list (core's own limit). */
#define CHANCE_MAX 4096

int32_t check_chance_walk(const tafel_chance *out, int n, double r)
{
    double acc = 0;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (r < acc)
            return out[i].action;
    }
    return out[n - 1].action;
}

static int chance_compare(const tafel_game *g, const void *state, const tafel_chance *out,
                          int n, double r, char *err, size_t errlen)
{
    if (!(r >= 0 && r < 1))
        return 0; /* outside the hook's domain: nothing to compare */
    int32_t want = check_chance_walk(out, n, r);
    int32_t got = g->type->sample_chance(g, state, r);
    if (got == want)
        return 1;
    snprintf(err, errlen, "r=%a: hook %d, walk %d (%d outcomes)", r, (int)got, (int)want, n);
    return -1;
}

int check_chance_node(const tafel_game *g, const void *state, tafel_rng *rng, int randoms,
                      char *err, size_t errlen)
{
    static const double below_one = 0x1.fffffffffffffp-1;
    tafel_chance out[CHANCE_MAX];
    if (g->type->max_legal > CHANCE_MAX) {
        snprintf(err, errlen, "max_legal %d above the checker's %d", g->type->max_legal,
                 CHANCE_MAX);
        return -1;
    }
    int n = g->type->chance_outcomes(g, state, out);
    if (n <= 0) {
        snprintf(err, errlen, "a chance node without outcomes");
        return -1;
    }
    int count = 0, k;
    const double fixed[] = {0.0, below_one, 0x1p-53, 0.5};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        if ((k = chance_compare(g, state, out, n, fixed[i], err, errlen)) < 0)
            return -1;
        count += k;
    }
    /* Each boundary and its neighbours: where rounding of the running sum decides. */
    double acc = 0;
    for (int i = 0; i < n; i++) {
        double lo = acc;
        acc += out[i].prob;
        const double rs[] = {acc, nextafter(acc, 0), nextafter(nextafter(acc, 0), 0),
                             nextafter(acc, 2), lo + (acc - lo) / 2};
        for (size_t j = 0; j < sizeof rs / sizeof rs[0]; j++) {
            if ((k = chance_compare(g, state, out, n, rs[j], err, errlen)) < 0)
                return -1;
            count += k;
        }
    }
    for (int i = 0; i < randoms; i++) {
        if ((k = chance_compare(g, state, out, n, tafel_rng_double(rng), err, errlen)) < 0)
            return -1;
        count += k;
    }
    return count;
}

long check_sample_chance(const tafel_game *g, uint64_t seed, long games, int randoms)
{
    const tafel_game_type *t = g->type;
    if (!t->sample_chance)
        fail_msg("%s: no sample_chance hook to check", t->name);
    unsigned char *state = malloc(t->state_size);
    int32_t *legal = malloc(sizeof *legal * (size_t)(t->max_legal > 0 ? t->max_legal : 1));
    assert_non_null(state);
    assert_non_null(legal);
    long nodes = 0;
    char err[TAFEL_ERR_LEN];
    for (long i = 0; i < games; i++) {
        tafel_rng rng, rcheck;
        tafel_rng_seed(&rng, seed + (uint64_t)i);
        tafel_rng_seed(&rcheck, ~(seed + (uint64_t)i));
        t->init(g, state);
        /* bounded: no game of the project comes near a million steps */
        for (long step = 0; step < 1000000; step++) {
            int p = t->current_player(g, state);
            if (p == TAFEL_TERMINAL) {
                if (t->legal_actions(g, state, legal) != 0)
                    fail_msg("%s: game %ld: legal actions at the end", t->name, i);
                break;
            }
            int32_t a;
            if (p == TAFEL_CHANCE) {
                /* tafel_random_games tells chance nodes by this */
                if (t->legal_actions(g, state, legal) != 0)
                    fail_msg("%s: game %ld (seed %llu), step %ld: legal actions at a chance "
                             "node", t->name, i, (unsigned long long)(seed + (uint64_t)i), step);
                if (check_chance_node(g, state, &rcheck, randoms, err, sizeof err) < 0)
                    fail_msg("%s: game %ld (seed %llu), step %ld: %s", t->name, i,
                             (unsigned long long)(seed + (uint64_t)i), step, err);
                nodes++;
                a = tafel_sample_chance(g, state, &rng);
            } else {
                int n = t->legal_actions(g, state, legal);
                assert_true(n > 0);
                a = legal[tafel_rng_below(&rng, (uint32_t)n)];
            }
            t->apply(g, state, a);
        }
    }
    free(legal);
    free(state);
    return nodes;
}
