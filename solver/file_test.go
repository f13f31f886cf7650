package solver

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	easy1Named = "easy1\n5.6918.23\n7136.2.49\n.8.....51\n6.4.....2\n.2786....\n.....41..\n3..14.2..\n...5.63.8\n.7......6\n"
	evilLine   = ".1.2....55....9...28....3...3.975..2.........6..832.9...1....73...6....84....8.6."
)

// lastRowBlank and midRowBlank are easy1 with a row emptied.
var (
	lastRowBlank = easy1.givens[:72] + "........."
	midRowBlank  = easy1.givens[:36] + "........." + easy1.givens[45:]
)

// banded writes a board of 81 cells as nine rows spaced "003 070 040",
// a blank line between bands.
func banded(line string) string {
	var b strings.Builder
	for r := range 9 {
		if r == 3 || r == 6 {
			b.WriteString("\n")
		}
		row := strings.ReplaceAll(line[9*r:9*r+9], ".", "0")
		b.WriteString(row[:3] + " " + row[3:6] + " " + row[6:] + "\n")
	}
	return b.String()
}

func TestReadFormats(t *testing.T) {
	e1 := easy1.grid(t)
	ev := evil.grid(t)
	for _, tc := range []struct {
		name, in string
		want     []Grid
		names    []string
	}{
		{"line", evilLine + "\n" + easy1.givens + "\n", []Grid{ev, e1}, []string{"in #1", "in #2"}},
		{"line with zeros, comment, no final newline", strings.ReplaceAll(evilLine, ".", "0") + "  hardest ever", []Grid{ev}, nil},
		{"line blanks _*-", strings.NewReplacer(".", "_").Replace(evilLine) + "\n" + strings.NewReplacer(".", "*").Replace(evilLine) + "\n" + strings.NewReplacer(".", "-").Replace(evilLine), []Grid{ev, ev, ev}, nil},
		{"comment lines", "# tdoku header\n" + evilLine + "\n", []Grid{ev}, nil},
		{"a board after a label, as a web page gives it", "Puzzle: " + evilLine + "\n", []Grid{ev}, []string{"in #1"}},
		{"words after a board name it, data does not", evilLine + "  Sunday puzzle\n" + easy1.givens + "\t# Monday\n" + evilLine + " 11.9/11.9/11.3\n" + easy1.givens + " " + strings.Repeat("1", 81) + "\n", []Grid{ev, e1, ev, e1}, []string{"Sunday puzzle", "Monday", "in #3", "in #4"}},
		{"Sudoku Explainer's ratings after a board do not name it", evilLine + " ED=9.0/1.2/1.2\n" + evilLine + "\t# 2.1/1.2/1.2 ED=9.1\n" + evilLine + " SE 9.1\n" + evilLine + " Puzzle1 ER=9.1\n" + evilLine + " SER 7.2\n" + evilLine + " SE9.0\n" + evilLine + " Ed\n", []Grid{ev, ev, ev, ev, ev, ev, ev}, []string{"in #1", "in #2", "in #3", "Puzzle1 ER=9.1", "in #5", "in #6", "Ed"}},
		{"a short file under a Latin-1 header heavy in accents is no binary", "# \xe9t\xe9 \xe0 l\xe0 \xe9cole \xe9l\xe8ve d\xe9j\xe0\n# \xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\xe9\n" + evilLine + "\n", []Grid{ev}, nil},
		{"a comment line in Latin-1 is read", "# Puzzles de l'\xe9t\xe9\n" + evilLine + "\n", []Grid{ev}, nil},
		{"a long title after a board names it", evilLine + " " + strings.Repeat("The Grand Weekly Puzzle ", 6) + "\n", []Grid{ev}, []string{strings.TrimSpace(strings.Repeat("The Grand Weekly Puzzle ", 6))}},
		{"named", easy1Named + "\n" + "evil\n" + grid9(evilLine), []Grid{e1, ev}, []string{"easy1", "evil"}},
		{"named with trailing blank lines", easy1Named + "\n\n", []Grid{e1}, []string{"easy1"}},
		{"named by numbers", "13\n" + grid9(easy1.givens) + "\n7\n" + grid9(evilLine), []Grid{e1, ev}, []string{"13", "7"}},
		{"named as a header of another side", "Board 1\n" + grid9(easy1.givens) + "\nboard 9 easy\n" + grid9(evilLine), []Grid{e1, ev}, []string{"Board 1", "board 9 easy"}},
		{"grid", grid9(easy1.givens), []Grid{e1}, []string{"in #1"}},
		{"grid with spaces", spaced(easy1.givens, " "), []Grid{e1}, nil},
		{"grid with commas and zeros", strings.ReplaceAll(spaced(easy1.givens, ","), ".", "0"), []Grid{e1}, nil},
		{"002 output style", spaced(easy1.givens, "  "), []Grid{e1}, nil},
		{"bracketed rows", "[" + strings.ReplaceAll(strings.TrimSuffix(spaced(easy1.givens, ", "), "\n"), "\n", "],\n[") + "]\n", []Grid{e1}, nil},
		{"sdk", "#A Author\n#D Fiendish one\n#C a comment\n#L Hard\n" + grid9(evilLine), []Grid{ev}, []string{"Fiendish one"}},
		{"sdk sections", "[Puzzle]\n" + grid9(evilLine) + "\n[State]\n" + grid9(easy1.givens), []Grid{ev}, nil},
		{"ss", "5.6|918|.23\n713|6.2|.49\n.8.|...|.51\n-----------\n6.4|...|..2\n.27|86.|...\n...|..4|1..\n-----------\n3..|14.|2..\n...|5.6|3.8\n.7.|...|..6\n", []Grid{e1}, nil},
		{"ss framed", "*-----------*\n|5.6|918|.23|\n|713|6.2|.49|\n|.8.|...|.51|\n|---+---+---|\n|6.4|...|..2|\n|.27|86.|...|\n|...|..4|1..|\n|---+---+---|\n|3..|14.|2..|\n|...|5.6|3.8|\n|.7.|...|..6|\n*-----------*\n", []Grid{e1}, nil},
		{"blanks as stars and dashes", strings.NewReplacer(".", "*").Replace(evilLine[:9]) + "\n" + strings.Join(strings.Fields(grid9(evilLine))[1:], "\n") + "\n", []Grid{ev}, nil},
		{"csv with a header", "quizzes,solutions\n" + strings.ReplaceAll(evilLine, ".", "0") + "," + strings.Repeat("1", 81) + "\n" + easy1.givens + ",x\n", []Grid{ev, e1}, []string{"in #1", "in #2"}},
		{"csv of five columns", "id,puzzle,solution,clues,difficulty\n1," + strings.ReplaceAll(evilLine, ".", "0") + "," + strings.Repeat("1", 81) + ",21,0.0\n", []Grid{ev}, []string{"in #1"}},
		{"csv quoted, semicolons", "\"puzzle\";\"solution\"\n\"" + evilLine + "\";\"" + strings.Repeat("1", 81) + "\"\n", []Grid{ev}, []string{"in #1"}},
		{"rate --format csv's rows without their header (grep ',insane,'), read back with their names", evilLine + ",expert,7.1,Forcing chain,1.2,1.2,evil\n" + easy1.givens + ",easy,1.2,Hidden single,1.2,1.2,\"easy, the first\"\n", []Grid{ev, e1}, []string{"evil", "easy, the first"}},
		{"rate --format csv's table, read back with its names", "puzzle,level,er,technique,ep,ed,name\n" + evilLine + ",expert,7.1,Forcing chain,1.2,1.2,evil\n" + easy1.givens + ",easy,1.2,Hidden single,1.2,1.2,\"easy, the first\"\n", []Grid{ev, e1}, []string{"evil", "easy, the first"}},
		{"a JSON array of puzzles on one line", `["` + evilLine + `", "` + easy1.givens + `"]` + "\n", []Grid{ev, e1}, []string{"in #1", "in #2"}},
		{"tab-separated, its header naming the columns", "Name\tPuzzle\r\nCafé\t" + evilLine + "\r\n", []Grid{ev}, []string{"Café"}},
		{"the solution column first, the header says which", "solutions,quizzes\n" + strings.Repeat("1", 81) + "," + evilLine + "\n", []Grid{ev}, nil},
		{"sdk #D without a space, as SadMan writes it", "#ARuud\n#DA random puzzle\n" + grid9(evilLine), []Grid{ev}, []string{"A random puzzle"}},
		{"spaces for blanks, as a web page gives a grid", "evil\n" + strings.ReplaceAll(grid9(evilLine), ".", " ") + "\neasy1\n" + grid9(easy1.givens), []Grid{ev, e1}, []string{"evil", "easy1"}},
		{"a spreadsheet's range saved as CSV, empty cells blank", strings.ReplaceAll(strings.ReplaceAll(spaced(evilLine, ";"), ".", ""), "\n", "\r\n"), []Grid{ev}, nil},
		{"the same, tab-separated", strings.ReplaceAll(spaced(easy1.givens, "\t"), ".", ""), []Grid{e1}, nil},
		{"pretty", e1.Pretty(), []Grid{e1}, nil},
		// Found by a new user: a spreadsheet's empty row is eight tabs
		// ("the board has 8 rows"), and forum posts space a grid's bands
		// with blank lines ("the board has 3 rows").
		{"tab-separated, its last row empty", strings.ReplaceAll(spaced(lastRowBlank, "\t"), ".", ""), []Grid{MustParse(lastRowBlank)}, nil},
		{"a spreadsheet's CSV, a comma after each row's last field", strings.ReplaceAll(strings.ReplaceAll(spaced(midRowBlank, ","), ".", ""), "\n", ",\n"), []Grid{MustParse(midRowBlank)}, nil},
		{"tab-separated, a tab after each row's last field", strings.ReplaceAll(strings.ReplaceAll(spaced(midRowBlank, "\t"), ".", ""), "\n", "\t\n"), []Grid{MustParse(midRowBlank)}, nil},
		{"tab-separated, a row in the middle empty", strings.ReplaceAll(spaced(midRowBlank, "\t"), ".", ""), []Grid{MustParse(midRowBlank)}, nil},
		{"a blank line between bands", banded(evilLine) + "\n" + banded(easy1.givens), []Grid{ev, e1}, nil},
		{"a stray space among the cells, a comment after", evilLine[:40] + " " + evilLine[40:] + " hardest ever\n" + easy1.givens + "\n", []Grid{ev, e1}, []string{"in #1", "in #2"}},
		{"BOM and CRLF", "\xEF\xBB\xBF" + strings.ReplaceAll(easy1Named, "\n", "\r\n"), []Grid{e1}, []string{"easy1"}},
		{"opensudoku", `<?xml version="1.0" encoding="UTF-8"?>
<opensudoku>
<folder name="Easy">
<game data="` + e1.Digits() + `" />
<game data="` + ev.Digits() + `" />
</folder>
</opensudoku>`, []Grid{e1, ev}, []string{"Easy #1", "Easy #2"}},
		// HoDoKu's library: the third field is the puzzle, '+' before a
		// digit placed since (no given).
		{"HoDoKu library lines", ":0000:x:" + evilLine + ":::\n:0901:1:" + strings.Replace(easy1.givens, ".", "+4", 1) + ":811 911 213::151:\n", []Grid{ev, e1}, []string{"in #1", "in #2"}},
		// qqwing --one-line --solution --stats: the stats after each
		// puzzle named the next one ("Difficulty: Easy").
		{"qqwing's stats between puzzles", evilLine + "\nNumber of Givens: 21\nNumber of Guesses: 0\nDifficulty: Expert\n" + easy1.givens + "\nNumber of Givens: 30\nDifficulty: Easy\n", []Grid{ev, e1}, []string{"in #1", "in #2"}},
		{"a name under a line of text is none", "My collection\nevil\n" + grid9(evilLine) + "\neasy1\n" + grid9(easy1.givens), []Grid{ev, e1}, []string{"in #1", "easy1"}},
		// OpenSudoku's own export: each game saved as its cells (value,
		// notes, editable), the givens those not editable; the first
		// format's collection named in an element. Both were refused.
		{"opensudoku export of games saved", `<opensudoku version="2"><folder name="Exported"><game state="1" data="version: 1&#10;` + openSudokuSaved(e1) + `" note=""/></folder></opensudoku>`, []Grid{e1}, []string{"Exported #1"}},
		{"opensudoku's first format, its name an element", "<opensudoku>\n<name>Fan collection</name>\n<author>me</author>\n<game data=\"" + ev.Digits() + "\"/>\n</opensudoku>\n", []Grid{ev}, []string{"Fan collection #1"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRead(t, tc.in, tc.want, tc.names) })
	}
}

