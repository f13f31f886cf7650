package cli

import (
	"io"
	"strings"
	"testing"
)

// onceEOF is a terminal's standard input: its lines, then one end of
// file (Ctrl-D); a read after that waits for another Ctrl-D.
type onceEOF struct {
	r       io.Reader
	eofs    int
	pastEOF bool
}

func (o *onceEOF) Read(p []byte) (int, error) {
	n, err := o.r.Read(p)
	if err == io.EOF {
		o.eofs++
		if o.eofs > 1 {
			o.pastEOF = true
		}
	}
	return n, err
}

// At a terminal one Ctrl-D ends standard input: every command reads the
// end of file once (peeking at the head took it, and a second Ctrl-D was
// needed).
func TestOneCtrlDEndsStdin(t *testing.T) {
	for _, cmd := range []string{"solve", "rate", "explain", "print", "compare", "bench"} {
		in := &onceEOF{r: strings.NewReader("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n")}
		args := []string{cmd, "-"}
		switch cmd {
		case "print":
			args = []string{cmd, "-o", t.TempDir() + "/x.pdf", "-"}
		case "compare":
			args = []string{cmd, "--algos", "cp", "-"}
		case "bench":
			args = []string{cmd, "--time", "1ms", "--warmup", "0s", "-"}
		}
		var out, errb strings.Builder
		Run(args, in, &out, &errb)
		if in.pastEOF {
			t.Errorf("%s read past the first end of file (%d)", cmd, in.eofs)
		}
	}
}
