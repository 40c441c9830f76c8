/* test_random_games.c: the optional random_games hook (game.h). A game's own loop must play the
 * games the generic loop plays, draw for draw: compared game by game (one seed at a time, so a
 * difference cannot hide in the total) for every game that has the hook, in several setups. */
#include "check.h"

#include <string.h>

static const char *const setups[] = {
    "targi",
    "carcassonne(tatan=off,inns_cathedrals=off)",
    "carcassonne",
    "tafelrunde2(players=2)",
    "tafelrunde2(players=4)",
};

static void test_hook_plays_the_generic_games(void **st)
{
    (void)st;
    int hooked = 0;
    for (size_t k = 0; k < sizeof setups / sizeof setups[0]; k++) {
        tafel_game g, generic;
        char err[256];
        assert_int_equal(tafel_game_load(&g, setups[k], err, sizeof err), 0);
        if (!g.type->random_games)
            continue;
        hooked++;
        tafel_game_type plain = *g.type;
        plain.random_games = NULL;
        generic = g;
        generic.type = &plain;
        long games = strstr(setups[k], "carcassonne") ? 300 : 3000;
        for (long i = 0; i < games; i++) {
            uint64_t seed = 1000003u * (uint64_t)k + (uint64_t)i;
            long long want = tafel_random_games(&generic, seed, 1);
            long long got = tafel_random_games(&g, seed, 1);
            if (got != want)
                fail_msg("%s seed %llu: the hook played %lld actions, the generic loop %lld",
                         setups[k], (unsigned long long)seed, got, want);
        }
        /* and many games at once: the state is started afresh for each */
        assert_int_equal(tafel_random_games(&g, 77, 500), tafel_random_games(&generic, 77, 500));
    }
    /* every game has one today: the test must not pass by finding none */
    assert_int_equal(hooked, (int)(sizeof setups / sizeof setups[0]));
}

static int fake_calls;

static long long fake_random_games(const tafel_game *g, uint64_t first_seed, long games)
{
    (void)g;
    fake_calls++;
    return (long long)first_seed * 1000 + games;
}

/* tafel_random_games hands the whole job to the hook when there is one. */
static void test_hook_called(void **st)
{
    (void)st;
    tafel_game g;
    char err[256];
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(players=2)", err, sizeof err), 0);
    tafel_game_type t = *g.type;
    t.random_games = fake_random_games;
    g.type = &t;
    fake_calls = 0;
    assert_int_equal(tafel_random_games(&g, 5, 7), 5007);
    assert_int_equal(fake_calls, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hook_plays_the_generic_games),
        cmocka_unit_test(test_hook_called),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
