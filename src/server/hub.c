/* hub.c: the live matches (see hub.h): loading and creating them, the turn loop around the
 * store (validate, store, apply, tell), and every message to a connection, built only from
 * what its seat may see (hub_msg.c: view_json(seat), tafel_action_seen(seat),
 * tafel_events_json(seat), and legal actions only for the seat to move). */
#include "server/hub.h"

#include <civetweb.h>
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/bots.h"
#include "server/hub_msg.h"
#include "server/replay.h"
#include "server/store.h"
#include "server/token.h"
#include "tafel/match.h"

typedef struct live live;

typedef struct hub_out {
    struct hub_out *next;
    size_t len;
    char text[];
} hub_out;

/* A connection's messages are queued under the hub mutex (so they keep the order of the stored
 * actions) and written by its own writer thread outside it: a client that stops reading stalls
 * only itself. Past HUB_MAX_QUEUED bytes waiting it is dropped: nothing more is queued and ws.c
 * closes it. */
#define HUB_MAX_QUEUED (4 * 1024 * 1024)
#define HUB_WRITER_STACK (256 * 1024)

struct hub_conn {
    struct mg_connection *mc;
    live *match;               /* NULL until a successful join */
    int seat;                  /* -1: spectator */
    hub_conn *next;            /* in match->conns */
    pthread_mutex_t qmu;       /* guards the fields below, never held while writing */
    pthread_cond_t qcv;
    hub_out *head, *tail;
    size_t queued;             /* bytes waiting */
    int closing;
    int dropped;
    pthread_t writer;
};

/* A match in memory. Kept for the server's lifetime once loaded (finished ones too, so that
 * late spectators and the record need no reload). */
struct live {
    int64_t id;
    tafel_match *m;
    store_status status;
    char created[STORE_TIME_LEN];
    store_seat seats[TAFEL_MAX_PLAYERS];
    int joined_once[TAFEL_MAX_PLAYERS]; /* a human seat has joined since the server started */
    int bot_busy;              /* a worker is thinking for this match */
    hub_conn *conns;
    live *next;
};

struct hub {
    pthread_mutex_t mu;
    store *st;
    live *matches;
    bots *bots;
};

/* ---- Messages for one viewer ---- */

static void hub_out_clear(hub_conn *c)
{
    while (c->head) {
        hub_out *o = c->head;
        c->head = o->next;
        free(o);
    }
    c->tail = NULL;
    c->queued = 0;
}

static void hub_send(hub_conn *c, json_t *msg)
{
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (!text)
        abort();
    size_t len = strlen(text);
    pthread_mutex_lock(&c->qmu);
    if (c->queued + len > HUB_MAX_QUEUED) {
        c->dropped = 1;
        hub_out_clear(c);
    }
    if (!c->dropped && !c->closing) {
        hub_out *o = malloc(sizeof *o + len);
        if (!o)
            abort();
        o->next = NULL;
        o->len = len;
        memcpy(o->text, text, len);
        if (c->tail)
            c->tail->next = o;
        else
            c->head = o;
        c->tail = o;
        c->queued += len;
        pthread_cond_signal(&c->qcv);
    }
    pthread_mutex_unlock(&c->qmu);
    free(text);
}

static void *hub_writer(void *p)
{
    hub_conn *c = p;
    pthread_mutex_lock(&c->qmu);
    for (;;) {
        while (!c->head && !c->closing)
            pthread_cond_wait(&c->qcv, &c->qmu);
        if (!c->head)
            break; /* closing, all written: what was queued before a close still goes out */
        hub_out *o = c->head;
        c->head = o->next;
        if (!c->head)
            c->tail = NULL;
        c->queued -= o->len;
        pthread_mutex_unlock(&c->qmu);
        int rc = mg_websocket_write(c->mc, MG_WEBSOCKET_OPCODE_TEXT, o->text, o->len);
        free(o);
        pthread_mutex_lock(&c->qmu);
        if (rc <= 0) { /* the socket failed: nothing more can reach the client */
            c->dropped = 1;
            hub_out_clear(c);
        }
    }
    hub_out_clear(c);
    pthread_mutex_unlock(&c->qmu);
    return NULL;
}

static void hub_send_error(hub_conn *c, const char *code, const char *text)
{
    hub_send(c, json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "error", text));
}

static int hub_seat_connected(const live *L, int seat)
{
    for (const hub_conn *c = L->conns; c; c = c->next)
        if (c->seat == seat)
            return 1;
    return 0;
}

static json_t *hub_presence_seats(const live *L)
{
    json_t *a = json_array();
    for (int p = 0; p < tafel_match_num_seats(L->m); p++)
        json_array_append_new(a, json_pack("{s:i, s:b}", "seat", p, "connected",
                                           hub_seat_connected(L, p)));
    return a;
}

