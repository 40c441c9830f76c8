/* test_targi_actions.c: the action phase: centre cards and their replacement, hand card, Noble,
 * discounts, Trader, Silversmith, Fata Morgana, Caravan, Tribal Expansion, goods-card bonuses,
 * limits and decks (spec 2.2 phase 4, 2.4; scenarios 6-10, 15). */
#include "targi_test.h"

static const char *const std_goods[5] = {"G4", "G2", "G3", "G1", "G11"};
static const char *const std_tribe[4] = {"C1", "W1", "T1", "A1"};

/* Round 1, A (player 1) starts, robber off the board, Targi placed A, B, A, B, A, B. */
static void act_setup(const tafel_game *g, targi_state *s, const int order[6])
{
    tgt_setup(g, s, std_goods, std_tribe, 0);
    s->robber = 0;
    tgt_place(g, s, order, 6);
}

static void test_goods_card_and_replacement(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    /* A: 1, 15, 11 -> marker (1,1) (G4); B: 9, 6, 7 -> (2,3), (3,3) */
    int order[6] = {1, 9, 15, 6, 11, 7};
    act_setup(&g, &s, order);
    assert_int_equal(s.pl[0].nmarker, 1);
    assert_int_equal(s.turn, 0);
    tgt_do(&g, &s, "take 1,1 G4 DD");
    assert_int_equal(s.pl[0].goods[TG_DATE], 4);
    assert_int_equal(s.gdisc[tgt_goods("G4")], 1); /* used goods cards go to the discard pile */
    assert_int_equal(s.cell_mark[0], -1);            /* the marker returns */
    /* replaced face down by a tribe card */
    assert_int_equal(targi_current_player(&g, &s), TAFEL_CHANCE);
    tgt_do(&g, &s, "draw O3");
    assert_int_equal(s.cell_kind[0], TG_KIND_TRIBE);
    assert_int_equal(s.cell_down[0], 1);
    assert_int_equal(s.cell_card[0], tgt_card("O3"));
    tgt_do(&g, &s, "use 15 Salt");
    tgt_do(&g, &s, "use 11 Pepper");
    assert_int_equal(s.turn, 1); /* nothing left for A: his phase ended */
    /* B cannot reach the face-down card with the Fata Morgana */
    assert_false(tgt_legal(&g, &s, "fata 2,3 to 1,1"));
    assert_true(tgt_legal(&g, &s, "fata 2,3 to 1,2"));
    tgt_do(&g, &s, "end");
    /* phase 5: revealed, usable next round */
    assert_int_equal(s.round, 2);
    assert_int_equal(s.cell_down[0], 0);
    assert_int_equal(s.cell_card[0], tgt_card("O3"));
    assert_int_equal(s.start, 1);
}

static void test_forfeited_marker_stays(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {1, 9, 15, 6, 11, 7};
    act_setup(&g, &s, order);
    tgt_do(&g, &s, "end"); /* A forfeits everything: his marker stays on (1,1) */
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.cell_mark[0], 0);
    assert_false(tgt_legal(&g, &s, "fata 2,3 to 1,1"));
    assert_true(tgt_legal(&g, &s, "fata 2,3 to 2,2"));
}

static void test_hand_card_rules(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    /* A: 1 (Noble, col 1), 14 (row 2), 2 (col 2) -> markers (2,1) W1 and (2,2) G3 */
    int order[6] = {1, 3, 14, 5, 2, 7};
    act_setup(&g, &s, order);
    assert_true(tgt_legal(&g, &s, "discard W1")); /* default rule: discard with an empty hand */
    tgt_do(&g, &s, "hand W1");
    assert_int_equal(s.pl[0].hand, tgt_card("W1"));
    tgt_do(&g, &s, "draw G1"); /* replacement */
    /* taken this round: not playable or discardable through the Noble */
    assert_false(tgt_legal(&g, &s, "noble play W1"));
    assert_false(tgt_legal(&g, &s, "noble discard W1"));

    /* Noble first (play the old hand card), then a centre tribe card into the emptied hand */
    act_setup(&g, &s, order);
    tgt_hand(&s, 0, "O1");
    assert_false(tgt_legal(&g, &s, "hand W1")); /* hand full */
    tgt_do(&g, &s, "noble play O1");
    tgt_do(&g, &s, "pay P G");
    tgt_do(&g, &s, "row 2");
    assert_int_equal(s.pl[0].hand, TG_NONE);
    assert_int_equal(s.pl[0].disp[4], tgt_card("O1"));
    assert_true(tgt_legal(&g, &s, "hand W1"));
    tgt_do(&g, &s, "hand W1");
    assert_int_equal(s.pl[0].hand, tgt_card("W1"));

    /* Noble discard: free, to the discard pile */
    act_setup(&g, &s, order);
    tgt_hand(&s, 0, "O1");
    tgt_do(&g, &s, "noble discard O1");
    assert_int_equal(s.pl[0].hand, TG_NONE);
    assert_true(s.tdisc >> tgt_card("O1") & 1);

    /* kosmos: with an empty hand a centre tribe card may not be discarded */
    tgt_load(&g, "tribe_rule=kosmos");
    act_setup(&g, &s, order);
    assert_false(tgt_legal(&g, &s, "discard W1"));
    assert_true(tgt_legal(&g, &s, "hand W1"));
    tgt_hand(&s, 0, "O1");
    assert_true(tgt_legal(&g, &s, "discard W1")); /* full hand: discard allowed */
}

