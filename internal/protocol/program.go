// Package protocol is the program under test as kata run speaks with it: the katas protocol,
// version 2 (Text, docs/protocol.md), and version 1 before it. A Program lives as long as the
// run: it starts its process at a scenario's first request, reads the greeting, and keeps the
// process from scenario to scenario — anew after a scenario that broke it, or for every one
// when isolated.
// Each scenario's conversation with it is a Conn, which a kata's remote steps call through:
// requests written and replies read (the wire, side by side), a time limit for each reply,
// and a conversation that breaks with a step.Error saying how. A process is a tree: its
// process group ends with it, and on Linux so does every process that carries its mark in
// the environment. The run's End closes the program's input and waits for it to exit.
package protocol

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/step"
)

// The protocol this runner speaks: kata protocol KATA, or docs/protocol.md.
const (
	Name        = "katas"
	Version     = 2        // the version the starting points greet with
	Oldest      = 1        // the oldest version the runner still speaks
	maxReply    = 64 << 10 // the longest line a program may write
	stderrShown = 2 << 10  // how much of a program's stderr a failure shows
)

// exitGrace is how long the runner waits, once the program has exited, for what it wrote just
// before: the pipe may still hold it, or a child may hold the pipe open with nothing more
// (process.outputGrace waits longer while the pipe holds unread bytes).
const exitGrace = 100 * time.Millisecond

// A Command is the program under test, and how a run keeps it.
type Command struct {
	Dir     string        // the folder it runs in
	Argv    []string      // the program and its arguments
	Kata    string        // the kata it greets as
	Timeout time.Duration // the time it has for each reply, and to exit once its input ends
	Isolate bool          // a fresh process for every scenario, rather than one for the run
	// Guard is the executable that guards the run's programs, should the runner be killed
	// (see Guarding): the runner's own, whose main calls Guarding first; "" for none.
	Guard string
}

// A Program is the program under test for one run: a process that plays scenario after
// scenario, each beginning with a request that starts afresh, started at the first request.
// Its processes end when ctx is done.
type Program struct {
	ctx context.Context
	cmd Command

	guard   *guard   // started with the first process; nil before
	running *process // the process kept for the next scenario; nil when there is none
	sent    int      // requests sent to it; the next one's id is sent+1
	greeted bool     // a process of the run has greeted: the program can get going
	version int      // the version it greeted with
	replied bool     // a line has come where a reply was awaited: the program's output reaches the runner
}

// New returns the program cmd runs, not started yet: the first scenario's first request
// starts it.
func New(ctx context.Context, cmd Command) *Program {
	return &Program{ctx: ctx, cmd: cmd}
}

// Scenario begins a scenario's conversation with the program.
func (g *Program) Scenario() *Conn { return &Conn{Program: g} }

// End ends the run's conversation with the program, if a process is kept for a next scenario:
// it closes the process's input, waits the time limit at most for it to exit, and returns what
// went wrong — the program still running, writing after its last reply, or exiting with a
// status other than 0 — after it has ended the process's group, and with it whatever the
// program left behind. Every way End returns, no process of the run's is left, and its guard
// has exited.
func (g *Program) End() error {
	if g.guard != nil {
		defer g.guard.close()
	}
	if g.running == nil {
		return nil
	}
	if err := g.finish(g.running); err != nil {
		return err
	}
	return nil
}

// drop ends p, and forgets it if it is the process kept for the next scenario.
func (g *Program) drop(p *process) {
	p.kill()
	if g.running == p {
		g.running = nil
	}
}

// failure ends p and all it started, and returns the error of kind with msg and the end of
// what p wrote to standard error.
func (g *Program) failure(p *process, kind step.Kind, msg string) *step.Error {
	if p != nil {
		g.drop(p)
		select {
		case <-p.copied:
		case <-time.After(time.Second): // a process outside the group holds it
		}
		if e := p.stderr.String(); e != "" {
			msg += stderrHeading + indent(e)
		}
	}
	return &step.Error{Kind: kind, Cause: msg}
}

// stderrHeading heads the end of a program's standard error, in a message of what went wrong.
const stderrHeading = "\nIts standard error ended with:\n"

// indent indents each line of s by four spaces.
func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

