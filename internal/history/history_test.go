package history

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitCmd runs the git command on the folder's repository: git itself is the client the
// repository is held to.
func gitCmd(t *testing.T, dir string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is not on PATH: these tests hold the runs' repository to git itself; install git")
	}
	cmd := exec.Command("git", append([]string{"--git-dir", filepath.Join(dir, Dir)}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "git %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}

// write writes files into dir, by relative path.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(data), 0o644))
	}
}

// TestRunsAreCommitsGitReads: each run is a commit git reads, fsck finds whole, with the
// run's message, its parent the run before, and the folder's files as they were — its code,
// not what a run does not record.
func TestRunsAreCommitsGitReads(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		"mastermind.py": "def new():\n    raise NotImplementedError\n",
		"lib/util.py":   "X = 1\n",
		"README.md":     "notes",
		// Not the kata's code: hidden, an editor's, caches, the log, binary, too large.
		".env": "secret", "mastermind.py~": "old", "__pycache__/m.pyc": "x", "node_modules/a/b.js": "x",
		".kata/log": "{}\n", "a.out": "\x7fELF\x00\x01", "big.txt": strings.Repeat("x", MaxFile+1),
	})
	require.NoError(t, os.Chmod(filepath.Join(dir, "lib/util.py"), 0o755))
	at := time.Date(2026, 12, 1, 9, 30, 0, 0, time.FixedZone("CET", 3600))
	first, err := Record(dir, "red 0/60\n\nNext: Joining the game", at)
	require.NoError(t, err)
	write(t, dir, map[string]string{"mastermind.py": "def new():\n    return {}\n"})
	second, err := Record(dir, "red 1/60", at.Add(time.Minute))
	require.NoError(t, err)

	gitCmd(t, dir, "fsck", "--strict", "--no-dangling")
	assert.Equal(t, second+"\n"+first+"\n", gitCmd(t, dir, "log", "--format=%H"))
	assert.Equal(t, "red 1/60\nred 0/60\n", gitCmd(t, dir, "log", "--format=%s"))
	assert.Equal(t, "2026-12-01T09:30:00+01:00\n", gitCmd(t, dir, "log", "-1", "--format=%aI", first))
	assert.Equal(t, "README.md\nlib/util.py\nmastermind.py\n", gitCmd(t, dir, "ls-tree", "-r", "--name-only", second))
	assert.Contains(t, gitCmd(t, dir, "ls-tree", "-r", second), "100755 blob", "the executable bit kept")
	assert.Equal(t, "def new():\n    return {}\n", gitCmd(t, dir, "show", second+":mastermind.py"))

	files, err := Files(dir, first)
	require.NoError(t, err)
	assert.Equal(t, map[string]File{
		"mastermind.py": {[]byte("def new():\n    raise NotImplementedError\n"), false},
		"lib/util.py":   {[]byte("X = 1\n"), true},
		"README.md":     {[]byte("notes"), false},
	}, files)
	c, err := Read(dir, second)
	require.NoError(t, err)
	assert.Equal(t, first, c.Parent)
	last, err := Last(dir)
	require.NoError(t, err)
	assert.Equal(t, second, last)
}

// TestChangesAreGitsOwn: the files changed between two runs, their lines added and removed,
// and their unified diffs, are what git diff says of the same commits.
func TestChangesAreGitsOwn(t *testing.T) {
	heading := regexp.MustCompile(`^(@@ [^@]+ @@) .*\n$`)
	dir := t.TempDir()
	long := ""
	for i := 1; i <= 30; i++ {
		long += strings.Repeat("line ", i%4+1) + string(rune('a'+i%26)) + "\n"
	}
	write(t, dir, map[string]string{"a.py": long, "gone.py": "x = 1\ny = 2\n", "same.py": "same\n", "eol.txt": "one\ntwo"})
	from, err := Record(dir, "red", time.Now())
	require.NoError(t, err)
	edited := strings.Replace(long, "line line c\n", "changed c\n", 1)
	edited = strings.Replace(edited, "line line line line d\n", "", 1)
	edited += "an end\n"
	require.NoError(t, os.Remove(filepath.Join(dir, "gone.py")))
	write(t, dir, map[string]string{"a.py": edited, "new.py": "print(1)\n", "eol.txt": "one\ntwo\nthree\n"})
	to, err := Record(dir, "green", time.Now())
	require.NoError(t, err)

	changes, err := Changes(dir, from, to)
	require.NoError(t, err)
	var numstat, unified strings.Builder
	for _, c := range changes {
		numstat.WriteString(strings.Join([]string{strconv.Itoa(c.Added), strconv.Itoa(c.Removed), c.Path}, "\t") + "\n")
		unified.WriteString(c.Unified)
	}
	assert.Equal(t, gitCmd(t, dir, "diff", "--numstat", from, to), numstat.String())
	var want strings.Builder
	for _, line := range strings.SplitAfter(gitCmd(t, dir, "diff", "--no-color", "-U3", from, to), "\n") {
		if !strings.HasPrefix(line, "diff --git ") && !strings.HasPrefix(line, "index ") && !strings.HasPrefix(line, "new file mode") && !strings.HasPrefix(line, "deleted file mode") {
			want.WriteString(heading.ReplaceAllString(line, "$1\n")) // git names the code above a hunk; kata does not
		}
	}
	assert.Equal(t, want.String(), unified.String())
}

