package protocol

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A run ends its programs itself, however it ends — except when it cannot run at all: killed
// with SIGKILL, by the system out of memory, or by a crash of its own. For that, a guard
// watches them from a process of its own: the runner's executable, started again with
// guardVariable in its environment, its main calling Guarding. The runner writes a line to
// the guard's input for each program before it starts it ("mark TOKEN"), once it has its
// number ("group TOKEN PID"), and once it has ended it ("done TOKEN"). When the guard's input
// ends with a program not done — the runner died, and the system closed the pipe — the guard
// ends it as kill does: its process group, and on Linux every process that carries its mark.
// A run that ends well closes the guard's input with every program done, and the guard exits
// having done nothing.

// guardVariable names the variable of the environment that makes an executable the guard of
// the process that started it; its value is that process's number, so that an executable
// that finds it set by chance, or inherited, is not taken for a guard.
const guardVariable = "KATA_GUARD_OF"

// Guarding runs the guard when this process was started as the guard of a run's programs
// (Command.Guard names the executable), and reports whether it was: a main that starts
// programs calls it first, and exits at once with status 0 if it returns true.
func Guarding() bool {
	if v := os.Getenv(guardVariable); v == "" || v != strconv.Itoa(os.Getppid()) {
		return false
	}
	guardOver(os.Stdin)
	return true
}

// guardOver reads what to watch from r, until r ends or the guard is told to stop (SIGTERM,
// SIGINT, SIGHUP), and then ends every program that is not done.
func guardOver(r io.Reader) {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer signal.Stop(stop)
	var mu sync.Mutex
	watched := map[string]int{} // token → the number of its program's process, 0 until known
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		s := bufio.NewScanner(r) // lines of a few dozen bytes; a longer one ends the watch
		for s.Scan() {
			f := strings.Fields(s.Text())
			mu.Lock()
			switch {
			case len(f) == 2 && f[0] == "mark":
				watched[f[1]] = 0
			case len(f) == 3 && f[0] == "group":
				if pid, err := strconv.Atoi(f[2]); err == nil && pid > 0 {
					watched[f[1]] = pid
				}
			case len(f) == 2 && f[0] == "done":
				delete(watched, f[1])
			}
			mu.Unlock()
		}
	}()
	select {
	case <-ended:
	case <-stop:
	}
	mu.Lock()
	defer mu.Unlock()
	for token, pid := range watched {
		if pid > 0 && leads(pid, token) {
			if p, err := os.FindProcess(pid); err == nil {
				killGroup(p)
			}
		}
		killMarked(token)
	}
}

// A guard is the runner's side of a guard process: where it writes what to watch.
type guard struct {
	mu     sync.Mutex
	in     io.WriteCloser // nil once closed, or when the guard could not start
	exited chan struct{}
}

// startGuard starts exe as the guard of the programs this process starts; it returns a guard
// that watches nothing if exe is "" or the guard cannot start, or on a platform where a guard
// cannot end a program's children (see killGroup).
func startGuard(exe string) *guard {
	g := &guard{exited: make(chan struct{})}
	if exe == "" || !groups {
		close(g.exited)
		return g
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), guardVariable+"="+strconv.Itoa(os.Getpid()))
	cmd.SysProcAttr = ownGroup() // out of reach of a terminal's Ctrl-C, which reaches the runner
	in, err := cmd.StdinPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		close(g.exited)
		return g // the run goes on, and ends its programs itself, as it always does
	}
	g.in = in
	go func() {
		_ = cmd.Wait()
		close(g.exited)
	}()
	return g
}

// say writes a line to the guard, if it is running.
func (g *guard) say(format string, args ...any) {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.in == nil {
		return
	}
	if _, err := fmt.Fprintf(g.in, format+"\n", args...); err != nil {
		g.in.Close() // the guard has gone: the run goes on without it
		g.in = nil
	}
}

// mark, group and done tell the guard of a program: before it starts, once it has started,
// and once it has ended.
func (g *guard) mark(token string)           { g.say("mark %s", token) }
func (g *guard) group(token string, pid int) { g.say("group %s %d", token, pid) }
func (g *guard) done(token string)           { g.say("done %s", token) }

// close ends the guard, with nothing left for it to do if every program is done, and waits a
// little for it to exit.
func (g *guard) close() {
	g.mu.Lock()
	if g.in != nil {
		g.in.Close()
		g.in = nil
	}
	g.mu.Unlock()
	select {
	case <-g.exited:
	case <-time.After(2 * time.Second):
	}
}
