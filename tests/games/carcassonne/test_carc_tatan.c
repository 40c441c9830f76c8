/* test_carc_tatan.c: Tatan (spec §5): option 1 conditions and moves, option 2, last tile, the end
 * phase with gaps (T12-T20, the seed's example) and the [D-n] decisions. */
#include "carc_harness.h"

#define TB "players=2,tatan=on,inns_cathedrals=off"

static carc_state st;

static void draw_tatan(const tafel_game *g, carc_state *s, int p)
{
    carc_h_draw(g, s, p, "Tatan");
    assert_int_equal(s->phase, CARC_PH_TATAN);
}

static int pick_legal(const tafel_game *g, const carc_state *s, int x, int y)
{
    return carc_h_is_legal(g, s, carc_pick_action(x, y));
}

static int refusal(const tafel_game *g, carc_state *s, int x, int y)
{
    int t = carc_tile_at(s, x, y);
    assert_true(t >= 0);
    return carc_move_refusal(g, s, t);
}

/* T12 (a)-(d) */
static void test_t12_refusals(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "road:EW");
    draw_tatan(&g, s, 1);
    assert_int_equal(refusal(&g, s, 1, 0), 1);
    assert_false(pick_legal(&g, s, 1, 0));
    assert_true(pick_legal(&g, s, 0, 0)); /* [D-9] the start tile */
    assert_true(carc_h_is_legal(&g, s, CARC_A_DRAW2));
    assert_false(carc_h_is_legal(&g, s, CARC_A_KEEP));

    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, "city:N");
    draw_tatan(&g, s, 1);
    assert_int_equal(refusal(&g, s, 0, 0), 2);
    assert_int_equal(refusal(&g, s, 0, -1), 2);

    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 1, "B", 1, 1, 0, NULL);
    draw_tatan(&g, s, 0);
    assert_int_equal(refusal(&g, s, 1, 0), 3);
    assert_true(pick_legal(&g, s, 1, 1));
    assert_true(pick_legal(&g, s, 0, 0));

    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 1, "U", 2, 0, 0, NULL);
    draw_tatan(&g, s, 0);
    assert_int_equal(refusal(&g, s, 1, 0), 3);
    assert_true(pick_legal(&g, s, 2, 0));
}

/* [D-11] option 1 needs a legal placement elsewhere: a C on D's city fits nowhere else. */
static void test_nowhere(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "C", 0, -1, 0, NULL);
    draw_tatan(&g, s, 1);
    assert_int_equal(refusal(&g, s, 0, -1), 4);
    assert_false(pick_legal(&g, s, 0, -1));
    assert_true(pick_legal(&g, s, 0, 0));
    /* completed features protect their tiles [D-10] */
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "H", 0, -1, 0, NULL);
    carc_h_step(&g, s, 1, "E", 0, -2, 2, NULL);
    draw_tatan(&g, s, 0);
    assert_int_equal(refusal(&g, s, 0, -2), 2);
    assert_int_equal(refusal(&g, s, 0, 0), 2);
}

static void t13_setup(const tafel_game *g, carc_state *s)
{
    carc_h_init(g, s);
    carc_h_step(g, s, 0, "A", -1, 0, 3, NULL);
    carc_h_step(g, s, 1, "U", 1, 0, 0, "road:EW");
    carc_h_step(g, s, 0, "A", 0, 1, 0, NULL);
}

/* T13 and the README example that continues it to the end phase. */
static void test_t13_move(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    t13_setup(&g, s);
    draw_tatan(&g, s, 1);
    carc_h_apply(&g, s, carc_pick_action(0, 1));
    assert_int_equal(s->phase, CARC_PH_MOVE);
    assert_int_equal(carc_tile_at(s, 0, 1), -1);
    assert_false(carc_h_is_legal(&g, s, carc_place_action(0, 1, 0))); /* not its own square */
    carc_h_place(&g, s, 2, 0, 1, "cloister");
    assert_int_equal(s->score[1], 4);
    assert_int_equal(s->supply[1], 6);
    assert_int_equal(s->held[1], 1);
    assert_int_equal(s->last_player, 1);
    assert_int_equal(s->cur, 0);
    /* [D-12] (0,1) may be filled by a normal placement later */
    carc_h_step(&g, s, 0, "B", -1, 1, 0, "cloister");
    carc_h_step(&g, s, 1, "B", 1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 1, 2, 0, NULL);
    carc_h_step(&g, s, 1, "B", 0, 2, 0, NULL);
    carc_end_game(&g, s);
    /* Blue (no Tatan tile) passes automatically; Red may fill the hole (0,1) */
    assert_int_equal(s->phase, CARC_PH_END);
    assert_int_equal(s->cur, 1);
    assert_true(carc_h_is_legal(&g, s, CARC_A_PASS));
    carc_h_apply(&g, s, carc_fill_action(0, 1, 0));
    assert_int_equal(s->kscore[1][CARC_K_TATAN], 2);
    assert_int_equal(s->phase, CARC_PH_OVER);
    assert_int_equal(s->score[0], 4);
    assert_int_equal(s->score[1], 9);
}

