/* targi_rules.c: Targi's state machine: setup, rounds, placement, actions, raids, limits, end. */
#include <string.h>

#include "targi_state.h"

#define C_O6 TG_CARD(TG_SYM_O, 6)
#define C_O7 TG_CARD(TG_SYM_O, 7)
#define C_O8 TG_CARD(TG_SYM_O, 8)
#define C_O9 TG_CARD(TG_SYM_O, 9)
#define C_C8 TG_CARD(TG_SYM_C, 8)
#define C_C9 TG_CARD(TG_SYM_C, 9)
#define C_W6 TG_CARD(TG_SYM_W, 6)
#define C_W7 TG_CARD(TG_SYM_W, 7)
#define C_W8 TG_CARD(TG_SYM_W, 8)
#define C_W9 TG_CARD(TG_SYM_W, 9)
#define C_T9 TG_CARD(TG_SYM_T, 9)
#define C_A7 TG_CARD(TG_SYM_A, 7)
#define C_A8 TG_CARD(TG_SYM_A, 8)
#define C_A9 TG_CARD(TG_SYM_A, 9)

static void rules_continue(const tafel_game *g, targi_state *s);
static void rules_start_round(targi_state *s);

static void rules_pend_clear(targi_state *s)
{
    s->pend = TG_P_NONE;
    s->pend_card = 0;
    s->pend_cell = 0;
    s->pend_n = 0;
    s->pend_via = 0;
    s->pend_secret = 0;
    s->pend_gen = 0;
    s->pend_flag = 0;
}

void targi_init(const tafel_game *g, void *state)
{
    (void)g;
    targi_state *s = state;
    memset(s, 0, sizeof *s);
    for (int p = 0; p < 2; p++) {
        targi_player *pl = &s->pl[p];
        pl->goods[0] = pl->goods[1] = pl->goods[2] = 2;
        pl->gold = 1;
        pl->vp = 4;
        pl->hand = TG_NONE;
    }
    s->tdeck = (1ull << TG_NTRIBE) - 1;
    for (int t = 0; t < TG_NGOODS_TYPES; t++) {
        s->gdeck[t] = targi_goods[t].count;
        s->gdeck_n += targi_goods[t].count;
    }
    for (int c = 0; c < 9; c++) {
        s->cell_kind[c] = (c & 1) ? TG_KIND_TRIBE : TG_KIND_GOODS; /* checkerboard [D-20] */
        s->cell_card[c] = TG_NONE;
        s->cell_mark[c] = -1;
    }
    for (int b = 0; b < 17; b++)
        s->border[b] = -1;
    s->repl_cell = TG_NONE;
    s->stage = TG_ST_SETUP;
    s->chance = TG_CH_SETUP;
}

int targi_current_player(const tafel_game *g, const void *state)
{
    (void)g;
    const targi_state *s = state;
    if (s->stage == TG_ST_OVER)
        return TAFEL_TERMINAL;
    if (s->chance)
        return TAFEL_CHANCE;
    return s->turn;
}

/* ---- decks ---- */

/* An empty deck is refilled from its discard pile [D-5]; a new generation for resample. */
static void rules_ensure_deck(targi_state *s, int kind)
{
    if (kind == TG_KIND_GOODS) {
        if (s->gdeck_n)
            return;
        for (int t = 0; t < TG_NGOODS_TYPES; t++) {
            s->gdeck[t] = s->gdisc[t];
            s->gdeck_n += s->gdisc[t];
            s->gdisc[t] = 0;
        }
        s->ggen++;
    } else {
        if (s->tdeck)
            return;
        s->tdeck = s->tdisc;
        s->tdisc = 0;
        s->tgen++;
    }
}

static int rules_deck_kind(const targi_state *s)
{
    switch (s->chance) {
    case TG_CH_SETUP:
        return s->cell_kind[s->setup_step];
    case TG_CH_REPL:
        return s->cell_kind[s->repl_cell];
    case TG_CH_CARAVAN:
        return TG_KIND_GOODS;
    default:
        return TG_KIND_TRIBE;
    }
}

#define R4(k) 1.0 / (k), 1.0 / (k + 1), 1.0 / (k + 2), 1.0 / (k + 3)
static const double rules_recip[48] = {
    0, 1, 1.0 / 2, 1.0 / 3, R4(4), R4(8), R4(12), R4(16), R4(20), R4(24), R4(28),
    R4(32), R4(36), R4(40), R4(44),
};
#undef R4

