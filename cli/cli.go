// Package cli implements the headless subcommands of the sudoku binary:
// solve, bench, generate, rate, explain, print and compare. Each takes its
// arguments, standard input and output streams and returns the exit status,
// so tests run them in-process.
package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
	"unicode"

	"golang.org/x/term"

	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
)

// Exit statuses.
const (
	ExitOK      = 0 // every puzzle solved (or the command succeeded)
	ExitPuzzles = 1 // some puzzle was invalid, unsolvable or timed out
	ExitUsage   = 2 // a file could not be read or parsed, or bad usage
)

// env is what a command runs with.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// piped holds the operands that are pipes (a shell's <(…), a named
	// pipe), opened when the operands are checked and read as standard
	// input is, once, through a buffer that shows their head.
	piped map[string]*bufio.Reader
	// skipBad (--skip-bad): a classic file's lines that cannot be read are
	// reported and skipped, as the window skips them, rather than
	// failing the file; skipped counts them.
	skipBad bool
	skipped int
	cmd     string // the command that runs (newFlags)
}

// maxSkipShown is how many skipped lines --skip-bad names one by one.
const maxSkipShown = 10

// skipFlag gives a command that reads puzzle files --skip-bad.
func (e *env) skipFlag(fs *flag.FlagSet) {
	fs.BoolVar(&e.skipBad, "skip-bad", false, "report and skip a file's lines that cannot be read (the first 10 named, then a count), rather than fail the file")
}

// skipLine reports a line --skip-bad skips.
func (e *env) skipLine(perr *solver.ParseError) bool {
	if perr.Line == 0 {
		return false // the file's own problem (too large, binary): it fails
	}
	e.skipped++
	if e.skipped <= maxSkipShown {
		fmt.Fprintf(e.stderr, "sudoku: %v (skipped)\n", perr)
	}
	return true
}

// skipSummary says how many lines --skip-bad skipped, when it did not
// name them all.
func (e *env) skipSummary() {
	if e.skipped > maxSkipShown {
		fmt.Fprintf(e.stderr, "sudoku: %d lines that could not be read were skipped, %d of them named above\n", e.skipped, maxSkipShown)
	}
}

// scanReader is solver.ScanPuzzles, skipping bad lines with --skip-bad.
func (e *env) scanReader(r io.Reader, file string, fn func(solver.Puzzle) error) error {
	o, said := e.scanOptions(file)
	defer said()
	return solver.ScanPuzzlesWith(r, file, fn, o)
}

// scanOptions are the hooks of a command's reading of file: bad lines
// skipped with --skip-bad, and the solutions that follow their puzzles
// noted once the file is read (said), since they are skipped: a script
// that lined its results up with the file's puzzles found one fewer,
// and no word of why.
func (e *env) scanOptions(file string) (o solver.ScanOptions, said func()) {
	if e.skipBad {
		o.Skip = e.skipLine
	}
	n, first, of := 0, 0, 0
	o.Solution = func(line, puzzleLine int) {
		if n++; n == 1 {
			first, of = line, puzzleLine
		}
	}
	return o, func() {
		name := solver.CleanName(file)
		if file == "-" {
			name = "stdin"
		}
		switch {
		case n == 1:
			fmt.Fprintf(e.stderr, "sudoku %s: note: %s:%d: the solution of the puzzle on line %d, skipped (not a puzzle of its own)\n", e.cmd, name, first, of)
		case n > 1:
			fmt.Fprintf(e.stderr, "sudoku %s: note: %s: %s solved grids follow the puzzles they solve (the first on line %d) and are skipped as their solutions, not puzzles of their own\n", e.cmd, name, lab.Thousands(int64(n)), first)
		}
	}
}

// errStdoutClosed is the error of a write to a standard output that was
// closed when the program started.
var errStdoutClosed = errors.New("standard output is closed")

// reportWrite is a command's status after a write to stdout: ExitOK, or
// ExitUsage once Run has the error to report (see checkedWriter).
func (e *env) reportWrite(err error) int {
	if err != nil {
		return ExitUsage
	}
	return ExitOK
}

