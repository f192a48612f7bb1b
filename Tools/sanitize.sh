#!/usr/bin/env bash
# The sanitizers over what they can see (issue 22 item 6), as .ci/run runs them:
# - AddressSanitizer: a debug build of scenerun runs every shipped scene (116 cases),
#   which drive the engine's raw-pointer code (pools, scratch buffers, the solvers) through every
#   behaviour, shape and joint. (swiftc has no UndefinedBehaviorSanitizer on Linux:
#   `-sanitize=undefined` is refused; Swift's own checks trap on overflow and bounds in debug.)
# - ThreadSanitizer: the same build with -sanitize=thread runs the scenes with --jobs 4 and
#   mutates a seed scene with --jobs 2, the two places that run work on several threads.
# The whole test suite also passes under `swift build --build-tests --sanitize=address` (the
# malloc counter steps aside, see Tests/MallocCounter); that takes longer than CI's budget allows.
set -euo pipefail
cd "$(dirname "$0")/.."
for s in address thread; do
    swift build --sanitize=$s --product scenerun --scratch-path .build-$s 2>&1 | tail -1
done
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 TSAN_OPTIONS=halt_on_error=1
.build-address/debug/scenerun scenes/ | tail -1
.build-thread/debug/scenerun --jobs 4 scenes/ | tail -1
.build-thread/debug/scenerun mutate --jobs 2 scenes/drag-off.yaml | tail -1
echo "sanitizers: no report"
