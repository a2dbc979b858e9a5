#pragma once
// The statistics' hot loops (counting ranks, the tied null distribution's additions) run about twice as
// fast with AVX2 as with the baseline SSE2 of x86-64: where the compiler can build both and pick one when
// the program starts, it does. AVX2 without FMA: the additions and products are the same IEEE operations
// in either build, so the results are the same doubles.

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define PERFMAIL_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define PERFMAIL_SIMD_CLONES
#endif
