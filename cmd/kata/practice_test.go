package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestRunList: kata run KATA --list names the scenarios as --run takes them, starting nothing,
// with flags on either side of the kata's name.
func TestRunList(t *testing.T) {
	t.Parallel()
	out, errOut, status := kataCmd("run", "mastermind", "--list")
	require.Zero(t, status, errOut)
	paths := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, paths, 61)
	assert.Equal(t, "Playing mastermind/Joining the game", paths[0])
	assert.Contains(t, paths, "Playing mastermind/Making a guess/row 15")
	for _, p := range paths[:3] {
		one, _, status := kataCmd("run", "mastermind", "--list", "--run", "^"+p+"$")
		assert.Zero(t, status)
		assert.Equal(t, p+"\n", one, "--run takes each line as it is written")
	}
	tagged, _, status := kataCmd("run", "--tags", "@refusals", "--list", "mastermind")
	assert.Zero(t, status)
	assert.Equal(t, 13, strings.Count(tagged, "\n"), "flags before the kata's name")
	_, errOut, status = kataCmd("run", "--list")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "which kata?")
}

// TestHelp: help anywhere a person would ask for it.
func TestHelp(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"run", "-h"}, {"run", "mastermind", "-h"}, {"run", "mastermind", "--help", "--", "x"}, {"list", "--help"},
		{"init", "-h"}, {"log", "-help"}, {"protocol", "--help"}, {"--help"}} {
		out, errOut, status := kataCmd(args...)
		assert.Zero(t, status, "%q", args)
		assert.Contains(t, out, "kata run KATA [flags] -- COMMAND [ARGS...]", "%q", args)
		assert.Empty(t, errOut, "%q", args)
	}
	// After --, -h is the program's.
	_, errOut, status := kataCmd("run", "mastermind", "--", "-h")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, `cannot run "-h"`)
}

// TestInvocation: the commands kata suggests repeat the way it was invoked.
func TestInvocation(t *testing.T) {
	t.Parallel()
	onPath := func(p string) func(string) (string, error) {
		return func(string) (string, error) { return p, nil }
	}
	notOnPath := func(string) (string, error) { return "", os.ErrNotExist }
	assert.Equal(t, "go run github.com/deliberate-practice/katas/cmd/kata@v1.2.0",
		invocation("/tmp/go-build123/b001/exe/kata", "/tmp/go-build123/b001/exe/kata", "v1.2.0", notOnPath), "go run of a published version")
	assert.Equal(t, "kata", invocation("/tmp/go-build123/b001/exe/kata", "/tmp/go-build123/b001/exe/kata", "(devel)", notOnPath),
		"go run in a clone: go run builds it only there, so kata, as go install puts it on the PATH")
	self := filepath.Join(t.TempDir(), "kata")
	require.NoError(t, os.WriteFile(self, []byte("#!/bin/sh\n"), 0o755))
	assert.Equal(t, "kata", invocation(self, "kata", "(devel)", onPath(self)), "the kata on PATH")
	assert.Equal(t, "./bin/kata", invocation(self, "./bin/kata", "(devel)", notOnPath))
	assert.Equal(t, "'/my tools/kata'", invocation(self, "/my tools/kata", "(devel)", onPath("/usr/bin/other")))

	// The rerun hint uses it.
	var out bytes.Buffer
	c := cli{ctx: context.Background(), stdout: &out, stderr: &out, self: "./bin/kata", dir: t.TempDir(), now: time.Now, katas: known()}
	c.run([]string{"run", "mastermind", "--run", "row 9$", "--", impl, "-bug", "repeats"})
	assert.Contains(t, out.String(), "Run it alone: ./bin/kata run mastermind --run '^Playing mastermind/Making a guess/row 9$' -- "+impl+" -bug repeats\n")

	// So do kata init's, and the README it writes.
	out.Reset()
	dir := filepath.Join(t.TempDir(), "my kata")
	require.Zero(t, c.run([]string{"init", "mastermind", "--lang", "python", dir}), out.String())
	// Typed after the cd it prints: ./bin/kata, from a folder far from it, by its whole path.
	typed, err := filepath.Abs(filepath.Join("bin", "kata"))
	require.NoError(t, err)
	assert.Contains(t, out.String(), "\n    cd '"+dir+"'\n    "+typed+" run mastermind -- python3 adapter.py\n")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	require.NoError(t, err)
	assert.Contains(t, string(readme), "\n"+typed+" run mastermind -- python3 adapter.py\n")
	assert.NotContains(t, string(readme), "@latest", "no command that needs the module on the proxy")
}

