/* targi_act.c: the action phase: the choices of Targi and markers, their effects, tribe cards
 * entering the display with their immediate abilities. */
#include <stddef.h>
#include <string.h>

#include "targi_state.h"

_Static_assert(offsetof(targi_player, gold) == offsetof(targi_player, goods) + 3,
               "goods and gold are read and written as one word");

static __attribute__((noinline)) int act_w8_ok(const targi_state *s, int p)
{
    const targi_player *pl = &s->pl[p];
    return targi_owns(pl, C_W8) && !pl->w8_used && pl->hand != TG_NONE &&
           pl->hand_round < s->round && pl->ncards < 12 &&
           targi_can_pay(s, p, pl->hand, TG_VIA_W8);
}

/* Bits 5 (Trader) and 10 (Silversmith) set where he could use that Targi: both need a pair of
 * goods (two of one kind, or any two with trade_mixed_goods); else the Trader takes one good
 * with T8, the Silversmith gold. Computed with & and | rather than && and ||: the operands are
 * cheap, and a branch on each would be unpredictable in random play. */
static unsigned act_trade_silver_bits(const tafel_game *g, const targi_player *pl)
{
    /* goods and gold in one word (they are adjacent: see targi_state.h) */
    uint32_t w;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&w, pl->goods, 4);
#else
    w = (uint32_t)pl->goods[0] | (uint32_t)pl->goods[1] << 8 | (uint32_t)pl->goods[2] << 16 |
        (uint32_t)pl->gold << 24;
#endif
    unsigned pair = (w & 0xfefefeu) != 0; /* some kind twice */
    if (g->params[TG_PARAM_MIXED])
        pair = targi_goods_total(pl) >= 2;
    unsigned trade = pair | (((w & 0xffffffu) != 0) & (unsigned)(pl->owned >> TG_CARD(TG_SYM_T, 8)));
    unsigned silver = pair | (w > 0xffffffu);
    return (trade & 1) << 5 | silver << 10;
}

static int act_can_trade(const tafel_game *g, const targi_player *pl)
{
    return (int)(act_trade_silver_bits(g, pl) >> 5 & 1);
}

/* With trade_mixed_goods any 2 goods pay the Silversmith [D-4], as targi_silver_options has it. */
static int act_can_silver(const tafel_game *g, const targi_player *pl)
{
    return (int)(act_trade_silver_bits(g, pl) >> 10 & 1);
}

/* goods[0..2] and gold as one word (d, sa, pe goods and gold). Changes to them are one store:
 * the next list reads them as one word (act_trade_silver_bits), and a word read over byte
 * stores not yet written waits for them. */
static inline uint32_t act_purse(unsigned d, unsigned sa, unsigned pe, unsigned gold)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return d | sa << 8 | pe << 16 | gold << 24;
#else
    return d << 24 | sa << 16 | pe << 8 | gold;
#endif
}

/* Adds add and takes sub: exact while every byte of the result is in 0..255 (they are). */
static inline void act_purse_change(targi_player *pl, uint32_t add, uint32_t sub)
{
    uint32_t w;
    memcpy(&w, pl->goods, 4);
    w = w + add - sub;
    memcpy(pl->goods, &w, 4);
}

/* A drawn or marked tribe card may be bought: a free space and a way to pay. */
static int act_can_buy(const targi_state *s, int p, int card, int via)
{
    return s->pl[p].ncards < 12 && targi_can_pay(s, p, card, via);
}

static int act_may_discard(const tafel_game *g, const targi_player *pl)
{
    return g->params[TG_PARAM_TRIBE_RULE] == TG_RULE_AUTHOR || pl->hand != TG_NONE;
}

/* The Noble's choices for his hand card (a Targi on border 1 is used only through them). Out of
 * line, as the markers below: most top-level lists have neither, and the list itself then
 * needs few registers. */
