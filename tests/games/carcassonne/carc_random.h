/* carc_random.h: the random-playout invariant of the Carcassonne tests and a runner over option
 * combinations. */
#ifndef CARC_RANDOM_H
#define CARC_RANDOM_H

#include "carc_harness.h"
#include "carc_naive.h"

#include <time.h>

/* The invariant has no state of its own: the previous scores live here (tests only). */
static int carc_prev_score[TAFEL_MAX_PLAYERS];
static long carc_inv_calls;
static int carc_rebuild_every = 1;
/* coverage: states seen in a Tatan move, after a gap filling, choosing among drawn tiles, and
 * followers on features merged from several owners */
static long carc_seen_move, carc_seen_fill, carc_seen_choose, carc_seen_discard;

/* evaluate() the slow way: each follower's feature scored by carc_feature_value, majorities by
 * comparing every pair of followers. The engine's version must give the same numbers. */
static void carc_ref_evaluate(const tafel_game *g, const carc_state *s0, double *out)
{
    static carc_state c;
    carc_state *s = &c;
    c = *s0;
    for (int p = 0; p < s->nplayers; p++)
        out[p] = s->score[p];
    if (s->phase == CARC_PH_OVER)
        return;
    int left = s->nremain, done[CARC_MAX_FOL], nd = 0;
    for (int i = 0; i < s->nfol; i++) {
        int seg = s->tiles[s->fol[i].tile].seg_base + s->fol[i].seg, r = carc_find(s, seg);
        int k = 0;
        while (k < nd && done[k] != r)
            k++;
        if (k < nd)
            continue;
        done[nd++] = r;
        int ty = s->sfl[r] & CARC_S_TYPE;
        double v;
        if (ty == CARC_FIELD) {
            v = carc_feature_value(g, s, seg, 0) * (left > 20 ? 1.5 : 1.0);
        } else {
            double vi = carc_feature_value(g, s, seg, 0), vc = carc_feature_value(g, s, seg, 1);
            int open = ty == CARC_CLOISTER ? 8 - ((int)vi - 1) : s->open[r];
            double pc = left > 0 ? 1.0 / (1.0 + 0.5 * open) * (left > 10 ? 1.0 : left / 10.0)
                                 : 0.0;
            v = pc * vc + (1 - pc) * vi;
        }
        int str[TAFEL_MAX_PLAYERS] = {0}, best = 0;
        for (int j = 0; j < s->nfol; j++)
            if (carc_find(s, s->tiles[s->fol[j].tile].seg_base + s->fol[j].seg) == r) {
                int q = s->fol[j].player;
                str[q] += s->fol[j].large ? 2 : 1;
                best = str[q] > best ? str[q] : best;
            }
        for (int p = 0; p < s->nplayers; p++)
            if (str[p] == best)
                out[p] += v;
    }
    for (int i = 0; i < s->nfol; i++) /* a farmer's lost future: 3 points, less after 60 tiles */
        if (carc_kinds[s->tiles[s->fol[i].tile].kind].seg[s->fol[i].seg].type == CARC_FIELD)
            out[s->fol[i].player] -= 3.0 * (left > 60 ? 1.0 : left / 60.0);
    for (int p = 0; p < s->nplayers; p++)
        out[p] += (s->supply[p] + s->large[p]) * (left > 0 ? 0.8 : 0.0) + s->held[p] * 1.5;
}