// openSudokuSaved writes g as OpenSudoku's exports write a game's cells:
// value, notes and editable, each ended by '|'; a player's digit and
// notes in two of its blanks.
func openSudokuSaved(g Grid) string {
	var b strings.Builder
	player := 0
	for _, d := range g {
		switch {
		case d != 0:
			fmt.Fprintf(&b, "%d|0|0|", d)
		case player == 0:
			b.WriteString("4|0|1|")
			player++
		case player == 1:
			b.WriteString("0|2,6,|1|")
			player++
		default:
			b.WriteString("0|0|1|")
		}
	}
	return b.String()
}

// A solved grid right after the puzzle it solves is the puzzle's solution
// (qqwing --solution, and many collections, write them so), not a puzzle.
func TestReadSolutionAfterItsPuzzle(t *testing.T) {
	e1, ev := easy1.grid(t), evil.grid(t)
	s1, ok1 := SolveFast(e1)
	sv, ok2 := SolveFast(ev)
	if !ok1 || !ok2 {
		t.Fatal("no solution")
	}
	other := sv
	other[0], other[1] = other[1], other[0] // full, but not valid
	for _, tc := range []struct {
		name, in string
		want     []Grid
		names    []string
	}{
		{"lines", e1.Digits() + "\n" + s1.Digits() + "\n" + evilLine + "\n" + sv.Digits() + "\n", []Grid{e1, ev}, []string{"in #1", "in #2"}},
		{"grids with blank lines", grid9(easy1.givens) + "\n" + grid9(s1.Digits()) + "\n" + grid9(evilLine) + "\n" + grid9(sv.Digits()), []Grid{e1, ev}, nil},
		{"named, the solution named so", "Puzzle 1\n" + evilLine + "\nSolution 1\n" + sv.Digits() + "\n", []Grid{ev}, []string{"Puzzle 1"}},
		{"a solved grid named otherwise is a puzzle", "evil\n" + evilLine + "\nanother\n" + sv.Digits() + "\n", []Grid{ev, sv}, []string{"evil", "another"}},
		{"a solution of another puzzle is a puzzle", easy1.givens + "\n" + sv.Digits() + "\n", []Grid{e1, sv}, nil},
		{"a full grid with a clash is a puzzle", evilLine + "\n" + other.Digits() + "\n", []Grid{ev, other}, nil},
		{"solved grids alone", s1.Digits() + "\n" + s1.Digits() + "\n" + sv.Digits() + "\n", []Grid{s1, s1, sv}, []string{"in #1", "in #2", "in #3"}},
		{"one solution a puzzle", evilLine + "\n" + sv.Digits() + "\n" + sv.Digits() + "\n", []Grid{ev, sv}, []string{"in #1", "in #2"}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkRead(t, tc.in, tc.want, tc.names) })
	}
	// The solutions skipped are told of, with their lines and their
	// puzzles' (a script lining results up with puzzles found one fewer).
	for in, want := range map[string]string{
		e1.Digits() + "\n" + s1.Digits() + "\n" + evilLine + "\n" + sv.Digits() + "\n": "[2 of 1 4 of 3]",
		"Puzzle 1\n" + evilLine + "\nSolution 1\n" + sv.Digits() + "\n":                "[4 of 2]",
		evilLine + "\n" + sv.Digits() + "\n" + sv.Digits() + "\n":                      "[2 of 1]",
	} {
		var told []string
		err := ScanPuzzlesWith(strings.NewReader(in), "in", func(Puzzle) error { return nil },
			ScanOptions{Solution: func(line, of int) { told = append(told, fmt.Sprint(line, " of ", of)) }})
		if got := fmt.Sprint(told); err != nil || got != want {
			t.Errorf("%q: told %s (%v), want %s", in, got, err, want)
		}
	}
}

// checkRead reads in as the file "in" and checks its puzzles' grids and,
// where names is not nil, their names.
func checkRead(t *testing.T, in string, want []Grid, names []string) {
	t.Helper()
	ps, err := ReadPuzzles(strings.NewReader(in), "in")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != len(want) {
		t.Fatalf("%d puzzles, want %d", len(ps), len(want))
	}
	for i, p := range ps {
		if p.Grid != want[i] {
			t.Errorf("puzzle %d\n%s\nwant\n%s", i+1, p.Grid, want[i])
		}
		if names != nil && p.Name != names[i] {
			t.Errorf("puzzle %d named %q, want %q", i+1, p.Name, names[i])
		}
	}
}

func TestReadLineNumbersAndComment(t *testing.T) {
	ps, err := ReadPuzzles(strings.NewReader("# c\n\n"+evilLine+"  the evil one\n"+easy1Named), "f.txt")
	if err != nil {
		t.Fatal(err)
	}
	// Words after a board on its line name it (the window's Add to the
	// File writes a name there).
	if ps[0].Line != 3 || ps[0].Comment != "the evil one" || ps[0].Name != "the evil one" || !ps[0].Named || ps[1].Line != 5 || !ps[1].Named {
		t.Fatalf("got %+v / %+v", ps[0], ps[1])
	}
}

