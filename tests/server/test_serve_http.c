/* test_serve_http.c: the HTTP API of the server (docs/protocol.md): games, create, list, match,
 * record refused before the end and served after; `tafel serve` as a process. */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "srv_client.h"

static void test_games(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *j;
    assert_int_equal(tc_http(t.port, "GET", "/api/games", NULL, &j), 200);
    assert_int_equal(json_integer_value(json_object_get(j, "protocol")), 1);
    json_t *games = json_object_get(j, "games");
    assert_int_equal(json_array_size(games), 3);
    int seen = 0;
    size_t i;
    json_t *g;
    json_array_foreach(games, i, g) {
        const char *name = json_string_value(json_object_get(g, "name"));
        if (!strcmp(name, "targi")) {
            seen = 1;
            assert_int_equal(json_integer_value(json_object_get(g, "min_players")), 2);
            json_t *p0 = json_array_get(json_object_get(g, "params"), 0);
            assert_string_equal(json_string_value(json_object_get(p0, "name")), "tribe_rule");
            assert_string_equal(json_string_value(json_object_get(p0, "kind")), "enum");
            assert_non_null(json_object_get(p0, "help"));
            assert_non_null(json_object_get(p0, "choices"));
        }
    }
    assert_true(seen);
    json_decref(j);
    assert_int_equal(tc_http(t.port, "GET", "/api/nothing", NULL, NULL), 404);
    assert_int_equal(tc_http(t.port, "DELETE", "/api/games", NULL, NULL), 405);
    tc_stop(&t);
    tc_remove_db(t.db);
}

static json_t *get_match(int port, long long id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld", id);
    json_t *j;
    assert_int_equal(tc_http(port, "GET", path, NULL, &j), 200);
    return j;
}

static void test_create_list_record(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"random\"]", 7);
    long long id = json_integer_value(json_object_get(c, "id"));
    assert_true(id > 0);
    assert_non_null(strstr(json_string_value(json_object_get(c, "game")), "targi(players=2"));
    json_t *s0 = json_array_get(json_object_get(c, "seats"), 0);
    json_t *s1 = json_array_get(json_object_get(c, "seats"), 1);
    const char *tok = json_string_value(json_object_get(s0, "token"));
    assert_int_equal(strlen(tok), 32);
    assert_non_null(strstr(json_string_value(json_object_get(s0, "invite")), tok));
    assert_null(json_object_get(s1, "token"));
    /* The match: status open (its human has not joined), no token, no seed. */
    json_t *m = get_match(t.port, id);
    assert_string_equal(json_string_value(json_object_get(m, "status")), "open");
    char *text = json_dumps(m, 0);
    assert_null(strstr(text, tok));
    assert_null(strstr(text, "seed"));
    free(text);
    json_decref(m);
    /* The record with the seed is refused before the end. */
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld/record", id);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, NULL), 403);
    /* A game of bots only runs to its end on its own; then its record is served. */
    json_t *b = tc_create(t.port, "targi", "[\"random\", \"greedy\"]", 8);
    long long bid = json_integer_value(json_object_get(b, "id"));
    json_decref(b);
    const char *status = NULL;
    for (int tries = 0; tries < 300; tries++) {
        m = get_match(t.port, bid);
        status = json_string_value(json_object_get(m, "status"));
        if (!strcmp(status, "finished"))
            break;
        json_decref(m);
        m = NULL;
        nanosleep(&(struct timespec){0, 50000000L}, NULL);
    }
    assert_non_null(m);
    assert_non_null(json_object_get(json_object_get(m, "result"), "scores"));
    json_decref(m);
    json_t *rec;
    snprintf(path, sizeof path, "/api/matches/%lld/record", bid);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, &rec), 200);
    assert_non_null(json_object_get(rec, "seed"));
    assert_true(json_array_size(json_object_get(rec, "actions")) > 50);
    json_decref(rec);
    /* Listing: newest first, filtered by status. */
    json_t *l;
    assert_int_equal(tc_http(t.port, "GET", "/api/matches", NULL, &l), 200);
    json_t *ms = json_object_get(l, "matches");
    assert_int_equal(json_array_size(ms), 2);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(ms, 0), "id")), bid);
    json_decref(l);
    assert_int_equal(tc_http(t.port, "GET", "/api/matches?status=open", NULL, &l), 200);
    ms = json_object_get(l, "matches");
    assert_int_equal(json_array_size(ms), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(ms, 0), "id")), id);
    json_decref(l);
    assert_int_equal(tc_http(t.port, "GET", "/api/matches?status=nope", NULL, NULL), 400);
    assert_int_equal(tc_http(t.port, "GET", "/api/matches/999", NULL, NULL), 404);
    assert_int_equal(tc_http(t.port, "GET", "/api/matches/999/record", NULL, NULL), 404);
    assert_int_equal(tc_http(t.port, "GET", "/api/matches/x1", NULL, NULL), 404);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