static __attribute__((noinline)) int act_legal_noble(const targi_state *s, int32_t *out, int n)
{
    int p = s->turn;
    const targi_player *pl = &s->pl[p];
    if (pl->hand == TG_NONE || pl->hand_round >= s->round)
        return n;
    if (act_can_buy(s, p, pl->hand, TG_VIA_NOBLE))
        out[n++] = TG_A_NOBLE_PLAY;
    out[n++] = TG_A_NOBLE_DISCARD;
    return n;
}

/* Appends BASE + cell for the (at most two) cells of m, ascending, without a branch. */
static inline int act_two(int32_t *out, int n, int base, unsigned m)
{
    unsigned m1 = m & (m - 1);
    out[n] = base + __builtin_ctz(m | 0x200u);
    n += m != 0;
    out[n] = base + __builtin_ctz(m1 | 0x200u);
    return n + (m1 != 0);
}

/* The high bit of each zero byte of x, no other bit. */
static inline uint64_t act_zero_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full;
    return ~(((x & low7) + low7) | x) & ~low7;
}

/* The Fata Morgana's moves of his open markers (cells in m) to the free face-up cards. */
static __attribute__((noinline)) int act_legal_fata(const targi_state *s, int32_t *out, int n,
                                                    unsigned m)
{
    unsigned free_cells = 0;
    int c = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* cells 0-7 a byte each (SWAR): face up, unmarked (-1 is 0xff), not empty (TG_NONE) */
    uint64_t down, mark, card;
    memcpy(&down, s->cell_down, 8);
    memcpy(&mark, s->cell_mark, 8);
    memcpy(&card, s->cell_card, 8);
    uint64_t ok = act_zero_bytes(down) & act_zero_bytes(~mark) & ~act_zero_bytes(~card);
    free_cells = (unsigned)(((ok >> 7) * 0x0102040810204080ull) >> 56); /* byte i -> bit i */
    c = 8;
#endif
    for (; c < 9; c++)
        free_cells |= (unsigned)(!s->cell_down[c] & (s->cell_mark[c] < 0) &
                                 (s->cell_card[c] != TG_NONE)) << c;
    for (; m; m &= m - 1) {
        int from = __builtin_ctz(m);
        for (unsigned f = free_cells & ~(1u << from); f; f &= f - 1)
            out[n++] = TG_A_FATA + from * 9 + __builtin_ctz(f);
    }
    return n;
}

/* Open markers (src bits are only set for placed markers), as a set of cells: the Fata
 * Morgana's moves, goods to take, then tribe cards to buy, take to the hand or discard, each
 * group ascending by cell. Whether a marker is open, on goods or on a tribe card is
 * unpredictable, so the groups are emitted without branches. */
static __attribute__((noinline)) int act_legal_markers(const tafel_game *g, const targi_state *s,
                                                       int32_t *out, int n)
{
    const targi_player *pl = &s->pl[s->turn];
    int a0 = pl->marker[0], a1 = pl->marker[1];
    unsigned open = ((pl->src >> 3 & 1u) << a0) | ((pl->src >> 4 & 1u) << a1);
    unsigned tribe = ((unsigned)s->cell_kind[a0] << a0) | ((unsigned)s->cell_kind[a1] << a1);
    if (pl->open_targi >> 9 & 1)
        n = act_legal_fata(s, out, n, open);
    n = act_two(out, n, TG_A_TAKE, open & ~tribe);
    unsigned tr = open & tribe;
    if (!tr)
        return n;
    /* both slots by table (an unused slot's cell may be empty: TG_NONE & 63 is a zero row) */
    int idx = targi_pay_index(pl);
    unsigned buy = (unsigned)targi_centre_payable(pl, s->cell_card[a0] & 63, idx) << a0 |
                   (unsigned)targi_centre_payable(pl, s->cell_card[a1] & 63, idx) << a1;
    n = act_two(out, n, TG_A_BUY, tr & buy & -(unsigned)(pl->ncards < 12));
    n = act_two(out, n, TG_A_HAND, tr & -(unsigned)(pl->hand == TG_NONE));
    return act_two(out, n, TG_A_DISCARD, tr & -(unsigned)act_may_discard(g, pl));
}

