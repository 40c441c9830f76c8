/* test_carc_rules.c: base game and Inns & Cathedrals rules: spec §6 T2-T11 and the rules of §3/§4
 * (placement, discards, deployment, completion, majorities, final scoring, fields, options). */
#include "carc_harness.h"

#define BASE "players=2,tatan=off,inns_cathedrals=off"
#define IC "players=2,tatan=off,inns_cathedrals=full"

static carc_state st;

static void end_now(const tafel_game *g, carc_state *s)
{
    carc_end_game(g, s);
    assert_int_equal(s->phase, CARC_PH_OVER);
}

static void test_params_and_defaults(void **u)
{
    (void)u;
    tafel_game g;
    char buf[512], err[TAFEL_ERR_LEN];
    carc_h_load(&g, "");
    tafel_game_to_string(&g, buf, sizeof buf);
    assert_string_equal(buf, "carcassonne(players=2,tatan=on,inns_cathedrals=full,farmers=on,"
                             "tiny_city=false,ec_inn_both=false,tatan_draw_both_first=true,"
                             "tatan_follower_tile_only=false)");
    assert_int_equal(tafel_game_load_type(&g, &tafel_game_carcassonne,
                                          "players=6,inns_cathedrals=off", err, sizeof err), -1);
    assert_int_equal(tafel_game_load_type(&g, &tafel_game_carcassonne,
                                          "players=6,inns_cathedrals=large_follower_only", err,
                                          sizeof err), 0);
    assert_int_equal(tafel_game_load_type(&g, &tafel_game_carcassonne, "players=7", err,
                                          sizeof err), -1);
}

static void test_setup(void **u)
{
    (void)u;
    tafel_game g;
    carc_h_load(&g, "players=3");
    carc_state *s = &st;
    tafel_game_carcassonne.init(&g, s);
    assert_int_equal(tafel_game_carcassonne.current_player(&g, s), TAFEL_CHANCE);
    tafel_chance ch[64];
    assert_int_equal(tafel_game_carcassonne.chance_outcomes(&g, s, ch), 3); /* start player */
    carc_h_apply(&g, s, CARC_A_START + 2);
    assert_int_equal(s->cur, 2);
    /* 71 + 18 landscape tiles and 3 Tatan tiles in the stack; the start tile is a D at (0,0) */
    assert_int_equal(s->nremain, 71 + 18 + 3);
    assert_int_equal(s->remain[carc_kind_by_name("D")], 3);
    assert_int_equal(s->ntiles, 1);
    assert_int_equal(s->tiles[0].kind, carc_kind_by_name("D"));
    for (int p = 0; p < 3; p++) {
        assert_int_equal(s->supply[p], 7);
        assert_int_equal(s->large[p], 1);
    }
    carc_h_load(&g, BASE);
    tafel_game_carcassonne.init(&g, s);
    assert_int_equal(s->nremain, 71);
    assert_int_equal(s->large[0], 0);
    int n = tafel_game_carcassonne.chance_outcomes(&g, s, ch);
    assert_int_equal(n, 2);
    carc_h_apply(&g, s, CARC_A_START);
    n = tafel_game_carcassonne.chance_outcomes(&g, s, ch);
    assert_int_equal(n, 24);
    assert_true(ch[21].prob > 0.126 && ch[21].prob < 0.127); /* V: 9 of 71 */
}

