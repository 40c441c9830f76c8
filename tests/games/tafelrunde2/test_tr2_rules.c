/* test_tr2_rules.c: Die Tafelrunde 2 setup and the six phases of a raid (incl. D-3, D-4, D-6). */
#include "tr2_test.h"

static int count_outcomes(const tafel_game *g, const tr2_state *s, double *prob)
{
    tafel_chance out[TR2_MAX_LEGAL];
    int n = tr2_chance_outcomes(g, s, out);
    if (prob)
        *prob = out[0].prob;
    return n;
}

/* Setup: random start player, secret special sets (fewer than 4 players), 5 cards each. */
static void test_setup(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    double pr;
    check_load(&g, "tafelrunde2(players=3)");
    tr2_init(&g, &s);
    assert_int_equal(tr2_current_player(&g, &s), TAFEL_CHANCE);
    assert_int_equal(count_outcomes(&g, &s, &pr), 3);
    assert_float_equal(pr, 1.0 / 3, 1e-12);
    tr2t_do(&g, &s, "start player 2");
    assert_int_equal(s.start, 2);
    assert_int_equal(count_outcomes(&g, &s, &pr), 4);
    assert_float_equal(pr, 0.25, 1e-12);
    tr2t_do(&g, &s, "special zork");
    assert_int_equal(count_outcomes(&g, &s, NULL), 3);
    assert_false(tr2t_legal(&g, &s, "special zork")); /* each set only once */
    tr2t_do(&g, &s, "special feierabend");
    tr2t_do(&g, &s, "special wiederbelebung");
    assert_int_equal(s.special[0], TR2_ZORK);
    assert_int_equal(s.special[1], TR2_FEIERABEND);
    assert_int_equal(s.special[2], TR2_WIEDERBELEBUNG);
    /* Dealing: each card a chance draw from the 16, 5 per player. */
    assert_int_equal(count_outcomes(&g, &s, &pr), 16);
    assert_float_equal(pr, 1.0 / 16, 1e-12);
    tafel_rng rng;
    tafel_rng_seed(&rng, 5);
    for (int i = 0; i < 15; i++) {
        assert_int_equal(s.phase, TR2_PH_DEAL);
        tr2_apply(&g, &s, tafel_sample_chance(&g, &s, &rng));
    }
    for (int p = 0; p < 3; p++) {
        assert_int_equal(tr2_popcount(s.hand[p]), 5);
        assert_int_equal(tr2_popcount(s.draw[p]), 11);
    }
    /* Phase 1 of the first raid: the chest pile is 24 chests, revealed by chance. */
    assert_int_equal(s.phase, TR2_PH_REVEAL);
    assert_int_equal(s.raid, 1);
    assert_int_equal(count_outcomes(&g, &s, &pr), 9);
    assert_float_equal(pr, 2.0 / 24, 1e-12); /* red2: 2 of 24 */
}

/* With 4 players all four sets are in play: no special-card chance node. */
static void test_setup_4p(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=4)");
    tr2_init(&g, &s);
    tr2t_do(&g, &s, "start player 3");
    assert_int_equal(s.phase, TR2_PH_DEAL);
    for (int p = 0; p < 4; p++)
        assert_int_equal(s.special[p], p);
    assert_int_equal(s.special_public, 0xf);
}

