package protocol

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/deliberate-practice/katas/internal/brief"
	"github.com/deliberate-practice/katas/internal/lines"
	"github.com/deliberate-practice/katas/internal/step"
)

// A Conn is one scenario's conversation with the program under test: what a kata's remote
// steps call through. Its error, once the conversation broke (the program crashed, hung or
// wrote nonsense), fails the step in which it broke and every call after it.
type Conn struct {
	*Program

	p        *process      // the process of this scenario's conversation, once it has begun
	lastReq  string        // the last request, for messages
	broken   *step.Error   // why the conversation broke, and of which kind; the scenario fails with it
	timedOut bool          // it broke because the program wrote nothing within the time limit
	inFlight int           // requests sent whose replies are yet to be read
	writing  chan struct{} // closed once the last batch sent is written; nil before the first
}

// Stderr is the end of what the program wrote to standard error during the scenario, as it
// wrote it.
func (s *Conn) Stderr() string {
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

// Check returns why the conversation broke, if it did: the step in which it broke fails with
// it, even one that passed, so that a crash is never taken for a refusal.
func (s *Conn) Check() error {
	if s.broken == nil {
		return nil
	}
	return s.broken
}

// setUp fails the conversation for a mistake in setting up the run, which every scenario
// would meet: the run stops after this one, saying what to do.
func (s *Conn) setUp(todo, format string, args ...any) error {
	err := s.fail(step.Wrong, format, args...)
	s.giveUp(todo)
	return err
}

// giveUp makes the conversation's break one that no later scenario gets past, saying what to
// do, unless it already is.
func (s *Conn) giveUp(todo string) {
	if s.broken != nil && s.broken.Kind != step.Setup {
		s.broken.Kind, s.broken.Todo = step.Setup, todo
	}
}

// NotImplemented breaks the conversation for a reply that says op is not written yet.
func (s *Conn) NotImplemented(op string) error {
	return s.Missing("%s is not implemented yet", op)
}

// Missing breaks the conversation for a reply that says, in its own way, that a part is not
// written yet: what a stub returns.
func (s *Conn) Missing(format string, args ...any) error {
	return s.fail(step.Missing, format, args...)
}

// Broken breaks the conversation for a reply that does not fit its request.
func (s *Conn) Broken(format string, args ...any) error {
	return s.fail(step.Wrong, format, args...)
}

// fail records why the conversation broke, and of which kind, keeping the first reason, and
// ends the program and all it started, quoting the end of its standard error.
func (s *Conn) fail(kind step.Kind, format string, args ...any) error {
	if s.broken == nil {
		s.broken = s.failure(s.p, kind, fmt.Sprintf(format, args...))
	}
	return s.broken
}

// read returns the next line the program writes, waiting at most limit for it; what says
// what the line is for, in messages. A line already there is taken at once.
func (s *Conn) read(limit time.Duration, what func() string) (string, error) {
	select {
	case l, ok := <-s.p.lines:
		if ok {
			return s.line(l, what)
		}
		return s.readSlowly(nil, limit, what)
	default:
	}
	return s.readSlowly(s.p.lines, limit, what)
}

// readSlowly is read waiting for the line: on out, until it is nil once the output ends.
func (s *Conn) readSlowly(out <-chan readLine, limit time.Duration, what func() string) (string, error) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	exited := s.p.exited
	exitedBefore := func() (string, error) {
		return "", s.fail(step.Crash, "the program %s before %s", s.p.exit(), what())
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
			s.timedOut = true
			if out == nil {
				return "", s.fail(step.Timeout, "the program closed its output but did not exit, before %s", what())
			}
			return "", s.fail(step.Timeout, "the program did not write %s within %v", what(), limit)
		}
	}
}

// line is a line the program wrote, or the error that it was not a line.
func (s *Conn) line(l readLine, what func() string) (string, error) {
	switch {
	case errors.Is(l.err, lines.ErrTooLong):
		return "", s.fail(step.Wrong, "the program wrote %v instead of %s", l.err, what())
	case l.err != nil:
		return "", s.fail(step.Wrong, "reading the program's output: %v", l.err)
	}
	return l.text, nil
}

// Call sends a request, op with its fields, and returns the reply to it . Its
// error says the conversation broke; a reply's own "error" is the implementation refusing
// something.
func (s *Conn) Call(op string, fields map[string]any) (Reply, error) {
	r, err := s.CallAll([]Request{{Op: op, Fields: fields}})
	if err != nil {
		return Reply{}, err
	}
	return r[0], nil
}