static void hub_broadcast_presence(live *L)
{
    for (hub_conn *c = L->conns; c; c = c->next)
        hub_send(c, json_pack("{s:s, s:o}", "type", "presence", "seats", hub_presence_seats(L)));
}

/* The whole picture for a (re)joining connection: the log from the start as its seat sees it. */
static json_t *hub_state_msg(const live *L, int viewer)
{
    const tafel_record *r = tafel_match_record(L->m);
    return hub_msg_state(tafel_match_game(L->m), r->actions, r->num_actions,
                         tafel_match_state(L->m), tafel_match_to_move(L->m), viewer);
}

static json_t *hub_result_json(const live *L)
{
    int n = tafel_match_num_seats(L->m);
    int scores[TAFEL_MAX_PLAYERS];
    double returns[TAFEL_MAX_PLAYERS];
    if (tafel_match_result(L->m, scores, returns))
        return NULL;
    json_t *sc = json_array(), *re = json_array();
    for (int p = 0; p < n; p++) {
        json_array_append_new(sc, json_integer(scores[p]));
        json_array_append_new(re, json_real(returns[p]));
    }
    json_t *res = json_pack("{s:o, s:o}", "scores", sc, "returns", re);
    if (tafel_match_resigned(L->m) >= 0)
        json_object_set_new(res, "resigned", json_integer(tafel_match_resigned(L->m)));
    return res;
}

static json_t *hub_over_msg(const live *L)
{
    json_t *msg = hub_result_json(L);
    char url[64];
    snprintf(url, sizeof url, "/api/matches/%lld/record", (long long)L->id);
    json_object_set_new(msg, "type", json_string("over"));
    json_object_set_new(msg, "record", json_string(url));
    return msg;
}

/* ---- Turn flow ---- */

static live *hub_find(hub *h, int64_t id)
{
    for (live *L = h->matches; L; L = L->next)
        if (L->id == id)
            return L;
    return NULL;
}

/* Tell every connection of L about the action just applied (before -> current state). */
static void hub_broadcast_action(live *L, size_t index, int player, int32_t action,
                                 const void *before)
{
    const tafel_game *g = tafel_match_game(L->m);
    const void *after = tafel_match_state(L->m);
    int to_move = tafel_match_to_move(L->m);
    for (hub_conn *c = L->conns; c; c = c->next)
        hub_send(c, hub_msg_action(g, index, player, action, before, after, to_move, c->seat));
}

static void hub_store_result(hub *h, live *L)
{
    store_result res = {.num_seats = tafel_match_num_seats(L->m), .resigned_seat = -1};
    tafel_match_result(L->m, res.scores, res.returns);
    if (tafel_match_resigned(L->m) >= 0) {
        res.ending = STORE_END_RESIGNED;
        res.resigned_seat = tafel_match_resigned(L->m);
    }
    char err[TAFEL_ERR_LEN];
    if (store_finish_game(h->st, L->id, &res, err, sizeof err))
        fprintf(stderr, "tafel: match %lld: %s\n", (long long)L->id, err);
    L->status = STORE_STATUS_FINISHED;
    for (hub_conn *c = L->conns; c; c = c->next)
        hub_send(c, hub_over_msg(L));
}

/* Store the action, then apply and tell (the caller validated it). -1 when the store refused
 * or failed: then nothing was applied. */
static int hub_commit(hub *h, live *L, int player, int32_t action, char *err, size_t errlen)
{
    const tafel_game *g = tafel_match_game(L->m);
    const void *s = tafel_match_state(L->m);
    size_t index = tafel_match_num_actions(L->m);
    char notation[TAFEL_TEXT_LEN];
    g->type->action_to_text(g, s, action, notation, sizeof notation);
    if (store_append_action(h->st, L->id, (int)index, action, player, notation, err, errlen))
        return -1;
    void *before = malloc(g->type->state_size);
    if (!before)
        abort();
    tafel_state_copy(g, before, s);
    if (tafel_match_apply(L->m, index, player, action, err, errlen))
        abort(); /* validated before storing: the match and the store now disagree */
    hub_broadcast_action(L, index, player, action, before);
    free(before);
    return 0;
}

