/* test_targi_cards.c: every one of the 45 tribe cards, each with its own test: cost and printed VP
 * for the 15 without ability, the ability for the other 30 (spec 1.4, [D-9]..[D-16], [D-24]). */
#include "targi_test.h"

static const char *const cards_goods[5] = {"G4", "G2", "G3", "G1", "G11"};

/* Round 1, A starts; A's markers: (1,1) goods card `g11` and (1,2) the tribe card `label`;
 * A's Targi on #1 (Noble), #15 (Salt), #2 (Dates); B's on #3, #6, #7. */
static void cards_setup(const tafel_game *g, targi_state *s, const char *label, const char *g11)
{
    const char *goods[5] = {g11 ? g11 : "G4", "G2", "G3", "G1", "G11"};
    const char *tribe[4] = {label, "C1", "T1", "A1"};
    if (!strcmp(label, "C1"))
        tribe[1] = "C2";
    if (!strcmp(label, "T1"))
        tribe[2] = "T2";
    if (!strcmp(label, "A1"))
        tribe[3] = "A2";
    tgt_setup(g, s, goods, tribe, 0);
    s->robber = 0;
    int order[6] = {1, 3, 15, 6, 2, 7};
    tgt_place(g, s, order, 6);
}

/* Pay string of a card's full cost ("pay DSS G"). */
static void cards_pay_text(const char *label, char *buf, size_t len)
{
    const targi_tribe_card *c = &targi_tribe[tgt_card(label)];
    char gs[16];
    int n = 0;
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < c->cost[k]; i++)
            gs[n++] = "DSP"[k];
    gs[n] = 0;
    snprintf(buf, len, "pay %s%s%s", gs, c->gold && !c->alt_gold ? " " : "",
             c->gold && !c->alt_gold ? "G" : "");
}

/* Buy `label` from the centre holding exactly its cost; returns the state after the card is
 * placed in row 1 (ability decisions may be pending). */
static void cards_buy(const tafel_game *g, targi_state *s, const char *label)
{
    const targi_tribe_card *c = &targi_tribe[tgt_card(label)];
    tgt_set_goods(s, 0, c->cost[0], c->cost[1], c->cost[2], c->gold);
    char buy[32], pay[32];
    snprintf(buy, sizeof buy, "buy %s", label);
    tgt_do(g, s, buy);
    cards_pay_text(label, pay, sizeof pay);
    tgt_do(g, s, pay);
    if (s->pend == TG_P_ROW)
        tgt_do(g, s, "row 1");
}

/* A card without ability: costs exactly what the table prints and scores its VP. */
static void cards_plain(const char *label)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, label, NULL);
    const targi_tribe_card *c = &targi_tribe[tgt_card(label)];
    assert_int_equal(c->timing, TG_TIME_NONE);
    /* one good short: not buyable */
    tgt_set_goods(&s, 0, c->cost[0], c->cost[1], c->cost[2], c->gold);
    for (int k = 0; k < 3; k++)
        if (c->cost[k]) {
            s.pl[0].goods[k]--;
            char buy[32];
            snprintf(buy, sizeof buy, "buy %s", label);
            assert_false(tgt_legal(&g, &s, buy));
            s.pl[0].goods[k]++;
        }
    int before = targi_score(&s, 0);
    cards_buy(&g, &s, label);
    assert_int_equal(targi_goods_total(&s.pl[0]), 0);
    assert_int_equal(s.pl[0].gold, 0);
    assert_int_equal(targi_score(&s, 0), before + c->vp);
    assert_true(s.pl[0].owned >> tgt_card(label) & 1);
}