/* Phase 1: reveal until all three colours lie face up; chests in front of players count. */
static void test_reveal(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7));
    tr2t_give(&s, 1, BIT(BLUE7));
    tr2t_chest(&s, 1, YELLOW3, 0); /* face up in front of player 1 */
    tr2t_chest(&s, 0, BLUE4, 1);   /* face down: does not count */
    tr2_begin_reveal(&g, &s);
    tr2_advance(&g, &s);
    assert_int_equal(s.phase, TR2_PH_REVEAL);
    tr2t_do(&g, &s, "reveal red3");
    assert_int_equal(s.phase, TR2_PH_REVEAL);
    tr2t_do(&g, &s, "reveal red2");
    assert_int_equal(s.phase, TR2_PH_REVEAL);
    assert_int_equal(s.pile[RED2], 1);
    assert_int_equal(s.centre[RED2], 1);
    tr2t_do(&g, &s, "reveal blue2");
    assert_int_equal(s.phase, TR2_PH_PLAY); /* yellow lies in front of player 1 */
    assert_int_equal(s.centre[YELLOW3], 0);
    /* Next raid: all colours still up, nothing is revealed. */
    tr2_begin_reveal(&g, &s);
    tr2_advance(&g, &s);
    assert_int_equal(s.phase, TR2_PH_PLAY);
    assert_int_equal(s.raid, 3);
}

/* Phase 2: the start player must open, then players play or pass; a pass is final. */
static void test_play_and_pass(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    tr2t_scenario(&g, &s, 1);
    tr2t_give(&s, 0, BIT(RED7) | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED5_BLUE2) | BIT(YELLOW7) | BIT(BLUE3_YELLOW4));
    tr2t_give(&s, 2, BIT(YELLOW5_RED2));
    tr2_advance(&g, &s);
    assert_int_equal(tr2_current_player(&g, &s), 1);
    assert_false(tr2t_legal(&g, &s, "pass")); /* the start player must play */
    int32_t legal[TR2_MAX_LEGAL];
    /* red5/blue2 (2 bars), yellow7 (1 bar), blue3/yellow4 (2 bars) */
    assert_int_equal(tr2_legal_actions(&g, &s, legal), 5);
    assert_false(tr2t_legal(&g, &s, "play red7"));    /* not in his hand */
    assert_false(tr2t_legal(&g, &s, "play red5/blue2 as yellow"));
    tr2t_do(&g, &s, "play red5/blue2 as blue");
    assert_int_equal(s.pmask[1][TR2_BLUE], BIT(RED5_BLUE2));
    assert_int_equal(s.pstr[1][TR2_BLUE], 2);
    assert_int_equal(tr2_current_player(&g, &s), 2); /* clockwise */
    tr2t_do(&g, &s, "pass");
    assert_int_equal(tr2_current_player(&g, &s), 0);
    tr2t_do(&g, &s, "play red7");
    assert_int_equal(tr2_current_player(&g, &s), 1); /* player 2 passed: skipped */
    tr2t_do(&g, &s, "pass");                         /* the start player may pass later */
    assert_int_equal(tr2_current_player(&g, &s), 0);
    tr2t_do(&g, &s, "play blue7");
    /* Player 0 has no card left: he passes, every player has passed, phase 2 ends. */
    assert_int_equal(s.hand[0], 0);
    assert_int_not_equal(s.phase, TR2_PH_PLAY);
}

/* A player with no hand card passes; [D-3] so does a start player with none he may play. */
static void test_empty_hand_passes(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 2, BIT(RED7));
    tr2_advance(&g, &s);
    assert_int_equal(tr2_current_player(&g, &s), 2);
    assert_int_equal(s.passed, 3);
    assert_true(tr2t_legal(&g, &s, "pass")); /* only the start player must play */
    tr2t_do(&g, &s, "pass");
    assert_int_not_equal(s.phase, TR2_PH_PLAY); /* everybody passed */
    assert_int_equal(s.hand[2], BIT(RED7));

    /* [D-3] The start player holds only Feierabend, which may not open phase 2: he passes. */
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_FEIERABEND;
    tr2t_give(&s, 0, BIT(TR2_SPECIAL));
    tr2t_give(&s, 1, BIT(BLUE7));
    tr2_advance(&g, &s);
    assert_int_equal(tr2_current_player(&g, &s), 1);
    assert_int_equal(s.passed, 1);
}

/* Phase 5 and 6: two cards each from the start player on; discards lie under the draw pile and
 * are reshuffled when the last face-down card is drawn; [D-6] shuffle first when the face-down
 * pile is empty; nothing to draw: draws nothing. Then the start-player card moves on. */