/* After an action: resolve chance at once, store the end, or wake a bot. */
static void hub_settle(hub *h, live *L)
{
    char err[TAFEL_ERR_LEN];
    while (tafel_match_to_move(L->m) == TAFEL_CHANCE) {
        /* The match samples and applies the outcome (its rng advances one draw per chance
         * node); it is stored before anyone is told. */
        const tafel_game *g = tafel_match_game(L->m);
        size_t index = tafel_match_num_actions(L->m);
        void *before = malloc(g->type->state_size);
        if (!before)
            abort();
        tafel_state_copy(g, before, tafel_match_state(L->m));
        int32_t a = tafel_match_sample_chance(L->m);
        char notation[TAFEL_TEXT_LEN];
        g->type->action_to_text(g, before, a, notation, sizeof notation);
        if (store_append_action(h->st, L->id, (int)index, a, TAFEL_CHANCE, notation, err,
                                sizeof err)) {
            /* Nobody was told: rebuilding from the store undoes the draw, and the rebuilt rng
             * draws the same outcome next time. */
            fprintf(stderr, "tafel: match %lld: %s\n", (long long)L->id, err);
            free(before);
            tafel_match *m2 = NULL;
            tafel_record r = *tafel_match_record(L->m);
            r.num_actions = index;
            r.has_result = 0;
            m2 = tafel_match_from_record(&r, err, sizeof err);
            if (!m2)
                abort();
            tafel_match_free(L->m);
            L->m = m2;
            return;
        }
        hub_broadcast_action(L, index, TAFEL_CHANCE, a, before);
        free(before);
    }
    if (tafel_match_is_over(L->m)) {
        if (L->status != STORE_STATUS_FINISHED)
            hub_store_result(h, L);
        return;
    }
    if (tafel_match_bot_to_move(L->m) && !L->bot_busy && h->bots)
        bots_request(h->bots, L->id);
}

/* ---- Loading and creating ---- */

/* Rebuild match id from the store (seed + actions through the match) into the hub. */
static live *hub_load(hub *h, int64_t id, char *err, size_t errlen)
{
    store_game sg;
    if (store_load_game(h->st, id, &sg, err, errlen))
        return NULL;
    tafel_record r;
    tafel_record_init(&r);
    snprintf(r.game, sizeof r.game, "%s", sg.game);
    r.num_seats = sg.num_seats;
    for (int p = 0; p < sg.num_seats; p++)
        snprintf(r.seats[p], sizeof r.seats[p], "%s", sg.seats[p].spec);
    r.seed = sg.seed;
    for (int i = 0; i < sg.num_actions; i++)
        tafel_record_push(&r, sg.actions[i].action);
    char why[TAFEL_ERR_LEN];
    tafel_match *m = tafel_match_from_record(&r, why, sizeof why);
    tafel_record_free(&r);
    if (!m) {
        snprintf(err, errlen, "match %lld: %.200s", (long long)id, why);
        store_game_free(&sg);
        return NULL;
    }
    if (sg.has_result && sg.result.ending == STORE_END_RESIGNED)
        tafel_match_resign(m, sg.result.resigned_seat, why, sizeof why);
    live *L = calloc(1, sizeof *L);
    if (!L)
        abort();
    L->id = id;
    L->m = m;
    L->status = sg.status;
    snprintf(L->created, sizeof L->created, "%s", sg.created);
    memcpy(L->seats, sg.seats, sizeof L->seats);
    store_game_free(&sg);
    L->next = h->matches;
    h->matches = L;
    return L;
}

/* A match in memory, loaded from the store on first use. NULL when there is no such match. */
static live *hub_get(hub *h, int64_t id)
{
    live *L = hub_find(h, id);
    if (L)
        return L;
    char err[TAFEL_ERR_LEN];
    L = hub_load(h, id, err, sizeof err);
    if (L)
        hub_settle(h, L);
    return L;
}

hub *hub_new(const char *db_path, int bot_threads, char *err, size_t errlen)
{
    hub *h = calloc(1, sizeof *h);
    if (!h)
        abort();
    pthread_mutex_init(&h->mu, NULL);
    h->st = store_open(db_path, err, errlen);
    if (!h->st) {
        free(h);
        return NULL;
    }
    static const store_status unfinished[] = {STORE_STATUS_OPEN, STORE_STATUS_RUNNING};
    for (int k = 0; k < 2; k++) {
        store_game_info *infos;
        int count;
        if (store_list_games(h->st, unfinished[k], &infos, &count, err, errlen)) {
            hub_free(h);
            return NULL;
        }
        for (int i = 0; i < count; i++) {
            char why[TAFEL_ERR_LEN];
            if (!hub_load(h, infos[i].id, why, sizeof why))
                fprintf(stderr, "tafel: not resumed: %s\n", why); /* the others still run */
        }
        free(infos);
    }
    h->bots = bots_start(h, bot_threads);
    pthread_mutex_lock(&h->mu);
    for (live *L = h->matches; L; L = L->next)
        hub_settle(h, L);
    pthread_mutex_unlock(&h->mu);
    return h;
}

