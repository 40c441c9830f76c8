#!/bin/sh
# install_example.sh BUILD_DIR EXAMPLE.c CC [CFLAGS]: `cmake --install` into a temporary
# prefix, compile the example with only `pkg-config --cflags --libs tafel`, run it, and check
# what it prints. Fails on any missing piece: library, soname link, header, tafel.pc.
set -eu
build=$1 example=$2 cc=$3 cflags=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
pc=$(find "$tmp/prefix" -name tafel.pc)
[ -n "$pc" ] || { echo "no tafel.pc installed"; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")"
flags=$(pkg-config --cflags --libs tafel)
echo "pkg-config: $flags"
# shellcheck disable=SC2086
"$cc" -std=c17 -Wall -Wextra -Werror $cflags "$example" $flags -o "$tmp/hello"
LD_LIBRARY_PATH="$(pkg-config --variable=libdir tafel)" "$tmp/hello" targi > "$tmp/out"
cat "$tmp/out"
grep -q "^tafel $(pkg-config --modversion tafel): targi over after [0-9]* actions, scores" \
    "$tmp/out"
# The program must have loaded the installed copy, not one from the build directory.
LD_LIBRARY_PATH="$(pkg-config --variable=libdir tafel)" ldd "$tmp/hello" | grep -q "$tmp/prefix"
