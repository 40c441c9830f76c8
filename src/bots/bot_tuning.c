/* bot_tuning.c: per-game defaults of the mcts options, measured with `tafel arena` (see
 * docs/strength.md). Random playouts judge Die Tafelrunde 2 and Targi well, but in Carcassonne
 * random tile placements say little: there the search values its leaves with evaluate(). */
#include <string.h>

#include "bots/bot_internal.h"

typedef struct {
    const char *game;
    int depth;
    int expand_all;
    double c;
} bot_tuning;

static const bot_tuning bot_tunings[] = {
    {"carcassonne", 0, 1, 0.3},
};

void bot_tune(bot_opts *o, const tafel_game *g)
{
    for (size_t i = 0; i < sizeof bot_tunings / sizeof *bot_tunings; i++) {
        const bot_tuning *t = &bot_tunings[i];
        if (strcmp(g->type->name, t->game))
            continue;
        if (!(o->set & BOT_SET_DEPTH))
            o->depth = t->depth;
        if (!(o->set & BOT_SET_EXPAND))
            o->expand_all = t->expand_all;
        if (!(o->set & BOT_SET_C))
            o->c = t->c;
    }
}
