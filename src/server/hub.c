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
#include "server/ratelimit.h"
#include "server/replay.h"
#include "server/server.h"
#include "server/store.h"
#include "server/token.h"
#include "tafel/match.h"

typedef struct live live;

typedef struct hub_out {
    struct hub_out *next;
    int opcode;                /* text, or a keepalive ping */
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
    rl_bucket view_at;         /* used only by the connection's own messages, one at a time */
};

/* A match in memory. An unfinished one stays for the server's lifetime; a finished one is
 * evicted as soon as nobody holds it (its last connection left) and reloaded from the store on
 * demand (a late spectator, the record). Its mutex guards everything but refs and next. */
struct live {
    pthread_mutex_t mu;
    int64_t id;
    tafel_match *m;
    store_status status;
    char created[STORE_TIME_LEN];
    store_seat seats[TAFEL_MAX_PLAYERS];
    int joined_once[TAFEL_MAX_PLAYERS]; /* a human seat has joined since the server started */
    int bot_busy;              /* a worker is thinking for this match */
    int fresh;                 /* just loaded: the first holder settles it (chance, bots) */
    hub_conn *conns;
    live *hnext;               /* under hub.mu: the next in its slot of hub.index */
    int refs;                  /* under hub.mu: connections attached + calls under way */
    int finished;              /* under hub.mu: evict once refs drops to 0 */
    live *next;                /* under hub.mu */
};

/* A group commit's part for one match: its actions since the last commit. */
typedef struct hub_job {
    store_append item;
    int done;
    struct hub_job *next;
} hub_job;

/* Locks, always taken in this order: a match's mu, then hub.mu (the list of matches and their
 * refs, held briefly), then smu (the store handle). cmu (the commit queue) is taken alone. A
 * match's mu is held while its actions are committed, so its messages keep the order of the
 * store, but no other match waits for that fsync: one transaction writes the actions of every
 * match waiting (hub_store_actions). */