int targi_chance_outcomes(const tafel_game *g, const void *state, tafel_chance *out)
{
    (void)g;
    const targi_state *s = state;
    if (!s->chance || s->stage == TG_ST_OVER)
        return 0;
    if (s->chance == TG_CH_START) {
        out[0] = (tafel_chance){TG_CH_START_PLAYER, 0.5};
        out[1] = (tafel_chance){TG_CH_START_PLAYER + 1, 0.5};
        return 2;
    }
    int n = 0;
    if (rules_deck_kind(s) == TG_KIND_GOODS) {
        double inv = rules_recip[s->gdeck_n];
        for (int t = 0; t < TG_NGOODS_TYPES; t++)
            if (s->gdeck[t])
                out[n++] = (tafel_chance){TG_CH_GOODS + t, s->gdeck[t] * inv};
    } else {
        double inv = rules_recip[targi_popcount(s->tdeck)];
        for (uint64_t m = s->tdeck; m; m &= m - 1)
            out[n++] = (tafel_chance){TG_CH_TRIBE + __builtin_ctzll(m), inv};
    }
    return n;
}

static void rules_set_chance(targi_state *s, int chance)
{
    s->chance = (uint8_t)chance;
    rules_ensure_deck(s, rules_deck_kind(s));
}

/* ---- placement ---- */

int targi_can_place(const targi_state *s, int p, int b)
{
    if (b < 1 || b > 15 || targi_corner(b) || s->border[b] >= 0)
        return 0;
    if (s->robber == b && !targi_owns(&s->pl[p], C_W6))
        return 0;
    return s->border[targi_opposite(b)] != 1 - p;
}

static void rules_markers(targi_state *s)
{
    for (int p = 0; p < 2; p++) {
        targi_player *pl = &s->pl[p];
        int cols = 0, rows = 0;
        for (int i = 0; i < pl->ntargi; i++) {
            int b = pl->targi[i];
            if (b <= 3)
                cols |= 1 << (b - 1);
            else if (b >= 9 && b <= 11)
                cols |= 1 << (11 - b);
            else if (b >= 5 && b <= 7)
                rows |= 1 << (b - 5);
            else
                rows |= 1 << (15 - b);
        }
        pl->nmarker = 0;
        for (unsigned rm = rows; rm; rm &= rm - 1)
            for (unsigned cm = cols; cm; cm &= cm - 1) {
                int cell = __builtin_ctz(rm) * 3 + __builtin_ctz(cm);
                pl->marker[pl->nmarker++] = (uint8_t)cell;
                s->cell_mark[cell] = (int8_t)p;
            }
        pl->src = (uint8_t)((1u << pl->ntargi) - 1);
        pl->open_targi = 0;
        for (int i = 0; i < pl->ntargi; i++)
            pl->open_targi |= (uint16_t)(1u << pl->targi[i]);
        for (int i = 0; i < pl->nmarker; i++)
            pl->src |= (uint8_t)TG_SRC_MARKER(i);
    }
}

static void rules_begin_place(targi_state *s)
{
    for (int p = 0; p < 2; p++) {
        targi_player *pl = &s->pl[p];
        pl->maxtargi = pl->t9_next ? 2 : 3;
        pl->t9_next = 0;
        pl->ntargi = 0;
    }
    s->stage = TG_ST_PLACE;
    s->turn = s->start;
    s->blocked[0] = s->blocked[1] = 0x1111; /* the corners (and the unused 0) */
}

/* ---- raids ---- */

static void rules_raid_next(targi_state *s)
{
    if (s->turn == s->start) {
        s->turn = 1 - s->start;
        return;
    }
    if (s->raid == 4) {
        s->stage = TG_ST_OVER;
        return;
    }
    s->raid = 0;
    s->robber++;
    rules_begin_place(s);
}

static void rules_raid_pay(const tafel_game *g, targi_state *s, int32_t a)
{
    targi_player *pl = &s->pl[s->turn];
    int k = s->raid;
    if (a == TG_A_RAID_VP) {
        pl->vp -= (uint16_t)targi_raid_vp(k);
    } else if (a == TG_A_RAID_GOLD) {
        pl->gold--;
    } else if (a >= TG_A_RAID_GOODS) {
        int c = a - TG_A_RAID_GOODS;
        pl->goods[0] -= (uint8_t)(c / 16);
        pl->goods[1] -= (uint8_t)(c / 4 % 4);
        pl->goods[2] -= (uint8_t)(c % 4);
    } else {
        /* Neither option payable: the VP option as far as it goes [D-6]. */
        int owed = targi_raid_vp(k), paid = pl->vp < owed ? pl->vp : owed;
        pl->vp -= (uint16_t)paid;
        if (g->params[TG_PARAM_SHORTFALL])
            s->pl[1 - s->turn].vp += (uint16_t)(owed - paid);
    }
    if (targi_owns(pl, C_A7))
        pl->vp++;
    rules_raid_next(s);
}

