package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/deliberate-practice/katas/cmd/internal/lines"
	"github.com/deliberate-practice/katas/features"
	"github.com/deliberate-practice/katas/internal/brief"
)

// The protocol this runner speaks: see docs/protocol.md, or kata protocol KATA.
const (
	protocolName    = "katas"
	protocolVersion = 1
	maxReply        = 64 << 10 // the longest line a program may write
	stderrShown     = 2 << 10  // how much of a program's stderr a failure shows
)

// session is one scenario's conversation with the program under test. The program starts at
// the first request and stops when the scenario ends, so that nothing of one scenario can
// leak into the next.
type session struct {
	kata    string
	argv    []string
	timeout time.Duration

	started bool
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	out     chan readLine // the program's stdout, a line at a time
	stderr  *tail
	exit    chan error // the program's exit, once
	sent    int        // requests sent; the next one's id is sent+1
	lastReq string     // the last request, for messages
	broken  error      // why the conversation broke; the scenario fails with it
}

// readLine is one line of the program's output, or why there is none.
type readLine struct {
	text string
	err  error
}

func newSession(kata string, argv []string, timeout time.Duration) *session {
	return &session{kata: kata, argv: argv, timeout: timeout}
}

// check is the scenario's step check: it fails the step in which the conversation broke.
func (s *session) check() error { return s.broken }

// fail records why the conversation broke, keeping the first reason, and stops the program.
func (s *session) fail(format string, args ...any) error {
	if s.broken == nil {
		msg := fmt.Sprintf(format, args...)
		if s.cmd != nil && s.cmd.Process != nil {
			_ = s.cmd.Process.Kill()
		}
		if s.out != nil {
			go func() {
				for range s.out { // let the reader reach the program's exit
				}
			}()
		}
		if s.stderr != nil && s.exit != nil {
			s.waitExit(time.Second)
			if e := s.stderr.String(); e != "" {
				msg += "\nIts standard error ended with:\n" + indent(e)
			}
		}
		s.broken = errors.New(msg)
	}
	return s.broken
}

// indent indents each line of s by four spaces.
func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

// start runs the program and reads its greeting.
func (s *session) start() error {
	s.started = true
	s.cmd = exec.Command(s.argv[0], s.argv[1:]...)
	s.cmd.WaitDelay = time.Second
	s.stderr = &tail{max: stderrShown}
	s.cmd.Stderr = s.stderr
	stdin, err := s.cmd.StdinPipe()
	if err != nil {
		return s.fail("could not start %s: %v", brief.Quote(strings.Join(s.argv, " ")), err)
	}
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		return s.fail("could not start %s: %v", brief.Quote(strings.Join(s.argv, " ")), err)
	}
	if err := s.cmd.Start(); err != nil {
		return s.fail("could not start %s: %v", brief.Quote(strings.Join(s.argv, " ")), err)
	}
	s.stdin = stdin
	s.out, s.exit = make(chan readLine, 16), make(chan error, 1)
	go func() {
		r := lines.NewReader(stdout, maxReply)
		for {
			text, err := r.Next()
			s.out <- readLine{text, err}
			if err != nil && !errors.Is(err, lines.ErrTooLong) {
				s.exit <- s.cmd.Wait()
				close(s.out)
				return
			}
		}
	}()
	line, err := s.read("its greeting")
	if err != nil {
		return err
	}
	var hello struct {
		Protocol *string `json:"protocol"`
		Version  *int    `json:"version"`
		Kata     *string `json:"kata"`
	}
	want := fmt.Sprintf(`{"protocol": %q, "version": %d, "kata": %q}`, protocolName, protocolVersion, s.kata)
	switch {
	case json.Unmarshal([]byte(line), &hello) != nil || hello.Protocol == nil || hello.Version == nil || hello.Kata == nil:
		return s.fail("its first line was not a greeting: %s; want %s", brief.Quote(line), want)
	case *hello.Protocol != protocolName || *hello.Version != protocolVersion:
		return s.fail("it speaks protocol %s version %d; this runner speaks %q version %d",
			brief.Quote(*hello.Protocol), *hello.Version, protocolName, protocolVersion)
	case *hello.Kata != s.kata:
		return s.fail("it greeted as an adapter for the kata %s; this run is of %s", brief.Quote(*hello.Kata), s.kata)
	}
	return nil
}

// waitExit waits up to d for the program to exit and returns how it did.
func (s *session) waitExit(d time.Duration) string {
	select {
	case err := <-s.exit:
		s.exit <- err // keep it for the next caller
		var exit *exec.ExitError
		switch {
		case err == nil:
			return "exited with status 0"
		case errors.As(err, &exit) && exit.Exited():
			return fmt.Sprintf("exited with status %d", exit.ExitCode())
		case errors.As(err, &exit):
			return "was killed (" + exit.String() + ")"
		}
		return "stopped: " + err.Error()
	case <-time.After(d):
		return "closed its output"
	}
}

// read returns the next line the program writes, waiting at most the time limit for it;
// what is the line for, in messages.
func (s *session) read(what string) (string, error) {
	select {
	case l, ok := <-s.out:
		switch {
		case !ok || l.err == io.EOF:
			return "", s.fail("the program %s before %s", s.waitExit(s.timeout), what)
		case errors.Is(l.err, lines.ErrTooLong):
			return "", s.fail("the program wrote %s instead of %s", l.err, what)
		case l.err != nil:
			return "", s.fail("reading the program's output: %v", l.err)
		}
		return l.text, nil
	case <-time.After(s.timeout):
		return "", s.fail("the program did not write %s within %v", what, s.timeout)
	}
}

