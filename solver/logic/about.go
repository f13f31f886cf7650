package logic

// about explains each technique to a learner: what to look for, and why
// it works. The window's Help → Techniques lists them, and a hint offers
// its technique's.
var about = map[Technique]string{
	FullHouse:               "A row, column or box with one empty cell left: it takes the one digit missing from that unit.",
	HiddenSingleBox:         "A digit that has only one place left in a box, because every other empty cell of the box sees that digit in its row or column: it goes there.",
	HiddenSingleColumn:      "A digit that has only one place left in a column: it goes there.",
	HiddenSingleRow:         "A digit that has only one place left in a row: it goes there.",
	DirectPointing:          "Pointing (a box's places for a digit all in one line) that at once leaves the digit a single place in another box: scored as the hidden single it gives.",
	DirectClaiming:          "Claiming (a line's places for a digit all in one box) that at once leaves the digit a single place in another line.",
	DirectHiddenPair:        "A hidden pair that at once leaves a digit a single place in its unit.",
	NakedSingle:             "A cell with one candidate left: every other digit is in its row, column or box, or was ruled out. It holds that one.",
	DirectHiddenTriple:      "A hidden triple that at once leaves a digit a single place in its unit.",
	Pointing:                "In a box, a digit's places all lie in one row or column: the digit is in that line inside the box, so the line's cells outside the box cannot hold it.",
	Claiming:                "In a row or column, a digit's places all lie in one box: the digit is in that box on the line, so the box's other cells cannot hold it.",
	NakedPair:               "Two cells of a unit with the same two candidates and no other: those two digits go in those two cells, so no other cell of the unit can hold them.",
	XWing:                   "A digit with exactly two places in each of two rows, and those places in the same two columns: the digit sits at opposite corners of that rectangle, so the two columns lose it everywhere else (or rows and columns the other way round).",
	HiddenPair:              "Two digits whose only places in a unit are the same two cells: those cells hold those two digits, so their other candidates go.",
	NakedTriple:             "Three cells of a unit whose candidates together are only three digits: those digits go in those cells, and leave the unit's other cells.",
	Swordfish:               "An X-Wing of three lines: a digit whose places in three rows all lie in three columns fills those columns from those rows, so the columns lose it elsewhere.",
	HiddenTriple:            "Three digits whose places in a unit are only three cells: those cells hold those digits, so their other candidates go.",
	XYWing:                  "A pivot cell with two candidates XY sees two pincer cells XZ and YZ: whichever digit the pivot takes, one pincer is Z, so a cell that sees both pincers cannot be Z.",
	XYZWing:                 "As an XY-Wing, but the pivot holds XYZ: one of the three cells is Z, so a cell that sees all three cannot be Z.",
	UniqueRectangle:         "Four cells on two rows, two columns and two boxes that would all hold only the same two digits could swap them, and the puzzle would have two solutions. A proper puzzle has one, so the extra candidates that break the pattern must be used (types 1 to 4; loops of 6 cells or more are unique loops).",
	NakedQuad:               "Four cells of a unit whose candidates together are only four digits: those digits leave the unit's other cells.",
	Jellyfish:               "Fish of four lines: a digit whose places in four rows all lie in four columns; the columns lose it elsewhere.",
	HiddenQuad:              "Four digits whose places in a unit are only four cells: those cells lose their other candidates.",
	BUG:                     "Bivalue universal grave: if every empty cell held two candidates and every digit two places in each unit, the puzzle would have two solutions. The few extra candidates that break this pattern must be used.",
	AlignedPairExclusion:    "Two cells that see each other, or share cells they both see: a pair of digits for them that would leave a cell they both see (with only those candidates) empty, or repeat a digit, is impossible; a candidate in no possible pair goes.",
	XCycle:                  "A loop of one digit's links: strong (a unit with just two places for it) and weak (two places that see each other), alternating. Every weak link of the loop holds the digit at one end, so other cells seeing both ends of a weak link lose it.",
	YCycle:                  "A loop of cells with two candidates each, each seeing the next: the cells alternate their digits around the loop, so a cell seeing both ends of a link loses the digit they share.",
	TurbotFish:              "A chain of one digit with two strong links joined by a weak one: a skyscraper (two parallel lines whose ends meet in a cross line), a 2-string kite (a row and a column meeting in a box) or a turbot fish (through a box). One of the far ends holds the digit, so a cell seeing both cannot. A loop of three such strong links, in three units, through one cell proves that cell holds the digit.",
	XChain:                  "A chain of one digit's strong and weak links from a candidate to its own refutation (or proof): if it were the digit, it would not be.",
	XYCycle:                 "A loop mixing links in cells (a cell with two candidates) and in units (a digit with two places): as an X-Cycle, it removes candidates that see both ends of a weak link.",
	ForcingChain:            "A chain of implications through cells and units (an XY-Chain, a W-Wing and the like): assuming a candidate true or false leads, link by link, to a contradiction, so the opposite holds.",
	AlignedTripletExclusion: "As aligned pair exclusion, with three cells: a combination of digits for them that would empty a cell they all see, or repeat a digit, is impossible.",
	NishioForcingChain:      "Suppose a candidate is true, and follow the singles and chains it forces: if they lead to a contradiction, it is false.",
	CellForcingChain:        "Try each candidate of one cell in turn: if every one leads to the same conclusion, that conclusion holds whatever the cell holds.",
	RegionForcingChain:      "Try each place a digit has in a unit in turn: if every one leads to the same conclusion, that conclusion holds.",
	DynamicContradiction:    "Forcing chains on the position as it changes along the way: a candidate, taken as true (or false), leads to a contradiction.",
	DynamicDouble:           "A candidate taken as true and as false leads, with dynamic chains, to the same conclusion, which therefore holds.",
	DynamicCell:             "Dynamic chains from every candidate of a cell agree on a conclusion.",
	DynamicRegion:           "Dynamic chains from every place of a digit in a unit agree on a conclusion.",
	Trial:                   "No rule applies: a candidate is tried and a search finds it leaves no solution. This is a guess checked by search, not a human technique.",
	CageLastCell:            "A cage with one empty cell left: it takes what the cage's sum still needs.",
	CageCombination:         "A cage's sum, with its size, allows only some sets of different digits: a candidate that no allowed set has, or that the cage's other cells rule out, goes.",
	Rule45:                  "Each row, column and box adds up to 45 (on 9×9; 1 + 2 + … + N on an N×N board): with the cages inside a unit known, the one cell that sticks in (an innie) or out (an outie) takes the difference.",
	CageUnit:                "A digit every allowed combination of a cage holds must be in the cage: where the cage lies in one row, column or box, that unit's other cells lose the digit (and the reverse: a unit's digit only placeable in the cage).",
	CageSplit:               "A unit cuts a cage into parts whose sums are known: each part is then a cage of its own.",
	Rule45Sum:               "Rule of 45 with two to four innies or outies: their sum is known, which limits their digits as a cage's would.",
	Rule45Units:             "Rule of 45 over several adjacent units together (two rows, a band of boxes): the cells sticking in or out have a known sum.",
}

// About explains the technique to a learner: what to look for and why it
// works; "" for none.
func (t Technique) About() string { return about[t] }
