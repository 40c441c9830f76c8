/* test_text_parse.c: the Carcassonne text format's line parser: every line form, and the
 * refusal of malformed lines with a reason. */
#include "check.h"

#include <stdio.h>
#include <string.h>

#include "games/carcassonne/carc_text.h"

static int parse(const char *s, carc_text_line *l, char *err)
{
    return carc_text_parse_line(s, strlen(s), 7, l, err, TAFEL_ERR_LEN);
}

static carc_text_line ok(const char *s)
{
    carc_text_line l;
    char err[TAFEL_ERR_LEN] = "";
    int rc = parse(s, &l, err);
    if (rc != 1)
        fail_msg("'%s': expected a line, got %d (%s)", s, rc, err);
    assert_int_equal(l.lineno, 7);
    return l;
}

static void bad(const char *s, const char *needle)
{
    carc_text_line l;
    char err[TAFEL_ERR_LEN] = "";
    int rc = parse(s, &l, err);
    if (rc != -1)
        fail_msg("'%s': expected a refusal, got %d", s, rc);
    if (!strstr(err, needle))
        fail_msg("'%s': reason '%s' does not mention '%s'", s, err, needle);
}

static void test_blank_and_comments(void **unused)
{
    (void)unused;
    carc_text_line l;
    char err[TAFEL_ERR_LEN];
    assert_int_equal(parse("", &l, err), 0);
    assert_int_equal(parse("   \t ", &l, err), 0);
    assert_int_equal(parse("# source: BGA table 1; final scores 96 70", &l, err), 0);
    assert_int_equal(parse("#end of game", &l, err), 0);
    assert_int_equal(ok("# end of game scoring").op, CARC_TEXT_END);
    assert_int_equal(ok("  #  end of game scoring  ").op, CARC_TEXT_END);
    l = ok("# expect-error: tatan-tiles");
    assert_int_equal(l.op, CARC_TEXT_EXPECT_ERROR);
    assert_string_equal(l.text, "tatan-tiles");
    for (int i = 0; carc_text_categories[i]; i++) {
        char s[64];
        snprintf(s, sizeof s, "# expect-error: %s", carc_text_categories[i]);
        assert_string_equal(ok(s).text, carc_text_categories[i]);
    }
    bad("# expect-error: teleport", "teleport");
    bad("# expect-error:", "category");
}

static void test_game_line(void **unused)
{
    (void)unused;
    carc_text_line l = ok("game carcassonne(players=3,tatan=off,inns_cathedrals=full)");
    assert_int_equal(l.op, CARC_TEXT_GAME);
    assert_string_equal(l.text, "carcassonne(players=3,tatan=off,inns_cathedrals=full)");
    assert_string_equal(ok("game carcassonne( players=3, tatan=off )").text,
                        "carcassonne(players=3,tatan=off)");
    assert_string_equal(ok("game carcassonne").text, "carcassonne");
    bad("game targi(players=2)", "carcassonne");
    bad("game carcassonnex", "carcassonne");
}

static void test_tile_lines(void **unused)
{
    (void)unused;
    carc_text_line l = ok("tile H 0 -1 0");
    assert_int_equal(l.op, CARC_TEXT_TILE);
    assert_string_equal(l.tile, "H");
    assert_int_equal(l.x, 0);
    assert_int_equal(l.y, -1);
    assert_int_equal(l.r, 0);
    l = ok("  tile EK -12 7 3  ");
    assert_string_equal(l.tile, "EK");
    assert_int_equal(l.x, -12);
    assert_int_equal(l.y, 7);
    assert_int_equal(l.r, 3);
    bad("tile Y 0 1 0", "unknown tile kind 'Y'");
    bad("tile ER 0 1 0", "unknown tile kind");
    bad("tile a 0 1 0", "unknown tile kind");
    bad("tile H 0 1 4", "rotation");
    bad("tile H 0 1 -1", "rotation");
    bad("tile H 0 x 0", "square");
    bad("tile H 0 1", "tile KIND X Y R");
    bad("tile H 0 1 0 extra", "tile KIND X Y R");
    bad("tile H 1.5 1 0", "square");
    bad("tile H 99999 1 0", "square");
    bad("Tile H 0 1 0", "unknown line");
}

static void test_follower_lines(void **unused)
{
    (void)unused;
    carc_text_line l = ok("follower city:NW");
    assert_int_equal(l.op, CARC_TEXT_FOLLOWER);
    assert_int_equal(l.large, 0);
    assert_string_equal(l.feature, "city:NW");
    l = ok("follower L field:Nw,Ne,En,Es,Se,Sw,Ws,Wn");
    assert_int_equal(l.large, 1);
    assert_string_equal(l.feature, "field:Nw,Ne,En,Es,Se,Sw,Ws,Wn");
    assert_string_equal(ok("follower cloister").feature, "cloister");
    assert_string_equal(ok("follower L tatan").feature, "tatan");
    assert_string_equal(ok("follower road:EW").feature, "road:EW");
    assert_string_equal(ok("follower city:NESW").feature, "city:NESW");
    assert_string_equal(ok("follower field:inner").feature, "field:inner"); /* EH */
    bad("follower", "follower [L] FEATURE");
    bad("follower L", "bad feature name 'L'");
    bad("follower X city:N", "follower [L] FEATURE");
    bad("follower city:N road:E", "follower [L] FEATURE");
    bad("follower city", "bad feature name 'city'");
    bad("follower city:", "bad feature");
    bad("follower city:WE", "bad feature"); /* not in N E S W order */
    bad("follower city:NN", "bad feature");
    bad("follower road:NX", "bad feature");
    bad("follower town:N", "bad feature");
    bad("follower field:Se,Es", "bad feature"); /* not in half-edge order */
    bad("follower field:Es,", "bad feature");
    bad("follower field:Ex", "bad feature");
    bad("follower field:Es Se", "follower [L] FEATURE");
    bad("follower monk", "bad feature");
}