/* T14: the start tile moved, the road split, followers stay on their parts [D-12]. */
static void test_t14_start_tile_moved(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", -1, 0, 0, "road:EW");
    carc_h_step(&g, s, 1, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 0, "B", -1, 1, 0, NULL);
    carc_h_step(&g, s, 1, "B", 0, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 1, 1, 0, NULL);
    draw_tatan(&g, s, 1);
    carc_h_apply(&g, s, carc_pick_action(0, 0));
    carc_h_place(&g, s, 0, 2, 2, "road:EW");
    char err[TAFEL_ERR_LEN];
    assert_int_equal(carc_check_rebuild(&g, s, err, sizeof err), 0);
    carc_state c = *s;
    carc_end_game(&g, &c);
    assert_int_equal(c.score[0], 1);
    assert_int_equal(c.score[1], 1);
}

/* [D-12] a road split by a move: both followers keep their part (x-d12 testdata). */
static void test_road_split(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 1, "B", 1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 2, 1, 0, NULL);
    carc_h_step(&g, s, 1, "B", 3, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 0, 1, 0, NULL);
    carc_h_step(&g, s, 1, "U", 3, 0, 0, "road:EW");
    carc_h_step(&g, s, 0, "U", 2, 0, 0, NULL);
    carc_state c = *s;
    carc_end_game(&g, &c);
    assert_int_equal(c.score[0], 4);
    assert_int_equal(c.score[1], 4);
    draw_tatan(&g, s, 1);
    carc_h_apply(&g, s, carc_pick_action(2, 0));
    carc_h_place(&g, s, -1, 0, 0, NULL);
    carc_end_game(&g, s);
    assert_int_equal(s->score[0], 3);
    assert_int_equal(s->score[1], 1);
}

/* [D-10]: a completed cloister's neighbour may move, the cloister tile may not; refilling the
 * square does not score the cloister again. */
static void test_completed_cloister(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "B", 0, 1, 0, "cloister");
    carc_h_step(&g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 1, "B", -1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 1, 1, 0, NULL);
    carc_h_step(&g, s, 1, "A", -1, 2, 0, NULL);
    carc_h_step(&g, s, 0, "A", 0, 2, 0, NULL);
    carc_h_step(&g, s, 1, "E", 1, 2, 2, NULL);
    assert_int_equal(s->score[0], 9);
    draw_tatan(&g, s, 0);
    assert_int_equal(refusal(&g, s, 0, 1), 2);
    assert_true(pick_legal(&g, s, 1, 2));
    carc_h_apply(&g, s, carc_pick_action(1, 2));
    carc_h_place(&g, s, 2, 1, 0, NULL);
    carc_h_step(&g, s, 1, "B", 1, 2, 0, NULL);
    assert_int_equal(s->score[0], 9);
    assert_int_equal(s->score[1], 0);
}

/* T15: option 2, also twice in a row [D-13], in both readings: by default he draws both tiles
 * first (and plays U first here); with tatan_draw_both_first=false each is drawn after the
 * previous step. */
