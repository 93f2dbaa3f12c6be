package protocol

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/deliberate-practice/katas/internal/lines"
)

// process is a program under test, started in a process group of its own, so that ending it
// ends whatever it started too: the real program behind a wrapper (bash run.sh, npm start,
// go run), a shell's pipeline, a child it left behind. Its exit is watched apart from its
// output, which a child can hold open after the program has exited.
type process struct {
	cmd    *exec.Cmd
	token  string // the mark in the environment of the program and all it starts
	guard  *guard // told of the program, so that it ends it if the runner cannot
	stdin  *os.File
	lines  chan readLine // the program's stdout, a line at a time; closed at its end
	stderr *tail
	outR   *os.File      // the read end of the program's stdout, for unread
	errR   *os.File      // the read end of the program's stderr, for unread
	copied chan struct{} // closed when the program's stderr has ended
	exited chan struct{} // closed when the program has exited
	status error         // how it exited (cmd.Wait's error), once exited is closed
	// kin is the program's tree as it was when its input was closed: what it started, which
	// its end would leave to the system, found by the parent the kernel keeps for each. The
	// run's end and its context's end may kill at once, so kinMu guards it.
	kinMu sync.Mutex
	kin   []kin
}

// A kin is a process of a program's tree, known by its number and when it started, so that a
// number the system gives again to another process is never taken for it.
type kin struct {
	pid   int
	start uint64
}

// maxKin bounds the processes of a tree the runner keeps: a program that forks without end is
// ended by its group and its mark.
const maxKin = 4096

// readLine is one line of the program's output, or why there is none.
type readLine struct {
	text string
	err  error
}

// startProcess starts argv in dir, in a process group of its own, and tells g of it. The group
// is killed when ctx is done.
func startProcess(ctx context.Context, g *guard, dir string, argv []string) (*process, error) {
	var files []*os.File // the pipes' ends, to close here once the program has its own
	pipe := func() (r, w *os.File) {
		r, w, err := os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w
	}
	inR, inW := pipe()
	outR, outW := pipe()
	errR, errW := pipe()
	if len(files) != 6 {
		for _, f := range files {
			f.Close()
		}
		return nil, errors.New("no pipes for the program")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = ownGroup()
	// A mark every process the program starts inherits, so that one that left the group, or
	// the session (setsid), is still known to be the program's.
	mark := make([]byte, 16)
	_, _ = rand.Read(mark) // crypto/rand: never fails on the platforms Go supports
	token := runMark + "=" + hex.EncodeToString(mark)
	cmd.Env = append(os.Environ(), token)
	g.mark(token)
	err := cmd.Start()
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		g.done(token)
		return nil, err
	}
	g.group(token, cmd.Process.Pid)
	p := &process{cmd: cmd, token: token, guard: g, outR: outR, errR: errR, stdin: inW, lines: make(chan readLine, 16), stderr: &tail{max: stderrShown},
		copied: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		defer close(p.lines)
		defer outR.Close()
		r := lines.NewReader(outR, maxReply)
		for {
			text, err := r.Next()
			if err == io.EOF {
				return
			}
			p.lines <- readLine{text, err}
			if err != nil && !errors.Is(err, lines.ErrTooLong) {
				return
			}
		}
	}()
	go func() {
		defer close(p.copied)
		defer errR.Close()
		_, _ = io.Copy(p.stderr, errR)
	}()
	go func() {
		p.status = cmd.Wait()
		close(p.exited)
	}()
	go func() {
		select {
		case <-ctx.Done():
			p.kill()
		case <-p.exited:
		}
	}()
	return p, nil
}

// settleStderr waits, a little at most, until what the program wrote to standard error so far
// has been read into its tail: a program that runs on between scenarios writes its standard
// error for a scenario just before its last reply, and the tail is read when the scenario
// ends.
func (p *process) settleStderr() {
	for range 50 {
		if unread(p.errR) == 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	runtime.Gosched() // let the copier append what it has just read
	p.stderr.mu.Lock()
	defer p.stderr.mu.Unlock() // and wait for a write under way
}

// outputGrace returns a channel closed once the program's standard output has held nothing
// unread for exitGrace, or after ten of them: once the program has exited, what it wrote just
// before may still be in the pipe, its reader slow to run on a loaded machine, and a child may
// hold the pipe open with nothing more to say.
func (p *process) outputGrace() <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 10 {
			time.Sleep(exitGrace)
			if unread(p.outR) == 0 {
				return
			}
		}
	}()
	return done
}

// runMark names the variable of the environment that marks a program's processes.
const runMark = "KATA_RUN"

// kill ends the program's process group, the program and all it started (see killGroup), and
// on Linux any process that left the group but carries the program's mark (killMarked), or
// descends from the program, now or when its input was closed (tree); it
// may be called again, and after the program has exited, to end what it left behind. Then
// the guard has nothing left to do for it.
func (p *process) kill() {
	p.kinMu.Lock()
	kin := slices.Concat(p.kin, tree(p.cmd.Process.Pid)) // before the group's end leaves them to the system
	p.kinMu.Unlock()
	killGroup(p.cmd.Process)
	killMarked(p.token)
	killKin(kin)
	killOrphans()
	p.guard.done(p.token)
}

// remember keeps the program's tree as it is now, for kill to end what the program's own end
// leaves behind: a child in a session of its own and with no environment, which neither its
// group nor its mark reaches.
func (p *process) remember() {
	t := tree(p.cmd.Process.Pid)
	p.kinMu.Lock()
	defer p.kinMu.Unlock()
	p.kin = t
}

// hasExited reports whether the program has exited.
func (p *process) hasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// exit says how the program exited; call it once exited is closed.
func (p *process) exit() string {
	var exit *exec.ExitError
	switch err := p.status; {
	case err == nil:
		return "exited with status 0"
	case errors.As(err, &exit) && exit.Exited():
		return fmt.Sprintf("exited with status %d", exit.ExitCode())
	case errors.As(err, &exit):
		return "was killed (" + exit.String() + ")"
	default:
		return "stopped: " + err.Error()
	}
}

// crashed reports whether the program exited with a status other than 0; call it once
// exited is closed.
func (p *process) crashed() bool { return p.status != nil }

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

// reset forgets what was written, for a new scenario's.
func (t *tail) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Reset()
	t.cut = false
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cut {
		return "…" + t.buf.String()
	}
	return t.buf.String()
}
