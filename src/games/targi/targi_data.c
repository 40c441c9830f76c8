/* targi_data.c: the one data table of Targi's cards (spec section 1). */
#include "targi_data.h"

const targi_border_card targi_border[17] = {
    {"", ""},
    {"Noble", "Noble"},
    {"Dates", "Dates"},
    {"Salt", "Salt"},
    {"Raid 1", "Raid 1"},
    {"Trader", "Trader"},
    {"Pepper", "Pepper"},
    {"Dates", "Dates"},
    {"Raid 2", "Raid 2"},
    {"Fata Morgana", "FataMorg"},
    {"Silversmith", "Silver"},
    {"Pepper", "Pepper"},
    {"Raid 3", "Raid 3"},
    {"Caravan", "Caravan"},
    {"Tribal Expansion", "TribeExp"},
    {"Salt", "Salt"},
    {"Raid 4", "Raid 4"},
};

/* label, gives, {D,S,P}, choice, gold, vp, count */
const targi_goods_card targi_goods[TG_NGOODS_TYPES] = {
    {"G1", "D", {1, 0, 0}, 0, 0, 0, 2},
    {"G2", "S", {0, 1, 0}, 0, 0, 0, 2},
    {"G3", "P", {0, 0, 1}, 0, 0, 0, 2},
    {"G4", "DD", {2, 0, 0}, 0, 0, 0, 1},
    {"G5", "SS", {0, 2, 0}, 0, 0, 0, 1},
    {"G6", "PP", {0, 0, 2}, 0, 0, 0, 1},
    {"G7", "PS", {0, 1, 1}, 0, 0, 0, 1},
    {"G8", "DP", {1, 0, 1}, 0, 0, 0, 1},
    {"G9", "SD", {1, 1, 0}, 0, 0, 0, 1},
    {"G10", "any", {0, 0, 0}, 1, 0, 0, 3},
    {"G11", "gold", {0, 0, 0}, 0, 1, 0, 3},
    {"G12", "VP", {0, 0, 0}, 0, 0, 1, 1},
};

/* label, symbol, {D,S,P}, gold, alt_gold, vp, timing, effect: one row per card, expanded into the
 * card table and into the centre payment table below. */
#define TG_TRIBE_CARDS(X) \
    X("O1", O, 0, 0, 1, 1, 0, 2, N, "-") \
    X("O2", O, 1, 1, 0, 1, 0, 3, N, "-") \
    X("O3", O, 2, 1, 2, 0, 0, 3, N, "-") \
    X("O4", O, 0, 0, 1, 1, 0, 1, E, "+1 VP per 2 Well cards") \
    X("O5", O, 0, 2, 1, 0, 0, 1, P, "Oasis cards cost 1 good less") \
    X("O6", O, 0, 1, 1, 1, 0, 1, P, "pays nothing at raids") \
    X("O7", O, 0, 2, 1, 0, 0, 1, P, "salt from a goods card: +1 salt") \
    X("O8", O, 1, 0, 1, 1, 0, 2, P, "no good from a goods card: +1 good") \
    X("O9", O, 0, 1, 1, 1, 0, 2, I, "up to 2 swaps in the display") \
    X("C1", C, 1, 1, 0, 1, 0, 3, N, "-") \
    X("C2", C, 1, 2, 1, 0, 0, 2, N, "-") \
    X("C3", C, 1, 2, 2, 0, 0, 3, N, "-") \
    X("C4", C, 0, 1, 0, 1, 0, 1, E, "+1 VP per 2 Tent cards") \
    X("C5", C, 0, 0, 0, 1, 0, 1, E, "+1 VP for more cards than the opponent") \
    X("C6", C, 2, 2, 1, 0, 0, 2, E, "+2 VP on the 4th space of its row") \
    X("C7", C, 0, 0, 0, 1, 0, 1, P, "Camel rider cards cost 1 good less") \
    X("C8", C, 0, 0, 2, 1, 0, 2, P, "pepper from a goods card: +1 pepper") \
    X("C9", C, 2, 1, 0, 0, 0, 1, I, "+1 good per 2 empty display spaces") \
    X("W1", W, 1, 1, 0, 1, 0, 3, N, "-") \
    X("W2", W, 2, 1, 1, 0, 0, 2, N, "-") \
    X("W3", W, 2, 1, 2, 0, 0, 3, N, "-") \
    X("W4", W, 0, 1, 0, 1, 0, 1, E, "+1 VP per 2 Targia cards") \
    X("W5", W, 1, 2, 0, 0, 0, 1, P, "Well cards cost 1 good less") \
    X("W6", W, 1, 0, 0, 1, 0, 1, P, "may place a Targi on the robber's card") \
    X("W7", W, 1, 2, 1, 0, 0, 2, I, "+1 good per 2 display cards") \
    X("W8", W, 0, 1, 1, 1, 0, 2, P, "once per round: play the hand card (+1 good)") \
    X("W9", W, 1, 0, 0, 1, 0, 1, P, "1 gold on the card for a later cost") \
    X("T1", T, 0, 0, 1, 1, 0, 2, N, "-") \
    X("T2", T, 1, 0, 1, 1, 0, 3, N, "-") \
    X("T3", T, 2, 2, 1, 0, 0, 3, N, "-") \
    X("T4", T, 1, 0, 0, 1, 0, 1, E, "+1 VP per 2 Oasis cards") \
    X("T5", T, 1, 0, 1, 0, 0, 1, E, "+1 VP with 10 or more display cards") \
    X("T6", T, 1, 0, 2, 1, 1, 1, P, "Tent cards cost 1 good less") \
    X("T7", T, 1, 0, 0, 1, 0, 2, P, "hand card via the Noble costs 1 good less") \
    X("T8", T, 1, 0, 0, 1, 0, 1, P, "Trader: also 1 good -> 1 good") \
    X("T9", T, 1, 1, 2, 0, 0, 2, I, "next round the opponent places 2 Targi") \
    X("A1", A, 1, 0, 1, 1, 0, 3, N, "-") \
    X("A2", A, 1, 1, 2, 0, 0, 2, N, "-") \
    X("A3", A, 1, 2, 2, 0, 0, 3, N, "-") \
    X("A4", A, 0, 0, 1, 1, 0, 1, E, "+1 VP per 2 Camel rider cards") \
    X("A5", A, 0, 0, 2, 1, 0, 1, E, "up to 2 rows of 4 symbols score 4 each") \
    X("A6", A, 1, 2, 0, 1, 1, 1, P, "Targia cards cost 1 good less") \
    X("A7", A, 1, 0, 0, 1, 0, 1, P, "+1 VP at every raid") \
    X("A8", A, 2, 0, 0, 1, 0, 2, P, "date from a goods card: +1 date") \
    X("A9", A, 1, 1, 2, 0, 0, 2, I, "3 goods or 1 gold or 1 VP")

