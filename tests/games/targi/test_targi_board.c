/* test_targi_board.c: placing Targi (every restriction), tribe markers at the intersections, the
 * robber's schedule, raids and T9's placing order (spec 2.2, 2.3; scenarios 1-5, 11). */
#include "targi_test.h"

static void test_opposite_rule(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_do(&g, &s, "targi 2");              /* A on #2 */
    assert_false(tgt_legal(&g, &s, "targi 10")); /* B may not go opposite */
    tgt_do(&g, &s, "targi 5");              /* B on #5 */
    assert_false(tgt_legal(&g, &s, "targi 15")); /* A may not go opposite B */
    assert_true(tgt_legal(&g, &s, "targi 10"));  /* opposite his own Targi: allowed */
    tgt_do(&g, &s, "targi 10");
    assert_int_equal(s.border[10], 0);
}

static void test_corners_and_occupied(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 1);
    assert_int_equal(s.turn, 1);
    for (int b = 4; b <= 16; b += 4) {
        char t[32];
        snprintf(t, sizeof t, "targi %d", b);
        assert_false(tgt_legal(&g, &s, t));
    }
    /* round 1: the robber stands on #1 */
    assert_int_equal(s.robber, 1);
    assert_false(tgt_legal(&g, &s, "targi 1"));
    tgt_do(&g, &s, "targi 3");
    assert_false(tgt_legal(&g, &s, "targi 3")); /* occupied by the opponent */
    tgt_do(&g, &s, "targi 6");
    tgt_do(&g, &s, "targi 7");
    assert_false(tgt_legal(&g, &s, "targi 7")); /* occupied by himself */
    /* 12 non-corner cards minus the robber's, 3 with Targi, #9 and #13 opposite B's Targi */
    assert_int_equal(tgt_nlegal(&g, &s), 12 - 1 - 3 - 2);
}

static void test_robber_card(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 2;
    assert_false(tgt_legal(&g, &s, "targi 2"));
    assert_true(tgt_legal(&g, &s, "targi 10")); /* opposite the robber: open */
    tgt_do(&g, &s, "targi 3");
    assert_false(tgt_legal(&g, &s, "targi 2")); /* B: the robber's card */
    assert_true(tgt_legal(&g, &s, "targi 10"));  /* open for B too */
    tgt_do(&g, &s, "targi 10");
    assert_true(tgt_legal(&g, &s, "targi 5"));
    /* W6's owner may use the robber's card */
    assert_int_equal(s.turn, 0);
    s.robber = 6;
    assert_false(tgt_legal(&g, &s, "targi 6"));
    targi_state t = s;
    tgt_give(&t, 0, "W6", 0);
    assert_true(tgt_legal(&g, &t, "targi 6"));
}

/* Place six Targi (A, B, A, B, A, B with A starting) and return the markers. */
static void place_and_check(const int *order, int n, int p, const int *cells, int ncells)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.robber = 0; /* keep the robber off the board for these layouts */
    tgt_place(&g, &s, order, n);
    assert_int_equal(s.pl[p].nmarker, ncells);
    for (int i = 0; i < ncells; i++) {
        assert_int_equal(s.pl[p].marker[i], cells[i]);
        assert_int_equal(s.cell_mark[cells[i]], p);
    }
}

static void test_intersections(void **unused)
{
    (void)unused;
    /* A: 1, 3, 6; B: 2, 5, 7 (B gets (1,2) and (3,2)) */
    int o1[] = {1, 2, 3, 5, 6, 7};
    int c1a[] = {tgt_cell(2, 1), tgt_cell(2, 3)}, c1b[] = {tgt_cell(1, 2), tgt_cell(3, 2)};
    place_and_check(o1, 6, 0, c1a, 2);
    place_and_check(o1, 6, 1, c1b, 2);
    /* A: 1, 2, 3: all columns, no row: none */
    int o2[] = {1, 5, 2, 6, 3, 7};
    place_and_check(o2, 6, 0, NULL, 0);
    /* A: 1, 11, 6: one marker on (2,1) */
    int o3[] = {1, 2, 11, 3, 6, 7};
    int c3[] = {tgt_cell(2, 1)};
    place_and_check(o3, 6, 0, c3, 1);
    /* A: 5, 6, 2: (1,2), (2,2) */
    int o4[] = {5, 3, 6, 7, 2, 13};
    int c4[] = {tgt_cell(1, 2), tgt_cell(2, 2)};
    place_and_check(o4, 6, 0, c4, 2);
}

static void test_t9_two_targi(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 1); /* B starts round 1 */
    s.robber = 0;
    s.pl[1].t9_next = 0;
    /* emulate T9 placed by A last round: B places 2 this round */
    s.pl[1].maxtargi = 2;
    /* B, A, B, A, A */
    int order[] = {1, 2, 6, 3, 7};
    int who[] = {1, 0, 1, 0, 0};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(s.turn, who[i]);
        char t[32];
        snprintf(t, sizeof t, "targi %d", order[i]);
        tgt_do(&g, &s, t);
    }
    assert_int_equal(s.stage, TG_ST_ACT);
    /* B: #1 (column 1) and #6 (row 2): one marker on (2,1) */
    assert_int_equal(s.pl[1].nmarker, 1);
    assert_int_equal(s.pl[1].marker[0], tgt_cell(2, 1));
}