// finish closes p's input, waits for p to exit, and says what went wrong, if anything; then
// it ends p's process group.
func (g *Program) finish(p *process) *step.Error {
	defer g.drop(p)
	timeout := g.cmd.Timeout
	p.remember() // what it started, before its end hands them to the system
	_ = p.stdin.Close()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	out, extra := p.lines, ""
	keep := func(l readLine) {
		if extra == "" && l.err != nil {
			extra = l.err.Error()
		} else if extra == "" {
			extra = brief.Quote(l.text)
		}
	}
	// After the program exits, what it wrote just before may still be on its way; a child
	// holding the pipe open must not keep the runner waiting for more.
	exited := p.exited
	var drained <-chan struct{}
wait:
	for {
		select {
		case l, ok := <-out:
			if !ok {
				out = nil
				if exited == nil {
					break wait
				}
				continue
			}
			keep(l)
		case <-exited:
			exited = nil
			if out == nil {
				break wait
			}
			drained = p.outputGrace()
		case <-drained:
			break wait
		case <-timer.C:
			if extra != "" {
				return g.failure(p, step.Wrong, fmt.Sprintf("the program wrote more than it was asked, %s, and did not exit within %v of the end of its input", extra, timeout))
			}
			return g.failure(p, step.Wrong, fmt.Sprintf("the program did not exit within %v of the end of its input", timeout))
		}
	}
	switch {
	case extra != "":
		return g.failure(p, step.Wrong, "the program wrote more than it was asked: "+extra)
	case p.crashed():
		return g.failure(p, step.Wrong, fmt.Sprintf("the program %s at the end of its input", p.exit()))
	}
	return nil
}

// start begins the scenario's conversation: with the process the last scenario left running,
// or with a new one, whose greeting it reads.
func (s *Conn) start() error {
	cmd := s.cmd
	if s.running != nil && !cmd.Isolate {
		s.p = s.running
		s.p.stderr.reset()
		return nil
	}
	if s.guard == nil {
		s.guard = startGuard(cmd.Guard)
	}
	p, err := startProcess(s.ctx, s.guard, cmd.Dir, cmd.Argv)
	if err != nil {
		return s.setUp("Check the command after --.", "could not start %s: %v", brief.Quote(strings.Join(cmd.Argv, " ")), err)
	}
	s.p, s.running, s.sent = p, p, 0
	line, err := s.read(StartLimit(cmd.Timeout), func() string { return "its greeting" })
	if err != nil && s.greeted {
		return err // it got going before: a late or lost greeting is this scenario's failure alone
	}
	if err != nil {
		next := fmt.Sprintf("Check that the program starts and greets the runner first: what it printed says why it did not; kata protocol %s says what it must write. kata init %s writes an adapter that does.", cmd.Kata, cmd.Kata)
		if s.timedOut {
			// A runtime that compiles the code first (Java's, Elixir's) on a busy machine may
			// need longer than a reply does.
			next += fmt.Sprintf(" If it is only slow to start, give it more with --timeout: its greeting has %v, %d times the time a reply has.", StartLimit(cmd.Timeout), startFactor)
		}
		s.giveUp(next)
		return err
	}
	want := Greeting(cmd.Kata)
	hello, ok := ParseReply(line, "") // the greeting, read as a reply is
	proto, okProto := hello.String("protocol")
	version, okVersion := hello.Int("version")
	name, okName := hello.String("kata")
	if !ok || !okProto || !okVersion || !okName {
		return s.setUp(fmt.Sprintf("Run the kata's adapter rather than the code it calls, and write debug output to standard error: kata protocol %s says what the runner reads.", cmd.Kata),
			"its first line was not a greeting: %s; want %s", brief.Quote(line), want)
	}
	switch {
	case proto != Name || version < Oldest || version > Version:
		return s.setUp(fmt.Sprintf("Greet with %s.", want), "it speaks protocol %s version %d; this runner speaks %q versions %d to %d",
			brief.Quote(proto), version, Name, Oldest, Version)
	case name != cmd.Kata:
		return s.setUp(fmt.Sprintf("Run an adapter for %s: this program is for another kata.", cmd.Kata),
			"it greeted as an adapter for the kata %s; this run is of %s", brief.Quote(name), cmd.Kata)
	}
	s.greeted, s.version = true, version
	return nil
}

// startFactor is how many times the time a reply has a program has to start and greet: a
// start may compile the code first, as Java's adapter does with the JDK's compiler and
// Elixir's with its .ex files, which takes seconds on a busy machine.
const startFactor = 4

// StartLimit is the time a program has to greet, when it has timeout for each reply.
func StartLimit(timeout time.Duration) time.Duration { return startFactor * timeout }

// Version returns the protocol version the program greeted with: the requests it answers. It
// is Version until the program has greeted.
func (g *Program) Version() int {
	if g.version == 0 {
		return Version
	}
	return g.version
}

// Greeting is the line a program for the kata writes first.
func Greeting(kata string) string {
	return fmt.Sprintf(`{"protocol": %q, "version": %d, "kata": %q}`, Name, Version, kata)
}