static void test_score_lines(void **unused)
{
    (void)unused;
    carc_text_line l = ok("score 1 16 city");
    assert_int_equal(l.op, CARC_TEXT_SCORE);
    assert_int_equal(l.player, 1);
    assert_int_equal(l.points, 16);
    assert_int_equal(l.kind, CARC_TEXT_K_CITY);
    assert_int_equal(ok("score 0 2 tatan").kind, CARC_TEXT_K_TATAN);
    l = ok("expect 4 6 cloister");
    assert_int_equal(l.op, CARC_TEXT_EXPECT);
    assert_int_equal(l.kind, CARC_TEXT_K_CLOISTER);
    l = ok("expect 0 4");
    assert_int_equal(l.kind, CARC_TEXT_K_NONE);
    assert_int_equal(l.points, 4);
    l = ok("scored 2 5 field");
    assert_int_equal(l.op, CARC_TEXT_SCORED);
    assert_int_equal(l.kind, CARC_TEXT_K_FIELD);
    assert_int_equal(ok("expect 1 0 road").kind, CARC_TEXT_K_ROAD);
    bad("score 0 4", "score P POINTS KIND");
    bad("scored 0 4", "scored P POINTS KIND");
    bad("score 0 4 castle", "bad kind 'castle'");
    bad("score 6 4 city", "bad player");
    bad("score -1 4 city", "bad player");
    bad("score 0 -4 city", "bad points");
    bad("expect 0", "expect P POINTS [KIND]");
    bad("expect 0 x", "bad points");
    bad("expect 0 1 city extra", "expect P POINTS [KIND]");
    l = ok("final 96 70");
    assert_int_equal(l.op, CARC_TEXT_FINAL);
    assert_int_equal(l.nfinal, 2);
    assert_int_equal(l.final[0], 96);
    assert_int_equal(l.final[1], 70);
    assert_int_equal(ok("final 19 3 7 3 9 0").nfinal, 6);
    bad("final 1", "one total per player");
    bad("final 1 2 3 4 5 6 7", "one total per player");
    bad("final 1 x", "bad total");
}

static void test_tatan_lines(void **unused)
{
    (void)unused;
    carc_text_line l = ok("tatan move 0 1 -> 2 0 1");
    assert_int_equal(l.op, CARC_TEXT_MOVE);
    assert_int_equal(l.x, 0);
    assert_int_equal(l.y, 1);
    assert_int_equal(l.x2, 2);
    assert_int_equal(l.y2, 0);
    assert_int_equal(l.r, 1);
    assert_int_equal(ok("tatan draw2").op, CARC_TEXT_DRAW2);
    assert_int_equal(ok("tatan keep").op, CARC_TEXT_KEEP);
    bad("tatan", "move, draw2 or keep");
    bad("tatan draw3", "move, draw2 or keep");
    bad("tatan keep now", "move, draw2 or keep");
    bad("tatan move 0 1 2 0 1", "tatan move X Y -> X2 Y2 R");
    bad("tatan move 0 1 => 2 0 1", "tatan move X Y -> X2 Y2 R");
    bad("tatan move 0 1 -> 2 0 5", "rotation");
    bad("tatan move 0 a -> 2 0 1", "bad square");
    l = ok("gap 1 0,1");
    assert_int_equal(l.op, CARC_TEXT_GAP);
    assert_int_equal(l.player, 1);
    assert_int_equal(l.nsq, 1);
    assert_int_equal(l.sq[0][0], 0);
    assert_int_equal(l.sq[0][1], 1);
    l = ok("gap 0 2,1;2,-2");
    assert_int_equal(l.nsq, 2);
    assert_int_equal(l.sq[1][0], 2);
    assert_int_equal(l.sq[1][1], -2);
    assert_int_equal(ok("gap 0 2,1; 2,2").nsq, 2);
    bad("gap 0", "gap P X,Y");
    bad("gap 0 1", "bad gap squares");
    bad("gap 0 1,", "bad gap squares");
    bad("gap 0 1,1;", "bad gap squares");
    bad("gap 0 1,1;;1,2", "bad gap squares");
    bad("gap 0 1,1;1,1", "bad gap squares"); /* a square twice */
    bad("gap 0 ;1,1", "bad gap squares");
    bad("gap x 1,1", "bad player");
    l = ok("pass 3");
    assert_int_equal(l.op, CARC_TEXT_PASS);
    assert_int_equal(l.player, 3);
    l = ok("turn 2");
    assert_int_equal(l.op, CARC_TEXT_TURN);
    assert_int_equal(l.player, 2);
    bad("pass", "pass P");
    bad("turn 1 2", "turn P");
    bad("turn 9", "bad player");
    l = ok("holds 1 2");
    assert_int_equal(l.op, CARC_TEXT_HOLDS);
    assert_int_equal(l.n, 2);
    l = ok("supply 0 4 1");
    assert_int_equal(l.op, CARC_TEXT_SUPPLY);
    assert_int_equal(l.n, 4);
    assert_int_equal(l.nl, 1);
    assert_int_equal(ok("supply 0 6").nl, -1);
    bad("holds 1", "holds P N");
    bad("holds 1 2 3", "holds P N");
    bad("supply 1", "supply P N [NL]");
    bad("supply 1 -2", "bad count");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blank_and_comments), cmocka_unit_test(test_game_line),
        cmocka_unit_test(test_tile_lines),         cmocka_unit_test(test_follower_lines),
        cmocka_unit_test(test_score_lines),        cmocka_unit_test(test_tatan_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
