/* test_carc_events.c: what a viewer is told (action_seen, events_json): scripted positions with
 * known scorings, returns, automatic moves, the end phase and the result; and over random games,
 * that the events add up to what apply changed and are the same for every viewer. */
#include "carc_harness.h"

#include <jansson.h>

#define TB "players=2,tatan=on,inns_cathedrals=off"
#define T17G "players=5,tatan=on,inns_cathedrals=full"

static carc_state st, before;

/* Apply a to s and return the spectator's events, checking first that every viewer is told the
 * action as its notation (it is public) and gets the same events. */
static json_t *told(const tafel_game *g, carc_state *s, int32_t a)
{
    char want[TAFEL_TEXT_LEN], got[TAFEL_TEXT_LEN];
    before = *s;
    tafel_game_carcassonne.action_to_text(g, s, a, want, sizeof want);
    carc_h_apply(g, s, a);
    json_t *spec = tafel_events_json(g, &before, a, s, -1);
    for (int v = -1; v < g->num_players; v++) {
        assert_int_equal(tafel_action_seen(g, &before, a, v, got, sizeof got), 1);
        assert_string_equal(got, want);
        json_t *ev = tafel_events_json(g, &before, a, s, v);
        assert_true(json_equal(ev, spec));
        json_decref(ev);
    }
    if (getenv("CARC_EVENTS_DUMP")) {
        char *d = json_dumps(spec, JSON_INDENT(1));
        print_message("%s: %s\n", want, d);
        free(d);
    }
    return spec;
}

/* The i-th event (fails if there is none). */
static json_t *ev_at(json_t *evs, size_t i)
{
    if (i >= json_array_size(evs)) {
        char *d = json_dumps(evs, JSON_COMPACT);
        fail_msg("no event %zu in %s", i, d);
    }
    return json_array_get(evs, i);
}

static void ev_is(json_t *evs, size_t i, const char *type, const char *text)
{
    json_t *e = ev_at(evs, i);
    assert_string_equal(json_string_value(json_object_get(e, "type")), type);
    assert_string_equal(json_string_value(json_object_get(e, "text")), text);
}

static json_int_t ev_int(json_t *evs, size_t i, const char *key)
{
    json_t *v = json_object_get(ev_at(evs, i), key);
    if (!json_is_integer(v))
        fail_msg("event %zu has no integer %s", i, key);
    return json_integer_value(v);
}

static const char *ev_str(json_t *evs, size_t i, const char *key)
{
    const char *v = json_string_value(json_object_get(ev_at(evs, i), key));
    if (!v)
        fail_msg("event %zu has no string %s", i, key);
    return v;
}

static void ev_count(json_t *evs, size_t n)
{
    if (json_array_size(evs) != n) {
        char *d = json_dumps(evs, JSON_COMPACT);
        fail_msg("%zu events, want %zu: %s", json_array_size(evs), n, d);
    }
}

static int32_t follow(const carc_state *s, const char *name)
{
    int large = !strncmp(name, "L ", 2);
    int32_t a = carc_follower_action(s, name + (large ? 2 : 0), large);
    assert_true(a >= 0);
    return a;
}

/* Who starts, a public draw told alike to the drawer, the others and a spectator, a completed
 * city's score with its cause and the knight's return (T2). */