static void test_discounts(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    static const char *const tribe[4] = {"O2", "C5", "T1", "A1"};
    int order[6] = {1, 3, 15, 6, 2, 7}; /* A: markers (1,1) G4, (1,2) O2 */
    tgt_setup(&g, &s, std_goods, tribe, 0);
    s.robber = 0;
    tgt_give(&s, 0, "O5", 0);
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "buy O2");
    assert_true(tgt_legal(&g, &s, "pay D G"));
    assert_true(tgt_legal(&g, &s, "pay S G"));
    assert_false(tgt_legal(&g, &s, "pay DS"));
    assert_false(tgt_legal(&g, &s, "pay DS G"));
    assert_int_equal(tgt_nlegal(&g, &s), 2);
    tgt_do(&g, &s, "pay S G");
    tgt_do(&g, &s, "row 1");
    assert_int_equal(s.pl[0].goods[TG_SALT], 1);
    assert_int_equal(s.pl[0].gold, 0);

    /* C7 owned, C5 (G): still G */
    tgt_setup(&g, &s, std_goods, tribe, 0);
    s.robber = 0;
    tgt_give(&s, 0, "C7", 0);
    int order2[6] = {1, 3, 14, 5, 2, 7}; /* A: (2,1) C5, (2,2) */
    tgt_place(&g, &s, order2, 6);
    tgt_do(&g, &s, "buy C5");
    assert_int_equal(tgt_nlegal(&g, &s), 1);
    assert_true(tgt_legal(&g, &s, "pay G"));

    /* T6 + T7 owned, Tent hand card T2 (P D G) through the Noble: pays G */
    tgt_setup(&g, &s, std_goods, tribe, 0);
    s.robber = 0;
    tgt_give(&s, 0, "T6", 0);
    tgt_give(&s, 0, "T7", 0);
    tgt_hand(&s, 0, "T2");
    tgt_place(&g, &s, order2, 6);
    tgt_do(&g, &s, "noble play T2");
    assert_int_equal(tgt_nlegal(&g, &s), 1);
    assert_true(tgt_legal(&g, &s, "pay G"));
    /* without the Noble (T2 from the centre) T7 does not apply */
    assert_int_equal(targi_can_pay(&s, 0, tgt_card("T3"), TG_VIA_CENTRE), 1);
}

static void test_x_or_gold_costs(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    static const char *const tribe[4] = {"T6", "C5", "T1", "A1"};
    int order[6] = {1, 3, 15, 6, 2, 7}; /* A: (1,2) T6 */
    tgt_setup(&g, &s, std_goods, tribe, 0);
    s.robber = 0;
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "buy T6");
    assert_true(tgt_legal(&g, &s, "pay DPP"));
    assert_true(tgt_legal(&g, &s, "pay G"));
    assert_false(tgt_legal(&g, &s, "pay DPP G"));
    assert_int_equal(tgt_nlegal(&g, &s), 2);
}