// checkedWriter keeps the first error of the writer it wraps, so that Run
// reports a failed write (a full disk, a closed pipe) whichever command
// made it, and later writes fail at once instead of writing a torn tail.
type checkedWriter struct {
	w   io.Writer
	err error
	// bars says that standard error, where progress bars go, is the
	// screen standard output is: a write erases the bar first and draws
	// it again after (the results were written after the bar's text on
	// its line: "rating [>  ] 32/1000 0.2smedium…").
	bars bool
	// closed says that standard output was closed when the program
	// started (stdoutClosed): the first write fails.
	closed bool
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.closed && len(p) > 0 && c.err == nil {
		c.err = errStdoutClosed
	}
	if c.err != nil {
		return 0, c.err
	}
	if c.bars && len(p) > 0 {
		barsMu.Lock()
		defer barsMu.Unlock()
		if barOnScreen && barNow != nil {
			fmt.Fprint(barNow.w, "\r\033[K")
			barOnScreen = false
		}
		outMidLine = p[len(p)-1] != '\n'
		if barNow != nil && !barsDone {
			defer barNow.draw() // after the write; not after part of a line
		}
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// stdoutFailed reports whether a write to standard output has failed:
// Run reports that error, and a command then need not.
func (e *env) stdoutFailed() bool {
	c, ok := e.stdout.(*checkedWriter)
	return ok && c.err != nil
}

// writeError is the message for a failed write to name: "write stdout: no
// space left on device".
func writeError(name string, err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf("write %s: %v", name, err)
}

type command struct {
	summary string
	run     func(e *env, args []string) int
}

// commands holds the subcommands; each file registers its own in init.
var commands = map[string]command{}

func register(name, summary string, run func(e *env, args []string) int) {
	commands[name] = command{summary, run}
}

func init() {
	register("help", "show this help, or a command's: sudoku help COMMAND", runHelp)
}

// aliases are the flag-like spellings of commands.
var aliases = map[string]string{
	"-h": "help", "-help": "help", "--help": "help",
	"-version": "version", "--version": "version",
}

// IsCommand reports whether name selects a headless command (or help or
// the version).
func IsCommand(name string) bool {
	_, ok := commands[name]
	return ok || aliases[name] != ""
}

// Main is Run for the program itself: an interrupt (Ctrl-C), SIGQUIT (Ctrl-\), SIGTERM or
// SIGHUP stops the command at once, removing the temporary files of the
// outputs it was writing, so that every file it names stays as it was
// (or is complete, when its write had finished), and exits with 128 plus
// the signal's number (130 for Ctrl-C), as a shell reports it.
//
// A command that keeps its work on an interrupt (generate: the puzzles
// made so far) takes the first signal itself (keepOnInterrupt), writes
// what it made and returns; Main then exits with the signal's status. A
// second signal stops at once, as above.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE)
	defer signal.Stop(sigs)
	go func() {
		for sig := range sigs {
			if sig == syscall.SIGPIPE {
				// The reader of standard output went (sudoku solve … |
				// head -1): stop as the signal would have, quietly, but
				// with the files being written removed.
				atomicfile.RemovePending()
				clearBars(stderr) // (it stayed, and the shell's next line ran on after it)
				os.Exit(signalStatus(sig))
			}
			if h := interruptHook.Swap(nil); h != nil {
				interruptedBy.Store(int32(signalStatus(sig)))
				(*h)(sig)
				continue
			}
			kept := atomicfile.RemovePending()
			clearBars(stderr) // the message takes the progress bar's line
			if kept > 0 {
				fmt.Fprintf(stderr, "sudoku: stopped (%v); the files being written were left as they were\n", sig)
			} else {
				// Only standard output was written: what it has is what
				// came before the stop ("left as they were" was wrong for
				// rate > out.txt).
				fmt.Fprintf(stderr, "sudoku: stopped (%v)\n", sig)
			}
			os.Exit(signalStatus(sig))
		}
	}()
	status := Run(args, stdin, stdout, stderr)
	if c := interruptedBy.Load(); c != 0 {
		return int(c)
	}
	return status
}

// signalStatus is the exit status for a stop by sig: 128 plus its number.
func signalStatus(sig os.Signal) int {
	if n, ok := sig.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 128 + 2
}

// interruptHook, when set, takes the next interrupt instead of Main, and
// interruptedBy is the exit status of the interrupt it took.
var (
	interruptHook atomic.Pointer[func(os.Signal)]
	interruptedBy atomic.Int32
)

// errInterrupted is the cause of a context a signal ended.
type errInterrupted struct{ sig os.Signal }

func (e errInterrupted) Error() string { return fmt.Sprintf("stopped (%v)", e.sig) }

// keepOnInterrupt returns ctx that the first interrupt (Ctrl-C, SIGTERM,
// SIGHUP) ends, with an errInterrupted cause, rather than the process:
// the command can then write what it made (Main exits with the signal's
// status once it returns). done gives the signals back to Main.
func keepOnInterrupt(ctx context.Context) (_ context.Context, done func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	h := func(sig os.Signal) { cancel(errInterrupted{sig}) }
	interruptHook.Store(&h)
	return ctx, func() {
		interruptHook.CompareAndSwap(&h, nil)
		cancel(nil)
	}
}

// Run runs the command named by args[0] with the rest of args. Whatever the
// command, a failed write to stdout is reported and makes the status
// ExitUsage.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout, bars: isTerminal(stdout) && isTerminal(stderr)}
	out.closed = stdoutClosed(stdout) // a command that writes there fails, and Run says why
	status := dispatch(&env{stdin: stdin, stdout: out, stderr: safeText{stderr}}, args)
	if errors.Is(out.err, syscall.EPIPE) {
		// The reader went (| head): quietly, as SIGPIPE stops a command
		// (see Main), whichever of the two comes first.
		atomicfile.RemovePending()
		return signalStatus(syscall.SIGPIPE)
	}
	if out.err != nil {
		fmt.Fprintf(stderr, "sudoku: %s\n", writeError("stdout", out.err))
		return ExitUsage
	}
	return status
}

