package cli

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"example.com/sudoku/booklet"
	"example.com/sudoku/internal/filekind"
	"example.com/sudoku/lab"
	"example.com/sudoku/solver"
	"example.com/sudoku/solver/logic"
)

func init() {
	register("print", "lay puzzles out as a PDF booklet, or draw one as a PNG or SVG image", runPrint)
}

// printSource is where an entry of the booklet came from, for messages.
type printSource struct {
	file string // "stdin" for standard input
	line int
	name string // the reader's name for the puzzle, made up or not
}

func runPrint(e *env, args []string) int {
	fs := newFlags(e, "print", "[flags] -o FILE FILE... (- reads standard input)")
	e.skipFlag(fs)
	fs.Lookup("skip-bad").Usage = "report and skip a file's lines that cannot be read, and in a booklet the puzzles that cannot be printed (invalid, or with --solutions no solution), the first 10 named, then a count, rather than fail"
	outPath := fs.String("o", "", "write to `FILE` (- for standard output); required")
	format := fs.String("format", "", "pdf (a booklet), png or svg (one puzzle); default: from -o's extension, else pdf")
	perPage := intFlag(fs, "per-page", booklet.DefaultPerPage, "pdf: `N` puzzles a page, 1, 2, 4 or 6 (12×12 and 16×16 boards go fewer a page to keep their cells large)")
	solutions := fs.Bool("solutions", false, "pdf: add a solutions section; png, svg: fill the solution in")
	paperName := fs.String("paper", "a4", "pdf: page size, a4 or letter")
	title := fs.String("title", "Sudoku", "pdf: the title at the top of every page (\"\" for none)")
	index := intFlag(fs, "index", 1, "png, svg: draw puzzle `N`, counting from 1 across the files")
	rangeFlag := fs.String("range", "", fmt.Sprintf("pdf: print puzzles `A-B` only, counting from 1 across the files (A- to the end, A alone one puzzle; several, as 5,17,42,100-120, in the files' order, numbered as there); a booklet takes %s at most", lab.Thousands(MaxPrintPuzzles)))
	size := intFlag(fs, "size", booklet.DefaultImageSize, fmt.Sprintf("png, svg: image width in `pixels`, %d to %d", booklet.MinImageSize, booklet.MaxImageSize))
	numbersOnly := fs.Bool("numbers-only", false, "pdf: caption the puzzles with their numbers alone (no names, levels or seeds on a class's sheets); the solutions keep them")
	levels := fs.Bool("levels", false, "rate every puzzle and print its level and score in its caption, as the window does (slow on the hardest: seconds a puzzle)")
	jobs := intFlag(fs, "j", runtime.NumCPU(), "with --levels, rate on `N` cores")
	force := fs.Bool("force", false, "let -o replace a PDF or image that was not printed from these same files (one printed from them is replaced without it)")
	files, err := parseArgs(fs, args)
	if err != nil {
		return flagExit(err)
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "sudoku print: "+format+"\n", args...)
		return ExitUsage
	}
	if *outPath == "" {
		return usageErr("no output file (use -o FILE.pdf)")
	}
	paper, msg := checkPrintFlags(format, *outPath, *perPage, *paperName, *index, *size)
	if msg != "" {
		return usageErr("%s", msg)
	}
	sel, err := booklet.ParseSelection(*rangeFlag)
	if err != nil {
		return usageErr("--range %q: %v", *rangeFlag, err)
	}
	if !needFiles(e, fs, files) {
		return ExitUsage
	}
	noteIdleFlags(e, fs, *format)
	kind := map[string]string{"pdf": kindPDF, "png": kindPNG, "svg": kindSVG}[*format]
	if err := cmp.Or(notAnInput(e, *outPath, files), notAnotherKindOut(*outPath, kind)); err != nil {
		// notAnotherKind as well as the name's extension: a link named
		// book.pdf to a puzzle file put the PDF in its place.
		return usageErr("%v", err)
	}
	if *outPath == "-" && *format != "svg" && isTerminal(e.stdout) && !isDevNull(e.stdout) {
		// The PDF's or PNG's bytes would fill the terminal with noise.
		return usageErr("-o -: standard output is a terminal, and a %s is binary: redirect it (> book.%s) or name a file with -o", strings.ToUpper(*format), *format)
	}
	limit := 0
	if *format == "pdf" {
		limit = MaxPrintPuzzles
	}
	if *format != "pdf" {
		sel = booklet.Selection{}
	}
	entries, sources, ok, tooMany, seen := readPrintInputs(e, files, limit, sel)
	if tooMany && *rangeFlag != "" {
		from := sel.First()
		return usageErr("--range %s: more than %d puzzles, more than a booklet takes: print %d at most (--range %d-%d, then --range %d-%d, ...)",
			*rangeFlag, MaxPrintPuzzles, MaxPrintPuzzles, from, from+MaxPrintPuzzles-1, from+MaxPrintPuzzles, from+2*MaxPrintPuzzles-1)
	}
	if tooMany {
		return usageErr("more than %d puzzles in %s, more than a booklet takes: print part of it (--range 1-%d, then --range %d-%d, ...)",
			MaxPrintPuzzles, strings.Join(files, ", "), MaxPrintPuzzles, MaxPrintPuzzles+1, 2*MaxPrintPuzzles)
	}
	if !ok {
		return ExitUsage
	}
	if to := sel.Last(); to > 0 && seen < to && len(entries) > 0 {
		fmt.Fprintf(e.stderr, "sudoku print: note: --range %s runs past the end: %s %s only %s\n", *rangeFlag, strings.Join(files, ", "),
			map[bool]string{true: "holds", false: "hold"}[len(files) == 1], plural(seen, "puzzle"))
	}
	if len(entries) == 0 && seen > 0 {
		verb := "holds"
		if len(files) > 1 {
			verb = "hold"
		}
		return usageErr("--range %s: %s %s only %s", *rangeFlag, strings.Join(files, ", "), verb, plural(seen, "puzzle"))
	}
	if len(entries) == 0 {
		return usageErr("no puzzles in %s", strings.Join(files, ", "))
	}
	if e.skipBad && *format == "pdf" {
		// The puzzles that cannot be printed, skipped too: a curator's
		// --skip-bad printed nothing over one invalid puzzle.
		bad := badPuzzles(entries, 0, *solutions)
		nameBad(e, entries, sources, bad, " (skipped)", func(n int) string { return fmt.Sprintf("and %s skipped", plural(n, "more puzzle")) })
		kept, keptSrc, next := entries[:0], sources[:0], 0
		for i := range entries {
			if next < len(bad) && bad[next].i == i {
				next++
				continue
			}
			kept, keptSrc = append(kept, entries[i]), append(keptSrc, sources[i])
		}
		entries, sources = kept, keptSrc
		if len(entries) == 0 {
			return usageErr("no puzzle of %s can be printed", strings.Join(files, ", "))
		}
	}

	switch {
	case *format == "pdf":
		noteUndrawable(e, *format, *title, entries)
		if shown, cut := booklet.TitleCut(booklet.Options{Title: *title, Paper: paper, Solutions: *solutions}); cut {
			fmt.Fprintf(e.stderr, "sudoku print: note: the title is too long for the page's heading and prints as %q\n", shown)
		}
	case *format == "png" && *index <= len(entries):
		// The one puzzle drawn (the note counted every puzzle's name).
		noteUndrawable(e, *format, *title, entries[*index-1:*index])
	}
	mark := printMark(files)
	if !*force {
		// Before --levels' ratings: minutes of work were done, then
		// refused.
		if err := otherBooklet(*outPath, mark, *format); err != nil {
			return usageErr("%v", err)
		}
	}
	if *levels {
		levelEntries(e, entries, *jobs)
	}
	// The output takes the place of an old file only when complete, so a
	// puzzle that cannot be printed or a full disk leaves what was there.
	out, err := createOutput(e, *outPath, files)
	if err != nil {
		return usageErr("%v", err)
	}
	defer out.abort()
	first := 0        // the entry the writer was given first
	var several []int // entries with more than one solution, when solved
	note := func(i int) { several = append(several, i) }
	switch *format {
	case "pdf":
		pp := *perPage
		if !flagSet(fs, "per-page") {
			// Fewer puzzles than the default a page take a larger
			// layout: one puzzle sat in a quarter of an empty page.
			pp = fewestPerPage(len(entries), pp)
		}
		opt := booklet.Options{Paper: paper, PerPage: pp, Title: *title, Solutions: *solutions, Several: note, NumbersOnly: *numbersOnly, Keywords: mark} // (each entry carries its number)
		var bar *progressBar                                                                                                                              // over the pages, made once their number is known
		opt.Progress = func(done, total int) {
			if bar == nil {
				bar = newProgressBar(e.stderr, "printing", total)
			}
			bar.set(done)
			if done == total {
				bar.lastPhase("writing the PDF")
			}
		}
		err = booklet.WritePDF(out, entries, opt)
		bar.finish()
	default:
		if *index > len(entries) {
			return usageErr("--index %d: there %s", *index, map[bool]string{true: "is only 1 puzzle", false: fmt.Sprintf("are only %d puzzles", len(entries))}[len(entries) == 1])
		}
		first = *index - 1
		opt := booklet.ImageOptions{Size: *size, Solution: *solutions, Several: note, Mark: mark}
		if *format == "png" {
			err = booklet.WritePNG(out, entries[first], opt)
		} else {
			err = booklet.WriteSVG(out, entries[first], opt)
		}
	}
	if pe := (*booklet.PuzzleError)(nil); errors.As(err, &pe) {
		bad := []badPuzzle{{first + pe.Index, pe.Err}}
		if *format == "pdf" {
			// The others too: a setter mended a file one run at a
			// time, each naming the next puzzle.
			bad = append(bad, badPuzzles(entries, first+pe.Index+1, *solutions)...)
		}
		nameBad(e, entries, sources, bad, "", func(n int) string {
			return fmt.Sprintf("and %d more bad %s", n, map[bool]string{true: "puzzle", false: "puzzles"}[n == 1])
		})
		return ExitPuzzles
	}
	if err != nil {
		if !e.stdoutFailed() { // Run reports a failed write to standard output
			fmt.Fprintf(e.stderr, "sudoku print: %v\n", err)
		}
		return ExitUsage
	}
	if err := out.commit(); err != nil {
		fmt.Fprintf(e.stderr, "sudoku print: %v\n", err)
		return ExitUsage
	}
	// Printed, but a puzzle with several solutions is not a proper one,
	// and its solution shows one of them.
	for k, i := range several {
		if k == 5 {
			fmt.Fprintf(e.stderr, "sudoku print: … and %d more puzzles with more than one solution\n", len(several)-k)
			break
		}
		src := sources[first+i]
		fmt.Fprintf(e.stderr, "sudoku print: %s:%d: puzzle %q has more than one solution; its solution shows one of them\n", src.file, src.line, src.name)
	}
	return ExitOK
}

