/* test_targi_data.c: the card data table against the spec's checksums (section 5, scenario 16). */
#include "targi_test.h"

static void test_goods_cards(void **unused)
{
    (void)unused;
    int n = 0, g10 = 0, g11 = 0;
    for (int t = 0; t < TG_NGOODS_TYPES; t++) {
        n += targi_goods[t].count;
        if (targi_goods[t].choice)
            g10 += targi_goods[t].count;
        if (targi_goods[t].gold)
            g11 += targi_goods[t].count;
    }
    assert_int_equal(n, 19);
    assert_int_equal(g10, 3);
    assert_int_equal(g11, 3);
    assert_int_equal(targi_goods[tgt_goods("G4")].goods[TG_DATE], 2);
    assert_int_equal(targi_goods[tgt_goods("G12")].vp, 1);
}

static void test_tribe_cards(void **unused)
{
    (void)unused;
    int per_sym[TG_NSYM] = {0}, vp_sym[TG_NSYM] = {0}, vp = 0, plain = 0;
    for (int c = 0; c < TG_NTRIBE; c++) {
        const targi_tribe_card *t = &targi_tribe[c];
        per_sym[t->symbol]++;
        vp_sym[t->symbol] += t->vp;
        vp += t->vp;
        plain += t->timing == TG_TIME_NONE;
        assert_int_equal(t->label[0], targi_symbol_letter[t->symbol]);
        assert_int_equal(t->label[1] - '0', c % 9 + 1);
    }
    for (int s = 0; s < TG_NSYM; s++) {
        assert_int_equal(per_sym[s], 9);
        assert_int_equal(vp_sym[s], 16);
    }
    assert_int_equal(vp, 80);
    assert_int_equal(plain, 15);
}

static void test_costs_sample(void **unused)
{
    (void)unused;
    const targi_tribe_card *c6 = &targi_tribe[tgt_card("C6")];
    assert_int_equal(c6->cost[TG_DATE], 2);
    assert_int_equal(c6->cost[TG_SALT], 2);
    assert_int_equal(c6->cost[TG_PEPPER], 1);
    assert_int_equal(c6->gold, 0);
    assert_true(targi_tribe[tgt_card("T6")].alt_gold);
    assert_true(targi_tribe[tgt_card("A6")].alt_gold);
    int alt = 0, total_cost = 0;
    for (int c = 0; c < TG_NTRIBE; c++) {
        alt += targi_tribe[c].alt_gold;
        total_cost += targi_tribe[c].cost[0] + targi_tribe[c].cost[1] + targi_tribe[c].cost[2] +
                      targi_tribe[c].gold;
    }
    assert_int_equal(alt, 2);
    /* Sum of all printed cost symbols (goods + gold coins), a checksum of the cost column. */
    assert_int_equal(total_cost, 138);
}

static void test_border(void **unused)
{
    (void)unused;
    assert_string_equal(targi_border[1].name, "Noble");
    assert_string_equal(targi_border[9].name, "Fata Morgana");
    assert_string_equal(targi_border[14].name, "Tribal Expansion");
    for (int b = 1; b <= 16; b++)
        if (!targi_corner(b))
            assert_int_equal(targi_opposite(targi_opposite(b)), b);
    assert_int_equal(targi_opposite(1), 11);
    assert_int_equal(targi_opposite(3), 9);
    assert_int_equal(targi_opposite(5), 15);
    assert_int_equal(targi_opposite(7), 13);
}

/* The centre payment table agrees with targi_can_pay for every card, goods 0-4 of each kind,
 * own gold, W9's gold and the symbol's discount card. */
static void test_centre_pay_table(void **unused)
{
    (void)unused;
    targi_state s;
    memset(&s, 0, sizeof s);
    targi_player *pl = &s.pl[0];
    for (int card = 0; card < TG_NTRIBE; card++)
        for (int v = 0; v < 5 * 5 * 5 * 8; v++) {
            pl->goods[0] = (uint8_t)(v % 5);
            pl->goods[1] = (uint8_t)(v / 5 % 5);
            pl->goods[2] = (uint8_t)(v / 25 % 5);
            pl->gold = (uint8_t)(v / 125 & 1);
            pl->w9gold = (uint8_t)(v / 250 & 1);
            pl->owned = (uint64_t)(v / 500 & 1) << targi_discount_card[targi_tribe[card].symbol];
            assert_int_equal(targi_centre_payable(pl, card, targi_pay_index(pl)),
                             targi_can_pay(&s, 0, card, TG_VIA_CENTRE));
        }
    for (int card = TG_NTRIBE; card < 64; card++)
        assert_true(targi_centre_pay[card][0] == 0 && targi_centre_pay[card][1] == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goods_cards),
        cmocka_unit_test(test_tribe_cards),
        cmocka_unit_test(test_costs_sample),
        cmocka_unit_test(test_border),
        cmocka_unit_test(test_centre_pay_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