func TestReadErrors(t *testing.T) {
	bad := strings.Replace(easy1Named, "7136.2.49", "7136x2.49", 1)
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "f.txt: empty file, no puzzles"},
		{"only blank lines", "\n\n  \n", "f.txt: no puzzles, only blank lines"},
		{"only comments", "# nothing\n", "f.txt: no puzzles found"},
		{"binary", "\x00\x01\x02PK", "f.txt: binary file"},
		{"a game file of the window", "{\"sudoku_game\": 1, \"game\": {}}\n", "f.txt: a game saved by the window (Save Game As): open it there"},
		{"not UTF-8", "\xff\xfe\xfd abc", "f.txt: binary file"},
		{"bad character in row", bad, `f.txt:3:5: 'x' is not a digit 1-9 or blank`},
		{"bad character in line", strings.Replace(evilLine, "8", "a", 1), `f.txt:1:`},
		{"a list with an element that is no board", `["` + evilLine + `", "12x"]`, `f.txt:1: element 2 of the list, "12x", is not a board of 81 cells`},
		{"short row", strings.Replace(easy1Named, "7136.2.49", "7136.2.4", 1), "f.txt:3: row has 8 cells, want 9"},
		{"long line", evilLine + ".\n", "f.txt:1: line has 82 cells, want 81"},
		// Found by a new user: a cell short, with words after it, named
		// the next puzzle and was lost without a word.
		{"three rows and a blank line after a board without gaps", grid9(evilLine) + "\n" + grid9(evilLine)[:30] + "\n" + grid9(evilLine), "f.txt:14: the board has 3 rows, want 9 (missing row; it starts on line 11)"},
		{"two blank lines between bands", banded(evilLine)[:36] + "\n" + banded(evilLine)[36:], "f.txt:5: the board has 3 rows, want 9 (missing row; it starts on line 1)"},
		{"a cell short, a comment after", evilLine + "\n" + evilLine[:80] + " short by one\n" + evilLine + "\n", "f.txt:2: line has 80 cells, want 81"},
		{"a cell short, a comment starting with numbers after", evilLine[:80] + " 12 34 apples\n", "f.txt:1: line has 80 cells, want 81"},
		{"a cell short, a # comment after", evilLine[:80] + "  #comment\n", "f.txt:1: line has 80 cells, want 81"},
		{"a cell over, a comment after", evilLine + "1 Puzzle 12 hard\n", "f.txt:1: line has 82 cells, want 81"},
		{"missing row", strings.Replace(easy1Named, "...5.63.8\n", "", 1) + "\n", `f.txt:10: board "easy1" has 8 rows, want 9 (missing row; it starts on line 2)`},
		{"a row alone, then a blank line", evilLine + "\n4...3....\n\n" + evilLine + "\n", "f.txt:3: the board has 1 row, want 9 (missing row; it starts on line 2)"},
		{"missing row at end", strings.Replace(easy1Named, ".7......6\n", "", 1), "f.txt:9: board \"easy1\" has 8 rows, want 9 (missing row at end of file)"},
		// Found by an attacker test: "1 rows", and a file of old Mac line
		// ends (a carriage return alone) was a control character.
		// Found by a scripter: a comment after a board's first row made
		// the row the board's name, and the error named the board's end.
		{"a comment after the first row", strings.Replace(easy1Named, "easy1\n", "", 1)[:9] + "   # row one\n" + strings.Replace(easy1Named, "easy1\n", "", 1)[10:], `f.txt:1: a row with text after it ("# row one"): a row holds its 9 cells alone`},
		{"a comment after a spaced first row, a blank line after", "5 . 6 9 1 8 . 2 3 row one\n" + strings.Replace(easy1Named, "easy1\n", "", 1)[10:] + "\n", `f.txt:1: a row with text after it ("row one")`},
		{"one row at end", "easy1\n5.6918.23\n", "f.txt:2: board \"easy1\" has 1 row, want 9 (missing row at end of file)"},
		{"old Mac line ends", evilLine + "\r" + evilLine + "\r", "f.txt:1:82: a carriage return (U+000D) inside the line: the file's lines end with a carriage return alone (old Mac line ends); save it with LF or CRLF line ends"},
		{"text inside board", strings.Replace(easy1Named, "...5.63.8", "oops", 1), `f.txt:9: board "easy1" has 7 rows, want 9 (found "oops" instead of a row)`},
		{"bad xml", "<opensudoku><folder><game data=\"123\"/></folder></opensudoku>", "f.txt:1:"},
		{"broken xml", "<opensudoku><folder>\n<game data=", "f.txt:2: XML"},
		{"opensudoku game saved, a cell short", `<opensudoku><folder><game data="version: 1&#10;` + strings.Repeat("0|0|1|", 80) + `"/></folder></opensudoku>`, "f.txt:1:531: game data: OpenSudoku game data (version: 1) of 240 fields: want the fields of 81 cells"},
		// Issue 10: a line that is not a puzzle is an error, never a name.
		{"82 characters, one stray", evilLine + "\n" + evilLine + "x\n" + evilLine + "\n", "f.txt:2:82: 'x' is not a digit 1-9 or blank"},
		{"81 characters, a few letters", evilLine[:78] + "abc\n" + evilLine + "\n", "f.txt:1:79: 'a' is not a digit 1-9 or blank"},
		// Found by a new user: a board with its blanks written 'x' (or
		// '?', 'o') named the next board, and was lost without a word.
		{"81 characters, blanks written x", evilLine + "\n" + strings.ReplaceAll(evilLine, ".", "x") + "\n" + evilLine + "\n", "f.txt:2:1: 'x' is not a digit 1-9 or blank (a board of 81 cells writes its blanks as"},
		{"81 characters, blanks written ? after a space", "  " + strings.ReplaceAll(evilLine, ".", "?") + " the evil one\n", "f.txt:1:3: '?' is not a digit 1-9 or blank"},
		// A row of nine alone before a board on one line: the error named
		// the board's line, not the row's.
		{"a row alone before a board on one line", evilLine + "\n4...3....\n" + evilLine + "\n", "f.txt:2: the board has 1 row, want 9 (a whole board on one line follows, on line 3)"},
		{"NUL after the first 8 KB", strings.Repeat(evilLine+"\n", 120) + "name\x00x\n" + evilLine + "\n", "f.txt:121:5: NUL byte"},
		{"full-width digits", "１２３４５６７８９\n" + strings.Repeat(".........\n", 8), "f.txt:1:1: '１' is not a digit 1-9 or blank"},
		{"escape sequence in a name", "Evil \x1b]0;pwned\x07 title\n" + evilLine + "\n", "f.txt:1:6: control character U+001B"},
		{"a 16×16 board a symbol short, before a classic one", strings.Repeat("1234567890ABCDEF", 16)[:255] + "\n" + evilLine + "\n", "f.txt:1: 255 symbols: a board has 16, 36, 64, 81, 144 or 256"},
		{"a 12×12 board a symbol long, after a classic one", evilLine + "\n" + strings.Repeat("123456789ABC", 12) + "1\n", "f.txt:2: 145 symbols"},
		{"escape sequence in a comment line", "# see \x1b[2J\n" + evilLine + "\n", "f.txt:1:7: control character U+001B in the comment"},
		// Found by an attacker test: a vertical tab, form feed or NEL
		// was a blank line on a line of its own, and before a board was
		// said to be in a comment; a direction override in a name
		// reordered the terminal's line.
		{"vertical tab alone", evilLine + "\n\x0b\n" + evilLine + "\n", "f.txt:2:1: control character U+000B"},
		{"form feed alone", evilLine + "\n\x0c\n" + evilLine + "\n", "f.txt:2:1: control character U+000C"},
		{"NEL alone", evilLine + "\n\u0085\n" + evilLine + "\n", "f.txt:2:1: control character U+0085"},
		{"vertical tab before a board", "\x0b" + evilLine + "\n", "f.txt:1:1: control character U+000B"},
		{"escape in a board's comment", evilLine + " see \x1b[2J\n", "f.txt:1:87: control character U+001B in the text after the board"},
		{"direction override in a name", "evil\u202eeman\n" + evilLine + "\n", "f.txt:1:5: direction control character U+202E (it reorders the text around it)"},
		{"not UTF-8 after 8 KB", strings.Repeat(evilLine+"\n", 120) + "name \xff\n" + evilLine + "\n", "f.txt:121:6: a byte that is not UTF-8 (0xFF; save the file as UTF-8)"},
		// A Latin-1 é near the top is text with a mistake, not a binary file.
		{"Latin-1 in a name", "Tr\xe8s difficile\n" + evilLine + "\n", "f.txt:1:3: a byte that is not UTF-8 (0xE8; save the file as UTF-8)"},
		{"Latin-1 after a board", evilLine + " caf\xe9\n", "f.txt:1:86: a byte that is not UTF-8 (0xE9; save the file as UTF-8) in the text after the board"},
		{"XML nested deep", strings.Repeat("<a>", 100000), "f.txt:1: XML nested deeper than 16"},
		// Windows' "Unicode" was "binary file".
		{"UTF-16 with a BOM", "\xFF\xFE" + strings.Join(strings.Split(evilLine, ""), "\x00") + "\x00", "f.txt: UTF-16 text, not UTF-8: save the file as UTF-8"},
		{"UTF-16 big-endian, no BOM", "\x00" + strings.Join(strings.Split(evilLine, ""), "\x00"), "f.txt: UTF-16 text, not UTF-8"},
		// A board of another shape past the first 64 KB (IsBoardFile
		// reads a file with one earlier as boards): an error, never a name.
		{"Solo game ID after 64 KB", strings.Repeat(evilLine+"\n", 820) + soloX6 + "\n" + evilLine + "\n", "f.txt:821: a board of another shape (a Solo game ID) in a file read as classic puzzles"},
		{"broken Solo game ID after a classic line", evilLine + "\n" + soloX6[:len(soloX6)-1] + "\n", "f.txt:2: game ID 2x3x:"},
		// Solo's parameters with nothing after them, or numbers too long
		// for a game ID, were taken as the next board's name.
		{"Solo parameters alone after a classic line", evilLine + "\n2x3:\n" + evilLine + "\n", "f.txt:2: game ID 2x3: grid: 0 cells, want 36"},
		{"a killer's Solo parameters alone", evilLine + "\n3x3xk:\n" + evilLine + "\n", "f.txt:2: game ID 3x3xk:"},
		{"a HoDoKu library line, its puzzle a cell short", ":0000:x:" + evilLine[:80] + ":::\n", `f.txt:1: a line of HoDoKu's library whose puzzle (its third field) has 80 cells, want 81`},
		{"a Solo random seed", "3x3#123456\n", `f.txt:1: "3x3#123456" is Solo's random seed, not its game ID`},
		{"Solo parameters too long", evilLine + "\n99999999999x99999999999:a\n" + evilLine + "\n", "f.txt:2: game ID parameters"},
		{"6×6 line after 64 KB", strings.Repeat(evilLine+"\n", 820) + strings.Repeat("123456", 6) + "\n", "f.txt:821: a board of another shape (36 symbols, 6×6) in a file read as classic puzzles"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadPuzzles(strings.NewReader(tc.in), "f.txt")
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("error %T, want *ParseError", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %q, want prefix %q", err, tc.want)
			}
		})
	}
}