static void test_goods_card_bonus(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    /* A8 owner takes dates only at #2 and #7: no bonus */
    int order[6] = {2, 3, 7, 5, 6, 9}; /* A: 2 (col 2), 7 (row 3), 6 (row 2): (2,2) G3, (3,2) A1 */
    act_setup(&g, &s, order);
    tgt_give(&s, 0, "A8", 0);
    tgt_do(&g, &s, "use 2 Dates");
    tgt_do(&g, &s, "use 7 Dates");
    tgt_do(&g, &s, "end");
    assert_int_equal(s.pl[0].goods[TG_DATE], 4);
    /* uses G4 (2 dates) from the centre: +1 date */
    int order2[6] = {1, 3, 15, 6, 11, 7}; /* A: (1,1) G4 */
    act_setup(&g, &s, order2);
    tgt_give(&s, 0, "A8", 0);
    tgt_do(&g, &s, "take 1,1 G4 DD");
    tgt_do(&g, &s, "draw O3");
    tgt_do(&g, &s, "end");
    assert_int_equal(s.pl[0].goods[TG_DATE], 2 + 2 + 1);
    /* O8 owner whose only goods card gave 1 gold: +1 good of his choice */
    static const char *const goods[5] = {"G11", "G2", "G3", "G1", "G4"};
    tgt_setup(&g, &s, goods, std_tribe, 0);
    s.robber = 0;
    tgt_give(&s, 0, "O8", 0);
    tgt_place(&g, &s, order2, 6);
    tgt_do(&g, &s, "take 1,1 G11 gold");
    tgt_do(&g, &s, "draw O3");
    tgt_do(&g, &s, "end");
    assert_int_equal(s.stage, TG_ST_O8);
    tgt_do(&g, &s, "choose pepper");
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 3);
    assert_int_equal(s.pl[0].gold, 2);
    assert_int_equal(s.turn, 1);
}

static void test_limits(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    /* A: 5 (Trader, row 1), 15? no: 3 (col 3), 6 (row 2) */
    int order[6] = {5, 2, 3, 7, 6, 13};
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 5, 4, 4, 4); /* 13 goods mid-phase: no limit yet */
    tgt_do(&g, &s, "use 6 Pepper");  /* 14 */
    tgt_do(&g, &s, "use 3 Salt");    /* 15 */
    tgt_do(&g, &s, "use 5 Trader");
    tgt_do(&g, &s, "trade DDD for gold"); /* 12 goods, 5 gold */
    tgt_do(&g, &s, "done");
    /* markers (1,3) G2 and (2,3) T1 remain; end the phase */
    tgt_do(&g, &s, "end");
    assert_int_equal(s.stage, TG_ST_LIMIT);
    assert_int_equal(s.pl[0].gold, 3);
    tgt_do(&g, &s, "return salt");
    assert_int_equal(s.stage, TG_ST_LIMIT);
    assert_false(tgt_legal(&g, &s, "return gold"));
    tgt_do(&g, &s, "return salt");
    assert_int_equal(targi_goods_total(&s.pl[0]), 10);
    assert_int_equal(s.pl[0].goods[TG_SALT], 3);
    assert_int_equal(s.turn, 1);
    /* 3 gold and W9's gold: nothing returned */
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 1, 1, 1, 3);
    s.pl[0].w9gold = 1;
    tgt_do(&g, &s, "end");
    assert_int_equal(s.pl[0].gold, 3);
    assert_int_equal(s.pl[0].w9gold, 1);
    assert_int_equal(s.turn, 1);
}

static void test_trader(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {5, 2, 3, 7, 6, 13};
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 3, 2, 1, 0);
    tgt_do(&g, &s, "use 5 Trader");
    assert_true(tgt_legal(&g, &s, "trade DDD for gold"));
    assert_true(tgt_legal(&g, &s, "trade DD for salt"));
    assert_true(tgt_legal(&g, &s, "trade SS for pepper"));
    assert_false(tgt_legal(&g, &s, "trade DSP for gold")); /* one kind per exchange [D-4] */
    assert_false(tgt_legal(&g, &s, "trade DS for pepper"));
    assert_false(tgt_legal(&g, &s, "trade D for pepper")); /* only with T8 */
    tgt_do(&g, &s, "trade DD for pepper");
    tgt_do(&g, &s, "trade PP for date"); /* any number of exchanges */
    assert_int_equal(s.pl[0].goods[TG_DATE], 2);
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 0);
    tgt_do(&g, &s, "done");
    assert_false(tgt_legal(&g, &s, "use 5 Trader")); /* resolved */
    /* mixed goods option */
    tgt_load(&g, "trade_mixed_goods=true");
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 1, 1, 1, 0);
    tgt_do(&g, &s, "use 5 Trader");
    assert_true(tgt_legal(&g, &s, "trade DSP for gold"));
    assert_true(tgt_legal(&g, &s, "trade DS for pepper"));
    tgt_do(&g, &s, "trade DSP for gold");
    assert_int_equal(s.pl[0].gold, 1);
}

