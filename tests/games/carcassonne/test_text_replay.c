/* test_text_replay.c: the Carcassonne text format's replay on small inline files: each refusal
 * category, each claim line that must fail when wrong, and the format's rules (defaults, turn
 * order, score lines as a multiset per step, end of game). */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/carcassonne/carc.h"
#include "games/carcassonne/carc_text.h"
#include "games/games.h"

static carc_state rp_state;
static tafel_game rp_game;

static carc_text_result rp_run(const char *text)
{
    carc_text_result res;
    carc_text_replay(text, strlen(text), &rp_game, &rp_state, &res);
    return res;
}

static void rp_ok(const char *text)
{
    carc_text_result res = rp_run(text);
    if (res.status != CARC_TEXT_OK)
        fail_msg("expected OK, got status %d at line %d (%s): %s\n%s", res.status, res.line,
                 res.category, res.msg, text);
}

static void rp_status(const char *text, carc_text_status st, int line, const char *needle)
{
    carc_text_result res = rp_run(text);
    if (res.status != st || res.line != line || !strstr(res.msg, needle))
        fail_msg("expected status %d at line %d mentioning '%s', got %d at line %d: %s\n%s", st,
                 line, needle, res.status, res.line, res.msg, text);
}

/* Refused at line for category. */
static void rp_refused(const char *text, int line, const char *category)
{
    carc_text_result res = rp_run(text);
    if (res.status != CARC_TEXT_REFUSED || res.line != line || strcmp(res.category, category))
        fail_msg("expected refusal (%s) at line %d, got status %d (%s) at line %d: %s\n%s",
                 category, line, res.status, res.category, res.line, res.msg, text);
    assert_false(carc_text_passed(&res));
}

#define TATAN2 "game carcassonne(players=2,tatan=on,inns_cathedrals=off)\n"
#define ONE "game carcassonne(players=2,inns_cathedrals=off,tatan_draw_both_first=false)\n"

static void test_defaults(void **unused)
{
    (void)unused;
    /* no game line: the 2-player base game without Tatan and without Inns & Cathedrals */
    rp_ok("tile E 0 -1 2\nfollower city:N\nexpect 0 4\n");
    assert_int_equal(rp_game.num_players, 2);
    assert_false(carc_opt_tatan(&rp_game));
    assert_false(carc_opt_large(&rp_game));
    rp_status("tatan draw2\n", CARC_TEXT_SYNTAX, 1, "tatan=on");
    rp_status("tile EB 1 0 0\n", CARC_TEXT_REFUSED, 1, "not in this game's stack");
    rp_status("tile E 0 -1 2\nfollower L city:N\n", CARC_TEXT_REFUSED, 2, "large");
    /* a game line that leaves options out takes the spec's defaults: Tatan and I&C on */
    rp_ok("game carcassonne(players=3)\ntatan draw2\ntile EB 1 0 0\nfollower L road:EW\n"
          "tile U 2 0 0\nholds 0 1\nsupply 0 7 0\n");
    assert_int_equal(rp_game.num_players, 3);
    assert_true(carc_opt_tatan(&rp_game));
    rp_ok("game carcassonne\ntatan draw2\ntile U 1 0 0\ntile U 2 0 0\n");
    assert_int_equal(rp_game.num_players, 2);
    /* the game line comes first, once, and names valid options */
    rp_status("tile U 1 0 0\ngame carcassonne(players=2)\n", CARC_TEXT_SYNTAX, 2, "first line");
    rp_status("game carcassonne(players=2,colour=red)\n", CARC_TEXT_SYNTAX, 1, "colour");
    rp_status("game carcassonne(players=9)\n", CARC_TEXT_SYNTAX, 1, "players");
    rp_status("game carcassonne(players=2\n", CARC_TEXT_SYNTAX, 1, "game line");
    rp_status("\n# c\ntile U 1 0 0\nbogus\n", CARC_TEXT_SYNTAX, 4, "unknown line");
}

