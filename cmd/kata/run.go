package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cucumber/godog"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/dojo"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/history"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/record"
	"github.com/deliberate-practice/katas/internal/term"
	"github.com/deliberate-practice/katas/internal/verdict"
)

// runFlags is kata run's command line.
type runFlags struct {
	kata    kata.Kata
	argv    []string // the command to run
	opts    engine.Options
	timeout time.Duration
	list    bool
	watch   bool
	isolate bool              // a fresh program for every scenario
	session bool              // start a new session in the log
	predict verdict.Light     // the light the practitioner expects, NoLight for none
	dojo    string            // --dojo: the address of the room each run's light goes to, "" for none
	name    string            // --name: the participant's name on the room's dashboard
	noCode  bool              // --no-code: the lights go to the room without their code
	room    *dojo.Participant // the two, read: nil for no room
}

// lightFlag is --predict: a light named.
type lightFlag struct{ l *verdict.Light }

func (f lightFlag) String() string {
	if f.l == nil || *f.l == verdict.NoLight {
		return ""
	}
	return f.l.String()
}

func (f lightFlag) Set(s string) error {
	l, err := verdict.ParseLight(strings.TrimSpace(strings.ToLower(s)))
	if err == nil {
		*f.l = l
	}
	return err
}

// runFlagSet defines kata run's flags, into r: the one home of their help, which usage shows.
func runFlagSet(r *runFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("kata run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	engine.Flags(fs, "", true)
	fs.Bool("v", false, "short for --verbose")
	fs.BoolVar(&r.list, "list", false, "the scenarios, one a line, as --run takes them; runs nothing")
	fs.BoolVar(&r.watch, "watch", false, "run again each time a file under this folder is saved; on a terminal, keys: Enter runs again, f the failing, n the next until it passes, a all, p and a light predicts the next, q quits (so does Ctrl-C)")
	fs.BoolVar(&r.isolate, "isolate", false, "start the program afresh for every scenario, rather than once for the run")
	fs.BoolVar(&r.session, "new-session", false, "start a new session in the log (kata init does too)")
	fs.Var(lightFlag{&r.predict}, "predict", "the `LIGHT` you expect, green, red or amber: the log keeps it beside the light, and kata log how often you were right")
	fs.StringVar(&r.dojo, "dojo", "", "send each run's light to the room at the `ADDRESS` kata dojo serve printed, for its dashboard ($"+dojo.EnvRoom+")")
	fs.StringVar(&r.name, "name", "", "your `NAME` on the room's dashboard ($"+dojo.EnvName+")")
	fs.BoolVar(&r.noCode, "no-code", false, "send the room each run's light without its code, which it otherwise shows in its review ($"+dojo.EnvNoCode+"=1)")
	fs.DurationVar(&r.timeout, "timeout", 5*time.Second, "the time your program has for each reply, a duration `D`; it has 4 times D to start and greet")
	return fs
}

// runFlagsHelp writes kata run's flags for the usage, each with its help, wrapped to fit.
func runFlagsHelp() string {
	const column, width = 21, 92
	fs := runFlagSet(&runFlags{})
	var b strings.Builder
	// In the order a person meets them; -v goes with --verbose.
	for _, name := range []string{"list", "watch", "predict", "dojo", "name", "no-code", "verbose", "run", "tags", "format", "random", "seed", "stop-on-failure", "isolate", "new-session", "timeout"} {
		f := fs.Lookup(name)
		value, help := flag.UnquoteUsage(f)
		left := "  --" + name
		switch {
		case name == "verbose":
			left = "  -v, --verbose"
		case name == "random":
			left += "[=SEED]"
		case value != "":
			left += " " + value
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0s" {
			help += " (" + f.DefValue + ")"
		}
		line := fmt.Sprintf("%-*s", column-1, left)
		for _, word := range strings.Fields(help) {
			if len(line)+1+len(word) > width && len(strings.TrimSpace(line)) > 0 {
				b.WriteString(strings.TrimRight(line, " ") + "\n")
				line = strings.Repeat(" ", column-1)
			}
			line += " " + word
		}
		b.WriteString(line + "\n")
	}
	return b.String()
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
	// A seed the flag refuses is said to be no seed, not "an invalid boolean value", as the
	// flag package would call it for a flag that may stand alone.
	for _, a := range flagArgs {
		if v, ok := strings.CutPrefix(strings.TrimLeft(a, "-"), "random="); ok && strings.HasPrefix(a, "-") {
			if err := new(engine.Options).Set(engine.OptRandom, v); err != nil {
				fmt.Fprintf(c.stderr, "kata run: --random: %v\n", err)
				return r, 2
			}
		}
	}
	fs := runFlagSet(&r)
	fs.SetOutput(c.stderr)
	short := fs.Lookup("v").Value
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
	k, err := c.kata(names[0])
	if err != nil {
		fmt.Fprintln(c.stderr, err)
		return r, 2
	}
	r.kata = k
	if r.opts, err = engine.FromFlags(fs, ""); err != nil {
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		return r, 2
	}
	r.opts.Verbose = r.opts.Verbose || short.String() == "true"
	if c.env != nil {
		r.dojo, r.name = cmp.Or(r.dojo, c.env(dojo.EnvRoom)), cmp.Or(r.name, c.env(dojo.EnvName))
	}
	if r.dojo != "" && !r.list {
		p, err := dojo.NewParticipant(r.dojo, r.name)
		if err != nil {
			fmt.Fprintf(c.stderr, "kata run: --dojo: %v\n", err)
			return r, 2
		}
		p.NoCode = r.noCode || c.env != nil && c.env(dojo.EnvNoCode) == "1"
		r.room = &p
	}
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
		run, err := engine.Start(c.ctx, r.kata, r.opts, engine.Front{})
		if err != nil {
			fmt.Fprintf(c.stderr, "kata run: %v\n", err)
			return 2
		}
		for s := range run.Scenarios() {
			fmt.Fprintln(c.stdout, s.Path())
		}
		return 0
	case r.watch:
		return c.watch(r)
	}
	status, _ = c.once(r, r.session, time.Time{})
	return status
}

