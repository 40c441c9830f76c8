/* rng.h: explicit, seedable random numbers (xoshiro256**); no global state.
 *
 * next, below and double are C99 inline definitions here, so that playout loops and bots
 * inline them (a call per random number was a tenth of a random Targi game); rng.c emits the
 * one external definition of each, which the shared library exports. */
#ifndef TAFEL_RNG_H
#define TAFEL_RNG_H

#include <stdint.h>

typedef struct tafel_rng {
    uint64_t s[4];
} tafel_rng;

void tafel_rng_seed(tafel_rng *rng, uint64_t seed);

inline uint64_t tafel_rng_next(tafel_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t x = s[1] * 5;
    uint64_t result = ((x << 7) | (x >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* tafel_rng_below whose first draw, x = tafel_rng_next(rng), was taken already (so that a loop
 * can draw before it knows n); further draws, if any, come from rng. */
inline uint32_t tafel_rng_below_from(tafel_rng *rng, uint64_t x, uint32_t n)
{
    /* Lemire's multiply-shift with rejection of the biased low range. */
    uint64_t m = (uint64_t)(uint32_t)(x >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            m = (uint64_t)(uint32_t)(tafel_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform integer in [0, n); n must be > 0. Unbiased (rejection sampling). */
inline uint32_t tafel_rng_below(tafel_rng *rng, uint32_t n)
{
    return tafel_rng_below_from(rng, tafel_rng_next(rng), n);
}

/* tafel_rng_double from its draw x = tafel_rng_next(rng). */
inline double tafel_rng_double_from(uint64_t x)
{
    return (double)(x >> 11) * 0x1.0p-53;
}

/* Uniform double in [0, 1). */
inline double tafel_rng_double(tafel_rng *rng)
{
    return tafel_rng_double_from(tafel_rng_next(rng));
}

/* Derive an independent stream (for per-thread or per-game seeds). */
uint64_t tafel_rng_mix(uint64_t a, uint64_t b);

#endif
