/* test_carc_naive_steps.c: the scoring of every tile step and every gap filling in random games
 * (all modules, options alternating) equals an independent computation from the board
 * (carc_naive.h): features the placement completes, their value by the spec's table and the
 * majority; followers open at a filled square. */
#include "carc_naive.h"

/* Expected events of the step that placed tile t on the board of s0, with the followers of
 * fs (plus the one action a deploys, if a is a follower action); cl_before: cloister completion
 * marks before the placement. */
static int nv_step_events(const tafel_game *g, const carc_state *s0, int t, const carc_state *fs,
                          int32_t a, const uint8_t *cl_before, carc_event *ev)
{
    static nv_board b;
    nv_build(g, s0, &b);
    carc_fol fol[CARC_MAX_FOL + 1];
    int nfol = fs->nfol, n = 0;
    memcpy(fol, fs->fol, sizeof fol[0] * (size_t)nfol);
    if (a >= CARC_A_FOLLOW && a < CARC_A_NOFOLLOW) {
        fol[nfol].tile = (uint8_t)t;
        fol[nfol].seg = (uint8_t)((a - CARC_A_FOLLOW) >> 1);
        fol[nfol].player = fs->cur;
        fol[nfol].large = (uint8_t)((a - CARC_A_FOLLOW) & 1);
        nfol++;
    }
    int feats[16], nfe = 0;
    const carc_tile *T = &s0->tiles[t];
    const carc_kind *K = &carc_kinds[T->kind];
    for (int i = 0; i < K->ncity + K->nroad; i++) {
        int f = b.comp[t][i], k = 0;
        while (k < nfe && feats[k] != f)
            k++;
        if (k == nfe && b.open[f] == 0)
            feats[nfe++] = f;
    }
    for (int u = 0; u < s0->ntiles; u++) {
        const carc_tile *U = &s0->tiles[u];
        const carc_kind *UK = &carc_kinds[U->kind];
        if (UK->cloister == CARC_NONE || cl_before[u] || abs(U->x - T->x) > 1 ||
            abs(U->y - T->y) > 1)
            continue;
        int cnt = 0;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
                cnt += (dx || dy) && nv_tile_at(s0, U->x + dx, U->y + dy) >= 0;
        if (cnt == 8)
            feats[nfe++] = b.comp[u][UK->cloister];
    }
    for (int k = 0; k < nfe; k++) {
        int f = feats[k], v, kind;
        if (b.type[f] == CARC_CLOISTER) {
            v = 9;
            kind = CARC_K_CLOISTER;
        } else if (b.type[f] == CARC_ROAD) {
            v = b.tiles[f] * (b.inn[f] ? 2 : 1);
            kind = CARC_K_ROAD;
        } else {
            kind = CARC_K_CITY;
            if (b.cath[f])
                v = 3 * (b.tiles[f] + b.pen[f]);
            else if (tafel_game_param(g, "tiny_city") && b.tiles[f] == 2)
                v = b.tiles[f] + b.pen[f];
            else
                v = 2 * (b.tiles[f] + b.pen[f]);
        }
        int str[TAFEL_MAX_PLAYERS] = {0}, best = 0;
        for (int j = 0; j < nfol; j++)
            if (b.comp[fol[j].tile][fol[j].seg] == f) {
                str[fol[j].player] += fol[j].large ? 2 : 1;
                if (str[fol[j].player] > best)
                    best = str[fol[j].player];
            }
        for (int p = 0; p < s0->nplayers; p++)
            if (best && str[p] == best) {
                ev[n].player = (int8_t)p;
                ev[n].kind = (uint8_t)kind;
                ev[n].points = (int16_t)v;
                n++;
            }
    }
    return n;
}

/* Points of filling the gap of action a (end phase) by the spec's rule [D-17, D-18]. */
static int nv_fill_points(const tafel_game *g, const carc_state *s, int32_t a)
{
    static nv_board b;
    nv_build(g, s, &b);
    uint16_t sqs[CARC_MAX_TAT];
    int k = carc_gap_squares(s, (a - CARC_A_FILL) >> 1, sqs, CARC_MAX_TAT);
    int tile_only = tafel_game_param(g, "tatan_follower_tile_only");
    int pts = 0;
    for (int i = 0; i < s->nfol; i++) {
        const carc_fol *f = &s->fol[i];
        const carc_tile *T = &s->tiles[f->tile];
        int type = carc_kinds[T->kind].seg[f->seg].type, hit = 0;
        for (int q = 0; q < k && !hit; q++) {
            int qx = carc_sqx(sqs[q]), qy = carc_sqy(sqs[q]);
            if (type == CARC_CLOISTER) {
                hit = abs(qx - T->x) <= 1 && abs(qy - T->y) <= 1;
                continue;
            }
            /* tiles next to the square, their edges or half-edges facing it */
            for (int d = 0; d < 4 && !hit; d++) {
                int u = nv_tile_at(s, qx + nv_dx[d], qy + nv_dy[d]);
                if (u < 0)
                    continue;
                int side = (d + 2) % 4; /* u's side facing the square */
                const carc_kind *UK = &carc_kinds[s->tiles[u].kind];
                for (int j = 0; j < UK->nseg && !hit; j++) {
                    if (UK->seg[j].type != type)
                        continue;
                    int m = nv_board_mask(s, u, j);
                    int faces = type == CARC_FIELD ? (m >> (2 * side) & 3) != 0 : (m >> side & 1);
                    if (!faces)
                        continue;
                    hit = tile_only ? (u == f->tile && j == f->seg)
                                    : b.comp[u][j] == b.comp[f->tile][f->seg];
                }
            }
        }
        if (hit)
            pts += f->large ? 4 : 2;
    }
    return pts;
}

