#!/bin/sh
# Compares `sudoku rate`'s score with Sudoku Explainer's ER (../shared/tools/serate)
# on the first N puzzles of each FILE (default: 100 of puzzles1 and 100 of
# magictour). SE's answers are cached in $CACHE (default /tmp/se-cache), one
# line per puzzle, so reruns only rate new puzzles; each SE run gets a timeout.
# Prints % identical, % within 0.2 and % within 0.5, and the most frequent
# disagreements by technique. SUDOKU=BINARY rates with that build instead of go run.
#   scripts/compare-se.sh [-n N] [FILE...]
set -eu
N=100
if [ "${1:-}" = "-n" ]; then N=$2; shift 2; fi
root=$(cd "$(dirname "$0")/.." && pwd)
data=$root/../shared/data/puzzles
serate=$root/../shared/tools/serate/serate
[ $# -gt 0 ] || set -- "$data/puzzles1_unbiased_first1000.txt" "$data/puzzles3_magictour_top1465.txt"
CACHE=${CACHE:-/tmp/se-cache}
TIMEOUT=${TIMEOUT:-60}
mkdir -p "$CACHE"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do head -n "$N" "$f" | cut -c1-81; done > "$tmp/puzzles"
# SE on each puzzle not yet cached (one JVM per puzzle keeps the timeout per puzzle).
while read -r p; do
	c=$CACHE/$p
	[ -s "$c" ] && continue
	if ! out=$(printf '%s\n' "$p" | timeout "$TIMEOUT" "$serate" 2>/dev/null); then out=""; fi
	if [ -n "$out" ]; then printf '%s\n' "$out" > "$c"; else printf '%s\tTIMEOUT\n' "$p" > "$c"; fi
done < "$tmp/puzzles"
if [ -n "${SUDOKU:-}" ]; then "$SUDOKU" rate --format line - < "$tmp/puzzles"
else (cd "$root" && go run . rate --format line - < "$tmp/puzzles"); fi > "$tmp/ours"
while read -r p; do cat "$CACHE/$p"; done < "$tmp/puzzles" > "$tmp/se"
paste "$tmp/ours" "$tmp/se" | awk -F'\t' '
$5 == "TIMEOUT" { to++; next }
{ n++; d = $2 - $5; if (d < 0) d = -d
  if (d < 0.05) eq++; if (d < 0.25) w2++; if (d < 0.55) w5++
  if (d >= 0.05) mis[$3 " " $2 " vs SE " $8 " " $5]++ }
END {
  printf "%d puzzles (%d SE timeouts left out): ER identical %.1f %%, within 0.2 %.1f %%, within 0.5 %.1f %%\n", n, to, 100*eq/n, 100*w2/n, 100*w5/n
  for (k in mis) printf "%5d  %s\n", mis[k], k | "sort -rn | head -25"
}'
