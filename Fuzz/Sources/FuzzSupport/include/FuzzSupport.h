#ifndef FUZZ_SUPPORT_H
#define FUZZ_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

/// Hands over to libFuzzer's driver with the program's arguments and the harness's callback.
int fuzz_run(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// Starts counting the heap from now: the bytes live now are the baseline.
void fuzz_heap_start(void);
/// The most bytes live at once since `fuzz_heap_start`, above the baseline.
size_t fuzz_heap_peak(void);

#endif
