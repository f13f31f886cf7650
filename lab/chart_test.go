package lab

import "testing"

// Counts in a chart title are grouped as elsewhere: 10,000, not 10000.
func TestThousands(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 10000: "10,000", 1234567: "1,234,567"} {
		if got := Thousands(n); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
}
