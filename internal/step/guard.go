package step

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
)

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
