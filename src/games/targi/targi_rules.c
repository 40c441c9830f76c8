/* targi_rules.c: Targi's round structure: setup, decks, placing Targi, raids, phase and round
 * ends, and the legal_actions/apply dispatch. */
#include <string.h>

#include "targi_state.h"

/* Keeps a handler out of line: a dispatcher that runs once per action stays small. */
#define RULES_COLD __attribute__((noinline))

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
    /* conditional moves: the kind of node alternates unpredictably */
    int p = s->chance ? TAFEL_CHANCE : s->turn;
    return s->stage == TG_ST_OVER ? TAFEL_TERMINAL : p;
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
        static const double copies[4] = {0, 1, 2, 3}; /* a table read beats a conversion */
        double inv = rules_recip[s->gdeck_n];
        for (int t = 0; t < TG_NGOODS_TYPES; t++) { /* branch-free */
            out[n] = (tafel_chance){TG_CH_GOODS + t, copies[s->gdeck[t] & 3] * inv};
            n += s->gdeck[t] != 0;
        }
    } else {
        int cards = targi_popcount(s->tdeck);
        double inv = rules_recip[cards];
        uint64_t m = s->tdeck;
        if (cards & 1) { /* then two cards per step: half the loop overhead */
            out[n++] = (tafel_chance){TG_CH_TRIBE + __builtin_ctzll(m), inv};
            m &= m - 1;
        }
        for (; m; m &= m - 1) {
            out[n] = (tafel_chance){TG_CH_TRIBE + __builtin_ctzll(m), inv};
            m &= m - 1;
            out[n + 1] = (tafel_chance){TG_CH_TRIBE + __builtin_ctzll(m), inv};
            n += 2;
        }
    }
    return n;
}

/* The generic walk of tafel_sample_chance, for an r so near a boundary between two outcomes
 * that the rounding of the running sum decides. */
static RULES_COLD int32_t rules_sample_walk(const tafel_game *g, const targi_state *s, double r)
{
    tafel_chance out[TG_MAX_LEGAL];
    int n = targi_chance_outcomes(g, s, out);
    double acc = 0;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (r < acc)
            return out[i].action;
    }
    return out[n - 1].action;
}

#define SEL_L 0x0101010101010101ull
#define SEL_H 0x8080808080808080ull

/* How many of the byte-wise running sums of counts (bytes below 128 in all) are at most k:
 * the index of the byte in which the (k+1)-th unit lies. No branch: the draw is random. */
static inline int rules_select_byte(uint64_t counts, int k)
{
    uint64_t pref = counts * SEL_L;
    uint64_t le = ~((pref | SEL_H) - (uint64_t)(k + 1) * SEL_L) & SEL_H;
    return (int)(((le >> 7) * SEL_L) >> 56);
}

/* rules_bit_in_byte[v][k]: the position of the (k+1)-th set bit of v (0 if v has fewer): the
 * number of v's prefixes with at most k bits set. */
#define BB(v, m, k) (__builtin_popcount((v) & (m)) <= (k))
#define BB_SEL(v, k)                                                                           \
    (BB(v, 1, k) + BB(v, 3, k) + BB(v, 7, k) + BB(v, 15, k) + BB(v, 31, k) + BB(v, 63, k) + \
     BB(v, 127, k)) * (__builtin_popcount(v) > (k))
#define BB_ROW(v)                                                                            \
    {BB_SEL(v, 0), BB_SEL(v, 1), BB_SEL(v, 2), BB_SEL(v, 3), BB_SEL(v, 4), BB_SEL(v, 5),     \
     BB_SEL(v, 6), BB_SEL(v, 7)}
#define BB_ROW4(v) BB_ROW(v), BB_ROW(v + 1), BB_ROW(v + 2), BB_ROW(v + 3)
#define BB_ROW16(v) BB_ROW4(v), BB_ROW4(v + 4), BB_ROW4(v + 8), BB_ROW4(v + 12)
#define BB_ROW64(v) BB_ROW16(v), BB_ROW16(v + 16), BB_ROW16(v + 32), BB_ROW16(v + 48)
static const uint8_t rules_bit_in_byte[256][8] = {BB_ROW64(0), BB_ROW64(64), BB_ROW64(128),
                                                  BB_ROW64(192)};
#undef BB
#undef BB_SEL
#undef BB_ROW
#undef BB_ROW4
#undef BB_ROW16
#undef BB_ROW64

/* Position of the (k+1)-th set bit of m (k < popcount(m)), without a branch: the byte by
 * running sums of the bytes' counts, the bit in it by table. */
