/* test_carc_misc.c: fingerprint, notation, render, view/hash, evaluate, scoring events. */
#include "carc_harness.h"

#include <jansson.h>



static carc_state st;

#define CARC_FP_BASE 33086
#define CARC_FP_DEFAULT 42076

/* The number `tafel bench carcassonne(...) --games 200` prints. */
static void test_fingerprint(void **u)
{
    (void)u;
    tafel_game g;
    carc_h_load(&g, "tatan=off,inns_cathedrals=off");
    assert_int_equal(tafel_random_games(&g, 0, 200), CARC_FP_BASE);
    carc_h_load(&g, "");
    assert_int_equal(tafel_random_games(&g, 0, 200), CARC_FP_DEFAULT);
}

static void roundtrip(const tafel_game *g, const carc_state *s, int32_t a, const char *want)
{
    char buf[TAFEL_TEXT_LEN], err[TAFEL_ERR_LEN];
    tafel_game_carcassonne.action_to_text(g, s, a, buf, sizeof buf);
    if (want)
        assert_string_equal(buf, want);
    int32_t back;
    if (tafel_game_carcassonne.text_to_action(g, s, buf, &back, err, sizeof err))
        fail_msg("'%s' does not parse: %s", buf, err);
    assert_int_equal(back, a);
}

static int32_t parse(const tafel_game *g, const carc_state *s, const char *text)
{
    int32_t a;
    char err[TAFEL_ERR_LEN];
    if (tafel_text_to_action(g, s, text, &a, err, sizeof err))
        fail_msg("'%s': %s", text, err);
    return a;
}

static void test_notation(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2");
    tafel_game_carcassonne.init(&g, s);
    roundtrip(&g, s, CARC_A_START + 1, "start 1");
    carc_h_apply(&g, s, CARC_A_START);
    roundtrip(&g, s, CARC_A_DRAW + carc_kind_by_name("EK"), "draw EK");
    roundtrip(&g, s, CARC_A_DRAW + CARC_TATAN, "draw Tatan");
    carc_h_draw(&g, s, 0, "E");
    roundtrip(&g, s, carc_place_action(0, -1, 2), "E 0,-1 r2");
    assert_int_equal(carc_place_action_kind(s, carc_kind_by_name("E"), 0, -1, 2),
                     carc_place_action(0, -1, 2));
    assert_int_equal(carc_place_action_kind(s, carc_kind_by_name("D"), 0, -1, 2), -1);
    assert_int_equal(parse(&g, s, "0 -1 2"), carc_place_action(0, -1, 2));
    assert_int_equal(parse(&g, s, "E 0,-1 r2"), carc_place_action(0, -1, 2));
    /* labels: squares with a legal placement in square order: (0,-1) is 'a', (0,1) 'b' */
    assert_int_equal(parse(&g, s, "a r2"), carc_place_action(0, -1, 2));
    assert_int_equal(parse(&g, s, "b1"), carc_place_action(0, 1, 1));
    assert_int_equal(parse(&g, s, "br1"), carc_place_action(0, 1, 1));
    char lab[4];
    carc_label(27, lab, sizeof lab);
    assert_string_equal(lab, "ab");
    carc_h_apply(&g, s, carc_place_action(0, -1, 2));
    /* E's city (north on the tile) lies south when E is turned twice. */
    roundtrip(&g, s, carc_follower_action(s, "city:N", 0), "city:S");
    roundtrip(&g, s, carc_follower_action(s, "city:N", 1), "L city:S");
    roundtrip(&g, s, CARC_A_NOFOLLOW, "none");
    /* the spec's §6 forms */
    assert_int_equal(parse(&g, s, "kn c0"), carc_follower_action(s, "city:N", 0));
    assert_int_equal(parse(&g, s, "L kn c0"), carc_follower_action(s, "city:N", 1));
    assert_int_equal(parse(&g, s, "farmer f0"), carc_follower_action(s, "field:En,Es,Se,Sw,Ws,Wn", 0));
    assert_int_equal(parse(&g, s, "field:Nw,Ne,En,Es,Ws,Wn"), parse(&g, s, "farmer f0"));
    int32_t bad;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(tafel_text_to_action(&g, s, "r0", &bad, err, sizeof err), -1);
    carc_h_apply(&g, s, CARC_A_NOFOLLOW);
    carc_h_draw(&g, s, 1, "Tatan");
    roundtrip(&g, s, carc_pick_action(0, 0), "move 0,0");
    roundtrip(&g, s, CARC_A_DRAW2, "draw2");
    roundtrip(&g, s, CARC_A_KEEP, "keep");
    roundtrip(&g, s, CARC_A_PASS, "pass");
    roundtrip(&g, s, carc_fill_action(1, 0, 1), "fill L 1,0");
    roundtrip(&g, s, CARC_A_CHOOSE + 3, "play D");
}

/* Follower spots are named as they lie on the board, and a part of a name that fits one spot
 * only is enough: V (road S-W on the tile) turned twice has its road at N-E. */
