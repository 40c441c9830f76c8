/* arena_labels.c: per-player labels of a finished game that the arena reports win rates by.
 * Die Tafelrunde 2 asks that its special cards be about equally strong, so the label is each
 * player's special card, read from his own view of the final state (players[p].special): with
 * fewer than 4 players the spectator does not see unplayed special cards. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "match/arena.h"

const char *arena_labels(const tafel_game *g, const void *state,
                         char labels[TAFEL_MAX_PLAYERS][32])
{
    if (!g->type->view_json)
        return NULL;
    for (int p = 0; p < g->num_players; p++) {
        json_t *v = g->type->view_json(g, state, p);
        json_t *me = json_array_get(json_object_get(v, "players"), (size_t)p);
        const char *special = json_string_value(json_object_get(me, "special"));
        if (special)
            snprintf(labels[p], 32, "%s", special);
        json_decref(v);
        if (!special)
            return NULL;
    }
    return "special card";
}
