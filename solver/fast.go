package solver

import "context"

// solveFast is the fast solver. Until the bitboard solver lands it is CP
// without shuffling.
func solveFast(ctx context.Context, g Grid, opt Options, res *Result) {
	opt.Seed = 0
	p := newPropagator(ctx, g, opt)
	p.run()
	p.fill(res)
}
