package solver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// The classic geometry has the units and peers of the 9×9 tables.
func TestClassicGeometryMatchesGrid(t *testing.T) {
	g := Classic
	if !g.IsClassic() || g.NumUnits() != 27 || g.Cells() != 81 {
		t.Fatalf("Classic: %s, %d units", g.Name(), g.NumUnits())
	}
	for u := 0; u < 27; u++ {
		for k, c := range g.Unit(u) {
			if uint8(c) != units[u][k] {
				t.Fatalf("unit %d: cell %d is %d, want %d", u, k, c, units[u][k])
			}
		}
	}
	for i := 0; i < 81; i++ {
		ps := g.Peers(i)
		if len(ps) != 20 {
			t.Fatalf("cell %d has %d peers", i, len(ps))
		}
		for k, p := range ps {
			if uint8(p) != peers[i][k] {
				t.Fatalf("cell %d: peer %d is %d, want %d", i, k, p, peers[i][k])
			}
		}
	}
}

// Every box shape: each unit has N cells and each symbol's peers are the
// cells sharing a row, column, box or (X) diagonal.
func TestBoxGeometries(t *testing.T) {
	for _, c := range []struct {
		w, h int
		x    bool
		name string
	}{
		{2, 2, false, "4×4"}, {3, 2, false, "6×6 (3×2 boxes)"}, {4, 2, false, "8×8 (4×2 boxes)"},
		{3, 3, true, "9×9 X"}, {4, 3, false, "12×12 (4×3 boxes)"}, {4, 4, true, "16×16 X"},
	} {
		g, err := NewBoxes(c.w, c.h, c.x)
		if err != nil {
			t.Fatal(err)
		}
		if g.Name() != c.name {
			t.Errorf("Name = %q, want %q", g.Name(), c.name)
		}
		n := g.N
		for u := 0; u < g.NumUnits(); u++ {
			if len(g.Unit(u)) != n {
				t.Errorf("%s: %s has %d cells", g.Name(), g.UnitName(u), len(g.Unit(u)))
			}
		}
		for i := 0; i < n*n; i++ {
			want := 0
			for j := 0; j < n*n; j++ {
				ri, ci, rj, cj := i/n, i%n, j/n, j%n
				box := ri/c.h == rj/c.h && ci/c.w == cj/c.w
				diag := c.x && ((ri == ci && rj == cj) || (ri+ci == n-1 && rj+cj == n-1))
				if j != i && (ri == rj || ci == cj || box || diag) {
					want++
				}
			}
			if got := len(g.Peers(i)); got != want {
				t.Fatalf("%s: %s has %d peers, want %d", g.Name(), g.CellName(i), got, want)
			}
		}
	}
	for _, bad := range [][2]int{{1, 4}, {5, 4}, {1, 1}, {2, 1}} {
		if _, err := NewBoxes(bad[0], bad[1], false); err == nil {
			t.Errorf("NewBoxes(%d, %d) accepted", bad[0], bad[1])
		}
	}
}

