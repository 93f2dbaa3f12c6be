package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// TestEveryLightKeepsItsCode: each run keeps the folder's code; kata log shows what each run
// changed, kata diff the changes between runs, and kata checkout brings back an old run's
// code — keeping the code as it was first, which a checkout of that run brings back, byte for
// byte. Files a run does not keep are left alone.
func TestEveryLightKeepsItsCode(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, out, errOut := programIn(dir)
	do := func(args ...string) int {
		t.Helper()
		out.Reset()
		errOut.Reset()
		return c.run(args)
	}
	write := func(files map[string]string) {
		t.Helper()
		for p, data := range files {
			require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, p), []byte(data), 0o644))
		}
	}
	run := func() {
		t.Helper()
		do("run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe")
		require.Empty(t, errOut.String())
	}
	write(map[string]string{"tictactoe.py": "def gamestate(board):\n    raise NotImplementedError\n", ".notes": "mine", "data.bin": "\x00\x01"})
	run()
	write(map[string]string{"tictactoe.py": "def gamestate(board):\n    return \"ongoing\"\n", "util.py": "X = 1\n"})
	run()
	write(map[string]string{"tictactoe.py": "def gamestate(board):\n    if not board:\n        raise ValueError\n    return \"ongoing\"\n"})
	require.NoError(t, os.Remove(filepath.Join(dir, "util.py")))
	run()
	newest := contents(t, dir)

	require.Zero(t, do("log"))
	assert.Regexp(t, `(?m)^    1  \d\d:\d\d  green   1/1   --run='An ongoing game'  \+2 −0 tictactoe\.py$`, out.String(), "the scenarios the run selected")
	assert.Regexp(t, `(?m)^Green after 1 run and .*, with --run='An ongoing game'; every scenario: not yet\.$`, out.String())
	assert.Regexp(t, `(?m)^    2  .*  \+2 −1 tictactoe\.py, util\.py$`, out.String())
	assert.Regexp(t, `(?m)^    3  .*  \+2 −1 tictactoe\.py, util\.py$`, out.String())

	require.Zero(t, do("diff"))
	assert.Regexp(t, `^From run 2 \(green 1/1 at \d\d:\d\d\) to run 3 \(green 1/1 at \d\d:\d\d\):\n`, out.String())
	assert.Contains(t, out.String(), `--- a/tictactoe.py
+++ b/tictactoe.py
@@ -1,2 +1,4 @@
 def gamestate(board):
+    if not board:
+        raise ValueError
     return "ongoing"
--- a/util.py
+++ /dev/null
@@ -1 +0,0 @@
-X = 1
`)
	require.Zero(t, do("diff", "1"))
	assert.Contains(t, out.String(), "From no code at all to run 1")
	assert.Contains(t, out.String(), "--- /dev/null\n+++ b/tictactoe.py\n@@ -0,0 +1,2 @@\n")
	require.Zero(t, do("diff", "2", "2"))
	assert.Contains(t, out.String(), "no change")
	for _, args := range [][]string{{"diff", "4"}, {"diff", "0"}, {"diff", "x"}, {"diff", "1", "2", "3"}, {"checkout"}, {"checkout", "9"}} {
		assert.Equal(t, 2, do(args...), "%q", args)
		assert.NotEmpty(t, errOut.String(), "%q says what was wrong", args)
	}
	assert.Contains(t, func() string { do("diff", "4"); return errOut.String() }(), "no run 4: the runs here are 1 to 3")
	assert.Equal(t, newest, contents(t, dir), "a refused command changes nothing")

	require.Zero(t, do("checkout", "1"), errOut.String())
	assert.Contains(t, out.String(), "The code as it was is kept as run 4. Brought back run 1 (green 1/1 at ")
	assert.Contains(t, out.String(), "1 file written, 0 files removed.\nkata checkout 4 goes back; kata diff 1 4 shows what changed.\n")
	got := contents(t, dir)
	assert.Equal(t, "def gamestate(board):\n    raise NotImplementedError\n", got[filepath.Join(dir, "tictactoe.py")])
	assert.Equal(t, "mine", got[filepath.Join(dir, ".notes")], "a file no run keeps is left alone")
	assert.Equal(t, "\x00\x01", got[filepath.Join(dir, "data.bin")])
	require.Zero(t, do("checkout", "2"), errOut.String())
	assert.Equal(t, "X = 1\n", contents(t, dir)[filepath.Join(dir, "util.py")], "a file of run 2's, made again")
	require.Zero(t, do("checkout", "4"), errOut.String())
	assert.Contains(t, out.String(), "1 file written, 1 file removed.")
	assert.Equal(t, withoutLog(newest), withoutLog(contents(t, dir)), "the newest code back, byte for byte")

	// kata log lists every run it keeps, the code checkout kept before it brought a run back
	// included, each with the number checkout takes, and its changes from the one before.
	require.Zero(t, do("log"))
	for n := 1; n <= 6; n++ {
		assert.Regexp(t, fmt.Sprintf(`(?m)^ +%d  \d\d:\d\d  `, n), out.String(), "run %d is listed", n)
	}
	assert.Regexp(t, `(?m)^    4  \d\d:\d\d  saved  the code before a kata checkout  .*later$`, out.String(), "unchanged from run 3: no changes to show")
	assert.Regexp(t, `(?m)^    5  \d\d:\d\d  saved  the code before a kata checkout  .*later  \+1 −3 tictactoe\.py$`, out.String(), "run 1's code, against run 4's")
}

