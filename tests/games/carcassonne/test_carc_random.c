/* test_carc_random.c: random playouts with invariants (tiles and followers conserved, scores
 * never decrease, incremental features equal a from-scratch rebuild): coverage of rare events and
 * every option combination without Tatan (test_carc_random_tatan.c: with Tatan). */
#include "carc_random.h"

static void test_base(void **u)
{
    (void)u;
    carc_seen_discard = 0;
    carc_run_rec("tatan=off,inns_cathedrals=off", 2000, 211, 1, 1);
    assert_true(carc_seen_discard > 0);
}
static void test_ic(void **u)
{
    (void)u;
    carc_run("tatan=off,inns_cathedrals=full", 2000, 211, 1);
}
static void test_large_only(void **u)
{
    (void)u;
    carc_run("tatan=off,inns_cathedrals=large_follower_only,players=6", 2000, 211, 1);
}
static void test_tatan_base(void **u)
{
    (void)u;
    carc_seen_move = carc_seen_fill = 0;
    carc_run("tatan=on,inns_cathedrals=off", 2000, 211, 1);
    /* five Tatan tiles leave holes more often: fills are seen in the sanitizers' tenth too */
    carc_run("tatan=on,inns_cathedrals=off,players=5", 100, 211, 1);
    assert_true(carc_seen_move > 0);
    assert_true(carc_seen_fill > 0);
}
static void test_tatan_full(void **u)
{
    (void)u;
    carc_run_rec("tatan=on,inns_cathedrals=full", 2000, 211, 1, 1);
}
static void test_tatan_large_only(void **u)
{
    (void)u;
    carc_run("tatan=on,inns_cathedrals=large_follower_only,players=3", 2000, 211, 1);
}

static void test_options(void **u)
{
    (void)u;
    carc_seen_choose = 0;
    carc_run("tatan=on,inns_cathedrals=full,tatan_draw_both_first=true,players=4", 1000, 97, 1);
    assert_true(carc_seen_choose > 0);
    carc_run("tatan=on,inns_cathedrals=full,tatan_follower_tile_only=true,ec_inn_both=true,"
             "tiny_city=true,farmers=off,players=5", 1000, 97, 1);
    carc_run("tatan=off,inns_cathedrals=off,farmers=off,tiny_city=true,players=5", 1000, 97, 1);
}

static void test_combos(void **u)
{
    (void)u;
    carc_run_combos("off", 2000, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base),       cmocka_unit_test(test_ic),
        cmocka_unit_test(test_large_only), cmocka_unit_test(test_tatan_base),
        cmocka_unit_test(test_tatan_full), cmocka_unit_test(test_tatan_large_only),
        cmocka_unit_test(test_options), cmocka_unit_test(test_combos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
