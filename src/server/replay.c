/* replay.c: past positions rebuilt through the engine for one viewer (see replay.h). Rules stay
 * on the server: the browser's replay viewer and log navigation only draw what this sends, and
 * every position is the engine's view_json of the replayed state for the viewer asked for. */
#include "server/replay.h"

#include <civetweb.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/hub_msg.h"
#include "tafel/record.h"

json_t *replay_view_at(const tafel_game *g, const int32_t *actions, size_t k, int viewer)
{
    void *s = malloc(g->type->state_size);
    if (!s)
        abort();
    g->type->init(g, s);
    for (size_t i = 0; i < k; i++)
        g->type->apply(g, s, actions[i]); /* the match's own actions: legal when applied */
    json_t *msg = json_pack("{s:s, s:I, s:o, s:i}", "type", "view_at", "index", (json_int_t)k,
                            "view", g->type->view_json(g, s, viewer), "to_move",
                            g->type->current_player(g, s));
    free(s);
    return msg;
}

static json_t *replay_error(int *status, int code, const char *text)
{
    *status = code;
    return json_pack("{s:o}", "error", hub_msg_text(text));
}

/* The viewer of the query: public (-1, the default), all, or a seat number. */
static int replay_viewer(struct mg_connection *mc, int players, int *viewer)
{
    const char *q = mg_get_request_info(mc)->query_string;
    char v[16];
    *viewer = -1;
    if (!q || mg_get_var(q, strlen(q), "viewer", v, sizeof v) < 0 || !strcmp(v, "public"))
        return 0;
    if (!strcmp(v, "all")) {
        *viewer = REPLAY_ALL;
        return 0;
    }
    char *end;
    long p = strtol(v, &end, 10);
    if (!*v || *end || p < 0 || p >= players)
        return -1;
    *viewer = (int)p;
    return 0;
}

/* A log entry for REPLAY_ALL: the full notation and the action, with the events as the actor
 * (a spectator for chance) was told them. */
static json_t *replay_entry_all(const tafel_game *g, size_t i, int player, int32_t a,
                                const void *before, const void *after)
{
    char text[TAFEL_TEXT_LEN];
    g->type->action_to_text(g, before, a, text, sizeof text);
    return json_pack("{s:I, s:i, s:s, s:i, s:o}", "index", (json_int_t)i, "player", player,
                     "text", text, "action", a, "events",
                     tafel_events_json(g, before, a, after, player >= 0 ? player : -1));
}

static json_t *replay_position(const tafel_game *g, const void *s, int viewer)
{
    json_t *view;
    if (viewer == REPLAY_ALL) {
        view = json_array();
        for (int p = 0; p < g->num_players; p++)
            json_array_append_new(view, g->type->view_json(g, s, p));
    } else {
        view = g->type->view_json(g, s, viewer);
    }
    int scores[TAFEL_MAX_PLAYERS];
    g->type->scores(g, s, scores);
    json_t *js = json_array();
    for (int p = 0; p < g->num_players; p++)
        json_array_append_new(js, json_integer(scores[p]));
    return json_pack("{s:o, s:i, s:o}", "view", view, "to_move", g->type->current_player(g, s),
                     "scores", js);
}

