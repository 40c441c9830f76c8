/* fuzz.h: what every fuzz harness shares: the libFuzzer entry point, failing loudly (abort, which
 * libFuzzer reports as a crash and the replay driver as a failed test) and reading the input as
 * a stream of choices. */
#ifndef TAFEL_FUZZ_H
#define TAFEL_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_FAIL(...)                                                                        \
    do {                                                                                      \
        fprintf(stderr, "fuzz: " __VA_ARGS__);                                                \
        fputc('\n', stderr);                                                                  \
        abort();                                                                              \
    } while (0)

/* An error message must be one non-empty line: what the user is promised for bad input. */
#define FUZZ_ONE_LINE(err)                                                                    \
    do {                                                                                      \
        const char *e_ = (err);                                                               \
        if (!*e_ || __builtin_strchr(e_, '\n'))                                               \
            FUZZ_FAIL("%s:%d: error is not one line: '%s'", __FILE__, __LINE__, e_);          \
    } while (0)

typedef struct fuzz_bytes {
    const uint8_t *p;
    size_t n;
} fuzz_bytes;

/* A choice in [0, n): one byte for up to 256 options, two beyond; 0 once the bytes run out. */
static inline uint32_t fuzz_below(fuzz_bytes *b, uint32_t n)
{
    uint32_t v = 0;
    int k = n > 256 ? 2 : 1;
    for (int i = 0; i < k && b->n; i++, b->p++, b->n--)
        v = v << 8 | *b->p;
    return n ? v % n : 0;
}

static inline uint64_t fuzz_u64(fuzz_bytes *b)
{
    uint64_t v = 0;
    for (int i = 0; i < 8 && b->n; i++, b->p++, b->n--)
        v = v << 8 | *b->p;
    return v;
}

/* The rest of the input as a NUL-terminated string (caller frees). */
static inline char *fuzz_str(const uint8_t *p, size_t n)
{
    char *s = malloc(n + 1);
    if (!s)
        abort();
    __builtin_memcpy(s, p, n);
    s[n] = 0;
    return s;
}

#endif