/* A placement needs a neighbour and matching edges; all 4 rotations are separate actions. */
static void test_placement(void **u)
{
    (void)u;
    tafel_game g;
    carc_h_load(&g, BASE);
    carc_state *s = &st;
    carc_h_init(&g, s);
    carc_h_draw(&g, s, 0, "E");
    int32_t legal[1024];
    int n = tafel_game_carcassonne.legal_actions(&g, s, legal);
    /* E on (0,-1): only rotation 2 (city south meets D's city); not on (0,-2) (no neighbour) */
    assert_true(carc_h_is_legal(&g, s, carc_place_action(0, -1, 2)));
    assert_false(carc_h_is_legal(&g, s, carc_place_action(0, -1, 0)));
    assert_false(carc_h_is_legal(&g, s, carc_place_action(0, -2, 2)));
    assert_false(carc_h_is_legal(&g, s, carc_place_action(0, 0, 0)));
    assert_false(carc_h_is_legal(&g, s, carc_place_action(1, 1, 0)));
    /* E (1,0): W edge must be road: E has no road -> illegal; (0,1): N must be field: 3 rots */
    assert_false(carc_h_is_legal(&g, s, carc_place_action(1, 0, 0)));
    int at01 = 0;
    for (int i = 0; i < n; i++)
        at01 += legal[i] >> 2 == carc_sq(0, 1);
    assert_int_equal(at01, 3);
    assert_int_equal(n, 1 + 3);
}

/* A tile that fits nowhere is discarded and the same player draws again. */
static void test_discard(void **u)
{
    (void)u;
    tafel_game g;
    carc_h_load(&g, BASE);
    carc_state *s = &st;
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, NULL); /* closes D's city: no open city edge left */
    carc_h_draw(&g, s, 1, "C");
    assert_int_equal(s->phase, CARC_PH_DRAW);
    assert_int_equal(s->cur, 1);
    assert_int_equal(s->discarded[carc_kind_by_name("C")], 1);
    carc_h_draw(&g, s, 1, "U");
    assert_int_equal(s->phase, CARC_PH_PLACE);
}

/* T2 */
static void test_t2_two_tile_city(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    for (int tiny = 0; tiny < 2; tiny++) {
        carc_h_load(&g, tiny ? BASE ",tiny_city=true" : BASE);
        carc_h_init(&g, s);
        carc_h_step(&g, s, 0, "E", 0, -1, 2, "city:N");
        assert_int_equal(s->score[0], tiny ? 2 : 4);
        assert_int_equal(s->kscore[0][CARC_K_CITY], tiny ? 2 : 4);
        assert_int_equal(s->supply[0], 7); /* the knight returned */
        assert_int_equal(s->nfol, 0);
        assert_int_equal(s->nev, 1);
        assert_int_equal(s->ev[0].points, tiny ? 2 : 4);
    }
}

/* T3 */
static void test_t3_pennant(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "M", 0, -1, 2, "city:NW");
    assert_int_equal(s->score[0], 0);
    end_now(&g, s);
    assert_int_equal(s->score[0], 3);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "M", 0, -1, 2, "city:NW");
    carc_h_step(&g, s, 1, "E", 1, -1, 3, NULL);
    assert_int_equal(s->score[0], 8);
    assert_int_equal(s->score[1], 0);
}

/* T4 */
static void test_t4_road_loop(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "V", 0, 1, 3, "road:SW");
    carc_h_step(&g, s, 1, "V", 1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "V", 0, 2, 2, NULL);
    assert_int_equal(s->score[0], 0);
    carc_h_step(&g, s, 1, "V", 1, 2, 1, NULL);
    assert_int_equal(s->score[0], 4);
    assert_int_equal(s->kscore[0][CARC_K_ROAD], 4);
    assert_int_equal(s->supply[0], 7);
}

