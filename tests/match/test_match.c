/* test_match.c: the match layer: creation errors, whole games of every game through it, refused
 * actions leave everything unchanged, records replay, a match reloaded from a record draws the
 * same chance outcomes as one never interrupted, the observer sees every action once, resign,
 * and a bot choosing on a snapshot in another thread. */
#include "check.h"

#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tafel/match.h"

static const char *const games3[] = {"targi", "tafelrunde2", "carcassonne"};

static int one_line(const char *s)
{
    return *s && !strchr(s, '\n');
}

static tafel_match *new2(const char *game, const char *a, const char *b, uint64_t seed)
{
    const char *seats[] = {a, b};
    char err[TAFEL_ERR_LEN];
    tafel_match *m = tafel_match_new(game, seats, 2, seed, err, sizeof err);
    if (!m)
        fail_msg("%s: %s", game, err);
    return m;
}

/* Play to the end: chance from the match, every seat's bot moves. */
static void play_out(tafel_match *m)
{
    char err[TAFEL_ERR_LEN];
    for (long n = 0; !tafel_match_is_over(m); n++) {
        assert_true(n < 200000);
        int p = tafel_match_to_move(m);
        if (p == TAFEL_CHANCE) {
            assert_false(tafel_match_bot_to_move(m));
            assert_true(tafel_match_sample_chance(m) >= 0);
            continue;
        }
        assert_true(tafel_match_bot_to_move(m));
        int32_t a = tafel_match_bot_choose(m);
        if (tafel_match_apply(m, tafel_match_num_actions(m), p, a, err, sizeof err))
            fail_msg("bot's move refused: %s", err);
    }
}

static void expect_refused(const char *game, const char *const *seats, int n, const char *needle)
{
    char err[TAFEL_ERR_LEN] = "";
    tafel_match *m = tafel_match_new(game, seats, n, 1, err, sizeof err);
    if (m)
        fail_msg("%s with %d seats was accepted", game, n);
    if (!one_line(err) || !strstr(err, needle))
        fail_msg("%s: '%s' does not name '%s' in one line", game, err, needle);
}

static void test_create_errors(void **unused)
{
    (void)unused;
    const char *two[] = {"human", "random"};
    const char *bad[] = {"random", "foo"};
    const char *badopt[] = {"mcts(iters=x)", "random"};
    const char *three[] = {"random", "random", "random"};
    expect_refused("chess", two, 2, "chess");
    expect_refused("targi(colour=red)", two, 2, "colour");
    expect_refused("targi", bad, 2, "seat 1: unknown bot 'foo'");
    expect_refused("targi", badopt, 2, "seat 0");
    expect_refused("targi", three, 3, "players=3");
    expect_refused("tafelrunde2(players=3)", two, 2, "2 seats given for a 3-player game");
    expect_refused("targi", two, 0, "0 seats");

    /* Seats fix the number of players unless the game string names it. */
    char err[TAFEL_ERR_LEN];
    tafel_match *m = tafel_match_new("tafelrunde2(zork=budget_in_scoring)", three, 3, 4, err,
                                     sizeof err);
    assert_non_null(m);
    assert_int_equal(tafel_match_game(m)->num_players, 3);
    assert_int_equal(tafel_match_num_seats(m), 3);
    assert_string_equal(tafel_match_seat(m, 2), "random");
    assert_null(tafel_match_seat(m, 3));
    assert_true(strstr(tafel_match_record(m)->game, "players=3") != NULL);
    tafel_match_free(m);
    m = tafel_match_new("tafelrunde2", three, 3, 4, err, sizeof err);
    assert_int_equal(tafel_match_game(m)->num_players, 3);
    tafel_match_free(m);

    m = new2("targi", "human", "greedy", 9);
    assert_null(tafel_match_bot(m, 0));
    assert_non_null(tafel_match_bot(m, 1));
    assert_int_equal(tafel_match_seed(m), 9);
    tafel_match_free(m);
}

