// Command kata runs the katas' acceptance scenarios — the katas' original Gherkin, word for word —
// against an implementation in any language, with no step definitions to write.
//
//	kata list                                      the katas
//	kata features KATA [DIR]                       write the kata's feature files
//	kata protocol KATA                             how kata run talks to your program
//	kata init KATA --lang go|python|javascript [DIR]   a starting point to practise from
//	kata run KATA [flags] -- COMMAND [ARGS...]     run the scenarios against your program
//	kata run KATA --list                           the scenarios, as --run takes them
//	kata log [KATA]                                this folder's runs: red, amber, green
//
// kata run starts COMMAND once for each scenario and speaks a small line-based JSON protocol
// with it (kata protocol, or docs/protocol.md). It ends on one screen: how many scenarios
// pass, the next one to work on in full, and the other failures grouped by cause (-v shows
// every failure). --watch runs again each time a file under the folder is saved. Each run
// is logged in .kata/log, for kata log. The exit status is 0 only when every scenario passes,
// 1 when one fails, and 2 for a bad command line.
//
//	go run github.com/deliberate-practice/katas/cmd/kata@latest run mastermind -- python3 adapter.py
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/cmd/internal/term"
	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/engine"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	exe, _ := os.Executable()
	c := cli{ctx: ctx, stdout: os.Stdout, stderr: os.Stderr, color: term.UseColor(term.IsTerminal(os.Stdout), os.Getenv),
		self: invocation(exe, os.Args[0], exec.LookPath), dir: ".", now: time.Now}
	status := c.run(os.Args[1:])
	stop()
	os.Exit(status)
}

// cli is what the program runs with: where it writes, how it was invoked, and the folder it
// works in.
type cli struct {
	ctx            context.Context // done when the program is interrupted or terminated
	stdout, stderr io.Writer
	color          bool   // stdout is a terminal that takes colour
	self           string // how the program was invoked, for the commands it suggests: "kata"
	dir            string // the folder the program works in: its programs run there, its log is there
	now            func() time.Time
	poll           time.Duration // how often --watch looks for changes; 0 for the default
}

// invocation is how the program was invoked, for the commands it suggests: "kata" when that
// is the program on PATH; the go run command when go run built it; otherwise the path it was
// run by.
func invocation(exe, arg0 string, lookPath func(string) (string, error)) string {
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "go run " + module + "/cmd/kata@latest"
	}
	if p, err := lookPath("kata"); err == nil {
		if a, err := filepath.EvalSymlinks(p); err == nil {
			if b, err := filepath.EvalSymlinks(exe); err == nil && a == b {
				return "kata"
			}
		}
	}
	if arg0 == "" {
		return "kata"
	}
	return shellWords([]string{arg0})
}