func dispatch(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stdout)
		return ExitOK
	}
	name := args[0]
	if a := aliases[name]; a != "" {
		name = a
	}
	c, ok := commands[name]
	if !ok {
		return Unknown(args[0], e.stderr)
	}
	return c.run(e, args[1:])
}

// Unknown reports a first argument that is neither a command nor a file,
// suggesting the nearest command, and returns ExitUsage.
func Unknown(name string, stderr io.Writer) int {
	if strings.HasPrefix(name, "-") {
		fmt.Fprintf(stderr, "sudoku: unknown flag %q\n", name)
	} else {
		fmt.Fprintf(stderr, "sudoku: unknown command %q (and no such file)\n", name)
	}
	if n := nearest(strings.TrimLeft(name, "-")); n != "" {
		fmt.Fprintf(stderr, "Did you mean 'sudoku %s'?\n", n)
	}
	fmt.Fprint(stderr, "Run 'sudoku help' for the commands.\n")
	return ExitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, `Usage: sudoku [FILE]            open the window (with a puzzle file)
       sudoku COMMAND [flags] ...  work headless

Commands:
`)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprint(w, "\nRun 'sudoku COMMAND -h' for a command's flags.\n")
	// (A scripter looked for them here and found them in README alone.)
	fmt.Fprint(w, "\nExit status: 0 done; 1 some puzzle could not be solved, rated or made (invalid, unsolvable,\n"+
		"several solutions, timed out: said in the output); 2 a usage error, or a file that cannot be\n"+
		"read or written (empty input too); 128+N stopped by signal N (130 for Ctrl-C): the results\n"+
		"so far are on standard output, and output files are left as they were. README has each command's.\n")
}

