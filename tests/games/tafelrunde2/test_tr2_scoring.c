/* test_tr2_scoring.c: Die Tafelrunde 2 phase 3 (strength, bonus, winner, tie, D-4) and phase 4. */
#include "tr2_test.h"

/* The worked example: blue 7 + blue 5 and face-up blue chests 2 and 3: strength 15. */
static void test_worked_example(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(BLUE7) | BIT(BLUE5_YELLOW2) | BIT(RED7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2));
    tr2t_chest(&s, 0, BLUE2, 0);
    tr2t_chest(&s, 0, BLUE3, 0);
    tr2t_chest(&s, 1, BLUE4, 1); /* face down: never counts */
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play blue7");
    tr2t_do(&g, &s, "pass");
    tr2t_do(&g, &s, "play blue5/yellow2 as blue");
    assert_int_equal(s.phase, TR2_PH_PLAY);
    assert_int_equal(tr2_strength(&s, 0, TR2_BLUE), 15);
    assert_int_equal(tr2_strength(&s, 1, TR2_BLUE), 0);
    /* The other bar does not count. */
    assert_int_equal(tr2_strength(&s, 0, TR2_YELLOW), 0);
}

/* The strongest takes all face-up chests of the colour (centre and other players); his cards
 * go to his discards, the others take theirs back into the hand. */
static void test_winner_takes_all(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7) | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2) | BIT(YELLOW7));
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, -1, BLUE2, 0);
    tr2t_chest(&s, -1, YELLOW2, 0);
    tr2t_chest(&s, 1, BLUE3, 0);
    tr2t_chest(&s, 1, RED4, 1);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play red7");
    tr2t_do(&g, &s, "play red5/blue2 as red");
    tr2t_do(&g, &s, "play blue7");
    tr2t_do(&g, &s, "pass"); /* player 0 has no card left: he passes too */
    /* red: 7 against 5; blue: player 1 played no blue card and does not take part [D-4]. */
    assert_int_equal(s.phase, TR2_PH_SECURE);
    assert_int_equal(tr2_current_player(&g, &s), 0);
    assert_int_equal(s.up[0][RED3], 1);
    assert_int_equal(s.up[0][BLUE2], 1);
    assert_int_equal(s.up[0][BLUE3], 1); /* taken from player 1 */
    assert_int_equal(s.up[1][BLUE3], 0);
    assert_int_equal(s.down[1][RED4], 1); /* face down: safe */
    assert_int_equal(s.centre[RED3] + s.centre[BLUE2], 0);
    assert_int_equal(s.centre[YELLOW2], 1); /* nobody played yellow: it stays */
    assert_int_equal(s.disc[0], BIT(RED7) | BIT(BLUE7));
    assert_int_equal(s.hand[1], BIT(RED5_BLUE2) | BIT(YELLOW7));
    assert_int_equal(s.known[1], BIT(RED5_BLUE2)); /* [D-10] */
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < 3; c++)
            assert_int_equal(s.pmask[p][c], 0);
    /* Phase 4: he turns exactly one face-up chest face down, his choice. */
    int32_t legal[TR2_MAX_LEGAL];
    assert_int_equal(tr2_legal_actions(&g, &s, legal), 3);
    assert_false(tr2t_legal(&g, &s, "secure red4"));
    tr2t_do(&g, &s, "secure blue3");
    assert_int_equal(s.down[0][BLUE3], 1);
    assert_int_equal(s.up[0][BLUE3], 0);
    assert_int_equal(s.up[0][RED3] + s.up[0][BLUE2], 2);
    assert_int_equal(tr2_gems_down(&s, 0), 3);
    /* Phase 5 follows (player 1 has no face-up chest to secure). */
    assert_int_equal(s.phase, TR2_PH_DRAW);
    assert_int_equal(s.turn, 0);
}

