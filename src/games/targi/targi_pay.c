/* targi_pay.c: the ways a player can pay a tribe card, trade, use the Silversmith or pay a raid. */
#include "targi_state.h"

static void pay_add(uint64_t *seen, const targi_player *pl, const int v[3], int goldmode)
{
    if (v[0] > pl->goods[0] || v[1] > pl->goods[1] || v[2] > pl->goods[2])
        return;
    if (goldmode == 1 && pl->gold < 1)
        return;
    if (goldmode == 2 && !pl->w9gold)
        return;
    int code = TG_PAY_CODE(v[0], v[1], v[2], goldmode);
    seen[code >> 6] |= 1ull << (code & 63);
}

/* Gold part: own gold or W9's gold, whichever he has. */
static void pay_add_gold(uint64_t *seen, const targi_player *pl, const int v[3])
{
    pay_add(seen, pl, v, 1);
    pay_add(seen, pl, v, 2);
}

int targi_pay_options(const targi_state *s, int p, int card, int via, int32_t id0,
                      int32_t *out)
{
    const targi_player *pl = &s->pl[p];
    const targi_tribe_card *c = &targi_tribe[card];
    int k = targi_owns(pl, targi_discount_card[c->symbol]);
    if (via == TG_VIA_NOBLE && targi_owns(pl, TG_CARD(TG_SYM_T, 7)))
        k++;
    int total = c->cost[0] + c->cost[1] + c->cost[2];
    int remove = k < total ? k : total;
    uint64_t seen[3] = {0, 0, 0};
    int extra_lo = via == TG_VIA_W8 ? 0 : -1, extra_hi = via == TG_VIA_W8 ? 2 : -1;
    for (int r0 = 0; r0 <= c->cost[0] && r0 <= remove; r0++) {
        for (int r1 = 0; r1 <= c->cost[1] && r0 + r1 <= remove; r1++) {
            int r2 = remove - r0 - r1;
            if (r2 > c->cost[2])
                continue;
            for (int e = extra_lo; e <= extra_hi; e++) {
                int v[3] = {c->cost[0] - r0, c->cost[1] - r1, c->cost[2] - r2};
                int x[3] = {0, 0, 0};
                if (e >= 0) {
                    v[e]++;
                    x[e] = 1;
                }
                if (c->alt_gold) {
                    pay_add(seen, pl, v, 0);
                    pay_add_gold(seen, pl, x);
                } else if (c->gold) {
                    pay_add_gold(seen, pl, v);
                } else {
                    pay_add(seen, pl, v, 0);
                }
            }
        }
    }
    int n = 0;
    for (int w = 0; w < 3; w++)
        for (uint64_t m = seen[w]; m; m &= m - 1)
            out[n++] = id0 + w * 64 + __builtin_ctzll(m);
    return n;
}

int targi_trade_options(const tafel_game *g, const targi_state *s, int p, int32_t id0,
                        int32_t *out)
{
    const targi_player *pl = &s->pl[p];
    int mixed = g->params[TG_PARAM_MIXED];
    int t8 = targi_owns(pl, TG_CARD(TG_SYM_T, 8));
    /* T8's 1 -> 1 exchange never gives a kind received earlier in this visit: X -> Y -> Z is
     * X -> Z, and without it 1 -> 1 exchanges could cycle for ever */
    unsigned received = s->pend_flag;
    int n = 0;
    if (!mixed) {
        /* one kind per exchange; codes ascend with pepper, salt, date counts. Every candidate
         * is written and kept by its condition: how many goods he has is random, and loops
         * bounded by it mispredicted. 1 -> 1 (T8) and 2 -> 1 give one of the other two kinds
         * (r = 1 + kind), 3 -> gold (r = 0). */
        static const int unit[3] = {16, 4, 1};
        for (int k = 2; k >= 0; k--) {
            int have = pl->goods[k], base = unit[k] * 4;
            int r0 = k == 0 ? 2 : 1, r1 = k == 2 ? 2 : 3; /* the two other kinds, ascending */
            int one = (have >= 1) & t8 & !(received >> k & 1), two = have >= 2;
            out[n] = id0 + base + r0;
            n += one;
            out[n] = id0 + base + r1;
            n += one;
            out[n] = id0 + 2 * base + r0;
            n += two;
            out[n] = id0 + 2 * base + r1;
            n += two;
            out[n] = id0 + 3 * base;
            n += have >= 3;
        }
        return n;
    }
    for (int d = 0; d <= 3 && d <= pl->goods[0]; d++)
        for (int sa = 0; sa <= 3 && sa <= pl->goods[1]; sa++)
            for (int pe = 0; pe <= 3 && pe <= pl->goods[2]; pe++) {
                int cnt = d + sa + pe, kinds = (d > 0) + (sa > 0) + (pe > 0);
                if (cnt < 1 || cnt > 3 || (!mixed && kinds > 1))
                    continue;
                int has[3] = {d > 0, sa > 0, pe > 0};
                int k1 = d ? 0 : sa ? 1 : 2; /* the kind given by a 1 -> 1 exchange */
                if (cnt == 1 && (received >> k1 & 1))
                    continue;
                for (int r = 0; r < 4; r++) {
                    int ok;
                    if (r == 0)
                        ok = cnt == 3;
                    else
                        ok = !has[r - 1] && (cnt == 2 || (cnt == 1 && t8));
                    if (ok)
                        out[n++] = id0 + TG_TRADE_CODE(d, sa, pe, r);
                }
            }
    return n;
}