static void test_t15_draw_two(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    int U = carc_kind_by_name("U");
    for (int both = 0; both < 2; both++) {
        carc_h_load(&g, both ? TB : TB ",tatan_draw_both_first=false");
        carc_h_init(&g, s);
        draw_tatan(&g, s, 0);
        carc_h_apply(&g, s, CARC_A_DRAW2);
        carc_h_draw(&g, s, -1, "U");
        if (both) {
            carc_h_draw(&g, s, -1, "E");
            carc_h_apply(&g, s, CARC_A_CHOOSE + U);
        }
        carc_h_place(&g, s, 1, 0, 0, "road:EW");
        assert_int_equal(s->cur, 0);
        if (!both)
            carc_h_draw(&g, s, -1, "E");
        carc_h_place(&g, s, 0, -1, 2, "city:N");
        assert_int_equal(s->score[0], 4);
        assert_int_equal(s->held[0], 1);
        assert_int_equal(s->supply[0], 6);
        assert_int_equal(s->cur, 1);
        assert_int_equal(s->phase, CARC_PH_DRAW);

        carc_h_init(&g, s);
        draw_tatan(&g, s, 0);
        carc_h_apply(&g, s, CARC_A_DRAW2);
        if (both) {
            carc_h_draw(&g, s, -1, "Tatan");
            carc_h_draw(&g, s, -1, "U");
            carc_h_apply(&g, s, CARC_A_CHOOSE + CARC_TATAN);
            carc_h_apply(&g, s, CARC_A_DRAW2);
            carc_h_draw(&g, s, -1, "U");
            carc_h_draw(&g, s, -1, "U");
            assert_int_equal(s->phase, CARC_PH_PLACE); /* three U: nothing to choose */
            carc_h_place(&g, s, 1, 0, 0, NULL);
            carc_h_place(&g, s, 2, 0, 0, NULL);
            assert_int_equal(s->cur, 0);
            carc_h_place(&g, s, -1, 0, 0, NULL);
        } else {
            draw_tatan(&g, s, -1);
            carc_h_apply(&g, s, CARC_A_DRAW2);
            carc_h_step(&g, s, -1, "U", 1, 0, 0, NULL);
            carc_h_step(&g, s, -1, "U", 2, 0, 0, NULL);
            assert_int_equal(s->cur, 0);
            carc_h_step(&g, s, -1, "U", -1, 0, 0, NULL);
        }
        assert_int_equal(s->held[0], 2);
        assert_int_equal(s->cur, 1);
    }
}

/* Player 0 closes D's city with E, so a C fits nowhere; player 1 draws a Tatan tile, takes option
 * 2 and draws C and then kind2. */
static void misfit_setup(const tafel_game *g, carc_state *s, const char *kind2)
{
    carc_h_init(g, s);
    carc_h_step(g, s, 0, "E", 0, -1, 2, NULL);
    draw_tatan(g, s, 1);
    carc_h_apply(g, s, CARC_A_DRAW2);
    carc_h_draw(g, s, -1, "C");
    assert_false(carc_fits_anywhere(s, carc_kind_by_name("C"), -1, CARC_NONE));
    assert_int_equal(s->phase, CARC_PH_DRAW); /* C is held, the second tile is drawn too */
    carc_h_draw(g, s, -1, kind2);
}

/* [D-13], the default reading: a held tile's fit is judged when it is played, not when it is
 * drawn: the E he also holds opens a city edge for the C. */
static void test_held_fit_judged_when_played(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    int C = carc_kind_by_name("C"), E = carc_kind_by_name("E");
    carc_h_load(&g, "");
    assert_int_equal(g.params[CARC_P_BOTHFIRST], 1); /* the default */
    carc_h_load(&g, TB);
    misfit_setup(&g, s, "E");
    assert_int_equal(s->phase, CARC_PH_CHOOSE);
    assert_int_equal(s->nbag, 2);
    assert_int_equal(s->discarded[C], 0);
    int32_t legal[8];
    assert_int_equal(tafel_game_carcassonne.legal_actions(&g, s, legal), 2);
    assert_int_equal(legal[0], CARC_A_CHOOSE + C);
    assert_int_equal(legal[1], CARC_A_CHOOSE + E);
    carc_h_apply(&g, s, CARC_A_CHOOSE + E);
    carc_h_place(&g, s, 0, 1, 2, NULL); /* city south: (0,2) takes a C now */
    assert_int_equal(s->phase, CARC_PH_PLACE);
    assert_int_equal(s->hand, C);
    assert_int_equal(s->cur, 1);
    carc_h_place(&g, s, 0, 2, 0, "city:NESW");
    assert_int_equal(s->discarded[C], 0);
    assert_int_equal(s->supply[1], 6);
    assert_int_equal(s->cur, 0);
    assert_int_equal(s->phase, CARC_PH_DRAW);
}

/* [D-13]: a held tile that fits nowhere when played is discarded and replaced by a new draw (as
 * in §3), which joins the tiles he holds; with the stack empty there is no replacement. */
