package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startHanging starts the test binary as kata, running a program that hangs at its second
// request behind a wrapper, and returns kata's command and the file that marks the
// program's start, once the program hangs.
func startHanging(t *testing.T, stdout *os.File) (*exec.Cmd, string) {
	t.Helper()
	marker := filepath.Join(t.TempDir(), "starts")
	cmd := exec.Command(os.Args[0], "run", "mastermind", "-v", "--timeout", "60s", "--", "bash", "-c", impl+" -misbehave hang -starts "+marker+"; true")
	cmd.Env = append(os.Environ(), asKata+"=1") // the test binary, as the kata program
	cmd.Dir = t.TempDir()
	cmd.Stdout = stdout
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill() }) // should the test fail before kata ends
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if data, _ := os.ReadFile(marker); len(data) > 0 {
			break
		}
	}
	time.Sleep(200 * time.Millisecond) // at request 2, hanging
	require.NotEmpty(t, running(t, marker), "the program is running")
	return cmd, marker
}

// gone waits up to wait for no process of the program's to be left, and returns those left.
func gone(t *testing.T, marker string, wait time.Duration) []string {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		left := running(t, marker)
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
	}
}

// TestKilledMidRun: kata killed with SIGKILL, as the system kills a program out of memory,
// cannot end its programs itself; its guard does.
func TestKilledMidRun(t *testing.T) {
	t.Parallel()
	cmd, marker := startHanging(t, nil)
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
	assert.Empty(t, gone(t, marker, 5*time.Second), "no process of the program's is left")
}

// TestASignalEndsABlockedKata: kata stuck where it cannot see a signal — here writing to an
// output nobody reads, as under a terminal's Ctrl-S — still ends at a signal: at a second one
// at once, or on its own once its grace has passed; and what it started ends with it.
func TestASignalEndsABlockedKata(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		twice bool
		by    time.Duration // when kata has exited, at the latest
	}{
		{"a second signal", true, 3 * time.Second},
		{"the grace", false, stopGrace + 5*time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r, w, err := os.Pipe()
			require.NoError(t, err)
			defer r.Close()
			// A small pipe, which the run's first failures fill.
			_, _, e := syscall.Syscall(syscall.SYS_FCNTL, w.Fd(), syscall.F_SETPIPE_SZ, 4096)
			require.Zero(t, e, "F_SETPIPE_SZ")
			// A program that crashes in every scenario, and a run whose failures fill the pipe.
			marker := filepath.Join(t.TempDir(), "starts")
			cmd := exec.Command(os.Args[0], "run", "mastermind", "-v", "--", impl, "-misbehave", "crash", "-starts", marker)
			cmd.Env = append(os.Environ(), asKata+"=1")
			cmd.Dir = t.TempDir()
			cmd.Stdout = w
			require.NoError(t, cmd.Start())
			t.Cleanup(func() { _ = cmd.Process.Kill() })
			w.Close()
			// Full: holding nearly all the pipe can, and no more for a while.
			full, last, still := false, int32(-1), 0
			for deadline := time.Now().Add(30 * time.Second); !full && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				var n int32
				_, _, _ = syscall.Syscall(syscall.SYS_IOCTL, r.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n)))
				if n == last {
					still++
				} else {
					last, still = n, 0
				}
				full = n > 2048 && still >= 15
			}
			require.True(t, full, "kata fills its output")
			require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
			if tt.twice {
				time.Sleep(200 * time.Millisecond)
				require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err := <-exited:
				var exit *exec.ExitError
				require.ErrorAs(t, err, &exit)
				assert.Equal(t, 128+int(syscall.SIGTERM), exit.ExitCode())
			case <-time.After(tt.by):
				_ = cmd.Process.Kill()
				<-exited
				t.Fatalf("kata did not exit within %v of the signal", tt.by)
			}
			assert.Empty(t, gone(t, marker, 5*time.Second), "no process of the program's is left")
		})
	}
}