/* Every position of a record that replays (checked by the caller) for viewer. */
static json_t *replay_build(const tafel_record *r, const tafel_game *g, int viewer)
{
    size_t sz = g->type->state_size;
    void *before = malloc(sz), *after = malloc(sz);
    if (!before || !after)
        abort();
    g->type->init(g, after);
    json_t *log = json_array(), *positions = json_array();
    json_array_append_new(positions, replay_position(g, after, viewer));
    for (size_t i = 0; i < r->num_actions; i++) {
        tafel_state_copy(g, before, after);
        int player = g->type->current_player(g, before);
        g->type->apply(g, after, r->actions[i]);
        json_array_append_new(log, viewer == REPLAY_ALL
                                       ? replay_entry_all(g, i, player, r->actions[i], before, after)
                                       : hub_msg_entry(g, i, player, r->actions[i], before, after,
                                                       viewer));
        json_array_append_new(positions, replay_position(g, after, viewer));
    }
    char game[256], seed[32];
    tafel_game_to_string(g, game, sizeof game);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    json_t *seats = json_array();
    for (int p = 0; p < r->num_seats; p++)
        json_array_append_new(seats, json_string(r->seats[p]));
    json_t *out = json_pack("{s:s, s:i, s:o, s:s, s:o, s:o}", "game", game, "players",
                            g->num_players, "seats", seats, "seed", seed, "log", log,
                            "positions", positions);
    if (viewer == REPLAY_ALL)
        json_object_set_new(out, "viewer", json_string("all"));
    else
        json_object_set_new(out, "viewer", json_integer(viewer));
    if (tafel_is_terminal(g, after)) {
        int scores[TAFEL_MAX_PLAYERS];
        double returns[TAFEL_MAX_PLAYERS];
        g->type->scores(g, after, scores);
        g->type->returns(g, after, returns);
        json_t *js = json_array(), *jr = json_array();
        for (int p = 0; p < g->num_players; p++) {
            json_array_append_new(js, json_integer(scores[p]));
            json_array_append_new(jr, json_real(returns[p]));
        }
        json_object_set_new(out, "result", json_pack("{s:o, s:o}", "scores", js, "returns", jr));
    } else if (r->has_result && r->resigned) { /* checked by tafel_record_replay */
        json_t *js = json_array(), *jr = json_array();
        for (int p = 0; p < g->num_players; p++) {
            json_array_append_new(js, json_integer(r->scores[p]));
            json_array_append_new(jr, json_real(r->returns[p]));
        }
        json_object_set_new(out, "result", json_pack("{s:o, s:o, s:i}", "scores", js, "returns",
                                                      jr, "resigned", r->resigned_seat));
    }
    free(before);
    free(after);
    return out;
}

json_t *replay_http(struct mg_connection *mc, int *status)
{
    const struct mg_request_info *ri = mg_get_request_info(mc);
    if (ri->content_length > REPLAY_MAX_BODY)
        return replay_error(status, 413, "a record is limited to 256 KiB");
    char *body = malloc(REPLAY_MAX_BODY + 1);
    if (!body)
        abort();
    size_t len = 0;
    int n;
    while (len <= REPLAY_MAX_BODY && (n = mg_read(mc, body + len, REPLAY_MAX_BODY + 1 - len)) > 0)
        len += (size_t)n;
    if (len > REPLAY_MAX_BODY) {
        free(body);
        return replay_error(status, 413, "a record is limited to 256 KiB");
    }
    json_error_t jerr;
    json_t *root = json_loadb(body, len, JSON_REJECT_DUPLICATES, &jerr);
    free(body);
    char err[TAFEL_ERR_LEN], msg[TAFEL_ERR_LEN + 32];
    if (!json_is_object(root)) {
        json_decref(root);
        return replay_error(status, 400, "the body must be a record (a JSON object)");
    }
    tafel_record r;
    tafel_record_init(&r);
    tafel_game g;
    size_t bad;
    void *s = NULL;
    json_t *out = NULL;
    if (tafel_record_from_json(&r, root, err, sizeof err)) {
        out = replay_error(status, 400, err); /* names the record itself */
    } else if (tafel_game_load(&g, r.game, err, sizeof err)) {
        snprintf(msg, sizeof msg, "record: %s", err);
        out = replay_error(status, 400, msg);
    } else if (!(s = malloc(g.type->state_size)) ||
               tafel_record_replay(&r, &g, s, &bad, err, sizeof err)) {
        snprintf(msg, sizeof msg, "the record does not replay: %s", err);
        out = replay_error(status, 400, msg);
    } else {
        int viewer;
        if (replay_viewer(mc, g.num_players, &viewer))
            out = replay_error(status, 400, "viewer must be public, all or a seat number");
        else {
            out = replay_build(&r, &g, viewer);
            *status = 200;
        }
    }
    free(s);
    tafel_record_free(&r);
    json_decref(root);
    return out;
}
