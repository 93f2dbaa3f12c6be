// Command kata runs the katas' acceptance scenarios — the katas' original Gherkin, word for word —
// against an implementation in any language, with no step definitions to write.
//
//	kata list                                      the katas
//	kata features KATA [DIR]                       write the kata's feature files
//	kata protocol KATA                             how kata run talks to your program
//	kata init KATA --lang LANG [DIR]               a starting point to practise from
//	                                               (LANG: go, python, javascript, elixir or java)
//	kata run KATA [flags] -- COMMAND [ARGS...]     run the scenarios against your program
//	kata run KATA --list                           the scenarios, as --run takes them
//	kata log [KATA]                                this folder's runs: red, amber, green
//	kata diff [A [B]]                              what changed from run A to B
//	kata checkout N                                run N's code back
//	kata dojo serve                                a room's server and its live dashboard
//
// kata run starts COMMAND once, plays the scenarios through it one after another (afresh after
// a scenario that broke it, or for each with --isolate), and speaks a small line-based JSON
// protocol with it (kata protocol, or docs/protocol.md). It ends on one screen: how many scenarios
// pass, the next one to work on in full, and the other failures grouped by cause (-v shows
// every failure). --watch runs again each time a file under the folder is saved. Each run
// is logged in .kata/log, for kata log. The exit status is 0 only when every scenario passes,
// 1 when one fails, 2 for a bad command line, and 128 plus the signal's number when a signal
// stopped it.
//
//	go run github.com/deliberate-practice/katas/cmd/kata@latest run mastermind -- python3 adapter.py
package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/engine"
	"github.com/deliberate-practice/katas/internal/kata"
	"github.com/deliberate-practice/katas/internal/kata/codebreaker"
	"github.com/deliberate-practice/katas/internal/kata/mastermind"
	"github.com/deliberate-practice/katas/internal/kata/tictactoe"
	"github.com/deliberate-practice/katas/internal/protocol"
	"github.com/deliberate-practice/katas/internal/term"
)

func main() {
	if protocol.Guarding() { // this process is a run's guard (see protocol.Command.Guard)
		os.Exit(0)
	}
	// What a program leaves behind whose parent ends comes to this process, to end with the
	// program (Linux; elsewhere, the group and the mark).
	protocol.BecomeReaper()
	// Every way a person or the system ends a program — Ctrl-C, kill, the terminal closed,
	// Ctrl-\ — ends the run, and with it every program the run started.
	ctx, interrupted := interruptible()
	// An output closed early — kata run … | head -1 — ends the printing, not the run: with
	// SIGPIPE caught (not ignored, which the programs kata starts would inherit), a write to it
	// fails, and the run's light and code are kept as ever.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
	exe, _ := os.Executable()
	version, clone := built()
	c := cli{ctx: ctx, stdout: os.Stdout, stderr: os.Stderr, color: term.UseColor(term.IsTerminal(os.Stdout), os.Getenv),
		terminal: term.IsTerminal(os.Stdout), self: invocation(exe, os.Args[0], version, exec.LookPath), clone: clone, dir: ".",
		now: time.Now, katas: known(), env: os.Getenv, guard: exe}
	if term.IsTerminal(os.Stdin) {
		c.keys = os.Stdin // --watch's keys
	}
	if c.terminal {
		if w, h, ok := term.Size(os.Stdout); ok {
			c.width, c.height = w, h // the screen of a run fits it
		}
	}
	status := c.run(os.Args[1:])
	if sig, ok := interrupted(); ok {
		status = 128 + int(sig) // as a shell says of a program a signal ended: 130 for Ctrl-C
	}
	os.Exit(status)
}

// stopGrace is how long kata has to end well once a signal has come: past it, or at a second
// signal, it exits at once, and the run's guard ends what the run started.
const stopGrace = 5 * time.Second

