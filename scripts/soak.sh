#!/usr/bin/env bash
# A soak run: AI seats play game after game (every game in turn, or pass --game <name>) in a real
# window for the given number of seconds, resident memory sampled; prints the samples and the growth
# of the last third over the first third after a warm-up. The README's figure comes from
#   scripts/soak.sh 3600
# Extra arguments go to the app (e.g. --game ice-fortress); memory is sampled every 30 s in a run of
# 600 s or more, else every 5 s.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:?usage: scripts/soak.sh <seconds> [app flags]}
shift
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
export BEVY_ASSET_ROOT="$(pwd)"
export RUST_LOG="${RUST_LOG:-warn}"
cargo build --bin hoarfrost
bin="${CARGO_TARGET_DIR:-$(pwd)/target}/debug/hoarfrost"
every=$(( seconds >= 600 ? 30 : 5 ))
if [ -n "${DISPLAY:-}" ]; then
  exec "$bin" --soak "$seconds" --sample-every "$every" "$@"
else
  exec xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --soak "$seconds" --sample-every "$every" "$@"
fi
