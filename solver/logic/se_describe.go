package logic

import (
	"math/bits"
	"strings"
)

// Words and highlights for chain steps.

func potWords(id int, strong bool) string {
	ci := id >> 1
	c, v := ci/9, uint8(ci%9+1)
	if id&1 == 1 {
		if strong {
			return name(c) + " must be " + itoa(v)
		}
		return name(c) + " is " + itoa(v)
	}
	if strong {
		return name(c) + " cannot be " + itoa(v)
	}
	return name(c) + " is not " + itoa(v)
}

func potCandidate(id int) Candidate {
	ci := id >> 1
	return Candidate{ci / 9, uint8(ci%9 + 1)}
}

// mainPath follows first parents from id back to the start and returns
// the potentials from the start to id.
func (r *run) mainPath(id int) []int {
	var out []int
	for n := 0; n < nPot; n++ {
		out = append(out, id)
		ps := r.parents(id)
		if len(ps) == 0 {
			break
		}
		id = int(ps[0])
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

// chainSentence writes a path as "if A, then B, then C", and says why
// each "must be" follows, from the position s: "(the other place for 4
// in box 3)", "(its other candidate)". A learner could not check a chain
// whose strong links were not named without working out the candidates.
func chainSentence(s *state, path []int) string {
	var b strings.Builder
	b.WriteString("if " + potWords(path[0], false))
	for k, id := range path[1:] {
		b.WriteString(", then " + potWords(id, true))
		if why := strongWhy(s, path[k], id); why != "" {
			b.WriteString(" (" + why + ")")
		}
	}
	return b.String()
}

// strongWhy says why the potential to (on) follows from from (off): the
// cell's other candidate, or the digit's other place in a unit where it
// has two; "" when to is not on, or no such link holds.
func strongWhy(s *state, from, to int) string {
	if to&1 == 0 || from&1 == 1 {
		return ""
	}
	a, b := potCandidate(from), potCandidate(to)
	switch {
	case a.Cell == b.Cell && a.Digit != b.Digit:
		if bits.OnesCount16(uint16(s.cand[a.Cell])) == 2 {
			return "its other candidate"
		}
	case a.Cell != b.Cell && a.Digit == b.Digit:
		for _, u := range cellUnit[a.Cell] {
			if unitSet[u].has(b.Cell) && bits.OnesCount16(s.pos[a.Digit][u]) == 2 {
				return "the other place for " + itoa(a.Digit) + " in " + unitName(int(u))
			}
		}
	}
	return ""
}

// runSentence is chainSentence for a chaining's path, where a potential
// can follow from more than the one before it (a hidden single needs
// every other place off; a chain's nested rules, several facts): the
// others are named after it, "then r2c3 cannot be 4 (with r3c5 not 4 and
// r3c6 not 4)", at most four; and so is the rule inside the chain that
// gave one, "(the 4s left in row 3 all lie in box 1)", "(by a hidden
// pair)".
//
// A "must be" that follows from its one parent alone says why, as
// chainSentence does, where the position s shows it: the cell's other
// candidate, or the digit's other place in a unit (taken only from s,
// whose candidates a dynamic chain's position has, and more: what holds
// there holds along the chain).
func runSentence(s *state, r *run, path []int) string {
	var b strings.Builder
	b.WriteString("if " + potWords(path[0], false))
	for k, id := range path[1:] {
		b.WriteString(", then " + potWords(id, true))
		var also []int
		for _, q := range r.parents(id) {
			if int(q) != path[k] {
				also = append(also, int(q))
			}
		}
		switch ro := r.ruleOf(id); {
		case ro.rule == ruleNested && len(also) > 0:
			b.WriteString(" (by a chain inside this one: from " + factList(also) + ", " + itoa(uint8(ro.ci%9+1)) + " in " + name(int(ro.ci/9)) + " leads to a contradiction)")
		case ro.rule > 0 && len(also) > 0:
			b.WriteString(" (" + ro.words() + ", with " + factList(also) + ")")
		case ro.rule > 0:
			b.WriteString(" (" + ro.words() + ")")
		case len(also) > 0:
			b.WriteString(" (with " + factList(also) + ")")
		default:
			if why := strongWhy(s, path[k], id); why != "" {
				b.WriteString(" (" + why + ")")
			}
		}
	}
	return b.String()
}

// sideFacts says where the facts in a chain's brackets come from that it
// did not state on its way (path): each such fact with the facts it
// follows from, in an order where those come first or lie on the path,
// "r5c6 must be 5 (from r4c5 7), r6c5 must be 9 (from r5c6 5)". "(with r6c2
// not 9)" named a fact that neither the chain nor its start gave, and the
// learner could not check the link. At most maxSide facts, then how many
// more.
func sideFacts(r *run, path []int) string {
	const maxSide = 24
	stated := map[int]bool{}
	for _, id := range path {
		stated[id] = true
	}
	seen := map[int]bool{}
	var order []int
	var visit func(id int)
	visit = func(id int) {
		if stated[id] || seen[id] {
			return
		}
		seen[id] = true
		for _, q := range r.parents(id) {
			visit(int(q))
		}
		order = append(order, id)
	}
	for k, id := range path[1:] {
		for _, q := range r.parents(id) {
			if int(q) != path[k] {
				visit(int(q))
			}
		}
	}
	var clauses []string
	for k, id := range order {
		if k == maxSide {
			clauses = append(clauses, itoa(uint8(min(len(order)-maxSide, 255)))+" more")
			break
		}
		var ps []int
		for _, q := range r.parents(id) {
			ps = append(ps, int(q))
		}
		from := ""
		if len(ps) > 0 {
			from = "from " + factList(ps)
		}
		if ro := r.ruleOf(id); ro.rule > 0 {
			from = strings.TrimSuffix(ro.words()+", "+from, ", ")
		}
		if from == "" {
			clauses = append(clauses, potWords(id, true))
			continue
		}
		clauses = append(clauses, potWords(id, true)+" ("+from+")")
	}
	return strings.Join(clauses, ", ")
}

// factList writes potentials as "r3c5 not 4, r3c6 not 4 and r1c1 5":
// all of them up to seven, else the first six and how many more.
func factList(ids []int) string {
	var words []string
	for k, id := range ids {
		if k == 6 && len(ids) > 7 {
			// all of them up to seven: "and 1 more" hid a fact that took
			// no more room to name
			words = append(words, itoa(uint8(min(len(ids)-6, 255)))+" more")
			break
		}
		ci := id >> 1
		w := name(ci/9) + " " + itoa(uint8(ci%9+1))
		if id&1 == 0 {
			w = name(ci/9) + " not " + itoa(uint8(ci%9+1))
		}
		words = append(words, w)
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// highlightRun adds the potentials a target goes back to in the run r,
// and their links, to a step. added holds what earlier runs of the step
// added: the branches of a cell or region forcing chain share their
// target, and often potentials on the way, each reached from its own
// branch; every branch's way back is walked (only the first branch's
// cells were lit), and each potential and link is added once.
func highlightRun(st *Step, r *run, target int, added map[[2]int]bool) {
	walked := map[int]bool{}
	var walk func(id int)
	walk = func(id int) {
		if walked[id] {
			return
		}
		walked[id] = true
		if !added[[2]int{id, -1}] {
			added[[2]int{id, -1}] = true
			if id&1 == 1 {
				st.Pattern = append(st.Pattern, potCandidate(id))
			} else {
				st.Other = append(st.Other, potCandidate(id))
			}
		}
		for _, q := range r.parents(id) {
			if link := [2]int{int(q), id}; !added[link] && len(st.Links) < 200 {
				added[link] = true
				st.Links = append(st.Links, Link{From: potCandidate(int(q)), To: potCandidate(id), Strong: id&1 == 1})
			}
			walk(int(q))
		}
	}
	walk(target)
}

// nestSuffix is SE's suffix for chains of a nesting level.
func nestSuffix(level int) string {
	switch level {
	case 1:
		return " (+)"
	case 2:
		return " (+ forcing chains)"
	case 3:
		return " (+ multiple forcing chains)"
	case 4:
		return " (+ dynamic forcing chains)"
	case 5:
		return " (+ dynamic forcing chains (+))"
	}
	return ""
}

func (e *engine) describeChain(st *Step, p *chainPick, m modeInfo) {
	st.Name = st.Technique.String() + nestSuffix(m.level)
	added := map[[2]int]bool{}
	var parts, sides []string
	for k, r := range p.runs {
		highlightRun(st, r, p.targets[k], added)
		path := r.mainPath(p.targets[k])
		parts = append(parts, runSentence(&e.s, r, path))
		sides = append(sides, sideFacts(r, path))
	}
	defer func() { st.Text += sideNote(sides) }()
	concl := potWords(p.target, true)
	ci := p.ci
	switch p.kind {
	case pickContraOff, pickContraOn:
		start := potOn(ci)
		if p.kind == pickContraOn {
			start = potOff(ci)
		}
		st.Cells = []int{ci / 9}
		// "Suppose r1c1 is 4: then …", not "Suppose r1c1 is 4: if r1c1 is
		// 4, then …": the supposition once.
		lead := "if " + potWords(start, false) + ", "
		parts[0], parts[1] = strings.TrimPrefix(parts[0], lead), strings.TrimPrefix(parts[1], lead)
		st.Text = "Suppose " + potWords(start, false) + ": " + parts[0] + "; but also " + parts[1] +
			", a contradiction. So " + concl + "."
	case pickDoubleOn, pickDoubleOff:
		st.Cells = []int{ci / 9}
		st.Text = "Either way: " + parts[0] + "; and " + parts[1] + ". So " + concl + "."
	case pickCellOn, pickCellOff:
		st.Cells = []int{p.cell}
		st.Text = "Whatever " + name(p.cell) + " holds, " + concl + ": " + strings.Join(parts, "; ") + "."
	default:
		st.Units = units(p.unit)
		st.Text = "Wherever " + itoa(p.digit) + " goes in " + unitName(p.unit) + ", " + concl + ": " + strings.Join(parts, "; ") + "."
	}
}

// sideNote is the sentence that says where the bracketed facts of a
// step's chains come from (sideFacts, one a chain), "" when every one of
// them lies on its chain.
func sideNote(sides []string) string {
	var with []int
	for k, s := range sides {
		if s != "" {
			with = append(with, k)
		}
	}
	switch {
	case len(with) == 0:
		return ""
	case len(sides) == 1:
		return " Where the facts in brackets come from: " + sides[0] + "."
	}
	ordinals := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"}
	var b strings.Builder
	b.WriteString(" Where the facts in brackets come from")
	for n, k := range with {
		which := "chain " + itoa(uint8(k+1))
		if k < len(ordinals) {
			which = ordinals[k] + " chain"
		}
		if n == 0 {
			b.WriteString(", in the " + which + ": ")
		} else {
			b.WriteString("; in the " + which + ": ")
		}
		b.WriteString(sides[k])
	}
	b.WriteString(".")
	return b.String()
}

func (e *engine) describeStatic(st *Step, p *staticPick) {
	nodes := p.nodes
	// The path from the start to the last node before the end.
	var path []staticNode
	for n := p.node; n >= 0; n = nodes[n].parent {
		path = append(path, nodes[n])
	}
	for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
		path[a], path[b] = path[b], path[a]
	}
	end := staticNode{ci: int16(p.src), on: p.srcOn}
	if !p.cycle {
		end.on = !p.srcOn
	}
	path = append(path, end)
	ids := make([]int, len(path))
	for k, n := range path {
		id := potOff(int(n.ci))
		if n.on {
			id = potOn(int(n.ci))
		}
		ids[k] = id
		c := potCandidate(id)
		if n.on {
			st.Pattern = append(st.Pattern, c)
		} else {
			st.Other = append(st.Other, c)
		}
		st.Cells = append(st.Cells, c.Cell)
		if k > 0 {
			st.Links = append(st.Links, Link{From: potCandidate(ids[k-1]), To: c, Strong: n.on})
		}
	}
	st.Cells = sortedCells(st.Cells)
	if p.cycle {
		st.Text = "A loop of alternating links: " + chainSentence(&e.s, ids) + ", and the same holds the other way round. " +
			"So whichever way round it holds, a candidate is false if it sees a place of its digit in the loop that is true one way round and another that is true the other way: " + removal(st.Eliminations) + "."
		return
	}
	if us := turbotUnits(&e.s, ids); us != nil {
		// The first press of Hint lights them: where to look, not the
		// cells themselves.
		st.Units = units(us...)
	}
	st.Text = turbotLead(&e.s, ids) + "Suppose " + potWords(ids[0], false) + ": " +
		strings.TrimPrefix(chainSentence(&e.s, ids), "if "+potWords(ids[0], false)+", ") + ", a contradiction. So " +
		potWords(ids[len(ids)-1], true) + "."
}

// turbotLead says a Turbot fish's pattern before its chain (a learner
// looking for the skyscraper or kite got the chain alone): two units
// where the digit has two places each, one place of each seeing the
// other, so one of the far ends holds the digit. ids is the chain: the
// start on, then off, on, off, on along the two strong links, and the
// start off; by contradiction, the start off, then on, off, on, off, on
// along three strong links; any other chain gets no lead.
func turbotLead(s *state, ids []int) string {
	us := turbotUnits(s, ids)
	d := potCandidate(ids[0]).Digit
	cell := func(k int) string { return name(potCandidate(ids[k]).Cell) }
	if len(us) == 3 {
		// The form by contradiction: three strong links closed into a
		// loop through the start (a learner saw no pattern named).
		// ids: the start off, on, off, on, off, on: pairs (0, 1), (2, 3)
		// and (4, 0) in the three units, 1 seeing 2 and 3 seeing 4.
		return "In " + unitName(us[0]) + ", " + unitName(us[1]) + " and " + unitName(us[2]) + ", " + itoa(d) +
			" has two places each (" + cell(0) + " or " + cell(1) + ", " + cell(2) + " or " + cell(3) + ", and " + cell(4) + " or " + cell(0) +
			"), and " + cell(1) + " sees " + cell(2) + " and " + cell(3) + " sees " + cell(4) + ", closing a loop through " + cell(0) + ". "
	}
	if len(us) != 2 {
		return ""
	}
	// The pattern's own name, which SE calls a Turbot fish too: two
	// parallel lines whose ends meet in a cross line (a skyscraper), or a
	// row and a column whose ends meet in a box (a 2-string kite).
	lead := "In "
	a, b := potCandidate(ids[2]).Cell, potCandidate(ids[3]).Cell
	switch k0, k1 := unitKindOf(us[0]), unitKindOf(us[1]); {
	case k0 == 0 && k1 == 0 && a%9 == b%9, k0 == 1 && k1 == 1 && a/9 == b/9:
		lead = "A skyscraper: in "
	case k0 < 2 && k1 < 2 && k0 != k1 && cellUnit[a][2] == cellUnit[b][2]:
		lead = "A 2-string kite: in "
	}
	return lead + unitName(us[0]) + " and " + unitName(us[1]) + ", " + itoa(d) + " has two places each (" + cell(1) + " or " + cell(2) + ", and " + cell(3) + " or " + cell(4) +
		"), and " + cell(2) + " sees " + cell(3) + ", so they are not both " + itoa(d) + ": " + cell(1) + " or " + cell(4) +
		" is " + itoa(d) + ", and " + cell(0) + ", which sees both, cannot be. "
}

// turbotUnits returns the units of a Turbot fish's two strong links (see
// turbotLead): each holds both cells of its link and the digit in those
// two places only. It returns nil for any other chain.
//
// By contradiction from the start off (start off, on, off, on, off, on:
// "Suppose r4c2 is not 6: … So r4c2 must be 6"), it returns the three
// units of its three strong links.
func turbotUnits(s *state, ids []int) []int {
	if len(ids) != 6 {
		return nil
	}
	strong := []int{1, 3} // the links from ids[k] to ids[k+1] that are strong
	switch {
	case ids[0]&1 == 1 && ids[1]&1 == 0 && ids[2]&1 == 1 && ids[3]&1 == 0 && ids[4]&1 == 1:
	case ids[0]&1 == 0 && ids[1]&1 == 1 && ids[2]&1 == 0 && ids[3]&1 == 1 && ids[4]&1 == 0 && ids[5]&1 == 1:
		strong = []int{0, 2, 4}
	default:
		return nil
	}
	d := potCandidate(ids[0]).Digit
	for _, id := range ids {
		if potCandidate(id).Digit != d {
			return nil
		}
	}
	link := func(k int) int {
		a, b := potCandidate(ids[k]).Cell, potCandidate(ids[k+1]).Cell
		for _, u := range cellUnit[a] {
			if unitSet[u].has(b) && bits.OnesCount16(s.pos[d][u]) == 2 {
				return int(u)
			}
		}
		return -1
	}
	var us []int
	for _, k := range strong {
		u := link(k)
		if u < 0 {
			return nil
		}
		us = append(us, u)
	}
	return us
}