func runHelp(e *env, args []string) int {
	if len(args) == 0 || len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		usage(e.stdout) // "help -h" too: it said there is no command "-h"
		return ExitOK
	}
	// Every name is checked before any help is shown: "help rate slove"
	// is a mistake to point out, not half an answer.
	for _, name := range args {
		if _, ok := commands[name]; !ok {
			fmt.Fprintf(e.stderr, "sudoku help: no command %q\n", name)
			if n := nearest(name); n != "" {
				fmt.Fprintf(e.stderr, "Did you mean 'sudoku help %s'?\n", n)
			}
			fmt.Fprint(e.stderr, "Run 'sudoku help' for the commands.\n")
			return ExitUsage
		}
	}
	// "sudoku help rate solve" shows each command's help in turn.
	for k, name := range args {
		if k > 0 {
			fmt.Fprintln(e.stdout)
		}
		if name == "help" {
			usage(e.stdout)
			continue
		}
		e2 := *e
		e2.stderr = e.stdout
		commands[name].run(&e2, []string{"-h"})
	}
	return ExitOK
}

// newFlags makes a flag set whose errors and help go to stderr.
func newFlags(e *env, name, synopsis string) *flag.FlagSet {
	e.cmd = name
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	out := &flagErrors{w: e.stderr, name: name}
	fs.SetOutput(out)
	fs.Usage = func() {
		if out.wrote {
			// After a flag's error, as after any usage error, one line
			// says where the flags are, not all of them.
			if n := nearestFlag(fs, out.unknown()); len(n) == 1 {
				fmt.Fprintf(e.stderr, "Did you mean -%s?\n", n) // as the help writes -n and -o
			} else if n != "" {
				fmt.Fprintf(e.stderr, "Did you mean --%s?\n", n)
			}
			fmt.Fprintf(e.stderr, "Run 'sudoku help %s' for its flags.\n", name)
			return
		}
		// Asked for (-h, --help): on standard output, as `sudoku help
		// CMD` writes it, so that it pipes to a pager; after a usage
		// error (usageAfterError), on standard error with it.
		dest := e.stdout
		if out.afterError {
			dest = e.stderr
		}
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if !hasFlags { // version: no "Flags:" over an empty list
			fmt.Fprintln(dest, strings.TrimSpace("Usage: sudoku "+name+" "+synopsis))
			return
		}
		fmt.Fprintf(dest, "Usage: sudoku %s %s\n\nFlags:\n", name, synopsis)
		fs.SetOutput(dest)
		fs.PrintDefaults()
		fs.SetOutput(out)
	}
	return fs
}

// flagErrors is where the flag package writes a flag's error: it starts
// it with "sudoku COMMAND: ", as every other error, and remembers it.
type flagErrors struct {
	w          io.Writer
	name       string
	wrote      bool
	afterError bool // the usage follows an error of ours (usageAfterError)
	text       []byte
}

// unknown is the flag named by the flag package's "flag provided but not
// defined: -level", or "".
func (o *flagErrors) unknown() string {
	_, name, ok := strings.Cut(string(o.text), "flag provided but not defined: ")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, "\n")
	return strings.TrimLeft(strings.TrimSpace(name), "-")
}

// flagAliases are other programs' names for our flags (generate --level
// said only "flag provided but not defined").
var flagAliases = map[string]string{
	"level": "difficulty", "levels": "difficulty", "algorithm": "algo", "output": "o",
	"count": "n", "number": "n", "jobs": "j", "threads": "j", "out": "o",
}

// nearestFlag is fs's flag that the unknown name most likely meant: an
// alias, or a name within two edits; "" for none.
func nearestFlag(fs *flag.FlagSet, name string) string {
	if name == "" {
		return ""
	}
	if a, ok := flagAliases[strings.ToLower(name)]; ok && fs.Lookup(a) != nil {
		return a
	}
	// A flag it begins, if only one ("--diff": --difficulty).
	var starts []string
	fs.VisitAll(func(f *flag.Flag) {
		if len(name) >= 3 && strings.HasPrefix(f.Name, strings.ToLower(name)) {
			starts = append(starts, f.Name)
		}
	})
	if len(starts) == 1 {
		return starts[0]
	}
	best, bestD := "", 3
	fs.VisitAll(func(f *flag.Flag) {
		if len(f.Name) < 3 {
			return // -n, -o, -j: anything is two edits from them
		}
		if d := editDistance(strings.ToLower(name), f.Name); d < bestD || (d == bestD && f.Name < best) {
			best, bestD = f.Name, d
		}
	})
	return best
}

