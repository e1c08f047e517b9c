#!/usr/bin/env bash
# Start-up of the one binary with its files built in, beside the same binary reading `assets/` from
# the checkout (as `cargo run` does): the binary is copied into an empty folder and both start the
# full Ice Fortress table, alternating, ROUNDS times (default 5); the medians of the time to the first
# frame presented and to the complete frame (loaded, shaders compiled) are compared. The goal: built-in
# files slow the first frame by no more than 10%.
#
#   scripts/bench-startup.sh                # ROUNDS=5 FRAMES=30, the dev profile
#   ROUNDS=9 PROFILE=release scripts/bench-startup.sh
#
# Without a display it runs under xvfb-run (see scripts/test.sh for the packages).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

ROUNDS=${ROUNDS:-5}
FRAMES=${FRAMES:-30}
PROFILE=${PROFILE:-dev}
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
export RUST_LOG="${RUST_LOG:-warn}"

cargo build --bin hoarfrost --profile "$PROFILE"
dir=$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")
built="${CARGO_TARGET_DIR:-$root/target}/$dir/hoarfrost"
out=$(mktemp -d)
mkdir -p "$out/alone" "$out/home"
cp "$built" "$out/alone/hoarfrost"

run() {
  local bin=$1; shift
  if [ -n "${DISPLAY:-}" ]; then
    "$bin" "$@"
  else
    xvfb-run -a -s "-screen 0 1280x720x24" "$bin" "$@"
  fi
}

args=(--game ice-fortress --seats human --scene "$root/scenes/positions/fortress-full.ron" --bench "$FRAMES")
export HOARFROST_DATA_DIR="$out/home/data" HOARFROST_CONFIG_DIR="$out/home/config"
for round in $(seq "$ROUNDS"); do
  echo "round $round of $ROUNDS"
  BEVY_ASSET_ROOT="$root" run "$built" "${args[@]}" 2>>"$out/log" | tee -a "$out/checkout.txt" | grep -E '^hoarfrost: files|^bench-result' | cut -c1-80
  (cd "$out/alone" && unset BEVY_ASSET_ROOT CARGO_MANIFEST_DIR && run ./hoarfrost "${args[@]}") \
    2>>"$out/log" | tee -a "$out/alone.txt" | grep -E '^hoarfrost: files|^bench-result' | cut -c1-80
done

# The median over the rounds of figure $2 in file $1.
figure() {
  grep '^bench-result' "$1" | tr ' ' '\n' | grep "^$2=" | cut -d= -f2 | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print v[int((NR + 1) / 2)] }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "nan"; else printf "%.2f", a / b }'; }

echo
echo "== medians of $ROUNDS rounds (ms), profile $PROFILE"
printf '%-28s %12s %12s\n' run first-frame complete
for s in checkout alone; do
  printf '%-28s %12s %12s\n' "$s" "$(figure "$out/$s.txt" first_frame_ms)" "$(figure "$out/$s.txt" complete_ms)"
done
echo "first frame, built in / checkout: $(ratio "$(figure "$out/alone.txt" first_frame_ms)" "$(figure "$out/checkout.txt" first_frame_ms)") (goal <= 1.10)"
echo "complete frame, built in / checkout: $(ratio "$(figure "$out/alone.txt" complete_ms)" "$(figure "$out/checkout.txt" complete_ms)")"
echo "(raw output in $out)"
