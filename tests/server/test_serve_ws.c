/* test_serve_ws.c: play over WebSockets (docs/protocol.md): a whole game of each game with the
 * test as a random player on every human seat and a spectator who must receive every action;
 * human against a server-side bot; resign; reconnect; a server restart in the middle. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "srv_client.h"
#include "tafel/game.h"
#include "tafel/rng.h"

static const char *type_of(const json_t *j)
{
    return json_string_value(json_object_get(j, "type"));
}

typedef struct player {
    tc_ws *ws;
    int seat;                  /* -1: spectator */
    long long next;            /* the index the latest state/action gave */
    json_t *legal;             /* from the latest message, if this seat is to move */
    int acted_at;              /* index of the act already sent, -1 */
    int over;
    long long entries;         /* log entries seen (state log + actions) */
} player;

static void player_take(player *p, json_t *j)
{
    const char *t = type_of(j);
    if (!strcmp(t, "state") || !strcmp(t, "action")) {
        long long idx = json_integer_value(json_object_get(j, "index"));
        if (!strcmp(t, "action")) {
            /* Actions arrive in order, each exactly once. */
            json_t *e = json_object_get(j, "entry");
            assert_int_equal(json_integer_value(json_object_get(e, "index")), p->entries);
            assert_int_equal(idx, p->entries + 1);
            p->entries++;
        } else {
            p->entries = (long long)json_array_size(json_object_get(j, "log"));
            assert_int_equal(idx, p->entries);
        }
        p->next = idx;
        json_decref(p->legal);
        p->legal = json_incref(json_object_get(j, "legal"));
        int to_move = (int)json_integer_value(json_object_get(j, "to_move"));
        /* Legal actions go to the seat to move only. */
        assert_int_equal(p->legal != NULL, p->seat >= 0 && to_move == p->seat);
    } else if (!strcmp(t, "over")) {
        p->over = 1;
    } else if (!strcmp(t, "error")) {
        fail_msg("seat %d: error %s", p->seat, json_dumps(j, 0));
    }
    json_decref(j);
}

/* Read what is waiting; act at random when it is our turn. Returns 1 while not over. */
static int player_step(player *p, tafel_rng *rng, int wait_ms)
{
    json_t *j;
    while ((j = tc_ws_next(p->ws, wait_ms))) {
        player_take(p, j);
        wait_ms = 0;
    }
    if (p->legal && p->acted_at != p->next) {
        size_t n = json_array_size(p->legal);
        json_t *a = json_array_get(p->legal, tafel_rng_below(rng, (uint32_t)n));
        json_t *msg = json_pack("{s:s, s:I}", "type", "act", "index", (json_int_t)p->next);
        /* Half the moves by notation, half by number. */
        if (tafel_rng_below(rng, 2))
            json_object_set(msg, "text", json_object_get(a, "text"));
        else
            json_object_set(msg, "action", json_object_get(a, "action"));
        tc_ws_sendj(p->ws, msg);
        p->acted_at = (int)p->next;
    }
    return !p->over;
}

static void player_join(player *p, int port, long long id, int seat, const char *token)
{
    memset(p, 0, sizeof *p);
    p->ws = tc_ws_open(port, NULL);
    assert_non_null(p->ws);
    p->seat = seat;
    p->acted_at = -1;
    player_take(p, tc_join(p->ws, id, token));
}

static void player_drop(player *p)
{
    tc_ws_close(p->ws);
    json_decref(p->legal);
    p->legal = NULL;
}

/* Play match id to its end: the human seats (tokens) and a spectator. stop_after: leave with
 * the game unfinished after that many actions (0: play to the end). Returns the actions. */
static long long play(int port, json_t *created, uint64_t seed, long long stop_after)
{
    long long id = json_integer_value(json_object_get(created, "id"));
    player ps[TAFEL_MAX_PLAYERS + 1];
    int n = 0;
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(created, "seats"), i, s) {
        const char *tok = json_string_value(json_object_get(s, "token"));
        if (tok)
            player_join(&ps[n++], port, id, (int)i, tok);
    }
    player_join(&ps[n++], port, id, -1, NULL); /* the spectator, last */
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    int live = 1;
    for (int rounds = 0; live && rounds < 200000; rounds++) {
        live = 0;
        for (int k = 0; k < n; k++)
            live |= player_step(&ps[k], &rng, k == n - 1 ? 2 : 0);
        if (stop_after && ps[n - 1].entries >= stop_after)
            break;
    }
    assert_false(stop_after ? 0 : live);
    long long total = ps[n - 1].entries;
    for (int k = 0; k < n; k++) {
        if (!stop_after)
            assert_int_equal(ps[k].entries, total); /* everyone got every action */
        player_drop(&ps[k]);
    }
    return total;
}