struct hub {
    pthread_mutex_t mu;
    live *matches;             /* under mu, like index: every loaded match */
    live **index;              /* by id: chains of live.hnext, index_cap a power of two */
    size_t index_cap, index_count;
    pthread_mutex_t smu;
    store *st;
    bots *bots;
    pthread_mutex_t cmu;
    pthread_cond_t dcv;        /* a group committed */
    hub_job *jobs, *jobs_tail; /* waiting for the next group */
    int committing;            /* a group is being written by its leader */
    store_append *items;       /* the leader's, sized for the largest group yet */
    size_t items_cap;
    int view_at_per_s;
    tafel_bot_cost bot_max;    /* 0 in a field: no limit on it */
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

static void hub_queue(hub_conn *c, int opcode, const char *text, size_t len)
{
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
        o->opcode = opcode;
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
}

static void hub_send(hub_conn *c, json_t *msg)
{
    char *text = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
    json_decref(msg);
    if (!text) {
        /* No memory, or a string that is not UTF-8 (a bug), but not the server's end: the
         * connection is dropped as if it had stopped reading, so that the client joins again
         * and gets all it missed in "state", instead of going on with a gap in its log. */
        fprintf(stderr, "tafel serve: a message could not be encoded; connection dropped\n");
        pthread_mutex_lock(&c->qmu);
        c->dropped = 1;
        hub_out_clear(c);
        pthread_mutex_unlock(&c->qmu);
        return;
    }
    hub_queue(c, MG_WEBSOCKET_OPCODE_TEXT, text, strlen(text));
    free(text);
}

void hub_conn_ping(hub_conn *c)
{
    hub_queue(c, MG_WEBSOCKET_OPCODE_PING, "tafel", 5);
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
        int rc = mg_websocket_write(c->mc, o->opcode, o->text, o->len);
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
    hub_send(c, json_pack("{s:s, s:s, s:o}", "type", "error", "code", code, "error",
                          hub_msg_text(text)));
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

/* ---- Group commit ---- */

/* Write one group (every job waiting when its leader took the queue) in one transaction. */
static void hub_commit_group(hub *h, hub_job *list)
{
    size_t n = 0;
    for (hub_job *j = list; j; j = j->next)
        n++;
    if (n > h->items_cap) {
        h->items_cap = 2 * n;
        h->items = realloc(h->items, h->items_cap * sizeof *h->items);
        if (!h->items)
            abort();
    }
    n = 0;
    for (hub_job *j = list; j; j = j->next)
        h->items[n++] = j->item;
    char err[TAFEL_ERR_LEN];
    pthread_mutex_lock(&h->smu);
    store_append_group(h->st, h->items, (int)n, err, sizeof err);
    pthread_mutex_unlock(&h->smu);
    n = 0;
    for (hub_job *j = list; j; j = j->next) {
        j->item.rc = h->items[n].rc;
        memcpy(j->item.err, h->items[n].err, sizeof j->item.err);
        n++;
    }
}

/* Store actions in the next group commit and wait for it: STORE_OK once they are on disk.
 * Group commit has no thread of its own: a caller that finds no commit under way leads one,
 * storing every job waiting (its own among them) in one transaction; callers arriving
 * meanwhile wait and the first of them leads the next. One fsync serves every match waiting,
 * and an act alone on a quiet server is stored by its own thread, with no hand-off. */
static int hub_store_actions(hub *h, int64_t id, int first, const store_action *acts, int n,
                             char *err, size_t errlen)
{
    hub_job job = {.item = {.game = id, .first_index = first, .num_actions = n, .actions = acts}};
    pthread_mutex_lock(&h->cmu);
    if (h->jobs_tail)
        h->jobs_tail->next = &job;
    else
        h->jobs = &job;
    h->jobs_tail = &job;
    while (!job.done) {
        if (h->committing) {
            pthread_cond_wait(&h->dcv, &h->cmu);
            continue;
        }
        h->committing = 1;
        hub_job *list = h->jobs;
        h->jobs = h->jobs_tail = NULL;
        pthread_mutex_unlock(&h->cmu);
        hub_commit_group(h, list);
        pthread_mutex_lock(&h->cmu);
        for (hub_job *j = list, *next; j; j = next) {
            next = j->next; /* j belongs to its waiter again once done is set */
            j->done = 1;
        }
        h->committing = 0;
        pthread_cond_broadcast(&h->dcv);
    }
    pthread_mutex_unlock(&h->cmu);
    if (job.item.rc)
        snprintf(err, errlen, "%s", job.item.err);
    return job.item.rc;
}

/* ---- Turn flow ---- */

/* The loaded matches (all under hub.mu): a list to walk and an index to find one by id, since
 * every message looks its match up. */
static size_t hub_slot(size_t cap, int64_t id)
{
    return (size_t)(((uint64_t)id * 0x9e3779b97f4a7c15ULL) >> 32) & (cap - 1);
}

static live *hub_find(hub *h, int64_t id)
{
    for (live *L = h->index[hub_slot(h->index_cap, id)]; L; L = L->hnext)
        if (L->id == id)
            return L;
    return NULL;
}

static void hub_add(hub *h, live *L)
{
    if (h->index_count == h->index_cap) {
        size_t cap = 2 * h->index_cap;
        live **index = calloc(cap, sizeof *index);
        if (!index)
            abort();
        for (live *M = h->matches; M; M = M->next) {
            size_t k = hub_slot(cap, M->id);
            M->hnext = index[k];
            index[k] = M;
        }
        free(h->index);
        h->index = index;
        h->index_cap = cap;
    }
    size_t k = hub_slot(h->index_cap, L->id);
    L->hnext = h->index[k];
    h->index[k] = L;
    h->index_count++;
    L->next = h->matches;
    h->matches = L;
}

static void hub_remove(hub *h, live *L)
{
    for (live **pp = &h->index[hub_slot(h->index_cap, L->id)]; *pp; pp = &(*pp)->hnext)
        if (*pp == L) {
            *pp = L->hnext;
            break;
        }
    h->index_count--;
    for (live **pp = &h->matches; *pp; pp = &(*pp)->next)
        if (*pp == L) {
            *pp = L->next;
            break;
        }
}

/* Rebuild L's match from its record's first n actions and no result: what the store holds after
 * a write that failed. The rebuilt rng draws the same outcomes next time. */
static void hub_rebuild(live *L, size_t n)
{
    tafel_record r = *tafel_match_record(L->m);
    r.num_actions = n;
    r.has_result = r.resigned = 0;
    char why[TAFEL_ERR_LEN];
    tafel_match *m2 = tafel_match_from_record(&r, why, sizeof why);
    if (!m2)
        abort();
    tafel_match_free(L->m);
    L->m = m2;
}

/* Store the over match's result: 0, or -1 (logged). */
static int hub_store_result(hub *h, live *L)
{
    store_result res = {.num_seats = tafel_match_num_seats(L->m), .resigned_seat = -1};
    tafel_match_result(L->m, res.scores, res.returns);
    if (tafel_match_resigned(L->m) >= 0) {
        res.ending = STORE_END_RESIGNED;
        res.resigned_seat = tafel_match_resigned(L->m);
    }
    char err[TAFEL_ERR_LEN];
    pthread_mutex_lock(&h->smu);
    int rc = store_finish_game(h->st, L->id, &res, err, sizeof err);
    pthread_mutex_unlock(&h->smu);
    if (rc)
        fprintf(stderr, "tafel: match %lld: %s\n", (long long)L->id, err);
    return rc ? -1 : 0;
}

/* Mark the over match finished (it leaves memory once nobody holds it) and tell its
 * connections. */
static void hub_finish(hub *h, live *L)
{
    L->status = STORE_STATUS_FINISHED;
    pthread_mutex_lock(&h->mu);
    L->finished = 1;
    pthread_mutex_unlock(&h->mu);
    for (hub_conn *c = L->conns; c; c = c->next)
        hub_send(c, hub_over_msg(L));
}

/* The actions of one advance: each with the state before it and who moves after it. */
typedef struct hub_steps {
    size_t n, cap, state_size;
    store_action *acts;
    int *to_move;
    unsigned char *before;     /* n states of state_size bytes */
} hub_steps;

static void hub_steps_push(hub_steps *st, const tafel_game *g, const void *s, int player,
                           int32_t action)
{
    if (st->n == st->cap) {
        st->cap = st->cap ? 2 * st->cap : 4;
        st->acts = realloc(st->acts, st->cap * sizeof *st->acts);
        st->to_move = realloc(st->to_move, st->cap * sizeof *st->to_move);
        st->before = realloc(st->before, st->cap * st->state_size);
        if (!st->acts || !st->to_move || !st->before)
            abort();
    }
    store_action *a = &st->acts[st->n];
    a->action = action;
    a->player = player;
    g->type->action_to_text(g, s, action, a->notation, sizeof a->notation);
    tafel_state_copy(g, st->before + st->n * st->state_size, s);
    st->n++;
}

/* Apply `action` by `player` (validated by the caller; player -1: none, only settle), then every
 * chance outcome that follows; store them all in one group commit; only then tell every
 * connection, each built from its seat's view; then store the end or wake a bot. -1 when the
 * store failed: then the match is rebuilt as it was and nobody was told anything. */
static int hub_advance(hub *h, live *L, int player, int32_t action, char *err, size_t errlen)
{
    const tafel_game *g = tafel_match_game(L->m);
    size_t first = tafel_match_num_actions(L->m);
    hub_steps st = {.state_size = g->type->state_size};
    if (player >= 0) {
        hub_steps_push(&st, g, tafel_match_state(L->m), player, action);
        if (tafel_match_apply(L->m, first, player, action, err, errlen))
            abort(); /* validated by the caller */
        st.to_move[0] = tafel_match_to_move(L->m);
    }
    /* The match samples each outcome (its rng advances one draw per chance node). */
    while (tafel_match_to_move(L->m) == TAFEL_CHANCE) {
        unsigned char *b = malloc(st.state_size);
        if (!b)
            abort();
        tafel_state_copy(g, b, tafel_match_state(L->m));
        int32_t a = tafel_match_sample_chance(L->m);
        hub_steps_push(&st, g, b, TAFEL_CHANCE, a);
        free(b);
        st.to_move[st.n - 1] = tafel_match_to_move(L->m);
    }
    int rc = 0;
    if (st.n && hub_store_actions(h, L->id, (int)first, st.acts, (int)st.n, err, errlen)) {
        /* Nobody was told: rebuilding from the record undoes them, and the rebuilt rng draws
         * the same outcomes next time. */
        fprintf(stderr, "tafel: match %lld: %s\n", (long long)L->id, err);
        hub_rebuild(L, first);
        rc = -1;
    } else {
        for (size_t i = 0; i < st.n; i++) {
            const void *before = st.before + i * st.state_size;
            const void *after = i + 1 < st.n ? st.before + (i + 1) * st.state_size
                                             : tafel_match_state(L->m);
            for (hub_conn *c = L->conns; c; c = c->next)
                hub_send(c, hub_msg_action(g, first + i, st.acts[i].player, st.acts[i].action,
                                           before, after, st.to_move[i], c->seat));
        }
        if (tafel_match_is_over(L->m)) {
            if (L->status != STORE_STATUS_FINISHED) {
                /* Over by its rules, stored or not: a result that failed to store is stored
                 * when the match is next loaded (it is not finished in the store). */
                hub_store_result(h, L);
                hub_finish(h, L);
            }
        } else if (tafel_match_bot_to_move(L->m) && !L->bot_busy && h->bots) {
            bots_request(h->bots, L->id);
        }
    }
    free(st.acts);
    free(st.to_move);
    free(st.before);
    return rc;
}

/* ---- Loading and creating ---- */

/* Rebuild match id from the store (seed + actions through the match). Takes smu. */
static live *hub_load(hub *h, int64_t id, char *err, size_t errlen)
{
    store_game sg;
    pthread_mutex_lock(&h->smu);
    int rc = store_load_game(h->st, id, &sg, err, errlen);
    pthread_mutex_unlock(&h->smu);
    if (rc == STORE_REFUSED)
        err[0] = 0; /* no such game: not a failure */
    if (rc)
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
    pthread_mutex_init(&L->mu, NULL);
    L->id = id;
    L->m = m;
    L->status = sg.status;
    L->finished = sg.status == STORE_STATUS_FINISHED;
    L->fresh = 1;
    snprintf(L->created, sizeof L->created, "%s", sg.created);
    memcpy(L->seats, sg.seats, sizeof L->seats);
    store_game_free(&sg);
    return L;
}

static void hub_live_free(live *L)
{
    tafel_match_free(L->m);
    pthread_mutex_destroy(&L->mu);
    free(L);
}

/* Match id held (a reference) and locked; loaded from the store first when `load` and it is
 * not in memory. NULL when there is no such match (err "") or it could not be loaded (err says
 * why: a store or replay failure, which a client must not take for a bad token). Give it back
 * with hub_release. */
static live *hub_acquire_err(hub *h, int64_t id, int load, char *err, size_t errlen)
{
    err[0] = 0;
    pthread_mutex_lock(&h->mu);
    live *L = hub_find(h, id);
    if (!L && load && (L = hub_load(h, id, err, errlen)))
        hub_add(h, L);
    if (L)
        L->refs++;
    pthread_mutex_unlock(&h->mu);
    if (!L)
        return NULL;
    pthread_mutex_lock(&L->mu);
    if (L->fresh) {
        char why[TAFEL_ERR_LEN]; /* logged by hub_advance; the match is loaded all the same */
        L->fresh = 0;
        hub_advance(h, L, -1, 0, why, sizeof why);
    }
    return L;
}

static live *hub_acquire(hub *h, int64_t id, int load)
{
    char err[TAFEL_ERR_LEN];
    return hub_acquire_err(h, id, load, err, sizeof err);
}

/* Drop a reference (L unlocked); a finished match nobody holds leaves memory. */
static void hub_put(hub *h, live *L)
{
    pthread_mutex_lock(&h->mu);
    int evict = --L->refs == 0 && L->finished;
    if (evict)
        hub_remove(h, L);
    pthread_mutex_unlock(&h->mu);
    if (evict)
        hub_live_free(L);
}

static void hub_release(hub *h, live *L)
{
    pthread_mutex_unlock(&L->mu);
    hub_put(h, L);
}

int hub_live_count(hub *h)
{
    int n = 0;
    pthread_mutex_lock(&h->mu);
    for (live *L = h->matches; L; L = L->next)
        n++;
    pthread_mutex_unlock(&h->mu);
    return n;
}

hub *hub_new(const char *db_path, int bot_threads, char *err, size_t errlen)
{
    hub *h = calloc(1, sizeof *h);
    if (!h)
        abort();
    pthread_mutex_init(&h->mu, NULL);
    pthread_mutex_init(&h->smu, NULL);
    pthread_mutex_init(&h->cmu, NULL);
    pthread_cond_init(&h->dcv, NULL);
    h->view_at_per_s = SERVER_VIEW_AT_PER_S;
    h->index_cap = 16;
    h->index = calloc(h->index_cap, sizeof *h->index);
    if (!h->index)
        abort();
    h->st = store_open(db_path, err, errlen);
    if (!h->st) {
        hub_free(h);
        return NULL;
    }
    static const store_status unfinished[] = {STORE_STATUS_OPEN, STORE_STATUS_RUNNING};
    int64_t *ids = NULL;
    size_t nids = 0;
    for (int k = 0; k < 2; k++) {
        store_game_info *infos;
        int count;
        if (store_list_games(h->st, unfinished[k], &infos, &count, err, errlen)) {
            free(ids);
            hub_free(h);
            return NULL;
        }
        ids = realloc(ids, (nids + (size_t)count + 1) * sizeof *ids);
        if (!ids)
            abort();
        for (int i = 0; i < count; i++)
            ids[nids++] = infos[i].id;
        free(infos);
    }
    for (size_t i = 0; i < nids; i++) {
        char why[TAFEL_ERR_LEN];
        live *L = hub_load(h, ids[i], why, sizeof why);
        if (!L) {
            fprintf(stderr, "tafel: not resumed: %s\n", why); /* the others still run */
            continue;
        }
        hub_add(h, L);
    }
    h->bots = bots_start(h, bot_threads);
    /* Settle each: outcomes to draw, bots to wake. */
    for (size_t i = 0; i < nids; i++) {
        live *L = hub_acquire(h, ids[i], 0);
        if (L)
            hub_release(h, L);
    }
    free(ids);
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
        hub_live_free(L);
    }
    store_close(h->st);
    free(h->index);
    pthread_mutex_destroy(&h->mu);
    pthread_mutex_destroy(&h->smu);
    pthread_mutex_destroy(&h->cmu);
    free(h->items);
    pthread_cond_destroy(&h->dcv);
    free(h);
}

/* ---- HTTP ---- */

static json_t *hub_http_error(int *status, int code, const char *text)
{
    *status = code;
    return json_pack("{s:o}", "error", hub_msg_text(text));
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

void hub_set_bot_limits(hub *h, tafel_bot_cost max)
{
    h->bot_max = max;
}

/* 0 if bot spec fits h's limits, else -1 with a one-line reason. */
static int hub_bot_fits(const hub *h, const char *spec, int seat, char *err, size_t errlen)
{
    tafel_bot_cost c, m = h->bot_max;
    if (tafel_bot_cost_of(spec, &c))
        return 0; /* human, or refused with its own message already */
    const char *what = NULL;
    char lim[64];
    if (m.threads && c.threads > m.threads) {
        what = "threads";
        snprintf(lim, sizeof lim, "%d", m.threads);
    } else if (m.time && c.time > m.time) { /* without a time limit, iters bounds it */
        what = "time";
        snprintf(lim, sizeof lim, "%gs", m.time);
    } else if (m.iters && c.iters > m.iters) {
        what = "iters";
        snprintf(lim, sizeof lim, "%ld", m.iters);
    } else if (m.nodes && c.nodes > m.nodes) {
        what = "nodes";
        snprintf(lim, sizeof lim, "%ld", m.nodes);
    }
    if (!what)
        return 0;
    snprintf(err, errlen, "seat %d: '%.120s' is beyond this server's limit for bots: %s at most %s",
             seat, spec, what, lim);
    return -1;
}

/* A search bounded by iterations only ("mcts(iters=10000000,depth=end)") could think for many
 * minutes a move: the server's time limit is added to its spec (stored and shown so), and the
 * search stops at whichever comes first. Returns 1 if spec was rewritten into buf, 0 if it
 * stands as it is, -1 (with a one-line reason) if the limit does not fit in a spec. */
static int hub_bot_cap_time(const hub *h, const char *spec, int seat, char *buf, size_t len,
                            char *err, size_t errlen)
{
    tafel_bot_cost c;
    if (tafel_bot_cost_of(spec, &c) || c.time > 0 || !c.iters || !(h->bot_max.time > 0))
        return 0;
    size_t n = strlen(spec);
    if (n == 0 || spec[n - 1] != ')' ||
        snprintf(buf, len, "%.*s,time=%gs)", (int)(n - 1), spec, h->bot_max.time) >= (int)len) {
        snprintf(err, errlen, "seat %d: '%.120s' has no time limit, and this server's (%gs) does "
                 "not fit in it: add time=...", seat, spec, h->bot_max.time);
        return -1;
    }
    return 1;
}

#define HUB_HOST_MAX 255 /* a DNS name's length; a bracketed IPv6 address and port fit */

/* The request's Host for invite links if it is a plain host[:port] that fits, else localhost:
 * a link is never cut short, and its address part cannot carry a path or a fragment. */
static const char *hub_invite_host(const char *host)
{
    size_t n = host ? strlen(host) : 0;
    if (n == 0 || n > HUB_HOST_MAX ||
        strspn(host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]") != n)
        return "localhost";
    return host;
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
    char capped[TAFEL_MAX_PLAYERS][STORE_SPEC_LEN];
    char err[TAFEL_ERR_LEN];
    for (size_t p = 0; p < n; p++) {
        seats[p] = json_string_value(json_array_get(jseats, p));
        if (!seats[p])
            return hub_http_error(status, 400, "every seat must be \"human\" or a bot spec");
        if (hub_bot_fits(h, seats[p], (int)p, err, sizeof err))
            return hub_http_error(status, 400, err);
        int cap = hub_bot_cap_time(h, seats[p], (int)p, capped[p], sizeof capped[p], err,
                                   sizeof err);
        if (cap < 0)
            return hub_http_error(status, 400, err);
        if (cap)
            seats[p] = capped[p];
    }
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
    int64_t id;
    const char *canonical = tafel_match_record(m)->game;
    pthread_mutex_lock(&h->smu);
    int rc = store_create_game(h->st, canonical, seed,
                               humans ? STORE_STATUS_OPEN : STORE_STATUS_RUNNING, (int)n, defs,
                               &id, err, sizeof err);
    pthread_mutex_unlock(&h->smu);
    tafel_match_free(m);
    if (rc)
        return hub_http_error(status, 500, err);
    /* The in-memory match is the stored one reloaded, so that created time and seats come
     * from one place. */
    live *L = hub_acquire(h, id, 1);
    if (!L)
        return hub_http_error(status, 500, "the new match could not be loaded");
    json_t *out_seats = json_array();
    for (size_t p = 0; p < n; p++) {
        json_t *s = json_pack("{s:i, s:s}", "seat", (int)p, "spec", seats[p]);
        if (tafel_bot_is_human(seats[p])) {
            char invite[sizeof "http:///match/#token=" + HUB_HOST_MAX + 20 + TOKEN_HEX_LEN];
            snprintf(invite, sizeof invite, "http://%s/match/%lld#token=%s",
                     hub_invite_host(host), (long long)id, tokens[p]);
            json_object_set_new(s, "token", json_string(tokens[p]));
            json_object_set_new(s, "invite", json_string(invite));
        }
        json_array_append_new(out_seats, s);
    }
    json_t *out = json_pack("{s:I, s:s, s:o}", "id", (json_int_t)id, "game",
                            tafel_match_record(L->m)->game, "seats", out_seats);
    hub_release(h, L);
    *status = 201;
    return out;
}

#define HUB_LIST_MAX 200 /* newest matches a listing shows */

json_t *hub_http_list(hub *h, const char *filter, int *status)
{
    static const store_status all[] = {STORE_STATUS_OPEN, STORE_STATUS_RUNNING,
                                       STORE_STATUS_FINISHED, STORE_STATUS_ABANDONED};
    int from = 0;
    if (filter) {
        for (from = 0; from < 4 && strcmp(filter, store_status_name(all[from])); from++)
            ;
        if (from == 4)
            return hub_http_error(status, 400, "status must be open, running, finished or "
                                               "abandoned");
    }
    char err[TAFEL_ERR_LEN];
    int64_t ids[HUB_LIST_MAX];
    int nids;
    pthread_mutex_lock(&h->smu);
    int rc = store_recent_games(h->st, filter ? (int)all[from] : -1, ids, HUB_LIST_MAX, &nids,
                                err, sizeof err);
    pthread_mutex_unlock(&h->smu);
    if (rc)
        return hub_http_error(status, 500, err);
    json_t *list = json_array();
    for (int i = 0; i < nids; i++) {
        live *L = hub_acquire(h, ids[i], 0);
        if (L) {
            json_array_append_new(list, hub_match_json(L));
            hub_release(h, L);
            continue;
        }
        store_game g;
        pthread_mutex_lock(&h->smu);
        int loaded = store_load_game(h->st, ids[i], &g, err, sizeof err) == STORE_OK;
        pthread_mutex_unlock(&h->smu);
        if (loaded) {
            json_array_append_new(list, hub_stored_match_json(&g));
            store_game_free(&g);
        }
    }
    *status = 200;
    return json_pack("{s:o}", "matches", list);
}

json_t *hub_http_match(hub *h, int64_t id, int *status)
{
    char err[TAFEL_ERR_LEN];
    live *L = hub_acquire_err(h, id, 1, err, sizeof err);
    if (!L)
        return hub_http_error(status, *err ? 500 : 404, *err ? err : "no such match");
    json_t *out = hub_match_json(L);
    hub_release(h, L);
    *status = 200;
    return out;
}

json_t *hub_http_record(hub *h, int64_t id, int *status)
{
    char err[TAFEL_ERR_LEN];
    live *L = hub_acquire_err(h, id, 1, err, sizeof err);
    json_t *out = NULL;
    if (!L)
        out = hub_http_error(status, *err ? 500 : 404, *err ? err : "no such match");
    else if (!tafel_match_is_over(L->m))
        out = hub_http_error(status, 403, "the record (with the seed) is given only once the "
                                          "match is over");
    else if (!(out = tafel_record_to_json(tafel_match_record(L->m), err, sizeof err)))
        out = hub_http_error(status, 500, err);
    else
        *status = 200;
    if (L)
        hub_release(h, L);
    return out;
}

/* ---- WebSocket connections ---- */

void hub_set_view_at_limit(hub *h, int per_s)
{
    h->view_at_per_s = per_s;
}

hub_conn *hub_conn_open(hub *h, struct mg_connection *mc)
{
    hub_conn *c = calloc(1, sizeof *c);
    if (!c)
        abort();
    c->mc = mc;
    c->seat = -1;
    rl_init(&c->view_at, 2.0 * h->view_at_per_s, rl_now_ms());
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

/* Leave c's match (if any): tell the others when its seat is no longer connected, drop the
 * reference the connection held. */
static void hub_leave(hub *h, hub_conn *c)
{
    live *L = c->match;
    if (!L)
        return;
    pthread_mutex_lock(&L->mu);
    int seat = c->seat;
    hub_detach(L, c);
    if (seat >= 0 && !hub_seat_connected(L, seat))
        hub_broadcast_presence(L);
    hub_release(h, L);
}

void hub_conn_close(hub *h, hub_conn *c)
{
    hub_leave(h, c);
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
    (void)h; /* the connection's own queue keeps the order */
    hub_send_error(c, code, text);
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
    char err[TAFEL_ERR_LEN] = "";
    live *L = json_is_integer(jid) ? hub_acquire_err(h, json_integer_value(jid), 1, err, sizeof err)
                                   : NULL;
    if (!L) {
        /* A match that failed to load is no bad token: the client keeps it and may try again. */
        hub_send_error(c, *err ? "internal" : "bad_token", *err ? err : "no such match");
        return -1;
    }
    int seat = -1;
    if (jtok && !json_is_null(jtok)) {
        const char *tok = json_string_value(jtok);
        seat = tok ? hub_token_seat(L, tok) : -1;
        if (seat < 0) {
            hub_send_error(c, "bad_token", "this token opens no seat of this match");
            hub_release(h, L);
            return -1;
        }
    }
    if (c->match) {
        /* Never two matches locked at once: leave the old one with L unlocked (still held,
         * so it stays in memory). */
        pthread_mutex_unlock(&L->mu);
        hub_leave(h, c);
        pthread_mutex_lock(&L->mu);
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
        if (all) {
            pthread_mutex_lock(&h->smu);
            if (!store_set_status(h->st, L->id, STORE_STATUS_RUNNING, err, sizeof err))
                L->status = STORE_STATUS_RUNNING;
            pthread_mutex_unlock(&h->smu);
        }
    }
    /* The connection keeps the reference it took. */
    pthread_mutex_unlock(&L->mu);
    return 0;
}

/* An act in c's match, which is locked. */
static int hub_act_locked(hub *h, hub_conn *c, live *L, const json_t *msg)
{
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
    if (hub_advance(h, L, c->seat, action, why, sizeof why)) {
        hub_send_error(c, "internal", why);
        return -1;
    }
    return 0;
}

static int hub_resign_locked(hub *h, hub_conn *c, live *L, const json_t *msg)
{
    (void)msg;
    char err[TAFEL_ERR_LEN];
    if (c->seat < 0 || tafel_match_resign(L->m, c->seat, err, sizeof err)) {
        hub_send_error(c, "not_your_turn", c->seat < 0 ? "a spectator cannot resign" : err);
        return -1;
    }
    if (hub_store_result(h, L)) {
        /* Not stored, so not over: the seed stays secret and the match goes on. */
        hub_rebuild(L, tafel_match_record(L->m)->num_actions);
        hub_send_error(c, "internal", "the resignation could not be stored; the match goes on");
        return -1;
    }
    hub_finish(h, L);
    return 0;
}

/* A past position of the joined match, from this connection's seat's view (replay.c). */
static int hub_view_at_locked(hub *h, hub_conn *c, live *L, const json_t *msg)
{
    (void)h;
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

/* A message about the connection's match, which is locked meanwhile. c->match changes only
 * on this connection's own messages, so it can be read here without a lock; the connection
 * holds a reference to it. */
static int hub_in_match(hub *h, hub_conn *c, const json_t *msg,
                        int (*fn)(hub *, hub_conn *, live *, const json_t *))
{
    live *L = c->match;
    if (!L) {
        hub_send_error(c, "not_joined", "join a match first");
        return -1;
    }
    pthread_mutex_lock(&L->mu);
    int rc = fn(h, c, L, msg);
    pthread_mutex_unlock(&L->mu);
    return rc;
}

int hub_conn_message(hub *h, hub_conn *c, const json_t *msg)
{
    const char *type = json_string_value(json_object_get(msg, "type"));
    int rc = -1;
    if (!type)
        hub_send_error(c, "unknown_type", "a message needs a \"type\"");
    else if (!strcmp(type, "join"))
        rc = hub_join(h, c, msg);
    else if (!strcmp(type, "act"))
        rc = hub_in_match(h, c, msg, hub_act_locked);
    else if (!strcmp(type, "resign"))
        rc = hub_in_match(h, c, msg, hub_resign_locked);
    else if (!strcmp(type, "view_at")) {
        /* Each one replays the match from its start: a loop of them is refused (and, counted
         * as errors by ws.c, closes the connection), a key held down on the log is not. */
        if (rl_take(&c->view_at, h->view_at_per_s, 2.0 * h->view_at_per_s, rl_now_ms())) {
            rc = hub_in_match(h, c, msg, hub_view_at_locked);
        } else {
            char text[80];
            snprintf(text, sizeof text, "too many view_at requests: at most %d per second",
                     h->view_at_per_s);
            hub_send_error(c, "too_many", text);
        }
    }
    else if (!strcmp(type, "ping")) {
        json_t *id = json_object_get(msg, "id");
        hub_send(c, json_pack("{s:s, s:O}", "type", "pong", "id", id ? id : json_null()));
        rc = 0;
    } else
        hub_send_error(c, "unknown_type", "no such message type");
    return rc;
}

/* ---- Bot turns ---- */

tafel_bot *hub_bot_begin(hub *h, int64_t id, void **state, size_t *index, int *seat)
{
    tafel_bot *bot = NULL;
    live *L = hub_acquire(h, id, 0);
    if (!L)
        return NULL;
    if (!L->bot_busy && tafel_match_bot_to_move(L->m)) {
        const tafel_game *g = tafel_match_game(L->m);
        *seat = tafel_match_to_move(L->m);
        *index = tafel_match_num_actions(L->m);
        *state = malloc(g->type->state_size);
        if (!*state)
            abort();
        tafel_state_copy(g, *state, tafel_match_state(L->m));
        bot = tafel_match_bot(L->m, *seat);
        L->bot_busy = 1;
        /* The worker keeps the reference until hub_bot_end. */
        pthread_mutex_unlock(&L->mu);
        return bot;
    }
    hub_release(h, L);
    return bot;
}

void hub_bot_end(hub *h, int64_t id, size_t index, int seat, int32_t action)
{
    pthread_mutex_lock(&h->mu);
    live *L = hub_find(h, id); /* held since hub_bot_begin */
    pthread_mutex_unlock(&h->mu);
    pthread_mutex_lock(&L->mu);
    L->bot_busy = 0;
    char err[TAFEL_ERR_LEN];
    const tafel_game *g = tafel_match_game(L->m);
    /* A resignation meanwhile makes the choice stale; it is dropped. */
    if (index == tafel_match_num_actions(L->m) && tafel_match_to_move(L->m) == seat &&
        tafel_is_legal(g, tafel_match_state(L->m), action)) {
        hub_advance(h, L, seat, action, err, sizeof err); /* a failure is logged there */
    } else if (!tafel_match_is_over(L->m) && tafel_match_bot_to_move(L->m) && h->bots) {
        bots_request(h->bots, L->id);
    }
    hub_release(h, L);
}
