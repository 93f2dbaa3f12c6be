//go:build linux

package protocol

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deliberate-practice/katas/internal/step"
)

// greeting is the line a program of the kata "k" greets with.
const greeting = `{"protocol":"katas","version":2,"kata":"k"}`

// shell returns a Program that runs a shell script, greeting first, with a time limit.
func shell(t *testing.T, script string, limit time.Duration) *Program {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh here: " + err.Error())
	}
	return New(t.Context(), Command{Dir: t.TempDir(), Argv: []string{"sh", "-c", "echo '" + greeting + "'; " + script}, Kata: "k", Timeout: limit})
}

// TestAProgramsEndIsClassified: each way a program fails a request is the kind of failure it
// is, and says so: a program that hangs is a timeout, never a crash; one that exits with a
// status other than 0 is a crash, saying the status and its standard error; one that exits
// 0 before replying is a crash that says it exited; one that writes what is no reply is a
// program that broke the conversation. Each leaves no process behind.
func TestAProgramsEndIsClassified(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, script string
		kind         step.Kind
		says         string
	}{
		{"hangs", "sleep 60", step.Timeout, "did not write its reply to request 2"},
		{"crashes", "echo 'Traceback: boom' >&2; exit 3", step.Crash, "exited with status 3"},
		{"exits", "exit 0", step.Crash, "exited with status 0"},
		{"writes nonsense", "echo 'debug: hello'", step.Crash, "debug: hello"},
		// A program that has never replied may hold its replies in a buffer: that, every
		// scenario would meet, and the message says how to flush.
		{"never replies", "", step.Setup, "no reply of its has reached the runner"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			script := `read line; echo '{"id":1}'; read line; ` + tt.script
			if tt.name == "never replies" {
				script = "read line; sleep 60"
			}
			prog := shell(t, script, 500*time.Millisecond)
			c := prog.Scenario()
			_, err := c.Call("new", nil)
			if tt.name != "never replies" {
				require.NoError(t, err, "the first request's reply")
				_, err = c.Call("score", nil)
			}
			require.Error(t, err)
			assert.Equal(t, tt.kind, step.KindOf(err), "%v", err)
			assert.ErrorContains(t, err, tt.says)
			assert.Equal(t, err, c.Check(), "the conversation stays broken: every step after it fails")
			if tt.name == "crashes" {
				assert.Contains(t, err.Error(), "Traceback: boom", "its standard error")
			}
			c.Close()
			assert.NoError(t, prog.End())
		})
	}
}

// TestAProgramThatRepliesPasses: a program that answers each request in time is no failure,
// and its standard error during the scenario is the scenario's.
func TestAProgramThatRepliesPasses(t *testing.T) {
	t.Parallel()
	prog := shell(t, `while read line; do id=$(echo "$line" | sed 's/.*"id":\([0-9]*\).*/\1/'); echo "said $id" >&2; echo "{\"id\":$id}"; done`, 2*time.Second)
	c := prog.Scenario()
	for range 3 {
		_, err := c.Call("new", nil)
		require.NoError(t, err)
	}
	require.NoError(t, c.Check())
	require.NoError(t, c.Close())
	assert.Contains(t, c.Stderr(), "said 3")
	assert.NoError(t, prog.End(), "its input ends, and it exits")
}

// TestNothingOutlivesTheRun (Linux, where the runner sees every process): a program's
// children, in its group or gone into a session of their own, with its environment or none,
// end when the program ends at the end of its input.
func TestNothingOutlivesTheRun(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pids")
	// In the group; in a session of its own; in one of its own with no environment, so no
	// mark: each ends with the run.
	prog := shell(t, `sleep 60 & echo $! > `+pidFile+`; setsid sleep 61 & echo $! >> `+pidFile+
		`; setsid env -i sleep 62 & echo $! >> `+pidFile+`; while read line; do echo '{"id":1}'; done`, 2*time.Second)
	c := prog.Scenario()
	_, err := c.Call("new", nil)
	require.NoError(t, err)
	require.NoError(t, c.Close())
	require.NoError(t, prog.End())
	data, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		require.NoError(t, err)
		deadline := time.Now().Add(2 * time.Second)
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		assert.False(t, alive(pid), "process %d outlived the run", pid)
	}
}

// alive reports whether the process numbered pid is running: not gone, nor a zombie.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return err != nil || !strings.Contains(string(stat), ") Z ")
}