void hub_free(hub *h)
{
    if (!h)
        return;
    bots_stop(h->bots);
    while (h->matches) {
        live *L = h->matches;
        h->matches = L->next;
        tafel_match_free(L->m);
        free(L);
    }
    store_close(h->st);
    pthread_mutex_destroy(&h->mu);
    free(h);
}

/* ---- HTTP ---- */

static json_t *hub_http_error(int *status, int code, const char *text)
{
    *status = code;
    return json_pack("{s:s}", "error", text);
}

json_t *hub_http_games(void)
{
    json_t *games = json_array();
    const tafel_game_type *const *types = tafel_game_types();
    for (int i = 0; types[i]; i++) {
        const tafel_game_type *t = types[i];
        if (!t->init)
            continue;
        json_t *params = json_array();
        for (int k = 0; k < t->num_params; k++) {
            const tafel_param_def *p = &t->params[k];
            json_t *j = json_pack("{s:s, s:s}", "name", p->name, "help", p->help ? p->help : "");
            if (p->kind == TAFEL_PARAM_INT) {
                json_object_set_new(j, "kind", json_string("int"));
                json_object_set_new(j, "default", json_integer(p->def));
                json_object_set_new(j, "min", json_integer(p->min));
                json_object_set_new(j, "max", json_integer(p->max));
            } else if (p->kind == TAFEL_PARAM_BOOL) {
                json_object_set_new(j, "kind", json_string("bool"));
                json_object_set_new(j, "default", json_boolean(p->def));
            } else {
                json_t *choices = json_array();
                for (int c = 0; p->choices[c]; c++)
                    json_array_append_new(choices, json_string(p->choices[c]));
                json_object_set_new(j, "kind", json_string("enum"));
                json_object_set_new(j, "default", json_string(p->choices[p->def]));
                json_object_set_new(j, "choices", choices);
            }
            json_array_append_new(params, j);
        }
        json_array_append_new(games, json_pack("{s:s, s:s, s:i, s:i, s:i, s:o}", "name",
                                               t->name, "long_name", t->long_name,
                                               "min_players", t->min_players, "max_players",
                                               t->max_players, "default_players",
                                               t->default_players, "params", params));
    }
    return json_pack("{s:i, s:o}", "protocol", HUB_PROTOCOL, "games", games);
}

static json_t *hub_seats_json(const live *L)
{
    json_t *a = json_array();
    for (int p = 0; p < tafel_match_num_seats(L->m); p++) {
        const char *spec = tafel_match_seat(L->m, p);
        json_array_append_new(a, json_pack("{s:i, s:s, s:b, s:b}", "seat", p, "spec", spec,
                                           "human", tafel_bot_is_human(spec), "connected",
                                           hub_seat_connected(L, p)));
    }
    return a;
}

static json_t *hub_match_json(const live *L)
{
    json_t *j = json_pack("{s:I, s:s, s:s, s:I, s:s, s:o}", "id", (json_int_t)L->id, "game",
                          tafel_match_record(L->m)->game, "status",
                          store_status_name(L->status), "actions",
                          (json_int_t)tafel_match_num_actions(L->m), "created", L->created,
                          "seats", hub_seats_json(L));
    json_t *res = hub_result_json(L);
    if (res)
        json_object_set_new(j, "result", res);
    return j;
}

/* The MATCH of a game that is not in memory (listing must not load every old game). */
static json_t *hub_stored_match_json(const store_game *g)
{
    json_t *seats = json_array();
    for (int p = 0; p < g->num_seats; p++)
        json_array_append_new(seats, json_pack("{s:i, s:s, s:b, s:b}", "seat", p, "spec",
                                               g->seats[p].spec, "human",
                                               tafel_bot_is_human(g->seats[p].spec),
                                               "connected", 0));
    json_t *j = json_pack("{s:I, s:s, s:s, s:i, s:s, s:o}", "id", (json_int_t)g->id, "game",
                          g->game, "status", store_status_name(g->status), "actions",
                          g->num_actions, "created", g->created, "seats", seats);
    if (g->has_result) {
        json_t *sc = json_array(), *re = json_array();
        for (int p = 0; p < g->num_seats; p++) {
            json_array_append_new(sc, json_integer(g->result.scores[p]));
            json_array_append_new(re, json_real(g->result.returns[p]));
        }
        json_t *res = json_pack("{s:o, s:o}", "scores", sc, "returns", re);
        if (g->result.ending == STORE_END_RESIGNED)
            json_object_set_new(res, "resigned", json_integer(g->result.resigned_seat));
        json_object_set_new(j, "result", res);
    }
    return j;
}

