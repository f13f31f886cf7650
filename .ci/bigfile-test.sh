#!/usr/bin/env bash
# Big files in the real window (issue 11): opens the 49,158-puzzle file and
# a million-puzzle file made on the fly (the 17-clue file's digits
# relabelled, in a temporary folder), screenshots ten times a second for
# BIGFILE_SECONDS (30) each while levels are worked out and a digit is
# typed, then restarts and does the same. Fails if the screen stays
# unchanged for more than 1.5 s (the clock ticks every second) or the app
# holds more than 500 MB. Skips without ../shared. Usage: bigfile-test.sh ./sudoku
set -euo pipefail
bin=$(realpath "${1:-./sudoku}")
root=$(cd "$(dirname "$0")/.." && pwd)
seventeen="$root/../shared/data/puzzles/puzzles2_17_clue.txt"
if [ ! -f "$seventeen" ]; then
	[ -n "${CI:-}" ] && { echo "bigfile-test: $seventeen missing in CI"; exit 1; }
	echo "bigfile-test: no shared datasets, skipped"; exit 0
fi
secs=${BIGFILE_SECONDS:-30}
out=${BIGFILE_TEST_OUT:-$root/.bigfile-test}
rm -rf "$out"; mkdir -p "$out/home"
tmp=$(mktemp -d)
export HOME="$out/home" XDG_CONFIG_HOME="$out/home/.config" LANG=en_US.UTF-8 LC_ALL= LANGUAGE= FYNE_THEME=light
. "$root/.ci/xvfb.sh"
start_xvfb 1280x800x24
trap 'rm -rf "$tmp"; [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; kill $XVFB_PID 2>/dev/null; true' EXIT

python3 - "$seventeen" "$tmp/million.txt" <<'PY'
import random, sys
src = [l.strip()[:81] for l in open(sys.argv[1]) if len(l.strip()) >= 81]
rng = random.Random(1)
with open(sys.argv[2], "w") as out:
    n = 0
    while n < 1_000_000:
        p = list("123456789"); rng.shuffle(p)
        tr = str.maketrans("123456789", "".join(p))
        for l in src[: 1_000_000 - n]:
            out.write(l.translate(tr) + "\n")
        n += min(len(src), 1_000_000 - n)
PY

fail() { echo "bigfile-test: $*"; exit 1; }

# watch NAME: screenshots ten times a second for $secs seconds, typing a
# digit on the board now and then; fails on a stall or too much memory.
watch() {
	local name=$1 prev="" since now worst=0 hwm
	since=$(date +%s%3N)
	for ((i = 0; i < secs * 10; i++)); do
		now=$(date +%s%3N)
		h=$(import -window root -depth 8 rgb:- 2>/dev/null | md5sum)
		if [ "$h" != "$prev" ]; then prev=$h; since=$now
		elif ((now - since > worst)); then worst=$((now - since)); fi
		((i % 50 == 25)) && xdotool key --delay 0 $((i / 50 % 9 + 1))
		sleep 0.1
	done
	import -window root "$out/$name.png"
	hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
	echo "bigfile-test: $name: longest unchanged ${worst} ms, VmHWM $((hwm / 1024)) MB"
	((worst <= 1500)) || fail "$name: the screen stood still for ${worst} ms"
	((hwm <= 500 * 1024)) || fail "$name: $((hwm / 1024)) MB resident, over 500 MB"
}

run() { # run NAME [FILE]: starts the app, watches it, quits it
	local name=$1; shift
	"$bin" "$@" >"$out/$name.log" 2>&1 &
	pid=$!
	timeout 30 xdotool search --sync --onlyvisible --name '^Sudoku' >/dev/null || fail "$name: no window"
	watch "$name"
	xdotool key ctrl+q
	for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	pid=
	# Fyne's own preferences race (see window-test.sh) is the one error let by.
	errors=$(grep -hE -A2 'panic|Fyne error|Error in Fyne call thread|fyne\.Do' "$out/$name.log" |
		grep -vE 'Preferences load error|Cause: EOF|app/preferences\.go|^--$' || true)
	[ -z "$errors" ] || fail "$name: $errors"
}

run 17clue "$seventeen"
run 17clue-restart
run million "$tmp/million.txt"
run million-restart
echo "bigfile-test: ok (screenshots in $out)"