func TestReadNamesStayPlainText(t *testing.T) {
	// Names that are not lines of their own (XML attributes, .sdk headers)
	// have control characters escaped rather than refused.
	in := "<opensudoku><folder><game name=\"a\u009b2Jb\" data=\"" + evilLine + "\"/></folder></opensudoku>"
	ps, err := ReadPuzzles(strings.NewReader(in), "f.xml")
	if err != nil {
		t.Fatal(err)
	}
	if want := `a\u009b2Jb`; ps[0].Name != want {
		t.Errorf("name %q, want %q", ps[0].Name, want)
	}
	// Names that merely look odd stay names.
	for _, name := range []string{"2024-01-01 puzzle 17", "Puzzle 1234567 x", "Très difficile №5", strings.Repeat("Lorem", 40), strings.Repeat("x", 200)} {
		ps, err := ReadPuzzles(strings.NewReader(name+"\n"+evilLine+"\n"), "f.txt")
		if err != nil || ps[0].Name != name {
			t.Errorf("%q: %v, %+v", name, err, ps)
		}
	}
}

func TestReadTooLongInputSaysSo(t *testing.T) {
	defer func(m int64) { maxInput = m }(maxInput)
	maxInput = 1 << 20
	// A stream of good lines, cut by the limit in the middle of one.
	in := strings.NewReader(strings.Repeat(evilLine+"\n", 2<<20/82))
	_, err := ReadPuzzles(in, "stdin")
	if err == nil || err.Error() != "stdin: larger than 1 MB, too large for a puzzle file" {
		t.Fatalf("error %v", err)
	}
}

// ctrlD gives its text, then an end of file, then more text, as a
// terminal does when Ctrl-D is pressed and the user goes on typing.
type ctrlD struct{ parts []string }

func (c *ctrlD) Read(p []byte) (int, error) {
	if len(c.parts) == 0 {
		return 0, io.EOF
	}
	s := c.parts[0]
	c.parts = c.parts[1:]
	if s == "" {
		return 0, io.EOF
	}
	return copy(p, s), nil
}

func TestReadOneEndOfFileEnds(t *testing.T) {
	ps, err := ReadPuzzles(&ctrlD{parts: []string{evilLine + "\n", "", evilLine + "\n", ""}}, "stdin")
	if err != nil || len(ps) != 1 {
		t.Fatalf("%d puzzles, %v; want 1: reading must stop at the first end of file", len(ps), err)
	}
}

func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "is a FIFO") {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadFile blocked on a FIFO")
	}
	if _, err := ReadFile("/dev/null"); err == nil || !strings.Contains(err.Error(), "is a device") {
		t.Errorf("/dev/null: %v", err)
	}
}

// endless yields one enormous line and counts what was read from it.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '1'
	}
	e.read += len(p)
	return len(p), nil
}

func TestReadRefusesEnormousLine(t *testing.T) {
	r := &endless{}
	_, err := ReadPuzzles(r, "big")
	if err == nil || !strings.Contains(err.Error(), "line longer than") {
		t.Fatalf("error %v, want line too long", err)
	}
	if r.read > 4*MaxLineLength {
		t.Errorf("read %d bytes before refusing", r.read)
	}
}

func TestReadFileRefusesHugeFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "huge.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize + 1); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	f.Close()
	_, err = ReadFile(path)
	if err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("error %v, want too large", err)
	}
	if _, err := ReadFile(t.TempDir()); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("error %v for a directory", err)
	}
}

func TestWriteRoundTrip(t *testing.T) {
	ps := []Puzzle{
		{Name: "easy1", Grid: easy1.grid(t)},
		{Name: "evil & <co>", Grid: evil.grid(t)},
		{Name: "123456789", Grid: custom.grid(t)}, // a name that looks like a row
		{Name: "empty", Grid: Grid{}},
		// Found by a new user: names that read as a comment or a row
		// were written as "board5", or as nothing in .sdk.
		{Name: "#12 Sunday", Grid: evil.grid(t)},
		{Name: "[note] 3x3:1a2b", Grid: easy1.grid(t)},
		{Name: "12.74.6.94 .8", Grid: easy1.grid(t)},
	}
	for _, f := range Formats {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			if err := WritePuzzles(&buf, ps, f); err != nil {
				t.Fatal(err)
			}
			got, err := ReadPuzzles(bytes.NewReader(buf.Bytes()), "rt")
			if err != nil {
				t.Fatalf("%v\n%s", err, buf.String())
			}
			if len(got) != len(ps) {
				t.Fatalf("%d puzzles back, want %d\n%s", len(got), len(ps), buf.String())
			}
			for i := range ps {
				if got[i].Grid != ps[i].Grid {
					t.Errorf("puzzle %d changed\n%s", i, buf.String())
				}
			}
			if f == FormatNamed || f == FormatSDK || f == FormatXML {
				for i, p := range ps {
					if p.Name != "empty" && got[i].Name != p.Name {
						t.Errorf("name %q read back as %q\n%s", p.Name, got[i].Name, buf.String())
					}
				}
			}
		})
	}
}

func TestParseAndValidate(t *testing.T) {
	if _, err := Parse(evilLine[:80]); err == nil {
		t.Error("80 characters parsed")
	}
	if _, err := Parse(strings.Replace(evilLine, ".", "x", 1)); err == nil || !strings.Contains(err.Error(), "column 1") {
		t.Errorf("bad character: %v", err)
	}
	g := MustParse(evilLine)
	if g.String() != evilLine || g.Givens() != 26 {
		t.Errorf("round trip %s, %d givens", g, g.Givens())
	}
	for _, tc := range []struct{ in, want string }{
		{"11" + strings.Repeat(".", 79), "digit 1 twice in row 1 (r1c1, r1c2)"},
		{"1........" + "1" + strings.Repeat(".", 71), "digit 1 twice in column 1 (r1c1, r2c1)"},
		{"..3......" + "........." + "3" + strings.Repeat(".", 62), "digit 3 twice in box 1 (r1c3, r3c1)"},
	} {
		err := MustParse(tc.in).Validate()
		if err == nil || err.Error() != tc.want {
			t.Errorf("Validate = %v, want %q", err, tc.want)
		}
	}
}

