/* test_serve_replay.c: past positions (docs/protocol.md): view_at answers each seat and a
 * spectator with exactly its own view_json of the replayed state, live and after the end, so a
 * seat never sees what another seat's view hides; POST /api/replay replays a record for a
 * viewer and refuses malformed, illegal and oversized records with one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "srv_client.h"
#include "tafel/game.h"
#include "tafel/record.h"
#include "tafel/rng.h"

static const char *type_of(const json_t *j)
{
    return json_string_value(json_object_get(j, "type"));
}

/* One seat of the test: its socket, the latest view and index, its legal moves if to move. */
typedef struct seat {
    tc_ws *ws;
    int seat;
    long long next;
    json_t *view, *legal;
    int over;
} seat;

static void seat_take(seat *p, json_t *j)
{
    const char *t = type_of(j);
    if (!strcmp(t, "state") || !strcmp(t, "action")) {
        p->next = json_integer_value(json_object_get(j, "index"));
        json_decref(p->view);
        json_decref(p->legal);
        p->view = json_incref(json_object_get(j, "view"));
        p->legal = json_incref(json_object_get(j, "legal"));
    } else if (!strcmp(t, "over")) {
        p->over = 1;
    } else if (!strcmp(t, "error")) {
        fail_msg("seat %d: %s", p->seat, json_dumps(j, 0));
    }
    json_decref(j);
}

/* Ask for the position after k actions; returns its view (the caller owns it). Other
 * messages on the way are taken in. */
static json_t *view_at(seat *p, long long k)
{
    tc_ws_sendj(p->ws, json_pack("{s:s, s:I}", "type", "view_at", "index", (json_int_t)k));
    for (int tries = 0; tries < 1000; tries++) {
        json_t *j = tc_ws_next(p->ws, 5000);
        assert_non_null(j);
        if (!strcmp(type_of(j), "view_at")) {
            assert_int_equal(json_integer_value(json_object_get(j, "index")), k);
            json_t *v = json_incref(json_object_get(j, "view"));
            json_decref(j);
            return v;
        }
        seat_take(p, j);
    }
    fail_msg("no view_at answer");
    return NULL;
}

static void assert_json_equal(json_t *a, json_t *b, const char *what, long long k, int viewer)
{
    if (!json_equal(a, b)) {
        char *sa = json_dumps(a, JSON_COMPACT), *sb = json_dumps(b, JSON_COMPACT);
        fail_msg("%s after %lld actions for viewer %d:\n server %.400s\n engine %.400s", what, k,
                 viewer, sa, sb);
    }
}

/* A two-human game with hidden cards played at random to the end. Live: the seat not to move
 * asks for the current position and gets the view it was sent. After the end: every position
 * for both seats and a spectator equals view_json of the record replayed. */