static void test_turn_order(void **unused)
{
    (void)unused;
    /* players alternate: the second tile is player 1's, so his follower leaves his supply */
    rp_ok("tile U 1 0 0\ntile U 2 0 0\nfollower road:EW\nsupply 0 7\nsupply 1 6\n");
    /* three players in index order */
    rp_ok("game carcassonne(players=3,tatan=off)\ntile U 1 0 0\ntile U 2 0 0\n"
          "tile U 3 0 0\nfollower road:EW\nsupply 2 6\nsupply 0 7\n");
    /* a turn line gives the next turn; play goes on from there */
    rp_ok("game carcassonne(players=3,tatan=off)\nturn 2\ntile U 1 0 0\nfollower road:EW\n"
          "tile U 2 0 0\nfollower field:Es,Se,Sw,Ws\nsupply 2 6\nsupply 0 6\nsupply 1 7\n");
    rp_status("turn 2\n", CARC_TEXT_SYNTAX, 1, "no player 2");
    /* a turn line may not split a turn of two tile steps, in either reading of option 2 */
    rp_refused(TATAN2 "tatan draw2\ntile U 1 0 0\nturn 1\n", 4, "turn");
    rp_refused("game carcassonne(players=2,inns_cathedrals=off,tatan_draw_both_first=false)\n"
               "tatan draw2\ntile U 1 0 0\nturn 1\n",
               4, "turn");
}

static void test_follower_refusals(void **unused)
{
    (void)unused;
    rp_refused("follower city:N\n", 1, "follower");
    rp_refused("tile E 0 -1 2\nfollower city:S\n", 2, "follower");  /* E has no city:S */
    rp_refused("tile E 0 -1 2\nfollower cloister\n", 2, "follower");
    rp_refused("tile E 0 -1 2\nfollower city:N\nfollower field:En,Es,Se,Sw,Ws,Wn\n", 3,
               "follower"); /* one follower per tile step */
    /* the road D-U already has player 0's highwayman */
    rp_refused("tile U 1 0 0\nfollower road:EW\ntile U 2 0 0\nfollower road:EW\n", 4, "follower");
    rp_refused("game carcassonne(players=2,tatan=off,farmers=off)\ntile U 1 0 0\n"
               "follower field:Nw,Ne,En,Wn\n",
               3, "follower");
    rp_refused(TATAN2 "tile U 1 0 0\nfollower tatan\n", 3, "follower");
    /* the 8th follower: player 0 deploys on every one of his tiles */
    rp_refused("tile B 0 1 0\nfollower cloister\ntile B 0 2 0\n"
               "tile B 0 3 0\nfollower cloister\ntile B 0 4 0\n"
               "tile A 0 5 0\nfollower cloister\ntile A 0 6 2\n"
               "tile E 1 1 1\nfollower city:N\ntile E 1 2 1\n"
               "tile E 1 3 1\nfollower city:N\ntile E 1 4 1\n"
               "tile U 1 0 0\nfollower road:EW\ntile U 2 0 0\n"
               "tile U -1 0 0\nfollower field:Es,Se,Sw,Ws\ntile U -2 0 0\n"
               "supply 0 0\ntile U -3 0 0\nfollower field:Nw,Ne,En,Wn\n",
               24, "supply");
    /* the large follower, once used, is not in supply */
    rp_refused("game carcassonne(players=2,tatan=off,inns_cathedrals=full)\ntile U 1 0 0\n"
               "follower L road:EW\ntile U 2 0 0\ntile U 3 0 0\nfollower L field:Nw,Ne,En,Wn\n",
               6, "supply");
}

static void test_placement_refusals(void **unused)
{
    (void)unused;
    rp_refused("tile U 0 0 0\n", 1, "placement");  /* occupied */
    rp_refused("tile U 5 5 0\n", 1, "placement");  /* no neighbour */
    rp_refused("tile U 1 0 1\n", 1, "placement");  /* field against D's road */
    rp_refused("tile U 0 -1 0\n", 1, "placement"); /* field against D's city */
    rp_refused("tile U 1 0 0\ntile C 2 0 0\n", 2, "placement");
    /* more tiles of a kind than the box holds are fine, up to what a board can hold */
    rp_ok("tile C 0 -1 0\ntile C -1 -1 0\ntile C 1 -1 0\n");
    char buf[2048] = "";
    for (int y = 1; y <= 9; y++) {
        char step[32];
        snprintf(step, sizeof step, "tile B 0 %d 0\n", y);
        strcat(buf, step);
    }
    rp_refused(buf, 9, "stack"); /* a 9th cloister */
    /* the stack holds one Tatan tile per player */
    rp_refused(TATAN2 "tatan draw2\ntatan draw2\ntile U 1 0 0\ntile U 2 0 0\ntile U 3 0 0\n"
                      "tatan draw2\n",
               7, "stack");
}

