package docs_test

import (
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/scratchmod"
	"github.com/deliberate-practice/katas/mastermind"
	"github.com/deliberate-practice/katas/mastermind/solver"
	"github.com/deliberate-practice/katas/tictactoe"
)

// doc returns a document of the module's, by its path from the module's root: "README.md",
// "docs/performance.md".
func doc(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", path))
	require.NoError(t, err)
	return string(data)
}

// section returns a document's section under a heading, up to the next heading of its level
// or above.
func section(t *testing.T, text, heading string) string {
	t.Helper()
	_, rest, ok := strings.Cut(text, "\n"+heading+"\n")
	require.True(t, ok, "no section %q", heading)
	level := strings.Repeat("#", strings.Count(strings.Fields(heading)[0], "#"))
	for i := 0; i < len(rest); {
		j := strings.Index(rest[i:], "\n#")
		if j < 0 {
			break
		}
		i += j + 1
		if h := strings.Fields(rest[i:])[0]; strings.Trim(h, "#") == "" && len(h) <= len(level) {
			return rest[:i]
		}
	}
	return rest
}

// TestAllocations: docs/performance.md's table of allocations is what the calls allocate.
func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("-race: the race detector allocates of its own; the plain pass holds the table")
	}
	measure := map[string]func() float64{
		"`mastermind.Score`": func() float64 {
			a, b := mastermind.Code{1, 2, 3, 4}, mastermind.Code{4, 3, 2, 1}
			return testing.AllocsPerRun(100, func() { _, _ = mastermind.Score(a, b) })
		},
		"`tictactoe.Classify`, one valid board": func() float64 {
			rows := []string{"XOX", " XO", "O X"}
			return testing.AllocsPerRun(100, func() { _, _ = tictactoe.Classify(rows) })
		},
		"`tictactoe.Solve`, once its memo is built": func() float64 {
			b, err := tictactoe.ParseBoard([]string{"X  ", " O ", "  X"})
			require.NoError(t, err)
			_, _, _ = tictactoe.Solve(b)
			return testing.AllocsPerRun(100, func() { _, _, _ = tictactoe.Solve(b) })
		},
		"`solver.Next`, the second classic guess (Knuth), on one core": func() float64 {
			s, err := solver.New(mastermind.Classic(), solver.Knuth)
			require.NoError(t, err)
			require.NoError(t, s.Record(mastermind.Code{1, 1, 2, 2}, mastermind.Feedback{Black: 1}))
			return testing.AllocsPerRun(20, func() { _, _ = s.Next() })
		},
	}
	table := section(t, doc(t, "docs/performance.md"), "## Allocations")
	_, table, ok := strings.Cut(table, "| call | allocations |\n| --- | --- |\n")
	require.True(t, ok, "the Speed section has no table of allocations")
	rows := 0
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "| ") {
			break
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		require.Len(t, cells, 2, line)
		m, ok := measure[cells[0]]
		require.True(t, ok, "no measure for the table's row %q", cells[0])
		want, err := strconv.Atoi(cells[1])
		require.NoError(t, err, line)
		assert.Equal(t, float64(want), m(), "docs/performance.md says %s allocates %d (testing.AllocsPerRun runs it on one core)", cells[0], want)
		rows++
	}
	assert.Equal(t, len(measure), rows, "each measure has its row")
}

// TestLibrarySnippets runs each Go snippet of the README's "The library", docs/library.md and
// docs/solver.md as a program in a new module, and holds what each fmt.Println prints to the
// comment on its line: the comment is the output, or the output and a few words on it after a
// comma or a space.
func TestLibrarySnippets(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds and runs the snippets in a new module, which takes seconds; the plain pass runs it")
	}
	text := section(t, doc(t, "README.md"), "## The library") + doc(t, "docs/library.md") + doc(t, "docs/solver.md")
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(text, -1)
	require.GreaterOrEqual(t, len(blocks), 4, "the library's snippets")
	m := scratchmod.New(t, t.TempDir(), "example.com/snippets")
	imports := map[string]string{
		"fmt.": "fmt", "log.": "log", "mastermind.": "github.com/deliberate-practice/katas/mastermind",
		"solver.": "github.com/deliberate-practice/katas/mastermind/solver", "tictactoe.": "github.com/deliberate-practice/katas/tictactoe",
	}
	println := regexp.MustCompile(`^\s*fmt\.Println\(.*\)\s*// (.*)$`)
	var wants [][]string
	for i, b := range blocks {
		var paths, want []string
		for use, path := range imports {
			if strings.Contains(b[1], use) {
				paths = append(paths, fmt.Sprintf("%q", path))
			}
		}
		slices.Sort(paths)
		for _, line := range strings.Split(b[1], "\n") {
			if c := println.FindStringSubmatch(line); c != nil {
				want = append(want, c[1])
			}
		}
		require.NotEmpty(t, want, "snippet %d prints nothing to check", i+1)
		wants = append(wants, want)
		src := fmt.Sprintf("package main\n\nimport (\n%s\n)\n\nfunc main() {\n%s}\n", strings.Join(paths, "\n"), b[1])
		formatted, err := format.Source([]byte(src))
		require.NoError(t, err, "snippet %d:\n%s", i+1, src)
		dir := filepath.Join(m.Dir, fmt.Sprintf("snippet%d", i+1))
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), formatted, 0o644))
	}
	m.Go("mod", "tidy")
	for i, want := range wants {
		out := m.Go("run", fmt.Sprintf("./snippet%d", i+1))
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		require.Len(t, got, len(want), "snippet %d printed %q", i+1, out)
		for j := range got {
			ok := want[j] == got[j] || strings.HasPrefix(want[j], got[j]+",") || strings.HasPrefix(want[j], got[j]+" ")
			assert.True(t, ok, "snippet %d, line %d: the page says %q, the code prints %q", i+1, j+1, want[j], got[j])
		}
	}
}

// TestThePackagePicture: each package of docs/architecture.md's picture imports only packages
// on lines below its own, and every package of the module's but the tests' helpers and the
// katas' libraries is in the picture, as go list finds their imports.
func TestThePackagePicture(t *testing.T) {
	const module = "github.com/deliberate-practice/katas/"
	text := section(t, doc(t, "docs/architecture.md"), "## The packages")
	_, picture, ok := strings.Cut(text, "```text\n")
	require.True(t, ok, "the section has no picture")
	picture, _, _ = strings.Cut(picture, "```")
	line := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(picture), "\n") {
		fields := strings.Fields(l)
		n, err := strconv.Atoi(fields[0])
		require.NoError(t, err, "a line of the picture begins with its number: %q", l)
		for _, p := range fields[1:] {
			line[p] = n
		}
	}
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"...").Output()
	require.NoError(t, err)
	helpers := map[string]bool{"internal/docs": true, "internal/scratchmod": true, "internal/term/termtest": true, "internal/kata/testdata/tally": true,
		"mastermind": true, "mastermind/solver": true, "tictactoe": true, "cmd/mastermind": true, "cmd/tictactoe": true, "cmd/internal/cmdtest": true}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(l)
		pkg := strings.TrimPrefix(fields[0], module)
		n, inPicture := line[pkg]
		if !inPicture {
			assert.True(t, helpers[pkg], "%s is not in the picture", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			dep, ours := strings.CutPrefix(imp, module)
			if !ours || helpers[dep] {
				continue
			}
			m, known := line[dep]
			assert.True(t, known && m < n, "%s (line %d) imports %s (line %d): imports point down", pkg, n, dep, m)
		}
	}
}