// interruptible returns a context done at the first signal that ends kata — Ctrl-C, kill, the
// terminal closed, Ctrl-\ — and a function that says which signal came, if one did. A signal
// always ends kata: whatever it was doing when the signal came, it exits with 128 plus the
// signal's number once stopGrace has passed, or at a second signal.
func interruptible() (context.Context, func() (syscall.Signal, bool)) {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	var mu sync.Mutex
	var got syscall.Signal
	go func() {
		sig, _ := (<-sigs).(syscall.Signal)
		mu.Lock()
		got = sig
		mu.Unlock()
		cancel()
		select {
		case <-sigs:
		case <-time.After(stopGrace):
		}
		fmt.Fprintf(os.Stderr, "kata: %v: stopped without waiting for the rest\n", sig)
		os.Exit(128 + int(sig))
	}()
	return ctx, func() (syscall.Signal, bool) {
		mu.Lock()
		defer mu.Unlock()
		return got, got != 0
	}
}

// cli is what the program runs with: where it writes, how it was invoked, and the folder it
// works in.
type cli struct {
	ctx            context.Context // done when the program is interrupted or terminated
	stdout, stderr io.Writer
	color          bool   // stdout is a terminal that takes colour
	self           string // how the program was invoked, for the commands it suggests: "kata"
	clone          string // the clone of this module the program was built from; "" for a published version
	dir            string // the folder the program works in: its programs run there, its log is there
	now            func() time.Time
	terminal       bool                // stdout is a terminal: --watch rings its bell when the light changes
	keys           io.Reader           // where --watch reads keys, nil for none: the terminal
	rawKeys        bool                // keys come one at a time (a terminal in cbreak mode), not a line each
	poll           time.Duration       // how often --watch looks for changes; 0 for the default
	katas          []listed            // the katas it knows, in the order kata list names them
	env            func(string) string // the environment, for defaults (KATA_DOJO); nil for none
	guard          string              // the executable that guards a run's programs (protocol.Command.Guard); "" for none
	width, height  int                 // the terminal's columns and rows, which a run's screen fits; 0 where not known
}

// usage is the program's help: its commands, kata run's flags, its exit status.
func usage() string {
	return `Usage:
  kata list                                          the katas
  kata features KATA [DIR]                           write the kata's feature files into DIR (.)
  kata protocol KATA                                 how kata run talks to your program
  kata init KATA --lang LANG [DIR]                   write a starting point into DIR (.), in
                                                     go, python, javascript, elixir or java
  kata run KATA [flags] -- COMMAND [ARGS...]         run the scenarios against your program
  kata log [KATA]                                    this folder's runs, and its sessions
  kata diff [A [B]]                                  what changed from run A to B (the last two)
  kata checkout N                                    run N's code back; the code now is kept
  kata dojo serve [--addr HOST:PORT] [--db FILE] [--room NAME]...
                                                     a room's server: its dashboard shows
                                                     everyone's lights, live (run --dojo)

kata run flags, before the --, on either side of KATA:
` + runFlagsHelp() + `
Exit status: 0 when every scenario passes (or for a command that is not run); 1 when one
fails or a file cannot be written; 2 for a bad command line; 128 plus a signal's number
when the signal stopped it (130 for Ctrl-C, 143 for kill).
`
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
		fmt.Fprint(c.stderr, usage())
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(c.stdout, usage())
		return 0
	case "list", "features", "protocol", "init", "run", "log", "diff", "checkout", "dojo":
	default:
		fmt.Fprintf(c.stderr, "kata: unknown command %s\n\n%s", brief.Quote(cmd), usage())
		return 2
	}
	if wantsHelp(rest) {
		fmt.Fprint(c.stdout, usage())
		return 0
	}
	switch cmd {
	case "list":
		return c.list(rest)
	case "run":
		return c.runKata(rest)
	case "log":
		return c.log(rest)
	case "diff":
		return c.diff(rest)
	case "checkout":
		return c.checkout(rest)
	case "dojo":
		return c.dojo(rest)
	}
	if len(rest) == 0 {
		fmt.Fprintf(c.stderr, "kata %s: which kata? kata list names them\n", cmd)
		return 2
	}
	k, err := c.kata(rest[0])
	if err != nil {
		fmt.Fprintln(c.stderr, err)
		return 2
	}
	switch cmd {
	case "protocol":
		return c.protocol(k, rest[1:])
	case "features":
		return c.features(k, rest[1:])
	}
	return c.initKata(k, rest[1:])
}