// clock is a fake time, moved by the tests.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// TestLog: every run adds its light to the folder's log, and kata log shows this session's
// runs, how long it took to green, and how the kata's sessions here compare.
func TestLog(t *testing.T) {
	t.Parallel() // it waits on time limits, builds or interpreters: beside the rest
	dir := t.TempDir()
	clk := &clock{time.Date(2026, 11, 28, 9, 0, 0, 0, time.Local)}
	var out bytes.Buffer
	c := cli{ctx: context.Background(), stdout: &out, stderr: &out, self: "kata", dir: dir, now: clk.now, katas: known()}
	runAt := func(minutes int, args ...string) {
		t.Helper()
		clk.t = clk.t.Add(time.Duration(minutes) * time.Minute)
		out.Reset()
		c.run(append([]string{"run", "tictactoe", "--timeout", "1s"}, args...))
	}
	// A first session: red, then green.
	runAt(0, "--", impl, "-kata", "tictactoe", "-bug", "shape")
	runAt(7, "--", impl, "-kata", "tictactoe")
	// The next day: amber (a program that never greets), red, green.
	runAt(24*60, "--", impl, "-kata", "tictactoe", "-misbehave", "silent")
	runAt(3, "--", impl, "-kata", "tictactoe", "-bug", "message")
	runAt(5, "--", impl, "-kata", "tictactoe")

	out.Reset()
	require.Zero(t, c.run([]string{"log"}))
	assert.Equal(t, `tictactoe, this session, from 2026-11-29 09:07:
    3  09:07  amber   0/34
    4  09:10  red    30/34  3 minutes later
    5  09:15  green  34/34  5 minutes later
Green after 3 runs and 8 minutes.

Every session of tictactoe here:
  2026-11-28 09:00  Green after 2 runs and 7 minutes
  2026-11-29 09:07  Green after 3 runs and 8 minutes  (this one)
`, out.String())

	// kata init starts a session, and so does --new-session.
	_, errOut, status := kataCmd("init", "tictactoe", "--lang", "python", filepath.Join(dir, "sub"))
	require.Zero(t, status, errOut)
	entries, err := journal.Read(filepath.Join(dir, "sub"))
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.True(t, entries[0].Start)
	runAt(1, "--new-session", "--", impl, "-kata", "tictactoe", "-bug", "shape")
	out.Reset()
	c.run([]string{"log", "tictactoe"})
	assert.Regexp(t, `tictactoe, this session, from 2026-11-29 09:16:\n    6  09:16  red    27/34  \+\d+ −0 sub/README\.md, sub/adapter\.py, sub/tictactoe\.py\nNo green yet, after 1 run.\n`, out.String(), "the starting point kata init wrote, its three files new")

	// On a terminal each light is a block of its colour.
	out.Reset()
	c.color = true
	c.run([]string{"log"})
	assert.Contains(t, out.String(), "\x1b[31m██\x1b[0m red")

	// A log that is not one says which line, and changes nothing.
	require.NoError(t, os.WriteFile(filepath.Join(dir, journal.Path), []byte("{\"time\":\"2026-11-28T09:00:00Z\",\"kata\":\"tictactoe\"}\nnonsense\n"), 0o644))
	out.Reset()
	assert.Equal(t, 1, c.run([]string{"log"}))
	assert.Contains(t, out.String(), "line 2, is not an entry of the log of runs")
}

// syncBuffer is a buffer two goroutines may use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestMinutes(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{0: "under a minute", 29 * time.Second: "under a minute", 31 * time.Second: "1 minute", 13 * time.Minute: "13 minutes"} {
		assert.Equal(t, want, minutes(d), "%v", d)
	}
}

