/* test_bot_mcts.c: the searching bots never use hidden information, are reproducible for a
 * seed and an iteration budget, and mcts plays better than random in the test game. */
#include "check.h"

#include <string.h>

#include "bot_games.h"
#include "bots/bot_internal.h"
#include "match/arena.h"
#include "tafel/bot.h"

#define MCTS_STATES 40

static int32_t mcts_decide(const tafel_game *g, const char *spec, const void *st, uint64_t seed)
{
    char err[TAFEL_ERR_LEN];
    int p = g->type->current_player(g, st);
    tafel_bot *b = tafel_bot_new(spec, g, p, seed, err, sizeof err);
    if (!b)
        fail_msg("%s: %s", spec, err);
    int32_t a = b->choose(b, st);
    tafel_bot_free(b);
    return a;
}

/* The test game itself keeps the API's invariants (so the tests below mean something). */
static void test_testgame_invariants(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    for (int np = 2; np <= 3; np++) {
        char params[32];
        snprintf(params, sizeof params, "players=%d", np);
        assert_int_equal(tafel_game_load_type(&g, &tg_type, params, err, sizeof err), 0);
        check_opts o = {.games = 50, .seed = 1, .deep_every = 1};
        check_random_games(&g, &o);
    }
}

/* Whether resample's result depends only on what the viewer sees (and the rng). */
static int mcts_resample_canonical(const tafel_game *g, const void *a, const void *b, int viewer)
{
    size_t sz = g->type->state_size;
    unsigned char *x = malloc(sz), *y = malloc(sz);
    int same = 1;
    for (uint64_t seed = 0; seed < 64 && same; seed++) {
        memcpy(x, a, sz);
        memcpy(y, b, sz);
        tafel_rng r1, r2;
        tafel_rng_seed(&r1, seed);
        tafel_rng_seed(&r2, seed);
        g->type->resample(g, x, viewer, &r1);
        g->type->resample(g, y, viewer, &r2);
        same = memcmp(x, y, sz) == 0;
    }
    free(x);
    free(y);
    return same;
}

/* Two states the deciding seat cannot tell apart (same info_hash, same view) but with other
 * hidden cards: with the same seed and budget the decision must be the same. */
static void test_hidden_information_unused(void **unused)
{
    (void)unused;
    tafel_game games[BOT_MAX_GAMES];
    int ng = bot_games(games);
    static const char *const specs[] = {"mcts(iters=200,threads=1)",
                                        "mcts(iters=100,threads=1,depth=3,chance=open)",
                                        "mcts(iters=100,threads=1,depth=0,prior=1)",
                                        "mcts(iters=50,threads=1,depth=0,expand=all)",
                                        "mcts(iters=100,threads=1,crn=1)",
                                        "mcts(iters=100,threads=1,depth=0,chance=strat)",
                                        "greedy(samples=4)"};
    for (int i = 0; i < ng; i++) {
        const tafel_game *g = &games[i];
        const tafel_game_type *t = g->type;
        unsigned char *states[MCTS_STATES];
        int want = bot_is_test_game(g) ? MCTS_STATES : 6;
        if (check_sanitized())
            want = want / 4 + 1;
        int n = bot_states(g, 5, 50, 3, states, want);
        unsigned char *other = malloc(t->state_size);
        int differing = 0;
        for (int k = 0; k < n; k++) {
            int p = t->current_player(g, states[k]);
            memcpy(other, states[k], t->state_size);
            tafel_rng rng;
            tafel_rng_seed(&rng, 1000 + (uint64_t)k);
            t->resample(g, other, p, &rng);
            assert_true(t->info_hash(g, other, p) == t->info_hash(g, states[k], p));
            differing += memcmp(other, states[k], t->state_size) != 0;
            /* Otherwise equal seeds would give different determinizations, and the test below
             * could not tell reading hidden information from a non-canonical resample. */
            if (!mcts_resample_canonical(g, states[k], other, p))
                fail_msg("%s, state %d: resample depends on the hidden state it replaces",
                         t->name, k);
            for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
                int32_t a = mcts_decide(g, specs[s], states[k], 42);
                int32_t b = mcts_decide(g, specs[s], other, 42);
                if (a != b)
                    fail_msg("%s, state %d: %s decides %d, but %d when only hidden information "
                             "differs", t->name, k, specs[s], a, b);
            }
        }
        if (bot_is_test_game(g))
            assert_true(differing > n / 2);
        for (int k = 0; k < n; k++)
            free(states[k]);
        free(other);
    }
}

