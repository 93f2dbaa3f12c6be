package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestWatchKeys: --watch's keys choose what runs — f the scenarios that failed, n the next
// until it passes and then every scenario, Enter the same again, a all — and q stops; a save
// runs what the mode chooses. The bell rings once, when the light turns; each run is logged,
// those of some scenarios as partial, and the run a save started with the time from the save
// to its light. No program is left running.
func TestWatchKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bug := filepath.Join(dir, "bug.txt") // the program's bug, as a file the practitioner saves
	require.NoError(t, os.WriteFile(bug, []byte("-bug late\n"), 0o644))
	marker := filepath.Join(t.TempDir(), "starts")
	script := fmt.Sprintf(`exec %s -kata mastermind $(cat bug.txt) -starts %s`, impl, marker)
	keys, press := io.Pipe()
	defer press.Close()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, poll: 10 * time.Millisecond,
		terminal: true, keys: keys, katas: known()}
	done := make(chan int, 1)
	go func() { done <- c.run([]string{"run", "mastermind", "--watch", "--", "bash", "-c", script}) }()
	idle := func(n int) string { t.Helper(); return watched(t, &out, n) }
	key := func(k string) {
		t.Helper()
		_, err := io.WriteString(press, k+"\n")
		require.NoError(t, err)
	}

	first := idle(1)
	assert.Contains(t, first, "mastermind: 57 of 61 scenarios passed, 4 failed")
	assert.Contains(t, out.String(), "Keys: Enter runs again, f the failing, n the next until it passes, a all, p predicts, q quits.")
	key("f")
	failing := idle(2)
	assert.Contains(t, failing, "The 4 scenarios that failed (a runs all):")
	assert.Contains(t, failing, "mastermind: 0 of 4 scenarios passed, 4 failed")
	key("n")
	next := idle(3)
	assert.Contains(t, next, "The next scenario, until it passes (a runs all): Winning a game")
	assert.Contains(t, next, "mastermind: 0 of 1 scenario passed, 1 failed")
	key("") // Enter: the same again
	assert.Contains(t, idle(4), "mastermind: 0 of 1 scenario passed, 1 failed")
	// A prediction, then the fix, saved: the next passes, and then every scenario runs; the
	// prediction is of that run, the kata's light, and its verdict is on the screen.
	key("p")
	key("g")
	require.Eventually(t, func() bool {
		return strings.Contains(out.String(), "You predict green for the next run of every scenario")
	}, 10*time.Second, 10*time.Millisecond)
	require.NoError(t, os.WriteFile(bug, []byte("\n"), 0o644))
	fixed := idle(5)
	_, last, _ := strings.Cut(fixed, "Those pass now: running every scenario…")
	assert.Contains(t, last, "mastermind: all 61 scenarios passed\nYou predicted green, and it was green.", "the verdict under the run it was for")
	assert.Contains(t, fixed, "bug.txt saved: running again…")
	assert.Contains(t, fixed, "mastermind: 1 scenario, passed")
	assert.Contains(t, fixed, "Those pass now: running every scenario…")
	assert.Contains(t, fixed, "mastermind: all 61 scenarios passed")
	key("x") // no key of the watch's: it names them again, and runs nothing
	key("a")
	assert.Contains(t, idle(6), "mastermind: all 61 scenarios passed")
	assert.Contains(t, out.String(), "Keys: Enter runs again, f the failing, n the next until it passes, a all, p predicts, q quits.\nKeys:")
	key("q")
	select {
	case status := <-done:
		assert.Zero(t, status)
	case <-time.After(10 * time.Second):
		t.Fatal("q did not stop the watch")
	}
	assert.Contains(t, out.String(), "Stopped watching.")
	assert.Equal(t, 1, strings.Count(out.String(), "\a"), "the bell, once: when red turned green")
	assert.Empty(t, running(t, marker), "no program left running")

	out.b.Reset()
	require.Zero(t, c.run([]string{"log"}))
	assert.Regexp(t, `(?m)^    5  \d\d:\d\d  green   1/1   --run='\^\(\?:Playing mastermind/Winning a game\)\$'  under a minute later  \+1 −1 bug\.txt, \d+\.\d s from the save$`, out.String(), "kata log shows it, with what the watch chose")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, entries, 7)
	var partial []bool
	for _, e := range entries {
		partial = append(partial, e.Partial)
	}
	assert.Equal(t, []bool{false, true, true, true, true, false, false}, partial)
	assert.Equal(t, verdict.NoLight, entries[4].Predicted, "not the one scenario's run")
	assert.Equal(t, verdict.Green, entries[5].Predicted, "but the run of every scenario that followed")
	for i, e := range entries {
		if i == 4 {
			assert.Positive(t, e.Lag, "the run the save started: the time from the save to its light")
		} else {
			assert.Zero(t, e.Lag, "run %d: no save started it", i+1)
		}
	}
}