/* The top-level list after the Targi when the Noble or W8 may add to it (see below). */
static __attribute__((noinline)) int act_legal_top_rest(const tafel_game *g,
                                                        const targi_state *s, int32_t *out,
                                                        int n)
{
    const targi_player *pl = &s->pl[s->turn];
    if (pl->open_targi & (1u << 1))
        n = act_legal_noble(s, out, n);
    if (act_w8_ok(s, s->turn))
        out[n++] = TG_A_W8;
    out[n++] = TG_A_END;
    if (pl->src & (TG_SRC_MARKER(0) | TG_SRC_MARKER(1)))
        n = act_legal_markers(g, s, out, n);
    return n;
}

/* Top-level choices of the action phase, emitted in ascending id order (each group is
 * ordered by a small bit set). The rarer parts are out of line and reached by tail calls, so
 * that the common path is a leaf that saves no registers. */
int targi_legal_top(const tafel_game *g, const targi_state *s, int32_t *out)
{
    const targi_player *pl = &s->pl[s->turn];
    unsigned use = pl->open_targi;
    unsigned mask = (use & ~((1u << 1) | (1u << 9) | (1u << 5) | (1u << 10))) |
                    (use & act_trade_silver_bits(g, pl));
    /* at most 3 Targi, listed first; branch-free, without a chain through n */
    unsigned m1 = mask & (mask - 1), m2 = m1 & (m1 - 1);
    out[0] = TG_A_USE + __builtin_ctz(mask | 0x10000u);
    out[1] = TG_A_USE + __builtin_ctz(m1 | 0x10000u);
    out[2] = TG_A_USE + __builtin_ctz(m2 | 0x10000u);
    int n = (mask != 0) + (m1 != 0) + (m2 != 0);
    if ((use >> 1 & 1) | (unsigned)targi_owns(pl, C_W8))
        return act_legal_top_rest(g, s, out, n);
    out[n++] = TG_A_END;
    if (pl->src & (TG_SRC_MARKER(0) | TG_SRC_MARKER(1)))
        return act_legal_markers(g, s, out, n);
    return n;
}

/* A Targi on a goods card, the Caravan or the Tribal Expansion always has an action. */
#define ACT_ALWAYS ((1u << 2) | (1u << 3) | (1u << 6) | (1u << 7) | (1u << 11) | (1u << 13) | \
                    (1u << 14) | (1u << 15))

/* Is there anything but "end" among the top-level choices, with no Targi of ACT_ALWAYS open?
 * (cheap form of targi_legal_top; out of line: targi_continue mostly returns before it) */
static __attribute__((noinline)) int act_has_action(const tafel_game *g, const targi_state *s)
{
    int p = s->turn;
    const targi_player *pl = &s->pl[p];
    for (unsigned use = pl->open_targi; use; use &= use - 1) {
        switch (__builtin_ctz(use)) {
        case 1:
            if (pl->hand != TG_NONE && pl->hand_round < s->round)
                return 1;
            break;
        case 9:
            for (int k = 0; k < pl->nmarker; k++)
                if (pl->src & TG_SRC_MARKER(k))
                    for (int to = 0; to < 9; to++)
                        if (to != pl->marker[k] && !s->cell_down[to] && s->cell_mark[to] < 0)
                            return 1;
            break;
        case 5:
            if (act_can_trade(g, pl))
                return 1;
            break;
        case 10:
            if (act_can_silver(g, pl))
                return 1;
            break;
        default:
            return 1;
        }
    }
    /* an open marker (src bits are only set for placed markers) on goods, or on a tribe card
     * he may take to his hand, discard or buy */
    unsigned open = pl->src & (TG_SRC_MARKER(0) | TG_SRC_MARKER(1));
    if (open) {
        if ((pl->hand == TG_NONE) | act_may_discard(g, pl))
            return 1;
        for (int k = 0; k < 2; k++)
            if (open & TG_SRC_MARKER(k)) {
                int c = pl->marker[k];
                if (s->cell_kind[c] == TG_KIND_GOODS ||
                    act_can_buy(s, p, s->cell_card[c], TG_VIA_CENTRE))
                    return 1;
            }
    }
    return act_w8_ok(s, p);
}

