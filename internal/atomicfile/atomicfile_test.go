package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// onlyFiles fails if dir holds anything but names: no temporary file may
// be left behind.
func onlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	es, _ := os.ReadDir(dir)
	var got []string
	for _, e := range es {
		got = append(got, e.Name())
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Errorf("folder holds %v, want %v", got, names)
	}
}

func TestFailedWriteKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old puzzles"), 0o640)
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error {
		w.Write(bytes.Repeat([]byte("x"), 200<<10)) // past the buffer: on disk already
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if got := read(t, path); got != "old puzzles" {
		t.Errorf("old file now %q", got)
	}
	onlyFiles(t, dir, "out.txt")
}

func TestWriteReplacesKeepingMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old"), 0o600)
	if err := WriteFile(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if read(t, path) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("%q mode %v", read(t, path), fi.Mode())
	}
	fresh := filepath.Join(dir, "fresh.txt")
	if err := WriteFile(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o666&^os.FileMode(umask) {
		t.Errorf("new file mode %v, want 0666 less umask %o", fi.Mode(), umask)
	}
	onlyFiles(t, dir, "fresh.txt", "out.txt")
}

func TestWriteFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.pdf")
	link := filepath.Join(dir, "link.pdf")
	os.WriteFile(target, []byte("old"), 0o644)
	os.Symlink("real.pdf", link)
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if read(t, target) != "new" {
		t.Error("the link's target was not written")
	}
}

func TestDevicesAreWrittenInPlace(t *testing.T) {
	if err := WriteFile("/dev/null", []byte("x")); err != nil {
		t.Errorf("/dev/null: %v", err)
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode().IsRegular() {
		t.Fatalf("/dev/null was replaced: %v %v", fi, err)
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		err := WriteFile("/dev/full", []byte("x"))
		if err == nil || !strings.Contains(err.Error(), "no space left on device") {
			t.Errorf("/dev/full: %v", err)
		}
	}
	if err := WriteFile(t.TempDir(), []byte("x")); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("directory: %v", err)
	}
}

// TestFullDisk writes to a 64 KB tmpfs (as root, where mounting is
// allowed): the old file stays whole and no temporary file is left.
func TestFullDisk(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=64k"); err != nil {
		t.Skipf("cannot mount a small tmpfs here: %v", err)
	}
	defer syscall.Unmount(dir, 0)
	path := filepath.Join(dir, "old.txt")
	old := strings.Repeat("5.6918.237136.2.49.8.....516.4.....2.2786.........41..3..14.2.....5.63.8.7......6\n", 300)
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, bytes.Repeat([]byte("1"), 100<<10))
	if err == nil || !strings.Contains(err.Error(), "no space left on device") {
		t.Fatalf("error %v, want no space left", err)
	}
	if read(t, path) != old {
		t.Error("the old file changed")
	}
	onlyFiles(t, dir, "old.txt")
}

func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session.json")
	old := time.Now().Add(-time.Hour)
	for _, n := range []string{".session.json123", ".session.json456", ".session.json7x", "session.json", ".session.json"} {
		p := filepath.Join(dir, n)
		os.WriteFile(p, nil, 0o644)
		os.Chtimes(p, old, old)
	}
	os.WriteFile(filepath.Join(dir, ".session.json789"), nil, 0o644) // a save under way
	if n := RemoveStale(path, time.Minute); n != 2 {
		t.Errorf("removed %d, want 2", n)
	}
	onlyFiles(t, dir, ".session.json", ".session.json789", ".session.json7x", "session.json")
}