static void test_move_refusals(void **unused)
{
    (void)unused;
    rp_refused(TATAN2 "tile U 1 0 0\ntatan move 5 5 -> 2 0 0\n", 3, "nothing");
    rp_refused(TATAN2 "tile U 1 0 0\nfollower road:EW\ntatan move 1 0 -> -1 0 0\n", 4, "figure");
    rp_refused(TATAN2 "tile U 1 0 0\ntatan move 1 0 -> 1 0 0\n", 3, "placement");
    rp_refused(TATAN2 "tile U 1 0 0\ntatan move 1 0 -> 3 0 0\n", 3, "placement");
    /* the moved tile is the tile just placed: deploy on it */
    rp_ok(TATAN2 "tile U 1 0 0\ntatan move 1 0 -> -1 0 0\nfollower road:EW\nsupply 1 6\n"
                 "holds 1 1\n");
    rp_refused(TATAN2 "tile U 1 0 0\ntatan move 1 0 -> -1 0 0\nfollower city:N\n", 4,
               "follower");
    rp_refused(TATAN2 "tatan move 0 0 -> 1 0 0\n", 2, "nowhere"); /* the start tile alone */
}

static void test_end_phase(void **unused)
{
    (void)unused;
    /* a hole at (0,1): tiles around it; player 1 draws the Tatan tile and places B @(0,2) */
    const char *hole = TATAN2 "tile U -1 0 0\ntile U 1 0 0\ntile B -1 1 0\ntile B 1 1 0\n"
                              "tile B -1 2 0\ntatan draw2\ntile B 0 2 0\nfollower cloister\n";
    char buf[1024];
    /* player 1 placed the last tile (his second step never comes: the stack ran out); the end
     * phase starts with player 0, who passes. At the end the monk counts 3 neighbours: the
     * Tatan tile is not one */
    snprintf(buf, sizeof buf, "%spass 0\ngap 1 0,1\nfollower tatan\nscore 1 2 tatan\n"
                              "holds 1 0\n# end of game scoring\nscore 1 4 cloister\nfinal 0 6\n",
             hole);
    rp_ok(buf);
    /* a gap line implies the passes before it */
    snprintf(buf, sizeof buf, "%sgap 1 0,1\nfollower tatan\nexpect 1 2 tatan\nsupply 1 5\n", hole);
    rp_ok(buf);
    snprintf(buf, sizeof buf, "%spass 1\n", hole);
    rp_refused(buf, 10, "turn");
    snprintf(buf, sizeof buf, "%sgap 0 0,1\nfollower tatan\n", hole);
    rp_refused(buf, 10, "tatan-tiles");
    snprintf(buf, sizeof buf, "%sgap 1 0,1;0,2\nfollower tatan\n", hole);
    rp_refused(buf, 10, "gap");
    snprintf(buf, sizeof buf, "%sgap 1 5,5\nfollower tatan\n", hole);
    rp_refused(buf, 10, "gap");
    snprintf(buf, sizeof buf, "%sgap 1 0,1\nholds 1 1\n", hole);
    rp_refused(buf, 11, "follower");
    snprintf(buf, sizeof buf, "%sgap 1 0,1\n", hole);
    rp_refused(buf, 10, "follower");
    snprintf(buf, sizeof buf, "%sgap 1 0,1\nfollower L tatan\n", hole);
    rp_refused(buf, 11, "supply"); /* inns_cathedrals=off: no large follower */
    /* after the fill, a whole round without one ends the end phase */
    snprintf(buf, sizeof buf, "%sgap 1 0,1\nfollower tatan\npass 0\npass 1\npass 0\n", hole);
    rp_refused(buf, 14, "turn");
    /* no tile step after the end phase began */
    snprintf(buf, sizeof buf, "%spass 0\ntile U 2 0 0\n", hole);
    rp_refused(buf, 11, "turn");
    snprintf(buf, sizeof buf, "%s# end of game scoring\ntile U 2 0 0\n", hole);
    rp_refused(buf, 11, "turn");
    /* a tatan keep needs no option; nothing may follow it but the end phase */
    rp_ok(TATAN2 "tile U 1 0 0\ntatan keep\nholds 1 1\npass 1\npass 0\n# end of game scoring\n"
                 "final 0 0\n");
    rp_status("pass 0\n", CARC_TEXT_SYNTAX, 1, "tatan=on");
}

