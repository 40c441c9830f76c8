/* carc_tiles_json.c: the tile table as JSON (the assets_json hook), so that a client draws
 * every tile from the engine's own data: per kind its edges, its segments with the edges or
 * half-edges they touch, the names the notation uses for them, and their pennants, inns and
 * cathedrals. */
#include <jansson.h>

#include "games/carcassonne/carc.h"

static const char *const carc_type_names[] = {"", "city", "road", "field", "cloister"};
static const char *const carc_set_names[] = {"base", "inns_cathedrals", "tatan"};

static json_t *carc_seg_json(int kind, int i)
{
    const carc_kind *K = &carc_kinds[kind];
    const carc_seg *sg = &K->seg[i];
    char name[64];
    carc_seg_name(kind, i, name, sizeof name);
    json_t *o = json_pack("{s:s,s:s}", "type", carc_type_names[sg->type], "name", name);
    /* Cities and roads touch whole edges, fields half-edges; a cloister touches neither. */
    json_t *edges = json_array(), *halves = json_array();
    if (sg->type == CARC_CITY || sg->type == CARC_ROAD) {
        for (int e = 0; e < 4; e++)
            if (sg->mask >> e & 1)
                json_array_append_new(edges, json_integer(e));
    } else if (sg->type == CARC_FIELD) {
        for (int h = 0; h < 8; h++)
            if (sg->mask >> h & 1)
                json_array_append_new(halves, json_integer(h));
    }
    /* The follower moves name a segment as it lies on the board (carc_notation.c): its name at
     * each rotation r, so that a client finds the move for a spot without knowing the rule. */
    json_t *names = json_array();
    for (int r = 0; r < 4; r++) {
        char rn[64];
        carc_seg_name_rot(kind, i, r, rn, sizeof rn);
        json_array_append_new(names, json_string(rn));
    }
    json_object_set_new(o, "names", names);
    json_object_set_new(o, "edges", edges);
    json_object_set_new(o, "halves", halves);
    if (sg->type == CARC_FIELD) {
        json_t *cities = json_array();
        for (int c = 0; c < K->nseg; c++)
            if (sg->cities >> c & 1)
                json_array_append_new(cities, json_integer(c));
        json_object_set_new(o, "cities", cities);
    }
    json_object_set_new(o, "pennant", json_boolean(sg->flags & CARC_F_PENNANT));
    json_object_set_new(o, "inn", json_boolean(sg->flags & CARC_F_INN));
    /* An inn that only counts under an option (ec_inn): drawn like an inn, marked as such. */
    json_object_set_new(o, "inn_optional", json_boolean(sg->flags & CARC_F_INN_OPT));
    json_object_set_new(o, "cathedral", json_boolean(sg->flags & CARC_F_CATHEDRAL));
    return o;
}

json_t *carc_tiles_json(void)
{
    json_t *kinds = json_array();
    for (int k = 0; k < CARC_NKINDS; k++) {
        const carc_kind *K = &carc_kinds[k];
        char edges[5];
        for (int e = 0; e < 4; e++)
            edges[e] = " CRF"[(K->edges >> (2 * e)) & 3];
        edges[4] = 0;
        json_t *segs = json_array();
        for (int i = 0; i < K->nseg; i++)
            json_array_append_new(segs, carc_seg_json(k, i));
        json_array_append_new(kinds, json_pack(
            "{s:s,s:i,s:s,s:s,s:o,s:b,s:b}", "name", K->name, "count", K->count, "set",
            carc_set_names[K->set], "edges", k == CARC_TATAN ? "" : edges, "segments", segs,
            "cloister", K->cloister != CARC_NONE, "tatan", k == CARC_TATAN));
    }
    /* How to read the numbers, so that a client need not know the engine's conventions. */
    return json_pack(
        "{s:s,s:[s,s,s,s],s:[s,s,s,s,s,s,s,s],s:s,s:o}", "game", "carcassonne", "sides", "N",
        "E", "S", "W", "halves", "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn", "rotation",
        "r quarter turns clockwise: edge e lies on side (e+r)%4, half h on (h+2r)%8; "
        "north is y-1",
        "kinds", kinds);
}
