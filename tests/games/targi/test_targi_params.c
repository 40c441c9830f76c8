/* test_targi_params.c: the rule options, spelled as the spec spells them, with its defaults. */
#include "targi_test.h"

#include <jansson.h>

static void test_param_names_and_defaults(void **unused)
{
    (void)unused;
    tafel_game g;
    char s[256];
    check_load(&g, "targi");
    tafel_game_to_string(&g, s, sizeof s);
    assert_string_equal(s, "targi(players=2,tribe_rule=author,trade_mixed_goods=false,"
                           "raid_shortfall_to_opponent=false)");
    check_load(&g, "targi(tribe_rule=kosmos,trade_mixed_goods=true,"
                   "raid_shortfall_to_opponent=true)");
    assert_int_equal(tafel_game_param(&g, "tribe_rule"), TG_RULE_KOSMOS);
    assert_int_equal(tafel_game_param(&g, "trade_mixed_goods"), 1);
    assert_int_equal(tafel_game_param(&g, "raid_shortfall_to_opponent"), 1);
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_game_load(&g, "targi(players=3)", err, sizeof err), -1);
    assert_int_equal(tafel_game_load(&g, "targi(tribe_rule=house)", err, sizeof err), -1);
    assert_int_equal(g.type->num_params, 3);
}

static void test_kosmos_fata_target(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "tribe_rule=kosmos");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {9, 1, 5, 6, 2, 13}; /* A: Fata, markers (1,2) C1 and (1,3) */
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "fata 1,3 to 2,3");
    assert_false(tgt_legal(&g, &s, "discard T1")); /* empty hand: no discard under kosmos */
    assert_true(tgt_legal(&g, &s, "hand T1"));
    assert_true(tgt_legal(&g, &s, "leave T1"));   /* forfeiting stays possible */
}

static void test_w8_with_symbol_discount(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_g4_first(&g, &s, 0);
    s.robber = 0;
    int order[6] = {2, 1, 7, 3, 5, 6};
    tgt_place(&g, &s, order, 6);
    tgt_give(&s, 0, "W8", 0);
    tgt_give(&s, 0, "W5", 0);
    tgt_hand(&s, 0, "W2"); /* S P DD: with W5 one good less, with W8 one good more */
    tgt_set_goods(&s, 0, 2, 1, 1, 0);
    tgt_do(&g, &s, "w8 play W2");
    int32_t out[TG_MAX_LEGAL];
    int n = targi_legal_actions(&g, &s, out);
    assert_true(n >= 1);
    for (int i = 0; i < n; i++) {
        int v = (out[i] - TG_A_PAY) / 3;
        assert_int_equal(v / 16 + v / 4 % 4 + v % 4, 4);
    }
}

static void test_o9_moves_c6(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    static const char *const goods[5] = {"G4", "G2", "G3", "G1", "G11"};
    static const char *const tribe[4] = {"O9", "W1", "T1", "A1"};
    tgt_setup(&g, &s, goods, tribe, 0);
    s.robber = 0;
    int order[6] = {1, 3, 15, 6, 2, 7}; /* A: (1,2) O9 */
    tgt_place(&g, &s, order, 6);
    tgt_give(&s, 0, "C6", 0);
    tgt_give(&s, 0, "O1", 0);
    tgt_give(&s, 0, "O2", 0);
    int before = targi_score(&s, 0);
    tgt_set_goods(&s, 0, 0, 1, 1, 1);
    tgt_do(&g, &s, "buy O9");
    tgt_do(&g, &s, "pay SP G");
    assert_int_equal(s.pend, TG_P_ROW);
    tgt_do(&g, &s, "row 1"); /* C6 O1 O2 O9 */
    tgt_do(&g, &s, "swap 1,1 1,4"); /* O9 O1 O2 C6 */
    tgt_do(&g, &s, "done");
    assert_int_equal(s.pl[0].disp[3], tgt_card("C6"));
    assert_int_equal(targi_score(&s, 0), before + 2 /* O9 */ + 2 /* C6 on the 4th space */);
}

static void test_spectator_view(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    tgt_hand(&s, 0, "O9");
    s.pl[0].hand_secret = 1;
    tgt_hand(&s, 1, "A9");
    s.pl[1].hand_secret = 1;
    json_t *v = targi_view_json(&g, &s, -1);
    json_t *players = json_object_get(v, "players");
    for (size_t p = 0; p < 2; p++)
        assert_string_equal(json_string_value(json_object_get(json_array_get(players, p), "hand")),
                            "hidden");
    json_decref(v);
    assert_true(targi_info_hash(&g, &s, -1) != targi_info_hash(&g, &s, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_param_names_and_defaults),
        cmocka_unit_test(test_kosmos_fata_target),
        cmocka_unit_test(test_w8_with_symbol_discount),
        cmocka_unit_test(test_o9_moves_c6),
        cmocka_unit_test(test_spectator_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
