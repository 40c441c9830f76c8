/* rng.c: xoshiro256** seeded through splitmix64. */
#include "tafel/rng.h"

static uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void tafel_rng_seed(tafel_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = rng_splitmix(&x);
}

/* The external definitions of rng.h's inline functions. */
extern uint64_t tafel_rng_next(tafel_rng *rng);
extern uint32_t tafel_rng_below(tafel_rng *rng, uint32_t n);
extern double tafel_rng_double(tafel_rng *rng);
extern uint32_t tafel_rng_below_from(tafel_rng *rng, uint64_t x, uint32_t n);
extern double tafel_rng_double_from(uint64_t x);

uint64_t tafel_rng_mix(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ (b * 0x9e3779b97f4a7c15ULL);
    return rng_splitmix(&x);
}