// TestRemoveStaleKilled: a killed write's temporary file (no lock held)
// goes at the next write of the same target, seconds later rather than
// an hour; the file of a write under way (locked) stays, whatever its age.
func TestRemoveStaleKilled(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	os.WriteFile(path, []byte("old"), 0o644)
	ago := time.Now().Add(-10 * time.Second)
	killed := filepath.Join(dir, ".out.txt123")
	os.WriteFile(killed, []byte("half"), 0o644)
	os.Chtimes(killed, ago, ago)
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	live := f.pending.Name()
	os.Chtimes(live, ago, ago)
	if n := RemoveStale(path, time.Hour); n != 1 {
		t.Errorf("removed %d, want 1 (the killed write's)", n)
	}
	onlyFiles(t, dir, filepath.Base(live), "out.txt")
	f.Write([]byte("new"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	onlyFiles(t, dir, "out.txt")
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("out.txt holds %q", b)
	}
}

func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	os.WriteFile(a, nil, 0o644)
	os.Link(a, filepath.Join(dir, "hard.txt"))
	os.Symlink("a.txt", filepath.Join(dir, "soft.txt"))
	for _, b := range []string{a, filepath.Join(dir, "hard.txt"), filepath.Join(dir, "soft.txt"), filepath.Join(dir, ".", "a.txt")} {
		if !SameFile(a, b) {
			t.Errorf("%s and %s: not the same", a, b)
		}
	}
	if SameFile(a, filepath.Join(dir, "missing")) {
		t.Error("a missing file is the same")
	}
}

// TestRemovePending: the temporary files of the writes under way go, the
// targets stay as they were, and a finished or dropped write is not
// touched.
func TestRemovePending(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"), filepath.Join(dir, "c.txt")
	os.WriteFile(a, []byte("old a"), 0o644)
	fa, err := Create(a)
	if err != nil {
		t.Fatal(err)
	}
	fa.Write(bytes.Repeat([]byte("x"), 100<<10))
	fb, _ := Create(b)
	fb.Write([]byte("b"))
	fc, _ := Create(c)
	fc.Write([]byte("new c"))
	if err := fc.Commit(); err != nil {
		t.Fatal(err)
	}
	RemovePending()
	onlyFiles(t, dir, "a.txt", "c.txt")
	if read(t, a) != "old a" || read(t, c) != "new c" {
		t.Errorf("a %q, c %q", read(t, a), read(t, c))
	}
	fa.Abort() // after RemovePending: nothing left to remove
	fb.Abort()
	onlyFiles(t, dir, "a.txt", "c.txt")
}

// TestWriteFollowsDanglingSymlink: a link to a file that does not exist
// yet (through another link) stays a link, and the file it names is made.
func TestWriteFollowsDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	link := filepath.Join(dir, "link.txt")
	os.Symlink("sub/next.txt", link)
	os.Symlink("real.txt", filepath.Join(dir, "sub", "next.txt"))
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{link, filepath.Join(dir, "sub", "next.txt")} {
		if fi, _ := os.Lstat(l); fi == nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s was replaced by a file", l)
		}
	}
	if read(t, filepath.Join(dir, "sub", "real.txt")) != "new" {
		t.Error("the file the links name was not written")
	}
	if err := WriteFile("", []byte("x")); err == nil || !strings.Contains(err.Error(), "an empty file name") {
		t.Errorf("empty name: %v", err)
	}
}

// A new file named through a link and "..": it goes where the system
// finds it, the link's target's parent (the temporary file was made in
// the folder filepath.Dir gave, and the rename failed across file systems
// or named the temporary file); a folder that does not exist is an error
// naming the path as given.
func TestNewFileThroughLinkAndDotDot(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "real", "sub"), 0o755)
	os.Symlink(filepath.Join(dir, "real", "sub"), filepath.Join(dir, "tl"))
	t.Chdir(dir)
	if err := WriteFile("tl/../g.txt", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if read(t, filepath.Join(dir, "real", "g.txt")) != "new" {
		t.Error("not written in the link's target's parent")
	}
	if _, err := os.Stat(filepath.Join(dir, "g.txt")); err == nil {
		t.Error("written in the folder the path reads as")
	}
	err := WriteFile("./missing/../x.txt", []byte("x"))
	if err == nil || err.Error() != "write ./missing/../x.txt: no such file or directory" {
		t.Errorf("a missing folder: %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".x.txt*")); len(left) > 0 {
		t.Errorf("left %v", left)
	}
}

// TestLinkLoopIsRefused: links that loop are an error, and stay links.
func TestLinkLoopIsRefused(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink("b", a)
	os.Symlink("a", b)
	if err := WriteFile(a, []byte("x")); err == nil || !strings.Contains(err.Error(), "too many levels of symbolic links") {
		t.Errorf("error %v", err)
	}
	for _, l := range []string{a, b} {
		if fi, _ := os.Lstat(l); fi == nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", l)
		}
	}
}

