/* test_serve_kill.c: kill -9. `tafel serve` (TAFEL_BIN) runs as a process on a temporary
 * database with human matches (the test plays every human seat at random over WebSockets) and
 * bots-only matches, each watched by a spectator. Every "action" message a connection receives
 * is an acknowledged action. The server is killed with SIGKILL at random moments (often while
 * a bot thinks) and restarted on the same database; every connection rejoins and the log of its
 * "state" must hold every entry it was sent before, unchanged. The last run plays every match to
 * its end, and the records must hold as many actions as were acknowledged. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "srv_client.h"
#include "tafel/game.h"
#include "tafel/rng.h"

#define KILL_MAX_CONNS 32

typedef struct conn {
    long long match;
    char token[80];            /* "": spectator */
    int seat;
    int bot_seats;             /* bit p: seat p is a bot */
    tc_ws *ws;
    json_t *seen;              /* every entry acknowledged to this connection, by index */
    json_t *legal;
    long long next;
    int to_move;
    int acted_at;
    int over;
} conn;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static pid_t serve(const char *db, int *port)
{
    const char *bin = getenv("TAFEL_BIN");
    int out[2];
    assert_int_equal(pipe(out), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (!pid) {
        /* A failing test must not leave its server behind (holding ctest's stderr open). */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(out[1], 1);
        close(out[0]);
        execl(bin, bin, "serve", "--port", "0", "--bind", "127.0.0.1", "--db", db,
              (char *)NULL);
        _exit(127);
    }
    close(out[1]);
    FILE *f = fdopen(out[0], "r");
    char line[256];
    if (!fgets(line, sizeof line, f) ||
        sscanf(line, "tafel: serving on http://127.0.0.1:%d/", port) != 1)
        fail_msg("tafel serve did not start");
    fclose(f); /* the server's later lines go nowhere (SIGPIPE is not fatal to a sigwait loop) */
    return pid;
}

static void conn_set_position(conn *c, const json_t *j)
{
    c->next = json_integer_value(json_object_get(j, "index"));
    c->to_move = (int)json_integer_value(json_object_get(j, "to_move"));
    json_decref(c->legal);
    c->legal = json_incref(json_object_get(j, "legal"));
}

/* (Re)join; what was acknowledged before must all be in the log, unchanged. */
static long conn_join(conn *c, int port)
{
    c->ws = tc_ws_open(port, NULL);
    assert_non_null(c->ws);
    json_t *st = tc_join(c->ws, c->match, *c->token ? c->token : NULL);
    const json_t *log = json_object_get(st, "log");
    size_t n = json_array_size(c->seen);
    if (json_array_size(log) < n)
        fail_msg("match %lld seat %d: %zu actions acknowledged, %zu after the restart",
                 c->match, c->seat, n, json_array_size(log));
    for (size_t i = 0; i < n; i++)
        if (!json_equal(json_array_get(c->seen, i), json_array_get(log, i)))
            fail_msg("match %lld seat %d: action %zu changed across the restart", c->match,
                     c->seat, i);
    json_decref(c->seen);
    c->seen = json_deep_copy(log);
    conn_set_position(c, st);
    c->acted_at = -1;
    json_decref(st);
    return (long)n;
}

static void conn_take(conn *c, json_t *j)
{
    const char *t = json_string_value(json_object_get(j, "type"));
    if (!strcmp(t, "action")) {
        const json_t *e = json_object_get(j, "entry");
        assert_int_equal(json_integer_value(json_object_get(e, "index")),
                         json_array_size(c->seen));
        json_array_append(c->seen, (json_t *)e);
        conn_set_position(c, j);
    } else if (!strcmp(t, "over")) {
        c->over = 1;
    } else if (!strcmp(t, "error")) {
        char *s = json_dumps(j, 0);
        fail_msg("match %lld seat %d: %s", c->match, c->seat, s);
    }
    json_decref(j);
}

static void conn_step(conn *c, tafel_rng *rng, int wait_ms)
{
    json_t *j;
    while ((j = tc_ws_next(c->ws, wait_ms))) {
        conn_take(c, j);
        wait_ms = 0;
    }
    if (c->legal && c->acted_at != c->next) {
        size_t n = json_array_size(c->legal);
        json_t *a = json_array_get(c->legal, tafel_rng_below(rng, (uint32_t)n));
        tc_ws_sendj(c->ws, json_pack("{s:s, s:I, s:O}", "type", "act", "index",
                                     (json_int_t)c->next, "action",
                                     json_object_get(a, "action")));
        c->acted_at = (int)c->next;
    }
}

/* Create a match; add a connection per human seat and a spectator. */
static int add_match(conn *cs, int n, int port, const char *game, const char *seats,
                     long long seed)
{
    json_t *m = tc_create(port, game, seats, seed);
    long long id = json_integer_value(json_object_get(m, "id"));
    int bots = 0, first = n;
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(m, "seats"), i, s) {
        const char *tok = json_string_value(json_object_get(s, "token"));
        if (!tok) {
            bots |= 1 << i;
            continue;
        }
        cs[n] = (conn){.match = id, .seat = (int)i, .seen = json_array()};
        snprintf(cs[n].token, sizeof cs[n].token, "%s", tok);
        n++;
    }
    cs[n++] = (conn){.match = id, .seat = -1, .seen = json_array()};
    for (int k = first; k < n; k++)
        cs[k].bot_seats = bots;
    json_decref(m);
    return n;
}

