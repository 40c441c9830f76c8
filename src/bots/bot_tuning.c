/* bot_tuning.c: per-game defaults of the mcts options, measured with `tafel arena` (see
 * docs/strength.md). Random playouts judge Die Tafelrunde 2 and Targi well, but in Carcassonne
 * random tile placements say little: there the search values its leaves with evaluate(), knows
 * every reply within 3 plies (own tile and follower, the opponent's tile) as soon as it reaches
 * them, grows one child per visit below, tries the root moves in the order of a one-ply prior,
 * and meets the drawn tiles in proportion to their odds (chance=strat). */
#include <string.h>

#include "bots/bot_internal.h"

typedef struct {
    const char *game;
    int depth;
    int expand_plies;
    double c;
    double prior;
    int chance_nodes;
} bot_tuning;

static const bot_tuning bot_tunings[] = {
    {"carcassonne", 0, 3, 0.3, 1, BOT_CHANCE_STRAT},
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
            o->expand_plies = t->expand_plies;
        if (!(o->set & BOT_SET_C))
            o->c = t->c;
        if (!(o->set & BOT_SET_PRIOR))
            o->prior = t->prior;
        if (!(o->set & BOT_SET_CHANCE))
            o->chance_nodes = t->chance_nodes;
    }
}