// withoutLog is a folder's contents without the log and the runs' repository, which each
// command adds to.
func withoutLog(files map[string]string) map[string]string {
	out := map[string]string{}
	for p, data := range files {
		if filepath.Base(filepath.Dir(p)) != ".kata" && !bytes.Contains([]byte(p), []byte("/.kata/")) {
			out[p] = data
		}
	}
	return out
}

// TestCheckoutWritesNothingThroughALink: a folder of a run's that is now a link to elsewhere
// is refused, and nothing is written where it leads.
func TestCheckoutWritesNothingThroughALink(t *testing.T) {
	t.Parallel()
	dir, elsewhere := t.TempDir(), t.TempDir()
	c, _, errOut := programIn(dir)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "lib"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "lib", "x.py"), []byte("x = 1\n"), 0o644))
	c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"})
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "lib")))
	require.NoError(t, os.Symlink(elsewhere, filepath.Join(dir, "lib")))
	assert.Equal(t, 1, c.run([]string{"checkout", "1"}))
	assert.Contains(t, errOut.String(), "is a link: kata checkout writes no file through one")
	assert.Contains(t, errOut.String(), "nothing was changed")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "a checkout refused keeps no run of its own")
	written, err := os.ReadDir(elsewhere)
	require.NoError(t, err)
	assert.Empty(t, written, "nothing written where the link leads")
}

// TestPredictTheLight: --predict keeps the light expected beside the light the run had, the
// run says how the prediction went, and kata log how often predictions held; in --watch, p
// and a light predict the next run. A light that is none is refused.
func TestPredictTheLight(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, out, errOut := programIn(dir)
	do := func(args ...string) int {
		t.Helper()
		out.Reset()
		errOut.Reset()
		return c.run(args)
	}
	one := []string{"tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"}
	assert.Zero(t, do(append([]string{"run", "--predict", "green"}, one...)...))
	assert.Contains(t, out.String(), "You predicted green, and it was green.")
	assert.Zero(t, do(append([]string{"run", "--predict=r"}, one...)...))
	assert.Contains(t, out.String(), "You predicted red; it was green.")
	assert.Zero(t, do(append([]string{"run"}, one...)...))
	assert.NotContains(t, out.String(), "predicted")
	assert.Equal(t, 2, do(append([]string{"run", "--predict", "blue"}, one...)...))
	assert.Contains(t, errOut.String(), `"blue" is no light: want green, red or amber`)

	require.Zero(t, do("log"))
	assert.Regexp(t, `(?m)^    1  .*  predicted green: right$`, out.String())
	assert.Regexp(t, `(?m)^    2  .*  predicted red: wrong$`, out.String())
	assert.Contains(t, out.String(), "Predictions: 1 of 2 right.\n")

	// In the watch: p, then a light, then Enter.
	keys := bytes.NewBufferString("p\nr\n\nq\n")
	var watchOut syncBuffer
	w := cli{ctx: context.Background(), stdout: &watchOut, stderr: &watchOut, self: "kata", dir: dir, now: time.Now,
		poll: 10 * time.Millisecond, keys: keys, katas: known()}
	assert.Zero(t, w.run(append([]string{"run", "--watch"}, one...)))
	assert.Contains(t, watchOut.String(), "The next run's light? g green, r red, a amber.")
	assert.Contains(t, watchOut.String(), "You predict red for the next run of every scenario: save, or press Enter.")
	assert.Contains(t, watchOut.String(), "You predicted red; it was green.")
	require.Zero(t, do("log"))
	assert.Contains(t, out.String(), "Predictions: 1 of 3 right.\n")
}

