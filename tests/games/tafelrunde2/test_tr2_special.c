/* test_tr2_special.c: Die Tafelrunde 2 special cards: Feierabend, Letzte Warnung (D-5),
 * Wiederbelebung, Zork in each reading of D-7, their restrictions and when they are discarded. */
#include "tr2_test.h"

#define SPECIAL BIT(TR2_SPECIAL)

/* Feierabend may not open phase 2; later it ends phase 2 at once; discarded after scoring. */
static void test_feierabend(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_FEIERABEND;
    tr2t_give(&s, 0, SPECIAL | BIT(RED7));
    tr2t_give(&s, 1, BIT(BLUE7) | BIT(YELLOW7));
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, -1, BLUE3, 0);
    tr2t_chest(&s, -1, YELLOW3, 0);
    tr2_advance(&g, &s);
    assert_false(tr2t_legal(&g, &s, "play feierabend")); /* not the very first card */
    tr2t_do(&g, &s, "play red7");
    tr2t_do(&g, &s, "play blue7");
    assert_true(tr2t_legal(&g, &s, "play feierabend"));
    tr2t_do(&g, &s, "play feierabend");
    /* Phase 2 is over: player 1 did not get to play yellow 7. */
    assert_int_not_equal(s.phase, TR2_PH_PLAY);
    assert_int_equal(s.hand[1], BIT(YELLOW7));
    assert_int_equal(s.up[0][RED3] + s.down[0][RED3], 1);
    assert_int_equal(s.up[1][BLUE3] + s.down[1][BLUE3], 1);
    assert_int_equal(s.centre[YELLOW3], 1);
    assert_int_equal(s.disc[0], BIT(RED7) | SPECIAL); /* discarded after scoring */
    assert_int_equal(s.special_played, 0);
    assert_true(s.special_public & 1);
}

/* "Not the very first card of phase 2, even if the start player passed." */
static void test_feierabend_not_first_after_start_passed(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=3)");
    tr2t_scenario(&g, &s, 0);
    s.special[1] = TR2_FEIERABEND;
    tr2t_give(&s, 1, SPECIAL | BIT(RED7));
    tr2t_give(&s, 2, BIT(BLUE7));
    tr2_advance(&g, &s); /* the start player has no card: he passes */
    assert_int_equal(tr2_current_player(&g, &s), 1);
    assert_false(tr2t_legal(&g, &s, "play feierabend"));
    assert_true(tr2t_legal(&g, &s, "play red7"));
    assert_true(tr2t_legal(&g, &s, "pass"));
    tr2t_do(&g, &s, "pass");
    tr2t_do(&g, &s, "play blue7");
    /* The start player's opening obligation does not pass on: nobody was left to play. */
    assert_int_not_equal(s.phase, TR2_PH_PLAY);
}

/* Letzte Warnung names a colour in which he has a face-up chest; protects against theft. */
static void test_warnung_theft(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 1);
    s.special[0] = TR2_WARNUNG;
    tr2t_give(&s, 0, SPECIAL | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED7) | BIT(YELLOW7));
    tr2t_chest(&s, 0, RED3, 0);
    tr2t_chest(&s, 0, BLUE4, 1); /* face down: not a face-up chest */
    tr2t_chest(&s, -1, RED2, 0);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play red7");
    assert_true(tr2t_legal(&g, &s, "play warnung red"));
    assert_false(tr2t_legal(&g, &s, "play warnung blue"));
    assert_false(tr2t_legal(&g, &s, "play warnung yellow"));
    tr2t_do(&g, &s, "play warnung red");
    assert_int_equal(s.warn[0], TR2_RED + 1);
    tr2t_do(&g, &s, "pass");
    tr2t_do(&g, &s, "pass");
    /* Player 1 won red: the centre red 2, but not player 0's protected red 3. */
    assert_int_equal(s.up[1][RED2] + s.down[1][RED2], 1);
    assert_int_equal(s.up[0][RED3] + s.down[0][RED3], 1);
    assert_true(s.disc[0] & SPECIAL); /* discarded after scoring */

    /* Without a face-up chest, Letzte Warnung cannot be played at all. */
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_WARNUNG;
    tr2t_give(&s, 0, SPECIAL | BIT(BLUE7));
    tr2t_give(&s, 1, BIT(RED7));
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play blue7");
    tr2t_do(&g, &s, "play red7");
    assert_false(tr2t_legal(&g, &s, "play warnung red"));
}

