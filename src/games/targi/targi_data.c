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

#define N TG_TIME_NONE
#define I TG_TIME_IMMEDIATE
#define P TG_TIME_PERMANENT
#define E TG_TIME_END
/* label, symbol, {D,S,P}, gold, alt_gold, vp, timing, effect */
const targi_tribe_card targi_tribe[TG_NTRIBE] = {
    {"O1", TG_SYM_O, {0, 0, 1}, 1, 0, 2, N, "-"},
    {"O2", TG_SYM_O, {1, 1, 0}, 1, 0, 3, N, "-"},
    {"O3", TG_SYM_O, {2, 1, 2}, 0, 0, 3, N, "-"},
    {"O4", TG_SYM_O, {0, 0, 1}, 1, 0, 1, E, "+1 VP per 2 Well cards"},
    {"O5", TG_SYM_O, {0, 2, 1}, 0, 0, 1, P, "Oasis cards cost 1 good less"},
    {"O6", TG_SYM_O, {0, 1, 1}, 1, 0, 1, P, "pays nothing at raids"},
    {"O7", TG_SYM_O, {0, 2, 1}, 0, 0, 1, P, "salt from a goods card: +1 salt"},
    {"O8", TG_SYM_O, {1, 0, 1}, 1, 0, 2, P, "no good from a goods card: +1 good"},
    {"O9", TG_SYM_O, {0, 1, 1}, 1, 0, 2, I, "up to 2 swaps in the display"},
    {"C1", TG_SYM_C, {1, 1, 0}, 1, 0, 3, N, "-"},
    {"C2", TG_SYM_C, {1, 2, 1}, 0, 0, 2, N, "-"},
    {"C3", TG_SYM_C, {1, 2, 2}, 0, 0, 3, N, "-"},
    {"C4", TG_SYM_C, {0, 1, 0}, 1, 0, 1, E, "+1 VP per 2 Tent cards"},
    {"C5", TG_SYM_C, {0, 0, 0}, 1, 0, 1, E, "+1 VP for more cards than the opponent"},
    {"C6", TG_SYM_C, {2, 2, 1}, 0, 0, 2, E, "+2 VP on the 4th space of its row"},
    {"C7", TG_SYM_C, {0, 0, 0}, 1, 0, 1, P, "Camel rider cards cost 1 good less"},
    {"C8", TG_SYM_C, {0, 0, 2}, 1, 0, 2, P, "pepper from a goods card: +1 pepper"},
    {"C9", TG_SYM_C, {2, 1, 0}, 0, 0, 1, I, "+1 good per 2 empty display spaces"},
    {"W1", TG_SYM_W, {1, 1, 0}, 1, 0, 3, N, "-"},
    {"W2", TG_SYM_W, {2, 1, 1}, 0, 0, 2, N, "-"},
    {"W3", TG_SYM_W, {2, 1, 2}, 0, 0, 3, N, "-"},
    {"W4", TG_SYM_W, {0, 1, 0}, 1, 0, 1, E, "+1 VP per 2 Targia cards"},
    {"W5", TG_SYM_W, {1, 2, 0}, 0, 0, 1, P, "Well cards cost 1 good less"},
    {"W6", TG_SYM_W, {1, 0, 0}, 1, 0, 1, P, "may place a Targi on the robber's card"},
    {"W7", TG_SYM_W, {1, 2, 1}, 0, 0, 2, I, "+1 good per 2 display cards"},
    {"W8", TG_SYM_W, {0, 1, 1}, 1, 0, 2, P, "once per round: play the hand card (+1 good)"},
    {"W9", TG_SYM_W, {1, 0, 0}, 1, 0, 1, P, "1 gold on the card for a later cost"},
    {"T1", TG_SYM_T, {0, 0, 1}, 1, 0, 2, N, "-"},
    {"T2", TG_SYM_T, {1, 0, 1}, 1, 0, 3, N, "-"},
    {"T3", TG_SYM_T, {2, 2, 1}, 0, 0, 3, N, "-"},
    {"T4", TG_SYM_T, {1, 0, 0}, 1, 0, 1, E, "+1 VP per 2 Oasis cards"},
    {"T5", TG_SYM_T, {1, 0, 1}, 0, 0, 1, E, "+1 VP with 10 or more display cards"},
    {"T6", TG_SYM_T, {1, 0, 2}, 1, 1, 1, P, "Tent cards cost 1 good less"},
    {"T7", TG_SYM_T, {1, 0, 0}, 1, 0, 2, P, "hand card via the Noble costs 1 good less"},
    {"T8", TG_SYM_T, {1, 0, 0}, 1, 0, 1, P, "Trader: also 1 good -> 1 good"},
    {"T9", TG_SYM_T, {1, 1, 2}, 0, 0, 2, I, "next round the opponent places 2 Targi"},
    {"A1", TG_SYM_A, {1, 0, 1}, 1, 0, 3, N, "-"},
    {"A2", TG_SYM_A, {1, 1, 2}, 0, 0, 2, N, "-"},
    {"A3", TG_SYM_A, {1, 2, 2}, 0, 0, 3, N, "-"},
    {"A4", TG_SYM_A, {0, 0, 1}, 1, 0, 1, E, "+1 VP per 2 Camel rider cards"},
    {"A5", TG_SYM_A, {0, 0, 2}, 1, 0, 1, E, "up to 2 rows of 4 symbols score 4 each"},
    {"A6", TG_SYM_A, {1, 2, 0}, 1, 1, 1, P, "Targia cards cost 1 good less"},
    {"A7", TG_SYM_A, {1, 0, 0}, 1, 0, 1, P, "+1 VP at every raid"},
    {"A8", TG_SYM_A, {2, 0, 0}, 1, 0, 2, P, "date from a goods card: +1 date"},
    {"A9", TG_SYM_A, {1, 1, 2}, 0, 0, 2, I, "3 goods or 1 gold or 1 VP"},
};
#undef N
#undef I
#undef P
#undef E

const uint8_t targi_discount_card[TG_NSYM] = {
    TG_CARD(TG_SYM_O, 5), TG_CARD(TG_SYM_C, 7), TG_CARD(TG_SYM_W, 5), TG_CARD(TG_SYM_T, 6),
    TG_CARD(TG_SYM_A, 6),
};

const char targi_symbol_letter[TG_NSYM] = {'O', 'C', 'W', 'T', 'A'};
const char *const targi_symbol_name[TG_NSYM] = {"Oasis", "Camel rider", "Well", "Tent", "Targia"};
const char *const targi_good_name[3] = {"date", "salt", "pepper"};