static void test_start_draw_score(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=3,tatan=off,inns_cathedrals=off");
    tafel_game_carcassonne.init(&g, s);
    json_t *e = told(&g, s, CARC_A_START + 1);
    ev_count(e, 1);
    ev_is(e, 0, "start", "player 1 starts");
    assert_int_equal(ev_int(e, 0, "player"), 1);
    json_decref(e);
    e = told(&g, s, carc_draw_action(carc_kind_by_name("E")));
    ev_count(e, 1);
    ev_is(e, 0, "draw", "player 1 draws E (70 left)");
    assert_string_equal(ev_str(e, 0, "tile"), "E");
    assert_int_equal(ev_int(e, 0, "left"), 70);
    json_decref(e);
    e = told(&g, s, carc_place_action(0, -1, 2));
    ev_count(e, 0); /* he may deploy: scoring waits for it */
    json_decref(e);
    e = told(&g, s, follow(s, "city:N"));
    ev_count(e, 2);
    ev_is(e, 0, "score", "player 1 scores 4 for a city at 0,-1 (2 tiles, 0 pennants)");
    assert_int_equal(ev_int(e, 0, "player"), 1);
    assert_int_equal(ev_int(e, 0, "points"), 4);
    assert_string_equal(ev_str(e, 0, "kind"), "city");
    assert_int_equal(ev_int(e, 0, "tiles"), 2);
    assert_int_equal(ev_int(e, 0, "pennants"), 0);
    assert_int_equal(ev_int(e, 0, "x"), 0);
    assert_int_equal(ev_int(e, 0, "y"), -1);
    assert_true(json_is_false(json_object_get(ev_at(e, 0), "final")));
    ev_is(e, 1, "auto", "player 1's knight returns from city:N at 0,-1");
    assert_string_equal(ev_str(e, 1, "move"), "return");
    assert_string_equal(ev_str(e, 1, "feature"), "city:N");
    assert_int_equal(ev_int(e, 1, "player"), 1);
    assert_true(json_is_false(json_object_get(ev_at(e, 1), "large")));
    json_decref(e);
    assert_int_equal(s->score[1], 4);
    /* tiny_city: the same city scores 2 */
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off,tiny_city=true");
    carc_h_init(&g, s);
    carc_h_draw(&g, s, 0, "E");
    carc_h_apply(&g, s, carc_place_action(0, -1, 2));
    e = told(&g, s, follow(s, "city:N"));
    ev_is(e, 0, "score", "player 0 scores 2 for a city at 0,-1 (2 tiles, 0 pennants)");
    json_decref(e);
}

/* T6 and T9: a shared majority is one event naming both players; a large follower's majority
 * scores alone and the large knight returns. */
static void t6(const tafel_game *g, carc_state *s, const char *red_knight)
{
    carc_h_init(g, s);
    carc_h_step(g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(g, s, 0, "E", -1, -1, 1, red_knight);
    carc_h_step(g, s, 1, "E", 1, -1, 3, "city:N");
    carc_h_draw(g, s, 0, "Q");
}

static void test_shared_and_large(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=large_follower_only");
    t6(&g, s, "city:N");
    carc_h_apply(&g, s, carc_place_action(0, -1, 2));
    json_t *e = told(&g, s, CARC_A_NOFOLLOW);
    ev_count(e, 3);
    ev_is(e, 0, "score",
          "players 0 and 1 score 10 each for a city at 0,-1 (4 tiles, 1 pennant)");
    json_t *who = json_object_get(ev_at(e, 0), "players");
    assert_int_equal(json_array_size(who), 2);
    assert_int_equal(json_integer_value(json_array_get(who, 0)), 0);
    assert_int_equal(json_integer_value(json_array_get(who, 1)), 1);
    assert_null(json_object_get(ev_at(e, 0), "player"));
    assert_string_equal(ev_str(e, 1, "move"), "return");
    assert_string_equal(ev_str(e, 2, "move"), "return");
    assert_int_equal(ev_int(e, 1, "player") + ev_int(e, 2, "player"), 1);
    json_decref(e);
    t6(&g, s, "L city:N");
    carc_h_apply(&g, s, carc_place_action(0, -1, 2));
    e = told(&g, s, CARC_A_NOFOLLOW);
    ev_count(e, 3);
    ev_is(e, 0, "score", "player 0 scores 10 for a city at 0,-1 (4 tiles, 1 pennant)");
    ev_is(e, 1, "auto", "player 0's large knight returns from city:N at -1,-1");
    assert_true(json_is_true(json_object_get(ev_at(e, 1), "large")));
    ev_is(e, 2, "auto", "player 1's knight returns from city:N at 1,-1");
    json_decref(e);
}

/* With no follower to deploy the placement scores at once, told as an automatic "none"; a
 * completed road with an inn (T10) and a cloister completed by a neighbour. */
static void test_no_deploy_inn_cloister(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=full");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "EB", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 1, "A", -1, 0, 3, NULL);
    s->supply[0] = 0; /* all others out */
    s->large[0] = 0;
    carc_h_draw(&g, s, 0, "A");
    json_t *e = told(&g, s, carc_place_action(2, 0, 1));
    ev_count(e, 3);
    ev_is(e, 0, "auto", "player 0 deploys no follower (none in supply)");
    assert_string_equal(ev_str(e, 0, "move"), "none");
    ev_is(e, 1, "score", "player 0 scores 8 for a road at 2,0 (4 tiles, an inn)");
    assert_true(json_is_true(json_object_get(ev_at(e, 1), "inn")));
    assert_string_equal(ev_str(e, 1, "kind"), "road");
    ev_is(e, 2, "auto", "player 0's highwayman returns from road:EW at 1,0");
    json_decref(e);
    /* T5: the 8th neighbour completes the monk's cloister */
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "B", 0, 1, 0, "cloister");
    carc_h_step(&g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, NULL);
    carc_h_step(&g, s, 1, "B", -1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 1, 1, 0, NULL);
    carc_h_step(&g, s, 1, "A", -1, 2, 0, NULL);
    carc_h_step(&g, s, 0, "A", 0, 2, 0, NULL);
    carc_h_draw(&g, s, 1, "E");
    carc_h_apply(&g, s, carc_place_action(1, 2, 2));
    e = told(&g, s, CARC_A_NOFOLLOW);
    ev_count(e, 2);
    ev_is(e, 0, "score", "player 0 scores 9 for a completed cloister at 0,1");
    assert_string_equal(ev_str(e, 0, "kind"), "cloister");
    ev_is(e, 1, "auto", "player 0's monk returns from cloister at 0,1");
    json_decref(e);
}

