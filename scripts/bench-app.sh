#!/usr/bin/env bash
# Measures the app against a bare Bevy scene in one run, on this machine: start-up, frame time and
# peak memory of the full Ice Fortress table (at the graphics quality `auto` picks here, and at `high`),
# the same table drawn ten times, and an all-AI game at the hard level (frame time while a bot thinks and while none does). Both scenes come from the same
# binary (same profile and features). Runs alternate, ROUNDS times (default 3), and the median of the
# rounds is reported (the lower middle one for an even count), so a busy machine weighs on both sides
# alike. Process CPU time a frame (all threads, the software renderer's included) is printed beside
# wall time: on a shared machine it moves much less with the load than wall time does.
#
#   scripts/bench-app.sh            # FRAMES=200 ROUNDS=3 COPIES=10 AI_FRAMES=300 by default
#   FRAMES=100 ROUNDS=1 PROFILE=release scripts/bench-app.sh
#
# Without a display it runs under xvfb-run (see scripts/test.sh for the packages).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

FRAMES=${FRAMES:-200}
ROUNDS=${ROUNDS:-3}
COPIES=${COPIES:-10}
AI_FRAMES=${AI_FRAMES:-300}
export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
export BEVY_ASSET_ROOT="$root"
export RUST_LOG="${RUST_LOG:-warn,bevy_render::renderer=info}"

PROFILE=${PROFILE:-dev}
cargo build --bin hoarfrost --profile "$PROFILE"
dir=$([ "$PROFILE" = dev ] && echo debug || echo "$PROFILE")
bin="${CARGO_TARGET_DIR:-$root/target}/$dir/hoarfrost"

run() {
  if [ -n "${DISPLAY:-}" ]; then
    "$bin" "$@"
  else
    xvfb-run -a -s "-screen 0 1280x720x24" "$bin" "$@"
  fi
}

out=$(mktemp -d)
scene="$root/scenes/positions/fortress-full.ron"
full=(--game ice-fortress --seats human --scene "$scene")
for round in $(seq "$ROUNDS"); do
  echo "round $round of $ROUNDS"
  run --bare --bench "$FRAMES" 2>>"$out/log" | tee -a "$out/bare.txt" | grep '^bench:' || true
  run "${full[@]}" --bench "$FRAMES" 2>>"$out/log" | tee -a "$out/full.txt" | grep '^bench:' || true
  run "${full[@]}" --bench "$FRAMES" --copies "$COPIES" 2>>"$out/log" | tee -a "$out/copies.txt" | grep '^bench:' || true
  run "${full[@]}" --bench "$FRAMES" --quality high 2>>"$out/log" | tee -a "$out/high.txt" | grep '^bench:' || true
done
echo "all-AI game at the hard level (bots at normal priority, then at the app's lower one)"
HOARFROST_AI_NICE=0 run --game icetowers --seats ai,ai --level hard --bench "$AI_FRAMES" 2>>"$out/log" | tee "$out/ai-nice0.txt" | grep '^bench:' || true
run --game icetowers --seats ai,ai --level hard --bench "$AI_FRAMES" 2>>"$out/log" | tee "$out/ai.txt" | grep '^bench:' || true

# The median over the rounds of figure $2 in file $1.
figure() {
  grep '^bench-result' "$1" | tr ' ' '\n' | grep "^$2=" | cut -d= -f2 | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print v[int((NR + 1) / 2)] }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 == 0) print "nan"; else printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" -v g="$2" 'BEGIN { if (r == "nan") print "no figure"; else if (r + 0 <= g + 0) print "met"; else print "missed" }'; }

echo
echo "== machine"
grep -m1 'model name' /proc/cpuinfo || true
echo "cores: $(nproc), memory: $(grep MemTotal /proc/meminfo | awk '{ printf "%.1f GiB", $2 / 1048576 }')"
grep -o 'AdapterInfo { name: "[^"]*"' "$out/log" | head -1 || true
grep -o 'driver_info: "[^"]*"' "$out/log" | head -1 || true
echo "WGPU_BACKEND=$WGPU_BACKEND DISPLAY=${DISPLAY:-none (xvfb-run)} profile=$PROFILE"
echo "load average before the summary: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "== medians of $ROUNDS rounds, $FRAMES frames each (ms, MiB)"
printf '%-10s %12s %12s %12s %12s %12s %10s\n' scene first-frame complete median p95 cpu/frame peak-MiB
for s in bare full copies high; do
  printf '%-10s %12s %12s %12s %12s %12s %10s\n' "$s" "$(figure "$out/$s.txt" first_frame_ms)" \
    "$(figure "$out/$s.txt" complete_ms)" "$(figure "$out/$s.txt" median_ms)" \
    "$(figure "$out/$s.txt" p95_ms)" "$(figure "$out/$s.txt" cpu_ms)" "$(figure "$out/$s.txt" peak_mib)"
done

echo
echo "== ratios (goal)"
# compare LABEL SCENE BASE FIGURE GOAL: the ratio of FIGURE in SCENE over BASE, against GOAL ("-" for none).
compare() {
  local r
  r=$(ratio "$(figure "$out/$2.txt" "$4")" "$(figure "$out/$3.txt" "$4")")
  if [ "$5" = - ]; then
    printf '%-44s %s (no goal)\n' "$1:" "$r"
  else
    printf '%-44s %s (<= %s) %s\n' "$1:" "$r" "$5" "$(verdict "$r" "$5")"
  fi
}
compare "start-up to first frame, full / bare" full bare first_frame_ms 1.3
compare "start-up to complete frame, full / bare" full bare complete_ms -
compare "median frame, full / bare" full bare median_ms 1.5
compare "95th percentile frame, full / bare" full bare p95_ms 1.5
compare "CPU time a frame, full / bare" full bare cpu_ms 1.5
echo "graphics quality auto picked: $(grep -o 'quality=[a-z]*' "$out/full.txt" | head -1)"
compare "median frame, full at quality high / bare" high bare median_ms 1.5
compare "CPU time a frame, full at high / bare" high bare cpu_ms 1.5
compare "peak resident memory, full / bare" full bare peak_mib 1.5
compare "median frame, x$COPIES table / x1 table" copies full median_ms 2.0
compare "CPU time a frame, x$COPIES table / x1 table" copies full cpu_ms 2.0
echo
echo "== frame time during AI turns (IceTowers, two hard seats, $AI_FRAMES frames)"
echo "while a bot thinks: $(figure "$out/ai.txt" think_frames) frames, median $(figure "$out/ai.txt" think_median_ms) ms, p95 $(figure "$out/ai.txt" think_p95_ms) ms"
echo "while none thinks:  $(figure "$out/ai.txt" idle_frames) frames, median $(figure "$out/ai.txt" idle_median_ms) ms, p95 $(figure "$out/ai.txt" idle_p95_ms) ms"
r=$(ratio "$(figure "$out/ai.txt" think_median_ms)" "$(figure "$out/ai.txt" idle_median_ms)")
echo "median thinking / not thinking: $r"
r0=$(ratio "$(figure "$out/ai-nice0.txt" think_median_ms)" "$(figure "$out/ai-nice0.txt" idle_median_ms)")
echo "the same with the bots at normal priority (HOARFROST_AI_NICE=0): $(figure "$out/ai-nice0.txt" think_median_ms) / $(figure "$out/ai-nice0.txt" idle_median_ms) ms, $r0"
echo "(raw output in $out)"