static void expect_refused(int port, const char *body, int status, const char *needle)
{
    json_t *j;
    assert_int_equal(tc_http(port, "POST", "/api/matches", body, &j), status);
    const char *e = json_string_value(json_object_get(j, "error"));
    assert_non_null(e);
    if (!strstr(e, needle))
        fail_msg("'%s' does not name '%s'", e, needle);
    json_decref(j);
}

static void test_create_refused(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    expect_refused(t.port, "{\"game\": \"targ\", \"seats\": [\"human\", \"random\"]}", 400,
                   "unknown game 'targ'");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", \"foo\"]}", 400,
                   "seat 1");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\"]}", 400, "players=1");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": []}", 400, "seats");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [1, 2]}", 400, "seat");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", \"human\"], "
                           "\"seed\": -1}", 400, "seed");
    expect_refused(t.port, "{\"seats\": [\"human\"]}", 400, "game");
    expect_refused(t.port, "[1, 2]", 400, "JSON object");
    expect_refused(t.port, "{\"game\": ", 400, "JSON object");
    char *big = malloc(70 * 1024);
    memset(big, ' ', 70 * 1024 - 1);
    big[70 * 1024 - 1] = 0;
    memcpy(big, "{\"game\":", 8);
    expect_refused(t.port, big, 413, "64 KiB");
    free(big);
    json_t *l;
    assert_int_equal(tc_http(t.port, "GET", "/api/matches", NULL, &l), 200);
    assert_int_equal(json_array_size(json_object_get(l, "matches")), 0);
    json_decref(l);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* A bot seat beyond the server's limits (time, threads, iterations, tree nodes) is refused with a
 * message naming the limit, and nothing is stored; one at the limits is accepted. The limits are
 * low here, so that an accepted bot that happens to move first thinks briefly (tc_stop waits for
 * it, under the sanitizers too). */
