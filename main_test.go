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

// runMain runs the real main with args and env in a child process and
// returns its stderr and exit status.
func runMain(t *testing.T, args string, env ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS="+args), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stderr.String(), code
}

// TestNoDisplay: without a display the window is not tried (GLFW would
// panic with a goroutine dump); one sentence says why, exit 2.
func TestNoDisplay(t *testing.T) {
	for _, tc := range []struct{ args, display, want string }{
		{"", "", "no display to open the window on"},
		{"testdata/one.txt", "", "no display to open the window on"},
		{"", "DISPLAY=:9999", `cannot reach the display ":9999"`},
	} {
		env := []string{"DISPLAY="}
		if tc.display != "" {
			env = []string{tc.display}
		}
		// An empty SUDOKU_TEST_MAIN_ARGS would run the tests again: pass
		// a space, which Fields turns into no arguments.
		stderr, code := runMain(t, tc.args+" ", env...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "goroutine") {
			t.Errorf("%q %s: exit %d, stderr %q", tc.args, tc.display, code, stderr)
		}
	}
}

// TestUnknownCommand: a first argument that is neither a command nor a
// file is a mistyped command, not a window to open.
func TestUnknownCommand(t *testing.T) {
	stderr, code := runMain(t, "slove x.txt")
	if code != 2 || !strings.Contains(stderr, "Did you mean 'sudoku solve'?") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