static void test_silversmith(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {10, 1, 5, 3, 6, 7}; /* A: 10 (col 2), 5 (row 1), 6 (row 2) */
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 4, 2, 1, 2);
    tgt_do(&g, &s, "use 10 Silversmith");
    assert_true(tgt_legal(&g, &s, "silver DD for 1 VP"));
    assert_true(tgt_legal(&g, &s, "silver DDDD for 3 VP"));
    assert_true(tgt_legal(&g, &s, "silver SS for 1 VP"));
    assert_true(tgt_legal(&g, &s, "silver G for 2 VP"));
    assert_true(tgt_legal(&g, &s, "silver GG for 4 VP"));
    assert_false(tgt_legal(&g, &s, "silver DS for 1 VP"));
    assert_false(tgt_legal(&g, &s, "silver DDSS for 3 VP"));
    tgt_do(&g, &s, "silver DDDD for 3 VP");
    assert_int_equal(s.pl[0].vp, 7);
    assert_int_equal(s.pl[0].goods[TG_DATE], 0);
    assert_int_equal(s.pend, TG_P_NONE); /* exactly one exchange */
    tgt_load(&g, "trade_mixed_goods=true");
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 2, 2, 0, 0);
    tgt_do(&g, &s, "use 10 Silversmith");
    assert_true(tgt_legal(&g, &s, "silver DDSS for 3 VP"));
    tgt_do(&g, &s, "silver DS for 1 VP");
    assert_int_equal(s.pl[0].vp, 5);
}

/* [D-4] with trade_mixed_goods: one date and one salt, no gold, open the Silversmith. A's
 * Targi on #10, #2, #3 give no marker; once the dates and salt are taken, the Silversmith is
 * his only source, and his phase must stay open for it. Without the option it ends there. */
static void test_silversmith_mixed_opens(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    int order[6] = {10, 1, 2, 5, 3, 7};
    tgt_load(&g, "trade_mixed_goods=true");
    act_setup(&g, &s, order);
    assert_int_equal(s.pl[0].nmarker, 0);
    tgt_set_goods(&s, 0, 0, 0, 0, 0);
    assert_false(tgt_legal(&g, &s, "use 10 Silversmith"));
    tgt_do(&g, &s, "use 2 Dates");
    assert_false(tgt_legal(&g, &s, "use 10 Silversmith")); /* one good is not enough */
    tgt_do(&g, &s, "use 3 Salt");
    assert_int_equal(s.turn, 0);
    assert_true(tgt_legal(&g, &s, "use 10 Silversmith"));
    tgt_do(&g, &s, "use 10 Silversmith");
    tgt_do(&g, &s, "silver DS for 1 VP");
    assert_int_equal(s.pl[0].vp, 5);
    assert_int_equal(targi_goods_total(&s.pl[0]), 0);
    /* one kind per exchange: D + S pays nothing, so A's phase ends after the salt */
    tgt_load(&g, "");
    act_setup(&g, &s, order);
    tgt_set_goods(&s, 0, 0, 0, 0, 0);
    tgt_do(&g, &s, "use 2 Dates");
    tgt_do(&g, &s, "use 3 Salt");
    assert_int_equal(s.turn, 1);
    assert_int_equal(s.pl[0].vp, 4);
}

/* Mark in `bits` the ids from `first` on among the legal actions. */
static void act_legal_bits(const tafel_game *g, const targi_state *s, int first, uint64_t *bits,
                           int words)
{
    int32_t out[TG_MAX_LEGAL];
    int n = targi_legal_actions(g, s, out);
    memset(bits, 0, sizeof *bits * (size_t)words);
    for (int i = 0; i < n; i++)
        if (out[i] >= first && out[i] < first + 64 * words)
            bits[(out[i] - first) / 64] |= 1ull << ((out[i] - first) % 64);
}

/* [D-4], every holding up to 5 goods of a kind and 3 gold, under both trade_mixed_goods values:
 * the Silversmith opens exactly when an exchange is possible, offers exactly 2 or 4 goods (one
 * kind, or any with the option), 1 or 2 gold, and pays 1, 3, 2 or 4 VP for them. */
