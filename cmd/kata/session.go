package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/cmd/internal/lines"
	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/kata"
)

// The protocol this runner speaks: see docs/protocol.md, or kata protocol KATA.
const (
	protocolName    = "katas"
	protocolVersion = 1
	maxReply        = 64 << 10 // the longest line a program may write
	stderrShown     = 2 << 10  // how much of a program's stderr a failure shows
)

// exitGrace is how long the runner waits, once the program has exited, for what it wrote just
// before: the pipe may still hold it, or a child may hold the pipe open with nothing more
// (process.outputGrace waits longer while the pipe holds unread bytes).
const exitGrace = 100 * time.Millisecond

// program is the program under test as one run keeps it: a process that plays scenario after
// scenario (each begins with a request that starts afresh, new or classify), started at the
// first request, and anew for the scenario after one in which the conversation broke — or,
// isolated, for every scenario.
type program struct {
	ctx     context.Context
	dir     string
	kata    string
	argv    []string
	timeout time.Duration
	isolate bool // a fresh process for every scenario

	running *process // the process kept for the next scenario; nil when there is none
	sent    int      // requests sent to it; the next one's id is sent+1
	greeted bool     // a process of the run has greeted: the program can get going
}

// drop ends p, and forgets it if it is the process kept for the next scenario.
func (g *program) drop(p *process) {
	p.kill()
	if g.running == p {
		g.running = nil
	}
}

// end ends the process kept for a next scenario, if there is one: a run is over.
func (g *program) end() {
	if g.running != nil {
		g.drop(g.running)
	}
}

// session is one scenario's conversation with the program under test, the kata.Conn that the
// kata's remote seam calls through.
type session struct {
	*program
	last bool // the run's last scenario: the program's input is closed at its end

	p       *process        // the process of this scenario's conversation, once it has begun
	lastReq string          // the last request, for messages
	broken  *kata.StepError // why the conversation broke, and of which kind; the scenario fails with it
}

// stderr is the end of what the program wrote to standard error during the scenario, as it
// wrote it.
func (s *session) stderr() string {
	if s.p == nil {
		return ""
	}
	if s.running == s.p {
		s.p.settleStderr() // it runs on, for the next scenario: what it wrote for this one
		return s.p.stderr.String()
	}
	select {
	case <-s.p.copied:
	case <-time.After(exitGrace): // a process outside the group holds it; show what came
	}
	return s.p.stderr.String()
}

// check is the scenario's step check: it fails the step in which the conversation broke.
func (s *session) check() error {
	if s.broken == nil {
		return nil
	}
	return s.broken
}

// setUp fails the conversation for a mistake in setting up the run, which every scenario
// would meet: the run stops after this one, saying what to do.
func (s *session) setUp(todo, format string, args ...any) error {
	err := s.fail(kata.Wrong, format, args...)
	s.giveUp(todo)
	return err
}

// giveUp makes the conversation's break one that no later scenario gets past, saying what to
// do, unless it already is.
func (s *session) giveUp(todo string) {
	if s.broken != nil && s.broken.Kind != kata.Setup {
		s.broken.Kind, s.broken.Todo = kata.Setup, todo
	}
}

// NotImplemented breaks the conversation for a reply that says op is not written yet
// (kata.Conn).
func (s *session) NotImplemented(op string) error {
	return s.fail(kata.Missing, "%s is not implemented yet", op)
}

// Broken breaks the conversation for a reply that does not fit its request (kata.Conn).
func (s *session) Broken(format string, args ...any) error {
	return s.fail(kata.Wrong, format, args...)
}

// fail records why the conversation broke, and of which kind, keeping the first reason, and
// ends the program and all it started, quoting the end of its standard error.
func (s *session) fail(kind kata.Kind, format string, args ...any) error {
	if s.broken == nil {
		msg := fmt.Sprintf(format, args...)
		if s.p != nil {
			s.drop(s.p)
			select {
			case <-s.p.copied:
			case <-time.After(time.Second): // a process outside the group holds it
			}
			if e := s.p.stderr.String(); e != "" {
				msg += "\nIts standard error ended with:\n" + indent(e)
			}
		}
		s.broken = &kata.StepError{Kind: kind, Cause: msg}
	}
	return s.broken
}

// indent indents each line of s by four spaces.
func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