// TestReadKeys: on a terminal in cbreak mode each byte is a key, a carriage return Enter;
// otherwise each line is one, by its first letter, an empty line Enter.
func TestReadKeys(t *testing.T) {
	t.Parallel()
	read := func(in string, raw bool) string {
		var got []byte
		for k := range readKeys(strings.NewReader(in), raw) {
			got = append(got, k)
		}
		return string(got)
	}
	assert.Equal(t, "fn\n\na", read("fn\r\na", true))
	assert.Equal(t, "f\nnq", read("f\n\n next\nQ\n", false))
	assert.Equal(t, "", read("", false))
}

// BenchmarkWatchLag: the time from a save to its summary under kata run --watch, as a person
// waits on it, for a right Python Mastermind (ms/save): the watch's own look at the folder,
// the settling of the save, and the run.
func BenchmarkWatchLag(b *testing.B) {
	python := interpreter(b, "python3")
	dir := b.TempDir()
	if _, errOut, status := kataCmd("init", "mastermind", "--lang", "python", dir); status != 0 {
		b.Fatal(errOut)
	}
	solution, err := os.ReadFile(filepath.Join("testdata", "solutions", "python", "mastermind.py"))
	if err != nil {
		b.Fatal(err)
	}
	code := filepath.Join(dir, "mastermind.py")
	if err := os.WriteFile(code, solution, 0o644); err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(b.Context())
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, katas: known()}
	done := make(chan int, 1)
	go func() { done <- c.run([]string{"run", "mastermind", "--watch", "--", python, "adapter.py"}) }()
	defer func() { cancel(); <-done }()
	idle := func(n int) { watched(b, &out, n) }
	idle(1)
	runs := 1
	var lag time.Duration
	b.ReportAllocs()
	for b.Loop() {
		saved := time.Now()
		if err := os.WriteFile(code, fmt.Appendf(solution, "# save %d\n", runs), 0o644); err != nil {
			b.Fatal(err)
		}
		runs++
		idle(runs)
		lag += time.Since(saved)
	}
	if got := strings.Count(out.String(), "mastermind: all 61 scenarios passed"); got != runs {
		b.Fatalf("%d of %d runs passed:\n%s", got, runs, out.String())
	}
	b.ReportMetric(float64(lag.Milliseconds())/float64(runs-1), "ms/save")
}

// TestWatchSaysARunStarted: on a terminal, a save clears the screen and says at once that a
// run started, and for which file, before the run's own lines.
func TestWatchSaysARunStarted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code := filepath.Join(dir, "tictactoe.py")
	require.NoError(t, os.WriteFile(code, []byte("v1"), 0o644))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, color: true, terminal: true, self: "kata", dir: dir, now: time.Now,
		poll: 10 * time.Millisecond, katas: known()}
	done := make(chan int, 1)
	go func() {
		done <- c.run([]string{"run", "tictactoe", "--watch", "--tags", "~@property", "--", impl, "-kata", "tictactoe"})
	}()
	idle := func(n int) { t.Helper(); watched(t, &out, n) }
	idle(1)
	require.NoError(t, os.WriteFile(code, []byte("v2"), 0o644))
	idle(2)
	cancel()
	<-done
	screens := strings.Split(out.String(), term.ClearScreen)
	require.Len(t, screens, 3, "a clear screen for each run:\n%q", out.String())
	assert.True(t, strings.HasPrefix(screens[2], "tictactoe.py saved: running again…\n"), "%q", screens[2])
	assert.Contains(t, screens[2], "tictactoe: all 33 scenarios passed")
}

// watched waits until the watch's n-th run has ended and it waits for a save, and returns
// what that run wrote.
func watched(t testing.TB, out *syncBuffer, n int) string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); strings.Count(out.String(), "Watching this folder") < n && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	runs := strings.Split(out.String(), "Watching this folder")
	if len(runs) != n+1 {
		t.Fatalf("%d runs, want %d:\n%s", len(runs)-1, n, out.String())
	}
	return runs[n-1]
}
