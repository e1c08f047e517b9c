#!/usr/bin/env bash
# Runs every test of the workspace. The screenshot tests need a display: this script installs Xvfb,
# Mesa's Vulkan driver (lavapipe) and the X utilities that read the window's icon (x11-utils) when
# they are missing and it can, then runs the tests under Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb xauth)
command -v xprop >/dev/null 2>&1 || need+=(x11-utils)
[ -e /usr/share/vulkan/icd.d/lvp_icd.x86_64.json ] || ls /usr/share/vulkan/icd.d/lvp_icd*.json >/dev/null 2>&1 || need+=(mesa-vulkan-drivers)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing ${need[*]} for the screenshot tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "the screenshot tests need: ${need[*]} (sudo apt-get install ${need[*]})" >&2
  fi
fi

export WGPU_BACKEND="${WGPU_BACKEND:-vulkan}"
if command -v xvfb-run >/dev/null 2>&1; then
  exec xvfb-run -a -s "-screen 0 1280x720x24" cargo test --workspace "$@"
else
  exec cargo test --workspace "$@"
fi
