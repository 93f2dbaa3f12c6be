package journal

import (
	"time"

	"github.com/deliberate-practice/katas/internal/verdict"
)

// SessionGap is how long a pause starts a new session of a kata: a kata practised again the
// next day is a new session.
const SessionGap = time.Hour

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
		if e.Light != verdict.NoLight {
			runs = append(runs, e)
		}
	}
	return runs
}

// Kept returns the session's runs and the code kata checkout kept before it brought a run
// back (an entry Saved, with a commit), in order: every entry whose code the log can show.
func (s Session) Kept() []Entry {
	var out []Entry
	for _, e := range s {
		if e.Light != verdict.NoLight || e.Saved && e.Commit != "" {
			out = append(out, e)
		}
	}
	return out
}

// ToGreen returns how many runs the session took to its first green of the whole kata and how
// long from its start, and whether it reached one: a partial run's green is not the kata's.
// Where it reached none, runs counts every run of the session.
func (s Session) ToGreen() (runs int, d time.Duration, ok bool) {
	return s.toGreen(func(e Entry) bool { return !e.Partial })
}

// FirstGreen is ToGreen for the session's first green of any run, of every scenario or of
// those the run selected (Entry.Selected): a run that passed every scenario it took. Where it
// reached one, that run is Runs()[runs-1].
func (s Session) FirstGreen() (runs int, d time.Duration, ok bool) {
	return s.toGreen(func(Entry) bool { return true })
}

// toGreen returns how many runs the session took to its first green run that counts, and how
// long from its start, and whether it reached one.
func (s Session) toGreen(counts func(Entry) bool) (runs int, d time.Duration, ok bool) {
	for _, e := range s.Runs() {
		runs++
		if e.Light == verdict.Green && counts(e) {
			return runs, e.Time.Sub(s[0].Time), true
		}
	}
	return runs, 0, false
}

// Predictions counts the runs whose light was predicted, and those predicted right.
func Predictions(runs []Entry) (said, right int) {
	for _, e := range runs {
		if e.Predicted != verdict.NoLight {
			said++
			if e.Predicted == e.Light {
				right++
			}
		}
	}
	return said, right
}