// TestDescriptorNames checks that /dev/stdout and the like write to the
// process's own descriptor, as the shell's redirection set it up: a log
// opened for appending keeps what it had (renaming over /dev/stdout used
// to replace the log with the output alone), and a pipe gets the output
// (it used to fail).
func TestDescriptorNames(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log.txt")
	os.WriteFile(log, []byte("important line\n"), 0o644)
	f, err := os.OpenFile(log, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fd := int(f.Fd())
	for _, name := range []string{fmt.Sprintf("/dev/fd/%d", fd), fmt.Sprintf("/proc/self/fd/%d", fd), fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), fd)} {
		if err := WriteFile(name, []byte(name+"\n")); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	// A link to one counts too.
	link := filepath.Join(dir, "out")
	os.Symlink(fmt.Sprintf("/dev/fd/%d", fd), link)
	if err := WriteFile(link, []byte("through a link\n")); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("important line\n/dev/fd/%d\n/proc/self/fd/%d\n/proc/%d/fd/%d\nthrough a link\n", fd, fd, os.Getpid(), fd)
	if got := read(t, log); got != want {
		t.Errorf("the log holds %q, want %q", got, want)
	}
	if _, err := f.Write([]byte("still open\n")); err != nil {
		t.Errorf("the descriptor was closed: %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := WriteFile(fmt.Sprintf("/dev/fd/%d", w.Fd()), []byte("piped")); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if b, _ := io.ReadAll(r); string(b) != "piped" {
		t.Errorf("the pipe got %q", b)
	}
	if err := WriteFile("/dev/fd/987654", []byte("x")); err == nil || !strings.Contains(err.Error(), "bad file descriptor") {
		t.Errorf("a descriptor that is not open: %v", err)
	}
}

// TestReadOnlyTargetIsRefused checks, as a user other than root, that a
// file the user may not write is refused though its folder would let a
// rename replace it (the shell refuses it too); and, as root, that a
// replaced file keeps its owner and group.
func TestReadOnlyTargetIsRefused(t *testing.T) {
	if os.Getenv("ATOMICFILE_CHILD") != "" {
		err := WriteFile(os.Getenv("ATOMICFILE_CHILD"), []byte("new"))
		if err == nil || !errors.Is(err, syscall.EACCES) {
			t.Fatalf("a read-only file: %v", err)
		}
		// A file the user may write, in a folder they may not: the error
		// says the folder is what refuses.
		err = WriteFile(os.Getenv("ATOMICFILE_CHILD_W"), []byte("new"))
		if err == nil || !strings.Contains(err.Error(), "its folder") {
			t.Fatalf("a writable file in a closed folder: %v", err)
		}
		return
	}
	if os.Getuid() != 0 {
		dir := t.TempDir()
		path := filepath.Join(dir, "ro.txt")
		os.WriteFile(path, []byte("old"), 0o444)
		if err := WriteFile(path, []byte("new")); !errors.Is(err, syscall.EACCES) || read(t, path) != "old" {
			t.Errorf("a read-only file: %v, now %q", err, read(t, path))
		}
		return
	}
	// Root may write anything: the refusal is tried as nobody, in a
	// folder of theirs.
	dir, err := os.MkdirTemp("", "atomicfile")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	const nobody = 65534
	os.Chmod(dir, 0o777)
	path := filepath.Join(dir, "ro.txt")
	os.WriteFile(path, []byte("old"), 0o444)
	os.Chown(path, nobody, nobody)
	// The test binary, where nobody may run it.
	self, _ := os.Executable()
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "atomicfile.test")
	os.WriteFile(exe, bin, 0o755)
	cmd := exec.Command(exe, "-test.run", "^TestReadOnlyTargetIsRefused$")
	closed := filepath.Join(dir, "closed")
	os.Mkdir(closed, 0o755) // root's: nobody may not add files
	writable := filepath.Join(closed, "w.txt")
	os.WriteFile(writable, []byte("old"), 0o666)
	os.Chmod(writable, 0o666)
	cmd.Env = append(os.Environ(), "ATOMICFILE_CHILD="+path, "ATOMICFILE_CHILD_W="+writable)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("as nobody: %v\n%s", err, out)
	}
	if read(t, path) != "old" {
		t.Errorf("the read-only file was replaced")
	}
	// Root replaces it, keeping its owner and group.
	if err := WriteFile(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if st := fi.Sys().(*syscall.Stat_t); read(t, path) != "new" || st.Uid != nobody || st.Gid != nobody || fi.Mode().Perm() != 0o444 {
		t.Errorf("replaced as %q, owner %d:%d, mode %v", read(t, path), st.Uid, st.Gid, fi.Mode())
	}
}

