/* test_text_roundtrip.c: random complete games (Tatan moves, draw two, keep, end-phase fills,
 * every option mix) written in the text format with a claim after every step replay through
 * carc_text to the same end: the reader drives the engine exactly as direct play did. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"

typedef struct {
    char *buf;
    size_t len, cap;
} rt_text;

static void rt_put(rt_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void rt_put(rt_text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        assert_true(n >= 0);
        if (t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)n;
        t->buf = realloc(t->buf, t->cap);
        assert_non_null(t->buf);
    }
}

/* Claims about the state after a step: totals per kind, Tatan tiles held, supplies. In the middle
 * of a turn that draws tiles ahead (tatan_draw_both_first) the file, which lists tiles in the
 * order they are played, does not say which were drawn yet: no holds claim there. */
static void rt_claims(rt_text *t, const tafel_game *g, const carc_state *s)
{
    int drawing_ahead = s->nbag || s->bagdraws;
    static const char *const kinds[CARC_NK] = {"city", "road", "cloister", "field", "tatan"};
    for (int p = 0; p < s->nplayers; p++) {
        rt_put(t, "expect %d %d\n", p, s->score[p]);
        for (int k = 0; k < CARC_NK; k++)
            if (s->kscore[p][k])
                rt_put(t, "expect %d %d %s\n", p, s->kscore[p][k], kinds[k]);
        if (carc_opt_tatan(g) && !drawing_ahead)
            rt_put(t, "holds %d %d\n", p, s->held[p]);
        rt_put(t, "supply %d %d %d\n", p, s->supply[p], s->large[p]);
    }
}

/* A random legal action; at a Tatan tile option 2 (or keeping it) half the time, so that
 * drawing two and keeping happen often next to the many possible moves. */
static int32_t rt_pick(const tafel_game *g, const carc_state *s, tafel_rng *rng)
{
    int32_t acts[1024];
    int n = g->type->legal_actions(g, s, acts);
    assert_true(n > 0);
    if (s->phase == CARC_PH_TATAN && tafel_rng_below(rng, 2))
        return acts[n - 1]; /* CARC_A_DRAW2 or CARC_A_KEEP: the largest id */
    return acts[tafel_rng_below(rng, (uint32_t)n)];
}

typedef struct {
    int steps, moves, draw2, keeps, fills, discards;
} rt_stats;

/* Play one random game from start player 0, writing it; returns the text. */
static int rt_discards(const carc_state *s)
{
    int n = 0;
    for (int k = 0; k < CARC_NKINDS; k++)
        n += s->discarded[k];
    return n;
}

static char *rt_play(const tafel_game *g, carc_state *s, uint64_t seed, rt_stats *st,
                     int *discarded)
{
    tafel_rng rng;
    tafel_rng_seed(&rng, seed);
    rt_text t = {malloc(1 << 14), 0, 1 << 14};
    assert_non_null(t.buf);
    t.buf[0] = 0;
    char gs[256];
    tafel_game_to_string(g, gs, sizeof gs);
    rt_put(&t, "game %s\n# seed %llu\n", gs, (unsigned long long)seed);
    g->type->init(g, s);
    g->type->apply(g, s, CARC_A_START + 0);
    *discarded = 0;
    int from_x = 0, from_y = 0;
    while (s->phase != CARC_PH_OVER) {
        int phase = s->phase, p = s->cur;
        int32_t a;
        if (phase == CARC_PH_DRAW) {
            a = tafel_sample_chance(g, s, &rng);
            int before = rt_discards(s);
            g->type->apply(g, s, a);
            if (rt_discards(s) != before) {
                (*discarded)++; /* fits nowhere: the format has no line for it */
                st->discards++;
                if (s->phase == CARC_PH_END)
                    rt_claims(&t, g, s);
            }
            continue;
        }
        a = rt_pick(g, s, &rng);
        /* a held tile played (chosen, or the last one left after a step) that fits nowhere is
         * discarded then (tatan_draw_both_first) */
        int discards_before = rt_discards(s);
        if (phase == CARC_PH_END && a != CARC_A_PASS) {
            /* a gap line implies the passes before it */
            int sq = (a - CARC_A_FILL) >> 1, large = (a - CARC_A_FILL) & 1;
            uint16_t sqs[CARC_MAX_TAT];
            int k = carc_gap_squares(s, sq, sqs, CARC_MAX_TAT);
            assert_true(k >= 1 && k <= CARC_MAX_TAT);
            rt_put(&t, "gap %d ", p);
            for (int i = 0; i < k; i++)
                rt_put(&t, "%s%d,%d", i ? ";" : "", carc_sqx(sqs[i]), carc_sqy(sqs[i]));
            rt_put(&t, "\nfollower %statan\n", large ? "L " : "");
            st->fills++;
        } else if (phase == CARC_PH_PLACE) {
            int sq = (a - CARC_A_PLACE) >> 2;
            rt_put(&t, "tile %s %d %d %d\n", carc_kinds[s->hand].name, carc_sqx(sq), carc_sqy(sq),
                   (a - CARC_A_PLACE) & 3);
            st->steps++;
        } else if (phase == CARC_PH_TATAN) {
            if (a == CARC_A_DRAW2) {
                rt_put(&t, "tatan draw2\n");
                st->draw2++;
            } else if (a == CARC_A_KEEP) {
                rt_put(&t, "tatan keep\n");
                st->keeps++;
            } else {
                from_x = carc_sqx(a - CARC_A_PICK);
                from_y = carc_sqy(a - CARC_A_PICK);
            }
        } else if (phase == CARC_PH_MOVE) {
            int sq = (a - CARC_A_PLACE) >> 2;
            rt_put(&t, "tatan move %d %d -> %d %d %d\n", from_x, from_y, carc_sqx(sq),
                   carc_sqy(sq), (a - CARC_A_PLACE) & 3);
            st->moves++;
        } else if (phase == CARC_PH_FOLLOW && a != CARC_A_NOFOLLOW) {
            int seg = (a - CARC_A_FOLLOW) >> 1, large = (a - CARC_A_FOLLOW) & 1;
            char name[64];
            carc_seg_name(s->tiles[s->placed].kind, seg, name, sizeof name);
            rt_put(&t, "follower %s%s\n", large ? "L " : "", name);
        }
        g->type->apply(g, s, a);
        if (rt_discards(s) != discards_before) {
            (*discarded)++;
            st->discards++;
        }
        /* claims once a step is over (not after final scoring: the end marker comes first) */
        if (s->phase != CARC_PH_OVER &&
            (s->phase == CARC_PH_DRAW || (s->phase == CARC_PH_END && phase != CARC_PH_END) ||
             (phase == CARC_PH_END && a != CARC_A_PASS)))
            rt_claims(&t, g, s);
    }
    rt_put(&t, "# end of game scoring\n");
    rt_claims(&t, g, s);
    rt_put(&t, "final");
    for (int p = 0; p < s->nplayers; p++)
        rt_put(&t, " %d", s->score[p]);
    rt_put(&t, "\n");
    return t.buf;
}

