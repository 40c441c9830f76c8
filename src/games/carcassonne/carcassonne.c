/* carcassonne.c: Carcassonne with Inns & Cathedrals and Tatan: game type, turn flow, API glue. */
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "games/carcassonne/carc.h"
#include "games/games.h"

static const char *const carc_onoff[] = {"on", "off", NULL};
static const char *const carc_ic[] = {"full", "large_follower_only", "off", NULL};

static const tafel_param_def carc_params[CARC_NPARAMS] = {
    {"tatan", TAFEL_PARAM_ENUM, 0, 0, 0, carc_onoff, "Tatan expansion (spec §5)"},
    {"inns_cathedrals", TAFEL_PARAM_ENUM, 0, 0, 0, carc_ic,
     "Inns & Cathedrals: tiles and large follower, large follower only [D-8], or off"},
    {"farmers", TAFEL_PARAM_ENUM, 0, 0, 0, carc_onoff, "farmers and field scoring [D-7]"},
    {"tiny_city", TAFEL_PARAM_BOOL, 0, 0, 0, NULL, "a completed 2-tile city scores 1/tile [D-6]"},
    {"ec_inn_both", TAFEL_PARAM_BOOL, 0, 0, 0, NULL, "tile EC has an inn on both branches [D-2]"},
    {"tatan_draw_both_first", TAFEL_PARAM_BOOL, 1, 0, 0, NULL,
     "Tatan option 2: draw both tiles first, play them in any order (false: one at a time) "
     "[D-13]"},
    {"tatan_follower_tile_only", TAFEL_PARAM_BOOL, 0, 0, 0, NULL,
     "end phase: only followers whose own segment faces a filled square score [D-17]"},
};

static int carc_check(const tafel_game *g, char *err, size_t errlen)
{
    if (g->num_players > 5 && !carc_opt_large(g)) {
        snprintf(err, errlen, "carcassonne: 6 players need inns_cathedrals (the 6th colour)");
        return -1;
    }
    return 0;
}

static void carc_init(const tafel_game *g, void *state)
{
    carc_state *s = state;
    memset(s, 0, sizeof *s);
    s->nplayers = (uint8_t)g->num_players;
    for (int k = 0; k < CARC_NKINDS - 1; k++)
        if (carc_kinds[k].set == 0 || carc_opt_tiles_ic(g))
            s->remain[k] = carc_kinds[k].count;
    s->remain[3]--; /* the start tile is a D */
    if (carc_opt_tatan(g))
        s->remain[CARC_TATAN] = (uint8_t)g->num_players;
    for (int k = 0; k < CARC_NKINDS; k++)
        s->nremain = (uint8_t)(s->nremain + s->remain[k]);
    for (int p = 0; p < g->num_players; p++) {
        s->supply[p] = 7;
        s->large[p] = carc_opt_large(g) ? 1 : 0;
    }
    s->ntiles = 1;
    s->tiles[0].kind = 3;
    carc_rebuild(g, s);
    s->phase = CARC_PH_START;
    s->hand = CARC_NONE;
    s->placed = CARC_NONE;
}

static int carc_current(const tafel_game *g, const void *state)
{
    (void)g;
    const carc_state *s = state;
    switch (s->phase) {
    case CARC_PH_START:
    case CARC_PH_DRAW: return TAFEL_CHANCE;
    case CARC_PH_OVER: return TAFEL_TERMINAL;
    default: return s->cur;
    }
}

/* ---- legal actions ---- */

/* For a rotation mask m, at byte offset 16 m (carc_fits' values): the fitting rotations in
 * order, and how many. */