static int carc_invariant(const tafel_game *g, const void *state, char *err, size_t errlen)
{
    const carc_state *s = state;
    int total = 0, tat = 0;
    for (int k = 0; k < CARC_NKINDS - 1; k++)
        if (carc_kinds[k].set == 0 || carc_opt_tiles_ic(g))
            total += carc_kinds[k].count;
    int have = s->ntiles + (s->phase == CARC_PH_PLACE || s->phase == CARC_PH_MOVE);
    for (int k = 0; k < CARC_NKINDS - 1; k++)
        have += s->remain[k] + s->discarded[k];
    for (int i = 0; i < s->nbag; i++)
        have += s->bag[i] != CARC_TATAN;
    if (have != total) {
        snprintf(err, errlen, "landscape tiles: %d, expected %d", have, total);
        return -1;
    }
    tat = s->remain[CARC_TATAN] + s->ntat;
    for (int p = 0; p < s->nplayers; p++)
        tat += s->held[p];
    if (tat != (carc_opt_tatan(g) ? g->num_players : 0)) {
        snprintf(err, errlen, "Tatan tiles: %d", tat);
        return -1;
    }
    for (int p = 0; p < s->nplayers; p++) {
        int n = s->supply[p], l = s->large[p];
        for (int i = 0; i < s->nfol; i++)
            if (s->fol[i].player == p) {
                if (s->fol[i].large)
                    l++;
                else
                    n++;
            }
        for (int i = 0; i < s->ntat; i++)
            if (s->tat_fol[i] && (s->tat_fol[i] - 1) / 2 == p) {
                if ((s->tat_fol[i] - 1) & 1)
                    l++;
                else
                    n++;
            }
        if (n != 7 || l != (carc_opt_large(g) ? 1 : 0)) {
            snprintf(err, errlen, "player %d: %d followers, %d large", p, n, l);
            return -1;
        }
        int sum = 0;
        for (int k = 0; k < CARC_NK; k++) {
            if (s->kscore[p][k] < 0) {
                snprintf(err, errlen, "negative score part");
                return -1;
            }
            sum += s->kscore[p][k];
        }
        if (sum != s->score[p]) {
            snprintf(err, errlen, "score %d != sum of parts %d", s->score[p], sum);
            return -1;
        }
        if (s->phase == CARC_PH_START)
            carc_prev_score[p] = 0;
        if (s->score[p] < carc_prev_score[p]) {
            snprintf(err, errlen, "score of %d went down", p);
            return -1;
        }
        carc_prev_score[p] = s->score[p];
    }
    for (int i = 0; i < s->nfol; i++) {
        int t = s->fol[i].tile;
        if (t >= s->ntiles || s->fol[i].seg >= carc_kinds[s->tiles[t].kind].nseg) {
            snprintf(err, errlen, "follower %d on a bad segment", i);
            return -1;
        }
        int ty = carc_kinds[s->tiles[t].kind].seg[s->fol[i].seg].type;
        if (ty == CARC_FIELD && !carc_opt_farmers(g)) {
            snprintf(err, errlen, "farmer with farmers=off");
            return -1;
        }
    }
    carc_seen_move += s->phase == CARC_PH_MOVE;
    carc_seen_fill += s->ntat > 0;
    carc_seen_choose += s->phase == CARC_PH_CHOOSE;
    for (int k = 0; k < CARC_NKINDS; k++)
        carc_seen_discard += s->discarded[k] > 0;
    /* the linear-time movability equals the per-tile rule check */
    if (s->phase == CARC_PH_TATAN) {
        carc_state c = *s;
        uint8_t ok[CARC_MAX_TILES];
        carc_movable_all(g, &c, ok);
        for (int t = 0; t < c.ntiles; t++) {
            int why = carc_move_refusal(g, &c, t);
            if (ok[t] != !why) {
                snprintf(err, errlen, "movability of tile %d differs", t);
                return -1;
            }
            /* "a legal placement elsewhere" by really taking the tile off the board */
            if (why == 0 || why == 4) {
                static carc_state r;
                r = c;
                int sq = carc_sq(r.tiles[t].x, r.tiles[t].y), kind = r.tiles[t].kind, any = 0;
                carc_remove_tile(g, &r, t);
                for (int i = 0; i < r.nfront && !any; i++)
                    any = carc_front_sq(&r.front[i]) != sq &&
                          carc_fits[kind][carc_front_val(&r.front[i])];
                if (any != (why == 0)) {
                    snprintf(err, errlen, "tile %d: placement elsewhere %d, refusal %d", t, any,
                             why);
                    return -1;
                }
            }
        }
    }
    if (carc_inv_calls % 7 == 0) {
        double want[TAFEL_MAX_PLAYERS], got[TAFEL_MAX_PLAYERS];
        carc_ref_evaluate(g, s, want);
        carc_evaluate_state(g, s, got);
        for (int p = 0; p < s->nplayers; p++)
            if (got[p] != want[p]) {
                snprintf(err, errlen, "evaluate of player %d: %g, slow way %g", p, got[p],
                         want[p]);
                return -1;
            }
    }
    /* the independent model: features every few states, the final scoring at the end */
    if (carc_inv_calls % (carc_rebuild_every * 29) == 0 && nv_check_features(g, s, err, errlen))
        return -1;
    if (s->phase == CARC_PH_OVER) {
        int want[TAFEL_MAX_PLAYERS][CARC_NK], got[TAFEL_MAX_PLAYERS][CARC_NK];
        nv_final(g, s, want);
        memset(got, 0, sizeof got);
        if (s->nev >= CARC_MAX_EV) {
            snprintf(err, errlen, "event log full");
            return -1;
        }
        for (int i = s->ev_final; i < s->nev; i++)
            got[s->ev[i].player][s->ev[i].kind] += s->ev[i].points;
        for (int p = 0; p < s->nplayers; p++)
            for (int k = 0; k < CARC_NK; k++)
                if (got[p][k] != want[p][k]) {
                    snprintf(err, errlen, "final scoring of player %d kind %d: %d, naive %d", p,
                             k, got[p][k], want[p][k]);
                    return -1;
                }
    }
    if (++carc_inv_calls % carc_rebuild_every == 0 && carc_check_rebuild(g, s, err, errlen))
        return -1;
    return 0;
}

