#!/usr/bin/env bash
# Builds the Linux release archive: dist/hoarfrost-<version>-linux-<arch>.tar.gz, holding the game's
# one binary (its files built in), README.md, LICENSE, a .desktop launcher entry, the icon the asset
# tool makes (assets/icon.png, also the window's icon) and install.sh, which puts them in place.
#
#   scripts/package.sh                 release build (25-35 minutes on 2 cores from nothing), then pack
#   HOARFROST_BINARY=path scripts/package.sh   pack that binary instead of building (the tests do)
#   DIST=folder scripts/package.sh     write the archive there instead of dist/
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/hoarfrost-target}"

binary="${HOARFROST_BINARY:-}"
if [ -z "$binary" ]; then
  # Symbols stripped: the archive carries the game, not its debugging tables.
  CARGO_PROFILE_RELEASE_STRIP=symbols cargo build --release --locked -p hoarfrost --bin hoarfrost
  binary="$CARGO_TARGET_DIR/release/hoarfrost"
fi
[ -x "$binary" ] || { echo "package: no binary at $binary" >&2; exit 1; }

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
name="hoarfrost-$version-linux-$(uname -m)"
dist="${DIST:-dist}"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage/$name" "$dist"
install -m 755 "$binary" "$stage/$name/hoarfrost"
install -m 644 README.md LICENSE packaging/hoarfrost.desktop "$stage/$name/"
install -m 644 assets/icon.png "$stage/$name/hoarfrost.png"
install -m 755 packaging/install.sh "$stage/$name/install.sh"
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$stage/$name/hoarfrost.desktop"
fi

archive="$dist/$name.tar.gz"
tar -C "$stage" --owner=0 --group=0 --sort=name -czf "$archive" "$name"
echo "wrote $archive ($(du -h "$archive" | cut -f1); the binary $(du -h "$stage/$name/hoarfrost" | cut -f1))"