#define PLAIN(L) \
    static void test_card_##L(void **unused) \
    { \
        (void)unused; \
        cards_plain(#L); \
    }
PLAIN(O1) PLAIN(O2) PLAIN(O3) PLAIN(C1) PLAIN(C2) PLAIN(C3) PLAIN(W1) PLAIN(W2) PLAIN(W3)
PLAIN(T1) PLAIN(T2) PLAIN(T3) PLAIN(A1) PLAIN(A2) PLAIN(A3)

/* Score of a display (labels by row, NULL-terminated rows of up to 4) with 0 VP tokens. */
static int cards_score(const char *const rows[3][4], int opp_cards)
{
    targi_state s;
    memset(&s, 0, sizeof s);
    s.tdeck = (1ull << TG_NTRIBE) - 1;
    s.pl[0].hand = s.pl[1].hand = TG_NONE;
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < 4 && rows[r][i]; i++)
            tgt_give(&s, 0, rows[r][i], r);
    s.pl[1].ncards = (uint8_t)opp_cards;
    return targi_score(&s, 0);
}

/* Printed VP of a list of cards. */
static int cards_vp(const char *const rows[3][4])
{
    int v = 0;
    for (int r = 0; r < 3; r++)
        for (int i = 0; i < 4 && rows[r][i]; i++)
            v += targi_tribe[tgt_card(rows[r][i])].vp;
    return v;
}

/* "+1 VP per 2 X cards": 5 X cards give +2 (no full rows). */
static void cards_per_two(const char *owner, const char *x[5])
{
    const char *rows[3][4] = {{owner, x[0], x[1], NULL}, {x[2], x[3], NULL}, {x[4], NULL}};
    assert_int_equal(cards_score(rows, 0), cards_vp(rows) + 2);
    const char *rows4[3][4] = {{owner, x[0], NULL}, {x[1], NULL}, {x[2], x[3], NULL}};
    assert_int_equal(cards_score(rows4, 0), cards_vp(rows4) + 2);
    const char *rows1[3][4] = {{owner, x[0], NULL}, {NULL}, {NULL}};
    assert_int_equal(cards_score(rows1, 0), cards_vp(rows1));
}

static void test_card_O4(void **unused)
{
    (void)unused;
    const char *w[5] = {"W1", "W2", "W3", "W4", "W5"};
    cards_per_two("O4", w);
}

static void test_card_C4(void **unused)
{
    (void)unused;
    const char *t[5] = {"T1", "T2", "T3", "T4", "T5"};
    cards_per_two("C4", t);
}

static void test_card_W4(void **unused)
{
    (void)unused;
    const char *a[5] = {"A1", "A2", "A3", "A4", "A5"};
    cards_per_two("W4", a);
}

static void test_card_T4(void **unused)
{
    (void)unused;
    const char *o[5] = {"O1", "O2", "O3", "O4", "O5"};
    cards_per_two("T4", o);
}

static void test_card_A4(void **unused)
{
    (void)unused;
    const char *c[5] = {"C1", "C2", "C3", "C8", "C9"};
    cards_per_two("A4", c);
}

static void test_card_C5(void **unused)
{
    (void)unused;
    const char *rows[3][4] = {{"C5", "O1", NULL}, {NULL}, {NULL}};
    assert_int_equal(cards_score(rows, 1), cards_vp(rows) + 1); /* 2 cards against 1 */
    assert_int_equal(cards_score(rows, 2), cards_vp(rows));     /* equal: nothing */
}

static void test_card_C6(void **unused)
{
    (void)unused;
    /* C6 on the 4th space: +2 (row of O, O, O, C: no row bonus) */
    const char *on4[3][4] = {{"O1", "O2", "O3", "C6"}, {NULL}, {NULL}};
    assert_int_equal(cards_score(on4, 0), cards_vp(on4) + 2);
    const char *on3[3][4] = {{"O1", "O2", "C6", NULL}, {NULL}, {NULL}};
    assert_int_equal(cards_score(on3, 0), cards_vp(on3));
    const char *first[3][4] = {{"C6", "O1", "O2", "O3"}, {NULL}, {NULL}};
    assert_int_equal(cards_score(first, 0), cards_vp(first));
}

