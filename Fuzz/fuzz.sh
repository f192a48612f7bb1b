#!/usr/bin/env bash
# Coverage-guided fuzzing of scenerun with libFuzzer: the loader, the expression parser and a
# short run of every input that loads (Sources/SceneFuzz/Harness.swift), under AddressSanitizer.
#
#   Fuzz/fuzz.sh [SECONDS] [extra libFuzzer flags]     default 60 s
#
# Seeds: every scene under scenes/, the seed corpus of the mutation fuzzer and the committed
# findings (Fuzz/findings). The growing corpus lives in Fuzz/.corpus (not committed); crashes,
# hangs and memory blow-ups are written to Fuzz/.artifacts/. It runs at `nice -n 19` on one
# worker so that other work keeps a core. Exits non-zero if libFuzzer found anything.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"; shift || true
# Yams comes from the main package's checkout.
[ -d ../.build/checkouts/Yams ] || (cd .. && swift package resolve)
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | grep -E "error|Compiling SceneFuzz|Build complete" || true
bin=.build/release/SceneFuzz
[ -x "$bin" ] || { echo "fuzz: the harness did not build"; exit 1; }
mkdir -p .corpus .seeds .artifacts
rm -f .seeds/*
n=0
for f in ../scenes/*.yaml ../scenes/*/*.yaml ../Tests/SceneLoaderTests/FuzzCorpus/*.yaml findings/*.yaml; do
    [ -f "$f" ] || continue
    cp "$f" ".seeds/$(printf %04d $n)-$(basename "$f")"; n=$((n + 1))
done
echo "fuzz: $n seeds, ${seconds} s"
# AddressSanitizer is on (-sanitize=fuzzer,address); its leak check is off: what it reports at
# exit are the loader's one-time tables (static lets), allocated once and kept, not leaks.
ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}" exec nice -n 19 "$bin" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=8192 -detect_leaks=0 \
    -dict=scene.dict -print_final_stats=1 -artifact_prefix=.artifacts/ "$@" .corpus .seeds
