/* test_token.c: seat tokens: their form and randomness, the pinned hash, and the check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/token.h"

static void test_make_form(void **unused)
{
    (void)unused;
    char t[TOKEN_HEX_LEN + 1], err[256];
    assert_int_equal(token_make(t, err, sizeof err), 0);
    assert_int_equal(strlen(t), 32);
    for (int i = 0; i < 32; i++)
        assert_non_null(strchr("0123456789abcdef", t[i]));
    assert_true(token_valid(t));
}

/* 2000 tokens are pairwise distinct and every hex digit shows up in every position about
 * equally often: a constant, a counter or a weak fill would fail. */
static void test_make_random(void **unused)
{
    (void)unused;
    enum { N = 2000 };
    char(*t)[TOKEN_HEX_LEN + 1] = malloc(N * sizeof *t), err[256];
    static int counts[TOKEN_HEX_LEN][16];
    assert_non_null(t);
    for (int i = 0; i < N; i++) {
        assert_int_equal(token_make(t[i], err, sizeof err), 0);
        for (int k = 0; k < TOKEN_HEX_LEN; k++)
            counts[k][strchr("0123456789abcdef", t[i][k]) - "0123456789abcdef"]++;
    }
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            assert_string_not_equal(t[i], t[j]);
    /* Expected 125 per cell, standard deviation about 11: 60..190 is beyond 5 sigma. */
    for (int k = 0; k < TOKEN_HEX_LEN; k++)
        for (int d = 0; d < 16; d++)
            assert_in_range(counts[k][d], 60, 190);
    free(t);
}

static void test_valid(void **unused)
{
    (void)unused;
    assert_true(token_valid("00112233445566778899aabbccddeeff"));
    assert_false(token_valid("00112233445566778899AABBCCDDEEFF"));  /* lowercase only */
    assert_false(token_valid("00112233445566778899aabbccddeef"));   /* 31 */
    assert_false(token_valid("00112233445566778899aabbccddeeff0")); /* 33 */
    assert_false(token_valid("00112233445566778899aabbccddeefg"));
    assert_false(token_valid(""));
    assert_false(token_valid(NULL));
}

/* BLAKE2b-256 of the token's text (checked against Python's hashlib.blake2b). Stored hashes
 * depend on it: changing the function would lock every existing seat out. */
static void test_hash_pinned(void **unused)
{
    (void)unused;
    uint8_t h[TOKEN_HASH_LEN];
    char hex[2 * TOKEN_HASH_LEN + 1];
    assert_int_equal(token_hash("00112233445566778899aabbccddeeff", h), 0);
    for (int i = 0; i < TOKEN_HASH_LEN; i++)
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    assert_string_equal(hex, "31479feac01e2225d391f05f32968fc0ea35dfab9c5db6e46a09abb6db6cfa50");
    assert_int_equal(token_hash("00112233445566778899AABBCCDDEEFF", h), -1);
}

static void test_check(void **unused)
{
    (void)unused;
    char t[TOKEN_HEX_LEN + 1], other[TOKEN_HEX_LEN + 1], err[256];
    uint8_t h[TOKEN_HASH_LEN];
    assert_int_equal(token_make(t, err, sizeof err), 0);
    assert_int_equal(token_hash(t, h), 0);
    assert_int_equal(token_check(t, h), 1);
    /* A token differing in any single character, first or last, is refused. */
    for (int i = 0; i < TOKEN_HEX_LEN; i++) {
        memcpy(other, t, sizeof other);
        other[i] = other[i] == '0' ? '1' : '0';
        assert_int_equal(token_check(other, h), 0);
    }
    /* So is a stored hash differing in its last byte only. */
    h[TOKEN_HASH_LEN - 1] ^= 1;
    assert_int_equal(token_check(t, h), 0);
    h[TOKEN_HASH_LEN - 1] ^= 1;
    /* And anything malformed, even a prefix of the right token. */
    memcpy(other, t, sizeof other);
    other[TOKEN_HEX_LEN - 1] = '\0';
    assert_int_equal(token_check(other, h), 0);
    assert_int_equal(token_check(NULL, h), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_make_form),  cmocka_unit_test(test_make_random),
        cmocka_unit_test(test_valid),      cmocka_unit_test(test_hash_pinned),
        cmocka_unit_test(test_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
