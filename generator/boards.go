package generator

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

// Variant is a kind of board: classic boxes, X, jigsaw, jigsaw X, killer
// or killer X.
type Variant uint8

const (
	Classic Variant = iota // rectangular boxes
	X                      // boxes and both main diagonals
	Jigsaw                 // irregular regions, new for each puzzle
	JigsawX                // irregular regions and both diagonals
	Killer                 // boxes and cages with sums, new for each puzzle, no givens by default
	KillerX                // killer with both main diagonals
)

var variantNames = [...]string{"classic", "x", "jigsaw", "jigsaw-x", "killer", "killer-x"}

func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return fmt.Sprintf("Variant(%d)", uint8(v))
}

// ParseVariant accepts classic, x, jigsaw, jigsaw-x, killer or killer-x
// in any case.
func ParseVariant(s string) (Variant, error) {
	for i, n := range variantNames {
		if strings.EqualFold(s, n) {
			return Variant(i), nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q (want classic, x, jigsaw, jigsaw-x, killer or killer-x)", s)
}

// Sizes lists the board sides the variants come in: boxes from 4×4 to
// 16×16, jigsaws from 6×6 to 12×12, killers from 4×4 to 9×9.
func Sizes(v Variant) []int {
	if v == Jigsaw || v == JigsawX {
		return []int{6, 8, 9, 12}
	}
	if v == Killer || v == KillerX {
		return slices.Clone(killerSizes)
	}
	return []int{4, 6, 8, 9, 12, 16}
}

// maxBoardAttempts bounds GenerateBoard's search for a level that a shape
// seldom or never needs (a 4×4 board never needs more than singles).
const maxBoardAttempts = 400

// boardAttempts is maxBoardAttempts scaled to a board's cells: a small
// board's attempts are cheap, and some levels are rare on it (a 6×6 that
// needs exactly a hard step comes up once in some hundred tries).
func boardAttempts(n int) int { return maxBoardAttempts * max(1, 81*4/(n*n)) }

// ErrRare is wrapped by GenerateBoard's error when it gave up on a level
// the shape seldom needs.
var ErrRare = errors.New("the shape seldom or never needs that level")

// Levels lists the levels GenerateBoard makes for a variant and size in
// reasonable time (measured: see README). On shapes other than classic
// 9×9 the rater knows singles, intersections, subsets, fish, XY- and
// XYZ-Wings (hard), XY-Chains (expert) and forcing chains (insane); a
// small board does not need every level: a 4×4 needs singles only, and a
// classic 6×6 seldom needs exactly locked candidates or forcing chains.
// Killers come in easy, medium, hard and insane (killer.go).
func Levels(v Variant, n int) []logic.Level {
	e, m, h, x, i := logic.Easy, logic.Medium, logic.Hard, logic.Expert, logic.Insane
	switch {
	case v == Classic && n == 9:
		return logic.Levels() // the full rater's
	case n == 4:
		return []logic.Level{e}
	case v == Classic && n == 6:
		return []logic.Level{e, h, x}
	case (v == Jigsaw || v == JigsawX) && n == 12:
		return []logic.Level{e, m, h, x}
	case v == Killer || v == KillerX:
		return killerLevels(v, n)
	}
	return []logic.Level{e, m, h, x, i}
}

// BoardOptions say what GenerateBoard makes.
type BoardOptions struct {
	Variant  Variant
	Size     int         // the side: 4, 6, 8, 9, 12 or 16 (0 means 9)
	Level    logic.Level // the level logic.RateBoard must give
	Seed     int64
	Symmetry Symmetry // of the givens; killer cages have none
	// Givens is how many cells of a killer keep their symbol (0: none, as
	// killer puzzles usually have); other variants take out as many
	// givens as their level allows.
	Givens int
}

// BoardPuzzle is a generated puzzle of any shape.
type BoardPuzzle struct {
	Board    solver.Board // the givens, with the geometry (a jigsaw's regions are drawn anew for each puzzle)
	Solution solver.Board
	Rating   logic.Rating
	Seed     int64
}

// GenerateBoard makes a puzzle of any shape with exactly one solution at
// level opt.Level, reproducibly from opt.Seed, as Generate does for
// classic 9×9: draw a solution, take givens out a symmetric pair at a
// time while the puzzle keeps one solution and needs no technique above
// the level, and start again unless the result needs exactly that level.
// A jigsaw draws its regions first; a killer is made from cages instead
// (see killer.go). It returns ctx.Err() once ctx is done.
func GenerateBoard(ctx context.Context, opt BoardOptions) (BoardPuzzle, error) {
	n := opt.Size
	if n == 0 {
		n = 9
	}
	ok := false
	for _, s := range Sizes(opt.Variant) {
		ok = ok || s == n
	}
	if !ok || opt.Variant > KillerX {
		return BoardPuzzle{}, fmt.Errorf("generator: no %v puzzles of size %d×%d (sizes: %v)", opt.Variant, n, n, Sizes(opt.Variant))
	}
	if opt.Level > logic.Extreme || opt.Level == logic.Extreme && !(opt.Variant == Classic && n == 9) {
		// Extreme (ER 9 and up) is SE's scale, which only classic 9×9 has.
		return BoardPuzzle{}, fmt.Errorf("generator: no %v puzzles of size %d×%d at level %v (levels: %v)", opt.Variant, n, n, opt.Level, Levels(opt.Variant, n))
	}
	if opt.Symmetry > Diagonal {
		return BoardPuzzle{}, fmt.Errorf("generator: unknown symmetry %v", opt.Symmetry)
	}
	if opt.Variant == Classic && n == 9 {
		// Classic 9×9 has the full rater and its own generator.
		p, err := Generate(ctx, Options{Level: opt.Level, Seed: opt.Seed, Symmetry: opt.Symmetry})
		if err != nil {
			return BoardPuzzle{}, err
		}
		return BoardPuzzle{Board: solver.BoardOf(p.Grid), Solution: solver.BoardOf(p.Solution), Rating: p.Rating, Seed: p.Seed}, nil
	}
	if opt.Variant == Killer || opt.Variant == KillerX {
		return generateKiller(ctx, opt, n)
	}
	rng := solver.NewRand(opt.Seed)
	x := opt.Variant == X || opt.Variant == JigsawX
	var geo *solver.Geometry
	if opt.Variant == Classic || opt.Variant == X {
		w, h, _ := solver.DefaultBoxes(n)
		var err error
		if geo, err = solver.NewBoxes(w, h, x); err != nil {
			return BoardPuzzle{}, err
		}
	}
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return BoardPuzzle{}, err
		}
		if attempt == boardAttempts(n) {
			return BoardPuzzle{}, fmt.Errorf("generator: no %v %d×%d puzzle in %d attempts: %w (levels made: %v)", opt.Variant, n, n, attempt, ErrRare, Levels(opt.Variant, n))
		}
		g := geo
		if g == nil || attempt%8 == 7 && (opt.Variant == Jigsaw || opt.Variant == JigsawX) {
			// A new jigsaw now and then: some region layouts make only
			// easy puzzles, or none at all.
			j, err := randomJigsaw(ctx, n, x, rng)
			if err != nil {
				return BoardPuzzle{}, err
			}
			geo, g = j, j
		}
		sol, ok := randomBoardSolution(ctx, g, rng)
		if !ok {
			if err := ctx.Err(); err != nil {
				return BoardPuzzle{}, err
			}
			geo = nil // a jigsaw with no solution: draw another
			continue
		}
		puzzle, err := reduceBoard(ctx, sol, opt, rng)
		if err != nil {
			return BoardPuzzle{}, err
		}
		r, err := logic.RateBoard(ctx, puzzle)
		if err != nil {
			if ctx.Err() != nil {
				return BoardPuzzle{}, ctx.Err()
			}
			continue
		}
		if r.Level == opt.Level && !needsTrial(r, attempt, boardAttempts(n)) {
			return BoardPuzzle{Board: puzzle, Solution: sol, Rating: r, Seed: opt.Seed}, nil
		}
	}
}