static void test_held_misfit_replaced(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    int C = carc_kind_by_name("C"), E = carc_kind_by_name("E"), U = carc_kind_by_name("U");
    carc_h_load(&g, TB);
    /* he plays C first: it fits nowhere */
    misfit_setup(&g, s, "E");
    carc_h_apply(&g, s, CARC_A_CHOOSE + C);
    assert_int_equal(s->discarded[C], 1);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    assert_int_equal(s->cur, 1);
    carc_h_draw(&g, s, -1, "U");
    assert_int_equal(s->phase, CARC_PH_CHOOSE); /* E and the new U */
    int32_t legal[8];
    assert_int_equal(tafel_game_carcassonne.legal_actions(&g, s, legal), 2);
    assert_int_equal(legal[0], CARC_A_CHOOSE + E);
    assert_int_equal(legal[1], CARC_A_CHOOSE + U);
    carc_h_apply(&g, s, CARC_A_CHOOSE + U);
    carc_h_place(&g, s, 1, 0, 0, NULL);
    assert_int_equal(s->hand, E);
    carc_h_place(&g, s, 0, 1, 2, NULL);
    assert_int_equal(s->cur, 0);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    /* C left for last, and the U played first makes no room for it */
    misfit_setup(&g, s, "U");
    carc_h_apply(&g, s, CARC_A_CHOOSE + U);
    carc_h_place(&g, s, 1, 0, 0, NULL);
    assert_int_equal(s->discarded[C], 1);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    assert_int_equal(s->cur, 1);
    carc_h_step(&g, s, -1, "V", 2, 0, 0, "road:SW");
    assert_int_equal(s->supply[1], 6);
    assert_int_equal(s->cur, 0);
    /* the stack runs out with the two drawn tiles: C is discarded without a replacement */
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, NULL);
    memset(s->remain, 0, sizeof s->remain);
    s->remain[CARC_TATAN] = 1;
    s->remain[C] = 1;
    s->remain[U] = 1;
    s->nremain = 3;
    draw_tatan(&g, s, 1);
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_draw(&g, s, -1, "C");
    carc_h_draw(&g, s, -1, "U");
    carc_h_apply(&g, s, CARC_A_CHOOSE + U);
    carc_h_place(&g, s, 1, 0, 0, NULL);
    assert_int_equal(s->discarded[C], 1);
    assert_int_equal(s->last_player, 1);
    assert_int_equal(s->phase, CARC_PH_OVER);
}

/* tatan_draw_both_first [D-13] (the default): both tiles are drawn first, then played in either
 * order. */
static void test_draw_both_first(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB ",tatan_draw_both_first=true");
    carc_h_init(&g, s);
    draw_tatan(&g, s, 0);
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_draw(&g, s, -1, "U");
    carc_h_draw(&g, s, -1, "E");
    assert_int_equal(s->phase, CARC_PH_CHOOSE);
    int32_t legal[8];
    assert_int_equal(tafel_game_carcassonne.legal_actions(&g, s, legal), 2);
    carc_h_apply(&g, s, CARC_A_CHOOSE + carc_kind_by_name("E"));
    carc_h_place(&g, s, 0, -1, 2, "city:N");
    assert_int_equal(s->score[0], 4);
    assert_int_equal(s->phase, CARC_PH_PLACE); /* U is the only one left */
    assert_int_equal(s->hand, carc_kind_by_name("U"));
    carc_h_place(&g, s, 1, 0, 0, "road:EW");
    assert_int_equal(s->cur, 1);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    /* a Tatan tile among them: he chooses again when he plays it */
    carc_h_init(&g, s);
    draw_tatan(&g, s, 0);
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_draw(&g, s, -1, "Tatan");
    carc_h_draw(&g, s, -1, "U");
    assert_int_equal(s->held[0], 2);
    carc_h_apply(&g, s, CARC_A_CHOOSE + CARC_TATAN);
    assert_int_equal(s->phase, CARC_PH_TATAN);
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_draw(&g, s, -1, "V");
    carc_h_draw(&g, s, -1, "V");
    carc_h_apply(&g, s, CARC_A_CHOOSE + carc_kind_by_name("U"));
    carc_h_place(&g, s, 1, 0, 0, NULL);
    assert_int_equal(s->hand, carc_kind_by_name("V"));
    carc_h_place(&g, s, 2, 0, 0, NULL);
    carc_h_place(&g, s, -1, 0, 2, NULL);
    assert_int_equal(s->cur, 1);
}