func TestCandidatesString(t *testing.T) {
	if s := Set(1<<1 | 1<<3 | 1<<6 | 1<<9).String(); s != "{1.3..6..9}" {
		t.Errorf("set %s", s)
	}
	c := easy1.grid(t).Candidates()
	if c[0] != 0 || !c[1].Has(4) || c[1].Count() != 1 {
		t.Errorf("r1c1 %s, r1c2 %s", c[0], c[1])
	}
	lines := strings.Split(strings.TrimSuffix(c.String(), "\n"), "\n")
	if len(lines) != 9 || len(lines[0]) != 9*12 {
		t.Errorf("candidate grid layout: %d lines, first %d wide", len(lines), len(lines[0]))
	}
}

func FuzzReadPuzzles(f *testing.F) {
	f.Add([]byte(easy1Named))
	f.Add([]byte(evilLine + " c\n" + easy1.givens))
	f.Add([]byte("#D x\n" + grid9(evilLine)))
	f.Add([]byte(evil.grid(f).Pretty()))
	f.Add([]byte("<opensudoku><folder name=\"a\"><game data=\"" + evil.grid(f).Digits() + "\"/></folder></opensudoku>"))
	f.Add([]byte(":0901:1:+" + evil.grid(f).Digits()[1:] + ":811 911::151:\n"))
	f.Add([]byte("[Puzzle]\n5.6|918|.23\n-----------\n"))
	f.Add([]byte("name \x1b[2J\n" + evilLine + "x\n"))
	f.Add([]byte("<opensudoku><folder name=\"a\"><game name=\"\u009b\" note=\"\u0085\" data=\"" + evil.grid(f).Digits() + "\"/></folder></opensudoku>"))
	sol, _ := SolveFast(evil.grid(f))
	f.Add([]byte(evilLine + "\n" + sol.Digits() + "\n"))
	f.Add([]byte(`["` + evilLine + `", "` + easy1.givens + `"]`))
	f.Add([]byte("Name\tPuzzle\r\nCafé\t" + evilLine + "\r\n"))
	f.Add([]byte("solutions,quizzes,name\n" + sol.Digits() + "," + evilLine + ",\"a, b\"\n"))
	f.Add([]byte(candidateGrid(evil.grid(f), evil.grid(f).Candidates(), false)))
	f.Add([]byte(candidateGrid(evil.grid(f), evil.grid(f).Candidates(), true)))
	f.Add([]byte(banded(evilLine) + "\n" + strings.ReplaceAll(spaced(lastRowBlank, "\t"), ".", "")))
	f.Add([]byte(evilLine[:40] + " " + evilLine[40:] + " hardest ever\n" + evilLine[:80] + " short\n"))
	f.Add([]byte("#D #12 Sunday\n" + grid9(evilLine) + "\n#D 123456789\n" + grid9(evilLine)))
	f.Add([]byte("[Puzzle]\n" + grid9(evilLine) + "[State]\n" + grid9(evilLine[:9]+strings.Repeat("1", 72)) + "[Solution]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// Skipping bad lines never panics, and keeps every puzzle the
		// strict reading gives (and in the same order).
		var lenient []Puzzle
		skipErr := scanPuzzles(bytes.NewReader(data), "fuzz", func(p Puzzle) error { lenient = append(lenient, p); return nil },
			ScanOptions{Skip: func(e *ParseError) bool { return e.Line > 0 }})
		ps, err := ReadPuzzles(bytes.NewReader(data), "fuzz")
		if err == nil && (skipErr != nil || len(lenient) != len(ps)) {
			t.Fatalf("skipping read %d puzzles (%v), strict %d", len(lenient), skipErr, len(ps))
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		for _, p := range ps {
			// Names and comments are safe to print to a terminal.
			if _, col := controlRune(p.Name + p.Comment); col > 0 {
				t.Fatalf("control character in name %q or comment %q", p.Name, p.Comment)
			}
			// A saved game's digits only in cells with no given, its
			// marks only in cells empty in both.
			for i := 0; p.Progress != nil && i < 81; i++ {
				if d, m := p.Progress.Placed[i], p.Progress.Marks[i]; d > 9 || d != 0 && p.Grid[i] != 0 || m&^All != 0 || m != 0 && (d != 0 || p.Grid[i] != 0) {
					t.Fatalf("cell %d holds %d, placed %d, marks %v", i, p.Grid[i], d, m)
				}
			}
			// Candidates only in empty cells: two digits 1-9 or more.
			for i := 0; p.Cands != nil && i < 81; i++ {
				if c := p.Cands[i]; (p.Grid[i] == 0) != (c != 0) || c&^All != 0 || c != 0 && c.Count() < 2 {
					t.Fatalf("cell %d holds %d with candidates %v", i, p.Grid[i], c)
				}
			}
		}
		var buf bytes.Buffer
		if err := WritePuzzles(&buf, ps, FormatLine); err != nil {
			t.Fatal(err)
		}
		back, err := ReadPuzzles(&buf, "back")
		if err != nil || len(back) != len(ps) {
			t.Fatalf("line round trip: %v", err)
		}
		for i := range ps {
			if back[i].Grid != ps[i].Grid {
				t.Fatal("line round trip changed a board")
			}
		}
		// The named layout keeps every name (NameLine).
		buf.Reset()
		if err := WritePuzzles(&buf, ps, FormatNamed); err != nil {
			t.Fatal(err)
		}
		back, err = ReadPuzzles(&buf, "back")
		if err != nil || len(back) != len(ps) {
			t.Fatalf("named round trip: %v\n%s", err, buf.String())
		}
		for i := range ps {
			if want := strings.Join(strings.Fields(ps[i].Name), " "); back[i].Grid != ps[i].Grid || want != "" && back[i].Name != want {
				t.Fatalf("named round trip: %q read back as %q\n%s", want, back[i].Name, buf.String())
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add(evilLine)
	f.Add(strings.Repeat("0", 81))
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			return
		}
		if back, err := Parse(g.String()); err != nil || back != g {
			t.Fatalf("round trip of %q", s)
		}
		_ = g.Validate()
		_ = g.Candidates()
	})
}

// grid9 writes an 81-character board as nine rows.
func grid9(s string) string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		b.WriteString(s[9*r:9*r+9] + "\n")
	}
	return b.String()
}

// spaced writes an 81-character board as nine rows with sep between cells.
func spaced(s, sep string) string {
	var b strings.Builder
	for r := 0; r < 9; r++ {
		b.WriteString(strings.Join(strings.Split(s[9*r:9*r+9], ""), sep) + "\n")
	}
	return b.String()
}

var _ io.Reader = (*endless)(nil)

// TestBareBoardFastPath compares ReadPuzzles, which takes bare 81-cell
// lines on a fast path, with the general line parser alone, in the
// contexts around such lines: names, skipped .sdk sections, an unfinished
// grid, all-dash boards, CRLF, comments.
func TestBareBoardFastPath(t *testing.T) {
	general := func(in string) ([]Puzzle, error) {
		var out []Puzzle
		tr := &textReader{file: "in", base: "in", fn: func(p Puzzle) error { out = append(out, p); return nil }}
		lines := strings.SplitAfter(in, "\n")
		for n, line := range lines {
			if line == "" {
				continue
			}
			if err := tr.line(n+1, strings.TrimRight(line, "\r\n")); err != nil {
				return nil, err
			}
		}
		if tr.rows > 0 {
			return nil, errors.New("unfinished board")
		}
		return out, nil
	}
	dashes := strings.Repeat("-", 81)
	for _, in := range []string{
		evilLine + "\n" + easy1.givens + "\n",
		"first one\n" + evilLine + "\n" + evilLine + "\n",
		"[State]\n" + evilLine + "\n\n" + easy1.givens + "\n",
		dashes + "\n" + strings.ReplaceAll(evilLine, ".", "0") + "\n",
		evilLine + "\r\n" + evilLine + "  a comment\n" + evilLine,
		// An 81-cell line inside a grid is an error, not a board.
		strings.Replace(grid9(easy1.givens), "\n", "\n"+evilLine+"\n", 1),
		evilLine[:80] + "x\n" + evilLine + "\n",
	} {
		want, wantErr := general(in)
		got, err := ReadPuzzles(strings.NewReader(in), "in")
		if (err != nil) != (wantErr != nil) {
			t.Errorf("%q: error %v, general parser %v", in, err, wantErr)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("%q: %d puzzles, general parser %d", in, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: puzzle %d is %+v, general parser %+v", in, i+1, got[i], want[i])
			}
		}
	}
}