typedef int32_t carc_v4 __attribute__((vector_size(16)));
typedef uint32_t carc_u4 __attribute__((vector_size(16)));
#if defined(__clang__) /* lane i of v in all four (one pshufd) */
#define CARC_SPLAT(v, i) __builtin_shufflevector(v, v, i, i, i, i)
#else
#define CARC_SPLAT(v, i) __builtin_shuffle(v, (carc_v4){i, i, i, i})
#endif
static const carc_v4 carc_rot_list[16] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
    {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
static const uint8_t carc_rot_count[256] = {
    [0x10] = 1, [0x20] = 1, [0x30] = 2, [0x40] = 1, [0x50] = 2, [0x60] = 2, [0x70] = 3,
    [0x80] = 1, [0x90] = 2, [0xa0] = 2, [0xb0] = 3, [0xc0] = 2, [0xd0] = 3, [0xe0] = 3,
    [0xf0] = 4};

/* The placements of the tile in hand at the frontier square with this key, whose fitting
 * rotations are m16 (a carc_fits value): four ids are written (room is left for them), the
 * fitting ones kept. */
static inline int32_t *carc_put_place(int32_t *o, uint32_t key, unsigned m16)
{
    carc_v4 v = *(const carc_v4 *)((const unsigned char *)carc_rot_list + m16);
    v += (int32_t)(key >> 8);
    memcpy(o, &v, sizeof v);
    return o + carc_rot_count[m16];
}

static int carc_legal_place(const carc_state *s, int32_t *out, int skip_sq)
{
    const uint8_t *fits = carc_fits[s->hand];
    /* the row's address in one register (else GCC adds the row offset in the loop) */
    __asm__("" : "+r"(fits));
    const carc_front *f = s->front, *end = f + s->nfront;
    int32_t *o = out;
    /* branch-free; a key holds the square's first id above its constraint */
    if (skip_sq < 0) {
        /* two squares a step: their keys' ids shifted down together, then each spread */
        for (const carc_front *last = end - 1; f < last; f += 2) {
            carc_v4 two;
            memcpy(&two, f, sizeof two); /* key, links, key, links */
            carc_v4 ids = (carc_v4)((carc_u4)two >> 8);
            unsigned m0 = fits[f[0].key & 0xff], m1 = fits[f[1].key & 0xff];
            carc_v4 v0 = *(const carc_v4 *)((const unsigned char *)carc_rot_list + m0);
            carc_v4 v1 = *(const carc_v4 *)((const unsigned char *)carc_rot_list + m1);
            v0 += CARC_SPLAT(ids, 0);
            v1 += CARC_SPLAT(ids, 2);
            memcpy(o, &v0, sizeof v0);
            o += carc_rot_count[m0];
            memcpy(o, &v1, sizeof v1);
            o += carc_rot_count[m1];
        }
        if (f < end)
            o = carc_put_place(o, f->key, fits[f->key & 0xff]);
        return (int)(o - out);
    }
    for (; f < end; f++)
        o = carc_put_place(o, f->key, carc_front_sq(f) == skip_sq ? 0 : fits[f->key & 0xff]);
    return (int)(o - out);
}

static int carc_legal_follow(const tafel_game *g, const carc_state *s, int32_t *out)
{
    int n = 0, p = s->cur;
    if (s->supply[p] || s->large[p]) {
        const carc_tile *T = &s->tiles[s->placed];
        const carc_kind *K = &carc_kinds[T->kind];
        int farmers = carc_opt_farmers(g);
        for (int i = 0; i < K->nseg; i++) {
            if (K->seg[i].type == CARC_FIELD && !farmers)
                continue;
            if (s->occ[carc_find_c(s, T->seg_base + i)])
                continue;
            if (s->supply[p])
                out[n++] = CARC_A_FOLLOW + 2 * i;
            if (s->large[p])
                out[n++] = CARC_A_FOLLOW + 2 * i + 1;
        }
    }
    return n;
}

/* 1 if the current player may deploy on the tile just placed: carc_legal_follow's test,
 * stopping at the first free segment. */
static int carc_can_follow(const tafel_game *g, const carc_state *s)
{
    int p = s->cur;
    if (!s->supply[p] && !s->large[p])
        return 0;
    const carc_tile *T = &s->tiles[s->placed];
    const carc_kind *K = &carc_kinds[T->kind];
    int farmers = carc_opt_farmers(g);
    for (int i = 0; i < K->nseg; i++)
        if ((farmers || K->seg[i].type != CARC_FIELD) && !s->occ[carc_find_c(s, T->seg_base + i)])
            return 1;
    return 0;
}

static int carc_legal_tatan(const tafel_game *g, const carc_state *s0, int32_t *out)
{
    int n = 0;
    int32_t picks[CARC_MAX_TILES];
    uint8_t ok[CARC_MAX_TILES];
    carc_movable_all(g, s0, ok);
    for (int t = 0; t < s0->ntiles; t++)
        if (ok[t])
            picks[n++] = CARC_A_PICK + carc_sq(s0->tiles[t].x, s0->tiles[t].y);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && picks[j] < picks[j - 1]; j--) {
            int32_t a = picks[j];
            picks[j] = picks[j - 1];
            picks[j - 1] = a;
        }
    memcpy(out, picks, (size_t)n * sizeof out[0]);
    out[n++] = s0->nremain ? CARC_A_DRAW2 : CARC_A_KEEP;
    return n;
}