/* T16: the last tile is a Tatan tile and nothing can move: keep it; the game ends. */
static void test_t16_last_tile(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, "city:N");
    memset(s->remain, 0, sizeof s->remain);
    s->remain[CARC_TATAN] = 1;
    s->nremain = 1;
    draw_tatan(&g, s, 1);
    int32_t legal[16];
    assert_int_equal(tafel_game_carcassonne.legal_actions(&g, s, legal), 1);
    assert_int_equal(legal[0], CARC_A_KEEP);
    carc_h_apply(&g, s, CARC_A_KEEP);
    assert_int_equal(s->held[1], 1);
    assert_int_equal(s->last_player, 0);
    assert_int_equal(s->phase, CARC_PH_OVER);
    assert_int_equal(s->score[0], 4);
}

/* [D-14] option 2 with one tile left draws only that one. */
static void test_draw2_short_stack(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    memset(s->remain, 0, sizeof s->remain);
    s->remain[CARC_TATAN] = 1;
    s->remain[carc_kind_by_name("U")] = 1;
    s->nremain = 2;
    draw_tatan(&g, s, 0);
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_step(&g, s, -1, "U", 1, 0, 0, NULL);
    assert_int_equal(s->phase, CARC_PH_OVER);
}

/* T17: the seed's example board (5 players: White, Black, Grey, Blue, Yellow). */
static void t17(const tafel_game *g, carc_state *s, int held)
{
    carc_h_init(g, s);
    carc_h_step(g, s, 2, "U", -1, 0, 0, "road:EW");
    carc_h_step(g, s, 4, "N", 0, -1, 3, "city:NW");
    carc_h_step(g, s, 3, "N", -1, -1, 1, "field:En,Es,Se,Sw");
    carc_h_step(g, s, 3, "V", 1, -1, 3, "road:SW");
    carc_h_step(g, s, 1, "U", 1, -2, 0, "L field:Es,Se,Sw,Ws");
    carc_h_step(g, s, 4, "B", 0, 1, 0, "cloister");
    carc_h_step(g, s, 2, "B", -1, 1, 0, "cloister");
    carc_h_step(g, s, 3, "E", 1, 1, 0, "city:N");
    carc_h_step(g, s, 1, "E", 0, 2, 2, "city:N");
    carc_h_step(g, s, 0, "A", 2, -1, 1, NULL);
    carc_h_step(g, s, 0, "D", 2, 0, 2, "city:N");
    carc_h_step(g, s, 1, "U", 3, 0, 0, "road:EW");
    carc_h_step(g, s, 0, "U", 3, 1, 0, "field:Nw,Ne,En,Wn");
    for (int p = 0; p < 5; p++)
        assert_int_equal(s->score[p], 0);
    s->held[0] = (uint8_t)held;
    s->remain[CARC_TATAN] = (uint8_t)(s->remain[CARC_TATAN] - held);
    s->nremain = (uint8_t)(s->nremain - held);
}

#define T17G "players=5,tatan=on,inns_cathedrals=full"

static void test_t17_seed_example(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t17(&g, s, 1);
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    assert_int_equal(s->phase, CARC_PH_END);
    assert_int_equal(s->cur, 0);
    uint16_t gmin[8];
    uint8_t gsz[8];
    assert_int_equal(carc_gaps(s, gmin, gsz, 8), 1);
    assert_int_equal(gmin[0], carc_sq(1, 0));
    carc_h_apply(&g, s, carc_fill_action(1, 0, 0));
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 18);
    assert_int_equal(s->held[0], 0);
    assert_int_equal(s->supply[0], 4);
    assert_int_equal(s->large[0], 1);
    assert_int_equal(s->phase, CARC_PH_OVER);
    static const int final[5] = {19, 3, 7, 3, 9};
    for (int p = 0; p < 5; p++)
        assert_int_equal(s->score[p], final[p]);
    assert_int_equal(s->kscore[4][CARC_K_CLOISTER], 6);
    assert_int_equal(s->kscore[3][CARC_K_ROAD], 2);
}

/* [D-17] option: only followers whose own segment faces the filled square. */
static void test_t17_tile_only(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G ",tatan_follower_tile_only=true");
    t17(&g, s, 1);
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    carc_h_apply(&g, s, carc_fill_action(1, 0, 0));
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 6);
    assert_int_equal(s->score[0], 7);
}

