/* targi_state.h: Targi's fixed-size state, action id layout and internal functions. */
#ifndef TARGI_STATE_H
#define TARGI_STATE_H

#include <stdint.h>

#include "tafel/game.h"
#include "targi_data.h"

/* Parameter indices (same order as the type's params). */
enum { TG_PARAM_TRIBE_RULE, TG_PARAM_MIXED, TG_PARAM_SHORTFALL, TG_NPARAMS };
enum { TG_RULE_AUTHOR, TG_RULE_KOSMOS };

enum { TG_KIND_GOODS, TG_KIND_TRIBE };
#define TG_NONE 0xff

/* Stages of a round. */
enum {
    TG_ST_SETUP,  /* chance: centre layout, then the start player */
    TG_ST_RAID,   /* turn pays the raid */
    TG_ST_PLACE,  /* turn places a Targi */
    TG_ST_ACT,    /* turn's action phase (pend: sub-decision) */
    TG_ST_O8,     /* turn chooses O8's good at the end of his phase */
    TG_ST_LIMIT,  /* turn returns goods above 10 */
    TG_ST_OVER,
};

/* Chance nodes (state->chance). */
enum { TG_CH_NONE, TG_CH_SETUP, TG_CH_START, TG_CH_REPL, TG_CH_CARAVAN, TG_CH_EXPANSION };

/* Sub-decisions of the action phase (state->pend). */
enum {
    TG_P_NONE,    /* choose the next action source, or end */
    TG_P_CHOOSE,  /* pend_n goods of his choice, one by one */
    TG_P_PAY,     /* pay pend_card */
    TG_P_ROW,     /* choose the display row of pend_card */
    TG_P_TRIBE,   /* drawn card (pend_cell NONE) or Fata Morgana target: buy/hand/discard/leave */
    TG_P_TRADE,   /* Trader exchanges, then done */
    TG_P_SILVER,  /* one Silversmith exchange */
    TG_P_SWAP,    /* O9: pend_n swaps left, or done */
    TG_P_A9,      /* A9: goods, gold or VP */
};

/* How a tribe card is being played. */
enum { TG_VIA_CENTRE, TG_VIA_DRAWN, TG_VIA_NOBLE, TG_VIA_W8 };

/* pend_flag of TG_P_TRADE: bit k set once good k was received in this Trader visit.
 * pend_flag bits of TG_P_CHOOSE: */
#define TG_CHOOSE_FROM_CARD 1 /* the good comes from a goods card (O7/C8/A8/O8 bookkeeping) */

/* got bits: what a goods card gave this round. */
#define TG_GOT_ANY 8

/* Source bits (src) of the markers still to resolve; Targi: open_targi. */
#define TG_SRC_MARKER(i) (8u << (i))

typedef struct targi_player {
    uint64_t owned;      /* tribe cards in the display */
    uint16_t vp;         /* VP tokens */
    uint8_t goods[3];
    uint8_t gold;
    uint8_t w9gold;
    uint8_t ncards;
    uint8_t rowlen[3];
    uint8_t disp[12];    /* row * 4 + col */
    uint8_t hand;        /* card id or TG_NONE */
    uint8_t hand_secret; /* drawn at the Tribal Expansion: the opponent does not know it */
    uint8_t hand_round;
    uint8_t hand_gen;
    uint8_t targi[3];    /* border numbers */
    uint8_t ntargi, maxtargi;
    uint8_t marker[2];   /* centre cells */
    uint8_t nmarker;
    uint8_t src;         /* unresolved markers (TG_SRC_MARKER) */
    uint16_t open_targi; /* bit b: an unresolved own Targi on border b */
    uint8_t got;
    uint8_t w8_used;
    uint8_t t9_next;     /* places 2 Targi next round */
} targi_player;

typedef struct targi_state {
    targi_player pl[2];
    uint64_t tdeck, tdisc;               /* tribe deck (multiset = set) and discard pile */
    uint8_t gdeck[TG_NGOODS_TYPES], gdisc[TG_NGOODS_TYPES];
    uint8_t gdeck_n;
    uint8_t ggen, tgen;                  /* deck generations (bumped at each reshuffle) */
    uint8_t cell_kind[9], cell_card[9], cell_down[9], cell_gen[9];
    int8_t cell_mark[9];                 /* player whose marker lies there, or -1 */
    int8_t border[17];                   /* player whose Targi stands there, or -1 */
    uint8_t round, robber, start, turn, stage, chance, setup_step, raid;
    uint8_t pend, pend_card, pend_cell, pend_n, pend_via, pend_secret, pend_gen, pend_flag;
    uint8_t repl_cell;
    uint8_t end_flag;
    uint16_t blocked[2];                 /* placing: bit b set if player may not use border b */
} targi_state;

