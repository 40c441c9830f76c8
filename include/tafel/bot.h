/* bot.h: players that choose actions through the game API only (never reading hidden state). */
#ifndef TAFEL_BOT_H
#define TAFEL_BOT_H

#include <stdint.h>

#include "tafel/game.h"

typedef struct tafel_bot tafel_bot;

struct tafel_bot {
    const tafel_game *game;
    int player;               /* the seat this bot plays */
    char spec[128];           /* canonical spec, e.g. "mcts(iters=5000)" */
    /* Choose a legal action for state, where current_player(state) == player. */
    int32_t (*choose)(tafel_bot *bot, const void *state);
    void (*destroy)(tafel_bot *bot);
    void *impl;
};

/* 1 if spec names a human seat ("human"). */
int tafel_bot_is_human(const char *spec);
/* Check a bot spec without creating a bot: 0, or -1 with a one-line reason. "human" is valid. */
int tafel_bot_check(const char *spec, char *err, size_t errlen);
/* Create a bot for seat `player` (not for "human"). NULL with a reason on a bad spec. */
tafel_bot *tafel_bot_new(const char *spec, const tafel_game *g, int player, uint64_t seed,
                         char *err, size_t errlen);
void tafel_bot_free(tafel_bot *bot);

#endif