static json_t *get_match(int port, long long id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld", id);
    json_t *j;
    assert_int_equal(tc_http(port, "GET", path, NULL, &j), 200);
    return j;
}

static void check_finished(int port, long long id, long long actions)
{
    json_t *m = get_match(port, id);
    assert_string_equal(json_string_value(json_object_get(m, "status")), "finished");
    assert_int_equal(json_integer_value(json_object_get(m, "actions")), actions);
    json_decref(m);
    char path[64];
    json_t *rec;
    snprintf(path, sizeof path, "/api/matches/%lld/record", id);
    assert_int_equal(tc_http(port, "GET", path, NULL, &rec), 200);
    assert_int_equal(json_array_size(json_object_get(rec, "actions")), actions);
    json_decref(rec);
}

static void whole_game(const char *game, const char *seats, uint64_t seed)
{
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, game, seats, (long long)seed);
    long long n = play(t.port, c, seed, 0);
    assert_true(n > 20);
    check_finished(t.port, json_integer_value(json_object_get(c, "id")), n);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

static void test_carcassonne(void **st)
{
    (void)st;
    whole_game("carcassonne", "[\"human\", \"human\"]", 11);
}

static void test_targi(void **st)
{
    (void)st;
    whole_game("targi", "[\"human\", \"human\"]", 12);
}

static void test_tafelrunde2(void **st)
{
    (void)st;
    whole_game("tafelrunde2", "[\"human\", \"human\", \"human\"]", 13);
}

static void test_human_vs_bot(void **st)
{
    (void)st;
    whole_game("targi", "[\"greedy\", \"human\"]", 14);
}

/* A resignation the store refuses (here a trigger on its results table) does not end the match:
 * the resigning seat gets "internal", nobody gets "over", the record (with the seed) stays
 * closed, the match goes on, and a later resignation that is stored ends it. */