static int carc_can_fill(const carc_state *s, int p, const uint8_t *gsz, int ng)
{
    if (!s->held[p] || !(s->supply[p] + s->large[p]))
        return 0;
    for (int i = 0; i < ng; i++)
        if (gsz[i] <= s->held[p])
            return 1;
    return 0;
}

static int carc_legal_end(const carc_state *s, int32_t *out)
{
    uint16_t gmin[256];
    uint8_t gsz[256];
    int ng = carc_gaps(s, gmin, gsz, 256), n = 0, p = s->cur;
    if (s->supply[p] + s->large[p])
        for (int i = 0; i < ng; i++) {
            if (gsz[i] > s->held[p])
                continue;
            if (s->supply[p])
                out[n++] = CARC_A_FILL + 2 * gmin[i];
            if (s->large[p])
                out[n++] = CARC_A_FILL + 2 * gmin[i] + 1;
        }
    out[n++] = CARC_A_PASS;
    return n;
}

int carc_legal(const tafel_game *g, const carc_state *s, int32_t *out)
{
    switch (s->phase) {
    case CARC_PH_PLACE: return carc_legal_place(s, out, -1);
    case CARC_PH_MOVE: return carc_legal_place(s, out, s->move_from);
    case CARC_PH_FOLLOW: {
        int n = carc_legal_follow(g, s, out);
        out[n++] = CARC_A_NOFOLLOW;
        return n;
    }
    case CARC_PH_TATAN: return carc_legal_tatan(g, s, out);
    case CARC_PH_END: return carc_legal_end(s, out);
    case CARC_PH_CHOOSE: {
        int n = 0;
        for (int k = 0; k < CARC_NKINDS; k++)
            for (int i = 0; i < s->nbag; i++)
                if (s->bag[i] == k) {
                    out[n++] = CARC_A_CHOOSE + k;
                    break;
                }
        return n;
    }
    default: return 0;
    }
}

static int carc_legal_actions(const tafel_game *g, const void *state, int32_t *out)
{
    return carc_legal(g, state, out);
}

/* Bit i set if remain[at + i] != 0, for i < 8 (SWAR: a byte's high bit after adding 0x7f to
 * its low 7 bits, or'ed with the byte, says it is non-zero; the multiply gathers those bits). */
static inline unsigned carc_nonzero8(const uint8_t *remain, int at)
{
    const uint64_t lo7 = 0x7f7f7f7f7f7f7f7fULL;
    uint64_t x;
    memcpy(&x, remain + at, sizeof x);
    x = ((((x & lo7) + lo7) | x) >> 7) & 0x0101010101010101ULL;
    if (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) /* byte 0 is the high byte there */
        x = __builtin_bswap64(x);
    return (unsigned)((x * 0x0102040810204080ULL) >> 56);
}

static int carc_chance_outcomes(const tafel_game *g, const void *state, tafel_chance *out)
{
    const carc_state *s = state;
    int n = 0;
    if (s->phase == CARC_PH_START) {
        for (int p = 0; p < g->num_players; p++) {
            out[n].action = CARC_A_START + p;
            out[n++].prob = 1.0 / g->num_players;
        }
    } else if (s->phase == CARC_PH_DRAW) {
        double inv = 1.0 / s->nremain;
        /* kinds still in the stack, in kind order, found 8 at a time (half of the I&C kinds
         * are single tiles, gone early) */
        uint64_t left = carc_nonzero8(s->remain, 0) | (uint64_t)carc_nonzero8(s->remain, 8) << 8 |
                        (uint64_t)carc_nonzero8(s->remain, 16) << 16;
        if (carc_opt_tiles_ic(g)) {
            left |= (uint64_t)carc_nonzero8(s->remain, 24) << 24 |
                    (uint64_t)carc_nonzero8(s->remain, 32) << 32;
            for (int k = 40; k < CARC_NKINDS; k++)
                left |= (uint64_t)(s->remain[k] != 0) << k;
        } else {
            left |= (uint64_t)(s->remain[CARC_TATAN] != 0) << CARC_TATAN;
        }
        for (; left; left &= left - 1) {
            int k = __builtin_ctzll(left);
            out[n].action = CARC_A_DRAW + k;
            out[n++].prob = s->remain[k] * inv;
        }
    }
    return n;
}

