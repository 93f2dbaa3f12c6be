// Command kata runs the katas' acceptance scenarios — the seed's Gherkin, word for word —
// against an implementation in any language, with no step definitions to write.
//
//	kata list                                      the katas
//	kata features KATA [DIR]                       write the kata's feature files
//	kata protocol KATA                             how kata run talks to your program
//	kata init KATA --lang go|python|javascript [DIR]   a starting point to practise from
//	kata run KATA [flags] -- COMMAND [ARGS...]     run the scenarios against your program
//
// kata run starts COMMAND once for each scenario and speaks a small line-based JSON protocol
// with it (kata protocol, or docs/protocol.md). It prints each failing scenario with the step
// that failed, and a summary; the exit status is 0 only when every scenario passes, 1 when one
// fails, and 2 for a bad command line.
//
//	go run github.com/deliberate-practice/katas/cmd/kata@latest run mastermind -- python3 adapter.py
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/cmd/internal/term"
	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/engine"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, term.UseColor(term.IsTerminal(os.Stdout), os.Getenv)))
}

const usage = `Usage:
  kata list                                          the katas
  kata features KATA [DIR]                           write the kata's feature files into DIR (.)
  kata protocol KATA                                 how kata run talks to your program
  kata init KATA --lang go|python|javascript [DIR]   write a starting point into DIR (.)
  kata run KATA [flags] -- COMMAND [ARGS...]         run the scenarios against your program

kata run flags:
  --run PATTERN      only the scenarios whose path matches, as 'Making a guess/row 15$'
  --tags EXPR        only the scenarios with these tags: @a, ~@a, @a,@b, joined by &&
  --format LIST      pretty for every step as well; junit:FILE, cucumber:FILE for reports
  --random[=SEED]    a random order, its seed printed; a seed replays it
  --stop-on-failure  stop at the first failing scenario
  --timeout D        the time your program has for each reply (5s)

Exit status: 0 when every scenario passes (or for a command that is not run); 1 when one
fails or a file cannot be written; 2 for a bad command line.
`

// kataDef is what the program knows of one kata; everything that differs between the katas is
// here.
type kataDef struct {
	engine.Kata
	about       string
	steps       func(*session) func(*godog.ScenarioContext) // its steps, played against the program of a session
	requests    string                                      // its part of the protocol
	oneRow, tag string                                      // examples of --run and --tags for a README
}

// katas returns the katas, in the order kata list names them.
func katas() []kataDef {
	find := func(name string) engine.Kata {
		k, ok := engine.Find(name)
		if !ok {
			panic("kata: the engine has no kata " + name) // TestList lists every kata
		}
		return k
	}
	return []kataDef{
		{
			Kata:  find("mastermind"),
			about: "the seed's \"Playing mastermind\" and the Elixir assignment's configurable game: new(num_colors, width, max_turns) and score(game, guess)",
			steps: func(s *session) func(*godog.ScenarioContext) {
				return func(sc *godog.ScenarioContext) { features.InitializeMastermind(sc, s.newGame) }
			},
			requests: protocolMastermind,
			oneRow:   "Playing mastermind/Making a guess/row 15$",
			tag:      "@refusals",
		},
		{
			Kata:  find("tictactoe"),
			about: "the state of a tic-tac-toe game: ongoing, draw or win, or the exercise's exact error for a board play could not reach",
			steps: func(s *session) func(*godog.ScenarioContext) {
				return func(sc *godog.ScenarioContext) { features.InitializeTicTacToe(sc, s.classify) }
			},
			requests: protocolTicTacToe,
			oneRow:   "State of tic-tac-toe/Boards that play cannot reach/row 3$",
		},
	}
}

// kataNamed returns the kata of that name.
func kataNamed(name string) (kataDef, error) {
	for _, k := range katas() {
		if k.Name == name {
			return k, nil
		}
	}
	return kataDef{}, fmt.Errorf("kata: unknown kata %s; kata list names them", brief.Quote(name))
}

// scenarios returns the kata's scenarios.
func (k kataDef) scenarios() []engine.Scenario {
	s, err := k.Scenarios(features.Files())
	if err != nil {
		panic(err) // the features are embedded, and TestList reads them all
	}
	return s
}

