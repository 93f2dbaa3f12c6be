package docs_test

import (
	"go/ast"
	godoc "go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// publicPackages are the module's importable libraries, as pkg.go.dev shows them.
var publicPackages = []string{"features", "mastermind", "mastermind/solver", "tictactoe"}

// TestWhatGoDocShows: every package has a package comment; every Example attaches to
// something go/doc shows (an Example named after a constant, or after nothing, is dropped);
// and each public package has a package-level Example that tells its story.
func TestWhatGoDocShows(t *testing.T) {
	root := filepath.Join("..", "..")
	dirs := map[string]bool{}
	require.NoError(t, filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "templates") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			dirs[filepath.Dir(path)] = true
		}
		return nil
	}))
	require.Greater(t, len(dirs), 20, "the module's packages")
	for _, dir := range slices.Sorted(func(yield func(string) bool) {
		for d := range dirs {
			if !yield(d) {
				return
			}
		}
	}) {
		rel, _ := filepath.Rel(root, dir)
		rel = filepath.ToSlash(rel)
		fset := token.NewFileSet()
		entries, err := os.ReadDir(dir)
		require.NoError(t, err, rel)
		var files, tests []*ast.File
		var name string
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments)
			require.NoError(t, err, e.Name())
			if strings.HasSuffix(e.Name(), "_test.go") {
				tests = append(tests, f)
			} else {
				files, name = append(files, f), f.Name.Name
			}
		}
		if len(files) == 0 {
			continue // tests alone
		}
		p, err := godoc.NewFromFiles(fset, append(files, tests...), "example.com/"+rel)
		require.NoError(t, err, rel)
		assert.NotEmpty(t, strings.TrimSpace(p.Doc), "%s (package %s) has no package comment", rel, name)

		attached := map[string]bool{}
		note := func(examples []*godoc.Example) {
			for _, e := range examples {
				attached["Example"+e.Name] = true
				if e.Name == "" || strings.HasPrefix(e.Name, "_") {
					attached["Example"+e.Suffix] = true
				}
			}
		}
		note(p.Examples)
		for _, f := range p.Funcs {
			note(f.Examples)
		}
		for _, ty := range p.Types {
			note(ty.Examples)
			for _, f := range ty.Funcs {
				note(f.Examples)
			}
			for _, m := range ty.Methods {
				note(m.Examples)
			}
		}
		for _, e := range godoc.Examples(tests...) {
			assert.True(t, attached["Example"+e.Name], "%s: Example%s attaches to nothing go/doc shows", rel, e.Name)
		}
		if slices.Contains(publicPackages, rel) {
			assert.True(t, slices.ContainsFunc(p.Examples, func(e *godoc.Example) bool { return e.Name == "" && e.Output != "" }),
				"%s has no runnable package-level Example", rel)
		}
	}
}
