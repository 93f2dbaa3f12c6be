package main

import (
	"bytes"
	"cmp"
	_ "embed" // the README template
	"flag"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"text/template"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/journal"
	"github.com/deliberate-practice/katas/internal/kata"
)

// readmeTemplate is the practitioner's README that kata init writes beside a starting point;
// the starting points themselves are the kata's own (kata.Kata.Starters).
//
//go:embed templates/README.md.tmpl
var readmeTemplate string

// module is this module's path, which the starting points' commands name.
const module = "github.com/deliberate-practice/katas"

// language is what kata init knows of a language.
type language struct {
	name    string   // its --lang
	title   string   // its name in prose
	adapter string   // the protocol loop's file; "" for Go, which uses the features kit
	run     []string // the commands that run the scenarios: SELF for the kata command as it was run, KATA for the kata
	refuse  string   // how an implementation refuses something
	note    string   // what else its README says, if anything
}

// languages are the languages kata init writes starting points in.
func languages() []language {
	return []language{
		{"go", "Go", "", []string{"go mod tidy", "go test ."},
			"To refuse something, return an error whose message says what was wrong.", ""},
		{"python", "Python", "adapter.py", []string{"SELF run KATA -- python3 adapter.py"},
			"To refuse something, raise Refused (defined in the file you write) with a message that says what was wrong. Any other exception is a bug: it stops the adapter, and the runner shows its traceback.", ""},
		{"javascript", "JavaScript", "adapter.js", []string{"SELF run KATA -- node adapter.js"},
			"To refuse something, throw a Refused (defined in the file you write) with a message that says what was wrong. Any other error is a bug: it stops the adapter, and the runner shows its stack.", ""},
		{"elixir", "Elixir", "adapter.exs", []string{"SELF run KATA -- elixir adapter.exs"},
			"To refuse something, return {:error, message} with a message that says what was wrong. Any exception is a bug: it stops the adapter, and the runner shows its stack.",
			"The adapter reads and writes the protocol's JSON itself, with Elixir's standard library alone: nothing to fetch from Hex."},
		{"java", "Java", "Adapter.java", []string{"SELF run KATA -- java Adapter.java"},
			"To refuse something, throw an IllegalArgumentException with a message that says what was wrong. Any other exception is a bug: it stops the adapter, and the runner shows its stack.",
			"`java Adapter.java` compiles your code at each run, in memory, with the JDK's own compiler (a JDK, no build tool; nothing to fetch from Maven Central): a compile error is shown as javac writes it. That takes about 2 s of each run, within the 20 s a program has to start (four times `--timeout`)."},
	}
}