/* [D-5] Letzte Warnung also protects in a tie (warning_protects_tie=true), or not (false). */
static void test_warnung_tie(void **u)
{
    (void)u;
    for (int alt = 0; alt < 2; alt++) {
        tafel_game g;
        tr2_state s;
        check_load(&g, alt ? "tafelrunde2(warning_protects_tie=false)" : "tafelrunde2");
        tr2t_scenario(&g, &s, 0);
        s.special[0] = TR2_WARNUNG;
        tr2t_give(&s, 0, SPECIAL | BIT(RED3_BLUE4) | BIT(BLUE7));
        tr2t_give(&s, 1, BIT(RED7) | BIT(YELLOW7));
        tr2t_chest(&s, 0, RED4, 0);
        tr2t_chest(&s, -1, RED2, 0);
        tr2t_chest(&s, 1, BLUE2, 0);
        tr2_advance(&g, &s);
        tr2t_do(&g, &s, "play red3/blue4 as red"); /* 3 + bonus 4 */
        tr2t_do(&g, &s, "play red7");              /* 7 */
        tr2t_do(&g, &s, "play warnung red");
        tr2t_do(&g, &s, "pass");
        tr2t_do(&g, &s, "pass");
        assert_int_equal(s.hand[0] & BIT(RED3_BLUE4), BIT(RED3_BLUE4)); /* tie: back in hand */
        assert_true(s.hand[1] & BIT(RED7));
        if (!alt) {
            assert_int_equal(s.up[0][RED4] + s.down[0][RED4], 1);
            assert_int_equal(s.centre[RED4], 0);
        } else {
            assert_int_equal(s.up[0][RED4] + s.down[0][RED4], 0);
            assert_int_equal(s.centre[RED4], 1);
        }
        assert_int_equal(s.centre[RED2], 1);
    }
}

/* Wiederbelebung: one card of his choice from his own discard pile, or none. */
static void test_wiederbelebung(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_WIEDERBELEBUNG;
    tr2t_give(&s, 0, SPECIAL | BIT(YELLOW7));
    s.draw[0] &= (uint16_t)~(BIT(RED7) | BIT(BLUE7));
    s.disc[0] = BIT(RED7) | BIT(BLUE7);
    s.disc[1] = BIT(YELLOW2_RED5); /* another player's discards are not his */
    s.draw[1] &= (uint16_t)~BIT(YELLOW2_RED5);
    tr2t_give(&s, 1, BIT(BLUE2_YELLOW5));
    tr2_advance(&g, &s);
    assert_true(tr2t_legal(&g, &s, "play wiederbelebung take red7"));
    assert_true(tr2t_legal(&g, &s, "play wiederbelebung take blue7"));
    assert_true(tr2t_legal(&g, &s, "play wiederbelebung take none"));
    assert_false(tr2t_legal(&g, &s, "play wiederbelebung take yellow7"));
    assert_false(tr2t_legal(&g, &s, "play wiederbelebung take yellow2/red5"));
    tr2t_do(&g, &s, "play wiederbelebung take blue7");
    assert_int_equal(s.hand[0], BIT(YELLOW7) | BIT(BLUE7));
    assert_int_equal(s.known[0], BIT(BLUE7)); /* everyone saw it leave the open pile */
    assert_int_equal(s.disc[0], BIT(RED7));
    assert_true(s.special_played & 1);
    tr2t_do(&g, &s, "pass");
    tr2t_do(&g, &s, "pass");
    assert_true(s.disc[0] & SPECIAL); /* discarded after scoring */

    /* An empty discard pile: allowed, taking none. */
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_WIEDERBELEBUNG;
    tr2t_give(&s, 0, SPECIAL);
    tr2t_give(&s, 1, BIT(BLUE7));
    tr2_advance(&g, &s);
    int32_t legal[TR2_MAX_LEGAL];
    assert_int_equal(tr2_legal_actions(&g, &s, legal), 1);
    assert_int_equal(legal[0], TR2_A_WIED + 15);
    tr2t_do(&g, &s, "play wiederbelebung take none");
    assert_int_equal(s.hand[0], 0);
}