static void t5_setup(const tafel_game *g, carc_state *s)
{
    carc_h_init(g, s);
    carc_h_step(g, s, 0, "B", 0, 1, 0, "cloister");
    carc_h_step(g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(g, s, 1, "B", -1, 1, 0, NULL);
    carc_h_step(g, s, 0, "B", 1, 1, 0, NULL);
    carc_h_step(g, s, 1, "A", -1, 2, 0, NULL);
    carc_h_step(g, s, 0, "A", 0, 2, 0, NULL);
}

/* T5 */
static void test_t5_cloister(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    t5_setup(&g, s);
    assert_int_equal(s->score[0], 0);
    end_now(&g, s);
    assert_int_equal(s->score[0], 8);
    assert_int_equal(s->kscore[0][CARC_K_CLOISTER], 8);
    t5_setup(&g, s);
    carc_h_step(&g, s, 1, "E", 1, 2, 2, NULL);
    assert_int_equal(s->score[0], 9);
    assert_int_equal(s->supply[0], 7);
    assert_int_equal(s->score[1], 0);
}

/* T6-T9 share a board: Red/Blue knights on both sides of the city above D. */
static void t6(const tafel_game *g, carc_state *s, const char *closer, const char *redkn,
               const char *bluekn, const char *ufarmer, const char *rfarmer)
{
    carc_h_init(g, s);
    carc_h_step(g, s, 0, "U", 1, 0, 0, ufarmer);
    carc_h_step(g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(g, s, 0, "E", -1, -1, 1, redkn);
    carc_h_step(g, s, 1, "E", 1, -1, 3, bluekn);
    carc_h_step(g, s, 0, closer, 0, -1, 2, rfarmer);
}

static void test_t6_tie(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    t6(&g, s, "R", "city:N", "city:N", NULL, NULL);
    assert_int_equal(s->score[0], 8);
    assert_int_equal(s->score[1], 8);
    assert_int_equal(s->supply[0], 7);
    assert_int_equal(s->supply[1], 7);
    t6(&g, s, "Q", "city:N", "city:N", NULL, NULL);
    assert_int_equal(s->score[0], 10);
    assert_int_equal(s->score[1], 10);
}

static void test_t7_field_counts_city_once(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    t6(&g, s, "R", "city:N", "city:N", "field:Nw,Ne,En,Wn", NULL);
    assert_int_equal(s->score[0], 8);
    end_now(&g, s);
    assert_int_equal(s->score[0], 11);
    assert_int_equal(s->kscore[0][CARC_K_FIELD], 3);
    assert_int_equal(s->score[1], 8);
    /* farmers=off: no farmer may be deployed */
    carc_h_load(&g, BASE ",farmers=off");
    carc_h_init(&g, s);
    carc_h_draw(&g, s, 0, "U");
    carc_h_apply(&g, s, carc_place_action(1, 0, 0));
    assert_int_equal(s->phase, CARC_PH_FOLLOW);
    assert_false(carc_h_is_legal(&g, s, carc_follower_action(s, "field:Nw,Ne,En,Wn", 0)));
    assert_true(carc_h_is_legal(&g, s, carc_follower_action(s, "road:EW", 0)));
}

static void test_t8_one_city_two_fields(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    t6(&g, s, "R", "city:N", "city:N", "field:Nw,Ne,En,Wn", "field:Se,Sw");
    assert_int_equal(s->score[0], 8);
    assert_int_equal(s->score[1], 8);
    end_now(&g, s);
    assert_int_equal(s->kscore[0][CARC_K_FIELD], 6);
    assert_int_equal(s->score[0], 14);
}

static void test_t9_large_follower(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=large_follower_only");
    t6(&g, s, "R", "L city:N", "city:N", NULL, NULL);
    assert_int_equal(s->score[0], 8);
    assert_int_equal(s->score[1], 0);
    assert_int_equal(s->large[0], 1); /* returned */
    assert_int_equal(s->supply[1], 7);
    t6(&g, s, "R", "L city:N", "L city:N", NULL, NULL);
    assert_int_equal(s->score[0], 8);
    assert_int_equal(s->score[1], 8);
    /* without the expansion there is no large follower */
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_draw(&g, s, 0, "E");
    carc_h_apply(&g, s, carc_place_action(0, -1, 2));
    assert_false(carc_h_is_legal(&g, s, carc_follower_action(s, "city:N", 1)));
}

/* Only one follower per tile step, and not on an occupied feature. */
static void test_deploy_rules(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "road:EW");
    carc_h_draw(&g, s, 1, "U");
    carc_h_apply(&g, s, carc_place_action(2, 0, 0));
    assert_false(carc_h_is_legal(&g, s, carc_follower_action(s, "road:EW", 0)));
    assert_true(carc_h_is_legal(&g, s, carc_follower_action(s, "field:Es,Se,Sw,Ws", 0)));
    carc_h_apply(&g, s, carc_follower_action(s, "field:Es,Se,Sw,Ws", 0));
    assert_int_equal(s->supply[1], 6);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    assert_int_equal(s->cur, 0);
    /* an empty supply: no deployment step at all */
    s->supply[0] = 0;
    carc_h_step(&g, s, 0, "U", 3, 0, 0, NULL);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    assert_int_equal(s->cur, 1);
}

/* T10 */
static void test_t10_inn(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, IC);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "EB", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 1, "A", -1, 0, 3, NULL);
    carc_h_step(&g, s, 0, "A", 2, 0, 1, NULL);
    assert_int_equal(s->score[0], 8);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "EB", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 1, "A", -1, 0, 3, NULL);
    end_now(&g, s);
    assert_int_equal(s->score[0], 0);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 1, "A", -1, 0, 3, NULL);
    end_now(&g, s);
    assert_int_equal(s->score[0], 3);
}