static void test_silversmith_options(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state base, s, t;
    int order[6] = {10, 1, 5, 3, 6, 7};
    enum { W = (TG_A_SWAP - TG_A_SILVER + 63) / 64 };
    for (int mixed = 0; mixed < 2; mixed++) {
        tgt_load(&g, mixed ? "trade_mixed_goods=true" : "");
        act_setup(&g, &base, order);
        for (int h = 0; h < 6 * 6 * 6 * 4; h++) {
            int hd = h % 6, hs = h / 6 % 6, hp = h / 36 % 6, hg = h / 216;
            uint64_t want[W] = {0}, got[W];
            for (int d = 0; d <= hd && d <= 4; d++)
                for (int sa = 0; sa <= hs && sa <= 4; sa++)
                    for (int pe = 0; pe <= hp && pe <= 4; pe++) {
                        int cnt = d + sa + pe, kinds = (d > 0) + (sa > 0) + (pe > 0);
                        if ((cnt == 2 || cnt == 4) && (mixed || kinds == 1)) {
                            int c = TG_SILVER_CODE(d, sa, pe, 0);
                            want[c / 64] |= 1ull << (c % 64);
                        }
                    }
            for (int gd = 1; gd <= 2 && gd <= hg; gd++)
                want[gd / 64] |= 1ull << (gd % 64);
            int any = 0;
            for (int w = 0; w < W; w++)
                any |= want[w] != 0;
            s = base;
            tgt_set_goods(&s, 0, hd, hs, hp, hg);
            if (tgt_legal(&g, &s, "use 10 Silversmith") != any)
                fail_msg("mixed=%d, %dD %dS %dP %dG: Silversmith %s", mixed, hd, hs, hp, hg,
                         any ? "not offered" : "offered with nothing to pay");
            if (!any)
                continue;
            tgt_do(&g, &s, "use 10 Silversmith");
            act_legal_bits(&g, &s, TG_A_SILVER, got, W);
            if (memcmp(got, want, sizeof want))
                fail_msg("mixed=%d, %dD %dS %dP %dG: wrong Silversmith exchanges", mixed, hd,
                         hs, hp, hg);
            for (int c = 0; c < 64 * W; c++) {
                if (!(want[c / 64] >> (c % 64) & 1))
                    continue;
                int gd = c % 3, v = c / 3, cnt = v / 25 + v / 5 % 5 + v % 5;
                t = s;
                targi_apply(&g, &t, TG_A_SILVER + c);
                assert_int_equal(t.pl[0].vp, 4 + (gd ? 2 * gd : cnt == 2 ? 1 : 3));
                assert_int_equal(t.pl[0].gold, hg - gd);
                assert_int_equal(targi_goods_total(&t.pl[0]), hd + hs + hp - cnt);
                assert_int_equal(t.pend, TG_P_NONE); /* exactly one exchange */
            }
        }
    }
}

/* [D-4] at the Trader, for every holding up to 4 goods of a kind, with and without T8 and
 * trade_mixed_goods, and every set of kinds already received in the visit: 3 goods -> gold;
 * 2 goods -> 1 good of a kind not given; with T8 1 good -> 1 good of another kind, never giving
 * a kind received earlier in the visit; one kind per exchange unless mixed. The Trader opens
 * exactly when the first exchange is possible. */
