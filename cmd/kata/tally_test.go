package main

import (
	"bytes"
	"context"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/kata/testdata/tally"
)

// TestATinyKataThroughKataRun: a kata that is one package of its own (testdata/tally), given
// to the program as a value, is listed, has its protocol, and runs against a small program in
// another language: a right one passes both scenarios, a wrong one fails them.
func TestATinyKataThroughKataRun(t *testing.T) {
	t.Parallel()
	python := interpreter(t, "python3")
	program, err := filepath.Abs("../../internal/kata/testdata/tally/tally.py")
	require.NoError(t, err)
	run := func(args ...string) (string, int) {
		var out, errOut bytes.Buffer
		c := cli{ctx: context.Background(), stdout: &out, stderr: &errOut, self: "kata", dir: t.TempDir(), now: time.Now, katas: []listed{{"tally", func(fs.FS) kata.Kata { return tally.Kata() }}}}
		status := c.run(args)
		return out.String() + errOut.String(), status
	}
	out, status := run("list")
	assert.Zero(t, status)
	assert.Equal(t, "tally       a running total, the tests' own kata (2 scenarios)\n", out)
	out, _ = run("protocol", "tally")
	assert.Contains(t, out, `{"protocol": "katas", "version": 2, "kata": "tally"}`)
	assert.Contains(t, out, `{"id": 2, "op": "add", "n": 2}`)

	out, status = run("run", "tally", "--", python, program)
	assert.Zero(t, status, out)
	assert.Equal(t, "tally: all 2 scenarios passed\n", out)
	out, status = run("run", "tally", "--", python, program, "off-by-one")
	assert.Equal(t, 1, status, out)
	assert.Contains(t, out, "tally: 0 of 2 scenarios passed, 2 failed")
	assert.Contains(t, out, "the tally: 6, want 5")
	out, status = run("init", "tally", "--lang", "python", t.TempDir())
	assert.Equal(t, 1, status)
	assert.Equal(t, "kata init tally: tally has no starting points\n", out, "a kata without starting points, said so, and no panic")
	_, status = run("run", "mastermind", "--", python, program)
	assert.Equal(t, 2, status, "only the katas it is given")
}