/* Zork, extra_after_scoring: any face-up chests worth at most 6 gems in total, on top of
 * phase 4's one chest. */
static void test_zork_limit(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(zork=extra_after_scoring)");
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_ZORK;
    tr2t_give(&s, 0, SPECIAL);
    int kinds[] = {RED2, BLUE2, YELLOW2, RED4, BLUE3};
    for (int i = 0; i < 5; i++)
        tr2t_chest(&s, 0, kinds[i], 0);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play zork");
    /* Player 1 has no card: phase 2 ends; nobody played a colour; Zork decides. */
    assert_int_equal(s.phase, TR2_PH_ZORK);
    assert_int_equal(tr2_current_player(&g, &s), 0);
    assert_false(tr2t_legal(&g, &s, "zork red4+blue3"));        /* 7 gems */
    assert_false(tr2t_legal(&g, &s, "zork red2+blue2+red4"));   /* 8 gems */
    assert_false(tr2t_legal(&g, &s, "zork red2+red2"));         /* he has one red 2 */
    assert_true(tr2t_legal(&g, &s, "zork red2+red4"));          /* 6 gems */
    assert_true(tr2t_legal(&g, &s, "zork none"));
    assert_true(tr2t_legal(&g, &s, "zork blue3"));
    assert_true(tr2t_legal(&g, &s, "zork yellow2+red2+blue2")); /* any order */
    int32_t a;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tr2_text_to_action(&g, &s, "zork red4+blue3", &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "6 gems"));
    tr2t_do(&g, &s, "zork red2+blue2+yellow2");
    assert_int_equal(tr2_gems_down(&s, 0), 6);
    /* Phase 4 on top: one more. The Zork card is discarded only after phase 4. */
    assert_int_equal(s.phase, TR2_PH_SECURE);
    assert_false(s.disc[0] & SPECIAL);
    tr2t_do(&g, &s, "secure red4");
    assert_int_equal(tr2_gems_down(&s, 0), 10);
    assert_int_equal(s.up[0][BLUE3], 1);
    assert_true(s.disc[0] & SPECIAL);
    assert_int_equal(s.special_played, 0);
}

/* One raid for every reading of [D-7]. Player 0 plays Zork and blue 7 and has face-up red 4,
 * blue 3 and yellow 2; player 1 plays red 7 and takes every face-up red chest; player 0 wins
 * blue and with it the centre's blue 2; nobody plays yellow. */
static void tr2t_zork_raid(const char *spec, tafel_game *g, tr2_state *s)
{
    check_load(g, spec);
    tr2t_scenario(g, s, 0);
    s->special[0] = TR2_ZORK;
    tr2t_give(s, 0, SPECIAL | BIT(BLUE7));
    tr2t_give(s, 1, BIT(RED7) | BIT(YELLOW7));
    tr2t_chest(s, 0, RED4, 0);
    tr2t_chest(s, 0, BLUE3, 0);
    tr2t_chest(s, 0, YELLOW2, 0);
    tr2t_chest(s, -1, BLUE2, 0);
    tr2_advance(g, s);
    tr2t_do(g, s, "play zork");
    assert_int_equal(s->zork_left, 6);
    tr2t_do(g, s, "play red7");
    tr2t_do(g, s, "play blue7");
    tr2t_do(g, s, "pass"); /* player 0 has no card left: phase 3 */
}