static void test_trader_options(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state base, s;
    int order[6] = {10, 1, 5, 3, 6, 7};
    enum { W = (TG_A_DONE - TG_A_TRADE + 63) / 64 };
    for (int opt = 0; opt < 4; opt++) {
        int mixed = opt & 1, t8 = opt >> 1;
        tgt_load(&g, mixed ? "trade_mixed_goods=true" : "");
        act_setup(&g, &base, order);
        if (t8)
            tgt_give(&base, 0, "T8", 0);
        for (int h = 0; h < 5 * 5 * 5; h++) {
            int hd = h % 5, hs = h / 5 % 5, hp = h / 25;
            for (unsigned recv = 0; recv < 8; recv++) {
                uint64_t want[W] = {0}, got[W];
                for (int d = 0; d <= hd && d <= 3; d++)
                    for (int sa = 0; sa <= hs && sa <= 3; sa++)
                        for (int pe = 0; pe <= hp && pe <= 3; pe++) {
                            int cnt = d + sa + pe, kinds = (d > 0) + (sa > 0) + (pe > 0);
                            int given[3] = {d > 0, sa > 0, pe > 0};
                            if (!cnt || (!mixed && kinds > 1))
                                continue;
                            for (int r = 0; r < 4; r++) {
                                int ok;
                                if (r == 0)
                                    ok = cnt == 3;
                                else if (given[r - 1])
                                    ok = 0;
                                else if (cnt == 2)
                                    ok = 1;
                                else
                                    ok = cnt == 1 && t8 &&
                                         !(recv >> (d ? 0 : sa ? 1 : 2) & 1);
                                if (ok) {
                                    int c = TG_TRADE_CODE(d, sa, pe, r);
                                    want[c / 64] |= 1ull << (c % 64);
                                }
                            }
                        }
                int any = 0;
                for (int w = 0; w < W; w++)
                    any |= want[w] != 0;
                s = base;
                tgt_set_goods(&s, 0, hd, hs, hp, 0);
                if (recv == 0 && tgt_legal(&g, &s, "use 5 Trader") != any)
                    fail_msg("mixed=%d t8=%d, %dD %dS %dP: Trader %s", mixed, t8, hd, hs, hp,
                             any ? "not offered" : "offered with nothing to trade");
                /* a visit in progress: the kinds received so far */
                s.pl[0].open_targi &= (uint16_t)~(1u << 5);
                s.pend = TG_P_TRADE;
                s.pend_flag = (uint8_t)recv;
                act_legal_bits(&g, &s, TG_A_TRADE, got, W);
                if (memcmp(got, want, sizeof want))
                    fail_msg("mixed=%d t8=%d, %dD %dS %dP, received %u: wrong exchanges", mixed,
                             t8, hd, hs, hp, recv);
                assert_true(tgt_legal(&g, &s, "done"));
            }
        }
    }
}

/* [D-4] with T8 and mixed goods: what a visit has received, by a 2 -> 1 or a 1 -> 1 exchange, is
 * not given again 1 -> 1; 2 -> 1 exchanges may still give it. */
static void test_trader_t8_mixed_visit(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    int order[6] = {10, 1, 5, 3, 6, 7};
    tgt_load(&g, "trade_mixed_goods=true");
    act_setup(&g, &s, order);
    tgt_give(&s, 0, "T8", 0);
    tgt_set_goods(&s, 0, 2, 1, 0, 0);
    tgt_do(&g, &s, "use 5 Trader");
    assert_false(tgt_legal(&g, &s, "trade DS for date")); /* a kind given */
    assert_false(tgt_legal(&g, &s, "trade DS for salt"));
    assert_false(tgt_legal(&g, &s, "trade S for salt"));
    tgt_do(&g, &s, "trade DS for pepper"); /* 1 date, 1 pepper */
    assert_false(tgt_legal(&g, &s, "trade P for date")); /* pepper was received */
    assert_false(tgt_legal(&g, &s, "trade P for salt"));
    assert_false(tgt_legal(&g, &s, "trade D for date"));
    tgt_do(&g, &s, "trade D for salt"); /* 1 salt, 1 pepper */
    assert_false(tgt_legal(&g, &s, "trade S for date"));
    assert_false(tgt_legal(&g, &s, "trade P for date"));
    tgt_do(&g, &s, "trade SP for date"); /* 2 -> 1 may give received kinds */
    assert_int_equal(s.pl[0].goods[TG_DATE], 1);
    assert_int_equal(targi_goods_total(&s.pl[0]), 1);
    assert_false(tgt_legal(&g, &s, "trade D for salt"));
    assert_int_equal(tgt_nlegal(&g, &s), 1); /* only "done" */
}