static inline int rules_select_bit(uint64_t m, int k)
{
    uint64_t c = m - ((m >> 1) & 0x5555555555555555ull);
    c = (c & 0x3333333333333333ull) + ((c >> 2) & 0x3333333333333333ull);
    c = (c + (c >> 4)) & 0x0f0f0f0f0f0f0f0full; /* bits set per byte */
    int j = rules_select_byte(c, k);
    k -= (int)(((c * SEL_L) << 8) >> (8 * j) & 0xff); /* the bytes below j */
    return 8 * j + rules_bit_in_byte[m >> (8 * j) & 0xff][k];
}

/* The sample_chance hook, given r also as u = r * 2^53 truncated: 53-bit fixed point, integers
 * being quicker than a double's floor and fraction; exact for the rng's doubles (multiples of
 * 2^-53), else at most cards units of 2^-53 low, which only moves a product lying that close
 * above a whole number below it, into the walk's margin. Every card left is equally likely,
 * so r * cards names the card (the k-th in the walk's order) unless it lies within 2^-29
 * (about 1.9e-9) of a whole number; the walk's running sum is off from the exact k / cards by
 * less than 1e-12 (at most 45 roundings), so away from a boundary both agree, and near one
 * the walk itself decides, with r. */
static inline __attribute__((always_inline)) int32_t rules_sample(const tafel_game *g,
                                                                  const targi_state *s,
                                                                  uint64_t u, double r)
{
    if (s->chance == TG_CH_START) /* 0.5 and 0.5: the walk's sums are exact */
        return TG_CH_START_PLAYER + (u >= 1ull << 52);
    int goods = rules_deck_kind(s) == TG_KIND_GOODS;
    int cards = goods ? s->gdeck_n : targi_popcount(s->tdeck);
    uint64_t x = u * (uint64_t)cards;
    int k = (int)(x >> 53);
    uint64_t frac = x & ((1ull << 53) - 1);
    if (frac - (1ull << 24) > (1ull << 53) - (1ull << 25)) /* frac < 2^24 or > 2^53 - 2^24 */
        return rules_sample_walk(g, s, r);
    if (goods) {
        /* copies per type (at most 3) as bytes: types 0-7, then 8-11 after the first 8's */
        uint64_t lo = 0, hi = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&lo, s->gdeck, 8);
        memcpy(&hi, s->gdeck + 8, TG_NGOODS_TYPES - 8);
#else
        for (int t = 0; t < 8; t++)
            lo |= (uint64_t)s->gdeck[t] << (8 * t);
        for (int t = 8; t < TG_NGOODS_TYPES; t++)
            hi |= (uint64_t)s->gdeck[t] << (8 * (t - 8));
#endif
        uint64_t below = (lo * SEL_L) >> 56; /* copies of types 0-7 */
        int t = rules_select_byte(lo, k) + rules_select_byte(hi + below, k);
        return TG_CH_GOODS + t;
    }
    return TG_CH_TRIBE + rules_select_bit(s->tdeck, k);
}

int32_t targi_sample_chance(const tafel_game *g, const void *state, double r)
{
    return rules_sample(g, state, (uint64_t)(int64_t)(r * 0x1p53), r);
}

/* The same from the rng's draw x, without the double: r = tafel_rng_double_from(x) is
 * (x >> 11) * 2^-53, so r * 2^53 is x >> 11 exactly (r itself only for the walk). The loop of
 * random games below inlines it (with optimisation: its callee is known once the loop is). */
static inline int32_t rules_sample_draw(const tafel_game *g, const void *state, uint64_t x)
{
    return rules_sample(g, state, x >> 11, tafel_rng_double_from(x));
}

int32_t targi_sample_draw(const tafel_game *g, const void *state, uint64_t x)
{
    return rules_sample_draw(g, state, x);
}

#undef SEL_L
#undef SEL_H