static void test_robber_schedule(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    s.pl[0].vp = s.pl[1].vp = 20; /* every raid is a choice */
    static const int expect[12] = {1, 2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15};
    int raid_round[4] = {0}, raid_first[4] = {-1, -1, -1, -1};
    int last_round = 0;
    while (s.stage != TG_ST_OVER) {
        if (s.stage == TG_ST_PLACE && s.round != last_round) {
            last_round = s.round;
            assert_true(s.round >= 1 && s.round <= 12);
            assert_int_equal(s.robber, expect[s.round - 1]);
        }
        if (s.stage == TG_ST_RAID && !raid_round[s.raid - 1]) {
            raid_round[s.raid - 1] = s.round;
            raid_first[s.raid - 1] = s.turn == s.start;
        }
        tgt_step(&g, &s);
    }
    assert_int_equal(raid_round[0], 4);
    assert_int_equal(raid_round[1], 7);
    assert_int_equal(raid_round[2], 10);
    assert_int_equal(raid_round[3], 13);
    for (int i = 0; i < 4; i++)
        assert_int_equal(raid_first[i], 1); /* the start player pays first */
    assert_int_equal(s.round, 13);
    assert_int_equal(s.robber, 16);
    assert_int_equal(s.pl[0].ntargi + s.pl[1].ntargi, 0); /* no phase 2 in round 13 */
}

/* Run to round r's start (before its raid), set resources, resolve the raid. */
static void raid_case(const char *params, int round, int d, int vp, int gold, int expect_vp,
                      int expect_goods, int expect_opp_vp)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, params);
    tgt_setup_std(&g, &s, 0);
    tgt_run_to_place(&g, &s, round - 1);
    int payer = 1 - s.start; /* start player of round `round` */
    tgt_set_goods(&s, payer, d, 0, 0, gold);
    s.pl[payer].vp = (uint16_t)vp;
    tgt_set_goods(&s, 1 - payer, 0, 0, 0, 0);
    s.pl[1 - payer].vp = 10;
    tgt_run_to_place(&g, &s, round);
    if (round == 13) {
        assert_int_equal(s.stage, TG_ST_OVER);
    } else {
        assert_int_equal(s.round, round);
    }
    assert_int_equal(s.pl[payer].vp, expect_vp);
    assert_int_equal(targi_goods_total(&s.pl[payer]), expect_goods);
    assert_int_equal(s.pl[1 - payer].vp, expect_opp_vp);
}

static void test_raid_payments(void **unused)
{
    (void)unused;
    /* raid 2 with 0 goods, 1 VP: pays 1 VP (the opponent, with nothing, pays 1 VP of his 10) */
    raid_case("", 7, 0, 1, 0, 0, 0, 9);
    /* raid 3 with 1 good, 1 VP: neither payable: loses 1 VP, keeps the good */
    raid_case("", 10, 1, 1, 0, 0, 1, 8);
    raid_case("raid_shortfall_to_opponent=true", 10, 1, 1, 0, 0, 1, 8 + 1);
    /* raid 4 with 0 gold, 5 VP: 2 VP left; the game ends */
    raid_case("", 13, 0, 5, 0, 2, 0, 7);
    /* raid 1 with goods only: pays 1 good */
    raid_case("", 4, 3, 0, 0, 0, 2, 9);
}

static void test_raid_choice_and_o6_a7(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_run_to_place(&g, &s, 6);
    int first = 1 - s.start, second = s.start;
    /* raid 2 at round 7: first player has goods and VP: a choice */
    tgt_set_goods(&s, first, 1, 1, 0, 0);
    s.pl[first].vp = 3;
    tgt_give(&s, second, "O6", 0);
    tgt_give(&s, second, "A7", 0);
    s.pl[second].vp = 5;
    tgt_set_goods(&s, second, 3, 3, 3, 1);
    while (s.stage != TG_ST_RAID)
        tgt_step(&g, &s);
    assert_int_equal(s.turn, first);
    assert_int_equal(s.raid, 2);
    assert_true(tgt_legal(&g, &s, "raid pay 1 VP"));
    assert_true(tgt_legal(&g, &s, "raid pay DS"));
    assert_false(tgt_legal(&g, &s, "raid pay DD"));
    tgt_do(&g, &s, "raid pay DS");
    assert_int_equal(targi_goods_total(&s.pl[first]), 0);
    assert_int_equal(s.pl[first].vp, 3);
    /* O6 + A7 owner: pays nothing, gains 1 VP */
    assert_int_equal(s.stage, TG_ST_PLACE);
    assert_int_equal(s.pl[second].vp, 6);
    assert_int_equal(targi_goods_total(&s.pl[second]), 9);
    assert_int_equal(s.robber, 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opposite_rule),
        cmocka_unit_test(test_corners_and_occupied),
        cmocka_unit_test(test_robber_card),
        cmocka_unit_test(test_intersections),
        cmocka_unit_test(test_t9_two_targi),
        cmocka_unit_test(test_robber_schedule),
        cmocka_unit_test(test_raid_payments),
        cmocka_unit_test(test_raid_choice_and_o6_a7),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
