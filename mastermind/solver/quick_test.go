package solver

import (
	"os"
	"testing"
)

// Quick reports whether the tests leave out their long, exhaustive checks (seconds each):
// under -short, the race pass, and unless KATAS_EXHAUSTIVE=1 asks for them, so that go test
// ./... stays a loop of seconds. CI sets KATAS_EXHAUSTIVE=1 for its plain pass, which runs
// them all; a check left out says so, and how to run it.
func Quick() bool { return testing.Short() || os.Getenv("KATAS_EXHAUSTIVE") != "1" }
