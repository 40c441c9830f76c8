/* bot.c: the bot factory: spec checks and construction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots/bot_internal.h"

int tafel_bot_is_human(const char *spec)
{
    return !strcmp(spec, "human");
}

int tafel_bot_check(const char *spec, char *err, size_t errlen)
{
    bot_opts o;
    if (tafel_bot_is_human(spec))
        return 0;
    return bot_parse_spec(spec, &o, err, errlen);
}

int tafel_bot_threads(const char *spec)
{
    bot_opts o;
    char err[TAFEL_ERR_LEN];
    if (tafel_bot_is_human(spec) || bot_parse_spec(spec, &o, err, sizeof err))
        return 0;
    return o.kind == BOT_MCTS ? o.threads : 1;
}

int tafel_bot_cost_of(const char *spec, tafel_bot_cost *out)
{
    bot_opts o;
    char err[TAFEL_ERR_LEN];
    if (tafel_bot_is_human(spec) || bot_parse_spec(spec, &o, err, sizeof err))
        return -1;
    *out = (tafel_bot_cost){.threads = 1};
    if (o.kind == BOT_MCTS)
        *out = (tafel_bot_cost){.threads = o.threads, .time = o.time, .iters = o.iters,
                                .nodes = bot_mcts_pool_size(&o)};
    return 0;
}

tafel_bot *tafel_bot_new(const char *spec, const tafel_game *g, int player, uint64_t seed,
                         char *err, size_t errlen)
{
    bot_opts o;
    if (tafel_bot_is_human(spec)) {
        snprintf(err, errlen, "'human' is not a bot");
        return NULL;
    }
    if (bot_parse_spec(spec, &o, err, errlen))
        return NULL;
    bot_tune(&o, g);
    tafel_bot *bot = calloc(1, sizeof *bot);
    if (!bot)
        abort();
    bot->game = g;
    bot->player = player;
    snprintf(bot->spec, sizeof bot->spec, "%s", spec);
    switch (o.kind) {
    case BOT_RANDOM:
        bot->impl = bot_random_new(g, &o, seed);
        bot->choose = bot_random_choose;
        bot->destroy = bot_random_free;
        break;
    case BOT_GREEDY:
        bot->impl = bot_greedy_new(g, &o, seed);
        bot->choose = bot_greedy_choose;
        bot->destroy = bot_greedy_free;
        break;
    case BOT_MCTS:
        bot->impl = bot_mcts_new(g, &o, seed);
        bot->choose = bot_mcts_choose;
        bot->destroy = bot_mcts_free;
        break;
    }
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