/* A whole game of each game with bots; the record replays to the same final state. */
static void test_whole_games(void **unused)
{
    (void)unused;
    for (int i = 0; i < 3; i++) {
        tafel_match *m = new2(games3[i], "random", "greedy", 21);
        play_out(m);
        const tafel_game *g = tafel_match_game(m);
        assert_true(tafel_is_terminal(g, tafel_match_state(m)));
        assert_int_equal(tafel_match_to_move(m), TAFEL_TERMINAL);
        assert_int_equal(tafel_match_bot_choose(m), -1);
        assert_int_equal(tafel_match_sample_chance(m), -1);
        const tafel_record *r = tafel_match_record(m);
        assert_int_equal(r->num_actions, tafel_match_num_actions(m));
        assert_true(r->has_result);
        int scores[TAFEL_MAX_PLAYERS];
        double ret[TAFEL_MAX_PLAYERS], want[TAFEL_MAX_PLAYERS];
        assert_int_equal(tafel_match_result(m, scores, ret), 0);
        g->type->returns(g, tafel_match_state(m), want);
        assert_memory_equal(ret, want, 2 * sizeof *ret);
        assert_memory_equal(scores, r->scores, 2 * sizeof *scores);
        assert_int_equal(tafel_match_resigned(m), -1);

        tafel_game g2;
        size_t bad;
        char err[TAFEL_ERR_LEN];
        void *st = malloc(g->type->state_size);
        if (tafel_record_replay(r, &g2, st, &bad, err, sizeof err))
            fail_msg("%s: %s", games3[i], err);
        assert_memory_equal(st, tafel_match_state(m), g->type->state_size);
        tafel_match *m2 = tafel_match_from_record(r, err, sizeof err);
        if (!m2)
            fail_msg("%s: %s", games3[i], err);
        assert_memory_equal(tafel_match_state(m2), st, g->type->state_size);
        assert_true(tafel_match_is_over(m2));
        assert_string_equal(tafel_match_seat(m2, 1), "greedy");
        free(st);
        tafel_match_free(m2);
        tafel_match_free(m);
    }
}

static void expect_apply_refused(tafel_match *m, size_t index, int player, int32_t a,
                                 const char *needle)
{
    const tafel_game *g = tafel_match_game(m);
    size_t n = tafel_match_num_actions(m);
    void *copy = malloc(g->type->state_size);
    tafel_state_copy(g, copy, tafel_match_state(m));
    char err[TAFEL_ERR_LEN] = "";
    if (tafel_match_apply(m, index, player, a, err, sizeof err) != -1)
        fail_msg("action %d of player %d at %zu accepted", a, player, index);
    if (!one_line(err) || !strstr(err, needle))
        fail_msg("'%s' does not say '%s'", err, needle);
    assert_memory_equal(copy, tafel_match_state(m), g->type->state_size);
    assert_int_equal(tafel_match_num_actions(m), n);
    assert_int_equal(tafel_match_record(m)->num_actions, n);
    free(copy);
}

static int observer_calls;
static void count_calls(void *ctx, const tafel_match *m, size_t index, int player, int32_t a,
                        const void *before, const void *after)
{
    (void)ctx, (void)m, (void)index, (void)player, (void)a, (void)before, (void)after;
    observer_calls++;
}

