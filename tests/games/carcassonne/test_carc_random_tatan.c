/* test_carc_random_tatan.c: random playouts with the invariants of carc_random.h over every
 * option combination with Tatan on. */
#include "carc_random.h"

static void test_combos_tatan(void **u)
{
    (void)u;
    carc_run_combos("on", 2000, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_combos_tatan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