const usage = `Usage:
  kata list                                          the katas
  kata features KATA [DIR]                           write the kata's feature files into DIR (.)
  kata protocol KATA                                 how kata run talks to your program
  kata init KATA --lang go|python|javascript [DIR]   write a starting point into DIR (.)
  kata run KATA [flags] -- COMMAND [ARGS...]         run the scenarios against your program
  kata log [KATA]                                    this folder's runs, and its sessions

kata run flags, before the --, on either side of KATA:
  --list             the scenarios, one a line, as --run takes them; runs nothing
  --watch            run again each time a file under this folder is saved; Ctrl-C ends it
  -v, --verbose      show every failure, not one screen
  --run PATTERN      only the scenarios whose path matches, as 'Making a guess/row 15$'
  --tags EXPR        only the scenarios with these tags: @a, ~@a, @a,@b, joined by &&
  --format LIST      pretty for every step as well; junit:FILE, cucumber:FILE for reports,
                     written with the kata's name: report-mastermind.xml
  --random[=SEED]    a random order, its seed printed; a seed replays it
  --stop-on-failure  stop at the first failing scenario
  --new-session      start a new session in the log (kata init does too)
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
			about: "the Mastermind kata's original \"Playing mastermind\" feature, and Dave Thomas's configurable game from his Elixir exercise: new(num_colors, width, max_turns) and score(game, guess)",
			steps: func(s *session) func(*godog.ScenarioContext) {
				return func(sc *godog.ScenarioContext) { features.InitializeMastermind(sc, s.newGame) }
			},
			requests: protocolMastermind,
			oneRow:   "Playing mastermind/Making a guess/row 15$",
			tag:      "@refusals",
		},
		{
			Kata:  find("tictactoe"),
			about: "Exercism's state of tic-tac-toe: ongoing, draw or win, or Exercism's exact error for a board play could not reach",
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

// wantsHelp reports whether a command's arguments, before any --, ask for help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// run is the program; it returns the exit status.
func (c cli) run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(c.stdout, usage)
		return 0
	case "list", "features", "protocol", "init", "run", "log":
	default:
		fmt.Fprintf(c.stderr, "kata: unknown command %s\n\n%s", brief.Quote(cmd), usage)
		return 2
	}
	if wantsHelp(rest) {
		fmt.Fprint(c.stdout, usage)
		return 0
	}
	switch cmd {
	case "list":
		if len(rest) > 0 {
			fmt.Fprintf(c.stderr, "kata list: unexpected argument %s\n", brief.Quote(rest[0]))
			return 2
		}
		for _, k := range katas() {
			fmt.Fprintf(c.stdout, "%-11s %s (%d scenarios)\n", k.Name, k.about, len(k.scenarios()))
		}
		return 0
	case "run":
		return c.runKata(rest)
	case "log":
		return c.log(rest)
	}
	if len(rest) == 0 {
		fmt.Fprintf(c.stderr, "kata %s: which kata? kata list names them\n", cmd)
		return 2
	}
	k, err := kataNamed(rest[0])
	if err != nil {
		fmt.Fprintln(c.stderr, err)
		return 2
	}
	switch cmd {
	case "protocol":
		if len(rest) > 1 {
			fmt.Fprintf(c.stderr, "kata protocol: unexpected argument %s\n", brief.Quote(rest[1]))
			return 2
		}
		fmt.Fprint(c.stdout, protocol(k))
		return 0
	case "features":
		dir, status := oneDir(rest[1:], "features", c.stderr)
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
		return write(dir, files, c.stdout, c.stderr)
	}
	return c.initKata(k, rest[1:])
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

// runFlags is kata run's command line.
type runFlags struct {
	kata    kataDef
	argv    []string // the command to run
	opts    engine.Options
	timeout time.Duration
	list    bool
	watch   bool
	session bool // start a new session in the log
}

// parseRun reads kata run's command line: flags on either side of the kata's name, the
// command after --. It returns the exit status for a command line it refuses.
func (c cli) parseRun(args []string) (runFlags, int) {
	var r runFlags
	dash := slices.Index(args, "--")
	flagArgs := args
	if dash >= 0 {
		flagArgs, r.argv = args[:dash], args[dash+1:]
	}
	fs := flag.NewFlagSet("kata run", flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	engine.Flags(fs, "", true)
	short := fs.Bool("v", false, "short for --verbose")
	fs.BoolVar(&r.list, "list", false, "the scenarios, as --run takes them")
	fs.BoolVar(&r.watch, "watch", false, "run again each time a file is saved")
	fs.BoolVar(&r.session, "new-session", false, "start a new session in the log")
	fs.DurationVar(&r.timeout, "timeout", 5*time.Second, "the time the program has for each reply")
	fs.Usage = func() {}
	var names []string
	for {
		if err := fs.Parse(flagArgs); err != nil {
			fmt.Fprintln(c.stderr, "kata run: see kata run -h")
			return r, 2
		}
		if fs.NArg() == 0 {
			break
		}
		names, flagArgs = append(names, fs.Arg(0)), fs.Args()[1:]
	}
	switch {
	case len(names) == 0:
		fmt.Fprintln(c.stderr, "kata run: which kata? kata list names them")
		return r, 2
	case len(names) > 1:
		fmt.Fprintf(c.stderr, "kata run: unexpected argument %s before --\n", brief.Quote(names[1]))
		return r, 2
	}
	k, err := kataNamed(names[0])
	if err != nil {
		fmt.Fprintln(c.stderr, err)
		return r, 2
	}
	r.kata = k
	if r.opts, err = engine.FromFlags(fs, ""); err != nil {
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		return r, 2
	}
	r.opts.Verbose = r.opts.Verbose || *short
	switch {
	case r.list:
		return r, 0
	case len(r.argv) == 0:
		fmt.Fprintf(c.stderr, "kata run %s: give the command to run after --: kata run %s -- python3 adapter.py\n", k.Name, k.Name)
		return r, 2
	case r.timeout <= 0:
		fmt.Fprintf(c.stderr, "kata run: --timeout %v: want a positive duration\n", r.timeout)
		return r, 2
	}
	return r, 0
}

// featurePath is where a report says a feature file is: where kata features wrote it in
// this folder, when it did, or its bare name.
func (c cli) featurePath(file string) string {
	for _, p := range []string{file, filepath.Join("features", file)} {
		if _, err := os.Stat(filepath.Join(c.dir, p)); err == nil {
			return p
		}
	}
	return file
}

// runnable says why a command cannot run in the folder, if it cannot: a name not on PATH,
// a path to no program.
func (c cli) runnable(name string) error {
	if !strings.Contains(name, string(filepath.Separator)) {
		_, err := exec.LookPath(name)
		return err
	}
	if !filepath.IsAbs(name) {
		name = filepath.Join(c.dir, name)
	}
	info, err := os.Stat(name)
	switch {
	case err != nil:
		return err
	case info.IsDir() || info.Mode()&0o111 == 0:
		return errors.New("not an executable file")
	}
	return nil
}

// runKata is kata run.
func (c cli) runKata(args []string) int {
	r, status := c.parseRun(args)
	switch {
	case status != 0:
		return status
	case r.list:
		all, _, err := engine.Select(r.kata.scenarios(), r.opts)
		if err != nil {
			fmt.Fprintf(c.stderr, "kata run: %v\n", err)
			return 2
		}
		for _, s := range all {
			fmt.Fprintln(c.stdout, s.Path())
		}
		return 0
	case r.watch:
		return c.watch(r)
	}
	return c.once(r, r.session)
}

// once runs the scenarios once, logs the run's light, and returns the exit status. A command
// that cannot run is a bad command line (status 2), but the run goes ahead, each scenario
// failing on it, so that the reports it asks for say why.
func (c cli) once(r runFlags, startSession bool) int {
	k := r.kata
	cannotRun := c.runnable(r.argv[0])
	outcome, err := engine.Run(k.Kata, features.Files(), r.opts, engine.Frontend{
		Flag: "--",
		Each: func(_ engine.Scenario, do func(engine.Output)) {
			if c.ctx.Err() == nil {
				do(printer{c.stdout, c.color})
			}
		},
		Play: func(s engine.Scenario) engine.Result {
			sess := newSession(c.ctx, c.dir, k.Name, r.argv, r.timeout)
			res := engine.Play(s, k.steps(sess), sess.check)
			if err := sess.close(); err != nil && res.Passed() {
				msg := engine.Safe(err.Error())
				res.Steps = append(res.Steps, engine.StepResult{Step: "After the last step", Status: "failed", Err: msg, Cause: strings.SplitN(msg, "\n", 2)[0]})
			}
			res.Crashed = res.Crashed || sess.crashed
			res.Fatal = sess.fatal
			res.Stderr = sess.stderr()
			return res
		},
		Log:         func(line string) { fmt.Fprintln(c.stdout, line) },
		Terminal:    c.color,
		FeaturePath: c.featurePath,
		Rerun: func(s engine.Scenario) string {
			return fmt.Sprintf("%s run %s --run '^%s$' -- %s", c.self, k.Name, strings.ReplaceAll(regexp.QuoteMeta(s.Path()), "'", `'\''`), shellWords(r.argv))
		},
	})
	var usageErr *engine.UsageError
	switch {
	case errors.As(err, &usageErr):
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		return 2
	case c.ctx.Err() != nil:
		fmt.Fprintln(c.stderr, "kata run: stopped; every program it started has ended")
		return 1
	}
	status := 0
	if err != nil {
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		status = 1
	}
	if cannotRun != nil {
		fmt.Fprintf(c.stderr, "kata run: cannot run %s: %v\n", brief.Quote(r.argv[0]), cannotRun)
		return 2
	}
	entry := outcome.Entry(k.Name, c.now())
	entry.Start = startSession
	if lerr := engine.AppendLog(c.dir, entry); lerr != nil {
		fmt.Fprintf(c.stderr, "kata run: %v\n", lerr)
	}
	if outcome.Failed() || outcome.Light() != engine.Green {
		status = 1
	}
	return status
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

func (p printer) Fail(text string) {
	if text != "" {
		fmt.Fprintf(p.w, "%s %s\n\n", p.paint("31", "FAIL"), text)
	}
}
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