/* Resolve raid payments that need no decision (O6, one or no option). */
static void rules_raid_auto(const tafel_game *g, targi_state *s)
{
    int32_t opts[TG_MAX_LEGAL];
    while (s->stage == TG_ST_RAID) {
        targi_player *pl = &s->pl[s->turn];
        if (targi_owns(pl, C_O6)) {
            if (targi_owns(pl, C_A7))
                pl->vp++;
            rules_raid_next(s);
            continue;
        }
        int n = targi_raid_options(s, s->turn, opts);
        if (n >= 2)
            return;
        rules_raid_pay(g, s, n == 1 ? opts[0] : -1);
    }
}

/* ---- rounds ---- */

static void rules_start_round_g(const tafel_game *g, targi_state *s)
{
    rules_start_round(s);
    if (s->stage == TG_ST_RAID)
        rules_raid_auto(g, s);
}

static void rules_start_round(targi_state *s)
{
    s->round++;
    s->robber = s->round == 1 ? 1 : s->robber + 1;
    if (targi_corner(s->robber)) {
        s->raid = (uint8_t)(s->robber / 4);
        s->stage = TG_ST_RAID;
        s->turn = s->start;
        return;
    }
    rules_begin_place(s);
}

static void rules_end_round(const tafel_game *g, targi_state *s)
{
    if (s->end_flag) {
        s->stage = TG_ST_OVER;
        return;
    }
    for (int c = 0; c < 9; c++) {
        s->cell_down[c] = 0;
        s->cell_gen[c] = 0;
        s->cell_mark[c] = -1;
    }
    for (int b = 0; b < 17; b++)
        s->border[b] = -1;
    for (int p = 0; p < 2; p++) {
        targi_player *pl = &s->pl[p];
        pl->ntargi = pl->nmarker = pl->src = pl->got = pl->w8_used = 0;
        pl->open_targi = 0;
        memset(pl->targi, 0, sizeof pl->targi);
        memset(pl->marker, 0, sizeof pl->marker);
    }
    s->start = (uint8_t)(1 - s->start);
    rules_start_round_g(g, s);
}

static void rules_next_phase(const tafel_game *g, targi_state *s)
{
    rules_pend_clear(s);
    if (s->turn == s->start) {
        s->turn = (uint8_t)(1 - s->start);
        s->stage = TG_ST_ACT;
        rules_continue(g, s);
    } else {
        rules_end_round(g, s);
    }
}

static void rules_limits(const tafel_game *g, targi_state *s)
{
    targi_player *pl = &s->pl[s->turn];
    if (pl->gold > 3)
        pl->gold = 3;
    if (targi_goods_total(pl) > 10) {
        s->stage = TG_ST_LIMIT;
        return;
    }
    rules_next_phase(g, s);
}

/* End of a player's action phase: goods-card abilities [D-9], then limits [D-17]. */
static void rules_end_phase(const tafel_game *g, targi_state *s)
{
    targi_player *pl = &s->pl[s->turn];
    rules_pend_clear(s);
    if (targi_owns(pl, C_O7) && (pl->got & (1 << TG_SALT)))
        pl->goods[TG_SALT]++;
    if (targi_owns(pl, C_C8) && (pl->got & (1 << TG_PEPPER)))
        pl->goods[TG_PEPPER]++;
    if (targi_owns(pl, C_A8) && (pl->got & (1 << TG_DATE)))
        pl->goods[TG_DATE]++;
    if (targi_owns(pl, C_O8) && !(pl->got & TG_GOT_ANY)) {
        s->stage = TG_ST_O8;
        return;
    }
    rules_limits(g, s);
}

/* ---- action phase ---- */

static int rules_w8_ok(const targi_state *s, int p)
{
    const targi_player *pl = &s->pl[p];
    return targi_owns(pl, C_W8) && !pl->w8_used && pl->hand != TG_NONE &&
           pl->hand_round < s->round && pl->ncards < 12 &&
           targi_can_pay(s, p, pl->hand, TG_VIA_W8);
}

