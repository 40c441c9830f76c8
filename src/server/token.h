/* token.h: seat tokens: 128-bit random secrets shown as 32 lowercase hex characters, stored only
 * as their BLAKE2b-256 hash and checked in constant time.
 *
 * A token is a bearer secret (whoever presents it plays that seat), so the database never holds
 * it: a leaked database or backup must not let anyone take over a seat. The hash needs no salt
 * or stretching because the token has 128 bits of entropy; there is nothing to guess.
 */
#ifndef TAFEL_SERVER_TOKEN_H
#define TAFEL_SERVER_TOKEN_H

#include <stddef.h>
#include <stdint.h>

#define TOKEN_BYTES 16                  /* random bytes in a token */
#define TOKEN_HEX_LEN (2 * TOKEN_BYTES) /* characters of its text, without the NUL */
#define TOKEN_HASH_LEN 32               /* bytes of a stored hash */

/* A new token from getrandom(2) as TOKEN_HEX_LEN lowercase hex characters and a NUL.
 * Returns 0, or -1 with a one-line message when the kernel gives no randomness. */
int token_make(char out[TOKEN_HEX_LEN + 1], char *err, size_t errlen);

/* 1 if text is a well-formed token (exactly TOKEN_HEX_LEN lowercase hex characters), else 0. */
int token_valid(const char *text);

/* The hash to store for a token. Returns 0, or -1 if the token is not well formed (or the
 * crypto library cannot start). */
int token_hash(const char *token, uint8_t out[TOKEN_HASH_LEN]);

/* 1 if a presented token matches a stored hash, else 0 (also for a malformed token). The
 * comparison takes the same time wherever the hashes differ. */
int token_check(const char *token, const uint8_t stored[TOKEN_HASH_LEN]);

#endif