/* A drawn tile that fits nowhere is discarded (§3); with tatan_draw_both_first the last held
 * kind is played without a choice, and a held misfit is discarded when played [D-13]. */
static void test_discard_and_autoplay(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, NULL); /* closes D's city: a C fits nowhere */
    carc_set_turn(&g, s, 1);
    json_t *e = told(&g, s, carc_draw_action(carc_kind_by_name("C")));
    ev_count(e, 2);
    ev_is(e, 0, "draw", "player 1 draws C (69 left)");
    ev_is(e, 1, "auto", "C fits nowhere: player 1 discards it");
    assert_string_equal(ev_str(e, 1, "move"), "discard");
    assert_string_equal(ev_str(e, 1, "tile"), "C");
    assert_int_equal(ev_int(e, 1, "player"), 1);
    json_decref(e);
    assert_int_equal(s->phase, CARC_PH_DRAW);

    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "E", 0, -1, 2, NULL);
    carc_h_draw(&g, s, 1, "Tatan");
    carc_h_apply(&g, s, CARC_A_DRAW2);
    carc_h_draw(&g, s, -1, "C");
    e = told(&g, s, carc_draw_action(carc_kind_by_name("U")));
    ev_count(e, 1); /* C and U held: he chooses */
    ev_is(e, 0, "draw", "player 1 draws U (69 left)");
    json_decref(e);
    e = told(&g, s, CARC_A_CHOOSE + carc_kind_by_name("U"));
    ev_count(e, 0);
    json_decref(e);
    carc_h_apply(&g, s, carc_place_action(1, 0, 0));
    e = told(&g, s, CARC_A_NOFOLLOW);
    ev_count(e, 2); /* C is left alone, played and fits nowhere */
    ev_is(e, 0, "auto", "player 1 plays C (no other tile to choose)");
    assert_string_equal(ev_str(e, 0, "move"), "play");
    ev_is(e, 1, "auto", "C fits nowhere: player 1 discards it");
    json_decref(e);
    assert_int_equal(s->phase, CARC_PH_DRAW);
    assert_int_equal(s->cur, 1);
    e = told(&g, s, carc_draw_action(CARC_TATAN));
    ev_count(e, 2);
    ev_is(e, 0, "draw", "player 1 draws a Tatan tile (holds 2; 68 left)");
    assert_int_equal(ev_int(e, 0, "holds"), 2);
    ev_is(e, 1, "auto", "player 1 plays Tatan (no other tile to choose)");
    json_decref(e);
    assert_int_equal(s->phase, CARC_PH_TATAN);
}

/* T13 and the README example: a move completing a road, the stack running out, an automatic
 * pass of a player without Tatan tiles, a filling, the end phase's end, final scoring, result. */