static int rules_can_trade(const tafel_game *g, const targi_player *pl)
{
    int tot = targi_goods_total(pl);
    if (g->params[TG_PARAM_MIXED])
        return tot >= 2 || (tot >= 1 && targi_owns(pl, TG_CARD(TG_SYM_T, 8)));
    if (tot >= 1 && targi_owns(pl, TG_CARD(TG_SYM_T, 8)))
        return 1;
    return pl->goods[0] >= 2 || pl->goods[1] >= 2 || pl->goods[2] >= 2;
}

static int rules_can_silver(const targi_player *pl)
{
    return pl->gold >= 1 || pl->goods[0] >= 2 || pl->goods[1] >= 2 || pl->goods[2] >= 2;
}

/* A drawn or marked tribe card may be bought: a free space and a way to pay. */
static int rules_can_buy(const targi_state *s, int p, int card, int via)
{
    return s->pl[p].ncards < 12 && targi_can_pay(s, p, card, via);
}

static int rules_may_discard(const tafel_game *g, const targi_player *pl)
{
    return g->params[TG_PARAM_TRIBE_RULE] == TG_RULE_AUTHOR || pl->hand != TG_NONE;
}

/* Top-level choices of the action phase, emitted in ascending id order (each group is
 * ordered by a small bit set). */
static int rules_legal_top(const tafel_game *g, const targi_state *s, int32_t *out)
{
    int p = s->turn, n = 0;
    const targi_player *pl = &s->pl[p];
    unsigned use = pl->open_targi;
    unsigned mask = use & ~((1u << 1) | (1u << 9) | (1u << 5) | (1u << 10));
    if ((use >> 5 & 1) && rules_can_trade(g, pl))
        mask |= 1u << 5;
    if ((use >> 10 & 1) && rules_can_silver(pl))
        mask |= 1u << 10;
    for (; mask; mask &= mask - 1)
        out[n++] = TG_A_USE + __builtin_ctz(mask);
    if ((use & 2) && pl->hand != TG_NONE && pl->hand_round < s->round) {
        if (rules_can_buy(s, p, pl->hand, TG_VIA_NOBLE))
            out[n++] = TG_A_NOBLE_PLAY;
        out[n++] = TG_A_NOBLE_DISCARD;
    }
    if (targi_owns(pl, C_W8) && rules_w8_ok(s, p))
        out[n++] = TG_A_W8;
    out[n++] = TG_A_END;
    int mc[2], nm = 0;
    for (int i = 0; i < pl->nmarker; i++)
        if (pl->src & TG_SRC_MARKER(i))
            mc[nm++] = pl->marker[i];
    if (nm == 0)
        return n;
    if (nm == 2 && mc[0] > mc[1]) {
        int t = mc[0];
        mc[0] = mc[1];
        mc[1] = t;
    }
    if (use >> 9 & 1) {
        unsigned free_cells = 0;
        for (int c = 0; c < 9; c++)
            if (!s->cell_down[c] && s->cell_mark[c] < 0 && s->cell_card[c] != TG_NONE)
                free_cells |= 1u << c;
        for (int i = 0; i < nm; i++)
            for (unsigned f = free_cells & ~(1u << mc[i]); f; f &= f - 1)
                out[n++] = TG_A_FATA + mc[i] * 9 + __builtin_ctz(f);
    }
    unsigned tribe = 0;
    for (int i = 0; i < nm; i++) {
        if (s->cell_kind[mc[i]] == TG_KIND_GOODS)
            out[n++] = TG_A_TAKE + mc[i];
        else
            tribe |= 1u << i;
    }
    if (!tribe)
        return n;
    for (int i = 0; i < nm; i++)
        if ((tribe >> i & 1) && rules_can_buy(s, p, s->cell_card[mc[i]], TG_VIA_CENTRE))
            out[n++] = TG_A_BUY + mc[i];
    if (pl->hand == TG_NONE)
        for (int i = 0; i < nm; i++)
            if (tribe >> i & 1)
                out[n++] = TG_A_HAND + mc[i];
    if (rules_may_discard(g, pl))
        for (int i = 0; i < nm; i++)
            if (tribe >> i & 1)
                out[n++] = TG_A_DISCARD + mc[i];
    return n;
}