/* The slow path of targi_set_chance: the deck the new chance node draws from may be empty. */
void targi_refill_deck(targi_state *s)
{
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
        unsigned u = pl->open_targi; /* all his Targi: bit b for border b */
        /* columns 1-3 from #1-#3 and #11-#9, rows 1-3 from #5-#7 and #15-#13 */
        unsigned cols = ((u >> 1) & 7) | (u >> 11 & 1) | (u >> 9 & 2) | (u >> 7 & 4);
        unsigned rows = ((u >> 5) & 7) | (u >> 15 & 1) | (u >> 13 & 2) | (u >> 11 & 4);
        /* With at most 3 Targi there are at most 2 intersections (1 x 1, 1 x 2 or 2 x 1),
         * listed row by row; no nested loops. */
        int nr = (rows & 1) + (rows >> 1 & 1) + (rows >> 2);
        int nc = (cols & 1) + (cols >> 1 & 1) + (cols >> 2);
        int r0 = __builtin_ctz(rows | 8), r1 = __builtin_ctz((rows & (rows - 1)) | 8);
        int c0 = __builtin_ctz(cols | 8), c1 = __builtin_ctz((cols & (cols - 1)) | 8);
        int count = nr * nc;
        pl->nmarker = (uint8_t)count;
        pl->src = 0;
        if (count) {
            pl->marker[0] = (uint8_t)(r0 * 3 + c0);
            s->cell_mark[r0 * 3 + c0] = (int8_t)p;
            pl->src = TG_SRC_MARKER(0);
        }
        if (count == 2) {
            int cell = nr == 2 ? r1 * 3 + c0 : r0 * 3 + c1;
            pl->marker[1] = (uint8_t)cell;
            s->cell_mark[cell] = (int8_t)p;
            pl->src |= TG_SRC_MARKER(1);
        }
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

/* Phase 1: the robber moves; on a corner the raid is paid, start player first. */
static void rules_start_round(const tafel_game *g, targi_state *s)
{
    s->round++;
    s->robber = s->round == 1 ? 1 : s->robber + 1;
    if (targi_corner(s->robber)) {
        s->raid = (uint8_t)(s->robber / 4);
        s->stage = TG_ST_RAID;
        s->turn = s->start;
        rules_raid_auto(g, s);
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
    rules_start_round(g, s);
}

static void rules_next_phase(const tafel_game *g, targi_state *s)
{
    targi_pend_clear(s);
    if (s->turn == s->start) {
        s->turn = (uint8_t)(1 - s->start);
        s->stage = TG_ST_ACT;
        targi_continue(g, s);
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
void targi_end_phase(const tafel_game *g, targi_state *s)
{
    targi_player *pl = &s->pl[s->turn];
    targi_pend_clear(s);
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

/* Placing: the free borders of one half of the board, bit j of the index standing for border
 * 1, 2, 3, 5, 6, 7 (j = 0..5), as ascending TG_A_PLACE ids; [1]: the other half, 8 borders on. */
#define PL_N(x, m) __builtin_popcount((x) & (m))
#define PL_SEL(x, j)                                                                          \
    (PL_N(x, 1) > (j) ? 0 : PL_N(x, 3) > (j) ? 1 : PL_N(x, 7) > (j) ? 2 : PL_N(x, 15) > (j) ? 3 \
     : PL_N(x, 31) > (j) ? 4 : 5)
#define PL_B(x, j) (TG_A_PLACE + PL_SEL(x, j) + (PL_SEL(x, j) >= 3 ? 2 : 1))
#define PL_ROW(x, o)                                                                        \
    {PL_B(x, 0) + (o), PL_B(x, 1) + (o), PL_B(x, 2) + (o),                                  \
     PL_B(x, 3) + (o), PL_B(x, 4) + (o), PL_B(x, 5) + (o)}
#define PL_ROW8(x, o) PL_ROW(x, o), PL_ROW(x + 1, o), PL_ROW(x + 2, o), PL_ROW(x + 3, o), \
                      PL_ROW(x + 4, o), PL_ROW(x + 5, o), PL_ROW(x + 6, o), PL_ROW(x + 7, o)
#define PL_HALF(o)                                                                          \
    {PL_ROW8(0, o), PL_ROW8(8, o), PL_ROW8(16, o), PL_ROW8(24, o), PL_ROW8(32, o),        \
     PL_ROW8(40, o), PL_ROW8(48, o), PL_ROW8(56, o)}
static const int32_t rules_place_half[2][64][6] = {PL_HALF(0), PL_HALF(8)};
#define PL_CNT(x) PL_N(x, 63)
#define PL_CNT8(x) PL_CNT(x), PL_CNT(x + 1), PL_CNT(x + 2), PL_CNT(x + 3), PL_CNT(x + 4), \
                   PL_CNT(x + 5), PL_CNT(x + 6), PL_CNT(x + 7)
static const uint8_t rules_place_count[64] = {PL_CNT8(0),  PL_CNT8(8),  PL_CNT8(16), PL_CNT8(24),
                                              PL_CNT8(32), PL_CNT8(40), PL_CNT8(48), PL_CNT8(56)};
#undef PL_N
#undef PL_SEL
#undef PL_B
#undef PL_ROW
#undef PL_ROW8
#undef PL_HALF
#undef PL_CNT
#undef PL_CNT8

/* The rarer player nodes: raids, O8, the goods limit (0 at the end). */
static RULES_COLD int rules_legal_other(const tafel_game *g, const targi_state *s, int32_t *out)
{
    (void)g;
    int n = 0;
    const targi_player *pl = &s->pl[s->turn];
    switch (s->stage) {
    case TG_ST_RAID:
        return targi_raid_options(s, s->turn, out);
    case TG_ST_O8:
        for (int k = 0; k < 3; k++)
            out[n++] = TG_A_CHOOSE + k;
        return n;
    case TG_ST_LIMIT:
        for (int k = 0; k < 3; k++) { /* written, kept by its (random) condition */
            out[n] = TG_A_RETURN + k;
            n += pl->goods[k] != 0;
        }
        return n;
    }
    return 0;
}

/* The common nodes first: the action phase (its top most often), then placing a Targi. */
int targi_legal_actions(const tafel_game *g, const void *state, int32_t *out)
{
    const targi_state *s = state;
    if (s->chance)
        return 0;
    if (s->stage == TG_ST_ACT)
        return s->pend == TG_P_NONE ? targi_legal_top(g, s, out) : targi_legal_act(g, s, out);
    if (s->stage != TG_ST_PLACE)
        return rules_legal_other(g, s, out);
    /* W6 lets him join the robber: a shift instead of a branch */
    const targi_player *pl = &s->pl[s->turn];
    unsigned f = ~(s->blocked[s->turn] | (unsigned)(~pl->owned >> C_W6 & 1) << s->robber);
    unsigned lo = (f >> 1 & 7) | (f >> 2 & 0x38), hi = (f >> 9 & 7) | (f >> 10 & 0x38);
    /* two table rows of at most 6 borders each, copied whole: no loop, no branch */
    memcpy(out, rules_place_half[0][lo], sizeof rules_place_half[0][0]);
    int n = rules_place_count[lo];
    memcpy(out + n, rules_place_half[1][hi], sizeof rules_place_half[0][0]);
    return n + rules_place_count[hi];
}

static RULES_COLD void rules_apply_chance(const tafel_game *g, targi_state *s, int32_t a)
{
    int chance = s->chance;
    s->chance = TG_CH_NONE;
    int goods = a < TG_CH_TRIBE, card = goods ? a - TG_CH_GOODS : a - TG_CH_TRIBE;
    if (chance == TG_CH_START) {
        s->start = (uint8_t)(a - TG_CH_START_PLAYER);
        rules_start_round(g, s);
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
            targi_set_chance(s, TG_CH_SETUP);
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
        targi_receive(s, s->turn, card);
        break;
    case TG_CH_EXPANSION:
        s->pend = TG_P_TRIBE;
        s->pend_card = (uint8_t)card;
        s->pend_cell = TG_NONE;
        s->pend_secret = 1;
        s->pend_gen = s->tgen;
        break;
    }
    targi_continue(g, s);
}

/* All Targi stand: markers, then the start player's action phase. */
static RULES_COLD void rules_end_place(const tafel_game *g, targi_state *s)
{
    rules_markers(s);
    s->stage = TG_ST_ACT;
    s->turn = s->start;
    targi_continue(g, s);
}

static RULES_COLD void rules_apply_place(const tafel_game *g, targi_state *s, int32_t a)
{
    int p = s->turn, b = a - TG_A_PLACE;
    targi_player *pl = &s->pl[p];
    s->border[b] = (int8_t)p;
    pl->targi[pl->ntargi++] = (uint8_t)b;
    pl->open_targi |= (uint16_t)(1u << b);
    /* both players' blocked as one word, updated by one store: the border for both, its
     * opposite for the other player (written as three 16-bit updates, the compiler moved
     * them through vector registers) */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    int other = 16 * (1 - p); /* the other player's half */
#else
    int other = 16 * p;
#endif
    uint32_t blocked;
    memcpy(&blocked, s->blocked, 4);
    blocked |= (1u << b) * 0x10001u | (1u << targi_opposite(b)) << other;
    memcpy(s->blocked, &blocked, 4);
    targi_player *op = &s->pl[1 - p];
    if (op->ntargi < op->maxtargi)
        s->turn = (uint8_t)(1 - p);
    else if (pl->ntargi >= pl->maxtargi)
        rules_end_place(g, s);
}

static RULES_COLD void rules_apply_other(const tafel_game *g, targi_state *s, int32_t a)
{
    targi_player *pl = &s->pl[s->turn];
    switch (s->stage) {
    case TG_ST_RAID:
        rules_raid_pay(g, s, a);
        rules_raid_auto(g, s);
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

/* A thin dispatcher: the handlers are out of line, so the hot path saves no registers. */
void targi_apply(const tafel_game *g, void *state, int32_t a)
{
    targi_state *s = state;
    if (s->chance)
        rules_apply_chance(g, s, a);
    else if (s->stage == TG_ST_ACT)
        targi_apply_act(g, s, a);
    else if (s->stage == TG_ST_PLACE)
        rules_apply_place(g, s, a);
    else
        rules_apply_other(g, s, a);
}

/* Random games with the calls above direct (tafel_random_games' hook). */
long long targi_random_games(const tafel_game *g, uint64_t first_seed, long games)
{
    targi_state s;
    int32_t legal[TG_MAX_LEGAL];
    return tafel_random_games_with(g, first_seed, games, &s, legal, targi_init,
                                   targi_legal_actions, targi_current_player, targi_apply,
                                   targi_sample_chance, rules_sample_draw);
}