static void test_t13_end_phase(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "A", -1, 0, 3, NULL);
    carc_h_step(&g, s, 1, "U", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 0, "A", 0, 1, 0, NULL);
    carc_h_draw(&g, s, 1, "Tatan");
    json_t *e = told(&g, s, carc_pick_action(0, 1));
    ev_count(e, 0);
    json_decref(e);
    carc_h_apply(&g, s, carc_place_action(2, 0, 1));
    e = told(&g, s, follow(s, "cloister"));
    ev_count(e, 2);
    ev_is(e, 0, "score", "player 1 scores 4 for a road at 2,0 (4 tiles)");
    ev_is(e, 1, "auto", "player 1's highwayman returns from road:EW at 1,0");
    json_decref(e);
    carc_h_step(&g, s, 0, "B", -1, 1, 0, "cloister");
    carc_h_step(&g, s, 1, "B", 1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 1, 2, 0, NULL);
    memset(s->remain, 0, sizeof s->remain); /* B 0,2 is the last tile */
    s->remain[carc_kind_by_name("B")] = 1;
    s->nremain = 1;
    carc_h_draw(&g, s, 1, "B");
    carc_h_apply(&g, s, carc_place_action(0, 2, 0));
    e = told(&g, s, CARC_A_NOFOLLOW);
    ev_count(e, 2);
    ev_is(e, 0, "phase", "the stack is empty (player 1 placed the last tile): end phase, filling "
                         "gaps from player 0");
    assert_string_equal(ev_str(e, 0, "phase"), "end");
    assert_int_equal(ev_int(e, 0, "last_player"), 1);
    ev_is(e, 1, "auto", "player 0 passes (cannot fill a gap)");
    assert_string_equal(ev_str(e, 1, "move"), "pass");
    assert_int_equal(ev_int(e, 1, "player"), 0);
    json_decref(e);
    assert_int_equal(s->cur, 1);
    e = told(&g, s, carc_fill_action(0, 1, 0));
    ev_count(e, 6);
    ev_is(e, 0, "score", "player 1 scores 2 for filling the gap at 0,1 (1 square, 1 follower "
                         "open to it)");
    assert_string_equal(ev_str(e, 0, "kind"), "tatan");
    json_t *fols = json_object_get(ev_at(e, 0), "followers");
    assert_int_equal(json_array_size(fols), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(fols, 0), "player")), 0);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(fols, 0), "x")), -1);
    ev_is(e, 1, "phase", "the end phase is over: nobody can fill a gap");
    ev_is(e, 2, "phase", "final scoring");
    ev_is(e, 3, "score", "player 1 scores 3 for a cloister at 2,0 (2 neighbours)");
    assert_true(json_is_true(json_object_get(ev_at(e, 3), "final")));
    ev_is(e, 4, "score", "player 0 scores 4 for a cloister at -1,1 (3 neighbours)");
    ev_is(e, 5, "end", "game over: player 1 wins with 9 points (4-9)");
    json_t *sc = json_object_get(ev_at(e, 5), "scores");
    assert_int_equal(json_integer_value(json_array_get(sc, 0)), 4);
    assert_int_equal(json_integer_value(json_array_get(sc, 1)), 9);
    json_t *win = json_object_get(ev_at(e, 5), "winners");
    assert_int_equal(json_array_size(win), 1);
    assert_int_equal(json_integer_value(json_array_get(win, 0)), 1);
    json_decref(e);
}

/* T17, the seed's example: White's +18 names the eight followers that count; then final
 * scoring 19, 3, 7, 3, 9. */
static void t17(const tafel_game *g, carc_state *s)
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
    s->held[0] = 1;
    s->remain[CARC_TATAN]--;
    s->nremain--;
}

static void test_t17_fill_and_result(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t17(&g, s);
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    json_t *e = told(&g, s, carc_fill_action(1, 0, 0));
    ev_is(e, 0, "score", "player 0 scores 18 for filling the gap at 1,0 (1 square, 8 followers "
                         "open to it)");
    assert_int_equal(ev_int(e, 0, "points"), 18);
    json_t *fols = json_object_get(ev_at(e, 0), "followers");
    assert_int_equal(json_array_size(fols), 8);
    int sum = 0, large = 0;
    for (size_t i = 0; i < 8; i++) {
        json_t *f = json_array_get(fols, i);
        sum += (int)json_integer_value(json_object_get(f, "points"));
        large += json_is_true(json_object_get(f, "large"));
    }
    assert_int_equal(sum, 18);
    assert_int_equal(large, 1);
    json_t *sq = json_object_get(ev_at(e, 0), "squares");
    assert_int_equal(json_array_size(sq), 1);
    assert_int_equal(json_integer_value(json_array_get(json_array_get(sq, 0), 0)), 1);
    /* White used his only Tatan tile: nobody can fill any more */
    ev_is(e, 1, "phase", "the end phase is over: nobody can fill a gap");
    ev_is(e, 2, "phase", "final scoring");
    size_t n = json_array_size(e);
    int pts[5] = {0};
    for (size_t i = 3; i + 1 < n; i++) {
        assert_string_equal(ev_str(e, i, "type"), "score");
        pts[ev_int(e, i, "player")] += (int)ev_int(e, i, "points");
    }
    static const int final_only[5] = {1, 3, 7, 3, 9};
    for (int p = 0; p < 5; p++)
        assert_int_equal(pts[p], final_only[p]);
    ev_is(e, n - 1, "end", "game over: player 0 wins with 19 points (19-3-7-3-9)");
    json_decref(e);
}