// TestWatch: --watch runs, then again when a file in the folder is saved, but not when a
// file it ignores changes; interrupted, it ends, and leaves no program running.
func TestWatch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code := filepath.Join(dir, "tictactoe.py")
	require.NoError(t, os.WriteFile(code, []byte("v1"), 0o644))
	marker := filepath.Join(t.TempDir(), "starts") // outside the folder watched
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, poll: 10 * time.Millisecond, katas: known()}
	done := make(chan int)
	go func() {
		done <- c.run([]string{"run", "tictactoe", "--watch", "--tags", "~@property", "--timeout", "1s", "--", impl, "-kata", "tictactoe", "-starts", marker})
	}()
	runs := func() int { return strings.Count(out.String(), "tictactoe: all 33 scenarios passed") }
	waitFor := func(n int) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for runs() < n && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		require.Equal(t, n, runs(), out.String())
	}
	waitFor(1)
	idle := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); strings.Count(out.String(), "Watching this folder") < n && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		require.Equal(t, n, strings.Count(out.String(), "Watching this folder"), out.String())
	}
	idle(1) // watching, not still looking at what changed during the run
	// Files it ignores: the log, an editor's swap file, a cache, version control.
	for _, f := range []string{".tictactoe.py.swp", "tictactoe.py~", "__pycache__/x.pyc", ".git/index"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644))
	}
	require.NoError(t, os.WriteFile(code, []byte("v2, saved"), 0o644))
	waitFor(2)
	// The files it ignores were written first: had it seen them, it would have named them.
	assert.Equal(t, 1, strings.Count(out.String(), "saved: running again"), out.String())
	assert.Contains(t, out.String(), "\ntictactoe.py saved: running again…\n", "it names the file saved, and only that one")
	assert.Contains(t, out.String(), "Watching this folder: save a file to run again; Ctrl-C stops.")
	cancel()
	select {
	case status := <-done:
		assert.Zero(t, status)
	case <-time.After(10 * time.Second):
		t.Fatal("--watch did not end when interrupted")
	}
	assert.Contains(t, out.String(), "Stopped watching.")
	assert.Empty(t, running(t, marker), "no program left running")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "each run is logged")
}

// running returns the processes whose command line holds marker: those a test started and
// left behind.
func running(t *testing.T, marker string) []string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skipf("this test reads the process table in /proc, which %s does not have: it needs Linux", runtime.GOOS)
	}
	return living(time.Second, func(proc string) bool {
		cmdline, err := os.ReadFile(filepath.Join(proc, "cmdline"))
		return err == nil && bytes.Contains(cmdline, []byte(marker))
	})
}

// living returns the processes, other than this one, that match — each by its folder in
// /proc — and are still running after wait (a process killed a moment ago may take a moment
// to go), each as its number and command line. It reads /proc: Linux's.
func living(wait time.Duration, match func(proc string) bool) []string {
	var left []string
	for deadline := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
		left = left[:0]
		procs, _ := filepath.Glob("/proc/[0-9]*")
		for _, proc := range procs {
			if proc == "/proc/"+strconv.Itoa(os.Getpid()) || !match(proc) {
				continue
			}
			if stat, _ := os.ReadFile(filepath.Join(proc, "stat")); bytes.Contains(stat, []byte(") Z ")) {
				continue // a zombie has ended; its parent has yet to reap it
			}
			cmdline, _ := os.ReadFile(filepath.Join(proc, "cmdline"))
			left = append(left, fmt.Sprintf("%s: %s", filepath.Base(proc), bytes.TrimSpace(bytes.ReplaceAll(cmdline, []byte{0}, []byte{' '}))))
		}
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
	}
}

// TestCountsThatAreNotAnswered: an error in reply to turns_left or guesses says so, and "not
// implemented" says what is not implemented yet.
func TestCountsThatAreNotAnswered(t *testing.T) {
	t.Parallel()
	out, _, status := kataCmd("run", "mastermind", "-v", "--run", "Joining the game", "--", impl, "-bug", "counts-missing")
	assert.Equal(t, 1, status)
	assert.Contains(t, out, `the program replied to guesses with the error "no board here"; guesses has no error to give`)
	out, _, _ = kataCmd("run", "mastermind", "-v", "--run", "A wrong guess with no turns left loses", "--", impl, "-bug", "counts-missing")
	assert.Contains(t, out, "turns_left is not implemented yet")
}