/* tatan_draw_both_first: both tiles are drawn first; the file lists them in playing order. */
static void test_draw_both_first(void **unused)
{
    (void)unused;
#define BOTH "game carcassonne(players=2,inns_cathedrals=off,tatan_draw_both_first=true)\n"
    rp_ok(BOTH "tatan draw2\ntile U 1 0 0\nfollower road:EW\ntile E 0 -1 2\nfollower city:N\n"
               "score 0 4 city\nexpect 0 4\nholds 0 1\nsupply 0 6\ntile U -1 0 0\nsupply 1 7\n");
    rp_ok(BOTH "tatan draw2\ntile E 0 -1 2\nfollower city:N\nscore 0 4 city\ntile U 1 0 0\n"
               "follower road:EW\nsupply 0 6\n");
    /* a Tatan tile among the two: option 2 again, two more draws */
    rp_ok(BOTH "tatan draw2\ntatan draw2\ntile U 1 0 0\ntile U 2 0 0\ntile U 3 0 0\nholds 0 2\n"
               "tile U -1 0 0\nfollower road:EW\nsupply 1 6\n");
    rp_ok(BOTH "tatan draw2\ntile U 1 0 0\ntatan draw2\ntile U 2 0 0\ntile U 3 0 0\nholds 0 2\n");
    /* each placement is checked as usual */
    rp_refused(BOTH "tatan draw2\ntile U 1 0 0\ntile U 5 0 0\n", 4, "placement");
    /* the stack runs out with the drawn tiles: the end phase comes after both */
    rp_ok(BOTH "tatan draw2\ntile U 1 0 0\n# end of game scoring\nfinal 0 0\n");
    rp_refused(BOTH "tatan draw2\ntatan draw2\ntile U 1 0 0\ntile U 2 0 0\ntile U 3 0 0\n"
                    "tatan draw2\n",
               7, "stack");
    /* the default: a Tatan tile drawn with the first tile is held from the first step on */
    const char *held = "tatan draw2\ntile U 1 0 0\nholds 0 2\ntatan draw2\ntile U 2 0 0\n"
                       "tile U 3 0 0\nholds 0 2\n";
    char buf[512];
    snprintf(buf, sizeof buf, "%s%s", TATAN2, held);
    rp_ok(buf);
    snprintf(buf, sizeof buf, "%s%s", ONE, held);
    rp_status(buf, CARC_TEXT_MISMATCH, 4, "holds mismatch");
    /* a held tile's fit is judged when it is played: E makes room for C (in the other reading
     * C is drawn after E is placed) */
    const char *room = "tile E 0 -1 2\ntatan draw2\ntile E 0 1 2\ntile C 0 2 0\n"
                       "follower city:NESW\nsupply 1 6\n";
    snprintf(buf, sizeof buf, "%s%s", TATAN2, room);
    rp_ok(buf);
    snprintf(buf, sizeof buf, "%s%s", ONE, room);
    rp_ok(buf);
#undef BOTH
}