/* The strength bonus counts: a 5 with a face-up 4 beats a 7. */
static void test_bonus_decides(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7) | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2) | BIT(YELLOW7));
    tr2t_chest(&s, 1, RED4, 0);
    tr2t_chest(&s, 1, RED2, 0); /* only the most valuable chest counts */
    tr2t_chest(&s, -1, RED3, 0);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play red7");
    tr2t_do(&g, &s, "play red5/blue2 as red");
    assert_int_equal(tr2_strength(&s, 1, TR2_RED), 9);
    tr2t_do(&g, &s, "pass");
    tr2t_do(&g, &s, "pass");
    assert_int_equal(s.up[1][RED2] + s.up[1][RED3] + s.up[1][RED4] + s.down[1][RED2] +
                         s.down[1][RED3] + s.down[1][RED4], 3);
    assert_int_equal(s.hand[0], BIT(RED7) | BIT(BLUE7));
    assert_true(s.disc[1] & BIT(RED5_BLUE2));
}

/* Tie: all face-up chests of the colour go to the centre, everyone takes his cards back. */
static void test_tie(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED5_BLUE2));
    tr2t_give(&s, 1, BIT(RED3_BLUE4));
    tr2t_give(&s, 2, BIT(YELLOW7));
    tr2t_chest(&s, 0, RED2, 0);
    tr2t_chest(&s, 1, RED4, 0);
    tr2t_chest(&s, 2, RED3, 0); /* not taking part, still goes to the centre */
    tr2t_chest(&s, 2, BLUE3, 0);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play red5/blue2 as red");   /* 5 + 2 */
    tr2t_do(&g, &s, "play red3/blue4 as red");   /* 3 + 4 */
    tr2t_do(&g, &s, "pass");
    assert_int_equal(s.centre[RED2], 1);
    assert_int_equal(s.centre[RED3], 1);
    assert_int_equal(s.centre[RED4], 1);
    for (int p = 0; p < 3; p++)
        assert_int_equal(s.up[p][RED2] + s.up[p][RED3] + s.up[p][RED4], 0);
    assert_int_equal(s.hand[0], BIT(RED5_BLUE2));
    assert_int_equal(s.hand[1], BIT(RED3_BLUE4));
    assert_int_equal(s.known[0], BIT(RED5_BLUE2));
    assert_int_equal(s.known[1], BIT(RED3_BLUE4));
    assert_int_equal(s.disc[0] | s.disc[1], 0);
    assert_int_equal(s.down[2][BLUE3], 1); /* his only face-up chest, secured in phase 4 */
}

/* [D-4] Nobody played the colour: nothing happens to its chests. bonus_needs_card=true: a player
 * with only face-up chests and no card does not take part, so the card player takes them. */
static void test_bonus_needs_card(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    for (int alt = 0; alt < 2; alt++) {
        check_load(&g, alt ? "tafelrunde2(bonus_needs_card=false)" : "tafelrunde2");
        tr2t_scenario(&g, &s, 0);
        tr2t_give(&s, 0, BIT(YELLOW5_RED2));
        tr2t_give(&s, 1, BIT(BLUE7));
        tr2t_chest(&s, 1, RED4, 0);
        tr2t_chest(&s, 1, YELLOW4, 0);
        tr2t_chest(&s, -1, YELLOW2, 0);
        tr2_advance(&g, &s);
        tr2t_do(&g, &s, "play yellow5/red2 as red");
        tr2t_do(&g, &s, "pass");
        /* yellow: nobody played it: the centre yellow 2 and player 1's yellow 4 stay. */
        assert_int_equal(s.centre[YELLOW2], 1);
        assert_int_equal(s.up[1][YELLOW4] + s.down[1][YELLOW4], 1);
        if (!alt) {
            /* Player 0 alone takes part in red: he takes player 1's red 4. */
            assert_int_equal(s.up[0][RED4] + s.down[0][RED4], 1);
            assert_true(s.disc[0] & BIT(YELLOW5_RED2));
        } else {
            /* bonus_needs_card=false: player 1's bonus of 4 beats the 2. */
            assert_int_equal(s.up[1][RED4] + s.down[1][RED4], 1);
            assert_int_equal(s.hand[0], BIT(YELLOW5_RED2));
        }
    }
}