/* Is there anything but "end" among the top-level choices? (cheap form of rules_legal_top) */
static int rules_has_action(const tafel_game *g, const targi_state *s)
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
            if (rules_can_trade(g, pl))
                return 1;
            break;
        case 10:
            if (rules_can_silver(pl))
                return 1;
            break;
        default:
            return 1;
        }
    }
    for (int k = 0; k < pl->nmarker; k++)
        if (pl->src & TG_SRC_MARKER(k)) {
            int c = pl->marker[k];
            if (s->cell_kind[c] == TG_KIND_GOODS || pl->hand == TG_NONE ||
                rules_may_discard(g, pl) || rules_can_buy(s, p, s->cell_card[c], TG_VIA_CENTRE))
                return 1;
        }
    return rules_w8_ok(s, p);
}

static int rules_legal_act(const tafel_game *g, const targi_state *s, int32_t *out)
{
    int p = s->turn, n = 0;
    const targi_player *pl = &s->pl[p];
    int opts[TG_MAX_LEGAL];
    switch (s->pend) {
    case TG_P_NONE:
        return rules_legal_top(g, s, out);
    case TG_P_CHOOSE:
        for (int k = 0; k < 3; k++)
            out[n++] = TG_A_CHOOSE + k;
        return n;
    case TG_P_PAY: {
        int m = targi_pay_options(s, p, s->pend_card, s->pend_via, opts);
        for (int i = 0; i < m; i++)
            out[n++] = TG_A_PAY + opts[i];
        return n;
    }
    case TG_P_ROW:
        for (int r = 0; r < 3; r++)
            if (pl->rowlen[r] < 4)
                out[n++] = TG_A_ROW + r;
        return n;
    case TG_P_TRIBE: {
        int via = s->pend_cell == TG_NONE ? TG_VIA_DRAWN : TG_VIA_CENTRE;
        if (rules_can_buy(s, p, s->pend_card, via))
            out[n++] = TG_A_TRIBE_BUY;
        if (pl->hand == TG_NONE)
            out[n++] = TG_A_TRIBE_HAND;
        if (rules_may_discard(g, pl))
            out[n++] = TG_A_TRIBE_DISCARD;
        if (s->pend_cell != TG_NONE)
            out[n++] = TG_A_TRIBE_LEAVE;
        return n;
    }
    case TG_P_TRADE: {
        int m = targi_trade_options(g, s, p, opts);
        for (int i = 0; i < m; i++)
            out[n++] = TG_A_TRADE + opts[i];
        out[n++] = TG_A_DONE;
        return n;
    }
    case TG_P_SILVER: {
        int m = targi_silver_options(g, s, p, opts);
        for (int i = 0; i < m; i++)
            out[n++] = TG_A_SILVER + opts[i];
        return n;
    }
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

int targi_legal_actions(const tafel_game *g, const void *state, int32_t *out)
{
    const targi_state *s = state;
    if (s->chance || s->stage == TG_ST_OVER)
        return 0;
    int n = 0;
    const targi_player *pl = &s->pl[s->turn];
    switch (s->stage) {
    case TG_ST_RAID:
        return targi_raid_options(s, s->turn, out);
    case TG_ST_PLACE: {
        uint32_t blocked = s->blocked[s->turn];
        if (!targi_owns(pl, C_W6))
            blocked |= 1u << s->robber;
        for (uint32_t m = ~blocked & 0xfffeu; m; m &= m - 1)
            out[n++] = TG_A_PLACE + __builtin_ctz(m);
        return n;
    }
    case TG_ST_ACT:
        if (s->pend == TG_P_NONE)
            return rules_legal_top(g, s, out);
        return rules_legal_act(g, s, out);
    case TG_ST_O8:
        for (int k = 0; k < 3; k++)
            out[n++] = TG_A_CHOOSE + k;
        return n;
    case TG_ST_LIMIT:
        for (int k = 0; k < 3; k++)
            if (pl->goods[k])
                out[n++] = TG_A_RETURN + k;
        return n;
    }
    return 0;
}

/* After a step of the action phase: replace a used centre card, or end a phase with nothing
 * left to do. */
static void rules_continue(const tafel_game *g, targi_state *s)
{
    if (s->stage != TG_ST_ACT || s->pend != TG_P_NONE || s->chance)
        return;
    if (s->repl_cell != TG_NONE) {
        rules_set_chance(s, TG_CH_REPL);
        return;
    }
    if (!rules_has_action(g, s))
        rules_end_phase(g, s);
}

static void rules_use_cell(targi_state *s, int c)
{
    s->cell_mark[c] = -1;
    s->cell_card[c] = TG_NONE;
    s->cell_kind[c] ^= 1;
    s->repl_cell = (uint8_t)c;
}

static void rules_receive(targi_state *s, int p, int t)
{
    targi_player *pl = &s->pl[p];
    const targi_goods_card *gc = &targi_goods[t];
    for (int k = 0; k < 3; k++)
        if (gc->goods[k]) {
            pl->goods[k] += gc->goods[k];
            pl->got |= (uint8_t)((1 << k) | TG_GOT_ANY);
        }
    pl->gold += gc->gold;
    pl->vp += gc->vp;
    if (gc->choice) {
        s->pend = TG_P_CHOOSE;
        s->pend_n = 1;
        s->pend_flag = TG_CHOOSE_FROM_CARD;
    }
}

static void rules_take_cell(targi_state *s, int p, int c)
{
    int t = s->cell_card[c];
    s->gdisc[t]++;
    rules_use_cell(s, c);
    rules_receive(s, p, t);
}

static void rules_resolve_targi(targi_player *pl, int b)
{
    pl->open_targi &= (uint16_t)~(1u << b);
    for (int i = 0; i < pl->ntargi; i++)
        if (pl->targi[i] == b)
            pl->src &= (uint8_t)~(1u << i);
}

static int rules_resolve_marker(targi_player *pl, int c)
{
    for (int i = 0; i < pl->nmarker; i++)
        if (pl->marker[i] == c && (pl->src & TG_SRC_MARKER(i))) {
            pl->src &= (uint8_t)~TG_SRC_MARKER(i);
            return i;
        }
    return -1;
}

static void rules_place_card(targi_state *s, int p, int card, int row)
{
    targi_player *pl = &s->pl[p];
    pl->disp[row * 4 + pl->rowlen[row]] = (uint8_t)card;
    pl->rowlen[row]++;
    pl->ncards++;
    pl->owned |= 1ull << card;
    rules_pend_clear(s);
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

static void rules_pay(targi_state *s, int p, int code)
{
    targi_player *pl = &s->pl[p];
    int gm = code % 3, v = code / 3;
    pl->goods[0] -= (uint8_t)(v / 16);
    pl->goods[1] -= (uint8_t)(v / 4 % 4);
    pl->goods[2] -= (uint8_t)(v % 4);
    if (gm == 1)
        pl->gold--;
    else if (gm == 2)
        pl->w9gold = 0;
    int card = s->pend_card;
    switch (s->pend_via) {
    case TG_VIA_CENTRE:
        rules_use_cell(s, s->pend_cell);
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
        rules_place_card(s, p, card, free_row);
    } else {
        rules_pend_clear(s);
        s->pend = TG_P_ROW;
        s->pend_card = (uint8_t)card;
    }
}

static void rules_start_pay(targi_state *s, int card, int via, int cell)
{
    rules_pend_clear(s);
    s->pend = TG_P_PAY;
    s->pend_card = (uint8_t)card;
    s->pend_via = (uint8_t)via;
    s->pend_cell = (uint8_t)cell;
}

static void rules_to_hand(targi_state *s, targi_player *pl, int card, int secret, int gen)
{
    pl->hand = (uint8_t)card;
    pl->hand_secret = (uint8_t)secret;
    pl->hand_gen = (uint8_t)(secret ? gen : 0);
    pl->hand_round = s->round;
}

static void rules_apply_act(const tafel_game *g, targi_state *s, int32_t a)
{
    int p = s->turn;
    targi_player *pl = &s->pl[p];
    if (a >= TG_A_USE && a < TG_A_USE + 17) {
        int b = a - TG_A_USE;
        rules_resolve_targi(pl, b);
        switch (b) {
        case 2:
        case 7:
            pl->goods[TG_DATE]++;
            break;
        case 3:
        case 15:
            pl->goods[TG_SALT]++;
            break;
        case 6:
        case 11:
            pl->goods[TG_PEPPER]++;
            break;
        case 5:
            s->pend = TG_P_TRADE;
            break;
        case 10:
            s->pend = TG_P_SILVER;
            break;
        case 13:
            rules_set_chance(s, TG_CH_CARAVAN);
            break;
        case 14:
            rules_set_chance(s, TG_CH_EXPANSION);
            break;
        }
    } else if (a == TG_A_NOBLE_PLAY) {
        rules_resolve_targi(pl, 1);
        rules_start_pay(s, pl->hand, TG_VIA_NOBLE, 0);
    } else if (a == TG_A_NOBLE_DISCARD) {
        rules_resolve_targi(pl, 1);
        s->tdisc |= 1ull << pl->hand;
        pl->hand = TG_NONE;
        pl->hand_secret = pl->hand_round = pl->hand_gen = 0;
    } else if (a == TG_A_W8) {
        pl->w8_used = 1;
        rules_start_pay(s, pl->hand, TG_VIA_W8, 0);
    } else if (a == TG_A_END) {
        rules_end_phase(g, s);
        return;
    } else if (a >= TG_A_FATA && a < TG_A_TAKE) {
        int from = (a - TG_A_FATA) / 9, to = (a - TG_A_FATA) % 9;
        rules_resolve_targi(pl, 9);
        int i = rules_resolve_marker(pl, from);
        s->cell_mark[from] = -1;
        s->cell_mark[to] = (int8_t)p;
        pl->marker[i] = (uint8_t)to;
        if (s->cell_kind[to] == TG_KIND_GOODS) {
            rules_take_cell(s, p, to);
        } else {
            s->pend = TG_P_TRIBE;
            s->pend_card = s->cell_card[to];
            s->pend_cell = (uint8_t)to;
        }
    } else if (a >= TG_A_TAKE && a < TG_A_BUY) {
        rules_resolve_marker(pl, a - TG_A_TAKE);
        rules_take_cell(s, p, a - TG_A_TAKE);
    } else if (a >= TG_A_BUY && a < TG_A_HAND) {
        int c = a - TG_A_BUY;
        rules_resolve_marker(pl, c);
        rules_start_pay(s, s->cell_card[c], TG_VIA_CENTRE, c);
    } else if (a >= TG_A_HAND && a < TG_A_DISCARD) {
        int c = a - TG_A_HAND;
        rules_resolve_marker(pl, c);
        rules_to_hand(s, pl, s->cell_card[c], 0, 0);
        rules_use_cell(s, c);
    } else if (a >= TG_A_DISCARD && a < TG_A_CHOOSE) {
        int c = a - TG_A_DISCARD;
        rules_resolve_marker(pl, c);
        s->tdisc |= 1ull << s->cell_card[c];
        rules_use_cell(s, c);
    } else if (a >= TG_A_CHOOSE && a < TG_A_TRIBE_BUY) {
        int k = a - TG_A_CHOOSE;
        pl->goods[k]++;
        if (s->pend_flag & TG_CHOOSE_FROM_CARD)
            pl->got |= (uint8_t)((1 << k) | TG_GOT_ANY);
        if (--s->pend_n == 0)
            rules_pend_clear(s);
    } else if (a == TG_A_TRIBE_BUY) {
        int cell = s->pend_cell;
        if (cell == TG_NONE)
            rules_start_pay(s, s->pend_card, TG_VIA_DRAWN, 0);
        else
            rules_start_pay(s, s->pend_card, TG_VIA_CENTRE, cell);
    } else if (a == TG_A_TRIBE_HAND) {
        if (s->pend_cell == TG_NONE) {
            rules_to_hand(s, pl, s->pend_card, 1, s->pend_gen);
        } else {
            rules_to_hand(s, pl, s->pend_card, 0, 0);
            rules_use_cell(s, s->pend_cell);
        }
        rules_pend_clear(s);
    } else if (a == TG_A_TRIBE_DISCARD) {
        s->tdisc |= 1ull << s->pend_card;
        if (s->pend_cell != TG_NONE)
            rules_use_cell(s, s->pend_cell);
        rules_pend_clear(s);
    } else if (a == TG_A_TRIBE_LEAVE) {
        rules_pend_clear(s);
    } else if (a >= TG_A_PAY && a < TG_A_ROW) {
        rules_pay(s, p, a - TG_A_PAY);
    } else if (a >= TG_A_ROW && a < TG_A_TRADE) {
        rules_place_card(s, p, s->pend_card, a - TG_A_ROW);
    } else if (a >= TG_A_TRADE && a < TG_A_DONE) {
        int c = a - TG_A_TRADE, r = c % 4, v = c / 4;
        pl->goods[0] -= (uint8_t)(v / 16);
        pl->goods[1] -= (uint8_t)(v / 4 % 4);
        pl->goods[2] -= (uint8_t)(v % 4);
        if (r == 0)
            pl->gold++;
        else
            pl->goods[r - 1]++;
    } else if (a == TG_A_DONE) {
        rules_pend_clear(s);
    } else if (a >= TG_A_SILVER && a < TG_A_SWAP) {
        int c = a - TG_A_SILVER, gd = c % 3, v = c / 3;
        int d = v / 25, sa = v / 5 % 5, pe = v % 5;
        pl->goods[0] -= (uint8_t)d;
        pl->goods[1] -= (uint8_t)sa;
        pl->goods[2] -= (uint8_t)pe;
        pl->gold -= (uint8_t)gd;
        int cnt = d + sa + pe;
        pl->vp += (uint16_t)(gd ? 2 * gd : cnt == 2 ? 1 : 3);
        rules_pend_clear(s);
    } else if (a >= TG_A_SWAP && a < TG_A_A9_GOODS) {
        int i = (a - TG_A_SWAP) / 12, j = (a - TG_A_SWAP) % 12;
        uint8_t t = pl->disp[i];
        pl->disp[i] = pl->disp[j];
        pl->disp[j] = t;
        if (--s->pend_n == 0)
            rules_pend_clear(s);
    } else if (a == TG_A_A9_GOODS) {
        rules_pend_clear(s);
        s->pend = TG_P_CHOOSE;
        s->pend_n = 3;
    } else if (a == TG_A_A9_GOLD) {
        pl->gold++;
        rules_pend_clear(s);
    } else if (a == TG_A_A9_VP) {
        pl->vp++;
        rules_pend_clear(s);
    }
    rules_continue(g, s);
}

static void rules_apply_chance(const tafel_game *g, targi_state *s, int32_t a)
{
    int chance = s->chance;
    s->chance = TG_CH_NONE;
    int goods = a < TG_CH_TRIBE, card = goods ? a - TG_CH_GOODS : a - TG_CH_TRIBE;
    if (chance == TG_CH_START) {
        s->start = (uint8_t)(a - TG_CH_START_PLAYER);
        rules_start_round_g(g, s);
        return;
    }
    if (goods) {
        s->gdeck[card]--;
        s->gdeck_n--;
    } else {
        s->tdeck &= ~(1ull << card);
    }
    switch (chance) {
    case TG_CH_SETUP:
        s->cell_card[s->setup_step] = (uint8_t)card;
        if (++s->setup_step == 9)
            s->chance = TG_CH_START;
        else
            rules_set_chance(s, TG_CH_SETUP);
        return;
    case TG_CH_REPL: {
        int c = s->repl_cell;
        s->cell_card[c] = (uint8_t)card;
        s->cell_down[c] = 1;
        s->cell_gen[c] = goods ? s->ggen : s->tgen;
        s->repl_cell = TG_NONE;
        break;
    }
    case TG_CH_CARAVAN:
        s->gdisc[card]++;
        rules_receive(s, s->turn, card);
        break;
    case TG_CH_EXPANSION:
        s->pend = TG_P_TRIBE;
        s->pend_card = (uint8_t)card;
        s->pend_cell = TG_NONE;
        s->pend_secret = 1;
        s->pend_gen = s->tgen;
        break;
    }
    rules_continue(g, s);
}

void targi_apply(const tafel_game *g, void *state, int32_t a)
{
    targi_state *s = state;
    if (s->chance) {
        rules_apply_chance(g, s, a);
        return;
    }
    targi_player *pl = &s->pl[s->turn];
    switch (s->stage) {
    case TG_ST_RAID:
        rules_raid_pay(g, s, a);
        rules_raid_auto(g, s);
        return;
    case TG_ST_PLACE: {
        int p = s->turn, b = a - TG_A_PLACE;
        s->border[b] = (int8_t)p;
        pl->targi[pl->ntargi++] = (uint8_t)b;
        s->blocked[0] |= (uint16_t)(1u << b);
        s->blocked[1] |= (uint16_t)(1u << b);
        s->blocked[1 - p] |= (uint16_t)(1u << targi_opposite(b));
        targi_player *op = &s->pl[1 - p];
        if (op->ntargi < op->maxtargi) {
            s->turn = (uint8_t)(1 - p);
        } else if (pl->ntargi >= pl->maxtargi) {
            rules_markers(s);
            s->stage = TG_ST_ACT;
            s->turn = s->start;
            rules_continue(g, s);
        }
        return;
    }
    case TG_ST_ACT:
        rules_apply_act(g, s, a);
        return;
    case TG_ST_O8:
        pl->goods[a - TG_A_CHOOSE]++;
        s->stage = TG_ST_ACT;
        rules_limits(g, s);
        return;
    case TG_ST_LIMIT:
        pl->goods[a - TG_A_RETURN]--;
        if (targi_goods_total(pl) <= 10) {
            s->stage = TG_ST_ACT;
            rules_next_phase(g, s);
        }
        return;
    }
}