/* The generic walk of tafel_sample_chance over carc_chance_outcomes, for the start player and
 * for an r so near a boundary between two kinds that the rounding of the running sum decides. */
static __attribute__((noinline, cold)) int32_t carc_chance_walk(const tafel_game *g,
                                                                const carc_state *s, double r)
{
    tafel_chance out[CARC_NKINDS];
    int n = carc_chance_outcomes(g, s, out);
    double acc = 0;
    for (int i = 0; i < n; i++) {
        acc += out[i].prob;
        if (r < acc)
            return out[i].action;
    }
    return out[n - 1].action;
}

/* remain[at..at+7] as one word, remain[at] in the low byte. */
static inline uint64_t carc_remain8(const uint8_t *remain, int at)
{
    uint64_t x;
    memcpy(&x, remain + at, sizeof x);
    if (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__)
        x = __builtin_bswap64(x);
    return x;
}

/* The sample_chance hook. Every tile left is equally likely, so r * tiles names the tile j,
 * counting in kind order, and its kind is the one whose running count passes j; the counts are
 * summed 8 kinds at a time (a multiply gives a word's running byte sums: at most 90 tiles, no
 * carry). The walk's running sum of probabilities is off from the exact count / tiles by less
 * than 1e-12 (at most 42 roundings), so unless r * tiles lies within 1e-9 of a kind's first or
 * past its last tile both agree; there the walk itself decides. */
static int32_t carc_sample_chance(const tafel_game *g, const void *state, double r)
{
    const carc_state *s = state;
    if (s->phase != CARC_PH_DRAW)
        return carc_chance_walk(g, s, r);
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    double x = r * s->nremain;
    int j = (int)x, before = 0, at = 0;
    /* the word holding tile j, without a branch per word (which one is random in play) */
    _Static_assert(CARC_NKINDS == 42, "five words of 8 kinds, then one of two");
    uint64_t run[6];
    for (int k = 0; k < 5; k++)
        run[k] = carc_remain8(s->remain, 8 * k) * ones; /* byte b: the tiles of kinds 8k..8k+b */
    run[5] = ((uint64_t)s->remain[40] | (uint64_t)s->remain[41] << 8) * ones;
    for (int k = 0, cum = 0; k < 5; k++) { /* the running totals rise: a prefix passes j */
        cum += (int)(run[k] >> 56);
        int past = cum <= j;
        before = past ? cum : before;
        at += 8 * past;
    }
    uint64_t rw = run[at >> 3];
    /* the first byte whose running count exceeds j - before */
    uint64_t past = ((rw | highs) - (uint64_t)(j - before + 1) * ones) & highs;
    int b = __builtin_ctzll(past) >> 3;
    int hi = before + (int)(rw >> (8 * b) & 0xff);
    int lo = before + (b ? (int)(rw >> (8 * b - 8) & 0xff) : 0);
    if (x - lo >= 1e-9 && hi - x >= 1e-9)
        return CARC_A_DRAW + at + b;
    return carc_chance_walk(g, s, r);
}

/* ---- flow ---- */

static void carc_end_turns(const tafel_game *g, carc_state *s);

static void carc_final(const tafel_game *g, carc_state *s)
{
    s->ev_final = s->nev;
    s->ended = 1;
    carc_final_scoring(g, s);
    s->phase = CARC_PH_OVER;
}