/* T18: after White's first filling the others pass automatically, and his second filling ends
 * the end phase (no one holds a Tatan tile any more). A whole round without a filling: T13's
 * Red passing with a hole left. */
static void test_auto_passes(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, T17G);
    t17(&g, s);
    carc_h_step(&g, s, 1, "B", 1, 2, 0, NULL);
    carc_h_step(&g, s, 2, "B", 2, 2, 0, NULL);
    s->held[0] = 2;
    s->remain[CARC_TATAN]--;
    s->nremain--;
    carc_end_game(&g, s);
    carc_set_turn(&g, s, 0);
    json_t *e = told(&g, s, carc_fill_action(1, 0, 0));
    ev_count(e, 5);
    assert_int_equal(ev_int(e, 0, "points"), 18);
    for (int q = 1; q < 5; q++) {
        char want[64];
        snprintf(want, sizeof want, "player %d passes (cannot fill a gap)", q);
        ev_is(e, (size_t)q, "auto", want);
    }
    json_decref(e);
    e = told(&g, s, carc_fill_action(2, 1, 0));
    assert_int_equal(ev_int(e, 0, "points"), 4);
    ev_is(e, 1, "phase", "the end phase is over: nobody can fill a gap");
    json_decref(e);

    carc_h_load(&g, TB);
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "A", -1, 0, 3, NULL);
    carc_h_step(&g, s, 1, "U", 1, 0, 0, "road:EW");
    carc_h_step(&g, s, 0, "A", 0, 1, 0, NULL);
    carc_h_draw(&g, s, 1, "Tatan");
    carc_h_apply(&g, s, carc_pick_action(0, 1));
    carc_h_place(&g, s, 2, 0, 1, NULL);
    carc_h_step(&g, s, 0, "B", -1, 1, 0, NULL);
    carc_h_step(&g, s, 1, "B", 1, 1, 0, NULL);
    carc_h_step(&g, s, 0, "B", 1, 2, 0, NULL);
    carc_h_step(&g, s, 1, "B", 0, 2, 0, NULL);
    carc_end_game(&g, s); /* player 0 passed at once: he holds no Tatan tile */
    assert_int_equal(s->cur, 1);
    e = told(&g, s, CARC_A_PASS);
    ev_count(e, 3);
    ev_is(e, 0, "phase", "the end phase is over: a whole round without a filling");
    ev_is(e, 1, "phase", "final scoring");
    ev_is(e, 2, "end", "game over: player 1 wins with 4 points (0-4)");
    json_decref(e);
}

/* Without Tatan the last placement ends the game: final scoring of an incomplete city with a
 * pennant (T3), a field (T7/T8) and a tie in the result. */