static void test_card_T5(void **unused)
{
    (void)unused;
    const char *ten[3][4] = {{"T5", "O1", "O2", "O3"}, {"C1", "C2", "C3", "C4"}, {"W1", "W2"}};
    assert_int_equal(cards_score(ten, 0), cards_vp(ten) + 1 + 4 /* CCCC */);
    const char *nine[3][4] = {{"T5", "O1", "O2", "O3"}, {"C1", "C2", "C3", "C4"}, {"W1"}};
    assert_int_equal(cards_score(nine, 0), cards_vp(nine) + 4);
}

static void test_card_A5(void **unused)
{
    (void)unused;
    /* three rows of four different symbols: 4 + 4 + 2 with A5, 2 + 2 + 2 without */
    const char *with[3][4] = {{"A5", "O1", "C1", "W1"}, {"O2", "C2", "W2", "T2"},
                              {"O3", "C3", "W3", "A3"}};
    assert_int_equal(cards_score(with, 0), cards_vp(with) + 10);
    const char *without[3][4] = {{"A4", "O1", "C1", "W1"}, {"O2", "C2", "W2", "T2"},
                                 {"O3", "C3", "W3", "A3"}};
    assert_int_equal(cards_score(without, 0), cards_vp(without) + 6 + 1 /* A4: 3 Camel riders */);
    /* one such row: 4 */
    const char *one[3][4] = {{"A5", "O1", "C1", "W1"}, {NULL}, {NULL}};
    assert_int_equal(cards_score(one, 0), cards_vp(one) + 4);
}

/* ---- discounts ---- */

/* Owning `disc`, the card `label` of its symbol costs one good less. */
static void cards_discount(const char *disc, const char *label)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, label, NULL);
    tgt_give(&s, 0, disc, 2);
    const targi_tribe_card *c = &targi_tribe[tgt_card(label)];
    int cost = c->cost[0] + c->cost[1] + c->cost[2];
    tgt_set_goods(&s, 0, c->cost[0], c->cost[1], c->cost[2], c->gold);
    /* one good short of each kind still payable */
    for (int k = 0; k < 3; k++)
        if (c->cost[k]) {
            s.pl[0].goods[k]--;
            assert_true(targi_can_pay(&s, 0, tgt_card(label), TG_VIA_CENTRE));
            s.pl[0].goods[k]++;
        }
    char buy[32];
    snprintf(buy, sizeof buy, "buy %s", label);
    tgt_do(&g, &s, buy);
    int32_t out[TG_MAX_LEGAL];
    int n = targi_legal_actions(&g, &s, out);
    assert_true(n >= 1);
    for (int i = 0; i < n; i++) {
        int code = out[i] - TG_A_PAY, v = code / 3;
        assert_int_equal(v / 16 + v / 4 % 4 + v % 4, cost - 1);
    }
    /* without the discount card: the full cost */
    cards_setup(&g, &s, label, NULL);
    tgt_set_goods(&s, 0, c->cost[0], c->cost[1], c->cost[2], c->gold);
    s.pl[0].goods[c->cost[0] ? 0 : c->cost[1] ? 1 : 2]--;
    assert_false(targi_can_pay(&s, 0, tgt_card(label), TG_VIA_CENTRE));
}

static void test_card_O5(void **unused)
{
    (void)unused;
    cards_discount("O5", "O3");
}

static void test_card_C7(void **unused)
{
    (void)unused;
    cards_discount("C7", "C3");
}

static void test_card_W5(void **unused)
{
    (void)unused;
    cards_discount("W5", "W3");
}

static void test_card_T6(void **unused)
{
    (void)unused;
    cards_discount("T6", "T3");
}

static void test_card_A6(void **unused)
{
    (void)unused;
    cards_discount("A6", "A3");
}

/* ---- raids ---- */