// invocation is how the program was invoked, for the commands it suggests: "kata" when that
// is the program on PATH; the go run command when go run built it of a published version;
// otherwise the path it was run by. A program go run built from a clone is "kata", for go run
// builds it only in the clone: go install ./cmd/kata puts that kata on the PATH.
func invocation(exe, arg0, version string, lookPath func(string) (string, error)) string {
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		if version == "" || version == "(devel)" {
			return "kata"
		}
		return "go run " + module + "/cmd/kata@" + version
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

// built returns the version of this module the program was built of ("(devel)" for a build of
// a clone), and the clone's folder where it is one and is still there: its go.mod names this
// module. A build with -trimpath knows no folder.
func built() (version, clone string) {
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Path != module {
		return "", ""
	}
	version = info.Main.Version
	_, file, _, ok := runtime.Caller(0)
	if version != "(devel)" || !ok || !filepath.IsAbs(file) {
		return version, ""
	}
	root := filepath.Dir(filepath.Dir(filepath.Dir(file))) // cmd/kata/main.go
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if first, _, _ := strings.Cut(string(data), "\n"); err != nil || strings.TrimSpace(first) != "module "+module {
		return version, ""
	}
	return version, root
}

// A listed kata is one the program knows: its name, and the kata its package makes from the
// feature files, made only when it is the one asked for.
type listed struct {
	name string
	kata func(features fs.FS) kata.Kata
}

// known is the one list of the katas, in the order kata list names them: a new kata is a
// package below internal/kata, its feature files in features/, and a line here.
func known() []listed {
	return []listed{
		{mastermind.Name, mastermind.Kata},
		{tictactoe.Name, tictactoe.Kata},
		{codebreaker.Name, codebreaker.Kata},
	}
}

// kata returns the kata called name, or an error that says there is none.
func (c cli) kata(name string) (kata.Kata, error) {
	for _, l := range c.katas {
		if l.name == name {
			return l.kata(features.Files()), nil
		}
	}
	return kata.Kata{}, fmt.Errorf("kata: unknown kata %s; kata list names them", brief.Quote(name))
}

// list is kata list: each kata, what it is, and how many scenarios it has.
func (c cli) list(args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(c.stderr, "kata list: unexpected argument %s\n", brief.Quote(args[0]))
		return 2
	}
	for _, l := range c.katas {
		k := l.kata(features.Files())
		run, err := engine.Start(c.ctx, k, engine.Options{}, engine.Front{})
		if err != nil {
			fmt.Fprintf(c.stderr, "kata list: %s: %v\n", k.Name, err)
			return 1
		}
		n := 0
		for range run.Scenarios() {
			n++
		}
		fmt.Fprintf(c.stdout, "%-11s %s (%d scenarios)\n", k.Name, k.Summary, n)
		if langs := startsIn(k); len(langs) > 0 {
			fmt.Fprintf(c.stdout, "%-11s starts in %s: kata init %s --lang LANG\n", "", strings.Join(langs, ", "), k.Name)
		}
	}
	return 0
}

// startsIn returns the languages the kata has starting points in, in the order kata init
// names them.
func startsIn(k kata.Kata) []string {
	if k.Starters == nil {
		return nil
	}
	var out []string
	for _, l := range languages() {
		if _, err := fs.Stat(k.Starters, "templates/"+l.name); err == nil {
			out = append(out, l.name)
		}
	}
	return out
}

// protocol is kata protocol KATA: the protocol, whole, for the kata.
func (c cli) protocol(k kata.Kata, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(c.stderr, "kata protocol: unexpected argument %s\n", brief.Quote(args[0]))
		return 2
	}
	fmt.Fprint(c.stdout, protocol.Text(k.Name, k.Protocol))
	return 0
}

// features is kata features KATA [DIR]: the kata's feature files, written into DIR.
func (c cli) features(k kata.Kata, args []string) int {
	dir, status := oneDir(args, "features", c.stderr)
	if status != 0 {
		return status
	}
	files := map[string][]byte{}
	for _, f := range k.Files {
		data, err := fs.ReadFile(k.Features, f)
		if err != nil {
			fmt.Fprintf(c.stderr, "kata features: %v\n", err)
			return 1
		}
		files[f] = data
	}
	return write(dir, files, c.stdout, c.stderr)
}