static carc_state rt_direct, rt_replayed;

static void rt_games(const char *params, int games, uint64_t seed0)
{
    tafel_game g, g2;
    char err[TAFEL_ERR_LEN];
    if (tafel_game_load_type(&g, &tafel_game_carcassonne, params, err, sizeof err))
        fail_msg("%s: %s", params, err);
    rt_stats st = {0};
    for (int i = 0; i < games; i++) {
        int discarded;
        char *text = rt_play(&g, &rt_direct, seed0 + (uint64_t)i, &st, &discarded);
        carc_text_result res;
        carc_text_replay(text, strlen(text), &g2, &rt_replayed, &res);
        if (res.status != CARC_TEXT_OK) {
            fprintf(stderr, "%s", text);
            fail_msg("%s seed %llu: line %d: %s (%s)", params, (unsigned long long)(seed0 + i),
                     res.line, res.msg, res.category);
        }
        assert_int_equal(rt_replayed.phase, CARC_PH_OVER);
        for (int p = 0; p < g.num_players; p++)
            assert_int_equal(rt_replayed.score[p], rt_direct.score[p]);
        /* without discarded draws the stacks agree too: the same state */
        if (!discarded)
            assert_true(g.type->info_hash(&g, &rt_direct, -1) ==
                        g.type->info_hash(&g2, &rt_replayed, -1));
        free(text);
    }
    printf("%s: %d games, %d tile steps, %d moves, %d draw2, %d keeps, %d fills, %d discards\n",
           params, games, st.steps, st.moves, st.draw2, st.keeps, st.fills, st.discards);
}

static int rt_scale(int n)
{
    return check_sanitized() ? (n + 4) / 5 : n;
}

static void test_roundtrip_base(void **unused)
{
    (void)unused;
    rt_games("players=2,tatan=off,inns_cathedrals=off", rt_scale(200), 100);
    rt_games("players=4,tatan=off,inns_cathedrals=full,farmers=off,tiny_city=true",
             rt_scale(100), 200);
}

static void test_roundtrip_tatan(void **unused)
{
    (void)unused;
    rt_games("players=2", rt_scale(200), 300);
    rt_games("players=3,inns_cathedrals=large_follower_only", rt_scale(100), 400);
    rt_games("players=5,tatan_follower_tile_only=true,ec_inn_both=true", rt_scale(100), 500);
    rt_games("players=6", rt_scale(100), 600);
    /* the games above draw both of option 2's tiles first (the default) and list them in the
     * order they are played; the earlier reading draws each after the previous step */
    rt_games("players=3,tatan_draw_both_first=false", rt_scale(200), 700);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_base),
        cmocka_unit_test(test_roundtrip_tatan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
