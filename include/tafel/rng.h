/* rng.h: explicit, seedable random numbers (xoshiro256**); no global state. */
#ifndef TAFEL_RNG_H
#define TAFEL_RNG_H

#include <stdint.h>

typedef struct tafel_rng {
    uint64_t s[4];
} tafel_rng;

void tafel_rng_seed(tafel_rng *rng, uint64_t seed);
uint64_t tafel_rng_next(tafel_rng *rng);
/* Uniform integer in [0, n); n must be > 0. Unbiased (rejection sampling). */
uint32_t tafel_rng_below(tafel_rng *rng, uint32_t n);
/* Uniform double in [0, 1). */
double tafel_rng_double(tafel_rng *rng);
/* Derive an independent stream (for per-thread or per-game seeds). */
uint64_t tafel_rng_mix(uint64_t a, uint64_t b);

#endif
