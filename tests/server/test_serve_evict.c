/* test_serve_evict.c: a finished match leaves the server's memory once nobody holds it (no
 * connection, no call under way) and is loaded again from the store when asked for: its record,
 * the listing and a spectator joining it still work; an unfinished match stays loaded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "server/token.h"
#include "srv_client.h"

#define WAIT_MS 30000

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

static void pause_ms(long ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static json_t *get(int port, const char *fmt, long long id, int want)
{
    char path[96];
    snprintf(path, sizeof path, fmt, id);
    json_t *out = NULL;
    assert_int_equal(tc_http(port, "GET", path, NULL, &out), want);
    return out;
}

static const char *status_of(int port, long long id)
{
    static char buf[32];
    json_t *m = get(port, "/api/matches/%lld", id, 200);
    snprintf(buf, sizeof buf, "%s", json_string_value(json_object_get(m, "status")));
    json_decref(m);
    return buf;
}

/* Wait (bounded) until the server holds n matches. */
static void expect_live(tc_server *t, int n)
{
    double t0 = now_ms();
    while (server_live_matches(t->s) != n && now_ms() - t0 < WAIT_MS)
        pause_ms(20);
    assert_int_equal(server_live_matches(t->s), n);
}

static void test_finished_evicted(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    assert_int_equal(server_live_matches(t.s), 0);

    /* Bots only: runs to its end on its own, then nobody holds it. */
    json_t *c = tc_create(t.port, "targi", "[\"random\", \"random\"]", 3);
    long long id = json_integer_value(json_object_get(c, "id"));
    json_decref(c);
    double t0 = now_ms();
    while (strcmp(status_of(t.port, id), "finished") && now_ms() - t0 < WAIT_MS)
        pause_ms(50);
    assert_string_equal(status_of(t.port, id), "finished");
    expect_live(&t, 0);

    /* Loaded on demand: the record (twice, equal), the listing with its result. */
    json_t *r1 = get(t.port, "/api/matches/%lld/record", id, 200);
    expect_live(&t, 0);
    json_t *r2 = get(t.port, "/api/matches/%lld/record", id, 200);
    assert_true(json_equal(r1, r2));
    assert_true(json_array_size(json_object_get(r1, "actions")) > 10);
    json_t *list = get(t.port, "/api/matches?status=finished", 0, 200);
    json_t *m0 = json_array_get(json_object_get(list, "matches"), 0);
    assert_int_equal(json_integer_value(json_object_get(m0, "id")), id);
    assert_non_null(json_object_get(m0, "result"));
    json_decref(list);

    /* A spectator joins the finished match: its whole log and the result; held meanwhile. */
    tc_ws *w = tc_ws_open(t.port, NULL);
    assert_non_null(w);
    json_t *state = tc_join(w, id, NULL);
    assert_int_equal(json_integer_value(json_object_get(state, "index")),
                     (json_int_t)json_array_size(json_object_get(r1, "actions")));
    json_decref(state);
    json_decref(tc_ws_wait(w, "over", 5000));
    assert_int_equal(server_live_matches(t.s), 1);
    tc_ws_close(w);
    expect_live(&t, 0);
    json_decref(r1);
    json_decref(r2);

    /* Unfinished: stays loaded without connections; finished by a resignation, it leaves once
     * its last connection does. */
    c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 4);
    long long id2 = json_integer_value(json_object_get(c, "id"));
    const char *tok0 = json_string_value(
        json_object_get(json_array_get(json_object_get(c, "seats"), 0), "token"));
    assert_int_equal(server_live_matches(t.s), 1);
    tc_ws *s0 = tc_ws_open(t.port, NULL), *spec = tc_ws_open(t.port, NULL);
    json_decref(tc_join(s0, id2, tok0));
    json_decref(tc_join(spec, id2, NULL));
    tc_ws_close(s0);
    pause_ms(200);
    assert_int_equal(server_live_matches(t.s), 1);
    s0 = tc_ws_open(t.port, NULL);
    json_decref(tc_join(s0, id2, tok0));
    tc_ws_send(s0, "{\"type\":\"resign\"}");
    json_decref(tc_ws_wait(spec, "over", 5000));
    assert_string_equal(status_of(t.port, id2), "finished");
    tc_ws_close(s0);
    pause_ms(200);
    assert_int_equal(server_live_matches(t.s), 1); /* the spectator still holds it */
    tc_ws_close(spec);
    expect_live(&t, 0);
    json_t *rec = get(t.port, "/api/matches/%lld/record", id2, 200);
    json_decref(rec);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* A finished match that cannot be loaded again (here its first stored action was changed to one
 * that is not legal) is not "no such match": a seat joining with its token gets "internal" with
 * the reason, not "bad_token" (the client would forget a good token), and HTTP answers 500, not
 * 404. An unknown id is still bad_token and 404. */
