package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestInterruptKeepsFiles: Ctrl-C (and SIGTERM, and Ctrl-\, which dumped
// the goroutines and left the temporary file) in the middle of a
// command writing a file stops it at once, leaves the file the user had
// as it was and no temporary file beside it, and exits with 128 plus the
// signal's number, as a shell reports it. (generate keeps its work
// instead: TestInterruptGenerateWritesWhatWasMade.)
func TestInterruptKeepsFiles(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGQUIT} {
		dir := t.TempDir()
		out := filepath.Join(dir, "keep.txt")
		const old = "name,algorithm,givens,status\nold\n" // a table of ours (no other is replaced)
		os.WriteFile(out, []byte(old), 0o644)
		// A 17-clue puzzle made to defeat plain backtracking: dfs takes
		// seconds, and the signal comes while the CSV is being written.
		in := filepath.Join(t.TempDir(), "slow.txt")
		os.WriteFile(in, []byte("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"), 0o644)
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS=solve --algo dfs --csv "+out+" "+in)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the temporary file, so that the signal finds a write
		// under way.
		deadline := time.Now().Add(10 * time.Second)
		for {
			es, _ := os.ReadDir(dir)
			if len(es) > 1 || time.Now().After(deadline) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		code := -1
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		if code != 128+int(sig) || !strings.Contains(stderr.String(), "the files being written were left as they were") {
			t.Errorf("%v: exit %d, stderr %q", sig, code, stderr.String())
		}
		if b, _ := os.ReadFile(out); string(b) != old {
			t.Errorf("%v: keep.txt now %q", sig, b)
		}
		if es, _ := os.ReadDir(dir); len(es) != 1 {
			var names []string
			for _, e := range es {
				names = append(names, e.Name())
			}
			t.Errorf("%v: the folder holds %v", sig, names)
		}
	}
}

// Stopped while only standard output was written, the message does not
// speak of files left as they were (rate > out.txt had half of its lines).
func TestInterruptWithOnlyStandardOutput(t *testing.T) {
	in := filepath.Join(t.TempDir(), "slow.txt")
	os.WriteFile(in, []byte("..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n"), 0o644)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS=solve --algo dfs "+in)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if got := stderr.String(); !strings.HasSuffix(got, "sudoku: stopped (interrupt)\n") {
		t.Errorf("stderr %q", got)
	}
}

// TestInterruptGenerateWritesWhatWasMade: Ctrl-C in generate -o FILE
// stops the making and writes what was made; with nothing made yet, the
// file the user had stays as it was and no temporary file is left.
func TestInterruptGenerateWritesWhatWasMade(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "keep.txt")
	const old = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ old\n" // puzzles (notes are not replaced)
	os.WriteFile(out, []byte(old), 0o644)
	cmd := exec.Command(os.Args[0])
	// Extreme puzzles take seconds each: none is made before the signal.
	cmd.Env = append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS=generate --force --difficulty extreme -n 50 --seed 11 -j 1 -o "+out)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if es, _ := os.ReadDir(dir); len(es) > 1 {
			break
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	code := -1
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	}
	if code != 130 || !strings.Contains(stderr.String(), "stopped (interrupt): made 0 of 50 puzzles") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if b, _ := os.ReadFile(out); string(b) != old {
		t.Errorf("keep.txt now %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("the folder holds %d files", len(es))
	}
}

// TestSignalWhileOpeningAFIFO: generate -o FIFO waits for the FIFO's
// reader as it opens it; the first SIGTERM then stops it (it had only
// asked to write what was made, and the write waited still: timeout 5
// sudoku generate … -o fifo ran on for minutes).
func TestSignalWhileOpeningAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	// Classic puzzles, and boards of other shapes, made another way.
	for _, args := range []string{"generate --difficulty easy --seed 1 -o ", "generate --variant killer --difficulty easy --seed 1 -o "} {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS="+args+fifo)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(300 * time.Millisecond) // at the open, waiting
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 143 {
				t.Errorf("%s: exit: %v", args, err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("%s: still running 10 s after SIGTERM", args)
		}
	}
}

// startMain starts the real main with args in a child process, its
// standard output a pipe to read and its standard error kept.
func startMain(t *testing.T, args string) (*exec.Cmd, io.ReadCloser, *strings.Builder) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "SUDOKU_TEST_MAIN_ARGS="+args)
	stderr := &strings.Builder{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdout, stderr
}

// TestBrokenPipeLeavesNoTemporaryFile: the reader of standard output
// goes (sudoku solve --csv x.csv … | head -1): the command stops quietly
// with 141, as SIGPIPE would stop it, and the CSV's temporary file goes
// with it (it was left behind, empty, beside the old x.csv).
func TestBrokenPipeLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	var b strings.Builder
	for range 20000 {
		b.WriteString("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n")
	}
	os.WriteFile(in, []byte(b.String()), 0o644)
	csv := filepath.Join(dir, "x.csv")
	os.WriteFile(csv, []byte("name,algorithm,givens,status\nold\n"), 0o644) // a table of ours
	cmd, stdout, stderr := startMain(t, "solve --format line -j 1 --csv "+csv+" "+in)
	line := make([]byte, 82)
	if _, err := io.ReadFull(stdout, line); err != nil {
		t.Fatal(err)
	}
	stdout.Close()
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 141 || stderr.Len() != 0 {
		t.Errorf("exit %v, stderr %q", err, stderr.String())
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("the folder holds %v", names)
	}
	if b, _ := os.ReadFile(csv); string(b) != "name,algorithm,givens,status\nold\n" {
		t.Errorf("x.csv now %q", b)
	}
}

// TestInterruptKeepsPuzzlesMade: generate writes each puzzle to standard
// output as it is made, so Ctrl-C keeps those made before it.
func TestInterruptKeepsPuzzlesMade(t *testing.T) {
	cmd, stdout, _ := startMain(t, "generate --difficulty insane -n 1000 --seed 3 -j 1")
	// An insane puzzle takes about half a second: the first must come
	// long before a buffer of fifty would be full.
	first := make([]byte, 82)
	got := make(chan error, 1)
	go func() { _, err := io.ReadFull(stdout, first); got <- err }()
	select {
	case err := <-got:
		if err != nil {
			t.Fatalf("no first puzzle: %v", err)
		}
	case <-time.After(15 * time.Second):
		cmd.Process.Kill()
		t.Fatal("no puzzle on standard output after 15 s")
	}
	cmd.Process.Signal(syscall.SIGINT)
	rest, _ := io.ReadAll(stdout)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("exit: %v", err)
	}
	if all := string(first) + string(rest); !strings.HasSuffix(all, "\n") || strings.Count(all, "\n") < 1 {
		t.Errorf("stdout %q", all)
	}
}
