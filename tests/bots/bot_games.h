/* bot_games.h: the games the bot tests run on: the test game in 2 and 3 players, and every
 * game of the registry that is implemented. */
#ifndef BOT_GAMES_H
#define BOT_GAMES_H

#include "bot_testgame.h"
#include "check.h"

#define BOT_MAX_GAMES 8

/* Fills games[]; returns the count. */
static inline int bot_games(tafel_game *games)
{
    char err[TAFEL_ERR_LEN];
    int n = 0;
    if (tafel_game_load_type(&games[n], &tg_type, "", err, sizeof err) == 0)
        n++;
    if (tafel_game_load_type(&games[n], &tg_type, "players=3", err, sizeof err) == 0)
        n++;
    const tafel_game_type *const *types = tafel_game_types();
    for (int i = 0; types[i] && n < BOT_MAX_GAMES; i++)
        if (types[i]->init && tafel_game_load_type(&games[n], types[i], "", err, sizeof err) == 0)
            n++;
    return n;
}

static inline int bot_is_test_game(const tafel_game *g)
{
    return g->type == &tg_type;
}

/* Decision states of seeded random games: up to max states, every `every`-th decision. */
static inline int bot_states(const tafel_game *g, uint64_t seed, int games, int every,
                      unsigned char **out, int max)
{
    const tafel_game_type *t = g->type;
    int32_t legal[4096];
    int n = 0, k = 0;
    for (int i = 0; i < games && n < max; i++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, seed + (uint64_t)i);
        unsigned char *st = malloc(t->state_size);
        t->init(g, st);
        for (;;) {
            int p = t->current_player(g, st);
            if (p == TAFEL_TERMINAL)
                break;
            if (p == TAFEL_CHANCE) {
                t->apply(g, st, tafel_sample_chance(g, st, &rng));
                continue;
            }
            int m = t->legal_actions(g, st, legal);
            if (m > 1 && k++ % every == 0 && n < max) {
                out[n] = malloc(t->state_size);
                memcpy(out[n], st, t->state_size);
                n++;
            }
            t->apply(g, st, legal[tafel_rng_below(&rng, (uint32_t)m)]);
        }
        free(st);
    }
    return n;
}

#endif