// usageAfterError shows fs's usage after a usage error the command found
// (no input files, say): on standard error, with the error.
func usageAfterError(fs *flag.FlagSet) {
	if o, ok := fs.Output().(*flagErrors); ok {
		o.afterError = true
	}
	fs.Usage()
}

func (o *flagErrors) Write(p []byte) (int, error) {
	o.text = append(o.text, p...)
	if !o.wrote {
		o.wrote = true
		fmt.Fprintf(o.w, "sudoku %s: ", o.name)
	}
	return o.w.Write(p)
}

// parseArgs parses flags that may come before, between or after the
// operands, and returns the operands. Everything after "--" is an
// operand (a file named -w.txt), as the flag package has it.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	args = splitShortNumbers(fs, args)
	if err := flagAsValue(fs, args); err != nil {
		fmt.Fprintln(fs.Output(), err)
		return nil, err
	}
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		left := fs.Args()
		if p := len(args) - len(left); p > 0 && args[p-1] == "--" {
			rest, left = append(rest, left...), nil
		}
		args = left
		if len(args) == 0 {
			if j := fs.Lookup("j"); j != nil {
				if n, err := strconv.Atoi(j.Value.String()); err == nil && n < 1 {
					err := fmt.Errorf("invalid value %q for flag -j: want 1 core or more", j.Value.String())
					fmt.Fprintln(fs.Output(), err)
					fs.Usage() // the line that says where the flags are
					return nil, err
				}
			}
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// flagAsValue refuses a flag's value that is another flag of the command:
// "print --title --solutions" printed a booklet titled "--solutions" and
// without its solutions. "--title=--solutions" says that it is meant.
func flagAsValue(fs *flag.FlagSet, args []string) error {
	for k := 0; k+1 < len(args); k++ {
		a := args[k]
		if a == "--" {
			return nil
		}
		name := strings.TrimLeft(a, "-")
		if name == a || name == "" || strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		v := args[k+1]
		other, _, _ := strings.Cut(strings.TrimLeft(v, "-"), "=")
		if v != other && other != "" && fs.Lookup(other) != nil {
			return fmt.Errorf("%s %s: %s wants a value, and %s is a flag (write %s=%s if that is the value)", a, v, a, v, a, v)
		}
		k++ // the value
	}
	return nil
}

// splitShortNumbers takes a one-letter flag written with its number
// ("-j1", "-n5", as many programs take them) as the flag and its value:
// Go's flags read "-j1" as a flag named j1 ("flag provided but not
// defined: -j1"). Not after "--", nor where the argument is the value of
// the flag before it.
func splitShortNumbers(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args)+1)
	valueNext := false
	for k, a := range args {
		if a == "--" && !valueNext {
			return append(out, args[k:]...)
		}
		if !valueNext && len(a) > 2 && a[0] == '-' && a[1] != '-' && fs.Lookup(a[1:2]) != nil && fs.Lookup(a[1:]) == nil {
			if _, err := strconv.Atoi(a[2:]); err == nil {
				out = append(out, a[:2], a[2:])
				continue
			}
		}
		out = append(out, a)
		// Is the next argument this flag's value ("-o -j1": a file)?
		valueNext = false
		if name := strings.TrimLeft(a, "-"); name != a && !strings.Contains(name, "=") {
			if f := fs.Lookup(name); f != nil {
				b, isBool := f.Value.(interface{ IsBoolFlag() bool })
				valueNext = !isBool || !b.IsBoolFlag()
			}
		}
	}
	return out
}