/* Out of turn, stale, illegal, after the end: refused with a reason, nothing changes. */
static void test_refusals(void **unused)
{
    (void)unused;
    for (int i = 0; i < 3; i++) {
        tafel_match *m = new2(games3[i], "human", "human", 5);
        const tafel_game *g = tafel_match_game(m);
        tafel_match_set_observer(m, count_calls, NULL);
        observer_calls = 0;
        int32_t legal[4096];
        int refused = 0;
        while (refused < 6 && !tafel_match_is_over(m)) {
            int p = tafel_match_to_move(m);
            size_t k = tafel_match_num_actions(m);
            if (p == TAFEL_CHANCE) {
                expect_apply_refused(m, k, 0, 0, "a chance outcome is due");
                tafel_match_sample_chance(m);
                continue;
            }
            assert_false(tafel_match_bot_to_move(m));
            assert_int_equal(tafel_match_bot_choose(m), -1);
            int n = g->type->legal_actions(g, tafel_match_state(m), legal);
            expect_apply_refused(m, k, 1 - p, legal[0], "not player");
            expect_apply_refused(m, k, TAFEL_CHANCE, legal[0], "no chance outcome is due");
            expect_apply_refused(m, k + 1, p, legal[0], "stale");
            if (k)
                expect_apply_refused(m, k - 1, p, legal[0], "stale");
            expect_apply_refused(m, k, p, g->type->num_actions, "not legal");
            expect_apply_refused(m, k, p, -5, "not legal");
            for (int32_t a = 0, j = 0; a < g->type->num_actions && j < n + 1; a++) {
                if (j < n && legal[j] == a) {
                    j++;
                    continue;
                }
                expect_apply_refused(m, k, p, a, "not legal");
                break;
            }
            refused++;
            char err[TAFEL_ERR_LEN];
            assert_int_equal(tafel_match_apply(m, k, p, legal[n - 1], err, sizeof err), 0);
        }
        assert_int_equal((size_t)observer_calls, tafel_match_num_actions(m));
        tafel_match_free(m);
    }
    tafel_match *m = new2("targi", "random", "random", 6);
    play_out(m);
    expect_apply_refused(m, tafel_match_num_actions(m), 0, 0, "the game is over");
    tafel_match_free(m);
}

/* Play a game with random bots to the end; separately play its first k actions, save and load
 * the record, reload the match and continue: player moves are the first game's, chance is the
 * match's own. The chance outcomes must be the first game's. */
static void test_reload_continues_same_draws(void **unused)
{
    (void)unused;
    for (int i = 0; i < 3; i++) {
        tafel_match *full = new2(games3[i], "random", "random", 77 + (uint64_t)i);
        play_out(full);
        const tafel_record *fr = tafel_match_record(full);
        size_t total = fr->num_actions;
        size_t ks[] = {0, 1, total / 3, total / 2 + 1, total - 1};
        for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++) {
            size_t k = ks[ki];
            char err[TAFEL_ERR_LEN];
            tafel_match *part = new2(games3[i], "human", "human", 77 + (uint64_t)i);
            for (size_t j = 0; j < k; j++) {
                int p = tafel_match_to_move(part);
                if (p == TAFEL_CHANCE)
                    assert_int_equal(tafel_match_sample_chance(part), fr->actions[j]);
                else
                    assert_int_equal(tafel_match_apply(part, j, p, fr->actions[j], err,
                                                       sizeof err), 0);
            }
            json_t *js = tafel_record_to_json(tafel_match_record(part), err, sizeof err);
            assert_non_null(js);
            tafel_record r;
            tafel_record_init(&r);
            assert_int_equal(tafel_record_from_json(&r, js, err, sizeof err), 0);
            json_decref(js);
            tafel_match_free(part);
            tafel_match *m = tafel_match_from_record(&r, err, sizeof err);
            if (!m)
                fail_msg("%s: %s", games3[i], err);
            tafel_record_free(&r);
            assert_int_equal(tafel_match_num_actions(m), k);
            size_t chance = 0;
            for (size_t j = k; j < total; j++) {
                int p = tafel_match_to_move(m);
                if (p == TAFEL_CHANCE) {
                    int32_t a = tafel_match_sample_chance(m);
                    if (a != fr->actions[j])
                        fail_msg("%s reloaded after %zu: action %zu drew %d, not %d", games3[i],
                                 k, j, a, fr->actions[j]);
                    chance++;
                } else {
                    assert_int_equal(tafel_match_apply(m, j, p, fr->actions[j], err,
                                                       sizeof err), 0);
                }
            }
            assert_true(tafel_match_is_over(m));
            assert_memory_equal(tafel_match_state(m), tafel_match_state(full),
                                tafel_match_game(m)->type->state_size);
            if (ki == 1)
                assert_true(chance > 0);
            tafel_match_free(m);
        }
        tafel_match_free(full);
    }
}

