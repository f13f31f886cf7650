#!/usr/bin/env bash
# Runs the real window under Xvfb: start the app on a puzzle file, find its
# window, take a screenshot, and fail on a panic or a Fyne error or thread
# warning in its log. Usage: window-test.sh ./sudoku
set -euo pipefail
bin=$(realpath "${1:-./sudoku}")
root=$(cd "$(dirname "$0")/.." && pwd)
out=${WINDOW_TEST_OUT:-$root/.window-test}
rm -rf "$out"; mkdir -p "$out/home"
export HOME="$out/home" XDG_CONFIG_HOME="$out/home/.config" LANG=en_US.UTF-8 LC_ALL= LANGUAGE=
. "$root/.ci/xvfb.sh"
start_xvfb 1280x800x24

fail() { echo "window-test: $*"; exit 1; }

"$bin" "$root/testdata/seeds.txt" >"$out/app.log" 2>&1 &
pid=$!
win=$(timeout 30 xdotool search --sync --onlyvisible --name '^Sudoku' | head -1) || true
[ -n "$win" ] || fail "no Sudoku window appeared; log:
$(cat "$out/app.log")"
sleep 1
import -window root "$out/start.png"
echo "window-test: window $win is \"$(xdotool getwindowname "$win")\""
kill "$pid"; wait "$pid" 2>/dev/null || true

if grep -nE 'panic|Fyne error|Error in Fyne call thread|fyne.Do' "$out/app.log"; then
	fail "the log above has errors"
fi
echo "window-test: ok, screenshot in $out/start.png"
