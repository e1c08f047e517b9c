#!/usr/bin/env bash
# Installs Hoarfrost for this user from the unpacked archive: the binary into ~/.local/bin, its
# launcher entry and icon where desktops look for them. PREFIX=/usr/local (as root) installs it for
# everyone; `install.sh --remove` takes the three files away again.
set -euo pipefail
cd "$(dirname "$0")"
prefix="${PREFIX:-$HOME/.local}"
files=(
  "hoarfrost:$prefix/bin/hoarfrost"
  "hoarfrost.desktop:$prefix/share/applications/hoarfrost.desktop"
  "hoarfrost.png:$prefix/share/icons/hicolor/256x256/apps/hoarfrost.png"
)
for pair in "${files[@]}"; do
  from="${pair%%:*}" to="${pair#*:}"
  if [ "${1:-}" = "--remove" ]; then
    rm -f "$to" && echo "removed $to"
  else
    install -D -m "$([ "$from" = hoarfrost ] && echo 755 || echo 644)" "$from" "$to"
    echo "installed $to"
  fi
done
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) [ "${1:-}" = "--remove" ] || echo "note: $prefix/bin is not on PATH; add it to start hoarfrost by name" ;;
esac