/* T18: two holes, two rounds [D-15]. */
static void test_t18_two_rounds(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t17(&g, s, 0);
    carc_h_step(&g, s, 1, "B", 1, 2, 0, NULL);
    carc_h_step(&g, s, 2, "B", 2, 2, 0, NULL);
    s->held[0] = 2;
    s->remain[CARC_TATAN] -= 2;
    s->nremain -= 2;
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    assert_int_equal(s->cur, 0);
    carc_h_apply(&g, s, carc_fill_action(1, 0, 0));
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 18);
    assert_int_equal(s->phase, CARC_PH_END);
    assert_int_equal(s->cur, 0); /* the others passed */
    carc_h_apply(&g, s, carc_fill_action(2, 1, 0));
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 22);
    assert_int_equal(s->phase, CARC_PH_OVER);
}

static void t19(const tafel_game *g, carc_state *s, int held)
{
    t17(g, s, 0);
    carc_h_step(g, s, 2, "B", 1, 2, 0, "cloister");
    carc_h_step(g, s, 1, "B", 3, 2, 0, NULL);
    carc_h_step(g, s, 1, "U", 1, 3, 0, NULL);
    carc_h_step(g, s, 0, "U", 2, 3, 0, NULL);
    s->held[0] = (uint8_t)held;
    s->remain[CARC_TATAN] = (uint8_t)(s->remain[CARC_TATAN] - held);
    s->nremain = (uint8_t)(s->nremain - held);
}

/* T19: a 2-square gap; Grey's monk touches both squares but counts once [D-18]. */
static void test_t19_two_square_gap(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t19(&g, s, 2);
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    uint16_t gmin[8];
    uint8_t gsz[8];
    assert_int_equal(carc_gaps(s, gmin, gsz, 8), 2);
    assert_int_equal(gsz[0], 1); /* (1,0) */
    assert_int_equal(gsz[1], 2); /* (2,1),(2,2) */
    carc_h_apply(&g, s, carc_fill_action(2, 1, 0));
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 6);
    assert_int_equal(s->held[0], 0);
    assert_int_equal(s->ntat, 2);
    assert_int_equal(s->supply[0], 4);
}

/* T20: refusals in the end phase [D-16]. */
static void test_t20_refusals(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t19(&g, s, 1);
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    assert_int_equal(s->cur, 0);
    assert_false(carc_h_is_legal(&g, s, carc_fill_action(2, 1, 0)));
    assert_true(carc_h_is_legal(&g, s, carc_fill_action(1, 0, 0)));
    assert_true(carc_h_is_legal(&g, s, carc_fill_action(1, 0, 1)));
    assert_false(carc_h_is_legal(&g, s, carc_fill_action(1, 1, 0)));
    /* empty supply: no fill at all (the end phase ends without a decision) */
    t19(&g, s, 2);
    s->supply[0] = 0;
    s->large[0] = 0;
    carc_end_game(&g, s);
    assert_int_equal(s->phase, CARC_PH_OVER);
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 0);
    /* only the large follower left: the fill is allowed and scores nothing extra */
    t19(&g, s, 2);
    s->supply[0] = 0;
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    assert_false(carc_h_is_legal(&g, s, carc_fill_action(2, 1, 0)));
    carc_h_apply(&g, s, carc_fill_action(2, 1, 1));
    assert_int_equal(s->kscore[0][CARC_K_TATAN], 6);
}

/* A Tatan tile never completes a feature and is no cloister neighbour [D-19]. */
static void test_tatan_never_completes(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t17(&g, s, 1);
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    carc_h_apply(&g, s, carc_fill_action(1, 0, 0));
    /* Blue's knight on E @(1,1): its 1-tile city still open: 1 point at the end, not 4 */
    assert_int_equal(s->kscore[3][CARC_K_CITY], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_t12_refusals),
        cmocka_unit_test(test_nowhere),
        cmocka_unit_test(test_t13_move),
        cmocka_unit_test(test_t14_start_tile_moved),
        cmocka_unit_test(test_road_split),
        cmocka_unit_test(test_completed_cloister),
        cmocka_unit_test(test_t15_draw_two),
        cmocka_unit_test(test_draw_both_first),
        cmocka_unit_test(test_held_fit_judged_when_played),
        cmocka_unit_test(test_held_misfit_replaced),
        cmocka_unit_test(test_t16_last_tile),
        cmocka_unit_test(test_draw2_short_stack),
        cmocka_unit_test(test_t17_seed_example),
        cmocka_unit_test(test_t17_tile_only),
        cmocka_unit_test(test_t18_two_rounds),
        cmocka_unit_test(test_t19_two_square_gap),
        cmocka_unit_test(test_t20_refusals),
        cmocka_unit_test(test_tatan_never_completes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
