// A process-wide allocation counter for glibc: this file defines malloc and its relatives, so the
// executable's definitions win over libc's (symbol interposition), and forwards every call to
// glibc's __libc_* entry points. Only calls that allocate are counted (free is not).
#include "MallocCounter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

// Under AddressSanitizer or ThreadSanitizer, which own malloc, nothing is interposed: the counter
// is off and says so.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MALLOC_COUNTER_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MALLOC_COUNTER_OFF 1
#endif
#endif

static unsigned long long counter = 0;
// Initial-exec TLS: reading it never calls into the dynamic loader (which could allocate).
static __thread unsigned long long threadCounter __attribute__((tls_model("initial-exec"))) = 0;

unsigned long long malloc_counter_count(void) { return __atomic_load_n(&counter, __ATOMIC_RELAXED); }
unsigned long long malloc_counter_thread_count(void) { return threadCounter; }

#ifdef MALLOC_COUNTER_OFF
int malloc_counter_active(void) { return 0; }
#else
int malloc_counter_active(void) { return 1; }

static inline void bump(void) {
    __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
    threadCounter++;
}

void *malloc(size_t n) { bump(); return __libc_malloc(n); }
void *calloc(size_t n, size_t s) { bump(); return __libc_calloc(n, s); }
void *realloc(void *p, size_t n) { bump(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t a, size_t n) { bump(); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { bump(); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
    bump();
    void *p = __libc_memalign(a, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
#endif
