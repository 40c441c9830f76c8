/* test_tr2_end.c: Die Tafelrunde 2 end of the game, final scoring, hand-card tie-break, shared
 * win [D-8]. */
#include "tr2_test.h"

/* Empty the chest pile: every chest still in it is secured by player 0 (or 1 alternately). */
static void drain_pile(tr2_state *s)
{
    for (int k = 0; k < TR2_NKIND; k++)
        while (s->pile[k])
            tr2t_chest(s, s->pile[k] % 2, k, 1);
}

static void test_end_condition(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2");
    /* No chest left to reveal and only two colours face up: the game ends in phase 1. */
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7));
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, 1, BLUE2, 0);
    drain_pile(&s);
    tr2_begin_reveal(&g, &s);
    tr2_advance(&g, &s);
    assert_int_equal(s.phase, TR2_PH_END);
    assert_int_equal(tr2_current_player(&g, &s), TAFEL_TERMINAL);

    /* All three colours face up: the game goes on even with an empty chest pile. */
    tr2t_scenario(&g, &s, 0);
    tr2t_give(&s, 0, BIT(RED7));
    tr2t_chest(&s, -1, RED3, 0);
    tr2t_chest(&s, 1, BLUE2, 0);
    tr2t_chest(&s, 0, YELLOW4, 0);
    drain_pile(&s);
    tr2_begin_reveal(&g, &s);
    tr2_advance(&g, &s);
    assert_int_equal(s.phase, TR2_PH_PLAY);

    /* No colour face up at all (everything secured): the game ends. */
    tr2t_scenario(&g, &s, 0);
    drain_pile(&s);
    tr2_begin_reveal(&g, &s);
    tr2_advance(&g, &s);
    assert_int_equal(s.phase, TR2_PH_END);

    /* Fewer than three colours but chests left to reveal: no end, phase 1 reveals. */
    tr2t_scenario(&g, &s, 0);
    tr2t_chest(&s, -1, RED3, 0);
    tr2_begin_reveal(&g, &s);
    tr2_advance(&g, &s);
    assert_int_equal(s.phase, TR2_PH_REVEAL);
    assert_int_equal(tr2_current_player(&g, &s), TAFEL_CHANCE);
}

/* Build a finished game: face-down gems per player as given (from 2-, 3- and 4-chests). */
static void finish(const tafel_game *g, tr2_state *s, const int *gems, const int *hand)
{
    tr2t_scenario(g, s, 0);
    for (int p = 0; p < g->num_players; p++) {
        int left = gems[p];
        for (int k = TR2_NKIND - 1; k >= 0 && left; k--)
            while (s->pile[k] && left >= tr2_chest_gems(k) &&
                   (left - tr2_chest_gems(k) == 0 || left - tr2_chest_gems(k) >= 2)) {
                tr2t_chest(s, p, k, 1);
                left -= tr2_chest_gems(k);
            }
        assert_int_equal(left, 0);
        for (int c = 0; c < hand[p]; c++)
            tr2t_give(s, p, BIT(c));
    }
    /* What is still in the pile lies face up in front of player 0: worthless at the end. */
    for (int k = 0; k < TR2_NKIND; k++)
        while (s->pile[k])
            tr2t_chest(s, 0, k, 0);
    s->phase = TR2_PH_END;
}

static void test_scoring_and_tie_break(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    double r[TR2_MAXP];
    int sc[TR2_MAXP];
    check_load(&g, "tafelrunde2");

    /* Face-up chests are worthless; most face-down gems wins; colour does not matter. */
    finish(&g, &s, (int[]){10, 11}, (int[]){5, 0});
    tr2_scores(&g, &s, sc);
    assert_int_equal(sc[0], 10);
    assert_int_equal(sc[1], 11);
    tr2_returns(&g, &s, r);
    assert_float_equal(r[0], 0, 1e-12);
    assert_float_equal(r[1], 1, 1e-12);

    /* Equal gems: more hand cards wins. */
    finish(&g, &s, (int[]){12, 12}, (int[]){2, 3});
    tr2_returns(&g, &s, r);
    assert_float_equal(r[0], 0, 1e-12);
    assert_float_equal(r[1], 1, 1e-12);

    /* [D-8] Equal gems and hand cards: a shared win. */
    finish(&g, &s, (int[]){12, 12}, (int[]){3, 3});
    tr2_returns(&g, &s, r);
    assert_float_equal(r[0], 0.5, 1e-12);
    assert_float_equal(r[1], 0.5, 1e-12);

    check_load(&g, "tafelrunde2(players=3)");
    finish(&g, &s, (int[]){9, 14, 14}, (int[]){9, 1, 1});
    tr2_returns(&g, &s, r);
    assert_float_equal(r[0], 0, 1e-12);
    assert_float_equal(r[1], 0.5, 1e-12);
    assert_float_equal(r[2], 0.5, 1e-12);

    /* Before the end: all 0. */
    s.phase = TR2_PH_PLAY;
    tr2_returns(&g, &s, r);
    assert_float_equal(r[0] + r[1] + r[2], 0, 1e-12);
}

/* A finished random game's result matches the rule directly. */
static void test_random_results(void **u)
{
    (void)u;
    tafel_game g;
    tr2_state s;
    check_load(&g, "tafelrunde2(players=4)");
    for (int seed = 0; seed < 200; seed++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, (uint64_t)seed);
        tr2_init(&g, &s);
        int32_t legal[TR2_MAX_LEGAL];
        while (tr2_current_player(&g, &s) != TAFEL_TERMINAL) {
            int p = tr2_current_player(&g, &s);
            int32_t a = p == TAFEL_CHANCE ? tafel_sample_chance(&g, &s, &rng)
                                          : legal[tafel_rng_below(&rng, (uint32_t)
                                                      tr2_legal_actions(&g, &s, legal))];
            tr2_apply(&g, &s, a);
        }
        int pile = 0;
        for (int k = 0; k < TR2_NKIND; k++)
            pile += s.pile[k];
        assert_int_equal(pile, 0);
        assert_true(tr2_colours_up(&g, &s) != 7);
        double r[TR2_MAXP];
        tr2_returns(&g, &s, r);
        int best = -1;
        for (int p = 0; p < 4; p++) {
            int key = tr2_gems_down(&s, p) * 100 + tr2_popcount(s.hand[p]);
            best = key > best ? key : best;
        }
        int winners = 0;
        for (int p = 0; p < 4; p++)
            winners += tr2_gems_down(&s, p) * 100 + tr2_popcount(s.hand[p]) == best;
        for (int p = 0; p < 4; p++) {
            int key = tr2_gems_down(&s, p) * 100 + tr2_popcount(s.hand[p]);
            assert_float_equal(r[p], key == best ? 1.0 / winners : 0, 1e-12);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_end_condition),
        cmocka_unit_test(test_scoring_and_tie_break),
        cmocka_unit_test(test_random_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
