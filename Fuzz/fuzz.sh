#!/usr/bin/env bash
# Coverage-guided fuzzing of scenerun with libFuzzer, under AddressSanitizer. Three targets:
#
#   scene   the loader, the expression parser and a short run of every input that loads
#           (Sources/SceneFuzz/Harness.swift)
#   record  record mode's edit of a scene's text: the plan and the checked rewrite that
#           `scenerun --update` makes before writing (Sources/RecordFuzz)
#   merge   `scenerun merge` over one to three reports of arbitrary bytes, rendered to every
#           format, with a bound on the heap (Sources/MergeFuzz)
#   paths   where run, mutate and merge write: a random tree of folders, files and links in the
#           named folder, one report path made of its names; nothing is written outside it or
#           through a link, and the exit code is docs/cli.md's (Sources/PathFuzz)
#
#   Fuzz/fuzz.sh [TARGET] [SECONDS] [extra libFuzzer flags]     default: scene, 60 s
#   Fuzz/fuzz.sh build            the four harnesses in one build; then FUZZ_SKIP_BUILD=1 runs one
#                                 without building (several can run at once: .ci/run does)
#
# Seeds (rebuilt each time in .seeds/TARGET): for scene, every scene under scenes/, the seed
# corpus of the mutation fuzzer and the committed findings; for record, the same scenes and
# Fuzz/seeds/record, each with a few control suffixes (see the harness); for merge, the JSON
# reports of real runs (plain, failing, invalid, swept, --timings, both shards of --shard 1/2 as
# one input, a mutate --json) and Fuzz/seeds/merge. The growing corpus lives in .corpus/TARGET
# (not committed); crashes, hangs and memory blow-ups go to .artifacts/TARGET-*. It runs at
# `nice -n 19` on one worker so that other work keeps a core. Exits non-zero if libFuzzer found
# anything.
set -euo pipefail
cd "$(dirname "$0")"
target=scene
case "${1:-}" in scene|record|merge|paths|build) target="$1"; shift ;; esac
seconds="${1:-60}"; shift || true
# Yams comes from the main package's checkout.
[ -d ../.build/checkouts/Yams ] || (cd .. && swift package resolve)
fuzz_build() {
    swift build -c release "$@" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 \
        | grep -E "error|Compiling (SceneFuzz|RecordFuzz|MergeFuzz|PathFuzz)|Build complete" || true
}
# `fuzz.sh build` builds the four harnesses in one build (scenerun's sources once), so that they
# can then run side by side with FUZZ_SKIP_BUILD=1 (as .ci/run does).
if [ "$target" = build ]; then fuzz_build; exit 0; fi
product=$(case "$target" in scene) echo SceneFuzz ;; record) echo RecordFuzz ;; merge) echo MergeFuzz ;;
    paths) echo PathFuzz ;; esac)