/* [D-4] with bonus_needs_card=false, what test_bonus_needs_card leaves open: a player with his
 * chest alone takes part fully, so he can tie with a card player (and the tie sends the chests
 * to the centre), and a colour nobody played stays as it is even when two players hold chests
 * of it (scored, the bigger would take the smaller). With the default the card player wins. */
static void test_bonus_alone_ties(void **u)
{
    (void)u;
    for (int alt = 0; alt < 2; alt++) {
        tafel_game g;
        tr2_state s;
        check_load(&g, alt ? "tafelrunde2(players=3,bonus_needs_card=false)"
                           : "tafelrunde2(players=3)");
        tr2t_scenario(&g, &s, 0);
        tr2t_give(&s, 0, BIT(RED4_BLUE3));
        tr2t_chest(&s, 1, RED4, 0);
        tr2t_chest(&s, -1, RED2, 0);
        tr2t_chest(&s, 1, BLUE3, 0);
        tr2t_chest(&s, 2, BLUE4, 0);
        tr2t_chest(&s, -1, BLUE2, 0);
        tr2_advance(&g, &s);
        tr2t_do(&g, &s, "play red4/blue3 as red"); /* 4 against player 1's red 4 alone */
        /* Nobody else has a card: phase 3, then phase 4 asks player 0 (two kinds) or, in a tie,
         * goes on without him. */
        assert_int_not_equal(s.phase, TR2_PH_PLAY);
        assert_int_equal(s.centre[BLUE2], 1);
        assert_int_equal(s.up[1][BLUE3] + s.down[1][BLUE3], 1);
        assert_int_equal(s.up[2][BLUE4] + s.down[2][BLUE4], 1);
        if (alt) {
            assert_int_equal(s.centre[RED2], 1);
            assert_int_equal(s.centre[RED4], 1);
            assert_int_equal(s.hand[0], BIT(RED4_BLUE3));
            assert_int_equal(s.disc[0], 0);
        } else {
            assert_int_equal(s.up[0][RED2] + s.up[0][RED4], 2);
            assert_int_equal(s.up[1][RED4] + s.down[1][RED4], 0);
            assert_int_equal(s.disc[0], BIT(RED4_BLUE3));
        }
    }
}

/* Phase 4: a player with face-up chests of one kind secures one of them; others stay up. */
static void test_secure_exactly_one(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 1);
    tr2t_give(&s, 1, BIT(YELLOW7));
    tr2t_chest(&s, 0, RED3, 0);
    tr2t_chest(&s, 0, RED3, 0);
    tr2t_chest(&s, 1, BLUE2, 0);
    tr2t_chest(&s, 1, BLUE4, 0);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play yellow7"); /* then nobody has a card: phase 2 ends */
    /* Player 1 (the start player) chooses first; player 0 has one kind only. */
    assert_int_equal(s.phase, TR2_PH_SECURE);
    assert_int_equal(tr2_current_player(&g, &s), 1);
    tr2t_do(&g, &s, "secure blue4");
    assert_int_equal(s.down[0][RED3], 1);
    assert_int_equal(s.up[0][RED3], 1);
    assert_int_equal(s.down[1][BLUE4], 1);
    assert_int_equal(s.up[1][BLUE2], 1);
    assert_int_equal(s.phase, TR2_PH_DRAW);
    assert_int_equal(s.turn, 1); /* the start player draws first */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_example),
        cmocka_unit_test(test_winner_takes_all),
        cmocka_unit_test(test_bonus_decides),
        cmocka_unit_test(test_tie),
        cmocka_unit_test(test_bonus_needs_card),
        cmocka_unit_test(test_bonus_alone_ties),
        cmocka_unit_test(test_secure_exactly_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