// TestALargeFolderKeepsNoCode: a folder with more files than a run records is not copied:
// Record says so, and makes no repository.
func TestALargeFolderKeepsNoCode(t *testing.T) {
	dir := t.TempDir()
	for i := range MaxFiles + 1 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)), []byte("x"), 0o644))
	}
	_, err := Record(dir, "red", time.Now())
	require.ErrorIs(t, err, ErrTooLarge)
	assert.NoDirExists(t, filepath.Join(dir, Dir))
	require.NoError(t, os.Remove(filepath.Join(dir, "f0")))
	_, err = Record(dir, "red", time.Now())
	require.NoError(t, err, "a thousand files are kept")
}

// BenchmarkRecord: what keeping a run's code adds to the run, the time a person waits on from
// a save to its light: a kata's folder of a few files, one of them changed (kata), and a
// folder of the most files a run keeps, none changed (many).
func BenchmarkRecord(b *testing.B) {
	for _, tt := range []struct {
		name  string
		files int
	}{{"kata", 4}, {"many", MaxFiles}} {
		b.Run(tt.name, func(b *testing.B) {
			dir := b.TempDir()
			for i := range tt.files {
				code := strings.Repeat(fmt.Sprintf("line %d of file %d\n", i, i), 60)
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.py", i)), []byte(code), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := Record(dir, "red", time.Now()); err != nil { // the first run's, written once
				b.Fatal(err)
			}
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n++
				if tt.files < 10 {
					if err := os.WriteFile(filepath.Join(dir, "f0.py"), fmt.Appendf(nil, "saved %d\n", n), 0o644); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := Record(dir, "red", time.Now()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// record records a run of dir, failing the test where it cannot.
func record(t *testing.T, dir, message string) string {
	t.Helper()
	c, err := Record(dir, message, time.Now())
	require.NoError(t, err)
	return c
}

// TestAHistoryGitHasPacked: after git gc — the branch in packed-refs, the objects in a pack,
// deltas on offsets or on names — every run reads back as it was, the next run's parent is
// the last run, and git finds the whole history whole.
func TestAHistoryGitHasPacked(t *testing.T) {
	for _, tt := range []struct{ name, config string }{
		{"offset deltas", "repack.useDeltaBaseOffset=true"},
		{"name deltas", "repack.useDeltaBaseOffset=false"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			long := strings.Repeat("a line of the kata's code, long enough to be worth a delta\n", 40)
			var runs []string
			want := map[string]map[string]File{}
			for i := range 4 {
				write(t, dir, map[string]string{"mastermind.py": long + fmt.Sprintf("x = %d\n", i), fmt.Sprintf("f%d.py", i): "y\n"})
				c := record(t, dir, fmt.Sprint("run ", i))
				files, err := Files(dir, c)
				require.NoError(t, err)
				runs, want[c] = append(runs, c), files
			}
			assert.Contains(t, gitCmd(t, dir, "config", "--get", "gc.auto"), "0", "git never packs the runs by itself")
			gitCmd(t, dir, "-c", tt.config, "gc", "--aggressive", "--prune=now")
			require.NoFileExists(t, filepath.Join(dir, Dir, branch), "git moved the branch to packed-refs")
			loose, _ := filepath.Glob(filepath.Join(dir, Dir, "objects", "??", "*"))
			require.Empty(t, loose, "git packed every object")
			if !strings.Contains(gitCmd(t, dir, "verify-pack", "-v", must(filepath.Glob(filepath.Join(dir, Dir, "objects", "pack", "*.idx")))[0]), "chain length") {
				t.Fatal("the pack holds no delta: the test tests nothing")
			}

			last, err := Last(dir)
			require.NoError(t, err)
			assert.Equal(t, runs[3], last, "the branch read from packed-refs")
			for _, c := range runs {
				files, err := Files(dir, c)
				require.NoError(t, err, "run %s", c)
				assert.Equal(t, want[c], files)
			}
			changes, err := Changes(dir, runs[0], runs[3])
			require.NoError(t, err)
			assert.Equal(t, gitCmd(t, dir, "diff", "--name-only", runs[0], runs[3]), pathsOf(changes))

			write(t, dir, map[string]string{"mastermind.py": "x = 4\n"})
			next := record(t, dir, "run 4")
			c, err := Read(dir, next)
			require.NoError(t, err)
			assert.Equal(t, runs[3], c.Parent, "the history goes on from the last run")
			assert.Equal(t, "run 4\nrun 3\nrun 2\nrun 1\nrun 0\n", gitCmd(t, dir, "log", "--format=%s"))
			gitCmd(t, dir, "fsck", "--strict", "--no-dangling")
		})
	}
}

// pathsOf lists the changes' paths, a line each, as git diff --name-only does.
func pathsOf(changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		b.WriteString(c.Path + "\n")
	}
	return b.String()
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestRunsRecordedAtOnceAreAllKept: eight runs recorded at once each keep the one before as its
// parent, so that the branch holds all eight: the parent is read under the branch's lock.
func TestRunsRecordedAtOnceAreAllKept(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"mastermind.py": "x = 0\n"})
	record(t, dir, "first")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			_, err := Record(dir, fmt.Sprint("at once ", i), time.Now())
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	assert.Len(t, strings.Fields(gitCmd(t, dir, "log", "--format=%H")), 9, "every run on the branch")
	gitCmd(t, dir, "fsck", "--strict", "--no-dangling")
	leftover, _ := filepath.Glob(filepath.Join(dir, Dir, "refs", "heads", "*.lock"))
	assert.Empty(t, leftover, "no lock left behind")
}

// TestTreesAreInGitsOrder: a folder beside files whose names begin with its own — a/ beside
// a.py and a-b.py — is where git puts it, as if its name ended in a slash: git fsck --strict
// finds no tree out of order.
func TestTreesAreInGitsOrder(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"a.py": "1\n", "a-b.py": "2\n", "a/x.py": "3\n", "a0": "4\n", "ab/y.py": "5\n", "b": "6\n"})
	c := record(t, dir, "red")
	gitCmd(t, dir, "fsck", "--strict", "--no-dangling")
	assert.Equal(t, "a-b.py\na.py\na\na0\nab\nb\n", gitCmd(t, dir, "ls-tree", "--name-only", c))
}

// TestARestorationIsOneStep: a run brought back writes every file, or, when a step fails —
// here, a folder made where a file is to go, after the plan was checked — puts every file
// back as it was, and says so.
func TestARestorationIsOneStep(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{"a.py": "a 1\n", "b.py": "b 1\n", "gone.py": "gone\n"})
	first := record(t, dir, "one")
	require.NoError(t, os.Remove(filepath.Join(dir, "gone.py")))
	write(t, dir, map[string]string{"a.py": "a 2\n", "b.py": "b 2\n", "new.py": "new\n"})
	want, err := Files(dir, first)
	require.NoError(t, err)

	r, err := Plan(dir, want, Take(dir))
	require.NoError(t, err)
	before := map[string]string{"a.py": "a 2\n", "b.py": "b 2\n", "new.py": "new\n"}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "gone.py"), 0o755)) // a save as the checkout runs
	write(t, dir, map[string]string{"gone.py/mine.txt": "mine\n"})
	_, _, err = r.Apply()
	require.ErrorContains(t, err, `"gone.py" changed as kata checkout ran: it is a folder now`)
	for p, data := range before {
		got, err := os.ReadFile(filepath.Join(dir, p))
		require.NoError(t, err)
		assert.Equal(t, data, string(got), "%s as it was", p)
	}
	mine, err := os.ReadFile(filepath.Join(dir, "gone.py", "mine.txt"))
	require.NoError(t, err)
	assert.Equal(t, "mine\n", string(mine), "the folder made meanwhile is untouched")

	require.NoError(t, os.RemoveAll(filepath.Join(dir, "gone.py")))
	r, err = Plan(dir, want, Take(dir))
	require.NoError(t, err)
	written, removed, err := r.Apply()
	require.NoError(t, err)
	assert.Equal(t, []int{3, 1}, []int{written, removed}, "a.py, b.py and gone.py written; new.py removed")
	got, err := Files(dir, record(t, dir, "after"))
	require.NoError(t, err)
	assert.Equal(t, want, got, "the run's code, whole")
	leftover, _ := filepath.Glob(filepath.Join(dir, ".kata", "checkout-*"))
	assert.Empty(t, leftover, "no staging folder left behind")
}