static void test_spot_names_on_board(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_draw(&g, s, 0, "V");
    carc_h_apply(&g, s, carc_place_action(-1, 0, 2));
    int32_t road = CARC_A_FOLLOW + 2 * 0, big = CARC_A_FOLLOW + 2 * 1, small = CARC_A_FOLLOW + 4;
    roundtrip(&g, s, road, "road:NE");
    roundtrip(&g, s, big, "field:Nw,Es,Se,Sw,Ws,Wn");
    roundtrip(&g, s, small, "field:Ne,En");
    assert_int_equal(parse(&g, s, "road"), road);
    assert_int_equal(parse(&g, s, "road:EN"), road);
    assert_int_equal(parse(&g, s, "Road:e"), road);
    assert_int_equal(parse(&g, s, "field:En"), small);
    assert_int_equal(parse(&g, s, "field:Sw"), big);
    int32_t a;
    char err[TAFEL_ERR_LEN];
    /* The unrotated tile's name is not where the road lies. */
    assert_int_equal(tafel_text_to_action(&g, s, "road:SW", &a, err, sizeof err), -1);
    assert_non_null(strstr(err, "road:SW"));
    /* Two fields: a lone "field" names neither, and the message lists both. */
    assert_int_equal(tafel_text_to_action(&g, s, "field", &a, err, sizeof err), -1);
    if (!strstr(err, "ambiguous") || !strstr(err, "field:Ne,En") ||
        !strstr(err, "field:Nw,Es,Se,Sw,Ws,Wn"))
        fail_msg("%s", err);
    /* The render lists the names the notation takes. */
    char buf[16384];
    tafel_game_carcassonne.render(&g, s, 0, 0, buf, sizeof buf);
    if (!strstr(buf, "road:NE") || !strstr(buf, "field:Ne,En") || strstr(buf, "road:SW"))
        fail_msg("%s", buf);
}

static void test_render_and_view(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=3");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "road:EW");
    carc_h_draw(&g, s, 1, "E");
    char buf[16384];
    int n = tafel_game_carcassonne.render(&g, s, 1, 1, buf, sizeof buf);
    assert_true(n > 0 && n < (int)sizeof buf);
    assert_non_null(strstr(buf, "\033["));
    n = tafel_game_carcassonne.render(&g, s, 1, 0, buf, sizeof buf);
    assert_null(strstr(buf, "\033["));
    assert_non_null(strstr(buf, "tile in hand: E"));
    assert_non_null(strstr(buf, "a(0,-1): r2"));
    /* truncation follows snprintf */
    char small[32];
    int m = tafel_game_carcassonne.render(&g, s, 1, 0, small, sizeof small);
    assert_int_equal(m, n);
    assert_int_equal(strlen(small), 31);
    json_t *v = tafel_game_carcassonne.view_json(&g, s, -1);
    assert_int_equal(json_array_size(json_object_get(v, "tiles")), 2);
    assert_string_equal(json_string_value(json_object_get(v, "hand")), "E");
    json_decref(v);
    /* path compression inside find() never changes the hash */
    uint64_t h = tafel_game_carcassonne.info_hash(&g, s, 0);
    carc_state c = *s;
    for (int i = 0; i < c.nsegs; i++)
        carc_find(&c, i);
    assert_true(tafel_game_carcassonne.info_hash(&g, &c, 0) == h);
    assert_true(tafel_game_carcassonne.info_hash(&g, s, 2) == h);
}

/* tatan_draw_both_first: the render shows the tiles he holds, which fit nowhere now, and asks
 * which he plays next; while he places one, the others he still holds. */
static void test_render_held(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    char buf[16384];
    carc_h_load(&g, "players=2,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, NULL);
    carc_h_draw(&g, s, 1, "Tatan");
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_draw(&g, s, -1, "C");
    carc_h_draw(&g, s, -1, "E");
    tafel_game_carcassonne.render(&g, s, 1, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "you hold the drawn tiles: C (fits nowhere now) E\n"));
    assert_non_null(strstr(buf, "which do you play next? \"play KIND\""));
    assert_non_null(strstr(buf, "C  ##*## E  .....")); /* the held tiles, labelled by kind */
    carc_h_apply(&g, s, CARC_A_CHOOSE + carc_kind_by_name("E"));
    tafel_game_carcassonne.render(&g, s, 1, 0, buf, sizeof buf);
    assert_non_null(strstr(buf, "tile in hand: E"));
    assert_non_null(strstr(buf, "still held, to play this turn: C (fits nowhere now)\n"));
    assert_null(strstr(buf, "which do you play next"));
}

/* evaluate: current score plus the follower's open feature. */
static void test_evaluate(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, "city:N");
    carc_h_step(&g, s, 1, "U", 1, 0, 0, "road:EW");
    double ev[2];
    tafel_game_carcassonne.evaluate(&g, s, ev);
    assert_true(ev[0] >= 4.0);
    assert_true(ev[1] > ev[0] - 4.0 + 1.0); /* his road is worth something */
}

/* The (occupied field root, completed city root) pairs of the board, each once: the plain
 * reading of the rule, for carc_field_city_counts to be compared with. */