/* Resolve raid 1 (start of round 4) with A holding `card`; returns A's VP change and goods. */
static void cards_raid(const char *card, int *dvp, int *goods)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup(&g, &s, cards_goods, (const char *const[]){"C1", "W1", "T1", "A1"}, 0);
    tgt_run_to_place(&g, &s, 3);
    tgt_give(&s, 0, card, 0);
    tgt_set_goods(&s, 0, 0, 0, 0, 0);
    s.pl[0].vp = 5;
    tgt_run_to_place(&g, &s, 4);
    *dvp = s.pl[0].vp - 5;
    *goods = targi_goods_total(&s.pl[0]);
}

static void test_card_O6(void **unused)
{
    (void)unused;
    int dvp, goods;
    cards_raid("O6", &dvp, &goods);
    assert_int_equal(dvp, 0); /* pays nothing */
    cards_raid("O1", &dvp, &goods);
    assert_int_equal(dvp, -1);
}

static void test_card_A7(void **unused)
{
    (void)unused;
    int dvp, goods;
    cards_raid("A7", &dvp, &goods);
    assert_int_equal(dvp, -1 + 1); /* pays 1 VP, gains 1 */
}

/* ---- goods-card bonuses ---- */

/* A owns `card`, takes goods card `g11` at (1,1) (G10: choosing `choice`), ends the phase. */
static targi_state cards_goods_bonus(const char *card, const char *g11, const char *choice)
{
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "O1", g11);
    tgt_give(&s, 0, card, 2);
    tgt_set_goods(&s, 0, 0, 0, 0, 0);
    char take[48];
    const targi_goods_card *gc = &targi_goods[tgt_goods(g11)];
    snprintf(take, sizeof take, "take 1,1 %s %s", gc->label, gc->gives);
    tgt_do(&g, &s, take);
    if (choice)
        tgt_do(&g, &s, choice);
    tgt_do(&g, &s, "draw O2");
    tgt_do(&g, &s, "end");
    return s;
}

static void test_card_O7(void **unused)
{
    (void)unused;
    targi_state s = cards_goods_bonus("O7", "G5", NULL);
    assert_int_equal(s.pl[0].goods[TG_SALT], 3);
    s = cards_goods_bonus("O7", "G10", "choose salt"); /* G10 counts for the chosen good */
    assert_int_equal(s.pl[0].goods[TG_SALT], 2);
    s = cards_goods_bonus("O7", "G4", NULL);
    assert_int_equal(s.pl[0].goods[TG_SALT], 0);
}

static void test_card_C8(void **unused)
{
    (void)unused;
    targi_state s = cards_goods_bonus("C8", "G8", NULL);
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 2);
    s = cards_goods_bonus("C8", "G5", NULL);
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 0);
}

static void test_card_A8(void **unused)
{
    (void)unused;
    targi_state s = cards_goods_bonus("A8", "G9", NULL);
    assert_int_equal(s.pl[0].goods[TG_DATE], 2);
    s = cards_goods_bonus("A8", "G6", NULL);
    assert_int_equal(s.pl[0].goods[TG_DATE], 0);
}

static void test_card_O8(void **unused)
{
    (void)unused;
    tafel_game g;
    tgt_load(&g, "");
    targi_state s = cards_goods_bonus("O8", "G12", NULL);
    assert_int_equal(s.stage, TG_ST_O8);
    assert_int_equal(s.turn, 0);
    tgt_do(&g, &s, "choose date");
    assert_int_equal(s.pl[0].goods[TG_DATE], 1);
    s = cards_goods_bonus("O8", "G1", NULL); /* received a good: no bonus */
    assert_int_equal(s.stage, TG_ST_ACT);
    assert_int_equal(s.turn, 1);
}

/* ---- immediate abilities ---- */