// TestValidateAgreesWithConflicts: Validate's quick pass reports a conflict
// exactly when Conflicts finds one, and then the first of them.
func TestValidateAgreesWithConflicts(t *testing.T) {
	rng := NewRand(3)
	bad := 0
	for k := 0; k < 2000; k++ {
		var g Grid
		for j := rng.IntN(30); j > 0; j-- {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		cs := g.Conflicts()
		err := g.Validate()
		if len(cs) == 0 {
			if err != nil {
				t.Fatalf("%s: Validate says %v, Conflicts finds none", g, err)
			}
			continue
		}
		bad++
		var ce *ConflictError
		if !errors.As(err, &ce) || ce.Conflict != cs[0] {
			t.Fatalf("%s: Validate says %v, want %v", g, err, cs[0])
		}
	}
	if bad == 0 || bad == 2000 {
		t.Fatalf("%d of 2000 random boards had conflicts: the sample is one-sided", bad)
	}
}

func TestScanPuzzlesStreams(t *testing.T) {
	stop := errors.New("enough")
	n := 0
	err := ScanPuzzles(strings.NewReader(strings.Repeat(evilLine+"\n", 10)), "f.txt", func(p Puzzle) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if err != stop || n != 3 {
		t.Errorf("stopped with %v after %d puzzles, want %v after 3", err, n, stop)
	}
	// Puzzles before a bad line are handed over, then the error comes.
	var got []Puzzle
	err = ScanPuzzles(strings.NewReader(evilLine+"\n"+evilLine+"\nrow x\n.........\n"), "f.txt", func(p Puzzle) error {
		got = append(got, p)
		return nil
	})
	if len(got) != 2 || err == nil || !strings.HasPrefix(err.Error(), "f.txt:") {
		t.Errorf("%d puzzles, %v", len(got), err)
	}
	// XML streams too.
	n = 0
	xmlIn := "<opensudoku><folder>" + strings.Repeat("<game data=\""+evilLine+"\"/>", 5) + "</folder></opensudoku>"
	if err := ScanPuzzles(strings.NewReader(xmlIn), "f.xml", func(Puzzle) error { n++; return stop }); err != stop || n != 1 {
		t.Errorf("XML: %v after %d", err, n)
	}
}

// A file with a few bad lines gives its good puzzles when the caller
// skips the bad lines, and says which they were.
func TestScanFileSkipping(t *testing.T) {
	good := "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
	path := filepath.Join(t.TempDir(), "some-bad.txt")
	os.WriteFile(path, []byte(good+"\n"+"5300700006001950000980000600x0060003400803001700020006060000280000419005000080079\n"+good+"\n12345\n"), 0o644)
	var ps []Puzzle
	var bad []string
	err := ScanFileSkipping(path, nil, func(p Puzzle) error { ps = append(ps, p); return nil },
		func(e *ParseError) bool { bad = append(bad, e.Error()); return true })
	if err != nil || len(ps) != 2 || len(bad) != 2 {
		t.Fatalf("err %v, %d puzzles, skipped %q", err, len(ps), bad)
	}
	if !strings.Contains(bad[0], "some-bad.txt:2") || !strings.Contains(bad[1], "some-bad.txt:4") {
		t.Errorf("skipped %q, want lines 2 and 4 named", bad)
	}
	if _, err := ReadFile(path); err == nil {
		t.Error("ReadFile took a file with bad lines")
	}
}

// A row alone before a board on one line is skipped by itself: the
// board after it is read (it was dropped with the row).
func TestScanSkippingRowBeforeBoard(t *testing.T) {
	in := evilLine + "\n4...3....\n" + easy1.givens + "\n" + evilLine + "\n"
	var ps []Puzzle
	var bad []string
	err := ScanPuzzlesSkipping(strings.NewReader(in), "f.txt", func(p Puzzle) error { ps = append(ps, p); return nil },
		func(e *ParseError) bool { bad = append(bad, e.Error()); return true })
	if err != nil || len(ps) != 3 || len(bad) != 1 || !strings.HasPrefix(bad[0], "f.txt:2: ") {
		t.Fatalf("err %v, %d puzzles, skipped %q; want 3 puzzles and line 2 skipped", err, len(ps), bad)
	}
	if ps[1].Line != 3 || ps[2].Line != 4 {
		t.Errorf("puzzles from lines %d, %d, %d; want 1, 3, 4", ps[0].Line, ps[1].Line, ps[2].Line)
	}
}

// Names that rate --format csv wrote with an apostrophe before what a
// spreadsheet takes for a formula read back as they were ("'=SUM(A1)"
// stayed so in every command).
func TestCSVNamesReadBackAsWritten(t *testing.T) {
	in := "puzzle,level,er,technique,ep,ed,name\n"
	want := []string{"=SUM(A1)", "'=x", "-5 is odd", "'plain", "@home"}
	for _, name := range []string{"'=SUM(A1)", "''=x", "'-5 is odd", "'plain", "'@home"} {
		in += evilLine + ",hard,4.2,X-Wing,1.2,1.2," + name + "\n"
	}
	ps, err := ReadPuzzles(strings.NewReader(in), "f.csv")
	if err != nil || len(ps) != len(want) {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	for k, p := range ps {
		if p.Name != want[k] {
			t.Errorf("name %d: %q, want %q", k+1, p.Name, want[k])
		}
	}
}

// soloX6 is a 6×6 X board as a Solo game ID.
const soloX6 = "2x3x:h6_3_1_2l3_5_1_4h"

// TestMixedShapesFile checks that a file mixing classic puzzles with
// boards of other shapes is read as a board file when one of those shows
// in its first 64 KB, whatever line it is on (a Solo game ID after a
// classic line used to be taken as the next board's name, or dropped),
// and that a classic file's name lines that only look like one do not
// make it a board file.
func TestMixedShapesFile(t *testing.T) {
	if _, err := ParseSoloID(soloX6); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"classic, then a Solo game ID", evilLine + "\n" + soloX6 + "\n", true},
		{"a Solo game ID, then classic", soloX6 + "\n" + evilLine + "\n", true},
		{"classic, then a 6×6 line", evilLine + "\n" + strings.Repeat("1.3.5.", 6) + " six\n", true},
		{"byte-order mark, then a Solo game ID", "\xEF\xBB\xBF" + soloX6 + "\n", true},
		{"byte-order mark, then a block", "\xEF\xBB\xBFboard 6 x\n", true},
		{"classic only", evilLine + "\n" + evilLine + "\n", false},
		{"classic with names like IDs", "12:30 start\n" + strings.Repeat(".........\n", 9) + "\n3x3:notes\n" + evilLine + "\n", false},
		{"classic with a 16-character name", evilLine + "\neasy-puzzle-0001\n" + evilLine + "\n", false},
		{"a stray line, then a killer's block", "sudoku generate: seed 1\nboard 9 killer: easy\n" + strings.Repeat(".........\n", 9), true},
		{"a stray line, then a 6×6 block", "made by hand\nboard 6\n" + strings.Repeat("......\n", 6), true},
		{"classic with names like block headers", evilLine + "\nBoard 9\n" + evilLine + "\nboard 12 from the paper\n" + evilLine + "\n", false},
		{"a broken Solo game ID first", "3x3:zz\n" + evilLine + "\n", true},
		// Seed 002's layout, a name over nine rows, with names shaped as
		// our header: "board 1: a side from 4 to 16" and the like.
		{"a name shaped as a header of another side over classic rows", "Board 1\n" + grid9(evilLine), false},
		{"a name shaped as a 4×4 header over classic rows", "board 4\n" + grid9(evilLine), false},
		{"a name shaped as a 16×16 header over classic rows", "Board 16\n\n" + grid9(evilLine), false},
		{"a name shaped as a header with a word it does not take", "board 9 easy\n" + grid9(evilLine), false},
		{"a 4×4 block", "board 4\n1...\n....\n....\n...4\n", true},
		// A first line of junk as long as a 6×6 board is no board: the
		// 20,000 puzzles after it were refused as a bad 6×6 file.
		{"36 characters of junk first", "yc@xytye#xyaerat@!xqaaaae#ra!ty!w!!t arx\n" + evilLine + "\n", false},
		{"a 6×6 line with a mistake first", "1.3.5." + "x.3.5." + strings.Repeat("1.3.5.", 4) + "\n", true},
		{"a broken Solo game ID with j first", "9j:1\n" + evilLine + "\n", true},
		{"a Solo game ID cut by the end of the sample", strings.Repeat(evilLine+"\n", 799) + soloX6[:10], false},
	} {
		if got := IsBoardFile([]byte(tc.text)); got != tc.want {
			t.Errorf("%s: IsBoardFile = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A block header with a side too large to be a number is a header
	// (the reader says the side is out of range), not a name.
	huge := "board 99999999999999999999\n" + evilLine + "\n"
	if !IsBoardFile([]byte(huge)) {
		t.Error("a block header with a huge side is not seen as one")
	}
	if _, err := ReadBoards(strings.NewReader(huge), "h.txt"); err == nil || !strings.Contains(err.Error(), "h.txt:1: board 99999999999999999999: a side from 4 to 16") {
		t.Errorf("a huge side: %v", err)
	}
	ps, err := ReadBoards(strings.NewReader(evilLine+"\n"+soloX6+" x6\n"), "m.txt")
	if err != nil || len(ps) != 2 || ps[1].Name != "x6" || ps[1].Board.Geo.N != 6 {
		t.Fatalf("reading the mixed file: %v, %+v", err, ps)
	}
}

// Reading on past bad lines (the window's way), a line longer than 64 KB
// is skipped like any other bad line: it ended the read, and the puzzles
// after it were lost.
func TestSkippingALongLine(t *testing.T) {
	in := evilLine + "\n" + strings.Repeat("x", 2<<20) + "\n" + evilLine + "\n" + "name\n" + evilLine + "\n"
	var ps []Puzzle
	var skipped []string
	err := scanPuzzles(strings.NewReader(in), "f.txt", func(p Puzzle) error { ps = append(ps, p); return nil },
		ScanOptions{Skip: func(e *ParseError) bool { skipped = append(skipped, e.Error()); return true }})
	if err != nil || len(ps) != 3 || ps[2].Name != "name" {
		t.Fatalf("%v, %d puzzles", err, len(ps))
	}
	if len(skipped) != 1 || !strings.HasPrefix(skipped[0], "f.txt:2: line longer than 64 KB") {
		t.Errorf("skipped %q", skipped)
	}
	// The long line last, with no end of line.
	ps, skipped = nil, nil
	err = scanPuzzles(strings.NewReader(evilLine+"\n"+strings.Repeat("x", 200<<10)), "f.txt", func(p Puzzle) error { ps = append(ps, p); return nil },
		ScanOptions{Skip: func(e *ParseError) bool { skipped = append(skipped, e.Error()); return true }})
	if err != nil || len(ps) != 1 || len(skipped) != 1 {
		t.Errorf("a long last line: %v, %d puzzles, skipped %q", err, len(ps), skipped)
	}
	// Read strictly (the commands), it ends the read as before.
	if _, err := ReadPuzzles(strings.NewReader(in), "f.txt"); err == nil || !strings.Contains(err.Error(), "f.txt:2: line longer than 64 KB") {
		t.Errorf("strict: %v", err)
	}
}

// A file of old Mac line ends: the carriage return ends the line, and
// what follows it is the next board, not a comment ("... save it with LF
// or CRLF line ends in the comment").
func TestCarriageReturnNotInAComment(t *testing.T) {
	_, err := ReadPuzzles(strings.NewReader(evilLine+"\r"+evilLine+"\r"+evilLine+"\r"), "f.txt")
	if err == nil || !strings.HasSuffix(err.Error(), "save it with LF or CRLF line ends") {
		t.Errorf("error %v", err)
	}
}

// candidateGrid writes a position with its candidates as HoDoKu copies it
// (".---.", "| 4  1679 |", "'---'") or, with se, as Sudoku Explainer does
// ("*---*", "|---+---|").
func candidateGrid(g Grid, c Candidates, se bool) string {
	cell := func(i int) string {
		if g[i] != 0 {
			return string('0' + rune(g[i]))
		}
		var b []byte
		for _, d := range c[i].Digits() {
			b = append(b, '0'+d)
		}
		return string(b)
	}
	width := make([]int, 9)
	for i := range 81 {
		width[i%9] = max(width[i%9], len(cell(i)))
	}
	border := func(left, mid, right string) string {
		var parts []string
		for b := range 3 {
			n := 1
			for k := range 3 {
				n += width[3*b+k] + 1
			}
			parts = append(parts, strings.Repeat("-", n))
		}
		return left + strings.Join(parts, mid) + right + "\n"
	}
	var sb strings.Builder
	top, mid, bottom := [3]string{".", ".", "."}, [3]string{":", "+", ":"}, [3]string{"'", "'", "'"}
	if se {
		top, mid, bottom = [3]string{"*", "-", "*"}, [3]string{"|", "+", "|"}, [3]string{"*", "-", "*"}
	}
	sb.WriteString(border(top[0], top[1], top[2]))
	for r := range 9 {
		if r == 3 || r == 6 {
			sb.WriteString(border(mid[0], mid[1], mid[2]))
		}
		for c := range 9 {
			if c%3 == 0 {
				sb.WriteString("| ")
			}
			sb.WriteString(fmt.Sprintf("%-*s ", width[c], cell(9*r+c)))
		}
		sb.WriteString("|\n")
	}
	sb.WriteString(border(bottom[0], bottom[1], bottom[2]))
	return sb.String()
}

// A position copied with its pencil marks (HoDoKu's and Sudoku Explainer's
// grids of candidates) reads as its digits and its candidates; such a grid
// was "line has 57 cells, want 81". HoDoKu's plain grid, bordered with
// dots and quotes, was "row has 25 cells, want 9".
func TestReadCandidateGrids(t *testing.T) {
	ev := evil.grid(t)
	sol, _ := Parse(evil.solution)
	c := ev.Candidates()
	taken := 0
	for i := range 81 {
		if ev[i] == 0 && c[i].Count() > 2 && taken < 5 {
			for _, d := range c[i].Digits() {
				if d != sol[i] {
					c[i] &^= 1 << d // a mark the player ruled out
					taken++
					break
				}
			}
		}
	}
	// A cell with one candidate reads as holding it: the grid cannot tell
	// it from a given.
	want, wantCands := ev, c
	for i := range 81 {
		if c[i].Count() == 1 {
			want[i], wantCands[i] = c[i].Single(), 0
		}
	}
	for _, se := range []bool{false, true} {
		text := "a position\n" + candidateGrid(ev, c, se)
		ps, err := ReadPuzzles(strings.NewReader(text), "in")
		if err != nil {
			t.Fatalf("se %v: %v\n%s", se, err, text)
		}
		if len(ps) != 1 || ps[0].Grid != want || ps[0].Cands == nil || *ps[0].Cands != wantCands || ps[0].Name != "a position" || ps[0].Line != 3 {
			t.Fatalf("se %v: read %+v\n%s", se, ps, text)
		}
	}
	// A board of rows of single digits and blanks has no candidates.
	var plain strings.Builder
	plain.WriteString(".-------.-------.-------.\n")
	for r := range 9 {
		if r == 3 || r == 6 {
			plain.WriteString(":-------+-------+-------:\n")
		}
		for b := range 3 {
			plain.WriteString("| " + strings.Join(strings.Split(evilLine[9*r+3*b:9*r+3*b+3], ""), " ") + " ")
		}
		plain.WriteString("|\n")
	}
	plain.WriteString("'-------'-------'-------'\n")
	ps, err := ReadPuzzles(strings.NewReader(plain.String()), "in")
	if err != nil || len(ps) != 1 || ps[0].Grid != ev || ps[0].Cands != nil {
		t.Fatalf("HoDoKu's plain grid: %v %+v\n%s", err, ps, plain.String())
	}
	// Rows of nine dots and dashes are blanks still, not borders.
	checkRead(t, "-.-------\n"+strings.Join(strings.Fields(grid9(evilLine))[1:], "\n")+"\n", []Grid{func() Grid { g := ev; clear(g[:9]); return g }()}, nil)
}

// CandidateGrid's text reads back as the position it wrote.
func TestCandidateGridReadsBack(t *testing.T) {
	ev := evil.grid(t)
	c := ev.Candidates()
	for i := range c {
		if c[i].Count() > 2 {
			c[i] &^= 1 << c[i].Digits()[1]
		}
	}
	text := CandidateGrid(ev, c)
	ps, err := ReadPuzzles(strings.NewReader(text), "in")
	if err != nil || len(ps) != 1 || ps[0].Cands == nil {
		t.Fatalf("%v %+v\n%s", err, ps, text)
	}
	for i := range 81 {
		want, cands := ev[i], c[i]
		if want == 0 && cands.Count() == 1 {
			want, cands = cands.Single(), 0
		}
		if ps[0].Grid[i] != want || ps[0].Cands[i] != cands {
			t.Fatalf("%s: %d %v, want %d %v\n%s", CellName(i), ps[0].Grid[i], ps[0].Cands[i], want, cands, text)
		}
	}
	if strings.Contains(text, "  |") && !strings.HasPrefix(text, ".--") {
		t.Errorf("not HoDoKu's frame:\n%s", text)
	}
}

// A position as forum posts give it: wrapped in [code] tags (a section of
// .sdk's to skip, it read "no puzzles found"), a word in brackets between
// puzzles (it skipped the rest of the file without a word), candidates in
// any order; a row of candidates that is wrong says what is wrong (it was
// "line has 31 cells, want 81").
func TestReadForumPositions(t *testing.T) {
	ev := evil.grid(t)
	c := ev.Candidates()
	text := candidateGrid(ev, c, false)
	pos, posCands := ev, c // as read: a cell of one candidate holds it
	for i := range 81 {
		if c[i].Count() == 1 {
			pos[i], posCands[i] = c[i].Single(), 0
		}
	}
	checkRead(t, "[code]\n"+text+"[/code]\n[note]\n"+evilLine+"\n[quote=Someone]\n"+evilLine+"\n", []Grid{pos, ev, ev}, nil)
	row := strings.Split(text, "\n")[1] // "| 79   1     4679   | …"
	f := strings.Fields(strings.ReplaceAll(row, "|", " "))
	var multi int
	for k, x := range f {
		if len(x) > 2 {
			multi = k
			break
		}
	}
	reversed := []byte(f[multi])
	slices.Reverse(reversed)
	for _, tc := range []struct{ field, want string }{
		{string(reversed), ""}, // any order
		{f[multi] + f[multi][:1], fmt.Sprintf("twice among the candidates of column %d's cell", multi+1)},
		{f[multi][:1] + "0" + f[multi][1:], fmt.Sprintf("'0' among the candidates of column %d's cell", multi+1)},
		{"1234567891", fmt.Sprintf("1 twice among the candidates of column %d's cell", multi+1)}, // (ten digits was "line has 40 cells")
	} {
		g := slices.Clone(f)
		g[multi] = tc.field
		in := strings.Replace(text, row, "| "+strings.Join(g, " ")+" |", 1)
		ps, err := ReadPuzzles(strings.NewReader(in), "in")
		switch {
		case tc.want == "" && (err != nil || len(ps) != 1 || *ps[0].Cands != posCands):
			t.Errorf("%s: %v %v", tc.field, err, ps)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), "in:2: ") || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.field, err, tc.want)
		}
	}
	in := strings.Replace(text, row, "| "+strings.Join(f[1:], " ")+" |", 1)
	if _, err := ReadPuzzles(strings.NewReader(in), "in"); err == nil || !strings.Contains(err.Error(), "in:2: a row of candidates has 8 cells, want 9") {
		t.Errorf("eight cells: %v", err)
	}
}

// A shell's pipe keeps its whole name: its puzzles were "63 #1".
func TestBaseNameOfAPipe(t *testing.T) {
	for in, want := range map[string]string{"/dev/fd/63": "/dev/fd/63", "/proc/self/fd/0": "/proc/self/fd/0", "/a/b/c.txt": "c.txt", `x\y.sdk`: "y.sdk", "z": "z"} {
		if got := BaseName(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// A row skipped by a lenient reading takes the rest of its board with it:
// read as a board of their own, its rows were a second error ("the board
// has 8 rows") or, with no blank line after them, joined the next board's
// rows into a puzzle the file does not hold.
func TestSkippedRowDropsItsBoard(t *testing.T) {
	rows := strings.Split(strings.TrimSuffix(grid9(evilLine), "\n"), "\n")
	bad := slices.Clone(rows)
	bad[2] = bad[2][:8] // row 3: eight cells
	for _, sep := range []string{"\n", "\n\n"} {
		in := strings.Join(bad, "\n") + sep + grid9(easy1.givens)
		var got []Puzzle
		var errs []string
		err := scanPuzzles(strings.NewReader(in), "in", func(p Puzzle) error { got = append(got, p); return nil },
			ScanOptions{Skip: func(e *ParseError) bool { errs = append(errs, e.Error()); return true }})
		if err != nil || len(got) != 1 || got[0].Grid != easy1.grid(t) || len(errs) != 1 || errs[0] != "in:3: row has 8 cells, want 9" {
			t.Errorf("separated by %q: %v, %d puzzles, errors %q", sep, err, len(got), errs)
		}
	}
}

// A game a file saved is read with its puzzle (it was dropped, and the
// game started again from the givens without a word): HoDoKu's library,
// its '+' digits placed and its candidates taken out; OpenSudoku's saved
// games, their editable cells' values and their notes.
func TestReadSavedProgress(t *testing.T) {
	e1 := easy1.grid(t)
	first := strings.IndexByte(easy1.givens, '.') // an empty cell
	// r1c7 loses one of its candidates.
	gone := e1.Candidates()[6].Digits()[0]
	hodoku := ":0000:x:" + easy1.givens[:first] + "+4" + easy1.givens[first+1:] + fmt.Sprintf(":%d17::\n", gone)
	ps, err := ReadPuzzles(strings.NewReader(hodoku), "h.txt")
	if err != nil || len(ps) != 1 || ps[0].Grid != e1 || ps[0].Progress == nil {
		t.Fatalf("HoDoKu: %v %+v", err, ps)
	}
	p := ps[0].Progress
	if p.Placed[first] != 4 || slices.ContainsFunc(p.Placed[:first], func(d uint8) bool { return d != 0 }) {
		t.Errorf("HoDoKu: placed %v", p.Placed)
	}
	// The marks are the candidates, less the one taken out.
	var now Grid = e1
	now[first] = 4
	c := now.Candidates()
	c[6] &^= 1 << gone
	for i := range c {
		if now[i] != 0 {
			c[i] = 0
		}
		if p.Marks[i] != c[i] {
			t.Errorf("HoDoKu: r%dc%d marks %v, want %v", i/9+1, i%9+1, p.Marks[i], c[i])
		}
	}
	// Without '+' or candidates taken out, no progress.
	if ps, _ := ReadPuzzles(strings.NewReader(":0000:x:"+easy1.givens+":::\n"), "h.txt"); len(ps) != 1 || ps[0].Progress != nil {
		t.Errorf("HoDoKu without progress: %+v", ps)
	}

	var fields []string
	for i, d := range e1 {
		switch {
		case d != 0:
			fields = append(fields, fmt.Sprintf("%d|0|0", d))
		case i == first:
			fields = append(fields, "7|0|1")
		case i == first+1:
			fields = append(fields, "0|6,9,|1")
		default:
			fields = append(fields, "0|0|1")
		}
	}
	xml := `<opensudoku><folder name="f"><game data="version: 1&#10;` + strings.Join(fields, "|") + `|"/></folder></opensudoku>`
	ps, err = ReadPuzzles(strings.NewReader(xml), "o.opensudoku")
	if err != nil || len(ps) != 1 || ps[0].Grid != e1 || ps[0].Progress == nil {
		t.Fatalf("OpenSudoku: %v %+v", err, ps)
	}
	p = ps[0].Progress
	if p.Placed[first] != 7 || e1[first+1] == 0 && p.Marks[first+1] != 1<<6|1<<9 {
		t.Errorf("OpenSudoku: placed %d, marks %v", p.Placed[first], p.Marks[first+1])
	}

	// SadMan's .sdk: the [State] after the [Puzzle], its rows the givens
	// and the digits placed since.
	state := []byte(easy1.givens)
	state[first] = '4'
	sdk := "[Puzzle]\n#DHalf done\n" + grid9(easy1.givens) + "[State]\n" + grid9(string(state)) + "[Solution]\n" + grid9(easy1.solution)
	ps, err = ReadPuzzles(strings.NewReader(sdk), "s.sdk")
	if err != nil || len(ps) != 1 || ps[0].Grid != e1 || ps[0].Name != "Half done" || ps[0].Progress == nil || ps[0].Progress.Placed[first] != 4 {
		t.Fatalf("SadMan: %v %+v", err, ps)
	}
	// Without a [State], the puzzle alone; two puzzles, each its own.
	ps, err = ReadPuzzles(strings.NewReader("[Puzzle]\n"+grid9(easy1.givens)+"\n[Puzzle]\n"+grid9(evilLine)+"[State]\n"+grid9(evilLine)), "s.sdk")
	if err != nil || len(ps) != 2 || ps[0].Grid != e1 || ps[0].Progress != nil || ps[1].Grid != evil.grid(t) || ps[1].Progress != nil {
		t.Fatalf("SadMan, two puzzles: %v %+v", err, ps)
	}
}

// A game saved is written as SadMan's [State] (its digits) and as
// OpenSudoku's saved game (digits and notes), and reads back as it was.
func TestWriteSavedGame(t *testing.T) {
	e1 := easy1.grid(t)
	var pr Progress
	blanks := 0
	for i, d := range e1 {
		if d != 0 {
			continue
		}
		switch blanks++; blanks {
		case 1, 2:
			pr.Placed[i] = MustParse(easy1.solution)[i]
		case 3:
			pr.Placed[i] = 9 // a wrong digit is the player's too
		case 4, 5:
			pr.Marks[i] = 1<<2 | 1<<7
		}
	}
	in := []Puzzle{{Name: "Half done", Grid: e1, Progress: &pr}, {Name: "fresh", Grid: evil.grid(t)}}
	for _, f := range []Format{FormatSDK, FormatXML} {
		var buf bytes.Buffer
		if err := WritePuzzles(&buf, in, f); err != nil {
			t.Fatal(err)
		}
		ps, err := ReadPuzzles(bytes.NewReader(buf.Bytes()), "back")
		if err != nil || len(ps) != 2 || ps[0].Grid != e1 || ps[0].Progress == nil || ps[1].Progress != nil {
			t.Fatalf("%s: %v %+v\n%s", f, err, ps, buf.String())
		}
		got := *ps[0].Progress
		want := pr
		if f == FormatSDK {
			want.Marks = Candidates{} // a [State] holds digits only
		}
		if got != want {
			t.Errorf("%s: read back %+v, want %+v\n%s", f, got, want, buf.String())
		}
	}
}