static void test_resign_not_stored(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 16);
    long long id = json_integer_value(json_object_get(c, "id"));
    tc_ws *w = tc_ws_open(t.port, NULL), *other = tc_ws_open(t.port, NULL);
    json_decref(tc_join(w, id, tc_token(c, 0)));
    json_decref(tc_join(other, id, tc_token(c, 1)));
    sqlite3 *db;
    assert_int_equal(sqlite3_open(t.db, &db), SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    assert_int_equal(sqlite3_exec(db, "CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN "
                                      "SELECT RAISE(ABORT, 'refused by the test'); END",
                                  NULL, NULL, NULL), SQLITE_OK);
    tc_ws_send(w, "{\"type\": \"resign\"}");
    json_t *e = tc_ws_wait(w, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "internal");
    json_decref(e);
    char path[64];
    snprintf(path, sizeof path, "/api/matches/%lld/record", id);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, NULL), 403);
    json_t *m = get_match(t.port, id);
    assert_string_not_equal(json_string_value(json_object_get(m, "status")), "finished");
    assert_null(json_object_get(m, "result"));
    json_decref(m);
    /* No "over" reached the other seat: the next message it gets is the pong. */
    tc_ws_send(other, "{\"type\": \"ping\", \"id\": 1}");
    for (json_t *x; (x = tc_ws_next(other, 5000));) {
        const char *type = type_of(x);
        assert_string_not_equal(type, "over");
        int pong = !strcmp(type, "pong");
        json_decref(x);
        if (pong)
            break;
    }
    assert_int_equal(sqlite3_exec(db, "DROP TRIGGER refuse", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    tc_ws_send(w, "{\"type\": \"resign\"}");
    json_decref(tc_ws_wait(other, "over", 5000));
    assert_int_equal(tc_http(t.port, "GET", path, NULL, NULL), 200);
    tc_ws_close(w);
    tc_ws_close(other);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* Resigning ends the match for everyone with "over" and resigned; the result is stored. The
 * record says so too (docs/records.md): its result is the "over" message's and the results
 * table's exactly, before and after a restart, POST /api/replay passes it on, `tafel replay`
 * prints who resigned, and a result that is not the resignation's is refused. */
static void test_resign(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 15);
    long long id = json_integer_value(json_object_get(c, "id"));
    const char *tok = json_string_value(json_object_get(json_array_get(json_object_get(c,
                                                                       "seats"), 0), "token"));
    long long played = play(t.port, c, 15, 60); /* points on the board first */
    tc_ws *w = tc_ws_open(t.port, NULL), *spec = tc_ws_open(t.port, NULL);
    json_decref(tc_join(w, id, tok));
    json_decref(tc_join(spec, id, NULL));
    tc_ws_send(spec, "{\"type\": \"resign\"}");
    json_t *e = tc_ws_wait(spec, "error", 5000);
    assert_string_equal(json_string_value(json_object_get(e, "code")), "not_your_turn");
    json_decref(e);
    tc_ws_send(w, "{\"type\": \"resign\"}");
    json_t *o = tc_ws_wait(spec, "over", 5000);
    assert_int_equal(json_integer_value(json_object_get(o, "resigned")), 0);
    assert_non_null(strstr(json_string_value(json_object_get(o, "record")), "/record"));
    json_t *want = json_pack("{s:O, s:O, s:i}", "scores", json_object_get(o, "scores"),
                             "returns", json_object_get(o, "returns"), "resigned", 0);
    json_decref(o);
    json_decref(tc_ws_wait(w, "over", 5000));
    json_t *m = get_match(t.port, id);
    assert_string_equal(json_string_value(json_object_get(m, "status")), "finished");
    json_t *res = json_object_get(m, "result");
    assert_int_equal(json_integer_value(json_object_get(res, "resigned")), 0);
    assert_true(json_real_value(json_array_get(json_object_get(res, "returns"), 1)) == 1.0);
    assert_true(json_equal(res, want));
    json_decref(m);
    tc_ws_close(w);
    tc_ws_close(spec);

    char path[64], db[256];
    json_t *rec, *rec2, *list;
    snprintf(path, sizeof path, "/api/matches/%lld/record", id);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, &rec), 200);
    assert_true(json_array_size(json_object_get(rec, "actions")) >= (size_t)played);
    if (!json_equal(json_object_get(rec, "result"), want))
        fail_msg("record result %s, over %s", json_dumps(json_object_get(rec, "result"), 0),
                 json_dumps(want, 0));
    /* Restarted, the match comes back from the store: the results table lists the same
     * result, and the record rebuilt from it is the same record. */
    snprintf(db, sizeof db, "%s", t.db);
    tc_stop(&t);
    tc_start(&t, db);
    assert_int_equal(tc_http(t.port, "GET", "/api/matches?status=finished", NULL, &list), 200);
    json_t *listed = NULL, *it;
    size_t i;
    json_array_foreach(json_object_get(list, "matches"), i, it)
        if (json_integer_value(json_object_get(it, "id")) == id)
            listed = json_object_get(it, "result");
    assert_non_null(listed);
    assert_true(json_equal(listed, want));
    json_decref(list);
    assert_int_equal(tc_http(t.port, "GET", path, NULL, &rec2), 200);
    assert_true(json_equal(rec, rec2));
    json_decref(rec2);
    /* The replay viewer gets it with the positions. */
    char *text = json_dumps(rec, JSON_COMPACT);
    json_t *rep;
    assert_int_equal(tc_http(t.port, "POST", "/api/replay", text, &rep), 200);
    assert_true(json_equal(json_object_get(rep, "result"), want));
    json_decref(rep);
    free(text);
    /* Returns that a resignation does not give, or a resignation after the end, are refused. */
    json_t *bad = json_deep_copy(rec);
    json_t *bres = json_object_get(bad, "result");
    json_array_set_new(json_object_get(bres, "returns"), 0, json_real(1.0));
    text = json_dumps(bad, JSON_COMPACT);
    assert_int_equal(tc_http(t.port, "POST", "/api/replay", text, &rep), 400);
    assert_non_null(strstr(json_string_value(json_object_get(rep, "error")),
                           "player 0's resignation gives 0"));
    json_decref(rep);
    free(text);
    json_decref(bad);

    /* tafel replay prints it. */
    const char *bin = getenv("TAFEL_BIN");
    assert_non_null(bin);
    char file[] = "/tmp/tafel-resigned-XXXXXX";
    int fd = mkstemp(file);
    assert_true(fd >= 0);
    assert_int_equal(json_dumpfd(rec, fd, 0), 0);
    close(fd);
    char cmd[512], out[16384];
    snprintf(cmd, sizeof cmd, "%s replay %s 2>&1", bin, file);
    FILE *pf = popen(cmd, "r");
    assert_non_null(pf);
    size_t n = fread(out, 1, sizeof out - 1, pf);
    out[n] = 0;
    assert_int_equal(pclose(pf), 0);
    unlink(file);
    char line[128];
    snprintf(line, sizeof line, "actions replayed, player 0 resigned.\n  player 0: %lld  "
             "(resigned)\n  player 1: %lld  (winner)\n",
             json_integer_value(json_array_get(json_object_get(want, "scores"), 0)),
             json_integer_value(json_array_get(json_object_get(want, "scores"), 1)));
    if (!strstr(out, line))
        fail_msg("tafel replay printed:\n%s\nnot:\n%s", out, line);
    json_decref(rec);
    json_decref(want);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* Drop in the middle and rejoin with the token: the state carries the whole log; then a
 * restart of the server on the same database in the middle, and the game finishes. */