/* A record whose actions or result are damaged is refused with the index and reason. */
static void test_from_record_refusals(void **unused)
{
    (void)unused;
    tafel_match *m = new2("targi", "random", "greedy", 3);
    play_out(m);
    tafel_record r;
    tafel_record_init(&r);
    const tafel_record *src = tafel_match_record(m);
    r = *src;
    r.actions = NULL;
    r.num_actions = r.cap = 0;
    for (size_t j = 0; j < src->num_actions; j++)
        tafel_record_push(&r, src->actions[j]);
    char err[TAFEL_ERR_LEN];
    r.actions[10] = 999999;
    assert_null(tafel_match_from_record(&r, err, sizeof err));
    assert_true(one_line(err) && strstr(err, "action 10") != NULL);
    r.actions[10] = src->actions[10];
    r.scores[1]++;
    assert_null(tafel_match_from_record(&r, err, sizeof err));
    assert_true(one_line(err) && strstr(err, "result") != NULL);
    r.scores[1]--;
    r.num_actions--;
    assert_null(tafel_match_from_record(&r, err, sizeof err));
    assert_true(strstr(err, "not over") != NULL);
    r.has_result = 0;
    tafel_match *part = tafel_match_from_record(&r, err, sizeof err);
    assert_non_null(part);
    assert_false(tafel_match_is_over(part));
    tafel_match_free(part);
    snprintf(r.seats[0], sizeof r.seats[0], "nobot");
    assert_null(tafel_match_from_record(&r, err, sizeof err));
    assert_true(strstr(err, "seat 0") != NULL);
    snprintf(r.game, sizeof r.game, "chess");
    assert_null(tafel_match_from_record(&r, err, sizeof err));
    assert_true(strstr(err, "chess") != NULL);
    tafel_record_free(&r);
    tafel_match_free(m);
}

typedef struct {
    size_t calls;
    size_t state_size;
    unsigned char *last; /* the state after the previous call */
    int32_t *actions;
    int bad;
} seen_log;

static void log_actions(void *ctx, const tafel_match *m, size_t index, int player, int32_t a,
                        const void *before, const void *after)
{
    seen_log *l = ctx;
    const tafel_record *r = tafel_match_record(m);
    /* In order, once each; before is the previous after; after is the match's state. */
    if (index != l->calls || r->num_actions != index + 1 || r->actions[index] != a)
        l->bad = 1;
    if (memcmp(before, l->last, l->state_size) || memcmp(after, tafel_match_state(m),
                                                         l->state_size))
        l->bad = 1;
    const tafel_game *g = tafel_match_game(m);
    if (g->type->current_player(g, before) != player)
        l->bad = 1;
    unsigned char tmp[l->state_size];
    memcpy(tmp, before, l->state_size);
    g->type->apply(g, tmp, a);
    if (memcmp(tmp, after, l->state_size))
        l->bad = 1;
    memcpy(l->last, after, l->state_size);
    l->calls++;
}

static void test_observer(void **unused)
{
    (void)unused;
    for (int i = 0; i < 3; i++) {
        tafel_match *m = new2(games3[i], "random", "random", 12);
        seen_log l = {0};
        l.state_size = tafel_match_game(m)->type->state_size;
        l.last = malloc(l.state_size);
        memcpy(l.last, tafel_match_state(m), l.state_size);
        tafel_match_set_observer(m, log_actions, &l);
        play_out(m);
        assert_false(l.bad);
        assert_int_equal(l.calls, tafel_match_num_actions(m));
        assert_true(l.calls > 50);
        free(l.last);
        tafel_match_free(m);
    }
}

