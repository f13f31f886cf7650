#!/usr/bin/env bash
# The real app under Xvfb, as a person uses it: start `sudoku FILE`, click a
# cell and type, move with the keyboard and type again, kill -9, start again
# and check both entries survived through the saved state. Fails on a panic,
# a Fyne error or a Fyne thread warning in the logs. Screenshots are left in
# .window-test/ to look at. Usage: window-test.sh ./sudoku
set -euo pipefail
bin=$(realpath "${1:-./sudoku}")
root=$(cd "$(dirname "$0")/.." && pwd)
out=${WINDOW_TEST_OUT:-$root/.window-test}
rm -rf "$out"; mkdir -p "$out/home"
export HOME="$out/home" XDG_CONFIG_HOME="$out/home/.config" LANG=en_US.UTF-8 LC_ALL= LANGUAGE= FYNE_THEME=light
state="$XDG_CONFIG_HOME/fyne/io.github.sudoku.app/games/session.json"
. "$root/.ci/xvfb.sh"
start_xvfb 1280x800x24

fail() { echo "window-test: $*"; exit 1; }

# start [args]: runs the app, waits for its window; sets pid and win.
start() {
	local log="$out/app$((++runs)).log"
	"$bin" "$@" >"$log" 2>&1 &
	pid=$!
	win=$(timeout 30 xdotool search --sync --onlyvisible --name '^Sudoku' | head -1) || true
	[ -n "$win" ] || fail "no Sudoku window appeared; log:
$(cat "$log")"
	sleep 1.5 # let it draw
}
runs=0

start "$root/testdata/one.txt"
echo "window-test: window \"$(xdotool getwindowname "$win")\""
eval "$(xdotool getwindowgeometry --shell "$win")" # X Y WIDTH HEIGHT
import -window root "$out/1-start.png"

# The board fills the area left of the 300-pixel side panel, between the
# menu bar and the status line: its middle is cell r5c5, empty in this
# puzzle. Typing 4 there, then 6 above it, then Ctrl+Z leaves the 4 and an
# undo history with the 6 to redo.
xdotool mousemove $((X + (WIDTH - 310) / 2)) $((Y + HEIGHT / 2)) click 1
sleep 0.3
xdotool type --delay 100 4
xdotool key --delay 100 Up 6   # r4c5, also empty
xdotool key --delay 100 ctrl+z # takes the 6 back (Fyne makes it a standard shortcut)
sleep 1.5                       # the state is saved within a second
import -window root "$out/2-played.png"
kill -9 "$pid"; wait "$pid" 2>/dev/null || true

cells=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['game']['cells'])" "$state")
[ "${cells:40:1}" = 4 ] || fail "r5c5 is '${cells:40:1}' in the saved state after kill -9, want 4 (cells $cells)"
[ "${cells:31:1}" = . ] || fail "r4c5 is '${cells:31:1}' in the saved state after kill -9, want it empty: ctrl+z did not undo (cells $cells)"

start   # no file: the saved game comes back
import -window root "$out/3-restored.png"
win=$(xdotool search --onlyvisible --name '^Sudoku' | head -1)
eval "$(xdotool getwindowgeometry --shell "$win")"
xdotool mousemove $((X + WIDTH - 60)) $((Y + HEIGHT - 20)) # over the window, off the board
sleep 0.2
xdotool key ctrl+y              # redo, from the undo history saved before the kill
sleep 1.5
cells=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['game']['cells'])" "$state")
[ "${cells:40:1}${cells:31:1}" = 46 ] || fail "after the restart, ctrl+y did not redo the 6 from the saved history (cells $cells)"
import -window root "$out/4-redone.png"
# the board looks as it did before the kill (the timer, outside it, moves on)
crop="$((WIDTH - 320))x$((HEIGHT - 120))+$((X + 5))+$((Y + 40))"
convert "$out/2-played.png" -crop "$crop" +repage "$out/board-before.png"
convert "$out/3-restored.png" -crop "$crop" +repage "$out/board-after.png"
diff=$(compare -metric AE -fuzz 2% "$out/board-before.png" "$out/board-after.png" null: 2>&1 || true)
# (2-played is after the undo, 3-restored before the redo: the same board)
[ "${diff%% *}" -lt 200 ] 2>/dev/null || fail "the restored board differs from the one before the kill ($diff pixels)"
# a person presses Ctrl+Q with the pointer over the window (no window
# manager here: the keyboard follows the pointer)
win=$(xdotool search --onlyvisible --name '^Sudoku' | head -1)
eval "$(xdotool getwindowgeometry --shell "$win")"
xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
sleep 0.2
xdotool key ctrl+q
for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "ctrl+q did not quit"

# A move 50 ms before a SIGTERM (a logout) is saved: Fyne's own handler
# of the signal quit the app before ours wrote the game, and the moves of
# the last 300 ms were lost.
start
win=$(xdotool search --onlyvisible --name '^Sudoku' | head -1)
eval "$(xdotool getwindowgeometry --shell "$win")"
xdotool mousemove $((X + WIDTH - 60)) $((Y + HEIGHT - 20))
sleep 0.2
xdotool key ctrl+z # takes the 6 back
sleep 0.05
kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
cells=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['game']['cells'])" "$state")
[ "${cells:40:1}${cells:31:1}" = 4. ] || fail "a move 50 ms before SIGTERM was lost (cells $cells)"

# Any panic, Fyne thread warning or Fyne error fails the test, except one:
# on quit Fyne writes preferences.json in place while its own file watcher
# may read it half written ("Preferences load error: EOF"). The app keeps no
# preferences there (its settings live in its own atomically written file),
# so that line is Fyne's race, not ours.
errors=$(grep -hE -A2 'panic|Fyne error|Error in Fyne call thread|fyne\.Do' "$out"/app*.log |
	grep -vE 'Preferences load error|Cause: EOF|app/preferences\.go|^--$' || true)
if [ -n "$errors" ]; then
	echo "$errors"
	fail "the log above has errors"
fi
echo "window-test: ok (entries, undo and redo survived kill -9, a move SIGTERM; screenshots in $out)"