static void test_card_O9(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "O9", NULL);
    tgt_give(&s, 0, "C1", 0);
    tgt_give(&s, 0, "W1", 1);
    cards_buy(&g, &s, "O9"); /* row 1: C1 O9 */
    assert_int_equal(s.pend, TG_P_SWAP);
    tgt_do(&g, &s, "swap 1,1 2,1"); /* C1 <-> W1 */
    tgt_do(&g, &s, "swap 1,1 1,2"); /* W1 <-> O9 */
    assert_int_equal(s.pend, TG_P_NONE);
    assert_int_equal(s.pl[0].disp[0], tgt_card("O9"));
    assert_int_equal(s.pl[0].disp[1], tgt_card("W1"));
    assert_int_equal(s.pl[0].disp[4], tgt_card("C1"));
    /* "done" after one swap is allowed */
    cards_setup(&g, &s, "O9", NULL);
    tgt_give(&s, 0, "C1", 0);
    cards_buy(&g, &s, "O9");
    assert_true(tgt_legal(&g, &s, "done"));
    assert_false(tgt_legal(&g, &s, "swap 1,1 2,1")); /* empty space */
}

static void test_card_C9(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "C9", NULL);
    tgt_give(&s, 0, "O1", 1);
    tgt_give(&s, 0, "O2", 1);
    tgt_give(&s, 0, "O3", 1);
    cards_buy(&g, &s, "C9"); /* 4 cards: 8 empty spaces: 4 goods */
    assert_int_equal(s.pend, TG_P_CHOOSE);
    assert_int_equal(s.pend_n, 4);
    tgt_do(&g, &s, "choose date");
    tgt_do(&g, &s, "choose salt");
    tgt_do(&g, &s, "choose salt");
    tgt_do(&g, &s, "choose pepper");
    assert_int_equal(s.pl[0].goods[TG_SALT], 2);
    assert_int_equal(targi_goods_total(&s.pl[0]), 4);
    assert_int_equal(s.pend, TG_P_NONE);
}

static void test_card_W7(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "W7", NULL);
    tgt_give(&s, 0, "O1", 1);
    tgt_give(&s, 0, "O2", 1);
    tgt_give(&s, 0, "O3", 1);
    cards_buy(&g, &s, "W7"); /* 4 cards with W7: 2 goods */
    assert_int_equal(s.pend, TG_P_CHOOSE);
    assert_int_equal(s.pend_n, 2);
    tgt_do(&g, &s, "choose pepper");
    tgt_do(&g, &s, "choose pepper");
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 2);
}

static void test_card_A9(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "A9", NULL);
    cards_buy(&g, &s, "A9");
    assert_int_equal(s.pend, TG_P_A9);
    tgt_do(&g, &s, "a9 goods");
    tgt_do(&g, &s, "choose date");
    tgt_do(&g, &s, "choose date");
    tgt_do(&g, &s, "choose salt");
    assert_int_equal(s.pl[0].goods[TG_DATE], 2);
    assert_int_equal(s.pl[0].goods[TG_SALT], 1);
    cards_setup(&g, &s, "A9", NULL);
    cards_buy(&g, &s, "A9");
    tgt_do(&g, &s, "a9 gold");
    assert_int_equal(s.pl[0].gold, 1);
    cards_setup(&g, &s, "A9", NULL);
    cards_buy(&g, &s, "A9");
    int vp = s.pl[0].vp;
    tgt_do(&g, &s, "a9 vp");
    assert_int_equal(s.pl[0].vp, vp + 1);
}

static void test_card_T9(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "T9", NULL);
    cards_buy(&g, &s, "T9");
    tgt_do(&g, &s, "draw G1");
    assert_int_equal(s.pl[1].t9_next, 1);
    tgt_do(&g, &s, "end");
    while (s.stage != TG_ST_PLACE)
        tgt_step(&g, &s);
    /* round 2: B starts and places only 2: B, A, B, A, A */
    assert_int_equal(s.round, 2);
    assert_int_equal(s.pl[1].maxtargi, 2);
    assert_int_equal(s.pl[0].maxtargi, 3);
    int who[5] = {1, 0, 1, 0, 0};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(s.turn, who[i]);
        tgt_step(&g, &s);
    }
    assert_int_equal(s.pl[1].ntargi, 2);
    assert_int_equal(s.pl[0].ntargi, 3);
    assert_int_equal(s.pl[1].t9_next, 0);
}

