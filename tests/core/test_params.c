/* test_params.c: game strings, parameters and their refusals, the checked apply, the rng. */
#include "check.h"

#include <string.h>

#include "tafel/game.h"

static const char *const params_modes[] = {"fast", "slow", NULL};
static const tafel_param_def params_defs[] = {
    {"flag", TAFEL_PARAM_BOOL, 1, 0, 0, NULL, "a switch"},
    {"count", TAFEL_PARAM_INT, 3, 1, 9, NULL, "a number"},
    {"mode", TAFEL_PARAM_ENUM, 0, 0, 0, params_modes, "a choice"},
};

/* Toy game: a counter; the player to move adds 1 or 2; the game ends at 5 or more. */
typedef struct { int total, turn; } toy_state;
static void toy_init(const tafel_game *g, void *s) { (void)g; memset(s, 0, sizeof(toy_state)); }
static int toy_current(const tafel_game *g, const void *s)
{
    const toy_state *t = s;
    return t->total >= 5 ? TAFEL_TERMINAL : t->turn % g->num_players;
}
static int toy_legal(const tafel_game *g, const void *s, int32_t *out)
{
    if (toy_current(g, s) < 0)
        return 0;
    out[0] = 1;
    out[1] = 2;
    return 2;
}
static void toy_apply(const tafel_game *g, void *s, int32_t a)
{
    (void)g;
    toy_state *t = s;
    t->total += a;
    t->turn++;
}
static const tafel_game_type toy_type = {
    .name = "toy", .long_name = "Toy", .min_players = 2, .max_players = 3,
    .default_players = 2, .params = params_defs, .num_params = 3,
    .state_size = sizeof(toy_state), .num_actions = 3, .max_legal = 2,
    .init = toy_init, .current_player = toy_current, .legal_actions = toy_legal,
    .apply = toy_apply,
};

static void test_defaults_and_values(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN], s[256];
    assert_int_equal(tafel_game_load_type(&g, &toy_type, "", err, sizeof err), 0);
    assert_int_equal(g.num_players, 2);
    assert_int_equal(tafel_game_param(&g, "flag"), 1);
    assert_int_equal(tafel_game_param(&g, "count"), 3);
    tafel_game_to_string(&g, s, sizeof s);
    assert_string_equal(s, "toy(players=2,flag=true,count=3,mode=fast)");
    assert_int_equal(tafel_game_load_type(&g, &toy_type, " players=3, flag=off,count=9,mode=slow",
                                          err, sizeof err), 0);
    tafel_game_to_string(&g, s, sizeof s);
    assert_string_equal(s, "toy(players=3,flag=false,count=9,mode=slow)");
}

static void expect_refusal(const char *params, const char *needle)
{
    tafel_game g;
    char err[TAFEL_ERR_LEN] = "";
    assert_int_equal(tafel_game_load_type(&g, &toy_type, params, err, sizeof err), -1);
    if (!strstr(err, needle))
        fail_msg("'%s': message '%s' does not name '%s'", params, err, needle);
    assert_null(strchr(err, '\n'));
}

static void test_refusals(void **unused)
{
    (void)unused;
    expect_refusal("colour=red", "colour");
    expect_refusal("flag=maybe", "maybe");
    expect_refusal("count=10", "count");
    expect_refusal("count=x", "count");
    expect_refusal("mode=medium", "medium");
    expect_refusal("players=4", "players");
    expect_refusal("players=1", "players");
    expect_refusal("flag", "flag");
}

static void test_registry_refusals(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN] = "";
    assert_int_equal(tafel_game_load(&g, "chess", err, sizeof err), -1);
    assert_non_null(strstr(err, "chess"));
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(players=2", err, sizeof err), -1);
    assert_int_equal(tafel_game_load(&g, "", err, sizeof err), -1);
    for (const tafel_game_type *const *t = tafel_game_types(); *t; t++)
        assert_ptr_equal(tafel_game_type_find((*t)->name), *t);
}

static void test_checked_apply(void **unused)
{
    (void)unused;
    tafel_game g;
    char err[TAFEL_ERR_LEN];
    toy_state s, before;
    assert_int_equal(tafel_game_load_type(&g, &toy_type, "", err, sizeof err), 0);
    toy_init(&g, &s);
    before = s;
    assert_int_equal(tafel_apply(&g, &s, 0, err, sizeof err), -1);
    assert_int_equal(tafel_apply(&g, &s, 3, err, sizeof err), -1);
    assert_int_equal(tafel_apply(&g, &s, -1, err, sizeof err), -1);
    assert_memory_equal(&s, &before, sizeof s);
    assert_int_equal(tafel_apply(&g, &s, 2, err, sizeof err), 0);
    assert_int_equal(s.total, 2);
    assert_int_equal(tafel_apply(&g, &s, 2, err, sizeof err), 0);
    assert_int_equal(tafel_apply(&g, &s, 2, err, sizeof err), 0);
    assert_true(tafel_is_terminal(&g, &s));
    assert_int_equal(tafel_apply(&g, &s, 1, err, sizeof err), -1);
}

static void test_rng(void **unused)
{
    (void)unused;
    tafel_rng a, b;
    tafel_rng_seed(&a, 42);
    tafel_rng_seed(&b, 42);
    for (int i = 0; i < 100; i++)
        assert_true(tafel_rng_next(&a) == tafel_rng_next(&b));
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t x = tafel_rng_below(&a, 6);
        assert_true(x < 6);
        counts[x]++;
    }
    for (int i = 0; i < 6; i++)
        assert_in_range(counts[i], 9400, 10600);
    for (int i = 0; i < 1000; i++) {
        double d = tafel_rng_double(&a);
        assert_true(d >= 0 && d < 1);
    }
    assert_true(tafel_rng_mix(1, 2) != tafel_rng_mix(2, 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_and_values),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_registry_refusals),
        cmocka_unit_test(test_checked_apply),
        cmocka_unit_test(test_rng),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