/* End phase: skip players who cannot fill; a whole round without a fill ends it [D-15]. */
static void carc_end_advance(const tafel_game *g, carc_state *s)
{
    int anyone = 0; /* skip the gap search when nobody could fill */
    for (int p = 0; p < s->nplayers; p++)
        anyone |= s->held[p] && s->supply[p] + s->large[p];
    if (!anyone) {
        carc_final(g, s);
        return;
    }
    uint16_t gmin[256];
    uint8_t gsz[256];
    int ng = carc_gaps(s, gmin, gsz, 256);
    for (;;) {
        if (s->passes >= s->nplayers) {
            carc_final(g, s);
            return;
        }
        if (carc_can_fill(s, s->cur, gsz, ng))
            return;
        s->passes++;
        s->cur = (uint8_t)((s->cur + 1) % s->nplayers);
    }
}

static void carc_end_turns(const tafel_game *g, carc_state *s)
{
    if (!carc_opt_tatan(g)) {
        carc_final(g, s);
        return;
    }
    s->phase = CARC_PH_END;
    s->cur = (uint8_t)((s->last_player + 1) % s->nplayers);
    s->passes = 0;
    carc_end_advance(g, s);
}

/* tatan_draw_both_first: play held kind k now: a Tatan tile's options, or place a landscape tile.
 * Whether it fits is judged now, not when it was drawn, since the other held tiles may have made
 * room for it [D-13]; one that fits nowhere is discarded and replaced by a new draw (§3), which
 * joins the held tiles. */
static void carc_finish_step(const tafel_game *g, carc_state *s);

static void carc_play_kind(const tafel_game *g, carc_state *s, int k)
{
    if (k == CARC_TATAN) {
        s->phase = CARC_PH_TATAN;
    } else if (!carc_fits_anywhere(s, k, -1, CARC_NONE)) {
        s->discarded[k]++;
        s->bagdraws++;
        carc_finish_step(g, s);
    } else {
        s->hand = (uint8_t)k;
        s->phase = CARC_PH_PLACE;
    }
}

/* tatan_draw_both_first: draw what is still to be drawn, then play the drawn tiles. */
static void carc_bag_next(const tafel_game *g, carc_state *s)
{
    if (s->bagdraws && s->nremain) {
        s->phase = CARC_PH_DRAW;
        return;
    }
    s->bagdraws = 0;
    if (!s->nbag) {
        carc_finish_step(g, s);
        return;
    }
    int same = 1;
    for (int i = 1; i < s->nbag; i++)
        same &= s->bag[i] == s->bag[0];
    if (!same) {
        s->phase = CARC_PH_CHOOSE;
        return;
    }
    int k = s->bag[--s->nbag];
    s->bag[s->nbag] = 0;
    carc_play_kind(g, s, k);
}

static void carc_finish_step(const tafel_game *g, carc_state *s)
{
    s->hand = CARC_NONE;
    s->placed = CARC_NONE;
    s->move_from = 0;
    if (s->nbag || s->bagdraws) {
        carc_bag_next(g, s);
        return;
    }
    if (s->nremain == 0) {
        carc_end_turns(g, s);
    } else if (s->pending) {
        s->pending--;
        s->phase = CARC_PH_DRAW;
    } else {
        s->cur = (uint8_t)((s->cur + 1) % s->nplayers);
        s->phase = CARC_PH_DRAW;
    }
}

static void carc_after_place(const tafel_game *g, carc_state *s, int t)
{
    s->placed = (uint8_t)t;
    s->last_player = s->cur;
    if (carc_can_follow(g, s)) {
        s->phase = CARC_PH_FOLLOW;
    } else {
        carc_score_pending(g, s);
        carc_finish_step(g, s);
    }
}

