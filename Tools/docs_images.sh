#!/usr/bin/env bash
# Renders the screenshots in docs/images from a real replay of scenes/ with headless Chromium
# (Debian's `chromium`): Tools/docs_images.sh [SCENERUN]  (default: .build/debug/scenerun).
# replay-failure.png is of a case written to fail (Tests/ReplayTests' failingScene), not rendered here.
set -euo pipefail
cd "$(dirname "$0")/.."
scenerun="${1:-.build/debug/scenerun}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$scenerun" --quiet --replay "$out/replay" scenes/ > /dev/null
shot() {  # shot PAGE#FRAGMENT WIDTH HEIGHT PNG
    chromium --headless --disable-gpu --no-sandbox --no-first-run --hide-scrollbars --force-device-scale-factor=1 \
        --user-data-dir="$out/profile" --window-size="$2,$3" --virtual-time-budget=3000 \
        --screenshot="$4" "file://$out/replay/$1" 2> /dev/null
    echo "$4: $1 at $2×$3"
}
page() {  # the page of the case named exactly $1, from the index's links
    grep -oF "\">$1</a>" -B0 "$out/replay/index.html" > /dev/null
    python3 -c 'import re,sys; print(re.search(r"<a href=\"([^\"]+)\">" + re.escape(sys.argv[1]) + "</a>", open(sys.argv[2]).read()).group(1))' \
        "$1" "$out/replay/index.html"
}
shot "$(page 'Shade appears on a downward pan')#tick=6" 1000 700 docs/images/replay-shade.png
shot index.html 900 560 docs/images/sweep-map.png
shot "$(page 'Shade released at a velocity and a position [v=500, y=300]')#tick=${SWEEP_TICK:-24}" 1000 700 docs/images/sweep-case.png