// needFiles reports a missing operand (commands that read puzzles need at
// least one) and shows the command's usage.
func needFiles(e *env, fs *flag.FlagSet, files []string) bool {
	if len(files) == 0 {
		fmt.Fprintf(e.stderr, "sudoku %s: no input files (use - for standard input)\n", fs.Name())
		usageAfterError(fs)
		return false
	}
	stdin := 0
	for _, f := range files {
		switch f {
		case "":
			fmt.Fprintf(e.stderr, "sudoku %s: \"\": an empty file name\n", fs.Name())
			return false
		case "-":
			if stdin++; stdin == 2 {
				// the second would read nothing
				fmt.Fprintf(e.stderr, "sudoku %s: - (standard input) is given twice: it can be read once\n", fs.Name())
				return false
			}
		}
	}
	if in := stdoutInput(e, files); in != "" {
		emptied := ""
		if fi, ok := fileStat(e.stdout); ok && fi.Size() == 0 {
			// "sudoku rate in.txt > in.txt": the shell emptied the file
			// before the command started, and the refusal alone read
			// as if the file were safe.
			emptied = " (the shell's > emptied it before sudoku started: restore it from a copy)"
		}
		fmt.Fprintf(e.stderr, "sudoku %s: standard output is %s, also an input: write the results elsewhere%s\n", fs.Name(), in, emptied)
		return false
	}
	return e.readPipes(files)
}

// readPipes opens each operand that is a pipe (a named pipe, or a shell's
// <(…), /dev/fd/N), to be read as standard input is: such an operand was
// refused ("is a FIFO, not a puzzle file"). It reports false, having said
// why, when one cannot be opened.
func (e *env) readPipes(files []string) bool {
	for _, f := range files {
		fi, err := os.Stat(f)
		if f == "-" || err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			continue
		}
		if _, done := e.piped[f]; done {
			continue // named twice: read once
		}
		r, err := os.Open(f) // (closed at exit, as standard input is)
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku: %v\n", err)
			return false
		}
		if e.piped == nil {
			e.piped = map[string]*bufio.Reader{}
		}
		e.piped[f] = bufio.NewReaderSize(r, solver.BoardHead)
	}
	return true
}

// scanFile is solver.ScanFile, for an operand that is a pipe as standard
// input is read.
func (e *env) scanFile(f string, sized func(int64), fn func(solver.Puzzle) error) error {
	if br, ok := e.piped[f]; ok {
		return e.scanReader(br, f, fn)
	}
	o, said := e.scanOptions(f)
	defer said()
	o.Sized = sized
	return solver.ScanFileWith(f, fn, o)
}

// readBoardFile is solver.ReadBoardFile, for an operand that is a pipe as
// standard input is read.
func (e *env) readBoardFile(f string) ([]solver.BoardPuzzle, error) {
	if br, ok := e.piped[f]; ok {
		return e.readBoards(br, f)
	}
	if e.skipBad {
		return solver.ReadBoardFileSkipping(f, e.skipLine)
	}
	return solver.ReadBoardFile(f)
}

// readBoards is solver.ReadBoards, skipping bad lines with --skip-bad.
func (e *env) readBoards(r io.Reader, file string) ([]solver.BoardPuzzle, error) {
	if e.skipBad {
		return solver.ReadBoardsSkipping(r, file, e.skipLine)
	}
	return solver.ReadBoards(r, file)
}

// head is the first 64 KB of operand f (readHead), a pipe's too, which
// stay to be read.
func (e *env) head(f string) ([]byte, error) {
	if br, ok := e.piped[f]; ok {
		h, err := br.Peek(solver.BoardHead)
		if err == io.EOF || err == bufio.ErrBufferFull {
			err = nil
		}
		return h, err
	}
	return readHead(f)
}

// stdoutInput returns the input that standard output writes into, if it
// is a regular file that is one of them (sudoku solve in.txt >> in.txt
// appended the solutions to the puzzles; 1<>in.txt wrote them over the
// puzzles), or "" for none.
func stdoutInput(e *env, files []string) string {
	out, ok := fileStat(e.stdout)
	if !ok || !out.Mode().IsRegular() {
		return ""
	}
	for _, f := range files {
		if f == "-" {
			if in, ok := fileStat(e.stdin); ok && os.SameFile(in, out) {
				return "the file standard input reads"
			}
		} else if isFileAt(e.stdout, f) {
			return f
		}
	}
	return ""
}

// exitStatus is a puzzle command's status: files that could not be read
// weigh more than puzzles that failed.
func exitStatus(readOK, failed bool) int {
	switch {
	case !readOK:
		return ExitUsage
	case failed:
		return ExitPuzzles
	}
	return ExitOK
}

