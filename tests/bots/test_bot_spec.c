/* test_bot_spec.c: bot specs: accepted forms, refusals with a reason naming the problem. */
#include "check.h"

#include <string.h>

#include "bot_testgame.h"
#include "bots/bot_internal.h"
#include "tafel/bot.h"

static void spec_ok(const char *spec)
{
    char err[TAFEL_ERR_LEN] = "";
    if (tafel_bot_check(spec, err, sizeof err))
        fail_msg("'%s' refused: %s", spec, err);
}

static void spec_bad(const char *spec, const char *needle)
{
    char err[TAFEL_ERR_LEN] = "";
    if (!tafel_bot_check(spec, err, sizeof err))
        fail_msg("'%s' accepted", spec);
    if (!strstr(err, needle))
        fail_msg("'%s': reason '%s' does not mention '%s'", spec, err, needle);
    assert_null(strchr(err, '\n'));
}

static void test_accepted(void **unused)
{
    (void)unused;
    spec_ok("random");
    spec_ok("greedy");
    spec_ok("greedy(samples=3)");
    spec_ok("human");
    spec_ok("mcts");
    spec_ok("mcts(iters=5000)");
    spec_ok("mcts(time=1s)");
    spec_ok("mcts(time=500ms,threads=2,c=0.7)");
    spec_ok("mcts(time=0.25s)");
    spec_ok("mcts( iters = 10 , threads=all, depth=20, margin=0, chance=open, nodes=1000)");
    spec_ok("mcts(iters=10,time=2s)");
    spec_ok("mcts(iters=10,depth=end,prior=1.5)");
    spec_ok("mcts(iters=10,depth=0)");
    spec_ok("mcts(iters=10,expand=all)");
    spec_ok("mcts(iters=10,expand=2)");
    spec_ok("mcts(iters=10,scale=2.5)");
    spec_ok("mcts(iters=10,crn=1)");
    spec_ok("mcts(iters=10,chance=strat)");
}

static void test_refused(void **unused)
{
    (void)unused;
    spec_bad("alphazero", "unknown bot 'alphazero'");
    spec_bad("", "unknown bot");
    spec_bad("Random", "unknown bot");
    spec_bad("human(x=1)", "unknown bot");
    spec_bad("random(iters=3)", "no options");
    spec_bad("mcts(foo=1)", "unknown option 'foo'");
    spec_bad("greedy(iters=1)", "unknown option 'iters'");
    spec_bad("mcts(iters=abc)", "bad value 'abc' for iters");
    spec_bad("mcts(iters=0)", "bad value '0' for iters");
    spec_bad("mcts(iters=-5)", "bad value '-5' for iters");
    spec_bad("mcts(time=1h)", "bad value '1h' for time");
    spec_bad("mcts(time=0s)", "bad value '0s' for time");
    spec_bad("mcts(threads=0)", "bad value '0' for threads");
    spec_bad("mcts(c=-1)", "bad value '-1' for c");
    spec_bad("mcts(chance=maybe)", "bad value 'maybe' for chance (tree, strat or open)");
    spec_bad("mcts(iters)", "needs a value");
    spec_bad("mcts(iters=5", "missing ')'");
    spec_bad("greedy(samples=0)", "bad value '0' for samples");
    spec_bad("mcts(depth=deep)", "bad value 'deep' for depth");
    spec_bad("mcts(prior=-1)", "bad value '-1' for prior");
    spec_bad("mcts(expand=some)", "bad value 'some' for expand");
    spec_bad("mcts(expand=-1)", "bad value '-1' for expand");
    spec_bad("mcts(scale=0)", "bad value '0' for scale");
    spec_bad("mcts(crn=2)", "bad value '2' for crn");
}