// run is the program; it returns the exit status.
func run(args []string, stdout, stderr io.Writer, color bool) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	case "list":
		for _, k := range katas() {
			fmt.Fprintf(stdout, "%-11s %s (%d scenarios)\n", k.Name, k.about, len(k.scenarios()))
		}
		return 0
	case "features", "protocol", "init", "run":
	default:
		fmt.Fprintf(stderr, "kata: unknown command %s\n\n%s", brief.Quote(cmd), usage)
		return 2
	}
	if len(rest) == 0 {
		fmt.Fprintf(stderr, "kata %s: which kata? kata list names them\n", cmd)
		return 2
	}
	k, err := kataNamed(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	switch cmd {
	case "protocol":
		if len(rest) > 1 {
			fmt.Fprintf(stderr, "kata protocol: unexpected argument %s\n", brief.Quote(rest[1]))
			return 2
		}
		fmt.Fprint(stdout, protocol(k))
		return 0
	case "features":
		dir, status := oneDir(rest[1:], "features", stderr)
		if status != 0 {
			return status
		}
		files := map[string][]byte{}
		for _, f := range k.Files {
			data, err := fs.ReadFile(features.Files(), f)
			if err != nil {
				panic(err) // the features are embedded, and TestFeaturesWritesTheFiles reads them
			}
			files[f] = data
		}
		return write(dir, files, stdout, stderr)
	case "init":
		return initKata(k, rest[1:], stdout, stderr)
	}
	return runKata(k, rest[1:], stdout, stderr, color)
}

// oneDir reads an optional directory argument.
func oneDir(args []string, cmd string, stderr io.Writer) (string, int) {
	switch len(args) {
	case 0:
		return ".", 0
	case 1:
		return args[0], 0
	}
	fmt.Fprintf(stderr, "kata %s: unexpected argument %s\n", cmd, brief.Quote(args[1]))
	return "", 2
}

// write writes the files into dir, which it makes if need be, refusing to overwrite any file.
func write(dir string, files map[string][]byte, stdout, stderr io.Writer) int {
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			fmt.Fprintf(stderr, "kata: %s exists; not overwriting it\n", filepath.Join(dir, name))
			return 1
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(stderr, "kata:", err)
		return 1
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintln(stderr, "kata:", err)
			return 1
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			fmt.Fprintln(stderr, "kata:", err)
			return 1
		}
		fmt.Fprintln(stdout, "wrote", path)
	}
	return 0
}

// runKata is kata run.
func runKata(k kataDef, args []string, stdout, stderr io.Writer, color bool) int {
	dash := slices.Index(args, "--")
	if dash < 0 || dash == len(args)-1 {
		fmt.Fprintf(stderr, "kata run %s: give the command to run after --: kata run %s -- python3 adapter.py\n", k.Name, k.Name)
		return 2
	}
	argv := args[dash+1:]
	fs := flag.NewFlagSet("kata run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	engine.Flags(fs, "", true)
	timeout := fs.Duration("timeout", 5*time.Second, "the time the program has for each reply")
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	if err := fs.Parse(args[:dash]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kata run: unexpected argument %s before --\n", brief.Quote(fs.Arg(0)))
		return 2
	}
	opts, err := engine.FromFlags(fs, "")
	if err != nil {
		fmt.Fprintf(stderr, "kata run: %v\n", err)
		return 2
	}
	if *timeout <= 0 {
		fmt.Fprintf(stderr, "kata run: --timeout %v: want a positive duration\n", *timeout)
		return 2
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		fmt.Fprintf(stderr, "kata run: cannot run %s: %v\n", brief.Quote(argv[0]), err)
		return 2
	}
	outcome, err := engine.Run(k.Kata, features.Files(), opts, engine.Frontend{
		Flag: "--",
		Each: func(_ engine.Scenario, do func(engine.Output)) { do(printer{stdout, color}) },
		Play: func(s engine.Scenario) engine.Result {
			sess := newSession(k.Name, argv, *timeout)
			r := engine.Play(s, k.steps(sess), sess.check)
			if err := sess.close(); err != nil && r.Passed() {
				r.Steps = append(r.Steps, engine.StepResult{Step: "After the last step", Status: "failed", Err: err.Error()})
			}
			return r
		},
		Log: func(line string) { fmt.Fprintln(stdout, line) },
		Rerun: func(s engine.Scenario) string {
			return fmt.Sprintf("kata run %s --run '^%s$' -- %s", k.Name, strings.ReplaceAll(regexp.QuoteMeta(s.Path()), "'", `'\''`), shellWords(argv))
		},
	})
	var usageErr *engine.UsageError
	switch {
	case errors.As(err, &usageErr):
		fmt.Fprintf(stderr, "kata run: %v\n", err)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "kata run: %v\n", err)
		return 1
	case outcome.Failed():
		return 1
	}
	return 0
}

// printer shows each scenario on the program's output, FAIL in red and ok in green on a
// terminal.
type printer struct {
	w     io.Writer
	color bool
}

func (p printer) paint(code, s string) string {
	if !p.color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

func (p printer) Fail(text string) { fmt.Fprintf(p.w, "%s %s\n\n", p.paint("31", "FAIL"), text) }
func (p printer) Pass(text string) { fmt.Fprintf(p.w, "%s %s\n\n", p.paint("32", "ok"), text) }
func (p printer) Skip(string)      {}

// shellWords joins words into a command to type, quoting those the shell would split or read.
func shellWords(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./:,@%") == "" {
			out[i] = w
		} else {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
