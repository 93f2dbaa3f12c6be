// Package journal is the practice journal of a kata folder: the log of its runs in .kata/log,
// an entry a line — each run's light and counts, the light predicted, the time from the save
// that started it, the commit that keeps its code — and the sessions and predictions read from
// it. A run's light and mark are the verdict's (package verdict). It needs the standard
// library alone, and verdict: the kit, the kata command and the history of the code read
// and write the journal through it.
//
// A kata folder may come from anywhere (a clone, an archive), so the journal never follows a
// link, nor opens what is not a plain file, in .kata.
package journal

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/verdict"
)

// Path is where a kata's folder keeps the log of its runs, relative to the folder.
const Path = ".kata/log"

// Entry is one line of the log: a run, with its light, or the start of a session.
type Entry struct {
	Time   time.Time     `json:"time"`
	Kata   string        `json:"kata"`
	Light  verdict.Light `json:"light,omitempty"` // Green, Red or Amber; NoLight for an entry that only starts a session
	Passed int           `json:"passed"`
	Total  int           `json:"total"`
	// Start says a session starts here: kata init wrote the folder, or a run was asked to
	// start one.
	Start bool `json:"start,omitempty"`
	// Partial says the run took some of the kata's scenarios (--run, --tags): its green is
	// not the kata's. Selected says which, as the run's command line chose them:
	// "--tags='~@optimal'".
	Partial  bool   `json:"partial,omitempty"`
	Selected string `json:"selected,omitempty"`
	// Lag is the time from the save that started the run (kata run --watch) to its light;
	// 0 for a run no save started.
	Lag time.Duration `json:"lag,omitempty"`
	// Next is the path of the next scenario to work on, the first that failed in the files'
	// order; "" for a green run.
	Next string `json:"next,omitempty"`
	// Commit names the commit that keeps the folder's code at this run (history.Keep), made
	// as the entry was added; "" where none was.
	Commit string `json:"commit,omitempty"`
	// Predicted is the light the practitioner said the run would have (kata run --predict);
	// NoLight where none was said.
	Predicted verdict.Light `json:"predicted,omitempty"`
	// Saved says the entry keeps the folder's code without a run: before kata checkout
	// brought back the code of another run, so that nothing is lost.
	Saved bool `json:"saved,omitempty"`
	// Mark is the run's mark on the kata's own scale, where a scenario gave one: a code
	// breaker's guesses over every secret it played; nil for none.
	Mark *verdict.Mark `json:"mark,omitempty"`
}

// Message is the commit message of the entry's code: its light and counts, and the next
// scenario.
func (e Entry) Message() string {
	var m strings.Builder
	switch {
	case e.Saved:
		fmt.Fprintf(&m, "%s: the code as it was before a checkout", e.Kata)
	default:
		fmt.Fprintf(&m, "%s %s %d/%d", e.Kata, e.Light, e.Passed, e.Total)
		if e.Partial {
			m.WriteString(", some scenarios")
		}
	}
	if e.Next != "" {
		fmt.Fprintf(&m, "\n\nNext: %s", e.Next)
	}
	return m.String()
}

// Check says what is wrong with the log and its folder, if they exist and are not what kata
// keeps there: a folder and a plain file, neither a link to elsewhere nor a FIFO or a device,
// on which opening blocks. It says what to do.
func Check(dir string) error {
	folder := filepath.Join(dir, filepath.Dir(Path))
	if info, err := os.Lstat(folder); err == nil && !info.IsDir() {
		return fmt.Errorf("%s is not a folder (%s); kata keeps its log of runs there: move it away", folder, Kind(info.Mode()))
	}
	path := filepath.Join(dir, Path)
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a plain file (%s); kata keeps its log of runs there: move it away", path, Kind(info.Mode()))
	}
	return nil
}

// Kind names what a file that is not a plain file is, for a message: "a symbolic link", "a
// FIFO".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a folder"
	}
	return "not a plain file"
}

// OpenPlain opens the file at path as kata opens every file of .kata, which may have come
// from anywhere: only a plain file, never through a link at its end, nor a FIFO or a device,
// on which opening blocks; flag and perm as os.OpenFile takes them. A file that is not there
// is an fs.ErrNotExist, unless flag makes it.
func OpenPlain(path string, flag int, perm fs.FileMode) (*os.File, error) {
	before, err := os.Lstat(path)
	switch {
	case err == nil && !before.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a plain file (%s): kata opens only plain files in .kata", path, Kind(before.Mode()))
	case err != nil && (flag&os.O_CREATE == 0 || !errors.Is(err, fs.ErrNotExist)):
		return nil, err
	}
	f, err := os.OpenFile(path, flag, perm)
	if err != nil {
		return nil, err
	}
	after, err := f.Stat()
	if err == nil && (!after.Mode().IsRegular() || before != nil && !os.SameFile(before, after)) {
		err = fmt.Errorf("%s changed as kata opened it", path)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// ReadPlain reads the plain file at path whole (OpenPlain), if it holds at most max bytes,
// and fails otherwise, saying so: nothing kata reads from .kata is larger than it can be.
func ReadPlain(path string, max int64) ([]byte, error) {
	f, err := OpenPlain(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = fmt.Errorf("%s is larger than the %d bytes kata reads of it", path, max)
	}
	return data, err
}

// Append adds an entry to the log of the folder dir, making the log if need be. It never
// follows a link, nor opens what is not a plain file (Check).
func Append(dir string, e Entry) error {
	if err := Check(dir); err != nil {
		return fmt.Errorf("keeping the log of runs: %w", err)
	}
	path := filepath.Join(dir, Path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("keeping the log of runs: %w", err)
	}
	f, err := OpenPlain(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("keeping the log of runs: %w", err)
	}
	line, _ := json.Marshal(e) // times, strings and numbers
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("keeping the log of runs in %s: %w", path, err)
	}
	return nil
}

// Read reads the log of the folder dir, oldest entry first; a folder with no log has no
// entries. A line that is no entry is an error that names it, and so is a log that is no
// plain file (Check).
func Read(dir string) ([]Entry, error) {
	if err := Check(dir); err != nil {
		return nil, fmt.Errorf("reading the log of runs: %w", err)
	}
	path := filepath.Join(dir, Path)
	f, err := OpenPlain(path, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var entries []Entry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Kata == "" || e.Time.IsZero() {
			return nil, fmt.Errorf("%s, line %d, is not an entry of the log of runs; mend or remove it", path, n)
		}
		entries = append(entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return entries, nil
}