int targi_legal_act(const tafel_game *g, const targi_state *s, int32_t *out)
{
    int p = s->turn, n = 0;
    const targi_player *pl = &s->pl[p];
    switch (s->pend) {
    case TG_P_NONE:
        return targi_legal_top(g, s, out);
    case TG_P_CHOOSE:
        for (int k = 0; k < 3; k++)
            out[n++] = TG_A_CHOOSE + k;
        return n;
    case TG_P_PAY:
        return targi_pay_options(s, p, s->pend_card, s->pend_via, TG_A_PAY, out);
    case TG_P_ROW: /* here and below each choice written, kept by its (random) condition */
        for (int r = 0; r < 3; r++) {
            out[n] = TG_A_ROW + r;
            n += pl->rowlen[r] < 4;
        }
        return n;
    case TG_P_TRIBE: {
        int via = s->pend_cell == TG_NONE ? TG_VIA_DRAWN : TG_VIA_CENTRE;
        out[n] = TG_A_TRIBE_BUY;
        n += act_can_buy(s, p, s->pend_card, via);
        out[n] = TG_A_TRIBE_HAND;
        n += pl->hand == TG_NONE;
        out[n] = TG_A_TRIBE_DISCARD;
        n += act_may_discard(g, pl);
        out[n] = TG_A_TRIBE_LEAVE;
        return n + (s->pend_cell != TG_NONE);
    }
    case TG_P_TRADE:
        n = targi_trade_options(g, s, p, TG_A_TRADE, out);
        out[n++] = TG_A_DONE;
        return n;
    case TG_P_SILVER:
        return targi_silver_options(g, s, p, TG_A_SILVER, out);
    case TG_P_SWAP:
        out[n++] = TG_A_DONE;
        for (int i = 0; i < 12; i++) {
            if (i % 4 >= pl->rowlen[i / 4])
                continue;
            for (int j = i + 1; j < 12; j++)
                if (j % 4 < pl->rowlen[j / 4])
                    out[n++] = TG_A_SWAP + i * 12 + j;
        }
        return n;
    case TG_P_A9:
        out[n++] = TG_A_A9_GOODS;
        out[n++] = TG_A_A9_GOLD;
        out[n++] = TG_A_A9_VP;
        return n;
    }
    return 0;
}

/* After a step of the action phase: replace a used centre card, or end a phase with nothing
 * left to do. */
void targi_continue(const tafel_game *g, targi_state *s)
{
    if ((s->stage ^ TG_ST_ACT) | s->pend | s->chance) /* one branch for three tests */
        return;
    if (s->repl_cell != TG_NONE) {
        targi_set_chance(s, TG_CH_REPL);
        return;
    }
    if (!(s->pl[s->turn].open_targi & ACT_ALWAYS) && !act_has_action(g, s))
        targi_end_phase(g, s);
}

static void act_use_cell(targi_state *s, int c)
{
    s->cell_mark[c] = -1;
    s->cell_card[c] = TG_NONE;
    s->cell_kind[c] ^= 1;
    s->repl_cell = (uint8_t)c;
}

/* Without a branch on the card's contents: the card drawn or taken is random. */
void targi_receive(targi_state *s, int p, int t)
{
    targi_player *pl = &s->pl[p];
    const targi_goods_card *gc = &targi_goods[t];
    unsigned g0 = gc->goods[0], g1 = gc->goods[1], g2 = gc->goods[2];
    unsigned kinds = (g0 != 0) | (g1 != 0) << 1 | (g2 != 0) << 2;
    act_purse_change(pl, act_purse(g0, g1, g2, gc->gold), 0);
    pl->got |= (uint8_t)(kinds | (kinds != 0) * TG_GOT_ANY);
    pl->vp += gc->vp;
    unsigned choice = gc->choice;
    s->pend = (uint8_t)(choice ? TG_P_CHOOSE : s->pend);
    s->pend_n = (uint8_t)(choice ? 1 : s->pend_n);
    s->pend_flag = (uint8_t)(choice ? TG_CHOOSE_FROM_CARD : s->pend_flag);
}