// start begins the scenario's conversation: with the process the last scenario left running,
// or with a new one, whose greeting it reads.
func (s *session) start() error {
	if s.running != nil && !s.isolate {
		s.p = s.running
		s.p.stderr.reset()
		return nil
	}
	p, err := startProcess(s.ctx, s.dir, s.argv)
	if err != nil {
		return s.setUp("Check the command after --.", "could not start %s: %v", brief.Quote(strings.Join(s.argv, " ")), err)
	}
	s.p, s.running, s.sent = p, p, 0
	line, err := s.read(func() string { return "its greeting" })
	if err != nil && s.greeted {
		return err // it got going before: a late or lost greeting is this scenario's failure alone
	}
	if err != nil {
		s.giveUp(fmt.Sprintf("Check that the program starts and greets the runner first: what it printed says why it did not; kata protocol %s says what it must write. kata init %s writes an adapter that does.", s.kata, s.kata))
		return err
	}
	want := fmt.Sprintf(`{"protocol": %q, "version": %d, "kata": %q}`, protocolName, protocolVersion, s.kata)
	hello, ok := kata.ParseReply(line, "") // the greeting, read as a reply is
	proto, okProto := hello.String("protocol")
	version, okVersion := hello.Int("version")
	name, okName := hello.String("kata")
	if !ok || !okProto || !okVersion || !okName {
		return s.setUp(fmt.Sprintf("Run the kata's adapter rather than the code it calls, and write debug output to standard error: kata protocol %s says what the runner reads.", s.kata),
			"its first line was not a greeting: %s; want %s", brief.Quote(line), want)
	}
	switch {
	case proto != protocolName || version != protocolVersion:
		return s.setUp(fmt.Sprintf("Greet with %s.", want), "it speaks protocol %s version %d; this runner speaks %q version %d",
			brief.Quote(proto), version, protocolName, protocolVersion)
	case name != s.kata:
		return s.setUp(fmt.Sprintf("Run an adapter for %s: this program is for another kata.", s.kata),
			"it greeted as an adapter for the kata %s; this run is of %s", brief.Quote(name), s.kata)
	}
	s.greeted = true
	return nil
}

// read returns the next line the program writes, waiting at most the time limit for it;
// what says what the line is for, in messages. A line already there is taken at once.
func (s *session) read(what func() string) (string, error) {
	select {
	case l, ok := <-s.p.lines:
		if ok {
			return s.line(l, what)
		}
		return s.readSlowly(nil, what)
	default:
	}
	return s.readSlowly(s.p.lines, what)
}

// readSlowly is read waiting for the line: on out, until it is nil once the output ends.
func (s *session) readSlowly(out <-chan readLine, what func() string) (string, error) {
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	exited := s.p.exited
	exitedBefore := func() (string, error) {
		return "", s.fail(kata.Crash, "the program %s before %s", s.p.exit(), what())
	}
	for {
		select {
		case l, ok := <-out:
			if !ok {
				out = nil // its output ended: wait for its exit
				if s.p.hasExited() {
					return exitedBefore()
				}
				continue
			}
			return s.line(l, what)
		case <-exited:
			if out == nil {
				return exitedBefore()
			}
			select {
			case l, ok := <-out:
				if ok {
					return s.line(l, what)
				}
			case <-s.p.outputGrace():
			}
			return exitedBefore()
		case <-timer.C:
			if out == nil {
				return "", s.fail(kata.Timeout, "the program closed its output but did not exit, before %s", what())
			}
			return "", s.fail(kata.Timeout, "the program did not write %s within %v", what(), s.timeout)
		}
	}
}

// line is a line the program wrote, or the error that it was not a line.
func (s *session) line(l readLine, what func() string) (string, error) {
	switch {
	case errors.Is(l.err, lines.ErrTooLong):
		return "", s.fail(kata.Wrong, "the program wrote %v instead of %s", l.err, what())
	case l.err != nil:
		return "", s.fail(kata.Wrong, "reading the program's output: %v", l.err)
	}
	return l.text, nil
}

// Call sends a request, op with its fields, and returns the reply to it (kata.Conn). Its
// error says the conversation broke; a reply's own "error" is the implementation refusing
// something.
func (s *session) Call(op string, fields map[string]any) (kata.Reply, error) {
	r, err := s.CallAll([]kata.Request{{Op: op, Fields: fields}})
	if err != nil {
		return kata.Reply{}, err
	}
	return r[0], nil
}

// CallAll sends the requests and returns their replies, in order (kata.Conn). They are
// written all at once while the replies are read, so that the program reads the next request
// as it answers the last: many requests cost few system calls and no wait for each, and
// neither side waits on a full pipe. Its error says the conversation broke.
func (s *session) CallAll(reqs []kata.Request) ([]kata.Reply, error) {
	if err := s.check(); err != nil || len(reqs) == 0 {
		return nil, err
	}
	if s.p == nil {
		if err := s.start(); err != nil {
			return nil, err
		}
	}
	var buf []byte
	ends := make([]int, len(reqs)) // where each request's line ends in buf
	for i, rq := range reqs {
		buf = append(appendRequest(buf, s.sent+1+i, rq), '\n')
		ends[i] = len(buf)
	}
	text := func(i int) string {
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		return string(buf[start : ends[i]-1])
	}
	first := s.sent + 1
	s.sent += len(reqs)
	type wrote struct {
		n   int
		err error
	}
	written := make(chan wrote, 1)
	stopped := func(w wrote) error {
		i, _ := slices.BinarySearch(ends, w.n+1) // the first request not written whole
		i = min(i, len(reqs)-1)
		s.lastReq = text(i)
		return s.fail(kata.Crash, "the program stopped reading before request %d %s: %v", first+i, s.lastReq, w.err)
	}
	if len(reqs) == 1 {
		n, err := s.p.stdin.Write(buf)
		if err != nil {
			return nil, stopped(wrote{n, err})
		}
		written <- wrote{n, nil}
	} else {
		go func() {
			n, err := s.p.stdin.Write(buf)
			written <- wrote{n, err}
		}()
	}
	replies := make([]kata.Reply, len(reqs))
	for i := range reqs {
		r, err := s.reply(first+i, text(i))
		if err != nil {
			_ = s.p.stdin.Close() // the program is ended; a write still waiting gives up
			<-written
			return nil, err
		}
		replies[i] = r
	}
	if w := <-written; w.err != nil {
		return nil, stopped(w)
	}
	return replies, nil
}

