/* test_serve_limits.c: the replay requests are rate-limited (docs/protocol.md, "Limits"): past
 * the burst, view_at is refused with one line naming the rate, the connection stays usable and
 * answers again once the bucket refilled, a loop of them closes it like other abuse; POST
 * /api/replay past its burst gets 429 with its line, then works again. At the default rates,
 * stepping through a log as fast as a held key (a burst, then 30 a second) is never refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "srv_client.h"

static const char *type_of(const json_t *j)
{
    return json_string_value(json_object_get(j, "type"));
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void send_view_at(tc_ws *w, long long k)
{
    tc_ws_sendj(w, json_pack("{s:s, s:I}", "type", "view_at", "index", (json_int_t)k));
}

/* Read the answers to n view_at requests (other messages skipped): how many were answered and
 * refused; every refusal must be exactly `want`. */
static void count_answers(tc_ws *w, int n, const char *want, int *answered, int *refused)
{
    *answered = *refused = 0;
    for (int tries = 0; tries < 10 * n + 100 && *answered + *refused < n; tries++) {
        json_t *j = tc_ws_next(w, 10000);
        if (!j)
            fail_msg("%d of %d view_at answers", *answered + *refused, n);
        if (!strcmp(type_of(j), "view_at")) {
            ++*answered;
        } else if (!strcmp(type_of(j), "error")) {
            assert_string_equal(json_string_value(json_object_get(j, "code")), "too_many");
            assert_string_equal(json_string_value(json_object_get(j, "error")), want);
            ++*refused;
        }
        json_decref(j);
    }
}

/* A match of two random bots: it plays on by itself. */
static long long new_match(int port)
{
    json_t *c = tc_create(port, "targi", "[\"random\", \"random\"]", 21);
    long long id = json_integer_value(json_object_get(c, "id"));
    json_decref(c);
    return id;
}

static json_t *finished_record(int port, long long id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld/record", id);
    json_t *rec = NULL;
    for (int tries = 0; tries < 600; tries++) { /* random bots: well under a second */
        json_decref(rec);
        if (tc_http(port, "GET", path, NULL, &rec) == 200)
            return rec;
        sleep_ms(50);
    }
    fail_msg("match not over in 30 s");
    return NULL;
}

/* A finished match, so that no action messages come between the answers. */
static long long finished_match(int port)
{
    long long id = new_match(port);
    json_decref(finished_record(port, id));
    return id;
}

static void test_view_at_limit(void **st)
{
    (void)st;
    tc_server t;
    tc_start_opts(&t, NULL, &(server_options){.view_at_per_s = 2}); /* a burst of 4 */
    long long id = finished_match(t.port);
    tc_ws *w = tc_ws_open(t.port, NULL);
    json_decref(tc_join(w, id, NULL));
    const char *want = "too many view_at requests: at most 2 per second";
    int answered, refused;
    for (int i = 0; i < 10; i++)
        send_view_at(w, 0);
    count_answers(w, 10, want, &answered, &refused);
    /* The burst, and what refilled while they were answered (well under a second). */
    assert_true(answered >= 4 && answered <= 6);
    assert_int_equal(answered + refused, 10);
    /* Still usable: a ping, and after a second a view_at again. */
    tc_ws_send(w, "{\"type\": \"ping\", \"id\": 7}");
    json_decref(tc_ws_wait(w, "pong", 5000));
    sleep_ms(1100);
    send_view_at(w, 0);
    count_answers(w, 1, want, &answered, &refused);
    assert_int_equal(answered, 1);
    assert_false(tc_ws_closed(w));
    /* A loop of them is abuse: refused each time, the connection is closed. */
    for (int i = 0; i < 60 && !tc_ws_closed(w); i++)
        send_view_at(w, 0);
    for (int i = 0; i < 300 && !tc_ws_closed(w); i++)
        json_decref(tc_ws_next(w, 100));
    assert_true(tc_ws_closed(w));
    tc_ws_close(w);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* The default rate against a key held down on the log: all at once up to the burst, then 30 a
 * second for two seconds, each index in turn. */
static void test_view_at_default_pace(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    long long id = finished_match(t.port);
    tc_ws *w = tc_ws_open(t.port, NULL);
    json_t *s = tc_join(w, id, NULL);
    long long n = json_integer_value(json_object_get(s, "index"));
    json_decref(s);
    assert_true(n > 0);
    int answered, refused;
    for (int i = 0; i < 2 * SERVER_VIEW_AT_PER_S - 10; i++)
        send_view_at(w, i % (n + 1));
    count_answers(w, 2 * SERVER_VIEW_AT_PER_S - 10, "", &answered, &refused);
    assert_int_equal(refused, 0);
    for (int i = 0; i < 60; i++) {
        send_view_at(w, i % (n + 1));
        count_answers(w, 1, "", &answered, &refused);
        assert_int_equal(answered, 1);
        sleep_ms(33);
    }
    tc_ws_close(w);
    tc_stop(&t);
    tc_remove_db(t.db);
}

static void test_replay_limit(void **st)
{
    (void)st;
    tc_server t;
    tc_start_opts(&t, NULL, &(server_options){.replay_per_s = 1}); /* a burst of 4 */
    json_t *rec = finished_record(t.port, new_match(t.port));
    char *text = json_dumps(rec, JSON_COMPACT);
    /* Counted before the body is read: cheap requests (400: not a record) use it up as fast as
     * real ones, and fast enough that little refills meanwhile. */
    int ok = 0, limited = 0;
    for (int i = 0; i < 12; i++) {
        json_t *out = NULL;
        int status = tc_http(t.port, "POST", "/api/replay", "{}", &out);
        if (status == 400) {
            assert_int_equal(limited, 0); /* the burst comes first */
            ok++;
        } else {
            assert_int_equal(status, 429);
            assert_string_equal(json_string_value(json_object_get(out, "error")),
                                "too many replay requests: at most 1 per second");
            limited++;
        }
        json_decref(out);
    }
    assert_true(ok >= 4 && ok <= 6 && limited >= 6);
    sleep_ms(1100);
    assert_int_equal(tc_http(t.port, "POST", "/api/replay", text, NULL), 200);
    free(text);
    tc_stop(&t);
    tc_remove_db(t.db);

    /* The default: the replay viewer showing every viewer of a game in turn is not refused. */
    tc_start(&t, NULL);
    text = json_dumps(rec, JSON_COMPACT);
    const char *queries[] = {"", "?viewer=0", "?viewer=1", "?viewer=all"};
    for (int i = 0; i < 4 * SERVER_REPLAY_PER_S; i++) {
        char path[64];
        snprintf(path, sizeof path, "/api/replay%s", queries[i % 4]);
        assert_int_equal(tc_http(t.port, "POST", path, text, NULL), 200);
    }
    free(text);
    json_decref(rec);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_at_limit),
        cmocka_unit_test(test_view_at_default_pace),
        cmocka_unit_test(test_replay_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