static void act_take_cell(targi_state *s, int p, int c)
{
    int t = s->cell_card[c];
    s->gdisc[t]++;
    act_use_cell(s, c);
    targi_receive(s, p, t);
}

static void act_resolve_targi(targi_player *pl, int b)
{
    pl->open_targi &= (uint16_t)~(1u << b);
}

/* The open marker on cell c (src bits are only set for placed markers): its slot, or -1. */
static int act_resolve_marker(targi_player *pl, int c)
{
    int m0 = (pl->marker[0] == c) & ((pl->src & TG_SRC_MARKER(0)) != 0);
    int m1 = (pl->marker[1] == c) & ((pl->src & TG_SRC_MARKER(1)) != 0) & !m0;
    /* arithmetic, not conditionals: the compiler made those branches, random in play */
    pl->src &= (uint8_t)~(TG_SRC_MARKER(0) * (unsigned)m0 | TG_SRC_MARKER(1) * (unsigned)m1);
    return m1 - !(m0 | m1); /* 0, 1, or -1 for neither */
}

static void act_place_card(targi_state *s, int p, int card, int row)
{
    targi_player *pl = &s->pl[p];
    pl->disp[row * 4 + pl->rowlen[row]] = (uint8_t)card;
    pl->rowlen[row]++;
    pl->ncards++;
    pl->owned |= 1ull << card;
    targi_pend_clear(s);
    if (pl->ncards == 12)
        s->end_flag = 1;
    switch (card) {
    case C_O9:
        if (pl->ncards >= 2) {
            s->pend = TG_P_SWAP;
            s->pend_n = 2;
        }
        break;
    case C_C9:
        if ((12 - pl->ncards) / 2 > 0) {
            s->pend = TG_P_CHOOSE;
            s->pend_n = (uint8_t)((12 - pl->ncards) / 2);
        }
        break;
    case C_W7:
        if (pl->ncards / 2 > 0) {
            s->pend = TG_P_CHOOSE;
            s->pend_n = (uint8_t)(pl->ncards / 2);
        }
        break;
    case C_A9:
        s->pend = TG_P_A9;
        break;
    case C_T9:
        s->pl[1 - p].t9_next = 1;
        break;
    case C_W9:
        pl->w9gold = 1;
        break;
    }
}

static void act_pay(targi_state *s, int p, int code)
{
    targi_player *pl = &s->pl[p];
    int gm = code % 3, v = code / 3;
    act_purse_change(pl, 0, act_purse((unsigned)v / 16, (unsigned)v / 4 % 4, (unsigned)v % 4,
                                      gm == 1));
    if (gm == 2)
        pl->w9gold = 0;
    int card = s->pend_card;
    switch (s->pend_via) {
    case TG_VIA_CENTRE:
        act_use_cell(s, s->pend_cell);
        break;
    case TG_VIA_NOBLE:
    case TG_VIA_W8:
        pl->hand = TG_NONE;
        pl->hand_secret = 0;
        pl->hand_round = 0;
        pl->hand_gen = 0;
        break;
    }
    int free_row = -1, nfree = 0;
    for (int r = 0; r < 3; r++)
        if (pl->rowlen[r] < 4) {
            free_row = r;
            nfree++;
        }
    if (nfree == 1) {
        act_place_card(s, p, card, free_row);
    } else {
        targi_pend_clear(s);
        s->pend = TG_P_ROW;
        s->pend_card = (uint8_t)card;
    }
}

static void act_start_pay(targi_state *s, int card, int via, int cell)
{
    targi_pend_clear(s);
    s->pend = TG_P_PAY;
    s->pend_card = (uint8_t)card;
    s->pend_via = (uint8_t)via;
    s->pend_cell = (uint8_t)cell;
}

