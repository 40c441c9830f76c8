/* bot_random.c: the uniformly random bot. */
#include <stdlib.h>

#include "bots/bot_internal.h"

typedef struct {
    tafel_rng rng;
    int32_t *legal;
} bot_random_impl;

void *bot_random_new(const tafel_game *g, const bot_opts *o, uint64_t seed)
{
    (void)o;
    bot_random_impl *r = calloc(1, sizeof *r);
    if (!r || !(r->legal = malloc(sizeof(int32_t) * (size_t)(g->type->max_legal + 1))))
        abort();
    tafel_rng_seed(&r->rng, seed);
    return r;
}

int32_t bot_random_choose(tafel_bot *bot, const void *state)
{
    bot_random_impl *r = bot->impl;
    int n = bot->game->type->legal_actions(bot->game, state, r->legal);
    return r->legal[tafel_rng_below(&r->rng, (uint32_t)n)];
}

void bot_random_free(tafel_bot *bot)
{
    bot_random_impl *r = bot->impl;
    free(r->legal);
    free(r);
}