// durationFlag defines a duration flag as fs.Duration does, whose error
// for a bad value says what a duration looks like ("5" said only "parse
// error").
func durationFlag(fs *flag.FlagSet, name string, value time.Duration, usage string) *time.Duration {
	d := value
	fs.Var(durationValue{&d}, name, usage+" (a `duration` such as 10s or 2m)")
	return &d
}

// durationValue is a duration flag's value.
type durationValue struct{ d *time.Duration }

func (v durationValue) String() string {
	if v.d == nil {
		return "0s" // the zero value, which flag's help leaves out
	}
	return v.d.String()
}

func (v durationValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		if durationShape.MatchString(s) {
			return errors.New("too long a duration (at most some 290 years)")
		}
		return errors.New("want a duration such as 10s, 2m or 1h30m")
	}
	*v.d = d
	return nil
}

// durationShape matches what reads as a duration, numbers and units.
var durationShape = regexp.MustCompile(`^[-+]?([0-9.]+(ns|us|µs|ms|s|m|h))+$`)

// intFlag defines an int flag as fs.Int does, whose error for a bad
// value says what is wanted ("-j 1e3" said only "parse error").
func intFlag(fs *flag.FlagSet, name string, value int, usage string) *int {
	n := value
	fs.Var(wholeValue[int]{&n, strconv.IntSize}, name, usage)
	return &n
}

// int64Flag is intFlag for an int64.
func int64Flag(fs *flag.FlagSet, name string, value int64, usage string) *int64 {
	n := value
	fs.Var(wholeValue[int64]{&n, 64}, name, usage)
	return &n
}

// wholeValue is a whole-number flag's value, of bits bits.
type wholeValue[T int | int64] struct {
	n    *T
	bits int
}

func (v wholeValue[T]) String() string {
	if v.n == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*v.n), 10)
}

func (v wholeValue[T]) Set(s string) error {
	n, err := parseWhole(s, v.bits)
	if err == nil {
		*v.n = T(n)
	}
	return err
}

// parseWhole reads a whole number of bits bits, with an error that says
// what is wanted.
func parseWhole(s string, bits int) (int64, error) {
	n, err := strconv.ParseInt(s, 0, bits)
	if errors.Is(err, strconv.ErrRange) {
		return 0, errors.New("too large a number")
	}
	if err != nil {
		return 0, errors.New("want a whole number such as 4")
	}
	return n, nil
}

// flagExit maps a flag parsing error to the exit status: help is fine.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	return ExitUsage
}

// input is the puzzles of one operand.
type input struct {
	name    string
	puzzles *puzzleList
}

// readInputs reads every operand ("-" is standard input). Files that fail
// are reported on stderr and left out; ok is false if any failed.
func readInputs(e *env, names []string) (ins []input, ok bool) {
	ok = true
	clash := clashingBases(names)
	for _, n := range names {
		var l *puzzleList
		add := func(p solver.Puzzle) error { l.add(p); return nil }
		var err error
		if n == "-" {
			l = newPuzzleList("stdin", 0)
			err = e.scanReader(e.stdin, "stdin", add)
		} else {
			l = newPuzzleList(n, 0)
			err = e.scanFile(n, func(size int64) {
				// A hint of one puzzle per 82 bytes (a line of the line
				// format), up to a million, saves growing the list.
				*l = *newPuzzleList(n, int(min(size/82, 1<<20)))
			}, add)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku: %s\n", readProblem(err))
			ok = false
			continue
		}
		if clash[n] {
			l.path = n
		}
		ins = append(ins, input{name: n, puzzles: l})
	}
	if e.cmd != "explain" {
		for _, in := range ins {
			if name := in.name; len(in.puzzles.cands) > 0 {
				if name == "-" {
					name = "stdin"
				}
				// The window and explain start from them; said once.
				fmt.Fprintf(e.stderr, "sudoku: %s holds %s with candidates: %s takes their digits (explain starts from the candidates)\n",
					solver.CleanName(name), plural(len(in.puzzles.cands), "position"), e.cmd)
				break
			}
		}
	}
	e.skipSummary()
	return ins, ok
}