func TestJigsawRegionsAreChecked(t *testing.T) {
	// 4×4: two L-shapes and two others, all joined.
	ok := []uint8{
		0, 0, 0, 1,
		0, 2, 1, 1,
		2, 2, 3, 1,
		2, 3, 3, 3,
	}
	g, err := NewJigsaw(4, ok, false)
	if err != nil {
		t.Fatal(err)
	}
	if !g.Jigsaw() || g.Region(5) != 2 || g.UnitName(2*4+2) != "the region of r2c2" {
		t.Errorf("jigsaw: region(5)=%d, %s", g.Region(5), g.UnitName(10))
	}
	for _, c := range []struct {
		region []uint8
		want   string
	}{
		{[]uint8{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}, ""},                               // rows as regions: allowed
		{[]uint8{0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 0}, "the region of r1c1 has 5 cells"}, // named by a cell a board shows, not a number
		{[]uint8{0, 0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 2, 3, 3, 0, 3}, "in pieces"},
		{[]uint8{0, 0, 0, 4, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3}, "region 5"},
		{[]uint8{0, 0, 0}, "needs a region for each"},
	} {
		_, err := NewJigsaw(4, c.region, false)
		if c.want == "" {
			if err != nil {
				t.Errorf("%v: %v", c.region, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want one saying %q", c.region, err, c.want)
		}
	}
}

// readSoloIDs reads testdata/solo-ids.txt: game IDs made by Solo itself.
func readSoloIDs(t testing.TB) []string {
	f, err := os.Open("../testdata/solo-ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" && line[0] != '#' {
			ids = append(ids, line)
		}
	}
	return ids
}

// Solo's own puzzles of every shape read, write back to the same ID, and
// have exactly one solution that keeps the givens and the rules, by every
// algorithm fast enough for the size.
func TestSoloPuzzlesSolve(t *testing.T) {
	ids := readSoloIDs(t)
	if len(ids) < 40 {
		t.Fatalf("%d game IDs in testdata", len(ids))
	}
	shapes := map[string]bool{}
	for _, id := range ids {
		b, err := ParseSoloID(id)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		shapes[b.Geo.Name()] = true
		if got := b.SoloID(); got != id {
			t.Errorf("%s written back as %s", id, got)
		}
		algos := []Algorithm{CP, MRV, Fast}
		if b.Geo.N <= 9 {
			algos = append(algos, DFS, LCV)
		}
		for _, a := range algos {
			r := SolveBoard(context.Background(), b, Options{Algorithm: a, Limit: 2})
			if r.Status != Solved || r.Solutions != 1 {
				t.Fatalf("%s with %s: %v, %d solutions (%v)", id, a, r.Status, r.Solutions, r.Err)
			}
			checkBoardSolution(t, id, b, r.Solution)
		}
	}
	for _, want := range []string{"4×4", "6×6 (3×2 boxes)", "8×8 (4×2 boxes)", "9×9", "9×9 X", "12×12 (4×3 boxes)", "16×16", "9×9 jigsaw", "9×9 jigsaw X", "6×6 jigsaw", "12×12 jigsaw"} {
		if !shapes[want] {
			t.Errorf("no %s puzzle among the game IDs", want)
		}
	}
}

func checkBoardSolution(t *testing.T, id string, puzzle, sol Board) {
	t.Helper()
	if sol.Givens() != len(sol.Cells) {
		t.Fatalf("%s: solution has blanks: %s", id, sol)
	}
	if err := sol.Validate(); err != nil {
		t.Fatalf("%s: solution breaks a rule: %v", id, err)
	}
	for i, d := range puzzle.Cells {
		if d != 0 && sol.Cells[i] != d {
			t.Fatalf("%s: solution changes the given at %s", id, puzzle.Geo.CellName(i))
		}
	}
}

// On classic boards every algorithm agrees with the Grid solvers.
func TestSolveBoardAgreesWithSolveOnClassic(t *testing.T) {
	for _, s := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", // hard
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
	} {
		g := MustParse(s)
		want := Solve(context.Background(), g, Options{Algorithm: CP, Limit: 2})
		for _, a := range []Algorithm{DFS, MRV, LCV, CP, Fast} {
			r := SolveBoard(context.Background(), BoardOf(g), Options{Algorithm: a, Limit: 2})
			if r.Solutions != want.Solutions || r.Solution.String() != BoardOf(want.Solution).String() {
				t.Errorf("%s on %s: %d solutions %s, want %d %s", a, s, r.Solutions, r.Solution, want.Solutions, want.Solution)
			}
		}
	}
}

func TestSolveBoardReportsProblems(t *testing.T) {
	g, _ := NewBoxes(3, 2, false)
	b := NewBoard(g)
	b.Cells[0], b.Cells[4] = 5, 5 // both in row 1
	r := SolveBoard(context.Background(), b, Options{Algorithm: CP})
	if r.Status != Invalid || !errors.Is(r.Err, ErrConflict) || !strings.Contains(r.Err.Error(), "5 twice in row 1 (r1c1, r1c5)") {
		t.Errorf("conflict: %v %v", r.Status, r.Err)
	}
	// An empty 6×6 has many solutions: counting stops at the limit.
	if n := CountBoard(context.Background(), NewBoard(g), 2); n != 2 {
		t.Errorf("empty 6×6: %d solutions counted, want 2", n)
	}
	// An empty 16×16 is solved, and a cancelled search says so.
	g16, _ := NewBoxes(4, 4, false)
	r = SolveBoard(context.Background(), NewBoard(g16), Options{Algorithm: CP})
	if r.Status != Solved {
		t.Errorf("empty 16×16: %v", r.Status)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r = SolveBoard(ctx, NewBoard(g16), Options{Algorithm: DFS, Limit: 1 << 30})
	if r.Status != Cancelled {
		t.Errorf("cancelled: %v", r.Status)
	}
	// Two cells that must hold the same last symbol: no solution.
	g4, _ := NewBoxes(2, 2, false)
	u := NewBoard(g4)
	copy(u.Cells, []uint8{1, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 3})
	for _, a := range []Algorithm{DFS, MRV, LCV, CP} {
		if r := SolveBoard(context.Background(), u, Options{Algorithm: a}); r.Status != Unsolvable {
			t.Errorf("%s on an unsolvable 4×4: %v", a, r.Status)
		}
	}
}

func TestSoloIDErrors(t *testing.T) {
	for _, c := range []struct{ id, want string }{
		{"3x3", "no ':'"},
		{"x3:abc", "start with the board's size"},
		{"1x2:a", "4×4 to 16×16"},
		{"5x4:a", "20×20"},
		{"3x3q:a", "unknown flag"},
		{"2x2:a1b", "4 cells, want 16"},
		{"2x2:zz", "more than 16 cells"},
		{"2x2:5o", "not a symbol 1-4"},
		{"2x2:c3_2f2_4c,a", "unexpected ','"},
		{"4j:p", "followed by ',' and its regions"},
		{"3x3k:zzzc,_a,9", "cages: they describe 2 of the 144 line places"},
		{"3x3k:zzzc", "a killer's grid is followed by ',' and its cages"},
		{"2x2k:p,_b_____e_a_a_a_,7_9c7_3_4d10c,", "unexpected ','"},
		{"2x2k:p,_b_____e_a_a_a_,7_9c7_3_4d1_0c", "sums: \"0\" at character 13 is not a number 1-10"},
		{"2x2k:p,_b_____e_a_a_a_,7_9c7_3_4d10b1", "sums: r4c4 holds a sum but is not its cage's first cell"},
		{"2x2k:p,_b_____e_a_a_a_,7_9c7_3_4d5c", "cage of r4c1 (sum 5): 4 different symbols 1-4 add up to 10, not 5"},
		{"4j:p,zzz", "line places"},
		{"4j:p,__________________________", "more than the 24 lines"},
	} {
		_, err := ParseSoloID(c.id)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.id, err, c.want)
		}
	}
	if !IsSoloID("3x3:abc") || !IsSoloID("9jx:1") || IsSoloID("53..7....") || IsSoloID("name: 1") {
		t.Error("IsSoloID")
	}
}