// badPuzzle is an entry that cannot be printed, and why (its
// booklet.PuzzleError's error).
type badPuzzle struct {
	i   int
	err error
}

// badPuzzles lists the entries from from on that cannot be printed:
// givens that break the rules, or no solution when solutions are wanted.
func badPuzzles(entries []booklet.Entry, from int, solutions bool) []badPuzzle {
	var bad []badPuzzle
	for i := from; i < len(entries); i++ {
		if pe := (*booklet.PuzzleError)(nil); errors.As(booklet.Check(entries[i], solutions), &pe) {
			bad = append(bad, badPuzzle{i, pe.Err})
		}
	}
	return bad
}

// nameBad names the bad puzzles on standard error, the first
// maxSkipShown with their file, line and why (each followed by suffix),
// then the rest's count as rest says it ("and 2 more bad puzzles").
func nameBad(e *env, entries []booklet.Entry, sources []printSource, bad []badPuzzle, suffix string, rest func(n int) string) {
	for k, b := range bad {
		if k == maxSkipShown {
			fmt.Fprintf(e.stderr, "sudoku print: %s\n", rest(len(bad)-k))
			return
		}
		src := sources[b.i]
		fmt.Fprintf(e.stderr, "sudoku print: %s:%d: puzzle %q %s%s\n", src.file, src.line, src.name, cannotPrint(entries[b.i], b.err), suffix)
	}
}