static void test_draw_and_reshuffle(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    memset(&s, 0, sizeof s);
    memcpy(s.pile, tr2_chest_count, sizeof s.pile);
    s.hand[0] = BIT(RED3_BLUE4);
    s.draw[0] = BIT(RED7);
    s.disc[0] = BIT(BLUE7) | BIT(YELLOW7);
    s.draw[1] = 0;
    s.disc[1] = BIT(RED2_BLUE5);
    s.start = 1;
    s.phase = TR2_PH_DRAW;
    s.turn = 1;
    s.left = 2;
    tr2_advance(&g, &s);
    /* Player 1 first: face-down pile empty, so the discards are shuffled first. */
    assert_int_equal(tr2_current_player(&g, &s), TAFEL_CHANCE);
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.draw[1], BIT(RED2_BLUE5));
    assert_int_equal(s.disc[1], 0);
    assert_int_equal(count_outcomes(&g, &s, NULL), 1);
    tr2t_do(&g, &s, "draw red2/blue5");
    /* Nothing left for his second card: player 0 draws next. */
    assert_int_equal(s.turn, 0);
    assert_int_equal(s.hand[1], BIT(RED2_BLUE5));
    assert_int_equal(count_outcomes(&g, &s, NULL), 1);
    tr2t_do(&g, &s, "draw red7");
    /* He drew the last face-down card: the discards become the new face-down pile, and his
     * hand is public knowledge (everything else of his is visible). */
    assert_int_equal(s.draw[0], BIT(BLUE7) | BIT(YELLOW7));
    assert_int_equal(s.disc[0], 0);
    assert_int_equal(s.known[0], BIT(RED3_BLUE4) | BIT(RED7));
    double pr;
    assert_int_equal(count_outcomes(&g, &s, &pr), 2);
    assert_float_equal(pr, 0.5, 1e-12);
    tr2t_do(&g, &s, "draw yellow7");
    assert_int_equal(s.hand[0], BIT(RED3_BLUE4) | BIT(RED7) | BIT(YELLOW7));
    assert_int_equal(s.known[0], BIT(RED3_BLUE4) | BIT(RED7));
    /* Phase 6: the start-player card goes one seat on; phase 1 of the next raid. */
    assert_int_equal(s.start, 0);
    assert_int_equal(s.phase, TR2_PH_REVEAL);
}

/* Phase 2's card actions for every hand of rogue cards (tr2_rules.c builds them from a table by
 * chunks of five cards): each card's top bar, then its opposite bar if it has one, in card order,
 * then pass; written within a buffer of TR2_MAX_LEGAL. */
static void test_every_hand(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=2)");
    tr2t_scenario(&g, &s, 0);
    s.turn = 1; /* not the start player: he may pass */
    for (unsigned h = 0; h <= TR2_ROGUE_MASK; h++) {
        int32_t want[TR2_MAX_LEGAL], got[TR2_MAX_LEGAL];
        int nw = 0;
        for (int c = 0; c < TR2_NROGUE; c++) {
            if (!(h >> c & 1))
                continue;
            want[nw++] = TR2_A_CARD + 2 * c;
            if (tr2_cards[c].val[1])
                want[nw++] = TR2_A_CARD + 2 * c + 1;
        }
        want[nw++] = TR2_A_PASS;
        s.hand[1] = (uint16_t)h;
        int n = tr2_legal_actions(&g, &s, got);
        if (n != nw || memcmp(got, want, sizeof *got * (size_t)n))
            fail_msg("hand %#x: %d actions, expected %d", h, n, nw);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup),
        cmocka_unit_test(test_setup_4p),
        cmocka_unit_test(test_reveal),
        cmocka_unit_test(test_play_and_pass),
        cmocka_unit_test(test_empty_hand_passes),
        cmocka_unit_test(test_draw_and_reshuffle),
        cmocka_unit_test(test_every_hand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
