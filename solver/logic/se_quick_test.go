package logic

import "testing"

// TestNishioAbsurd checks the quick Nishio test against SE's chaining
// (the full run) for every candidate of every position without a hidden
// single on the samples' paths.
func TestNishioAbsurd(t *testing.T) {
	boards, cands := pathPositions(t, 25)
	positions, absurd := 0, 0
	for i := range boards {
		e := engine{s: newState(boards[i], cands[i]), batch: true}
		probe := e
		if probe.hiddenSingles() {
			continue
		}
		positions++
		ch := e.chainer()
		ch.begin(&e.s, modes[chainNishio])
		for c := 0; c < 81; c++ {
			if e.s.cand[c].Count() < 2 {
				continue
			}
			for x := e.s.cand[c]; x != 0; x &= x - 1 {
				v := lowDigit(x)
				ci := candOf(c, v)
				for _, on := range []bool{true, false} {
					r := ch.offRun(ci)
					if on {
						r = ch.onRun(ci)
					}
					if got := e.s.nishioAbsurd(c, v, on); got != r.absurd {
						t.Fatalf("position %d %s: nishioAbsurd(%s=%d, on %v) = %v, the chaining says %v", i, boards[i], name(c), v, on, got, r.absurd)
					}
					if r.absurd {
						absurd++
					}
				}
			}
		}
		e.release()
	}
	if absurd == 0 {
		t.Fatal("no Nishio contradiction met: the test checks too little")
	}
	t.Logf("%d positions, %d chainings with a contradiction", positions, absurd)
}
