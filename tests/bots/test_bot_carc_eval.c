/* test_bot_carc_eval.c: properties of Carcassonne's evaluate(), the value mcts and greedy search
 * with (src/games/carcassonne/carc_eval.c), on constructed positions. */
#include "check.h"

#include <math.h>

#include "../games/carcassonne/carc_harness.h"

static carc_state with_farmer, without;

/* Player 0 places E next to the start tile (closing the 2-tile city) with or without a farmer
 * on E's field, which borders that city. */
static void eval_farmer_positions(const tafel_game *g)
{
    const carc_kind *K = &carc_kinds[carc_kind_by_name("E")];
    carc_h_init(g, &without);
    carc_h_step(g, &without, 0, "E", 0, -1, 2, NULL);
    carc_h_init(g, &with_farmer);
    carc_h_draw(g, &with_farmer, 0, "E");
    carc_h_apply(g, &with_farmer, carc_place_action(0, -1, 2));
    carc_h_apply(g, &with_farmer, CARC_A_FOLLOW + 2 * (K->ncity + K->nroad));
}

static double eval_farmer_gain(const tafel_game *g, int left)
{
    double a[2], b[2];
    with_farmer.nremain = without.nremain = (uint8_t)left;
    tafel_game_carcassonne.evaluate(g, &with_farmer, a);
    tafel_game_carcassonne.evaluate(g, &without, b);
    return a[0] - b[0];
}

/* A farmer never returns, so it costs more than a follower kept in supply (0.8): 3 points
 * while 60 or more tiles are left, fading to nothing at the end. The field borders one
 * completed city: 3 points, 1.5 times that while more than 20 tiles are left. */
static void test_farmer_cost(void **u)
{
    (void)u;
    tafel_game g;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    eval_farmer_positions(&g);
    assert_int_equal(with_farmer.nremain, 70);
    double early = eval_farmer_gain(&g, 70), mid = eval_farmer_gain(&g, 30);
    double late = eval_farmer_gain(&g, 6);
    if (fabs(early - (4.5 - 0.8 - 3.0)) > 1e-9 || fabs(mid - (4.5 - 0.8 - 1.5)) > 1e-9 ||
        fabs(late - (3.0 - 0.8 - 0.3)) > 1e-9)
        fail_msg("a farmer gains %.3f with 70 tiles left, %.3f with 30, %.3f with 6", early, mid,
                 late);
    /* the other player's evaluation does not change */
    double a[2], b[2];
    tafel_game_carcassonne.evaluate(&g, &with_farmer, a);
    tafel_game_carcassonne.evaluate(&g, &without, b);
    assert_true(a[1] == b[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_farmer_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