// cannotPrint says why entry en cannot be printed, err being its
// booklet.PuzzleError's: "has no solution" (and why, for a killer), or
// "is invalid: …".
func cannotPrint(en booklet.Entry, err error) string {
	if !errors.Is(err, booklet.ErrUnsolvable) {
		return "is invalid: " + err.Error()
	}
	if why, _ := logic.KillerWhy(en.Board); why != "" {
		return "has no solution: " + why
	}
	return "has no solution"
}

// readPrintInputs reads every operand ("-" is standard input) into the
// booklet's entries, with where each came from. A file of classic 9×9
// puzzles is read by the classic readers (every layout of Puzzle files);
// a file of boards of other shapes (Solo game IDs, lines of N×N symbols)
// by the board reader. Files that fail are reported on stderr and left
// out; ok is false if any failed.
//
// With limit above 0, the reading stops once there are more puzzles than
// limit (the booklet's most), and too is true: 3 million puzzles were
// read, 2.4 GB and 10 s, to be refused.
func readPrintInputs(e *env, files []string, limit int, sel booklet.Selection) (entries []booklet.Entry, sources []printSource, ok, too bool, seen int) {
	defer e.skipSummary()
	ok = true
	errTooMany := errors.New("too many puzzles")
	errDone := errors.New("past the range")
	// want counts a puzzle read and tells whether it is in the range;
	// past it, reading stops.
	want := func() (bool, error) {
		seen++
		if to := sel.Last(); to > 0 && seen > to {
			return false, errDone
		}
		return sel.Has(seen), nil
	}
	for _, f := range files {
		file := f
		if f == "-" {
			file = "stdin" // as the readers name it in their own errors
		}
		cands := 0 // positions with candidates: printed with their digits only
		defer func() {
			if cands > 0 {
				fmt.Fprintf(e.stderr, "sudoku print: note: %s holds %s with candidates: the booklet prints their digits, not the candidates\n", solver.CleanName(file), plural(cands, "position"))
			}
		}()
		var boards bool
		var stdin io.Reader
		if f == "-" {
			var h []byte
			h, stdin = peekHead(e.stdin)
			boards = solver.IsBoardFile(h)
		} else if h, err := e.head(f); err == nil {
			boards = solver.IsBoardFile(h)
		}
		if !boards {
			add := func(p solver.Puzzle) error {
				if in, err := want(); !in {
					return err
				}
				if limit > 0 && len(entries) >= limit {
					return errTooMany
				}
				entries = append(entries, booklet.Entry{Grid: p.Grid, Name: captionName(p), Number: seen})
				sources = append(sources, printSource{file: file, line: p.Line, name: p.Name})
				if p.Cands != nil {
					cands++
				}
				return nil
			}
			var err error
			if stdin != nil {
				err = e.scanReader(stdin, file, add)
			} else {
				err = e.scanFile(f, nil, add)
			}
			if errors.Is(err, errTooMany) {
				return entries, sources, ok, true, seen
			}
			if errors.Is(err, errDone) {
				return entries, sources, ok, false, seen
			}
			if err != nil {
				fmt.Fprintf(e.stderr, "sudoku: %s\n", readProblem(err))
				ok = false
			}
			continue
		}
		var ps []solver.BoardPuzzle
		var err error
		if stdin != nil {
			ps, err = e.readBoards(stdin, file)
		} else {
			ps, err = e.readBoardFile(f)
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku: %s\n", readProblem(err))
			ok = false
			continue
		}
		for k, p := range ps {
			in, err := want()
			if err != nil {
				return entries, sources, ok, false, seen
			}
			if in {
				entries = append(entries, booklet.Entry{Board: p.Board, Name: boardCaptionName(p, file, k+1), Number: seen})
				sources = append(sources, printSource{file: file, line: p.Line, name: p.Name})
			}
		}
		if limit > 0 && len(entries) > limit {
			return entries, sources, ok, true, seen
		}
	}
	return entries, sources, ok, false, seen
}

