/* test_serve_errors.c: every WebSocket error code of docs/protocol.md gets its error and
 * changes nothing; the connection stays usable; the Origin check; presence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "srv_client.h"

static void expect_error(tc_ws *w, const char *send, const char *code)
{
    tc_ws_send(w, send);
    json_t *e = tc_ws_wait(w, "error", 5000);
    if (strcmp(json_string_value(json_object_get(e, "code")), code))
        fail_msg("%s: got %s, not %s", send, json_dumps(e, 0), code);
    json_decref(e);
}

static long long actions_of(int port, long long id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld", id);
    json_t *m;
    assert_int_equal(tc_http(port, "GET", path, NULL, &m), 200);
    long long n = json_integer_value(json_object_get(m, "actions"));
    json_decref(m);
    return n;
}

static void test_errors(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 21);
    long long id = json_integer_value(json_object_get(c, "id"));
    json_t *seats = json_object_get(c, "seats");
    const char *tok0 = json_string_value(json_object_get(json_array_get(seats, 0), "token"));
    const char *tok1 = json_string_value(json_object_get(json_array_get(seats, 1), "token"));
    tc_ws *w = tc_ws_open(t.port, NULL);
    assert_non_null(w);
    expect_error(w, "{\"type\": ", "bad_json");
    expect_error(w, "[1, 2]", "bad_json");
    expect_error(w, "{\"type\": \"dance\"}", "unknown_type");
    expect_error(w, "{\"no\": 1}", "unknown_type");
    expect_error(w, "{\"type\": \"act\", \"index\": 0, \"action\": 0}", "not_joined");
    expect_error(w, "{\"type\": \"resign\"}", "not_joined");
    char msg[256];
    snprintf(msg, sizeof msg, "{\"type\": \"join\", \"protocol\": 2, \"match\": %lld}", id);
    expect_error(w, msg, "version");
    snprintf(msg, sizeof msg, "{\"type\": \"join\", \"protocol\": 1, \"match\": %lld, "
             "\"token\": \"%032d\"}", id, 0);
    expect_error(w, msg, "bad_token");
    expect_error(w, "{\"type\": \"join\", \"protocol\": 1, \"match\": 999}", "bad_token");
    /* Still usable: ping, then join. */
    tc_ws_send(w, "{\"type\": \"ping\", \"id\": 7}");
    json_t *p = tc_ws_wait(w, "pong", 5000);
    assert_int_equal(json_integer_value(json_object_get(p, "id")), 7);
    json_decref(p);
    json_t *s = tc_join(w, id, tok0);
    int to_move = (int)json_integer_value(json_object_get(s, "to_move"));
    long long next = json_integer_value(json_object_get(s, "index"));
    json_decref(s);
    tc_ws *other = tc_ws_open(t.port, NULL);
    s = tc_join(other, id, tok1);
    json_decref(s);
    tc_ws *mover = to_move == 0 ? w : other, *waiter = to_move == 0 ? other : w;
    /* Drain the presence messages. */
    json_decref(tc_ws_wait(w, "presence", 5000));
    long long before = actions_of(t.port, id);
    assert_int_equal(before, next);
    snprintf(msg, sizeof msg, "{\"type\": \"act\", \"index\": %lld, \"action\": 0}", next);
    expect_error(waiter, msg, "not_your_turn");
    snprintf(msg, sizeof msg, "{\"type\": \"act\", \"index\": %lld, \"action\": 0}", next + 1);
    expect_error(mover, msg, "stale");
    snprintf(msg, sizeof msg, "{\"type\": \"act\", \"index\": %lld, \"action\": 99999}", next);
    expect_error(mover, msg, "illegal");
    snprintf(msg, sizeof msg, "{\"type\": \"act\", \"index\": %lld, \"text\": \"fly\"}", next);
    expect_error(mover, msg, "illegal");
    /* Notation of multibyte characters, long enough that the error message quoting it is cut:
     * with 0-2 bytes in front, the cut falls inside a character for some of them. The error
     * still comes as "illegal", in valid UTF-8 (the client's parser checks). */
    for (int pre = 0; pre < 3; pre++) {
        char text[700] = "";
        strcat(text, &"aa"[2 - pre]);
        for (int i = 0; i < 100; i++)
            strcat(text, i % 2 ? "\xe2\x82\xac" : "\xc3\xa9"); /* a Euro sign, an e acute */
        char act[800];
        snprintf(act, sizeof act, "{\"type\": \"act\", \"index\": %lld, \"text\": \"%s\"}", next,
                 text);
        expect_error(mover, act, "illegal");
    }
    char *big = malloc(70 * 1024);
    memset(big, ' ', 70 * 1024 - 1);
    big[70 * 1024 - 1] = 0;
    big[0] = '{';
    tc_ws *third = tc_ws_open(t.port, NULL);
    expect_error(third, big, "too_large");
    free(big);
    assert_int_equal(actions_of(t.port, id), before);
    /* A legal act sent twice is applied once: the second is stale. */
    json_t *state = NULL;
    tc_ws_send(mover, "{\"type\": \"ping\"}");
    json_decref(tc_ws_wait(mover, "pong", 5000));
    snprintf(msg, sizeof msg, "{\"type\": \"join\", \"protocol\": 1, \"match\": %lld, "
             "\"token\": \"%s\"}", id, to_move == 0 ? tok0 : tok1);
    tc_ws_send(mover, msg);
    state = tc_ws_wait(mover, "state", 5000);
    json_t *a = json_array_get(json_object_get(state, "legal"), 0);
    snprintf(msg, sizeof msg, "{\"type\": \"act\", \"index\": %lld, \"action\": %lld}", next,
             (long long)json_integer_value(json_object_get(a, "action")));
    json_decref(state);
    tc_ws_send(mover, msg);
    expect_error(mover, msg, "stale");
    assert_true(actions_of(t.port, id) > before);
    long long after = actions_of(t.port, id);
    expect_error(mover, msg, "stale");
    assert_int_equal(actions_of(t.port, id), after);
    tc_ws_close(third);
    tc_ws_close(other);
    tc_ws_close(w);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* A game string of multibyte characters long enough that "bad game string '...'" is cut inside a
 * character: a 400 with the message, and the server goes on. */
