/* fuzz_play.h: the body of the per-game harnesses: the input's bytes choose the game's options,
 * then every legal action or chance outcome until they run out or the game ends; after every
 * step the checks of tests/support/check.c (check_one_step) and the game's own invariant run, and
 * at the end the returns and the record's round trip. The fuzzer hunts rule-engine bugs so. */
#ifndef TAFEL_FUZZ_PLAY_H
#define TAFEL_FUZZ_PLAY_H

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz.h"
#include "tafel/record.h"

#define FUZZ_PLAY_MAX 4096

/* check.c fails through cmocka, which outside a cmocka test aborts only when asked to. */
static inline void fuzz_play_init(void)
{
    static int done;
    if (!done)
        setenv("CMOCKA_TEST_ABORT", "1", 1);
    done = 1;
}

static inline void fuzz_play_record(const tafel_game *g, const tafel_record *rec,
                                    const void *state)
{
    char err[TAFEL_ERR_LEN];
    json_t *j = tafel_record_to_json(rec, err, sizeof err);
    if (!j)
        FUZZ_FAIL("record does not serialize: %s", err);
    tafel_record r2;
    tafel_record_init(&r2);
    if (tafel_record_from_json(&r2, j, err, sizeof err))
        FUZZ_FAIL("record does not parse back: %s", err);
    json_decref(j);
    tafel_game g2;
    void *s2 = malloc(g->type->state_size);
    size_t bad;
    if (tafel_record_replay(&r2, &g2, s2, &bad, err, sizeof err))
        FUZZ_FAIL("record does not replay: %s", err);
    if (r2.num_actions != rec->num_actions || memcmp(s2, state, g->type->state_size))
        FUZZ_FAIL("replayed record ends in another state");
    free(s2);
    tafel_record_free(&r2);
}

/* deep_every: check_one_step on every k-th position (the input chooses; 1 = all). It applies
 * every legal action and resamples for every viewer, which makes a whole game with k = 1 cost
 * seconds under the sanitizers; a sparser k lets the fuzzer reach further into games. */
static inline void fuzz_play(const tafel_game *g, check_invariant_fn invariant, int deep_every,
                             fuzz_bytes *b)
{
    const tafel_game_type *t = g->type;
    void *state = malloc(t->state_size);
    int32_t legal[FUZZ_PLAY_MAX];
    tafel_chance ch[FUZZ_PLAY_MAX];
    char err[TAFEL_ERR_LEN];
    if (t->max_legal > FUZZ_PLAY_MAX)
        FUZZ_FAIL("max_legal %d", t->max_legal);
    tafel_rng rng;
    tafel_rng_seed(&rng, 1);
    tafel_record rec;
    tafel_record_init(&rec);
    tafel_game_to_string(g, rec.game, sizeof rec.game);
    t->init(g, state);
    for (long step = 0;; step++) {
        if (invariant && invariant(g, state, err, sizeof err))
            FUZZ_FAIL("%s step %ld: %s", rec.game, step, err);
        int p = t->current_player(g, state);
        if (p == TAFEL_TERMINAL || !b->n)
            break;
        if (p != TAFEL_CHANCE && (p < 0 || p >= g->num_players))
            FUZZ_FAIL("step %ld: bad current player %d", step, p);
        int32_t a;
        if (p == TAFEL_CHANCE) {
            int n = t->chance_outcomes(g, state, ch);
            if (n <= 0 || n > t->max_legal)
                FUZZ_FAIL("step %ld: %d chance outcomes", step, n);
            double sum = 0;
            for (int i = 0; i < n; i++) {
                if ((i && ch[i].action <= ch[i - 1].action) || ch[i].prob <= 0)
                    FUZZ_FAIL("step %ld: chance outcomes unsorted or p <= 0", step);
                sum += ch[i].prob;
            }
            if (sum < 1 - 1e-9 || sum > 1 + 1e-9)
                FUZZ_FAIL("step %ld: chance probabilities sum to %g", step, sum);
            a = ch[fuzz_below(b, (uint32_t)n)].action;
        } else {
            int n = t->legal_actions(g, state, legal);
            if (n <= 0 || n > t->max_legal)
                FUZZ_FAIL("step %ld: %d legal actions", step, n);
            for (int i = 1; i < n; i++)
                if (legal[i] <= legal[i - 1])
                    FUZZ_FAIL("step %ld: legal actions not sorted/unique", step);
            a = legal[fuzz_below(b, (uint32_t)n)];
        }
        if (a < 0 || a >= t->num_actions)
            FUZZ_FAIL("step %ld: action %d out of range", step, a);
        if (step % deep_every == 0)
            check_one_step(g, state, a, &rng, 0, step);
        t->apply(g, state, a);
        tafel_record_push(&rec, a);
        if (step > 100000)
            FUZZ_FAIL("no end after %ld actions", step);
    }
    if (tafel_is_terminal(g, state)) {
        double ret[TAFEL_MAX_PLAYERS], sum = 0;
        t->returns(g, state, ret);
        for (int i = 0; i < g->num_players; i++) {
            if (ret[i] < 0 || ret[i] > 1)
                FUZZ_FAIL("return %g out of [0,1]", ret[i]);
            sum += ret[i];
        }
        if (sum < 1 - 1e-9 || sum > 1 + 1e-9)
            FUZZ_FAIL("returns sum to %g", sum);
    }
    fuzz_play_record(g, &rec, state);
    tafel_record_free(&rec);
    free(state);
}

/* The deep-check period chosen by two bits of the options. */
static inline int fuzz_play_deep(uint32_t bits)
{
    static const int k[4] = {1, 4, 16, 64};
    return k[bits & 3];
}

/* Load the game string built from the input's option bytes; one the registry refuses (an
 * option combination that does not exist) falls back to the defaults. */
static inline void fuzz_play_load(tafel_game *g, const char *name, const char *params)
{
    char spec[512], err[TAFEL_ERR_LEN];
    snprintf(spec, sizeof spec, "%s(%s)", name, params);
    if (tafel_game_load(g, spec, err, sizeof err) && tafel_game_load(g, name, err, sizeof err))
        FUZZ_FAIL("cannot load %s: %s", name, err);
}

#endif
