// Package dojo is what a practitioner's runs send to a room of practitioners: each run's
// light, as a Light, posted to the room's address, a Room, that kata dojo serve prints. The
// room's server, with its dashboard and its store, is the package under it, server; this one
// is the standard library's alone, for the kit brings it into a practitioner's module.
package dojo

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// A Post is one run as a room receives it: who ran which kata, its light and counts, the light
// they predicted, and how much their code changed since their run before.
type Post struct {
	Name      string        `json:"name"`
	Kata      string        `json:"kata"`
	Light     verdict.Light `json:"light"`
	Passed    int           `json:"passed"`
	Total     int           `json:"total"`
	Predicted verdict.Light `json:"predicted,omitempty"` // verdict.NoLight where none was said
	Added     int           `json:"added"`               // lines added since the run before
	Removed   int           `json:"removed"`             // and removed
	// Mark is the run's mark on the kata's own scale, where it has one: a code breaker's
	// guesses over the secrets it played to their end; nil for none. A room takes it only
	// where the kata's scale says an implementation reaches it (verdict.Scale.Check).
	Mark *verdict.Mark `json:"mark,omitempty"`
	// At is when the run was, in Unix milliseconds by the participant's clock; 0 for now. A
	// light kept while the room was away arrives later than its run, and the room shows it at
	// its run's time, within bounds (the server's MaxLate).
	At int64 `json:"at,omitempty"`
	// Code is the run's code, for the room's review of the light; nil where the run kept none,
	// or the participant keeps their code to themselves.
	Code *Code `json:"code,omitempty"`
}

// The bounds a light is held to, so that nothing a participant sends can crowd a room.
const (
	MaxName    = 40     // characters of a participant's name, and of a kata's
	MaxCount   = 100000 // scenarios of a run
	MaxLines   = 1 << 30
	MaxGames   = 1 << 20 // games of a mark
	MaxGuesses = 1 << 10 // guesses of a game, at worst
)

// ErrBadLight is the error of Check, wrapped with what was wrong.
var ErrBadLight = errors.New("bad light")

// Check returns an error that says what is wrong with the light — a name that is empty, too
// long or holds a control character, no light, counts that cannot be — or nil.
func (l Post) Check() error {
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadLight, fmt.Sprintf(format, args...))
	}
	if err := CheckName(l.Name); err != nil {
		return fmt.Errorf("%w: %w", ErrBadLight, err)
	}
	if err := checkText("the kata's name", l.Kata); err != nil {
		return fmt.Errorf("%w: %w", ErrBadLight, err)
	}
	switch {
	case l.Light == verdict.NoLight:
		return fail("no light: want green, red or amber")
	case l.Light < verdict.NoLight || l.Light > verdict.Amber:
		return fail("no light %d", int(l.Light))
	case l.Predicted < verdict.NoLight || l.Predicted > verdict.Amber:
		return fail("no light %d predicted", int(l.Predicted))
	case l.Total < 0 || l.Total > MaxCount:
		return fail("%d scenarios: want 0 to %d", l.Total, MaxCount)
	case l.Passed < 0 || l.Passed > l.Total:
		return fail("%d passed of %d scenarios", l.Passed, l.Total)
	case l.Added < 0 || l.Added > MaxLines || l.Removed < 0 || l.Removed > MaxLines:
		return fail("%d lines added and %d removed: want 0 to %d", l.Added, l.Removed, MaxLines)
	case l.At < 0:
		return fail("a run at %d: want Unix milliseconds, or 0 for now", l.At)
	}
	if err := l.Code.Check(); err != nil {
		return fmt.Errorf("%w: %w", ErrBadLight, err)
	}
	if m := l.Mark; m != nil {
		switch {
		case m.Games < 1 || m.Games > MaxGames:
			return fail("a mark over %d games: want 1 to %d", m.Games, MaxGames)
		case m.Worst < 1 || m.Worst > MaxGuesses:
			return fail("a mark of %d guesses at worst: want 1 to %d", m.Worst, MaxGuesses)
		case m.Total < m.Games || m.Total > m.Games*m.Worst:
			return fail("a mark of %d guesses over %d games, %d at worst: no such games", m.Total, m.Games, m.Worst)
		}
	}
	return nil
}

// CheckName returns an error that says what is wrong with a participant's name, or nil: a
// name is 1 to MaxName characters of text, with no control character and no space at either
// end.
func CheckName(name string) error { return checkText("the name", name) }

// checkText checks a name a room shows: what, named, is one.
func checkText(what, s string) error {
	switch {
	case s == "":
		return fmt.Errorf("%s is empty", what)
	case !utf8.ValidString(s):
		return fmt.Errorf("%s %s is not UTF-8", what, brief.Quote(s))
	case utf8.RuneCountInString(s) > MaxName:
		return fmt.Errorf("%s %s is longer than %d characters", what, brief.Quote(s), MaxName)
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("%s %s starts or ends with a space", what, brief.Quote(s))
	case strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }):
		return fmt.Errorf("%s %s holds a control character", what, brief.Quote(s))
	}
	return nil
}