// A symmetry or difficulty flag in a typed ID is skipped.
func TestSoloIDFlagsSkipped(t *testing.T) {
	b, err := ParseSoloID("2x2r4dt:c3_2f2_4c")
	if err != nil || b.Geo.N != 4 || b.SoloID() != "2x2:c3_2f2_4c" {
		t.Errorf("%v %v", b.SoloID(), err)
	}
	b, err = ParseSoloID("3x2:a")
	if err == nil {
		t.Errorf("3x2:a read as %s", b.SoloID())
	}
}

func FuzzParseSoloID(f *testing.F) {
	for _, id := range readSoloIDs(f) {
		f.Add(id)
	}
	f.Add("4j:p,_a_b_c")
	f.Fuzz(func(t *testing.T, id string) {
		b, err := ParseSoloID(id)
		if err != nil {
			return
		}
		again, err := ParseSoloID(b.SoloID())
		if err != nil {
			t.Fatalf("%q read, but its rewrite %q does not: %v", id, b.SoloID(), err)
		}
		if again.String() != b.String() || !again.Geo.Equal(b.Geo) {
			t.Fatalf("%q: rewrite %q reads differently", id, b.SoloID())
		}
	})
}

// A game saved by Solo reads as its game ID (it was "no puzzles found");
// another puzzle's save, or a damaged one, says what it is.
func TestReadSoloSave(t *testing.T) {
	save := func(params, desc string) string {
		return fmt.Sprintf("%s\nVERSION :1:1\nGAME    :4:Solo\nPARAMS  :%d:%s\nCPARAMS :%d:%s\nSEED    :3:123\nDESC    :%d:%s\nAUXINFO :4:abcd\nNSTATES :1:1\nSTATEPOS:1:1\n",
			soloSaveMagic, len(params), params, len(params), params, len(desc), desc)
	}
	id := "2x3k:zj,a__a_____b___a___abaaaaa_aa___a____b__aa_,6a11_4_10a6c7_8a15d11_8_7b6b6c5a5a11a"
	params, desc, _ := strings.Cut(id, ":")
	text := save(params, desc)
	if !IsBoardFile([]byte(text)) {
		t.Fatal("a Solo save is not taken for a board file")
	}
	ps, err := ReadBoards(strings.NewReader(text), "k0.sav")
	want, _ := ParseSoloID(id)
	if err != nil || len(ps) != 1 || ps[0].Board.SoloGameID() != want.SoloGameID() || ps[0].Name != "k0.sav #1" {
		t.Fatalf("%v, %+v", err, ps)
	}
	for _, c := range []struct{ text, want string }{
		{strings.Replace(text, "GAME    :4:Solo", "GAME    :4:Keen", 1), "k0.sav: a save file of Simon Tatham's Keen, not of Solo"},
		{text[:200], "k0.sav:7: a Solo save file cut short"},
		{strings.Replace(text, "PARAMS  :4:", "PARAMS  :x:", 1), `k0.sav:4: a Solo save file's record "PARAMS" has no length`},
		{save("3x3", "zzzzz"), "k0.sav: a Solo save file: game ID 3x3"},
	} {
		if _, err := ReadBoards(strings.NewReader(c.text), "k0.sav"); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v, want %q", err, c.want)
		}
	}
}