static void test_final_without_tatan(void **u)
{
    (void)u;
    tafel_game g;
    carc_state *s = &st;
    carc_h_load(&g, "players=2,tatan=off,inns_cathedrals=off");
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "M", 0, -1, 2, "city:NW");
    memset(s->remain, 0, sizeof s->remain);
    s->remain[carc_kind_by_name("U")] = 1;
    s->nremain = 1;
    carc_h_draw(&g, s, 1, "U");
    carc_h_apply(&g, s, carc_place_action(1, 0, 0));
    json_t *e = told(&g, s, CARC_A_NOFOLLOW);
    ev_count(e, 4);
    ev_is(e, 0, "phase", "the stack is empty (player 1 placed the last tile)");
    assert_string_equal(ev_str(e, 0, "phase"), "empty");
    ev_is(e, 1, "phase", "final scoring");
    ev_is(e, 2, "score",
          "player 0 scores 3 for an incomplete city at 0,-1 (2 tiles, 1 pennant)");
    assert_true(json_is_true(json_object_get(ev_at(e, 2), "final")));
    ev_is(e, 3, "end", "game over: player 0 wins with 3 points (3-0)");
    json_decref(e);

    /* T8: Red's two farmers border the completed city; the city itself is shared */
    carc_h_init(&g, s);
    carc_h_step(&g, s, 0, "U", 1, 0, 0, "field:Nw,Ne,En,Wn");
    carc_h_step(&g, s, 1, "U", -1, 0, 0, NULL);
    carc_h_step(&g, s, 0, "E", -1, -1, 1, "city:N");
    carc_h_step(&g, s, 1, "E", 1, -1, 3, "city:N");
    memset(s->remain, 0, sizeof s->remain);
    s->remain[carc_kind_by_name("R")] = 1;
    s->nremain = 1;
    carc_h_draw(&g, s, 0, "R");
    carc_h_apply(&g, s, carc_place_action(0, -1, 2));
    e = told(&g, s, follow(s, "field:Se,Sw"));
    ev_count(e, 8);
    ev_is(e, 0, "score", "players 0 and 1 score 8 each for a city at 0,-1 (4 tiles, 0 pennants)");
    ev_is(e, 3, "phase", "the stack is empty (player 0 placed the last tile)");
    ev_is(e, 4, "phase", "final scoring");
    ev_is(e, 5, "score", "player 0 scores 3 for a field at 1,0 (1 completed city)");
    assert_string_equal(ev_str(e, 5, "kind"), "field");
    assert_int_equal(ev_int(e, 5, "cities"), 1);
    ev_is(e, 6, "score", "player 0 scores 3 for a field at 0,-1 (1 completed city)");
    json_decref(e);
    /* a tie in the result */
    carc_h_init(&g, s);
    memset(s->remain, 0, sizeof s->remain);
    s->remain[carc_kind_by_name("U")] = 1;
    s->nremain = 1;
    carc_h_draw(&g, s, 0, "U");
    carc_h_apply(&g, s, carc_place_action(1, 0, 0));
    e = told(&g, s, CARC_A_NOFOLLOW);
    ev_is(e, json_array_size(e) - 1, "end",
          "game over: players 0 and 1 share the win with 0 points (0-0)");
    assert_int_equal(json_array_size(json_object_get(ev_at(e, json_array_size(e) - 1),
                                                     "winners")), 2);
    json_decref(e);
}

/* ---- random games: the events add up to what apply did ---- */

static int ev_players(json_t *e, int *who)
{
    json_t *arr = json_object_get(e, "players");
    if (!arr) {
        who[0] = (int)json_integer_value(json_object_get(e, "player"));
        return 1;
    }
    for (size_t i = 0; i < json_array_size(arr); i++)
        who[i] = (int)json_integer_value(json_array_get(arr, i));
    return (int)json_array_size(arr);
}

/* A kind the events may name: the tile just drawn or one already face up (in hand, held, on the
 * board, discarded); never one still in the stack alone. */
static int ev_tile_known(const carc_state *b, int32_t a, const carc_state *s, int k)
{
    if (a == carc_draw_action(k) || b->hand == k || s->discarded[k])
        return 1;
    for (int i = 0; i < b->nbag; i++)
        if (b->bag[i] == k)
            return 1;
    return 0;
}