static int field_pairs_plain(const carc_state *s, uint16_t (*pairs)[2], int max)
{
    int n = 0;
    for (int t = 0; t < s->ntiles; t++) {
        const carc_tile *T = &s->tiles[t];
        const carc_kind *K = &carc_kinds[T->kind];
        for (int i = 0; i < K->nseg; i++) {
            if (K->seg[i].type != CARC_FIELD)
                continue;
            int fr = carc_find_c(s, T->seg_base + i);
            for (int c = 0; c < K->ncity; c++) {
                int cr = carc_find_c(s, T->seg_base + c);
                if (!(K->seg[i].cities >> c & 1) || !s->occ[fr] || !(s->sfl[cr] & CARC_S_DONE))
                    continue;
                int k = 0;
                while (k < n && (pairs[k][0] != fr || pairs[k][1] != cr))
                    k++;
                if (k == n) {
                    assert_true(n < max);
                    pairs[n][0] = (uint16_t)fr;
                    pairs[n++][1] = (uint16_t)cr;
                }
            }
        }
    }
    return n;
}

/* The count of completed cities per occupied field (carc_field_city_counts: the evaluation and
 * final scoring) agrees with the plain list of (field, city) pairs, at every state of random
 * games. */
static void test_field_city_counts(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    static const char *const specs[] = {"", "tatan=off,inns_cathedrals=off", "players=4"};
    long fields = 0, cities = 0;
    for (int v = 0; v < 3; v++) {
        carc_h_load(&g, specs[v]);
        for (uint64_t seed = 0; seed < 60; seed++) {
            tafel_rng rng;
            tafel_rng_seed(&rng, seed);
            tafel_game_carcassonne.init(&g, s);
            static int32_t legal[1024]; /* max_legal */
            for (;;) {
                uint8_t slot[CARC_MAX_SEGS], count[CARC_MAX_FOL];
                uint16_t par[CARC_MAX_SEGS], roots[CARC_MAX_FOL], pairs[512][2];
                int nr = 0;
                memset(slot, CARC_NONE, sizeof slot);
                for (int i = 0; i < s->nfol; i++) {
                    int r = carc_find_c(s, s->tiles[s->fol[i].tile].seg_base + s->fol[i].seg);
                    if ((s->sfl[r] & CARC_S_TYPE) == CARC_FIELD && slot[r] == CARC_NONE) {
                        slot[r] = (uint8_t)nr;
                        roots[nr++] = (uint16_t)r;
                    }
                }
                memcpy(par, s->parent, sizeof par);
                carc_field_city_counts(s, par, slot, nr, count);
                int np = field_pairs_plain(s, pairs, 512);
                for (int k = 0; k < nr; k++) {
                    int want = 0;
                    for (int j = 0; j < np; j++)
                        want += pairs[j][0] == roots[k];
                    assert_int_equal(count[k], want);
                    fields++;
                    cities += want;
                }
                int n = tafel_game_carcassonne.legal_actions(&g, s, legal);
                int32_t a;
                if (n > 0)
                    a = legal[tafel_rng_below(&rng, (uint32_t)n)];
                else if (tafel_game_carcassonne.current_player(&g, s) == TAFEL_TERMINAL)
                    break;
                else
                    a = tafel_sample_chance(&g, s, &rng);
                tafel_game_carcassonne.apply(&g, s, a);
            }
        }
    }
    assert_true(fields > 1000 && cities > 1000); /* the games had farms with cities */
}

/* Scoring events: one per winner, with the feature kind. */
static void test_events(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(&g, s, 0, "E", -1, -1, 1, "city:N");
    carc_h_step(&g, s, 1, "E", 1, -1, 3, "city:N");
    carc_h_step(&g, s, 0, "R", 0, -1, 2, NULL);
    assert_int_equal(s->nev, 2);
    assert_int_equal(s->ev[0].kind, CARC_K_CITY);
    assert_int_equal(s->ev[0].points, 8);
    assert_int_equal(s->ev[0].player + s->ev[1].player, 1);
    /* the last step's events stay before the final scoring's */
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "road:EW");
    memset(s->remain, 0, sizeof s->remain);
    s->remain[carc_kind_by_name("E")] = 1;
    s->nremain = 1;
    carc_h_step(&g, s, 1, "E", 0, -1, 2, "city:N");
    assert_int_equal(s->phase, CARC_PH_OVER);
    assert_int_equal(s->ev_final, 1);
    assert_int_equal(s->nev, 2);
    assert_int_equal(s->ev[0].player, 1);
    assert_int_equal(s->ev[0].kind, CARC_K_CITY);
    assert_int_equal(s->ev[1].player, 0);
    assert_int_equal(s->ev[1].kind, CARC_K_ROAD);
    assert_int_equal(s->ev[1].points, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fingerprint), cmocka_unit_test(test_notation),
        cmocka_unit_test(test_spot_names_on_board),
        cmocka_unit_test(test_render_and_view), cmocka_unit_test(test_render_held),
        cmocka_unit_test(test_evaluate), cmocka_unit_test(test_field_city_counts),
        cmocka_unit_test(test_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