func FuzzReadBoards(f *testing.F) {
	f.Add("2x2:c3_2f2_4c\n1.....2.....3.....4.....5.....6..... six\n# c\n")
	f.Add(soloSaveMagic + "\nGAME    :4:Solo\nPARAMS  :3:2x2\nDESC    :8:c3_2f2_4c\n")
	f.Add("12..34..........\n\n4j:p,_a_b_c\n")
	f.Add(killer4 + "\nboard 4 jigsaw killer\n1...\n....\n....\n....\naabb\naabb\nccdd\nccdd\nab..\n..a.\n....\n....\n3 4 . .\n. . 1 .\n. . . .\n. . . .\n")
	f.Add("board 4 jigsaw x: a name\n1 . . .\n. . . .\n. . 2 .\n. . . .\naabb\naabb\nccdd\nccdd\n\nboard 6 2x3\n......\n......\n......\n......\n......\n......\n")
	f.Add("puzzle,level,er,technique,ep,ed,name\n\"6j:d4c6a1c4_5d2_1c1a4c6d,fbaaa___a__abbabc_baab_aac_\",easy,1.2,Hidden single (region),-,-,j6.txt #1\n")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := ReadBoards(strings.NewReader(text), "fuzz")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.File != "fuzz" {
				t.Fatalf("error %v does not name the file", err)
			}
			return
		}
		for _, p := range ps {
			if len(p.Board.Cells) != p.Board.Geo.Cells() || p.Line < 1 || p.Name == "" {
				t.Fatalf("%+v", p)
			}
		}
	})
}