// reply reads the reply to request id, sent as text, and checks that it is one.
func (s *session) reply(id int, text string) (kata.Reply, error) {
	s.lastReq = text
	line, err := s.read(func() string { return fmt.Sprintf("its reply to request %d %s", id, text) })
	if err != nil {
		return kata.Reply{}, err
	}
	r, ok := kata.ParseReply(line, text)
	if !ok {
		return kata.Reply{}, s.fail(kata.Wrong, "the program wrote something that is not a reply, %s, to request %d %s (write debug output to standard error: it is yours; standard output is the runner's)", brief.Quote(line), id, text)
	}
	got, hasID := r.Int("id")
	switch {
	case !hasID:
		return kata.Reply{}, s.fail(kata.Wrong, "the program replied without an id, %s, to request %d %s", brief.Quote(line), id, text)
	case got < 1 || got > s.sent:
		return kata.Reply{}, s.fail(kata.Wrong, "the program wrote a reply to a request that was never sent, %s, when request %d %s was waiting", brief.Quote(line), id, text)
	case got < id:
		return kata.Reply{}, s.fail(kata.Wrong, "the program replied twice to request %d: %s came when request %d %s was waiting", got, brief.Quote(line), id, text)
	case got > id:
		return kata.Reply{}, s.fail(kata.Wrong, "the program replied to request %d, %s, before request %d %s, which was waiting", got, brief.Quote(line), id, text)
	}
	if raw, isError := r.Fields["error"]; isError && string(raw) != "null" { // null: no error
		if _, ok := r.Refusal(); !ok {
			return kata.Reply{}, s.fail(kata.Wrong, "the program replied with an error that is not a string, %s, to request %d %s", brief.Quote(line), id, text)
		}
	}
	return r, nil
}

// close ends the scenario's conversation. Between scenarios the process runs on, for the
// next (between says what went wrong); after the run's last scenario, or each scenario when
// isolated, it closes the program's input, waits for the program to exit, and says what went
// wrong — the program still running, writing after its last reply, or exiting with a status
// other than 0 — then ends the program's process group, and with it whatever the program
// left behind.
func (s *session) close() error {
	if s.p == nil && s.last && s.running != nil {
		s.p = s.running // the last scenario asked nothing, but the run's program must end well
	}
	if s.p == nil {
		return nil
	}
	if s.broken != nil {
		s.drop(s.p)
		return nil
	}
	if !s.last && !s.isolate {
		return s.between()
	}
	defer s.drop(s.p)
	_ = s.p.stdin.Close()
	timer := time.NewTimer(s.timeout)
	defer timer.Stop()
	out, extra := s.p.lines, ""
	keep := func(l readLine) {
		if extra == "" && l.err != nil {
			extra = l.err.Error()
		} else if extra == "" {
			extra = brief.Quote(l.text)
		}
	}
	// After the program exits, what it wrote just before may still be on its way; a child
	// holding the pipe open must not keep the runner waiting for more.
	exited := s.p.exited
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
			drained = s.p.outputGrace()
		case <-drained:
			break wait
		case <-timer.C:
			if extra != "" {
				return s.fail(kata.Wrong, "the program wrote more than it was asked, %s, and did not exit within %v of the end of its input", extra, s.timeout)
			}
			return s.fail(kata.Wrong, "the program did not exit within %v of the end of its input", s.timeout)
		}
	}
	switch {
	case extra != "":
		return s.fail(kata.Wrong, "the program wrote more than it was asked: %s", extra)
	case s.p.crashed():
		return s.fail(kata.Wrong, "the program %s at the end of its input", s.p.exit())
	}
	return nil
}

// between checks, at the end of a scenario after which the process runs on for the next, that
// the program wrote nothing it was not asked for and is still running.
func (s *session) between() error {
	select {
	case l, ok := <-s.p.lines:
		if !ok {
			return s.fail(kata.Crash, "the program closed its output after its last reply, before the next scenario")
		}
		if l.err != nil {
			return s.fail(kata.Wrong, "the program wrote more than it was asked: %v", l.err)
		}
		return s.fail(kata.Wrong, "the program wrote more than it was asked: %s", brief.Quote(l.text))
	default:
	}
	if s.p.hasExited() {
		return s.fail(kata.Crash, "the program %s after its last reply, before the next scenario", s.p.exit())
	}
	return nil
}
