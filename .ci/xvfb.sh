# Sourced by the window tests: starts Xvfb on a free display (-displayfd,
# never a fixed number), exports DISPLAY and stops Xvfb on exit.
start_xvfb() {
	local fifo
	fifo=$(mktemp -u); mkfifo "$fifo"
	Xvfb -displayfd 3 -screen 0 "${1:-1280x800x24}" -nolisten tcp 3>"$fifo" >/dev/null 2>&1 &
	XVFB_PID=$!
	local n
	read -r -t 20 n <"$fifo" || { echo "Xvfb did not start"; rm -f "$fifo"; return 1; }
	rm -f "$fifo"
	export DISPLAY=":$n"
	trap 'kill $XVFB_PID 2>/dev/null || true' EXIT
}
