package protocol

import (
	"bytes"
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
	want := append([]byte(token), 0)
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
			if err == nil && (bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...))) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
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