#define N TG_TIME_NONE
#define I TG_TIME_IMMEDIATE
#define P TG_TIME_PERMANENT
#define E TG_TIME_END
#define TRIBE_ROW(label, sym, d, s, p, gold, alt, vp, timing, effect) \
    {label, TG_SYM_##sym, {d, s, p}, gold, alt, vp, timing, effect},
const targi_tribe_card targi_tribe[TG_NTRIBE] = {TG_TRIBE_CARDS(TRIBE_ROW)};
#undef TRIBE_ROW
#undef N
#undef I
#undef P
#undef E

/* The centre payment table (targi_pay_index): no cost asks more than 2 of a kind, so holding 2
 * or more of a kind counts as 2; with discount k the goods he lacks must be at most k (the goods
 * he has then cover the rest of the cost: see targi_can_pay). */
#define PAY_SHORT(c, g) ((c) > (g) ? (c) - (g) : 0)
#define PAY_OK(d, s, p, gold, alt, k, g0, g1, g2, h)                                        \
    ((uint64_t)((PAY_SHORT(d, g0) + PAY_SHORT(s, g1) + PAY_SHORT(p, g2) <= (k))             \
                    ? (alt) || !(gold) || (h)                                                 \
                    : (alt) && (h))                                                           \
     << (((g0) * 9 + (g1) * 3 + (g2)) * 2 + (h)))
#define PAY_G2(d, s, p, gold, alt, k, g0, g1, g2)                                            \
    (PAY_OK(d, s, p, gold, alt, k, g0, g1, g2, 0) | PAY_OK(d, s, p, gold, alt, k, g0, g1, g2, 1))
#define PAY_G1(d, s, p, gold, alt, k, g0, g1)                                                \
    (PAY_G2(d, s, p, gold, alt, k, g0, g1, 0) | PAY_G2(d, s, p, gold, alt, k, g0, g1, 1) |     \
     PAY_G2(d, s, p, gold, alt, k, g0, g1, 2))
#define PAY_G0(d, s, p, gold, alt, k, g0)                                                    \
    (PAY_G1(d, s, p, gold, alt, k, g0, 0) | PAY_G1(d, s, p, gold, alt, k, g0, 1) |             \
     PAY_G1(d, s, p, gold, alt, k, g0, 2))
#define PAY_WORD(d, s, p, gold, alt, k)                                                      \
    (PAY_G0(d, s, p, gold, alt, k, 0) | PAY_G0(d, s, p, gold, alt, k, 1) |                     \
     PAY_G0(d, s, p, gold, alt, k, 2))
#define PAY_ROW(label, sym, d, s, p, gold, alt, vp, timing, effect)                          \
    {PAY_WORD(d, s, p, gold, alt, 0), PAY_WORD(d, s, p, gold, alt, 1)},
const uint64_t targi_centre_pay[64][2] = {TG_TRIBE_CARDS(PAY_ROW)};
#undef PAY_ROW
#undef PAY_WORD
#undef PAY_G0
#undef PAY_G1
#undef PAY_G2
#undef PAY_OK
#undef PAY_SHORT

enum {
    DISC_O = TG_CARD(TG_SYM_O, 5),
    DISC_C = TG_CARD(TG_SYM_C, 7),
    DISC_W = TG_CARD(TG_SYM_W, 5),
    DISC_T = TG_CARD(TG_SYM_T, 6),
    DISC_A = TG_CARD(TG_SYM_A, 6),
};
const uint8_t targi_discount_card[TG_NSYM] = {DISC_O, DISC_C, DISC_W, DISC_T, DISC_A};
#define DISC_ROW(label, sym, d, s, p, gold, alt, vp, timing, effect) DISC_##sym,
const uint8_t targi_tribe_discount[64] = {TG_TRIBE_CARDS(DISC_ROW)};
#undef DISC_ROW

const char targi_symbol_letter[TG_NSYM] = {'O', 'C', 'W', 'T', 'A'};
const char *const targi_symbol_name[TG_NSYM] = {"Oasis", "Camel rider", "Well", "Tent", "Targia"};
const char *const targi_good_name[3] = {"date", "salt", "pepper"};