// BenchmarkSnapshot is one look --watch takes at a kata's folder for a saved file: a
// starting point, its log, and a Python cache, as a practice session leaves them.
func BenchmarkSnapshot(b *testing.B) {
	dir := b.TempDir()
	if _, errOut, status := kataCmd("init", "mastermind", "--lang", "python", dir); status != 0 {
		b.Fatal(errOut)
	}
	for _, f := range []string{"__pycache__/mastermind.cpython-311.pyc", ".kata/log", "notes.md"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(snapshot(dir)) != 4 { // README.md, adapter.py, mastermind.py, notes.md
			b.Fatalf("snapshot: %v", snapshot(dir))
		}
	}
}

// TestHelpNamesEveryRunFlag: the usage lists every flag kata run takes, each with the help its
// definition gives, on lines that fit.
func TestHelpNamesEveryRunFlag(t *testing.T) {
	t.Parallel()
	help := usage()
	words := strings.Join(strings.Fields(help), " ") // as wrapped lines read on
	runFlagSet(&runFlags{}).VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "v":
			return // short for --verbose
		case "verbose":
			assert.Contains(t, help, "\n  -v, --verbose ")
		default:
			assert.Contains(t, help, "\n  --"+f.Name, "the usage names --%s", f.Name)
		}
		_, text := flag.UnquoteUsage(f)
		assert.Contains(t, words, strings.Join(strings.Fields(text), " "), "and says what its definition says of it")
	})
	for _, line := range strings.Split(help, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 96, "%q", line)
	}
}

// TestALogThatCannotBeWrittenFailsTheRun: a run that passes but cannot add its light to the
// log says so and exits 1, as the usage says.
func TestALogThatCannotBeWrittenFailsTheRun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".kata"), []byte("a file, not a folder"), 0o644))
	var out, errOut bytes.Buffer
	c := cli{ctx: context.Background(), stdout: &out, stderr: &errOut, self: "kata", dir: dir, now: time.Now, katas: known()}
	status := c.run([]string{"run", "mastermind", "--run", "Joining the game$", "--", impl})
	assert.Equal(t, "mastermind: 1 scenario, passed\n", out.String())
	assert.Contains(t, errOut.String(), "kata run: keeping the log of runs")
	assert.Equal(t, 1, status)
}

// TestWatchWithNothingToRunEnds: --watch with a --run that matches no scenario says so and
// ends with status 2, rather than watching for ever.
func TestWatchWithNothingToRunEnds(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	c := cli{ctx: t.Context(), stdout: &out, stderr: &out, self: "kata", dir: t.TempDir(), now: time.Now, poll: 10 * time.Millisecond, katas: known()}
	done := make(chan int, 1)
	go func() {
		done <- c.run([]string{"run", "mastermind", "--watch", "--run", "no such scenario", "--", impl})
	}()
	select {
	case status := <-done:
		assert.Equal(t, 2, status)
		assert.Contains(t, out.String(), `no scenario of mastermind matches the pattern "no such scenario"`)
	case <-time.After(20 * time.Second):
		t.Fatal("--watch went on watching with nothing to run")
	}
}

// TestLogPrintsNothingRaw: a crafted log, in a kata folder someone else made, cannot set the
// terminal's title or clear its screen through kata log.
func TestLogPrintsNothingRaw(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".kata"), 0o755))
	line := `{"time":"2026-11-29T09:00:00Z","kata":"\u001b]0;owned\u0007\u001b[2J","light":"red","passed":1,"total":2}` + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, journal.Path), []byte(line), 0o644))
	var out bytes.Buffer
	c := cli{ctx: t.Context(), stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, katas: known()}
	assert.Zero(t, c.run([]string{"log"}))
	assert.NotContains(t, out.String(), "\x1b", out.String())
	assert.NotContains(t, out.String(), "\a")
	assert.Contains(t, out.String(), `\x1b]0;owned`, "shown as escapes a person can read")
}