static void test_kill9(void **st)
{
    (void)st;
    if (!getenv("TAFEL_BIN"))
        skip();
    int kills_wanted = getenv("TAFEL_SANITIZE") ? 8 : 30;
    char db[] = "/tmp/tafel-kill-XXXXXX";
    int fd = mkstemp(db);
    close(fd);
    unlink(db);
    int port;
    pid_t pid = serve(db, &port);
    conn cs[KILL_MAX_CONNS];
    int n = 0;
    n = add_match(cs, n, port, "targi", "[\"human\", \"human\"]", 1);
    n = add_match(cs, n, port, "carcassonne", "[\"human\", \"human\"]", 2);
    n = add_match(cs, n, port, "tafelrunde2", "[\"human\", \"mcts(iters=100)\", \"human\"]", 3);
    n = add_match(cs, n, port, "targi", "[\"mcts(iters=3000)\", \"mcts(iters=3000)\"]", 4);
    n = add_match(cs, n, port, "carcassonne", "[\"greedy\", \"mcts(iters=40)\"]", 5);
    tafel_rng rng;
    tafel_rng_seed(&rng, 99);
    int kills = 0, while_thinking = 0, mid_game = 0;
    long checked = 0;
    for (int run = 0;; run++) {
        if (run)
            pid = serve(db, &port);
        for (int k = 0; k < n; k++)
            checked += conn_join(&cs[k], port);
        int last = kills == kills_wanted;
        long long end = now_ms() + (last ? 240000 : 20 + tafel_rng_below(&rng, 300));
        int all_over = 0;
        while (!all_over && now_ms() < end) {
            all_over = 1;
            for (int k = 0; k < n; k++) {
                conn_step(&cs[k], &rng, k == n - 1 ? 2 : 0);
                all_over &= cs[k].over;
            }
        }
        if (last) {
            if (!all_over)
                fail_msg("the matches did not finish within 4 minutes after the last kill");
            kill(pid, SIGTERM);
            waitpid(pid, NULL, 0);
            break;
        }
        /* A bot to move in an unfinished match is (most likely) thinking right now. */
        int thinking = 0;
        for (int k = 0; k < n; k++)
            thinking |= !cs[k].over && cs[k].to_move >= 0 &&
                        (cs[k].bot_seats >> cs[k].to_move & 1);
        int unfinished = 0;
        for (int k = 0; k < n; k++)
            unfinished |= !cs[k].over;
        kill(pid, SIGKILL);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
        kills++;
        while_thinking += thinking;
        mid_game += unfinished;
        for (int k = 0; k < n; k++)
            tc_ws_close(cs[k].ws);
    }
    /* The records (given once over) hold exactly what was acknowledged. */
    pid = serve(db, &port);
    long actions = 0;
    for (int k = 0; k < n; k++) {
        char path[64];
        json_t *rec;
        snprintf(path, sizeof path, "/api/matches/%lld/record", cs[k].match);
        assert_int_equal(tc_http(port, "GET", path, NULL, &rec), 200);
        assert_int_equal(json_array_size(json_object_get(rec, "actions")),
                         json_array_size(cs[k].seen));
        if (cs[k].seat < 0)
            actions += (long)json_array_size(cs[k].seen);
        json_decref(rec);
        tc_ws_close(cs[k].ws);
        json_decref(cs[k].seen);
        json_decref(cs[k].legal);
    }
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    printf("kill -9: %d kills (%d with a match unfinished, %d while a bot was to move), %ld "
           "acknowledged entries found again after restarts, 5 matches finished with %ld "
           "actions\n", kills, mid_game, while_thinking, checked, actions);
    tc_remove_db(db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kill9),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
