package engine

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/kata"
)

// LogPath is where a kata's folder keeps the log of its runs, relative to the folder.
const LogPath = ".kata/log"

// SessionGap is how long a pause starts a new session of a kata: a kata practised again the
// next day is a new session.
const SessionGap = time.Hour

// Entry is one line of the log: a run, with its light, or the start of a session.
type Entry struct {
	Time   time.Time `json:"time"`
	Kata   string    `json:"kata"`
	Light  Light     `json:"light,omitempty"` // Green, Red or Amber; NoLight for an entry that only starts a session
	Passed int       `json:"passed"`
	Total  int       `json:"total"`
	// Start says a session starts here: kata init wrote the folder, or a run was asked to
	// start one.
	Start bool `json:"start,omitempty"`
	// Partial says the run took some of the kata's scenarios (--run, --tags): its green is
	// not the kata's.
	Partial bool `json:"partial,omitempty"`
	// Lag is the time from the save that started the run (kata run --watch) to its light;
	// 0 for a run no save started.
	Lag time.Duration `json:"lag,omitempty"`
	// Next is the path of the next scenario to work on, the first that failed in the files'
	// order; "" for a green run.
	Next string `json:"next,omitempty"`
	// Commit names the commit that keeps the folder's code at this run (history.Record),
	// made as the entry was added; "" where none was.
	Commit string `json:"commit,omitempty"`
	// Predicted is the light the practitioner said the run would have (kata run --predict);
	// NoLight where none was said.
	Predicted Light `json:"predicted,omitempty"`
	// Saved says the entry keeps the folder's code without a run: before kata checkout
	// brought back the code of another run, so that nothing is lost.
	Saved bool `json:"saved,omitempty"`
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

// Entry returns the log entry of a run of the kata at a time.
func (o Outcome) Entry(k kata.Kata, at time.Time) Entry {
	e := Entry{Time: at, Kata: k.Name, Light: o.Light(), Passed: o.Passed(), Total: len(o.Results) + len(o.NotRun), Partial: o.Partial}
	if failing := o.Failing(k); len(failing) > 0 {
		e.Next = failing[0].Path()
	}
	return e
}

// plainLog checks that the log, and its folder, are what kata keeps there, if they exist: a
// folder and a regular file, neither a link to elsewhere — a cloned kata folder may hold
// anything — nor a FIFO or a device, on which opening blocks. It says what to do otherwise.
func plainLog(dir string) error {
	folder := filepath.Join(dir, filepath.Dir(LogPath))
	if info, err := os.Lstat(folder); err == nil && !info.IsDir() {
		return fmt.Errorf("%s is not a folder (%s); kata keeps its log of runs there: move it away", folder, kind(info.Mode()))
	}
	path := filepath.Join(dir, LogPath)
	if info, err := os.Lstat(path); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a plain file (%s); kata keeps its log of runs there: move it away", path, kind(info.Mode()))
	}
	return nil
}

// kind names what a file is, for a message.
func kind(m fs.FileMode) string {
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

// AppendLog adds an entry to the log of the folder dir, making the log if need be, and returns
// the entry as logged: with its Commit, for a run whose code was kept. It never follows a
// link, nor opens what is not a plain file (plainLog).
func AppendLog(dir string, e Entry) (Entry, error) {
	if err := plainLog(dir); err != nil {
		return e, fmt.Errorf("keeping the log of runs: %w", err)
	}
	// The code at this light, kept first so that the entry names it; the light is logged even
	// where the code cannot be kept.
	var kept error
	if e.Light != NoLight || e.Saved {
		e.Commit, kept = history.Record(dir, e.Message(), e.Time)
	}
	path := filepath.Join(dir, LogPath)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return e, fmt.Errorf("keeping the log of runs: %w", err)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return e, fmt.Errorf("keeping the log of runs: %w", err)
	}
	line, _ := json.Marshal(e) // times, strings and numbers
	_, err = f.Write(append(line, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return e, fmt.Errorf("keeping the log of runs in %s: %w", path, err)
	}
	if kept != nil {
		return e, fmt.Errorf("the light is logged, but %w", kept)
	}
	return e, nil
}

// ReadLog reads the log of the folder dir, oldest entry first; a folder with no log has no
// entries. A line that is no entry is an error that names it, and so is a log that is no
// plain file (plainLog).
func ReadLog(dir string) ([]Entry, error) {
	if err := plainLog(dir); err != nil {
		return nil, fmt.Errorf("reading the log of runs: %w", err)
	}
	path := filepath.Join(dir, LogPath)
	f, err := os.Open(path)
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

// Session is the entries of one session of a kata, oldest first.
type Session []Entry

// Sessions splits the log's entries of a kata into sessions: one starts at an entry that
// starts one, or after a pause longer than SessionGap.
func Sessions(entries []Entry, kata string) []Session {
	var out []Session
	var last time.Time
	for _, e := range entries {
		if e.Kata != kata {
			continue
		}
		if len(out) == 0 || e.Start || e.Time.Sub(last) > SessionGap {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], e)
		last = e.Time
	}
	return out
}

// Runs returns the session's runs, without the entry that started it.
func (s Session) Runs() []Entry {
	var runs []Entry
	for _, e := range s {
		if e.Light != NoLight {
			runs = append(runs, e)
		}
	}
	return runs
}

// ToGreen returns how many runs the session took to its first green of the whole kata and how
// long from its start, and whether it reached one: a partial run's green is not the kata's.
func (s Session) ToGreen() (runs int, d time.Duration, ok bool) {
	for _, e := range s.Runs() {
		runs++
		if e.Light == Green && !e.Partial {
			return runs, e.Time.Sub(s[0].Time), true
		}
	}
	return runs, 0, false
}