static int nv_ev_cmp(const void *a, const void *b)
{
    const carc_event *x = a, *y = b;
    if (x->player != y->player)
        return x->player - y->player;
    if (x->kind != y->kind)
        return x->kind - y->kind;
    return x->points - y->points;
}

static void nv_run(const char *params, long games)
{
    tafel_game g;
    carc_h_load(&g, params);
    static carc_state s, s1;
    uint8_t cl_before[CARC_MAX_TILES];
    int32_t legal[1024];
    long steps = 0, scored = 0, fills = 0;
    if (check_sanitized())
        games /= 10;
    for (long gi = 0; gi < games; gi++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, 7000 + (uint64_t)gi);
        tafel_game_carcassonne.init(&g, &s);
        while (tafel_game_carcassonne.current_player(&g, &s) != TAFEL_TERMINAL) {
            int p = tafel_game_carcassonne.current_player(&g, &s);
            int32_t a;
            if (p == TAFEL_CHANCE) {
                a = tafel_sample_chance(&g, &s, &rng);
            } else {
                int n = tafel_game_carcassonne.legal_actions(&g, &s, legal);
                a = legal[tafel_rng_below(&rng, (uint32_t)n)];
            }
            if (s.phase == CARC_PH_PLACE || s.phase == CARC_PH_MOVE) {
                /* cloister marks before the placement (a move reorders tiles: after the pick) */
                for (int t = 0; t < s.ntiles; t++)
                    cl_before[t] = s.tiles[t].cl_done;
                cl_before[s.ntiles] = 0;
            }
            int ph = s.phase;
            if (ph == CARC_PH_END && a >= CARC_A_FILL && a < CARC_A_FOLLOW) {
                int want = nv_fill_points(&g, &s, a), p0 = s.cur;
                s1 = s;
                tafel_game_carcassonne.apply(&g, &s1, a);
                int got = s1.kscore[p0][CARC_K_TATAN] - s.kscore[p0][CARC_K_TATAN];
                if (got != want)
                    fail_msg("%s game %ld: filling scored %d, naive %d", params, gi, got, want);
                fills++;
            }
            if (ph == CARC_PH_FOLLOW || ph == CARC_PH_PLACE || ph == CARC_PH_MOVE) {
                carc_event want[64], got[CARC_MAX_EV];
                s1 = s;
                tafel_game_carcassonne.apply(&g, &s1, a);
                int nw = -1;
                if (ph == CARC_PH_FOLLOW)
                    nw = nv_step_events(&g, &s, s.placed, &s, a, cl_before, want);
                else if (s1.phase != CARC_PH_FOLLOW) /* placed and scored without deployment */
                    nw = nv_step_events(&g, &s1, s.ntiles, &s, a, cl_before, want);
                int ng = s1.phase == CARC_PH_OVER ? s1.ev_final : s1.nev;
                if (s1.phase == CARC_PH_END || (s1.phase == CARC_PH_OVER && s1.ntat))
                    nw = -1; /* an end-phase turn ran in the same call: skip */
                if (nw >= 0) {
                    memcpy(got, s1.ev, sizeof got[0] * (size_t)ng);
                    qsort(want, (size_t)nw, sizeof want[0], nv_ev_cmp);
                    qsort(got, (size_t)ng, sizeof got[0], nv_ev_cmp);
                    if (nw != ng || memcmp(want, got, sizeof want[0] * (size_t)nw))
                        fail_msg("%s game %ld: step scored %d events, naive %d (first: p%d %d "
                                 "kind %d vs p%d %d kind %d)",
                                 params, gi, ng, nw, ng ? got[0].player : -1,
                                 ng ? got[0].points : 0, ng ? got[0].kind : -1,
                                 nw ? want[0].player : -1, nw ? want[0].points : 0,
                                 nw ? want[0].kind : -1);
                    steps++;
                    scored += nw > 0;
                }
            }
            tafel_game_carcassonne.apply(&g, &s, a);
        }
    }
    print_message("%-40s %ld games, %ld steps checked, %ld with scoring, %ld fillings\n", params,
                  games, steps, scored, fills);
    assert_true(scored > 0);
}

static void test_steps(void **u)
{
    (void)u;
    nv_run("players=2,tatan=off,inns_cathedrals=off", 300);
    nv_run("players=3,tatan=off,inns_cathedrals=full,tiny_city=true", 300);
    nv_run("players=4,tatan=on,inns_cathedrals=full,ec_inn_both=true", 600);
    nv_run("players=2,tatan=on,inns_cathedrals=large_follower_only,farmers=off", 600);
    nv_run("players=5,tatan=on,inns_cathedrals=full,tatan_draw_both_first=true", 600);
    nv_run("players=3,tatan=on,inns_cathedrals=full,tatan_follower_tile_only=true", 600);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
