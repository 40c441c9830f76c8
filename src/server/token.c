/* token.c: seat tokens: make (getrandom), hash (libsodium BLAKE2b-256), constant-time check. */
#include "server/token.h"

#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

int token_make(char out[TOKEN_HEX_LEN + 1], char *err, size_t errlen)
{
    static const char hex[] = "0123456789abcdef";
    uint8_t raw[TOKEN_BYTES];
    size_t got = 0;
    while (got < sizeof raw) {
        /* Flags 0: block until the kernel's pool is seeded (only ever at early boot), never
         * fall back to weaker randomness. Short reads and EINTR are possible, so loop. */
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            snprintf(err, errlen, "token: getrandom: %s", strerror(errno));
            return -1;
        }
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof raw; i++) {
        out[2 * i] = hex[raw[i] >> 4];
        out[2 * i + 1] = hex[raw[i] & 15];
    }
    out[TOKEN_HEX_LEN] = '\0';
    sodium_memzero(raw, sizeof raw);
    return 0;
}

int token_valid(const char *text)
{
    if (!text)
        return 0;
    for (int i = 0; i < TOKEN_HEX_LEN; i++) {
        char c = text[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')))
            return 0; /* also stops at a NUL of a short text */
    }
    return text[TOKEN_HEX_LEN] == '\0';
}

int token_hash(const char *token, uint8_t out[TOKEN_HASH_LEN])
{
    /* sodium_init is idempotent and thread-safe; it picks the fastest BLAKE2b code for this
     * CPU. Calling it here keeps the library free of an init call every user must remember. */
    if (!token_valid(token) || sodium_init() < 0)
        return -1;
    return crypto_generichash(out, TOKEN_HASH_LEN, (const unsigned char *)token, TOKEN_HEX_LEN,
                              NULL, 0) == 0 ? 0 : -1;
}

int token_check(const char *token, const uint8_t stored[TOKEN_HASH_LEN])
{
    uint8_t h[TOKEN_HASH_LEN];
    /* Whether the text is well formed is no secret; only the comparison with the stored hash
     * must not reveal how many leading bytes matched. */
    if (token_hash(token, h) != 0)
        return 0;
    return sodium_memcmp(h, stored, TOKEN_HASH_LEN) == 0;
}
