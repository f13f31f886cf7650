#!/bin/sh
# Compares `sudoku rate`'s ER, EP and ED with Sudoku Explainer's
# (../shared/tools/serate) on the first N puzzles of each FILE (default: all
# of them; files default to puzzles1 and magictour). SE's answers are cached
# in $CACHE (default /tmp/se-cache), one file per puzzle, filled by
# scripts/se-cache.py in one JVM with a timeout per puzzle ($TIMEOUT, default
# 60 s), so reruns only rate new puzzles. Prints % identical, % within 0.2
# and % within 0.5 for ER, % identical for EP and ED, and the most frequent
# disagreements. SUDOKU=BINARY rates with that build instead of go run.
#   scripts/compare-se.sh [-n N] [FILE...]
set -eu
N=0
if [ "${1:-}" = "-n" ]; then N=$2; shift 2; fi
root=$(cd "$(dirname "$0")/.." && pwd)
data=$root/../shared/data/puzzles
[ $# -gt 0 ] || set -- "$data/puzzles1_unbiased_first1000.txt" "$data/puzzles3_magictour_top1465.txt"
export CACHE=${CACHE:-/tmp/se-cache}
export TIMEOUT=${TIMEOUT:-60}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	if [ "$N" -gt 0 ]; then head -n "$N" "$f"; else cat "$f"; fi | cut -c1-81
done > "$tmp/puzzles"
"$root/scripts/se-cache.py" < "$tmp/puzzles"
if [ -n "${SUDOKU:-}" ]; then "$SUDOKU" rate --format line - < "$tmp/puzzles"
else (cd "$root" && go run . rate --format line - < "$tmp/puzzles"); fi > "$tmp/ours"
while read -r p; do cat "$CACHE/$p"; done < "$tmp/puzzles" > "$tmp/se"
# ours: level ER technique EP ED; SE: puzzle ER EP ED ER-rule EP-rule ED-rule steps ms
paste "$tmp/ours" "$tmp/se" | awk -F'\t' '
$7 == "TIMEOUT" { to++; next }
{ n++; d = $2 - $7; if (d < 0) d = -d
  if (d < 0.05) eq++; if (d < 0.25) w2++; if (d < 0.55) w5++
  if ($4 == $8) ep++; if ($5 == $9) ed++
  if (d >= 0.05) mis[$3 " " $2 " vs SE " $10 " " $7]++ }
END {
  if (n == 0) { print "no puzzles rated by SE"; exit }
  printf "%d puzzles (%d SE timeouts left out): ER identical %.1f %%, within 0.2 %.1f %%, within 0.5 %.1f %%; EP identical %.1f %%, ED identical %.1f %%\n", n, to, 100*eq/n, 100*w2/n, 100*w5/n, 100*ep/n, 100*ed/n
  for (k in mis) printf "%5d  %s\n", mis[k], k | "sort -rn | head -25"
}'
