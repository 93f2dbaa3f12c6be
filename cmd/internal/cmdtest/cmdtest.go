// Package cmdtest builds the terminal programs and runs them as a user would, for their tests.
package cmdtest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Build compiles the main package in the test's working directory and returns the binary.
func Build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "program")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// Run runs bin with args, input on stdin and NO_COLOR set, and returns what it wrote and its
// exit status.
func Run(t *testing.T, bin, input string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(input)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return out.String(), errOut.String(), exit.ExitCode()
	}
	if err != nil {
		t.Fatalf("running %s: %v", bin, err)
	}
	return out.String(), errOut.String(), 0
}
