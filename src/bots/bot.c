/* bot.c: bot specs ("random", "human", ...) and the bot factory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/bot.h"

typedef struct {
    tafel_rng rng;
} bot_random;

static int32_t bot_random_choose(tafel_bot *bot, const void *state)
{
    bot_random *r = bot->impl;
    int32_t legal[4096];
    int n = bot->game->type->legal_actions(bot->game, state, legal);
    return legal[tafel_rng_below(&r->rng, (uint32_t)n)];
}

static void bot_random_destroy(tafel_bot *bot)
{
    free(bot->impl);
}

int tafel_bot_is_human(const char *spec)
{
    return !strcmp(spec, "human");
}

int tafel_bot_check(const char *spec, char *err, size_t errlen)
{
    if (tafel_bot_is_human(spec) || !strcmp(spec, "random"))
        return 0;
    snprintf(err, errlen, "unknown bot '%s' (known: human, random)", spec);
    return -1;
}

tafel_bot *tafel_bot_new(const char *spec, const tafel_game *g, int player, uint64_t seed,
                         char *err, size_t errlen)
{
    if (tafel_bot_check(spec, err, errlen))
        return NULL;
    if (tafel_bot_is_human(spec)) {
        snprintf(err, errlen, "'human' is not a bot");
        return NULL;
    }
    tafel_bot *bot = calloc(1, sizeof *bot);
    bot_random *r = calloc(1, sizeof *r);
    if (!bot || !r)
        abort();
    tafel_rng_seed(&r->rng, seed);
    bot->game = g;
    bot->player = player;
    snprintf(bot->spec, sizeof bot->spec, "%s", spec);
    bot->choose = bot_random_choose;
    bot->destroy = bot_random_destroy;
    bot->impl = r;
    return bot;
}

void tafel_bot_free(tafel_bot *bot)
{
    if (!bot)
        return;
    if (bot->destroy)
        bot->destroy(bot);
    free(bot);
}