/* Action ids. */
enum {
    TG_A_PLACE = 0,                       /* + border 1..15 */
    TG_A_USE = TG_A_PLACE + 17,           /* + border */
    TG_A_NOBLE_PLAY = TG_A_USE + 17,
    TG_A_NOBLE_DISCARD,
    TG_A_W8,
    TG_A_END,
    TG_A_FATA,                            /* + from * 9 + to */
    TG_A_TAKE = TG_A_FATA + 81,           /* + cell */
    TG_A_BUY = TG_A_TAKE + 9,
    TG_A_HAND = TG_A_BUY + 9,
    TG_A_DISCARD = TG_A_HAND + 9,
    TG_A_CHOOSE = TG_A_DISCARD + 9,       /* + good */
    TG_A_TRIBE_BUY = TG_A_CHOOSE + 3,
    TG_A_TRIBE_HAND,
    TG_A_TRIBE_DISCARD,
    TG_A_TRIBE_LEAVE,
    TG_A_PAY,                             /* + payment code */
    TG_A_ROW = TG_A_PAY + 192,            /* + row */
    TG_A_TRADE = TG_A_ROW + 3,            /* + trade code */
    TG_A_DONE = TG_A_TRADE + 256,
    TG_A_SILVER,                          /* + silver code */
    TG_A_SWAP = TG_A_SILVER + 375,        /* + i * 12 + j */
    TG_A_A9_GOODS = TG_A_SWAP + 144,
    TG_A_A9_GOLD,
    TG_A_A9_VP,
    TG_A_RAID_VP,
    TG_A_RAID_GOLD,
    TG_A_RAID_GOODS,                      /* + (d * 4 + s) * 4 + p */
    TG_A_RETURN = TG_A_RAID_GOODS + 64,   /* + good */
    TG_CH_GOODS = TG_A_RETURN + 3,        /* + goods type */
    TG_CH_TRIBE = TG_CH_GOODS + TG_NGOODS_TYPES, /* + tribe card */
    TG_CH_START_PLAYER = TG_CH_TRIBE + TG_NTRIBE, /* + player */
    TG_NUM_ACTIONS = TG_CH_START_PLAYER + 2,
};
#define TG_MAX_LEGAL 160

/* Payment code: ((d * 4 + s) * 4 + p) * 3 + goldmode (0 none, 1 own gold, 2 W9's gold). */
#define TG_PAY_CODE(d, s, p, g) ((((d) * 4 + (s)) * 4 + (p)) * 3 + (g))
/* Trade code: ((d * 4 + s) * 4 + p) * 4 + result (0 gold, 1 + good). */
#define TG_TRADE_CODE(d, s, p, r) ((((d) * 4 + (s)) * 4 + (p)) * 4 + (r))
/* Silversmith code: ((d * 5 + s) * 5 + p) * 3 + gold. */
#define TG_SILVER_CODE(d, s, p, g) ((((d) * 5 + (s)) * 5 + (p)) * 3 + (g))