// clashingBases returns the operands whose base name another operand
// shares ("a/x.txt b/x.txt"): their puzzles are named by the path as
// given, where both were "x.txt #1" and their rows could not be told
// apart.
func clashingBases(names []string) map[string]bool {
	seen := map[string][]string{}
	for _, n := range names {
		if n != "-" {
			b := filepath.Base(n)
			seen[b] = append(seen[b], n)
		}
	}
	clash := map[string]bool{}
	for _, ns := range seen {
		if len(slices.Compact(slices.Sorted(slices.Values(ns)))) > 1 {
			for _, n := range ns {
				clash[n] = true
			}
		}
	}
	return clash
}

// pathName names a puzzle of the operand path by the path as given
// rather than its base name: "x.txt #3" becomes "a/x.txt #3".
func pathName(name, path string) string {
	if rest, ok := strings.CutPrefix(name, filepath.Base(path)+" #"); ok {
		return path + " #" + rest
	}
	return name
}

// fileStat is the status of the file under s (standard input or output,
// say), if s is one.
func fileStat(s any) (os.FileInfo, bool) {
	if w, ok := s.(io.Writer); ok {
		s = rawWriter(w)
	}
	f, ok := s.(*os.File)
	if !ok {
		return nil, false
	}
	fi, err := f.Stat()
	return fi, err == nil
}

// readProblem says why an input could not be read, as a person would:
// "missing.txt: no such file or directory", not "stat missing.txt: …"
// (the system call's name means nothing to the user).
func readProblem(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && (pe.Op == "open" || pe.Op == "stat" || pe.Op == "read" || pe.Op == "lstat") {
		return solver.CleanName(pe.Path + ": " + pe.Err.Error())
	}
	return solver.CleanName(err.Error()) // a file name's control characters as escapes
}

// isTerminal reports whether w is a terminal: not any character device
// (output to /dev/full was refused as "a terminal", and its write error
// never came).
func isTerminal(w io.Writer) bool {
	f, ok := rawWriter(w).(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// isDevNull reports whether w is /dev/null (a character device too).
func isDevNull(w io.Writer) bool { return isFileAt(w, os.DevNull) }

// isFileAt reports whether the stream s (standard input or output) is
// the file at path.
func isFileAt(s any, path string) bool {
	a, ok := fileStat(s)
	if !ok {
		return false
	}
	b, err := os.Stat(path)
	return err == nil && os.SameFile(a, b)
}

// statusWord is how the command line names a result's outcome.
func statusWord(r solver.Result) string { return statusName(r.Status) }

// statusName names an outcome: solved, invalid, unsolvable or timeout.
func statusName(s solver.Status) string {
	switch s {
	case solver.Invalid:
		return "invalid"
	case solver.Unsolvable:
		return "unsolvable"
	case solver.Cancelled:
		return "timeout"
	}
	return "solved"
}

func upper(a solver.Algorithm) string { return strings.ToUpper(string(a)) }

// plural writes n and the noun, with an s unless n is 1: "1 step", "2 steps".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// safeText writes messages with the control characters in them (from a
// file's name: "x\x1b]0;T\a.txt" set the terminal's title) as Go escapes,
// \x1b; line ends and tabs stay. Standard error is one: the progress bars
// draw on the writer under it (rawWriter).
type safeText struct{ w io.Writer }

func (s safeText) Write(p []byte) (int, error) {
	clean := true
	for _, c := range p {
		if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s.w.Write(p)
	}
	var b strings.Builder
	for _, r := range string(p) {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	if _, err := io.WriteString(s.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// rawWriter is the writer under Run's checks and escapes.
func rawWriter(w io.Writer) io.Writer {
	for {
		switch x := w.(type) {
		case *checkedWriter:
			w = x.w
		case safeText:
			w = x.w
		default:
			return w
		}
	}
}

// displayWidth is lab.DisplayWidth.
func displayWidth(s string) int { return lab.DisplayWidth(s) }

// padTo is s and the spaces that make it w columns wide on a terminal
// (fmt's %-*s counts runes: a table's columns shifted after "Noël" typed
// as e and a combining mark, or a Chinese name).
func padTo(s string, w int) string { return lab.PadTo(s, w) }
