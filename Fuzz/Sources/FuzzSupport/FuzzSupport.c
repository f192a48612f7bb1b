// What the Swift harnesses need from libFuzzer and AddressSanitizer, in C: calling libFuzzer's
// driver, and a heap meter (AddressSanitizer's malloc and free hooks) for harnesses whose oracle
// bounds memory. The hooks run inside malloc: they only add and compare integers.
#include "FuzzSupport.h"
#include <sanitizer/allocator_interface.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int fuzz_run(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(argc, argv, callback);
}

static long long live, peak;
static int installed;

static void on_malloc(const volatile void *p, size_t size) {
    (void)p;
    live += (long long)size;
    if (live > peak) peak = live;
}

static void on_free(const volatile void *p) {
    if (p) live -= (long long)__sanitizer_get_allocated_size(p);
}

void fuzz_heap_start(void) {
    if (!installed) {
        __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
        installed = 1;
    }
    live = 0;
    peak = 0;
}

size_t fuzz_heap_peak(void) { return peak > 0 ? (size_t)peak : 0; }