static void test_load_failure(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"random\"]", 5);
    long long id = json_integer_value(json_object_get(c, "id"));
    const char *tok = tc_token(c, 0);
    tc_ws *w = tc_ws_open(t.port, NULL);
    json_decref(tc_join(w, id, tok));
    tc_ws_send(w, "{\"type\":\"resign\"}");
    json_decref(tc_ws_wait(w, "over", 5000));
    tc_ws_close(w);
    expect_live(&t, 0);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(t.db, &db), SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    char sql[128];
    snprintf(sql, sizeof sql, "UPDATE actions SET action = 99999 WHERE game_id = %lld AND idx = 0",
             id);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_changes(db), 1);
    sqlite3_close(db);
    w = tc_ws_open(t.port, NULL);
    char msg[200];
    snprintf(msg, sizeof msg, "{\"type\":\"join\",\"protocol\":1,\"match\":%lld,\"token\":\"%s\"}",
             id, tok);
    tc_ws_send(w, msg);
    json_t *e = tc_ws_wait(w, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "internal");
    assert_non_null(strstr(json_string_value(json_object_get(e, "error")), "match"));
    json_decref(e);
    json_decref(get(t.port, "/api/matches/%lld", id, 500));
    json_decref(get(t.port, "/api/matches/%lld/record", id, 500));
    tc_ws_send(w, "{\"type\":\"join\",\"protocol\":1,\"match\":999,\"token\":null}");
    e = tc_ws_wait(w, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "bad_token");
    json_decref(e);
    json_decref(get(t.port, "/api/matches/%lld", 999, 404));
    tc_ws_close(w);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* Many matches loaded at once (more than the index starts with), found by id each time without
 * being loaded twice, before and after a restart resumes them; one leaves when it ends. */
static void test_many_loaded(void **st)
{
    (void)st;
    enum { N = 40 };
    tc_server t;
    tc_start(&t, NULL);
    long long ids[N];
    char tok[TOKEN_HEX_LEN + 1] = "";
    for (int i = 0; i < N; i++) {
        json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 100 + i);
        ids[i] = json_integer_value(json_object_get(c, "id"));
        if (i == N / 2)
            snprintf(tok, sizeof tok, "%s", json_string_value(json_object_get(
                json_array_get(json_object_get(c, "seats"), 0), "token")));
        json_decref(c);
    }
    for (int round = 0; round < 2; round++) {
        expect_live(&t, N);
        for (int i = N - 1; i >= 0; i--) {
            json_t *m = get(t.port, "/api/matches/%lld", ids[i], 200);
            assert_int_equal(json_integer_value(json_object_get(m, "id")), ids[i]);
            json_decref(m);
        }
        assert_int_equal(server_live_matches(t.s), N); /* none loaded a second time */
        char db[sizeof t.db];
        snprintf(db, sizeof db, "%s", t.db);
        if (round == 0) {
            tc_stop(&t);
            tc_start(&t, db);
        }
    }
    tc_ws *w = tc_ws_open(t.port, NULL);
    json_decref(tc_join(w, ids[N / 2], tok));
    tc_ws_send(w, "{\"type\":\"resign\"}");
    json_decref(tc_ws_wait(w, "over", 5000));
    tc_ws_close(w);
    expect_live(&t, N - 1);
    assert_string_equal(status_of(t.port, ids[N / 2]), "finished");
    expect_live(&t, N - 1);
    assert_string_equal(status_of(t.port, ids[N / 2 + 1]), "open");
    assert_int_equal(server_live_matches(t.s), N - 1);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_finished_evicted),
        cmocka_unit_test(test_load_failure),
        cmocka_unit_test(test_many_loaded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
