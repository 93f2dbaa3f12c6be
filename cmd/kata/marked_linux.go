package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// killMarked ends every process whose environment holds token: what a program started that
// left its process group or its session (setsid), which the group's end does not reach. It
// looks twice, for a process forked while it looked.
func killMarked(token string) {
	want := append([]byte(token), 0)
	self := os.Getpid()
	for range 2 {
		procs, _ := filepath.Glob("/proc/[0-9]*/environ")
		for _, path := range procs {
			pid, err := strconv.Atoi(filepath.Base(filepath.Dir(path)))
			if err != nil || pid == self {
				continue
			}
			env, err := os.ReadFile(path) // another user's process, or one gone: not ours
			if err == nil && (bytes.HasPrefix(env, want) || bytes.Contains(env, append([]byte{0}, want...))) {
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}
}