static void test_resign(void **unused)
{
    (void)unused;
    const char *seats[] = {"random", "random", "random"};
    char err[TAFEL_ERR_LEN];
    tafel_match *m = tafel_match_new("tafelrunde2", seats, 3, 8, err, sizeof err);
    assert_non_null(m);
    const tafel_game *g = tafel_match_game(m);
    assert_int_equal(tafel_match_result(m, NULL, NULL), -1);
    while (tafel_match_num_actions(m) < 120) {
        if (tafel_match_to_move(m) == TAFEL_CHANCE)
            tafel_match_sample_chance(m);
        else
            assert_int_equal(tafel_match_apply(m, tafel_match_num_actions(m),
                                               tafel_match_to_move(m), tafel_match_bot_choose(m),
                                               err, sizeof err), 0);
    }
    assert_int_equal(tafel_match_resign(m, 3, err, sizeof err), -1);
    assert_true(strstr(err, "no seat 3") != NULL);
    assert_int_equal(tafel_match_resign(m, -1, err, sizeof err), -1);
    assert_int_equal(tafel_match_resigned(m), -1);
    assert_false(tafel_match_is_over(m));

    /* The leader resigns: he still gets nothing. */
    int sc[TAFEL_MAX_PLAYERS];
    g->type->scores(g, tafel_match_state(m), sc);
    int quitter = 0;
    for (int p = 1; p < 3; p++)
        if (sc[p] > sc[quitter])
            quitter = p;
    assert_true(sc[quitter] > 0);
    assert_int_equal(tafel_match_resign(m, quitter, err, sizeof err), 0);
    assert_int_equal(tafel_match_resigned(m), quitter);
    assert_true(tafel_match_is_over(m));
    assert_int_equal(tafel_match_to_move(m), TAFEL_TERMINAL);
    assert_false(tafel_match_bot_to_move(m));
    assert_int_equal(tafel_match_bot_choose(m), -1);
    assert_int_equal(tafel_match_sample_chance(m), -1);
    expect_apply_refused(m, tafel_match_num_actions(m), 0, 0, "the game is over");
    assert_int_equal(tafel_match_resign(m, 0, err, sizeof err), -1);
    assert_true(strstr(err, "over") != NULL);
    assert_int_equal(tafel_match_resigned(m), quitter);

    int scores[TAFEL_MAX_PLAYERS];
    double ret[TAFEL_MAX_PLAYERS];
    assert_int_equal(tafel_match_result(m, scores, ret), 0);
    assert_memory_equal(scores, sc, 3 * sizeof *sc);
    int a = (quitter + 1) % 3, b = (quitter + 2) % 3;
    int best = sc[a] > sc[b] ? sc[a] : sc[b];
    int leaders = (sc[a] == best) + (sc[b] == best);
    assert_true(ret[quitter] == 0);
    assert_true(ret[a] == (sc[a] == best ? 1.0 / leaders : 0));
    assert_true(ret[b] == (sc[b] == best ? 1.0 / leaders : 0));
    /* The record keeps the moves and the result, marked as the quitter's resignation; it
     * round-trips through JSON and rebuilds a match that is over the same way. */
    const tafel_record *rec = tafel_match_record(m);
    assert_true(rec->has_result && rec->resigned);
    assert_int_equal(rec->resigned_seat, quitter);
    assert_memory_equal(rec->scores, sc, 3 * sizeof *sc);
    assert_memory_equal(rec->returns, ret, 3 * sizeof *ret);
    json_t *j = tafel_record_to_json(rec, err, sizeof err);
    assert_non_null(j);
    json_t *jres = json_object_get(j, "result");
    assert_int_equal(json_integer_value(json_object_get(jres, "resigned")), quitter);
    for (int p = 0; p < 3; p++) {
        assert_int_equal(json_integer_value(json_array_get(json_object_get(jres, "scores"),
                                                           (size_t)p)), sc[p]);
        assert_true(json_real_value(json_array_get(json_object_get(jres, "returns"),
                                                   (size_t)p)) == ret[p]);
    }
    tafel_record back;
    tafel_record_init(&back);
    assert_int_equal(tafel_record_from_json(&back, j, err, sizeof err), 0);
    tafel_match *m2 = tafel_match_from_record(&back, err, sizeof err);
    assert_non_null(m2);
    assert_true(tafel_match_is_over(m2));
    assert_int_equal(tafel_match_resigned(m2), quitter);
    double ret2[TAFEL_MAX_PLAYERS];
    assert_int_equal(tafel_match_result(m2, NULL, ret2), 0);
    assert_memory_equal(ret2, ret, 3 * sizeof *ret);
    tafel_match_free(m2);
    /* A resigned result that is not the resignation's is refused: wrong returns, a seat the
     * game lacks, or one more action (then the scores may differ; the returns do not fit). */
    back.returns[quitter] = 1;
    assert_null(tafel_match_from_record(&back, err, sizeof err));
    assert_non_null(strstr(err, "resignation gives"));
    back.returns[quitter] = 0;
    back.resigned_seat = 3;
    assert_null(tafel_match_from_record(&back, err, sizeof err));
    assert_non_null(strstr(err, "no seat 3"));
    tafel_record_free(&back);
    /* Without the result (records written before it) it loads as an unfinished game. */
    json_object_del(j, "result");
    tafel_record_init(&back);
    assert_int_equal(tafel_record_from_json(&back, j, err, sizeof err), 0);
    m2 = tafel_match_from_record(&back, err, sizeof err);
    assert_non_null(m2);
    assert_false(tafel_match_is_over(m2));
    tafel_match_free(m2);
    tafel_record_free(&back);
    json_decref(j);
    tafel_match_free(m);

    /* At the start nobody has scored: the two others share the win. */
    m = tafel_match_new("tafelrunde2", seats, 3, 8, err, sizeof err);
    assert_int_equal(tafel_match_resign(m, 0, err, sizeof err), 0);
    assert_int_equal(tafel_match_result(m, NULL, ret), 0);
    assert_true(ret[0] == 0 && ret[1] == 0.5 && ret[2] == 0.5);
    tafel_match_free(m);
}