void carc_apply(const tafel_game *g, carc_state *s, int32_t a)
{
    if (a >= CARC_A_START) {
        s->cur = (uint8_t)(a - CARC_A_START);
        s->phase = CARC_PH_DRAW;
        return;
    }
    if (a >= CARC_A_DRAW) {
        int k = a - CARC_A_DRAW;
        s->remain[k]--;
        s->nremain--;
        s->nev = 0;
        s->ev_final = 0;
        if (s->bagdraws) { /* held until played: its fit is judged then */
            if (k == CARC_TATAN)
                s->held[s->cur]++;
            s->bag[s->nbag++] = (uint8_t)k;
            s->bagdraws--;
            carc_bag_next(g, s);
            return;
        }
        if (k == CARC_TATAN) {
            s->held[s->cur]++;
            s->phase = CARC_PH_TATAN;
        } else if (!carc_fits_anywhere(s, k, -1, CARC_NONE)) {
            s->discarded[k]++;
            if (s->nremain == 0)
                carc_finish_step(g, s);
        } else {
            s->hand = (uint8_t)k;
            s->phase = CARC_PH_PLACE;
        }
        return;
    }
    if (a >= CARC_A_CHOOSE) {
        int k = a - CARC_A_CHOOSE, i = 0;
        while (s->bag[i] != k)
            i++;
        s->bag[i] = s->bag[--s->nbag];
        s->bag[s->nbag] = 0;
        carc_play_kind(g, s, k);
        return;
    }
    if (a == CARC_A_PASS) {
        s->nev = 0;
        s->ev_final = 0;
        s->passes++;
        s->cur = (uint8_t)((s->cur + 1) % s->nplayers);
        carc_end_advance(g, s);
        return;
    }
    if (a == CARC_A_KEEP) {
        carc_finish_step(g, s);
        return;
    }
    if (a == CARC_A_DRAW2) {
        if (g->params[CARC_P_BOTHFIRST]) {
            s->bagdraws = (uint8_t)(s->bagdraws + 2);
            carc_bag_next(g, s);
            return;
        }
        s->pending = (uint8_t)(s->pending + 2);
        carc_finish_step(g, s);
        return;
    }
    if (a >= CARC_A_FOLLOW) {
        if (a != CARC_A_NOFOLLOW) {
            int seg = (a - CARC_A_FOLLOW) >> 1, lg = (a - CARC_A_FOLLOW) & 1, p = s->cur;
            carc_fol *f = &s->fol[s->nfol++];
            f->tile = s->placed;
            f->seg = (uint8_t)seg;
            f->player = (uint8_t)p;
            f->large = (uint8_t)lg;
            if (lg)
                s->large[p]--;
            else
                s->supply[p]--;
            s->occ[carc_find(s, s->tiles[s->placed].seg_base + seg)]++;
        }
        carc_score_pending(g, s);
        carc_finish_step(g, s);
        return;
    }
    if (a >= CARC_A_FILL) {
        int sq = (a - CARC_A_FILL) >> 1, lg = (a - CARC_A_FILL) & 1, p = s->cur;
        uint16_t sqs[CARC_MAX_TAT];
        int k = carc_gap_squares(s, sq, sqs, CARC_MAX_TAT);
        s->nev = 0;
        s->ev_final = 0;
        for (int i = 0; i < k; i++) {
            s->tat_fol[s->ntat] = (uint8_t)(i == 0 ? p * 2 + lg + 1 : 0);
            s->tat_sq[s->ntat++] = sqs[i];
        }
        s->held[p] = (uint8_t)(s->held[p] - k);
        if (lg)
            s->large[p]--;
        else
            s->supply[p]--;
        carc_add_score(s, p, carc_fill_points(g, s, sqs, k), CARC_K_TATAN);
        s->passes = 0;
        s->cur = (uint8_t)((s->cur + 1) % s->nplayers);
        carc_end_advance(g, s);
        return;
    }
    if (a >= CARC_A_PICK) {
        int sq = a - CARC_A_PICK;
        int t = carc_tile_at(s, carc_sqx(sq), carc_sqy(sq));
        s->hand = s->tiles[t].kind;
        s->move_from = (uint16_t)sq;
        carc_remove_tile(g, s, t);
        s->phase = CARC_PH_MOVE;
        return;
    }
    /* placement (a drawn tile or a moved one): its step's events start here (with
     * tatan_draw_both_first no draw came just before) */
    s->nev = 0;
    s->ev_final = 0;
    int sq = a >> 2, r = a & 3;
    int t = carc_place(g, s, carc_front_find(s, sq), s->hand, r);
    carc_after_place(g, s, t);
}

void carc_end_game(const tafel_game *g, carc_state *s)
{
    memset(s->remain, 0, sizeof s->remain);
    s->nremain = 0;
    s->pending = 0;
    s->hand = CARC_NONE;
    s->placed = CARC_NONE;
    carc_end_turns(g, s);
}