// once runs the scenarios once, logs the run's light, and returns the exit status and how the
// run went. A command that cannot run is a bad command line (status 2), but the run goes
// ahead, each scenario failing on it, so that the reports it asks for say why. saved is when
// the save that started the run was made, for the log: zero for a run no save started.
func (c cli) once(r runFlags, startSession bool, saved time.Time) (int, engine.Outcome) {
	k := r.kata
	code := history.Take(c.dir) // the code that runs, kept with its light
	cannotRun := c.runnable(r.argv[0])
	front := engine.Front{Out: c.stdout, Flag: "--", Terminal: c.color, Width: c.width, Height: c.height, Root: c.dir, FeatureDirs: []string{".", "features"}}
	if c.terminal {
		front.Tell = (&statusLine{w: c.stdout, width: c.width}).tell // a long scenario's progress
	}
	run, err := engine.Start(c.ctx, k, r.opts, front)
	var usageErr *engine.UsageError
	switch {
	case errors.As(err, &usageErr):
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		return 2, engine.Outcome{}
	case err != nil:
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		return 1, engine.Outcome{}
	}
	prog := protocol.New(c.ctx, protocol.Command{Dir: c.dir, Argv: r.argv, Kata: k.Name, Timeout: r.timeout, Isolate: r.isolate, Guard: c.guard})
	show := printer{c.stdout, c.color}
	for s, notRun := range run.Scenarios() {
		if notRun != "" {
			run.Skip(s)
			continue
		}
		show.result(run.Play(s, remote{k, prog.Scenario()}))
	}
	if res, failed := run.End(prog.End()); failed {
		show.result(res)
	}
	rerun := func(s engine.Scenario, options ...string) string {
		opts := ""
		for _, o := range options {
			opts += o + " "
		}
		return fmt.Sprintf("%s run %s %s--run '^%s$' -- %s", c.self, k.Name, opts, strings.ReplaceAll(regexp.QuoteMeta(s.Path()), "'", `'\''`), shellWords(r.argv))
	}
	outcome := run.Outcome()
	if errors.Is(context.Cause(c.ctx), errSaved) {
		return 1, outcome // --watch stopped it for a save, and runs again: nothing to show or keep
	}
	if c.ctx.Err() != nil {
		run.Report(rerun) // the screen of what ran; an interrupted run is not kept
		fmt.Fprintln(c.stderr, "kata run: stopped; every program it started has ended")
		return 1, outcome
	}
	if cannotRun != nil {
		run.Report(rerun)
		fmt.Fprintf(c.stderr, "kata run: cannot run %s: %v\n", brief.Quote(r.argv[0]), cannotRun)
		return 2, outcome
	}
	// The run's light, its code and its message to the room are kept in the folder before
	// anything is printed: an output closed early (kata run … | head -1) ends the printing,
	// not the record, and a message the room has not taken goes with the next run.
	status := 0
	var notes []string
	var lag time.Duration
	if !saved.IsZero() {
		lag = max(time.Since(saved), 0)
	}
	rec, lerr := record.Keep(k, outcome, record.Run{Dir: c.dir, Code: code, At: c.now(), Log: true, Room: r.room, Start: startSession, Predicted: r.predict, Lag: lag})
	if lerr != nil {
		notes = append(notes, lerr.Error())
		if !errors.Is(lerr, history.ErrTooLarge) { // a folder too large to keep: said, and no failure
			status = 1 // a file that cannot be written, as the usage says
		}
	}
	if err := run.Report(rerun); err != nil {
		fmt.Fprintf(c.stderr, "kata run: %v\n", err)
		status = 1
	}
	if r.predict != verdict.NoLight {
		fmt.Fprintln(c.stdout, prediction(r.predict, rec.Entry.Light))
	}
	if err := rec.Send(c.ctx); err != nil { // a room away costs the run nothing but this line
		notes = append(notes, err.Error())
	}
	for _, n := range notes {
		fmt.Fprintf(c.stderr, "kata run: %s\n", n)
	}
	if outcome.Failed() || rec.Entry.Light != verdict.Green {
		status = 1
	}
	return status, outcome
}