static void test_fata_morgana(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    /* A: 9 (Fata, col 3), 5 (row 1), 2 (col 2): markers (1,2) C1 and (1,3) G2 */
    int order[6] = {9, 1, 5, 6, 2, 13};
    act_setup(&g, &s, order);
    assert_int_equal(s.pl[0].nmarker, 2);
    /* B's markers: #1 (col 1), #6 (row 2), #13 (row 3): (2,1), (3,1) */
    assert_false(tgt_legal(&g, &s, "fata 1,3 to 2,1")); /* holds B's marker */
    assert_false(tgt_legal(&g, &s, "fata 1,3 to 1,2")); /* holds A's own marker */
    /* move the marker from (1,3) to (2,2) (G3: pepper) and use it at once */
    tgt_do(&g, &s, "fata 1,3 to 2,2");
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 3);
    tgt_do(&g, &s, "draw O3");
    assert_int_equal(s.cell_kind[tgt_cell(2, 2)], TG_KIND_TRIBE);
    /* the card left behind stays face up and unused */
    assert_int_equal(s.cell_card[tgt_cell(1, 3)], tgt_goods("G2"));
    assert_int_equal(s.cell_down[tgt_cell(1, 3)], 0);
    assert_int_equal(s.cell_mark[tgt_cell(1, 3)], -1);
    assert_false(tgt_legal(&g, &s, "take 1,3 G2 S"));
    /* to a tribe card: the tribe choices, leaving it is allowed */
    act_setup(&g, &s, order);
    tgt_do(&g, &s, "fata 1,3 to 2,3");
    assert_int_equal(s.pend, TG_P_TRIBE);
    assert_true(tgt_legal(&g, &s, "buy T1"));
    assert_true(tgt_legal(&g, &s, "hand T1"));
    assert_true(tgt_legal(&g, &s, "discard T1"));
    tgt_do(&g, &s, "leave T1");
    assert_int_equal(s.cell_mark[tgt_cell(2, 3)], 0); /* the marker stays there */
    assert_int_equal(s.cell_card[tgt_cell(2, 3)], tgt_card("T1"));
}

static void test_caravan_and_decks(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {13, 1, 2, 3, 5, 6}; /* A: 13 (Caravan, row 3), 2 (col 2), 5 (row 1) */
    act_setup(&g, &s, order);
    assert_int_equal(s.gdeck_n, 14);
    tgt_do(&g, &s, "use 13 Caravan");
    assert_int_equal(targi_current_player(&g, &s), TAFEL_CHANCE);
    tgt_do(&g, &s, "draw G10");
    assert_int_equal(s.pend, TG_P_CHOOSE);
    tgt_do(&g, &s, "choose salt");
    assert_int_equal(s.pl[0].goods[TG_SALT], 3);
    assert_int_equal(s.gdisc[tgt_goods("G10")], 1); /* the Caravan card ends on the discards */
    assert_int_equal(s.gdeck_n, 13);
    /* empty goods deck: the discards are shuffled into a new deck first */
    act_setup(&g, &s, order);
    memset(s.gdeck, 0, sizeof s.gdeck);
    s.gdeck_n = 0;
    memset(s.gdisc, 0, sizeof s.gdisc);
    s.gdisc[tgt_goods("G12")] = 1;
    s.gdisc[tgt_goods("G5")] = 2;
    tgt_do(&g, &s, "use 13 Caravan");
    tafel_chance ch[TG_MAX_LEGAL];
    int n = targi_chance_outcomes(&g, &s, ch);
    assert_int_equal(n, 2);
    assert_int_equal(s.gdeck_n, 3);
    assert_int_equal(s.ggen, 1);
    assert_int_equal(s.gdisc[tgt_goods("G5")], 0);
    tgt_do(&g, &s, "draw G12");
    assert_int_equal(s.pl[0].vp, 5);
    assert_int_equal(s.gdisc[tgt_goods("G12")], 1);
}

static void test_tribe_deck_reshuffle(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {14, 1, 2, 3, 5, 7};
    act_setup(&g, &s, order);
    /* empty tribe deck: the tribe discards become the new deck before the draw */
    uint64_t keep = (1ull << tgt_card("O9")) | (1ull << tgt_card("A5"));
    s.tdisc = keep;
    s.tdeck = 0;
    tgt_do(&g, &s, "use 14 Tribal Expansion");
    assert_true(s.tdeck == keep);
    assert_true(s.tdisc == 0);
    assert_int_equal(s.tgen, 1);
    tafel_chance ch[TG_MAX_LEGAL];
    assert_int_equal(targi_chance_outcomes(&g, &s, ch), 2);
    assert_false(tgt_legal(&g, &s, "draw O1"));
    tgt_do(&g, &s, "draw A5");
    assert_int_equal(s.pend_card, tgt_card("A5"));
    assert_int_equal(s.pend_gen, 1);
}

