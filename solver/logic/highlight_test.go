package logic

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"example.com/sudoku/solver"
)

// Every cell a forcing chain's explanation names is lit by its step:
// the branches of a cell or region forcing chain share their target, and
// only the first branch's way back was lit (r2c3's 6 and r7c3 unlit in a
// region chain over box 1; r4c6, r9c7, r9c6 and r8c5 in a cell chain).
func TestChainStepsLightTheirCells(t *testing.T) {
	cellName := regexp.MustCompile(`r(\d)c(\d)`)
	kinds := map[Technique]int{}
	for _, p := range []string{
		"...69..8.........3.42.35....25..986.8.......2.615..73....12.97.2.........5..78...",
		".....57..5.73.1...4.17....9..3....5..9.....6..5....1..8....76.5...1.93.4..48.....",
		"..8.5...3..47...1239.....4...72.....5.......9.....14...7.....5183...57..1...7.2..",
	} {
		for _, st := range stepsOf(t, p) {
			if st.Score < 7 {
				continue
			}
			kinds[st.Technique]++
			lit := map[int]bool{}
			for _, c := range st.Cells {
				lit[c] = true
			}
			for _, cs := range [][]Candidate{st.Pattern, st.Other, st.Eliminations, st.Placements} {
				for _, c := range cs {
					lit[c.Cell] = true
				}
			}
			for _, un := range st.Units {
				for _, c := range un.Cells() {
					lit[int(c)] = true
				}
			}
			for _, m := range cellName.FindAllStringSubmatch(st.Text, -1) {
				r, _ := strconv.Atoi(m[1])
				c, _ := strconv.Atoi(m[2])
				if !lit[9*(r-1)+c-1] {
					t.Errorf("%s: %s is named and not lit: %s", st.Title(), m[0], st.Text)
				}
			}
		}
	}
	if kinds[CellForcingChain] == 0 || kinds[RegionForcingChain] == 0 {
		t.Errorf("no cell or region forcing chain among the steps: %v", kinds)
	}
}

// A Turbot fish says its pattern (two units with two places each, one
// end of each seeing the other) before its chain: a learner looking for
// the skyscraper or kite the name promises got the chain alone.
var turbotLeadText = regexp.MustCompile(`^(In|A skyscraper: in|A 2-string kite: in) (row|column|box) [1-9] and (row|column|box) [1-9], [1-9] has two places each \(`)

func TestTurbotFishSaysItsPattern(t *testing.T) {
	n := 0
	for _, st := range stepsOf(t, "61..57..27......8..3...9.....5..46.8....9....9.35..4.....9...7..5......68..76..15") {
		if st.Technique != TurbotFish {
			continue
		}
		n++
		// Its units named (a learner looks for them on the board).
		if !turbotLeadText.MatchString(st.Text) || len(st.Units) != 2 || !strings.Contains(st.Text, "which sees both, cannot be. Suppose ") {
			t.Errorf("%s", st.Text)
		}
	}
	if n == 0 {
		t.Fatal("no Turbot fish on the path")
	}
	if lead := turbotLead(nil, []int{1, 0, 3}); lead != "" {
		t.Errorf("a short chain got a lead: %q", lead)
	}
}

// SolveFrom from the givens' own candidates walks Solve's path, step for
// step; from fewer candidates (an elimination made) it does not make
// that elimination again.
func TestSolveFromWalksSolvesPath(t *testing.T) {
	for _, p := range []string{
		"61..57..27......8..3...9.....5..46.8....9....9.35..4.....9...7..5......68..76..15",
		"..8.5...3..47...1239.....4...72.....5.......9.....14...7.....5183...57..1...7.2..",
	} {
		want := stepsOf(t, p)
		g := solver.MustParse(p)
		got := SolveFrom(g, g.Candidates())
		if len(got) != len(want) {
			t.Fatalf("%d steps, Solve %d", len(got), len(want))
		}
		for k := range want {
			if got[k].Text != want[k].Text {
				t.Fatalf("step %d: %q, Solve %q", k+1, got[k].Text, want[k].Text)
			}
		}
		// The first elimination-only step made beforehand: not made again.
		for k, st := range want {
			if len(st.Placements) > 0 {
				continue
			}
			b, c := g, g.Candidates()
			for _, s := range want[:k+1] {
				s.Apply(&b, &c)
			}
			for _, s := range SolveFrom(b, c) {
				if s.Text == st.Text {
					t.Errorf("the step made beforehand is made again: %s", st.Text)
				}
			}
			break
		}
	}
}

// A Turbot fish by contradiction ("Suppose r4c2 is not 6: … So r4c2 must
// be 6") names the units of its three strong links for the hint's first
// press, where it lit its five cells, the answer among them.
func TestTurbotByContradictionHasItsUnits(t *testing.T) {
	n := 0
	for _, st := range stepsOf(t, "5284.1.93.7.2.851.1..5.928.8.5.174.2237684951.14.258...827931.57518463293..152..8") {
		if st.Technique != TurbotFish || !strings.Contains(st.Text, "Suppose r4c2 is not 6") {
			continue
		}
		n++
		// And says so: a learner saw a chain with no pattern named.
		if lead := "In box 4, row 7 and row 4, 6 has two places each (r4c2 or "; !strings.HasPrefix(st.Text, lead) || !strings.Contains(st.Text, "closing a loop through r4c2. Suppose") {
			t.Errorf("text %q, want it to start %q", st.Text, lead)
		}
		var names []string
		for _, u := range st.Units {
			names = append(names, u.String())
		}
		if got := strings.Join(names, ", "); got != "box 4, row 7, row 4" {
			t.Errorf("units %q", got)
		}
	}
	if n == 0 {
		t.Fatal("no such step on the path")
	}
}