[ "${FUZZ_SKIP_BUILD:-0}" = 1 ] || fuzz_build --product "$product"
bin=.build/release/$product
[ -x "$bin" ] || { echo "fuzz: the $target harness did not build"; exit 1; }
seeds=.seeds/$target
rm -rf "$seeds"
mkdir -p ".corpus/$target" "$seeds" .artifacts
# A seed is named after its path with "../" dropped and "/" as "_" (no hidden names).
seed() { local name="${1//..\//}"; cat > "$seeds/${name//\//_}"; }
scenes() { ls ../scenes/*.yaml ../scenes/*/*.yaml 2> /dev/null; }
case "$target" in
scene)
    for f in $(scenes) ../Tests/SceneLoaderTests/FuzzCorpus/*.yaml findings/*.yaml; do
        [ -f "$f" ] || continue
        seed "$f" < "$f"
    done
    flags=(-max_len=8192 -rss_limit_mb=4096 -dict=scene.dict) ;;
record)
    # SCENE NUL CONTROL: the control's bytes are the text's variation (line breaks, BOM, tabs,
    # marks), then how many values and which, what was observed (RecordFuzz/Harness.swift).
    k=0
    for f in $(scenes) seeds/record/*.yaml findings/record/*; do
        [ -f "$f" ] || continue
        for variation in 0 1 2 3 5 8 16 32 64 128 255; do
            k=$((k + 1))
            control=$(printf '\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x\\x%02x' "$variation" $((k % 7)) \
                $((k * 37 % 256)) $((k % 8)) $((k * 11 % 256)) $((k * 5 % 256)) $((k * 53 % 256)) $((k % 6)))
            { cat "$f"; printf '\0'; printf "$control"; } | seed "$f-$variation"
        done
    done
    flags=(-max_len=20480 -rss_limit_mb=4096 -dict=scene.dict) ;;
merge)
    # Real reports, from the release build when there is one (CI builds it first).
    scenerun=../.build/release/scenerun
    [ -x "$scenerun" ] || { (cd .. && swift build --product scenerun 2>&1 | tail -1); scenerun=../.build/debug/scenerun; }
    out=$(mktemp -d)
    "$scenerun" --quiet --json "$out/plain.json" ../scenes/gallery/snap.yaml ../scenes/sheet.yaml > /dev/null || true
    "$scenerun" --quiet --json "$out/swept.json" ../scenes/shade-sweep.yaml > /dev/null || true
    "$scenerun" --quiet --json "$out/failing.json" --timings ../Tests/ReportsTests/Failing/fails.yaml > /dev/null || true
    "$scenerun" --quiet --json "$out/invalid.json" ../scenes/invalid/nan.yaml ../scenes/gallery/push.yaml > /dev/null || true
    "$scenerun" --quiet --json "$out/shard1.json" --shard 1/2 ../scenes/gallery > /dev/null || true
    "$scenerun" --quiet --json "$out/shard2.json" --shard 2/2 ../scenes/gallery > /dev/null || true
    "$scenerun" mutate --jobs 1 --max-mutants 3 --json "$out/mutate.json" ../scenes/gallery/snap.yaml > /dev/null || true
    for f in "$out"/*.json; do seed "report-$(basename "$f")" < "$f"; done
    for f in seeds/merge/* findings/merge/*; do
        [ -f "$f" ] || continue
        seed "$f" < "$f"
    done
    { cat "$out/shard1.json"; printf '\0'; cat "$out/shard2.json"; } | seed shards.json
    rm -rf "$out"
    # The harness bounds the heap itself (64 × the input + 16 MB); these are libFuzzer's backstops.
    flags=(-max_len=65536 -rss_limit_mb=2048 -malloc_limit_mb=256 -dict=merge.dict) ;;
paths)
    # Byte programs (PathFuzz/Harness.swift): command, absolute?, the output path, the tree.
    for f in seeds/paths/* findings/paths/*; do
        [ -f "$f" ] || continue
        seed "$f" < "$f"
    done
    flags=(-max_len=64 -rss_limit_mb=2048) ;;
esac
n=$(ls "$seeds" | wc -l)
echo "fuzz: $target, $n seeds, ${seconds} s"
# The merge harness writes its reports under TMPDIR: a folder of its own, removed afterwards.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# AddressSanitizer is on (-sanitize=fuzzer,address); its leak check is off: what it reports at
# exit are the loader's one-time tables (static lets), allocated once and kept, not leaks. Swift's
# own backtracer is off: AddressSanitizer and libFuzzer report a crash (and the backtracer's memory
# reads trip AddressSanitizer).
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" SWIFT_BACKTRACE=enable=no TMPDIR="$work" nice -n 19 "$bin" -max_total_time="$seconds" -timeout=20 \
    -detect_leaks=0 -print_final_stats=1 -artifact_prefix=".artifacts/$target-" "${flags[@]}" "$@" \
    ".corpus/$target" "$seeds"