/* A Zork decision of player 0, with Zork not yet discarded. */
static void tr2t_zork_asked(const tr2_state *s, int next_colour, int left)
{
    assert_int_equal(s->phase, TR2_PH_ZORK);
    assert_int_equal(s->turn, 0);
    assert_int_equal(s->scoring, next_colour);
    assert_int_equal(s->zork_left, left);
    assert_false(s->disc[0] & SPECIAL);
    assert_true(s->special_played & 1);
}

/* budget_in_scoring (default): before each colour and after the last, 6 gems in all over the
 * raid (a 4 and then a 2, never a 4 and then a 3), and no chest in phase 4. */
static void test_zork_budget_in_scoring(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    tr2t_zork_raid("tafelrunde2", &g, &s);
    assert_int_equal(g.params[TR2_P_ZORK], TR2_ZORK_BUDGET_IN);
    tr2t_zork_asked(&s, TR2_RED, 6);
    assert_false(tr2t_legal(&g, &s, "zork red4+blue3")); /* 7 gems */
    assert_true(tr2t_legal(&g, &s, "zork red4+yellow2"));
    tr2t_do(&g, &s, "zork red4"); /* saved before player 1 can take it */
    /* Red is scored (player 1's red 7 goes to his discards); blue is next. */
    tr2t_zork_asked(&s, TR2_BLUE, 2);
    assert_true(s.disc[1] & BIT(RED7));
    assert_int_equal(s.centre[BLUE2], 1);
    assert_false(tr2t_legal(&g, &s, "zork blue3")); /* 4 and 3: over the budget */
    assert_true(tr2t_legal(&g, &s, "zork yellow2"));
    int32_t legal[TR2_MAX_LEGAL];
    assert_int_equal(tr2_legal_actions(&g, &s, legal), 2); /* none, yellow 2 */
    tr2t_do(&g, &s, "zork none");
    /* After the last colour: the blue 2 he just won fits the 2 gems left, the 3 does not. */
    tr2t_zork_asked(&s, TR2_NCOL, 2);
    assert_int_equal(s.up[0][BLUE2], 1);
    assert_false(tr2t_legal(&g, &s, "zork blue3"));
    assert_false(tr2t_legal(&g, &s, "zork blue2+yellow2"));
    tr2t_do(&g, &s, "zork blue2");
    /* Phase 4: he secures nothing, though two kinds lie face up; Zork is discarded after it. */
    assert_int_equal(s.phase, TR2_PH_DRAW);
    assert_int_equal(tr2_gems_down(&s, 0), 6);
    assert_int_equal(s.down[0][RED4] + s.down[0][BLUE2], 2);
    assert_int_equal(s.up[0][BLUE3] + s.up[0][YELLOW2], 2);
    assert_true(s.disc[0] & SPECIAL);
    assert_int_equal(s.special_played, 0);
    assert_int_equal(s.zork, 0);
}

/* A Zork player whose chests are all too big for what is left of his budget is not asked. */
static void test_zork_budget_spent(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    tr2t_zork_raid("tafelrunde2(zork=budget_in_scoring)", &g, &s);
    tr2t_do(&g, &s, "zork red4+yellow2"); /* all 6 gems before red */
    /* Nothing fits any more: red, blue and the end pass without a question. */
    assert_int_equal(s.phase, TR2_PH_DRAW);
    assert_int_equal(s.zork_left, 0);
    assert_int_equal(tr2_gems_down(&s, 0), 6);
    assert_int_equal(s.up[0][BLUE3] + s.up[0][BLUE2], 2); /* won, but not secured */
}

/* budget_after_scoring: the same budget and no phase-4 chest, but only after the last colour;
 * extra_after_scoring: up to 6 gems after the last colour, and the phase-4 chest on top. */