// CallAll sends the requests and returns their replies, in order. They are written all at
// once while the replies are read, so that the program reads the next request as it answers
// the last: many requests cost few system calls and no wait for each, and neither side waits
// on a full pipe. Its error says the conversation broke; the replies that came before the
// break are returned with it.
func (s *Conn) CallAll(reqs []Request) ([]Reply, error) {
	return s.CallBatch(Batch{}, reqs)
}

// A Batch names requests sent at once, for messages, and is told of each reply as it comes.
type Batch struct {
	// Name names the batch in a message of what was in flight when the program fell silent:
	// "round 2 of 1,296 games".
	Name string
	// Replied, where not nil, is called as each reply comes, with the replies of the batch
	// so far.
	Replied func(replies int)
}

// CallBatch is CallAll for a batch: a message that the program fell silent says what was in
// flight — the batch, its requests, the replies that had come and how fast — and b.Replied is
// told of each reply.
func (s *Conn) CallBatch(b Batch, reqs []Request) ([]Reply, error) {
	sent, err := s.Send(b, reqs)
	if err != nil || sent == nil {
		return nil, err
	}
	return s.Receive(sent)
}

// A Sent is a batch of requests written to the program, or on its way, whose replies are yet
// to be read (Conn.Receive).
type Sent struct {
	batch   Batch
	first   int    // the id of its first request
	buf     []byte // the requests, a line each
	ends    []int  // where each request's line ends in buf
	written chan wrote
}

// wrote is how the writing of a batch went: how much of it was written, and why no more.
type wrote struct {
	n   int
	err error
}

// text is the i-th request of the batch, as it was sent.
func (p *Sent) text(i int) string {
	start := 0
	if i > 0 {
		start = p.ends[i-1]
	}
	return string(p.buf[start : p.ends[i]-1])
}

// Send writes the requests of a batch to the program, while the replies to those before it
// are read, so that a program that answers one batch has the next to go on with; Receive
// reads its replies, batches in the order they were sent. Its error says the conversation
// broke; it returns nil, and no error, for no requests.
func (s *Conn) Send(b Batch, reqs []Request) (*Sent, error) {
	if err := s.Check(); err != nil || len(reqs) == 0 {
		return nil, err
	}
	if s.p == nil {
		if err := s.start(); err != nil {
			return nil, err
		}
	}
	p := &Sent{batch: b, first: s.sent + 1, ends: make([]int, len(reqs)), written: make(chan wrote, 1)}
	for i, rq := range reqs {
		p.buf = append(appendRequest(p.buf, s.sent+1+i, rq), '\n')
		p.ends[i] = len(p.buf)
	}
	s.sent += len(reqs)
	s.inFlight += len(reqs)
	// Batches are written in the order they are sent: each after the one before has been.
	before, done := s.writing, make(chan struct{})
	s.writing = done
	stdin := s.p.stdin
	go func() {
		defer close(done)
		if before != nil {
			<-before
		}
		n, err := stdin.Write(p.buf)
		p.written <- wrote{n, err}
	}()
	return p, nil
}

// Receive reads the replies to a batch Send wrote, in order, and returns them; the batches
// sent before it must have been received. Its error says the conversation broke, and the
// replies that came before the break are returned with it.
func (s *Conn) Receive(p *Sent) ([]Reply, error) {
	n := len(p.ends)
	if err := s.Check(); err != nil {
		return nil, err
	}
	stopped := func(w wrote) error {
		i, _ := slices.BinarySearch(p.ends, w.n+1) // the first request not written whole
		i = min(i, n-1)
		s.lastReq = p.text(i)
		return s.fail(step.Crash, "the program stopped reading before request %d %s: %v", p.first+i, s.lastReq, w.err)
	}
	replies := make([]Reply, 0, n)
	start, last := time.Now(), time.Now()
	for i := range n {
		r, err := s.reply(p.first+i, p.text(i))
		if err != nil {
			if s.timedOut && s.inFlight > 1 {
				s.Amend(inFlight(p.batch.Name, s.inFlight, i, last.Sub(start), s.cmd.Timeout))
			}
			_ = s.p.stdin.Close() // the program is ended; a write still waiting gives up
			<-p.written
			return replies, err
		}
		s.inFlight--
		replies = append(replies, r)
		last = time.Now()
		if p.batch.Replied != nil {
			p.batch.Replied(i + 1)
		}
	}
	if w := <-p.written; w.err != nil {
		return replies, stopped(w)
	}
	return replies, nil
}

