/* hub_msg.c: per-viewer messages (see hub_msg.h): view_json(viewer), tafel_action_seen(viewer),
 * tafel_events_json(viewer), and legal actions only for the viewer to move. */
#include "server/hub_msg.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

json_t *hub_msg_entry(const tafel_game *g, size_t index, int player, int32_t action,
                      const void *before, const void *after, int viewer)
{
    char text[TAFEL_TEXT_LEN];
    int known = tafel_action_seen(g, before, action, viewer, text, sizeof text);
    json_t *e = json_pack("{s:I, s:i, s:s}", "index", (json_int_t)index, "player", player,
                          "text", text);
    if (known)
        json_object_set_new(e, "action", json_integer(action));
    json_object_set_new(e, "events", tafel_events_json(g, before, action, after, viewer));
    return e;
}

void hub_msg_position(json_t *msg, const tafel_game *g, const void *s, size_t index,
                      int to_move, int viewer)
{
    json_object_set_new(msg, "index", json_integer((json_int_t)index));
    json_object_set_new(msg, "view", g->type->view_json(g, s, viewer));
    json_object_set_new(msg, "to_move", json_integer(to_move));
    if (viewer < 0 || to_move != viewer)
        return;
    int32_t *acts = malloc(sizeof *acts * (size_t)g->type->max_legal);
    if (!acts)
        abort();
    int n = g->type->legal_actions(g, s, acts);
    json_t *legal = json_array();
    for (int i = 0; i < n; i++) {
        char text[TAFEL_TEXT_LEN];
        g->type->action_to_text(g, s, acts[i], text, sizeof text);
        json_array_append_new(legal, json_pack("{s:i, s:s}", "action", acts[i], "text", text));
    }
    free(acts);
    json_object_set_new(msg, "legal", legal);
}

json_t *hub_msg_action(const tafel_game *g, size_t index, int player, int32_t action,
                       const void *before, const void *after, int to_move, int viewer)
{
    json_t *msg = json_pack("{s:s, s:o}", "type", "action", "entry",
                            hub_msg_entry(g, index, player, action, before, after, viewer));
    hub_msg_position(msg, g, after, index + 1, to_move, viewer);
    return msg;
}

json_t *hub_msg_state(const tafel_game *g, const int32_t *actions, size_t n, const void *s,
                      int to_move, int viewer)
{
    size_t sz = g->type->state_size;
    void *before = malloc(sz), *after = malloc(sz);
    if (!before || !after)
        abort();
    g->type->init(g, after);
    json_t *log = json_array();
    for (size_t i = 0; i < n; i++) {
        tafel_state_copy(g, before, after);
        int player = g->type->current_player(g, before);
        g->type->apply(g, after, actions[i]);
        json_array_append_new(log, hub_msg_entry(g, i, player, actions[i], before, after,
                                                 viewer));
    }
    free(before);
    free(after);
    json_t *msg = json_pack("{s:s, s:o}", "type", "state", "log", log);
    hub_msg_position(msg, g, s, n, to_move, viewer);
    return msg;
}

json_t *hub_msg_text(const char *text)
{
    char buf[2 * TAFEL_ERR_LEN];
    snprintf(buf, sizeof buf, "%s", text);
    tafel_utf8_repair(buf);
    return json_string(buf);
}