int targi_silver_options(const tafel_game *g, const targi_state *s, int p, int32_t id0,
                         int32_t *out)
{
    const targi_player *pl = &s->pl[p];
    int mixed = g->params[TG_PARAM_MIXED];
    int n = 0;
    if (!mixed) {
        /* every candidate written, kept by its condition: loops bounded by the (random) goods
         * and gold held mispredicted */
        static const int unit[3] = {25, 5, 1};
        out[n] = id0 + 1;
        n += pl->gold >= 1;
        out[n] = id0 + 2;
        n += pl->gold >= 2;
        for (int k = 2; k >= 0; k--) {
            out[n] = id0 + 2 * unit[k] * 3;
            n += pl->goods[k] >= 2;
            out[n] = id0 + 4 * unit[k] * 3;
            n += pl->goods[k] >= 4;
        }
        return n;
    }
    for (int d = 0; d <= 4 && d <= pl->goods[0]; d++)
        for (int sa = 0; sa <= 4 && sa <= pl->goods[1]; sa++)
            for (int pe = 0; pe <= 4 && pe <= pl->goods[2]; pe++) {
                int cnt = d + sa + pe, kinds = (d > 0) + (sa > 0) + (pe > 0);
                if (cnt == 0) {
                    for (int gd = 1; gd <= 2 && gd <= pl->gold; gd++)
                        out[n++] = id0 + TG_SILVER_CODE(0, 0, 0, gd);
                    continue;
                }
                if ((cnt == 2 || cnt == 4) && (mixed || kinds == 1))
                    out[n++] = id0 + TG_SILVER_CODE(d, sa, pe, 0);
            }
    return n;
}

int targi_raid_options(const targi_state *s, int p, int32_t *out)
{
    const targi_player *pl = &s->pl[p];
    int k = s->raid, n = 0;
    if (pl->vp >= targi_raid_vp(k))
        out[n++] = TG_A_RAID_VP;
    if (k == 4) {
        if (pl->gold >= 1)
            out[n++] = TG_A_RAID_GOLD;
        return n;
    }
    /* Every way to pay need goods, by dates d, then salt sa, ascending; the code (d * 4 + sa) *
     * 4 + pe with pe = need - d - sa is 15 d + 3 sa + need. For each d the salt that works is
     * a run, from what the pepper cannot cover to what the salt holds: written as four codes
     * at once and kept by its length. No branch and no loop bounded by the goods held (random
     * in play: both mispredicted). */
    int need = targi_raid_goods(k);
    int dates = pl->goods[0], salt = pl->goods[1], pepper = pl->goods[2];
    for (int d = 0; d <= 3; d++) {
        int rest = need - d;                      /* salt and pepper to give */
        int lo = rest - pepper > 0 ? rest - pepper : 0, hi = salt < rest ? salt : rest;
        int len = (hi - lo + 1) & -(d <= dates);
        int32_t first = TG_A_RAID_GOODS + 15 * d + 3 * lo + need;
        for (int j = 0; j < 4; j++)
            out[n + j] = first + 3 * j;
        n += len > 0 ? len : 0;
    }
    return n;
}