/* What a spec costs: what the server's limits read. */
static void test_cost(void **unused)
{
    (void)unused;
    tafel_bot_cost c;
    assert_int_equal(tafel_bot_cost_of("random", &c), 0);
    assert_true(c.threads == 1 && c.time == 0 && c.iters == 0 && c.nodes == 0);
    assert_int_equal(tafel_bot_cost_of("greedy(samples=4)", &c), 0);
    assert_true(c.threads == 1 && c.time == 0 && c.iters == 0 && c.nodes == 0);
    assert_int_equal(tafel_bot_cost_of("mcts(iters=1000,threads=2)", &c), 0);
    assert_true(c.threads == 2 && c.time == 0 && c.iters == 1000);
    assert_int_equal(c.nodes, 4 * 500 + 64); /* the pool bot_mcts_new allocates */
    assert_int_equal(tafel_bot_cost_of("mcts(time=2500ms,threads=1)", &c), 0);
    assert_true(c.time == 2.5 && c.iters == 0 && c.nodes == 1L << 22);
    assert_int_equal(tafel_bot_cost_of("mcts(iters=100000000,threads=1)", &c), 0);
    assert_int_equal(c.nodes, 1L << 22);
    assert_int_equal(tafel_bot_cost_of("mcts(iters=9,nodes=100,threads=64)", &c), 0);
    assert_true(c.nodes == 100 && c.threads == 64);
    assert_int_equal(tafel_bot_cost_of("mcts", &c), 0);
    assert_true(c.time == 1.0 && c.threads >= 1);
    assert_int_equal(tafel_bot_cost_of("human", &c), -1);
    assert_int_equal(tafel_bot_cost_of("mcts(time=5)", &c), -1);
}

static void test_threads_and_new(void **unused)
{
    (void)unused;
    assert_int_equal(tafel_bot_threads("random"), 1);
    assert_int_equal(tafel_bot_threads("greedy"), 1);
    assert_int_equal(tafel_bot_threads("mcts(iters=5,threads=3)"), 3);
    assert_true(tafel_bot_threads("mcts") >= 1);
    assert_int_equal(tafel_bot_threads("human"), 0);
    assert_int_equal(tafel_bot_threads("nonsense"), 0);
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    assert_null(tafel_bot_new("human", &g, 0, 1, err, sizeof err));
    assert_null(tafel_bot_new("mcts(bad=1)", &g, 0, 1, err, sizeof err));
    assert_non_null(strstr(err, "unknown option 'bad'"));
    tafel_bot *b = tafel_bot_new("mcts(iters=7,threads=2)", &g, 1, 1, err, sizeof err);
    assert_non_null(b);
    assert_string_equal(b->spec, "mcts(iters=7,threads=2)");
    assert_int_equal(b->player, 1);
    tafel_bot_free(b);
}

static void tuned(const char *game, const char *spec, bot_opts *o)
{
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load(&g, game, err, sizeof err))
        fail_msg("%s: %s", game, err);
    if (bot_parse_spec(spec, o, err, sizeof err))
        fail_msg("%s: %s", spec, err);
    bot_tune(o, &g);
}

/* Carcassonne's measured defaults apply unless the spec sets the option; other games keep the
 * generic ones (docs/strength.md). */
static void test_game_defaults(void **unused)
{
    (void)unused;
    bot_opts o;
    tuned("carcassonne", "mcts(iters=10)", &o);
    assert_int_equal(o.depth, 0);
    assert_int_equal(o.expand_plies, 3);
    assert_true(o.c == 0.3);
    assert_true(o.prior == 1);
    assert_int_equal(o.chance_nodes, BOT_CHANCE_STRAT);
    tuned("carcassonne", "mcts(iters=10,depth=end,expand=all,c=0.7,prior=0,chance=tree)", &o);
    assert_int_equal(o.depth, -1);
    assert_int_equal(o.expand_plies, BOT_EXPAND_ALL);
    assert_true(o.c == 0.7);
    assert_true(o.prior == 0);
    assert_int_equal(o.chance_nodes, 1);
    tuned("tafelrunde2", "mcts(iters=10)", &o);
    assert_int_equal(o.depth, -1);
    assert_int_equal(o.expand_plies, 0);
    assert_true(o.c == 0.7);
    assert_true(o.prior == 0);
    assert_int_equal(o.chance_nodes, 1);
    tuned("targi", "mcts(iters=10)", &o);
    assert_int_equal(o.chance_nodes, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepted),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_cost),
        cmocka_unit_test(test_threads_and_new),
        cmocka_unit_test(test_game_defaults),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