// boardCaptionName is captionName for puzzle k (from 1) of a board file:
// nothing when the reader made the name up ("FILE #k").
func boardCaptionName(p solver.BoardPuzzle, file string, k int) string {
	base := file
	if i := strings.LastIndexAny(file, `/\`); i >= 0 {
		base = file[i+1:]
	}
	if p.Name == fmt.Sprintf("%s #%d", base, k) {
		return ""
	}
	return p.Name
}

// checkPrintFlags checks print's flags and settles the format (from the
// output's extension when not given). msg says what is wrong, if anything.
func checkPrintFlags(format *string, outPath string, perPage int, paperName string, index, size int) (paper booklet.Paper, msg string) {
	ext := strings.ToLower(filepath.Ext(outPath))
	switch f := strings.ToLower(*format); {
	case outPath == "-" || f != "" && f != "pdf" && f != "png" && f != "svg":
	case f != "" && (ext == ".pdf" || ext == ".png" || ext == ".svg") && ext[1:] != f:
		// An SVG named .pdf opens as a broken PDF.
		return paper, fmt.Sprintf("-o %s with --format %s: the file would not be what its name says (name it .%s, or leave --format out)", outPath, f, f)
	case otherImage(ext) && ext != ".pdf" && ext != ".png" && ext != ".svg":
		return paper, fmt.Sprintf("-o %s: print writes PDF, PNG or SVG (name the file .pdf, .png or .svg)", outPath)
	case puzzleText(ext):
		// A PDF named .txt replaced what may be a puzzle file.
		return paper, fmt.Sprintf("-o %s: print writes PDF, PNG or SVG, not text (name the file .pdf, .png or .svg)", outPath)
	}
	if *format == "" {
		*format = "pdf"
		if ext := strings.ToLower(filepath.Ext(outPath)); ext == ".png" || ext == ".svg" {
			*format = ext[1:]
		}
	}
	*format = strings.ToLower(*format)
	if *format != "pdf" && *format != "png" && *format != "svg" {
		return paper, fmt.Sprintf("unknown format %q (want pdf, png or svg)", *format)
	}
	if !slices.Contains(booklet.PerPageChoices, perPage) {
		return paper, fmt.Sprintf("cannot print %d puzzles a page (want 1, 2, 4 or 6)", perPage)
	}
	paper, err := booklet.ParsePaper(paperName)
	if err != nil {
		return paper, err.Error()
	}
	if index < 1 {
		return paper, fmt.Sprintf("--index counts from 1, not %d", index)
	}
	if size < booklet.MinImageSize || size > booklet.MaxImageSize {
		return paper, fmt.Sprintf("--size %d is out of range (%d to %d pixels)", size, booklet.MinImageSize, booklet.MaxImageSize)
	}
	return paper, ""
}

// otherImage reports a file extension of an image or document format
// other than PDF, PNG and SVG: a file so named would hold another format
// (-o week.docx wrote a PDF that the word processor could not open).
func otherImage(ext string) bool {
	return slices.Contains([]string{".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".ps", ".eps", ".pdf", ".svg", ".png",
		".doc", ".docx", ".odt", ".rtf", ".xls", ".xlsx", ".ods", ".ppt", ".pptx", ".odp", ".epub", ".zip"}, ext)
}

// puzzleText reports a file extension of text, and of the puzzle files
// the program reads and writes.
func puzzleText(ext string) bool {
	return slices.Contains([]string{".txt", ".sdk", ".sdm", ".ss", ".xml", ".csv", ".json", ".opensudoku", ".md", ".html", ".htm", ".text"}, ext)
}

// MaxPrintPuzzles bounds a booklet: the PDF is built in memory (about 1 KB
// a puzzle with its solution, several times that while it is made), and
// 50,000 puzzles at 6 a page is already 8,334 pages.
const MaxPrintPuzzles = 50_000

// captionName is the name to print for a puzzle: the file's own name for
// it, or nothing when the reader made one up ("FILE #N"), since the booklet
// numbers the puzzles anyway.
func captionName(p solver.Puzzle) string {
	if !p.Named {
		return ""
	}
	return p.Name
}

// fewestPerPage is the layout for a booklet of n puzzles: the smallest
// choice that holds them all on one page, or perPage when they need
// more.
func fewestPerPage(n, perPage int) int {
	for _, c := range booklet.PerPageChoices {
		if c >= n && c < perPage {
			return c
		}
	}
	return perPage
}

// noteUndrawable says when the title or puzzle names hold characters the
// booklet's fonts cannot draw (Chinese, Arabic, emoji), which print as
// U+FFFD: the output is still written, and exits 0.
func noteUndrawable(e *env, format, title string, entries []booklet.Entry) {
	if what := booklet.Undrawable(title, format == "pdf", entries); what != "" {
		fmt.Fprintf(e.stderr, "sudoku print: note: characters the booklet's fonts cannot draw (Chinese, Arabic, emoji…) in %s print as \uFFFD; an SVG keeps them\n", what)
	}
}

// noteIdleFlags says which flags given do nothing for the format: an
// image has no title, pages or paper, a booklet no index or size (they
// were taken without a word).
func noteIdleFlags(e *env, fs *flag.FlagSet, format string) {
	idle := []string{"per-page", "paper", "title", "range", "numbers-only"}
	what := "an image is one puzzle, --index picks it, and has no title, pages or paper"
	if format == "pdf" {
		idle, what = []string{"index", "size"}, "those are for a PNG or SVG of one puzzle"
	}
	var given []string
	for _, name := range idle {
		if flagSet(fs, name) {
			given = append(given, "--"+name)
		}
	}
	if len(given) > 0 {
		article := "a"
		if format == "svg" {
			article = "an" // "an SVG", as it is said
		}
		fmt.Fprintf(e.stderr, "sudoku print: note: %s %s nothing for %s %s (%s)\n", strings.Join(given, " and "),
			map[bool]string{true: "does", false: "do"}[len(given) == 1], article, strings.ToUpper(format), what)
	}
}

// levelEntries rates every entry, as the window and `rate` do, and puts
// its level and score in its caption ("hard · score 4.5"); one that
// cannot be rated keeps its caption as it was.
func levelEntries(e *env, entries []booklet.Entry, jobs int) {
	bar := newProgressBar(e.stderr, "rating", len(entries))
	runOrdered(context.Background(), len(entries), jobs, func(i int) rating {
		b := entries[i].Board
		if b.Geo == nil {
			b = solver.BoardOf(entries[i].Grid)
		}
		r, err := rateBoard(b)
		bar.add(1)
		return rating{r, err}
	}, func(i int, v rating) {
		if v.err == nil {
			entries[i].Level = v.r.Level.String()
			entries[i].Score = strconv.FormatFloat(v.r.Score, 'f', 1, 64)
		}
	})
	bar.finish()
}

// printMark names, in a booklet's PDF keywords, the files it was printed
// from: a hash of their absolute paths in order ("-" for standard input).
func printMark(files []string) string {
	h := sha256.New()
	for _, f := range files {
		if f != "-" {
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
		}
		h.Write([]byte(f))
		h.Write([]byte{0})
	}
	return fmt.Sprintf("%s%x", filekind.MarkPrint, h.Sum(nil)[:12])
}

// otherBooklet refuses to replace, at path, a PDF or an image (format)
// that was not printed from the same files (mark): a teacher's booklet of
// three levels with its solutions was replaced without a word by a
// one-level booklet printed to the same name, and a photo named .png by a
// puzzle, where generate keeps a file it would replace. Printing again
// from the same files replaces it, as a make would.
func otherBooklet(path, mark, format string) error {
	if path == "-" {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return nil // none, or a device: nothing to keep
	}
	const most = 64 << 20 // a booklet of 1,000 puzzles is a few MB
	if fi.Size() <= most {
		if b, err := os.ReadFile(path); err == nil && bytes.Contains(b, []byte(mark)) {
			return nil
		}
	}
	what := map[string]string{"pdf": "a PDF", "png": "a PNG", "svg": "an SVG"}[format]
	return fmt.Errorf("-o %s: %s not printed from these files is there already: --force replaces it; another name keeps it", solver.CleanName(path), what)
}