// reply is what a program may answer to a request.
type reply struct {
	ID        *int    `json:"id"`
	Error     *string `json:"error"`
	Grade     *string `json:"grade"`
	Black     *int    `json:"black"`
	White     *int    `json:"white"`
	TurnsLeft *int    `json:"turns_left"`
	Guesses   *int    `json:"guesses"`
	State     *string `json:"state"`
}

// call sends a request, op with its fields, and returns the reply to it. Its error says the
// conversation broke; a reply's own "error" is the implementation refusing something.
func (s *session) call(op string, fields map[string]any) (reply, error) {
	if s.broken != nil {
		return reply{}, s.broken
	}
	if !s.started {
		if err := s.start(); err != nil {
			return reply{}, err
		}
	}
	s.sent++
	id := s.sent
	req := map[string]any{"id": id, "op": op}
	for k, v := range fields {
		req[k] = v
	}
	data, _ := json.Marshal(req) // ints, strings and slices of them
	s.lastReq = string(data)
	if _, err := s.stdin.Write(append(data, '\n')); err != nil {
		return reply{}, s.fail("the program stopped reading before request %d %s: %v", id, s.lastReq, err)
	}
	line, err := s.read(fmt.Sprintf("its reply to request %d %s", id, s.lastReq))
	if err != nil {
		return reply{}, err
	}
	var r reply
	if json.Unmarshal([]byte(line), &r) != nil {
		return reply{}, s.fail("the program wrote something that is not a reply, %s, to request %d %s", brief.Quote(line), id, s.lastReq)
	}
	switch {
	case r.ID == nil:
		return reply{}, s.fail("the program replied without an id, %s, to request %d %s", brief.Quote(line), id, s.lastReq)
	case *r.ID < id:
		return reply{}, s.fail("the program replied twice to request %d: %s came when request %d %s was waiting", *r.ID, brief.Quote(line), id, s.lastReq)
	case *r.ID > id:
		return reply{}, s.fail("the program replied out of order: %s, to a request %d not sent, when request %d %s was waiting", brief.Quote(line), *r.ID, id, s.lastReq)
	}
	return r, nil
}

// missing fails the conversation for a reply without the fields op needs.
func (s *session) missing(op, fields string) error {
	return s.fail("the program replied to %s without %s: request %s", op, fields, s.lastReq)
}

// close stops the program, and says what it wrote that nobody asked for.
func (s *session) close() error {
	if !s.started || s.broken != nil {
		return nil
	}
	_ = s.stdin.Close()
	extra := ""
	deadline := time.After(s.timeout)
	for {
		select {
		case l, ok := <-s.out:
			if !ok || l.err != nil {
				if extra != "" {
					return fmt.Errorf("the program wrote more than it was asked: %s", brief.Quote(extra))
				}
				return nil
			}
			if extra == "" {
				extra = l.text
			}
		case <-deadline:
			_ = s.cmd.Process.Kill()
			return fmt.Errorf("the program did not exit within %v of the end of its input", s.timeout)
		}
	}
}

// newGame is the Mastermind kata's seam, over the protocol.
func (s *session) newGame(colors, width, turns int, secret []int) (features.MastermindGame, error) {
	r, err := s.call("new", map[string]any{"colors": colors, "width": width, "turns": turns, "secret": secret})
	if err != nil {
		return nil, err
	}
	if r.Error != nil {
		return nil, errors.New(*r.Error)
	}
	return remoteGame{s}, nil
}

// remoteGame is a game in the program under test.
type remoteGame struct{ s *session }

func (g remoteGame) Score(guess []int) (string, int, int, error) {
	r, err := g.s.call("score", map[string]any{"guess": guess})
	switch {
	case err != nil:
		return "", 0, 0, err
	case r.Error != nil:
		return "", 0, 0, errors.New(*r.Error)
	case r.Grade == nil || r.Black == nil || r.White == nil:
		return "", 0, 0, g.s.missing("score", `"grade", "black" and "white"`)
	}
	return *r.Grade, *r.Black, *r.White, nil
}

func (g remoteGame) TurnsLeft() int {
	return g.count("turns_left", func(r reply) *int { return r.TurnsLeft })
}

func (g remoteGame) Guesses() int {
	return g.count("guesses", func(r reply) *int { return r.Guesses })
}

// count asks for a number, op, that its reply holds in the field of op's name. A reply
// without it breaks the conversation, and count returns -1, which no check accepts.
func (g remoteGame) count(op string, field func(reply) *int) int {
	r, err := g.s.call(op, nil)
	n := field(r)
	if err == nil && n == nil {
		_ = g.s.missing(op, `"`+op+`"`)
	}
	if n == nil {
		return -1
	}
	return *n
}

// classify is the tic-tac-toe kata's seam, over the protocol.
func (s *session) classify(rows []string) (string, error) {
	r, err := s.call("classify", map[string]any{"rows": rows})
	switch {
	case err != nil:
		return "", err
	case r.Error != nil:
		return "", errors.New(*r.Error)
	case r.State == nil:
		return "", s.missing("classify", `"state" or "error"`)
	}
	return *r.State, nil
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	buf bytes.Buffer
	cut bool
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
		t.cut = true
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cut {
		return "…" + t.buf.String()
	}
	return t.buf.String()
}
