// Package step is the contract between a kata's steps and the engine that plays them: a step's
// error (Error, of a Kind — a wrong answer, a part not written yet, a crash, a timeout, a set-up
// mistake that stops the run), a call into the implementation guarded against its panics and
// its hangs (Guard), the error that says an operation is not written yet (ErrNotImplemented),
// and a step's grade of the implementation beyond pass or fail (Grade). The protocol's
// conversations break with the same errors, so that the engine tells them apart in one way.
package step

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/deliberate-practice/katas/internal/brief"
)

// Kind is what kind of failure a step's error is.
type Kind int

const (
	// Wrong is the implementation answering wrong, or a step that cannot check anything.
	Wrong Kind = iota
	// Missing is a part of the implementation not written yet: it says "not implemented".
	Missing
	// Crash is the implementation crashing rather than answering: a panic, a program that
	// exited or wrote what is no reply.
	Crash
	// Timeout is the implementation not answering within its time.
	Timeout
	// Setup is a mistake in setting up the run that every scenario would meet — a program
	// that does not start, or does not speak the protocol — so that no later scenario can get
	// further: the run stops, saying what to do (Error.Todo).
	Setup
)

func (k Kind) String() string {
	switch k {
	case Wrong:
		return "wrong"
	case Missing:
		return "missing"
	case Crash:
		return "crash"
	case Timeout:
		return "timeout"
	case Setup:
		return "setup"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Error is a step's error. It keeps what the step was about — the game it played — apart
// from what went wrong, so that failures of one cause group together, and says of which kind
// the failure is.
type Error struct {
	Kind  Kind
	About string // `new(6, 4, 12) with secret "Red Green Blue Yellow"`; may be empty
	Cause string // "new is not implemented yet"
	Todo  string // for Setup: what to do about it
}

func (e *Error) Error() string {
	if e.About == "" {
		return e.Cause
	}
	return e.About + ": " + e.Cause
}

// Fail is a step's failure: what the step played (the game, the board) and what went wrong.
func Fail(about, format string, args ...any) error {
	return &Error{About: about, Cause: fmt.Sprintf(format, args...)}
}

// KindOf is the kind of a step's error: a Error's, Wrong for any other.
func KindOf(err error) Kind {
	var se *Error
	if errors.As(err, &se) {
		return se.Kind
	}
	return Wrong
}

// ErrNotImplemented says that an operation of an implementation is not written yet. A step
// that meets it, or any error whose text is "not implemented", fails: it never counts as the
// implementation refusing something. So a starting point whose every operation says "not
// implemented" fails every scenario, as a kata begins.
var ErrNotImplemented = errors.New("not implemented")

// NotImplemented reports whether err says an operation is not written yet: ErrNotImplemented,
// or any error whose text is "not implemented" in any case — the one way a program over the
// protocol, or a panic, can say it.
func NotImplemented(err error) bool {
	return err != nil && (errors.Is(err, ErrNotImplemented) || IsNotImplemented(err.Error()))
}

// IsNotImplemented reports whether a message says an operation is not written yet.
func IsNotImplemented(msg string) bool {
	return strings.EqualFold(strings.TrimSpace(msg), ErrNotImplemented.Error())
}

// Unwritten is the step's failure for a call into the implementation, call, that says it is
// not implemented yet (suffix follows that), that panicked, or that gave no answer (a timeout,
// a crash), about what the step played, which about names (called only for a failure; nil
// for none); nil for any other outcome, which the step judges itself.
func Unwritten(about func() string, call, suffix string, err error) error {
	if err == nil {
		return nil
	}
	what := func() string {
		if about == nil {
			return ""
		}
		return about()
	}
	var p *Panic
	switch {
	case NotImplemented(err):
		return &Error{Kind: Missing, About: what(), Cause: fmt.Sprintf("%s is not implemented yet%s", call, suffix)}
	case errors.As(err, &p):
		return &Error{Kind: Crash, About: what(), Cause: p.Error()}
	case KindOf(err) != Wrong:
		return err // a timeout, a crash: no answer at all
	}
	return nil
}

// FirstDifference says where a message first differs from the one wanted, for an exact
// message missed by a few words: the first character that differs, counted from 1, and what
// follows there in each.
func FirstDifference(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	for i > 0 && !utf8.RuneStart(want[min(i, len(want)-1)]) {
		i--
	}
	rest := func(s string) string {
		if i >= len(s) {
			return "the end"
		}
		return brief.Quote(s[i:])
	}
	return fmt.Sprintf("they differ from character %d: %s where %s is wanted", utf8.RuneCountInString(want[:min(i, len(want))])+1, rest(got), rest(want))
}

// A Grade is how a scenario rated the implementation beyond passing or failing it, on the
// kata's own scale — a code breaker's guesses over every secret of a game, the fewer the
// better — for the run's screen, its entry in the journal and a room's dashboard.
type Grade struct {
	Total int    // the implementation's mark in all: guesses, summed
	Worst int    // its worst case: the most guesses of a game
	Games int    // how many games the mark is over
	Line  string // the screen's line of it, beside the marks to beat
	// Unmarked says the grade is kept as no mark in the journal or a room: its total is
	// no fair measure (a code breaker's play that is no strategy).
	Unmarked bool
}

// gradeKey keys a step's grade in its context.
type gradeKey struct{}

// Graded returns ctx holding the grade g: a step that grades the implementation returns it, as
// godog takes a step's context, and the engine reads it after the step.
func Graded(ctx context.Context, g Grade) context.Context {
	return context.WithValue(ctx, gradeKey{}, g)
}

// GradeOf returns the grade a step put in ctx, if one did.
func GradeOf(ctx context.Context) (Grade, bool) {
	g, ok := ctx.Value(gradeKey{}).(Grade)
	return g, ok
}

// Panic is a panic in the implementation under test: in which call, its value, and where.
type Panic struct {
	call  string // "Score"
	value any
	at    string // the implementation's file and line, "mygame/game.go:42"; "" if unknown
}

func (p *Panic) Error() string {
	first, _, _ := strings.Cut(fmt.Sprint(p.value), "\n")
	msg := fmt.Sprintf("%s panicked: %s", p.call, brief.QuoteLong(first))
	if p.at != "" {
		msg += " at " + p.at
	}
	return msg
}

// Is makes a panic whose value says "not implemented" ErrNotImplemented, as a starting point
// that panics in a method with no error to return says it.
func (p *Panic) Is(target error) bool {
	return target == ErrNotImplemented && strings.EqualFold(strings.TrimSpace(fmt.Sprint(p.value)), ErrNotImplemented.Error())
}

// Guard calls f, a call into the implementation under test named call, and returns its panic
// as an error, never letting it stop the run. With a limit above 0 it waits at most that long
// for f to return; past it, the error is of kind Timeout, and f's goroutine is left to finish
// or not (Go cannot stop it), so that a deadlock fails its step rather than the whole test.
func Guard(limit time.Duration, call string, f func()) error {
	if limit <= 0 {
		return guard(call, f)
	}
	done := make(chan error, 1)
	go func() { done <- guard(call, f) }()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case err := <-done:
		return err
	case <-timer.C:
		return &Error{Kind: Timeout, Cause: fmt.Sprintf("%s did not return within %v (the kit's -kata.timeout)", call, limit)}
	}
}

// Call is Guard for a call that returns a value and an error: f's, or, where f panicked or did
// not return within the limit, Guard's error. What f returns after its limit has passed, from
// the goroutine Guard leaves to finish, is never read, so that no step races with it.
func Call[T any](limit time.Duration, call string, f func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	got := make(chan result, 1) // a late f sends into it, and nothing reads it
	if gerr := Guard(limit, call, func() {
		v, err := f()
		got <- result{v, err}
	}); gerr != nil {
		var zero T
		return zero, gerr
	}
	r := <-got
	return r.v, r.err
}

// guard is Guard without a limit.
func guard(call string, f func()) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &Panic{call: call, value: v, at: panicSite()}
		}
	}()
	f()
	return nil
}