static void test_reproducible(void **unused)
{
    (void)unused;
    tafel_game games[BOT_MAX_GAMES];
    int ng = bot_games(games);
    static const char *const specs[] = {"mcts(iters=150,threads=1)", "mcts(iters=150,threads=2)",
                                        "mcts(iters=100,threads=1,crn=1,expand=all)",
                                        "mcts(iters=150,threads=1,chance=strat)", "greedy"};
    for (int i = 0; i < ng; i++) {
        const tafel_game *g = &games[i];
        unsigned char *states[MCTS_STATES];
        int n = bot_states(g, 9, 20, 5, states, bot_is_test_game(g) ? 20 : 4);
        for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
            /* Two bots with one seed, fed the same sequence of states. */
            char err[TAFEL_ERR_LEN];
            tafel_bot *a[TAFEL_MAX_PLAYERS], *b[TAFEL_MAX_PLAYERS];
            for (int p = 0; p < g->num_players; p++) {
                a[p] = tafel_bot_new(specs[s], g, p, 77, err, sizeof err);
                b[p] = tafel_bot_new(specs[s], g, p, 77, err, sizeof err);
            }
            for (int k = 0; k < n; k++) {
                int p = g->type->current_player(g, states[k]);
                int32_t x = a[p]->choose(a[p], states[k]);
                int32_t y = b[p]->choose(b[p], states[k]);
                if (x != y)
                    fail_msg("%s state %d: %s chose %d then %d", g->type->name, k, specs[s], x,
                             y);
            }
            for (int p = 0; p < g->num_players; p++) {
                if (!strncmp(specs[s], "mcts", 4))
                    assert_true(a[p]->iterations == b[p]->iterations);
                tafel_bot_free(a[p]);
                tafel_bot_free(b[p]);
            }
        }
        for (int k = 0; k < n; k++)
            free(states[k]);
    }
}

static void test_budget_counts(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    unsigned char *states[1];
    assert_int_equal(bot_states(&g, 3, 1, 1, states, 1), 1);
    int p = tg_type.current_player(&g, states[0]);
    tafel_bot *b = tafel_bot_new("mcts(iters=301,threads=2)", &g, p, 1, err, sizeof err);
    b->choose(b, states[0]);
    assert_true(b->iterations == 301);
    tafel_bot_free(b);
    b = tafel_bot_new("mcts(time=50ms,threads=1)", &g, p, 1, err, sizeof err);
    b->choose(b, states[0]);
    assert_true(b->iterations > 10);
    tafel_bot_free(b);
    free(states[0]);
}

/* Tree shape of expand=N, counted in nodes after one and two iterations on Carcassonne's first
 * placement (its follower choice follows without a chance node, and has at least 2 options). */