static void test_reconnect_and_restart(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "targi", "[\"human\", \"human\"]", 16);
    long long id = json_integer_value(json_object_get(c, "id"));
    long long first = play(t.port, c, 16, 40);
    assert_true(first >= 40);
    /* Rejoin: the log holds every action so far, as a spectator sees the same count. */
    player p;
    const char *tok = json_string_value(json_object_get(json_array_get(json_object_get(c,
                                                                       "seats"), 1), "token"));
    player_join(&p, t.port, id, 1, tok);
    assert_true(p.entries >= first);
    long long at_rejoin = p.entries;
    player_drop(&p);
    /* Restart on the same database: the match is reloaded with every stored action. */
    char db[256];
    snprintf(db, sizeof db, "%s", t.db);
    tc_stop(&t);
    tc_start(&t, db);
    json_t *m = get_match(t.port, id);
    assert_int_equal(json_integer_value(json_object_get(m, "actions")), at_rejoin);
    assert_string_equal(json_string_value(json_object_get(m, "status")), "running");
    json_decref(m);
    long long n = play(t.port, c, 17, 0);
    assert_true(n > at_rejoin);
    check_finished(t.port, id, n);
    json_decref(c);
    tc_stop(&t);
    tc_remove_db(t.db);
}

/* A restart while a game of bots only is being played: it resumes and finishes on its own. */
static void test_bots_resume(void **st)
{
    (void)st;
    tc_server t;
    tc_start(&t, NULL);
    json_t *c = tc_create(t.port, "carcassonne", "[\"greedy\", \"random\"]", 18);
    long long id = json_integer_value(json_object_get(c, "id"));
    json_decref(c);
    char db[256];
    snprintf(db, sizeof db, "%s", t.db);
    tc_stop(&t);
    tc_start(&t, db);
    const char *status = NULL;
    json_t *m = NULL;
    for (int tries = 0; tries < 600; tries++) {
        json_decref(m);
        m = get_match(t.port, id);
        status = json_string_value(json_object_get(m, "status"));
        if (!strcmp(status, "finished"))
            break;
        tc_ws *w = tc_ws_open(t.port, NULL); /* waits a little, as a spectator */
        json_decref(tc_ws_next(w, 50));
        tc_ws_close(w);
    }
    assert_string_equal(status, "finished");
    json_decref(m);
    tc_stop(&t);
    tc_remove_db(t.db);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_carcassonne),
        cmocka_unit_test(test_targi),
        cmocka_unit_test(test_tafelrunde2),
        cmocka_unit_test(test_human_vs_bot),
        cmocka_unit_test(test_resign),
        cmocka_unit_test(test_resign_not_stored),
        cmocka_unit_test(test_reconnect_and_restart),
        cmocka_unit_test(test_bots_resume),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