// A learner is told why: a 2-string kite and a skyscraper are named as
// such (SE calls both a Turbot fish), a unique rectangle of type 4 says
// why neither cell can hold the other digit (its cells in reading
// order), and a BUG of type 1 names and lights the unit where its digit
// has three places.
func TestTechniquesSayWhy(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range []string{
		"12.74.6.94..8......89..3.1....4.2..1..........4.6..9..3...2...62....6.....8...4..",
		"1.3..7.9...683.7.....4.1............264.....7.716.4..8....4...6..7......59.....1.",
		"61..57..27......8..3...9.....5..46.8....9....9.35..4.....9...7..5......68..76..15",
		".2.......4......8...921...5..483.7.......7.2....52.1..3...4....6.7......8..9.534.",
	} {
		for _, st := range stepsOf(t, p) {
			switch {
			case st.Technique == TurbotFish && strings.HasPrefix(st.Text, "A 2-string kite: in "):
				seen["kite"] = true
			case st.Technique == TurbotFish && strings.HasPrefix(st.Text, "A skyscraper: in "):
				seen["skyscraper"] = true
			case st.Name == "Unique rectangle type 4":
				seen["ur4"] = true
				if !regexp.MustCompile(`can only go in (r\dc\d) and (r\dc\d), so one of them is \d\. If either were \d, the other would be \d and the four cells would hold only \d and \d, so neither can be \d: `).MatchString(st.Text) {
					t.Errorf("%s", st.Text)
				}
				if m := regexp.MustCompile(`can only go in (r\dc\d) and (r\dc\d)`).FindStringSubmatch(st.Text); m != nil && m[1] > m[2] {
					t.Errorf("cells out of order: %s", st.Text)
				}
			case st.Technique == AlignedPairExclusion:
				// which combinations fail, said
				seen["ape"] = true
				if !regexp.MustCompile(`\. With \d in r\dc\d, r\dc\d can hold none of its candidates: \d would (empty r\dc\d \(\d+\)|repeat it in their unit)`).MatchString(st.Text) {
					t.Errorf("%s", st.Text)
				}
			case st.Name == "BUG type 1":
				seen["bug1"] = true
				if !regexp.MustCompile(` \(\d has three places in (row|column|box) \d: r\dc\d, r\dc\d and r\dc\d\), so `).MatchString(st.Text) || len(st.Units) == 0 {
					t.Errorf("%s (units %v)", st.Text, st.Units)
				}
			}
		}
	}
	for _, k := range []string{"kite", "skyscraper", "ur4", "bug1", "ape"} {
		if !seen[k] {
			t.Errorf("no %s among the steps", k)
		}
	}
	// A chain's facts in brackets: all up to seven, "and 1 more" hid one.
	ids := []int{2, 4, 6, 8, 10, 12, 14}
	if got := factList(ids); strings.Contains(got, "more") || strings.Count(got, " not ") != 7 {
		t.Errorf("seven facts: %q", got)
	}
	if got := factList(append(ids, 16)); !strings.HasSuffix(got, " and 2 more") {
		t.Errorf("eight facts: %q", got)
	}
}

// Steps say why, for a learner, in these words:
//   - a direct step that places a digit in a cell left with no other
//     candidate says so: SE's scale names the pattern (a direct hidden
//     pair, 2.0, below a naked single's 2.3), and a learner who saw the
//     cell's lone mark took the pattern for the way to find it;
//   - a chain says why each "must be" follows, the digit's other place
//     in a unit or the cell's other candidate (a learner could not check
//     "then r3c7 must be 8" without working out the candidates), static
//     chains and cell and region forcing chains alike (55 of the latter's
//     links were unexplained).
func TestStepsSayWhy(t *testing.T) {
	for _, c := range []struct {
		technique Technique
		puzzle    string
		ending    string // the step's text, or its end
	}{
		{DirectHiddenPair, "...7..2......643..1...2..49.5.2.3.17..3...8..92.4.7.3.53..7...8..193......2..5...",
			"In row 3, 5 and 7 can only go in r3c3 and r3c7, so those cells hold nothing else and 6 can only go in r3c2, so it goes there. r3c2 has no other candidate left, so it is a naked single too."},
		{ForcingChain, "8..7......19.8.....4..39.6.5..8.......15942.......2..5.8.91..5.....2.19......7..6",
			"Suppose r4c9 is 3: then r4c9 cannot be 9, then r1c9 must be 9 (the other place for 9 in column 9), then r1c9 cannot be 1, then r1c6 must be 1 (the other place for 1 in row 1), then r4c6 cannot be 1, then r4c6 must be 3 (its other candidate), then r4c9 cannot be 3, a contradiction. So r4c9 cannot be 3."},
		{CellForcingChain, "3.5..1...4..3..2...79..63...51..4..8.........8..6..49...28..14...4..2..3...5..6.9",
			"if r5c3 is 6, then r2c3 cannot be 6, then r1c2 must be 6 (the other place for 6 in box 1), then r1c2 cannot be 2, then r6c2 must be 2 (the other place for 2 in column 2), then r6c2 cannot be 3; if r5c3 is 7, then r6c3 cannot be 7, then r6c3 must be 3 (its other candidate), then r6c2 cannot be 3."},
	} {
		found := false
		for _, st := range stepsOf(t, c.puzzle) {
			found = found || st.Technique == c.technique && strings.HasSuffix(st.Text, c.ending)
		}
		if !found {
			t.Errorf("no %s step ending %q", c.technique, c.ending)
		}
	}
}
