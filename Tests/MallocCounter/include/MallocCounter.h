#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
// (The engine's allocation test and Benchmarks/ share this file: Benchmarks/Sources/MallocCounter is a link to it.)
// Counts heap allocations of the whole process: malloc, calloc, realloc, memalign and friends are
// interposed (glibc) and forwarded to glibc's own implementations. Linked into both benchmark
// drivers, the Swift one and the C++ one, so both count the same way.
#ifdef __cplusplus
extern "C" {
#endif
/// Number of allocation calls since the process started.
unsigned long long malloc_counter_count(void);
/// Number of allocation calls made by the calling thread.
unsigned long long malloc_counter_thread_count(void);
/// 1 when allocations are counted; 0 under AddressSanitizer or ThreadSanitizer, which own malloc
/// (nothing is interposed).
int malloc_counter_active(void);
#ifdef __cplusplus
}
#endif
#endif
