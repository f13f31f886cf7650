package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMain lets a test run the real main in a child process.
func TestMain(m *testing.M) {
	if args := os.Getenv("SUDOKU_TEST_MAIN_ARGS"); args != "" {
		os.Args = append([]string{"sudoku"}, strings.Fields(args)...)
		main()
		return
	}
	os.Exit(m.Run())
}

// TestNoLocaleNoise runs a headless command under the C.UTF-8 locale of most
// servers and expects nothing on stderr: no Fyne locale error (see
// gui/localefix).
func TestNoLocaleNoise(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS=solve --format line -", "LANG=C.UTF-8", "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=")
	cmd.Stdin = strings.NewReader("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	if want := "546918723713652849982473651634791582127865934859234167368147295491526378275389416\n"; string(out) != want {
		t.Errorf("stdout %q", out)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr not empty:\n%s", stderr.String())
	}
}