static void test_claims(void **unused)
{
    (void)unused;
    /* T6: two score lines in one step, in either order */
    const char *t6 = "tile U 1 0 0\ntile U -1 0 0\ntile E -1 -1 1\nfollower city:N\n"
                     "tile E 1 -1 3\nfollower city:N\ntile R 0 -1 2\n";
    char buf[1024];
    snprintf(buf, sizeof buf, "%sscore 1 8 city\nscore 0 8 city\n", t6);
    rp_ok(buf);
    snprintf(buf, sizeof buf, "%sscore 0 8 city\n", t6);
    rp_status(buf, CARC_TEXT_MISMATCH, 7, "engine scored player 1 +8 city with no score line");
    snprintf(buf, sizeof buf, "%sscore 0 8 city\nscore 1 8 city\nscore 1 8 city\n", t6);
    rp_status(buf, CARC_TEXT_MISMATCH, 10, "expected player 1 +8 city");
    snprintf(buf, sizeof buf, "%sscore 0 8 road\nscore 1 8 city\n", t6);
    rp_status(buf, CARC_TEXT_MISMATCH, 8, "expected player 0 +8 road");
    /* once a file has score lines, a step without them claims that nothing scored */
    rp_status("tile E 0 -1 2\nfollower city:N\ntile U 1 0 0\nscore 0 1 road\n",
              CARC_TEXT_MISMATCH, 1, "engine scored player 0 +4 city");
    rp_status("score 0 4 city\n", CARC_TEXT_SYNTAX, 1, "before any tile step");
    /* expect: totals and kinds */
    rp_status("tile E 0 -1 2\nfollower city:N\nexpect 0 5\n", CARC_TEXT_MISMATCH, 3,
              "engine has 4");
    rp_status("tile E 0 -1 2\nfollower city:N\nexpect 0 4 road\n", CARC_TEXT_MISMATCH, 3,
              "engine has 0");
    rp_status("tile E 0 -1 2\nfollower city:N\nexpect 1 4\n", CARC_TEXT_MISMATCH, 3,
              "engine has 0");
    rp_status("tile U 1 0 0\nexpect 2 0\n", CARC_TEXT_SYNTAX, 2, "no player 2");
    /* supply and holds */
    rp_status("tile U 1 0 0\nfollower road:EW\nsupply 0 7\n", CARC_TEXT_MISMATCH, 3,
              "supply mismatch");
    rp_status("game carcassonne(players=2,tatan=off,inns_cathedrals=full)\ntile U 1 0 0\n"
              "follower road:EW\nsupply 0 6 0\n",
              CARC_TEXT_MISMATCH, 4, "supply mismatch");
    rp_ok("game carcassonne(players=2,tatan=off,inns_cathedrals=full)\ntile U 1 0 0\n"
          "follower road:EW\nsupply 0 6 1\nsupply 0 6\n");
    rp_status(TATAN2 "tatan draw2\ntile U 1 0 0\ntile U 2 0 0\nholds 0 2\n", CARC_TEXT_MISMATCH,
              5, "holds mismatch");
    /* scored: some event of the game */
    rp_ok("tile E 0 -1 2\nfollower city:N\nscored 0 4 city\ntile U 1 0 0\n");
    rp_ok("scored 0 4 city\ntile E 0 -1 2\nfollower city:N\n");
    rp_status("tile E 0 -1 2\nfollower city:N\nscored 0 8 city\n", CARC_TEXT_MISMATCH, 3,
              "no event gave player 0 8 for city");
    /* final: after end-game scoring; one total per player */
    rp_ok("tile U 1 0 0\nfollower road:EW\n# end of game scoring\nscore 0 2 road\nfinal 2 0\n");
    rp_ok("tile U 1 0 0\nfollower road:EW\nfinal 2 0\n"); /* final implies the end marker */
    rp_status("tile U 1 0 0\nfollower road:EW\n# end of game scoring\nfinal 3 0\n",
              CARC_TEXT_MISMATCH, 4, "final mismatch");
    rp_status("tile U 1 0 0\nfollower road:EW\n# end of game scoring\nscore 0 3 road\nfinal 2 0\n",
              CARC_TEXT_MISMATCH, 4, "expected player 0 +3 road");
    rp_status("tile U 1 0 0\nfinal 0 0 0\n", CARC_TEXT_SYNTAX, 2, "3 totals for 2 players");
    /* without the end marker no end-game scoring runs */
    rp_ok("tile U 1 0 0\nfollower road:EW\nexpect 0 0\n");
    rp_status("tile U 1 0 0\nfollower road:EW\n# end of game scoring\nexpect 0 0\n",
              CARC_TEXT_MISMATCH, 4, "engine has 2");
    rp_status("tile U 1 0 0\n# end of game scoring\n# end of game scoring\n", CARC_TEXT_REFUSED,
              3, "over");
}

static void test_expect_error(void **unused)
{
    (void)unused;
    carc_text_result res = rp_run("tile U 1 0 0\n# expect-error: placement\ntile U 1 0 0\n"
                                  "this line is never read\n");
    assert_int_equal(res.status, CARC_TEXT_REFUSED);
    assert_int_equal(res.expect_line, 3);
    assert_string_equal(res.expect_category, "placement");
    assert_true(carc_text_passed(&res));
    /* accepted although a refusal is expected */
    res = rp_run("# expect-error: placement\ntile U 1 0 0\ntile U 2 0 0\n");
    assert_int_equal(res.status, CARC_TEXT_MISMATCH);
    assert_int_equal(res.line, 2);
    assert_false(carc_text_passed(&res));
    /* refused for another reason */
    res = rp_run("# expect-error: follower\ntile U 5 0 0\n");
    assert_int_equal(res.status, CARC_TEXT_REFUSED);
    assert_false(carc_text_passed(&res));
    /* refused too early */
    res = rp_run("tile U 5 0 0\n# expect-error: placement\ntile U 1 0 0\n");
    assert_int_equal(res.line, 1);
    assert_false(carc_text_passed(&res));
    /* a normal file passes only when OK */
    res = rp_run("tile U 1 0 0\n");
    assert_true(carc_text_passed(&res));
    res = rp_run("tile U 5 0 0\n");
    assert_false(carc_text_passed(&res));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),         cmocka_unit_test(test_turn_order),
        cmocka_unit_test(test_follower_refusals), cmocka_unit_test(test_placement_refusals),
        cmocka_unit_test(test_move_refusals),    cmocka_unit_test(test_end_phase),
        cmocka_unit_test(test_claims),           cmocka_unit_test(test_expect_error),
        cmocka_unit_test(test_draw_both_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