static void view_at_game(const char *game, long long seed)
{
    tc_server t;
    /* Every position for every seat, as fast as it answers: far past the default rate of
     * view_at (test_serve_limits checks the limit). */
    tc_start_opts(&t, NULL, &(server_options){.view_at_per_s = 1000000});
    json_t *c = tc_create(t.port, game, "[\"human\", \"human\"]", seed);
    long long id = json_integer_value(json_object_get(c, "id"));
    seat ps[3] = {{0}};
    for (int k = 0; k < 3; k++) {
        ps[k].ws = tc_ws_open(t.port, NULL);
        ps[k].seat = k < 2 ? k : -1;
        const char *tok = k < 2 ? json_string_value(json_object_get(
                                      json_array_get(json_object_get(c, "seats"), (size_t)k),
                                      "token"))
                                : NULL;
        seat_take(&ps[k], tc_join(ps[k].ws, id, tok));
    }
    /* Refusals: an index past the end, not a number; before a join. */
    tc_ws_sendj(ps[0].ws, json_pack("{s:s, s:i}", "type", "view_at", "index", 100000));
    json_t *e = tc_ws_wait(ps[0].ws, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "bad_index");
    json_decref(e);
    tc_ws_sendj(ps[0].ws, json_pack("{s:s, s:s}", "type", "view_at", "index", "x"));
    e = tc_ws_wait(ps[0].ws, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "bad_index");
    json_decref(e);
    tc_ws *lone = tc_ws_open(t.port, NULL);
    tc_ws_sendj(lone, json_pack("{s:s, s:i}", "type", "view_at", "index", 0));
    e = tc_ws_wait(lone, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "not_joined");
    json_decref(e);
    tc_ws_close(lone);

    tafel_rng rng;
    tafel_rng_seed(&rng, 5);
    int live_checks = 0, acts = 0;
    for (int rounds = 0; !ps[2].over && rounds < 100000; rounds++) {
        for (int k = 0; k < 3; k++) {
            json_t *j;
            while ((j = tc_ws_next(ps[k].ws, k == 2 ? 2 : 0)))
                seat_take(&ps[k], j);
        }
        for (int k = 0; k < 2; k++) {
            seat *p = &ps[k], *o = &ps[1 - k];
            if (!p->legal || p->next != o->next)
                continue; /* not to move, or the other seat has not caught up yet */
            /* Every third act, counted by acts (not polling rounds, which vary with timing):
             * nothing moves until we act, so this is the live position. */
            if (acts++ % 3 == 0) {
                json_t *v = view_at(o, o->next);
                assert_json_equal(v, o->view, "live view_at", o->next, o->seat);
                json_decref(v);
                live_checks++;
            }
            size_t n = json_array_size(p->legal);
            json_t *a = json_array_get(p->legal, tafel_rng_below(&rng, (uint32_t)n));
            tc_ws_sendj(p->ws, json_pack("{s:s, s:I, s:O}", "type", "act", "index",
                                         (json_int_t)p->next, "action",
                                         json_object_get(a, "action")));
            json_decref(p->legal);
            p->legal = NULL;
        }
    }
    assert_true(ps[2].over);
    assert_true(live_checks > 10);

    char path[64];
    json_t *jrec;
    snprintf(path, sizeof path, "/api/matches/%lld/record", id);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, &jrec), 200);
    tafel_record r;
    tafel_record_init(&r);
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_record_from_json(&r, jrec, err, sizeof err), 0);
    tafel_game g;
    assert_int_equal(tafel_game_load(&g, r.game, err, sizeof err), 0);
    void *s = malloc(g.type->state_size);
    g.type->init(&g, s);
    int differ = 0;
    for (size_t k = 0; k <= r.num_actions; k++) {
        json_t *mine[3];
        for (int v = 0; v < 3; v++) {
            mine[v] = view_at(&ps[v], (long long)k);
            json_t *want = g.type->view_json(&g, s, ps[v].seat);
            assert_json_equal(mine[v], want, "view_at", (long long)k, ps[v].seat);
            json_decref(want);
        }
        /* The check means something: the seats' views do differ (hidden hands). */
        differ += !json_equal(mine[0], mine[1]) && !json_equal(mine[0], mine[2]);
        for (int v = 0; v < 3; v++)
            json_decref(mine[v]);
        if (k < r.num_actions)
            g.type->apply(&g, s, r.actions[k]);
    }
    assert_true(differ > 10);
    free(s);
    tafel_record_free(&r);
    json_decref(jrec);
    for (int k = 0; k < 3; k++) {
        json_decref(ps[k].view);
        json_decref(ps[k].legal);
        tc_ws_close(ps[k].ws);
    }
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

static void test_view_at_targi(void **st) /* hidden hand cards and draws */
{
    (void)st;
    view_at_game("targi", 21);
}

static void test_view_at_tafelrunde2(void **st) /* hidden hands, draw piles, special cards */
{
    (void)st;
    view_at_game("tafelrunde2", 22);
}

/* A finished bots' match's record, as the server serves it. */
static json_t *finished_record(int port, const char *game, const char *seats)
{
    json_t *c = tc_create(port, game, seats, 33);
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld/record",
             (long long)json_integer_value(json_object_get(c, "id")));
    json_decref(c);
    json_t *rec = NULL;
    for (int tries = 0; tries < 600; tries++) { /* random bots: well under a second */
        json_decref(rec);
        if (tc_http(port, "GET", path, NULL, &rec) == 200)
            return rec;
        struct timespec ts = {0, 50 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    fail_msg("match not over in 30 s");
    return NULL;
}

static int post_replay(int port, const char *query, json_t *body, json_t **out)
{
    char *text = json_dumps(body, JSON_COMPACT);
    char path[64];
    snprintf(path, sizeof path, "/api/replay%s", query);
    int status = tc_http(port, "POST", path, text, out);
    free(text);
    return status;
}

static void expect_error(int port, const char *query, json_t *body, int status,
                         const char *needle)
{
    json_t *out;
    assert_int_equal(post_replay(port, query, body, &out), status);
    const char *msg = json_string_value(json_object_get(out, "error"));
    assert_non_null(msg);
    assert_null(strchr(msg, '\n'));
    if (!strstr(msg, needle))
        fail_msg("error \"%s\" does not name \"%s\"", msg, needle);
    json_decref(out);
}

/* Every position for each viewer is the engine's view_json of the replayed state, the log has
 * one entry per action, and the result is the record's. */
static void check_replay(int port, json_t *rec)
{
    tafel_record r;
    tafel_record_init(&r);
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_record_from_json(&r, rec, err, sizeof err), 0);
    tafel_game g;
    assert_int_equal(tafel_game_load(&g, r.game, err, sizeof err), 0);
    void *s = malloc(g.type->state_size);
    const char *queries[] = {"", "?viewer=0", "?viewer=1", "?viewer=all"};
    const int viewers[] = {-1, 0, 1, -100};
    for (int q = 0; q < 4; q++) {
        json_t *out;
        assert_int_equal(post_replay(port, queries[q], rec, &out), 200);
        json_t *log = json_object_get(out, "log"), *pos = json_object_get(out, "positions");
        assert_int_equal(json_array_size(log), r.num_actions);
        assert_int_equal(json_array_size(pos), r.num_actions + 1);
        assert_string_equal(json_string_value(json_object_get(out, "game")), r.game);
        assert_true(json_equal(json_object_get(json_object_get(out, "result"), "scores"),
                               json_object_get(json_object_get(rec, "result"), "scores")));
        g.type->init(&g, s);
        for (size_t k = 0; k <= r.num_actions; k++) {
            json_t *view = json_object_get(json_array_get(pos, k), "view");
            for (int p = 0; p < (viewers[q] == -100 ? g.num_players : 1); p++) {
                json_t *want = g.type->view_json(&g, s, viewers[q] == -100 ? p : viewers[q]);
                assert_json_equal(viewers[q] == -100 ? json_array_get(view, (size_t)p) : view,
                                  want, "replay", (long long)k, viewers[q]);
                json_decref(want);
            }
            if (k < r.num_actions) {
                json_t *entry = json_array_get(log, k);
                assert_int_equal(json_integer_value(json_object_get(entry, "index")), k);
                g.type->apply(&g, s, r.actions[k]);
            }
        }
        json_decref(out);
    }
    free(s);
    tafel_record_free(&r);
}