// needsTrial reports an insane puzzle of another shape than classic 9×9
// that its rules cannot solve, only trial (a guess and a search), in the
// first half of the attempts: such a puzzle is made only when no other
// came. A third of insane killers and jigsaw Xs needed a blind guess,
// and a club's booklet of them had to be sorted with rate.
func needsTrial(r logic.Rating, attempt, attempts int) bool {
	return r.Hardest == logic.Trial && attempt < attempts/2
}

// imageOf is cell i's image under s on an n×n board.
func imageOf(s Symmetry, n, i int) int {
	r, c := i/n, i%n
	switch s {
	case Rotational:
		return n*n - 1 - i
	case Mirror:
		return r*n + n - 1 - c
	case Diagonal:
		return c*n + r
	}
	return i
}

// randomBoardSolution draws a full board of geometry g: cp with a shuffled
// symbol order, then the symbols relabelled at random.
func randomBoardSolution(ctx context.Context, g *solver.Geometry, rng *solver.Rand) (solver.Board, bool) {
	// A jigsaw layout without any solution can take cp long to refute:
	// each try has a budget of guesses, the same on every machine.
	seed := int64(rng.Uint64()>>12) | 1
	r := solver.SolveBoard(ctx, solver.NewBoard(g), solver.Options{Algorithm: solver.CP, Seed: seed, Budget: 2000})
	if r.Status != solver.Solved {
		return solver.Board{}, false
	}
	perm := make([]uint8, g.N+1)
	for d := range perm {
		perm[d] = uint8(d)
	}
	rng.Shuffle(g.N, func(i, j int) { perm[i+1], perm[j+1] = perm[j+1], perm[i+1] })
	for i, d := range r.Solution.Cells {
		r.Solution.Cells[i] = perm[d]
	}
	return r.Solution, true
}

