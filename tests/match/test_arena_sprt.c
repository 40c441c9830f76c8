/* test_arena_sprt.c: the pentanomial SPRT: the LLR against values worked out by hand, its
 * symmetry and its agreement with the normal approximation; and in the arena, a test that stops
 * early, decides the right way, and stops at the same pair with 1 or 3 workers. */
#include "check.h"

#include <math.h>
#include <string.h>

#include "../bots/bot_games.h"
#include "match/arena.h"

/* With two observed outcomes the mean fixes the distribution: for pairs at 1/4 and 3/4 of the
 * points, mean s gives p(3/4) = (s - 1/4) / (1/2). Elo 0 is s = 0.5 (p = 0.5, 0.5); Elo
 * 400 log10(1.5) = 70.4365 is s = 0.6 (p = 0.3, 0.7). With 10 and 30 pairs:
 * LLR = 30 ln(0.7/0.5) + 10 ln(0.3/0.5) = 10.0942 - 5.1083 = 4.98591. */
static void test_llr_by_hand(void **unused)
{
    (void)unused;
    const double elo1 = 400 * log10(1.5);
    double c1[5] = {0, 10, 0, 30, 0};
    assert_true(fabs(arena_sprt_llr(c1, 0, elo1) - 4.98591086) < 1e-6);
    /* Pairs won or lost twice, 20 each: H0 fits exactly (ll 0); H1 has p = 0.4, 0.6:
     * LLR = 20 ln(0.6/0.5) + 20 ln(0.4/0.5) = -0.81644. */
    double c2[5] = {20, 0, 0, 0, 20};
    assert_true(fabs(arena_sprt_llr(c2, 0, elo1) - -0.81643989) < 1e-6);
    /* A hypothesis outside what was seen has no maximum likelihood distribution. */
    double c3[5] = {0, 0, 0, 0, 3};
    assert_true(isnan(arena_sprt_llr(c3, 0, 10)));
    /* Smoothing keeps it finite and on the side of the data. */
    long l3[5] = {0, 0, 0, 0, 3};
    double s = arena_sprt_llr_smoothed(l3, 0, 10);
    assert_true(isfinite(s) && s > 0);
    /* Wald's bounds, alpha = beta = 0.05: -ln 19 and ln 19. */
    double lo, hi;
    arena_sprt_bounds(0.05, 0.05, &lo, &hi);
    assert_true(fabs(lo + 2.94443898) < 1e-6 && fabs(hi - 2.94443898) < 1e-6);
    arena_sprt_bounds(0.01, 0.1, &lo, &hi);
    assert_true(fabs(lo - log(0.1 / 0.99)) < 1e-12 && fabs(hi - log(0.9 / 0.01)) < 1e-12);
}

/* Swapping the hypotheses negates the LLR; for close hypotheses it matches the normal
 * approximation N (s1 - s0) (2 m - s0 - s1) / (2 var) of the pair score's mean m, variance var. */
static void test_llr_properties(void **unused)
{
    (void)unused;
    double c[5] = {13, 60, 150, 80, 17};
    double a = arena_sprt_llr(c, -5, 5), b = arena_sprt_llr(c, 5, -5);
    assert_true(isfinite(a) && fabs(a + b) < 1e-9);
    double n = 0, m = 0, v = 0;
    for (int i = 0; i < 5; i++) {
        n += c[i];
        m += c[i] * i / 4.0;
    }
    m /= n;
    for (int i = 0; i < 5; i++)
        v += c[i] * (i / 4.0 - m) * (i / 4.0 - m);
    v /= n;
    double s0 = 1 / (1 + pow(10, 5 / 400.0)), s1 = 1 / (1 + pow(10, -5 / 400.0));
    double approx = n * (s1 - s0) * (2 * m - s0 - s1) / (2 * v);
    if (fabs(a - approx) > 0.02 * fabs(approx))
        fail_msg("LLR %.5f, normal approximation %.5f", a, approx);
    /* More of the same evidence: the LLR scales with the number of pairs. */
    double c10[5];
    for (int i = 0; i < 5; i++)
        c10[i] = 10 * c[i];
    assert_true(fabs(arena_sprt_llr(c10, -5, 5) - 10 * a) < 1e-6 * fabs(a));
}

static void sprt_setup(arena_config *c, const tafel_game *g, const char *a, const char *b)
{
    memset(c, 0, sizeof *c);
    c->game = g;
    c->num_bots = 2;
    snprintf(c->specs[0], sizeof c->specs[0], "%s", a);
    snprintf(c->specs[1], sizeof c->specs[1], "%s", b);
    c->seed = 5;
    c->workers = 1;
    c->games = 400;
    c->sprt = 1;
    c->sprt_elo0 = 0;
    c->sprt_elo1 = 100;
    c->sprt_alpha = c->sprt_beta = 0.05;
}

static void test_arena_stops(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    arena_config c;
    sprt_setup(&c, &g, "mcts(iters=200,threads=1)", "random");
    arena_result r, r3;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    assert_int_equal(r.sprt.decision, 1);
    assert_true(r.sprt.llr >= r.sprt.hi);
    assert_true(r.games < 400 && r.games == 2 * r.sprt.pairs);
    long pairs = 0;
    for (int i = 0; i < 5; i++)
        pairs += r.sprt.pentanomial[i];
    assert_int_equal(pairs, r.sprt.pairs);
    /* The same prefix of pairs decides with three workers finishing games in any order. */
    c.workers = 3;
    assert_int_equal(arena_run(&c, &r3, err, sizeof err), 0);
    /* Games in play when the test decided are played but not counted. */
    assert_int_equal(r.played, r.games);
    assert_true(r3.played >= r3.games);
    r3.played = r.played;
    assert_memory_equal(&r, &r3, sizeof r);
    json_t *j = arena_summary_json(&c, &r);
    json_t *t = json_object_get(j, "sprt");
    assert_string_equal(json_string_value(json_object_get(t, "decision")), "H1");
    assert_int_equal(json_integer_value(json_object_get(t, "pairs")), r.sprt.pairs);
    json_decref(j);
    /* The weaker bot as bot 0: H0 (not 100 Elo stronger) is accepted. */
    sprt_setup(&c, &g, "random", "mcts(iters=200,threads=1)");
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    assert_int_equal(r.sprt.decision, -1);
    assert_true(r.sprt.llr <= r.sprt.lo && r.games < 400);
    /* Equal bots and a tight bound: --games stays the upper bound. */
    sprt_setup(&c, &g, "random", "random");
    c.games = 20;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    assert_int_equal(r.sprt.decision, 0);
    assert_int_equal(r.games, 20);
    /* Three bots are refused. */
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "players=3", err, sizeof err), 0);
    sprt_setup(&c, &g, "random", "random");
    c.num_bots = 3;
    snprintf(c.specs[2], sizeof c.specs[2], "random");
    assert_int_equal(arena_run(&c, &r, err, sizeof err), -1);
    assert_non_null(strstr(err, "two bots"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_llr_by_hand),
        cmocka_unit_test(test_llr_properties),
        cmocka_unit_test(test_arena_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