typedef struct {
    tafel_bot *bot;
    const void *state;
    int32_t action;
} think_job;

static void *think(void *arg)
{
    think_job *j = arg;
    j->action = j->bot->choose(j->bot, j->state);
    return NULL;
}

/* A server's worker: the bot chooses on a snapshot in another thread; the result is applied
 * with the snapshot's index, and refused as stale once the match has moved on. */
static void test_bot_on_snapshot(void **unused)
{
    (void)unused;
    tafel_match *m = new2("targi", "greedy", "mcts(iters=50,threads=1)", 4);
    tafel_match *same = new2("targi", "greedy", "mcts(iters=50,threads=1)", 4);
    const tafel_game *g = tafel_match_game(m);
    void *snap = malloc(g->type->state_size);
    char err[TAFEL_ERR_LEN];
    int moves = 0;
    while (!tafel_match_is_over(m) && moves < 40) {
        int p = tafel_match_to_move(m);
        if (p == TAFEL_CHANCE) {
            assert_int_equal(tafel_match_sample_chance(m), tafel_match_sample_chance(same));
            continue;
        }
        size_t k = tafel_match_num_actions(m);
        tafel_state_copy(g, snap, tafel_match_state(m));
        think_job j = {tafel_match_bot(m, p), snap, -1};
        pthread_t t;
        assert_int_equal(pthread_create(&t, NULL, think, &j), 0);
        pthread_join(t, NULL);
        assert_int_equal(j.action, tafel_match_bot_choose(same));
        assert_int_equal(tafel_match_apply(m, k, p, j.action, err, sizeof err), 0);
        assert_int_equal(tafel_match_apply(same, k, p, j.action, err, sizeof err), 0);
        expect_apply_refused(m, k, p, j.action, "stale");
        moves++;
    }
    free(snap);
    tafel_match_free(same);
    tafel_match_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_errors),
        cmocka_unit_test(test_whole_games),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_reload_continues_same_draws),
        cmocka_unit_test(test_from_record_refusals),
        cmocka_unit_test(test_observer),
        cmocka_unit_test(test_resign),
        cmocka_unit_test(test_bot_on_snapshot),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