static void act_to_hand(targi_state *s, targi_player *pl, int card, int secret, int gen)
{
    pl->hand = (uint8_t)card;
    pl->hand_secret = (uint8_t)secret;
    pl->hand_gen = (uint8_t)(secret ? gen : 0);
    pl->hand_round = s->round;
}

/* Using a Targi, the commonest action of all. By table, not by switch: the border used is
 * random, a jump on it mispredicts. */
static void act_apply_use(const tafel_game *g, targi_state *s, int32_t a)
{
    /* the goods a border gives, as one word over goods[0..2] and gold (one good of a kind) */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    enum { D = 1, S = 1 << 8, P = 1 << 16 };
#else
    enum { D = 1 << 24, S = 1 << 16, P = 1 << 8 };
#endif
    static const uint32_t good[17] = {[2] = D, [7] = D, [3] = S, [15] = S, [6] = P, [11] = P};
    static const uint8_t pend[17] = {[5] = TG_P_TRADE, [10] = TG_P_SILVER};
    static const uint8_t chance[17] = {[13] = TG_CH_CARAVAN, [14] = TG_CH_EXPANSION};
    targi_player *pl = &s->pl[s->turn];
    int b = a - TG_A_USE;
    act_resolve_targi(pl, b);
    uint32_t w;
    memcpy(&w, pl->goods, 4);
    w += good[b]; /* goods stay far below 256: no carry into the next byte */
    memcpy(pl->goods, &w, 4);
    s->pend = pend[b];
    if (chance[b])
        targi_set_chance(s, chance[b]);
    targi_continue(g, s);
}