// langNames is the --lang of each language, "go, python, javascript, elixir or java".
func langNames(langs []language) string {
	names := make([]string, len(langs))
	for i, l := range langs {
		names[i] = l.name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// initKata is kata init KATA --lang LANG [DIR].
func (c cli) initKata(k kata.Kata, args []string) int {
	stdout, stderr := c.stdout, c.stderr
	fset := flag.NewFlagSet("kata init", flag.ContinueOnError)
	fset.SetOutput(stderr)
	lang := fset.String("lang", "", "the language: "+langNames(languages()))
	fset.Usage = func() { fmt.Fprint(fset.Output(), usage()) }
	// The directory may come before the flag or after it.
	var dirs []string
	for {
		if err := fset.Parse(args); err != nil {
			return 2
		}
		if fset.NArg() == 0 {
			break
		}
		dirs, args = append(dirs, fset.Arg(0)), fset.Args()[1:]
	}
	if len(dirs) > 1 {
		fmt.Fprintf(stderr, "kata init: unexpected argument %s\n", brief.Quote(dirs[1]))
		return 2
	}
	dir := "."
	if len(dirs) == 1 {
		dir = dirs[0]
	}
	c.self = typedIn(c.self, dir) // the commands it prints, and its README's, run in dir
	langs := languages()
	i := slices.IndexFunc(langs, func(l language) bool { return l.name == *lang })
	if i < 0 {
		what := "which language? "
		if *lang != "" {
			what = "unknown language " + brief.Quote(*lang) + "; "
		}
		fmt.Fprintf(stderr, "kata init %s: %swant --lang %s\n", k.Name, what, langNames(langs))
		return 2
	}
	files, err := c.starter(k, langs[i])
	if err != nil {
		fmt.Fprintf(stderr, "kata init %s: %v\n", k.Name, err)
		return 1
	}
	if status := write(dir, files, stdout, stderr); status != 0 {
		return status
	}
	// A new starting point starts a session of the kata, in the folder's log.
	if _, err := history.Keep(dir, history.Snapshot{}, journal.Entry{Time: c.now(), Kata: k.Name, Start: true}); err != nil {
		fmt.Fprintf(stderr, "kata init: %v\n", err)
	}
	if _, ok := files["go.mod"]; ok && c.clone != "" {
		fmt.Fprintf(stdout, "\n(go.mod points %s at the clone in %s, with a replace: the module is not on the module proxy.)\n", module, shellWords([]string{c.clone}))
	}
	fmt.Fprintf(stdout, "\nThen, to run the scenarios:\n\n")
	if dir != "." {
		fmt.Fprintf(stdout, "    cd %s\n", shellWords([]string{dir}))
	}
	for _, cmd := range c.runCommands(k.Name, langs[i]) {
		fmt.Fprintf(stdout, "    %s\n", cmd)
	}
	return 0
}

// typedIn returns the kata command as it is typed in dir, where kata init's commands run: a
// relative path to it (./kata, bin/kata) taken from there, or its absolute path where dir is
// far from it; the command as it is otherwise (on the PATH, an absolute path, go run).
func typedIn(self, dir string) string {
	sep := string(filepath.Separator)
	if !strings.Contains(self, sep) || filepath.IsAbs(self) || strings.ContainsAny(self, " '") {
		return self
	}
	abs, err := filepath.Abs(self)
	if err != nil {
		return self
	}
	in, err := filepath.Abs(dir)
	if err != nil {
		return self
	}
	rel, err := filepath.Rel(in, abs)
	if err != nil {
		return self
	}
	switch {
	case strings.HasPrefix(rel, strings.Repeat(".."+sep, 3)):
		rel = abs // a folder far from it: the whole path reads better
	case !strings.Contains(rel, sep):
		rel = "." + sep + rel
	}
	return shellWords([]string{rel})
}

// runCommands are the commands that run the kata's scenarios against a starting point, with
// the kata command as it was itself run.
func (c cli) runCommands(kata string, l language) []string {
	out := make([]string, len(l.run))
	for i, cmd := range l.run {
		out[i] = strings.NewReplacer("SELF", c.self, "KATA", kata).Replace(cmd)
	}
	return out
}

// isCode reports whether the file name is a kata's code to write, named for the kata as its
// language names files: mastermind.py, StateOfTicTacToe.java, state_of_tic_tac_toe.ex.
func isCode(name, kata string) bool {
	base := strings.TrimSuffix(name, path.Ext(name))
	return strings.Contains(strings.ReplaceAll(strings.ToLower(base), "_", ""), kata)
}

// starter returns the files of the kata's starting point in a language, by name. A Go
// module's go.mod points the katas module at the clone the program was built from, when it
// was (c.clone): the module is not on the module proxy.
func (c cli) starter(k kata.Kata, l language) (map[string][]byte, error) {
	if k.Starters == nil {
		return nil, fmt.Errorf("%s has no starting points", k.Name)
	}
	files := map[string][]byte{}
	root := "templates/" + l.name
	code := ""
	err := fs.WalkDir(k.Starters, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(k.Starters, p)
		if err != nil {
			return err
		}
		name := strings.TrimSuffix(strings.TrimPrefix(p, root+"/"), ".tmpl")
		files[name] = data
		if isCode(name, k.Name) && name != l.adapter {
			code = name
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if code == "" {
		return nil, fmt.Errorf("no %s code for %s in its starters' %s", l.title, k.Name, root)
	}
	if mod, ok := files["go.mod"]; ok && c.clone != "" {
		files["go.mod"] = fmt.Appendf(mod, "\nreplace %s => %s\n", module, c.clone)
	}
	readme, err := template.New("README.md.tmpl").Funcs(template.FuncMap{
		"underscores": func(s string) string { return strings.ReplaceAll(s, " ", "_") },
	}).Parse(readmeTemplate)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = readme.Execute(&buf, map[string]any{
		"Kata": k.Name, "Language": l.title, "Code": code, "Adapter": l.adapter, "Module": module,
		"Run": c.runCommands(k.Name, l), "Self": c.self, "Refuse": cmp.Or(k.Refusing[l.name], l.refuse), "Note": l.note, "OneRow": k.OneRow, "Tag": k.Tag,
	})
	if err != nil {
		return nil, err
	}
	files["README.md"] = buf.Bytes()
	return files, nil
}