// TestALargeFolderStillRuns: in a folder too large to keep the code of, a green run is still
// green, its light logged, and one line says why no code was kept.
func TestALargeFolderStillRuns(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for i := range history.MaxFiles + 1 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.txt", i)), []byte("x"), 0o644))
	}
	c, _, errOut := programIn(dir)
	assert.Zero(t, c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"}))
	assert.Equal(t, 1, strings.Count(errOut.String(), "\n"), errOut.String())
	assert.Contains(t, errOut.String(), "the light is logged, but the folder holds more than 1000 files")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	assert.Empty(t, entries[0].Commit)
}

// TestDiffOnATerminal: on a terminal kata diff colours what was added and removed, and
// escapes what a file holds that a terminal would act on; elsewhere it writes the diff as it
// is, which patch applies.
func TestDiffOnATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, out, _ := programIn(dir)
	for _, code := range []string{"a = 1\n", "a = 2 # \x1b[2J\n"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "code.py"), []byte(code), 0o644))
		c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"})
	}
	out.Reset()
	require.Zero(t, c.run([]string{"diff"}))
	assert.Contains(t, out.String(), "-a = 1\n+a = 2 # \x1b[2J\n", "as it is, off a terminal")
	out.Reset()
	c.terminal, c.color = true, true
	require.Zero(t, c.run([]string{"diff"}))
	assert.Contains(t, out.String(), term.Paint(term.Red, "-a = 1")+"\n"+term.Paint(term.Green, `+a = 2 # \x1b[2J`)+"\n")
}

// programIn is the program as a test runs it in a folder of its own, and what it writes to
// its standard output and error.
func programIn(dir string) (*cli, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return &cli{ctx: context.Background(), stdout: &out, stderr: &errOut, self: "kata", dir: dir, now: time.Now, katas: known()}, &out, &errOut
}

// TestTheHistoryAfterGitGC: after git gc has packed .kata/git — the branch in packed-refs, the
// objects in a pack — the next runs go on from the last, kata log counts each run's changes,
// kata diff works, and git finds every run, whole.
func TestTheHistoryAfterGitGC(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, out, errOut := programIn(dir)
	save := func(code string) {
		t.Helper()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "tictactoe.py"), []byte(code), 0o644))
		require.Equal(t, 0, c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"}), out.String()+errOut.String())
		require.Empty(t, errOut.String())
	}
	save("one\n")
	save("one\ntwo\n")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"--git-dir", filepath.Join(dir, history.Dir)}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir())
		data, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %s: %s", args, data)
		return string(data)
	}
	git("gc", "--prune=now")
	save("one\ntwo\nthree\n")
	assert.Len(t, strings.Fields(git("log", "--format=%H")), 3, "every run on the branch")
	git("fsck", "--strict", "--no-dangling")

	out.Reset()
	require.Zero(t, c.run([]string{"log"}), errOut.String())
	assert.Regexp(t, `(?m)^    2  .*  \+1 −0 tictactoe\.py$`, out.String(), "the change counts of runs git packed")
	assert.Regexp(t, `(?m)^    3  .*  \+1 −0 tictactoe\.py$`, out.String())
	out.Reset()
	require.Zero(t, c.run([]string{"diff", "1", "3"}), errOut.String())
	assert.Contains(t, out.String(), "+two\n+three\n")
}

