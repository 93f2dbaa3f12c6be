//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestADaemonEndsWithTheRun: a program that leaves a daemon behind — forked twice, its parent
// gone, in a session of its own, with no environment, so that no group, mark or parent ties it
// to the program — has it ended with a passing run: kata is the reaper of what its programs
// leave behind (Linux).
func TestADaemonEndsWithTheRun(t *testing.T) {
	t.Parallel()
	bash, err := exec.LookPath("bash")
	require.NoError(t, err)
	pids := filepath.Join(t.TempDir(), "pids")
	daemon := `(setsid env -i sleep 37 & echo $! >> ` + pids + `); (setsid nohup env -i sleep 38 >/dev/null 2>&1 & echo $! >> ` + pids + `); exec ` + impl + ` -kata mastermind`
	cmd := exec.Command(os.Args[0], "run", "mastermind", "--run", "Joining the game$", "--", bash, "-c", daemon)
	cmd.Env = append(os.Environ(), asKata+"=1") // the test binary, as the kata program
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	data, err := os.ReadFile(pids)
	require.NoError(t, err)
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		require.NoError(t, err)
		if syscall.Kill(pid, 0) == nil {
			_ = syscall.Kill(pid, syscall.SIGKILL) // leave nothing behind, whatever the verdict
			t.Errorf("the daemon %d outlived the run:\n%s", pid, out)
		}
	}
}