json_t *hub_http_create(hub *h, const json_t *req, const char *host, int *status)
{
    const json_t *jgame = json_object_get(req, "game"), *jseats = json_object_get(req, "seats");
    const json_t *jseed = json_object_get(req, "seed");
    if (!json_is_string(jgame))
        return hub_http_error(status, 400, "\"game\" must be a game string");
    size_t n = json_array_size(jseats);
    if (!json_is_array(jseats) || n < 1 || n > TAFEL_MAX_PLAYERS)
        return hub_http_error(status, 400, "\"seats\" must be an array of 1 to 6 seat specs");
    const char *seats[TAFEL_MAX_PLAYERS];
    for (size_t p = 0; p < n; p++) {
        seats[p] = json_string_value(json_array_get(jseats, p));
        if (!seats[p])
            return hub_http_error(status, 400, "every seat must be \"human\" or a bot spec");
    }
    char err[TAFEL_ERR_LEN];
    uint64_t seed;
    if (jseed && !json_is_null(jseed)) {
        if (!json_is_integer(jseed) || json_integer_value(jseed) < 0)
            return hub_http_error(status, 400, "\"seed\" must be a non-negative integer");
        seed = (uint64_t)json_integer_value(jseed);
    } else {
        char tok[TOKEN_HEX_LEN + 1];
        if (token_make(tok, err, sizeof err))
            return hub_http_error(status, 500, err);
        tok[16] = 0;
        seed = strtoull(tok, NULL, 16);
    }
    tafel_match *m = tafel_match_new(json_string_value(jgame), seats, (int)n, seed, err,
                                     sizeof err);
    if (!m)
        return hub_http_error(status, 400, err);
    char tokens[TAFEL_MAX_PLAYERS][TOKEN_HEX_LEN + 1];
    uint8_t hashes[TAFEL_MAX_PLAYERS][TOKEN_HASH_LEN];
    store_seat_def defs[TAFEL_MAX_PLAYERS];
    int humans = 0;
    for (size_t p = 0; p < n; p++) {
        defs[p] = (store_seat_def){.spec = seats[p]};
        if (!tafel_bot_is_human(seats[p]))
            continue;
        humans++;
        if (token_make(tokens[p], err, sizeof err) || token_hash(tokens[p], hashes[p])) {
            tafel_match_free(m);
            return hub_http_error(status, 500, err);
        }
        defs[p].token_hash = hashes[p];
    }
    pthread_mutex_lock(&h->mu);
    int64_t id;
    const char *canonical = tafel_match_record(m)->game;
    if (store_create_game(h->st, canonical, seed, (int)n, defs, &id, err, sizeof err)) {
        pthread_mutex_unlock(&h->mu);
        tafel_match_free(m);
        return hub_http_error(status, 500, err);
    }
    /* The in-memory match is the stored one reloaded, so that created time and seats come
     * from one place; a game of bots only is running from the start. */
    tafel_match_free(m);
    if (!humans)
        store_set_status(h->st, id, STORE_STATUS_RUNNING, err, sizeof err);
    live *L = hub_load(h, id, err, sizeof err);
    if (!L) {
        pthread_mutex_unlock(&h->mu);
        return hub_http_error(status, 500, err);
    }
    hub_settle(h, L);
    json_t *out_seats = json_array();
    for (size_t p = 0; p < n; p++) {
        json_t *s = json_pack("{s:i, s:s}", "seat", (int)p, "spec", seats[p]);
        if (tafel_bot_is_human(seats[p])) {
            char invite[512];
            snprintf(invite, sizeof invite, "http://%s/match/%lld#token=%s",
                     host ? host : "localhost", (long long)id, tokens[p]);
            json_object_set_new(s, "token", json_string(tokens[p]));
            json_object_set_new(s, "invite", json_string(invite));
        }
        json_array_append_new(out_seats, s);
    }
    json_t *out = json_pack("{s:I, s:s, s:o}", "id", (json_int_t)id, "game",
                            tafel_match_record(L->m)->game, "seats", out_seats);
    pthread_mutex_unlock(&h->mu);
    *status = 201;
    return out;
}

#define HUB_LIST_MAX 200 /* newest matches a listing shows */

