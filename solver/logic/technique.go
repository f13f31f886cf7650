package logic

import "strconv"

// Technique names a kind of step. The techniques are Sudoku Explainer's,
// in the order SE tries its rules; a step's own score (Step.Score) is the
// technique's base score, raised for chains by their length and for
// uniqueness loops by their size.
type Technique uint8

// The techniques, in the order they are tried.
const (
	None                    Technique = iota // no step (the rating of a full board)
	FullHouse                                // the last empty cell of a unit (SE: hidden single, 1.0)
	HiddenSingleBox                          // the only place for a digit in a box
	HiddenSingleColumn                       // the only place for a digit in a column
	HiddenSingleRow                          // the only place for a digit in a row
	DirectPointing                           // a box's digit confined to a line leaves a hidden single in another box
	DirectClaiming                           // a line's digit confined to a box leaves a hidden single in another line
	DirectHiddenPair                         // a hidden pair that leaves a hidden single in its unit
	NakedSingle                              // the only candidate of a cell
	DirectHiddenTriple                       // a hidden triple that leaves a hidden single in its unit
	Pointing                                 // a box's digit confined to one line
	Claiming                                 // a line's digit confined to one box
	NakedPair                                // two cells of a unit with the same two candidates
	XWing                                    // a digit in two lines confined to two cross lines
	HiddenPair                               // two digits with the same two places in a unit
	NakedTriple                              // three cells of a unit with three candidates between them
	Swordfish                                // fish of size 3
	HiddenTriple                             // three digits with three places between them in a unit
	XYWing                                   // a bivalue pivot with two bivalue pincers
	XYZWing                                  // a trivalue pivot with two bivalue pincers
	UniqueRectangle                          // unique rectangles and loops, types 1 to 4
	NakedQuad                                // four cells of a unit with four candidates between them
	Jellyfish                                // fish of size 4
	HiddenQuad                               // four digits with four places between them in a unit
	BUG                                      // bivalue universal grave, types 1 to 4
	AlignedPairExclusion                     // two cells whose pairs of digits are limited by the cells they both see
	XCycle                                   // a loop of strong and weak links of one digit (SE: bidirectional X-cycle)
	YCycle                                   // a loop of bivalue cells (SE: bidirectional Y-cycle)
	TurbotFish                               // a forcing X-chain of six candidates (skyscraper, kite, turbot)
	XChain                                   // a chain of one digit that refutes or proves its start (SE: forcing X-chain)
	XYCycle                                  // a loop mixing cells and units (SE: bidirectional cycle)
	ForcingChain                             // a chain mixing cells and units (SE: forcing chain)
	AlignedTripletExclusion                  // three cells whose triples of digits are limited by the cells they see
	NishioForcingChain                       // a candidate whose hidden singles lead to a contradiction
	CellForcingChain                         // every candidate of a cell leads to the same conclusion
	RegionForcingChain                       // every place of a digit in a unit leads to the same conclusion
	DynamicContradiction                     // a candidate, on or off, leads to a contradiction (dynamic chains)
	DynamicDouble                            // a candidate on and off lead to the same conclusion
	DynamicCell                              // every candidate of a cell leads to the same conclusion (dynamic)
	DynamicRegion                            // every place of a digit in a unit leads to the same conclusion (dynamic)
	Trial                                    // a candidate refuted by exhaustive search (a last resort SE does not have)
	numTechniques
)

type techInfo struct {
	name  string
	score uint8 // tenths of a point: the lowest score of a step
}

var techTable = [numTechniques]techInfo{
	None:                    {"None", 0},
	FullHouse:               {"Full house", 10},
	HiddenSingleBox:         {"Hidden single (box)", 12},
	HiddenSingleColumn:      {"Hidden single (column)", 15},
	HiddenSingleRow:         {"Hidden single (row)", 15},
	DirectPointing:          {"Direct pointing", 17},
	DirectClaiming:          {"Direct claiming", 19},
	DirectHiddenPair:        {"Direct hidden pair", 20},
	NakedSingle:             {"Naked single", 23},
	DirectHiddenTriple:      {"Direct hidden triple", 25},
	Pointing:                {"Pointing", 26},
	Claiming:                {"Claiming", 28},
	NakedPair:               {"Naked pair", 30},
	XWing:                   {"X-Wing", 32},
	HiddenPair:              {"Hidden pair", 34},
	NakedTriple:             {"Naked triple", 36},
	Swordfish:               {"Swordfish", 38},
	HiddenTriple:            {"Hidden triple", 40},
	XYWing:                  {"XY-Wing", 42},
	XYZWing:                 {"XYZ-Wing", 44},
	UniqueRectangle:         {"Unique rectangle", 45},
	NakedQuad:               {"Naked quad", 50},
	Jellyfish:               {"Jellyfish", 52},
	HiddenQuad:              {"Hidden quad", 54},
	BUG:                     {"BUG", 56},
	AlignedPairExclusion:    {"Aligned pair exclusion", 62},
	XCycle:                  {"X-Cycle", 65},
	YCycle:                  {"Y-Cycle", 65},
	TurbotFish:              {"Turbot fish", 66},
	XChain:                  {"X-Chain", 66},
	XYCycle:                 {"XY-Cycle", 70},
	ForcingChain:            {"Forcing chain", 70},
	AlignedTripletExclusion: {"Aligned triplet exclusion", 75},
	NishioForcingChain:      {"Nishio forcing chain", 75},
	CellForcingChain:        {"Cell forcing chains", 80},
	RegionForcingChain:      {"Region forcing chains", 80},
	DynamicContradiction:    {"Dynamic contradiction forcing chains", 85},
	DynamicDouble:           {"Dynamic double forcing chains", 85},
	DynamicCell:             {"Dynamic cell forcing chains", 85},
	DynamicRegion:           {"Dynamic region forcing chains", 85},
	Trial:                   {"Trial", 200},
}

// Techniques lists every technique in the order the solver tries them.
func Techniques() []Technique {
	out := make([]Technique, 0, numTechniques-1)
	for t := FullHouse; t < numTechniques; t++ {
		out = append(out, t)
	}
	return out
}

func (t Technique) info() techInfo {
	if t < numTechniques {
		return techTable[t]
	}
	if t >= killerBase && t < killerEnd {
		return killerTable[t-killerBase]
	}
	return techInfo{name: "Technique(" + strconv.Itoa(int(t)) + ")"}
}

// String is the technique's name, as in "Hidden single (box)".
func (t Technique) String() string { return t.info().name }

// Score is the technique's lowest score on Sudoku Explainer's scale; a
// step's own score can be higher (longer chains, larger loops, nested
// chains).
func (t Technique) Score() float64 { return float64(t.info().score) / 10 }

// Level is the level of a puzzle whose hardest step has the technique's
// lowest score.
func (t Technique) Level() Level { return LevelOf(t.Score()) }

// uniqueness reports whether t assumes the puzzle has one solution.
func (t Technique) uniqueness() bool { return t == UniqueRectangle || t == BUG }

// candidatesOf lists the candidates of per-digit cell sets in cell, then
// digit order.
func candidatesOf(ds *[10]cellSet) []Candidate {
	var all cellSet
	for d := 1; d <= 9; d++ {
		all = all.or(ds[d])
	}
	if all.empty() {
		return nil
	}
	var out []Candidate
	for t := all; !t.empty(); {
		i := t.pop()
		for d := uint8(1); d <= 9; d++ {
			if ds[d].has(i) {
				out = append(out, Candidate{i, d})
			}
		}
	}
	return out
}