// A name too long for "." + name + 20 digits (an 80-character Chinese
// name is 240 bytes; a name may have 255) is written through a temporary
// file whose name is cut: it was refused as "file name too long".
func TestLongNames(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{
		strings.Repeat("a", 250) + ".txt",
		strings.Repeat("数", 80) + ".txt",    // 243 bytes
		strings.Repeat("a", 233) + "数数.pdf", // cut inside a character
	} {
		path := filepath.Join(dir, name)
		if err := WriteFile(path, []byte("one")); err != nil {
			t.Fatalf("%d bytes: %v", len(name), err)
		}
		os.Chmod(path, 0o640)
		if err := WriteFile(path, []byte("two")); err != nil {
			t.Fatalf("%d bytes, again: %v", len(name), err)
		}
		if b, _ := os.ReadFile(path); string(b) != "two" {
			t.Errorf("%d bytes: %q", len(name), b)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
			t.Errorf("%d bytes: mode %v", len(name), fi.Mode())
		}
		f, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("three"))
		f.Abort()
		if b, _ := os.ReadFile(path); string(b) != "two" {
			t.Errorf("%d bytes, after Abort: %q", len(name), b)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
	// Past 255 bytes the name is refused at once, by its own name.
	long := filepath.Join(dir, strings.Repeat("b", 256))
	if _, err := Create(long); err == nil || !strings.Contains(err.Error(), "file name too long (256 bytes") || strings.Contains(err.Error(), "/.b") {
		t.Errorf("a 256-byte name: %v", err)
	}
	// RemoveStale finds the cut names.
	name := filepath.Join(dir, strings.Repeat("数", 80)+".txt")
	stale := filepath.Join(dir, "."+strings.Repeat("数", 78)+"123")
	os.WriteFile(stale, nil, 0o644)
	if n := RemoveStale(name, 0); n != 1 {
		t.Errorf("RemoveStale removed %d", n)
	}
}

// CommitNew keeps a file that appeared at the path while the new one was
// written (two generate runs with the same -o: the second replaced the
// first's puzzles), and puts the new one in place where none did.
func TestCommitNewKeepsFileThatAppeared(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new puzzles\n"))
	if err := os.WriteFile(path, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.CommitNew(); !errors.Is(err, ErrAppeared) {
		t.Fatalf("CommitNew over a file that appeared: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "mine\n" {
		t.Errorf("the file that appeared now holds %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files left in the folder, want 1", len(es))
	}

	other := filepath.Join(dir, "other.txt")
	if f, err = Create(other); err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new puzzles\n"))
	if err := f.CommitNew(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(other); string(b) != "new puzzles\n" {
		t.Errorf("the new file holds %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 2 {
		t.Errorf("%d files left in the folder, want 2", len(es))
	}
}
