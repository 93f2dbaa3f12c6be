package protocol

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// killMarked ends every process whose environment holds token: what a program started that
// left its process group or its session (setsid), which the group's end does not reach. It looks at every process, wherever the system's numbers are
// (they wrap around), twice, the second time at the processes forked while it looked.
func killMarked(token string) {
	self := os.Getpid()
	seen := map[int]bool{}
	for range 2 {
		for _, pid := range pids() {
			if pid == self || seen[pid] {
				continue
			}
			seen[pid] = true
			env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ") // another user's process, or one gone: not ours
			if err == nil && marked(env, token) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
}

// pids returns the numbers of the processes running now.
func pids() []int {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	names, _ := dir.Readdirnames(-1)
	dir.Close()
	out := make([]int, 0, len(names))
	for _, name := range names {
		if pid, err := strconv.Atoi(name); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// procStat is what /proc shows of a process: its state ('Z' for one ended and not yet
// reaped), its parent, and when it started.
type procStat struct {
	state  byte
	parent int
	start  uint64
}

// stat returns what /proc shows of the process numbered pid; false for one gone.
func stat(pid int) (procStat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// pid (comm) state ppid … starttime: the name may hold spaces and parentheses, so the
	// fields are counted from the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return procStat{}, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 20 || len(f[0]) != 1 {
		return procStat{}, false
	}
	parent, err1 := strconv.Atoi(f[1])
	start, err2 := strconv.ParseUint(f[19], 10, 64)
	return procStat{f[0][0], parent, start}, err1 == nil && err2 == nil
}

// tree returns the processes descended from the one numbered root, by the parent the kernel
// keeps for each: every process the program started and that still has it for an ancestor,
// in its group or not, in its session or not, whatever its environment.
func tree(root int) []kin {
	children := map[int][]kin{}
	for _, pid := range pids() {
		if st, ok := stat(pid); ok {
			children[st.parent] = append(children[st.parent], kin{pid, st.start})
		}
	}
	var out []kin
	next := []int{root}
	for len(next) > 0 && len(out) < maxKin {
		pid := next[0]
		next = next[1:]
		for _, k := range children[pid] {
			out = append(out, k)
			next = append(next, k.pid)
		}
	}
	return out
}

// killKin ends the processes of a tree that are still the processes they were: a number given
// again to another process since is left alone.
func killKin(ks []kin) {
	for _, k := range ks {
		if st, ok := stat(k.pid); ok && st.start == k.start {
			_ = syscall.Kill(k.pid, syscall.SIGKILL)
		}
	}
}

// leads reports whether the process numbered pid is the program token marks, or is gone with
// its group perhaps left — a number is not given again while a group of that number lives —
// rather than another process that has its number now.
func leads(pid int, token string) bool {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true
	case err != nil:
		return false // another user's process
	}
	return len(env) == 0 || marked(env, token) // empty: a zombie's
}

// marked reports whether env, a process's environment as /proc shows it, holds token.
func marked(env []byte, token string) bool {
	want := append([]byte(token), 0)
	return bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...))
}

// unread is how many bytes wait in the pipe f reads from (FIONREAD); 0 if it cannot tell.
func unread(f *os.File) int {
	conn, err := f.SyscallConn()
	if err != nil {
		return 0
	}
	n := 0
	_ = conn.Control(func(fd uintptr) {
		var v int32
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&v))); e == 0 {
			n = int(v)
		}
	})
	return n
}

// BecomeReaper makes this process the reaper of the programs it starts (Linux's child
// subreaper): a process a program leaves behind whose parent ends — a double fork, a daemon —
// becomes this process's child, not init's, so that the runner can end it with the program
// whatever its environment, group or session. A runner's main calls it first; it reports
// whether it could.
func BecomeReaper() bool {
	const setChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER
	_, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, setChildSubreaper, 1, 0)
	return e == 0
}

// reaping reports whether this process is a reaper (BecomeReaper).
func reaping() bool {
	const getChildSubreaper = 37 // PR_GET_CHILD_SUBREAPER
	var on int32
	_, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, getChildSubreaper, uintptr(unsafe.Pointer(&on)), 0)
	return e == 0 && on != 0
}

// killOrphans ends, in a reaper, its children that no one of its own started: processes a
// program left behind whose parents ended, which came to the reaper — every child of the
// reaper carries a program's mark or a guard's variable, but those — and reaps them. Each end
// hands the ended process's own children to the reaper in turn (a shell's, say), so it looks
// again until a look finds none, a moment after the processes ended elsewhere have gone.
func killOrphans() {
	if !reaping() {
		return
	}
	for range maxKin {
		if killOrphansOnce() == 0 {
			time.Sleep(5 * time.Millisecond) // for what killGroup, killMarked and killKin ended to go
			if killOrphansOnce() == 0 {
				return
			}
		}
	}
}

// killOrphansOnce is one look of killOrphans; it returns how many it ended.
func killOrphansOnce() int {
	self := os.Getpid()
	var killed []int
	for _, pid := range pids() {
		st, ok := stat(pid)
		if !ok || st.parent != self || st.state == 'Z' {
			continue // not the reaper's child, or one that has ended: a program of its own, perhaps, that exec.Cmd waits for
		}
		env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
		if err != nil || bytes.Contains(env, []byte(runMark+"=")) || bytes.Contains(env, []byte(guardVariable+"=")) {
			continue // a program or a guard of the runner's, or one that has ended
		}
		if syscall.Kill(pid, syscall.SIGKILL) == nil {
			killed = append(killed, pid)
		}
	}
	for _, pid := range killed { // their ends, which no one else waits for, and which hand their children here
		for range 100 {
			if got, err := syscall.Wait4(pid, nil, syscall.WNOHANG, nil); got == pid || err != nil {
				break
			}
			time.Sleep(time.Millisecond)
		}
	}
	return len(killed)
}
