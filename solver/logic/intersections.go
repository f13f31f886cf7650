package logic

// Locked candidates: where a unit meets another in three cells, a digit
// confined to those cells in one unit cannot be elsewhere in the other.

// Masks of the three rows and three columns of a box by position (0-8),
// and of the three boxes along a line.
var (
	boxRowMasks  = [3]uint16{0x007, 0x038, 0x1C0}
	boxColMasks  = [3]uint16{0x049, 0x092, 0x124}
	lineBoxMasks = [3]uint16{0x007, 0x038, 0x1C0}
)

// findPointing: a digit whose places in a box lie in one row or column
// leaves the rest of that line. O(9·9).
func findPointing(f *finder, s *state) bool {
	for b := 18; b < 27; b++ {
		for d := uint8(1); d <= 9; d++ {
			m := s.pos[d][b]
			if popcount16(m) < 2 {
				continue
			}
			line := -1
			for k := 0; k < 3; k++ {
				if m&^boxRowMasks[k] == 0 {
					line = int(cellUnit[unitCells[b][lowBit(m)]][0])
				} else if m&^boxColMasks[k] == 0 {
					line = int(cellUnit[unitCells[b][lowBit(m)]][1])
				}
			}
			if line < 0 {
				continue
			}
			elim := s.where[d].and(unitSet[line]).andNot(unitSet[b])
			if elim.empty() {
				continue
			}
			f.em.cur.elim[d] = elim
			cells := s.where[d].and(unitSet[b])
			if f.em.hit(Pointing, func(st *Step) {
				st.Units = units(b, line)
				st.Cells = cells.cells()
				st.Pattern = pattern(cells, d)
				st.Text = "In " + unitName(b) + ", " + itoa(d) + " can only go in " + unitName(line) + " (" +
					cellOrList(st.Cells) + "), so " + removal(st.Eliminations) + "."
			}) {
				return true
			}
		}
	}
	return f.em.n > 0
}

// findClaiming: a digit whose places in a row or column lie in one box
// leaves the rest of that box. O(18·9).
func findClaiming(f *finder, s *state) bool {
	for u := 0; u < 18; u++ {
		for d := uint8(1); d <= 9; d++ {
			m := s.pos[d][u]
			if popcount16(m) < 2 {
				continue
			}
			box := -1
			for k := 0; k < 3; k++ {
				if m&^lineBoxMasks[k] == 0 {
					box = int(cellUnit[unitCells[u][lowBit(m)]][2])
				}
			}
			if box < 0 {
				continue
			}
			elim := s.where[d].and(unitSet[box]).andNot(unitSet[u])
			if elim.empty() {
				continue
			}
			f.em.cur.elim[d] = elim
			cells := s.where[d].and(unitSet[u])
			if f.em.hit(Claiming, func(st *Step) {
				st.Units = units(u, box)
				st.Cells = cells.cells()
				st.Pattern = pattern(cells, d)
				st.Text = "In " + unitName(u) + ", " + itoa(d) + " can only go in " + unitName(box) + " (" +
					cellOrList(st.Cells) + "), so " + removal(st.Eliminations) + "."
			}) {
				return true
			}
		}
	}
	return f.em.n > 0
}
