/* test_refusals.c: refusals of the core API that the games' tests do not reach: a game name that
 * is empty or too long, an overlong parameter list given to tafel_game_load_type, no parameters
 * at all, a chance outcome that is not one; and tafel_rng_below's rejection of the biased range. */
#include "check.h"

#include <stdlib.h>
#include <string.h>

#include "games/games.h"

static void test_game_names(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN], name[100];
    tafel_game g;
    assert_int_equal(tafel_game_load(&g, "  (players=2)", err, sizeof err), -1);
    assert_string_equal(err, "bad game string '  (players=2)'");
    memset(name, 'a', 80);
    name[80] = 0;
    assert_int_equal(tafel_game_load(&g, name, err, sizeof err), -1);
    assert_non_null(strstr(err, "bad game string 'aaaa"));
}

static void test_param_lists(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN], params[700];
    tafel_game g;
    memset(params, 'x', sizeof params - 1);
    params[sizeof params - 1] = 0;
    assert_int_equal(tafel_game_load_type(&g, &tafel_game_targi, params, err, sizeof err), -1);
    assert_string_equal(err, "targi: parameter list too long");
    assert_int_equal(tafel_game_load_type(&g, &tafel_game_targi, NULL, err, sizeof err), 0);
    assert_int_equal(g.num_players, 2);
}

/* At a chance node an id that is no outcome is refused as such, and the state stays. */
static void test_chance_refused(void **st)
{
    (void)st;
    char err[TAFEL_ERR_LEN];
    tafel_game g;
    check_load(&g, "carcassonne");
    void *s = malloc(g.type->state_size), *copy = malloc(g.type->state_size);
    g.type->init(&g, s);
    tafel_rng rng;
    tafel_rng_seed(&rng, 3);
    int32_t legal[1024];
    while (g.type->current_player(&g, s) != TAFEL_CHANCE) {
        int n = g.type->legal_actions(&g, s, legal);
        g.type->apply(&g, s, legal[tafel_rng_below(&rng, (uint32_t)n)]);
    }
    memcpy(copy, s, g.type->state_size);
    assert_int_equal(tafel_apply(&g, s, -7, err, sizeof err), -1);
    assert_string_equal(err, "-7 is not a possible chance outcome here");
    assert_memory_equal(copy, s, g.type->state_size);
    free(s);
    free(copy);
}

/* With n just above 2^31 about half the draws fall in the biased range and are drawn again:
 * every result stays below n, and both halves of the range come up as often. */
static void test_rng_below_rejection(void **st)
{
    (void)st;
    tafel_rng rng;
    tafel_rng_seed(&rng, 5);
    uint32_t n = 0x80000001u;
    int high = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = tafel_rng_below(&rng, n);
        assert_true(x < n);
        high += x >= 0x40000000u;
    }
    assert_true(high > 400 && high < 600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_game_names),
        cmocka_unit_test(test_param_lists),
        cmocka_unit_test(test_chance_refused),
        cmocka_unit_test(test_rng_below_rejection),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
