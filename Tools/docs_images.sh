#!/usr/bin/env bash
# Renders the screenshots in docs/images from a real replay of scenes/ and a real `mutate --replay`
# of docs/examples/fling.yaml with headless Chromium (Debian's `chromium`):
# Tools/docs_images.sh [SCENERUN]  (default: .build/debug/scenerun).
# replay-failure.png is of a case written to fail (Tests/ReplayTests' failingScene), not rendered here.
set -euo pipefail
cd "$(dirname "$0")/.."
scenerun="${1:-.build/debug/scenerun}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$scenerun" --quiet --replay "$out/replay" scenes/ > /dev/null
"$scenerun" mutate --replay "$out/mutate" docs/examples/fling.yaml > /dev/null || true  # it has survivors
shot() {  # shot PAGE#FRAGMENT WIDTH HEIGHT PNG [FOLDER]  (FOLDER: replay, or mutate)
    chromium --headless --disable-gpu --no-sandbox --no-first-run --hide-scrollbars --force-device-scale-factor=1 \
        --user-data-dir="$out/profile" --window-size="$2,$3" --virtual-time-budget=3000 \
        --screenshot="$4" "file://$out/${5:-replay}/$1" 2> /dev/null
    echo "$4: ${5:-replay}/$1 at $2×$3"
}
page() {  # the page of the case named exactly $1, from the index's links
    grep -oF "\">$1</a>" -B0 "$out/replay/index.html" > /dev/null
    python3 -c 'import re,sys; print(re.search(r"<a href=\"([^\"]+)\">" + re.escape(sys.argv[1]) + "</a>", open(sys.argv[2]).read()).group(1))' \
        "$1" "$out/replay/index.html"
}
shot "$(page 'Shade appears on a downward pan')#tick=6" 1000 700 docs/images/replay-shade.png
shot index.html 900 560 docs/images/sweep-map.png
shot "$(page 'Shade released at a velocity and a position [v=500, y=300]')#tick=${SWEEP_TICK:-24}" 1000 700 docs/images/sweep-case.png
shot "$(page 'Paging scroll view with a projected target / paging')#tick=30" 1200 800 docs/images/replay-viewer.png
# The mutation report: its index, and the first unasserted mutant's page (its player: the mutant's
# run over the original's ghost, at the first difference), and that case's page alone.
shot index.html 1000 700 docs/images/mutate-index.png mutate
survivor="$(python3 -c 'import re,sys; print(re.search(r"class=\"m s-unasserted\" href=\"([^\"]+)\"", open(sys.argv[1]).read()).group(1))' \
    "$out/mutate/index.html")"
shot "$survivor" 1000 1100 docs/images/mutate-mutant.png mutate
player="$(python3 -c 'import re,sys; print(re.search(r"<iframe id=\"player\"[^>]* src=\"([^\"]+)\"", open(sys.argv[1]).read()).group(1))' \
    "$out/mutate/$survivor")"
shot "$player" 1200 800 docs/images/mutate-ghost.png mutate
