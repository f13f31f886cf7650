package cli

import (
	"fmt"
	"runtime/debug"
	"strings"
)

func init() {
	register("version", "print the program's version (also sudoku --version)", runVersion)
}

// Version is the program's version: the module version it was built as,
// else the VCS revision the build saw, else "devel".
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := bi.Main.Version
	if v != "" && v != "(devel)" {
		return v
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "+dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return "devel"
	}
	return "devel-" + rev + modified
}

func runVersion(e *env, args []string) int {
	fs := newFlags(e, "version", "")
	rest, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(e.stderr, "sudoku version: takes no arguments (got %q)\n", strings.Join(rest, " "))
		return ExitUsage
	}
	_, err = fmt.Fprintf(e.stdout, "sudoku %s (%s)\n", Version(), goVersion())
	return e.reportWrite(err)
}

func goVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.GoVersion
	}
	return "go"
}

// nearest is the command whose name is closest to name (by edit distance,
// ties broken alphabetically), or "" if none is close enough to suggest.
func nearest(name string) string {
	best, bestD := "", 3 // suggest only within two edits
	for n := range commands {
		d := editDistance(strings.ToLower(name), n)
		if d < bestD || (d == bestD && n < best) {
			best, bestD = n, d
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (with adjacent
// transpositions, so "slove" is one edit from "solve").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range rb {
		d[0][j+1] = j + 1
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