static void test_expand_plies(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    const tafel_game_type *t = tafel_game_type_find("carcassonne");
    if (!t || !t->init)
        skip();
    assert_int_equal(tafel_game_load_type(&g, t, "", err, sizeof err), 0);
    unsigned char *st[1] = {NULL};
    assert_int_equal(bot_states(&g, 5, 1, 1, st, 1), 1);
    int32_t legal[4096];
    long long n = t->legal_actions(&g, st[0], legal);
    if (t->distinct_actions) /* the search weighs a symmetric tile's placements once */
        n = t->distinct_actions(&g, st[0], legal, (int)n);
    assert_true(n > 2);
    /* Nodes expected, root included: base, plus n if with_n; more than that if more. */
    static const struct {
        const char *spec;
        int base, with_n, more;
    } cases[] = {
        {"mcts(iters=1,threads=1,expand=one)", 2, 0, 0},
        {"mcts(iters=2,threads=1,expand=one)", 3, 0, 0},
        {"mcts(iters=1,threads=1,expand=1)", 1, 1, 0},
        {"mcts(iters=2,threads=1,expand=1)", 2, 1, 0},
        {"mcts(iters=2,threads=1,expand=2)", 2, 1, 1},
        {"mcts(iters=2,threads=1,expand=all)", 2, 1, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        tafel_bot *b = tafel_bot_new(cases[i].spec, &g, t->current_player(&g, st[0]), 1, err,
                                     sizeof err);
        if (!b)
            fail_msg("%s: %s", cases[i].spec, err);
        b->choose(b, st[0]);
        long long want = cases[i].base + (cases[i].with_n ? n : 0);
        if (cases[i].more ? b->last_nodes <= want : b->last_nodes != want)
            fail_msg("%s: %lld nodes (root moves: %lld)", cases[i].spec, b->last_nodes, n);
        tafel_bot_free(b);
    }
    free(st[0]);
}

/* A symmetric Carcassonne tile: the root of expand=1 gets one child per distinct placement
 * (distinct_actions), not one per legal rotation, and the choice is one of them. */
static void test_distinct_root_moves(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    const tafel_game_type *t = tafel_game_type_find("carcassonne");
    if (!t || !t->init)
        skip();
    assert_int_equal(tafel_game_load_type(&g, t, "", err, sizeof err), 0);
    unsigned char *st[40];
    int ns = bot_states(&g, 11, 2, 1, st, 40), found = 0;
    int32_t legal[4096];
    for (int i = 0; i < ns; i++) {
        int n = t->legal_actions(&g, st[i], legal);
        int m = t->distinct_actions(&g, st[i], legal, n);
        if (!found && m < n && m > 1) {
            found = 1;
            tafel_bot *b = tafel_bot_new("mcts(iters=1,threads=1,expand=1)", &g,
                                         t->current_player(&g, st[i]), 1, err, sizeof err);
            assert_non_null(b);
            int32_t a = b->choose(b, st[i]);
            if (b->last_nodes != 1 + m)
                fail_msg("%lld nodes for %d distinct of %d legal moves", b->last_nodes, m, n);
            int ok = 0;
            for (int k = 0; k < m; k++)
                ok |= legal[k] == a;
            assert_true(ok);
            tafel_bot_free(b);
        }
        free(st[i]);
    }
    assert_true(found);
}

/* chance=strat: every prefix of the draws meets each outcome within one of its share, the
 * likeliest first (random draws stray by several). */
static void test_stratified_pick(void **unused)
{
    (void)unused;
    const tafel_chance c[4] = {{10, 0.2}, {11, 0.45}, {12, 0.3}, {13, 0.05}};
    double seen[4] = {0};
    for (int k = 1; k <= 40; k++) {
        int i = bot_stratified_pick(c, 4, seen, k);
        if (k == 1)
            assert_int_equal(i, 1);
        seen[i]++;
        for (int j = 0; j < 4; j++)
            if (seen[j] < c[j].prob * k - 1 || seen[j] > c[j].prob * k + 1)
                fail_msg("after %d draws outcome %d met %.0f times (share %.2f)", k, j, seen[j],
                         c[j].prob * k);
    }
    assert_true(seen[0] == 8 && seen[1] == 18 && seen[2] == 12 && seen[3] == 2);
}

/* chance=strat reaches Carcassonne's search (it draws the opponent's tile there): on some of
 * these positions the choice or the tree differs from chance=tree's with the same seed. */
static void test_stratified_search(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    const tafel_game_type *t = tafel_game_type_find("carcassonne");
    if (!t || !t->init)
        skip();
    assert_int_equal(tafel_game_load_type(&g, t, "", err, sizeof err), 0);
    unsigned char *st[8];
    int ns = bot_states(&g, 21, 1, 7, st, 8), differ = 0;
    for (int i = 0; i < ns; i++) {
        int p = t->current_player(&g, st[i]);
        tafel_bot *a = tafel_bot_new("mcts(iters=300,threads=1,chance=strat)", &g, p, 5, err,
                                     sizeof err);
        tafel_bot *b = tafel_bot_new("mcts(iters=300,threads=1,chance=tree)", &g, p, 5, err,
                                     sizeof err);
        assert_true(a && b);
        differ += a->choose(a, st[i]) != b->choose(b, st[i]) || a->last_nodes != b->last_nodes;
        tafel_bot_free(a);
        tafel_bot_free(b);
        free(st[i]);
    }
    assert_true(ns == 8);
    if (!differ)
        fail_msg("chance=strat searched exactly as chance=tree on %d positions", ns);
}

/* Sanity of the search: mcts wins clearly against random in the test game. */
static void test_mcts_beats_random(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load_type(&g, &tg_type, "", err, sizeof err), 0);
    arena_config c;
    memset(&c, 0, sizeof c);
    c.game = &g;
    c.num_bots = 2;
    snprintf(c.specs[0], sizeof c.specs[0], "mcts(iters=300,threads=1)");
    snprintf(c.specs[1], sizeof c.specs[1], "random");
    c.games = check_sanitized() ? 40 : 100;
    c.seed = 3;
    c.workers = 2;
    arena_result r;
    assert_int_equal(arena_run(&c, &r, err, sizeof err), 0);
    double rate = r.bots[0].wins / r.bots[0].games;
    if (rate < 0.7)
        fail_msg("mcts won only %.1f%% against random", 100 * rate);
    assert_true(r.bots[0].elo > r.bots[1].elo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_testgame_invariants),
        cmocka_unit_test(test_hidden_information_unused),
        cmocka_unit_test(test_reproducible),
        cmocka_unit_test(test_budget_counts),
        cmocka_unit_test(test_expand_plies),
        cmocka_unit_test(test_distinct_root_moves),
        cmocka_unit_test(test_stratified_pick),
        cmocka_unit_test(test_stratified_search),
        cmocka_unit_test(test_mcts_beats_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