static void test_bot_limits(void **st)
{
    (void)st;
    tc_server t;
    tc_start_opts(&t, NULL, &(server_options){.bot_max_time = 1, .bot_max_threads = 2,
                                              .bot_max_iters = 1000});
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", \"mcts(time=1001ms)\"]}",
                   400, "seat 1: 'mcts(time=1001ms)' is beyond this server's limit for bots: time "
                        "at most 1s");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"mcts(iters=9,threads=3)\", "
                           "\"human\"]}", 400, "seat 0: 'mcts(iters=9,threads=3)' is beyond "
                                               "this server's limit for bots: threads at most 2");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", "
                           "\"mcts(iters=1001,threads=1)\"]}", 400, "iters at most 1000");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", "
                           "\"mcts(iters=9,threads=1,nodes=4194305)\"]}", 400,
                   "nodes at most 4194304");
    json_t *l;
    assert_int_equal(tc_http(t.port, "GET", "/api/matches", NULL, &l), 200);
    assert_int_equal(json_array_size(json_object_get(l, "matches")), 0);
    json_decref(l);
    json_decref(tc_create(t.port, "targi", "[\"human\", \"mcts(time=1s,threads=2)\"]", 1));
    /* iterations alone do not bound the time: the server's limit is added to the spec */
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"mcts(iters=1000,threads=1)\"]", 1);
    json_t *s1 = json_array_get(json_object_get(c, "seats"), 1);
    assert_string_equal(json_string_value(json_object_get(s1, "spec")),
                        "mcts(iters=1000,threads=1,time=1s)");
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld",
             (long long)json_integer_value(json_object_get(c, "id")));
    json_decref(c);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, &c), 200);
    s1 = json_array_get(json_object_get(c, "seats"), 1);
    assert_string_equal(json_string_value(json_object_get(s1, "spec")),
                        "mcts(iters=1000,threads=1,time=1s)");
    json_decref(c);
    c = tc_create(t.port, "targi", "[\"human\", \"greedy(samples=2)\"]", 1);
    s1 = json_array_get(json_object_get(c, "seats"), 1);
    assert_string_equal(json_string_value(json_object_get(s1, "spec")), "greedy(samples=2)");
    json_decref(c);
    char body[400], spec[130];
    memset(spec, 0, sizeof spec);
    int at = snprintf(spec, sizeof spec, "mcts(iters=5,c=0.");
    memset(spec + at, '1', 120 - (size_t)at); /* 121 characters with the ')' */
    spec[120] = ')';
    snprintf(body, sizeof body, "{\"game\": \"targi\", \"seats\": [\"human\", \"%s\"]}", spec);
    expect_refused(t.port, body, 400, "has no time limit, and this server's (1s) does not fit");
    tc_stop(&t);
    tc_remove_db(t.db);
    tc_start(&t, NULL); /* the defaults: 60 s a move */
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", "
                           "\"mcts(time=61s,threads=1)\"]}", 400, "time at most 60s");
    expect_refused(t.port, "{\"game\": \"targi\", \"seats\": [\"human\", "
                           "\"mcts(iters=10000001,threads=1)\"]}", 400, "iters at most 10000000");
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* `tafel serve --port 0` prints its URL, answers, and stops cleanly on SIGTERM. */
static void test_serve_process(void **st)
{
    (void)st;
    const char *bin = getenv("TAFEL_BIN");
    if (!bin)
        skip();
    char db[] = "/tmp/tafel-serve-XXXXXX";
    int fd = mkstemp(db);
    close(fd);
    unlink(db);
    int out[2];
    assert_int_equal(pipe(out), 0);
    pid_t pid = fork();
    if (!pid) {
        dup2(out[1], 1);
        close(out[0]);
        execl(bin, bin, "serve", "--port", "0", "--db", db, (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    FILE *f = fdopen(out[0], "r");
    char line[256];
    assert_non_null(fgets(line, sizeof line, f));
    int port = 0;
    assert_int_equal(sscanf(line, "tafel: serving on http://127.0.0.1:%d/", &port), 1);
    assert_true(port > 0);
    assert_int_equal(tc_http(port, "GET", "/api/games", NULL, NULL), 200);
    kill(pid, SIGTERM);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    fclose(f);
    tc_remove_db(db);
}

/* Invite links name the request's Host when it is a plain host[:port] of at most 255 bytes,
 * else localhost: never a link cut short or one whose address carries a path. */
static void test_invite_host(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    char longhost[300];
    memset(longhost, 'a', sizeof longhost - 1);
    longhost[sizeof longhost - 1] = '\0';
    char fits[256];
    memset(fits, 'b', 250);
    snprintf(fits + 250, sizeof fits - 250, ":8080");
    const struct {
        const char *host, *in_link;
    } cases[] = {
        {"tafel.example:8080", "tafel.example:8080"},
        {"[::1]:7777", "[::1]:7777"},
        {fits, fits},
        {longhost, "localhost"},
        {"evil.example/steal?x=", "localhost"},
        {"a b", "localhost"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        json_t *c;
        assert_int_equal(tc_http_host(t.port, cases[k].host, "POST", "/api/matches",
                                      "{\"game\": \"targi\", \"seats\": [\"human\", \"random\"]}",
                                      &c),
                         201);
        const char *tok = tc_token(c, 0);
        char want[400];
        snprintf(want, sizeof want, "http://%s/match/%lld#token=%s", cases[k].in_link,
                 (long long)json_integer_value(json_object_get(c, "id")), tok);
        json_t *s0 = json_array_get(json_object_get(c, "seats"), 0);
        assert_string_equal(json_string_value(json_object_get(s0, "invite")), want);
        json_decref(c);
    }
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_create_list_record),
        cmocka_unit_test(test_create_refused),
        cmocka_unit_test(test_bot_limits),
        cmocka_unit_test(test_invite_host),
        cmocka_unit_test(test_serve_process),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
