/* test_arena.c: the arena: counts add up, seats rotate, parallel equals sequential, the summary
 * JSON has its fields, Wilson intervals and Elo are sane, bad seats are refused. */
#include "check.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

#include "../bots/bot_games.h"
#include "match/arena.h"

static void arena_setup(arena_config *c, const tafel_game *g, const char *a, const char *b,
                        const char *c3)
{
    memset(c, 0, sizeof *c);
    c->game = g;
    c->num_bots = g->num_players;
    snprintf(c->specs[0], sizeof c->specs[0], "%s", a);
    snprintf(c->specs[1], sizeof c->specs[1], "%s", b);
    if (c3)
        snprintf(c->specs[2], sizeof c->specs[2], "%s", c3);
    c->seed = 11;
    c->workers = 1;
}

static void test_counts_add_up(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "players=3", err, sizeof err), 0);
    arena_config c;
    arena_setup(&c, &g, "random", "greedy", "mcts(iters=20,threads=1)");
    c.games = 10; /* rounded up to 12: every bot on every seat */
    arena_result r;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    assert_int_equal(r.games, 12);
    double wins = 0, seat_wins = 0;
    for (int i = 0; i < 3; i++) {
        assert_int_equal(r.bots[i].games, 12);
        assert_int_equal(r.seats[i].games, 12);
        wins += r.bots[i].wins;
        seat_wins += r.seats[i].wins;
        for (int j = 0; j < 3; j++)
            if (j != i) {
                assert_int_equal(r.pair_games[i][j], 12);
                assert_true(fabs(r.pair_points[i][j] + r.pair_points[j][i] - 12) < 1e-9);
            }
    }
    assert_true(fabs(wins - 12) < 1e-9);
    assert_true(fabs(seat_wins - 12) < 1e-9);
    assert_true(r.moves_sum == 12 * 18.0); /* hilo: every card is played */
    assert_true(r.actions_sum == 12 * 36.0);
    assert_int_equal(r.label_kind[0], 0);

    json_t *j = arena_summary_json(&c, &r);
    assert_int_equal(json_integer_value(json_object_get(j, "games")), 12);
    json_t *bots = json_object_get(j, "bots");
    assert_int_equal(json_array_size(bots), 3);
    double jw = 0;
    for (size_t i = 0; i < 3; i++) {
        json_t *b = json_array_get(bots, i);
        assert_string_equal(json_string_value(json_object_get(b, "spec")), c.specs[i]);
        assert_int_equal(json_integer_value(json_object_get(b, "games")), 12);
        double w = json_number_value(json_object_get(b, "wins"));
        double rate = json_number_value(json_object_get(b, "win_rate"));
        assert_true(fabs(rate - w / 12) < 1e-9);
        assert_non_null(json_object_get(b, "mean_score"));
        assert_non_null(json_object_get(b, "elo"));
        assert_true(json_number_value(json_object_get(b, "win_rate_low")) <= rate);
        assert_true(json_number_value(json_object_get(b, "win_rate_high")) >= rate);
        jw += w;
    }
    assert_true(fabs(jw - 12) < 1e-9);
    assert_null(json_object_get(j, "elo_difference")); /* only for two bots */
    assert_int_equal(json_array_size(json_object_get(j, "seats")), 3);
    assert_true(json_number_value(json_object_get(j, "mean_length")) == 18.0);
    json_decref(j);
}

static void test_parallel_equals_sequential(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    arena_config c;
    arena_setup(&c, &g, "greedy", "mcts(iters=30,threads=1)", NULL);
    c.games = 16;
    arena_result a, b;
    assert_int_equal(arena_run(&c, &a, err, sizeof err), 0);
    c.workers = 3;
    assert_int_equal(arena_run(&c, &b, err, sizeof err), 0);
    assert_memory_equal(&a, &b, sizeof a);
}

/* Same deal for both seatings: with two identical deterministic players swapping seats, seat
 * results mirror exactly (greedy against greedy on paired deals). */