json_t *hub_http_list(hub *h, const char *filter, int *status)
{
    static const store_status all[] = {STORE_STATUS_OPEN, STORE_STATUS_RUNNING,
                                       STORE_STATUS_FINISHED, STORE_STATUS_ABANDONED};
    int from = 0, to = 4;
    if (filter) {
        for (from = 0; from < 4 && strcmp(filter, store_status_name(all[from])); from++)
            ;
        if (from == 4)
            return hub_http_error(status, 400, "status must be open, running, finished or "
                                               "abandoned");
        to = from + 1;
    }
    char err[TAFEL_ERR_LEN];
    pthread_mutex_lock(&h->mu);
    int64_t *ids = NULL;
    size_t nids = 0;
    for (int k = from; k < to; k++) {
        store_game_info *infos;
        int count;
        if (store_list_games(h->st, all[k], &infos, &count, err, sizeof err)) {
            pthread_mutex_unlock(&h->mu);
            free(ids);
            return hub_http_error(status, 500, err);
        }
        ids = realloc(ids, (nids + (size_t)count + 1) * sizeof *ids);
        if (!ids)
            abort();
        for (int i = 0; i < count; i++)
            ids[nids++] = infos[i].id;
        free(infos);
    }
    /* Newest first: ids grow with creation. */
    for (size_t i = 1; i < nids; i++)
        for (size_t j = i; j > 0 && ids[j - 1] < ids[j]; j--) {
            int64_t t = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = t;
        }
    json_t *list = json_array();
    for (size_t i = 0; i < nids && i < HUB_LIST_MAX; i++) {
        live *L = hub_find(h, ids[i]);
        store_game g;
        if (L)
            json_array_append_new(list, hub_match_json(L));
        else if (!store_load_game(h->st, ids[i], &g, err, sizeof err)) {
            json_array_append_new(list, hub_stored_match_json(&g));
            store_game_free(&g);
        }
    }
    pthread_mutex_unlock(&h->mu);
    free(ids);
    *status = 200;
    return json_pack("{s:o}", "matches", list);
}

json_t *hub_http_match(hub *h, int64_t id, int *status)
{
    pthread_mutex_lock(&h->mu);
    live *L = hub_get(h, id);
    json_t *out = L ? hub_match_json(L) : NULL;
    pthread_mutex_unlock(&h->mu);
    if (!out)
        return hub_http_error(status, 404, "no such match");
    *status = 200;
    return out;
}

json_t *hub_http_record(hub *h, int64_t id, int *status)
{
    char err[TAFEL_ERR_LEN];
    pthread_mutex_lock(&h->mu);
    live *L = hub_get(h, id);
    json_t *out = NULL;
    if (!L)
        out = hub_http_error(status, 404, "no such match");
    else if (!tafel_match_is_over(L->m))
        out = hub_http_error(status, 403, "the record (with the seed) is given only once the "
                                          "match is over");
    else if (!(out = tafel_record_to_json(tafel_match_record(L->m), err, sizeof err)))
        out = hub_http_error(status, 500, err);
    else
        *status = 200;
    pthread_mutex_unlock(&h->mu);
    return out;
}

/* ---- WebSocket connections ---- */

hub_conn *hub_conn_open(hub *h, struct mg_connection *mc)
{
    (void)h;
    hub_conn *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->mc = mc;
    c->seat = -1;
    pthread_mutex_init(&c->qmu, NULL);
    pthread_cond_init(&c->qcv, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, HUB_WRITER_STACK);
    if (pthread_create(&c->writer, &attr, hub_writer, c))
        abort(); /* out of threads: civetweb's own limit should have refused the socket */
    pthread_attr_destroy(&attr);
    return c;
}

int hub_conn_dropped(hub_conn *c)
{
    pthread_mutex_lock(&c->qmu);
    int d = c->dropped;
    pthread_mutex_unlock(&c->qmu);
    return d;
}

static void hub_detach(live *L, hub_conn *c)
{
    for (hub_conn **pp = &L->conns; *pp; pp = &(*pp)->next)
        if (*pp == c) {
            *pp = c->next;
            break;
        }
    c->match = NULL;
    c->next = NULL;
}

void hub_conn_close(hub *h, hub_conn *c)
{
    pthread_mutex_lock(&h->mu);
    live *L = c->match;
    if (L) {
        int seat = c->seat;
        hub_detach(L, c);
        if (seat >= 0 && !hub_seat_connected(L, seat))
            hub_broadcast_presence(L);
    }
    pthread_mutex_unlock(&h->mu);
    /* Detached from its match, so nothing is queued any more; the writer ends. */
    pthread_mutex_lock(&c->qmu);
    c->closing = 1;
    pthread_cond_signal(&c->qcv);
    pthread_mutex_unlock(&c->qmu);
    pthread_join(c->writer, NULL);
    pthread_mutex_destroy(&c->qmu);
    pthread_cond_destroy(&c->qcv);
    free(c);
}

void hub_conn_error(hub *h, hub_conn *c, const char *code, const char *text)
{
    pthread_mutex_lock(&h->mu);
    hub_send_error(c, code, text);
    pthread_mutex_unlock(&h->mu);
}