/* ---- other permanent abilities ---- */

static void test_card_W6(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    tgt_setup_std(&g, &s, 0);
    assert_int_equal(s.robber, 1);
    assert_false(tgt_legal(&g, &s, "targi 1"));
    tgt_give(&s, 0, "W6", 0);
    assert_true(tgt_legal(&g, &s, "targi 1"));
    tgt_do(&g, &s, "targi 1");
    assert_false(tgt_legal(&g, &s, "targi 11")); /* the opposite rule still applies */
}

static void test_card_W8(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "O1", NULL);
    tgt_give(&s, 0, "W8", 0);
    tgt_hand(&s, 0, "C4"); /* S G */
    tgt_set_goods(&s, 0, 0, 1, 0, 1);
    assert_false(tgt_legal(&g, &s, "w8 play C4")); /* cost plus 1 good: short */
    tgt_set_goods(&s, 0, 1, 1, 0, 1);
    tgt_do(&g, &s, "w8 play C4");
    assert_true(tgt_legal(&g, &s, "pay DS G"));
    assert_int_equal(tgt_nlegal(&g, &s), 1);
    tgt_do(&g, &s, "pay DS G");
    tgt_do(&g, &s, "row 2");
    assert_int_equal(s.pl[0].hand, TG_NONE);
    assert_true(s.pl[0].owned >> tgt_card("C4") & 1);
    /* once per round */
    tgt_hand(&s, 0, "C5");
    tgt_set_goods(&s, 0, 3, 3, 3, 3);
    assert_false(tgt_legal(&g, &s, "w8 play C5"));
    /* not a card taken this round */
    cards_setup(&g, &s, "O1", NULL);
    tgt_give(&s, 0, "W8", 0);
    tgt_set_goods(&s, 0, 3, 3, 3, 3);
    tgt_do(&g, &s, "hand O1");
    assert_false(tgt_legal(&g, &s, "w8 play O1"));
}

static void test_card_W9(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "W9", NULL);
    cards_buy(&g, &s, "W9");
    tgt_do(&g, &s, "draw G1"); /* the used tribe card's replacement */
    assert_int_equal(s.pl[0].w9gold, 1);
    assert_int_equal(s.pl[0].gold, 0);
    /* the gold on W9 pays a later gold cost (the hand card via the Noble) */
    tgt_hand(&s, 0, "C5"); /* G */
    tgt_do(&g, &s, "noble play C5");
    assert_true(tgt_legal(&g, &s, "pay W9"));
    tgt_do(&g, &s, "pay W9");
    assert_int_equal(s.pl[0].w9gold, 0);
    /* it pays the gold of a cost once, alongside goods */
    cards_setup(&g, &s, "C4", NULL);
    tgt_give(&s, 0, "W9", 0);
    s.pl[0].w9gold = 1;
    tgt_set_goods(&s, 0, 0, 1, 0, 0);
    tgt_do(&g, &s, "buy C4");
    assert_int_equal(tgt_nlegal(&g, &s), 1);
    tgt_do(&g, &s, "pay S W9");
    assert_int_equal(s.pl[0].w9gold, 0);
    assert_int_equal(s.pl[0].gold, 0);
}

