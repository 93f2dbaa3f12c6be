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

	"github.com/deliberate-practice/katas/cmd/internal/term"
	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
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
	name, about string
	spec        features.Kata                // its scenarios, with no implementation behind them
	over        func(*session) features.Kata // its scenarios, run against the program of s
	requests    string                       // its part of the protocol
	oneRow, tag string                       // examples of --run and --tags for a README
}

// katas are the katas, in the order kata list names them.
var katas = []kataDef{
	{
		name:     "mastermind",
		about:    "the seed's \"Playing mastermind\" and the Elixir assignment's configurable game: new(num_colors, width, max_turns) and score(game, guess)",
		spec:     features.Mastermind(nil),
		over:     func(s *session) features.Kata { return features.Mastermind(s.newGame) },
		requests: protocolMastermind,
		oneRow:   "Playing mastermind/Making a guess/row 15$",
		tag:      "@refusals",
	},
	{
		name:     "tictactoe",
		about:    "the state of a tic-tac-toe game: ongoing, draw or win, or the exercise's exact error for a board play could not reach",
		spec:     features.TicTacToe(nil),
		over:     func(s *session) features.Kata { return features.TicTacToe(s.classify) },
		requests: protocolTicTacToe,
		oneRow:   "State of tic-tac-toe/Boards that play cannot reach/row 3$",
	},
}

// kataNamed returns the kata of that name.
func kataNamed(name string) (kataDef, error) {
	for _, k := range katas {
		if k.name == name {
			return k, nil
		}
	}
	return kataDef{}, fmt.Errorf("kata: unknown kata %s; kata list names them", brief.Quote(name))
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
		for _, k := range katas {
			fmt.Fprintf(stdout, "%-11s %s (%d scenarios)\n", k.name, k.about, len(k.spec.Scenarios()))
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
		for _, f := range k.spec.FeatureFiles() {
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
	dash := -1
	for i, a := range args {
		if a == "--" {
			dash = i
			break
		}
	}
	if dash < 0 || dash == len(args)-1 {
		fmt.Fprintf(stderr, "kata run %s: give the command to run after --: kata run %s -- python3 adapter.py\n", k.name, k.name)
		return 2
	}
	argv := args[dash+1:]
	fs := flag.NewFlagSet("kata run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts features.Options
	fs.StringVar(&opts.Run, "run", "", "only the scenarios whose path matches this regular expression")
	fs.StringVar(&opts.Tags, "tags", "", "only the scenarios with these tags")
	fs.StringVar(&opts.Format, "format", "", "pretty, junit:FILE, cucumber:FILE, comma-separated")
	random := fs.String("random", "", "a random order; =SEED replays one")
	fs.BoolVar(&opts.StopOnFailure, "stop-on-failure", false, "stop at the first failing scenario")
	timeout := fs.Duration("timeout", 5*time.Second, "the time the program has for each reply")
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage) }
	if err := fs.Parse(randomFlag(args[:dash])); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kata run: unexpected argument %s before --\n", brief.Quote(fs.Arg(0)))
		return 2
	}
	switch r := *random; r {
	case "":
	case "true":
		opts.Random = -1
	default:
		var seed int64
		if _, err := fmt.Sscan(r, &seed); err != nil || fmt.Sprint(seed) != r || seed == 0 {
			fmt.Fprintf(stderr, "kata run: --random=%s: want a seed, a whole number other than 0\n", brief.Quote(r))
			return 2
		}
		opts.Random = seed
	}
	if *timeout <= 0 {
		fmt.Fprintf(stderr, "kata run: --timeout %v: want a positive duration\n", *timeout)
		return 2
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		fmt.Fprintf(stderr, "kata run: cannot run %s: %v\n", brief.Quote(argv[0]), err)
		return 2
	}
	selected, seed, err := k.spec.Select(opts)
	if err != nil {
		fmt.Fprintln(stderr, strings.Replace(err.Error(), "features: ", "kata run: ", 1))
		return 2
	}
	if len(selected) == 0 {
		fmt.Fprintf(stderr, "kata run: no scenario of %s matches --run %s --tags %s\n", k.name, brief.Quote(opts.Run), brief.Quote(opts.Tags))
		return 2
	}
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	if seed != 0 {
		fmt.Fprintf(stdout, "Scenarios in random order, seed %d: --random=%d runs them in this order again.\n", seed, seed)
	}
	var results []features.Result
	stopped := false
	for _, s := range selected {
		sess := newSession(k.name, argv, *timeout)
		r := k.over(sess).WithCheck(sess.check).Run(s)
		if err := sess.close(); err != nil && r.Passed() {
			r.Steps = append(r.Steps, features.StepResult{Step: "After the last step", Status: "failed", Err: err.Error()})
		}
		results = append(results, r)
		switch {
		case !r.Passed():
			fmt.Fprintf(stdout, "%s %s\n\n", paint("31", "FAIL"), features.Failure(r))
		case opts.Pretty():
			fmt.Fprintf(stdout, "%s %s\n\n", paint("32", "ok"), features.Pretty(r))
		}
		if !r.Passed() && opts.StopOnFailure {
			stopped = len(results) < len(selected)
			break
		}
	}
	status := 0
	if err := opts.WriteReports(k.name, results); err != nil {
		fmt.Fprintln(stderr, strings.ReplaceAll(err.Error(), "features: ", "kata run: "))
		status = 1
	}
	fmt.Fprintln(stdout, features.Summary(k.name, results, stopped, func(s features.Scenario) string {
		return fmt.Sprintf("kata run %s --run '^%s$' -- %s", k.name, strings.ReplaceAll(regexp.QuoteMeta(s.Path()), "'", `'\''`), shellWords(argv))
	}))
	for _, r := range results {
		if !r.Passed() {
			status = 1
		}
	}
	return status
}

// randomFlag lets --random stand alone, as -godog.random does: --random means --random=true.
func randomFlag(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == "--random" || a == "-random" {
			a += "=true"
		}
		out[i] = a
	}
	return out
}

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
