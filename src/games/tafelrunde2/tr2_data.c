/* tr2_data.c: Die Tafelrunde 2 component data: rogue cards [D-1], chests [D-2], Zork chest sets. */
#include "games/tafelrunde2/tr2.h"

/* Identical for every player; card id = rogue * 5 + number (spec table, row by row). */
const tr2_card tr2_cards[TR2_NROGUE] = {
    {{TR2_RED, TR2_RED}, {7, 0}},       {{TR2_RED, TR2_BLUE}, {5, 2}},
    {{TR2_RED, TR2_BLUE}, {4, 3}},      {{TR2_RED, TR2_BLUE}, {3, 4}},
    {{TR2_RED, TR2_BLUE}, {2, 5}},      {{TR2_BLUE, TR2_BLUE}, {7, 0}},
    {{TR2_BLUE, TR2_YELLOW}, {5, 2}},   {{TR2_BLUE, TR2_YELLOW}, {4, 3}},
    {{TR2_BLUE, TR2_YELLOW}, {3, 4}},   {{TR2_BLUE, TR2_YELLOW}, {2, 5}},
    {{TR2_YELLOW, TR2_YELLOW}, {7, 0}}, {{TR2_YELLOW, TR2_RED}, {5, 2}},
    {{TR2_YELLOW, TR2_RED}, {4, 3}},    {{TR2_YELLOW, TR2_RED}, {3, 4}},
    {{TR2_YELLOW, TR2_RED}, {2, 5}},
};

/* Per colour: 2 x 2 gems, 4 x 3 gems, 2 x 4 gems. Kind = colour * 3 + gems - 2. */
const uint8_t tr2_chest_count[TR2_NKIND] = {2, 4, 2, 2, 4, 2, 2, 4, 2};

/* Every multiset of at most 3 chest kinds with at most 6 gems, by size then kinds. */
const uint8_t tr2_zork_sets[TR2_NZORK][3] = {
    {0xff, 0xff, 0xff}, {0, 0xff, 0xff}, {1, 0xff, 0xff}, {2, 0xff, 0xff}, {3, 0xff, 0xff},
    {4, 0xff, 0xff}, {5, 0xff, 0xff}, {6, 0xff, 0xff}, {7, 0xff, 0xff}, {8, 0xff, 0xff},
    {0, 0, 0xff}, {0, 1, 0xff}, {0, 2, 0xff}, {0, 3, 0xff}, {0, 4, 0xff},
    {0, 5, 0xff}, {0, 6, 0xff}, {0, 7, 0xff}, {0, 8, 0xff}, {1, 1, 0xff},
    {1, 3, 0xff}, {1, 4, 0xff}, {1, 6, 0xff}, {1, 7, 0xff}, {2, 3, 0xff},
    {2, 6, 0xff}, {3, 3, 0xff}, {3, 4, 0xff}, {3, 5, 0xff}, {3, 6, 0xff},
    {3, 7, 0xff}, {3, 8, 0xff}, {4, 4, 0xff}, {4, 6, 0xff}, {4, 7, 0xff},
    {5, 6, 0xff}, {6, 6, 0xff}, {6, 7, 0xff}, {6, 8, 0xff}, {7, 7, 0xff},
    {0, 0, 0}, {0, 0, 3}, {0, 0, 6}, {0, 3, 3}, {0, 3, 6},
    {0, 6, 6}, {3, 3, 3}, {3, 3, 6}, {3, 6, 6}, {6, 6, 6},
};

/* tr2_zork_sets as needs: the chests of kinds 0..7 one byte each (kind k in byte k), of kind 8
 * apart, and the gems (test_tr2_data checks them against tr2_zork_sets). */
const tr2_zork_need tr2_zork_needs[TR2_NZORK] = {
    {0x0ull, 0, 0}, {0x1ull, 0, 2}, {0x100ull, 0, 3}, {0x10000ull, 0, 4}, {0x1000000ull, 0, 2},
    {0x100000000ull, 0, 3}, {0x10000000000ull, 0, 4}, {0x1000000000000ull, 0, 2},
    {0x100000000000000ull, 0, 3}, {0x0ull, 1, 4}, {0x2ull, 0, 4}, {0x101ull, 0, 5},
    {0x10001ull, 0, 6}, {0x1000001ull, 0, 4}, {0x100000001ull, 0, 5}, {0x10000000001ull, 0, 6},
    {0x1000000000001ull, 0, 4}, {0x100000000000001ull, 0, 5}, {0x1ull, 1, 6}, {0x200ull, 0, 6},
    {0x1000100ull, 0, 5}, {0x100000100ull, 0, 6}, {0x1000000000100ull, 0, 5},
    {0x100000000000100ull, 0, 6}, {0x1010000ull, 0, 6}, {0x1000000010000ull, 0, 6},
    {0x2000000ull, 0, 4}, {0x101000000ull, 0, 5}, {0x10001000000ull, 0, 6},
    {0x1000001000000ull, 0, 4}, {0x100000001000000ull, 0, 5}, {0x1000000ull, 1, 6},
    {0x200000000ull, 0, 6}, {0x1000100000000ull, 0, 5}, {0x100000100000000ull, 0, 6},
    {0x1010000000000ull, 0, 6}, {0x2000000000000ull, 0, 4}, {0x101000000000000ull, 0, 5},
    {0x1000000000000ull, 1, 6}, {0x200000000000000ull, 0, 6}, {0x3ull, 0, 6}, {0x1000002ull, 0, 6},
    {0x1000000000002ull, 0, 6}, {0x2000001ull, 0, 6}, {0x1000001000001ull, 0, 6},
    {0x2000000000001ull, 0, 6}, {0x3000000ull, 0, 6}, {0x1000002000000ull, 0, 6},
    {0x2000001000000ull, 0, 6}, {0x3000000000000ull, 0, 6},
};

const char *const tr2_colour_names[TR2_NCOL] = {"red", "blue", "yellow"};
const char *const tr2_special_names[4] = {"feierabend", "warnung", "wiederbelebung", "zork"};

int tr2_zork_set_gems(int set)
{
    int gems = 0;
    for (int j = 0; j < 3 && tr2_zork_sets[set][j] != 0xff; j++)
        gems += tr2_chest_gems(tr2_zork_sets[set][j]);
    return gems;
}
