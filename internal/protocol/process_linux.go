package protocol

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// killMarked ends every process whose environment holds token: what the program whose
// process is leader started that left its process group or its session (setsid), which the
// group's end does not reach. It looks twice, the second time at the processes forked while
// it looked.
//
// A descendant of the leader was forked after it, so it has a larger number, unless the
// system's numbers have wrapped around since; only then does it read the environment of every
// process, not only of those numbered after the leader.
func killMarked(token string, leader int) {
	self := os.Getpid()
	from := leader
	if last, ok := lastPid(); !ok || last < leader {
		from = 0 // wrapped, or not known: every process
	}
	seen := map[int]bool{}
	for range 2 {
		dir, err := os.Open("/proc")
		if err != nil {
			return
		}
		names, _ := dir.Readdirnames(-1)
		dir.Close()
		for _, name := range names {
			pid, err := strconv.Atoi(name)
			if err != nil || pid < from || pid == self || seen[pid] {
				continue
			}
			seen[pid] = true
			env, err := os.ReadFile("/proc/" + name + "/environ") // another user's process, or one gone: not ours
			if err == nil && marked(env, token) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
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

// lastPid returns the number the system gave the process it started last.
func lastPid() (int, bool) {
	data, err := os.ReadFile("/proc/sys/kernel/ns_last_pid")
	if err != nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	return n, err == nil
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
