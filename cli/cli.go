// Package cli implements the headless subcommands of the sudoku binary:
// solve, bench, generate, rate, explain, print and compare. Each takes its
// arguments, standard input and output streams and returns the exit status,
// so tests run them in-process.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

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

// IsCommand reports whether name selects a headless command (or help).
func IsCommand(name string) bool {
	_, ok := commands[name]
	return ok || name == "-h" || name == "--help" || name == "-help"
}

// Run runs the command named by args[0] with the rest of args.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		usage(stdout)
		return ExitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "sudoku: unknown command %q\n", args[0])
		usage(stderr)
		return ExitUsage
	}
	return c.run(e, args[1:])
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
}

func runHelp(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stdout)
		return ExitOK
	}
	c, ok := commands[args[0]]
	if !ok || args[0] == "help" {
		usage(e.stdout)
		return ExitOK
	}
	e.stderr = e.stdout
	return c.run(e, []string{"-h"})
}

// newFlags makes a flag set whose errors and help go to stderr.
func newFlags(e *env, name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: sudoku %s %s\n\nFlags:\n", name, synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parseArgs parses flags that may come before, between or after the
// operands, and returns the operands.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// needFiles reports a missing operand (commands that read puzzles need at
// least one) and shows the command's usage.
func needFiles(e *env, fs *flag.FlagSet, files []string) bool {
	if len(files) > 0 {
		return true
	}
	fmt.Fprintf(e.stderr, "sudoku %s: no input files (use - for standard input)\n", fs.Name())
	fs.Usage()
	return false
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
	puzzles []solver.Puzzle
}

// readInputs reads every operand ("-" is standard input). Files that fail
// are reported on stderr and left out; ok is false if any failed.
func readInputs(e *env, names []string) (ins []input, ok bool) {
	ok = true
	for _, n := range names {
		var ps []solver.Puzzle
		var err error
		if n == "-" {
			ps, err = solver.ReadPuzzles(e.stdin, "stdin")
		} else {
			ps, err = solver.ReadFile(n)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku: %v\n", err)
			ok = false
			continue
		}
		ins = append(ins, input{name: n, puzzles: ps})
	}
	return ins, ok
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// statusWord is how the command line names a result's outcome.
func statusWord(r solver.Result) string {
	switch r.Status {
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