func TestFormatCandidatesMatchesClassic(t *testing.T) {
	g := MustParse(noSolution.givens)
	want := PropagatedCandidates(g).String()
	if got := FormatCandidates(9, PropagatedBoardCandidates(BoardOf(g))); got != want {
		t.Fatalf("general candidate grid\n%s\nwant\n%s", got, want)
	}
	// a 4×4 row: a filled cell, {1.3.}, {1234}, {...4}
	if got, want := FormatCandidates(4, []uint32{0, 1<<1 | 1<<3, 0x1E, 1 << 4}), "{}     {1.3.} {1234} {...4} \n"; got != want {
		t.Fatalf("4×4 row %q, want %q", got, want)
	}
}

func TestClashesAgreeWithConflicts(t *testing.T) {
	g := MustParse("11" + strings.Repeat(".", 79))
	g[9] = 1 // r2c1: the same 1 again in column 1 and box 1
	want := make([]bool, 81)
	for _, c := range g.Conflicts() {
		want[c.Cells[0]], want[c.Cells[1]] = true, true
	}
	got := BoardOf(g).Clashes()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("cell %s: clash %v, want %v", CellName(i), got[i], want[i])
		}
	}
	x, _ := NewBoxes(2, 2, true)
	b := NewBoard(x)
	b.Cells[0], b.Cells[15] = 3, 3 // both ends of the main diagonal
	if c := b.Clashes(); !c[0] || !c[15] || c[5] {
		t.Fatalf("4×4 X diagonal clash not marked: %v", c)
	}
}