static void test_zork_after_scoring(void **u)
{
    (void)u;
    for (int extra = 0; extra < 2; extra++) {
        tafel_game g;
        tr2_state s;
        tr2t_zork_raid(extra ? "tafelrunde2(zork=extra_after_scoring)"
                             : "tafelrunde2(zork=budget_after_scoring)", &g, &s);
        /* Not asked before red: player 1 took the red 4. */
        tr2t_zork_asked(&s, TR2_NCOL, 6);
        assert_int_equal(s.up[1][RED4], 1);
        assert_false(tr2t_legal(&g, &s, "zork blue3+blue2+yellow2")); /* 7 gems */
        assert_true(tr2t_legal(&g, &s, "zork blue3+blue2"));
        tr2t_do(&g, &s, "zork blue3+yellow2");
        /* Phase 4: player 1 secures his red 4 either way; player 0 his blue 2 only on top. */
        assert_int_equal(s.phase, TR2_PH_DRAW);
        assert_int_equal(s.down[1][RED4], 1);
        assert_int_equal(s.down[0][BLUE2], extra);
        assert_int_equal(s.up[0][BLUE2], !extra);
        assert_int_equal(tr2_gems_down(&s, 0), extra ? 7 : 5);
        assert_true(s.disc[0] & SPECIAL);
    }
}

/* extra_before_scoring: up to 6 gems before the colours are scored, and the phase-4 chest. */
static void test_zork_extra_before_scoring(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    tr2t_zork_raid("tafelrunde2(zork=extra_before_scoring)", &g, &s);
    tr2t_zork_asked(&s, TR2_RED, 6);
    assert_int_equal(s.centre[BLUE2], 1); /* not won yet: not his to secure */
    assert_false(tr2t_legal(&g, &s, "zork blue2"));
    assert_false(tr2t_legal(&g, &s, "zork red4+blue3"));
    tr2t_do(&g, &s, "zork red4");
    /* No more Zork decisions, though the yellow 2 would fit: all colours are scored, then
     * phase 4 asks him for one chest. */
    assert_int_equal(s.phase, TR2_PH_SECURE);
    assert_int_equal(tr2_current_player(&g, &s), 0);
    assert_false(s.disc[0] & SPECIAL);
    tr2t_do(&g, &s, "secure blue3");
    assert_int_equal(s.phase, TR2_PH_DRAW);
    assert_int_equal(tr2_gems_down(&s, 0), 7);
    assert_int_equal(s.up[0][BLUE2] + s.up[0][YELLOW2], 2);
    assert_true(s.disc[0] & SPECIAL);
}

/* budget_in_scoring: a colour nobody played is no scoring step, so no decision comes before it;
 * with no colour played at all he decides once. */
static void test_zork_no_colour_played(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    tr2t_scenario(&g, &s, 0);
    s.special[0] = TR2_ZORK;
    tr2t_give(&s, 0, SPECIAL);
    tr2t_chest(&s, 0, RED2, 0);
    tr2t_chest(&s, 0, BLUE4, 0);
    tr2_advance(&g, &s);
    tr2t_do(&g, &s, "play zork");
    tr2t_zork_asked(&s, TR2_NCOL, 6);
    tr2t_do(&g, &s, "zork red2");
    assert_int_equal(s.phase, TR2_PH_DRAW); /* asked once; no phase-4 chest */
    assert_int_equal(s.up[0][BLUE4], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_feierabend),
        cmocka_unit_test(test_feierabend_not_first_after_start_passed),
        cmocka_unit_test(test_warnung_theft),
        cmocka_unit_test(test_warnung_tie),
        cmocka_unit_test(test_wiederbelebung),
        cmocka_unit_test(test_zork_limit),
        cmocka_unit_test(test_zork_budget_in_scoring),
        cmocka_unit_test(test_zork_budget_spent),
        cmocka_unit_test(test_zork_after_scoring),
        cmocka_unit_test(test_zork_extra_before_scoring),
        cmocka_unit_test(test_zork_no_colour_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
