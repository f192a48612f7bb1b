// The engine's one C helper: a hint to the processor to start loading memory that a loop will
// read a few iterations later. Swift has no prefetch of its own; the hint changes no result.
#ifndef SCENERUN_CACHE_HINTS_H
#define SCENERUN_CACHE_HINTS_H

/// Starts loading the cache line holding `address` for reading (a no-op where unsupported).
static inline void cache_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

#endif
