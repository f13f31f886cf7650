package logic

var fishTechnique = [5]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}

// findFish: when a digit's places in k rows (the base) all lie in k
// columns (the cover), those columns hold the digit in these rows, so it
// leaves the columns' other cells; and the same with rows and columns
// swapped. k is 2 (X-Wing), 3 (Swordfish) or 4 (Jellyfish). O(9·2·C(9,k)).
func findFish(f *finder, s *state, k int) bool {
	t := fishTechnique[k]
	var lines [9]int
	for d := uint8(1); d <= 9; d++ {
		for o := 0; o < 2; o++ {
			n := 0
			for j := 0; j < 9; j++ {
				if cnt := popcount16(s.pos[d][o*9+j]); cnt >= 2 && cnt <= k {
					lines[n] = o*9 + j
					n++
				}
			}
			if n < k {
				continue
			}
			for m := uint32(1)<<k - 1; m < 1<<n; m = nextCombination(m) {
				var cover uint16
				var base cellSet
				for j := 0; j < n; j++ {
					if m&(1<<j) != 0 {
						cover |= s.pos[d][lines[j]]
						base = base.or(unitSet[lines[j]])
					}
				}
				if popcount16(cover) != k {
					continue
				}
				var coverCells cellSet
				for c := cover; c != 0; c &= c - 1 {
					coverCells = coverCells.or(unitSet[(1-o)*9+lowBit(c)])
				}
				elim := s.where[d].and(coverCells).andNot(base)
				if elim.empty() {
					continue
				}
				f.em.cur.elim[d] = elim
				if f.em.hit(t, func(st *Step) {
					var baseUnits, coverUnits []int
					for j := 0; j < n; j++ {
						if m&(1<<j) != 0 {
							baseUnits = append(baseUnits, lines[j])
						}
					}
					for c := cover; c != 0; c &= c - 1 {
						coverUnits = append(coverUnits, (1-o)*9+lowBit(c))
					}
					st.Units = units(append(append([]int{}, baseUnits...), coverUnits...)...)
					cells := s.where[d].and(base)
					st.Cells = cells.cells()
					st.Pattern = pattern(cells, d)
					st.Text = "In " + unitNames(baseUnits) + ", " + itoa(d) + " can only go in " + unitNames(coverUnits) +
						", so the " + itoa(d) + "s of those " + lineWord(1-o) + " are in these " + lineWord(o) + ": " +
						removal(st.Eliminations) + "."
				}) {
					return true
				}
			}
		}
	}
	return f.em.n > 0
}

// lineWord is "rows" for orientation 0 and "columns" for 1.
func lineWord(o int) string {
	if o == 0 {
		return "rows"
	}
	return "columns"
}