static void test_http_multibyte(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    for (int pre = 0; pre < 3; pre++) {
        char body[1024] = "{\"game\": \"";
        strcat(body, &"aa"[2 - pre]);
        for (int i = 0; i < 100; i++)
            strcat(body, "\xe2\x82\xac");
        strcat(body, "\", \"seats\": [\"human\", \"human\"]}");
        json_t *out = NULL;
        assert_int_equal(tc_http(t.port, "POST", "/api/matches", body, &out), 400);
        const char *e = json_string_value(json_object_get(out, "error"));
        assert_non_null(e);
        assert_non_null(strstr(e, "bad game string '"));
        json_decref(out);
    }
    json_t *games = NULL;
    assert_int_equal(tc_http(t.port, "GET", "/api/games", NULL, &games), 200);
    json_decref(games);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* More than 20 errors in a minute close the connection. */
static void test_abuse_closes(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    tc_ws *w = tc_ws_open(t.port, NULL);
    for (int i = 0; i < 21; i++)
        tc_ws_send(w, "nonsense");
    for (int i = 0; i < 300 && !tc_ws_closed(w); i++)
        json_decref(tc_ws_next(w, 10));
    assert_true(tc_ws_closed(w));
    tc_ws_close(w);
    tc_stop(&t);
    tc_remove_db(t.db);
}

static void test_origin(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    char own[64];
    snprintf(own, sizeof own, "http://127.0.0.1:%d", t.port);
    tc_ws *w = tc_ws_open(t.port, own);
    assert_non_null(w);
    tc_ws_close(w);
    assert_null(tc_ws_open(t.port, "http://evil.example"));
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_http_multibyte),
        cmocka_unit_test(test_abuse_closes),
        cmocka_unit_test(test_origin),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