// inFlight says what was in flight when the program fell silent: n requests, those of the
// batch the name names and any sent after it, of which replied, of the batch, had their
// replies, over took.
func inFlight(name string, n, replied int, took time.Duration, limit time.Duration) string {
	what := brief.Thousands(n) + " requests were in flight"
	if name != "" {
		what += " (" + name + ")"
	}
	msg := fmt.Sprintf("; %s, %s of them answered", what, brief.Thousands(replied))
	if replied > 0 && took > 0 {
		msg += fmt.Sprintf(", %.0f a second over %.1f s", float64(replied)/took.Seconds(), took.Seconds())
	}
	return msg + fmt.Sprintf(". The limit is on the silence between replies: write each reply as soon as it is made, and if one takes longer than %v, give more time with --timeout", limit)
}

// Amend adds more to what the conversation's break says, after its cause and before the end
// of the program's standard error: what a kata knows of what was under way, such as the game
// in which the program crashed. It does nothing to a conversation that did not break.
func (s *Conn) Amend(more string) {
	if s.broken == nil {
		return
	}
	cause, stderr, found := strings.Cut(s.broken.Cause, stderrHeading)
	s.broken.Cause = cause + more
	if found {
		s.broken.Cause += stderrHeading + stderr
	}
}

// Blame says what the conversation's break was about — "game 7 of 6 colours, …, secret …"
// — where it said nothing of it. It does nothing to a conversation that did not break.
func (s *Conn) Blame(about string) {
	if s.broken != nil && s.broken.About == "" {
		s.broken.About = about
	}
}

// reply reads the reply to request id, sent as text, and checks that it is one: a line that is
// none breaks the conversation as a crash does (step.Crash), for it is the program's output
// gone wrong, not a wrong answer, and failures of one such cause are grouped as one.
func (s *Conn) reply(id int, text string) (Reply, error) {
	s.lastReq = text
	line, err := s.read(s.cmd.Timeout, func() string { return fmt.Sprintf("its reply to request %d %s", id, text) })
	if err != nil {
		if s.broken.Kind == step.Timeout && !s.replied {
			// Every scenario would wait as long, and fail alike: stop the run here.
			s.broken.Cause += "; the program has greeted, but no reply of its has reached the runner"
			s.giveUp(fmt.Sprintf("Flush standard output after each reply — Python's print(..., flush=True), Node's console.log, Go's fmt.Println to os.Stdout — or, if the program needs more than %v for a reply, give it more with --timeout.", s.cmd.Timeout))
		}
		return Reply{}, err
	}
	s.replied = true
	r, ok := ParseReply(line, text)
	if !ok {
		return Reply{}, s.fail(step.Crash, "the program wrote something that is not a reply, %s, to request %d %s (write debug output to standard error: it is yours; standard output is the runner's)", brief.Quote(line), id, text)
	}
	got, hasID := r.Int("id")
	switch {
	case !hasID:
		return Reply{}, s.fail(step.Crash, "the program replied without an id, %s, to request %d %s", brief.Quote(line), id, text)
	case got < 1 || got > s.sent:
		return Reply{}, s.fail(step.Crash, "the program wrote a reply to a request that was never sent, %s, when request %d %s was waiting", brief.Quote(line), id, text)
	case got < id:
		return Reply{}, s.fail(step.Crash, "the program replied twice to request %d: %s came when request %d %s was waiting", got, brief.Quote(line), id, text)
	case got > id:
		return Reply{}, s.fail(step.Crash, "the program replied to request %d, %s, before request %d %s, which was waiting", got, brief.Quote(line), id, text)
	}
	if raw, isError := r.Fields["error"]; isError && string(raw) != "null" { // null: no error
		if _, ok := r.Refusal(); !ok {
			return Reply{}, s.fail(step.Crash, "the program replied with an error that is not a string, %s, to request %d %s", brief.Quote(line), id, text)
		}
	}
	return r, nil
}

// End ends the conversation and its process, as the run's End ends the last one: the next
// conversation starts the program afresh. It says what went wrong at the end, as End does.
func (s *Conn) End() error {
	switch {
	case s.p == nil:
		return nil
	case s.broken != nil:
		s.drop(s.p)
		return nil
	}
	if err := s.finish(s.p); err != nil {
		return err
	}
	return nil
}

// Close ends the scenario's conversation. Between scenarios the process runs on, for the
// next: what it writes or does after the scenario's last reply is the next scenario's to meet,
// where it reads its first reply, so that the verdict never rests on how soon a line comes. A
// conversation that broke has ended its process already; isolated, Close ends the process as
// the run's End does, and says what went wrong.
func (s *Conn) Close() error {
	switch {
	case s.p == nil:
		return nil
	case s.broken != nil:
		s.drop(s.p)
		return nil
	case !s.cmd.Isolate:
		return nil
	}
	if err := s.finish(s.p); err != nil {
		s.broken = err
		return err
	}
	return nil
}