// reduceBoard takes givens out of the solution a symmetric pair at a time.
func reduceBoard(ctx context.Context, sol solver.Board, opt BoardOptions, rng *solver.Rand) (solver.Board, error) {
	g := sol.Geo
	n := g.N
	var order []int
	for i := 0; i < n*n; i++ {
		if imageOf(opt.Symmetry, n, i) >= i {
			order = append(order, i)
		}
	}
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	b := sol.Clone()
	h := sol.Clone()
	for _, i := range order {
		if err := ctx.Err(); err != nil {
			return b, err
		}
		copy(h.Cells, b.Cells)
		h.Cells[i] = 0
		h.Cells[imageOf(opt.Symmetry, n, i)] = 0
		if keepBoard(ctx, h, opt.Level) {
			copy(b.Cells, h.Cells)
		}
	}
	return b, nil
}

// keepBoard reports whether h has one solution and needs no technique
// above level. A puzzle that singles solve is unique.
func keepBoard(ctx context.Context, h solver.Board, level logic.Level) bool {
	// The rater's steps are sound (each holds in every solution), so a
	// board it fills has one solution: the count, which took nine tenths
	// of a 16×16's making (minutes for an insane one), is needed only
	// where the rules up to expert do not fill it. The same boards are
	// kept as before: those with one solution, at the level or below.
	lower := min(level, logic.Expert)
	if _, err := logic.RateBoardUpTo(ctx, h, lower); err == nil {
		return true
	} else if !errors.Is(err, logic.ErrTooHard) || level != logic.Insane {
		return false
	}
	// The count within a budget: a removal whose count runs past it is
	// not made. Counted to the end, a 16×16 X board took minutes for
	// an insane puzzle (66 and 85 s for seeds 1 and 2), and Cancel the
	// same; within 2,000 placements tried, about a second, the puzzle
	// keeping 90 or 92 givens of 256 where it kept 86 to 90.
	r := solver.SolveBoard(ctx, h, solver.Options{Algorithm: solver.Fast, Limit: 2, Budget: countBudget})
	return r.Status == solver.Solved && r.Solutions == 1
}

// countBudget bounds keepBoard's count of solutions (placements tried).
const countBudget = 2000

// randomJigsaw draws n regions of n cells each, joined side to side: it
// starts from boxes and swaps cells across region borders at random,
// keeping every region in one piece.
func randomJigsaw(ctx context.Context, n int, x bool, rng *solver.Rand) (*solver.Geometry, error) {
	w, h, _ := solver.DefaultBoxes(n)
	region := make([]uint8, n*n)
	for i := range region {
		r, c := i/n, i%n
		region[i] = uint8(r/h*(n/w) + c/w)
	}
	swaps := 0
	for tries := 0; swaps < n*n/2 && tries < 200*n*n; tries++ {
		a := rng.IntN(n * n)
		b := neighbourOf(n, a, rng.IntN(4))
		if b < 0 || region[a] == region[b] {
			continue
		}
		// Swap a into b's region and some cell c of b's region, next to
		// a's region, back into a's: the sizes stay n.
		ra, rb := region[a], region[b]
		c := -1
		for k, start := 0, rng.IntN(n*n); k < n*n; k++ {
			i := (start + k) % (n * n)
			if i == b || region[i] != rb {
				continue
			}
			if touches(n, region, i, ra) {
				c = i
				break
			}
		}
		if c < 0 {
			continue
		}
		region[a], region[c] = rb, ra
		if joined(n, region, ra) && joined(n, region, rb) {
			swaps++
		} else {
			region[a], region[c] = ra, rb
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return solver.NewJigsaw(n, region, x)
}

func neighbourOf(n, i, dir int) int {
	r, c := i/n, i%n
	switch dir {
	case 0:
		if c > 0 {
			return i - 1
		}
	case 1:
		if c < n-1 {
			return i + 1
		}
	case 2:
		if r > 0 {
			return i - n
		}
	case 3:
		if r < n-1 {
			return i + n
		}
	}
	return -1
}

func touches(n int, region []uint8, i int, r uint8) bool {
	for d := 0; d < 4; d++ {
		if j := neighbourOf(n, i, d); j >= 0 && region[j] == r {
			return true
		}
	}
	return false
}

// joined reports whether region r is one piece.
func joined(n int, region []uint8, r uint8) bool {
	start, size := -1, 0
	for i, k := range region {
		if k == r {
			size++
			if start < 0 {
				start = i
			}
		}
	}
	seen := make([]bool, n*n)
	stack := []int{start}
	seen[start] = true
	reached := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		reached++
		for d := 0; d < 4; d++ {
			if j := neighbourOf(n, i, d); j >= 0 && !seen[j] && region[j] == r {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return reached == size
}