/* ec_inn_both [D-2]: the west branch of EC gets an inn. EC at (1,0): its west branch r2 joins
 * D's road, which ends at the junction: a road D-EC with Red's highwayman, closed by A at (-1,0). */
static void test_ec_inn_both(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    int EC = carc_kind_by_name("EC");
    for (int both = 0; both < 2; both++) {
        carc_h_load(&g, both ? IC ",ec_inn_both=true" : IC);
        assert_int_equal(!!(carc_seg_state_flags(&g, EC, 2) & CARC_S_INN), both);
        assert_true(carc_seg_state_flags(&g, EC, 0) & CARC_S_INN);
        carc_h_init(&g, s);
        carc_h_step(&g, s, 0, "EC", 1, 0, 0, "road:W");
        carc_h_step(&g, s, 1, "A", -1, 0, 3, NULL);
        assert_int_equal(s->score[0], both ? 6 : 3); /* A, D, EC */
    }
}

/* T11 */
static void test_t11_cathedral(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, IC ",tiny_city=true");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "EK", 0, -1, 0, "city:NESW");
    carc_h_step(&g, s, 1, "E", -1, -1, 1, NULL);
    carc_h_step(&g, s, 0, "E", 1, -1, 3, NULL);
    assert_int_equal(s->score[0], 0);
    carc_state copy = *s;
    carc_h_step(&g, s, 1, "E", 0, -2, 2, NULL);
    assert_int_equal(s->score[0], 15);
    end_now(&g, &copy);
    assert_int_equal(copy.score[0], 0);
}

/* A road whose both ends meet at one junction tile counts that tile once: W junction at (1,0),
 * its E and S branches joined by three curves. 4 tiles -> 4 points, not 5. */
static void test_tile_counts_once(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "W", 1, 0, 0, "road:E");
    carc_h_step(&g, s, 1, "V", 2, 0, 0, NULL);
    carc_h_step(&g, s, 0, "V", 2, 1, 1, NULL);
    assert_int_equal(s->score[0], 0);
    carc_h_step(&g, s, 1, "V", 1, 1, 2, NULL);
    assert_int_equal(s->score[0], 4);
}

/* The last tile fits nowhere: discarded, the stack is empty, the game ends (no placement). */
static void test_discard_last_tile(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, NULL);
    memset(s->remain, 0, sizeof s->remain);
    s->remain[carc_kind_by_name("C")] = 1;
    s->nremain = 1;
    carc_h_draw(&g, s, 1, "C");
    assert_int_equal(s->phase, CARC_PH_OVER);
    assert_int_equal(s->ntiles, 2);
    assert_int_equal(s->last_player, 0);
}

/* A completed feature without followers scores nothing but is marked completed; farmers stay. */
static void test_completed_unoccupied_and_farmers_stay(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, "field:En,Es,Se,Sw,Ws,Wn");
    assert_int_equal(s->score[0], 0);
    int r = carc_find(s, s->tiles[0].seg_base + 0);
    assert_true(s->sfl[r] & CARC_S_DONE);
    assert_int_equal(s->nfol, 1); /* the farmer stays */
    assert_int_equal(s->supply[0], 6);
    end_now(&g, s);
    assert_int_equal(s->score[0], 3); /* the field borders the completed 2-tile city */
}