// The text format: every shape written by Text reads back the same, with
// its name; errors name the file, line and column.
func TestTextFormatRoundTrip(t *testing.T) {
	f, err := os.Open("../testdata/solo-ids.txt")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ReadBoards(f, "solo-ids")
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for i, p := range ps {
		name := ""
		if i%2 == 0 {
			name = fmt.Sprintf("puzzle %d", i)
		}
		text.WriteString(p.Board.Text(name) + "\n")
	}
	back, err := ReadBoards(strings.NewReader(text.String()), "text")
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(ps) {
		t.Fatalf("%d boards read back, want %d", len(back), len(ps))
	}
	for i := range ps {
		if !back[i].Board.Geo.Equal(ps[i].Board.Geo) || back[i].Board.String() != ps[i].Board.String() {
			t.Fatalf("board %d (%s) came back as %s %s", i, ps[i].Board.Geo.Name(), back[i].Board.Geo.Name(), back[i].Board)
		}
		if named := i%2 == 0; back[i].Named != named || named && back[i].Name != fmt.Sprintf("puzzle %d", i) {
			t.Errorf("board %d: name %q", i, back[i].Name)
		}
	}
	if !IsBoardFile([]byte("# a comment\nboard 9 jigsaw\n")) {
		t.Error("a file of blocks is not a board file")
	}
	for _, c := range []struct{ text, want string }{
		{"board 3\n", "t:1: board 3: a side from 4 to 16"},
		{"board 6 4x2\n", "t:1: boxes 4x2 do not make a 6×6 board"},
		{"board 4 round\n", `t:1: "round" in the header`},
		{"board 4\n1234\n123\n", "t:3: 3 symbols, want 4"},
		{"board 4\n1234\n", "t:1: the board ends after 1 of its 4 rows"},
		{"board 4\n1234\n....\n....\n..5.\n", "t:5:3: '5' is past the last symbol"},
		{"board 4 jigsaw\n....\n....\n....\n....\naabb\naabb\nccdd\nc.dd\n", "t:9:2: '.' is not a region"},
		{"board 4 jigsaw\n....\n....\n....\n....\nabab\nabab\nccdd\nccdd\n", "t:9: regions: region 'a' is in pieces"},
		// A stray letter is named where it is, not where the letters first
		// ran past four; a region of the wrong size by its letter.
		{"board 4 jigsaw\n....\n....\n....\n....\naabb\nzabb\nccdd\nccdd\n", "t:7:1: more than 4 regions: 5 letters, of which 'z' has the fewest cells (1)"},
		{"board 4 jigsaw\n....\n....\n....\n....\naabb\nbabb\nccdd\nccdd\n", "t:6:3: region 'b' has 5 cells, want 4 ('a' has 3)"},
		// A killer's impossible sum is told where it is written.
		{"board 4 killer\n....\n....\n....\n....\naabb\nccdd\neeff\ngghh\n3 . 7 .\n3 . 99 .\n3 . 7 .\n3 . 7 .\n", "t:11:5: the cage of r2c3 (sum 99): 2 different symbols 1-4 add up to 3 to 7"},
		// Not plain text, as in classic files: an escape in a name (it was
		// written out as it was) or a comment, a byte that is not UTF-8.
		{"# x\x1b]0;t\x07\nboard 4\n", "t:1:4: control character U+001B"},
		{"board 4 \x1b[2Jname\n", "t:1:9: control character U+001B"},
		{"board 4\n12\xff4\n", "t:2:3: a byte that is not UTF-8"},
		{"my killers\nboard 4\n", `t:1: "my killers" is not a board`},
		// A letter that is not ASCII names itself, not a count in bytes
		// ("5 symbols, want 4").
		{"board 4\né . . .\n", `t:2:1: 'é' is not a symbol of a 4×4 board`},
		{"board 4\n. . . . \n. € . .\n", `t:3:3: '€' is not a symbol of a 4×4 board`},
	} {
		_, err := ReadBoards(strings.NewReader(c.text), "t")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

// rate --format csv's table of boards of other shapes reads back, the
// IDs with commas quoted, each named by its row's name (the rows were
// refused: "unexpected ',' after the grid").
func TestReadBoardsOfARateTable(t *testing.T) {
	text := `puzzle,level,er,technique,ep,ed,name
3x3x:b7a5a3b3e5b9e8d1a9_5o1_4a6d6e2b3e4b5a8a7b,easy,2.3,Naked single,-,-,x9.txt #1
"6j:d4c6a1c4_5d2_1c1a4c6d,fbaaa___a__abbabc_baab_aac_",easy,1.2,Hidden single (region),-,-,j6.txt #1
`
	if !IsBoardFile([]byte(text)) {
		t.Fatal("not taken for a board file")
	}
	ps, err := ReadBoards(strings.NewReader(text), "r.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Name != "x9.txt #1" || ps[1].Name != "j6.txt #1" || !ps[0].Board.Geo.X || !ps[1].Board.Geo.Jigsaw() {
		t.Fatalf("%d boards: %+v", len(ps), ps)
	}
}

// A file of boards skips its lines that do not read when asked to, as a
// classic file does: one line of text failed the file, with --skip-bad
// and in the window. A block with a bad line goes whole.
func TestReadBoardsSkipping(t *testing.T) {
	k := "2x3k:zj,a__a_____b___a___abaaaaa_aa___a____b__aa_,6a11_4_10a6c7_8a15d11_8_7b6b6c5a5a11a"
	block := "board 4\n1 . . .\n. . . .\n. . 2 .\n. . . .\n"
	badBlock := "board 4\n1 . . .\n. x . .\n. . 2 .\n. . . .\n"
	in := k + "\njunk line\n\n" + badBlock + "\n" + block + "\n" + k + "\n"
	var bad []string
	ps, err := ReadBoardsSkipping(strings.NewReader(in), "f.txt", func(e *ParseError) bool { bad = append(bad, e.Error()); return true })
	if err != nil || len(ps) != 3 || len(bad) != 2 {
		t.Fatalf("%v: %d boards, skipped %q", err, len(ps), bad)
	}
	if !strings.HasPrefix(bad[0], "f.txt:2: ") || !strings.HasPrefix(bad[1], "f.txt:6:") {
		t.Errorf("skipped %q, want lines 2 and 6", bad)
	}
	if _, err := ReadBoards(strings.NewReader(in), "f.txt"); err == nil {
		t.Error("ReadBoards took a file with bad lines")
	}
}