/* Bits set in x (SWAR: the build has no popcnt instruction). */
static inline int targi_popcount(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int targi_owns(const targi_player *p, int card)
{
    return (int)((p->owned >> card) & 1);
}
static inline int targi_goods_total(const targi_player *p)
{
    return p->goods[0] + p->goods[1] + p->goods[2];
}
static inline int targi_opposite(int b)
{
    /* 1-11, 2-10, 3-9, 5-15, 6-14, 7-13; corners (and 0) map to themselves */
    static const uint8_t opp[17] = {0, 11, 10, 9, 4, 15, 14, 13, 8, 3, 2, 1, 12, 7, 6, 5, 16};
    return opp[b];
}
/* Raid k (1..4): goods owed (raid 4 asks gold instead), VP owed. */
static inline int targi_raid_goods(int k)
{
    return k < 4 ? k : 0;
}
static inline int targi_raid_vp(int k)
{
    return k <= 2 ? 1 : k - 1;
}
static inline int targi_corner(int b)
{
    return (b & 3) == 0;
}

/* Tribe cards with abilities the rules look up. */
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

/* Same answer as targi_pay_options(...) > 0, in constant time: the discounts remove the goods he
 * lacks first; W8's extra good needs one more good than the rest of the payment. */
static inline int targi_can_pay(const targi_state *s, int p, int card, int via)
{
    const targi_player *pl = &s->pl[p];
    const targi_tribe_card *c = &targi_tribe[card];
    int k = (int)(pl->owned >> targi_discount_card[c->symbol]) & 1;
    if (via == TG_VIA_NOBLE)
        k += (int)(pl->owned >> TG_CARD(TG_SYM_T, 7)) & 1;
    int total = c->cost[0] + c->cost[1] + c->cost[2];
    int remove = k < total ? k : total, extra = via == TG_VIA_W8;
    int d0 = c->cost[0] - pl->goods[0], d1 = c->cost[1] - pl->goods[1];
    int d2 = c->cost[2] - pl->goods[2];
    int shortfall = (d0 > 0 ? d0 : 0) + (d1 > 0 ? d1 : 0) + (d2 > 0 ? d2 : 0);
    int have = targi_goods_total(pl);
    int goods_ok = shortfall <= remove && have >= total - remove + extra;
    int gold = pl->gold >= 1 || pl->w9gold;
    if (c->alt_gold)
        return goods_ok || (gold && have >= extra);
    return goods_ok && (!c->gold || gold);
}

/* His bit of targi_centre_pay: goods (2 or more of a kind count as 2) and gold (own or W9's). */
static inline int targi_pay_index(const targi_player *pl)
{
    int g0 = pl->goods[0] < 2 ? pl->goods[0] : 2, g1 = pl->goods[1] < 2 ? pl->goods[1] : 2;
    int g2 = pl->goods[2] < 2 ? pl->goods[2] : 2;
    return (g0 * 9 + g1 * 3 + g2) * 2 + ((pl->gold | pl->w9gold) != 0);
}

/* targi_can_pay(s, p, card, TG_VIA_CENTRE) by table, idx = targi_pay_index(pl); card < 64. */
static inline int targi_centre_payable(const targi_player *pl, int card, int idx)
{
    int k = (int)(pl->owned >> targi_tribe_discount[card]) & 1;
    return (int)(targi_centre_pay[card][k] >> idx & 1);
}

/* targi_rules.c */
void targi_init(const tafel_game *g, void *state);
int targi_current_player(const tafel_game *g, const void *state);
int targi_legal_actions(const tafel_game *g, const void *state, int32_t *out);
int targi_chance_outcomes(const tafel_game *g, const void *state, tafel_chance *out);
int32_t targi_sample_chance(const tafel_game *g, const void *state, double r);
/* targi_sample_chance(g, state, tafel_rng_double_from(x)), in fixed point from the draw x. */
int32_t targi_sample_draw(const tafel_game *g, const void *state, uint64_t x);
long long targi_random_games(const tafel_game *g, uint64_t first_seed, long games);
void targi_apply(const tafel_game *g, void *state, int32_t action);
int targi_can_place(const targi_state *s, int p, int b);
void targi_refill_deck(targi_state *s);

/* Inline: both run several times per action in playouts. */
static inline void targi_pend_clear(targi_state *s)
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

static inline void targi_set_chance(targi_state *s, int chance)
{
    s->chance = (uint8_t)chance;
    /* which deck a draw takes from is random in play, so the test is on both: rarely true */
    if ((s->gdeck_n == 0) | (s->tdeck == 0))
        targi_refill_deck(s);
}

void targi_end_phase(const tafel_game *g, targi_state *s);

/* targi_act.c */
int targi_legal_top(const tafel_game *g, const targi_state *s, int32_t *out);
int targi_legal_act(const tafel_game *g, const targi_state *s, int32_t *out);
void targi_apply_act(const tafel_game *g, targi_state *s, int32_t a);
void targi_continue(const tafel_game *g, targi_state *s);
void targi_receive(targi_state *s, int p, int t);

/* targi_pay.c: payment, trade, Silversmith and raid options, ascending: the codes plus id0
 * (0, or the group's first action id, so that legal_act writes its list directly). out has
 * room for TG_MAX_LEGAL: the lists may write a few entries past their end. */
int targi_pay_options(const targi_state *s, int p, int card, int via, int32_t id0,
                      int32_t *out);
int targi_trade_options(const tafel_game *g, const targi_state *s, int p, int32_t id0,
                        int32_t *out);
int targi_silver_options(const tafel_game *g, const targi_state *s, int p, int32_t id0,
                         int32_t *out);
int targi_raid_options(const targi_state *s, int p, int32_t *out);

/* targi_score.c */
int targi_score(const targi_state *s, int p);
int targi_row_bonus(const targi_player *pl);
void targi_returns(const tafel_game *g, const void *state, double *out);
void targi_scores(const tafel_game *g, const void *state, int *out);
void targi_evaluate(const tafel_game *g, const void *state, double *out);

/* targi_view.c */
json_t *targi_view_json(const tafel_game *g, const void *state, int viewer);
uint64_t targi_info_hash(const tafel_game *g, const void *state, int viewer);
void targi_resample(const tafel_game *g, void *state, int viewer, tafel_rng *rng);

/* targi_text.c */
int targi_action_to_text(const tafel_game *g, const void *state, int32_t action, char *buf,
                         size_t len);
int targi_text_to_action(const tafel_game *g, const void *state, const char *text,
                         int32_t *action, char *err, size_t errlen);

/* targi_events.c */
int targi_action_seen(const tafel_game *g, const void *state, int32_t action, int viewer,
                      char *buf, size_t len);
json_t *targi_events_json(const tafel_game *g, const void *before, int32_t action,
                          const void *after, int viewer);
/* events_json, also filling ledger (when not NULL) with what the events account for: each
 * player's dates, salt, pepper, gold, VP tokens and W9 gold after the action. */
json_t *targi_events_trace(const tafel_game *g, const void *before, int32_t action,
                           const void *after, int viewer, int ledger[2][6]);

/* targi_render.c */
int targi_render(const tafel_game *g, const void *state, int viewer, int color, char *buf,
                 size_t len);

#endif
