/* test_utf8.c: tafel_utf8_repair keeps valid UTF-8 as it is and replaces, byte by byte, what
 * jansson would refuse: a character cut off at the end, stray continuation bytes, overlong
 * forms, surrogates, code points above U+10FFFF. */
#include "check.h"

#include <jansson.h>
#include <string.h>

#include "tafel/game.h"

static void expect(const char *in, const char *out, int fixed)
{
    char buf[64];
    strcpy(buf, in);
    assert_int_equal(tafel_utf8_repair(buf), fixed);
    assert_string_equal(buf, out);
    json_t *j = json_string(buf); /* what the server does with it next */
    assert_non_null(j);
    json_decref(j);
}

static void test_valid_kept(void **st)
{
    (void)st;
    expect("", "", 0);
    expect("plain ascii ~", "plain ascii ~", 0);
    const char *latin = "Stra\xc3\x9f" "e \xe2\x82\xac \xf0\x9f\x8e\xb2"; /* sharp s, Euro, a die */
    expect(latin, latin, 0);
    /* just below and above the surrogates, and the highest code point */
    const char *edges = "\xed\x9f\xbf \xee\x80\x80 \xf4\x8f\xbf\xbf";
    expect(edges, edges, 0);
}

static void test_invalid_replaced(void **st)
{
    (void)st;
    expect("cut \xe2\x82", "cut ??", 2);       /* a Euro sign cut after two bytes */
    expect("cut \xc3", "cut ?", 1);
    expect("\x80x\xbf", "?x?", 2);             /* continuation bytes alone */
    expect("\xc0\x80 \xc1\xbf", "?? ??", 4);   /* overlong two-byte forms */
    expect("\xe0\x9f\xbf", "???", 3);          /* overlong three-byte form */
    expect("\xf0\x8f\xbf\xbf", "????", 4);     /* overlong four-byte form */
    expect("\xed\xa0\x80", "???", 3);          /* a surrogate */
    expect("\xf4\x90\x80\x80", "????", 4);     /* above U+10FFFF */
    expect("\xf5\xff", "??", 2);
    expect("\xc3\xa9\xc3", "\xc3\xa9?", 1);    /* the whole character stays, the half goes */
    assert_null(json_string("cut \xe2\x82")); /* why: jansson refuses the unrepaired text */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_kept),
        cmocka_unit_test(test_invalid_replaced),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
