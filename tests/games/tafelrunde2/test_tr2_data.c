/* test_tr2_data.c: Die Tafelrunde 2 component data [D-1, D-2] and parameters. */
#include "tr2_test.h"

static void test_cards(void **u)
{
    (void)u;
    /* 15 rogue cards + 1 special card per player. */
    assert_int_equal(TR2_NROGUE + 1, 16);
    assert_int_equal(TR2_NCARDS, 16);
    int values[TR2_NCOL][8] = {{0}}; /* per colour: how many bars of value v */
    for (int c = 0; c < TR2_NROGUE; c++) {
        const tr2_card *k = &tr2_cards[c];
        assert_int_equal(k->val[0] + k->val[1], 7); /* 7 points of preference */
        values[k->col[0]][k->val[0]]++;
        if (k->val[1]) {
            assert_int_not_equal(k->col[0], k->col[1]);
            assert_true(k->val[0] <= 5 && k->val[1] <= 5);
            values[k->col[1]][k->val[1]]++;
        } else {
            assert_int_equal(k->val[0], 7);
        }
        /* rogue r pairs colour r with colour r + 1 */
        assert_int_equal(k->col[0], c / 5);
        if (k->val[1])
            assert_int_equal(k->col[1], (c / 5 + 1) % 3);
    }
    for (int col = 0; col < TR2_NCOL; col++) {
        /* 7, 5, 5, 4, 4, 3, 3, 2, 2 */
        assert_int_equal(values[col][7], 1);
        assert_int_equal(values[col][5], 2);
        assert_int_equal(values[col][4], 2);
        assert_int_equal(values[col][3], 2);
        assert_int_equal(values[col][2], 2);
        assert_int_equal(values[col][6] + values[col][1] + values[col][0], 0);
    }
    char name[32];
    tr2_card_name(RED5_BLUE2, 0, name, sizeof name);
    assert_string_equal(name, "red5/blue2");
    tr2_card_name(YELLOW2_RED5, 0, name, sizeof name);
    assert_string_equal(name, "yellow2/red5");
    tr2_card_name(BLUE7, 0, name, sizeof name);
    assert_string_equal(name, "blue7");
}

static void test_chests(void **u)
{
    (void)u;
    int total = 0, gems = 0, colour[TR2_NCOL] = {0}, by_gems[5] = {0};
    for (int k = 0; k < TR2_NKIND; k++) {
        total += tr2_chest_count[k];
        gems += tr2_chest_count[k] * tr2_chest_gems(k);
        colour[tr2_chest_col(k)] += tr2_chest_count[k];
        by_gems[tr2_chest_gems(k)] += tr2_chest_count[k];
    }
    assert_int_equal(total, 24);
    assert_int_equal(gems, 72);
    for (int c = 0; c < TR2_NCOL; c++)
        assert_int_equal(colour[c], 8);
    /* per colour 2 x 2, 4 x 3, 2 x 4 */
    assert_int_equal(by_gems[2], 6);
    assert_int_equal(by_gems[3], 12);
    assert_int_equal(by_gems[4], 6);
}

/* The Zork table holds exactly the chest multisets of at most 6 gems. */
static void test_zork_sets(void **u)
{
    (void)u;
    int count = 0;
    for (int a = 0; a <= TR2_NKIND; a++)
        for (int b = a; b <= TR2_NKIND; b++)
            for (int c = b; c <= TR2_NKIND; c++) {
                int k[3] = {a, b, c}, sum = 0;
                for (int i = 0; i < 3; i++)
                    sum += k[i] < TR2_NKIND ? tr2_chest_gems(k[i]) : 0;
                if (sum <= 6)
                    count++;
            }
    assert_int_equal(count, TR2_NZORK);
    for (int i = 0; i < TR2_NZORK; i++) {
        int sum = 0;
        for (int j = 0; j < 3; j++)
            if (tr2_zork_sets[i][j] != 0xff) {
                sum += tr2_chest_gems(tr2_zork_sets[i][j]);
                if (j)
                    assert_true(tr2_zork_sets[i][j - 1] <= tr2_zork_sets[i][j]);
            }
        assert_true(sum <= 6);
        for (int j = 0; j < i; j++)
            assert_memory_not_equal(tr2_zork_sets[i], tr2_zork_sets[j], 3);
        /* the same sets as needs (tr2_legal_actions reads these) */
        uint64_t below8 = 0;
        int kind8 = 0;
        for (int j = 0; j < 3; j++) {
            int k = tr2_zork_sets[i][j];
            if (k < 8)
                below8 += 1ull << (8 * k);
            kind8 += k == 8;
        }
        if (tr2_zork_needs[i].below8 != below8 || tr2_zork_needs[i].kind8 != kind8 ||
            tr2_zork_needs[i].gems != sum)
            fail_msg("tr2_zork_needs[%d] is not tr2_zork_sets[%d]", i, i);
    }
}