// TestSnapshotSeesThePractitionersFiles: a file of the practitioner's named "log" or "4913"
// is watched; the run log, in .kata, and an editor's swap file are not.
func TestSnapshotSeesThePractitionersFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, f := range []string{"src/log", "4913", ".kata/log", ".game.py.swp"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644))
	}
	var got []string
	for path := range snapshot(dir) {
		rel, _ := filepath.Rel(dir, path)
		got = append(got, rel)
	}
	assert.ElementsMatch(t, []string{"src/log", "4913"}, got)
}

// TestLogWhenTheClockWentBack: a run logged before the one above it, by the clock, is said to
// be so, and no duration is negative.
func TestLogWhenTheClockWentBack(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".kata"), 0o755))
	log := `{"time":"2026-11-29T09:30:00Z","kata":"mastermind","light":"red","passed":1,"total":60}
{"time":"2026-11-29T09:10:00Z","kata":"mastermind","light":"green","passed":60,"total":60}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, journal.Path), []byte(log), 0o644))
	var out bytes.Buffer
	c := cli{ctx: t.Context(), stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, katas: known()}
	require.Zero(t, c.run([]string{"log"}))
	assert.Contains(t, out.String(), "the clock went back")
	assert.NotRegexp(t, `-[0-9]+ minute`, out.String())
}

// TestWatchSeesASaveDuringARun: a file saved while a run is under way runs the scenarios
// again, stopping the run if it is still going, so the screen never stays on a result of code
// no longer on disk; a file the program itself writes each run stops one run at most, and
// runs the scenarios twice more, not for ever.
func TestWatchSeesASaveDuringARun(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code := filepath.Join(dir, "tictactoe.py")
	require.NoError(t, os.WriteFile(code, []byte("v1"), 0o644))
	marker := filepath.Join(t.TempDir(), "starts")
	// The program's first start saves the code (as a person would, mid-run); each start
	// writes out.txt, a file of its own, in the folder watched.
	script := fmt.Sprintf(`[ -s %[1]s ] || echo v2 >> %[2]s; date +%%N > out.txt; exec %[3]s -kata tictactoe -starts %[1]s`, marker, code, impl)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, poll: 10 * time.Millisecond, katas: known()}
	done := make(chan int, 1)
	go func() {
		done <- c.run([]string{"run", "tictactoe", "--watch", "--tags", "~@property", "--", "bash", "-c", script})
	}()
	runs := func() int { return strings.Count(out.String(), "tictactoe: all 33 scenarios passed") }
	waitFor := func(n int) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); runs() < n && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		require.GreaterOrEqual(t, runs(), n, out.String())
	}
	idle := func() {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "Watching this folder") && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		require.Contains(t, out.String(), "Watching this folder", out.String())
	}
	idle()
	// Whether the save stops the run, or comes as it ends, the scenarios run again for it.
	assert.Regexp(t, `(?m)^(out.txt, )?tictactoe.py saved during the run: (stopped it, )?running again…$`, out.String(), "the save made while it ran")
	assert.Contains(t, out.String(), "out.txt changed during each run: the program's own, not watched.", "and then no more runs for out.txt")
	starts, err := os.ReadFile(marker)
	require.NoError(t, err)
	// At most: the first run, stopped by the save, and the run for it; two for out.txt, the
	// first stopped by it; and, should the save stop the first run before the program marks
	// its start, two more as the save is made again.
	assert.LessOrEqual(t, strings.Count(string(starts), "\n"), 6, "a handful of runs, not for ever:\n%s", out.String())
	n := runs()
	assert.Positive(t, n)
	require.NoError(t, os.WriteFile(code, []byte("v3, saved"), 0o644))
	waitFor(n + 1)
	cancel()
	<-done
	assert.Contains(t, out.String(), "\ntictactoe.py saved: running again…\n")
	assert.Empty(t, running(t, marker))
}

// TestASaveStopsARunUnderWay: a save while a run waits on a program — here one that answers
// nothing for the run's half-minute limit — stops the run at once, ends the program, and
// starts the next run; the run it stopped is neither shown nor kept.
func TestASaveStopsARunUnderWay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code := filepath.Join(dir, "tictactoe.py")
	require.NoError(t, os.WriteFile(code, []byte("v1"), 0o644))
	marker := filepath.Join(t.TempDir(), "starts")
	// The first start hangs at its first request; those after answer.
	script := fmt.Sprintf(`if [ -s %[1]s ]; then exec %[2]s -kata tictactoe -starts %[1]s; else exec %[2]s -kata tictactoe -starts %[1]s -misbehave hang -at 1; fi`, marker, impl)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out syncBuffer
	c := cli{ctx: ctx, stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, poll: 10 * time.Millisecond, katas: known()}
	done := make(chan int, 1)
	go func() {
		done <- c.run([]string{"run", "tictactoe", "--watch", "--timeout", "30s", "--tags", "~@property", "--", "bash", "-c", script})
	}()
	for deadline := time.Now().Add(20 * time.Second); !fileHas(marker, "started") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	require.True(t, fileHas(marker, "started"), "the program started")
	require.NoError(t, os.WriteFile(code, []byte("v2, saved"), 0o644))
	for deadline := time.Now().Add(20 * time.Second); !strings.Contains(out.String(), "Watching this folder") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
	assert.Contains(t, out.String(), "tictactoe.py saved during the run: stopped it, running again…")
	assert.Equal(t, 1, strings.Count(out.String(), "tictactoe: all 33 scenarios passed"), "the run for the save, and no screen of the one it stopped:\n%s", out.String())
	assert.NotContains(t, out.String(), "did not write its reply", "the stopped run waited out no limit")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "the run stopped is not kept")
	assert.Equal(t, verdict.Green, entries[0].Light)
	assert.Empty(t, running(t, marker))
}

// fileHas reports whether the file at path holds text.
func fileHas(path, text string) bool {
	data, err := os.ReadFile(path)
	return err == nil && strings.Contains(string(data), text)
}

// BenchmarkIdleWatchOfALargeTree: --watch idle over a tree of many files (100,000; 2,000
// under -short) spends at most a twentieth of a core looking at it, whatever the tree: the
// share it reports is a look's time over a look and the wait after it.
func BenchmarkIdleWatchOfALargeTree(b *testing.B) {
	n := 100_000
	if testing.Short() {
		n = 2_000
	}
	dir := b.TempDir()
	for i := range n {
		sub := filepath.Join(dir, fmt.Sprintf("d%03d", i%500))
		if i < 500 {
			if err := os.Mkdir(sub, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("f%d.py", i)), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var share float64
	for b.Loop() {
		start := time.Now()
		if len(snapshot(dir)) != n {
			b.Fatal("a file missed")
		}
		took := time.Since(start)
		share = float64(took) / float64(took+nextLook(watchPoll, took))
	}
	b.ReportMetric(share, "share-of-a-core")
	if share > 1.0/lookShare+0.001 {
		b.Fatalf("idle watching takes %.0f%% of a core", 100*share)
	}
}

// TestNextLookBoundsTheCost: a quick look waits the poll; a slow one waits long enough that
// looking takes a twentieth of the time.
func TestNextLookBoundsTheCost(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 200*time.Millisecond, nextLook(200*time.Millisecond, time.Millisecond))
	assert.Equal(t, 950*time.Millisecond, nextLook(200*time.Millisecond, 50*time.Millisecond))
}

// TestAPartialRunIsGreenOfWhatItSelected: a run of some scenarios (--run) is logged as
// partial, with what it selected; its green is the selection's, which kata log says, and not
// yet the kata's.
func TestAPartialRunIsGreenOfWhatItSelected(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out bytes.Buffer
	c := cli{ctx: t.Context(), stdout: &out, stderr: &out, self: "kata", dir: dir, now: time.Now, katas: known()}
	assert.Zero(t, c.run([]string{"run", "mastermind", "--run", "Joining the game$", "--", impl}))
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.True(t, entries[0].Partial)
	assert.Equal(t, "--run='Joining the game$'", entries[0].Selected)
	out.Reset()
	require.Zero(t, c.run([]string{"log"}))
	assert.Contains(t, out.String(), "green   1/1   --run='Joining the game$'")
	assert.Contains(t, out.String(), "Green after 1 run and under a minute, with --run='Joining the game$'; every scenario: not yet.")
}