/* The seat a token opens in L, or -1. Every human seat's hash is checked, so the time taken
 * does not depend on which seat (if any) matched. */
static int hub_token_seat(const live *L, const char *token)
{
    int found = -1;
    for (int p = 0; p < tafel_match_num_seats(L->m); p++)
        if (L->seats[p].has_token && token_check(token, L->seats[p].token_hash))
            found = p;
    return found;
}

static int hub_join(hub *h, hub_conn *c, const json_t *msg)
{
    const json_t *jproto = json_object_get(msg, "protocol");
    if (!json_is_integer(jproto) || json_integer_value(jproto) != HUB_PROTOCOL) {
        hub_send(c, json_pack("{s:s, s:s, s:s, s:i}", "type", "error", "code", "version",
                              "error", "this server speaks protocol version 1", "protocol",
                              HUB_PROTOCOL));
        return -1;
    }
    const json_t *jid = json_object_get(msg, "match"), *jtok = json_object_get(msg, "token");
    live *L = json_is_integer(jid) ? hub_get(h, json_integer_value(jid)) : NULL;
    if (!L) {
        hub_send_error(c, "bad_token", "no such match");
        return -1;
    }
    int seat = -1;
    if (jtok && !json_is_null(jtok)) {
        const char *tok = json_string_value(jtok);
        seat = tok ? hub_token_seat(L, tok) : -1;
        if (seat < 0) {
            hub_send_error(c, "bad_token", "this token opens no seat of this match");
            return -1;
        }
    }
    if (c->match) {
        live *old = c->match;
        int old_seat = c->seat;
        hub_detach(old, c);
        if (old_seat >= 0 && !hub_seat_connected(old, old_seat))
            hub_broadcast_presence(old);
    }
    int was_connected = seat >= 0 && hub_seat_connected(L, seat);
    c->match = L;
    c->seat = seat;
    c->next = L->conns;
    L->conns = c;
    hub_send(c, json_pack("{s:s, s:i, s:I, s:i, s:s, s:o}", "type", "joined", "protocol",
                          HUB_PROTOCOL, "match", (json_int_t)L->id, "seat", seat, "game",
                          tafel_match_record(L->m)->game, "seats", hub_seats_json(L)));
    hub_send(c, hub_state_msg(L, seat));
    if (tafel_match_is_over(L->m))
        hub_send(c, hub_over_msg(L));
    if (seat >= 0 && !was_connected)
        hub_broadcast_presence(L);
    if (seat >= 0 && !L->joined_once[seat] && L->status == STORE_STATUS_OPEN) {
        L->joined_once[seat] = 1;
        int all = 1;
        for (int p = 0; p < tafel_match_num_seats(L->m); p++)
            all &= !L->seats[p].has_token || L->joined_once[p];
        char err[TAFEL_ERR_LEN];
        if (all && !store_set_status(h->st, L->id, STORE_STATUS_RUNNING, err, sizeof err))
            L->status = STORE_STATUS_RUNNING;
    }
    return 0;
}

static int hub_act(hub *h, hub_conn *c, const json_t *msg)
{
    live *L = c->match;
    if (!L) {
        hub_send_error(c, "not_joined", "join a match first");
        return -1;
    }
    if (c->seat < 0) {
        hub_send_error(c, "not_your_turn", "a spectator cannot act");
        return -1;
    }
    const json_t *jindex = json_object_get(msg, "index");
    char err[TAFEL_ERR_LEN + 64];
    size_t next = tafel_match_num_actions(L->m);
    if (!json_is_integer(jindex) || json_integer_value(jindex) != (json_int_t)next) {
        snprintf(err, sizeof err, "the next action has index %zu", next);
        hub_send_error(c, "stale", err);
        return -1;
    }
    int to_move = tafel_match_to_move(L->m);
    if (to_move != c->seat) {
        hub_send_error(c, "not_your_turn", to_move == TAFEL_TERMINAL ? "the match is over"
                                                                     : "it is not your turn");
        return -1;
    }
    const tafel_game *g = tafel_match_game(L->m);
    const void *s = tafel_match_state(L->m);
    const json_t *jaction = json_object_get(msg, "action"), *jtext = json_object_get(msg, "text");
    int32_t action;
    char why[TAFEL_ERR_LEN];
    if (json_is_integer(jaction)) {
        json_int_t a = json_integer_value(jaction);
        if (a < 0 || a >= g->type->num_actions || !tafel_is_legal(g, s, (int32_t)a)) {
            snprintf(err, sizeof err, "action %lld is not legal here", (long long)a);
            hub_send_error(c, "illegal", err);
            return -1;
        }
        action = (int32_t)a;
    } else if (json_is_string(jtext)) {
        if (tafel_text_to_action(g, s, json_string_value(jtext), &action, why, sizeof why)) {
            hub_send_error(c, "illegal", why);
            return -1;
        }
    } else {
        hub_send_error(c, "illegal", "act needs \"action\" (a number) or \"text\" (notation)");
        return -1;
    }
    if (hub_commit(h, L, c->seat, action, why, sizeof why)) {
        hub_send_error(c, "internal", why);
        return -1;
    }
    hub_settle(h, L);
    return 0;
}

