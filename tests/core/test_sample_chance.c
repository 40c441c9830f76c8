/* test_sample_chance.c: the optional sample_chance hook (game.h): tafel_sample_chance draws one
 * r and hands it to the hook when the game has one, else walks chance_outcomes; and
 * check_chance_node (tests/support/check_chance.h) catches a hook that differs from the walk
 * only where rounding decides. A made-up game of three draws keeps the test independent. */
#include "check.h"
#include "check_chance.h"

#include <math.h>
#include <string.h>

/* Three chance nodes (steps 0..2) of four outcomes 0.1, 0.2, 0.3, 0.4, whose running sums in
 * double are not the decimal boundaries; then the end. */
typedef struct fake_state {
    int step;
    int32_t seen[3];
} fake_state;

static const double fake_prob[4] = {0.1, 0.2, 0.3, 0.4};

static void fake_init(const tafel_game *g, void *state)
{
    (void)g;
    memset(state, 0, sizeof(fake_state));
}

static int fake_current_player(const tafel_game *g, const void *state)
{
    (void)g;
    return ((const fake_state *)state)->step < 3 ? TAFEL_CHANCE : TAFEL_TERMINAL;
}

static int fake_legal(const tafel_game *g, const void *state, int32_t *out)
{
    (void)g, (void)state, (void)out;
    return 0;
}

static int fake_outcomes(const tafel_game *g, const void *state, tafel_chance *out)
{
    (void)g;
    int base = ((const fake_state *)state)->step * 4;
    for (int i = 0; i < 4; i++)
        out[i] = (tafel_chance){base + i, fake_prob[i]};
    return 4;
}

static void fake_apply(const tafel_game *g, void *state, int32_t a)
{
    (void)g;
    fake_state *s = state;
    s->seen[s->step++] = a;
}

/* Right: the walk over the same list. */
static int32_t fake_hook_walk(const tafel_game *g, const void *state, double r)
{
    tafel_chance out[4];
    int n = fake_outcomes(g, state, out);
    return check_chance_walk(out, n, r);
}

/* Wrong only at the boundaries: the exact decimal sums 0.1, 0.3, 0.6 instead of the walk's
 * rounded running sums (0.1 + 0.2 is 0.30000000000000004 in double). */
static int32_t fake_hook_decimal(const tafel_game *g, const void *state, double r)
{
    (void)g;
    int i = r < 0.1 ? 0 : r < 0.3 ? 1 : r < 0.6 ? 2 : 3;
    return ((const fake_state *)state)->step * 4 + i;
}

/* Right, and remembers the r it was given. */
static double fake_last_r;
static int32_t fake_hook_spy(const tafel_game *g, const void *state, double r)
{
    fake_last_r = r;
    return fake_hook_walk(g, state, r);
}

static tafel_game_type fake_type = {
    .name = "fake",
    .long_name = "Fake",
    .min_players = 1,
    .max_players = 1,
    .default_players = 1,
    .state_size = sizeof(fake_state),
    .num_actions = 12,
    .max_legal = 4,
    .init = fake_init,
    .current_player = fake_current_player,
    .legal_actions = fake_legal,
    .chance_outcomes = fake_outcomes,
    .apply = fake_apply,
};

static tafel_game fake_game(int32_t (*hook)(const tafel_game *, const void *, double))
{
    fake_type.sample_chance = hook;
    return (tafel_game){.type = &fake_type, .num_players = 1};
}

/* The hook receives tafel_rng_double's draw, one per node, and its answer is returned; without a
 * hook the walk gives the same outcomes for the same seed. */
static void test_hook_called(void **st)
{
    (void)st;
    fake_state s;
    for (uint64_t seed = 0; seed < 200; seed++) {
        tafel_game g = fake_game(fake_hook_spy);
        tafel_rng rng, ref;
        tafel_rng_seed(&rng, seed);
        tafel_rng_seed(&ref, seed);
        fake_init(&g, &s);
        int32_t with[3];
        for (int k = 0; k < 3; k++) {
            fake_last_r = -1;
            with[k] = tafel_sample_chance(&g, &s, &rng);
            assert_true(fake_last_r == tafel_rng_double(&ref));
            fake_apply(&g, &s, with[k]);
        }
        g = fake_game(NULL);
        tafel_rng_seed(&rng, seed);
        fake_init(&g, &s);
        for (int k = 0; k < 3; k++) {
            int32_t a = tafel_sample_chance(&g, &s, &rng);
            assert_int_equal(a, with[k]);
            fake_apply(&g, &s, a);
        }
    }
}

/* The walk's boundary is the rounded running sum, not the decimal one. */
static void test_walk_boundaries(void **st)
{
    (void)st;
    tafel_chance out[4];
    tafel_game g = fake_game(NULL);
    fake_state s = {0};
    fake_outcomes(&g, &s, out);
    double b = 0.1 + 0.2; /* 0x1.3333333333334p-2, just above 0.3 */
    assert_true(b > 0.3);
    assert_int_equal(check_chance_walk(out, 4, 0.3), 1);
    assert_int_equal(check_chance_walk(out, 4, b), 2);
    assert_int_equal(check_chance_walk(out, 4, 0x1.fffffffffffffp-1), 3);
    assert_int_equal(check_chance_walk(out, 4, 0), 0);
}

/* The checker passes the walk and catches the decimal hook, whose only fault is at 0.3 (and
 * between the two sums near 0.6, if they differ). */
static void test_checker(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN];
    tafel_rng rng;
    tafel_rng_seed(&rng, 1);
    fake_state s = {0};
    tafel_game g = fake_game(fake_hook_walk);
    assert_true(check_chance_node(&g, &s, &rng, 100, err, sizeof err) > 100);
    assert_true(check_sample_chance(&g, 3, 50, 20) == 150);
    g = fake_game(fake_hook_decimal);
    /* random r alone would almost never land on the one double where they differ */
    assert_int_equal(check_chance_node(&g, &s, &rng, 0, err, sizeof err), -1);
    assert_non_null(strstr(err, "r=0x1.3333333333333p-2: hook 2, walk 1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hook_called),
        cmocka_unit_test(test_walk_boundaries),
        cmocka_unit_test(test_checker),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