static void test_paired_deals(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    arena_config c;
    arena_setup(&c, &g, "greedy(samples=1)", "greedy(samples=2)", NULL);
    c.games = 20;
    arena_result r;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    /* Different bots, but each deal is played twice with seats swapped: games and seat counts
     * are balanced. */
    assert_int_equal(r.seats[0].games, 20);
    assert_int_equal(r.bots[0].games, 20);
}

static void test_wilson_and_elo(void **unused)
{
    (void)unused;
    double lo, hi;
    arena_wilson(50, 100, &lo, &hi);
    assert_true(fabs(lo - 0.4038) < 1e-3 && fabs(hi - 0.5962) < 1e-3);
    arena_wilson(0, 10, &lo, &hi);
    assert_true(lo == 0 && fabs(hi - 0.2775) < 1e-3);
    arena_wilson(10, 10, &lo, &hi);
    assert_true(fabs(lo - 0.7225) < 1e-3 && hi == 1);
    /* 74% is +182 Elo, 50% none, 0% and 100% no finite difference */
    assert_true(fabs(arena_elo_of_rate(0.74) - 181.7) < 0.1);
    assert_true(fabs(arena_elo_of_rate(0.26) + 181.7) < 0.1);
    assert_true(arena_elo_of_rate(0.5) == 0);
    assert_true(isinf(arena_elo_of_rate(0)) && arena_elo_of_rate(0) < 0);
    assert_true(isinf(arena_elo_of_rate(1)) && arena_elo_of_rate(1) > 0);

    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    arena_config c;
    arena_setup(&c, &g, "mcts(iters=200,threads=1)", "random", NULL);
    c.games = 30;
    c.workers = 2;
    arena_result r;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    assert_true(r.bots[0].elo > 0 && r.bots[1].elo < 0);
    assert_true(fabs(r.bots[0].elo + r.bots[1].elo) < 1e-6);
    /* two bots: the first one's Elo difference from its win rate, with the Wilson bounds' */
    json_t *j = arena_summary_json(&c, &r);
    json_t *d = json_object_get(j, "elo_difference");
    json_t *b0 = json_array_get(json_object_get(j, "bots"), 0);
    double rate = json_number_value(json_object_get(b0, "win_rate"));
    lo = json_number_value(json_object_get(b0, "win_rate_low"));
    double v = json_number_value(json_object_get(d, "value"));
    assert_true(rate >= 1 ? json_is_null(json_object_get(d, "value"))
                          : fabs(v - 400 * log10(rate / (1 - rate))) < 1e-6);
    assert_true(fabs(json_number_value(json_object_get(d, "low")) -
                     400 * log10(lo / (1 - lo))) < 1e-6);
    assert_true(rate >= 1 || json_number_value(json_object_get(d, "low")) <= v);
    json_decref(j);
    /* the printed line's figures are the summary's; none without games or with three bots */
    double e[3];
    assert_int_equal(arena_elo_difference(&c, &r, e), 1);
    assert_true(rate >= 1 || fabs(e[0] - v) < 1e-9);
    r.bots[0].games = 0;
    assert_int_equal(arena_elo_difference(&c, &r, e), 0);
    r.bots[0].games = 30;
    c.num_bots = 3;
    assert_int_equal(arena_elo_difference(&c, &r, e), 0);
}

static void test_refusals(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    arena_config c;
    arena_result r;
    arena_setup(&c, &g, "random", "human", NULL);
    c.games = 2;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "human"));
    arena_setup(&c, &g, "random", "mcts(iters=x)", NULL);
    c.games = 2;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "bad value 'x'"));
    arena_setup(&c, &g, "random", "random", NULL);
    c.num_bots = 3;
    c.games = 2;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "3 seats"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_add_up),
        cmocka_unit_test(test_parallel_equals_sequential),
        cmocka_unit_test(test_paired_deals),
        cmocka_unit_test(test_wilson_and_elo),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