// panicSite is the file and line where the panic being recovered happened: the innermost
// frame that is neither the standard library's (the runtime, os.Exit under go test) nor the
// kata packages'.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	goroot := "" // the standard library's source, known from the runtime's first frame
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "runtime.") && goroot == "" {
			goroot = filepath.Dir(filepath.Dir(f.File)) + string(filepath.Separator)
		}
		std := goroot != "" && strings.HasPrefix(f.File, goroot) // os.Exit's panic under go test, a nil map
		if f.File != "" && !std && !strings.HasPrefix(f.Function, "runtime.") && !strings.Contains(f.Function, "katas/internal/kata") && !strings.Contains(f.Function, "katas/internal/step") {
			return filepath.Join(filepath.Base(filepath.Dir(f.File)), filepath.Base(f.File)) + fmt.Sprintf(":%d", f.Line)
		}
		if !more {
			return ""
		}
	}
}

// IsNil reports whether v, an implementation's value (a game), is none: nil, a nil pointer
// inside the interface, or a wrapper of one field, such as game{g}, around a nil pointer.
func IsNil(v any) bool {
	return v == nil || nilValue(reflect.ValueOf(v))
}

func nilValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Interface, reflect.Chan:
		return v.IsNil()
	case reflect.Struct:
		return v.NumField() == 1 && nilValue(v.Field(0))
	}
	return false
}
