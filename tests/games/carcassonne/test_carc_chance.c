/* test_carc_chance.c: the sample_chance hook (drawing a tile from the counts) picks the generic
 * walk's outcome at every chance node, for boundary and random r, in each tile set. */
#include "carc_harness.h"
#include "check_chance.h"

static long carc_chance_run(const char *params, uint64_t seed, long games)
{
    tafel_game g;
    carc_h_load(&g, params);
    return check_sample_chance(&g, seed, games, 4);
}

/* Base game, Inns & Cathedrals (the last word of counts holds kinds 40 and 41), Tatan (kind 41,
 * a chance node while two drawn tiles wait: tatan_draw_both_first) and many players. */
static void test_hook_matches_walk(void **u)
{
    (void)u;
    long games = check_sanitized() ? 10 : 100;
    /* a start player and 71 draws per game at least */
    assert_true(carc_chance_run("tatan=off,inns_cathedrals=off", 5, games) >= games * 72);
    assert_true(carc_chance_run("tatan=off,inns_cathedrals=full", 6, games) >= games * 90);
    assert_true(carc_chance_run("", 7, games) >= games * 90);
    carc_chance_run("tatan=on,inns_cathedrals=off,players=5", 8, games);
    carc_chance_run("tatan=on,tatan_draw_both_first=false,players=6", 9, games);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hook_matches_walk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