static void test_replay_endpoint(void **st)
{
    (void)st;
    tc_server t;
    tc_start_opts(&t, NULL, &(server_options){.replay_per_s = 1000}); /* ~25 in a row */
    json_t *targi = finished_record(t.port, "targi", "[\"random\", \"random\"]");
    check_replay(t.port, targi);
    json_t *tr2 = finished_record(t.port, "tafelrunde2", "[\"random\", \"random\"]");
    check_replay(t.port, tr2);
    json_t *carc = finished_record(t.port, "carcassonne", "[\"random\", \"random\"]");
    check_replay(t.port, carc);

    /* Malformed: not JSON, not a record, no such game, an unknown viewer. */
    assert_int_equal(tc_http(t.port, "POST", "/api/replay", "{\"format\": ", NULL), 400);
    json_t *bad = json_pack("{s:s}", "format", "nope");
    expect_error(t.port, "", bad, 400, "format");
    json_decref(bad);
    bad = json_deep_copy(targi);
    json_object_set_new(bad, "game", json_string("chess"));
    expect_error(t.port, "", bad, 400, "chess");
    json_decref(bad);
    expect_error(t.port, "?viewer=2", targi, 400, "viewer");
    expect_error(t.port, "?viewer=x", targi, 400, "viewer");
    /* An illegal action is named by its index; a result that does not match is refused. */
    bad = json_deep_copy(targi);
    json_array_set_new(json_object_get(bad, "actions"), 10, json_integer(99999));
    expect_error(t.port, "", bad, 400, "action 10:");
    json_decref(bad);
    bad = json_deep_copy(targi);
    json_array_set_new(json_object_get(json_object_get(bad, "result"), "scores"), 0,
                       json_integer(-5));
    expect_error(t.port, "", bad, 400, "result");
    json_decref(bad);
    /* Oversized: refused before replaying, however it ends. */
    size_t big = 300 * 1024;
    char *body = malloc(big + 1);
    memset(body, ' ', big);
    body[big] = 0;
    json_t *out;
    assert_int_equal(tc_http(t.port, "POST", "/api/replay", body, &out), 413);
    assert_non_null(strstr(json_string_value(json_object_get(out, "error")), "256 KiB"));
    json_decref(out);
    free(body);
    assert_int_equal(tc_http(t.port, "GET", "/api/replay", NULL, NULL), 405);
    /* An unfinished game's record replays too, without a result. */
    json_t *part = json_deep_copy(targi);
    json_object_del(part, "result");
    json_t *acts = json_object_get(part, "actions");
    while (json_array_size(acts) > 40)
        json_array_remove(acts, json_array_size(acts) - 1);
    assert_int_equal(post_replay(t.port, "", part, &out), 200);
    assert_null(json_object_get(out, "result"));
    assert_int_equal(json_array_size(json_object_get(out, "positions")), 41);
    json_decref(out);
    json_decref(part);

    json_decref(targi);
    json_decref(tr2);
    json_decref(carc);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_at_targi),
        cmocka_unit_test(test_view_at_tafelrunde2),
        cmocka_unit_test(test_replay_endpoint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
