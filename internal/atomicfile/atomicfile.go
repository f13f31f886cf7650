// Package atomicfile writes output files so that nothing the user had is
// lost: the new content goes to a temporary file in the target's folder,
// which replaces the target only once it is complete and on disk. On any
// error the old file is untouched and the temporary file removed.
//
// A target that exists and is not a regular file (a terminal, /dev/null, a
// FIFO) is written in place, since renaming over it would replace the
// device rather than write to it. A symbolic link is followed, so the file
// it points to gets the new content and the link stays. A name for one of
// the program's open descriptors (/dev/stdout, /dev/fd/3,
// /proc/self/fd/1) writes to that descriptor, as the shell's redirection
// set it up: what it points to (a log opened with >>, a pipe) is not
// replaced. A file the user may not write is refused, as the shell would,
// though its folder would allow the rename; a replaced file keeps its
// permissions and, where allowed, its owner and group.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/google/renameio/v2"
)

// File is an output being written. Write to it, then Commit; Abort (safe to
// defer, and a no-op after Commit) drops it.
type File struct {
	pending pendingFile // nil when writing in place
	direct  *os.File
	buf     *bufio.Writer
	path    string
	target  string // the file the pending one takes the place of
	done    bool
}

// Create starts writing path.
func Create(path string) (*File, error) {
	if path == "" {
		return nil, &os.PathError{Op: "write", Path: `""`, Err: errors.New("an empty file name")}
	}
	if fd, ok, err := openDescriptor(path); ok || err != nil {
		if err != nil {
			return nil, &os.PathError{Op: "write", Path: path, Err: err}
		}
		f := os.NewFile(uintptr(fd), path)
		return &File{direct: f, buf: bufio.NewWriterSize(f, 64<<10), path: path}, nil
	}
	target := path
	if t, err := filepath.EvalSymlinks(path); err == nil {
		target = t
	} else if target, err = danglingTarget(path); err != nil {
		return nil, err
	}
	fi, err := os.Stat(target)
	old, hadOld := fileStat(fi, err)
	switch {
	case err == nil && fi.IsDir():
		return nil, &os.PathError{Op: "write", Path: path, Err: errors.New("is a directory")}
	case err == nil && !fi.Mode().IsRegular():
		f, err := os.OpenFile(target, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
		return &File{direct: f, buf: bufio.NewWriterSize(f, 64<<10), path: path}, nil
	case err == nil:
		// Renaming over it would succeed where writing it would not. On
		// a read-only file system, Access says so (where "permission
		// denied" sent the user to the file's mode).
		if aerr := syscall.Access(target, 2 /* W_OK */); aerr != nil {
			if aerr != syscall.EROFS {
				aerr = syscall.EACCES
			}
			return nil, &os.PathError{Op: "write", Path: path, Err: aerr}
		}
	}
	if b := filepath.Base(target); len(b) > 255 {
		// Refused at once: the name would fail only at the rename, once
		// the work was done, and the error named the temporary file.
		return nil, &os.PathError{Op: "write", Path: path, Err: fmt.Errorf("file name too long (%d bytes; a name takes at most 255)", len(b))}
	}
	pending.Lock() // so that RemovePending sees the file once it exists
	defer pending.Unlock()
	var p pendingFile
	if len(filepath.Base(target)) <= maxBase {
		p, err = renameio.NewPendingFile(target,
			renameio.WithTempDir(filepath.Dir(target)),
			renameio.WithPermissions(0o666), // less the umask, as os.Create does
			renameio.WithExistingPermissions())
	} else {
		p, err = newLongPending(target, fi)
	}
	if err != nil {
		if (errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EROFS)) && hadOld {
			// The file may be writable, but it is replaced whole through a
			// new file beside it: the folder is what refuses.
			return nil, fmt.Errorf("write %s: %w: its folder %s does not take new files (the file is replaced whole, through a new file beside it)", path, unwrapPath(err), filepath.Dir(target))
		}
		if errors.Is(err, syscall.EACCES) || errors.Is(err, syscall.EROFS) {
			// A new file: nothing is replaced ("replaced whole" was said
			// of a file that was not there).
			return nil, fmt.Errorf("write %s: %w: its folder %s does not take new files", path, unwrapPath(err), filepath.Dir(target))
		}
		return nil, fmt.Errorf("write %s: %w", path, unwrapPath(err))
	}
	// The write holds a lock on its temporary file while it lives, which
	// the system drops when the program ends, killed or not: RemoveStale
	// tells a killed write's file by it.
	syscall.Flock(int(p.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if hadOld {
		// Where the user may (root, or a group of theirs), the new file
		// keeps the old one's owner and group; else it is theirs.
		p.Chown(int(old.Uid), int(old.Gid))
	}
	if pending.names == nil {
		pending.names = map[string]bool{}
	}
	pending.names[p.Name()] = true
	return &File{pending: p, buf: bufio.NewWriterSize(p, 64<<10), path: path, target: target}, nil
}

// pendingFile is the temporary file of a write, renamed over the target
// on success: renameio's, or longPending for a long name.
type pendingFile interface {
	io.Writer
	Chown(uid, gid int) error
	Fd() uintptr
	Name() string
	CloseAtomicallyReplace() error
	Cleanup() error
}

// maxBase is the longest target name whose temporary file is named as
// renameio names it: "." and the name and up to 20 digits, within the
// 255 bytes a name may have. Past it the name is cut (longPending).
const maxBase = 255 - 21

// longPending is the temporary file of a target whose name is too long
// for renameio's temporary name (a name of 80 Chinese characters is 240
// bytes): the same, with the name cut to maxBase bytes.
type longPending struct {
	*os.File
	target string
	done   bool
}

// newLongPending starts the temporary file of target (fi, when not nil,
// is the old file's, whose permissions it takes).
func newLongPending(target string, fi os.FileInfo) (*longPending, error) {
	dir, base := filepath.Split(target)
	prefix := tempPrefix(base)
	perm := os.FileMode(0o666) // less the umask, as os.Create does
	if fi != nil && fi.Mode().IsRegular() {
		perm = fi.Mode().Perm()
	}
	for attempt := 0; ; attempt++ {
		name := filepath.Join(dir, prefix+strconv.FormatInt(rand.Int64(), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if err == nil {
			if fi != nil && fi.Mode().IsRegular() {
				f.Chmod(perm) // the old file's, whatever the umask
			}
			return &longPending{File: f, target: target}, nil
		}
		if !os.IsExist(err) || attempt > 1000 {
			return nil, err
		}
	}
}

// tempPrefix is the start of the temporary files' names for a target
// named base: "." and the name, cut to maxBase bytes (at a character's
// start) when longer, as longPending names them; digits follow.
func tempPrefix(base string) string {
	if len(base) <= maxBase {
		return "." + base
	}
	cut := base[:maxBase]
	for len(cut) > 0 && !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1] // not inside a character
	}
	return "." + cut
}

func (p *longPending) CloseAtomicallyReplace() error {
	if err := p.Sync(); err != nil {
		return err
	}
	if err := p.Close(); err != nil {
		return err
	}
	if err := os.Rename(p.Name(), p.target); err != nil {
		return err
	}
	p.done = true
	return nil
}

func (p *longPending) Cleanup() error {
	if p.done {
		return nil
	}
	p.done = true
	p.Close()
	return os.Remove(p.Name())
}

// fileStat returns the system's status of an existing file (Stat's fi
// and err).
func fileStat(fi os.FileInfo, err error) (*syscall.Stat_t, bool) {
	if err != nil {
		return nil, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	return st, ok
}

// openDescriptor reports whether path names one of the process's open
// file descriptors (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N,
// /proc/PID/fd/N for its own PID), also through symbolic links, and
// returns a duplicate of it to write to.
func openDescriptor(path string) (fd int, ok bool, err error) {
	for range 40 {
		if n, ok := descriptorName(path); ok {
			fd, err := syscall.Dup(n)
			return fd, true, err
		}
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return 0, false, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return 0, false, nil
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return 0, false, nil
}

// descriptorName returns the descriptor that path names as one of the
// process's own, if it does.
func descriptorName(path string) (int, bool) {
	path = filepath.Clean(path)
	switch path {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	dir, name := filepath.Split(path)
	switch dir {
	case "/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", fmt.Sprintf("/proc/%d/fd/", os.Getpid()):
	default:
		return 0, false
	}
	n := 0
	for _, c := range []byte(name) {
		if c < '0' || c > '9' || n > 1<<20 {
			return 0, false
		}
		n = 10*n + int(c-'0')
	}
	return n, name != ""
}

// pending holds the names of the temporary files of the writes under way.
var pending struct {
	sync.Mutex
	names map[string]bool
}

// forget drops f's temporary file from pending, once it is renamed or
// removed.
func (f *File) forget() {
	if f.pending == nil {
		return
	}
	pending.Lock()
	delete(pending.names, f.pending.Name())
	pending.Unlock()
}

// RemovePending removes the temporary files of every write under way,
// leaving their targets as they were: for a program stopped by a signal,
// just before it exits (no write may go on after it). It returns how many
// there were.
func RemovePending() int {
	pending.Lock()
	defer pending.Unlock()
	n := len(pending.names)
	for name := range pending.names {
		os.Remove(name)
	}
	pending.names = nil
	return n
}

// danglingTarget follows the symbolic links from path to the name the
// last one gives, which does not exist yet (a dangling link): writing
// there keeps the links, as for a link to a file that exists. A path that
// is not a link is itself; links that loop are an error.
func danglingTarget(path string) (string, error) {
	start := path
	for range 40 { // as many links as Linux follows
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			return realFolder(start, path)
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return path, nil
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	// A loop of links: writing would replace one of them with a file.
	return "", &os.PathError{Op: "write", Path: start, Err: syscall.ELOOP}
}

// realFolder is path, a file that does not exist yet, in the folder the
// system finds for it: its folder as written, links and ".." taken in
// turn ("link/../f" is in the link's target's parent, where a lexical
// filepath.Dir said the current folder, and the temporary file made there
// could not be renamed across file systems). A folder that does not exist
// is an error naming the path as given (start).
func realFolder(start, path string) (string, error) {
	dir := "."
	if k := strings.LastIndexByte(path, '/'); k == 0 {
		dir = "/"
	} else if k > 0 {
		dir = path[:k]
	}
	d, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", &os.PathError{Op: "write", Path: start, Err: unwrapPath(err)}
	}
	return filepath.Join(d, filepath.Base(path)), nil
}

// Write buffers b for the file. Its errors name the file, not the
// temporary one.
func (f *File) Write(b []byte) (int, error) {
	n, err := f.buf.Write(b)
	if err != nil {
		err = fmt.Errorf("write %s: %w", f.path, unwrapPath(err))
	}
	return n, err
}

// Commit flushes, syncs and closes the file and puts it in place of the
// target. On error the target is as it was and the temporary file is gone.
func (f *File) Commit() error {
	if f.done {
		return errors.New("atomicfile: Commit after Commit or Abort")
	}
	f.done = true
	defer f.forget()
	err := f.buf.Flush()
	if f.direct != nil {
		if cerr := f.direct.Close(); err == nil {
			err = cerr
		}
	} else if err == nil {
		err = f.pending.CloseAtomicallyReplace()
	}
	if err != nil {
		if f.pending != nil {
			f.pending.Cleanup()
		}
		return fmt.Errorf("write %s: %w", f.path, unwrapPath(err))
	}
	return nil
}

// ErrAppeared is CommitNew's error when a file came to be at the path
// while it was written.
var ErrAppeared = errors.New("a file of that name appeared while this one was written")

// CommitNew is Commit for a file that must not replace one: when a file
// came to be at the path since Create (another program's, or another run
// writing the same name), it is left as it was, the new file dropped, and
// the error wraps ErrAppeared. The new file takes its place through a hard
// link, which fails where a name is taken; where the file system has no
// links, a look just before the rename does.
func (f *File) CommitNew() error {
	if f.direct != nil {
		return f.Commit() // a device or a pipe: nothing to replace
	}
	if f.done {
		return errors.New("atomicfile: Commit after Commit or Abort")
	}
	err := f.buf.Flush()
	if err == nil {
		err = syscall.Fsync(int(f.pending.Fd()))
	}
	if err == nil {
		err = os.Link(f.pending.Name(), f.target)
		switch {
		case err == nil:
			f.done = true
			f.pending.Cleanup() // the temporary name goes; the file stays at target
			f.forget()
			return nil
		case errors.Is(err, fs.ErrExist):
			err = ErrAppeared
		default:
			if _, serr := os.Lstat(f.target); serr == nil {
				err = ErrAppeared
			} else {
				return f.Commit()
			}
		}
	}
	f.Abort()
	return fmt.Errorf("write %s: %w", f.path, unwrapPath(err))
}

// Abort drops the file: the target stays as it was.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if f.direct != nil {
		f.direct.Close()
		return
	}
	f.pending.Cleanup()
	f.forget()
}

// WriteFile writes data to path atomically.
func WriteFile(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write writes path with what fill writes to w, atomically: if fill or the
// write fails, path is left as it was.
func Write(path string, fill func(w io.Writer) error) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if err := fill(f); err != nil {
		return err
	}
	return f.Commit()
}

// RemoveStale removes temporary files that a write of path killed before it
// finished left behind (".NAME" followed by digits, in path's folder), and
// returns how many it removed. A write under way holds a lock on its
// temporary file (Create), which the system drops when the program ends:
// a file without it is a killed write's, removed once a moment old (so
// that a write that has just made its file has locked it). A file older
// than age goes in any case: one of a system without the locks.
func RemoveStale(path string, age time.Duration) int {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	prefix := tempPrefix(base)
	n := 0
	for _, e := range entries {
		name := e.Name()
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok || rest == "" || strings.Trim(rest, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		if removeOrphan(filepath.Join(dir, name), e, age) {
			n++
		}
	}
	return n
}

// lockGrace is how old a temporary file without its lock must be to be a
// killed write's: Create locks its file right after making it.
const lockGrace = 2 * time.Second

// removeOrphan removes the temporary file name (entry e) if it is older
// than age, or older than lockGrace and no write holds its lock.
func removeOrphan(name string, e os.DirEntry, age time.Duration) bool {
	fi, err := e.Info()
	if err != nil {
		return false
	}
	old := time.Since(fi.ModTime())
	if old < age {
		if old < lockGrace {
			return false
		}
		f, err := os.Open(name)
		if err != nil {
			return false
		}
		defer f.Close()
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
			return false // a write under way, or a system without the locks
		}
	}
	return os.Remove(name) == nil
}

// unwrapPath drops the *os.PathError around err, whose path is the
// temporary file's name, which means nothing to the user.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// SameFile reports whether the paths a and b name the same file (through
// links too). Paths that do not exist are not the same as anything.
func SameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}