// statusLine is the line on which a long scenario tells how far it has come, drawn over itself
// on a terminal, and cleared once the scenario is over.
type statusLine struct {
	w     io.Writer
	width int // the terminal's columns; 0 where not known
	shown int // the columns the line drawn takes; 0 when none is
}

// tell draws the line over the last, or clears it for "".
func (s *statusLine) tell(line string) {
	blank := func(n int) string { return strings.Repeat(" ", n) }
	if line == "" {
		if s.shown > 0 {
			fmt.Fprintf(s.w, "\r%s\r", blank(s.shown))
			s.shown = 0
		}
		return
	}
	line = "  " + brief.Safe(line)
	if width := cmp.Or(s.width, 80) - 1; utf8.RuneCountInString(line) > width {
		line = string([]rune(line)[:width-1]) + "…"
	}
	n := utf8.RuneCountInString(line)
	fmt.Fprintf(s.w, "\r%s%s", line, blank(max(s.shown-n, 0)))
	s.shown = n
}

// printer shows each scenario on the program's output, FAIL in red and ok in green on a
// terminal.
type printer struct {
	w     io.Writer
	color bool
}

func (p printer) paint(c term.Color, s string) string {
	if !p.color {
		return s
	}
	return term.Paint(c, s)
}

// result shows how a scenario went, as the options ask: its failure (-v), every step
// (--format pretty), or nothing.
func (p printer) result(res engine.Result) {
	switch {
	case res.Text == "":
	case !res.Passed():
		fmt.Fprintf(p.w, "%s %s\n\n", p.paint(term.Red, "FAIL"), res.Text)
	default:
		fmt.Fprintf(p.w, "%s %s\n\n", p.paint(term.Green, "ok"), res.Text)
	}
}

// remote is the kata's steps played against the program under test, through one scenario's
// conversation with it.
type remote struct {
	kata kata.Kata
	*protocol.Conn
}

func (r remote) Steps(sc *godog.ScenarioContext) { r.kata.Remote(sc, r.Conn) }

// A program is checked after every step, ended after each scenario, and shows its standard
// error: the engine asks for each by its own interface, so a program that lost one would
// silently lose the check.
var _ interface {
	engine.Implementation
	engine.Checker
	engine.Stderrer
	io.Closer
} = remote{}

// prediction says how a prediction went: "You predicted red, and it was red."
func prediction(predicted, light verdict.Light) string {
	if predicted == light {
		return fmt.Sprintf("You predicted %s, and it was %s.", predicted, light)
	}
	return fmt.Sprintf("You predicted %s; it was %s.", predicted, light)
}
