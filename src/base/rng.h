/*
 * rng.h - stateless counter-based random numbers (XSBench style).
 *
 * value = mix(seed, item index, stream): particle i's numbers do not depend on the order in
 * which particles are generated or on the thread count. The mixer is SplitMix64's finaliser.
 */
#ifndef GD_RNG_H
#define GD_RNG_H

#include <math.h>
#include <stdint.h>

static inline uint64_t rng_mix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/** 64 random bits for (seed, index, stream). */
static inline uint64_t rng_u64(uint64_t seed, uint64_t index, uint64_t stream) {
  return rng_mix(rng_mix(rng_mix(seed) ^ index) ^ (stream * 0xD1B54A32D192ED03ull));
}

/** Uniform in (0, 1), never 0 or 1. */
static inline double rng_uniform(uint64_t seed, uint64_t index, uint64_t stream) {
  return ((double)(rng_u64(seed, index, stream) >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}

/** Standard normal (Box-Muller on streams 2s and 2s+1). */
static inline double rng_normal(uint64_t seed, uint64_t index, uint64_t stream) {
  const double u1 = rng_uniform(seed, index, 2 * stream), u2 = rng_uniform(seed, index, 2 * stream + 1);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586476925 * u2);
}

#endif