static void carc_run_rec(const char *params, long games, int deep, int rebuild_every, int records)
{
    tafel_game g;
    carc_h_load(&g, params);
    check_opts o = {0};
    int san = check_sanitized();
    o.games = san ? (games + 9) / 10 : games;
    o.seed = 1000;
    o.deep_every = deep;
    o.records = records;
    o.invariant = carc_invariant;
    carc_rebuild_every = rebuild_every * (san ? 3 : 1);
    clock_t t0 = clock();
    long long n = check_random_games(&g, &o);
    print_message("%-60s %5ld games %8lld actions %.2f s\n", params, o.games, n,
                  (double)(clock() - t0) / CLOCKS_PER_SEC);
}

static void carc_run(const char *params, long games, int deep, int rebuild_every)
{
    carc_run_rec(params, games, deep, rebuild_every, 0);
}

/* Every combination of tatan x inns_cathedrals x farmers x tiny_city with the given tatan value;
 * ec_inn_both, tatan_draw_both_first and tatan_follower_tile_only alternate over them, and the
 * player count cycles 2..6 (6 only with the large follower's colour). */
static inline void carc_run_combos(const char *tatan, long games, int rebuild_every)
{
    static const char *const ic[3] = {"full", "large_follower_only", "off"};
    int i = 0;
    for (int c = 0; c < 3; c++)
        for (int farm = 0; farm < 2; farm++)
            for (int tiny = 0; tiny < 2; tiny++, i++) {
                int players = 2 + i % (c == 2 ? 4 : 5);
                char params[300];
                snprintf(params, sizeof params,
                         "players=%d,tatan=%s,inns_cathedrals=%s,farmers=%s,tiny_city=%s,"
                         "ec_inn_both=%s,tatan_draw_both_first=%s,tatan_follower_tile_only=%s",
                         players, tatan, ic[c], farm ? "off" : "on", tiny ? "true" : "false",
                         i % 2 ? "true" : "false", (i / 2) % 2 ? "true" : "false",
                         (i / 4) % 2 ? "true" : "false");
                carc_run(params, games, 211, rebuild_every);
            }
}

#endif