// TestARunKeepsTheCodeThatRan: a file saved while a run runs is not the run's code: the commit
// of the run's light holds the file as it was when the run began.
func TestARunKeepsTheCodeThatRan(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, out, errOut := programIn(dir)
	code := filepath.Join(dir, "tictactoe.py")
	require.NoError(t, os.WriteFile(code, []byte("def gamestate(board):\n    return 'ongoing'\n"), 0o644))
	require.Zero(t, c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe", "-save", code + "=def broken(:\n"}), out.String()+errOut.String())
	saved, err := os.ReadFile(code)
	require.NoError(t, err)
	require.Equal(t, "def broken(:\n", string(saved), "the program saved the file during the run")
	entries, err := journal.Read(dir)
	require.NoError(t, err)
	files, err := history.Files(dir, entries[len(entries)-1].Commit)
	require.NoError(t, err)
	assert.Equal(t, "def gamestate(board):\n    return 'ongoing'\n", string(files["tictactoe.py"].Data), "the green run keeps the code that ran green")
}

// TestCheckoutLosesNothing: kata checkout writes only what a run keeps — never a hidden file a
// tampered run holds, such as a git hook — and never replaces a file a run does not keep (one
// grown past 1 MiB, one now binary), which it would lose; refused, it changes nothing and keeps
// no run. A path that was a file in one run and a folder in another comes back either way.
func TestCheckoutLosesNothing(t *testing.T) {
	t.Parallel()
	run := func(c *cli) {
		t.Helper()
		require.Zero(t, c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"}))
	}
	write := func(dir, p, data string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, p), []byte(data), 0o644))
	}

	// A file grown past what a run keeps, or turned binary, is not replaced.
	for name, grown := range map[string]string{"larger than a run keeps": strings.Repeat("x", history.MaxFile+1), "binary": "\x00\x01\x02"} {
		dir := t.TempDir()
		c, _, errOut := programIn(dir)
		write(dir, "data.txt", "small\n")
		run(c)
		write(dir, "data.txt", grown)
		before, err := journal.Read(dir)
		require.NoError(t, err)
		assert.Equal(t, 1, c.run([]string{"checkout", "1"}), name)
		assert.Contains(t, errOut.String(), `"data.txt" is `, name)
		assert.Contains(t, errOut.String(), "which no run keeps: kata checkout would lose it; move it away first; nothing was changed", name)
		data, err := os.ReadFile(filepath.Join(dir, "data.txt"))
		require.NoError(t, err)
		assert.Equal(t, grown, string(data), "%s: the file is as it was", name)
		after, err := journal.Read(dir)
		require.NoError(t, err)
		assert.Equal(t, before, after, "%s: a refused checkout keeps no run", name)
	}

	// A path that turns from file to folder, and back.
	dir := t.TempDir()
	c, out, errOut := programIn(dir)
	write(dir, "helpers", "a file\n")
	run(c)
	require.NoError(t, os.Remove(filepath.Join(dir, "helpers")))
	write(dir, "helpers/x.py", "a folder's file\n")
	run(c)
	require.Zero(t, c.run([]string{"checkout", "1"}), errOut.String())
	data, err := os.ReadFile(filepath.Join(dir, "helpers"))
	require.NoError(t, err)
	assert.Equal(t, "a file\n", string(data), "the folder gave way to the file")
	require.Zero(t, c.run([]string{"checkout", "3"}), errOut.String()) // the code before the checkout
	data, err = os.ReadFile(filepath.Join(dir, "helpers", "x.py"))
	require.NoError(t, err)
	assert.Equal(t, "a folder's file\n", string(data), "and the file to the folder")
	assert.Contains(t, out.String(), "Brought back run 3")
}

// TestCheckoutOfATamperedRunWritesNothing: a run whose tree holds what no run keeps — a git
// hook, a shell's start-up file — as a cloned kata folder may, is refused whole: nothing is
// written, no hook lands where git runs it.
func TestCheckoutOfATamperedRunWritesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	c, _, errOut := programIn(dir)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "code.py"), []byte("x = 1\n"), 0o644))
	require.Zero(t, c.run([]string{"run", "tictactoe", "--run", "An ongoing game", "--", impl, "-kata", "tictactoe"}))
	// The tampered run, made with git's own plumbing, which writes any tree it is given.
	git := func(input string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"--git-dir", filepath.Join(dir, history.Dir)}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir(), "GIT_AUTHOR_NAME=x", "GIT_AUTHOR_EMAIL=x@x", "GIT_COMMITTER_NAME=x", "GIT_COMMITTER_EMAIL=x@x")
		cmd.Stdin = strings.NewReader(input)
		data, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %s: %s", args, data)
		return strings.TrimSpace(string(data))
	}
	hook := git("#!/bin/sh\ntouch pwned\n", "hash-object", "-w", "--stdin")
	code := git("x = 2\n", "hash-object", "-w", "--stdin")
	hooks := git("100755 blob "+hook+"\tpre-commit\n", "mktree")
	dotgit := git("040000 tree "+hooks+"\thooks\n", "mktree")
	tree := git("100644 blob "+hook+"\t.bashrc\n040000 tree "+dotgit+"\t.git\n100644 blob "+code+"\tcode.py\n", "mktree")
	commit := git("", "commit-tree", tree, "-m", "tampered")
	require.NoError(t, journal.Append(dir, journal.Entry{Time: time.Now(), Kata: "tictactoe", Light: verdict.Green, Passed: 1, Total: 1, Commit: commit}))
	before := contents(t, dir)
	assert.Equal(t, 1, c.run([]string{"checkout", "2"}))
	assert.Contains(t, errOut.String(), "a file no run keeps: its history is not one kata wrote; nothing was changed")
	assert.Equal(t, withoutLog(before), withoutLog(contents(t, dir)), "nothing written")
	assert.NoFileExists(t, filepath.Join(dir, ".git", "hooks", "pre-commit"))
	assert.NoFileExists(t, filepath.Join(dir, ".bashrc"))
}