void carc_set_turn(const tafel_game *g, carc_state *s, int p)
{
    s->cur = (uint8_t)p;
    if (s->phase == CARC_PH_END) {
        s->passes = 0;
        carc_end_advance(g, s);
    }
}

static void carc_apply_api(const tafel_game *g, void *state, int32_t a)
{
    carc_apply(g, state, a);
}

static void carc_returns(const tafel_game *g, const void *state, double *out)
{
    const carc_state *s = state;
    for (int p = 0; p < g->num_players; p++)
        out[p] = 0;
    if (s->phase != CARC_PH_OVER)
        return;
    int best = -1, nb = 0;
    for (int p = 0; p < g->num_players; p++)
        if (s->score[p] > best)
            best = s->score[p];
    for (int p = 0; p < g->num_players; p++)
        nb += s->score[p] == best;
    for (int p = 0; p < g->num_players; p++)
        out[p] = s->score[p] == best ? 1.0 / nb : 0;
}

static void carc_scores(const tafel_game *g, const void *state, int *out)
{
    const carc_state *s = state;
    for (int p = 0; p < g->num_players; p++)
        out[p] = s->score[p];
}

static json_t *carc_view_json(const tafel_game *g, const void *state, int viewer)
{
    (void)viewer;
    const carc_state *s = state;
    static const char *const phases[] = {"start", "draw", "place", "follow", "tatan", "move",
                                         "end", "choose", "over"};
    json_t *v = json_object();
    json_object_set_new(v, "phase", json_string(phases[s->phase]));
    json_object_set_new(v, "current", json_integer(carc_current(g, s)));
    /* Whose turn it is, also while his tile is drawn (current is chance then). */
    json_object_set_new(v, "turn", json_integer(s->phase == CARC_PH_START ? -1 : s->cur));
    json_object_set_new(v, "hand", json_string(s->hand == CARC_NONE ? "" : carc_kinds[s->hand].name));
    json_t *tiles = json_array();
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        json_array_append_new(tiles, json_pack("{s:s,s:i,s:i,s:i}", "kind",
                                               carc_kinds[T->kind].name, "x", T->x, "y", T->y,
                                               "r", T->rot));
    }
    json_object_set_new(v, "tiles", tiles);
    json_t *fols = json_array();
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        char name[32];
        carc_seg_name(s->tiles[f->tile].kind, f->seg, name, sizeof name);
        json_array_append_new(fols, json_pack("{s:i,s:i,s:i,s:s,s:b}", "player", f->player, "x",
                                              s->tiles[f->tile].x, "y", s->tiles[f->tile].y,
                                              "feature", name, "large", f->large));
    }
    json_object_set_new(v, "followers", fols);
    json_t *tat = json_array();
    for (int i = 0; i < s->ntat; i++)
        json_array_append_new(tat, json_pack("{s:i,s:i,s:i}", "x", carc_sqx(s->tat_sq[i]), "y",
                                             carc_sqy(s->tat_sq[i]), "follower",
                                             s->tat_fol[i] - 1));
    json_object_set_new(v, "tatan_tiles", tat);
    json_t *pl = json_array();
    for (int p = 0; p < s->nplayers; p++)
        json_array_append_new(pl, json_pack("{s:i,s:i,s:i,s:i}", "score", s->score[p], "supply",
                                            s->supply[p], "large", s->large[p], "tatan",
                                            s->held[p]));
    json_object_set_new(v, "players", pl);
    json_t *rem = json_object();
    for (int k = 0; k < CARC_NKINDS; k++)
        if (s->remain[k])
            json_object_set_new(rem, carc_kinds[k].name, json_integer(s->remain[k]));
    json_object_set_new(v, "remaining", rem);
    json_object_set_new(v, "pending_steps", json_integer(s->pending));
    json_t *dis = json_object();
    for (int k = 0; k < CARC_NKINDS; k++)
        if (s->discarded[k])
            json_object_set_new(dis, carc_kinds[k].name, json_integer(s->discarded[k]));
    json_object_set_new(v, "discarded", dis);
    json_object_set_new(v, "last_player", json_integer(s->last_player));
    if (s->placed != CARC_NONE)
        json_object_set_new(v, "placed", json_pack("{s:i,s:i}", "x", s->tiles[s->placed].x, "y",
                                                   s->tiles[s->placed].y));
    static const char *const kinds[CARC_NK] = {"city", "road", "cloister", "field", "tatan"};
    json_t *evs = json_array();
    for (int i = 0; i < s->nev; i++)
        json_array_append_new(evs, json_pack("{s:i,s:i,s:s}", "player", s->ev[i].player,
                                             "points", s->ev[i].points, "kind",
                                             kinds[s->ev[i].kind]));
    json_object_set_new(v, "events", evs);
    json_t *bag = json_array();
    for (int i = 0; i < s->nbag; i++)
        json_array_append_new(bag, json_string(carc_kinds[s->bag[i]].name));
    json_object_set_new(v, "drawn", bag);
    json_object_set_new(v, "draws_to_go", json_integer(s->bagdraws));
    return v;
}