static void test_tribal_expansion(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {14, 1, 2, 3, 5, 7}; /* A: 14 (row 2), 2 (col 2), 5 (row 1) */
    act_setup(&g, &s, order);
    tgt_do(&g, &s, "use 14 Tribal Expansion");
    tgt_do(&g, &s, "draw A2");
    assert_int_equal(s.pend, TG_P_TRIBE);
    assert_true(tgt_legal(&g, &s, "buy A2"));
    assert_true(tgt_legal(&g, &s, "hand A2"));
    assert_true(tgt_legal(&g, &s, "discard A2"));
    assert_false(tgt_legal(&g, &s, "leave A2")); /* a drawn card has no place to lie */
    tgt_do(&g, &s, "hand A2");
    assert_int_equal(s.pl[0].hand, tgt_card("A2"));
    assert_int_equal(s.pl[0].hand_secret, 1); /* the opponent did not see it */
    /* kosmos: discard only with a full hand */
    tgt_load(&g, "tribe_rule=kosmos");
    act_setup(&g, &s, order);
    tgt_do(&g, &s, "use 14 Tribal Expansion");
    tgt_do(&g, &s, "draw A2");
    assert_false(tgt_legal(&g, &s, "discard A2"));
    tgt_do(&g, &s, "buy A2");
    tgt_do(&g, &s, "pay DSPP");
    tgt_do(&g, &s, "row 3");
    assert_int_equal(s.pl[0].disp[8], tgt_card("A2"));
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 0);
}

static void test_display_rows(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {1, 3, 15, 6, 2, 7}; /* A: (1,2) C1 */
    act_setup(&g, &s, order);
    for (int i = 0; i < 4; i++)
        tgt_give(&s, 0, (const char *const[]){"O1", "O2", "O3", "O4"}[i], 0);
    for (int i = 0; i < 4; i++)
        tgt_give(&s, 0, (const char *const[]){"W2", "W3", "W4", "W5"}[i], 2);
    tgt_set_goods(&s, 0, 3, 3, 3, 3);
    tgt_do(&g, &s, "buy C1");
    tgt_do(&g, &s, "pay DS G"); /* only row 2 has room: placed at once */
    assert_int_equal(s.pl[0].rowlen[1], 1);
    assert_int_equal(s.pl[0].disp[4], tgt_card("C1"));
    /* a full display accepts no card */
    act_setup(&g, &s, order);
    const char *all[12] = {"O1", "O2", "O3", "O4", "W2", "W3", "W4", "W5", "T1", "T2", "T3", "T4"};
    for (int i = 0; i < 12; i++)
        tgt_give(&s, 0, all[i], i / 4);
    tgt_set_goods(&s, 0, 3, 3, 3, 3);
    assert_false(tgt_legal(&g, &s, "buy C1"));
    assert_true(tgt_legal(&g, &s, "hand C1"));
}

static void test_goods_cards(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    static const char *const goods[5] = {"G7", "G9", "G10", "G11", "G12"};
    static const char *const tribe[4] = {"C1", "W1", "T1", "A1"};
    /* A: 1 (col 1), 3 (col 3), 15 (row 1): (1,1) G7, (1,3) G9 */
    int order[6] = {1, 2, 3, 6, 15, 7};
    tgt_setup(&g, &s, goods, tribe, 0);
    s.robber = 0;
    tgt_place(&g, &s, order, 6);
    tgt_do(&g, &s, "take 1,1 G7 PS");
    tgt_do(&g, &s, "draw O1");
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 3);
    assert_int_equal(s.pl[0].goods[TG_SALT], 3);
    tgt_do(&g, &s, "take 1,3 G9 SD");
    assert_int_equal(s.pl[0].goods[TG_DATE], 3);
    assert_int_equal(s.pl[0].goods[TG_SALT], 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_goods_card_and_replacement),
        cmocka_unit_test(test_forfeited_marker_stays),
        cmocka_unit_test(test_hand_card_rules),
        cmocka_unit_test(test_discounts),
        cmocka_unit_test(test_x_or_gold_costs),
        cmocka_unit_test(test_goods_card_bonus),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_trader),
        cmocka_unit_test(test_silversmith),
        cmocka_unit_test(test_silversmith_mixed_opens),
        cmocka_unit_test(test_silversmith_options),
        cmocka_unit_test(test_trader_options),
        cmocka_unit_test(test_trader_t8_mixed_visit),
        cmocka_unit_test(test_fata_morgana),
        cmocka_unit_test(test_caravan_and_decks),
        cmocka_unit_test(test_tribe_deck_reshuffle),
        cmocka_unit_test(test_tribal_expansion),
        cmocka_unit_test(test_display_rows),
        cmocka_unit_test(test_goods_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
