package levels

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"example.com/sudoku/internal/atomicfile"
	"example.com/sudoku/solver/logic"
)

// Version names the rating scale: a cache written for another scale is
// not read. Change it whenever ratings change.
const Version = "se-er-1" // Sudoku Explainer's ER and its six levels (issue 13)

// Cache keeps the ratings of files on disk, one file each, named by a hash
// of the file's content: reopening a file, or restarting, rates nothing
// twice, and an edited file is rated afresh. The folder is kept under
// MaxBytes by removing the entries used longest ago; an entry that does not
// read back whole is removed and ignored.
type Cache struct {
	Dir      string
	MaxBytes int64
}

// DefaultMaxBytes bounds the cache: 3 bytes a puzzle, so about 20 files of
// a million puzzles.
const DefaultMaxBytes = 64 << 20

const magic = "SUDOKU-LEVELS\n"

// Levels are a file's ratings as the cache holds them.
type Levels []Result

func (c Cache) path(key [32]byte) string {
	return filepath.Join(c.Dir, hex.EncodeToString(key[:16])+".levels")
}

// Load returns the ratings kept for the file whose content hashes to key.
func (c Cache) Load(key [32]byte, n int) (Levels, bool) {
	var out Levels
	ok := c.Each(key, n, func(r Result) { out = append(out, r) })
	return out, ok
}

// Each calls fn with each rating kept for the file whose content hashes
// to key (a file of n puzzles), once the whole entry is checked; it holds
// no more than the entry's bytes, 3 a puzzle.
func (c Cache) Each(key [32]byte, n int, fn func(Result)) bool {
	p := c.path(key)
	b, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	if err := decode(b, n, fn); err != nil {
		os.Remove(p) // damaged, or for another scale: rate afresh
		return false
	}
	now := timeNow()
	os.Chtimes(p, now, now) // used now: evicted last
	return true
}

// Save keeps the ratings rs (of a file of n puzzles) for key, then trims
// the folder to MaxBytes.
func (c Cache) Save(key [32]byte, n int, rs []Result) error {
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(c.path(key), encode(n, rs)); err != nil {
		return err
	}
	c.trim()
	return nil
}

func encode(n int, rs []Result) []byte {
	var b bytes.Buffer
	b.WriteString(magic)
	b.WriteString(Version + "\n")
	binary.Write(&b, binary.LittleEndian, uint32(n))
	cells := make([]byte, 3*n)
	for _, r := range rs {
		if r.Index < 0 || r.Index >= n {
			continue
		}
		lv := 255 - byte(r.Why%whyKinds) // 255 unknown, 254 several solutions …
		if r.OK {
			lv = byte(r.Level) + 1
		}
		cells[3*r.Index] = lv
		binary.LittleEndian.PutUint16(cells[3*r.Index+1:], uint16(min(max(r.Score, 0)*100, 65535)))
	}
	b.Write(cells)
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	return b.Bytes()
}

func decode(b []byte, n int, fn func(Result)) error {
	bad := errors.New("not a levels file")
	head := magic + Version + "\n"
	if !bytes.HasPrefix(b, []byte(head)) || len(b) != len(head)+4+3*n+4 {
		return bad
	}
	body, sum := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc32.ChecksumIEEE(body) != sum || binary.LittleEndian.Uint32(b[len(head):]) != uint32(n) {
		return bad
	}
	cells := body[len(head)+4:]
	for i := 0; i < n; i++ { // every level known before any is taken
		if lv := cells[3*i]; lv != 0 && lv <= 255-byte(whyKinds) && int(lv) > len(logic.Levels()) {
			return bad
		}
	}
	for i := 0; i < n; i++ {
		lv := cells[3*i]
		if lv == 0 {
			continue
		}
		r := Result{Index: i, OK: lv <= 255-byte(whyKinds), Score: float64(binary.LittleEndian.Uint16(cells[3*i+1:])) / 100}
		if r.OK {
			r.Level = logic.Level(lv - 1)
		} else {
			r.Why = Why(255 - lv)
		}
		fn(r)
	}
	return nil
}

// trim removes the entries used longest ago until the folder is under
// MaxBytes.
func (c Cache) trim() {
	es, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	type entry struct {
		path string
		size int64
		used int64
	}
	var all []entry
	var total int64
	for _, e := range es {
		if !strings.HasSuffix(e.Name(), ".levels") {
			continue
		}
		if fi, err := e.Info(); err == nil {
			all = append(all, entry{filepath.Join(c.Dir, e.Name()), fi.Size(), fi.ModTime().UnixNano()})
			total += fi.Size()
		}
	}
	max := c.MaxBytes
	if max <= 0 {
		max = DefaultMaxBytes
	}
	slices.SortFunc(all, func(a, b entry) int { return cmp.Compare(a.used, b.used) })
	for _, e := range all {
		if total <= max {
			return
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}

var timeNow = time.Now

// HashFile is the cache key of the file at path: SHA-256 of its content.
func HashFile(path string) ([32]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return [32]byte{}, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return [32]byte{}, err
	}
	var key [32]byte
	h.Sum(key[:0])
	return key, nil
}
