/* test_targi_end.c: game end by the 12th card and by raid 4, scoring with row bonuses, ties
 * (spec 2.5, 2.6; scenarios 12-14). */
#include "targi_test.h"

static void end_fill(targi_state *s, int p, int n)
{
    static const char *const cards[11] = {"O1", "O2", "O3", "O4", "W2", "W3",
                                          "W4", "W5", "T2", "T3", "T4"};
    for (int i = 0; i < n; i++)
        tgt_give(s, p, cards[i], i / 4);
}

static void test_twelfth_card_start_player(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    tgt_run_to_place(&g, &s, 9);
    assert_int_equal(s.start, 0);
    assert_int_equal(s.robber, 11);
    assert_int_equal(s.cell_card[tgt_cell(1, 2)], tgt_card("C1"));
    end_fill(&s, 0, 11);
    int order[6] = {15, 3, 2, 6, 5, 7}; /* A: (1,2) C1; B: (2,3), (3,3) */
    tgt_place(&g, &s, order, 6);
    tgt_set_goods(&s, 0, 1, 1, 0, 1);
    tgt_do(&g, &s, "buy C1");
    tgt_do(&g, &s, "pay DS G"); /* the only free space: placed at once */
    assert_int_equal(s.pl[0].ncards, 12);
    assert_int_equal(s.end_flag, 1);
    tgt_do(&g, &s, "draw G5");
    /* the placer completes his phase */
    tgt_do(&g, &s, "use 15 Salt");
    tgt_set_goods(&s, 1, 4, 4, 4, 0); /* 12 goods for B */
    tgt_do(&g, &s, "end");
    /* the opponent takes his whole phase, limits included */
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.stage, TG_ST_ACT);
    tgt_do(&g, &s, "use 3 Salt");
    tgt_do(&g, &s, "end");
    assert_int_equal(s.stage, TG_ST_LIMIT);
    tgt_do(&g, &s, "return salt");
    tgt_do(&g, &s, "return salt");
    tgt_do(&g, &s, "return salt");
    assert_int_equal(s.stage, TG_ST_OVER);
    assert_int_equal(s.round, 9);
    assert_int_equal(s.robber, 11); /* no raid 3 */
    assert_int_equal(targi_current_player(&g, &s), TAFEL_TERMINAL);
}

static void test_twelfth_card_second_player(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 1); /* B starts round 1 */
    s.robber = 0;
    end_fill(&s, 0, 11);
    int order[6] = {3, 15, 6, 2, 7, 5}; /* A (second): (1,2) C1 */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "end"); /* B */
    tgt_set_goods(&s, 0, 1, 1, 0, 1);
    tgt_do(&g, &s, "buy C1");
    tgt_do(&g, &s, "pay DS G");
    tgt_do(&g, &s, "draw G5");
    tgt_do(&g, &s, "end");
    assert_int_equal(s.stage, TG_ST_OVER);
    assert_int_equal(s.round, 1);
}

static void test_raid4_ends(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_run_to_place(&g, &s, 12);
    tgt_give(&s, 0, "W9", 0);
    s.pl[0].w9gold = 1; /* W9's gold never pays a raid */
    tgt_set_goods(&s, 0, 0, 0, 0, 0);
    s.pl[0].vp = 4;
    tgt_set_goods(&s, 1, 0, 0, 0, 2);
    s.pl[1].vp = 2; /* only gold payable */
    tgt_run_to_place(&g, &s, 13);
    assert_int_equal(s.stage, TG_ST_OVER);
    assert_int_equal(s.pl[0].vp, 1);
    assert_int_equal(s.pl[0].w9gold, 1);
    assert_int_equal(s.pl[1].gold, 1);
    assert_int_equal(s.pl[1].vp, 2);
}

static int end_row_score(const char *r0[4], int n)
{
    targi_state s;
    memset(&s, 0, sizeof s);
    s.tdeck = (1ull << TG_NTRIBE) - 1;
    for (int i = 0; i < n; i++)
        tgt_give(&s, 0, r0[i], 0);
    return targi_row_bonus(&s.pl[0]);
}

static void test_row_bonuses(void **unused)
{
    (void)unused;
    const char *oooo[4] = {"O1", "O2", "O3", "O4"};
    const char *ocwt[4] = {"O1", "C1", "W1", "T1"};
    const char *oocw[4] = {"O1", "O2", "C1", "W1"};
    const char *three[4] = {"O1", "C1", "W1"};
    assert_int_equal(end_row_score(oooo, 4), 4);
    assert_int_equal(end_row_score(ocwt, 4), 2);
    assert_int_equal(end_row_score(oocw, 4), 0);
    assert_int_equal(end_row_score(oooo, 3), 0);
    assert_int_equal(end_row_score(three, 3), 0);
    /* score = tokens + printed + row bonus */
    targi_state s;
    memset(&s, 0, sizeof s);
    s.tdeck = (1ull << TG_NTRIBE) - 1;
    for (int i = 0; i < 4; i++)
        tgt_give(&s, 0, oooo[i], 1);
    s.pl[0].vp = 3;
    /* O4: +1 per 2 Wells: none */
    assert_int_equal(targi_score(&s, 0), 3 + 2 + 3 + 3 + 1 + 4);
}

static void end_ties(int score0, int score1, int gold0, int gold1, int goods0, int goods1,
                     double r0, double r1)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    memset(&s, 0, sizeof s);
    s.stage = TG_ST_OVER;
    s.pl[0].vp = (uint16_t)score0;
    s.pl[1].vp = (uint16_t)score1;
    tgt_set_goods(&s, 0, goods0, 0, 0, gold0);
    tgt_set_goods(&s, 1, 0, goods1, 0, gold1);
    double ret[2];
    targi_returns(&g, &s, ret);
    assert_true(ret[0] == r0 && ret[1] == r1);
    int sc[2];
    targi_scores(&g, &s, sc);
    assert_int_equal(sc[0], score0);
}

static void test_ties(void **unused)
{
    (void)unused;
    end_ties(20, 19, 0, 3, 0, 9, 1, 0);   /* higher score wins */
    end_ties(20, 20, 1, 2, 9, 0, 0, 1);   /* tie: more gold */
    end_ties(20, 20, 2, 2, 5, 4, 1, 0);   /* equal gold: more goods */
    end_ties(20, 20, 2, 2, 5, 5, 0.5, 0.5); /* shared */
    /* W9's gold does not count */
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    memset(&s, 0, sizeof s);
    s.stage = TG_ST_OVER;
    s.pl[0].vp = s.pl[1].vp = 10;
    s.pl[0].w9gold = 1;
    double ret[2];
    targi_returns(&g, &s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5);
    /* not over: all 0 */
    s.stage = TG_ST_ACT;
    targi_returns(&g, &s, ret);
    assert_true(ret[0] == 0 && ret[1] == 0);
}

static void test_evaluate(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    double ev[2];
    targi_evaluate(&g, &s, ev);
    assert_true(ev[0] >= 4 && ev[0] < 20);
    s.pl[0].vp = 30;
    targi_evaluate(&g, &s, ev);
    assert_true(ev[0] > ev[1] + 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_twelfth_card_start_player),
        cmocka_unit_test(test_twelfth_card_second_player),
        cmocka_unit_test(test_raid4_ends),
        cmocka_unit_test(test_row_bonuses),
        cmocka_unit_test(test_ties),
        cmocka_unit_test(test_evaluate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