static void test_card_T7(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    cards_setup(&g, &s, "O1", NULL);
    tgt_give(&s, 0, "T7", 0);
    tgt_hand(&s, 0, "C2"); /* D P SS */
    tgt_set_goods(&s, 0, 1, 1, 1, 0);
    tgt_do(&g, &s, "noble play C2");
    assert_true(tgt_legal(&g, &s, "pay DSP")); /* one S removed */
    assert_int_equal(tgt_nlegal(&g, &s), 1);
    /* without T7: not payable with 1 salt */
    cards_setup(&g, &s, "O1", NULL);
    tgt_hand(&s, 0, "C2");
    tgt_set_goods(&s, 0, 1, 1, 1, 0);
    assert_false(tgt_legal(&g, &s, "noble play C2"));
}

static void test_card_T8(void **unused)
{
    (void)unused;
    tafel_game g;
    targi_state s;
    tgt_load(&g, "");
    int order[6] = {5, 2, 3, 7, 6, 13};
    tgt_setup(&g, &s, cards_goods, (const char *const[]){"C1", "W1", "T1", "A1"}, 0);
    s.robber = 0;
    tgt_place(&g, &s, order, 6);
    tgt_set_goods(&s, 0, 1, 0, 0, 0);
    assert_false(tgt_legal(&g, &s, "use 5 Trader"));
    tgt_give(&s, 0, "T8", 0);
    tgt_set_goods(&s, 0, 2, 0, 0, 0);
    tgt_do(&g, &s, "use 5 Trader");
    tgt_do(&g, &s, "trade D for pepper");
    /* not back or on: a kind received in this visit is not given 1 -> 1 (D -> P -> S = D -> S) */
    assert_false(tgt_legal(&g, &s, "trade P for salt"));
    assert_false(tgt_legal(&g, &s, "trade P for date"));
    tgt_do(&g, &s, "trade D for salt");
    assert_int_equal(s.pl[0].goods[TG_SALT], 1);
    assert_int_equal(s.pl[0].goods[TG_PEPPER], 1);
    assert_int_equal(targi_goods_total(&s.pl[0]), 2);
    /* the next visit starts afresh */
    tgt_do(&g, &s, "done");
    assert_int_equal(s.pend_flag, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_O1), cmocka_unit_test(test_card_O2),
        cmocka_unit_test(test_card_O3), cmocka_unit_test(test_card_O4),
        cmocka_unit_test(test_card_O5), cmocka_unit_test(test_card_O6),
        cmocka_unit_test(test_card_O7), cmocka_unit_test(test_card_O8),
        cmocka_unit_test(test_card_O9), cmocka_unit_test(test_card_C1),
        cmocka_unit_test(test_card_C2), cmocka_unit_test(test_card_C3),
        cmocka_unit_test(test_card_C4), cmocka_unit_test(test_card_C5),
        cmocka_unit_test(test_card_C6), cmocka_unit_test(test_card_C7),
        cmocka_unit_test(test_card_C8), cmocka_unit_test(test_card_C9),
        cmocka_unit_test(test_card_W1), cmocka_unit_test(test_card_W2),
        cmocka_unit_test(test_card_W3), cmocka_unit_test(test_card_W4),
        cmocka_unit_test(test_card_W5), cmocka_unit_test(test_card_W6),
        cmocka_unit_test(test_card_W7), cmocka_unit_test(test_card_W8),
        cmocka_unit_test(test_card_W9), cmocka_unit_test(test_card_T1),
        cmocka_unit_test(test_card_T2), cmocka_unit_test(test_card_T3),
        cmocka_unit_test(test_card_T4), cmocka_unit_test(test_card_T5),
        cmocka_unit_test(test_card_T6), cmocka_unit_test(test_card_T7),
        cmocka_unit_test(test_card_T8), cmocka_unit_test(test_card_T9),
        cmocka_unit_test(test_card_A1), cmocka_unit_test(test_card_A2),
        cmocka_unit_test(test_card_A3), cmocka_unit_test(test_card_A4),
        cmocka_unit_test(test_card_A5), cmocka_unit_test(test_card_A6),
        cmocka_unit_test(test_card_A7), cmocka_unit_test(test_card_A8),
        cmocka_unit_test(test_card_A9),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