static void check_step(const tafel_game *g, const carc_state *b, int32_t a, const carc_state *s,
                       long game, long step)
{
    json_t *evs = tafel_events_json(g, b, a, s, -1);
    char want[TAFEL_TEXT_LEN], got[TAFEL_TEXT_LEN];
    tafel_game_carcassonne.action_to_text(g, b, a, want, sizeof want);
    for (int v = -1; v < g->num_players; v++) {
        if (tafel_action_seen(g, b, a, v, got, sizeof got) != 1 || strcmp(got, want))
            fail_msg("game %ld step %ld: viewer %d told '%s' of '%s'", game, step, v, got,
                     want);
        json_t *ev = tafel_events_json(g, b, a, s, v);
        if (!json_equal(ev, evs))
            fail_msg("game %ld step %ld: viewer %d told other events", game, step, v);
        json_decref(ev);
    }
    int pts[TAFEL_MAX_PLAYERS] = {0}, ret[TAFEL_MAX_PLAYERS] = {0}, discards = 0, draws = 0;
    int ends = 0;
    size_t i;
    json_t *e;
    json_array_foreach(evs, i, e) {
        const char *type = json_string_value(json_object_get(e, "type"));
        const char *move = json_string_value(json_object_get(e, "move"));
        const char *tile = json_string_value(json_object_get(e, "tile"));
        if (tile && !ev_tile_known(b, a, s, carc_kind_by_name(tile)))
            fail_msg("game %ld step %ld: an event names %s from the stack", game, step, tile);
        int who[TAFEL_MAX_PLAYERS], n;
        if (!strcmp(type, "score")) {
            n = ev_players(e, who);
            for (int j = 0; j < n; j++)
                pts[who[j]] += (int)json_integer_value(json_object_get(e, "points"));
        } else if (move && !strcmp(move, "return")) {
            ret[json_integer_value(json_object_get(e, "player"))]++;
        } else if (move && !strcmp(move, "discard")) {
            discards++;
        } else if (!strcmp(type, "draw")) {
            draws++;
        } else if (!strcmp(type, "end")) {
            ends++;
            for (int p = 0; p < g->num_players; p++)
                if (json_integer_value(json_array_get(json_object_get(e, "scores"),
                                                      (size_t)p)) != s->score[p])
                    fail_msg("game %ld step %ld: end event's score of %d", game, step, p);
        }
    }
    for (int p = 0; p < g->num_players; p++) {
        int deployed = p == b->cur && ((a >= CARC_A_FOLLOW && a < CARC_A_NOFOLLOW) ||
                                       (a >= CARC_A_FILL && a < CARC_A_FOLLOW));
        int back = s->supply[p] + s->large[p] - b->supply[p] - b->large[p] + deployed;
        if (pts[p] != s->score[p] - b->score[p] || ret[p] != back)
            fail_msg("game %ld step %ld (%s): player %d told %d points, %d returns; apply "
                     "gave %d, %d", game, step, want, p, pts[p], ret[p],
                     s->score[p] - b->score[p], back);
    }
    int dis = 0;
    for (int k = 0; k < CARC_NKINDS; k++)
        dis += s->discarded[k] - b->discarded[k];
    if (discards != dis || draws != (a >= CARC_A_DRAW && a < CARC_A_START) ||
        ends != (s->phase == CARC_PH_OVER))
        fail_msg("game %ld step %ld: %d discards, %d draws, %d ends told", game, step, discards,
                 draws, ends);
    json_decref(evs);
}

static void run_random(const char *params, long games)
{
    tafel_game g;
    carc_h_load(&g, params);
    if (check_sanitized())
        games = (games + 9) / 10;
    static carc_state s, b;
    int32_t legal[1024];
    for (long gi = 0; gi < games; gi++) {
        tafel_rng rng;
        tafel_rng_seed(&rng, 7000 + (uint64_t)gi);
        tafel_game_carcassonne.init(&g, &s);
        for (long step = 0; tafel_game_carcassonne.current_player(&g, &s) != TAFEL_TERMINAL;
             step++) {
            int32_t a;
            if (tafel_game_carcassonne.current_player(&g, &s) == TAFEL_CHANCE) {
                a = tafel_sample_chance(&g, &s, &rng);
            } else {
                int n = tafel_game_carcassonne.legal_actions(&g, &s, legal);
                a = legal[tafel_rng_below(&rng, (uint32_t)n)];
            }
            b = s;
            tafel_game_carcassonne.apply(&g, &s, a);
            check_step(&g, &b, a, &s, gi, step);
        }
    }
}

static void test_random_games(void **u)
{
    (void)u;
    run_random("players=2,tatan=off,inns_cathedrals=off", 40);
    run_random("players=3,tatan=on,inns_cathedrals=full", 40);
    run_random("players=5,tatan=on,inns_cathedrals=off", 40);
    run_random("players=4,tatan=on,inns_cathedrals=full,tatan_draw_both_first=false", 30);
    run_random("players=6,tatan=on,inns_cathedrals=large_follower_only,farmers=off,"
               "tiny_city=true,tatan_follower_tile_only=true,ec_inn_both=true", 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_draw_score),
        cmocka_unit_test(test_shared_and_large),
        cmocka_unit_test(test_no_deploy_inn_cloister),
        cmocka_unit_test(test_discard_and_autoplay),
        cmocka_unit_test(test_t13_end_phase),
        cmocka_unit_test(test_t17_fill_and_result),
        cmocka_unit_test(test_auto_passes),
        cmocka_unit_test(test_final_without_tatan),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