static void test_params(void **u)
{
    (void)u;
    tafel_game g;
    char s[256];
    check_load(&g, "tafelrunde2");
    tafel_game_to_string(&g, s, sizeof s);
    assert_string_equal(s, "tafelrunde2(players=2,bonus_needs_card=true,warning_protects_tie=true,"
                           "zork=budget_in_scoring)");
    check_load(&g, "tafelrunde2(players=4,bonus_needs_card=false,warning_protects_tie=false,"
                   "zork=budget_after_scoring)");
    assert_int_equal(g.num_players, 4);
    assert_int_equal(g.params[TR2_P_BONUS_NEEDS_CARD], 0);
    assert_int_equal(g.params[TR2_P_WARNING_PROTECTS_TIE], 0);
    assert_int_equal(g.params[TR2_P_ZORK], TR2_ZORK_BUDGET_AFTER);
    check_load(&g, "tafelrunde2(zork=extra_after_scoring)");
    assert_int_equal(g.params[TR2_P_ZORK], TR2_ZORK_EXTRA_AFTER);
    check_load(&g, "tafelrunde2(zork=extra_before_scoring)");
    assert_int_equal(g.params[TR2_P_ZORK], TR2_ZORK_EXTRA_BEFORE);
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(players=5)", err, sizeof err), -1);
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(players=1)", err, sizeof err), -1);
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(zork=never)", err, sizeof err), -1);
    assert_non_null(strstr(err, "never"));
}

/* Game strings of records written before D-7 changed name zork_timing: they keep their meaning
 * (the earlier reading, now extra_*), and the canonical string names zork from now on. */
static void test_old_zork_timing(void **u)
{
    (void)u;
    tafel_game g;
    char s[256], err[TAFEL_ERR_LEN];
    check_load(&g, "tafelrunde2(players=2,bonus_needs_card=true,warning_protects_tie=true,"
                   "zork_timing=after_scoring)");
    assert_int_equal(g.params[TR2_P_ZORK], TR2_ZORK_EXTRA_AFTER);
    tafel_game_to_string(&g, s, sizeof s);
    assert_string_equal(s, "tafelrunde2(players=2,bonus_needs_card=true,warning_protects_tie=true,"
                           "zork=extra_after_scoring)");
    check_load(&g, "tafelrunde2(players=3,zork_timing=before_scoring,bonus_needs_card=false)");
    assert_int_equal(g.params[TR2_P_ZORK], TR2_ZORK_EXTRA_BEFORE);
    assert_int_equal(g.params[TR2_P_BONUS_NEEDS_CARD], 0);
    assert_int_equal(g.num_players, 3);
    /* The old name takes only its old values, and says which. */
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(zork_timing=budget_in_scoring)", err,
                                     sizeof err), -1);
    assert_non_null(strstr(err, "zork_timing=budget_in_scoring"));
    assert_non_null(strstr(err, "after_scoring, before_scoring"));
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(zork_timing=never)", err, sizeof err), -1);
    assert_int_equal(tafel_game_load(&g, "tafelrunde2(zork_when=after_scoring)", err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "zork_when"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cards),
        cmocka_unit_test(test_chests),
        cmocka_unit_test(test_zork_sets),
        cmocka_unit_test(test_params),
        cmocka_unit_test(test_old_zork_timing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