static inline uint64_t carc_mix(uint64_t h, uint64_t v)
{
    h ^= v;
    h *= 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 29);
}

static uint64_t carc_hash_bytes(uint64_t h, const unsigned char *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t v;
        memcpy(&v, b + i, 8);
        h = carc_mix(h, v);
    }
    for (; i < n; i++)
        h = carc_mix(h, b[i]);
    return h;
}

static uint64_t carc_info_hash(const tafel_game *g, const void *state, int viewer)
{
    (void)g;
    (void)viewer;
    /* Nothing is hidden (the stack order is not stored). Hash the canonical state: union-find
     * parents are replaced by roots so path compression does not change the hash. */
    const carc_state *s = state;
    const unsigned char *b = state;
    size_t off = offsetof(carc_state, parent);
    uint64_t h = carc_hash_bytes(0x243F6A8885A308D3ULL, b, off);
    for (int i = 0; i < s->nsegs; i++)
        h = carc_mix(h, (uint64_t)carc_find_c(s, i));
    size_t rest = offsetof(carc_state, open);
    return carc_hash_bytes(h, b + rest, sizeof *s - rest);
}

static void carc_resample(const tafel_game *g, void *state, int viewer, tafel_rng *rng)
{
    (void)g, (void)state, (void)viewer, (void)rng; /* no hidden information is stored */
}

static void carc_evaluate(const tafel_game *g, const void *state, double *out)
{
    carc_evaluate_state(g, state, out);
}

int carc_action_to_text(const tafel_game *g, const void *state, int32_t a, char *buf,
                        size_t len);
int carc_text_to_action(const tafel_game *g, const void *state, const char *text,
                        int32_t *action, char *err, size_t errlen);

int carc_observation_tensor(const tafel_game *g, const void *state, int viewer, float *out,
                            int *shape);

/* tafel_random_games' hook: the generic loop with direct calls. */
static long long carc_random_games(const tafel_game *g, uint64_t first_seed, long games)
{
    carc_state s;
    int32_t legal[1024];
    return tafel_random_games_with(g, first_seed, games, &s, legal, carc_init, carc_legal_actions,
                                   carc_current, carc_apply_api, carc_sample_chance, NULL);
}

const tafel_game_type tafel_game_carcassonne = {
    .name = "carcassonne",
    .long_name = "Carcassonne with Inns & Cathedrals and Tatan",
    .min_players = 2,
    .max_players = 6,
    .default_players = 2,
    .params = carc_params,
    .num_params = CARC_NPARAMS,
    .state_size = sizeof(carc_state),
    .num_actions = CARC_NUM_ACTIONS,
    .max_legal = 1024,
    .check = carc_check,
    .init = carc_init,
    .current_player = carc_current,
    .legal_actions = carc_legal_actions,
    .chance_outcomes = carc_chance_outcomes,
    .sample_chance = carc_sample_chance,
    .random_games = carc_random_games,
    .apply = carc_apply_api,
    .returns = carc_returns,
    .scores = carc_scores,
    .view_json = carc_view_json,
    .info_hash = carc_info_hash,
    .resample = carc_resample,
    .action_to_text = carc_action_to_text,
    .text_to_action = carc_text_to_action,
    .render = carc_render,
    .evaluate = carc_evaluate,
    .action_seen = carc_action_seen,
    .events_json = carc_events_json,
    .observation_tensor = carc_observation_tensor,
    .assets_json = carc_tiles_json,
    .distinct_actions = carc_distinct_actions,
};
