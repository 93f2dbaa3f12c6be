// Package scratchmod makes Go modules of a practitioner's, in temporary directories, that use
// this checkout of the katas module: tests build and run them as a practitioner would.
package scratchmod

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Module is a practitioner's Go module.
type Module struct {
	t        testing.TB
	Dir      string
	Checkout string // this checkout of the katas module, which the module's replace names
	env      []string
}

// New makes the module in dir: it runs go mod init path there unless dir has a go.mod
// already, and points the katas module at this checkout with a replace.
func New(t testing.TB, dir, path string) *Module {
	t.Helper()
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/deliberate-practice/katas").Output()
	if err != nil {
		t.Fatalf("finding this checkout: %v", err)
	}
	proxy, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatalf("go env GOPROXY: %v", err)
	}
	first := strings.FieldsFunc(strings.TrimSpace(string(proxy)), func(r rune) bool { return r == ',' || r == '|' })
	if len(first) == 0 {
		first = []string{"off"}
	}
	m := &Module{t: t, Dir: dir, Checkout: strings.TrimSpace(string(root)), env: append(os.Environ(),
		"GOFLAGS=", "GOWORK=off", "GOTOOLCHAIN=local",
		// The katas module is not published: this checkout stands in for it, through a
		// replace. The proxy knows nothing of its path, so after the proxy comes "off", not
		// an error; and the checksum database may not be reachable from where tests run.
		"GOPROXY="+first[0]+"|off", "GOSUMDB=off",
	)}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		m.Go("mod", "init", path)
	}
	m.Go("mod", "edit", "-replace", "github.com/deliberate-practice/katas="+m.Checkout)
	return m
}

// Try runs the go command in the module and returns its output and whether it succeeded.
func (m *Module) Try(args ...string) (string, bool) {
	m.t.Helper()
	out, ok, err := m.command("go", args)
	if err != nil {
		m.t.Fatal(err)
	}
	return out, ok
}

// Ran is how one run of TryBinaryAll went.
type Ran struct {
	Out string
	OK  bool
}

// Go runs the go command in the module and fails the test if it fails.
func (m *Module) Go(args ...string) string {
	m.t.Helper()
	out, ok := m.Try(args...)
	if !ok {
		m.t.Fatalf("go %s:\n%s", strings.Join(args, " "), out)
	}
	return out
}

// TestBinary builds the module's test binary once, for a test that runs it many times with
// different flags (each go test would link it anew), and returns its path.
func (m *Module) TestBinary() string {
	m.t.Helper()
	bin := filepath.Join(m.t.TempDir(), "module.test")
	m.Go("test", "-c", "-o", bin, ".")
	return bin
}

// TestFlags returns the flags go test gives the module's test binary for the arguments of a
// go test command of the package in the module's folder — "go test . -run X -kata.tags=@t"
// without its "go test" — as go test passes them: its own flags with "test." before them, and
// the rest as they are. A test that runs many commands of a README through one binary stays
// true to the commands, and links once. It knows the flags a README uses; for any other
// go test flag, or a package other than ".", it says so.
func TestFlags(args []string) ([]string, error) {
	out := []string{"-test.paniconexit0"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case a == ".":
		case !strings.HasPrefix(a, "-"):
			return nil, fmt.Errorf("go test %s: only the package in the folder, \".\", is known here", strings.Join(args, " "))
		case name == "v" || name == "short":
			out = append(out, "-test."+strings.TrimLeft(a, "-"))
		case name == "run" || name == "count":
			if !hasValue {
				if i+1 == len(args) {
					return nil, fmt.Errorf("go test %s: -%s wants a value", strings.Join(args, " "), name)
				}
				i++
				value = args[i]
			}
			out = append(out, "-test."+name+"="+value)
		case !strings.Contains(name, "."):
			return nil, fmt.Errorf("go test %s: %s is a go test flag not known here: add it to scratchmod.TestFlags", strings.Join(args, " "), a)
		default:
			out = append(out, a) // a flag of the test's own, -kata.tags=@t: as it is
		}
	}
	return out, nil
}

// TryBinaryAll runs a test binary at once with each of several sets of flags, as TryBinary
// does, and returns how each went, in order: for runs that do not depend on one another.
func (m *Module) TryBinaryAll(bin string, flags ...[]string) []Ran {
	m.t.Helper()
	ran := make([]Ran, len(flags))
	errs := make([]error, len(flags))
	var wg sync.WaitGroup
	for i, args := range flags {
		wg.Go(func() { ran[i].Out, ran[i].OK, errs[i] = m.command(bin, args) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		m.t.Fatal(err)
	}
	return ran
}

// command runs a program (go, a test binary) in the module's folder, with the module's
// environment: its output, whether it succeeded, and an error when it could not run at all.
func (m *Module) command(bin string, args []string) (string, bool, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = m.Dir, m.env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		return "", false, fmt.Errorf("%s %s: %w", bin, strings.Join(args, " "), err)
	}
	return out.String(), err == nil, nil
}

// TryBinary runs a test binary in the module's folder, as go test runs it, with its own flags
// (-test.v, -test.run, -kata.tags), and returns its output and whether it passed.
func (m *Module) TryBinary(bin string, args ...string) (string, bool) {
	m.t.Helper()
	out, ok, err := m.command(bin, args)
	if err != nil {
		m.t.Fatal(err)
	}
	return out, ok
}

// Binary runs a test binary as TryBinary does, and fails the test if it fails.
func (m *Module) Binary(bin string, args ...string) string {
	m.t.Helper()
	out, ok := m.TryBinary(bin, args...)
	if !ok {
		m.t.Fatalf("%s %s:\n%s", filepath.Base(bin), strings.Join(args, " "), out)
	}
	return out
}