/* Incomplete cities give nothing to fields. */
static void test_field_incomplete_city(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "field:Nw,Ne,En,Wn");
    end_now(&g, s);
    assert_int_equal(s->score[0], 0);
    assert_int_equal(s->kscore[0][CARC_K_FIELD], 0);
}

/* A follower deployed on a feature the placement completes scores and returns at once; a
 * cathedral city counts 3 for a field like any completed city. */
static void test_cathedral_field(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, IC);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "EK", 0, -1, 0, NULL);
    carc_h_step(&g, s, 1, "E", -1, -1, 1, NULL);
    carc_h_step(&g, s, 0, "E", 1, -1, 3, "field:En,Es,Se,Sw,Ws,Wn");
    carc_h_step(&g, s, 1, "E", 0, -2, 2, "city:N");
    assert_int_equal(s->score[1], 15);
    assert_int_equal(s->supply[1], 7);
    end_now(&g, s);
    assert_int_equal(s->kscore[0][CARC_K_FIELD], 3);
}

/* [D-5] highest total wins; tied players share. */
static void test_returns(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    double ret[6];
    carc_h_load(&g, BASE);
    t6(&g, s, "R", "city:N", "city:N", NULL, NULL);
    tafel_game_carcassonne.returns(&g, s, ret);
    assert_true(ret[0] == 0 && ret[1] == 0); /* not over yet */
    end_now(&g, s);
    tafel_game_carcassonne.returns(&g, s, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, "city:N");
    end_now(&g, s);
    tafel_game_carcassonne.returns(&g, s, ret);
    assert_true(ret[0] == 1 && ret[1] == 0);
    int sc[2];
    tafel_game_carcassonne.scores(&g, s, sc);
    assert_int_equal(sc[0], 4);
}

/* Majority over merged cities: Red's two knights beat Blue's one; C closes 5 tiles + pennant. */
static void test_majority_merge(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, BASE);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(&g, s, 0, "E", -1, -1, 1, "city:N");
    carc_h_step(&g, s, 1, "E", 1, -1, 3, "city:N");
    carc_h_step(&g, s, 0, "B", -1, -2, 0, NULL);
    carc_h_step(&g, s, 1, "B", 1, -2, 0, NULL);
    carc_h_step(&g, s, 0, "E", 0, -2, 2, "city:N");
    carc_h_step(&g, s, 1, "C", 0, -1, 0, NULL);
    assert_int_equal(s->score[0], 12);
    assert_int_equal(s->score[1], 0);
    assert_int_equal(s->supply[0], 7);
    assert_int_equal(s->supply[1], 7); /* the loser's knight returns too */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_params_and_defaults),
        cmocka_unit_test(test_setup),
        cmocka_unit_test(test_placement),
        cmocka_unit_test(test_discard),
        cmocka_unit_test(test_t2_two_tile_city),
        cmocka_unit_test(test_t3_pennant),
        cmocka_unit_test(test_t4_road_loop),
        cmocka_unit_test(test_t5_cloister),
        cmocka_unit_test(test_t6_tie),
        cmocka_unit_test(test_t7_field_counts_city_once),
        cmocka_unit_test(test_t8_one_city_two_fields),
        cmocka_unit_test(test_t9_large_follower),
        cmocka_unit_test(test_deploy_rules),
        cmocka_unit_test(test_t10_inn),
        cmocka_unit_test(test_ec_inn_both),
        cmocka_unit_test(test_t11_cathedral),
        cmocka_unit_test(test_tile_counts_once),
        cmocka_unit_test(test_discard_last_tile),
        cmocka_unit_test(test_completed_unoccupied_and_farmers_stay),
        cmocka_unit_test(test_field_incomplete_city),
        cmocka_unit_test(test_cathedral_field),
        cmocka_unit_test(test_returns),
        cmocka_unit_test(test_majority_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