void targi_apply_act(const tafel_game *g, targi_state *s, int32_t a)
{
    int p = s->turn;
    targi_player *pl = &s->pl[p];
    if (a >= TG_A_USE && a < TG_A_USE + 17) {
        act_apply_use(g, s, a);
        return;
    } else if (a == TG_A_NOBLE_PLAY) {
        act_resolve_targi(pl, 1);
        act_start_pay(s, pl->hand, TG_VIA_NOBLE, 0);
    } else if (a == TG_A_NOBLE_DISCARD) {
        act_resolve_targi(pl, 1);
        s->tdisc |= 1ull << pl->hand;
        pl->hand = TG_NONE;
        pl->hand_secret = pl->hand_round = pl->hand_gen = 0;
    } else if (a == TG_A_W8) {
        pl->w8_used = 1;
        act_start_pay(s, pl->hand, TG_VIA_W8, 0);
    } else if (a == TG_A_END) {
        targi_end_phase(g, s);
        return;
    } else if (a >= TG_A_FATA && a < TG_A_TAKE) {
        int from = (a - TG_A_FATA) / 9, to = (a - TG_A_FATA) % 9;
        act_resolve_targi(pl, 9);
        int i = act_resolve_marker(pl, from);
        s->cell_mark[from] = -1;
        s->cell_mark[to] = (int8_t)p;
        pl->marker[i] = (uint8_t)to;
        if (s->cell_kind[to] == TG_KIND_GOODS) {
            act_take_cell(s, p, to);
        } else {
            s->pend = TG_P_TRIBE;
            s->pend_card = s->cell_card[to];
            s->pend_cell = (uint8_t)to;
        }
    } else if (a >= TG_A_TAKE && a < TG_A_BUY) {
        act_resolve_marker(pl, a - TG_A_TAKE);
        act_take_cell(s, p, a - TG_A_TAKE);
    } else if (a >= TG_A_BUY && a < TG_A_HAND) {
        int c = a - TG_A_BUY;
        act_resolve_marker(pl, c);
        act_start_pay(s, s->cell_card[c], TG_VIA_CENTRE, c);
    } else if (a >= TG_A_HAND && a < TG_A_DISCARD) {
        int c = a - TG_A_HAND;
        act_resolve_marker(pl, c);
        act_to_hand(s, pl, s->cell_card[c], 0, 0);
        act_use_cell(s, c);
    } else if (a >= TG_A_DISCARD && a < TG_A_CHOOSE) {
        int c = a - TG_A_DISCARD;
        act_resolve_marker(pl, c);
        s->tdisc |= 1ull << s->cell_card[c];
        act_use_cell(s, c);
    } else if (a >= TG_A_CHOOSE && a < TG_A_TRIBE_BUY) {
        int k = a - TG_A_CHOOSE;
        act_purse_change(pl, act_purse(k == 0, k == 1, k == 2, 0), 0);
        if (s->pend_flag & TG_CHOOSE_FROM_CARD)
            pl->got |= (uint8_t)((1 << k) | TG_GOT_ANY);
        if (--s->pend_n == 0)
            targi_pend_clear(s);
    } else if (a == TG_A_TRIBE_BUY) {
        int cell = s->pend_cell;
        if (cell == TG_NONE)
            act_start_pay(s, s->pend_card, TG_VIA_DRAWN, 0);
        else
            act_start_pay(s, s->pend_card, TG_VIA_CENTRE, cell);
    } else if (a == TG_A_TRIBE_HAND) {
        if (s->pend_cell == TG_NONE) {
            act_to_hand(s, pl, s->pend_card, 1, s->pend_gen);
        } else {
            act_to_hand(s, pl, s->pend_card, 0, 0);
            act_use_cell(s, s->pend_cell);
        }
        targi_pend_clear(s);
    } else if (a == TG_A_TRIBE_DISCARD) {
        s->tdisc |= 1ull << s->pend_card;
        if (s->pend_cell != TG_NONE)
            act_use_cell(s, s->pend_cell);
        targi_pend_clear(s);
    } else if (a == TG_A_TRIBE_LEAVE) {
        targi_pend_clear(s);
    } else if (a >= TG_A_PAY && a < TG_A_ROW) {
        act_pay(s, p, a - TG_A_PAY);
    } else if (a >= TG_A_ROW && a < TG_A_TRADE) {
        act_place_card(s, p, s->pend_card, a - TG_A_ROW);
    } else if (a >= TG_A_TRADE && a < TG_A_DONE) {
        int c = a - TG_A_TRADE, r = c % 4, v = c / 4;
        act_purse_change(pl, act_purse(r == 1, r == 2, r == 3, r == 0),
                         act_purse((unsigned)v / 16, (unsigned)v / 4 % 4, (unsigned)v % 4, 0));
        s->pend_flag |= (uint8_t)(1u << r >> 1); /* good r - 1 received this visit */
    } else if (a == TG_A_DONE) {
        targi_pend_clear(s);
    } else if (a >= TG_A_SILVER && a < TG_A_SWAP) {
        int c = a - TG_A_SILVER, gd = c % 3, v = c / 3;
        int d = v / 25, sa = v / 5 % 5, pe = v % 5;
        act_purse_change(pl, 0,
                         act_purse((unsigned)d, (unsigned)sa, (unsigned)pe, (unsigned)gd));
        int cnt = d + sa + pe;
        pl->vp += (uint16_t)(gd ? 2 * gd : cnt == 2 ? 1 : 3);
        targi_pend_clear(s);
    } else if (a >= TG_A_SWAP && a < TG_A_A9_GOODS) {
        int i = (a - TG_A_SWAP) / 12, j = (a - TG_A_SWAP) % 12;
        uint8_t t = pl->disp[i];
        pl->disp[i] = pl->disp[j];
        pl->disp[j] = t;
        if (--s->pend_n == 0)
            targi_pend_clear(s);
    } else if (a == TG_A_A9_GOODS) {
        targi_pend_clear(s);
        s->pend = TG_P_CHOOSE;
        s->pend_n = 3;
    } else if (a == TG_A_A9_GOLD) {
        pl->gold++;
        targi_pend_clear(s);
    } else if (a == TG_A_A9_VP) {
        pl->vp++;
        targi_pend_clear(s);
    }
    targi_continue(g, s);
}