static int hub_resign(hub *h, hub_conn *c)
{
    live *L = c->match;
    if (!L) {
        hub_send_error(c, "not_joined", "join a match first");
        return -1;
    }
    char err[TAFEL_ERR_LEN];
    if (c->seat < 0 || tafel_match_resign(L->m, c->seat, err, sizeof err)) {
        hub_send_error(c, "not_your_turn", c->seat < 0 ? "a spectator cannot resign" : err);
        return -1;
    }
    hub_store_result(h, L);
    return 0;
}

/* A past position of the joined match, from this connection's seat's view (replay.c). */
static int hub_view_at(hub_conn *c, const json_t *msg)
{
    live *L = c->match;
    if (!L) {
        hub_send_error(c, "not_joined", "join a match first");
        return -1;
    }
    const tafel_record *r = tafel_match_record(L->m);
    const json_t *jk = json_object_get(msg, "index");
    if (!json_is_integer(jk) || json_integer_value(jk) < 0 ||
        json_integer_value(jk) > (json_int_t)r->num_actions) {
        char err[64];
        snprintf(err, sizeof err, "index must be 0 to %zu", r->num_actions);
        hub_send_error(c, "bad_index", err);
        return -1;
    }
    hub_send(c, replay_view_at(tafel_match_game(L->m), r->actions,
                               (size_t)json_integer_value(jk), c->seat));
    return 0;
}

int hub_conn_message(hub *h, hub_conn *c, const json_t *msg)
{
    const char *type = json_string_value(json_object_get(msg, "type"));
    int rc = -1;
    pthread_mutex_lock(&h->mu);
    if (!type)
        hub_send_error(c, "unknown_type", "a message needs a \"type\"");
    else if (!strcmp(type, "join"))
        rc = hub_join(h, c, msg);
    else if (!strcmp(type, "act"))
        rc = hub_act(h, c, msg);
    else if (!strcmp(type, "resign"))
        rc = hub_resign(h, c);
    else if (!strcmp(type, "view_at"))
        rc = hub_view_at(c, msg);
    else if (!strcmp(type, "ping")) {
        json_t *id = json_object_get(msg, "id");
        hub_send(c, json_pack("{s:s, s:O}", "type", "pong", "id", id ? id : json_null()));
        rc = 0;
    } else
        hub_send_error(c, "unknown_type", "no such message type");
    pthread_mutex_unlock(&h->mu);
    return rc;
}

/* ---- Bot turns ---- */

tafel_bot *hub_bot_begin(hub *h, int64_t id, void **state, size_t *index, int *seat)
{
    tafel_bot *bot = NULL;
    pthread_mutex_lock(&h->mu);
    live *L = hub_find(h, id);
    if (L && !L->bot_busy && tafel_match_bot_to_move(L->m)) {
        const tafel_game *g = tafel_match_game(L->m);
        *seat = tafel_match_to_move(L->m);
        *index = tafel_match_num_actions(L->m);
        *state = malloc(g->type->state_size);
        if (!*state)
            abort();
        tafel_state_copy(g, *state, tafel_match_state(L->m));
        bot = tafel_match_bot(L->m, *seat);
        L->bot_busy = 1;
    }
    pthread_mutex_unlock(&h->mu);
    return bot;
}

void hub_bot_end(hub *h, int64_t id, size_t index, int seat, int32_t action)
{
    pthread_mutex_lock(&h->mu);
    live *L = hub_find(h, id);
    L->bot_busy = 0;
    char err[TAFEL_ERR_LEN];
    const tafel_game *g = tafel_match_game(L->m);
    /* A resignation meanwhile makes the choice stale; it is dropped. */
    if (index == tafel_match_num_actions(L->m) && tafel_match_to_move(L->m) == seat &&
        tafel_is_legal(g, tafel_match_state(L->m), action)) {
        if (hub_commit(h, L, seat, action, err, sizeof err))
            fprintf(stderr, "tafel: match %lld: %s\n", (long long)id, err);
    }
    hub_settle(h, L);
    pthread_mutex_unlock(&h->mu);
}
